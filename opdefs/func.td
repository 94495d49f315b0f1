// The func dialect: functions, calls and returns. Same op names, operands,
// attributes, results, regions, traits and verifier messages as MLIR 22's
// `func` dialect.

include "OpBase.td"

def Func_Dialect : Dialect {
  let name = "func";
  let summary = "Functions, calls and returns";
  let description = [{
    The func dialect defines named functions with a single body region of
    SSA control flow, calls to them (directly by symbol, or indirectly through
    a value of function type), function constants, and the terminator that
    returns from a function.
  }];
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """A `func.constant` of `value`, a flat symbol reference, as a value of the
        function type `type_` (MLIR's `ConstantOp::isBuildableWith`)."""
        if not isinstance(value, SymbolRefAttr) or value.nested:
            return None
        if not isinstance(type_, FunctionType):
            return None
        return ConstantOp(value=value, result_0_type=type_, loc=loc)
  }];
}

class Func_Op<string mnemonic, list<Trait> traits = []>
    : Op<Func_Dialect, mnemonic, traits>;

// The `func.func` a symbol reference names, found the way MLIR's
// `lookupNearestSymbolFrom` does: in the nearest enclosing symbol table (among
// the standard dialects, `builtin.module` is the one symbol table). Sets `fn`.
defvar Func_LookupCallee = [{
    fn: FuncOp | None = None
    table = self.parent_op
    while table is not None and table.name != "builtin.module":
        if not table.is_registered and len(table.regions) == 1:
            # An unknown op with one region may be a symbol table MLIR cannot see into.
            table = None
            break
        table = table.parent_op
    if table is not None and table.regions:
        for candidate in table.regions[0].ops:
            if isinstance(candidate, FuncOp) and candidate.sym_name.value == symbol:
                fn = candidate
                break
}];

def Func_CallOp : Func_Op<"call",
    [CallOpInterface, MemRefsNormalizable, SymbolUserOpInterface]> {
  let summary = "Call a function by name";
  let description = [{
    Calls the `func.func` that `callee` names in the nearest enclosing symbol
    table, passing `operands` as its arguments. The operand and result types
    must be those of the callee's signature. `arg_attrs` and `res_attrs` attach
    attributes to the arguments and results of this call, and `no_inline` asks
    inliners to leave it alone.

    Example:

    ```mlir
    %sum = func.call @add(%x, %y) : (i32, i32) -> i32
    func.call @log(%sum) : (i32) -> ()
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$no_inline);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
  let hasVerifier = 1;
  let verifier = !strconcat([{
    symbol = self.callee.root
  }], Func_LookupCallee, [{
    if fn is None:
        return f"'{symbol}' does not reference a valid function"
    fn_type = fn.function_type.value
    if not isinstance(fn_type, FunctionType):
        # The callee's own verifier reports its malformed type.
        return None
    operand_types = [value.type for value in self.operands]
    if len(fn_type.inputs) != len(operand_types):
        return "incorrect number of operands for callee"
    for index, (expected, given) in enumerate(zip(fn_type.inputs, operand_types, strict=True)):
        if given != expected:
            return (
                f"operand type mismatch: expected operand type '{expected}', "
                f"but provided '{given}' for operand number {index}"
            )
    result_types = [value.type for value in self.results]
    if len(fn_type.results) != len(result_types):
        return "incorrect number of results for callee"
    for index, (expected, given) in enumerate(zip(fn_type.results, result_types, strict=True)):
        if given != expected:
            # MLIR's notes list the op's and the function's result types, aligned.
            return VerifyMessage(
                f"result type mismatch at index {index}",
                notes=(
                    "      op result types: " + ", ".join(f"'{t}'" for t in result_types),
                    "function result types: " + ", ".join(f"'{t}'" for t in fn_type.results),
                ),
            )
    return None
  }]);
}

// The input and result types of the callee's function type (MLIR's
// `cast<FunctionType>($_self)`): the operand's type constraint, checked first,
// has made sure it is a function type.
defvar Func_CalleeInputs = "$_self.inputs if isinstance($_self, FunctionType) else ()";
defvar Func_CalleeResults = "$_self.results if isinstance($_self, FunctionType) else ()";

def Func_CallIndirectOp : Func_Op<"call_indirect", [
    CallOpInterface,
    TypesMatchWith<"callee input types match argument types",
                   "callee", "callee_operands", Func_CalleeInputs>,
    TypesMatchWith<"callee result types match result types",
                   "callee", "results", Func_CalleeResults>]> {
  let summary = "Call a function given as a value";
  let description = [{
    Calls the function that the `callee` operand holds, a value of function
    type such as a `func.constant` produces. The remaining operands are the
    arguments; their types, and the result types, must be the inputs and
    results of the callee's type.

    Example:

    ```mlir
    %f = func.constant @add : (i32, i32) -> i32
    %sum = func.call_indirect %f(%x, %y) : (i32, i32) -> i32
    ```
  }];
  let arguments = (ins FunctionType:$callee,
                       Variadic<AnyType>:$callee_operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "$callee `(` $callee_operands `)` attr-dict `:` type($callee)";
}

def Func_ConstantOp : Func_Op<"constant", [ConstantLike, Pure, SymbolUserOpInterface]> {
  let summary = "A function, as a value";
  let description = [{
    Produces a value of function type that refers to the `func.func` named by
    `value`. The result type must be that function's type. The value can be
    called with `func.call_indirect`.

    Example:

    ```mlir
    %f = func.constant @negate : (f32) -> f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$value);
  let results = (outs AnyType);
  let assemblyFormat = "attr-dict $value `:` type(results)";
  let asmResultNames = [{
    return ((0, "f"),)
  }];
  let hasVerifier = 1;
  let verifier = !strconcat([{
    symbol = self.value.root
  }], Func_LookupCallee, [{
    if fn is None:
        return f"reference to undefined function '{symbol}'"
    if fn.function_type.value != self.results[0].type:
        return "reference to function with mismatched type"
    return None
  }]);
}

def Func_FuncOp : Func_Op<"func", [
    AffineScope, AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove,
    Symbol]> {
  let summary = "A named function with a body of SSA control flow";
  let description = [{
    Defines the function `sym_name` with the signature `function_type`. The
    body is one region whose entry block takes the function's arguments; it
    may hold several blocks that branch to each other, and its blocks end in
    terminators such as `func.return`. A function with an empty body is a
    declaration of a function defined elsewhere, and must not be public.

    `sym_visibility` is `public` (the default), `private` or `nested`.
    `arg_attrs` and `res_attrs` hold one dictionary of dialect attributes per
    argument and result, and `no_inline` keeps inliners away from the body.

    Example:

    ```mlir
    func.func @twice(%x: i32) -> i32 {
      %y = arith.addi %x, %x : i32
      return %y : i32
    }
    func.func private @extern_sqrt(f64) -> f64
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$no_inline);
  let regions = (region AnyRegion:$body);
  // `func.func private @f(%x: i32 {attrs}) -> (i32 {attrs}) attributes {...} {...}`,
  // the syntax every function-like op shares.
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return parse_function_op(p, cls, name_pos)
  }];
  let printer = [{
    print_function_op(p, self)
  }];
  let defaultDialect = "func";
  let hasVerifier = 1;
  let verifier = [{
    # MLIR checks these for the Symbol and FunctionOpInterface interfaces.
    visibility = self.sym_visibility
    if visibility is not None and visibility.value not in ("public", "private", "nested"):
        return (
            'visibility expected to be one of ["public", "private", "nested"], '
            f"but got {visibility}"
        )
    external = not self.body.blocks
    if external and (visibility is None or visibility.value == "public"):
        return "symbol declaration cannot have public visibility"
    # The invariants have checked the attributes' constraints: a function type,
    # and arrays of dictionaries.
    fn_type = self.function_type.value
    assert isinstance(fn_type, FunctionType)
    for what, attrs, count in (
        ("argument", self.arg_attrs, len(fn_type.inputs)),
        ("result", self.res_attrs, len(fn_type.results)),
    ):
        if attrs is None:
            continue
        assert isinstance(attrs, ArrayAttr)
        if len(attrs.value) != count:
            return (
                f"expects {what} attribute array to have the same number of elements "
                f"as the number of function {what}s, got {len(attrs.value)}, "
                f"but expected {count}"
            )
        for entry in attrs.value:
            assert isinstance(entry, DictionaryAttr)
            if any("." not in name for name, _ in entry.entries):
                return f"{what}s may only have dialect attributes"
    if external:
        return None
    entry_args = self.body.blocks[0].args
    if len(entry_args) != len(fn_type.inputs):
        return (
            f"entry block must have {len(fn_type.inputs)} arguments to match "
            "function signature"
        )
    for index, (arg, expected) in enumerate(zip(entry_args, fn_type.inputs, strict=True)):
        if arg.type != expected:
            return (
                f"type of entry block argument #{index}('{arg.type}') must match the "
                f"type of the corresponding argument in function signature('{expected}')"
            )
    return None
  }];
}

def Func_ReturnOp : Func_Op<"return", [
    Pure, HasParent<"Func_FuncOp">, MemRefsNormalizable, ReturnLike, Terminator]> {
  let summary = "Return from a function";
  let description = [{
    Ends a block of a `func.func` body and returns its operands to the caller.
    Their number and types must be the results of the enclosing function's
    type.

    Example:

    ```mlir
    func.func @pair(%a: i32, %b: f32) -> (i32, f32) {
      return %a, %b : i32, f32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
  let verifier = [{
    fn = self.parent_op
    if not isinstance(fn, FuncOp) or not isinstance(fn.function_type.value, FunctionType):
        # `HasParent` and the function's own verifier report these.
        return None
    results = fn.function_type.value.results
    operands = self.operands
    if len(operands) != len(results):
        return (
            f"has {len(operands)} operands, but enclosing function "
            f"(@{fn.sym_name.value}) returns {len(results)}"
        )
    for index, (value, expected) in enumerate(zip(operands, results, strict=True)):
        if value.type != expected:
            # mlir-opt prints this one without the "'func.return' op " prefix.
            return VerifyMessage(
                f"type of return operand {index} ('{value.type}') doesn't match "
                f"function result type ('{expected}') in function @{fn.sym_name.value}",
                prefixed=False,
            )
    return None
  }];
}
