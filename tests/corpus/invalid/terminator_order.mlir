// Covers: a region whose terminator is wrong: the terminator's own checks are reported before
// the parent's implicit-terminator check (MLIR's region traits run after the regions verify).
func.func @f(%c: i1, %n: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
// -----
func.func @f(%c: i1, %n: index) {
  scf.if %c {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
// -----
func.func @f(%c: i1, %n: index) {
  scf.for %i = %n to %n step %n {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
// -----
func.func @f(%c: i1, %n: index) {
  affine.if affine_set<() : (0 == 0)>() {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
// -----
func.func @f(%c: i1, %n: index) {
  scf.execute_region {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
// -----
module {
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  func.return
}
// -----
func.func @f(%c: i1, %n: index) {
  "scf.if"(%c) ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}
// -----
func.func @f(%c: i1, %n: index) {
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @f(%c: i1, %n: index) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  "scf.while"() ({
    // expected-note@+1 {{terminator here}}
    "func.return"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @f(%n: index, %x: f32) -> f32 {
  %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %a : f32
  }
  return %r : f32
}
// -----
func.func @f(%n: index, %x: f32) -> f32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %a : f32
  }
  return %r : f32
}
// -----
func.func @f(%n: index, %x: f32) -> tensor<?xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %x : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}
// -----
func.func @f(%c: i1, %x: f32) -> f32 {
  // expected-error@+2 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = scf.if %c -> f32 {
    "test.foo"() : () -> ()
  } else {
    scf.yield %x : f32
  }
  return %r : f32
}
// -----
func.func @f(%c: i1, %x: f32) -> f32 {
  // expected-error@+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'test.foo'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  %r = "scf.if"(%c) ({
    "test.foo"(%x) : (f32) -> ()
  }, {
    "scf.yield"(%x) : (f32) -> ()
  }) : (i1) -> f32
  return %r : f32
}
// -----
func.func @f(%n: index, %x: f32) {
  scf.forall (%i) in (%n) {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
// -----
func.func @f(%n: index, %x: f32) -> f32 {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got func.return}}
  %r = scf.index_switch %n -> f32
  case 2 {
    func.return %x : f32
  }
  default {
    scf.yield %x : f32
  }
  return %r : f32
}
