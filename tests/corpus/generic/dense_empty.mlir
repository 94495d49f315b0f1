// Covers: dense attributes with no elements.
"foo.op"() {a = dense<> : tensor<0xi32>, b = dense<[]> : tensor<0xf32>, c = dense<> : tensor<2x0xi8>, d = dense<[[], []]> : tensor<2x0xi64>} : () -> ()
