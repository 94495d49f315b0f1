// Covers: a result number (`%name#N`) where an op's custom form names a region argument.
func.func @f() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.for %n0#0 = 0 to 7 {
  }
  return
}
// -----
// expected-error@+1 {{result number not allowed in argument list}}
func.func @f(%n#0: index) {
  return
}
// -----
func.func @f(%n: index) {
  // expected-error@+1 {{result number not allowed in argument list}}
  scf.parallel (%i, %j#1) = (%n, %n) to (%n, %n) step (%n, %n) {
  }
  return
}
// -----
func.func @f(%n: index, %c: i1) -> index {
  // expected-error@+1 {{result number not allowed in argument list}}
  %r = scf.while (%a#1 = %n) : (index) -> index {
    scf.condition(%c) %a : index
  } do {
  ^bb0(%b: index):
    scf.yield %b : index
  }
  return %r : index
}
// -----
func.func @f(%n: index) {
  // expected-error@+1 {{result number not allowed in argument list}}
  scf.forall (%i#0) in (%n) {
  }
  return
}
