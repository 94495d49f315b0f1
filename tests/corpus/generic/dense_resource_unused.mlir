// Covers: a dialect_resources blob that no attribute refers to is dropped from the output; a used one is kept.
"foo.op"() {used = dense_resource<kept> : tensor<2xi16>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000001000000",
      kept: "0x0200000001000200"
    }
  }
#-}
