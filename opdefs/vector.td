// The vector dialect: every op of MLIR 22's `vector` dialect, with the same
// operands, attributes, results, traits, syntax and verifier messages. The checks
// and the syntax too long for a code block live in the implementation module,
// `generator/ir/dialects/vector_impl.py`.

include "OpBase.td"
include "arith.td"

def Vector_Dialect : Dialect {
  let name = "vector";
  let summary = "Operations on values of vector type";
  let description = [{
    The vector dialect holds operations on values of the builtin vector type,
    fixed-length (`vector<4x8xf32>`) or scalable (`vector<[4]xf32>`, whose
    bracketed dimensions are multiples of a size known only when the program
    runs, `vector.vscale`): taking them apart and putting them together,
    reducing, contracting and transposing them, and moving them between memory
    and registers, under a mask or not.
  }];
  let dependentDialects = ["arith"];
  let implementationModule = "generator.ir.dialects.vector_impl";
}

//===----------------------------------------------------------------------===//
// Enums and attributes
//===----------------------------------------------------------------------===//

def CombiningKind : I32EnumAttr<"CombiningKind",
    "Kind of combining function for contractions and reductions", [
  I32EnumAttrCase<"ADD", 0, "add">,
  I32EnumAttrCase<"MUL", 1, "mul">,
  I32EnumAttrCase<"MINUI", 2, "minui">,
  I32EnumAttrCase<"MINSI", 3, "minsi">,
  I32EnumAttrCase<"MINNUMF", 4, "minnumf">,
  I32EnumAttrCase<"MAXUI", 5, "maxui">,
  I32EnumAttrCase<"MAXSI", 6, "maxsi">,
  I32EnumAttrCase<"MAXNUMF", 7, "maxnumf">,
  I32EnumAttrCase<"AND", 8, "and">,
  I32EnumAttrCase<"OR", 9, "or">,
  I32EnumAttrCase<"XOR", 10, "xor">,
  I32EnumAttrCase<"MAXIMUMF", 12, "maximumf">,
  I32EnumAttrCase<"MINIMUMF", 11, "minimumf">
]> {
  let cppNamespace = "::mlir::vector";
  let description = [{
    How a reduction, a scan or a contraction combines two values: an
    arithmetic operation (`add`, `mul`), a bitwise one (`and`, `or`, `xor`, on
    integers), or a minimum or maximum, of integers read as signed (`minsi`) or
    unsigned (`maxui`), or of floats, with NaN operands ignored (`minnumf`,
    `maxnumf`) or propagated (`minimumf`, `maximumf`).
  }];
}

// `#vector.kind<add>`; `<add>` alone in the custom forms that take one.
def Vector_CombiningKindAttr : EnumAttr<Vector_Dialect, CombiningKind, "kind">;

def Vector_IteratorType : I32EnumAttr<"IteratorType", "Iterator type", [
  I32EnumAttrCase<"parallel", 0>,
  I32EnumAttrCase<"reduction", 1>
]> {
  let cppNamespace = "::mlir::vector";
  let description = [{
    Whether a dimension of a contraction's iteration space appears in its
    result (`parallel`) or is summed over (`reduction`).
  }];
}

// `#vector.iterator_type<parallel>`.
def Vector_IteratorTypeEnum : EnumAttr<Vector_Dialect, Vector_IteratorType, "iterator_type">;

def Vector_IteratorTypeArrayAttr
    : TypedArrayAttrBase<Vector_IteratorTypeEnum, "Iterator type should be an enum.">;

def PrintPunctuation : I32EnumAttr<"PrintPunctuation",
    "Punctuation for separating vectors or vector elements", [
  I32EnumAttrCase<"NoPunctuation", 0, "no_punctuation">,
  I32EnumAttrCase<"NewLine", 1, "newline">,
  I32EnumAttrCase<"Comma", 2, "comma">,
  I32EnumAttrCase<"Open", 3, "open">,
  I32EnumAttrCase<"Close", 4, "close">
]> {
  let cppNamespace = "::mlir::vector";
  let description = [{
    What `vector.print` writes after its value, or alone: a newline, a comma,
    an opening or closing bracket, or nothing.
  }];
}

// `#vector.punctuation<comma>`.
def Vector_PrintPunctuationAttr : EnumAttr<Vector_Dialect, PrintPunctuation, "punctuation">;

// A positive power of two, the alignment in bytes a memory access may assume.
def Vector_Alignment : ConfinedAttr<I64Attr, [IntPositivePowerOf2]>;

//===----------------------------------------------------------------------===//
// Type constraints MLIR's vector ops use beyond the base library's
//===----------------------------------------------------------------------===//

// MLIR's summaries of these two start with a space: "must be  of ranks 1".
def Vector_VectorOfRank1
    : Type<CPred<"isinstance($_self, VectorType) and $_self.rank == 1">, " of ranks 1">;
def Vector_ScalableVectorOfRank1
    : Type<CPred<"isinstance($_self, VectorType) and $_self.rank == 1 and "
                 "any($_self.scalable)">, " of ranks 1">;
def Vector_FixedMask
    : Type<CPred<"isinstance($_self, VectorType) and $_self.rank > 0 and "
                 "not any($_self.scalable) and $_self.element_type == IntegerType.get(1)">,
           "fixed-length vector of 1-bit signless integer values">;
def Vector_Mask : VectorOfNonZeroRankOf<[I1]>;
// What `vector.print` prints; MLIR's summary of it is empty.
def Vector_Printable
    : Type<CPred<"isinstance($_self, (VectorType, IntegerType, IndexType, FloatType))">, "">;

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
  let hasFolder = 1;
  let fold = [{
    # Without a position the result is the whole source.
    if not self.static_position.values and self.source.type == self.result.type:
        return self.source
    return None
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

//===----------------------------------------------------------------------===//
// Reductions and contractions
//===----------------------------------------------------------------------===//

def Vector_ReductionOp : Vector_Op<"reduction", [Pure,
    PredOpTrait<"source operand and result have same element type",
                CPred<"element_type_or_self($_op.dest.type) == "
                      "element_type_or_self($_op.vector.type)">>,
    PredOpTrait<"dest and acc have the same type",
                CPred<"$_op.acc is None or $_op.acc.type == $_op.dest.type">>]> {
  let summary = "Reduce a 1-D vector to a scalar";
  let description = [{
    Combines the elements of a 0-D or 1-D vector with `kind` into one scalar of
    the element type, starting from `acc` when it is given. Float kinds take
    fast-math flags.

    Example:

    ```mlir
    %sum = vector.reduction <add>, %v : vector<16xf32> into f32
    %max = vector.reduction <maxsi>, %w, %init : vector<[4]xi32> into i32
    ```
  }];
  let arguments = (ins Vector_CombiningKindAttr:$kind,
                       AnyVectorOfAnyRank:$vector,
                       Optional<AnyType>:$acc,
                       DefaultValuedAttr<Arith_FastMathFlagsAttr, "none">:$fastmath);
  let results = (outs AnyType:$dest);
  // MLIR's format is "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)?
  // attr-dict `:` type($vector) `into` type($dest)", the type of `acc` that of
  // `dest` (an `OptionalTypesMatchWith`, which the formats here cannot infer from).
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_reduction(self)
  }];
}

def Vector_MultiDimReductionOp : Vector_Op<"multi_reduction", [Pure,
    AllTypesMatch<["dest", "acc"]>,
    PredOpTrait<"source operand and result have same element type",
                CPred<"element_type_or_self($_op.dest.type) == "
                      "element_type_or_self($_op.source.type)">>]> {
  let summary = "Reduce a vector along some of its dimensions";
  let description = [{
    Combines the elements of `source` with `kind` along the dimensions
    `reduction_dims`, and combines the result with `acc`. The result has the
    dimensions left; with none left it is a scalar.

    Example:

    ```mlir
    %r = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>
    ```
  }];
  let arguments = (ins Vector_CombiningKindAttr:$kind,
                       AnyVectorOfNonZeroRank:$source,
                       AnyType:$acc,
                       DenseI64ArrayAttr:$reduction_dims);
  let results = (outs AnyType:$dest);
  let assemblyFormat =
    "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)";
  let hasFolder = 1;
  let fold = [{
    # A 1-D reduction along no dimension is the source.
    if vector_impl.rank(self.source.type) == 1 and 0 not in self.reduction_dims.values:
        return self.source
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_multi_reduction(self)
  }];
}

def Vector_ContractionOp : Vector_Op<"contract", [Pure,
    PredOpTrait<"lhs and rhs have same element type",
                CPred<"element_type_or_self($_op.lhs.type) == "
                      "element_type_or_self($_op.rhs.type)">>,
    PredOpTrait<"third operand acc and result have same element type",
                CPred<"element_type_or_self($_op.acc.type) == "
                      "element_type_or_self($_op.result.type)">>]> {
  let summary = "Contract two vectors along some of their dimensions";
  let description = [{
    Multiplies the elements of `lhs` and `rhs` and sums the products along the
    `reduction` dimensions of the iteration space, into `acc`. `indexing_maps`
    map the iteration space to the dimensions of `lhs`, `rhs` and `acc`;
    `iterator_types` say which dimensions are `parallel` and which are
    `reduction`; `kind` (default `add`) is how products are combined with the
    accumulator.

    Example:

    ```mlir
    %c = vector.contract {
           indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                            affine_map<(i, j, k) -> (k, j)>,
                            affine_map<(i, j, k) -> (i, j)>],
           iterator_types = ["parallel", "parallel", "reduction"]}
         %a, %b, %acc : vector<4x8xf32>, vector<8x2xf32> into vector<4x2xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$lhs, AnyVectorOfNonZeroRank:$rhs, AnyType:$acc,
                       ArrayAttr:$indexing_maps,
                       Vector_IteratorTypeArrayAttr:$iterator_types,
                       DefaultValuedAttr<Vector_CombiningKindAttr, "add">:$kind);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the maps first."""
        return [self.indexing_maps]
  }];
  let hasVerifier = 1;
}

def Vector_OuterProductOp : Vector_Op<"outerproduct", [Pure,
    PredOpTrait<"lhs operand and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.lhs.type)">>,
    PredOpTrait<"rhs operand and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.rhs.type)">>]> {
  let summary = "Outer product of two vectors, with an optional accumulator";
  let description = [{
    The outer product of two 1-D vectors (a 2-D result), or the product of a
    1-D vector and a scalar (an AXPY, a 1-D result), combined with `acc` by
    `kind` when given.

    Example:

    ```mlir
    %m = vector.outerproduct %a, %b, %acc : vector<4xf32>, vector<8xf32>
    %y = vector.outerproduct %x, %s {kind = #vector.kind<add>} : vector<4xf32>, f32
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$lhs, AnyType:$rhs,
                       Optional<AnyVectorOfNonZeroRank>:$acc,
                       DefaultValuedAttr<Vector_CombiningKindAttr, "add">:$kind);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """Without an accumulator the custom form writes no attributes."""
        return None if self.acc is not None else []
  }];
  let hasVerifier = 1;
}

def Vector_ScanOp : Vector_Op<"scan", [Pure,
    AllTypesMatch<["source", "dest"]>,
    AllTypesMatch<["initial_value", "accumulated_value"]>]> {
  let summary = "Prefix reduction of a vector along one dimension";
  let description = [{
    The running reduction of `source` with `kind` along `reduction_dim`,
    starting from `initial_value`, inclusive of each element or not; the second
    result is the last value of the running reduction.

    Example:

    ```mlir
    %d:2 = vector.scan <add>, %v, %init {inclusive = true, reduction_dim = 1 : i64}
           : vector<4x8xf32>, vector<4xf32>
    ```
  }];
  let arguments = (ins Vector_CombiningKindAttr:$kind,
                       AnyVectorOfNonZeroRank:$source,
                       AnyVectorOfAnyRank:$initial_value,
                       I64Attr:$reduction_dim,
                       BoolAttr:$inclusive);
  let results = (outs AnyVectorOfNonZeroRank:$dest, AnyVectorOfAnyRank:$accumulated_value);
  let assemblyFormat =
    "$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` type($initial_value)";
  let asmResultNames = [{
    return ((0, "dest"), (1, "accumulated_value"))
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_scan(self)
  }];
}

//===----------------------------------------------------------------------===//
// Building and splitting vectors
//===----------------------------------------------------------------------===//

def Vector_BroadcastOp : Vector_Op<"broadcast", [Pure,
    PredOpTrait<"source operand and result have same element type",
                CPred<"element_type_or_self($_op.vector.type) == "
                      "element_type_or_self($_op.source.type)">>]> {
  let summary = "Broadcast a scalar or a vector to a vector of higher rank";
  let description = [{
    Copies a scalar into every element of the result, or a vector along the
    result's leading dimensions and its own dimensions of size 1.

    Example:

    ```mlir
    %s = vector.broadcast %f : f32 to vector<4x[8]xf32>
    %v = vector.broadcast %row : vector<1x8xi32> to vector<3x4x8xi32>
    ```
  }];
  let arguments = (ins AnyType:$source);
  let results = (outs AnyVectorOfAnyRank:$vector);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($vector)";
  let hasFolder = 1;
  let fold = [{
    # A broadcast to the source's own type is the source.
    if self.source.type == self.vector.type:
        return self.source
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_broadcast(self)
  }];
}

def Vector_ShuffleOp : Vector_Op<"shuffle", [Pure, InferTypeOpInterface,
    PredOpTrait<"first operand v1 and result have same element type",
                CPred<"element_type_or_self($_op.vector.type) == "
                      "element_type_or_self($_op.v1.type)">>,
    PredOpTrait<"second operand v2 and result have same element type",
                CPred<"element_type_or_self($_op.vector.type) == "
                      "element_type_or_self($_op.v2.type)">>]> {
  let summary = "Pick leading-dimension slices of two vectors";
  let description = [{
    Builds a vector from the leading-dimension slices of `v1` and `v2`, taken
    as one list (the slices of `v1`, then those of `v2`) and picked by the
    indices of `mask`; -1 picks a poison slice.

    Example:

    ```mlir
    %r = vector.shuffle %a, %b [0, 3, 1, -1] : vector<2xf32>, vector<2xf32>
    ```
  }];
  let arguments = (ins AnyFixedVectorOfAnyRank:$v1, AnyFixedVectorOfAnyRank:$v2,
                       DenseI64ArrayAttr:$mask);
  let results = (outs AnyVectorOfNonZeroRank:$vector);
  let assemblyFormat = "operands $mask attr-dict `:` type(operands)";
  let hasFolder = 1;
  let fold = [{
    return vector_impl.fold_shuffle(self)
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_shuffle(self)
  }];
  let extraClassDeclaration = [{
    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        return vector_impl.infer_shuffle(operands, attributes)
  }];
}

def Vector_InterleaveOp : Vector_Op<"interleave", [Pure,
    AllTypesMatch<["lhs", "rhs"]>,
    TypesMatchWith<"type of 'result' is double the width of the inputs",
                   "lhs", "result", "vector_impl.double_trailing($_self)">]> {
  let summary = "Interleave the elements of two vectors";
  let description = [{
    The vector whose trailing dimension alternates the elements of `lhs` and
    `rhs`: twice as long as theirs (a 0-D pair gives a 2-element vector).

    Example:

    ```mlir
    %r = vector.interleave %a, %b : vector<4xi32> -> vector<8xi32>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$lhs, AnyVectorOfAnyRank:$rhs);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def Vector_DeinterleaveOp : Vector_Op<"deinterleave", [Pure,
    PredOpTrait<"the trailing dimension of the source vector has an even number of elements",
                CPred<"vector_impl.trailing_even($_op.source.type)">>,
    TypesMatchWith<"the trailing dimension of the results is half the width of source "
                   "trailing dimension",
                   "source", "res1", "vector_impl.halve_trailing($_self)">,
    AllTypesMatch<["res1", "res2"]>]> {
  let summary = "Split a vector into its even and odd elements";
  let description = [{
    The inverse of `vector.interleave`: the elements at even positions of the
    trailing dimension of `source`, and those at odd positions.

    Example:

    ```mlir
    %even, %odd = vector.deinterleave %v : vector<8xi32> -> vector<4xi32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$source);
  let results = (outs AnyVectorOfNonZeroRank:$res1, AnyVectorOfNonZeroRank:$res2);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($res1)";
  // As MLIR names the results of an op with several named results.
  let asmResultNames = [{
    return ((0, "res1"), (1, "res2"))
  }];
}

def Vector_InsertOp : Vector_Op<"insert", [Pure,
    PredOpTrait<"source operand and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.value_to_store.type)">>,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "Put an element or a sub-vector into a vector";
  let description = [{
    Returns `dest` with the element or sub-vector at `position` replaced by
    `valueToStore`. As for `vector.extract`, each index is a constant or an SSA
    value of index type, and -1 is a poison index.

    Example:

    ```mlir
    %r = vector.insert %e, %v[%i, 2] : i32 into vector<4x4xi32>
    %s = vector.insert %row, %v[1] : vector<4xi32> into vector<4x4xi32>
    ```
  }];
  let arguments = (ins AnyType:$valueToStore,
                       AnyVectorOfAnyRank:$dest,
                       Variadic<Index>:$dynamic_position,
                       DenseI64ArrayAttr:$static_position);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = [{
    $valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position)
    attr-dict `:` type($valueToStore) `into` type($dest)
  }];
  let hasFolder = 1;
  let fold = [{
    # Without a position the value replaces the whole vector.
    if not self.static_position.values and self.value_to_store.type == self.result.type:
        return self.value_to_store
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_insert(self)
  }];
}

def Vector_ToElementsOp : Vector_Op<"to_elements", [Pure, InferTypeOpInterface,
    PredOpTrait<"shaped type 'source' matches 'elements' element count and types",
                CPred<"vector_impl.matches_elements($_op.source.type, $_op.elements)">>]> {
  let summary = "Every element of a vector, as scalars";
  let description = [{
    Returns the elements of `source` one by one, in row-major order.

    Example:

    ```mlir
    %a, %b, %c, %d = vector.to_elements %v : vector<2x2xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source);
  let results = (outs Variadic<AnyType>:$elements);
  let assemblyFormat = "$source attr-dict `:` type($source)";
  let extraClassDeclaration = [{
    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        return vector_impl.infer_to_elements(operands)
  }];
  let hasFolder = 1;
  let fold = [{
    # The elements a `vector.from_elements` of the same type was made of.
    source = self.source.defining_op
    if isinstance(source, FromElementsOp) and source.dest.type == self.source.type:
        return list(source.elements)
    return None
  }];
}

def Vector_FromElementsOp : Vector_Op<"from_elements", [Pure,
    PredOpTrait<"shaped type 'dest' matches 'elements' element count and types",
                CPred<"vector_impl.matches_elements($_op.dest.type, $_op.elements)">>]> {
  let summary = "A vector made of scalars";
  let description = [{
    The vector whose elements, in row-major order, are the operands.

    Example:

    ```mlir
    %v = vector.from_elements %a, %b, %c, %d : vector<2x2xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs AnyFixedVectorOfAnyRank:$dest);
  // MLIR's format is `$elements attr-dict : type($dest)`: the operands take
  // the result's element type, which the declarative formats here cannot say.
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
  let fold = [{
    return vector_impl.fold_from_elements(self)
  }];
}

def Vector_ScalableInsertOp : Vector_Op<"scalable.insert", [Pure,
    AllElementTypesMatch<["valueToStore", "dest"]>,
    AllTypesMatch<["dest", "result"]>,
    PredOpTrait<"position is a multiple of the source length.",
                CPred<"vector_impl.multiple_of($_op.pos.value, $_op.value_to_store.type)">>]> {
  let summary = "Put a 1-D vector into a scalable 1-D vector";
  let description = [{
    Returns `dest` with the elements from `pos` on replaced by those of
    `valueToStore`; `pos` is a multiple of the length of `valueToStore`.

    Example:

    ```mlir
    %r = vector.scalable.insert %v, %s[8] : vector<4xf32> into vector<[8]xf32>
    ```
  }];
  let arguments = (ins Vector_VectorOfRank1:$valueToStore,
                       Vector_ScalableVectorOfRank1:$dest,
                       I64Attr:$pos);
  let results = (outs Vector_ScalableVectorOfRank1:$result);
  let assemblyFormat = [{
    $valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) `into` type($dest)
  }];
}

def Vector_ScalableExtractOp : Vector_Op<"scalable.extract", [Pure,
    AllElementTypesMatch<["source", "result"]>,
    PredOpTrait<"position is a multiple of the result length.",
                CPred<"vector_impl.multiple_of($_op.pos.value, $_op.result.type)">>]> {
  let summary = "Take a 1-D vector out of a scalable 1-D vector";
  let description = [{
    The elements of `source` from `pos` on, as many as the result has; `pos`
    is a multiple of the length of the result.

    Example:

    ```mlir
    %r = vector.scalable.extract %s[4] : vector<4xf32> from vector<[8]xf32>
    ```
  }];
  let arguments = (ins Vector_ScalableVectorOfRank1:$source, I64Attr:$pos);
  let results = (outs Vector_VectorOfRank1:$result);
  let assemblyFormat = [{
    $source `[` $pos `]` attr-dict `:` type($result) `from` type($source)
  }];
}

def Vector_InsertStridedSliceOp : Vector_Op<"insert_strided_slice", [Pure,
    PredOpTrait<"operand #0 and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.value_to_store.type)">>,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "Put a vector into a larger one at offsets";
  let description = [{
    Returns `dest` with the block that starts at `offsets` replaced by
    `valueToStore`, whose dimensions match the trailing ones of `dest`.
    `strides` are all 1.

    Example:

    ```mlir
    %r = vector.insert_strided_slice %small, %big
           {offsets = [0, 2], strides = [1]} : vector<4xf32> into vector<2x8xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$valueToStore, AnyVectorOfNonZeroRank:$dest,
                       I64ArrayAttr:$offsets, I64ArrayAttr:$strides);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)
  }];
  let hasFolder = 1;
  let fold = [{
    if self.value_to_store.type == self.dest.type:
        return self.value_to_store
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_insert_strided_slice(self)
  }];
}

def Vector_ExtractStridedSliceOp : Vector_Op<"extract_strided_slice", [Pure,
    PredOpTrait<"operand and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.source.type)">>]> {
  let summary = "Take a block of a vector";
  let description = [{
    The block of `source` that starts at `offsets` and has `sizes` along the
    leading dimensions (the trailing ones whole). `strides` are all 1.

    Example:

    ```mlir
    %r = vector.extract_strided_slice %v
           {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]}
           : vector<4x8x16xf32> to vector<2x4x16xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$source, I64ArrayAttr:$offsets,
                       I64ArrayAttr:$sizes, I64ArrayAttr:$strides);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type(results)";
  let hasFolder = 1;
  let fold = [{
    if self.source.type == self.result.type:
        return self.source
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_extract_strided_slice(self)
  }];
}

def Vector_FMAOp : Vector_Op<"fma", [Pure,
    AllTypesMatch<["lhs", "rhs", "acc", "result"]>,
    Elementwise, Scalarizable, Vectorizable, Tensorizable]> {
  let summary = "Fused multiply-add of vectors of floats";
  let description = [{
    `lhs * rhs + acc`, element by element, rounded once.

    Example:

    ```mlir
    %r = vector.fma %a, %b, %c : vector<8xf32>
    ```
  }];
  let arguments = (ins VectorOfAnyRankOf<[AnyFloat]>:$lhs,
                       VectorOfAnyRankOf<[AnyFloat]>:$rhs,
                       VectorOfAnyRankOf<[AnyFloat]>:$acc);
  let results = (outs VectorOfAnyRankOf<[AnyFloat]>:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)";
}

def Vector_TransposeOp : Vector_Op<"transpose", [Pure,
    PredOpTrait<"operand and result have same element type",
                CPred<"element_type_or_self($_op.result.type) == "
                      "element_type_or_self($_op.vector.type)">>]> {
  let summary = "Permute the dimensions of a vector";
  let description = [{
    Result dimension `i` is dimension `permutation[i]` of the operand.

    Example:

    ```mlir
    %t = vector.transpose %v, [1, 0] : vector<2x[4]xf32> to vector<[4]x2xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$vector, DenseI64ArrayAttr:$permutation);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = [{
    $vector `,` $permutation attr-dict `:` type($vector) `to` type($result)
  }];
  let hasFolder = 1;
  let fold = [{
    # A transpose that keeps the type and moves only unit dimensions.
    if self.vector.type == self.result.type and vector_impl.order_preserving(self):
        return self.vector
    return None
  }];
  // MLIR's pattern: a transpose that moves only unit dimensions of a shape_cast's
  // result is one shape_cast.
  let hasCanonicalizeMethod = 1;
  let canonicalize = [{
    inner = op.vector.defining_op
    if not isinstance(inner, ShapeCastOp) or not vector_impl.order_preserving(op):
        return False
    rewriter.replace_op_with_new_op(
        op, ShapeCastOp(inner.source, result_type=op.result.type, loc=op.loc)
    )
    return True
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_transpose(self)
  }];
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def Vector_ShapeCastOp : Vector_Op<"shape_cast", [Pure]> {
  let summary = "Reshape a vector";
  let description = [{
    The same elements, in the same row-major order, in a vector of another
    shape with as many elements and as many scalable dimensions.

    Example:

    ```mlir
    %r = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasFolder = 1;
  let fold = [{
    return vector_impl.fold_cast_chain(self, self.source, self.result, ShapeCastOp)
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_shape_cast(self)
  }];
}

def Vector_BitCastOp : Vector_Op<"bitcast", [Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = "Reinterpret the bits of a vector";
  let description = [{
    The same bits seen as elements of another type: the leading dimensions are
    kept, and the trailing one holds as many bits as before.

    Example:

    ```mlir
    %r = vector.bitcast %v : vector<4xi32> to vector<8xi16>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasFolder = 1;
  let fold = [{
    return vector_impl.fold_cast_chain(self, self.source, self.result, BitCastOp)
  }];
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_bitcast(self)
  }];
}

def Vector_TypeCastOp : Vector_Op<"type_cast", [Pure]> {
  let summary = "View a memref of scalars as a memref of one vector";
  let description = [{
    Views a statically shaped memref of scalars (or of vectors) as a 0-D memref
    holding one vector of the whole shape.

    Example:

    ```mlir
    %v = vector.type_cast %m : memref<4x8xf32> to memref<vector<4x8xf32>>
    ```
  }];
  let arguments = (ins StaticShapeMemRefOf<[AnyType]>:$memref);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$memref attr-dict `:` type($memref) `to` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_type_cast(self)
  }];
}

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

def Vector_ConstantMaskOp : Vector_Op<"constant_mask", [Pure]> {
  let summary = "A mask with a constant leading block set";
  let description = [{
    The mask whose set elements are those with every index below the
    corresponding entry of `mask_dim_sizes`. A scalable dimension is set in
    full or not at all.

    Example:

    ```mlir
    %m = vector.constant_mask [3, 2] : vector<4x3xi1>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$mask_dim_sizes);
  let results = (outs VectorOfAnyRankOf<[I1]>:$result);
  let assemblyFormat = "$mask_dim_sizes attr-dict `:` type(results)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_constant_mask(self)
  }];
}

def Vector_CreateMaskOp : Vector_Op<"create_mask", [Pure]> {
  let summary = "A mask with a leading block set, of sizes given as values";
  let description = [{
    As `vector.constant_mask`, with the bounds given as index operands, one per
    dimension of the result.

    Example:

    ```mlir
    %m = vector.create_mask %a, %b : vector<4x[4]xi1>
    ```
  }];
  let arguments = (ins Variadic<Index>:$operands);
  let results = (outs VectorOfAnyRankOf<[I1]>:$result);
  let assemblyFormat = "$operands attr-dict `:` type(results)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_create_mask(self)
  }];
}

def Vector_MaskOp : Vector_Op<"mask", [
    SingleBlockImplicitTerminator<"Vector_YieldOp">,
    RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "Run one maskable op under a mask";
  let description = [{
    Applies `mask` to the one op of its region, whose results, yielded by
    `vector.yield`, are those of the mask op; the elements the mask leaves out
    come from `passthru` when it is given. An empty region only passes its
    values through.

    Example:

    ```mlir
    %r = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 }
         : vector<8xi1> -> f32
    %s = vector.mask %m, %pass { vector.transfer_read %mem[%i], %pad : memref<?xf32>, vector<8xf32> }
         : vector<8xi1> -> vector<8xf32>
    ```
  }];
  let arguments = (ins Vector_Mask:$mask, Optional<AnyType>:$passthru);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$maskRegion);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form writes the masked op alone, or the yield when it is alone."""
        return None, vector_impl.mask_yield_printed(self)
  }];
  let hasVerifier = 1;
}

def Vector_YieldOp : Vector_Op<"yield", [Pure, ReturnLike, Terminator]> {
  let summary = "Yield the values of a vector region";
  let description = [{
    Ends the region of `vector.mask`, yielding its results.

    Example:

    ```mlir
    vector.yield %r : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// Sequences, scale and printing
//===----------------------------------------------------------------------===//

def Vector_StepOp : Vector_Op<"step", [Pure]> {
  let summary = "The vector 0, 1, 2, ...";
  let description = [{
    A 1-D vector of indices whose elements are their own positions.

    Example:

    ```mlir
    %s = vector.step : vector<[4]xindex>
    ```
  }];
  let results = (outs VectorOfRankAndType<[1], [Index]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def VectorScaleOp : Vector_Op<"vscale", [Pure]> {
  let summary = "The multiple of scalable vector dimensions";
  let description = [{
    The number, known when the program runs, by which each scalable dimension
    (`[4]` in `vector<[4]xf32>`) is multiplied. Its result is named `%vscale`.

    Example:

    ```mlir
    %vs = vector.vscale
    ```
  }];
  let results = (outs Index:$res);
  let assemblyFormat = "attr-dict";
  let asmResultNames = [{
    return ((0, "vscale"),)
  }];
}

def Vector_PrintOp : Vector_Op<"print", [
    PredOpTrait<"`source` or `punctuation` are not set when printing strings",
                CPred<"$_op.string_literal is None or ($_op.source is None and "
                      "$_op.punctuation.value == PrintPunctuation.NewLine)">>]> {
  let summary = "Print a value or a string (for tests and debugging)";
  let description = [{
    Prints a scalar or a vector, or a string, followed by `punctuation` (a
    newline unless told otherwise).

    Example:

    ```mlir
    vector.print %v : vector<4xf32>
    vector.print punctuation <comma>
    vector.print str "done\n"
    ```
  }];
  let arguments = (ins Optional<Vector_Printable>:$source,
                       DefaultValuedAttr<Vector_PrintPunctuationAttr, "newline">:$punctuation,
                       OptionalAttr<StrAttr>:$stringLiteral);
  let assemblyFormat = [{
    ($source^ `:` type($source))?
      oilist(`str` $stringLiteral | `punctuation` $punctuation)
      attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def Vector_TransferReadOp : Vector_Op<"transfer_read", [AttrSizedOperandSegments]> {
  let summary = "Read a vector from a memref or a tensor";
  let description = [{
    Reads a vector from `base` starting at `indices`. `permutation_map` maps
    the dimensions of `base` to those of the vector (a minor identity unless
    given; a constant 0 result broadcasts); `in_bounds` says, per vector
    dimension, whether the read is known to stay inside `base`. Elements out of
    bounds, or masked out by `mask`, take the value `padding`.

    Example:

    ```mlir
    %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true, false]}
         : memref<?x?xf32>, vector<4x8xf32>
    %w = vector.transfer_read %t[%i], %pad, %mask
         {permutation_map = affine_map<(d0) -> (0)>} : tensor<?xf32>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyShaped:$base,
                       Variadic<Index>:$indices,
                       AffineMapAttr:$permutation_map,
                       AnyType:$padding,
                       Optional<Vector_Mask>:$mask,
                       BoolArrayAttr:$in_bounds);
  let results = (outs AnyVectorOfAnyRank:$vector);
  let hasCustomAssemblyFormat = 1;
  // The permutation map is written only when it is not the minor identity.
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        return vector_impl.transfer_printed_attrs(self)
  }];
  let hasVerifier = 1;
}

def Vector_TransferWriteOp : Vector_Op<"transfer_write", [AttrSizedOperandSegments]> {
  let summary = "Write a vector to a memref or a tensor";
  let description = [{
    Writes `valueToStore` into `base` starting at `indices`, with a
    permutation map, bounds and mask as for `vector.transfer_read`. Writing to
    a tensor returns the new tensor.

    Example:

    ```mlir
    vector.transfer_write %v, %m[%i, %j] {in_bounds = [true, true]}
        : vector<4x8xf32>, memref<?x?xf32>
    %t2 = vector.transfer_write %v, %t[%i], %mask : vector<8xf32>, tensor<?xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$valueToStore,
                       AnyShaped:$base,
                       Variadic<Index>:$indices,
                       AffineMapAttr:$permutation_map,
                       Optional<Vector_Mask>:$mask,
                       BoolArrayAttr:$in_bounds);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let hasCustomAssemblyFormat = 1;
  // The permutation map is written only when it is not the minor identity.
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        return vector_impl.transfer_printed_attrs(self)
  }];
  let hasVerifier = 1;
}

def Vector_LoadOp : Vector_Op<"load"> {
  let summary = "Read a vector from consecutive elements of a memref";
  let description = [{
    Reads the vector whose trailing dimension lies along the trailing
    dimension of `base`, starting at `indices`.

    Example:

    ```mlir
    %v = vector.load %m[%i, %j] : memref<?x?xf32>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat =
      "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_load(self)
  }];
}

def Vector_StoreOp : Vector_Op<"store"> {
  let summary = "Write a vector to consecutive elements of a memref";
  let description = [{
    The inverse of `vector.load`.

    Example:

    ```mlir
    vector.store %v, %m[%i, %j] : memref<?x?xf32>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfAnyRank:$valueToStore,
                       AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let assemblyFormat = "$valueToStore `,` $base `[` $indices `]` attr-dict "
                       "`:` type($base) `,` type($valueToStore)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_store(self)
  }];
}

def Vector_MaskedLoadOp : Vector_Op<"maskedload"> {
  let summary = "Read the elements of a vector that a mask selects";
  let description = [{
    As `vector.load`, but only the elements whose mask bit is set are read;
    the others come from `pass_thru`.

    Example:

    ```mlir
    %v = vector.maskedload %m[%i], %mask, %pass
         : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       Vector_Mask:$mask,
                       AnyVectorOfNonZeroRank:$pass_thru,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` "
    "type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_masked_load(self)
  }];
}

def Vector_MaskedStoreOp : Vector_Op<"maskedstore"> {
  let summary = "Write the elements of a vector that a mask selects";
  let description = [{
    As `vector.store`, but only the elements whose mask bit is set are written.

    Example:

    ```mlir
    vector.maskedstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       Vector_Mask:$mask,
                       AnyVectorOfNonZeroRank:$valueToStore,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let assemblyFormat =
      "$base `[` $indices `]` `,` $mask `,` $valueToStore "
      "attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_masked_store(self)
  }];
}

def Vector_GatherOp : Vector_Op<"gather"> {
  let summary = "Read elements at a vector of indices";
  let description = [{
    Element `i` of the result is read from `base` at `offsets` plus
    `indices[i]` along the trailing dimension, when mask bit `i` is set, and is
    `pass_thru[i]` otherwise.

    Example:

    ```mlir
    %g = vector.gather %m[%c0][%idx], %mask, %pass
         : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    ```
  }];
  let arguments = (ins TensorOrMemRef<[AnyType]>:$base,
                       Variadic<Index>:$offsets,
                       VectorOfNonZeroRankOf<[AnyInteger, Index]>:$indices,
                       Vector_Mask:$mask,
                       AnyVectorOfNonZeroRank:$pass_thru,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat =
    "$base `[` $offsets `]` `[` $indices `]` `,` "
    "$mask `,` $pass_thru attr-dict `:` type($base) `,` "
    "type($indices) `,` type($mask) `,` type($pass_thru) "
    "`into` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_gather(self)
  }];
}

def Vector_ScatterOp : Vector_Op<"scatter"> {
  let summary = "Write elements at a vector of indices";
  let description = [{
    The inverse of `vector.gather`: element `i` of `valueToStore` is written
    when mask bit `i` is set. Scattering into a tensor returns the new tensor.

    Example:

    ```mlir
    vector.scatter %m[%c0][%idx], %mask, %v
        : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
    ```
  }];
  let arguments = (ins TensorOrMemRef<[AnyType]>:$base,
                       Variadic<Index>:$offsets,
                       VectorOfNonZeroRankOf<[AnyInteger, Index]>:$indices,
                       Vector_Mask:$mask,
                       AnyVectorOfNonZeroRank:$valueToStore,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = "$base `[` $offsets `]` `[` $indices `]` `,` "
                       "$mask `,` $valueToStore attr-dict `:` type($base) `,` "
                       "type($indices) `,` type($mask) `,` "
                       "type($valueToStore) (`->` type($result)^)?";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_scatter(self)
  }];
}

def Vector_ExpandLoadOp : Vector_Op<"expandload"> {
  let summary = "Read consecutive elements into the positions a mask selects";
  let description = [{
    Reads consecutive elements of `base` from `indices` on into the positions
    of the result whose mask bit is set, in order; the other positions come
    from `pass_thru`.

    Example:

    ```mlir
    %v = vector.expandload %m[%i], %mask, %pass
         : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       Vector_FixedMask:$mask,
                       AnyVectorOfNonZeroRank:$pass_thru,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` "
    "type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_expand_load(self)
  }];
}

def Vector_CompressStoreOp : Vector_Op<"compressstore"> {
  let summary = "Write the elements a mask selects to consecutive elements";
  let description = [{
    The inverse of `vector.expandload`.

    Example:

    ```mlir
    vector.compressstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       Vector_FixedMask:$mask,
                       AnyVectorOfNonZeroRank:$valueToStore,
                       OptionalAttr<Vector_Alignment>:$alignment);
  let assemblyFormat =
      "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` "
      "type($base) `,` type($mask) `,` type($valueToStore)";
  let hasVerifier = 1;
  let verifier = [{
    return vector_impl.verify_compress_store(self)
  }];
}
