// Covers: memrefs with strided layouts, static and dynamic strides and offsets.
"foo.op"() : () -> (memref<4xf32, strided<[1]>>, memref<4x4xf32, strided<[4, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32, strided<[8, 2], offset: 4>>, memref<4xf32, strided<[1], offset: 0>>, memref<f32, strided<[]>>)
"foo.op"() {layout = strided<[?, ?], offset: 3>} : () -> ()
