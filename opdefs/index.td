// The index dialect: arithmetic and comparisons on values of the builtin
// `index` type. Every op of MLIR 22's `index` dialect, with the same op,
// operand, attribute and result names, syntax, constraints (and so the same
// verifier messages), folders and canonicalizations.

include "OpBase.td"

def Index_Dialect : Dialect {
  let name = "index";
  let summary = "Arithmetic on the target's pointer-sized integers";
  let description = [{
    Operations on values of the builtin `index` type, whose width is the
    target's pointer width (like C's `intptr_t`): sizes, offsets, loop bounds
    and subscripts. Only scalars of type `index` are operands; `index.casts`
    and `index.castu` convert to and from fixed-width integers.

    An `index` value is a signless bit pattern. Where signedness matters the
    dialect has two operations (`divs` and `divu`, `maxs` and `maxu`, ...),
    and `index.cmp` names it in its predicate.

    Folding does not know the target's width, so it must give what either a
    64-bit or a 32-bit target would compute. Constants are kept as 64-bit
    values. An operation whose low 32 result bits depend only on the low 32
    bits of its operands (addition, multiplication, the bitwise operations,
    left shifts) is folded in 64 bits: truncated, that is the 32-bit result.
    The others (division, remainder, right shifts, the signed and unsigned
    extrema, comparisons) are computed both in 64 bits and on the operands
    truncated to 32 bits, and folded only when the two results agree. For
    example, `index.divu` of `0x100000002` by `2` is not folded: a 64-bit
    target gets `0x80000001`, a 32-bit one `1`.
  }];
  let hasConstantMaterializer = 1;
  // The constant materializer, and the arithmetic of the folders: 64-bit and
  // 32-bit two's complement, as MLIR's APInt computes it.
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """`index.bool.constant` for an `i1` value, `index.constant` for an `index` one."""
        i1 = IntegerType.get(1)
        if isinstance(value, BoolAttr):
            if type_ is not i1:
                return None
            return BoolConstantOp(value=value, loc=loc)
        if isinstance(value, IntegerAttr):
            if not isinstance(value.type, IndexType) or not isinstance(type_, IndexType):
                return None
            return ConstantOp(value=value, loc=loc)
        return None


    #: A fold of two `width`-bit operands, read unsigned, to an unsigned result or None.
    IndexFn = Callable[[int, int, int], "int | None"]


    def index_operands(op: Operation) -> tuple[int, int] | None:
        """The values of both operands when both are integer constants, unsigned."""
        lhs = constant_value(op.operands[0])
        rhs = constant_value(op.operands[1])
        if not isinstance(lhs, IntegerAttr) or not isinstance(rhs, IntegerAttr):
            return None
        return to_unsigned(lhs.value, 64), to_unsigned(rhs.value, 64)


    def fold_unchecked(op: Operation, fn: IndexFn) -> Attribute | None:
        """Fold in 64 bits an operation whose low 32 result bits depend only on
        the low 32 operand bits (MLIR's `foldBinaryOpUnchecked`)."""
        operands = index_operands(op)
        if operands is None:
            return None
        result = fn(operands[0], operands[1], 64)
        return None if result is None else IntegerAttr.wrapped(IndexType.get(), result)


    def fold_checked(op: Operation, fn: IndexFn) -> Attribute | None:
        """Fold only when the 64-bit result, truncated, is the 32-bit result of the
        truncated operands (MLIR's `foldBinaryOpChecked`)."""
        operands = index_operands(op)
        if operands is None:
            return None
        a, b = operands
        wide = fn(a, b, 64)
        if wide is None:
            return None
        narrow = fn(to_unsigned(a, 32), to_unsigned(b, 32), 32)
        if narrow is None or to_unsigned(wide, 32) != narrow:
            return None
        return IntegerAttr.wrapped(IndexType.get(), wide)


    def signed_div(a: int, b: int, width: int) -> int:
        """APInt's `sdiv` of two unsigned `width`-bit values: the quotient rounded
        toward zero, wrapped (the smallest value by -1 is itself)."""
        x, y = to_signed(a, width), to_signed(b, width)
        quotient = abs(x) // abs(y)
        return to_unsigned(-quotient if (x < 0) != (y < 0) else quotient, width)


    def signed_rem(a: int, b: int, width: int) -> int:
        """APInt's `srem`: the remainder with the sign of `a`."""
        x, y = to_signed(a, width), to_signed(b, width)
        remainder = abs(x) % abs(y)
        return to_unsigned(-remainder if x < 0 else remainder, width)


    def ceil_div_signed(n: int, m: int, width: int) -> int | None:
        """`ceildivs` as MLIR computes it, on `width`-bit values."""
        if not m:
            return None
        if not n:
            return n
        m_positive = to_signed(m, width) > 0
        if (to_signed(n, width) > 0) != m_positive:
            negated = to_unsigned(-to_signed(n, width), width)
            return to_unsigned(-to_signed(signed_div(negated, m, width), width), width)
        bump = -1 if m_positive else 1
        moved = to_unsigned(to_signed(n, width) + bump, width)
        return to_unsigned(to_signed(signed_div(moved, m, width), width) + 1, width)


    def ceil_div_unsigned(n: int, m: int, width: int) -> int | None:
        """`ceildivu`: `(n - 1) / m + 1`, or 0 for `n == 0`."""
        if not m:
            return None
        if not n:
            return n
        return to_unsigned((n - 1) // m + 1, width)


    def floor_div_signed(n: int, m: int, width: int) -> int | None:
        """`floordivs` as MLIR computes it, on `width`-bit values."""
        if not m:
            return None
        if not n:
            return n
        m_negative = to_signed(m, width) < 0
        if (to_signed(n, width) < 0) == m_negative:
            return signed_div(n, m, width)
        bump = 1 if m_negative else -1
        moved = to_unsigned(bump - to_signed(n, width), width)
        return to_unsigned(-1 - to_signed(signed_div(moved, m, width), width), width)


    def compare(predicate: IndexCmpPredicate, a: int, b: int, width: int) -> bool:
        """`a predicate b` of two unsigned `width`-bit values."""
        if predicate in (IndexCmpPredicate.EQ, IndexCmpPredicate.NE):
            return (a == b) == (predicate == IndexCmpPredicate.EQ)
        if predicate in (
            IndexCmpPredicate.SLT,
            IndexCmpPredicate.SLE,
            IndexCmpPredicate.SGT,
            IndexCmpPredicate.SGE,
        ):
            a, b = to_signed(a, width), to_signed(b, width)
        if predicate in (IndexCmpPredicate.SLT, IndexCmpPredicate.ULT):
            return a < b
        if predicate in (IndexCmpPredicate.SLE, IndexCmpPredicate.ULE):
            return a <= b
        if predicate in (IndexCmpPredicate.SGT, IndexCmpPredicate.UGT):
            return a > b
        return a >= b


    #: The predicate that holds exactly where each one does not.
    INVERTED_PREDICATE = {
        IndexCmpPredicate.EQ: IndexCmpPredicate.NE,
        IndexCmpPredicate.NE: IndexCmpPredicate.EQ,
        IndexCmpPredicate.SLT: IndexCmpPredicate.SGE,
        IndexCmpPredicate.SGE: IndexCmpPredicate.SLT,
        IndexCmpPredicate.SLE: IndexCmpPredicate.SGT,
        IndexCmpPredicate.SGT: IndexCmpPredicate.SLE,
        IndexCmpPredicate.ULT: IndexCmpPredicate.UGE,
        IndexCmpPredicate.UGE: IndexCmpPredicate.ULT,
        IndexCmpPredicate.ULE: IndexCmpPredicate.UGT,
        IndexCmpPredicate.UGT: IndexCmpPredicate.ULE,
    }


    #: A range of `width`-bit values, read unsigned and read signed:
    #: (umin, umax, smin, smax), as MLIR's `ConstantIntRanges`.
    IntRange = tuple[int, int, int, int]


    def range_from_signed(low: int, high: int, width: int) -> IntRange:
        """The range of the signed bounds `low` to `high`; its unsigned reading spans
        everything when it crosses zero."""
        if (low >= 0) == (high >= 0):
            ulow, uhigh = to_unsigned(low, width), to_unsigned(high, width)
            return min(ulow, uhigh), max(ulow, uhigh), low, high
        return 0, (1 << width) - 1, low, high


    def range_from_unsigned(low: int, high: int, width: int) -> IntRange:
        """The range of the unsigned bounds `low` to `high`; its signed reading spans
        everything when it crosses the sign bit."""
        slow, shigh = to_signed(low, width), to_signed(high, width)
        if (slow < 0) == (shigh < 0):
            return low, high, min(slow, shigh), max(slow, shigh)
        return low, high, -(1 << (width - 1)), (1 << (width - 1)) - 1


    def always_holds(predicate: IndexCmpPredicate, lhs: IntRange, rhs: IntRange) -> bool:
        """Whether `predicate` holds for every pair of values of the two ranges."""
        lumin, lumax, lsmin, lsmax = lhs
        rumin, rumax, rsmin, rsmax = rhs
        if predicate == IndexCmpPredicate.SLE:
            return lsmax <= rsmin
        if predicate == IndexCmpPredicate.SLT:
            return lsmax < rsmin
        if predicate == IndexCmpPredicate.ULE:
            return lumax <= rumin
        if predicate == IndexCmpPredicate.ULT:
            return lumax < rumin
        if predicate == IndexCmpPredicate.SGE:
            return lsmin >= rsmax
        if predicate == IndexCmpPredicate.SGT:
            return lsmin > rsmax
        if predicate == IndexCmpPredicate.UGE:
            return lumin >= rumax
        if predicate == IndexCmpPredicate.UGT:
            return lumin > rumax
        if predicate == IndexCmpPredicate.EQ:
            left = lumin if lumin == lumax else lsmin if lsmin == lsmax else None
            right = rumin if rumin == rumax else rsmin if rsmin == rsmax else None
            return left is not None and right is not None and left == right
        differ_signed = always_holds(IndexCmpPredicate.SLT, lhs, rhs) or always_holds(
            IndexCmpPredicate.SGT, lhs, rhs
        )
        differ_unsigned = always_holds(IndexCmpPredicate.ULT, lhs, rhs) or always_holds(
            IndexCmpPredicate.UGT, lhs, rhs
        )
        return differ_signed and differ_unsigned


    def compare_extremum(
        extremum: Operation, bound: int, value: int, width: int, predicate: IndexCmpPredicate
    ) -> bool | None:
        """`cmp(predicate, extremum(x, bound), value)` for any `x`, if it is known:
        the extremum's result lies in a range that the predicate compares as a whole."""
        smin, smax = -(1 << (width - 1)), (1 << (width - 1)) - 1
        if isinstance(extremum, MinSOp):
            lhs = range_from_signed(smin, to_signed(bound, width), width)
        elif isinstance(extremum, MinUOp):
            lhs = range_from_unsigned(0, bound, width)
        elif isinstance(extremum, MaxSOp):
            lhs = range_from_signed(to_signed(bound, width), smax, width)
        else:
            lhs = range_from_unsigned(bound, (1 << width) - 1, width)
        rhs = (value, value, to_signed(value, width), to_signed(value, width))
        if always_holds(predicate, lhs, rhs):
            return True
        if always_holds(INVERTED_PREDICATE[predicate], lhs, rhs):
            return False
        return None


    def reassociate_constants(op: Operation, rewriter: PatternRewriter) -> bool:
        """`op(op(x, c1), c2) -> op(x, op(c2, c1))` for an associative and commutative
        op, when the new op of the two constants folds (MLIR's
        `canonicalizeAssociativeCommutativeBinaryOp`)."""
        if constant_value(op.operands[1]) is None:
            return False
        inner = op.operands[0].defining_op
        if type(inner) is not type(op) or constant_value(inner.operands[1]) is None:
            return False
        # The op's class, built as each binary op is: `Class(lhs, rhs, loc=...)`.
        make: Any = type(op)
        combined = rewriter.create_or_fold(make(op.operands[1], inner.operands[1], loc=op.loc))[0]
        if isinstance(combined.defining_op, type(op)):
            return False
        rewriter.replace_op_with_new_op(op, make(inner.operands[0], combined, loc=op.loc))
        return True
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def IndexCmpPredicate : I32EnumAttr<"IndexCmpPredicate",
    "index comparison predicate kind", [
  I32EnumAttrCase<"EQ", 0, "eq">,
  I32EnumAttrCase<"NE", 1, "ne">,
  I32EnumAttrCase<"SLT", 2, "slt">,
  I32EnumAttrCase<"SLE", 3, "sle">,
  I32EnumAttrCase<"SGT", 4, "sgt">,
  I32EnumAttrCase<"SGE", 5, "sge">,
  I32EnumAttrCase<"ULT", 6, "ult">,
  I32EnumAttrCase<"ULE", 7, "ule">,
  I32EnumAttrCase<"UGT", 8, "ugt">,
  I32EnumAttrCase<"UGE", 9, "uge">
]> {
  let cppNamespace = "::mlir::index";
  let description = [{
    The comparison `index.cmp` makes: equality, or an order reading both
    operands as signed (`s...`) or unsigned (`u...`) integers.
  }];
}

// `#index<cmp_predicate slt>`; `slt` alone in the custom form of `index.cmp`.
def IndexCmpPredicateAttr
    : EnumAttr<Index_Dialect, IndexCmpPredicate, "cmp_predicate"> {
  let assemblyFormat = "$value";
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

class Index_Op<string mnemonic, list<Trait> traits = []>
    : Op<Index_Dialect, mnemonic, traits>;

// Two `index` operands and an `index` result, written `index.add %a, %b`.
class Index_BinaryOp<string mnemonic, list<Trait> traits = []>
    : Index_Op<mnemonic, traits> {
  let arguments = (ins Index:$lhs, Index:$rhs);
  let results = (outs Index:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
  let hasFolder = 1;
}

// A binary op that may be reassociated with constants (see `reassociate_constants`).
class Index_AssociativeOp<string mnemonic, list<Trait> traits = []>
    : Index_BinaryOp<mnemonic, traits # [Commutative, Pure]> {
  let hasCanonicalizeMethod = 1;
  let canonicalize = [{
    return reassociate_constants(op, rewriter)
  }];
}

// The checks of MLIR's CastOpInterface for the two casts: exactly one side is
// `index`.
defvar Index_CheckCast = [{
    source, target = self.input.type, self.output.type
    if isinstance(source, IndexType) == isinstance(target, IndexType):
        return f"operand type '{source}' and result type '{target}' are cast incompatible"
    return None
}];

// The fold of a cast of a constant (MLIR's `foldCastOp`): to `index` the value
// is extended or truncated to 64 bits; from `index` it is folded only where a
// 32-bit target would give the same result. `signed` says how it is extended.
defvar Index_FoldCast = [{
    value = constant_value(self.input)
    if not isinstance(value, IntegerAttr):
        return None
    target = self.output.type
    width_in = int_width(value.type)
    bits = to_unsigned(value.value, width_in)

    def extend(v: int, width: int) -> int:
        return to_signed(v, width) if signed else to_unsigned(v, width)

    if isinstance(target, IndexType):
        return IntegerAttr.wrapped(target, extend(bits, width_in))
    if not isinstance(target, IntegerType):
        return None
    width = target.width
    low = to_unsigned(bits, 32)
    if width <= 32:
        return IntegerAttr.wrapped(target, bits)
    if width >= 64:
        if to_unsigned(extend(low, 32), 64) != bits:
            return None
        return IntegerAttr.wrapped(target, extend(bits, 64))
    if to_unsigned(bits, width) != to_unsigned(extend(low, 32), width):
        return None
    return IntegerAttr.wrapped(target, bits)
}];

class Index_CastOp<string mnemonic, code fold_rule>
    : Index_Op<mnemonic, [Pure, CastOpInterface]> {
  let arguments = (ins AnyTypeOf<[AnyInteger, Index]>:$input);
  let results = (outs AnyTypeOf<[AnyInteger, Index]>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
  let hasVerifier = 1;
  let verifier = Index_CheckCast;
  let hasFolder = 1;
  let fold = !strconcat(fold_rule, Index_FoldCast);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

def Index_AddOp : Index_AssociativeOp<"add"> {
  let reference = [{ return semantics.addi(lhs, rhs, 64) }];
  let summary = "Index addition";
  let description = [{
    The sum of two `index` values, wrapping around at the target's width.

    Example:

    ```mlir
    %next = index.add %i, %step
    ```
  }];
  let fold = [{
    folded = fold_unchecked(self, lambda a, b, w: to_unsigned(a + b, w))
    if folded is not None:
        return folded
    # add(x, 0) -> x
    rhs = constant_value(self.rhs)
    if isinstance(rhs, IntegerAttr) and rhs.value == 0:
        return self.lhs
    return None
  }];
}

def Index_SubOp : Index_BinaryOp<"sub", [Pure]> {
  let reference = [{ return semantics.subi(lhs, rhs, 64) }];
  let summary = "Index subtraction";
  let description = [{
    `lhs` minus `rhs`, wrapping around at the target's width.

    Example:

    ```mlir
    %remaining = index.sub %n, %i
    ```
  }];
  let fold = [{
    folded = fold_unchecked(self, lambda a, b, w: to_unsigned(a - b, w))
    if folded is not None:
        return folded
    # sub(x, 0) -> x
    rhs = constant_value(self.rhs)
    if isinstance(rhs, IntegerAttr) and rhs.value == 0:
        return self.lhs
    return None
  }];
}

def Index_MulOp : Index_AssociativeOp<"mul"> {
  let reference = [{ return semantics.muli(lhs, rhs, 64) }];
  let summary = "Index multiplication";
  let description = [{
    The product of two `index` values, keeping the bits that fit the target's
    width.

    Example:

    ```mlir
    %offset = index.mul %row, %stride
    ```
  }];
  let fold = [{
    folded = fold_unchecked(self, lambda a, b, w: to_unsigned(a * b, w))
    if folded is not None:
        return folded
    rhs = constant_value(self.rhs)
    if isinstance(rhs, IntegerAttr):
        # mul(x, 1) -> x and mul(x, 0) -> 0
        if rhs.value == 1:
            return self.lhs
        if rhs.value == 0:
            return rhs
    return None
  }];
}

def Index_DivSOp : Index_BinaryOp<"divs", [NoMemoryEffect]> {
  let reference = [{ return semantics.divs(lhs, rhs, 64) }];
  let summary = "Index signed division";
  let description = [{
    `lhs` divided by `rhs`, both read as signed, rounded toward zero. Dividing
    by zero, or the smallest value by -1, is undefined behavior.

    Example:

    ```mlir
    %q = index.divs %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: signed_div(a, b, w) if b else None)
  }];
}

def Index_DivUOp : Index_BinaryOp<"divu", [NoMemoryEffect]> {
  let reference = [{ return semantics.divu(lhs, rhs, 64) }];
  let summary = "Index unsigned division";
  let description = [{
    `lhs` divided by `rhs`, both read as unsigned, rounded toward zero.
    Dividing by zero is undefined behavior.

    Example:

    ```mlir
    %q = index.divu %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a // b if b else None)
  }];
}

def Index_CeilDivSOp : Index_BinaryOp<"ceildivs", [NoMemoryEffect]> {
  let reference = [{ return semantics.index_ceildivs(lhs, rhs, 64) }];
  let summary = "Index signed ceiling division";
  let description = [{
    `lhs` divided by `rhs`, both read as signed, rounded toward positive
    infinity. Dividing by zero, or the smallest value by -1, is undefined
    behavior.

    Example:

    ```mlir
    %tiles = index.ceildivs %n, %tile_size
    ```
  }];
  let fold = [{
    return fold_checked(self, ceil_div_signed)
  }];
}

def Index_CeilDivUOp : Index_BinaryOp<"ceildivu", [NoMemoryEffect]> {
  let reference = [{ return semantics.ceildivu(lhs, rhs, 64) }];
  let summary = "Index unsigned ceiling division";
  let description = [{
    `lhs` divided by `rhs`, both read as unsigned, rounded up. Dividing by
    zero is undefined behavior.

    Example:

    ```mlir
    %blocks = index.ceildivu %bytes, %block_size
    ```
  }];
  let fold = [{
    return fold_checked(self, ceil_div_unsigned)
  }];
}

def Index_FloorDivSOp : Index_BinaryOp<"floordivs", [NoMemoryEffect]> {
  let reference = [{ return semantics.index_floordivs(lhs, rhs, 64) }];
  let summary = "Index signed floor division";
  let description = [{
    `lhs` divided by `rhs`, both read as signed, rounded toward negative
    infinity. Dividing by zero, or the smallest value by -1, is undefined
    behavior.

    Example:

    ```mlir
    %q = index.floordivs %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, floor_div_signed)
  }];
}

def Index_RemSOp : Index_BinaryOp<"rems", [NoMemoryEffect]> {
  let reference = [{ return semantics.rems(lhs, rhs, 64) }];
  let summary = "Index signed remainder";
  let description = [{
    The remainder of `lhs` divided by `rhs`, both read as signed; it has the
    sign of `lhs`. A zero divisor is undefined behavior.

    Example:

    ```mlir
    %r = index.rems %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: signed_rem(a, b, w) if b else None)
  }];
}

def Index_RemUOp : Index_BinaryOp<"remu", [NoMemoryEffect]> {
  let reference = [{ return semantics.remu(lhs, rhs, 64) }];
  let summary = "Index unsigned remainder";
  let description = [{
    The remainder of `lhs` divided by `rhs`, both read as unsigned. A zero
    divisor is undefined behavior.

    Example:

    ```mlir
    %r = index.remu %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a % b if b else None)
  }];
}

def Index_MaxSOp : Index_AssociativeOp<"maxs"> {
  let reference = [{ return semantics.maxs(lhs, rhs, 64) }];
  let summary = "Index signed maximum";
  let description = [{
    The larger of two `index` values read as signed.

    Example:

    ```mlir
    %m = index.maxs %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a if to_signed(a, w) > to_signed(b, w) else b)
  }];
}

def Index_MaxUOp : Index_AssociativeOp<"maxu"> {
  let reference = [{ return semantics.maxu(lhs, rhs) }];
  let summary = "Index unsigned maximum";
  let description = [{
    The larger of two `index` values read as unsigned.

    Example:

    ```mlir
    %m = index.maxu %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a if a > b else b)
  }];
}

def Index_MinSOp : Index_AssociativeOp<"mins"> {
  let reference = [{ return semantics.mins(lhs, rhs, 64) }];
  let summary = "Index signed minimum";
  let description = [{
    The smaller of two `index` values read as signed.

    Example:

    ```mlir
    %m = index.mins %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a if to_signed(a, w) < to_signed(b, w) else b)
  }];
}

def Index_MinUOp : Index_AssociativeOp<"minu"> {
  let reference = [{ return semantics.minu(lhs, rhs) }];
  let summary = "Index unsigned minimum";
  let description = [{
    The smaller of two `index` values read as unsigned.

    Example:

    ```mlir
    %m = index.minu %a, %b
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a if a < b else b)
  }];
}

//===----------------------------------------------------------------------===//
// Shifts and bitwise operations
//===----------------------------------------------------------------------===//

def Index_ShlOp : Index_BinaryOp<"shl", [Pure]> {
  let reference = [{ return semantics.shl(lhs, rhs, 64) }];
  let summary = "Index shift left";
  let description = [{
    Shifts `lhs` left by `rhs` bits, filling with zeros. A shift by the
    target's bit width or more gives poison.

    Example:

    ```mlir
    %scaled = index.shl %x, %c3
    ```
  }];
  // A shift by 32 or more is poison on a 32-bit target but not on a 64-bit one.
  let fold = [{
    return fold_unchecked(self, lambda a, b, w: to_unsigned(a << b, w) if b < 32 else None)
  }];
}

def Index_ShrSOp : Index_BinaryOp<"shrs", [Pure]> {
  let reference = [{ return semantics.shrs(lhs, rhs, 64) }];
  let summary = "Index signed shift right";
  let description = [{
    Shifts `lhs` right by `rhs` bits, filling with copies of the sign bit. A
    shift by the target's bit width or more gives poison.

    Example:

    ```mlir
    %half = index.shrs %x, %c1
    ```
  }];
  let fold = [{
    return fold_checked(
        self, lambda a, b, w: to_unsigned(to_signed(a, w) >> b, w) if b < 32 else None
    )
  }];
}

def Index_ShrUOp : Index_BinaryOp<"shru", [Pure]> {
  let reference = [{ return semantics.shru(lhs, rhs, 64) }];
  let summary = "Index unsigned shift right";
  let description = [{
    Shifts `lhs` right by `rhs` bits, filling with zeros. A shift by the
    target's bit width or more gives poison.

    Example:

    ```mlir
    %high = index.shru %x, %c16
    ```
  }];
  let fold = [{
    return fold_checked(self, lambda a, b, w: a >> b if b < 32 else None)
  }];
}

def Index_AndOp : Index_AssociativeOp<"and"> {
  let reference = [{ return semantics.andi(lhs, rhs) }];
  let summary = "Index bitwise and";
  let description = [{
    The bitwise and of two `index` values.

    Example:

    ```mlir
    %aligned = index.and %p, %mask
    ```
  }];
  let fold = [{
    return fold_unchecked(self, lambda a, b, w: a & b)
  }];
}

def Index_OrOp : Index_AssociativeOp<"or"> {
  let reference = [{ return semantics.ori(lhs, rhs) }];
  let summary = "Index bitwise or";
  let description = [{
    The bitwise or of two `index` values.

    Example:

    ```mlir
    %flags = index.or %a, %b
    ```
  }];
  let fold = [{
    return fold_unchecked(self, lambda a, b, w: a | b)
  }];
}

def Index_XOrOp : Index_AssociativeOp<"xor"> {
  let reference = [{ return semantics.xori(lhs, rhs) }];
  let summary = "Index bitwise exclusive or";
  let description = [{
    The bitwise exclusive or of two `index` values.

    Example:

    ```mlir
    %toggled = index.xor %a, %b
    ```
  }];
  let fold = [{
    return fold_unchecked(self, lambda a, b, w: a ^ b)
  }];
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def Index_CastSOp : Index_CastOp<"casts", [{
    signed = True
}]> {
  let reference = [{
    return semantics.int_cast(input, semantics.width(self.input.type), semantics.width(self.output.type), sign_extend=True)
  }];
  let summary = "Signed cast between index and integers";
  let description = [{
    Converts an `index` to an integer type, or an integer to `index`: exactly
    one of the two types is `index`. A narrower result keeps the low bits; a
    wider one is sign-extended.

    Example:

    ```mlir
    %i = index.casts %idx : index to i32
    %idx2 = index.casts %j : i64 to index
    ```
  }];
}

def Index_CastUOp : Index_CastOp<"castu", [{
    signed = False
}]> {
  let reference = [{
    return semantics.int_cast(input, semantics.width(self.input.type), semantics.width(self.output.type), sign_extend=False)
  }];
  let summary = "Unsigned cast between index and integers";
  let description = [{
    Converts an `index` to an integer type, or an integer to `index`: exactly
    one of the two types is `index`. A narrower result keeps the low bits; a
    wider one is zero-extended.

    Example:

    ```mlir
    %i = index.castu %idx : index to i32
    %idx2 = index.castu %j : i16 to index
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

def Index_CmpOp : Index_Op<"cmp", [Pure]> {
  let reference = [{ return semantics.cmpi(int(pred), lhs, rhs, 64) }];
  let summary = "Index comparison";
  let description = [{
    Compares two `index` values with `pred` and gives an `i1`: 1 where the
    comparison holds. The predicate is written before the parenthesized
    operands and says whether they are read as signed or unsigned: `eq`, `ne`,
    `slt`, `sle`, `sgt`, `sge`, `ult`, `ule`, `ugt`, `uge`.

    Example:

    ```mlir
    %in_bounds = index.cmp ult(%i, %n)
    %negative = index.cmp slt(%x, %zero)
    ```
  }];
  let arguments = (ins IndexCmpPredicateAttr:$pred, Index:$lhs, Index:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "`` $pred `(` $lhs `,` $rhs `)` attr-dict";
  let hasFolder = 1;
  let fold = [{
    predicate = self.pred
    lhs = constant_value(self.lhs)
    rhs = constant_value(self.rhs)
    rhs_int = rhs if isinstance(rhs, IntegerAttr) else None
    if isinstance(lhs, IntegerAttr) and rhs_int is not None:
        a, b = to_unsigned(lhs.value, 64), to_unsigned(rhs_int.value, 64)
        wide = compare(predicate, a, b, 64)
        if wide == compare(predicate, to_unsigned(a, 32), to_unsigned(b, 32), 32):
            return BoolAttr.get_bool(wide)
    # cmp(max/min(x, c1), c2) when the range of the extremum decides it
    extremum = self.lhs.defining_op
    if isinstance(extremum, (MinSOp, MinUOp, MaxSOp, MaxUOp)) and rhs_int is not None:
        bound = constant_value(extremum.rhs)
        if isinstance(bound, IntegerAttr):
            c1, c2 = to_unsigned(bound.value, 64), to_unsigned(rhs_int.value, 64)
            wide_result = compare_extremum(extremum, c1, c2, 64, predicate)
            narrow_result = compare_extremum(
                extremum, to_unsigned(c1, 32), to_unsigned(c2, 32), 32, predicate
            )
            if wide_result is not None and wide_result == narrow_result:
                return BoolAttr.get_bool(wide_result)
    # cmp(x, x)
    if self.lhs is self.rhs:
        return BoolAttr.get_bool(
            predicate
            in (
                IndexCmpPredicate.EQ,
                IndexCmpPredicate.SGE,
                IndexCmpPredicate.SLE,
                IndexCmpPredicate.UGE,
                IndexCmpPredicate.ULE,
            )
        )
    return None
  }];
  // `cmp(sub(x, y), 0)` compares `x` with `y`, and `cmp(0, sub(x, y))` `y` with `x`.
  let hasCanonicalizeMethod = 1;
  let canonicalize = [{
    rhs = constant_value(op.rhs)
    lhs = constant_value(op.lhs)
    rhs_zero = isinstance(rhs, IntegerAttr) and rhs.value == 0
    lhs_zero = isinstance(lhs, IntegerAttr) and lhs.value == 0
    if not rhs_zero and not lhs_zero:
        return False
    sub = (op.lhs if rhs_zero else op.rhs).defining_op
    if not isinstance(sub, SubOp):
        return False
    left, right = (sub.lhs, sub.rhs) if rhs_zero else (sub.rhs, sub.lhs)
    rewriter.replace_op_with_new_op(op, CmpOp(left, right, pred=op.pred, loc=op.loc))
    return True
  }];
}

//===----------------------------------------------------------------------===//
// Constants and the index width
//===----------------------------------------------------------------------===//

def Index_SizeOfOp : Index_Op<"sizeof", [Pure]> {
  let reference = [{ return 8 }];
  let summary = "The bit width of the index type";
  let description = [{
    The number of bits of the `index` type on the target, as an `index`: 32
    on a 32-bit target and 64 on a 64-bit one. It is not folded, since the
    target is not known.

    Example:

    ```mlir
    %bits = index.sizeof
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def Index_ConstantOp : Index_Op<"constant", [ConstantLike, Pure]> {
  let reference = [{ return semantics.constant(self.get_attr("value"), self.result.type) }];
  let summary = "An index constant";
  let description = [{
    Produces the constant `value`, an integer attribute of type `index`,
    written without its type. The result is named after the value.

    Example:

    ```mlir
    %idx42 = index.constant 42
    %idx-1 = index.constant -1
    ```
  }];
  let arguments = (ins IndexAttr:$value);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $value";
  let asmResultNames = [{
    return ((0, f"idx{self.value.value}"),)
  }];
  let hasFolder = 1;
  let fold = [{
    return self.value
  }];
}

def Index_BoolConstantOp : Index_Op<"bool.constant", [ConstantLike, Pure]> {
  let reference = [{ return semantics.constant(self.get_attr("value"), self.result.type) }];
  let summary = "A boolean constant";
  let description = [{
    Produces `true` or `false` as an `i1`. The folders of `index.cmp` make
    their results with it.

    Example:

    ```mlir
    %true = index.bool.constant true
    ```
  }];
  let arguments = (ins BoolAttr:$value);
  let results = (outs I1:$result);
  let assemblyFormat = "attr-dict $value";
  let asmResultNames = [{
    return ((0, "true" if self.value.value else "false"),)
  }];
  let hasFolder = 1;
  let fold = [{
    return self.value
  }];
}
