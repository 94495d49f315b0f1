"""Insertion points and the builder that creates ops at them.

An `InsertionPoint` is a position in a block: before a given op, or at the end.
As in MLIR, where the insertion point is a block iterator, the position is fixed
when the point is made: `at_start(block)` means "before the op that is first now"
and `after(op)` means "before the op that follows `op` now", so ops inserted one
after another at the same point come out in the order they were inserted.

A `Builder` holds the current insertion point. Generated op builders call
`Builder.insert`, so it is kept to a few attribute reads and one list link.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import TypeVar

from generator.ir.attributes import Attribute, DictionaryAttr
from generator.ir.core import Block, Location, Operation, Region, Value
from generator.ir.types import Type

__all__ = ["Builder", "InsertionPoint"]

_OpT = TypeVar("_OpT", bound=Operation)


class InsertionPoint:
    """A position in `block`: right before `ref_op`, or at the end when it is None."""

    __slots__ = ("block", "ref_op")

    def __init__(self, block: Block, ref_op: Operation | None = None) -> None:
        if ref_op is not None and ref_op.parent is not block:
            raise ValueError(f"'{ref_op.name}' is not in the block of the insertion point")
        self.block = block
        self.ref_op = ref_op

    @classmethod
    def at_end(cls, block: Block) -> InsertionPoint:
        """The point after the last op of `block`, wherever that is when inserting."""
        return cls(block, None)

    @classmethod
    def at_start(cls, block: Block) -> InsertionPoint:
        """The point before the op that is first in `block` now (the end if it is empty)."""
        return cls(block, block.first_op)

    @classmethod
    def before(cls, op: Operation) -> InsertionPoint:
        """The point right before `op`."""
        block = op.parent
        if block is None:
            raise ValueError(f"'{op.name}' is not in a block")
        return cls(block, op)

    @classmethod
    def after(cls, op: Operation) -> InsertionPoint:
        """The point right after `op`: before its current successor, or the block's end."""
        block = op.parent
        if block is None:
            raise ValueError(f"'{op.name}' is not in a block")
        return cls(block, op.next_op)

    def insert(self, op: _OpT) -> _OpT:
        """Insert `op` (which must not be in a block) at this point and return it."""
        ref = self.ref_op
        block = self.block
        if ref is None:
            block.append(op)
        elif ref.parent is block:
            block.insert_before(ref, op)
        else:
            # Linking next to an op that has left the block would corrupt both op lists.
            raise ValueError(f"insertion point is stale: '{ref.name}' has left its block")
        return op

    def __repr__(self) -> str:
        where = "end" if self.ref_op is None else f"before {self.ref_op.name}"
        return f"<InsertionPoint at {where} of {self.block!r}>"


class Builder:
    """Creates ops and blocks at a current insertion point.

    Without an insertion point (None), `insert` and `create` leave the op
    unattached, as MLIR's `OpBuilder` does.
    """

    __slots__ = ("insertion_point",)

    def __init__(self, insertion_point: InsertionPoint | None = None) -> None:
        self.insertion_point = insertion_point

    # -- inserting ops --------------------------------------------------------

    def insert(self, op: _OpT) -> _OpT:
        """Insert `op` at the current insertion point and return it."""
        ip = self.insertion_point
        if ip is not None:
            ip.insert(op)
        return op

    def create(
        self,
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        *,
        properties: Attribute | None = None,
        attributes: DictionaryAttr | dict[str, Attribute] | None = None,
        successors: Sequence[Block] = (),
        regions: int | Sequence[Region] = 0,
        loc: Location | None = None,
    ) -> Operation:
        """Create a generic op with these parts and insert it."""
        op = Operation(
            name,
            operands,
            result_types,
            properties=properties,
            attributes=attributes,
            successors=successors,
            regions=regions,
            loc=loc,
        )
        return self.insert(op)

    def create_block(
        self,
        region: Region,
        arg_types: Sequence[Type] = (),
        insert_before: Block | None = None,
        *,
        arg_locs: Sequence[Location | None] = (),
    ) -> Block:
        """Add a block to `region` (at the end, or before `insert_before`) and build at its end."""
        block = Block(arg_types, arg_locs)
        if insert_before is None:
            region.add_block(block)
        else:
            if insert_before.parent is not region:
                raise ValueError("the block to insert before is not in the region")
            region.insert_block(region.blocks.index(insert_before), block)
        self.insertion_point = InsertionPoint(block)
        return block

    # -- moving the insertion point -------------------------------------------

    @property
    def insertion_block(self) -> Block | None:
        """The block ops are inserted into, or None."""
        ip = self.insertion_point
        return ip.block if ip is not None else None

    def set_insertion_point(self, ip: InsertionPoint | None) -> None:
        """Insert at `ip` from now on (None: leave new ops unattached)."""
        self.insertion_point = ip

    def clear_insertion_point(self) -> None:
        """Leave new ops unattached from now on."""
        self.insertion_point = None

    def set_insertion_point_to_end(self, block: Block) -> None:
        """Insert at the end of `block` from now on."""
        self.insertion_point = InsertionPoint(block)

    def set_insertion_point_to_start(self, block: Block) -> None:
        """Insert before the op that is first in `block` now."""
        self.insertion_point = InsertionPoint.at_start(block)

    def set_insertion_point_before(self, op: Operation) -> None:
        """Insert right before `op` from now on."""
        self.insertion_point = InsertionPoint.before(op)

    def set_insertion_point_after(self, op: Operation) -> None:
        """Insert right after `op` (before its current successor) from now on."""
        self.insertion_point = InsertionPoint.after(op)

    def at(self, ip: InsertionPoint | None) -> _InsertionGuard:
        """Build at `ip` inside a `with` block, then go back to the current point."""
        return _InsertionGuard(self, ip)


class _InsertionGuard:
    """Switches a builder's insertion point for the extent of a `with` block."""

    __slots__ = ("builder", "ip", "saved")

    def __init__(self, builder: Builder, ip: InsertionPoint | None) -> None:
        self.builder = builder
        self.ip = ip
        self.saved: InsertionPoint | None = None

    def __enter__(self) -> Builder:
        builder = self.builder
        self.saved = builder.insertion_point
        builder.insertion_point = self.ip
        return builder

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.builder.insertion_point = self.saved
