// affine.load and affine.store: subscripts are affine expressions over their operands,
// a symbol written symbol(%n); the map itself gets no alias in the custom form.
func.func @memory(%A: memref<100x100xf32>, %B: memref<f32>, %C: memref<?x8xi32>, %n: index) {
  %c3 = arith.constant 3 : index
  %zero = affine.load %B[] : memref<f32>
  affine.store %zero, %B[] {test.attr = "store"} : memref<f32>
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to %n {
      %v = affine.load %A[%i + 1, symbol(%n)] : memref<100x100xf32>
      affine.store %v, %A[%i, %i * 2 + symbol(%n)] : memref<100x100xf32>
      %w = affine.load %A[%j, %i] {test.attr = "load"} : memref<100x100xf32>
      affine.store %w, %A[symbol(%n) - %j, (%i + %j) floordiv 4] : memref<100x100xf32>
      %x = affine.load %C[%i mod 8 + symbol(%c3) * 2, -%j + 7] : memref<?x8xi32>
      affine.store %x, %C[%i ceildiv 2, %i - %i] : memref<?x8xi32>
      %y = affine.load %A[3, symbol(%c3)] : memref<100x100xf32>
    }
  }
  return
}
