"""The op-definition model: a dialect spec as immutable, located pydantic objects.

The classes mirror MLIR's ODS so that an MLIR user recognizes every field: a
`DialectDef` holds `OpDef`s (operands, attributes, results, regions, successors,
traits, assembly format, builders, verifier and folding hooks), dialect `TypeDef`s
and `AttrDef`s, `EnumDef`s and rewrite `PatternDef`s. Both front ends (YAML and
TableGen records) produce this model; the generator consumes it after
`validate.py` has checked it. Every node carries the `loc` where it was written.

Field names are the YAML keys; `def_name` is spelled `def` in YAML, as the record
name is in TableGen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field, WithJsonSchema

from generator.spec.constraints import (
    AttrConstraint,
    SpecNode,
    TypeConstraint,
    Variadicity,
)

__all__ = [
    "AttrDef",
    "AttributeDef",
    "BuilderDef",
    "BuilderParam",
    "DagArgDef",
    "DagLeaf",
    "DagNodeDef",
    "DialectDef",
    "EnumCaseDef",
    "EnumDef",
    "OpDef",
    "OperandDef",
    "ParameterDef",
    "PatternDef",
    "RegionConstraint",
    "RegionDef",
    "ResultDef",
    "SourceText",
    "SuccessorDef",
    "TraitRef",
    "TypeDef",
]


class SourceText(SpecNode):
    """A piece of text with its position: hand-written Python, or an assembly format."""

    text: str


def _string_schema(description: str) -> WithJsonSchema:
    return WithJsonSchema({"type": "string", "description": description})


#: Text fields are plain strings in YAML; the front end wraps them with their position.
Code = Annotated[SourceText, _string_schema("Python code (a YAML block scalar)")]
FormatText = Annotated[SourceText, _string_schema("a declarative assembly format")]
TypeConstraintText = Annotated[
    TypeConstraint,
    _string_schema("an ODS type constraint, e.g. `I32`, `TensorOf<[F32]>`, `Variadic<AnyType>`"),
]
AttrConstraintText = Annotated[
    AttrConstraint,
    _string_schema("an ODS attribute constraint, e.g. `I64Attr`, `OptionalAttr<StrAttr>`"),
]


class OperandDef(SpecNode):
    """One operand group: `$name`, its type constraint and variadicity."""

    name: str
    type: TypeConstraintText
    variadicity: Variadicity = "single"
    segment_attr: str | None = None
    """For `VariadicOfVariadic<T, "attr">`: the attribute holding the sub-range sizes."""
    description: str = ""


class ResultDef(SpecNode):
    """One result group: `$name`, its type constraint and variadicity."""

    name: str
    type: TypeConstraintText
    variadicity: Variadicity = "single"
    segment_attr: str | None = None
    description: str = ""


class AttributeDef(SpecNode):
    """An inherent attribute; optional, default-valued, or derived (computed, never stored)."""

    name: str
    type: AttrConstraintText
    optional: bool = False
    default: str | int | float | bool | None = None
    """The default value, written as the attribute's Python value or MLIR text."""
    derived: Code | None = None
    """For a derived attribute: the Python expression computing it from `self`."""
    description: str = ""

    @property
    def is_optional(self) -> bool:
        """Whether the attribute may be absent; a `UnitAttr` always may, as in ODS."""
        return self.optional or self.type.name == "UnitAttr"


class RegionConstraint(SpecNode):
    """`AnyRegion`, `SizedRegion<n>`, `MinSizedRegion<n>`, `MaxSizedRegion<n>`."""

    kind: Literal["any", "sized", "min_sized", "max_sized"] = "any"
    blocks: int = 0

    def summary(self) -> str:
        """MLIR's summary text, e.g. "region with 1 blocks"."""
        if self.kind == "sized":
            return f"region with {self.blocks} blocks"
        if self.kind == "min_sized":
            return f"region with at least {self.blocks} blocks"
        if self.kind == "max_sized":
            return f"region with at most {self.blocks} blocks"
        return "any region"


class RegionDef(SpecNode):
    """One region (or, when `variadic`, a trailing list of regions)."""

    name: str
    constraint: Annotated[
        RegionConstraint,
        _string_schema("`AnyRegion`, `SizedRegion<n>`, ..., or `VariadicRegion<...>`"),
    ] = Field(default_factory=RegionConstraint)
    variadic: bool = False
    description: str = ""


class SuccessorDef(SpecNode):
    """One successor (or, when `variadic`, a trailing list of successors)."""

    name: str
    variadic: bool = False
    description: str = ""


TraitArg = str | int | tuple[str, ...]


class TraitRef(SpecNode):
    """A trait by its ODS name with arguments: `AllTypesMatch<["lhs", "result"]>`."""

    name: str
    args: tuple[TraitArg, ...] = ()

    def spelling(self) -> str:
        """The trait as ODS writes it."""
        if not self.args:
            return self.name

        def one(arg: TraitArg) -> str:
            if isinstance(arg, tuple):
                return "[" + ", ".join(f'"{a}"' for a in arg) + "]"
            return f'"{arg}"' if isinstance(arg, str) else str(arg)

        return f"{self.name}<{', '.join(one(a) for a in self.args)}>"


class BuilderParam(SpecNode):
    """One parameter of a custom builder: a Python name, annotation and optional default."""

    name: str
    type: str = ""
    default: str | None = None


class BuilderDef(SpecNode):
    """A custom builder (ODS `OpBuilder`): parameters and a Python body."""

    params: tuple[BuilderParam, ...] = ()
    body: Code
    description: str = ""


class OpDef(SpecNode):
    """One operation, as an ODS `Op` def describes it."""

    def_name: str = Field(alias="def")
    """The def name (`TF_AddOp`); the Python class name drops the prefix."""
    mnemonic: str
    summary: str = ""
    description: str = ""
    traits: tuple[TraitRef, ...] = ()
    operands: tuple[OperandDef, ...] = ()
    attributes: tuple[AttributeDef, ...] = ()
    results: tuple[ResultDef, ...] = ()
    regions: tuple[RegionDef, ...] = ()
    successors: tuple[SuccessorDef, ...] = ()
    assembly_format: FormatText | None = None
    builders: tuple[BuilderDef, ...] = ()
    skip_default_builders: bool = False
    verifier: Code | None = None
    """A custom verifier body (ODS `hasVerifier`), run after the generated checks."""
    has_folder: bool = False
    fold: Code | None = None
    has_canonicalizer: bool = False
    canonicalize: Code | None = None
    extra_code: Code | None = None
    """Methods pasted into the op class (ODS `extraClassDeclaration`)."""

    def trait(self, name: str) -> TraitRef | None:
        """The first trait of that name, if the op has it."""
        return next((t for t in self.traits if t.name == name), None)


class ParameterDef(SpecNode):
    """A parameter of a dialect type or attribute: a name and its Python type."""

    name: str
    type: str
    description: str = ""
    default: str | None = None


class TypeDef(SpecNode):
    """A dialect type (ODS `TypeDef`), printed `!dialect.mnemonic<params>`."""

    def_name: str = Field(alias="def")
    mnemonic: str
    summary: str = ""
    description: str = ""
    parameters: tuple[ParameterDef, ...] = ()
    assembly_format: FormatText | None = None


class AttrDef(SpecNode):
    """A dialect attribute (ODS `AttrDef`), printed `#dialect.mnemonic<params>`."""

    def_name: str = Field(alias="def")
    mnemonic: str
    summary: str = ""
    description: str = ""
    parameters: tuple[ParameterDef, ...] = ()
    assembly_format: FormatText | None = None


class EnumCaseDef(SpecNode):
    """One enum case: the Python symbol, its integer value, and its textual form."""

    symbol: str
    value: int | None = None
    string: str | None = None
    """How the case is spelled in IR; the symbol when not given."""

    @property
    def text(self) -> str:
        """The spelling of the case in IR."""
        return self.string if self.string is not None else self.symbol


class EnumDef(SpecNode):
    """An enum attribute: `i32`/`i64` cases (`I32EnumAttr`) or `string` cases (`StrEnumAttr`)."""

    def_name: str = Field(alias="def")
    summary: str = ""
    description: str = ""
    kind: Literal["i32", "i64", "string"] = "i32"
    cases: tuple[EnumCaseDef, ...]


class DagLeaf(SpecNode):
    """A leaf of a pattern DAG: a constraint or native-code name, or a literal."""

    kind: Literal["name", "int", "str"]
    value: str | int


class DagArgDef(SpecNode):
    """One argument of a DAG node: a value (nested DAG or leaf), a `$binding`, or both."""

    value: DagNodeDef | DagLeaf | None = None
    bind: str | None = None


class DagNodeDef(SpecNode):
    """`(Operator:$bind args...)` in a pattern."""

    operator: str
    bind: str | None = None
    args: tuple[DagArgDef, ...] = ()


DagText = Annotated[DagNodeDef, _string_schema("a DAG such as `(Demo_AddOp $x, $y)`")]


class PatternDef(SpecNode):
    """A DAG rewrite (ODS `Pat`/`Pattern`): source, results, constraints, added benefit."""

    name: str | None = None
    source: DagText
    results: tuple[DagText, ...]
    constraints: tuple[DagText, ...] = ()
    benefit: int = 0
    """Added to the default benefit (the number of ops matched), like `addBenefit`."""


DagArgDef.model_rebuild()


class DialectDef(SpecNode):
    """A whole dialect spec file."""

    name: str
    """The dialect namespace, the prefix of op names (`arith` in `arith.addi`)."""
    package: str | None = None
    """The Python package to generate; the dialect name when not given."""
    summary: str = ""
    description: str = ""
    ops: tuple[OpDef, ...] = ()
    types: tuple[TypeDef, ...] = ()
    attributes: tuple[AttrDef, ...] = ()
    enums: tuple[EnumDef, ...] = ()
    patterns: tuple[PatternDef, ...] = ()

    @property
    def python_package(self) -> str:
        """The package name of the generated Python code."""
        return self.package if self.package is not None else self.name

    def op(self, def_name: str) -> OpDef:
        """The op with that def name; `KeyError` when there is none."""
        for op in self.ops:
            if op.def_name == def_name:
                return op
        raise KeyError(def_name)

    def def_summaries(self) -> dict[str, str]:
        """Def name -> summary for the dialect's types, attributes and enums.

        Constraint summaries take this to resolve references to the dialect's own defs.
        """
        out: dict[str, str] = {}
        for item in self.named_defs():
            out[item.def_name] = item.summary or item.def_name
        return out

    def named_defs(self) -> Iterator[TypeDef | AttrDef | EnumDef]:
        """The dialect's types, attributes and enums, in spec order."""
        yield from self.types
        yield from self.attributes
        yield from self.enums
