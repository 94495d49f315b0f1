"""The C++ of MLIR 22's `index` dialect that `odsgen import` asks for, in Python.

Imported from `IndexOps.td`, two of index's ops need hand-written code: the
casts `index.casts` and `index.castu` implement `CastOpInterface`, whose verifier
asks the op's `areCastCompatible` whether the operand type converts to the result
type (exactly one of the two is `index`). (The names `index.constant` and
`index.bool.constant` give their results, `%idx3` and `%true`, come with the
import.) odsgen's own `index` (`opdefs/index.td`, generated into
`generated.index`) has both verifiers, written against the same operand,
attribute and result names, so the hooks call that code with the imported op. Folders and integer range inference are optional hooks and
are not written: the differential tests check syntax and verification.

The test puts this module in the place of the skeleton `odsgen import` writes
(`NAME_impl/index_impl.py`) and imports again; it is a test fixture, not shipped.
"""

from __future__ import annotations

from generated.index import ops as builtin
from generator.ir import Operation


def cast_s_op_verify(op: Operation) -> str | None:
    """`areCastCompatible`: one side `index`, the other an integer."""
    return builtin.CastSOp.verify_custom(op)  # type: ignore[arg-type]


def cast_u_op_verify(op: Operation) -> str | None:
    """`areCastCompatible`: one side `index`, the other an integer."""
    return builtin.CastUOp.verify_custom(op)  # type: ignore[arg-type]
