"""Builtin types, uniqued so that type equality is object identity.

Every type class keeps a table from its structural key to its one instance; `get`
returns that instance. Types are immutable. Each type knows whether any attribute
nested in it can be printed through an alias (an affine-map layout, say), so the
printer can skip the alias pre-pass for types that have none, and types without
such parts cache their printed text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from mypy_extensions import mypyc_attr

from generator.ir.uniquing import Uniqued, UniqueTable, unique

if TYPE_CHECKING:
    from generator.ir.attributes import Attribute

__all__ = [
    "DYNAMIC",
    "MAX_INTEGER_WIDTH",
    "TUPLE_ALIAS_MIN_SIZE",
    "ComplexType",
    "FloatType",
    "FunctionType",
    "IndexType",
    "IntegerType",
    "MemRefType",
    "NoneType",
    "OpaqueType",
    "RankedTensorType",
    "ShapedType",
    "Signedness",
    "TupleType",
    "Type",
    "UnrankedMemRefType",
    "UnrankedTensorType",
    "VectorType",
    "format_shape",
]

#: The marker for a dynamic dimension (`?`), as MLIR's ShapedType::kDynamic.
DYNAMIC = -(2**63)

#: The widest integer type MLIR has, in bits (`IntegerType::kMaxWidth`).
MAX_INTEGER_WIDTH: Final = (1 << 24) - 1


@mypyc_attr(allow_interpreted_subclasses=True)
class Type(Uniqued):
    """Base of all types. Equality is identity; subclasses are uniqued."""

    __slots__ = ()
    KIND = "types"

    def _print(self) -> str:
        from generator.ir.printer import type_to_string

        return type_to_string(self)

    def __repr__(self) -> str:
        return f"<type {self}>"


class Signedness:
    """Integer signedness semantics, as MLIR's IntegerType::SignednessSemantics."""

    SIGNLESS: Final = 0
    SIGNED: Final = 1
    UNSIGNED: Final = 2


class IntegerType(Type):
    """`iN`, `siN` or `uiN`."""

    __slots__ = ("signedness", "width")
    _cache: ClassVar[UniqueTable[tuple[int, int], IntegerType]] = UniqueTable()

    def __init__(self, width: int, signedness: int) -> None:
        super().__init__()
        self.width = width
        self.signedness = signedness
        prefix = ("i", "si", "ui")[signedness]
        self._text = f"{prefix}{width}"

    @classmethod
    def get(cls, width: int, signedness: int = Signedness.SIGNLESS) -> IntegerType:
        """Return the unique integer type of this width (0 to `MAX_INTEGER_WIDTH`) and
        signedness (a `Signedness`)."""
        key = (width, signedness)
        t = cls._cache.get(key)
        if t is None:
            # Only a type not made before is checked: the checks cost nothing after.
            if not isinstance(width, int):
                raise TypeError(f"integer width must be an int, got {type(width).__name__}")
            if not 0 <= width <= MAX_INTEGER_WIDTH:
                raise ValueError(
                    f"integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits, got {width}"
                    if width > 0
                    else f"integer bitwidth must not be negative, got {width}"
                )
            if signedness not in (Signedness.SIGNLESS, Signedness.SIGNED, Signedness.UNSIGNED):
                raise ValueError(
                    f"signedness must be Signedness.SIGNLESS, SIGNED or UNSIGNED, got {signedness}"
                )
            t = unique(cls._cache, key, cls(width, signedness))
        return t

    @property
    def is_signless(self) -> bool:
        """True for `iN`."""
        return self.signedness == Signedness.SIGNLESS

    @property
    def is_unsigned(self) -> bool:
        """True for `uiN`."""
        return self.signedness == Signedness.UNSIGNED


class IndexType(Type):
    """`index`."""

    __slots__ = ()
    _instance: ClassVar[IndexType | None] = None

    @classmethod
    def get(cls) -> IndexType:
        """Return the `index` type."""
        if cls._instance is None:
            cls._instance = cls()
            cls._instance._text = "index"
        return cls._instance


class NoneType(Type):
    """`none`."""

    __slots__ = ()
    _instance: ClassVar[NoneType | None] = None

    @classmethod
    def get(cls) -> NoneType:
        """Return the `none` type."""
        if cls._instance is None:
            cls._instance = cls()
            cls._instance._text = "none"
        return cls._instance


#: Every float type keyword MLIR 22 prints, in no particular order.
FLOAT_TYPE_NAMES = (
    "f16",
    "bf16",
    "f32",
    "f64",
    "f80",
    "f128",
    "tf32",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
)


class FloatType(Type):
    """A floating-point type, named by its MLIR keyword (`f32`, `bf16`, `f8E4M3FN`, ...)."""

    __slots__ = ("name",)
    _cache: ClassVar[UniqueTable[str, FloatType]] = UniqueTable()

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self._text = name

    @classmethod
    def get(cls, name: str) -> FloatType:
        """Return the float type with this keyword."""
        t = cls._cache.get(name)
        if t is None:
            if name not in FLOAT_TYPE_NAMES:
                raise ValueError(f"unknown float type '{name}'")
            t = unique(cls._cache, name, cls(name))
        return t

    @property
    def width(self) -> int:
        """The bit width of the type."""
        from generator.ir.floats import FLOAT_FORMATS

        return FLOAT_FORMATS[self.name].width


class ComplexType(Type):
    """`complex<T>`."""

    __slots__ = ("element_type",)
    _cache: ClassVar[UniqueTable[Type, ComplexType]] = UniqueTable()

    def __init__(self, element_type: Type) -> None:
        super().__init__(element_type.has_alias_parts)
        self.element_type = element_type

    @classmethod
    def get(cls, element_type: Type) -> ComplexType:
        """Return `complex<element_type>`."""
        t = cls._cache.get(element_type)
        if t is None:
            t = unique(cls._cache, element_type, cls(element_type))
        return t


class FunctionType(Type):
    """`(inputs) -> results`."""

    __slots__ = ("inputs", "results")
    _cache: ClassVar[UniqueTable[tuple[tuple[Type, ...], tuple[Type, ...]], FunctionType]] = (
        UniqueTable()
    )

    def __init__(self, inputs: tuple[Type, ...], results: tuple[Type, ...]) -> None:
        super().__init__(any(t.has_alias_parts for t in inputs + results))
        self.inputs = inputs
        self.results = results

    @classmethod
    def get(cls, inputs: tuple[Type, ...], results: tuple[Type, ...]) -> FunctionType:
        """Return the function type with these inputs and results."""
        key = (inputs, results)
        t = cls._cache.get(key)
        if t is None:
            t = unique(cls._cache, key, cls(inputs, results))
        return t


#: Tuples of at least this many elements print through a `!tuple` alias, as in MLIR.
TUPLE_ALIAS_MIN_SIZE = 17


class TupleType(Type):
    """`tuple<T...>`; a long one is itself printed through an alias."""

    __slots__ = ("types",)
    _cache: ClassVar[UniqueTable[tuple[Type, ...], TupleType]] = UniqueTable()

    def __init__(self, types: tuple[Type, ...]) -> None:
        super().__init__(
            len(types) >= TUPLE_ALIAS_MIN_SIZE or any(t.has_alias_parts for t in types)
        )
        self.types = types

    @classmethod
    def get(cls, types: tuple[Type, ...]) -> TupleType:
        """Return `tuple<types...>`."""
        t = cls._cache.get(types)
        if t is None:
            t = unique(cls._cache, types, cls(types))
        return t


def format_shape(shape: tuple[int, ...], scalable: tuple[bool, ...] = ()) -> str:
    """Return `4x?x` style dimension text (with the trailing `x`) for a shape."""
    parts = []
    for i, d in enumerate(shape):
        text = "?" if d == DYNAMIC else str(d)
        if scalable and scalable[i]:
            text = f"[{text}]"
        parts.append(text)
        parts.append("x")
    return "".join(parts)


class ShapedType(Type):
    """Common base of vector, tensor and memref types."""

    __slots__ = ("element_type",)

    element_type: Type

    @property
    def has_rank(self) -> bool:
        """False for unranked tensors and memrefs."""
        return True

    @property
    def shape(self) -> tuple[int, ...]:
        """The dimensions; `DYNAMIC` marks `?`."""
        raise NotImplementedError

    @property
    def rank(self) -> int:
        """The number of dimensions."""
        return len(self.shape)

    @property
    def num_elements(self) -> int:
        """The static element count; only meaningful for static shapes."""
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def has_static_shape(self) -> bool:
        """True when no dimension is dynamic."""
        return self.has_rank and DYNAMIC not in self.shape


class VectorType(ShapedType):
    """`vector<4x[8]xf32>`; `scalable` flags each dimension."""

    __slots__ = ("_shape", "scalable")
    _cache: ClassVar[UniqueTable[tuple[tuple[int, ...], Type, tuple[bool, ...]], VectorType]] = (
        UniqueTable()
    )

    def __init__(
        self, shape: tuple[int, ...], element_type: Type, scalable: tuple[bool, ...]
    ) -> None:
        super().__init__(element_type.has_alias_parts)
        self._shape = shape
        self.element_type = element_type
        self.scalable = scalable

    @property
    def shape(self) -> tuple[int, ...]:
        """The dimensions."""
        return self._shape

    @classmethod
    def get(
        cls, shape: tuple[int, ...], element_type: Type, scalable: tuple[bool, ...] | None = None
    ) -> VectorType:
        """Return the vector type; `scalable` defaults to all-fixed dimensions."""
        if scalable is None or not any(scalable):
            scalable = (False,) * len(shape)
        key = (shape, element_type, scalable)
        t = cls._cache.get(key)
        if t is None:
            t = unique(cls._cache, key, cls(shape, element_type, scalable))
        return t


class RankedTensorType(ShapedType):
    """`tensor<4x?xf32>` with an optional encoding attribute."""

    __slots__ = ("_shape", "encoding")
    _cache: ClassVar[
        UniqueTable[tuple[tuple[int, ...], Type, Attribute | None], RankedTensorType]
    ] = UniqueTable()

    def __init__(
        self, shape: tuple[int, ...], element_type: Type, encoding: Attribute | None
    ) -> None:
        super().__init__(
            element_type.has_alias_parts or (encoding is not None and encoding.has_alias_parts)
        )
        self._shape = shape
        self.element_type = element_type
        self.encoding = encoding

    @property
    def shape(self) -> tuple[int, ...]:
        """The dimensions."""
        return self._shape

    @classmethod
    def get(
        cls, shape: tuple[int, ...], element_type: Type, encoding: Attribute | None = None
    ) -> RankedTensorType:
        """Return the ranked tensor type."""
        key = (shape, element_type, encoding)
        t = cls._cache.get(key)
        if t is None:
            t = unique(cls._cache, key, cls(shape, element_type, encoding))
        return t


class UnrankedTensorType(ShapedType):
    """`tensor<*xf32>`."""

    __slots__ = ()
    _cache: ClassVar[UniqueTable[Type, UnrankedTensorType]] = UniqueTable()

    def __init__(self, element_type: Type) -> None:
        super().__init__(element_type.has_alias_parts)
        self.element_type = element_type

    @property
    def has_rank(self) -> bool:
        """Unranked."""
        return False

    @property
    def shape(self) -> tuple[int, ...]:
        """Unranked types have no shape."""
        raise ValueError("unranked tensor has no shape")

    @classmethod
    def get(cls, element_type: Type) -> UnrankedTensorType:
        """Return `tensor<*xT>`."""
        t = cls._cache.get(element_type)
        if t is None:
            t = unique(cls._cache, element_type, cls(element_type))
        return t


class MemRefType(ShapedType):
    """`memref<4x?xf32, layout, memory_space>`."""

    __slots__ = ("_shape", "layout", "memory_space")
    _cache: ClassVar[
        UniqueTable[tuple[tuple[int, ...], Type, Attribute | None, Attribute | None], MemRefType]
    ] = UniqueTable()

    def __init__(
        self,
        shape: tuple[int, ...],
        element_type: Type,
        layout: Attribute | None,
        memory_space: Attribute | None,
    ) -> None:
        super().__init__(
            element_type.has_alias_parts
            or (layout is not None and layout.has_alias_parts)
            or (memory_space is not None and memory_space.has_alias_parts)
        )
        self._shape = shape
        self.element_type = element_type
        #: None for the identity layout, which MLIR never prints.
        self.layout = layout
        #: None for the default memory space.
        self.memory_space = memory_space

    @property
    def shape(self) -> tuple[int, ...]:
        """The dimensions."""
        return self._shape

    @classmethod
    def get(
        cls,
        shape: tuple[int, ...],
        element_type: Type,
        layout: Attribute | None = None,
        memory_space: Attribute | None = None,
    ) -> MemRefType:
        """Return the memref type."""
        key = (shape, element_type, layout, memory_space)
        t = cls._cache.get(key)
        if t is None:
            t = unique(cls._cache, key, cls(shape, element_type, layout, memory_space))
        return t


class UnrankedMemRefType(ShapedType):
    """`memref<*xf32, memory_space>`."""

    __slots__ = ("memory_space",)
    _cache: ClassVar[UniqueTable[tuple[Type, Attribute | None], UnrankedMemRefType]] = UniqueTable()

    def __init__(self, element_type: Type, memory_space: Attribute | None) -> None:
        super().__init__(
            element_type.has_alias_parts
            or (memory_space is not None and memory_space.has_alias_parts)
        )
        self.element_type = element_type
        self.memory_space = memory_space

    @property
    def has_rank(self) -> bool:
        """Unranked."""
        return False

    @property
    def shape(self) -> tuple[int, ...]:
        """Unranked types have no shape."""
        raise ValueError("unranked memref has no shape")

    @classmethod
    def get(cls, element_type: Type, memory_space: Attribute | None = None) -> UnrankedMemRefType:
        """Return `memref<*xT, space>`."""
        key = (element_type, memory_space)
        t = cls._cache.get(key)
        if t is None:
            t = unique(cls._cache, key, cls(element_type, memory_space))
        return t


class OpaqueType(Type):
    """A type of a dialect this runtime does not know: `!dialect.body` or `!dialect<"body">`.

    `data` is the text after the dialect name exactly as written, e.g. `bar<a>` for
    `!foo.bar<a>`. `alias_hint` remembers the alias name the input gave it, so that
    a file printed by MLIR (which aliases some dialect types) prints back the same.
    """

    __slots__ = ("alias_hint", "data", "dialect")
    _cache: ClassVar[UniqueTable[tuple[str, str], OpaqueType]] = UniqueTable()

    def __init__(self, dialect: str, data: str) -> None:
        super().__init__()
        self.dialect = dialect
        self.data = data
        self.alias_hint: str | None = None

    @classmethod
    def get(cls, dialect: str, data: str) -> OpaqueType:
        """Return the opaque type `!dialect<data>`."""
        key = (dialect, data)
        t = cls._cache.get(key)
        if t is None:
            t = unique(cls._cache, key, cls(dialect, data))
        return t
