// Covers: the IEEE and extended float types, including tf32, f80 and f128.
"foo.op"() : () -> (f16, bf16, f32, f64, f80, f128, tf32)
