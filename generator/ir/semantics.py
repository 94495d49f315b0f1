"""The numeric semantics that ops' reference implementations are written in.

A spec's `reference` code (see `docs/spec-reference.md`) computes an op's results from
its operands' run-time values by calling these functions, so that the meaning of
`arith.addi` or `index.divs` is written once, here, and not once per op or per tool.
`odsgen run` (`generator.ir.interpreter`) executes programs through those references.

Run-time values:

- An integer of type `iN` (and `index`, 64 bits as the runner lowers it) is a Python
  `int` in `[0, 2**N)`: the bit pattern read as unsigned. Signed operations read it
  with `signed`. The semantics are two's complement at the type's width.
- `f64` is a Python `float`; `f32` and `f16` are numpy's `float32` and `float16`;
  `bf16`, which numpy lacks, is a `float32` holding a value of the bf16 format.
  Arithmetic is IEEE at the type's width, rounded to nearest (ties to even): a
  `float32` sum is rounded once, as the hardware rounds it; `f16` and `bf16` results
  are computed in f32 and rounded to the format, which gives the correctly rounded
  result since f32 has more than twice their precision plus two bits.
- A tensor is a numpy array of its shape whose elements are held in the numpy type
  of the element type (`element_dtype`: `bool` for i1, signed integers of the width,
  `int64` for index, `float32` for f32 and bf16, `float16`, `float64`), as the `tf`
  references hold them; `to_element` and `from_element` convert to and from the
  scalars above. Tensors are values: no op changes one in place, so an array may be
  a read-only view.
- `POISON` is MLIR's poison value (`ub.poison`, and what an op yields where MLIR says
  its result is poison: a wrapping add with `nsw`, a shift by the width or more, a
  division by zero, a float-to-int conversion out of range). An op with a poison
  operand yields poison, except `select` whose other branch was chosen.

Functions take the width of an integer result (`width(type)`) or the result's float
type where they need it; predicates and flags are the integer values of MLIR's enums
(`CmpIPredicate`, `CmpFPredicate`, `IntegerOverflowFlags`: nsw = 1, nuw = 2).

numpy is imported with this module, which generated code reaches through the lazy
`generator.ir.semantics` binding, so programs that execute nothing do not load it.
"""

from __future__ import annotations

import math
import struct
from typing import Any, Final

import numpy as np

from generator.ir.attributes import ArrayAttr, BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from generator.ir.floats import FLOAT_FORMATS, float_bits_to_python, value_to_bits
from generator.ir.libm import libm_binary, libm_unary
from generator.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    ShapedType,
    Signedness,
    Type,
)

__all__ = [
    "POISON",
    "Poison",
    "SemanticsError",
    "absf",
    "absi",
    "addf",
    "addi",
    "addui_extended",
    "andi",
    "bitcast",
    "ceildivs",
    "ceildivu",
    "clampf",
    "classify",
    "cmpf",
    "cmpi",
    "collapse",
    "concat",
    "constant",
    "copysign",
    "ctlz",
    "ctpop",
    "cttz",
    "dense",
    "divf",
    "divs",
    "divu",
    "element_dtype",
    "expand",
    "extf",
    "extract",
    "extract_slice",
    "exts",
    "extu",
    "float_from_bits",
    "float_to_bits",
    "floordivs",
    "fma",
    "fpowi",
    "fptosi",
    "fptoui",
    "from_element",
    "from_elements",
    "index_ceildivs",
    "index_floordivs",
    "insert",
    "insert_slice",
    "int_cast",
    "ipowi",
    "make_float",
    "math_binary",
    "math_unary",
    "maximumf",
    "maxnumf",
    "maxs",
    "maxu",
    "minimumf",
    "minnumf",
    "mins",
    "minu",
    "mixed_sizes",
    "mulf",
    "muli",
    "mulsi_extended",
    "mului_extended",
    "negf",
    "ori",
    "quiet",
    "remf",
    "rems",
    "remu",
    "reshape",
    "rounding",
    "rsqrt",
    "select",
    "shl",
    "shrs",
    "shru",
    "signed",
    "sitofp",
    "subf",
    "subi",
    "tensor_empty",
    "tensor_splat",
    "to_element",
    "truncf",
    "trunci",
    "uitofp",
    "width",
    "xori",
]

# Floating-point exceptions are results here (inf, nan), never warnings. numpy's
# setting is per thread: `quiet()` applies it where a thread runs references.
np.seterr(all="ignore")


def quiet() -> Any:
    """A context in which numpy's floating-point exceptions warn of nothing (for a
    thread that runs references: `with quiet(): ...`)."""
    return np.errstate(all="ignore")


class Poison:
    """MLIR's poison value: the result of an operation whose result is undefined."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "poison"


POISON: Final = Poison()


class SemanticsError(Exception):
    """An operation these semantics do not define for its operands or types (the
    interpreter reports it at the op)."""


_NSW = 1
_NUW = 2


def width(type_: Type) -> int:
    """The bit width of an integer or index type (index is 64 bits wide)."""
    if isinstance(type_, IntegerType):
        return type_.width
    if isinstance(type_, IndexType):
        return 64
    raise SemanticsError(f"'{type_}' is not an integer or index type")


def signed(value: int, bits: int) -> int:
    """The bit pattern `value` of width `bits` read as two's complement."""
    if value >> (bits - 1):
        return value - (1 << bits)
    return value


# ---------------------------------------------------------------------------
# Integers
# ---------------------------------------------------------------------------


def addi(a: Any, b: Any, bits: int, flags: int = 0) -> Any:
    """`a + b` modulo 2**bits; poison on signed (`nsw`) or unsigned (`nuw`) overflow."""
    if a is POISON or b is POISON:
        return POISON
    total = a + b
    if flags:
        if flags & _NUW and total >> bits:
            return POISON
        if flags & _NSW and not _fits_signed(signed(a, bits) + signed(b, bits), bits):
            return POISON
    return total & ((1 << bits) - 1)


def subi(a: Any, b: Any, bits: int, flags: int = 0) -> Any:
    """`a - b` modulo 2**bits; poison on overflow the flags forbid."""
    if a is POISON or b is POISON:
        return POISON
    if flags:
        if flags & _NUW and a < b:
            return POISON
        if flags & _NSW and not _fits_signed(signed(a, bits) - signed(b, bits), bits):
            return POISON
    return (a - b) & ((1 << bits) - 1)


def muli(a: Any, b: Any, bits: int, flags: int = 0) -> Any:
    """`a * b` modulo 2**bits; poison on overflow the flags forbid."""
    if a is POISON or b is POISON:
        return POISON
    product = a * b
    if flags:
        if flags & _NUW and product >> bits:
            return POISON
        if flags & _NSW and not _fits_signed(signed(a, bits) * signed(b, bits), bits):
            return POISON
    return product & ((1 << bits) - 1)


def _fits_signed(value: int, bits: int) -> bool:
    return -(1 << (bits - 1)) <= value < (1 << (bits - 1))


def divu(a: Any, b: Any, bits: int, exact: bool = False) -> Any:
    """Unsigned division; poison by zero, or with `exact` when it leaves a remainder."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    if exact and a % b:
        return POISON
    return a // b


def divs(a: Any, b: Any, bits: int, exact: bool = False) -> Any:
    """Signed division rounding toward zero; poison by zero and for MIN / -1."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    x, y = signed(a, bits), signed(b, bits)
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    if not _fits_signed(q, bits) or (exact and q * y != x):
        return POISON
    return q & ((1 << bits) - 1)


def ceildivu(a: Any, b: Any, bits: int) -> Any:
    """Unsigned division rounding up; poison by zero."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    return -(-a // b)


def ceildivs(a: Any, b: Any, bits: int) -> Any:
    """Signed division rounding toward positive infinity; poison by zero and MIN / -1."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    x, y = signed(a, bits), signed(b, bits)
    q = -(-x // y)
    if not _fits_signed(q, bits):
        return POISON
    return q & ((1 << bits) - 1)


def floordivs(a: Any, b: Any, bits: int) -> Any:
    """Signed division rounding toward negative infinity; poison by zero and MIN / -1."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    q = signed(a, bits) // signed(b, bits)
    if not _fits_signed(q, bits):
        return POISON
    return q & ((1 << bits) - 1)


def remu(a: Any, b: Any, bits: int) -> Any:
    """Unsigned remainder; poison by zero."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    return a % b


def rems(a: Any, b: Any, bits: int) -> Any:
    """Signed remainder, with the sign of the dividend; poison by zero (MLIR defines
    MIN rem -1 as 0, as its folder computes it)."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    x, y = signed(a, bits), signed(b, bits)
    r = abs(x) % abs(y)
    return (-r if x < 0 else r) & ((1 << bits) - 1)


def andi(a: Any, b: Any) -> Any:
    """Bitwise and."""
    if a is POISON or b is POISON:
        return POISON
    return a & b


def ori(a: Any, b: Any) -> Any:
    """Bitwise or."""
    if a is POISON or b is POISON:
        return POISON
    return a | b


def xori(a: Any, b: Any) -> Any:
    """Bitwise exclusive or."""
    if a is POISON or b is POISON:
        return POISON
    return a ^ b


def shl(a: Any, b: Any, bits: int, flags: int = 0) -> Any:
    """Shift left; poison when `b >= bits`, or when the flags forbid the bits lost."""
    if a is POISON or b is POISON or b >= bits:
        return POISON
    mask = (1 << bits) - 1
    result = (a << b) & mask
    if flags:
        if flags & _NUW and result >> b != a:
            return POISON
        if flags & _NSW and signed(result, bits) >> b != signed(a, bits):
            return POISON
    return result


def shru(a: Any, b: Any, bits: int, exact: bool = False) -> Any:
    """Logical shift right; poison when `b >= bits`, or bits set are lost with `exact`."""
    if a is POISON or b is POISON or b >= bits:
        return POISON
    if exact and a & ((1 << b) - 1):
        return POISON
    return a >> b


def shrs(a: Any, b: Any, bits: int, exact: bool = False) -> Any:
    """Arithmetic shift right; poison when `b >= bits`, or bits set are lost with `exact`."""
    if a is POISON or b is POISON or b >= bits:
        return POISON
    if exact and a & ((1 << b) - 1):
        return POISON
    return (signed(a, bits) >> b) & ((1 << bits) - 1)


def maxs(a: Any, b: Any, bits: int) -> Any:
    """Signed maximum."""
    if a is POISON or b is POISON:
        return POISON
    return a if signed(a, bits) >= signed(b, bits) else b


def mins(a: Any, b: Any, bits: int) -> Any:
    """Signed minimum."""
    if a is POISON or b is POISON:
        return POISON
    return a if signed(a, bits) <= signed(b, bits) else b


def maxu(a: Any, b: Any) -> Any:
    """Unsigned maximum."""
    if a is POISON or b is POISON:
        return POISON
    return a if a >= b else b


def minu(a: Any, b: Any) -> Any:
    """Unsigned minimum."""
    if a is POISON or b is POISON:
        return POISON
    return a if a <= b else b


def addui_extended(a: Any, b: Any, bits: int) -> tuple[Any, Any]:
    """The sum modulo 2**bits and whether it overflowed (an i1)."""
    if a is POISON or b is POISON:
        return POISON, POISON
    total = a + b
    return total & ((1 << bits) - 1), total >> bits


def mulsi_extended(a: Any, b: Any, bits: int) -> tuple[Any, Any]:
    """The low and high halves of the signed product at twice the width."""
    if a is POISON or b is POISON:
        return POISON, POISON
    product = (signed(a, bits) * signed(b, bits)) & ((1 << (2 * bits)) - 1)
    return product & ((1 << bits) - 1), product >> bits


def mului_extended(a: Any, b: Any, bits: int) -> tuple[Any, Any]:
    """The low and high halves of the unsigned product at twice the width."""
    if a is POISON or b is POISON:
        return POISON, POISON
    product = a * b
    return product & ((1 << bits) - 1), product >> bits


def cmpi(predicate: int, a: Any, b: Any, bits: int) -> Any:
    """MLIR's `CmpIPredicate` (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge) as an i1."""
    if a is POISON or b is POISON:
        return POISON
    if predicate <= 1:
        return int((a == b) == (predicate == 0))
    if predicate <= 5:
        a, b = signed(a, bits), signed(b, bits)
        predicate -= 2
    else:
        predicate -= 6
    if predicate == 0:
        return int(a < b)
    if predicate == 1:
        return int(a <= b)
    if predicate == 2:
        return int(a > b)
    return int(a >= b)


def select(condition: Any, a: Any, b: Any) -> Any:
    """`a` if the i1 `condition` is set, else `b`."""
    if condition is POISON:
        return POISON
    return a if condition else b


def extu(a: Any) -> Any:
    """Zero extension: the bit pattern is the same number."""
    return a


def exts(a: Any, from_bits: int, to_bits: int) -> Any:
    """Sign extension from `from_bits` to `to_bits`."""
    if a is POISON:
        return POISON
    return signed(a, from_bits) & ((1 << to_bits) - 1)


def trunci(a: Any, from_bits: int, to_bits: int, flags: int = 0) -> Any:
    """Truncation; poison when the flags forbid the value lost (`nsw`: as signed,
    `nuw`: as unsigned)."""
    if a is POISON:
        return POISON
    result = a & ((1 << to_bits) - 1)
    if flags:
        if flags & _NUW and result != a:
            return POISON
        if flags & _NSW and signed(result, to_bits) != signed(a, from_bits):
            return POISON
    return result


def int_cast(a: Any, from_bits: int, to_bits: int, *, sign_extend: bool) -> Any:
    """A cast between integer widths: sign or zero extension, or truncation."""
    if a is POISON:
        return POISON
    if to_bits < from_bits or not sign_extend:
        return a & ((1 << to_bits) - 1)
    return signed(a, from_bits) & ((1 << to_bits) - 1)


# ---------------------------------------------------------------------------
# Floats
# ---------------------------------------------------------------------------


def _is_bf16(type_: FloatType) -> bool:
    return type_.name == "bf16"


def make_float(value: float, type_: Type) -> Any:
    """The run-time value of type `type_` nearest to `value` (one rounding)."""
    if not isinstance(type_, FloatType):
        raise SemanticsError(f"'{type_}' is not a float type")
    name = type_.name
    if name == "f64":
        return float(value)
    if name == "f32":
        return np.float32(value)
    if name == "f16":
        return np.float16(value)
    if name == "bf16":
        fmt = FLOAT_FORMATS["bf16"]
        return np.float32(float_bits_to_python(fmt, value_to_bits(fmt, float(value))))
    raise SemanticsError(f"arithmetic on '{name}' is not supported")


def _from_bits(bits: int, type_: FloatType) -> Any:
    name = type_.name
    if name == "f64":
        return struct.unpack("<d", bits.to_bytes(8, "little"))[0]
    if name == "f32":
        return np.array([bits], dtype=np.uint32).view(np.float32)[0]
    if name == "f16":
        return np.array([bits], dtype=np.uint16).view(np.float16)[0]
    if name == "bf16":
        return np.array([bits << 16], dtype=np.uint32).view(np.float32)[0]
    raise SemanticsError(f"arithmetic on '{name}' is not supported")


def float_from_bits(bits: int, type_: FloatType) -> Any:
    """The run-time value of the float of type `type_` with bit pattern `bits`."""
    return _from_bits(bits, type_)


def float_to_bits(value: Any, type_: FloatType) -> int:
    """The bit pattern of a float run-time value of type `type_`."""
    name = type_.name
    if name == "f64":
        return int.from_bytes(struct.pack("<d", value), "little")
    if name == "f32":
        return int(np.float32(value).view(np.uint32))
    if name == "f16":
        return int(np.float16(value).view(np.uint16))
    if name == "bf16":
        return int(np.float32(value).view(np.uint32)) >> 16
    raise SemanticsError(f"arithmetic on '{name}' is not supported")


def _round(value: Any, type_: FloatType) -> Any:
    """A result computed at a wider precision, rounded to `type_` (bf16 only: the
    other types compute at their own width)."""
    if _is_bf16(type_):
        return make_float(float(value), type_)
    return value


def constant(value: Any, type_: Type) -> Any:
    """The run-time value of a constant attribute of type `type_`: a scalar, or a
    tensor's `dense<...>` (vectors have no run-time value here)."""
    if value is POISON:
        return POISON
    if isinstance(value, IntegerAttr | BoolAttr):
        return value.value & ((1 << width(type_)) - 1)
    if isinstance(value, FloatAttr):
        return _from_bits(value.bits, value.type)
    if isinstance(value, DenseElementsAttr) and isinstance(value.type, RankedTensorType):
        return dense(value)
    raise SemanticsError(f"constant {value} is not a scalar integer or float, or a tensor")


def negf(a: Any, type_: FloatType) -> Any:
    """Negation (flips the sign bit, NaN included)."""
    if a is POISON:
        return POISON
    return -a


def addf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE addition at the width of `type_`."""
    if a is POISON or b is POISON:
        return POISON
    return _round(a + b, type_)


def subf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE subtraction."""
    if a is POISON or b is POISON:
        return POISON
    return _round(a - b, type_)


def mulf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE multiplication."""
    if a is POISON or b is POISON:
        return POISON
    return _round(a * b, type_)


def divf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE division (by zero: an infinity or NaN)."""
    if a is POISON or b is POISON:
        return POISON
    if type(a) is float:
        return float(np.float64(a) / np.float64(b)) if b == 0 else a / b
    return _round(a / b, type_)


def remf(a: Any, b: Any, type_: FloatType) -> Any:
    """The remainder of C's `fmod`, which `arith.remf` lowers to."""
    if a is POISON or b is POISON:
        return POISON
    if type(a) is float:
        return float(np.fmod(np.float64(a), np.float64(b)))
    return _round(np.fmod(a, b), type_)


def maximumf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE maximum: NaN if either is NaN, and +0 above -0."""
    if a is POISON or b is POISON:
        return POISON
    if a != a:
        return a
    if b != b:
        return b
    if a == b == 0:
        return b if math.copysign(1.0, float(a)) < 0 else a
    return a if a > b else b


def minimumf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE minimum: NaN if either is NaN, and -0 below +0."""
    if a is POISON or b is POISON:
        return POISON
    if a != a:
        return a
    if b != b:
        return b
    if a == b == 0:
        return a if math.copysign(1.0, float(a)) < 0 else b
    return a if a < b else b


def maxnumf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE maxNum: the other operand where one is NaN."""
    if a is POISON or b is POISON:
        return POISON
    if a != a:
        return b
    if b != b:
        return a
    return maximumf(a, b, type_)


def minnumf(a: Any, b: Any, type_: FloatType) -> Any:
    """IEEE minNum: the other operand where one is NaN."""
    if a is POISON or b is POISON:
        return POISON
    if a != a:
        return b
    if b != b:
        return a
    return minimumf(a, b, type_)


def cmpf(predicate: int, a: Any, b: Any) -> Any:
    """MLIR's `CmpFPredicate` (false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge,
    ult, ule, une, uno, true) as an i1."""
    if a is POISON or b is POISON:
        return POISON
    unordered = a != a or b != b
    if predicate == 0:
        return 0
    if predicate == 15:
        return 1
    if predicate == 7:
        return int(not unordered)
    if predicate == 14:
        return int(unordered)
    if predicate < 7:
        if unordered:
            return 0
        base = predicate
    else:
        if unordered:
            return 1
        base = predicate - 7
    if base == 1:
        return int(a == b)
    if base == 2:
        return int(a > b)
    if base == 3:
        return int(a >= b)
    if base == 4:
        return int(a < b)
    if base == 5:
        return int(a <= b)
    return int(a != b)


def _round_int(value: int, precision: int) -> int:
    """`value` rounded to `precision` significant bits, ties to even (exact in a double
    when `precision` <= 53, so a float conversion after it rounds no further)."""
    magnitude = abs(value)
    extra = magnitude.bit_length() - precision
    if extra <= 0:
        return value
    q, r = divmod(magnitude, 1 << extra)
    half = 1 << (extra - 1)
    if r > half or (r == half and q & 1):
        q += 1
    rounded = q << extra
    return -rounded if value < 0 else rounded


_PRECISION = {"f64": 53, "f32": 24, "f16": 11, "bf16": 8}


def _int_to_float(value: int, type_: FloatType) -> Any:
    precision = _PRECISION.get(type_.name)
    if precision is None:
        raise SemanticsError(f"arithmetic on '{type_.name}' is not supported")
    rounded = _round_int(value, precision)
    try:
        exact = float(rounded)
    except OverflowError:
        exact = math.inf if rounded > 0 else -math.inf
    return make_float(exact, type_)


def sitofp(a: Any, bits: int, type_: FloatType) -> Any:
    """A signed integer converted to the nearest float of `type_`."""
    if a is POISON:
        return POISON
    return _int_to_float(signed(a, bits), type_)


def uitofp(a: Any, type_: FloatType) -> Any:
    """An unsigned integer converted to the nearest float of `type_`."""
    if a is POISON:
        return POISON
    return _int_to_float(a, type_)


def fptosi(a: Any, bits: int) -> Any:
    """A float truncated toward zero to a signed integer; poison when NaN or out of range."""
    if a is POISON or a != a or a in (math.inf, -math.inf):
        return POISON
    value = int(float(a))
    if not _fits_signed(value, bits):
        return POISON
    return value & ((1 << bits) - 1)


def fptoui(a: Any, bits: int) -> Any:
    """A float truncated toward zero to an unsigned integer; poison when NaN or out of range."""
    if a is POISON or a != a or a in (math.inf, -math.inf):
        return POISON
    value = int(float(a))
    if not 0 <= value < (1 << bits):
        return POISON
    return value


def extf(a: Any, type_: FloatType) -> Any:
    """A float widened to `type_` (exact; NaN stays NaN)."""
    if a is POISON:
        return POISON
    return make_float(float(a), type_)


def truncf(a: Any, type_: FloatType) -> Any:
    """A float narrowed to `type_`, rounded to nearest (ties to even)."""
    if a is POISON:
        return POISON
    name = type_.name
    if name == "f32":
        return np.float32(a)
    if name == "f16":
        return np.float16(a)
    return make_float(float(a), type_)


def bitcast(a: Any, from_type: Type, to_type: Type) -> Any:
    """The same bits read as another type of the same width."""
    if a is POISON:
        return POISON
    bits = float_to_bits(a, from_type) if isinstance(from_type, FloatType) else a
    if isinstance(to_type, FloatType):
        return _from_bits(bits, to_type)
    return bits


def math_unary(name: str, a: Any, type_: FloatType) -> Any:
    """The C math library's function `name` (`sin`, `exp`, ...) at the width of `type_`
    (`sinf` for f32), as the lowered program calls it."""
    if a is POISON:
        return POISON
    result = libm_unary(name, type_.name, float_to_bits(a, type_))
    if result is None:
        raise SemanticsError(f"'{name}' of '{type_.name}' is not supported")
    return _from_bits(result, type_)


def math_binary(name: str, a: Any, b: Any, type_: FloatType) -> Any:
    """The C math library's two-argument function `name` (`pow`, `atan2`, ...)."""
    if a is POISON or b is POISON:
        return POISON
    result = libm_binary(name, type_.name, float_to_bits(a, type_), float_to_bits(b, type_))
    if result is None:
        raise SemanticsError(f"'{name}' of '{type_.name}' is not supported")
    return _from_bits(result, type_)


# ---------------------------------------------------------------------------
# The math dialect's other operations
# ---------------------------------------------------------------------------


def absf(a: Any, type_: FloatType) -> Any:
    """The magnitude (clears the sign bit, NaN included)."""
    if a is POISON:
        return POISON
    return abs(a)


def copysign(a: Any, b: Any, type_: FloatType) -> Any:
    """`a`'s magnitude with `b`'s sign."""
    if a is POISON or b is POISON:
        return POISON
    return make_float(math.copysign(float(a), float(b)), type_)


def rounding(mode: str, a: Any, type_: FloatType) -> Any:
    """`ceil`, `floor`, `trunc`, `round` (half away from zero) or `roundeven` of a
    float, in its type (a zero keeps its sign; NaN and infinities stay)."""
    if a is POISON:
        return POISON
    x = float(a)
    if x != x or x in (math.inf, -math.inf):
        return a
    if mode == "ceil":
        r = float(math.ceil(x))
    elif mode == "floor":
        r = float(math.floor(x))
    elif mode == "trunc":
        r = float(math.trunc(x))
    elif mode == "round":
        # x - trunc(x) is exact, so the half is found without rounding.
        whole = float(math.trunc(x))
        r = whole + math.copysign(1.0, x) if abs(x - whole) >= 0.5 else whole
    else:
        r = float(round(x))
    # An integral result keeps the operand's sign: ceil(-0.5) is -0.0.
    return make_float(math.copysign(r, x), type_)


def rsqrt(a: Any, type_: FloatType) -> Any:
    """`1 / sqrt(a)`, each step rounded (as MLIR expands it)."""
    if a is POISON:
        return POISON
    return divf(make_float(1.0, type_), math_unary("sqrt", a, type_), type_)


def fma(a: Any, b: Any, c: Any, type_: FloatType) -> Any:
    """`a * b + c` rounded once."""
    if a is POISON or b is POISON or c is POISON:
        return POISON
    xs = [float(a), float(b), float(c)]
    if not all(math.isfinite(x) for x in xs):
        return _round(a * b + c, type_)
    from fractions import Fraction

    from generator.ir.floats import fraction_to_bits

    exact = Fraction(xs[0]) * Fraction(xs[1]) + Fraction(xs[2])
    if exact == 0:
        # An exact zero sum is +0 unless both addends are -0 (round to nearest).
        product_negative = math.copysign(1.0, xs[0]) * math.copysign(1.0, xs[1]) < 0
        negative = product_negative and math.copysign(1.0, xs[2]) < 0
        return make_float(-0.0 if negative else 0.0, type_)
    return _from_bits(fraction_to_bits(FLOAT_FORMATS[type_.name], exact), type_)


def fpowi(a: Any, n: Any, bits: int, type_: FloatType) -> Any:
    """`a` to the signed integer power `n` by repeated squaring, each product rounded
    (LLVM's `powi`), and the reciprocal for a negative power."""
    if a is POISON or n is POISON:
        return POISON
    exponent = signed(n, bits)
    result = make_float(1.0, type_)
    base = a
    k = abs(exponent)
    while True:
        if k & 1:
            result = mulf(result, base, type_)
        k >>= 1
        if not k:
            break
        base = mulf(base, base, type_)
    return divf(make_float(1.0, type_), result, type_) if exponent < 0 else result


def ipowi(a: Any, b: Any, bits: int) -> Any:
    """Integer power modulo 2**bits; for a negative power 1 of 1, +-1 of -1, poison
    of 0 and 0 otherwise."""
    if a is POISON or b is POISON:
        return POISON
    exponent = signed(b, bits)
    if exponent < 0:
        base = signed(a, bits)
        if base == 0:
            return POISON
        if base == 1:
            return 1
        if base == -1:
            return (1 if exponent % 2 == 0 else -1) & ((1 << bits) - 1)
        return 0
    return pow(a, exponent, 1 << bits)


def clampf(value: Any, low: Any, high: Any, type_: FloatType) -> Any:
    """`maximumf(minimumf(value, low), high)`: MLIR 22's definition of `math.clampf`,
    which its expansion (`--math-expand-ops`) computes."""
    return maximumf(minimumf(value, low, type_), high, type_)


def absi(a: Any, bits: int) -> Any:
    """The magnitude of a signed integer (the minimum stays itself)."""
    if a is POISON:
        return POISON
    return abs(signed(a, bits)) & ((1 << bits) - 1)


def ctlz(a: Any, bits: int) -> Any:
    """The leading zero bits (the width for zero)."""
    if a is POISON:
        return POISON
    return bits - a.bit_length()


def cttz(a: Any, bits: int) -> Any:
    """The trailing zero bits (the width for zero)."""
    if a is POISON:
        return POISON
    return bits if a == 0 else (a & -a).bit_length() - 1


def ctpop(a: Any) -> Any:
    """The bits set."""
    if a is POISON:
        return POISON
    return bin(a).count("1")


_MIN_NORMAL = {"f64": 2.0**-1022, "f32": 2.0**-126, "f16": 2.0**-14, "bf16": 2.0**-126}


def classify(kind: str, a: Any, type_: FloatType) -> Any:
    """`isfinite`, `isinf`, `isnan` or `isnormal` as an i1."""
    if a is POISON:
        return POISON
    x = float(a)
    if kind == "isnan":
        return int(x != x)
    if kind == "isinf":
        return int(x in (math.inf, -math.inf))
    if kind == "isfinite":
        return int(math.isfinite(x))
    return int(math.isfinite(x) and abs(x) >= _MIN_NORMAL[type_.name])


def _trunc_div(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return -q if (x < 0) != (y < 0) else q


def index_ceildivs(a: Any, b: Any, bits: int) -> Any:
    """`index.ceildivs` as MLIR computes it (its folder and its lowering): by the
    operands' signs, `-(-n / m)` when they differ, else `(n + x) / m + 1` with `x` the
    negated sign of `m`, each step wrapping at the width, so `ceildivs(MIN, 2)` is
    `2**62` at 64 bits (`-MIN` wraps to `MIN`); poison by zero and for MIN / -1."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    n, m = signed(a, bits), signed(b, bits)
    if not _fits_signed(_trunc_div(n, m), bits):
        return POISON
    mask = (1 << bits) - 1
    if n == 0:
        return 0
    if (n > 0) != (m > 0):
        q = -_trunc_div(signed(-n & mask, bits), m)
    else:
        q = _trunc_div(signed((n + (-1 if m > 0 else 1)) & mask, bits), m) + 1
    return q & mask


def index_floordivs(a: Any, b: Any, bits: int) -> Any:
    """`index.floordivs` as MLIR computes it: `n / m` when the operands' signs agree,
    else `-1 - (x - n) / m` with `x` the negated sign of `m`, each step wrapping at
    the width; poison by zero and for MIN / -1."""
    if a is POISON or b is POISON or b == 0:
        return POISON
    n, m = signed(a, bits), signed(b, bits)
    if not _fits_signed(_trunc_div(n, m), bits):
        return POISON
    mask = (1 << bits) - 1
    if n == 0:
        return 0
    if (n < 0) == (m < 0):
        q = _trunc_div(n, m)
    else:
        q = -1 - _trunc_div(signed(((1 if m < 0 else -1) - n) & mask, bits), m)
    return q & mask


# ---------------------------------------------------------------------------
# Tensors
# ---------------------------------------------------------------------------


def element_dtype(element: Type) -> Any:
    """The numpy type that holds tensor elements of type `element`: `bool` for i1,
    the signed integers of the width for the signless and signed integer types, the
    unsigned ones for `ui8`..`ui64`, `int64` for index, `float16`, `float32` (also
    holding bf16 values) and `float64` (as the `tf` references hold them)."""
    if isinstance(element, FloatType):
        name = element.name
        if name == "f64":
            return np.float64
        if name == "f16":
            return np.float16
        if name in ("f32", "bf16"):
            return np.float32
    if isinstance(element, IndexType):
        return np.int64
    if isinstance(element, IntegerType):
        bits = element.width
        if bits == 1:
            return np.bool_
        if bits in (8, 16, 32, 64):
            kind = "uint" if element.signedness == Signedness.UNSIGNED else "int"
            return np.dtype(f"{kind}{bits}").type
    raise SemanticsError(f"tensors of '{element}' are not supported")


_FLOAT_BITS: Final = {"f64": np.uint64, "f32": np.uint32, "f16": np.uint16, "bf16": np.uint32}


def dense(attr: DenseElementsAttr) -> Any:
    """The tensor a `dense<...>` attribute holds (an array of its type's shape)."""
    type_ = attr.type
    element = type_.element_type
    dtype = element_dtype(element)
    shape = type_.shape
    values: list[Any] = list(attr.values)
    if isinstance(element, FloatType):
        bits: Any = np.array([int(v) for v in values], dtype=_FLOAT_BITS[element.name])
        if element.name == "bf16":
            bits = bits << np.uint32(16)
        flat = bits.view(dtype)
    else:
        size = np.dtype(dtype).itemsize * 8
        mask = (1 << width(element)) - 1
        flat = np.array([int(v) & mask for v in values], dtype=f"uint{size}")
        flat = flat.astype(np.bool_) if dtype is np.bool_ else flat.view(dtype)
    if attr.is_splat:
        return np.broadcast_to(flat[0], shape)
    return flat.reshape(shape)


def to_element(value: Any, element: Type) -> Any:
    """A scalar run-time value (an integer's unsigned bit pattern) as a tensor element."""
    if value is POISON:
        raise SemanticsError("a tensor holding poison is not supported")
    if isinstance(element, IntegerType | IndexType):
        return np.array(signed(int(value), width(element))).astype(element_dtype(element))
    return np.asarray(value, dtype=element_dtype(element))


def from_element(value: Any, element: Type) -> Any:
    """A tensor element as a scalar run-time value."""
    if isinstance(element, FloatType):
        return float(value) if element.name == "f64" else value
    return int(value) & ((1 << width(element)) - 1)


def mixed_sizes(static: Any, dynamic: Any) -> tuple[int, ...]:
    """Sizes given as a static list with `DYNAMIC` where the next dynamic operand's
    value stands (MLIR's mixed static and dynamic sizes, offsets and strides)."""
    values = iter(dynamic)
    return tuple(int(next(values)) if s == DYNAMIC else int(s) for s in static)


def tensor_empty(type_: ShapedType, dynamic_sizes: Any) -> Any:
    """`tensor.empty`: a tensor of the type's shape, the dynamic sizes given; its
    elements are unspecified (zeros here, in one element every index shares)."""
    shape = mixed_sizes(type_.shape, dynamic_sizes)
    return np.broadcast_to(np.zeros((), element_dtype(type_.element_type)), shape)


def tensor_splat(value: Any, type_: ShapedType, dynamic_sizes: Any) -> Any:
    """`tensor.splat`: `value` at every index of the type's shape."""
    shape = mixed_sizes(type_.shape, dynamic_sizes)
    return np.broadcast_to(to_element(value, type_.element_type), shape)


def concat(inputs: Any, dim: int) -> Any:
    """`tensor.concat`: the inputs joined along dimension `dim`."""
    return np.concatenate(list(inputs), axis=dim)


def reshape(source: Any, shape: Any) -> Any:
    """`tensor.reshape`: `source`'s elements in row-major order, in the shape that
    the 1-D tensor `shape` holds."""
    sizes = tuple(int(s) for s in shape)
    if any(s < 0 for s in sizes):
        raise SemanticsError("reshape to a negative size")
    return np.reshape(source, sizes)


def expand(source: Any, shape: tuple[int, ...]) -> Any:
    """`tensor.expand_shape`: `source` in the finer shape `shape`."""
    return np.reshape(source, shape)


def collapse(source: Any, reassociation: ArrayAttr) -> Any:
    """`tensor.collapse_shape`: each group of `source`'s dimensions (the reassociation,
    an array of arrays of dimension numbers) merged into one."""
    dims = source.shape
    groups = [
        [d for d in g.value if isinstance(d, IntegerAttr)]
        for g in reassociation.value
        if isinstance(g, ArrayAttr)
    ]
    shape = tuple(int(np.prod([dims[d.value] for d in group])) for group in groups)
    return np.reshape(source, shape)


def _slices(offsets: Any, sizes: Any, strides: Any) -> tuple[slice, ...]:
    return tuple(slice(o, o + n * s, s) for o, n, s in zip(offsets, sizes, strides, strict=True))


def _check_slice(shape: Any, offsets: Any, sizes: Any, strides: Any) -> None:
    for dim, (extent, o, n, s) in enumerate(zip(shape, offsets, sizes, strides, strict=True)):
        if o < 0 or n < 0 or s < 1 or (n > 0 and o + (n - 1) * s >= extent):
            raise SemanticsError(f"slice out of bounds in dimension {dim}")


def extract_slice(source: Any, offsets: Any, sizes: Any, strides: Any, result: ShapedType) -> Any:
    """`tensor.extract_slice`: the strided part of `source`; the unit dimensions
    the result type leaves out (a rank-reducing slice) are dropped."""
    _check_slice(source.shape, offsets, sizes, strides)
    part = source[_slices(offsets, sizes, strides)]
    if result.rank != len(sizes):
        part = np.reshape(part, _reduced(tuple(sizes), result.shape))
    return part


def insert_slice(source: Any, dest: Any, offsets: Any, sizes: Any, strides: Any) -> Any:
    """`tensor.insert_slice`: a copy of `dest` whose strided part is `source` (which
    may leave out unit dimensions of the part)."""
    _check_slice(dest.shape, offsets, sizes, strides)
    result = np.copy(dest)
    result[_slices(offsets, sizes, strides)] = np.reshape(source, tuple(sizes))
    return result


def _reduced(sizes: tuple[int, ...], kept: tuple[int, ...]) -> tuple[int, ...]:
    """`sizes` without the unit dimensions a rank-reduced shape `kept` leaves out,
    matched left to right."""
    out: list[int] = []
    j = 0
    for size in sizes:
        if j < len(kept) and (kept[j] == size or kept[j] == DYNAMIC):
            out.append(size)
            j += 1
        elif size != 1:
            raise SemanticsError("rank-reducing slice drops a dimension that is not 1")
    return tuple(out)


def _indices(shape: Any, indices: Any) -> tuple[int, ...]:
    position = tuple(int(i) for i in indices)
    for dim, (i, extent) in enumerate(zip(position, shape, strict=True)):
        if i >= extent:
            raise SemanticsError(f"index {i} is out of bounds for dimension {dim} of size {extent}")
    return position


def extract(tensor: Any, indices: Any, element: Type) -> Any:
    """`tensor.extract`: the element at `indices`, as a scalar run-time value."""
    return from_element(tensor[_indices(tensor.shape, indices)], element)


def insert(scalar: Any, dest: Any, indices: Any, type_: ShapedType) -> Any:
    """`tensor.insert`: a copy of `dest` (of type `type_`) with `scalar` at `indices`."""
    position = _indices(dest.shape, indices)
    result = np.copy(dest)
    result[position] = to_element(scalar, type_.element_type)
    return result


def from_elements(elements: Any, type_: ShapedType) -> Any:
    """`tensor.from_elements`: the scalars, in row-major order, in the type's shape."""
    element = type_.element_type
    items = [to_element(e, element) for e in elements]
    return np.array(items, dtype=element_dtype(element)).reshape(type_.shape)
