// Covers: the checks of ub ops: the poison value, operands, and the terminator.
func.func @f() {
  // expected-error@+1 {{custom op 'ub.poison' invalid kind of attribute specified}}
  %0 = ub.poison <1 : i32> : i32
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'ub.poison' op attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance}}
  %0 = "ub.poison"() {value = unit} : () -> i32
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{unknown attribute `poisen` in dialect `ub`}}
  %0 = "ub.poison"() <{value = #ub.poisen}> : () -> i32
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'ub.unreachable' op must be the last operation in the parent block}}
  ub.unreachable
  return
}
// -----
func.func @f(%a: i32) {
  // expected-error@+1 {{'ub.unreachable' op requires zero operands}}
  "ub.unreachable"(%a) : (i32) -> ()
}
