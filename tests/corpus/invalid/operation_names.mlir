// Covers: malformed operation names and custom-form ops that do not exist.
// expected-error@+1 {{custom op 'bogus' is unknown (tried 'builtin.bogus' as well)}}
bogus
// -----
// expected-error@+1 {{expected '(' to start operand list}}
"foo.op"
// -----
// expected-error@+1 {{expected '"' in string literal}}
"foo.op() : () -> ()
// -----
// expected-error@+1 {{expected operation name in quotes}}
%0 = : () -> i32
// -----
// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"() {} () : () -> ()
