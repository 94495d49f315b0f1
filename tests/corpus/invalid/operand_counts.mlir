// Covers: mismatches between the operand list and the operand types of the functional type.
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{expected 2 operand types but had 1}}
"foo.use"(%0, %0) : (i32) -> ()
// -----
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{expected 0 operand types but had 1}}
"foo.use"() : (i32) -> ()
// -----
%0 = "foo.op"() : () -> i32
// expected-error@+1 {{expected function type}}
"foo.use"(%0) : i32
// -----
// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"()
