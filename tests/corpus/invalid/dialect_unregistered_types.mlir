// RUN-WITHOUT: --allow-unregistered-dialect
// Covers: types and attributes of an unregistered dialect inside a registered op are rejected unless allowed (needs the func dialect registered).
// expected-error@+1 {{`!"foo"<"t">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
"func.func"() <{function_type = () -> !foo.t, sym_name = "f"}> ({
}) : () -> ()
// -----
// expected-error@+1 {{#"foo"<"a"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
"func.func"() <{function_type = () -> (), sym_name = "f", x = #foo.a}> ({
}) : () -> ()
