"""Bit-exact arithmetic for every float format of MLIR's builtin dialect.

This module owns the float formats themselves: their bit layouts, the rounding of
decimal text and Python floats into them, the exact values of their bit patterns,
and the text mlir-opt prints for a float attribute or a dense float element.

It models LLVM's APFloat as MLIR uses it, including its corner cases:

* A decimal float literal in MLIR is first rounded to an f64 and only then to the
  attribute's type, so `decimal_to_bits` rounds twice. `decimal_to_bits_exact`
  rounds once, as APFloat's string conversion does.
* Printing tries six significant digits in scientific form (`1.000000e-01`; the
  seventh printed digit is always a padding zero). If that text does not read
  back as the same value, the shortest-safe default form is used (`0.3`,
  `3.14159265358979`, `1.7976931348623157E+308`), and if that form has no `.`
  (an integer such as `123456789`), or the value is a NaN or an infinity, the raw
  bit pattern is printed in hex (`0x7FC00000`). The digit generation truncates
  before it rounds, so `0.1 : f16` prints as `9.997550e-02`, not `9.997560e-02`.
* Formats without infinities saturate or become NaN on overflow exactly as APFloat
  does, and f8E8M0FNU, which has no zero, turns zero and underflow into its
  smallest value, 2^-127.
* Some inputs reach undefined behaviour in MLIR: a negative non-zero value of the
  unsigned type f8E8M0FNU, and an infinity or NaN (a literal beyond f64's range,
  or a folded NaN) given one of the finite-only types f6E2M3FN, f6E3M2FN,
  f4E2M1FN. For those we return the bits an optimized mlir-opt-22 stores: the
  sign lands on f8E8M0FNU's top exponent bit, and a finite-only type keeps only
  the sign bit. `dense<...>` prints those bits; a scalar attribute printed by
  mlir-opt differs, because it keeps a sign or an infinity its bits cannot hold.

Dense elements print with the same function as scalar attributes.
"""

from __future__ import annotations

import enum
import math
import re
import struct
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

__all__ = [
    "FLOAT_FORMATS",
    "FloatFormat",
    "FloatKind",
    "FloatLiteralError",
    "FloatValue",
    "NanEncoding",
    "bits_to_fraction",
    "bits_to_value",
    "decimal_to_bits",
    "decimal_to_bits_exact",
    "float_bits_to_python",
    "format_float",
    "fraction_to_bits",
    "parse_hex_float",
    "value_to_bits",
]


class NanEncoding(enum.Enum):
    """How a format spells NaN."""

    #: All-ones exponent and a non-zero mantissa; the format also has infinities.
    IEEE = "ieee"
    #: Only all-ones exponent *and* mantissa (either sign) is NaN: the "FN" types.
    ALL_ONES = "fn"
    #: The negative-zero pattern is the single NaN and there is no -0: "FNUZ".
    NEGATIVE_ZERO = "fnuz"
    #: No NaN at all (the finite-only f6/f4 types).
    NONE = "none"


# Formats are singletons, so identity equality and hashing are enough (and cheap
# as cache keys).
@dataclass(frozen=True, slots=True, eq=False)
class FloatFormat:
    """The layout and semantics of one MLIR float type, keyed by its keyword."""

    name: str
    width: int
    exponent_bits: int
    #: Stored significand bits, including f80's explicit integer bit.
    mantissa_bits: int
    #: Subtracted from the exponent field of a normal number.
    bias: int
    #: Unbiased exponent of the smallest normal (and of every subnormal).
    min_exponent: int
    #: Unbiased exponent of the largest finite number.
    max_exponent: int
    has_infinity: bool
    nan_encoding: NanEncoding
    has_sign: bool = True
    has_zero: bool = True
    explicit_integer_bit: bool = False
    #: Significand bits including the (explicit or implicit) integer bit.
    precision: int = field(init=False)
    _nan_exponent: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        precision = self.mantissa_bits + (0 if self.explicit_integer_bit else 1)
        object.__setattr__(self, "precision", precision)
        # Where APFloat keeps a NaN's exponent; it fixes the NaN's exponent field.
        if self.nan_encoding is NanEncoding.NEGATIVE_ZERO:
            nan_exponent = self.min_exponent - 1
        elif self.nan_encoding is NanEncoding.ALL_ONES and self.has_sign:
            nan_exponent = self.max_exponent
        else:
            nan_exponent = self.max_exponent + 1
        object.__setattr__(self, "_nan_exponent", nan_exponent)

    @property
    def has_nan(self) -> bool:
        """Whether any bit pattern of the format is a NaN."""
        return self.nan_encoding is not NanEncoding.NONE


def _fmt(
    name: str,
    width: int,
    exponent_bits: int,
    mantissa_bits: int,
    bias: int,
    min_exponent: int,
    max_exponent: int,
    nan: NanEncoding,
    **flags: bool,
) -> FloatFormat:
    return FloatFormat(
        name,
        width,
        exponent_bits,
        mantissa_bits,
        bias,
        min_exponent,
        max_exponent,
        has_infinity=nan is NanEncoding.IEEE,
        nan_encoding=nan,
        **flags,
    )


_IEEE = NanEncoding.IEEE
_FN = NanEncoding.ALL_ONES
_FNUZ = NanEncoding.NEGATIVE_ZERO
_NONE = NanEncoding.NONE

#: Every float type of MLIR 22's builtin dialect, by type keyword.
FLOAT_FORMATS: dict[str, FloatFormat] = {
    f.name: f
    for f in (
        _fmt("f16", 16, 5, 10, 15, -14, 15, _IEEE),
        _fmt("bf16", 16, 8, 7, 127, -126, 127, _IEEE),
        _fmt("f32", 32, 8, 23, 127, -126, 127, _IEEE),
        _fmt("f64", 64, 11, 52, 1023, -1022, 1023, _IEEE),
        _fmt("f80", 80, 15, 64, 16383, -16382, 16383, _IEEE, explicit_integer_bit=True),
        _fmt("f128", 128, 15, 112, 16383, -16382, 16383, _IEEE),
        _fmt("tf32", 19, 8, 10, 127, -126, 127, _IEEE),
        _fmt("f8E5M2", 8, 5, 2, 15, -14, 15, _IEEE),
        _fmt("f8E4M3", 8, 4, 3, 7, -6, 7, _IEEE),
        _fmt("f8E4M3FN", 8, 4, 3, 7, -6, 8, _FN),
        _fmt("f8E5M2FNUZ", 8, 5, 2, 16, -15, 15, _FNUZ),
        _fmt("f8E4M3FNUZ", 8, 4, 3, 8, -7, 7, _FNUZ),
        _fmt("f8E4M3B11FNUZ", 8, 4, 3, 11, -10, 4, _FNUZ),
        _fmt("f8E3M4", 8, 3, 4, 3, -2, 3, _IEEE),
        _fmt("f8E8M0FNU", 8, 8, 0, 127, -127, 127, _FN, has_sign=False, has_zero=False),
        _fmt("f6E2M3FN", 6, 2, 3, 1, 0, 2, _NONE),
        _fmt("f6E3M2FN", 6, 3, 2, 3, -2, 4, _NONE),
        _fmt("f4E2M1FN", 4, 2, 1, 1, 0, 2, _NONE),
    )
}

_F32 = FLOAT_FORMATS["f32"]
_F64 = FLOAT_FORMATS["f64"]


class FloatLiteralError(ValueError):
    """A float literal MLIR rejects; `message` and `note` are mlir-opt's words."""

    __slots__ = ("message", "note")

    def __init__(self, message: str, note: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.note = note


class FloatKind(enum.Enum):
    """The category of a decoded bit pattern."""

    FINITE = "finite"
    INFINITY = "infinity"
    NAN = "nan"


@dataclass(frozen=True, slots=True)
class FloatValue:
    """A decoded bit pattern: its kind, its sign bit and its exact magnitude."""

    kind: FloatKind
    negative: bool
    #: The exact absolute value; zero for zeros, infinities and NaNs.
    magnitude: Fraction

    @property
    def is_negative_zero(self) -> bool:
        """Whether this is -0."""
        return self.kind is FloatKind.FINITE and self.negative and not self.magnitude


# ---------------------------------------------------------------------------
# APFloat's internal form: (category, sign, exponent, significand). A normal or
# subnormal value is significand * 2**(exponent - (precision - 1)); subnormals
# carry exponent == min_exponent and a significand below 2**(precision - 1).

_ZERO, _NORMAL, _INF, _NAN = 0, 1, 2, 3

_State = tuple[int, int, int, int]


def _zero_state(fmt: FloatFormat, sign: int) -> _State:
    if not fmt.has_zero:
        return (_NORMAL, 0, fmt.min_exponent, 1 << (fmt.precision - 1))
    if fmt.nan_encoding is NanEncoding.NEGATIVE_ZERO:
        sign = 0
    return (_ZERO, sign, 0, 0)


def _nan_state(fmt: FloatFormat, sign: int) -> _State:
    """APFloat's default quiet NaN of `fmt`."""
    p = fmt.precision
    if fmt.nan_encoding is NanEncoding.NEGATIVE_ZERO:
        return (_NAN, 1, fmt._nan_exponent, 0)
    if fmt.nan_encoding is NanEncoding.ALL_ONES:
        return (_NAN, sign, fmt._nan_exponent, (1 << (p - 1)) - 1)
    sig = 1 << (p - 2)
    if fmt.explicit_integer_bit:
        sig |= 1 << (p - 1)
    return (_NAN, sign, fmt._nan_exponent, sig)


def _overflow_state(fmt: FloatFormat, sign: int) -> _State:
    if fmt.has_infinity:
        return (_INF, sign, 0, 0)
    if fmt.nan_encoding is not NanEncoding.NONE:
        return _nan_state(fmt, sign)
    return (_NORMAL, sign, fmt.max_exponent, (1 << fmt.precision) - 1)


def _round_state(fmt: FloatFormat, sign: int, num: int, den: int) -> _State:
    """Round the positive rational num/den to `fmt`, ties to even, with `sign`."""
    if not num:
        return _zero_state(fmt, sign)
    p = fmt.precision
    e = num.bit_length() - den.bit_length()
    if (num << -e if e < 0 else num) < (den << e if e > 0 else den):
        e -= 1
    exp = max(e, fmt.min_exponent)
    if exp > fmt.max_exponent:
        return _overflow_state(fmt, sign)
    shift = exp - (p - 1)
    if shift >= 0:
        sig, rem = divmod(num, den << shift)
        half = den << shift
    else:
        sig, rem = divmod(num << -shift, den)
        half = den
    if rem:
        twice = rem << 1
        # The "even" test looks at the lowest kept bit, which for f8E8M0FNU is the
        # integer bit itself, so its ties always round up.
        if twice > half or (twice == half and sig & 1):
            sig += 1
            if sig >> p:
                sig >>= 1
                exp += 1
                if exp > fmt.max_exponent:
                    return _overflow_state(fmt, sign)
    if not sig:
        return _zero_state(fmt, sign)
    if (
        fmt.nan_encoding is NanEncoding.ALL_ONES
        and p > 1
        and exp == fmt.max_exponent
        and sig == (1 << p) - 1
    ):
        return _overflow_state(fmt, sign)
    return (_NORMAL, sign, exp, sig)


def _pack(fmt: FloatFormat, state: _State) -> int:
    """The bit pattern of `state`, as APFloat's bitcast produces it."""
    cat, sign, exp, sig = state
    if fmt.explicit_integer_bit:
        if cat == _NORMAL:
            field_ = exp + fmt.bias
            if field_ == 1 and not sig >> 63:
                field_ = 0
        elif cat == _ZERO:
            field_, sig = 0, 0
        elif cat == _INF:
            field_, sig = 0x7FFF, 1 << 63
        else:
            field_ = 0x7FFF
        return (sign << 79) | (field_ << 64) | sig
    trailing = fmt.precision - 1
    if cat == _NORMAL:
        field_ = exp + fmt.bias
        if field_ == 1 and not (sig >> trailing) & 1:
            field_ = 0
    elif cat == _ZERO:
        field_, sig = fmt.min_exponent - 1 + fmt.bias, 0
    elif fmt.nan_encoding is NanEncoding.NONE:
        # An infinity or NaN cannot exist in a finite-only type; an optimized
        # mlir-opt stores just the sign bit for one.
        return sign << (fmt.width - 1)
    elif cat == _INF:
        field_, sig = fmt.max_exponent + 1 + fmt.bias, 0
    else:
        field_ = fmt._nan_exponent + fmt.bias
    # f8E8M0FNU has no sign bit: a sign lands on the top exponent bit, as it does
    # in mlir-opt.
    return (sign << (fmt.width - 1)) | (field_ << trailing) | (sig & ((1 << trailing) - 1))


def _unpack(fmt: FloatFormat, bits: int) -> _State:
    """Decode a bit pattern into APFloat's internal form."""
    if fmt.explicit_integer_bit:
        sig = bits & ((1 << 64) - 1)
        field_ = (bits >> 64) & 0x7FFF
        sign = (bits >> 79) & 1
        if not field_ and not sig:
            return (_ZERO, sign, 0, 0)
        if field_ == 0x7FFF:
            return (_INF, sign, 0, 0) if sig == 1 << 63 else (_NAN, sign, 0, sig)
        if field_ and not sig >> 63:
            return (_NAN, sign, 0, sig)
        return (_NORMAL, sign, field_ - fmt.bias if field_ else fmt.min_exponent, sig)
    if not fmt.has_sign:
        if bits == (1 << fmt.width) - 1:
            return (_NAN, 0, fmt._nan_exponent, 1)
        return (_NORMAL, 0, bits - fmt.bias, 1)
    trailing = fmt.precision - 1
    mask = (1 << trailing) - 1
    sig = bits & mask
    field_ = (bits >> trailing) & ((1 << fmt.exponent_bits) - 1)
    sign = (bits >> (fmt.width - 1)) & 1
    enc = fmt.nan_encoding
    if enc is NanEncoding.IEEE:
        if field_ == (1 << fmt.exponent_bits) - 1:
            return (_NAN, sign, 0, sig) if sig else (_INF, sign, 0, 0)
    elif enc is NanEncoding.ALL_ONES:
        if field_ - fmt.bias == fmt._nan_exponent and sig == mask:
            return (_NAN, sign, 0, sig)
    elif enc is NanEncoding.NEGATIVE_ZERO and sign and not field_ and not sig:
        return (_NAN, 1, 0, 0)
    if not field_:
        if not sig:
            return (_ZERO, sign, 0, 0)
        return (_NORMAL, sign, fmt.min_exponent, sig)
    return (_NORMAL, sign, field_ - fmt.bias, sig | (1 << trailing))


def _same_value(a: _State, b: _State) -> bool:
    """APFloat's bitwiseIsEqual for two non-NaN states."""
    if a[0] != b[0] or a[1] != b[1]:
        return False
    return a[0] != _NORMAL or (a[2] == b[2] and a[3] == b[3])


# ---------------------------------------------------------------------------
# Decimal text.

_LITERAL_RE = re.compile(r"(-?)(?=\.?\d)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?\Z")

#: APFloat stops reading a decimal exponent at this magnitude.
_EXPONENT_CLAMP = 24000
#: Python refuses to convert longer digit strings to int in one step.
_INT_CHUNK = 4000


def _match_literal(text: str) -> re.Match[str]:
    match = _LITERAL_RE.match(text)
    if match is None:
        raise ValueError(f"not a decimal float literal: {text!r}")
    return match


def _clamped_exponent(digits: str | None) -> int:
    if digits is None:
        return 0
    magnitude = digits.lstrip("+-").lstrip("0")
    value = _EXPONENT_CLAMP if len(magnitude) > 5 else min(int(magnitude or "0"), _EXPONENT_CLAMP)
    return -value if digits.startswith("-") else value


def _digits_to_int(digits: str) -> int:
    if len(digits) <= _INT_CHUNK:
        return int(digits)
    value = 0
    for start in range(0, len(digits), _INT_CHUNK):
        chunk = digits[start : start + _INT_CHUNK]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


def _text_to_double(text: str) -> float:
    """The f64 APFloat reads from `text` (Python's reading, bar the exponent clamp)."""
    match = _match_literal(text)
    exp = match.group(4)
    if exp is not None and len(exp.lstrip("+-").lstrip("0")) > 4:
        text = text[: match.start(4)] + str(_clamped_exponent(exp))
    return float(text)


def _decimal_state(fmt: FloatFormat, text: str) -> _State:
    """Round decimal `text` straight into `fmt`, as APFloat's string reading does."""
    match = _match_literal(text)
    sign = 1 if match.group(1) else 0
    whole, frac = match.group(2), match.group(3) or ""
    digits = (whole + frac).lstrip("0")
    exp10 = _clamped_exponent(match.group(4)) - len(frac)
    stripped = digits.rstrip("0")
    exp10 += len(digits) - len(stripped)
    if not stripped:
        return _zero_state(fmt, sign)
    # APFloat's quick range checks; they agree with exact rounding but spare
    # the big powers of ten.
    leading = exp10 + len(stripped) - 1
    if (leading - 1) * 42039 >= 12655 * fmt.max_exponent:
        return _overflow_state(fmt, sign)
    if (leading + 1) * 28738 <= 8651 * (fmt.min_exponent - fmt.precision):
        return _zero_state(fmt, sign)
    mantissa = _digits_to_int(stripped)
    if exp10 >= 0:
        return _round_state(fmt, sign, mantissa * _pow10(exp10), 1)
    return _round_state(fmt, sign, mantissa, _pow10(-exp10))


_POW5: dict[int, int] = {}
_POW10: dict[int, int] = {}


#: Powers up to this are cached: enough for every f64 and f32 value.
_POW_CACHE_LIMIT = 1100


def _pow5(n: int) -> int:
    value = _POW5.get(n)
    if value is None:
        value = 5**n
        if n <= _POW_CACHE_LIMIT:
            _POW5[n] = value
    return value


def _pow10(n: int) -> int:
    value = _POW10.get(n)
    if value is None:
        value = 10**n
        if n <= _POW_CACHE_LIMIT:
            _POW10[n] = value
    return value


def _to_string(
    negative: int,
    sig: int,
    exp: int,
    sem_precision: int,
    precision: int,
    max_padding: int,
    truncate_zero: bool,
) -> str:
    """APFloat's decimal text for the non-zero value sig * 2**exp."""
    if not precision:
        precision = 2 + sem_precision * 59 // 196
    trailing = (sig & -sig).bit_length() - 1
    sig >>= trailing
    exp += trailing
    if exp > 0:
        sig <<= exp
        exp = 0
    elif exp < 0:
        sig *= _pow5(-exp)
    # APFloat first drops whole decimal digits by truncation, keeping a little
    # more than `precision` digits, and only then rounds the rest half-up.
    bits = sig.bit_length()
    required = (precision * 196 + 58) // 59
    if bits > required:
        removable = (bits - required) * 59 // 196
        if removable:
            exp += removable
            sig //= _pow10(removable)
    digits = str(sig)
    kept = digits.rstrip("0")
    exp += len(digits) - len(kept)
    digits = kept
    count = len(digits)
    if count > precision:
        if digits[precision] < "5":
            kept = digits[:precision].rstrip("0")
        else:
            kept = digits[:precision].rstrip("9")
            if kept:
                kept = kept[:-1] + chr(ord(kept[-1]) + 1)
            else:
                # Carrying out of every digit leaves a single 1 one place higher.
                kept = "1"
                exp += 1
        exp += count - len(kept)
        digits = kept
        count = len(kept)

    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or count + exp > precision
    else:
        msd = exp + count - 1
        scientific = msd < 0 and -msd > max_padding

    sign = "-" if negative else ""
    if scientific:
        exp += count - 1
        mantissa = digits[0] + "." + (digits[1:] or ("0" if truncate_zero else ""))
        if truncate_zero:
            return f"{sign}{mantissa}E{'+' if exp >= 0 else '-'}{abs(exp)}"
        mantissa += "0" * (precision - count + 1)
        return f"{sign}{mantissa}e{'+' if exp >= 0 else '-'}{abs(exp):02d}"
    if exp >= 0:
        return sign + digits + "0" * exp
    whole = exp + count
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


# ---------------------------------------------------------------------------
# Public conversions.


def decimal_to_bits(fmt: FloatFormat, text: str) -> int:
    """The bits MLIR's parser gives a decimal literal `text` of type `fmt`.

    `text` is a decimal or scientific literal with an optional leading `-`. Like
    mlir-opt, this rounds the text to the nearest f64 first and that f64 to
    `fmt`, both ties-to-even; a literal beyond f64's range is an infinity first.
    """
    return value_to_bits(fmt, _text_to_double(text))


def decimal_to_bits_exact(fmt: FloatFormat, text: str) -> int:
    """Round decimal `text` once, directly to `fmt`, as APFloat reads strings."""
    if fmt is _F64:
        return value_to_bits(fmt, _text_to_double(text))
    return _pack(fmt, _decimal_state(fmt, text))


def value_to_bits(fmt: FloatFormat, value: float) -> int:
    """Round a Python float to `fmt` as APFloat's conversion from f64 does."""
    if fmt is _F64:
        result: int = struct.unpack("<Q", struct.pack("<d", value))[0]
        return result
    if fmt is _F32 and value == value:
        try:
            single: int = struct.unpack("<I", struct.pack("<f", value))[0]
        except OverflowError:
            return 0xFF800000 if value < 0 else 0x7F800000
        return single
    sign = 1 if math.copysign(1.0, value) < 0 else 0
    if math.isnan(value):
        return _pack(fmt, _nan_from_double(fmt, value, sign))
    if math.isinf(value):
        if fmt.has_infinity or fmt.nan_encoding is NanEncoding.NONE:
            return _pack(fmt, (_INF, sign, 0, 0))
        return _pack(fmt, _nan_state(fmt, sign))
    num, den = abs(value).as_integer_ratio()
    return _pack(fmt, _round_state(fmt, sign, num, den))


def _nan_from_double(fmt: FloatFormat, value: float, sign: int) -> _State:
    if fmt.nan_encoding in (NanEncoding.ALL_ONES, NanEncoding.NEGATIVE_ZERO):
        return _nan_state(fmt, sign)
    payload = struct.unpack("<Q", struct.pack("<d", value))[0] & ((1 << 52) - 1)
    signaling = not payload >> 51
    shift = fmt.precision - 53
    payload = payload << shift if shift >= 0 else payload >> -shift
    if fmt.explicit_integer_bit:
        payload |= 1 << 63
    if signaling:
        payload |= 1 << (fmt.precision - 2)
    return (_NAN, sign, fmt._nan_exponent, payload)


def fraction_to_bits(fmt: FloatFormat, value: Fraction) -> int:
    """Round an exact rational to `fmt`, ties to even; zero gives +0."""
    sign = 1 if value < 0 else 0
    return _pack(fmt, _round_state(fmt, sign, abs(value.numerator), value.denominator))


def bits_to_value(fmt: FloatFormat, bits: int) -> FloatValue:
    """Decode a bit pattern of `fmt` into its kind, sign and exact magnitude."""
    cat, sign, exp, sig = _unpack(fmt, bits)
    negative = bool(sign)
    if cat == _NAN:
        return FloatValue(FloatKind.NAN, negative, Fraction(0))
    if cat == _INF:
        return FloatValue(FloatKind.INFINITY, negative, Fraction(0))
    if cat == _ZERO:
        return FloatValue(FloatKind.FINITE, negative, Fraction(0))
    shift = exp - (fmt.precision - 1)
    magnitude = Fraction(sig << shift) if shift >= 0 else Fraction(sig, 1 << -shift)
    return FloatValue(FloatKind.FINITE, negative, magnitude)


def bits_to_fraction(fmt: FloatFormat, bits: int) -> Fraction:
    """The exact value of a finite bit pattern; ValueError for NaN and infinity."""
    decoded = bits_to_value(fmt, bits)
    if decoded.kind is not FloatKind.FINITE:
        raise ValueError(f"{fmt.name} bit pattern {bits:#x} is {decoded.kind.value}")
    return -decoded.magnitude if decoded.negative else decoded.magnitude


def float_bits_to_python(fmt: FloatFormat, bits: int) -> float:
    """The nearest Python float to a bit pattern (NaNs and infinities keep their sign)."""
    if fmt is _F64:
        result: float = struct.unpack("<d", struct.pack("<Q", bits))[0]
        return result
    if fmt is _F32:
        single: float = struct.unpack("<f", struct.pack("<I", bits))[0]
        return single
    cat, sign, exp, sig = _unpack(fmt, bits)
    if cat == _NAN:
        magnitude = math.nan
    elif cat == _INF:
        magnitude = math.inf
    elif cat == _ZERO:
        magnitude = 0.0
    else:
        shift = exp - (fmt.precision - 1)
        try:
            magnitude = float(sig << shift) if shift >= 0 else sig / (1 << -shift)
        except OverflowError:
            magnitude = math.inf
    return -magnitude if sign else magnitude


def parse_hex_float(fmt: FloatFormat, text: str, *, negative: bool = False) -> int:
    """The bits of an integer-token float literal such as `0x7FC00000`.

    `negative` says the literal followed a `-`. Raises `FloatLiteralError` with
    mlir-opt's message for a decimal integer, a negated hex literal, or a value
    wider than the type. The bits are those APFloat keeps for the pattern: an f80
    unnormal becomes a NaN and a pseudo-denormal a normal number, which shows in
    the hex form of a dense attribute.
    """
    if len(text) < 2 or text[1] != "x":
        raise FloatLiteralError(
            "unexpected decimal integer literal for a floating point value",
            "add a trailing dot to make the literal a float",
        )
    if negative:
        raise FloatLiteralError("hexadecimal float literal should not have a leading minus")
    value = int(text[2:], 16)
    if value.bit_length() > fmt.width:
        raise FloatLiteralError("hexadecimal float constant out of range for type")
    if fmt.explicit_integer_bit:
        return _pack(fmt, _unpack(fmt, value))
    return value


# ---------------------------------------------------------------------------
# Printing.

_F32_MIN_NORMAL = 2.0**-126
_F32_TIE_BITS = (1 << 29) - 1


def format_float(fmt: FloatFormat, bits: int) -> str:
    """The text mlir-opt prints for a float attribute or dense element of `fmt`.

    `bits` is the unsigned bit pattern (below 2**fmt.width). The ` : type` suffix
    is not included.
    """
    if fmt is _F64:
        return _format_f64(bits)
    if fmt is _F32:
        return _format_f32(bits)
    return _format_generic(fmt, bits)


@lru_cache(maxsize=4096)
def _format_f64(bits: int) -> str:
    field_ = (bits >> 52) & 0x7FF
    if field_ == 0x7FF:
        return f"0x{bits:X}"
    sig = bits & ((1 << 52) - 1)
    negative = bits >> 63
    if field_:
        sig |= 1 << 52
        exp = field_ - 1075
    elif sig:
        exp = -1074
    else:
        return "-0.000000e+00" if negative else "0.000000e+00"
    text = _to_string(negative, sig, exp, 53, 6, 0, False)
    if float(text) == struct.unpack("<d", struct.pack("<Q", bits))[0]:
        return text
    text = _to_string(negative, sig, exp, 53, 0, 3, True)
    return text if "." in text else f"0x{bits:X}"


@lru_cache(maxsize=4096)
def _format_f32(bits: int) -> str:
    field_ = (bits >> 23) & 0xFF
    if field_ == 0xFF:
        return f"0x{bits:X}"
    sig = bits & ((1 << 23) - 1)
    negative = bits >> 31
    if field_:
        sig |= 1 << 23
        exp = field_ - 150
    elif sig:
        exp = -149
    else:
        return "-0.000000e+00" if negative else "0.000000e+00"
    text = _to_string(negative, sig, exp, 24, 6, 0, False)
    if _reads_back_f32(text, bits):
        return text
    text = _to_string(negative, sig, exp, 24, 0, 3, True)
    return text if "." in text else f"0x{bits:X}"


def _reads_back_f32(text: str, bits: int) -> bool:
    double = float(text)
    # Rounding through f64 equals rounding straight to f32 unless the f64 lands
    # on an f32 halfway point or outside the normal range; decide those exactly.
    if abs(double) >= _F32_MIN_NORMAL:
        wide = struct.unpack("<Q", struct.pack("<d", double))[0]
        if wide & _F32_TIE_BITS != 1 << 28:
            try:
                single: int = struct.unpack("<I", struct.pack("<f", double))[0]
            except OverflowError:
                return False
            return single == bits
    return _same_value(_decimal_state(_F32, text), _unpack(_F32, bits))


@lru_cache(maxsize=8192)
def _format_generic(fmt: FloatFormat, bits: int) -> str:
    state = _unpack(fmt, bits)
    cat, sign, exp, sig = state
    if cat == _ZERO:
        return "-0.000000e+00" if sign else "0.000000e+00"
    if cat == _NORMAL:
        p = fmt.precision
        exp -= p - 1
        text = _to_string(sign, sig, exp, p, 6, 0, False)
        if _same_value(_decimal_state(fmt, text), state):
            return text
        text = _to_string(sign, sig, exp, p, 0, 3, True)
        if "." in text:
            return text
    return f"0x{_pack(fmt, state):X}"
