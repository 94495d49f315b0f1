"""Random differential test: generated generic-form modules printed by odsgen and by mlir-opt-22.

A fixed-seed generator (`ProgramGenerator`, plain `random.Random`) writes random
but valid modules of unregistered ops: operands and results (also grouped, as in
`%x:2` and `%x#1`), discardable attributes and `<{...}>` properties drawn from
every builtin attribute kind, every builtin type, nested regions and multi-block
regions with successors and block arguments, and trailing locations. Uses keep
dominance valid: a value is used only after its definition in the same block, in
an enclosing region, or (from another block of a multi-block region) from the
entry block.

Each batch of programs goes through mlir-opt-22 once, joined with `// -----`
and run with `--split-input-file`, and its output is cut back into programs.
odsgen must print every program exactly as the oracle does, and, with or without
the oracle, must print its own output back unchanged.

The generator leaves out what mlir-opt-22 itself does not print consistently, so
that both checks can hold (each exclusion is explained where it is made):
complex elements of one bit, repeated sparse indices, f80 and f128 values an f64
cannot hold, affine sums that are not in the order mlir-opt keeps them, file
locations without a column or with a range that ends where it starts, fused
locations with metadata that hold fusions or `unknown`, locations in properties
and aliases, bits beyond an element's width in dense hex blobs short enough to
print as lists, and tensor encodings that start with a keyword MLIR does not
read there or are aliases.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import generated
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.source import SourceFile
from generator.ir.verifier import verify

ORACLE = "mlir-opt-22"
SPLIT_MARKER = "// -----\n"
#: The line mlir-opt prints between the outputs of two sections.
OUTPUT_SEPARATOR = re.compile(r"^// -----\n", re.MULTILINE)


@dataclass(frozen=True)
class Batch:
    """Programs generated from one seed and checked with one oracle run."""

    seed: int
    count: int
    debuginfo: bool

    @property
    def name(self) -> str:
        return f"random_{self.seed}{'_debuginfo' if self.debuginfo else ''}.mlir"


BATCHES = [
    Batch(seed=1, count=50, debuginfo=False),
    Batch(seed=2, count=50, debuginfo=True),
    Batch(seed=3, count=50, debuginfo=False),
    Batch(seed=4, count=50, debuginfo=True),
]

# ---------------------------------------------------------------------------
# The generator

_INT_WIDTHS = (1, 1, 2, 3, 5, 7, 8, 8, 9, 12, 16, 16, 17, 24, 31, 32, 32, 33, 48, 63, 64, 64, 65, 80, 127, 128, 129, 256)  # fmt: skip
#: Float type keywords of MLIR 22 and their bit widths.
_FLOAT_WIDTHS = {
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19,
    "f8E5M2": 8, "f8E4M3": 8, "f8E4M3FN": 8, "f8E5M2FNUZ": 8, "f8E4M3FNUZ": 8,
    "f8E4M3B11FNUZ": 8, "f8E3M4": 8, "f8E8M0FNU": 8, "f6E2M3FN": 6, "f6E3M2FN": 6,
    "f4E2M1FN": 4,
}  # fmt: skip
_FLOAT_TYPES = tuple(_FLOAT_WIDTHS)
#: Formats without infinity or NaN, and the one without a sign: MLIR's behaviour for
#: an out-of-range or negative decimal literal of those is undefined, so they only
#: get small positive decimals (and any bit pattern in hex).
_FINITE_ONLY = frozenset({"f6E2M3FN", "f6E3M2FN", "f4E2M1FN"})
_UNSIGNED_FLOAT = "f8E8M0FNU"
_DECIMALS = (
    "0.0", "-0.0", "1.0", "-1.0", "0.1", "0.3", "-2.5", "0.5", "1.5", "3.0", "6.0", "448.0",
    "57344.0", "65504.0", "65520.0", "1.0e10", "1.5e-7", "2.0e-5", "1.0e-8", "3.4028235e38",
    "3.4028236e38", "1.17549435e-38", "1.0e-45", "1.4e-45", "4.9e-324", "2.2250738585072014e-308",
    "1.7976931348623157e308", "1.0e38", "9.999999e-1", "123456789.0", "0.333333333333333333",
    "2.718281828459045", "3.141592653589793", "1.0e300", "1.0e-300", "16777217.0", "1.0E5",
    "2.5e+3", "100.0", "1.0e400", "-1.0e400", "1.0e-400", "0.0625", "240.0", "1.0e-3",
)  # fmt: skip
_SAFE_DECIMALS = ("0.0", "1.0", "0.5", "1.5", "2.0", "3.0", "4.0", "6.0", "0.25", "0.3", "0.75")
_IDENT_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$."
_UNICODE = "é∀→日本😀ßΩ\u00a0\u200b"
_QUOTED_NAMES = (
    "foo bar", "1abc", "a-b", "é", "with\"quote", "back\\slash", "tab\there", "new\nline",
    "∀x", "a:b", "#hash", "@at", "x y z", "0", "-", "a\x01b", "\x7f", "é-ü",
)  # fmt: skip
#: How the names of the aliases a program defines begin.
_ALIAS_PREFIXES = ("al", "my_", "A", "x$")
_ATTR_ALIAS_STARTS = tuple("#" + prefix for prefix in _ALIAS_PREFIXES)
_LOC_FILES = ("a.mlir", "dir/b.c", "x y.py", "é.txt", 'q"uote.c', "", "f")


class ProgramGenerator:
    """Writes random valid generic-form programs; all choices come from one `random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.counter = 0
        self.attr_aliases: list[str] = []
        self.type_aliases: list[str] = []
        self.loc_aliases: list[str] = []
        self.distinct: list[str] = []
        self.distinct_next = 0
        #: Set while writing properties and aliases, which hold no locations:
        #: mlir-opt-22 does not look into the properties of an unregistered op for
        #: aliases, yet prints a location there through the alias that the same
        #: location got as an op's location, defined at the end of the output,
        #: where it cannot read it back.
        self.no_locations = False
        #: Location aliases defined after the ops, which only trailing locations use.
        self.late_loc_aliases: list[str] = []

    # -- small helpers ---------------------------------------------------------

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def fresh(self) -> int:
        self.counter += 1
        return self.counter

    def sp(self) -> str:
        """Optional whitespace between tokens."""
        r = self.rng.random()
        if r < 0.85:
            return ""
        if r < 0.95:
            return " "
        return "\n    "

    def comma(self) -> str:
        r = self.rng.random()
        if r < 0.85:
            return ", "
        if r < 0.93:
            return ","
        return " ,\n  "

    def kw(self, word: str) -> str:
        """A keyword, sometimes with blanks before the bracket that follows it."""
        return word + " " if self.chance(0.03) else word

    def dims(self, dims: list[str]) -> str:
        """A dimension list with its trailing `x`, sometimes spread out with blanks."""
        if self.chance(0.05):
            return "".join(f"{d} x " for d in dims)
        return "".join(d + "x" for d in dims)

    def bare_id(self) -> str:
        first = self.rng.choice("abcxyzAQ_")
        return first + "".join(
            self.rng.choice(_IDENT_CHARS) for _ in range(self.rng.randrange(0, 6))
        )

    def name_text(self) -> str:
        """A name for a key or symbol: usually a bare identifier, sometimes one needing quotes."""
        if self.chance(0.25):
            return self.rng.choice(_QUOTED_NAMES) + ("" if self.chance(0.5) else str(self.fresh()))
        return self.bare_id()

    # -- strings -----------------------------------------------------------------

    def string_value(self) -> list[tuple[str, bytes]]:
        """Pieces of a string: (how the input spells it, the bytes it stands for)."""
        pieces: list[tuple[str, bytes]] = []
        for _ in range(self.rng.randrange(0, 8)):
            r = self.rng.random()
            if r < 0.45:
                word = "".join(
                    self.rng.choice("abcXYZ019 .,:;<>()[]{}#!@%^&*-+=/|?'~")
                    for _ in range(self.rng.randrange(1, 5))
                )
                pieces.append((word, word.encode()))
            elif r < 0.55:
                c = self.rng.choice(_UNICODE)
                data = c.encode()
                if self.chance(0.5):
                    pieces.append((c, data))
                else:
                    pieces.append(("".join(f"\\{b:02X}" for b in data), data))
            elif r < 0.65:
                pieces.append(
                    self.rng.choice(
                        [('\\"', b'"'), ("\\\\", b"\\"), ("\\n", b"\n"), ("\\t", b"\t")]
                    )
                )
            elif r < 0.75:
                b = self.rng.choice([0, 1, 7, 9, 10, 13, 27, 31, 34, 92, 127, 128, 0xC3, 0xFF])
                spelled = f"\\{b:02x}" if self.chance(0.3) else f"\\{b:02X}"
                pieces.append((spelled, bytes([b])))
            elif r < 0.8:
                pieces.append(("\t", b"\t"))
            else:
                pieces.append((" ", b" "))
        return pieces

    def string_literal(self) -> str:
        return '"' + "".join(s for s, _ in self.string_value()) + '"'

    def quote(self, text: str) -> str:
        """Spell `text` as a string literal."""
        out = []
        for c in text:
            if c == '"':
                out.append('\\"')
            elif c == "\\":
                out.append("\\\\")
            elif c == "\n":
                out.append("\\n")
            elif ord(c) < 0x20 or ord(c) == 0x7F:
                out.append(f"\\{ord(c):02X}")
            else:
                out.append(c)
        return '"' + "".join(out) + '"'

    def key(self) -> tuple[str, bytes]:
        """A dictionary key as written, and the name it stands for."""
        if self.chance(0.1):
            pieces = self.string_value() or [("\\FF", b"\xff")]
            return '"' + "".join(t for t, _ in pieces) + '"', b"".join(b for _, b in pieces)
        name = self.name_text()
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$.]*", name) and self.chance(0.8):
            return name, name.encode()
        return self.quote(name), name.encode()

    # -- types -------------------------------------------------------------------

    def int_type(self, allow_zero: bool = True) -> str:
        width = 0 if allow_zero and self.chance(0.02) else self.rng.choice(_INT_WIDTHS)
        return self.rng.choice(("i", "i", "si", "ui")) + str(width)

    def float_type(self) -> str:
        return self.rng.choice(_FLOAT_TYPES)

    def scalar_type(self) -> str:
        r = self.rng.random()
        if r < 0.45:
            return self.int_type()
        if r < 0.85:
            return self.float_type()
        return "index"

    def type_(self, depth: int = 2) -> str:
        if self.type_aliases and self.chance(0.05):
            return self.rng.choice(self.type_aliases)
        if depth <= 0:
            return self.scalar_type()
        r = self.rng.random()
        if r < 0.35:
            return self.scalar_type()
        if r < 0.38:
            return "none"
        if r < 0.43:
            return f"complex<{self.rng.choice([self.int_type(False), self.float_type()])}>"
        if r < 0.50:
            return self.tuple_type(depth)
        if r < 0.56:
            return self.function_type(depth)
        if r < 0.64:
            return self.vector_type()
        if r < 0.76:
            return self.tensor_type(depth)
        if r < 0.88:
            return self.memref_type(depth)
        return self.opaque_type()

    def tuple_type(self, depth: int) -> str:
        n = 17 + self.rng.randrange(3) if self.chance(0.1) else self.rng.randrange(0, 4)
        return "tuple<" + self.comma().join(self.type_(depth - 1) for _ in range(n)) + ">"

    def function_type(self, depth: int) -> str:
        inputs = [self.type_(depth - 1) for _ in range(self.rng.randrange(0, 3))]
        results = [
            self.function_type(depth - 1)
            if self.chance(0.2) and depth > 1
            else self.type_(depth - 1)
            for _ in range(self.rng.randrange(0, 3))
        ]
        return f"({', '.join(inputs)}) -> " + self.result_list(results)

    def result_list(self, results: list[str]) -> str:
        if len(results) == 1 and not results[0].startswith("(") and self.chance(0.7):
            return results[0]
        return "(" + ", ".join(results) + ")"

    def shape(self, allow_dynamic: bool, max_rank: int = 3) -> list[str]:
        dims = []
        for _ in range(self.rng.randrange(0, max_rank + 1)):
            r = self.rng.random()
            if allow_dynamic and r < 0.2:
                dims.append("?")
            elif r < 0.27:
                dims.append("0")
            else:
                dims.append(str(self.rng.choice([1, 2, 3, 4, 5, 8, 16, 100])))
        return dims

    def vector_type(self) -> str:
        dims = []
        for _ in range(self.rng.randrange(0, 4)):
            d = str(self.rng.choice([1, 2, 3, 4, 8, 16]))
            dims.append(f"[{d}]" if self.chance(0.25) else d)
        return "vector<" + self.dims(dims) + self.scalar_type() + ">"

    def tensor_element(self, depth: int) -> str:
        r = self.rng.random()
        if r < 0.7 or depth <= 1:
            return self.scalar_type()
        if r < 0.8:
            return f"complex<{self.float_type()}>"
        if r < 0.9:
            return self.vector_type()
        return self.opaque_type()

    def tensor_type(self, depth: int) -> str:
        if self.chance(0.15):
            return f"tensor<*x{self.tensor_element(depth)}>"
        dims = self.shape(True)
        text = "tensor<" + self.dims(dims) + self.tensor_element(depth)
        if self.chance(0.25):
            text += self.comma() + self.encoding(depth - 1)
        return text + ">"

    def encoding(self, depth: int) -> str:
        """A tensor encoding.

        MLIR reads it as an optional attribute, which cannot start with `strided`,
        `array` or `distinct`. No attribute alias either: mlir-opt-22 prints the
        aliased attribute in place, where it may not read it back.
        """
        while True:
            text = self.attr(depth)
            if not text.startswith(("strided", "array", "distinct", *_ATTR_ALIAS_STARTS)):
                return text

    def memref_type(self, depth: int) -> str:
        r = self.rng.random()
        if r < 0.7:
            elem = self.scalar_type()
        elif r < 0.8:
            elem = f"complex<{self.float_type()}>"
        elif r < 0.9:
            elem = self.vector_type()
        else:
            elem = f"memref<{self.rng.choice(['2x', '?x', ''])}{self.scalar_type()}>"
        space = self.memory_space() if self.chance(0.3) else None
        if self.chance(0.12):
            return f"memref<*x{elem}" + (f", {space}" if space else "") + ">"
        dims = self.shape(True)
        text = "memref<" + self.dims(dims) + elem
        r = self.rng.random()
        if r < 0.15:
            text += ", " + self.affine_map(num_dims=len(dims))
        elif r < 0.3:
            strides = ", ".join(self.stride() for _ in dims)
            text += f", strided<[{strides}]"
            if self.chance(0.6):
                text += f", offset: {self.stride()}"
            text += ">"
        if space is not None:
            text += ", " + space
        return text + ">"

    def stride(self) -> str:
        return "?" if self.chance(0.25) else str(self.rng.choice([0, 1, 2, 4, 7, 64, -1, -3]))

    def memory_space(self) -> str:
        r = self.rng.random()
        if r < 0.4:
            return str(self.rng.choice([0, 1, 2, 3, 7]))
        if r < 0.55:
            return f"{self.rng.choice([0, 1, 5])} : {self.rng.choice(['i32', 'i64', 'i8', 'ui16'])}"
        if r < 0.8:
            return self.string_literal()
        return "{" + self.key()[0] + " = " + str(self.rng.randrange(4)) + "}"

    def opaque_body(self, depth: int = 2) -> str:
        parts = []
        for _ in range(self.rng.randrange(0, 4)):
            r = self.rng.random()
            if r < 0.3:
                parts.append(self.bare_id())
            elif r < 0.45:
                parts.append(str(self.rng.randrange(-5, 100)))
            elif r < 0.55:
                parts.append(self.string_literal())
            elif r < 0.6:
                parts.append("->")
            elif r < 0.75 and depth > 0:
                open_, close = self.rng.choice([("<", ">"), ("[", "]"), ("(", ")"), ("{", "}")])
                parts.append(open_ + self.opaque_body(depth - 1) + close)
            else:
                parts.append(self.rng.choice([",", ":", "=", "*", "?", "x", "#foo.q", "!t"]))
        sep = " " if self.chance(0.5) else ""
        return sep.join(parts)

    def dialect_symbol(self, sigil: str) -> str:
        dialect = self.rng.choice(["foo", "bar", "xyz", "d_1"])
        r = self.rng.random()
        if r < 0.3:
            return f"{sigil}{dialect}.{self.rng.choice(['t', 'type', 'a.b', 'x_1', 'S'])}"
        if r < 0.75:
            return f"{sigil}{dialect}.{self.rng.choice(['t', 'ty', 'p.q'])}<{self.opaque_body()}>"
        return f"{sigil}{dialect}<{self.string_literal()}>"

    def opaque_type(self) -> str:
        return self.dialect_symbol("!")

    # -- attributes ----------------------------------------------------------------

    def int_value(self, type_: str) -> int:
        if type_ == "index":
            lo, hi = -(2**63), 2**63 - 1
        else:
            width = int(type_.lstrip("sui"))
            if width == 0:
                return 0
            if type_.startswith("si"):
                lo, hi = -(2 ** (width - 1)), 2 ** (width - 1) - 1
            elif type_.startswith("ui"):
                lo, hi = 0, 2**width - 1
            else:
                lo, hi = -(2 ** (width - 1)), 2**width - 1
        r = self.rng.random()
        if r < 0.4:
            return max(lo, min(hi, self.rng.randrange(-10, 11)))
        if r < 0.7:
            candidates = [lo, hi, lo + 1, hi - 1, 0, 1, -1, hi // 2, (hi + 1) // 2, -(hi // 2)]
            return self.rng.choice([c for c in candidates if lo <= c <= hi])
        return self.rng.randint(lo, hi)

    def int_literal(self, value: int) -> str:
        if value > 0 and self.chance(0.15):
            return hex(value) if self.chance(0.5) else "0x" + format(value, "X")
        return str(value)

    def integer_attr(self) -> str:
        if self.chance(0.15):
            return self.rng.choice(["true", "false"])
        if self.chance(0.15):
            return str(self.int_value("i64"))
        type_ = self.rng.choice([self.int_type(), self.int_type(), "index"])
        value = self.int_value(type_)
        return f"{self.int_literal(value)} : {type_}"

    def wide_float_bits(self, type_: str) -> int:
        """Bits of an f80 or f128 that an f64 holds exactly, or of an infinity or NaN.

        mlir-opt-22 prints other values of these types in decimal, and reads a
        decimal through an f64, so it would not read its own output back.
        """
        sign = self.rng.randrange(2)
        kind = self.rng.random()
        if type_ == "f80":
            if kind < 0.1:
                return (sign << 79) | (0x7FFF << 64) | (1 << 63)
            if kind < 0.2:
                return (sign << 79) | (0x7FFF << 64) | (0b11 << 62) | self.rng.randrange(1 << 62)
            if kind < 0.25:
                return sign << 79
            exponent = self.rng.randrange(1, 2047) - 1023 + 16383
            significand = (1 << 63) | (self.rng.randrange(1 << 52) << 11)
            return (sign << 79) | (exponent << 64) | significand
        if kind < 0.1:
            return (sign << 127) | (0x7FFF << 112)
        if kind < 0.2:
            return (sign << 127) | (0x7FFF << 112) | (1 << 111) | self.rng.randrange(1 << 111)
        if kind < 0.25:
            return sign << 127
        exponent = self.rng.randrange(1, 2047) - 1023 + 16383
        return (sign << 127) | (exponent << 112) | (self.rng.randrange(1 << 52) << 60)

    def float_literal(self, type_: str, *, allow_hex: bool = True) -> str:
        if allow_hex and self.chance(0.3):
            width = _FLOAT_WIDTHS[type_]
            top = 1 << width
            bits = self.rng.choice(
                [
                    self.rng.randrange(top),
                    top - 1,
                    top >> 1,
                    0,
                    (top - 1) ^ (top >> 1),
                    self.rng.randrange(top >> 2, top),
                ]
            )
            if width > 64:
                bits = self.wide_float_bits(type_)
            digits = format(bits, "X") if self.chance(0.8) else format(bits, "x")
            if self.chance(0.5):
                digits = digits.rjust((width + 3) // 4, "0")
            return "0x" + digits
        if type_ in _FINITE_ONLY:
            lit = self.rng.choice(_SAFE_DECIMALS)
            return "-" + lit if self.chance(0.3) else lit
        if type_ == _UNSIGNED_FLOAT:
            return self.rng.choice(_SAFE_DECIMALS[1:])
        if self.chance(0.3):
            mantissa = str(self.rng.randrange(1, 10 ** self.rng.randrange(1, 18)))
            point = self.rng.randrange(1, len(mantissa) + 1)
            lit = mantissa[:point] + "." + mantissa[point:]
            if self.chance(0.6):
                lit += f"e{self.rng.randrange(-330, 330)}"
            return "-" + lit if self.chance(0.3) else lit
        return self.rng.choice(_DECIMALS)

    def float_attr(self) -> str:
        if self.chance(0.1):
            return self.float_literal("f64", allow_hex=False)
        type_ = self.float_type()
        return f"{self.float_literal(type_)} : {type_}"

    def string_attr(self) -> str:
        text = self.string_literal()
        if self.chance(0.15):
            text += " : " + self.type_(1)
        return text

    def symbol_ref(self) -> str:
        parts = []
        for _ in range(1 if self.chance(0.6) else self.rng.randrange(2, 4)):
            name = self.name_text()
            bare = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$.]*", name) is not None
            parts.append("@" + (name if bare and self.chance(0.8) else self.quote(name)))
        return (" :: " if self.chance(0.05) else "::").join(parts)

    def attr(self, depth: int = 2) -> str:
        if self.attr_aliases and self.chance(0.04):
            return self.rng.choice(self.attr_aliases)
        kinds = [
            (8, self.integer_attr),
            (8, self.float_attr),
            (6, self.string_attr),
            (2, lambda: self.rng.choice(["true", "false", "unit"])),
            (6, lambda: self.type_(min(depth, 2))),
            (3, self.symbol_ref),
            (5, self.dense_elements),
            (2, self.dense_strings),
            (3, self.dense_array),
            (2, self.sparse_elements),
            (2, self.affine_map),
            (2, self.integer_set),
            (1, self.strided),
            (
                3,
                lambda: (
                    self.dialect_symbol("#") + (f" : {self.type_(1)}" if self.chance(0.2) else "")
                ),
            ),
            (0 if self.no_locations else 2, lambda: self.kw("loc") + "(" + self.location(2) + ")"),
            (1, self.distinct_attr),
        ]
        if depth > 0:
            kinds += [(5, lambda: self.array_attr(depth)), (4, lambda: self.dict_attr(depth))]
        total = sum(w for w, _ in kinds)
        pick = self.rng.randrange(total)
        for weight, make in kinds:
            if pick < weight:
                return make()
            pick -= weight
        raise AssertionError("unreachable")

    def array_attr(self, depth: int) -> str:
        items = [self.attr(depth - 1) for _ in range(self.rng.randrange(0, 4))]
        return "[" + self.comma().join(items) + "]"

    def dict_entries(self, depth: int, count: int) -> list[str]:
        seen: set[bytes] = set()
        entries = []
        for _ in range(count):
            key, name = self.key()
            if name in seen:
                continue
            seen.add(name)
            if self.chance(0.15):
                entries.append(key)
            else:
                entries.append(f"{key}{self.sp()}={self.sp()}{self.attr(depth - 1)}")
        return entries

    def dict_attr(self, depth: int) -> str:
        return "{" + self.comma().join(self.dict_entries(depth, self.rng.randrange(0, 4))) + "}"

    def distinct_attr(self) -> str:
        if self.distinct and self.chance(0.3):
            text = self.rng.choice(self.distinct)
            if not (self.no_locations and "loc" in text):
                return text
        ident = self.distinct_next + self.rng.randrange(1, 4)
        self.distinct_next = ident
        body = "" if self.chance(0.25) else self.attr(0)
        text = f"{self.kw('distinct')}[{ident}]<{body}>"
        self.distinct.append(text)
        return text

    def element_literal(self, elem: str) -> str:
        if elem.startswith("complex<"):
            inner = elem[len("complex<") : -1]
            return f"({self.element_literal(inner)}{self.comma()}{self.element_literal(inner)})"
        if elem in _FLOAT_WIDTHS:
            return self.float_literal(elem)
        if elem == "i1":
            return self.rng.choice(["true", "false", "0", "1"])
        value = self.int_value(elem)
        if value < 0 or self.chance(0.9):
            return str(value)
        return hex(value)

    def dense_element_type(self) -> str:
        r = self.rng.random()
        if r < 0.45:
            return self.int_type(allow_zero=False)
        if r < 0.8:
            return self.float_type()
        if r < 0.88:
            return "index"
        if r < 0.94:
            return "i1"
        # mlir-opt-22 does not keep the parts of complex one-bit elements as written
        # (it prints `dense<(true, true)> : tensor<complex<i1>>` as `(true,false)`).
        inner = self.rng.choice([self.float_type(), self.int_type(False)])
        return f"complex<{inner if not inner.endswith('i1') else 'i8'}>"

    def dense_elements(self) -> str:
        elem = self.dense_element_type()
        if self.chance(0.1):
            dims = [str(self.rng.randrange(101, 140))]
        elif self.chance(0.05):
            dims = ["11", "10"]
        else:
            dims = [str(self.rng.choice([1, 2, 3, 4])) for _ in range(self.rng.randrange(0, 4))]
            if self.chance(0.05):
                dims.append("0")
        count = 1
        for d in dims:
            count *= int(d)
        is_vector = self.chance(0.2) and "0" not in dims and dims and not elem.startswith("complex")
        type_ = ("vector<" if is_vector else "tensor<") + self.dims(dims) + elem + ">"
        if count == 0:
            return f"{self.kw('dense')}<> : {type_}"
        r = self.rng.random()
        if r < 0.2:
            body = self.element_literal(elem)
        elif r < 0.3 and not elem.endswith("i1"):
            body = '"0x' + self.hex_blob(elem, 1 if self.chance(0.3) else count) + '"'
        elif r < 0.4:
            value = self.element_literal(elem)
            body = _nest([value] * count, [int(d) for d in dims])
        else:
            body = _nest([self.element_literal(elem) for _ in range(count)], [int(d) for d in dims])
        return f"{self.kw('dense')}<{body}> : {type_}"

    def hex_blob(self, elem: str, count: int) -> str:
        parts = 2 if elem.startswith("complex<") else 1
        scalar = elem[len("complex<") : -1] if parts == 2 else elem
        width = 64 if scalar == "index" else _FLOAT_WIDTHS.get(scalar) or int(scalar.lstrip("sui"))
        nbytes = (width + 7) // 8
        out = []
        # Bits beyond the element width only in blobs that print back as blobs:
        # mlir-opt-22 compares elements by their bytes, so it prints `"0x02FE"` of
        # two i2 elements as `[-2, -2]`, which it then reads back as a splat.
        spare = count > 100 and self.chance(0.5)
        for _ in range(count * parts):
            if scalar in ("f80", "f128"):
                bits = self.wide_float_bits(scalar)
            else:
                bits = self.rng.randrange(1 << (nbytes * 8 if spare else width))
            out.append(bits.to_bytes(nbytes, "little").hex().upper())
        return "".join(out)

    def dense_strings(self) -> str:
        dims = [str(self.rng.choice([1, 2, 3])) for _ in range(self.rng.randrange(0, 3))]
        count = 1
        for d in dims:
            count *= int(d)
        elem = self.rng.choice(["!foo.string", "!bar.str<1>", '!xyz<"s">'])
        type_ = "tensor<" + "".join(d + "x" for d in dims) + elem + ">"
        if self.chance(0.3):
            body = self.string_literal()
        else:
            body = _nest([self.string_literal() for _ in range(count)], [int(d) for d in dims])
        return f"dense<{body}> : {type_}"

    def dense_array(self) -> str:
        elem = self.rng.choice(["i1", "i8", "i16", "i32", "i64", "f32", "f64", "f16", "bf16", "i24", "si8", "ui16", "f8E4M3FN"])  # fmt: skip
        n = self.rng.randrange(0, 6)
        if n == 0:
            return f"{self.kw('array')}<{elem}>"
        values = []
        for _ in range(n):
            if elem in _FLOAT_WIDTHS:
                values.append(self.float_literal(elem))
            elif elem == "i1":
                values.append(self.rng.choice(["true", "false"]))
            else:
                values.append(str(self.int_value(elem)))
        return f"{self.kw('array')}<{elem}:{self.sp() or ' '}" + self.comma().join(values) + ">"

    def sparse_elements(self) -> str:
        elem = self.rng.choice([self.int_type(False), self.float_type(), "index"])
        if elem.endswith("i0"):
            elem = "i8"
        dims = [self.rng.choice([1, 2, 3, 4]) for _ in range(self.rng.randrange(1, 4))]
        type_ = "tensor<" + "".join(f"{d}x" for d in dims) + elem + ">"
        if self.chance(0.15):
            return f"{self.kw('sparse')}<> : {type_}"
        # Distinct indices: mlir-opt-22 prints repeated ones as one scalar index
        # (`sparse<0, [1, 2]>`), which it then cannot read back.
        indices: list[list[int]] = []
        for _ in range(self.rng.randrange(1, 4)):
            index = [self.rng.randrange(d) for d in dims]
            if index not in indices:
                indices.append(index)
        n = len(indices)
        values = [self.element_literal(elem) for _ in range(n)]
        index_text = "[" + ", ".join("[" + ", ".join(map(str, ix)) + "]" for ix in indices) + "]"
        value_text = "[" + ", ".join(values) + "]" if self.chance(0.8) else values[0]
        if value_text == values[0]:
            value_text = "[" + ", ".join([values[0]] * n) + "]" if n > 1 else values[0]
        return f"{self.kw('sparse')}<{index_text}, {value_text}> : {type_}"

    def affine_expr(self, dims: list[str], syms: list[str], depth: int) -> str:
        """An affine expression in the order mlir-opt-22 keeps it.

        Sums list each dimension, then each symbol, at most once, and the constant
        last; other orders and repeated or negated sub-terms print in a form that
        mlir-opt-22 simplifies further when it reads it back.
        """
        terms: list[str] = []
        for var in dims + syms:
            if not self.chance(0.5):
                continue
            r = self.rng.random()
            if r < 0.45:
                term = var
            elif r < 0.7:
                term = f"{var} * {self.rng.choice([2, 3, 4, 16])}"
            elif r < 0.9 or depth <= 0:
                divisor = self.rng.choice([2, 3, 4, 8, *syms])
                term = f"{var} {self.rng.choice(['floordiv', 'ceildiv', 'mod'])} {divisor}"
            else:
                # A quotient of a sum of plain variables.
                inner = " + ".join(v for v in dims + syms if self.chance(0.5)) or var
                divisor = str(self.rng.choice([2, 3, 5, 8]))
                term = f"({inner}) {self.rng.choice(['floordiv', 'ceildiv', 'mod'])} {divisor}"
            if terms and self.chance(0.3) and "div" not in term and "mod" not in term:
                terms.append(f"- {term}")
            else:
                terms.append(f"+ {term}")
        constant = self.rng.randrange(-9, 10)
        if constant or not terms:
            terms.append(f"- {-constant}" if constant < 0 and terms else f"+ {constant}")
        text = " ".join(terms)
        return text[2:] if text.startswith("+ ") else text

    def affine_dims(self, num_dims: int | None) -> tuple[list[str], list[str]]:
        n = self.rng.randrange(0, 4) if num_dims is None else num_dims
        m = self.rng.randrange(0, 3)
        if self.chance(0.2):
            names = ["i", "j", "k", "ii", "jj"]
            return names[:n], [f"N{k}" for k in range(m)]
        return [f"d{k}" for k in range(n)], [f"s{k}" for k in range(m)]

    def affine_map(self, num_dims: int | None = None) -> str:
        dims, syms = self.affine_dims(num_dims)
        if num_dims is not None and self.chance(0.2):
            results = list(dims)
        else:
            results = [self.affine_expr(dims, syms, 3) for _ in range(self.rng.randrange(0, 4))]
        sym_text = "[" + ", ".join(syms) + "]" if syms else ""
        return f"{self.kw('affine_map')}<({', '.join(dims)}){sym_text} -> ({', '.join(results)})>"

    def integer_set(self) -> str:
        dims, syms = self.affine_dims(None)
        constraints = []
        for _ in range(self.rng.randrange(1, 4)):
            expr = self.affine_expr(dims, syms, 2)
            # Other right-hand sides move into the expression, in a form that
            # mlir-opt-22 simplifies further when it reads it back.
            rel = self.rng.choice([">= 0", "== 0"])
            constraints.append(f"{expr} {rel}")
        sym_text = "[" + ", ".join(syms) + "]" if syms else ""
        return (
            f"{self.kw('affine_set')}<({', '.join(dims)}){sym_text} : ({', '.join(constraints)})>"
        )

    def strided(self) -> str:
        strides = ", ".join(self.stride() for _ in range(self.rng.randrange(0, 4)))
        text = f"{self.kw('strided')}<[{strides}]"
        if self.chance(0.5):
            text += f", offset: {self.stride()}"
        return text + ">"

    # -- locations -----------------------------------------------------------------

    def location(self, depth: int) -> str:
        if self.loc_aliases and self.chance(0.1):
            return self.rng.choice(self.loc_aliases)
        r = self.rng.random()
        file = self.quote(self.rng.choice(_LOC_FILES))
        line, col = self.rng.randrange(0, 300), self.rng.randrange(0, 120)
        if r < 0.3 or depth <= 0:
            # Never `"file":line` alone: mlir-opt-22 prints it as `"file":line:0`,
            # a different location, so it does not read its own output back.
            return f"{file}:{line}:{col}"
        if r < 0.4:
            # Never a range that ends where it starts: mlir-opt-22 keeps it apart
            # from the plain position but prints it the same, so reading its output
            # back merges the two (and names an unnamed file "-").
            end = self.rng.choice([f"{line + self.rng.randrange(0, 3)}:{col + 4}", f":{col + 2}"])
            return f"{file}:{line}:{col} to {end}"
        if r < 0.55:
            name = self.quote(self.name_text())
            return name if self.chance(0.5) else f"{name}({self.location(depth - 1)})"
        if r < 0.62:
            return "unknown"
        if r < 0.8:
            return f"callsite({self.location(depth - 1)} at {self.location(depth - 1)})"
        count = self.rng.randrange(0, 4)
        if self.chance(0.6):
            parts = ", ".join(self.location(depth - 1) for _ in range(count))
            return f"fused[{parts}]"
        # Parts of a fusion with metadata are never fusions or unknown: mlir-opt-22
        # keeps `loc(unknown)` in `fused<m>[]`, and when such a fusion is flattened
        # into another with the same metadata it prints an unknown part that it
        # drops when it reads its output back.
        parts = ", ".join(self.plain_location(depth - 1) for _ in range(count))
        meta = self.rng.choice([self.string_literal(), "#foo.meta", "1 : i32", "unit"])
        return f"fused<{meta}>[{parts}]"

    def plain_location(self, depth: int) -> str:
        """A file, name or call-site location."""
        while True:
            text = self.location(depth)
            if not text.startswith(("fused", "unknown", "#")):
                return text

    def trailing_loc(self) -> str:
        """An op's or block argument's location, or nothing."""
        if not self.chance(0.6):
            return ""
        if self.late_loc_aliases and self.chance(0.15):
            # Only a whole trailing location may name an alias defined further down.
            return f" loc({self.rng.choice(self.late_loc_aliases)})"
        return f" {self.kw('loc')}({self.location(2)})"

    # -- operations and regions ----------------------------------------------------

    def value_name(self) -> str:
        n = self.fresh()
        r = self.rng.random()
        if r < 0.5:
            return f"%{n}"
        if r < 0.8:
            return f"%v{n}"
        return "%" + self.rng.choice(["a.b", "x-y", "$z", "_u", "val$", "q.r-s"]) + str(n)

    def operation(
        self,
        visible: list[tuple[str, str]],
        indent: int,
        depth: int,
        successors: list[str],
    ) -> tuple[list[str], list[tuple[str, str]]]:
        """Lines of one op and the values it defines, as (use text, type) pairs."""
        rng = self.rng
        pad = " " * indent
        operands = [rng.choice(visible) for _ in range(rng.randrange(0, 4))] if visible else []
        result_types: list[str] = []
        defs: list[tuple[str, str]] = []
        groups: list[str] = []
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2]) if not successors else 0):
            name = self.value_name()
            count = rng.choice([1, 1, 1, 2, 3])
            types = [self.type_(1) for _ in range(count)]
            result_types.extend(types)
            if count == 1 and rng.random() < 0.8:
                groups.append(name)
                defs.append((name if rng.random() < 0.9 else f"{name}#0", types[0]))
            else:
                groups.append(f"{name}:{count}")
                defs.extend((f"{name}#{k}", t) for k, t in enumerate(types))
        head = pad + (", ".join(groups) + " = " if groups else "")
        op_name = f"foo.op{rng.randrange(20)}"
        if self.chance(0.05):
            op_name = rng.choice(["bar.x", "foo.op-name.with.dots", "foo.op$1", "xyz.é", "foo.a\\22b", "foo.\\09t"])  # fmt: skip
        text = f'{head}"{op_name}"({self.comma().join(u for u, _ in operands)})'
        if successors:
            text += "[" + ", ".join(successors) + "]"
        if self.chance(0.25):
            self.no_locations = True
            if self.chance(0.9):
                props = "{" + self.comma().join(self.dict_entries(2, rng.randrange(0, 4))) + "}"
            else:
                props = self.attr(1)
            self.no_locations = False
            text += f" <{props}>"
        lines: list[str] = []
        if depth > 0 and self.chance(0.3):
            regions = []
            for _ in range(rng.randrange(1, 3)):
                regions.append(self.region(list(visible), indent + 2, depth - 1))
            lines.append(text + " (" + ", ".join(regions).lstrip())
            text = pad + ")"
        if self.chance(0.45):
            text += " {" + self.comma().join(self.dict_entries(2, rng.randrange(1, 4))) + "}"
        input_types = ", ".join(t for _, t in operands)
        text += f" :{self.sp() or ' '}({input_types}){self.sp() or ' '}->{self.sp() or ' '}"
        text += self.result_list(result_types) if result_types else "()"
        text += self.trailing_loc()
        if self.chance(0.05):
            text += "  // a comment"
        lines.append(text)
        return lines, defs

    def region(self, visible: list[tuple[str, str]], indent: int, depth: int) -> str:
        """The text of a region (starting with `{`, ending with `}` at `indent - 2`)."""
        rng = self.rng
        pad = " " * (indent - 2)
        r = rng.random()
        if r < 0.08:
            return "{\n" + pad + "}"
        num_blocks = 1 if r < 0.6 else rng.randrange(2, 5)
        labels = [
            f"^{rng.choice(['bb', 'b', 'blk_', 'x.'])}{self.fresh()}" for _ in range(num_blocks)
        ]
        if rng.random() < 0.1:
            labels[-1] = f"^{self.fresh()}"
        lines: list[str] = []
        entry_defs: list[tuple[str, str]] = []
        for index, label in enumerate(labels):
            args: list[tuple[str, str]] = []
            want_args = rng.random() < (0.4 if index == 0 else 0.6)
            if want_args:
                for _ in range(rng.randrange(1, 4)):
                    args.append((self.value_name(), self.type_(1)))
            block_visible = visible + (entry_defs if index > 0 else []) + args
            body_lines: list[str] = []
            # Only the block of a single-block region may be empty.
            num_ops = rng.randrange(1, 4)
            block_defs: list[tuple[str, str]] = []
            for k in range(num_ops):
                is_last = k == num_ops - 1
                succs: list[str] = []
                if is_last and num_blocks > 1 and rng.random() < 0.7:
                    succs = [rng.choice(labels[1:]) for _ in range(rng.randrange(1, 3))]
                op_lines, defs = self.operation(block_visible, indent, depth, succs)
                body_lines.extend(op_lines)
                block_visible = block_visible + defs
                block_defs.extend(defs)
            if index == 0:
                entry_defs = args + block_defs
            if num_blocks == 1 and rng.random() < 0.1:
                body_lines = []
            header_needed = index > 0 or args or not body_lines or rng.random() < 0.2
            if header_needed:
                arg_text = ""
                if args:
                    arg_text = (
                        "(" + ", ".join(f"{n}: {t}{self.trailing_loc()}" for n, t in args) + ")"
                    )
                lines.append(
                    f"{pad}{label}{arg_text}:" + ("  // block" if rng.random() < 0.05 else "")
                )
            lines.extend(body_lines)
        return "{\n" + "\n".join(lines) + "\n" + pad + "}"

    def aliases(self) -> list[str]:
        lines = []
        for _ in range(self.rng.choice([0, 0, 0, 1, 2])):
            kind = self.rng.random()
            name = f"{self.rng.choice(_ALIAS_PREFIXES)}{self.fresh()}"
            if kind < 0.4:
                self.no_locations = True
                lines.append(f"#{name} = {self.attr(1)}")
                self.no_locations = False
                self.attr_aliases.append(f"#{name}")
            elif kind < 0.7:
                self.no_locations = True
                lines.append(f"!{name} = {self.type_(2)}")
                self.no_locations = False
                self.type_aliases.append(f"!{name}")
            else:
                lines.append(f"#{name} = loc({self.location(1)})")
                self.loc_aliases.append(f"#{name}")
        return lines

    def program(self) -> str:
        """One program: optional alias definitions, then top-level ops or an explicit module."""
        self.attr_aliases, self.type_aliases, self.loc_aliases = [], [], []
        self.distinct, self.distinct_next = [], 0
        lines = self.aliases()
        self.late_loc_aliases = [
            f"#late{self.fresh()}" for _ in range(self.rng.choice([0, 0, 1, 2]))
        ]
        visible: list[tuple[str, str]] = []
        explicit = self.chance(0.15)
        indent = 2 if explicit else 0
        body: list[str] = []
        for _ in range(self.rng.randrange(1, 5)):
            op_lines, defs = self.operation(visible, indent, 3, [])
            body.extend(op_lines)
            visible = visible + defs
        if explicit:
            attrs = ""
            if self.chance(0.5):
                attrs = " {foo.attr = " + self.attr(1) + "}"
            props = f' <{{sym_name = "{self.bare_id()}"}}>' if self.chance(0.4) else ""
            lines.append(f'"builtin.module"(){props} ({{')
            lines.extend(body)
            lines.append(f"}}){attrs} : () -> (){self.trailing_loc()}")
        else:
            lines.extend(body)
        lines.extend(f"{name} = loc({self.location(1)})" for name in self.late_loc_aliases)
        return "\n".join(lines) + "\n"


def _nest(texts: list[str], dims: list[int]) -> str:
    """Nest flat element texts into `[[a, b], [c, d]]` following `dims`."""
    if not dims:
        return texts[0]
    level = texts
    for dim in reversed(dims[1:]):
        level = ["[" + ", ".join(level[i : i + dim]) + "]" for i in range(0, len(level), dim)]
    return "[" + ", ".join(level) + "]"


# ---------------------------------------------------------------------------
# Running odsgen and the oracle


def generate_batch(batch: Batch) -> list[str]:
    """The programs of a batch."""
    gen = ProgramGenerator(random.Random(batch.seed))
    return [gen.program() for _ in range(batch.count)]


def batch_text(programs: list[str]) -> tuple[str, list[int]]:
    """Join programs as one `--split-input-file` buffer; also returns each one's first line."""
    first_lines = []
    line = 1
    for program in programs:
        first_lines.append(line)
        line += program.count("\n") + 1
    return SPLIT_MARKER.join(programs), first_lines


def odsgen_print(text: str, name: str, first_line: int, debuginfo: bool) -> str:
    """What `odsgen opt --print-generic` prints for one program (with mlir-opt's blank line).

    A program after the first of a batch is the chunk after a `// -----` line.
    """
    ctx = generated.context(allow_unregistered_dialects=True)
    # Where mlir-opt's chunk starts: just past the marker, on the line before.
    split_at = (first_line - 1, len(SPLIT_MARKER.rstrip("\n")) + 1) if first_line > 1 else None
    op = parse_source(SourceFile(name, text, first_line=first_line, split_at=split_at), ctx)
    verify(op, ctx)
    return print_operation(op, generic=True, debuginfo=debuginfo) + "\n"


def oracle_outputs(batch: Batch, text: str, workdir: Path) -> tuple[list[str], str]:
    """mlir-opt-22's output for each program of a batch, and its stderr."""
    (workdir / batch.name).write_text(text, encoding="utf-8")
    args = [
        ORACLE,
        "--allow-unregistered-dialect",
        "--mlir-print-op-generic",
        "--split-input-file",
        *(["--mlir-print-debuginfo"] if batch.debuginfo else []),
        batch.name,
    ]
    proc = subprocess.run(args, cwd=workdir, capture_output=True, check=False)
    stdout = proc.stdout.decode("utf-8", "surrogateescape")
    return OUTPUT_SEPARATOR.split(stdout), proc.stderr.decode("utf-8", "surrogateescape")


def _errors_in_lines(stderr: str, first: int, last: int) -> str:
    """The diagnostics of `stderr` that point into lines `first`..`last` of the batch."""
    found = []
    for m in re.finditer(r"^random_\w+\.mlir:(\d+):\d+: error: .*$", stderr, re.MULTILINE):
        if first <= int(m.group(1)) <= last:
            found.append(m.group())
    return "\n".join(found) or stderr


def differences(batch: Batch, workdir: Path) -> list[str]:
    """One report per program whose odsgen output differs from mlir-opt-22's."""
    programs = generate_batch(batch)
    text, first_lines = batch_text(programs)
    expected, stderr = oracle_outputs(batch, text, workdir)
    assert len(expected) == len(programs), stderr
    reports = []
    for index, (program, line, want) in enumerate(
        zip(programs, first_lines, expected, strict=True)
    ):
        if not want:
            errors = _errors_in_lines(stderr, line, line + program.count("\n"))
            reports.append(
                f"program {index} (line {line}): {ORACLE} rejects it:\n{errors}\n{program}"
            )
            continue
        try:
            got = odsgen_print(program, batch.name, line, batch.debuginfo)
        except Exception as e:  # the report names the program whatever went wrong
            got = f"<odsgen raised {type(e).__name__}: {e}>\n"
        if got != want:
            reports.append(
                f"program {index} (line {line}):\n--- input\n{program}--- {ORACLE}\n{want}--- odsgen\n{got}"
            )
    return reports


@pytest.mark.mlir
@pytest.mark.parametrize("batch", BATCHES, ids=lambda b: b.name)
def test_random_programs_match_oracle(batch: Batch, tmp_path: Path) -> None:
    """odsgen prints every generated program exactly as mlir-opt-22 does."""
    if shutil.which(ORACLE) is None:
        pytest.skip(f"{ORACLE} is not installed (apt-get install mlir-22-tools)")
    reports = differences(batch, tmp_path)
    assert not reports, f"{len(reports)} of {batch.count} programs differ; first:\n{reports[0]}"


@pytest.mark.parametrize("batch", BATCHES, ids=lambda b: b.name)
def test_random_programs_are_fixpoints(batch: Batch) -> None:
    """odsgen's output for every generated program prints back unchanged."""
    programs = generate_batch(batch)
    _, first_lines = batch_text(programs)
    for index, (program, line) in enumerate(zip(programs, first_lines, strict=True)):
        once = odsgen_print(program, batch.name, line, batch.debuginfo)
        twice = odsgen_print(once[:-1], batch.name, 1, batch.debuginfo)
        assert twice == once, (
            f"program {index} is not a fixpoint:\n{program}\n--- once\n{once}--- twice\n{twice}"
        )
