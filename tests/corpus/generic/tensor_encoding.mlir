// Covers: ranked tensors with an encoding attribute of several kinds.
"foo.op"() : () -> (tensor<4xf32, "enc">, tensor<?xf32, #foo.enc>, tensor<4x4xi8, {kind = 1 : i32}>, tensor<2xf32, 42 : i64>, tensor<8xi1, [1, 2]>)
