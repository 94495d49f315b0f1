// memref.cast: the source and result types must be cast compatible.

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf64>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xf64>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, 1>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4x1xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4x1xf32>
  return
}

// -----

func.func @f(%m: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<*xf32>
  return
}

// -----

func.func @f(%m: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<4xi32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[4, 1], offset: 2>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: 2>>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x4xf32>' and result type 'memref<4x4xf32, strided<[1, 4]>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>
  return
}

// -----

func.func @f(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>' and result type 'memref<4x4xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x4xf32>
  return
}

// -----

func.func @f(%m: tensor<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.cast"(%m) : (tensor<4xf32>) -> memref<4xf32>
  return
}
