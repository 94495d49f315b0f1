// Every op of the vector dialect in its custom form: scalable and 0-d vectors, masks,
// combining kinds, fast-math flags, permutation maps and in_bounds.

func.func @compute(%a: vector<4x8xf32>, %b: f32, %c: vector<8xf32>, %i: index, %q: vector<2x2xf32>, %sv: vector<[16]xf32>, %z: vector<f32>, %acc: vector<8x4xf32>, %d: vector<4xf32>, %sq: vector<4x4xf32>) {
  %0 = vector.broadcast %b : f32 to vector<2x[4]xf32>
  %1 = vector.broadcast %c : vector<8xf32> to vector<3x8xf32>
  %2 = vector.shuffle %c, %c [0, 15, 3, -1] : vector<8xf32>, vector<8xf32>
  %3 = vector.interleave %c, %c : vector<8xf32> -> vector<16xf32>
  %4 = vector.interleave %z, %z : vector<f32> -> vector<2xf32>
  %even, %odd = vector.deinterleave %c : vector<8xf32> -> vector<4xf32>
  %5 = vector.insert %b, %a[1, 2] : f32 into vector<4x8xf32>
  %6 = vector.insert %c, %a[%i] : vector<8xf32> into vector<4x8xf32>
  %7:4 = vector.to_elements %q : vector<2x2xf32>
  %8 = vector.from_elements %b, %b, %b, %b : vector<2x2xf32>
  %9 = vector.fma %c, %c, %c : vector<8xf32>
  %10 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %11 = vector.shape_cast %a : vector<4x8xf32> to vector<32xf32>
  %12 = vector.bitcast %c : vector<8xf32> to vector<16xf16>
  %13 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %14 = vector.insert_strided_slice %c, %a {offsets = [1, 0], strides = [1]} : vector<8xf32> into vector<4x8xf32>
  %15 = vector.scalable.insert %c, %sv[8] : vector<8xf32> into vector<[16]xf32>
  %16 = vector.scalable.extract %sv[8] : vector<8xf32> from vector<[16]xf32>
  %17 = vector.reduction <add>, %c fastmath<fast> : vector<8xf32> into f32
  %18 = vector.reduction <maximumf>, %c, %b : vector<8xf32> into f32
  %19 = vector.multi_reduction <add>, %a, %c [0] : vector<4x8xf32> to vector<8xf32>
  %20:2 = vector.scan <mul>, %a, %c {inclusive = true, reduction_dim = 0 : i64} : vector<4x8xf32>, vector<8xf32>
  %21 = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} %c, %c, %b : vector<8xf32>, vector<8xf32> into f32
  %22 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<mul>} %a, %10, %sq : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  %23 = vector.outerproduct %c, %b : vector<8xf32>, f32
  %24 = vector.outerproduct %c, %d, %acc {kind = #vector.kind<maxnumf>} : vector<8xf32>, vector<4xf32>
  %vs = vector.vscale
  %25 = vector.step : vector<[4]xindex>
  %26 = vector.constant_mask [3, 2] : vector<4x8xi1>
  %27 = vector.create_mask %i, %i : vector<4x[8]xi1>
  vector.print %c : vector<8xf32>
  vector.print %b : f32 punctuation <comma>
  vector.print punctuation <close>
  vector.print str "done\n"
  return
}

func.func @memory(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %i: index, %b: f32, %c: vector<8xf32>, %a: vector<4x8xf32>, %mk: vector<8xi1>, %idx: vector<8xi32>, %s: memref<4x8xf32>) {
  %0 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  vector.store %c, %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  %1 = vector.maskedload %m[%i, %i], %mk, %c : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %m[%i, %i], %mk, %c {alignment = 16 : i64} : memref<?x?xf32>, vector<8xi1>, vector<8xf32>
  %2 = vector.gather %m[%i, %i] [%idx], %mk, %c : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %m[%i, %i] [%idx], %mk, %c : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %3 = vector.scatter %t[%i, %i] [%idx], %mk, %c : tensor<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<?x?xf32>
  %4 = vector.expandload %m[%i, %i], %mk, %c : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.compressstore %m[%i, %i], %mk, %c : memref<?x?xf32>, vector<8xi1>, vector<8xf32>
  %5 = vector.transfer_read %t[%i, %i], %b {in_bounds = [true]} : tensor<?x?xf32>, vector<8xf32>
  %6 = vector.transfer_read %m[%i, %i], %b {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<?x?xf32>, vector<8xf32>
  %7 = vector.transfer_write %c, %t[%i, %i], %mk : vector<8xf32>, tensor<?x?xf32>
  vector.transfer_write %a, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x8xf32>, memref<?x?xf32>
  %8 = vector.type_cast %s : memref<4x8xf32> to memref<vector<4x8xf32>>
  %9 = vector.mask %mk, %c { vector.transfer_read %m[%i, %i], %b : memref<?x?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %10 = vector.mask %mk { vector.reduction <add>, %c : vector<8xf32> into f32 } : vector<8xi1> -> f32
  vector.mask %mk { vector.transfer_write %c, %m[%i, %i] : vector<8xf32>, memref<?x?xf32> } : vector<8xi1>
  %11 = vector.mask %mk { vector.yield %c : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.mask %mk { } : vector<8xi1>
  return
}
