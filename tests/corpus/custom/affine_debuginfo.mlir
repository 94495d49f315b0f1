// FLAGS: --mlir-print-debuginfo
// The custom form writes an induction variable's location, but not the locations of
// loop-carried arguments or of yields it leaves out, which then get no alias.
func.func @locs(%n: index, %f: f32) -> f32 {
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
      "test.x"() : () -> ()
      affine.yield
    } else {
      affine.yield
    }
    affine.yield
  }
  %r = affine.for %j = max affine_map<(d0) -> (d0, 2)>(%n) to 10 step 3
      iter_args(%acc = %f) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    affine.yield %s : f32
  }
  return %r : f32
}
