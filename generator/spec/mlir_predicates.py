"""MLIR's constraint predicates (C++ in `CPred`s) translated to Python over the runtime.

MLIR writes the predicate of a type or attribute constraint as a tree of records:
`CPred` leaves hold a C++ boolean expression over placeholders (`$_self` the
constrained type or attribute, `$_op` the op, `$name` a named operand, result or
attribute), and `And`, `Or`, `Neg`, `Concat` (text around a subtree) and
`SubstLeaves` (text replaced in every leaf below) combine them. This module turns
such a tree into one Python expression over `generator.ir`'s public API, keeping
its and/or/not structure, for a spec that odsgen then loads.

A leaf's C++ is tokenized and parsed (the subset predicates use: casts and `isa`
with template arguments, method calls, operators, lambdas that are called or passed
to `llvm::all_of`), then translated by one set of tables, which are data:

- `CLASSES`: each C++ class of MLIR's API (`IntegerType`, `ShapedType`,
  `DenseI64ArrayAttr`, ...) with its `isa` test in Python, the runtime class a
  `cast` narrows to, and its base class (where methods are looked up next);
- `METHODS`: (class or kind, method, arity) -> the Python spelling, a template over
  the receiver `{0}` and the arguments `{1}`, ..., and the kind of the result
  (`getRank` -> `{0}.rank`, `isSignlessInteger(N)` -> `{0} == IntegerType.get({1})`);
- `FUNCTIONS`: free functions (`getElementTypeOrSelf`, `llvm::hasNItems`, ...) the
  same way;
- `APINT_METHODS`: the methods of `llvm::APInt`, over the value `{0}` and its width
  `{w}` (an integer attribute's value is a Python `int`, its bits read by
  `to_signed`/`to_unsigned`).

Expressions are typed as in C++ (a kind per subexpression), which picks the
method's table entry and the Python static type; a C++ `cast<T>` becomes
`cast(T, x)` unless `x` already has that static type, and a cast made redundant by
an `isinstance` test before it in the same `and` is dropped, so that the generated
code passes `mypy --strict`. Whatever the tables do not know is reported as a
problem with its reason (`Translation.problem`: "unknown class: mlir::gpu::...",
"op method: getSourceVectorType()"), never guessed: a predicate that cannot be
translated makes its op incomplete; it never becomes `True`.

What a leaf may refer to besides MLIR's builtin API comes from a `PredScope`: what
`$_self` is, the op's named operands, results and attributes (`$lhs`, `getLhs()`),
and the dialect's own classes, their parameter accessors and enum constants.
`op_scope` makes one from an op's records (`record_classes`, `record_methods`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.naming import (
    class_name_from_def,
    enum_member_name,
    parameter_name,
    sanitize_name,
    snake_case,
)

__all__ = [
    "APINT_METHODS",
    "CLASSES",
    "CPP_FUNCTIONS",
    "EXTERNAL_MODELS",
    "FUNCTIONS",
    "ISA_FUNCTIONS",
    "METHODS",
    "TYPE_TRAITS",
    "CppClass",
    "OpValue",
    "PredScope",
    "Translation",
    "attr_interface_implementers",
    "op_scope",
    "record_classes",
    "record_methods",
    "translate_cpred",
    "translate_pred",
    "translate_type_expr",
    "type_interface_implementers",
]


# ---------------------------------------------------------------------------
# Public values
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CppClass:
    """What a C++ class of MLIR's API is in the runtime."""

    isa: str
    """The Python test of `isa<Class>(x)`, a template over `{x}` used once."""
    narrow: str | None
    """The runtime class `cast<Class>(x)` narrows to (`cast(narrow, x)`), "" when no
    cast is needed (a base class such as `Type`), None when none fits."""
    base: str | None = None
    """The C++ base class, where methods not listed for this class are looked up."""


@dataclass(frozen=True)
class OpValue:
    """An operand, result or attribute of the op, as a predicate refers to it."""

    python: str
    """The Python that reads it, over `$_op`: `$_op.lhs`."""
    kind: str
    """Its C++ kind: "Value", "OptValue" (an optional operand), "ValueRange" (a
    variadic one), "Attribute", "OptAttribute", or a class of `CLASSES`."""


@dataclass(frozen=True)
class PredScope:
    """What a predicate's placeholders and names mean where it is used."""

    self_kind: str = "Type"
    """What `$_self` is: "Type", "Attribute", "Region", "Block" or "Value"."""
    values: Mapping[str, OpValue] = field(default_factory=dict)
    """`$name`: the op's operands, results and attributes by their ODS name."""
    getters: Mapping[str, OpValue] = field(default_factory=dict)
    """`getName()` and `getNameAttr()` called on the op (or without an object, as
    code inside the op class), by C++ method name."""
    classes: Mapping[str, CppClass] = field(default_factory=dict)
    """The dialect's own C++ classes, by qualified name without the leading `::`
    (`mlir::arith::FastMathFlagsAttr`)."""
    constants: Mapping[str, str] = field(default_factory=dict)
    """C++ constants (enum cases) by qualified name without the leading `::`, as
    Python expressions."""
    methods: Mapping[tuple[str, str, int], tuple[str, str]] = field(default_factory=dict)
    """Methods of the dialect's classes, keyed and valued as `METHODS` (a type's
    parameter accessors: `getElementType` -> `{0}.elementType`)."""
    functions: Mapping[str, str] = field(default_factory=dict)
    """The op's inline C++ methods that take arguments, by name, as C++ lambdas
    (`getVectorBitWidth(Type vector)`), translated where a predicate calls them."""


@dataclass(frozen=True)
class Translation:
    """A predicate in Python, or why it has none."""

    python: str | None
    """The Python expression, with the placeholders `$_self` and `$_op` left for the
    generator to fill in."""
    problem: str | None = None
    """Why there is no translation: "<category>: <detail>"."""
    cpp: str = ""
    """The C++ that was translated, or the leaf that could not be."""

    @property
    def ok(self) -> bool:
        """Whether the predicate was translated."""
        return self.python is not None

    @property
    def category(self) -> str:
        """The kind of problem, for counting ("unknown class", "unknown method")."""
        return (self.problem or "").split(":", 1)[0]


class _Untranslatable(Exception):
    """A C++ construct the tables have no Python for."""

    def __init__(self, category: str, detail: str) -> None:
        super().__init__(f"{category}: {detail}")
        self.category = category
        self.detail = detail


# ---------------------------------------------------------------------------
# The tables
# ---------------------------------------------------------------------------


def _float(name: str) -> CppClass:
    return CppClass(f"{{x}} == FloatType.get({name!r})", "FloatType", "FloatType")


def _isinstance(cls: str, base: str | None, narrow: str | None = None) -> CppClass:
    return CppClass(f"isinstance({{x}}, {cls})", cls if narrow is None else narrow, base)


#: MLIR's classes (namespaces `mlir::` and `llvm::` dropped) and what they are here.
CLASSES: dict[str, CppClass] = {
    # Types.
    "Type": CppClass("True", "", None),
    "IntegerType": _isinstance("IntegerType", "Type"),
    "IndexType": _isinstance("IndexType", "Type"),
    "NoneType": _isinstance("NoneType", "Type"),
    "FloatType": _isinstance("FloatType", "Type"),
    "ComplexType": _isinstance("ComplexType", "Type"),
    "FunctionType": _isinstance("FunctionType", "Type"),
    "TupleType": _isinstance("TupleType", "Type"),
    "OpaqueType": _isinstance("OpaqueType", "Type"),
    "ShapedType": _isinstance("ShapedType", "Type"),
    "TensorType": CppClass(
        "isinstance({x}, (RankedTensorType, UnrankedTensorType))", "ShapedType", "ShapedType"
    ),
    "RankedTensorType": _isinstance("RankedTensorType", "TensorType"),
    "UnrankedTensorType": _isinstance("UnrankedTensorType", "TensorType"),
    "BaseMemRefType": CppClass(
        "isinstance({x}, (MemRefType, UnrankedMemRefType))", "ShapedType", "ShapedType"
    ),
    "MemRefType": _isinstance("MemRefType", "BaseMemRefType"),
    "UnrankedMemRefType": _isinstance("UnrankedMemRefType", "BaseMemRefType"),
    "VectorType": _isinstance("VectorType", "ShapedType"),
    "FixedVectorType": CppClass("is_fixed_vector({x})", "VectorType", "VectorType"),
    "ScalableVectorType": CppClass("is_scalable_vector({x})", "VectorType", "VectorType"),
    "BFloat16Type": _float("bf16"),
    "Float16Type": _float("f16"),
    "Float32Type": _float("f32"),
    "Float64Type": _float("f64"),
    "Float80Type": _float("f80"),
    "Float128Type": _float("f128"),
    "FloatTF32Type": _float("tf32"),
    "Float8E5M2Type": _float("f8E5M2"),
    "Float8E4M3Type": _float("f8E4M3"),
    "Float8E4M3FNType": _float("f8E4M3FN"),
    "Float8E5M2FNUZType": _float("f8E5M2FNUZ"),
    "Float8E4M3FNUZType": _float("f8E4M3FNUZ"),
    "Float8E4M3B11FNUZType": _float("f8E4M3B11FNUZ"),
    "Float8E3M4Type": _float("f8E3M4"),
    "Float8E8M0FNUType": _float("f8E8M0FNU"),
    "Float6E2M3FNType": _float("f6E2M3FN"),
    "Float6E3M2FNType": _float("f6E3M2FN"),
    "Float4E2M1FNType": _float("f4E2M1FN"),
    # Attributes.
    "Attribute": CppClass("True", "", None),
    "TypedAttr": CppClass("is_typed_attr({x})", None, "Attribute"),
    "IntegerAttr": _isinstance("IntegerAttr", "TypedAttr"),
    "BoolAttr": _isinstance("BoolAttr", "IntegerAttr"),
    "FloatAttr": _isinstance("FloatAttr", "TypedAttr"),
    "StringAttr": _isinstance("StringAttr", "TypedAttr"),
    "UnitAttr": _isinstance("UnitAttr", "Attribute"),
    "ArrayAttr": _isinstance("ArrayAttr", "Attribute"),
    "DictionaryAttr": _isinstance("DictionaryAttr", "Attribute"),
    "TypeAttr": _isinstance("TypeAttr", "Attribute"),
    "SymbolRefAttr": _isinstance("SymbolRefAttr", "Attribute"),
    "FlatSymbolRefAttr": CppClass("is_flat_symbol_ref({x})", "SymbolRefAttr", "SymbolRefAttr"),
    "AffineMapAttr": _isinstance("AffineMapAttr", "Attribute"),
    "IntegerSetAttr": _isinstance("IntegerSetAttr", "Attribute"),
    "StridedLayoutAttr": _isinstance("StridedLayoutAttr", "Attribute"),
    "OpaqueAttr": _isinstance("OpaqueAttr", "Attribute"),
    "LocationAttr": _isinstance("LocationAttr", "Attribute"),
    "ElementsAttr": CppClass("is_elements_attr({x})", None, "TypedAttr"),
    "DenseElementsAttr": _isinstance("DenseElementsAttr", "ElementsAttr"),
    "DenseIntOrFPElementsAttr": _isinstance("DenseElementsAttr", "DenseElementsAttr"),
    "DenseIntElementsAttr": CppClass(
        "is_dense_int_elements({x})", "DenseElementsAttr", "DenseElementsAttr"
    ),
    "DenseFPElementsAttr": CppClass(
        "is_dense_float_elements({x})", "DenseElementsAttr", "DenseElementsAttr"
    ),
    "DenseStringElementsAttr": _isinstance("DenseStringElementsAttr", "ElementsAttr"),
    "DenseResourceElementsAttr": _isinstance("DenseResourceElementsAttr", "ElementsAttr"),
    "SparseElementsAttr": _isinstance("SparseElementsAttr", "ElementsAttr"),
    # The attribute interfaces of `scf.forall`'s `mapping`: only the gpu dialect's
    # mapping attributes (`#gpu.thread<x>`, ...) implement them, and odsgen has no
    # counterpart of those, so no attribute is one (as odsgen's own scf says).
    "DeviceMappingAttrInterface": CppClass("False", None, "Attribute"),
    "DeviceMaskingAttrInterface": CppClass("False", None, "Attribute"),
    "DenseArrayAttr": _isinstance("DenseArrayAttr", "Attribute"),
    "DenseBoolArrayAttr": CppClass(
        "is_dense_array({x}, IntegerType.get(1))", "DenseArrayAttr", "DenseIntArrayAttr"
    ),
    "DenseI8ArrayAttr": CppClass(
        "is_dense_array({x}, IntegerType.get(8))", "DenseArrayAttr", "DenseIntArrayAttr"
    ),
    "DenseI16ArrayAttr": CppClass(
        "is_dense_array({x}, IntegerType.get(16))", "DenseArrayAttr", "DenseIntArrayAttr"
    ),
    "DenseI32ArrayAttr": CppClass(
        "is_dense_array({x}, IntegerType.get(32))", "DenseArrayAttr", "DenseIntArrayAttr"
    ),
    "DenseI64ArrayAttr": CppClass(
        "is_dense_array({x}, IntegerType.get(64))", "DenseArrayAttr", "DenseIntArrayAttr"
    ),
    "DenseF32ArrayAttr": CppClass(
        "is_dense_array({x}, FloatType.get('f32'))", "DenseArrayAttr", "DenseArrayAttr"
    ),
    "DenseF64ArrayAttr": CppClass(
        "is_dense_array({x}, FloatType.get('f64'))", "DenseArrayAttr", "DenseArrayAttr"
    ),
    # The LLVM dialect's types (`mlir/Dialect/LLVMIR/LLVMTypes.h`), by mnemonic: the
    # dialect parses them in C++, so they are known by name, whatever class
    # defines them.
    **{
        f"LLVM::{cls}": CppClass(f"llvm_type_mnemonic({{x}}) == {mnemonic!r}", None, "Type")
        for cls, mnemonic in (
            ("LLVMArrayType", "array"),
            ("LLVMFunctionType", "func"),
            ("LLVMLabelType", "label"),
            ("LLVMMetadataType", "metadata"),
            ("LLVMPPCFP128Type", "ppc_fp128"),
            ("LLVMPointerType", "ptr"),
            ("LLVMStructType", "struct"),
            ("LLVMTargetExtType", "target"),
            ("LLVMTokenType", "token"),
            ("LLVMVoidType", "void"),
            ("LLVMX86AMXType", "x86_amx"),
        )
    },
    # A pointer's address space is read by a query (`llvm_address_space`), so a
    # cast to it needs no runtime class.
    "LLVM::LLVMPointerType": CppClass("llvm_type_mnemonic({x}) == 'ptr'", "", "Type"),
    # The SPIR-V dialect's types (`mlir/Dialect/SPIRV/IR/SPIRVTypes.h`), C++ classes
    # the runtime defines in `generator.ir.spirv`.
    **{
        f"spirv::{cls}": _isinstance(f"Spirv{cls}", "Type")
        for cls in (
            "ArrayType",
            "CooperativeMatrixType",
            "ImageType",
            "MatrixType",
            "PointerType",
            "RuntimeArrayType",
            "SampledImageType",
            "StructType",
            "TensorArmType",
        )
    },
    "spirv::VerCapExtAttr": _isinstance("SpirvVerCapExtAttr", "Attribute"),
    # The quant dialect's types (`mlir/Dialect/Quant/IR/QuantTypes.h`), C++ classes
    # that `generator.ir.dialects.quant` writes: any type asks `is_quantized_type`,
    # and the storage width is a query too, so a cast needs no runtime class.
    "quant::QuantizedType": CppClass("is_quantized_type({x})", "", "Type"),
    **{
        f"quant::{cls}": CppClass(f"isinstance({{x}}, {cls})", "", "quant::QuantizedType")
        for cls in (
            "AnyQuantizedType",
            "UniformQuantizedType",
            "UniformQuantizedPerAxisType",
            "CalibratedQuantizedType",
        )
    },
    # The sparse tensor encoding, implemented in the runtime (its syntax is C++).
    "sparse_tensor::SparseTensorEncodingAttr": _isinstance("SparseTensorEncodingAttr", "Attribute"),
    # `VectorType::Builder`: a vector type being changed one setter at a time, a
    # vector type here (each setter makes a new one; a setter whose result is
    # dropped, which would change the builder in place, is no expression).
    "VectorType::Builder": CppClass("False", "VectorType", "VectorType"),
    # A pseudo class: the integer dense arrays, whose elements are Python ints here.
    "DenseIntArrayAttr": CppClass("False", "DenseArrayAttr", "DenseArrayAttr"),
}

#: Type interfaces that no TypeDef declares but that MLIR's dialects attach to other
#: dialects' types in C++ (external models registered when the dialect loads), by
#: qualified name: what `isa<>` is over the types of MLIR's own dialects. OpenACC and
#: OpenMP make memrefs and `!llvm.ptr` pointer-like; no type of MLIR's dialects is an
#: OpenACC `MappableType` (front ends such as Flang attach it to their own types).
EXTERNAL_MODELS: dict[str, CppClass] = {
    "mlir::acc::PointerLikeType": CppClass("is_memref_or_llvm_ptr({x})", None, "Type"),
    "mlir::acc::MappableType": CppClass("False", None, "Type"),
    "mlir::omp::PointerLikeType": CppClass("is_memref_or_llvm_ptr({x}, False)", None, "Type"),
}

#: Traits MLIR's builtin types declare (`$_self.hasTrait<T>()`): the test in Python.
TYPE_TRAITS: dict[str, str] = {
    "ValueSemantics": "isinstance({x}, (RankedTensorType, UnrankedTensorType, VectorType))",
}

#: C++ kinds that are not classes, with the runtime type of their Python value.
_PY_TYPES: dict[str, str] = {
    "bool": "bool",
    "int": "int",
    "uint": "int",
    "double": "float",
    "str": "str",
    "Value": "Value",
    "Op": "Operation",
    "Region": "Region",
    "Block": "Block",
}

#: What a C++ kind is as a range (`llvm::all_of`, `hasNItems`): (Python, element kind).
_RANGES: dict[str, tuple[str, str]] = {
    "ValueRange": ("{0}", "Value"),
    "TypeRange": ("{0}", "Type"),
    "AttrRange": ("{0}", "Attribute"),
    "IntRange": ("{0}", "int"),
    "BoolRange": ("{0}", "bool"),
    "BlockRange": ("{0}", "Block"),
    "Region": ("{0}.blocks", "Block"),
    "ArrayAttr": ("{0}.value", "Attribute"),
    "DenseIntArrayAttr": ("{0}.values", "int"),
    "TupleType": ("{0}.types", "Type"),
    "EnumRange": ("{0}", "enum"),
}

_Method = tuple[str, str]

#: (class or kind, method, number of arguments) -> (Python template, result kind).
#: `{0}` is the receiver, `{1}`... the arguments; a class inherits its bases' entries.
METHODS: dict[tuple[str, str, int], _Method] = {
    # mlir::Type: kind queries any type answers.
    ("Type", "isIndex", 0): ("isinstance({0}, IndexType)", "bool"),
    ("Type", "isInteger", 0): ("isinstance({0}, IntegerType)", "bool"),
    ("Type", "isInteger", 1): ("is_integer_type({0}, {1})", "bool"),
    ("Type", "isSignlessInteger", 0): ("is_integer_type({0}, None, Signedness.SIGNLESS)", "bool"),
    ("Type", "isSignlessInteger", 1): ("{0} == IntegerType.get({1})", "bool"),
    ("Type", "isSignedInteger", 0): ("is_integer_type({0}, None, Signedness.SIGNED)", "bool"),
    ("Type", "isSignedInteger", 1): ("{0} == IntegerType.get({1}, Signedness.SIGNED)", "bool"),
    ("Type", "isUnsignedInteger", 0): (
        "is_integer_type({0}, None, Signedness.UNSIGNED)",
        "bool",
    ),
    ("Type", "isUnsignedInteger", 1): (
        "{0} == IntegerType.get({1}, Signedness.UNSIGNED)",
        "bool",
    ),
    ("Type", "isIntOrIndex", 0): ("is_int_or_index({0})", "bool"),
    ("Type", "isSignlessIntOrIndex", 0): ("is_int_or_index({0}, signless=True)", "bool"),
    ("Type", "isIntOrFloat", 0): ("is_int_or_float({0})", "bool"),
    ("Type", "isSignlessIntOrFloat", 0): ("is_int_or_float({0}, signless=True)", "bool"),
    ("Type", "isIntOrIndexOrFloat", 0): ("is_int_or_index_or_float({0})", "bool"),
    ("Type", "isSignlessIntOrIndexOrFloat", 0): (
        "is_int_or_index_or_float({0}, signless=True)",
        "bool",
    ),
    ("Type", "isBF16", 0): ("{0} == FloatType.get('bf16')", "bool"),
    ("Type", "isF16", 0): ("{0} == FloatType.get('f16')", "bool"),
    ("Type", "isTF32", 0): ("{0} == FloatType.get('tf32')", "bool"),
    ("Type", "isF32", 0): ("{0} == FloatType.get('f32')", "bool"),
    ("Type", "isF64", 0): ("{0} == FloatType.get('f64')", "bool"),
    ("Type", "isF80", 0): ("{0} == FloatType.get('f80')", "bool"),
    ("Type", "isF128", 0): ("{0} == FloatType.get('f128')", "bool"),
    ("Type", "getIntOrFloatBitWidth", 0): ("int_width({0})", "int"),
    ("Type", "getTypeID", 0): ("type_id({0})", "TypeID"),
    # Integer and float types.
    ("IntegerType", "getWidth", 0): ("{0}.width", "int"),
    ("IntegerType", "isSignless", 0): ("{0}.is_signless", "bool"),
    ("IntegerType", "isUnsigned", 0): ("{0}.is_unsigned", "bool"),
    ("IntegerType", "isSigned", 0): ("{0}.signedness == Signedness.SIGNED", "bool"),
    ("FloatType", "getWidth", 0): ("{0}.width", "int"),
    ("ComplexType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("FunctionType", "getInputs", 0): ("{0}.inputs", "TypeRange"),
    ("FunctionType", "getResults", 0): ("{0}.results", "TypeRange"),
    ("FunctionType", "getNumInputs", 0): ("len({0}.inputs)", "int"),
    ("FunctionType", "getNumResults", 0): ("len({0}.results)", "int"),
    ("FunctionType", "getInput", 1): ("{0}.inputs[{1}]", "Type"),
    ("FunctionType", "getResult", 1): ("{0}.results[{1}]", "Type"),
    ("TupleType", "getTypes", 0): ("{0}.types", "TypeRange"),
    ("TupleType", "size", 0): ("len({0}.types)", "int"),
    ("TupleType", "getType", 1): ("{0}.types[{1}]", "Type"),
    # Shaped types.
    ("ShapedType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("ShapedType", "hasRank", 0): ("{0}.has_rank", "bool"),
    ("ShapedType", "getRank", 0): ("{0}.rank", "int"),
    ("ShapedType", "getShape", 0): ("{0}.shape", "IntRange"),
    ("ShapedType", "hasStaticShape", 0): ("{0}.has_static_shape", "bool"),
    ("ShapedType", "getNumElements", 0): ("{0}.num_elements", "int"),
    ("ShapedType", "getDimSize", 1): ("{0}.shape[{1}]", "int"),
    ("ShapedType", "isDynamicDim", 1): ("{0}.shape[{1}] == DYNAMIC", "bool"),
    ("ShapedType", "getNumDynamicDims", 0): ("{0}.shape.count(DYNAMIC)", "int"),
    ("ShapedType", "getElementTypeBitWidth", 0): ("int_width({0}.element_type)", "int"),
    ("VectorType", "getScalableDims", 0): ("{0}.scalable", "BoolRange"),
    ("ElementCount", "getKnownMinValue", 0): ("{0}[0]", "uint"),
    ("ElementCount", "isScalable", 0): ("{0}[1]", "bool"),
    ("VectorType", "isScalable", 0): ("any({0}.scalable)", "bool"),
    ("VectorType", "allDimsScalable", 0): ("all({0}.scalable)", "bool"),
    ("VectorType::Builder", "setShape", 1): (
        "VectorType.get(tuple({1}), {0}.element_type, {0}.scalable)",
        "VectorType::Builder",
    ),
    ("VectorType::Builder", "setDim", 2): (
        "VectorType.get({0}.shape[:{1}] + ({2},) + {0}.shape[{1} + 1 :],"
        " {0}.element_type, {0}.scalable)",
        "VectorType::Builder",
    ),
    ("VectorType::Builder", "dropDim", 1): (
        "VectorType.get({0}.shape[:{1}] + {0}.shape[{1} + 1 :], {0}.element_type,"
        " {0}.scalable[:{1}] + {0}.scalable[{1} + 1 :])",
        "VectorType::Builder",
    ),
    ("VectorType::Builder", "setElementType", 1): (
        "VectorType.get({0}.shape, {1}, {0}.scalable)",
        "VectorType::Builder",
    ),
    # `cloneWith(std::nullopt, elementType)`, written `cloneWith({}, t)`: the same
    # shape and scalable dimensions with another element type (an argument a
    # template leaves out must be such a `{}`).
    ("VectorType", "cloneWith", 2): ("VectorType.get({0}.shape, {2}, {0}.scalable)", "VectorType"),
    # The context: one per process here, so a context argument is left out.
    ("Type", "getContext", 0): ("None", "Context"),
    ("Attribute", "getContext", 0): ("None", "Context"),
    ("LLVM::LLVMPointerType", "getAddressSpace", 0): ("llvm_address_space({0})", "uint"),
    ("spirv::PointerType", "getPointeeType", 0): ("{0}.pointee", "Type"),
    ("spirv::ArrayType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("spirv::ArrayType", "getNumElements", 0): ("{0}.count", "int"),
    ("spirv::RuntimeArrayType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("spirv::CooperativeMatrixType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("spirv::MatrixType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("spirv::MatrixType", "getNumColumns", 0): ("{0}.columns", "int"),
    ("spirv::SampledImageType", "getImageType", 0): ("{0}.image_type", "spirv::ImageType"),
    ("spirv::ImageType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("spirv::TensorArmType", "getElementType", 0): ("{0}.element_type", "Type"),
    ("spirv::ImageType", "getDim", 0): ("{0}.dim", "enum"),
    ("spirv::ImageType", "getDepthInfo", 0): ("{0}.depth", "enum"),
    ("spirv::ImageType", "getArrayedInfo", 0): ("{0}.arrayed", "enum"),
    ("spirv::ImageType", "getSamplingInfo", 0): ("{0}.sampling", "enum"),
    ("spirv::ImageType", "getSamplerUseInfo", 0): ("{0}.sampler_use", "enum"),
    ("spirv::ImageType", "getImageFormat", 0): ("{0}.image_format", "enum"),
    ("quant::QuantizedType", "getStorageTypeIntegralWidth", 0): (
        "quant_storage_width({0})",
        "uint",
    ),
    ("MemRefType", "isStrided", 0): ("is_strided({0})", "bool"),
    ("MemRefType", "getLayout", 0): ("{0}.layout", "Attribute"),
    ("RankedTensorType", "getEncoding", 0): ("{0}.encoding", "OptAttribute"),
    ("sparse_tensor::SparseTensorEncodingAttr", "isSlice", 0): ("{0}.is_slice", "bool"),
    # Attributes.
    ("TypedAttr", "getType", 0): ("typed_attr_type({0})", "OptType"),
    ("IntegerAttr", "getType", 0): ("{0}.type", "Type"),
    ("IntegerAttr", "getValue", 0): ("{0}.value", "APInt"),
    ("IntegerAttr", "getInt", 0): ("to_signed({0}.value, int_width({0}.type))", "int"),
    ("IntegerAttr", "getSInt", 0): ("to_signed({0}.value, int_width({0}.type))", "int"),
    ("IntegerAttr", "getUInt", 0): ("to_unsigned({0}.value, int_width({0}.type))", "int"),
    ("BoolAttr", "getValue", 0): ("{0}.value != 0", "bool"),
    ("FloatAttr", "getType", 0): ("{0}.type", "Type"),
    ("FloatAttr", "getValueAsDouble", 0): ("{0}.value", "double"),
    ("StringAttr", "getValue", 0): ("{0}.value", "str"),
    ("StringAttr", "str", 0): ("{0}.value", "str"),
    ("StringAttr", "strref", 0): ("{0}.value", "str"),
    ("StringAttr", "size", 0): ("len({0}.value)", "int"),
    ("StringAttr", "empty", 0): ("not {0}.value", "bool"),
    ("StringAttr", "getType", 0): ("{0}.type", "Type"),
    ("ArrayAttr", "getValue", 0): ("{0}.value", "AttrRange"),
    ("ArrayAttr", "size", 0): ("len({0}.value)", "int"),
    ("ArrayAttr", "empty", 0): ("not {0}.value", "bool"),
    ("DictionaryAttr", "size", 0): ("len({0}.entries)", "int"),
    ("DictionaryAttr", "empty", 0): ("not {0}.entries", "bool"),
    ("DictionaryAttr", "contains", 1): ("{0}.get_entry({1}) is not None", "bool"),
    ("TypeAttr", "getValue", 0): ("{0}.value", "Type"),
    ("SymbolRefAttr", "getNestedReferences", 0): ("{0}.nested", "StrRange"),
    ("DenseArrayAttr", "size", 0): ("len({0}.values)", "int"),
    ("DenseArrayAttr", "empty", 0): ("not {0}.values", "bool"),
    ("DenseArrayAttr", "getElementType", 0): ("{0}.element_type", "Type"),
    ("DenseIntArrayAttr", "asArrayRef", 0): ("{0}.values", "IntRange"),
    ("DenseElementsAttr", "getType", 0): ("{0}.type", "ShapedType"),
    ("DenseElementsAttr", "getElementType", 0): ("{0}.type.element_type", "Type"),
    ("DenseElementsAttr", "getNumElements", 0): ("{0}.type.num_elements", "int"),
    ("DenseElementsAttr", "size", 0): ("{0}.type.num_elements", "int"),
    ("DenseElementsAttr", "isSplat", 0): ("{0}.is_splat", "bool"),
    ("DenseStringElementsAttr", "getType", 0): ("{0}.type", "ShapedType"),
    ("DenseResourceElementsAttr", "getType", 0): ("{0}.type", "ShapedType"),
    ("SparseElementsAttr", "getType", 0): ("{0}.type", "ShapedType"),
    # Values, ops, regions.
    ("Value", "getType", 0): ("{0}.type", "Type"),
    ("OptValue", "getType", 0): ("{0}.type", "Type"),
    ("ValueRange", "getType", 0): ("tuple(v.type for v in {0})", "TypeRange"),
    ("ValueRange", "getTypes", 0): ("tuple(v.type for v in {0})", "TypeRange"),
    ("ValueRange", "size", 0): ("len({0})", "int"),
    ("ValueRange", "empty", 0): ("not {0}", "bool"),
    ("TypeRange", "size", 0): ("len({0})", "int"),
    ("TypeRange", "empty", 0): ("not {0}", "bool"),
    ("AttrRange", "size", 0): ("len({0})", "int"),
    ("IntRange", "size", 0): ("len({0})", "int"),
    ("IntRange", "empty", 0): ("not {0}", "bool"),
    ("BoolRange", "back", 0): ("{0}[-1]", "bool"),
    ("BoolRange", "front", 0): ("{0}[0]", "bool"),
    ("Op", "getOperand", 1): ("{0}.operands[{1}]", "Value"),
    ("Op", "getResult", 1): ("{0}.results[{1}]", "Value"),
    ("Op", "getNumOperands", 0): ("len({0}.operands)", "int"),
    ("Op", "getNumResults", 0): ("len({0}.results)", "int"),
    ("Op", "getOperands", 0): ("{0}.operands", "ValueRange"),
    ("Op", "getResults", 0): ("{0}.results", "ValueRange"),
    ("Op", "getNumRegions", 0): ("len({0}.regions)", "int"),
    ("Op", "getRegion", 1): ("{0}.regions[{1}]", "Region"),
    ("Op", "getNumSuccessors", 0): ("len({0}.successors)", "int"),
    ("Op", "getOperation", 0): ("{0}", "Op"),
    ("Op", "getParentOp", 0): ("{0}.parent_op", "OptOp"),
    ("Region", "empty", 0): ("not {0}.blocks", "bool"),
    ("Region", "hasOneBlock", 0): ("len({0}.blocks) == 1", "bool"),
    ("Region", "getBlocks", 0): ("{0}.blocks", "BlockRange"),
}

#: `llvm::APInt` methods over the value `{0}` (the `int` an attribute holds), its
#: width `{w}` and the arguments `{1}`...: (template, result kind).
APINT_METHODS: dict[tuple[str, int], _Method] = {
    ("getZExtValue", 0): ("to_unsigned({0}, {w})", "int"),
    ("getLimitedValue", 0): ("to_unsigned({0}, {w})", "int"),
    ("getSExtValue", 0): ("to_signed({0}, {w})", "int"),
    ("getBitWidth", 0): ("{w}", "int"),
    ("isNegative", 0): ("to_signed({0}, {w}) < 0", "bool"),
    ("isNonNegative", 0): ("to_signed({0}, {w}) >= 0", "bool"),
    ("isStrictlyPositive", 0): ("to_signed({0}, {w}) > 0", "bool"),
    ("isZero", 0): ("to_unsigned({0}, {w}) == 0", "bool"),
    ("isOne", 0): ("to_unsigned({0}, {w}) == 1", "bool"),
    ("isPowerOf2", 0): ("to_unsigned({0}, {w}).bit_count() == 1", "bool"),
    ("eq", 1): ("to_unsigned({0}, {w}) == {1}", "bool"),
    ("ne", 1): ("to_unsigned({0}, {w}) != {1}", "bool"),
    ("ult", 1): ("to_unsigned({0}, {w}) < {1}", "bool"),
    ("ule", 1): ("to_unsigned({0}, {w}) <= {1}", "bool"),
    ("ugt", 1): ("to_unsigned({0}, {w}) > {1}", "bool"),
    ("uge", 1): ("to_unsigned({0}, {w}) >= {1}", "bool"),
    ("slt", 1): ("to_signed({0}, {w}) < {1}", "bool"),
    ("sle", 1): ("to_signed({0}, {w}) <= {1}", "bool"),
    ("sgt", 1): ("to_signed({0}, {w}) > {1}", "bool"),
    ("sge", 1): ("to_signed({0}, {w}) >= {1}", "bool"),
}

#: Free functions: (name without namespace, number of arguments) -> (parameter kinds,
#: Python template, result kind). A `Value` passed where a `Type` is expected is
#: read with `.type`, as MLIR's overloads for values do.
FUNCTIONS: dict[tuple[str, int], tuple[tuple[str, ...], str, str]] = {
    ("getElementTypeOrSelf", 1): (("Type",), "element_type_or_self({0})", "Type"),
    ("getI1SameShape", 1): (("Type",), "i1_same_shape({0})", "Type"),
    ("hasNItems", 2): (("range", "int"), "len({0}) == {1}", "bool"),
    ("hasNItemsOrMore", 2): (("range", "int"), "len({0}) >= {1}", "bool"),
    ("hasNItemsOrLess", 2): (("range", "int"), "len({0}) <= {1}", "bool"),
    ("size", 1): (("range",), "len({0})", "int"),
    ("is_contained", 2): (("range", "any"), "{1} in {0}", "bool"),
    ("is_sorted", 1): (("range",), "all(_x <= _y for _x, _y in zip({0}, {0}[1:]))", "bool"),
    ("equal", 2): (("range", "range"), "tuple({0}) == tuple({1})", "bool"),
    # The sparse tensor encoding of a tensor or storage specifier type, or null
    # (`generator.ir.dialects.sparse_tensor`).
    ("sparse_tensor::getSparseTensorEncoding", 1): (
        ("Type",),
        "sparse_tensor_encoding({0})",
        "Optsparse_tensor::SparseTensorEncodingAttr",
    ),
    # A vector type from its builder, and a builder from a vector type.
    ("VectorType", 1): (("VectorType",), "{0}", "VectorType"),
    ("VectorType::Builder", 1): (("VectorType",), "{0}", "VectorType::Builder"),
    # Static builders, by qualified name; the context argument is left out.
    ("IntegerType::get", 2): (("Context", "int"), "IntegerType.get({1})", "IntegerType"),
    # The LLVM dialect's type classes (`mlir/Dialect/LLVMIR/LLVMTypes.h`).
    ("isCompatibleOuterType", 1): (("Type",), "llvm_compatible_outer_type({0})", "bool"),
    # An LLVM vector's `ElementCount`: its minimum number of elements and whether
    # it is scalable.
    ("getVectorNumElements", 1): (
        ("Type",),
        "(cast(VectorType, {0}).num_elements, any(cast(VectorType, {0}).scalable))",
        "ElementCount",
    ),
    ("isCompatibleVectorType", 1): (("Type",), "llvm_compatible_vector({0})", "bool"),
    ("isCompatibleFloatingPointType", 1): (("Type",), "llvm_compatible_float({0})", "bool"),
    # The SPIR-V dialect's helpers (`mlir/lib/Dialect/SPIRV/IR`): where an op may
    # appear, and the `i1` counterpart of a comparison's operand type.
    ("isDirectInModuleLikeOp", 1): (("any",), "spirv_is_module_like({0})", "bool"),
    ("isNestedInFunctionOpInterface", 1): (("any",), "spirv_is_in_function({0})", "bool"),
    ("getUnaryOpResultType", 1): (("Type",), "spirv_bool_result_type({0})", "Type"),
}

#: Free functions of MLIR's dialects that are `isa<>` of one of the dialect's classes,
#: by name: the class (`tosa::isa_tosa_shape_type(t)` is `isa<tosa::shapeType>(t)`).
ISA_FUNCTIONS: dict[str, str] = {"isa_tosa_shape_type": "mlir::tosa::shapeType"}
#: Helper functions of MLIR's dialects that predicates call, as C++ lambdas in the
#: subset this module parses: (qualified name without `mlir::`, number of arguments)
#: -> the lambda. A call is translated by invoking the lambda on the arguments, so
#: the names in its body resolve in the predicate's scope (the dialect's classes).
CPP_FUNCTIONS: dict[tuple[str, int], str] = {
    # The SMT dialect's value types: every type of the dialect, functions included.
    ("smt::isAnySMTValueType", 1): (
        "[](Type type) { return isa<smt::BoolType, smt::BitVectorType, smt::IntType,"
        " smt::ArrayType, smt::SortType, smt::SMTFuncType>(type); }"
    ),
    # The LLVM dialect's vectors are builtin vectors: scalable when any dimension is.
    ("LLVM::isScalableVectorType", 1): (
        "[](Type type) { return ::llvm::cast<VectorType>(type).isScalable(); }"
    ),
    ("smt::isAnyNonFuncSMTValueType", 1): (
        "[](Type type) { return isa<smt::BoolType, smt::BitVectorType, smt::IntType,"
        " smt::ArrayType, smt::SortType>(type); }"
    ),
}

#: Functions taking a range and a one-parameter lambda: the Python reduction.
_REDUCTIONS: dict[str, str] = {"all_of": "all", "any_of": "any", "none_of": "not any"}

#: C++ integer types a `static_cast` or a declaration may name.
_INT_TYPES = frozenset(
    {
        "int",
        "unsigned",
        "long",
        "size_t",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "intptr_t",
    }
)
_CASTS = frozenset({"cast", "cast_or_null", "dyn_cast", "dyn_cast_or_null", "dyn_cast_if_present"})
_ISAS = frozenset({"isa", "isa_and_nonnull", "isa_and_present"})


# ---------------------------------------------------------------------------
# C++ expressions: tokens and syntax
# ---------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+|//[^\n]*|/\*.*?\*/)
    |(?P<ph>\$[A-Za-z_0-9]+)
    |(?P<num>(?:0[xX][0-9a-fA-F]+|\d+\.\d*(?:[eE][+-]?\d+)?|\d+)[uUlLfF]*)
    |(?P<str>"(?:[^"\\]|\\.)*")
    |(?P<chr>'(?:[^'\\]|\\.)')
    |(?P<id>[A-Za-z_][A-Za-z0-9_]*)
    |(?P<op>::|->|&&|\|\||==|!=|<=|>=|<<|>>|[-+*/%<>!~&|^?:.,;()\[\]{}=])
    """,
    re.VERBOSE | re.DOTALL,
)


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str


def _tokenize(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _Untranslatable("C++ syntax", f"unexpected character {text[pos]!r}")
        pos = m.end()
        kind = m.lastgroup or ""
        if kind != "ws":
            out.append(_Tok(kind, m.group()))
    out.append(_Tok("end", ""))
    return out


# The C++ syntax tree: small frozen records.


@dataclass(frozen=True)
class _Name:
    """A possibly qualified name; `args` are template arguments when written."""

    parts: tuple[str, ...]
    args: tuple[_Node, ...] | None = None

    @property
    def last(self) -> str:
        return self.parts[-1]

    @property
    def qualified(self) -> str:
        return "::".join(self.parts)


@dataclass(frozen=True)
class _TypeName:
    """A type in a template argument, declaration or parameter."""

    name: _Name
    pointer: bool = False


@dataclass(frozen=True)
class _Placeholder:
    name: str


@dataclass(frozen=True)
class _Num:
    value: int | float
    unsigned: bool = False


@dataclass(frozen=True)
class _Str:
    value: str


@dataclass(frozen=True)
class _Call:
    func: _Node
    args: tuple[_Node, ...]


@dataclass(frozen=True)
class _Member:
    obj: _Node
    name: str
    args: tuple[_Node, ...] | None = None


@dataclass(frozen=True)
class _Index:
    obj: _Node
    index: _Node


@dataclass(frozen=True)
class _Unary:
    op: str
    operand: _Node


@dataclass(frozen=True)
class _Binary:
    op: str
    left: _Node
    right: _Node


@dataclass(frozen=True)
class _Cond:
    test: _Node
    then: _Node
    orelse: _Node


@dataclass(frozen=True)
class _InitList:
    """`{a, b}`, or `Type{...}` / `Type({...})` when `type` is set."""

    items: tuple[_Node, ...]
    type: _Name | None = None


@dataclass(frozen=True)
class _Lambda:
    params: tuple[tuple[_TypeName, str], ...]
    body: tuple[_Stmt, ...]


@dataclass(frozen=True)
class _Decl:
    name: str
    value: _Node


@dataclass(frozen=True)
class _Return:
    value: _Node


@dataclass(frozen=True)
class _If:
    test: _Node
    then: tuple[_Stmt, ...]


_Node = (
    _Name
    | _TypeName
    | _Placeholder
    | _Num
    | _Str
    | _Call
    | _Member
    | _Index
    | _Unary
    | _Binary
    | _Cond
    | _InitList
    | _Lambda
)
_Stmt = _Decl | _Return | _If

#: Binary operators by binding strength (C++'s precedence, loosest first).
_BINARY: dict[str, int] = {
    "||": 1,
    "&&": 2,
    "|": 3,
    "^": 4,
    "&": 5,
    "==": 6,
    "!=": 6,
    "<": 7,
    ">": 7,
    "<=": 7,
    ">=": 7,
    "<<": 8,
    ">>": 8,
    "+": 9,
    "-": 9,
    "*": 10,
    "/": 10,
    "%": 10,
}
#: What may follow template arguments in an expression (`isa<T>(x)`, `T::get`,
#: `ArrayRef<T>{}`), and in a type (also the declared name, `*` and `&`).
_AFTER_TEMPLATE_ARGS = frozenset({"(", "{", "::", ")", ",", ">", ">>", ";"})
_AFTER_TYPE_ARGS = _AFTER_TEMPLATE_ARGS | {"*", "&", "&&"}
_TYPE_WORDS = frozenset({"const", "unsigned", "signed", "long", "short", "struct", "typename"})


class _Parser:
    """A recursive-descent parser of the C++ expressions predicates are written in."""

    def __init__(self, text: str) -> None:
        self.toks = _tokenize(text)
        self.pos = 0

    # -- helpers -------------------------------------------------------------

    def peek(self, ahead: int = 0) -> _Tok:
        return self.toks[min(self.pos + ahead, len(self.toks) - 1)]

    def next(self) -> _Tok:
        tok = self.peek()
        self.pos += 1
        return tok

    def at(self, text: str) -> bool:
        tok = self.peek()
        return tok.kind in ("op", "id") and tok.text == text

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.pos += 1
            return True
        return False

    def expect(self, text: str) -> None:
        if not self.accept(text):
            found = self.peek().text or "the end"
            raise _Untranslatable("C++ syntax", f"expected '{text}' before '{found}'")

    def split_shift(self) -> None:
        """`>>` closing two template argument lists is two `>`."""
        if self.at(">>"):
            self.toks[self.pos : self.pos + 1] = [_Tok("op", ">"), _Tok("op", ">")]

    # -- entry ---------------------------------------------------------------

    def parse(self) -> _Node:
        node = self.expression()
        if self.peek().kind != "end":
            raise _Untranslatable("C++ syntax", f"unexpected '{self.peek().text}'")
        return node

    def expression(self) -> _Node:
        test = self.binary(1)
        if self.accept("?"):
            then = self.expression()
            self.expect(":")
            return _Cond(test, then, self.expression())
        return test

    def binary(self, level: int) -> _Node:
        left = self.unary()
        while True:
            tok = self.peek()
            strength = _BINARY.get(tok.text) if tok.kind == "op" else None
            if strength is None or strength < level:
                return left
            self.next()
            left = _Binary(tok.text, left, self.binary(strength + 1))

    def unary(self) -> _Node:
        tok = self.peek()
        if tok.kind == "op" and tok.text in ("!", "~", "-", "+", "*", "&"):
            self.next()
            return _Unary(tok.text, self.unary())
        return self.postfix(self.primary())

    def postfix(self, node: _Node) -> _Node:
        while True:
            if self.accept("("):
                node = _Call(node, self.arguments(")"))
            elif self.accept(".") or self.accept("->"):
                tok = self.next()
                if tok.kind != "id":
                    raise _Untranslatable("C++ syntax", f"member name expected, got '{tok.text}'")
                name = _Name((tok.text,))
                if self.at("<"):
                    name = self.template_args(name) or name
                node = _Member(node, name.last, name.args)
            elif self.accept("["):
                index = self.expression()
                self.expect("]")
                node = _Index(node, index)
            else:
                return node

    def arguments(self, close: str) -> tuple[_Node, ...]:
        args: list[_Node] = []
        if self.accept(close):
            return ()
        while True:
            args.append(self.expression())
            if self.accept(close):
                return tuple(args)
            if not self.accept(","):
                found = self.peek().text or "the end"
                raise _Untranslatable("C++ syntax", f"expected '{close}' before '{found}'")

    def primary(self) -> _Node:
        tok = self.peek()
        if tok.kind == "num":
            self.next()
            return _number(tok.text)
        if tok.kind == "str":
            self.next()
            return _Str(tok.text[1:-1])
        if tok.kind == "ph":
            self.next()
            return _Placeholder(tok.text)
        if self.accept("("):
            node = self.expression()
            self.expect(")")
            return node
        if self.at("["):
            return self.lambda_()
        if self.accept("{"):
            return _InitList(self.arguments("}"))
        if tok.kind == "id" or self.at("::"):
            name = self.qualified_name()
            if name.args is not None and self.accept("{"):
                return _InitList(self.arguments("}"), name)
            return name
        raise _Untranslatable("C++ syntax", f"unexpected '{tok.text or 'end'}'")

    def qualified_name(self, in_type: bool = False) -> _Name:
        parts: list[str] = []
        args: tuple[_Node, ...] | None = None
        self.accept("::")
        while True:
            tok = self.next()
            if tok.kind != "id":
                raise _Untranslatable("C++ syntax", f"name expected, got '{tok.text}'")
            parts.append(tok.text)
            args = None
            if self.at("<"):
                with_args = self.template_args(_Name(tuple(parts)), in_type)
                if with_args is not None:
                    args = with_args.args
            if self.at("::") and self.peek(1).kind == "id":
                self.next()
                continue
            return _Name(tuple(parts), args)

    def template_args(self, name: _Name, in_type: bool = False) -> _Name | None:
        """`name<args>` when what follows `<` reads as template arguments, else None
        (and nothing consumed): `a < b` stays a comparison."""
        start = self.pos
        toks = list(self.toks)
        try:
            self.expect("<")
            args: list[_Node] = []
            self.split_shift()
            if not self.accept(">"):
                while True:
                    args.append(self.template_arg())
                    self.split_shift()
                    if self.accept(">"):
                        break
                    self.expect(",")
            follow = self.peek()
            # In a declaration the name being declared follows (`ArrayRef<T> a`).
            allowed = _AFTER_TYPE_ARGS if in_type else _AFTER_TEMPLATE_ARGS
            if follow.kind not in ("op", "id") or (
                follow.text not in allowed and follow.kind == "op"
            ):
                raise _Untranslatable("C++ syntax", "not template arguments")
            if follow.kind == "id" and not in_type:
                raise _Untranslatable("C++ syntax", "not template arguments")
            return _Name(name.parts, tuple(args))
        except _Untranslatable:
            self.pos = start
            self.toks = toks
            return None

    def template_arg(self) -> _Node:
        tok = self.peek()
        if tok.kind == "num":
            self.next()
            return _number(tok.text)
        return self.type_name()

    def type_name(self) -> _TypeName:
        words: list[str] = []
        while self.peek().kind == "id" and self.peek().text in _TYPE_WORDS:
            words.append(self.next().text)
        if words and words != ["const"] and not (self.peek().kind == "id" or self.at("::")):
            # `unsigned`, `long long`: a builtin integer type.
            name = _Name((" ".join(w for w in words if w != "const"),))
        else:
            name = self.qualified_name(in_type=True)
        pointer = False
        while (self.peek().kind == "op" and self.peek().text in ("*", "&", "&&")) or self.at(
            "const"
        ):
            pointer = pointer or self.peek().text == "*"
            self.next()
        return _TypeName(name, pointer)

    def lambda_(self) -> _Lambda:
        self.expect("[")
        while not self.accept("]"):
            if self.peek().kind == "end":
                raise _Untranslatable("C++ syntax", "unterminated lambda capture")
            self.next()
        params: list[tuple[_TypeName, str]] = []
        if self.accept("(") and not self.accept(")"):
            while True:
                ptype = self.type_name()
                pname = self.next()
                if pname.kind != "id":
                    raise _Untranslatable("C++ syntax", "lambda parameter name expected")
                params.append((ptype, pname.text))
                if self.accept(")"):
                    break
                self.expect(",")
        if self.accept("->"):
            self.type_name()
        self.accept("mutable")
        return _Lambda(tuple(params), self.block())

    def block(self) -> tuple[_Stmt, ...]:
        self.expect("{")
        stmts: list[_Stmt] = []
        while not self.accept("}"):
            stmt = self.statement()
            if stmt is not None:
                stmts.append(stmt)
        return tuple(stmts)

    def statement(self) -> _Stmt | None:
        if self.accept(";"):
            return None
        if self.accept("return"):
            value = self.expression()
            self.expect(";")
            return _Return(value)
        if self.accept("if"):
            self.expect("(")
            test = self.expression()
            self.expect(")")
            then = self.block() if self.at("{") else tuple(s for s in [self.statement()] if s)
            if self.at("else"):
                raise _Untranslatable("C++ syntax", "'else' in a lambda")
            return _If(test, then)
        # A declaration: `auto x = e;`, `Type x = e;`, `Type x(args);` (a
        # constructor), `static constexpr int64_t x[] = {...};` (a local constant).
        start = self.pos
        while self.accept("static") or self.accept("constexpr"):
            pass
        if self.peek().kind == "id" or self.at("::"):
            declared = self.type_name()
            name = self.next()
            if name.kind == "id" and self.accept("["):
                self.expect("]")
            if name.kind == "id" and self.accept("="):
                value = self.expression()
                self.expect(";")
                return _Decl(name.text, value)
            if name.kind == "id" and not declared.pointer and self.accept("("):
                args = self.arguments(")")
                self.expect(";")
                return _Decl(name.text, _Call(declared.name, args))
        self.pos = start
        raise _Untranslatable("C++ statement", f"'{self.peek().text}' statement in a lambda")


def _number(text: str) -> _Num:
    body = text.rstrip("uUlLfF")
    suffix = text[len(body) :].lower()
    if "." in body or ("e" in body.lower() and not body.lower().startswith("0x")):
        return _Num(float(body))
    return _Num(int(body, 0) if not re.fullmatch(r"0\d+", body) else int(body, 8), "u" in suffix)


# ---------------------------------------------------------------------------
# Translation of one C++ expression
# ---------------------------------------------------------------------------

#: Placeholders (`$_self`, `$0`) inside the Python being built are names with this
#: prefix, put back as `$...` at the end.
_PH = "__ph_"
_PH_NAME = re.compile(r"\b" + _PH + r"(\w+)")


def _parse_py(text: str) -> ast.expr:
    return ast.parse(text.replace("$", _PH), mode="eval").body


def _unparse(node: ast.expr) -> str:
    return _PH_NAME.sub(r"$\1", _text(node))


def _target(node: ast.expr) -> str:
    """A loop target: `x`, or `x, y` without parentheses."""
    if isinstance(node, ast.Tuple) and node.elts:
        return ", ".join(ast.unparse(e) for e in node.elts)
    return ast.unparse(node)


def _text(node: ast.expr, context: int = 0) -> str:
    """Python source of an expression, parenthesized only where needed.

    `ast.unparse` (3.11) wraps the third and later operands of `a and b and c` in
    parentheses and doubles those of a lone generator argument (`all((...))`); the
    boolean skeleton, conditionals and reductions are written here instead.
    Precedence: 0 conditional, 1 `or`, 2 `and`, 3 `not`, 4 and up comparisons and
    tighter.
    """
    if isinstance(node, ast.BoolOp):
        level = 2 if isinstance(node.op, ast.And) else 1
        word = " and " if level == 2 else " or "
        text = word.join(_text(v, level + 1) for v in node.values)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        level, text = 3, "not " + _text(node.operand, 3)
    elif isinstance(node, ast.IfExp):
        level = 0
        text = f"{_text(node.body, 1)} if {_text(node.test, 1)} else {_text(node.orelse)}"
    elif (
        isinstance(node, ast.Call)
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.GeneratorExp)
        and len(node.args[0].generators) == 1
        and not node.args[0].generators[0].ifs
    ):
        gen = node.args[0]
        loop = gen.generators[0]
        level = 5
        text = (
            f"{ast.unparse(node.func)}({_text(gen.elt)} for {_target(loop.target)}"
            f" in {_text(loop.iter, 1)})"
        )
    else:
        level, text = 4, ast.unparse(node)
    return f"({text})" if level < context else text


@dataclass(frozen=True)
class _T:
    """A translated subexpression: its Python and its C++ kind."""

    py: ast.expr
    kind: str
    width: ast.expr | None = None
    """For an `APInt`, the Python of its bit width."""


def _fill(template: str, *args: ast.expr, **named: ast.expr) -> ast.expr:
    """A template's Python with `{0}`, `{1}`, ... and `{name}` filled in."""
    texts = [f"({ast.unparse(a)})" for a in args]
    named_texts = {k: f"({ast.unparse(v)})" for k, v in named.items()}
    return ast.parse(template.format(*texts, **named_texts), mode="eval").body


def _const(value: int | float | str | bool | None) -> ast.expr:
    return ast.Constant(value)


def _is_const(node: ast.expr, value: object) -> bool:
    return isinstance(node, ast.Constant) and node.value is value


def _distinct(items: list[ast.expr]) -> list[ast.expr]:
    """Operands of `and`/`or` without repeats (MLIR's trees test some things twice)."""
    seen: set[str] = set()
    out: list[ast.expr] = []
    for item in items:
        key = ast.dump(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _and(values: Sequence[ast.expr]) -> ast.expr:
    """`a and b`, with constant operands folded."""
    items: list[ast.expr] = []
    for v in values:
        if _is_const(v, False):
            return _const(False)
        if _is_const(v, True):
            continue
        items.extend(v.values if isinstance(v, ast.BoolOp) and isinstance(v.op, ast.And) else [v])
    items = _distinct(items)
    if not items:
        return _const(True)
    return items[0] if len(items) == 1 else ast.BoolOp(ast.And(), items)


def _or(values: Sequence[ast.expr]) -> ast.expr:
    """`a or b`, with constant operands folded."""
    items: list[ast.expr] = []
    for v in values:
        if _is_const(v, True):
            return _const(True)
        if _is_const(v, False):
            continue
        items.extend(v.values if isinstance(v, ast.BoolOp) and isinstance(v.op, ast.Or) else [v])
    items = _distinct(items)
    if not items:
        return _const(False)
    return items[0] if len(items) == 1 else ast.BoolOp(ast.Or(), items)


def _not(value: ast.expr) -> ast.expr:
    if isinstance(value, ast.Constant) and isinstance(value.value, bool):
        return _const(not value.value)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
        return value.operand
    if isinstance(value, ast.Compare) and len(value.ops) == 1:
        inverse = _INVERSE.get(type(value.ops[0]))
        if inverse is not None:
            return ast.Compare(value.left, [inverse()], value.comparators)
    return ast.UnaryOp(ast.Not(), value)


_INVERSE: dict[type[ast.cmpop], Callable[[], ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}


_CMP_OPS: dict[str, Callable[[], ast.cmpop]] = {
    "==": ast.Eq,
    "!=": ast.NotEq,
    "<": ast.Lt,
    ">": ast.Gt,
    "<=": ast.LtE,
    ">=": ast.GtE,
}
_ARITH_OPS: dict[str, Callable[[], ast.operator]] = {
    "+": ast.Add,
    "-": ast.Sub,
    "*": ast.Mult,
    "%": ast.Mod,
    "|": ast.BitOr,
    "&": ast.BitAnd,
    "^": ast.BitXor,
    "<<": ast.LShift,
    ">>": ast.RShift,
}
_INT_KINDS = frozenset({"int", "uint"})
_OBJECT_KINDS = frozenset({"Value", "Op", "Region", "Block"})
#: Kinds of values that may be None (an optional operand, attribute or getter's value).
_OPTIONAL_KINDS = {
    f"Opt{kind}": kind
    for kind in (
        "Value",
        "Attribute",
        "Type",
        "Op",
        "int",
        "bool",
        "str",
        "enum",
        "sparse_tensor::SparseTensorEncodingAttr",
    )
}


class _Translator:
    """Translates one parsed C++ expression in a scope."""

    def __init__(self, scope: PredScope) -> None:
        self.scope = scope
        self.env: dict[str, _T] = {}
        self.fresh = 0
        #: The subtree a `Concat` puts between its prefix and suffix.
        self.hole: Callable[[], ast.expr] | None = None

    # -- classes and kinds -----------------------------------------------------

    def cpp_class(self, name: _Name | _TypeName) -> tuple[str, CppClass]:
        """A class named in C++, by its kind name and table entry."""
        if isinstance(name, _TypeName):
            name = name.name
        parts = list(name.parts)
        qualified = "::".join(parts)
        while parts and parts[0] in ("mlir", "llvm", "detail"):
            parts.pop(0)
        short = "::".join(parts)
        if short in CLASSES:
            return short, CLASSES[short]
        if qualified in self.scope.classes:
            return qualified, self.scope.classes[qualified]
        for known, cls in self.scope.classes.items():
            if known.endswith("::" + short) or known == short:
                return known, cls
        raise _Untranslatable("unknown class", qualified)

    def bases(self, kind: str) -> Iterator[str]:
        """A kind and its base classes, nearest first."""
        seen: set[str] = set()
        current: str | None = kind
        while current is not None and current not in seen:
            seen.add(current)
            yield current
            cls = self.scope.classes.get(current) or CLASSES.get(current)
            current = cls.base if cls is not None else None

    def is_subclass(self, kind: str, of: str) -> bool:
        return of in self.bases(kind)

    def py_type(self, kind: str) -> str | None:
        """The runtime class of a kind's Python value (None: unknown)."""
        cls = self.scope.classes.get(kind) or CLASSES.get(kind)
        if cls is not None:
            if cls.narrow == "":
                return kind
            return cls.narrow
        return _PY_TYPES.get(kind)

    # -- entry -----------------------------------------------------------------

    def boolean(self, node: _Node) -> ast.expr:
        return self.to_bool(self.expr(node))

    def to_bool(self, value: _T) -> ast.expr:
        """A value in a C++ boolean context: null checks, nonzero numbers."""
        kind = value.kind
        if kind == "bool":
            return value.py
        if kind in _INT_KINDS:
            return ast.Compare(value.py, [ast.NotEq()], [_const(0)])
        if kind == "APInt":
            return _fill("to_unsigned({0}, {w}) != 0", value.py, w=self.width(value))
        if kind in _OPTIONAL_KINDS:
            return ast.Compare(value.py, [ast.IsNot()], [_const(None)])
        if (
            kind in _OBJECT_KINDS
            or self.is_subclass(kind, "Type")
            or self.is_subclass(kind, "Attribute")
        ):
            # Types, attributes, values and ops here are never null.
            return _const(True)
        raise _Untranslatable("no truth value", f"a C++ {kind} in a condition")

    def width(self, value: _T) -> ast.expr:
        if value.width is None:
            raise _Untranslatable("APInt", "an APInt of unknown width")
        return value.width

    # -- expressions -------------------------------------------------------------

    def expr(self, node: _Node) -> _T:
        if isinstance(node, _Num):
            kind = "double" if isinstance(node.value, float) else "uint" if node.unsigned else "int"
            return _T(_const(node.value), kind)
        if isinstance(node, _Str):
            return _T(_const(node.value), "str")
        if isinstance(node, _Placeholder):
            return self.placeholder(node.name)
        if isinstance(node, _Name):
            return self.name(node)
        if isinstance(node, _Unary):
            return self.unary(node)
        if isinstance(node, _Binary):
            return self.binary(node)
        if isinstance(node, _Cond):
            then = self.expr(node.then)
            orelse = self.expr(node.orelse)
            kind = then.kind if then.kind == orelse.kind or orelse.kind == "empty" else ""
            if not kind and then.kind == "empty":
                kind = orelse.kind
            if not kind:
                raise _Untranslatable("mixed kinds", f"'?:' of {then.kind} and {orelse.kind}")
            return _T(ast.IfExp(self.boolean(node.test), then.py, orelse.py), kind)
        if isinstance(node, _Call):
            return self.call(node)
        if isinstance(node, _Member):
            holder = node.obj
            if (
                isinstance(holder, _Call)
                and isinstance(holder.func, _Name)
                and holder.func.parts == ("getProperties",)
                and not holder.args
                and node.name in self.scope.values
            ):
                # An op's properties struct holds each inherent attribute in a field
                # named as in ODS: the attribute itself.
                value = self.scope.values[node.name]
                return _T(_parse_py(value.python), value.kind)
            raise _Untranslatable("C++ field", f"'.{node.name}' without a call")
        if isinstance(node, _InitList):
            return self.init_list(node)
        if isinstance(node, _Index):
            obj = self.expr(node.obj)
            if obj.kind not in _RANGES:
                raise _Untranslatable("C++ indexing", f"'[]' on {obj.kind}")
            template, element = _RANGES[obj.kind]
            return _T(ast.Subscript(_fill(template, obj.py), self.integer(node.index)), element)
        if isinstance(node, _Lambda):
            raise _Untranslatable("C++ lambda", "a lambda that is not called")
        raise _Untranslatable("C++ syntax", f"a C++ type name as a value: {node}")

    def integer(self, node: _Node) -> ast.expr:
        value = self.expr(node)
        if value.kind not in _INT_KINDS:
            raise _Untranslatable("mixed kinds", f"{value.kind} where an integer is expected")
        return value.py

    def placeholder(self, name: str) -> _T:
        if name == "$_self":
            return _T(_parse_py("$_self"), self.scope.self_kind)
        if name == "$_op":
            return _T(_parse_py("$_op"), "Op")
        if name[1:].isdigit():
            return _T(_parse_py(name), "Value")
        if name == "$_ctxt":
            return _T(_const(None), "Context")
        if name in ("$_builder", "$_loc"):
            raise _Untranslatable("builder placeholder", name)
        value = self.scope.values.get(name[1:])
        if value is None:
            raise _Untranslatable("unknown placeholder", name)
        return _T(_parse_py(value.python), value.kind)

    def name(self, node: _Name) -> _T:
        if len(node.parts) == 1 and node.args is None:
            word = node.last
            if word in self.env:
                return self.env[word]
            if word == _HOLE and self.hole is not None:
                return _T(self.hole(), "bool")
            if word in ("true", "false"):
                return _T(_const(word == "true"), "bool")
            if word == "nullptr":
                return _T(_const(None), "null")
        qualified = node.qualified.removeprefix("::")
        for key in (qualified, qualified.removeprefix("mlir::")):
            if key in self.scope.constants:
                return _T(_parse_py(self.scope.constants[key]), "enum")
        # Written inside the dialect's namespace: `PrintPunctuation::NewLine`.
        found = [v for k, v in self.scope.constants.items() if k.endswith("::" + qualified)]
        if len(found) == 1:
            return _T(_parse_py(found[0]), "enum")
        if node.last.startswith("k") and node.last[1:2].isupper():
            raise _Untranslatable("C++ constant", qualified)
        raise _Untranslatable("unknown name", qualified)

    def unary(self, node: _Unary) -> _T:
        if node.op == "!":
            return _T(_not(self.boolean(node.operand)), "bool")
        value = self.expr(node.operand)
        if node.op == "~" and value.kind in _INT_KINDS:
            if isinstance(value.py, ast.Constant) and isinstance(value.py.value, int):
                # C++'s `~` on an `unsigned` constant: 32 bits.
                bits = 32 if value.kind == "uint" else None
                folded = ~value.py.value if bits is None else value.py.value ^ ((1 << bits) - 1)
                return _T(_const(folded), value.kind)
            return _T(ast.UnaryOp(ast.Invert(), value.py), value.kind)
        if node.op in ("-", "+") and value.kind in (*_INT_KINDS, "double"):
            constant = value.py.value if isinstance(value.py, ast.Constant) else None
            if isinstance(constant, int | float) and node.op == "-":
                return _T(_const(-constant), value.kind)
            op = ast.USub() if node.op == "-" else ast.UAdd()
            return _T(ast.UnaryOp(op, value.py), value.kind)
        if node.op == "*" and value.kind == "Op":
            return value
        raise _Untranslatable("C++ operator", f"unary '{node.op}' on {value.kind}")

    def binary(self, node: _Binary) -> _T:
        if node.op == "&&":
            return _T(_and([self.boolean(node.left), self.boolean(node.right)]), "bool")
        if node.op == "||":
            return _T(_or([self.boolean(node.left), self.boolean(node.right)]), "bool")
        left = self.expr(node.left)
        right = self.expr(node.right)
        if node.op in _CMP_OPS:
            return self.compare(node.op, left, right)
        if node.op in _ARITH_OPS and left.kind in _INT_KINDS and right.kind in _INT_KINDS:
            kind = "uint" if "uint" in (left.kind, right.kind) else "int"
            folded = _fold(node.op, left.py, right.py)
            if folded is not None:
                return _T(folded, kind)
            return _T(ast.BinOp(left.py, _ARITH_OPS[node.op](), right.py), kind)
        if node.op == "/" and left.kind in _INT_KINDS and right.kind in _INT_KINDS:
            # C++ truncates toward zero, Python floors: the same on the sizes
            # predicates divide, which are not negative.
            return _T(ast.BinOp(left.py, ast.FloorDiv(), right.py), "int")
        raise _Untranslatable("C++ operator", f"'{node.op}' on {left.kind} and {right.kind}")

    def compare(self, op: str, left: _T, right: _T) -> _T:
        kinds = {left.kind, right.kind}
        lpy, rpy = left.py, right.py
        if "APInt" in kinds:
            other = right if left.kind == "APInt" else left
            apint = left if left.kind == "APInt" else right
            if other.kind not in _INT_KINDS and other.kind != "APInt":
                raise _Untranslatable("mixed kinds", f"APInt compared with {other.kind}")
            if op in ("==", "!=") and _small_literal(other):
                return _T(ast.Compare(left.py, [_CMP_OPS[op]()], [right.py]), "bool")
            # APInt's `==` with a number compares the zero-extended bits.
            unsigned = _fill("to_unsigned({0}, {w})", apint.py, w=self.width(apint))
            if other.kind == "APInt":
                other_py = _fill("to_unsigned({0}, {w})", other.py, w=self.width(other))
            else:
                other_py = other.py
            lpy, rpy = (unsigned, other_py) if left.kind == "APInt" else (other_py, unsigned)
        elif "null" in kinds and op in ("==", "!="):
            value = left if right.kind == "null" else right
            test = ast.Is() if op == "==" else ast.IsNot()
            if value.kind not in _OPTIONAL_KINDS:
                # A value that is never null here.
                return _T(_const(op == "!="), "bool")
            return _T(ast.Compare(value.py, [test], [_const(None)]), "bool")
        elif op in ("==", "!=") and not self.comparable(left.kind, right.kind):
            raise _Untranslatable("mixed kinds", f"{left.kind} {op} {right.kind}")
        elif op not in ("==", "!=") and not (
            left.kind in (*_INT_KINDS, "double") and right.kind in (*_INT_KINDS, "double")
        ):
            raise _Untranslatable("C++ operator", f"'{op}' on {left.kind} and {right.kind}")
        return _T(ast.Compare(lpy, [_CMP_OPS[op]()], [rpy]), "bool")

    def comparable(self, a: str, b: str) -> bool:
        groups = (
            {"int", "uint", "double"},
            {"TypeRange", "empty"},
            {"IntRange", "empty"},
            {"AttrRange", "empty"},
            {"str"},
            {"bool"},
            {"enum"},
            {"TypeID"},
            {"Value", "OptValue"},
            {"Op", "OptOp"},
        )
        if any(a in g and b in g for g in groups):
            return True
        type_a = self.is_subclass(a, "Type") or a == "OptType"
        type_b = self.is_subclass(b, "Type") or b == "OptType"
        attr_a = self.is_subclass(a, "Attribute") or a == "OptAttribute"
        attr_b = self.is_subclass(b, "Attribute") or b == "OptAttribute"
        return (type_a and type_b) or (attr_a and attr_b)

    def init_list(self, node: _InitList) -> _T:
        items = [self.expr(i) for i in node.items]
        if node.type is not None and node.type.last not in ("ArrayRef", "SmallVector"):
            raise _Untranslatable("C++ construction", f"{node.type.last}{{...}}")
        if not items:
            return _T(ast.Tuple([], ast.Load()), "empty")
        kinds = {i.kind for i in items}
        kind = kinds.pop() if len(kinds) == 1 else ""
        ranges = {"int": "IntRange", "uint": "IntRange", "enum": "EnumRange"}
        if kind in ranges:
            return _T(ast.Tuple([i.py for i in items], ast.Load()), ranges[kind])
        if kind and self.is_subclass(kind, "Type"):
            return _T(ast.Tuple([i.py for i in items], ast.Load()), "TypeRange")
        raise _Untranslatable("C++ construction", "an initializer list of mixed kinds")

    # -- calls -------------------------------------------------------------------

    def call(self, node: _Call) -> _T:
        func = node.func
        if isinstance(func, _Lambda):
            return self.invoke(func, [self.expr(a) for a in node.args])
        if isinstance(func, _Member):
            return self.method(self.expr(func.obj), func.name, node.args, func.args or ())
        if (
            isinstance(func, _Call)
            and isinstance(func.func, _Name)
            and not func.args
            and func.func.last == "equal_to"
            and len(node.args) == 2
        ):
            # `std::equal_to<>()(a, b)`: what `AllTypesMatch` and friends write.
            left, right = (self.expr(a) for a in node.args)
            return self.compare("==", left, right)
        if isinstance(func, _Name):
            return self.function(func, node.args)
        raise _Untranslatable("C++ call", "a call of a computed function")

    def function(self, func: _Name, args: tuple[_Node, ...]) -> _T:
        name = func.last
        targs = func.args or ()
        if name in _ISAS and targs and len(args) == 1:
            value = self.expr(args[0])
            tests = [self.isa(t, value) for t in targs]
            if name != "isa" and value.kind in _OPTIONAL_KINDS:
                tests = [
                    _and([ast.Compare(value.py, [ast.IsNot()], [_const(None)]), t]) for t in tests
                ]
            return _T(_or(tests), "bool")
        if name in _CASTS and len(targs) == 1 and len(args) == 1:
            return self.cast(targs[0], self.expr(args[0]))
        if name == "static_cast" and len(targs) == 1 and len(args) == 1:
            value = self.expr(args[0])
            target = targs[0]
            is_int = isinstance(target, _TypeName) and target.name.last in _INT_TYPES
            if is_int and value.kind in _INT_KINDS:
                return _T(value.py, "int")
            spelled = target.name.qualified if isinstance(target, _TypeName) else "a value"
            raise _Untranslatable("C++ cast", f"static_cast to {spelled}")
        if name == "APInt" and len(args) == 2:
            bits = self.integer(args[0])
            number = self.integer(args[1])
            width = bits.value if isinstance(bits, ast.Constant) else None
            n = number.value if isinstance(number, ast.Constant) else None
            if isinstance(width, int) and isinstance(n, int):
                masked = n & ((1 << width) - 1)
                # The width stays known: an APInt compares with one of its own width.
                return _T(_const(masked), "uint", bits)
            raise _Untranslatable("APInt", "an APInt of computed width")
        if func.parts == ("bool",) and len(args) == 1 and not targs:
            # `bool(x)`: the truth value, as in a condition (an optional operand is
            # true when present).
            return _T(self.boolean(args[0]), "bool")
        if name in ("ArrayRef", "SmallVector") and len(args) == 1:
            inner = args[0]
            if isinstance(inner, _InitList):
                return self.init_list(inner)
        if name == "SmallVector" and len(args) == 2:
            count = self.integer(args[0])
            item = self.expr(args[1])
            if self.is_subclass(item.kind, "Type"):
                return _T(_fill("({1},) * {0}", count, item.py), "TypeRange")
        if name in _REDUCTIONS and len(args) == 2 and isinstance(args[1], _Lambda):
            return self.reduction(_REDUCTIONS[name], self.expr(args[0]), args[1])
        isa_class = ISA_FUNCTIONS.get(name)
        if isa_class is not None and len(args) == 1 and not targs:
            target = _TypeName(_Name(tuple(isa_class.split("::"))))
            return _T(self.isa(target, self.expr(args[0])), "bool")
        entry = FUNCTIONS.get((name, len(args)))
        short = re.sub(r"^(?:::)?(?:mlir::|llvm::)*", "", func.qualified)
        entry = FUNCTIONS.get((short, len(args))) or FUNCTIONS.get((name, len(args)))
        if entry is not None and not targs:
            params, template, result = entry
            values = [self.convert(self.expr(a), p) for a, p in zip(args, params, strict=True)]
            return _T(_fill(template, *values), result)
        qualified = func.qualified.removeprefix("::").removeprefix("mlir::")
        helper = CPP_FUNCTIONS.get((qualified, len(args)))
        if helper is None:
            # Called inside the dialect's namespace, without its qualifier.
            found = [
                v
                for (k, n), v in CPP_FUNCTIONS.items()
                if n == len(args) and k.endswith("::" + qualified)
            ]
            helper = found[0] if len(found) == 1 else None
        if helper is None and len(func.parts) == 1:
            helper = self.scope.functions.get(name)
        if helper is not None and not targs:
            lambda_ = _Parser(helper).parse()
            assert isinstance(lambda_, _Lambda), helper
            return self.invoke(lambda_, [self.expr(a) for a in args])
        if not func.parts[:-1] and len(func.parts) == 1 and name in self.scope.getters:
            if args:
                raise _Untranslatable("op method", f"{name}() with arguments")
            getter = self.scope.getters[name]
            return _T(_parse_py(getter.python), getter.kind)
        if len(func.parts) == 1 and name.startswith("get") and not targs:
            raise _Untranslatable("op method", f"{name}()")
        raise _Untranslatable("unknown function", func.qualified.removeprefix("::"))

    def convert(self, value: _T, param: str) -> ast.expr:
        """An argument as the parameter kind wants it."""
        if param == "any":
            return value.py
        if param in CLASSES and param != "Type" and self.is_subclass(value.kind, param):
            return value.py
        if param == "range":
            return self.as_range(value)[0]
        if param == "Context" and value.kind == "Context":
            return value.py
        if param == "int":
            if value.kind in _INT_KINDS:
                return value.py
        elif param == "Type":
            if self.is_subclass(value.kind, "Type"):
                return value.py
            if value.kind in ("Value", "OptValue"):
                return _fill("{0}.type", value.py)
        raise _Untranslatable("mixed kinds", f"{value.kind} where a {param} is expected")

    def as_range(self, value: _T) -> tuple[ast.expr, str]:
        for kind in self.bases(value.kind):
            if kind in _RANGES:
                template, element = _RANGES[kind]
                return _fill(template, value.py), element
        raise _Untranslatable("not a range", value.kind)

    def isa(self, target: _Node, value: _T) -> ast.expr:
        if not isinstance(target, _TypeName):
            raise _Untranslatable("C++ syntax", "isa<> of a non-type")
        kind, cls = self.cpp_class(target)
        if self.is_subclass(value.kind, kind):
            return _const(True)
        if cls.isa.count("{x}") != 1 and not _narrowable(value.py):
            # Tested twice, a computed value would need narrowing mypy does not do.
            raise _Untranslatable("computed operand", f"isa<{kind}> of a computed value")
        return _parse_py(cls.isa.replace("{x}", "(" + _unparse(value.py) + ")"))

    def cast(self, target: _Node, value: _T) -> _T:
        if not isinstance(target, _TypeName):
            raise _Untranslatable("C++ syntax", "cast<> to a non-type")
        kind, cls = self.cpp_class(target)
        if cls.narrow is None:
            raise _Untranslatable("no runtime class", f"cast<{kind}>")
        source = value.kind.removeprefix("Opt") if value.kind in _OPTIONAL_KINDS else value.kind
        if cls.narrow == "" or self.is_subclass(source, kind):
            return _T(value.py, source if self.is_subclass(source, kind) else kind)
        if self.py_type(source) == cls.narrow:
            # Already of the runtime class (`TensorType` from a `ShapedType` here).
            return _T(value.py, kind)
        narrow = _parse_py(cls.narrow)
        return _T(ast.Call(ast.Name("cast", ast.Load()), [narrow, value.py], []), kind)

    def method(
        self, obj: _T, name: str, args: tuple[_Node, ...], targs: tuple[_Node, ...] = ()
    ) -> _T:
        if obj.kind == "APInt":
            values = [self.expr(a) for a in args]
            for v in values:
                if v.kind not in _INT_KINDS:
                    raise _Untranslatable("mixed kinds", f"APInt::{name} of {v.kind}")
            if name in ("eq", "ne") and len(values) == 1 and _small_literal(values[0]):
                # An integer attribute holds a small non-negative value as itself.
                op: ast.cmpop = ast.Eq() if name == "eq" else ast.NotEq()
                return _T(ast.Compare(obj.py, [op], [values[0].py]), "bool")
            entry = APINT_METHODS.get((name, len(args)))
            if entry is None:
                raise _Untranslatable("unknown method", f"APInt::{name}")
            template, result = entry
            return _T(_fill(template, obj.py, *(v.py for v in values), w=self.width(obj)), result)
        receiver = obj
        if obj.kind in _OPTIONAL_KINDS:
            receiver = _T(obj.py, _OPTIONAL_KINDS[obj.kind])
        for kind in self.bases(receiver.kind):
            key = (kind, name, len(args))
            entry = self.scope.methods.get(key) or METHODS.get(key)
            if entry is not None:
                template, result = entry
                for i, arg in enumerate(args, 1):
                    if f"{{{i}}}" not in template and arg != _InitList(()):
                        raise _Untranslatable("unknown method", f"{kind}::{name} with argument {i}")
                py = _fill(template, receiver.py, *(self.expr(a).py for a in args))
                if result == "APInt":
                    width = _fill("int_width({0}.type)", receiver.py)
                    return _T(py, result, width)
                return _T(py, result)
        if receiver.kind == "Op" and not args and name in self.scope.getters:
            getter = self.scope.getters[name]
            return _T(_parse_py(getter.python), getter.kind)
        if receiver.kind == "Op" and name.startswith("get"):
            raise _Untranslatable("op method", f"{name}()")
        if name == "hasTrait" and not args and self.is_subclass(receiver.kind, "Type"):
            return _T(self.has_trait(receiver, targs), "bool")
        if name.startswith(("hasTrait", "hasPromiseOrImplementsInterface")):
            raise _Untranslatable("traits", f"{receiver.kind}::{name}")
        raise _Untranslatable("unknown method", f"{receiver.kind}::{name}")

    def has_trait(self, value: _T, targs: tuple[_Node, ...]) -> ast.expr:
        if len(targs) != 1 or not isinstance(targs[0], _TypeName):
            raise _Untranslatable("traits", "hasTrait<> without one trait")
        trait = targs[0].name.qualified.removeprefix("::").removeprefix("mlir::")
        test = TYPE_TRAITS.get(trait)
        if test is None:
            raise _Untranslatable("traits", f"type trait {trait}")
        return _parse_py(test.replace("{x}", "(" + _unparse(value.py) + ")"))

    def invoke(self, func: _Lambda, args: list[_T]) -> _T:
        if len(args) != len(func.params):
            raise _Untranslatable("C++ lambda", "called with the wrong number of arguments")
        saved = dict(self.env)
        try:
            for (_, pname), value in zip(func.params, args, strict=True):
                self.env[pname] = value
            return self.body(func.body)
        finally:
            self.env = saved

    def body(self, stmts: Sequence[_Stmt]) -> _T:
        """A lambda's statements as one expression: declarations are substituted,
        `if (c) return a; return b;` is `a if c else b`."""
        if not stmts:
            raise _Untranslatable("C++ lambda", "a lambda that returns nothing")
        first, rest = stmts[0], stmts[1:]
        if isinstance(first, _Return):
            return self.expr(first.value)
        if isinstance(first, _Decl):
            self.env[first.name] = self.expr(first.value)
            return self.body(rest)
        if first.then and isinstance(first.then[-1], _Return):
            saved = dict(self.env)
            try:
                then = self.body(first.then)
            finally:
                self.env = saved
            orelse = self.body(rest)
            kind = then.kind
            if self.is_subclass(then.kind, orelse.kind):
                kind = orelse.kind
            elif not self.is_subclass(orelse.kind, then.kind):
                raise _Untranslatable("mixed kinds", f"returns of {then.kind} and {orelse.kind}")
            return _T(ast.IfExp(self.boolean(first.test), then.py, orelse.py), kind)
        raise _Untranslatable("C++ statement", "an 'if' that does not return")

    def reduction(self, reducer: str, range_: _T, func: _Lambda) -> _T:
        if len(func.params) != 1:
            raise _Untranslatable("C++ lambda", "a reduction over a lambda of many parameters")
        items, element = self.as_range(range_)
        ptype, pname = func.params[0]
        if ptype.name.last != "auto":
            kind, _ = self.cpp_class(ptype) if ptype.name.last not in _INT_TYPES else ("int", None)
            if not self.is_subclass(element, kind) and not (
                kind == "int" and element in _INT_KINDS
            ):
                raise _Untranslatable("mixed kinds", f"a lambda of {kind} over {element}s")
        self.fresh += 1
        var = f"_{re.sub(r'[^A-Za-z0-9_]', '', pname)}{self.fresh if self.fresh > 1 else ''}"
        saved = dict(self.env)
        try:
            self.env[pname] = _T(ast.Name(var, ast.Load()), element)
            body = self.to_bool(self.body(func.body))
        finally:
            self.env = saved
        comp = ast.comprehension(ast.Name(var, ast.Store()), items, [], 0)
        gen = ast.GeneratorExp(body, [comp])
        negate = reducer.startswith("not ")
        call = ast.Call(ast.Name(reducer.removeprefix("not "), ast.Load()), [gen], [])
        return _T(_not(call) if negate else call, "bool")


def _small_literal(value: _T) -> bool:
    """An `APInt(w, n)` literal with `0 <= n < 2**(w-1)`: the same number whether an
    attribute's bits are read signed or unsigned."""
    py, width = value.py, value.width
    if not (isinstance(py, ast.Constant) and isinstance(width, ast.Constant)):
        return False
    n, w = py.value, width.value
    return isinstance(n, int) and isinstance(w, int) and w > 1 and 0 <= n < (1 << (w - 1))


def _fold(op: str, left: ast.expr, right: ast.expr) -> ast.expr | None:
    """Integer constants combined, as the C++ compiler would."""
    if not (isinstance(left, ast.Constant) and isinstance(right, ast.Constant)):
        return None
    a, b = left.value, right.value
    if not (isinstance(a, int) and isinstance(b, int)):
        return None
    ops: dict[str, Callable[[int, int], int]] = {
        "|": lambda x, y: x | y,
        "&": lambda x, y: x & y,
        "^": lambda x, y: x ^ y,
        "+": lambda x, y: x + y,
        "-": lambda x, y: x - y,
        "*": lambda x, y: x * y,
        "<<": lambda x, y: x << y,
    }
    return _const(ops[op](a, b)) if op in ops else None


# ---------------------------------------------------------------------------
# Casts that `isinstance` made redundant
# ---------------------------------------------------------------------------


def _narrowable(node: ast.expr) -> bool:
    """Whether mypy narrows this expression by `isinstance`: a name or attribute chain."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _facts(node: ast.expr, truth: bool) -> dict[str, str]:
    """What `isinstance` tests tell when `node` is `truth`: expression -> class."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _facts(node.operand, not truth)
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) == truth:
        out: dict[str, str] = {}
        for value in node.values:
            out.update(_facts(value, truth))
        return out
    if (
        truth
        and isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and isinstance(node.args[1], ast.Name)
        and _narrowable(node.args[0])
    ):
        return {ast.dump(node.args[0]): node.args[1].id}
    return {}


class _CastPruner(ast.NodeTransformer):
    """Drops `cast(T, x)` where an enclosing `and`/`or`/`if` has shown `x` is a `T`."""

    def __init__(self) -> None:
        self.known: dict[str, str] = {}

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        saved = dict(self.known)
        values: list[ast.expr] = []
        for value in node.values:
            new = self.visit(value)
            values.append(new)
            self.known.update(_facts(new, isinstance(node.op, ast.And)))
        self.known = saved
        return ast.BoolOp(node.op, values)

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        test = self.visit(node.test)
        saved = dict(self.known)
        self.known.update(_facts(test, True))
        body = self.visit(node.body)
        self.known = dict(saved)
        self.known.update(_facts(test, False))
        orelse = self.visit(node.orelse)
        self.known = saved
        return ast.IfExp(test, body, orelse)

    def visit_Call(self, node: ast.Call) -> ast.expr:
        node = ast.Call(self.visit(node.func), [self.visit(a) for a in node.args], node.keywords)
        if (
            isinstance(node.func, ast.Name)
            and node.func.id == "cast"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Name)
            and _is_runtime_subclass(self.known.get(ast.dump(node.args[1])), node.args[0].id)
        ):
            return node.args[1]
        return node


def _is_runtime_subclass(known: str | None, target: str) -> bool:
    """Whether a value known to be a `known` is a `target` (runtime classes by name)."""
    if known is None:
        return False
    if known == target:
        return True
    import generator.ir as ir

    sub, base = getattr(ir, known, None), getattr(ir, target, None)
    return isinstance(sub, type) and isinstance(base, type) and issubclass(sub, base)


def _finish(node: ast.expr) -> str:
    pruned = _CastPruner().visit(node)
    return _unparse(ast.fix_missing_locations(pruned))


# ---------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------

_DEFAULT_SCOPE = PredScope()


def _translate_ast(cpp: str, scope: PredScope) -> ast.expr:
    node = _Parser(cpp).parse()
    return _Translator(scope).boolean(node)


def translate_cpred(cpp: str, scope: PredScope = _DEFAULT_SCOPE) -> Translation:
    """One `CPred`'s C++ expression (its `predExpr`) as a Python predicate."""
    try:
        return Translation(_finish(_translate_ast(cpp, scope)), None, cpp)
    except _Untranslatable as problem:
        return Translation(None, str(problem), cpp)
    except RecursionError:
        return Translation(None, "C++ syntax: nested too deeply", cpp)


def translate_type_expr(cpp: str, scope: PredScope = _DEFAULT_SCOPE) -> Translation:
    """A C++ expression computing a type (a `TypesMatchWith` transformer over
    `$_self`) as a Python expression; a problem when it computes something else."""
    try:
        translator = _Translator(scope)
        value = translator.expr(_Parser(cpp).parse())
        if not translator.is_subclass(value.kind, "Type"):
            return Translation(None, f"not a type: a C++ {value.kind}", cpp)
        return Translation(_finish(value.py), None, cpp)
    except _Untranslatable as problem:
        return Translation(None, str(problem), cpp)
    except RecursionError:
        return Translation(None, "C++ syntax: nested too deeply", cpp)


_COMBINERS = {
    "PredCombinerAnd": "and",
    "PredCombinerOr": "or",
    "PredCombinerNot": "not",
    "PredCombinerSubstLeaves": "subst",
    "PredCombinerConcat": "concat",
}

#: Where a `Concat`'s subtree goes in the C++ of its prefix and suffix.
_HOLE = "__odsgen_subtree__"

Records = Mapping[str, Any]
#: Called with each leaf's `predExpr` and its translation (whose `cpp` is the leaf's
#: C++ with the substitutions of the `SubstLeaves` above it applied).
LeafCallback = Callable[[str, Translation], None]


def _record(value: Any, records: Records) -> Mapping[str, Any]:
    """A record, from its name, a `{"def": name}` reference or the record itself."""
    if isinstance(value, str):
        return records[value]  # type: ignore[no-any-return]
    if isinstance(value, Mapping) and value.get("kind") == "def":
        return records[value["def"]]  # type: ignore[no-any-return]
    if isinstance(value, Mapping):
        return value
    raise ValueError(f"not a predicate record: {value!r}")


def _combiner(record: Mapping[str, Any]) -> str | None:
    if "predExpr" in record:
        return "leaf"
    kind = record.get("kind")
    if isinstance(kind, Mapping):
        return _COMBINERS.get(str(kind.get("def")))
    return None


def _substituted(text: str, subst: Sequence[tuple[str, str]]) -> str:
    """MLIR's `SubstLeaves`: the innermost replacement first, then the outer ones."""
    for pattern, replacement in subst:
        text = text.replace(pattern, replacement)
    return text


class _TreeError(Exception):
    def __init__(self, problem: str, cpp: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.cpp = cpp


@dataclass
class _Tree:
    """Translates a predicate tree; leaves share one translator, so that names a
    `Concat` binds (a lambda's parameter) are seen by the leaves below it."""

    records: Records
    translator: _Translator
    on_leaf: LeafCallback | None = None

    def node(self, record: Mapping[str, Any], subst: tuple[tuple[str, str], ...]) -> ast.expr:
        kind = _combiner(record)
        children = [_record(c, self.records) for c in record.get("children", ())]
        if kind == "leaf":
            raw = str(record["predExpr"])
            return self.leaf(raw, _substituted(raw, subst))
        if kind == "and":
            return _and(self.children(children, subst))
        if kind == "or":
            return _or(self.children(children, subst))
        if kind == "not" and len(children) == 1:
            return _not(self.node(children[0], subst))
        if kind == "subst" and len(children) == 1:
            inner = ((str(record["pattern"]), str(record["replacement"])), *subst)
            return self.node(children[0], inner)
        if kind == "concat" and len(children) == 1:
            return self.concat(record, children[0], subst)
        name = str(record.get("!name", "?"))
        raise _TreeError(f"predicate record: '{name}' is no predicate MLIR combines", name)

    def children(
        self, children: Sequence[Mapping[str, Any]], subst: tuple[tuple[str, str], ...]
    ) -> list[ast.expr]:
        """Every child translated (each leaf is reported), then the first failure."""
        out: list[ast.expr] = []
        first: _TreeError | None = None
        for child in children:
            try:
                out.append(self.node(child, subst))
            except _TreeError as error:
                first = first or error
        if first is not None:
            raise first
        return out

    def leaf(self, raw: str, cpp: str) -> ast.expr:
        try:
            py = self.translator.boolean(_Parser(cpp).parse())
        except (_Untranslatable, RecursionError) as error:
            problem = str(error) if isinstance(error, _Untranslatable) else "C++ syntax: too deep"
            if self.on_leaf is not None:
                self.on_leaf(raw, Translation(None, problem, cpp))
            raise _TreeError(problem, cpp) from None
        if self.on_leaf is not None:
            self.on_leaf(raw, Translation(_finish(py), None, cpp))
        return py

    def concat(
        self,
        record: Mapping[str, Any],
        child: Mapping[str, Any],
        subst: tuple[tuple[str, str], ...],
    ) -> ast.expr:
        """Text around a subtree (MLIR wraps element checks in a lambda): the text is
        translated with the subtree, translated as a tree, in place of a hole."""
        prefix = _substituted(str(record["prefix"]), subst)
        suffix = _substituted(str(record["suffix"]), subst)
        cpp = f"{prefix} {_HOLE} {suffix}"
        tr = self.translator
        saved = tr.hole
        tr.hole = lambda: self.node(child, subst)
        try:
            return tr.boolean(_Parser(cpp).parse())
        except _Untranslatable as problem:
            raise _TreeError(str(problem), cpp.replace(_HOLE, "...")) from None
        finally:
            tr.hole = saved


def translate_pred(
    pred: Any,
    records: Records,
    scope: PredScope = _DEFAULT_SCOPE,
    on_leaf: LeafCallback | None = None,
) -> Translation:
    """A predicate tree (`CPred`, `And`, `Or`, `Neg`, `Concat`, `SubstLeaves` records in
    the JSON form of `llvm-tblgen --dump-json`) as one Python expression.

    `pred` is the tree's root: a record name, a `{"def": name, ...}` reference (as a
    constraint's `predicate` field holds) or the record itself; `records` maps record
    names to records. And/or/not stay and/or/not in Python; `SubstLeaves` replaces
    text in the leaves below it and `Concat` puts text around its subtree, as in MLIR.
    On failure `cpp` is the leaf (or the `Concat` text) that could not be translated;
    `on_leaf` is told of each leaf translated (or not) on the way.
    """
    try:
        root = _record(pred, records)
        tree = _Tree(records, _Translator(scope), on_leaf)
        return Translation(_finish(tree.node(root, ())), None, "")
    except _TreeError as error:
        return Translation(None, error.problem, error.cpp)
    except (KeyError, ValueError) as error:
        return Translation(None, f"predicate record: {error}", "")


# ---------------------------------------------------------------------------
# Scopes from MLIR's records
# ---------------------------------------------------------------------------

#: C++ return types of attribute getters and the kind of their Python value.
_GETTER_KINDS: dict[str, str] = {
    **{t: "int" for t in _INT_TYPES},
    "bool": "bool",
    "::llvm::StringRef": "str",
    "::mlir::Type": "Type",
    "::llvm::APInt": "APInt",
    "::llvm::APFloat": "double",
}


def _superclasses(record: Mapping[str, Any]) -> Sequence[str]:
    return record.get("!superclasses", ())  # type: ignore[no-any-return]


def _qualified(namespace: str, name: str) -> str:
    return f"{namespace.strip(':')}::{name}".removeprefix("::")


def _namespace(record: Mapping[str, Any], records: Records) -> str | None:
    """A def's C++ namespace: its own, or its dialect's."""
    namespace = record.get("cppNamespace")
    if isinstance(namespace, str):
        return namespace
    dialect = record.get("dialect")
    if isinstance(dialect, Mapping) and dialect.get("def") in records:
        namespace = records[dialect["def"]].get("cppNamespace")
    return namespace if isinstance(namespace, str) else None


def type_interface_implementers(records: Records) -> dict[str, list[str]]:
    """Type interface (C++ name) -> the C++ classes of the TypeDefs whose traits name
    it (as themselves, through `DeclareTypeInterfaceMethods` or as a base interface).
    A type may implement an interface through an external model registered in C++
    too, which no record shows: an interface without a TypeDef implementing it is
    left to the class named after it (undefined here, so the op stays incomplete)."""
    return _interface_implementers(records, "TypeDef", "TypeInterface")


def attr_interface_implementers(records: Records) -> dict[str, list[str]]:
    """Attribute interface (C++ name) -> the C++ classes of the AttrDefs whose traits
    name it, as `type_interface_implementers` finds them for types."""
    return _interface_implementers(records, "AttrDef", "AttrInterface")


def _interface_implementers(
    records: Records, def_class: str, interface_class: str
) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}

    def names(value: Any, seen: set[str]) -> None:
        ref = value.get("def") if isinstance(value, Mapping) else value
        trait = records.get(ref) if isinstance(ref, str) else None
        if not isinstance(trait, Mapping):
            return
        declared = trait.get("declaredInterface")
        if declared is not None:
            names(declared, seen)
        cpp = trait.get("cppInterfaceName")
        if interface_class in _superclasses(trait) and isinstance(cpp, str) and cpp not in seen:
            seen.add(cpp)
            for base in trait.get("baseInterfaces") or ():
                names(base, seen)

    for name in records.get("!instanceof", {}).get(def_class, ()):
        record = records[name]
        cpp = record.get("cppClassName")
        if not isinstance(cpp, str):
            continue
        found: set[str] = set()
        for trait in record.get("traits") or ():
            names(trait, found)
        for interface in sorted(found):
            out.setdefault(interface, []).append(cpp)
    return out


def _python_class(cpp: str) -> str:
    """The generated Python class of a TypeDef or AttrDef of C++ class `cpp`: the same
    name, starting with a capital (tosa's `shapeType` is `ShapeType`)."""
    return class_name_from_def(f"X_{cpp}")


def record_classes(records: Records) -> dict[str, CppClass]:
    """The C++ classes a dialect's records define, as `PredScope.classes` wants them.

    Types, attributes and interfaces (`TypeDef`, `AttrDef`, `TypeInterface`,
    `AttrInterface`) become the Python class of their C++ name, unique in the
    dialect as in C++; an integer enum stored as an integer attribute
    (`I64EnumAttr`) is an `IntegerAttr` holding one of its cases.
    """
    instances: Mapping[str, Sequence[str]] = records.get("!instanceof", {})
    out: dict[str, CppClass] = {}
    for cls, base in (("TypeDef", "Type"), ("AttrDef", "Attribute")):
        for name in instances.get(cls, ()):
            record = records[name]
            cpp = record.get("cppClassName")
            namespace = _namespace(record, records)
            builtin = namespace == "::mlir" and cpp in CLASSES
            if isinstance(cpp, str) and isinstance(namespace, str) and not builtin:
                # An enum attribute's generated class is named after its def (the
                # spec imports it under that name), not its C++ class.
                python = _python_class(cpp)
                if "EnumAttr" in _superclasses(record):
                    python = _enum_attr_class(name, record, records) or python
                out[_qualified(namespace, cpp)] = _isinstance(python, base)
    # A C++ base class of a dialect's TypeDefs that is no TypeDef itself (`pdl::PDLType`
    # of the `pdl` types): `isa<>` is one of those TypeDefs.
    derived: dict[str, list[str]] = {}
    for name in instances.get("TypeDef", ()):
        record = records[name]
        cpp, base_cpp = record.get("cppClassName"), record.get("cppBaseClassName")
        namespace = _namespace(record, records)
        if isinstance(cpp, str) and isinstance(base_cpp, str) and isinstance(namespace, str):
            derived.setdefault(base_cpp.removeprefix("::"), []).append(_python_class(cpp))
    for base_name, classes in derived.items():
        if base_name not in out and base_name.removeprefix("mlir::") not in CLASSES:
            listed = ", ".join(classes)
            out[base_name] = CppClass(f"isinstance({{x}}, ({listed},))", None, "Type")
    implementers = {
        "TypeInterface": type_interface_implementers(records),
        "AttrInterface": attr_interface_implementers(records),
    }
    for cls, base in (("TypeInterface", "Type"), ("AttrInterface", "Attribute")):
        for name in instances.get(cls, ()):
            record = records[name]
            cpp = record.get("cppInterfaceName")
            namespace = record.get("cppNamespace")
            if not (isinstance(cpp, str) and isinstance(namespace, str)):
                continue
            external = EXTERNAL_MODELS.get(_qualified(namespace, cpp))
            if external is not None:
                out.setdefault(_qualified(namespace, cpp), external)
                continue
            declaring = implementers[cls].get(cpp)
            if declaring:
                # An interface no Python class stands for (MLIR's TypeDefs and
                # AttrDefs say which interfaces they implement, the generated classes
                # do not derive from them): `isa<>` is one of the defs declaring it.
                listed = ", ".join(declaring)
                out.setdefault(
                    _qualified(namespace, cpp),
                    CppClass(f"isinstance({{x}}, ({listed},))", None, base),
                )
                continue
            out.setdefault(_qualified(namespace, cpp), _isinstance(cpp, base))
    for name in instances.get("EnumAttrInfo", ()):
        record = records[name]
        storage = record.get("storageType")
        if not isinstance(storage, str) or "IntEnumAttr" not in _superclasses(record):
            continue
        # The class MLIR generates for an integer enum (`genSpecializedAttr`) is an
        # integer attribute of the enum's width, signless, holding one of its cases.
        width = record.get("bitwidth")
        values = sorted(
            int(records[c["def"]]["value"])
            for c in record.get("enumerants", ())
            if isinstance(c, Mapping) and isinstance(records[c["def"]].get("value"), int)
        )
        if not isinstance(width, int) or not values:
            continue
        cases = ", ".join(str(v) for v in values) + ("," if len(values) == 1 else "")
        out[storage.removeprefix("::")] = CppClass(
            f"isinstance({{x}}, IntegerAttr) and {{x}}.type == IntegerType.get({width})"
            f" and {{x}}.value in ({cases})",
            "IntegerAttr",
            "IntegerAttr",
        )
    return out


def _enum_attr_class(name: str, record: Mapping[str, Any], records: Records) -> str | None:
    """The generated class of an enum attribute, named after its def; None where that
    is its enum's name too (the spec would name one of them otherwise)."""
    python = class_name_from_def(name)
    info = records.get(record.get("enum", {}).get("def", ""), {})
    return None if python == info.get("className") else python


#: C++ types of type and attribute parameters (namespaces dropped) and the kind of
#: their Python value.
_PARAMETER_KINDS: dict[str, str] = {
    **{t: "int" for t in _INT_TYPES},
    "bool": "bool",
    "Type": "Type",
    "Attribute": "Attribute",
    "StringRef": "str",
    "ArrayRef<int64_t>": "IntRange",
    "ArrayRef<Type>": "TypeRange",
}


def _parameter_kind(cpp: str) -> str | None:
    text = re.sub(r"\s+", "", cpp).replace("::mlir::", "").replace("::llvm::", "")
    text = re.sub(r"\b(?:mlir|llvm)::", "", text).removeprefix("::")
    return _PARAMETER_KINDS.get(text)


def record_methods(records: Records) -> dict[tuple[str, str, int], tuple[str, str]]:
    """The parameter accessors of a dialect's types and attributes (`getX()` -> the
    Python parameter `x`), as `PredScope.methods` wants them."""
    instances: Mapping[str, Sequence[str]] = records.get("!instanceof", {})
    enums = frozenset(str(records[n].get("cppType", "")) for n in instances.get("EnumInfo", ()))
    out: dict[tuple[str, str, int], tuple[str, str]] = {}
    for cls in ("TypeDef", "AttrDef"):
        for name in instances.get(cls, ()):
            record = records[name]
            cpp, namespace = record.get("cppClassName"), _namespace(record, records)
            parameters = record.get("parameters")
            if not isinstance(cpp, str) or namespace is None or not isinstance(parameters, Mapping):
                continue
            owner = _qualified(namespace, cpp)
            for ptype, pname in parameters.get("args", ()):
                if isinstance(ptype, Mapping):
                    ptype = records.get(ptype.get("def", ""), {}).get("cppType")
                kind = _parameter_kind(ptype) if isinstance(ptype, str) else None
                if kind is None and ptype in enums:
                    # An enum attribute's case (`ScopeAttr::getValue`), an int here
                    # that compares equal to the Python enum's members.
                    kind = "enum"
                if kind is None or not isinstance(pname, str):
                    continue
                # mlir-tblgen's getter: `get` and the name in CamelCase
                # (`operation_name` -> `getOperationName`).
                camel = "".join(part[:1].upper() + part[1:] for part in pname.split("_"))
                out[(owner, "get" + camel, 0)] = (f"{{0}}.{parameter_name(pname)}", kind)
    return out


def _enum_constants(records: Records) -> dict[str, str]:
    """Enum cases by qualified C++ name, as members of the Python enum class."""
    instances: Mapping[str, Sequence[str]] = records.get("!instanceof", {})
    out: dict[str, str] = {}
    for name in instances.get("EnumInfo", ()):
        record = records[name]
        namespace, cls = record.get("cppNamespace"), record.get("className")
        if not isinstance(namespace, str) or not isinstance(cls, str):
            continue
        for case in record.get("enumerants", ()):
            symbol = records[case["def"]].get("symbol") if isinstance(case, Mapping) else None
            if isinstance(symbol, str):
                out[_qualified(namespace, f"{cls}::{symbol}")] = f"{cls}.{enum_member_name(symbol)}"
    return out


def _getter(name: str) -> str:
    return "get" + "".join(p[:1].upper() + p[1:] for p in name.split("_"))


def _constraint(arg: Any, records: Records) -> Mapping[str, Any]:
    """An argument's constraint record, through `Arg<...>` wrappers."""
    record: Mapping[str, Any] = records.get(arg["def"], {}) if isinstance(arg, Mapping) else {}
    while {"Arg", "Res"} & set(_superclasses(record)) and isinstance(
        record.get("constraint"), Mapping
    ):
        record = records.get(record["constraint"].get("def", ""), {})
    return record


def _attr_kind(constraint: Mapping[str, Any], enums: frozenset[str]) -> tuple[str, str]:
    """(C++ kind, Python) of an attribute argument read as an attribute, over `{0}`."""
    storage = constraint.get("storageType")
    short = storage.removeprefix("::").removeprefix("mlir::") if isinstance(storage, str) else ""
    cls = CLASSES.get(short)
    if cls is None or "OptionalAttr" in _superclasses(constraint):
        return "OptAttribute", "{0}"
    if cls.narrow:
        return short, f"cast({cls.narrow}, {{0}})"
    return short, "{0}"


def _getter_kind(constraint: Mapping[str, Any], enums: frozenset[str]) -> str | None:
    """The kind of an attribute getter's value, where odsgen's accessor has one."""
    returned = constraint.get("returnType")
    if not isinstance(returned, str):
        return None
    optional = "OptionalAttr" in _superclasses(constraint)
    inner = returned
    if optional:
        match = re.fullmatch(r"::std::optional<\s*(.*?)\s*>", returned)
        inner = match.group(1) if match else returned
    kind = _GETTER_KINDS.get(inner) or ("enum" if inner in enums else None)
    if kind is None or kind == "APInt":
        return None
    return f"Opt{kind}" if optional else kind


def _returns_attribute(constraint: Mapping[str, Any]) -> bool:
    """Whether an attribute's getter returns the attribute, not a converted value."""
    returned = constraint.get("returnType")
    if not isinstance(returned, str):
        return False
    inner = re.sub(r"^::std::optional<\s*(.*?)\s*>$", r"\1", returned)
    return inner == constraint.get("storageType")


def op_scope(op: Mapping[str, Any], records: Records, self_kind: str = "Type") -> PredScope:
    """The scope of the predicates of one op record (`Op` in MLIR's records): its
    named operands, results and attributes, as `$name` and as `getName()`, the
    dialect's classes and enum cases.

    Operands and results are read through the op's accessors (`$_op.lhs`), a
    variadic one as a range and an optional one as a value or None; an attribute
    `$name` (and `getNameAttr()`) is the attribute itself (`$_op.get_attr('name')`,
    cast to its runtime class), and `getName()` the accessor's Python value where
    MLIR's getter returns a number, a string, a type or an enum case.
    """
    instances: Mapping[str, Sequence[str]] = records.get("!instanceof", {})
    enums = frozenset(str(records[n].get("cppType", "")) for n in instances.get("EnumInfo", ()))
    values: dict[str, OpValue] = {}
    getters: dict[str, OpValue] = {}
    pending: dict[str, str] = {}
    for field_name in ("arguments", "results"):
        dag = op.get(field_name)
        if not isinstance(dag, Mapping):
            continue
        for arg, name in dag.get("args", ()):
            if not isinstance(name, str) or not isinstance(arg, Mapping) or "def" not in arg:
                continue
            constraint = _constraint(arg, records)
            supers = _superclasses(constraint)
            accessor = "$_op." + sanitize_name(snake_case(name))
            if "TypeConstraint" in supers:
                kind = (
                    "ValueRange"
                    if "Variadic" in supers or "VariadicOfVariadic" in supers
                    else "OptValue"
                    if "Optional" in supers
                    else "Value"
                )
                values[name] = getters[_getter(name)] = OpValue(accessor, kind)
            elif "AttrConstraint" in supers:
                kind, template = _attr_kind(constraint, enums)
                raw = template.format(f"$_op.get_attr({name!r})")
                values[name] = getters[_getter(name) + "Attr"] = OpValue(raw, kind)
                getter_kind = _getter_kind(constraint, enums)
                storage = str(constraint.get("storageType", "")).removeprefix("::")
                if getter_kind is not None and storage.removeprefix("mlir::") == "IntegerAttr":
                    # odsgen's accessor returns the integer attribute; MLIR's getter
                    # its value as the constraint's `convertFromStorage` reads it.
                    convert = constraint.get("convertFromStorage")
                    # (An optional one's getter is left out: no translation yet.)
                    if isinstance(convert, str) and kind == "IntegerAttr":
                        pending[_getter(name)] = convert.replace("$_self", "$" + name)
                elif getter_kind is not None:
                    getters[_getter(name)] = OpValue(accessor, getter_kind)
                elif _returns_attribute(constraint):
                    # MLIR's getter returns the attribute itself (a `StrAttr` does).
                    getters[_getter(name)] = OpValue(raw, kind)
    constants = _enum_constants(records)
    classes = record_classes(records)
    namespace = _namespace(op, records)
    if namespace is not None:
        # The op's code is in its dialect's namespace, where the dialect's C++
        # classes the tables know are named unqualified (`PointerType` in `spirv`).
        inner = namespace.strip(":").removeprefix("mlir::").removeprefix("mlir") + "::"
        for known, cls in CLASSES.items():
            if inner != "::" and known.startswith(inner):
                classes.setdefault(known, cls)
    functions: dict[str, str] = {}
    scope = PredScope(
        self_kind, values, getters, classes, constants, record_methods(records), functions
    )
    for getter, convert in pending.items():
        try:
            value = _Translator(scope).expr(_Parser(convert).parse())
        except _Untranslatable:
            continue
        getters[getter] = OpValue(_finish(value.py), value.kind)
    extra = op.get("extraClassDeclaration")
    if isinstance(extra, str):
        _add_inline_getters(extra, scope, getters, functions)
    return scope


#: An inline method of an op's `extraClassDeclaration` that returns one expression
#: and takes no argument: `VectorType getTileType() { return getVectorType(); }`.
_INLINE_GETTER = re.compile(
    r"(?:^|[;{}\s])(?P<ret>(?:::)?[A-Za-z_][\w:]*)\s+(?P<name>get[A-Z]\w*)\((?P<params>[^()]*)\)\s*"
    r"(?:const\s*)?\{\s*return\s+(?P<body>[^;{}]+);\s*\}"
)


def _add_inline_getters(
    extra: str, scope: PredScope, getters: dict[str, OpValue], functions: dict[str, str]
) -> None:
    """Add to `getters` the op's inline methods (`_INLINE_GETTER`) whose body
    translates in `scope` to a value of their declared class, so that predicates
    calling them (`getTileType().getElementTypeBitWidth()`) translate too. A method
    may call another: they are read until no more translate."""
    found = {}
    for m in _INLINE_GETTER.finditer(extra):
        name, params = m.group("name"), m.group("params").strip()
        if name in getters:
            continue
        if params:
            functions[name] = f"[]({params}) {{ return {m.group('body')}; }}"
        else:
            found[name] = (m.group("ret"), m.group("body"))
    progress = True
    while found and progress:
        progress = False
        for name, (ret, body) in list(found.items()):
            try:
                translator = _Translator(scope)
                value = translator.expr(_Parser(body).parse())
                if ret.removeprefix("::").removeprefix("std::") in _INT_TYPES:
                    declared = "int" if value.kind in _INT_KINDS else "(integer)"
                    value = _T(value.py, declared)
                else:
                    declared, _ = translator.cpp_class(_Parser(ret).type_name())
            except _Untranslatable:
                continue
            if not translator.is_subclass(value.kind, declared):
                continue
            getters[name] = OpValue(_finish(value.py), value.kind)
            del found[name]
            progress = True
