// Covers: malformed tensor types.
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<?x>
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<-1xf32>
// -----
// expected-error@+1 {{invalid tensor element type}}
"foo.op"() : () -> tensor<4xmemref<2xf32>>
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<*x4xf32>
// -----
// expected-error@+1 {{expected '>' in tensor type}}
"foo.op"() : () -> tensor<4xf32
// -----
// expected-error@+1 {{cannot apply encoding to unranked tensor}}
"foo.op"() : () -> tensor<*xf32, "enc">
