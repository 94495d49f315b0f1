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
import builtins
import difflib
import re
from collections.abc import Callable, Iterator, Sequence

from generator import ir
from generator.diagnostics import SpecDiagnostic, SpecValidationError, sort_diagnostics
from generator.ir.source import SourceLoc
from generator.naming import (
    class_name_from_def,
    enum_member_name,
    is_identifier,
    parameter_name,
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
from generator.spec.def_format import check_def_format
from generator.spec.expr import ExprError, NameExpr, StrExpr, parse_expr
from generator.spec.format import check_op_format
from generator.spec.hooks import check_hooks
from generator.spec.implementation import (
    ImplementationModule,
    check_implementation,
    hook_providers,
    module_alias,
)
from generator.spec.interfaces import (
    BUILTIN_INTERFACES,
    InterfaceInfo,
    dialect_interfaces,
    method_name,
    resolve_methods,
    substitute_self,
)
from generator.spec.model import (
    DECLARE_INTERFACE_TRAITS,
    AttrDef,
    AttributeDef,
    BuilderDef,
    DagLeaf,
    DagNodeDef,
    DialectDef,
    EnumDef,
    ImportDef,
    InterfaceDef,
    InterfaceMethodDef,
    OpDef,
    OperandDef,
    PatternDef,
    RegionDef,
    ResultDef,
    SourceText,
    SuccessorDef,
    TraitRef,
    TypeDef,
)
from generator.spec.params import param_kind
from generator.spec.pycode import (
    ExprKind,
    check_block,
    check_expression,
    defined_names,
    runtime_names,
)
from generator.spec.text import BAD_CHARACTER, bad_character_message

__all__ = ["KNOWN_TRAITS", "check_dialect", "validate_dialect"]

#: Trait name -> the shape of its arguments: "" (none), "names" (one list of
#: operand/result/attribute names), "op" (one op name), "ops" (a list of op names),
#: "types_match_with" (summary, lhs, rhs, transform, and an optional comparator),
#: "pred" (summary and a Python predicate over `$_op`), "versions" (one list of SM
#: versions, as digits).
KNOWN_TRAITS: dict[str, str] = {
    "AffineScope": "",
    "AllElementCountsMatch": "names",
    "AllElementTypesMatch": "names",
    "AllRanksMatch": "names",
    "AllShapesMatch": "names",
    "AllTypesMatch": "names",
    "AtMostOneChildOf": "ops",
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
    "NVVMRequiresSM": "versions",
    "NVVMRequiresSMa": "versions",
    "NoMemoryEffect": "",
    "NoRegionArguments": "",
    "NoSideEffect": "",
    "NoTerminator": "",
    "OnlyAllocatesResults": "",
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
    # The tosa dialect's traits (`generator.ir.dialects.tosa`).
    "TosaElementwiseOperator": "",
    "TosaResolvableShapeOperands": "",
    "TosaShapeOperator": "",
    "TosaShapeOperatorWithSameRanks": "",
    "TypesMatchWith": "types_match_with",
    "Vectorizable": "",
}

_TRAIT_USAGE: dict[str, str] = {
    "names": '{0}<["a", "b", ...]>',
    "op": '{0}<"OpName">',
    "ops": '{0}<["OpA", "OpB"]>',
    "types_match_with": '{0}<"summary", "lhs", "rhs", "transform over $_self">',
    "pred": '{0}<"summary", CPred<"python expression over $_op">>',
    "versions": '{0}<["90"]>',
}


# Names from a spec end up in generated Python as identifiers and inside string
# literals, so each is held to the grammar MLIR gives it; anything else is refused
# here, with its position, rather than quoted into code.

#: A dialect namespace (MLIR's `Dialect::isValidNamespace`).
_DIALECT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")
#: An enum's C++ namespace, named in parse errors (`::mlir::arith`).
_CPP_NAMESPACE = re.compile(r"(::)?[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*")
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
        # What Python in the spec may name besides the runtime: the dialect's
        # classes and the helpers its code defines.
        top, attributes = defined_names(_code_texts(dialect))
        classes = {class_name_from_def(d.def_name) for d in (*dialect.ops, *dialect.named_defs())}
        classes |= {i.class_name for i in dialect.interfaces}
        # The classes of other dialects' enums and attributes its constraints name.
        imported = {e.def_name for i in dialect.imports for e in i.enums}
        imported |= {a.def_name for i in dialect.imports for a in i.attributes}
        classes |= {class_name_from_def(name) for name in imported}
        self.attr_defs |= imported
        self.code_names = frozenset(top | classes)
        self.attributes = attributes | _accessor_names(dialect)
        # Type and attribute interfaces are constraints too, as in MLIR.
        self.type_defs |= {i.def_name for i in dialect.interfaces if i.kind == "type"}
        self.attr_defs |= {i.def_name for i in dialect.interfaces if i.kind == "attr"}
        self.interfaces = dialect_interfaces(dialect)
        self.type_defs |= {i.def_name for i in self.interfaces.values() if i.kind == "type"}
        self.attr_defs |= {i.def_name for i in self.interfaces.values() if i.kind == "attr"}
        # Where hand-written code is found: the spec, then its implementation module.
        self.providers, self.module_errors = hook_providers(dialect)
        for provider in self.providers:
            if isinstance(provider, ImplementationModule):
                self.attributes |= set(provider.module.functions)

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
                if key not in ("loc", "field_locs"):
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
                # A missing mnemonic is reported by `type_or_attr`.
                mnemonic = item.mnemonic or None
                self.spelled(item, "mnemonic", mnemonic, _BARE_ID, _BARE_ID_RULE)
                self.sanitized(
                    [("parameter", p.name, p) for p in item.parameters], "parameter", parameter_name
                )
            if isinstance(item, AttrDef):
                self.spelled(item, "alias", item.alias, _BARE_ID, _BARE_ID_RULE)
        for op in d.ops:
            self.def_name(op)
        for imported in d.imports:
            self.imported_names(imported)
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

    def imported_names(self, imported: ImportDef) -> None:
        """The names of another dialect's definitions become a module path and class
        names of the generated imports."""
        self.spelled(imported, "dialect name", imported.dialect, _DIALECT_NAME, _DIALECT_RULE)
        package = imported.python_package
        if (imported.package is not None or _DIALECT_NAME.fullmatch(package)) and not (
            is_identifier(package)
        ):
            self.error(
                imported,
                f"invalid package name {package!r} of imported dialect "
                f"'{imported.dialect}': not a Python identifier",
            )
        own = {
            class_name_from_def(d.def_name) for d in (*self.dialect.ops, *self.dialect.named_defs())
        }
        enums = {e.def_name for e in imported.enums}
        items: list[EnumDef | AttrDef] = [*imported.enums, *imported.attributes]
        for item in items:
            self.def_name(item)
            if class_name_from_def(item.def_name) in own:
                self.error(
                    item,
                    f"imported '{item.def_name}' of dialect '{imported.dialect}' has the class "
                    f"name of one of this dialect's definitions",
                    "rename one of them",
                )
        for attr in imported.attributes:
            self.spelled(attr, "mnemonic", attr.mnemonic, _BARE_ID, _BARE_ID_RULE)
            if attr.enum is not None and attr.enum not in enums:
                self.error(
                    attr,
                    f"imported enum attribute '{attr.def_name}' names the enum '{attr.enum}', "
                    f"which the import of dialect '{imported.dialect}' does not hold",
                )

    def def_name(self, item: OpDef | TypeDef | AttrDef | EnumDef) -> None:
        if self.spelled(item, "def name", item.def_name, _ODS_NAME, _ODS_NAME_RULE):
            name = class_name_from_def(item.def_name)
            if not is_identifier(name):
                self.error(
                    item, f"def '{item.def_name}' gives the class name {name!r}, a Python keyword"
                )

    def sanitized(
        self,
        items: Sequence[tuple[str, str, SpecNode]],
        what: str,
        python_name: Callable[[str], str] = sanitize_name,
    ) -> None:
        """Names valid on their own must still give distinct Python names."""
        first: dict[str, tuple[str, str]] = {}
        for kind, name, node in items:
            if not self.spelled(node, f"{kind} name", name, _ODS_NAME, _ODS_NAME_RULE):
                continue
            py = python_name(name)
            if py in first and first[py][1] != name:
                other_kind, other = first[py]
                self.error(
                    node,
                    f"{kind} '{name}' and {other_kind} '{other}' both become the Python "
                    f"{what} name '{py}'",
                    "rename one of them",
                )
            first.setdefault(py, (kind, name))

    def implementation_alias(self) -> None:
        """The implementation module's last name, which generated modules bind it to,
        must not be a name they already use."""
        name = self.dialect.implementation_module
        if name is None or not self.providers[1:]:
            return
        alias = module_alias(name)
        taken = (
            alias == self.dialect.name
            or alias == self.dialect.python_package
            or alias in self.code_names
            or alias in runtime_names()
            or alias in _GENERATED_MODULE_NAMES
        )
        if taken:
            self.error(
                self.dialect.loc_of("implementation_module"),
                f"implementation module '{name}' would be bound to '{alias}' in generated "
                "code, which already names something else there",
                "give the module another name",
            )

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
        self.unique(
            [(d.def_name, d) for d in (*self.dialect.ops, *self.dialect.named_defs())]
            + [(i.def_name, i) for i in self.dialect.interfaces],
            "def",
            only_last=len(self.dialect.interfaces),
        )
        if self.dialect.extra_code is not None:
            self.python(self.dialect.extra_code, "dialect extra code")
        self.errors.extend(self.module_errors)
        if not self.module_errors:
            # Without its module, whatever the module would implement is unknown.
            self.implementation_alias()
            self.errors.extend(check_hooks(self.dialect, self.providers))
            self.errors.extend(check_implementation(self.dialect, self.providers))
        for item in self.dialect.named_defs():
            if isinstance(item, TypeDef | AttrDef):
                self.type_or_attr(item)
        for pattern in self.dialect.patterns:
            self.pattern_code(pattern)
        for interface in self.dialect.interfaces:
            self.interface(interface)
        self.class_names()
        for op in self.dialect.ops:
            self.op(op)
        implementers: list[TypeDef | AttrDef] = [*self.dialect.types, *self.dialect.attributes]
        for implementer in implementers:
            kind = "type" if isinstance(implementer, TypeDef) else "attr"
            self.implementer_traits(implementer, kind)
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

    def unique(
        self, items: Sequence[tuple[str, SpecNode]], what: str, *, only_last: int | None = None
    ) -> None:
        """Report each name used again; with `only_last`, only repeats among the last
        `only_last` items (the others are checked elsewhere)."""
        first: dict[str, SpecNode] = {}
        checked_from = len(items) - only_last if only_last is not None else 0
        for index, (name, node) in enumerate(items):
            if name in first and index >= checked_from:
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
        self.methods(op)
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
                self.expression(attr.derived.text, attr.derived.loc, None, _DERIVED)
        for kind, items in (("region", op.regions), ("successor", op.successors)):
            for entity in items[:-1]:
                if entity.variadic:
                    self.error(entity, f"only the last {kind} can be variadic")
        if op.skip_default_builders and not op.builders:
            self.error(op, "default builders are skipped and no custom builders provided")
        for builder in op.builders:
            if builder.body is not None:
                self.python(builder.body, "builder body")
            for param in builder.params:
                self.annotation(param.type, param, "builder parameter type")
                if param.default is not None:
                    self.expression(param.default, None, param.loc, _DEFAULT_VALUE)
        if op.assembly_format is not None:
            self.errors.extend(check_op_format(op, self.dialect))
            if op.parser is not None:
                self.error(op, "an op has either an assembly format or parser and printer hooks")
            elif op.has_custom_assembly_format:
                self.error(
                    op.loc_of("has_custom_assembly_format"),
                    _flag("has_custom_assembly_format", op.loc)
                    + " and an assembly format are both given",
                    "keep one: the declarative format, or the hand-written parser and printer",
                )
        if (op.parser is None) != (op.printer is None) and not op.has_custom_assembly_format:
            self.error(op, "a custom parser and printer come together; give both hooks")
        if op.fold is not None and not op.has_folder:
            self.error(op, f"a 'fold' body is given but {_flag('has_folder', op.loc)} is not set")
        for code, what in (
            (op.verifier, "verifier"),
            (op.region_verifier, "region verifier"),
            (op.fold, "fold hook"),
            (op.reference, "reference implementation"),
            (op.canonicalize, "canonicalize hook"),
            (op.extra_code, "extra code"),
            (op.parser, "parser hook"),
            (op.printer, "printer hook"),
            (op.asm_result_names, "result-name hook"),
        ):
            if code is not None:
                self.python(code, what)

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
            if self.interface_trait(trait, "op"):
                continue
            shape = KNOWN_TRAITS.get(trait.name)
            if shape is None:
                self.error(trait, f"unknown trait '{trait.name}'", self.trait_hint(trait.name))
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
                self.expression(str(trait.args[1]), _text_start(trait, "args.1"), trait, _PRED_OP)
            elif shape == "types_match_with":
                if len(trait.args) == 5:
                    self.error(
                        trait,
                        "the comparator argument of 'TypesMatchWith' is not supported",
                        "the types are compared for equality; leave the fifth argument out",
                    )
                self.expression(
                    str(trait.args[3]), _text_start(trait, "args.3"), trait, _TYPES_MATCH_WITH
                )
                for arg in trait.args[1:3]:
                    name = str(arg)
                    if name not in entities:
                        self.error(
                            trait,
                            f"'TypesMatchWith' names '{name}', which is not an operand, result "
                            "or attribute of the op",
                            _suggestion(str(name), sorted(entities)),
                        )

    def trait_hint(self, name: str) -> str | None:
        """The hint for an unknown trait; a name that looks like an interface is most
        likely one the spec has yet to define."""
        candidates = [*KNOWN_TRAITS, *(i.def_name for i in self.dialect.interfaces)]
        if not name.endswith("Interface"):
            return _suggestion(name, candidates)
        close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.9)
        if close:
            return f"did you mean '{close[0]}'?"
        return (
            f"define the interface in the spec: in TableGen `def {name} : "
            f"OpInterface<\"{name}\">`, in YAML an entry of 'interfaces'"
        )

    def interface_trait(self, trait: TraitRef, kind: str) -> bool:
        """Check a trait naming an interface (itself, or in `DeclareOpInterfaceMethods`);
        False when the trait is no interface of the dialect or the runtime."""
        declare = DECLARE_INTERFACE_TRAITS.get(trait.name)
        if declare is None:
            info = self.interfaces.get(trait.name)
            if info is None or (info.builtin and trait.name in KNOWN_TRAITS and kind == "op"):
                # The runtime's interfaces are checked as the traits they also are.
                return False
            self.interface_kind(trait, info, kind)
            return True
        args = trait.args
        if not (
            1 <= len(args) <= 2
            and isinstance(args[0], str)
            and (len(args) == 1 or isinstance(args[1], tuple))
        ):
            self.error(
                trait,
                f"wrong arguments for trait '{trait.name}'",
                f'write it as {trait.name}<InterfaceName> or {trait.name}<InterfaceName, ["method", ...]>',
            )
            return True
        name = str(args[0])
        info = self.interfaces.get(name)
        if info is None:
            candidates = sorted(i for i, v in self.interfaces.items() if v.kind == declare)
            self.error(
                trait,
                f"'{trait.name}' names unknown interface '{name}'",
                _suggestion(name, candidates) or self.trait_hint(name),
            )
            return True
        if declare != kind:
            self.error(
                trait, f"'{trait.name}' is for {_KIND_PLURAL[declare]}; use {_DECLARE_OF[kind]}"
            )
            return True
        if not self.interface_kind(trait, info, kind):
            return True
        methods = {m.ods_name: m for m in info.methods}
        listed = args[1] if len(args) > 1 and isinstance(args[1], tuple) else ()
        for overridden in listed:
            method = methods.get(str(overridden))
            if method is None:
                self.error(
                    trait,
                    f"interface '{info.class_name}' has no method '{overridden}'",
                    _suggestion(str(overridden), sorted(methods)),
                )
            elif method.kind == "fixed":
                # A method without a default is defined by the op anyway, as mlir-tblgen
                # declares it anyway; one the interface implements itself cannot be.
                self.error(
                    trait,
                    f"method '{overridden}' of interface '{info.class_name}' is implemented "
                    "by the interface itself and cannot be overridden",
                    "list only methods with a default implementation",
                )
        return True

    def interface_kind(self, trait: TraitRef, info: InterfaceInfo, kind: str) -> bool:
        if info.kind == kind:
            return True
        self.error(
            trait,
            f"'{info.def_name}' is {_KIND_ARTICLE[info.kind]} interface; "
            f"{_KIND_PLURAL[kind]} cannot implement it",
        )
        return False

    def methods(self, op: OpDef) -> None:
        """The op's interface methods: each defined where it must be, none shadowing an
        accessor of the op."""
        impls, errors = resolve_methods(op, self.dialect, self.interfaces, self.providers)
        self.errors.extend(errors)
        names: dict[str, str] = {}
        for kind, entities in (
            ("operand", op.operands),
            ("attribute", op.attributes),
            ("result", op.results),
            ("region", op.regions),
            ("successor", op.successors),
        ):
            for entity in entities:
                if entity.name:
                    names.setdefault(
                        sanitize_name(snake_case(entity.name)), f"{kind} '{entity.name}'"
                    )
        for impl in impls:
            taken = names.get(impl.method.py_name)
            if taken is not None and not impl.interface.builtin:
                self.error(
                    op,
                    f"method '{impl.method.py_name}' of interface '{impl.interface.class_name}' "
                    f"has the name of the accessor of {taken}",
                    "rename the method or the op's " + taken.split(" ")[0],
                )

    def implementer_traits(self, item: TypeDef | AttrDef, kind: str) -> None:
        """A type's or attribute's traits are interfaces of its kind, and it defines
        their methods."""
        for trait in item.traits:
            if self.interface_trait(trait, kind):
                continue
            what = "type" if kind == "type" else "attribute"
            self.error(
                trait,
                f"unknown {what} interface '{trait.name}'",
                _suggestion(
                    trait.name, [i.def_name for i in self.dialect.interfaces if i.kind == kind]
                )
                or f"a {what} lists the {what} interfaces it implements",
            )
        _, errors = resolve_methods(item, self.dialect, self.interfaces, self.providers)
        self.errors.extend(errors)

    # -- interfaces ------------------------------------------------------------

    def interface(self, interface: InterfaceDef) -> None:
        self.spelled(interface, "def name", interface.def_name, _ODS_NAME, _ODS_NAME_RULE)
        if interface.name and not is_identifier(interface.name):
            self.error(
                interface,
                f"invalid interface name {interface.name!r}: the class name must be a Python "
                "identifier",
            )
        if interface.def_name in BUILTIN_INTERFACES:
            self.error(
                interface,
                f"'{interface.def_name}' is an interface of the runtime and cannot be "
                "defined again",
                "give your interface another name",
            )
        for base in interface.bases:
            info = self.interfaces.get(base)
            if info is None:
                self.error(
                    interface,
                    f"unknown base interface '{base}' of '{interface.def_name}'",
                    _suggestion(base, sorted(self.interfaces)),
                )
            elif info.kind != interface.kind:
                self.error(
                    interface,
                    f"'{interface.def_name}' cannot derive from {_KIND_ARTICLE[info.kind]} "
                    f"interface '{base}'",
                )
        if self.derives_from_itself(interface.def_name):
            self.error(interface, f"interface '{interface.def_name}' derives from itself")
        if interface.verifier is not None:
            if interface.kind != "op":
                self.error(interface, "only op interfaces verify the ops implementing them")
            self.interface_code(interface.verifier, "interface verifier")
        elif interface.verify_with_regions:
            self.error(interface, "'verify_with_regions' is set but the interface has no verifier")
        if interface.extra_code is not None:
            self.interface_code(interface.extra_code, "interface extra code")
        seen: dict[str, InterfaceMethodDef] = {}
        for method in interface.methods:
            if not self.spelled(method, "method name", method.name, _ODS_NAME, _ODS_NAME_RULE):
                continue
            py = method_name(method.name)
            other = seen.get(py)
            if other is not None:
                self.error(
                    method,
                    f"methods '{method.name}' and '{other.name}' of interface "
                    f"'{interface.def_name}' both become the Python method '{py}'",
                    "rename one of them",
                )
            seen.setdefault(py, method)
            if py in _GENERATED_MEMBERS[interface.kind]:
                self.error(
                    method,
                    f"method '{method.name}' of interface '{interface.def_name}' becomes the "
                    f"Python method '{py}', which the generated classes define themselves",
                    "rename the method",
                )
            self.method(method, self.annotation_names(interface.kind))

    def derives_from_itself(self, name: str) -> bool:
        stack = list(self.interfaces[name].bases) if name in self.interfaces else []
        seen: set[str] = set()
        while stack:
            base = stack.pop()
            if base == name:
                return True
            if base in seen or base not in self.interfaces:
                continue
            seen.add(base)
            stack.extend(self.interfaces[base].bases)
        return False

    def method(self, method: InterfaceMethodDef, names: frozenset[str]) -> None:
        what = f"return type of method '{method.name}'"
        self.method_annotation(method, method.return_type, what, names)
        self.sanitized([("argument", a.name, a) for a in method.args], "argument")
        for arg in method.args:
            self.method_annotation(arg, arg.type, f"type of argument '{arg.name}'", names)
            if arg.default is not None:
                try:
                    ast.parse(arg.default, mode="eval")
                except SyntaxError as error:
                    self.error(
                        arg, f"invalid Python in the default of argument '{arg.name}': {error.msg}"
                    )
        if method.body is not None and method.default is not None:
            self.error(
                method,
                f"method '{method.name}' has both a body and a default implementation",
                "keep the body (no implementation may replace it) or the default "
                "(implementations may override it)",
            )
        for code, what in (
            (method.body, "method body"),
            (method.default, "default implementation"),
        ):
            if code is not None:
                self.interface_code(code, f"{what} of '{method.name}'", static=method.static)

    def method_annotation(
        self, node: SpecNode, text: str, what: str, names: frozenset[str]
    ) -> None:
        """An interface method's return or argument type must be a Python type
        expression whose names the generated module has."""
        text = " ".join(text.split())
        if text in ("", "void"):
            return
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError:
            self.error(
                node,
                f"{what} is not a Python type expression: {text!r}",
                "write a Python annotation, such as 'int', 'Sequence[Type]' or 'Value | None'",
            )
            return
        for name in sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}):
            if name not in names:
                self.error(
                    node,
                    f"{what} names '{name}', which the generated module does not know",
                    _suggestion(name, sorted(names))
                    or "use builtins, names of generator.ir, Sequence, Mapping, Callable, "
                    "Iterable, Iterator, Any, and the dialect's own classes",
                )

    def annotation_names(self, kind: str) -> frozenset[str]:
        """The names an annotation in the module of an interface of `kind` may use."""
        d = self.dialect
        names = set(_ANNOTATION_NAMES)
        names.update(i.class_name for i in d.interfaces if i.kind == kind)
        if kind in ("op", "type"):
            names.update(class_name_from_def(t.def_name) for t in d.types)
        if kind in ("op", "attr"):
            names.update(class_name_from_def(a.def_name) for a in d.attributes)
        if kind == "op":
            names.update(class_name_from_def(o.def_name) for o in d.ops)
            names.update(i.class_name for i in d.interfaces)
            names.update(class_name_from_def(e.def_name) for e in d.enums)
        return frozenset(names)

    def class_names(self) -> None:
        """Interfaces are classes beside the dialect's ops, types and attributes."""
        taken: dict[str, str] = {}
        for op in self.dialect.ops:
            taken.setdefault(class_name_from_def(op.def_name), op.def_name)
        items: list[TypeDef | AttrDef] = [*self.dialect.types, *self.dialect.attributes]
        for item in items:
            taken.setdefault(class_name_from_def(item.def_name), item.def_name)
        for interface in self.dialect.interfaces:
            name = interface.class_name
            other = taken.get(name)
            if other is not None and other != interface.def_name:
                self.error(
                    interface,
                    f"interface '{interface.def_name}' and '{other}' both become the Python "
                    f"class '{name}'",
                    "give the interface another name ('name', or OpInterface<\"Name\">)",
                )
            taken.setdefault(name, interface.def_name)

    def trait_args(self, trait: TraitRef, shape: str) -> bool:
        args = trait.args
        if shape == "":
            ok = not args
        elif shape in ("names", "ops"):
            ok = len(args) == 1 and isinstance(args[0], tuple)
        elif shape == "op":
            ok = len(args) == 1 and isinstance(args[0], str)
        elif shape == "versions":
            ok = (
                len(args) == 1
                and isinstance(args[0], tuple)
                and bool(args[0])
                and all(v.isdigit() for v in args[0])
            )
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
                self.expression(node.expr, _text_start(node, "expr"), node, _CPRED)

    def attr_refs(self, constraint: AttrConstraint) -> None:
        for node in _attr_nodes(constraint):
            if isinstance(node, AttrRefConstraint) and node.ref not in self.attr_defs:
                candidates = [*known_attr_constraint_names(), *sorted(self.attr_defs)]
                hint = _suggestion(node.ref, candidates)
                if node.ref in self.type_defs:
                    hint = f"'{node.ref}' is a type; use TypeAttrOf<{node.ref}>"
                self.error(node, f"unknown attribute constraint '{node.ref}'", hint)
            elif isinstance(node, AttrPredicateConstraint):
                self.expression(node.expr, _text_start(node, "expr"), node, _CPRED)
            elif isinstance(node, TypeAttrConstraint):
                self.type_refs(node.type)

    def expression(
        self,
        text: str,
        text_loc: SourceLoc | None,
        node: SpecNode | SourceLoc | None,
        kind: ExprKind,
    ) -> None:
        """Check Python that generated code uses as an expression.

        `text_loc` is where the text's first character is, when known (problems
        are then placed inside it); otherwise they are reported at `node`.
        """
        fallback = node.loc if isinstance(node, SpecNode) else node
        if kind.scope == _PATTERN_SCOPE:
            names: frozenset[str] = frozenset()
        else:
            names = self.code_names | ({"self"} if kind is _DERIVED else set())
        for problem in check_expression(text, kind, names, frozenset(self.attributes)):
            where = _text_loc(text_loc, problem.line, problem.col) if text_loc else fallback
            self.error(where, problem.message, problem.hint)

    def annotation(self, text: str, node: SpecNode, what: str) -> None:
        """A Python type annotation written in the spec (`"Sequence[Value]"`)."""
        if not text:
            return
        kind = ExprKind(what, "type", (), check_names=False)
        for problem in check_expression(text, kind, self.code_names, frozenset(self.attributes)):
            self.error(node, problem.message, problem.hint)

    def pattern_code(self, pattern: PatternDef) -> None:
        """The Python of a pattern: its native calls and constraint predicates."""
        for node, is_constraint in _pattern_code_nodes(pattern):
            text = _code_of(node)
            if text is None:
                continue
            kind = _PATTERN_CONSTRAINT if is_constraint else _NATIVE_CALL
            self.expression(text, _text_start(node, "code"), node, kind)

    # -- types and attributes ------------------------------------------------------

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
        if enum.cpp_namespace:
            self.spelled(
                enum,
                "C++ namespace",
                enum.cpp_namespace,
                _CPP_NAMESPACE,
                "C++ identifiers joined by '::', optionally starting with '::'",
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

    # -- types and attributes ------------------------------------------------------

    def type_or_attr(self, item: TypeDef | AttrDef) -> None:
        """A dialect type or attribute: its syntax (MLIR's rules for `mnemonic`,
        `assemblyFormat` and `hasCustomAssemblyFormat`), format, parameters and Python.

        A type with parameters and no syntax at all is reported with the missing hooks
        (`generator.spec.hooks`), since an implementation module may give them.
        """
        td = _is_td(item.loc)
        custom = item.has_custom_assembly_format or item.parser is not None
        fmt = item.assembly_format
        declarative = fmt is not None
        params = [p for p in item.parameters if p.type != "SelfType"]
        self_typed = len(params) != len(item.parameters)
        if isinstance(item, AttrDef) and item.enum is not None:
            if fmt is not None and fmt.text.strip() and not _supported_def_format(item):
                key = "assemblyFormat" if td else "assembly_format"
                self.error(
                    item.loc_of("assembly_format"),
                    f"{key} on an enum attribute is not supported yet, except "
                    f"{_ENUM_FORMAT!r} and {_ENUM_VALUE_FORMAT!r}",
                    f"write it as {_ENUM_FORMAT!r}, or leave it out",
                )
        elif item.mnemonic:
            if custom and declarative:
                self.error(
                    item.loc_of("assembly_format"),
                    "cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'",
                    "keep the declarative format, or the parser and printer",
                )
            elif declarative:
                self.errors.extend(check_def_format(item, self.dialect))
        elif custom or declarative:
            self.error(
                item,
                "'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when "
                "'mnemonic' is set",
            )
        else:
            what = "type" if isinstance(item, TypeDef) else "attribute"
            self.error(
                item,
                f"a {what} without a mnemonic has no syntax; odsgen needs one to read and "
                f"print the {what}",
                "set 'mnemonic'" + (" and give an 'assemblyFormat'" if params else ""),
            )
        if self_typed and params and not custom:
            # The type is printed after the body (` : complex<f32>`), and only a
            # hand-written parser knows how the body implies it.
            self.error(
                item,
                "an attribute with a self type parameter and other parameters is "
                "supported by odsgen only with a hand-written parser and printer",
                "set 'hasCustomAssemblyFormat' and give the parser and printer",
            )
        if isinstance(item, AttrDef) and item.alias is not None and not (self_typed or params):
            self.error(
                item.loc_of("alias"),
                f"{_flag('asm_alias', item.loc) if td else repr('alias')} is only supported "
                "on an attribute with parameters, or that is its own type (one "
                "AttributeSelfTypeParameter)",
            )
        if (item.parser is None) != (item.printer is None) and not item.has_custom_assembly_format:
            self.error(item, "a custom parser and printer come together; give both hooks")
        for code, what in (
            (item.parser, "parser hook"),
            (item.printer, "printer hook"),
            (item.verifier, "verifier"),
            (item.extra_code, "extra code"),
        ):
            if code is not None:
                self.python(code, what)
        for builder in item.builders:
            if builder.body is not None:
                self.python(builder.body, "builder body")
            else:
                self.error(
                    builder,
                    f"a builder of '{item.def_name}' has no body",
                    "write its Python body: TypeBuilder<(ins ...), [{ ... }]>"
                    if td
                    else "write its Python body under 'body:'",
                )
        for param in item.parameters:
            if param.type != "SelfType" and param_kind(param.type, self.dialect).kind == "python":
                # Neither a C++ type odsgen knows nor a value formats read: Python.
                self.annotation(param.type, param, "parameter type")
            if param.optional and param.default is not None:
                self.error(
                    param,
                    f"parameter '{param.name}' is optional and has a default",
                    "an optional parameter defaults to the empty value of its type; "
                    "keep one of the two",
                )
            if param.default is not None:
                self.expression(param.default, None, param, _DEFAULT_VALUE)

    # -- hand-written Python ---------------------------------------------------

    def interface_code(self, code: SourceText, what: str, *, static: bool = False) -> None:
        """A code block of an interface, where `$_op` and the like stand for `self`."""
        self.python(
            code.model_copy(update={"text": substitute_self(code.text, static=static)}), what
        )

    def python(self, code: SourceText, what: str) -> None:
        """A code block: it must parse (and is reported as C++ when it is)."""
        problem = check_block(code.text, what)
        if problem is not None:
            where = _text_loc(code.loc, problem.line, problem.col) if code.loc else None
            self.error(where, problem.message, problem.hint)


#: Names every module of generated interfaces has: builtins, the runtime's public
#: names and the `collections.abc` and `typing` names the templates import.
_ANNOTATION_NAMES: frozenset[str] = frozenset(
    {
        *dir(builtins),
        *ir.__all__,
        "Any",
        "Callable",
        "ClassVar",
        "Iterable",
        "Iterator",
        "Mapping",
        "Sequence",
    }
)

#: Methods the generated classes of each kind define themselves, which an
#: interface method may not be named.
_GENERATED_MEMBERS: dict[str, frozenset[str]] = {
    "op": frozenset(
        {
            "build",
            "canonicalize",
            "check_inherent_attr",
            "convert_property",
            "fold",
            "parse",
            "reference",
            "print",
            "verify_regions",
        }
    ),
    "type": frozenset({"body", "get", "params", "parse", "print_params", "unique"}),
    "attr": frozenset({"body", "get", "params", "parse", "print_params", "unique"}),
}

_KIND_ARTICLE = {"op": "an op", "type": "a type", "attr": "an attribute"}
_KIND_PLURAL = {"op": "ops", "type": "types", "attr": "attributes"}
_DECLARE_OF = {kind: name for name, kind in DECLARE_INTERFACE_TRAITS.items()}

_DIALECT_RULE = "a dialect namespace is a letter or '_' followed by letters, digits, '_' or '$'"
_BARE_ID_RULE = "a letter or '_' followed by letters, digits, '_', '$' or '.'"
_ODS_NAME_RULE = "a letter or '_' followed by letters, digits or '_'"


def _text_start(node: SpecNode, key: str) -> SourceLoc | None:
    """Where the Python text of field `key` starts, when the front end knows it."""
    return next((loc for name, loc in node.field_locs if name == key), None)


def _text_loc(start: SourceLoc, line: int, col: int) -> SourceLoc:
    """The position in the spec of (1-based `line`, 0-based `col`) of a text at `start`.

    Block scalars and code blocks keep one indentation, so every line's column
    shifts by the column where the text's first line starts.
    """
    first_line, first_col = start.line_col
    file = start.file
    return file.loc(file.offset_of(first_line + line - 1, first_col + col))


#: The Python expressions of a spec, by where they go.
_CPRED = ExprKind("CPred", "predicate", ("$_self",))
_PRED_OP = ExprKind("CPred", "predicate", ("$_op",))
_TYPES_MATCH_WITH = ExprKind("TypesMatchWith transform", "transform", ("$_self",))
#: Patterns run in `patterns.py`, which imports the runtime and each dialect's ops
#: module under the dialect's name; a dialect's helpers are reached through it.
#: Names generated modules define or import besides the runtime's and the dialect's.
_GENERATED_MODULE_NAMES = frozenset(
    {"annotations", "TYPE_CHECKING", "Any", "Callable", "Iterable", "Iterator", "Mapping"}
    | {"ops", "types", "attrs", "enums", "patterns", "PATTERN_SETS", "OPS", "DIALECT"}
)

_PATTERN_SCOPE = (
    "Python's builtins, the public names of generator.ir and a dialect's helpers "
    "through its name (`arith.helper($0)`)"
)
_PATTERN_CONSTRAINT = ExprKind(
    "CPred", "predicate", ("$_self",), numbered=True, scope=_PATTERN_SCOPE
)
_NATIVE_CALL = ExprKind(
    "NativeCodeCall",
    "native call",
    ("$_builder", "$_loc", "$_self"),
    numbered=True,
    scope=_PATTERN_SCOPE,
)
_DERIVED = ExprKind("derived attribute", "expression", ())
_DEFAULT_VALUE = ExprKind("default value", "default value", (), check_names=False)

#: The formats of an enum attribute the generator supports: the case in angle
#: brackets (`#arith.fastmath<fast>`), or after a space (`#index<cmp_predicate slt>`).
_ENUM_FORMAT = "`<` $value `>`"
_ENUM_VALUE_FORMAT = "$value"


def _supported_def_format(item: TypeDef | AttrDef) -> bool:
    """Whether a type's or attribute's assembly format is one the generator handles."""
    if not isinstance(item, AttrDef) or item.assembly_format is None:
        return False
    text = " ".join(item.assembly_format.text.split())
    return item.enum is not None and text in (_ENUM_FORMAT, _ENUM_VALUE_FORMAT)


def _is_td(loc: SourceLoc | None) -> bool:
    return loc is not None and loc.file.name.endswith(".td")


def _flag(name: str, loc: SourceLoc | None) -> str:
    """A flag as the spec spells it: `'hasFolder'` in TableGen, `'has_folder'` in YAML."""
    spelled = "".join(w.title() if i else w for i, w in enumerate(name.split("_")))
    return f"'{spelled}'" if loc is not None and loc.file.name.endswith(".td") else f"'{name}'"


def _code_texts(dialect: DialectDef) -> Iterator[str]:
    """Every code block of the dialect."""
    if dialect.extra_code is not None:
        yield dialect.extra_code.text
    for op in dialect.ops:
        for code in (op.extra_code, op.verifier, op.fold, op.reference, op.canonicalize):
            if code is not None:
                yield code.text
    for item in dialect.named_defs():
        if isinstance(item, TypeDef | AttrDef) and item.extra_code is not None:
            yield item.extra_code.text
    for interface in dialect.interfaces:
        for code in (interface.extra_code, interface.verifier):
            if code is not None:
                yield substitute_self(code.text, static=False)
        for method in interface.methods:
            for code in (method.body, method.default):
                if code is not None:
                    yield substitute_self(code.text, static=method.static)


def _accessor_names(dialect: DialectDef) -> set[str]:
    """The accessors of the dialect's op, type and attribute classes."""
    out: set[str] = set()
    for op in dialect.ops:
        for group in (op.operands, op.results, op.attributes, op.regions, op.successors):
            out |= {sanitize_name(snake_case(item.name)) for item in group if item.name}
    for item in dialect.named_defs():
        if isinstance(item, TypeDef | AttrDef):
            out |= {sanitize_name(p.name) for p in item.parameters}
    return out


def _pattern_code_nodes(pattern: PatternDef) -> Iterator[tuple[DagNodeDef | DagLeaf, bool]]:
    """The DAG nodes and leaves of a pattern that hold Python, and whether each is a
    constraint (else a native call)."""
    for dag in (pattern.source, *pattern.results):
        yield from _dag_code_nodes(dag)
    for constraint in pattern.constraints:
        yield constraint, True
        for arg in constraint.args:
            if isinstance(arg.value, DagNodeDef):
                yield from _dag_code_nodes(arg.value)


def _dag_code_nodes(node: DagNodeDef) -> Iterator[tuple[DagNodeDef | DagLeaf, bool]]:
    if node.operator.startswith("NativeCodeCall"):
        yield node, False
    for arg in node.args:
        if isinstance(arg.value, DagNodeDef):
            yield from _dag_code_nodes(arg.value)
        elif isinstance(arg.value, DagLeaf) and str(arg.value.value).startswith("NativeCodeCall"):
            yield arg.value, False


def _code_of(node: DagNodeDef | DagLeaf) -> str | None:
    """The Python of `NativeCodeCall<"...">` or `Constraint<CPred<"...">, ...>`; None for
    a node of another kind (constraints by name are checked as constraints)."""
    spelling = node.operator if isinstance(node, DagNodeDef) else str(node.value)
    try:
        expr = parse_expr(spelling)
    except ExprError:
        return None
    if not isinstance(expr, NameExpr) or not expr.args:
        return None
    first = expr.args[0]
    if expr.name in ("Constraint", "PatternConstraint"):
        if isinstance(first, NameExpr) and first.name == "CPred" and first.args:
            first = first.args[0]
    elif not expr.name.startswith("NativeCodeCall"):
        return None
    return first.value if isinstance(first, StrExpr) else None


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
