"""Tests of generator.ir.floats: layouts, exact rounding, decoding and mlir-opt's float text.

`data/float_golden.txt` records what mlir-opt-22 prints for a fixed list of float
literals (`type<TAB>literal<TAB>printed text or error`), so the printer is checked
even without the tool. Regenerate it from the repository root with

    PYTHONPATH=. python tests/unit/ir/test_floats.py --regenerate

The differential tests compare against mlir-opt-22 directly and are skipped when it
is not installed.
"""

from __future__ import annotations

import math
import random
import re
import shutil
import struct
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.ir.floats import (
    FLOAT_FORMATS,
    FloatFormat,
    FloatKind,
    FloatLiteralError,
    NanEncoding,
    bits_to_fraction,
    bits_to_value,
    decimal_to_bits,
    decimal_to_bits_exact,
    float_bits_to_python,
    format_float,
    fraction_to_bits,
    parse_hex_float,
    value_to_bits,
)

GOLDEN = Path(__file__).parent / "data" / "float_golden.txt"
ORACLE = "mlir-opt-22"
ORACLE_FLAGS = (
    "--allow-unregistered-dialect",
    "--mlir-print-elementsattrs-with-hex-if-larger=-1",
)

F16 = FLOAT_FORMATS["f16"]
F32 = FLOAT_FORMATS["f32"]
F64 = FLOAT_FORMATS["f64"]
F80 = FLOAT_FORMATS["f80"]
F128 = FLOAT_FORMATS["f128"]
E8M0 = FLOAT_FORMATS["f8E8M0FNU"]

#: The float type keywords of MLIR 22's builtin dialect (BuiltinTypes.td).
MLIR_22_FLOAT_TYPES = {
    "f16", "bf16", "f32", "f64", "f80", "f128", "tf32",
    "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ",
    "f8E3M4", "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN",
}  # fmt: skip

#: Formats whose bit patterns, read as unsigned integers, step through the values
#: in order (so neighbours in bits are neighbours in value).
ORDERED_FORMATS = [f for f in FLOAT_FORMATS.values() if f.has_sign and not f.explicit_integer_bit]


# ---------------------------------------------------------------------------
# Evaluating a literal the way mlir-opt does, and asking mlir-opt.


def render(fmt: FloatFormat, literal: str) -> str:
    """What our code prints for `literal : fmt`, or `error: ...` as mlir-opt reports it."""
    negative = literal.startswith("-")
    body = literal[1:] if negative else literal
    try:
        if "." in body:
            bits = decimal_to_bits(fmt, literal)
        else:
            bits = parse_hex_float(fmt, body, negative=negative)
    except FloatLiteralError as error:
        text = f"error: {error.message}"
        return text + (f" | note: {error.note}" if error.note else "")
    return format_float(fmt, bits)


def attribute_keeps_more_than_bits(fmt: FloatFormat, literal: str) -> bool:
    """Whether mlir-opt's float attribute for this literal holds a state its bits cannot.

    A negative f8E8M0FNU and an infinite finite-only value are undefined behaviour
    in MLIR; the scalar attribute prints the state it kept, dense elements the bits.
    """
    if "." not in literal:
        return False
    if fmt is E8M0:
        return literal.startswith("-")
    return fmt.nan_encoding is NanEncoding.NONE and abs(float(literal)) == float("inf")


def run_oracle(source: str, *flags: str) -> subprocess.CompletedProcess[str]:
    """Run mlir-opt-22 on `source` read from stdin."""
    return subprocess.run(
        [ORACLE, *ORACLE_FLAGS, *flags, "-"],
        input=source,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


_ATTR_RE = re.compile(r"\{v = (.*)\} : \(\) -> \(\)")
_DIAG_RE = re.compile(r"^<stdin>:(\d+):\d+: (error|note): (.*)$", re.MULTILINE)


def oracle_render(cases: list[tuple[str, str]]) -> list[str]:
    """mlir-opt's text for each `(type, literal)`: the printed value, or its diagnostics."""
    chunks = [f'"t.op"() {{v = {literal} : {name}}} : () -> ()' for name, literal in cases]
    result = run_oracle("\n// -----\n".join(chunks) + "\n", "--split-input-file")
    outputs = result.stdout.split("// -----\n")
    assert len(outputs) == len(cases), result.stderr
    messages: dict[int, list[str]] = {}
    for line, severity, message in _DIAG_RE.findall(result.stderr):
        # Case i sits on line 2i+1: every case is followed by a separator line.
        messages.setdefault((int(line) - 1) // 2, []).append(f"{severity}: {message}")
    rendered = []
    for index, (output, (name, _)) in enumerate(zip(outputs, cases, strict=True)):
        match = _ATTR_RE.search(output)
        if match is None:
            assert index in messages, output
            rendered.append(" | ".join(messages[index]))
        else:
            text, _, suffix = match.group(1).rpartition(" : ")
            assert suffix == name, match.group(0)
            rendered.append(text)
    return rendered


def oracle_print(attrs: list[tuple[str, str]]) -> list[str]:
    """mlir-opt's text for each `(attribute, type)` in one run; inputs must be valid."""
    lines = [f'"t.op"() {{v = {attr} : {name}}} : () -> ()' for attr, name in attrs]
    result = run_oracle("\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    printed = _ATTR_RE.findall(result.stdout)
    assert len(printed) == len(lines)
    return [text.rpartition(" : ")[0] for text in printed]


def dense_elements(text: str, count: int) -> list[str]:
    """The element texts of a printed `dense<...>` body, expanding a splat."""
    assert text.startswith("dense<"), text
    assert text.endswith(">"), text
    body = text[len("dense<") : -1]
    if not body.startswith("["):
        return [body] * count
    items = body[1:-1].split(", ")
    assert len(items) == count
    return items


def literal_bits(fmt: FloatFormat, literal: str) -> int:
    """The bits of a valid literal, as mlir-opt parses it."""
    if "." in literal:
        return decimal_to_bits(fmt, literal)
    return parse_hex_float(fmt, literal)


def check_attrs_and_dense(cases: list[tuple[str, str]], *, dense_only: bool = False) -> list[str]:
    """Print every case with mlir-opt inside dense<> and, unless `dense_only`, as an
    attribute of its own; list the mismatches."""
    groups: list[tuple[str, list[str]]] = []
    by_type: dict[str, list[str]] = {}
    for name, literal in cases:
        by_type.setdefault(name, []).append(literal)
    for name, literals in by_type.items():
        for start in range(0, len(literals), 64):
            groups.append((name, literals[start : start + 64]))
    singles = [] if dense_only else cases
    attrs = [(literal, name) for name, literal in singles]
    attrs += [(f"dense<[{', '.join(g)}]>", f"tensor<{len(g)}x{name}>") for name, g in groups]
    printed = oracle_print(attrs)
    failures = []
    for (name, literal), text in zip(singles, printed, strict=False):
        fmt = FLOAT_FORMATS[name]
        ours = format_float(fmt, literal_bits(fmt, literal))
        if ours != text and not attribute_keeps_more_than_bits(fmt, literal):
            failures.append(f"{literal} : {name}: mlir-opt {text}, ours {ours}")
    for (name, literals), text in zip(groups, printed[len(singles) :], strict=True):
        fmt = FLOAT_FORMATS[name]
        for literal, element in zip(literals, dense_elements(text, len(literals)), strict=True):
            ours = format_float(fmt, literal_bits(fmt, literal))
            if ours != element:
                failures.append(f"dense {literal} : {name}: mlir-opt {element}, ours {ours}")
    return failures


# ---------------------------------------------------------------------------
# The golden table.


def structural_patterns(fmt: FloatFormat) -> list[int]:
    """Bit patterns at the edges of a format's layout: zeros, extremes, NaN and inf spots."""
    width, mantissa = fmt.width, fmt.mantissa_bits
    exponent_ones = ((1 << fmt.exponent_bits) - 1) << mantissa
    patterns = [0, 1, 1 << (width - 1), (1 << width) - 1, (1 << (width - 1)) - 1]
    patterns += [exponent_ones, exponent_ones | 1, exponent_ones - 1, 1 << mantissa]
    patterns += [(fmt.bias << mantissa) | ((1 << mantissa) >> 1)]
    if fmt.explicit_integer_bit:
        patterns += [(fmt.bias << 64) | (1 << 63), (fmt.bias << 64) | 1, 1 << 63]
    patterns += [exponent_ones | (1 << (width - 1)), (1 << (width - 1)) | 1]
    return list(dict.fromkeys(p for p in patterns if 0 <= p < 1 << width))


GOLDEN_DECIMALS = [
    "0.0", "-0.0", "1.0", "-1.5", "0.1", "0.3", "3.14159265358979", "123456789.0",
    "16777217.0", "1.00000005960464477539062500000000000000086736", "-1.0e10",
    "1.0e-10", "65504.0", "465.0", "1.0e-40", "1.0e300", "1.0e400", "-1.0e400",
    "1.0e-400", "4.9e-324",
]  # fmt: skip

GOLDEN_ERRORS = [
    ("f16", "0x1FFFF"),
    ("f4E2M1FN", "0x10"),
    ("f6E2M3FN", "0x40"),
    ("f8E8M0FNU", "0x100"),
    ("f64", "0x10000000000000000"),
    ("f80", "0x100000000000000000000"),
    ("f32", "-0x3F800000"),
    ("f32", "42"),
    ("bf16", "-7"),
]


def golden_cases() -> list[tuple[str, str]]:
    """The literals of the golden table, in table order."""
    cases = []
    for name, fmt in FLOAT_FORMATS.items():
        for literal in GOLDEN_DECIMALS:
            if not attribute_keeps_more_than_bits(fmt, literal):
                cases.append((name, literal))
        cases += [(name, f"0x{bits:X}") for bits in structural_patterns(fmt)]
    return cases + GOLDEN_ERRORS


def read_golden() -> list[tuple[str, str, str]]:
    """The golden table's rows."""
    rows: list[tuple[str, str, str]] = []
    if not GOLDEN.exists():
        return rows
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            name, literal, printed = line.split("\t")
            rows.append((name, literal, printed))
    return rows


def golden_text(cases: list[tuple[str, str]], printed: list[str]) -> str:
    """The golden file's contents for these cases and mlir-opt's texts."""
    header = (
        "# What mlir-opt-22 prints for `literal : type`, one case per line:\n"
        "# type<TAB>literal<TAB>printed value, or its diagnostics joined by ' | '.\n"
        "# Regenerate: PYTHONPATH=. python tests/unit/ir/test_floats.py --regenerate\n"
    )
    rows = [
        f"{name}\t{literal}\t{text}\n" for (name, literal), text in zip(cases, printed, strict=True)
    ]
    return header + "".join(rows)


def regenerate_golden() -> None:
    """Rewrite the golden table from mlir-opt-22's output."""
    if shutil.which(ORACLE) is None:
        raise SystemExit(f"{ORACLE} is not installed")
    cases = golden_cases()
    GOLDEN.write_text(golden_text(cases, oracle_render(cases)))


# ---------------------------------------------------------------------------
# Tests that need no tool.


@pytest.mark.parametrize(
    ("name", "literal", "printed"),
    [pytest.param(*row, id=f"{row[0]}:{row[1][:40]}") for row in read_golden()],
)
def test_golden_table(name: str, literal: str, printed: str) -> None:
    """Each literal of the golden table prints (or fails) exactly as mlir-opt-22 did."""
    assert render(FLOAT_FORMATS[name], literal) == printed


def test_golden_table_covers_every_format() -> None:
    """The golden table has rows for every format and for every literal error kind."""
    rows = read_golden()
    assert {name for name, _, _ in rows} == set(FLOAT_FORMATS)
    errors = {printed.split(" | ")[0] for _, _, printed in rows if printed.startswith("error:")}
    assert len(errors) == 3


def test_formats_are_mlir_22_float_types() -> None:
    """FLOAT_FORMATS is keyed by exactly MLIR 22's float type keywords."""
    assert set(FLOAT_FORMATS) == MLIR_22_FLOAT_TYPES
    assert all(fmt.name == name for name, fmt in FLOAT_FORMATS.items())


@pytest.mark.parametrize("fmt", FLOAT_FORMATS.values(), ids=lambda f: f.name)
def test_layout_adds_up(fmt: FloatFormat) -> None:
    """Sign, exponent and mantissa fields fill the width; the exponent range fits the field."""
    assert int(fmt.has_sign) + fmt.exponent_bits + fmt.mantissa_bits == fmt.width
    field_max = (1 << fmt.exponent_bits) - 1
    assert fmt.min_exponent + fmt.bias in (0, 1)
    assert fmt.max_exponent + fmt.bias in (field_max - 1, field_max)
    assert fmt.has_infinity == (fmt.nan_encoding is NanEncoding.IEEE)


@pytest.mark.parametrize("fmt", FLOAT_FORMATS.values(), ids=lambda f: f.name)
def test_one_point_zero_round_trips(fmt: FloatFormat) -> None:
    """1.0 decodes to exactly one and prints as 1.000000e+00 in every format."""
    bits = decimal_to_bits(fmt, "1.0")
    assert bits_to_fraction(fmt, bits) == 1
    assert format_float(fmt, bits) == "1.000000e+00"


@given(st.integers(0, (1 << 64) - 1))
def test_f64_decoding_matches_struct(bits: int) -> None:
    """Decoding f64 bits agrees with the host's own f64 reading."""
    host = struct.unpack("<d", struct.pack("<Q", bits))[0]
    value = bits_to_value(F64, bits)
    if host != host:
        assert value.kind is FloatKind.NAN
    elif abs(host) == float("inf"):
        assert value.kind is FloatKind.INFINITY
        assert value.negative == (host < 0)
    else:
        assert bits_to_fraction(F64, bits) == Fraction(host)
        assert value.negative == (struct.pack("<d", host)[7] >= 0x80)


@given(st.integers(0, (1 << 32) - 1))
def test_f32_decoding_matches_struct(bits: int) -> None:
    """Decoding f32 bits agrees with the host's f32 reading, also through the generic path."""
    host = struct.unpack("<f", struct.pack("<I", bits))[0]
    value = bits_to_value(F32, bits)
    if host != host:
        assert value.kind is FloatKind.NAN
    elif abs(host) == float("inf"):
        assert value.kind is FloatKind.INFINITY
    else:
        assert bits_to_fraction(F32, bits) == Fraction(host)
        assert fraction_to_bits(F32, Fraction(host)) in (bits, 0)


def test_f16_every_pattern_matches_struct() -> None:
    """Every f16 pattern decodes, and converts to a Python float, like the host's half reading."""
    for bits in range(1 << 16):
        host = struct.unpack("<e", struct.pack("<H", bits))[0]
        ours = float_bits_to_python(F16, bits)
        if host != host:
            assert ours != ours, hex(bits)
            assert bits_to_value(F16, bits).kind is FloatKind.NAN, hex(bits)
            continue
        assert struct.pack("<d", ours) == struct.pack("<d", host), hex(bits)
        if abs(host) != float("inf"):
            assert bits_to_fraction(F16, bits) == Fraction(host), hex(bits)


@given(st.floats(allow_nan=False, allow_infinity=False, width=64))
def test_f16_rounding_matches_struct(value: float) -> None:
    """Rounding a Python float to f16 agrees with the host's half conversion (ties to even)."""
    try:
        host = struct.unpack("<H", struct.pack("<e", value))[0]
    except OverflowError:
        host = 0xFC00 if value < 0 else 0x7C00
    assert value_to_bits(F16, value) == host


@given(st.floats(allow_nan=False, allow_infinity=False, width=64))
def test_exact_rationals_round_like_the_host_to_f32_and_f64(value: float) -> None:
    """fraction_to_bits rounds exact values to f32 like the host, and keeps f64 values exact."""
    exact = Fraction(value)
    try:
        single = struct.unpack("<I", struct.pack("<f", value))[0]
    except OverflowError:
        single = 0xFF800000 if value < 0 else 0x7F800000
    if value:
        assert fraction_to_bits(F32, exact) == single
    assert bits_to_fraction(F64, fraction_to_bits(F64, exact)) == exact


def largest_finite_bits(fmt: FloatFormat) -> int:
    """The positive pattern with the largest finite value."""
    exponent_ones = ((1 << fmt.exponent_bits) - 1) << fmt.mantissa_bits
    bits = exponent_ones if fmt.has_infinity else (1 << (fmt.width - 1)) - 1
    while bits_to_value(fmt, bits).kind is not FloatKind.FINITE:
        bits -= 1
    return bits


@st.composite
def decimal_literals(draw: st.DrawFn) -> str:
    """Decimal literals with varied digit counts and exponents."""
    digits = draw(st.text("0123456789", min_size=1, max_size=40))
    point = draw(st.integers(1, len(digits)))
    exponent = draw(st.integers(-330, 330))
    return f"{digits[:point]}.{digits[point:]}e{exponent}"


@given(st.sampled_from(ORDERED_FORMATS), decimal_literals())
@settings(max_examples=400)
def test_exact_decimal_rounding_picks_the_nearest_value(fmt: FloatFormat, literal: str) -> None:
    """decimal_to_bits_exact gives the nearest finite value, ties to an even mantissa."""
    exact = Fraction(literal)
    bits = decimal_to_bits_exact(fmt, literal)
    value = bits_to_value(fmt, bits)
    largest = bits_to_fraction(fmt, largest_finite_bits(fmt))
    if exact > largest:
        assert value.kind is not FloatKind.FINITE or value.magnitude == largest
        return
    assert value.kind is FloatKind.FINITE
    assert not value.negative
    error = abs(exact - value.magnitude)
    for neighbour in (bits - 1, bits + 1):
        if 0 <= neighbour < 1 << (fmt.width - 1):
            other = bits_to_value(fmt, neighbour)
            if other.kind is FloatKind.FINITE:
                distance = abs(exact - other.magnitude)
                assert error <= distance
                if error == distance and exact:
                    assert bits % 2 == 0
    if value.magnitude and bits_to_value(fmt, bits | 1 << (fmt.width - 1)).kind is FloatKind.FINITE:
        assert decimal_to_bits_exact(fmt, "-" + literal) == bits | 1 << (fmt.width - 1)


@given(st.sampled_from(list(FLOAT_FORMATS.values())), st.data())
@settings(max_examples=400)
def test_printed_text_reads_back_to_the_same_value(fmt: FloatFormat, data: st.DataObject) -> None:
    """Whatever format_float prints reads back (as APFloat reads it) to the same value."""
    bits = data.draw(st.integers(0, (1 << fmt.width) - 1))
    text = format_float(fmt, bits)
    value = bits_to_value(fmt, bits)
    if text.startswith("0x"):
        again = bits_to_value(fmt, parse_hex_float(fmt, text))
        assert again.kind is value.kind
        assert again.magnitude == value.magnitude
        if value.kind is FloatKind.FINITE:
            # Only integers too long for the default form fall back to hex.
            assert value.magnitude.denominator == 1
    else:
        assert value.kind is FloatKind.FINITE
        assert bits_to_value(fmt, decimal_to_bits_exact(fmt, text)) == value


def test_decimal_literals_round_through_f64() -> None:
    """decimal_to_bits rounds to f64 first, so it can differ from one direct rounding."""
    literal = "1.00000005960464477539062500000000000000086736"
    exact = Fraction(literal)
    direct = decimal_to_bits_exact(F32, literal)
    through_f64 = decimal_to_bits(F32, literal)
    assert direct != through_f64
    assert abs(bits_to_fraction(F32, direct) - exact) < abs(
        bits_to_fraction(F32, through_f64) - exact
    )
    assert through_f64 == value_to_bits(F32, float(literal))


def test_f80_and_f128_literals_carry_only_f64_precision() -> None:
    """An f80 or f128 literal is the f64 nearest to it, widened exactly."""
    for fmt in (F80, F128):
        assert bits_to_fraction(fmt, decimal_to_bits(fmt, "0.1")) == Fraction(0.1)
        assert bits_to_fraction(fmt, decimal_to_bits_exact(fmt, "0.1")) != Fraction(0.1)


def test_float_bits_to_python_special_values() -> None:
    """Huge f80/f128 values become infinities; NaN and zero signs survive."""
    assert float_bits_to_python(F80, 0x7FFEFFFFFFFFFFFFFFFF) == float("inf")
    assert float_bits_to_python(F128, (0x7FFE << 112) | 1 | 1 << 127) == float("-inf")
    nan = float_bits_to_python(F128, 0xFFFF8000000000000000000000000000)
    assert nan != nan
    assert struct.pack("<d", nan)[7] >= 0x80
    assert struct.pack("<d", float_bits_to_python(F80, 1 << 79)) == struct.pack("<d", -0.0)
    assert float_bits_to_python(E8M0, 0x7F) == 1.0


def test_bits_to_fraction_rejects_nan_and_infinity() -> None:
    """Only finite patterns have a Fraction value."""
    with pytest.raises(ValueError, match="nan"):
        bits_to_fraction(F32, 0x7FC00000)
    with pytest.raises(ValueError, match="infinity"):
        bits_to_fraction(F64, 0xFFF0000000000000)
    assert bits_to_value(F32, 0x80000000).is_negative_zero


def test_hex_literal_errors_carry_mlir_notes() -> None:
    """A decimal integer literal gets the note telling the user to add a dot."""
    with pytest.raises(FloatLiteralError) as info:
        parse_hex_float(F32, "42")
    assert info.value.note is not None
    with pytest.raises(FloatLiteralError) as info:
        parse_hex_float(F32, "0x1", negative=True)
    assert info.value.note is None
    # Leading zeros do not count against the width.
    assert parse_hex_float(F16, "0x0000000000000000003C00") == 0x3C00


@pytest.mark.parametrize("literal", ["", "-", ".", "1.0.0", "inf", "nan", "0x1.0p0", "1,0", "+1.0"])
def test_malformed_decimal_text_is_rejected(literal: str) -> None:
    """Text that is not a decimal float literal is a ValueError, not a guess."""
    with pytest.raises(ValueError, match="not a decimal float literal"):
        decimal_to_bits(F32, literal)


# ---------------------------------------------------------------------------
# Differential tests against mlir-opt-22.


def random_decimal(rng: random.Random, fmt: FloatFormat) -> str:
    """A random decimal literal scaled to the interesting range of `fmt`."""
    digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 20)))
    if rng.random() < 0.3:
        digits = str(rng.randint(1, 9)) + "0" * rng.randint(0, 5) + str(rng.randint(0, 9))
    span = {4: 2, 6: 3, 8: 8}.get(fmt.width, 45 if fmt.width < 64 else 320)
    literal = f"{digits[0]}.{digits[1:]}e{rng.randint(-span - 5, span)}"
    negative = rng.random() < 0.3 and fmt is not E8M0
    return ("-" if negative else "") + literal


def random_cases(seed: int) -> list[tuple[str, str]]:
    """Fixed-seed literals for every format: random decimals, random bits, near-round values."""
    rng = random.Random(seed)
    cases = []
    for name, fmt in FLOAT_FORMATS.items():
        cases += [(name, random_decimal(rng, fmt)) for _ in range(40)]
        cases += [(name, f"0x{rng.getrandbits(fmt.width):X}") for _ in range(30)]
        for _ in range(10):
            # Patterns next to short decimals: where six digits stop (or start) to
            # read back, and where truncating digits differs from rounding them.
            span = 8 if fmt.width <= 8 else 30
            short = f"{rng.randint(1, 9)}.{rng.randint(0, 99999):05d}e{rng.randint(-span, span)}"
            centre = decimal_to_bits_exact(fmt, short)
            for bits in range(centre - 2, centre + 3):
                if 0 <= bits < 1 << fmt.width:
                    cases.append((name, f"0x{bits:X}"))
    return cases


@pytest.mark.mlir
def test_random_literals_print_like_mlir_opt(mlir_opt: str) -> None:
    """Hundreds of fixed-seed literals of every format print as mlir-opt-22 prints them."""
    failures = check_attrs_and_dense(random_cases(seed=2206))
    assert not failures, "\n".join(failures[:40])


@pytest.mark.mlir
def test_every_small_pattern_prints_like_mlir_opt(mlir_opt: str) -> None:
    """Every pattern of the 4-, 6- and 8-bit formats, and of f16 and bf16, prints as mlir-opt's."""
    small = [
        (n, f"0x{b:X}")
        for n, f in FLOAT_FORMATS.items()
        if f.width <= 8
        for b in range(1 << f.width)
    ]
    half = [
        (n, f"0x{b:X}") for n, f in FLOAT_FORMATS.items() if f.width == 16 for b in range(1 << 16)
    ]
    failures = check_attrs_and_dense(small) + check_attrs_and_dense(half, dense_only=True)
    assert not failures, "\n".join(failures[:40])


@pytest.mark.mlir
def test_golden_table_is_mlir_opts_output(mlir_opt: str) -> None:
    """The committed golden table is exactly what mlir-opt-22 prints today."""
    cases = golden_cases()
    expected = golden_text(cases, oracle_render(cases))
    assert GOLDEN.read_text() == expected, (
        "regenerate: PYTHONPATH=. python tests/unit/ir/test_floats.py --regenerate"
    )


@pytest.mark.mlir
def test_literal_errors_match_mlir_opt(mlir_opt: str) -> None:
    """Rejected literals fail with mlir-opt's messages and notes."""
    cases = [(name, literal) for name, literal in GOLDEN_ERRORS]
    cases += [("f4E2M1FN", "0xF"), ("f8E4M3", "-0x0"), ("tf32", "0x80000"), ("tf32", "0x7FFFF")]
    ours = [render(FLOAT_FORMATS[name], literal) for name, literal in cases]
    assert ours == oracle_render(cases)


FOLD_SOURCES = [
    0x7FF8000000000000, 0xFFF8000000000000, 0x7FFC000000000000, 0x7FF0000000000000,
    0xFFF0000000000000, 0x3FF8000000000000, 0x8000000000000000, 0x0000000000000000,
    0x3EB0000000000000, 0xC07C000000000000,
]  # fmt: skip


@pytest.mark.mlir
def test_f64_conversions_match_arith_folding(mlir_opt: str) -> None:
    """value_to_bits converts f64 (NaNs and infinities too) as arith.truncf/extf folding does."""
    lines = ["func.func @f() {"]
    results: list[tuple[int, FloatFormat]] = []
    for index, source in enumerate(FOLD_SOURCES):
        lines.append(f"  %s{index} = arith.constant 0x{source:016X} : f64")
        for name, fmt in FLOAT_FORMATS.items():
            if fmt is not F64:
                op = "arith.extf" if fmt.width > 64 else "arith.truncf"
                lines.append(f"  %r{len(results)} = {op} %s{index} : f64 to {name}")
                lines.append(f'  "t.use"(%r{len(results)}) : ({name}) -> ()')
                results.append((source, fmt))
    source_text = "\n".join([*lines, "  return", "}"]) + "\n"
    folded = run_oracle(source_text, "--canonicalize", "--mlir-print-op-generic")
    assert folded.returncode == 0, folded.stderr
    constants = dict(
        re.findall(r'(%\w+) = "arith.constant"\(\) <\{value = (.*) : \w+\}>', folded.stdout)
    )
    uses = re.findall(r'"t.use"\((%\w+)\)', folded.stdout)
    assert len(uses) == len(results)
    checked = 0
    for (source, fmt), use in zip(results, uses, strict=True):
        if use not in constants:
            continue
        value = struct.unpack("<d", struct.pack("<Q", source))[0]
        bits = value_to_bits(fmt, value)
        if fmt is E8M0 and value < 0:
            # The folded attribute keeps a sign that f8E8M0FNU's bits cannot hold.
            continue
        if fmt.nan_encoding is NanEncoding.NONE and not math.isfinite(value):
            # The folded attribute keeps a NaN or infinity and prints the bits it
            # would store for one.
            expected = f"0x{bits:X}"
        else:
            expected = format_float(fmt, bits)
        assert constants[use] == expected, (hex(source), fmt.name)
        checked += 1
    assert checked > len(results) // 2


def _main(argv: list[str]) -> int:
    if argv != ["--regenerate"]:
        print(
            "usage: PYTHONPATH=. python tests/unit/ir/test_floats.py --regenerate", file=sys.stderr
        )
        return 2
    regenerate_golden()
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
