// FLAGS: --mlir-print-debuginfo
// Covers: an unnamed file is "-" in a plain position but not in a range; fused metadata with nothing to fuse keeps loc(unknown); columns count bytes; `loc (` with a blank; an alias an op location made and an attribute uses prints at the top with its parts.
"foo.op"() {a = loc("":1:2), b = loc("":3:4 to :6), c = loc(fused<"m">[]), d = loc(fused<#foo.meta>[unknown])} : () -> ()
"foo.op"() {s = "ééé"} : () -> () "foo.op"() {t = "∀"} : () -> ()
"foo.op"() : () -> () loc (fused["x.c":1:1, "y.c":2:2])
"foo.op"() {l = loc(fused["x.c":1:1, "y.c":2:2])} : () -> ()
