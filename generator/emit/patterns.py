"""The `patterns` backend: DRR `Pat`/`Pattern` specs to `generated/<dialect>/patterns.py`.

Each pattern becomes a `RewritePattern` subclass with a straight-line matcher
and rewrite: op class checks, walks to the ops defining operands, constraint
checks and attribute tests, then the result ops built through the generated
builders. The module lists its patterns by named set (`PATTERN_SETS`), which
the dialect's `Dialect` carries into every context that loads it, so
`odsgen opt --canonicalize` and `--patterns NAME` find them.

Checked here, at the spec's line and column: unknown ops, argument counts,
unbound and re-bound symbols, result ops that leave a required attribute or
operand out, and the selection rule. A pattern's benefit is how much it
discriminates (ops matched plus constraints checked) plus its `addBenefit`;
two patterns of one set that root at the same op, have the same benefit and
may both match it are an error naming both, since neither would win reliably.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.diagnostics import SpecDiagnostic, SpecValidationError
from generator.emit.environment import doc_text
from generator.emit.ops import OpView, negated
from generator.emit.predicates import ConstraintFunction, ConstraintTable
from generator.ir.diagnostics import Diagnostic, Severity
from generator.ir.source import SourceLoc
from generator.naming import sanitize_name, snake_case
from generator.spec.constraints import (
    AnyTypeConstraint,
    AttrConstraint,
    TypeConstraint,
    attr_constraint_from_expr,
    type_constraint_from_expr,
)
from generator.spec.expr import ExprError, IntExpr, NameExpr, StrExpr, parse_expr
from generator.spec.model import (
    AttributeDef,
    DagArgDef,
    DagLeaf,
    DagNodeDef,
    DialectDef,
    EnumDef,
    OpDef,
    OperandDef,
    PatternDef,
)

__all__ = ["OpTarget", "PatternModuleView", "PatternView", "patterns_module_view"]

#: Constant attributes ODS names (`ConstBoolAttrTrue`) and what they spell.
_NAMED_CONSTANTS = {
    "ConstBoolAttrTrue": ("BoolAttr", "true"),
    "ConstBoolAttrFalse": ("BoolAttr", "false"),
    "ConstUnitAttr": ("UnitAttr", "unit"),
}
_DIRECTIVES = ("location", "returnType")


@dataclass(frozen=True)
class OpTarget:
    """An op a pattern may name: its spec, dialect, Python package and class view."""

    op: OpDef
    dialect: str
    package: str
    view: OpView
    module: str = ""
    """The import path of the op's dialect package (`generated.tfl`); `package` is
    the name generated code imports it as."""

    @property
    def name(self) -> str:
        """The op's full name (`tfl.add`)."""
        return f"{self.dialect}.{self.op.mnemonic}"

    @property
    def class_ref(self) -> str:
        """The class as the patterns module refers to it (`tfl.AddOp`)."""
        return f"{self.package}.{self.view.class_name}"

    def arguments(self) -> list[OperandDef | AttributeDef]:
        """The op's DAG arguments in ODS `ins` order."""
        stored = [a for a in self.op.attributes if a.derived is None]
        items: list[OperandDef | AttributeDef] = [*self.op.operands, *stored]
        if not self.op.argument_order:
            return items
        by_name = {item.name: item for item in items}
        return [by_name[n] for n in self.op.argument_order]

    def accessor(self, operand: OperandDef) -> str:
        """The Python accessor of an operand (unnamed ones by position, as generated)."""
        if operand.name:
            return sanitize_name(snake_case(operand.name))
        return f"operand_{self.op.operands.index(operand)}"


@dataclass
class PatternView:
    """One generated pattern class."""

    class_name: str
    root: str
    benefit: int
    pattern_set: str
    summary: str
    body: list[str]
    source: str = "None"
    """The source DAG as a Python literal (`describe`), for `odsgen check-patterns`."""
    unsound: str | None = None
    """A Python string literal: why the pattern is knowingly unsound (`KnownUnsound`)."""


@dataclass
class PatternModuleView:
    """The whole `patterns.py` of a dialect."""

    dialect: str
    source: str
    packages: list[tuple[str, str]]
    """(name, import path) of each dialect package the patterns use."""
    functions: list[ConstraintFunction]
    constants: list[tuple[str, str]]
    patterns: list[PatternView]
    sets: list[tuple[str, list[str]]]
    canonicalizers: list[tuple[str, str, str]] = field(default_factory=list)
    """(pattern class, op class reference, op name) of ops with a `canonicalize` hook."""

    @property
    def all_names(self) -> list[str]:
        """The exported names."""
        return sorted([p.class_name for p in self.patterns] + [c[0] for c in self.canonicalizers])


class _Fail(Exception):
    def __init__(self, loc: SourceLoc | None, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.diagnostic = SpecDiagnostic(loc, message, hint=hint)


@dataclass
class _Symbol:
    kind: str  # "value", "values", "attr" or "op"
    expr: str
    target: OpTarget | None = None


@dataclass
class _Shape:
    """What a source DAG can match, for the ambiguity check."""

    op: str
    args: list[_Shape | str | None]


def _leaf_text(leaf: DagLeaf) -> str:
    return str(leaf.value)


class _Compiler:
    """Compiles one pattern to the body of its `match_and_rewrite`."""

    def __init__(
        self,
        pattern: PatternDef,
        targets: dict[str, OpTarget],
        table: ConstraintTable,
        constants: dict[str, str],
        packages: set[str],
        enums: dict[str, EnumDef],
    ) -> None:
        self.enums = enums
        self.pattern = pattern
        self.targets = targets
        self.table = table
        self.constants = constants
        self.packages = packages
        self.lines: list[str] = []
        self.depth = 0
        self.loops = 0
        self.symbols: dict[str, _Symbol] = {}
        self.measure = 0
        self.counter = 0
        self.defaults: dict[str, str] = {}
        self.used = _used_symbols(pattern)

    # -- helpers -----------------------------------------------------------------------

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def fail(self) -> str:
        return "continue" if self.loops else "return False"

    def check(self, condition: str) -> None:
        self.emit(f"if {condition}:")
        self.emit(f"    {self.fail()}")

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def target(self, node: DagNodeDef) -> OpTarget:
        found = self.targets.get(node.operator)
        if found is not None:
            self.packages.add(found.package)
            return found
        import difflib

        close = difflib.get_close_matches(node.operator, list(self.targets), n=1, cutoff=0.6)
        raise _Fail(
            node.loc,
            f"unknown op '{node.operator}' in pattern",
            f"did you mean '{close[0]}'?" if close else "name an op def of a spec in opdefs/",
        )

    def type_constraint(self, leaf: DagLeaf) -> TypeConstraint:
        if leaf.type_constraint is not None:
            return leaf.type_constraint
        try:
            return type_constraint_from_expr(parse_expr(_leaf_text(leaf)), lambda _: leaf.loc)
        except ExprError as error:
            raise _Fail(leaf.loc, error.message, error.hint) from None

    def attr_constraint(self, leaf: DagLeaf) -> AttrConstraint:
        if leaf.attr_constraint is not None:
            return leaf.attr_constraint
        try:
            return attr_constraint_from_expr(parse_expr(_leaf_text(leaf)), lambda _: leaf.loc)
        except ExprError as error:
            raise _Fail(leaf.loc, error.message, error.hint) from None

    def constant(self, leaf: DagLeaf) -> str | None:
        """The module constant of a `ConstantAttr<...>` leaf, or None for other leaves."""
        text = _leaf_text(leaf)
        if text in _NAMED_CONSTANTS:
            kind, value = _NAMED_CONSTANTS[text]
        else:
            try:
                expr = parse_expr(text)
            except ExprError:
                return None
            if not isinstance(expr, NameExpr) or expr.name != "ConstantAttr":
                return None
            if (
                expr.args is None
                or len(expr.args) != 2
                or not isinstance(expr.args[0], NameExpr)
                or not isinstance(expr.args[1], StrExpr | IntExpr)
            ):
                raise _Fail(leaf.loc, 'write a constant attribute as ConstantAttr<I64Attr, "0">')
            kind, value = expr.args[0].name, str(getattr(expr.args[1], "value", ""))
        enum = self.enums.get(kind)
        if enum is not None:
            case = next((c for c in enum.cases if value in (c.symbol, c.text)), None)
            if case is None:
                raise _Fail(leaf.loc, f"'{kind}' has no case '{value}'")
            mlir = (
                _constant_text("StrAttr", case.text)
                if enum.kind == "string"
                else f"{case.value} : {'i32' if enum.kind in ('i32', 'bit32') else 'i64'}"
            )
        else:
            mlir = _constant_text(kind, value)
        if mlir is None:
            raise _Fail(
                leaf.loc,
                f"cannot make a constant '{kind}' attribute",
                "use an integer, float, string or bool attribute constraint, "
                'or a NativeCodeCall<"..."> that builds the attribute',
            )
        if mlir == "unit":
            return "UnitAttr.get()"
        name = self.constants.setdefault(mlir, f"_ATTR_{len(self.constants)}")
        return name

    # -- the source --------------------------------------------------------------------

    def bind(self, name: str | None, symbol: _Symbol, loc: SourceLoc | None) -> None:
        if not name or name == "_":
            return
        known = self.symbols.get(name)
        if known is None:
            self.symbols[name] = symbol
            return
        if known.kind != symbol.kind:
            raise _Fail(loc, f"'${name}' is bound twice, to different kinds of things")
        # A repeated name means the two places hold the same thing.
        self.measure += 1
        if symbol.kind == "attr":
            self.check(f"{symbol.expr} != {known.expr}")
        elif symbol.kind == "values":
            self.check(f"list({symbol.expr}) != list({known.expr})")
        else:
            self.check(f"{symbol.expr} is not {known.expr}")

    def match_op(self, node: DagNodeDef, var: str, target: OpTarget) -> _Shape:
        args = list(node.args)
        expanded: list[DagArgDef] = []
        eithers: list[int] = []
        for arg in args:
            if isinstance(arg.value, DagNodeDef) and arg.value.operator == "either":
                if len(arg.value.args) != 2:
                    raise _Fail(arg.value.loc, "'either' takes two arguments")
                eithers.append(len(expanded))
                expanded.extend(arg.value.args)
            else:
                expanded.append(arg)
        params = target.arguments()
        if len(expanded) != len(params):
            names = ", ".join(f"${p.name}" for p in params) or "none"
            raise _Fail(
                node.loc,
                f"'{target.name}' takes {len(params)} argument{'s' if len(params) != 1 else ''} "
                f"in a pattern, got {len(expanded)}",
                f"its arguments are {names}",
            )
        exprs: list[str] = []
        for param in params:
            if isinstance(param, OperandDef):
                exprs.append(f"{var}.{target.accessor(param)}")
            else:
                exprs.append(f'get_property({var}, "{param.name}")')
        for index in eithers:
            # Both orders are tried; the rest of the match runs in the loop.
            first, second = self.fresh("x"), self.fresh("x")
            self.emit(
                f"for {first}, {second} in "
                f"(({exprs[index]}, {exprs[index + 1]}), ({exprs[index + 1]}, {exprs[index]})):"
            )
            self.depth += 1
            self.loops += 1
            exprs[index], exprs[index + 1] = first, second
        shape = _Shape(target.name, [])
        for arg, param, expr in zip(expanded, params, exprs, strict=True):
            if isinstance(param, OperandDef):
                shape.args.append(self.match_operand(arg, param, expr))
            else:
                shape.args.append(self.match_attr(arg, param, expr, target))
        if eithers:
            shape.args = [None] * len(shape.args)
        return shape

    def match_operand(self, arg: DagArgDef, param: OperandDef, expr: str) -> _Shape | str | None:
        value = arg.value
        if param.variadicity != "single":
            if isinstance(value, DagNodeDef) and value.operator == "variadic":
                var = self.fresh("vs")
                self.emit(f"{var} = {expr}")
                self.measure += 1
                self.check(f"len({var}) != {len(value.args)}")
                for i, sub in enumerate(value.args):
                    self.match_operand(
                        sub, param.model_copy(update={"variadicity": "single"}), f"{var}[{i}]"
                    )
                self.bind(arg.bind, _Symbol("values", var), arg.loc)
                return None
            if value is not None:
                raise _Fail(
                    arg.loc,
                    f"operand '{param.name}' is variadic: match it with $name or (variadic ...)",
                )
            if arg.bind is not None and arg.bind in self.used:
                var = self.fresh("vs")
                self.emit(f"{var} = {expr}")
                self.bind(arg.bind, _Symbol("values", var), arg.loc)
            return None
        needs_var = value is not None or (arg.bind is not None and arg.bind in self.used)
        if not needs_var:
            return None
        var = expr if re.fullmatch(r"x\d+", expr) else self.fresh("v")
        if var != expr:
            self.emit(f"{var} = {expr}")
        shape: _Shape | str | None = None
        if isinstance(value, DagNodeDef):
            target = self.target(value)
            owner = self.fresh("op")
            self.check(f"not isinstance({var}, OpResult)")
            self.emit(f"{owner} = {var}.owner")
            self.check(f"not isinstance({owner}, {target.class_ref})")
            self.measure += 1
            self.bind(value.bind, _Symbol("op", owner, target), value.loc)
            shape = self.match_op(value, owner, target)
        elif isinstance(value, DagLeaf):
            if value.kind != "name":
                raise _Fail(value.loc, f"operand '{param.name}' cannot be matched by a literal")
            constraint = self.type_constraint(value)
            if not isinstance(constraint, AnyTypeConstraint):
                check = self.table.type_check(constraint)
                if check is not None:
                    self.measure += 1
                    self.check(f"not {check}({var}.type)")
            shape = _leaf_text(value)
        self.bind(arg.bind, _Symbol("value", var), arg.loc)
        return shape

    def match_attr(
        self, arg: DagArgDef, param: AttributeDef, expr: str, target: OpTarget
    ) -> str | None:
        value = arg.value
        if value is None and not (arg.bind and arg.bind != "_"):
            return None
        if value is None and arg.bind not in self.used:
            return None
        var = self.fresh("a")
        self.emit(f"{var} = {expr}")
        default = None
        if param.default is not None:
            # The default as the op class holds it, read once when the module loads.
            default = f"_DEFAULT_{snake_case(target.view.class_name).upper()}_{snake_case(param.name).upper()}"
            self.defaults[default] = f'dict({target.class_ref}.DEFAULT_PROPERTIES)["{param.name}"]'
            self.emit(f"if {var} is None:")
            self.emit(f"    {var} = {default}")
        shape: str | None = None
        if isinstance(value, DagNodeDef):
            raise _Fail(value.loc, f"attribute '{param.name}' cannot be matched by an op")
        if isinstance(value, DagLeaf):
            if value.kind != "name":
                raise _Fail(
                    value.loc, f'write a constant attribute as ConstantAttr<..., "{value.value}">'
                )
            const = self.constant(value)
            self.measure += 1
            if const is not None:
                self.check(f"{var} != {const}")
                shape = "=" + const
            else:
                check = self.table.attr_check(self.attr_constraint(value))
                self.check(f"{var} is None" + (f" or not {check}({var})" if check else ""))
                shape = _leaf_text(value)
        elif not param.is_optional and default is None:
            self.check(f"{var} is None")
        self.bind(arg.bind, _Symbol("attr", var), arg.loc)
        return shape

    def constraint(self, node: DagNodeDef) -> None:
        try:
            expr = parse_expr(node.operator)
        except ExprError as error:
            raise _Fail(
                node.loc, f"unknown constraint '{node.operator}': {error.message}"
            ) from None
        entities = [self.use(arg, node.loc) for arg in node.args]
        if isinstance(expr, NameExpr) and expr.name in ("Constraint", "PatternConstraint"):
            pred = expr.args[0] if expr.args else None
            if isinstance(pred, NameExpr) and pred.name == "CPred" and pred.args:
                pred = pred.args[0]
            if not isinstance(pred, StrExpr):
                raise _Fail(node.loc, 'write a constraint as Constraint<CPred<"...">, "summary">')
            text = pred.value
            if entities:
                text = text.replace("$_self", entities[0])
            for i, entity in enumerate(entities):
                text = text.replace(f"${i}", entity)
            self.measure += 1
            self.check(negated(text))
            return
        if len(entities) != 1:
            raise _Fail(node.loc, f"'{node.operator}' constrains one bound value")
        leaf = DagLeaf(kind="name", value=node.operator, loc=node.loc)
        check = self.table.type_check(self.type_constraint(leaf))
        if check is not None:
            self.measure += 1
            self.check(f"not {check}({entities[0]}.type)")

    # -- the results -------------------------------------------------------------------

    def use(self, arg: DagArgDef, loc: SourceLoc | None) -> str:
        """The expression of a bound symbol (`$x`, `$x__1`) used in a result or constraint."""
        if arg.value is not None and not isinstance(arg.value, DagNodeDef):
            leaf = arg.value
            if leaf.kind == "int":
                return str(leaf.value)
            if leaf.kind == "str":
                return repr(leaf.value)
            const = self.constant(leaf)
            if const is not None:
                return const
            raise _Fail(leaf.loc, f"'{leaf.value}' is not a value a result can use")
        name = arg.bind or ""
        index = 0
        match = re.fullmatch(r"(.+)__(\d+)", name)
        if name not in self.symbols and match:
            name, index = match.group(1), int(match.group(2))
        symbol = self.symbols.get(name)
        if symbol is None:
            source: list[str] = []
            _names_in(self.pattern.source, source)
            bound = ", ".join(f"${n}" for n in dict.fromkeys(source) if n != "_") or "none"
            raise _Fail(
                arg.loc or loc,
                f"'${arg.bind}' is not bound in the source pattern",
                f"bound symbols: {bound}",
            )
        if symbol.kind == "op":
            return f"{symbol.expr}.results[{index}]"
        return symbol.expr

    def result_values(self, node: DagNodeDef, root: bool, root_var: str) -> list[str]:
        """Build a result DAG before the matched op; its values' expressions."""
        if node.operator == "replaceWithValue":
            if len(node.args) != 1:
                raise _Fail(node.loc, "'replaceWithValue' takes one bound value")
            return [self.use(node.args[0], node.loc)]
        if node.operator.startswith("NativeCodeCall"):
            return self.native_call(node, root_var)
        target = self.target(node)
        args = list(node.args)
        loc_expr = f"{root_var}.loc"
        type_exprs: list[str] = []
        while (
            args
            and isinstance(args[-1].value, DagNodeDef)
            and args[-1].value.operator in _DIRECTIVES
        ):
            directive = args.pop().value
            assert isinstance(directive, DagNodeDef)
            if directive.operator == "location":
                if len(directive.args) != 1:
                    raise _Fail(directive.loc, "'location' takes one bound op or value")
                loc_arg = directive.args[0]
                sym = self.symbols.get(loc_arg.bind or "")
                if sym is not None and sym.kind == "op":
                    loc_expr = f"{sym.expr}.loc"
                elif (
                    loc_arg.value is not None
                    and isinstance(loc_arg.value, DagLeaf)
                    and loc_arg.value.kind == "str"
                ):
                    loc_expr = f"NameLoc.get({loc_arg.value.value!r})"
                else:
                    raise _Fail(
                        directive.loc,
                        "'location' takes an op bound in the source pattern or a string",
                    )
            else:
                type_exprs = [self.type_of(a, directive.loc) for a in directive.args]
        params = target.arguments()
        if len(args) > len(params):
            raise _Fail(
                node.loc,
                f"'{target.name}' takes {len(params)} argument{'s' if len(params) != 1 else ''} "
                f"in a pattern, got {len(args)}",
            )
        positional: list[str] = []
        keywords: list[str] = []
        for i, param in enumerate(params):
            if i >= len(args):
                if isinstance(param, OperandDef) or (
                    not param.is_optional and param.default is None
                ):
                    what = "operand" if isinstance(param, OperandDef) else "attribute"
                    raise _Fail(
                        node.loc,
                        f"result op '{target.name}' leaves its {what} '{param.name}' unspecified",
                        "give every operand, and every attribute without a default",
                    )
                continue
            arg = args[i]
            if isinstance(arg.value, DagNodeDef):
                values = self.result_values(arg.value, False, root_var)
                expr = values[0] if len(values) == 1 else "[" + ", ".join(values) + "]"
            else:
                expr = self.use(arg, node.loc)
            if isinstance(param, OperandDef):
                positional.append(expr)
            else:
                keywords.append(f"{sanitize_name(snake_case(param.name))}={expr}")
        results = target.op.results
        required = {p.name for p in target.view.keywords if p.default is None}
        optional = {p.name for p in target.view.keywords} - required
        # An op replacing the root whose result type its builder works out from the
        # operands (a broadcast) takes the root's, as MLIR's DRR does: a source of
        # higher rank than the broadcast (`tensor<2x3xf32>` from two `tensor<3xf32>`)
        # keeps its type. Ops whose traits fix the type (`SameOperandsAndResultType`)
        # are left to their builders.
        fixed = any(
            t.name in ("SameOperandsAndResultType", "InferTypeOpInterface")
            for t in target.op.traits
        )
        for i, result in enumerate(results):
            base = snake_case(result.name or f"result_{i}")
            kw = f"{base}_types" if result.variadicity == "variadic" else f"{base}_type"
            if type_exprs:
                if i < len(type_exprs):
                    keywords.append(f"{kw}={type_exprs[i]}")
                continue
            if kw in optional and root and result.variadicity == "single" and not fixed:
                keywords.append(f"{kw}={root_var}.results[{i}].type")
                continue
            if kw not in required:
                continue
            if not root or result.variadicity != "single":
                raise _Fail(
                    node.loc,
                    f"the result type of '{target.name}' cannot be inferred here",
                    "give it with (returnType $value) as the op's last argument",
                )
            keywords.append(f"{kw}={root_var}.results[{i}].type")
        var = self.fresh("new")
        call = ", ".join([*positional, *keywords, f"loc={loc_expr}"])
        self.emit(f"{var} = rewriter.insert({target.class_ref}({call}))")
        self.bind(node.bind, _Symbol("op", var, target), node.loc)
        if any(r.variadicity != "single" for r in results):
            return [f"*{var}.results"]
        return [f"{var}.results[{i}]" for i in range(len(results))]

    def type_of(self, arg: DagArgDef, loc: SourceLoc | None) -> str:
        if isinstance(arg.value, DagLeaf) and arg.value.kind == "str":
            return f"parse_type({str(arg.value.value)!r})"
        if isinstance(arg.value, DagNodeDef) and arg.value.operator.startswith("NativeCodeCall"):
            return self.native_call(arg.value, "op")[0]
        return f"{self.use(arg, loc)}.type"

    def native_call(self, node: DagNodeDef, root_var: str) -> list[str]:
        try:
            expr = parse_expr(node.operator)
        except ExprError as error:
            raise _Fail(node.loc, error.message) from None
        if not isinstance(expr, NameExpr) or not expr.args or not isinstance(expr.args[0], StrExpr):
            raise _Fail(node.loc, 'write a native call as NativeCodeCall<"python expression">')
        returns = 1
        if len(expr.args) > 1 and isinstance(expr.args[1], IntExpr):
            returns = expr.args[1].value
        text = expr.args[0].value
        args = []
        for arg in node.args:
            if isinstance(arg.value, DagNodeDef):
                values = self.result_values(arg.value, False, root_var)
                args.append(values[0])
            else:
                args.append(self.use(arg, node.loc))
        text = text.replace("$_builder", "rewriter").replace("$_loc", f"{root_var}.loc")
        text = text.replace("$_self", root_var)
        for i in reversed(range(len(args))):
            text = text.replace(f"${i}", args[i])
        if re.search(r"\$\w", text):
            raise _Fail(node.loc, f"native call uses an argument it is not given: {text}")
        if "\n" in text:
            # Written over several lines: one expression, as the spec check parses it.
            text = f"({text})"
        if returns == 0:
            self.emit(text)
            return []
        var = self.fresh("nat")
        self.emit(f"{var} = {text}")
        if returns == 1:
            return [var]
        return [f"{var}[{i}]" for i in range(returns)]

    # -- a description of the source -------------------------------------------------

    def describe(self, node: DagNodeDef) -> object:
        """The source DAG as plain data, which `odsgen check-patterns` builds instances
        of: `(op name, args)`, each arg `("operand", accessor, $name, sub)` with `sub`
        a nested node or the leaf's type constraint (or None), or `("attr", property
        name, builder keyword, $name, leaf)` with `leaf` None, `("constraint", text)`
        or `("constant", MLIR text)`. None where the DAG uses `either` or matches a
        variadic operand, which the checker does not build."""
        target = self.target(node)
        params = target.arguments()
        if len(node.args) != len(params):
            return None
        args: list[object] = []
        for arg, param in zip(node.args, params, strict=True):
            value = arg.value
            if isinstance(value, DagNodeDef) and value.operator in ("either", "variadic"):
                return None
            if isinstance(param, OperandDef):
                if param.variadicity != "single":
                    return None
                sub: object = None
                if isinstance(value, DagNodeDef):
                    sub = self.describe(value)
                    if sub is None:
                        return None
                elif isinstance(value, DagLeaf):
                    sub = _leaf_text(value)
                args.append(("operand", target.accessor(param), arg.bind, sub))
                continue
            leaf: object = None
            if isinstance(value, DagLeaf) and value.kind == "name":
                const = self.constant(value)
                if const is not None:
                    texts = {name: text for text, name in self.constants.items()}
                    leaf = ("constant", texts.get(const, "unit"))
                else:
                    leaf = ("constraint", _leaf_text(value))
            keyword = sanitize_name(snake_case(param.name))
            args.append(("attr", param.name, keyword, arg.bind, leaf))
        return (target.name, tuple(args))

    # -- the whole pattern -------------------------------------------------------------

    def compile(self) -> tuple[OpTarget, _Shape]:
        source = self.pattern.source
        root = self.target(source)
        self.emit(f"if not isinstance(op, {root.class_ref}):")
        self.emit("    return False")
        self.measure += 1
        self.bind(source.bind, _Symbol("op", "op", root), source.loc)
        shape = self.match_op(source, "op", root)
        for constraint in self.pattern.constraints:
            self.constraint(constraint)
        for result in self.pattern.results:
            # In a graph region a matched value can be the root's own result (a cycle
            # `%0 = f(%1)`, `%1 = f(%0)`); replacing an op with itself is no rewrite.
            if result.operator == "replaceWithValue" and len(result.args) == 1:
                kept = self.use(result.args[0], result.loc)
                self.check(f"isinstance({kept}, OpResult) and {kept}.owner is op")
        if not self.pattern.results:
            raise _Fail(self.pattern.loc, "a pattern needs at least one result pattern")
        values: list[list[str]] = []
        for i, result in enumerate(self.pattern.results):
            values.append(self.result_values(result, i == len(self.pattern.results) - 1, "op"))
        # The last result patterns replace the root's results; earlier ones only
        # build auxiliary ops.
        needed = len(root.op.results)
        replacement: list[str] = []
        for produced in reversed(values):
            if len([v for v in replacement if not v.startswith("*")]) >= needed and needed:
                break
            replacement[:0] = produced
            if any(v.startswith("*") for v in produced):
                break
        if needed == 0 or not replacement:
            self.emit("rewriter.erase_op(op)")
        else:
            self.emit(f"rewriter.replace_op(op, [{', '.join(replacement)}])")
        self.emit("return True")
        while self.loops:
            self.loops -= 1
            self.depth -= 1
            self.emit(self.fail())
        return root, shape


def _names_in(node: DagNodeDef, out: list[str]) -> None:
    if node.bind:
        out.append(node.bind)
    for arg in node.args:
        if arg.bind:
            out.append(arg.bind)
        if isinstance(arg.value, DagNodeDef):
            _names_in(arg.value, out)


def _used_symbols(pattern: PatternDef) -> set[str]:
    """The symbols a pattern reads after binding them: in results, in constraints, or
    bound twice in the source (an equality check). Others need no variable."""
    used: list[str] = []
    for node in (*pattern.results, *pattern.constraints):
        _names_in(node, used)
    names = {re.sub(r"__\d+$", "", n) for n in used} | set(used)
    source: list[str] = []
    _names_in(pattern.source, source)
    names |= {n for n in source if source.count(n) > 1}
    names.discard("_")
    return names


def _constant_text(kind: str, value: str) -> str | None:
    int_attr = re.fullmatch(r"(?:Any)?(S|U)?I(\d+)Attr", kind)
    if int_attr:
        prefix = {"S": "si", "U": "ui"}.get(int_attr.group(1) or "", "i")
        return f"{value} : {prefix}{int_attr.group(2)}"
    float_attr = re.fullmatch(r"F(16|32|64)Attr", kind)
    if float_attr:
        return f"{value} : f{float_attr.group(1)}"
    if kind == "IndexAttr":
        return f"{value} : index"
    if kind == "BoolAttr":
        return value if value in ("true", "false") else None
    if kind in ("StrAttr", "SymbolNameAttr"):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if kind == "UnitAttr":
        return "unit"
    if kind in ("TypeAttr",):
        return value
    return None


def _may_overlap(a: _Shape | str | None, b: _Shape | str | None) -> bool:
    """Whether two source shapes can match the same op (False only when provably not)."""
    if a is None or b is None:
        return True
    if isinstance(a, _Shape) and isinstance(b, _Shape):
        if a.op != b.op:
            return False
        return all(_may_overlap(x, y) for x, y in zip(a.args, b.args, strict=False))
    if isinstance(a, str) and isinstance(b, str) and a.startswith("=") and b.startswith("="):
        return a == b
    return True


def _class_name(pattern: PatternDef, index: int, root: OpTarget) -> str:
    if pattern.name:
        return sanitize_name(pattern.name[0].upper() + pattern.name[1:]).replace(".", "_")
    return f"{root.view.class_name.removesuffix('Op')}Pattern{index}"


def _summary(pattern: PatternDef) -> str:
    from generator.spec.convert import dag_spelling

    results = ", ".join(dag_spelling(r) for r in pattern.results)
    return doc_text(f"{dag_spelling(pattern.source)} -> {results}")


def patterns_module_view(
    dialect: DialectDef,
    source: str,
    own: list[OpView],
    foreign: dict[str, OpTarget],
    table: ConstraintTable,
    root_package: str = "generated",
    foreign_enums: dict[str, EnumDef] | None = None,
) -> PatternModuleView | None:
    """The view of `generated/<dialect>/patterns.py`, or None when there is nothing in it.

    `own` are the views of the dialect's op classes; `foreign` the ops of other
    specs a pattern may name, by def name; `root_package` the package the dialect's own
    package is generated into. Raises `SpecValidationError`.
    """
    package = dialect.python_package
    targets = dict(foreign)
    views = {v.op_name: v for v in own}
    for op in dialect.ops:
        view = views[f"{dialect.name}.{op.mnemonic}"]
        targets[op.def_name] = OpTarget(
            op, dialect.name, package, view, f"{root_package}.{package}"
        )
    modules = {t.package: t.module or f"{root_package}.{t.package}" for t in targets.values()}
    canonicalizers = [
        (
            f"{views[f'{dialect.name}.{op.mnemonic}'].class_name}Canonicalize",
            f"{package}.{views[f'{dialect.name}.{op.mnemonic}'].class_name}",
            f"{dialect.name}.{op.mnemonic}",
        )
        for op in sorted(dialect.ops, key=lambda o: o.mnemonic)
        if op.canonicalize is not None
    ]
    if not dialect.patterns and not canonicalizers:
        return None
    errors: list[SpecDiagnostic] = []
    constants: dict[str, str] = {}
    # The enums of other specs too: a file of patterns builds their constants.
    enums = {**(foreign_enums or {}), **{e.def_name: e for e in dialect.enums}}
    defaults: dict[str, str] = {}
    packages: set[str] = {package} if canonicalizers else set()
    patterns: list[PatternView] = []
    compiled: list[tuple[PatternDef, PatternView, _Shape]] = []
    names: dict[str, PatternDef] = {}
    for index, pattern in enumerate(dialect.patterns):
        compiler = _Compiler(pattern, targets, table, constants, packages, enums)
        try:
            root, shape = compiler.compile()
        except _Fail as failure:
            errors.append(failure.diagnostic)
            continue
        defaults.update(compiler.defaults)
        name = _class_name(pattern, index, root)
        if name in names:
            errors.append(SpecDiagnostic(pattern.loc, f"two patterns are both named '{name}'"))
            continue
        names[name] = pattern
        pattern_view = PatternView(
            class_name=name,
            root=root.name,
            benefit=compiler.measure + pattern.benefit,
            pattern_set=pattern.pattern_set or dialect.name,
            summary=_summary(pattern),
            body=compiler.lines,
            source=repr(compiler.describe(pattern.source)),
            unsound=None if pattern.unsound is None else repr(pattern.unsound),
        )
        patterns.append(pattern_view)
        compiled.append((pattern, pattern_view, shape))
    for i, (pa, va, sa) in enumerate(compiled):
        for pb, vb, sb in compiled[i + 1 :]:
            if (
                va.pattern_set == vb.pattern_set
                and va.root == vb.root
                and va.benefit == vb.benefit
                and _may_overlap(sa, sb)
            ):
                errors.append(
                    SpecDiagnostic(
                        pb.loc,
                        f"patterns '{va.class_name}' and '{vb.class_name}' can match the same "
                        f"'{va.root}' op and are equally specific (benefit {va.benefit}), "
                        "so neither reliably wins",
                        hint="constrain one of them further, or raise one with (addBenefit n)",
                        notes=[
                            Diagnostic(Severity.NOTE, pa.loc, f"'{va.class_name}' is defined here")
                        ],
                    )
                )
    if errors:
        raise SpecValidationError(errors)
    sets: dict[str, list[str]] = {}
    for made in patterns:
        sets.setdefault(made.pattern_set, []).append(made.class_name)
    if canonicalizers:
        sets.setdefault("canonicalize", []).extend(c[0] for c in canonicalizers)
    return PatternModuleView(
        dialect=dialect.name,
        source=source,
        packages=sorted((p, modules[p]) for p in packages),
        functions=table.functions,
        constants=sorted(
            [(n, f"parse_attribute({t!r})") for t, n in constants.items()] + list(defaults.items())
        ),
        patterns=patterns,
        sets=sorted(sets.items()),
        canonicalizers=canonicalizers,
    )
