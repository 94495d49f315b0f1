"""Op properties: reading, setting and adopting an op's inherent attributes by name.

Generated op classes keep each inherent attribute of their spec in a slot of its own
and read it directly. The functions here are for code that knows a property only by
its name (custom forms shared by several ops, interfaces, patterns), for the typed
accessors' checks with MLIR's messages (`required_property`, `optional_property`),
and for the generic form's parser, which splits a parsed op's `<{...}>` and attribute
dictionary into properties and discardable attributes as MLIR does
(`adopt_properties`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from generator.ir.attributes import Attribute, DictionaryAttr
from generator.ir.core import Operation

__all__ = [
    "adopt_properties",
    "get_property",
    "inherent_or_discardable",
    "optional_property",
    "required_property",
    "set_property",
]

_EMPTY: tuple[tuple[str, Attribute], ...] = ()
_A = TypeVar("_A", bound=Attribute)


def get_property(op: Operation, name: str) -> Attribute | None:
    """The inherent attribute `name` of a registered op, or None when it is unset.

    Generated code reads the property's slot directly; this is for code that
    knows the property only by name. (`inherent_or_discardable` also finds a
    discardable attribute of that name, as MLIR's `Operation::getAttr` does.)
    """
    slot = op.PROPERTY_SLOTS.get(name)
    if slot is not None:
        value: Attribute | None = getattr(op, slot)
        return value
    props = op.properties
    return props.get_entry(name) if isinstance(props, DictionaryAttr) else None


def inherent_or_discardable(op: Operation, name: str) -> Attribute | None:
    """The inherent attribute `name`, else the discardable one (MLIR's `getAttr`).

    For names an op may or may not declare, such as a function's `sym_visibility`.
    """
    value = get_property(op, name)
    return value if value is not None else op.attributes.get_entry(name)


def _property_error(op: Operation, name: str, value: Attribute | None, cls: type) -> ValueError:
    problem = "is not set" if value is None else f"is not a {cls.__name__}: {value}"
    return ValueError(f"'{op.name}' op attribute '{name}' {problem}")


def required_property(op: Operation, name: str, value: Attribute | None, cls: type[_A]) -> _A:
    """`value`, the inherent attribute `name` of `op`, which must be set and be a `cls`."""
    if not isinstance(value, cls):
        raise _property_error(op, name, value, cls)
    return value


def optional_property(
    op: Operation, name: str, value: Attribute | None, cls: type[_A]
) -> _A | None:
    """`value`, the inherent attribute `name` of `op` if set; it must be a `cls`."""
    if value is None:
        return None
    if not isinstance(value, cls):
        raise _property_error(op, name, value, cls)
    return value


def set_property(op: Operation, name: str, value: Attribute | None) -> None:
    """Set (or, with None, remove) the inherent attribute `name` of a registered op.

    A name an ODS op does not declare is no inherent attribute: it is set (or
    removed) as a discardable one, as MLIR's `Operation::setAttr` does.
    """
    slot = op.PROPERTY_SLOTS.get(name)
    if slot is not None:
        setattr(op, slot, value)
        return
    names = op.PROPERTY_NAMES
    if names is not None and name not in names:
        if value is None:
            op.remove_attr(name)
        else:
            op.set_attr(name, value)
        return
    props = op.properties
    entries = [e for e in (props.entries if isinstance(props, DictionaryAttr) else _EMPTY)]
    entries = [(k, v) for k, v in entries if k != name]
    if value is not None:
        entries.append((name, value))
    op.properties = DictionaryAttr.get(tuple(entries)) if entries else None


#: Checks one property value: None when it converts, else MLIR's reason.
PropertyCheck = Callable[[str, Attribute], bool]


def adopt_properties(
    op_class: type[Operation],
    properties: Attribute | None,
    attributes: DictionaryAttr,
) -> tuple[DictionaryAttr | None, DictionaryAttr, str | None]:
    """Split a parsed generic op's attributes into properties and discardable ones.

    As MLIR does for an op with ODS properties: inherent names found in the
    attribute dictionary move to the properties (their constraints are checked
    as MLIR's `verifyInherentAttrs` does), then the `<{...}>` dictionary sets the
    properties it names (it wins; names that are not properties are dropped), and
    default-valued properties that are still unset get their defaults.

    Returns (properties, attributes, error). `error` is the complete message of a
    parse error at the op, or None.
    """
    names = op_class.PROPERTY_NAMES or frozenset()
    name = op_class.OPERATION_NAME
    if not names and properties is not None:
        return (
            None,
            attributes,
            f"invalid properties {properties} for op {name}: "
            "this operation does not support properties",
        )
    values: dict[str, Attribute] = {}
    if attributes.entries and any(k in names for k, _ in attributes.entries):
        kept: list[tuple[str, Attribute]] = []
        for key, value in attributes.entries:
            if key in names:
                # MLIR checks them (`verifyInherentAttrs`) only when no `<{...}>` is given.
                problem = (
                    None if properties is not None else op_class.check_inherent_attr(key, value)
                )
                if problem is not None:
                    return None, attributes, f"'{name}' op {problem}"
                values[key] = value
            else:
                kept.append((key, value))
        attributes = DictionaryAttr.get(tuple(kept))
    if properties is not None:
        if not isinstance(properties, DictionaryAttr):
            return (
                None,
                attributes,
                f"invalid properties {properties} for op {name}: "
                "expected DictionaryAttr to set properties",
            )
        for key, value in properties.entries:
            if key in names:
                if not op_class.convert_property(key, value):
                    return (
                        None,
                        attributes,
                        f"invalid properties {properties} for op {name}: "
                        f"Invalid attribute `{key}` in property conversion: {value}",
                    )
                values[key] = value
    defaults = op_class.DEFAULT_PROPERTIES
    for key, value in defaults:
        if key not in values and key not in op_class.OPTIONAL_DEFAULTS:
            values[key] = value
    if not values:
        return None, attributes, None
    if (
        isinstance(properties, DictionaryAttr)
        and len(properties.entries) == len(values)
        and all(values.get(k) is v for k, v in properties.entries)
    ):
        # The common case of a printed op: its `<{...}>` is already the properties.
        return properties, attributes, None
    return DictionaryAttr.get(values), attributes, None
