// bufferization.clone, dealloc and dealloc_tensor, with each optional part present and absent.
func.func @clone(%m: memref<?x4xf32>, %u: memref<*xi8, 1>) -> memref<?x4xf32> {
  %c = bufferization.clone %m : memref<?x4xf32> to memref<?x4xf32>
  %d = bufferization.clone %u {note} : memref<*xi8, 1> to memref<*xi8, 1>
  %e = "bufferization.clone"(%m) : (memref<?x4xf32>) -> memref<?x4xf32>
  return %c : memref<?x4xf32>
}
func.func @dealloc(%a: memref<2xf32>, %b: memref<*xi8>, %c0: i1, %c1: i1) -> (i1, i1) {
  bufferization.dealloc
  bufferization.dealloc (%a : memref<2xf32>) if (%c0)
  %0:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<*xi8>) if (%c0, %c1) retain (%a, %b : memref<2xf32>, memref<*xi8>)
  %1 = bufferization.dealloc retain (%b : memref<*xi8>) {note = "kept"}
  %2 = "bufferization.dealloc"(%a, %c1, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> i1
  return %0#0, %0#1 : i1, i1
}
func.func @dealloc_tensor(%t: tensor<4x?xf32>, %u: tensor<*xi32>) {
  bufferization.dealloc_tensor %t : tensor<4x?xf32>
  bufferization.dealloc_tensor %u {note} : tensor<*xi32>
  "bufferization.dealloc_tensor"(%t) : (tensor<4x?xf32>) -> ()
  return
}
