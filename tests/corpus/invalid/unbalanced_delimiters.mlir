// Covers: unbalanced parentheses, brackets and braces around operands, regions and types.
// expected-error@+1 {{expected ')' to end operand list}}
"foo.op"( : () -> ()
// -----
"foo.op"() ({
  // expected-error@+1 {{expected operation name in quotes}}
  "foo.inner"() : () -> ()
) : () -> ()
// -----
"foo.op"() ({
  "foo.inner"() : () -> ()
// expected-error@+1 {{expected ')' to end region list}}
}}) : () -> ()
// -----
// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() : () -> ())
// -----
"foo.op"() ({
  // expected-error@+1 {{expected operation name in quotes}}
  "foo.inner"() : () -> ()
