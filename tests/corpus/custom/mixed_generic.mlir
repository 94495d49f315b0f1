func.func @mixed(%a: i32) -> i32 {
  %0 = "test.op"(%a) ({
  ^bb0(%arg: i32):
    %1 = arith.addi %arg, %arg : i32
    "test.yield"(%1) : (i32) -> ()
  }) {test.attr} : (i32) -> i32
  %2 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %3:2 = "test.pair"() : () -> (i32, i32)
  %4 = arith.addi %3#0, %3#1 : i32
  return %4 : i32
}
"test.top"() ({
  %c = arith.constant 1 : i32
  "test.use"(%c) : (i32) -> ()
}) : () -> ()
