"""The `tf` and `tfl` ops' reference implementations against numpy on random inputs.

Each case is a one-op function on tensor arguments, executed by the interpreter (so
through the generated `reference` of the op's class), whose results are compared with
what numpy, or Python's integers for the integer cases, computes for the same inputs
written independently here: integer arithmetic wraps at the element's width, `Div`
of integers truncates and `FloorDiv` floors, comparisons give bools, and float
arithmetic is IEEE at the element type's width (numpy's, element by element).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from generated import context
from generator.ir import DiagnosticError, SourceFile, parse_module, verify
from generator.ir.interpreter import Interpreter, InterpreterError

RNG_SEED = 20261126
TRIALS = 4

_NP = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8,
       "i16": np.int16, "i32": np.int32, "i64": np.int64, "i1": np.bool_}  # fmt: skip


def _type(shape: tuple[int, ...], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _run(text: str, args: list[Any]) -> list[Any]:
    ctx = context(allow_unregistered_dialects=False)
    parsed = parse_module(SourceFile("case.mlir", text), ctx)
    verify(parsed.op, ctx)
    return Interpreter(parsed.op, lambda s: None).run("f", args)


def _random(rng: np.random.Generator, shape: tuple[int, ...], element: str) -> Any:
    dtype = _NP[element]
    if element == "i1":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if element.startswith("i"):
        info = np.iinfo(dtype)
        values = rng.integers(info.min, info.max, shape, dtype=np.int64, endpoint=True)
        # Edge values and small ones, where wrapping and rounding differ.
        pool = np.array([info.min, info.max, -1, 0, 1, 7, -7], dtype=np.int64)
        pick = rng.random(shape) < 0.3
        values = np.where(pick, rng.choice(pool, shape), values)
        small = rng.random(shape) < 0.3
        values = np.where(small, rng.integers(-20, 21, shape), values)
        return values.astype(dtype)
    values = rng.standard_normal(shape) * 10
    pool = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 0.5, 6.0])
    pick = rng.random(shape) < 0.2
    return np.where(pick, rng.choice(pool, shape), values).astype(dtype)


def _wrap(values: Any, element: str) -> Any:
    """Python integers (an object array) wrapped to the width of `element`."""
    bits = int(element[1:])
    wrapped = [
        ((int(v) + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for v in values.ravel()
    ]
    return np.array(wrapped, dtype=_NP[element]).reshape(values.shape)


def _pyint(a: Any, b: Any, fn: Callable[[int, int], int], element: str) -> Any:
    a, b = np.broadcast_arrays(a, b)
    out = np.array(
        [fn(int(x), int(y)) for x, y in zip(a.ravel(), b.ravel(), strict=True)], dtype=object
    )
    return _wrap(out.reshape(a.shape), element)


def _trunc_div(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def _same(got: Any, want: Any) -> None:
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if np.issubdtype(want.dtype, np.floating):
        both_nan = np.isnan(got) & np.isnan(want)
        same = (got == want) & (np.signbit(got) == np.signbit(want))
        assert np.all(both_nan | same), (got, want)
    else:
        assert np.array_equal(got, want), (got, want)


# (tf op, integer semantics in Python ints, float semantics in numpy)
BINARY: list[tuple[str, Callable[[int, int], int] | None, Callable[[Any, Any], Any]]] = [
    ("Add", lambda x, y: x + y, np.add),
    ("AddV2", lambda x, y: x + y, np.add),
    ("Sub", lambda x, y: x - y, np.subtract),
    ("Mul", lambda x, y: x * y, np.multiply),
    ("Div", _trunc_div, np.divide),
    ("FloorDiv", lambda x, y: x // y, np.floor_divide),
    ("FloorMod", lambda x, y: x % y, np.mod),
    ("TruncateDiv", _trunc_div, lambda a, b: np.trunc(a / b)),
    ("TruncateMod", lambda x, y: x - _trunc_div(x, y) * y, np.fmod),
    ("Maximum", max, np.maximum),
    ("Minimum", min, np.minimum),
    ("SquaredDifference", lambda x, y: (x - y) * (x - y), lambda a, b: (a - b) * (a - b)),
    ("RealDiv", None, np.divide),
]

SHAPES = [((2, 3), (2, 3)), ((2, 3), (3,)), ((4, 1), (1, 5)), ((), (3,)), ((2, 1, 3), (2, 3))]


def _broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(np.broadcast_shapes(a, b))


_BINARY_CASES = [
    (op, i, f, el)
    for op, i, f in BINARY
    for el in ("i8", "i32", "i64", "f16", "f32", "f64")
    if i is not None or el.startswith("f")
]


@pytest.mark.parametrize(
    ("op", "int_fn", "float_fn", "element"),
    _BINARY_CASES,
    ids=[f"{c[0]}-{c[3]}" for c in _BINARY_CASES],
)
def test_binary_op_matches_numpy(
    op: str,
    int_fn: Callable[[int, int], int] | None,
    float_fn: Callable[[Any, Any], Any],
    element: str,
) -> None:
    is_int = element.startswith("i")
    rng = np.random.default_rng(RNG_SEED)
    for xs, ys in SHAPES:
        zs = _broadcast_shape(xs, ys)
        text = (
            f"func.func @f(%x: {_type(xs, element)}, %y: {_type(ys, element)}) -> {_type(zs, element)} {{\n"
            f'  %z = "tf.{op}"(%x, %y) : ({_type(xs, element)}, {_type(ys, element)}) -> {_type(zs, element)}\n'
            f"  return %z : {_type(zs, element)}\n}}\n"
        )
        for _ in range(TRIALS):
            x, y = _random(rng, xs, element), _random(rng, ys, element)
            if is_int and op in ("Div", "FloorDiv", "FloorMod", "TruncateDiv", "TruncateMod"):
                y = np.where(y == 0, 3, y).astype(y.dtype)
            if is_int:
                want = _pyint(x, y, int_fn, element)  # type: ignore[arg-type]
            else:
                with np.errstate(all="ignore"):
                    want = np.asarray(float_fn(*np.broadcast_arrays(x, y))).astype(x.dtype)
            (got,) = _run(text, [x, y])
            _same(got, want)


def test_integer_division_by_zero_is_an_error() -> None:
    text = (
        "func.func @f(%x: tensor<2xi32>, %y: tensor<2xi32>) -> tensor<2xi32> {\n"
        '  %z = "tf.FloorDiv"(%x, %y) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>\n'
        "  return %z : tensor<2xi32>\n}\n"
    )
    with pytest.raises(InterpreterError, match="integer division by zero"):
        _run(text, [np.array([1, 2], np.int32), np.array([1, 0], np.int32)])


def test_shapes_that_do_not_broadcast_are_an_error() -> None:
    """At run time (dynamic shapes); static ones the verifier rejects (below)."""
    text = (
        "func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<*xf32> {\n"
        '  %z = "tf.Add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>\n'
        "  return %z : tensor<*xf32>\n}\n"
    )
    with pytest.raises(InterpreterError, match=r"incompatible shapes: \[2\] vs. \[3\]"):
        _run(text, [np.zeros(2, np.float32), np.zeros(3, np.float32)])


COMPARE = [
    ("Less", np.less), ("LessEqual", np.less_equal), ("Greater", np.greater),
    ("GreaterEqual", np.greater_equal), ("Equal", np.equal), ("NotEqual", np.not_equal),
]  # fmt: skip


@pytest.mark.parametrize("element", ["i32", "f32", "f64"])
@pytest.mark.parametrize(("op", "fn"), COMPARE, ids=[c[0] for c in COMPARE])
def test_comparison_matches_numpy(op: str, fn: Callable[[Any, Any], Any], element: str) -> None:
    rng = np.random.default_rng(RNG_SEED)
    for xs, ys in SHAPES:
        zs = _broadcast_shape(xs, ys)
        text = (
            f"func.func @f(%x: {_type(xs, element)}, %y: {_type(ys, element)}) -> {_type(zs, 'i1')} {{\n"
            f'  %z = "tf.{op}"(%x, %y) : ({_type(xs, element)}, {_type(ys, element)}) -> {_type(zs, "i1")}\n'
            f"  return %z : {_type(zs, 'i1')}\n}}\n"
        )
        for _ in range(TRIALS):
            x, y = _random(rng, xs, element), _random(rng, ys, element)
            # Equal elements too, where `<` and `<=` differ.
            y = np.where(rng.random(ys) < 0.3, x.reshape(-1)[0], y).astype(y.dtype)
            want = np.array(
                [
                    bool(fn(a, b))
                    for a, b in zip(*(v.ravel() for v in np.broadcast_arrays(x, y)), strict=True)
                ],
                dtype=np.bool_,
            ).reshape(zs)
            (got,) = _run(text, [x, y])
            _same(got, want)


def test_equal_with_incompatible_shapes_allowed_is_a_scalar() -> None:
    text = (
        "func.func @f(%x: tensor<2xi32>, %y: tensor<3xi32>) -> (tensor<*xi1>, tensor<*xi1>) {\n"
        '  %e = "tf.Equal"(%x, %y) {incompatible_shape_error = false} : (tensor<2xi32>, tensor<3xi32>) -> tensor<*xi1>\n'
        '  %n = "tf.NotEqual"(%x, %y) {incompatible_shape_error = false} : (tensor<2xi32>, tensor<3xi32>) -> tensor<*xi1>\n'
        "  return %e, %n : tensor<*xi1>, tensor<*xi1>\n}\n"
    )
    got = _run(text, [np.zeros(2, np.int32), np.zeros(3, np.int32)])
    _same(got[0], np.array(False))
    _same(got[1], np.array(True))


# (tf op, element types, integer semantics in Python ints, float semantics in numpy)
UNARY: list[tuple[str, list[str], Callable[[int], int] | None, Callable[[Any], Any]]] = [
    ("Neg", ["i32", "f32", "f64"], lambda v: -v, np.negative),
    ("Abs", ["i8", "i32", "f32"], abs, np.abs),
    ("Square", ["i16", "f16", "f32"], lambda v: v * v, np.square),
    ("Sign", ["i32", "f32"], lambda v: (v > 0) - (v < 0), np.sign),
    # Eigen's max(x, 0) and min(x, 6): x where x is not below 0 (NaN and -0 kept).
    ("Relu", ["i32", "f32"], lambda v: max(v, 0), lambda a: np.where(a < 0, 0.0, a)),
    ("Relu6", ["i32", "f16", "f32"], lambda v: min(max(v, 0), 6),
     lambda a: np.where(a < 0, 0.0, np.where(a > 6, 6.0, a))),
    ("Sqrt", ["f16", "f32", "f64"], None, np.sqrt),
    ("Floor", ["f32", "f64"], None, np.floor),
    ("Ceil", ["f32"], None, np.ceil),
    ("Round", ["f32", "f64"], None, np.round),
    ("Exp", ["f32", "f64"], None, np.exp),
    ("Log", ["f32", "f64"], None, np.log),
    ("Sin", ["f32", "f64"], None, np.sin),
    ("Cos", ["f64"], None, np.cos),
    ("Tanh", ["f64"], None, np.tanh),
    ("Acos", ["f64"], None, np.arccos),
    ("Acosh", ["f64"], None, np.arccosh),
]  # fmt: skip

#: Not correctly rounded (numpy's and C's functions differ by an ulp): within 2 ulps.
_APPROXIMATE = frozenset({"Exp", "Log", "Sin", "Cos", "Tanh", "Acos", "Acosh"})


@pytest.mark.parametrize(
    ("op", "element", "int_fn", "float_fn"),
    [(op, el, i, f) for op, els, i, f in UNARY for el in els],
    ids=[f"{op}-{el}" for op, els, _, _ in UNARY for el in els],
)
def test_unary_op_matches_numpy(
    op: str, element: str, int_fn: Callable[[int], int] | None, float_fn: Callable[[Any], Any]
) -> None:
    rng = np.random.default_rng(RNG_SEED)
    for shape in [(), (5,), (2, 3)]:
        t = _type(shape, element)
        text = f'func.func @f(%x: {t}) -> {t} {{\n  %y = "tf.{op}"(%x) : ({t}) -> {t}\n  return %y : {t}\n}}\n'
        for _ in range(TRIALS):
            x = _random(rng, shape, element)
            (got,) = _run(text, [x])
            if int_fn is not None and element.startswith("i"):
                ints = np.array([int_fn(int(v)) for v in x.ravel()], dtype=object)
                _same(got, _wrap(ints.reshape(shape), element))
                continue
            # In f64, then rounded once to the element type: the same result for the
            # correctly rounded ops, since f64 holds their exact f16/f32 results.
            with np.errstate(all="ignore"):
                want = np.asarray(float_fn(x.astype(np.float64))).astype(x.dtype)
            if op not in _APPROXIMATE:
                _same(got, want)
                continue
            got = np.asarray(got)
            assert got.dtype == want.dtype
            assert got.shape == want.shape
            eps = float(np.finfo(x.dtype).eps)
            close = np.isclose(got, want, rtol=2 * eps, atol=0) | (got == want)
            assert np.all(close | (np.isnan(got) & np.isnan(want))), (op, x, got, want)


def test_leaky_relu_tf_and_tfl() -> None:
    rng = np.random.default_rng(RNG_SEED)
    t = "tensor<3x4xf32>"
    text = (
        f"func.func @f(%x: {t}) -> ({t}, {t}) {{\n"
        f'  %a = "tf.LeakyRelu"(%x) {{alpha = 0.1 : f32}} : ({t}) -> {t}\n'
        f'  %b = "tfl.leaky_relu"(%x) {{alpha = 0.25 : f32}} : ({t}) -> {t}\n'
        f"  return %a, %b : {t}, {t}\n}}\n"
    )
    x = _random(rng, (3, 4), "f32")
    a, b = _run(text, [x])
    with np.errstate(all="ignore"):
        _same(a, np.where(x > 0, x, x * np.float32(0.1)))
        _same(b, np.where(x >= 0, x, x * np.float32(0.25)))


@pytest.mark.parametrize("activation", ["NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH"])
@pytest.mark.parametrize(
    ("op", "fn"), [("add", np.add), ("sub", np.subtract), ("mul", np.multiply)]
)
def test_tfl_binary_with_fused_activation(
    op: str, fn: Callable[[Any, Any], Any], activation: str
) -> None:
    rng = np.random.default_rng(RNG_SEED)
    t = "tensor<4x3xf32>"
    text = (
        f"func.func @f(%x: {t}, %y: {t}) -> {t} {{\n"
        f'  %z = tfl.{op} %x, %y {{fused_activation_function = "{activation}"}} : {t}\n'
        f"  return %z : {t}\n}}\n"
    )
    for _ in range(TRIALS):
        x, y = _random(rng, (4, 3), "f32"), _random(rng, (4, 3), "f32")
        with np.errstate(all="ignore"):
            z = fn(x, y)
            want = {
                "NONE": z,
                "RELU": np.where(z < 0, np.float32(0), z),
                "RELU_N1_TO_1": np.where(z < -1, np.float32(-1), np.where(z > 1, np.float32(1), z)),
                "RELU6": np.where(z < 0, np.float32(0), np.where(z > 6, np.float32(6), z)),
                "TANH": np.tanh(z),
            }[activation]
        (got,) = _run(text, [x, y])
        _same(got, want.astype(np.float32))


def test_tfl_sign_bit_activation_is_an_error() -> None:
    t = "tensor<2xf32>"
    text = (
        f"func.func @f(%x: {t}) -> {t} {{\n"
        f'  %z = tfl.add %x, %x {{fused_activation_function = "SIGN_BIT"}} : {t}\n'
        f"  return %z : {t}\n}}\n"
    )
    with pytest.raises(InterpreterError, match="SIGN_BIT is not defined"):
        _run(text, [np.zeros(2, np.float32)])


def test_tfl_relu_relu6_not_equal_and_const() -> None:
    rng = np.random.default_rng(RNG_SEED)
    t, b = "tensor<6xf32>", "tensor<6xi1>"
    text = (
        f"func.func @f(%x: {t}, %y: {t}) -> ({t}, {t}, {b}, {t}) {{\n"
        f'  %r = "tfl.relu"(%x) : ({t}) -> {t}\n'
        f'  %s = "tfl.relu6"(%x) : ({t}) -> {t}\n'
        f'  %n = "tfl.not_equal"(%x, %y) : ({t}, {t}) -> {b}\n'
        f'  %c = "tfl.pseudo_const"() {{value = dense<[1.5, -2.0, 0.0, 3.25, 1.0e+10, -0.0]> : {t}}} : () -> {t}\n'
        f"  return %r, %s, %n, %c : {t}, {t}, {b}, {t}\n}}\n"
    )
    x, y = _random(rng, (6,), "f32"), _random(rng, (6,), "f32")
    y[:2] = x[:2]
    r, s, n, c = _run(text, [x, y])
    with np.errstate(all="ignore"):
        _same(r, np.where(x < 0, np.float32(0), x))
        _same(s, np.where(x < 0, np.float32(0), np.where(x > 6, np.float32(6), x)))
    _same(n, np.array([bool(a != b_) for a, b_ in zip(x, y, strict=True)]))
    _same(c, np.array([1.5, -2.0, 0.0, 3.25, 1.0e10, -0.0], np.float32))


@pytest.mark.parametrize(
    ("attr", "shape", "element", "want"),
    [
        ("dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>", (2, 2), "i32", [[1, -2], [3, 4]]),
        ("dense<-128> : tensor<3xi8>", (3,), "i8", [-128, -128, -128]),
        ("dense<[true, false]> : tensor<2xi1>", (2,), "i1", [True, False]),
        ("dense<2.5> : tensor<f64>", (), "f64", 2.5),
        ("dense<[0.1, 65504.0]> : tensor<2xf16>", (2,), "f16", [0.1, 65504.0]),
    ],
)
def test_const(attr: str, shape: tuple[int, ...], element: str, want: Any) -> None:
    t = _type(shape, element)
    text = f'func.func @f() -> {t} {{\n  %c = "tf.Const"() {{value = {attr}}} : () -> {t}\n  return %c : {t}\n}}\n'
    (got,) = _run(text, [])
    _same(got, np.array(want, dtype=_NP[element]))


def test_identity_shape_reshape_matmul_bias_add_select_cast() -> None:
    rng = np.random.default_rng(RNG_SEED)
    text = """\
func.func @f(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>, %bias: tensor<5xf32>, %c: tensor<3x5xi1>, %shape: tensor<2xi64>)
    -> (tensor<3x4xf32>, tensor<2xi32>, tensor<*xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x4xi32>) {
  %i = "tf.Identity"(%a) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %s = "tf.Shape"(%a) : (tensor<3x4xf32>) -> tensor<2xi32>
  %r = "tf.Reshape"(%a, %shape) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<*xf32>
  %m = "tf.MatMul"(%a, %b) {transpose_b = true} : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
  %ba = "tf.BiasAdd"(%m, %bias) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  %sel = "tf.SelectV2"(%c, %m, %ba) : (tensor<3x5xi1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %cast = "tf.Cast"(%a) : (tensor<3x4xf32>) -> tensor<3x4xi32>
  return %i, %s, %r, %m, %ba, %sel, %cast : tensor<3x4xf32>, tensor<2xi32>, tensor<*xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x4xi32>
}
"""
    a = rng.standard_normal((3, 4)).astype(np.float32) * 5
    b = rng.standard_normal((5, 4)).astype(np.float32)
    bias = rng.standard_normal(5).astype(np.float32)
    c = rng.random((3, 5)) < 0.5
    i, s, r, m, ba, sel, cast = _run(text, [a, b, bias, c, np.array([2, -1], np.int64)])
    _same(i, a)
    _same(s, np.array([3, 4], np.int32))
    _same(r, a.reshape(2, 6))
    want_m = np.array(
        [
            [np.float32(sum(float(a[p, k]) * float(b[q, k]) for k in range(4))) for q in range(5)]
            for p in range(3)
        ]
    )
    assert np.allclose(m, want_m, rtol=1e-5, atol=1e-5)
    _same(ba, m + bias[None, :])
    _same(sel, np.where(c, m, ba))
    _same(cast, np.array([[int(v) for v in row] for row in a], np.int32))


def test_reshape_to_another_size_is_an_error() -> None:
    text = (
        "func.func @f(%x: tensor<6xf32>, %s: tensor<2xi32>) -> tensor<*xf32> {\n"
        '  %r = "tf.Reshape"(%x, %s) : (tensor<6xf32>, tensor<2xi32>) -> tensor<*xf32>\n'
        "  return %r : tensor<*xf32>\n}\n"
    )
    with pytest.raises(InterpreterError, match="cannot reshape a tensor of 6 elements"):
        _run(text, [np.zeros(6, np.float32), np.array([4, -1], np.int32)])


def test_logical_ops() -> None:
    rng = np.random.default_rng(RNG_SEED)
    t = "tensor<8xi1>"
    text = (
        f"func.func @f(%x: {t}, %y: {t}) -> ({t}, {t}, {t}) {{\n"
        f'  %a = "tf.LogicalAnd"(%x, %y) : ({t}, {t}) -> {t}\n'
        f'  %o = "tf.LogicalOr"(%x, %y) : ({t}, {t}) -> {t}\n'
        f'  %n = "tf.LogicalNot"(%x) : ({t}) -> {t}\n'
        f"  return %a, %o, %n : {t}, {t}, {t}\n}}\n"
    )
    x, y = _random(rng, (8,), "i1"), _random(rng, (8,), "i1")
    a, o, n = _run(text, [x, y])
    _same(a, np.array([p and q for p, q in zip(x, y, strict=True)]))
    _same(o, np.array([p or q for p, q in zip(x, y, strict=True)]))
    _same(n, np.array([not p for p in x]))


def test_bf16_add_rounds_once_to_bf16() -> None:
    t = "tensor<3xbf16>"
    text = (
        f"func.func @f() -> {t} {{\n"
        f'  %x = "tf.Const"() {{value = dense<[1.0, 256.0, 3.0]> : {t}}} : () -> {t}\n'
        f'  %y = "tf.Const"() {{value = dense<[0.00390625, 1.0, 0.0078125]> : {t}}} : () -> {t}\n'
        f'  %z = "tf.AddV2"(%x, %y) : ({t}, {t}) -> {t}\n'
        f"  return %z : {t}\n}}\n"
    )
    (got,) = _run(text, [])
    # bf16 keeps 8 significant bits: 1 + 2**-8 ties to 1, 256 + 1 ties to 256 (even),
    # 3 + 2**-7 rounds to 3 (the nearest bf16 values are 3 and 3.015625).
    _same(got, np.array([1.0, 256.0, 3.0], np.float32))


def test_cast_narrowing_floats() -> None:
    rng = np.random.default_rng(RNG_SEED)
    text = (
        "func.func @f(%x: tensor<6xf64>) -> (tensor<6xf32>, tensor<6xf16>) {\n"
        '  %a = "tf.Cast"(%x) : (tensor<6xf64>) -> tensor<6xf32>\n'
        '  %b = "tf.Cast"(%x) : (tensor<6xf64>) -> tensor<6xf16>\n'
        "  return %a, %b : tensor<6xf32>, tensor<6xf16>\n}\n"
    )
    x = rng.standard_normal(6) * 1000
    a, b = _run(text, [x])
    _same(a, x.astype(np.float32))
    _same(b, x.astype(np.float16))
    truncating = text.replace('"tf.Cast"(%x) :', '"tf.Cast"(%x) {Truncate = true} :')
    with pytest.raises(InterpreterError, match="Truncate = true"):
        _run(truncating, [x])


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (
            '"tf.Add"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
            "operands don't have broadcast-compatible shapes",
        ),
        (
            # MLIR compares the result's trailing dimensions with the broadcast shape,
            # so a `3x2` result of `2` operands passes this check.
            '"tf.Sub"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>',
            "result type '3' not broadcast compatible with broadcasted operands's shapes '2'",
        ),
        (
            '"tf.Mul"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>',
            "requires the same element type for all operands and results",
        ),
        (
            '"tf.BiasAdd"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
            "requires value operand to have rank at least two with `NHWC` data format",
        ),
        (
            '"tf.BiasAdd"(%m, %x) : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>',
            "requires channel dimension and feature dimension to match; found 3 and 2",
        ),
        (
            '"tf.BiasAdd"(%m, %y) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<3xf32>',
            "requires the output to have the shape of the value operand",
        ),
        (
            '"tf.Const"() <{value = dense<1.0> : tensor<2xf16>}> : () -> tensor<2xf32>',
            "inferred type(s) 'tensor<2xf16>' are incompatible with return type(s) of operation",
        ),
    ],
)
def test_operand_and_result_types_are_verified(op: str, message: str) -> None:
    """What TensorFlow's kernels need of the operands' and results' types (one
    element type `T`, broadcast shapes, a 1-D bias along the channels) is verified,
    so a pattern rewriting these ops is never given an op they do not define."""
    text = (
        "func.func @f(%x: tensor<2xf32>, %y: tensor<3xf32>, %m: tensor<4x3xf32>) {\n"
        f"  %z = {op}\n"
        "  return\n}\n"
    )
    ctx = context(allow_unregistered_dialects=False)
    parsed = parse_module(SourceFile("case.mlir", text), ctx)
    with pytest.raises(DiagnosticError) as raised:
        verify(parsed.op, ctx)
    assert message in str(raised.value.diagnostics[0].message)
