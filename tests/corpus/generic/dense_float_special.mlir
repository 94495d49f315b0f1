// Covers: dense float attributes containing NaN, infinities, negative zero and hex-written elements.
"foo.op"() {a = dense<[0x7FC00000, 0xFF800000, -0.0, 1.0]> : tensor<4xf32>, b = dense<0x7F800000> : tensor<2xf32>, c = dense<[1.0e-45, 3.4028235e38]> : tensor<2xf32>, d = dense<[0x7E00, 1.0]> : tensor<2xf16>, e = dense<[1.0, 2.0]> : tensor<2xbf16>} : () -> ()
