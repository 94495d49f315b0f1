"""The checks of the traits that constrain an op's types, as MLIR's `OpTrait::impl` has them.

`generator.ir.traits` defines the trait classes; their checks live here, as plain
functions over an op, so that they run compiled with the rest of the runtime (the
trait classes combine by multiple inheritance and stay Python). Each returns None
when the op satisfies the trait and MLIR's message otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.ir.attributes import Attribute
from generator.ir.type_utilities import compatible_shapes, element_type_or_self
from generator.ir.types import (
    DYNAMIC,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    VectorType,
)

if TYPE_CHECKING:
    from generator.ir.core import Operation


def _operand_types(op: Operation) -> list[Type]:
    return [o.value.type for o in op.op_operands]


def _at_least_one(op: Operation, results: bool) -> str | None:
    if not op.num_operands:
        return "expected 1 or more operands, but found 0"
    if results and not op.results:
        return "expected 1 or more results, but found 0"
    return None


def _encoding(t: Type) -> Attribute | None:
    return t.encoding if isinstance(t, RankedTensorType) else None


def _is_mappable(t: Type) -> bool:
    return isinstance(t, (VectorType, RankedTensorType, UnrankedTensorType))


def same_operands_and_result_type(op: Operation) -> str | None:
    """MLIR's `verifySameOperandsAndResultType`."""
    problem = _at_least_one(op, True)
    if problem is not None:
        return problem
    first = op.results[0].type
    elem = element_type_or_self(first)
    for t in [r.type for r in op.results[1:]] + _operand_types(op):
        if element_type_or_self(t) is not elem or not compatible_shapes(t, first):
            return "requires the same type for all operands and results"
        if _encoding(t) is not _encoding(first):
            return "requires the same encoding for all operands and results"
    return None


def same_type_operands(op: Operation) -> str | None:
    """MLIR's `verifySameTypeOperands`."""
    types = _operand_types(op)
    if any(t is not types[0] for t in types[1:]):
        return "requires all operands to have the same type"
    return None


def same_operands_shape(op: Operation) -> str | None:
    """MLIR's `verifySameOperandsShape`."""
    problem = _at_least_one(op, False)
    if problem is not None:
        return problem
    types = _operand_types(op)
    if not all(compatible_shapes(t, types[0]) for t in types[1:]):
        return "requires the same shape for all operands"
    return None


def same_operands_and_result_shape(op: Operation) -> str | None:
    """MLIR's `verifySameOperandsAndResultShape`."""
    problem = _at_least_one(op, True)
    if problem is not None:
        return problem
    first = op.operand(0).type
    types = [r.type for r in op.results] + _operand_types(op)[1:]
    if not all(compatible_shapes(t, first) for t in types):
        return "requires the same shape for all operands and results"
    return None


def same_operands_element_type(op: Operation) -> str | None:
    """MLIR's `verifySameOperandsElementType`."""
    problem = _at_least_one(op, False)
    if problem is not None:
        return problem
    types = _operand_types(op)
    elem = element_type_or_self(types[0])
    if any(element_type_or_self(t) is not elem for t in types[1:]):
        return "requires the same element type for all operands"
    return None


def same_operands_and_result_element_type(op: Operation) -> str | None:
    """MLIR's `verifySameOperandsAndResultElementType`."""
    problem = _at_least_one(op, True)
    if problem is not None:
        return problem
    elem = element_type_or_self(op.results[0].type)
    types = [r.type for r in op.results] + _operand_types(op)
    if any(element_type_or_self(t) is not elem for t in types):
        return "requires the same element type for all operands and results"
    return None


def same_operands_and_result_rank(op: Operation) -> str | None:
    """MLIR's `verifySameOperandsAndResultRank`."""
    problem = _at_least_one(op, True)
    if problem is not None:
        return problem
    operands = [t.rank for t in _operand_types(op) if isinstance(t, ShapedType) and t.has_rank]
    results = [
        r.type.rank for r in op.results if isinstance(r.type, ShapedType) and r.type.has_rank
    ]
    if not operands and not results:
        return None
    # The first ranked operand's rank (or the first ranked result's), which the
    # operands are compared with first, then the results.
    rank = operands[0] if operands else results[0]
    if any(r != rank for r in operands):
        return "operands don't have matching ranks"
    if any(r != rank for r in results):
        return "result type has different rank than operands"
    return None


def _broadcast_dims(a: int, b: int) -> int | None:
    """One dimension of two broadcast shapes (MLIR's `getBroadcastedShape`); None
    when they do not broadcast."""
    if a == DYNAMIC or b == DYNAMIC:
        if a > 1:
            return a
        if b > 1:
            return b
        if a == 1:
            return b
        if b == 1:
            return a
        return DYNAMIC
    if a == b or b == 1:
        return a
    if a == 1:
        return b
    return None


def _shape_text(shape: tuple[int, ...] | list[int]) -> str:
    return "'" + "x".join("?" if d == DYNAMIC else str(d) for d in shape) + "'"


def results_broadcastable_shape(op: Operation) -> str | None:
    """MLIR's `verifyCompatibleOperandBroadcast`: the operand shapes broadcast, and
    each ranked result's shape ends with the broadcast shape (dynamic sizes match
    any)."""
    shape: list[int] = []
    # Unranked operands take no part; when all are, any result shape is possible.
    ranked = [t for t in _operand_types(op) if not (isinstance(t, ShapedType) and not t.has_rank)]
    if not ranked:
        return None
    for type_ in ranked:
        other = list(type_.shape) if isinstance(type_, ShapedType) else []
        if len(other) > len(shape):
            shape, other = other, shape
        merged = list(shape)
        offset = len(shape) - len(other)
        for i, dim in enumerate(other):
            got = _broadcast_dims(shape[offset + i], dim)
            if got is None:
                return "operands don't have broadcast-compatible shapes"
            merged[offset + i] = got
        shape = merged
    for result in op.results:
        type_ = result.type
        if isinstance(type_, ShapedType) and not type_.has_rank:
            continue
        existing = list(type_.shape) if isinstance(type_, ShapedType) else []
        # Only the result's trailing dimensions are the broadcast shape's: a result
        # of higher rank passes here (`SameOperandsAndResultRank` may reject it).
        suffix = existing[len(existing) - len(shape) :] if len(existing) > len(shape) else existing
        if len(suffix) != len(shape) or any(
            e != i and e != DYNAMIC and i != DYNAMIC for e, i in zip(suffix, shape, strict=True)
        ):
            return (
                f"result type {_shape_text(existing)} not broadcast compatible with "
                f"broadcasted operands's shapes {_shape_text(shape)}"
            )
    return None


def elementwise(op: Operation) -> str | None:
    """MLIR's `verifyElementwise`."""
    results = [r.type for r in op.results if _is_mappable(r.type)]
    operands = [t for t in _operand_types(op) if _is_mappable(t)]
    if not results and not operands:
        return None
    if results and not operands:
        return "if a result is non-scalar, then at least one operand must be non-scalar"
    if not results:
        return "if an operand is non-scalar, then there must be at least one non-scalar result"
    if len(results) != len(op.results):
        return "if an operand is non-scalar, then all results must be non-scalar"
    types = operands + results

    # The base type is the type's class (MLIR's TypeID): a ranked and an unranked
    # tensor differ, as mlir-opt-22 says of `(tensor<2xf32>) -> tensor<*xf32>`.
    if any(type(t) is not type(types[0]) for t in types) or not all(
        compatible_shapes(t, u) for t in types for u in types
    ):
        return "all non-scalar operands/results must have the same shape and base type"
    return None
