"""The parameters of dialect types and attributes: what each spelled type means.

A parameter's type is spelled as in MLIR's ODS, as a C++ type (`int64_t`,
`::llvm::StringRef`, `::llvm::ArrayRef<int64_t>`, `StringAttr`, `::mlir::Type`,
`std::optional<uint32_t>`, a class of the dialect's own types, attributes or enums),
or as the Python annotation of its value (`int`, `str`, `tuple[Type, ...]`,
`Type | None`). `param_kind` turns a spelling into a `ParamKind`: the Python value the
parameter holds (its annotation) and how a declarative assembly format reads and
writes it, which is what MLIR's `FieldParser<T>` and `printStrippedAttrOrType` do for
that C++ type:

| C++ type | Python value | read | written |
| --- | --- | --- | --- |
| `int64_t`, `unsigned`, ..., `::llvm::APInt` | `int` | `parseInteger` (decimal or hex, range-checked) | the number |
| `::llvm::StringRef`, `std::string` | `str` | a string literal | quoted, escaped |
| `::mlir::Type` | `Type` | any type | in full |
| `IntegerType`, `RankedTensorType`, ... | that class | a type of that kind | in full |
| a dialect's type with parameters | its class | without `!dialect.mnemonic`, or in full | without the prefix |
| `::mlir::Attribute`, `StringAttr`, ... | that class | an attribute of that kind | in full |
| a dialect's attribute with parameters | its class | without `#dialect.mnemonic`, or in full | without the prefix |
| an enum of the dialect | its Python enum | (not yet: pass it to a `custom<...>` directive) | |
| `::llvm::ArrayRef<T>` | `tuple[T, ...]` | one or more `T`, comma-separated | comma-separated |
| `std::optional<T>` (T an integer or attribute) | `T \\| None` | `T` if one comes next | `T` when set |

`bool`, `float`, `double`, `::llvm::APFloat` and `::mlir::AffineMap` have no reader
of their own in MLIR either: a format must pass such a parameter to a
`custom<...>` directive (or the def gives its syntax as Python). Any other spelling
is a Python annotation of a value only hand-written syntax reads and writes.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Literal

from generator.naming import class_name_from_def
from generator.spec.model import AttrDef, DialectDef, EnumDef, ParameterDef, TypeDef

__all__ = [
    "ParamKind",
    "ParamKindName",
    "param_kind",
    "parameter_annotation",
    "parameter_default",
]

ParamKindName = Literal[
    "int",
    "str",
    "type",
    "attr",
    "enum",
    "array",
    "optional",
    "self_type",
    "unparsed",
    "python",
]


@dataclass(frozen=True, slots=True)
class ParamKind:
    """What a parameter holds, and how a declarative format reads and writes it."""

    kind: ParamKindName
    annotation: str
    """The Python annotation of the value (`int`, `tuple[Type, ...]`, `StructType`)."""
    element: ParamKind | None = None
    """The element of an array or of a `std::optional`."""
    bits: int = 0
    """The width of an integer's C++ type (0: an `APInt` or a Python `int`, any value)."""
    signed: bool = True
    cls: str = ""
    """The class a type or attribute must be an instance of (a Python expression;
    empty for any type or attribute), or the Python enum of an enum."""
    ir_name: str = ""
    """The IR name of a builtin type class (`builtin.integer`), quoted by MLIR's error
    when a type of another kind is read."""
    dialect_def: bool = False
    """A type or attribute class of a dialect (read with `parse_custom_type`/`_attr`)."""
    stripped: bool = False
    """Written without its `!dialect.mnemonic` or `#dialect.mnemonic` prefix by default
    (a dialect type or attribute with parameters)."""
    typed_attr: bool = False
    """MLIR's `TypedAttr`: any attribute that has a type."""

    @property
    def parseable(self) -> bool:
        """Whether a declarative format can read and write it without help."""
        if self.kind in ("array", "optional"):
            return self.element is not None and self.element.parseable
        return self.kind not in ("unparsed", "python", "self_type", "enum")

    @property
    def empty(self) -> str:
        """The value of an `OptionalParameter` that is not set (a Python expression):
        what the C++ type's default constructor gives."""
        if self.kind == "int":
            return "0"
        if self.kind == "str":
            return '""'
        if self.kind == "array":
            return "()"
        if self.kind == "enum":
            return f"{self.cls}(0)"
        if self.kind == "unparsed" and self.annotation in ("bool", "float"):
            return "False" if self.annotation == "bool" else "0.0"
        return "None"


_NAMESPACE = re.compile(r"^(?:::)?(?:(?:mlir|llvm|std)::)*")

_INTEGERS: dict[str, tuple[int, bool]] = {
    "int8_t": (8, True),
    "int16_t": (16, True),
    "int32_t": (32, True),
    "int64_t": (64, True),
    "uint8_t": (8, False),
    "uint16_t": (16, False),
    "uint32_t": (32, False),
    "uint64_t": (64, False),
    "int": (32, True),
    "unsigned": (32, False),
    "unsigned int": (32, False),
    "short": (16, True),
    "unsigned short": (16, False),
    "long": (64, True),
    "long long": (64, True),
    "unsigned long": (64, False),
    "unsigned long long": (64, False),
    "size_t": (64, False),
    "intptr_t": (64, True),
    "APInt": (0, True),
}

_STRINGS = frozenset({"StringRef", "string", "str"})

#: MLIR's builtin type classes: the runtime class (a Python expression) and the
#: IR name MLIR's "invalid kind of type" error quotes ("" for abstract classes).
_BUILTIN_TYPES: dict[str, tuple[str, str]] = {
    "Type": ("", ""),
    "IntegerType": ("IntegerType", "builtin.integer"),
    "FloatType": ("FloatType", ""),
    "IndexType": ("IndexType", "builtin.index"),
    "NoneType": ("NoneType", "builtin.none"),
    "ComplexType": ("ComplexType", "builtin.complex"),
    "FunctionType": ("FunctionType", "builtin.function"),
    "TupleType": ("TupleType", "builtin.tuple"),
    "RankedTensorType": ("RankedTensorType", "builtin.tensor"),
    "UnrankedTensorType": ("UnrankedTensorType", "builtin.unranked_tensor"),
    "TensorType": ("(RankedTensorType, UnrankedTensorType)", ""),
    "MemRefType": ("MemRefType", "builtin.memref"),
    "UnrankedMemRefType": ("UnrankedMemRefType", "builtin.unranked_memref"),
    "BaseMemRefType": ("(MemRefType, UnrankedMemRefType)", ""),
    "VectorType": ("VectorType", "builtin.vector"),
    "ShapedType": ("ShapedType", ""),
    "OpaqueType": ("OpaqueType", "builtin.opaque"),
}

#: MLIR's builtin attribute classes and the runtime class each is read as.
_BUILTIN_ATTRS: dict[str, str] = {
    "Attribute": "",
    "TypedAttr": "",
    "StringAttr": "StringAttr",
    "IntegerAttr": "IntegerAttr",
    "BoolAttr": "BoolAttr",
    "FloatAttr": "FloatAttr",
    "ArrayAttr": "ArrayAttr",
    "DictionaryAttr": "DictionaryAttr",
    "TypeAttr": "TypeAttr",
    "SymbolRefAttr": "SymbolRefAttr",
    "FlatSymbolRefAttr": "SymbolRefAttr",
    "UnitAttr": "UnitAttr",
    "ElementsAttr": "(DenseElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr, SparseElementsAttr)",
    "DenseElementsAttr": "(DenseElementsAttr, DenseStringElementsAttr)",
    "DenseIntElementsAttr": "DenseElementsAttr",
    "DenseFPElementsAttr": "DenseElementsAttr",
    "DenseStringElementsAttr": "DenseStringElementsAttr",
    "DenseResourceElementsAttr": "DenseResourceElementsAttr",
    "SparseElementsAttr": "SparseElementsAttr",
    "DenseArrayAttr": "DenseArrayAttr",
    "DenseBoolArrayAttr": "DenseArrayAttr",
    "DenseI8ArrayAttr": "DenseArrayAttr",
    "DenseI16ArrayAttr": "DenseArrayAttr",
    "DenseI32ArrayAttr": "DenseArrayAttr",
    "DenseI64ArrayAttr": "DenseArrayAttr",
    "DenseF32ArrayAttr": "DenseArrayAttr",
    "DenseF64ArrayAttr": "DenseArrayAttr",
    "AffineMapAttr": "AffineMapAttr",
    "IntegerSetAttr": "IntegerSetAttr",
    "StridedLayoutAttr": "StridedLayoutAttr",
    "LocationAttr": "LocationAttr",
    "DistinctAttr": "DistinctAttr",
    "OpaqueAttr": "OpaqueAttr",
}

#: C++ types with no `FieldParser` in MLIR, and the Python value each holds.
_UNPARSED: dict[str, str] = {
    "bool": "bool",
    "float": "float",
    "double": "float",
    "APFloat": "float",
    "AffineMap": "AffineMap",
    "IntegerSet": "IntegerSet",
}

_TEMPLATE = re.compile(r"^(\w+)\s*<(.*)>$", re.S)
_PY_TUPLE = re.compile(r"^tuple\[(.*),\s*\.\.\.\]$", re.S)
_PY_OPTIONAL = re.compile(r"^(.*?)\s*\|\s*None$", re.S)


def _strip(spelled: str) -> str:
    return _NAMESPACE.sub("", spelled.strip())


def _template_args(text: str) -> list[str]:
    """Top-level comma-separated template arguments."""
    out: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return out


def _last_component(spelled: str) -> str:
    return spelled.strip().rsplit("::", 1)[-1].strip()


def _dialect_defs(
    dialect: DialectDef | None,
) -> tuple[dict[str, TypeDef], dict[str, AttrDef], dict[str, EnumDef]]:
    types: dict[str, TypeDef] = {}
    attrs: dict[str, AttrDef] = {}
    enums: dict[str, EnumDef] = {}
    if dialect is None:
        return types, attrs, enums
    for t in dialect.types:
        types[t.def_name] = t
        types.setdefault(class_name_from_def(t.def_name), t)
    for a in dialect.attributes:
        attrs[a.def_name] = a
        attrs.setdefault(class_name_from_def(a.def_name), a)
    for e in dialect.enums:
        enums[e.def_name] = e
        declared = getattr(e, "class_name", None)
        enums.setdefault(declared if isinstance(declared, str) and declared else e.def_name, e)
        enums.setdefault(class_name_from_def(e.def_name), e)
    return types, attrs, enums


def _enum_class(enum: EnumDef) -> str:
    declared = getattr(enum, "class_name", None)
    if isinstance(declared, str) and declared:
        return declared
    return class_name_from_def(enum.def_name)


def param_kind(spelled: str, dialect: DialectDef | None = None) -> ParamKind:
    """What a parameter of type `spelled` holds and how formats read it (see the module
    docstring); `dialect` knows the dialect's own types, attributes and enums."""
    return _kind(spelled.strip(), _dialect_defs(dialect))


def _kind(
    spelled: str,
    defs: tuple[dict[str, TypeDef], dict[str, AttrDef], dict[str, EnumDef]],
) -> ParamKind:
    if spelled == "SelfType":
        return ParamKind("self_type", "Type")
    # Python spellings: `tuple[T, ...]`, `T | None`.
    m = _PY_TUPLE.match(spelled)
    if m is not None:
        element = _kind(m.group(1).strip(), defs)
        return ParamKind("array", f"tuple[{element.annotation}, ...]", element)
    m = _PY_OPTIONAL.match(spelled)
    if m is not None:
        element = _kind(m.group(1).strip(), defs)
        if element.kind in ("int", "attr", "type", "str", "enum"):
            return ParamKind("optional", f"{element.annotation} | None", element)
        return ParamKind("python", spelled if _is_annotation(spelled) else "object")
    name = _strip(spelled)
    m = _TEMPLATE.match(name)
    if m is not None:
        template, args = m.group(1), _template_args(m.group(2))
        if template in ("ArrayRef", "SmallVector", "vector") and args:
            element = _kind(args[0], defs)
            return ParamKind("array", f"tuple[{element.annotation}, ...]", element)
        if template == "optional" and len(args) == 1:
            element = _kind(args[0], defs)
            if element.kind in ("int", "attr"):
                return ParamKind("optional", f"{element.annotation} | None", element)
        return ParamKind("python", "object")
    if name in _INTEGERS:
        bits, signed = _INTEGERS[name]
        return ParamKind("int", "int", bits=bits, signed=signed)
    if name in _STRINGS:
        return ParamKind("str", "str")
    if name in _UNPARSED:
        return ParamKind("unparsed", _UNPARSED[name])
    types, attrs, enums = defs
    last = _last_component(spelled)
    if name in _BUILTIN_TYPES:
        cls, ir_name = _BUILTIN_TYPES[name]
        annotation = "Type" if not cls else (cls if not cls.startswith("(") else "Type")
        return ParamKind("type", annotation, cls=cls, ir_name=ir_name)
    if name in _BUILTIN_ATTRS:
        cls = _BUILTIN_ATTRS[name]
        annotation = "Attribute" if not cls or cls.startswith("(") else cls
        return ParamKind("attr", annotation, cls=cls, typed_attr=name == "TypedAttr")
    typedef = types.get(spelled) or types.get(last)
    if typedef is not None:
        cls = class_name_from_def(typedef.def_name)
        return ParamKind("type", cls, cls=cls, dialect_def=True, stripped=bool(typedef.parameters))
    attrdef = attrs.get(spelled) or attrs.get(last)
    if attrdef is not None:
        cls = class_name_from_def(attrdef.def_name)
        stripped = bool(attrdef.parameters) or attrdef.enum is not None
        return ParamKind("attr", cls, cls=cls, dialect_def=True, stripped=stripped)
    enum = enums.get(spelled) or enums.get(last)
    if enum is not None:
        cls = _enum_class(enum)
        return ParamKind("enum", cls, cls=cls)
    return ParamKind("python", spelled if _is_annotation(spelled) else "object")


def _is_annotation(text: str) -> bool:
    """Whether `text` reads as a Python annotation (a C++ type does not)."""
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True


def parameter_default(param: ParameterDef, kind: ParamKind) -> str | None:
    """The Python expression a parameter defaults to: its `default`, the empty value
    of an `OptionalParameter`, or None for a parameter that must be given."""
    if param.default is not None:
        return param.default
    if param.optional:
        return kind.empty
    return None


def parameter_annotation(param: ParameterDef, kind: ParamKind) -> str:
    """The annotation of a parameter's value: an optional type or attribute may be None."""
    if param.optional and kind.kind in ("type", "attr") and not kind.annotation.endswith("None"):
        return f"{kind.annotation} | None"
    return kind.annotation
