"""Operand and result segments: where each variadic group of an op's values lies.

An op whose spec has several variadic (or optional) operand or result groups keeps
them in one flat list, as MLIR does. The sizes of the groups come either from a
dense i32 array property (`operandSegmentSizes`, `resultSegmentSizes`: the
`AttrSizedOperandSegments` and `AttrSizedResultSegments` traits) or, with
`SameVariadicOperandSize` and `SameVariadicResultSize`, from sharing the values left
by the single groups equally. Generated accessors and verifiers call these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.ir.attributes import DenseArrayAttr
from generator.ir.core import Operation
from generator.ir.properties import get_property

if TYPE_CHECKING:
    from generator.ir.core import Value

__all__ = ["group_sizes", "same_size_range", "segment_range", "segment_sizes"]


def segment_sizes(op: Operation, name: str) -> tuple[int, ...] | None:
    """The group sizes held by the dense i32 array property `name` (None if unset)."""
    attr = get_property(op, name)
    if isinstance(attr, DenseArrayAttr):
        return attr.values
    return None


def segment_range(op: Operation, name: str, group: int, count: int) -> range:
    """The positions of group `group` of `count` groups whose sizes the dense i32 array
    property `name` holds (`AttrSizedOperandSegments`); one value each when unset."""
    sizes = segment_sizes(op, name)
    if sizes is None:
        return range(group, group + 1)
    start = sum(sizes[:group])
    return range(start, start + sizes[group])


def same_size_range(total: int, variadic: Sequence[bool], group: int) -> range:
    """The positions of group `group` when the variadic groups share the `total`
    values left by the single ones equally (`SameVariadicOperandSize`)."""
    size = (total - variadic.count(False)) // (variadic.count(True) or 1)
    start = sum(size if v else 1 for v in variadic[:group])
    return range(start, start + (size if variadic[group] else 1))


def group_sizes(total: int, counts: Sequence[int], variadic: Sequence[bool]) -> tuple[int, ...]:
    """Sizes of the groups when variadic groups share the rest equally.

    `counts` gives 1 for a fixed group; the values left after the fixed groups are
    split evenly between the variadic groups (MLIR's `SameVariadicOperandSize`).
    """
    nvar = sum(variadic)
    fixed = sum(c for c, v in zip(counts, variadic, strict=True) if not v)
    each = (total - fixed) // nvar if nvar else 0
    return tuple([each if v else c for c, v in zip(counts, variadic, strict=True)])


def values_of(values: Sequence[Value], start: int, size: int) -> tuple[Value, ...]:
    """The values `start .. start+size` (a group of a variadic operand or result)."""
    return tuple(values[start : start + size])
