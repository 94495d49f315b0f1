// Covers: every op of scf in its custom form, nested, with implicit terminators.
func.func private @ext(f32) -> f32
func.func @scf(%lb: index, %ub: index, %st: index, %c: i1, %x: f32, %n: i32, %t: tensor<4xf32>, %m: memref<?xf32>) -> f32 {
  %sum = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  scf.for unsigned %j = %n to %n step %n : i32 {
    scf.if %c {
      memref.store %x, %m[%lb] : memref<?xf32>
    }
  } {test.loop}
  %sel, %k = scf.if %c -> (f32, i32) {
    scf.yield %sum, %n : f32, i32
  } else {
    %e = func.call @ext(%x) : (f32) -> f32
    scf.yield %e, %n : f32, i32
  }
  scf.if %c {
  } else {
  }
  %w:2 = scf.while (%a = %n, %b = %x) : (i32, f32) -> (i32, f32) {
    %more = arith.cmpi slt, %a, %k : i32
    scf.condition(%more) %a, %b : i32, f32
  } do {
  ^bb0(%a2: i32, %b2: f32):
    %one = arith.constant 1 : i32
    %a3 = arith.addi %a2, %one : i32
    scf.yield %a3, %b2 : i32, f32
  } attributes {test.while}
  %r = scf.execute_region -> f32 no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %x : f32
  ^bb2:
    scf.yield %sel : f32
  }
  %s = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %r : f32
  }
  case 5 {
    scf.yield %x : f32
  }
  default {
    scf.yield %w#1 : f32
  }
  scf.index_switch %ub
  default {
  }
  // Case values as MLIR reads an int64_t: hexadecimal, `true` (all ones), extremes.
  scf.index_switch %ub
  case 0x10 {
    scf.yield
  }
  case true {
    scf.yield
  }
  case -9223372036854775808 {
    scf.yield
  }
  default {
  }
  %p = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x) -> f32 {
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %rr: f32):
      %z = arith.addf %l, %rr : f32
      scf.reduce.return %z : f32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
  }
  %fa = scf.forall (%i, %j) in (4, %ub) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
    }
  }
  scf.forall (%i) = (0) to (%ub) step (2) {
    memref.store %x, %m[%i] : memref<?xf32>
  }
  return %p : f32
}
