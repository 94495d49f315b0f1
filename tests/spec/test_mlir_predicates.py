"""MLIR's `CPred` C++ translated to Python (`generator.spec.mlir_predicates`).

Four layers: the table, entry by entry, on the C++ MLIR writes (and precise
problems for what it cannot translate); the translations evaluated on runtime
types and attributes; whole constraints from MLIR's records checked against what
`mlir-opt-22` accepts; and, over the records of the dialects odsgen imports first,
the share that translates and the Python it makes (valid for odsgen's spec checks
and for `mypy --strict`).
"""

from __future__ import annotations

import builtins
import functools
import keyword
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import mlir_records
import pytest

import generator.ir as ir
from generator.emit.ops import dialect_helper_imports
from generator.ir import parse_attribute, parse_type
from generator.ir.core import Region
from generator.ir.dialects.memref import is_strided
from generator.spec.mlir_predicates import (
    CLASSES,
    METHODS,
    CppClass,
    OpValue,
    PredScope,
    Translation,
    op_scope,
    translate_cpred,
    translate_pred,
)
from generator.spec.pycode import ExprKind, check_expression

TYPE = PredScope("Type")
ATTR = PredScope("Attribute")
REGION = PredScope("Region")
#: An op with operands `lhs` (one value), `elements` (variadic), `dest` and `acc`
#: (optional), a result `result` and an integer attribute `pos`.
OP = PredScope(
    values={
        "lhs": OpValue("$_op.lhs", "Value"),
        "elements": OpValue("$_op.elements", "ValueRange"),
        "dest": OpValue("$_op.dest", "OptValue"),
        "acc": OpValue("$_op.acc", "OptValue"),
        "result": OpValue("$_op.result", "Value"),
    },
    getters={
        "getDest": OpValue("$_op.dest", "OptValue"),
        "getAcc": OpValue("$_op.acc", "OptValue"),
        "getPos": OpValue("$_op.pos", "int"),
    },
    constants={"mlir::vector::PrintPunctuation::NewLine": "PrintPunctuation.NewLine"},
)

_CPRED = ExprKind("CPred", "predicate", ("$_self",))
_PRED_OP = ExprKind("CPred", "predicate", ("$_op",))


def _python(cpp: str, scope: PredScope = TYPE) -> str:
    result = translate_cpred(cpp, scope)
    assert result.ok, result.problem
    assert result.python is not None
    return result.python


def _assert_spec_python(python: str, extra_names: frozenset[str] = frozenset()) -> None:
    """The translation is Python odsgen accepts in a spec's `CPred`."""
    kind = _PRED_OP if "$_op" in python else _CPRED
    problems = check_expression(python, kind, extra_names)
    assert not problems, f"{python}: {problems}"


# ---------------------------------------------------------------------------
# The table, entry by entry
# ---------------------------------------------------------------------------

TABLE_CASES = [
    # isa<T>: a class, a union of classes, a helper, an equality.
    ("::llvm::isa<::mlir::FloatType>($_self)", TYPE, "isinstance($_self, FloatType)"),
    (
        "::llvm::isa<::mlir::TensorType>($_self)",
        TYPE,
        "isinstance($_self, (RankedTensorType, UnrankedTensorType))",
    ),
    ("::llvm::isa<::mlir::FixedVectorType>($_self)", TYPE, "is_fixed_vector($_self)"),
    ("::llvm::isa<::mlir::Float8E4M3FNType>($_self)", TYPE, "$_self == FloatType.get('f8E4M3FN')"),
    (
        "::llvm::isa<::mlir::DenseI64ArrayAttr>($_self)",
        ATTR,
        "is_dense_array($_self, IntegerType.get(64))",
    ),
    (
        "::llvm::isa<::mlir::IndexType, ::mlir::IntegerType>($_self)",
        TYPE,
        "isinstance($_self, IndexType) or isinstance($_self, IntegerType)",
    ),
    ("::llvm::isa<::mlir::Type>(::llvm::cast<::mlir::TypeAttr>($_self).getValue())", ATTR, "True"),
    # cast<T>: `cast(T, x)`, dropped where an isinstance before it has narrowed `x`.
    (
        "(::llvm::cast<::mlir::ShapedType>($_self).getRank() >= 1)",
        TYPE,
        "cast(ShapedType, $_self).rank >= 1",
    ),
    (
        "::llvm::isa<::mlir::VectorType>($_self) && "
        "::llvm::cast<::mlir::ShapedType>($_self).getNumElements() == 4",
        TYPE,
        "isinstance($_self, VectorType) and $_self.num_elements == 4",
    ),
    # Methods of types.
    (
        "::llvm::cast<::mlir::ShapedType>($_self).hasRank()",
        TYPE,
        "cast(ShapedType, $_self).has_rank",
    ),
    (
        "::llvm::cast<::mlir::ShapedType>($_self).hasStaticShape()",
        TYPE,
        "cast(ShapedType, $_self).has_static_shape",
    ),
    (
        "::llvm::cast<::mlir::ShapedType>($_self).getShape() == ::mlir::ArrayRef<int64_t>({2, 3})",
        TYPE,
        "cast(ShapedType, $_self).shape == (2, 3)",
    ),
    (
        "::llvm::cast<::mlir::ShapedType>($_self).getElementType().isF32()",
        TYPE,
        "cast(ShapedType, $_self).element_type == FloatType.get('f32')",
    ),
    (
        "::llvm::cast<::mlir::IntegerType>($_self).getWidth() == 8",
        TYPE,
        "cast(IntegerType, $_self).width == 8",
    ),
    ("$_self.isSignlessInteger(32)", TYPE, "$_self == IntegerType.get(32)"),
    ("$_self.isSignlessInteger()", TYPE, "is_integer_type($_self, None, Signedness.SIGNLESS)"),
    ("$_self.isUnsignedInteger(8)", TYPE, "$_self == IntegerType.get(8, Signedness.UNSIGNED)"),
    ("$_self.isInteger(16)", TYPE, "is_integer_type($_self, 16)"),
    ("$_self.isSignlessIntOrIndex()", TYPE, "is_int_or_index($_self, signless=True)"),
    ("$_self.getIntOrFloatBitWidth() <= 64", TYPE, "int_width($_self) <= 64"),
    (
        "( ::llvm::cast<::mlir::MemRefType>($_self).isStrided() )",
        TYPE,
        "is_strided(cast(MemRefType, $_self))",
    ),
    (
        "::llvm::cast<::mlir::VectorType>($_self).getScalableDims().back()",
        TYPE,
        "cast(VectorType, $_self).scalable[-1]",
    ),
    (
        "$_self.hasTrait<::mlir::ValueSemantics>()",
        TYPE,
        "isinstance($_self, (RankedTensorType, UnrankedTensorType, VectorType))",
    ),
    # Attributes and APInt.
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().eq(::llvm::APInt(64, 7))",
        ATTR,
        "cast(IntegerAttr, $_self).value == 7",
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().eq(::llvm::APInt(32, 4294967295))",
        ATTR,
        "to_unsigned(cast(IntegerAttr, $_self).value, int_width(cast(IntegerAttr, $_self).type))"
        " == 4294967295",
    ),
    (
        "(!(::llvm::cast<::mlir::IntegerAttr>($_self).getValue().getZExtValue() & (~(0u|1u|2u))))",
        ATTR,
        "to_unsigned(cast(IntegerAttr, $_self).value, int_width(cast(IntegerAttr, $_self).type))"
        " & 4294967292 == 0",
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isPowerOf2()",
        ATTR,
        "to_unsigned(cast(IntegerAttr, $_self).value, int_width(cast(IntegerAttr, $_self).type))"
        ".bit_count() == 1",
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getType().isSignlessInteger(64)",
        ATTR,
        "cast(IntegerAttr, $_self).type == IntegerType.get(64)",
    ),
    (
        "::llvm::cast<::mlir::DenseArrayAttr>($_self).size() == 3",
        ATTR,
        "len(cast(DenseArrayAttr, $_self).values) == 3",
    ),
    (
        "llvm::is_sorted(::llvm::cast<DenseI64ArrayAttr>($_self).asArrayRef())",
        ATTR,
        "all(_x <= _y for _x, _y in zip(cast(DenseArrayAttr, $_self).values,"
        " cast(DenseArrayAttr, $_self).values[1:]))",
    ),
    (
        "::llvm::isa<::mlir::TypeAttr>($_self) && "
        "::llvm::isa<::mlir::FunctionType>(::llvm::cast<::mlir::TypeAttr>($_self).getValue())",
        ATTR,
        "isinstance($_self, TypeAttr) and isinstance($_self.value, FunctionType)",
    ),
    # Free functions and lambdas.
    ("::llvm::hasNItems($_self, 1)", REGION, "len($_self.blocks) == 1"),
    ("::llvm::hasNItemsOrLess($_self, 1)", REGION, "len($_self.blocks) <= 1"),
    (
        "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) "
        "{ return attr && (::llvm::isa<::mlir::StringAttr>(attr)); })",
        ATTR,
        "all(isinstance(_attr, StringAttr) for _attr in cast(ArrayAttr, $_self).value)",
    ),
    (
        "[](::mlir::Type elementType) { return (elementType.isF64()); }"
        "(::llvm::cast<::mlir::ShapedType>($_self).getElementType())",
        TYPE,
        "cast(ShapedType, $_self).element_type == FloatType.get('f64')",
    ),
    # An op's values, getters and constants.
    ("($_op.getNumOperands() > 1)", OP, "len($_op.operands) > 1"),
    (
        "getElementTypeOrSelf($_op.getResult(0)) == getElementTypeOrSelf($_op.getOperand(1))",
        OP,
        "element_type_or_self($_op.results[0].type) == element_type_or_self($_op.operands[1].type)",
    ),
    (
        "std::equal_to<>()(::getI1SameShape($lhs.getType()), $result.getType())",
        OP,
        "i1_same_shape($_op.lhs.type) == $_op.result.type",
    ),
    (
        "(!getDest() || !getAcc() || "
        "std::equal_to<>()(::llvm::cast<Type>($dest.getType()), $acc.getType()))",
        OP,
        "$_op.dest is None or $_op.acc is None or $_op.dest.type == $_op.acc.type",
    ),
    (
        "(::llvm::all_of($elements.getTypes(), [&](::mlir::Type t) "
        "{ return t == getElementTypeOrSelf($dest); }))",
        OP,
        "all(_t == element_type_or_self($_op.dest.type) for _t in tuple(v.type for v in $_op.elements))",
    ),
    (
        "((::llvm::isa<::mlir::TensorType>($lhs.getType()) ? "
        "::llvm::cast<::mlir::TensorType>($lhs.getType()).getShape() : ::llvm::ArrayRef<int64_t>{}))"
        " == ::llvm::ArrayRef<int64_t>{}",
        OP,
        "(cast(ShapedType, $_op.lhs.type).shape if isinstance($_op.lhs.type, "
        "(RankedTensorType, UnrankedTensorType)) else ()) == ()",
    ),
    ("(getPos() % 2) == 0", OP, "$_op.pos % 2 == 0"),
]


@pytest.mark.parametrize(("cpp", "scope", "expected"), TABLE_CASES)
def test_table_translates(cpp: str, scope: PredScope, expected: str) -> None:
    """Each pattern of the table gives the Python odsgen's runtime answers it with."""
    python = _python(cpp, scope)
    assert python == expected
    _assert_spec_python(python)


UNTRANSLATABLE_CASES = [
    (
        "::llvm::isa<::mlir::gpu::AsyncTokenType>($_self)",
        TYPE,
        "unknown class: mlir::gpu::AsyncTokenType",
    ),
    (
        "::llvm::cast<::mlir::ShapedType>($_self).clone(::mlir::IntegerType::get($_self.getContext(), 1))",
        TYPE,
        "unknown method: ShapedType::clone",
    ),
    (
        "isSharedMemory(llvm::cast<mlir::MemRefType>($_self))",
        TYPE,
        "unknown function: isSharedMemory",
    ),
    (
        "[&](){ auto v = getSourceVectorType(); return v.getRank() == 1; }()",
        OP,
        "op method: getSourceVectorType()",
    ),
    ("$_self == $_builder.getBoolAttr(true)", ATTR, "builder placeholder: $_builder"),
    (
        "$_self.hasTrait<::mlir::OpTrait::ZeroOperands>()",
        TYPE,
        "traits: type trait OpTrait::ZeroOperands",
    ),
    ("std::equal_to<>()($lhs.getType(), $rhs.getType())", OP, "unknown placeholder: $rhs"),
    (
        # A builder changed in place by a statement: no expression.
        "[&]() -> ::mlir::VectorType { ::mlir::VectorType::Builder b(x); b.setDim(0, 1);"
        " return b; }()",
        OP,
        "C++ statement: 'b' statement in a lambda",
    ),
    ("getProperties().scope.getValue() == 1", OP, "C++ field: '.scope' without a call"),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().countl_zero() > 2",
        ATTR,
        "unknown method: APInt::countl_zero",
    ),
    ("$_self.isF32() @ 2", TYPE, "C++ syntax: unexpected character '@'"),
    ("::llvm::isa<::mlir::FloatType>($_self", TYPE, "C++ syntax: expected ')' before 'the end'"),
]


@pytest.mark.parametrize(("cpp", "scope", "problem"), UNTRANSLATABLE_CASES)
def test_untranslatable_is_reported(cpp: str, scope: PredScope, problem: str) -> None:
    """What the table does not know is reported with its reason, never guessed."""
    result = translate_cpred(cpp, scope)
    assert result.python is None
    assert result.problem == problem
    assert result.cpp == cpp


def test_dialect_classes_methods_and_constants_come_from_the_scope() -> None:
    """A dialect's own classes, parameter accessors and enum cases are the scope's."""
    scope = PredScope(
        classes={
            "mlir::pdl::RangeType": CppClass("isinstance({x}, RangeType)", "RangeType", "Type")
        },
        methods={("mlir::pdl::RangeType", "getElementType", 0): ("{0}.elementType", "Type")},
    )
    cpp = "::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType().isIndex()"
    assert _python(cpp, scope) == "isinstance(cast(RangeType, $_self).elementType, IndexType)"
    # Without them the same C++ is untranslatable.
    assert translate_cpred(cpp).problem == "unknown class: mlir::pdl::RangeType"
    op_cpp = "getPunctuation() == ::mlir::vector::PrintPunctuation::NewLine"
    enum_op = PredScope(
        getters={"getPunctuation": OpValue("$_op.punctuation", "enum")}, constants=OP.constants
    )
    assert _python(op_cpp, enum_op) == "$_op.punctuation == PrintPunctuation.NewLine"


def test_every_table_entry_names_runtime_api() -> None:
    """The classes and helpers the tables write exist in the runtime's public API."""
    # Generated op modules import `generator.ir` and the dialect modules of
    # `generator.ir.dialects` (`is_strided`, the quant types' queries).
    helpers = {name for h in dialect_helper_imports() for name in h.names}
    names = set(ir.__all__) | helpers | {"cast", "len", "all", "any", "tuple", "zip", "v"}
    for cls in CLASSES.values():
        if cls.narrow:
            assert cls.narrow in names, cls
        code = re.sub(r"'[^']*'", "", cls.isa.replace("{x}", ""))
        for word in re.findall(r"(?<![.\w])[A-Za-z_]\w*", code):
            assert (
                word in names or keyword.iskeyword(word) or word in {"isinstance", "True", "False"}
            ), cls
    for template, _ in METHODS.values():
        for word in re.findall(r"(?<![.\w])([A-Za-z_]\w*)\(", template):
            assert word in names or word in dir(builtins), template


# ---------------------------------------------------------------------------
# Trees
# ---------------------------------------------------------------------------


def _leaf(expr: str) -> dict[str, Any]:
    return {"!superclasses": ["Pred", "CPred"], "predExpr": expr}


def _combined(kind: str, *children: str, **fields: str) -> dict[str, Any]:
    return {
        "!superclasses": ["Pred", "CombinedPred"],
        "kind": {"def": f"PredCombiner{kind}", "kind": "def"},
        "children": [{"def": c, "kind": "def"} for c in children],
        **fields,
    }


#: A small tree in the form of `llvm-tblgen --dump-json`: a vector or tensor of rank
#: 1 or 2 whose elements are f32, or anything that is not a shaped type at all.
TREE = {
    "is_shaped": _leaf("(::llvm::isa<::mlir::ShapedType>($_self))"),
    "rank1": _leaf("(::llvm::cast<::mlir::ShapedType>($_self).getRank() == 1)"),
    "rank2": _leaf("(::llvm::cast<::mlir::ShapedType>($_self).getRank() == 2)"),
    "f32": _leaf("($_self.isF32())"),
    "elem_f32": _combined("SubstLeaves", "f32", pattern="$_self", replacement="elementType"),
    "elem": _combined(
        "Concat",
        "elem_f32",
        prefix="[](::mlir::Type elementType) { return ",
        suffix="; }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())",
    ),
    "rank": _combined("Or", "rank1", "rank2"),
    "shaped": _combined("And", "is_shaped", "rank", "elem"),
    "not_shaped": _combined("Not", "is_shaped"),
    "root": _combined("Or", "shaped", "not_shaped"),
}


def _evaluate(python: str, **values: object) -> bool:
    """A translated predicate evaluated as the generated code would."""
    namespace: dict[str, object] = {name: getattr(ir, name) for name in ir.__all__}
    namespace.update(cast=cast, is_strided=is_strided)
    for name, value in values.items():
        namespace["__" + name] = value  # `$_self` is `__self` below
    source = re.sub(r"\$(\w+)", r"_\1", python)
    result = eval(source, namespace)  # the translation under test
    assert isinstance(result, bool), (python, result)
    return result


def test_tree_keeps_and_or_not_and_applies_subst_and_concat() -> None:
    """And/Or/Neg stay Python's and/or/not; SubstLeaves and Concat bind the element."""
    result = translate_pred("root", TREE)
    assert result.python == (
        "isinstance($_self, ShapedType) and ($_self.rank == 1 or $_self.rank == 2) "
        "and $_self.element_type == FloatType.get('f32') or not isinstance($_self, ShapedType)"
    )
    _assert_spec_python(result.python)
    verdicts = {
        "vector<4xf32>": True,
        "tensor<2x3xf32>": True,
        "tensor<2x3x4xf32>": False,
        "vector<4xf64>": False,
        "memref<8xf32>": True,
        "i32": True,
        "complex<f32>": True,
    }
    for text, expected in verdicts.items():
        assert _evaluate(result.python, self=parse_type(text)) is expected, text


def test_tree_reports_the_leaf_it_cannot_translate() -> None:
    """A tree with an untranslatable leaf has no Python; the leaf and reason are named."""
    tree = dict(TREE)
    tree["f32"] = _leaf("($_self.isFloat8E5M2())")
    seen: list[tuple[str, Translation]] = []
    result = translate_pred("root", tree, on_leaf=lambda expr, t: seen.append((expr, t)))
    assert not result.ok
    assert result.problem == "unknown method: Type::isFloat8E5M2"
    assert result.cpp == "(elementType.isFloat8E5M2())"
    # Every leaf was still visited and reported, the bad one with the reason.
    failed = [expr for expr, t in seen if not t.ok]
    assert failed == ["($_self.isFloat8E5M2())"]
    assert {expr for expr, _ in seen} == {
        str(tree[name]["predExpr"]) for name in ("is_shaped", "rank1", "rank2", "f32")
    }


def test_tree_of_unknown_record_is_a_problem() -> None:
    """A record that is no predicate is reported, not skipped."""
    result = translate_pred({"!name": "X", "!superclasses": ["Pred"]}, {})
    assert result.problem == "predicate record: 'X' is no predicate MLIR combines"


# ---------------------------------------------------------------------------
# Translations evaluated on runtime values
# ---------------------------------------------------------------------------

TYPE_EVALUATIONS: list[tuple[str, dict[str, bool]]] = [
    (
        "::llvm::isa<::mlir::FloatType>($_self)",
        {"f32": True, "bf16": True, "i32": False, "index": False},
    ),
    ("::llvm::isa<::mlir::Float16Type>($_self)", {"f16": True, "bf16": False, "f32": False}),
    (
        "::llvm::isa<::mlir::ScalableVectorType>($_self)",
        {"vector<[4]xf32>": True, "vector<4xf32>": False, "tensor<4xf32>": False},
    ),
    (
        "::llvm::isa<::mlir::BaseMemRefType>($_self)",
        {"memref<4xf32>": True, "memref<*xf32>": True, "tensor<4xf32>": False},
    ),
    ("$_self.isSignlessInteger(8)", {"i8": True, "si8": False, "ui8": False, "i16": False}),
    ("$_self.isSignedInteger()", {"si8": True, "i8": False, "f32": False}),
    ("$_self.isSignlessIntOrIndex()", {"i1": True, "index": True, "si32": False, "f32": False}),
    ("$_self.isIntOrFloat()", {"ui7": True, "f64": True, "index": False}),
    (
        "::llvm::isa<::mlir::ShapedType>($_self) && ::llvm::cast<::mlir::ShapedType>($_self).hasStaticShape()",
        {"tensor<2x3xf32>": True, "tensor<?x3xf32>": False, "tensor<*xf32>": False, "f32": False},
    ),
    (
        "::llvm::isa<::mlir::ShapedType>($_self) && ::llvm::cast<::mlir::ShapedType>($_self).getNumElements() == 6",
        {"vector<2x3xi8>": True, "memref<6xf32>": True, "vector<4xi8>": False},
    ),
    (
        "::llvm::isa<::mlir::VectorType>($_self) && "
        "::llvm::cast<::mlir::ShapedType>($_self).getElementType().getIntOrFloatBitWidth() == 16",
        {"vector<2xf16>": True, "vector<2xi16>": True, "vector<2xi32>": False},
    ),
    (
        "::llvm::isa<::mlir::IntegerType>($_self) && ::llvm::cast<::mlir::IntegerType>($_self).getWidth() <= 8",
        {"i8": True, "ui1": True, "i9": False, "f16": False},
    ),
    (
        "$_self.hasTrait<::mlir::ValueSemantics>()",
        {"vector<2xi1>": True, "tensor<*xf32>": True, "memref<2xi1>": False},
    ),
]


@pytest.mark.parametrize(("cpp", "verdicts"), TYPE_EVALUATIONS)
def test_type_predicates_evaluate_as_mlir_says(cpp: str, verdicts: dict[str, bool]) -> None:
    """Translated type predicates give MLIR's answer on runtime types."""
    python = _python(cpp)
    for text, expected in verdicts.items():
        assert _evaluate(python, self=parse_type(text)) is expected, (python, text)


ATTR_EVALUATIONS: list[tuple[str, dict[str, bool]]] = [
    # APInt compares bits: -1 : i32 is 0xFFFFFFFF.
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().eq(::llvm::APInt(32, 4294967295))",
        {"-1 : i32": True, "4294967295 : ui32": True, "1 : i32": False},
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().getZExtValue() == 255",
        {"-1 : i8": True, "255 : ui8": True, "-1 : i16": False},
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isNegative()",
        {"-3 : i8": True, "200 : ui8": True, "3 : i8": False},
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isPowerOf2()",
        {"8 : i64": True, "6 : i64": False, "0 : i64": False, "-8 : i64": False, "-128 : i8": True},
    ),
    (
        "::llvm::cast<::mlir::IntegerAttr>($_self).getInt() >= 0",
        {"0 : i64": True, "-1 : i64": False, "5 : index": True},
    ),
    (
        "(!(::llvm::cast<::mlir::IntegerAttr>($_self).getValue().getZExtValue() & (~(0u|1u|2u|4u))))",
        {"7 : i32": True, "0 : i32": True, "8 : i32": False, "-1 : i32": False},
    ),
    (
        "::llvm::isa<::mlir::DenseI32ArrayAttr>($_self)",
        {"array<i32: 1, 2>": True, "array<i64: 1, 2>": False, "[1 : i32]": False},
    ),
    (
        "::llvm::isa<::mlir::DenseI64ArrayAttr>($_self) && "
        "llvm::is_sorted(::llvm::cast<DenseI64ArrayAttr>($_self).asArrayRef())",
        {"array<i64: 1, 2, 2>": True, "array<i64: 2, 1>": False, "array<i64>": True},
    ),
    ("::llvm::isa<::mlir::FlatSymbolRefAttr>($_self)", {"@f": True, "@f::@g": False, '"f"': False}),
    (
        "::llvm::isa<::mlir::DenseIntElementsAttr>($_self)",
        {
            "dense<1> : tensor<2xi32>": True,
            "dense<1> : tensor<2xindex>": True,
            "dense<1.0> : tensor<2xf32>": False,
        },
    ),
    (
        "::llvm::isa<::mlir::TypedAttr>($_self)",
        {"1 : i32": True, '"s"': True, "unit": False, "[]": False},
    ),
]


@pytest.mark.parametrize(("cpp", "verdicts"), ATTR_EVALUATIONS)
def test_attribute_predicates_evaluate_as_mlir_says(cpp: str, verdicts: dict[str, bool]) -> None:
    """Translated attribute predicates (APInt bit semantics included) on runtime attributes."""
    python = _python(cpp, ATTR)
    for text, expected in verdicts.items():
        assert _evaluate(python, self=parse_attribute(text)) is expected, (python, text)


def test_region_predicates_count_blocks() -> None:
    """`hasNItems` on a region counts its blocks."""
    python = _python("::llvm::hasNItemsOrLess($_self, 1)", REGION)
    region = Region()
    assert _evaluate(python, self=region)
    region.blocks.extend([ir.Block(), ir.Block()])
    assert not _evaluate(python, self=region)


# ---------------------------------------------------------------------------
# MLIR's records
# ---------------------------------------------------------------------------


@functools.cache
def _listed_coverage() -> mlir_records.Coverage:
    return mlir_records.measure([mlir_records.DIALECTS / f for f in mlir_records.LISTED.values()])


@pytest.fixture(scope="module")
def listed_coverage() -> mlir_records.Coverage:
    """The predicates of the dialects odsgen imports first, translated."""
    reason = mlir_records.unavailable()
    if reason is not None:
        pytest.skip(reason)
    return _listed_coverage()


def test_listed_dialects_translate(listed_coverage: mlir_records.Coverage) -> None:
    """Nearly every predicate of math, index, complex, arith, scf, func, cf, memref,
    tensor, vector and affine translates; what does not is C++ only the op's class
    knows (its extra methods) or builds types (vector's shape builders)."""
    cov = listed_coverage
    assert not cov.files_rejected
    good, total = cov.leaf_fraction()
    assert total >= 120
    assert good / total >= 0.95, (good, total)
    good, total = cov.count(cov.trees, None)
    assert total >= 2000
    assert good / total >= 0.99, (good, total)
    good, total = cov.count(cov.ops, None)
    assert good / total >= 0.97, (good, total)
    for dialect in set(mlir_records.LISTED) - {"vector"}:
        good, total = cov.count(cov.ops, frozenset({dialect}))
        assert good == total > 0, dialect
    allowed = ("op method:", "C++ statement:")
    for problem in cov.problems():
        assert problem.startswith(allowed), problem


def test_listed_translations_are_spec_python(listed_coverage: mlir_records.Coverage) -> None:
    """Every translated predicate passes odsgen's checks of Python in a spec's CPred."""
    for _, _, translation, scope in listed_coverage.translations:
        if translation.python is None:
            continue
        names = frozenset(c.narrow for c in scope.classes.values() if c.narrow)
        names |= frozenset(v.split(".")[0] for v in scope.constants.values())
        _assert_spec_python(translation.python, names | {"is_strided"})


def _stub_module(cov: mlir_records.Coverage) -> str:
    """A module with one function per translated predicate, over stubs of each op's
    accessors and the dialects' classes, for mypy."""
    annotations = {
        "Value": "Value",
        "OptValue": "Value | None",
        "ValueRange": "tuple[Value, ...]",
        "int": "int",
        "Optint": "int | None",
        "bool": "bool",
        "Optbool": "bool | None",
        "str": "str",
        "Optstr": "str | None",
        "Type": "Type",
        "enum": "object",
        "Optenum": "object",
    }
    lines = [
        "import enum",
        "from typing import cast",
        "from generator.ir import *  # noqa: F403",
        "from generator.ir.core import Block, Region",
        "from generator.ir.dialects.memref import is_strided",
        "",
    ]
    lines += [
        "class _OpBase:",
        "    operands: tuple[Value, ...]",
        "    results: tuple[OpResult, ...]",
        "    regions: tuple[Region, ...]",
        "    parent_op: Operation | None",
        "    def get_attr(self, name: str) -> Attribute | None:",
        "        return None",
        "",
    ]
    classes: dict[str, str] = {}
    enums: dict[str, set[str]] = {}
    fields: dict[str, set[str]] = {}
    params = {
        "Type": "Type",
        "Attribute": "Attribute",
        "int": "int",
        "bool": "bool",
        "str": "str",
        "IntRange": "tuple[int, ...]",
        "TypeRange": "tuple[Type, ...]",
    }
    body: list[str] = []
    for i, (_, _, translation, scope) in enumerate(cov.translations):
        if translation.python is None:
            continue
        for cls in scope.classes.values():
            if cls.narrow and not hasattr(ir, cls.narrow):
                classes[cls.narrow] = "Type" if cls.base == "Type" else "Attribute"
        for (owner, _, _), (template, kind) in scope.methods.items():
            cls = scope.classes.get(owner)
            if cls is not None and cls.narrow and template.startswith("{0}.") and kind in params:
                fields.setdefault(cls.narrow, set()).add(f"{template[4:]}: {params[kind]}")
        for value in scope.constants.values():
            owner, _, member = value.partition(".")
            enums.setdefault(owner, set()).add(member)
        python = translation.python
        if "$_op" in python:
            props = []
            for getter in scope.getters.values():
                attr = getter.python.removeprefix("$_op.")
                if attr.isidentifier() and getter.kind in annotations:
                    props.append(f"    {attr}: {annotations[getter.kind]}")
            members = "\n".join(sorted(set(props))) or "    pass"
            body.append(f"class _Op{i}(_OpBase):\n{members}\n")
            body.append(
                f"def _p{i}(op: _Op{i}) -> bool:\n    return {python.replace('$_op', 'op')}\n"
            )
        else:
            param = {
                "Type": "Type",
                "Attribute": "Attribute",
                "Region": "Region",
                "Block": "Block",
            }[scope.self_kind]
            body.append(
                f"def _p{i}(s: {param}) -> bool:\n    return {python.replace('$_self', 's')}\n"
            )
    for name, base in sorted(classes.items()):
        members = "".join(f"\n    {f}" for f in sorted(fields.get(name, ()))) or " ..."
        lines.append(f"class {name}({base}):{members}")
    for name, members in sorted(enums.items()):
        lines.append(f"class {name}(enum.Enum):")
        lines.extend(f"    {m} = {j}" for j, m in enumerate(sorted(members)))
    return "\n".join([*lines, "", *body]) + "\n"


def test_listed_translations_pass_mypy_strict(
    listed_coverage: mlir_records.Coverage, tmp_path: Path
) -> None:
    """The Python of every translated predicate type-checks under `mypy --strict`, as
    generated code must: casts where C++ casts, none made redundant by isinstance."""
    module = tmp_path / "predicates.py"
    module.write_text(_stub_module(listed_coverage), encoding="utf-8")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--follow-imports=silent",
            str(module),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


# ---------------------------------------------------------------------------
# Against mlir-opt-22
# ---------------------------------------------------------------------------

#: Ops whose verification, for operands and results all of one type (or the result
#: given), depends only on their type constraints: (op, operand count, result type).
DIFFERENTIAL_OPS: list[tuple[str, str, int, str | None]] = [
    ("Math/IR/MathOps.td", "math.absf", 1, None),
    ("Math/IR/MathOps.td", "math.absi", 1, None),
    ("Math/IR/MathOps.td", "math.ctlz", 1, None),
    ("Arith/IR/ArithOps.td", "arith.addi", 2, None),
    ("Arith/IR/ArithOps.td", "arith.negf", 1, None),
    ("Arith/IR/ArithOps.td", "arith.andi", 2, None),
    ("Complex/IR/ComplexOps.td", "complex.exp", 1, None),
    ("Tensor/IR/TensorOps.td", "tensor.rank", 1, "index"),
    ("MemRef/IR/MemRefOps.td", "memref.rank", 1, "index"),
]

DIFFERENTIAL_TYPES = [
    "i1",
    "i32",
    "si32",
    "ui16",
    "index",
    "f16",
    "bf16",
    "f32",
    "f8E4M3FN",
    "complex<f32>",
    "complex<i8>",
    "vector<4xf32>",
    "vector<[4]xi32>",
    "vector<2x3xi8>",
    "vector<f64>",
    "vector<4xindex>",
    "tensor<4xf32>",
    "tensor<?x3xi32>",
    "tensor<*xf64>",
    "tensor<2xcomplex<f32>>",
    "tensor<4xsi8>",
    "memref<4xf32>",
    "memref<*xi8>",
    "memref<?xindex>",
    "none",
    "tuple<i32>",
]


def _op_record(td: str, op_name: str) -> tuple[Mapping[str, Any], mlir_records.Records]:
    recs = mlir_records.records(mlir_records.DIALECTS / td)
    assert recs is not None, td
    for name in recs["!instanceof"]["Op"]:
        op = recs[name]
        if f"{mlir_records.dialect_of(op, recs)}.{op['opName']}" == op_name:
            return op, recs
    raise AssertionError(f"{op_name} is not in {td}")


def _value_predicates(
    op: Mapping[str, Any], recs: mlir_records.Records
) -> tuple[list[str], list[str]]:
    """The Python predicates of an op's operands and results, in order."""
    out: dict[str, list[str]] = {"arguments": [], "results": []}
    for field_name, preds in out.items():
        for arg, _ in op[field_name]["args"]:
            constraint = recs[arg["def"]]
            while "Arg" in constraint["!superclasses"]:
                constraint = recs[constraint["constraint"]["def"]]
            if "TypeConstraint" not in constraint["!superclasses"]:
                continue
            if constraint.get("predicate") is None:
                preds.append("True")
                continue
            result = translate_pred(constraint["predicate"], recs, TYPE)
            assert result.python is not None, result.problem
            preds.append(result.python)
    return out["arguments"], out["results"]


def _mlir_accepts(mlir_opt: str, op_name: str, operands: int, type_text: str, result: str) -> bool:
    args = ", ".join(f"%a{i}: {type_text}" for i in range(operands))
    uses = ", ".join(f"%a{i}" for i in range(operands))
    source = (
        f"func.func @f({args}) {{\n"
        f'  %r = "{op_name}"({uses}) : ({", ".join([type_text] * operands)}) -> {result}\n'
        "  return\n}\n"
    )
    run = subprocess.run([mlir_opt], input=source, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        assert "must be" in run.stderr or "failed to verify" in run.stderr, run.stderr
    return run.returncode == 0


@pytest.mark.mlir
@pytest.mark.parametrize(("td", "op_name", "operands", "result"), DIFFERENTIAL_OPS)
def test_type_constraints_accept_what_mlir_opt_accepts(
    mlir_opt: str, td: str, op_name: str, operands: int, result: str | None
) -> None:
    """An op's translated operand and result constraints accept exactly the types
    mlir-opt-22 verifies the op with."""
    if (reason := mlir_records.unavailable()) is not None:
        pytest.skip(reason)
    op, recs = _op_record(td, op_name)
    operand_preds, result_preds = _value_predicates(op, recs)
    assert len(operand_preds) == operands
    accepted = 0
    for text in DIFFERENTIAL_TYPES:
        t = parse_type(text)
        result_text = result or text
        r = parse_type(result_text)
        ours = all(_evaluate(p, self=t) for p in operand_preds) and all(
            _evaluate(p, self=r) for p in result_preds
        )
        theirs = _mlir_accepts(mlir_opt, op_name, operands, text, result_text)
        assert ours == theirs, (op_name, text, operand_preds, result_preds)
        accepted += theirs
    # The corpus has types on both sides of each op's constraint.
    assert 0 < accepted < len(DIFFERENTIAL_TYPES)


def _cmpi_predicate(recs: mlir_records.Records) -> str:
    op, _ = _op_record("Arith/IR/ArithOps.td", "arith.cmpi")
    for arg, name in op["arguments"]["args"]:
        if name == "predicate":
            scope = op_scope(op, recs, "Attribute")
            result = translate_pred(recs[arg["def"]]["predicate"], recs, scope)
            assert result.python is not None, result.problem
            return result.python
    raise AssertionError("arith.cmpi has no predicate attribute")


@pytest.mark.mlir
def test_enum_attribute_constraint_accepts_what_mlir_opt_accepts(mlir_opt: str) -> None:
    """`arith.cmpi`'s predicate (an `I64EnumAttr`) accepts the attributes mlir-opt does."""
    if (reason := mlir_records.unavailable()) is not None:
        pytest.skip(reason)
    _, recs = _op_record("Arith/IR/ArithOps.td", "arith.cmpi")
    python = _cmpi_predicate(recs)
    for text in ("0 : i64", "9 : i64", "10 : i64", "-1 : i64", "3 : i32", "3 : index"):
        ours = _evaluate(python, self=parse_attribute(text))
        source = (
            "func.func @f(%a: i32) {\n"
            f'  %r = "arith.cmpi"(%a, %a) <{{predicate = {text}}}> : (i32, i32) -> i1\n'
            "  return\n}\n"
        )
        run = subprocess.run([mlir_opt], input=source, capture_output=True, text=True, check=False)
        assert ours == (run.returncode == 0), (text, python, run.stderr)


def test_quant_and_tosa_classes_are_runtime_queries() -> None:
    """The quant dialect's C++ type classes are queries of the runtime's quant types,
    and tosa's `isa_tosa_shape_type` is `isa<>` of the dialect's shape type; the
    translations accept and reject as the C++ does."""
    width = (
        "::llvm::isa<mlir::quant::QuantizedType>($_self) && "
        "::llvm::cast<mlir::quant::QuantizedType>($_self).getStorageTypeIntegralWidth() == 8"
    )
    python = _python(width)
    assert python == "is_quantized_type($_self) and quant_storage_width($_self) == 8"
    from generator.ir import Context, Dialect
    from generator.ir.dialects import quant

    ctx = Context(dialects=[Dialect("quant")])
    check = eval(  # the translation over the runtime's public names
        "lambda t: " + python.replace("$_self", "t"), vars(quant)
    )
    assert check(parse_type("!quant.uniform<i8:f32, 1.0>", ctx))
    assert check(parse_type("!quant.uniform<u8:f32:0, {1.0}>", ctx))
    assert not check(parse_type("!quant.uniform<i16:f32, 1.0>", ctx))
    assert not check(parse_type("i8"))
    per_axis = _python("::llvm::isa<::mlir::quant::UniformQuantizedPerAxisType>($_self)")
    assert per_axis == "isinstance($_self, UniformQuantizedPerAxisType)"
    shape = PredScope(
        classes={"mlir::tosa::shapeType": CppClass("isinstance({x}, ShapeType)", "ShapeType")}
    )
    assert _python("mlir::tosa::isa_tosa_shape_type($_self)", shape) == (
        "isinstance($_self, ShapeType)"
    )
    # Without the dialect's class it stays untranslated.
    assert not translate_cpred("mlir::tosa::isa_tosa_shape_type($_self)").ok
