// memref.subview: offsets, sizes and strides, and the inferred result type.

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0, 0] [4, 4] [1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = memref.subview %m[0, 0, 0] [4, 4, 1] [1, 1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: ?>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'strides' to match the number of dynamic entries in 'static_strides' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[-1, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: -16>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -4}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: -4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<8x16xf32>' and subview memref type 'memref<4x4xf32, strided<[16, 1]>, 1>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>, 1>
  return
}

// -----

func.func @f(%m: memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{base type 'memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x1xf32, strided<[16, 1, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4x1xf32, strided<[16, 1, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x5xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<4x4xf64, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf64, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 2]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 2] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<1x1x4xf32, strided<[64, 4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1x4xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<1x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = memref.subview %m[8, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 128>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{slice along dimension 1 runs out-of-bounds: 18 >= 16}}
  %0 = memref.subview %m[0, 3] [4, 4] [1, 5] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 5], offset: 3>>
  return
}

// -----

func.func @f(%m: tensor<8x16xf32>) {
  // expected-error@+1 {{custom op 'memref.subview' invalid kind of type specified: expected builtin.memref, but found 'tensor<8x16xf32>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}
