"""What the ops of the affine dialect share: valid dimensions and symbols, and map operands.

MLIR restricts the values an affine op may bind to the dimensions and symbols of its
maps and integer sets, so that loop bounds and conditions stay analyzable. This module
holds those rules once (MLIR's `isValidDim`, `isValidSymbol` and `getAffineScope`, from
its `Affine` dialect library), with the check the ops' verifiers run over their map
operands, and the `(%d0, %d1)[%s0]` operand syntax the ops' custom forms share. The
`affine` dialect's spec calls them.

An affine scope is the region of an op with the `AffineScope` trait (`func.func`,
`builtin.module`); values defined at the top level of that region, or its arguments, are
symbols for every affine op nested in it. MLIR's `ShapedDimOpInterface` is recognized
by the trait of that name (`memref.dim`, `tensor.dim`), and the producers of memref
sizes it looks through (`memref.alloc`, `memref.view`, `memref.subview`) by their op names.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import IntegerAttr
from generator.ir.core import BlockArgument, Operation, OpResult, Region, Value
from generator.ir.interfaces import ShapedDimOpInterface
from generator.ir.opasm import AsmParser, AsmPrinter, UnresolvedOperand
from generator.ir.properties import get_property
from generator.ir.segments import segment_range
from generator.ir.traits import (
    AffineScope,
    AlwaysSpeculatable,
    ConstantLike,
    IsIsolatedFromAbove,
    NoMemoryEffect,
)
from generator.ir.types import DYNAMIC, IndexType, MemRefType, UnrankedMemRefType

__all__ = [
    "affine_scope",
    "check_dim_and_symbol_operands",
    "is_affine_induction_var",
    "is_top_level_value",
    "is_valid_dim",
    "is_valid_symbol",
    "parse_dim_and_symbol_list",
    "print_dim_and_symbol_list",
]

_INDEX = IndexType.get()

#: The ops that define a loop induction variable in their body's entry block.
_LOOP_OPS = ("affine.for", "affine.parallel")
#: Index transformations valid as dimensions when all their operands are.
_INDEX_OPS = ("affine.apply", "affine.delinearize_index", "affine.linearize_index")
#: Ops whose memref result has its dynamic sizes as operands, and where they start.
_SIZED_MEMREF_OPS = {"memref.alloc": 0, "memref.view": 2}
#: Ops whose dynamic sizes are operand group 2 of 4 (source, offsets, sizes, strides).
_SEGMENTED_SIZE_OPS = ("memref.subview",)


def _is_affine_scope(op: Operation | None) -> bool:
    return op is not None and op.has_trait(AffineScope)


def _is_isolated(op: Operation) -> bool:
    return op.has_trait(IsIsolatedFromAbove)


def _value_region(value: Value) -> Region | None:
    block = value.owner_block
    return block.parent if block is not None else None


def affine_scope(op: Operation) -> Region | None:
    """The closest region around `op` whose op is an affine scope (None if there is none)."""
    current = op
    parent = current.parent_op
    while parent is not None:
        if _is_affine_scope(parent):
            return current.parent_region
        current = parent
        parent = current.parent_op
    return None


def is_top_level_value(value: Value, region: Region | None = None) -> bool:
    """Whether `value` is an argument or top-level result of `region` (without a region:
    of the region of an affine scope)."""
    if region is not None:
        return _value_region(value) is region
    owner = _value_region(value)
    return owner is not None and _is_affine_scope(owner.parent)


def is_affine_induction_var(value: Value) -> bool:
    """Whether `value` is the induction variable of an `affine.for` (or of an
    `affine.parallel`, all of whose entry block arguments are)."""
    if not isinstance(value, BlockArgument):
        return False
    op = value.owner.parent_op
    if op is None or op.name not in _LOOP_OPS or value.owner is not op.regions[0].blocks[0]:
        return False
    return op.name == "affine.parallel" or value.index == 0


def _is_constant(op: Operation) -> bool:
    return op.has_trait(ConstantLike)


def _is_pure(op: Operation) -> bool:
    # `Pure` implies both.
    return op.has_trait(NoMemoryEffect) and op.has_trait(AlwaysSpeculatable)


def _constant_int(value: Value) -> int | None:
    op = value.defining_op
    if op is None or not _is_constant(op):
        return None
    attr = get_property(op, "value")
    return attr.value if isinstance(attr, IntegerAttr) else None


def _memref_size_is_symbol(op: Operation, index: int, region: Region | None) -> bool:
    """Whether size `index` of the memref `op` makes is static or a valid symbol.

    As MLIR, the size is found among the op's dynamic size operands by its position
    among the result type's dynamic sizes (for a subview, its `sizes` operands)."""
    type_ = op.results[0].type if len(op.results) == 1 else None
    if op.name in _SEGMENTED_SIZE_OPS:
        group = segment_range(op, "operandSegmentSizes", 2, 4)
        first, end = group.start, group.stop
    elif op.name in _SIZED_MEMREF_OPS:
        first, end = _SIZED_MEMREF_OPS[op.name], op.num_operands
    else:
        return False
    if not isinstance(type_, MemRefType):
        return False
    if not 0 <= index < len(type_.shape):
        return False
    if type_.shape[index] != DYNAMIC:
        return True
    position = first + type_.shape[:index].count(DYNAMIC)
    return position < min(end, op.num_operands) and is_valid_symbol(op.operand(position), region)


def _dim_is_symbol(dim: Operation, region: Region | None) -> bool:
    """MLIR's rule for the result of a dim op: its source is a top-level value, or a
    memref whose size at a constant index is static or a valid symbol."""
    if dim.num_operands < 2:
        return False
    source = dim.operand(0)
    if is_top_level_value(source):
        return True
    if isinstance(source, BlockArgument):
        return False
    index = _constant_int(dim.operand(1))
    if index is None:
        return False
    producer = source.defining_op
    # Casts keep the sizes they do not make static.
    while producer is not None and producer.name == "memref.cast":
        if producer.num_operands < 1 or isinstance(producer.operand(0).type, UnrankedMemRefType):
            return False
        producer = producer.operand(0).defining_op
    return producer is not None and _memref_size_is_symbol(producer, index, region)


def _symbol_in_enclosing(value: Value, region: Region | None) -> bool:
    """Whether `value` is a valid symbol in the region around `region`'s op, which it then
    dominates, unless that op is isolated from above."""
    op = region.parent if region is not None else None
    if op is None or _is_isolated(op):
        return False
    outer = op.parent_region
    return outer is not None and is_valid_symbol(value, outer)


def is_valid_symbol(value: Value, region: Region | None) -> bool:
    """Whether `value` may be bound to a symbol of an affine op in the affine scope
    `region` (MLIR's `isValidSymbol(value, region)`).

    It must be an index and be a top-level value of `region`, a constant, the result
    of a pure op whose operands are valid symbols, a dim of a suitable memref, or a
    valid symbol of an enclosing region it dominates.
    """
    if value.type is not _INDEX:
        return False
    if region is not None and is_top_level_value(value, region):
        return True
    if not isinstance(value, OpResult):
        return _symbol_in_enclosing(value, region)
    op = value.owner
    if _is_constant(op):
        return True
    if _is_pure(op) and all(is_valid_symbol(v, region) for v in op.operands):
        return True
    if isinstance(op, ShapedDimOpInterface):
        return _dim_is_symbol(op, region)
    return _symbol_in_enclosing(value, region)


def is_valid_dim(value: Value, region: Region | None) -> bool:
    """Whether `value` may be bound to a dimension of an affine op in the affine scope
    `region` (MLIR's `isValidDim(value, region)`): a valid symbol, an induction
    variable, an index transformation of valid dimensions, or a dim of a top-level
    value."""
    if value.type is not _INDEX:
        return False
    if is_valid_symbol(value, region):
        return True
    if not isinstance(value, OpResult):
        return is_affine_induction_var(value)
    op = value.owner
    if op.name in _INDEX_OPS:
        return all(is_valid_dim(v, region) for v in op.operands)
    if isinstance(op, ShapedDimOpInterface) and op.num_operands:
        return is_top_level_value(op.operand(0))
    return False


def check_dim_and_symbol_operands(
    op: Operation, operands: Sequence[Value], num_dims: int
) -> str | None:
    """MLIR's message for the first of `operands` (dimensions, then symbols) that is not
    a valid dimension or symbol where `op` is, or None."""
    region = affine_scope(op)
    for index, value in enumerate(operands):
        if index < num_dims:
            if not is_valid_dim(value, region):
                return "operand cannot be used as a dimension id"
        elif not is_valid_symbol(value, region):
            return "operand cannot be used as a symbol"
    return None


# -- syntax ----------------------------------------------------------------------------


def _parse_operand_list(p: AsmParser, close: str) -> list[UnresolvedOperand]:
    uses: list[UnresolvedOperand] = []
    if p.consume_if(close):
        return uses
    while True:
        uses.append(p.parse_operand())
        if not p.consume_if(","):
            p.expect(close, f"expected '{close}' in operand list")
            return uses


def parse_dim_and_symbol_list(p: AsmParser) -> tuple[list[Value], int]:
    """`(%d0, ...)` and an optional `[%s0, ...]`, all of type index; returns the values
    and the number of dimensions."""
    p.expect("(", "expected '(' in operand list")
    uses = _parse_operand_list(p, ")")
    num_dims = len(uses)
    if p.consume_if("["):
        uses += _parse_operand_list(p, "]")
    return [p.resolve_operand(use, _INDEX) for use in uses], num_dims


def print_dim_and_symbol_list(p: AsmPrinter, operands: Sequence[Value], num_dims: int) -> str:
    """`(%d0, ...)`, then `[%s0, ...]` when there are symbol operands."""
    text = "(" + p.operands(operands[:num_dims]) + ")"
    if len(operands) > num_dims:
        text += "[" + p.operands(operands[num_dims:]) + "]"
    return text
