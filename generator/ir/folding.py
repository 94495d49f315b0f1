"""Constant folding: the shared helpers of op folders, in the spirit of MLIR's `CommonFolders.h`.

This module owns the arithmetic that folders do on constant operands, so that an
op's `fold` only says *what* it computes:

- Reading constants: `int_constant` and the `*_float` predicates look through
  scalar attributes and splat `DenseElementsAttr`s as MLIR's `m_ConstantInt`,
  `m_Zero`, `m_OneFloat`, `m_NaNFloat` ... do.
- Making constants: `zero_attr`, `bool_attr` (`Builder::getZeroAttr`, and the
  `i1` or splat attribute MLIR's folders build for a comparison).
- Element-wise folding: `fold_unary` and `fold_binary` apply a Python function
  to the element values of scalar (`IntegerAttr`, `FloatAttr`), splat and
  non-splat `DenseElementsAttr` operands. A poison operand (`#ub.poison`, an
  attribute implementing `PoisonAttrInterface`) is the result, before anything
  else is looked at, as MLIR's folders propagate poison. Integer elements reach the function as
  Python ints, read signed or unsigned as asked, and its results are wrapped to
  the result's width; float elements are passed as raw bit patterns of their
  format. The function returns None to decline (a division by zero, an
  overflowing signed division), and then nothing folds. Like MLIR's
  `constFoldBinaryOp`, a fold needs every operand constant and of one type.
- Float arithmetic on bit patterns with APFloat's semantics in the default
  rounding mode (round to nearest, ties to even): `float_add`, `float_sub`,
  `float_mul`, `float_div`, `float_rem`, `float_neg`, the IEEE-754 2019
  `float_maximum`/`float_minimum` and the `float_maxnum`/`float_minnum` of
  LLVM's `maxnum`/`minnum`, comparisons, exact conversions between formats,
  and conversions to and from integers. Finite results are computed exactly as
  rationals and rounded once; NaN operands propagate as APFloat propagates them
  (the left one first, quieted), invalid operations give the default quiet NaN,
  and zeros carry IEEE signs.

Folding by reference: `fold_by_reference` evaluates the reference implementation
of an op that has no folder of its own (`generator.ir.semantics`, docs/run.md) on
its constant operands, so that every pure op whose meaning a spec writes folds.

Float formats themselves (bit layouts, rounding, printing) are
`generator.ir.floats`; it is imported on first use, as the parser and printer
do, so that programs without float folding do not load it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, TypeAlias

from generator.ir.attributes import (
    Attribute,
    BoolAttr,
    DenseElement,
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
    wrap_integer,
)
from generator.ir.interfaces import PoisonAttrInterface
from generator.ir.types import FloatType, IndexType, IntegerType, ShapedType, Type

if TYPE_CHECKING:
    from fractions import Fraction

    from generator.ir.core import Operation
    from generator.ir.floats import FloatFormat, FloatValue

__all__ = [
    "FloatOrder",
    "FloatRoundingMode",
    "bool_attr",
    "float_abs",
    "float_add",
    "float_classify",
    "float_compare",
    "float_convert",
    "float_copysign",
    "float_div",
    "float_format",
    "float_from_double",
    "float_is_negative",
    "float_literal",
    "float_maximum",
    "float_maxnum",
    "float_minimum",
    "float_minnum",
    "float_mul",
    "float_neg",
    "float_rem",
    "float_round_to_integral",
    "float_sub",
    "float_to_int",
    "fold_binary",
    "fold_by_reference",
    "fold_float_binary",
    "fold_float_unary",
    "fold_unary",
    "int_constant",
    "int_to_float",
    "int_width",
    "is_inf_float",
    "is_nan_float",
    "is_one_float",
    "is_zero_float",
    "to_signed",
    "to_unsigned",
    "zero_attr",
]

#: The element function of `fold_unary`: an element value to a result value, or None.
UnaryFn = Callable[[int], "int | None"]
#: The element function of `fold_binary`.
BinaryFn = Callable[[int, int], "int | None"]


# -- integers -------------------------------------------------------------------------


def int_width(type_: Type) -> int:
    """The bit width of an integer, index or float type, or of a shaped type's elements.

    `index` counts as 64 bits, the width MLIR folds index values at.
    """
    if isinstance(type_, ShapedType):
        type_ = type_.element_type
    if isinstance(type_, IntegerType):
        return type_.width
    if isinstance(type_, IndexType):
        return 64
    if isinstance(type_, FloatType):
        return type_.width
    raise ValueError(f"type {type_} has no integer width")


def to_unsigned(value: int, width: int) -> int:
    """`value` as the unsigned number its low `width` bits spell."""
    return value & ((1 << width) - 1)


def to_signed(value: int, width: int) -> int:
    """`value` as the two's complement number its low `width` bits spell."""
    if width == 0:
        return 0
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def _element_type(type_: Type) -> Type:
    return type_.element_type if isinstance(type_, ShapedType) else type_


def _splat_element(attr: Attribute | None) -> tuple[Type, int] | None:
    """(element type, element value) of a scalar or splat integer or float constant."""
    if isinstance(attr, (IntegerAttr, FloatAttr)):
        return attr.type, attr.bits if isinstance(attr, FloatAttr) else attr.value
    if isinstance(attr, DenseElementsAttr) and attr.is_splat and attr.raw is None and attr.values:
        element = attr.values[0]
        if isinstance(element, int):
            return attr.element_type, element
    return None


def int_constant(attr: Attribute | None, *, signed: bool = False) -> int | None:
    """The value of an integer constant or integer splat (`m_ConstantInt`), else None.

    The bits are read as an unsigned number, or as a two's complement one with
    `signed`; `true` is 1 unsigned and -1 signed.
    """
    found = _splat_element(attr)
    if found is None:
        return None
    element_type, value = found
    if not isinstance(element_type, (IntegerType, IndexType)):
        return None
    width = int_width(element_type)
    return to_signed(value, width) if signed else to_unsigned(value, width)


# -- float constants ------------------------------------------------------------------


def float_format(type_: Type) -> FloatFormat:
    """The format of a float type, or of a shaped type's float elements."""
    from generator.ir.floats import FLOAT_FORMATS

    element = _element_type(type_)
    if not isinstance(element, FloatType):
        raise ValueError(f"type {type_} is not a float type")
    return FLOAT_FORMATS[element.name]


def float_from_double(fmt: FloatFormat, value: float) -> int:
    """The bits of the double `value` in `fmt`, rounded ties to even, as APFloat's
    `convert` from IEEE double gives them (NaNs keep what payload fits)."""
    from generator.ir.floats import value_to_bits

    return value_to_bits(fmt, value)


def float_literal(fmt: FloatFormat, bits: int) -> str:
    """The text MLIR prints for the float `bits` of `fmt` (its `printFloatValue`):
    `1.000000e+00`, the shortest text that reads back, or the bits in hexadecimal."""
    from generator.ir.floats import format_float

    return format_float(fmt, bits)


def _float_constant(attr: Attribute | None) -> FloatValue | None:
    found = _splat_element(attr)
    if found is None or not isinstance(found[0], FloatType):
        return None
    from generator.ir.floats import bits_to_value

    return bits_to_value(float_format(found[0]), found[1])


def is_zero_float(attr: Attribute | None, *, negative: bool | None = None) -> bool:
    """Whether `attr` is a float zero or splat of one (`m_AnyZeroFloat`).

    `negative` asks for -0 (`m_NegZeroFloat`) or +0 (`m_PosZeroFloat`).
    """
    value = _float_constant(attr)
    if value is None or value.kind.value != "finite" or value.magnitude:
        return False
    return negative is None or value.negative == negative


def is_one_float(attr: Attribute | None) -> bool:
    """Whether `attr` is the float 1.0 or a splat of it (`m_OneFloat`)."""
    value = _float_constant(attr)
    return (
        value is not None
        and value.kind.value == "finite"
        and not value.negative
        and value.magnitude == 1
    )


def is_nan_float(attr: Attribute | None) -> bool:
    """Whether `attr` is a float NaN (any payload) or a splat of one (`m_NaNFloat`)."""
    value = _float_constant(attr)
    return value is not None and value.kind.value == "nan"


def is_inf_float(attr: Attribute | None, *, negative: bool) -> bool:
    """Whether `attr` is -inf or +inf, or a splat of it (`m_NegInfFloat`, `m_PosInfFloat`)."""
    value = _float_constant(attr)
    return value is not None and value.kind.value == "infinity" and value.negative == negative


# -- making constants -----------------------------------------------------------------


def _scalar(element_type: Type, value: int) -> Attribute | None:
    if isinstance(element_type, (IntegerType, IndexType)):
        # Folded arithmetic wraps, as APInt's does.
        return IntegerAttr.wrapped(element_type, value)
    if isinstance(element_type, FloatType):
        return FloatAttr.get(element_type, value)
    return None


def _dense_element(element_type: Type, value: int) -> DenseElement:
    if isinstance(element_type, FloatType):
        return value & ((1 << element_type.width) - 1)
    return wrap_integer(value, element_type)


def _make(type_: Type, values: Sequence[int], scalar: bool) -> Attribute | None:
    """A scalar attribute of `type_` (`scalar`), else a dense attribute of shaped `type_`."""
    if scalar:
        return _scalar(type_, values[0]) if not isinstance(type_, ShapedType) else None
    if not isinstance(type_, ShapedType) or not type_.has_static_shape:
        return None
    element_type = type_.element_type
    if not isinstance(element_type, (IntegerType, IndexType, FloatType)):
        return None
    return DenseElementsAttr.get(type_, tuple([_dense_element(element_type, v) for v in values]))


def zero_attr(type_: Type) -> Attribute | None:
    """The zero of an integer, index or float type, or a zero splat of a static shaped type.

    None for other types and for dynamic shapes (MLIR's `getZeroAttr`).
    """
    return _make(type_, (0,), not isinstance(type_, ShapedType))


def bool_attr(type_: Type, value: bool) -> Attribute | None:
    """`true`/`false` for `i1`, a splat of it for a static shaped `type_`, else None."""
    if not isinstance(type_, ShapedType):
        return BoolAttr.get_bool(value)
    return _make(type_, (int(value),), False)


# -- element-wise folding -------------------------------------------------------------


def _elements(attr: Attribute | None) -> tuple[Type, tuple[int, ...], str] | None:
    """(type, element values, "scalar" | "splat" | "dense") of a foldable constant."""
    if isinstance(attr, IntegerAttr):
        return attr.type, (attr.value,), "scalar"
    if isinstance(attr, FloatAttr):
        return attr.type, (attr.bits,), "scalar"
    if not isinstance(attr, DenseElementsAttr) or attr.raw is not None or not attr.values:
        return None
    values = attr.values
    if not all(isinstance(v, int) for v in values):
        return None
    ints: tuple[int, ...] = tuple([v for v in values if isinstance(v, int)])
    if not isinstance(attr.element_type, (IntegerType, IndexType, FloatType)):
        return None
    if attr.is_splat:
        return attr.type, ints[:1], "splat"
    return attr.type, ints, "dense"


def _reader(element_type: Type, signed: bool) -> Callable[[int], int]:
    if isinstance(element_type, FloatType):
        return lambda v: v
    width = int_width(element_type)
    if signed:
        return lambda v: to_signed(v, width)
    return lambda v: to_unsigned(v, width)


def fold_unary(
    operand: Attribute | None,
    fn: UnaryFn,
    *,
    result_type: Type | None = None,
    signed: bool = False,
) -> Attribute | None:
    """Fold a unary or cast op element by element (`constFoldUnaryOp`, `constFoldCastOp`).

    `fn` gets each element value (integers read as `signed` asks, floats as their
    bits) and returns the result element (an integer, wrapped to the result
    element type, or float bits), or None to decline. `result_type` defaults to
    the operand's type; for a splat or dense operand it must be a static shaped type.
    A poison operand is the result.
    """
    if isinstance(operand, PoisonAttrInterface):
        return operand
    found = _elements(operand)
    if found is None:
        return None
    type_, values, kind = found
    read = _reader(_element_type(type_), signed)
    results: list[int] = []
    for value in values:
        result = fn(read(value))
        if result is None:
            return None
        results.append(result)
    return _make(type_ if result_type is None else result_type, results, kind == "scalar")


def fold_binary(
    lhs: Attribute | None,
    rhs: Attribute | None,
    fn: BinaryFn,
    *,
    result_type: Type | None = None,
    signed: bool = False,
) -> Attribute | None:
    """Fold a binary op element by element, as MLIR's `constFoldBinaryOp` does.

    Both operands must be constants of the same type, both scalars or both
    elements attributes. `fn` gets a pair of element values (integers read as
    `signed` asks, floats as their bits) and returns the result element (an
    integer, wrapped to the result element type, or float bits), or None to
    decline. `result_type` defaults to the operands' type. A poison operand (the left
    one first) is the result.
    """
    if isinstance(lhs, PoisonAttrInterface):
        return lhs
    if isinstance(rhs, PoisonAttrInterface):
        return rhs
    left = _elements(lhs)
    right = _elements(rhs)
    if left is None or right is None or left[0] is not right[0]:
        return None
    type_, lvalues, lkind = left
    _, rvalues, rkind = right
    if (lkind == "scalar") != (rkind == "scalar"):
        return None
    if lkind != rkind:
        # A splat against a non-splat: expand the splat.
        count = max(len(lvalues), len(rvalues))
        lvalues = lvalues * count if len(lvalues) == 1 else lvalues
        rvalues = rvalues * count if len(rvalues) == 1 else rvalues
    read = _reader(_element_type(type_), signed)
    results: list[int] = []
    for a, b in zip(lvalues, rvalues, strict=True):
        result = fn(read(a), read(b))
        if result is None:
            return None
        results.append(result)
    return _make(type_ if result_type is None else result_type, results, lkind == "scalar")


def fold_float_unary(
    operand: Attribute | None, fn: Callable[[FloatFormat, int], int | None]
) -> Attribute | None:
    """`fold_unary` for a float op whose `fn(format, bits)` gives the result's bits."""
    if isinstance(operand, PoisonAttrInterface):
        return operand
    found = _elements(operand)
    if found is None or not isinstance(_element_type(found[0]), FloatType):
        return None
    fmt = float_format(found[0])
    return fold_unary(operand, lambda a: fn(fmt, a))


def fold_float_binary(
    lhs: Attribute | None,
    rhs: Attribute | None,
    fn: Callable[[FloatFormat, int, int], int | None],
) -> Attribute | None:
    """`fold_binary` for a float op whose `fn(format, lhs bits, rhs bits)` gives the result."""
    if isinstance(lhs, PoisonAttrInterface):
        return lhs
    if isinstance(rhs, PoisonAttrInterface):
        return rhs
    found = _elements(lhs)
    if found is None or not isinstance(_element_type(found[0]), FloatType):
        return None
    fmt = float_format(found[0])
    return fold_binary(lhs, rhs, lambda a, b: fn(fmt, a, b))


# -- folding by reference implementations -------------------------------------------


def _runtime_value(attr: Attribute, type_: Type) -> object:
    """The run-time value (`generator.ir.semantics`) of a scalar constant, or None."""
    from generator.ir import semantics

    if isinstance(attr, PoisonAttrInterface):
        return semantics.POISON
    scalar = isinstance(attr, (IntegerAttr, BoolAttr)) and isinstance(
        type_, (IntegerType, IndexType)
    )
    if not scalar and not (isinstance(attr, FloatAttr) and isinstance(type_, FloatType)):
        return None
    try:
        return semantics.constant(attr, type_)
    except semantics.SemanticsError:
        # A float format the semantics do not compute in.
        return None


def _constant_of(value: object, type_: Type, poison: Attribute | None) -> Attribute | None:
    """The attribute of a run-time `value` of scalar `type_`, or None if there is none."""
    from generator.ir import semantics

    if value is semantics.POISON:
        return poison
    if isinstance(type_, IntegerType) and type_.width == 1:
        return BoolAttr.get_bool(bool(int(value) & 1))  # type: ignore[call-overload]
    if isinstance(type_, (IntegerType, IndexType)):
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        return IntegerAttr.wrapped(type_, value)
    if isinstance(type_, FloatType):
        return FloatAttr.get(type_, semantics.float_to_bits(value, type_))
    return None


def fold_by_reference(
    op: Operation, operands: Sequence[Attribute | None]
) -> list[Attribute] | None:
    """Fold `op` by evaluating its reference implementation on constant operands.

    For an op without a folder of its own: `operands` are the constants its
    operands hold (None where one is not constant). Every operand must be a
    scalar integer, index or float constant or poison, every result a scalar of
    such a type, and the reference must take one parameter per operand. The
    results are the reference's values as attributes; a poison result is the
    first poison operand (which the dialect's materializer turns into `ub.poison`,
    as MLIR's folders propagate poison), and a poison result with no poison
    operand does not fold. A reference that raises (a `SemanticsError` for
    operands it does not define) does not fold either. Callers check that the op
    is free of memory effects.
    """
    fn = getattr(type(op), "reference", None)
    if fn is None or not operands or op.regions:
        return None
    code = getattr(fn, "__code__", None)
    if code is None or code.co_argcount - 1 != len(operands):
        return None
    args: list[object] = []
    poison: Attribute | None = None
    for attr, operand in zip(operands, op.operands, strict=True):
        if attr is None:
            return None
        if isinstance(attr, PoisonAttrInterface) and poison is None:
            poison = attr
        arg = _runtime_value(attr, operand.type)
        if arg is None:
            return None
        args.append(arg)
    from generator.ir import semantics

    try:
        with semantics.quiet():
            raw = fn(op, *args)
    except Exception:
        # A reference defines what it computes for the operands it accepts; for
        # the others (`SemanticsError`) the op stays, as `odsgen run` would report it.
        return None
    values: tuple[object, ...] = raw if isinstance(raw, tuple) else (raw,)
    if len(values) != len(op.results):
        return None
    results: list[Attribute] = []
    for computed, result in zip(values, op.results, strict=True):
        try:
            made = _constant_of(computed, result.type, poison)
        except semantics.SemanticsError:
            return None
        if made is None:
            return None
        results.append(made)
    return results


# -- float arithmetic on bit patterns -------------------------------------------------


def _decode(fmt: FloatFormat, bits: int) -> FloatValue:
    from generator.ir.floats import bits_to_value

    return bits_to_value(fmt, bits)


def _is_nan(value: FloatValue) -> bool:
    return value.kind.value == "nan"


def _is_inf(value: FloatValue) -> bool:
    return value.kind.value == "infinity"


def _quiet_bit(fmt: FloatFormat) -> int:
    """The quiet bit of an IEEE-style NaN; 0 for formats whose only NaNs are quiet."""
    if fmt.nan_encoding.value != "ieee":
        return 0
    return 1 << (fmt.precision - 2)


def _quiet(fmt: FloatFormat, bits: int) -> int:
    return bits | _quiet_bit(fmt)


def _is_signaling(fmt: FloatFormat, bits: int, value: FloatValue) -> bool:
    quiet = _quiet_bit(fmt)
    return _is_nan(value) and quiet != 0 and not bits & quiet


def _default_nan(fmt: FloatFormat) -> int:
    from generator.ir.floats import value_to_bits

    return value_to_bits(fmt, float("nan"))


def _inf(fmt: FloatFormat, negative: bool) -> int:
    from generator.ir.floats import value_to_bits

    return value_to_bits(fmt, float("-inf") if negative else float("inf"))


def _zero(fmt: FloatFormat, negative: bool) -> int:
    from generator.ir.floats import value_to_bits

    return value_to_bits(fmt, -0.0 if negative else 0.0)


def _round(fmt: FloatFormat, negative: bool, magnitude: Fraction) -> int:
    """Round a non-zero exact magnitude with a sign to `fmt`, ties to even."""
    from generator.ir.floats import fraction_to_bits

    # `fraction_to_bits` keeps the sign of a value that underflows to zero.
    return fraction_to_bits(fmt, -magnitude if negative else magnitude)


def _propagate_nan(fmt: FloatFormat, a: int, b: int, x: FloatValue) -> int:
    """The NaN result of an operation with a NaN operand: the left NaN first, quieted."""
    return _quiet(fmt, a if _is_nan(x) else b)


def _add(fmt: FloatFormat, a: int, b: int, subtract: bool) -> int:
    x, y = _decode(fmt, a), _decode(fmt, b)
    if _is_nan(x) or _is_nan(y):
        return _propagate_nan(fmt, a, b, x)
    y_negative = y.negative != subtract
    if _is_inf(x) or _is_inf(y):
        if _is_inf(x) and _is_inf(y) and x.negative != y_negative:
            return _default_nan(fmt)
        return _inf(fmt, x.negative if _is_inf(x) else y_negative)
    total = (-x.magnitude if x.negative else x.magnitude) + (
        -y.magnitude if y_negative else y.magnitude
    )
    if not total:
        # An exact zero sum is +0 when rounding to nearest, unless both addends are -0.
        both_negative = x.negative and y_negative and not x.magnitude and not y.magnitude
        return _zero(fmt, both_negative)
    return _round(fmt, total < 0, abs(total))


def float_add(fmt: FloatFormat, a: int, b: int) -> int:
    """`a + b` of two bit patterns of `fmt`, correctly rounded."""
    return _add(fmt, a, b, False)


def float_sub(fmt: FloatFormat, a: int, b: int) -> int:
    """`a - b` of two bit patterns of `fmt`, correctly rounded."""
    return _add(fmt, a, b, True)


def float_mul(fmt: FloatFormat, a: int, b: int) -> int:
    """`a * b` of two bit patterns of `fmt`, correctly rounded."""
    x, y = _decode(fmt, a), _decode(fmt, b)
    if _is_nan(x) or _is_nan(y):
        return _propagate_nan(fmt, a, b, x)
    negative = x.negative != y.negative
    if _is_inf(x) or _is_inf(y):
        zero_operand = (not _is_inf(x) and not x.magnitude) or (not _is_inf(y) and not y.magnitude)
        return _default_nan(fmt) if zero_operand else _inf(fmt, negative)
    if not x.magnitude or not y.magnitude:
        return _zero(fmt, negative)
    return _round(fmt, negative, x.magnitude * y.magnitude)


def float_div(fmt: FloatFormat, a: int, b: int) -> int:
    """`a / b` of two bit patterns of `fmt`, correctly rounded."""
    x, y = _decode(fmt, a), _decode(fmt, b)
    if _is_nan(x) or _is_nan(y):
        return _propagate_nan(fmt, a, b, x)
    negative = x.negative != y.negative
    if _is_inf(x):
        return _default_nan(fmt) if _is_inf(y) else _inf(fmt, negative)
    if _is_inf(y):
        return _zero(fmt, negative)
    if not y.magnitude:
        return _default_nan(fmt) if not x.magnitude else _inf(fmt, negative)
    if not x.magnitude:
        return _zero(fmt, negative)
    return _round(fmt, negative, x.magnitude / y.magnitude)


def float_rem(fmt: FloatFormat, a: int, b: int) -> int:
    """The remainder of `a / b` truncated toward zero, with the sign of `a` (`fmod`, APFloat's `mod`)."""
    x, y = _decode(fmt, a), _decode(fmt, b)
    if _is_nan(x) or _is_nan(y):
        return _propagate_nan(fmt, a, b, x)
    if _is_inf(x) or (not _is_inf(y) and not y.magnitude):
        return _default_nan(fmt)
    if _is_inf(y) or not x.magnitude:
        return a
    quotient = x.magnitude // y.magnitude
    remainder = x.magnitude - quotient * y.magnitude
    if not remainder:
        return _zero(fmt, x.negative)
    return _round(fmt, x.negative, remainder)


def float_neg(fmt: FloatFormat, a: int) -> int | None:
    """`-a`: the bit pattern with its sign flipped (NaNs included); None without a sign bit."""
    if not fmt.has_sign:
        return None
    if fmt.nan_encoding.value == "fnuz":
        # These formats have no -0, and their only NaN uses that pattern.
        value = _decode(fmt, a)
        if _is_nan(value) or not value.magnitude:
            return a
    return a ^ (1 << (fmt.width - 1))


def float_abs(fmt: FloatFormat, a: int) -> int:
    """`|a|`: the bit pattern with its sign cleared, NaNs included (APFloat's `clearSign`)."""
    if float_is_negative(fmt, a):
        flipped = float_neg(fmt, a)
        return a if flipped is None else flipped
    return a


def float_copysign(fmt: FloatFormat, a: int, b: int) -> int:
    """`a` with the sign of `b` (APFloat's `copySign`)."""
    if float_is_negative(fmt, a) != float_is_negative(fmt, b):
        flipped = float_neg(fmt, a)
        return a if flipped is None else flipped
    return a


def float_is_negative(fmt: FloatFormat, a: int) -> bool:
    """Whether the sign bit is set: -0, negative numbers, and NaNs with the sign set
    (APFloat's `isNegative`)."""
    return _decode(fmt, a).negative


#: How `float_round_to_integral` rounds: APFloat's rounding modes.
FloatRoundingMode: TypeAlias = Literal[
    "nearest_even", "nearest_away", "toward_positive", "toward_negative", "toward_zero"
]


def float_round_to_integral(fmt: FloatFormat, a: int, mode: FloatRoundingMode) -> int:
    """`a` rounded to an integral value of `fmt` as APFloat's `roundToIntegral` does:
    infinities and zeros are kept, a NaN is kept quieted, and a result of zero keeps
    the sign of `a` (`ceil(-0.5)` is -0)."""
    value = _decode(fmt, a)
    if _is_nan(value):
        return _quiet(fmt, a)
    if _is_inf(value) or not value.magnitude:
        return a
    magnitude = value.magnitude
    whole = magnitude.numerator // magnitude.denominator
    fraction = magnitude - whole
    if fraction:
        up: bool
        if mode == "toward_zero":
            up = False
        elif mode == "toward_positive":
            up = not value.negative
        elif mode == "toward_negative":
            up = value.negative
        elif fraction * 2 == 1:
            up = mode == "nearest_away" or whole % 2 == 1
        else:
            up = fraction * 2 > 1
        whole += 1 if up else 0
    if not whole:
        return _zero(fmt, value.negative)
    from fractions import Fraction

    return _round(fmt, value.negative, Fraction(whole))


def float_classify(fmt: FloatFormat, a: int) -> str:
    """What a bit pattern is: "nan", "infinity", "zero", "subnormal" or "normal"."""
    value = _decode(fmt, a)
    if _is_nan(value):
        return "nan"
    if _is_inf(value):
        return "infinity"
    if not value.magnitude:
        return "zero"
    from fractions import Fraction

    if value.magnitude < Fraction(2) ** fmt.min_exponent:
        return "subnormal"
    return "normal"


#: The outcome of `float_compare`: "lt", "eq", "gt" or "unordered" (a NaN operand).
FloatOrder: TypeAlias = Literal["lt", "eq", "gt", "unordered"]


def float_compare(fmt: FloatFormat, a: int, b: int) -> FloatOrder:
    """Compare two bit patterns of `fmt` as APFloat's `compare` does (-0 equals +0)."""
    x, y = _decode(fmt, a), _decode(fmt, b)
    if _is_nan(x) or _is_nan(y):
        return "unordered"
    if _is_inf(x) or _is_inf(y):
        if _is_inf(x) and _is_inf(y) and x.negative == y.negative:
            return "eq"
        if _is_inf(x):
            return "lt" if x.negative else "gt"
        return "gt" if y.negative else "lt"
    left = -x.magnitude if x.negative else x.magnitude
    right = -y.magnitude if y.negative else y.magnitude
    if left < right:
        return "lt"
    return "gt" if left > right else "eq"


def _opposite_zeros(x: FloatValue, y: FloatValue) -> bool:
    return (
        not _is_inf(x)
        and not _is_inf(y)
        and not x.magnitude
        and not y.magnitude
        and x.negative != y.negative
    )


def _float_extremum(fmt: FloatFormat, a: int, b: int, *, larger: bool, nan_wins: bool) -> int:
    """The larger (or smaller) of two floats, with -0 below +0.

    With `nan_wins` (IEEE-754 2019 `maximum`/`minimum`) a NaN operand gives that NaN,
    quieted; without it (LLVM's `maxnum`/`minnum`) a quiet NaN loses to a number and
    a signaling one wins, quieted.
    """
    x, y = _decode(fmt, a), _decode(fmt, b)
    if not nan_wins:
        if _is_signaling(fmt, a, x):
            return _quiet(fmt, a)
        if _is_signaling(fmt, b, y):
            return _quiet(fmt, b)
    if _is_nan(x):
        return _quiet(fmt, a) if nan_wins else b
    if _is_nan(y):
        return _quiet(fmt, b) if nan_wins else a
    if _opposite_zeros(x, y):
        return (b if x.negative else a) if larger else (a if x.negative else b)
    if larger:
        return b if float_compare(fmt, a, b) == "lt" else a
    return b if float_compare(fmt, b, a) == "lt" else a


def float_maximum(fmt: FloatFormat, a: int, b: int) -> int:
    """IEEE-754 2019 `maximum`: a NaN operand gives NaN, and +0 is above -0."""
    return _float_extremum(fmt, a, b, larger=True, nan_wins=True)


def float_minimum(fmt: FloatFormat, a: int, b: int) -> int:
    """IEEE-754 2019 `minimum`: a NaN operand gives NaN, and -0 is below +0."""
    return _float_extremum(fmt, a, b, larger=False, nan_wins=True)


def float_maxnum(fmt: FloatFormat, a: int, b: int) -> int:
    """LLVM's `maxnum`: a quiet NaN loses to a number, a signaling one wins quieted."""
    return _float_extremum(fmt, a, b, larger=True, nan_wins=False)


def float_minnum(fmt: FloatFormat, a: int, b: int) -> int:
    """LLVM's `minnum`: a quiet NaN loses to a number, a signaling one wins quieted."""
    return _float_extremum(fmt, a, b, larger=False, nan_wins=False)


def float_convert(source: FloatFormat, target: FloatFormat, bits: int) -> int | None:
    """Convert between formats when no information is lost, else None.

    MLIR's `extf` and `truncf` folders only fold such conversions: an inexact
    value, an infinity or NaN the target cannot hold, a signaling NaN, or a NaN
    payload that does not fit all decline. A NaN converts as APFloat converts it
    (`_convert_nan`), payload included.
    """
    value = _decode(source, bits)
    if _is_inf(value):
        return _inf(target, value.negative) if target.has_infinity else None
    if _is_nan(value):
        return _convert_nan(source, target, bits, value)
    if not value.magnitude:
        if not target.has_zero or (value.negative and not target.has_sign):
            return None
        return _zero(target, value.negative)
    converted = _round(target, value.negative, value.magnitude)
    back = _decode(target, converted)
    if back.kind.value != "finite" or back.magnitude != value.magnitude:
        return None
    if back.negative != value.negative:
        return None
    return converted


def _convert_nan(
    source: FloatFormat, target: FloatFormat, bits: int, value: FloatValue
) -> int | None:
    """APFloat's `convert` of a NaN, or None where it loses information or is invalid."""
    to = target.nan_encoding.value
    if to == "none":
        # APFloat keeps a NaN category that a finite-only format cannot spell.
        return None
    if to != "ieee":
        # A target whose only NaN is fixed keeps nothing of the payload: the
        # conversion is exact only from another such format.
        if source.nan_encoding.value == "ieee":
            return None
        nan = _default_nan(target)
        if value.negative and to == "fn" and target.has_sign:
            nan |= 1 << (target.width - 1)
        return nan
    if source.nan_encoding.value == "fnuz":
        # Its NaN is the negative-zero pattern, which becomes the target's default NaN.
        return _default_nan(target)
    if _is_signaling(source, bits, value):
        return None
    mantissa = bits & ((1 << source.mantissa_bits) - 1)
    if (
        source.explicit_integer_bit
        and not target.explicit_integer_bit
        and mantissa >> (source.precision - 2) != 0b11
    ):
        # x87's pseudo-NaNs have no equivalent in other formats.
        return None
    # The payload keeps its place below the quiet bit: shifted up when the target
    # is wider, and only when no set bit is shifted out when it is narrower.
    shift = target.precision - source.precision
    if shift < 0:
        if mantissa & ((1 << -shift) - 1):
            return None
        mantissa >>= -shift
    else:
        mantissa <<= shift
    if target.explicit_integer_bit:
        mantissa |= 1 << (target.precision - 1)
    mantissa &= (1 << target.mantissa_bits) - 1
    exponent = ((1 << target.exponent_bits) - 1) << target.mantissa_bits
    sign = (1 << (target.width - 1)) if value.negative else 0
    return sign | exponent | mantissa


def int_to_float(fmt: FloatFormat, value: int) -> int:
    """The bits of the integer `value` rounded to `fmt`, ties to even (`convertFromAPInt`)."""
    if not value:
        return _zero(fmt, False)
    from fractions import Fraction

    return _round(fmt, value < 0, Fraction(abs(value)))


def float_to_int(fmt: FloatFormat, bits: int, width: int, *, signed: bool) -> int | None:
    """A float truncated toward zero to a `width`-bit integer (`convertToInteger`).

    None when APFloat reports an invalid operation: a NaN, an infinity, or a
    value outside the signed or unsigned range of the width (a negative value
    that truncates to zero is fine even when unsigned).
    """
    value = _decode(fmt, bits)
    if value.kind.value != "finite":
        return None
    magnitude = int(value.magnitude)
    result = -magnitude if value.negative else magnitude
    if signed:
        low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
    else:
        low, high = 0, (1 << width) - 1
    if not low <= result <= high:
        return None
    return result
