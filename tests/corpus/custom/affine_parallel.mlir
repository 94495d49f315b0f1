// affine.parallel, prefetch, vector_load/vector_store, dma_start/dma_wait and the index ops.
func.func @parallel(%A: memref<100x100xf32>, %n: index, %m: index, %s: si32) -> (f32, si32) {
  affine.parallel (%i, %j) = (0, max(%n, 3)) to (98, min(%n + 2, symbol(%m) floordiv 4, 50)) step (2, 3) {
    %v = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.store %v, %A[%j, %i] : memref<100x100xf32>
  }
  %r:2 = affine.parallel (%k) = (%n) to (%n + 16) reduce ("addf", "maxs") -> (f32, si32) {
    %c = arith.constant 1.5 : f32
    affine.yield %c, %s : f32, si32
  }
  affine.parallel () = () to () {
  } {note}
  "affine.parallel"(%n) <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<(d0) -> (d0)>, reductions = [], steps = [4], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (64)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : (index) -> ()
  return %r#0, %r#1 : f32, si32
}
func.func @memory(%A: memref<100x100xf32>, %D: memref<64xf32, 1>, %T: memref<1xi32, 2>, %n: index) {
  affine.for %i = 0 to 10 {
    affine.prefetch %A[%i, %i + 5], read, locality<3>, data : memref<100x100xf32>
    affine.prefetch %A[%i, symbol(%n)], write, locality<0>, instr {note} : memref<100x100xf32>
    %v = affine.vector_load %A[%i, %i * 8] : memref<100x100xf32>, vector<8xf32>
    affine.vector_store %v, %A[%i + 1, symbol(%n)] : memref<100x100xf32>, vector<8xf32>
    %w = affine.vector_load %A[%i, 0] {note} : memref<100x100xf32>, vector<2x4xf32>
    affine.dma_start %A[%i + 3, %i], %D[symbol(%n)], %T[0], %n : memref<100x100xf32>, memref<64xf32, 1>, memref<1xi32, 2>
    affine.dma_start %A[%i, 0], %D[%i], %T[%i], %n, %n, %n : memref<100x100xf32>, memref<64xf32, 1>, memref<1xi32, 2>
    affine.dma_wait %T[%i], %n : memref<1xi32, 2>
  }
  return
}
func.func @indices(%x: index, %n: index) -> (index, index) {
  %q:3 = affine.delinearize_index %x into (%n, 224) : index, index, index
  %p:2 = affine.delinearize_index %x into (3, 224) {note} : index, index
  %l = affine.linearize_index [%q#0, %q#1, %q#2] by (%n, 224) : index
  %d = affine.linearize_index disjoint [%p#0, %p#1] by (3, 224) : index
  %g = "affine.linearize_index"(%x, %n) <{operandSegmentSizes = array<i32: 2, 0>, static_basis = array<i64: 4, 4>}> : (index, index) -> index
  return %l, %d : index, index
}
