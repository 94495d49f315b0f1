// Covers: sparse and dense literals of string elements (a type that is not a number):
// lists of strings, a lone string as a splat of the values, escapes.
"test.strings"() {
  a = sparse<[[0]], ["a"]> : tensor<2x!foo.string>,
  b = sparse<[[0], [1]], ["a", "b"]> : tensor<2x!foo.text<"q">>,
  c = sparse<[[0]], "a"> : tensor<2x!foo.string>,
  d = sparse<[[0], [1]], "same"> : tensor<2x!foo.string>,
  e = sparse<[[1]], ["x\00y"]> : tensor<2x!foo.string>,
  f = dense<["a", "b"]> : tensor<2x!foo.string>,
  g = dense<"a"> : tensor<2x!foo.string>,
  h = sparse<[[0]], "0x01000000"> : tensor<2xi32>
} : () -> ()
