// Covers: i1 integer attributes print as booleans; bool literals; signed and unsigned 1-bit integers.
"foo.op"() {a = 1 : i1, b = 0 : i1, c = true, d = false, e = -1 : i1, f = 1 : ui1, g = -1 : si1, h = 0 : si1} : () -> ()
