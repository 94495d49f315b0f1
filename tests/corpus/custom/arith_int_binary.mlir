func.func @int_binary(%a: i32, %b: i32, %v: vector<4xi64>, %t: tensor<?xi8>) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b overflow<nsw> : i32
  %2 = arith.muli %1, %a overflow<nuw> : i32
  %3 = arith.shli %2, %a overflow<nsw, nuw> : i32
  %4 = arith.divsi %3, %b : i32
  %5 = arith.divui %4, %b exact : i32
  %6 = arith.shrui %5, %a exact : i32
  %7 = arith.ceildivsi %6, %a : i32
  %8 = arith.floordivsi %7, %a : i32
  %9 = arith.remui %8, %b : i32
  %10 = arith.andi %9, %a : i32
  %11 = arith.ori %10, %a : i32
  %12 = arith.xori %11, %a : i32
  %13 = arith.maxsi %12, %a : i32
  %14 = arith.minui %13, %a : i32
  %15 = arith.addi %v, %v overflow<nsw> : vector<4xi64>
  %16 = arith.muli %t, %t : tensor<?xi8>
  %17 = arith.addi %a, %b {some.attr = 3 : i64} : i32
  %18 = arith.addi %a, %b overflow<none> : i32
  return %14 : i32
}
