// Covers: malformed dialect_resources sections and blobs.
"foo.op"() {a = dense_resource<blob> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: "0xZZ"
    }
  }
#-}
// -----
"foo.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000"
  // expected-error@+1 {{expected ',' or '}'}}
  }
#-}
// -----
"foo.op"() : () -> ()
{-#
  // expected-error@+1 {{unknown key 'unknown_section' in file metadata dictionary}}
  unknown_section: {}
#-}
// -----
"foo.op"() {a = dense_resource<blob> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: 42
    }
  }
#-}
