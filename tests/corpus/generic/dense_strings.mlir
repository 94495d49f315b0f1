// Covers: dense string elements attributes, list and splat, with escapes.
"foo.op"() {a = dense<["a", "bc", ""]> : tensor<3x!foo.string>, b = dense<"same"> : tensor<2x!foo.string>, c = dense<["x\"y", "\0A"]> : tensor<2x!foo.string>} : () -> ()
