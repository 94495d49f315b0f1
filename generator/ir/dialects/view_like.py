"""Mixed static and dynamic index lists, the syntax of ops that make views.

MLIR's `ViewLikeInterface` (`parseDynamicIndexList`, `printDynamicIndexList`): ops
that take offsets, sizes, strides or positions, each either a constant or an SSA
value (`memref.subview`, `memref.expand_shape`, `vector.extract`, ...), keep the
constants in a `static_*` dense array with `DYNAMIC` where a value goes, and write
the list as `[%a, 4, %b]`. Their assembly formats say
`custom<DynamicIndexList>(...)`, and the generated parsers and printers call these
functions by that name.

The checks such ops share live here too (MLIR's `OffsetSizeAndStrideOpInterface`
and its slice helpers): the lengths of the three lists, slices that run out of
bounds, rank reduction of a slice's shape, and reassociation groups of reshapes,
which the `memref` and `tensor` dialects both use.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import ArrayAttr, Attribute, DenseArrayAttr, IntegerAttr
from generator.ir.core import Operation, Value
from generator.ir.opasm import AsmParser, AsmPrinter, UnresolvedOperand
from generator.ir.types import DYNAMIC, IntegerType
from generator.ir.verify_messages import VerifyMessage

__all__ = [
    "in_bounds_slice_error",
    "parse_dynamic_index_list",
    "print_dynamic_index_list",
    "rank_reduction_mask",
    "reassociation_groups",
    "verify_index_lists",
]


def parse_dynamic_index_list(
    p: AsmParser, delimiters: str = "[]"
) -> tuple[list[UnresolvedOperand], DenseArrayAttr]:
    """`[%a, 4, %b]`: the SSA values, and the `static_*` array with `DYNAMIC` in their places.

    MLIR's `parseDynamicIndexList`, with square brackets or, given `delimiters="()"`,
    parentheses (`scf.forall`'s bounds). As there, an entry may be written in square
    brackets of its own (`[4]`, a scalable index); ops that keep no scalable flags
    accept and drop them.
    """
    open_, close = delimiters[0], delimiters[1]
    values: list[UnresolvedOperand] = []
    integers: list[int] = []
    if not p.consume_if(open_):
        p.wrong_token(f"expected '{open_}' in dynamic index list")
    if not p.consume_if(close):
        while True:
            use = p.parse_optional_operand()
            scalable = p.consume_if("[")
            if use is not None:
                values.append(use)
                integers.append(DYNAMIC)
            else:
                # A float literal is one token, and not an integer.
                integers.append(p.parse_integer_token())
            if scalable and not p.consume_if("]"):
                # MLIR reports the failed list, with no more precise error, at the op name.
                p.op_error(p.op_name_pos(), "expected SSA value or integer")
            if p.consume_if(close):
                break
            if not p.consume_if(","):
                p.wrong_token(f"expected '{close}' in dynamic index list")
    return values, DenseArrayAttr.get(IntegerType.get(64), tuple(integers))


def print_dynamic_index_list(
    p: AsmPrinter,
    op: Operation,
    values: Sequence[Value],
    integers: Attribute | None,
    delimiters: str = "[]",
) -> None:
    """Write `[%a, 4, %b]` (or `(%a, 4, %b)`) from the SSA values and the `static_*` array
    (MLIR's `printDynamicIndexList`); a value missing from a malformed op prints as
    `<<NULL VALUE>>`."""
    entries = integers.values if isinstance(integers, DenseArrayAttr) else ()
    parts: list[str] = []
    next_value = 0
    for entry in entries:
        if entry == DYNAMIC:
            parts.append(
                p.operand(values[next_value]) if next_value < len(values) else "<<NULL VALUE>>"
            )
            next_value += 1
        else:
            parts.append(str(entry))
    p.write(delimiters[0] + ", ".join(parts) + delimiters[1])


def rank_reduction_mask(original: Sequence[int], reduced: Sequence[int]) -> set[int] | None:
    """The dimensions of `original` that `reduced` drops (each must be 1), matching
    the others in order (MLIR's `computeRankReductionMask`); None if it cannot."""
    unused: set[int] = set()
    next_reduced = 0
    for index, size in enumerate(original):
        if next_reduced < len(reduced) and size == reduced[next_reduced]:
            next_reduced += 1
            continue
        unused.add(index)
        if size != 1:
            return None
    return unused if next_reduced == len(reduced) else None


def verify_index_lists(
    rank: int,
    lists: Sequence[tuple[str, Sequence[int], Sequence[Value]]],
    max_ranks: Sequence[int] | None = None,
) -> VerifyMessage | None:
    """The offsets, sizes and strides of a view op: one of each per source
    dimension, one SSA value per dynamic entry, offsets and sizes not negative
    (MLIR's `OffsetSizeAndStrideOpInterface` checks)."""
    ranks = list(max_ranks) if max_ranks is not None else [rank] * 3
    counts = [len(static) for _, static, _ in lists]
    if not (counts[0] == 1 and ranks[0] == 1) and counts[0] != counts[1]:
        return VerifyMessage(
            f"expected mixed offsets rank to match mixed sizes rank ({counts[0]} vs "
            f"{counts[1]}) so the rank of the result type is well-formed.",
            prefixed=False,
        )
    if counts[1] != counts[2]:
        return VerifyMessage(
            f"expected mixed sizes rank to match mixed strides rank ({counts[1]} vs "
            f"{counts[2]}) so the rank of the result type is well-formed.",
            prefixed=False,
        )
    for (name, static, values), expected_rank in zip(lists, ranks, strict=True):
        if len(static) != expected_rank:
            return VerifyMessage(
                f"expected {expected_rank} {name} values, got {len(static)}",
                prefixed=False,
            )
        dynamic = list(static).count(DYNAMIC)
        if len(values) != dynamic:
            return VerifyMessage(
                f"expected the number of '{name}s' to match the number of dynamic "
                f"entries in 'static_{name}s' ({len(values)} vs {dynamic})",
                prefixed=False,
            )
    for name, static, _ in lists[:2]:
        for value in static:
            if value < 0 and value != DYNAMIC:
                return VerifyMessage(
                    f"expected {name}s to be non-negative, but got {value}", prefixed=False
                )
    return None


def reassociation_groups(attr: Attribute | None) -> list[list[int]]:
    """The reassociation `[[0, 1], [2]]` as lists of dimension indices."""
    groups: list[list[int]] = []
    if isinstance(attr, ArrayAttr):
        for group in attr.value:
            if isinstance(group, ArrayAttr):
                groups.append([e.value for e in group.value if isinstance(e, IntegerAttr)])
    return groups


def in_bounds_slice_error(
    shape: Sequence[int], offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> str | None:
    """Why a slice with static `offsets`, `sizes` and `strides` runs out of the static
    dimensions of `shape`, or None (MLIR's `verifyInBoundsSlice`)."""
    for dim, extent in enumerate(shape):
        if extent == DYNAMIC or offsets[dim] == DYNAMIC:
            continue
        if offsets[dim] >= extent:
            return f"offset {dim} is out-of-bounds: {offsets[dim]} >= {extent}"
        if DYNAMIC in (sizes[dim], strides[dim]):
            continue
        last = offsets[dim] + (sizes[dim] - 1) * strides[dim]
        if last >= extent:
            return f"slice along dimension {dim} runs out-of-bounds: {last} >= {extent}"
    return None
