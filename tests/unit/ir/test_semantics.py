"""`generator.ir.semantics`: the numeric semantics reference implementations call.

Integer operations are checked against two's complement arithmetic on Python's
unbounded integers, with poison exactly where MLIR's LangRef puts it; float
operations against numpy's IEEE types and the exact rational value of the operands.
The differential test `tests/conformance/test_run_differential.py` checks the same
semantics end to end against mlir-runner-22.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from generator.ir import semantics as lazy
from generator.ir.semantics import (
    POISON,
    addi,
    divs,
    divu,
    exts,
    fptosi,
    make_float,
    mulsi_extended,
    rems,
    shl,
    shrs,
    signed,
    sitofp,
    subi,
    trunci,
)
from generator.ir.types import FloatType

WIDTHS = st.sampled_from([1, 8, 16, 32, 64])


@st.composite
def operands(draw: st.DrawFn) -> tuple[int, int, int]:
    bits = draw(WIDTHS)
    a = draw(st.integers(0, (1 << bits) - 1))
    b = draw(st.integers(0, (1 << bits) - 1))
    return bits, a, b


def _fits(value: int, bits: int) -> bool:
    return -(1 << (bits - 1)) <= value < (1 << (bits - 1))


@given(operands())
def test_add_sub_wrap_and_poison_on_forbidden_overflow(case: tuple[int, int, int]) -> None:
    bits, a, b = case
    assert addi(a, b, bits) == (a + b) % (1 << bits)
    assert subi(a, b, bits) == (a - b) % (1 << bits)
    sa, sb = signed(a, bits), signed(b, bits)
    assert (addi(a, b, bits, 1) is POISON) == (not _fits(sa + sb, bits))
    assert (addi(a, b, bits, 2) is POISON) == (a + b >= 1 << bits)
    assert (subi(a, b, bits, 2) is POISON) == (a < b)


@given(operands())
def test_division_truncates_toward_zero_with_poison(case: tuple[int, int, int]) -> None:
    bits, a, b = case
    if b == 0:
        assert divu(a, b, bits) is POISON
        assert divs(a, b, bits) is POISON
        assert rems(a, b, bits) is POISON
        return
    assert divu(a, b, bits) == a // b
    sa, sb = signed(a, bits), signed(b, bits)
    exact = Fraction(sa, sb)
    quotient = int(exact)  # int() of a Fraction truncates toward zero
    if not _fits(quotient, bits):
        assert divs(a, b, bits) is POISON
    else:
        assert signed(divs(a, b, bits), bits) == quotient
        assert signed(rems(a, b, bits), bits) == sa - quotient * sb


@given(operands())
def test_shifts_are_poison_at_the_width(case: tuple[int, int, int]) -> None:
    bits, a, b = case
    amount = b % (bits + 2)
    if amount >= bits:
        assert shl(a, amount, bits) is POISON
        assert shrs(a, amount, bits) is POISON
    else:
        assert shl(a, amount, bits) == (a << amount) % (1 << bits)
        assert signed(shrs(a, amount, bits), bits) == signed(a, bits) >> amount


@given(operands())
def test_casts_and_extended_multiplication(case: tuple[int, int, int]) -> None:
    bits, a, b = case
    assert signed(exts(a, bits, 64), 64) == signed(a, bits)
    assert trunci(exts(a, bits, 64), 64, bits) == a
    low, high = mulsi_extended(a, b, bits)
    assert signed(low + (high << bits), 2 * bits) == signed(a, bits) * signed(b, bits)


@given(st.integers(-(1 << 63), (1 << 63) - 1))
def test_int_to_float_rounds_once(value: int) -> None:
    f32 = FloatType.get("f32")
    got = sitofp(value & ((1 << 64) - 1), 64, f32)
    assert isinstance(got, np.float32)
    # The nearest f32 to the exact integer: no f32 lies strictly closer.
    error = abs(Fraction(float(got)) - value)
    for neighbour in (np.nextafter(got, np.float32("inf")), np.nextafter(got, np.float32("-inf"))):
        assert abs(Fraction(float(neighbour)) - value) >= error


def test_float_to_int_out_of_range_is_poison() -> None:
    f64 = FloatType.get("f64")
    assert fptosi(make_float(2.0**31, f64), 32) is POISON
    assert fptosi(make_float(float("nan"), f64), 32) is POISON
    assert signed(fptosi(make_float(-2.5, f64), 32), 32) == -2


def test_the_package_binding_is_the_module() -> None:
    """Generated references call `semantics.<name>` through the package's lazy binding."""
    assert lazy.addi is addi
