// Covers: without --mlir-print-debuginfo, locations in the input are parsed and not printed; #loc aliases are not printed.
"foo.op"() : () -> () loc("a.mlir":1:2)
"foo.op"() : () -> () loc(#loc1)
"foo.region"() ({
^bb0(%arg0: i32 loc("x":1:1)):
  "foo.use"(%arg0) : (i32) -> () loc(fused["a":1:1, "b":2:2])
}) : () -> () loc(unknown)
#loc1 = loc("named")
