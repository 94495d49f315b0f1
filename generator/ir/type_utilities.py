"""Type queries shared by generated constraint predicates, traits and type inference.

MLIR keeps these in `TypeUtilities` and its trait helpers; here, as there, they are
written once and called from the specialized code of every op: element types
(`element_type_or_self`), shape compatibility and broadcasting (`compatible_shapes`,
`broadcast_shapes`), the `i1` type shaped like another (`i1_same_shape`), and the
types that attributes carry, with the attribute kinds that have one (MLIR's
`TypedAttr` and `ElementsAttr`). The kind tests MLIR's `Type` answers for any type
(`isSignlessInteger(32)`, `isIntOrIndex()`, ...) and its kinds that are not classes
here (`FixedVectorType`, `DenseI64ArrayAttr`, `FlatSymbolRefAttr`, ...) are
functions, so that a predicate asks them of any value without narrowing it first.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attr_type_base import DialectType, ParametricAttr, ParametricType
from generator.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    DenseResourceElementsAttr,
    DenseStringElementsAttr,
    FloatAttr,
    IntegerAttr,
    OpaqueAttr,
    SparseElementsAttr,
    StringAttr,
    SymbolRefAttr,
)
from generator.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    RankedTensorType,
    ShapedType,
    Signedness,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)

__all__ = [
    "attr_type",
    "broadcast_shapes",
    "compatible_shapes",
    "container_element_or_self",
    "dialect_type_mnemonic",
    "element_type_or_self",
    "i1_same_shape",
    "is_dense_array",
    "is_dense_float_elements",
    "is_dense_int_elements",
    "is_dialect_type",
    "is_elements_attr",
    "is_fixed_vector",
    "is_flat_symbol_ref",
    "is_int_or_float",
    "is_int_or_index",
    "is_int_or_index_or_float",
    "is_integer_type",
    "is_memref_or_llvm_ptr",
    "is_scalable_vector",
    "is_signless_int_elements",
    "is_typed_attr",
    "llvm_address_space",
    "llvm_compatible_float",
    "llvm_compatible_outer_type",
    "llvm_compatible_vector",
    "llvm_type_mnemonic",
    "tensor_dims",
    "type_id",
    "typed_attr_type",
]


def element_type_or_self(t: Type) -> Type:
    """The element type of a shaped type; any other type itself (`getElementTypeOrSelf`)."""
    if isinstance(t, ShapedType):
        return t.element_type
    return t


def container_element_or_self(t: Type) -> Type:
    """The element type of a vector or tensor; any other type itself (MLIR's `-like`)."""
    if isinstance(t, (VectorType, RankedTensorType, UnrankedTensorType)):
        return t.element_type
    return t


def attr_type(a: Attribute | None) -> Type:
    """The type of a typed attribute (`ValueError` for other attributes).

    A string attribute written without a type has type `none`, as in MLIR.
    """
    t = getattr(a, "type", None)
    if isinstance(t, Type):
        return t
    if isinstance(a, (StringAttr, OpaqueAttr)):
        return NoneType.get()
    raise ValueError(f"attribute {a} has no type")


_TYPED_ATTRS = (
    IntegerAttr,
    FloatAttr,
    DenseElementsAttr,
    DenseStringElementsAttr,
    DenseResourceElementsAttr,
    SparseElementsAttr,
)


def is_typed_attr(a: Attribute) -> bool:
    """True for attributes with a type (MLIR's `TypedAttr`)."""
    if isinstance(a, _TYPED_ATTRS):
        return True
    if isinstance(a, ParametricAttr) and a.self_type() is not None:
        # A dialect attribute with a self type parameter (`#complex.number`).
        return True
    # A string attribute is typed (`none` when no type is written), as in MLIR.
    return isinstance(a, (StringAttr, OpaqueAttr))


def typed_attr_type(a: Attribute | None) -> Type | None:
    """The type of a typed attribute (`none` for a string without one); None for
    other attributes."""
    t = getattr(a, "type", None)
    if isinstance(t, Type):
        return t
    return NoneType.get() if isinstance(a, (StringAttr, OpaqueAttr)) else None


def is_elements_attr(a: Attribute) -> bool:
    """True for dense, sparse and resource elements attributes (`ElementsAttr`)."""
    return isinstance(
        a,
        (DenseElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr, SparseElementsAttr),
    )


def is_signless_int_elements(a: Attribute, width: int | None = None) -> bool:
    """True for integer elements attributes (of `width` bits when given)."""
    if not isinstance(a, (DenseElementsAttr, DenseResourceElementsAttr, SparseElementsAttr)):
        return False
    elem = a.type.element_type
    return isinstance(elem, IntegerType) and (width is None or elem.width == width)


def compatible_shapes(a: Type, b: Type) -> bool:
    """MLIR's `verifyCompatibleShape`: equal ranks and dims, `?` matching anything.

    An unranked type is compatible with any shaped type; two types that are not
    shaped are compatible, a shaped type and another type are not.
    """
    sa = isinstance(a, ShapedType)
    sb = isinstance(b, ShapedType)
    if not sa or not sb:
        return not sa and not sb
    assert isinstance(a, ShapedType)
    assert isinstance(b, ShapedType)
    if not a.has_rank or not b.has_rank:
        return True
    if a.rank != b.rank:
        return False
    if isinstance(a, VectorType) and isinstance(b, VectorType) and a.scalable != b.scalable:
        # A scalable dimension is compatible only with a scalable one.
        return False
    return all(DYNAMIC in (x, y) or x == y for x, y in zip(a.shape, b.shape, strict=True))


def tensor_dims(t: Type) -> tuple[int, ...] | None:
    """A tensor's dimensions; None for an unranked tensor and () for any other type.

    MLIR's `SameInputOutputTensorDims` compares these for casts.
    """
    if isinstance(t, RankedTensorType):
        return t.shape
    if isinstance(t, UnrankedTensorType):
        return None
    return ()


def i1_same_shape(t: Type) -> Type:
    """`i1`, or a vector or tensor of `i1` shaped like `t` (MLIR's `getI1SameShape`)."""
    i1 = IntegerType.get(1)
    if isinstance(t, VectorType):
        return VectorType.get(t.shape, i1, t.scalable)
    if isinstance(t, RankedTensorType):
        return RankedTensorType.get(t.shape, i1, t.encoding)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType.get(i1)
    return i1


def broadcast_shapes(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...] | None:
    """The shape two shapes broadcast to (NumPy's rule, as MLIR's
    `OpTrait::util::getBroadcastedShape`), or None when they do not broadcast.

    Dimensions are aligned from the right; equal sizes, a size of 1 or a dynamic
    size on either side are compatible.
    """
    out: list[int] = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        elif DYNAMIC in (x, y):
            out.append(y if x == DYNAMIC else x)
        else:
            return None
    return tuple(reversed(out))


def is_integer_type(t: Type, width: int | None = None, signedness: int | None = None) -> bool:
    """True for an integer type, of `width` bits and `signedness` (a `Signedness`)
    when given (MLIR's `isInteger`, `isSignlessInteger`, `isSignedInteger`, ...)."""
    if not isinstance(t, IntegerType):
        return False
    return (width is None or t.width == width) and (
        signedness is None or t.signedness == signedness
    )


def is_int_or_index(t: Type, signless: bool = False) -> bool:
    """True for `index` and integer types, only signless ones with `signless`
    (`isIntOrIndex`, `isSignlessIntOrIndex`)."""
    if isinstance(t, IndexType):
        return True
    return isinstance(t, IntegerType) and (not signless or t.is_signless)


def is_int_or_float(t: Type, signless: bool = False) -> bool:
    """True for float and integer types, only signless integers with `signless`
    (`isIntOrFloat`, `isSignlessIntOrFloat`)."""
    if isinstance(t, FloatType):
        return True
    return isinstance(t, IntegerType) and (not signless or t.is_signless)


def is_int_or_index_or_float(t: Type, signless: bool = False) -> bool:
    """True for `index`, float and integer types, only signless integers with
    `signless` (`isIntOrIndexOrFloat`, `isSignlessIntOrIndexOrFloat`)."""
    return isinstance(t, IndexType) or is_int_or_float(t, signless)


def is_fixed_vector(t: Type) -> bool:
    """True for a vector type without scalable dimensions (`FixedVectorType`)."""
    return isinstance(t, VectorType) and not any(t.scalable)


def is_scalable_vector(t: Type) -> bool:
    """True for a vector type with a scalable dimension (`ScalableVectorType`)."""
    return isinstance(t, VectorType) and any(t.scalable)


#: The builtin float types the LLVM dialect takes as its own floating-point types.
_LLVM_FLOATS = frozenset({"bf16", "f16", "f32", "f64", "f80", "f128"})


def dialect_type_mnemonic(t: Type, dialect: str) -> str | None:
    """The mnemonic of a type of `dialect` (`operation` for `!pdl.operation`), or None
    for any other type: how one dialect's ops test for another dialect's types,
    whichever generated package defines their classes."""
    if isinstance(t, (DialectType, ParametricType)) and dialect == t.DIALECT:
        return t.MNEMONIC
    return None


def is_dialect_type(t: Type, dialect: str, mnemonic: str) -> bool:
    """True for the one type `!dialect.mnemonic` of a dialect type without parameters
    (`!pdl.operation`), whichever generated package defines its class."""
    return isinstance(t, DialectType) and dialect == t.DIALECT and mnemonic == t.MNEMONIC


def llvm_type_mnemonic(t: Type) -> str | None:
    """The mnemonic of a type of the LLVM dialect (`ptr` for `!llvm.ptr<1>`), or None
    for any other type. The LLVM dialect's types are all compatible outer types, so
    a dialect that defines them is asked by name, whatever class defines them."""
    if isinstance(t, (DialectType, ParametricType)) and t.DIALECT == "llvm":
        return t.MNEMONIC
    return None


def is_memref_or_llvm_ptr(t: Type, unranked: bool = True) -> bool:
    """True for a memref (an unranked one only with `unranked`) or `!llvm.ptr`: the
    types the OpenACC and OpenMP dialects make pointer-like (their `PointerLikeType`
    interfaces), by models they attach to these classes when they load; OpenMP's
    leaves unranked memrefs out."""
    if isinstance(t, MemRefType) or (unranked and isinstance(t, UnrankedMemRefType)):
        return True
    return llvm_type_mnemonic(t) == "ptr"


def llvm_address_space(t: Type) -> int:
    """The address space of `!llvm.ptr<N>` (`LLVMPointerType::getAddressSpace`), -1
    for any other type (C++ casts first; -1 is no address space, so a comparison
    with one fails instead of raising)."""
    if isinstance(t, ParametricType) and llvm_type_mnemonic(t) == "ptr" and t.params:
        space = t.params[0]
        if isinstance(space, int):
            return space
    return -1


def llvm_compatible_float(t: Type) -> bool:
    """True for the floating-point types LLVM has (`LLVM::isCompatibleFloatingPointType`):
    `bf16`, `f16`, `f32`, `f64`, `f80`, `f128` and `!llvm.ppc_fp128`."""
    if isinstance(t, FloatType):
        return t.name in _LLVM_FLOATS
    return llvm_type_mnemonic(t) == "ppc_fp128"


def llvm_compatible_outer_type(t: Type) -> bool:
    """True for a type the LLVM dialect takes without looking inside it
    (`LLVM::isCompatibleOuterType`): its float types, signless integers, vectors of
    rank 1 (of any element type), and the types of the LLVM dialect itself."""
    if isinstance(t, FloatType):
        return t.name in _LLVM_FLOATS
    if isinstance(t, IntegerType):
        return t.signedness == Signedness.SIGNLESS
    if isinstance(t, VectorType):
        return len(t.shape) == 1
    return llvm_type_mnemonic(t) is not None


def llvm_compatible_vector(t: Type) -> bool:
    """True for a vector LLVM has (`LLVM::isCompatibleVectorType`): rank 1, fixed or
    scalable, of signless integers, LLVM's float types (not `!llvm.ppc_fp128`) or
    `!llvm.ptr`."""
    if not isinstance(t, VectorType) or len(t.shape) != 1:
        return False
    element = t.element_type
    if isinstance(element, IntegerType):
        return element.signedness == Signedness.SIGNLESS
    if isinstance(element, FloatType):
        return element.name in _LLVM_FLOATS
    return llvm_type_mnemonic(element) == "ptr"


def is_dense_array(a: Attribute, element_type: Type | None = None) -> bool:
    """True for a dense array, of `element_type` elements when given
    (`DenseI64ArrayAttr` is `is_dense_array(a, IntegerType.get(64))`)."""
    return isinstance(a, DenseArrayAttr) and (
        element_type is None or a.element_type == element_type
    )


def is_dense_int_elements(a: Attribute) -> bool:
    """True for dense elements of integer or index type (`DenseIntElementsAttr`)."""
    return isinstance(a, DenseElementsAttr) and isinstance(
        a.type.element_type, (IntegerType, IndexType)
    )


def is_dense_float_elements(a: Attribute) -> bool:
    """True for dense elements of float type (`DenseFPElementsAttr`)."""
    return isinstance(a, DenseElementsAttr) and isinstance(a.type.element_type, FloatType)


def is_flat_symbol_ref(a: Attribute) -> bool:
    """True for a symbol reference without nested references (`FlatSymbolRefAttr`)."""
    return isinstance(a, SymbolRefAttr) and not a.nested


def type_id(t: Type) -> tuple[type, str]:
    """What tells kinds of types apart, as MLIR's `TypeID` does: the class, and for
    a float type its name (`f16` and `f32` are different classes in MLIR)."""
    return type(t), t.name if isinstance(t, FloatType) else ""
