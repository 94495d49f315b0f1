// Covers: verifier and custom-syntax errors of affine.load and affine.store.
func.func @load_result_type(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op result type must match element type of memref}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index) -> i32
  return
}
// -----
func.func @load_rank(%A: memref<10x10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %A[%i] : memref<10x10xf32>
  return
}
// -----
func.func @load_subscripts(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%A, %i, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index, index) -> f32
  return
}
// -----
func.func @load_index(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %x = "test.x"() : () -> index
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %0 = affine.load %A[%x] : memref<10xf32>
  }
  return
}
// -----
func.func @load_symbol(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %0 = affine.load %A[symbol(%i)] : memref<10xf32>
  }
  return
}
// -----
func.func @load_index_type(%A: memref<10xf32>, %i: i32) {
  // expected-error@+1 {{'affine.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, i32) -> f32
  return
}
// -----
func.func @load_not_memref(%A: tensor<10xf32>, %i: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'tensor<10xf32>'}}
  %0 = affine.load %A[%i] : tensor<10xf32>
  return
}
// -----
func.func @load_non_affine(%A: memref<10xf32>, %i: index, %j: index) {
  // expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  %0 = affine.load %A[%i * %j] : memref<10xf32>
  return
}
// -----
func.func @load_symbol_paren(%A: memref<10xf32>, %n: index) {
  // expected-error@+1 {{expected ')' at end of SSA symbol}}
  %0 = affine.load %A[symbol(%n] : memref<10xf32>
  return
}
// -----
func.func @load_close(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{expected ']' in affine map}}
  %0 = affine.load %A[%i : memref<10xf32>
  return
}
// -----
func.func @store_value_type(%A: memref<10xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %A, %i) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<10xf32>, index) -> ()
  return
}
// -----
func.func @store_rank(%A: memref<10xf32>, %v: f32) {
  // expected-error@+1 {{'affine.store' op affine map num results must equal memref rank}}
  affine.store %v, %A[] : memref<10xf32>
  return
}
// -----
func.func @store_index(%A: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    %x = "test.x"() : () -> index
    // expected-error@+1 {{'affine.store' op operand cannot be used as a dimension id}}
    affine.store %v, %A[%x + %i] : memref<10xf32>
  }
  return
}
