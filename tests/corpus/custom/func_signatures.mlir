func.func private @decl(i32, f32) -> i32
func.func private @decl_attrs(i32 {test.a}, f32) -> (i32 {test.r = 1 : i64}, f32)
func.func nested @decl_nested()
func.func @no_results(%arg0: i32 {test.arg}) {
  return
}
func.func @multi(%a: i32, %b: f32) -> (i32, f32) attributes {test.fn = "x", no_inline} {
  return %a, %b : i32, f32
}
func.func @fn_result(%f: (i32) -> i32) -> ((i32) -> i32) {
  return %f : (i32) -> i32
}
func.func @"quoted name"(%a: i32) -> i32 {
  %0 = func.call @"quoted name"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @calls(%a: i32) -> i32 {
  %f = func.constant @multi : (i32, f32) -> (i32, f32)
  %c = arith.constant 1.0 : f32
  %0:2 = func.call_indirect %f(%a, %c) : (i32, f32) -> (i32, f32)
  func.call @no_results(%a) {test.call} : (i32) -> ()
  %2 = func.call @decl(%a, %c) : (i32, f32) -> i32
  return %2 : i32
}
