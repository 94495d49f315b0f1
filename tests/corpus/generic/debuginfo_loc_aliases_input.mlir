// FLAGS: --mlir-print-debuginfo
// Covers: #loc aliases defined after their use in the input, as mlir-opt prints them; an explicit module's location.
"builtin.module"() ({
  "foo.op"() : () -> () loc(#loc1)
  "foo.op"() : () -> () loc(#loc3)
}) : () -> () loc(#loc)
#loc = loc("m.mlir":0:0)
#loc1 = loc("a.mlir":1:2)
#loc2 = loc("b.mlir":3:4)
#loc3 = loc("n"(#loc2))
