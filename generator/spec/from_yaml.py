"""The YAML front end: a `.yaml` dialect spec to a validated `DialectDef`.

The file is composed with pyyaml into nodes, which keep their marks. The nodes are
turned into plain data for pydantic, with three additions: each mapping that is a
spec node gets its `loc`; constraint, trait and DAG strings are parsed here (so
their errors point at the right column inside the string); and text fields
(code, assembly formats) are wrapped with their position. Every error, from
pyyaml, from that conversion, from pydantic (its `loc` is mapped back to the
node) or from `validate.py`, becomes a `SpecDiagnostic` at `file:line:col` with the
path in the document (`ops[2].operands[0].type`). All errors of a file are
reported together: `SpecSyntaxError` when the YAML itself is malformed,
`SpecValidationError` otherwise.

The YAML spelling (one dialect per file; keys are the model's field names):

    name: demo                      # the dialect namespace
    summary: ...
    ops:
      - def: Demo_AddOp             # the ODS def name; the class is `AddOp`
        mnemonic: add
        traits: [Pure, Commutative]
        operands:
          - {name: lhs, type: SignlessIntegerLike}
          - {name: rest, type: Variadic<AnyTensor>}
        attributes:
          - {name: axis, type: I64Attr, default: 0}
          - {name: tag, type: OptionalAttr<StrAttr>}
        results: [{name: result, type: SignlessIntegerLike}]
        regions: [{name: body, constraint: SizedRegion<1>}]
        verifier: |
          if self.axis < 0: ...
    interfaces:
      - def: Demo_ShapedOpInterface   # what traits name; the class is `name`
        name: Shaped
        kind: op                      # op, type or attr
        methods:
          - {name: inferShapes, return_type: None}
          - name: rank
            args: [{name: index, type: int}]
            return_type: int
            default: |
              return 0
    types / attributes / enums / patterns: ...

Constraints, traits and pattern DAGs are written in ODS syntax.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from generator.diagnostics import SpecDiagnostic, SpecSyntaxError, SpecValidationError
from generator.ir.source import SourceFile, SourceLoc
from generator.spec.constraints import (
    AnyTypeConstraint,
    SimpleAttrConstraint,
    attribute_from_expr,
    pred_text_locs,
    value_constraint_from_expr,
)
from generator.spec.expr import (
    DagExpr,
    Expr,
    ExprError,
    IntExpr,
    ListExpr,
    NameExpr,
    StrExpr,
    VarExpr,
    parse_dag,
    parse_expr,
)
from generator.spec.model import (
    AttrDef,
    AttributeDef,
    BuilderDef,
    BuilderParam,
    DialectDef,
    EnumCaseDef,
    EnumDef,
    ImportDef,
    InterfaceDef,
    InterfaceMethodDef,
    MethodArgDef,
    OpDef,
    OperandDef,
    ParameterDef,
    PatternDef,
    RegionDef,
    ResultDef,
    SuccessorDef,
    TypeDef,
)
from generator.spec.text import BAD_CHARACTER, bad_character_message

__all__ = ["MAX_YAML_VALUES", "format_path", "load_yaml", "parse_yaml"]

#: How many values (mappings, sequences, scalars) a spec may stand for once its
#: aliases are expanded; the largest shipped spec has a few thousand.
MAX_YAML_VALUES = 200_000

Path_ = tuple[str | int, ...]

#: The model class of each mapping context (for key suggestions).
_MODELS: dict[str, type[BaseModel]] = {
    "dialect": DialectDef,
    "op": OpDef,
    "operand": OperandDef,
    "result": ResultDef,
    "attribute": AttributeDef,
    "region": RegionDef,
    "successor": SuccessorDef,
    "builder": BuilderDef,
    "builder_param": BuilderParam,
    "typedef": TypeDef,
    "attrdef": AttrDef,
    "parameter": ParameterDef,
    "enum": EnumDef,
    "case": EnumCaseDef,
    "import": ImportDef,
    "pattern": PatternDef,
    "interface": InterfaceDef,
    "method": InterfaceMethodDef,
    "method_arg": MethodArgDef,
}

#: (context, key) -> context of the list items under that key.
_LISTS: dict[tuple[str, str], str] = {
    ("dialect", "ops"): "op",
    ("dialect", "types"): "typedef",
    ("dialect", "attributes"): "attrdef",
    ("dialect", "enums"): "enum",
    ("dialect", "patterns"): "pattern",
    ("dialect", "interfaces"): "interface",
    ("dialect", "imports"): "import",
    ("import", "enums"): "enum",
    ("import", "attributes"): "attrdef",
    ("interface", "methods"): "method",
    ("method", "args"): "method_arg",
    ("typedef", "traits"): "trait",
    ("attrdef", "traits"): "trait",
    ("op", "operands"): "operand",
    ("op", "results"): "result",
    ("op", "attributes"): "attribute",
    ("op", "regions"): "region",
    ("op", "successors"): "successor",
    ("op", "builders"): "builder",
    ("op", "traits"): "trait",
    ("builder", "params"): "builder_param",
    ("typedef", "parameters"): "parameter",
    ("attrdef", "parameters"): "parameter",
    ("typedef", "builders"): "builder",
    ("attrdef", "builders"): "builder",
    ("enum", "cases"): "case",
    ("pattern", "results"): "dag",
    ("pattern", "constraints"): "dag",
}

#: Keys whose string value is text with a position (code or an assembly format).
_TEXT_KEYS: frozenset[tuple[str, str]] = frozenset(
    {
        ("dialect", "extra_code"),
        ("op", "assembly_format"),
        ("op", "verifier"),
        ("op", "region_verifier"),
        ("op", "fold"),
        ("op", "reference"),
        ("op", "canonicalize"),
        ("op", "extra_code"),
        ("op", "parser"),
        ("op", "printer"),
        ("op", "asm_result_names"),
        ("attribute", "derived"),
        ("builder", "body"),
        ("typedef", "assembly_format"),
        ("typedef", "parser"),
        ("typedef", "printer"),
        ("typedef", "extra_code"),
        ("typedef", "verifier"),
        ("attrdef", "verifier"),
        ("attrdef", "parser"),
        ("attrdef", "printer"),
        ("attrdef", "extra_code"),
        ("attrdef", "assembly_format"),
        ("interface", "extra_code"),
        ("interface", "verifier"),
        ("method", "body"),
        ("method", "default"),
    }
)

#: Model fields the front end fills in, never written in a spec.
_INTERNAL_FIELDS = frozenset({"loc", "field_locs"})
#: Mappings whose keys' positions are kept (`SpecNode.field_locs`): errors about a
#: flag (`has_verifier: true` without a verifier) point at its key.
_KEYED_CONTEXTS = frozenset({"dialect", "op", "typedef", "attrdef"})

_REGION_KINDS = {"AnyRegion": "any", "SizedRegion": "sized", "MinSizedRegion": "min_sized"}
_REGION_KINDS["MaxSizedRegion"] = "max_sized"

_PYDANTIC_MESSAGES: dict[str, str] = {
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
    "dict_type": "expected a mapping",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
    "int_from_float": "expected an integer",
    "int_parsing": "expected an integer",
    "int_type": "expected an integer",
    "list_type": "expected a list",
    "model_attributes_type": "expected a mapping",
    "model_type": "expected a mapping",
    "string_type": "expected a string",
    "tuple_type": "expected a list",
}


def format_path(path: Path_) -> str:
    """`("ops", 2, "operands", 0, "type")` -> `ops[2].operands[0].type`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    value = str(node.value)
    if node.tag == "tag:yaml.org,2002:null":
        return "nothing"
    return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"


class _Converter:
    """Turns composed YAML nodes into pydantic input, remembering where each value was."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.errors: list[SpecDiagnostic] = []
        #: path -> the value node, and the key node when the value sits under a key.
        self.nodes: dict[Path_, tuple[yaml.Node, yaml.Node | None]] = {}
        self.contexts: dict[Path_, str] = {}
        self._active: set[int] = set()
        self._constructor = yaml.SafeLoader("")
        self._converted = 0

    # -- positions -------------------------------------------------------------

    def loc(self, node: yaml.Node) -> SourceLoc:
        return self.source.loc(min(node.start_mark.index, len(self.source.text)))

    def scalar_loc_at(self, node: yaml.ScalarNode) -> Callable[[int], SourceLoc | None]:
        # Positions inside a one-line scalar: quoted scalars start after the quote.
        base = node.start_mark.index + (1 if node.style in ('"', "'") else 0)
        limit = len(self.source.text)
        return lambda offset: self.source.loc(min(base + offset, limit))

    def text_loc(self, node: yaml.ScalarNode) -> SourceLoc:
        if node.style not in ("|", ">"):
            base = node.start_mark.index + (1 if node.style in ('"', "'") else 0)
            return self.source.loc(min(base, len(self.source.text)))
        # A block scalar's text starts on the line after its indicator, past the indent.
        line = node.start_mark.line + 2
        offset = self.source.offset_of(line)
        text = self.source.text
        while offset < len(text) and text[offset] == " ":
            offset += 1
        return self.source.loc(min(offset, len(text)))

    def error(self, node: yaml.Node, message: str, path: Path_, hint: str | None = None) -> None:
        self.errors.append(
            SpecDiagnostic(self.loc(node), message, hint=hint, path=format_path(path))
        )

    # -- generic conversion ------------------------------------------------------

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> Any:
        tag = node.tag
        try:
            if tag == "tag:yaml.org,2002:int":
                return self._constructor.construct_yaml_int(node)
            if tag == "tag:yaml.org,2002:float":
                return self._constructor.construct_yaml_float(node)
            if tag == "tag:yaml.org,2002:bool":
                return self._constructor.construct_yaml_bool(node)
            if tag == "tag:yaml.org,2002:null":
                return None
        except (ValueError, yaml.YAMLError):
            return str(node.value)
        if tag.startswith("!") and not tag.startswith("!!"):
            self.error(node, f"unsupported YAML tag '{tag}'", path)
        text = str(node.value)
        bad = BAD_CHARACTER.search(text)
        if bad is not None:
            self.error(node, bad_character_message(bad.group()), path)
            # Reported here, at the value; the dialect's own check need not again.
            text = BAD_CHARACTER.sub("\ufffd", text)
        return text

    def convert(self, node: yaml.Node, path: Path_, context: str | None) -> Any:
        self._converted += 1
        if self._converted > MAX_YAML_VALUES:
            # Aliases can make a small file stand for an exponential number of
            # values (a "billion laughs"): stop at the alias being expanded.
            raise SpecSyntaxError(
                SpecDiagnostic(
                    self.loc(node),
                    f"the spec stands for more than {MAX_YAML_VALUES} YAML values "
                    "(through aliases)",
                )
            )
        if id(node) in self._active:
            self.error(node, "a YAML alias may not refer to a value that contains it", path)
            return None
        self._active.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, path, context)
            if isinstance(node, yaml.SequenceNode):
                item_context = context
                return [
                    self.convert(item, (*path, i), item_context)
                    for i, item in enumerate(node.value)
                ]
            assert isinstance(node, yaml.ScalarNode)
            return self.scalar(node, path)
        finally:
            self._active.discard(id(node))

    def mapping(self, node: yaml.MappingNode, path: Path_, context: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        seen: dict[str, yaml.Node] = {}
        if context in _MODELS:
            self.contexts[path] = context
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in (
                "tag:yaml.org,2002:str",
                "tag:yaml.org,2002:int",
                "tag:yaml.org,2002:bool",
            ):
                self.error(key_node, "mapping keys must be plain names", path)
                continue
            key = str(key_node.value)
            child: Path_ = (*path, key)
            if key in seen:
                first = seen[key].start_mark.line + 1
                self.error(
                    key_node,
                    f"duplicate key '{key}'",
                    child,
                    f"it was first given on line {first}",
                )
                continue
            seen[key] = key_node
            self.nodes[child] = (value_node, key_node)
            if context in _MODELS and key in _INTERNAL_FIELDS:
                self.error(key_node, f"unknown key '{key}'", child, _key_hint(context, key))
                continue
            out[key] = self.value(value_node, child, context, key)
        if context in _MODELS:
            out["loc"] = self.loc(node)
        if context in _KEYED_CONTEXTS:
            out["field_locs"] = tuple((key, self.loc(k)) for key, k in seen.items())
        return out

    def value(self, node: yaml.Node, path: Path_, context: str | None, key: str) -> Any:
        if context is None:
            return self.convert(node, path, None)
        if (context, key) in _TEXT_KEYS and isinstance(node, yaml.ScalarNode):
            if node.tag == "tag:yaml.org,2002:null":
                return None
            return {"text": str(node.value), "loc": self.text_loc(node)}
        item_context = _LISTS.get((context, key))
        if item_context == "trait" and isinstance(node, yaml.SequenceNode):
            return self.traits(node, path)
        if item_context == "dag" and isinstance(node, yaml.SequenceNode):
            return [self.dag(item, (*path, i)) for i, item in enumerate(node.value)]
        if context == "pattern" and key == "source":
            return self.dag(node, path)
        if item_context is not None and isinstance(node, yaml.SequenceNode):
            items = []
            for i, item in enumerate(node.value):
                self.nodes[(*path, i)] = (item, None)
                items.append(self.convert(item, (*path, i), item_context))
            return items
        return self.convert(node, path, item_context)

    # -- ODS expressions ---------------------------------------------------------

    def expr_text(self, node: yaml.Node, path: Path_, what: str) -> yaml.ScalarNode | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
            return node
        self.error(node, f"expected {what} as a string, got {_describe(node)}", path)
        return None

    def expr_error(self, node: yaml.ScalarNode, error: ExprError, path: Path_) -> None:
        loc = self.scalar_loc_at(node)(error.offset)
        self.errors.append(
            SpecDiagnostic(loc, error.message, hint=error.hint, path=format_path(path))
        )

    def parse(self, node: yaml.Node, path: Path_, what: str) -> tuple[yaml.ScalarNode, Expr] | None:
        scalar = self.expr_text(node, path, what)
        if scalar is None:
            return None
        try:
            return scalar, parse_expr(str(scalar.value))
        except ExprError as error:
            self.expr_error(scalar, error, path)
            return None

    def fill_value_type(self, data: dict[str, Any], path: Path_) -> None:
        """Operand and result `type`: the constraint, with variadicity from its wrapper."""
        node = self.nodes[(*path, "type")][0]
        parsed = self.parse(node, (*path, "type"), "a type constraint")
        if parsed is None:
            data["type"] = AnyTypeConstraint(loc=self.loc(node))
            return
        scalar, expr = parsed
        try:
            variadicity, constraint, segments = value_constraint_from_expr(
                expr, self.scalar_loc_at(scalar)
            )
        except ExprError as error:
            self.expr_error(scalar, error, (*path, "type"))
            data["type"] = AnyTypeConstraint(loc=self.loc(node))
            return
        data["type"] = constraint
        if variadicity != "single":
            if "variadicity" in data:
                key_node = self.nodes[(*path, "variadicity")][1]
                assert key_node is not None
                self.error(
                    key_node,
                    "variadicity is given twice, by the key and by the type's wrapper",
                    (*path, "variadicity"),
                    "keep only one of them",
                )
            data["variadicity"] = variadicity
        if segments is not None:
            data["segment_attr"] = segments

    def fill_attr_type(self, data: dict[str, Any], path: Path_) -> None:
        """Attribute `type`: the constraint, with `optional`/`default` from its wrapper."""
        node = self.nodes[(*path, "type")][0]
        parsed = self.parse(node, (*path, "type"), "an attribute constraint")
        if parsed is None:
            data["type"] = SimpleAttrConstraint(attr="AnyAttr", loc=self.loc(node))
            return
        scalar, expr = parsed
        try:
            constraint, optional, default = attribute_from_expr(expr, self.scalar_loc_at(scalar))
        except ExprError as error:
            self.expr_error(scalar, error, (*path, "type"))
            data["type"] = SimpleAttrConstraint(attr="AnyAttr", loc=self.loc(node))
            return
        data["type"] = constraint
        for key, value, given in (("optional", True, optional), ("default", default, default)):
            if not given:
                continue
            if key in data:
                key_node = self.nodes[(*path, key)][1]
                assert key_node is not None
                self.error(
                    key_node,
                    f"'{key}' is given twice, by the key and by the type's wrapper",
                    (*path, key),
                    "keep only one of them",
                )
            data[key] = value

    def fill_region(self, data: dict[str, Any], path: Path_) -> None:
        """Region `constraint`: `AnyRegion`, `SizedRegion<n>`, ..., `VariadicRegion<...>`."""
        node = self.nodes[(*path, "constraint")][0]
        data.pop("constraint")
        parsed = self.parse(node, (*path, "constraint"), "a region constraint")
        if parsed is None:
            return
        scalar, expr = parsed
        loc_at = self.scalar_loc_at(scalar)
        try:
            if isinstance(expr, NameExpr) and expr.name == "VariadicRegion" and expr.args:
                data["variadic"] = True
                if len(expr.args) != 1:
                    raise ExprError(expr.offset, "'VariadicRegion' takes 1 argument")
                expr = expr.args[0]
            data["constraint"] = _region_constraint(expr, loc_at)
        except ExprError as error:
            self.expr_error(scalar, error, (*path, "constraint"))

    def traits(self, node: yaml.SequenceNode, path: Path_) -> list[Any]:
        out: list[Any] = []
        for i, item in enumerate(node.value):
            item_path = (*path, i)
            self.nodes[item_path] = (item, None)
            if isinstance(item, yaml.MappingNode):
                out.append(self.convert(item, item_path, None) | {"loc": self.loc(item)})
                continue
            parsed = self.parse(item, item_path, "a trait")
            if parsed is None:
                continue
            scalar, expr = parsed
            try:
                out.append(_trait(expr, self.scalar_loc_at(scalar)))
            except ExprError as error:
                self.expr_error(scalar, error, item_path)
        return out

    def dag(self, node: yaml.Node, path: Path_) -> Any:
        self.nodes[path] = (node, self.nodes.get(path, (node, None))[1])
        scalar = self.expr_text(node, path, "a DAG")
        if scalar is None:
            return {"operator": "", "loc": self.loc(node)}
        loc_at = self.scalar_loc_at(scalar)
        text = str(scalar.value)
        if text.startswith("$") and path[-2:-1] == ("results",):
            # A bare `$x` result replaces the root with a bound value, as DRR's
            # `(replaceWithValue $x)` does; that is how the model spells it.
            try:
                value = parse_expr(text)
            except ExprError as error:
                self.expr_error(scalar, error, path)
                return {"operator": "", "loc": self.loc(node)}
            assert isinstance(value, VarExpr)
            arg = {"bind": value.name, "loc": loc_at(0)}
            return {"operator": "replaceWithValue", "args": [arg], "loc": loc_at(0)}
        try:
            return _dag(parse_dag(text), loc_at)
        except ExprError as error:
            self.expr_error(scalar, error, path)
            return {"operator": "", "loc": self.loc(node)}


def _key_hint(context: str, key: str) -> str | None:
    model = _MODELS[context]
    keys = sorted(
        (field.alias or name)
        for name, field in model.model_fields.items()
        if name not in _INTERNAL_FIELDS
    )
    close = difflib.get_close_matches(key, keys, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return "expected one of: " + ", ".join(keys)


def _region_constraint(expr: Expr, loc_at: Callable[[int], SourceLoc | None]) -> dict[str, Any]:
    if not isinstance(expr, NameExpr) or expr.name not in _REGION_KINDS:
        name = expr.name if isinstance(expr, NameExpr) else ""
        close = difflib.get_close_matches(name, [*_REGION_KINDS, "VariadicRegion"], n=1)
        raise ExprError(
            expr.offset,
            f"unknown region constraint '{name}'" if name else "expected a region constraint",
            f"did you mean '{close[0]}'?"
            if close
            else "expected AnyRegion, SizedRegion<n>, MinSizedRegion<n>, MaxSizedRegion<n> "
            "or VariadicRegion<...>",
        )
    kind = _REGION_KINDS[expr.name]
    if kind == "any":
        if expr.args is not None:
            raise ExprError(expr.offset, "'AnyRegion' takes no arguments")
        return {"kind": "any", "loc": loc_at(expr.offset)}
    if expr.args is None or len(expr.args) != 1 or not isinstance(expr.args[0], IntExpr):
        raise ExprError(
            expr.offset,
            f"'{expr.name}' takes 1 argument, the number of blocks",
            f"write it as {expr.name}<1>",
        )
    return {"kind": kind, "blocks": expr.args[0].value, "loc": loc_at(expr.offset)}


def _trait_arg(expr: Expr) -> str | int | tuple[str, ...]:
    if isinstance(expr, StrExpr):
        return expr.value
    if isinstance(expr, IntExpr):
        return expr.value
    if isinstance(expr, ListExpr):
        out: list[str] = []
        for item in expr.items:
            if not isinstance(item, StrExpr):
                raise ExprError(item.offset, 'expected a string in "..."')
            out.append(item.value)
        return tuple(out)
    if isinstance(expr, NameExpr) and expr.args is None:
        # An unquoted name (`HasParent<FuncOp>`) is taken as the string it spells.
        return expr.name
    if isinstance(expr, NameExpr) and expr.name == "CPred":
        # `PredOpTrait<"summary", CPred<"python">>` holds the predicate's text.
        predicate = expr.args[0] if expr.args and len(expr.args) == 1 else None
        if not isinstance(predicate, StrExpr):
            raise ExprError(expr.offset, "'CPred' takes 1 argument, a string")
        return predicate.value
    raise ExprError(expr.offset, "expected a string, an integer or a list of strings")


def _trait(expr: Expr, loc_at: Callable[[int], SourceLoc | None]) -> dict[str, Any]:
    if not isinstance(expr, NameExpr):
        raise ExprError(expr.offset, "expected a trait name")
    args = tuple(_trait_arg(a) for a in expr.args or ())
    # Where each string argument's text starts: Python code (a `PredOpTrait`'s
    # predicate, a `TypesMatchWith` transform) is checked from there.
    field_locs = tuple(
        item
        for index, arg in enumerate(expr.args or ())
        for item in pred_text_locs(arg, loc_at, f"args.{index}")
    )
    return {
        "name": expr.name,
        "args": args,
        "loc": loc_at(expr.offset),
        "field_locs": field_locs,
    }


def _spell(expr: Expr) -> str:
    if isinstance(expr, NameExpr):
        if expr.args is None:
            return expr.name
        return f"{expr.name}<{', '.join(_spell(a) for a in expr.args)}>"
    if isinstance(expr, ListExpr):
        return "[" + ", ".join(_spell(a) for a in expr.items) + "]"
    if isinstance(expr, StrExpr):
        return '"' + expr.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(expr, IntExpr):
        return str(expr.value)
    if isinstance(expr, VarExpr):
        return f"${expr.name}"
    raise ExprError(expr.offset, "unexpected nested DAG")


def _dag(dag: DagExpr, loc_at: Callable[[int], SourceLoc | None]) -> dict[str, Any]:
    args: list[dict[str, Any]] = []
    for arg in dag.args:
        value: dict[str, Any] | None = None
        if isinstance(arg.value, DagExpr):
            value = _dag(arg.value, loc_at)
        elif isinstance(arg.value, IntExpr):
            value = {"kind": "int", "value": arg.value.value, "loc": loc_at(arg.value.offset)}
        elif isinstance(arg.value, StrExpr):
            value = {"kind": "str", "value": arg.value.value, "loc": loc_at(arg.value.offset)}
        elif arg.value is not None:
            value = {"kind": "name", "value": _spell(arg.value), "loc": loc_at(arg.value.offset)}
            if isinstance(arg.value, NameExpr):
                value["field_locs"] = _code_locs(arg.value, loc_at)
        args.append({"value": value, "bind": arg.bind, "loc": loc_at(arg.offset)})
    return {
        "operator": _spell(dag.operator),
        "bind": dag.bind,
        "args": args,
        "loc": loc_at(dag.offset),
        "field_locs": _code_locs(dag.operator, loc_at),
    }


_CODE_OPERATORS = ("NativeCodeCall", "NativeCodeCallVoid", "Constraint", "PatternConstraint")


def _code_locs(
    operator: NameExpr, loc_at: Callable[[int], SourceLoc | None]
) -> tuple[tuple[str, SourceLoc], ...]:
    """Where the Python of `NativeCodeCall<"...">` or `Constraint<CPred<"...">>` starts."""
    if operator.name in _CODE_OPERATORS and operator.args:
        return pred_text_locs(operator.args[0], loc_at, "code")
    return ()


def _fill_expressions(conv: _Converter, data: Any) -> None:
    """Parse the constraint strings of operands, results, attributes and regions in place."""
    if not isinstance(data, dict):
        return
    for op_index, op in _items(data, "ops"):
        op_path: Path_ = ("ops", op_index)
        for key, fill in (
            ("operands", conv.fill_value_type),
            ("results", conv.fill_value_type),
            ("attributes", conv.fill_attr_type),
        ):
            for i, item in _items(op, key):
                if "type" in item:
                    fill(item, (*op_path, key, i))
        for i, region in _items(op, "regions"):
            if "constraint" in region:
                conv.fill_region(region, (*op_path, "regions", i))


def _items(data: dict[str, Any], key: str) -> list[tuple[int, dict[str, Any]]]:
    """The mappings of list `key`, with their positions in the list (others are skipped;
    pydantic reports them), so paths match the YAML nodes."""
    value = data.get(key)
    if not isinstance(value, list):
        return []
    return [(i, item) for i, item in enumerate(value) if isinstance(item, dict)]


def _compose(source: SourceFile) -> yaml.Node | None:
    try:
        return yaml.compose(source.text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        offset = min(mark.index, len(source.text)) if mark is not None else 0
        message = error.problem or error.context or "malformed YAML"
        diag = SpecDiagnostic(source.loc(offset), message)
        if error.problem and error.context and error.context_mark is not None:
            # pyyaml's context ("while parsing a flow sequence") points at the opener.
            context_at = min(error.context_mark.index, len(source.text))
            diag.attach_note(error.context, source.loc(context_at))
        raise SpecSyntaxError(diag) from None
    except yaml.YAMLError as error:
        position = getattr(error, "position", 0)
        reason = getattr(error, "reason", "malformed YAML")
        raise SpecSyntaxError(SpecDiagnostic(source.loc(position), str(reason))) from None
    except RecursionError:
        raise SpecSyntaxError(
            SpecDiagnostic(source.loc(_deepest(source.text)), "the YAML nesting is too deep")
        ) from None


def _deepest(text: str) -> int:
    """The offset where YAML nests deepest (indentation and flow brackets together),
    to place a nesting error; quoted text and comments are skipped roughly."""
    best, best_at = -1, 0
    flow = 0
    offset = 0
    for line in text.splitlines(keepends=True):
        indent = len(line) - len(line.lstrip(" "))
        quote = ""
        for i, c in enumerate(line):
            if quote:
                quote = "" if c == quote else quote
            elif c in "'\"":
                quote = c
            elif c == "#":
                break
            elif c in "[{":
                flow += 1
            elif c in "]}":
                flow = max(0, flow - 1)
            if indent + flow > best:
                best, best_at = indent + flow, offset + max(i, indent)
        offset += len(line)
    return best_at


def _pydantic_diagnostics(conv: _Converter, error: ValidationError) -> list[SpecDiagnostic]:
    out: list[SpecDiagnostic] = []
    reported: set[Path_] = set()
    for detail in error.errors(include_url=False):
        path, node, key_node = _locate(conv, detail)
        if path in reported:
            # A union reports one error per alternative; the first says enough.
            continue
        reported.add(path)
        out.append(_pydantic_diagnostic(conv, detail, path, node, key_node))
    return out


def _locate(
    conv: _Converter, detail: ErrorDetails
) -> tuple[Path_, yaml.Node | None, yaml.Node | None]:
    """The longest prefix of the error's path that names a YAML node, and that node."""
    loc = tuple(detail["loc"])
    for end in range(len(loc), -1, -1):
        prefix = loc[:end]
        if prefix in conv.nodes:
            node, key_node = conv.nodes[prefix]
            return prefix, node, key_node
        if not prefix:
            return (), None, None
    return (), None, None


def _pydantic_diagnostic(
    conv: _Converter,
    detail: ErrorDetails,
    path: Path_,
    node: yaml.Node | None,
    key_node: yaml.Node | None,
) -> SpecDiagnostic:
    kind = detail["type"]
    loc = tuple(detail["loc"])
    at: SourceLoc | None = conv.loc(node) if node is not None else conv.source.loc(0)
    hint: str | None = None
    if kind == "extra_forbidden" and key_node is not None:
        key = str(loc[-1])
        context = conv.contexts.get(path[:-1])
        message = f"unknown key '{key}'"
        hint = _key_hint(context, key) if context else None
        at = conv.loc(key_node)
    elif kind == "missing":
        message = f"missing required key '{loc[-1]}'"
        path = loc
    elif kind == "literal_error":
        expected = str(detail.get("ctx", {}).get("expected", ""))
        message = f"expected one of {expected}"
        if node is not None:
            message += f", got {_describe(node)}"
    else:
        message = _PYDANTIC_MESSAGES.get(kind, str(detail["msg"]))
        if node is not None and kind in _PYDANTIC_MESSAGES:
            message += f", got {_describe(node)}"
    return SpecDiagnostic(at, message, hint=hint, path=format_path(path) or None)


def _with_path(conv: _Converter, diag: SpecDiagnostic) -> SpecDiagnostic:
    """Give a diagnostic from validation the path of the innermost node at its position."""
    if diag.path is not None or diag.loc is None:
        return diag
    offset = diag.loc.offset
    best: Path_ | None = None
    for path, (node, _) in conv.nodes.items():
        end = max(node.end_mark.index, node.start_mark.index + 1)
        inside = node.start_mark.index <= offset < end
        if inside and (best is None or len(path) > len(best)):
            best = path
    if best:
        diag.path = format_path(best)
    return diag


def parse_yaml(text: str, name: str = "<spec>") -> DialectDef:
    """Read a YAML dialect spec; raise `SpecSyntaxError`/`SpecValidationError` on any problem."""
    # Imported here: validation depends on the model, the model never on validation.
    from generator.spec.validate import validate_dialect

    source = SourceFile(name, text)
    root = _compose(source)
    if root is None:
        raise SpecValidationError(
            SpecDiagnostic(
                source.loc(0), "the spec file is empty", hint="start with 'name: <dialect>'"
            )
        )
    conv = _Converter(source)
    conv.nodes[()] = (root, None)
    data = conv.convert(root, (), "dialect")
    _fill_expressions(conv, data)
    try:
        dialect = DialectDef.model_validate(data)
    except ValidationError as error:
        raise SpecValidationError(conv.errors + _pydantic_diagnostics(conv, error)) from None
    diagnostics = conv.errors + [_with_path(conv, d) for d in validate_dialect(dialect)]
    if diagnostics:
        raise SpecValidationError(diagnostics)
    return dialect


def load_yaml(path: str | Path) -> DialectDef:
    """Read a YAML dialect spec from a file (see `parse_yaml`)."""
    file = Path(path)
    data = file.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        # Placed in the text decoded up to the bad byte, which is all valid.
        before = data[: error.start].decode("utf-8")
        source = SourceFile(str(path), before + data[error.start :].decode("utf-8", "replace"))
        raise SpecSyntaxError(
            SpecDiagnostic(
                source.loc(len(before)),
                f"invalid UTF-8: byte 0x{data[error.start]:02x} does not start or continue "
                "a character",
            )
        ) from None
    return parse_yaml(text, str(path))
