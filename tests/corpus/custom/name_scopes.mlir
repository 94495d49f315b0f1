func.func @first(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 1 : i32
  %r = "test.region"() ({
  ^bb0(%x: i32):
    %c3 = arith.constant 1 : i32
    %c4 = arith.constant 2 : i32
    "test.region"() ({
      %c5 = arith.constant 1 : i32
      %c6 = arith.constant 2 : i32
      "test.use"(%c5, %c6, %x) : (i32, i32, i32) -> ()
    }) : () -> ()
    "test.use"(%c3, %c4) : (i32, i32) -> ()
  }) : () -> i32
  %s:2 = arith.addui_extended %a, %c1 : i32, i1
  %t:2 = arith.addui_extended %a, %c2 : i32, i1
  return %r : i32
}
func.func @second(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %s:2 = arith.addui_extended %a, %c1 : i32, i1
  return %s#0 : i32
}
