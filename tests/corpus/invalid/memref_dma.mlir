// memref.dma_start and memref.dma_wait: the structure of their operands.

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.dma_start' expected two stride related operands}}
  memref.dma_start %a[%i, %i], %b[%i, %i], %i, %t[%i], %i : memref<4x4xf32>, memref<4x4xf32, 2>, memref<1xi32>
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.dma_start' fewer/more types expected}}
  memref.dma_start %a[%i, %i], %b[%i, %i], %i, %t[%i] : memref<4x4xf32>, memref<4x4xf32, 2>
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 4 operands}}
  "memref.dma_start"(%a, %i, %i) : (memref<4x4xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%a: f32, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected source to be of memref type}}
  "memref.dma_start"(%a, %i, %i, %i) : (f32, index, index, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 6 operands}}
  "memref.dma_start"(%a, %i, %i, %i) : (memref<4x4xf32>, index, index, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected source indices to be of index type}}
  "memref.dma_start"(%a, %j, %i, %b, %i, %i, %i, %t, %i) : (memref<4x4xf32>, i32, index, memref<4x4xf32, 2>, index, index, index, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected destination to be of memref type}}
  "memref.dma_start"(%a, %i, %i, %j, %i, %i, %i, %t, %i) : (memref<4x4xf32>, index, index, i32, index, index, index, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 8 operands}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected destination indices to be of index type}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %j, %i, %t, %i) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, i32, index, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected num elements to be of index type}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i, %j, %t, %i) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index, i32, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected tag to be of memref type}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i, %i, %j, %i) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index, index, i32, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1x1xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 10 operands}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i, %i, %t, %i) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index, index, memref<1x1xi32>, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected tag indices to be of index type}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i, %i, %t, %j) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index, index, memref<1xi32>, i32) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i, %i, %t, %i, %i) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index, index, memref<1xi32>, index, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32, 2>, %t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected stride and num elements per stride to be of type index}}
  "memref.dma_start"(%a, %i, %i, %b, %i, %i, %i, %t, %i, %i, %j) : (memref<4x4xf32>, index, index, memref<4x4xf32, 2>, index, index, index, memref<1xi32>, index, index, i32) -> ()
  return
}

// -----

func.func @f(%t: memref<1x1xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1}}
  memref.dma_wait %t[%i], %i : memref<1x1xi32>
  return
}

// -----

func.func @f(%t: memref<1xi32>, %i: index, %j: i32) {
  // expected-error@+1 {{'memref.dma_wait' op operand #2 must be index, but got 'i32'}}
  "memref.dma_wait"(%t, %i, %j) : (memref<1xi32>, index, i32) -> ()
  return
}
