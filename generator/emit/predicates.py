"""Constraints as Python: the checks generated verifiers call, one function each.

A dialect's ops module gets one small module-level function per distinct type or
attribute constraint its ops use (as `mlir-tblgen` emits one
`__mlir_ods_local_type_constraint_*` per distinct constraint). `ConstraintTable`
collects them: asking it for a constraint returns the function's name and, the
first time, records its body, a boolean expression over `t` (a type) or `a` (an
attribute). Nested constraints (the element of a tensor, the options of
`AnyTypeOf`) are functions of their own, called from the outer one.

This module also knows, per attribute constraint, the runtime class MLIR stores
it as (used for property conversion), the Python value its accessor returns, and
how a builder turns a Python value into the attribute.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.diagnostics import InternalGeneratorError, SpecDiagnostic
from generator.spec.constraints import (
    AnyAttrOfConstraint,
    AnyOfConstraint,
    AnyTypeConstraint,
    ArrayAttrConstraint,
    AttrConstraint,
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

__all__ = ["ConstraintFunction", "ConstraintTable", "RefInfo", "python_predicate"]

_SIGNEDNESS = {"signless": "0", "signed": "1", "unsigned": "2"}

_CONTAINERS: dict[str, str] = {
    "tensor": "isinstance({v}, (RankedTensorType, UnrankedTensorType))",
    "ranked_tensor": "isinstance({v}, RankedTensorType)",
    "unranked_tensor": "isinstance({v}, UnrankedTensorType)",
    "static_tensor": "isinstance({v}, RankedTensorType) and {v}.has_static_shape",
    "non0_ranked_tensor": "isinstance({v}, RankedTensorType) and {v}.rank >= 1",
    "vector": "isinstance({v}, VectorType)",
    "memref": "isinstance({v}, MemRefType)",
    "unranked_memref": "isinstance({v}, UnrankedMemRefType)",
    "non0_ranked_memref": "isinstance({v}, MemRefType) and {v}.rank >= 1",
    "ranked_or_unranked_memref": "isinstance({v}, (MemRefType, UnrankedMemRefType))",
    "strided_memref": "isinstance({v}, MemRefType) and is_strided({v})",
    "static_memref": "isinstance({v}, MemRefType) and {v}.has_static_shape",
    "tensor_or_memref": (
        "isinstance({v}, (RankedTensorType, UnrankedTensorType, MemRefType, UnrankedMemRefType))"
    ),
    "non0_ranked_vector": "isinstance({v}, VectorType) and {v}.rank >= 1",
    "fixed_vector": "isinstance({v}, VectorType) and not any({v}.scalable)",
    "scalable_vector": "isinstance({v}, VectorType) and any({v}.scalable)",
    "shaped": "isinstance({v}, ShapedType)",
}

#: Attribute kinds named by their ODS def: the check, with `{v}` for the attribute.
SIMPLE_ATTR_CHECKS: dict[str, str] = {
    "AnyAttr": "True",
    "AffineMapAttr": "isinstance({v}, AffineMapAttr)",
    "AnyIntElementsAttr": "is_signless_int_elements({v})",
    "AnyI32ElementsAttr": (
        "isinstance({v}, DenseElementsAttr) and isinstance({v}.type.element_type, IntegerType)"
        " and {v}.type.element_type.width == 32"
    ),
    "AnyI64ElementsAttr": (
        "isinstance({v}, DenseElementsAttr) and isinstance({v}.type.element_type, IntegerType)"
        " and {v}.type.element_type.width == 64"
    ),
    "APIntAttr": "isinstance({v}, IntegerAttr)",
    "ArrayAttr": "isinstance({v}, ArrayAttr)",
    "BoolAttr": "isinstance({v}, BoolAttr)",
    "DictionaryAttr": "isinstance({v}, DictionaryAttr)",
    "ElementsAttr": "is_elements_attr({v})",
    "F32ElementsAttr": "isinstance({v}, DenseElementsAttr) and str({v}.type.element_type) == 'f32'",
    "F64ElementsAttr": "isinstance({v}, DenseElementsAttr) and str({v}.type.element_type) == 'f64'",
    "FlatSymbolRefAttr": "isinstance({v}, SymbolRefAttr) and not {v}.nested",
    "I32ElementsAttr": "is_signless_int_elements({v}, 32)",
    "I64ElementsAttr": "is_signless_int_elements({v}, 64)",
    "IndexAttr": "isinstance({v}, IntegerAttr) and isinstance({v}.type, IndexType)",
    "IndexElementsAttr": (
        "isinstance({v}, DenseElementsAttr) and isinstance({v}.type.element_type, IndexType)"
    ),
    "IntegerSetAttr": "isinstance({v}, IntegerSetAttr)",
    "LocationAttr": "isinstance({v}, LocationAttr)",
    "StrAttr": "isinstance({v}, StringAttr)",
    "StringElementsAttr": "isinstance({v}, DenseStringElementsAttr)",
    "SymbolNameAttr": "isinstance({v}, StringAttr)",
    "SymbolRefAttr": "isinstance({v}, SymbolRefAttr)",
    "TypeAttr": "isinstance({v}, TypeAttr)",
    "TypedAttrInterface": "is_typed_attr({v})",
    "UnitAttr": "isinstance({v}, UnitAttr)",
}

#: The runtime class MLIR stores each simple attribute kind as (property conversion).
SIMPLE_ATTR_STORAGE: dict[str, str] = {
    "AffineMapAttr": "AffineMapAttr",
    "APIntAttr": "IntegerAttr",
    "ArrayAttr": "ArrayAttr",
    "BoolAttr": "BoolAttr",
    "DictionaryAttr": "DictionaryAttr",
    "FlatSymbolRefAttr": "SymbolRefAttr",
    "IndexAttr": "IntegerAttr",
    "IntegerSetAttr": "IntegerSetAttr",
    "StrAttr": "StringAttr",
    "SymbolNameAttr": "StringAttr",
    "SymbolRefAttr": "SymbolRefAttr",
    "TypeAttr": "TypeAttr",
    "UnitAttr": "UnitAttr",
}

_ATTR_PREDICATES: dict[str, str] = {
    "IntMinValue": "{v}.value >= {0}",
    "IntMaxValue": "{v}.value <= {0}",
    "IntNEQValue": "{v}.value != {0}",
    "IntNonNegative": "{v}.value >= 0",
    "IntPositive": "{v}.value > 0",
    "IntPowerOf2": "{v}.value > 0 and {v}.value & ({v}.value - 1) == 0",
    "IntPositivePowerOf2": "{v}.value > 0 and {v}.value & ({v}.value - 1) == 0",
    "ArrayCount": "len({v}.value) == {0}",
    "ArrayMinCount": "len({v}.value) >= {0}",
    "ArrayMaxCount": "len({v}.value) <= {0}",
    "DenseArrayCount": "len({v}.values) == {0}",
    "DenseArrayMaxCt": "len({v}.values) <= {0}",
    "DenseArrayMinCt": "len({v}.values) >= {0}",
    "DenseArrayNonNegative": "all(x >= 0 for x in {v}.values)",
    "DenseArrayStrictlyPositive": "all(x > 0 for x in {v}.values)",
    "DenseArraySorted": "all(x <= y for x, y in zip({v}.values, {v}.values[1:]))",
    "DenseArrayStrictlySorted": "all(x < y for x, y in zip({v}.values, {v}.values[1:]))",
}


def _set_literal(values: tuple[int | str, ...]) -> str:
    """A set display with a stable order (a `set`'s repr of strings is not)."""
    return "{" + ", ".join(repr(x) for x in sorted(values, key=repr)) + "}"


def python_predicate(expr: str, var: str) -> str:
    """A spec predicate (Python over `$_self`) as an expression over `var`."""
    return "(" + expr.replace("$_self", var) + ")"


@dataclass(frozen=True)
class RefInfo:
    """What a dialect def referenced by a constraint is, for the generated checks."""

    kind: str
    """"type" (a dialect type class), "attr" (a dialect attribute class), "int_enum"
    (an integer enum stored as an integer attribute) or "str_enum"."""
    class_name: str
    """The Python class: the type or attribute class, or the enum class."""
    width: int = 64
    """For "int_enum": the width of the integer attribute."""
    values: tuple[int | str, ...] = ()
    """For enums stored as integers or strings: the allowed values."""
    enum_class: str = ""
    """For "attr" holding an enum case: the Python enum class."""


@dataclass
class ConstraintFunction:
    """One generated constraint function: `def name(var: Type) -> bool: return body`."""

    name: str
    var: str
    annotation: str
    body: str
    summary: str


@dataclass
class ConstraintTable:
    """The distinct constraints of one generated module, as named functions."""

    refs: dict[str, RefInfo]
    summaries: dict[str, str]
    functions: list[ConstraintFunction] = field(default_factory=list)
    _by_key: dict[tuple[str, str], str] = field(default_factory=dict)
    _by_body: dict[tuple[str, str], str] = field(default_factory=dict)

    # -- types -----------------------------------------------------------------

    def type_check(self, constraint: TypeConstraint) -> str | None:
        """The name of the function checking `constraint`; None when any type passes."""
        if isinstance(constraint, AnyTypeConstraint):
            return None
        key = ("type", constraint.model_dump_json(exclude={"name"}))
        name = self._by_key.get(key)
        if name is None:
            body = self._type_body(constraint, "t")
            name = self._function("type", "t", "Type", body, constraint.summary(self.summaries))
            self._by_key[key] = name
        return name

    def _function(self, kind: str, var: str, annotation: str, body: str, summary: str) -> str:
        """The name of the function with this body and summary, added if new: two
        constraints written differently (from other defs) may check the same thing."""
        key = (kind, f"{body}\n{summary}")
        name = self._by_body.get(key)
        if name is None:
            count = sum(1 for k in self._by_body if k[0] == kind)
            name = self._by_body[key] = f"_{kind}_constraint_{count}"
            self.functions.append(ConstraintFunction(name, var, annotation, body, summary))
        return name

    def _call(self, constraint: TypeConstraint, arg: str) -> str:
        name = self.type_check(constraint)
        return "True" if name is None else f"{name}({arg})"

    def _type_body(self, c: TypeConstraint, v: str) -> str:
        if isinstance(c, IntegerConstraint):
            parts = [f"isinstance({v}, IntegerType)"]
            if c.signedness != "any":
                parts.append(f"{v}.signedness == {_SIGNEDNESS[c.signedness]}")
            if len(c.widths) == 1:
                parts.append(f"{v}.width == {c.widths[0]}")
            elif c.widths:
                parts.append(f"{v}.width in {tuple(c.widths)!r}")
            return " and ".join(parts)
        if isinstance(c, FloatConstraint):
            if not c.types:
                return f"isinstance({v}, FloatType)"
            if len(c.types) == 1:
                return f"isinstance({v}, FloatType) and {v}.name == {c.types[0]!r}"
            return f"isinstance({v}, FloatType) and {v}.name in {tuple(c.types)!r}"
        if isinstance(c, IndexConstraint):
            return f"isinstance({v}, IndexType)"
        if isinstance(c, NoneTypeConstraint):
            return f"isinstance({v}, NoneType)"
        if isinstance(c, FunctionTypeConstraint):
            return f"isinstance({v}, FunctionType)"
        if isinstance(c, ShapedConstraint):
            parts = [_CONTAINERS[c.container].format(v=v)]
            if c.ranks:
                if c.container == "tensor":
                    parts[0] = f"isinstance({v}, RankedTensorType)"
                parts.append(f"{v}.rank in {tuple(c.ranks)!r}")
            if not isinstance(c.element, AnyTypeConstraint):
                parts.append(self._call(c.element, f"{v}.element_type"))
            return " and ".join(parts)
        if isinstance(c, LikeConstraint):
            return self._call(c.element, f"container_element_or_self({v})")
        if isinstance(c, AnyOfConstraint):
            return " or ".join(self._call(o, v) for o in c.options) or "False"
        if isinstance(c, TypeRefConstraint):
            info = self.refs.get(c.ref)
            if info is None or info.kind != "type":
                raise InternalGeneratorError(
                    SpecDiagnostic(c.loc, f"internal error: '{c.ref}' is not a dialect type")
                )
            return f"isinstance({v}, {info.class_name})"
        if isinstance(c, TypePredicateConstraint):
            return python_predicate(c.expr, v)
        raise AssertionError(f"unhandled type constraint {c!r}")

    # -- attributes --------------------------------------------------------------

    def attr_check(self, constraint: AttrConstraint) -> str | None:
        """The name of the function checking `constraint`; None when anything passes."""
        if isinstance(constraint, SimpleAttrConstraint) and constraint.attr == "AnyAttr":
            return None
        key = ("attr", constraint.model_dump_json(exclude={"name"}))
        name = self._by_key.get(key)
        if name is None:
            body = self._attr_body(constraint, "a")
            summary = constraint.summary(self.summaries)
            name = self._function("attr", "a", "Attribute", body, summary)
            self._by_key[key] = name
        return name

    def _attr_call(self, constraint: AttrConstraint, arg: str) -> str:
        name = self.attr_check(constraint)
        return "True" if name is None else f"{name}({arg})"

    def _attr_body(self, c: AttrConstraint, v: str) -> str:
        if isinstance(c, IntegerAttrConstraint):
            ty = IntegerConstraint(
                widths=(c.width,),
                signedness=c.signedness,
            )
            return f"isinstance({v}, IntegerAttr) and {self._call(ty, f'{v}.type')}"
        if isinstance(c, FloatAttrConstraint):
            return f"isinstance({v}, FloatAttr) and str({v}.type) == 'f{c.width}'"
        if isinstance(c, SimpleAttrConstraint):
            check = SIMPLE_ATTR_CHECKS.get(c.attr)
            if check is None:
                raise InternalGeneratorError(
                    SpecDiagnostic(c.loc, f"internal error: no check for attribute kind {c.attr}")
                )
            return check.format(v=v)
        if isinstance(c, TypeAttrConstraint):
            return f"isinstance({v}, TypeAttr) and {self._call(c.type, f'{v}.value')}"
        if isinstance(c, ArrayAttrConstraint):
            return (
                f"isinstance({v}, ArrayAttr) and "
                f"all({self._attr_call(c.element, 'x')} for x in {v}.value)"
            )
        if isinstance(c, DenseArrayAttrConstraint):
            return f"isinstance({v}, DenseArrayAttr) and str({v}.element_type) == {c.element!r}"
        if isinstance(c, RankedElementsAttrConstraint):
            elem = "IntegerType" if c.element == "int" else "FloatType"
            return (
                f"isinstance({v}, DenseElementsAttr) and isinstance({v}.type.element_type, {elem})"
                f" and {v}.type.element_type.width == {c.width}"
                if c.element == "int"
                else f"isinstance({v}, DenseElementsAttr)"
                f" and str({v}.type.element_type) == 'f{c.width}'"
            ) + f" and {v}.type.shape == {tuple(c.shape)!r}"
        if isinstance(c, ConfinedAttrConstraint):
            # The base check inline, not called: its `isinstance` narrows `v` for the
            # predicates after it (`v.value`), for type checkers too.
            parts = [f"({self._attr_body(c.base, v)})"]
            for p in c.predicates:
                parts.append(_ATTR_PREDICATES[p.name].format(*p.args, v=v))
            return " and ".join(parts)
        if isinstance(c, AnyAttrOfConstraint):
            return " or ".join(self._attr_call(o, v) for o in c.options) or "False"
        if isinstance(c, AttrRefConstraint):
            info = self.refs.get(c.ref)
            if info is None:
                raise InternalGeneratorError(
                    SpecDiagnostic(c.loc, f"internal error: unresolved reference '{c.ref}'")
                )
            if info.kind == "attr":
                return f"isinstance({v}, {info.class_name})"
            if info.kind == "int_enum":
                return (
                    f"isinstance({v}, IntegerAttr) and {v}.type is IntegerType.get({info.width})"
                    f" and {v}.value in {_set_literal(info.values)}"
                )
            return f"isinstance({v}, StringAttr) and {v}.value in {_set_literal(info.values)}"
        if isinstance(c, AttrPredicateConstraint):
            return python_predicate(c.expr, v)
        raise AssertionError(f"unhandled attribute constraint {c!r}")
