func.func @f(%k: i32) {
  // expected-error@+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (4) reduce ("addf") -> (i32) {
    affine.yield %k : i32
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = affine.parallel (%i) = (0) to (4) reduce ("addf", "mulf") -> (f32) {
    affine.yield %x : f32
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{custom op 'affine.parallel' invalid reduction value: "sum"}}
  %r = affine.parallel (%i) = (0) to (4) reduce ("sum") -> (f32) {
    affine.yield %x : f32
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{custom op 'affine.parallel' steps must be constant integers}}
  affine.parallel (%i) = (0) to (4) step (%n) {
  }
  return
}

// -----

func.func @f(%A: memref<4x4xf32>, %n: index) {
  // expected-error@+1 {{custom op 'affine.prefetch' rw specifier has to be 'read' or 'write'}}
  affine.prefetch %A[%n, %n], rd, locality<1>, data : memref<4x4xf32>
  return
}

// -----

func.func @f(%A: memref<4x4xf32>, %n: index) {
  // expected-error@+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %v = affine.vector_load %A[%n, %n] : memref<4x4xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%x: index) {
  // expected-error@+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %r:2 = affine.delinearize_index %x into (0, 4) : index, index
  return
}

// -----

func.func @f(%x: index) {
  // expected-error@+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %r = affine.linearize_index [%x, %x, %x] by (4) : index
  return
}

// -----

func.func @f(%A: memref<4x4xf32>, %D: memref<4xf32, 1>, %T: memref<1xi32>, %n: index) {
  // expected-error@+1 {{custom op 'affine.dma_start' expected two stride related operands}}
  affine.dma_start %A[%n, %n], %D[%n], %T[0], %n, %n : memref<4x4xf32>, memref<4xf32, 1>, memref<1xi32>
  return
}

// -----

func.func @f(%x: f32, %n: index) {
  // expected-error@+1 {{custom op 'affine.dma_wait' expected tag to be of memref type}}
  affine.dma_wait %x[], %n : f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %c: i1) {
  // expected-error@+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m : memref<2xf32>) if (%c, %c)
  return
}
