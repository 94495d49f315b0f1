// Covers: the checks of index ops: types, predicates, casts, constants and the custom syntax.
func.func @f(%a: i64) {
  // expected-error@+1 {{'index.add' op operand #0 must be index, but got 'i64'}}
  %0 = "index.add"(%a, %a) : (i64, i64) -> index
  return
}
// -----
func.func @f(%a: index) {
  // expected-error@+1 {{'index.cmp' op requires attribute 'pred'}}
  %0 = "index.cmp"(%a, %a) : (index, index) -> i1
  return
}
// -----
func.func @f(%a: i32) {
  // expected-error@+1 {{'index.casts' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.casts %a : i32 to i64
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = index.constant 18446744073709551616
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() {value = 42 : i64} : () -> index
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'index.bool.constant' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "index.bool.constant"() <{value = true}> : () -> i32
  return
}
// -----
func.func @f(%a: index) {
  // expected-error@+1 {{'index.sizeof' op requires zero operands}}
  %0 = "index.sizeof"(%a) : (index) -> index
  return
}
