// Covers: signless, signed and unsigned integer types of common widths.
"foo.op"() : () -> (i1, i8, i16, i32, i64, si8, si16, si32, si64, ui1, ui8, ui16, ui32, ui64)
