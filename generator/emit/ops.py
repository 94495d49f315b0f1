"""The `ops` backend: one Python op class per spec op, in `generated/<dialect>/ops.py`.

This module turns each `OpDef` into an `OpView`: everything the template
`templates/ops.py.j2` prints, precomputed. That covers the accessors of every
operand, result, attribute, region and successor, the builder's parameters and
statements, the property tables the parser uses, and the verifier checks in
MLIR's order. Code fragments in the views are single expressions or statements
made by the small functions below; the template only lays them out.

A spec's traits become runtime classes: trait classes of `generator.ir.traits` in
the op class's `TRAITS` (`trait_class_name` maps ODS names to MLIR's C++ names,
`HasParent<"x">` to `HasParent.of("x")`), and interfaces (those of
`generator.ir.interfaces`, `INTERFACE_CLASSES`, and the dialect's own, generated
before the op classes; see `generator.emit.interfaces`) among its base classes.
Traits that are predicates (`AllTypesMatch`, `PredOpTrait`, ...) are compiled
into the verifier instead (`COMPILED_TRAITS`). An op implementing
`InferTypeOpInterface` infers its result types in its builder and its custom form.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator import ir
from generator.diagnostics import FormatSpecError, SpecDiagnostic, SpecValidationError
from generator.emit.environment import doc_text
from generator.emit.format_code import FormatUnsupported, format_code
from generator.emit.interfaces import (
    InterfaceView,
    implemented_bases,
    implements,
    interface_checks,
    interface_views,
)
from generator.emit.predicates import ConstraintFunction, ConstraintTable, RefInfo
from generator.ir import dialects as ir_dialects
from generator.naming import (
    class_name_from_def,
    enum_member_name,
    property_slot,
    sanitize_name,
    snake_case,
)
from generator.spec.constraints import (
    ArrayAttrConstraint,
    AttrConstraint,
    AttrRefConstraint,
    ConfinedAttrConstraint,
    DenseArrayAttrConstraint,
    FloatAttrConstraint,
    FloatConstraint,
    IndexConstraint,
    IntegerAttrConstraint,
    IntegerConstraint,
    NoneTypeConstraint,
    SimpleAttrConstraint,
    TypeAttrConstraint,
    TypeConstraint,
)
from generator.spec.format import resolve_op_format
from generator.spec.infer import infer_types
from generator.spec.interfaces import BUILTIN_INTERFACES, dialect_interfaces
from generator.spec.model import (
    DECLARE_INTERFACE_TRAITS,
    AttributeDef,
    DialectDef,
    OpDef,
    OperandDef,
    ResultDef,
    TraitRef,
)

__all__ = [
    "Check",
    "HelperImport",
    "OpView",
    "OpsModuleView",
    "code_lines",
    "dialect_helper_imports",
    "negated",
    "ops_module_view",
]

_SIGN = {
    "signless": "Signedness.SIGNLESS",
    "signed": "Signedness.SIGNED",
    "unsigned": "Signedness.UNSIGNED",
}


@dataclass
class Check:
    """One verifier step: `if condition: return message`, or a loop over a group."""

    condition: str
    message: str
    loop_var: str = ""
    """When set, the check runs for each `(index, value)` in `loop_over`."""
    loop_over: str = ""

    @property
    def is_loop(self) -> bool:
        """Whether the check runs once per value of a group."""
        return bool(self.loop_var)


@dataclass(frozen=True)
class _GroupLayout:
    """Where the values of each operand (or result) group of an op are.

    - `fixed`: every group is one value, at its index.
    - `one`: one group is optional or variadic (`open_group`); the groups before it
      are at their index, the groups after it at their index from the end.
    - `segments`: an `operandSegmentSizes`-style property (`attr`) gives the sizes.
    - `same`: the variadic groups share the values left equally
      (`SameVariadicOperandSize`).
    """

    mode: str
    values: str
    count: int
    open_group: int = -1
    attr: str = ""
    variadic: tuple[bool, ...] = ()

    def index(self, group: int) -> str:
        """The index of the value of a single group, in the `one` layout."""
        return str(group) if group < self.open_group else str(group - self.count)

    def span(self, group: int) -> str:
        """An expression for the `range` of value positions of group `group`."""
        values, n = self.values, self.count
        if self.mode == "fixed":
            return f"range({group}, {group + 1})"
        if self.mode == "one":
            if group != self.open_group:
                return (
                    f"range({group}, {group + 1})"
                    if group < self.open_group
                    else (f"range(len({values}) - {n - group}, len({values}) - {n - group - 1})")
                )
            after = n - 1 - group
            end = f"len({values})" + (f" - {after}" if after else "")
            return f"range({group}, {end})"
        if self.mode == "segments":
            return f'segment_range(self, "{self.attr}", {group}, {n})'
        flags = ", ".join("True" if v else "False" for v in self.variadic)
        return f"same_size_range(len({values}), ({flags},), {group})"


@dataclass
class Accessor:
    """A read-only property of the op class."""

    name: str
    annotation: str
    body: list[str]
    doc: str


@dataclass
class Param:
    """A builder parameter: `name: annotation = default`."""

    name: str
    annotation: str
    default: str | None = None

    @property
    def text(self) -> str:
        """The parameter as written in the signature."""
        if self.default is None:
            return f"{self.name}: {self.annotation}"
        return f"{self.name}: {self.annotation} = {self.default}"


@dataclass
class CustomBuilder:
    """A builder from the spec, emitted as a classmethod."""

    name: str
    params: list[str]
    body: list[str]
    doc: str


@dataclass
class OpView:
    """Everything the template prints for one op."""

    class_name: str
    op_name: str
    doc_lines: list[str]
    bases: str
    """The base classes of the op class: `OdsOp` and the op's interfaces."""
    traits: list[str]
    """The op's runtime traits, as Python expressions, sorted."""
    traits_expr: str
    property_names_expr: str
    property_slots: list[tuple[str, str]]
    """(property name, slot) of each property, sorted by name."""
    slots_expr: str
    """The class's `__slots__`: one slot per property."""
    defaults: list[tuple[str, str]]
    optional_defaults_expr: str
    """The names of the defaults never set implicitly, as a Python expression ("" if none)."""
    conversions: list[tuple[str, str]]
    inherent_checks: list[tuple[str, str, str]]
    accessors: list[Accessor]
    positional: list[Param]
    keywords: list[Param]
    builder_body: list[str]
    builder_tail: list[str]
    """Statements after the op is created: the blocks sized regions must have."""
    operands_expr: str
    results_expr: str
    successors_expr: str
    num_regions: str
    checks: list[Check]
    custom_verifier: list[str]
    region_verifier: list[str]
    custom_builders: list[CustomBuilder]
    extra_code: list[str]
    parse_body: list[str] = field(default_factory=list)
    """The body of the generated `parse` classmethod; empty without a custom form."""
    print_body: list[str] = field(default_factory=list)
    """The body of the generated `print` method."""
    print_returns: str = "None"
    """`bool | None` for a hand-written printer, which may return False to have the
    op printed in the generic form."""
    result_names_body: list[str] = field(default_factory=list)
    """The body of `asm_result_names`; empty when the op suggests no names."""
    default_dialect: str = ""
    fold_body: list[str] = field(default_factory=list)
    """The body of `fold` (ODS `hasFolder`); empty without a folder."""
    reference_params: list[str] = field(default_factory=list)
    """The parameters of `reference` after `self`: one per operand group, annotated."""
    reference_body: list[str] = field(default_factory=list)
    """The body of `reference`: the bindings of the attributes the spec's code names,
    then that code; empty without a reference implementation."""
    canonicalize_body: list[str] = field(default_factory=list)
    """The body of the static `canonicalize(op, rewriter)` (ODS `hasCanonicalizer`)."""
    verify_calls: list[str] = field(default_factory=list)
    """Checks `verify_invariants` calls after its own, each returning a message or None:
    interface verifiers, the spec's verifier, and interface verifiers that need the
    regions when the op has none."""
    verify_result: str = "None"
    """What `verify_invariants` returns last: the last of its calls, or None."""
    region_checks: list[str] = field(default_factory=list)
    """The interface verifiers run after the op's regions verify (`verify_regions`)."""
    region_verifier_doc: str = "The spec's checks of the verified regions."

    @property
    def has_region_verifier(self) -> bool:
        """Whether the op checks anything after its regions verify."""
        return bool(self.region_verifier)

    @property
    def has_custom_form(self) -> bool:
        """Whether the op reads and writes a custom form."""
        return bool(self.parse_body)

    @property
    def has_traits(self) -> bool:
        """Whether the op declares traits."""
        return bool(self.traits)

    @property
    def has_properties(self) -> bool:
        """Whether the op has inherent attributes."""
        return self.property_names_expr != "frozenset()"

    @property
    def has_custom_verifier(self) -> bool:
        """Whether the spec gave a verifier body."""
        return bool(self.custom_verifier)

    @property
    def has_extra_code(self) -> bool:
        """Whether the spec pasted methods into the class."""
        return bool(self.extra_code)

    @property
    def has_defaults(self) -> bool:
        """Whether some property has a default value."""
        return bool(self.defaults)

    @property
    def has_optional_defaults(self) -> bool:
        """Whether some default is never set implicitly (`DefaultValuedOptionalAttr`)."""
        return bool(self.optional_defaults_expr)

    @property
    def has_conversions(self) -> bool:
        """Whether some property restricts the attributes it can hold."""
        return bool(self.conversions)

    @property
    def has_inherent_checks(self) -> bool:
        """Whether the op has inherent attributes with constraints."""
        return bool(self.inherent_checks)


@dataclass(frozen=True)
class HelperImport:
    """The public names of one module of dialect-specific runtime code."""

    module: str
    """The module's full name, `generator.ir.dialects.<name>`."""
    names: list[str]


def dialect_helper_imports() -> list[HelperImport]:
    """Every module of `generator.ir.dialects` with its public names, sorted.

    Generated op modules import all of them, as they import all of `generator.ir`, so
    that code in a spec may call them; the formatter removes what a module does not use.
    """
    found: list[HelperImport] = []
    for info in sorted(pkgutil.iter_modules(ir_dialects.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{ir_dialects.__name__}.{info.name}")
        # A dialect's implementation module exports nothing: it is called through
        # the binding of the modules of that dialect.
        if module.__all__:
            found.append(HelperImport(module.__name__, sorted(module.__all__)))
    return found


@dataclass
class OpsModuleView:
    """The whole `ops.py` of a dialect."""

    dialect: str
    source: str
    doc: str
    enum_imports: list[str]
    attr_imports: list[str]
    type_imports: list[str]
    functions: list[ConstraintFunction]
    ops: list[OpView]
    constants: list[tuple[str, str]] = field(default_factory=list)
    """Module-level constants of the generated parsers and printers."""
    extra_code: list[str] = field(default_factory=list)
    """The dialect's own top-level Python (custom directive functions, helpers)."""
    all_names: list[str] = field(default_factory=list)
    ir_names: list[str] = field(default_factory=list)
    """Every public name of `generator.ir`; the formatter removes the unused imports."""
    helper_imports: list[HelperImport] = field(default_factory=list)
    """Every public name of each `generator.ir.dialects` module, likewise."""
    interfaces: list[InterfaceView] = field(default_factory=list)
    """The dialect's op interfaces, generated before the op classes."""

    @property
    def has_enum_imports(self) -> bool:
        """Whether the module imports the dialect's enums."""
        return bool(self.enum_imports)

    @property
    def has_attr_imports(self) -> bool:
        """Whether the module imports the dialect's attributes."""
        return bool(self.attr_imports)

    @property
    def has_type_imports(self) -> bool:
        """Whether the module imports the dialect's types."""
        return bool(self.type_imports)


# -- small code fragments ----------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


#: `!dialect.mnemonic`, a dialect type without parameters.
_FOREIGN_DIALECT_TYPE = re.compile(r"!(\w+)\.(\w+)")


def buildable_type(c: TypeConstraint) -> str | None:
    """A Python expression building the one type `c` allows, if it allows exactly one."""
    if isinstance(c, IntegerConstraint) and len(c.widths) == 1 and c.signedness != "any":
        sign = _SIGN[c.signedness]
        if c.signedness == "signless":
            return f"IntegerType.get({c.widths[0]})"
        return f"IntegerType.get({c.widths[0]}, {sign})"
    if isinstance(c, FloatConstraint) and len(c.types) == 1:
        return f"FloatType.get({c.types[0]!r})"
    if isinstance(c, IndexConstraint):
        return "IndexType.get()"
    if isinstance(c, NoneTypeConstraint):
        return "NoneType.get()"
    return None


@dataclass(frozen=True)
class AttrKind:
    """How an attribute constraint reads and is built from Python values."""

    storage: str
    """The runtime class MLIR stores it as ("Attribute" when any)."""
    value_type: str
    """The Python type the accessor returns."""
    value_expr: str
    """The accessor's return value from the stored attribute `a`."""
    param_type: str
    """The Python types a builder accepts besides an attribute."""
    build_expr: str
    """An attribute from a Python value `v` (not an attribute)."""


_RAW = AttrKind("Attribute", "Attribute", "a", "Attribute", "v")


def attr_kind(c: AttrConstraint, refs: dict[str, RefInfo]) -> AttrKind:
    """How the attribute constraint `c` is stored, read and built."""
    if isinstance(c, ConfinedAttrConstraint):
        return attr_kind(c.base, refs)
    if isinstance(c, IntegerAttrConstraint):
        sign = "" if c.signedness in ("signless", "any") else f", {_SIGN[c.signedness]}"
        return AttrKind(
            "IntegerAttr",
            "IntegerAttr",
            "a",
            "int",
            f"IntegerAttr.get(IntegerType.get({c.width}{sign}), v)",
        )
    if isinstance(c, SimpleAttrConstraint):
        name = c.attr
        if name in ("StrAttr", "SymbolNameAttr"):
            return AttrKind("StringAttr", "StringAttr", "a", "str", "StringAttr.get(v)")
        if name == "BoolAttr":
            return AttrKind("BoolAttr", "BoolAttr", "a", "bool", "BoolAttr.get_bool(v)")
        if name == "UnitAttr":
            return AttrKind("UnitAttr", "bool", "True", "bool", "UnitAttr.get()")
        if name == "TypeAttr":
            return AttrKind("TypeAttr", "TypeAttr", "a", "Type", "TypeAttr.get(v)")
        if name == "FlatSymbolRefAttr":
            return AttrKind("SymbolRefAttr", "SymbolRefAttr", "a", "str", "SymbolRefAttr.get(v)")
        if name == "IndexAttr":
            return AttrKind(
                "IntegerAttr", "IntegerAttr", "a", "int", "IntegerAttr.get(IndexType.get(), v)"
            )
        storage = {
            "ArrayAttr": "ArrayAttr",
            "DictionaryAttr": "DictionaryAttr",
            "SymbolRefAttr": "SymbolRefAttr",
            "AffineMapAttr": "AffineMapAttr",
            "IntegerSetAttr": "IntegerSetAttr",
        }.get(name, "Attribute")
        return AttrKind(storage, storage, "a", storage, "v")
    if isinstance(c, ArrayAttrConstraint):
        return AttrKind("ArrayAttr", "ArrayAttr", "a", "ArrayAttr", "v")
    if isinstance(c, DenseArrayAttrConstraint):
        return AttrKind("DenseArrayAttr", "DenseArrayAttr", "a", "DenseArrayAttr", "v")
    if isinstance(c, TypeAttrConstraint):
        return AttrKind("TypeAttr", "TypeAttr", "a", "Type", "TypeAttr.get(v)")
    if isinstance(c, AttrRefConstraint):
        info = refs.get(c.ref)
        if info is not None and info.kind == "attr" and info.enum_class:
            return AttrKind(
                info.class_name,
                info.enum_class,
                f"{info.enum_class}(a.value)",
                f"{info.enum_class} | int",
                f"{info.class_name}.get(v)",
            )
        if info is not None and info.kind == "attr":
            return AttrKind(info.class_name, info.class_name, "a", info.class_name, "v")
        if info is not None and info.kind == "int_enum":
            return AttrKind(
                "IntegerAttr",
                info.class_name,
                f"{info.class_name}(a.value)",
                f"{info.class_name} | int",
                f"IntegerAttr.get(IntegerType.get({info.width}), int(v))",
            )
        if info is not None and info.kind == "str_enum":
            return AttrKind(
                "StringAttr",
                info.class_name,
                f"{info.class_name}(a.value)",
                f"{info.class_name} | str",
                "StringAttr.get(str(getattr(v, 'value', v)))",
            )
    return _RAW


def tuple_display(items: Sequence[str]) -> str:
    """A tuple display of expressions, with the trailing comma only where Python needs it.

    (A trailing comma would make the formatter spread the tuple over lines.)
    """
    if len(items) == 1:
        return f"({items[0]},)"
    return "(" + ", ".join(items) + ")"


def fstring(*parts: str | tuple[str]) -> str:
    """A Python string literal from text pieces and `(expression,)` pieces.

    Text is escaped for an f-string; the result is a plain literal when there are
    no expressions.
    """
    if all(isinstance(p, str) for p in parts):
        return repr("".join(p for p in parts if isinstance(p, str)))
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p.replace("{", "{{").replace("}", "}}"))
        else:
            out.append("{" + p[0] + "}")
    return "f" + repr("".join(out))


_NEGATED_COMPARISONS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}


def _slice_of(span: str) -> str:
    """The slice `a:b` of a `range(a, b)` expression (a group's values as a slice)."""
    assert span.startswith("range(")
    assert span.endswith(")")
    start, _, end = span[len("range(") : -1].partition(", ")
    if end.startswith("len(") and end.endswith(")") and "-" not in end:
        end = ""  # up to the last value
    return ("" if start == "0" else start) + ":" + end


def _return_lines(expr: str) -> list[str]:
    """`return expr`, parenthesized when the expression spans lines."""
    lines = expr.strip().splitlines()
    if len(lines) == 1:
        return [f"return {lines[0]}"]
    return ["return (", *lines, ")"]


def _is_call(expr: str) -> bool:
    """Whether a Python expression is a single function call."""
    try:
        tree = ast.parse(expr.replace("$_op", "self").strip(), mode="eval")
    except SyntaxError:
        return False
    return isinstance(tree.body, ast.Call)


def negated(expr: str) -> str:
    """The negation of a Python condition: `a != b` for `a == b`, else `not (expr)`."""
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError:
        return f"not ({expr})"
    body = tree.body
    if isinstance(body, ast.Compare) and len(body.ops) == 1:
        flipped = _NEGATED_COMPARISONS.get(type(body.ops[0]))
        if flipped is not None:
            body.ops = [flipped()]
            return ast.unparse(body)
    return f"not ({expr})"


def code_lines(text: str) -> list[str]:
    """Hand-written code from a spec, dedented, as lines (blank lines kept empty)."""
    import textwrap

    lines = textwrap.dedent(text.strip("\n")).rstrip().splitlines()
    return [line.rstrip() for line in lines] or ["pass"]


#: Spec traits whose runtime class (in `generator.ir.traits`) has another name:
#: MLIR's C++ name where the ODS def differs from it.
_RENAMED_TRAITS = {
    "Terminator": "IsTerminator",
    "IsolatedFromAbove": "IsIsolatedFromAbove",
    "Commutative": "IsCommutative",
    "Idempotent": "IsIdempotent",
    "Involution": "IsInvolution",
    "RecursiveMemoryEffects": "HasRecursiveMemoryEffects",
}

#: Spec traits that are the runtime's op interfaces: the class in
#: `generator.ir.interfaces` the op class inherits.
INTERFACE_CLASSES = {name: info.class_name for name, info in BUILTIN_INTERFACES.items()}

#: Spec traits compiled into the op's own checks and builders, with no runtime class
#: (MLIR's `PredOpTrait`s and the traits built on them).
COMPILED_TRAITS = frozenset(
    {
        "AllElementCountsMatch",
        "AllElementTypesMatch",
        "AllRanksMatch",
        "AllShapesMatch",
        "AllTypesMatch",
        "PredOpTrait",
        "TypesMatchWith",
    }
)

#: Traits whose parameters are op names (`HasParent.of("func.func")`).
_PARAMETRIC_TRAITS = frozenset(
    {"HasParent", "ParentOneOf", "SingleBlockImplicitTerminator", "AtMostOneChildOf"}
)
#: Traits whose parameters are taken as written (`NVVMRequiresSM.of("90")`).
_VALUE_PARAMETRIC_TRAITS = frozenset({"NVVMRequiresSM", "NVVMRequiresSMa"})


def trait_class_name(trait: str) -> str | None:
    """The name of the runtime trait class of a spec trait (in `generator.ir.traits`),
    or None for interfaces and traits compiled into checks."""
    if trait in INTERFACE_CLASSES or trait in COMPILED_TRAITS:
        return None
    return _RENAMED_TRAITS.get(trait, trait)


#: Spec traits whose runtime class checks the op (`verify`): the structural ones before
#: the ODS checks, the others after.
_NATIVE_TRAITS = frozenset(
    {
        "SameOperandsAndResultType",
        "SameTypeOperands",
        "SameOperandsShape",
        "SameOperandsAndResultShape",
        "SameOperandsElementType",
        "SameOperandsAndResultElementType",
        "SameOperandsAndResultRank",
        "ResultsBroadcastableShape",
        "Elementwise",
        "Terminator",
        "HasParent",
        "ParentOneOf",
        "SingleBlock",
        "SingleBlockImplicitTerminator",
        "NoRegionArguments",
        "Symbol",
        # The tosa dialect's, in `generator.ir.dialects.tosa`.
        "TosaResolvableShapeOperands",
        "TosaShapeOperatorWithSameRanks",
        "NVVMRequiresSM",
        "NVVMRequiresSMa",
        "AtMostOneChildOf",
    }
)

#: MLIR's `StructuralOpTrait`s, verified before the ODS checks of the op.
_STRUCTURAL = frozenset(
    {
        "SingleBlock",
        "SingleBlockImplicitTerminator",
        "NoTerminator",
        "HasParent",
        "ParentOneOf",
        "NoRegionArguments",
    }
)

_PRED_TRAITS = {
    "AllTypesMatch": ("attr_type_or_type", "have same type"),
    "AllElementTypesMatch": ("element", "have same element type"),
    "AllShapesMatch": ("shape", "have same shape"),
    "AllRanksMatch": ("rank", "have same rank"),
    "AllElementCountsMatch": ("count", "have same element count"),
}


class _OpMaker:
    """Builds the `OpView` of one op (see the module docstring)."""

    def __init__(self, dialect: DialectDef, op: OpDef, table: ConstraintTable) -> None:
        self.dialect = dialect
        self.op = op
        self.table = table
        #: The builder's last lines: results whose omitted types the reference infers.
        self.reference_tail: list[str] = []
        self.errors: list[SpecDiagnostic] = []
        self.op_name = f"{dialect.name}.{op.mnemonic}"
        self.trait_names = [t.name for t in op.traits]
        self.interfaces = dialect_interfaces(dialect)
        #: Whether the op infers its result types (`InferTypeOpInterface`).
        self.infers_types = any(
            i.def_name == "InferTypeOpInterface" for i in implements(op.traits, dialect)
        )
        #: The runtime trait of each spec trait that has one (see `_trait_exprs`).
        self.trait_exprs: dict[int, str] = {}
        self.py: dict[str, str] = {}
        self.base: dict[str, str] = {}
        # Unnamed operands and results are named by position, as MLIR's `_gen_arg_N`.
        op = op.model_copy(
            update={
                "operands": tuple(
                    o if o.name else o.model_copy(update={"name": f"operand_{i}"})
                    for i, o in enumerate(op.operands)
                ),
                "results": tuple(
                    r if r.name else r.model_copy(update={"name": f"result_{i}"})
                    for i, r in enumerate(op.results)
                ),
            }
        )
        self.op = op
        names = [
            *(o.name for o in op.operands),
            *(a.name for a in op.attributes),
            *(r.name for r in op.results),
            *(r.name for r in op.regions),
            *(s.name for s in op.successors),
        ]
        single_results = {r.name for r in op.results if r.variadicity == "single"}
        for name in names:
            py = sanitize_name(snake_case(name))
            if py == "result" and name not in single_results:
                # `Operation.result` is the single result: only a single result may
                # take its name (any other value would change the property's type).
                py += "_"
            self.py[name] = py
            self.base[name] = snake_case(name)

    def has(self, trait: str) -> bool:
        return trait in self.trait_names

    # -- traits and interfaces -----------------------------------------------------------

    def _trait_exprs(self) -> dict[int, str]:
        """The runtime trait of each spec trait that has one, by its index in the spec's
        list: a class name, or `HasParent.of("op.name", ...)` for a parametric trait."""
        out: dict[int, str] = {}
        for index, trait in enumerate(self.op.traits):
            if trait.name in DECLARE_INTERFACE_TRAITS or (
                trait.name in self.interfaces and trait.name not in INTERFACE_CLASSES
            ):
                # The dialect's own interfaces are base classes of the op class.
                continue
            name = trait_class_name(trait.name)
            if name is None:
                continue
            if trait.name in _PARAMETRIC_TRAITS:
                names = [
                    self._op_name_of(str(n), trait)
                    for arg in trait.args
                    for n in (arg if isinstance(arg, tuple) else (arg,))
                ]
                name += ".of(" + ", ".join(f'"{n}"' for n in names) + ")"
            elif trait.name in _VALUE_PARAMETRIC_TRAITS:
                values = [
                    str(v)
                    for arg in trait.args
                    for v in (arg if isinstance(arg, tuple) else (arg,))
                ]
                name += ".of(" + ", ".join(repr(v) for v in values) + ")"
            out[index] = name
        return out

    def _bases(self) -> str:
        """`OdsOp` and the op's interfaces, leaving out those another one implies
        (`FunctionOpInterface` is a `SymbolOpInterface`), sorted by name."""
        # An op that names its results implements `OpAsmOpInterface`.
        extra = ("OpAsmOpInterface",) if self.op.asm_result_names is not None else ()
        return ", ".join(["OdsOp", *implemented_bases(self.op.traits, self.dialect, extra)])

    # -- groups ------------------------------------------------------------------------

    def _ranges(self, groups: Sequence[tuple[str, str]], what: str) -> _GroupLayout:
        """How the values of each operand or result group are found, specialized per group."""
        values = "self._operands" if what == "operand" else "self.results"
        n = len(groups)
        kinds = [v for _, v in groups]
        if all(k == "single" for k in kinds):
            return _GroupLayout("fixed", values, n)
        segment_trait = (
            "AttrSizedOperandSegments" if what == "operand" else "AttrSizedResultSegments"
        )
        same_trait = "SameVariadicOperandSize" if what == "operand" else "SameVariadicResultSize"
        if self.has(segment_trait):
            attr = "operandSegmentSizes" if what == "operand" else "resultSegmentSizes"
            return _GroupLayout("segments", values, n, attr=attr)
        nonsingle = [i for i, k in enumerate(kinds) if k != "single"]
        if len(nonsingle) == 1 and not self.has(same_trait):
            return _GroupLayout("one", values, n, open_group=nonsingle[0])
        return _GroupLayout("same", values, n, variadic=tuple(k != "single" for k in kinds))

    def make(self) -> OpView:
        op = self.op
        table = self.table
        cls = class_name_from_def(op.def_name)
        operand_groups = [(o.name, o.variadicity) for o in op.operands]
        result_groups = [(r.name, r.variadicity) for r in op.results]
        operand_layout = self._ranges(operand_groups, "operand")
        result_layout = self._ranges(result_groups, "result")
        accessors: list[Accessor] = []
        checks: list[Check] = []
        self.trait_exprs = self._trait_exprs()

        # Accessors of operands and results.
        for i, o in enumerate(op.operands):
            accessors.append(
                self._value_accessor(
                    i, o.name, o.variadicity, operand_layout, "operand", o.description
                )
            )
        for i, r in enumerate(op.results):
            accessors.append(
                self._value_accessor(
                    i, r.name, r.variadicity, result_layout, "result", r.description
                )
            )
        for i, reg in enumerate(op.regions):
            if reg.variadic:
                accessors.append(
                    Accessor(
                        self.py[reg.name],
                        "tuple[Region, ...]",
                        [f"return self.regions[{i}:]"],
                        f"The regions `{reg.name}`.",
                    )
                )
            else:
                accessors.append(
                    Accessor(
                        self.py[reg.name],
                        "Region",
                        [f"return self.regions[{i}]"],
                        f"The region `{reg.name}`.",
                    )
                )
        for i, s in enumerate(op.successors):
            if s.variadic:
                accessors.append(
                    Accessor(
                        self.py[s.name],
                        "tuple[Block, ...]",
                        [f"return tuple(self.successors[{i}:])"],
                        f"The successors `{s.name}`.",
                    )
                )
            else:
                accessors.append(
                    Accessor(
                        self.py[s.name],
                        "Block",
                        [f"return self.successors[{i}]"],
                        f"The successor `{s.name}`.",
                    )
                )

        # Properties.
        stored = [a for a in op.attributes if a.derived is None]
        prop_names = [a.name for a in stored]
        conversions: list[tuple[str, str]] = []
        inherent_checks: list[tuple[str, str, str]] = []
        defaults: list[tuple[str, str]] = []
        for a in stored:
            kind = attr_kind(a.type, self.table.refs)
            check = table.attr_check(a.type)
            typed = isinstance(a.type, SimpleAttrConstraint) and a.type.attr == "TypedAttrInterface"
            if (isinstance(a.type, AttrRefConstraint) or typed) and check is not None:
                # An enum attribute converts only when it holds one of the cases.
                conversions.append((a.name, f"{check}(value)"))
            elif kind.storage != "Attribute":
                conversions.append((a.name, f"isinstance(value, {kind.storage})"))
            summary = a.type.summary(table.summaries)
            if check is not None:
                inherent_checks.append(
                    (
                        a.name,
                        check,
                        fstring(f"attribute '{a.name}' failed to satisfy constraint: {summary}"),
                    )
                )
            if a.default is not None:
                defaults.append((a.name, self._default_expr(a, kind)))
            accessors.extend(self._attr_accessors(a, kind))
        for a in op.attributes:
            if a.derived is not None:
                accessors.append(
                    Accessor(
                        self.py[a.name],
                        "object",
                        _return_lines(a.derived.text),
                        f"The derived attribute `{a.name}`.",
                    )
                )
        for seg_trait, attr in (
            ("AttrSizedOperandSegments", "operandSegmentSizes"),
            ("AttrSizedResultSegments", "resultSegmentSizes"),
        ):
            if self.has(seg_trait):
                prop_names.append(attr)
                conversions.append((attr, "isinstance(value, DenseArrayAttr)"))
        for o in op.operands:
            if o.segment_attr is not None and o.segment_attr not in prop_names:
                prop_names.append(o.segment_attr)

        # Verifier: structural traits first, as MLIR's op traits run before the ODS checks.
        checks.extend(
            self._count_checks(
                len(op.regions), any(r.variadic for r in op.regions), "self.regions", "region"
            )
        )
        checks.extend(
            self._count_checks(
                len(result_groups),
                result_layout.mode != "fixed",
                "self.results",
                "result",
                [v for _, v in result_groups],
            )
        )
        checks.extend(
            self._count_checks(
                len(op.successors),
                any(s.variadic for s in op.successors),
                "self.successors",
                "successor",
            )
        )
        checks.extend(
            self._count_checks(
                len(operand_groups),
                operand_layout.mode != "fixed",
                "self._operands",
                "operand",
                [v for _, v in operand_groups],
            )
        )
        checks.extend(self._segment_checks())
        # MLIR runs its structural traits before the ODS checks, the others after.
        checks.extend(self._native_trait_checks(structural=True))
        # ODS checks that the required attributes are present in the order of their
        # names, and their constraints in the order of declaration.
        for a in sorted(stored, key=lambda a: a.name):
            if not a.is_optional and a.default is None:
                checks.append(
                    Check(
                        f"self.{property_slot(a.name)} is None",
                        fstring(f"requires attribute '{a.name}'"),
                    )
                )
        for a in stored:
            check = table.attr_check(a.type)
            if check is None:
                continue
            summary = a.type.summary(table.summaries)
            checks.append(
                Check(
                    f"(slot := self.{property_slot(a.name)}) is not None and not {check}(slot)"
                    if a.is_optional or a.default is not None
                    # A required property was checked to be set just before.
                    else f"not {check}(self.{property_slot(a.name)})",
                    fstring(f"attribute '{a.name}' failed to satisfy constraint: {summary}"),
                )
            )
        checks.extend(self._value_checks(op.operands, operand_layout, "operand"))
        checks.extend(self._value_checks(op.results, result_layout, "result"))
        for i, reg in enumerate(op.regions):
            c = reg.constraint
            if c.kind == "any":
                continue
            cond = {"sized": "!=", "min_sized": "<", "max_sized": ">"}[c.kind]
            message = f" ('{reg.name}') failed to verify constraint: {c.summary()}"
            if not reg.variadic:
                checks.append(
                    Check(
                        f"len(self.regions[{i}].blocks) {cond} {c.blocks}",
                        fstring(f"region #{i}{message}"),
                    )
                )
                continue
            checks.append(
                Check(
                    f"len(region.blocks) {cond} {c.blocks}",
                    fstring("region #", ("index",), message),
                    loop_var="index, region",
                    loop_over=f"enumerate(self.regions[{i}:], {i})",
                )
            )
        for trait in op.traits:
            checks.extend(self._pred_trait(trait))
        checks.extend(self._native_trait_checks(structural=False))

        (
            positional,
            keywords,
            body,
            operands_expr,
            results_expr,
            props,
            succ_expr,
            num_regions,
        ) = self._builder(prop_names)
        doc = [doc_text(op.summary or f"The `{self.op_name}` operation.", closes=False)]
        if op.description.strip():
            doc.append("")
            doc.extend(doc_text(line, closes=False) for line in code_lines(op.description))
        doc.extend(["", f"Operation name: `{self.op_name}`. Defined in {self.source}."])
        custom_builders = []
        for index, b in enumerate(op.builders):
            params = [
                p.name
                + (f": {p.type}" if p.type else "")
                + (f" = {p.default}" if p.default is not None else "")
                for p in b.params
            ]
            custom_builders.append(
                CustomBuilder(
                    "build" if index == 0 else f"build_{index}",
                    params,
                    code_lines(b.body.text) if b.body is not None else [],
                    doc_text(b.description or f"Build a `{self.op_name}` op."),
                )
            )
        names_expr = (
            "frozenset({" + ", ".join(f'"{n}"' for n in prop_names) + "})"
            if prop_names
            else "frozenset()"
        )
        traits = sorted(set(self.trait_exprs.values()))
        optional_defaults = [a.name for a in stored if a.optional and a.default is not None]
        # After the op's own checks: the interfaces' verifiers, then the spec's, then
        # (MLIR's `verifyRegions`) the interface verifiers that need the verified
        # regions, run after them or, for an op without regions, right away.
        plain, with_regions = interface_checks(op.traits, self.dialect)
        calls = [*plain, *(["self.verify_custom()"] if op.verifier is not None else [])]
        region_checks: list[str] = []
        if any(not r.variadic for r in op.regions):
            region_checks = with_regions
        else:
            calls += with_regions
        # MLIR checks the implicit terminator after the regions verify (a region
        # trait), so that a misplaced terminator reports its own error first.
        region_checks = [
            *(
                f"{self.trait_exprs[i]}.verify_regions(self)"
                for i, t in enumerate(op.traits)
                if t.name == "SingleBlockImplicitTerminator"
            ),
            *region_checks,
        ]
        verify_result = calls.pop() if calls else "None"
        region_verifier = (
            code_lines(op.region_verifier.text) if op.region_verifier is not None else []
        )
        if region_checks and not region_verifier:
            region_verifier = ["return None"]
        optional_defaults_expr = (
            "frozenset({" + ", ".join(f'"{n}"' for n in optional_defaults) + "})"
            if optional_defaults
            else ""
        )
        reference = self._reference()
        return OpView(
            class_name=cls,
            op_name=self.op_name,
            doc_lines=doc,
            bases=self._bases(),
            traits=traits,
            traits_expr="frozenset({" + ", ".join(traits) + "})",
            property_names_expr=names_expr,
            property_slots=[(n, property_slot(n)) for n in sorted(prop_names)],
            slots_expr=tuple_display([f'"{property_slot(n)}"' for n in sorted(prop_names)]),
            defaults=defaults,
            optional_defaults_expr=optional_defaults_expr,
            conversions=conversions,
            inherent_checks=inherent_checks,
            accessors=accessors,
            positional=positional,
            keywords=keywords,
            builder_body=body,
            # Properties go straight to their slots once the op exists.
            builder_tail=[f"self.{property_slot(n)} = {e}" for n, e in props]
            + self._region_blocks()
            + self.reference_tail,
            operands_expr=operands_expr,
            results_expr=results_expr,
            successors_expr=succ_expr,
            num_regions=num_regions,
            checks=checks,
            custom_verifier=code_lines(op.verifier.text) if op.verifier is not None else [],
            region_verifier=region_verifier,
            verify_calls=calls,
            verify_result=verify_result,
            region_checks=region_checks,
            region_verifier_doc=(
                "The spec's checks of the verified regions."
                if op.region_verifier is not None
                else "The interfaces' checks of the op, after its regions verify."
                if with_regions
                else "The implicit terminator's check, after the regions verify."
            ),
            custom_builders=custom_builders,
            extra_code=code_lines(op.extra_code.text) if op.extra_code is not None else [],
            default_dialect=self.op.default_dialect,
            fold_body=code_lines(op.fold.text) if op.fold is not None else [],
            reference_params=reference[0],
            reference_body=reference[1],
            canonicalize_body=(
                code_lines(op.canonicalize.text) if op.canonicalize is not None else []
            ),
            **self._custom_form(),
        )

    def _reference(self) -> tuple[list[str], list[str]]:
        """The parameters and body of `reference`, from the spec's reference code.

        Operands are parameters (a tuple for a variadic group, None for an absent
        optional operand); each attribute the code names is bound once from its
        accessor, so the body reads it as a local and the others cost nothing."""
        op = self.op
        if op.reference is None:
            return [], []
        body = code_lines(op.reference.text)
        params = []
        for o in op.operands:
            annotation = {"single": "Any", "optional": "Any | None"}.get(
                o.variadicity, "Sequence[Any]"
            )
            params.append(f"{self.py[o.name]}: {annotation}")
        try:
            named = {n.id for n in ast.walk(ast.parse("\n".join(body))) if isinstance(n, ast.Name)}
        except SyntaxError:
            named = set()
        bindings = [
            f"{self.py[a.name]} = self.{self.py[a.name]}"
            for a in op.attributes
            if self.py[a.name] in named
        ]
        return params, [*bindings, *body]

    source = ""
    #: Module-level constants the generated parsers share (name -> expression).
    constants: dict[str, str]

    def _custom_form(self) -> dict[str, Any]:
        """The `parse` and `print` bodies from the op's assembly format, if it has one."""
        op = self.op
        hooks = {
            "result_names_body": (
                code_lines(op.asm_result_names.text) if op.asm_result_names is not None else []
            ),
        }
        if op.parser is not None and op.printer is not None:
            return {
                "parse_body": code_lines(op.parser.text),
                "print_body": code_lines(op.printer.text),
                # Only a printer that can fall back to the generic form returns a value.
                "print_returns": "bool | None" if "return False" in op.printer.text else "None",
                **hooks,
            }
        if op.assembly_format is None:
            return {"parse_body": [], "print_body": [], **hooks}
        try:
            fmt = resolve_op_format(op, self.dialect)
        except FormatSpecError as e:
            self.errors.extend(e.diagnostics)
            return {"parse_body": [], "print_body": [], **hooks}
        if fmt is None:
            return {"parse_body": [], "print_body": [], **hooks}

        own_types = {
            f"!{self.dialect.name}.{t.mnemonic}": class_name_from_def(t.def_name)
            for t in self.dialect.types
            if not t.parameters
        }

        def type_expr(text: str) -> str:
            name = "_TYPE_" + "".join(c if c.isalnum() else "_" for c in text).upper()
            # The dialect's own types are built by their classes: a type of a
            # dialect is parsed only in a context that loaded the dialect.
            own = own_types.get(text)
            foreign = _FOREIGN_DIALECT_TYPE.fullmatch(text)
            if own is None and foreign is not None:
                # Another dialect's type: its class is that dialect's, known to the
                # context parsing the op (a module constant would parse it without).
                return f"p.dialect_type({foreign[1]!r}, {foreign[2]!r})"
            self.constants[name] = f"{own}.get()" if own else f'parse_type("{text}")'
            return name

        def type_check(entity: OperandDef | ResultDef) -> tuple[str, str] | None:
            fn = self.table.type_check(entity.type)
            if fn is None:
                return None
            return fn, entity.type.summary(self.table.summaries)

        try:
            code = format_code(fmt, self.dialect, self.py, type_expr, type_check)
        except FormatUnsupported as e:
            self.errors.append(
                SpecDiagnostic(
                    op.assembly_format.loc,
                    f"assembly format of '{self.op_name}' uses {e}, which odsgen cannot "
                    "generate yet",
                    hint="write the syntax as Python `parser` and `printer` hooks instead",
                )
            )
            return {"parse_body": [], "print_body": [], **hooks}
        self.constants.update(code.constants)
        return {"parse_body": code.parse_body, "print_body": code.print_body, **hooks}

    def _value_accessor(
        self,
        i: int,
        name: str,
        variadicity: str,
        layout: _GroupLayout,
        what: str,
        description: str,
    ) -> Accessor:
        py = self.py[name]
        elem = "Value" if what == "operand" else "OpResult"
        doc = (
            doc_text(description.strip().splitlines()[0])
            if description.strip()
            else f"The {what} `{name}`."
        )
        get = "self._operands[{0}].value" if what == "operand" else "self.results[{0}]"
        if layout.mode == "fixed":
            return Accessor(py, elem, [f"return {get.format(i)}"], doc)
        if variadicity == "single":
            if layout.mode == "one":
                return Accessor(py, elem, [f"return {get.format(layout.index(i))}"], doc)
            return Accessor(py, elem, [f"return {get.format(f'{layout.span(i)}.start')}"], doc)
        span = layout.span(i)
        if variadicity == "optional":
            return Accessor(
                py,
                f"{elem} | None",
                [f"r = {span}", f"return {get.format('r.start')} if len(r) else None"],
                doc,
            )
        if variadicity == "variadic_of_variadic":
            seg = next(o.segment_attr for o in self.op.operands if o.name == name)
            return Accessor(
                py,
                f"tuple[tuple[{elem}, ...], ...]",
                [
                    f"r = {span}",
                    f"values = [{get.format('j')} for j in r]",
                    f'sizes = segment_sizes(self, "{seg}") or ()',
                    # A running start: summing each group's prefix was quadratic.
                    f"groups: list[tuple[{elem}, ...]] = []",
                    "start = 0",
                    "for n in sizes:",
                    "    groups.append(tuple(values[start : start + n]))",
                    "    start += n",
                    "return tuple(groups)",
                ],
                doc,
            )
        body = [] if span.startswith("range(") else [f"r = {span}"]
        part = _slice_of(span) if span.startswith("range(") else "r.start : r.stop"
        group = "" if part == ":" else f"[{part}]"
        if what == "operand":
            body.append(f"return tuple([o.value for o in self._operands{group}])")
        else:
            body.append(f"return self.results{group}")
        return Accessor(py, f"tuple[{elem}, ...]", body, doc)

    def _attr_accessors(self, a: AttributeDef, kind: AttrKind) -> list[Accessor]:
        py = self.py[a.name]
        slot = property_slot(a.name)
        raw = Accessor(
            f"{py}_attr",
            "Attribute | None",
            [f"return self.{slot}"],
            f"The attribute `{a.name}` as stored (None when unset).",
        )
        doc = (
            doc_text(a.description.strip().splitlines()[0])
            if a.description.strip()
            else f"The attribute `{a.name}`."
        )
        if kind.storage == "UnitAttr":
            return [
                Accessor(py, "bool", [f"return self.{property_slot(a.name)} is not None"], doc),
                raw,
            ]
        if a.is_optional and a.default is None:
            get = f'optional_property(self, "{a.name}", self.{slot}, {kind.storage})'
            body = (
                [f"return {get}"]
                if kind.value_expr == "a"
                else [f"a = {get}", f"return None if a is None else {kind.value_expr}"]
            )
            return [Accessor(py, f"{kind.value_type} | None", body, doc), raw]
        if a.optional:
            # A `DefaultValuedOptionalAttr`: the default stands in when it is unset.
            default = self._default_expr(a, kind)
            body = [
                f'a = optional_property(self, "{a.name}", self.{slot}, {kind.storage})',
                f"a = {default} if a is None else a",
                f"return {kind.value_expr}",
            ]
            return [Accessor(py, kind.value_type, body, doc), raw]
        get = f'required_property(self, "{a.name}", self.{slot}, {kind.storage})'
        if kind.value_expr == "a":
            body = [f"return {get}"]
        else:
            body = [f"a = {get}", f"return {kind.value_expr}"]
        return [Accessor(py, kind.value_type, body, doc), raw]

    def _enum_case_member(self, a: AttributeDef, value: str) -> str:
        """The enum member a default names. The default spells a case as IR does
        (`add`), and the member is named after the case's symbol (`ADD`)."""
        member = _enum_member(value)
        enum = self.dialect.enum_of(a.type.ref) if isinstance(a.type, AttrRefConstraint) else None
        if enum is not None and not enum.is_bit_enum:
            for case in enum.cases:
                if case.text == member:
                    return enum_member_name(case.symbol)
        return member

    def _default_expr(self, a: AttributeDef, kind: AttrKind) -> str:
        value = a.default
        if isinstance(value, (bool, int, float)):
            literal = repr(value)
        else:
            assert value is not None
            literal = value
            own = self._own_attr_default(value)
            if own is not None:
                return own
            info = (
                self.table.refs.get(a.type.ref) if isinstance(a.type, AttrRefConstraint) else None
            )
            if info is not None and info.enum_class:
                member = self._enum_case_member(a, value)
                return f"{info.class_name}.get({info.enum_class}.{member})"
            if info is not None and info.kind == "int_enum":
                return f"IntegerAttr.get(IntegerType.get({info.width}), {info.class_name}.{_enum_member(value)})"
            if kind.storage == "StringAttr":
                literal = repr(value.strip('"'))
            elif kind.storage == "BoolAttr" and value in ("true", "false"):
                # ODS writes bool defaults as C++ literals.
                literal = "True" if value == "true" else "False"
        if kind.build_expr == "v" and isinstance(a.type, FloatAttrConstraint):
            # ODS writes float defaults as C++ (`0.2f`); the value is the same.
            text = literal.strip('"').removesuffix("f")
            try:
                float(text)
            except ValueError:
                pass
            else:
                expr = f'parse_attribute("{text} : f{a.type.width}")'
                for name, existing in self.constants.items():
                    if existing == expr:
                        return name
                name = f"_DEFAULT_{len(self.constants)}"
                self.constants[name] = expr
                return name
        if isinstance(a.type, DenseArrayAttrConstraint) and a.type.element != "i1":
            # A dense array of integers: the default is the Python tuple of its values,
            # built from its IR form (`array<i64: 1, 2>`) once per module.
            values = _int_tuple(literal)
            if values is not None:
                items = ", ".join(str(v) for v in values)
                text = f"array<{a.type.element}: {items}>" if values else f"array<{a.type.element}>"
                expr = f'parse_attribute("{text}")'
                for name, existing in self.constants.items():
                    if existing == expr:
                        return name
                name = f"_DEFAULT_{len(self.constants)}"
                self.constants[name] = expr
                return name
        if kind.build_expr == "v":
            self.errors.append(
                SpecDiagnostic(
                    a.loc, f"cannot build a default value for attribute '{a.name}' of this kind"
                )
            )
            return "UnitAttr.get()"
        return kind.build_expr.replace("v)", f"{literal})").replace("(v", f"({literal}")

    def _own_attr_default(self, text: str) -> str | None:
        """`Class.get()` for a default written as one of the dialect's attributes
        without parameters (`#ub.poison`), else None."""
        prefix = f"#{self.dialect.name}."
        text = text.strip()
        if not text.startswith(prefix):
            return None
        mnemonic = text[len(prefix) :]
        for attr in self.dialect.attributes:
            if attr.mnemonic == mnemonic and not attr.parameters and attr.enum is None:
                return f"{class_name_from_def(attr.def_name)}.get()"
        return None

    def _count_checks(
        self, n: int, variadic: bool, values: str, what: str, kinds: list[str] | None = None
    ) -> list[Check]:
        if kinds is not None:
            required = sum(1 for k in kinds if k == "single")
        else:
            required = n - (1 if variadic else 0)
        count = f"len({values})"
        if variadic:
            if required == 0:
                return []
            if what == "successor":
                return [
                    Check(
                        f"{count} < {required}",
                        fstring(f"requires at least {required} successors but found ", (count,)),
                    )
                ]
            word = "or more " + what + "s"
            if what == "operand":
                return [
                    Check(
                        f"{count} < {required}",
                        fstring(f"expected {required} {word}, but found ", (count,)),
                    )
                ]
            return [Check(f"{count} < {required}", fstring(f"expected {required} {word}"))]
        if what == "successor":
            return [
                Check(
                    f"{count} != {n}",
                    fstring(f"requires {_plural(n, 'successor')} but found ", (count,)),
                )
            ]
        if n == 0:
            return [Check(f"{count} != 0", fstring(f"requires zero {what}s"))]
        if n == 1 and what == "operand":
            return [Check(f"{count} != 1", fstring("requires a single operand"))]
        if n == 1:
            return [Check(f"{count} != 1", fstring(f"requires one {what}"))]
        if what == "operand":
            return [
                Check(f"{count} != {n}", fstring(f"expected {n} operands, but found ", (count,)))
            ]
        return [Check(f"{count} != {n}", fstring(f"expected {n} {what}s"))]

    def _region_blocks(self) -> list[str]:
        """Create the blocks of regions whose constraint fixes a minimum count."""
        out = []
        for i, reg in enumerate(self.op.regions):
            c = reg.constraint
            if reg.variadic or c.kind not in ("sized", "min_sized") or c.blocks < 1:
                continue
            out.extend([f"self.regions[{i}].add_block(Block())"] * c.blocks)
        return out

    def _native_trait_checks(self, *, structural: bool) -> list[Check]:
        """Checks of the native traits that are (or are not) MLIR `StructuralOpTrait`s."""
        out = []
        for index, trait in enumerate(self.op.traits):
            if trait.name not in _NATIVE_TRAITS or (trait.name in _STRUCTURAL) != structural:
                continue
            if trait.name == "Symbol":
                # A symbol whose name is optional (`builtin.module`) may have none.
                sym = next((a for a in self.op.attributes if a.name == "sym_name"), None)
                optional = sym is not None and sym.is_optional
                call = f"self.verify_symbol(optional={optional})"
            else:
                call = f"{self.trait_exprs[index]}.verify(self)"
            out.append(Check(f"(problem := {call}) is not None", "problem"))
        return out

    def _segment_checks(self) -> list[Check]:
        out = []
        for trait, attr, values, groups in (
            ("AttrSizedOperandSegments", "operandSegmentSizes", "self._operands", self.op.operands),
            ("AttrSizedResultSegments", "resultSegmentSizes", "self.results", self.op.results),
        ):
            if not self.has(trait):
                continue
            what = "operand" if values == "self._operands" else "result"
            n = len(groups)
            # The sizes are a property: MLIR reads an absent one as all zeros, so the
            # count check reports it.
            out.append(
                Check(
                    f'(sizes := segment_sizes(self, "{attr}")) is not None and len(sizes) != {n}',
                    fstring(
                        f"'{attr}' attribute for specifying {what} segments must have {n} elements, but got ",
                        ("len(sizes)",),
                    ),
                )
            )
            out.append(
                Check(
                    f'sum(sizes := segment_sizes(self, "{attr}") or ()) != len({values})',
                    fstring(
                        f"{what} count (",
                        (f"len({values})",),
                        ") does not match with the total size (",
                        ("sum(sizes)",),
                        f") specified in attribute '{attr}'",
                    ),
                )
            )
        return out

    def _value_checks(
        self, groups: Sequence[OperandDef | ResultDef], layout: _GroupLayout, what: str
    ) -> list[Check]:
        out: list[Check] = []
        get = "self._operands[index].value" if what == "operand" else "self.results[index]"
        for i, g in enumerate(groups):
            if g.variadicity == "optional":
                out.append(
                    Check(
                        f"len(r := {layout.span(i)}) > 1",
                        fstring(
                            f"{what} group starting at #",
                            ("r.start",),
                            " requires 0 or 1 element, but found ",
                            ("len(r)",),
                        ),
                    )
                )
            fn = self.table.type_check(g.type)
            if fn is None:
                continue
            summary = g.type.summary(self.table.summaries)
            if g.variadicity in ("variadic", "variadic_of_variadic"):
                # ODS's `Variadic<T>` (and `VariadicOfVariadic<T>`) says so in its summary.
                summary = "variadic of " + summary
            if layout.mode == "fixed" or (layout.mode == "one" and g.variadicity == "single"):
                position = str(i) if layout.mode == "fixed" else layout.index(i)
                value = get.replace("index", position)
                # A group after the open one is counted from the end.
                number: tuple[str] | str = (
                    str(i)
                    if position.isdigit()
                    else (f"len({layout.values}) - {position.lstrip('-')}",)
                )
                out.append(
                    Check(
                        f"not {fn}({value}.type)",
                        fstring(
                            f"{what} #",
                            number,
                            f" must be {summary}, but got '",
                            (f"{value}.type",),
                            "'",
                        ),
                    )
                )
                continue
            over = layout.span(i)
            out.append(
                Check(
                    f"not {fn}({get}.type)",
                    fstring(
                        f"{what} #",
                        ("index",),
                        f" must be {summary}, but got '",
                        (f"{get}.type",),
                        "'",
                    ),
                    loop_var="index",
                    loop_over=over,
                )
            )
        return out

    def _entity_type(self, name: str) -> str | None:
        """An expression for the type of a named operand, result or typed attribute.

        A variadic group's types are a tuple, as `TypesMatchWith` compares them
        with a transform that yields a tuple (`$_self.inputs`).
        """
        for o in self.op.operands:
            if o.name == name:
                if o.variadicity == "single":
                    return f"self.{self.py[name]}.type"
                if o.variadicity == "variadic":
                    return f"tuple([v.type for v in self.{self.py[name]}])"
        for r in self.op.results:
            if r.name == name:
                if r.variadicity == "single":
                    return f"self.{self.py[name]}.type"
                if r.variadicity == "variadic":
                    return f"tuple([v.type for v in self.{self.py[name]}])"
        for a in self.op.attributes:
            if a.name == name:
                return f"typed_attr_type(self.{property_slot(a.name)})"
        return None

    def _pred_trait(self, trait: TraitRef) -> list[Check]:
        if trait.name in _PRED_TRAITS:
            names = (
                trait.args[0]
                if trait.args and isinstance(trait.args[0], tuple)
                else tuple(str(x) for x in trait.args)
            )
            how, words = _PRED_TRAITS[trait.name]
            exprs = [self._entity_type(str(n)) for n in names]
            if any(e is None for e in exprs):
                self.errors.append(
                    SpecDiagnostic(
                        trait.loc,
                        f"{trait.name} names a value that is not a single operand, result or attribute",
                    )
                )
                return []
            wrap = {
                "attr_type_or_type": "{0}",
                "element": "element_type_or_self({0})",
                "shape": "getattr({0}, 'shape', None)",
                "rank": "getattr({0}, 'rank', None)",
                "count": "getattr({0}, 'num_elements', None)",
            }[how]
            items = [wrap.format(e) for e in exprs]
            if len(items) < 2:
                # One name (a variadic group's values are not compared with each
                # other): MLIR's `all_equal` over one item holds.
                return []
            op_text = " is not " if how == "attr_type_or_type" else " != "
            cond = " or ".join(f"{items[0]}{op_text}{other}" for other in items[1:])
            return [
                Check(
                    cond,
                    fstring(
                        f"failed to verify that all of {{{', '.join(str(n) for n in names)}}} {words}"
                    ),
                )
            ]
        if trait.name == "TypesMatchWith":
            summary, lhs, rhs, transform = (str(x) for x in trait.args)
            lhs_t = self._entity_type(lhs)
            rhs_t = self._entity_type(rhs)
            if lhs_t is None or rhs_t is None:
                self.errors.append(
                    SpecDiagnostic(
                        trait.loc,
                        "TypesMatchWith names a value that is not a single operand, result or attribute",
                    )
                )
                return []
            transformed = "(" + transform.replace("$_self", lhs_t) + ")"
            cond = (
                f"{transformed} != {rhs_t}"
                if rhs_t.startswith("tuple(")
                else f"{transformed} is not {rhs_t}"
            )
            return [Check(cond, fstring(f"failed to verify that {summary}"))]
        if trait.name == "PredOpTrait":
            summary, pred = (str(x) for x in trait.args)
            if "$_op" in pred and _is_call(pred):
                # A function of the op may return the errors it emitted (an
                # `EmittedFailure`), reported ahead of the trait's own message.
                return [
                    Check(
                        f"not (emitted := {pred.replace('$_op', 'self').strip()})",
                        f"with_emitted(emitted, {fstring(f'failed to verify that {summary}')})",
                    )
                ]
            return [
                Check(
                    negated(pred.replace("$_op", "self")),
                    fstring(f"failed to verify that {summary}"),
                )
            ]
        return []

    def _op_name_of(self, ref: str, trait: TraitRef) -> str:
        ref = ref.removeprefix("::mlir::").split("::")[-1]
        for other in self.dialect.ops:
            if ref in (other.def_name, class_name_from_def(other.def_name)):
                return f"{self.dialect.name}.{other.mnemonic}"
        if "." in ref:
            return ref
        known = {"ModuleOp": "builtin.module", "FuncOp": "func.func"}
        if ref in known:
            return known[ref]
        self.errors.append(
            SpecDiagnostic(
                trait.loc,
                f"{trait.name}: unknown op '{ref}'",
                hint="name an op of this dialect by its def name, or give the op name ('func.func')",
            )
        )
        return ref

    # -- builder ----------------------------------------------------------------------------

    def _builder(
        self, prop_names: list[str]
    ) -> tuple[list[Param], list[Param], list[str], str, str, list[tuple[str, str]], str, str]:
        op = self.op
        positional: list[Param] = []
        keywords: list[Param] = []
        body: list[str] = []
        # Operands: optional ones get a default only when everything after them can.
        trailing_ok = True
        params_rev: list[Param] = []
        for o in reversed(op.operands):
            py = self.py[o.name]
            if o.variadicity == "single":
                params_rev.append(Param(py, "Value"))
                trailing_ok = False
            elif o.variadicity == "optional":
                params_rev.append(Param(py, "Value | None", "None" if trailing_ok else None))
            elif o.variadicity == "variadic_of_variadic":
                params_rev.append(
                    Param(py, "Sequence[Sequence[Value]]", "()" if trailing_ok else None)
                )
            else:
                params_rev.append(Param(py, "Sequence[Value]", "()" if trailing_ok else None))
        positional = list(reversed(params_rev))
        # Each argument is checked (an `isinstance` test) before it is used, so a
        # wrong one is reported naming its parameter, not as a failure further on.
        name = self.op_name

        def check(what: str, expected: str, value: str) -> str:
            return f'raise argument_error("{name}", "{what}", {expected}, {value})'

        def checked(what: str, expected: str, value: str) -> str:
            return f'checked_sequence("{name}", "{what}", {value}, {expected})'

        for o in op.operands:
            py = self.py[o.name]
            if o.variadicity == "single":
                body.append(f"if not isinstance({py}, Value):")
                body.append(f"    {check(f'operand {py!r}', 'Value', py)}")
            elif o.variadicity == "optional":
                body.append(f"if {py} is not None and not isinstance({py}, Value):")
                body.append(f"    {check(f'operand {py!r}', 'Value', py)}")
        body.append("operands: list[Value] = []")
        for o in op.operands:
            py = self.py[o.name]
            if o.variadicity == "single":
                body.append(f"operands.append({py})")
            elif o.variadicity == "optional":
                body.append(f"if {py} is not None:")
                body.append(f"    operands.append({py})")
            elif o.variadicity == "variadic_of_variadic":
                body.append(f"for group in {py}:")
                body.append(f"    operands.extend({checked(f'operand {py!r}', 'Value', 'group')})")
            else:
                body.append(f"operands.extend({checked(f'operand {py!r}', 'Value', py)})")
        # Attributes.
        props: list[tuple[str, str]] = []
        optional_kw: list[Param] = []
        # Sub-range sizes of `VariadicOfVariadic` groups are computed from the groups.
        computed = {o.segment_attr for o in op.operands if o.segment_attr is not None}
        for a in op.attributes:
            if a.derived is not None or a.name in computed:
                continue
            kind = attr_kind(a.type, self.table.refs)
            py = self.py[a.name]
            var = f"{py}_a"
            if kind.storage == "UnitAttr":
                optional_kw.append(Param(py, "bool | Attribute", "False"))
                body.append(
                    f"{var}: Attribute | None = {py} if isinstance({py}, Attribute) else (UnitAttr.get() if {py} else None)"
                )
                props.append((a.name, var))
                continue
            ann = (
                kind.param_type
                if kind.param_type == kind.storage
                else f"{kind.param_type} | Attribute"
            )
            if kind.build_expr == "v":
                ann = "Attribute"
            convert = (
                py
                if kind.build_expr == "v"
                else f"{py} if isinstance({py}, Attribute) else {kind.build_expr.replace('(v', f'({py}').replace('v)', f'{py})').replace(', v,', f', {py},')}"
            )
            if a.is_optional or a.default is not None:
                optional_kw.append(Param(py, f"{ann} | None", "None"))
                fallback = (
                    self._default_expr(a, kind)
                    if a.default is not None and not a.optional
                    else "None"
                )
                if kind.build_expr == "v":
                    body.append(f"if {py} is not None and not isinstance({py}, Attribute):")
                    body.append(f"    {check(f'attribute {py!r}', 'Attribute', py)}")
                body.append(
                    f"{var}: Attribute | None = {fallback} if {py} is None else ({convert})"
                )
            else:
                keywords.append(Param(py, ann))
                if kind.build_expr == "v":
                    body.append(f"if not isinstance({py}, Attribute):")
                    body.append(f"    {check(f'attribute {py!r}', 'Attribute', py)}")
                body.append(f"{var}: Attribute = {convert}")
            props.append((a.name, var))
        if self.has("AttrSizedOperandSegments"):
            sizes = []
            for o in op.operands:
                py = self.py[o.name]
                sizes.append(
                    {"single": "1", "optional": f"0 if {py} is None else 1"}.get(
                        o.variadicity, f"len({py})"
                    )
                )
            props.append(
                (
                    "operandSegmentSizes",
                    f"DenseArrayAttr.get(IntegerType.get(32), {tuple_display(sizes)})",
                )
            )
        for o in op.operands:
            if o.variadicity == "variadic_of_variadic" and o.segment_attr is not None:
                py = self.py[o.name]
                props.append(
                    (
                        o.segment_attr,
                        f"DenseArrayAttr.get(IntegerType.get(32), tuple([len(g) for g in {py}]))",
                    )
                )
        # Result types. An op inferring them (`InferTypeOpInterface`) takes them all or
        # none: given none, its `infer_return_types` computes them.
        infer = self.infers_types and bool(op.results) and not self.has("AttrSizedResultSegments")
        result_parts: list[str] = []
        result_body: list[str] = []
        omitted: list[str] = []
        for r in op.results:
            py = self.py[r.name]
            if r.variadicity == "variadic":
                rts = f"{self.base[r.name]}_types"
                if infer:
                    optional_kw.append(Param(rts, "Sequence[Type] | None", "None"))
                    omitted.append(rts)
                    result_body.append(f"if {rts} is None:")
                    result_body.append(
                        f"    raise TypeError(\"'{name}' {rts} must be given with the other "
                        'result types")'
                    )
                else:
                    keywords.append(Param(rts, "Sequence[Type]"))
                result_parts.append(f"*{checked(rts, 'Type', rts)}")
                continue
            rt = f"{self.base[r.name]}_type"
            if r.variadicity == "optional":
                optional_kw.append(Param(rt, "Type | None", "None"))
                if infer:
                    omitted.append(rt)
                result_body.append(f"if {rt} is not None and not isinstance({rt}, Type):")
                result_body.append(f"    {check(rt, 'Type', rt)}")
                result_parts.append(f"*([] if {rt} is None else [{rt}])")
                continue
            inferred = self._infer_result(r.name, r.type)
            if inferred is None and not infer and self._reference_infers(r.type):
                # Omitted, the type comes from the reference, run on the operands'
                # types once the op exists (`generator.ir.shapes`).
                optional_kw.append(Param(rt, "Type | None", "None"))
                result_body.append(f"if {rt} is not None and not isinstance({rt}, Type):")
                result_body.append(f"    {check(rt, 'Type', rt)}")
                result_parts.append(f"RESULT_PLACEHOLDER if {rt} is None else {rt}")
                self.reference_tail.append(f"if {rt} is None:")
                self.reference_tail.append(
                    f"    infer_result_types(self, ({op.results.index(r)},))"
                )
                continue
            if inferred is None:
                if infer:
                    optional_kw.append(Param(rt, "Type | None", "None"))
                    omitted.append(rt)
                else:
                    keywords.append(Param(rt, "Type"))
                result_body.append(f"if not isinstance({rt}, Type):")
                result_body.append(f"    {check(rt, 'Type', rt)}")
            else:
                optional_kw.append(Param(rt, "Type | None", "None"))
                if infer:
                    omitted.append(rt)
                result_body.append(f"if {rt} is None:")
                result_body.append(f"    {rt} = {inferred}")
                result_body.append(f"elif not isinstance({rt}, Type):")
                result_body.append(f"    {check(rt, 'Type', rt)}")
            result_parts.append(rt)
        results_expr = "(" + ", ".join(result_parts) + ("," if len(result_parts) == 1 else "") + ")"
        if infer:
            attributes = "{" + ", ".join(f'"{n}": {e}' for n, e in props) + "}"
            body.append(f"if {' and '.join(f'{n} is None' for n in omitted)}:")
            body.append(f"    results = type(self).build_result_types(operands, {attributes})")
            body.append("else:")
            body.extend("    " + line for line in result_body)
            body.append(f"    results = [{', '.join(result_parts)}]")
            results_expr = "results"
        else:
            body.extend(result_body)
        if self.has("AttrSizedResultSegments"):
            sizes = []
            for r in op.results:
                py = self.py[r.name]
                b = self.base[r.name]
                sizes.append(
                    {"single": "1", "optional": f"0 if {b}_type is None else 1"}.get(
                        r.variadicity, f"len({b}_types)"
                    )
                )
            props.append(
                (
                    "resultSegmentSizes",
                    f"DenseArrayAttr.get(IntegerType.get(32), {tuple_display(sizes)})",
                )
            )
        # Successors and regions.
        succ_parts = []
        for s in op.successors:
            py = self.py[s.name]
            if s.variadic:
                keywords.append(Param(py, "Sequence[Block]"))
                succ_parts.append(f"*{checked(f'successor {py!r}', 'Block', py)}")
            else:
                keywords.append(Param(py, "Block"))
                body.append(f"if not isinstance({py}, Block):")
                body.append(f"    {check(f'successor {py!r}', 'Block', py)}")
                succ_parts.append(py)
        fixed_regions = sum(1 for r in op.regions if not r.variadic)
        num_regions = str(fixed_regions)
        for reg in op.regions:
            if reg.variadic:
                py = self.py[reg.name]
                optional_kw.append(Param(f"num_{py}", "int", "0"))
                num_regions = f"{fixed_regions} + num_{py}"
        keywords.extend(optional_kw)
        succ_expr = "(" + ", ".join(succ_parts) + ("," if len(succ_parts) == 1 else "") + ")"
        return (
            positional,
            keywords,
            body,
            "operands",
            results_expr,
            props,
            succ_expr,
            num_regions,
        )

    def _reference_infers(self, constraint: TypeConstraint) -> bool:
        """Whether a builder infers a result of `constraint` from the op's reference
        when its type is omitted: the op has one, every result is a single value,
        and the constraint allows tensors only. (A reference that needs a result's
        type, as `tensor.empty`'s does, makes the builder raise when it is omitted.)"""
        op = self.op
        if op.reference is None or any(r.variadicity != "single" for r in op.results):
            return False
        # A cast's result type is its point.
        if self.has("CastOpInterface"):
            return False
        summary = constraint.summary(self.table.summaries)
        return "tensor" in summary and "vector" not in summary and "memref" not in summary

    def _infer_result(self, name: str, constraint: TypeConstraint) -> str | None:
        """The expression a builder computes result `name`'s type with when it is not
        given: from the operands and attributes by the traits (`infer_types`), else
        the one type the constraint allows."""
        link = infer_types(self.op, self._builder_type_of).get(name)
        if link is None:
            return buildable_type(constraint)
        if link.transform is not None:
            return "(" + link.transform.replace("$_self", link.source) + ")"
        return link.source

    def _builder_type_of(self, name: str) -> str | None:
        for o in self.op.operands:
            if o.name == name and o.variadicity == "single":
                return f"{self.py[name]}.type"
        for a in self.op.attributes:
            if a.name == name and a.derived is None:
                return f"attr_type({self.py[name]}_a)"
        return None


def _int_tuple(text: str) -> tuple[int, ...] | None:
    """A default written as a Python tuple of integers (`(1, 2)`), else None."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    if isinstance(value, tuple) and all(type(v) is int for v in value):
        return value
    return None


def _enum_member(value: str) -> str:
    """The enum member a default names: `none`, `"none"` or `Enum::none` -> `none`."""
    return enum_member_name(value.strip('"').split("::")[-1])


def imported_modules(dialect: DialectDef, roots: Mapping[str, str]) -> list[HelperImport]:
    """The modules of other dialects' packages that hold the enums and attributes the
    dialect imports (`DialectDef.imports`), with the class names; `roots` gives the
    package each such dialect is generated into, by dialect name."""
    out: list[HelperImport] = []
    for imported in dialect.imports:
        base = f"{roots.get(imported.dialect, 'generated')}.{imported.python_package}"
        enums = {e.def_name: e for e in imported.enums}
        if imported.enums:
            names = sorted(class_name_from_def(name) for name in enums)
            out.append(HelperImport(f"{base}.enums", names))
        if imported.attributes:
            names = sorted(class_name_from_def(a.def_name) for a in imported.attributes)
            out.append(HelperImport(f"{base}.attrs", names))
    return out


def ops_module_view(
    dialect: DialectDef,
    source: str,
    refs: dict[str, RefInfo],
    imports: dict[str, list[str]],
    import_roots: Mapping[str, str] | None = None,
) -> OpsModuleView:
    """The view of `generated/<dialect>/ops.py`; raises `SpecValidationError` on problems.

    `import_roots` gives the package each dialect whose enums or attributes the
    dialect imports is generated into (by default `generated`)."""
    table = ConstraintTable(refs=refs, summaries=dialect.def_summaries())
    views: list[OpView] = []
    errors: list[SpecDiagnostic] = []
    constants: dict[str, str] = {}
    for op in sorted(dialect.ops, key=lambda o: o.mnemonic):
        maker = _OpMaker(dialect, op, table)
        maker.source = source
        maker.constants = constants
        views.append(maker.make())
        errors.extend(maker.errors)
    if errors:
        raise SpecValidationError(errors)
    interfaces = interface_views(dialect, "op", source)
    summary = dialect.summary or f"The {dialect.name} dialect."
    return OpsModuleView(
        dialect=dialect.python_package,
        source=source,
        doc=doc_text(f"Op classes of the `{dialect.name}` dialect: {summary}"),
        enum_imports=imports.get("enums", []),
        attr_imports=imports.get("attrs", []),
        type_imports=imports.get("types", []),
        functions=table.functions,
        ops=views,
        constants=sorted(constants.items()),
        extra_code=code_lines(dialect.extra_code.text) if dialect.extra_code is not None else [],
        all_names=sorted([v.class_name for v in views] + [i.class_name for i in interfaces]),
        ir_names=sorted(ir.__all__),
        helper_imports=dialect_helper_imports() + imported_modules(dialect, import_roots or {}),
        interfaces=interfaces,
    )
