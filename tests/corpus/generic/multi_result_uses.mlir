// Covers: ops with several results: %x:N definitions and %x#i uses, including uses of #0 and out of order.
%0:3 = "foo.op"() : () -> (i32, f32, i64)
"foo.use"(%0#2, %0#0, %0#1, %0#0) : (i64, i32, f32, i32) -> ()
%named:2 = "foo.op"() : () -> (i1, i1)
%single = "foo.op"(%named#1) : (i1) -> index
"foo.use"(%single, %named#0) : (index, i1) -> ()
