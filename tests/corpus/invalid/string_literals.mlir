// Covers: malformed string literals: unterminated strings and names, unknown and short escapes.
// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {a = "unterminated} : () -> ()
// -----
// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {a = "bad \q escape"} : () -> ()
// -----
// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {a = "short hex \4"} : () -> ()
// -----
// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {a = "bad hex \GG"} : () -> ()
// -----
// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {"unterminated name = 1} : () -> ()
