module @outer attributes {test.outer = 1 : i32} {
  module {
    func.func private @inner()
  }
  module @named {
  }
  func.func @cast(%a: i32) -> f32 {
    %0 = builtin.unrealized_conversion_cast %a : i32 to f32
    %1:2 = builtin.unrealized_conversion_cast %a, %0 : i32, f32 to i64, f64
    %2 = builtin.unrealized_conversion_cast to i8
    return %0 : f32
  }
}
