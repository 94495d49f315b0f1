// Covers: an scf.index_switch case value outside i64 (found by the grammar fuzzer: it was
// accepted and printed in a form that does not read back).
func.func @f(%lb: index) {
  scf.index_switch %lb
  case 1 {
    scf.yield
  }
  // expected-error@+1 {{custom op 'scf.index_switch' integer value too large}}
  case -9223372036854775809 {
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
