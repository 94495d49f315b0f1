"""The `enums` and `attrs` backends: a dialect's enums and its enum attributes.

`generated/<dialect>/enums.py` holds one Python enum per spec enum: `IntEnum` for
`I32EnumAttr`/`I64EnumAttr`, `StrEnum` for `StrEnumAttr`, `IntFlag` for bit
enums. `generated/<dialect>/attrs.py` holds the dialect attributes that wrap an
enum (MLIR's `EnumAttr`, printed `#arith.fastmath<fast>`), listed in
`ATTRIBUTES` for the dialect's `Dialect`. This module also computes `RefInfo` for every def a constraint can name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.emit.def_format_code import def_format_code
from generator.emit.environment import doc_text
from generator.emit.interfaces import InterfaceView, implemented_bases, interface_views
from generator.emit.ops import code_lines
from generator.emit.predicates import RefInfo
from generator.naming import class_name_from_def, enum_member_name, parameter_name
from generator.spec.def_format import resolve_def_format
from generator.spec.interfaces import dialect_interfaces
from generator.spec.model import AttrDef, DialectDef, EnumDef, TypeDef
from generator.spec.params import param_kind, parameter_annotation, parameter_default

__all__ = [
    "AttrsModuleView",
    "EnumAttrView",
    "EnumView",
    "EnumsModuleView",
    "attrs_module_view",
    "enum_class_name",
    "enums_module_view",
    "is_bit_enum",
    "reference_infos",
]


def is_bit_enum(enum: EnumDef) -> bool:
    """Whether the enum is a bit enum (its cases are flags)."""
    return enum.is_bit_enum


def enum_class_name(enum: EnumDef) -> str:
    """The Python class of an enum: its declared class name, else the def name."""
    declared = getattr(enum, "class_name", None)
    if isinstance(declared, str) and declared:
        return declared
    return class_name_from_def(enum.def_name)


def _int_width(enum: EnumDef) -> int:
    return 64 if enum.kind.endswith("64") else 32


@dataclass
class EnumView:
    """One Python enum class."""

    name: str
    base: str
    doc: str
    members: list[tuple[str, str]]


@dataclass
class EnumsModuleView:
    """`generated/<dialect>/enums.py`."""

    dialect: str
    source: str
    enums: list[EnumView]
    all_names: list[str]


@dataclass
class EnumAttrView:
    """One enum attribute class."""

    name: str
    doc: str
    dialect: str
    mnemonic: str
    enum: str
    enum_name: str
    is_bit: bool
    keywords: list[tuple[str, int]]
    groups: list[tuple[str, int]]
    bits: list[tuple[str, int]]
    separator: str
    value_only: bool = False
    """The format is "$value": the case follows the mnemonic after a space
    (`#index<cmp_predicate slt>`) instead of in angle brackets."""
    bases: str = "EnumAttr"
    """The base classes: `EnumAttr` and the attribute interfaces it implements."""
    extra_code: list[str] = field(default_factory=list)


@dataclass
class TypedAttrView:
    """An attribute that is nothing but its own type: `#dialect.mnemonic : type`."""

    name: str
    doc: str
    dialect: str
    mnemonic: str
    alias: str | None
    bases: str = "TypedDialectAttr"
    extra_code: list[str] = field(default_factory=list)


@dataclass
class BuilderView:
    """A custom builder of a type or attribute, emitted as a classmethod."""

    name: str
    params: list[str]
    body: list[str]
    doc: str


@dataclass
class TypeView:
    """A dialect type: `!dialect.mnemonic`, or with parameters `!dialect.mnemonic<...>`
    (attributes with parameters use the same view)."""

    name: str
    doc: str
    dialect: str
    mnemonic: str
    params: list[tuple[str, str, str | None]] = field(default_factory=list)
    """(Python name, annotation, default expression) of each parameter."""
    parse_body: list[str] = field(default_factory=list)
    """The body of `parse`: hand-written, or generated from the assembly format."""
    print_body: list[str] = field(default_factory=list)
    """The body of `print_params` (hand-written) or `params_text` (generated)."""
    has_format: bool = False
    """Whether the syntax comes from an assembly format (`params_text` is generated)."""
    verify_body: list[str] = field(default_factory=list)
    """The spec's `verify` body (ODS `genVerifyDecl`), checked by `get` and `parse`."""
    builders: list[BuilderView] = field(default_factory=list)
    extra_code: list[str] = field(default_factory=list)
    bases: str = ""
    """The base classes: `DialectType`, `ParametricType` or `ParametricAttr`, then the
    interfaces the type or attribute implements."""
    alias: str | None = None
    """The alias name an attribute prints through (`#tbaa_root = ...`)."""
    self_type_index: int | None = None
    """The position of an attribute's self type parameter (`AttributeSelfTypeParameter`)
    among its parameters, printed after the body as ` : type`."""

    @property
    def parametric(self) -> bool:
        """Whether the type has parameters (and a syntax for them)."""
        return bool(self.params)

    @property
    def has_verifier(self) -> bool:
        """Whether the spec gives a `verify` hook."""
        return bool(self.verify_body)

    @property
    def signature(self) -> str:
        """The parameters of `get`, in order as MLIR's `get` takes them; the defaults
        of the parameters after the last one without a default may be left out."""
        last_required = max((i for i, (_, _, d) in enumerate(self.params) if d is None), default=-1)
        return ", ".join(
            f"{n}: {a}" + (f" = {d}" if d is not None and i > last_required else "")
            for i, (n, a, d) in enumerate(self.params)
        )

    @property
    def verify_signature(self) -> str:
        """The parameters of `verify`."""
        return ", ".join(f"{n}: {a}" for n, a, _ in self.params)

    @property
    def param_names(self) -> str:
        """The parameters as a call passes them on."""
        return ", ".join(n for n, _, _ in self.params)


@dataclass
class AttrsModuleView:
    """`generated/<dialect>/attrs.py`."""

    dialect: str
    source: str
    attrs: list[EnumAttrView]
    enum_imports: list[str]
    all_names: list[str]
    typed_attrs: list[TypedAttrView] | None = None
    parametric: list[TypeView] = field(default_factory=list)
    """Attributes with parameters and hand-written syntax (the view types have too)."""
    interfaces: list[InterfaceView] = field(default_factory=list)
    """The dialect's attribute interfaces, defined before its attributes."""


@dataclass
class TypesModuleView:
    """`generated/<dialect>/types.py`."""

    dialect: str
    source: str
    types: list[TypeView]
    all_names: list[str]
    interfaces: list[InterfaceView] = field(default_factory=list)
    """The dialect's type interfaces, defined before its types."""


def _bases(first: str, item: TypeDef | AttrDef, dialect: DialectDef) -> str:
    """`first` and the interfaces `item` implements."""
    return ", ".join([first, *implemented_bases(item.traits, dialect)])


def is_typed_attr_def(attr: AttrDef) -> bool:
    """Whether an attribute def is only its own type (an `AttributeSelfTypeParameter`)."""
    params = attr.parameters
    return (
        attr.enum is None
        and len(params) == 1
        and params[0].type == "SelfType"
        and (attr.assembly_format is None or not attr.assembly_format.text.strip())
    )


def _parametric_view(item: TypeDef | AttrDef, dialect: DialectDef, base: str) -> TypeView:
    """The view of a type or attribute class: parameters, syntax, hooks and builders;
    `base` is its runtime base class, before the interfaces it implements."""
    params: list[tuple[str, str, str | None]] = []
    for p in item.parameters:
        kind = param_kind(p.type, dialect)
        params.append(
            (parameter_name(p.name), parameter_annotation(p, kind), parameter_default(p, kind))
        )
    view = TypeView(
        name=class_name_from_def(item.def_name),
        doc=doc_text(item.summary or item.def_name),
        dialect=dialect.name,
        mnemonic=item.mnemonic,
        params=params,
        verify_body=code_lines(item.verifier.text) if item.verifier is not None else [],
        extra_code=code_lines(item.extra_code.text) if item.extra_code is not None else [],
        alias=item.alias if isinstance(item, AttrDef) else None,
        bases=_bases(base, item, dialect),
        self_type_index=next(
            (i for i, p in enumerate(item.parameters) if p.type == "SelfType"), None
        )
        if isinstance(item, AttrDef)
        else None,
    )
    for index, b in enumerate(item.builders):
        view.builders.append(
            BuilderView(
                "build" if index == 0 else f"build_{index}",
                [
                    p.name
                    + (f": {p.type}" if p.type else "")
                    + (f" = {p.default}" if p.default is not None else "")
                    for p in b.params
                ],
                code_lines(b.body.text) if b.body is not None else [],
                doc_text(b.description or f"Build a `{item.mnemonic}` value."),
            )
        )
    if item.parser is not None and item.printer is not None:
        view.parse_body = code_lines(item.parser.text)
        view.print_body = code_lines(item.printer.text)
        return view
    fmt = resolve_def_format(item, dialect) if params else None
    if fmt is not None:
        code = def_format_code(fmt, verify=item.verifier is not None)
        view.parse_body = code.parse_body
        view.print_body = code.print_body
        view.has_format = True
    else:
        # Without parameters the attribute is its mnemonic alone (`#dialect.unit`).
        view.parse_body = ["return cls.get()"]
        view.print_body = ['return ""']
    return view


def types_module_view(dialect: DialectDef, source: str) -> TypesModuleView:
    """The view of `types.py`: the dialect's types."""
    views = [
        _parametric_view(t, dialect, "ParametricType" if t.parameters else "DialectType")
        for t in sorted(dialect.types, key=lambda t: class_name_from_def(t.def_name))
    ]
    interfaces = interface_views(dialect, "type", source)
    return TypesModuleView(
        dialect.python_package,
        source,
        views,
        sorted([v.name for v in views] + [i.class_name for i in interfaces]),
        interfaces,
    )


def _member(symbol: str) -> str:
    return enum_member_name(symbol)


def enums_module_view(dialect: DialectDef, source: str) -> EnumsModuleView:
    """The view of `enums.py`."""
    views = []
    for enum in sorted(dialect.enums, key=enum_class_name):
        if is_bit_enum(enum):
            base = "enum.IntFlag"
        elif enum.kind == "string":
            base = "enum.StrEnum"
        else:
            base = "enum.IntEnum"
        members = []
        for case in enum.cases:
            if enum.kind == "string":
                members.append((_member(case.symbol), repr(case.text)))
            else:
                members.append((_member(case.symbol), str(case.value)))
        doc = doc_text(enum.summary or enum.def_name)
        views.append(EnumView(enum_class_name(enum), base, doc, members))
    return EnumsModuleView(dialect.python_package, source, views, sorted(v.name for v in views))


def attrs_module_view(dialect: DialectDef, source: str) -> AttrsModuleView:
    """The view of `attrs.py` (the enum attributes; other dialect attributes come later)."""
    enums = {e.def_name: e for e in dialect.enums}
    views = []
    for attr in sorted(dialect.attributes, key=lambda a: class_name_from_def(a.def_name)):
        enum_ref = attr.enum
        if enum_ref is None or enum_ref not in enums:
            continue
        enum = enums[enum_ref]
        is_bit = is_bit_enum(enum)
        keywords = [(c.text, int(c.value or 0)) for c in enum.cases]
        values = [m for _, m in keywords]
        bits = [(w, m) for w, m in keywords if m and m & (m - 1) == 0] if is_bit else []
        groups = (
            [(w, m) for w, m in keywords if m and m & (m - 1) != 0]
            if is_bit and enum.print_bit_enum_primary_groups
            else []
        )
        del values
        views.append(
            EnumAttrView(
                name=class_name_from_def(attr.def_name),
                doc=doc_text(attr.summary or enum.summary or attr.def_name),
                dialect=dialect.name,
                mnemonic=attr.mnemonic,
                enum=enum_class_name(enum),
                enum_name=(
                    f"{enum.cpp_namespace}::{enum_class_name(enum)}"
                    if enum.cpp_namespace
                    else enum_class_name(enum)
                ),
                is_bit=is_bit,
                keywords=keywords,
                groups=groups,
                bits=bits,
                separator=enum.separator,
                value_only=attr.assembly_format is not None
                and " ".join(attr.assembly_format.text.split()) == "$value",
                bases=_bases("EnumAttr", attr, dialect),
                extra_code=code_lines(attr.extra_code.text) if attr.extra_code is not None else [],
            )
        )
    typed = [
        TypedAttrView(
            name=class_name_from_def(attr.def_name),
            doc=doc_text(attr.summary or attr.def_name),
            dialect=dialect.name,
            mnemonic=attr.mnemonic,
            alias=attr.alias,
            bases=_bases("TypedDialectAttr", attr, dialect),
            extra_code=code_lines(attr.extra_code.text) if attr.extra_code is not None else [],
        )
        for attr in sorted(dialect.attributes, key=lambda a: class_name_from_def(a.def_name))
        if is_typed_attr_def(attr)
    ]
    parametric = [
        _parametric_view(a, dialect, "ParametricAttr")
        for a in sorted(dialect.attributes, key=lambda a: class_name_from_def(a.def_name))
        if a.enum is None and not is_typed_attr_def(a)
    ]
    interfaces = interface_views(dialect, "attr", source)
    return AttrsModuleView(
        dialect.python_package,
        source,
        views,
        sorted({v.enum for v in views}),
        sorted(
            [v.name for v in views]
            + [t.name for t in typed]
            + [p.name for p in parametric]
            + [i.class_name for i in interfaces]
        ),
        typed,
        parametric,
        interfaces,
    )


def reference_infos(dialect: DialectDef) -> dict[str, RefInfo]:
    """What each def a constraint can reference by name is, for the generated checks."""
    refs: dict[str, RefInfo] = {}
    enums = {e.def_name: e for e in dialect.enums}
    for enum in dialect.enums:
        if enum.kind == "string":
            refs[enum.def_name] = RefInfo(
                "str_enum", enum_class_name(enum), values=tuple(c.text for c in enum.cases)
            )
        elif not is_bit_enum(enum):
            refs[enum.def_name] = RefInfo(
                "int_enum",
                enum_class_name(enum),
                width=_int_width(enum),
                values=tuple(int(c.value or 0) for c in enum.cases),
            )
    attr: AttrDef
    for attr in dialect.attributes:
        enum_class = enum_class_name(enums[attr.enum]) if attr.enum in enums else ""
        refs[attr.def_name] = RefInfo(
            "attr", class_name_from_def(attr.def_name), enum_class=enum_class
        )
    typ: TypeDef
    for typ in dialect.types:
        refs[typ.def_name] = RefInfo("type", class_name_from_def(typ.def_name))
    # Enums and attributes of other dialects, whose classes `ops.py` imports.
    for imported in dialect.imports:
        own = {e.def_name: e for e in imported.enums}
        for enum in imported.enums:
            if enum.kind == "string":
                refs[enum.def_name] = RefInfo(
                    "str_enum", enum_class_name(enum), values=tuple(c.text for c in enum.cases)
                )
            elif not is_bit_enum(enum):
                refs[enum.def_name] = RefInfo(
                    "int_enum",
                    enum_class_name(enum),
                    width=_int_width(enum),
                    values=tuple(int(c.value or 0) for c in enum.cases),
                )
        for attr in imported.attributes:
            enum_class = enum_class_name(own[attr.enum]) if attr.enum in own else ""
            refs[attr.def_name] = RefInfo(
                "attr", class_name_from_def(attr.def_name), enum_class=enum_class
            )
    # Type and attribute interfaces are constraints too: an instance of the class,
    # the runtime's (`PoisonAttrInterface`) as much as the dialect's own.
    for info in dialect_interfaces(dialect).values():
        if info.kind != "op":
            refs[info.def_name] = RefInfo(info.kind, info.class_name)
    return refs
