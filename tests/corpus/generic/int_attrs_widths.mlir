// Covers: integer attributes of many widths and signedness, the default i64 type, hex literals and index.
"foo.op"() {a = 0 : i32, b = -1 : i8, c = 255 : ui8, d = -128 : si8, e = 127 : si8, f = 42, g = -42, h = 0x10 : i32, i = 7 : index, j = -5 : si7, k = 3 : ui2, l = 65535 : i16, m = 0xFF : ui8} : () -> ()
