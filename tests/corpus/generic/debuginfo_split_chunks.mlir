// FLAGS: --mlir-print-debuginfo --split-input-file
// Covers: with --split-input-file, the implicit module of each chunk after the first is located just past its split marker.
"foo.op"() : () -> ()
// -----
"foo.op"() : () -> ()
  // -----
"foo.op"() : () -> ()
// -----

"foo.op"() : () -> ()
