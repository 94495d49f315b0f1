// Covers: malformed symbol references.
// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"foo.op"() {a = @} : () -> ()
// -----
// expected-error@+1 {{expected nested symbol reference identifier}}
"foo.op"() {a = @a::b} : () -> ()
// -----
// expected-error@+1 {{expected nested symbol reference identifier}}
"foo.op"() {a = @a::} : () -> ()
// -----
// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {a = @"unterminated} : () -> ()
