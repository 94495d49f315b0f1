// FLAGS: --mlir-print-debuginfo
// Covers: file locations with line-only positions and line:column ranges, and how each range form is printed.
"foo.op"() : () -> () loc("a.c":1:2 to :5)
"foo.op"() : () -> () loc("a.c":1:2 to 3:4)
"foo.op"() : () -> () loc("a.c":7)
"foo.op"() : () -> () loc("a.c":1:2 to 1:2)
"foo.op"() : () -> () loc("a.c":1:2 to 1:9)
