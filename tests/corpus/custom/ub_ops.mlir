// Covers: ub.poison of many types in short and long form, and ub.unreachable.
func.func @poison() -> (i32, vector<4xf32>, tensor<?xi8>, memref<2xf64>, index) {
  %0 = ub.poison : i32
  %1 = ub.poison <#ub.poison> : vector<4xf32>
  %2 = ub.poison {tag} : tensor<?xi8>
  %3 = "ub.poison"() <{value = #ub.poison}> : () -> memref<2xf64>
  %4 = "ub.poison"() : () -> index
  %5 = ub.poison : complex<f32>
  %6 = ub.poison : !foo.opaque
  return %0, %1, %2, %3, %4 : i32, vector<4xf32>, tensor<?xi8>, memref<2xf64>, index
}

func.func @unreachable(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ub.unreachable
^bb2:
  %0 = ub.poison : i32
  return %0 : i32
}

func.func @never() {
  ub.unreachable {tag}
}
