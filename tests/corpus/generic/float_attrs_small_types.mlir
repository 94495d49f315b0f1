// Covers: float attributes of the 8-, 6- and 4-bit float types.
"foo.op"() {a = 1.0 : f8E5M2, b = -2.0 : f8E4M3FN, c = 0.5 : f8E4M3, d = 448.0 : f8E4M3FN, e = 0.25 : f8E5M2FNUZ, f = 1.5 : f8E4M3FNUZ, g = 3.0 : f8E4M3B11FNUZ, h = 0.125 : f8E3M4, i = 4.0 : f8E8M0FNU, j = 1.5 : f6E2M3FN, k = -3.0 : f6E3M2FN, l = 6.0 : f4E2M1FN, m = 0x7F : f8E4M3FN} : () -> ()
