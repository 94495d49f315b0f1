"""TableGen records -> the spec model.

Reads the records of a `.td` dialect spec, as the JSON document that
`llvm-tblgen --dump-json` prints (our own TableGen front end prints the same
format), and builds the `DialectDef` of `model.py`: the dialect, its ops, enums,
types, attributes and patterns. The records follow the base library in
`opdefs/include/`, whose constraints are declarative (a `kind` field and its
data), so each constraint record maps onto one constraint of `constraints.py`.

Only the defs written in the main file belong to the dialect; records from the
base library are looked up through them. Positions come from each record's
`!locs` ("file:line"); the dump has no columns, so column 1 is used. Problems
the records alone show (a def that is no constraint at all, a malformed dag)
and every cross-object check of `validate.py` are reported together as one
`SpecValidationError`, as the YAML front end does.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.diagnostics import SpecDiagnostic, SpecValidationError
from generator.ir.source import SourceFile, SourceLoc
from generator.spec.constraints import (
    AnyAttrOfConstraint,
    AnyOfConstraint,
    AnyTypeConstraint,
    ArrayAttrConstraint,
    AttrConstraint,
    AttrPredicate,
    AttrPredicateConstraint,
    AttrRefConstraint,
    ConfinedAttrConstraint,
    DenseArrayAttrConstraint,
    FloatAttrConstraint,
    FloatConstraint,
    FunctionTypeConstraint,
    IndexConstraint,
    IntegerAttrConstraint,
    IntegerConstraint,
    LikeConstraint,
    NoneTypeConstraint,
    RankedElementsAttrConstraint,
    ShapedConstraint,
    SimpleAttrConstraint,
    TypeAttrConstraint,
    TypeConstraint,
    TypePredicateConstraint,
    TypeRefConstraint,
)
from generator.spec.interfaces import BUILTIN_INTERFACES
from generator.spec.model import (
    DECLARE_INTERFACE_TRAITS,
    ENUM_WIDTHS,
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
    ImportDef,
    InterfaceDef,
    InterfaceKind,
    InterfaceMethodDef,
    MethodArgDef,
    OpDef,
    OperandDef,
    ParameterDef,
    PatternDef,
    RegionConstraint,
    RegionDef,
    ResultDef,
    SourceText,
    SuccessorDef,
    TraitArg,
    TraitRef,
    TypeDef,
)

if TYPE_CHECKING:
    from generator.tablegen.positions import FieldPosition, RecordPosition

__all__ = ["load_records"]

Record = Mapping[str, Any]

_VALUE_WRAPPERS = {"Variadic": "variadic", "Optional": "optional"}

#: Fields of `Op` whose position the model keeps (TableGen name -> model name):
#: the flags that ask for hand-written code, so that a missing hook is reported
#: where it was asked for.
_OP_FLAGS = {
    "hasVerifier": "has_verifier",
    "hasRegionVerifier": "has_region_verifier",
    "hasFolder": "has_folder",
    "hasCanonicalizer": "has_canonicalizer",
    "hasCanonicalizeMethod": "has_canonicalize_method",
    "hasCustomAssemblyFormat": "has_custom_assembly_format",
    "skipDefaultBuilders": "skip_default_builders",
}
_DEF_FIELDS = {
    "hasCustomAssemblyFormat": "has_custom_assembly_format",
    "assemblyFormat": "assembly_format",
    "asmAlias": "alias",
}
_DIALECT_FLAGS = {
    "hasConstantMaterializer": "has_constant_materializer",
    "hasCanonicalizer": "has_canonicalizer",
    "implementationModule": "implementation_module",
}

#: MLIR's fields that ask for something odsgen does not support yet, by the class
#: that declares them: the field, the value that asks (None: any non-empty one),
#: and what it would mean. Setting one is an error at its `let`. (The fields that
#: mean nothing to Python, such as `cppNamespace`, are declared in the base
#: library and ignored; see docs/spec-reference.md.)
_UNSUPPORTED: dict[str, tuple[tuple[str, object, str], ...]] = {
    "Dialect": (
        ("discardableAttrs", None, "discardable attributes declared by the dialect"),
        ("hasOperationAttrVerify", 1, "a verifier of the dialect's attributes on ops"),
        ("hasRegionArgAttrVerify", 1, "a verifier of the dialect's region argument attributes"),
        ("hasRegionResultAttrVerify", 1, "a verifier of the dialect's region result attributes"),
        ("hasOperationInterfaceFallback", 1, "an interface fallback for unknown ops"),
        ("isExtensible", 1, "an extensible dialect (ops defined at run time)"),
        (
            "usePropertiesForAttributes",
            0,
            "inherent attributes kept in the attribute dictionary; they are always "
            "properties (`<{...}>`), MLIR's default",
        ),
    ),
    "Pattern": (("supplementalPatterns", None, "supplemental patterns of a DRR pattern"),),
}


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _RecordError(Exception):
    """A record that cannot be read as what its place requires."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def _python_default(default: str | None) -> str | None:
    """A parameter default written for C++ (`true`, `false`) as Python reads it."""
    if default is None:
        return None
    return {"true": "True", "false": "False"}.get(default.strip(), default)


def _code(text: str) -> str:
    """The text of a code block: `[{ ... }]` spread over lines reads like a YAML block."""
    if "\n" not in text:
        return text.strip()
    body = textwrap.dedent(text).strip("\n").rstrip()
    return body + "\n" if body else ""


def _code_start(text: str) -> int:
    """Where `_code(text)` starts in `text`: its first line, past the common indent.

    Column 1 of every line of `_code(text)` is then that many columns into the
    line of `text`, as a YAML block scalar's text is past its indentation.
    """
    if "\n" not in text:
        return len(text) - len(text.lstrip())
    lines = text.split("\n")
    blank = [not line.strip() for line in lines]
    if all(blank):
        return 0
    indent = min(
        len(line) - len(line.lstrip()) for line, b in zip(lines, blank, strict=True) if not b
    )
    first = blank.index(False)
    return sum(len(line) + 1 for line in lines[:first]) + indent


def _literal_text_loc(literal: SourceLoc, text: str, *, code: bool = True) -> SourceLoc:
    """The position of the first character of a literal's text, as the model holds it.

    `literal` is the opening `"` or `[{` of the literal whose value is `text`; a
    code value is trimmed by `_code`. Escapes in a `"..."` string are not counted.
    """
    file = literal.file
    start = literal.offset + (2 if file.text.startswith("[{", literal.offset) else 1)
    offset = start + (_code_start(text) if code else 0)
    return file.loc(min(offset, len(file.text)))


class _Reader:
    def __init__(
        self,
        doc: Mapping[str, Any],
        main_file: Path,
        positions: Mapping[str, RecordPosition] | None = None,
    ) -> None:
        self.doc = doc
        self.main_file = main_file
        self.files: dict[str, SourceFile] = {}
        self.errors: list[SpecDiagnostic] = []
        #: Fields asking for what odsgen does not support: reported with the
        #: dialect's own problems, as the model they leave is complete.
        self.unsupported_fields: list[SpecDiagnostic] = []
        self.positions: Mapping[str, RecordPosition] = positions or {}
        for pos in self.positions.values():
            if pos.at is not None:
                # The evaluator's file, so positions from both sources compare.
                self.files[self.main_file.name] = pos.at.file
                break
        #: Interfaces of included files that the dialect's defs use, by name: they
        #: are generated with the dialect, as MLIR's Toy includes its interface file.
        self.used_interfaces: dict[str, Record] = {}
        #: Enums and attributes of other dialects' specs (included files) that the
        #: dialect's constraints name, by def name, with the dialect's record.
        self.imported: dict[str, tuple[Record, Record]] = {}

    # -- records and positions ---------------------------------------------------

    def record(self, name: str) -> Record:
        value = self.doc.get(name)
        if not isinstance(value, Mapping):
            raise _RecordError(f"no record named '{name}'")
        return value

    def ref(self, value: Any) -> Record | None:
        """The record a `{"kind": "def"}` value names, or None for other values."""
        if isinstance(value, Mapping) and value.get("kind") == "def":
            return self.record(str(value["def"]))
        return None

    def is_main(self, rec: Record) -> bool:
        locs = rec.get("!locs") or []
        return bool(locs) and Path(str(locs[0]).rsplit(":", 1)[0]).name == self.main_file.name

    def line(self, rec: Record) -> int:
        locs = rec.get("!locs") or []
        if not locs:
            return 0
        _, _, line = str(locs[0]).rpartition(":")
        return int(line) if line.isdigit() else 0

    def source(self, name: str) -> SourceFile:
        if name not in self.files:
            path = self.main_file if Path(name).name == self.main_file.name else Path(name)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError:
                text = ""
            self.files[name] = SourceFile(str(path), text)
        return self.files[name]

    def loc(self, rec: Record) -> SourceLoc | None:
        position = self.positions.get(str(rec.get("!name")))
        if position is not None and position.at is not None:
            return position.at
        locs = rec.get("!locs") or []
        if not locs:
            return None
        name, _, line_text = str(locs[0]).rpartition(":")
        if not line_text.isdigit():
            return None
        file = self.source(name)
        line = int(line_text)
        # Without the file's text, pad it so the line exists.
        if file.text.count("\n") + 1 < line:
            file = self.files[name] = SourceFile(file.name, file.text + "\n" * line)
        return file.loc(file.offset_of(line, 1))

    def error(self, loc: SourceLoc | None, message: str, hint: str | None = None) -> None:
        self.errors.append(SpecDiagnostic(loc, message, hint=hint))

    def field_position(self, rec: Record, key: str) -> FieldPosition | None:
        """Where the record's field `key` got its value, when the records tell."""
        position = self.positions.get(str(rec.get("!name")))
        return position.fields.get(key) if position is not None else None

    def set_loc(self, rec: Record, key: str) -> SourceLoc | None:
        """The `let` (or initializer) of the spec file that gave field `key` its value.

        None when that is not known, or is in another file (a base library class
        passing on a template argument): the record's own position says more.
        """
        position = self.field_position(rec, key)
        if position is None or position.set_at is None:
            return None
        if Path(position.set_at.file.name).name != self.main_file.name:
            return None
        return position.set_at

    def field_locs(self, rec: Record, keys: Mapping[str, str]) -> tuple[tuple[str, SourceLoc], ...]:
        """`SpecNode.field_locs` for the record's fields `keys` (TableGen -> model name)."""
        out: list[tuple[str, SourceLoc]] = []
        for td_key, model_key in keys.items():
            loc = self.set_loc(rec, td_key)
            if loc is not None and rec.get(td_key):
                out.append((model_key, loc))
        return tuple(out)

    def code(
        self, rec: Record, key: str, loc: SourceLoc | None, *, code: bool = True
    ) -> SourceText | None:
        """Field `key` as text (trimmed like a code block when `code`), located at its
        first character when the records tell where its literal is, else at `loc`."""
        value = rec.get(key)
        if not isinstance(value, str):
            return None
        text = _code(value) if code else value
        position = self.field_position(rec, key)
        if position is not None and position.literal_at is not None:
            loc = _literal_text_loc(position.literal_at, value, code=code)
        return SourceText(text=text, loc=loc)

    def literal_loc(self, rec: Record, key: str) -> SourceLoc | None:
        """The first character of the string literal that gave field `key` its value."""
        position = self.field_position(rec, key)
        value = rec.get(key)
        if position is None or position.literal_at is None or not isinstance(value, str):
            return None
        return _literal_text_loc(position.literal_at, value, code=False)

    def main_records(self, superclass: str) -> list[Record]:
        """Non-anonymous records of the main file deriving from `superclass`, in file order."""
        out = [
            rec
            for key, rec in self.doc.items()
            if not key.startswith("!")
            and isinstance(rec, Mapping)
            and superclass in rec.get("!superclasses", ())
            and not rec.get("!anonymous", False)
            and self.is_main(rec)
        ]
        return sorted(out, key=self.line)

    # -- constraints -------------------------------------------------------------

    @staticmethod
    def _name(rec: Record) -> str | None:
        return None if rec.get("!anonymous", False) else str(rec["!name"])

    def type_constraint(self, rec: Record, loc: SourceLoc | None) -> TypeConstraint:
        supers = rec.get("!superclasses", ())
        # A constraint the spec defines itself has no name a YAML spec could use,
        # so the model keeps its structure only.
        name = None if self.is_main(rec) else self._name(rec)
        kind = rec.get("kind")
        if "TypeInterface" in supers:
            self.use_interface(rec)
        if "TypeConstraint" not in supers or (
            kind == "ref" and ("TypeDef" in supers or "TypeInterface" in supers)
        ):
            # A dialect TypeDef or type interface, or something unknown that
            # validation reports.
            return TypeRefConstraint(ref=str(rec["!name"]), loc=loc)
        elements = [self.ref(e) for e in rec.get("elementTypes") or []]
        items = [self.type_constraint(e, loc) for e in elements if e is not None]
        if kind == "any":
            return AnyTypeConstraint(name=name, loc=loc)
        if kind == "integer":
            return IntegerConstraint(
                name=name,
                widths=tuple(rec.get("widths") or ()),
                signedness=rec.get("signedness", "signless"),
                loc=loc,
            )
        if kind == "float":
            return FloatConstraint(name=name, types=tuple(rec.get("floatTypes") or ()), loc=loc)
        if kind == "index":
            return IndexConstraint(name=name, loc=loc)
        if kind == "none":
            return NoneTypeConstraint(name=name, loc=loc)
        if kind == "function":
            return FunctionTypeConstraint(name=name, loc=loc)
        if kind == "shaped":
            extra: dict[str, Any] = {}
            if items:
                extra["element"] = (
                    items[0] if len(items) == 1 else AnyOfConstraint(options=tuple(items), loc=loc)
                )
            return ShapedConstraint(
                name=name,
                container=rec.get("container", ""),
                ranks=tuple(rec.get("ranks") or ()),
                loc=loc,
                **extra,
            )
        if kind == "like":
            if len(items) != 1:
                raise _RecordError(f"'{rec['!name']}' needs exactly one element type")
            return LikeConstraint(
                name=name, element=items[0], description=str(rec.get("summary", "")), loc=loc
            )
        if kind == "any_of":
            any_of = AnyOfConstraint(name=name, options=tuple(items), loc=loc)
            # `AnyTypeOf<[...], "summary">` differs from the options' joined summaries.
            summary = str(rec.get("summary", ""))
            if summary != any_of.joined_summary():
                any_of = any_of.model_copy(update={"description": summary})
            if rec.get("cppType"):
                any_of = any_of.model_copy(update={"cpp_type": str(rec["cppType"])})
            return any_of
        if kind == "predicate":
            return TypePredicateConstraint(
                name=name,
                expr=self.predicate(rec),
                description=str(rec.get("summary", "")),
                buildable=str(rec["buildable"]) if rec.get("buildable") else None,
                loc=loc,
                field_locs=self.predicate_locs(rec),
            )
        raise _RecordError(f"type constraint '{rec['!name']}' has unknown kind '{kind}'")

    def predicate(self, rec: Record) -> str:
        pred = self.ref(rec.get("predicate"))
        if pred is None or not isinstance(pred.get("predExpr"), str):
            raise _RecordError(f"'{rec['!name']}' needs a predicate, CPred<\"...\">")
        return str(pred["predExpr"])

    def predicate_loc(self, rec: Record) -> SourceLoc | None:
        """Where the text of the record's `CPred<"...">` starts, when known."""
        pred = self.ref(rec.get("predicate"))
        return self.literal_loc(pred, "predExpr") if pred is not None else None

    def predicate_locs(self, rec: Record) -> tuple[tuple[str, SourceLoc], ...]:
        loc = self.predicate_loc(rec)
        return (("expr", loc),) if loc is not None else ()

    def attr_constraint(self, rec: Record, loc: SourceLoc | None) -> AttrConstraint:
        supers = rec.get("!superclasses", ())
        # A constraint the spec defines itself has no name a YAML spec could use,
        # so the model keeps its structure only.
        name = None if self.is_main(rec) else self._name(rec)
        if "AttrInterface" in supers:
            self.use_interface(rec)
        if (
            "AttrConstraint" not in supers
            or "EnumAttrInfo" in supers
            or "AttrDef" in supers
            or "AttrInterface" in supers
        ):
            # The dialect's own enums, attributes and attribute interfaces, by name;
            # those of another dialect's spec are imported.
            if ("EnumAttrInfo" in supers or "AttrDef" in supers) and not self.is_main(rec):
                self.import_def(rec)
            return AttrRefConstraint(ref=str(rec["!name"]), loc=loc)
        kind = rec.get("kind")
        bases = [self.ref(b) for b in rec.get("baseAttrs") or []]
        items = [self.attr_constraint(b, loc) for b in bases if b is not None]
        if kind == "integer":
            return IntegerAttrConstraint(
                name=name,
                width=int(rec["width"]),
                signedness=rec.get("signedness", "signless"),
                loc=loc,
            )
        if kind == "float":
            return FloatAttrConstraint(name=name, width=int(rec["width"]), loc=loc)
        if kind == "simple":
            return SimpleAttrConstraint(name=name, attr=str(rec["!name"]), loc=loc)
        if kind == "type_attr":
            value_type = self.ref(rec.get("valueType"))
            if value_type is None:
                raise _RecordError(f"'{rec['!name']}' needs a type constraint")
            return TypeAttrConstraint(
                name=name, type=self.type_constraint(value_type, loc), loc=loc
            )
        if kind == "array" and len(items) == 1:
            return ArrayAttrConstraint(
                name=name, element=items[0], description=str(rec.get("summary", "")), loc=loc
            )
        if kind == "dense_array":
            return DenseArrayAttrConstraint(name=name, element=rec["element"], loc=loc)
        if kind == "ranked_elements":
            # Superclasses run from the most general to the most specific; the last
            # `Ranked...` one is how the spec spelled it (`RankedF32ElementsAttr`).
            spelled = next((s for s in reversed(supers) if str(s).startswith("Ranked")), None)
            return RankedElementsAttrConstraint(
                name=name if name is not None else spelled,
                element=rec["element"],
                width=int(rec["width"]),
                shape=tuple(rec.get("shape") or ()),
                loc=loc,
            )
        if kind == "confined" and len(items) == 1:
            predicates: list[AttrPredicate] = []
            for value in rec.get("predicates") or []:
                pred = self.ref(value)
                if pred is not None:
                    predicates.append(
                        AttrPredicate(
                            name=str(pred["name"]), args=tuple(pred.get("args") or ()), loc=loc
                        )
                    )
            return ConfinedAttrConstraint(
                name=name, base=items[0], predicates=tuple(predicates), loc=loc
            )
        if kind == "any_of":
            return AnyAttrOfConstraint(name=name, options=tuple(items), loc=loc)
        if kind == "predicate":
            return AttrPredicateConstraint(
                name=name,
                expr=self.predicate(rec),
                description=str(rec.get("summary", "")),
                loc=loc,
                field_locs=self.predicate_locs(rec),
            )
        raise _RecordError(f"attribute constraint '{rec['!name']}' has unknown kind '{kind}'")

    # -- ops ---------------------------------------------------------------------

    def dag_args(self, value: Any, operator: str) -> list[tuple[Any, str | None]]:
        if not isinstance(value, Mapping) or value.get("kind") != "dag":
            raise _RecordError(f"expected a dag '({operator} ...)'")
        op = value.get("operator") or {}
        if op.get("def") != operator:
            raise _RecordError(f"expected '({operator} ...)', got '({op.get('def')} ...)'")
        return [(arg[0], arg[1]) for arg in value.get("args", [])]

    def named(
        self, arg: Any, name: str | None, what: str, index: int, *, unnamed_ok: bool = False
    ) -> tuple[Record, str]:
        """The constraint record of a dag argument and its `$name`.

        Operands and results may be unnamed, as in ODS; the name is then empty.
        """
        rec = self.ref(arg)
        if rec is None:
            raise _RecordError(f"{what} #{index} must be a constraint def")
        if not name and not unnamed_ok:
            raise _RecordError(f"{what} #{index} must be named, as in '{rec['!name']}:$name'")
        return rec, name or ""

    def op(self, rec: Record) -> OpDef:
        loc = self.loc(rec)
        operands: list[OperandDef] = []
        attributes: list[AttributeDef] = []
        order: list[str] = []
        for index, (arg, name) in enumerate(self.dag_args(rec.get("arguments"), "ins")):
            arg_rec, arg_name = self.named(arg, name, "argument", index, unnamed_ok=True)
            supers = arg_rec.get("!superclasses", ())
            if "AttrConstraint" in supers:
                if not arg_name:
                    raise _RecordError(
                        f"argument #{index} is an attribute and must be named, "
                        f"as in '{arg_rec['!name']}:$name'"
                    )
                attributes.append(self.attribute(arg_rec, arg_name, loc))
                order.append(arg_name)
            else:
                order.append(arg_name)
                variadicity, type_, segment = self.value(arg_rec, loc)
                operands.append(
                    OperandDef(
                        name=arg_name,
                        type=type_,
                        variadicity=variadicity,
                        segment_attr=segment,
                        loc=loc,
                    )
                )
        for key, value in rec.items():
            derived = self.ref(value) if not key.startswith("!") else None
            if derived is not None and "DerivedAttr" in derived.get("!superclasses", ()):
                base = self.ref(derived.get("baseAttr"))
                if base is None:
                    raise _RecordError(f"derived attribute '{key}' needs an attribute")
                attributes.append(
                    AttributeDef(
                        name=key,
                        type=self.attr_constraint(base, loc),
                        derived=self.code(derived, "expr", loc),
                        loc=loc,
                    )
                )
        results: list[ResultDef] = []
        for index, (arg, name) in enumerate(self.dag_args(rec.get("results"), "outs")):
            arg_rec, arg_name = self.named(arg, name, "result", index, unnamed_ok=True)
            variadicity, type_, segment = self.value(arg_rec, loc)
            results.append(
                ResultDef(
                    name=arg_name,
                    type=type_,
                    variadicity=variadicity,
                    segment_attr=segment,
                    loc=loc,
                )
            )
        regions: list[RegionDef] = []
        for index, (arg, name) in enumerate(self.dag_args(rec.get("regions"), "region")):
            arg_rec, arg_name = self.named(arg, name, "region", index)
            base = self.ref(arg_rec.get("baseRegion"))
            region = base if base is not None else arg_rec
            regions.append(
                RegionDef(
                    name=arg_name,
                    constraint=RegionConstraint(
                        kind=region.get("kind", "any"), blocks=int(region.get("blocks", 0)), loc=loc
                    ),
                    variadic=base is not None,
                    loc=loc,
                )
            )
        successors: list[SuccessorDef] = []
        for index, (arg, name) in enumerate(self.dag_args(rec.get("successors"), "successor")):
            arg_rec, arg_name = self.named(arg, name, "successor", index)
            successors.append(
                SuccessorDef(
                    name=arg_name,
                    variadic="VariadicSuccessor" in arg_rec.get("!superclasses", ()),
                    loc=loc,
                )
            )
        return OpDef(
            **{"def": str(rec["!name"])},
            mnemonic=str(rec.get("opName", "")),
            summary=str(rec.get("summary", "")),
            description=_code(str(rec.get("description", ""))),
            traits=tuple(self.trait(t, loc) for t in rec.get("traits") or []),
            operands=tuple(operands),
            attributes=tuple(attributes),
            argument_order=(
                tuple(order)
                if order
                != [o.name for o in operands] + [a.name for a in attributes if a.derived is None]
                else ()
            ),
            results=tuple(results),
            regions=tuple(regions),
            successors=tuple(successors),
            assembly_format=self.text(rec.get("assemblyFormat"), loc, code=False),
            builders=tuple(self.builder(b, loc) for b in rec.get("builders") or []),
            skip_default_builders=bool(rec.get("skipDefaultBuilders", 0)),
            has_verifier=bool(rec.get("hasVerifier", 0)),
            verifier=self.code(rec, "verifier", loc),
            has_region_verifier=bool(rec.get("hasRegionVerifier", 0)),
            region_verifier=self.code(rec, "regionVerifier", loc),
            has_folder=bool(rec.get("hasFolder", 0)),
            fold=self.code(rec, "fold", loc),
            reference=self.code(rec, "reference", loc),
            has_canonicalizer=bool(rec.get("hasCanonicalizer", 0)),
            has_canonicalize_method=bool(rec.get("hasCanonicalizeMethod", 0)),
            canonicalize=self.code(rec, "canonicalize", loc),
            extra_code=self.code(rec, "extraClassDeclaration", loc),
            has_custom_assembly_format=bool(rec.get("hasCustomAssemblyFormat", 0)),
            parser=self.code(rec, "parser", loc),
            printer=self.code(rec, "printer", loc),
            asm_result_names=self.code(rec, "asmResultNames", loc),
            default_dialect=str(rec.get("defaultDialect") or ""),
            loc=loc,
            field_locs=self.field_locs(rec, _OP_FLAGS),
        )

    @staticmethod
    def text(value: Any, loc: SourceLoc | None, *, code: bool = True) -> SourceText | None:
        if not isinstance(value, str):
            return None
        return SourceText(text=_code(value) if code else value, loc=loc)

    def value(self, rec: Record, loc: SourceLoc | None) -> tuple[Any, TypeConstraint, str | None]:
        supers = rec.get("!superclasses", ())
        base = self.ref(rec.get("baseType"))
        if base is not None and "VariadicOfVariadic" in supers:
            return "variadic_of_variadic", self.type_constraint(base, loc), rec.get("segmentAttr")
        for wrapper, variadicity in _VALUE_WRAPPERS.items():
            if base is not None and wrapper in supers:
                return variadicity, self.type_constraint(base, loc), None
        return "single", self.type_constraint(rec, loc), None

    def attribute(self, rec: Record, name: str, loc: SourceLoc | None) -> AttributeDef:
        supers = rec.get("!superclasses", ())
        base = self.ref(rec.get("baseAttr"))
        if base is not None and "OptionalAttr" in supers:
            return AttributeDef(
                name=name, type=self.attr_constraint(base, loc), optional=True, loc=loc
            )
        if base is not None and "DefaultValuedOptionalAttr" in supers:
            return AttributeDef(
                name=name,
                type=self.attr_constraint(base, loc),
                optional=True,
                default=str(rec.get("defaultValue", "")),
                loc=loc,
            )
        if base is not None and "DefaultValuedAttr" in supers:
            return AttributeDef(
                name=name,
                type=self.attr_constraint(base, loc),
                default=str(rec.get("defaultValue", "")),
                loc=loc,
            )
        return AttributeDef(name=name, type=self.attr_constraint(rec, loc), loc=loc)

    def trait(self, value: Any, loc: SourceLoc | None) -> TraitRef:
        rec = self.ref(value)
        if rec is None:
            raise _RecordError("a trait must be a def")
        supers = rec.get("!superclasses", ())
        if "DeclareInterfaceMethods" in supers:
            # `DeclareOpInterfaceMethods<Iface, [...]>`: the interface by its def name.
            interface = self.ref(rec.get("declaredInterface"))
            if interface is None:
                raise _RecordError("a DeclareOpInterfaceMethods trait must name an interface def")
            self.use_interface(interface)
            name = next(
                (n for n in DECLARE_INTERFACE_TRAITS if n in supers), "DeclareOpInterfaceMethods"
            )
            overridden = tuple(str(m) for m in rec.get("alwaysOverriddenMethods") or ())
            args: tuple[TraitArg, ...] = (str(interface["!name"]),)
            if rec.get("!name") in self.positions:
                loc = self.loc(rec)
            return TraitRef(name=name, args=(*args, overridden) if overridden else args, loc=loc)
        if "Interface" in supers:
            self.use_interface(rec)
            return TraitRef(name=str(rec["!name"]), loc=loc)
        if "OpTrait" not in supers:
            # Unknown to the base library: validation reports it by name.
            return TraitRef(name=str(rec["!name"]), loc=loc)
        shape = rec.get("argShape", "")
        raw = tuple(str(a) for a in rec.get("traitArgs") or ())
        trait_args: tuple[TraitArg, ...] = (raw,) if shape in ("names", "ops") else raw
        if rec.get("!name") in self.positions:
            loc = self.loc(rec)
        arg_locs: list[tuple[str, SourceLoc]] = []
        position = self.field_position(rec, "traitArgs")
        if position is not None and shape == "strings":
            for index, (at, text) in enumerate(zip(position.items, raw, strict=False)):
                if at is not None:
                    arg_locs.append((f"args.{index}", _literal_text_loc(at, text, code=False)))
        return TraitRef(
            name=str(rec["traitName"]), args=trait_args, loc=loc, field_locs=tuple(arg_locs)
        )

    # -- interfaces --------------------------------------------------------------

    def use_interface(self, rec: Record) -> None:
        """Note an interface a def uses; one of an included file (not the runtime's)
        is generated with the dialect, with its base interfaces."""
        name = str(rec["!name"])
        if self.is_main(rec) or name in self.used_interfaces:
            return
        if name in BUILTIN_INTERFACES:
            return
        owner = self.dialect_of_file(rec)
        self.used_interfaces[name] = rec
        if owner is not None:
            self.error(
                self.loc(rec),
                f"interface '{name}' belongs to dialect '{owner}', whose spec defines it; "
                f"the dialect of {self.main_file.name} cannot implement another dialect's "
                "interface yet",
                "define the interface in a file of its own that both specs include",
            )
            return
        for base in rec.get("baseInterfaces") or []:
            base_rec = self.ref(base)
            if base_rec is not None:
                self.use_interface(base_rec)

    def import_def(self, rec: Record) -> None:
        """Note an enum or attribute of another dialect's spec that a constraint names
        (with the enum of an enum attribute); definitions of files without a dialect
        are left to validation, which reports them as unknown."""
        owner = self.dialect_record_of_file(rec)
        if owner is None:
            return
        self.imported.setdefault(str(rec["!name"]), (rec, owner))
        enum = self.ref(rec.get("enum"))
        if enum is not None:
            self.imported.setdefault(str(enum["!name"]), (enum, owner))

    def imports(self) -> tuple[ImportDef, ...]:
        """The imported definitions, grouped by the dialect that defines them."""
        groups: dict[str, tuple[Record, list[Record]]] = {}
        for rec, owner in self.imported.values():
            groups.setdefault(str(owner["!name"]), (owner, []))[1].append(rec)
        out: list[ImportDef] = []
        for owner, records in groups.values():
            records.sort(key=lambda r: str(r["!name"]))
            package = owner.get("pythonPackage")
            file = str((owner.get("!locs") or [":"])[0]).rsplit(":", 1)[0]
            out.append(
                ImportDef(
                    dialect=str(owner.get("name") or owner["!name"]),
                    package=package if isinstance(package, str) else None,
                    file=Path(file).name or None,
                    enums=tuple(
                        self.each(
                            [r for r in records if "EnumAttrInfo" in r.get("!superclasses", ())],
                            self.enum,
                        )
                    ),
                    attributes=tuple(
                        self.each(
                            [r for r in records if "AttrDef" in r.get("!superclasses", ())],
                            self.imported_attr,
                        )
                    ),
                    loc=self.loc(owner),
                )
            )
        return tuple(sorted(out, key=lambda i: i.dialect))

    def imported_attr(self, rec: Record) -> AttrDef:
        """An attribute of another dialect, as far as this dialect's code uses it: its
        class, mnemonic, summary, enum and syntax (its interfaces are its dialect's)."""
        loc = self.loc(rec)
        fields: dict[str, Any] = {
            "def": str(rec["!name"]),
            "mnemonic": str(rec.get("mnemonic") or ""),
            "summary": str(rec.get("summary", "")),
            "assembly_format": self.text(rec.get("assemblyFormat"), loc, code=False),
            "loc": loc,
        }
        enum = self.ref(rec.get("enum"))
        if enum is not None:
            fields["enum"] = str(enum["!name"])
        else:
            fields["parameters"] = self.parameters(rec, loc)
        return AttrDef(**fields)

    def dialect_record_of_file(self, rec: Record) -> Record | None:
        """The Dialect def of the spec that defines `rec` (not the main file's), or
        None when its file defines no dialect."""
        locs = rec.get("!locs") or []
        if not locs:
            return None
        file = str(locs[0]).rsplit(":", 1)[0]
        for other in self.doc.values():
            if (
                isinstance(other, Mapping)
                and "Dialect" in other.get("!superclasses", ())
                and not other.get("!anonymous", False)
                and str((other.get("!locs") or [":"])[0]).rsplit(":", 1)[0] == file
            ):
                return other
        return None

    def dialect_of_file(self, rec: Record) -> str | None:
        """The name of the dialect whose spec defines `rec` (not the main file's), or
        None when its file defines no dialect."""
        owner = self.dialect_record_of_file(rec)
        return None if owner is None else str(owner.get("name") or owner["!name"])

    def interface(self, rec: Record) -> InterfaceDef:
        loc = self.loc(rec)
        supers = rec.get("!superclasses", ())
        kind: InterfaceKind = (
            "type" if "TypeInterface" in supers else "attr" if "AttrInterface" in supers else "op"
        )
        if str(rec.get("extraClassOf") or "").strip():
            raise _RecordError(
                "'extraClassOf' is not supported: whether a class implements an "
                "interface is known from the class alone"
            )
        extra = [
            code
            for code in (
                self.code(rec, "extraClassDeclaration", loc),
                self.code(rec, "extraSharedClassDeclaration", loc),
            )
            if code is not None and code.text.strip()
        ]
        bases = [self.ref(b) for b in rec.get("baseInterfaces") or []]
        name = str(rec.get("cppInterfaceName") or "")
        verify = self.code(rec, "verify", loc)
        fields: dict[str, Any] = {
            "def": str(rec["!name"]),
            "name": "" if name == rec["!name"] else name,
            "kind": kind,
            "description": _code(str(rec.get("description", ""))),
            "bases": tuple(str(b["!name"]) for b in bases if b is not None),
            "methods": tuple(self.method(m) for m in rec.get("methods") or []),
            "extra_code": (
                extra[0].model_copy(update={"text": "\n".join(c.text for c in extra)})
                if extra
                else None
            ),
            "verifier": verify if verify is not None and verify.text.strip() else None,
            "verify_with_regions": bool(rec.get("verifyWithRegions", 0)),
            "loc": loc,
        }
        return InterfaceDef(**fields)

    def method(self, value: Any) -> InterfaceMethodDef:
        rec = self.ref(value)
        if rec is None or "InterfaceMethod" not in rec.get("!superclasses", ()):
            raise _RecordError("the methods of an interface must be InterfaceMethod<...> defs")
        loc = self.loc(rec)
        args: list[MethodArgDef] = []
        for arg, name in self.dag_args(rec.get("arguments"), "ins"):
            if not name:
                raise _RecordError(f"the arguments of method '{rec.get('name')}' must be named")
            carg = self.ref(arg)
            if carg is not None:
                default = carg.get("defaultValue")
                args.append(
                    MethodArgDef(
                        name=name,
                        type=str(carg.get("type", "")),
                        default=str(default) if default else None,
                        loc=loc,
                    )
                )
            else:
                args.append(MethodArgDef(name=name, type=str(arg or ""), loc=loc))
        body = self.code(rec, "body", loc)
        default = self.code(rec, "defaultBody", loc)
        return InterfaceMethodDef(
            name=str(rec.get("name") or ""),
            description=_code(str(rec.get("description", ""))),
            return_type=str(rec.get("returnType") or ""),
            args=tuple(args),
            static="StaticInterfaceMethod" in rec.get("!superclasses", ()),
            body=body if body is not None and body.text.strip() else None,
            default=default if default is not None and default.text.strip() else None,
            loc=loc,
        )

    def builder(self, value: Any, op_loc: SourceLoc | None) -> BuilderDef:
        rec = self.ref(value)
        if rec is None:
            raise _RecordError("a builder must be an OpBuilder<(ins ...), [{ ... }]>")
        loc = self.loc(rec) if rec.get("!name") in self.positions else op_loc
        params: list[BuilderParam] = []
        for arg, name in self.dag_args(rec.get("dagParams"), "ins"):
            if not name:
                raise _RecordError("builder parameters must be named")
            carg = self.ref(arg)
            if carg is not None:
                default = carg.get("defaultValue")
                params.append(
                    BuilderParam(
                        name=name,
                        type=str(carg.get("type", "")),
                        default=str(default) if default else None,
                        loc=loc,
                    )
                )
            else:
                params.append(BuilderParam(name=name, type=str(arg or ""), loc=loc))
        body = self.code(rec, "body", loc)
        return BuilderDef(
            params=tuple(params),
            body=body if body is not None and body.text.strip() else None,
            description=str(rec.get("summary", "")),
            loc=loc,
        )

    # -- types, attributes, enums ------------------------------------------------

    def parameters(self, rec: Record, loc: SourceLoc | None) -> tuple[ParameterDef, ...]:
        out: list[ParameterDef] = []
        for arg, name in self.dag_args(rec.get("parameters"), "ins"):
            if not name:
                raise _RecordError("parameters must be named")
            param = self.ref(arg)
            if param is None:
                out.append(ParameterDef(name=name, type=str(arg or ""), loc=loc))
                continue
            supers = param.get("!superclasses", ())
            if "TypeDef" in supers or "AttrDef" in supers:
                # A type or attribute of the dialect holds a value of its class.
                out.append(ParameterDef(name=name, type=str(param["!name"]), loc=loc))
                continue
            if "TypeConstraint" in supers:
                out.append(ParameterDef(name=name, type="::mlir::Type", loc=loc))
                continue
            cpp_type = param.get("cppType", param.get("pythonType", ""))
            type_ = str(cpp_type) if isinstance(cpp_type, str) else ""
            default = param.get("defaultValue")
            default = str(default) if isinstance(default, str) and default else None
            # MLIR's OptionalParameter defaults to the C++ type's empty value, `T()`.
            storage = param.get("cppStorageType")
            empty = {f"{t}()" for t in (type_, storage) if isinstance(t, str) and t}
            optional = bool(param.get("isOptional", 0)) or default in empty
            out.append(
                ParameterDef(
                    name=name,
                    type=type_,
                    description=str(param.get("summary", "")),
                    default=None if optional else _python_default(default),
                    optional=optional,
                    loc=loc,
                )
            )
        return tuple(out)

    def type_or_attr(self, rec: Record, cls: type[TypeDef] | type[AttrDef]) -> TypeDef | AttrDef:
        loc = self.loc(rec)
        fields: dict[str, Any] = {
            "def": str(rec["!name"]),
            "mnemonic": str(rec.get("mnemonic") or ""),
            "summary": str(rec.get("summary", "")),
            "description": _code(str(rec.get("description", ""))),
            "assembly_format": self.text(rec.get("assemblyFormat"), loc, code=False),
            "has_custom_assembly_format": bool(rec.get("hasCustomAssemblyFormat", 0)),
            "loc": loc,
            "field_locs": self.field_locs(rec, _DEF_FIELDS),
        }
        enum = self.ref(rec.get("enum"))
        if cls is AttrDef and enum is not None:
            # `EnumAttr<Dialect, EnumInfo, "mnemonic">`: the parameter is implied.
            fields["enum"] = str(enum["!name"])
        else:
            fields["parameters"] = self.parameters(rec, loc)
        fields["traits"] = tuple(self.trait(t, loc) for t in rec.get("traits") or [])
        if cls is TypeDef or fields.get("enum") is None:
            fields["parser"] = self.code(rec, "parser", loc)
            fields["printer"] = self.code(rec, "printer", loc)
            fields["extra_code"] = self.code(rec, "extraClassDeclaration", loc)
            fields["builders"] = tuple(self.builder(b, loc) for b in rec.get("builders") or [])
            verifier = self.code(rec, "verifier", loc)
            if bool(rec.get("genVerifyDecl", 0)) != (verifier is not None):
                if verifier is None:
                    raise _RecordError(
                        "'genVerifyDecl' is set but there is no 'verifier'",
                        "give the Python body of `verify(cls, <parameters>) -> str | None` "
                        "as `let verifier = [{ ... }];`",
                    )
                raise _RecordError(
                    "a 'verifier' is given but 'genVerifyDecl' is not set",
                    "add `let genVerifyDecl = 1;`",
                )
            fields["verifier"] = verifier
        if cls is AttrDef and isinstance(rec.get("asmAlias"), str):
            fields["alias"] = str(rec["asmAlias"])
        elif cls is AttrDef and rec.get("genMnemonicAlias") and fields["mnemonic"]:
            fields["alias"] = fields["mnemonic"]
        return cls(**fields)

    def enum(self, rec: Record) -> EnumDef:
        loc = self.loc(rec)
        kind = rec.get("enumKind", "i32")
        bits = kind in ("bit32", "bit64")
        cases: list[EnumCaseDef] = []
        for value in rec.get("cases") or []:
            case = self.ref(value)
            if case is None:
                raise _RecordError("enum cases must be defs")
            symbol = str(case["symbol"])
            number = case.get("value")
            if bits and isinstance(number, int):
                # TableGen's ints are signed 64-bit: `!shl(1, 63)` reads as negative.
                number &= (1 << ENUM_WIDTHS[kind]) - 1
            string = case.get("str")
            cases.append(
                EnumCaseDef(
                    symbol=symbol,
                    value=None if kind == "string" and number == -1 else number,
                    string=None if string == symbol else string,
                    loc=loc,
                )
            )
        fields: dict[str, Any] = {
            "def": str(rec["!name"]),
            "summary": str(rec.get("summary", "")),
            "description": _code(str(rec.get("description", ""))),
            "kind": kind,
            "cases": tuple(cases),
            "loc": loc,
        }
        namespace = rec.get("cppNamespace")
        if isinstance(namespace, str) and namespace:
            fields["cpp_namespace"] = namespace
        if bits:
            fields["separator"] = str(rec.get("separator", "|"))
            fields["print_bit_enum_primary_groups"] = bool(rec.get("printBitEnumPrimaryGroups", 0))
        return EnumDef(**fields)

    # -- patterns ----------------------------------------------------------------

    def dag(self, value: Any, loc: SourceLoc | None) -> DagNodeDef:
        if not isinstance(value, Mapping) or value.get("kind") != "dag":
            raise _RecordError("expected a pattern dag '(Op ...)'")
        args: list[DagArgDef] = []
        for arg, bind in value.get("args", []):
            args.append(DagArgDef(value=self.leaf(arg, loc), bind=bind, loc=loc))
        operator = value.get("operator") or {}
        op_rec = self.ref(operator)
        return DagNodeDef(
            operator=self.inline_spelling(op_rec) or str(operator.get("def", "")),
            bind=value.get("name"),
            args=tuple(args),
            loc=loc,
            field_locs=self.inline_code_locs(op_rec),
        )

    def leaf(self, value: Any, loc: SourceLoc | None) -> DagNodeDef | DagLeaf | None:
        if value is None:
            return None
        if isinstance(value, bool | int):
            return DagLeaf(kind="int", value=int(value), loc=loc)
        if isinstance(value, str):
            return DagLeaf(kind="str", value=value, loc=loc)
        if isinstance(value, Mapping) and value.get("kind") == "dag":
            return self.dag(value, loc)
        rec = self.ref(value)
        if rec is None:
            raise _RecordError(f"unexpected value in a pattern: {value.get('printable', value)}")
        spelling = self.inline_spelling(rec)
        if spelling is not None:
            return DagLeaf(
                kind="name", value=spelling, loc=loc, field_locs=self.inline_code_locs(rec)
            )
        supers = rec.get("!superclasses", ())
        leaf = DagLeaf(kind="name", value=str(rec["!name"]), loc=loc)
        if "TypeConstraint" in supers:
            return leaf.model_copy(update={"type_constraint": self.type_constraint(rec, loc)})
        if "AttrConstraint" in supers:
            return leaf.model_copy(update={"attr_constraint": self.attr_constraint(rec, loc)})
        return leaf

    def inline_spelling(self, rec: Record | None) -> str | None:
        """The ODS text of a record a pattern uses by content rather than by name.

        Native calls, constraints over bound symbols and constant attributes are
        spelled out (`NativeCodeCall<"...">`), so that the model reads the same
        whichever front end wrote it and whether the record was named or inline.
        """
        if rec is None:
            return None
        supers = rec.get("!superclasses", ())
        if "NativeCodeCall" in supers:
            returns = int(rec.get("numReturns", 1))
            text = "NativeCodeCall<" + _quoted(str(rec.get("expression", "")))
            return text + (f", {returns}>" if returns != 1 else ">")
        if "ConstantAttr" in supers:
            return str(rec.get("spelling"))
        if "Constraint" in supers and not (
            "TypeConstraint" in supers or "AttrConstraint" in supers
        ):
            summary = str(rec.get("summary", ""))
            text = "Constraint<CPred<" + _quoted(self.predicate(rec)) + ">"
            return text + (f", {_quoted(summary)}>" if summary else ">")
        return None

    def inline_code_locs(self, rec: Record | None) -> tuple[tuple[str, SourceLoc], ...]:
        """Where the Python of a native call or a pattern constraint starts ("code")."""
        if rec is None:
            return ()
        supers = rec.get("!superclasses", ())
        loc: SourceLoc | None = None
        if "NativeCodeCall" in supers:
            loc = self.literal_loc(rec, "expression")
        elif "Constraint" in supers:
            loc = self.predicate_loc(rec)
        return (("code", loc),) if loc is not None else ()

    def pattern(self, rec: Record) -> PatternDef:
        loc = self.loc(rec)
        benefit = 0
        delta = rec.get("benefitDelta")
        if isinstance(delta, Mapping) and delta.get("args"):
            benefit = int(delta["args"][0][0])
        # `set` is the field's YAML key (its alias); `pattern_set` a Python keyword-safe name.
        pattern_set: dict[str, Any] = {"set": str(rec.get("patternSet") or "")}
        return PatternDef(
            name=self._name(rec),
            source=self.dag(rec.get("sourcePattern"), loc),
            results=tuple(self.dag(d, loc) for d in rec.get("resultPatterns") or []),
            constraints=tuple(self.dag(d, loc) for d in rec.get("constraints") or []),
            benefit=benefit,
            **pattern_set,
            unsound=str(rec["unsoundReason"])
            if "KnownUnsound" in rec.get("!superclasses", ())
            else None,
            loc=loc,
        )

    # -- the dialect -------------------------------------------------------------

    def each(self, records: list[Record], read: Callable[[Record], Any]) -> list[Any]:
        out: list[Any] = []
        for rec in records:
            self.unsupported(rec)
            try:
                out.append(read(rec))
            except _RecordError as error:
                self.error(self.loc(rec), f"{rec['!name']}: {error.message}", error.hint)
        return out

    def pattern_file(self, patterns: list[Record]) -> DialectDef | None:
        """A file with patterns and no Dialect def: patterns between the dialects it
        includes."""
        for kind in ("Op", "TypeDef", "AttrDef", "EnumAttrInfo"):
            found = self.main_records(kind)
            if found:
                self.error(
                    self.loc(found[0]),
                    f"'{found[0]['!name']}' is defined in a file of patterns, which has no "
                    "Dialect def",
                    "define it in its dialect's spec and include that here",
                )
                return None
        name = re.sub(r"\W", "_", self.main_file.stem)
        return DialectDef(
            name=name,
            patterns=tuple(self.each(patterns, self.pattern)),
            pattern_file=True,
            loc=self.loc(patterns[0]),
        )

    def unsupported(self, rec: Record) -> None:
        """Report the fields of `rec` that ask for what odsgen does not support yet."""
        supers = rec.get("!superclasses", ())
        for cls, fields in _UNSUPPORTED.items():
            if cls not in supers:
                continue
            for key, asking, meaning in fields:
                value = rec.get(key)
                if asking is None:
                    asks = bool(value.get("args")) if isinstance(value, Mapping) else bool(value)
                else:
                    asks = value == asking
                if asks:
                    spelled = key if asking is None else f"{key} = {asking}"
                    self.unsupported_fields.append(
                        SpecDiagnostic(
                            self.set_loc(rec, key) or self.loc(rec),
                            f"'{spelled}' is not supported: {meaning}",
                        )
                    )

    def dialect(self) -> DialectDef | None:
        dialects = self.main_records("Dialect")
        patterns = self.main_records("Pattern")
        if not dialects and patterns:
            return self.pattern_file(patterns)
        if len(dialects) != 1:
            found = ", ".join(str(d["!name"]) for d in dialects) or "none"
            self.error(
                self.source(self.main_file.name).loc(0),
                f"expected exactly one Dialect def in the file, found {found}",
                "write 'def My_Dialect : Dialect { let name = \"my\"; }'",
            )
            return None
        rec = dialects[0]
        self.unsupported(rec)
        package = rec.get("pythonPackage")
        ops = tuple(self.each(self.main_records("Op"), self.op))
        types = tuple(
            self.each(self.main_records("TypeDef"), lambda r: self.type_or_attr(r, TypeDef))
        )
        attributes = tuple(
            self.each(self.main_records("AttrDef"), lambda r: self.type_or_attr(r, AttrDef))
        )
        # The interfaces of included files that the file uses (they come first in its
        # text), then the file's own.
        own = [
            r
            for r in self.main_records("Interface")
            if "DeclareInterfaceMethods" not in r.get("!superclasses", ())
        ]
        for interface in own:
            for base in interface.get("baseInterfaces") or []:
                base_rec = self.ref(base)
                if base_rec is not None:
                    self.use_interface(base_rec)
        interface_records = [
            *sorted(self.used_interfaces.values(), key=lambda r: str(r["!name"])),
            *own,
        ]
        return DialectDef(
            name=str(rec.get("name") or ""),
            package=package if isinstance(package, str) else None,
            summary=str(rec.get("summary", "")),
            description=_code(str(rec.get("description", ""))),
            ops=ops,
            types=types,
            attributes=attributes,
            enums=tuple(self.each(self.main_records("EnumAttrInfo"), self.enum)),
            interfaces=tuple(self.each(interface_records, self.interface)),
            patterns=tuple(self.each(self.main_records("Pattern"), self.pattern)),
            imports=self.imports(),
            has_constant_materializer=bool(rec.get("hasConstantMaterializer", 0)),
            has_canonicalizer=bool(rec.get("hasCanonicalizer", 0)),
            allow_unknown_operations=bool(rec.get("allowUnknownOperations", 0)),
            implementation_module=str(rec.get("implementationModule") or "") or None,
            extra_code=self.code(rec, "extraClassDeclaration", self.loc(rec)),
            loc=self.loc(rec),
            field_locs=self.field_locs(rec, _DIALECT_FLAGS),
        )


def load_records(
    json_doc: Mapping[str, Any],
    *,
    main_file: str | Path,
    positions: Mapping[str, RecordPosition] | None = None,
) -> DialectDef:
    """Build the dialect of `main_file` from its records (`llvm-tblgen --dump-json`).

    `positions` (from odsgen's own TableGen front end) say where fields were set
    and literals written, which the dump leaves out; without them, everything of
    a record is placed at its line. Raises `SpecValidationError` with every
    problem found, those of the records and those `validate.py` finds in the model.
    """
    # Imported here: validation depends on the model, the model never on validation.
    from generator.spec.validate import validate_dialect

    reader = _Reader(json_doc, Path(main_file), positions)
    dialect = reader.dialect()
    if dialect is None or reader.errors:
        raise SpecValidationError(reader.errors + reader.unsupported_fields)
    diagnostics = reader.unsupported_fields + validate_dialect(dialect)
    if diagnostics:
        raise SpecValidationError(diagnostics)
    return dialect
