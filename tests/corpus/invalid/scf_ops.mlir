// Covers: scf verifiers and custom syntax, and region arguments already in use.
func.func @f(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}
// -----
func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'index'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield %lb : index
  }
  return
}
// -----
func.func @f(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{terminator here}}
    scf.yield %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}
// -----
func.func @f(%lb: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %lb
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}
// -----
func.func @f(%lb: index) {
  scf.index_switch %lb
  // expected-error@+1 {{custom op 'scf.index_switch' integer value too large}}
  case 9223372036854775808 {
    scf.yield
  }
  default {
  }
  return
}
// -----
func.func @f(%lb: index) {
  scf.index_switch %lb
  // expected-error@+1 {{custom op 'scf.index_switch' integer value too large}}
  case 0x10000000000000000 {
    scf.yield
  }
  default {
  }
  return
}
// -----
func.func @f(%lb: index) {
  scf.index_switch %lb
  // expected-error@+1 {{custom op 'scf.index_switch' expected integer value}}
  case two {
    scf.yield
  }
  default {
  }
  return
}
// -----
func.func @f(%lb: index, %x: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %lb : index
    }
  }
  return
}
// -----
func.func @f() {
  // expected-error@+2 {{region entry argument '%i' is already in use}}
  // expected-note@+1 {{previously referenced here}}
  affine.for %i = affine_map<(d0) -> (d0)>(%i) to 10 {
  }
  return
}
// -----
func.func @f() {
  // expected-note@+1 {{previously referenced here}}
  affine.for %i = affine_map<(d0) -> (d0)>(%j) to 10 {
  }
  // expected-error@+1 {{region entry argument '%j' is already in use}}
  affine.for %j = 0 to 10 {
  }
  return
}
// -----
func.func @f(%lb: index) {
  // expected-error@+2 {{region entry argument '%i' is already in use}}
  // expected-note@+1 {{previously referenced here}}
  scf.forall (%i) in (%i) {
  }
  return
}
