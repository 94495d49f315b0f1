"""The custom form of function-like ops, and symbol visibility.

MLIR's `FunctionImplementation` (`function_interface_impl::parseFunctionOp` and
`printFunctionOp`): `func.func` and `ml_program.func` read and write
`[visibility] @name(%arg: type {attrs}, ...) -> (type {attrs}, ...)
[attributes {...}] [{ body }]` the same way, from the hand-written `parse` and
`print` hooks of their specs. `parse_optional_visibility` reads the `public`,
`private` or `nested` before a symbol name; `tfg` uses it on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.assembly_format import EMPTY_DICT
from generator.ir.attributes import ArrayAttr, Attribute, DictionaryAttr, StringAttr, TypeAttr
from generator.ir.core import Location, Operation, Region
from generator.ir.opasm import AsmParser, AsmPrinter, SourcePos, UnresolvedOperand
from generator.ir.properties import get_property, inherent_or_discardable
from generator.ir.types import FunctionType, Type

__all__ = ["parse_function_op", "parse_optional_visibility", "print_function_op"]

_VISIBILITIES = ("public", "private", "nested")


def parse_optional_visibility(p: AsmParser) -> StringAttr | None:
    """`public`, `private` or `nested` before a symbol name, if present."""
    word = p.parse_optional_keyword_of(_VISIBILITIES)
    return StringAttr.get(word) if word is not None else None


def _parse_arguments(
    p: AsmParser,
) -> tuple[list[tuple[UnresolvedOperand, Type, Location | None]], list[Type], list[DictionaryAttr]]:
    """`(%a: t {attrs} loc(...), ...)` or `(t {attrs}, ...)`: named args, types, attrs."""
    named: list[tuple[UnresolvedOperand, Type, Location | None]] = []
    types: list[Type] = []
    attrs: list[DictionaryAttr] = []
    p.expect("(", "expected '('")
    if p.consume_if(")"):
        return named, types, attrs
    while True:
        pos = p.current_pos()
        if p.peek() == "%":
            if types and not named:
                p.op_error(pos, "expected type instead of SSA identifier")
            use = p.parse_argument()
            p.expect(":", "expected ':'")
            type_ = p.parse_type()
            arg_attrs = p.parse_optional_attr_dict()
            loc: Location | None = p.parse_optional_trailing_loc()
            named.append((use, type_, loc))
        else:
            if named:
                p.op_error(pos, "expected SSA identifier")
            type_ = p.parse_type()
            arg_attrs = p.parse_optional_attr_dict()
            p.parse_optional_trailing_loc()
        types.append(type_)
        attrs.append(arg_attrs)
        if p.consume_if(")"):
            return named, types, attrs
        p.expect(",", "expected ')'")


def _parse_results(p: AsmParser) -> tuple[list[Type], list[DictionaryAttr]]:
    """The result list after `->`: one type, or `(type {attrs}, ...)`."""
    if not p.consume_if("->"):
        return [], []
    if p.peek() != "(":
        return [p.parse_non_function_type()], [EMPTY_DICT]
    # In parentheses, a function type as a result is in parentheses of its own.
    p.expect("(")
    types: list[Type] = []
    attrs: list[DictionaryAttr] = []
    if p.consume_if(")"):
        return types, attrs
    while True:
        types.append(p.parse_type())
        attrs.append(p.parse_optional_attr_dict())
        if p.consume_if(")"):
            return types, attrs
        p.expect(",", "expected ')'")


def _attr_array(attrs: Sequence[DictionaryAttr]) -> ArrayAttr | None:
    """The `arg_attrs`/`res_attrs` array: None when every dictionary is empty."""
    if all(not a.entries for a in attrs):
        return None
    return ArrayAttr.get(tuple(attrs))


def parse_function_op(p: AsmParser, op_class: type[Operation], name_pos: SourcePos) -> Operation:
    """Read a function-like op after its name (MLIR's `parseFunctionOp`)."""
    visibility = parse_optional_visibility(p)
    name = p.parse_symbol_name_attr()
    signature_pos = p.current_pos()
    del signature_pos
    named, arg_types, arg_attrs = _parse_arguments(p)
    result_types, result_attrs = _parse_results(p)
    fn_type = FunctionType.get(tuple(arg_types), tuple(result_types))
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict_with_keyword()
    for inferred in ("sym_visibility", "sym_name", "function_type"):
        if any(k == inferred for k, _ in attrs.entries):
            p.op_error(
                attr_pos,
                f"'{inferred}' is an inferred attribute and should not be specified in the "
                "explicit attribute dictionary",
            )
    body = Region()
    body_pos = p.current_pos()
    if p.peek() == "{":
        p.parse_custom_region(body, named)
        if not body.blocks:
            p.op_error(body_pos, "expected non-empty function body")
    props: list[tuple[str, Attribute | None]] = [
        ("sym_name", name),
        ("function_type", TypeAttr.get(fn_type)),
        ("sym_visibility", visibility),
        ("arg_attrs", _attr_array(arg_attrs)),
        ("res_attrs", _attr_array(result_attrs)),
    ]
    return p.create_op(
        op_class,
        name_pos,
        (),
        (),
        properties=props,
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )


def _dict_text(p: AsmPrinter, attrs: Attribute | None) -> str:
    if isinstance(attrs, DictionaryAttr) and attrs.entries:
        return " " + p.attr_text(attrs)
    return ""


def print_function_op(p: AsmPrinter, op: Operation) -> None:
    """Write a function-like op after its name (MLIR's `printFunctionOp`)."""
    text = " "
    visibility = inherent_or_discardable(op, "sym_visibility")
    if isinstance(visibility, StringAttr):
        text += visibility.value + " "
    name = get_property(op, "sym_name")
    text += p.symbol(name.value if isinstance(name, StringAttr) else "")
    fn_attr = get_property(op, "function_type")
    fn = fn_attr.value if isinstance(fn_attr, TypeAttr) else None
    inputs = fn.inputs if isinstance(fn, FunctionType) else ()
    results = fn.results if isinstance(fn, FunctionType) else ()
    arg_attrs = get_property(op, "arg_attrs")
    res_attrs = get_property(op, "res_attrs")
    body = op.regions[0]
    external = not body.blocks
    parts = []
    for i, t in enumerate(inputs):
        attrs = arg_attrs.value[i] if isinstance(arg_attrs, ArrayAttr) else None
        if external:
            parts.append(p.type_text(t) + _dict_text(p, attrs))
        else:
            arg = body.blocks[0].args[i]
            piece = f"{p.operand(arg)}: {p.type_text(arg.type)}{_dict_text(p, attrs)}"
            if p.debuginfo:
                piece += " " + p.loc_text(arg.loc, allow_alias=False)
            parts.append(piece)
    text += "(" + ", ".join(parts) + ")"
    if results:
        first_attrs = res_attrs.value[0] if isinstance(res_attrs, ArrayAttr) else None
        parens = (
            len(results) > 1
            or isinstance(results[0], FunctionType)
            or (isinstance(first_attrs, DictionaryAttr) and bool(first_attrs.entries))
        )
        items = []
        for i, t in enumerate(results):
            attrs = res_attrs.value[i] if isinstance(res_attrs, ArrayAttr) else None
            items.append(p.type_text(t) + _dict_text(p, attrs))
        joined = ", ".join(items)
        text += " -> " + (f"({joined})" if parens else joined)
    text += p.attr_dict(
        op,
        ("sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"),
        with_keyword=True,
    )
    p.write(text)
    if not external:
        p.write(" ")
        p.print_region(body, entry_args=False)
