"""Tests of what the `math` and `index` folders use from the runtime.

- `generator.ir.libm`: the C library's functions on bit patterns of `f32` and `f64`
  (NaN payloads and signaling NaNs pass unchanged), and None for other formats;
- the APFloat operations of `generator.ir.folding` that `math` folds on every
  format: rounding to integral values in each mode, `abs`, `copysign`, the sign
  test and classification;
- poison through the element-wise folders;
- `PatternRewriter.create_or_fold`, which `index`'s canonicalization builds with.

The expectations are IEEE facts, checked against Python's own `math` where the
host's double arithmetic gives them exactly.
"""

from __future__ import annotations

import math
import struct

import pytest

import generated
from generated.ub.attrs import PoisonAttr
from generator.ir import (
    FloatAttr,
    FloatType,
    IndexType,
    IntegerAttr,
    IntegerType,
    Operation,
    PatternRewriter,
    PoisonAttrInterface,
    float_abs,
    float_classify,
    float_copysign,
    float_format,
    float_is_negative,
    float_round_to_integral,
    fold_binary,
    fold_float_unary,
    fold_unary,
    has_libm,
    libm_binary,
    libm_unary,
)
from generator.ir.builder import InsertionPoint
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

F16 = float_format(FloatType.get("f16"))
F32 = float_format(FloatType.get("f32"))
F64 = float_format(FloatType.get("f64"))
BF16 = float_format(FloatType.get("bf16"))


def f32(x: float) -> int:
    return int.from_bytes(struct.pack("<f", x), "little")


def f64(x: float) -> int:
    return int.from_bytes(struct.pack("<d", x), "little")


def as_f64(bits: int) -> float:
    return float(struct.unpack("<d", bits.to_bytes(8, "little"))[0])


needs_libm = pytest.mark.skipif(not has_libm(), reason="no C math library on this host")


@needs_libm
def test_libm_computes_in_the_format_of_its_operand() -> None:
    """`sin` of an f64 is C's `sin`; of an f32, `sinf`, rounded in single precision."""
    assert as_f64(libm_unary("sin", "f64", f64(2.0)) or 0) == math.sin(2.0)
    assert libm_unary("sin", "f32", f32(2.0)) == 0x3F68C7B7
    assert as_f64(libm_binary("pow", "f64", f64(2.0), f64(10.0)) or 0) == 1024.0
    assert libm_binary("atan2", "f32", f32(1.0), f32(1.0)) == f32(math.pi / 4)


@needs_libm
def test_libm_keeps_nans_and_domain_errors_as_the_c_library_gives_them() -> None:
    """A NaN operand comes back quieted with its payload; out of the domain is a NaN."""
    assert libm_unary("sin", "f32", 0x7F800001) == 0x7FC00001
    assert libm_unary("exp", "f64", 0x7FF8000000000123) == 0x7FF8000000000123
    result = libm_unary("acos", "f64", f64(2.0))
    assert result is not None
    assert math.isnan(as_f64(result))
    assert libm_unary("log", "f32", f32(0.0)) == 0xFF800000


def test_libm_declines_other_formats() -> None:
    """Only `f32` and `f64` are computed, as MLIR's folders only fold those."""
    assert libm_unary("sin", "f16", 0x3C00) is None
    assert libm_binary("pow", "bf16", 0x3F80, 0x3F80) is None


@pytest.mark.parametrize(
    ("value", "mode", "expected"),
    [
        (2.5, "nearest_even", 2.0),
        (3.5, "nearest_even", 4.0),
        (2.5, "nearest_away", 3.0),
        (-2.5, "nearest_away", -3.0),
        (2.1, "toward_positive", 3.0),
        (-2.9, "toward_positive", -2.0),
        (2.9, "toward_negative", 2.0),
        (-2.1, "toward_negative", -3.0),
        (-2.9, "toward_zero", -2.0),
        (1e300, "toward_positive", 1e300),
        (float("inf"), "toward_negative", float("inf")),
    ],
)
def test_round_to_integral(value: float, mode: str, expected: float) -> None:
    """Each rounding mode of APFloat's `roundToIntegral`."""
    assert float_round_to_integral(F64, f64(value), mode) == f64(expected)  # type: ignore[arg-type]


def test_round_to_integral_keeps_the_sign_of_a_zero_and_quiets_nans() -> None:
    """`ceil(-0.5)` is -0; a signaling NaN comes back quiet; f16 rounds in f16."""
    assert float_round_to_integral(F64, f64(-0.5), "toward_positive") == f64(-0.0)
    assert float_round_to_integral(F64, f64(-0.0), "toward_negative") == f64(-0.0)
    assert float_round_to_integral(F32, 0x7F800001, "nearest_even") == 0x7FC00001
    assert float_round_to_integral(F16, 0x4100, "toward_positive") == 0x4200  # 2.5 -> 3


def test_abs_copysign_and_sign() -> None:
    """Sign bit operations, NaNs and zeros included."""
    assert float_abs(F32, f32(-1.5)) == f32(1.5)
    assert float_abs(F32, 0xFFC00001) == 0x7FC00001
    assert float_copysign(F64, f64(4.0), f64(-0.0)) == f64(-4.0)
    assert float_copysign(BF16, 0xBF80, 0x7FC0) == 0x3F80
    assert float_is_negative(F64, f64(-0.0))
    assert not float_is_negative(F64, f64(0.0))


def test_classify() -> None:
    """NaN, infinity, zero, subnormal and normal numbers."""
    assert float_classify(F32, 0x7FC00000) == "nan"
    assert float_classify(F32, 0xFF800000) == "infinity"
    assert float_classify(F32, 0x80000000) == "zero"
    assert float_classify(F32, 0x00000001) == "subnormal"
    assert float_classify(F32, 0x00800000) == "normal"
    assert float_classify(F16, 0x03FF) == "subnormal"


def test_poison_passes_through_the_element_wise_folders() -> None:
    """A poison operand is the result, the left one first, before anything is computed."""
    generated.context()
    poison = PoisonAttr.get()
    assert isinstance(poison, PoisonAttrInterface)
    one = IntegerAttr.get(IntegerType.get(32), 1)
    half = FloatAttr.get(FloatType.get("f32"), f32(0.5))
    assert fold_unary(poison, lambda a: a) is poison
    assert fold_binary(one, poison, lambda a, b: a + b) is poison
    assert fold_binary(poison, None, lambda a, b: a + b) is poison
    assert fold_float_unary(poison, lambda fmt, a: a) is poison
    assert fold_float_unary(half, float_abs) is half


def _module(text: str) -> Operation:
    return parse_source(SourceFile("t.mlir", text), generated.context())


def test_create_or_fold_materializes_what_folds() -> None:
    """An op that folds is not kept: its value is a constant of its dialect, inserted."""
    from generated.index import AddOp

    module = _module(
        "func.func @f() {\n  %a = index.constant 2\n  %b = index.constant 40\n  return\n}\n"
    )
    block = module.regions[0].blocks[0].ops.__next__().regions[0].blocks[0]
    ops = list(block.ops)
    rewriter = PatternRewriter(InsertionPoint(block, ops[-1]))
    (value,) = rewriter.create_or_fold(AddOp(ops[0].results[0], ops[1].results[0]))
    names = [op.name for op in block.ops]
    assert names == ["index.constant", "index.constant", "index.constant", "func.return"]
    assert value.defining_op is not None
    assert value.defining_op.get_attr("value") == IntegerAttr.get(IndexType.get(), 42)


def test_create_or_fold_keeps_an_op_that_does_not_fold() -> None:
    """An op without constant operands stays, and its results are returned."""
    from generated.index import AddOp

    module = _module("func.func @f(%a: index) {\n  return\n}\n")
    func = module.regions[0].blocks[0].ops.__next__()
    block = func.regions[0].blocks[0]
    ops = list(block.ops)
    rewriter = PatternRewriter(InsertionPoint(block, ops[-1]))
    arg = block.args[0]
    (value,) = rewriter.create_or_fold(AddOp(arg, arg))
    assert [op.name for op in block.ops] == ["index.add", "func.return"]
    assert value.defining_op is next(iter(block.ops))
