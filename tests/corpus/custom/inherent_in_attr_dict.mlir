func.func private @callee(i32) -> i32
func.func @inherent(%a: i32, %f: f32) -> i32 {
  %0 = arith.addi %a, %a {overflowFlags = #arith.overflow<nsw>} : i32
  %1 = arith.addf %f, %f {fastmath = #arith.fastmath<fast>, test.extra} : f32
  %2 = arith.cmpi eq, %a, %a {test.z = 1 : i64, test.a = 2 : i64} : i32
  %3 = func.call @callee(%0) {arg_attrs = [{test.x}], no_inline} : (i32) -> i32
  %4 = arith.constant {test.c} 5 : i32
  return %3 : i32
}
