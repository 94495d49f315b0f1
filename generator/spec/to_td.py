"""The model to TableGen: a `DialectDef` written in the base library's spelling.

The file includes `OpBase.td` (and the spec of each dialect whose enums and
attributes it imports, by its file name, `<dialect>.td` when the model does not
know it) and holds, in this order, a `Dialect` def, the
enums, types and attributes (ops refer to them, and TableGen needs a def
before its use), a `<Prefix>_Op` class that fixes the dialect, the ops, and
the patterns, with `def Name;` stand-ins for the ops of other dialects the
patterns name. The layout is the one a person writes: `let` fields in `Op`'s
order, code in `[{ ... }]` blocks indented under their field, long dag lists
wrapped and aligned after their operator. Constraints, traits and DAGs are
spelled by `convert.py`.

TableGen holds less than the model: the descriptions of operands, results,
attributes, regions, successors and builders, and the binding of a pattern's
root, have no field in the base library. `td_losses` lists what a conversion
drops, as warnings; `dialect_to_td` itself never fails on them.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable

from generator.diagnostics import SpecDiagnostic
from generator.ir.diagnostics import Severity
from generator.spec.convert import (
    ConvertError,
    attr_spelling,
    attribute_spelling,
    dag_spelling,
    default_include_dir,
    value_spelling,
)
from generator.spec.model import (
    AttrDef,
    BuilderDef,
    DagNodeDef,
    DialectDef,
    EnumDef,
    InterfaceDef,
    InterfaceMethodDef,
    OpDef,
    ParameterDef,
    PatternDef,
    RegionDef,
    TraitRef,
    TypeDef,
)

__all__ = ["dialect_to_td", "td_losses"]

#: Lines longer than this are wrapped where the layout allows.
_WIDTH = 90

_REGION_NAMES = {
    "any": "AnyRegion",
    "sized": "SizedRegion",
    "min_sized": "MinSizedRegion",
    "max_sized": "MaxSizedRegion",
}
_ENUM_CLASSES = {
    "i32": "I32EnumAttr",
    "i64": "I64EnumAttr",
    "string": "StrEnumAttr",
    "bit32": "I32BitEnumAttr",
    "bit64": "I64BitEnumAttr",
}
_CASE_CLASSES = {
    "i32": "I32EnumAttrCase",
    "i64": "I64EnumAttrCase",
    "string": "StrEnumAttrCase",
    "bit32": "I32BitEnumAttrCase",
    "bit64": "I64BitEnumAttrCase",
}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def td_string(text: str) -> str:
    """A TableGen string literal, with the escapes TableGen reads."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\t", "\\t") + '"'


def _code(text: str, indent: int) -> str:
    """A code value: `[{text}]` on one line, or its lines indented under the field.

    The records front end dedents a multi-line code block and ends it with one
    newline, so a text in that form (as YAML block scalars are) reads back as it is.
    """
    if "}]" in text:
        return td_string(text)
    if "\n" not in text:
        return f"[{{{text}}}]"
    pad = " " * (indent + 2)
    body = [pad + line if line.strip() else "" for line in text.strip("\n").split("\n")]
    return "[{\n" + "\n".join(body) + "\n" + " " * indent + "}]"


def _let(name: str, value: str, indent: int = 2) -> str:
    return f"{' ' * indent}let {name} = {value};"


def _wrapped(head: str, items: list[str], tail: str, indent: int) -> list[str]:
    """`head item, item, ...tail`, wrapped with continuation lines aligned after `head`."""
    one = head + ", ".join(items) + tail
    if len(one) + indent <= _WIDTH or len(items) < 2:
        return [" " * indent + one]
    align = " " * (indent + len(head))
    lines: list[str] = []
    current = " " * indent + head
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else tail)
        fresh = current in (" " * indent + head, align)
        if not fresh and len(current) + 1 + len(piece) > _WIDTH:
            lines.append(current)
            current = align + piece
        else:
            current += piece if fresh else " " + piece
    lines.append(current)
    return lines


def _dag_field(name: str, operator: str, items: list[str]) -> list[str]:
    if not items:
        return []
    return _wrapped(f"let {name} = ({operator} ", items, ");", 2)


# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------


def _def_names(dialect: DialectDef) -> list[str]:
    return [
        *(op.def_name for op in dialect.ops),
        *(item.def_name for item in dialect.named_defs()),
        *(interface.def_name for interface in dialect.interfaces),
        *(p.name for p in dialect.patterns if p.name),
    ]


def _prefix(dialect: DialectDef) -> str:
    """The def-name prefix the dialect's defs share (`Demo` of `Demo_AddOp`)."""
    names = [op.def_name for op in dialect.ops] + [d.def_name for d in dialect.named_defs()]
    prefixes = {name.split("_", 1)[0] if "_" in name else "" for name in names}
    if len(prefixes) == 1 and "" not in prefixes:
        return prefixes.pop()
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", dialect.name) if part)


def _fresh(name: str, taken: set[str]) -> str:
    while name in taken:
        name += "_"
    return name


def _cpp_name(def_name: str, suffix: str) -> str:
    """`Demo_BufferType` -> `Buffer`: the def name without prefix and kind suffix."""
    name = def_name.split("_", 1)[1] if "_" in def_name else def_name
    if suffix and name.endswith(suffix) and len(name) > len(suffix):
        name = name[: -len(suffix)]
    return name


@functools.cache
def _library_defs() -> frozenset[str]:
    """The defs of the base library, which a spec may name without defining."""
    from generator.tablegen import load_records

    include = default_include_dir()
    return frozenset(load_records(include / "OpBase.td", [include]).defs)


# ---------------------------------------------------------------------------
# Defs
# ---------------------------------------------------------------------------


def _bit_case(enum: EnumDef, symbol: str, mask: int) -> tuple[str, list[str]]:
    """The case class and value arguments of a bit enum case with this mask.

    The empty mask is `...CaseNone`, one bit `...CaseBit<sym, pos>`; a group is
    written by its mask, which is all the model keeps of it.
    """
    case_class = _CASE_CLASSES[enum.kind]
    if mask == 0:
        return case_class + "None", [td_string(symbol)]
    if mask & (mask - 1) == 0:
        return case_class + "Bit", [td_string(symbol), str(mask.bit_length() - 1)]
    # TableGen's ints are signed 64-bit; a mask with the top bit set is negative there.
    signed = mask - (1 << 64) if mask >= 1 << 63 else mask
    return case_class, [td_string(symbol), str(signed)]


def _enum(enum: EnumDef) -> list[str]:
    cases: list[str] = []
    for case in enum.cases:
        case_class = _CASE_CLASSES[enum.kind]
        args = [td_string(case.symbol)]
        if enum.is_bit_enum:
            case_class, args = _bit_case(enum, case.symbol, case.value or 0)
        elif enum.kind == "string":
            if case.value is not None or case.string is not None:
                args.append(str(case.value if case.value is not None else -1))
        else:
            args.append(str(case.value if case.value is not None else 0))
        if case.string is not None:
            args.append(td_string(case.string))
        cases.append(f"  {case_class}<{', '.join(args)}>")
    name = td_string(_cpp_name(enum.def_name, ""))
    head = f"def {enum.def_name} : {_ENUM_CLASSES[enum.kind]}<{name}, {td_string(enum.summary)}, ["
    lines = [head, ",\n".join(cases)]
    body: list[str] = []
    if enum.description:
        body.append(_let("description", _code(enum.description, 2)))
    if enum.is_bit_enum and enum.separator != "|":
        body.append(_let("separator", td_string(enum.separator)))
    if enum.print_bit_enum_primary_groups:
        body.append(_let("printBitEnumPrimaryGroups", "1"))
    if enum.cpp_namespace:
        body.append(_let("cppNamespace", td_string(enum.cpp_namespace)))
    if body:
        lines += ["]> {", *body, "}"]
    else:
        lines.append("]>;")
    return lines


def _parameter(param: ParameterDef, kind: str) -> str:
    type_ = td_string(param.type)
    if param.optional:
        args = [type_] + ([td_string(param.description)] if param.description else [])
        return f"OptionalParameter<{', '.join(args)}>:${param.name}"
    if param.default is not None:
        args = [type_, td_string(param.default)]
        if param.description:
            args.append(td_string(param.description))
        return f"DefaultValuedParameter<{', '.join(args)}>:${param.name}"
    if param.description:
        return f"{kind}Parameter<{type_}, {td_string(param.description)}>:${param.name}"
    return f"{type_}:${param.name}"


def _body(head: str, lines: list[str]) -> list[str]:
    if not lines:
        return [head + ";"]
    return [head + " {", *lines, "}"]


def _type_or_attr(item: TypeDef | AttrDef, dialect_def: str) -> list[str]:
    kind = "Type" if isinstance(item, TypeDef) else "Attr"
    cpp = td_string(_cpp_name(item.def_name, kind))
    lines: list[str] = []
    if isinstance(item, AttrDef) and item.enum is not None:
        # `EnumAttr` sets the mnemonic and implies the parameter.
        traits = _trait_list(item.traits)
        head = (
            f"def {item.def_name} : EnumAttr<{dialect_def}, {item.enum}, "
            f"{td_string(item.mnemonic)}{', ' + traits if traits else ''}>"
        )
        if item.summary:
            lines.append(_let("summary", td_string(item.summary)))
        if item.description:
            lines.append(_let("description", _code(item.description, 2)))
        if item.assembly_format is not None:
            lines.append(_let("assemblyFormat", td_string(item.assembly_format.text)))
        return _body(head, lines)
    if item.mnemonic:
        lines.append(_let("mnemonic", td_string(item.mnemonic)))
    if item.summary:
        lines.append(_let("summary", td_string(item.summary)))
    if item.description:
        lines.append(_let("description", _code(item.description, 2)))
    params = [_parameter(p, kind) for p in item.parameters]
    lines += _dag_field("parameters", "ins", params)
    if item.assembly_format is not None:
        lines.append(_let("assemblyFormat", td_string(item.assembly_format.text)))
    if item.has_custom_assembly_format:
        lines.append(_let("hasCustomAssemblyFormat", "1"))
    if item.parser is not None:
        lines.append(_let("parser", _code(item.parser.text, 2)))
    if item.printer is not None:
        lines.append(_let("printer", _code(item.printer.text, 2)))
    if item.verifier is not None:
        lines.append(_let("genVerifyDecl", "1"))
        lines.append(_let("verifier", _code(item.verifier.text, 2)))
    if item.builders:
        builders = ",\n".join(_builder(b, f"{kind}Builder") for b in item.builders)
        lines.append(f"  let builders = [\n{builders}\n  ];")
    if item.extra_code is not None:
        lines.append(_let("extraClassDeclaration", _code(item.extra_code.text, 2)))
    if isinstance(item, AttrDef) and item.alias is not None:
        lines.append(_let("asmAlias", td_string(item.alias)))
    traits = _trait_list(item.traits)
    head = f"def {item.def_name} : {kind}Def<{dialect_def}, {cpp}{', ' + traits if traits else ''}>"
    return _body(head, lines)


def _trait_list(traits: tuple[TraitRef, ...]) -> str:
    """`[A, B]`, or "" for no traits."""
    return "[" + ", ".join(t.spelling() for t in traits) + "]" if traits else ""


_INTERFACE_CLASSES = {"op": "OpInterface", "type": "TypeInterface", "attr": "AttrInterface"}


def _method(method: InterfaceMethodDef) -> str:
    args: list[str] = []
    for arg in method.args:
        if arg.default is not None:
            args.append(f"CArg<{td_string(arg.type)}, {td_string(arg.default)}>:${arg.name}")
        else:
            args.append(f"{td_string(arg.type)}:${arg.name}")
    kind = "StaticInterfaceMethod" if method.static else "InterfaceMethod"
    parts = [td_string(method.description), td_string(method.return_type), td_string(method.name)]
    code: list[str] = []
    if method.body is not None or method.default is not None:
        code.append(_code(method.body.text, 6) if method.body is not None else "[{}]")
    if method.default is not None:
        code.append(_code(method.default.text, 6))
    if args or code:
        parts.append(f"(ins {', '.join(args)})" if args else "(ins)")
    lines = _wrapped(f"{kind}<", parts, ">" if not code else ",", 4)
    if code:
        lines[-1] += "\n      " + ",\n      ".join(code) + ">"
    return "\n".join(lines)


def _interface(interface: InterfaceDef) -> list[str]:
    args = [td_string(interface.class_name)]
    if interface.bases:
        args.append("[" + ", ".join(interface.bases) + "]")
    head = f"def {interface.def_name} : {_INTERFACE_CLASSES[interface.kind]}<{', '.join(args)}>"
    lines: list[str] = []
    if interface.description:
        lines.append(_let("description", _code(interface.description, 2)))
    if interface.methods:
        methods = ",\n".join(_method(m) for m in interface.methods)
        lines.append(f"  let methods = [\n{methods}\n  ];")
    if interface.extra_code is not None:
        lines.append(_let("extraClassDeclaration", _code(interface.extra_code.text, 2)))
    if interface.verifier is not None:
        lines.append(_let("verify", _code(interface.verifier.text, 2)))
    if interface.verify_with_regions:
        lines.append(_let("verifyWithRegions", "1"))
    return _body(head, lines)


def _interfaces_in_order(dialect: DialectDef) -> list[InterfaceDef]:
    """The dialect's interfaces, each after those it derives from (TableGen needs a def
    before its use)."""
    by_name = {i.def_name: i for i in dialect.interfaces}
    out: list[InterfaceDef] = []
    done: set[str] = set()

    def visit(interface: InterfaceDef) -> None:
        if interface.def_name in done:
            return
        done.add(interface.def_name)
        for base in interface.bases:
            if base in by_name:
                visit(by_name[base])
        out.append(interface)

    for interface in dialect.interfaces:
        visit(interface)
    return out


def _region(region: RegionDef) -> str:
    c = region.constraint
    name = _REGION_NAMES[c.kind]
    text = name if c.kind == "any" else f"{name}<{c.blocks}>"
    text = f"VariadicRegion<{text}>" if region.variadic else text
    return f"{text}:${region.name}"


def _builder(builder: BuilderDef, cls: str = "OpBuilder") -> str:
    params: list[str] = []
    for param in builder.params:
        if param.default is not None:
            params.append(
                f"CArg<{td_string(param.type)}, {td_string(param.default)}>:${param.name}"
            )
        else:
            params.append(f"{td_string(param.type)}:${param.name}")
    if builder.body is None:
        return f"    {cls}<(ins {', '.join(params)})>"
    return f"    {cls}<(ins {', '.join(params)}), {_code(builder.body.text, 4)}>"


def _bound(name: str) -> str:
    """`:$name` after a dag argument; nothing for an unnamed operand or result."""
    return f":${name}" if name else ""


def _op_head(op: OpDef, op_class: str | None, dialect_def: str) -> str:
    traits = [t.spelling() for t in op.traits]
    args = [td_string(op.mnemonic)]
    base = op_class or "Op"
    if op_class is None:
        args.insert(0, dialect_def)
    head = f"def {op.def_name} : {base}<{', '.join(args)}"
    if not traits:
        return head + ">"
    inline = f"{head}, [{', '.join(traits)}]>"
    if len(inline) + 2 <= _WIDTH:
        return inline
    return f"{head}, [\n" + ",\n".join("    " + t for t in traits) + "]>"


def _op(op: OpDef, op_class: str | None, dialect_def: str) -> list[str]:
    lines: list[str] = []
    if op.summary:
        lines.append(_let("summary", td_string(op.summary)))
    if op.description:
        lines.append(_let("description", _code(op.description, 2)))
    arguments = [
        value_spelling(o.type, o.variadicity, o.segment_attr, "td") + _bound(o.name)
        for o in op.operands
    ]
    arguments += [
        attribute_spelling(a, "td") + f":${a.name}" for a in op.attributes if a.derived is None
    ]
    if op.argument_order:
        names = [o.name for o in op.operands] + [a.name for a in op.attributes if a.derived is None]
        arguments = [arguments[names.index(n)] for n in op.argument_order]
    lines += _dag_field("arguments", "ins", arguments)
    for attr in op.attributes:
        if attr.derived is not None:
            value = f"DerivedAttr<{attr_spelling(attr.type, 'td')}, {_code(attr.derived.text, 2)}>"
            lines.append(f"  DerivedAttr {attr.name} = {value};")
    results = [
        value_spelling(r.type, r.variadicity, r.segment_attr, "td") + _bound(r.name)
        for r in op.results
    ]
    lines += _dag_field("results", "outs", results)
    lines += _dag_field("regions", "region", [_region(r) for r in op.regions])
    successors = [
        ("VariadicSuccessor<AnySuccessor>" if s.variadic else "AnySuccessor") + f":${s.name}"
        for s in op.successors
    ]
    lines += _dag_field("successors", "successor", successors)
    if op.assembly_format is not None:
        lines.append(_let("assemblyFormat", td_string(op.assembly_format.text)))
    if op.builders:
        builders = ",\n".join(_builder(b) for b in op.builders)
        lines.append(f"  let builders = [\n{builders}\n  ];")
    if op.skip_default_builders:
        lines.append(_let("skipDefaultBuilders", "1"))
    if op.has_verifier:
        lines.append(_let("hasVerifier", "1"))
    if op.verifier is not None:
        lines.append(_let("verifier", _code(op.verifier.text, 2)))
    if op.has_region_verifier:
        lines.append(_let("hasRegionVerifier", "1"))
    if op.region_verifier is not None:
        lines.append(_let("regionVerifier", _code(op.region_verifier.text, 2)))
    if op.has_folder:
        lines.append(_let("hasFolder", "1"))
    if op.fold is not None:
        lines.append(_let("fold", _code(op.fold.text, 2)))
    if op.reference is not None:
        lines.append(_let("reference", _code(op.reference.text, 2)))
    if op.has_canonicalizer:
        lines.append(_let("hasCanonicalizer", "1"))
    if op.has_canonicalize_method:
        lines.append(_let("hasCanonicalizeMethod", "1"))
    if op.canonicalize is not None:
        lines.append(_let("canonicalize", _code(op.canonicalize.text, 2)))
    if op.extra_code is not None:
        lines.append(_let("extraClassDeclaration", _code(op.extra_code.text, 2)))
    if op.has_custom_assembly_format:
        lines.append(_let("hasCustomAssemblyFormat", "1"))
    if op.parser is not None:
        lines.append(_let("parser", _code(op.parser.text, 2)))
    if op.printer is not None:
        lines.append(_let("printer", _code(op.printer.text, 2)))
    if op.asm_result_names is not None:
        lines.append(_let("asmResultNames", _code(op.asm_result_names.text, 2)))
    if op.default_dialect:
        lines.append(_let("defaultDialect", td_string(op.default_dialect)))
    return _body(_op_head(op, op_class, dialect_def), lines)


def _pattern(pattern: PatternDef) -> list[str]:
    if pattern.name is None:
        raise ConvertError(
            SpecDiagnostic(
                pattern.loc,
                "a pattern without a name has no TableGen spelling",
                hint="give the pattern a 'name'; TableGen reads only named pattern defs",
            )
        )
    constraints = [dag_spelling(c) for c in pattern.constraints]
    if len(pattern.results) == 1:
        kind, results = "Pat", dag_spelling(pattern.results[0])
    else:
        kind, results = "Pattern", "[" + ", ".join(dag_spelling(r) for r in pattern.results) + "]"
    args = [dag_spelling(pattern.source), results]
    if constraints or pattern.benefit:
        args.append("[" + ", ".join(constraints) + "]")
    if pattern.benefit:
        args += ["[]", f"(addBenefit {pattern.benefit})"]
    close = ">;" if pattern.unsound is None else f">, KnownUnsound<{td_string(pattern.unsound)}>;"
    lines = [f"def {pattern.name} : {kind}<", ",\n".join("  " + a for a in args) + close]
    if pattern.pattern_set:
        lines[-1] = lines[-1][:-1] + f" {{ let patternSet = {td_string(pattern.pattern_set)}; }}"
    return lines


def _dag_names(node: DagNodeDef) -> Iterable[str]:
    yield node.operator
    for arg in node.args:
        if isinstance(arg.value, DagNodeDef):
            yield from _dag_names(arg.value)
        elif arg.value is not None and arg.value.kind == "name":
            yield str(arg.value.value)


def _foreign_defs(dialect: DialectDef) -> list[str]:
    """Bare names the patterns use that neither the dialect nor the library defines."""
    known = _library_defs() | set(_def_names(dialect))
    out: list[str] = []
    for pattern in dialect.patterns:
        for dag in (pattern.source, *pattern.results, *pattern.constraints):
            for name in _dag_names(dag):
                if _IDENTIFIER.fullmatch(name) and name not in known and name not in out:
                    out.append(name)
    return out


def dialect_to_td(dialect: DialectDef) -> str:
    """The dialect as a `.td` spec that the records front end reads back into the same model.

    Raises `ConvertError` for a model value TableGen cannot spell.
    """
    taken = set(_def_names(dialect))
    prefix = _prefix(dialect)
    dialect_def = _fresh(f"{prefix}_Dialect", taken)
    includes = ['include "OpBase.td"']
    includes += [f"include {td_string(i.file or i.dialect + '.td')}" for i in dialect.imports]
    sections: list[list[str]] = [includes]
    header: list[str] = [_let("name", td_string(dialect.name))]
    if dialect.package is not None:
        header.append(_let("pythonPackage", td_string(dialect.package)))
    if dialect.summary:
        header.append(_let("summary", td_string(dialect.summary)))
    if dialect.description:
        header.append(_let("description", _code(dialect.description, 2)))
    if dialect.has_constant_materializer:
        header.append(_let("hasConstantMaterializer", "1"))
    if dialect.has_canonicalizer:
        header.append(_let("hasCanonicalizer", "1"))
    if dialect.allow_unknown_operations:
        header.append(_let("allowUnknownOperations", "1"))
    if dialect.implementation_module is not None:
        header.append(_let("implementationModule", td_string(dialect.implementation_module)))
    if dialect.extra_code is not None:
        header.append(_let("extraClassDeclaration", _code(dialect.extra_code.text, 2)))
    if not dialect.pattern_file:
        # A file of patterns has no Dialect def; its name is the file's.
        sections.append(_body(f"def {dialect_def} : Dialect", header))
    for interface in _interfaces_in_order(dialect):
        sections.append(_interface(interface))
    for enum in dialect.enums:
        sections.append(_enum(enum))
    items: list[TypeDef | AttrDef] = [*dialect.types, *dialect.attributes]
    for item in items:
        sections.append(_type_or_attr(item, dialect_def))
    op_class: str | None = None
    if dialect.ops:
        op_class = _fresh(f"{prefix}_Op", taken | {dialect_def})
        sections.append(
            [
                f"class {op_class}<string mnemonic, list<Trait> traits = []>",
                f"    : Op<{dialect_def}, mnemonic, traits>;",
            ]
        )
    for op in dialect.ops:
        sections.append(_op(op, op_class, dialect_def))
    foreign = _foreign_defs(dialect)
    if foreign:
        lines = ["// Defined elsewhere; the patterns refer to them by name."]
        sections.append(lines + [f"def {name};" for name in foreign])
    for pattern in dialect.patterns:
        sections.append(_pattern(pattern))
    return "\n\n".join("\n".join(lines) for lines in sections) + "\n"


# ---------------------------------------------------------------------------
# What TableGen cannot hold
# ---------------------------------------------------------------------------


def td_losses(dialect: DialectDef) -> list[SpecDiagnostic]:
    """Warnings for the parts of the model a `.td` file has no place for."""
    out: list[SpecDiagnostic] = []

    def lost(node: object, message: str) -> None:
        loc = getattr(node, "loc", None)
        out.append(SpecDiagnostic(loc, message, severity=Severity.WARNING))

    for op in dialect.ops:
        groups: list[tuple[str, Iterable[object]]] = [
            ("operand", op.operands),
            ("attribute", op.attributes),
            ("result", op.results),
            ("region", op.regions),
            ("successor", op.successors),
        ]
        for what, items in groups:
            for item in items:
                if getattr(item, "description", ""):
                    name = getattr(item, "name", "")
                    lost(
                        item,
                        f"{op.def_name}: the description of {what} '{name}' is not kept in TableGen",
                    )
        for index, builder in enumerate(op.builders):
            if builder.description:
                lost(
                    builder,
                    f"{op.def_name}: the description of builder #{index} is not kept in TableGen",
                )
        derived = [a.derived is not None for a in op.attributes]
        if any(earlier and not later for earlier, later in itertools.pairwise(derived)):
            lost(op, f"{op.def_name}: TableGen lists derived attributes after the stored ones")
    for pattern in dialect.patterns:
        for dag in (pattern.source, *pattern.results, *pattern.constraints):
            if dag.bind is not None:
                lost(
                    pattern,
                    f"pattern '{pattern.name}': the binding of a DAG's root is not kept in TableGen",
                )
    return out
