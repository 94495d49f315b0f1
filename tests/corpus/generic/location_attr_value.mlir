// Covers: locations used as attribute values print as #loc aliases even without --mlir-print-debuginfo.
"foo.op"() {l = loc("a":1:2), m = loc("named"), n = [loc(unknown)]} : () -> ()
