"""The IR runtime: MLIR's IR in Python, read and written as mlir-opt 22 does.

This package's namespace is the public API that generated dialects and compiler
code import from. Its parts:

- `core`: `Operation`, `Block`, `Region`, and the SSA values (`OpResult`,
  `BlockArgument`) with intrusive use-lists of `OpOperand` slots.
- `types` and `attributes`: the builtin types and attributes, uniqued so that
  equality is identity.
- `builder`: `InsertionPoint` and `Builder`, which create ops in blocks.
- `context`: `Context`, the registry of dialects and op classes.
- `parser` and `printer`: the textual IR (`parse_source`, `print_operation`).
- `verifier`: structural verification with MLIR's messages (`verify`).
- `diagnostics` and `source`: `Diagnostic`, `DiagnosticError` and the source
  positions they point at.

Float literal arithmetic (`generator.ir.floats`) and affine maps and sets
(`generator.ir.affine`) are large and only some programs need them, so they are
not imported here; the parser and printer load them on first use.
"""

from __future__ import annotations

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
from generator.ir.module import ParsedModule
from generator.ir.parser import parse_attribute, parse_module, parse_source, parse_type
from generator.ir.printer import print_operation
from generator.ir.rewrite import (
    ConstantMaterializer,
    FoldResult,
    FrozenPatternSet,
    PatternLike,
    PatternRewriter,
    RewriteListener,
    RewritePattern,
    apply_patterns_greedily,
    constant_materializer,
    constant_value,
    fold_op,
    is_op_trivially_dead,
    non_convergence_message,
    pattern_set,
    pattern_set_names,
    register_constant_materializer,
    register_patterns,
    rewrite_pattern,
    would_op_be_trivially_dead,
)
from generator.ir.source import SourceFile, SourceLoc
from generator.ir.types import (
    DYNAMIC,
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

__all__ = [
    "DYNAMIC",
    "AffineMapAttr",
    "ArrayAttr",
    "Attribute",
    "Block",
    "BlockArgument",
    "BoolAttr",
    "Builder",
    "CallSiteLoc",
    "ComplexType",
    "ConstantMaterializer",
    "Context",
    "DenseArrayAttr",
    "DenseElementsAttr",
    "DenseResourceElementsAttr",
    "DenseStringElementsAttr",
    "Diagnostic",
    "DiagnosticError",
    "DictionaryAttr",
    "DistinctAttr",
    "FileLineColLoc",
    "FloatAttr",
    "FloatType",
    "FoldResult",
    "FrozenPatternSet",
    "FunctionType",
    "FusedLoc",
    "IndexType",
    "InsertionPoint",
    "IntegerAttr",
    "IntegerSetAttr",
    "IntegerType",
    "Location",
    "LocationAttr",
    "MemRefType",
    "NameLoc",
    "NoneType",
    "OpOperand",
    "OpResult",
    "OpaqueAttr",
    "OpaqueType",
    "Operation",
    "ParsedModule",
    "PatternLike",
    "PatternRewriter",
    "RankedTensorType",
    "Region",
    "RewriteListener",
    "RewritePattern",
    "Severity",
    "ShapedType",
    "Signedness",
    "SourceFile",
    "SourceLoc",
    "SparseElementsAttr",
    "StridedLayoutAttr",
    "StringAttr",
    "SymbolRefAttr",
    "TupleType",
    "Type",
    "TypeAttr",
    "UnitAttr",
    "UnknownLoc",
    "UnrankedMemRefType",
    "UnrankedTensorType",
    "Value",
    "VectorType",
    "apply_patterns_greedily",
    "constant_materializer",
    "constant_value",
    "fold_op",
    "is_op_trivially_dead",
    "non_convergence_message",
    "parse_attribute",
    "parse_module",
    "parse_source",
    "parse_type",
    "pattern_set",
    "pattern_set_names",
    "print_operation",
    "register_constant_materializer",
    "register_patterns",
    "rewrite_pattern",
    "verify",
    "would_op_be_trivially_dead",
    "wrap_integer",
]
