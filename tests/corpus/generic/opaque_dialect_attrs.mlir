// Covers: attributes of an unregistered dialect in pretty and opaque spellings, with nested punctuation and typed values.
"foo.op"() {a = #foo.bar, b = #foo.bar<1, [2, 3]>, c = #foo<"opaque body">, d = #foo.q<<x>, {y = z}>, e = #foo.r<"a>b">, f = #foo.s : i32, g = [#foo.x, #foo.y<()>], h = #foo.t<i32 -> f32>} : () -> ()
