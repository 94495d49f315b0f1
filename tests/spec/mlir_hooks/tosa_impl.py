"""The C++ of MLIR 22's `tosa.const_shape` that `odsgen import` asks for, in Python.

`tosa.const_shape` is the op that makes a `!tosa.shape` from constants, so every
valid program of tosa's shape ops starts with it; its C++ verifier is a hook of the
import. With it written here, the shape ops' programs can be valid, and the test
checks that `TosaResolvableShapeOperands` and `TosaShapeOperatorWithSameRanks`
accept what mlir-opt-22 accepts, not only reject what it rejects. The other tosa
hooks (verifiers, custom forms, result type inference) are not written.

The test puts this module in the place of the skeleton `odsgen import` writes
(`NAME_impl/tosa_impl.py`) and imports again; it is a test fixture, not shipped.
"""

from __future__ import annotations

from generator.ir import DenseElementsAttr, Operation
from generator.ir.dialects.tosa import tosa_shape_rank


def const_shape_op_verify(op: Operation) -> str | None:
    """`ConstShapeOp::verify`: the values are a 1-D tensor with one element per
    dimension of the result shape (one element for a rank-0 shape)."""
    values = op.get_attr("values")
    if not isinstance(values, DenseElementsAttr):
        return None  # the attribute's constraint reports it
    if values.type.rank != 1:
        return "expect elements in attribute values with rank 1"
    count = values.type.num_elements
    rank = tosa_shape_rank(op.results[0].type)
    if count != rank and (count != 1 or rank != 0):
        return (
            f"expect number of elements in attribute values ({count}) to be equal to "
            f"the rank ({rank}) for the result shape type"
        )
    return None
