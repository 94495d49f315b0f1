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
    return None
  }];
  // The result type follows from the source type and the number of indices:
  // checked by `InferTypeOpInterface` after the op's own checks, as in MLIR.
  let extraClassDeclaration = [{
    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        source = operands[0].type if operands else None
        position = attributes.get("static_position")
        if not isinstance(source, VectorType) or not isinstance(position, DenseArrayAttr):
            raise InferTypeError("expected a vector source and a static position")
        if len(position.values) == source.rank:
            return [source.element_type]
        n = min(len(position.values), source.rank)
        return [VectorType.get(source.shape[n:], source.element_type, source.scalable[n:])]

    @classmethod
    def is_compatible_return_types(
        cls, inferred: Sequence[Type], actual: Sequence[Type]
    ) -> bool:
        def one_element(a: Type, b: Type) -> bool:
            # A vector of one element stands for its element.
            return isinstance(a, VectorType) and a.shape == (1,) and a.element_type == b

        if len(inferred) == 1 and len(actual) == 1:
            lhs, rhs = inferred[0], actual[0]
            return lhs == rhs or one_element(lhs, rhs) or one_element(rhs, lhs)
        return list(inferred) == list(actual)
  }];
}
