// Covers: memrefs with affine-map layouts; the identity map is dropped, others get #map aliases.
"foo.op"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<8xf32, affine_map<(d0) -> (d0)>>, memref<4x8xi8, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>)
