"""Memref layouts as strides and an offset, as MLIR's `MemRefType::getStridesAndOffset` sees them.

A memref's layout maps indices to a position in memory. When that position is
`offset + sum(index_i * stride_i)` the layout is strided, and ops that make views
of a memref (subviews, reshapes, casts) compute the layouts of their results from
the strides and offset of their source. A stride or offset that is only known at
run time is `DYNAMIC`, the `?` of `strided<[?, 1], offset: ?>`.

The identity layout has the row-major strides of the shape; `strided<...>`
layouts give theirs directly; an `affine_map` layout is strided when its single
result is a sum of dimensions times constants or symbols, plus constants and
symbols. Arithmetic on strides saturates as MLIR's `SaturatedInteger` does:
anything times a static zero is zero, and otherwise a dynamic operand makes the
result dynamic.

MLIR defines these on the builtin memref type, but here only the `memref` dialect's
ops and the `StridedMemRefOf` type constraint ask for them; the builtin types, the
parser and the printer do not. So they live beside the `memref` dialect: this
module reads the builtin types and layout attributes, and nothing of the core
runtime imports it.
"""

from __future__ import annotations

from generator.ir.affine import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymbolExpr,
    format_affine_map,
)
from generator.ir.attributes import AffineMapAttr, StridedLayoutAttr
from generator.ir.types import DYNAMIC, MemRefType

__all__ = [
    "bare_affine_map",
    "canonical_strides",
    "has_identity_layout",
    "is_strided",
    "layout_symbol_count",
    "permutation_dims",
    "saturated_add",
    "saturated_mul",
    "strided_linear_map",
    "strides_and_offset",
]


def saturated_add(a: int, b: int) -> int:
    """`a + b`, or `DYNAMIC` when either is."""
    if a == DYNAMIC or b == DYNAMIC:
        return DYNAMIC
    return a + b


def saturated_mul(a: int, b: int) -> int:
    """`a * b`: zero when either is a static zero, else `DYNAMIC` when either is."""
    if a == 0 or b == 0:
        return 0
    if a == DYNAMIC or b == DYNAMIC:
        return DYNAMIC
    return a * b


def canonical_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """The row-major strides of `shape` (the identity layout).

    Left of a dynamic or zero-sized dimension the strides are dynamic, as in
    MLIR's `makeCanonicalStridedLayoutExpr`.
    """
    strides: list[int] = []
    running = 1
    unknown = False
    for size in reversed(shape):
        strides.append(DYNAMIC if unknown else running)
        if size > 0:
            running *= size
        else:
            unknown = True
    strides.reverse()
    return tuple(strides)


def _extract(expr: AffineExpr, factor: int, strides: list[int], offset: list[int]) -> bool:
    """Add `expr * factor` to the strides and the offset; False if it is not strided.

    MLIR's `extractStrides`, with each stride and the offset kept as its value or
    `DYNAMIC` rather than as an expression of the symbols.
    """
    # Only affine layouts get here, so the affine module is loaded already.
    from generator.ir.affine import (
        AffineBinaryExpr,
        AffineConstantExpr,
        AffineDimExpr,
    )

    if isinstance(expr, AffineDimExpr):
        strides[expr.position] = saturated_add(strides[expr.position], factor)
        return True
    if isinstance(expr, AffineConstantExpr):
        offset[0] = saturated_add(offset[0], saturated_mul(expr.value, factor))
        return True
    if not isinstance(expr, AffineBinaryExpr):
        # A symbol.
        offset[0] = saturated_add(offset[0], saturated_mul(DYNAMIC, factor))
        return True
    lhs, rhs = expr.lhs, expr.rhs
    if expr.kind.value == "+":
        left = _extract(lhs, factor, strides, offset)
        right = _extract(rhs, factor, strides, offset)
        return left and right
    if expr.kind.value != "*":
        # floordiv, ceildiv and mod are not strided.
        return False
    if isinstance(lhs, AffineDimExpr):
        strides[lhs.position] = saturated_add(
            strides[lhs.position], saturated_mul(_static_value(rhs), factor)
        )
        return True
    if lhs.is_symbolic_or_constant:
        return _extract(rhs, saturated_mul(factor, _static_value(lhs)), strides, offset)
    return _extract(lhs, saturated_mul(factor, _static_value(rhs)), strides, offset)


def _static_value(expr: AffineExpr) -> int:
    """A constant's value; `DYNAMIC` for an expression of symbols."""
    value = getattr(expr, "value", None) if expr.kind.value == "constant" else None
    return value if isinstance(value, int) else DYNAMIC


def strides_and_offset(t: MemRefType) -> tuple[tuple[int, ...], int] | None:
    """The strides and offset of `t`'s layout; None when the layout is not strided."""
    layout = t.layout
    if layout is None:
        return canonical_strides(t.shape), 0
    if isinstance(layout, StridedLayoutAttr):
        return layout.strides, layout.offset
    if not isinstance(layout, AffineMapAttr):
        return None
    affine_map = layout.value
    if affine_map.is_identity:
        return canonical_strides(t.shape), 0
    if len(affine_map.results) != 1:
        return None
    strides = [0] * t.rank
    offset = [0]
    if not _extract(affine_map.results[0], 1, strides, offset):
        return None
    return tuple(strides), offset[0]


def has_identity_layout(t: MemRefType) -> bool:
    """Whether `t`'s layout map is the identity (MLIR's `getLayout().isIdentity()`):
    no layout, or `strided<[1]>` on one dimension, the one strided layout whose map
    `(d0) -> (d0)` is the identity (the map of any other has one result, or an
    offset). Reshapes of such a memref give results without a layout."""
    layout = t.layout
    if layout is None:
        return True
    if isinstance(layout, StridedLayoutAttr):
        return layout.strides == (1,) and layout.offset == 0
    return isinstance(layout, AffineMapAttr) and layout.value.is_identity


def is_strided(t: MemRefType) -> bool:
    """Whether `t`'s layout is strided (MLIR's `MemRefType::isStrided`)."""
    return strides_and_offset(t) is not None


def layout_symbol_count(t: MemRefType) -> int:
    """The number of symbols of `t`'s layout map: the operands in `[...]` that an
    allocation binds to it. A `strided<...>` layout has one per dynamic entry."""
    layout = t.layout
    if isinstance(layout, AffineMapAttr):
        return layout.value.num_symbols
    if isinstance(layout, StridedLayoutAttr):
        return list(layout.strides).count(DYNAMIC) + (layout.offset == DYNAMIC)
    return 0


def strided_linear_map(strides: tuple[int, ...] | list[int], offset: int) -> AffineMap:
    """The layout map of `strides` and `offset`, a symbol for each dynamic entry and the
    offset's first (MLIR's `makeStridedLinearLayoutMap`), as `memref.transpose`'s
    message spells the type it expects."""
    symbols = 0
    expr: AffineExpr
    if offset == DYNAMIC:
        expr = AffineSymbolExpr(0)
        symbols = 1
    else:
        expr = AffineConstantExpr(offset)
    for dim, stride in enumerate(strides):
        factor: AffineExpr
        if stride == DYNAMIC:
            factor = AffineSymbolExpr(symbols)
            symbols += 1
        else:
            factor = AffineConstantExpr(stride)
        expr = expr + AffineDimExpr(dim) * factor
    return AffineMap(len(strides), symbols, [expr])


def permutation_dims(affine_map: AffineMap) -> list[int] | None:
    """The dimensions a permutation map lists, in order; None when the map is not a
    permutation of its dimensions (MLIR's `AffineMap::isPermutation`)."""
    if affine_map.num_symbols or len(affine_map.results) != affine_map.num_dims:
        return None
    dims: list[int] = []
    for expr in affine_map.results:
        if not isinstance(expr, AffineDimExpr):
            return None
        dims.append(expr.position)
    return dims if sorted(dims) == list(range(affine_map.num_dims)) else None


def bare_affine_map(affine_map: AffineMap) -> str:
    """`(d0, d1) -> (d1, d0)`: a map as a custom form writes it, without `affine_map<>`."""
    return format_affine_map(affine_map)
