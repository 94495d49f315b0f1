"""MLIR's own ODS records (written on MLIR's `mlir/IR/OpBase.td`) -> odsgen's model.

`odsgen import` evaluates a user's `.td` files with the TableGen front end and
reads the records MLIR's base library produces: the `Dialect` def an op names in
`opDialect` (usually in an included `*Base.td`), the ops' `arguments`, `results`,
`regions` and `successors` dags, their traits, summaries and declarative formats,
and the enums and enum attributes they use.

MLIR's constraints are predicate trees over C++ (`CPred`), not the declarative
constraints of odsgen's base library, so each one is read in two ways: a named
constraint that odsgen's library also defines (`I32`, `FloatLike`, `I64Attr`)
becomes that library constraint; any other one becomes a predicate constraint
whose Python is `generator.spec.mlir_predicates.translate_pred`'s translation of
the tree, keeping MLIR's summary for the messages. A predicate the translation
tables do not know makes its op incomplete, with the reason; it never becomes
`True`.

Everything MLIR keeps in C++ is a hook of the dialect's implementation module
(see docs/spec-reference.md, "Implementation modules"). An op whose required
hooks (a verifier, a custom syntax and its `custom<...>` directives, a
`TypesMatchWith` transformer the tables cannot translate) are not defined by that
module is incomplete and left out of the generated package; optional hooks
(folders, canonicalizers) are used when the module defines them and skipped
otherwise. `write_skeleton` lists every hook, with the op's C++ contract in a
comment, for the user to write.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.diagnostics import SpecValidationError
from generator.naming import class_name_from_def, snake_case
from generator.spec.constraints import (
    AttrConstraint,
    AttrPredicateConstraint,
    AttrRefConstraint,
    TypeConstraint,
    TypePredicateConstraint,
    TypeRefConstraint,
    Variadicity,
    attr_constraint_from_expr,
    type_constraint_from_expr,
)
from generator.spec.expr import ExprError, NameExpr
from generator.spec.mlir_predicates import PredScope, op_scope, translate_pred
from generator.spec.model import (
    AttrDef,
    AttributeDef,
    DialectDef,
    EnumCaseDef,
    EnumDef,
    EnumKind,
    OpDef,
    OperandDef,
    RegionConstraint,
    RegionDef,
    ResultDef,
    SourceText,
    SuccessorDef,
    TraitRef,
)
from generator.spec.validate import KNOWN_TRAITS, validate_dialect

__all__ = [
    "DialectImport",
    "Hook",
    "ImportedOp",
    "import_records",
    "read_records",
    "report_lines",
    "skeleton_text",
]

Records = Mapping[str, Any]


@dataclass(frozen=True)
class Hook:
    """A function of the implementation module that an op needs or may use."""

    function: str
    """The function's name in the implementation module."""
    signature: str
    """Its parameters and return annotation, as the generated code calls it."""
    contract: str
    """What MLIR's C++ does there, for the comment in the skeleton."""
    required: bool
    """Whether the op is incomplete without it."""


@dataclass
class ImportedOp:
    """One op of MLIR's records: its model when it is complete, and what it lacks."""

    def_name: str
    name: str
    """The full op name, `math.absf`."""
    op: OpDef | None = None
    hooks: list[Hook] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Why the op cannot be generated (untranslatable predicates, unsupported forms)."""
    notes: list[str] = field(default_factory=list)
    """What is dropped without making the op incomplete (unmapped interfaces)."""

    def missing(self, defined: frozenset[str]) -> list[Hook]:
        """The required hooks the implementation module does not define."""
        return [h for h in self.hooks if h.required and h.function not in defined]

    def complete(self, defined: frozenset[str]) -> bool:
        """Whether the op generates and works: no problem and no required hook missing."""
        return self.op is not None and not self.problems and not self.missing(defined)


@dataclass
class DialectImport:
    """A dialect read from MLIR's records: its ops, enums and enum attributes."""

    name: str
    def_name: str
    summary: str = ""
    description: str = ""
    ops: dict[str, ImportedOp] = field(default_factory=dict)
    enums: dict[str, EnumDef] = field(default_factory=dict)
    attributes: dict[str, AttrDef] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

    @property
    def module_name(self) -> str:
        """The file stem of the dialect's implementation module."""
        return f"{self.name}_impl"

    def dialect_def(self, defined: frozenset[str], implementation_module: str) -> DialectDef:
        """The model of the complete ops (with the hooks `defined` switched on)."""
        ops = []
        for item in self.ops.values():
            if item.op is None or not item.complete(defined):
                continue
            ops.append(_with_optional_hooks(item, defined))
        uses_module = any(h.function in defined for item in self.ops.values() for h in item.hooks)
        return DialectDef(
            name=self.name,
            summary=self.summary,
            description=self.description,
            ops=tuple(ops),
            enums=tuple(self.enums.values()),
            attributes=tuple(self.attributes.values()),
            implementation_module=implementation_module if uses_module else None,
        )


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


def read_records(path: Path, include_dirs: Sequence[Path]) -> Records:
    """The records of one `.td` file, in the JSON form of `llvm-tblgen --dump-json`.

    Raises `TableGenError` (a located diagnostic) when the file does not evaluate.
    """
    from generator.tablegen import dump_json, load_records

    keeper = load_records(path, list(include_dirs))
    loaded: Records = json.loads(dump_json(keeper))
    return loaded


def _supers(record: Mapping[str, Any]) -> Sequence[str]:
    return record.get("!superclasses", ())  # type: ignore[no-any-return]


def _def(value: Any, records: Records) -> Mapping[str, Any] | None:
    if isinstance(value, Mapping) and value.get("kind") == "def":
        found = records.get(str(value["def"]))
        return found if isinstance(found, Mapping) else None
    return None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _description(value: Any) -> str:
    import textwrap

    if not isinstance(value, str):
        return ""
    return textwrap.dedent(value).strip("\n").rstrip()


def _dag_args(value: Any) -> list[tuple[Any, str]]:
    if not isinstance(value, Mapping):
        return []
    out = []
    for arg, name in value.get("args", ()):
        out.append((arg, name if isinstance(name, str) else ""))
    return out


class _Incomplete(Exception):
    """A part of an op that cannot be imported; the message says why."""


def _unwrap_arg(record: Mapping[str, Any], records: Records) -> Mapping[str, Any]:
    """The constraint of `Arg<constraint, ...>` / `Res<...>`, or the record itself."""
    while "Arg" in _supers(record) and "constraint" in record:
        inner = _def(record["constraint"], records)
        if inner is None:
            break
        record = inner
    return record


# ---------------------------------------------------------------------------
# Constraints
# ---------------------------------------------------------------------------


def _no_loc(_offset: int) -> None:
    return None


def _foreign_def(record: Mapping[str, Any], records: Records, dialect: str) -> str | None:
    """The dialect of a type or attribute def of another dialect, or None."""
    owner = _def(record.get("dialect"), records)
    if owner is None:
        return None
    name = str(owner.get("name", ""))
    return name if name != dialect else None


class _Reader:
    """Reads the ops of one file's records into `DialectImport`s."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self.dialects: dict[str, DialectImport] = {}

    # -- constraints --------------------------------------------------------

    def type_constraint(
        self, record: Mapping[str, Any], scope: PredScope, dialect: str
    ) -> TypeConstraint:
        name = str(record.get("!name", ""))
        if not record.get("!anonymous"):
            try:
                named = type_constraint_from_expr(NameExpr(name, None, 0), _no_loc)
            except ExprError:
                named = None
            if named is not None and not isinstance(named, TypeRefConstraint):
                return named
        foreign = _foreign_def(record, self.records, dialect)
        if foreign is not None:
            raise _Incomplete(f"type {name} of dialect '{foreign}' (not imported)")
        if "TypeDef" in _supers(record):
            raise _Incomplete(f"type {name} (dialect types are not imported yet)")
        return TypePredicateConstraint(
            expr=self.predicate(record, scope, "Type"),
            description=_text(record.get("summary")) or name,
        )

    def attr_constraint(
        self, record: Mapping[str, Any], scope: PredScope, dialect: str
    ) -> AttrConstraint:
        name = str(record.get("!name", ""))
        supers = _supers(record)
        if not record.get("!anonymous"):
            try:
                named = attr_constraint_from_expr(NameExpr(name, None, 0), _no_loc)
            except ExprError:
                named = None
            if named is not None and not isinstance(named, AttrRefConstraint):
                return named
        if "EnumAttr" in supers or "EnumAttrInfo" in supers:
            foreign = _foreign_def(record, self.records, dialect)
            if foreign is not None:
                raise _Incomplete(f"attribute {name} of dialect '{foreign}' (not imported)")
            return AttrRefConstraint(ref=self.enum(record, dialect))
        foreign = _foreign_def(record, self.records, dialect)
        if foreign is not None:
            raise _Incomplete(f"attribute {name} of dialect '{foreign}' (not imported)")
        if "AttrDef" in supers:
            raise _Incomplete(f"attribute {name} (dialect attributes are not imported yet)")
        return AttrPredicateConstraint(
            expr=self.predicate(record, scope, "Attribute"),
            description=_text(record.get("summary")) or name,
        )

    def predicate(self, record: Mapping[str, Any], scope: PredScope, kind: str) -> str:
        pred = record.get("predicate")
        if pred is None:
            raise _Incomplete(f"constraint {record.get('!name')} has no predicate")
        scope = PredScope(
            kind, scope.values, scope.getters, scope.classes, scope.constants, scope.methods
        )
        translation = translate_pred(pred, self.records, scope)
        if translation.python is None:
            where = f" in `{translation.cpp.strip()}`" if translation.cpp else ""
            raise _Incomplete(f"predicate not translated: {translation.problem}{where}")
        return translation.python

    # -- enums --------------------------------------------------------------

    def enum(self, record: Mapping[str, Any], dialect: str) -> str:
        """Import an enum attribute (or a bare enum) and return its def name."""
        imported = self.dialects[dialect]
        name = str(record["!name"])
        supers = _supers(record)
        if "EnumAttr" in supers:
            info = _def(record.get("enum"), self.records)
            if info is None:
                raise _Incomplete(f"enum attribute {name} without an enum")
            enum_name = self.enum_info(info, imported)
            if name not in imported.attributes:
                fmt = _text(record.get("assemblyFormat"))
                # `$value` is MLIR's default for enum attributes, and the model's.
                fmt = "" if fmt == "$value" else fmt
                imported.attributes[name] = AttrDef.model_validate(
                    {
                        "def": name,
                        "mnemonic": str(record.get("mnemonic", "")),
                        "summary": _text(record.get("summary")),
                        "enum": enum_name,
                        "assembly_format": SourceText(text=fmt) if fmt else None,
                    }
                )
            return name
        return self.enum_info(record, imported)

    def enum_info(self, info: Mapping[str, Any], imported: DialectImport) -> str:
        name = str(info["!name"])
        if name in imported.enums:
            return name
        supers = _supers(info)
        kind: EnumKind
        if "I64BitEnumAttr" in supers:
            kind = "bit64"
        elif "I32BitEnumAttr" in supers or "BitEnumAttr" in supers:
            kind = "bit32"
        elif "StrEnumAttr" in supers:
            kind = "string"
        elif "I64EnumAttr" in supers:
            kind = "i64"
        elif "I32EnumAttr" in supers or "IntEnumAttr" in supers:
            kind = "i32"
        else:
            raise _Incomplete(f"enum {name}: storage of {', '.join(supers[-2:])} not supported")
        cases = []
        for case_ref in info.get("enumerants", ()):
            case = _def(case_ref, self.records)
            if case is None:
                raise _Incomplete(f"enum {name}: a case is not a record")
            value = case.get("value")
            cases.append(
                EnumCaseDef(
                    symbol=str(case.get("symbol")),
                    value=int(value) if isinstance(value, int) else None,
                    string=str(case.get("str")) if case.get("str") is not None else None,
                )
            )
        fields: dict[str, Any] = {
            "def": name,
            "summary": _text(info.get("summary")),
            "kind": kind,
            "cases": tuple(cases),
        }
        if kind.startswith("bit"):
            fields["separator"] = str(info.get("separator", "|"))
            fields["print_bit_enum_primary_groups"] = bool(info.get("printBitEnumPrimaryGroups"))
        imported.enums[name] = EnumDef.model_validate(fields)
        return name

    # -- ops ----------------------------------------------------------------

    def dialect(self, op: Mapping[str, Any]) -> DialectImport:
        record = _def(op.get("opDialect"), self.records)
        if record is None:
            raise _Incomplete("op without a dialect")
        name = str(record.get("name"))
        if name not in self.dialects:
            self.dialects[name] = DialectImport(
                name=name,
                def_name=str(record["!name"]),
                summary=_text(record.get("summary")),
                description=_description(record.get("description")),
            )
        return self.dialects[name]

    def op(self, def_name: str) -> tuple[DialectImport, ImportedOp]:
        record = self.records[def_name]
        imported = self.dialect(record)
        mnemonic = str(record.get("opName", ""))
        item = ImportedOp(def_name=def_name, name=f"{imported.name}.{mnemonic}")
        try:
            item.op = self.op_def(record, imported, item)
        except _Incomplete as problem:
            item.problems.append(str(problem))
        return imported, item

    def op_def(self, record: Mapping[str, Any], imported: DialectImport, item: ImportedOp) -> OpDef:
        dialect = imported.name
        scope = op_scope(record, self.records)
        operands: list[OperandDef] = []
        attributes: list[AttributeDef] = []
        order: list[str] = []
        problems: list[str] = []

        def attempt(what: str, build: Any) -> Any:
            try:
                return build()
            except _Incomplete as problem:
                problems.append(f"{what}: {problem}")
                return None

        for arg, name in _dag_args(record.get("arguments")):
            constraint = _def(arg, self.records)
            if constraint is None:
                raise _Incomplete(f"argument ${name} is not a constraint record")
            constraint = _unwrap_arg(constraint, self.records)
            supers = _supers(constraint)
            if "TypeConstraint" in supers:
                operand = attempt(
                    f"operand ${name}",
                    lambda c=constraint, n=name: self.value(c, n, scope, dialect),
                )
                if operand is not None:
                    variadicity, type_, segments = operand
                    operands.append(
                        OperandDef(
                            name=name, type=type_, variadicity=variadicity, segment_attr=segments
                        )
                    )
            elif "AttrConstraint" in supers:
                attr = attempt(
                    f"attribute ${name}",
                    lambda c=constraint, n=name: self.attribute(c, n, scope, dialect),
                )
                if attr is not None:
                    attributes.append(attr)
            elif "Property" in supers:
                problems.append(f"property ${name}: properties are not imported yet")
            else:
                problems.append(f"argument ${name}: unknown kind of constraint")
            order.append(name)
        results: list[ResultDef] = []
        for arg, name in _dag_args(record.get("results")):
            constraint = _def(arg, self.records)
            if constraint is None:
                raise _Incomplete(f"result ${name} is not a constraint record")
            constraint = _unwrap_arg(constraint, self.records)
            result = attempt(
                f"result ${name}", lambda c=constraint, n=name: self.value(c, n, scope, dialect)
            )
            if result is not None:
                variadicity, type_, segments = result
                results.append(
                    ResultDef(name=name, type=type_, variadicity=variadicity, segment_attr=segments)
                )
        regions = [
            r
            for r in (
                attempt(f"region ${n}", lambda a=a, n=n: self.region(a, n))
                for a, n in _dag_args(record.get("regions"))
            )
            if r is not None
        ]
        successors = []
        for arg, name in _dag_args(record.get("successors")):
            succ = _def(arg, self.records)
            variadic = succ is not None and "VariadicSuccessor" in _supers(succ)
            successors.append(SuccessorDef(name=name, variadic=variadic))
        traits = self.traits(record, scope, item, problems)
        if problems:
            raise _Incomplete("; ".join(problems))
        self.hooks(record, imported, item)
        fmt = record.get("assemblyFormat")
        arg_names = [n for _, n in _dag_args(record.get("arguments"))]
        fields: dict[str, Any] = {
            "def": str(record["!name"]),
            "mnemonic": str(record.get("opName", "")),
            "summary": _text(record.get("summary")),
            "description": _description(record.get("description")),
            "traits": tuple(traits),
            "operands": tuple(operands),
            "attributes": tuple(attributes),
            "results": tuple(results),
            "regions": tuple(regions),
            "successors": tuple(successors),
            "assembly_format": SourceText(text=_text(fmt)) if _text(fmt) else None,
            "has_verifier": bool(record.get("hasVerifier")),
            "has_region_verifier": bool(record.get("hasRegionVerifier")),
            "has_custom_assembly_format": bool(record.get("hasCustomAssemblyFormat")),
        }
        default_order = [o.name for o in operands] + [a.name for a in attributes]
        if arg_names != default_order and len(arg_names) == len(default_order):
            fields["argument_order"] = tuple(arg_names)
        return OpDef.model_validate(fields)

    def value(
        self, record: Mapping[str, Any], name: str, scope: PredScope, dialect: str
    ) -> tuple[Variadicity, TypeConstraint, str | None]:
        supers = _supers(record)
        variadicity: Variadicity = "single"
        segments: str | None = None
        if "VariadicOfVariadic" in supers:
            variadicity = "variadic_of_variadic"
            segments = str(record.get("segmentAttrName"))
        elif "Variadic" in supers:
            variadicity = "variadic"
        elif "Optional" in supers:
            variadicity = "optional"
        if variadicity != "single":
            inner = _def(record.get("baseType"), self.records)
            if inner is None:
                raise _Incomplete(f"${name}: variadic without a base type")
            record = inner
        return variadicity, self.type_constraint(record, scope, dialect), segments

    def attribute(
        self, record: Mapping[str, Any], name: str, scope: PredScope, dialect: str
    ) -> AttributeDef:
        supers = _supers(record)
        optional = False
        default: str | int | float | bool | None = None
        if (
            "OptionalAttr" in supers
            or "DefaultValuedAttr" in supers
            or ("DefaultValuedOptionalAttr" in supers)
        ):
            optional = "OptionalAttr" in supers or "DefaultValuedOptionalAttr" in supers
            base = _def(record.get("baseAttr"), self.records)
            if base is None:
                raise _Incomplete("wrapper without a base attribute")
            if "DefaultValuedAttr" in supers or "DefaultValuedOptionalAttr" in supers:
                default = self.default(str(record.get("defaultValue", "")), base, dialect)
            record = base
        constraint = self.attr_constraint(record, scope, dialect)
        return AttributeDef(name=name, type=constraint, optional=optional, default=default)

    def default(self, cpp: str, base: Mapping[str, Any], dialect: str) -> str | int | float | bool:
        """A `DefaultValuedAttr`'s C++ default as the model's default value."""
        text = cpp.strip()
        if text in ("true", "false"):
            return text == "true"
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        if re.fullmatch(r"-?\d+\.\d*(e[-+]?\d+)?", text):
            return float(text)
        if re.fullmatch(r'"[^"\\]*"', text):
            return text[1:-1]
        supers = _supers(base)
        if "EnumAttr" in supers or "EnumAttrInfo" in supers:
            info = _def(base.get("enum"), self.records) if "EnumAttr" in supers else base
            symbol = text.rsplit("::", 1)[-1]
            for case_ref in (info or {}).get("enumerants", ()):
                case = _def(case_ref, self.records)
                if case is not None and case.get("symbol") == symbol:
                    return str(case.get("str", symbol))
        raise _Incomplete(f"default value in C++: {text}")

    def region(self, arg: Any, name: str) -> RegionDef:
        record = _def(arg, self.records)
        if record is None:
            raise _Incomplete("not a region constraint")
        supers = _supers(record)
        variadic = "VariadicRegion" in supers
        if variadic:
            inner = _def(record.get("region"), self.records)
            if inner is None:
                raise _Incomplete("variadic region without its region")
            record = inner
            supers = _supers(record)
        summary = _text(record.get("summary"))
        blocks = re.search(r"(\d+) blocks", summary)
        kind: Any = "any"
        for cls, k in (
            ("SizedRegion", "sized"),
            ("MinSizedRegion", "min_sized"),
            ("MaxSizedRegion", "max_sized"),
        ):
            if cls in supers or record.get("!name") == cls:
                kind = k
        if kind != "any" and blocks is None:
            raise _Incomplete(f"region constraint '{summary}'")
        if kind == "any" and record.get("!name") != "AnyRegion":
            raise _Incomplete(f"region constraint '{summary or record.get('!name')}'")
        constraint = RegionConstraint(kind=kind, blocks=int(blocks.group(1)) if blocks else 0)
        return RegionDef(name=name, constraint=constraint, variadic=variadic)

    # -- traits -------------------------------------------------------------

    def traits(
        self,
        record: Mapping[str, Any],
        scope: PredScope,
        item: ImportedOp,
        problems: list[str],
    ) -> list[TraitRef]:
        out: list[TraitRef] = []
        seen: set[str] = set()

        def add(ref: TraitRef) -> None:
            key = ref.spelling()
            if key not in seen:
                seen.add(key)
                out.append(ref)

        def visit(value: Any) -> None:
            trait = _def(value, self.records)
            if trait is None:
                return
            name = str(trait["!name"])
            supers = _supers(trait)
            if not trait.get("!anonymous") and KNOWN_TRAITS.get(name) == "":
                add(TraitRef(name=name))
                return
            if "TraitList" in supers:
                for inner in trait.get("traits", ()):
                    visit(inner)
                return
            if "OpInterfaceTrait" in supers or "OpInterface" in supers:
                iface = str(trait.get("cppInterfaceName", name))
                if KNOWN_TRAITS.get(iface) == "":
                    add(TraitRef(name=iface))
                else:
                    item.notes.append(f"interface {iface} (its methods are C++ API only)")
                return
            if "PredOpTrait" in supers:
                summary = _text(trait.get("summary"))
                op_scope_ = PredScope(
                    "Op", scope.values, scope.getters, scope.classes, scope.constants, scope.methods
                )
                translation = translate_pred(trait.get("predicate"), self.records, op_scope_)
                if translation.python is None:
                    problems.append(f"trait '{summary}': {translation.problem}")
                    return
                if "TypesMatchWith" in supers:
                    add(self.types_match_with(trait, translation.python, problems))
                    return
                add(TraitRef(name="PredOpTrait", args=(summary, translation.python)))
                return
            for cls in reversed(supers):
                if KNOWN_TRAITS.get(cls) == "names" and isinstance(trait.get("values"), list):
                    names: tuple[str, ...] = tuple(str(v) for v in trait["values"])
                    add(TraitRef(name=cls, args=(names,)))
                    return
            if "SideEffectsTraitBase" in supers or "MemoryEffects" in supers:
                return  # memory effects are for transformations, not syntax or checks
            native = str(trait.get("trait", "")) if "NativeTrait" in supers else ""
            if native in _IGNORED_NATIVE or name in _IGNORED_NATIVE:
                return
            if "ParamNativeOpTrait" in supers or "NativeOpTrait" in supers or native:
                problems.append(f"trait {native or name} has no odsgen counterpart")
                return
            item.notes.append(f"trait {name} not mapped")

        for trait_ref in record.get("traits", ()):
            visit(trait_ref)
        return out

    def types_match_with(
        self, trait: Mapping[str, Any], python: str, problems: list[str]
    ) -> TraitRef:
        """`TypesMatchWith`: kept as the predicate MLIR checks (its transformer is
        inside it); the Python check is a `PredOpTrait` with MLIR's summary."""
        del problems
        return TraitRef(name="PredOpTrait", args=(_text(trait.get("summary")), python))

    # -- hooks --------------------------------------------------------------

    def hooks(self, record: Mapping[str, Any], imported: DialectImport, item: ImportedOp) -> None:
        prefix = snake_case(class_name_from_def(str(record["!name"])))
        op = item.name
        if record.get("hasVerifier"):
            item.hooks.append(
                Hook(
                    f"{prefix}_verify",
                    "(op) -> str | None",
                    f"{op}: `LogicalResult verify()`; return MLIR's message without "
                    "the `'op' op` prefix, or None",
                    True,
                )
            )
        if record.get("hasRegionVerifier"):
            item.hooks.append(
                Hook(
                    f"{prefix}_verify_regions",
                    "(op) -> str | None",
                    f"{op}: `LogicalResult verifyRegions()`, run after the nested ops verify",
                    True,
                )
            )
        if record.get("hasCustomAssemblyFormat"):
            item.hooks.append(
                Hook(
                    f"{prefix}_parse",
                    "(cls, p: AsmParser, name_pos: SourcePos) -> Operation",
                    f"{op}: `ParseResult parse(OpAsmParser &, OperationState &)`",
                    True,
                )
            )
            item.hooks.append(
                Hook(
                    f"{prefix}_print",
                    "(op, p: AsmPrinter) -> bool | None",
                    f"{op}: `void print(OpAsmPrinter &)`",
                    True,
                )
            )
        fmt = _text(record.get("assemblyFormat"))
        for directive in sorted(set(re.findall(r"custom<(\w+)>", fmt))):
            snake = snake_case(directive)
            for kind in ("parse", "print"):
                item.hooks.append(
                    Hook(
                        f"{kind}_{snake}",
                        "(p, ...)",
                        f"{op}: the `custom<{directive}>` directive's "
                        f"`{kind}{directive}` C++ function",
                        True,
                    )
                )
        if record.get("hasFolder"):
            item.hooks.append(
                Hook(
                    f"{prefix}_fold",
                    "(op) -> FoldResult",
                    f"{op}: `OpFoldResult fold(FoldAdaptor)` (optional)",
                    False,
                )
            )
        if record.get("hasCanonicalizer") or record.get("hasCanonicalizeMethod"):
            item.hooks.append(
                Hook(
                    f"{prefix}_canonicalize",
                    "(op, rewriter: PatternRewriter) -> bool",
                    f"{op}: canonicalization patterns (optional)",
                    False,
                )
            )
        if _text(record.get("extraClassDeclaration")):
            item.notes.append("extraClassDeclaration (C++ API, not imported)")
        builders = record.get("builders")
        if isinstance(builders, list) and builders:
            item.notes.append(f"{len(builders)} C++ builder(s) (Python builders are the default)")


#: MLIR traits that mean nothing to odsgen's parsing, printing and verifying.
_IGNORED_NATIVE = frozenset(
    {
        "OpAsmOpInterface",
        "ResultsAreFloatLike",
        "SameOperandsAndResultElementType",
    }
)


def _with_optional_hooks(item: ImportedOp, defined: frozenset[str]) -> OpDef:
    assert item.op is not None
    update: dict[str, Any] = {}
    for hook in item.hooks:
        if hook.function not in defined:
            continue
        if hook.function.endswith("_fold"):
            update["has_folder"] = True
        elif hook.function.endswith("_canonicalize"):
            update["has_canonicalize_method"] = True
            update["has_canonicalizer"] = True
    return item.op.model_copy(update=update)


# ---------------------------------------------------------------------------
# Importing files
# ---------------------------------------------------------------------------


def import_records(records_by_file: Iterable[tuple[str, Records]]) -> dict[str, DialectImport]:
    """Every op of every file's records, grouped by dialect (first definition wins)."""
    dialects: dict[str, DialectImport] = {}
    for file, records in records_by_file:
        reader = _Reader(records)
        reader.dialects = dialects
        for def_name in records.get("!instanceof", {}).get("Op", ()):
            try:
                imported, item = reader.op(def_name)
            except _Incomplete:
                continue
            if file not in imported.files:
                imported.files.append(file)
            imported.ops.setdefault(def_name, item)
    for imported in dialects.values():
        _check_ops(imported)
    return dialects


def _check_ops(imported: DialectImport) -> None:
    """Run odsgen's checks on each op alone: what they reject makes the op incomplete."""
    for item in imported.ops.values():
        if item.op is None or item.problems:
            continue
        dialect = DialectDef(
            name=imported.name,
            ops=(item.op,),
            enums=tuple(imported.enums.values()),
            attributes=tuple(imported.attributes.values()),
        )
        stripped = item.op.model_copy(
            update={
                "has_verifier": False,
                "has_region_verifier": False,
                "has_custom_assembly_format": False,
                "assembly_format": None
                if item.op.has_custom_assembly_format
                else item.op.assembly_format,
            }
        )
        dialect = dialect.model_copy(update={"ops": (stripped,)})
        try:
            diagnostics = validate_dialect(dialect)
        except SpecValidationError as error:
            diagnostics = list(error.diagnostics)
        custom = "custom<" in (item.op.assembly_format.text if item.op.assembly_format else "")
        for d in diagnostics:
            if custom and "custom" in d.message:
                continue
            item.problems.append(f"odsgen: {d.message}")
            break


def defined_functions(module: Path) -> frozenset[str]:
    """The top-level functions a written implementation module defines."""
    if not module.is_file():
        return frozenset()
    try:
        tree = ast.parse(module.read_text(encoding="utf-8"))
    except SyntaxError:
        return frozenset()
    return frozenset(
        node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    )


# ---------------------------------------------------------------------------
# Skeleton and report
# ---------------------------------------------------------------------------


def skeleton_text(imported: DialectImport) -> str:
    """The implementation module to write: every hook of every op, commented out.

    Uncommenting and writing a hook makes the next `odsgen import` use it; an op
    whose required hooks are all written becomes complete.
    """
    lines = [
        f'"""Hand-written Python of the `{imported.name}` dialect imported from '
        f"{', '.join(imported.files)}.",
        "",
        "`odsgen import` wrote this skeleton once and never overwrites it. Each hook below",
        "is commented out, with the C++ MLIR runs in its place; write it in Python and run",
        "`odsgen import` again. An op whose required hooks are missing is left out of the",
        "generated package; optional hooks (folders, canonicalizers) are used once written.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
    ]
    for item in imported.ops.values():
        if not item.hooks:
            continue
        lines.append(f"# --- {item.name} ({item.def_name}) ---")
        for hook in item.hooks:
            need = "required" if hook.required else "optional"
            lines.append(f"# {need}: {hook.contract}")
            lines.append(f"# def {hook.function}{_params(hook.signature)}:")
            lines.append("#     ...")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _params(signature: str) -> str:
    return signature


def report_lines(
    dialects: Mapping[str, DialectImport], defined: Mapping[str, frozenset[str]]
) -> list[str]:
    """`DIALECT: N ops, C complete, H need hand-written Python` per dialect, and the total."""
    lines = []
    total = complete_total = 0
    for name in sorted(dialects):
        imported = dialects[name]
        functions = defined.get(name, frozenset())
        n = len(imported.ops)
        complete = sum(item.complete(functions) for item in imported.ops.values())
        hand = sum(
            1
            for item in imported.ops.values()
            if not item.complete(functions) and not item.problems and item.op is not None
        )
        lines.append(f"{name}: {n} ops, {complete} complete, {hand} need hand-written Python")
        total += n
        complete_total += complete
    lines.append(f"total: {complete_total}/{total} ops complete")
    return lines


def problem_lines(dialects: Mapping[str, DialectImport]) -> list[str]:
    """Why each incomplete op is incomplete (untranslated predicates, missing support)."""
    out = []
    for name in sorted(dialects):
        for item in dialects[name].ops.values():
            for problem in item.problems:
                out.append(f"{item.name}: {problem}")
    return out
