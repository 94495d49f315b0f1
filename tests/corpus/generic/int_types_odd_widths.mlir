// Covers: integer types of unusual and very large widths, in every signedness.
%0:9 = "foo.op"() : () -> (i2, i3, i7, si13, ui17, i33, i65, si128, ui1024)
"foo.use"(%0#0, %0#8) : (i2, ui1024) -> ()
"foo.op"() : () -> i16777215
