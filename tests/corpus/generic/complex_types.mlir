// Covers: complex types over float and integer element types.
"foo.op"() : () -> (complex<f32>, complex<f64>, complex<bf16>, complex<i32>, complex<si8>, complex<f8E4M3FN>)
