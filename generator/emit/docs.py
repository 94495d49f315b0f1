"""The `docs` backend: a Markdown LangRef page per dialect, and an index of the pages.

This module owns the views that `templates/docs.md.j2` and
`templates/docs_index.md.j2` read, and every decision that goes into them: the
order of sections (ops by op name, types and attributes by their IR name, enums
and interfaces by name; operands, attributes, results, regions and successors in spec order,
which is semantic), the anchors, the constraint summaries (with links to the
dialect's own types, attributes and enums), the syntax lines, and Markdown
escaping. The templates only lay the views out.

Each op lists the traits and, apart from them as mlir-tblgen's docs do, the
interfaces it implements; the dialect's own interfaces get a section each, with
their methods as Python signatures.

Anchors are explicit `<a id="..."></a>` tags rather than heading slugs: each
Markdown renderer derives slugs from headings its own way, while an explicit id
works on GitHub and in any viewer that passes inline HTML through. Every id
starts with the kind of its section (`op-`, `type-`, `attr-`, `enum-`,
`interface-`, `section-`), so it does not coincide with the slug GitHub derives from one of
the page's headings.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from generator.emit.enums import enum_class_name
from generator.emit.environment import render
from generator.naming import class_name_from_def
from generator.spec.constraints import (
    AttrConstraint,
    AttrRefConstraint,
    TypeConstraint,
    TypeRefConstraint,
)
from generator.spec.convert import ods_default
from generator.spec.interfaces import (
    InterfaceInfo,
    MethodInfo,
    dialect_interfaces,
    implementations,
    interface_info,
)
from generator.spec.model import (
    DECLARE_INTERFACE_TRAITS,
    AttrDef,
    AttributeDef,
    DialectDef,
    EnumDef,
    InterfaceDef,
    OpDef,
    OperandDef,
    RegionDef,
    ResultDef,
    SuccessorDef,
    TraitRef,
    TypeDef,
)
from generator.spec.params import param_kind, parameter_annotation

__all__ = [
    "DOCS_INDEX_TEMPLATE",
    "DOCS_TEMPLATE",
    "AttributeRowView",
    "DefDocView",
    "DefSectionView",
    "DialectDocView",
    "DocsIndexEntryView",
    "DocsIndexView",
    "EnumCaseRowView",
    "EnumDocView",
    "InterfaceDocView",
    "MethodDocView",
    "OpDocView",
    "ParameterRowView",
    "RowView",
    "TableView",
    "TocEntryView",
    "TocSectionView",
    "code_span",
    "dialect_doc_name",
    "dialect_doc_view",
    "docs_index_view",
    "render_dialect_doc",
    "render_docs_index",
    "table_cell",
]

DOCS_TEMPLATE = "docs.md.j2"
DOCS_INDEX_TEMPLATE = "docs_index.md.j2"

# ---------------------------------------------------------------------------
# Views (what the templates read)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TocEntryView:
    """One line of the table of contents: a link to an op, type, attribute or enum."""

    anchor: str
    label: str
    """The Markdown link text, e.g. a code span of the op name."""
    suffix: str
    """What follows the link: `": <summary>"`, or nothing when there is no summary."""


@dataclass(frozen=True)
class TocSectionView:
    """One section of the table of contents, with its entries."""

    title: str
    anchor: str
    entries: tuple[TocEntryView, ...]


@dataclass(frozen=True)
class RowView:
    """One row of an operand, result, region or successor table (Markdown cells)."""

    name: str
    description: str


@dataclass(frozen=True)
class TableView:
    """A two-column table of named values: its heading, first column title and rows."""

    title: str
    column: str
    rows: tuple[RowView, ...]


@dataclass(frozen=True)
class AttributeRowView:
    """One row of an op's attribute table (Markdown cells)."""

    name: str
    description: str
    presence: str
    """`required`, `optional`, `derived`, or the default value."""


@dataclass(frozen=True)
class OpDocView:
    """The section of one op."""

    anchor: str
    heading: str
    summary: str
    has_summary: bool
    syntax: str
    """The `operation ::= ...` grammar line(s) of the assembly format."""
    fence: str
    """The code fence around `syntax`, longer than any backtick run inside it."""
    has_syntax: bool
    description: str
    has_description: bool
    traits: str
    has_traits: bool
    interfaces: str
    """The interfaces the op implements (MLIR's "Interfaces:" line), linked to the
    sections of the dialect's own."""
    has_interfaces: bool
    attributes: tuple[AttributeRowView, ...]
    has_attributes: bool
    tables: tuple[TableView, ...]
    """Operands, results, regions and successors; only the non-empty ones."""


@dataclass(frozen=True)
class ParameterRowView:
    """One row of a type's or attribute's parameter table (Markdown cells)."""

    name: str
    type: str
    """The type as the spec spells it (MLIR's "C++ type")."""
    value: str
    """The Python annotation of the value."""
    description: str


@dataclass(frozen=True)
class DefDocView:
    """The section of one dialect type or attribute."""

    anchor: str
    label: str
    """A code span of the IR name, e.g. `` `!demo.buffer` ``."""
    heading: str
    summary: str
    has_summary: bool
    syntax: str
    fence: str
    description: str
    has_description: bool
    holds: str
    """For an enum attribute: a sentence naming (and linking) the enum it holds."""
    has_holds: bool
    interfaces: str
    has_interfaces: bool
    parameters: tuple[ParameterRowView, ...]
    has_parameters: bool


@dataclass(frozen=True)
class DefSectionView:
    """The "Types" or "Attributes" section of a page."""

    title: str
    anchor: str
    items: tuple[DefDocView, ...]


@dataclass(frozen=True)
class EnumCaseRowView:
    """One row of an enum's case table (Markdown cells)."""

    symbol: str
    value: str
    text: str


@dataclass(frozen=True)
class EnumDocView:
    """The section of one enum."""

    anchor: str
    heading: str
    summary: str
    has_summary: bool
    kind: str
    """A sentence naming the kind of enum, e.g. "Kind: 64-bit integer enum."."""
    description: str
    has_description: bool
    cases: tuple[EnumCaseRowView, ...]
    has_values: bool
    """Whether the cases have integer values (a string enum's have none)."""


@dataclass(frozen=True)
class MethodDocView:
    """One method of an interface section."""

    heading: str
    signature: str
    """The Python signature, for a `python` code block."""
    fence: str
    description: str
    has_description: bool
    required: bool
    """Whether each implementation must define it (MLIR's "must be implemented" note)."""


@dataclass(frozen=True)
class InterfaceDocView:
    """The section of one interface the dialect defines."""

    anchor: str
    heading: str
    kind: str
    """A sentence naming the kind of interface and what it derives from."""
    description: str
    has_description: bool
    implemented_by: str
    """Links to the dialect's ops, types and attributes that implement it."""
    has_implemented_by: bool
    methods: tuple[MethodDocView, ...]
    has_methods: bool


@dataclass(frozen=True)
class DialectDocView:
    """A whole dialect page."""

    source: str
    """The repository-relative spec path, for the banner."""
    title: str
    summary: str
    has_summary: bool
    description: str
    has_description: bool
    toc: tuple[TocSectionView, ...]
    has_toc: bool
    ops_anchor: str
    ops: tuple[OpDocView, ...]
    has_ops: bool
    def_sections: tuple[DefSectionView, ...]
    """"Types" and "Attributes", each only when the dialect defines some."""
    enums_anchor: str
    enums: tuple[EnumDocView, ...]
    has_enums: bool
    interfaces_anchor: str
    interfaces: tuple[InterfaceDocView, ...]
    has_interfaces: bool


@dataclass(frozen=True)
class DocsIndexEntryView:
    """One row of the index: a link to a dialect page and its summary."""

    label: str
    link: str
    summary: str


@dataclass(frozen=True)
class DocsIndexView:
    """The index page."""

    sources: str
    entries: tuple[DocsIndexEntryView, ...]


# ---------------------------------------------------------------------------
# Markdown helpers
# ---------------------------------------------------------------------------

_BACKTICKS = re.compile(r"`+")
_ANCHOR_UNSAFE = re.compile(r"[^a-z0-9_]+")
_LINK_TEXT_SPECIAL = re.compile(r"([\[\]\\])")


def code_span(text: str) -> str:
    """`text` as a Markdown code span, delimited by more backticks than any run inside it."""
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * (longest + 1)
    # CommonMark strips one space from each side, so a span starting or ending with
    # a backtick is padded to keep it apart from the delimiters.
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _code_fence(text: str) -> str:
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    return "`" * max(3, longest + 1)


def table_cell(markdown: str) -> str:
    """Markdown as one table cell: on one line, with `|` escaped (also inside code spans)."""
    return " ".join(markdown.split()).replace("|", "\\|")


def _inline(text: str) -> str:
    """Text on one line, for headings, list items and emphasized summaries."""
    return " ".join(text.split())


def _block(text: str) -> str:
    """A description as a Markdown block: dedented, no trailing spaces or outer blank lines."""
    lines = [line.rstrip() for line in textwrap.dedent(text).splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def _link(text: str, anchor: str) -> str:
    return "[" + _LINK_TEXT_SPECIAL.sub(r"\\\1", text) + f"](#{anchor})"


def _grammar(lhs: str, head: str, format_text: str) -> str:
    """`lhs ::= head format...`; later lines of the format aligned under the first.

    The author's line breaks are kept, as mlir-tblgen keeps them.
    """
    lines = [line.strip() for line in format_text.splitlines() if line.strip()]
    prefix = f"{lhs} ::= "
    first = prefix + " ".join([head, *lines[:1]])
    return "\n".join([first, *(" " * len(prefix) + line for line in lines[1:])])


class _Anchors:
    """Hands out the ids of one page, unique and in a fixed order."""

    def __init__(self) -> None:
        self._used: set[str] = set()

    def new(self, kind: str, name: str) -> str:
        slug = _ANCHOR_UNSAFE.sub("-", name.lower()).strip("-") or "unnamed"
        base = f"{kind}-{slug}"
        anchor, number = base, 2
        while anchor in self._used:
            anchor, number = f"{base}-{number}", number + 1
        self._used.add(anchor)
        return anchor


# ---------------------------------------------------------------------------
# Building the page view
# ---------------------------------------------------------------------------

_VARIADICITY_PREFIX: dict[str, str] = {
    "single": "",
    "optional": "optional ",
    "variadic": "variadic of ",
    "variadic_of_variadic": "variadic of variadic of ",
}

#: Traits whose arguments from this position on are Python code (a type transform,
#: a predicate): the docs elide them, keeping the trait's summary and operand names.
_TRAIT_CODE_ARGS: dict[str, int] = {"TypesMatchWith": 3, "PredOpTrait": 1}

_ENUM_KINDS: dict[str, str] = {
    "i32": "32-bit integer enum",
    "i64": "64-bit integer enum",
    "string": "string enum",
    "bit32": "32-bit bit enum",
    "bit64": "64-bit bit enum",
}


def _trait_spelling(trait: TraitRef) -> str:
    """The trait as ODS writes it, with code arguments elided as `...`."""
    keep = _TRAIT_CODE_ARGS.get(trait.name)
    if keep is None or len(trait.args) <= keep:
        return trait.spelling()
    head = TraitRef(name=trait.name, args=trait.args[:keep]).spelling()
    return f"{head[:-1]}, ...>" if head.endswith(">") else f"{head}<...>"


class _PageBuilder:
    """Builds the view of one dialect page; owns its anchors and constraint summaries."""

    def __init__(self, dialect: DialectDef) -> None:
        self.dialect = dialect
        self.refs: Mapping[str, str] = dialect.def_summaries()
        self.anchors = _Anchors()
        # Section anchors first, so item anchors never take their ids.
        self.ops_anchor = self.anchors.new("section", "operations")
        self.types_anchor = self.anchors.new("section", "types")
        self.attrs_anchor = self.anchors.new("section", "attributes")
        self.enums_anchor = self.anchors.new("section", "enums")
        self.interfaces_anchor = self.anchors.new("section", "interfaces")
        self.known = dialect_interfaces(dialect)
        self.ops = sorted(dialect.ops, key=self.op_name)
        self.types = sorted(dialect.types, key=lambda t: (self.type_name(t), t.def_name))
        self.attrs = sorted(dialect.attributes, key=lambda a: (self.attr_name(a), a.def_name))
        self.enums = sorted(dialect.enums, key=lambda e: (enum_class_name(e), e.def_name))
        self.op_anchors = [self.anchors.new("op", self.op_name(op)) for op in self.ops]
        self.def_anchors: dict[str, str] = {}
        for type_ in self.types:
            self.def_anchors[type_.def_name] = self.anchors.new("type", self.type_name(type_))
        for attr in self.attrs:
            self.def_anchors[attr.def_name] = self.anchors.new("attr", self.attr_name(attr))
        for enum in self.enums:
            self.def_anchors[enum.def_name] = self.anchors.new("enum", enum_class_name(enum))
        self.interfaces = sorted(dialect.interfaces, key=lambda i: (i.class_name, i.def_name))
        for interface in self.interfaces:
            self.def_anchors[interface.def_name] = self.anchors.new(
                "interface", interface.class_name
            )

    # -- names -------------------------------------------------------------

    def op_name(self, op: OpDef) -> str:
        return f"{self.dialect.name}.{op.mnemonic}"

    def type_name(self, type_: TypeDef) -> str:
        return f"!{self.dialect.name}.{type_.mnemonic}"

    def attr_name(self, attr: AttrDef) -> str:
        return f"#{self.dialect.name}.{attr.mnemonic}"

    # -- constraint summaries -------------------------------------------------

    def constraint(self, constraint: TypeConstraint | AttrConstraint) -> str:
        """The constraint's summary, linked to the section of the dialect def it names."""
        summary = constraint.summary(self.refs)
        if isinstance(constraint, TypeRefConstraint | AttrRefConstraint):
            anchor = self.def_anchors.get(constraint.ref)
            if anchor is not None:
                return _link(_inline(summary), anchor)
        return summary

    @staticmethod
    def described(markdown: str, description: str) -> str:
        """A table cell: the constraint text, then the spec's own description if any."""
        if description.strip():
            markdown = f"{markdown} — {description}"
        return table_cell(markdown)

    @staticmethod
    def value_name(name: str) -> str:
        # mlir-tblgen's marker for a value without a name.
        return table_cell(code_span(name)) if name else "«unnamed»"

    def value_row(self, value: OperandDef | ResultDef) -> RowView:
        text = _VARIADICITY_PREFIX[value.variadicity] + self.constraint(value.type)
        if value.segment_attr is not None:
            text += f" (group sizes in {code_span(value.segment_attr)})"
        return RowView(self.value_name(value.name), self.described(text, value.description))

    def region_row(self, region: RegionDef) -> RowView:
        text = ("variadic of " if region.variadic else "") + region.constraint.summary()
        return RowView(self.value_name(region.name), self.described(text, region.description))

    def successor_row(self, successor: SuccessorDef) -> RowView:
        text = ("variadic of " if successor.variadic else "") + "any successor"
        return RowView(self.value_name(successor.name), self.described(text, successor.description))

    def attribute_row(self, attr: AttributeDef) -> AttributeRowView:
        if attr.derived is not None:
            presence = "derived"
        elif attr.default is not None:
            presence = "default " + code_span(ods_default(attr.default))
        elif attr.is_optional:
            presence = "optional"
        else:
            presence = "required"
        return AttributeRowView(
            name=self.value_name(attr.name),
            description=self.described(self.constraint(attr.type), attr.description),
            presence=table_cell(presence),
        )

    # -- sections ---------------------------------------------------------------

    def op_view(self, op: OpDef, anchor: str) -> OpDocView:
        name = self.op_name(op)
        syntax = ""
        if op.assembly_format is not None:
            syntax = _grammar("operation", code_span(name), op.assembly_format.text)
        traits = [
            code_span(t)
            for t in sorted({_trait_spelling(t) for t in op.traits if not self.is_interface(t)})
        ]
        interfaces = self.interface_list(op.traits)
        tables = (
            TableView("Operands", "Operand", tuple(self.value_row(o) for o in op.operands)),
            TableView("Results", "Result", tuple(self.value_row(r) for r in op.results)),
            TableView("Regions", "Region", tuple(self.region_row(r) for r in op.regions)),
            TableView(
                "Successors", "Successor", tuple(self.successor_row(s) for s in op.successors)
            ),
        )
        description = _block(op.description)
        return OpDocView(
            anchor=anchor,
            heading=f"{code_span(name)} ({class_name_from_def(op.def_name)})",
            summary=_inline(op.summary),
            has_summary=bool(op.summary.strip()),
            syntax=syntax,
            fence=_code_fence(syntax),
            has_syntax=bool(syntax),
            description=description,
            has_description=bool(description),
            traits=", ".join(traits),
            has_traits=bool(traits),
            interfaces=interfaces,
            has_interfaces=bool(interfaces),
            attributes=tuple(self.attribute_row(a) for a in op.attributes),
            has_attributes=bool(op.attributes),
            tables=tuple(table for table in tables if table.rows),
        )

    def is_interface(self, trait: TraitRef) -> bool:
        """Whether a trait names an interface (MLIR lists those apart from traits)."""
        return trait.name in DECLARE_INTERFACE_TRAITS or trait.name in self.known

    def interface_list(self, traits: tuple[TraitRef, ...]) -> str:
        """The interfaces `traits` implement, base interfaces included, as mlir-tblgen
        lists them: by def name, or by class name for `DeclareOpInterfaceMethods`;
        those of the dialect link to their sections."""
        names: dict[str, str] = {}
        for impl in implementations(traits, self.known):
            info = impl.interface
            declared = impl.trait is not None and impl.trait.name in DECLARE_INTERFACE_TRAITS
            label = info.class_name if declared else info.def_name
            anchor = self.def_anchors.get(info.def_name)
            names[label] = _link(code_span(label), anchor) if anchor else code_span(label)
        return ", ".join(names[label] for label in sorted(names))

    def interface_view(self, interface: InterfaceDef) -> InterfaceDocView:
        info = interface_info(interface)
        kind = {"op": "An op", "type": "A type", "attr": "An attribute"}[interface.kind]
        sentence = f"{kind} interface"
        if interface.bases:
            bases = [self.interface_link(b) for b in interface.bases]
            sentence += " deriving from " + ", ".join(bases)
        implemented = self.implementers(info)
        description = _block(interface.description)
        methods = tuple(self.method_view(m) for m in info.methods)
        return InterfaceDocView(
            anchor=self.def_anchors[interface.def_name],
            heading=f"{interface.class_name} ({code_span(interface.def_name)})",
            kind=sentence + ".",
            description=description,
            has_description=bool(description),
            implemented_by=", ".join(implemented),
            has_implemented_by=bool(implemented),
            methods=methods,
            has_methods=bool(methods),
        )

    def interface_link(self, def_name: str) -> str:
        info = self.known.get(def_name)
        label = code_span(info.class_name if info is not None else def_name)
        anchor = self.def_anchors.get(def_name)
        return _link(label, anchor) if anchor else label

    def implementers(self, info: InterfaceInfo) -> list[str]:
        """Links to the dialect's ops, types and attributes implementing `info`."""
        out: list[str] = []
        for op, anchor in zip(self.ops, self.op_anchors, strict=True):
            if any(
                i.interface.def_name == info.def_name
                for i in implementations(op.traits, self.known)
            ):
                out.append(_link(code_span(self.op_name(op)), anchor))
        items: list[tuple[TypeDef | AttrDef, str]] = [(t, self.type_name(t)) for t in self.types]
        items += [(a, self.attr_name(a)) for a in self.attrs]
        for item, name in items:
            if any(
                i.interface.def_name == info.def_name
                for i in implementations(item.traits, self.known)
            ):
                out.append(_link(code_span(name), self.def_anchors[item.def_name]))
        return out

    @staticmethod
    def method_view(method: MethodInfo) -> MethodDocView:
        signature = ("@classmethod\n" if method.static else "") + method.signature
        description = _block(method.definition.description) if method.definition else ""
        heading = code_span(method.py_name)
        if method.py_name != method.ods_name:
            heading += f" ({code_span(method.ods_name)})"
        return MethodDocView(
            heading=heading,
            signature=signature,
            fence=_code_fence(signature),
            description=description,
            has_description=bool(description),
            required=method.kind == "required",
        )

    def enum_summary(self, enum: EnumDef) -> str:
        """The enum's summary, or MLIR's default one (its allowed cases) when it has none."""
        return _inline(enum.summary or enum.constraint_summary())

    def wrapped_enum(self, item: TypeDef | AttrDef) -> EnumDef | None:
        """The enum an enum attribute holds; None for other types and attributes."""
        if not isinstance(item, AttrDef) or item.enum is None:
            return None
        return next((e for e in self.dialect.enums if e.def_name == item.enum), None)

    def def_summary(self, item: TypeDef | AttrDef) -> str:
        """The summary; an enum attribute without one takes its enum's, as in MLIR."""
        enum = self.wrapped_enum(item)
        if not item.summary and enum is not None:
            return self.enum_summary(enum)
        return _inline(item.summary)

    def holds(self, item: TypeDef | AttrDef) -> str:
        """For an enum attribute, the sentence linking the enum it holds; else empty."""
        if not isinstance(item, AttrDef) or item.enum is None:
            return ""
        enum = self.wrapped_enum(item)
        if enum is None:
            return f"Holds a value of the enum {code_span(item.enum)}."
        link = _link(enum_class_name(enum), self.def_anchors[enum.def_name])
        if enum.is_bit_enum:
            return f"Holds a set of cases of the bit enum {link}."
        return f"Holds one case of the enum {link}."

    def def_view(self, item: TypeDef | AttrDef, ir_name: str) -> DefDocView:
        lhs = "type" if isinstance(item, TypeDef) else "attribute"
        holds = self.holds(item)
        if item.assembly_format is not None:
            syntax = _grammar(lhs, code_span(ir_name), item.assembly_format.text)
        elif holds:
            # An enum attribute's implied parameter, printed by ODS's default format.
            syntax = _grammar(lhs, code_span(ir_name), "$value")
        elif item.parameters:
            # Without a format, parameters are printed in order inside `<...>`; list them
            # one per line as mlir-tblgen does.
            lines = [f"{ir_name}<"]
            for i, param in enumerate(item.parameters):
                comma = "," if i < len(item.parameters) - 1 else ""
                lines.append(f"  {param.type}{comma}   # {param.name}")
            lines.append(">")
            syntax = "\n".join(lines)
        else:
            syntax = ir_name
        description = _block(item.description)
        parameters = tuple(
            ParameterRowView(
                name=table_cell(code_span(p.name)),
                type=table_cell(code_span(p.type)),
                value=table_cell(
                    code_span(parameter_annotation(p, param_kind(p.type, self.dialect)))
                ),
                description=table_cell(
                    "; ".join(
                        part
                        for part in (
                            p.description.strip(),
                            "" if p.default is None else f"default {code_span(p.default)}",
                            "optional" if p.optional else "",
                        )
                        if part
                    )
                ),
            )
            for p in item.parameters
        )
        label = code_span(ir_name)
        summary = self.def_summary(item)
        interfaces = self.interface_list(item.traits)
        return DefDocView(
            anchor=self.def_anchors[item.def_name],
            label=label,
            heading=f"{label} ({class_name_from_def(item.def_name)})",
            summary=summary,
            has_summary=bool(summary),
            syntax=syntax,
            fence=_code_fence(syntax),
            description=description,
            has_description=bool(description),
            holds=holds,
            has_holds=bool(holds),
            interfaces=interfaces,
            has_interfaces=bool(interfaces),
            parameters=parameters,
            has_parameters=bool(parameters),
        )

    def enum_view(self, enum: EnumDef) -> EnumDocView:
        has_values = any(case.value is not None for case in enum.cases)
        description = _block(enum.description)
        kind = f"Kind: {_ENUM_KINDS.get(enum.kind, f'{enum.kind} enum')}."
        if enum.is_bit_enum:
            kind += (
                " A value is a set of cases, printed as their spellings joined by "
                f"{code_span(enum.separator)}."
            )
        summary = self.enum_summary(enum)
        return EnumDocView(
            anchor=self.def_anchors[enum.def_name],
            heading=enum_class_name(enum),
            summary=summary,
            has_summary=bool(summary),
            kind=kind,
            description=description,
            has_description=bool(description),
            cases=tuple(
                EnumCaseRowView(
                    symbol=table_cell(code_span(case.symbol)),
                    value="" if case.value is None else table_cell(code_span(str(case.value))),
                    text=table_cell(code_span(case.text)),
                )
                for case in enum.cases
            ),
            has_values=has_values,
        )

    def toc(
        self, ops: Iterable[OpDocView], sections: Iterable[DefSectionView]
    ) -> tuple[TocSectionView, ...]:
        def entry(anchor: str, label: str, summary: str) -> TocEntryView:
            return TocEntryView(anchor, label, f": {summary}" if summary else "")

        out: list[TocSectionView] = []
        op_entries = tuple(
            entry(view.anchor, code_span(self.op_name(op)), view.summary)
            for op, view in zip(self.ops, ops, strict=True)
        )
        if op_entries:
            out.append(TocSectionView("Operations", self.ops_anchor, op_entries))
        for section in sections:
            entries = tuple(entry(item.anchor, item.label, item.summary) for item in section.items)
            out.append(TocSectionView(section.title, section.anchor, entries))
        enum_entries = tuple(
            entry(self.def_anchors[e.def_name], enum_class_name(e), self.enum_summary(e))
            for e in self.enums
        )
        if enum_entries:
            out.append(TocSectionView("Enums", self.enums_anchor, enum_entries))
        interface_entries = tuple(
            entry(self.def_anchors[i.def_name], code_span(i.class_name), "")
            for i in self.interfaces
        )
        if interface_entries:
            out.append(TocSectionView("Interfaces", self.interfaces_anchor, interface_entries))
        return tuple(out)

    def page(self, source: str) -> DialectDocView:
        ops = tuple(
            self.op_view(op, anchor) for op, anchor in zip(self.ops, self.op_anchors, strict=True)
        )
        sections: list[DefSectionView] = []
        if self.types:
            types = tuple(self.def_view(t, self.type_name(t)) for t in self.types)
            sections.append(DefSectionView("Types", self.types_anchor, types))
        if self.attrs:
            attrs = tuple(self.def_view(a, self.attr_name(a)) for a in self.attrs)
            sections.append(DefSectionView("Attributes", self.attrs_anchor, attrs))
        toc = self.toc(ops, sections)
        description = _block(self.dialect.description)
        return DialectDocView(
            source=source,
            title=f"'{self.dialect.name}' Dialect",
            summary=_inline(self.dialect.summary),
            has_summary=bool(self.dialect.summary.strip()),
            description=description,
            has_description=bool(description),
            toc=toc,
            has_toc=bool(toc),
            ops_anchor=self.ops_anchor,
            ops=ops,
            has_ops=bool(ops),
            def_sections=tuple(sections),
            enums_anchor=self.enums_anchor,
            enums=tuple(self.enum_view(e) for e in self.enums),
            has_enums=bool(self.enums),
            interfaces_anchor=self.interfaces_anchor,
            interfaces=tuple(self.interface_view(i) for i in self.interfaces),
            has_interfaces=bool(self.interfaces),
        )


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


#: The page of `generated/docs/` that lists the dialects, which no dialect's page
#: may take.
DOCS_INDEX_NAME = "index.md"


def dialect_doc_name(dialect: DialectDef) -> str:
    """The file name of the dialect's page in `generated/docs/`, e.g. `arith.md`; the
    dialect `index` gets `index_dialect.md`, since `index.md` lists the dialects."""
    name = f"{dialect.name}.md"
    return f"{dialect.name}_dialect.md" if name == DOCS_INDEX_NAME else name


def dialect_doc_view(dialect: DialectDef, source: str) -> DialectDocView:
    """The view of the dialect's page; `source` is the repository-relative spec path."""
    return _PageBuilder(dialect).page(source)


def docs_index_view(entries: list[tuple[DialectDef, str]]) -> DocsIndexView:
    """The view of the index: every dialect (sorted by name), with its spec sources."""
    ordered = sorted(entries, key=lambda entry: (entry[0].name, entry[1]))
    # With no dialect at all, the banner still says where pages would come from.
    sources = ", ".join(sorted({source for _, source in entries})) or "opdefs/"
    return DocsIndexView(
        sources=sources,
        entries=tuple(
            DocsIndexEntryView(
                label=code_span(dialect.name),
                link=dialect_doc_name(dialect),
                summary=table_cell(dialect.summary),
            )
            for dialect, _ in ordered
        ),
    )


def render_dialect_doc(dialect: DialectDef, source: str) -> str:
    """The Markdown LangRef page of `dialect`, generated from the spec at `source`.

    `source` is the repository-relative spec path (`opdefs/arith.td`), named in the banner.
    """
    return render(
        DOCS_TEMPLATE,
        f"the docs of dialect '{dialect.name}'",
        dialect.loc,
        page=dialect_doc_view(dialect, source),
    )


def render_docs_index(entries: list[tuple[DialectDef, str]]) -> str:
    """The Markdown index of the dialect pages; `entries` are (dialect, spec path) pairs."""
    return render(DOCS_INDEX_TEMPLATE, "the docs index", None, index=docs_index_view(entries))
