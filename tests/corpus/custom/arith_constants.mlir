func.func @constants() -> (i32, index) {
  %0 = arith.constant 42 : i32
  %1 = arith.constant 42 : i32
  %2 = arith.constant -1 : i8
  %3 = arith.constant 255 : i8
  %4 = arith.constant true
  %5 = arith.constant false
  %6 = arith.constant 0 : index
  %7 = arith.constant 0 : index
  %8 = arith.constant 1.5 : f32
  %9 = arith.constant dense<1> : vector<4xi32>
  %10 = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %11 = arith.constant 7 : i64
  "test.region"() ({
    %12 = arith.constant 42 : i32
    %13 = arith.constant 43 : i32
    "test.use"(%12, %13, %0) : (i32, i32, i32) -> ()
  }) : () -> ()
  "test.region"() ({
    %14 = arith.constant 42 : i32
    "test.use"(%14) : (i32) -> ()
  }) : () -> ()
  return %0, %6 : i32, index
}
