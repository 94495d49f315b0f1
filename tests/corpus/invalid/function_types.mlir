// Covers: malformed functional types of operations.
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () ->
// -----
// expected-error@+1 {{expected function type}}
"foo.op"() : i32
// -----
// expected-error@+1 {{expected ')'}}
"foo.op"() : (i32 -> ()
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> (i32,)
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> ((i32) -> )
