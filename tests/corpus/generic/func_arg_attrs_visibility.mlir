// Covers: func.func properties: visibility, argument and result attribute arrays, a declaration with an empty body.
"func.func"() <{arg_attrs = [{foo.a = 1 : i32}, {}], function_type = (i32, f32) -> i64, res_attrs = [{foo.r}], sym_name = "decl", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
  "func.return"() : () -> ()
}) {foo.extra = "discardable"} : () -> ()
