// Covers: dense attributes of complex element type, lists and splats, float and integer parts.
"foo.op"() {a = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>, b = dense<(0.0, 1.0)> : tensor<3xcomplex<f64>>, c = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, d = dense<(1, -1)> : tensor<complex<i16>>} : () -> ()
