// Covers: malformed location specifiers.
// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(bad)
// -----
// expected-error@+1 {{expected integer line number in FileLineColRange}}
"foo.op"() : () -> () loc("a":x)
// -----
// expected-error@+1 {{expected integer column number in FileLineColRange}}
"foo.op"() : () -> () loc("a":1:)
// -----
// expected-error@+1 {{expected 'at' in callsite location}}
"foo.op"() : () -> () loc(callsite("a":1:1))
// -----
// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(fused[)
// -----
// expected-error@+1 {{expected ')' in location}}
"foo.op"() : () -> () loc("a":1:2
// -----
// expected-error@+1 {{operation location alias was never defined}}
"foo.op"() : () -> () loc(#undefined_loc)
