// The arith dialect: integer and floating-point arithmetic, comparisons and
// casts on scalars and on vectors and tensors of them. Every op of MLIR 22's
// `arith` dialect, with the same op names, operand, attribute and result names,
// constraints (and so the same verifier messages), traits and enums.

include "OpBase.td"

def Arith_Dialect : Dialect {
  let name = "arith";
  let summary = "Integer and floating-point arithmetic";
  let description = [{
    Basic arithmetic on integers, indices and floating-point numbers: binary
    and unary operations, bitwise logic and shifts, comparisons, selection and
    conversions between types. Every operation also works element by element
    on vectors and tensors of those types.

    Integers are signless bit vectors in two's complement; an operation says
    whether it reads them as signed or unsigned (`divsi`, `divui`). Unless an
    operation says otherwise, a poison operand makes its result poison, per
    element for vectors and tensors.
  }];
  let hasConstantMaterializer = 1;
}

//===----------------------------------------------------------------------===//
// Enums and enum attributes
//===----------------------------------------------------------------------===//

def Arith_CmpFPredicate : I64EnumAttr<"CmpFPredicate", "", [
  I64EnumAttrCase<"AlwaysFalse", 0, "false">,
  I64EnumAttrCase<"OEQ", 1, "oeq">,
  I64EnumAttrCase<"OGT", 2, "ogt">,
  I64EnumAttrCase<"OGE", 3, "oge">,
  I64EnumAttrCase<"OLT", 4, "olt">,
  I64EnumAttrCase<"OLE", 5, "ole">,
  I64EnumAttrCase<"ONE", 6, "one">,
  I64EnumAttrCase<"ORD", 7, "ord">,
  I64EnumAttrCase<"UEQ", 8, "ueq">,
  I64EnumAttrCase<"UGT", 9, "ugt">,
  I64EnumAttrCase<"UGE", 10, "uge">,
  I64EnumAttrCase<"ULT", 11, "ult">,
  I64EnumAttrCase<"ULE", 12, "ule">,
  I64EnumAttrCase<"UNE", 13, "une">,
  I64EnumAttrCase<"UNO", 14, "uno">,
  I64EnumAttrCase<"AlwaysTrue", 15, "true">
]> {
  let description = [{
    The comparison `arith.cmpf` makes. Cases starting with `o` are ordered
    (false when either operand is NaN), those starting with `u` unordered (true
    when either is NaN); `ord` and `uno` only test for NaN, and `false` and
    `true` ignore the operands.
  }];
}

def Arith_CmpIPredicate : I64EnumAttr<"CmpIPredicate", "", [
  I64EnumAttrCase<"eq", 0>,
  I64EnumAttrCase<"ne", 1>,
  I64EnumAttrCase<"slt", 2>,
  I64EnumAttrCase<"sle", 3>,
  I64EnumAttrCase<"sgt", 4>,
  I64EnumAttrCase<"sge", 5>,
  I64EnumAttrCase<"ult", 6>,
  I64EnumAttrCase<"ule", 7>,
  I64EnumAttrCase<"ugt", 8>,
  I64EnumAttrCase<"uge", 9>
]> {
  let description = [{
    The comparison `arith.cmpi` makes: equality, or an order that reads the
    operands as signed (`s...`) or unsigned (`u...`) integers.
  }];
}

def Arith_AtomicRMWKind : I64EnumAttr<"AtomicRMWKind", "", [
  I64EnumAttrCase<"addf", 0>,
  I64EnumAttrCase<"addi", 1>,
  I64EnumAttrCase<"andi", 2>,
  I64EnumAttrCase<"assign", 3>,
  I64EnumAttrCase<"maximumf", 4>,
  I64EnumAttrCase<"maxnumf", 5>,
  I64EnumAttrCase<"maxs", 6>,
  I64EnumAttrCase<"maxu", 7>,
  I64EnumAttrCase<"minimumf", 8>,
  I64EnumAttrCase<"minnumf", 9>,
  I64EnumAttrCase<"mins", 10>,
  I64EnumAttrCase<"minu", 11>,
  I64EnumAttrCase<"mulf", 12>,
  I64EnumAttrCase<"muli", 13>,
  I64EnumAttrCase<"ori", 14>,
  I64EnumAttrCase<"xori", 15>
]> {
  let description = [{
    How an atomic read-modify-write combines the stored value with a new one;
    used by the ops of other dialects that update memory atomically.
  }];
}

def Arith_FastMathNone : I32BitEnumAttrCaseNone<"none">;
def Arith_FastMathReassoc : I32BitEnumAttrCaseBit<"reassoc", 0>;
def Arith_FastMathNoNaNs : I32BitEnumAttrCaseBit<"nnan", 1>;
def Arith_FastMathNoInfs : I32BitEnumAttrCaseBit<"ninf", 2>;
def Arith_FastMathNoSignedZeros : I32BitEnumAttrCaseBit<"nsz", 3>;
def Arith_FastMathAllowRecip : I32BitEnumAttrCaseBit<"arcp", 4>;
def Arith_FastMathAllowContract : I32BitEnumAttrCaseBit<"contract", 5>;
def Arith_FastMathApproxFunc : I32BitEnumAttrCaseBit<"afn", 6>;
def Arith_FastMathFast : I32BitEnumAttrCaseGroup<"fast", [
    Arith_FastMathReassoc, Arith_FastMathNoNaNs, Arith_FastMathNoInfs,
    Arith_FastMathNoSignedZeros, Arith_FastMathAllowRecip,
    Arith_FastMathAllowContract, Arith_FastMathApproxFunc]>;

def Arith_FastMathFlags : I32BitEnumAttr<"FastMathFlags",
    "Floating point fast math flags", [
      Arith_FastMathNone, Arith_FastMathReassoc, Arith_FastMathNoNaNs,
      Arith_FastMathNoInfs, Arith_FastMathNoSignedZeros, Arith_FastMathAllowRecip,
      Arith_FastMathAllowContract, Arith_FastMathApproxFunc, Arith_FastMathFast]> {
  let description = [{
    Assumptions a floating-point operation may make to compute its result
    faster: that operands are not NaN (`nnan`) or infinite (`ninf`), that the
    sign of zero does not matter (`nsz`), that it may reassociate (`reassoc`),
    use reciprocals (`arcp`), fuse with neighbouring operations (`contract`)
    or approximate functions (`afn`). `fast` sets all of them.
  }];
  let separator = ",";
  let printBitEnumPrimaryGroups = 1;
}

def Arith_FastMathFlagsAttr : EnumAttr<Arith_Dialect, Arith_FastMathFlags, "fastmath"> {
  let assemblyFormat = "`<` $value `>`";
}

def Arith_IntegerOverflowNone : I32BitEnumAttrCaseNone<"none">;
def Arith_IntegerOverflowNsw : I32BitEnumAttrCaseBit<"nsw", 0>;
def Arith_IntegerOverflowNuw : I32BitEnumAttrCaseBit<"nuw", 1>;

def Arith_IntegerOverflowFlags : I32BitEnumAttr<"IntegerOverflowFlags",
    "Integer overflow arith flags", [
      Arith_IntegerOverflowNone, Arith_IntegerOverflowNsw, Arith_IntegerOverflowNuw]> {
  let description = [{
    Promises about integer overflow: with `nsw` a result that does not fit as
    a signed integer is poison, with `nuw` one that does not fit as an unsigned
    integer is.
  }];
  let separator = ", ";
  let printBitEnumPrimaryGroups = 1;
}

def Arith_IntegerOverflowFlagsAttr
    : EnumAttr<Arith_Dialect, Arith_IntegerOverflowFlags, "overflow"> {
  let assemblyFormat = "`<` $value `>`";
}

def Arith_RoundingMode : I32EnumAttr<"RoundingMode", "Floating point rounding mode", [
  I32EnumAttrCase<"to_nearest_even", 0>,
  I32EnumAttrCase<"downward", 1>,
  I32EnumAttrCase<"upward", 2>,
  I32EnumAttrCase<"toward_zero", 3>,
  I32EnumAttrCase<"to_nearest_away", 4>
]> {
  let description = [{
    How a result that the target type cannot represent exactly is rounded: to
    the nearest value (ties to even, or away from zero), or toward minus
    infinity, plus infinity or zero. These are LLVM's rounding modes.
  }];
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

// `$_self` with its element type replaced by i1, as MLIR's `getI1SameShape`.
defvar Arith_I1SameShape =
    "VectorType.get($_self.shape, IntegerType.get(1), $_self.scalable)"
    # " if isinstance($_self, VectorType)"
    # " else RankedTensorType.get($_self.shape, IntegerType.get(1), $_self.encoding)"
    # " if isinstance($_self, RankedTensorType)"
    # " else UnrankedTensorType.get(IntegerType.get(1))"
    # " if isinstance($_self, UnrankedTensorType)"
    # " else IntegerType.get(1)";

// A cast keeps the dimensions of a tensor; other types count as no dimensions
// (`tensor_dims`, from the runtime).
def Arith_SameInputOutputTensorDims : PredOpTrait<
    "input and output have the same tensor dimensions",
    CPred<"tensor_dims($_op.in_.type) == tensor_dims($_op.out.type)">>;

// The checks of MLIR's CastOpInterface: one operand (the first, for the scaling
// casts) and one result, of compatible shapes and tensor encodings, whose
// element types the op's rule accepts. A rule (`Arith_IntWidening`, ...) comes
// before this text and sets `memrefs` (whether memrefs count as containers of
// elements), `first_only` (whether only the first operand is converted) and
// `accepts(src, dst)`, which says whether the op converts element type `src`
// to `dst` (and so checks their kinds). The width checks MLIR's ext and trunc
// ops repeat in their own verifiers cannot fail once this one passes, so they
// are not repeated here.
defvar Arith_CheckCast = [{
    def element(type_: Type) -> Type | None:
        # The element type of a vector or tensor (or memref, where the op takes
        # them), the type itself if it is not shaped, or None for other shaped
        # types (MLIR's getTypeIfLike, with the kinds left to `accepts`).
        if isinstance(type_, (VectorType, RankedTensorType, UnrankedTensorType)):
            return type_.element_type
        if memrefs and isinstance(type_, MemRefType):
            return type_.element_type
        return None if isinstance(type_, ShapedType) else type_

    def compatible_shapes(a: Type, b: Type) -> bool:
        if not isinstance(a, ShapedType) or not isinstance(b, ShapedType):
            return not isinstance(a, ShapedType) and not isinstance(b, ShapedType)
        if not a.has_rank or not b.has_rank:
            return True
        return len(a.shape) == len(b.shape) and all(
            x == y or DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape, strict=True)
        )

    def listed(types: list[Type]) -> str:
        return ", ".join(f"'{t}'" for t in types)

    operand_types = [value.type for value in self.operands]
    result_types = [value.type for value in self.results]
    inputs = operand_types[:1] if first_only else operand_types
    compatible = False
    if len(inputs) == 1 and len(result_types) == 1:
        source, target = inputs[0], result_types[0]
        src = element(source)
        dst = element(target)
        other_encodings = (
            isinstance(source, RankedTensorType)
            and isinstance(target, RankedTensorType)
            and source.encoding != target.encoding
        )
        compatible = (
            not other_encodings
            and compatible_shapes(source, target)
            and src is not None
            and dst is not None
            and accepts(src, dst)
        )
    if not compatible:
        if not operand_types:
            operands = "s []"
        elif len(operand_types) == 1:
            operands = " " + listed(operand_types)
        else:
            operands = "s " + listed(operand_types)
        results = (" " if len(result_types) == 1 else "s ") + listed(result_types)
        return f"operand type{operands} and result type{results} are cast incompatible"
    return None
}];

// The cast rules of the ops.
defvar Arith_IntWidening = [{
    # Integers to wider integers.
    memrefs = first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return (
            isinstance(src, IntegerType)
            and isinstance(dst, IntegerType)
            and dst.width > src.width
        )
}];
defvar Arith_IntNarrowing = [{
    # Integers to narrower integers.
    memrefs = first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return (
            isinstance(src, IntegerType)
            and isinstance(dst, IntegerType)
            and dst.width < src.width
        )
}];
defvar Arith_FloatWidening = [{
    # Floats to wider floats.
    memrefs = first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return isinstance(src, FloatType) and isinstance(dst, FloatType) and dst.width > src.width
}];
defvar Arith_FloatNarrowing = [{
    # Floats to narrower floats.
    memrefs = first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return isinstance(src, FloatType) and isinstance(dst, FloatType) and dst.width < src.width
}];
defvar Arith_ScaledFloatWidening = [{
    # The first operand, a float, to a wider float; the scale is not checked.
    memrefs = False
    first_only = True

    def accepts(src: Type, dst: Type) -> bool:
        return isinstance(src, FloatType) and isinstance(dst, FloatType) and dst.width > src.width
}];
defvar Arith_ScaledFloatNarrowing = [{
    # The first operand, a float, to a narrower float; the scale is not checked.
    memrefs = False
    first_only = True

    def accepts(src: Type, dst: Type) -> bool:
        return isinstance(src, FloatType) and isinstance(dst, FloatType) and dst.width < src.width
}];
defvar Arith_IntToFloat = [{
    # Integers to floats of any width.
    memrefs = first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return isinstance(src, IntegerType) and isinstance(dst, FloatType)
}];
defvar Arith_FloatToInt = [{
    # Floats to integers of any width.
    memrefs = first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return isinstance(src, FloatType) and isinstance(dst, IntegerType)
}];
defvar Arith_IndexCasting = [{
    # Between index and signless integers, also as memref elements.
    memrefs = True
    first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        if isinstance(src, IndexType):
            return isinstance(dst, IntegerType) and dst.is_signless
        return isinstance(src, IntegerType) and src.is_signless and isinstance(dst, IndexType)
}];
defvar Arith_Bitcasting = [{
    # Between integers and floats of the same width, also as memref elements.
    memrefs = True
    first_only = False

    def accepts(src: Type, dst: Type) -> bool:
        return (
            isinstance(src, (IntegerType, FloatType))
            and isinstance(dst, (IntegerType, FloatType))
            and src.width == dst.width
        )
}];

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

// Every arith op has no memory effects and applies elementwise.
class Arith_Op<string mnemonic, list<Trait> traits = []>
    : Op<Arith_Dialect, mnemonic,
         traits # [NoMemoryEffect, Elementwise, Scalarizable, Vectorizable,
                   Tensorizable]>;

class Arith_ArithOp<string mnemonic, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [SameOperandsAndResultType]>;

class Arith_UnaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_ArithOp<mnemonic, traits # [Pure]> {
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

class Arith_BinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_ArithOp<mnemonic, traits> {
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

class Arith_IntBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, traits> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$result);
}

// An integer binary op that is defined for all operands, so always speculatable.
class Arith_TotalIntBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_IntBinaryOp<mnemonic, traits # [Pure]>;

class Arith_IntBinaryOpWithOverflowFlags<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, traits # [Pure]> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs,
                       DefaultValuedAttr<Arith_IntegerOverflowFlagsAttr, "none">
                           :$overflowFlags);
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)
  }];
}

class Arith_IntBinaryOpWithExactFlag<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, traits> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs,
                       UnitAttr:$isExact);
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)";
}

class Arith_FloatUnaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_UnaryOp<mnemonic, traits> {
  let arguments = (ins FloatLike:$operand,
                       DefaultValuedAttr<Arith_FastMathFlagsAttr, "none">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

class Arith_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, [Pure] # traits> {
  let arguments = (ins FloatLike:$lhs, FloatLike:$rhs,
                       DefaultValuedAttr<Arith_FastMathFlagsAttr, "none">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

class Arith_CastOp<string mnemonic, TypeConstraint From, TypeConstraint To,
                   code rule, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [Pure, SameOperandsAndResultShape,
                                   Arith_SameInputOutputTensorDims, CastOpInterface]> {
  let arguments = (ins From:$in);
  let results = (outs To:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
  let hasVerifier = 1;
  let verifier = !strconcat(rule, Arith_CheckCast);
}

class Arith_CompareOp<string mnemonic, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [
        Pure, SameTypeOperands,
        TypesMatchWith<"result type has i1 element type and same shape as operands",
                       "lhs", "result", Arith_I1SameShape>]> {
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Arith_ConstantOp : Op<Arith_Dialect, "constant", [
    ConstantLike, Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "An integer, floating-point or elements constant";
  let description = [{
    Produces the constant `value`, whose type is the type of the result. The
    value is an integer, a float, or an elements attribute for vectors and
    tensors; integer results are signless. A scalable vector can only be
    initialized with a splat.

    Example:

    ```mlir
    %c42 = arith.constant 42 : i32
    %half = arith.constant 5.000000e-01 : f32
    %ones = arith.constant dense<1> : vector<4xi8>
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  // `%c42_i32`, `%c0` (index), `%true`, and `%cst` for other values.
  let asmResultNames = [{
    value = self.value
    result_type = self.result.type
    if not isinstance(value, IntegerAttr):
        return ((0, "cst"),)
    if isinstance(result_type, IntegerType) and result_type.width == 1:
        return ((0, "true" if value.value else "false"),)
    if isinstance(result_type, IntegerType):
        return ((0, f"c{value.value}_{result_type}"),)
    return ((0, f"c{value.value}"),)
  }];
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
  let verifier = [{
    result_type = self.result.type
    if isinstance(result_type, IntegerType) and not result_type.is_signless:
        return "integer return type must be signless"
    value = self.value
    elements = (
        DenseElementsAttr,
        DenseStringElementsAttr,
        DenseResourceElementsAttr,
        SparseElementsAttr,
    )
    if not isinstance(value, (IntegerAttr, FloatAttr, *elements)):
        return "value must be an integer, float, or elements attribute"
    splat = isinstance(value, (DenseElementsAttr, DenseStringElementsAttr)) and value.is_splat
    if isinstance(result_type, VectorType) and any(result_type.scalable) and not splat:
        # The misspelling is MLIR's; messages must match mlir-opt's byte for byte.
        return (
            "intializing scalable vectors with elements attribute is not supported "
            "unless it's a vector splat"
        )
    return None
  }];
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def Arith_AddIOp : Arith_IntBinaryOpWithOverflowFlags<"addi", [Commutative]> {
  let summary = "Integer addition";
  let description = [{
    Adds two integers of the same type, wrapping around modulo 2^n for an
    n-bit type, so it serves signed and unsigned operands alike. With
    `overflow<nsw>` or `overflow<nuw>` the result is poison when the sum does
    not fit as a signed or as an unsigned integer.

    Example:

    ```mlir
    %sum = arith.addi %a, %b : i64
    %inc = arith.addi %i, %one overflow<nsw, nuw> : index
    %v = arith.addi %x, %y : vector<4xi32>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    if (zero := constant_value(self.rhs)) is not None and isinstance(zero, IntegerAttr) and zero.value == 0:
        return self.lhs
    return None
  }];
  let hasCanonicalizer = 1;
}

def Arith_AddUIExtendedOp : Arith_Op<"addui_extended", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs", "sum"]>]> {
  let summary = "Unsigned integer addition with a carry-out bit";
  let description = [{
    Adds two integers read as unsigned and returns the n-bit `sum` and the
    carry, `overflow`, which is 1 where the true sum needs n + 1 bits. The
    carry has the shape of the sum with an i1 element type.

    Example:

    ```mlir
    %sum, %carry = arith.addui_extended %a, %b : i64, i1
    %v:2 = arith.addui_extended %x, %y : vector<4xi32>, vector<4xi1>
    ```
  }];
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$sum, BoolLike:$overflow);
  let asmResultNames = [{
    return ((0, "sum"), (1, "overflow"))
  }];
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_SubIOp : Arith_IntBinaryOpWithOverflowFlags<"subi"> {
  let summary = "Integer subtraction";
  let description = [{
    Subtracts `rhs` from `lhs`, wrapping around modulo 2^n. The overflow flags
    make the result poison when the difference does not fit as a signed (`nsw`)
    or unsigned (`nuw`) integer.

    Example:

    ```mlir
    %d = arith.subi %a, %b : i32
    %e = arith.subi %a, %b overflow<nuw> : i32
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_MulIOp : Arith_IntBinaryOpWithOverflowFlags<"muli", [Commutative]> {
  let summary = "Integer multiplication";
  let description = [{
    Multiplies two integers, keeping the low n bits of the product. The
    overflow flags make the result poison when the full product does not fit
    as a signed (`nsw`) or unsigned (`nuw`) integer.

    Example:

    ```mlir
    %p = arith.muli %a, %b : i64
    %q = arith.muli %i, %stride overflow<nsw> : index
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_MulSIExtendedOp : Arith_Op<"mulsi_extended", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let summary = "Signed integer multiplication giving the full product";
  let description = [{
    Multiplies two integers read as signed and returns the 2n-bit product as
    two n-bit halves, `low` and `high`. `low` equals what `arith.muli` gives.

    Example:

    ```mlir
    %lo, %hi = arith.mulsi_extended %a, %b : i32
    ```
  }];
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$low,
                      SignlessIntegerOrIndexLike:$high);
  let asmResultNames = [{
    return ((0, "low"), (1, "high"))
  }];
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_MulUIExtendedOp : Arith_Op<"mului_extended", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let summary = "Unsigned integer multiplication giving the full product";
  let description = [{
    Multiplies two integers read as unsigned and returns the 2n-bit product as
    two n-bit halves, `low` and `high`. `low` equals what `arith.muli` gives.

    Example:

    ```mlir
    %lo, %hi = arith.mului_extended %a, %b : vector<2xi16>
    ```
  }];
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$low,
                      SignlessIntegerOrIndexLike:$high);
  let asmResultNames = [{
    return ((0, "low"), (1, "high"))
  }];
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_DivUIOp : Arith_IntBinaryOpWithExactFlag<"divui", [ConditionallySpeculatable]> {
  let summary = "Unsigned integer division";
  let description = [{
    Divides `lhs` by `rhs`, both read as unsigned, rounding toward zero.
    Dividing by zero is undefined behavior, which is why the op is only
    speculatable when the divisor is known to be non-zero. With `exact` the
    result is poison unless `rhs` divides `lhs`.

    Example:

    ```mlir
    %q = arith.divui %a, %b : i32
    %r = arith.divui %bytes, %four exact : index
    ```
  }];
  let hasFolder = 1;
}

def Arith_DivSIOp : Arith_IntBinaryOpWithExactFlag<"divsi", [ConditionallySpeculatable]> {
  let summary = "Signed integer division";
  let description = [{
    Divides `lhs` by `rhs`, both read as signed, rounding toward zero.
    Dividing by zero, and dividing the smallest value by -1, are undefined
    behavior. With `exact` the result is poison unless `rhs` divides `lhs`.

    Example:

    ```mlir
    %q = arith.divsi %a, %b : i64
    ```
  }];
  let hasFolder = 1;
}

def Arith_CeilDivUIOp : Arith_IntBinaryOp<"ceildivui", [ConditionallySpeculatable]> {
  let summary = "Unsigned integer division rounding up";
  let description = [{
    Divides `lhs` by `rhs`, both read as unsigned, rounding toward positive
    infinity. Dividing by zero is undefined behavior.

    Example:

    ```mlir
    %blocks = arith.ceildivui %n, %block_size : index
    ```
  }];
  let hasFolder = 1;
}

def Arith_CeilDivSIOp : Arith_IntBinaryOp<"ceildivsi", [ConditionallySpeculatable]> {
  let summary = "Signed integer division rounding up";
  let description = [{
    Divides `lhs` by `rhs`, both read as signed, rounding toward positive
    infinity. Dividing by zero, and the smallest value by -1, are undefined
    behavior.

    Example:

    ```mlir
    %q = arith.ceildivsi %a, %b : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_FloorDivSIOp : Arith_TotalIntBinaryOp<"floordivsi"> {
  let summary = "Signed integer division rounding down";
  let description = [{
    Divides `lhs` by `rhs`, both read as signed, rounding toward negative
    infinity. Dividing by zero, and the smallest value by -1, are undefined
    behavior.

    Example:

    ```mlir
    %q = arith.floordivsi %a, %b : i64
    ```
  }];
  let hasFolder = 1;
}

def Arith_RemUIOp : Arith_TotalIntBinaryOp<"remui"> {
  let summary = "Unsigned integer remainder";
  let description = [{
    The remainder of dividing `lhs` by `rhs`, both read as unsigned. A zero
    divisor is undefined behavior.

    Example:

    ```mlir
    %r = arith.remui %a, %b : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_RemSIOp : Arith_TotalIntBinaryOp<"remsi"> {
  let summary = "Signed integer remainder";
  let description = [{
    The remainder of dividing `lhs` by `rhs`, both read as signed; it has the
    sign of `lhs`. A zero divisor is undefined behavior.

    Example:

    ```mlir
    %r = arith.remsi %a, %b : vector<4xi32>
    ```
  }];
  let hasFolder = 1;
}

def Arith_AndIOp : Arith_TotalIntBinaryOp<"andi", [Commutative, Idempotent]> {
  let summary = "Bitwise and of integers";
  let description = [{
    The bitwise and of two integers of the same type.

    Example:

    ```mlir
    %low_bits = arith.andi %x, %mask : i32
    %both = arith.andi %p, %q : i1
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_OrIOp : Arith_TotalIntBinaryOp<"ori", [Commutative, Idempotent]> {
  let summary = "Bitwise or of integers";
  let description = [{
    The bitwise or of two integers of the same type.

    Example:

    ```mlir
    %flags = arith.ori %flags0, %bit : i8
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_XOrIOp : Arith_TotalIntBinaryOp<"xori", [Commutative]> {
  let summary = "Bitwise exclusive or of integers";
  let description = [{
    The bitwise exclusive or of two integers of the same type; with an all-ones
    operand it is a bitwise not.

    Example:

    ```mlir
    %not_p = arith.xori %p, %true : i1
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_ShLIOp : Arith_IntBinaryOpWithOverflowFlags<"shli"> {
  let summary = "Integer shift left";
  let description = [{
    Shifts `lhs` left by `rhs` bits, read as unsigned, filling with zeros. A
    shift by the bit width or more gives poison. The overflow flags make the
    result poison when bits that differ from the resulting sign bit (`nsw`) or
    any set bits (`nuw`) are shifted out.

    Example:

    ```mlir
    %x8 = arith.shli %x, %c3 : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_ShRUIOp : Arith_IntBinaryOpWithExactFlag<"shrui", [Pure]> {
  let summary = "Logical shift right";
  let description = [{
    Shifts `lhs` right by `rhs` bits, read as unsigned, filling with zeros. A
    shift by the bit width or more gives poison. With `exact` the result is
    poison if any set bit is shifted out.

    Example:

    ```mlir
    %half = arith.shrui %x, %c1 : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_ShRSIOp : Arith_IntBinaryOpWithExactFlag<"shrsi", [Pure]> {
  let summary = "Arithmetic shift right";
  let description = [{
    Shifts `lhs` right by `rhs` bits, read as unsigned, filling with copies of
    the sign bit. A shift by the bit width or more gives poison. With `exact`
    the result is poison if any set bit is shifted out.

    Example:

    ```mlir
    %sign = arith.shrsi %x, %c31 : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MaxSIOp : Arith_TotalIntBinaryOp<"maxsi", [Commutative]> {
  let summary = "Signed integer maximum";
  let description = [{
    The larger of two integers read as signed.

    Example:

    ```mlir
    %m = arith.maxsi %a, %b : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MaxUIOp : Arith_TotalIntBinaryOp<"maxui", [Commutative]> {
  let summary = "Unsigned integer maximum";
  let description = [{
    The larger of two integers read as unsigned.

    Example:

    ```mlir
    %m = arith.maxui %a, %b : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MinSIOp : Arith_TotalIntBinaryOp<"minsi", [Commutative]> {
  let summary = "Signed integer minimum";
  let description = [{
    The smaller of two integers read as signed.

    Example:

    ```mlir
    %m = arith.minsi %a, %b : i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MinUIOp : Arith_TotalIntBinaryOp<"minui", [Commutative]> {
  let summary = "Unsigned integer minimum";
  let description = [{
    The smaller of two integers read as unsigned.

    Example:

    ```mlir
    %m = arith.minui %a, %b : index
    ```
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

def Arith_NegFOp : Arith_FloatUnaryOp<"negf"> {
  let summary = "Floating-point negation";
  let description = [{
    Flips the sign of a floating-point value, NaNs and zeros included.

    Example:

    ```mlir
    %n = arith.negf %x : f64
    %v = arith.negf %y fastmath<nnan> : vector<4xf32>
    ```
  }];
  let hasFolder = 1;
}

def Arith_AddFOp : Arith_FloatBinaryOp<"addf", [Commutative]> {
  let summary = "Floating-point addition";
  let description = [{
    Adds two floating-point values of the same type. `fastmath` lists the
    assumptions the addition may make.

    Example:

    ```mlir
    %s = arith.addf %a, %b : f32
    %t = arith.addf %x, %y fastmath<fast> : tensor<4x?xbf16>
    ```
  }];
  let hasFolder = 1;
}

def Arith_SubFOp : Arith_FloatBinaryOp<"subf"> {
  let summary = "Floating-point subtraction";
  let description = [{
    Subtracts `rhs` from `lhs`.

    Example:

    ```mlir
    %d = arith.subf %a, %b : f64
    ```
  }];
  let hasFolder = 1;
}

def Arith_MulFOp : Arith_FloatBinaryOp<"mulf", [Commutative]> {
  let summary = "Floating-point multiplication";
  let description = [{
    Multiplies two floating-point values of the same type.

    Example:

    ```mlir
    %p = arith.mulf %a, %b : vector<8xf16>
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_DivFOp : Arith_FloatBinaryOp<"divf"> {
  let summary = "Floating-point division";
  let description = [{
    Divides `lhs` by `rhs`, following IEEE 754 for zeros, infinities and NaNs.

    Example:

    ```mlir
    %q = arith.divf %a, %b : f32
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_RemFOp : Arith_FloatBinaryOp<"remf"> {
  let summary = "Floating-point remainder";
  let description = [{
    The remainder of dividing `lhs` by `rhs` with the quotient truncated
    toward zero, so it has the sign of `lhs` (C's `fmod`).

    Example:

    ```mlir
    %r = arith.remf %angle, %two_pi : f32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MaximumFOp : Arith_FloatBinaryOp<"maximumf", [Commutative]> {
  let summary = "Floating-point maximum, propagating NaN";
  let description = [{
    The larger of two floating-point values, with -0.0 below +0.0. If either
    operand is NaN the result is NaN.

    Example:

    ```mlir
    %m = arith.maximumf %a, %b : f32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MaxNumFOp : Arith_FloatBinaryOp<"maxnumf", [Commutative]> {
  let summary = "Floating-point maximum, ignoring NaN";
  let description = [{
    The larger of two floating-point values. If one operand is NaN the result
    is the other one; the order of -0.0 and +0.0 is not specified.

    Example:

    ```mlir
    %m = arith.maxnumf %a, %b : f64
    ```
  }];
  let hasFolder = 1;
}

def Arith_MinimumFOp : Arith_FloatBinaryOp<"minimumf", [Commutative]> {
  let summary = "Floating-point minimum, propagating NaN";
  let description = [{
    The smaller of two floating-point values, with -0.0 below +0.0. If either
    operand is NaN the result is NaN.

    Example:

    ```mlir
    %m = arith.minimumf %a, %b : f32
    ```
  }];
  let hasFolder = 1;
}

def Arith_MinNumFOp : Arith_FloatBinaryOp<"minnumf", [Commutative]> {
  let summary = "Floating-point minimum, ignoring NaN";
  let description = [{
    The smaller of two floating-point values. If one operand is NaN the result
    is the other one; the order of -0.0 and +0.0 is not specified.

    Example:

    ```mlir
    %m = arith.minnumf %a, %b : f64
    ```
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def Arith_ExtUIOp : Arith_CastOp<"extui", SignlessFixedWidthIntegerLike,
                                 SignlessFixedWidthIntegerLike, Arith_IntWidening> {
  let summary = "Zero-extend an integer";
  let description = [{
    Widens an integer to a wider integer type, filling the new high bits with
    zeros, so the value read as unsigned is kept.

    Example:

    ```mlir
    %w = arith.extui %b : i1 to i32
    %v = arith.extui %x : vector<2xi16> to vector<2xi64>
    ```
  }];
  let hasFolder = 1;
}

def Arith_ExtSIOp : Arith_CastOp<"extsi", SignlessFixedWidthIntegerLike,
                                 SignlessFixedWidthIntegerLike, Arith_IntWidening> {
  let summary = "Sign-extend an integer";
  let description = [{
    Widens an integer to a wider integer type, filling the new high bits with
    copies of the sign bit, so the value read as signed is kept.

    Example:

    ```mlir
    %w = arith.extsi %x : i8 to i32
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_ExtFOp : Arith_Op<"extf", [
    Pure, SameOperandsAndResultShape, Arith_SameInputOutputTensorDims,
    CastOpInterface]> {
  let summary = "Widen a floating-point value";
  let description = [{
    Converts a floating-point value to a strictly wider floating-point type;
    every value is represented exactly.

    Example:

    ```mlir
    %d = arith.extf %f : f32 to f64
    %e = arith.extf %h fastmath<contract> : vector<4xf16> to vector<4xf32>
    ```
  }];
  let arguments = (ins FloatLike:$in, OptionalAttr<Arith_FastMathFlagsAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{
    $in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
  let verifier = !strconcat(Arith_FloatWidening, Arith_CheckCast);
}

def Arith_ScalingExtFOp : Arith_Op<"scaling_extf", [
    Pure, Arith_SameInputOutputTensorDims, CastOpInterface]> {
  let summary = "Widen floating-point values, multiplying them by scales";
  let description = [{
    Converts `in` to the wider floating-point type of the result and
    multiplies it by `scale`, element by element, as the OCP Microscaling
    (MX) formats require. A scale is first converted to an `f8E8M0FNU` power of
    two; a NaN input or scale gives NaN. When scales are shared by blocks of
    elements they must be broadcast to the input's shape beforehand.

    Example:

    ```mlir
    %w = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
    %v = arith.scaling_extf %xs, %ss : vector<32xf4E2M1FN>, vector<32xf8E8M0FNU> to vector<32xbf16>
    ```
  }];
  let arguments = (ins FloatLike:$in, FloatLike:$scale,
                       OptionalAttr<Arith_FastMathFlagsAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{
    $in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:`
    type($in) `,` type($scale) `to` type($out)
  }];
  let hasVerifier = 1;
  let verifier = !strconcat(Arith_ScaledFloatWidening, Arith_CheckCast);
}

def Arith_TruncIOp : Arith_Op<"trunci", [
    Pure, SameOperandsAndResultShape, Arith_SameInputOutputTensorDims,
    CastOpInterface]> {
  let summary = "Truncate an integer";
  let description = [{
    Narrows an integer to a narrower integer type by dropping its high bits.
    With `overflow<nsw>` the result is poison unless the dropped bits all
    equal the new sign bit, with `overflow<nuw>` unless they are all zero.

    Example:

    ```mlir
    %b = arith.trunci %x : i32 to i8
    %c = arith.trunci %y overflow<nuw> : vector<2xi64> to vector<2xi32>
    ```
  }];
  let arguments = (ins SignlessFixedWidthIntegerLike:$in,
                       DefaultValuedAttr<Arith_IntegerOverflowFlagsAttr, "none">
                           :$overflowFlags);
  let results = (outs SignlessFixedWidthIntegerLike:$out);
  let assemblyFormat = [{
    $in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
  let verifier = !strconcat(Arith_IntNarrowing, Arith_CheckCast);
}

def Arith_TruncFOp : Arith_Op<"truncf", [
    Pure, SameOperandsAndResultShape, Arith_SameInputOutputTensorDims,
    CastOpInterface]> {
  let summary = "Narrow a floating-point value";
  let description = [{
    Converts a floating-point value to a strictly narrower floating-point
    type. A value the new type cannot represent exactly is rounded with
    `roundingmode`, or to the nearest value (ties to even) without one.

    Example:

    ```mlir
    %h = arith.truncf %f : f32 to f16
    %z = arith.truncf %d toward_zero : f64 to f32
    ```
  }];
  let arguments = (ins FloatLike:$in,
                       OptionalAttr<Arith_RoundingMode>:$roundingmode,
                       OptionalAttr<Arith_FastMathFlagsAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{
    $in ($roundingmode^)? (`fastmath` `` $fastmath^)?
    attr-dict `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
  let verifier = !strconcat(Arith_FloatNarrowing, Arith_CheckCast);
}

def Arith_ScalingTruncFOp : Arith_Op<"scaling_truncf", [
    Pure, Arith_SameInputOutputTensorDims, CastOpInterface]> {
  let summary = "Narrow floating-point values, dividing them by scales";
  let description = [{
    Divides `in` by `scale`, element by element, and converts the quotient to
    the narrower floating-point type of the result, as the OCP Microscaling
    (MX) formats require. A scale is first converted to an `f8E8M0FNU` power of
    two; clamping and normalizing the scales is left to the producer.
    `roundingmode` rounds inexact results.

    Example:

    ```mlir
    %n = arith.scaling_truncf %x, %s : f32, f8E8M0FNU to f4E2M1FN
    ```
  }];
  let arguments = (ins FloatLike:$in, FloatLike:$scale,
                       OptionalAttr<Arith_RoundingMode>:$roundingmode,
                       OptionalAttr<Arith_FastMathFlagsAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{
    $in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:`
    type($in) `,` type($scale) `to` type($out)
  }];
  let hasVerifier = 1;
  let verifier = !strconcat(Arith_ScaledFloatNarrowing, Arith_CheckCast);
}

def Arith_UIToFPOp : Arith_CastOp<"uitofp", SignlessFixedWidthIntegerLike, FloatLike,
                                  Arith_IntToFloat> {
  let summary = "Convert an unsigned integer to floating point";
  let description = [{
    Converts an integer read as unsigned to the nearest value of a
    floating-point type (ties to even).

    Example:

    ```mlir
    %f = arith.uitofp %n : i32 to f32
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_SIToFPOp : Arith_CastOp<"sitofp", SignlessFixedWidthIntegerLike, FloatLike,
                                  Arith_IntToFloat> {
  let summary = "Convert a signed integer to floating point";
  let description = [{
    Converts an integer read as signed to the nearest value of a
    floating-point type (ties to even).

    Example:

    ```mlir
    %f = arith.sitofp %n : vector<4xi64> to vector<4xf64>
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_FPToUIOp : Arith_CastOp<"fptoui", FloatLike, SignlessFixedWidthIntegerLike,
                                  Arith_FloatToInt> {
  let summary = "Convert floating point to an unsigned integer";
  let description = [{
    Converts a floating-point value to an unsigned integer, rounding toward
    zero. A value out of the integer's range gives poison.

    Example:

    ```mlir
    %n = arith.fptoui %f : f32 to i32
    ```
  }];
  let hasFolder = 1;
}

def Arith_FPToSIOp : Arith_CastOp<"fptosi", FloatLike, SignlessFixedWidthIntegerLike,
                                  Arith_FloatToInt> {
  let summary = "Convert floating point to a signed integer";
  let description = [{
    Converts a floating-point value to a signed integer, rounding toward zero.
    A value out of the integer's range gives poison.

    Example:

    ```mlir
    %n = arith.fptosi %f : f64 to i64
    ```
  }];
  let hasFolder = 1;
}

// Index casts also convert memrefs of integers and of indices.
defvar Arith_IndexCastType = AnyTypeOf<[SignlessIntegerOrIndexLike,
                                        MemRefOf<[AnySignlessInteger, Index]>],
    "signless-integer-like or memref of signless-integer">;

def Arith_IndexCastOp : Arith_CastOp<"index_cast", Arith_IndexCastType,
                                     Arith_IndexCastType, Arith_IndexCasting> {
  let summary = "Convert between index and integer, sign-extending";
  let description = [{
    Converts an index to a signless integer or back; one side must be an index.
    A wider target is filled by sign extension, a narrower one truncates.
    Vectors, tensors and memrefs are converted element by element.

    Example:

    ```mlir
    %i = arith.index_cast %n : i32 to index
    %w = arith.index_cast %i : index to i64
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_IndexCastUIOp : Arith_CastOp<"index_castui", Arith_IndexCastType,
                                       Arith_IndexCastType, Arith_IndexCasting> {
  let summary = "Convert between index and integer, zero-extending";
  let description = [{
    Converts an index to a signless integer or back, reading the source as
    unsigned: a wider target is filled with zeros, a narrower one truncates.

    Example:

    ```mlir
    %i = arith.index_castui %n : i32 to index
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

// Bitcasts also convert memrefs of integers and of floats.
defvar Arith_BitcastType = AnyTypeOf<[SignlessIntegerOrFloatLike,
                                      MemRefOf<[AnySignlessInteger, AnyFloat]>],
    "signless-integer-or-float-like or memref of signless-integer or float">;

def Arith_BitcastOp : Arith_CastOp<"bitcast", Arith_BitcastType, Arith_BitcastType,
                                   Arith_Bitcasting> {
  let summary = "Reinterpret the bits of a value as another type of the same width";
  let description = [{
    Gives the value of another integer or floating-point type with the same
    bits as the operand; both types have the same bit width. The cast is
    logical and does not depend on the target's endianness.

    Example:

    ```mlir
    %bits = arith.bitcast %f : f32 to i32
    %h = arith.bitcast %v : vector<4xi16> to vector<4xf16>
    ```
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Comparisons and selection
//===----------------------------------------------------------------------===//

def Arith_CmpIOp : Arith_CompareOp<"cmpi"> {
  let summary = "Integer comparison";
  let description = [{
    Compares two integers (or indices) of the same type with `predicate` and
    gives an i1, or a vector or tensor of i1 of the operands' shape. The
    predicate says whether the operands are read as signed or unsigned; in
    the generic form it is stored as its integer value.

    Example:

    ```mlir
    %lt = arith.cmpi slt, %a, %b : i32
    %eq = arith.cmpi eq, %x, %y : vector<4xindex>
    %ne = "arith.cmpi"(%a, %b) <{predicate = 1 : i64}> : (i32, i32) -> i1
    ```
  }];
  let arguments = (ins Arith_CmpIPredicate:$predicate,
                       SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_CmpFOp : Arith_CompareOp<"cmpf"> {
  let summary = "Floating-point comparison";
  let description = [{
    Compares two floating-point values of the same type with `predicate` and
    gives an i1, or a vector or tensor of i1 of the operands' shape. Ordered
    predicates are false and unordered ones true when an operand is NaN.

    Example:

    ```mlir
    %lt = arith.cmpf olt, %a, %b : f32
    %nan = arith.cmpf uno, %x, %x : vector<8xf16>
    ```
  }];
  let arguments = (ins Arith_CmpFPredicate:$predicate,
                       FloatLike:$lhs,
                       FloatLike:$rhs,
                       DefaultValuedAttr<Arith_FastMathFlagsAttr, "none">:$fastmath);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_SelectOp : Arith_Op<"select", [
    Pure, AllTypesMatch<["true_value", "false_value", "result"]>,
    PredOpTrait<"condition is signless i1 or has matching shape",
      CPred<"$_op.condition.type == IntegerType.get(1)"
            # " or (isinstance($_op.condition.type, ShapedType)"
            # " and isinstance($_op.result.type, ShapedType)"
            # " and ($_op.condition.type.shape if $_op.condition.type.has_rank else ())"
            # " == ($_op.result.type.shape if $_op.result.type.has_rank else ()))">>]> {
  let summary = "Choose between two values";
  let description = [{
    Gives `true_value` where `condition` is 1 and `false_value` where it is 0;
    the value not chosen is ignored even if it is poison, and a poison
    condition gives poison. For vectors and tensors the condition is either
    one i1 choosing a whole operand, or a mask of i1 of the same shape choosing
    element by element.

    Example:

    ```mlir
    %m = arith.select %c, %a, %b : i32
    %v = arith.select %mask, %x, %y : vector<4xi1>, vector<4xf32>
    ```
  }];
  let arguments = (ins BoolLike:$condition,
                       AnyType:$true_value,
                       AnyType:$false_value);
  let results = (outs AnyType:$result);
  // `%r = arith.select %c, %a, %b : i32`; a shaped condition's type is written
  // first: `: vector<4xi1>, vector<4xi32>`.
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    uses_pos = p.current_pos()
    uses = p.parse_operand_list()
    if len(uses) != 3:
        p.op_error(uses_pos, "expected 3 operands")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    result_type = p.parse_colon_type()
    condition_type: Type = IntegerType.get(1)
    if p.consume_if(","):
        condition_type = result_type
        result_type = p.parse_type()
    operands = p.resolve_operands(uses, (condition_type, result_type, result_type), name_pos)
    return p.create_op(
        cls, name_pos, operands, [result_type], attributes=attrs, attr_dict_pos=attr_pos
    )
  }];
  let printer = [{
    condition = self.condition.type
    prefix = p.type_text(condition) + ", " if isinstance(condition, ShapedType) else ""
    p.out.append(
        f" {p.operands(self.operands)}{p.attr_dict(self)} : {prefix}{p.type_text(self.result.type)}"
    )
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
  let verifier = [{
    condition = self.condition.type
    i1 = IntegerType.get(1)
    if condition == i1:
        return None
    result = self.result.type
    mask: ShapedType
    if isinstance(result, VectorType):
        mask = VectorType.get(result.shape, i1, result.scalable)
    elif isinstance(result, RankedTensorType):
        mask = RankedTensorType.get(result.shape, i1, result.encoding)
    elif isinstance(result, UnrankedTensorType):
        mask = UnrankedTensorType.get(i1)
    else:
        return f"expected condition to be a signless i1, but got '{condition}'"
    if condition != mask:
        return (
            "expected condition type to have the same shape as the result type, "
            f"expected '{mask}', but got '{condition}'"
        )
    return None
  }];
}
