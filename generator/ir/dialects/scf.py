"""Checks and syntax pieces the `scf` dialect's ops share.

MLIR keeps these in `SCF.cpp` and in the interface libraries the ops implement:
the loop-carried value checks of `LoopLikeOpInterface`, the type checks along the
control flow edges of `RegionBranchOpInterface`, and the `(%arg = %init, ...)`
assignment lists of `scf.for`, `scf.forall` and `scf.while`. The rewrite patterns
of the dialect's canonicalization are in `generator.ir.dialects.scf_rewrites`.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.core import BlockArgument, Operation, Region, Value
from generator.ir.opasm import AsmParser, AsmPrinter, UnresolvedOperand
from generator.ir.verify_messages import VerifyMessage

__all__ = [
    "ScfEdge",
    "scf_check_edges",
    "scf_check_loop_like",
    "scf_parse_assignment_list",
    "scf_print_assignment_list",
    "scf_terminator",
]

#: One control flow edge of a region op: the source's name in messages
#: (`parent`, `Operation scf.yield`), the target's (`Region #0`, `parent`), the
#: values forwarded, the target's inputs, and the op the note "region branch point"
#: points at.
ScfEdge = tuple[str, str, Sequence[Value], Sequence[Value], Operation]


def scf_terminator(region: Region) -> Operation | None:
    """The last op of the region's first block, if any (what the ops' checks look at)."""
    block = region.entry_block
    return block.last_op if block is not None else None


def scf_check_loop_like(
    inits: Sequence[Value],
    iter_args: Sequence[BlockArgument],
    yielded: Sequence[Value],
    results: Sequence[Value] | None,
) -> str | None:
    """MLIR's `LoopLikeOpInterface` check of the loop-carried values: as many inits,
    region arguments, yielded values (when any are yielded) and results (when the
    loop has results to compare), of the same types."""
    if len(inits) != len(iter_args):
        return f"different number of inits and region iter_args: {len(inits)} != {len(iter_args)}"
    if yielded and len(iter_args) != len(yielded):
        return (
            "different number of region iter_args and yielded values: "
            f"{len(iter_args)} != {len(yielded)}"
        )
    if results is not None and len(results) != len(iter_args):
        return (
            "different number of loop results and region iter_args: "
            f"{len(results)} != {len(iter_args)}"
        )
    for i, (init, arg) in enumerate(zip(inits, iter_args, strict=True)):
        if init.type != arg.type:
            return (
                f"{i}-th init and {i}-th region iter_arg have different type: "
                f"'{init.type}' != '{arg.type}'"
            )
        if yielded and arg.type != yielded[i].type:
            return (
                f"{i}-th region iter_arg and {i}-th yielded value have different type: "
                f"'{arg.type}' != '{yielded[i].type}'"
            )
    if results is not None:
        for arg, result in zip(iter_args, results, strict=True):
            if arg.type != result.type:
                # MLIR 22 numbers this message 0 whichever pair differs (its counter
                # is not advanced in this loop); the messages must match byte for byte.
                return (
                    "0-th region iter_arg and 0-th loop result have different type: "
                    f"'{arg.type}' != '{result.type}'"
                )
    return None


def scf_check_edges(edges: Sequence[ScfEdge]) -> VerifyMessage | None:
    """MLIR's `RegionBranchOpInterface` check: along each control flow edge, as many
    values as the target takes, of its types (in the edges' order)."""
    for source, target, operands, inputs, point in edges:
        prefix = f"along control flow edge from {source} to {target}: "
        note = (point, "region branch point")
        if len(operands) != len(inputs):
            return VerifyMessage(
                f"{prefix}region branch point has {len(operands)} operands, but region "
                f"successor needs {len(inputs)} inputs",
                notes=(note,),
            )
        for index, (value, arg) in enumerate(zip(operands, inputs, strict=True)):
            if value.type != arg.type:
                return VerifyMessage(
                    f"{prefix}successor operand type #{index} '{value.type}' should match "
                    f"successor input type #{index} '{arg.type}'",
                    notes=(note,),
                )
    return None


def scf_parse_assignment_list(
    p: AsmParser,
) -> tuple[list[UnresolvedOperand], list[UnresolvedOperand]]:
    """`(%arg = %value, ...)` after the `(` was seen: the region arguments and the
    values they start as (MLIR's `parseAssignmentList`)."""
    args: list[UnresolvedOperand] = []
    uses: list[UnresolvedOperand] = []
    p.expect("(", "expected '('")
    if p.consume_if(")"):
        return args, uses
    while True:
        args.append(p.parse_argument())
        p.expect("=", "expected '='")
        uses.append(p.parse_operand())
        if p.consume_if(")"):
            return args, uses
        p.expect(",", "expected ')'")


def scf_print_assignment_list(
    p: AsmPrinter, args: Sequence[Value], values: Sequence[Value], prefix: str
) -> str:
    """`<prefix>(%arg = %value, ...)`, or '' without values (`printInitializationList`)."""
    if not values:
        return ""
    pairs = [f"{p.operand(a)} = {p.operand(v)}" for a, v in zip(args, values, strict=False)]
    return prefix + "(" + ", ".join(pairs) + ")"
