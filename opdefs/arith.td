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
  // Helpers of the folders below, and the constant materializer.
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """An `arith.constant` of `value`, whose type must be `type_` (`ConstantOp::materialize`),
        or a `ub.poison` for a poison value."""
        if isinstance(value, PoisonAttrInterface):
            # Folds propagate poison; the `ub` dialect spells it (a dependent dialect in MLIR).
            from generated.ub.ops import PoisonOp

            return PoisonOp(value=value, result_type=type_, loc=loc)
        if not is_typed_attr(value) or typed_attr_type(value) is not type_:
            return None
        element = element_type_or_self(type_)
        if isinstance(element, IntegerType) and not element.is_signless:
            return None
        buildable = (
            IntegerAttr,
            FloatAttr,
            DenseElementsAttr,
            DenseStringElementsAttr,
            DenseResourceElementsAttr,
            SparseElementsAttr,
        )
        if not isinstance(value, buildable):
            return None
        return ConstantOp(value=value, result_type=type_, loc=loc)



    # -- helpers of the canonicalization patterns at the end of this file --------


    def int_attrs_add(a: Attribute, b: Attribute) -> Attribute:
        """`a + b` of two integer attributes of one type, wrapping around."""
        assert isinstance(a, IntegerAttr)
        assert isinstance(b, IntegerAttr)
        return IntegerAttr.wrapped(a.type, a.value + b.value)


    def int_attrs_sub(a: Attribute, b: Attribute) -> Attribute:
        """`a - b`, wrapping around."""
        assert isinstance(a, IntegerAttr)
        assert isinstance(b, IntegerAttr)
        return IntegerAttr.wrapped(a.type, a.value - b.value)


    def int_attrs_mul(a: Attribute, b: Attribute) -> Attribute:
        """`a * b`, wrapping around."""
        assert isinstance(a, IntegerAttr)
        assert isinstance(b, IntegerAttr)
        return IntegerAttr.wrapped(a.type, a.value * b.value)


    def merge_overflow(a: Attribute, b: Attribute) -> Attribute:
        """The overflow flags both ops promise (MLIR's `MergeOverflow`)."""
        assert isinstance(a, IntegerOverflowFlagsAttr)
        assert isinstance(b, IntegerOverflowFlagsAttr)
        return IntegerOverflowFlagsAttr.get(IntegerOverflowFlags(a.value & b.value))


    def is_splat_int(attr: Attribute, value: int) -> bool:
        """Whether `attr` is the integer `value` or a splat of it; a negative `value`
        compares as signed, any other as unsigned (so `true : i1` is one)."""
        return int_constant(attr, signed=value < 0) == value


    def zero_of(value: Value) -> Attribute:
        """The zero of the value's integer type (or a splat of zeros)."""
        zero = zero_attr(value.type)
        assert zero is not None
        return zero


    def inverted_cmpi(predicate: Attribute) -> Attribute:
        """The cmpi predicate true exactly where `predicate` is false."""
        assert isinstance(predicate, IntegerAttr)
        inverse = {0: 1, 1: 0, 2: 5, 3: 4, 4: 3, 5: 2, 6: 9, 7: 8, 8: 7, 9: 6}
        return IntegerAttr.get(predicate.type, inverse[predicate.value])


    def is_wider(a: Value, b: Value) -> bool:
        """Whether `a`'s integer element type is wider than `b`'s."""
        return int_width(element_type_or_self(a.type)) > int_width(element_type_or_self(b.type))


    def all_ones(type_: Type) -> int:
        """The unsigned value with every bit of `type_`'s integer elements set."""
        return (1 << int_width(type_)) - 1


    def signed_limits(type_: Type) -> tuple[int, int]:
        """The smallest and largest signed values of `type_`'s integer elements."""
        width = int_width(type_)
        return -(1 << (width - 1)), (1 << (width - 1)) - 1


    def fits_signed(value: int, width: int) -> bool:
        """Whether `value` is a `width`-bit two's complement number."""
        return -(1 << (width - 1)) <= value < (1 << (width - 1))


    def truncating_div(a: int, b: int) -> int:
        """`a / b` rounded toward zero, as APInt's `sdiv`."""
        quotient = abs(a) // abs(b)
        return -quotient if (a < 0) != (b < 0) else quotient


    def signed_div(a: int, b: int, width: int) -> int | None:
        """`sdiv_ov`: None when the quotient overflows (the most negative value by -1)."""
        quotient = truncating_div(a, b)
        return quotient if fits_signed(quotient, width) else None


    def signed_ceil_div(a: int, b: int, width: int) -> int | None:
        """`ceildivsi` as MLIR folds it: None on a zero divisor or any intermediate overflow."""
        if not b:
            return None
        if not a:
            return 0
        if a > 0 and b > 0:
            return truncating_div(a - 1, b) + 1
        if a < 0 and b < 0:
            # ceil(-a / -b); negating the most negative value overflows.
            if not fits_signed(-a, width) or not fits_signed(-b, width):
                return None
            return truncating_div(-a - 1, -b) + 1
        if a < 0:
            if not fits_signed(-a, width):
                return None
            return -truncating_div(-a, b)
        if not fits_signed(-b, width):
            return None
        return -truncating_div(a, -b)


    def is_not_of(value: Value, x: Value) -> XOrIOp | None:
        """The `xori x, <all ones>` that defines `value`, if it is one."""
        xor = value.defining_op
        if not isinstance(xor, XOrIOp) or xor.lhs is not x:
            return None
        ones = int_constant(constant_value(xor.rhs))
        return xor if ones is not None and ones == all_ones(xor.rhs.type) else None


    def fold_div_mul(lhs: Value, rhs: Value, flags: IntegerOverflowFlags) -> Value | None:
        """`(a * b) / b -> a` when the `muli` has the overflow `flags`."""
        mul = lhs.defining_op
        if not isinstance(mul, MulIOp) or (mul.overflow_flags & flags) != flags:
            return None
        if mul.lhs is rhs:
            return mul.rhs
        if mul.rhs is rhs:
            return mul.lhs
        return None


    def is_i1_like(type_: Type) -> bool:
        """Whether `type_` or its elements are `i1`."""
        element = element_type_or_self(type_)
        return isinstance(element, IntegerType) and element.width == 1


    SIGNED_CMPI = frozenset(
        {CmpIPredicate.slt, CmpIPredicate.sle, CmpIPredicate.sgt, CmpIPredicate.sge}
    )

    #: The predicate of `cmpi` with its operands swapped.
    SWAPPED_CMPI = {
        CmpIPredicate.eq: CmpIPredicate.eq,
        CmpIPredicate.ne: CmpIPredicate.ne,
        CmpIPredicate.slt: CmpIPredicate.sgt,
        CmpIPredicate.sle: CmpIPredicate.sge,
        CmpIPredicate.sgt: CmpIPredicate.slt,
        CmpIPredicate.sge: CmpIPredicate.sle,
        CmpIPredicate.ult: CmpIPredicate.ugt,
        CmpIPredicate.ule: CmpIPredicate.uge,
        CmpIPredicate.ugt: CmpIPredicate.ult,
        CmpIPredicate.uge: CmpIPredicate.ule,
    }


    def apply_cmpi(predicate: CmpIPredicate, lhs: int, rhs: int) -> bool:
        """`lhs predicate rhs`; the operands are read signed or unsigned as the predicate says."""
        if predicate == CmpIPredicate.eq:
            return lhs == rhs
        if predicate == CmpIPredicate.ne:
            return lhs != rhs
        if predicate in (CmpIPredicate.slt, CmpIPredicate.ult):
            return lhs < rhs
        if predicate in (CmpIPredicate.sle, CmpIPredicate.ule):
            return lhs <= rhs
        if predicate in (CmpIPredicate.sgt, CmpIPredicate.ugt):
            return lhs > rhs
        return lhs >= rhs


    #: The orders (`float_compare`) for which each `cmpf` predicate holds.
    CMPF_ORDERS: dict[CmpFPredicate, frozenset[str]] = {
        CmpFPredicate.AlwaysFalse: frozenset(),
        CmpFPredicate.OEQ: frozenset({"eq"}),
        CmpFPredicate.OGT: frozenset({"gt"}),
        CmpFPredicate.OGE: frozenset({"gt", "eq"}),
        CmpFPredicate.OLT: frozenset({"lt"}),
        CmpFPredicate.OLE: frozenset({"lt", "eq"}),
        CmpFPredicate.ONE: frozenset({"lt", "gt"}),
        CmpFPredicate.ORD: frozenset({"lt", "gt", "eq"}),
        CmpFPredicate.UEQ: frozenset({"unordered", "eq"}),
        CmpFPredicate.UGT: frozenset({"unordered", "gt"}),
        CmpFPredicate.UGE: frozenset({"unordered", "gt", "eq"}),
        CmpFPredicate.ULT: frozenset({"unordered", "lt"}),
        CmpFPredicate.ULE: frozenset({"unordered", "lt", "eq"}),
        CmpFPredicate.UNE: frozenset({"unordered", "lt", "gt"}),
        CmpFPredicate.UNO: frozenset({"unordered"}),
        CmpFPredicate.AlwaysTrue: frozenset({"unordered", "lt", "gt", "eq"}),
    }


    def select_elements(
        condition: DenseElementsAttr, true_value: DenseElementsAttr, false_value: DenseElementsAttr
    ) -> Attribute | None:
        """Choose between two constants element by element under a constant mask."""
        if condition.raw is not None or true_value.raw is not None or false_value.raw is not None:
            return None
        count = true_value.type.num_elements

        def expand(attr: DenseElementsAttr) -> tuple[int | tuple[int, int], ...]:
            return attr.values * count if attr.is_splat else attr.values

        chosen = [
            t if c else f
            for c, t, f in zip(
                expand(condition), expand(true_value), expand(false_value), strict=True
            )
        ]
        return DenseElementsAttr.get(true_value.type, tuple(chosen))
  }];
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
  let cppNamespace = "::mlir::arith";
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
  let cppNamespace = "::mlir::arith";
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
  let cppNamespace = "::mlir::arith";
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
  let cppNamespace = "::mlir::arith";
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
  let cppNamespace = "::mlir::arith";
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
  let cppNamespace = "::mlir::arith";
  let description = [{
    How a result that the target type cannot represent exactly is rounded: to
    the nearest value (ties to even, or away from zero), or toward minus
    infinity, plus infinity or zero. These are LLVM's rounding modes.
  }];
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

// `$_self` with its element type replaced by i1, as MLIR's `getI1SameShape` (the
// runtime's `i1_same_shape`).
defvar Arith_I1SameShape = "i1_same_shape($_self)";

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
  let reference = [{ return semantics.constant(value, self.result.type) }];
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
  let fold = [{
    return self.value
  }];
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
  let reference = [{ return semantics.addi(lhs, rhs, semantics.width(self.result.type), overflow_flags) }];
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
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.lhs
    # addi(subi(a, b), b) -> a and addi(b, subi(a, b)) -> a
    if isinstance(sub := self.lhs.defining_op, SubIOp) and sub.rhs is self.rhs:
        return sub.lhs
    if isinstance(sub := self.rhs.defining_op, SubIOp) and sub.rhs is self.lhs:
        return sub.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a + b)
  }];
  let hasCanonicalizer = 1;
}

def Arith_AddUIExtendedOp : Arith_Op<"addui_extended", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs", "sum"]>]> {
  let reference = [{ return semantics.addui_extended(lhs, rhs, semantics.width(self.sum.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        no_carry = zero_attr(self.overflow.type)
        return None if no_carry is None else [self.lhs, no_carry]
    lhs = constant_value(self.lhs)
    total = fold_binary(lhs, rhs, lambda a, b: a + b)
    if total is None:
        return None
    limit = 1 << int_width(self.sum.type)
    carry = fold_binary(
        lhs, rhs, lambda a, b: int(a + b >= limit), result_type=i1_same_shape(attr_type(lhs))
    )
    return None if carry is None else [total, carry]
  }];
  // No hasCanonicalizer: MLIR's AddUIExtendedToAddI is not ported yet.
}

def Arith_SubIOp : Arith_IntBinaryOpWithOverflowFlags<"subi"> {
  let reference = [{ return semantics.subi(lhs, rhs, semantics.width(self.result.type), overflow_flags) }];
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
  let fold = [{
    if self.lhs is self.rhs:
        # A dynamically shaped zero cannot be a constant.
        zero = zero_attr(self.result.type)
        if zero is not None:
            return zero
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.lhs
    # subi(addi(a, b), b) -> a and subi(addi(a, b), a) -> b
    if isinstance(add := self.lhs.defining_op, AddIOp):
        if self.rhs is add.rhs:
            return add.lhs
        if self.rhs is add.lhs:
            return add.rhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a - b)
  }];
  let hasCanonicalizer = 1;
}

def Arith_MulIOp : Arith_IntBinaryOpWithOverflowFlags<"muli", [Commutative]> {
  let reference = [{ return semantics.muli(lhs, rhs, semantics.width(self.result.type), overflow_flags) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.rhs
    if int_constant(rhs) == 1:
        return self.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a * b)
  }];
  let hasCanonicalizer = 1;
}

def Arith_MulSIExtendedOp : Arith_Op<"mulsi_extended", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let reference = [{ return semantics.mulsi_extended(lhs, rhs, semantics.width(self.low.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if rhs is not None and int_constant(rhs) == 0:
        return [rhs, rhs]
    lhs = constant_value(self.lhs)
    width = int_width(self.low.type)
    low = fold_binary(lhs, rhs, lambda a, b: a * b)
    high = fold_binary(lhs, rhs, lambda a, b: (a * b) >> width, signed=True)
    return None if low is None or high is None else [low, high]
  }];
  // No hasCanonicalizer: MLIR's MulSIExtendedToMulI and MulSIExtendedRHSOne are not ported yet.
}

def Arith_MulUIExtendedOp : Arith_Op<"mului_extended", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let reference = [{ return semantics.mului_extended(lhs, rhs, semantics.width(self.low.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if rhs is not None and int_constant(rhs) == 0:
        return [rhs, rhs]
    if int_constant(rhs) == 1:
        zero = zero_attr(self.lhs.type)
        return None if zero is None else [self.lhs, zero]
    lhs = constant_value(self.lhs)
    width = int_width(self.low.type)
    low = fold_binary(lhs, rhs, lambda a, b: a * b)
    high = fold_binary(lhs, rhs, lambda a, b: (a * b) >> width)
    return None if low is None or high is None else [low, high]
  }];
  // No hasCanonicalizer: MLIR's MulUIExtendedToMulI is not ported yet.
}

def Arith_DivUIOp : Arith_IntBinaryOpWithExactFlag<"divui", [ConditionallySpeculatable]> {
  let reference = [{ return semantics.divu(lhs, rhs, semantics.width(self.result.type), is_exact) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return self.lhs
    if (factor := fold_div_mul(self.lhs, self.rhs, IntegerOverflowFlags.nuw)) is not None:
        return factor
    # A division by zero is left alone.
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a // b if b else None)
  }];
}

def Arith_DivSIOp : Arith_IntBinaryOpWithExactFlag<"divsi", [ConditionallySpeculatable]> {
  let reference = [{ return semantics.divs(lhs, rhs, semantics.width(self.result.type), is_exact) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return self.lhs
    if (factor := fold_div_mul(self.lhs, self.rhs, IntegerOverflowFlags.nsw)) is not None:
        return factor
    # Division by zero and the overflowing INT_MIN / -1 are left alone.
    width = int_width(self.result.type)
    return fold_binary(
        constant_value(self.lhs),
        rhs,
        lambda a, b: signed_div(a, b, width) if b else None,
        signed=True,
    )
  }];
}

def Arith_CeilDivUIOp : Arith_IntBinaryOp<"ceildivui", [ConditionallySpeculatable]> {
  let reference = [{ return semantics.ceildivu(lhs, rhs, semantics.width(self.result.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return self.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: -(-a // b) if b else None)
  }];
}

def Arith_CeilDivSIOp : Arith_IntBinaryOp<"ceildivsi", [ConditionallySpeculatable]> {
  let reference = [{ return semantics.ceildivs(lhs, rhs, semantics.width(self.result.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return self.lhs
    width = int_width(self.result.type)
    return fold_binary(
        constant_value(self.lhs), rhs, lambda a, b: signed_ceil_div(a, b, width), signed=True
    )
  }];
}

def Arith_FloorDivSIOp : Arith_TotalIntBinaryOp<"floordivsi"> {
  let reference = [{ return semantics.floordivs(lhs, rhs, semantics.width(self.result.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return self.lhs
    width = int_width(self.result.type)
    # As in MLIR, only the last element's division by zero or overflow stops the
    # fold; an earlier one leaves its lhs, or the wrapped quotient, in place.
    last_ok = [True]

    def floor_div(a: int, b: int) -> int:
        if not b:
            last_ok[0] = False
            return a
        last_ok[0] = fits_signed(a // b, width)
        return a // b

    folded = fold_binary(constant_value(self.lhs), rhs, floor_div, signed=True)
    return folded if last_ok[0] else None
  }];
}

def Arith_RemUIOp : Arith_TotalIntBinaryOp<"remui"> {
  let reference = [{ return semantics.remu(lhs, rhs, semantics.width(self.result.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return zero_attr(self.result.type)
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a % b if b else None)
  }];
}

def Arith_RemSIOp : Arith_TotalIntBinaryOp<"remsi"> {
  let reference = [{ return semantics.rems(lhs, rhs, semantics.width(self.result.type)) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 1:
        return zero_attr(self.result.type)
    return fold_binary(
        constant_value(self.lhs),
        rhs,
        lambda a, b: a - b * truncating_div(a, b) if b else None,
        signed=True,
    )
  }];
}

def Arith_AndIOp : Arith_TotalIntBinaryOp<"andi", [Commutative, Idempotent]> {
  let reference = [{ return semantics.andi(lhs, rhs) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    value = int_constant(rhs)
    if value == 0:
        return self.rhs
    if value is not None and value == all_ones(self.result.type):
        return self.lhs
    # and(x, not(x)) -> 0
    if is_not_of(self.rhs, self.lhs) is not None or is_not_of(self.lhs, self.rhs) is not None:
        return zero_attr(self.result.type)
    # and(a, and(a, b)) -> and(a, b)
    for inner, other in ((self.lhs, self.rhs), (self.rhs, self.lhs)):
        prev = inner.defining_op
        if isinstance(prev, AndIOp) and (other is prev.lhs or other is prev.rhs):
            return prev.result
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a & b)
  }];
  // No hasCanonicalizer: MLIR's AndOfExtUI and AndOfExtSI are not ported yet.
}

def Arith_OrIOp : Arith_TotalIntBinaryOp<"ori", [Commutative, Idempotent]> {
  let reference = [{ return semantics.ori(lhs, rhs) }];
  let summary = "Bitwise or of integers";
  let description = [{
    The bitwise or of two integers of the same type.

    Example:

    ```mlir
    %flags = arith.ori %flags0, %bit : i8
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    rhs = constant_value(self.rhs)
    value = int_constant(rhs)
    if value == 0:
        return self.lhs
    if value is not None and rhs is not None and value == all_ones(self.result.type):
        return rhs
    # or(x, xor(x, <all ones>)) -> <all ones>
    if (xor := is_not_of(self.rhs, self.lhs)) is not None:
        return xor.rhs
    if (xor := is_not_of(self.lhs, self.rhs)) is not None:
        return xor.rhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a | b)
  }];
  // No hasCanonicalizer: MLIR's OrOfExtUI and OrOfExtSI are not ported yet.
}

def Arith_XOrIOp : Arith_TotalIntBinaryOp<"xori", [Commutative]> {
  let reference = [{ return semantics.xori(lhs, rhs) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.lhs
    if self.lhs is self.rhs:
        return zero_attr(self.result.type)
    # xor(xor(x, a), a) -> x, xor(a, xor(x, a)) -> x, with either operand order inside
    if isinstance(prev := self.lhs.defining_op, XOrIOp):
        if prev.rhs is self.rhs:
            return prev.lhs
        if prev.lhs is self.rhs:
            return prev.rhs
    if isinstance(prev := self.rhs.defining_op, XOrIOp):
        if prev.rhs is self.lhs:
            return prev.lhs
        if prev.lhs is self.lhs:
            return prev.rhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: a ^ b)
  }];
  let hasCanonicalizer = 1;
}

def Arith_ShLIOp : Arith_IntBinaryOpWithOverflowFlags<"shli"> {
  let reference = [{ return semantics.shl(lhs, rhs, semantics.width(self.result.type), overflow_flags) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.lhs
    # A shift by the bit width or more is left alone; as in MLIR, only the last
    # element's shift amount is checked, and a wider shift of another element gives 0.
    width = int_width(self.result.type)
    last_in_range = [False]

    def shift(a: int, b: int) -> int:
        last_in_range[0] = b < width
        return a << b if b < width else 0

    folded = fold_binary(constant_value(self.lhs), rhs, shift)
    return folded if last_in_range[0] else None
  }];
}

def Arith_ShRUIOp : Arith_IntBinaryOpWithExactFlag<"shrui", [Pure]> {
  let reference = [{ return semantics.shru(lhs, rhs, semantics.width(self.result.type), is_exact) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.lhs
    # Only the last element's shift amount is checked, as in MLIR (see shli).
    width = int_width(self.result.type)
    last_in_range = [False]

    def shift(a: int, b: int) -> int:
        last_in_range[0] = b < width
        return a >> b if b < width else 0

    folded = fold_binary(constant_value(self.lhs), rhs, shift)
    return folded if last_in_range[0] else None
  }];
}

def Arith_ShRSIOp : Arith_IntBinaryOpWithExactFlag<"shrsi", [Pure]> {
  let reference = [{ return semantics.shrs(lhs, rhs, semantics.width(self.result.type), is_exact) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if int_constant(rhs) == 0:
        return self.lhs
    # Only the last element's shift amount is checked, as in MLIR (see shli); a
    # wider shift of another element fills it with the sign bit.
    width = int_width(self.result.type)
    last_in_range = [False]

    def shift(a: int, b: int) -> int:
        amount = to_unsigned(b, width)
        last_in_range[0] = amount < width
        return a >> min(amount, width)

    folded = fold_binary(constant_value(self.lhs), rhs, shift, signed=True)
    return folded if last_in_range[0] else None
  }];
}

def Arith_MaxSIOp : Arith_TotalIntBinaryOp<"maxsi", [Commutative]> {
  let reference = [{ return semantics.maxs(lhs, rhs, semantics.width(self.result.type)) }];
  let summary = "Signed integer maximum";
  let description = [{
    The larger of two integers read as signed.

    Example:

    ```mlir
    %m = arith.maxsi %a, %b : i32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    low, high = signed_limits(self.result.type)
    value = int_constant(rhs, signed=True)
    if value == high:
        return self.rhs
    if value == low:
        return self.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: max(a, b), signed=True)
  }];
}

def Arith_MaxUIOp : Arith_TotalIntBinaryOp<"maxui", [Commutative]> {
  let reference = [{ return semantics.maxu(lhs, rhs) }];
  let summary = "Unsigned integer maximum";
  let description = [{
    The larger of two integers read as unsigned.

    Example:

    ```mlir
    %m = arith.maxui %a, %b : i32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    value = int_constant(rhs)
    if value is not None and value == all_ones(self.result.type):
        return self.rhs
    if value == 0:
        return self.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: max(a, b))
  }];
}

def Arith_MinSIOp : Arith_TotalIntBinaryOp<"minsi", [Commutative]> {
  let reference = [{ return semantics.mins(lhs, rhs, semantics.width(self.result.type)) }];
  let summary = "Signed integer minimum";
  let description = [{
    The smaller of two integers read as signed.

    Example:

    ```mlir
    %m = arith.minsi %a, %b : i32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    low, high = signed_limits(self.result.type)
    value = int_constant(rhs, signed=True)
    if value == low:
        return self.rhs
    if value == high:
        return self.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: min(a, b), signed=True)
  }];
}

def Arith_MinUIOp : Arith_TotalIntBinaryOp<"minui", [Commutative]> {
  let reference = [{ return semantics.minu(lhs, rhs) }];
  let summary = "Unsigned integer minimum";
  let description = [{
    The smaller of two integers read as unsigned.

    Example:

    ```mlir
    %m = arith.minui %a, %b : index
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    value = int_constant(rhs)
    if value == 0:
        return self.rhs
    if value is not None and value == all_ones(self.result.type):
        return self.lhs
    return fold_binary(constant_value(self.lhs), rhs, lambda a, b: min(a, b))
  }];
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

def Arith_NegFOp : Arith_FloatUnaryOp<"negf"> {
  let reference = [{ return semantics.negf(operand_, self.result.type) }];
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
  let fold = [{
    if isinstance(inner := self.operand_.defining_op, NegFOp):
        return inner.operand_
    return fold_float_unary(constant_value(self.operand_), float_neg)
  }];
}

def Arith_AddFOp : Arith_FloatBinaryOp<"addf", [Commutative]> {
  let reference = [{ return semantics.addf(lhs, rhs, self.result.type) }];
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
  let fold = [{
    rhs = constant_value(self.rhs)
    if is_zero_float(rhs, negative=True):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_add)
  }];
}

def Arith_SubFOp : Arith_FloatBinaryOp<"subf"> {
  let reference = [{ return semantics.subf(lhs, rhs, self.result.type) }];
  let summary = "Floating-point subtraction";
  let description = [{
    Subtracts `rhs` from `lhs`.

    Example:

    ```mlir
    %d = arith.subf %a, %b : f64
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    rhs = constant_value(self.rhs)
    if is_zero_float(rhs, negative=False):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_sub)
  }];
}

def Arith_MulFOp : Arith_FloatBinaryOp<"mulf", [Commutative]> {
  let reference = [{ return semantics.mulf(lhs, rhs, self.result.type) }];
  let summary = "Floating-point multiplication";
  let description = [{
    Multiplies two floating-point values of the same type.

    Example:

    ```mlir
    %p = arith.mulf %a, %b : vector<8xf16>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    rhs = constant_value(self.rhs)
    if is_one_float(rhs):
        return self.lhs
    # mulf(x, 0) -> 0 needs both nnan and nsz.
    no_nans_or_signed_zeros = FastMathFlags.nnan | FastMathFlags.nsz
    if (self.fastmath & no_nans_or_signed_zeros) == no_nans_or_signed_zeros and is_zero_float(rhs):
        return self.rhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_mul)
  }];
  let hasCanonicalizer = 1;
}

def Arith_DivFOp : Arith_FloatBinaryOp<"divf"> {
  let reference = [{ return semantics.divf(lhs, rhs, self.result.type) }];
  let summary = "Floating-point division";
  let description = [{
    Divides `lhs` by `rhs`, following IEEE 754 for zeros, infinities and NaNs.

    Example:

    ```mlir
    %q = arith.divf %a, %b : f32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    rhs = constant_value(self.rhs)
    if is_one_float(rhs):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_div)
  }];
  let hasCanonicalizer = 1;
}

def Arith_RemFOp : Arith_FloatBinaryOp<"remf"> {
  let reference = [{ return semantics.remf(lhs, rhs, self.result.type) }];
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
  let fold = [{
    return fold_float_binary(constant_value(self.lhs), constant_value(self.rhs), float_rem)
  }];
}

def Arith_MaximumFOp : Arith_FloatBinaryOp<"maximumf", [Commutative]> {
  let reference = [{ return semantics.maximumf(lhs, rhs, self.result.type) }];
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
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    if is_inf_float(rhs, negative=True):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_maximum)
  }];
}

def Arith_MaxNumFOp : Arith_FloatBinaryOp<"maxnumf", [Commutative]> {
  let reference = [{ return semantics.maxnumf(lhs, rhs, self.result.type) }];
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
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    if is_nan_float(rhs):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_maxnum)
  }];
}

def Arith_MinimumFOp : Arith_FloatBinaryOp<"minimumf", [Commutative]> {
  let reference = [{ return semantics.minimumf(lhs, rhs, self.result.type) }];
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
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    if is_inf_float(rhs, negative=False):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_minimum)
  }];
}

def Arith_MinNumFOp : Arith_FloatBinaryOp<"minnumf", [Commutative]> {
  let reference = [{ return semantics.minnumf(lhs, rhs, self.result.type) }];
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
  let fold = [{
    if self.lhs is self.rhs:
        return self.rhs
    rhs = constant_value(self.rhs)
    if is_nan_float(rhs):
        return self.lhs
    return fold_float_binary(constant_value(self.lhs), rhs, float_minnum)
  }];
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def Arith_ExtUIOp : Arith_CastOp<"extui", SignlessFixedWidthIntegerLike,
                                 SignlessFixedWidthIntegerLike, Arith_IntWidening> {
  let reference = [{ return semantics.extu(in_) }];
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
  let fold = [{
    # extui(extui(x)) -> extui(x), in place
    if isinstance(inner := self.in_.defining_op, ExtUIOp):
        self.set_operand(0, inner.in_)
        return []
    return fold_unary(constant_value(self.in_), lambda a: a, result_type=self.out.type)
  }];
}

def Arith_ExtSIOp : Arith_CastOp<"extsi", SignlessFixedWidthIntegerLike,
                                 SignlessFixedWidthIntegerLike, Arith_IntWidening> {
  let reference = [{ return semantics.exts(in_, semantics.width(self.in_.type), semantics.width(self.out.type)) }];
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
  let fold = [{
    # extsi(extsi(x)) -> extsi(x), in place
    if isinstance(inner := self.in_.defining_op, ExtSIOp):
        self.set_operand(0, inner.in_)
        return []
    return fold_unary(
        constant_value(self.in_), lambda a: a, result_type=self.out.type, signed=True
    )
  }];
  let hasCanonicalizer = 1;
}

def Arith_ExtFOp : Arith_Op<"extf", [
    Pure, SameOperandsAndResultShape, Arith_SameInputOutputTensorDims,
    CastOpInterface]> {
  let reference = [{ return semantics.extf(in_, self.out.type) }];
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
  let fold = [{
    # extf(truncf(x)) -> x when both allow contraction
    trunc = self.in_.defining_op
    if isinstance(trunc, TruncFOp) and trunc.in_.type is self.out.type:
        contract = FastMathFlags.contract
        trunc_flags = trunc.fastmath or FastMathFlags.none
        ext_flags = self.fastmath or FastMathFlags.none
        if trunc_flags & contract and ext_flags & contract:
            return trunc.in_
    source, target = float_format(self.in_.type), float_format(self.out.type)
    return fold_unary(
        constant_value(self.in_),
        lambda bits: float_convert(source, target, bits),
        result_type=self.out.type,
    )
  }];
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
  let reference = [{ return semantics.trunci(in_, semantics.width(self.in_.type), semantics.width(self.out.type), overflow_flags) }];
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
  let fold = [{
    inner = self.in_.defining_op
    if isinstance(inner, (ExtUIOp, ExtSIOp)):
        source = inner.in_
        # trunci(ext(x)) -> trunci(x) when x is wider, in place; -> x when it has our type
        if int_width(source.type) > int_width(self.out.type):
            self.set_operand(0, source)
            return []
        if element_type_or_self(source.type) is element_type_or_self(self.out.type):
            return source
    # trunci(trunci(x)) -> trunci(x), in place
    if isinstance(inner, TruncIOp):
        self.set_operand(0, inner.in_)
        return []
    return fold_unary(constant_value(self.in_), lambda a: a, result_type=self.out.type)
  }];
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
  let verifier = !strconcat(Arith_IntNarrowing, Arith_CheckCast);
}

def Arith_TruncFOp : Arith_Op<"truncf", [
    Pure, SameOperandsAndResultShape, Arith_SameInputOutputTensorDims,
    CastOpInterface]> {
  let reference = [{
    if roundingmode is not None and roundingmode != 0:
      raise semantics.SemanticsError('only the rounding mode to_nearest_even is supported')
    return semantics.truncf(in_, self.out.type)
  }];
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
  let fold = [{
    ext = self.in_.defining_op
    if isinstance(ext, ExtFOp):
        source = ext.in_
        source_format = float_format(source.type)
        wide_format = float_format(ext.out.type)
        # Every value of the source format is one of the extended format.
        if (
            source_format.max_exponent <= wide_format.max_exponent
            and source_format.min_exponent >= wide_format.min_exponent
            and source_format.precision <= wide_format.precision
        ):
            # truncf(extf(x)) -> truncf(x) when x is wider, in place; -> x when it has our type
            if int_width(source.type) > int_width(self.out.type):
                self.set_operand(0, source)
                return []
            if element_type_or_self(source.type) is element_type_or_self(self.out.type):
                return source
    # Only a conversion that loses nothing folds, whatever the rounding mode.
    source_format, target = float_format(self.in_.type), float_format(self.out.type)
    return fold_unary(
        constant_value(self.in_),
        lambda bits: float_convert(source_format, target, bits),
        result_type=self.out.type,
    )
  }];
  // No hasCanonicalizer: MLIR's TruncFSIToFPToSIToFP and TruncFUIToFPToUIToFP are not ported yet.
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
  let reference = [{ return semantics.uitofp(in_, self.out.type) }];
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
  let fold = [{
    fmt = float_format(self.out.type)
    return fold_unary(
        constant_value(self.in_), lambda a: int_to_float(fmt, a), result_type=self.out.type
    )
  }];
  // No hasCanonicalizer: MLIR's UIToFPOfExtUI is not ported yet.
}

def Arith_SIToFPOp : Arith_CastOp<"sitofp", SignlessFixedWidthIntegerLike, FloatLike,
                                  Arith_IntToFloat> {
  let reference = [{ return semantics.sitofp(in_, semantics.width(self.in_.type), self.out.type) }];
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
  let fold = [{
    fmt = float_format(self.out.type)
    return fold_unary(
        constant_value(self.in_),
        lambda a: int_to_float(fmt, a),
        result_type=self.out.type,
        signed=True,
    )
  }];
  // No hasCanonicalizer: MLIR's SIToFPOfExtSI is not ported yet.
}

def Arith_FPToUIOp : Arith_CastOp<"fptoui", FloatLike, SignlessFixedWidthIntegerLike,
                                  Arith_FloatToInt> {
  let reference = [{ return semantics.fptoui(in_, semantics.width(self.out.type)) }];
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
  let fold = [{
    fmt, width = float_format(self.in_.type), int_width(self.out.type)
    return fold_unary(
        constant_value(self.in_),
        lambda bits: float_to_int(fmt, bits, width, signed=False),
        result_type=self.out.type,
    )
  }];
}

def Arith_FPToSIOp : Arith_CastOp<"fptosi", FloatLike, SignlessFixedWidthIntegerLike,
                                  Arith_FloatToInt> {
  let reference = [{ return semantics.fptosi(in_, semantics.width(self.out.type)) }];
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
  let fold = [{
    fmt, width = float_format(self.in_.type), int_width(self.out.type)
    return fold_unary(
        constant_value(self.in_),
        lambda bits: float_to_int(fmt, bits, width, signed=True),
        result_type=self.out.type,
    )
  }];
}

// Index casts also convert memrefs of integers and of indices.
defvar Arith_IndexCastType = AnyTypeOf<[SignlessIntegerOrIndexLike,
                                        MemRefOf<[AnySignlessInteger, Index]>],
    "signless-integer-like or memref of signless-integer">;

def Arith_IndexCastOp : Arith_CastOp<"index_cast", Arith_IndexCastType,
                                     Arith_IndexCastType, Arith_IndexCasting> {
  let reference = [{ return semantics.int_cast(in_, semantics.width(self.in_.type), semantics.width(self.out.type), sign_extend=True) }];
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
  let fold = [{
    # Sign-extend or truncate to the result's width (64 bits for index).
    # index_cast(index_cast(x)) -> x is a canonicalization pattern in MLIR 22.
    return fold_unary(
        constant_value(self.in_), lambda a: a, result_type=self.out.type, signed=True
    )
  }];
  let hasCanonicalizer = 1;
}

def Arith_IndexCastUIOp : Arith_CastOp<"index_castui", Arith_IndexCastType,
                                       Arith_IndexCastType, Arith_IndexCasting> {
  let reference = [{ return semantics.int_cast(in_, semantics.width(self.in_.type), semantics.width(self.out.type), sign_extend=False) }];
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
  let fold = [{
    # Zero-extend or truncate to the result's width (64 bits for index).
    # index_castui(index_castui(x)) -> x is a canonicalization pattern in MLIR 22.
    return fold_unary(constant_value(self.in_), lambda a: a, result_type=self.out.type)
  }];
  let hasCanonicalizer = 1;
}

// Bitcasts also convert memrefs of integers and of floats.
defvar Arith_BitcastType = AnyTypeOf<[SignlessIntegerOrFloatLike,
                                      MemRefOf<[AnySignlessInteger, AnyFloat]>],
    "signless-integer-or-float-like or memref of signless-integer or float">;

def Arith_BitcastOp : Arith_CastOp<"bitcast", Arith_BitcastType, Arith_BitcastType,
                                   Arith_Bitcasting> {
  let reference = [{ return semantics.bitcast(in_, self.in_.type, self.out.type) }];
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
  let fold = [{
    # The bits of each element, read unsigned, are the bits of the result element.
    return fold_unary(constant_value(self.in_), lambda bits: bits, result_type=self.out.type)
  }];
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Comparisons and selection
//===----------------------------------------------------------------------===//

def Arith_CmpIOp : Arith_CompareOp<"cmpi"> {
  let reference = [{ return semantics.cmpi(int(predicate), lhs, rhs, semantics.width(self.lhs.type)) }];
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
  let fold = [{
    predicate = self.predicate
    if self.lhs is self.rhs:
        return bool_attr(
            self.result.type,
            predicate
            in (
                CmpIPredicate.eq,
                CmpIPredicate.sle,
                CmpIPredicate.sge,
                CmpIPredicate.ule,
                CmpIPredicate.uge,
            ),
        )
    rhs = constant_value(self.rhs)
    rhs_value = int_constant(rhs)
    if rhs_value == 0 and predicate == CmpIPredicate.ne:
        # ext(x : i1) != 0 -> x, for scalars and vectors
        ext = self.lhs.defining_op
        if isinstance(ext, (ExtSIOp, ExtUIOp)):
            narrow = ext.in_.type
            if isinstance(narrow, VectorType):
                narrow = narrow.element_type
            if isinstance(narrow, IntegerType) and narrow.width == 1:
                return ext.in_
        if is_i1_like(self.lhs.type):
            return self.lhs
    if rhs_value == 1 and predicate == CmpIPredicate.eq and is_i1_like(self.lhs.type):
        return self.lhs
    lhs = constant_value(self.lhs)
    if lhs is not None and rhs is None:
        # Move the constant to the right.
        set_property(
            self, "predicate", IntegerAttr.get(IntegerType.get(64), SWAPPED_CMPI[predicate])
        )
        left, right = self.lhs, self.rhs
        self.set_operand(0, right)
        self.set_operand(1, left)
        return []
    if lhs is None or not is_typed_attr(lhs):
        return None
    return fold_binary(
        lhs,
        rhs,
        lambda a, b: int(apply_cmpi(predicate, a, b)),
        result_type=i1_same_shape(attr_type(lhs)),
        signed=predicate in SIGNED_CMPI,
    )
  }];
  let hasCanonicalizer = 1;
}

def Arith_CmpFOp : Arith_CompareOp<"cmpf"> {
  let reference = [{ return semantics.cmpf(int(predicate), lhs, rhs) }];
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
  let fold = [{
    lhs = constant_value(self.lhs)
    rhs = constant_value(self.rhs)
    left = lhs if isinstance(lhs, FloatAttr) else None
    right = rhs if isinstance(rhs, FloatAttr) else None
    # With a NaN operand the other operand does not matter.
    if left is not None and is_nan_float(left):
        right = left
    if right is not None and is_nan_float(right):
        left = right
    if left is None or right is None:
        return None
    order = float_compare(float_format(left.type), left.bits, right.bits)
    return IntegerAttr.get(IntegerType.get(1), int(order in CMPF_ORDERS[self.predicate]))
  }];
  // MLIR's CmpFIntToFPConst: a comparison of an integer converted to float with a float
  // constant is a comparison of the integer, or a constant, when the conversion cannot
  // change its outcome.
  let hasCanonicalizer = 1;
  let canonicalize = [{
    rhs = constant_value(op.rhs)
    if not isinstance(rhs, FloatAttr) or is_nan_float(rhs):
        return False
    fmt = float_format(rhs.type)
    mantissa_width = fmt.precision
    conversion = op.lhs.defining_op
    if isinstance(conversion, SIToFPOp):
        unsigned = False
    elif isinstance(conversion, UIToFPOp):
        unsigned = True
    else:
        return False
    int_value = conversion.in_
    int_type = int_value.type
    if not isinstance(int_type, IntegerType) or mantissa_width <= 0:
        return False
    width = int_type.width
    value_bits = width if unsigned else width - 1
    negative_rhs = fmt.has_sign and rhs.bits >> (fmt.width - 1) == 1
    if width > mantissa_width:
        # The conversion rounds: give up where that can change the outcome.
        if is_inf_float(rhs, negative=False) or is_inf_float(rhs, negative=True):
            if fmt.max_exponent < value_bits:
                return False
        else:
            whole = float_to_int(fmt, rhs.bits, fmt.max_exponent + 2, signed=True)
            exponent = abs(whole).bit_length() - 1 if whole else -1  # ilogb, where >= 0
            if mantissa_width <= exponent <= value_bits:
                return False

    def constant_i1(value: bool) -> bool:
        rewriter.replace_op_with_new_op(op, ConstantOp(value=BoolAttr.get_bool(value), loc=op.loc))
        return True

    fpred = CmpFPredicate(op.predicate)
    if fpred == CmpFPredicate.ORD:
        return constant_i1(True)
    if fpred == CmpFPredicate.UNO:
        return constant_i1(False)
    if fpred in (CmpFPredicate.AlwaysFalse, CmpFPredicate.AlwaysTrue):
        return False
    ordered = fpred if fpred <= CmpFPredicate.ONE else CmpFPredicate(fpred - 7)
    pred = {
        CmpFPredicate.OEQ: CmpIPredicate.eq,
        CmpFPredicate.OGT: CmpIPredicate.ugt if unsigned else CmpIPredicate.sgt,
        CmpFPredicate.OGE: CmpIPredicate.uge if unsigned else CmpIPredicate.sge,
        CmpFPredicate.OLT: CmpIPredicate.ult if unsigned else CmpIPredicate.slt,
        CmpFPredicate.OLE: CmpIPredicate.ule if unsigned else CmpIPredicate.sle,
        CmpFPredicate.ONE: CmpIPredicate.ne,
    }[ordered]
    # A constant past the integer's range decides the comparison.
    low, high = (0, (1 << width) - 1) if unsigned else (-(1 << (width - 1)), (1 << (width - 1)) - 1)
    if float_compare(fmt, int_to_float(fmt, high), rhs.bits) == "lt":
        below = (CmpIPredicate.ne, CmpIPredicate.ult, CmpIPredicate.ule, CmpIPredicate.slt, CmpIPredicate.sle)
        return constant_i1(pred in below)
    if float_compare(fmt, int_to_float(fmt, low), rhs.bits) == "gt":
        above = (CmpIPredicate.ne, CmpIPredicate.ugt, CmpIPredicate.uge, CmpIPredicate.sgt, CmpIPredicate.sge)
        return constant_i1(pred in above)
    rhs_int = float_to_int(fmt, rhs.bits, width, signed=not unsigned)
    if rhs_int is None:
        return False
    zero = float_compare(fmt, rhs.bits, int_to_float(fmt, 0)) == "eq"
    if not zero and float_compare(fmt, int_to_float(fmt, rhs_int), rhs.bits) != "eq":
        # A fractional constant: rhs_int is rounded toward zero.
        if pred == CmpIPredicate.ne:
            return constant_i1(True)
        if pred == CmpIPredicate.eq:
            return constant_i1(False)
        if pred == CmpIPredicate.ule and negative_rhs:
            return constant_i1(False)
        if pred == CmpIPredicate.sle and negative_rhs:
            pred = CmpIPredicate.slt
        elif pred == CmpIPredicate.ult:
            if negative_rhs:
                return constant_i1(False)
            pred = CmpIPredicate.ule
        elif pred == CmpIPredicate.slt and not negative_rhs:
            pred = CmpIPredicate.sle
        elif pred == CmpIPredicate.ugt and negative_rhs:
            return constant_i1(True)
        elif pred == CmpIPredicate.sgt and negative_rhs:
            pred = CmpIPredicate.sge
        elif pred == CmpIPredicate.uge:
            if negative_rhs:
                return constant_i1(True)
            pred = CmpIPredicate.ugt
        elif pred == CmpIPredicate.sge and not negative_rhs:
            pred = CmpIPredicate.sgt
    constant = rewriter.insert(
        ConstantOp(value=IntegerAttr.wrapped(int_type, rhs_int), loc=op.loc)
    )
    rewriter.replace_op_with_new_op(
        op, CmpIOp(int_value, constant.result, predicate=pred, loc=op.loc)
    )
    return True
  }];
}

def Arith_SelectOp : Arith_Op<"select", [
    Pure, AllTypesMatch<["true_value", "false_value", "result"]>,
    PredOpTrait<"condition is signless i1 or has matching shape",
      CPred<"$_op.condition.type == IntegerType.get(1)"
            # " or (isinstance($_op.condition.type, ShapedType)"
            # " and isinstance($_op.result.type, ShapedType)"
            # " and ($_op.condition.type.shape if $_op.condition.type.has_rank else ())"
            # " == ($_op.result.type.shape if $_op.result.type.has_rank else ()))">>]> {
  let reference = [{ return semantics.select(condition, true_value, false_value) }];
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
    p.write(
        f" {p.operands(self.operands)}{p.attr_dict(self)} : {prefix}{p.type_text(self.result.type)}"
    )
  }];
  let hasFolder = 1;
  let fold = [{
    true_value, false_value = self.true_value, self.false_value
    if true_value is false_value:
        return true_value
    condition = constant_value(self.condition)
    if int_constant(condition) == 1:
        return true_value
    if int_constant(condition) == 0:
        return false_value
    # select(c, true, false) -> c
    if (
        self.result.type is IntegerType.get(1)
        and int_constant(constant_value(true_value)) == 1
        and int_constant(constant_value(false_value)) == 0
    ):
        return self.condition
    # select(cmpi eq/ne a, b ; a, b) -> b or a
    cmp = self.condition.defining_op
    if (
        isinstance(cmp, CmpIOp)
        and cmp.predicate in (CmpIPredicate.eq, CmpIPredicate.ne)
        and {cmp.lhs, cmp.rhs} == {true_value, false_value}
    ):
        return true_value if cmp.predicate == CmpIPredicate.ne else false_value
    # A constant mask over constant operands.
    chosen_true = constant_value(true_value)
    chosen_false = constant_value(false_value)
    if (
        isinstance(condition, DenseElementsAttr)
        and isinstance(chosen_true, DenseElementsAttr)
        and isinstance(chosen_false, DenseElementsAttr)
    ):
        return select_elements(condition, chosen_true, chosen_false)
    return None
  }];
  let hasCanonicalizer = 1;
  // MLIR's C++ pattern SelectToExtUI: a select of an integer one and zero is
  // the zero extension of the condition (or of its negation).
  let canonicalize = [{
    type_ = op.result.type
    if not isinstance(type_, IntegerType) or type_.width == 1:
        return False
    true_value = constant_value(op.true_value)
    false_value = constant_value(op.false_value)
    one = int_constant(true_value) == 1 and int_constant(false_value) == 0
    zero = int_constant(true_value) == 0 and int_constant(false_value) == 1
    if not (one or zero):
        return False
    condition = op.condition
    if zero:
        true = rewriter.insert(ConstantOp(value=BoolAttr.get_bool(True), loc=op.loc))
        condition = rewriter.insert(XOrIOp(condition, true.result, loc=op.loc)).result
    rewriter.replace_op_with_new_op(op, ExtUIOp(condition, out_type=type_, loc=op.loc))
    return True
  }];
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

//===----------------------------------------------------------------------===//
// Canonicalization patterns (pattern set `canonicalize`), as MLIR's
// ArithCanonicalization.td. Constants are matched as `arith.constant` ops,
// which is what MLIR's `ConstantLikeMatcher` finds in arith code.
//===----------------------------------------------------------------------===//

def AddIntAttrs : NativeCodeCall<"arith.int_attrs_add($0, $1)">;
def SubIntAttrs : NativeCodeCall<"arith.int_attrs_sub($0, $1)">;
def MulIntAttrs : NativeCodeCall<"arith.int_attrs_mul($0, $1)">;
def MergeOverflow : NativeCodeCall<"arith.merge_overflow($0, $1)">;
def ZeroOf : NativeCodeCall<"arith.zero_of($0)">;
def InvertPredicate : NativeCodeCall<"arith.inverted_cmpi($0)">;
def IsScalarOrSplatNegativeOne : Constraint<CPred<"arith.is_splat_int($0, -1)">>;
def IsScalarOrSplatOne : Constraint<CPred<"arith.is_splat_int($0, 1)">>;
def IsEqOrNe : Constraint<CPred<"int_constant($0) in (0, 1)">>;
def SameType : Constraint<CPred<"$0.type is $1.type">>;
def WiderThan : Constraint<CPred<"arith.is_wider($0, $1)">>;

let patternSet = "canonicalize" in {

// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
def AddIAddConstant : Pat<
  (Arith_AddIOp (Arith_AddIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_AddIOp $x, (Arith_ConstantOp (AddIntAttrs $c0, $c1)), (MergeOverflow $ovf1, $ovf2))>,
    KnownUnsound<"keeps the nsw/nuw flags both ops carry, as MLIR 22's pattern does, but the folded constant c0 + c1 can wrap, so the one op can overflow (poison) where neither of the two did: (x + -128) + -114 with nsw on i8 at x = 127 is -115, x + 14 with nsw is poison">;

// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
// Preferred to the next pattern where both match (both constants, or both operands alike).
def AddISubConstantRHS : Pat<
  (Arith_AddIOp (Arith_SubIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_AddIOp $x, (Arith_ConstantOp (SubIntAttrs $c1, $c0)), (MergeOverflow $ovf1, $ovf2)),
  [], [], (addBenefit 1)>;

// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
def AddISubConstantLHS : Pat<
  (Arith_AddIOp (Arith_SubIOp (Arith_ConstantOp APIntAttr:$c0), $x, $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_SubIOp (Arith_ConstantOp (AddIntAttrs $c0, $c1)), $x, (MergeOverflow $ovf1, $ovf2))>,
    KnownUnsound<"keeps the nsw/nuw flags both ops carry, as MLIR 22's pattern does, but the folded constant c0 + c1 can wrap, so the one op can overflow (poison) where neither of the two did">;

// addi(x, muli(y, -1)) -> subi(x, y)
// Preferred to the next pattern where both match (both constants, or both operands alike).
def AddIMulNegativeOneRhs : Pat<
  (Arith_AddIOp $x, (Arith_MulIOp $y, (Arith_ConstantOp $c0), $ovf1), $ovf2),
  (Arith_SubIOp $x, $y),
  [(IsScalarOrSplatNegativeOne $c0)], [], (addBenefit 1)>;

// addi(muli(x, -1), y) -> subi(y, x)
def AddIMulNegativeOneLhs : Pat<
  (Arith_AddIOp (Arith_MulIOp $x, (Arith_ConstantOp $c0), $ovf1), $y, $ovf2),
  (Arith_SubIOp $y, $x),
  [(IsScalarOrSplatNegativeOne $c0)]>;

// muli(muli(x, c0), c1) -> muli(x, c0 * c1)
def MulIMulIConstant : Pat<
  (Arith_MulIOp (Arith_MulIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_MulIOp $x, (Arith_ConstantOp (MulIntAttrs $c0, $c1)), (MergeOverflow $ovf1, $ovf2))>;

// subi(addi(x, c0), c1) -> addi(x, c0 - c1)
def SubIRHSAddConstant : Pat<
  (Arith_SubIOp (Arith_AddIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_AddIOp $x, (Arith_ConstantOp (SubIntAttrs $c0, $c1)))>;

// subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
def SubILHSAddConstant : Pat<
  (Arith_SubIOp (Arith_ConstantOp APIntAttr:$c1),
                (Arith_AddIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1), $ovf2),
  (Arith_SubIOp (Arith_ConstantOp (SubIntAttrs $c1, $c0)), $x, (MergeOverflow $ovf1, $ovf2))>,
    KnownUnsound<"keeps the nsw/nuw flags both ops carry, as MLIR 22's pattern does, but the folded constant c1 - c0 can wrap, so the one op can overflow (poison) where neither of the two did">;

// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
// Preferred to the next pattern where both match (both constants, or both operands alike).
def SubIRHSSubConstantRHS : Pat<
  (Arith_SubIOp (Arith_SubIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_SubIOp $x, (Arith_ConstantOp (AddIntAttrs $c0, $c1)), (MergeOverflow $ovf1, $ovf2)),
  [], [], (addBenefit 1)>;

// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
def SubIRHSSubConstantLHS : Pat<
  (Arith_SubIOp (Arith_SubIOp (Arith_ConstantOp APIntAttr:$c0), $x, $ovf1),
                (Arith_ConstantOp APIntAttr:$c1), $ovf2),
  (Arith_SubIOp (Arith_ConstantOp (SubIntAttrs $c0, $c1)), $x, (MergeOverflow $ovf1, $ovf2))>,
    KnownUnsound<"keeps the nsw/nuw flags both ops carry, as MLIR 22's pattern does, but the folded constant c0 - c1 can wrap, so the one op can overflow (poison) where neither of the two did">;

// subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
// Preferred to the next pattern where both match (both constants, or both operands alike).
def SubILHSSubConstantRHS : Pat<
  (Arith_SubIOp (Arith_ConstantOp APIntAttr:$c1),
                (Arith_SubIOp $x, (Arith_ConstantOp APIntAttr:$c0), $ovf1), $ovf2),
  (Arith_SubIOp (Arith_ConstantOp (AddIntAttrs $c0, $c1)), $x, (MergeOverflow $ovf1, $ovf2)),
  [], [], (addBenefit 1)>,
    KnownUnsound<"keeps the nsw/nuw flags both ops carry, as MLIR 22's pattern does, but the folded constant c0 + c1 can wrap, so the one op can overflow (poison) where neither of the two did">;

// subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
def SubILHSSubConstantLHS : Pat<
  (Arith_SubIOp (Arith_ConstantOp APIntAttr:$c1),
                (Arith_SubIOp (Arith_ConstantOp APIntAttr:$c0), $x, $ovf1), $ovf2),
  (Arith_AddIOp $x, (Arith_ConstantOp (SubIntAttrs $c1, $c0)), (MergeOverflow $ovf1, $ovf2))>,
    KnownUnsound<"keeps the nsw/nuw flags both ops carry, as MLIR 22's pattern does, but the folded constant c1 - c0 can wrap, so the one op can overflow (poison) where neither of the two did">;

// subi(subi(a, b), a) -> subi(0, b)
def SubISubILHSRHSLHS : Pat<
  (Arith_SubIOp (Arith_SubIOp $x, $y, $ovf1), $x, $ovf2),
  (Arith_SubIOp (Arith_ConstantOp (ZeroOf $y)), $y)>;

// xori(cmpi(pred, a, b), 1) -> cmpi(~pred, a, b)
def XOrINotCmpI : Pat<
  (Arith_XOrIOp (Arith_CmpIOp $pred, $a, $b), (Arith_ConstantOp $c)),
  (Arith_CmpIOp (InvertPredicate $pred), $a, $b),
  [(IsScalarOrSplatOne $c)]>;

// cmpi(eq|ne, extsi(a), extsi(b)) -> cmpi(eq|ne, a, b)
def CmpIExtSI : Pat<
  (Arith_CmpIOp $pred, (Arith_ExtSIOp $a), (Arith_ExtSIOp $b)),
  (Arith_CmpIOp $pred, $a, $b),
  [(SameType $a, $b), (IsEqOrNe $pred)]>;

// cmpi(eq|ne, extui(a), extui(b)) -> cmpi(eq|ne, a, b)
def CmpIExtUI : Pat<
  (Arith_CmpIOp $pred, (Arith_ExtUIOp $a), (Arith_ExtUIOp $b)),
  (Arith_CmpIOp $pred, $a, $b),
  [(SameType $a, $b), (IsEqOrNe $pred)]>;

// select(pred, select(pred, a, b), c) -> select(pred, a, c)
// The redundant-select patterns go before SelectNotCond where they overlap, the
// first before the second, as MLIR tries them.
def RedundantSelectTrue : Pat<
  (Arith_SelectOp $pred, (Arith_SelectOp $pred, $a, $b), $c),
  (Arith_SelectOp $pred, $a, $c),
  [], [], (addBenefit 3)>;

// select(pred, a, select(pred, b, c)) -> select(pred, a, c)
def RedundantSelectFalse : Pat<
  (Arith_SelectOp $pred, $a, (Arith_SelectOp $pred, $b, $c)),
  (Arith_SelectOp $pred, $a, $c),
  [], [], (addBenefit 2)>;

// select(pred, false, true) -> not(pred)
def SelectI1ToNot : Pat<
  (Arith_SelectOp $pred, (Arith_ConstantOp ConstantAttr<BoolAttr, "false">),
                         (Arith_ConstantOp ConstantAttr<BoolAttr, "true">)),
  (Arith_XOrIOp $pred, (Arith_ConstantOp ConstantAttr<BoolAttr, "true">))>;

// select(not(pred), a, b) -> select(pred, b, a)
def SelectNotCond : Pat<
  (Arith_SelectOp (Arith_XOrIOp $pred, (Arith_ConstantOp $ones)), $a, $b),
  (Arith_SelectOp $pred, $b, $a),
  [(IsScalarOrSplatOne $ones)]>;

// mulf(negf(a), negf(b)) -> mulf(a, b)
def MulFOfNegF : Pat<
  (Arith_MulFOp (Arith_NegFOp $a, $fmf1), (Arith_NegFOp $b, $fmf2), $fmf),
  (Arith_MulFOp $a, $b, $fmf),
  [(SameType $a, $b)]>;

// divf(negf(a), negf(b)) -> divf(a, b)
def DivFOfNegF : Pat<
  (Arith_DivFOp (Arith_NegFOp $a, $fmf1), (Arith_NegFOp $b, $fmf2), $fmf),
  (Arith_DivFOp $a, $b, $fmf),
  [(SameType $a, $b)]>;

// extsi(extui(x)) -> extui(x)
def ExtSIOfExtUI : Pat<(Arith_ExtSIOp (Arith_ExtUIOp $x)), (Arith_ExtUIOp $x)>;

// trunci(extsi(x)) -> extsi(x) when the truncation keeps more bits than x has
def TruncIExtSIToExtSI : Pat<
  (Arith_TruncIOp:$tr (Arith_ExtSIOp:$ext $x), $overflow),
  (Arith_ExtSIOp $x),
  [(WiderThan $ext, $tr), (WiderThan $tr, $x)]>;

// trunci(extui(x)) -> extui(x) when the truncation keeps more bits than x has
def TruncIExtUIToExtUI : Pat<
  (Arith_TruncIOp:$tr (Arith_ExtUIOp:$ext $x), $overflow),
  (Arith_ExtUIOp $x),
  [(WiderThan $ext, $tr), (WiderThan $tr, $x)]>;

// index_cast(index_cast(x)) -> x
def IndexCastOfIndexCast : Pat<
  (Arith_IndexCastOp:$res (Arith_IndexCastOp $x)),
  (replaceWithValue $x),
  [(SameType $res, $x)]>,
    KnownUnsound<"drops a round trip through the middle type, as MLIR 22's pattern does, whenever the outer result type is the input's: index -> i16 -> index truncates to 16 bits and sign-extends back, which is not the identity">;

// index_castui(index_castui(x)) -> x
def IndexCastUIOfIndexCastUI : Pat<
  (Arith_IndexCastUIOp:$res (Arith_IndexCastUIOp $x)),
  (replaceWithValue $x),
  [(SameType $res, $x)]>,
    KnownUnsound<"drops a round trip through the middle type, as MLIR 22's pattern does, whenever the outer result type is the input's: index -> i16 -> index truncates to 16 bits and zero-extends back, which is not the identity">;

// bitcast(bitcast(x)) -> bitcast(x)
def BitcastOfBitcast : Pat<
  (Arith_BitcastOp (Arith_BitcastOp $x)),
  (Arith_BitcastOp $x)>;

// and(extui(x), extui(y)) -> extui(and(x, y)), and likewise for extsi, ori and xori:
// the bitwise op works as well on the narrower values.
def AndOfExtUI : Pat<
  (Arith_AndIOp (Arith_ExtUIOp $x), (Arith_ExtUIOp $y)),
  (Arith_ExtUIOp (Arith_AndIOp $x, $y)),
  [(SameType $x, $y)]>;

def AndOfExtSI : Pat<
  (Arith_AndIOp (Arith_ExtSIOp $x), (Arith_ExtSIOp $y)),
  (Arith_ExtSIOp (Arith_AndIOp $x, $y)),
  [(SameType $x, $y)]>;

def OrOfExtUI : Pat<
  (Arith_OrIOp (Arith_ExtUIOp $x), (Arith_ExtUIOp $y)),
  (Arith_ExtUIOp (Arith_OrIOp $x, $y)),
  [(SameType $x, $y)]>;

def OrOfExtSI : Pat<
  (Arith_OrIOp (Arith_ExtSIOp $x), (Arith_ExtSIOp $y)),
  (Arith_ExtSIOp (Arith_OrIOp $x, $y)),
  [(SameType $x, $y)]>;

def XOrIOfExtUI : Pat<
  (Arith_XOrIOp (Arith_ExtUIOp $x), (Arith_ExtUIOp $y)),
  (Arith_ExtUIOp (Arith_XOrIOp $x, $y)),
  [(SameType $x, $y)]>;

def XOrIOfExtSI : Pat<
  (Arith_XOrIOp (Arith_ExtSIOp $x), (Arith_ExtSIOp $y)),
  (Arith_ExtSIOp (Arith_XOrIOp $x, $y)),
  [(SameType $x, $y)]>;
}
