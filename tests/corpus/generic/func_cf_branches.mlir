// Covers: func.func and cf branch ops in generic form: function_type and sym_name properties, cf.br and cf.cond_br with operand segments.
"func.func"() <{function_type = (i1, i32) -> i32, sym_name = "select"}> ({
^bb0(%cond: i1, %v: i32):
  %c = "foo.const"() : () -> i32
  "cf.cond_br"(%cond, %v, %c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%x: i32):
  "cf.br"(%x)[^bb3] : (i32) -> ()
^bb2(%y: i32):
  "cf.br"(%y)[^bb3] : (i32) -> ()
^bb3(%r: i32):
  "func.return"(%r) : (i32) -> ()
}) : () -> ()
