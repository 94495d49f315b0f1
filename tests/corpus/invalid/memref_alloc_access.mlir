// The verifiers of memref allocation, element access, dim, dealloc and copy.

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<4x?xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%n] : memref<4x4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc(%n) : memref<4x?xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 2, got 1}}
  %0 = memref.alloc(%n)[%n] : memref<4x?xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 3} : memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<*xf32>
  return
}

// -----

// expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%0 = memref.alloca() : memref<4xf32>

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloca' op incorrect number of dynamic sizes, has 2, expected 1}}
  %0 = memref.alloca(%n, %n) : memref<4x?xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, index, index) -> f64
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: i32) {
  // expected-error@+1 {{'memref.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, i32, i32) -> f32
  return
}

// -----

func.func @f(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.load"(%m, %i) : (memref<*xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{invalid properties {nontemporal = 1 : i32} for op memref.load: Invalid attribute `nontemporal` in property conversion: 1 : i32}}
  %0 = "memref.load"(%m, %i, %i) <{nontemporal = 1 : i32}> : (memref<4x4xf32>, index, index) -> f32
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %v: f64) {
  // expected-error@+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i, %i) : (f64, memref<4x4xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  "memref.store"(%v, %m, %i, %i) <{alignment = 0 : i64}> : (f32, memref<4x4xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %m, %i : memref<f32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op result #0 must be index, but got 'i32'}}
  %0 = "memref.dim"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: tensor<4xf32>) {
  // expected-error@+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  "memref.dealloc"(%m) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%a: memref<4xf32>, %b: memref<4xf16>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xf16>
  return
}

// -----

func.func @f(%m: tensor<f32>) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'tensor<f32>'}}
  %0 = memref.load %m[] : tensor<f32>
  return
}
