"""Every name transform of the generator, in one place.

Spec names become Python names here: op class names from def names (`TF_AddOp` ->
`AddOp`, as MLIR strips the dialect prefix), snake_case accessor and builder names,
and sanitizing of names that are Python keywords or clash with members every
generated op class already has (`in` -> `in_`, `operands` -> `operands_`), in the
spirit of MLIR's Python binding generator.
"""

from __future__ import annotations

import keyword
import re

__all__ = [
    "RESERVED_OP_MEMBERS",
    "RESERVED_PARAMETRIC_MEMBERS",
    "class_name_from_def",
    "enum_member_name",
    "is_identifier",
    "parameter_name",
    "property_slot",
    "sanitize_name",
    "snake_case",
]

#: Attribute names every generated op class inherits from the runtime; a spec name
#: equal to one of these gets a trailing underscore.
RESERVED_OP_MEMBERS: frozenset[str] = frozenset(
    {
        "attributes",
        "context",
        "detach",
        "dialect_name",
        "erase",
        "get_attr",
        "ip",
        "is_registered",
        "loc",
        "name",
        "num_operands",
        "num_results",
        "op_operands",
        "operand",
        "operands",
        "operation",
        "parent",
        "parent_op",
        "parent_region",
        "properties",
        "regions",
        "remove_attr",
        "result_types",
        "results",
        "self",
        "set_attr",
        "set_operand",
        "set_operands",
        "successors",
        "verify",
        "verify_custom",
        "verify_invariants",
        "walk",
    }
)

_NOT_WORD = re.compile(r"[^0-9A-Za-z_]")
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def is_identifier(name: str) -> bool:
    """Whether `name` is a valid Python identifier that is not a keyword."""
    return name.isidentifier() and not keyword.iskeyword(name)


def sanitize_name(name: str) -> str:
    """Make a spec name usable as a Python attribute or parameter name.

    Characters other than letters, digits and `_` become `_`; a leading digit gets
    a `_` prefix; keywords and reserved op members get a `_` suffix.
    """
    out = _NOT_WORD.sub("_", name) or "_"
    if out[0].isdigit():
        out = "_" + out
    if keyword.iskeyword(out) or keyword.issoftkeyword(out) or out in RESERVED_OP_MEMBERS:
        out += "_"
    return out


#: Members every generated type or attribute class with parameters has; a parameter
#: named like one of these gets a trailing underscore.
RESERVED_PARAMETRIC_MEMBERS: frozenset[str] = frozenset(
    {
        "body",
        "build",
        "get",
        "has_alias_parts",
        "params",
        "params_text",
        "parse",
        "print_params",
        "unique",
        "verify",
    }
)


def parameter_name(name: str) -> str:
    """The Python name of a type's or attribute's parameter: its accessor, and the
    argument of `get` and `verify`. Keywords and the members of the class's base
    (`params`, `get`, ...) get a `_` suffix."""
    out = _NOT_WORD.sub("_", name) or "_"
    if out[0].isdigit():
        out = "_" + out
    if keyword.iskeyword(out) or keyword.issoftkeyword(out) or out in RESERVED_PARAMETRIC_MEMBERS:
        out += "_"
    return out


def enum_member_name(symbol: str) -> str:
    """The member of a generated `enum` class for a case symbol.

    Python's `enum` refuses `mro` and `_sunder_` names as members, so those get a
    `_` suffix on top of `sanitize_name` (`mro` -> `mro_`, `_x_` -> `_x__`).
    """
    out = sanitize_name(symbol)
    is_sunder = len(out) > 2 and out[0] == out[-1] == "_" and out[1] != "_" and out[-2] != "_"
    if out == "mro" or is_sunder:
        out += "_"
    return out


def class_name_from_def(def_name: str) -> str:
    """The Python class name of a def: the def name without its dialect prefix.

    As in MLIR, the prefix is everything up to and including the first `_`
    (`TF_AddOp` -> `AddOp`); a name without `_`, or with nothing after it, is kept.
    The rest starts with a capital, as Python classes do (`TFType_f32RefType`, made
    by a `foreach`, is `F32RefType`).
    """
    prefix, sep, rest = def_name.partition("_")
    if sep and prefix and rest and rest[0].isalpha():
        return rest[0].upper() + rest[1:]
    return def_name


def snake_case(name: str) -> str:
    """`AddIOp` -> `add_i_op`, `fooBar` -> `foo_bar`, `select` -> `select`."""
    return _CAMEL_BOUNDARY.sub("_", name).replace("-", "_").replace(".", "_").lower()


def directive_name(name: str) -> str:
    """`SymbolVisibility` -> `symbol_visibility`: how the parse and print functions of
    a `custom<Name>` format directive are named (`parse_symbol_visibility`)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def property_slot(name: str) -> str:
    """The slot an op class stores its property `name` in (`_prop_` and the name,
    made an identifier)."""
    return "_prop_" + _NOT_WORD.sub("_", name)
