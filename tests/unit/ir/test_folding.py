"""Tests of generator.ir.folding: element-wise constant folding and APFloat-exact float arithmetic.

Integer folds are checked for wrap-around, signed and unsigned readings, splat and
non-splat elements and declined folds (division by zero). Float operations are
checked on their corner cases (NaN propagation and quieting, signed zeros,
infinities, rounding to f32), and, with hypothesis, against the host's IEEE
arithmetic: f64 directly, and f32 through f64, which is exact because rounding a
correctly rounded f64 result to f32 cannot round twice wrongly (53 >= 2 * 24 + 2).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.ir import (
    DYNAMIC,
    BoolAttr,
    DenseElementsAttr,
    FloatAttr,
    FloatType,
    IndexType,
    IntegerAttr,
    IntegerType,
    RankedTensorType,
    VectorType,
    bool_attr,
    float_add,
    float_compare,
    float_convert,
    float_div,
    float_format,
    float_maximum,
    float_maxnum,
    float_minimum,
    float_minnum,
    float_mul,
    float_neg,
    float_rem,
    float_sub,
    float_to_int,
    fold_binary,
    fold_float_binary,
    fold_float_unary,
    fold_unary,
    int_constant,
    int_to_float,
    int_width,
    is_inf_float,
    is_nan_float,
    is_one_float,
    is_zero_float,
    to_signed,
    to_unsigned,
    zero_attr,
)
from generator.ir.floats import FLOAT_FORMATS, FloatFormat, value_to_bits

I1 = IntegerType.get(1)
I8 = IntegerType.get(8)
I32 = IntegerType.get(32)
INDEX = IndexType.get()
F32T = FloatType.get("f32")
F64T = FloatType.get("f64")
F32 = float_format(F32T)
F64 = float_format(F64T)
V4I8 = VectorType.get((4,), I8)

F32_NAN = 0x7FC00000
F32_INF = 0x7F800000
F32_NEG_ZERO = 0x80000000


def f32(value: float) -> int:
    """The bits of the f32 nearest to `value`."""
    result: int = struct.unpack("<I", struct.pack("<f", value))[0]
    return result


def f64(value: float) -> int:
    """The bits of an f64."""
    result: int = struct.unpack("<Q", struct.pack("<d", value))[0]
    return result


def py32(bits: int) -> float:
    """The value of f32 bits."""
    result: float = struct.unpack("<f", struct.pack("<I", bits))[0]
    return result


def i8(value: int) -> IntegerAttr:
    return IntegerAttr.get(I8, value)


def dense(type_: VectorType, values: tuple[int, ...]) -> DenseElementsAttr:
    return DenseElementsAttr.get(type_, values)


# -- integers -------------------------------------------------------------------------


def test_integer_folds_wrap_to_the_width() -> None:
    assert fold_binary(i8(127), i8(1), lambda a, b: a + b) is i8(-128)
    assert fold_binary(i8(-128), i8(-1), lambda a, b: a * b) is i8(-128)
    assert fold_binary(IntegerAttr.get(I1, 1), IntegerAttr.get(I1, 1), lambda a, b: a + b) is (
        IntegerAttr.get(I1, 0)
    )
    big = IntegerAttr.get(INDEX, 2**63 - 1)
    assert fold_binary(big, IntegerAttr.get(INDEX, 1), lambda a, b: a + b) is IntegerAttr.get(
        INDEX, -(2**63)
    )


def test_integers_are_read_signed_or_unsigned_as_asked() -> None:
    minus_one, two = i8(-1), i8(2)
    assert fold_binary(minus_one, two, lambda a, b: a // b) is i8(127)
    assert fold_binary(minus_one, two, lambda a, b: int(a < b), result_type=I1) is (
        BoolAttr.get_bool(False)
    )
    assert fold_binary(minus_one, two, lambda a, b: int(a < b), result_type=I1, signed=True) is (
        BoolAttr.get_bool(True)
    )
    # true is 1 unsigned and -1 signed.
    true = IntegerAttr.get(I1, 1)
    assert int_constant(true) == 1
    assert int_constant(true, signed=True) == -1
    assert fold_unary(true, lambda a: a, result_type=I8, signed=True) is i8(-1)
    assert fold_unary(true, lambda a: a, result_type=I8) is i8(1)


def test_a_declined_or_non_constant_fold_gives_none() -> None:
    def divide(a: int, b: int) -> int | None:
        return a // b if b else None

    assert fold_binary(i8(7), i8(0), divide) is None
    assert fold_binary(i8(7), None, divide) is None
    assert fold_binary(None, i8(7), divide) is None
    # Operands of different types do not fold.
    assert fold_binary(i8(7), IntegerAttr.get(I32, 7), lambda a, b: a + b) is None
    # One element dividing by zero stops the whole fold.
    lhs = dense(V4I8, (8, 8, 8, 8))
    assert fold_binary(lhs, dense(V4I8, (1, 2, 0, 4)), divide) is None


def test_splat_and_dense_operands_fold_element_by_element() -> None:
    splat = dense(V4I8, (100,))
    assert splat.is_splat
    folded = fold_binary(splat, dense(V4I8, (100,)), lambda a, b: a + b)
    assert folded is dense(V4I8, (-56,))
    mixed = fold_binary(splat, dense(V4I8, (1, 2, 3, 4)), lambda a, b: a - b)
    assert mixed is dense(V4I8, (99, 98, 97, 96))
    mask = fold_binary(
        splat,
        dense(V4I8, (1, 100, 3, 100)),
        lambda a, b: int(a == b),
        result_type=VectorType.get((4,), I1),
    )
    assert mask is DenseElementsAttr.get(VectorType.get((4,), I1), (0, 1, 0, 1))
    # A splat operand never folds against a scalar.
    assert fold_binary(splat, i8(1), lambda a, b: a + b) is None


def test_casts_fold_into_the_result_type() -> None:
    vector_f32 = VectorType.get((4,), F32T)
    folded = fold_unary(
        dense(V4I8, (-3,)), lambda a: int_to_float(F32, a), result_type=vector_f32, signed=True
    )
    assert folded is DenseElementsAttr.get(vector_f32, (f32(-3.0),))
    # A dynamically shaped result cannot hold a constant.
    dynamic = RankedTensorType.get((DYNAMIC,), I32)
    assert fold_unary(dense(V4I8, (1,)), lambda a: a, result_type=dynamic) is None


def test_constant_readers_and_makers() -> None:
    assert int_constant(dense(V4I8, (-1,))) == 255
    assert int_constant(dense(V4I8, (1, 2, 3, 4))) is None
    assert int_constant(FloatAttr.get(F32T, 0)) is None
    assert int_width(INDEX) == 64
    assert int_width(V4I8) == 8
    assert to_signed(255, 8) == -1
    assert to_unsigned(-1, 8) == 255
    assert zero_attr(I32) is IntegerAttr.get(I32, 0)
    assert zero_attr(F32T) is FloatAttr.get(F32T, 0)
    assert zero_attr(V4I8) is dense(V4I8, (0,))
    assert zero_attr(RankedTensorType.get((DYNAMIC,), I32)) is None
    assert bool_attr(I1, True) is BoolAttr.get_bool(True)
    i1_vector = VectorType.get((2,), I1)
    assert bool_attr(i1_vector, False) is DenseElementsAttr.get(i1_vector, (0,))


def test_float_constant_predicates() -> None:
    neg_zero = FloatAttr.get(F32T, F32_NEG_ZERO)
    assert is_zero_float(neg_zero)
    assert is_zero_float(neg_zero, negative=True)
    assert not is_zero_float(neg_zero, negative=False)
    assert is_one_float(FloatAttr.get(F32T, f32(1.0)))
    assert not is_one_float(FloatAttr.get(F32T, f32(-1.0)))
    assert is_nan_float(FloatAttr.get(F32T, 0xFFC00123))
    assert is_inf_float(FloatAttr.get(F32T, F32_INF), negative=False)
    assert not is_inf_float(FloatAttr.get(F32T, F32_INF), negative=True)
    assert is_one_float(DenseElementsAttr.get(VectorType.get((2,), F32T), (f32(1.0),)))
    assert not is_one_float(IntegerAttr.get(I32, 1))


# -- floats ---------------------------------------------------------------------------


def test_nan_operands_propagate_left_first_and_quieted() -> None:
    one = f32(1.0)
    assert float_add(F32, 0x7FC00001, one) == 0x7FC00001
    assert float_add(F32, one, 0xFFC00002) == 0xFFC00002
    # Subtracting a NaN does not flip its sign.
    assert float_sub(F32, one, 0xFFC00002) == 0xFFC00002
    # A signaling NaN comes out quiet.
    assert float_mul(F32, 0x7F800003, one) == 0x7FC00003
    assert float_add(F32, 0x7FC00001, 0xFFC00002) == 0x7FC00001
    assert float_rem(F32, 0xFFC00002, one) == 0xFFC00002
    assert float_neg(F32, 0x7FC00001) == 0xFFC00001


def test_invalid_operations_give_the_default_nan() -> None:
    zero, inf = f32(0.0), F32_INF
    assert float_add(F32, inf, inf | 0x80000000) == F32_NAN
    assert float_mul(F32, inf, zero) == F32_NAN
    assert float_div(F32, zero, zero) == F32_NAN
    assert float_div(F32, inf, inf) == F32_NAN
    assert float_rem(F32, f32(1.0), zero) == F32_NAN
    assert float_rem(F32, inf, f32(1.0)) == F32_NAN
    assert float_div(F32, f32(-1.0), zero) == 0xFF800000


def test_signed_zeros() -> None:
    zero, neg_zero = f32(0.0), F32_NEG_ZERO
    assert float_add(F32, neg_zero, neg_zero) == neg_zero
    assert float_add(F32, neg_zero, zero) == zero
    assert float_sub(F32, f32(3.5), f32(3.5)) == zero
    assert float_sub(F32, neg_zero, zero) == neg_zero
    assert float_mul(F32, f32(-2.0), zero) == neg_zero
    assert float_div(F32, zero, f32(-2.0)) == neg_zero
    assert float_rem(F32, f32(-4.0), f32(2.0)) == neg_zero
    assert float_rem(F32, f32(-5.5), f32(2.0)) == f32(-1.5)
    # Underflow keeps the sign.
    assert float_mul(F32, 0x80000001, f32(0.5)) == neg_zero
    assert float_neg(F32, zero) == neg_zero


def test_results_are_rounded_to_f32() -> None:
    assert float_add(F32, f32(0.1), f32(0.2)) == f32(py32(f32(0.1)) + py32(f32(0.2)))
    assert float_add(F32, f32(0.1), f32(0.2)) == 0x3E99999A
    assert float_div(F32, f32(1.0), f32(3.0)) == 0x3EAAAAAB
    # Ties go to even.
    assert float_add(F32, f32(16777216.0), f32(1.0)) == f32(16777216.0)
    assert float_add(F32, f32(16777218.0), f32(1.0)) == f32(16777220.0)
    # Overflow goes to infinity.
    largest = 0x7F7FFFFF
    assert float_add(F32, largest, largest) == F32_INF
    assert float_mul(F32, largest | 0x80000000, f32(2.0)) == 0xFF800000


def test_maximum_minimum_maxnum_minnum() -> None:
    zero, neg_zero, one = f32(0.0), F32_NEG_ZERO, f32(1.0)
    for fn in (float_maximum, float_maxnum):
        assert fn(F32, neg_zero, zero) == zero
        assert fn(F32, zero, neg_zero) == zero
        assert fn(F32, one, f32(-3.0)) == one
    for fn in (float_minimum, float_minnum):
        assert fn(F32, neg_zero, zero) == neg_zero
        assert fn(F32, zero, neg_zero) == neg_zero
        assert fn(F32, one, f32(-3.0)) == f32(-3.0)
    # maximum and minimum give the NaN, maxnum and minnum the number...
    assert float_maximum(F32, one, 0x7F800003) == 0x7FC00003
    assert float_minimum(F32, zero, 0x7FC00001) == 0x7FC00001
    assert float_maxnum(F32, 0x7FC00001, one) == one
    assert float_minnum(F32, 0xFFC00002, one) == one
    # ...unless the NaN is signaling.
    assert float_maxnum(F32, 0x7F800003, one) == 0x7FC00003


def test_compare() -> None:
    assert float_compare(F32, f32(1.0), f32(2.0)) == "lt"
    assert float_compare(F32, F32_NEG_ZERO, f32(0.0)) == "eq"
    assert float_compare(F32, F32_INF, f32(2.0)) == "gt"
    assert float_compare(F32, 0xFF800000, 0xFF800000) == "eq"
    assert float_compare(F32, F32_NAN, F32_NAN) == "unordered"


def test_conversions_between_formats_fold_only_when_exact() -> None:
    assert float_convert(F64, F32, f64(0.5)) == f32(0.5)
    assert float_convert(F64, F32, f64(0.1)) is None
    assert float_convert(F64, F32, f64(1e300)) is None
    assert float_convert(F64, F32, f64(-0.0)) == F32_NEG_ZERO
    assert float_convert(F64, F32, f64(math.inf)) == F32_INF
    assert float_convert(F64, F32, 0x7FF8000000000000) == F32_NAN
    # A payload that does not fit, or a signaling NaN, does not convert.
    assert float_convert(F64, F32, 0x7FF8000000000001) is None
    assert float_convert(F64, F32, 0x7FF0000000000001) is None
    assert float_convert(F32, F64, 0xFFC00001) == 0xFFF8000020000000
    assert float_convert(F32, F64, 0x00000001) == f64(2.0**-149)


@pytest.mark.parametrize(
    ("source", "target", "bits", "expected"),
    [
        # The FN formats' NaN carries its all-ones mantissa as a payload into
        # IEEE formats (what mlir-opt-22 --canonicalize prints for extf).
        ("f8E4M3FN", "f64", 0x7F, 0x7FFE000000000000),
        ("f8E4M3FN", "f64", 0xFF, 0xFFFE000000000000),
        ("f8E4M3FN", "bf16", 0x7F, 0x7FF0),
        ("f8E4M3FN", "tf32", 0x7F, 0x3FF80),
        ("f8E4M3FN", "f128", 0x7F, 0x7FFFE000000000000000000000000000),
        # x87's explicit integer bit is set in the result and kept out of others.
        ("f8E4M3FN", "f80", 0x7F, 0x7FFFF000000000000000),
        ("f32", "f80", 0x7FC00000, 0x7FFFC000000000000000),
        ("f80", "f64", 0x7FFFC000000000000000, 0x7FF8000000000000),
        ("f80", "f64", 0x7FFF8000000000000001, None),
        # The FNUZ NaN becomes the target's default NaN; NaN-only targets take
        # only NaN-only sources.
        ("f8E4M3FNUZ", "f32", 0x80, 0x7FC00000),
        ("f8E4M3FN", "f8E5M2FNUZ", 0x7F, 0x80),
        ("f16", "f8E4M3FN", 0x7E00, None),
    ],
)
def test_nan_conversions_follow_apfloat(
    source: str, target: str, bits: int, expected: int | None
) -> None:
    """NaN `extf`/`truncf` folds give APFloat's bits, or decline where it loses information."""
    result = float_convert(FLOAT_FORMATS[source], FLOAT_FORMATS[target], bits)
    assert result == expected


def test_integer_conversions() -> None:
    assert int_to_float(F32, 2**24 + 1) == f32(2.0**24)
    assert int_to_float(F32, -(2**31)) == f32(-(2.0**31))
    assert int_to_float(F32, 0) == 0
    assert int_to_float(float_format(FloatType.get("f16")), 70000) == 0x7C00
    assert float_to_int(F32, f32(-2.75), 8, signed=True) == -2
    assert float_to_int(F32, f32(127.9), 8, signed=True) == 127
    assert float_to_int(F32, f32(128.0), 8, signed=True) is None
    assert float_to_int(F32, f32(-128.0), 8, signed=True) == -128
    assert float_to_int(F32, f32(255.5), 8, signed=False) == 255
    assert float_to_int(F32, f32(-0.5), 8, signed=False) == 0
    assert float_to_int(F32, f32(-1.0), 8, signed=False) is None
    assert float_to_int(F32, F32_NAN, 32, signed=True) is None
    assert float_to_int(F32, F32_INF, 32, signed=False) is None
    assert float_to_int(F32, f32(-1.0), 1, signed=True) == -1
    assert float_to_int(F32, f32(1.0), 1, signed=True) is None


def test_float_folds_over_attributes() -> None:
    one, two = FloatAttr.get(F32T, f32(1.0)), FloatAttr.get(F32T, f32(2.0))
    assert fold_float_binary(one, two, float_add) is FloatAttr.get(F32T, f32(3.0))
    assert fold_float_unary(two, float_neg) is FloatAttr.get(F32T, f32(-2.0))
    vector = VectorType.get((2,), F64T)
    lhs = DenseElementsAttr.get(vector, (f64(1.0), f64(-0.0)))
    rhs = DenseElementsAttr.get(vector, (f64(3.0),))
    assert fold_float_binary(lhs, rhs, float_mul) is DenseElementsAttr.get(
        vector, (f64(3.0), f64(-0.0))
    )
    assert fold_float_binary(one, None, float_add) is None
    assert fold_float_binary(IntegerAttr.get(I32, 1), IntegerAttr.get(I32, 1), float_add) is None


# -- against the host's IEEE arithmetic -----------------------------------------------

FloatOp = Callable[[FloatFormat, int, int], int]
#: Each operation, the host's, and whether a zero divisor must be left out.
HOST: dict[str, tuple[FloatOp, Callable[[float, float], float], bool]] = {
    "add": (float_add, lambda a, b: a + b, False),
    "sub": (float_sub, lambda a, b: a - b, False),
    "mul": (float_mul, lambda a, b: a * b, False),
    "div": (float_div, lambda a, b: a / b, True),
    "rem": (float_rem, math.fmod, True),
}

finite64 = st.floats(allow_nan=False, allow_infinity=False)
finite32 = st.floats(allow_nan=False, allow_infinity=False, width=32)


@pytest.mark.parametrize("name", sorted(HOST))
@settings(max_examples=150, deadline=None)
@given(a=finite64, b=finite64)
def test_f64_matches_the_host(name: str, a: float, b: float) -> None:
    ours, host, divides = HOST[name]
    if divides and b == 0:
        return
    assert ours(F64, f64(a), f64(b)) == f64(host(a, b))


@pytest.mark.parametrize("name", sorted(HOST))
@settings(max_examples=150, deadline=None)
@given(a=finite32, b=finite32)
def test_f32_matches_the_host_through_f64(name: str, a: float, b: float) -> None:
    ours, host, divides = HOST[name]
    if divides and b == 0:
        return
    # Rounding the f64 result to f32 gives the correctly rounded f32 result.
    assert ours(F32, f32(a), f32(b)) == value_to_bits(F32, host(a, b))
