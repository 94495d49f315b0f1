// Covers: malformed complex, tuple, function and float types.
// expected-error@+1 {{invalid element type for complex}}
"foo.op"() : () -> complex<tensor<f32>>
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> complex<>
// -----
// expected-error@+1 {{expected '>' in tuple type}}
"foo.op"() : () -> tuple<i32
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> f33
// -----
// expected-error@+1 {{expected ')'}}
"foo.op"() : () -> (i32
// -----
// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() : () -> !foo.bar<"unclosed>
// -----
// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
"foo.op"() : () -> !foo.bar<(]>
