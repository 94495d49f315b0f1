// The builtin dialect: the top-level module and the cast that type conversions
// leave behind. Same op names, operands, attributes, results, regions and traits
// as MLIR 22's `builtin` dialect.

include "OpBase.td"

def Builtin_Dialect : Dialect {
  let name = "builtin";
  let summary = "The module container and other ops every program may use";
  let description = [{
    The builtin dialect holds the operations that the IR itself relies on: the
    `builtin.module` that contains a whole program, and the cast that marks two
    type systems meeting while a conversion is unfinished. Its types and
    attributes (integers, tensors, dense elements, ...) are part of the runtime.
  }];
}

class Builtin_Op<string mnemonic, list<Trait> traits = []>
    : Op<Builtin_Dialect, mnemonic, traits>;

def Builtin_ModuleOp : Builtin_Op<"module", [
    AffineScope, IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol,
    NoTerminator, SingleBlock, HasOnlyGraphRegion]> {
  let summary = "A container of top-level ops, and a symbol table";
  let description = [{
    A module holds a single block of ops, usually functions and globals, and
    no terminator. It is isolated from above and is a symbol table: the ops in
    it are found by their `sym_name`. A module may itself be named, which makes
    it a symbol in an enclosing module; the name is optional.

    Attributes of a module other than its name and visibility must belong to a
    dialect, that is carry a dotted name such as `dlti.dl_spec`.

    Example:

    ```mlir
    module @kernels attributes {test.version = 2 : i64} {
      func.func private @scale(f32) -> f32
    }
    ```
  }];
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = "($sym_name^)? attr-dict-with-keyword $bodyRegion";
  let defaultDialect = "builtin";
  let hasVerifier = 1;
  let verifier = [{
    # `attributes` holds the discardable attributes; the name and visibility
    # are inherent ones and live apart from them.
    for name, _ in self.attributes.entries:
        if "." not in name and name not in ("sym_name", "sym_visibility"):
            return f"can only contain attributes with dialect-prefixed names, found: '{name}'"
    return None
  }];
}

def Builtin_UnrealizedConversionCastOp
    : Builtin_Op<"unrealized_conversion_cast", [Pure]> {
  let summary = "A placeholder cast between the types of two conversion stages";
  let description = [{
    Converts any number of values into any number of values of other types
    without saying how. Dialect conversions insert it where a converted value
    meets an unconverted use, and later conversions are expected to remove it;
    it has no meaning of its own. It needs at least one result.

    Example:

    ```mlir
    %index = builtin.unrealized_conversion_cast %word : i64 to index
    %a, %b = builtin.unrealized_conversion_cast %pair : !test.pair to i32, i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict";
  let hasVerifier = 1;
  let verifier = [{
    if not self.results:
        return "expected at least one result for cast operation"
    return None
  }];
}
