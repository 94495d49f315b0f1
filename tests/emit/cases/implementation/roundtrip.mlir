func.func @f(%t: tensor<2x3xf32>) -> (tensor<2x3xf32>, i64, index, !shp.pair<i32, f32>) {
  %0 = shp.transpose %t : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = shp.transpose %0 : tensor<3x2xf32> -> tensor<2x3xf32>
  %c1 = shp.constant 1
  %c2 = shp.constant 2
  %c0 = shp.constant 0
  %s = shp.add %c1, %c2 {tag}
  %x = shp.add %s, %c0
  %d = shp.dims 2x3x4
  %p = "test.pair"() : () -> !shp.pair<i32, f32>
  return %1, %x, %d, %p : tensor<2x3xf32>, i64, index, !shp.pair<i32, f32>
}
