// Covers: malformed vector types.
// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"foo.op"() : () -> vector<0xi32>
// -----
// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> vector<?xf32>
// -----
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"foo.op"() : () -> vector<4xtensor<f32>>
// -----
// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"foo.op"() : () -> vector<[0]xf32>
// -----
// expected-error@+1 {{expected 'x' in dimension list}}
"foo.op"() : () -> vector<[4]>
// -----
// expected-error@+1 {{missing ']' closing scalable dimension}}
"foo.op"() : () -> vector<4x[2xf32>
