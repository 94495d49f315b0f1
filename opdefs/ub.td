// The ub dialect: undefined behavior made explicit. Every op and attribute of
// MLIR 22's `ub` dialect, with the same names, syntax and verifier messages.

include "OpBase.td"

def UB_Dialect : Dialect {
  let name = "ub";
  let summary = "Poison values and unreachable code";
  let description = [{
    Operations and attributes that spell undefined behavior in the IR rather
    than leaving it implicit: a poison value, which folders may replace by
    anything and which spreads through the operations that use it, and a
    terminator marking code that execution never reaches.

    Folders of other dialects propagate poison: when an operand of an
    elementwise operation is `#ub.poison`, the folded result is poison too, and
    the dialect that folded it materializes a `ub.poison` of the result type.
  }];
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """A `ub.poison` of type `type_` for a poison value, as MLIR's `UBDialect` makes one."""
        if isinstance(value, PoisonAttrInterface):
            return PoisonOp(value=value, result_type=type_, loc=loc)
        return None
  }];
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def UB_PoisonAttr : AttrDef<UB_Dialect, "Poison", [PoisonAttrInterface]> {
  let mnemonic = "poison";
  let summary = "The poison value";
  let description = [{
    A value that stands for the result of an operation whose behavior is
    deferred undefined behavior. It has no parameters: `#ub.poison`. Any use
    of it may be replaced by any value of the right type, and operations
    computing on it give poison in turn.
  }];
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class UB_Op<string mnemonic, list<Trait> traits = []>
    : Op<UB_Dialect, mnemonic, traits>;

def UB_PoisonOp : UB_Op<"poison", [ConstantLike, Pure]> {
  let reference = [{ return semantics.POISON }];
  let summary = "A poison constant";
  let description = [{
    Produces a poison value of any type. `value` says how the result is
    poison: the default, `#ub.poison`, makes all of it poison and is left out
    of the custom form; another attribute implementing `PoisonAttrInterface`
    could describe a partly poisoned value.

    Example:

    ```mlir
    %p = ub.poison : i32
    %v = ub.poison : vector<4xf32>
    %same = ub.poison <#ub.poison> : index
    ```
  }];
  let arguments = (ins DefaultValuedAttr<PoisonAttrInterface, "#ub.poison">:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict (`<` $value^ `>`)? `:` type($result)";
  let hasFolder = 1;
  let fold = [{
    return self.value
  }];
}

def UB_UnreachableOp : UB_Op<"unreachable", [Terminator]> {
  let summary = "Marks code that is never executed";
  let description = [{
    A terminator that is undefined behavior to reach: the block it ends is
    known never to run to its end. It takes no operands and has no
    successors.

    Example:

    ```mlir
    func.func @never_returns() {
      ub.unreachable
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
}
