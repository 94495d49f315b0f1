// Covers: malformed properties.
// expected-error@+1 {{integer literal not valid for specified type}}
"foo.op"() <{a = 1 : () -> ()
// -----
// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"() <{a = 1}> <{b = 2}> : () -> ()
// -----
// expected-error@+1 {{expected '>' to close properties}}
"foo.op"() <{a = 1} : () -> ()
