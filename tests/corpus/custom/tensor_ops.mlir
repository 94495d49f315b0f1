// Every op of the tensor dialect, with each optional part present and absent.
func.func @dim(%A: tensor<4 x ? x f32>, %c0: index, %u: tensor<*xi8>) -> (index, index) {
  %x = tensor.dim %A, %c0 : tensor<4 x ? x f32>
  %x2 = "tensor.dim"(%A, %c0) : (tensor<4 x ? x f32>, index) -> index
  %y = tensor.dim {note = "kept"} %u, %c0 : tensor<*xi8>
  return %x, %x2 : index, index
}
func.func @extract(%t: tensor<4x4xi32>, %1: index, %2: index, %s: tensor<f64>, %e: tensor<?xcomplex<f32>, "enc">) -> i32 {
  %4 = tensor.extract %t[%1, %2] : tensor<4x4xi32>
  %5 = tensor.extract %s[] : tensor<f64>
  %6 = tensor.extract %e[%1] {note} : tensor<?xcomplex<f32>, "enc">
  %7 = "tensor.extract"(%t, %2, %1) : (tensor<4x4xi32>, index, index) -> i32
  return %4 : i32
}
func.func @casts(%arg1: tensor<*xf32>, %1: tensor<*xf32>) -> tensor<*xf32> {
  %cast_1 = tensor.cast %arg1 : tensor<*xf32> to tensor<?x?xf32>
  %t2 = "tensor.cast"(%1) : (tensor<*xf32>) -> tensor<?x?xf32>
  %t3 = tensor.cast %t2 : tensor<?x?xf32> to tensor<4x?xf32>
  %t4 = tensor.cast %t3 {note = 1 : i32} : tensor<4x?xf32> to tensor<?x?xf32>
  %t5 = "tensor.cast"(%t4) : (tensor<?x?xf32>) -> tensor<*xf32>
  %t6 = tensor.cast %t3 : tensor<4x?xf32> to tensor<4x8xf32, "layout">
  return %t5 : tensor<*xf32>
}
func.func @create(%n: index, %m: index, %f: f32, %i: i1) -> tensor<4x?xf32> {
  %e = tensor.empty(%n) : tensor<4x?xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %e3 = tensor.empty(%n, %m) {note} : tensor<?x?xi1, "sparse">
  %fe = tensor.from_elements %f, %f : tensor<2xf32>
  %fe0 = tensor.from_elements : tensor<0xf32>
  %fe1 = tensor.from_elements %i {note} : tensor<i1>
  %fe2 = "tensor.from_elements"(%f, %f, %f, %f) : (f32, f32, f32, f32) -> tensor<2x2xf32>
  %sp = tensor.splat %f : tensor<8x16xf32>
  %sp2 = tensor.splat %f[%n, %m] : tensor<?x20x?xf32>
  %sp3 = tensor.splat %i {note} : tensor<i1>
  %sp4 = "tensor.splat"(%f, %n) : (f32, index) -> tensor<?xf32>
  return %e : tensor<4x?xf32>
}
func.func @update(%t: tensor<4x?xf32>, %f: f32, %i: index, %s: tensor<i8>, %b: i8) -> tensor<4x?xf32> {
  %ins = tensor.insert %f into %t[%i, %i] : tensor<4x?xf32>
  %ins2 = tensor.insert %b into %s[] {note} : tensor<i8>
  %ins3 = "tensor.insert"(%f, %ins, %i, %i) : (f32, tensor<4x?xf32>, index, index) -> tensor<4x?xf32>
  return %ins : tensor<4x?xf32>
}
func.func @ranks(%u: tensor<*xf32>, %r: tensor<?x?xf32>, %z: tensor<i32>) -> index {
  %0 = tensor.rank %u : tensor<*xf32>
  %1 = tensor.rank %r : tensor<?x?xf32>
  %2 = tensor.rank %z {note} : tensor<i32>
  %3 = "tensor.rank"(%z) : (tensor<i32>) -> index
  return %0 : index
}
func.func @generate(%m: index, %n: index, %x: f32) -> tensor<?x3x?xf32> {
  %t = tensor.generate %m, %n {
  ^bb0(%i : index, %j : index, %k : index):
    tensor.yield %x : f32
  } : tensor<?x3x?xf32>
  %u = tensor.generate {
  ^bb0(%i : index):
    %c = arith.index_cast %i : index to i32
    tensor.yield %c {note} : i32
  } {note} : tensor<4xi32>
  %v = tensor.generate {
    tensor.yield %x : f32
  } : tensor<f32>
  %w = "tensor.generate"(%m) ({
  ^bb0(%i : index):
    "tensor.yield"(%x) : (f32) -> ()
  }) : (index) -> tensor<?xf32>
  return %t : tensor<?x3x?xf32>
}
