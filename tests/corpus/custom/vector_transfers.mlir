// Transfers of 0-d vectors, from memrefs and tensors of vectors, with masks through
// permutation maps that broadcast; contractions whose traits are attribute aliases.

#dot = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>]
#dot_trait = {indexing_maps = #dot, iterator_types = ["reduction"]}
#batched = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
#batched_iters = ["parallel", "parallel", "parallel", "reduction"]
#batched_trait = {indexing_maps = #batched, iterator_types = #batched_iters, kind = #vector.kind<maxnumf>}

func.func @zero_d(%t: tensor<f16>, %m: memref<i8>, %h: f16, %b: i8, %t1: tensor<?x8xf16>, %i: index) -> (tensor<f16>, tensor<?x8xf16>) {
  %0 = vector.transfer_read %t[], %h {permutation_map = affine_map<() -> ()>} : tensor<f16>, vector<f16>
  %1 = vector.transfer_write %0, %t[] : vector<f16>, tensor<f16>
  %2 = vector.transfer_read %m[], %b : memref<i8>, vector<i8>
  vector.transfer_write %2, %m[] {permutation_map = affine_map<() -> ()>} : vector<i8>, memref<i8>
  %3 = vector.transfer_read %t1[%i, %i], %h {permutation_map = affine_map<(d0, d1) -> ()>} : tensor<?x8xf16>, vector<f16>
  %4 = vector.transfer_write %3, %t1[%i, %i] {permutation_map = affine_map<(d0, d1) -> ()>} : vector<f16>, tensor<?x8xf16>
  return %1, %4 : tensor<f16>, tensor<?x8xf16>
}

func.func @of_vectors(%mv: memref<?x?xvector<2x8xf16>>, %mi: memref<8x?xvector<2x4xi64>>, %ms: memref<?x?x?xi32>, %i: index, %pv: vector<2x8xf16>, %pi: vector<2x4xi64>, %p: i32, %k3: vector<6x3xi1>, %k1: vector<4xi1>) {
  %0 = vector.transfer_read %mv[%i, %i], %pv {in_bounds = [true, false]} : memref<?x?xvector<2x8xf16>>, vector<3x1x2x8xf16>
  %1 = vector.transfer_read %mi[%i, %i], %pi : memref<8x?xvector<2x4xi64>>, vector<2x32xi8>
  %2 = vector.transfer_read %ms[%i, %i, %i], %p, %k3 {permutation_map = affine_map<(d0, d1, d2) -> (d2, 0, d0)>} : memref<?x?x?xi32>, vector<3x5x6xi32>
  %3 = vector.transfer_read %ms[%i, %i, %i], %p, %k1 : memref<?x?x?xi32>, vector<4xi32>
  vector.transfer_write %0, %mv[%i, %i] {in_bounds = [false, true]} : vector<3x1x2x8xf16>, memref<?x?xvector<2x8xf16>>
  vector.transfer_write %1, %mi[%i, %i] : vector<2x32xi8>, memref<8x?xvector<2x4xi64>>
  vector.transfer_write %3, %ms[%i, %i, %i], %k1 {in_bounds = [true]} : vector<4xi32>, memref<?x?x?xi32>
  return
}

func.func @traits(%a: vector<12xf16>, %s: vector<[6]xf16>, %h: f16, %x: vector<2x3x5xf32>, %y: vector<2x5x4xf32>, %z: vector<2x3x4xf32>) -> (f16, f16, vector<2x3x4xf32>) {
  %0 = vector.contract #dot_trait %a, %a, %h : vector<12xf16>, vector<12xf16> into f16
  %1 = vector.contract #dot_trait %s, %s, %h {note = "scalable", rank = 1 : i64} : vector<[6]xf16>, vector<[6]xf16> into f16
  %2 = vector.contract #batched_trait %x, %y, %z : vector<2x3x5xf32>, vector<2x5x4xf32> into vector<2x3x4xf32>
  %3 = vector.contract {indexing_maps = #batched, iterator_types = #batched_iters} %x, %y, %2 : vector<2x3x5xf32>, vector<2x5x4xf32> into vector<2x3x4xf32>
  return %0, %1, %3 : f16, f16, vector<2x3x4xf32>
}
