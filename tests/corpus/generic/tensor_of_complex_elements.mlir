// Covers: container types whose elements are themselves structured types.
"foo.op"() : () -> (tensor<2xcomplex<f32>>, tensor<3x!foo.elem>, vector<4xindex>, memref<2xvector<4xf32>>, tensor<1xvector<[2]xi8>>)
