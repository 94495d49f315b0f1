// The ml_program dialect: the top-level structure of a machine-learning
// program. Same op names, operands, attributes, results, syntax and verifier
// messages as MLIR 22's `ml_program` dialect.

include "OpBase.td"

def MLProgram_Dialect : Dialect {
  let name = "ml_program";
  let summary = "Structure of machine-learning programs";
  let description = [{
    The ml_program dialect describes the outer structure of a machine-learning
    program: functions with a body of SSA control flow, subgraphs whose body is
    a graph, and global variables that they load and store. Inside a graph,
    loads and stores of globals are ordered by tokens that each one produces and
    consumes.
  }];
  // The custom directives of the ops' formats, as MLIR's ml_program defines them.
  let implementationModule = "generator.ir.dialects.ml_program_impl";
  // The symbol lookup of the ops that use globals.
  let extraClassDeclaration = [{
    def lookup_global(op: Operation, symbol: SymbolRefAttr) -> GlobalOp | None:
        """The `ml_program.global` that `symbol` names in the nearest enclosing symbol
        table (among the shipped dialects, `builtin.module` is the one symbol table)."""
        table = op.parent_op
        while table is not None and table.name != "builtin.module":
            table = table.parent_op
        if table is None or not table.regions or not table.regions[0].blocks:
            return None
        for candidate in table.regions[0].ops:
            if isinstance(candidate, GlobalOp) and candidate.sym_name.value == symbol.root:
                return candidate
        return None
  }];
}

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

def MLProgram_TokenType : TypeDef<MLProgram_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "Token for establishing execution ordering in a graph";
  let description = [{
    A value of this type orders side effects inside a graph region: an op that
    consumes a token happens after the op that produced it.
  }];
}

def MLProgram_ExternAttr : AttrDef<MLProgram_Dialect, "Extern"> {
  let mnemonic = "extern";
  let summary = "Value used for a global signalling external resolution";
  let description = [{
    The initial value of a global defined outside the program, for example one
    loaded by the runtime. Its type is the type of the value it stands for:
    `#ml_program.extern : tensor<4xi32>`.
  }];
  let parameters = (ins AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "";
  let asmAlias = "extern";
}

class MLProgram_Op<string mnemonic, list<Trait> traits = []>
    : Op<MLProgram_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Shared verifier code
//===----------------------------------------------------------------------===//

// The `ml_program.global` that `self.global_` names (see `lookup_global`); sets
// `symbol`, `found` and `global_type`.
defvar MLProgram_LookupGlobal = [{
    symbol = self.global_
    found = lookup_global(self, symbol)
    if found is None:
        return f"undefined global: {symbol}"
    global_type = found.type.value
}];

defvar MLProgram_CheckLoad = !strconcat(MLProgram_LookupGlobal, [{
    if global_type != self.result.type:
        return (
            f"cannot load from global typed '{global_type}' as '{self.result.type}'"
        )
    return None
}]);

defvar MLProgram_CheckStore = !strconcat(MLProgram_LookupGlobal, [{
    if not found.is_mutable:
        return f"cannot store to an immutable global {symbol}"
    if global_type != self.value.type:
        return (
            f"cannot store to a global typed '{global_type}' from '{self.value.type}'"
        )
    return None
}]);

// The function-like ops' return terminators: operands against the results of
// the enclosing function's type.
defvar MLProgram_CheckTerminator = [{
    fn = self.parent_op
    if not isinstance(fn, (FuncOp, SubgraphOp)):
        return None
    fn_type = fn.function_type.value
    if not isinstance(fn_type, FunctionType):
        return None
    results = fn_type.results
    operands = self.operands
    if len(operands) != len(results):
        return (
            f"has {len(operands)} operands, but enclosing function "
            f"(@{fn.sym_name.value}) {verb} {len(results)}"
        )
    for index, (value, expected) in enumerate(zip(operands, results, strict=True)):
        if value.type != expected:
            return VerifyMessage(
                f"type of {what} operand {index} ('{value.type}') doesn't match "
                f"function result type ('{expected}') in function @{fn.sym_name.value}",
                prefixed=False,
            )
    return None
}];

//===----------------------------------------------------------------------===//
// Functions and subgraphs
//===----------------------------------------------------------------------===//

class MLProgram_FunctionLike<string mnemonic, list<Trait> traits>
    : MLProgram_Op<mnemonic, !listconcat([CallableOpInterface, FunctionOpInterface,
                                          IsolatedFromAbove, RegionKindInterface,
                                          Symbol], traits)> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return parse_function_op(p, cls, name_pos)
  }];
  let printer = [{
    print_function_op(p, self)
  }];
}

def MLProgram_FuncOp : MLProgram_FunctionLike<"func", []> {
  let summary = "Function containing a single `SSACFG` region";
  let description = [{
    A function whose body is a region of SSA control flow: blocks of ops that
    end in `ml_program.return`, which returns the function's results. Without
    a body it declares a function defined elsewhere.

    Example:

    ```mlir
    ml_program.func private @extern_func(i32) -> i32
    ml_program.func @twice(%x: i32) -> i32 {
      %y = "foo.double"(%x) : (i32) -> i32
      ml_program.return %y : i32
    }
    ```
  }];
}

def MLProgram_SubgraphOp : MLProgram_FunctionLike<"subgraph",
    [HasOnlyGraphRegion, SingleBlock]> {
  let summary = "An function containing a single `Graph` region";
  let description = [{
    A function whose body is one block of a graph region: values may be used
    before the op defining them, and the order of side effects is given by
    tokens alone. `ml_program.output` ends the block with the results.

    Example:

    ```mlir
    ml_program.subgraph @compute(%x: i32) -> i32 {
      %1 = "foo.add"(%0, %x) : (i32, i32) -> i32
      %0 = "foo.double"(%x) : (i32) -> i32
      ml_program.output %1 : i32
    }
    ```
  }];
}

def MLProgram_ReturnOp : MLProgram_Op<"return", [
    Pure, HasParent<"MLProgram_FuncOp">, ReturnLike, Terminator]> {
  let summary = "Returns values from a `func` op";
  let description = [{
    Ends the body of an `ml_program.func` and returns its operands, which must
    match the function's result types.

    Example:

    ```mlir
    ml_program.return %x, %y : i32, f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
  let verifier = !strconcat([{
    verb, what = "returns", "return"
  }], MLProgram_CheckTerminator);
}

def MLProgram_OutputOp : MLProgram_Op<"output", [
    Pure, HasParent<"MLProgram_SubgraphOp">, ReturnLike, Terminator]> {
  let summary = "Outputs values from a subgraph function";
  let description = [{
    Ends the body of an `ml_program.subgraph` with its results, which must
    match the subgraph's result types.

    Example:

    ```mlir
    ml_program.output %x : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
  let verifier = !strconcat([{
    verb, what = "outputs", "output"
  }], MLProgram_CheckTerminator);
}

//===----------------------------------------------------------------------===//
// Globals
//===----------------------------------------------------------------------===//

def MLProgram_GlobalOp : MLProgram_Op<"global", [Symbol]> {
  let summary = "Module level declaration of a global variable";
  let description = [{
    Declares the global variable `sym_name` of type `type`. A global is
    immutable unless `mutable` is given; an immutable global must have an
    initial `value`, which may be `#ml_program.extern` for a value defined
    outside the program. The value's type may be more specific than the
    global's (a static shape for a dynamic one). The visibility is always
    written: `public`, `private` or `nested`.

    Example:

    ```mlir
    ml_program.global private @weights(dense<4> : tensor<4xi32>) : tensor<4xi32>
    ml_program.global public mutable @state : tensor<?xi32>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttr:$type,
                       UnitAttr:$is_mutable,
                       OptionalAttr<AnyAttr>:$value,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) (`mutable` $is_mutable^)? $sym_name ``
    custom<TypedInitialValue>($type, $value) attr-dict
  }];
  let hasVerifier = 1;
  let verifier = [{
    if not self.is_mutable and self.value is None:
        return "immutable global must have an initial value"
    return None
  }];
}

def MLProgram_GlobalLoadOp : MLProgram_Op<"global_load", [SymbolUserOpInterface]> {
  let summary = "Direct load of a mutable value from a global";
  let description = [{
    Loads the current value of the global that `global` names; its type must
    be the global's. Outside a graph region, loads and stores of a global
    happen in program order.

    Example:

    ```mlir
    %0 = ml_program.global_load @state : tensor<?xi32>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$global);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$global `:` type($result) attr-dict";
  let asmResultNames = [{
    return ((0, self.global_.nested[-1] if self.global_.nested else self.global_.root),)
  }];
  let hasVerifier = 1;
  let verifier = MLProgram_CheckLoad;
}

def MLProgram_GlobalLoadConstOp : MLProgram_Op<"global_load_const", [
    Pure, SymbolUserOpInterface]> {
  let summary = "Direct load a constant value from a global";
  let description = [{
    Loads the value of an immutable global; since it never changes, the load
    has no side effects.

    Example:

    ```mlir
    %0 = ml_program.global_load_const @weights : tensor<4xi32>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$global);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$global `:` type($result) attr-dict";
  let asmResultNames = [{
    return ((0, self.global_.nested[-1] if self.global_.nested else self.global_.root),)
  }];
  let hasVerifier = 1;
  let verifier = !strconcat(MLProgram_LookupGlobal, [{
    if found.is_mutable:
        return f"op cannot load as const from mutable global {symbol}"
    if global_type != self.result.type:
        return (
            f"cannot load from global typed '{global_type}' as '{self.result.type}'"
        )
    return None
  }]);
}

def MLProgram_GlobalLoadGraphOp : MLProgram_Op<"global_load_graph", [
    SymbolUserOpInterface]> {
  let summary = "Direct load of a mutable value from a global in Graph region";
  let description = [{
    Loads a global inside a graph region, after the ops that produced
    `consumeTokens`; the produced token orders later accesses after this one.

    Example:

    ```mlir
    %0, %t = ml_program.global_load_graph @state ordering(%t0 -> !ml_program.token) : tensor<?xi32>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$global,
                       Variadic<MLProgram_TokenType>:$consumeTokens);
  let results = (outs AnyType:$result, MLProgram_TokenType:$produceToken);
  let assemblyFormat = [{
    $global `` custom<TokenOrdering>($consumeTokens, type($produceToken)) `:` type($result)
    attr-dict
  }];
  let asmResultNames = [{
    return ((0, "result"), (1, "produceToken"))
  }];
  let hasVerifier = 1;
  let verifier = MLProgram_CheckLoad;
}

def MLProgram_GlobalStoreOp : MLProgram_Op<"global_store", [SymbolUserOpInterface]> {
  let summary = "Direct store of a value into a mutable global";
  let description = [{
    Stores `value` into the mutable global that `global` names; its type must
    be the global's.

    Example:

    ```mlir
    ml_program.global_store @state = %0 : tensor<?xi32>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$global, AnyType:$value);
  let assemblyFormat = "$global `=` $value `:` type($value) attr-dict";
  let hasVerifier = 1;
  let verifier = MLProgram_CheckStore;
}

def MLProgram_GlobalStoreGraphOp : MLProgram_Op<"global_store_graph", [
    SymbolUserOpInterface]> {
  let summary = "Direct store of a value into a mutable global";
  let description = [{
    Stores into a mutable global inside a graph region, after the ops that
    produced `consumeTokens`; the produced token orders later accesses.

    Example:

    ```mlir
    %t1 = ml_program.global_store_graph @state = %0 ordering(%t0 -> !ml_program.token) : tensor<?xi32>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$global, AnyType:$value,
                       Variadic<MLProgram_TokenType>:$consumeTokens);
  let results = (outs MLProgram_TokenType:$produceToken);
  let assemblyFormat = [{
    $global `=` $value `` custom<TokenOrdering>($consumeTokens, type($produceToken))
    `:` type($value) attr-dict
  }];
  let hasVerifier = 1;
  let verifier = MLProgram_CheckStore;
}

def MLProgram_TokenOp : MLProgram_Op<"token", [Pure]> {
  let summary = "Produces a new token value";
  let description = [{
    A token that no op has to precede: the start of an ordering chain.

    Example:

    ```mlir
    %t = ml_program.token
    ```
  }];
  let results = (outs MLProgram_TokenType:$token);
  let assemblyFormat = "attr-dict";
}
