"""The syntax of the `pdl` dialect's range type, `!pdl.range<type>`.

PDL writes the element of a range as the bare mnemonic of another PDL type (`type`,
`value`, `attribute`, `operation`), not as a full type; a range of ranges is an
error. The generated `!pdl.range` class parses, prints and verifies its parameter
with these functions, given the dialect's other type classes by mnemonic, so the
dialect's types need no hand-written code.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.ir.attr_type_base import DialectType, ParametricType
from generator.ir.opasm import AsmParser, SourcePos
from generator.ir.types import Type

__all__ = ["parse_pdl_range_element", "pdl_range_element_text", "verify_pdl_range_element"]

#: The element kinds a range may hold, as the verifier's message lists them.
_ELEMENTS = "[!pdl.attribute, !pdl.operation, !pdl.type, !pdl.value]"


def parse_pdl_range_element(
    p: AsmParser, range_class: type[ParametricType], elements: Mapping[str, type[Type]]
) -> Type:
    """Read `<mnemonic>` after `!pdl.range`: the element type, one of `elements` by
    mnemonic. An unknown mnemonic is reported where the range's own mnemonic starts,
    as PDL's dialect parser reports a type it does not know."""
    body = SourcePos(p.current_pos() - len(range_class.MNEMONIC))
    p.expect("<")
    element_pos = p.current_pos()
    word = p.parse_keyword()
    if word == range_class.MNEMONIC:
        inner = range_class.parse(p)
        p.error_at(element_pos, f"element of pdl.range cannot be another range, but got'{inner}'")
    element_class = elements.get(word)
    if element_class is None or not issubclass(element_class, DialectType):
        p.error_at(body, f"invalid 'pdl' type: `{word}'")
    element = element_class.get()
    p.expect(">")
    return element


def pdl_range_element_text(element: Type) -> str:
    """The element as a range prints it: its mnemonic (`type` for `!pdl.type`)."""
    if isinstance(element, DialectType) and element.DIALECT == "pdl":
        return element.body()
    return str(element)


def verify_pdl_range_element(element: Type) -> str | None:
    """Why `element` cannot be a range's element (not a PDL type, or a range), or None."""
    if isinstance(element, DialectType) and element.DIALECT == "pdl":
        return None
    return f"expected element of pdl.range to be one of {_ELEMENTS}, but got '{element}'"
