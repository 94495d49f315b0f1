func.func @f(%t: tensor<8x16xf32>, %d: tensor<?x16xf32>, %i: index, %s: tensor<2xindex>, %idx: tensor<1x2x1xindex>, %r: tensor<?xf32>, %f: f32, %ti: tensor<8x16xi32>) {
  %0 = tensor.bitcast %t : tensor<8x16xf32> to tensor<8x16xi32>
  %1 = tensor.concat dim(0) %t, %d : (tensor<8x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %2 = tensor.extract_slice %t[0, %i] [4, 1] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %3 = tensor.extract_slice %d[%i, 0] [%i, 16] [2, 1] : tensor<?x16xf32> to tensor<?x16xf32>
  %4 = tensor.insert_slice %2 into %t[0, %i] [4, 1] [1, 1] : tensor<4xf32> into tensor<8x16xf32>
  %5 = tensor.gather %t[%idx] gather_dims([0]) : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x16xf32>
  %6 = tensor.gather %t[%idx] gather_dims([0]) unique : (tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<1x2x1x16xf32>
  %7 = tensor.scatter %5 into %t[%idx] scatter_dims([0]) unique : (tensor<1x2x16xf32>, tensor<8x16xf32>, tensor<1x2x1xindex>) -> tensor<8x16xf32>
  %8 = tensor.reshape %r(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %9 = tensor.expand_shape %r [[0, 1]] output_shape [%i, 4] : tensor<?xf32> into tensor<?x4xf32>
  %10 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %11 = tensor.pad %t low[1, %i] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<11x?xf32>
  %12 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<8x16xf32> to tensor<8x16xf32>
  %13 = scf.forall (%k) in (2) shared_outs(%o = %t) -> (tensor<8x16xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %2 into %o[0, %k] [4, 1] [1, 1] : tensor<4xf32> into tensor<8x16xf32>
    }
  }
  return
}
