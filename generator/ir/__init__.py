"""The IR runtime: MLIR's IR in Python, read and written as mlir-opt 22 does.

This package's namespace is the public API that generated dialects and compiler
code import from. Its parts:

- `core`: `Operation`, `Block`, `Region`, and the SSA values (`OpResult`,
  `BlockArgument`) with intrusive use-lists of `OpOperand` slots.
- `types` and `attributes`: the builtin types and attributes, uniqued so that
  equality is identity (`uniquing`: tables that forget what nothing uses).
- `traits` and `interfaces`: op traits (`IsTerminator`, `Pure`, `HasParent`, ...)
  as classes, asked with `op.has_trait(...)`, and op interfaces
  (`BranchOpInterface`, `SymbolOpInterface`, ...), base classes of the ops that
  implement them, tested with `isinstance`.
- `builder`: `InsertionPoint` and `Builder`, which create ops in blocks.
- `context`: `Context`, the dialects loaded for a run and what they bring.
- `dialect`: `Dialect`, what a dialect contributes, and `DialectRegistry`.
- `parser` and `printer`: the textual IR (`parse_source`, `print_operation`). The
  parser is layered, each layer a subclass of the one below: `lexer` (blanks,
  tokens, errors), `type_parser`, `loc_parser` (locations and affine syntax),
  `attr_parser`, and `parser` itself (operations, regions, SSA names).
- `opasm`: `AsmParser` and `AsmPrinter`, the API custom forms read and write with.
- `verifier`: structural verification with MLIR's messages (`verify`).
- `rewrite` and `folding`: patterns, the greedy driver and folding (`fold_op`),
  and the constant-folding helpers op folders are written with (`fold_binary`,
  `float_add`, `int_constant`, ...).
- `diagnostics` and `source`: `Diagnostic`, `DiagnosticError` and the source
  positions they point at.
- `lazy_module`: a module imported at its first use, how generated dialects reach
  their implementation modules (hand-written hooks) without circular imports.
- `nesting`: how deeply the parser lets regions, types and attributes nest
  (`MAX_REGION_DEPTH`, `MAX_ATTRIBUTE_DEPTH`, `MAX_AFFINE_DEPTH`), and
  `call_with_deep_stack`, which runs code on a stack deep enough for IR nested that
  far (docs/nesting.md).

What op classes generated from specs build on, written once rather than per op:

- `op_definition`: `OdsOp`, the base class of generated ops, which keeps each
  property in a slot of its own, and the argument checks of generated builders
  (`argument_error`, `checked_sequence`).
- `properties`: an op's inherent attributes by name (`get_property`,
  `set_property`, `inherent_or_discardable`), and splitting a parsed generic op's
  attributes into properties and discardable ones (`adopt_properties`).
- `segments`: where each variadic operand or result group lies (`segment_range`,
  `same_size_range`, `group_sizes`).
- `attr_type_base`: the base classes of the types and attributes specs define
  (`DialectType`, `ParametricType`, `DialectAttr`, `ParametricAttr`,
  `TypedDialectAttr`, `EnumAttr`), and what their generated parsers share
  (`parse_int_param`, `parse_optional_int_param`, `param_failure`).
- `type_utilities`: the type queries of constraint predicates and traits
  (`element_type_or_self`, `compatible_shapes`, `broadcast_shapes`,
  `is_typed_attr`, ...).
- `spirv`: the SPIR-V dialect's types, which MLIR defines in C++ (`SpirvPointerType`,
  `SpirvStructType`, ...), and the helper predicates of its ops.
- `verify_messages`: what verifiers and predicates report (`VerifyMessage`,
  `emit_op_error`, `with_emitted`).
- `assembly_format`: the helpers of parsers and printers generated from assembly
  formats (`EMPTY_DICT`, `must`, `is_default_property`, ...).

IR integers may have millions of decimal digits, past Python's default limit on
converting between integers and text (4,300 digits). Importing this package leaves
that interpreter setting alone; a program that reads such IR lifts it, as `odsgen`
does (`sys.set_int_max_str_digits(0)`).

Float literal arithmetic (`generator.ir.floats`) and affine maps and sets
(`generator.ir.affine`) are large and only some programs need them, so they are
not imported here; the parser and printer load them on first use. Code that
belongs to particular dialects (affine operand rules, memref layouts, the custom
forms of function-like and view-like ops) is in `generator.ir.dialects`, which
depends on this package and which this package does not load.

The modules run compiled when `generator.native` has built them with mypyc from these
very sources (into `_native/`, put first on this package's path below), and as plain
Python otherwise or with `ODSGEN_PURE_PYTHON=1`; the two behave the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator import native as _native

# The compiled runtime, when a build matching these sources exists, is found first.
if _native.enabled():
    __path__.insert(0, str(_native.NATIVE_DIR))

from generator.ir.assembly_format import (
    EMPTY_DICT,
    attr_int,
    attr_string,
    is_default_property,
    must,
)
from generator.ir.attr_type_base import (
    DialectAttr,
    DialectType,
    EnumAttr,
    Parametric,
    ParametricAttr,
    ParametricType,
    TypedDialectAttr,
    param_children,
    param_failure,
    parse_int_param,
    parse_optional_int_param,
)
from generator.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    BoolAttr,
    CallSiteLoc,
    DenseArrayAttr,
    DenseElementsAttr,
    DenseResourceElementsAttr,
    DenseStringElementsAttr,
    DictionaryAttr,
    DistinctAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IntegerAttr,
    IntegerSetAttr,
    LocationAttr,
    NameLoc,
    OpaqueAttr,
    SparseElementsAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
    integer_range,
    wrap_integer,
)
from generator.ir.builder import Builder, InsertionPoint
from generator.ir.context import Context
from generator.ir.core import (
    Block,
    BlockArgument,
    Location,
    Operation,
    OpOperand,
    OpResult,
    Region,
    Value,
)
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.dialect import ConstantMaterializer, Dialect, DialectRegistry
from generator.ir.folding import (
    FloatOrder,
    FloatRoundingMode,
    bool_attr,
    float_abs,
    float_add,
    float_classify,
    float_compare,
    float_convert,
    float_copysign,
    float_div,
    float_format,
    float_from_double,
    float_is_negative,
    float_literal,
    float_maximum,
    float_maxnum,
    float_minimum,
    float_minnum,
    float_mul,
    float_neg,
    float_rem,
    float_round_to_integral,
    float_sub,
    float_to_int,
    fold_binary,
    fold_float_binary,
    fold_float_unary,
    fold_unary,
    int_constant,
    int_to_float,
    int_width,
    is_inf_float,
    is_nan_float,
    is_one_float,
    is_zero_float,
    to_signed,
    to_unsigned,
    zero_attr,
)
from generator.ir.interfaces import (
    AttrInterface,
    BranchOpInterface,
    CallableOpInterface,
    CallOpInterface,
    CastOpInterface,
    ConditionallySpeculatable,
    FunctionOpInterface,
    InferTypeError,
    InferTypeOpInterface,
    LoopLikeOpInterface,
    OpAsmOpInterface,
    OpInterface,
    PoisonAttrInterface,
    RegionBranchOpInterface,
    RegionKindInterface,
    ShapedDimOpInterface,
    SymbolOpInterface,
    SymbolUserOpInterface,
    TypeInterface,
    VectorElementTypeInterface,
)
from generator.ir.lazy_module import lazy_module
from generator.ir.libm import has_libm, libm_binary, libm_unary
from generator.ir.llvm_syntax import (
    constant_range_bounds_error,
    constant_range_text,
    llvm_struct_text,
    parse_constant_range,
    parse_llvm_struct,
    verify_constant_range,
    wrap_signed,
)
from generator.ir.module import ParsedModule
from generator.ir.nesting import (
    MAX_AFFINE_DEPTH,
    MAX_ATTRIBUTE_DEPTH,
    MAX_REGION_DEPTH,
    call_with_deep_stack,
)
from generator.ir.op_definition import OdsOp, argument_error, checked_sequence
from generator.ir.opasm import AsmParser, AsmPrinter, ParserState, SourcePos, UnresolvedOperand
from generator.ir.parser import parse_attribute, parse_module, parse_source, parse_type
from generator.ir.printer import escape_string, print_operation
from generator.ir.properties import (
    adopt_properties,
    get_property,
    inherent_or_discardable,
    optional_property,
    required_property,
    set_property,
)
from generator.ir.rewrite import (
    FoldResult,
    FrozenPatternSet,
    PatternLike,
    PatternRewriter,
    RewriteListener,
    RewritePattern,
    apply_patterns_greedily,
    constant_value,
    fold_op,
    is_op_trivially_dead,
    non_convergence_message,
    rewrite_pattern,
    would_op_be_trivially_dead,
)
from generator.ir.segments import group_sizes, same_size_range, segment_range, segment_sizes
from generator.ir.source import SourceFile, SourceLoc
from generator.ir.spirv import (
    SpirvArrayType,
    SpirvCooperativeMatrixType,
    SpirvImageType,
    SpirvMatrixType,
    SpirvPointerType,
    SpirvRuntimeArrayType,
    SpirvSampledImageType,
    SpirvStructType,
    SpirvTensorArmType,
    SpirvVerCapExtAttr,
    spirv_bool_result_type,
    spirv_is_in_function,
    spirv_is_module_like,
)
from generator.ir.traits import (
    AffineScope,
    AlwaysSpeculatable,
    AtMostOneChildOf,
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    AutomaticAllocationScope,
    BroadcastableOperandsAndResultType,
    ConstantLike,
    Elementwise,
    ElementwiseMappable,
    FoldingTrait,
    HasOnlyGraphRegion,
    HasParent,
    HasRecursiveMemoryEffects,
    IsCommutative,
    IsIdempotent,
    IsInvolution,
    IsIsolatedFromAbove,
    IsTerminator,
    MemRefsNormalizable,
    NoMemoryEffect,
    NoRegionArguments,
    NoSideEffect,
    NoTerminator,
    NVVMRequiresSM,
    NVVMRequiresSMa,
    OnlyAllocatesResults,
    OpTrait,
    ParametricTrait,
    ParentOneOf,
    Pure,
    RecursivelySpeculatable,
    ResultsBroadcastableShape,
    ReturnLike,
    SameOperandsAndResultElementType,
    SameOperandsAndResultRank,
    SameOperandsAndResultShape,
    SameOperandsAndResultType,
    SameOperandsElementType,
    SameOperandsShape,
    SameTypeOperands,
    SameVariadicOperandSize,
    SameVariadicResultSize,
    Scalarizable,
    SingleBlock,
    SingleBlockImplicitTerminator,
    SymbolTable,
    Tensorizable,
    Vectorizable,
)
from generator.ir.type_utilities import (
    attr_type,
    broadcast_shapes,
    compatible_shapes,
    container_element_or_self,
    dialect_type_mnemonic,
    element_type_or_self,
    i1_same_shape,
    is_dense_array,
    is_dense_float_elements,
    is_dense_int_elements,
    is_dialect_type,
    is_elements_attr,
    is_fixed_vector,
    is_flat_symbol_ref,
    is_int_or_float,
    is_int_or_index,
    is_int_or_index_or_float,
    is_integer_type,
    is_memref_or_llvm_ptr,
    is_scalable_vector,
    is_signless_int_elements,
    is_typed_attr,
    llvm_address_space,
    llvm_compatible_float,
    llvm_compatible_outer_type,
    llvm_compatible_vector,
    llvm_type_mnemonic,
    tensor_dims,
    type_id,
    typed_attr_type,
)
from generator.ir.types import (
    DYNAMIC,
    MAX_INTEGER_WIDTH,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    ShapedType,
    Signedness,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)
from generator.ir.verifier import verify
from generator.ir.verify_messages import (
    EmittedFailure,
    VerifyMessage,
    emit_error,
    emit_op_error,
    with_emitted,
)

if TYPE_CHECKING:
    from generator.ir.floats import FloatFormat


def __getattr__(name: str) -> object:
    """`FloatFormat`, the layout of a float type (`float_format`'s result), loaded on
    first use as the parser and printer load `generator.ir.floats`."""
    if name == "FloatFormat":
        from generator.ir.floats import FloatFormat

        return FloatFormat
    raise AttributeError(f"module 'generator.ir' has no attribute {name!r}")


def infer_result_types(op: Operation, indices: tuple[int, ...]) -> None:
    """Set the types of `op`'s results `indices`, built as `RESULT_PLACEHOLDER`, from
    its reference evaluated on its operands' types (`generator.ir.shapes`); a
    `ValueError` when the reference cannot say (docs/shapes.md)."""
    from generator.ir.shapes import infer_result_types as infer

    infer(op, indices)


#: The type a generated builder gives a result whose type its op's reference infers,
#: until `infer_result_types` sets it.
RESULT_PLACEHOLDER: Type = NoneType.get()

#: The numeric semantics reference implementations are written in
#: (`generator.ir.semantics`), imported with numpy when a reference first runs.
semantics = lazy_module("generator.ir.semantics")
#: The semantics of TensorFlow's tensor ops on numpy arrays, which the `tf` and `tfl`
#: references are written in (`generator.ir.tensor_semantics`).
tensor_semantics = lazy_module("generator.ir.tensor_semantics")

__all__ = [
    "DYNAMIC",
    "EMPTY_DICT",
    "MAX_AFFINE_DEPTH",
    "MAX_ATTRIBUTE_DEPTH",
    "MAX_INTEGER_WIDTH",
    "MAX_REGION_DEPTH",
    "RESULT_PLACEHOLDER",
    "AffineMapAttr",
    "AffineScope",
    "AlwaysSpeculatable",
    "ArrayAttr",
    "AsmParser",
    "AsmPrinter",
    "AtMostOneChildOf",
    "AttrInterface",
    "AttrSizedOperandSegments",
    "AttrSizedResultSegments",
    "Attribute",
    "AutomaticAllocationScope",
    "Block",
    "BlockArgument",
    "BoolAttr",
    "BranchOpInterface",
    "BroadcastableOperandsAndResultType",
    "Builder",
    "CallOpInterface",
    "CallSiteLoc",
    "CallableOpInterface",
    "CastOpInterface",
    "ComplexType",
    "ConditionallySpeculatable",
    "ConstantLike",
    "ConstantMaterializer",
    "Context",
    "DenseArrayAttr",
    "DenseElementsAttr",
    "DenseResourceElementsAttr",
    "DenseStringElementsAttr",
    "Diagnostic",
    "DiagnosticError",
    "Dialect",
    "DialectAttr",
    "DialectRegistry",
    "DialectType",
    "DictionaryAttr",
    "DistinctAttr",
    "Elementwise",
    "ElementwiseMappable",
    "EmittedFailure",
    "EnumAttr",
    "FileLineColLoc",
    "FloatAttr",
    "FloatFormat",
    "FloatOrder",
    "FloatRoundingMode",
    "FloatType",
    "FoldResult",
    "FoldingTrait",
    "FrozenPatternSet",
    "FunctionOpInterface",
    "FunctionType",
    "FusedLoc",
    "HasOnlyGraphRegion",
    "HasParent",
    "HasRecursiveMemoryEffects",
    "IndexType",
    "InferTypeError",
    "InferTypeOpInterface",
    "InsertionPoint",
    "IntegerAttr",
    "IntegerSetAttr",
    "IntegerType",
    "IsCommutative",
    "IsIdempotent",
    "IsInvolution",
    "IsIsolatedFromAbove",
    "IsTerminator",
    "Location",
    "LocationAttr",
    "LoopLikeOpInterface",
    "MemRefType",
    "MemRefsNormalizable",
    "NVVMRequiresSM",
    "NVVMRequiresSMa",
    "NameLoc",
    "NoMemoryEffect",
    "NoRegionArguments",
    "NoSideEffect",
    "NoTerminator",
    "NoneType",
    "OdsOp",
    "OnlyAllocatesResults",
    "OpAsmOpInterface",
    "OpInterface",
    "OpOperand",
    "OpResult",
    "OpTrait",
    "OpaqueAttr",
    "OpaqueType",
    "Operation",
    "Parametric",
    "ParametricAttr",
    "ParametricTrait",
    "ParametricType",
    "ParentOneOf",
    "ParsedModule",
    "ParserState",
    "PatternLike",
    "PatternRewriter",
    "PoisonAttrInterface",
    "Pure",
    "RankedTensorType",
    "RecursivelySpeculatable",
    "Region",
    "RegionBranchOpInterface",
    "RegionKindInterface",
    "ResultsBroadcastableShape",
    "ReturnLike",
    "RewriteListener",
    "RewritePattern",
    "SameOperandsAndResultElementType",
    "SameOperandsAndResultRank",
    "SameOperandsAndResultShape",
    "SameOperandsAndResultType",
    "SameOperandsElementType",
    "SameOperandsShape",
    "SameTypeOperands",
    "SameVariadicOperandSize",
    "SameVariadicResultSize",
    "Scalarizable",
    "Severity",
    "ShapedDimOpInterface",
    "ShapedType",
    "Signedness",
    "SingleBlock",
    "SingleBlockImplicitTerminator",
    "SourceFile",
    "SourceLoc",
    "SourcePos",
    "SparseElementsAttr",
    "SpirvArrayType",
    "SpirvCooperativeMatrixType",
    "SpirvImageType",
    "SpirvMatrixType",
    "SpirvPointerType",
    "SpirvRuntimeArrayType",
    "SpirvSampledImageType",
    "SpirvStructType",
    "SpirvTensorArmType",
    "SpirvVerCapExtAttr",
    "StridedLayoutAttr",
    "StringAttr",
    "SymbolOpInterface",
    "SymbolRefAttr",
    "SymbolTable",
    "SymbolUserOpInterface",
    "Tensorizable",
    "TupleType",
    "Type",
    "TypeAttr",
    "TypeInterface",
    "TypedDialectAttr",
    "UnitAttr",
    "UnknownLoc",
    "UnrankedMemRefType",
    "UnrankedTensorType",
    "UnresolvedOperand",
    "Value",
    "VectorElementTypeInterface",
    "VectorType",
    "Vectorizable",
    "VerifyMessage",
    "adopt_properties",
    "apply_patterns_greedily",
    "argument_error",
    "attr_int",
    "attr_string",
    "attr_type",
    "bool_attr",
    "broadcast_shapes",
    "call_with_deep_stack",
    "checked_sequence",
    "compatible_shapes",
    "constant_range_bounds_error",
    "constant_range_text",
    "constant_value",
    "container_element_or_self",
    "dialect_type_mnemonic",
    "element_type_or_self",
    "emit_error",
    "emit_op_error",
    "escape_string",
    "float_abs",
    "float_add",
    "float_classify",
    "float_compare",
    "float_convert",
    "float_copysign",
    "float_div",
    "float_format",
    "float_from_double",
    "float_is_negative",
    "float_literal",
    "float_maximum",
    "float_maxnum",
    "float_minimum",
    "float_minnum",
    "float_mul",
    "float_neg",
    "float_rem",
    "float_round_to_integral",
    "float_sub",
    "float_to_int",
    "fold_binary",
    "fold_float_binary",
    "fold_float_unary",
    "fold_op",
    "fold_unary",
    "get_property",
    "group_sizes",
    "has_libm",
    "i1_same_shape",
    "infer_result_types",
    "inherent_or_discardable",
    "int_constant",
    "int_to_float",
    "int_width",
    "integer_range",
    "is_default_property",
    "is_dense_array",
    "is_dense_float_elements",
    "is_dense_int_elements",
    "is_dialect_type",
    "is_elements_attr",
    "is_fixed_vector",
    "is_flat_symbol_ref",
    "is_inf_float",
    "is_int_or_float",
    "is_int_or_index",
    "is_int_or_index_or_float",
    "is_integer_type",
    "is_memref_or_llvm_ptr",
    "is_nan_float",
    "is_one_float",
    "is_op_trivially_dead",
    "is_scalable_vector",
    "is_signless_int_elements",
    "is_typed_attr",
    "is_zero_float",
    "lazy_module",
    "libm_binary",
    "libm_unary",
    "llvm_address_space",
    "llvm_compatible_float",
    "llvm_compatible_outer_type",
    "llvm_compatible_vector",
    "llvm_struct_text",
    "llvm_type_mnemonic",
    "must",
    "non_convergence_message",
    "optional_property",
    "param_children",
    "param_failure",
    "parse_attribute",
    "parse_constant_range",
    "parse_int_param",
    "parse_llvm_struct",
    "parse_module",
    "parse_optional_int_param",
    "parse_source",
    "parse_type",
    "print_operation",
    "required_property",
    "rewrite_pattern",
    "same_size_range",
    "segment_range",
    "segment_sizes",
    "semantics",
    "set_property",
    "spirv_bool_result_type",
    "spirv_is_in_function",
    "spirv_is_module_like",
    "tensor_dims",
    "tensor_semantics",
    "to_signed",
    "to_unsigned",
    "type_id",
    "typed_attr_type",
    "verify",
    "verify_constant_range",
    "with_emitted",
    "would_op_be_trivially_dead",
    "wrap_integer",
    "wrap_signed",
    "zero_attr",
]
