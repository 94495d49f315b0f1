// Covers: affine-map aliases used deep inside types: memref layouts inside function types, tensor encodings, block argument types.
#layout = affine_map<(d0, d1) -> (d1, d0)>
"foo.op"() {f = (memref<2x2xf32, #layout>) -> (), t = tensor<4x4xf32, affine_map<(d0, d1) -> (d0 + d1)>>} : () -> ()
"foo.region"() ({
^bb0(%arg0: memref<2x2xf32, #layout>, %arg1: memref<4xi8, affine_map<(d0) -> (d0 * 2)>>):
  "foo.use"(%arg0, %arg1) : (memref<2x2xf32, #layout>, memref<4xi8, affine_map<(d0) -> (d0 * 2)>>) -> ()
}) : () -> ()
