"""Builtin attributes, uniqued so that attribute equality is object identity.

Values are stored the way the printer needs them: integers already wrapped to
their type's width and signedness, floats as raw bit patterns of their format (so
NaN payloads and negative zero survive a round trip), strings as Python text whose
non-UTF-8 bytes are kept with `surrogateescape`. `has_alias_parts` tells the
printer whether an attribute or anything nested in it may print as an alias.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from generator.ir.types import (
    ComplexType,
    FloatType,
    IndexType,
    IntegerType,
    NoneType,
    ShapedType,
    Signedness,
    Type,
)
from generator.ir.uniquing import Uniqued, UniqueTable, unique

if TYPE_CHECKING:
    from generator.ir.affine import AffineMap, IntegerSet

__all__ = [
    "AffineMapAttr",
    "ArrayAttr",
    "Attribute",
    "BoolAttr",
    "CallSiteLoc",
    "DenseArrayAttr",
    "DenseElementsAttr",
    "DenseResourceElementsAttr",
    "DenseStringElementsAttr",
    "DictionaryAttr",
    "DistinctAttr",
    "FileLineColLoc",
    "FloatAttr",
    "FusedLoc",
    "IntegerAttr",
    "IntegerSetAttr",
    "LocationAttr",
    "NameLoc",
    "OpaqueAttr",
    "SparseElementsAttr",
    "StridedLayoutAttr",
    "StringAttr",
    "SymbolRefAttr",
    "TypeAttr",
    "UnitAttr",
    "UnknownLoc",
    "integer_range",
    "wrap_integer",
]


@mypyc_attr(allow_interpreted_subclasses=True)
class Attribute(Uniqued):
    """Base of all attributes. Equality is identity; subclasses are uniqued."""

    __slots__ = ()
    KIND = "attributes"

    def _print(self) -> str:
        from generator.ir.printer import attribute_to_string

        return attribute_to_string(self)

    def __repr__(self) -> str:
        return f"<attr {self}>"


def wrap_integer(value: int, type_: Type) -> int:
    """Wrap `value` to the range a value of `type_` prints in (signed unless `uiN`)."""
    if isinstance(type_, IntegerType):
        width = type_.width
        if width == 0:
            return 0
        mask = (1 << width) - 1
        value &= mask
        # Unsigned types, and signless i1 (true is 1, not -1), print unsigned.
        if type_.signedness == Signedness.UNSIGNED or (width == 1 and type_.is_signless):
            return value
        if value >> (width - 1):
            value -= 1 << width
        return value
    if isinstance(type_, IndexType):
        value &= (1 << 64) - 1
        if value >> 63:
            value -= 1 << 64
        return value
    return value


def integer_range(type_: IntegerType | IndexType) -> tuple[int, int]:
    """The lowest and highest value an integer of `type_` may be written with.

    As MLIR's parser takes literals: `siN` and `index` (64 bits) signed, `uiN`
    unsigned, and `iN` either way (so `i8` takes -128 to 255 and `255 : i8` is -1).
    """
    if isinstance(type_, IndexType):
        return -(1 << 63), (1 << 63) - 1
    width = type_.width
    if width == 0:
        return 0, 0
    signedness = type_.signedness
    if signedness == Signedness.SIGNED:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    if signedness == Signedness.UNSIGNED:
        return 0, (1 << width) - 1
    return -(1 << (width - 1)), (1 << width) - 1


def _int_text(value: int) -> str:
    # A huge value would take a while to print (or pass Python's digit limit).
    return str(value) if value.bit_length() <= 128 else f"of {value.bit_length()} bits"


def _range_text(type_: IntegerType | IndexType) -> str:
    lo, hi = integer_range(type_)
    if hi.bit_length() <= 128:
        return f"{lo} to {hi}"
    low = f"-2**{(-lo).bit_length() - 1}" if lo else "0"
    return f"{low} to 2**{hi.bit_length()}-1"


class IntegerAttr(Attribute):
    """`42 : i32`; `value` is already wrapped to the type (see `wrap_integer`)."""

    __slots__ = ("type", "value")
    _cache: ClassVar[UniqueTable[tuple[Type, int], IntegerAttr]] = UniqueTable()

    def __init__(self, type_: Type, value: int) -> None:
        super().__init__()
        self.type = type_
        self.value = value

    @classmethod
    def get(cls, type_: Type, value: int) -> IntegerAttr:
        """Return the integer attribute of `value` and `type_` (an integer or index type).

        `value` must fit the type as MLIR's parser takes it (`integer_range`): `255`
        and `-1` are the same `i8`, but `256` is refused. `wrapped` wraps instead.
        """
        a = cls._cache.get((type_, value))
        if a is None:
            # Not made before (or not in its printed form, like 255 for -1 : i8).
            if not isinstance(type_, (IntegerType, IndexType)):
                raise TypeError(
                    f"IntegerAttr.get: type must be an integer or index type, got {type_!r}"
                )
            if not isinstance(value, int):
                raise TypeError(f"IntegerAttr.get: value must be an int, got {value!r}")
            lo, hi = integer_range(type_)
            if not lo <= value <= hi:
                raise ValueError(
                    f"IntegerAttr.get: value {_int_text(value)} does not fit {type_} "
                    f"({_range_text(type_)})"
                )
            a = cls._uniqued(type_, wrap_integer(value, type_))
        return a

    @classmethod
    def wrapped(cls, type_: Type, value: int) -> IntegerAttr:
        """Return the integer attribute of `value` wrapped to the width of `type_`, as
        two's complement arithmetic (MLIR's `APInt`) does: `256` is `0 : i8`."""
        if not isinstance(type_, (IntegerType, IndexType)):
            raise TypeError(
                f"IntegerAttr.wrapped: type must be an integer or index type, got {type_!r}"
            )
        value = wrap_integer(value, type_)
        a = cls._cache.get((type_, value))
        return a if a is not None else cls._uniqued(type_, value)

    @classmethod
    def _uniqued(cls, type_: IntegerType | IndexType, value: int) -> IntegerAttr:
        key = (type_, value)
        a = cls._cache.get(key)
        if a is None:
            a = unique(
                cls._cache, key, BoolAttr(type_, value) if type_ is _I1 else cls(type_, value)
            )
        return a


_I1 = IntegerType.get(1)


class BoolAttr(IntegerAttr):
    """`true`/`false`: an `i1` integer attribute, as in MLIR."""

    __slots__ = ()

    @staticmethod
    def get_bool(value: bool) -> BoolAttr:
        """Return `true` or `false`."""
        a = IntegerAttr.get(_I1, int(value))
        assert isinstance(a, BoolAttr)
        return a


class FloatAttr(Attribute):
    """`1.000000e+00 : f32`; the value is kept as the raw bits of its format."""

    __slots__ = ("bits", "type")
    _cache: ClassVar[UniqueTable[tuple[Type, int], FloatAttr]] = UniqueTable()

    def __init__(self, type_: FloatType, bits: int) -> None:
        super().__init__()
        self.type = type_
        self.bits = bits

    @classmethod
    def get(cls, type_: FloatType, bits: int) -> FloatAttr:
        """Return the float attribute with these raw bits."""
        key = (type_, bits)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(type_, bits))
        return a

    @classmethod
    def from_value(cls, type_: FloatType, value: float) -> FloatAttr:
        """Return the float attribute nearest to a Python float."""
        from generator.ir.floats import FLOAT_FORMATS, value_to_bits

        return cls.get(type_, value_to_bits(FLOAT_FORMATS[type_.name], value))

    @property
    def value(self) -> float:
        """The value as a Python float (rounded for formats wider than f64)."""
        from generator.ir.floats import FLOAT_FORMATS, float_bits_to_python

        return float_bits_to_python(FLOAT_FORMATS[self.type.name], self.bits)


class StringAttr(Attribute):
    """`"text"`, optionally typed (`"text" : i32`)."""

    __slots__ = ("type", "value")
    _cache: ClassVar[UniqueTable[tuple[str, Type | None], StringAttr]] = UniqueTable()

    def __init__(self, value: str, type_: Type | None) -> None:
        super().__init__(type_ is not None and type_.has_alias_parts)
        self.value = value
        #: None means NoneType, which MLIR does not print.
        self.type = type_

    @classmethod
    def get(cls, value: str, type_: Type | None = None) -> StringAttr:
        """Return the string attribute."""
        if type_ is NoneType.get():
            type_ = None
        key = (value, type_)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(value, type_))
        return a


class UnitAttr(Attribute):
    """`unit`: present-or-absent flags."""

    __slots__ = ()
    _instance: ClassVar[UnitAttr | None] = None

    @classmethod
    def get(cls) -> UnitAttr:
        """Return the unit attribute."""
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance


class ArrayAttr(Attribute):
    """`[a, b, ...]`."""

    __slots__ = ("value",)
    _cache: ClassVar[UniqueTable[tuple[Attribute, ...], ArrayAttr]] = UniqueTable()

    def __init__(self, value: tuple[Attribute, ...]) -> None:
        super().__init__(any(a.has_alias_parts for a in value))
        self.value = value

    @classmethod
    def get(cls, value: tuple[Attribute, ...]) -> ArrayAttr:
        """Return the array attribute."""
        a = cls._cache.get(value)
        if a is None:
            a = unique(cls._cache, value, cls(value))
        return a

    def __len__(self) -> int:
        return len(self.value)

    def __getitem__(self, index: int) -> Attribute:
        return self.value[index]


class DictionaryAttr(Attribute):
    """`{name = value, ...}`, entries sorted by name as MLIR keeps them."""

    __slots__ = ("entries",)
    _cache: ClassVar[UniqueTable[tuple[tuple[str, Attribute], ...], DictionaryAttr]] = UniqueTable()

    def __init__(self, entries: tuple[tuple[str, Attribute], ...]) -> None:
        super().__init__(any(a.has_alias_parts for _, a in entries))
        self.entries = entries

    @classmethod
    def get(
        cls, entries: tuple[tuple[str, Attribute], ...] | dict[str, Attribute]
    ) -> DictionaryAttr:
        """Return the dictionary attribute; entries are sorted by name."""
        items = tuple(sorted(entries.items() if isinstance(entries, dict) else entries, key=_first))
        if not all(k.isascii() for k, _ in items):
            # MLIR orders names by their bytes; code points order some non-UTF-8
            # bytes (kept as surrogates) differently.
            items = tuple(sorted(items, key=_utf8_first))
        a = cls._cache.get(items)
        if a is None:
            for (k1, _), (k2, _) in pairwise(items):
                if k1 == k2:
                    raise ValueError(f"duplicate key '{k1}' in dictionary attribute")
            a = unique(cls._cache, items, cls(items))
        return a

    def get_entry(self, name: str) -> Attribute | None:
        """Return the value for `name`, or None."""
        for key, value in self.entries:
            if key == name:
                return value
        return None

    def as_dict(self) -> dict[str, Attribute]:
        """Return the entries as a fresh dict."""
        return dict(self.entries)


def _first(item: tuple[str, Attribute]) -> str:
    return item[0]


def _utf8_first(item: tuple[str, Attribute]) -> bytes:
    return item[0].encode("utf-8", "surrogateescape")


class TypeAttr(Attribute):
    """A type used as an attribute."""

    __slots__ = ("value",)
    _cache: ClassVar[UniqueTable[Type, TypeAttr]] = UniqueTable()

    def __init__(self, value: Type) -> None:
        super().__init__(value.has_alias_parts)
        self.value = value

    @classmethod
    def get(cls, value: Type) -> TypeAttr:
        """Return the type attribute."""
        a = cls._cache.get(value)
        if a is None:
            a = unique(cls._cache, value, cls(value))
        return a


class SymbolRefAttr(Attribute):
    """`@root::@nested...`; a flat reference has no nested parts."""

    __slots__ = ("nested", "root")
    _cache: ClassVar[UniqueTable[tuple[str, tuple[str, ...]], SymbolRefAttr]] = UniqueTable()

    def __init__(self, root: str, nested: tuple[str, ...]) -> None:
        super().__init__()
        self.root = root
        self.nested = nested

    @classmethod
    def get(cls, root: str, nested: tuple[str, ...] = ()) -> SymbolRefAttr:
        """Return the symbol reference."""
        key = (root, nested)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(root, nested))
        return a

    @property
    def is_flat(self) -> bool:
        """True for `@name` without nested references."""
        return not self.nested


class AffineMapAttr(Attribute):
    """`affine_map<...>`, printed through a `#map` alias."""

    __slots__ = ("value",)
    _cache: ClassVar[UniqueTable[object, AffineMapAttr]] = UniqueTable()

    def __init__(self, value: AffineMap) -> None:
        super().__init__(True)
        self.value = value

    @classmethod
    def get(cls, value: AffineMap) -> AffineMapAttr:
        """Return the attribute wrapping a (uniqued) affine map."""
        a = cls._cache.get(value)
        if a is None:
            a = unique(cls._cache, value, cls(value))
        return a


class IntegerSetAttr(Attribute):
    """`affine_set<...>`, printed through a `#set` alias."""

    __slots__ = ("value",)
    _cache: ClassVar[UniqueTable[object, IntegerSetAttr]] = UniqueTable()

    def __init__(self, value: IntegerSet) -> None:
        super().__init__(True)
        self.value = value

    @classmethod
    def get(cls, value: IntegerSet) -> IntegerSetAttr:
        """Return the attribute wrapping a (uniqued) integer set."""
        a = cls._cache.get(value)
        if a is None:
            a = unique(cls._cache, value, cls(value))
        return a


class StridedLayoutAttr(Attribute):
    """`strided<[s0, s1], offset: o>`; `DYNAMIC` marks `?`."""

    __slots__ = ("offset", "strides")
    _cache: ClassVar[UniqueTable[tuple[tuple[int, ...], int], StridedLayoutAttr]] = UniqueTable()

    def __init__(self, strides: tuple[int, ...], offset: int) -> None:
        super().__init__()
        self.strides = strides
        self.offset = offset

    @classmethod
    def get(cls, strides: tuple[int, ...], offset: int = 0) -> StridedLayoutAttr:
        """Return the strided layout."""
        key = (strides, offset)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(strides, offset))
        return a


#: One element of a dense integer/float literal: an int (integer value or float
#: bits), or a (real, imag) pair for complex element types.
DenseElement = int | tuple[int, int]


class DenseElementsAttr(Attribute):
    """`dense<...> : tensor<...>` with integer, index, float or complex elements.

    `values` holds one element when `is_splat`, otherwise every element in
    row-major order; integers are wrapped like `IntegerAttr`, floats are raw bits.

    `raw` keeps the bytes of a hex literal (`dense<"0x...">`) whose elements set
    bits beyond their width, which MLIR keeps: they print back in the hex form,
    and elements are equal (a splat) only when their bytes are.
    """

    __slots__ = ("is_splat", "raw", "type", "values")
    _cache: ClassVar[
        UniqueTable[
            tuple[ShapedType, bool, tuple[DenseElement, ...], bytes | None], DenseElementsAttr
        ]
    ] = UniqueTable()

    def __init__(
        self,
        type_: ShapedType,
        values: tuple[DenseElement, ...],
        is_splat: bool,
        raw: bytes | None = None,
    ) -> None:
        super().__init__(type_.has_alias_parts)
        self.type = type_
        self.values = values
        self.is_splat = is_splat
        self.raw = raw

    @classmethod
    def get(
        cls, type_: ShapedType, values: tuple[DenseElement, ...], raw: bytes | None = None
    ) -> DenseElementsAttr:
        """Return the elements attribute; equal elements are stored as a splat."""
        if raw is None:
            is_splat = len(values) == 1 or (
                len(values) > 1 and values.count(values[0]) == len(values)
            )
        else:
            size = len(raw) // len(values)
            is_splat = raw == raw[:size] * len(values)
            if is_splat:
                raw = raw[:size]
        if is_splat and type_.num_elements != 0:
            values = values[:1]
        key = (type_, is_splat, values, raw)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(type_, values, is_splat, raw))
        return a

    @property
    def element_type(self) -> Type:
        """The element type of the shaped type."""
        return self.type.element_type

    @property
    def is_complex(self) -> bool:
        """True for complex element types."""
        return isinstance(self.type.element_type, ComplexType)


class DenseStringElementsAttr(Attribute):
    """`dense<["a", "b"]> : tensor<2x!tf_type.string>`."""

    __slots__ = ("is_splat", "type", "values")
    _cache: ClassVar[UniqueTable[tuple[ShapedType, tuple[str, ...]], DenseStringElementsAttr]] = (
        UniqueTable()
    )

    def __init__(self, type_: ShapedType, values: tuple[str, ...], is_splat: bool) -> None:
        super().__init__(type_.has_alias_parts)
        self.type = type_
        self.values = values
        self.is_splat = is_splat

    @classmethod
    def get(cls, type_: ShapedType, values: tuple[str, ...]) -> DenseStringElementsAttr:
        """Return the string elements attribute."""
        is_splat = len(values) == 1 or (len(values) > 1 and values.count(values[0]) == len(values))
        if is_splat:
            values = values[:1]
        key = (type_, values)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(type_, values, is_splat))
        return a


class DenseResourceElementsAttr(Attribute):
    """`dense_resource<name> : tensor<...>`; the blob lives in the file's resource section."""

    __slots__ = ("handle", "type")
    _cache: ClassVar[UniqueTable[tuple[ShapedType, str], DenseResourceElementsAttr]] = UniqueTable()

    def __init__(self, type_: ShapedType, handle: str) -> None:
        # Marked as having alias parts so the printer's pre-pass sees which blobs are used.
        super().__init__(True)
        self.type = type_
        self.handle = handle

    @classmethod
    def get(cls, type_: ShapedType, handle: str) -> DenseResourceElementsAttr:
        """Return the resource elements attribute."""
        key = (type_, handle)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(type_, handle))
        return a


class SparseElementsAttr(Attribute):
    """`sparse<indices, values> : tensor<...>`."""

    __slots__ = ("indices", "type", "values")
    _cache: ClassVar[UniqueTable[tuple[ShapedType, Attribute, Attribute], SparseElementsAttr]] = (
        UniqueTable()
    )

    def __init__(self, type_: ShapedType, indices: Attribute, values: Attribute) -> None:
        super().__init__(type_.has_alias_parts)
        self.type = type_
        self.indices = indices
        self.values = values

    @classmethod
    def get(cls, type_: ShapedType, indices: Attribute, values: Attribute) -> SparseElementsAttr:
        """Return the sparse elements attribute."""
        key = (type_, indices, values)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(type_, indices, values))
        return a


class DenseArrayAttr(Attribute):
    """`array<i32: 1, 2>`; float elements are raw bits."""

    __slots__ = ("element_type", "values")
    _cache: ClassVar[UniqueTable[tuple[Type, tuple[int, ...]], DenseArrayAttr]] = UniqueTable()

    def __init__(self, element_type: Type, values: tuple[int, ...]) -> None:
        super().__init__()
        self.element_type = element_type
        self.values = values

    @classmethod
    def get(cls, element_type: Type, values: tuple[int, ...]) -> DenseArrayAttr:
        """Return the dense array attribute."""
        key = (element_type, values)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(element_type, values))
        return a


class OpaqueAttr(Attribute):
    """An attribute of a dialect this runtime does not know: `#dialect.body : type`.

    `data` is the text after the dialect name exactly as written. `alias_hint`
    remembers the alias name an input gave it (MLIR aliases some dialect
    attributes, e.g. `#extern`), so such files print back identically.
    """

    __slots__ = ("alias_hint", "data", "dialect", "type")
    _cache: ClassVar[UniqueTable[tuple[str, str, Type | None], OpaqueAttr]] = UniqueTable()

    def __init__(self, dialect: str, data: str, type_: Type | None) -> None:
        super().__init__(type_ is not None and type_.has_alias_parts)
        self.dialect = dialect
        self.data = data
        self.type = type_
        self.alias_hint: str | None = None

    @classmethod
    def get(cls, dialect: str, data: str, type_: Type | None = None) -> OpaqueAttr:
        """Return the opaque attribute."""
        if type_ is NoneType.get():
            type_ = None
        key = (dialect, data, type_)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(dialect, data, type_))
        return a


class DistinctAttr(Attribute):
    """`distinct[N]<attr>`: an attribute made unique by an identity, not its value."""

    __slots__ = ("identity", "referenced")

    def __init__(self, referenced: Attribute, identity: int) -> None:
        super().__init__(True)
        self.referenced = referenced
        #: The id the input used; printing renumbers in order of appearance.
        self.identity = identity


# ---------------------------------------------------------------------------
# Locations


class LocationAttr(Attribute):
    """Base of source locations; MLIR prints them through `#loc` aliases."""

    __slots__ = ()


class UnknownLoc(LocationAttr):
    """`loc(unknown)`."""

    __slots__ = ()
    _instance: ClassVar[UnknownLoc | None] = None

    @classmethod
    def get(cls) -> UnknownLoc:
        """Return the unknown location."""
        if cls._instance is None:
            cls._instance = cls(True)
        return cls._instance


class FileLineColLoc(LocationAttr):
    """`loc("file":line:col)`, with MLIR 22's optional range end (`to line:col`).

    As in MLIR, the parts are kept as written, so locations that print the same
    can differ: `"f":1` (no column, `col` None) and `"f":1:0`; `"f":1:2`,
    `"f":1:2 to :2` (no end line, `end_line` None) and `"f":1:2 to 1:2`.
    """

    __slots__ = ("col", "end_col", "end_line", "filename", "line")
    _cache: ClassVar[
        UniqueTable[tuple[str, int, int | None, int | None, int | None], FileLineColLoc]
    ] = UniqueTable()

    def __init__(
        self,
        filename: str,
        line: int,
        col: int | None,
        end_line: int | None,
        end_col: int | None,
    ) -> None:
        super().__init__(True)
        self.filename = filename
        self.line = line
        self.col = col
        self.end_line = end_line
        self.end_col = end_col

    @classmethod
    def get(
        cls,
        filename: str,
        line: int,
        col: int | None,
        end_line: int | None = None,
        end_col: int | None = None,
    ) -> FileLineColLoc:
        """Return the file location; a range has an `end_col`."""
        key = (filename, line, col, end_line, end_col)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(filename, line, col, end_line, end_col))
        return a


class NameLoc(LocationAttr):
    """`loc("name")` or `loc("name"(child))`."""

    __slots__ = ("child", "name")
    _cache: ClassVar[UniqueTable[tuple[str, LocationAttr | None], NameLoc]] = UniqueTable()

    def __init__(self, name: str, child: LocationAttr | None) -> None:
        super().__init__(True)
        self.name = name
        self.child = child

    @classmethod
    def get(cls, name: str, child: LocationAttr | None = None) -> NameLoc:
        """Return the name location; an unknown child is the same as none."""
        if child is UnknownLoc.get():
            child = None
        key = (name, child)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(name, child))
        return a


class CallSiteLoc(LocationAttr):
    """`loc(callsite(callee at caller))`."""

    __slots__ = ("callee", "caller")
    _cache: ClassVar[UniqueTable[tuple[LocationAttr, LocationAttr], CallSiteLoc]] = UniqueTable()

    def __init__(self, callee: LocationAttr, caller: LocationAttr) -> None:
        super().__init__(True)
        self.callee = callee
        self.caller = caller

    @classmethod
    def get(cls, callee: LocationAttr, caller: LocationAttr) -> CallSiteLoc:
        """Return the call-site location."""
        key = (callee, caller)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(callee, caller))
        return a


class FusedLoc(LocationAttr):
    """`loc(fused<metadata>[a, b])`."""

    __slots__ = ("locations", "metadata")
    _cache: ClassVar[UniqueTable[tuple[tuple[LocationAttr, ...], Attribute | None], FusedLoc]] = (
        UniqueTable()
    )

    def __init__(self, locations: tuple[LocationAttr, ...], metadata: Attribute | None) -> None:
        super().__init__(True)
        self.locations = locations
        self.metadata = metadata

    @classmethod
    def get(
        cls, locations: tuple[LocationAttr, ...], metadata: Attribute | None = None
    ) -> LocationAttr:
        """Return the fused location, simplified as MLIR does.

        Unknown parts and duplicates are dropped, and nested fused locations with
        the same metadata are flattened (their parts kept as they are); a single
        remaining location without metadata is returned as is, and nothing left
        gives `loc(unknown)` (or, with metadata, the fusion of `loc(unknown)` alone).
        """
        unknown = UnknownLoc.get()
        flat: list[LocationAttr] = []
        seen: set[LocationAttr] = set()
        for loc in locations:
            parts: tuple[LocationAttr, ...] = (loc,)
            if isinstance(loc, FusedLoc) and loc.metadata is metadata:
                # Taken whole, as MLIR does: only a fusion of nothing holds an unknown.
                parts = loc.locations
            elif loc is unknown:
                continue
            for part in parts:
                if part not in seen:
                    seen.add(part)
                    flat.append(part)
        if not flat:
            if metadata is None:
                return unknown
            # MLIR keeps metadata with nothing to fuse as a fusion of `loc(unknown)`.
            flat.append(unknown)
        elif len(flat) == 1 and metadata is None:
            return flat[0]
        key = (tuple(flat), metadata)
        a = cls._cache.get(key)
        if a is None:
            a = unique(cls._cache, key, cls(key[0], metadata))
        return a
