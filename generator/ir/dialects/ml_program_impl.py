"""The implementation module of the `ml_program` dialect (`opdefs/ml_program.td`).

The syntax of MLIR's `ml_program` ops that their assembly formats leave to
`custom<...>` directives: a global's visibility, its type and initial value, and
the token ordering of the graph ops. The spec names this module as its
`implementationModule`; the generated parsers and printers call these functions
through it (`ml_program_impl.parse_symbol_visibility(p)`), so, unlike the helper
modules beside it, it exports nothing for generated modules to import.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import Attribute, StringAttr, TypeAttr
from generator.ir.core import Operation, Value
from generator.ir.opasm import AsmParser, AsmPrinter, UnresolvedOperand
from generator.ir.types import Type

__all__: list[str] = []


def parse_symbol_visibility(p: AsmParser) -> tuple[Attribute]:
    """`public`, `private` or `nested`: the visibility is always written."""
    word = p.parse_optional_keyword_of(("public", "private", "nested"))
    if word is None:
        p.op_error(p.current_pos(), "expected 'public', 'private', or 'nested'")
    return (StringAttr.get(word),)


def print_symbol_visibility(p: AsmPrinter, op: Operation, visibility: Attribute | None) -> None:
    p.write(visibility.value if isinstance(visibility, StringAttr) else "public")


def parse_typed_initial_value(p: AsmParser) -> tuple[Attribute, Attribute | None]:
    """`(value) : type`, the value optional."""
    value: Attribute | None = None
    if p.consume_if("("):
        value = p.parse_attribute()
        p.expect(")", "expected ')'")
    return TypeAttr.get(p.parse_colon_type()), value


def print_typed_initial_value(
    p: AsmPrinter, op: Operation, type_attr: Attribute | None, value: Attribute | None
) -> None:
    text = f"({p.attr_text(value)})" if value is not None else ""
    if isinstance(type_attr, TypeAttr):
        text += " : " + p.type_text(type_attr.value)
    p.write(text)


def parse_token_ordering(p: AsmParser) -> tuple[list[UnresolvedOperand], Type]:
    """`ordering(%a, %b -> !ml_program.token)`, or `ordering(() -> ...)` for none."""
    p.expect_keyword("ordering")
    p.expect("(", "expected '('")
    uses: list[UnresolvedOperand] = []
    if p.consume_if("("):
        p.expect(")", "expected ')'")
    else:
        uses = p.parse_operand_list()
    p.expect("->", "expected '->'")
    produce_type = p.parse_type()
    p.expect(")", "expected ')'")
    return uses, produce_type


def print_token_ordering(
    p: AsmPrinter, op: Operation, tokens: Sequence[Value], produce_type: Type
) -> None:
    consumed = p.operands(tokens) if tokens else "()"
    p.write(f" ordering({consumed} -> {p.type_text(produce_type)})")
