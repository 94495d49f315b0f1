// Covers: the verifier rules and custom-form type checks of the bufferization dialect, with MLIR's messages.
func.func @f(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  %0 = bufferization.materialize_in_destination %t in writable %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op memref 'dest' implies zero results}}
  "bufferization.materialize_in_destination"(%t, %m) <{writable}> : (tensor<4xf32>, memref<4xf32>) -> (tensor<4xf32>)
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %m: memref<4x4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op rank mismatch between source and destination shape}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<4x4xf32>) -> ()
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %m: memref<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<5xf32>) -> ()
  return
}
// -----
func.func @f(%t: tensor<*xf32>, %m: memref<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<*xf32>, memref<5xf32>) -> ()
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op tensor 'dest' implies exactly one tensor result}}
  "bufferization.materialize_in_destination"(%t, %d) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op result and 'dest' types must match}}
  "bufferization.materialize_in_destination"(%t, %d) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<?xf32>)
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %t in restrict %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: vector<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'dest' must be a tensor or a memref}}
  "bufferization.materialize_in_destination"(%t, %d) : (tensor<4xf32>, vector<4xf32>) -> ()
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: tensor<4xi32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op failed to verify that all of {source, dest} have same element type}}
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: i32) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op operand #1 must be shaped of any type values, but got 'i32'}}
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, i32) -> tensor<4xi32>
  return
}
// -----
func.func @f(%t: vector<4xf32>, %d: tensor<?xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op operand #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = bufferization.materialize_in_destination %t in %d : (vector<4xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>, %d: tensor<*xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op result #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<*xf32>) -> vector<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4x?xf32>) {
  // expected-error@+1 {{custom op 'bufferization.materialize_in_destination' number of operands and types do not match: got 2 operands and 1 types}}
  %r = bufferization.materialize_in_destination %t in %t : (tensor<4x?xf32>) -> tensor<4x?xf32>
  return
}
// -----
func.func @f(%m: memref<4xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> tensor<5xf32>
  return
}
// -----
func.func @f(%m: memref<4xf32>) {
  // expected-error@+2 {{element types do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xi32>
  return
}
// -----
func.func @f(%m: memref<*xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : memref<*xf32> to tensor<4xf32>
  return
}
// -----
func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.to_tensor' op result #0 must be TensorLikeType instance, but got 'vector<4xf32>'}}
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @f(%m: vector<4xf32>) {
  // expected-error@+1 {{'bufferization.to_tensor' op operand #0 must be BufferLikeType instance, but got 'vector<4xf32>'}}
  %0 = "bufferization.to_tensor"(%m) : (vector<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @f(%m: vector<4xf32>) {
  // expected-error@+1 {{custom op 'bufferization.to_tensor' invalid kind of type specified}}
  %0 = bufferization.to_tensor %m : vector<4xf32> to tensor<4xf32>
  return
}
// -----
func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'bufferization.to_tensor' invalid kind of type specified}}
  %0 = bufferization.to_tensor %m : memref<4xf32> to vector<4xf32>
  return
}
// -----
func.func @f(%m: memref<f32>) {
  // expected-error@+1 {{'bufferization.to_tensor' op attribute 'restrict' failed to satisfy constraint: unit attribute}}
  %0 = "bufferization.to_tensor"(%m) {restrict = 1 : i32} : (memref<f32>) -> tensor<f32>
  return
}
// -----
func.func @f(%m: memref<4xf32>) {
  %0 = bufferization.to_tensor %m : memref<4xf32>
  // expected-error@+1 {{custom op 'bufferization.to_tensor' expected 'to'}}
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %0 = "bufferization.to_buffer"(%t) : (tensor<4xf32>) -> memref<?xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+2 {{element types do not match}}
  // expected-error@+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xi32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.to_buffer' op attribute 'read_only' failed to satisfy constraint: unit attribute}}
  %0 = "bufferization.to_buffer"(%t) {read_only = 1} : (tensor<4xf32>) -> memref<4xf32>
  return
}
// -----
func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'bufferization.to_buffer' invalid kind of type specified}}
  %0 = bufferization.to_buffer %t : tensor<4xf32> to vector<4xf32>
  return
}
// -----
func.func @f(%t: vector<4xf32>) {
  // expected-error@+1 {{'bufferization.to_buffer' op operand #0 must be TensorLikeType instance, but got 'vector<4xf32>'}}
  %0 = "bufferization.to_buffer"(%t) : (vector<4xf32>) -> memref<4xf32>
  return
}
// -----
func.func @f(%d1: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = bufferization.alloc_tensor(%d1) : tensor<?x?xf32>
  return
}
// -----
func.func @f(%d1: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = bufferization.alloc_tensor(%d1) : tensor<*xf32>
  return
}
// -----
func.func @f(%d1: index, %c: tensor<?x?xf32>) {
  // expected-error@+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%d1) copy(%c) : tensor<?x?xf32>
  return
}
// -----
func.func @f(%c: tensor<?x?xf32>) {
  // expected-error@+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%c) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<?x?xf32>) -> tensor<4x?xf32>
  return
}
// -----
func.func @f(%d1: i32) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "bufferization.alloc_tensor"(%d1) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> tensor<?xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{custom op 'bufferization.alloc_tensor' invalid kind of type specified}}
  %0 = bufferization.alloc_tensor() : vector<4xf32>
  return
}
// -----
func.func @f(%n: index) {
  // expected-error@+1 {{expected '='}}
  %0 = bufferization.alloc_tensor() size_hint %n : tensor<4xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected '('}}
  %0 = bufferization.alloc_tensor : tensor<4xf32>
  return
}
// -----
func.func @f(%c: tensor<4xf32>) {
  // expected-error@+1 {{expected '('}}
  %0 = bufferization.alloc_tensor() copy %c : tensor<4xf32>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{expected ':'}}
  %0 = bufferization.alloc_tensor() tensor<4xf32>
  return
}
