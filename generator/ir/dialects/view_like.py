"""Mixed static and dynamic index lists, the syntax of ops that make views.

MLIR's `ViewLikeInterface` (`parseDynamicIndexList`, `printDynamicIndexList`): ops
that take offsets, sizes, strides or positions, each either a constant or an SSA
value (`memref.subview`, `memref.expand_shape`, `vector.extract`, ...), keep the
constants in a `static_*` dense array with `DYNAMIC` where a value goes, and write
the list as `[%a, 4, %b]`. Their assembly formats say
`custom<DynamicIndexList>(...)`, and the generated parsers and printers call these
functions by that name.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import Attribute, DenseArrayAttr
from generator.ir.core import Operation, Value
from generator.ir.opasm import AsmParser, AsmPrinter, UnresolvedOperand
from generator.ir.types import DYNAMIC, IntegerType

__all__ = ["parse_dynamic_index_list", "print_dynamic_index_list"]


def parse_dynamic_index_list(
    p: AsmParser, delimiters: str = "[]"
) -> tuple[list[UnresolvedOperand], DenseArrayAttr]:
    """`[%a, 4, %b]`: the SSA values, and the `static_*` array with `DYNAMIC` in their places.

    MLIR's `parseDynamicIndexList`, with square brackets or, given `delimiters="()"`,
    parentheses (`scf.forall`'s bounds). As there, an entry may be written in square
    brackets of its own (`[4]`, a scalable index); ops that keep no scalable flags
    accept and drop them.
    """
    open_, close = delimiters[0], delimiters[1]
    values: list[UnresolvedOperand] = []
    integers: list[int] = []
    if not p.consume_if(open_):
        p.wrong_token(f"expected '{open_}' in dynamic index list")
    if not p.consume_if(close):
        while True:
            use = p.parse_optional_operand()
            scalable = p.consume_if("[")
            if use is not None:
                values.append(use)
                integers.append(DYNAMIC)
            else:
                # A float literal is one token, and not an integer.
                integers.append(p.parse_integer_token())
            if scalable and not p.consume_if("]"):
                # MLIR reports the failed list, with no more precise error, at the op name.
                p.op_error(p.op_name_pos(), "expected SSA value or integer")
            if p.consume_if(close):
                break
            if not p.consume_if(","):
                p.wrong_token(f"expected '{close}' in dynamic index list")
    return values, DenseArrayAttr.get(IntegerType.get(64), tuple(integers))


def print_dynamic_index_list(
    p: AsmPrinter,
    op: Operation,
    values: Sequence[Value],
    integers: Attribute | None,
    delimiters: str = "[]",
) -> None:
    """Write `[%a, 4, %b]` (or `(%a, 4, %b)`) from the SSA values and the `static_*` array
    (MLIR's `printDynamicIndexList`); a value missing from a malformed op prints as
    `<<NULL VALUE>>`."""
    entries = integers.values if isinstance(integers, DenseArrayAttr) else ()
    parts: list[str] = []
    next_value = 0
    for entry in entries:
        if entry == DYNAMIC:
            parts.append(
                p.operand(values[next_value]) if next_value < len(values) else "<<NULL VALUE>>"
            )
            next_value += 1
        else:
            parts.append(str(entry))
    p.write(delimiters[0] + ", ".join(parts) + delimiters[1])
