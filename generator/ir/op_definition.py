"""`OdsOp`, the base class of every op class generated from a spec.

As MLIR's `OpDefinition.h` does for ODS-generated ops, it adds to `Operation` what
all of them share: each inherent attribute is a property kept in a slot of its own
(`PROPERTY_SLOTS`), and the properties dictionary of the generic form is made from
those slots when asked for. Traits and their checks are classes in
`generator.ir.traits`.

Generated builders check their arguments with plain `isinstance` tests and report a
wrong one with `argument_error`; `checked_sequence` checks a variadic group.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from generator.ir.attributes import Attribute, DictionaryAttr
from generator.ir.core import Operation

__all__ = ["OdsOp", "argument_error", "checked_sequence"]

_T = TypeVar("_T")


@mypyc_attr(allow_interpreted_subclasses=True)
class OdsOp(Operation):
    """The base of every generated op class: its inherent attributes are stored as
    properties. Its traits (`Operation.TRAITS`) are those its spec lists."""

    __slots__ = ()

    PROPERTY_NAMES: ClassVar[frozenset[str] | None] = frozenset()

    @property
    def properties(self) -> Attribute | None:
        """The properties as one dictionary (what the generic form prints as `<{...}>`).

        A generated op class keeps each property in a slot of its own
        (`PROPERTY_SLOTS`); the dictionary is made when asked for.
        """
        if not self.PROPERTY_SLOTS:
            return self._properties
        entries = self.property_entries()
        return DictionaryAttr.get(entries) if entries else None

    @properties.setter
    def properties(self, value: Attribute | None) -> None:
        slots = self.PROPERTY_SLOTS
        if not slots:
            # An op without declared attributes has no properties; a name it does not
            # declare is dropped, as MLIR's `setPropertiesFromAttr` drops it.
            if isinstance(value, DictionaryAttr):
                names = self.PROPERTY_NAMES or frozenset()
                kept = tuple([(k, v) for k, v in value.entries if k in names])
                value = DictionaryAttr.get(kept) if kept else None
            self._properties = value
            return
        if value is None:
            for slot in slots.values():
                setattr(self, slot, None)
            return
        if not isinstance(value, DictionaryAttr):
            raise TypeError(f"the properties of '{self.name}' are a dictionary, not {value}")
        for name, slot in slots.items():
            setattr(self, slot, value.get_entry(name))

    def property_entries(self) -> tuple[tuple[str, Attribute], ...]:
        """The properties that are set, as (name, value) sorted by name."""
        slots = self.PROPERTY_SLOTS
        if not slots:
            return super().property_entries()
        return tuple(
            [
                (name, value)
                for name, slot in slots.items()
                if (value := getattr(self, slot)) is not None
            ]
        )

    def store_properties(self, values: Mapping[str, Attribute]) -> None:
        """Set every property from `values` (a property it lacks is unset)."""
        for name, slot in self.PROPERTY_SLOTS.items():
            setattr(self, slot, values.get(name))


def _describe(value: object) -> str:
    """`None`, `int 3`, `str 'i32'` (a plain value with its repr), or a class name."""
    if value is None:
        return "None"
    if isinstance(value, (bool, int, float, str, bytes)):
        text = repr(value)
        if len(text) > 40:
            text = text[:37] + "..."
        return f"{type(value).__name__} {text}"
    return type(value).__name__


def argument_error(op_name: str, what: str, expected: type, value: object) -> TypeError:
    """The error of a builder of `op_name` given `value` for the parameter `what`
    (`operand 'lhs'`, `result_type`, ...), where an `expected` was wanted."""
    name = expected.__name__
    article = "an" if name[0] in "AEIOU" else "a"
    return TypeError(f"'{op_name}' {what} must be {article} {name}, got {_describe(value)}")


def checked_sequence(
    op_name: str, what: str, items: Iterable[_T], expected: type[_T]
) -> Sequence[_T]:
    """`items`, the group a builder of `op_name` was given for the variadic parameter
    `what`, as a sequence; raises `argument_error` unless each item is an `expected`."""
    seq: Sequence[_T]
    if isinstance(items, (list, tuple)):
        seq = items
    elif isinstance(items, (str, bytes, expected)) or not hasattr(items, "__iter__"):
        raise TypeError(
            f"'{op_name}' {what} must be a sequence of {expected.__name__}s, got {_describe(items)}"
        )
    else:
        seq = list(items)
    for index, item in enumerate(seq):
        if not isinstance(item, expected):
            raise argument_error(op_name, f"{what} #{index}", expected, item)
    return seq
