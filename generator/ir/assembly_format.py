"""What the parsers and printers generated from assembly formats share.

A declarative `assemblyFormat` becomes straight-line `parse` and `print` methods per
op; the few steps they all take live here: the empty attribute dictionary a parsed op
starts from, reading an attribute the printer needs (`must`, `attr_int`,
`attr_string`), and MLIR's rule that a default-valued property left at its default is
not printed (`is_default_property`).
"""

from __future__ import annotations

from generator.ir.attributes import Attribute, DictionaryAttr, IntegerAttr, StringAttr
from generator.ir.core import Operation
from generator.ir.properties import get_property

__all__ = ["EMPTY_DICT", "attr_int", "attr_string", "is_default_property", "must"]

#: The empty attribute dictionary.
EMPTY_DICT = DictionaryAttr.get(())


def must(attr: Attribute | None) -> Attribute:
    """An attribute a printer needs; a missing one is a broken op (the verifier says so)."""
    if attr is None:
        raise ValueError("a required attribute is missing; verify the op before printing it")
    return attr


def attr_int(attr: Attribute | None) -> int:
    """The value of an integer attribute (an enum case stored as an integer)."""
    if not isinstance(attr, IntegerAttr):
        raise ValueError(f"expected an integer attribute, got {attr}")
    return attr.value


def attr_string(attr: Attribute | None) -> str:
    """The value of a string attribute."""
    if not isinstance(attr, StringAttr):
        raise ValueError(f"expected a string attribute, got {attr}")
    return attr.value


def is_default_property(op: Operation, name: str) -> bool:
    """Whether the default-valued property `name` is unset or has its default value."""
    value = get_property(op, name)
    if value is None:
        return True
    for key, default in op.DEFAULT_PROPERTIES:
        if key == name:
            return bool(value == default)
    return False
