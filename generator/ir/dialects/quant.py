"""The `quant` dialect's types: quantized element types, as MLIR's `QuantTypes` defines them.

MLIR writes these types in C++ (`mlir/Dialect/Quant/IR/QuantTypes.h`), not as
`TypeDef`s, so an import of `QuantOps.td` finds nothing to generate them from; they
are written here once, and a dialect named `quant` gets them
(`generator.ir.dialect.NATIVE_TYPES`):

- `!quant.any<i8<-8:7>:f32>`: storage type, optional storage range, optional
  expressed type (`AnyQuantizedType`);
- `!quant.uniform<u8<1:100>:f32, 0.1:3>`: one scale and zero point for the whole
  tensor (`UniformQuantizedType`);
- `!quant.uniform<i8:f32:1, {0.5,2.0:3}>`: a scale and zero point per index of
  one axis (`UniformQuantizedPerAxisType`);
- `!quant.uniform<i8:f32:{0:1, 1:2}, {{0.5:1, 2.0}, {3.0, 4.0}}>`: a scale and
  zero point per block of some axes, in a tensor of their own
  (`UniformQuantizedSubChannelType`);
- `!quant.calibrated<f32<-0.5:1.0>>`: an expressed type and a range
  (`CalibratedQuantizedType`).

The storage type is an integer of 1 to 32 bits written `iN` (signed) or `uN`
(unsigned); `si8` and `ui8` read as `i8` and `u8`. Scales are doubles printed as
MLIR prints a double (`5.000000e-01`); the storage range is printed only when it is
not the whole range of the storage type, and the zero point only when not 0. Parse
and verification errors are MLIR's, where MLIR reports them: syntax errors at
their token, the type's own invariants at its mnemonic.

`is_quantized_type` and `quant_storage_width` are the queries constraint
predicates make of any type (`isa<quant::QuantizedType>`,
`getStorageTypeIntegralWidth()`).
"""

from __future__ import annotations

import math
import re
import struct
from typing import TYPE_CHECKING, Self

from generator.ir.attr_type_base import ParametricType
from generator.ir.floats import FLOAT_FORMATS, NanEncoding, format_float
from generator.ir.opasm import SourcePos
from generator.ir.types import FloatType, IntegerType, Type

if TYPE_CHECKING:
    from generator.ir.opasm import AsmParser, AsmPrinter

__all__ = [
    "QUANT_TYPES",
    "AnyQuantizedType",
    "CalibratedQuantizedType",
    "QuantizedType",
    "UniformQuantizedPerAxisType",
    "UniformQuantizedSubChannelType",
    "UniformQuantizedType",
    "is_quantized_type",
    "quant_storage_width",
    "quant_unknown_type_message",
]

#: The widest storage type MLIR allows (`QuantizedType::MaxStorageBits`).
MAX_STORAGE_BITS = 32


def _double_text(value: float) -> str:
    """A double as MLIR prints one (`printFloatValue`): `5.000000e-01`, or all its
    digits when six do not read back."""
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    return format_float(FLOAT_FORMATS["f64"], bits)


def _scientific(value: float) -> str:
    """A double as `raw_ostream` prints one in messages: C's `%e`, but `INF` for an
    infinity (`llvm::write_double`)."""
    if math.isinf(value):
        return "-INF" if value < 0 else "INF"
    return f"{value:e}"


def _default_range(signed: bool, width: int) -> tuple[int, int]:
    """The whole range of a storage integer (`getDefaultMinimumForInteger`, ...)."""
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


def _scale_range(expressed: FloatType) -> tuple[float, float]:
    """The smallest positive and the largest finite value of the expressed type, the
    range a scale must be in (`getMinScale`, `getMaxScale`)."""
    fmt = FLOAT_FORMATS[expressed.name]
    step = fmt.precision - 1
    ulps = (1 << fmt.precision) - 1
    if fmt.nan_encoding is NanEncoding.ALL_ONES and fmt.has_sign:
        ulps -= 1  # the all-ones significand at the top exponent is NaN
    # As doubles: the bounds of `f80` and `f128` are 0 and infinity there, as MLIR
    # converts them.
    smallest = math.ldexp(1.0, fmt.min_exponent - step)
    try:
        largest = math.ldexp(float(ulps), fmt.max_exponent - step)
    except OverflowError:
        largest = math.inf
    return smallest, largest


class QuantizedType(ParametricType):
    """What every quantized type has (MLIR's `QuantizedType`): a storage integer type
    with its signedness and range, and (but for `!quant.any<i8>`) an expressed type.

    `params` starts with (signed, storage type, expressed type or None, storage
    minimum, storage maximum); subclasses add theirs after."""

    __slots__ = ()

    DIALECT = "quant"

    @property
    def is_signed(self) -> bool:
        """Whether the stored integers are signed."""
        return bool(self.params[0])

    @property
    def storage_type(self) -> Type | None:
        """The integer type of stored values (None for a calibrated type)."""
        found = self.params[1]
        return found if isinstance(found, Type) else None

    @property
    def expressed_type(self) -> Type | None:
        """The float type of the values expressed, if given."""
        found = self.params[2]
        return found if isinstance(found, Type) else None

    @property
    def storage_min(self) -> int:
        """The smallest value stored."""
        found = self.params[3]
        return found if isinstance(found, int) else 0

    @property
    def storage_max(self) -> int:
        """The largest value stored."""
        found = self.params[4]
        return found if isinstance(found, int) else 0

    @property
    def storage_width(self) -> int:
        """The width of the storage integer (`getStorageTypeIntegralWidth`); 0 when
        there is none."""
        storage = self.storage_type
        return storage.width if isinstance(storage, IntegerType) else 0

    def _storage_text(self) -> str:
        """`i8`, `u8<1:100>`: the storage type, and its range when not the whole."""
        width = self.storage_width
        text = f"{'i' if self.is_signed else 'u'}{width}"
        if (self.storage_min, self.storage_max) != _default_range(self.is_signed, width):
            text += f"<{self.storage_min}:{self.storage_max}>"
        return text

    def params_text(self, p: AsmPrinter) -> str:
        """The text after the mnemonic."""
        return self.print_params()


def _get(
    cls: type[QuantizedType],
    signed: bool,
    width: int,
    expressed: Type | None,
    storage_min: int | None,
    storage_max: int | None,
    rest: tuple[object, ...],
) -> QuantizedType:
    low, high = _default_range(signed, width)
    params = (
        signed,
        IntegerType.get(width),
        expressed,
        low if storage_min is None else storage_min,
        high if storage_max is None else storage_max,
        *rest,
    )
    return cls.unique(params)


class AnyQuantizedType(QuantizedType):
    """`!quant.any<storage[<min:max>][:expressed]>`: a quantized type whose
    parameters are not fixed yet."""

    __slots__ = ()

    MNEMONIC = "any"

    @classmethod
    def get(
        cls,
        signed: bool,
        width: int,
        expressed: Type | None = None,
        storage_min: int | None = None,
        storage_max: int | None = None,
    ) -> QuantizedType:
        """The type with these parameters (the whole range when none is given)."""
        return _get(cls, signed, width, expressed, storage_min, storage_max, ())

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read `<storage[<min:max>][:expressed]>`."""
        return _parse(p, cls.MNEMONIC)  # type: ignore[return-value]

    def print_params(self) -> str:
        """`<i8:f32>`."""
        expressed = self.expressed_type
        tail = "" if expressed is None else f":{expressed}"
        return f"<{self._storage_text()}{tail}>"


class UniformQuantizedType(QuantizedType):
    """`!quant.uniform<storage:expressed, scale[:zero_point]>`: one scale and zero
    point for every value (per-layer quantization)."""

    __slots__ = ()

    MNEMONIC = "uniform"

    @classmethod
    def get(
        cls,
        signed: bool,
        width: int,
        expressed: Type,
        scale: float,
        zero_point: int = 0,
        storage_min: int | None = None,
        storage_max: int | None = None,
    ) -> QuantizedType:
        """The type with these parameters (the whole range when none is given)."""
        return _get(cls, signed, width, expressed, storage_min, storage_max, (scale, zero_point))

    @property
    def scale(self) -> float:
        """The scale: expressed value = (stored value - zero point) * scale."""
        found = self.params[5]
        return found if isinstance(found, float) else 0.0

    @property
    def zero_point(self) -> int:
        """The stored value of the expressed 0."""
        found = self.params[6]
        return found if isinstance(found, int) else 0

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read the per-layer or the per-axis form (they share the mnemonic)."""
        return _parse(p, cls.MNEMONIC)  # type: ignore[return-value]

    def print_params(self) -> str:
        """`<i8:f32, 5.000000e-01:-1>`."""
        return f"<{self._storage_text()}:{self.expressed_type}, {_scale_text(self.scale, self.zero_point)}>"


def _scale_text(scale: float, zero_point: int) -> str:
    text = _double_text(scale)
    return text if zero_point == 0 else f"{text}:{zero_point}"


class UniformQuantizedPerAxisType(QuantizedType):
    """`!quant.uniform<storage:expressed:axis, {scale[:zp],...}>`: a scale and zero
    point per index along one dimension of the tensor (per-channel quantization)."""

    __slots__ = ()

    MNEMONIC = "uniform"

    @classmethod
    def get(
        cls,
        signed: bool,
        width: int,
        expressed: Type,
        scales: tuple[float, ...],
        zero_points: tuple[int, ...],
        axis: int,
        storage_min: int | None = None,
        storage_max: int | None = None,
    ) -> QuantizedType:
        """The type with these parameters (the whole range when none is given)."""
        return _get(
            cls,
            signed,
            width,
            expressed,
            storage_min,
            storage_max,
            (tuple(scales), tuple(zero_points), axis),
        )

    @property
    def scales(self) -> tuple[float, ...]:
        """The scale of each index along the axis."""
        found = self.params[5]
        return tuple(v for v in found if isinstance(v, float)) if isinstance(found, tuple) else ()

    @property
    def zero_points(self) -> tuple[int, ...]:
        """The zero point of each index along the axis."""
        found = self.params[6]
        return tuple(v for v in found if isinstance(v, int)) if isinstance(found, tuple) else ()

    @property
    def quantized_dimension(self) -> int:
        """The axis the scales run along."""
        found = self.params[7]
        return found if isinstance(found, int) else 0

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read the per-layer or the per-axis form (they share the mnemonic)."""
        return _parse(p, cls.MNEMONIC)  # type: ignore[return-value]

    def print_params(self) -> str:
        """`<i8:f32:1, {5.000000e-01,2.000000e+00:3}>` (MLIR joins them without spaces)."""
        pairs = ",".join(
            _scale_text(s, z) for s, z in zip(self.scales, self.zero_points, strict=True)
        )
        return (
            f"<{self._storage_text()}:{self.expressed_type}:{self.quantized_dimension}, "
            f"{{{pairs}}}>"
        )


class UniformQuantizedSubChannelType(QuantizedType):
    """`!quant.uniform<storage:expressed:{axis:block,...}, {{scale[:zp],...},...}>`: a
    scale and zero point per block of the tensor (sub-channel quantization); the
    scales form a tensor of their own shape, one block size per quantized axis.
    Zero points are stored in the storage integer's width, as MLIR stores them."""

    __slots__ = ()

    MNEMONIC = "uniform"

    @classmethod
    def get(
        cls,
        signed: bool,
        width: int,
        expressed: Type,
        scales: tuple[float, ...],
        zero_points: tuple[int, ...],
        shape: tuple[int, ...],
        quantized_dimensions: tuple[int, ...],
        block_sizes: tuple[int, ...],
        storage_min: int | None = None,
        storage_max: int | None = None,
    ) -> QuantizedType:
        """The type with these parameters (scales and zero points flat, row-major,
        in a tensor of `shape`; the whole range when none is given)."""
        stored = tuple(_truncate(z, width) for z in zero_points)
        rest = (
            tuple(scales),
            stored,
            tuple(shape),
            tuple(quantized_dimensions),
            tuple(block_sizes),
        )
        return _get(cls, signed, width, expressed, storage_min, storage_max, rest)

    def _ints(self, index: int) -> tuple[int, ...]:
        found = self.params[index]
        return tuple(v for v in found if isinstance(v, int)) if isinstance(found, tuple) else ()

    @property
    def scales(self) -> tuple[float, ...]:
        """The scales, flat in row-major order."""
        found = self.params[5]
        return tuple(v for v in found if isinstance(v, float)) if isinstance(found, tuple) else ()

    @property
    def zero_points(self) -> tuple[int, ...]:
        """The zero points, flat in row-major order."""
        return self._ints(6)

    @property
    def scales_shape(self) -> tuple[int, ...]:
        """The shape of the tensor of scales."""
        return self._ints(7)

    @property
    def quantized_dimensions(self) -> tuple[int, ...]:
        """The axes divided into blocks."""
        return self._ints(8)

    @property
    def block_sizes(self) -> tuple[int, ...]:
        """The block size along each of those axes."""
        return self._ints(9)

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read the per-layer, per-axis or sub-channel form (they share the mnemonic)."""
        return _parse(p, cls.MNEMONIC)  # type: ignore[return-value]

    def print_params(self) -> str:
        """`<i8:f32:{0:1, 1:2}, {{1.000000e+00:1, 2.000000e+00}}>`."""
        blocks = ", ".join(
            f"{d}:{b}" for d, b in zip(self.quantized_dimensions, self.block_sizes, strict=True)
        )
        pairs = [_scale_text(s, z) for s, z in zip(self.scales, self.zero_points, strict=True)]
        return (
            f"<{self._storage_text()}:{self.expressed_type}:{{{blocks}}}, "
            f"{_nested(pairs, self.scales_shape)}>"
        )


def _truncate(value: int, width: int) -> int:
    """`value` in a signed integer of `width` bits, wrapping, as an `APInt` keeps it."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def _nested(items: list[str], shape: tuple[int, ...]) -> str:
    """Row-major `items` as nested braces of `shape`: `{{a, b}, {c, d}}`."""
    if len(shape) <= 1:
        return "{" + ", ".join(items) + "}"
    step = len(items) // shape[0] if shape[0] else 0
    parts = [_nested(items[i * step : (i + 1) * step], shape[1:]) for i in range(shape[0])]
    return "{" + ", ".join(parts) + "}"


class CalibratedQuantizedType(QuantizedType):
    """`!quant.calibrated<expressed<min:max>>`: the range of the values seen, before
    a quantization is chosen."""

    __slots__ = ()

    MNEMONIC = "calibrated"

    @classmethod
    def get(cls, expressed: Type, low: float, high: float) -> Self:
        """The type with these parameters."""
        return cls.unique((False, None, expressed, 0, 0, low, high))

    @property
    def min(self) -> float:
        """The smallest value seen."""
        found = self.params[5]
        return found if isinstance(found, float) else 0.0

    @property
    def max(self) -> float:
        """The largest value seen."""
        found = self.params[6]
        return found if isinstance(found, float) else 0.0

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read `<expressed<min:max>>`."""
        return _parse(p, cls.MNEMONIC)  # type: ignore[return-value]

    def print_params(self) -> str:
        """`<f32<-5.000000e-01:1.000000e+00>>`."""
        return f"<{self.expressed_type}<{_double_text(self.min)}:{_double_text(self.max)}>>"


#: The types the `quant` dialect parses, one class per mnemonic (the per-axis
#: `uniform` is read by `UniformQuantizedType.parse`).
QUANT_TYPES: tuple[type[Type], ...] = (
    AnyQuantizedType,
    UniformQuantizedType,
    CalibratedQuantizedType,
)


def quant_unknown_type_message(mnemonic: str) -> str:
    """The error for `!quant.foo`, in the words of MLIR's quant type parser."""
    return f"unknown quantized type {mnemonic}"


def is_quantized_type(t: Type) -> bool:
    """True for the `quant` dialect's types (`isa<quant::QuantizedType>`)."""
    return isinstance(t, QuantizedType)


def quant_storage_width(t: Type) -> int:
    """The width of a quantized type's storage integer
    (`QuantizedType::getStorageTypeIntegralWidth`), 0 for any other type."""
    return t.storage_width if isinstance(t, QuantizedType) else 0


# -- parsing ------------------------------------------------------------------------------

#: A storage type spelled as an integer type (`i8`, `si8`, `ui8`), and as `uN`.
_INT_STORAGE = re.compile(r"(s|u)?i([0-9]+)")
_UNSIGNED_STORAGE = re.compile(r"u([0-9]+)")


def _mnemonic_pos(p: AsmParser, mnemonic: str) -> SourcePos:
    """Where the type's mnemonic starts: its parser is called just after it, and MLIR
    reports a type's invariants there."""
    return SourcePos(p.current_pos() - len(mnemonic))


def _storage(p: AsmParser) -> tuple[bool, int]:
    """Read the storage type: (signed, width)."""
    pos = p.current_pos()
    word = p.parse_optional_keyword()
    if word is None:
        p.error_at(pos, "expected valid keyword")
    match = _INT_STORAGE.fullmatch(word)
    if match is not None:
        signed = match.group(1) != "u"
        width = int(match.group(2))
    else:
        unsigned = _UNSIGNED_STORAGE.fullmatch(word)
        if unsigned is None:
            if word.startswith("u"):
                p.error_at(pos, "expected storage type width")
            p.error_at(pos, "illegal storage type prefix")
        signed = False
        width = int(unsigned.group(1))
    if width == 0 or width > MAX_STORAGE_BITS:
        p.error_at(pos, f"illegal storage type size: {width}")
    return signed, width


def _storage_range(p: AsmParser, signed: bool, width: int) -> tuple[int, int]:
    """Read the optional `<min:max>` after the storage type."""
    low, high = _default_range(signed, width)
    if not p.consume_if("<"):
        return low, high
    min_pos = p.current_pos()
    found_min = p.parse_integer()
    p.expect(":")
    max_pos = p.current_pos()
    found_max = p.parse_integer()
    p.expect(">")
    if found_min < low:
        p.error_at(min_pos, f"illegal storage type minimum: {found_min}")
    if found_max > high:
        p.error_at(max_pos, f"illegal storage type maximum: {found_max}")
    return found_min, found_max


def _float_type(p: AsmParser) -> FloatType:
    """Read the expressed type, which must be a float type."""
    pos = p.current_pos()
    found = p.parse_type()
    if not isinstance(found, FloatType):
        p.error_at(pos, "invalid kind of type specified")
    return found


def _scale_and_zero_point(p: AsmParser, expressed: FloatType) -> tuple[float, int]:
    """Read `scale[:zero_point]`; the scale must be in the expressed type's range."""
    scale = p.parse_float()
    low, high = _scale_range(expressed)
    if scale < low or scale > high:
        p.error_at(
            p.current_pos(),
            f"scale {_scientific(scale)} out of expressed type range "
            f"[{_scientific(low)}, {_scientific(high)}]",
        )
    zero_point = p.parse_integer() if p.consume_if(":") else 0
    return scale, zero_point


def _check_storage(p: AsmParser, at: SourcePos, low: int, high: int) -> None:
    if high - low <= 0:
        p.error_at(at, f"illegal storage min and storage max: ({low}:{high})")


def _parse(p: AsmParser, mnemonic: str) -> QuantizedType:
    """Read what follows `!quant.<mnemonic>`."""
    at = _mnemonic_pos(p, mnemonic)
    p.expect("<")
    if mnemonic == "calibrated":
        expressed = _float_type(p)
        p.expect("<")
        low = p.parse_float()
        p.expect(":")
        high = p.parse_float()
        p.expect(">")
        p.expect(">")
        if high - low <= 0:
            p.error_at(at, f"illegal min and max: ({_scientific(low)}:{_scientific(high)})")
        return CalibratedQuantizedType.get(expressed, low, high)
    signed, width = _storage(p)
    storage_min, storage_max = _storage_range(p, signed, width)
    if mnemonic == "any":
        maybe_expressed: FloatType | None = _float_type(p) if p.consume_if(":") else None
        p.expect(">")
        _check_storage(p, at, storage_min, storage_max)
        return AnyQuantizedType.get(signed, width, maybe_expressed, storage_min, storage_max)
    p.expect(":")
    expressed = _float_type(p)
    axis: int | None = None
    if p.consume_if(":"):
        if p.consume_if("{"):
            return _parse_sub_channel(p, at, signed, width, expressed, storage_min, storage_max)
        axis = p.parse_integer()
    p.expect(",")
    if axis is None:
        scale, zero_point = _scale_and_zero_point(p, expressed)
        p.expect(">")
        _check_storage(p, at, storage_min, storage_max)
        return UniformQuantizedType.get(
            signed, width, expressed, scale, zero_point, storage_min, storage_max
        )
    p.expect("{")
    scales: list[float] = []
    zero_points: list[int] = []
    while True:
        scale, zero_point = _scale_and_zero_point(p, expressed)
        scales.append(scale)
        zero_points.append(zero_point)
        if not p.consume_if(","):
            break
    p.expect("}")
    p.expect(">")
    _check_storage(p, at, storage_min, storage_max)
    if axis < 0:
        p.error_at(at, f"illegal quantized dimension: {axis}")
    return UniformQuantizedPerAxisType.get(
        signed, width, expressed, tuple(scales), tuple(zero_points), axis, storage_min, storage_max
    )


def _parse_sub_channel(
    p: AsmParser,
    at: SourcePos,
    signed: bool,
    width: int,
    expressed: FloatType,
    storage_min: int,
    storage_max: int,
) -> QuantizedType:
    """Read the rest of the sub-channel form, after `{` of the block sizes."""
    dims: list[int] = []
    blocks: list[int] = []
    if not p.consume_if("}"):
        while True:
            dims.append(p.parse_integer())
            p.expect(":")
            blocks.append(p.parse_integer())
            if not p.consume_if(","):
                break
        p.expect("}")
    p.expect(",")
    p.expect("{")
    scales: list[float] = []
    zero_points: list[int] = []
    shape = _scale_tensor(p, expressed, scales, zero_points)
    p.expect(">")
    _check_storage(p, at, storage_min, storage_max)
    for dim in dims:
        if dim < 0:
            p.error_at(at, f"illegal quantized dimension: {dim}")
    for block in blocks:
        if block <= 0:
            p.error_at(at, f"illegal block size: {block}")
    return UniformQuantizedSubChannelType.get(
        signed,
        width,
        expressed,
        tuple(scales),
        tuple(zero_points),
        shape,
        tuple(dims),
        tuple(blocks),
        storage_min,
        storage_max,
    )


def _scale_tensor(
    p: AsmParser, expressed: FloatType, scales: list[float], zero_points: list[int]
) -> tuple[int, ...]:
    """Read the elements of a brace list (its `{` read) of scales and zero points, or
    of nested lists of them, into the flat lists; returns its shape. Its elements
    must all have one shape, as in a dense tensor literal."""
    shapes: list[tuple[int, ...]] = []
    while True:
        if p.consume_if("{"):
            shapes.append(_scale_tensor(p, expressed, scales, zero_points))
        else:
            scale, zero_point = _scale_and_zero_point(p, expressed)
            scales.append(scale)
            zero_points.append(zero_point)
            shapes.append(())
        if not p.consume_if(","):
            break
    if any(s != shapes[0] for s in shapes):
        p.error_at(
            p.current_pos(), "tensor literal is invalid; ranks are not consistent between elements"
        )
    p.expect("}")
    return (len(shapes), *shapes[0])
