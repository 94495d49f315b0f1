// Covers: a dense_resource whose blob is not in the file is kept as a reference; the file's other blob is dropped.
"foo.op"() {a = dense_resource<missing> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      other: "0x0400000001000000"
    }
  }
#-}
