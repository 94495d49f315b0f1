// RUN-WITHOUT: --allow-unregistered-dialect
// Covers: ops, types and attributes of an unregistered dialect are rejected unless they are allowed.
// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.bar"() : () -> ()
// -----
// expected-error@+1 {{`!"foo"<"t">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
"func.func"() <{function_type = () -> !foo.t, sym_name = "f"}> ({
}) : () -> ()
// -----
// expected-error@+1 {{#"foo"<"a"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
"func.func"() <{function_type = () -> (), sym_name = "f", x = #foo.a}> ({
}) : () -> ()
