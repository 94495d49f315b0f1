// The memref ops in their custom forms: allocation, access, casts, views,
// reshapes and DMA.

func.func @alloc(%N: index, %n: index, %o: index, %M: index, %x: index, %y: index) {
  %x0 = memref.alloc()[%N] : memref<40x50xf32, affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>>
  %A = memref.alloc(%n)[%o] : memref<16x?xf32, affine_map<(d0, d1) [s0] -> (d0 + s0, d1)>>
  %A2 = memref.alloc() : memref<16x32xf32, affine_map<(d0, d1) -> (d0, d1)>, "hbm">
  %B = memref.alloc(%M, %N)[%x, %y] : memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 + s0, d1 + s1)>, "vmem">
  %0 = memref.alloc() {alignment = 64} : memref<8x64xf32, 1>
  %1 = memref.alloc(%n) : memref<8x?xf32>
  %2 = memref.alloc(%n)[%x, %y] : memref<4x?xf32, strided<[?, 1], offset: ?>>
  %3 = memref.alloc() : memref<f32>
  %4 = memref.alloca() : memref<8x64xf32>
  %5 = memref.alloca(%n)[%o] {alignment = 16} : memref<8x?xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  %6 = memref.alloca() {foo = "bar"} : memref<2xi32>
  return
}

func.func @access(%A2: memref<16x32xf32, affine_map<(d0, d1) -> (d0, d1)>, "hbm">, %A: memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">, %i: index, %j: index, %s: memref<f32>) {
  %v = memref.load %A2[%i, %j] : memref<16x32xf32, affine_map<(d0, d1) -> (d0, d1)>, "hbm">
  %c1023 = arith.constant 1023 : index
  %1 = arith.constant 1 : index
  %100 = arith.constant 1.0 : f32
  memref.store %100, %A[%1, %c1023] : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">
  %w = memref.load %A[%i, %j] {nontemporal = true} : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">
  %u = memref.load %A[%i, %j] {alignment = 16 : i64, nontemporal = false} : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">
  memref.store %w, %A[%i, %j] {alignment = 8, nontemporal = true} : memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">
  %z = memref.load %s[] : memref<f32>
  memref.store %z, %s[] : memref<f32>
  return
}

func.func @dealloc_dim_cast(%A: memref<1024x64xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">, %B: memref<16x?xf32, "hbm">, %c1: index, %2: memref<4x?xf32>, %u: memref<*xf32>) {
  memref.dealloc %A : memref<1024x64xf32, affine_map<(d0, d1) -> (d1, d0)>, "hbm">
  %n1 = memref.dim %B, %c1 : memref<16x?xf32, "hbm">
  %d = memref.dim %u, %c1 : memref<*xf32>
  %3 = memref.cast %2 : memref<4x?xf32> to memref<?x?xf32>
  %4 = memref.cast %2 : memref<4x?xf32> to memref<4x8xf32>
  %5 = memref.cast %2 : memref<4x?xf32> to memref<*xf32>
  %6 = memref.cast %u : memref<*xf32> to memref<4x?xf32>
  %7 = memref.cast %4 : memref<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
  %8 = memref.cast %7 : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[8, 1]>>
  memref.dealloc %u : memref<*xf32>
  return
}

func.func @subview(%A: memref<16x?xf32, "hbm">, %0: index, %c1: index, %m: memref<8x16x4xf32>, %s: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %n1 = memref.dim %A, %c1 : memref<16x?xf32, "hbm">
  %B = memref.subview %A[%0, 0] [4, %n1] [1, 1] : memref<16x?xf32, "hbm"> to memref<4x?xf32, strided<[?, 1], offset: ?>, "hbm">
  %1 = memref.subview %m[0, 2, 0] [8, 8, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x8x4xf32, strided<[64, 4, 1], offset: 8>>
  %2 = memref.subview %m[1, 0, 0] [2, 8, 2] [2, 2, 2] : memref<8x16x4xf32> to memref<2x8x2xf32, strided<[128, 8, 2], offset: 64>>
  %3 = memref.subview %m[0, 0, 0] [8, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x16x4xf32, strided<[64, 4, 1]>>
  %4 = memref.subview %s[%0, %c1] [%0, 4] [%c1, 2] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  %5 = memref.subview %m[%0, %c1, 0] [1, 2, 4] [1, %0, 1] {tag} : memref<8x16x4xf32> to memref<1x2x4xf32, strided<[64, ?, 1], offset: ?>>
  %6 = memref.subview %m[0, 0, 0] [8, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)>>
  %7 = memref.subview %m[7, 0, 0] [0, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<0x16x4xf32, strided<[64, 4, 1], offset: 448>>
  // Rank-reducing subviews.
  %8 = memref.subview %m[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  %9 = memref.subview %m[3, 4, 1] [1, 6, 3] [1, 1, 1] : memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 209>>
  %10 = memref.subview %m[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<1x4xf32, strided<[4, 1]>>
  %11 = memref.subview %m[%0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<4xf32, strided<[1], offset: ?>>
  %12 = memref.subview %s[%0, 1] [1, %c1] [1, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  // Results and sources with affine-map layouts, and zero-rank views.
  %p = memref.alloc() : memref<6x4xf32>
  %13 = memref.subview %p[2, 1] [1, 1] [1, 1] : memref<6x4xf32> to memref<f32, affine_map<() -> (9)>>
  %14 = memref.subview %p[%0, 3] [1, 1] [1, 1] : memref<6x4xf32> to memref<f32, affine_map<()[s0] -> (s0)>>
  %15 = memref.subview %p[1, %0] [2, 3] [1, 1] : memref<6x4xf32> to memref<2x3xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  %q = memref.alloc()[%0] : memref<32xf32, affine_map<(d0)[s0] -> (d0 * 2 + s0)>>
  %16 = memref.subview %q[4] [%c1] [3] : memref<32xf32, affine_map<(d0)[s0] -> (d0 * 2 + s0)>> to memref<?xf32, strided<[6], offset: ?>>
  %r = memref.alloc() : memref<f32>
  %17 = memref.subview %r[] [] [] : memref<f32> to memref<f32>
  return
}

func.func @reshape(%D: memref<16x?xf32, "hbm">, %N4: index, %E: memref<4x4x?xf32>, %S: memref<16x?xf32, strided<[?, 1], offset: ?>>, %T: memref<4x4x?xf32, strided<[40, 10, 1]>>, %Z: memref<f32>, %O: memref<1x1xf32>) {
  %DR = memref.expand_shape %D [[0], [1, 2]] output_shape [16, 4, %N4] : memref<16x?xf32, "hbm"> into memref<16x4x?xf32, "hbm">
  %0 = memref.expand_shape %S [[0, 1], [2]] output_shape [4, 4, %N4] : memref<16x?xf32, strided<[?, 1], offset: ?>> into memref<4x4x?xf32, strided<[?, ?, 1], offset: ?>>
  %1 = memref.expand_shape %Z [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %2 = memref.expand_shape %D [[0, 1], [2]] output_shape [2, 8, %N4] {tag} : memref<16x?xf32, "hbm"> into memref<2x8x?xf32, "hbm">
  %3 = memref.collapse_shape %E [[0, 1], [2]] : memref<4x4x?xf32> into memref<16x?xf32>
  %4 = memref.collapse_shape %E [[0, 1, 2]] : memref<4x4x?xf32> into memref<?xf32>
  %5 = memref.collapse_shape %T [[0, 1], [2]] : memref<4x4x?xf32, strided<[40, 10, 1]>> into memref<16x?xf32, strided<[10, 1]>>
  %6 = memref.collapse_shape %T [[0], [1, 2]] : memref<4x4x?xf32, strided<[40, 10, 1]>> into memref<4x?xf32, strided<[40, ?]>>
  %7 = memref.collapse_shape %O [] : memref<1x1xf32> into memref<f32>
  return
}

func.func @dma(%src: memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>, %dst: memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>, %tag: memref<1 x i32, affine_map<(d0) -> (d0)>, 4>, %i: index, %j: index, %k: index, %l: index, %size: index, %idx: index) {
  memref.dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx] : memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>, memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>, memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  memref.dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx], %k, %l : memref<40 x 8 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 0>, memref<2 x 4 x vector<16xf32>, affine_map<(d0, d1) -> (d0, d1)>, 2>, memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  memref.dma_wait %tag[%idx], %size : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  memref.dma_wait %tag[%idx], %size {tag} : memref<1 x i32, affine_map<(d0) -> (d0)>, 4>
  return
}

func.func @copy(%a: memref<4x?xf32>, %b: memref<4x?xf32, strided<[?, 1]>>, %u: memref<*xf32>) {
  memref.copy %a, %b : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  memref.copy %u, %a {tag} : memref<*xf32> to memref<4x?xf32>
  return
}
