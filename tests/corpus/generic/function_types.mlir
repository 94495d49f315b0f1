// Covers: function types as attributes and as operand types, nested and with several results.
"foo.op"() {a = () -> (), b = (i32) -> i32, c = (i32, f32) -> (i1, i8), d = (() -> ()) -> ((i32) -> i64), e = ((i1) -> i2) -> ((i3) -> i4)} : () -> ()
%0 = "foo.op"() : () -> ((i32) -> (f32, f64))
