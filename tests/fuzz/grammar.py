"""Grammar-aware fuzzing of `odsgen opt`: mutations that know MLIR's lexical structure.

Byte flips rarely reach the corners where tools break: a literal too long for
Python's int conversion, nesting deeper than a recursive parser's stack, line
endings other than `\\n`, names no one would type. Each mutation here finds a
construct of the grammar in a corpus text (an integer literal, a type, an
attribute, a region, a line ending, an SSA, symbol, block or op name, a fast-math
flag list, a comparison predicate, an `index` constant or a poison value) and
replaces it with an extreme form of itself. A case applies one to three of them and runs
the result through `odsgen opt` in-process, with one of several flag sets; the
only outcomes allowed are exit 0 (and then the output reads back) or exit 1 with a
located diagnostic. Anything else (an exception, a traceback, another exit code)
is a finding.

Run offline as `python tests/fuzz/grammar.py --cases 10000` (`make fuzz`); the
test suite runs a few hundred cases of the same generator.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parents[1] / "corpus"

#: Flag sets a case runs with; every case also gets `--allow-unregistered-dialect`.
FLAG_SETS: list[list[str]] = [
    [],
    ["--canonicalize"],
    ["--mlir-print-op-generic"],
    ["--mlir-print-debuginfo"],
    ["--canonicalize", "--mlir-print-op-generic"],
    ["--split-input-file"],
    ["--split-input-file", "--verify-diagnostics"],
]

#: Nesting depths tried: shallow, deep, around the parser's limits and far past them.
DEPTHS = [2, 20, 100, 300, 999, 1000, 1001, 1500, 5000]

_INTEGER = re.compile(r"(?<![\w.%#^@!$-])-?\d+(?![\w.])")
_FLOAT = re.compile(r"(?<![\w.])-?\d+\.\d*(?:e[+-]?\d+)?")
_SCALAR_TYPE = re.compile(r"(?<![\w.!#%])(?:i\d+|f16|f32|f64|bf16|index)\b")
_SSA = re.compile(r"%[A-Za-z_$.-][\w$.-]*|%\d+")
_SYMBOL = re.compile(r'@[A-Za-z_$.][\w$.-]*|@"[^"\n]*"')
_BLOCK = re.compile(r"\^[\w$.-]+")
_OP_NAME = re.compile(r'"[a-z_]+\.[a-z_.]+"(?=\()')
_ATTR_VALUE = re.compile(r"(?<== )(?:-?\d+(?: : \w+)?|\"[^\"\n]*\"|unit|true|false)")
_STRING = re.compile(r'"[^"\n\\]*"')

HUGE_INTEGERS = [
    "9" * 4400,
    "-" + "9" * 4400,
    "0x" + "f" * 4000,
    str(2**64),
    str(2**63),
    str(-(2**63) - 1),
    str(2**24),
    "0x" + "0" * 100 + "1",
    "0" * 5000 + "1",
    "18446744073709551616",
    "170141183460469231731687303715884105728",
]

HUGE_FLOATS = [
    "1e400",
    "-1e400",
    "1" + "0" * 400 + ".0",
    "0." + "0" * 400 + "1",
    "1.0e-99999",
    "0x7FF0000000000001",
    "0x" + "f" * 40,
    "4.9e-324",
    "1." + "9" * 5000,
]

HOSTILE_SSA = [
    "%" + "a" * 20000,
    "%$",
    "%.",
    "%-",
    "%_",
    "%__class__",
    "%9" * 2,
    "%" + "9" * 4400,
    "%0#" + "9" * 30,
    "%arg0#-1",
    "%x\u00e9",
    "%\u2200",
]

HOSTILE_SYMBOLS = [
    '@"' + "\\00" + '"',
    '@""',
    '@"\\"quoted\\""',
    '@"\u00e9\u2200"',
    '@"a\\nb"',
    "@" + "s" * 20000,
    '@"x" + str(1) + "y"',
    "@__import__",
    "@a::@b::@c",
    '@"\\ff\\fe"',
]

HOSTILE_BLOCKS = ["^", "^bb" + "9" * 4400, "^-1", "^$", "^\u00e9", "^bb0(%x: i32)"]

HOSTILE_OP_NAMES = [
    '"test.x\\"y"',
    '"test.\\00"',
    '"test."',
    '"."',
    '""',
    '"test.' + "o" * 10000 + '"',
    '"builtin.module"',
    '"func.return"',
    '"test.a b"',
    '"\u00e9.\u2200"',
    '"test.x\\ny"',
]

HOSTILE_ATTR_VALUES = [
    '"\\00\\ff\\7f"',
    '"' + "\\" * 2 * 500 + '"',
    '"\\"); import os; ("',
    "dense<" + "[" * 50 + "1" + "]" * 50 + ">",
    "array<i" + "9" * 30 + ": 1>",
    'dense_resource<"x"> : tensor<1xi8>',
    "distinct[" + "9" * 30 + "]<>",
    "#loc(" * 3,
    "affine_map<(d0) -> (" + "d0 + " * 2000 + "d0)>",
    "{" * 3 + "}" * 3,
    'opaque<"x", "0xDEADBEEF"> : tensor<1xi8>',
    "@" + "s" * 100,
]

CR_FORMS = ["\r", "\r\n", "\n\r", "\r\r\n"]

#: The syntax the `math`, `index` and `ub` dialects add, and extreme forms of it:
#: (pattern of a construct, the texts that may replace it).
_FASTMATH = re.compile(r"fastmath<[^<>\n]*>")
_ARITH_FASTMATH = re.compile(r"#arith\.fastmath<[^<>\n]*>")
_CMP_PREDICATE = re.compile(r"(?<=index\.cmp )[^(\n]*(?=\()")
_INDEX_PREDICATE = re.compile(r"#index<cmp_predicate [^>\n]*>")
_POISON = re.compile(r"#ub\.poison|#ub<poison>")
_INDEX_CONSTANT = re.compile(r"(?<=index\.constant )[^\n]*")
_BOOL_CONSTANT = re.compile(r"(?<=index\.bool\.constant )[^\n]*")
DIALECT_SYNTAX: list[tuple[re.Pattern[str], list[str]]] = [
    (
        _FASTMATH,
        [
            "fastmath<>",
            "fastmath<" + ",".join(["fast"] * 3000) + ">",
            "fastmath<fast|nnan>",
            'fastmath<"fast">',
            "fastmath<" + "a" * 10000 + ">",
            "fastmath",
            "fastmath<<fast>>",
            "fastmath<nnan,>",
            "fastmath #arith.fastmath<afn>",
            "fastmath<none> fastmath<fast>",
        ],
    ),
    (
        _ARITH_FASTMATH,
        [
            "#arith.fastmath<>",
            "#arith.fastmath<" + "|".join(["nnan"] * 3000) + ">",
            "#arith.fastmath<fast> : i32",
            "#arith<fastmath fast>",
            "#arith.fastmath",
            "#arith.overflow<nsw>",
        ],
    ),
    (
        _CMP_PREDICATE,
        ["", '"slt"', "#index<cmp_predicate eq>", "9" * 100, "slt slt", "#ub.poison", "ULT"],
    ),
    (
        _INDEX_PREDICATE,
        [
            "#index<cmp_predicate>",
            "#index<cmp_predicate " + "x" * 10000 + ">",
            '#index<cmp_predicate "eq">',
            "#index.cmp_predicate<slt>",
            "#index<cmp_predicate slt" + ", sle" * 2000 + ">",
            "#index<>",
        ],
    ),
    (
        _POISON,
        [
            "#ub.poison<" * 50 + ">" * 50,
            "#ub<poison" + " x" * 1000 + ">",
            "#ub.poison : " + "tuple<" * 200 + "i32" + ">" * 200,
            "#ub.poisson",
            "#ub<>",
            "#ub.poison<1>",
        ],
    ),
    (
        _INDEX_CONSTANT,
        ["9" * 4400, "-" + "9" * 4400, "0x" + "f" * 4000, "1.5", "true", '"x"', "", "1 : i64"],
    ),
    (_BOOL_CONSTANT, ["2", "-1", "1.0", '"true"', "", "true false", "9" * 4400]),
]

#: The syntax `affine.parallel`, `affine.prefetch`, the affine index ops and
#: `bufferization.dealloc` add.
_REDUCE = re.compile(r"reduce \([^)\n]*\)")
_LOCALITY = re.compile(r"locality<[^>\n]*>")
_BASIS = re.compile(r"(?<=\binto )\([^)\n]*\)|(?<=\bby )\([^)\n]*\)")
_DEALLOC_IF = re.compile(r"(?<=\) )if \([^)\n]*\)")
DIALECT_SYNTAX += [
    (
        _REDUCE,
        [
            "reduce ()",
            'reduce ("addf"' + ', "addf"' * 3000 + ")",
            "reduce (addf)",
            'reduce ("' + "x" * 10000 + '")',
            'reduce ("addf") reduce ("mulf")',
            'reduce ("addf",)',
            "reduce (1)",
        ],
    ),
    (
        _LOCALITY,
        ["locality<>", "locality<" + "9" * 4400 + ">", "locality<-1>", "locality<1.5>",
         "locality<<3>>", "locality<3 : i64>", "locality"],
    ),
    (
        _BASIS,
        ["()", "(" + ", ".join(["4"] * 3000) + ")", "(9223372036854775808)", "([4])",
         "(%fz0, [%fz0])", "(-1)", "(", "(4,)"],
    ),
    (
        _DEALLOC_IF,
        ["if ()", "if (" + ", ".join(["%fz0"] * 3000) + ")", "if", "if (%fz0 : i1)"],
    ),
]  # fmt: skip

#: The words of the custom forms of structured control flow (`scf.for ... iter_args`,
#: `scf.while ... do`, `scf.index_switch ... case ... default`, ...).
_SCF_KEYWORD = re.compile(
    r"\b(?:to|step|iter_args|shared_outs|in|init|do|case|default|else|unsigned|no_inline)\b"
)
SCF_REPLACEMENTS = [
    "", "to", "step", "iter_args", "shared_outs()", "in", "init ()", "do", "case 9223372036854775808",
    "default", "else", "unsigned", "no_inline", "case -1 {\n}", "= (", "-> (",
]  # fmt: skip


def _replace_match(text: str, pattern: re.Pattern[str], rng: random.Random, new: str) -> str:
    """Replace one occurrence of `pattern` (chosen by `rng`) with `new`; unchanged if none."""
    matches = list(pattern.finditer(text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[: m.start()] + new + text[m.end() :]


def _rename_all(text: str, pattern: re.Pattern[str], rng: random.Random, new: str) -> str:
    """Rename every occurrence of one name matched by `pattern` (keeps uses consistent)."""
    names = sorted({m.group(0) for m in pattern.finditer(text)})
    if not names:
        return text
    old = rng.choice(names)
    return re.sub(re.escape(old) + r"(?![\w$.-])", lambda _m: new, text)


def huge_literal(text: str, rng: random.Random) -> str:
    """An integer or float literal becomes huge, tiny, or past 64 bits."""
    if rng.random() < 0.3:
        # A dimension of a shaped type, or a bit width.
        dims = re.compile(r"(?<=[<x])\d+(?=x)|(?<=\bi)\d+\b")
        return _replace_match(text, dims, rng, rng.choice(HUGE_INTEGERS).lstrip("-"))
    if rng.random() < 0.7:
        return _replace_match(text, _INTEGER, rng, rng.choice(HUGE_INTEGERS))
    return _replace_match(text, _FLOAT, rng, rng.choice(HUGE_FLOATS))


def deep_nesting(text: str, rng: random.Random) -> str:
    """A type, an attribute or the whole text is wrapped in many levels of itself."""
    depth = rng.choice(DEPTHS)
    kind = rng.randrange(6)
    if kind == 0:
        nested = "tuple<" * depth + "{}" + ">" * depth
        m = list(_SCALAR_TYPE.finditer(text))
        if not m:
            return text
        chosen = rng.choice(m)
        return text[: chosen.start()] + nested.format(chosen.group(0)) + text[chosen.end() :]
    if kind == 1:
        return _replace_match(text, _ATTR_VALUE, rng, "[" * depth + "1" + "]" * depth)
    if kind == 2:
        opening = '"test.r"() ({\n' * depth
        closing = "}) : () -> ()\n" * depth
        return opening + text + "\n" + closing
    if kind == 3:
        if rng.random() < 0.5:
            loops = "".join(f"affine.for %i{i} = 0 to 4 {{\n" for i in range(depth))
        else:
            loops = "".join(
                rng.choice(
                    [f"scf.for %i{i} = %c to %c step %c {{\n", "scf.if %b {\n",
                     f"scf.forall (%j{i}) in (4) {{\n", "scf.execute_region {\n"]
                )
                for i in range(depth)
            )  # fmt: skip
            loops = "%c = arith.constant 1 : index\n%b = arith.constant true\n" + loops
        body = "func.func @deep() {\n" + loops + "}\n" * depth + "return\n}\n"
        return text + "\n" + body
    if kind == 4:
        expr = "(" * depth + "d0" + ")" * depth
        return _replace_match(text, _ATTR_VALUE, rng, f"affine_map<(d0) -> ({expr})>")
    # A location nested `depth` deep, after an op (a line that does not open a region).
    nested_loc = "loc(" + 'callsite("a" at ' * depth + "unknown" + ")" * depth + ")"
    lines = text.split("\n")
    ops = [i for i, line in enumerate(lines) if re.match(r'\s*(%|"|[a-z_]+\.)', line)]
    ops = [i for i in ops if not lines[i].rstrip().endswith(("{", "(", ","))]
    if not ops:
        return text
    at = rng.choice(ops)
    lines[at] = lines[at].rstrip() + " " + nested_loc
    return "\n".join(lines)


def carriage_returns(text: str, rng: random.Random) -> str:
    """Line endings become CR, CR-LF or mixed; or a CR lands inside a string or comment."""
    kind = rng.randrange(4)
    form = rng.choice(CR_FORMS)
    if kind == 0:
        return text.replace("\n", form)
    if kind == 1:
        lines = text.split("\n")
        return "".join(line + (form if rng.random() < 0.5 else "\n") for line in lines)
    if kind == 2:
        matches = list(_STRING.finditer(text))
        if not matches:
            return text
        m = rng.choice(matches)
        at = rng.randrange(m.start() + 1, m.end())
        return text[:at] + "\r" + text[at:]
    return "// comment" + form + text


def hostile_name(text: str, rng: random.Random) -> str:
    """An SSA, symbol, block or op name, or an attribute value, becomes hostile text."""
    kind = rng.randrange(5)
    if kind == 0:
        return _rename_all(text, _SSA, rng, rng.choice(HOSTILE_SSA))
    if kind == 1:
        return _rename_all(text, _SYMBOL, rng, rng.choice(HOSTILE_SYMBOLS))
    if kind == 2:
        return _rename_all(text, _BLOCK, rng, rng.choice(HOSTILE_BLOCKS))
    if kind == 3:
        return _replace_match(text, _OP_NAME, rng, rng.choice(HOSTILE_OP_NAMES))
    return _replace_match(text, _ATTR_VALUE, rng, rng.choice(HOSTILE_ATTR_VALUES))


def dialect_syntax(text: str, rng: random.Random) -> str:
    """A construct of the `math`, `index`, `ub`, `affine` or `bufferization` syntax
    (fast-math flags, comparison predicates, constants, poison, reductions, locality
    hints, bases, dealloc conditions) becomes an extreme or malformed form of itself;
    in a text without any, such an op is added."""
    present = [(p, forms) for p, forms in DIALECT_SYNTAX if p.search(text)]
    if not present:
        extra = rng.choice(
            [
                "%fz = ub.poison : i32",
                "%fz = index.constant 7",
                "%fz = index.cmp slt(%fz0, %fz0)",
                '%fz = "math.sin"(%fz0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32',
                '%fz = affine.parallel (%fz1) = (0) to (4) reduce ("addf") -> (f32) {\n}',
                "%fz = affine.linearize_index disjoint [%fz0] by (4) : index",
                "bufferization.dealloc (%fz0 : memref<2xf32>) if (%fz1)",
            ]
        )
        return text + "\n" + extra + "\n"
    pattern, forms = rng.choice(present)
    return _replace_match(text, pattern, rng, rng.choice(forms))


def scf_syntax(text: str, rng: random.Random) -> str:
    """A word of the custom form of a structured control flow op (`iter_args`, `do`,
    `case`, `step`, ...) is dropped, swapped for another, or given a wrong operand."""
    return _replace_match(text, _SCF_KEYWORD, rng, rng.choice(SCF_REPLACEMENTS))


#: The syntax the `complex` dialect adds (complex attributes, constants' values,
#: bitcasts), and extreme or malformed forms of it.
_COMPLEX_NUMBER = re.compile(r"#complex\.number<[^<>\n]*(?:<[^<>\n]*>)?[^<>\n]*>")
_COMPLEX_VALUE = re.compile(r"(?<=complex\.constant )\[[^\]\n]*\]")
_COMPLEX_TYPE = re.compile(r"complex<[a-z0-9A-Z]+>")
COMPLEX_SYNTAX: list[tuple[re.Pattern[str], list[str]]] = [
    (
        _COMPLEX_NUMBER,
        [
            "#complex.number<:f32 " + "9" * 400 + ".0, 1.0>",
            "#complex.number<:i32 1.0, 2.0>",
            "#complex.number<:complex<f32> 1.0, 2.0>",
            "#complex.number<:" + "tuple<" * 200 + "f32" + ">" * 200 + " 1.0, 2.0>",
            "#complex.number<:f32 0x" + "F" * 40 + ", 1.0>",
            "#complex.number<:f32 -0x1, 1.0>",
            "#complex.number<:f80 1.0e999, -1.0e-999>",
            "#complex.number<:f32 1.0, 2.0> : complex<f64>",
            "#complex.number",
            "#complex<number :f32 1.0, 2.0>",
        ],
    ),
    (
        _COMPLEX_VALUE,
        [
            "[]",
            "[" + ", ".join(["1.0 : f32"] * 3000) + "]",
            "[#complex.number<:f32 1.0, 2.0>, 1.0 : f32]",
            "[1.0 : f32, [2.0 : f32]]",
            '["1", "2"]',
            "[0x" + "F" * 4000 + " : f32, 1.0 : f32]",
            "1.0",
        ],
    ),
    (
        _COMPLEX_TYPE,
        ["complex<i1>", "complex<index>", "complex<" * 200 + "f32" + ">" * 200, "complex<>"],
    ),
]


def complex_syntax(text: str, rng: random.Random) -> str:
    """A construct of the `complex` syntax (a `#complex.number`, a constant's parts, a
    complex type) becomes an extreme or malformed form of itself; in a text without
    any, a complex op is added."""
    present = [(p, forms) for p, forms in COMPLEX_SYNTAX if p.search(text)]
    if not present:
        extra = rng.choice(
            [
                "%fc = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>",
                '%fc = "complex.re"(%fc0) : (complex<f64>) -> f64',
                "%fc = complex.bitcast %fc0 : i64 to complex<f32>",
                '"test.c"() {n = #complex.number<:f16 1.0, 2.0>} : () -> ()',
            ]
        )
        return text + "\n" + extra + "\n"
    pattern, forms = rng.choice(present)
    return _replace_match(text, pattern, rng, rng.choice(forms))


#: The syntax the `vector` dialect adds (combining kinds, scalable dimensions,
#: `in_bounds`, permutation maps, masks) and malformed forms of it.
_VECTOR_SYNTAX = re.compile(
    r"<(?:add|mul|minui|minsi|maxui|maxsi|minnumf|maxnumf|minimumf|maximumf|and|or|xor)>"
    r"|\[\d+\]x|in_bounds = \[[^\]\n]*\]|permutation_map = affine_map<[^>\n]*>"
    r"|\bvector\.mask\b|\bpunctuation\b|\binto\b"
)
VECTOR_REPLACEMENTS = [
    "<>", "<sum>", "<add, mul>", "<" + "add" * 3000 + ">", "#vector.kind<add>", "[0]x",
    "[-1]x", "[" * 100 + "4" + "]" * 100 + "x", "[9223372036854775808]x", "in_bounds = [1]",
    "in_bounds = [true, true, true, true]", "in_bounds = " + "[" * 500,
    "permutation_map = affine_map<(d0) -> (d0 floordiv 2)>", "permutation_map = 0",
    "vector.mask %fz0, %fz0, %fz0", "punctuation <>", "", "from", "to",
]  # fmt: skip


def vector_syntax(text: str, rng: random.Random) -> str:
    """A piece of the `vector` syntax (a combining kind, a scalable dimension,
    `in_bounds`, a permutation map, a mask) becomes a malformed form of itself; in a
    text without any, a vector op is added."""
    if not _VECTOR_SYNTAX.search(text):
        extra = rng.choice(
            [
                "%fz = vector.reduction <add>, %fz0 : vector<[4]xf32> into f32",
                "%fz = vector.broadcast %fz0 : f32 to vector<2x[4]xf32>",
                "vector.print punctuation <comma>",
                '%fz = "vector.step"() : () -> vector<4xindex>',
            ]
        )
        return text + "\n" + extra + "\n"
    return _replace_match(text, _VECTOR_SYNTAX, rng, rng.choice(VECTOR_REPLACEMENTS))


#: The syntax of the `memref` and `tensor` view ops: mixed static and dynamic index
#: lists, reassociations, atomic kinds, prefetch localities, gather dims and pad
#: bounds, with malformed and extreme forms of each.
VIEW_SYNTAX: list[tuple[re.Pattern[str], list[str]]] = [
    (
        re.compile(r"(?<=\] )\[[^\[\]\n]*\](?= \[)"),
        [
            "[]",
            "[" + ", ".join(["1"] * 3000) + "]",
            "[9223372036854775808]",
            "[%x, ]",
            "[-1]",
            "[[4], 2]",
            "[1.5]",
            "[%]",
        ],
    ),
    (
        re.compile(r"\[\[[\d, \[\]]*\]\]"),
        [
            "[]",
            "[[]]",
            "[[0, 0]]",
            "[[1, 0]]",
            "[[-1]]",
            "[[" + ", ".join(map(str, range(2000))) + "]]",
            "[[0], [9223372036854775807]]",
            "[0, 1]",
        ],
    ),
    (
        re.compile(r"(?<=memref\.atomic_rmw )\w+"),
        ["", "addff", '"addf"', "16", "#arith.atomic_rmw_kind<addf>", "a" * 10000],
    ),
    (
        re.compile(r"locality<\d+>"),
        [
            "locality<>",
            "locality<-1>",
            "locality<4294967296>",
            "locality<" + "9" * 4400 + ">",
            "locality 3",
            "locality<3 : i64>",
        ],
    ),
    (
        re.compile(r"(?:gather|scatter)_dims\([^)\n]*\)"),
        [
            "gather_dims()",
            "gather_dims([" + ", ".join(["0"] * 3000) + "])",
            "scatter_dims([-1])",
            "gather_dims([9223372036854775808])",
            "gather_dims",
        ],
    ),
    (
        re.compile(r"(?:low|high|offset: |sizes: |strides: )\[[^\]\n]*\]"),
        [
            "low[]",
            "high[" + ", ".join(["2"] * 2000) + "]",
            "offset: [1, 2]",
            "sizes: []",
            "strides: [%]",
            "low",
            "high[?]",
        ],
    ),
]


def view_syntax(text: str, rng: random.Random) -> str:
    """A construct of the `memref` and `tensor` view syntax (index lists, reassociations,
    atomic kinds, localities, gather dims, pad bounds) becomes an extreme or malformed
    form of itself; in a text without any, such an op is added."""
    present = [(p, forms) for p, forms in VIEW_SYNTAX if p.search(text)]
    if not present:
        extra = rng.choice(
            [
                "%vz = memref.alloc() : memref<4x4xf32>",
                "%vz = tensor.empty() : tensor<4x4xf32>",
                '%vz = "memref.rank"(%vz0) : (memref<*xf32>) -> index',
                "%vz = tensor.collapse_shape %vz0 [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>",
            ]
        )
        return text + "\n" + extra + "\n"
    pattern, forms = rng.choice(present)
    return _replace_match(text, pattern, rng, rng.choice(forms))


def raw_bytes(data: bytes, rng: random.Random) -> bytes:
    """Bytes no text editor writes: NUL, invalid UTF-8, a BOM, a lone CR at the end."""
    choice = rng.choice([b"\x00", b"\xff\xfe", b"\xc3", b"\xef\xbb\xbf", b"\r", b"\xed\xa0\x80"])
    at = rng.randrange(len(data) + 1)
    return data[:at] + choice + data[at:]


MUTATIONS: list[Callable[[str, random.Random], str]] = [
    huge_literal,
    deep_nesting,
    carriage_returns,
    hostile_name,
    dialect_syntax,
    scf_syntax,
    complex_syntax,
    vector_syntax,
    view_syntax,
]


def corpus_texts() -> list[str]:
    """The seed texts: the corpus's custom and generic files and its invalid sections."""
    texts: list[str] = []
    for sub in ("custom", "generic"):
        texts.extend(
            p.read_text(encoding="utf-8") for p in sorted((CORPUS_DIR / sub).glob("*.mlir"))
        )
    for path in sorted((CORPUS_DIR / "invalid").glob("*.mlir")):
        texts.extend(c for c in path.read_text(encoding="utf-8").split("// -----") if c.strip())
    return texts


@dataclass
class Case:
    """One generated input and the flags it runs with."""

    number: int
    data: bytes
    flags: list[str]
    mutations: list[str]


def make_case(number: int, seeds: list[str], base_seed: int = 0) -> Case:
    """The case `number` of the run seeded with `base_seed` (the same case every time)."""
    rng = random.Random(f"{base_seed}:{number}")
    text = rng.choice(seeds)
    applied: list[str] = []
    for _ in range(rng.randrange(1, 4)):
        mutation = rng.choice(MUTATIONS)
        text = mutation(text, rng)
        applied.append(mutation.__name__)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.1:
        data = raw_bytes(data, rng)
        applied.append("raw_bytes")
    return Case(number, data, rng.choice(FLAG_SETS), applied)


#: The first line of what `odsgen opt` prints for a rejected input: a diagnostic
#: at `file:line:col` (or MLIR's unknown location, for IR built without one).
_DIAGNOSTIC = re.compile(r"^(?:\S+:\d+:\d+|<unknown>:0): (?:error|warning|note|remark): ")


@dataclass
class Outcome:
    """What running a case gave; `finding` is set when it broke a rule."""

    code: int
    stdout: str
    stderr: str
    finding: str = ""


def _call_opt(argv: list[str]) -> tuple[int, str, str]:
    from generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def run_case(case: Case, workdir: Path) -> Outcome:
    """Run `odsgen opt` on the case in-process and check the rules."""
    source = workdir / "fuzz.mlir"
    source.write_bytes(case.data)
    argv = ["opt", str(source), "--allow-unregistered-dialect", *case.flags]
    try:
        code, out, err = _call_opt(argv)
    # Any exception at all is the finding (Ctrl-C still stops the run).
    except Exception:
        return Outcome(-1, "", "", "exception:\n" + traceback.format_exc())
    outcome = Outcome(code, out, err)
    if "Traceback" in err:
        outcome.finding = "traceback in stderr"
    elif code not in (0, 1):
        outcome.finding = f"exit code {code}"
    elif code == 1 and not any(_DIAGNOSTIC.match(line) for line in err.splitlines()[:1]):
        outcome.finding = "exit 1 without a located diagnostic first"
    elif code == 0 and "--split-input-file" not in case.flags and out:
        # What was accepted and printed reads back.
        again = workdir / "again.mlir"
        # Bytes that are not UTF-8 come back as odsgen read them (as `odsgen opt -o`
        # writes them).
        again.write_text(out, encoding="utf-8", errors="surrogateescape")
        try:
            code2, _out2, err2 = _call_opt(["opt", str(again), "--allow-unregistered-dialect"])
        except Exception:
            return Outcome(code, out, err, "exception reading back:\n" + traceback.format_exc())
        if code2 != 0 and not _mlir_opt_prints_the_same_unreadable_text(case, out, again):
            outcome.finding = "printed output does not read back:\n" + err2[:2000]
    return outcome


def _mlir_opt_prints_the_same_unreadable_text(case: Case, out: str, again: Path) -> bool:
    """Whether mlir-opt-22 prints exactly `out` for the case and cannot read it back
    either: a round trip MLIR itself does not make (the f80 infinity of a
    `#complex.number`, sparse indices printed as a splat), which odsgen matches.
    False when mlir-opt-22 is not installed: the case stays a finding."""
    tool = shutil.which("mlir-opt-22")
    if tool is None:
        return False
    source = again.with_name("fuzz.mlir")
    flags = [f for f in case.flags if f != "--split-input-file"]
    theirs = subprocess.run(
        [tool, str(source), "--allow-unregistered-dialect", *flags],
        capture_output=True,
        timeout=60,
    )
    if theirs.returncode != 0 or theirs.stdout.decode("utf-8", "surrogateescape") != out:
        return False
    reread = subprocess.run(
        [tool, str(again), "--allow-unregistered-dialect"], capture_output=True, timeout=60
    )
    return reread.returncode != 0


@dataclass
class Summary:
    """Counts over a run."""

    cases: int = 0
    accepted: int = 0
    rejected: int = 0
    findings: list[tuple[Case, Outcome]] = field(default_factory=list)
    by_mutation: dict[str, int] = field(default_factory=dict)


def run(cases: int, base_seed: int = 0, *, first: int = 0) -> Summary:
    """Run `cases` cases starting at number `first`; collect the findings."""
    seeds = corpus_texts()
    summary = Summary()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for number in range(first, first + cases):
            case = make_case(number, seeds, base_seed)
            outcome = run_case(case, workdir)
            summary.cases += 1
            for name in case.mutations:
                summary.by_mutation[name] = summary.by_mutation.get(name, 0) + 1
            if outcome.finding:
                summary.findings.append((case, outcome))
            elif outcome.code == 0:
                summary.accepted += 1
            else:
                summary.rejected += 1
    return summary


def main(argv: list[str] | None = None) -> int:
    """Command line: run a number of cases, report the counts, save the findings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="number of the first case")
    parser.add_argument(
        "--save", type=Path, default=Path("fuzz-findings"), help="where findings are written"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    summary = run(args.cases, args.seed, first=args.first)
    elapsed = time.perf_counter() - start
    print(
        f"{summary.cases} cases in {elapsed:.0f} s: {summary.accepted} accepted, "
        f"{summary.rejected} rejected with a located diagnostic, "
        f"{len(summary.findings)} findings (tracebacks or other failures)"
    )
    print(
        "mutations applied: "
        + ", ".join(f"{k} {v}" for k, v in sorted(summary.by_mutation.items()))
    )
    if summary.findings:
        args.save.mkdir(parents=True, exist_ok=True)
        for case, outcome in summary.findings:
            stem = args.save / f"case-{args.seed}-{case.number}"
            stem.with_suffix(".mlir").write_bytes(case.data)
            stem.with_suffix(".txt").write_text(
                f"flags: {case.flags}\nmutations: {case.mutations}\n{outcome.finding}\n"
                f"--- stderr\n{outcome.stderr[:4000]}\n",
                encoding="utf-8",
            )
        print(f"findings saved in {args.save}/")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
