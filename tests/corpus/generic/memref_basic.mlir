// Covers: ranked, dynamic, 0-d and unranked memrefs.
"foo.op"() : () -> (memref<4xf32>, memref<?x?xi32>, memref<f32>, memref<0xi8>, memref<*xf32>, memref<2x?x3xindex>)
