// Covers: float attributes written as hex bit patterns for each float width; ordinary values print as decimals, NaNs stay hex.
"foo.op"() {a = 0x3C00 : f16, b = 0x3F80 : bf16, c = 0x3FF0000000000000 : f64, d = 0x3FFF8000000000000000 : f80, e = 0x3FFF0000000000000000000000000000 : f128, f = 0x7FC0 : bf16, g = 0x7FFF8000000000000000 : f80, h = 0x7E00 : f16, i = 0x1FC00 : tf32} : () -> ()
