"""Interfaces as the generator sees them, and where each method's body comes from.

An interface is either one of the runtime's op interfaces (`generator.ir.interfaces`:
`InferTypeOpInterface`, `BranchOpInterface`, ...; `BUILTIN_INTERFACES`) or one a
dialect spec defines (`InterfaceDef`), which is generated as a class of the
dialect's package. `dialect_interfaces` gives both kinds as `InterfaceInfo`s,
whose methods carry their Python names: the snake_case of the ODS name
(`inferShapes` -> `infer_shapes`), made a valid name by `naming.sanitize_name`.

`implementations` reads which interfaces an op, type or attribute implements: the
ones its traits list (as themselves or as `DeclareOpInterfaceMethods<...>`) and,
as in MLIR, their base interfaces. `resolve_methods` is the one place that
decides where the body of each of their methods comes from (`MethodImpl.source`):
the interface's own body (ODS `methodBody`), the interface's default, or the
implementing class. Whether the class defines a method is asked of the hook
providers of `generator.spec.hooks` (today the spec's own code, the class's
`extraClassDeclaration`), which also report each method that must be defined and is
not (`missing_method`); `resolve_methods` reports a method the class may not replace
and a definition whose parameters or kind (static or not) differ from the
interface's.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from generator.diagnostics import SpecDiagnostic
from generator.ir.source import SourceLoc
from generator.naming import sanitize_name, snake_case
from generator.spec.model import (
    DECLARE_INTERFACE_TRAITS,
    AttrDef,
    DialectDef,
    InterfaceDef,
    InterfaceKind,
    InterfaceMethodDef,
    OpDef,
    SourceText,
    TraitRef,
    TypeDef,
)

if TYPE_CHECKING:
    from generator.spec.hooks import HookProvider

__all__ = [
    "BUILTIN_INTERFACES",
    "Implementation",
    "InterfaceInfo",
    "MethodImpl",
    "MethodInfo",
    "MethodSource",
    "code_loc",
    "defined_methods",
    "dialect_interfaces",
    "implementations",
    "interface_info",
    "method_name",
    "missing_method",
    "python_annotation",
    "resolve_methods",
    "substitute_self",
]

MethodKind = Literal["required", "default", "fixed"]
#: Where the body of an implemented method comes from: the interface's own body
#: ("interface", ODS `methodBody`), the interface's default ("default"), or the
#: implementing class's hand-written code ("class").
MethodSource = Literal["interface", "default", "class"]


def method_name(ods_name: str) -> str:
    """The Python name of an interface method or argument: `inferShapes` -> `infer_shapes`."""
    return sanitize_name(snake_case(ods_name))


def python_annotation(text: str) -> str:
    """A method's return or argument type as a Python annotation: "" and `void` are
    `None`, anything else is taken as written."""
    text = " ".join(text.split())
    return "None" if text in ("", "void") else text


def substitute_self(text: str, *, static: bool) -> str:
    """A body of an interface with ODS's placeholders for the instance replaced."""
    target = "cls" if static else "self"
    for placeholder in ("$_op", "$_type", "$_attr", "$_self"):
        text = text.replace(placeholder, target)
    return text


@dataclass(frozen=True)
class MethodInfo:
    """One method of an interface, by the names the generator uses."""

    ods_name: str
    py_name: str
    static: bool
    params: tuple[str, ...]
    """The Python names of the parameters after `self` (or `cls`)."""
    kind: MethodKind
    """"required": each implementation defines it; "default": the interface has a
    default an implementation may override; "fixed": the interface's own body."""
    signature: str
    """The Python signature, `def name(self, x: int) -> None`, for messages and docs."""
    definition: InterfaceMethodDef | None = None
    """The spec's method; None for a method of the runtime's interfaces."""


@dataclass(frozen=True)
class InterfaceInfo:
    """An interface the spec may implement."""

    def_name: str
    class_name: str
    kind: InterfaceKind
    methods: tuple[MethodInfo, ...]
    """The interface's own methods, without those of its bases."""
    bases: tuple[str, ...]
    """The def names of the interfaces it derives from."""
    definition: InterfaceDef | None
    """The spec's definition; None for a class of `generator.ir.interfaces`."""
    verifier: str | None = None
    """The method checking each op that implements it, if any."""
    verify_with_regions: bool = False

    @property
    def builtin(self) -> bool:
        """Whether the class is one of the runtime's (`generator.ir.interfaces`)."""
        return self.definition is None


def _signature(py_name: str, static: bool, params: list[tuple[str, str]], returns: str) -> str:
    first = "cls" if static else "self"
    args = ", ".join([first, *(f"{name}: {ann}" for name, ann in params)])
    return f"def {py_name}({args}) -> {returns}"


def _builtin_method(
    ods: str,
    py: str,
    params: list[tuple[str, str]],
    returns: str,
    kind: MethodKind,
    *,
    static: bool,
) -> MethodInfo:
    return MethodInfo(
        ods, py, static, tuple(n for n, _ in params), kind, _signature(py, static, params, returns)
    )


def _builtin(
    name: str,
    class_name: str | None = None,
    methods: tuple[MethodInfo, ...] = (),
    bases: tuple[str, ...] = (),
    verifier: str | None = None,
    kind: InterfaceKind = "op",
) -> InterfaceInfo:
    return InterfaceInfo(
        name,
        class_name or name,
        kind,
        methods,
        bases,
        None,
        verifier=verifier,
        verify_with_regions=verifier is not None,
    )


#: The interfaces of the runtime, by ODS def name (`Symbol` is MLIR's
#: `SymbolOpInterface`): op interfaces, and the attribute interface
#: `PoisonAttrInterface`. Only the methods the generator must know are listed.
BUILTIN_INTERFACES: dict[str, InterfaceInfo] = {
    info.def_name: info
    for info in (
        _builtin("BranchOpInterface"),
        _builtin("CallOpInterface"),
        _builtin("CallableOpInterface"),
        _builtin("CastOpInterface"),
        _builtin("ConditionallySpeculatable"),
        _builtin("FunctionOpInterface", bases=("Symbol", "CallableOpInterface")),
        _builtin(
            "InferTypeOpInterface",
            methods=(
                _builtin_method(
                    "inferReturnTypes",
                    "infer_return_types",
                    [
                        ("operands", "Sequence[Value]"),
                        ("attributes", "Mapping[str, Attribute]"),
                        ("regions", "Sequence[Region]"),
                    ],
                    "Sequence[Type]",
                    "required",
                    static=True,
                ),
                _builtin_method(
                    "isCompatibleReturnTypes",
                    "is_compatible_return_types",
                    [("inferred", "Sequence[Type]"), ("actual", "Sequence[Type]")],
                    "bool",
                    "default",
                    static=True,
                ),
            ),
            verifier="verify_inferred_result_types",
        ),
        _builtin("LoopLikeOpInterface"),
        _builtin("PoisonAttrInterface", kind="attr"),
        _builtin("VectorElementTypeInterface", kind="type"),
        _builtin(
            "OpAsmOpInterface",
            methods=(
                _builtin_method(
                    "getAsmResultNames",
                    "asm_result_names",
                    [],
                    "Sequence[tuple[int, str]]",
                    "default",
                    static=False,
                ),
                _builtin_method(
                    "getAsmBlockArgumentNames",
                    "asm_block_arg_names",
                    [("region", "Region")],
                    "Sequence[tuple[int, str]]",
                    "default",
                    static=False,
                ),
            ),
        ),
        _builtin("RegionBranchOpInterface"),
        _builtin("RegionKindInterface"),
        _builtin("ShapedDimOpInterface"),
        _builtin("Symbol", "SymbolOpInterface"),
        _builtin("SymbolUserOpInterface"),
    )
}


def _method_info(method: InterfaceMethodDef) -> MethodInfo:
    py = method_name(method.name)
    params = [(method_name(a.name), python_annotation(a.type or "object")) for a in method.args]
    if method.body is not None:
        kind: MethodKind = "fixed"
    elif method.default is not None:
        kind = "default"
    else:
        kind = "required"
    return MethodInfo(
        method.name,
        py,
        method.static,
        tuple(n for n, _ in params),
        kind,
        _signature(py, method.static, params, python_annotation(method.return_type)),
        method,
    )


def interface_info(interface: InterfaceDef) -> InterfaceInfo:
    """The generator's view of an interface the spec defines."""
    verifier = None
    if interface.verifier is not None:
        verifier = "verify_" + snake_case(interface.class_name)
    return InterfaceInfo(
        interface.def_name,
        interface.class_name,
        interface.kind,
        tuple(_method_info(m) for m in interface.methods),
        interface.bases,
        interface,
        verifier=verifier,
        verify_with_regions=interface.verify_with_regions,
    )


def dialect_interfaces(dialect: DialectDef) -> dict[str, InterfaceInfo]:
    """Every interface the dialect's ops, types and attributes may implement, by def
    name: the runtime's and the dialect's own (which take precedence)."""
    out = dict(BUILTIN_INTERFACES)
    for interface in dialect.interfaces:
        out[interface.def_name] = interface_info(interface)
    return out


@dataclass(frozen=True)
class Implementation:
    """An interface implemented by an op, type or attribute."""

    interface: InterfaceInfo
    trait: TraitRef | None
    """The trait naming it; None for a base interface implied by another one."""
    overridden: tuple[str, ...] = ()
    """The ODS names of default methods `DeclareOpInterfaceMethods` says are overridden."""


def _trait_interface(trait: TraitRef) -> tuple[str, tuple[str, ...]]:
    """The interface def name a trait names, with the overridden methods it lists."""
    if trait.name in DECLARE_INTERFACE_TRAITS and trait.args and isinstance(trait.args[0], str):
        overridden = trait.args[1] if len(trait.args) > 1 else ()
        return trait.args[0], overridden if isinstance(overridden, tuple) else ()
    return trait.name, ()


def implementations(
    traits: tuple[TraitRef, ...], known: dict[str, InterfaceInfo]
) -> list[Implementation]:
    """The interfaces `traits` implement, in the order they are listed, each followed
    by its base interfaces (each interface once); traits that are no interface are
    left out."""
    out: list[Implementation] = []
    seen: set[str] = set()

    def add(name: str, trait: TraitRef | None, overridden: tuple[str, ...]) -> None:
        info = known.get(name)
        if info is None or name in seen:
            return
        seen.add(name)
        out.append(Implementation(info, trait, overridden))
        for base in info.bases:
            add(base, None, ())

    for trait in traits:
        name, overridden = _trait_interface(trait)
        add(name, trait, overridden)
    return out


@dataclass(frozen=True)
class MethodImpl:
    """One method of an implemented interface and where its body comes from."""

    interface: InterfaceInfo
    method: MethodInfo
    source: MethodSource


@dataclass(frozen=True)
class DefinedMethod:
    """A method defined in the hand-written code of an op, type or attribute."""

    name: str
    params: tuple[str, ...] | None
    """Parameter names after the first; None when it takes `*args`."""
    decorators: tuple[str, ...]
    loc: SourceLoc | None


def code_loc(code: SourceText, line: int, col: int) -> SourceLoc | None:
    """The spec position of line `line`, column `col` (1-based) inside a code block."""
    if code.loc is None:
        return None
    start_line, start_col = code.loc.line_col
    file = code.loc.file
    return file.loc(file.offset_of(start_line + line - 1, start_col + col - 1))


def defined_methods(
    code: SourceText | None, owner: SourceLoc | None = None
) -> dict[str, DefinedMethod]:
    """The methods the hand-written class code defines at its top level, by name
    (nothing when it does not parse: that is reported where it is checked).

    Each is placed at its line in the code block; when the block has no position of
    its own (it has the `owner`'s, the def that holds it), at the owner's.
    """
    if code is None:
        return {}
    try:
        tree = ast.parse(code.text)
    except SyntaxError:
        return {}
    out: dict[str, DefinedMethod] = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        args = node.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
        decorators = tuple(d.id for d in node.decorator_list if isinstance(d, ast.Name))
        # A decorated method starts at the `@` of its first decorator.
        first = node.decorator_list[0] if node.decorator_list else None
        line, col = (
            (first.lineno, first.col_offset) if first else (node.lineno, node.col_offset + 1)
        )
        out[node.name] = DefinedMethod(
            node.name,
            None if args.vararg is not None else tuple(positional),
            decorators,
            owner if owner is not None and code.loc == owner else code_loc(code, line, col),
        )
    return out


Implementer = OpDef | TypeDef | AttrDef


def _entity(item: Implementer) -> str:
    """How messages name an implementing op, type or attribute: by its def."""
    return f"'{item.def_name}'"


def resolve_methods(
    item: Implementer,
    dialect: DialectDef,
    known: dict[str, InterfaceInfo] | None = None,
    providers: Sequence[HookProvider] | None = None,
) -> tuple[list[MethodImpl], list[SpecDiagnostic]]:
    """Where each method of each interface `item` implements comes from, and the
    problems of the definitions found on the way (see the module docstring).

    Whether the class defines a method is asked of `providers` (`hooks.InlineCode`,
    the spec's own code, when not given), as for every other hook; a method that
    must be defined and is not is left out here, `hooks.check_hooks` reports it.
    """
    # Imported here: `hooks` builds on this module.
    from generator.spec.hooks import InlineCode, interface_hooks

    known = known if known is not None else dialect_interfaces(dialect)
    found = list(providers) if providers is not None else [InlineCode(dialect)]
    required = {(id(r.interface), id(r.method)): r for r in interface_hooks(item, known)}
    defined = defined_methods(item.extra_code, item.loc)
    out: list[MethodImpl] = []
    errors: list[SpecDiagnostic] = []
    what = _entity(item)
    kind = "op" if isinstance(item, OpDef) else "type" if isinstance(item, TypeDef) else "attr"
    for impl in implementations(item.traits, known):
        iface = impl.interface
        if iface.kind != kind:
            # Reported where the trait is checked.
            continue
        for method in iface.methods:
            own = defined.get(method.py_name)
            if method.kind == "fixed":
                if own is not None:
                    errors.append(
                        SpecDiagnostic(
                            own.loc or item.loc,
                            f"{what} defines '{method.py_name}', which interface "
                            f"'{iface.class_name}' implements itself",
                            hint="remove it; only methods without a body in the interface "
                            "can be defined by the implementation",
                        )
                    )
                out.append(MethodImpl(iface, method, "interface"))
                continue
            requirement = required.get((id(iface), id(method)))
            if requirement is not None:
                if not any(p.provides(requirement) for p in found):
                    continue
            elif own is None:
                out.append(MethodImpl(iface, method, "default"))
                continue
            if own is not None:
                errors.extend(_check_definition(what, iface, method, own, item))
            out.append(MethodImpl(iface, method, "class"))
    return out, errors


def missing_method(item: Implementer, iface: InterfaceInfo, method: MethodInfo) -> SpecDiagnostic:
    """The error for a method `item` must define and does not, at `item`."""
    label = _method_label(method)
    if method.kind == "required":
        message = (
            f"{_entity(item)} implements interface '{iface.class_name}' but does not define "
            f"its method {label}"
        )
    else:
        message = (
            f"{_entity(item)} lists method {label} of interface '{iface.class_name}' as "
            "overridden but does not define it"
        )
    return SpecDiagnostic(
        item.loc,
        message,
        hint=f"define `{_decorated(method)}` in its extraClassDeclaration (YAML: extra_code)",
    )


def _method_label(method: MethodInfo) -> str:
    """`'infer_shapes' (inferShapes)`: the Python name, and the ODS name when it differs."""
    if method.ods_name == method.py_name:
        return f"'{method.py_name}'"
    return f"'{method.py_name}' ({method.ods_name})"


def _decorated(method: MethodInfo) -> str:
    return ("@classmethod " if method.static else "") + method.signature


def _check_definition(
    what: str, iface: InterfaceInfo, method: MethodInfo, own: DefinedMethod, item: Implementer
) -> list[SpecDiagnostic]:
    loc = own.loc or item.loc
    is_class = "classmethod" in own.decorators
    if method.static and not is_class:
        return [
            SpecDiagnostic(
                loc,
                f"method '{method.py_name}' of interface '{iface.class_name}' is static, "
                f"but {what} defines it without @classmethod",
                hint=f"define it as `{_decorated(method)}`",
            )
        ]
    if not method.static and (is_class or "staticmethod" in own.decorators):
        return [
            SpecDiagnostic(
                loc,
                f"method '{method.py_name}' of interface '{iface.class_name}' is an instance "
                f"method, but {what} defines it as a "
                f"{'classmethod' if is_class else 'staticmethod'}",
                hint=f"define it as `{_decorated(method)}`",
            )
        ]
    if own.params is not None and own.params != method.params:
        given = ", ".join(own.params) or "nothing"
        expected = ", ".join(method.params) or "nothing"
        return [
            SpecDiagnostic(
                loc,
                f"method '{method.py_name}' of {what} takes ({given}) but interface "
                f"'{iface.class_name}' declares ({expected})",
                hint=f"define it as `{_decorated(method)}`",
            )
        ]
    return []
