"""Memref values of the interpreter (`odsgen run`) and the runner utilities that print them.

A `MemRef` is MLIR's strided view of a buffer: a one-dimensional numpy array (the
allocation, shared by every view of it), an element offset into it, and the sizes and
strides of the view, in elements. Element `(i0, ..., in)` of the view is
`buffer[offset + i0 * s0 + ... + in * sn]`, as the memref descriptor of MLIR's lowering
to LLVM computes it; views made by `memref.subview` and `memref.cast` share the
buffer of their source, so a store through one is seen through all.

Elements are held in the numpy type of the element type (`float32` for f32 and bf16,
`float16`, `float64`, the narrowest of `uint8` ... `uint64` that holds an integer
type's width, `uint64` for `index`), so a load gives back what
the interpreter's scalar semantics use (numpy scalars for f32/f16/bf16, Python floats
for f64, unsigned Python ints for integers). Poison stored into a memref is
remembered per element, in a boolean array beside the buffer (a load of it gives poison).

`print_memref` writes what `printMemrefF32` (and the other element types) of MLIR's
`libmlir_runner_utils` writes, except the base address, which is this value's own
made-up address (a compiled program prints the address of its allocation, which
differs from run to run).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from generator.ir.semantics import POISON, SemanticsError, signed
from generator.ir.types import FloatType, IndexType, IntegerType, Type

__all__ = ["MemRef", "format_element", "new_address", "numpy_dtype", "print_memref", "scalar_value"]

# Allocations get increasing made-up addresses, 64-byte aligned, as malloc's would be.
_next_address = [0x10000]


def numpy_dtype(element: Type) -> Any:
    """The numpy type that holds elements of `element`."""
    if isinstance(element, FloatType):
        name = str(element)
        if name == "f64":
            return np.float64
        if name == "f16":
            return np.float16
        if name in ("f32", "bf16"):
            return np.float32
    if isinstance(element, IndexType):
        return np.uint64
    if isinstance(element, IntegerType) and element.width <= 64:
        # The narrowest unsigned type that holds the width, as the lowered program
        # stores it, so that `memref.view` and `vector.bitcast` see the same bytes.
        for bits, dtype in ((8, np.uint8), (16, np.uint16), (32, np.uint32)):
            if element.width <= bits:
                return dtype
        return np.uint64
    raise SemanticsError(f"elements of type '{element}' are not supported")


def new_address(nbytes: int) -> int:
    """A made-up address for a new allocation of `nbytes`."""
    address = _next_address[0]
    _next_address[0] += (nbytes + 127) // 64 * 64
    return address


class MemRef:
    """A strided view of a buffer: what a memref SSA value holds at run time."""

    __slots__ = ("address", "buffer", "element", "offset", "poison", "sizes", "strides")

    def __init__(
        self,
        buffer: Any,
        element: Type,
        offset: int,
        sizes: tuple[int, ...],
        strides: tuple[int, ...],
        address: int,
        poison: Any,
    ) -> None:
        self.buffer = buffer
        self.element = element
        self.offset = offset
        self.sizes = sizes
        self.strides = strides
        self.address = address
        # A boolean array over the buffer, shared with every view: which elements hold
        # poison.
        self.poison = poison

    @staticmethod
    def allocate(
        element: Type,
        sizes: tuple[int, ...],
        strides: tuple[int, ...] | None = None,
        offset: int = 0,
    ) -> MemRef:
        """A new buffer for a view of `sizes` (row-major unless `strides` are given)."""
        if any(s < 0 for s in sizes):
            raise SemanticsError(f"negative size in allocation of [{', '.join(map(str, sizes))}]")
        if strides is None:
            row: list[int] = []
            stride = 1
            for size in reversed(sizes):
                row.append(stride)
                stride *= size
            strides = tuple(reversed(row))
        extent = offset + 1 + sum((n - 1) * s for n, s in zip(sizes, strides, strict=True))
        if any(n == 0 for n in sizes):
            extent = offset
        buffer = np.zeros(max(extent, 0), dtype=numpy_dtype(element))
        address = new_address(buffer.nbytes)
        poison = np.zeros(len(buffer), dtype=bool)
        return MemRef(buffer, element, offset, sizes, strides, address, poison)

    @property
    def rank(self) -> int:
        return len(self.sizes)

    def view(self, offset: int, sizes: tuple[int, ...], strides: tuple[int, ...]) -> MemRef:
        """Another view of the same buffer."""
        return MemRef(self.buffer, self.element, offset, sizes, strides, self.address, self.poison)

    def position(self, indices: Sequence[Any]) -> int:
        """The buffer position of element `indices` (unsigned index values); an error
        when an index is outside the view."""
        position = self.offset
        for axis, (index, size, stride) in enumerate(
            zip(indices, self.sizes, self.strides, strict=True)
        ):
            if index is POISON:
                raise SemanticsError("index is poison")
            i = signed(index, 64)
            if not 0 <= i < size:
                raise SemanticsError(
                    f"index {i} is out of bounds for dimension {axis} of size {size}"
                )
            position += i * stride
        if not 0 <= position < len(self.buffer):
            raise SemanticsError("access outside the memref's allocation")
        return position

    def load(self, indices: Sequence[Any]) -> Any:
        position = self.position(indices)
        if self.poison[position]:
            return POISON
        return scalar_value(self.buffer[position], self.element)

    def store(self, value: Any, indices: Sequence[Any]) -> None:
        position = self.position(indices)
        if value is POISON:
            self.poison[position] = True
            return
        self.poison[position] = False
        self.buffer[position] = value

    def elements(self) -> list[int]:
        """The buffer positions of the view's elements, in row-major order."""
        positions = [self.offset]
        for size, stride in zip(self.sizes, self.strides, strict=True):
            positions = [p + i * stride for p in positions for i in range(size)]
        return positions

    def copy_to(self, target: MemRef) -> None:
        """`memref.copy`: the elements of this view into `target`, of the same shape."""
        if self.sizes != target.sizes:
            raise SemanticsError(
                f"copy between memrefs of sizes [{', '.join(map(str, self.sizes))}] and "
                f"[{', '.join(map(str, target.sizes))}]"
            )
        source = self.elements()
        dest = target.elements()
        values = self.buffer[source].copy()
        poison = self.poison[source].copy()
        target.buffer[dest] = values
        target.poison[dest] = poison


def scalar_value(value: Any, element: Type) -> Any:
    """The interpreter's run-time value of an element read from a numpy array."""
    if isinstance(element, FloatType):
        return float(value) if str(element) == "f64" else value
    return int(value)


def format_element(value: Any, element: Type) -> str:
    """An element as C++'s `std::ostream <<` writes it with default flags (`%g`-like,
    6 significant digits, for floats; signed decimal for integers)."""
    if isinstance(element, FloatType):
        number = float(value)
        if number != number:
            return "-nan" if np.signbit(number) else "nan"
        return f"{number:g}"
    bits = 64 if isinstance(element, IndexType) else element.width  # type: ignore[attr-defined]
    return str(signed(int(value), bits))


def print_memref(write: Callable[[str], object], memref: MemRef) -> None:
    """What `printMemref<T>` of MLIR's runner utilities prints for an unranked memref."""
    if any(memref.poison[p] for p in memref.elements()):
        raise SemanticsError("poison passed to a runner utility")
    sizes = ", ".join(map(str, memref.sizes))
    strides = ", ".join(map(str, memref.strides))
    write(
        f"Unranked Memref base@ = 0x{memref.address:x} rank = {memref.rank} "
        f"offset = {memref.offset} sizes = [{sizes}] strides = [{strides}] data = \n"
    )
    parts: list[str] = []
    if memref.rank == 0:
        parts.append("[")
    _print_data(parts, memref, memref.rank, memref.offset, 0)
    if memref.rank == 0:
        parts.append("]")
    parts.append("\n")
    write("".join(parts))


def _print_data(parts: list[str], memref: MemRef, dim: int, offset: int, axis: int) -> None:
    # The layout of MLIR's MemRefDataPrinter: one bracket per dimension, ", " between
    # elements and ", \n" between rows, each element after the first indented by
    # (rank - dim + 1) spaces. A dimension of size 0 still prints its first element,
    # as the runner utility does (reading past the view).
    if dim == 0:
        if not 0 <= offset < len(memref.buffer):
            raise SemanticsError("printing an empty memref reads outside its buffer")
        parts.append(format_element(memref.buffer[offset], memref.element))
        return
    size = memref.sizes[axis]
    stride = memref.strides[axis]
    indent = " " * (memref.rank - dim + 1)
    separator = ", \n" if dim > 1 else ", "
    parts.append("[")
    _print_data(parts, memref, dim - 1, offset, axis + 1)
    if size <= 1:
        parts.append("]")
        return
    parts.append(separator)
    for i in range(1, size - 1):
        parts.append(indent)
        _print_data(parts, memref, dim - 1, offset + i * stride, axis + 1)
        parts.append(separator)
    parts.append(indent)
    _print_data(parts, memref, dim - 1, offset + (size - 1) * stride, axis + 1)
    parts.append("]")
