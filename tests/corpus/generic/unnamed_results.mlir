// Covers: ops whose results are not named in the input still get numbered result names in the output.
"foo.op"() : () -> i32
"foo.op"() : () -> (i32, f32)
%0 = "foo.op"() : () -> i8
