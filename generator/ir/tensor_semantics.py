"""The semantics of TensorFlow's tensor ops, which the `tf` and `tfl` references call.

A tensor's run-time value is a numpy array of the element type's numpy type
(`tensor_dtype`): `bool` for `i1`, the signed integers for the signless and signed
integer types (TensorFlow's integers are signed), the unsigned ones for `ui8`..`ui64`,
`float16`, `float32` and `float64`, and `float32` holding bf16 values for `bf16`. A
rank-0 tensor is a 0-d array. Arithmetic is numpy's, which is TensorFlow's: IEEE at
the element type's width, rounded to nearest (bf16 computed in f32 and rounded once to
bf16), integers wrapping in two's complement; broadcasting is numpy's, which
TensorFlow's binary ops follow. Where TensorFlow reports an error (integer division by
zero, shapes that do not broadcast, a reshape to another number of elements) these
functions raise `SemanticsError`, which the interpreter reports at the op.

A reference computes its result in numpy and gives it the result type's element type
with `result`, which also checks the shape against a static result type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from generator.ir.attributes import DenseElement, DenseElementsAttr, FloatAttr
from generator.ir.semantics import SemanticsError
from generator.ir.shapes import AbstractArray, abstract_result
from generator.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    ShapedType,
    Signedness,
    Type,
    UnrankedTensorType,
)

__all__ = [
    "activation",
    "bias_add",
    "binary",
    "cast",
    "compare",
    "constant",
    "element_type",
    "identity",
    "leaky_relu",
    "logical",
    "matmul",
    "relu",
    "relu6",
    "reshape",
    "result",
    "select",
    "shape_of",
    "static_type",
    "tensor_dtype",
    "to_attr",
    "unary",
]


def element_type(type_: Type) -> Type:
    """The element type of a tensor type; a scalar type itself."""
    if isinstance(type_, ShapedType):
        return type_.element_type
    return type_


def tensor_dtype(type_: Type) -> Any:
    """The numpy type of the elements of a tensor of type `type_` (or of a scalar)."""
    element = element_type(type_)
    if isinstance(element, IntegerType):
        bits = element.width
        if bits == 1:
            return np.bool_
        if bits in (8, 16, 32, 64):
            if element.signedness == Signedness.UNSIGNED:
                return np.dtype(f"uint{bits}").type
            return np.dtype(f"int{bits}").type
    elif isinstance(element, IndexType):
        return np.int64
    elif isinstance(element, FloatType):
        name = element.name
        if name == "f16":
            return np.float16
        if name in ("f32", "bf16"):
            return np.float32
        if name == "f64":
            return np.float64
    raise SemanticsError(f"tensors of '{element}' have no run-time value here")


def _is_bf16(type_: Type) -> bool:
    element = element_type(type_)
    return isinstance(element, FloatType) and element.name == "bf16"


def _round_bf16(values: Any) -> Any:
    """float32 values rounded to the nearest bf16 (ties to even), NaN kept a NaN."""
    array = np.asarray(values, dtype=np.float32)
    bits = array.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    nan = np.isnan(array)
    rounded = np.where(nan, (bits | 0x400000) & 0xFFFF0000, rounded)
    return rounded.astype(np.uint32).view(np.float32).reshape(array.shape)


def _shape_text(shape: Sequence[int]) -> str:
    return "x".join(str(d) for d in shape) if shape else "scalar"


def result(value: Any, type_: Type) -> Any:
    """`value` as a run-time value of `type_`: a numpy array of its element type (bf16
    rounded), whose shape must be the type's where the type gives it."""
    if isinstance(value, AbstractArray):
        # Shape inference (generator.ir.shapes): no data to convert.
        return abstract_result(value, type_)
    dtype = tensor_dtype(type_)
    array = np.asarray(value)
    if array.dtype != dtype:
        array = array.astype(dtype)
    if _is_bf16(type_):
        array = _round_bf16(array)
    if isinstance(type_, RankedTensorType):
        shape = type_.shape
        if len(shape) != array.ndim or any(
            d != DYNAMIC and d != n for d, n in zip(shape, array.shape, strict=True)
        ):
            raise SemanticsError(
                f"result of shape {_shape_text(array.shape)} does not match its type {type_}"
            )
    elif not isinstance(type_, UnrankedTensorType) and array.ndim != 0:
        # A scalar type: TensorFlow's scalars are rank-0 tensors.
        raise SemanticsError(
            f"result of shape {_shape_text(array.shape)} does not match its type {type_}"
        )
    return array


def _array(value: Any, what: str = "operand") -> Any:
    if isinstance(value, np.ndarray | AbstractArray):
        return value
    if isinstance(value, np.generic | bool | int | float):
        return np.asarray(value)
    raise SemanticsError(f"{what} is not a tensor value: {value!r}")


def constant(attr: Any, type_: Type) -> Any:
    """The tensor an elements attribute holds, as a run-time value of `type_`."""
    if not isinstance(attr, DenseElementsAttr):
        raise SemanticsError(f"constant {attr} is not a dense elements attribute")
    attr_type = attr.type
    if attr.is_complex:
        raise SemanticsError("complex tensors have no run-time value here")
    dtype = tensor_dtype(attr_type)
    element = attr_type.element_type
    raw = [int(v) for v in attr.values]  # type: ignore[arg-type]
    if isinstance(element, FloatType):
        bits = {"f16": np.uint16, "bf16": np.uint16, "f32": np.uint32, "f64": np.uint64}
        storage = bits.get(element.name)
        if storage is None:
            raise SemanticsError(f"tensors of '{element}' have no run-time value here")
        pattern = np.array([int(v) for v in raw], dtype=storage)
        if element.name == "bf16":
            values = (pattern.astype(np.uint32) << 16).view(np.float32)
        else:
            values = pattern.view(dtype)
    elif dtype is np.bool_:
        values = np.array([int(v) & 1 for v in raw], dtype=np.bool_)
    else:
        bits_ = np.dtype(dtype).itemsize * 8
        mask = (1 << bits_) - 1
        values = np.array([int(v) & mask for v in raw], dtype=f"uint{bits_}").view(dtype)
    shape = tuple(attr_type.shape)
    if attr.is_splat:
        array = np.full(shape, values[0] if len(values) else 0, dtype=dtype)
    else:
        array = values.reshape(shape)
    return result(array, type_)


def to_attr(value: Any, type_: Type) -> DenseElementsAttr:
    """The elements attribute of type `type_` (a ranked tensor type, static) holding a
    run-time tensor value (to print results)."""
    if not isinstance(type_, RankedTensorType):
        raise SemanticsError(f"'{type_}' is not a ranked tensor type")
    array = _array(value)
    element = type_.element_type
    if isinstance(element, FloatType):
        if element.name == "bf16":
            raw = (np.asarray(array, dtype=np.float32).view(np.uint32) >> 16).ravel()
        else:
            raw = np.asarray(array, dtype=tensor_dtype(element)).ravel()
            raw = raw.view(f"uint{raw.dtype.itemsize * 8}")
        values: tuple[DenseElement, ...] = tuple(int(v) for v in raw)
    elif isinstance(element, IntegerType) and element.width == 1:
        values = tuple(1 if v else 0 for v in np.asarray(array).ravel())
    else:
        values = tuple(int(v) for v in np.asarray(array).ravel())
    return DenseElementsAttr.get(type_, values)


def static_type(value: Any, type_: Type) -> RankedTensorType:
    """The static ranked tensor type of the run-time value `value` of type `type_` (a
    tensor type, or a scalar type whose values are rank-0 tensors)."""
    return RankedTensorType.get(tuple(_array(value).shape), element_type(type_))


def identity(x: Any, type_: Type) -> Any:
    """The operand, as a value of the result type."""
    return result(_array(x), type_)


# ---------------------------------------------------------------------------
# Element-wise ops
# ---------------------------------------------------------------------------


def _broadcast(x: Any, y: Any) -> tuple[Any, Any]:
    a, b = _array(x), _array(y)
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise SemanticsError(
            f"incompatible shapes: [{','.join(map(str, a.shape))}] "
            f"vs. [{','.join(map(str, b.shape))}]"
        ) from None
    return a, b


def _int_divisor(b: Any) -> None:
    if isinstance(b, AbstractArray):
        return  # an error of values, which shapes do not depend on
    if np.issubdtype(b.dtype, np.integer) and np.any(b == 0):
        raise SemanticsError("integer division by zero")


def _truncate_div(a: Any, b: Any) -> Any:
    if np.issubdtype(a.dtype, np.integer):
        _int_divisor(b)
        quotient = np.floor_divide(a, b)
        # floor rounds down; truncation rounds toward zero, one more where the signs
        # differ and the division is inexact.
        fix = (np.remainder(a, b) != 0) & ((a < 0) != (b < 0))
        return quotient + fix.astype(quotient.dtype)
    return np.trunc(np.true_divide(a, b))


def _divide(a: Any, b: Any) -> Any:
    if np.issubdtype(a.dtype, np.integer):
        return _truncate_div(a, b)
    return np.true_divide(a, b)


def _floor_div(a: Any, b: Any) -> Any:
    if np.issubdtype(a.dtype, np.integer):
        _int_divisor(b)
    return np.floor_divide(a, b)


def _floor_mod(a: Any, b: Any) -> Any:
    if np.issubdtype(a.dtype, np.integer):
        _int_divisor(b)
    return np.remainder(a, b)


def _truncate_mod(a: Any, b: Any) -> Any:
    if np.issubdtype(a.dtype, np.integer):
        _int_divisor(b)
    return np.fmod(a, b)


def _squared_difference(a: Any, b: Any) -> Any:
    d = np.subtract(a, b)
    return np.multiply(d, d)


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": _divide,
    "real_div": np.true_divide,
    "floor_div": _floor_div,
    "floor_mod": _floor_mod,
    "truncate_div": _truncate_div,
    "truncate_mod": _truncate_mod,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "squared_difference": _squared_difference,
    "pow": np.power,
}


def _same_dtype(a: Any, b: Any, name: str) -> None:
    if a.dtype != b.dtype:
        raise SemanticsError(f"'{name}' of {a.dtype} and {b.dtype} tensors")


def binary(name: str, x: Any, y: Any, type_: Type) -> Any:
    """The element-wise binary op `name` (`add`, `sub`, `mul`, `div`, `real_div`,
    `floor_div`, `floor_mod`, `truncate_div`, `truncate_mod`, `maximum`, `minimum`,
    `squared_difference`, `pow`) of `x` and `y` broadcast together, of type `type_`.
    Integers wrap; `div` of integers truncates toward zero, `floor_div` rounds down
    and `floor_mod` takes the divisor's sign, and an integer division by zero is an
    error, as in TensorFlow."""
    a, b = _broadcast(x, y)
    _same_dtype(a, b, name)
    if name == "pow" and np.issubdtype(a.dtype, np.integer) and np.any(b < 0):
        raise SemanticsError("integers to negative integer powers are not allowed")
    fn = _BINARY.get(name)
    if fn is None:
        raise SemanticsError(f"unknown binary op '{name}'")
    if _is_bf16(type_):
        # Computed in f32 and rounded once to bf16.
        return result(fn(a.astype(np.float32), b.astype(np.float32)), type_)
    return result(fn(a, b), type_)


_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "equal": np.equal,
    "not_equal": np.not_equal,
    "less": np.less,
    "less_equal": np.less_equal,
    "greater": np.greater,
    "greater_equal": np.greater_equal,
}


def compare(name: str, x: Any, y: Any, type_: Type, incompatible_shape_error: bool = True) -> Any:
    """The element-wise comparison `name` (`equal`, `not_equal`, `less`, `less_equal`,
    `greater`, `greater_equal`) of `x` and `y` broadcast together: a bool tensor.
    NaN compares unequal to everything, itself included. Shapes that do not broadcast
    are an error, or, for `equal` and `not_equal` without `incompatible_shape_error`,
    give a scalar: false for `equal`, true for `not_equal` (TensorFlow's rule)."""
    if not incompatible_shape_error and name in ("equal", "not_equal"):
        try:
            np.broadcast_shapes(_array(x).shape, _array(y).shape)
        except ValueError:
            return result(np.array(name == "not_equal"), type_)
    a, b = _broadcast(x, y)
    _same_dtype(a, b, name)
    return result(_COMPARE[name](a, b), type_)


def logical(name: str, x: Any, y: Any, type_: Type) -> Any:
    """`and` or `or` of bool tensors broadcast together."""
    a, b = _broadcast(x, y)
    fn = np.logical_and if name == "and" else np.logical_or
    return result(fn(a, b), type_)


def _sigmoid(a: Any) -> Any:
    return np.reciprocal(np.add(np.exp(np.negative(a)), a.dtype.type(1)))


def _rsqrt(a: Any) -> Any:
    return np.reciprocal(np.sqrt(a))


def _sign(a: Any) -> Any:
    return np.sign(a)


def _logical_not(a: Any) -> Any:
    return np.logical_not(a)


_UNARY: dict[str, Callable[[Any], Any]] = {
    "neg": np.negative,
    "abs": np.abs,
    "square": np.square,
    "sqrt": np.sqrt,
    "rsqrt": _rsqrt,
    "exp": np.exp,
    "log": np.log,
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "tanh": np.tanh,
    "acos": np.arccos,
    "acosh": np.arccosh,
    "asin": np.arcsin,
    "atan": np.arctan,
    "sigmoid": _sigmoid,
    "floor": np.floor,
    "ceil": np.ceil,
    "round": np.rint,
    "sign": _sign,
    "reciprocal": np.reciprocal,
    "logical_not": _logical_not,
}

#: The unary ops defined on floats only: TensorFlow's kernels take no integers.
_FLOAT_ONLY = frozenset(
    {
        "sqrt",
        "rsqrt",
        "exp",
        "log",
        "sin",
        "cos",
        "tan",
        "tanh",
        "acos",
        "acosh",
        "asin",
        "atan",
        "sigmoid",
        "floor",
        "ceil",
        "round",
    }
)


def unary(name: str, x: Any, type_: Type) -> Any:
    """The element-wise unary op `name` of `x` (`neg`, `abs`, `square`, `sqrt`, `rsqrt`,
    `exp`, `log`, `sin`, `cos`, `tan`, `tanh`, `acos`, `acosh`, `asin`, `atan`,
    `sigmoid`, `floor`, `ceil`, `round` (half to even), `sign`, `reciprocal`,
    `logical_not`): IEEE arithmetic at the type's width, numpy's functions for the
    transcendental ones; integer `neg` and `abs` wrap (`abs(MIN)` is MIN)."""
    a = _array(x)
    fn = _UNARY.get(name)
    if fn is None:
        raise SemanticsError(f"unknown unary op '{name}'")
    if name in _FLOAT_ONLY and not np.issubdtype(a.dtype, np.floating):
        raise SemanticsError(f"'{name}' of a {a.dtype} tensor")
    if name == "reciprocal" and np.issubdtype(a.dtype, np.integer):
        _int_divisor(a)
        return result(_truncate_div(np.ones_like(a), a), type_)
    if _is_bf16(type_):
        return result(fn(a.astype(np.float32)), type_)
    return result(fn(a), type_)


def _clamp_below(a: Any, low: Any) -> Any:
    """`low` where `a < low`, else `a` (C++'s `std::max(a, low)`: NaN and -0 kept)."""
    return np.where(a < low, low, a)


def _clamp_above(a: Any, high: Any) -> Any:
    """`high` where `a > high`, else `a` (C++'s `std::min(a, high)`)."""
    return np.where(a > high, high, a)


def relu(x: Any, type_: Type) -> Any:
    """`max(x, 0)` element-wise, as C++'s `std::max` (NaN and -0 stay)."""
    a = _array(x)
    return result(_clamp_below(a, a.dtype.type(0)), type_)


def relu6(x: Any, type_: Type) -> Any:
    """`min(max(x, 0), 6)` element-wise, as C++'s `std::min` and `std::max`."""
    a = _array(x)
    return result(_clamp_above(_clamp_below(a, a.dtype.type(0)), a.dtype.type(6)), type_)


def leaky_relu(x: Any, alpha: Any, type_: Type, *, at_zero: bool = False) -> Any:
    """`x` where `x > 0` (`x >= 0` with `at_zero`, as TFLite writes it), else
    `alpha * x`, with `alpha` (a float or a float attribute) rounded to the element
    type."""
    if isinstance(alpha, FloatAttr):
        alpha = alpha.value
    a = _array(x)
    scaled = np.multiply(a, a.dtype.type(alpha))
    keep = a >= 0 if at_zero else a > 0
    return result(np.where(keep, a, scaled), type_)


def activation(x: Any, function: str, type_: Type) -> Any:
    """TFLite's fused activation function `function` (`NONE`, `RELU`, `RELU_N1_TO_1`,
    `RELU6`, `TANH`) applied to `x`; `SIGN_BIT` has no kernel in TFLite."""
    a = _array(x)
    zero = a.dtype.type(0)
    # TFLite clamps with `std::min(std::max(x, low), high)`: NaN and -0 stay.
    if function == "NONE":
        out = a
    elif function == "RELU":
        out = _clamp_below(a, zero)
    elif function == "RELU_N1_TO_1":
        out = _clamp_above(_clamp_below(a, a.dtype.type(-1)), a.dtype.type(1))
    elif function == "RELU6":
        out = _clamp_above(_clamp_below(a, zero), a.dtype.type(6))
    elif function == "TANH":
        if not np.issubdtype(a.dtype, np.floating):
            raise SemanticsError(f"fused activation TANH of a {a.dtype} tensor")
        out = np.tanh(a)
    else:
        raise SemanticsError(f"fused activation function {function} is not defined by TFLite")
    return result(out, type_)


def select(condition: Any, x: Any, y: Any, type_: Type) -> Any:
    """`x` where `condition`, else `y`, all three broadcast together (`SelectV2`)."""
    c, a, b = _array(condition), _array(x), _array(y)
    try:
        np.broadcast_shapes(c.shape, a.shape, b.shape)
    except ValueError:
        raise SemanticsError("condition, then and else shapes do not broadcast") from None
    return result(np.where(c, a, b), type_)


def cast(x: Any, type_: Type, truncate: bool = False) -> Any:
    """`x` converted to `type_`'s element type as TensorFlow's `Cast` converts: a float
    to an integer rounds toward zero, a number to a bool is whether it is nonzero, a
    bool to a number is 0 or 1, a float to a narrower float rounds to nearest.
    `truncate` (TensorFlow's `Truncate`: narrowing floats by dropping mantissa bits)
    is not modelled and is an error where it would matter."""
    a = _array(x)
    dtype = tensor_dtype(type_)
    if dtype is np.bool_:
        return result(a != 0, type_)
    if np.issubdtype(dtype, np.integer) and np.issubdtype(a.dtype, np.floating):
        return result(np.trunc(a).astype(dtype), type_)
    narrowing = np.issubdtype(a.dtype, np.floating) and (
        _is_bf16(type_) or np.dtype(dtype).itemsize < a.dtype.itemsize
    )
    if truncate and narrowing:
        raise SemanticsError("Cast with Truncate = true (narrowing by truncation) is not modelled")
    return result(a.astype(dtype), type_)


# ---------------------------------------------------------------------------
# Shapes and linear algebra
# ---------------------------------------------------------------------------


def shape_of(x: Any, type_: Type) -> Any:
    """The shape of `x` as a 1-D integer tensor of `type_`."""
    return result(np.array(_array(x).shape, dtype=tensor_dtype(type_)), type_)


def reshape(x: Any, shape: Any, type_: Type) -> Any:
    """`x` with the shape `shape` (a 1-D integer tensor; one `-1` stands for what the
    number of elements leaves), as TensorFlow's `Reshape`."""
    a = _array(x)
    dims = [int(d) for d in np.asarray(shape).reshape(-1)]
    if sum(1 for d in dims if d == -1) > 1:
        raise SemanticsError("only one input size may be -1")
    if any(d < -1 for d in dims):
        raise SemanticsError(f"size {min(dims)} in the shape is negative")
    known = int(np.prod([d for d in dims if d != -1], dtype=np.int64))
    if -1 in dims:
        if known == 0 or a.size % known:
            raise SemanticsError(f"cannot reshape a tensor of {a.size} elements to shape {dims}")
        dims = [a.size // known if d == -1 else d for d in dims]
    elif known != a.size:
        raise SemanticsError(f"cannot reshape a tensor of {a.size} elements to shape {dims}")
    return result(a.reshape(dims), type_)


def matmul(a: Any, b: Any, transpose_a: bool, transpose_b: bool, type_: Type) -> Any:
    """The matrix product of 2-D tensors (each transposed first when asked)."""
    x, y = _array(a), _array(b)
    if x.ndim != 2 or y.ndim != 2:
        raise SemanticsError(f"matrices must be 2-D, got ranks {x.ndim} and {y.ndim}")
    if transpose_a:
        x = x.T
    if transpose_b:
        y = y.T
    if x.shape[1] != y.shape[0]:
        raise SemanticsError(
            f"matrix size-incompatible: In[0]: [{x.shape[0]},{x.shape[1]}], "
            f"In[1]: [{y.shape[0]},{y.shape[1]}]"
        )
    if _is_bf16(type_):
        x, y = x.astype(np.float32), y.astype(np.float32)
    return result(np.matmul(x, y), type_)


def bias_add(value: Any, bias: Any, data_format: str, type_: Type) -> Any:
    """`value + bias`, the 1-D `bias` added along the channel dimension: the last
    (`NHWC`) or the one after the batch (`NCHW`)."""
    v, b = _array(value), _array(bias)
    if b.ndim != 1:
        raise SemanticsError(f"biases must be 1-D, got rank {b.ndim}")
    if data_format not in ("NHWC", "NCHW"):
        raise SemanticsError(f"unknown data format {data_format}")
    minimum = 3 if data_format == "NCHW" else 2
    if v.ndim < minimum:
        raise SemanticsError(f"input must be at least {minimum}-D, got rank {v.ndim}")
    axis = 1 if data_format == "NCHW" else v.ndim - 1
    if v.shape[axis] != b.shape[0]:
        raise SemanticsError(
            f"must provide as many biases as the channel dimension of the input: "
            f"{b.shape[0]} vs. {v.shape[axis]}"
        )
    shape = [1] * v.ndim
    shape[axis] = b.shape[0]
    _same_dtype(v, b, "BiasAdd")
    if _is_bf16(type_):
        return result(v.astype(np.float32) + b.astype(np.float32).reshape(shape), type_)
    return result(np.add(v, b.reshape(shape)), type_)
