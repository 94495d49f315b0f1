"""MLIR's own ODS records (written on MLIR's `mlir/IR/OpBase.td`) -> odsgen's model.

`odsgen import` evaluates a user's `.td` files with the TableGen front end and
reads the records MLIR's base library produces: the `Dialect` def an op names in
`opDialect` (usually in an included `*Base.td`), the ops' `arguments`, `results`,
`regions` and `successors` dags, their traits, summaries and declarative formats,
the enums and enum attributes they use, and the DRR patterns (`Pat`) over them.

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
(folders, canonicalizers, the op's C++ builders) are used when the module defines
them and skipped otherwise; a builder written becomes a builder of the generated
class. `write_skeleton` lists every hook, with the op's C++ contract in a
comment, for the user to write.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import inspect
import json
import pkgutil
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from generator.diagnostics import SpecValidationError
from generator.naming import class_name_from_def, is_identifier, sanitize_name, snake_case
from generator.spec.constraints import (
    ATTR_PREDICATE_NAMES,
    SMALL_FLOATS,
    AttrConstraint,
    AttrPredicate,
    AttrPredicateConstraint,
    AttrRefConstraint,
    ConfinedAttrConstraint,
    DenseArrayAttrConstraint,
    FloatAttrConstraint,
    TypeConstraint,
    TypePredicateConstraint,
    TypeRefConstraint,
    Variadicity,
    attr_constraint_from_expr,
    type_constraint_from_expr,
)
from generator.spec.expr import ExprError, NameExpr
from generator.spec.interfaces import BUILTIN_INTERFACES
from generator.spec.mlir_def_syntax import DEF_SYNTAX, OP_VERIFIERS, cpp_verify_body
from generator.spec.mlir_known_code import KNOWN_RESULT_NAMES, KNOWN_TYPE_VERIFIERS
from generator.spec.mlir_predicates import (
    CppClass,
    PredScope,
    op_scope,
    translate_pred,
    translate_type_expr,
    type_interface_implementers,
)
from generator.spec.model import (
    AttrDef,
    AttributeDef,
    BuilderDef,
    BuilderParam,
    DagArgDef,
    DagLeaf,
    DagNodeDef,
    DialectDef,
    EnumCaseDef,
    EnumDef,
    EnumKind,
    ImportDef,
    OpDef,
    OperandDef,
    ParameterDef,
    PatternDef,
    RegionConstraint,
    RegionDef,
    ResultDef,
    SourceText,
    SuccessorDef,
    TraitRef,
    TypeDef,
)
from generator.spec.validate import KNOWN_TRAITS, validate_dialect

__all__ = [
    "INTERFACE_ROLES",
    "DialectImport",
    "Hook",
    "ImportedOp",
    "InterfaceRole",
    "hook_lines",
    "import_records",
    "interface_role",
    "read_records",
    "report_lines",
    "skeleton_text",
]

Records = Mapping[str, Any]
_DefT = TypeVar("_DefT", TypeDef, AttrDef)


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
    builder: BuilderDef | None = None
    """For a C++ builder: the builder without its body (its parameters in Python);
    the function, once written, is its body."""


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
    depends: set[str] = field(default_factory=set)
    """The def names of the dialect's types and attributes the op uses."""
    owner: DialectImport | None = None
    interface_checks: list[tuple[str, bool]] = field(default_factory=list)
    """The checks of the interfaces the op implements that odsgen's runtime does not
    run, each with whether it runs after the regions verify: its verifier hook
    (`<prefix>_verify`, or `_verify_regions`) makes them (`INTERFACE_ROLES`)."""
    needs_types: set[tuple[str, str]] = field(default_factory=set)
    """Types a translated predicate tests for by dialect and mnemonic (LLVM's
    `isa<LLVMPointerType>` is `("llvm", "ptr")`): the op is usable only where they
    parse, so they are imported from whichever file of the run defines them."""
    foreign_defs: set[tuple[str, str]] = field(default_factory=set)
    """The types and attributes of other dialects of the run the op uses, by dialect
    and def name (`("llvm", "LLVM_ConstantRangeAttr")`): the op is blocked while
    one of them has problems or hooks to write."""

    def missing(self, defined: frozenset[str]) -> list[Hook]:
        """The required hooks the implementation module does not define, the op's own
        and those of the types and attributes it uses."""
        hooks = list(self.hooks)
        if self.owner is not None:
            for name in sorted(self.depends):
                hooks.extend(self.owner.def_hooks.get(name, ()))
        return [h for h in hooks if h.required and h.function not in defined]

    def blocked(self) -> list[str]:
        """The problems of the op and of the types and attributes it uses."""
        out = list(self.problems)
        if self.owner is not None:
            for name in sorted(self.depends):
                out.extend(f"uses {name}: {p}" for p in self.owner.def_problems.get(name, ()))
        return out

    def complete(self, defined: frozenset[str]) -> bool:
        """Whether the op generates and works: no problem and no required hook missing."""
        return self.op is not None and not self.blocked() and not self.missing(defined)


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
    types: dict[str, TypeDef] = field(default_factory=dict)
    def_hooks: dict[str, list[Hook]] = field(default_factory=dict)
    """The hooks of the dialect's types and attributes, by def name."""
    def_problems: dict[str, list[str]] = field(default_factory=dict)
    """Why a type or attribute of the dialect cannot be generated, by def name."""
    files: list[str] = field(default_factory=list)
    imports: dict[str, ImportDef] = field(default_factory=dict)
    """The enum attributes of other dialects the ops use, as odsgen's built-in
    packages of those dialects define them, by dialect name."""
    enum_defs: dict[str, str] = field(default_factory=dict)
    """The def name each enum record is imported as, by record name."""
    patterns: list[tuple[PatternDef, frozenset[str]]] = field(default_factory=list)
    """The DRR patterns rooted at the dialect's ops, with the op def names each uses."""
    pattern_problems: list[str] = field(default_factory=list)
    """Why a DRR pattern is not imported, one line each."""

    def usable(self, def_name: str, defined: frozenset[str]) -> bool:
        """Whether a type or attribute def generates: no problem, its hooks written."""
        hooks = self.def_hooks.get(def_name, ())
        return not self.def_problems.get(def_name) and all(
            h.function in defined for h in hooks if h.required
        )

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
            ops.append(_with_optional_hooks(item, defined, self.module_name))
        complete = {op.def_name for op in ops}
        patterns = [p for p, uses in self.patterns if uses <= complete]
        uses_module = any(
            h.function in defined for item in self.ops.values() for h in item.hooks
        ) or any(h.function in defined for hooks in self.def_hooks.values() for h in hooks)
        model = DialectDef(
            name=self.name,
            # `async` names a dialect, but not a Python package.
            package=None if is_identifier(self.name) else f"{self.name}_",
            summary=self.summary,
            description=self.description,
            ops=tuple(ops),
            enums=valid_enums(self),
            attributes=tuple(
                a
                for a in self.attributes.values()
                if self.usable(a.def_name, defined)
                and (a.enum is None or a.enum in {e.def_name for e in valid_enums(self)})
            ),
            types=tuple(t for t in self.types.values() if self.usable(t.def_name, defined)),
            imports=tuple(self.imports.values()),
            implementation_module=implementation_module if uses_module else None,
        )
        # odsgen's checks on each pattern with the ops: a pattern they find more to
        # reject in than in the ops alone is left out.
        kept = []
        if patterns:
            base = {d.message for d in validate_dialect(model)}
            for pattern in patterns:
                found = validate_dialect(model.model_copy(update={"patterns": (pattern,)}))
                if all(d.message in base for d in found):
                    kept.append(pattern)
        return model.model_copy(update={"patterns": tuple(kept)})


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
    while {"Arg", "Res", "OpVariable"} & set(_supers(record)) and "constraint" in record:
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
        self._op_classes: dict[str, dict[str, str]] = {}
        #: The dialect defs the op being read uses.
        self.current_deps: set[str] = set()
        self.current_needs: set[tuple[str, str]] = set()
        #: The other dialects' defs the op being read uses, by dialect and def name.
        self.current_foreign: set[tuple[str, str]] = set()
        self.current_dialect = ""
        self._classes: dict[str, list[str]] | None = None
        self._shipped: dict[str, DialectDef | None] = {}
        self._enum_attrs: dict[str, str] | None = None
        self._foreign: dict[
            str, dict[str, tuple[CppClass, dict[tuple[str, str, int], tuple[str, str]]]]
        ] = {}
        #: The records of the other files of the run, where a type interface's
        #: TypeDefs may be (`TransformTypes.td` beside `TransformOps.td`).
        self.other_records: list[Records] = []
        #: Their type interface implementers, by `id` of their records.
        self.other_implementers: dict[int, dict[str, list[str]]] = {}
        #: The TypeDefs of every file of the run by C++ class name, with their records.
        self.other_typedefs: dict[str, list[tuple[Records, str]]] = {}
        #: The C++ classes of this file's parametric TypeDefs, once asked for.
        self._typedef_classes: frozenset[str] | None = None

    # -- constraints --------------------------------------------------------

    def stripped_type_directives(self, record: Mapping[str, Any]) -> list[str]:
        """Why the op's format cannot be generated when a `type($x)` directive prints
        a type without its `!dialect.mnemonic` prefix: in ODS, a value whose
        constraint's C++ class is a parametric `TypeDef` (`LLVMPointerType`) prints
        so, and odsgen knows which one only when the constraint is that TypeDef."""
        fmt = _text(record.get("assemblyFormat"))
        if not fmt:
            return []
        qualified = set(re.findall(r"qualified\(\s*type\(\s*\$(\w+)\s*\)", fmt))
        named = set(re.findall(r"type\(\s*\$(\w+)\s*\)", fmt)) - qualified
        if not named:
            return []
        classes = self._parametric_typedef_classes()
        problems = []
        for field_name in ("arguments", "results"):
            for arg, name in _dag_args(record.get(field_name)):
                constraint = _def(arg, self.records)
                if name not in named or constraint is None:
                    continue
                constraint = _unwrap_arg(constraint, self.records)
                if "TypeDef" in _supers(constraint):
                    continue
                cpp = str(constraint.get("cppType") or "").removeprefix("::")
                if cpp in classes:
                    problems.append(
                        f"format: type(${name}) prints a {cpp} without its prefix, "
                        "which odsgen cannot generate for a constraint that is not the TypeDef"
                    )
        return problems

    def _parametric_typedef_classes(self) -> frozenset[str]:
        """The qualified C++ classes of the TypeDefs with parameters and a mnemonic."""
        found = self._typedef_classes
        if found is None:
            instances: Mapping[str, Sequence[str]] = self.records.get("!instanceof", {})
            out: set[str] = set()
            for name in instances.get("TypeDef", ()):
                typedef = self.records[name]
                cpp = typedef.get("cppClassName")
                namespace = typedef.get("cppNamespace")
                dialect = _def(typedef.get("dialect"), self.records)
                if not isinstance(namespace, str) and dialect is not None:
                    namespace = dialect.get("cppNamespace")
                params = typedef.get("parameters")
                args = params.get("args", ()) if isinstance(params, Mapping) else ()
                named = isinstance(cpp, str) and isinstance(namespace, str)
                if named and args and typedef.get("mnemonic"):
                    out.add(f"{str(namespace).strip(':')}::{cpp}")
            found = frozenset(out)
            self._typedef_classes = found
        return found

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
        if "TypeDef" in _supers(record):
            # A class of another dialect; a constraint of one (`DialectType`) is
            # only a predicate, translated below.
            foreign = _foreign_def(record, self.records, dialect)
            mnemonic = record.get("mnemonic")
            if foreign is not None and foreign != "builtin" and isinstance(mnemonic, str):
                # Another dialect's type: tested by dialect and mnemonic, usable where
                # that dialect's package defines it (`_import_needed_types`).
                self.current_needs.add((foreign, mnemonic))
                return TypePredicateConstraint(
                    expr=_foreign_type_test(record, self.records, foreign, "$_self"),
                    description=_text(record.get("summary")) or name,
                )
            if foreign is not None:
                raise _Incomplete(f"type {name} of dialect '{foreign}' (not imported)")
            return TypeRefConstraint(ref=self.param_def(record, dialect))
        return TypePredicateConstraint(
            expr=self.predicate(record, scope, "Type"),
            description=_text(record.get("summary")) or name,
            buildable=builder_call_type(_text(record.get("builderCall"))),
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
        storage = str(record.get("storageType", "")).removeprefix("::mlir::")
        if "DenseArrayAttrBase" in supers and _DENSE_ARRAY.fullmatch(storage):
            # A dialect's own name for a dense array (`Shard_GridAxesAttr` is a
            # `DenseI16ArrayAttr`): the library's, when it says the same.
            library = attr_constraint_from_expr(NameExpr(storage, None, 0), _no_loc)
            if library.summary() == _text(record.get("summary")):
                return library
        if "EnumAttr" in supers or "EnumAttrInfo" in supers:
            foreign = _foreign_def(record, self.records, dialect)
            if foreign is not None and foreign in self._op_classes:
                return AttrRefConstraint(ref=self.imported_enum_attr(record, foreign, dialect))
            if foreign is not None:
                return AttrRefConstraint(ref=self.builtin_enum_attr(record, foreign, dialect))
            return AttrRefConstraint(ref=self.enum(record, dialect))
        if "AttrDef" in supers:
            foreign = _foreign_def(record, self.records, dialect)
            if foreign is not None and foreign in self._op_classes:
                return AttrRefConstraint(ref=self.foreign_attr(record, foreign, dialect))
            if foreign is not None:
                raise _Incomplete(f"attribute {name} of dialect '{foreign}' (not imported)")
            return AttrRefConstraint(ref=self.param_def(record, dialect))
        if (
            "ConfinedAttr" in supers
            and (confined := self.confined_attr(record, scope, dialect)) is not None
        ):
            return confined
        return AttrPredicateConstraint(
            expr=self.predicate(record, scope, "Attribute"),
            description=_text(record.get("summary")) or name,
        )

    def confined_attr(
        self, record: Mapping[str, Any], scope: PredScope, dialect: str
    ) -> ConfinedAttrConstraint | None:
        """A `ConfinedAttr` whose checks are all primitive ones odsgen knows
        (`IntPositive`, `IntMinValue<0>`, ...), over its translated base: so the
        attribute keeps the storage, and the syntax, of its base (an `I32Attr`
        parses without `: i32`). None when a check is another one, or the summary
        would not be MLIR's."""
        base_record = _def(record.get("baseAttr"), self.records)
        if base_record is None:
            return None
        predicates = []
        for ref in record.get("attrConstraints") or ():
            check = _def(ref, self.records)
            if check is None:
                return None
            predicate = _attr_predicate(check)
            if predicate is None:
                return None
            predicates.append(predicate)
        base = self.attr_constraint(base_record, scope, dialect)
        confined = ConfinedAttrConstraint(base=base, predicates=tuple(predicates))
        if _text(record.get("summary")) != confined.summary():
            return None
        return confined

    def predicate(self, record: Mapping[str, Any], scope: PredScope, kind: str) -> str:
        pred = record.get("predicate")
        if pred is None:
            raise _Incomplete(f"constraint {record.get('!name')} has no predicate")
        scope = dataclasses.replace(scope, self_kind=kind)
        translation = translate_pred(pred, self.records, scope)
        if translation.python is None:
            where = f" in `{translation.cpp.strip()}`" if translation.cpp else ""
            raise _Incomplete(f"predicate not translated: {translation.problem}{where}")
        self.class_uses(translation.python)
        for mnemonic in _LLVM_TYPE_TEST.findall(translation.python):
            self.current_needs.add(("llvm", mnemonic))
        for dialect, one, several in _DIALECT_TYPE_TEST.findall(translation.python):
            for mnemonic in [one] if one else re.findall(r"'(\w+)'", several):
                self.current_needs.add((dialect, mnemonic))
        for dialect, mnemonic in _IS_DIALECT_TYPE.findall(translation.python):
            self.current_needs.add((dialect, mnemonic))
        return translation.python

    def with_other_files(self, scope: PredScope) -> PredScope:
        """The scope with the type interfaces of this file that no TypeDef of it
        implements, as the TypeDefs of the run's other files that declare them."""
        missing = {
            name: cls
            for name, cls in scope.classes.items()
            if cls.isa.startswith("isinstance({x}, ")
            and "(" not in cls.isa[16:]
            and self._is_type_interface(name)
        }
        if not missing:
            return scope
        classes = dict(scope.classes)
        for other in self.other_records:
            found = self.other_implementers.get(id(other))
            if found is None:
                found = self.other_implementers[id(other)] = type_interface_implementers(other)
            for name in missing:
                declaring = found.get(name.rsplit("::", 1)[-1])
                if declaring and classes[name] is missing[name]:
                    classes[name] = CppClass(
                        f"isinstance({{x}}, ({', '.join(declaring)},))", None, "Type"
                    )
        return dataclasses.replace(scope, classes=classes)

    def with_foreign_types(self, scope: PredScope) -> PredScope:
        """The scope with the types of other dialects (the `pdl` types `pdl_interp`
        takes) tested by dialect and mnemonic: their classes are those dialects'
        generated packages', whichever the run makes, and the type parses wherever
        its dialect is loaded. A type's parameters are read by position."""
        foreign = self._foreign_types()
        own = {
            qualified: cpp_type
            for qualified, cpp_type in _CPP_TYPES.items()
            if cpp_type.dialect == self.current_dialect
        }
        if not foreign and not own:
            return scope
        classes = dict(scope.classes)
        methods = dict(scope.methods)
        for qualified, cpp_type in own.items():
            name = qualified.rsplit("::", 1)[-1]
            narrow = name if cpp_type.parameters else None
            classes.setdefault(qualified, CppClass(f"isinstance({{x}}, {name})", narrow, "Type"))
            for pname, ptype in cpp_type.parameters:
                kind = _CPP_PARAMETER_KINDS.get(ptype)
                if kind is not None:
                    getter = "get" + pname[:1].upper() + pname[1:]
                    methods[(qualified, getter, 0)] = (f"{{0}}.{pname}", kind)
        for qualified, (test, getters) in foreign.items():
            classes[qualified] = test
            methods.update(getters)
        return PredScope(
            scope.self_kind, scope.values, scope.getters, classes, scope.constants, methods
        )

    def _foreign_types(
        self,
    ) -> dict[str, tuple[CppClass, dict[tuple[str, str, int], tuple[str, str]]]]:
        """Qualified C++ class -> its mnemonic test and parameter getters, for the
        TypeDefs of the file's records that belong to another dialect than the op's
        (and for a C++ base class all of whose TypeDefs do)."""
        cached = self._foreign.get(self.current_dialect)
        if cached is not None:
            return cached
        out: dict[str, tuple[CppClass, dict[tuple[str, str, int], tuple[str, str]]]] = {}
        bases: dict[str, tuple[str, list[str]]] = {}
        for name in self.records.get("!instanceof", {}).get("TypeDef", ()):
            record = self.records[name]
            owner = _def(record.get("dialect"), self.records)
            cpp, mnemonic = record.get("cppClassName"), record.get("mnemonic")
            if owner is None or not isinstance(cpp, str) or not isinstance(mnemonic, str):
                continue
            dialect = str(owner.get("name"))
            namespace = str(owner.get("cppNamespace") or "").strip(":")
            if dialect in (self.current_dialect, "builtin") or not namespace:
                continue
            test = _foreign_type_test(record, self.records, dialect, "{x}")
            getters: dict[tuple[str, str, int], tuple[str, str]] = {}
            qualified = f"{namespace}::{cpp}"
            for index, (param, pname) in enumerate(_dag_args(record.get("parameters"))):
                param_record = _def(param, self.records)
                cpp_type = (
                    param
                    if isinstance(param, str)
                    else (
                        str(param_record.get("cppType") or "") if param_record is not None else ""
                    )
                )
                if cpp_type.strip().removeprefix("::").removeprefix("mlir::") == "Type":
                    camel = "".join(part[:1].upper() + part[1:] for part in pname.split("_"))
                    getters[(qualified, "get" + camel, 0)] = (
                        f"cast(Type, {{0}}.params[{index}])",
                        "Type",
                    )
            narrow = "ParametricType" if getters else ""
            out[qualified] = (CppClass(test, narrow, "Type"), getters)
            base = record.get("cppBaseClassName")
            if isinstance(base, str):
                bases.setdefault(base.removeprefix("::"), (dialect, []))[1].append(mnemonic)
        for base, (dialect, mnemonics) in bases.items():
            if base not in out and base.removeprefix("mlir::") not in ("Type",):
                listed = ", ".join(repr(m) for m in sorted(mnemonics))
                test = f"dialect_type_mnemonic({{x}}, {dialect!r}) in ({listed},)"
                out[base] = (CppClass(test, None, "Type"), {})
        self._foreign[self.current_dialect] = out
        return out

    def _is_type_interface(self, qualified: str) -> bool:
        short = qualified.rsplit("::", 1)[-1]
        return any(
            self.records[n].get("cppInterfaceName") == short
            for n in self.records.get("!instanceof", {}).get("TypeInterface", ())
        )

    def class_uses(self, python: str) -> None:
        """Import the dialect classes a translated predicate names, as its op's deps."""
        for word in set(re.findall(r"\b[A-Z]\w*", python)):
            if word in self._enum_attr_records():
                # An enum attribute class named in a predicate (an array of them,
                # `TypedArrayAttrBase<GangArgTypeAttr>`): the dialect's enum attribute.
                record = self.records[self._enum_attr_records()[word]]
                owner = _def(record.get("dialect"), self.records)
                if owner is not None and str(owner.get("name")) == self.current_dialect:
                    self.enum(record, self.current_dialect)
                    continue
            if word not in self._class_records():
                self.other_file_class(word)
                continue
            for record_name in self._class_records().get(word, ()):
                record = self.records[record_name]
                owner = _def(record.get("dialect"), self.records)
                if owner is None:
                    continue
                dialect = str(owner.get("name"))
                if dialect == "builtin":
                    continue  # the runtime's own classes
                if dialect != self.current_dialect:
                    raise _Incomplete(f"uses {word} of dialect '{dialect}' (not imported)")
                if "EnumAttr" in _supers(record):
                    self.enum(record, dialect)
                else:
                    self.param_def(record, dialect)

    def other_file_class(self, word: str) -> None:
        """Import a TypeDef of the current dialect that another file of the run
        defines (a type interface's implementer), read with that file's records, or
        a type the dialect defines in C++ that the runtime knows (`_CPP_TYPES`)."""
        for qualified, cpp_type in _CPP_TYPES.items():
            if cpp_type.dialect == self.current_dialect and qualified.endswith("::" + word):
                self.cpp_type(word, cpp_type)
                return
        for other, name in self.other_typedefs.get(word, ()):
            if other is self.records:
                continue
            record = other[name]
            owner = _def(record.get("dialect"), other)
            if owner is not None and str(owner.get("name")) == self.current_dialect:
                records, classes = self.records, self._classes
                self.records, self._classes = other, None
                try:
                    self.param_def(record, self.current_dialect)
                finally:
                    self.records, self._classes = records, classes
                return

    def _enum_attr_records(self) -> dict[str, str]:
        """C++ class name -> the `EnumAttr` record of that class (first one wins)."""
        if self._enum_attrs is None:
            self._enum_attrs = {}
            for name in self.records.get("!instanceof", {}).get("EnumAttr", ()):
                cpp = self.records[name].get("cppClassName")
                if isinstance(cpp, str):
                    self._enum_attrs.setdefault(cpp, str(name))
        return self._enum_attrs

    def _class_records(self) -> dict[str, list[str]]:
        """C++ class name -> the `TypeDef` and `AttrDef` records of that class."""
        if self._classes is None:
            self._classes = {}
            instances = self.records.get("!instanceof", {})
            for cls in ("TypeDef", "AttrDef"):
                for name in instances.get(cls, ()):
                    record = self.records[name]
                    cpp = record.get("cppClassName")
                    if "EnumAttr" in _supers(record):
                        # Named in predicates by its generated class (`record_classes`).
                        python = class_name_from_def(name)
                        info = _def(record.get("enum"), self.records) or {}
                        if python != info.get("className"):
                            self._classes.setdefault(python, []).append(name)
                    elif isinstance(cpp, str):
                        self._classes.setdefault(cpp, []).append(str(name))
                        # Its Python class starts with a capital (tosa's `shapeType`
                        # is `ShapeType`), which is what a translation names.
                        python = class_name_from_def(f"X_{cpp}")
                        if python != cpp:
                            self._classes.setdefault(python, []).append(str(name))
        return self._classes

    # -- types and attributes -----------------------------------------------

    def param_def(self, record: Mapping[str, Any], dialect: str) -> str:
        """A `TypeDef` or `AttrDef` of the dialect, imported with its parameters and
        syntax; returns its def name in the model (the dialect's prefix and the C++
        class name, so that translated predicates and the generated class agree)."""
        imported = self.dialects[dialect]
        cpp = str(record.get("cppClassName") or "")
        is_type = "TypeDef" in _supers(record)
        original = str(record["!name"])
        prefix = original.split("_", 1)[0] if "_" in original else imported.name.title()
        def_name = f"{prefix}_{cpp}" if cpp else original
        self.current_deps.add(def_name)
        if def_name in imported.types or def_name in imported.attributes:
            return def_name
        problems = imported.def_problems.setdefault(def_name, [])
        hooks = imported.def_hooks.setdefault(def_name, [])
        known = DEF_SYNTAX.get(original)
        params = list(known.parameters) if known is not None else []
        for arg, pname in _dag_args(record.get("parameters") if known is None else None):
            if isinstance(arg, str):
                params.append(ParameterDef(name=pname, type=arg))
                continue
            param = _def(arg, self.records)
            if param is None:
                problems.append(f"parameter ${pname} is not a parameter record")
                continue
            default = param.get("defaultValue")
            optional = "OptionalParameter" in _supers(param)
            literal = None
            if isinstance(default, str) and re.fullmatch(r"-?\d+|true|false", default.strip()):
                # An integer or boolean literal is the same value in Python.
                literal = {"true": "True", "false": "False"}.get(default.strip(), default.strip())
            elif isinstance(default, str) and re.fullmatch(r'"[^"\\]*"', default.strip()):
                # A C++ string literal without escapes is the same string in Python.
                literal = repr(default.strip()[1:-1])
            elif isinstance(default, str) and default and not optional:
                problems.append(f"parameter ${pname}: default value in C++: {default}")
            params.append(
                ParameterDef(
                    name=pname,
                    type=str(param.get("cppType") or ""),
                    optional=optional,
                    default=literal,
                )
            )
        mnemonic = record.get("mnemonic")
        if not isinstance(mnemonic, str) or not mnemonic:
            problems.append("no mnemonic (the dialect parses it in C++)")
            mnemonic = (cpp or original).lower()
        fmt = _text(record.get("assemblyFormat"))
        custom = bool(record.get("hasCustomAssemblyFormat")) or (not fmt and bool(params))
        what = "type" if is_type else "attribute"
        hook_prefix = snake_case(class_name_from_def(def_name))
        runtime = _RUNTIME_TYPE_SYNTAX.get((dialect, mnemonic)) if is_type else None
        if custom and runtime is not None and runtime.assembly_format:
            # The C++ syntax is that of a declarative format.
            fmt, custom = runtime.assembly_format, False
        if custom and runtime is not None:
            # The runtime has the type's C++ parser, printer and verifier.
            classes = ", ".join(
                f"{m!r}: {class_name_from_def(self._sibling_type(dialect, m))}"
                for m in runtime.siblings
            )
            code = {
                key: SourceText(text=text.replace("{siblings}", "{" + classes + "}"))
                for key, text in (
                    ("parser", runtime.parser),
                    ("printer", runtime.printer),
                    ("verifier", runtime.verifier),
                )
                if text
            }
            fields_code: dict[str, Any] = code
        elif known is not None:
            # MLIR's C++ syntax, which the runtime reads and writes: no hook.
            fields_code = {
                "parser": SourceText(text=known.parser),
                "printer": SourceText(text=known.printer),
            }
            if known.verifier is not None:
                fields_code["verifier"] = SourceText(text=known.verifier)
            custom = True
        else:
            fields_code = {}
        if custom and runtime is None and known is None:
            kind = "Type" if is_type else "Attribute"
            hooks.append(
                Hook(
                    f"{hook_prefix}_parse",
                    f"(cls, p: AsmParser) -> {kind}",
                    f"{what} {dialect}.{mnemonic}: `parse(AsmParser &)` after the mnemonic",
                    True,
                )
            )
            hooks.append(
                Hook(
                    f"{hook_prefix}_print",
                    "(self) -> str",
                    f"{what} {dialect}.{mnemonic}: `print(AsmPrinter &)`, the text after "
                    "the mnemonic",
                    True,
                )
            )
        known_verifier = KNOWN_TYPE_VERIFIERS.get(f"{dialect}.{mnemonic}") if is_type else None
        if record.get("genVerifyDecl") and known_verifier is None and "verifier" not in fields_code:
            args = ", ".join(["cls", *(snake_case(p.name) for p in params)])
            hooks.append(
                Hook(
                    f"{hook_prefix}_verify",
                    f"({args}) -> str | None",
                    f"{what} {dialect}.{mnemonic}: `verify(emitError, parameters...)`",
                    True,
                )
            )
        # The runtime's type interfaces the type implements (`!llvm.ptr` may be a
        # vector's element type); the others are C++ API.
        traits = []
        for trait in record.get("traits", ()):
            trait_record = _def(trait, self.records)
            name = str(trait_record.get("!name", "")) if trait_record is not None else ""
            info = BUILTIN_INTERFACES.get(name)
            if info is not None and info.kind == ("type" if is_type else "attr"):
                traits.append(TraitRef(name=name))
        fields: dict[str, Any] = {
            "def": def_name,
            "mnemonic": mnemonic,
            "traits": tuple(traits),
            "summary": _text(record.get("summary")),
            "description": _description(record.get("description")),
            "parameters": tuple(params),
            "assembly_format": SourceText(text=fmt) if fmt and not custom else None,
            "has_custom_assembly_format": custom,
            **fields_code,
        }
        if known_verifier is not None and record.get("genVerifyDecl"):
            # MLIR's C++ checks these parameters; the table has the same check.
            fields["verifier"] = SourceText(text=known_verifier)
        if is_type:
            imported.types[def_name] = TypeDef.model_validate(fields)
        else:
            imported.attributes[def_name] = AttrDef.model_validate(fields)
        return def_name

    def cpp_type(self, cpp: str, cpp_type: _CppType) -> str:
        """A type the dialect defines in C++ (no TypeDef), as a TypeDef of the model
        with the runtime's syntax; returns its def name."""
        imported = self.dialects[cpp_type.dialect]
        def_name = f"{imported.def_name.split('_', 1)[0]}_{cpp}"
        self.current_deps.add(def_name)
        if def_name not in imported.types:
            syntax = cpp_type.syntax
            fields: dict[str, Any] = {
                "def": def_name,
                "mnemonic": cpp_type.mnemonic,
                "summary": cpp_type.summary,
                "parameters": tuple(ParameterDef(name=n, type=t) for n, t in cpp_type.parameters),
            }
            if syntax is not None and syntax.assembly_format:
                fields["assembly_format"] = SourceText(text=syntax.assembly_format)
            elif syntax is not None:
                fields["has_custom_assembly_format"] = True
                fields["parser"] = SourceText(text=syntax.parser)
                fields["printer"] = SourceText(text=syntax.printer)
                if syntax.verifier:
                    fields["verifier"] = SourceText(text=syntax.verifier)
            imported.types[def_name] = TypeDef.model_validate(fields)
            imported.def_problems.setdefault(def_name, [])
        return def_name

    def _sibling_type(self, dialect: str, mnemonic: str) -> str:
        """Import the dialect's TypeDef of `mnemonic` from the file's records."""
        for name in self.records.get("!instanceof", {}).get("TypeDef", ()):
            record = self.records[name]
            owner = _def(record.get("dialect"), self.records)
            if (
                record.get("mnemonic") == mnemonic
                and owner is not None
                and str(owner.get("name")) == dialect
            ):
                return self.param_def(record, dialect)
        raise _Incomplete(f"type !{dialect}.{mnemonic} is not a TypeDef of the files imported")

    def foreign_attr(self, record: Mapping[str, Any], foreign: str, dialect: str) -> str:
        """Another dialect's `AttrDef` that an op names, when that dialect is imported
        in the same run (`nvvm`'s `range` takes `#llvm.constant_range`): imported into
        that dialect with its parameters and syntax, and named by this dialect's
        imports, as `imported_enum_attr` does for enums. The op then waits for the
        def's problems and hooks (`ImportedOp.foreign_defs`)."""
        owner = _def(record.get("dialect"), self.records)
        assert owner is not None
        other = self._dialect_of(owner)
        deps, current = self.current_deps, self.current_dialect
        self.current_deps, self.current_dialect = set(), foreign
        try:
            name = self.param_def(record, foreign)
        finally:
            self.current_deps, self.current_dialect = deps, current
        self.current_foreign.add((foreign, name))
        attr = other.attributes[name]
        imported = self.dialects[dialect]
        previous = imported.imports.get(foreign) or ImportDef(dialect=foreign)
        if all(a.def_name != name for a in previous.attributes):
            previous = previous.model_copy(update={"attributes": (*previous.attributes, attr)})
        imported.imports[foreign] = previous
        return name

    # -- enums --------------------------------------------------------------

    def imported_enum_attr(self, record: Mapping[str, Any], foreign: str, dialect: str) -> str:
        """Another dialect's enum attribute, when that dialect is imported in the same
        run (math with arith): the class of the imported dialect, as an MLIR tool
        built with the user's arith compiles math against it."""
        owner = _def(record.get("dialect"), self.records)
        assert owner is not None
        other = self._dialect_of(owner)
        deps = set(self.current_deps)
        name = self.enum(record, foreign)
        self.current_deps = deps
        attr = other.attributes[name]
        assert attr.enum is not None
        enum = other.enums[attr.enum]
        imported = self.dialects[dialect]
        previous = imported.imports.get(foreign) or ImportDef(dialect=foreign)
        if all(a.def_name != attr.def_name for a in previous.attributes):
            previous = previous.model_copy(
                update={
                    "enums": (*(e for e in previous.enums if e.def_name != enum.def_name), enum),
                    "attributes": (*previous.attributes, attr),
                }
            )
        imported.imports[foreign] = previous
        return name

    def builtin_enum_attr(self, record: Mapping[str, Any], foreign: str, dialect: str) -> str:
        """Another dialect's enum attribute, as the class odsgen's built-in package of
        that dialect defines (math's `fastmath` is `generated.arith`'s): the same
        mnemonic and the same cases, or the op is incomplete."""
        name = str(record["!name"])
        if "EnumAttr" not in supers_of(record):
            raise _Incomplete(f"enum {name} of dialect '{foreign}' (not imported)")
        builtin = _builtin_dialect(foreign)
        mnemonic = str(record.get("mnemonic", ""))
        found = None
        if builtin is not None:
            found = next(
                (a for a in builtin.attributes if a.enum is not None and a.mnemonic == mnemonic),
                None,
            )
        if builtin is None or found is None:
            raise _Incomplete(
                f"attribute {name} of dialect '{foreign}' (odsgen has no built-in "
                f"'{foreign}.{mnemonic}' to use)"
            )
        enum = next(e for e in builtin.enums if e.def_name == found.enum)
        scratch = DialectImport(name=foreign, def_name="")
        info = _def(record.get("enum"), self.records)
        if info is None:
            raise _Incomplete(f"enum attribute {name} without an enum")
        mlir_enum = scratch.enums[self.enum_info(info, scratch)]
        if _cases(mlir_enum) != _cases(enum):
            raise _Incomplete(
                f"attribute {name}: the cases of odsgen's built-in '{foreign}.{mnemonic}' "
                "differ from MLIR's"
            )
        imported = self.dialects[dialect]
        # Named as MLIR's ops name it, through an import of the built-in dialect's
        # definitions: the generated code uses that package's classes.
        previous = imported.imports.get(foreign)
        if previous is None:
            previous = ImportDef(
                dialect=foreign,
                package=None if builtin.python_package == foreign else builtin.python_package,
            )
        if all(a.def_name != found.def_name for a in previous.attributes):
            previous = previous.model_copy(
                update={
                    "enums": (*(e for e in previous.enums if e.def_name != enum.def_name), enum),
                    "attributes": (*previous.attributes, found),
                }
            )
        imported.imports[foreign] = previous
        return found.def_name

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
            self.current_deps.add(name)
            if name not in imported.attributes:
                fmt = " ".join(_text(record.get("assemblyFormat")).split())
                # A leading `` (no space) changes nothing before `<`.
                fmt = fmt.removeprefix("``").strip()
                if fmt not in ("", "`<` $value `>`", "$value"):
                    imported.def_problems.setdefault(name, []).append(
                        f"enum attribute format '{fmt}' is not supported yet"
                    )
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
        record_name = str(info["!name"])
        if record_name in imported.enum_defs:
            return imported.enum_defs[record_name]
        cpp = info.get("className")
        # Named after its C++ class (`Arith_CmpIPredicateAttr` is `CmpIPredicate`), the
        # name parse errors give it with its namespace, unless another record or
        # definition of the dialect has that name.
        name = record_name
        if (
            isinstance(cpp, str)
            and is_identifier(cpp)
            and class_name_from_def(cpp) == cpp
            and (cpp == record_name or cpp not in self.records)
            and cpp not in imported.enums
            and cpp not in imported.attributes
            and cpp not in imported.types
        ):
            name = cpp
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
        namespace = info.get("cppNamespace")
        if isinstance(namespace, str) and namespace:
            # MLIR's parse errors name the enum `<namespace>::<class>`, as written.
            fields["cpp_namespace"] = namespace
        if kind.startswith("bit"):
            fields["separator"] = str(info.get("separator", "|"))
            fields["print_bit_enum_primary_groups"] = bool(info.get("printBitEnumPrimaryGroups"))
        imported.enums[name] = EnumDef.model_validate(fields)
        imported.enum_defs[record_name] = name
        return name

    # -- ops ----------------------------------------------------------------

    def dialect(self, op: Mapping[str, Any]) -> DialectImport:
        record = _def(op.get("opDialect"), self.records)
        if record is None:
            raise _Incomplete("op without a dialect")
        return self._dialect_of(record)

    def _dialect_of(self, record: Mapping[str, Any]) -> DialectImport:
        """The import of the dialect whose `Dialect` def is `record`, made on first use."""
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
        item = ImportedOp(def_name=def_name, name=f"{imported.name}.{mnemonic}", owner=imported)
        self.current_deps = item.depends
        self.current_needs = item.needs_types
        self.current_foreign = item.foreign_defs
        self.current_dialect = imported.name
        try:
            item.op = self.op_def(record, imported, item)
        except _Incomplete as problem:
            item.problems.append(str(problem))
        return imported, item

    def op_def(self, record: Mapping[str, Any], imported: DialectImport, item: ImportedOp) -> OpDef:
        dialect = imported.name
        scope = self.with_foreign_types(self.with_other_files(op_scope(record, self.records)))
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
        problems += self.stripped_type_directives(record)
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
            "has_verifier": bool(record.get("hasVerifier"))
            or any(not r for _, r in item.interface_checks),
            "has_region_verifier": bool(record.get("hasRegionVerifier"))
            or any(r for _, r in item.interface_checks),
            "has_custom_assembly_format": bool(record.get("hasCustomAssemblyFormat"))
            and not _text(fmt),
        }
        known = self.known_verifier(record) if record.get("hasVerifier") else None
        if known is not None and not item.interface_checks:
            fields["verifier"] = SourceText(text=known)
        names = self.default_result_names(results, traits)
        fields.update(self.shipped_code(record, item, traits, names))
        if "asm_result_names" in fields:
            names = None
        known_names = KNOWN_RESULT_NAMES.get(item.name)
        if known_names is not None and any("OpAsmOpInterface" in t.spelling() for t in traits):
            # MLIR's C++ names this op's result; the table has the same names.
            names = known_names
        if names is not None:
            fields["asm_result_names"] = SourceText(text=names)
        default_order = [o.name for o in operands] + [a.name for a in attributes]
        if arg_names != default_order and len(arg_names) == len(default_order):
            fields["argument_order"] = tuple(arg_names)
        return OpDef.model_validate(fields)

    def shipped_op(self, name: str) -> OpDef | None:
        """odsgen's own op of this name, when odsgen ships its dialect (`memref.cast`
        of `opdefs/memref.td`)."""
        dialect = name.split(".", 1)[0]
        if dialect not in self._shipped:
            self._shipped[dialect] = _builtin_dialect(dialect)
        spec = self._shipped[dialect]
        if spec is None:
            return None
        return next((o for o in spec.ops if f"{spec.name}.{o.mnemonic}" == name), None)

    def shipped_code(
        self,
        record: Mapping[str, Any],
        item: ImportedOp,
        traits: Sequence[TraitRef],
        default_names: str | None,
    ) -> dict[str, SourceText]:
        """The methods an imported op takes from odsgen's own op of the same name
        instead of hooks: MLIR's C++ verifier (`verify_custom`) and result names,
        which odsgen's dialect writes in Python against the same operand, attribute
        and result names. Only where no interface check joins the C++ (`hooks`
        leaves those to the implementation module), and not a verifier that names
        odsgen's own op classes (`_shippable`)."""
        shipped = self.shipped_op(item.name)
        if shipped is None:
            return {}
        dialect = item.name.split(".", 1)[0]
        cls = class_name_from_def(shipped.def_name)

        def call(method: str) -> SourceText:
            return SourceText(
                text=f"from generated.{dialect}.ops import {cls} as Shipped\n\n"
                f"return Shipped.{method}(self)  # type: ignore[arg-type]\n"
            )

        out: dict[str, SourceText] = {}
        plain = any(not r for _, r in item.interface_checks)
        known = self.known_verifier(record)
        if record.get("hasVerifier") and not plain and known is None and _shippable(shipped):
            out["verifier"] = call("verify_custom")
        declares = any("OpAsmOpInterface" in t.spelling() for t in traits)
        if default_names is None and shipped.asm_result_names is not None and declares:
            out["asm_result_names"] = call("asm_result_names")
        return out

    @staticmethod
    def default_result_names(
        results: Sequence[ResultDef], traits: Sequence[TraitRef]
    ) -> str | None:
        """The names mlir-tblgen gives the results of an op with several (and no
        `OpAsmOpInterface` of its own): each named group's first value is named after
        it. Returned as the body of `asm_result_names`."""
        if len(results) < 2 or any("OpAsmOpInterface" in t.spelling() for t in traits):
            return None
        if any(r.variadicity != "single" for r in results):
            return None  # the groups' positions are known at run time only
        pairs = ", ".join(f"({i}, {r.name!r})" for i, r in enumerate(results) if r.name)
        return f"return [{pairs}]\n"

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
        elif str(record.get("defaultValue") or "").strip() and (
            # A unit attribute's `false` is its absence, not a default.
            "UnitAttr" not in (str(record.get("!name")), *supers)
        ):
            # As in ODS, an attribute with a `defaultValue` of its own is default-valued
            # without a wrapper (gpu's `mat_transpose_mode`, `NON_TRANSPOSE`).
            default = self.default(str(record["defaultValue"]), record, dialect)
            optional = bool(record.get("isOptional"))
        constraint = self.attr_constraint(record, scope, dialect)
        if default is not None and not _default_buildable(constraint):
            raise _Incomplete(
                f"default value {default!r}: odsgen cannot build a default of this kind of "
                "attribute yet"
            )
        return AttributeDef(name=name, type=constraint, optional=optional, default=default)

    def default(self, cpp: str, base: Mapping[str, Any], dialect: str) -> str | int | float | bool:
        """A `DefaultValuedAttr`'s C++ default as the model's default value."""
        text = cpp.strip()
        if text in ("true", "false"):
            return text == "true"
        if re.fullmatch(r"-?(\d+|0x[0-9a-fA-F]+)", text):
            return int(text, 0)
        braces = re.fullmatch(r"\{(.*)\}", text, re.DOTALL)
        storage = base
        while "ConfinedAttr" in _supers(storage):  # the stored attribute under the checks
            inner = _def(storage.get("baseAttr"), self.records)
            if inner is None:
                break
            storage = inner
        dense_array = _DENSE_ARRAY.fullmatch(str(storage.get("!name", ""))) or (
            # A dialect's own name for one (`Shard_GridAxesAttr`, i16 elements).
            "DenseArrayAttrBase" in _supers(storage)
            and _DENSE_ARRAY.fullmatch(str(storage.get("storageType", "")).removeprefix("::mlir::"))
        )
        if braces is not None and dense_array:
            # A dense array's C++ initializer list: the Python tuple of its values.
            items = [i.strip() for i in braces.group(1).split(",") if i.strip()]
            values = []
            for item in items:
                number = re.fullmatch(r"(?:static_cast<\w+>\()?(-?\d+)\)?", item)
                if number is None:
                    raise _Incomplete(f"default value in C++: {text}")
                values.append(int(number.group(1)))
            return repr(tuple(values))
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
                # `{}` value-initializes the enum: the case of value 0 (a bit
                # enum's empty set, LLVM's `#llvm.fastmath<none>`).
                if case is not None and text == "{}" and case.get("value") == 0:
                    return str(case.get("str", case.get("symbol")))
        raise _Incomplete(f"default value in C++: {text}")

    def region(self, arg: Any, name: str) -> RegionDef:
        """A region constraint, known by MLIR's summary of it (a `VariadicRegion`
        record keeps only its element's predicate and summary)."""
        record = _def(arg, self.records)
        if record is None:
            raise _Incomplete("not a region constraint")
        variadic = "VariadicRegion" in _supers(record)
        summary = _text(record.get("summary"))
        kind: Any = None
        blocks = 0
        for pattern, k in _REGION_SUMMARIES:
            match = re.fullmatch(pattern, summary)
            if match is not None:
                kind, blocks = k, int(match.group(1)) if match.groups() else 0
                break
        if kind is None:
            raise _Incomplete(f"region constraint '{summary or record.get('!name')}'")
        constraint = RegionConstraint(kind=kind, blocks=blocks)
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
        prefix = snake_case(class_name_from_def(str(record["!name"])))
        module = self.dialects[_dialect_name(record, self.records)].module_name

        def add(ref: TraitRef) -> None:
            key = ref.spelling()
            if key not in seen:
                seen.add(key)
                out.append(ref)

        def add_interface(trait: Mapping[str, Any], iface: str) -> None:
            """An interface the op implements, by its role (`INTERFACE_ROLES`): one
            whose methods change what odsgen parses, prints or verifies is required,
            its methods hooks that the op needs (or its checks part of the op's
            verifier hook); one whose methods are analysis and transformation API is
            listed in the skeleton as optional hooks."""
            role = interface_role(trait, self.records)
            overridden = {str(m) for m in trait.get("alwaysOverriddenMethods") or ()}
            methods = _implemented_methods(trait, self.records)
            info = next(
                (i for i in BUILTIN_INTERFACES.values() if iface in (i.class_name, i.def_name)),
                None,
            )
            unsupported = sorted(set(methods) & role.unsupported)
            if unsupported:
                problems.append(
                    f"interface {iface}: {', '.join(unsupported)} (C++): {role.reason}; "
                    "odsgen has no hook for it yet"
                )
                return
            if role.required and role.check is not None:
                item.interface_checks.append(
                    (f"{iface}: {role.reason}", role.check == "verify_regions")
                )
            modelled = {m.ods_name for m in info.methods} if info is not None else set()
            if not role.required or info is None:
                for cpp_method in methods:
                    if cpp_method in modelled:
                        continue
                    item.hooks.append(
                        Hook(
                            f"{prefix}_{snake_case(cpp_method)}",
                            "(op, ...)",
                            f"{item.name}: {iface}::{cpp_method} ({role.reason})",
                            False,
                        )
                    )
            if info is None:
                item.notes.append(f"interface {iface} ({role.reason})")
                return
            for method in info.methods:
                if method.kind != "required" and method.ods_name not in overridden:
                    continue
                if method.py_name == "asm_result_names" and (
                    item.name in KNOWN_RESULT_NAMES
                    or (
                        (shipped := self.shipped_op(item.name)) is not None
                        and shipped.asm_result_names is not None
                    )
                ):
                    continue  # the op's spec gets the names MLIR's C++ gives
                params = ", ".join(("cls" if method.static else "op", *method.params))
                returns = method.signature.rsplit("->", 1)[-1].strip()
                item.hooks.append(
                    Hook(
                        f"{prefix}_{method.py_name}",
                        f"({params}) -> {returns}",
                        f"{item.name}: {iface}::{method.ods_name}, "
                        f"as `{method.signature}` in Python",
                        True,
                    )
                )
            declared = tuple(m.ods_name for m in info.methods if m.ods_name in overridden)
            if declared:
                add(TraitRef(name="DeclareOpInterfaceMethods", args=(info.def_name, declared)))
            else:
                add(TraitRef(name=info.def_name))

        def visit(value: Any) -> None:
            trait = _def(value, self.records)
            if trait is None:
                return
            name = str(trait["!name"])
            supers = _supers(trait)
            if "OpInterfaceTrait" in supers or "OpInterface" in supers:
                add_interface(trait, str(trait.get("cppInterfaceName", name)))
                return
            if not trait.get("!anonymous") and KNOWN_TRAITS.get(name) == "":
                add(TraitRef(name=name))
                return
            if "TraitList" in supers:
                for inner in trait.get("traits", ()):
                    visit(inner)
                return
            for cls in reversed(supers):
                if KNOWN_TRAITS.get(cls) == "names" and isinstance(trait.get("values"), list):
                    names: tuple[str, ...] = tuple(str(v) for v in trait["values"])
                    add(TraitRef(name=cls, args=(names,)))
                    return
            if "PredOpTrait" in supers:
                summary = _text(trait.get("summary"))
                op_scope_ = dataclasses.replace(scope, self_kind="Op")
                translation = translate_pred(trait.get("predicate"), self.records, op_scope_)
                if translation.python is None:
                    problems.append(f"trait '{summary}': {translation.problem}")
                    return
                if "TypesMatchWith" in supers:
                    add(
                        self.types_match_with(
                            trait, translation.python, scope, item, prefix, module
                        )
                    )
                    return
                add(TraitRef(name="PredOpTrait", args=(summary, translation.python)))
                return
            if "SideEffectsTraitBase" in supers or "MemoryEffects" in supers:
                return  # memory effects are for transformations, not syntax or checks
            native = str(trait.get("trait", "")) if "NativeTrait" in supers else ""
            if (ref := self.op_name_trait(native, record, problems)) is not None:
                add(ref)
                return
            if (ref := self.sm_trait(native)) is not None:
                add(ref)
                return
            if native in _IGNORED_NATIVE or name in _IGNORED_NATIVE:
                return
            needs = _DEFINITION_CHECKS.get(native.rsplit("::", 1)[-1])
            if needs is not None and _implements(record, needs, self.records):
                return  # its check holds for every program of an op so defined
            if "ParamNativeOpTrait" in supers or "NativeOpTrait" in supers or native:
                problems.append(f"trait {native or name} has no odsgen counterpart")
                return
            item.notes.append(f"trait {name} not mapped")

        for trait_ref in record.get("traits", ()):
            visit(trait_ref)
        return out

    def op_name_trait(
        self, native: str, op: Mapping[str, Any], problems: list[str]
    ) -> TraitRef | None:
        """`SingleBlockImplicitTerminator<"Op">`, `HasParent<"Op">`,
        `ParentOneOf<[...]>` and IRDL's `AtMostOneChildOf<...>`: their C++ (`::mlir::OpTrait::HasParent<FuncOp>::Impl`)
        names op classes, which become the def names of the dialect's ops."""
        match = _OP_NAME_TRAIT.fullmatch(native.strip())
        if match is None:
            return None
        trait, classes = match.group(1), [c.strip() for c in match.group(2).split(",")]
        dialect = _dialect_name(op, self.records)
        defs = []
        for cpp in classes:
            found = self.op_name_of(cpp, dialect)
            if found is None:
                problems.append(f"trait {trait}<{cpp}>: an op not among the files imported")
                return TraitRef(name=trait)
            defs.append(found)
        if trait == "AtMostOneChildOf":
            return TraitRef(name=trait, args=(tuple(defs),))
        if trait == "ParentOneOf" or len(defs) > 1:
            # `ParentOneOf<[...]>` is MLIR's `HasParent` of several ops.
            return TraitRef(name="ParentOneOf", args=(tuple(defs),))
        return TraitRef(name=trait, args=(defs[0],))

    def sm_trait(self, native: str) -> TraitRef | None:
        """NVVM's `NVVMRequiresSM<90>` (a minimum SM version) and `NVVMRequiresSMa<[100,
        101]>` (one of these arch-accelerated versions): the versions an op needs of
        the NVVM targets of the `gpu.module`s around it. The target attribute they
        read, `#nvvm.target`, is imported beside the ops (its own hooks are its own,
        not the ops')."""
        match = _SM_TRAIT.fullmatch(native.strip())
        if match is None:
            return None
        versions = tuple(v.strip() for v in match.group(2).split(","))
        if "NVVM_TargetAttr" in self.records and self.current_dialect in self.dialects:
            before = set(self.current_deps)
            self.param_def(self.records["NVVM_TargetAttr"], self.current_dialect)
            self.current_deps -= self.current_deps - before
        return TraitRef(name=match.group(1), args=(versions,))

    def op_name_of(self, cpp: str, dialect: str) -> str | None:
        """The op name (`linalg.yield`) of an op's C++ class (`YieldOp`, `func::FuncOp`),
        among the ops of every file imported: MLIR names an op class by its def name
        past the prefix. The class of another dialect is qualified by its namespace."""
        parts = cpp.removeprefix("::").removeprefix("mlir::").split("::")
        name = parts[-1]
        if len(parts) > 1 and parts[0] != dialect:
            for other, classes in self._op_classes.items():
                if other.replace("_", "") == parts[0]:
                    return classes.get(name)
            return _KNOWN_OPS.get(cpp.removeprefix("::").removeprefix("mlir::"))
        found = self._op_classes.get(dialect, {}).get(name)
        return found if found is not None else _KNOWN_OPS.get(name)

    def types_match_with(
        self,
        trait: Mapping[str, Any],
        python: str,
        scope: PredScope,
        item: ImportedOp,
        prefix: str,
        module: str,
    ) -> TraitRef:
        """`TypesMatchWith`: the transformer translated to Python, so that formats
        infer the type as MLIR's do; one the tables cannot translate is a hook of
        the implementation module. A comparator other than `==` stays the predicate
        MLIR checks (a `PredOpTrait`), which infers nothing."""
        summary = _text(trait.get("summary"))
        lhs, rhs = str(trait.get("lhs", "")), str(trait.get("rhs", ""))
        comparator = _text(trait.get("comparator"))
        if comparator and comparator.replace(" ", "") != "std::equal_to<>()":
            return TraitRef(name="PredOpTrait", args=(summary, python))
        cpp = str(trait.get("transformer", "$_self"))
        type_scope = dataclasses.replace(scope, self_kind="Type")
        transform = translate_type_expr(cpp, type_scope)
        if transform.python is not None:
            return TraitRef(name="TypesMatchWith", args=(summary, lhs, rhs, transform.python))
        function = f"{prefix}_{snake_case(rhs)}_type"
        item.hooks.append(
            Hook(
                function,
                "(type_: Type) -> Type",
                f"{item.name}: the type of ${rhs} from the type of ${lhs}, C++ `{cpp.strip()}`",
                True,
            )
        )
        return TraitRef(
            name="TypesMatchWith", args=(summary, lhs, rhs, f"{module}.{function}($_self)")
        )

    # -- hooks --------------------------------------------------------------

    def known_verifier(self, record: Mapping[str, Any]) -> str | None:
        """The Python of the op's C++ `verify()` when it is one the runtime has."""
        code = record.get("extraClassDefinition")
        body = cpp_verify_body(code) if isinstance(code, str) else None
        return OP_VERIFIERS.get(body) if body is not None else None

    def hooks(self, record: Mapping[str, Any], imported: DialectImport, item: ImportedOp) -> None:
        prefix = snake_case(class_name_from_def(str(record["!name"])))
        op = item.name
        plain = [text for text, regions in item.interface_checks if not regions]
        regional = [text for text, regions in item.interface_checks if regions]
        shipped = self.shipped_op(item.name)
        if record.get("hasVerifier") and not plain and self.known_verifier(record) is not None:
            pass  # the runtime has MLIR's C++ check (`op_def` gives its Python)
        elif record.get("hasVerifier") and not plain and _shippable(shipped):
            pass  # odsgen's own op of the name has MLIR's check (`shipped_code`)
        elif record.get("hasVerifier") or plain:
            contract = (
                f"{op}: `LogicalResult verify()`; return MLIR's message without "
                "the `'op' op` prefix, or None"
                if record.get("hasVerifier")
                else f"{op}: no `verify()` of its own"
            )
            item.hooks.append(
                Hook(
                    f"{prefix}_verify",
                    "(op) -> str | None",
                    contract + "".join(f"; first, the check of {c}" for c in plain),
                    True,
                )
            )
        if record.get("hasRegionVerifier") or regional:
            contract = (
                f"{op}: `LogicalResult verifyRegions()`, run after the nested ops verify"
                if record.get("hasRegionVerifier")
                else f"{op}: run after the nested ops verify"
            )
            item.hooks.append(
                Hook(
                    f"{prefix}_verify_regions",
                    "(op) -> str | None",
                    contract + "".join(f"; first, the check of {c}" for c in regional),
                    True,
                )
            )
        # A declarative format wins over `hasCustomAssemblyFormat`, as in ODS, where a
        # base class's flag (`SPIRV_Op`'s) leaves a format given below it in charge.
        if record.get("hasCustomAssemblyFormat") and not _text(record.get("assemblyFormat")):
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
            uses = re.findall(rf"custom<{directive}>\(((?:[^()]|\([^()]*\))*)\)", fmt)
            if _runtime_directive(snake, uses):
                continue
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
        builders = [b for b in record.get("builders") or () if _def(b, self.records)]
        for index, builder in enumerate(builders):
            found = _def(builder, self.records)
            assert found is not None
            item.hooks.append(_builder_hook(prefix, op, index, found, self.records))


#: MLIR's summaries of its region constraints, and the model's kinds.
_REGION_SUMMARIES = (
    (r"any region", "any"),
    (r"region with (\d+) blocks", "sized"),
    (r"region with at least (\d+) blocks", "min_sized"),
    (r"region with at most (\d+) blocks", "max_sized"),
)

#: MLIR's dense array attributes of integers.
_DENSE_ARRAY = re.compile(r"DenseI(1|8|16|32|64)ArrayAttr")

#: Op classes of dialects whose files an import may leave out.
_KNOWN_OPS = {"func::FuncOp": "func.func", "ModuleOp": "builtin.module"}

#: The native traits that name ops, by their C++ spelling.
_SM_TRAIT = re.compile(
    r"(?:::)?(?:mlir::)?(?:OpTrait::)?(NVVMRequiresSMa?)<(\d+(?:,\s*\d+)*)>::Impl"
)
_OP_NAME_TRAIT = re.compile(
    r"(?:::)?(?:mlir::)?(?:OpTrait::)?"
    r"(SingleBlockImplicitTerminator|HasParent|ParentOneOf|AtMostOneChildOf)"
    r"<(.+)>::Impl"
)

#: MLIR traits that mean nothing to odsgen's parsing, printing and verifying.
_IGNORED_NATIVE = frozenset(
    {
        "OpAsmOpInterface",
        "ResultsAreFloatLike",
        "SameOperandsAndResultElementType",
        # The C++ of `inferReturnTypes` from an adaptor: its hook is the interface's.
        "InferTypeOpAdaptor",
        # `InferShapedTypeOpAdaptor` and `InferTensorType` are C++ glue: MLIR's trait
        # classes are empty (no `verifyTrait`), and their extra declarations forward
        # the interface methods to ones taking an adaptor. What they imply comes in
        # their trait lists: `InferShapedTypeOpInterface`, whose shape inference is
        # for builders and passes and is verified by nothing (an optional hook), and,
        # with `InferTensorType`, `InferTypeOpInterface`, whose inferred result types
        # MLIR's verifier compares with the op's (a required hook).
        "InferShapedTypeOpAdaptor",
        "InferTensorType",
        # Markers for analyses and transformations, checked by nothing.
        "HasParallelRegion",
        "HasRecursiveMemoryEffects",
        "FunctionalStyleTransformOpTrait",
        "NavigationTransformOpTrait",
        "ReportTrackingListenerFailuresOpTrait",
        "spirv::UsableInSpecConstantOp",
        "spirv::SignedOp",
        "spirv::UnsignedOp",
    }
)


@dataclass(frozen=True)
class InterfaceRole:
    """Whether an interface's methods change what odsgen parses, prints or verifies."""

    required: bool
    """An op implementing it in C++ is incomplete until its hooks are written."""
    reason: str
    """What the interface does in MLIR, for the report and the skeleton."""
    check: Literal["verify", "verify_regions"] | None = None
    """Where the op's hooks make the interface's check, when odsgen's runtime does not
    (`verify` before the regions verify, `verify_regions` after); None when odsgen's
    runtime does what the interface does, or there is nothing to check."""
    unsupported: frozenset[str] = frozenset()
    """Methods that odsgen has no hook for: an op defining them in C++ is incomplete."""


def _verifier(reason: str, *, regions: bool = False) -> InterfaceRole:
    return InterfaceRole(True, reason, "verify_regions" if regions else "verify")


def _api(reason: str) -> InterfaceRole:
    return InterfaceRole(False, reason)


#: MLIR's op interfaces, by C++ name: whether their methods change what odsgen does
#: when it parses, prints or verifies a program (required: the op needs its hooks),
#: or serve analyses and transformations only (optional: the skeleton lists them).
#: An interface with a `verify` in ODS checks every op implementing it (MLIR runs it
#: with the op's traits, before the op's own `verify()`, or after the regions with
#: `verifyWithRegions`); an interface not listed is classified by that alone.
INTERFACE_ROLES: dict[str, InterfaceRole] = {
    # Parsing and printing.
    "OpAsmOpInterface": InterfaceRole(
        True,
        "getAsmResultNames and getAsmBlockArgumentNames name the printed values; "
        "getAsmBlockNames names printed blocks; getDefaultDialect changes how nested "
        "ops parse and print",
        unsupported=frozenset({"getAsmBlockNames", "getDefaultDialect"}),
    ),
    "InferTypeOpInterface": InterfaceRole(
        True,
        "a format that leaves result types out parses them from inferReturnTypes, and "
        "its verifier compares the results with them (odsgen's runtime runs it)",
    ),
    # Verifiers odsgen's runtime runs.
    "SymbolOpInterface": InterfaceRole(
        True, "its verifier checks `sym_name` and `sym_visibility` (odsgen's runtime runs it)"
    ),
    # Verifiers an op's hooks make.
    "CastOpInterface": _verifier(
        "its verifier calls areCastCompatible on the operand and result types"
    ),
    "BranchOpInterface": _verifier(
        "its verifier checks the operands getSuccessorOperands passes to each successor "
        "against the successor's arguments"
    ),
    "RegionBranchOpInterface": _verifier(
        "its verifier checks the types of the values passed along the control flow "
        "getSuccessorRegions describes",
        regions=True,
    ),
    "WeightedBranchOpInterface": _verifier("its verifier checks the branch weights"),
    "WeightedRegionBranchOpInterface": _verifier("its verifier checks the region weights"),
    "SymbolUserOpInterface": _verifier(
        "verifySymbolUses checks the symbols the op names, when the enclosing symbol table verifies"
    ),
    "DestinationStyleOpInterface": _verifier(
        "its verifier checks the inits (`outs`) against the results", regions=True
    ),
    "LoopLikeOpInterface": _verifier(
        "its verifier checks the inits, region iter_args, yielded values and results "
        "agree in number and type",
        regions=True,
    ),
    "FunctionOpInterface": _verifier(
        "its verifier checks the function type against the argument and result "
        "attributes and the entry block's arguments"
    ),
    "ShapedDimOpInterface": _verifier("its verifier checks the op's shaped value and index"),
    "OffsetSizeAndStrideOpInterface": _verifier(
        "its verifier checks the static and dynamic offsets, sizes and strides"
    ),
    "RegionKindInterface": InterfaceRole(
        True,
        "getRegionKind says which regions are graph regions, which the dominance check "
        "skips (odsgen's runtime knows the HasOnlyGraphRegion trait)",
        unsupported=frozenset({"getRegionKind"}),
    ),
    # Analysis and transformation API.
    "MemoryEffectOpInterface": _api("memory effects, for analyses and transformations"),
    "ConditionallySpeculatable": _api("whether the op may be speculated, for transformations"),
    "BufferizableOpInterface": _api("bufferization"),
    "VectorUnrollOpInterface": _api("vector unrolling"),
    "BytecodeOpInterface": _api("the bytecode reader and writer"),
    "InferIntRangeInterface": _api("integer range analysis"),
    "InferShapedTypeOpInterface": _api(
        "shape inference for transformations (it has no verifier of its own)"
    ),
    "ReifyRankedShapedTypeOpInterface": _api("reifying result shapes, for transformations"),
    "RegionBranchTerminatorOpInterface": _api(
        "the operands a region terminator passes on, for RegionBranchOpInterface "
        "(its own verifier checks only the C++ class at compile time)"
    ),
    "TransformOpInterface": _api(
        "applying the transform; its verifier checks the memory effects the op's "
        "definition declares on its operands and results, the same for every program"
    ),
    "MatchOpInterface": _api("applying the transform (a TransformOpInterface)"),
    "PatternDescriptorOpInterface": _api("the patterns a transform adds"),
    "ConversionPatternDescriptorOpInterface": _api("the conversion patterns a transform adds"),
    "TypeConverterBuilderOpInterface": _api("the type converter a transform builds"),
    "CallOpInterface": _api("call graph analyses and inlining (it has no verifier)"),
    "CallableOpInterface": _api("call graph analyses and inlining (it has no verifier)"),
    "ViewLikeOpInterface": _api("alias analysis"),
    "TilingInterface": _api("tiling"),
    "AsyncOpInterface": _api("the async token chain, for transformations"),
    "MaskableOpInterface": _api("vector masking transformations"),
    "SelectLikeOpInterface": _api("the select's operands, for transformations"),
    "ArithFastMathInterface": _api("the fastmath flags, for transformations"),
    "QueryMinVersionInterface": _api("the SPIR-V version the op needs, for target checks"),
    "QueryMaxVersionInterface": _api("the SPIR-V version the op needs, for target checks"),
    "QueryExtensionInterface": _api("the SPIR-V extensions the op needs, for target checks"),
    "QueryCapabilityInterface": _api("the SPIR-V capabilities the op needs, for target checks"),
}


def interface_role(trait: Mapping[str, Any], records: Records) -> InterfaceRole:
    """The role of the interface an op trait names (`INTERFACE_ROLES`, or by whether
    the interface's ODS has a `verify`)."""
    name = str(trait.get("cppInterfaceName") or trait.get("!name"))
    if name in INTERFACE_ROLES:
        return INTERFACE_ROLES[name]
    interface = _def(trait.get("declaredInterface"), records) or trait
    if _text(interface.get("verify")).strip():
        return _verifier(
            "its ODS `verify` checks each op implementing it",
            regions=bool(interface.get("verifyWithRegions")),
        )
    return _api("C++ API for analyses and transformations (it has no verifier)")


def _implemented_methods(trait: Mapping[str, Any], records: Records) -> list[str]:
    """The interface methods an op defines in C++: those `DeclareOpInterfaceMethods`
    names and the interface's methods without a default (a plain interface trait's
    methods come from other traits or the op's `extraClassDeclaration`)."""
    if "DeclareInterfaceMethods" not in _supers(trait):
        return []
    interface = _def(trait.get("declaredInterface"), records) or trait
    out = [str(m) for m in trait.get("alwaysOverriddenMethods") or ()]
    for value in interface.get("methods") or ():
        method = _def(value, records)
        if method is None or _text(method.get("body")) or _text(method.get("defaultBody")):
            continue
        if str(method.get("name")) not in out:
            out.append(str(method.get("name")))
    return out


#: Native traits whose `verifyTrait` checks only the op's definition, passing for
#: every program of an op that implements the interface given: odsgen need not run
#: them. (`TransformEachOpTrait` checks that the op implements
#: `TransformOpInterface`; its one operand is a `static_assert`.)
_DEFINITION_CHECKS = {"TransformEachOpTrait": "TransformOpInterface"}


def _implements(op: Mapping[str, Any], interface: str, records: Records) -> bool:
    """Whether an op's traits (through trait lists) name the interface (C++ name)."""
    pending = list(op.get("traits") or ())
    while pending:
        trait = _def(pending.pop(), records)
        if trait is None:
            continue
        if trait.get("cppInterfaceName") == interface:
            return True
        pending.extend(trait.get("traits") or () if "TraitList" in _supers(trait) else ())
    return False


def _runtime_directive(snake: str, uses: Sequence[str]) -> bool:
    """Whether the runtime defines a `custom<...>` directive's functions, taking its
    arguments as each use in the format passes them: only `$name` and `type($name)`
    arguments, as many
    as the printer takes after the printer and the op (MLIR's `DynamicIndexList` with
    a delimiter or scalable flags passes more, and stays a hook)."""
    from generator.ir import dialects

    parse = print_ = None
    for info in pkgutil.iter_modules(dialects.__path__):
        module = importlib.import_module(f"{dialects.__name__}.{info.name}")
        if f"print_{snake}" in getattr(module, "__all__", ()):
            parse = getattr(module, f"parse_{snake}", None)
            print_ = getattr(module, f"print_{snake}")
            break
    if parse is None or print_ is None:
        return False
    required = [
        p
        for p in inspect.signature(print_).parameters.values()
        if p.default is inspect.Parameter.empty
    ]
    for use in uses:
        args = [a.strip() for a in use.split(",") if a.strip()]
        plain = all(re.fullmatch(r"\$\w+|type\(\$\w+\)", a) for a in args)
        if not plain or len(args) != len(required) - 2:
            return False
    return bool(uses)


def _attr_predicate(record: Mapping[str, Any]) -> AttrPredicate | None:
    """A primitive attribute check (`IntPositive`, `IntMinValue<0>`) by its class,
    with its arguments read back from its summary; None for any other check."""
    summary = _text(record.get("summary"))
    names = [str(record.get("!name", "")), *reversed(_supers(record))]
    for name in names:
        known = ATTR_PREDICATE_NAMES.get(name)
        if known is None:
            continue
        count, template = known
        pattern = re.escape(template)
        for i in range(count):
            pattern = pattern.replace(re.escape(f"{{{i}}}"), r"(-?\d+)")
        match = re.fullmatch(pattern, summary)
        if match is None:
            return None
        return AttrPredicate(name=name, args=tuple(int(g) for g in match.groups()))
    return None


def _shippable(shipped: OpDef | None) -> bool:
    """Whether odsgen's own op has a verifier an imported op of its name can run: one
    of an op without regions that names no op class (checks of regions, terminators
    and parents test odsgen's own classes, which an imported op's neighbours are
    not)."""
    if shipped is None or shipped.verifier is None or shipped.regions:
        return False
    return re.search(r"\b[A-Z]\w*Op\b", shipped.verifier.text) is None


def _default_buildable(constraint: AttrConstraint) -> bool:
    """Whether the generated code can build an attribute's default value (the rule
    of `generator.emit.ops`): an enum case, a float, or a kind with a builder."""
    from generator.emit.ops import attr_kind  # the emitter's rule, asked as it is

    if isinstance(constraint, AttrRefConstraint | FloatAttrConstraint):
        return True
    if isinstance(constraint, DenseArrayAttrConstraint):
        return constraint.element != "i1"  # integers, from their tuple
    return attr_kind(constraint, {}).build_expr != "v"


def _dialect_name(op: Mapping[str, Any], records: Records) -> str:
    record = _def(op.get("opDialect"), records)
    return str(record.get("name")) if record is not None else ""


def supers_of(record: Mapping[str, Any]) -> Sequence[str]:
    """The superclasses of a record."""
    return _supers(record)


def _cases(enum: EnumDef) -> list[tuple[int | None, str]]:
    return sorted((c.value, c.text) for c in enum.cases)


@functools.cache
def _builtin_dialect(name: str) -> DialectDef | None:
    """odsgen's built-in spec of a dialect, if it ships one."""
    from generator.resources import builtin_spec_files
    from generator.spec.convert import load_spec

    for path in builtin_spec_files():
        if path.stem == name:
            return load_spec(path)
    return None


#: C++ parameter types of builders and their Python annotations.
_BUILDER_TYPES = {
    "Value": "Value",
    "Type": "Type",
    "Attribute": "Attribute",
    "ValueRange": "Sequence[Value]",
    "TypeRange": "Sequence[Type]",
    "ArrayRef<Value>": "Sequence[Value]",
    "ArrayRef<Type>": "Sequence[Type]",
    "ArrayRef<int64_t>": "Sequence[int]",
    "ArrayRef<NamedAttribute>": "Sequence[tuple[str, Attribute]]",
    "StringRef": "str",
    "std::string": "str",
    "double": "float",
    "float": "float",
    "bool": "bool",
    "int": "int",
    "int64_t": "int",
    "int32_t": "int",
    "uint64_t": "int",
    "unsigned": "int",
    "APInt": "int",
    "APFloat": "float",
    "Block *": "Block",
    "Region *": "Region",
    "FunctionType": "FunctionType",
    "DenseElementsAttr": "DenseElementsAttr",
    "IntegerAttr": "IntegerAttr",
    "FloatAttr": "FloatAttr",
    "StringAttr": "StringAttr",
    "TypeAttr": "TypeAttr",
    "ArrayAttr": "ArrayAttr",
    "DictionaryAttr": "DictionaryAttr",
}

#: C++ default arguments of builders with a Python spelling.
_BUILDER_DEFAULTS = {
    "{}": "None",
    "std::nullopt": "None",
    "nullptr": "None",
    "ValueRange{}": "()",
    "ValueRange()": "()",
    "TypeRange{}": "()",
    "false": "False",
    "true": "True",
}


def _builder_param(raw: Any, index: int, records: Records) -> tuple[BuilderParam, str]:
    """One parameter of a C++ builder (`"Value":$lhs`, `CArg<"bool", "false">:$flag`)
    in Python, and its C++ spelling for the skeleton."""
    kind, name = (raw[0], raw[1]) if isinstance(raw, list) and len(raw) == 2 else (raw, None)
    cpp, default = kind if isinstance(kind, str) else "", None
    found = _def(kind, records)
    if found is not None:
        cpp = str(found.get("type", ""))
        default = found.get("defaultValue") or None
    cpp_type = cpp.strip().removeprefix("::").removeprefix("mlir::").removeprefix("llvm::")
    py_name = sanitize_name(snake_case(str(name))) if name else f"arg{index}"
    if py_name == "cls":
        py_name = "cls_"
    annotation = _BUILDER_TYPES.get(cpp_type, "")
    py_default = None
    if isinstance(default, str):
        text = default.strip()
        py_default = _BUILDER_DEFAULTS.get(text)
        if py_default == "None" and annotation.startswith("Sequence"):
            py_default = "()"
        if py_default is None and re.fullmatch(r"-?\d+(\.\d+)?", text):
            py_default = text
    spelled = f'"{cpp}":${name}' if name else f'"{cpp}"'
    if default is not None:
        spelled = f'CArg<"{cpp}", "{default}">' + (f":${name}" if name else "")
    if annotation and py_default == "None":
        annotation += " | None"
    return BuilderParam(name=py_name, type=annotation, default=py_default), spelled


def _builder_hook(
    prefix: str, op: str, index: int, builder: Mapping[str, Any], records: Records
) -> Hook:
    """The optional hook of an op's C++ builder: `<prefix>_build` for the first,
    `<prefix>_build_<n>` for the others, taking MLIR's parameters in Python."""
    dag = builder.get("dagParams")
    raw = dag.get("args", ()) if isinstance(dag, Mapping) else ()
    pairs = [_builder_param(arg, i, records) for i, arg in enumerate(raw)]
    params = [param for param, _ in pairs]
    # Python has no default before a parameter without one: such defaults are dropped.
    for i in range(len(params) - 1, -1, -1):
        if params[i].default is None:
            params[:i] = [p.model_copy(update={"default": None}) for p in params[:i]]
            break
    function = f"{prefix}_build" if index == 0 else f"{prefix}_build_{index}"
    signature = ", ".join(
        ["cls"]
        + [
            p.name
            + (f": {p.type}" if p.type else "")
            + ((" = " if p.type else "=") + p.default if p.default else "")
            for p in params
        ]
    )
    cpp = "OpBuilder<(" + " ".join(["ins", ", ".join(spelled for _, spelled in pairs)]).strip()
    cpp += ")>"
    body = [line.rstrip() for line in str(builder.get("body") or "").strip("\n").splitlines()]
    contract = f"{op}: C++ builder `{cpp}`, a classmethod of the generated class once written"
    if any(body):
        contract += "; its C++ body:\n" + "\n".join(_dedent(body))
    description = f"MLIR's C++ builder `{cpp}`, written in Python (`{function}`)."
    builder_def = BuilderDef(params=tuple(params), description=description)
    return Hook(function, f"({signature}) -> Operation", contract, False, builder_def)


def _dedent(lines: list[str]) -> list[str]:
    indent = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
    return [x[indent:] for x in lines]


def _with_optional_hooks(item: ImportedOp, defined: frozenset[str], module: str) -> OpDef:
    assert item.op is not None
    update: dict[str, Any] = {}
    builders: list[BuilderDef] = []
    for hook in item.hooks:
        if hook.function not in defined:
            continue
        if hook.builder is not None:
            # A builder whose body calls the module's function, so that the
            # generated class's builders are the written ones, in MLIR's order.
            args = ", ".join(["cls", *(p.name for p in hook.builder.params)])
            body = SourceText(text=f"return {module}.{hook.function}({args})")
            builders.append(hook.builder.model_copy(update={"body": body}))
            update["builders"] = tuple(builders)
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


#: A check of the code generator (the emit layer, which this module does not
#: import) on a dialect of one op: its problems, as messages.
EmitCheck = Callable[[DialectDef], list[str]]


def import_records(
    records_by_file: Iterable[tuple[str, Records]], emit_check: EmitCheck | None = None
) -> dict[str, DialectImport]:
    """Every op of every file's records, grouped by dialect (first definition wins).

    `emit_check`, when given, runs on each op that passes odsgen's spec checks: what
    the code generator cannot generate (an assembly format it does not support)
    then makes that op incomplete too, instead of failing the whole package."""
    dialects: dict[str, DialectImport] = {}
    files = list(records_by_file)
    # The ops of a dialect, across files: a trait may name an op of another file
    # (`linalg`'s structured ops end in the `linalg.yield` of `LinalgOps.td`).
    op_classes: dict[str, dict[str, str]] = {}
    for _, records in files:
        for name in records.get("!instanceof", {}).get("Op", ()):
            dialect = _dialect_name(records[name], records)
            op_name = f"{dialect}.{records[name].get('opName', '')}"
            op_classes.setdefault(dialect, {})[str(name).split("_", 1)[-1]] = op_name
    implementers: dict[int, dict[str, list[str]]] = {}
    typedefs: dict[str, list[tuple[Records, str]]] = {}
    for _, records in files:
        for name in records.get("!instanceof", {}).get("TypeDef", ()):
            cpp = records[name].get("cppClassName")
            if isinstance(cpp, str):
                typedefs.setdefault(cpp, []).append((records, str(name)))
    for file, records in files:
        reader = _Reader(records)
        reader.dialects = dialects
        reader._op_classes = op_classes
        reader.other_records = [other for _, other in files if other is not records]
        # Shared by the readers: each file's records are indexed once.
        reader.other_implementers = implementers
        reader.other_typedefs = typedefs
        for def_name in records.get("!instanceof", {}).get("Op", ()):
            try:
                imported, item = reader.op(def_name)
            except _Incomplete:
                continue
            if file not in imported.files:
                imported.files.append(file)
            imported.ops.setdefault(def_name, item)
        for def_name in records.get("!instanceof", {}).get("Pattern", ()):
            _import_pattern(records, str(def_name), dialects)
    _import_needed_types(files, dialects)
    for imported in dialects.values():
        _check_defs(imported)
    _block_on_foreign_defs(dialects)
    for imported in dialects.values():
        _check_ops(imported, emit_check)
    return dialects


def _foreign_type_test(
    record: Mapping[str, Any], records: Records, dialect: str, subject: str
) -> str:
    """The Python test that `subject` is a type of `record`, a TypeDef of another
    dialect: the one type of a TypeDef without parameters (which ODS builds where a
    format leaves it out), or any type of its mnemonic."""
    mnemonic = str(record.get("mnemonic"))
    if _dag_args(record.get("parameters")):
        return f"dialect_type_mnemonic({subject}, {dialect!r}) == {mnemonic!r}"
    return f"is_dialect_type({subject}, {dialect!r}, {mnemonic!r})"


#: A translated test for a type of another dialect by dialect and mnemonic (or mnemonics).
_DIALECT_TYPE_TEST = re.compile(
    r"dialect_type_mnemonic\((?:[^()]|\([^()]*\))*, '(\w+)'\)"
    r" (?:== '(\w+)'|in \(((?:'\w+', ?)+)\))"
)

#: A translated test for the one type of a dialect type without parameters.
_IS_DIALECT_TYPE = re.compile(r"is_dialect_type\((?:[^()]|\([^()]*\))*, '(\w+)', '(\w+)'\)")


def _block_on_foreign_defs(dialects: Mapping[str, DialectImport]) -> None:
    """Give each op the problems and required hooks of the other dialects' types and
    attributes it uses (`ImportedOp.foreign_defs`), as `_import_needed_types` does."""
    for imported in dialects.values():
        for item in imported.ops.values():
            for dialect, def_name in sorted(item.foreign_defs):
                target = dialects[dialect]
                found = target.attributes.get(def_name) or target.types.get(def_name)
                shown = f"{dialect}.{found.mnemonic if found is not None else def_name}"
                for problem in target.def_problems.get(def_name, []):
                    item.problems.append(f"uses #{shown}: {problem}")
                for hook in target.def_hooks.get(def_name, ()):
                    if hook.required:
                        item.problems.append(
                            f"uses #{shown}: hook {hook.function} of dialect '{dialect}'"
                        )


#: A translated test for a type of the LLVM dialect by mnemonic.
#: The builtin types a `builderCall` builds with a `$_builder` method, as MLIR writes them.
_BUILT_TYPES: dict[str, str] = {
    "getIndexType()": "index",
    "getType<::mlir::NoneType>()": "none",
    "getType<NoneType>()": "none",
    **{f"getF{w}Type()": f"f{w}" for w in (16, 32, 64, 80, 128)},
    **{f"getI{w}Type()": f"i{w}" for w in (1, 8, 16, 32, 64)},
    "getBF16Type()": "bf16",
    "getType<BFloat16Type>()": "bf16",
    "getType<FloatTF32Type>()": "tf32",
    **{f"getType<Float{name[1:]}Type>()": name for name in SMALL_FLOATS},
}
_BUILDER_INT = re.compile(
    r"getIntegerType\(\s*(\d+)\s*(?:,\s*(?:/\*isSigned=\*/)?\s*(true|false)\s*)?\)"
)
_BUILDER_VECTOR = re.compile(
    r"(?:::)?(?:mlir::)?VectorType::get\(\s*\{([\d\s,]+)\}\s*,\s*(.*?)\s*\)\s*;?"
)


def builder_call_type(cpp: str) -> str | None:
    """The builtin type, in MLIR syntax, that a type constraint's `builderCall`
    builds (`$_builder.getI32Type()` is `i32`, `VectorType::get({3}, ...)` is
    `vector<3xi32>`); None when it builds none, or one of a dialect's classes."""
    cpp = cpp.strip()
    vector = _BUILDER_VECTOR.fullmatch(cpp)
    if vector is not None:
        element = builder_call_type(vector.group(2))
        dims = [d.strip() for d in vector.group(1).split(",")]
        if element is None or not all(d.isdigit() for d in dims):
            return None
        return "vector<" + "".join(f"{d}x" for d in dims) + element + ">"
    if not cpp.startswith("$_builder."):
        return None
    call = cpp.removeprefix("$_builder.")
    integer = _BUILDER_INT.fullmatch(call)
    if integer is not None:
        prefix = {None: "i", "true": "si", "false": "ui"}[integer.group(2)]
        return f"{prefix}{integer.group(1)}"
    return _BUILT_TYPES.get(call)


_LLVM_TYPE_TEST = re.compile(r"llvm_type_mnemonic\((?:[^()]|\([^()]*\))*\) == '(\w+)'")


#: Types without parameters that a dialect defines in C++ only (no `TypeDef`),
#: by dialect and mnemonic: their class and summary. Such a type is its mnemonic
#: alone (`!llvm.token`), so it is imported as a `TypeDef` without parameters.
_TRIVIAL_CPP_TYPES: dict[tuple[str, str], tuple[str, str]] = {
    ("llvm", "token"): ("LLVMTokenType", "LLVM token type"),
    ("llvm", "void"): ("LLVMVoidType", "LLVM void type"),
    ("llvm", "label"): ("LLVMLabelType", "LLVM label type"),
    ("llvm", "metadata"): ("LLVMMetadataType", "LLVM metadata type"),
}


def _import_needed_types(
    files: Sequence[tuple[str, Records]], dialects: dict[str, DialectImport]
) -> None:
    """Import the types ops test for by mnemonic (`ImportedOp.needs_types`) into their
    dialect, from whichever file of the run defines them as a `TypeDef` (LLVM's
    `LLVMTypes.td` is included by `NVVMOps.td`, not by `LLVMOps.td`): an op of the
    dialect then depends on the def; an op of another dialect is blocked while the
    def has problems or hooks to write. A type the run does not define as a
    `TypeDef` (LLVM's `!llvm.token` is a C++ class) blocks the op."""
    defined: dict[tuple[str, str], tuple[Records, Mapping[str, Any]]] = {}
    for _, records in files:
        for name in records.get("!instanceof", {}).get("TypeDef", ()):
            record = records[name]
            owner = _def(record.get("dialect"), records)
            mnemonic = record.get("mnemonic")
            if owner is not None and isinstance(mnemonic, str):
                defined.setdefault((str(owner.get("name")), mnemonic), (records, record))
    for imported in list(dialects.values()):
        for item in imported.ops.values():
            for dialect, mnemonic in sorted(item.needs_types):
                found = defined.get((dialect, mnemonic))
                target = dialects.get(dialect)
                trivial = _TRIVIAL_CPP_TYPES.get((dialect, mnemonic))
                if found is None and target is not None and trivial is not None:
                    def_name = f"{target.name.title()}_{trivial[0]}"
                    target.types.setdefault(
                        def_name,
                        TypeDef.model_validate(
                            {"def": def_name, "mnemonic": mnemonic, "summary": trivial[1]}
                        ),
                    )
                    if target is imported:
                        item.depends.add(def_name)
                    continue
                if found is None or target is None:
                    why = "not a TypeDef in the files imported" if found is None else "not imported"
                    item.problems.append(f"uses !{dialect}.{mnemonic} ({why})")
                    continue
                reader = _Reader(found[0])
                reader.dialects = dialects
                reader.current_dialect = dialect
                def_name = reader.param_def(found[1], dialect)
                if target is imported:
                    item.depends.add(def_name)
                    continue
                blocked = target.def_problems.get(def_name, []) + [
                    f"hook {h.function} of dialect '{dialect}'"
                    for h in target.def_hooks.get(def_name, ())
                    if h.required
                ]
                for problem in blocked:
                    item.problems.append(f"uses !{dialect}.{mnemonic}: {problem}")


@dataclass(frozen=True)
class _RuntimeSyntax:
    """A dialect type whose C++ syntax the runtime has (`generator.ir.dialects`): the
    bodies of the generated class's `parse`, `print_params` and `verify`, where
    `{siblings}` is the dialect's types of `siblings` by mnemonic, or a declarative
    format equivalent to the C++."""

    parser: str = ""
    printer: str = ""
    verifier: str = ""
    siblings: tuple[str, ...] = ()
    assembly_format: str = ""
    """A declarative format that parses and prints as the C++ does, instead of code."""


#: The dialect types with a custom syntax (`hasCustomAssemblyFormat`) that the runtime
#: parses, prints and verifies as MLIR's C++ does, by dialect and mnemonic.
_RUNTIME_TYPE_SYNTAX: dict[tuple[str, str], _RuntimeSyntax] = {
    ("pdl", "range"): _RuntimeSyntax(
        parser="return cls.get(parse_pdl_range_element(p, cls, {siblings}))",
        printer='return "<" + pdl_range_element_text(self.elementType) + ">"',
        verifier="return verify_pdl_range_element(elementType)",
        siblings=("attribute", "operation", "type", "value"),
    ),
    # `<` type `>`, the value type printed in full.
    ("async", "value"): _RuntimeSyntax(assembly_format="`<` $valueType `>`"),
}


@dataclass(frozen=True)
class _CppType:
    """A type a dialect defines in C++ rather than as a TypeDef, which the runtime
    knows: its mnemonic, parameters (name, C++ type) and syntax after the mnemonic."""

    dialect: str
    mnemonic: str
    summary: str
    parameters: tuple[tuple[str, str], ...] = ()
    syntax: _RuntimeSyntax | None = None


#: The kinds (as `mlir_predicates` calls them) of the parameters of `_CPP_TYPES`.
_CPP_PARAMETER_KINDS = {"Type": "Type", "ArrayRef<int64_t>": "IntRange", "StringRef": "str"}

#: The C++ type classes of MLIR's dialects that the runtime defines, by qualified name.
_CPP_TYPES: dict[str, _CppType] = {
    "mlir::gpu::AsyncTokenType": _CppType("gpu", "async.token", "async token type"),
    "mlir::gpu::SparseDnTensorHandleType": _CppType(
        "gpu", "sparse.dntensor_handle", "dense tensor handle type"
    ),
    "mlir::gpu::SparseSpMatHandleType": _CppType(
        "gpu", "sparse.spmat_handle", "sparse matrix handle type"
    ),
    "mlir::gpu::SparseSpGEMMOpHandleType": _CppType(
        "gpu", "sparse.spgemmop_handle", "SpGEMM operation handle type"
    ),
    "mlir::gpu::MMAMatrixType": _CppType(
        "gpu",
        "mma_matrix",
        "a matrix a subgroup holds for a matrix multiply-accumulate",
        (("shape", "ArrayRef<int64_t>"), ("elementType", "Type"), ("operand", "StringRef")),
        _RuntimeSyntax(
            parser="shape, element, operand = parse_mma_matrix(p, cls)\n"
            "return cls.get(tuple(shape), element, operand)",
            printer="return mma_matrix_text(self.shape, self.elementType, self.operand)",
            verifier="return verify_mma_matrix(shape, elementType, operand)",
        ),
    ),
}

#: The operators of DRR that are not ops, as odsgen's patterns name them.
_DAG_DIRECTIVES = frozenset({"replaceWithValue", "either", "location", "returnType"})


class _PatternProblem(Exception):
    """A DRR pattern uses something odsgen does not import yet."""


def _pattern_dag(value: Any, records: Records, ops: dict[str, str], uses: set[str]) -> DagNodeDef:
    """A dag of a DRR pattern over ops (`(TransposeOp (TransposeOp $x))`) as the model's."""
    if not isinstance(value, Mapping) or value.get("kind") != "dag":
        raise _PatternProblem("a pattern that is not a dag")
    operator = value.get("operator") or {}
    name = str(operator.get("def", "")) if isinstance(operator, Mapping) else ""
    if name in ops:
        uses.add(name)
    elif name not in _DAG_DIRECTIVES:
        raise _PatternProblem(f"'{name}' (only ops and {', '.join(sorted(_DAG_DIRECTIVES))})")
    args = []
    for arg, bind in value.get("args", ()):
        leaf: DagNodeDef | DagLeaf | None
        if arg is None:
            leaf = None
        elif isinstance(arg, Mapping) and arg.get("kind") == "dag":
            leaf = _pattern_dag(arg, records, ops, uses)
        elif isinstance(arg, bool | int):
            leaf = DagLeaf(kind="int", value=int(arg))
        else:
            shown = arg.get("printable", arg) if isinstance(arg, Mapping) else arg
            raise _PatternProblem(f"the argument {shown} (C++ constraints and values)")
        args.append(DagArgDef(value=leaf, bind=bind))
    return DagNodeDef(operator=name, bind=value.get("name"), args=tuple(args))


def _import_pattern(records: Records, def_name: str, dialects: dict[str, DialectImport]) -> None:
    """Add a DRR pattern (`Pat`, `Pattern` of MLIR's `PatternBase.td`) to the dialect
    of its root op, or the reason it is left out to that dialect's problems."""
    record = records[def_name]
    source = record.get("sourcePattern")
    root = source.get("operator", {}).get("def") if isinstance(source, Mapping) else None
    root_record = records.get(str(root)) if root is not None else None
    if root_record is None or "Op" not in supers_of(root_record):
        return
    dialect = dialects.get(_dialect_name(root_record, records))
    if dialect is None:
        return
    ops = {name: name for name in dialect.ops}
    uses: set[str] = set()
    try:
        if record.get("constraints") or record.get("supplementalPatterns"):
            raise _PatternProblem("its constraints (C++ predicates over the matched values)")
        delta = record.get("benefitDelta")
        benefit = 0
        if isinstance(delta, Mapping) and delta.get("args"):
            benefit = int(delta["args"][0][0])
        pattern = PatternDef(
            name=def_name,
            source=_pattern_dag(source, records, ops, uses),
            results=tuple(
                _pattern_dag(d, records, ops, uses) for d in record.get("resultPatterns") or ()
            ),
            benefit=benefit,
        )
    except (_PatternProblem, ValueError, TypeError) as problem:
        dialect.pattern_problems.append(f"pattern {def_name}: not imported yet: {problem}")
        return
    dialect.patterns.append((pattern, frozenset(uses)))


def _check_defs(imported: DialectImport) -> None:
    """Run odsgen's checks on each type and attribute that needs no hook, alone."""
    items: list[TypeDef | AttrDef] = [*imported.types.values(), *imported.attributes.values()]
    enums = valid_enums(imported)
    for item in items:
        if imported.def_hooks.get(item.def_name):
            continue
        if imported.def_problems.get(item.def_name) or (
            isinstance(item, AttrDef) and item.enum is not None
        ):
            continue
        dialect = DialectDef(
            name=imported.name,
            package=None if is_identifier(imported.name) else f"{imported.name}_",
            enums=enums,
            types=(item,) if isinstance(item, TypeDef) else (),
            attributes=(item,) if isinstance(item, AttrDef) else (),
        )
        diagnostics = validate_dialect(dialect)
        if diagnostics:
            imported.def_problems.setdefault(item.def_name, []).append(
                f"odsgen: {diagnostics[0].message}"
            )


def _as_written(item: _DefT, imported: DialectImport) -> _DefT:
    """A type or attribute as it is once its hooks are written, to check the ops that
    use it: code that raises stands for each hook."""
    hooks = imported.def_hooks.get(item.def_name, ())
    stub = SourceText(text="raise NotImplementedError\n")
    update: dict[str, Any] = {}
    if any(h.function.endswith("_parse") for h in hooks):
        update.update(parser=stub, printer=stub)
    if any(h.function.endswith("_verify") for h in hooks):
        update.update(verifier=stub)
    return item.model_copy(update=update) if update else item


def valid_enums(imported: DialectImport) -> tuple[EnumDef, ...]:
    """The dialect's enums that odsgen's checks accept, each alone. One they reject
    (LLVM's `UnnamedAddr` spells a case as the empty string) is left out of the
    dialect: the ops using it are then rejected, not every op of the dialect."""
    out = []
    for enum in imported.enums.values():
        dialect = DialectDef(
            name=imported.name,
            package=None if is_identifier(imported.name) else f"{imported.name}_",
            enums=(enum,),
        )
        try:
            diagnostics = validate_dialect(dialect)
        except SpecValidationError as error:
            diagnostics = list(error.diagnostics)
        if not diagnostics:
            out.append(enum)
    return tuple(out)


def _used_defs(imported: DialectImport, depends: Iterable[str]) -> set[str]:
    """The def names of the types and attributes `depends` names, with those their
    parameters name (by class), transitively."""
    defs: dict[str, TypeDef | AttrDef] = {**imported.types, **imported.attributes}
    by_class = {class_name_from_def(name): name for name in defs}
    used: set[str] = set()
    todo = [d for d in depends if d in defs]
    while todo:
        name = todo.pop()
        if name in used:
            continue
        used.add(name)
        for param in defs[name].parameters:
            for word in re.findall(r"\w+", param.type):
                if word in by_class and by_class[word] not in used:
                    todo.append(by_class[word])
    return used


def _check_ops(imported: DialectImport, emit_check: EmitCheck | None = None) -> None:
    """Run odsgen's checks on each op alone: what they reject makes the op incomplete."""
    enums = valid_enums(imported)
    for item in imported.ops.values():
        if item.op is None or item.blocked():
            continue
        # The defs the op uses, and those its predicates name by class.
        words = set(re.findall(r"\w+", item.op.model_dump_json()))
        named = {
            name
            for name in (*imported.types, *imported.attributes)
            if name in words or class_name_from_def(name) in words
        }
        used = _used_defs(imported, item.depends | named)
        dialect = DialectDef(
            name=imported.name,
            package=None if is_identifier(imported.name) else f"{imported.name}_",
            ops=(item.op,),
            enums=enums,
            imports=tuple(imported.imports.values()),
            # An op is checked with the dialect's types and attributes it uses (and
            # those their parameters name) only: what odsgen rejects in another
            # one is not the op's.
            attributes=tuple(
                _as_written(a, imported)
                for a in imported.attributes.values()
                if not imported.def_problems.get(a.def_name) and a.def_name in used
            ),
            types=tuple(
                _as_written(t, imported)
                for t in imported.types.values()
                if not imported.def_problems.get(t.def_name) and t.def_name in used
            ),
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
            # The hooks are the implementation module's; `odsgen import` lists them.
            if custom and "custom" in d.message:
                continue
            if item.hooks and "does not define it" in d.message:
                continue
            if any(f"'{dep}'" in d.message for dep in item.depends):
                continue  # a type or attribute waiting for its hooks
            item.problems.append(f"odsgen: {d.message}")
            break
        if emit_check is not None and not item.problems and not diagnostics:
            unstripped = dialect.model_copy(
                update={"ops": (_with_optional_hooks(item, frozenset(), imported.module_name),)}
            )
            # Optional hooks (a folder, an analysis interface's methods) leave the
            # generated code as it is; required ones are generated only once written.
            required = any(h.required for h in item.hooks)
            if not required and not any(imported.def_hooks.get(d) for d in item.depends):
                for message in emit_check(unstripped)[:1]:
                    item.problems.append(f"odsgen: {message}")


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
        "generated package; optional hooks (folders, canonicalizers, builders) are used",
        "once written.",
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
            contract = hook.contract.splitlines() or [""]
            lines.append(f"# {need}: {contract[0]}")
            lines.extend(f"#   {line}".rstrip() for line in contract[1:])
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
        out.extend(f"{name}: {problem}" for problem in dialects[name].pattern_problems)
    return out


def hook_lines(
    dialects: Mapping[str, DialectImport], defined: Mapping[str, frozenset[str]]
) -> list[str]:
    """Why each op that needs hand-written Python is incomplete: each required hook
    the implementation module does not define, with what MLIR does there."""
    out = []
    for name in sorted(dialects):
        functions = defined.get(name, frozenset())
        for item in dialects[name].ops.values():
            if item.op is None or item.blocked():
                continue
            for hook in item.missing(functions):
                out.append(f"{item.name}: needs hook {hook.function}: {hook.contract}")
    return out
