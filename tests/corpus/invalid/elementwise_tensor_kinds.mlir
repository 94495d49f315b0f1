// Covers: elementwise ops whose operands and results mix ranked and unranked tensors.
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addf"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @f(%a: tensor<*xf32>) {
  // expected-error@+1 {{'math.absf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "math.absf"(%a) : (tensor<*xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @f(%a: tensor<*xf32>) {
  // expected-error@+1 {{'arith.subf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.subf"(%a, %a) : (tensor<*xf32>, tensor<*xf32>) -> tensor<4xf32>
  return
}
