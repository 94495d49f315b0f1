// memref.expand_shape and memref.collapse_shape: reassociations and layouts.

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [%n] : memref<16x?xf32> into memref<?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [16, %n] : memref<16x?xf32> into memref<16x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation indices must be contiguous}}
  %0 = memref.expand_shape %m [[0], [2, 1]] output_shape [16, 4, %n] : memref<16x?xf32> into memref<16x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation index 3 is out of bounds}}
  %0 = memref.expand_shape %m [[0], [1, 2, 3]] output_shape [16, 4, %n] : memref<16x?xf32> into memref<16x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim (1) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [16, 4, 4] : memref<16x?xf32> into memref<16x4x4xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (16) must equal reassociation group size (20)}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [4, 5, %n] : memref<16x?xf32> into memref<4x5x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op expanded rank (3) inconsistent with number of reassociation indices (2)}}
  %0 = memref.expand_shape %m [[0], [1]] output_shape [16, %n, 1] : memref<16x?xf32> into memref<16x?x1xf32>
  return
}

// -----

func.func @f(%m: memref<f32>) {
  // expected-error@+1 {{'memref.expand_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.expand_shape %m [] output_shape [1, 2] : memref<f32> into memref<1x2xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<16x4x?xf32>' but found 'memref<16x4x?xf32, strided<[?, ?, 1]>>'}}
  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [16, 4, %n] : memref<16x?xf32> into memref<16x4x?xf32, strided<[?, ?, 1]>>
  return
}

// -----

func.func @f(%m: memref<16x?xf32, strided<[?, 1], offset: ?>>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<4x4x?xf32, strided<[?, ?, 1], offset: ?>>' but found 'memref<4x4x?xf32>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [4, 4, %n] : memref<16x?xf32, strided<[?, 1], offset: ?>> into memref<4x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (3) but found 2 inputs instead}}
  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [16, 4] : memref<16x?xf32> into memref<16x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 0 dynamic dims while output_shape has 1 values}}
  %0 = "memref.expand_shape"(%m, %n) <{reassociation = [[0], [1, 2]], static_output_shape = array<i64: 16, 4, 5>}> : (memref<16x?xf32>, index) -> memref<16x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [16, 5, %n] : memref<16x?xf32> into memref<16x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32, affine_map<(d0, d1) -> (d1, d0)>>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op operand #0 must be strided memref of any type values, but got 'memref<16x?xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [4, 4, %n] : memref<16x?xf32, affine_map<(d0, d1) -> (d1, d0)>> into memref<4x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<16x?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.expand_shape"(%m, %n) <{reassociation = [0, [1, 2]], static_output_shape = array<i64: 16, 4, -9223372036854775808>}> : (memref<16x?xf32>, index) -> memref<16x4x?xf32>
  return
}

// -----

func.func @f(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op has source rank 2 and result rank 3. This is not a collapse (2 < 3).}}
  %0 = memref.collapse_shape %m [[0], [1], [2]] : memref<4x?xf32> into memref<4x?x1xf32>
  return
}

// -----

func.func @f(%m: memref<4x4x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (15) must equal reassociation group size (16)}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<4x4x?xf32> into memref<15x?xf32>
  return
}

// -----

func.func @f(%m: memref<4x4x?xf32, strided<[100, 10, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<4x4x?xf32, strided<[100, 10, 1]>> into memref<16x?xf32, strided<[10, 1]>>
  return
}

// -----

func.func @f(%m: memref<4x4x?xf32, strided<[40, 10, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<16x?xf32, strided<[10, 1]>>' but found 'memref<16x?xf32>'}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<4x4x?xf32, strided<[40, 10, 1]>> into memref<16x?xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<16xf32>' but found 'memref<16xf32, 1>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<16xf32, 1>
  return
}
