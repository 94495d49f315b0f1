// Covers: ranked tensors with static and dynamic dimensions, 0-d and empty tensors, unranked tensors.
"foo.op"() : () -> (tensor<4xf32>, tensor<?x4xf32>, tensor<?x?xi8>, tensor<f32>, tensor<0xi32>, tensor<2x0x3xf64>, tensor<*xf32>, tensor<*xi1>)
