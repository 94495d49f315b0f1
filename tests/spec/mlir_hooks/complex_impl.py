"""The C++ of MLIR 22's `complex` dialect that `odsgen import` asks for, in Python.

Imported from `ComplexOps.td`, two of complex's ops need hand-written code: the
verifiers of `complex.bitcast` (a complex type to or from an integer or float of
twice its element width, or an arith-style bitcast of equal widths) and of
`complex.constant` (a two-element array of the element type), and the result name
of `complex.constant` (`%cst`). odsgen's own `complex` (`opdefs/complex.td`,
generated into `generated.complex`) has them, written against the same operand,
attribute and result names, so the hooks call that code with the imported op.
Folders and canonicalizers are optional hooks and are not written: the
differential tests check syntax and verification.

The test puts this module in the place of the skeleton `odsgen import` writes
(`NAME_impl/complex_impl.py`) and imports again; it is a test fixture, not shipped.
"""

from __future__ import annotations

from collections.abc import Sequence

from generated.complex import ops as builtin
from generator.ir import Operation


def bitcast_op_verify(op: Operation) -> str | None:
    return builtin.BitcastOp.verify_custom(op)  # type: ignore[arg-type]


def constant_op_asm_result_names(op: Operation) -> Sequence[tuple[int, str]]:
    """`%cst` (MLIR's `getAsmResultNames`)."""
    return builtin.ConstantOp.asm_result_names(op)  # type: ignore[arg-type]


def constant_op_verify(op: Operation) -> str | None:
    return builtin.ConstantOp.verify_custom(op)  # type: ignore[arg-type]
