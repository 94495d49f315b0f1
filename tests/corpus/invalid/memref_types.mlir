// Covers: malformed memref types: layouts, memory spaces and element types.
// expected-error@+1 {{expected attribute value}}
"foo.op"() : () -> memref<4xi32, foo>
// -----
// expected-error@+1 {{expected the number of strides to match the rank}}
"foo.op"() : () -> memref<4x4xi32, strided<[1]>>
// -----
// expected-error@+1 {{unsupported memory space Attribute}}
"foo.op"() : () -> memref<4xi32, #foo.space>
// -----
// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"foo.op"() : () -> memref<4xi32, affine_map<(d0, d1) -> (d0)>>
// -----
// expected-error@+1 {{invalid memref element type}}
"foo.op"() : () -> memref<4xtensor<f32>>
// -----
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"foo.op"() : () -> memref<4xf32, strided<[1], offset: x>>
// -----
// expected-error@+1 {{cannot have affine map for unranked memref type}}
"foo.op"() : () -> memref<*xf32, affine_map<(d0) -> (d0)>>
