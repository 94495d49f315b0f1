// Covers: the checks of math ops: types, counts, fastmath flags, and the custom syntax.
func.func @f(%a: i32) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.absf"(%a) : (i32) -> i32
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{'math.sin' op requires the same type for all operands and results}}
  %0 = "math.sin"(%a) : (f32) -> f64
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{expected '>'}}
  %0 = math.exp %a fastmath<fast|nnan> : f32
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'f32'}}
  %0 = "math.isnan"(%a) : (f32) -> f32
  return
}
// -----
func.func @f(%a: vector<4xf32>, %b: vector<2xi32>) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%a, %b) : (vector<4xf32>, vector<2xi32>) -> vector<2xf32>
  return
}
// -----
func.func @f(%a: f32, %b: f32) {
  // expected-error@+1 {{custom op 'math.clampf' expected 'to'}}
  %0 = math.clampf %a [%b, %b] : f32
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%a) : (f32) -> (f32, f64)
  return
}
// -----
func.func @f(%a: f32) {
  // expected-error@+1 {{invalid properties {fastmath = 1 : i32} for op math.tanh: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "math.tanh"(%a) <{fastmath = 1 : i32}> : (f32) -> f32
  return
}
// -----
func.func @f(%a: i32) {
  // expected-error@+1 {{'math.ipowi' op expected 2 operands, but found 1}}
  %0 = "math.ipowi"(%a) : (i32) -> i32
  return
}
