"""The model to YAML: a `DialectDef` written in the spelling `from_yaml.py` reads.

Keys come in the order the example specs use (the dialect's header, then the
definitions it imports from other dialects, enums, interfaces, types, attributes,
ops and patterns; within a def, the model's field order); keys whose value is the default are left out. Constraints, traits and
DAGs are written in ODS syntax (`convert.py` spells them), code and multi-line
descriptions as block scalars, short items as one-line flow mappings. Every
scalar is checked by reading it back with pyyaml, and quoted when a plain
scalar would read differently.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import yaml

from generator.spec.convert import attribute_spelling, dag_spelling, value_spelling
from generator.spec.model import (
    AttrDef,
    BuilderDef,
    DagNodeDef,
    DialectDef,
    EnumDef,
    ImportDef,
    InterfaceDef,
    OpDef,
    ParameterDef,
    PatternDef,
    RegionDef,
    SourceText,
    TypeDef,
)

__all__ = ["dialect_to_yaml"]

#: Longest line a flow mapping or flow list may make before it is written as a block.
_FLOW_WIDTH = 100

_REGION_NAMES = {
    "any": "AnyRegion",
    "sized": "SizedRegion",
    "min_sized": "MinSizedRegion",
    "max_sized": "MaxSizedRegion",
}


class _Text(str):
    """A text field (code, description): written as a block scalar when it has lines."""

    __slots__ = ()


Scalar = str | int | float | bool
#: One mapping: its keys and values in order; a value is a scalar, a `_Text`, a
#: list of scalars or a list of mappings.
Fields = list[tuple[str, Any]]


def _loads_as(doc: str, expected: Any) -> bool:
    try:
        loaded = yaml.safe_load(doc)
    except yaml.YAMLError:
        return False
    return bool(loaded == expected) and type(loaded) is type(expected)


def _scalar(value: Scalar, *, flow: bool) -> str:
    """One scalar on one line: plain when it reads back as itself, quoted otherwise."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return yaml.safe_dump(value).splitlines()[0]
    text = str(value)
    expected = {"k": text}
    if "\n" not in text and _loads_as(f"{{k: {text}}}" if flow else f"k: {text}", expected):
        return text
    if "'" not in text and "\n" not in text and '"' in text:
        quoted = "'" + text + "'"
        if _loads_as(f"k: {quoted}", expected):
            return quoted
    return json.dumps(text, ensure_ascii=False)


def _text_lines(key: str, text: str, indent: int) -> list[str]:
    """`key: text`, as a literal block scalar when the text has several lines."""
    pad = " " * indent
    if "\n" in text and text.strip("\n"):
        if text.endswith("\n\n"):
            chomp = "+"
        elif text.endswith("\n"):
            chomp = ""
        else:
            chomp = "-"
        body = [("  " + line) if line else "" for line in text.rstrip("\n").split("\n")]
        body += [""] * (len(text) - len(text.rstrip("\n")) - 1)
        if _loads_as("\n".join([f"k: |{chomp}", *body, ""]), {"k": text}):
            return [f"{pad}{key}: |{chomp}"] + [(pad + line) if line else "" for line in body]
    return [f"{pad}{key}: {_scalar(text, flow=False)}"]


def _is_inline(value: Any) -> bool:
    return isinstance(value, Scalar) and not (isinstance(value, _Text) and "\n" in value)


def _flow_mapping(fields: Fields) -> str | None:
    if not all(_is_inline(value) for _, value in fields):
        return None
    return "{" + ", ".join(f"{k}: {_scalar(v, flow=True)}" for k, v in fields) + "}"


def _mapping_lines(fields: Fields, indent: int) -> list[str]:
    """A block mapping at `indent`."""
    pad = " " * indent
    out: list[str] = []
    for key, value in fields:
        if isinstance(value, _Text):
            out += _text_lines(key, value, indent)
        elif isinstance(value, Scalar):
            out.append(f"{pad}{key}: {_scalar(value, flow=False)}")
        elif value and isinstance(value[0], list):
            out.append(f"{pad}{key}:")
            for item in value:
                out += _item_lines(item, indent + 2)
        else:
            out += _scalar_list_lines(key, value, indent)
    return out


def _item_lines(fields: Fields, indent: int, *, block: bool = False) -> list[str]:
    """One list item (`- ...`) holding a mapping: a flow mapping when it fits a line."""
    pad = " " * indent
    flow = None if block else _flow_mapping(fields)
    if flow is not None and indent + 2 + len(flow) <= _FLOW_WIDTH:
        return [f"{pad}- {flow}"]
    lines = _mapping_lines(fields, indent + 2)
    return [f"{pad}- {lines[0].lstrip()}", *lines[1:]]


def _scalar_list_lines(key: str, items: Sequence[str], indent: int) -> list[str]:
    """A list of scalars: `[a, b]` when every item is plain in a flow and it fits a line."""
    pad = " " * indent
    flow_items = [_scalar(item, flow=True) for item in items]
    flow = "[" + ", ".join(flow_items) + "]"
    if flow_items == list(items) and indent + len(key) + 2 + len(flow) <= _FLOW_WIDTH:
        return [f"{pad}{key}: {flow}"]
    return [f"{pad}{key}:"] + [f"{pad}  - {_scalar(item, flow=False)}" for item in items]


def _optional(fields: Fields, key: str, value: Any, default: Any = "") -> None:
    if value is not None and value != default and value != ():
        fields.append((key, value))


def _text(value: SourceText | None) -> _Text | None:
    return None if value is None else _Text(value.text)


# ---------------------------------------------------------------------------
# The dialect's parts
# ---------------------------------------------------------------------------


def _enum(enum: EnumDef) -> Fields:
    fields: Fields = [("def", enum.def_name)]
    _optional(fields, "summary", enum.summary)
    _optional(fields, "description", _Text(enum.description))
    fields.append(("kind", enum.kind))
    _optional(fields, "separator", enum.separator, "|")
    _optional(fields, "print_bit_enum_primary_groups", enum.print_bit_enum_primary_groups, False)
    _optional(fields, "cpp_namespace", enum.cpp_namespace)
    cases: list[Fields] = []
    for case in enum.cases:
        item: Fields = [("symbol", case.symbol)]
        _optional(item, "value", case.value, None)
        _optional(item, "string", case.string, None)
        cases.append(item)
    fields.append(("cases", cases))
    return fields


def _import(imported: ImportDef) -> Fields:
    fields: Fields = [("dialect", imported.dialect)]
    _optional(fields, "package", imported.package, None)
    _optional(fields, "file", imported.file, None)
    _optional(fields, "enums", [_enum(e) for e in imported.enums], [])
    _optional(fields, "attributes", [_type_or_attr(a) for a in imported.attributes], [])
    return fields


def _parameter(param: ParameterDef) -> Fields:
    fields: Fields = [("name", param.name), ("type", param.type)]
    _optional(fields, "description", param.description)
    _optional(fields, "default", param.default, None)
    _optional(fields, "optional", param.optional, False)
    return fields


def _type_or_attr(item: TypeDef | AttrDef) -> Fields:
    fields: Fields = [("def", item.def_name), ("mnemonic", item.mnemonic)]
    _optional(fields, "summary", item.summary)
    _optional(fields, "description", _Text(item.description))
    _optional(fields, "parameters", [_parameter(p) for p in item.parameters], [])
    _optional(fields, "traits", [t.spelling() for t in item.traits], [])
    _optional(fields, "assembly_format", _text(item.assembly_format), None)
    _optional(fields, "has_custom_assembly_format", item.has_custom_assembly_format, False)
    _optional(fields, "parser", _text(item.parser), None)
    _optional(fields, "printer", _text(item.printer), None)
    _optional(fields, "verifier", _text(item.verifier), None)
    _optional(fields, "builders", [_builder(b) for b in item.builders], [])
    _optional(fields, "extra_code", _text(item.extra_code), None)
    if isinstance(item, AttrDef):
        _optional(fields, "enum", item.enum, None)
        _optional(fields, "alias", item.alias, None)
    return fields


def _interface(interface: InterfaceDef) -> Fields:
    fields: Fields = [("def", interface.def_name)]
    _optional(fields, "name", interface.name)
    _optional(fields, "kind", interface.kind, "op")
    _optional(fields, "description", _Text(interface.description))
    _optional(fields, "bases", list(interface.bases), [])
    methods: list[Fields] = []
    for method in interface.methods:
        item: Fields = [("name", method.name)]
        _optional(item, "description", _Text(method.description))
        _optional(item, "return_type", method.return_type)
        args: list[Fields] = []
        for arg in method.args:
            arg_fields: Fields = [("name", arg.name)]
            _optional(arg_fields, "type", arg.type)
            _optional(arg_fields, "default", arg.default, None)
            args.append(arg_fields)
        _optional(item, "args", args, [])
        _optional(item, "static", method.static, False)
        _optional(item, "body", _text(method.body), None)
        _optional(item, "default", _text(method.default), None)
        methods.append(item)
    _optional(fields, "methods", methods, [])
    _optional(fields, "extra_code", _text(interface.extra_code), None)
    _optional(fields, "verifier", _text(interface.verifier), None)
    _optional(fields, "verify_with_regions", interface.verify_with_regions, False)
    return fields


def _region(region: RegionDef) -> str:
    c = region.constraint
    name = _REGION_NAMES[c.kind]
    text = name if c.kind == "any" else f"{name}<{c.blocks}>"
    return f"VariadicRegion<{text}>" if region.variadic else text


def _builder(builder: BuilderDef) -> Fields:
    params: list[Fields] = []
    for param in builder.params:
        item: Fields = [("name", param.name)]
        _optional(item, "type", param.type)
        _optional(item, "default", param.default, None)
        params.append(item)
    fields: Fields = []
    _optional(fields, "params", params, [])
    if builder.body is not None:
        fields.append(("body", _Text(builder.body.text)))
    _optional(fields, "description", builder.description)
    return fields


def _op(op: OpDef) -> Fields:
    fields: Fields = [("def", op.def_name), ("mnemonic", op.mnemonic)]
    _optional(fields, "summary", op.summary)
    _optional(fields, "description", _Text(op.description))
    _optional(fields, "traits", [t.spelling() for t in op.traits], [])
    operands: list[Fields] = []
    for operand in op.operands:
        type_ = value_spelling(operand.type, operand.variadicity, operand.segment_attr, "yaml")
        item: Fields = [("name", operand.name)] if operand.name else []
        item.append(("type", type_))
        _optional(item, "description", operand.description)
        operands.append(item)
    _optional(fields, "operands", operands, [])
    attributes: list[Fields] = []
    for attr in op.attributes:
        item = [("name", attr.name)]
        if isinstance(attr.default, str) or attr.default is None:
            item.append(("type", attribute_spelling(attr, "yaml")))
        else:
            # A number or boolean default has no ODS spelling; YAML keeps it as it is.
            item.append(
                ("type", attribute_spelling(attr.model_copy(update={"default": None}), "yaml"))
            )
            item.append(("default", attr.default))
        _optional(item, "derived", _text(attr.derived), None)
        _optional(item, "description", attr.description)
        attributes.append(item)
    _optional(fields, "attributes", attributes, [])
    _optional(fields, "argument_order", list(op.argument_order), [])
    results: list[Fields] = []
    for result in op.results:
        type_ = value_spelling(result.type, result.variadicity, result.segment_attr, "yaml")
        item = [("name", result.name)] if result.name else []
        item.append(("type", type_))
        _optional(item, "description", result.description)
        results.append(item)
    _optional(fields, "results", results, [])
    regions: list[Fields] = []
    for region in op.regions:
        item = [("name", region.name), ("constraint", _region(region))]
        _optional(item, "description", region.description)
        regions.append(item)
    _optional(fields, "regions", regions, [])
    successors: list[Fields] = []
    for successor in op.successors:
        item = [("name", successor.name)]
        _optional(item, "variadic", successor.variadic, False)
        _optional(item, "description", successor.description)
        successors.append(item)
    _optional(fields, "successors", successors, [])
    _optional(fields, "assembly_format", _text(op.assembly_format), None)
    _optional(fields, "builders", [_builder(b) for b in op.builders], [])
    _optional(fields, "skip_default_builders", op.skip_default_builders, False)
    _optional(fields, "has_verifier", op.has_verifier, False)
    _optional(fields, "verifier", _text(op.verifier), None)
    _optional(fields, "has_region_verifier", op.has_region_verifier, False)
    _optional(fields, "region_verifier", _text(op.region_verifier), None)
    _optional(fields, "has_folder", op.has_folder, False)
    _optional(fields, "fold", _text(op.fold), None)
    _optional(fields, "reference", _text(op.reference), None)
    _optional(fields, "has_canonicalizer", op.has_canonicalizer, False)
    _optional(fields, "has_canonicalize_method", op.has_canonicalize_method, False)
    _optional(fields, "canonicalize", _text(op.canonicalize), None)
    _optional(fields, "extra_code", _text(op.extra_code), None)
    _optional(fields, "has_custom_assembly_format", op.has_custom_assembly_format, False)
    _optional(fields, "parser", _text(op.parser), None)
    _optional(fields, "printer", _text(op.printer), None)
    _optional(fields, "asm_result_names", _text(op.asm_result_names), None)
    _optional(fields, "default_dialect", op.default_dialect, "")
    return fields


def _pattern_result(node: DagNodeDef) -> str:
    # `$x` is the YAML shorthand of `(replaceWithValue $x)`.
    if node.operator == "replaceWithValue" and node.bind is None and len(node.args) == 1:
        arg = node.args[0]
        if arg.value is None and arg.bind:
            return f"${arg.bind}"
    return dag_spelling(node)


def _pattern(pattern: PatternDef) -> Fields:
    fields: Fields = []
    _optional(fields, "name", pattern.name, None)
    fields.append(("source", dag_spelling(pattern.source)))
    fields.append(("results", [_pattern_result(r) for r in pattern.results]))
    _optional(fields, "constraints", [dag_spelling(c) for c in pattern.constraints], [])
    _optional(fields, "benefit", pattern.benefit, 0)
    _optional(fields, "set", pattern.pattern_set, "")
    _optional(fields, "unsound", pattern.unsound, None)
    return fields


def dialect_to_yaml(dialect: DialectDef) -> str:
    """The dialect as a YAML spec that `load_yaml` reads back into the same model."""
    header: Fields = [("name", dialect.name)]
    _optional(header, "package", dialect.package, None)
    _optional(header, "summary", dialect.summary)
    _optional(header, "description", _Text(dialect.description))
    _optional(header, "has_constant_materializer", dialect.has_constant_materializer, False)
    _optional(header, "has_canonicalizer", dialect.has_canonicalizer, False)
    _optional(header, "allow_unknown_operations", dialect.allow_unknown_operations, False)
    _optional(header, "implementation_module", dialect.implementation_module, None)
    _optional(header, "pattern_file", dialect.pattern_file, False)
    _optional(header, "extra_code", _text(dialect.extra_code), None)
    sections: list[list[str]] = [_mapping_lines(header, 0)]
    parts: list[tuple[str, list[Fields]]] = [
        ("imports", [_import(i) for i in dialect.imports]),
        ("enums", [_enum(e) for e in dialect.enums]),
        ("interfaces", [_interface(i) for i in dialect.interfaces]),
        ("types", [_type_or_attr(t) for t in dialect.types]),
        ("attributes", [_type_or_attr(a) for a in dialect.attributes]),
        ("ops", [_op(o) for o in dialect.ops]),
        ("patterns", [_pattern(p) for p in dialect.patterns]),
    ]
    for key, items in parts:
        if not items:
            continue
        lines = [f"{key}:"]
        for index, item in enumerate(items):
            # The dialect's defs are always blocks, however short.
            item_lines = _item_lines(item, 2, block=True)
            # Ops are long; a blank line between them keeps them apart.
            if key == "ops" and index and len(item_lines) > 1:
                lines.append("")
            lines += item_lines
        sections.append(lines)
    return "\n\n".join("\n".join(lines) for lines in sections) + "\n"
