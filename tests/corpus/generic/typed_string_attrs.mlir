// Covers: string attributes carrying an explicit type.
"foo.op"() {a = "str" : i32, b = "x" : !foo.t, c = "" : none, d = "plain", e = ["in" : i8, "list"]} : () -> ()
