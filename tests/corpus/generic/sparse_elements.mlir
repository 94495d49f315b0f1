// Covers: sparse elements attributes: integer and float values, empty, splat-like and multi-dimensional indices, indices with leading zeros and in hexadecimal.
"foo.op"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<[[0], [3]], [1.5, -2.0]> : tensor<4xf32>, c = sparse<> : tensor<4xi32>, d = sparse<[[1, 1]], 9> : tensor<2x2xi64>, e = sparse<0, 1.0> : tensor<8xf64>} : () -> ()
"foo.op"() {a = sparse<[[000, 01], [0x1, 0002]], [3, 4]> : tensor<2x3xi32>} : () -> ()
