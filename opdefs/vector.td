// The vector dialect: so far `vector.extract`, with the same operands,
// attributes, results, traits, syntax and verifier messages as MLIR 22's.

include "OpBase.td"

def Vector_Dialect : Dialect {
  let name = "vector";
  let summary = "Operations on values of vector type";
  let description = [{
    The vector dialect holds operations on values of the builtin vector type:
    taking them apart and putting them together, element by element or a
    sub-vector at a time.
  }];
  let dependentDialects = ["arith"];
}

class Vector_Op<string mnemonic, list<Trait> traits = []>
    : Op<Vector_Dialect, mnemonic, traits>;

def Vector_ExtractOp : Vector_Op<"extract", [
    InferTypeOpInterface, Pure,
    PredOpTrait<"operand and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.source.type)">>]> {
  let summary = "Take an element or a sub-vector out of a vector";
  let description = [{
    Returns the element or sub-vector of `source` at `position`, which indexes
    the leading dimensions: with as many indices as `source` has dimensions
    the result is an element, with fewer it is the vector of the remaining
    trailing dimensions. Each index is a constant or an SSA value of index
    type; the constant -1 stands for a poison index and gives a poison result.

    Example:

    ```mlir
    %e = vector.extract %v[%i, 2] : i32 from vector<4x4xi32>
    %row = vector.extract %v[1] : vector<4xi32> from vector<4x4xi32>
    ```
  }];
  let arguments = (ins AnyVector:$source,
                       Variadic<Index>:$dynamic_position,
                       DenseI64ArrayAttr:$static_position);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($dynamic_position, $static_position)
    attr-dict `:` type($result) `from` type($source)
  }];
  let hasVerifier = 1;
  // MLIR checks the result type against the inferred one after the op's own
  // checks, and reports both that mismatch and the failed inference.
  let verifier = [{
    source = self.source.type
    result = self.result.type
    assert isinstance(source, VectorType)
    if isinstance(result, VectorType) and result.rank == 0:
        return VerifyMessage(
            "expected a scalar instead of a 0-d vector as the result type", prefixed=False
        )
    position = self.static_position.values
    if list(position).count(DYNAMIC) != len(self.dynamic_position):
        return (
            "mismatch between dynamic and static positions (kDynamic marker but no "
            "corresponding dynamic position) -- this can only happen due to an "
            "incorrect fold/rewrite"
        )
    if len(position) > source.rank:
        return "expected position attribute of rank no greater than vector rank"
    for index, value in enumerate(position):
        if value != DYNAMIC and value != -1 and not 0 <= value < source.shape[index]:
            return (
                f"expected position attribute #{index + 1} to be a non-negative integer "
                "smaller than the corresponding vector dimension or poison (-1)"
            )
    if len(position) == source.rank:
        inferred: Type = source.element_type
    else:
        inferred = VectorType.get(
            source.shape[len(position) :],
            source.element_type,
            source.scalable[len(position) :],
        )

    def one_element(a: Type, b: Type) -> bool:
        # A vector of one element stands for its element.
        return isinstance(a, VectorType) and a.shape == (1,) and a.element_type == b

    compatible = one_element(inferred, result) or one_element(result, inferred)
    if inferred != result and not compatible:
        return with_emitted(
            emit_op_error(
                self,
                f"inferred type(s) '{inferred}' are incompatible with return type(s) of "
                f"operation '{result}'",
            ),
            "failed to infer returned types",
        )
    return None
  }];
}
