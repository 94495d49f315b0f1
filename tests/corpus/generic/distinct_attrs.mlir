// Covers: distinct attributes are renumbered in print order; equal ones stay equal; non-trivial ones get #distinct aliases.
"foo.op"() {a = distinct[0]<unit>, b = distinct[5]<{x = 1}>, c = distinct[0]<unit>, d = distinct[7]<"s">} : () -> ()
"foo.op"() {e = distinct[5]<{x = 1}>, f = [distinct[9]<42 : i32>]} : () -> ()
