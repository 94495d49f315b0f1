"""Assembly formats of dialect types and attributes: checking and the resolved view.

A `TypeDef` or `AttrDef` with an `assemblyFormat` gets its parser and printer from
it, as MLIR's `AttrOrTypeFormatGen` generates them. The text is read by the parser
of op formats (`generator.spec.format.parse_format` with `for_def`), whose
elements here are literals, `$param` variables, the directives `params`,
`struct(...)`, `qualified(...)`, `ref(...)` and `custom<Name>(...)`, and optional
groups `(...)?` with an anchor `^` and an else group.

`check_def_format` checks the format as mlir-tblgen's `DefFormatParser` does, with
its wording: each `$name` names a parameter (`X has no parameter named 'y'`) bound
once, `params` and `struct` only where they may appear, parameters inside optional
groups optional, each group anchored and starting with a literal or a variable,
every required parameter in the format, no comma after a `struct` with optional
parameters. Unlike mlir-tblgen it reports every problem, each with a hint, and it
also rejects what the generated C++ would not compile: a parameter whose type has
no reader (`bool`, `double`, ...; see `generator.spec.params`) outside a custom
directive. `resolve_def_format` gives the checked format and what each parameter
holds, for the code generator.
"""

from __future__ import annotations

import difflib
import itertools
from dataclasses import dataclass, field

from generator.diagnostics import FormatSpecError, SpecDiagnostic, sort_diagnostics
from generator.ir.diagnostics import Diagnostic, Severity
from generator.spec.format import (
    AssemblyFormat,
    CustomDirective,
    FormatNode,
    LiteralElement,
    OptionalGroup,
    ParamsDirective,
    QualifiedDirective,
    RefDirective,
    StringElement,
    StructDirective,
    VariableElement,
    format_origin,
    literal_problem,
    node_span,
    parse_format,
)
from generator.spec.model import AttrDef, DialectDef, ParameterDef, TypeDef
from generator.spec.params import ParamKind, param_kind

__all__ = ["DefFormat", "check_def_format", "def_format_params", "resolve_def_format"]


@dataclass(frozen=True)
class DefFormat:
    """A checked format of a type or attribute, with what its parameters hold."""

    item: TypeDef | AttrDef
    format: AssemblyFormat
    kinds: dict[str, ParamKind]
    """The kind of each parameter, by name."""
    params: dict[str, ParameterDef]
    """The parameters, by name."""
    qualified: frozenset[int] = field(default_factory=frozenset)
    """The ids of the variables written `qualified(...)` (printed in full)."""

    def variable_param(self, var: VariableElement) -> ParameterDef:
        """The parameter a variable names."""
        return self.params[var.name]

    def directive_params(self, el: ParamsDirective | StructDirective) -> list[VariableElement]:
        """The variables a `params` or `struct` directive captures, in order."""
        return def_format_params(el, list(self.params.values()))


def def_format_params(
    el: ParamsDirective | StructDirective, params: list[ParameterDef]
) -> list[VariableElement]:
    """The parameters a `params` directive (every one but the self type) or a
    `struct` directive captures, as variables at the directive's position."""
    if isinstance(el, StructDirective) and not (
        len(el.args) == 1 and isinstance(el.args[0], ParamsDirective)
    ):
        return [a for a in el.args if isinstance(a, VariableElement)]
    return [VariableElement(el.offset, p.name, loc=el.loc) for p in params if p.type != "SelfType"]


class _Ctx:
    TOP = "top"
    CUSTOM = "custom"
    REF = "ref"
    STRUCT = "struct"
    QUALIFIED = "qualified"


_OPTIONAL_HINT = (
    "give the parameter a default (OptionalParameter<...> or DefaultValuedParameter<...>), "
    "or move it out of the optional group"
)


class _Checker:
    def __init__(
        self, fmt: AssemblyFormat, item: TypeDef | AttrDef, dialect: DialectDef | None
    ) -> None:
        self.fmt = fmt
        self.item = item
        self.params = {p.name: p for p in item.parameters}
        self.kinds = {p.name: param_kind(p.type, dialect) for p in item.parameters}
        self.seen: set[str] = set()
        self.errors: list[SpecDiagnostic] = []
        #: Ties diagnostics to the def when its format is written in a class.
        self.note: Diagnostic | None = None
        self.qualified: set[int] = set()
        #: Variables read by the format itself (not only by custom directives).
        self.parsed: list[VariableElement] = []

    def error(self, node: FormatNode | None, message: str, hint: str | None = None) -> None:
        if node is not None:
            loc, span = node.loc, node_span(node)
        else:
            loc, span = self.fmt.loc, 0
        diag = SpecDiagnostic(loc, message, hint=hint)
        if span and loc is not None:
            diag.span = span
        if self.note is not None:
            diag.notes.append(self.note)
        self.errors.append(diag)

    def optional(self, name: str) -> bool:
        param = self.params.get(name)
        return param is not None and (param.optional or param.default is not None)

    # -- elements ---------------------------------------------------------------------

    def run(self) -> None:
        elements = self.fmt.elements
        for el in elements:
            self.element(el, _Ctx.TOP)
        self.verify(elements)

    def element(self, el: FormatNode, ctx: str) -> None:
        if isinstance(el, LiteralElement):
            self.literal(el, ctx)
        elif isinstance(el, VariableElement):
            self.variable(el, ctx)
        elif isinstance(el, StringElement):
            if ctx != _Ctx.CUSTOM:
                self.error(
                    el,
                    "strings may only be used as 'custom' directive arguments",
                    "a literal is written in backticks, e.g. `keyword`",
                )
        elif isinstance(el, ParamsDirective):
            self.params_directive(el, ctx)
        elif isinstance(el, StructDirective):
            self.struct(el, ctx)
        elif isinstance(el, QualifiedDirective):
            if not isinstance(el.arg, VariableElement):
                self.error(el, "`qualified` argument list expected a variable")
                return
            self.qualified.add(id(el.arg))
            self.element(el.arg, ctx)
        elif isinstance(el, RefDirective):
            if ctx != _Ctx.CUSTOM:
                self.error(
                    el,
                    "'ref' is only valid within a `custom` directive",
                    "ref($param) passes a parameter read earlier to a custom directive",
                )
                return
            self.element(el.arg, _Ctx.REF)
        elif isinstance(el, CustomDirective):
            if ctx == _Ctx.STRUCT:
                self.error(
                    el,
                    "a `custom` directive inside `struct` is not supported by odsgen",
                    "read the parameter with a custom directive outside the struct",
                )
                return
            if ctx != _Ctx.TOP:
                self.error(
                    el,
                    "`custom` can only be used at the top-level context or within a `struct` "
                    "directive",
                )
                return
            for arg in el.args:
                self.element(arg, _Ctx.CUSTOM)
        elif isinstance(el, OptionalGroup):
            self.optional_group(el, ctx)

    def literal(self, el: LiteralElement, ctx: str) -> None:
        if ctx != _Ctx.TOP:
            self.error(
                el,
                "literals may only be used in the top-level section of the format",
                "directives take variables; print the literal outside of it",
            )
            return
        if not el.is_whitespace:
            reason = literal_problem(el.spelling)
            if reason is not None:
                self.error(
                    el,
                    f"expected valid literal but got '{el.spelling}': {reason}",
                    "a literal is punctuation from '_:,=<>()[]{}?+-*', '->', "
                    "or a keyword of letters, digits, '_', '$' and '.'",
                )

    def variable(self, el: VariableElement, ctx: str) -> None:
        name = el.name
        param = self.params.get(name)
        if param is None:
            close = difflib.get_close_matches(name, list(self.params), n=1, cutoff=0.6)
            self.error(
                el,
                f"{self.item.def_name} has no parameter named '{name}'",
                f"did you mean '${close[0]}'?"
                if close
                else "parameters: " + (", ".join(f"${p}" for p in self.params) or "none"),
            )
            return
        if ctx == _Ctx.REF:
            if name not in self.seen and param.type != "SelfType":
                self.error(
                    el,
                    f"parameter '{name}' must be bound before it is referenced",
                    "read the parameter earlier in the format, or pass it without ref(...)",
                )
            return
        if name in self.seen:
            self.error(
                el,
                f"duplicate parameter '{name}'",
                "each parameter is read once; pass it again to a custom directive with ref(...)",
            )
            return
        self.seen.add(name)
        if ctx != _Ctx.CUSTOM:
            self.parsed.append(el)

    def params_directive(self, el: ParamsDirective, ctx: str) -> None:
        if ctx not in (_Ctx.TOP, _Ctx.STRUCT):
            self.error(
                el,
                "`params` can only be used at the top-level context or within a `struct` directive",
            )
            return
        for param in self.item.parameters:
            if param.name in self.seen:
                self.error(
                    el,
                    f"`params` captures duplicate parameter: {param.name}",
                    "`params` stands for every parameter; list the others one by one instead",
                )
                return
        for var in def_format_params(el, list(self.item.parameters)):
            self.seen.add(var.name)
            self.parsed.append(var)

    def struct(self, el: StructDirective, ctx: str) -> None:
        if ctx != _Ctx.TOP:
            self.error(el, "`struct` can only be used at the top-level context")
            return
        first = el.args[0]
        if not isinstance(first, VariableElement | ParamsDirective):
            if isinstance(first, LiteralElement | StructDirective | CustomDirective | RefDirective):
                # Its own error, as mlir-tblgen reports it for the element.
                self.element(first, _Ctx.STRUCT)
            else:
                self.error(el, "`struct` argument list expected a variable or directive")
            return
        if isinstance(first, ParamsDirective):
            if len(el.args) > 1:
                self.error(el, "expected ')' at the end of an argument list")
                return
            self.params_directive(first, _Ctx.STRUCT)
            return
        for arg in el.args:
            if isinstance(arg, CustomDirective):
                self.element(arg, _Ctx.STRUCT)
                return
            if not isinstance(arg, VariableElement):
                self.error(el, "expected a variable in `struct` argument list")
                return
            self.variable(arg, _Ctx.STRUCT)

    def optional_group(self, el: OptionalGroup, ctx: str) -> None:
        if ctx != _Ctx.TOP:
            self.error(el, "optional groups can only be used as top-level elements")
            return
        for child in el.then_elements + el.else_elements:
            self.element(child, _Ctx.TOP)
        if el.anchor is None:
            self.error(
                el,
                "optional group has no anchor element",
                "mark the parameter whose presence decides the group with '^', e.g. ($x^)?",
            )
            return
        for elements, anchor in ((el.then_elements, el.anchor), (el.else_elements, None)):
            if not self.group_elements(el, elements, anchor):
                return
        first = next((e for e in el.then_elements if not _is_whitespace(e)), None)
        if isinstance(first, QualifiedDirective):
            first = first.arg
        if isinstance(first, CustomDirective):
            self.error(
                el,
                "a `custom` directive cannot start an optional group of a type or attribute "
                "format in odsgen",
                "start the group with a literal or the anchor parameter",
            )
        elif not isinstance(first, LiteralElement | VariableElement):
            self.error(
                el,
                "first parsable element of an optional group must be a literal, variable, or "
                "custom directive",
                "start the group with a literal or the anchor parameter",
            )

    def group_elements(
        self, group: OptionalGroup, elements: tuple[FormatNode, ...], anchor: FormatNode | None
    ) -> bool:
        for child in elements:
            target = child.arg if isinstance(child, QualifiedDirective) else child
            if isinstance(target, VariableElement):
                if target.name in self.params and not self.optional(target.name):
                    self.error(
                        group, "parameters in an optional group must be optional", _OPTIONAL_HINT
                    )
                    return False
            elif isinstance(target, ParamsDirective):
                if any(not self.optional(p.name) for p in self.item.parameters):
                    self.error(
                        group,
                        "`params` directive allowed in optional group only if all parameters "
                        "are optional",
                        _OPTIONAL_HINT,
                    )
                    return False
            elif isinstance(target, StructDirective):
                captured = def_format_params(target, list(self.item.parameters))
                if any(not self.optional(v.name) for v in captured):
                    self.error(
                        group,
                        "`struct` is only allowed in an optional group if all captured "
                        "parameters are optional",
                        _OPTIONAL_HINT,
                    )
                    return False
            elif isinstance(target, CustomDirective):
                bound = [a for a in target.args if isinstance(a, VariableElement)]
                if any(v.name in self.params and not self.optional(v.name) for v in bound):
                    self.error(
                        group,
                        "`custom` is only allowed in an optional group if all captured "
                        "parameters are optional",
                        _OPTIONAL_HINT,
                    )
                    return False
        if anchor is not None:
            target = anchor.arg if isinstance(anchor, QualifiedDirective) else anchor
            if not isinstance(
                target, VariableElement | ParamsDirective | StructDirective | CustomDirective
            ):
                self.error(
                    group,
                    "optional group anchor must be a parameter or directive",
                    "mark a parameter with '^'",
                )
                return False
            if isinstance(target, CustomDirective) and not any(
                isinstance(a, VariableElement) for a in target.args
            ):
                self.error(
                    group,
                    "`custom` directive with no bound parameters cannot be used as optional "
                    "group anchor",
                )
                return False
        return True

    # -- the whole format -----------------------------------------------------------------

    def verify(self, elements: tuple[FormatNode, ...]) -> None:
        for param in self.item.parameters:
            optional = param.optional or param.default is not None
            if param.type == "SelfType":
                if param.name in self.seen:
                    self.error(None, "unexpected self type parameter in assembly format")
                continue
            if not optional and param.name not in self.seen:
                self.error(
                    None,
                    f"format is missing reference to parameter: {param.name}",
                    f"add '${param.name}' (or `params`) to the format",
                )
        for before, after in itertools.pairwise(elements):
            if (
                isinstance(before, StructDirective)
                and isinstance(after, LiteralElement)
                and after.spelling == ","
                and any(
                    self.optional(v.name)
                    for v in def_format_params(before, list(self.item.parameters))
                )
            ):
                self.error(
                    None,
                    "`struct` directive with optional parameters cannot be followed by a "
                    "comma literal",
                    "a comma after the struct could not be told from one between its entries",
                )
        for var in self.parsed:
            kind = self.kinds.get(var.name)
            if kind is None or kind.parseable:
                continue
            param = self.params[var.name]
            if kind.kind == "self_type":
                continue
            if kind.kind == "enum":
                message = (
                    f"parameter '{var.name}' of enum type '{param.type}' cannot be read by "
                    "a declarative format in odsgen yet"
                )
            else:
                message = (
                    f"parameter '{var.name}' of type '{param.type}' has no default parser: "
                    "MLIR's generated C++ would not compile"
                )
            self.error(
                var,
                message,
                "pass it to a custom<...> directive, or give the type or attribute "
                "hand-written syntax (hasCustomAssemblyFormat)",
            )


def _is_whitespace(el: FormatNode) -> bool:
    return isinstance(el, LiteralElement) and el.is_whitespace


def _check(
    item: TypeDef | AttrDef, dialect: DialectDef | None
) -> tuple[_Checker | None, list[SpecDiagnostic]]:
    source = item.assembly_format
    if source is None:
        return None, []
    loc_at, inherited = format_origin(source)
    note = None
    if inherited and item.loc is not None:
        what = "type" if isinstance(item, TypeDef) else "attribute"
        note = Diagnostic(Severity.NOTE, item.loc, f"in custom assembly format for this {what}")
    try:
        fmt = parse_format(source.text, loc_at, for_def=True)
    except FormatSpecError as error:
        if note is not None:
            for diag in error.diagnostics:
                diag.notes.append(note)
        return None, list(error.diagnostics)
    checker = _Checker(fmt, item, dialect)
    checker.note = note
    checker.run()
    return checker, sort_diagnostics(checker.errors)


def check_def_format(
    item: TypeDef | AttrDef, dialect: DialectDef | None = None
) -> list[SpecDiagnostic]:
    """Every problem of a type's or attribute's format, sorted; [] when it is valid."""
    return _check(item, dialect)[1]


def resolve_def_format(
    item: TypeDef | AttrDef, dialect: DialectDef | None = None
) -> DefFormat | None:
    """The checked format of a type or attribute; None when it has none.

    Raises `FormatSpecError` with every problem when the format is invalid.
    """
    checker, errors = _check(item, dialect)
    if errors:
        raise FormatSpecError(errors)
    if checker is None:
        return None
    return DefFormat(
        item=item,
        format=checker.fmt,
        kinds=checker.kinds,
        params=checker.params,
        qualified=frozenset(checker.qualified),
    )
