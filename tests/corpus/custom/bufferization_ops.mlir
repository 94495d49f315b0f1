// Every op of the bufferization dialect, with each optional part present and absent.
#layout = affine_map<(d0, d1) -> (d1, d0)>
func.func @to_tensor(%10: memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">, %m: memref<4xf32>, %um: memref<*xi8, 3>, %s: memref<f16>) -> tensor<4x?xf32> {
  %12 = bufferization.to_tensor %10 : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm"> to tensor<4x?xf32>
  %t0 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %t1 = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  %t2 = bufferization.to_tensor %m writable {note = "kept"} : memref<4xf32> to tensor<4xf32>
  %t3 = bufferization.to_tensor %um : memref<*xi8, 3> to tensor<*xi8>
  %t4 = bufferization.to_tensor %s : memref<f16> to tensor<f16, "encoded">
  %t5 = "bufferization.to_tensor"(%m) <{restrict}> : (memref<4xf32>) -> tensor<4xf32>
  %t6 = "bufferization.to_tensor"(%s) {writable} : (memref<f16>) -> tensor<f16>
  return %12 : tensor<4x?xf32>
}
func.func @to_buffer(%t: tensor<4x?xf32>, %u: tensor<*xi32>) -> memref<4x?xf32, #layout> {
  %b0 = bufferization.to_buffer %t : tensor<4x?xf32> to memref<4x?xf32, #layout>
  %b1 = bufferization.to_buffer %t read_only : tensor<4x?xf32> to memref<4x?xf32>
  %b2 = bufferization.to_buffer %u {note} : tensor<*xi32> to memref<*xi32, 1>
  %b3 = "bufferization.to_buffer"(%t) <{read_only}> : (tensor<4x?xf32>) -> memref<4x?xf32, strided<[?, 1], offset: ?>>
  return %b0 : memref<4x?xf32, #layout>
}
func.func @materialize(%8: tensor<4x?xf32>, %11: memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">, %d: tensor<?x8xf32>, %ut: tensor<*xf32>, %um: memref<*xf32>) -> tensor<?x8xf32> {
  bufferization.materialize_in_destination %8 in restrict writable %11 : (tensor<4x?xf32>, memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">) -> ()
  bufferization.materialize_in_destination %8 in writable %11 {note} : (tensor<4x?xf32>, memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">) -> ()
  %r = bufferization.materialize_in_destination %8 in %d : (tensor<4x?xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %r2 = bufferization.materialize_in_destination %ut in %ut : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  bufferization.materialize_in_destination %ut in restrict writable %um : (tensor<*xf32>, memref<*xf32>) -> ()
  "bufferization.materialize_in_destination"(%8, %11) <{restrict, writable}> : (tensor<4x?xf32>, memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">) -> ()
  %r3 = "bufferization.materialize_in_destination"(%d, %d) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
func.func @alloc_tensor(%d1: index, %d2: index, %c: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %0 = bufferization.alloc_tensor(%d1, %d2) : tensor<?x?xf32>
  %1 = bufferization.alloc_tensor() : tensor<4xf32>
  %2 = bufferization.alloc_tensor() copy(%c) : tensor<?x?xf32>
  %3 = bufferization.alloc_tensor(%d1, %d2) size_hint=%n : tensor<?x?xf32, "sparse">
  %4 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %5 = bufferization.alloc_tensor() copy(%c) {memory_space = "x", note} : tensor<?x?xf32>
  %6 = bufferization.alloc_tensor() copy(%c) size_hint = %n : tensor<?x?xf32>
  %7 = bufferization.alloc_tensor() : tensor<*xf32>
  %8 = "bufferization.alloc_tensor"(%d1, %n) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> tensor<?xi8>
  return %0 : tensor<?x?xf32>
}
