// Covers: types of an unregistered dialect in pretty and opaque spellings, with nested punctuation.
"foo.op"() : () -> (!foo.bar, !foo.bar<"x">, !foo<"bar">, !foo.baz<[1, 2], {a = b}>, !foo.q<<nested>>, !foo.r<"a>b", (c)>, !foo.s<i32, tensor<4xf32>>)
"foo.op"() {t = !foo.ty<1 -> 2>} : () -> ()
