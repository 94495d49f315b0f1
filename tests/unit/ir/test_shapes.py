"""Tests of generator.ir.shapes: abstract evaluation of numpy code, the tensor values
of `generator.ir.semantics`, and result types a builder infers from a reference.

Each abstract result is compared with what numpy computes on real arrays of the
same shapes and types: the shape and the numpy type must agree. Shapes of 2**40
and more elements show that nothing of their size is allocated.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from generator.ir.attributes import DenseElementsAttr
from generator.ir.core import Block
from generator.ir.semantics import dense, element_dtype, from_element, to_element
from generator.ir.shapes import (
    AbstractArray,
    CannotEvaluate,
    NotEvaluable,
    ShapeEvaluator,
    element_of_dtype,
    refined_type,
)
from generator.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    Signedness,
    UnrankedTensorType,
)

F32 = FloatType.get("f32")
I32 = IntegerType.get(32)


def _both(
    fn: Callable[..., Any], shapes: list[tuple[int, ...]], dtypes: list[Any]
) -> tuple[Any, Any]:
    real = fn(*(np.ones(s, d) for s, d in zip(shapes, dtypes, strict=True)))
    abstract = fn(*(AbstractArray(s, d) for s, d in zip(shapes, dtypes, strict=True)))
    return real, abstract


# (function, operand shapes, operand numpy types)
_CASES: list[tuple[str, Callable[..., Any], list[tuple[int, ...]], list[Any]]] = [
    ("add broadcast", lambda a, b: a + b, [(2, 1, 3), (4, 1)], [np.float32, np.float32]),
    ("sub scalar", lambda a: a - 1, [(3, 2)], [np.int32]),
    ("mul mixed", lambda a, b: np.multiply(a, b), [(5,), (5,)], [np.int32, np.float64]),
    ("compare", lambda a, b: a < b, [(2, 3), (3,)], [np.float32, np.float32]),
    ("maximum", lambda a, b: np.maximum(a, b), [(1, 4), (3, 1)], [np.int64, np.int64]),
    ("negate", lambda a: -a, [(2, 2)], [np.float16]),
    ("logical", lambda a, b: np.logical_and(a, b), [(3,), (2, 3)], [np.bool_, np.bool_]),
    ("matmul 2d", lambda a, b: a @ b, [(2, 3), (3, 4)], [np.float32, np.float32]),
    ("matmul batch", lambda a, b: np.matmul(a, b), [(5, 1, 2, 3), (4, 3, 6)], [np.float32] * 2),
    ("matmul vec", lambda a, b: np.matmul(a, b), [(3,), (2, 3, 4)], [np.float32] * 2),
    ("dot", lambda a, b: np.dot(a, b), [(2, 3, 4), (5, 4, 6)], [np.float64] * 2),
    ("transpose", lambda a: a.T, [(2, 3, 4)], [np.float32]),
    ("transpose axes", lambda a: np.transpose(a, (1, 0, 2)), [(2, 3, 4)], [np.float32]),
    ("reshape", lambda a: a.reshape(4, -1), [(2, 3, 4)], [np.int32]),
    ("reshape tuple", lambda a: np.reshape(a, (6, 4)), [(2, 3, 4)], [np.int32]),
    ("expand dims", lambda a: np.expand_dims(a, 1), [(2, 3)], [np.float32]),
    ("squeeze", lambda a: np.squeeze(a), [(1, 3, 1)], [np.float32]),
    ("broadcast_to", lambda a: np.broadcast_to(a, (4, 2, 3)), [(2, 1)], [np.float32]),
    ("concat", lambda a, b: np.concatenate([a, b], axis=1), [(2, 3), (2, 5)], [np.float32] * 2),
    ("stack", lambda a, b: np.stack([a, b], axis=-1), [(2, 3), (2, 3)], [np.int32] * 2),
    ("sum axis", lambda a: np.sum(a, axis=1), [(2, 3, 4)], [np.float32]),
    ("sum keepdims", lambda a: a.sum(axis=(0, 2), keepdims=True), [(2, 3, 4)], [np.int32]),
    ("max all", lambda a: np.max(a), [(2, 3)], [np.float32]),
    ("argmax", lambda a: np.argmax(a, axis=0), [(2, 3)], [np.float32]),
    ("mean", lambda a: a.mean(axis=-1), [(2, 3)], [np.int32]),
    ("ufunc reduce", lambda a: np.add.reduce(a, axis=0), [(4, 5)], [np.float32]),
    (
        "where",
        lambda c, a, b: np.where(c, a, b),
        [(3, 1), (1, 4), (4,)],
        [np.bool_, np.int32, np.int32],
    ),
    ("clip", lambda a: np.clip(a, 0, 6), [(2, 3)], [np.float32]),
    ("astype", lambda a: a.astype(np.int32), [(2, 3)], [np.float32]),
    ("basic index", lambda a: a[1:, ::2, 0], [(4, 5, 6)], [np.float32]),
    ("newaxis", lambda a: a[None, ..., None], [(4, 5)], [np.float32]),
    ("concrete index", lambda a: a[np.array([0, 2, 2])], [(4, 5)], [np.float32]),
    ("flip", lambda a: np.flip(a, 0), [(4, 5)], [np.float32]),
    ("moveaxis", lambda a: np.moveaxis(a, 0, -1), [(4, 5, 6)], [np.float32]),
    ("chain", lambda a, b: np.tanh(a @ b + 1.0).sum(axis=0), [(3, 4), (4, 2)], [np.float32] * 2),
]


@pytest.mark.parametrize(
    ("fn", "shapes", "dtypes"), [c[1:] for c in _CASES], ids=[c[0] for c in _CASES]
)
def test_abstract_matches_numpy(
    fn: Callable[..., Any], shapes: list[tuple[int, ...]], dtypes: list[Any]
) -> None:
    real, abstract = _both(fn, shapes, dtypes)
    assert isinstance(abstract, AbstractArray)
    assert abstract.shape == np.shape(real)
    assert abstract.dtype == np.asarray(real).dtype


def test_random_broadcasts_match_numpy() -> None:
    rng = random.Random(7)
    ufuncs = [np.add, np.subtract, np.multiply, np.maximum, np.less, np.equal]
    checked = 0
    for _ in range(300):
        rank = rng.randint(0, 4)
        out = [rng.randint(1, 4) for _ in range(rank)]
        shapes = []
        for _ in range(2):
            keep = rng.randint(0, rank)
            shapes.append(tuple(1 if rng.random() < 0.3 else d for d in out[rank - keep :]))
        ufunc = rng.choice(ufuncs)
        real, abstract = _both(ufunc, shapes, [np.float32, np.float32])
        assert abstract.shape == real.shape
        assert abstract.dtype == real.dtype
        checked += 1
    assert checked == 300


def test_shapes_that_do_not_broadcast_raise_as_numpy_does() -> None:
    with pytest.raises(ValueError, match="broadcast"):
        np.ones((2, 3)) + np.ones((4,))
    with pytest.raises(ValueError, match="broadcast"):
        AbstractArray((2, 3), np.float32) + AbstractArray((4,), np.float32)
    with pytest.raises(ValueError, match="inner dimensions 3 and 4 differ"):
        AbstractArray((2, 3), np.float32) @ AbstractArray((4, 3), np.float32)


def test_nothing_of_the_full_size_is_allocated() -> None:
    # 2**40 float32 elements would be 4 TiB: any allocation fails here.
    big = AbstractArray((1 << 20, 1 << 20), np.float32)
    row = AbstractArray((1 << 20,), np.float32)
    assert (big + row).shape == (1 << 20, 1 << 20)
    assert (big @ big).shape == (1 << 20, 1 << 20)
    assert np.concatenate([big, big]).shape == (1 << 21, 1 << 20)
    assert big.reshape(1 << 10, -1).shape == (1 << 10, 1 << 30)
    assert big.T[::2].shape == (1 << 19, 1 << 20)
    assert np.sum(big * 2.0, axis=0).shape == (1 << 20,)


@pytest.mark.parametrize(
    "fn",
    [
        lambda a: int(a[0]),
        lambda a: bool(a.sum() > 0),
        lambda a: np.asarray(a),
        lambda a: a.tolist(),
        lambda a: np.nonzero(a),
        lambda a: np.ones((3, 4))[a],
        lambda a: np.reshape(np.ones(6), a),
        lambda a: np.unique(a),
        lambda a: range(10)[a[0]],
    ],
    ids=[
        "int",
        "bool",
        "asarray",
        "tolist",
        "nonzero",
        "index by",
        "reshape to",
        "unique",
        "index",
    ],
)
def test_what_needs_the_data_is_not_evaluable(fn: Callable[[Any], Any]) -> None:
    with pytest.raises(NotEvaluable):
        fn(AbstractArray((2,), np.int64))


def test_dtype_to_element_type() -> None:
    assert element_of_dtype(np.bool_) == IntegerType.get(1)
    assert element_of_dtype(np.float32) == F32
    assert element_of_dtype(np.int64) == IntegerType.get(64)
    # An argument of the same numpy type says which MLIR type it is (bf16 is float32).
    bf16 = FloatType.get("bf16")
    a = AbstractArray((2,), np.float32, bf16)
    assert (a * a).element == bf16
    assert (a < a).element == IntegerType.get(1)


def test_refined_type_keeps_the_element_type_and_checks_compatibility() -> None:
    x = AbstractArray((2, 3), np.float32)
    assert refined_type(UnrankedTensorType.get(F32), x) == RankedTensorType.get((2, 3), F32)
    assert refined_type(RankedTensorType.get((DYNAMIC, 3), F32), x) == RankedTensorType.get(
        (2, 3), F32
    )
    assert refined_type(RankedTensorType.get((DYNAMIC, 4), F32), x) is None
    assert refined_type(RankedTensorType.get((DYNAMIC,), F32), x) is None
    assert refined_type(I32, x) is None


@pytest.mark.parametrize(
    ("element", "values", "expected"),
    [
        (IntegerType.get(32), (1, -2, 3, 0x7FFFFFFF), np.array([1, -2, 3, 2**31 - 1], np.int32)),
        (IntegerType.get(1), (1, 0, 1, 1), np.array([True, False, True, True])),
        (IndexType.get(), (5, -1, 0, 7), np.array([5, -1, 0, 7], np.int64)),
        (
            IntegerType.get(8, Signedness.UNSIGNED),
            (255, 0, 1, 128),
            np.array([255, 0, 1, 128], np.uint8),
        ),
        (
            FloatType.get("f32"),
            tuple(int(v) for v in np.array([1.5, -2.0, 0.0, 3.25], np.float32).view(np.uint32)),
            np.array([1.5, -2.0, 0.0, 3.25], np.float32),
        ),
        (
            FloatType.get("f16"),
            tuple(int(v) for v in np.array([1.5, -2.0, 0.0, 3.25], np.float16).view(np.uint16)),
            np.array([1.5, -2.0, 0.0, 3.25], np.float16),
        ),
        (
            FloatType.get("bf16"),
            (0x3FC0, 0xC000, 0x0000, 0x4050),
            np.array([1.5, -2.0, 0.0, 3.25], np.float32),
        ),
    ],
)
def test_dense_values(element: Any, values: tuple[int, ...], expected: Any) -> None:
    attr = DenseElementsAttr.get(RankedTensorType.get((2, 2), element), values)
    got = dense(attr)
    assert got.dtype == element_dtype(element)
    assert got.shape == (2, 2)
    assert np.array_equal(got, expected.reshape(2, 2))
    splat = dense(DenseElementsAttr.get(RankedTensorType.get((3,), element), values[:1]))
    assert np.array_equal(splat, np.full((3,), expected[0]))


def test_elements_and_scalars_convert_both_ways() -> None:
    i8 = IntegerType.get(8)
    # Scalars are unsigned bit patterns; tensor elements of i8 are int8.
    assert to_element(0xFF, i8) == np.int8(-1)
    assert from_element(np.int8(-1), i8) == 0xFF
    assert from_element(np.float64(2.5), FloatType.get("f64")) == 2.5


def test_evaluator_uses_the_values_of_small_constants() -> None:
    import generated.arith.ops as arith
    import generated.tensor.ops as tensor

    block = Block()
    source = block.add_argument(RankedTensorType.get((2, 6), F32))
    shape_type = RankedTensorType.get((3,), IndexType.get())
    constant = block.append(arith.ConstantOp(value=DenseElementsAttr.get(shape_type, (3, 2, 2))))
    reshape = block.append(
        tensor.ReshapeOp(source, constant.results[0], result_type=UnrankedTensorType.get(F32))
    )
    (value,) = ShapeEvaluator().evaluate(reshape)
    assert value.shape == (3, 2, 2)
    unknown = block.add_argument(shape_type)
    other = block.append(tensor.ReshapeOp(source, unknown, result_type=UnrankedTensorType.get(F32)))
    with pytest.raises(CannotEvaluate, match="not known"):
        ShapeEvaluator().evaluate(other)


# -- builders -------------------------------------------------------------------------


def test_builders_infer_omitted_result_types_from_references() -> None:
    import generated.arith.ops as arith
    import generated.tensor.ops as tensor
    from generator.ir.attributes import ArrayAttr, IntegerAttr

    block = Block()
    a = block.add_argument(RankedTensorType.get((2, 3), F32))
    b = block.add_argument(RankedTensorType.get((5, 3), F32))
    concat = block.append(tensor.ConcatOp([a, b, a], dim=0))
    expected = np.concatenate([np.zeros((2, 3)), np.zeros((5, 3)), np.zeros((2, 3))]).shape
    assert concat.results[0].type == RankedTensorType.get(expected, F32)

    shape = block.append(
        arith.ConstantOp(
            value=DenseElementsAttr.get(RankedTensorType.get((3,), IndexType.get()), (3, 1, 9))
        )
    )
    reshape = block.append(tensor.ReshapeOp(concat.results[0], shape.results[0]))
    assert reshape.results[0].type == RankedTensorType.get((3, 1, 9), F32)

    i64 = IntegerType.get(64)
    groups = ArrayAttr.get(
        (
            ArrayAttr.get((IntegerAttr.get(i64, 0), IntegerAttr.get(i64, 1))),
            ArrayAttr.get((IntegerAttr.get(i64, 2),)),
        )
    )
    collapse = block.append(tensor.CollapseShapeOp(reshape.results[0], reassociation=groups))
    assert collapse.results[0].type == RankedTensorType.get((3, 9), F32)
    # A given type is taken as it is.
    given = RankedTensorType.get((DYNAMIC, 9), F32)
    kept = block.append(
        tensor.CollapseShapeOp(reshape.results[0], reassociation=groups, result_type=given)
    )
    assert kept.results[0].type == given


def test_builder_without_a_known_shape_asks_for_the_type() -> None:
    import generated.tensor.ops as tensor

    block = Block()
    a = block.add_argument(RankedTensorType.get((DYNAMIC, 3), F32))
    with pytest.raises(ValueError, match="give the result type"):
        tensor.ConcatOp([a, a], dim=0)
    source = block.add_argument(RankedTensorType.get((6,), F32))
    shape = block.add_argument(RankedTensorType.get((2,), IndexType.get()))
    with pytest.raises(ValueError, match="not known"):
        tensor.ReshapeOp(source, shape)


def test_builders_whose_reference_needs_the_result_type_ask_for_it() -> None:
    import inspect

    import generated.tensor.ops as tensor

    # tensor.empty's reference reads the result type: omitted, it cannot be inferred.
    with pytest.raises(ValueError, match="give the result type"):
        tensor.EmptyOp([])
    # A cast's result type is its point: its builder always takes it.
    parameter = inspect.signature(tensor.CastOp.__init__).parameters["dest_type"]
    assert parameter.default is inspect.Parameter.empty


def test_tf_and_tfl_builders_infer_result_types() -> None:
    import generated.tf.ops as tf
    import generated.tfl.ops as tfl

    block = Block()
    a = block.add_argument(RankedTensorType.get((4, 1, 3), F32))
    b = block.add_argument(RankedTensorType.get((2, 1), F32))
    m = block.add_argument(RankedTensorType.get((5, 3), F32))
    add = block.append(tf.AddOp(a, b))
    assert add.results[0].type == RankedTensorType.get((4, 2, 3), F32)
    less = block.append(tf.LessOp(a, b))
    assert less.results[0].type == RankedTensorType.get((4, 2, 3), IntegerType.get(1))
    shape = block.append(
        tf.ConstOp(
            value=DenseElementsAttr.get(RankedTensorType.get((2,), I32), (-1, 3)),
            output_type=RankedTensorType.get((2,), I32),
        )
    )
    flat = block.append(tf.ReshapeOp(add.results[0], shape.results[0]))
    assert flat.results[0].type == RankedTensorType.get((8, 3), F32)
    product = block.append(tf.MatMulOp(flat.results[0], m, transpose_b=True))
    assert product.results[0].type == RankedTensorType.get((8, 5), F32)
    fused = block.append(
        tfl.AddOp(product.results[0], product.results[0], fused_activation_function="RELU6")
    )
    assert fused.results[0].type == RankedTensorType.get((8, 5), F32)
    # tf.Cast's result element type is its result type's: omitted, it is not known.
    with pytest.raises(ValueError, match="give the result type"):
        tf.CastOp(a)
    with pytest.raises(ValueError, match="give the result type"):
        tf.MatMulOp(flat.results[0], m)  # [8, 3] x [5, 3]: the sizes do not match


def test_pass_needs_the_tensor_dialect_for_its_casts() -> None:
    from generator.ir.context import Context
    from generator.ir.parser import parse_source
    from generator.ir.printer import print_operation
    from generator.ir.shapes import infer_shapes
    from generator.ir.source import SourceFile

    ctx = Context(allow_unregistered_dialects=True)
    module = parse_source(SourceFile("t.mlir", '"test.op"() : () -> tensor<*xf32>\n'), ctx)
    before = print_operation(module)
    with pytest.raises(CannotEvaluate, match="needs the tensor dialect"):
        infer_shapes(module, ctx)
    assert print_operation(module) == before
