"""The C++ of MLIR 22's `arith` dialect that `odsgen import` asks for, in Python.

Imported from `ArithOps.td`, seventeen of arith's ops need hand-written code: the
verifiers of the fourteen casts and of `arith.constant` and `arith.select`,
`select`'s custom syntax, and the result names of `arith.constant` and
`arith.muli`. Every cast implements `CastOpInterface`, whose verifier MLIR runs on
each op: it asks the op's `areCastCompatible` whether the operand type converts to
the result type, so each cast needs a verifier hook, even the seven without a
`verify()` of their own. odsgen's
own `arith` (`opdefs/arith.td`, generated into `generated.arith`) already has them,
written against the same operand, attribute and result names, so most hooks here
call that code with the imported op rather than repeat it. Folders and
canonicalizers are optional hooks and are not written: the differential tests
check syntax and verification.

The test puts this module in the place of the skeleton `odsgen import` writes
(`NAME_impl/arith_impl.py`) and imports again; it is a test fixture, not shipped.
"""

from __future__ import annotations

from collections.abc import Sequence

from generated.arith import ops as builtin
from generator.ir import AsmParser, AsmPrinter, IntegerAttr, Operation, SourcePos


def mul_i_op_asm_result_names(op: Operation) -> Sequence[tuple[int, str]]:
    """A constant times `vector.vscale` (either way round) is `%c<N>_vscale`;
    other products keep the default name."""
    producers = [value.defining_op for value in op.operands]
    names = [p.name if p is not None else None for p in producers]
    for constant, vscale in ((0, 1), (1, 0)):
        if names[vscale] != "vector.vscale" or names[constant] != "arith.constant":
            continue
        producer = producers[constant]
        assert producer is not None
        value = getattr(producer, "value", None)
        if isinstance(value, IntegerAttr):
            return ((0, f"c{value.value}_vscale"),)
    return ()


# The casts: MLIR's `CastOpInterface` check, `areCastCompatible`, and the width
# checks of each op's own verifier. odsgen's casts make the same check in their
# `verify_custom`: one operand and one result, of compatible shapes (equal ranks,
# each dimension equal or dynamic; unranked matches any; ranked tensors of the same
# encoding), whose element types are ones the cast converts between, with the error
# "operand type ... and result type ... are cast incompatible". The element types:
#   bitcast           integer or float to integer or float of the same width,
#                     also as memref elements
#   index_cast(ui)    index to a signless integer or back, also as memref elements
#   sitofp, uitofp    integer to float, of any widths
#   fptosi, fptoui    float to integer, of any widths
#   extf / truncf     float to a wider / narrower float
#   extsi, extui      integer to a wider integer; trunci to a narrower one


def ext_f_op_verify(op: Operation) -> str | None:
    return builtin.ExtFOp.verify_custom(op)  # type: ignore[arg-type]


def ext_si_op_verify(op: Operation) -> str | None:
    return builtin.ExtSIOp.verify_custom(op)  # type: ignore[arg-type]


def ext_ui_op_verify(op: Operation) -> str | None:
    return builtin.ExtUIOp.verify_custom(op)  # type: ignore[arg-type]


def trunc_f_op_verify(op: Operation) -> str | None:
    return builtin.TruncFOp.verify_custom(op)  # type: ignore[arg-type]


def trunc_i_op_verify(op: Operation) -> str | None:
    return builtin.TruncIOp.verify_custom(op)  # type: ignore[arg-type]


def scaling_ext_f_op_verify(op: Operation) -> str | None:
    return builtin.ScalingExtFOp.verify_custom(op)  # type: ignore[arg-type]


def scaling_trunc_f_op_verify(op: Operation) -> str | None:
    return builtin.ScalingTruncFOp.verify_custom(op)  # type: ignore[arg-type]


def bitcast_op_verify(op: Operation) -> str | None:
    return builtin.BitcastOp.verify_custom(op)  # type: ignore[arg-type]


def index_cast_op_verify(op: Operation) -> str | None:
    return builtin.IndexCastOp.verify_custom(op)  # type: ignore[arg-type]


def index_cast_ui_op_verify(op: Operation) -> str | None:
    return builtin.IndexCastUIOp.verify_custom(op)  # type: ignore[arg-type]


def si_to_fp_op_verify(op: Operation) -> str | None:
    return builtin.SIToFPOp.verify_custom(op)  # type: ignore[arg-type]


def ui_to_fp_op_verify(op: Operation) -> str | None:
    return builtin.UIToFPOp.verify_custom(op)  # type: ignore[arg-type]


def fp_to_si_op_verify(op: Operation) -> str | None:
    return builtin.FPToSIOp.verify_custom(op)  # type: ignore[arg-type]


def fp_to_ui_op_verify(op: Operation) -> str | None:
    return builtin.FPToUIOp.verify_custom(op)  # type: ignore[arg-type]


def select_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`%c, %a, %b : [cond-type ,] type`; the condition's type is `i1` unless written."""
    parse = builtin.SelectOp.parse.__func__  # type: ignore[attr-defined]
    result: Operation = parse(cls, p, name_pos)
    return result


def select_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    builtin.SelectOp.print(op, p)  # type: ignore[arg-type]
    return None
