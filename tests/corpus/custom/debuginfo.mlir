// FLAGS: --mlir-print-debuginfo
func.func @locs(%a: i32 loc("arg.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("add.mlir":3:4)
  return %0 : i32 loc(unknown)
}
