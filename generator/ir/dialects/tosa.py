"""The `tosa` dialect's op traits (MLIR's `OpTrait::tosa`), which check shape operands.

TOSA computes shapes with values of type `!tosa.shape<rank>`, made by shape ops
(`tosa.const_shape`, `tosa.add_shape`, ...), which carry `TosaShapeOperator`. MLIR
declares the traits in C++ (`mlir/Dialect/Tosa/IR/TosaOps.h`); here they are op
traits as the runtime's own are, with MLIR's messages:

- `TosaResolvableShapeOperands` (every TOSA op): each operand of shape type is the
  result of a shape op, so that it is known at compile time ("shape operand is not
  compile time resolvable");
- `TosaShapeOperatorWithSameRanks`: the op has an operand, and its operands and
  results are shapes of one rank;
- `TosaShapeOperator` and `TosaElementwiseOperator` mark ops and check nothing, as
  in MLIR.

The shape type is the dialect's `TypeDef` (generated with the dialect), so it is
known here by dialect and mnemonic, as the printer knows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.ir.attr_type_base import ParametricType
from generator.ir.traits import OpTrait

if TYPE_CHECKING:
    from generator.ir.core import Operation
    from generator.ir.types import Type

__all__ = [
    "TosaElementwiseOperator",
    "TosaResolvableShapeOperands",
    "TosaShapeOperator",
    "TosaShapeOperatorWithSameRanks",
    "tosa_shape_rank",
]


def tosa_shape_rank(t: Type) -> int | None:
    """The rank of `!tosa.shape<rank>`, None for any other type."""
    if isinstance(t, ParametricType) and t.DIALECT == "tosa" and t.MNEMONIC == "shape":
        rank = t.params[0] if t.params else None
        return rank if isinstance(rank, int) else None
    return None


class TosaElementwiseOperator(OpTrait):
    """The op is elementwise with broadcasting (unlike `Elementwise`); a marker, whose
    checks are the op's other traits (`ResultsBroadcastableShape`, ...)."""

    __slots__ = ()


class TosaShapeOperator(OpTrait):
    """The op computes shapes: its results are known at compile time when its operands
    are. A marker; `TosaResolvableShapeOperands` asks for it."""

    __slots__ = ()


class TosaResolvableShapeOperands(OpTrait):
    """Each shape operand comes from a shape op (MLIR's
    `verifyTosaResolvableShapeOperands`): not a block argument, nor another op's."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's message when a shape operand has no shape op defining it."""
        for value in op.operands:
            if tosa_shape_rank(value.type) is None:
                continue
            owner = value.defining_op
            if owner is None or not owner.has_trait(TosaShapeOperator):
                return "shape operand is not compile time resolvable"
        return None


class TosaShapeOperatorWithSameRanks(OpTrait):
    """A shape op whose operands and results are shapes of one rank (MLIR's
    `verifyTosaShapeOperatorWithSameRanks`)."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's messages: an operand is needed, every operand and result a shape,
        the operands of the first's rank, then the results."""
        operands = op.operands
        if not operands:
            return "expected 1 or more operands, but found 0"
        for value in operands:
            if tosa_shape_rank(value.type) is None:
                return "must have operands with tosa shape type"
        for result in op.results:
            if tosa_shape_rank(result.type) is None:
                return "must have result with tosa shape type"
        rank = tosa_shape_rank(operands[0].type)
        if any(tosa_shape_rank(v.type) != rank for v in operands):
            return "operands don't have matching ranks"
        if any(tosa_shape_rank(r.type) != rank for r in op.results):
            return "result shape has different rank than operands"
        return None
