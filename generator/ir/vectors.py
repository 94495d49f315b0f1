"""Vector and tensor values of the interpreter (`odsgen run`) and `vector.print`'s format.

A `Shaped` value is what a `vector` or `tensor` SSA value holds at run time: a numpy
array of the vector's (or tensor's) shape in the numpy type of its element type (as
`generator.ir.memory` holds memref elements), and, where some elements are poison, a
boolean array of the same shape saying which. Values are never changed in place: an
op that inserts makes a new array, so an SSA value keeps its value.

`lift` applies an op's scalar reference implementation elementwise (the `Elementwise`
ops of `arith` and `math` on vectors and tensors): each element of the result is the
reference applied to the operands' elements at the same position (a scalar operand,
such as `arith.select`'s condition, to every position), poison where the reference
says so for that element.

`format_vector` writes what `vector.print` prints once lowered to calls of the runner
utilities: `( 1, 2, 3 )`, nested per dimension, floats as C's `%g`, `i1` and `index`
unsigned, other integers signed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from generator.ir.attributes import DenseElementsAttr
from generator.ir.core import Operation, Value
from generator.ir.memory import numpy_dtype, scalar_value
from generator.ir.semantics import POISON, SemanticsError, float_from_bits, signed, width
from generator.ir.types import DYNAMIC, FloatType, IndexType, IntegerType, ShapedType, Type

__all__ = [
    "ElementView",
    "Shaped",
    "as_shaped",
    "dense_value",
    "format_scalar",
    "format_vector",
    "lift",
    "reference_array",
]


class Shaped:
    """A vector or tensor value: `array` (its shape, in the element's numpy type) and
    `poison` (a boolean array of the same shape, or None when no element is poison)."""

    __slots__ = ("array", "element", "poison")

    def __init__(self, array: Any, element: Type, poison: Any = None) -> None:
        self.array = array
        self.element = element
        if poison is not None and not poison.any():
            poison = None
        self.poison = poison

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.array.shape)

    def scalars(self) -> list[Any]:
        """The elements in row-major order as the interpreter's scalar values (POISON
        where poison)."""
        flat = self.array.reshape(-1)
        element = self.element
        if isinstance(element, FloatType) and element.name != "f64":
            values: list[Any] = list(flat)
        else:
            values = flat.tolist()
        if self.poison is not None:
            for i, p in enumerate(self.poison.reshape(-1).tolist()):
                if p:
                    values[i] = POISON
        return values

    def scalar(self, index: tuple[int, ...]) -> Any:
        """The element at `index` as a scalar value."""
        if self.poison is not None and self.poison[index]:
            return POISON
        return scalar_value(self.array[index], self.element)

    @staticmethod
    def from_scalars(values: Sequence[Any], shape: Sequence[int], element: Type) -> Shaped:
        """A value of `shape` from scalar values in row-major order (POISON allowed)."""
        array = np.zeros(len(values), dtype=numpy_dtype(element))
        poison = None
        for i, v in enumerate(values):
            if v is POISON:
                if poison is None:
                    poison = np.zeros(len(values), dtype=bool)
                poison[i] = True
            else:
                array[i] = v
        shape = tuple(shape)
        return Shaped(
            array.reshape(shape), element, None if poison is None else poison.reshape(shape)
        )

    def poison_mask(self) -> Any:
        """The poison array, all false when no element is poison."""
        if self.poison is None:
            return np.zeros(self.array.shape, dtype=bool)
        return self.poison


def as_shaped(value: Any, type_: Type) -> Shaped:
    """`value` (a `Shaped`, a numpy array of a reference's tensor, or POISON for a value
    all poison) as a `Shaped` of `type_`."""
    if isinstance(value, Shaped):
        return value
    if isinstance(value, np.ndarray | np.generic) and isinstance(type_, ShapedType):
        # A tensor from a reference (`generator.ir.tensor_semantics`' numpy arrays, whose
        # integers are signed): the same bits in this module's element types.
        element = type_.element_type
        return Shaped(np.asarray(value).astype(numpy_dtype(element)), element)
    if value is POISON and isinstance(type_, ShapedType):
        shape = type_.shape
        if DYNAMIC in shape:
            raise SemanticsError("poison of a dynamically shaped type")
        array = np.zeros(shape, dtype=numpy_dtype(type_.element_type))
        return Shaped(array, type_.element_type, np.ones(shape, dtype=bool))
    raise SemanticsError(f"'{type_}' value expected")


def dense_value(attr: DenseElementsAttr, type_: ShapedType) -> Shaped:
    """The value of a `dense<...>` constant of a vector or tensor type."""
    element = type_.element_type
    shape = type_.shape
    count = 1
    for n in shape:
        count *= n
    raw = list(attr.values) * (count if attr.is_splat else 1)
    if isinstance(element, FloatType):
        values = [float_from_bits(int(v), element) for v in raw[:count]]  # type: ignore[arg-type]
    elif isinstance(element, IntegerType | IndexType):
        mask = (1 << width(element)) - 1
        values = [int(v) & mask for v in raw[:count]]  # type: ignore[arg-type]
    else:
        raise SemanticsError(f"constants of '{element}' elements are not supported")
    return Shaped.from_scalars(values, shape, element)


class _ElementValue:
    """An operand or result seen by a reference lifted elementwise: its element type."""

    __slots__ = ("type",)

    def __init__(self, type_: Type) -> None:
        self.type = type_


class ElementView:
    """An op as its scalar reference sees it when applied to one element: what it
    reads of the op is the op's, but its operands' and results' types are their
    element types."""

    __slots__ = ("_op",)

    def __init__(self, op: Operation) -> None:
        self._op = op

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._op, name)
        if isinstance(value, Value):
            type_ = value.type
            return _ElementValue(type_.element_type if isinstance(type_, ShapedType) else type_)
        return value


def reference_array(value: Any) -> Any:
    """`value` as references take tensors (`generator.ir.tensor_semantics`: a numpy
    array, integers signed): a `Shaped` converted, anything else as it is."""
    if isinstance(value, tuple):
        return tuple(reference_array(v) for v in value)
    if not isinstance(value, Shaped):
        return value
    if value.poison is not None:
        raise SemanticsError("a tensor with poison elements passed to a reference")
    from generator.ir.tensor_semantics import tensor_dtype

    return value.array.astype(tensor_dtype(value.element))


def lift(
    op: Operation, fn: Any, view: ElementView, args: Sequence[Any], result_types: Sequence[Type]
) -> list[Shaped]:
    """The reference `fn` applied elementwise to `args` (shaped values, POISON, or
    scalars taken as the same at every position); one `Shaped` per result."""
    shape: tuple[int, ...] | None = None
    columns: list[list[Any] | None] = []
    scalars: list[Any] = []
    for value, operand in zip(args, op.operands, strict=True):
        type_ = operand.type
        if isinstance(type_, ShapedType):
            shaped = as_shaped(value, type_)
            if shape is None:
                shape = shaped.shape
            elif shaped.shape != shape:
                raise SemanticsError("operands of different shapes")
            columns.append(shaped.scalars())
            scalars.append(None)
        else:
            columns.append(None)
            scalars.append(value)
    if shape is None:
        raise SemanticsError("no shaped operand")
    count = 1
    for n in shape:
        count *= n
    outputs: list[list[Any]] = [[] for _ in result_types]
    single = len(result_types) == 1
    for i in range(count):
        element_args = [s if c is None else c[i] for c, s in zip(columns, scalars, strict=True)]
        value = fn(view, *element_args)
        if single:
            outputs[0].append(value)
        else:
            for out, v in zip(outputs, value, strict=True):
                out.append(v)
    results = []
    for out, type_ in zip(outputs, result_types, strict=True):
        element = type_.element_type if isinstance(type_, ShapedType) else type_
        results.append(Shaped.from_scalars(out, shape, element))
    return results


def format_scalar(value: Any, type_: Type) -> str:
    """A scalar as `vector.print` prints it (`printF32`, `printI64` or `printU64`)."""
    if value is POISON:
        raise SemanticsError("printing a poison value")
    if isinstance(type_, FloatType):
        number = float(value)
        if number != number:
            return "-nan" if np.signbit(number) else "nan"
        return f"{number:g}"
    if isinstance(type_, IndexType):
        return str(int(value))
    if isinstance(type_, IntegerType):
        if type_.width == 1 or type_.signedness == 2:
            return str(int(value))
        if type_.width > 64:
            raise SemanticsError(f"printing '{type_}' is not supported")
        return str(signed(int(value), type_.width))
    raise SemanticsError(f"printing '{type_}' is not supported")


def format_vector(value: Shaped) -> str:
    """A vector as `vector.print` prints it: `( a, b )` per dimension, a 0-D vector as
    `( a )`."""
    element = value.element
    items = [format_scalar(v, element) for v in value.scalars()]
    shape = value.shape
    if not shape:
        return f"( {items[0]} )"

    def nest(dim: int, start: int) -> tuple[str, int]:
        parts = []
        if dim == len(shape) - 1:
            parts = items[start : start + shape[dim]]
            return "( " + ", ".join(parts) + " )", start + shape[dim]
        for _ in range(shape[dim]):
            text, start = nest(dim + 1, start)
            parts.append(text)
        return "( " + ", ".join(parts) + " )", start

    return nest(0, 0)[0]
