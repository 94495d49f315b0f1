func.func @branches(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  cf.cond_br %c weights([3, 7]), ^bb3(%b, %a : i32, i32), ^bb4
^bb3(%y: i32, %z: i32):
  cf.assert %c, "must hold"
  cf.switch %y : i32, [
    default: ^bb4,
    0: ^bb4,
    -5: ^bb5(%z : i32)
  ]
^bb4:
  return %a : i32
^bb5(%w: i32):
  cf.switch %w : i32, [
    default: ^bb6(%w : i32)
  ]
^bb6(%v: i32):
  return %v : i32
}
// Branch weights as MLIR reads an int32_t each: hexadecimal, `true` (all ones), extremes.
func.func @weights(%c: i1) {
  cf.cond_br %c weights([0x7fffffff, true]), ^bb1, ^bb2
^bb1:
  cf.cond_br %c weights([-2147483648, 007]), ^bb2, ^bb2
^bb2:
  return
}
