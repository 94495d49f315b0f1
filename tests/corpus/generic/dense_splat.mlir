// Covers: splat dense attributes, written as splats and as lists whose elements are all equal.
"foo.op"() {a = dense<0> : tensor<4xi32>, b = dense<1.0> : tensor<2x3xf32>, c = dense<[5, 5, 5]> : tensor<3xi8>, d = dense<true> : tensor<8xi1>, e = dense<[[2.0, 2.0], [2.0, 2.0]]> : vector<2x2xf16>, g = dense<0.0> : tensor<1000xf32>, h = dense<3> : tensor<0xi32>} : () -> ()
