// Covers: the 6-bit and 4-bit float types.
%0:3 = "foo.op"() : () -> (f6E2M3FN, f6E3M2FN, f4E2M1FN)
"foo.use"(%0#2, %0#1, %0#0) : (f4E2M1FN, f6E3M2FN, f6E2M3FN) -> ()
