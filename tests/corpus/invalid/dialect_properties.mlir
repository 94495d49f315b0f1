// Covers: properties that registered ops reject (needs the func dialect registered).
// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "f"}> ({
}) : () -> ()
// -----
// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()
// -----
// expected-error@+1 {{invalid properties {function_type = () -> (), sym_name = 42 : i64} for op func.func: Invalid attribute `sym_name` in property conversion: 42 : i64}}
"func.func"() <{function_type = () -> (), sym_name = 42}> ({
}) : () -> ()
