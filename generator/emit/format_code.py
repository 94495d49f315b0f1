"""The generated `parse` and `print` methods of ops with an assembly format.

From a checked format (`generator.spec.format.ResolvedFormat`) this module writes
straight-line Python: `parse` reads the elements in order, then resolves operand
uses with their types and builds the op; `print` writes the same elements with
the spacing rules of `mlir-tblgen`'s generated printers (a space before each
element unless punctuation says otherwise, none after `(`, `[`, `{` or `<`).

The runtime side is the custom-form API, `generator.ir.opasm.AsmParser` and
`generator.ir.opasm.AsmPrinter`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from generator.naming import class_name_from_def, directive_name, property_slot
from generator.spec.constraints import (
    AnyOfConstraint,
    AttrConstraint,
    AttrRefConstraint,
    ConfinedAttrConstraint,
    DenseArrayAttrConstraint,
    FloatAttrConstraint,
    IntegerAttrConstraint,
    IntegerConstraint,
    ShapedConstraint,
    SimpleAttrConstraint,
    TypeConstraint,
    TypeRefConstraint,
)
from generator.spec.format import (
    AttrDictDirective,
    AttributeBinding,
    Binding,
    CustomDirective,
    FormatNode,
    FunctionalTypeDirective,
    LiteralElement,
    OIList,
    OperandBinding,
    OperandsDirective,
    OptionalGroup,
    PropDictDirective,
    QualifiedDirective,
    RefDirective,
    RegionBinding,
    RegionsDirective,
    ResolvedFormat,
    ResultBinding,
    ResultsDirective,
    StringElement,
    SuccessorBinding,
    SuccessorsDirective,
    TypeDirective,
    TypeSource,
    VariableElement,
    walk,
)
from generator.spec.implementation import module_alias
from generator.spec.model import AttributeDef, DialectDef, EnumDef, OperandDef, ResultDef
from generator.spec.pycode import defined_names, runtime_names

__all__ = ["FormatCode", "FormatUnsupported", "format_code"]


#: MLIR's C++ classes of shaped types: the runtime classes (a Python expression)
#: and the IR name of the class (empty for abstract ones such as `TensorType`).
_CPP_KINDS: dict[str, tuple[str, str]] = {
    "::mlir::BaseMemRefType": ("(MemRefType, UnrankedMemRefType)", ""),
    "::mlir::ComplexType": ("ComplexType", "builtin.complex"),
    "::mlir::IntegerType": ("IntegerType", "builtin.integer"),
    "::mlir::MemRefType": ("MemRefType", "builtin.memref"),
    "::mlir::RankedTensorType": ("RankedTensorType", "builtin.tensor"),
    "::mlir::ShapedType": ("ShapedType", ""),
    "::mlir::TensorType": ("(RankedTensorType, UnrankedTensorType)", ""),
    "::mlir::UnrankedMemRefType": ("UnrankedMemRefType", "builtin.unranked_memref"),
    "::mlir::UnrankedTensorType": ("UnrankedTensorType", "builtin.unranked_tensor"),
    "::mlir::VectorType": ("VectorType", "builtin.vector"),
}

#: The C++ class of each shaped container, as MLIR's constraints give it.
_CONTAINER_CPP_TYPES: dict[str, str] = {
    "memref": "::mlir::MemRefType",
    "unranked_memref": "::mlir::UnrankedMemRefType",
    "non0_ranked_memref": "::mlir::MemRefType",
    "ranked_or_unranked_memref": "::mlir::BaseMemRefType",
    "tensor": "::mlir::TensorType",
    "ranked_tensor": "::mlir::RankedTensorType",
    "static_tensor": "::mlir::RankedTensorType",
    "non0_ranked_tensor": "::mlir::TensorType",
    "unranked_tensor": "::mlir::UnrankedTensorType",
    "vector": "::mlir::VectorType",
    "non0_ranked_vector": "::mlir::VectorType",
    "fixed_vector": "::mlir::VectorType",
    "scalable_vector": "::mlir::VectorType",
    "static_memref": "::mlir::MemRefType",
    "tensor_or_memref": "::mlir::ShapedType",
    "shaped": "::mlir::ShapedType",
}


def parsed_type_kind(constraint: TypeConstraint) -> tuple[str, str] | None:
    """The class (a Python expression) and IR name a custom form parses a type of
    this constraint as, or None for any type: MLIR's parsers check the kind of a
    type whose constraint has a C++ class narrower than `::mlir::Type`."""
    cpp_type: str | None = None
    if isinstance(constraint, ShapedConstraint):
        container = constraint.container
        if constraint.ranks and container == "tensor":
            container = "ranked_tensor"
        cpp_type = _CONTAINER_CPP_TYPES.get(container)
    elif isinstance(constraint, AnyOfConstraint):
        cpp_type = constraint.cpp_type
    elif isinstance(constraint, IntegerConstraint) and _names_integer_type(constraint):
        cpp_type = "::mlir::IntegerType"
    return _CPP_KINDS.get(cpp_type) if cpp_type is not None else None


def _names_integer_type(constraint: IntegerConstraint) -> bool:
    """Whether MLIR's constraint of these integers names `::mlir::IntegerType`:
    `AnyInteger`, `AnySignlessInteger`, `I<n>`, `SI<n>`, `UI<n>` and
    `AnyIntOfWidths<...>` do; `AnyI<n>`, `AnySignedInteger`, `AnyUnsignedInteger` and
    the signless, signed and unsigned unions of several widths do not."""
    if len(constraint.widths) == 1:
        return constraint.signedness != "any"
    if not constraint.widths:
        return constraint.signedness in ("any", "signless")
    return constraint.signedness == "any"


class FormatUnsupported(Exception):
    """A format element this generator cannot turn into code yet."""


@dataclass
class FormatCode:
    """The bodies of `parse` and `print`, and the module constants they use."""

    parse_body: list[str]
    print_body: list[str]
    constants: dict[str, str] = field(default_factory=dict)
    """Module-level `NAME = expr` definitions (enum keyword tables, fixed types)."""


@dataclass(frozen=True)
class _AttrSyntax:
    """How one attribute is written in a custom form."""

    kind: str
    """"enum" (a keyword), "symbol" (`@name`), "untyped" (a value whose type is
    implied), "stripped" (a dialect attribute without its prefix), "dense_array"
    (`[1, 2]`), "unit", or "full" (any attribute)."""
    storage: str = "Attribute"
    enum: EnumDef | None = None
    width: int = 64
    attr_class: str = ""
    implied_type: str = ""


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")


def _is_keyword(spelling: str) -> bool:
    return bool(_WORD.fullmatch(spelling))


def _literal_space_before(value: str, last_was_punctuation: bool) -> bool:
    """mlir-tblgen's rule for a space before a literal."""
    if len(value) != 1 and value != "->":
        return True
    if last_was_punctuation:
        return value[0] not in ">)}],"
    return value[0] not in "<>(){}[],"


class _Emitter:
    def __init__(
        self,
        fmt: ResolvedFormat,
        dialect: DialectDef,
        py: dict[str, str],
        attr_syntax: Callable[[AttributeDef], _AttrSyntax],
        type_expr: Callable[[str], str],
        type_check: Callable[[OperandDef | ResultDef], tuple[str, str] | None],
    ) -> None:
        self.fmt = fmt
        self.op = fmt.op
        self.dialect = dialect
        self.py = py
        self.attr_syntax = attr_syntax
        self.type_expr = type_expr
        self.type_check = type_check
        self.transform_checks: list[str] = []
        self.oilist_count = 0
        self.constants: dict[str, str] = {}
        self.parse: list[str] = []
        self.print: list[str] = []
        # The printer's spacing state, as in mlir-tblgen.
        self.should_emit_space = True
        self.last_was_punctuation = False
        self.pending: list[tuple[bool, str]] = []
        self.traits = {t.name for t in self.op.traits}
        #: Inside `qualified(...)`: dialect types print with their prefix.
        self.qualified = False

    def custom_function(self, name: str) -> str:
        """How generated code calls a custom directive's function: by its name when the
        dialect's code or the runtime defines it, else through the implementation
        module (validation has checked that one of them does)."""
        module = self.dialect.implementation_module
        if module is None or name in _inline_functions(self.dialect):
            return name
        return f"{module_alias(module)}.{name}"

    def stripped_type_class(self, entity: OperandDef | ResultDef) -> str | None:
        """The class of a dialect type with parameters that an operand's or result's
        constraint names: MLIR's op formats write such a type without its
        `!dialect.mnemonic` prefix unless `qualified(...)`."""
        constraint = entity.type
        if not isinstance(constraint, TypeRefConstraint):
            return None
        for typedef in self.dialect.types:
            if typedef.def_name == constraint.ref and typedef.parameters:
                return class_name_from_def(typedef.def_name)
        return None

    # -- names -----------------------------------------------------------------

    def var(self, binding: Binding) -> str:
        prefix = {
            OperandBinding: "o_",
            AttributeBinding: "a_",
            RegionBinding: "r_",
            SuccessorBinding: "s_",
            ResultBinding: "rt_",
        }[type(binding)]
        return prefix + self.py[binding.name]

    def operand_type_var(self, b: OperandBinding) -> str:
        return "ot_" + self.py[b.name]

    # -- printing helpers ------------------------------------------------------------

    def emit(self, piece: str, literal: bool = False) -> None:
        """Queue a piece of output text: a literal string, or a Python expression."""
        if literal and self.pending and self.pending[-1][0]:
            # Adjacent literals become one string in the generated code.
            self.pending[-1] = (True, self.pending[-1][1] + piece)
        else:
            self.pending.append((literal, piece))

    def flush(self, indent: str) -> None:
        if not self.pending:
            return
        parts = [repr(text) if literal else text for literal, text in self.pending]
        self.print.append(f"{indent}w({' + '.join(parts)})")
        self.pending = []

    def space_before_element(self) -> None:
        if self.should_emit_space or not self.last_was_punctuation:
            self.emit(" ", literal=True)
        self.last_was_punctuation = False
        self.should_emit_space = True

    # -- the two bodies ---------------------------------------------------------------------

    def run(self) -> FormatCode:
        self.parse.append("attr_pos = name_pos")
        self.parse.append("attrs = EMPTY_DICT")
        self.declare_parse_vars()
        self.print.append("w = p.write")
        for element in self.fmt.format.elements:
            self.parse_element(element, "")
            self.print_element(element, "")
        self.flush("")
        self.finish_parse()
        return FormatCode(_drop_unused(self.parse), self.print, self.constants)

    def declare_parse_vars(self) -> None:
        op = self.op
        for i, o in enumerate(op.operands):
            b = OperandBinding(i, o)
            if o.variadicity != "single":
                self.parse.append(f"{self.var(b)}: list[UnresolvedOperand] = []")
        for i, a in enumerate(op.attributes):
            if a.derived is not None:
                continue
            self.parse.append(f"{self.var(AttributeBinding(i, a))}: Attribute | None = None")
        for i, r in enumerate(op.results):
            b2 = ResultBinding(i, r)
            if r.variadicity != "single":
                self.parse.append(f"{self.var(b2)}: list[Type] = []")
        for i, o in enumerate(op.operands):
            b = OperandBinding(i, o)
            if o.variadicity != "single":
                self.parse.append(f"{self.operand_type_var(b)}: list[Type] = []")
        for i, reg in enumerate(op.regions):
            if reg.variadic:
                self.parse.append(f"{self.var(RegionBinding(i, reg))}: list[Region] = []")
            else:
                self.parse.append(f"{self.var(RegionBinding(i, reg))} = Region()")
        if self.fmt.all_regions:
            self.parse.append("all_regions: list[Region] = []")
        if self.fmt.all_successors:
            self.parse.append("all_successors: list[Block] = []")
        for i, s in enumerate(op.successors):
            if s.variadic:
                self.parse.append(f"{self.var(SuccessorBinding(i, s))}: list[Block] = []")
        if self.fmt.all_operands:
            self.parse.append("all_uses: list[UnresolvedOperand] = []")
        self.parse.append("operands_pos = p.current_pos()")

    # -- parse ------------------------------------------------------------------------------

    def parse_element(self, element: FormatNode, ind: str) -> None:
        out = self.parse
        if isinstance(element, LiteralElement):
            if element.is_whitespace:
                return
            if _is_keyword(element.spelling):
                out.append(f'{ind}p.expect_keyword("{element.spelling}")')
            else:
                out.append(
                    f'{ind}p.expect("{element.spelling}", "expected \'{element.spelling}\'")'
                )
            return
        if isinstance(element, AttrDictDirective):
            out.append(f"{ind}attr_pos = p.current_pos()")
            fn = (
                "parse_optional_attr_dict_with_keyword"
                if element.with_keyword
                else "parse_optional_attr_dict"
            )
            out.append(f"{ind}attrs = p.{fn}()")
            return
        if isinstance(element, OptionalGroup):
            self.parse_optional_group(element, ind)
            return
        if isinstance(element, VariableElement):
            self.parse_variable(element, ind)
            return
        if isinstance(element, OperandsDirective):
            # Where the operands start: a count mismatch is reported there.
            if not out or out[-1].strip() != "operands_pos = p.current_pos()":
                out.append(f"{ind}operands_pos = p.current_pos()")
            out.append(f"{ind}all_uses = p.parse_operand_list()")
            return
        if isinstance(element, TypeDirective):
            self.parse_type_directive(element.arg, ind)
            return
        if isinstance(element, FunctionalTypeDirective):
            out.append(f"{ind}fn_type = p.parse_functional_type()")
            self.assign_types(element.inputs, "list(fn_type.inputs)", ind)
            self.assign_types(element.results, "list(fn_type.results)", ind)
            return
        if isinstance(element, QualifiedDirective):
            self.parse_element(element.arg, ind)
            return
        if isinstance(element, CustomDirective):
            self.parse_custom(element, ind)
            return
        if isinstance(element, PropDictDirective):
            out.append(f"{ind}prop_dict = p.parse_optional_prop_dict()")
            return
        if isinstance(element, RegionsDirective):
            out.append(f"{ind}all_regions = p.parse_region_list()")
            return
        if isinstance(element, SuccessorsDirective):
            out.append(f"{ind}all_successors = p.parse_successor_list()")
            return
        if isinstance(element, OIList):
            self.parse_oilist(element, ind)
            return
        raise FormatUnsupported(f"`{type(element).__name__}` in a format")

    def unit_variable(self, elements: tuple[FormatNode, ...]) -> VariableElement | None:
        """The clause's only variable when it is a `UnitAttr` (written as its keyword alone)."""
        variables = [e for e in elements if isinstance(e, VariableElement)]
        if len(variables) != 1 or len(elements) != 1:
            return None
        b = self.fmt.binding(variables[0])
        if isinstance(b, AttributeBinding) and self.attr_syntax(b.attribute).kind == "unit":
            return variables[0]
        return None

    def parse_oilist(self, element: OIList, ind: str) -> None:
        """`oilist(...)`: clauses in any order, each at most once."""
        out = self.parse
        for i, _ in enumerate(element.clauses):
            out.append(f"{ind}seen_{self.oilist_count}_{i} = False")
        out.append(f"{ind}while True:")
        inner = ind + "    "
        for i, clause in enumerate(element.clauses):
            keyword = clause.literal.spelling
            out.append(f'{inner}{"if" if i == 0 else "elif"} p.consume_keyword("{keyword}"):')
            body = inner + "    "
            flag = f"seen_{self.oilist_count}_{i}"
            out.append(f"{body}if {flag}:")
            out.append(
                f'{body}    p.op_error(p.current_pos(), "`{keyword}` clause can appear at most '
                'once in the expansion of the oilist directive")'
            )
            out.append(f"{body}{flag} = True")
            unit = self.unit_variable(clause.elements)
            if unit is not None:
                out.append(f"{body}{self.var(self.fmt.binding(unit))} = UnitAttr.get()")
                continue
            for child in clause.elements:
                self.parse_element(child, body)
        out.append(f"{inner}else:")
        out.append(f"{inner}    break")
        self.oilist_count += 1

    def custom_target(self, arg: FormatNode) -> str:
        """The parser variable a custom directive's argument reads or fills."""
        if isinstance(arg, RefDirective):
            return self.custom_target(arg.arg)
        if isinstance(arg, TypeDirective):
            inner = arg.arg
            if isinstance(inner, OperandsDirective):
                return "all_operand_types"
            if isinstance(inner, ResultsDirective):
                return "all_result_types"
            assert isinstance(inner, VariableElement)
            b = self.fmt.binding(inner)
            if isinstance(b, OperandBinding):
                return self.operand_type_var(b)
            assert isinstance(b, ResultBinding)
            return self.var(b)
        if isinstance(arg, OperandsDirective):
            return "all_uses"
        if isinstance(arg, VariableElement):
            return self.var(self.fmt.binding(arg))
        raise FormatUnsupported(f"`{type(arg).__name__}` as an argument of a custom directive")

    def parse_custom(self, element: CustomDirective, ind: str) -> None:
        """`custom<Name>(...)`: `parse_name(p, inputs...)` returns the other arguments.

        Inputs are the `ref(...)` arguments, regions (filled in place) and quoted
        expressions; everything else is returned, in order, as a tuple.
        """
        inputs: list[str] = []
        outputs: list[str] = []
        for arg in element.args:
            if isinstance(arg, StringElement):
                inputs.append(arg.value)
                continue
            target = self.custom_target(arg)
            is_region = isinstance(arg, VariableElement) and isinstance(
                self.fmt.binding(arg), RegionBinding
            )
            if isinstance(arg, RefDirective) or is_region:
                inputs.append(target)
            else:
                outputs.append(target)
        function = self.custom_function(f"parse_{directive_name(element.name)}")
        call = f"{function}({', '.join(['p', *inputs])})"
        if outputs:
            self.parse.append(f"{ind}({', '.join(outputs)},) = {call}")
        else:
            self.parse.append(f"{ind}{call}")

    def implicit_terminator(self) -> str | None:
        """The class of the op's implicit terminator (`SingleBlockImplicitTerminator`),
        when it is an op of the same dialect."""
        trait = self.op.trait("SingleBlockImplicitTerminator")
        if trait is None or not trait.args:
            return None
        ref = str(trait.args[0]).removeprefix("::mlir::").split("::")[-1]
        for other in self.dialect.ops:
            if ref in (other.def_name, class_name_from_def(other.def_name)):
                return class_name_from_def(other.def_name)
        return None

    def parse_variable(self, element: VariableElement, ind: str) -> None:
        out = self.parse
        b = self.fmt.binding(element)
        v = self.var(b)
        if isinstance(b, OperandBinding):
            if b.variadicity == "single":
                out.append(f"{ind}{v} = p.parse_operand()")
            elif b.variadicity == "optional":
                out.append(f"{ind}{v} = p.parse_operand_list()[:1]")
            else:
                out.append(f"{ind}{v} = p.parse_operand_list()")
        elif isinstance(b, AttributeBinding):
            out.append(f"{ind}{v} = {self.attr_parse_expr(b.attribute)}")
        elif isinstance(b, RegionBinding) and b.region.variadic:
            out.append(f"{ind}{v} = p.parse_region_list()")
        elif isinstance(b, RegionBinding):
            out.append(f"{ind}p.parse_custom_region({v})")
            terminator = self.implicit_terminator()
            if terminator is not None:
                out.append(f"{ind}p.ensure_terminator({v}, {terminator}, name_pos)")
            elif "SingleBlock" in self.traits:
                out.append(f"{ind}if not {v}.blocks:")
                out.append(f"{ind}    {v}.add_block(Block())")
        elif isinstance(b, SuccessorBinding):
            if b.successor.variadic:
                out.append(f"{ind}{v} = p.parse_successor_list()")
            else:
                out.append(f"{ind}{v} = p.parse_successor()")
        else:
            raise FormatUnsupported(f"result variable `${b.name}` outside a type directive")

    def attr_parse_expr(self, attr: AttributeDef) -> str:
        syn = self.attr_syntax(attr)
        if syn.kind == "enum":
            assert syn.enum is not None
            table = self.enum_tables(syn.enum)[0]
            value = f'p.parse_enum_keyword({table}, "{attr.name}")'
            if syn.storage == "StringAttr":
                return f"StringAttr.get({self.enum_tables(syn.enum)[1]}[{value}])"
            return f"IntegerAttr.get(IntegerType.get({syn.width}), {value})"
        if syn.kind == "symbol":
            return "p.parse_symbol_name_attr()"
        if syn.kind == "stripped":
            return f"p.parse_custom_attr({syn.attr_class})"
        if syn.kind == "dense_array":
            return f"p.parse_dense_array_body({syn.implied_type})"
        if syn.kind == "untyped":
            return f"p.parse_attribute_of({syn.storage}, {syn.implied_type})"
        if syn.storage != "Attribute":
            return f"p.parse_attribute_of({syn.storage})"
        if isinstance(attr.type, SimpleAttrConstraint) and attr.type.attr == "TypedAttrInterface":
            return "p.parse_typed_attribute()"
        return "p.parse_attribute()"

    def enum_tables(self, enum: EnumDef) -> tuple[str, str]:
        base = "_" + re.sub(r"(?<!^)(?=[A-Z])", "_", enum.def_name).upper().lstrip("_")
        keywords = f"{base}_KEYWORDS"
        names = f"{base}_NAMES"
        if keywords not in self.constants:
            if enum.kind == "string":
                self.constants[keywords] = (
                    "{" + ", ".join(f'"{c.text}": {i}' for i, c in enumerate(enum.cases)) + "}"
                )
                self.constants[names] = "(" + "".join(f'"{c.text}", ' for c in enum.cases) + ")"
            else:
                self.constants[keywords] = (
                    "{" + ", ".join(f'"{c.text}": {c.value}' for c in enum.cases) + "}"
                )
                self.constants[names] = (
                    "{" + ", ".join(f'{c.value}: "{c.text}"' for c in enum.cases) + "}"
                )
        return keywords, names

    def parse_type_directive(self, arg: FormatNode, ind: str) -> None:
        if isinstance(arg, OperandsDirective):
            self.parse.append(f"{ind}all_operand_types = p.parse_optional_type_list()")
            return
        if isinstance(arg, ResultsDirective):
            self.parse.append(f"{ind}all_result_types = p.parse_optional_type_list()")
            return
        assert isinstance(arg, VariableElement)
        b = self.fmt.binding(arg)
        if isinstance(b, OperandBinding):
            name = self.operand_type_var(b)
        else:
            assert isinstance(b, ResultBinding)
            name = self.var(b)
        if b.variadicity == "single":
            entity = b.operand if isinstance(b, OperandBinding) else b.result
            kind = parsed_type_kind(entity.type)
            stripped = self.stripped_type_class(entity)
            if stripped is not None:
                # Without its prefix, or in full (MLIR's `parseCustomTypeWithFallback`).
                self.parse.append(f"{ind}{name} = p.parse_custom_type({stripped})")
            elif kind is None:
                self.parse.append(f"{ind}{name} = p.parse_type()")
            else:
                args = f'{kind[0]}, "{kind[1]}"' if kind[1] else kind[0]
                self.parse.append(f"{ind}{name} = p.parse_type_of({args})")
        elif b.variadicity == "optional":
            self.parse.append(f"{ind}{name} = p.parse_optional_type_list()[:1]")
        else:
            self.parse.append(f"{ind}{name} = p.parse_optional_type_list()")

    def assign_types(self, arg: FormatNode, expr: str, ind: str) -> None:
        if isinstance(arg, OperandsDirective):
            self.parse.append(f"{ind}all_operand_types = {expr}")
            return
        if isinstance(arg, ResultsDirective):
            self.parse.append(f"{ind}all_result_types = {expr}")
            return
        assert isinstance(arg, VariableElement)
        b = self.fmt.binding(arg)
        if isinstance(b, OperandBinding):
            name = self.operand_type_var(b)
        else:
            assert isinstance(b, ResultBinding)
            name = self.var(b)
        if b.variadicity == "single":
            self.parse.append(f"{ind}{name} = {expr}[0]")
        else:
            self.parse.append(f"{ind}{name} = {expr}")

    def parse_optional_group(self, group: OptionalGroup, ind: str) -> None:
        out = self.parse
        first = group.then_elements[0]
        anchor = group.anchor
        inverted = group.inverted
        elements = list(group.else_elements if inverted else group.then_elements)
        # Spacing literals (`` and ` `) only shape the printed text; the first element
        # after them says whether the group is present, as in mlir-tblgen.
        lead = 0
        while lead < len(elements) - 1:
            element = elements[lead]
            if not isinstance(element, LiteralElement) or not element.is_whitespace:
                break
            lead += 1
        first = elements[lead]
        rest = elements[lead + 1 :]
        # The condition: the group's first element is present.
        if isinstance(first, LiteralElement):
            if _is_keyword(first.spelling):
                cond = f'p.consume_keyword("{first.spelling}")'
            else:
                cond = f'p.consume_if("{first.spelling}")'
            out.append(f"{ind}if {cond}:")
        elif isinstance(first, VariableElement):
            b = self.fmt.binding(first)
            v = self.var(b)
            if isinstance(b, OperandBinding):
                out.append(f"{ind}{v} = p.parse_operand_list()")
                if b.variadicity == "single":
                    raise FormatUnsupported("a single operand first in an optional group")
                out.append(f"{ind}if {v}:")
            elif isinstance(b, AttributeBinding):
                syn = self.attr_syntax(b.attribute)
                if syn.kind == "enum":
                    assert syn.enum is not None
                    table = self.enum_tables(syn.enum)[0]
                    out.append(
                        f'{ind}enum_value = p.parse_optional_enum_keyword({table}, "{b.name}")'
                    )
                    out.append(f"{ind}if enum_value is not None:")
                    if syn.storage == "StringAttr":
                        names = self.enum_tables(syn.enum)[1]
                        out.append(f"{ind}    {v} = StringAttr.get({names}[enum_value])")
                    else:
                        out.append(
                            f"{ind}    {v} = IntegerAttr.get(IntegerType.get({syn.width}), enum_value)"
                        )
                elif syn.kind == "symbol":
                    out.append(f"{ind}{v} = p.parse_optional_symbol_name_attr()")
                    out.append(f"{ind}if {v} is not None:")
                else:
                    raise FormatUnsupported(f"attribute `${b.name}` first in an optional group")
            elif isinstance(b, RegionBinding):
                out.append(f"{ind}if p.parse_optional_region({v}):")
            else:
                raise FormatUnsupported(f"`${b.name}` first in an optional group")
        else:
            raise FormatUnsupported(f"`{type(first).__name__}` first in an optional group")
        inner = ind + "    "
        before = len(out)
        if isinstance(anchor, VariableElement):
            ab = self.fmt.binding(anchor)
            if isinstance(ab, AttributeBinding) and self.attr_syntax(ab.attribute).kind == "unit":
                out.append(f"{inner}{self.var(ab)} = UnitAttr.get()")
        for element in rest:
            if isinstance(element, VariableElement) and element is anchor:
                ab = self.fmt.binding(element)
                if (
                    isinstance(ab, AttributeBinding)
                    and self.attr_syntax(ab.attribute).kind == "unit"
                ):
                    continue
            self.parse_element(element, inner)
        if len(out) == before:
            out.append(f"{inner}pass")
        other = group.then_elements if inverted else group.else_elements
        if other:
            out.append(f"{ind}else:")
            before = len(out)
            for element in other:
                self.parse_element(element, inner)
            if len(out) == before:
                out.append(f"{inner}pass")

    # -- resolving and building -----------------------------------------------------------

    def source_type(self, source: TypeSource, count: str | None) -> str:
        """An expression for the type(s) of a group from its source; a list if `count`."""
        if source.kind == "buildable":
            assert source.buildable is not None
            expr = self.type_expr(source.buildable)
            return f"[{expr}] * {count}" if count else expr
        if source.kind == "trait":
            src = source.source
            if isinstance(src, OperandBinding):
                base = self.operand_type_var(src)
                single = src.variadicity == "single"
            elif isinstance(src, ResultBinding):
                base = self.var(src)
                single = src.variadicity == "single"
            else:
                assert isinstance(src, AttributeBinding)
                base = f"attr_type({self.var(src)})"
                single = True
            if source.transform is not None:
                source_type = base if single else f"{base}[0]"
                self.check_before_transform(src, source_type)
                expr = source.transform.replace("$_self", source_type)
                return f"list({expr})" if count else expr
            if count:
                return f"[{base}] * {count}" if single else base
            return base if single else f"{base}[0]"
        raise FormatUnsupported(f"a type from `{source.kind}`")

    def check_before_transform(
        self, src: OperandBinding | ResultBinding | AttributeBinding, type_var: str
    ) -> None:
        """As mlir-tblgen's parsers do, check a type against its constraint before a
        `TypesMatchWith` transform is applied to it (the transform may assume it)."""
        if isinstance(src, AttributeBinding):
            return
        entity: OperandDef | ResultDef = (
            src.operand if isinstance(src, OperandBinding) else src.result
        )
        check = self.type_check(entity)
        if check is None:
            return
        fn, summary = check
        line = (
            f"if not {fn}({type_var}):\n"
            f"    p.op_error(name_pos, \"'{src.name}' must be {summary}, but got '\" "
            f'+ str({type_var}) + "\'")'
        )
        if line not in self.transform_checks:
            self.transform_checks.append(line)

    def finish_parse(self) -> None:
        out = self.parse
        checks_at = len(out)
        op = self.op
        fmt = self.fmt
        # Operands.
        if fmt.all_operands:
            if (
                any(
                    isinstance(s.directive, TypeDirective)
                    and isinstance(s.directive.arg, OperandsDirective)
                    for s in fmt.operand_types
                )
                or self.has_all_operand_types()
            ):
                out.append(
                    "operands = p.resolve_operands(all_uses, all_operand_types, operands_pos)"
                )
            elif all(o.variadicity == "single" for o in op.operands):
                # Each operand's type comes from elsewhere (a type constraint, a
                # trait): resolved together with the operands, in order, as
                # mlir-tblgen's parsers do, with a count mismatch at the operands.
                types = [
                    self.operand_type_expr(OperandBinding(i, o), fmt.operand_types[i], None)
                    for i, o in enumerate(op.operands)
                ]
                out.append(
                    f"operands = p.resolve_operands(all_uses, [{', '.join(types)}], operands_pos)"
                )
            else:
                raise FormatUnsupported("`operands` of variadic operands without `type(operands)`")
        elif self.has_all_operand_types():
            # Operands written one by one, their types all together
            # (`functional-type(operands, ...)`): resolved together, as mlir-tblgen's
            # parsers do, with a count mismatch reported at the op name.
            groups = []
            for i, o in enumerate(op.operands):
                uses = self.var(OperandBinding(i, o))
                groups.append(uses if o.variadicity == "single" else f"*{uses}")
            out.append(
                f"operands = p.resolve_operands([{', '.join(groups)}], all_operand_types, name_pos)"
            )
        else:
            out.append("operands: list[Value] = []")
            for i, o in enumerate(op.operands):
                b = OperandBinding(i, o)
                src = fmt.operand_types[i]
                uses = self.var(b)
                if o.variadicity == "single":
                    texpr = self.operand_type_expr(b, src, None)
                    out.append(f"operands.append(p.resolve_operand({uses}, {texpr}))")
                else:
                    texpr = self.operand_type_expr(b, src, f"len({uses})")
                    out.append(f"operands += p.resolve_operands({uses}, {texpr}, operands_pos)")
        # Results.
        inferred = bool(op.results) and all(s.kind == "interface" for s in fmt.result_types)
        if not op.results or inferred:
            # Inferred results are computed below, once the properties are known.
            results = "()"
        elif self.has_all_result_types():
            results = "all_result_types"
        else:
            parts = []
            for i, r in enumerate(op.results):
                b2 = ResultBinding(i, r)
                src = fmt.result_types[i]
                if src.kind == "directive":
                    if r.variadicity == "single":
                        parts.append(f"[{self.var(b2)}]")
                    else:
                        parts.append(self.var(b2))
                elif r.variadicity == "single":
                    parts.append(f"[{self.source_type(src, None)}]")
                elif src.kind == "trait" and src.transform is not None:
                    parts.append(self.source_type(src, "0"))
                else:
                    raise FormatUnsupported(f"the types of variadic result `{r.name}`")
            items = [
                part[1:-1] if part.startswith("[") and part.endswith("]") else f"*{part}"
                for part in parts
            ]
            results = parts[0] if len(parts) == 1 else "[" + ", ".join(items) + "]"
        props: list[str] = ["*prop_dict.entries"] if self.fmt.has_prop_dict else []
        for i, a in enumerate(op.attributes):
            if a.derived is not None:
                continue
            props.append(f'("{a.name}", {self.var(AttributeBinding(i, a))})')
        if "AttrSizedOperandSegments" in self.traits:
            sizes = []
            for i, o in enumerate(op.operands):
                b = OperandBinding(i, o)
                sizes.append("1" if o.variadicity == "single" else f"len({self.var(b)})")
            props.append(
                '("operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), '
                f"({', '.join(sizes)},)))"
            )
        for check in self.transform_checks:
            out[checks_at:checks_at] = check.split("\n")
            checks_at += len(check.split("\n"))
        successors = []
        for i, s in enumerate(op.successors):
            b3 = SuccessorBinding(i, s)
            successors.append(f"*{self.var(b3)}" if s.variadic else self.var(b3))
        if self.fmt.all_successors:
            successors = ["*all_successors"]
        regions = [
            f"*{self.var(RegionBinding(i, r))}" if r.variadic else self.var(RegionBinding(i, r))
            for i, r in enumerate(op.regions)
        ]
        if self.fmt.all_regions:
            regions = ["*all_regions"]
        props_expr = f"({', '.join(props)},)" if props else "()"
        if inferred:
            # `InferTypeOpInterface`: the types follow from what was read, as in
            # MLIR's generated parsers.
            out.append(
                "result_types = cls.parse_result_types("
                f"p, name_pos, operands, {props_expr}, attrs, [{', '.join(regions)}])"
            )
            results = "result_types"
        out.append("return p.create_op(")
        out.append("    cls,")
        out.append("    name_pos,")
        out.append("    operands,")
        out.append(f"    {results},")
        if props:
            out.append(f"    properties={props_expr},")
        out.append("    attributes=attrs,")
        out.append("    attr_dict_pos=attr_pos,")
        if successors:
            out.append(f"    successors=[{', '.join(successors)}],")
        if regions:
            out.append(f"    regions=[{', '.join(regions)}],")
        out.append(")")

    def has_all_operand_types(self) -> bool:
        return any("all_operand_types" in line for line in self.parse)

    def has_all_result_types(self) -> bool:
        return any("all_result_types =" in line for line in self.parse)

    def operand_type_expr(self, b: OperandBinding, src: TypeSource, count: str | None) -> str:
        if src.kind == "directive":
            return self.operand_type_var(b)
        return self.source_type(src, count)

    # -- print ------------------------------------------------------------------------------

    def print_element(self, element: FormatNode, ind: str) -> None:
        if isinstance(element, LiteralElement):
            value = element.spelling
            if value == " ":
                self.emit(" ", literal=True)
                self.last_was_punctuation = False
                self.should_emit_space = False
                return
            if value == "":
                self.last_was_punctuation = True
                self.should_emit_space = False
                return
            if value == "\\n":
                # MLIR's printNewline: a new line at the op's indentation; the spacing
                # state is left as it was.
                self.emit("p.newline()")
                return
            if self.should_emit_space and _literal_space_before(value, self.last_was_punctuation):
                self.emit(" ", literal=True)
            self.emit(value, literal=True)
            self.should_emit_space = len(value) != 1 or value[0] not in "<({["
            self.last_was_punctuation = value[0] != "_" and not value[0].isalpha()
            return
        if isinstance(element, PropDictDirective):
            elided = list(self.fmt.bound_attributes)
            if "AttrSizedOperandSegments" in self.traits:
                elided.append("operandSegmentSizes")
            if "AttrSizedResultSegments" in self.traits:
                elided.append("resultSegmentSizes")
            self.emit(f"p.prop_dict(self, {tuple(elided)!r})")
            self.last_was_punctuation = False
            return
        if isinstance(element, OIList):
            self.print_oilist(element, ind)
            return
        if isinstance(element, AttrDictDirective):
            elided = list(self.fmt.bound_attributes)
            if "AttrSizedOperandSegments" in self.traits:
                elided.append("operandSegmentSizes")
            if "AttrSizedResultSegments" in self.traits:
                elided.append("resultSegmentSizes")
            kw = ", with_keyword=True" if element.with_keyword else ""
            if self.fmt.has_prop_dict:
                kw += ", discardable_only=True"
            elif any(
                a.default is not None and a.derived is None and a.name not in elided
                for a in self.op.attributes
            ):
                # As MLIR's generated printers do, an attribute equal to its default
                # is left out.
                kw += ", elide_defaults=True"
            self.emit(f"p.attr_dict(self, {tuple(elided)!r}{kw})")
            self.last_was_punctuation = False
            return
        if isinstance(element, OptionalGroup):
            self.print_optional_group(element, ind)
            return
        if isinstance(element, QualifiedDirective):
            self.qualified = True
            self.print_element(element.arg, ind)
            self.qualified = False
            return
        self.space_before_element()
        if isinstance(element, VariableElement):
            self.print_variable(element, ind)
        elif isinstance(element, OperandsDirective):
            self.emit("p.operands(self.operands)")
        elif isinstance(element, SuccessorsDirective):
            self.emit("', '.join([p.successor(b) for b in self.successors])")
        elif isinstance(element, RegionsDirective):
            self.flush(ind)
            self.print.append(f"{ind}p.print_regions(self.regions)")
        elif isinstance(element, TypeDirective):
            self.emit(self.types_expr(element.arg))
        elif isinstance(element, FunctionalTypeDirective):
            self.emit(
                f"p.functional_type({self.type_list_expr(element.inputs)}, "
                f"{self.type_list_expr(element.results)})"
            )
        elif isinstance(element, CustomDirective):
            self.flush(ind)
            args = ["p", "self", *(self.custom_print_arg(a) for a in element.args)]
            function = self.custom_function(f"print_{directive_name(element.name)}")
            self.print.append(f"{ind}{function}({', '.join(args)})")
        else:
            raise FormatUnsupported(f"`{type(element).__name__}` in a format")

    def custom_print_arg(self, arg: FormatNode) -> str:
        """What a custom directive's print function gets for one argument."""
        if isinstance(arg, StringElement):
            return arg.value
        if isinstance(arg, RefDirective):
            return self.custom_print_arg(arg.arg)
        if isinstance(arg, TypeDirective):
            inner = arg.arg
            if isinstance(inner, OperandsDirective | ResultsDirective):
                return self.type_list_expr(inner)
            assert isinstance(inner, VariableElement)
            b = self.fmt.binding(inner)
            assert isinstance(b, OperandBinding | ResultBinding)
            getter = self.value_getter(b)
            if b.variadicity == "single":
                return f"{getter}.type"
            if b.variadicity == "optional":
                return f"({getter}.type if {getter} is not None else None)"
            return f"[v.type for v in {getter}]"
        if isinstance(arg, OperandsDirective):
            return "self.operands"
        assert isinstance(arg, VariableElement)
        b = self.fmt.binding(arg)
        if isinstance(b, OperandBinding | ResultBinding):
            return self.value_getter(b)
        if isinstance(b, AttributeBinding):
            return f"self.{property_slot(b.name)}"
        if isinstance(b, RegionBinding):
            # A variadic region is the rest of the op's regions, as its parser fills them.
            return f"self.regions[{b.index}{':' if b.region.variadic else ''}]"
        return f"self.{self.py[b.name]}"

    def value_getter(self, b: OperandBinding | ResultBinding) -> str:
        return f"self.{self.py[b.name]}"

    def types_expr(self, arg: FormatNode) -> str:
        """The printed text of `type(arg)`."""
        if isinstance(arg, VariableElement):
            b = self.fmt.binding(arg)
            if isinstance(b, OperandBinding | ResultBinding) and b.variadicity == "single":
                entity = b.operand if isinstance(b, OperandBinding) else b.result
                if not self.qualified and self.stripped_type_class(entity) is not None:
                    return f"p.stripped_type({self.value_getter(b)}.type)"
                return f"p.type_text({self.value_getter(b)}.type)"
        types = self.type_list_expr(arg)
        if types.startswith("(") and types.endswith(")"):
            # An optional value's list: the call's parentheses are enough.
            types = types[1:-1]
        return f"p.types({types})"

    def type_list_expr(self, arg: FormatNode) -> str:
        if isinstance(arg, OperandsDirective):
            return "[v.type for v in self.operands]"
        if isinstance(arg, ResultsDirective):
            return "[r.type for r in self.results]"
        assert isinstance(arg, VariableElement)
        b = self.fmt.binding(arg)
        assert isinstance(b, OperandBinding | ResultBinding)
        getter = self.value_getter(b)
        if b.variadicity == "single":
            return f"[{getter}.type]"
        if b.variadicity == "optional":
            return f"([{getter}.type] if {getter} is not None else [])"
        return f"[v.type for v in {getter}]"

    def print_variable(self, element: VariableElement, ind: str) -> None:
        b = self.fmt.binding(element)
        if isinstance(b, OperandBinding):
            getter = self.value_getter(b)
            if b.variadicity == "single":
                self.emit(f"p.operand({getter})")
            elif b.variadicity == "optional":
                self.emit(f"(p.operand({getter}) if {getter} is not None else '')")
            else:
                self.emit(f"p.operands({getter})")
        elif isinstance(b, AttributeBinding):
            self.emit(self.attr_print_expr(b))
        elif isinstance(b, RegionBinding) and b.region.variadic:
            self.flush(ind)
            self.print.append(f"{ind}p.print_regions(self.regions[{b.index}:])")
        elif isinstance(b, RegionBinding):
            self.flush(ind)
            region = f"self.regions[{b.index}]"
            if "SingleBlockImplicitTerminator" in self.traits:
                self.print.append(
                    f"{ind}p.print_region({region}, terminators=p.needs_terminator({region}))"
                )
            else:
                self.print.append(f"{ind}p.print_region({region})")
        elif isinstance(b, SuccessorBinding):
            if b.successor.variadic:
                self.emit(f"', '.join([p.successor(s) for s in self.{self.py[b.name]}])")
            else:
                self.emit(f"p.successor(self.{self.py[b.name]})")
        else:
            raise FormatUnsupported(f"result `${b.name}` outside a type directive")

    def attr_print_expr(self, b: AttributeBinding) -> str:
        attr = b.attribute
        syn = self.attr_syntax(attr)
        get = f"self.{property_slot(attr.name)}"
        if syn.kind == "enum":
            assert syn.enum is not None
            names = self.enum_tables(syn.enum)[1]
            if syn.storage == "StringAttr":
                return f"attr_string({get})"
            return f"{names}[attr_int({get})]"
        if syn.kind == "symbol":
            return f"p.symbol(attr_string({get}))"
        if syn.kind == "stripped" or syn.kind == "dense_array":
            return f"p.stripped_attr(must({get}))"
        if syn.kind == "untyped":
            return f"p.attr_without_type(must({get}))"
        return f"p.attr_text(must({get}))"

    def anchor_condition(self, anchor: FormatNode) -> str:
        if isinstance(anchor, VariableElement):
            b = self.fmt.binding(anchor)
            if isinstance(b, OperandBinding):
                getter = self.value_getter(b)
                if b.variadicity == "optional":
                    return f"{getter} is not None"
                return f"len({getter}) > 0"
            if isinstance(b, ResultBinding):
                getter = self.value_getter(b)
                if b.variadicity == "optional":
                    return f"{getter} is not None"
                return f"len({getter}) > 0"
            if isinstance(b, AttributeBinding):
                get = f"self.{property_slot(b.name)}"
                default = b.attribute.default
                if default is not None:
                    return f'not is_default_property(self, "{b.name}")'
                return f"{get} is not None"
            if isinstance(b, RegionBinding):
                return f"bool(self.regions[{b.index}].blocks)"
            if isinstance(b, SuccessorBinding):
                return f"len(self.{self.py[b.name]}) > 0"
        if isinstance(anchor, TypeDirective):
            return self.anchor_condition(anchor.arg)
        if isinstance(anchor, QualifiedDirective):
            return self.anchor_condition(anchor.arg)
        raise FormatUnsupported(f"`{type(anchor).__name__}` as an anchor")

    def print_oilist(self, element: OIList, ind: str) -> None:
        """Each clause whose first variable is present, in the order of the format."""
        for clause in element.clauses:
            self.flush(ind)
            first = next((v for v in walk(clause.elements) if isinstance(v, VariableElement)), None)
            if first is None:
                raise FormatUnsupported("an oilist clause without a variable")
            self.print.append(f"{ind}if {self.anchor_condition(first)}:")
            inner = ind + "    "
            self.print_element(clause.literal, inner)
            if self.unit_variable(clause.elements) is None:
                for child in clause.elements:
                    self.print_element(child, inner)
            self.flush(inner)

    def print_optional_group(self, group: OptionalGroup, ind: str) -> None:
        anchor = group.anchor
        assert anchor is not None
        self.flush(ind)
        cond = self.anchor_condition(anchor)
        inverted = group.inverted
        then = group.else_elements if inverted else group.then_elements
        other = group.then_elements if inverted else group.else_elements
        if inverted:
            cond = f"not ({cond})"
        self.print.append(f"{ind}if {cond}:")
        inner = ind + "    "
        before = len(self.print)
        elided: FormatNode | None = None
        if isinstance(anchor, VariableElement) and anchor is not then[0]:
            ab = self.fmt.binding(anchor)
            if isinstance(ab, AttributeBinding) and self.attr_syntax(ab.attribute).kind == "unit":
                elided = anchor
        for element in then:
            if element is elided:
                continue
            self.print_element(element, inner)
        self.flush(inner)
        if len(self.print) == before:
            self.print.append(f"{inner}pass")
        if other:
            self.print.append(f"{ind}else:")
            before = len(self.print)
            for element in other:
                self.print_element(element, inner)
            self.flush(inner)
            if len(self.print) == before:
                self.print.append(f"{inner}pass")


_DECLARATION = re.compile(r"^([a-z_][a-z0-9_]*)(?:: [^=]+)? = ")


def _inline_functions(dialect: DialectDef) -> frozenset[str]:
    """The names the dialect's own code defines at its top level, and the runtime's."""
    code = [dialect.extra_code.text] if dialect.extra_code is not None else []
    return defined_names(code)[0] | runtime_names()


def _drop_unused(lines: list[str]) -> list[str]:
    """Drop the up-front declarations and positions no later line reads."""
    out = []
    for i, line in enumerate(lines):
        m = _DECLARATION.match(line)
        if m is not None and not line.startswith(" "):
            name = m.group(1)
            used = re.compile(rf"\b{name}\b")
            if not any(used.search(later) for later in lines[i + 1 :]):
                continue
        out.append(line)
    return out


def attr_syntax_of(
    attr: AttributeDef,
    dialect: DialectDef,
    type_expr: Callable[[str], str],
) -> _AttrSyntax:
    """How an attribute of this constraint is written in a custom form."""
    c: AttrConstraint = attr.type
    while isinstance(c, ConfinedAttrConstraint):
        c = c.base
    if isinstance(c, IntegerAttrConstraint):
        prefix = {"signless": "i", "signed": "si", "unsigned": "ui"}.get(c.signedness, "i")
        return _AttrSyntax(
            "untyped", storage="IntegerAttr", implied_type=type_expr(f"{prefix}{c.width}")
        )
    if isinstance(c, FloatAttrConstraint):
        name = {16: "f16", 32: "f32", 64: "f64"}.get(c.width, "f32")
        return _AttrSyntax("untyped", storage="FloatAttr", implied_type=type_expr(name))
    if isinstance(c, DenseArrayAttrConstraint):
        return _AttrSyntax(
            "dense_array", storage="DenseArrayAttr", implied_type=type_expr(c.element)
        )
    if isinstance(c, SimpleAttrConstraint):
        name = c.attr
        if name == "SymbolNameAttr":
            return _AttrSyntax("symbol", storage="StringAttr")
        if name == "UnitAttr":
            return _AttrSyntax("unit", storage="UnitAttr")
        if name == "StrAttr":
            return _AttrSyntax("full", storage="StringAttr")
        if name in ("FlatSymbolRefAttr", "SymbolRefAttr"):
            return _AttrSyntax("full", storage="SymbolRefAttr")
        if name == "BoolAttr":
            # ODS gives `BoolAttr` the value type `i1`, so `1` reads as `true`.
            return _AttrSyntax("untyped", storage="BoolAttr", implied_type=type_expr("i1"))
        if name == "IndexAttr":
            # `index.constant 42`: an integer whose type, `index`, is implied.
            return _AttrSyntax("untyped", storage="IntegerAttr", implied_type=type_expr("index"))
        if name in ("ArrayAttr", "DictArrayAttr"):
            # ODS gives array attributes the value type `none`: a number written in
            # their place takes no `: type` (`floating point value not valid for
            # specified type` at the colon, as MLIR reports it).
            return _AttrSyntax("untyped", storage="ArrayAttr", implied_type=type_expr("none"))
        if name == "DictionaryAttr":
            return _AttrSyntax("full", storage="DictionaryAttr")
        if name == "TypeAttr":
            return _AttrSyntax("full", storage="TypeAttr")
        if name == "IndexAttr":
            # MLIR's `IndexAttr` has the value type `index`: written without `: index`.
            return _AttrSyntax("untyped", storage="IntegerAttr", implied_type=type_expr("index"))
        return _AttrSyntax("full")
    if isinstance(c, AttrRefConstraint):
        # Another dialect's enum (`arith`'s `AtomicRMWKind` in `memref.atomic_rmw`) is
        # written as a keyword, as the dialect's own enums are.
        for enum in (*dialect.enums, *(e for i in dialect.imports for e in i.enums)):
            if enum.def_name == c.ref:
                if enum.is_bit_enum:
                    break
                width = enum.width or 64
                storage = "StringAttr" if enum.kind == "string" else "IntegerAttr"
                return _AttrSyntax("enum", storage=storage, enum=enum, width=width)
        imported = [a for i in dialect.imports for a in i.attributes]
        for attr_def in (*dialect.attributes, *imported):
            if attr_def.def_name == c.ref:
                from generator.naming import class_name_from_def

                return _AttrSyntax("stripped", attr_class=class_name_from_def(attr_def.def_name))
        from generator.spec.interfaces import dialect_interfaces

        info = dialect_interfaces(dialect).get(c.ref)
        if info is not None and info.kind == "attr":
            # Any attribute implementing the interface, written in full.
            return _AttrSyntax("full", storage=info.class_name)
    return _AttrSyntax("full")


def format_code(
    fmt: ResolvedFormat,
    dialect: DialectDef,
    py: dict[str, str],
    type_expr: Callable[[str], str],
    type_check: Callable[[OperandDef | ResultDef], tuple[str, str] | None] = lambda _: None,
) -> FormatCode:
    """The `parse` and `print` bodies of an op with a format.

    `py` maps the op's operand, attribute, result, region and successor names to
    their Python accessor names; `type_expr` gives a module constant for a fixed
    type written in MLIR syntax (`i1`).
    """
    emitter = _Emitter(
        fmt, dialect, py, lambda a: attr_syntax_of(a, dialect, type_expr), type_expr, type_check
    )
    return emitter.run()
