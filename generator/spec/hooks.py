"""The hand-written code a spec asks for, and whether it is given.

In ODS a flag declares a C++ method that a `.cpp` file defines: `hasVerifier`
asks for `verify()`, `hasFolder` for `fold()`, `hasCustomAssemblyFormat` for
`parse()` and `print()`, an `OpBuilder` without a body for a `build()`; a
missing definition is a link error. Here the code is Python in the spec, and a
missing piece is an error at generation time, placed at the flag (or builder)
that asked for it, never a hook that silently does nothing.

The check is in two halves, so that more places to find code can be added:
`required_hooks` lists what a dialect asks for, one `HookRequirement` each, and
a `HookProvider` says whether it supplies one. `InlineCode` finds the spec's own
code blocks (and, for canonicalization, its patterns of the set
`canonicalize`). `check_hooks` reports every requirement no provider meets.

The methods of the interfaces an op, type or attribute implements are hooks too:
each method without a default (and each default `DeclareOpInterfaceMethods` lists as
overridden) must be defined by the class, which the spec does in its
`extraClassDeclaration` (`generator.spec.interfaces.resolve_methods` asks the same
providers where each method's body comes from).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from generator.diagnostics import SpecDiagnostic
from generator.ir.diagnostics import Diagnostic, Severity
from generator.ir.source import SourceLoc
from generator.naming import directive_name
from generator.spec.interfaces import (
    InterfaceInfo,
    MethodInfo,
    code_loc,
    defined_methods,
    dialect_interfaces,
    implementations,
    missing_method,
)
from generator.spec.model import AttrDef, BuilderDef, DialectDef, OpDef, SourceText, TypeDef

__all__ = [
    "HookProvider",
    "HookRequirement",
    "InlineCode",
    "check_hooks",
    "custom_directive_hooks",
    "custom_function",
    "declared_methods",
    "interface_hooks",
    "required_hooks",
]

Owner = OpDef | TypeDef | AttrDef | DialectDef

HookName = Literal[
    "verifier",
    "region_verifier",
    "fold",
    "canonicalize",
    "canonicalization",
    "parser",
    "printer",
    "builder",
    "materialize_constant",
    "interface_method",
    "declared_method",
    "custom_parse",
    "custom_print",
]


@dataclass(frozen=True, slots=True)
class _Hook:
    """What one hook is: how messages name it, its TableGen and YAML field, its signature."""

    what: str
    td_field: str
    yaml_field: str
    signature: str


_HOOKS: dict[str, _Hook] = {
    "verifier": _Hook(
        "a verifier", "verifier", "verifier", "def verify_custom(self) -> str | None"
    ),
    "region_verifier": _Hook(
        "a region verifier",
        "regionVerifier",
        "region_verifier",
        "def verify_regions(self) -> str | None",
    ),
    "fold": _Hook("a folder", "fold", "fold", "def fold(self) -> FoldResult"),
    "canonicalize": _Hook(
        "a canonicalize method",
        "canonicalize",
        "canonicalize",
        "def canonicalize(op, rewriter: PatternRewriter) -> bool",
    ),
    "canonicalization": _Hook(
        "canonicalization patterns",
        "canonicalize",
        "canonicalize",
        "def canonicalize(op, rewriter: PatternRewriter) -> bool",
    ),
    "parser": _Hook(
        "a parser",
        "parser",
        "parser",
        "def parse(cls, p: AsmParser, name_pos: SourcePos) -> Operation",
    ),
    "printer": _Hook(
        "a printer", "printer", "printer", "def print(self, p: AsmPrinter) -> bool | None"
    ),
    "builder": _Hook("a body", "body", "body", "def build(cls, ...)"),
    "materialize_constant": _Hook(
        "a constant materializer",
        "extraClassDeclaration",
        "extra_code",
        "def materialize_constant(rewriter, value, type_, loc) -> Operation | None",
    ),
    "declared_method": _Hook("a body", "extraClassDeclaration", "extra_code", ""),
    "custom_parse": _Hook(
        "a custom directive parser",
        "extraClassDeclaration",
        "extra_code",
        "def parse_{name}(p, ...)",
    ),
    "custom_print": _Hook(
        "a custom directive printer",
        "extraClassDeclaration",
        "extra_code",
        "def print_{name}(p, op, ...) -> str",
    ),
}

#: The signatures of a dialect type's or attribute's hand-written syntax.
_DEF_SIGNATURES = {
    "parser": "def parse(cls, p: AsmParser) -> {kind}",
    "printer": "def print_params(self) -> str",
}

#: The TableGen spelling of each flag of the model.
_TD_FLAGS = {
    "has_verifier": "hasVerifier",
    "has_region_verifier": "hasRegionVerifier",
    "has_folder": "hasFolder",
    "has_canonicalizer": "hasCanonicalizer",
    "has_canonicalize_method": "hasCanonicalizeMethod",
    "has_custom_assembly_format": "hasCustomAssemblyFormat",
    "has_constant_materializer": "hasConstantMaterializer",
}


@dataclass(frozen=True, slots=True)
class HookRequirement:
    """One piece of hand-written code a spec asks for."""

    owner: Owner
    """The op, type, attribute or dialect the code belongs to."""
    hook: HookName
    flag: str | None
    """The model flag asking for it (`has_verifier`); None for a builder without a
    body and a type or attribute that has parameters (they ask by existing)."""
    loc: SourceLoc | None
    """Where it was asked for: the flag, or the builder."""
    builder: BuilderDef | None = None
    """For `builder`: the builder without a body."""
    interface: InterfaceInfo | None = None
    """For `interface_method`: the interface whose method the owner must define."""
    method: MethodInfo | None = None
    """For `interface_method`: that method."""
    name: str | None = None
    """For `declared_method`: the method's name; for `custom_parse` and
    `custom_print`: the directive's (`custom<Name>`)."""
    declaration: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    """For `declared_method`: the method as the class code declares it."""

    @property
    def owner_name(self) -> str:
        """The def name of the owner (the dialect's name for the dialect)."""
        return self.owner.name if isinstance(self.owner, DialectDef) else self.owner.def_name


class HookProvider(Protocol):
    """A place hand-written code may be found."""

    def provides(self, requirement: HookRequirement) -> bool:
        """Whether this provider supplies the code `requirement` asks for."""
        ...


class InlineCode:
    """The spec's own code: code blocks (`[{ ... }]`, YAML block scalars) and patterns."""

    def __init__(self, dialect: DialectDef) -> None:
        self.dialect = dialect
        self._canonical_roots = {
            p.source.operator for p in dialect.patterns if p.pattern_set == "canonicalize"
        }
        self._custom_functions: frozenset[str] | None = None

    def provides(self, requirement: HookRequirement) -> bool:
        """Whether the spec itself holds the code."""
        owner, hook = requirement.owner, requirement.hook
        if isinstance(owner, DialectDef):
            if hook == "canonicalization":
                return bool(self._canonical_roots)
            if hook in ("custom_parse", "custom_print"):
                if self._custom_functions is None:
                    # Imported here: `pycode` reaches into the runtime.
                    from generator.spec.pycode import runtime_names

                    defined = _dialect_defines(owner) | runtime_names()
                    self._custom_functions = frozenset(defined)
                return custom_function(requirement) in self._custom_functions
            return hook in _dialect_defines(owner)
        if hook == "builder":
            return requirement.builder is not None and requirement.builder.body is not None
        if hook == "declared_method":
            # A method declared without a body is defined elsewhere, by definition.
            return False
        if hook == "interface_method":
            assert requirement.method is not None
            assert not isinstance(owner, DialectDef)
            name = requirement.method.py_name
            if isinstance(owner, OpDef) and name == "asm_result_names":
                # The op's `asmResultNames` is its `OpAsmOpInterface.asm_result_names`.
                return owner.asm_result_names is not None or name in _class_defines(owner)
            return name in _class_defines(owner)
        if isinstance(owner, TypeDef | AttrDef):
            return getattr(owner, hook) is not None
        if hook == "canonicalization":
            return owner.canonicalize is not None or owner.def_name in self._canonical_roots
        return getattr(owner, hook) is not None


def _dialect_defines(dialect: DialectDef) -> set[str]:
    """The top-level names of the dialect's extra code."""
    # Imported here: `pycode` reaches into the runtime, which only this check needs.
    from generator.spec.pycode import defined_names

    if dialect.extra_code is None:
        return set()
    return set(defined_names([dialect.extra_code.text])[0])


def _class_defines(owner: OpDef | TypeDef | AttrDef) -> set[str]:
    """The methods the class code of an op, type or attribute defines (with a body)."""
    declared = {node.name for node in declared_methods(owner.extra_code)}
    return set(defined_methods(owner.extra_code)) - declared


def custom_function(requirement: HookRequirement) -> str:
    """The function a `custom<Name>` directive of an op's format calls: `parse_name`
    or `print_name` (the snake_case of `Name`), defined at the top level of the
    dialect's code, by the runtime, or by the implementation module."""
    assert requirement.name is not None
    verb = "parse" if requirement.hook == "custom_parse" else "print"
    return f"{verb}_{directive_name(requirement.name)}"


def declared_methods(
    code: SourceText | None,
) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The methods class code declares without a body (only `...`, after an optional
    docstring), as MLIR's `extraClassDeclaration` declares methods a `.cpp` file
    defines; `@overload` and `@abstractmethod` stubs are not declarations."""
    if code is None:
        return
    try:
        tree = ast.parse(code.text)
    except SyntaxError:
        return
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        decorators = {d.id if isinstance(d, ast.Name) else "" for d in node.decorator_list}
        if decorators & {"overload", "abstractmethod"}:
            continue
        body = node.body
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body = body[1:]
        if (
            len(body) == 1
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and body[0].value.value is Ellipsis
        ):
            yield node


_CUSTOM_DIRECTIVE = re.compile(r"\bcustom\s*<\s*([A-Za-z_]\w*)\s*>")


def _custom_hooks(dialect: DialectDef, op: OpDef) -> Iterator[HookRequirement]:
    """The functions the `custom<Name>` directives of an op's format call."""
    fmt = op.assembly_format
    if fmt is None:
        return
    for match in _CUSTOM_DIRECTIVE.finditer(fmt.text):
        line = fmt.text.count("\n", 0, match.start()) + 1
        col = match.start() - (fmt.text.rfind("\n", 0, match.start()) + 1) + 1
        loc = code_loc(fmt, line, col) or op.loc_of("assembly_format")
        for hook in ("custom_parse", "custom_print"):
            yield HookRequirement(dialect, hook, None, loc, name=match.group(1))


def _declared_hooks(
    item: OpDef | TypeDef | AttrDef, known: dict[str, InterfaceInfo]
) -> Iterator[HookRequirement]:
    """The methods the class code of `item` declares for the implementation module,
    except interface methods (asked for as such)."""
    interface_methods = {
        m.py_name for impl in implementations(item.traits, known) for m in impl.interface.methods
    }
    code = item.extra_code
    for node in declared_methods(code):
        if node.name in interface_methods:
            continue
        loc = code_loc(code, node.lineno, node.col_offset + 1) if code is not None else None
        yield HookRequirement(
            item, "declared_method", None, loc or item.loc, name=node.name, declaration=node
        )


def interface_hooks(
    item: OpDef | TypeDef | AttrDef, known: dict[str, InterfaceInfo]
) -> Iterator[HookRequirement]:
    """The interface methods `item` must define: those without a default of the
    interfaces of its kind it implements, and the defaults it declares overridden."""
    kind = "op" if isinstance(item, OpDef) else "type" if isinstance(item, TypeDef) else "attr"
    for impl in implementations(item.traits, known):
        if impl.interface.kind != kind:
            continue
        for method in impl.interface.methods:
            overridden = method.kind == "default" and method.ods_name in impl.overridden
            if method.kind == "required" or overridden:
                yield HookRequirement(
                    item,
                    "interface_method",
                    None,
                    item.loc,
                    interface=impl.interface,
                    method=method,
                )


def required_hooks(dialect: DialectDef) -> Iterator[HookRequirement]:
    """Every piece of hand-written code the dialect asks for, in spec order."""
    if dialect.has_constant_materializer:
        yield HookRequirement(
            dialect,
            "materialize_constant",
            "has_constant_materializer",
            dialect.loc_of("has_constant_materializer"),
        )
    if dialect.has_canonicalizer:
        yield HookRequirement(
            dialect, "canonicalization", "has_canonicalizer", dialect.loc_of("has_canonicalizer")
        )
    known = dialect_interfaces(dialect)
    for item in dialect.named_defs():
        if isinstance(item, TypeDef | AttrDef):
            yield from _def_hooks(item)
            yield from interface_hooks(item, known)
            yield from _declared_hooks(item, known)
    for op in dialect.ops:
        yield from _op_hooks(op)
        yield from interface_hooks(op, known)
        yield from _declared_hooks(op, known)


def custom_directive_hooks(dialect: DialectDef) -> Iterator[HookRequirement]:
    """The functions the `custom<Name>` directives of the ops' formats call, each once
    (asked for by the first format that uses it).

    They are asked for when the dialect is generated, not when its spec is read:
    whether a format is valid does not depend on them, as in MLIR, where only the
    C++ build finds a directive's functions missing.
    """
    seen: set[str] = set()
    for op in dialect.ops:
        for requirement in _custom_hooks(dialect, op):
            if custom_function(requirement) not in seen:
                seen.add(custom_function(requirement))
                yield requirement


def _op_hooks(op: OpDef) -> Iterator[HookRequirement]:
    flags: list[tuple[str, bool, tuple[HookName, ...]]] = [
        ("has_verifier", op.has_verifier, ("verifier",)),
        ("has_region_verifier", op.has_region_verifier, ("region_verifier",)),
        ("has_folder", op.has_folder, ("fold",)),
        ("has_canonicalize_method", op.has_canonicalize_method, ("canonicalize",)),
        ("has_custom_assembly_format", op.has_custom_assembly_format, ("parser", "printer")),
    ]
    # `hasCanonicalizeMethod` implies the patterns `hasCanonicalizer` asks for.
    if op.has_canonicalizer and not op.has_canonicalize_method:
        flags.append(("has_canonicalizer", True, ("canonicalization",)))
    for flag, value, hooks in flags:
        if value:
            for hook in hooks:
                yield HookRequirement(op, hook, flag, op.loc_of(flag))
    for builder in op.builders:
        yield HookRequirement(op, "builder", None, builder.loc, builder)


def _def_hooks(item: TypeDef | AttrDef) -> Iterator[HookRequirement]:
    if isinstance(item, AttrDef) and item.enum is not None:
        return
    flag = "has_custom_assembly_format"
    hooks: tuple[HookName, ...] = ("parser", "printer")
    if item.has_custom_assembly_format:
        for hook in hooks:
            yield HookRequirement(item, hook, flag, item.loc_of(flag))
        return
    # Parameters need syntax: a declarative format, or a hand-written one.
    self_typed = [p.type for p in item.parameters] == ["SelfType"]
    has_format = item.assembly_format is not None and bool(item.assembly_format.text.strip())
    if item.parameters and not has_format and not self_typed:
        for hook in hooks:
            yield HookRequirement(item, hook, None, item.loc)


def check_hooks(
    dialect: DialectDef,
    providers: Sequence[HookProvider] | None = None,
    requirements: Iterable[HookRequirement] | None = None,
) -> list[SpecDiagnostic]:
    """An error for each flag or builder whose code no provider supplies.

    The providers are `InlineCode` when not given, the requirements
    `required_hooks(dialect)`. The missing hooks of one flag (a parser and a
    printer) are reported together.
    """
    found = list(providers) if providers is not None else [InlineCode(dialect)]
    missing: dict[tuple[int, str | None, int, int, str | None], list[HookRequirement]] = {}
    asked = requirements if requirements is not None else required_hooks(dialect)
    for requirement in asked:
        if not any(p.provides(requirement) for p in found):
            key = (
                id(requirement.owner),
                requirement.flag,
                id(requirement.builder),
                id(requirement.method),
                requirement.name,
            )
            missing.setdefault(key, []).append(requirement)
    module = dialect.implementation_module
    return [_with_module(_diagnostic(group), group, module) for group in missing.values()]


def _with_module(
    diagnostic: SpecDiagnostic, group: list[HookRequirement], module: str | None
) -> SpecDiagnostic:
    """`diagnostic` with its hint naming the implementation module's functions that
    would meet `group`, when the dialect has a module."""
    if module is None:
        return diagnostic
    # Imported here: the module conventions build on this module.
    from generator.spec.implementation import call_arguments, module_function

    calls: list[str] = []
    for requirement in group:
        arguments = call_arguments(requirement)
        shown = ", ".join(a.split("=")[0] for a in arguments) if arguments is not None else "..."
        calls.append(f"`{module_function(requirement)}({shown})`")
    addition = f"define {' and '.join(calls)} in implementation module '{module}'"
    hint = f"{diagnostic.hint}; or {addition}" if diagnostic.hint else addition
    return SpecDiagnostic(diagnostic.loc, diagnostic.message, hint=hint, notes=diagnostic.notes)


def _is_td(loc: SourceLoc | None) -> bool:
    return loc is not None and loc.file.name.endswith(".td")


def _diagnostic(group: list[HookRequirement]) -> SpecDiagnostic:
    first = group[0]
    owner = first.owner
    if first.hook == "interface_method":
        assert first.interface is not None
        assert first.method is not None
        assert not isinstance(owner, DialectDef)
        return missing_method(owner, first.interface, first.method)
    td = _is_td(first.loc) or _is_td(owner.loc)
    what = " and ".join(_HOOKS[r.hook].what for r in group).replace(" and a ", " and no ")
    if first.hook == "declared_method":
        return SpecDiagnostic(
            first.loc,
            f"method '{first.name}' of '{first.owner_name}' is declared without a body",
            hint="write its body in place of `...`",
        )
    if first.hook in ("custom_parse", "custom_print"):
        function = custom_function(first)
        place = "extraClassDeclaration" if td else "extra_code"
        return SpecDiagnostic(
            first.loc,
            f"format directive 'custom<{first.name}>' needs a function '{function}', "
            "which the dialect's code does not define",
            hint=f"define it at the top level of the dialect's {place}",
        )
    if first.hook == "builder":
        message = f"a builder of '{first.owner_name}' has no body"
        hint = (
            "write its Python body: OpBuilder<(ins ...), [{ ... }]>"
            if td
            else "write its Python body under 'body:'"
        )
        return SpecDiagnostic(first.loc, message, hint=hint, notes=_notes(first))
    if first.flag is None:
        kind = "type" if isinstance(owner, TypeDef) else "attribute"
        hooks = " and ".join(_HOOKS[r.hook].what.removeprefix("a ") for r in group)
        message = (
            f"{kind} '{first.owner_name}' has parameters, so it needs a syntax: an "
            f"assembly format, or a hand-written {hooks}"
        )
        flag = "hasCustomAssemblyFormat = 1" if td else "has_custom_assembly_format: true"
        key = "assemblyFormat" if td else "assembly_format"
        return SpecDiagnostic(
            first.loc,
            message,
            hint=f"give an {key}, or set {flag} and give {_where(group, td)}",
        )
    flag = _TD_FLAGS[first.flag] if td else first.flag
    message = f"'{flag}' is set but '{first.owner_name}' has no {what.removeprefix('a ')}"
    if first.hook == "canonicalization":
        place = 'let patternSet = "canonicalize" in { ... }' if td else "set: canonicalize"
        if isinstance(owner, DialectDef):
            hint = f"add patterns to the pattern set 'canonicalize' ({place})"
        else:
            hint = (
                f"give {_where(group, td)}, or patterns rooted at the op in the pattern "
                f"set 'canonicalize' ({place})"
            )
    else:
        hint = f"give {_where(group, td)}"
    return SpecDiagnostic(first.loc, message, hint=hint, notes=_notes(first))


def _where(group: list[HookRequirement], td: bool) -> str:
    """`the body of `sig` as `let field = [{ ... }]``, for each hook of the group."""
    parts: list[str] = []
    for requirement in group:
        hook = _HOOKS[requirement.hook]
        signature = hook.signature
        owner = requirement.owner
        if isinstance(owner, TypeDef | AttrDef) and requirement.hook in _DEF_SIGNATURES:
            kind = "Type" if isinstance(owner, TypeDef) else "Attribute"
            signature = _DEF_SIGNATURES[requirement.hook].format(kind=kind)
        if requirement.hook == "materialize_constant":
            place = "let extraClassDeclaration = [{ ... }]" if td else "extra_code: |"
            parts.append(f"a function `{signature}` in the dialect's `{place}`")
            continue
        place = f"let {hook.td_field} = [{{ ... }}]" if td else f"{hook.yaml_field}: |"
        parts.append(f"the body of `{signature}` as `{place}`")
    return " and ".join(parts)


def _notes(requirement: HookRequirement) -> list[Diagnostic]:
    """A note at the op when the flag was set elsewhere (in a class it inherits)."""
    owner = requirement.owner
    if requirement.loc is None or owner.loc is None or requirement.hook == "builder":
        return []
    loc, at = requirement.loc, owner.loc
    if loc.file is at.file and loc.offset >= at.offset:
        return []
    return [Diagnostic(Severity.NOTE, at, f"'{requirement.owner_name}' is defined here")]
