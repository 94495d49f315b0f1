// Covers: empty, flat, nested and heterogeneous array attributes.
"foo.op"() {a = [], b = [1, 2, 3], c = [[1], [[2]], []], d = [1 : i8, "s", 2.0 : f32, i32, unit, @sym, {k = 1}], e = [[[[]]]]} : () -> ()
