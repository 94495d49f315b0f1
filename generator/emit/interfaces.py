"""Interfaces in generated modules: the classes a dialect's interfaces become, and
the interface bases and checks of the classes implementing them.

A dialect's op interfaces are classes of its `ops.py`, its type interfaces of
`types.py` and its attribute interfaces of `attrs.py` (each module can then name
the dialect's classes in annotations and bodies). `interface_views` makes the
views `templates/_interfaces.py.j2` lays out: one class per interface, deriving
from its base interfaces (or the runtime's `OpInterface`, `TypeInterface`,
`AttrInterface`), with a method per spec method. A method without a body raises
`NotImplementedError`: generation makes sure every implementing class defines it.

`implemented_bases` gives the interface base classes of an op, type or attribute
class; `interface_checks` the interface verifiers an op runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.emit.environment import doc_text
from generator.spec.interfaces import (
    InterfaceInfo,
    MethodInfo,
    dialect_interfaces,
    implementations,
    method_name,
    python_annotation,
    substitute_self,
)
from generator.spec.model import DialectDef, InterfaceKind, SourceText, TraitRef

__all__ = [
    "InterfaceView",
    "MethodView",
    "implemented_bases",
    "implements",
    "interface_checks",
    "interface_views",
]

_RUNTIME_BASES: dict[str, str] = {
    "op": "OpInterface",
    "type": "TypeInterface",
    "attr": "AttrInterface",
}
_KIND_WORDS: dict[str, str] = {"op": "op", "type": "type", "attr": "attribute"}


@dataclass
class MethodView:
    """One method of a generated interface class."""

    name: str
    params: str
    """The parameter list, `self` (or `cls`) first."""
    returns: str
    doc: str
    body: list[str]
    is_static: bool


@dataclass
class InterfaceView:
    """One generated interface class."""

    class_name: str
    bases: str
    doc_lines: list[str]
    methods: list[MethodView]
    extra_code: list[str] = field(default_factory=list)
    verifier: str = ""
    """The name of the method checking an op that implements it ("" for none)."""
    verifier_body: list[str] = field(default_factory=list)


def _lines(text: str, *, static: bool = False) -> list[str]:
    # Imported here: `ops` imports this module.
    from generator.emit.ops import code_lines

    return code_lines(substitute_self(text, static=static))


def _method_view(method: MethodInfo) -> MethodView:
    spec = method.definition
    assert spec is not None
    first = "cls" if method.static else "self"
    params = [first]
    for arg in spec.args:
        text = f"{method_name(arg.name)}: {python_annotation(arg.type or 'object')}"
        if arg.default is not None:
            text += f" = {arg.default}"
        params.append(text)
    code: SourceText | None = spec.body if spec.body is not None else spec.default
    body = (
        _lines(code.text, static=method.static)
        if code is not None
        else [
            "raise NotImplementedError("
            + repr(f"{method.py_name} is defined by each implementation")
            + ")"
        ]
    )
    description = spec.description.strip() or f"The interface method `{spec.name}`."
    return MethodView(
        name=method.py_name,
        params=", ".join(params),
        returns=python_annotation(spec.return_type),
        doc=doc_text(" ".join(description.split())),
        body=body,
        is_static=method.static,
    )


def _ordered(infos: list[InterfaceInfo]) -> list[InterfaceInfo]:
    """The interfaces sorted by class name, each after the ones it derives from."""
    by_name = {info.def_name: info for info in infos}
    out: list[InterfaceInfo] = []
    done: set[str] = set()

    def visit(info: InterfaceInfo) -> None:
        if info.def_name in done:
            return
        done.add(info.def_name)
        for base in info.bases:
            if base in by_name:
                visit(by_name[base])
        out.append(info)

    for info in sorted(infos, key=lambda i: i.class_name):
        visit(info)
    return out


def interface_views(dialect: DialectDef, kind: InterfaceKind, source: str) -> list[InterfaceView]:
    """The classes of the dialect's interfaces of `kind`, bases first."""
    known = dialect_interfaces(dialect)
    own = [known[i.def_name] for i in dialect.interfaces if i.kind == kind]
    views: list[InterfaceView] = []
    for info in _ordered(own):
        spec = info.definition
        assert spec is not None
        bases = [known[b].class_name for b in info.bases if b in known] or [_RUNTIME_BASES[kind]]
        doc = [
            f"The `{info.class_name}` {_KIND_WORDS[kind]} interface of the `{dialect.name}` dialect."
        ]
        if spec.description.strip():
            from generator.emit.ops import code_lines

            doc.append("")
            doc.extend(doc_text(line, closes=False) for line in code_lines(spec.description))
        doc.extend(["", f"ODS def `{info.def_name}`. Defined in {source}."])
        views.append(
            InterfaceView(
                class_name=info.class_name,
                bases=", ".join(bases),
                doc_lines=doc,
                methods=[_method_view(m) for m in info.methods],
                extra_code=_lines(spec.extra_code.text) if spec.extra_code is not None else [],
                verifier=info.verifier or "",
                verifier_body=(_lines(spec.verifier.text) if spec.verifier is not None else []),
            )
        )
    return views


def implements(traits: tuple[TraitRef, ...], dialect: DialectDef) -> list[InterfaceInfo]:
    """The interfaces an op, type or attribute with these traits implements, base
    interfaces included."""
    return [impl.interface for impl in implementations(traits, dialect_interfaces(dialect))]


def implemented_bases(
    traits: tuple[TraitRef, ...], dialect: DialectDef, extra: tuple[str, ...] = ()
) -> list[str]:
    """The interface classes a class implementing these traits (and the interfaces
    `extra`, by def name) derives from: those no other one implies, by name."""
    known = dialect_interfaces(dialect)
    infos = {info.def_name: info for info in implements(traits, dialect)}
    for name in extra:
        if name in known:
            infos.setdefault(name, known[name])
    implied: set[str] = set()
    stack = [base for info in infos.values() for base in info.bases]
    while stack:
        base = stack.pop()
        if base not in implied:
            implied.add(base)
            stack.extend(known[base].bases if base in known else ())
    return sorted({info.class_name for name, info in infos.items() if name not in implied})


def interface_checks(
    traits: tuple[TraitRef, ...], dialect: DialectDef
) -> tuple[list[str], list[str]]:
    """The interface verifiers an op with these traits runs, as method calls: those
    run with the op's own checks, and those run after its regions verify."""
    plain: list[str] = []
    with_regions: list[str] = []
    for info in implements(traits, dialect):
        if info.verifier is None:
            continue
        (with_regions if info.verify_with_regions else plain).append(f"self.{info.verifier}()")
    return plain, with_regions
