// FLAGS: --mlir-print-debuginfo
// Covers: ops and block arguments without an explicit location get the position where they were parsed.
%0 = "foo.op"() : () -> i32
  "foo.region"() ({
  ^bb0(%arg0: i32, %arg1: f32 loc("arg.c":7:7)):
      "foo.use"(%arg0, %0) : (i32, i32) -> ()
  }) : () -> ()
