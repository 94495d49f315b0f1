// Covers: the checks of complex ops: types, type agreement, constants, bitcasts, the custom syntax and #complex.number.
func.func @f(%a: f32) {
  // expected-error@+1 {{'complex.add' op operand #0 must be complex type with floating-point elements, but got 'f32'}}
  %0 = "complex.add"(%a, %a) : (f32, f32) -> f32
  return
}
// -----
func.func @f(%a: complex<f32>) {
  // expected-error@+1 {{'complex.abs' op failed to verify that complex element type matches result type}}
  %0 = "complex.abs"(%a) : (complex<f32>) -> f64
  return
}
// -----
func.func @f(%a: f32, %b: f32) {
  // expected-error@+1 {{'complex.create' op failed to verify that complex element type matches real operand type}}
  %0 = "complex.create"(%a, %b) : (f32, f32) -> complex<f64>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'complex.constant' op requires attribute's element types ('f32', 'f64') to match the element type of the op's return type ('f32')}}
  %0 = complex.constant [1.0 : f32, 2.0 : f64] : complex<f32>
  return
}
// -----
func.func @f(%a: complex<f32>) {
  // expected-error@+1 {{'complex.bitcast' op casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}
// -----
func.func @f(%a: i64) {
  // expected-error@+1 {{'complex.bitcast' op requires that either input or output has a complex type}}
  %0 = complex.bitcast %a : i64 to f64
  return
}
// -----
func.func @f(%a: complex<f32>, %b: i32) {
  // expected-error@+1 {{custom op 'complex.powi' invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  %0 = complex.powi %a, %b : complex<f32>, f32
  return
}
// -----
func.func @f(%a: complex<i32>) {
  // expected-error@+1 {{custom op 'complex.abs' 'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.abs %a : complex<i32>
  return
}
// -----
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
func.func @f() attributes {n = #complex.number<:f32 1, 2.0>} {
  return
}
// -----
func.func @f() -> complex<f32> {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant #complex.number<:f32 1.0, 2.0> : complex<f32>
  return %0 : complex<f32>
}
// -----
func.func @f() -> complex<f64> {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = #complex.number<:f32 1.0, 2.0>}> : () -> complex<f64>
  return %0 : complex<f64>
}
