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
    "DECLARE_INTERFACE_TRAITS",
    "ENUM_WIDTHS",
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
    "EnumKind",
    "ImportDef",
    "InterfaceDef",
    "InterfaceKind",
    "InterfaceMethodDef",
    "MethodArgDef",
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
    """One operand group: `$name`, its type constraint and variadicity.

    The name is empty for an unnamed operand, which ODS allows (`Variadic<AnyType>`
    without `:$name`); the generator names it by its position.
    """

    name: str = ""
    type: TypeConstraintText
    variadicity: Variadicity = "single"
    segment_attr: str | None = None
    """For `VariadicOfVariadic<T, "attr">`: the attribute holding the sub-range sizes."""
    description: str = ""


class ResultDef(SpecNode):
    """One result group: `$name`, its type constraint and variadicity.

    The name is empty for an unnamed result, as `func.call` has in MLIR.
    """

    name: str = ""
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
    """The default value, written as the attribute's Python value or MLIR text.

    For an enum, or a dialect attribute wrapping one, it is the IR spelling of the
    case (`none`, as in `#arith.fastmath<none>`); for a bit enum it may join
    several cases with the enum's separator (`nnan,ninf`).
    """
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

#: The traits that implement an interface and name the methods they override
#: (`DeclareOpInterfaceMethods<Iface, ["method"]>`): the first argument is the
#: interface's def name, the optional second the ODS names of the methods.
DECLARE_INTERFACE_TRAITS: dict[str, str] = {
    "DeclareOpInterfaceMethods": "op",
    "DeclareTypeInterfaceMethods": "type",
    "DeclareAttrInterfaceMethods": "attr",
}


class TraitRef(SpecNode):
    """A trait by its ODS name with arguments: `AllTypesMatch<["lhs", "result"]>`."""

    name: str
    args: tuple[TraitArg, ...] = ()

    def spelling(self) -> str:
        """The trait as ODS writes it.

        `PredOpTrait`'s predicate is spelled `CPred<"...">`, as ODS takes it, and
        the interface of `DeclareOpInterfaceMethods` by its def name.
        """
        if not self.args:
            return self.name

        def one(arg: TraitArg) -> str:
            if isinstance(arg, tuple):
                return "[" + ", ".join(_quoted(a) for a in arg) + "]"
            return _quoted(arg) if isinstance(arg, str) else str(arg)

        args = [one(a) for a in self.args]
        if self.name == "PredOpTrait" and len(args) == 2:
            args[1] = f"CPred<{args[1]}>"
        if self.name in DECLARE_INTERFACE_TRAITS and isinstance(self.args[0], str):
            args[0] = self.args[0]
        return f"{self.name}<{', '.join(args)}>"


def _quoted(text: str) -> str:
    """A double-quoted ODS string; both front ends read `\\"` and `\\\\`."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class BuilderParam(SpecNode):
    """One parameter of a custom builder: a Python name, annotation and optional default."""

    name: str
    type: str = ""
    default: str | None = None


class BuilderDef(SpecNode):
    """A custom builder (ODS `OpBuilder`): parameters and a Python body."""

    params: tuple[BuilderParam, ...] = ()
    body: Code | None = None
    """The Python body of the `build` classmethod; required (an error when missing)."""
    description: str = ""


class MethodArgDef(SpecNode):
    """One argument of an interface method: an ODS name, a Python annotation and an
    optional default (Python source)."""

    name: str
    type: str = ""
    """A Python type expression; empty means `object`."""
    default: str | None = None


class InterfaceMethodDef(SpecNode):
    """A method of an interface (ODS `InterfaceMethod` or `StaticInterfaceMethod`).

    The Python method is named by the snake_case of `name` (`inferShapes` ->
    `infer_shapes`). `return_type` and the argument types are Python annotations;
    an empty one, or `void`, is `None`. `body` is the interface's own
    implementation (ODS `methodBody`), which no implementing op replaces;
    `default` (ODS `defaultImplementation`) is one an op may override. With
    neither, every op (or type, or attribute) implementing the interface defines
    the method itself. In both bodies `$_op`, `$_type`, `$_attr` and `$_self`
    stand for `self`, and for `cls` in a static method.
    """

    name: str
    description: str = ""
    return_type: str = ""
    args: tuple[MethodArgDef, ...] = ()
    static: bool = False
    """A static method (ODS `StaticInterfaceMethod`): a classmethod in Python."""
    body: Code | None = None
    default: Code | None = None


InterfaceKind = Literal["op", "type", "attr"]


class InterfaceDef(SpecNode):
    """An interface (ODS `OpInterface`, `TypeInterface` or `AttrInterface`).

    Ops, types or attributes (by `kind`) implement it by listing it among their
    traits, or as `DeclareOpInterfaceMethods<Iface, ["method", ...]>` (and the type
    and attribute forms), which also names the default methods they override. The
    generated Python class is named `name` (ODS's `cppInterfaceName`, the argument
    of `OpInterface<"Name">`), or the def name when `name` is empty; every class
    implementing the interface derives from it, so that
    `isinstance(op, ShapeInference)` tells whether an op implements it.
    """

    def_name: str = Field(alias="def")
    """The def name that traits refer to (`ShapeInferenceOpInterface`)."""
    name: str = ""
    kind: InterfaceKind = "op"
    description: str = ""
    bases: tuple[str, ...] = ()
    """The def names of the interfaces this one derives from (ODS `baseInterfaces`)."""
    methods: tuple[InterfaceMethodDef, ...] = ()
    extra_code: Code | None = None
    """Methods pasted into the interface's class (ODS `extraClassDeclaration` and
    `extraSharedClassDeclaration`)."""
    verifier: Code | None = None
    """A check of every op implementing the interface (ODS `verify`): the body of a
    method returning an error message or None, run after the op's own checks of its
    operands, attributes and results (with `verify_with_regions`, after the ops in
    its regions verify)."""
    verify_with_regions: bool = False

    @property
    def class_name(self) -> str:
        """The name of the generated Python class."""
        return self.name or self.def_name


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
    argument_order: tuple[str, ...] = ()
    """The names of the operands and stored attributes in ODS `ins` order, when
    that is not all operands then all attributes (`arith.cmpi` lists its
    predicate first). Pattern DAGs give an op's arguments in this order."""
    results: tuple[ResultDef, ...] = ()
    regions: tuple[RegionDef, ...] = ()
    successors: tuple[SuccessorDef, ...] = ()
    assembly_format: FormatText | None = None
    builders: tuple[BuilderDef, ...] = ()
    skip_default_builders: bool = False
    has_verifier: bool = False
    """ODS `hasVerifier`: the op has a custom verifier, so `verifier` must be given."""
    verifier: Code | None = None
    """A custom verifier (ODS `hasVerifier`), run after the generated checks.

    The text is the body of `def verify_custom(self) -> str | None` of the op class:
    it returns MLIR's error message without the `'dialect.op' op ` prefix, or None.
    It may use the public names of `generator.ir` and the dialect's op classes.
    """
    has_region_verifier: bool = False
    """ODS `hasRegionVerifier`: `region_verifier` must be given."""
    region_verifier: Code | None = None
    """Checks that need the verified contents of the regions (ODS
    `hasRegionVerifier`): the body of `def verify_regions(self) -> str | None`, run
    after the ops nested in the op's regions verify, returning a message as `verifier`
    does."""
    has_folder: bool = False
    """ODS `hasFolder`: `fold` must be given."""
    fold: Code | None = None
    """The body of `def fold(self) -> FoldResult` (ODS `hasFolder`)."""
    reference: Code | None = None
    """The op's reference implementation: the body of `def reference(self, <operands>)`,
    which returns the results' run-time values (one value, a tuple for several results,
    None for none) from the operands' (parameters named as the operands' accessors,
    a tuple for a variadic group). The attributes the body names (by their accessor
    names) are bound to their accessors' values. `odsgen run` executes an op by
    calling it; `generator.ir.semantics` has the numeric semantics it is written in."""
    has_canonicalizer: bool = False
    """ODS `hasCanonicalizer`: the op has canonicalization patterns, a `canonicalize`
    body or patterns of the set `canonicalize` rooted at the op."""
    has_canonicalize_method: bool = False
    """ODS `hasCanonicalizeMethod`: `canonicalize` must be given."""
    canonicalize: Code | None = None
    """The body of `def canonicalize(op, rewriter) -> bool`, a canonicalization
    pattern written in Python that returns whether it changed the IR."""
    extra_code: Code | None = None
    """Methods pasted into the op class (ODS `extraClassDeclaration`)."""
    has_custom_assembly_format: bool = False
    """ODS `hasCustomAssemblyFormat`: `parser` and `printer` must be given."""
    parser: Code | None = None
    """A hand-written custom form (ODS `hasCustomAssemblyFormat`): the body of
    `def parse(cls, p: AsmParser, name_pos: SourcePos) -> Operation`, which reads what
    follows the op name with the custom-form API and returns `p.create_op(...)`."""
    printer: Code | None = None
    """The body of `def print(self, p: AsmPrinter) -> bool | None`, which writes what
    follows the op name (with `p.write`); given together with `parser`. Returning False
    prints the op in the generic form instead."""
    asm_result_names: Code | None = None
    """The body of `def asm_result_names(self) -> Sequence[tuple[int, str]]`: names
    the custom printer suggests for results (MLIR's `getAsmResultNames`)."""
    default_dialect: str = ""
    """The dialect whose prefix op names may leave out inside this op's regions
    (MLIR's `OpAsmOpInterface::getDefaultDialect`)."""

    def trait(self, name: str) -> TraitRef | None:
        """The first trait of that name, if the op has it."""
        return next((t for t in self.traits if t.name == name), None)


class ParameterDef(SpecNode):
    """A parameter of a dialect type or attribute (ODS `AttrOrTypeParameter`).

    `type` is spelled as in ODS, a C++ type (`int64_t`, `::llvm::StringRef`,
    `::llvm::ArrayRef<int64_t>`, `StringAttr`, `::mlir::Type`, a class of the
    dialect's types, attributes or enums), or as the Python annotation of the value
    (`int`, `tuple[Type, ...]`); `generator.spec.params` says what each holds and
    how an assembly format reads and writes it.
    """

    name: str
    type: str
    description: str = ""
    default: str | None = None
    """A Python expression the parameter defaults to (ODS `DefaultValuedParameter`):
    a format may leave the parameter out, and it is not printed at its default."""
    optional: bool = False
    """An `OptionalParameter`: its default is the empty value of its type (None for
    a type or attribute, 0, "" or an empty tuple)."""


class TypeDef(SpecNode):
    """A dialect type (ODS `TypeDef`), printed `!dialect.mnemonic<params>`."""

    def_name: str = Field(alias="def")
    mnemonic: str
    summary: str = ""
    description: str = ""
    parameters: tuple[ParameterDef, ...] = ()
    traits: tuple[TraitRef, ...] = ()
    """The type interfaces the type implements (`MyTypeInterface`,
    `DeclareTypeInterfaceMethods<MyTypeInterface>`)."""
    assembly_format: FormatText | None = None
    """The declarative syntax of the parameters after the mnemonic (ODS
    `assemblyFormat`): `$param`, literals, `params`, `struct(...)`, optional groups,
    `qualified(...)` and `custom<Name>(...)`."""
    has_custom_assembly_format: bool = False
    """ODS `hasCustomAssemblyFormat`: `parser` and `printer` must be given."""
    parser: Code | None = None
    """For a type with parameters (ODS `hasCustomAssemblyFormat`): the body of
    `def parse(cls, p: AsmParser) -> Type`, which reads what follows the mnemonic with
    the parser's API and returns `cls.get(...)`."""
    printer: Code | None = None
    """The body of `def print_params(self) -> str`, the text after the mnemonic."""
    verifier: Code | None = None
    """The parameters' invariants (ODS `genVerifyDecl`): the body of `def verify(cls,
    <parameters>) -> str | None`, returning an error message or None; `get` and the
    parser call it."""
    builders: tuple[BuilderDef, ...] = ()
    """Custom builders (ODS `TypeBuilder`), classmethods beside the default `get`."""
    extra_code: Code | None = None
    """Methods pasted into the type's class (ODS `extraClassDeclaration`)."""


class AttrDef(SpecNode):
    """A dialect attribute (ODS `AttrDef`), printed `#dialect.mnemonic<params>`.

    With `enum` set it is MLIR's `EnumAttr<Dialect, EnumInfo, "mnemonic">`: an
    attribute holding one value of that enum (`#arith.fastmath<nnan,ninf>`). Its one
    parameter, `value`, is implied and `parameters` stays empty; without an
    assembly format it prints as ODS's default for enum attributes, `$value`.
    """

    def_name: str = Field(alias="def")
    mnemonic: str
    summary: str = ""
    """The summary; for an enum attribute, the enum's summary when empty."""
    description: str = ""
    parameters: tuple[ParameterDef, ...] = ()
    traits: tuple[TraitRef, ...] = ()
    """The attribute interfaces the attribute implements."""
    assembly_format: FormatText | None = None
    """The declarative syntax of the parameters after the mnemonic, as for a type; an
    enum attribute's is "`<` $value `>`"."""
    has_custom_assembly_format: bool = False
    """ODS `hasCustomAssemblyFormat`: `parser` and `printer` must be given."""
    enum: str | None = None
    """The def name of the `EnumDef` this attribute wraps, for an enum attribute."""
    alias: str | None = None
    """The alias name the printer gives the attribute (`#extern = ...`), as a dialect's
    `OpAsmDialectInterface::getAlias` does in MLIR."""
    parser: Code | None = None
    """For an attribute with parameters (ODS `hasCustomAssemblyFormat`): the body of
    `def parse(cls, p: AsmParser) -> Attribute`, reading what follows the mnemonic."""
    printer: Code | None = None
    """The body of `def print_params(self) -> str`, the text after the mnemonic."""
    verifier: Code | None = None
    """The parameters' invariants (ODS `genVerifyDecl`), as for a type."""
    builders: tuple[BuilderDef, ...] = ()
    """Custom builders (ODS `AttrBuilder`), classmethods beside the default `get`."""
    extra_code: Code | None = None
    """Methods pasted into the attribute's class (ODS `extraClassDeclaration`)."""


class EnumCaseDef(SpecNode):
    """One enum case: the Python symbol, its integer value, and its textual form.

    In a bit enum the value is the case's mask: 0 for the empty case
    (`I32BitEnumAttrCaseNone`), one bit for a flag (`I32BitEnumAttrCaseBit<sym, 3>`
    is 8), and the union of its members' bits for a group
    (`I32BitEnumAttrCaseGroup`).
    """

    symbol: str
    value: int | None = None
    string: str | None = None
    """How the case is spelled in IR; the symbol when not given."""

    @property
    def text(self) -> str:
        """The spelling of the case in IR."""
        return self.string if self.string is not None else self.symbol


EnumKind = Literal["i32", "i64", "string", "bit32", "bit64"]

#: The storage width of the integer enum kinds.
ENUM_WIDTHS: dict[str, int] = {"i32": 32, "i64": 64, "bit32": 32, "bit64": 64}


class EnumDef(SpecNode):
    """An enum, usable as an attribute constraint.

    `kind` says how it is stored: "i32"/"i64" (`I32EnumAttr`, `I64EnumAttr`: one case,
    stored as a signless integer attribute), "string" (`StrEnumAttr`), or
    "bit32"/"bit64" (`I32BitEnumAttr`, `I64BitEnumAttr`: any set of flags, stored as
    the OR of the case masks). A bit enum is printed as the names of its set cases
    joined by `separator`; with `print_bit_enum_primary_groups` a group case whose
    bits are all set is printed by its own name instead of its members' names.
    """

    def_name: str = Field(alias="def")
    summary: str = ""
    """The summary as written; `constraint_summary()` gives MLIR's default when empty."""
    description: str = ""
    kind: EnumKind = "i32"
    cases: tuple[EnumCaseDef, ...]
    separator: str = "|"
    """Bit enums: the text between set flags; spaces in it are printed, not required."""
    print_bit_enum_primary_groups: bool = False
    """Bit enums: print a fully set group case by its name (`fastmath<fast>`)."""
    cpp_namespace: str = ""
    """ODS `cppNamespace`: parse errors name the enum `<namespace>::<Class>`
    (`::mlir::arith::FastMathFlags`), as MLIR's do; empty, the class alone."""

    @property
    def is_bit_enum(self) -> bool:
        """Whether the enum is a set of flags (`I32BitEnumAttr`, `I64BitEnumAttr`)."""
        return self.kind in ("bit32", "bit64")

    @property
    def width(self) -> int | None:
        """The bit width of the integer storage; None for a string enum."""
        return ENUM_WIDTHS.get(self.kind)

    def constraint_summary(self) -> str:
        """The summary of the enum as an attribute constraint, as MLIR words it.

        An integer enum without a summary lists its values ("allowed 64-bit
        signless integer cases: 0, 1, 2"), as `I64EnumAttr` does; a string enum
        lists its spellings. A bit enum has only the summary it was given.
        """
        if self.summary or self.is_bit_enum:
            return self.summary
        if self.kind == "string":
            return "allowed string cases: " + ", ".join(f"'{c.text}'" for c in self.cases)
        values = ", ".join(str(c.value) for c in self.cases)
        return f"allowed {self.width}-bit signless integer cases: {values}"


class DagLeaf(SpecNode):
    """A leaf of a pattern DAG: a constraint or native-code name, or a literal."""

    kind: Literal["name", "int", "str"]
    value: str | int
    type_constraint: TypeConstraint | None = Field(default=None, exclude=True)
    """What a TableGen front end resolved the name to, when it names a type
    constraint (a YAML spec's names are resolved by the pattern compiler)."""
    attr_constraint: AttrConstraint | None = Field(default=None, exclude=True)
    """Likewise for an attribute constraint."""


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
    pattern_set: str = Field(default="", alias="set")
    """The named set the pattern belongs to (TableGen `patternSet`): `canonicalize`
    adds it to the canonicalization patterns; empty means the set named after the
    dialect. `odsgen opt --patterns NAME` applies a set."""
    unsound: str | None = None
    """Why the pattern is knowingly unsound (TableGen `KnownUnsound<"...">`): kept
    because it mirrors an upstream pattern that is unsound too. `odsgen
    check-patterns` counts its counterexample as known, not as a failure."""


DagArgDef.model_rebuild()


class ImportDef(SpecNode):
    """Enums and attributes of another dialect that this one's constraints name.

    MLIR's `math` ops take `arith`'s `#arith.fastmath<...>`: `math.td` includes
    `arith.td` and names `Arith_FastMathFlagsAttr`, and the front end copies the
    definitions it names here, so the model is complete on its own (YAML writes
    them under `imports:`). The generated code imports their classes from the other
    dialect's package; the values still belong to that dialect (`#arith.fastmath`).
    """

    dialect: str
    """The name of the dialect that defines them."""
    package: str | None = None
    """That dialect's Python package, when it is not its name."""
    file: str | None = None
    """The spec file that defines them (TableGen `include`s it), when known."""
    enums: tuple[EnumDef, ...] = ()
    attributes: tuple[AttrDef, ...] = ()

    @property
    def python_package(self) -> str:
        """The package of the other dialect's generated Python code."""
        return self.package if self.package is not None else self.dialect


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
    interfaces: tuple[InterfaceDef, ...] = ()
    """The interfaces the dialect defines, generated as classes of its package (op
    interfaces in `ops.py`, type interfaces in `types.py`, attribute interfaces in
    `attrs.py`)."""
    patterns: tuple[PatternDef, ...] = ()
    imports: tuple[ImportDef, ...] = ()
    """Enums and attributes of other dialects that the dialect's constraints name."""
    has_constant_materializer: bool = False
    """ODS `hasConstantMaterializer`: the dialect's extra code must define
    `materialize_constant(rewriter, value, type_, loc) -> Operation | None`."""
    has_canonicalizer: bool = False
    """ODS `hasCanonicalizer` of a dialect: it has canonicalization patterns, patterns
    of the set `canonicalize`."""
    allow_unknown_operations: bool = False
    """An open dialect (TableGen `allowUnknownOperations`): ops of its namespace that
    it does not define are valid, as in MLIR's `Dialect::allowUnknownOperations()`."""
    implementation_module: str | None = None
    """The dotted name of an ordinary Python module holding the dialect's hand-written
    code (TableGen `implementationModule`), as MLIR keeps C++ bodies in a `.cpp`
    file beside the `.td`: a hook the spec asks for and does not write inline is a
    function of that module, which the generated class calls (see
    `generator.spec.implementation`)."""
    extra_code: Code | None = None
    """Python pasted at the top level of the generated `ops.py` (ODS's dialect
    `extraClassDeclaration`): the `parse_<name>` and `print_<name>` functions of the
    format's `custom<Name>` directives, and helpers of the ops' hooks."""
    pattern_file: bool = False
    """A file of patterns between dialects, and nothing else: a `.td` file with no
    `Dialect` def that includes the specs whose ops its patterns name (YAML:
    `pattern_file: true`). `name` (the file's stem in TableGen) names its package
    and the set of patterns that name none."""

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

        Constraint summaries take this to resolve references to the dialect's own
        defs. Enums, and attributes wrapping one, give their summary as an
        attribute constraint (`EnumDef.constraint_summary`).
        """
        # Imported here: the interfaces module reads the model.
        from generator.spec.interfaces import BUILTIN_INTERFACES

        enums = {e.def_name: e for e in self.enums}
        # A type or attribute interface is also a constraint: "Name instance", as in MLIR,
        # the runtime's (`PoisonAttrInterface`) as much as the dialect's own.
        out: dict[str, str] = {
            i.def_name: f"{i.class_name} instance"
            for i in BUILTIN_INTERFACES.values()
            if i.kind != "op"
        }
        out.update(
            {i.def_name: f"{i.class_name} instance" for i in self.interfaces if i.kind != "op"}
        )
        for item in self.named_defs():
            if isinstance(item, EnumDef):
                out[item.def_name] = item.constraint_summary()
            elif isinstance(item, AttrDef) and item.enum in enums and not item.summary:
                out[item.def_name] = enums[item.enum].constraint_summary()
            else:
                out[item.def_name] = item.summary or item.def_name
        for imported in self.imports:
            own = {e.def_name: e for e in imported.enums}
            for enum in imported.enums:
                out[enum.def_name] = enum.constraint_summary()
            for attr in imported.attributes:
                if attr.enum in own and not attr.summary:
                    out[attr.def_name] = own[attr.enum].constraint_summary()
                else:
                    out[attr.def_name] = attr.summary or attr.def_name
        return out

    def enum_of(self, def_name: str) -> EnumDef | None:
        """The enum a def name stands for as an attribute constraint.

        That is the enum itself, or the enum an enum attribute (`AttrDef.enum`)
        wraps; None for any other name.
        """
        for enums, attributes in (
            (self.enums, self.attributes),
            *((i.enums, i.attributes) for i in self.imports),
        ):
            for enum in enums:
                if enum.def_name == def_name:
                    return enum
            for attr in attributes:
                if attr.def_name == def_name and attr.enum is not None:
                    return next((e for e in enums if e.def_name == attr.enum), None)
        return None

    def import_of(self, def_name: str) -> ImportDef | None:
        """The import an enum or attribute of another dialect comes from, if it is one."""
        for imported in self.imports:
            names = [e.def_name for e in imported.enums] + [a.def_name for a in imported.attributes]
            if def_name in names:
                return imported
        return None

    def named_defs(self) -> Iterator[TypeDef | AttrDef | EnumDef]:
        """The dialect's types, attributes and enums, in spec order."""
        yield from self.types
        yield from self.attributes
        yield from self.enums
