// FLAGS: --mlir-print-debuginfo
// Covers: file:line:col, name, unknown, callsite and fused locations on ops, printed inline and as #loc aliases.
"foo.op"() : () -> () loc("a.mlir":1:2)
"foo.op"() : () -> () loc("named")
"foo.op"() : () -> () loc("named"("inner.c":3:4))
"foo.op"() : () -> () loc(unknown)
"foo.op"() : () -> () loc(callsite("callee.c":10:5 at "caller.c":20:7))
"foo.op"() : () -> () loc(fused["x.c":1:1, "y.c":2:2])
"foo.op"() : () -> () loc(fused<"meta">["x.c":1:1, unknown])
"foo.op"() : () -> () loc(fused<#foo.meta>["z.c":5:5])
"foo.op"() : () -> () loc("a.mlir":1:2)
