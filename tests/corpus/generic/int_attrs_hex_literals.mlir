// Covers: integer attributes written in hex, including negative hex and all-ones patterns of wide types.
"foo.op"() {a = -0x10 : i32, b = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i128, c = 0x7F : i8, d = 0x80 : i8, e = 0xFF : ui8, f = 0x0 : index, g = 0xABCDEF : i64} : () -> ()
