// Type constraints of operands and results, with MLIR's names and summaries.
//
// `TypeConstraint<kind, summary>` is declarative: `kind` is one of "any",
// "integer", "float", "index", "none", "function", "shaped", "like", "any_of"
// and "predicate", and the other fields carry that kind's data. `Type<CPred<...>,
// summary>` is the Python predicate escape hatch. `Variadic`, `Optional` and
// `VariadicOfVariadic` wrap a constraint to make an operand or result group.

#ifndef ODSGEN_TYPES_TD
#define ODSGEN_TYPES_TD

include "Constraints.td"
include "Dialect.td"

class TypeConstraint<string constraintKind, string desc = "">
    : Constraint<?, desc> {
  string kind = constraintKind;
  // "integer": the allowed widths (any width when empty) and signedness, one of
  // "signless", "signed", "unsigned" and "any".
  list<int> widths = [];
  string signedness = "signless";
  // "float": the allowed float types ("f32", "bf16"; any float when empty).
  list<string> floatTypes = [];
  // "shaped": "tensor", "ranked_tensor", "unranked_tensor", "static_tensor",
  // "non0_ranked_tensor", "vector", "memref", "unranked_memref",
  // "non0_ranked_memref", "ranked_or_unranked_memref", "strided_memref" or
  // "shaped" (any of them).
  string container = "";
  // "shaped"/"like": the allowed element types (any type when empty);
  // "any_of": the alternatives.
  list<TypeConstraint> elementTypes = [];
  // "shaped": the allowed ranks (any rank when empty).
  list<int> ranks = [];
  // "predicate": the type, in MLIR syntax, a custom form that omits it gives the
  // value (empty when none is).
  string buildable = "";
}

// The escape hatch: a Python predicate over `$_self` (the type), with the type
// it builds when the custom form omits it.
class Type<Pred condition, string desc = "", string built = "">
    : TypeConstraint<"predicate", desc> {
  let predicate = condition;
  let buildable = built;
}
// A type constraint of a dialect, as MLIR spells one: a Python predicate (the C++
// type MLIR's takes last is accepted and not used).
class DialectType<Dialect d, Pred condition, string desc = "",
                  string cppType = "::mlir::Type">
    : Type<condition, desc> {
  Dialect dialect = d;
}

// Operand and result groups.
class Variadic<TypeConstraint type> : TypeConstraint<type.kind, type.summary> {
  TypeConstraint baseType = type;
}
class Optional<TypeConstraint type> : TypeConstraint<type.kind, type.summary> {
  TypeConstraint baseType = type;
}
// A variadic list of variadic sub-ranges; `segmentAttr` names the
// `DenseI32ArrayAttr` argument holding the sub-range sizes.
class VariadicOfVariadic<TypeConstraint type, string segmentAttrName>
    : TypeConstraint<type.kind, type.summary> {
  TypeConstraint baseType = type;
  string segmentAttr = segmentAttrName;
}

def AnyType : TypeConstraint<"any", "any type">;
def NoneType : TypeConstraint<"none", "none type">;
def Index : TypeConstraint<"index", "index">;
def FunctionType : TypeConstraint<"function", "function type">;

// Integers.
class AnyIntegerOf<string sign, string desc> : TypeConstraint<"integer", desc> {
  let signedness = sign;
}
class I<int width> : AnyIntegerOf<"signless", width # "-bit signless integer"> {
  let widths = [width];
}
class SI<int width> : AnyIntegerOf<"signed", width # "-bit signed integer"> {
  let widths = [width];
}
class UI<int width> : AnyIntegerOf<"unsigned", width # "-bit unsigned integer"> {
  let widths = [width];
}
class AnyI<int width> : AnyIntegerOf<"any", width # "-bit integer"> {
  let widths = [width];
}
class SignlessIntOfWidths<list<int> ws>
    : AnyIntegerOf<"signless", !interleave(ws, "/") # "-bit signless integer"> {
  let widths = ws;
}
class SignedIntOfWidths<list<int> ws>
    : AnyIntegerOf<"signed", !interleave(ws, "/") # "-bit signed integer"> {
  let widths = ws;
}
class UnsignedIntOfWidths<list<int> ws>
    : AnyIntegerOf<"unsigned", !interleave(ws, "/") # "-bit unsigned integer"> {
  let widths = ws;
}
class AnyIntOfWidths<list<int> ws>
    : AnyIntegerOf<"any", !interleave(ws, "/") # "-bit integer"> {
  let widths = ws;
}

def I1 : I<1>;
def I8 : I<8>;
def I16 : I<16>;
def I32 : I<32>;
def I64 : I<64>;
def I128 : I<128>;
def SI1 : SI<1>;
def SI8 : SI<8>;
def SI16 : SI<16>;
def SI32 : SI<32>;
def SI64 : SI<64>;
def UI1 : UI<1>;
def UI8 : UI<8>;
def UI16 : UI<16>;
def UI32 : UI<32>;
def UI64 : UI<64>;
def AnyI1 : AnyI<1>;
def AnyI8 : AnyI<8>;
def AnyI16 : AnyI<16>;
def AnyI32 : AnyI<32>;
def AnyI64 : AnyI<64>;
def AnyInteger : AnyIntegerOf<"any", "integer">;
def AnySignlessInteger : AnyIntegerOf<"signless", "signless integer">;
def AnySignedInteger : AnyIntegerOf<"signed", "signed integer">;
def AnyUnsignedInteger : AnyIntegerOf<"unsigned", "unsigned integer">;

// Floats.
class FloatOf<list<string> types, string desc> : TypeConstraint<"float", desc> {
  let floatTypes = types;
}
class F<int width> : FloatOf<["f" # width], width # "-bit float">;
class FloatOfWidths<list<int> ws>
    : FloatOf<!foreach(w, ws, "f" # w), !interleave(ws, "/") # "-bit float">;
def F16 : F<16>;
def F32 : F<32>;
def F64 : F<64>;
def F80 : F<80>;
def F128 : F<128>;
def BF16 : FloatOf<["bf16"], "bfloat16 type">;
def TF32 : FloatOf<["tf32"], "tf32 type">;
def F8E4M3FN : FloatOf<["f8E4M3FN"], "f8E4M3FN type">;
def F8E5M2 : FloatOf<["f8E5M2"], "f8E5M2 type">;
def F8E4M3 : FloatOf<["f8E4M3"], "f8E4M3 type">;
def F8E4M3FNUZ : FloatOf<["f8E4M3FNUZ"], "f8E4M3FNUZ type">;
def F8E4M3B11FNUZ : FloatOf<["f8E4M3B11FNUZ"], "f8E4M3B11FNUZ type">;
def F8E5M2FNUZ : FloatOf<["f8E5M2FNUZ"], "f8E5M2FNUZ type">;
def F8E3M4 : FloatOf<["f8E3M4"], "f8E3M4 type">;
def F4E2M1FN : FloatOf<["f4E2M1FN"], "f4E2M1FN type">;
def F6E2M3FN : FloatOf<["f6E2M3FN"], "f6E2M3FN type">;
def F6E3M2FN : FloatOf<["f6E3M2FN"], "f6E3M2FN type">;
def F8E8M0FNU : FloatOf<["f8E8M0FNU"], "f8E8M0FNU type">;
def AnyFloat : FloatOf<[], "floating-point">;

// Alternatives; `desc` replaces the joined summaries of the options. `cppClass`
// is MLIR's C++ class of the values when narrower than `::mlir::Type`
// (`::mlir::TensorType`): a custom form reads a type of another kind as an error.
class AnyTypeOf<list<TypeConstraint> options, string desc = "", string cppClass = "">
    : TypeConstraint<"any_of",
        !if(!empty(desc), !interleave(!foreach(o, options, o.summary), " or "), desc)> {
  let elementTypes = options;
  string cppType = cppClass;
}
def AnySignlessIntegerOrIndex : AnyTypeOf<[
    AnyIntegerOf<"signless", "signless integer">,
    TypeConstraint<"index", "index">]>;

// Shaped containers.
class ShapedContainerType<string cont, list<TypeConstraint> elts, string word>
    : TypeConstraint<"shaped",
        word # " of " # !if(!empty(elts), "any type",
                            !interleave(!foreach(e, elts, e.summary), " or "))
        # " values"> {
  let container = cont;
  let elementTypes = elts;
}
class TensorOf<list<TypeConstraint> elts>
    : ShapedContainerType<"tensor", elts, "tensor">;
class RankedTensorOf<list<TypeConstraint> elts>
    : ShapedContainerType<"ranked_tensor", elts, "ranked tensor">;
class UnrankedTensorOf<list<TypeConstraint> elts>
    : ShapedContainerType<"unranked_tensor", elts, "unranked tensor">;
class StaticShapeTensorOf<list<TypeConstraint> elts>
    : ShapedContainerType<"static_tensor", elts, "statically shaped tensor">;
// MLIR's summary of this one has a dot: "non-0-ranked.tensor of ... values".
class Non0RankedTensorOf<list<TypeConstraint> elts>
    : ShapedContainerType<"non0_ranked_tensor", elts, "non-0-ranked.tensor">;
class VectorOf<list<TypeConstraint> elts>
    : ShapedContainerType<"vector", elts, "vector">;
class VectorOfAnyRankOf<list<TypeConstraint> elts>
    : ShapedContainerType<"vector", elts, "vector">;
class VectorOfNonZeroRankOf<list<TypeConstraint> elts>
    : ShapedContainerType<"non0_ranked_vector", elts, "vector">;
class FixedVectorOfAnyRank<list<TypeConstraint> elts>
    : ShapedContainerType<"fixed_vector", elts, "fixed-length vector">;
class ScalableVectorOfAnyRank<list<TypeConstraint> elts>
    : ShapedContainerType<"scalable_vector", elts, "scalable vector">;
class MemRefOf<list<TypeConstraint> elts>
    : ShapedContainerType<"memref", elts, "memref">;
class UnrankedMemRefOf<list<TypeConstraint> elts>
    : ShapedContainerType<"unranked_memref", elts, "unranked.memref">;
class Non0RankedMemRefOf<list<TypeConstraint> elts>
    : ShapedContainerType<"non0_ranked_memref", elts, "non-0-ranked.memref">;
class RankedOrUnrankedMemRefOf<list<TypeConstraint> elts>
    : ShapedContainerType<"ranked_or_unranked_memref", elts, "ranked or unranked memref">;
// A memref whose layout has strides (the identity, `strided<...>`, or a map that
// is one).
class StridedMemRefOf<list<TypeConstraint> elts>
    : ShapedContainerType<"strided_memref", elts, "strided memref">;
class StaticShapeMemRefOf<list<TypeConstraint> elts>
    : ShapedContainerType<"static_memref", elts, "statically shaped memref">;
// A tensor or a memref; "Tensor or MemRef" is MLIR's wording.
class TensorOrMemRef<list<TypeConstraint> elts>
    : ShapedContainerType<"tensor_or_memref", elts, "Tensor or MemRef">;
class TensorRankOf<list<TypeConstraint> elts, list<int> rs>
    : ShapedContainerType<"ranked_tensor", elts,
        !interleave(!foreach(r, rs, r # "D"), "/") # " tensor"> {
  let ranks = rs;
}
class 0DTensorOf<list<TypeConstraint> elts> : TensorRankOf<elts, [0]>;
class 1DTensorOf<list<TypeConstraint> elts> : TensorRankOf<elts, [1]>;
class 2DTensorOf<list<TypeConstraint> elts> : TensorRankOf<elts, [2]>;
class 3DTensorOf<list<TypeConstraint> elts> : TensorRankOf<elts, [3]>;
class 4DTensorOf<list<TypeConstraint> elts> : TensorRankOf<elts, [4]>;
class MemRefRankOf<list<TypeConstraint> elts, list<int> rs>
    : ShapedContainerType<"memref", elts,
        !interleave(!foreach(r, rs, r # "D"), "/") # " memref"> {
  let ranks = rs;
}
class VectorOfRankAndType<list<int> rs, list<TypeConstraint> elts>
    : ShapedContainerType<"vector", elts, "vector"> {
  let ranks = rs;
  let summary = "vector of "
      # !interleave(!foreach(e, elts, e.summary), " or ")
      # " values of ranks " # !interleave(rs, "/");
}

def AnyTensor : TensorOf<[]>;
def AnyRankedTensor : RankedTensorOf<[]>;
def AnyUnrankedTensor : UnrankedTensorOf<[]>;
def AnyStaticShapeTensor : StaticShapeTensorOf<[]>;
def AnyNon0RankedTensor : Non0RankedTensorOf<[]>;
def AnyNon0RankedOrUnrankedTensor
    : AnyTypeOf<[AnyUnrankedTensor, AnyNon0RankedTensor], "non-0-ranked or unranked tensor",
                "::mlir::TensorType">;
def AnyVector : VectorOf<[]>;
def AnyVectorOfAnyRank : VectorOfAnyRankOf<[]>;
def AnyVectorOfNonZeroRank : VectorOfNonZeroRankOf<[]>;
def AnyFixedVectorOfAnyRank : FixedVectorOfAnyRank<[]>;
def AnyScalableVectorOfAnyRank : ScalableVectorOfAnyRank<[]>;
def AnyMemRef : MemRefOf<[]>;
def AnyUnrankedMemRef : UnrankedMemRefOf<[]>;
def AnyNon0RankedMemRef : Non0RankedMemRefOf<[]>;
def AnyRankedOrUnrankedMemRef : RankedOrUnrankedMemRefOf<[]>;
def AnyNon0RankedOrUnrankedMemRef : AnyTypeOf<[AnyUnrankedMemRef, AnyNon0RankedMemRef]>;
def AnyStridedMemRef : StridedMemRefOf<[]>;
def AnyStaticShapeMemRef : StaticShapeMemRefOf<[]>;
def AnyShaped : ShapedContainerType<"shaped", [], "shaped">;
def I1Tensor : TensorOf<[I<1>]>;
def I8Tensor : TensorOf<[I<8>]>;
def I16Tensor : TensorOf<[I<16>]>;
def I32Tensor : TensorOf<[I<32>]>;
def I64Tensor : TensorOf<[I<64>]>;
def F16Tensor : TensorOf<[F<16>]>;
def F32Tensor : TensorOf<[F<32>]>;
def F64Tensor : TensorOf<[F<64>]>;
def BF16Tensor : TensorOf<[FloatOf<["bf16"], "bfloat16 type">]>;
def IndexTensor : TensorOf<[TypeConstraint<"index", "index">]>;
def I1MemRef : MemRefOf<[I<1>]>;
def I8MemRef : MemRefOf<[I<8>]>;
def I16MemRef : MemRefOf<[I<16>]>;
def I32MemRef : MemRefOf<[I<32>]>;
def I64MemRef : MemRefOf<[I<64>]>;
def BF16MemRef : MemRefOf<[FloatOf<["bf16"], "bfloat16 type">]>;
def F16MemRef : MemRefOf<[F<16>]>;
def F32MemRef : MemRefOf<[F<32>]>;
def F64MemRef : MemRefOf<[F<64>]>;

// Complex numbers and tuples, by predicate (the model has no kind for them).
def AnyComplex : Type<CPred<"isinstance($_self, ComplexType)">, "complex-type">;
def AnyTuple : Type<CPred<"isinstance($_self, TupleType)">, "tuple">;

// A type or a value-semantics container (tensor, vector) of it. The summaries
// are MLIR's, including its "signless-integer" for `SignlessIntegerLike`.
class TypeOrContainerLike<TypeConstraint elt, string desc>
    : TypeConstraint<"like", desc> {
  let elementTypes = [elt];
}
def SignlessIntegerLike : TypeOrContainerLike<
    AnyIntegerOf<"signless", "signless integer">, "signless-integer">;
def SignlessIntegerOrIndexLike : TypeOrContainerLike<
    AnyTypeOf<[AnyIntegerOf<"signless", "signless integer">,
               TypeConstraint<"index", "index">]>,
    "signless-integer-like">;
def SignlessFixedWidthIntegerLike : TypeOrContainerLike<
    AnyIntegerOf<"signless", "signless integer">,
    "signless-fixed-width-integer-like">;
def FloatLike : TypeOrContainerLike<FloatOf<[], "floating-point">,
                                    "floating-point-like">;
def BoolLike : TypeOrContainerLike<I<1>, "bool-like">;
def SignlessIntegerOrFloatLike : AnyTypeOf<[SignlessIntegerLike, FloatLike],
    "signless-integer-like or floating-point-like">;
def SignlessIntegerOrIndexOrFloatLike
    : AnyTypeOf<[SignlessIntegerOrIndexLike, FloatLike],
                "signless-integer-or-index-like or floating-point-like">;

#endif // ODSGEN_TYPES_TD
