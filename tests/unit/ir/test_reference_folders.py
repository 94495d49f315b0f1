"""Hand-written folders agree with the ops' reference implementations.

For each integer binary op of `arith` and `index` that has both, each float
binary op of `arith` (in f16, bf16, f32 and f64) and every `math` op with a folder, random constant
operands (edge values included) are folded by the op's `fold` and evaluated by its
`reference`: where the folder gives a value and the reference does not give poison,
the two are the same bits (a folder may give any value, poison included, where the
reference gives poison: poison may be refined to any value).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from generated.arith import ops as arith
from generated.index import ops as index
from generated.math import ops as math_ops
from generator.ir import (
    Attribute,
    Block,
    BoolAttr,
    FloatAttr,
    FloatType,
    IndexType,
    IntegerAttr,
    IntegerType,
    Operation,
    semantics,
    to_signed,
)
from generator.ir.semantics import POISON

ARITH = [
    arith.AddIOp, arith.SubIOp, arith.MulIOp, arith.DivUIOp, arith.DivSIOp,
    arith.CeilDivUIOp, arith.CeilDivSIOp, arith.FloorDivSIOp, arith.RemUIOp,
    arith.RemSIOp, arith.AndIOp, arith.OrIOp, arith.XOrIOp, arith.ShLIOp,
    arith.ShRUIOp, arith.ShRSIOp, arith.MaxSIOp, arith.MaxUIOp, arith.MinSIOp,
    arith.MinUIOp,
]  # fmt: skip
INDEX = [
    index.AddOp, index.SubOp, index.MulOp, index.DivSOp, index.DivUOp, index.CeilDivSOp,
    index.CeilDivUOp, index.FloorDivSOp, index.RemSOp, index.RemUOp, index.MaxSOp,
    index.MaxUOp, index.MinSOp, index.MinUOp, index.ShlOp, index.ShrSOp, index.ShrUOp,
    index.AndOp, index.OrOp, index.XOrOp,
]  # fmt: skip


def _values(bits: int, rng: random.Random) -> list[int]:
    edges = [0, 1, 2, 3, (1 << bits) - 1, (1 << (bits - 1)), (1 << (bits - 1)) - 1, bits]
    return edges + [rng.randrange(1 << bits) for _ in range(12)]


def _constant(block: Block, type_: object, value: int, bits: int) -> Operation:
    attr = IntegerAttr.get(type_, to_signed(value, bits))  # type: ignore[arg-type]
    op = arith.ConstantOp(value=attr)
    block.append(op)
    return op


def _check(cls: type[Operation], type_: object, bits: int) -> int:
    rng = random.Random(cls.__name__)
    compared = 0
    for a in _values(bits, rng):
        for b in _values(bits, rng)[:10]:
            block = Block()
            lhs, rhs = _constant(block, type_, a, bits), _constant(block, type_, b, bits)
            op = cls(lhs.result, rhs.result)  # type: ignore[call-arg]
            block.append(op)
            folded = op.fold()  # type: ignore[attr-defined]
            expected = op.reference(a, b)  # type: ignore[attr-defined]
            if not isinstance(folded, IntegerAttr) or expected is POISON:
                continue
            assert folded.value & ((1 << bits) - 1) == expected, (cls.__name__, a, b)
            compared += 1
    return compared


@pytest.mark.parametrize("cls", ARITH, ids=lambda c: c.OPERATION_NAME)
@pytest.mark.parametrize("bits", [8, 64])
def test_arith_folders_agree_with_references(cls: type[Operation], bits: int) -> None:
    assert _check(cls, IntegerType.get(bits), bits) > 0


@pytest.mark.parametrize("cls", INDEX, ids=lambda c: c.OPERATION_NAME)
def test_index_folders_agree_with_references(cls: type[Operation]) -> None:
    assert _check(cls, IndexType.get(), 64) > 0


FLOAT_OPS = [
    arith.AddFOp, arith.SubFOp, arith.MulFOp, arith.DivFOp, arith.RemFOp,
    arith.MaximumFOp, arith.MinimumFOp, arith.MaxNumFOp, arith.MinNumFOp,
]  # fmt: skip


def _float_values(type_: FloatType, rng: random.Random) -> list[Any]:
    special = [0.0, -0.0, 1.0, -1.5, 0.1, 3.0, 1e-3, 65504.0, 1e30, math.inf, -math.inf]
    values = [semantics.make_float(v, type_) for v in special]
    values += [semantics.make_float(rng.uniform(-1e4, 1e4), type_) for _ in range(12)]
    return values


@pytest.mark.parametrize("cls", FLOAT_OPS, ids=lambda c: c.OPERATION_NAME)
@pytest.mark.parametrize("name", ["f16", "bf16", "f32", "f64"])
def test_float_folders_agree_with_references(cls: type[Operation], name: str) -> None:
    """Same bits, or both NaN (a NaN's sign and payload are not compared: hardware and
    APFloat choose them differently, and MLIR leaves them unspecified)."""
    type_ = FloatType.get(name)
    rng = random.Random(cls.__name__ + name)
    compared = 0
    values = _float_values(type_, rng)
    for a in values:
        for b in values[:14]:
            block = Block()
            ops = []
            for v in (a, b):
                attr = FloatAttr.get(type_, semantics.float_to_bits(v, type_))
                ops.append(arith.ConstantOp(value=attr))
                block.append(ops[-1])
            op = cls(ops[0].result, ops[1].result)  # type: ignore[call-arg]
            block.append(op)
            folded = op.fold()  # type: ignore[attr-defined]
            if not isinstance(folded, FloatAttr):
                continue
            expected = op.reference(a, b)  # type: ignore[attr-defined]
            if math.isnan(float(expected)):
                assert math.isnan(float(semantics.make_float(folded.value, type_))), (a, b)
            else:
                got = folded.bits
                assert got == semantics.float_to_bits(expected, type_), (cls.__name__, a, b)
            compared += 1
    assert compared > 0


def _math_ops() -> list[type[Operation]]:
    """Every `math` op with both a folder and a reference."""
    found = []
    for name in sorted(dir(math_ops)):
        cls = getattr(math_ops, name)
        if (
            isinstance(cls, type)
            and issubclass(cls, Operation)
            and getattr(cls, "OPERATION_NAME", None)
            and callable(getattr(cls, "fold", None))
            and callable(getattr(cls, "reference", None))
        ):
            found.append(cls)
    return found


MATH_OPS = _math_ops()
INT_MATH = {"math.absi", "math.ctlz", "math.cttz", "math.ctpop", "math.ipowi"}
CLASSIFY = {"math.isfinite", "math.isinf", "math.isnan", "math.isnormal"}


def _same(folded: Attribute, expected: Any, type_: Any) -> bool:
    """Whether a folded constant is the reference's value: the same bits, or both NaN."""
    if isinstance(folded, (IntegerAttr, BoolAttr)):
        return int(folded.value) & ((1 << semantics.width(type_)) - 1) == int(expected)
    assert isinstance(folded, FloatAttr)
    if math.isnan(float(expected)):
        return math.isnan(float(semantics.float_from_bits(folded.bits, type_)))
    return folded.bits == semantics.float_to_bits(expected, type_)


@pytest.mark.parametrize("cls", MATH_OPS, ids=lambda c: c.OPERATION_NAME)
def test_math_folders_agree_with_references(cls: type[Operation]) -> None:
    """Each `math` folder against the op's reference, on integer ops in i8 and i64 and
    float ops in f16, bf16, f32 and f64 (the C library's functions fold in f32 and f64
    only, as MLIR's do), edge values included; NaNs compare as in the float test."""
    assert len(MATH_OPS) >= 35
    name = cls.OPERATION_NAME
    code = cls.reference.__code__  # type: ignore[attr-defined]
    arity = code.co_argcount - 1
    rng = random.Random(name)
    compared = 0
    types: list[Any] = (
        [IntegerType.get(8), IntegerType.get(64)]
        if name in INT_MATH
        else [FloatType.get(n) for n in ("f16", "bf16", "f32", "f64")]
    )
    for type_ in types:
        if isinstance(type_, IntegerType):
            values: list[Any] = _values(type_.width, rng)
        else:
            values = _float_values(type_, rng) + [
                semantics.make_float(v, type_) for v in (0.5, -0.75, 2.0, math.nan)
            ]
        for _ in range(60):
            args = [rng.choice(values) for _ in range(arity)]
            block = Block()
            constants = []
            for arg in args:
                if isinstance(type_, IntegerType):
                    attr: Attribute = IntegerAttr.get(type_, to_signed(arg, type_.width))
                else:
                    attr = FloatAttr.get(type_, semantics.float_to_bits(arg, type_))
                constants.append(arith.ConstantOp(value=attr))
                block.append(constants[-1])
            kwargs = {"result_type": IntegerType.get(1)} if name in CLASSIFY else {}
            op = cls(*[c.result for c in constants], **kwargs)  # type: ignore[call-arg]
            block.append(op)
            folded = op.fold()  # type: ignore[attr-defined]
            if not isinstance(folded, (IntegerAttr, BoolAttr, FloatAttr)):
                continue
            try:
                expected = op.reference(*args)  # type: ignore[attr-defined]
            except semantics.SemanticsError:
                # The reference does not define it (`atan2` of bf16, which MLIR's
                # folder still folds where the result is exact).
                continue
            if expected is POISON:
                continue
            result_type = op.results[0].type
            assert _same(folded, expected, result_type), (name, str(type_), args, folded)
            compared += 1
    assert compared > 0, name
