// Covers: dense attributes of i1 elements written with bools and integers.
"foo.op"() {a = dense<[true, false, true]> : tensor<3xi1>, b = dense<[1, 0]> : tensor<2xi1>, c = dense<false> : vector<4xi1>, d = dense<[[true, false], [false, true]]> : tensor<2x2xi1>} : () -> ()
