// Covers: dense attributes written as hex blobs: small ones print back as lists, a single-element blob is a splat.
"foo.op"() {a = dense<"0x0100000002000000FFFFFFFF"> : tensor<3xi32>, b = dense<"0x0000803F"> : tensor<4xf32>, c = dense<"0x0102"> : tensor<2xi8>, d = dense<"0x0000803F00000040"> : tensor<2xf32>, e = dense<"0x01"> : tensor<3xi1>} : () -> ()
