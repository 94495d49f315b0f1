"""Cross-object checks of a dialect spec, all errors of a file at once.

Pydantic checks each node's shape; this module checks what only the whole dialect
can tell, in the spirit of MLIR's `Operator::assertInvariants` and its tblgen
errors: names against MLIR's grammar (dialect namespaces, bare-id mnemonics, ODS
argument names), characters no spec text may hold, names used twice or made one
Python name by sanitizing, several variadic groups without a segment trait,
unknown traits and constraint names (with a "did you mean" hint), malformed trait
arguments, enum cases and bit-enum masks, enum attributes and the enum cases
their defaults name, hand-written Python that does not parse (reported at
its line in the spec), and each op's assembly format (checked by `format.py`).
`validate_dialect` returns the diagnostics, sorted by position; `check_dialect`
raises `SpecValidationError` when there are any.
"""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Iterator, Sequence

from generator.diagnostics import SpecDiagnostic, SpecValidationError, sort_diagnostics
from generator.ir.source import SourceLoc
from generator.naming import (
    class_name_from_def,
    enum_member_name,
    is_identifier,
    sanitize_name,
    snake_case,
)
from generator.spec.constraints import (
    AnyAttrOfConstraint,
    AnyOfConstraint,
    ArrayAttrConstraint,
    AttrConstraint,
    AttrPredicateConstraint,
    AttrRefConstraint,
    ConfinedAttrConstraint,
    LikeConstraint,
    ShapedConstraint,
    SpecNode,
    TypeAttrConstraint,
    TypeConstraint,
    TypePredicateConstraint,
    TypeRefConstraint,
    known_attr_constraint_names,
    known_type_constraint_names,
)
from generator.spec.format import check_op_format
from generator.spec.model import (
    AttrDef,
    AttributeDef,
    BuilderDef,
    DialectDef,
    EnumDef,
    OpDef,
    OperandDef,
    RegionDef,
    ResultDef,
    SourceText,
    SuccessorDef,
    TraitRef,
    TypeDef,
)
from generator.spec.text import BAD_CHARACTER, bad_character_message

__all__ = ["KNOWN_TRAITS", "check_dialect", "validate_dialect"]

#: Trait name -> the shape of its arguments: "" (none), "names" (one list of
#: operand/result/attribute names), "op" (one op name), "ops" (a list of op names),
#: "types_match_with" (summary, lhs, rhs, transform, and an optional comparator),
#: "pred" (summary and a Python predicate over `$_op`).
KNOWN_TRAITS: dict[str, str] = {
    "AffineScope": "",
    "AllElementCountsMatch": "names",
    "AllElementTypesMatch": "names",
    "AllRanksMatch": "names",
    "AllShapesMatch": "names",
    "AllTypesMatch": "names",
    "AlwaysSpeculatable": "",
    "AttrSizedOperandSegments": "",
    "AttrSizedResultSegments": "",
    "AutomaticAllocationScope": "",
    "BranchOpInterface": "",
    "BroadcastableOperandsAndResultType": "",
    "CallOpInterface": "",
    "CastOpInterface": "",
    "Commutative": "",
    "ConditionallySpeculatable": "",
    "ConstantLike": "",
    "Elementwise": "",
    "ElementwiseMappable": "",
    "FunctionOpInterface": "",
    "CallableOpInterface": "",
    "RegionKindInterface": "",
    "RegionBranchOpInterface": "",
    "HasOnlyGraphRegion": "",
    "HasParent": "op",
    "Idempotent": "",
    "InferTypeOpInterface": "",
    "Involution": "",
    "LoopLikeOpInterface": "",
    "OpAsmOpInterface": "",
    "IsolatedFromAbove": "",
    "MemRefsNormalizable": "",
    "NoMemoryEffect": "",
    "NoRegionArguments": "",
    "NoSideEffect": "",
    "NoTerminator": "",
    "ParentOneOf": "ops",
    "PredOpTrait": "pred",
    "Pure": "",
    "RecursiveMemoryEffects": "",
    "RecursivelySpeculatable": "",
    "ResultsBroadcastableShape": "",
    "ReturnLike": "",
    "SameOperandsAndResultElementType": "",
    "SameOperandsAndResultRank": "",
    "SameOperandsAndResultShape": "",
    "SameOperandsAndResultType": "",
    "SameOperandsElementType": "",
    "SameOperandsShape": "",
    "SameTypeOperands": "",
    "SameVariadicOperandSize": "",
    "SameVariadicResultSize": "",
    "Scalarizable": "",
    "ShapedDimOpInterface": "",
    "SingleBlock": "",
    "SingleBlockImplicitTerminator": "op",
    "Symbol": "",
    "SymbolTable": "",
    "SymbolUserOpInterface": "",
    "Tensorizable": "",
    "Terminator": "",
    "TypesMatchWith": "types_match_with",
    "Vectorizable": "",
}

_TRAIT_USAGE: dict[str, str] = {
    "names": '{0}<["a", "b", ...]>',
    "op": '{0}<"OpName">',
    "ops": '{0}<["OpA", "OpB"]>',
    "types_match_with": '{0}<"summary", "lhs", "rhs", "transform over $_self">',
    "pred": '{0}<"summary", CPred<"python expression over $_op">>',
}


# Names from a spec end up in generated Python as identifiers and inside string
# literals, so each is held to the grammar MLIR gives it; anything else is refused
# here, with its position, rather than quoted into code.

#: A dialect namespace (MLIR's `Dialect::isValidNamespace`).
_DIALECT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")
#: A `bare-id` of MLIR's grammar: op, type and attribute mnemonics, aliases.
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
#: An ODS argument name (`$lhs`): operands, attributes, results, regions,
#: successors, parameters, pattern names and bindings.
_ODS_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: How an enum case is spelled in IR: a keyword or an integer, with `-` allowed
#: too; nothing in it needs quoting in generated string literals.
_CASE_STRING = re.compile(r"[A-Za-z0-9_$.\-]+")
#: A pattern set (`odsgen opt --patterns legalize-tf`).
_SET_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
#: What a bit enum may print between flags.
_SEPARATOR = re.compile(r"[ |,]+")


def _suggestion(name: str, candidates: Sequence[str]) -> str | None:
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


class _Validator:
    def __init__(self, dialect: DialectDef) -> None:
        self.dialect = dialect
        self.errors: list[SpecDiagnostic] = []
        self.type_defs = {t.def_name for t in dialect.types}
        self.attr_defs = {a.def_name for a in dialect.attributes} | {
            e.def_name for e in dialect.enums
        }

    def error(
        self, node: SpecNode | SourceLoc | None, message: str, hint: str | None = None
    ) -> None:
        loc = node.loc if isinstance(node, SpecNode) else node
        self.errors.append(SpecDiagnostic(loc, message, hint=hint))

    # -- the dialect -----------------------------------------------------------

    def spelled(
        self, node: SpecNode, what: str, value: str | None, grammar: re.Pattern[str], rule: str
    ) -> bool:
        """Report `value` unless it matches `grammar` in full; True when it does."""
        if value is None or grammar.fullmatch(value):
            return True
        self.error(node, f"invalid {what} {value!r}: {rule}")
        return False

    def text(self, node: object, where: SpecNode | None) -> None:
        """Refuse characters that no generated file can hold, in every string of `node`."""
        if isinstance(node, str):
            bad = BAD_CHARACTER.search(node)
            if bad is not None:
                self.error(where, bad_character_message(bad.group()))
        elif isinstance(node, SpecNode):
            for key in type(node).model_fields:
                if key != "loc":
                    self.text(getattr(node, key), node if node.loc is not None else where)
        elif isinstance(node, tuple | list):
            for item in node:
                self.text(item, where)

    def dialect_names(self) -> None:
        d = self.dialect
        self.spelled(d, "dialect name", d.name, _DIALECT_NAME, _DIALECT_RULE)
        if d.package is not None:
            if not is_identifier(d.package):
                self.error(d, f"invalid package name {d.package!r}: not a Python identifier")
        elif _DIALECT_NAME.fullmatch(d.name) and not is_identifier(d.name):
            self.error(
                d,
                f"dialect name {d.name!r} is not a Python identifier",
                "give the generated Python package a name with 'package'",
            )
        for op in d.ops:
            self.spelled(op, "op mnemonic", op.mnemonic, _BARE_ID, _BARE_ID_RULE)
            default = op.default_dialect or None
            self.spelled(op, "default dialect", default, _DIALECT_NAME, _DIALECT_RULE)
        for item in d.named_defs():
            self.def_name(item)
            if isinstance(item, TypeDef | AttrDef):
                self.spelled(item, "mnemonic", item.mnemonic, _BARE_ID, _BARE_ID_RULE)
                self.sanitized([("parameter", p.name, p) for p in item.parameters], "parameter")
            if isinstance(item, AttrDef):
                self.spelled(item, "alias", item.alias, _BARE_ID, _BARE_ID_RULE)
        for op in d.ops:
            self.def_name(op)
        for pattern in d.patterns:
            self.spelled(pattern, "pattern name", pattern.name, _ODS_NAME, _ODS_NAME_RULE)
            if pattern.pattern_set:
                self.spelled(
                    pattern,
                    "pattern set name",
                    pattern.pattern_set,
                    _SET_NAME,
                    "a letter or '_' followed by letters, digits, '_', '.' or '-'",
                )

    def def_name(self, item: OpDef | TypeDef | AttrDef | EnumDef) -> None:
        if self.spelled(item, "def name", item.def_name, _ODS_NAME, _ODS_NAME_RULE):
            name = class_name_from_def(item.def_name)
            if not is_identifier(name):
                self.error(
                    item, f"def '{item.def_name}' gives the class name {name!r}, a Python keyword"
                )

    def sanitized(self, items: Sequence[tuple[str, str, SpecNode]], what: str) -> None:
        """Names valid on their own must still give distinct Python names."""
        first: dict[str, tuple[str, str]] = {}
        for kind, name, node in items:
            if not self.spelled(node, f"{kind} name", name, _ODS_NAME, _ODS_NAME_RULE):
                continue
            py = sanitize_name(name)
            if py in first and first[py][1] != name:
                other_kind, other = first[py]
                self.error(
                    node,
                    f"{kind} '{name}' and {other_kind} '{other}' both become the Python "
                    f"{what} name '{py}'",
                    "rename one of them",
                )
            first.setdefault(py, (kind, name))

    def run(self) -> list[SpecDiagnostic]:
        self.text(self.dialect, self.dialect)
        self.dialect_names()
        self.unique(
            [(op.def_name, op) for op in self.dialect.ops],
            "op def",
        )
        self.unique([(op.mnemonic, op) for op in self.dialect.ops], "op mnemonic")
        self.unique(
            [(d.def_name, d) for d in self.dialect.named_defs()],
            "type, attribute or enum def",
        )
        if self.dialect.extra_code is not None:
            self.python(self.dialect.extra_code, "exec", "dialect extra code")
        for op in self.dialect.ops:
            self.op(op)
        for enum in self.dialect.enums:
            self.enum(enum)
        for attr in self.dialect.attributes:
            if attr.enum is not None:
                self.enum_attr(attr)
        if self.dialect.pattern_file:
            self.pattern_file()
        return sort_diagnostics(self.errors)

    def pattern_file(self) -> None:
        """A file of patterns defines patterns and nothing else."""
        d = self.dialect
        for what, items in (
            ("ops", d.ops),
            ("types", d.types),
            ("attributes", d.attributes),
            ("enums", d.enums),
        ):
            if items:
                self.error(
                    items[0],
                    f"a file of patterns defines no {what}",
                    "define them in their dialect's spec",
                )
        if not d.patterns:
            self.error(d, "a file of patterns needs patterns")

    def unique(self, items: Sequence[tuple[str, SpecNode]], what: str) -> None:
        first: dict[str, SpecNode] = {}
        for name, node in items:
            if name in first:
                first_loc = first[name].loc
                line = first_loc.line_col[0] if first_loc is not None else 0
                self.error(
                    node, f"duplicate {what} '{name}'", f"it was first defined on line {line}"
                )
            else:
                first[name] = node

    # -- ops -------------------------------------------------------------------

    def op(self, op: OpDef) -> None:
        self.names(op)
        self.variadics(op)
        self.traits(op)
        for operand in op.operands:
            self.type_refs(operand.type)
            if operand.variadicity == "variadic_of_variadic":
                self.segment_attr(op, operand.segment_attr, operand)
        for result in op.results:
            self.type_refs(result.type)
            if result.variadicity == "variadic_of_variadic":
                self.error(result, "'VariadicOfVariadic' results are currently not supported")
        for attr in op.attributes:
            self.attr_refs(attr.type)
            if isinstance(attr.default, str):
                self.enum_default(attr)
            if attr.derived is not None:
                self.python(attr.derived, "eval", "derived attribute expression")
        for kind, items in (("region", op.regions), ("successor", op.successors)):
            for entity in items[:-1]:
                if entity.variadic:
                    self.error(entity, f"only the last {kind} can be variadic")
        if op.skip_default_builders and not op.builders:
            self.error(op, "default builders are skipped and no custom builders provided")
        for builder in op.builders:
            self.python(builder.body, "exec", "builder body")
        if op.assembly_format is not None:
            self.errors.extend(check_op_format(op, self.dialect))
            if op.parser is not None:
                self.error(op, "an op has either an assembly format or parser and printer hooks")
        if (op.parser is None) != (op.printer is None):
            self.error(op, "a custom parser and printer come together; give both hooks")
        if op.has_folder and op.fold is None:
            self.error(
                op,
                "'hasFolder' is set but the op has no 'fold' body",
                hint="give the body of `def fold(self) -> FoldResult` as the op's fold",
            )
        if op.fold is not None and not op.has_folder:
            self.error(op, "a 'fold' body is given but 'hasFolder' is not set")
        for code, what in (
            (op.verifier, "verifier"),
            (op.region_verifier, "region verifier"),
            (op.fold, "fold hook"),
            (op.canonicalize, "canonicalize hook"),
            (op.extra_code, "extra code"),
            (op.parser, "parser hook"),
            (op.printer, "printer hook"),
            (op.asm_result_names, "result-name hook"),
        ):
            if code is not None:
                self.python(code, "exec", what)

    def names(self, op: OpDef) -> None:
        # Accessors and builder parameters are the snake_case names, sanitized.
        accessors: dict[str, tuple[str, str]] = {}
        for kind, entities in (
            ("operand", op.operands),
            ("attribute", op.attributes),
            ("result", op.results),
            ("region", op.regions),
            ("successor", op.successors),
        ):
            for entity in entities:
                name = entity.name
                if not name:
                    continue
                if not self.spelled(entity, f"{kind} name", name, _ODS_NAME, _ODS_NAME_RULE):
                    continue
                py = sanitize_name(snake_case(name))
                taken = accessors.get(py)
                if taken is not None and taken[1] != name:
                    self.error(
                        entity,
                        f"{kind} '{name}' and {taken[0]} '{taken[1]}' both become the Python "
                        f"name '{py}'",
                        "rename one of them",
                    )
                accessors.setdefault(py, (kind, name))
        for builder in op.builders:
            self.builder(builder)
        if op.argument_order:
            arguments = [o.name for o in op.operands]
            arguments += [a.name for a in op.attributes if a.derived is None]
            if sorted(op.argument_order) != sorted(arguments):
                self.error(
                    op,
                    f"'argument_order' {list(op.argument_order)!r} does not list each operand "
                    f"and stored attribute of the op once: {arguments!r}",
                )
        seen: dict[str, tuple[str, int]] = {}
        groups: list[
            tuple[str, Sequence[OperandDef | AttributeDef | ResultDef | RegionDef | SuccessorDef]]
        ] = [
            ("operand", op.operands),
            ("attribute", op.attributes),
            ("result", op.results),
            ("region", op.regions),
            ("successor", op.successors),
        ]
        for kind, items in groups:
            for index, item in enumerate(items):
                name = item.name
                if not name:
                    continue
                if name not in seen:
                    seen[name] = (kind, index)
                    continue
                other, other_index = seen[name]
                if other == kind:
                    message = f"op has a conflict with two {kind}s having the same name '{name}'"
                else:
                    message = f"{kind} '{name}' has the same name as {other} #{other_index}"
                self.error(
                    item,
                    message,
                    "every operand, attribute, result, region and successor needs its own "
                    "name, since each becomes an accessor",
                )

    def builder(self, builder: BuilderDef) -> None:
        self.sanitized([("builder parameter", p.name, p) for p in builder.params], "parameter")

    def variadics(self, op: OpDef) -> None:
        for kind, items, segments, same in (
            ("operands", op.operands, "AttrSizedOperandSegments", "SameVariadicOperandSize"),
            ("results", op.results, "AttrSizedResultSegments", "SameVariadicResultSize"),
        ):
            variable = [item for item in items if item.variadicity != "single"]
            if len(variable) < 2 or op.trait(segments) or op.trait(same):
                continue
            self.error(
                variable[1],
                f"op has multiple variadic {kind} but no specification over their sizes",
                f"add the '{segments}' trait (or '{same}' if all groups have the same size)",
            )

    def segment_attr(self, op: OpDef, name: str | None, node: SpecNode) -> None:
        names = {attr.name for attr in op.attributes}
        if name not in names:
            self.error(
                node,
                f"segment attribute '{name}' of 'VariadicOfVariadic' is not an attribute of the op",
                f"add an attribute {{name: {name}, type: DenseI32ArrayAttr}}",
            )

    def traits(self, op: OpDef) -> None:
        entities = {e.name for e in op.operands} | {e.name for e in op.results}
        entities |= {e.name for e in op.attributes}
        for trait in op.traits:
            shape = KNOWN_TRAITS.get(trait.name)
            if shape is None:
                self.error(
                    trait,
                    f"unknown trait '{trait.name}'",
                    _suggestion(trait.name, list(KNOWN_TRAITS)),
                )
                continue
            if not self.trait_args(trait, shape):
                continue
            if shape == "names":
                names = trait.args[0]
                assert isinstance(names, tuple)
                for name in names:
                    if name not in entities:
                        self.error(
                            trait,
                            f"'{trait.name}' names '{name}', which is not an operand, result "
                            "or attribute of the op",
                            _suggestion(name, sorted(entities)),
                        )
            elif shape == "pred":
                self.predicate(str(trait.args[1]), trait.loc)
            elif shape == "types_match_with":
                for arg in trait.args[1:3]:
                    name = str(arg)
                    if name not in entities:
                        self.error(
                            trait,
                            f"'TypesMatchWith' names '{name}', which is not an operand, result "
                            "or attribute of the op",
                            _suggestion(str(name), sorted(entities)),
                        )

    def trait_args(self, trait: TraitRef, shape: str) -> bool:
        args = trait.args
        if shape == "":
            ok = not args
        elif shape in ("names", "ops"):
            ok = len(args) == 1 and isinstance(args[0], tuple)
        elif shape == "op":
            ok = len(args) == 1 and isinstance(args[0], str)
        elif shape == "pred":
            ok = len(args) == 2 and all(isinstance(a, str) for a in args)
        else:
            ok = len(args) in (4, 5) and all(isinstance(a, str) for a in args)
        if not ok:
            usage = _TRAIT_USAGE.get(shape, "{0}").format(trait.name)
            self.error(trait, f"wrong arguments for trait '{trait.name}'", f"write it as {usage}")
        return ok

    # -- constraints -----------------------------------------------------------

    def type_refs(self, constraint: TypeConstraint) -> None:
        for node in _type_nodes(constraint):
            if isinstance(node, TypeRefConstraint) and node.ref not in self.type_defs:
                candidates = [*known_type_constraint_names(), *sorted(self.type_defs)]
                hint = _suggestion(node.ref, candidates)
                if node.ref in self.attr_defs:
                    hint = f"'{node.ref}' is an attribute or enum, not a type"
                self.error(node, f"unknown type constraint '{node.ref}'", hint)
            elif isinstance(node, TypePredicateConstraint):
                self.predicate(node.expr, node.loc)

    def attr_refs(self, constraint: AttrConstraint) -> None:
        for node in _attr_nodes(constraint):
            if isinstance(node, AttrRefConstraint) and node.ref not in self.attr_defs:
                candidates = [*known_attr_constraint_names(), *sorted(self.attr_defs)]
                hint = _suggestion(node.ref, candidates)
                if node.ref in self.type_defs:
                    hint = f"'{node.ref}' is a type; use TypeAttrOf<{node.ref}>"
                self.error(node, f"unknown attribute constraint '{node.ref}'", hint)
            elif isinstance(node, AttrPredicateConstraint):
                self.predicate(node.expr, node.loc)
            elif isinstance(node, TypeAttrConstraint):
                self.type_refs(node.type)

    def predicate(self, expr: str, loc: SourceLoc | None) -> None:
        try:
            ast.parse(expr.replace("$_self", "_self").replace("$_op", "_op"), mode="eval")
        except SyntaxError as error:
            self.error(loc, f"invalid Python in predicate: {error.msg}")

    # -- enums -----------------------------------------------------------------

    def enum(self, enum: EnumDef) -> None:
        if not enum.cases:
            self.error(enum, f"enum '{enum.def_name}' has no cases")
        if enum.is_bit_enum:
            self.bit_enum(enum)
        else:
            for key, value, default in (
                ("separator", enum.separator, "|"),
                ("print_bit_enum_primary_groups", enum.print_bit_enum_primary_groups, False),
            ):
                if value != default:
                    self.error(
                        enum,
                        f"'{key}' is only meaningful for a bit enum; "
                        f"'{enum.def_name}' has kind {enum.kind}",
                        "use kind bit32 or bit64 (I32BitEnumAttr, I64BitEnumAttr) for flags",
                    )
        self.unique([(case.symbol, case) for case in enum.cases], "enum case")
        members: dict[str, str] = {}
        for case in enum.cases:
            if not self.spelled(case, "enum case", case.symbol, _ODS_NAME, _ODS_NAME_RULE):
                continue
            self.spelled(
                case,
                "enum case string",
                case.string,
                _CASE_STRING,
                "a case is spelled with letters, digits, '_', '$', '.' or '-'",
            )
            member = enum_member_name(case.symbol)
            if members.setdefault(member, case.symbol) != case.symbol:
                self.error(
                    case,
                    f"enum cases '{case.symbol}' and '{members[member]}' both become the "
                    f"Python enum member '{member}'",
                    "rename one of them",
                )
        if not _SEPARATOR.fullmatch(enum.separator):
            self.error(
                enum,
                f"invalid enum separator {enum.separator!r}: only spaces, '|' and ',' may "
                "separate flags",
            )
        # A repeated symbol is reported once; its (default) string need not be again.
        distinct = {case.symbol: case for case in reversed(enum.cases)}
        by_order = [case for case in enum.cases if distinct[case.symbol] is case]
        self.unique([(case.text, case) for case in by_order], "enum case string")
        for case in enum.cases:
            if enum.kind == "string" and case.value is not None:
                self.error(case, "cases of a string enum have no integer value")
            elif enum.kind != "string" and case.value is None:
                self.error(
                    case,
                    f"case '{case.symbol}' of integer enum '{enum.def_name}' needs a value",
                    "add 'value: <integer>'",
                )
        values = [(str(case.value), case) for case in enum.cases if case.value is not None]
        self.unique(values, "enum value")

    def bit_enum(self, enum: EnumDef) -> None:
        if "|" not in enum.separator and "," not in enum.separator:
            self.error(
                enum,
                f"the separator of bit enum '{enum.def_name}' must contain '|' or ','",
                "flags are parsed as keywords separated by '|' or ','",
            )
        width = enum.width or 0
        for case in enum.cases:
            if case.value is not None and not 0 <= case.value < (1 << width):
                self.error(
                    case,
                    f"mask {case.value} of case '{case.symbol}' does not fit the "
                    f"{width} bits of bit enum '{enum.def_name}'",
                )

    def enum_attr(self, attr: AttrDef) -> None:
        enums = [e.def_name for e in self.dialect.enums]
        if attr.enum not in enums:
            hint = _suggestion(str(attr.enum), enums)
            if hint is None and attr.enum in self.attr_defs | self.type_defs:
                hint = f"'{attr.enum}' is not an enum of the dialect"
            self.error(
                attr, f"enum attribute '{attr.def_name}' wraps unknown enum '{attr.enum}'", hint
            )
        if attr.parameters:
            self.error(
                attr.parameters[0],
                f"enum attribute '{attr.def_name}' cannot declare parameters",
                "its one parameter, 'value', is the enum value and is implied",
            )

    def enum_default(self, attr: AttributeDef) -> None:
        """The default of an enum-valued attribute must spell cases of that enum."""
        base = attr.type
        if not isinstance(base, AttrRefConstraint):
            return
        enum = self.dialect.enum_of(base.ref)
        if enum is None:
            return
        spellings = [case.text for case in enum.cases]
        text = str(attr.default)
        if enum.is_bit_enum:
            separators = {"|", ","} & set(enum.separator)
            for separator in separators:
                text = text.replace(separator, "\0")
            words = [word.strip() for word in text.split("\0")]
        else:
            words = [text]
        for word in words:
            if word not in spellings:
                close = _suggestion(word, spellings)
                self.error(
                    attr,
                    f"default value '{attr.default}' of attribute '{attr.name}' is not a "
                    f"case of enum '{enum.def_name}'",
                    close or "expected one of: " + ", ".join(spellings),
                )
                return

    # -- hand-written Python ---------------------------------------------------

    def python(self, code: SourceText, mode: str, what: str) -> None:
        try:
            ast.parse(code.text, mode=mode)
        except SyntaxError as error:
            self.error(_code_loc(code, error), f"invalid Python in {what}: {error.msg}")


_DIALECT_RULE = "a dialect namespace is a letter or '_' followed by letters, digits, '_' or '$'"
_BARE_ID_RULE = "a letter or '_' followed by letters, digits, '_', '$' or '.'"
_ODS_NAME_RULE = "a letter or '_' followed by letters, digits or '_'"


def _code_loc(code: SourceText, error: SyntaxError) -> SourceLoc | None:
    """The position in the spec of a syntax error inside a text block."""
    if code.loc is None:
        return None
    line, col = code.loc.line_col
    err_line = error.lineno or 1
    err_col = error.offset or 1
    # Block scalars keep one indentation, so every line's column shifts by the
    # column where the block's text starts.
    file = code.loc.file
    return file.loc(file.offset_of(line + err_line - 1, col + err_col - 1))


def _type_nodes(constraint: TypeConstraint) -> Iterator[TypeConstraint]:
    yield constraint
    if isinstance(constraint, AnyOfConstraint):
        for option in constraint.options:
            yield from _type_nodes(option)
    elif isinstance(constraint, ShapedConstraint | LikeConstraint):
        yield from _type_nodes(constraint.element)


def _attr_nodes(constraint: AttrConstraint) -> Iterator[AttrConstraint]:
    yield constraint
    if isinstance(constraint, AnyAttrOfConstraint):
        for option in constraint.options:
            yield from _attr_nodes(option)
    elif isinstance(constraint, ArrayAttrConstraint):
        yield from _attr_nodes(constraint.element)
    elif isinstance(constraint, ConfinedAttrConstraint):
        yield from _attr_nodes(constraint.base)


def validate_dialect(dialect: DialectDef) -> list[SpecDiagnostic]:
    """Every cross-object problem of the dialect, sorted by position."""
    return _Validator(dialect).run()


def check_dialect(dialect: DialectDef) -> None:
    """Raise `SpecValidationError` listing every problem, if there is any."""
    diagnostics = validate_dialect(dialect)
    if diagnostics:
        raise SpecValidationError(diagnostics)
