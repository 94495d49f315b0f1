"""Tests of generator.ir.affine: building, uniquing, parsing and printing affine maps and sets.

Every expected text here was printed by mlir-opt-22. Most of them live in
`data/affine_golden.txt`: one `input<TAB>expected` line per case of the corpus built
below (hand-written cases plus fixed-seed random ones), where `expected` is the
canonical attribute mlir-opt prints or `error: <offset>: <message>` with the offset
into the body. To regenerate it after changing the corpus (needs mlir-opt-22):

    PYTHONPATH=. python tests/unit/ir/test_affine.py --regenerate
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import re
import shutil
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from generator.ir.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
    AffineParseError,
    AffineSymbolExpr,
    IntegerSet,
    affine_binary,
    format_affine_expr,
    format_affine_map,
    format_integer_set,
    parse_affine_map,
    parse_affine_map_or_integer_set,
    parse_affine_map_prefix,
    parse_integer_set,
    parse_integer_set_prefix,
    parse_ssa_id_map,
)
from generator.ir.nesting import MAX_AFFINE_DEPTH, call_with_deep_stack

GOLDEN = Path(__file__).with_name("data") / "affine_golden.txt"
ORACLE = "mlir-opt-22"
REGENERATE_HINT = "regenerate with: PYTHONPATH=. python tests/unit/ir/test_affine.py --regenerate"

#: (attribute keyword, body) pairs.
Case = tuple[str, str]

# ---------------------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------------------

_MAP = "affine_map"
_SET = "affine_set"

HAND_WRITTEN: list[Case] = [
    # Basics, renamed identifiers, empty lists.
    (_MAP, "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)"),
    (_MAP, "(i, j)[N] -> (i + N, 4 + j, j * 1, i + 0, 3 * i)"),
    (_MAP, "() -> (0)"),
    (_MAP, "(d0) -> ()"),
    (_MAP, "() -> ()"),
    (_MAP, "()[s0] -> (s0)"),
    (_MAP, "(d0)[] -> (d0)"),
    (_MAP, "(d0)->(d0+1)"),
    (_MAP, "( d0 , d1 ) [ s0 ] -> ( d1 , d0 )"),
    (_MAP, "(mod, floordiv)[i32] -> (mod mod 2, floordiv floordiv i32)"),
    (_MAP, "(d0.x, d$1, _a, si8, index, f32) -> (d0.x + d$1 + _a + si8 + index + f32)"),
    (_MAP, "(d0) -> (0x10 + d0, 0x7FFFFFFFFFFFFFFF)"),
    # Folding and canonical operand order.
    (_MAP, "(d0, d1) -> (d0 + d1 * 2 - d0)"),
    (_MAP, "(d0, d1) -> (d0 - d0, d0 * 2 - d0 * 2, d0 * 2 + d0 * 3, d0 + d0)"),
    (_MAP, "(d0)[s0] -> (d0 * s0, s0 * d0, d0 mod s0, s0 * 3, 3 * s0)"),
    (_MAP, "(d0, d1)[s0, s1] -> (d1 + d0, s1 + s0, s1 * s0, d1 + s0 + d0, s0 + d0)"),
    (_MAP, "(d0, d1) -> ((d0 + 2) + 3, (d0 + 2) + d1, (d0 * 2) * 3, (d0 * 2) * 0)"),
    (_MAP, "(d0)[s0] -> ((d0 * 2) * s0, (d0 * s0) * 2, s0 * (d0 * 2))"),
    (_MAP, "(d0, d1)[s0, s1] -> ((d0 + s0) + d0, (d0 + s0) - d0, (d0 + s0) + s1)"),
    (_MAP, "(d0, d1)[s0, s1] -> (d1 + (d0 + s0), (d0 + s0) * 2 + d1, (d0 + s0) + (d0 + s0))"),
    # Negation and subtraction as printed.
    (_MAP, "(d0)[s0] -> (-d0, -(d0 + 1), -(d0 floordiv 2), d0 - (s0 + 1), d0 - s0 * 2, d0 - 3)"),
    (_MAP, "(d0) -> (d0 - -3, - -d0, -(-(d0)), -d0 * 2, -(d0 * 2))"),
    (_MAP, "(d0)[s0] -> (d0 + (d0 floordiv s0) * (s0 * -1), d0 - (s0 * 2 + 1) * 3)"),
    (_MAP, "(d0, d1)[s0] -> ((d0 + d1) * s0, (d0 + d1) floordiv 2, -(d0 + d1), d0 - (d1 + s0))"),
    (_MAP, "(d0, d1)[s0] -> ((d0 * s0) * s0, d0 * (s0 * s0), (d0 floordiv 2) mod 3)"),
    # `mod`, `floordiv` and `ceildiv` rules.
    (_MAP, "(d0) -> (d0 mod 1, d0 floordiv 1, d0 ceildiv 1)"),
    (_MAP, "(d0) -> (d0 mod -3, d0 floordiv -3, d0 ceildiv 0, 7 floordiv -2, -7 mod 0)"),
    (_MAP, "(d0) -> (7 mod -2, 7 ceildiv -2, -7 ceildiv 2, -7 floordiv 2, -7 mod 2, 0 mod 0)"),
    (_MAP, "(d0) -> ((d0 * 6) floordiv -3, (d0 + 6) floordiv -3, d0 floordiv -1)"),
    (_MAP, "(d0) -> ((d0 * 6) ceildiv -3, (d0 * 6) mod -3)"),
    (_MAP, "(d0) -> ((d0 * 4) floordiv 8, (d0 * 4) ceildiv 8, (d0 * 8) floordiv 4)"),
    (_MAP, "(d0) -> ((d0 * 8) ceildiv 4, (d0 * 8) mod 4, (d0 * 4) mod 8)"),
    (_MAP, "(d0, d1) -> ((d0 * 4 + d1) floordiv 4, (d0 * 4 + d1) mod 4, (d1 + d0 * 4) mod 4)"),
    (_MAP, "(d0, d1) -> ((d1 + d0 * 4) floordiv 4, (d0 * 4 + d1) ceildiv 4)"),
    (_MAP, "(d0) -> ((d0 mod 8) mod 4, (d0 mod 4) mod 8, (d0 mod 12) mod 4)"),
    (_MAP, "(d0, d1)[s0] -> ((d0 * s0) mod 4, (d0 * s0 * 4) mod 4, (d0 floordiv 2) * 2)"),
    (_MAP, "(d0, d1, d2, d3) -> ((((d0 * 12 + d1 * 6) ceildiv -2 + d2 * 3) mod 9 + d3) mod 3)"),
    (_MAP, "(d0, d1, d2, d3) -> ((((d0 * 12 + d1 * 6) ceildiv 2 + d2 * 3) mod 9 + d3) mod 3)"),
    # Recognising `mod` in `e - (e floordiv q) * q`.
    (_MAP, "(d0) -> (d0 - (d0 floordiv 4) * 4, d0 + (d0 floordiv 4) * -4)"),
    (_MAP, "(d0) -> (d0 + (d0 floordiv -4) * 4, d0 + (d0 floordiv 4) floordiv -4)"),
    (_MAP, "(d0) -> (d0 + (d0 floordiv 4) ceildiv -4, d0 + (d0 floordiv 4) mod -4)"),
    (_MAP, "(d0)[s0] -> (d0 - (d0 floordiv s0) * s0, d0 - s0 * (d0 floordiv s0))"),
    (_MAP, "(d0)[s0] -> (d0 + (d0 floordiv 4) * s0, d0 + (d0 floordiv s0) * 4)"),
    (_MAP, "(d0)[s0] -> (d0 + (d0 floordiv s0) * -4, d0 - (d0 floordiv (s0 + 1)) * (s0 + 1))"),
    (_MAP, "(d0)[s0] -> (d0 + ((d0 floordiv s0) * s0) floordiv -1)"),
    (_MAP, "(d0)[s0] -> (d0 + ((d0 floordiv s0) * s0) mod -1, d0 + (d0 floordiv s0) * s0 * -1)"),
    (_MAP, "(d0, d1)[s0, s1] -> ((d0 + s0) - ((d0 + s0) floordiv 4) * 4)"),
    (
        _MAP,
        "(d0, d1, d2)[s0, s1] -> ((d0 + d1) - (d1 floordiv 4) * 4, (d1 + s0) - (d1 floordiv 4) * 4)",
    ),
    (
        _MAP,
        "(d0, d1, d2)[s0, s1] -> ((d0 - d1) + (d2 floordiv 4) * 3, (d0 + s0) + (d1 floordiv 4))",
    ),
    (_MAP, "(d0, d1, d2)[s0, s1] -> (((d0 + d1) + d2) - (d2 floordiv 4) * 4)"),
    (_MAP, "(d0, d1, d2)[s0, s1] -> (((d0 + d1) + d2) - (d1 floordiv 4) * 4)"),
    (_MAP, "(d0, d1, d2)[s0, s1] -> ((d0 + s0) + (d1 floordiv 4) * 3, (d0 + s0) + (d1 mod 4) * 3)"),
    (_MAP, "(d0, d1, d2)[s0, s1] -> ((d0 + s0 + s1) + (d1 floordiv s1) * s0)"),
    (_MAP, "(d0, d1, d2)[s0, s1] -> ((d1 + s0) + ((d1 floordiv s1) * s1) * -1)"),
    # 64-bit overflow: checked folds stay unfolded, unchecked ones wrap.
    (_MAP, "(d0) -> (9223372036854775807 + 1, 9223372036854775807 * 2)"),
    (_MAP, "(d0) -> (-9223372036854775807 - 1, (-9223372036854775807 - 1) floordiv -1)"),
    (_MAP, "(d0) -> ((-9223372036854775807 - 1) ceildiv -1, (-9223372036854775807 - 1) mod 3)"),
    (_MAP, "(d0) -> (d0 * 9223372036854775807 * 2, d0 + (-9223372036854775807 - 1))"),
    (_MAP, "(d0) -> (d0 * (-9223372036854775807 - 1), (d0 + 9223372036854775807) + 1)"),
    (_MAP, "(d0) -> (d0 * 9223372036854775807 + d0)"),
    # Integer sets.
    (_SET, "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)"),
    (_SET, "(d0) : (1 == 0)"),
    (_SET, "(d0) : ()"),
    (_SET, "() : (0 >= 0)"),
    (_SET, "(d0) : (d0 >= 0, d0 <= 5, d0 == 3, 5 >= d0)"),
    (_SET, "(d0) : (d0 > = 0, d0 < = 1, d0 = = 2)"),
    (_SET, "(i, j)[N] : (i * 2 - N >= 0, i mod 2 == 0, N - j - 1 >= 0)"),
    # Errors.
    (_MAP, ""),
    (_MAP, "(d0) -> (d0) foo"),
    (_MAP, "(d0) : (d0 >= 0)"),
    (_SET, "(d0) -> (d0)"),
    (_SET, "(d0) : (d0 >= 0) foo"),
    (_MAP, "(d0 -> (d0)"),
    (_MAP, "(d0)[s0 -> (d0)"),
    (_MAP, "(d0) (d0)"),
    (_MAP, "(d0) -"),
    (_MAP, "(d0, d0) -> (d0)"),
    (_MAP, "(d0, 1) -> (d0)"),
    (_MAP, "(d0) -> (d0 + x)"),
    (_MAP, "(d0) -> (d0 +)"),
    (_MAP, "(d0) -> (+ d0)"),
    (_MAP, "(d0) -> (* d0)"),
    (_MAP, "(d0) -> (d0 + * d0)"),
    (_MAP, "(d0) -> (d0 *)"),
    (_MAP, "(d0) -> (d0 * d0)"),
    (_MAP, "(d0, d1) -> (d0 * d1 * 2)"),
    (_MAP, "(d0, d1) -> (d0 floordiv d1)"),
    (_MAP, "(d0, d1) -> (d0 ceildiv d1)"),
    (_MAP, "(d0, d1) -> (d0 mod d1 + 1)"),
    (_MAP, "(d0) -> (-)"),
    (_MAP, "(d0) -> (- * d0)"),
    (_MAP, "(d0) -> (-(d0 + ))"),
    (_MAP, "(d0) -> (())"),
    (_MAP, "(d0) -> ((d0)"),
    (_MAP, "(d0) -> (%x)"),
    (_MAP, "(d0) -> (symbol(%x))"),
    (_MAP, "(symbol) -> (symbol)"),
    (_MAP, "(d0) -> (mod)"),
    (_MAP, "(d0) -> (d0 mod)"),
    (_MAP, "(d0) -> (1.5)"),
    (_MAP, "(d0) -> (1e3)"),
    (_MAP, "(d0) -> (0x, 1)"),
    (_MAP, "(d0) -> (9223372036854775808)"),
    (_MAP, "(d0) -> (0x8000000000000000)"),
    (_MAP, "(d0) -> (d0 $ 1)"),
    (_MAP, "(d0) -> (d0 / 1)"),
    (_MAP, "(d0) -> (#foo)"),
    (_MAP, "(d0) -> (#)"),
    (_MAP, "(d0) -> (%)"),
    (_MAP, "(d0) -> (d0 @ 1)"),
    (_MAP, '(d0) -> ("a")'),
    (_MAP, "(d0) -> (d0 . 1)"),
    (_MAP, "(d0) -> (d0 ... 1)"),
    (_MAP, "(d0) -> (d0 d0)"),
    (_SET, "(d0) : (d0)"),
    (_SET, "(d0) : (d0 > 0)"),
    (_SET, "(d0) : (d0 >= )"),
    (_SET, "(d0) : (d0 >= 0"),
    (_SET, "(d0) : (d0 + 1"),
    (_SET, "(d0)[s0] : (s0 -"),
]

_CONSTANTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 64, 9223372036854775807]


def _leaf(rng: random.Random, num_dims: int, num_symbols: int, symbolic: bool) -> str:
    roll = rng.random()
    if symbolic or roll < 0.3:
        if num_symbols and rng.random() < 0.5:
            return f"s{rng.randrange(num_symbols)}"
        return str(rng.choice(_CONSTANTS))
    if roll < 0.75 and num_dims:
        return f"d{rng.randrange(num_dims)}"
    if roll < 0.85 and num_symbols:
        return f"s{rng.randrange(num_symbols)}"
    return str(rng.choice(_CONSTANTS))


def _operand(text: str) -> str:
    return text if re.fullmatch(r"-?\w+", text) else f"({text})"


def random_expr(
    rng: random.Random, depth: int, num_dims: int, num_symbols: int, symbolic: bool = False
) -> str:
    """A random expression of at most `depth` operator levels, mostly affine."""
    if depth == 0 or rng.random() < 0.25:
        return _leaf(rng, num_dims, num_symbols, symbolic)
    op = rng.choice(["+", "-", "*", "floordiv", "ceildiv", "mod", "neg", "paren", "+", "-", "*"])
    if op == "neg":
        return "-" + _operand(random_expr(rng, depth - 1, num_dims, num_symbols, symbolic))
    if op == "paren":
        return "(" + random_expr(rng, depth - 1, num_dims, num_symbols, symbolic) + ")"
    lhs = random_expr(rng, depth - 1, num_dims, num_symbols, symbolic)
    # Products and divisions mostly get a symbolic right operand, so most cases are
    # affine; the rest check the non-affine errors.
    wants_symbolic = op != "*" or rng.random() < 0.8
    rhs = random_expr(
        rng, depth - 1, num_dims, num_symbols, symbolic or (wants_symbolic and rng.random() < 0.92)
    )
    if op in ("*", "floordiv", "ceildiv", "mod"):
        lhs, rhs = _operand(lhs), _operand(rhs)
        if op == "*" and rng.random() < 0.3:
            lhs, rhs = rhs, lhs
        if op != "*" and rng.random() < 0.15 and not rhs.startswith("-"):
            rhs = "-" + rhs
    elif op == "-" and rng.random() < 0.5:
        rhs = _operand(rhs)
    return f"{lhs} {op} {rhs}"


def random_case(rng: random.Random) -> Case:
    """A random map (3 in 4) or set over up to 3 dims and 2 symbols, depth at most 4."""
    num_dims = rng.randrange(0, 4)
    num_symbols = rng.randrange(0, 3)
    ids = "(" + ", ".join(f"d{i}" for i in range(num_dims)) + ")"
    if num_symbols:
        ids += "[" + ", ".join(f"s{i}" for i in range(num_symbols)) + "]"
    depth = rng.randrange(1, 5)
    if rng.random() < 0.75:
        results = ", ".join(
            random_expr(rng, depth, num_dims, num_symbols) for _ in range(rng.randrange(0, 4))
        )
        return _MAP, f"{ids} -> ({results})"
    constraints = ", ".join(
        f"{random_expr(rng, depth, num_dims, num_symbols)} {rng.choice(['>=', '<=', '=='])} "
        f"{random_expr(rng, max(depth - 2, 0), num_dims, num_symbols)}"
        for _ in range(rng.randrange(1, 4))
    )
    return _SET, f"{ids} : ({constraints})"


_MUTATIONS = [*"()[],+-*:=<d0s1 x%#@.$!^&|?/7", "floordiv", "mod", "->", "==", "1.5", "i"]


def mutated_case(rng: random.Random) -> Case:
    """A random case with a few characters deleted or inserted: mostly malformed."""
    while True:
        kind, body = random_case(rng)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(body) + 1)
            if rng.random() < 0.4:
                body = body[:at] + body[at + 1 :]
            else:
                body = body[:at] + rng.choice(_MUTATIONS) + body[at:]
        # A line comment would swallow the rest of the attribute, `>` included.
        if "//" not in body:
            return kind, body


def corpus() -> list[Case]:
    """The golden corpus: the hand-written cases, then fixed-seed random ones."""
    rng = random.Random(20250101)
    cases = list(HAND_WRITTEN)
    cases += [random_case(rng) for _ in range(220)]
    cases += [mutated_case(rng) for _ in range(80)]
    return cases


# ---------------------------------------------------------------------------------------
# Running the oracle and this module
# ---------------------------------------------------------------------------------------


def run_oracle(mlir_opt: str, cases: list[Case]) -> list[str]:
    """Return what mlir-opt makes of each case, in the golden file's `expected` form.

    Each case becomes one `--split-input-file` chunk holding one unregistered op whose
    attribute `m` is the case. mlir-opt prints the canonical map or set as an alias
    definition (`#map = affine_map<...>`), which is read back per chunk.
    """
    lines: list[str] = []
    for kind, body in cases:
        lines.append(f'"t.op"() {{m = {kind}<{body}>}} : () -> ()')
        lines.append("// -----")
    source = "\n".join(lines[:-1]) + "\n"
    proc = subprocess.run(
        [
            mlir_opt,
            "--allow-unregistered-dialect",
            "--mlir-print-op-generic",
            "--split-input-file",
            "-",
        ],
        input=source,
        capture_output=True,
        text=True,
        check=False,
    )
    chunks = proc.stdout.split("// -----\n")
    assert len(chunks) == len(cases), proc.stderr[-2000:]
    first_errors: dict[int, tuple[int, str]] = {}
    for match in re.finditer(r"^<stdin>:(\d+):(\d+): error: (.*)$", proc.stderr, re.MULTILINE):
        # Case i sits on line 2i + 1; a chunk can report several errors, MLIR's first wins.
        first_errors.setdefault((int(match[1]) - 1) // 2, (int(match[2]), match[3]))
    body_column = len('"t.op"() {m = affine_map<') + 1
    outcomes: list[str] = []
    for index, chunk in enumerate(chunks):
        if index in first_errors:
            column, message = first_errors[index]
            outcomes.append(f"error: {column - body_column}: {message}")
            continue
        aliases = dict(re.findall(r"^(#\w+) = (.*)$", chunk, re.MULTILINE))
        use = re.search(r"\{m = (#\w+)\}", chunk)
        assert use is not None, chunk
        outcomes.append(aliases[use[1]])
    return outcomes


def outcome(case: Case) -> str:
    """What this module makes of a case, in the golden file's `expected` form."""
    kind, body = case
    try:
        value = parse_affine_map(body) if kind == _MAP else parse_integer_set(body)
    except AffineParseError as error:
        return f"error: {error.offset}: {error.message}"
    return str(value)


def read_golden() -> list[tuple[Case, str]]:
    """The golden file's (case, expected) pairs."""
    entries: list[tuple[Case, str]] = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        attribute, expected = line.split("\t")
        kind, _, rest = attribute.partition("<")
        entries.append(((kind, rest[:-1]), expected))
    return entries


def regenerate_golden() -> None:
    """Rewrite the golden file from mlir-opt-22's output on the corpus."""
    mlir_opt = shutil.which(ORACLE)
    if mlir_opt is None:
        raise SystemExit(f"{ORACLE} is not installed")
    cases = corpus()
    for kind, body in cases:
        if "\t" in body or "\n" in body:
            raise SystemExit(f"case {kind}<{body}> cannot be stored on one line")
    outcomes = run_oracle(mlir_opt, cases)
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(
        "".join(
            f"{kind}<{body}>\t{expected}\n"
            for (kind, body), expected in zip(cases, outcomes, strict=True)
        ),
        encoding="utf-8",
    )


def _mismatches(cases: list[Case], expected: list[str]) -> list[str]:
    return [
        f"{kind}<{body}>\n  expected: {want}\n  actual:   {got}"
        for (kind, body), want in zip(cases, expected, strict=True)
        if (got := outcome((kind, body))) != want
    ]


# ---------------------------------------------------------------------------------------
# Golden and differential tests
# ---------------------------------------------------------------------------------------


def test_golden_file_holds_the_corpus() -> None:
    """The golden file lists exactly the current corpus, in order."""
    golden_cases = [case for case, _ in read_golden()]
    assert golden_cases == corpus(), REGENERATE_HINT


def test_golden_corpus_is_large_and_varied() -> None:
    """The corpus has at least 150 cases, with maps, sets, successes and errors."""
    entries = read_golden()
    assert len(entries) >= 150
    assert {kind for (kind, _), _ in entries} == {_MAP, _SET}
    errors = sum(expected.startswith("error: ") for _, expected in entries)
    assert 0 < errors < len(entries) // 2


def test_golden_outcomes() -> None:
    """Every golden case parses and prints, or fails, exactly as mlir-opt-22 did."""
    entries = read_golden()
    problems = _mismatches([case for case, _ in entries], [want for _, want in entries])
    assert not problems, f"{len(problems)} mismatch(es):\n" + "\n".join(problems[:20])


@pytest.mark.mlir
def test_golden_file_is_what_mlir_opt_prints(mlir_opt: str) -> None:
    """Running mlir-opt-22 on the corpus again gives the golden file."""
    entries = read_golden()
    actual = run_oracle(mlir_opt, [case for case, _ in entries])
    assert actual == [want for _, want in entries], REGENERATE_HINT


@pytest.mark.mlir
def test_random_cases_match_mlir_opt(mlir_opt: str) -> None:
    """Fresh fixed-seed random and mutated cases give mlir-opt-22's text or error."""
    rng = random.Random(7)
    cases = [random_case(rng) for _ in range(1500)] + [mutated_case(rng) for _ in range(1500)]
    problems = _mismatches(cases, run_oracle(mlir_opt, cases))
    assert not problems, f"{len(problems)} mismatch(es):\n" + "\n".join(problems[:20])


# ---------------------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------------------


def _expr(text: str) -> AffineExpr:
    """The single result of `(d0, d1, d2)[s0, s1] -> (text)`."""
    return parse_affine_map(f"(d0, d1, d2)[s0, s1] -> ({text})").results[0]


D0, D1, S0, S1 = AffineDimExpr(0), AffineDimExpr(1), AffineSymbolExpr(0), AffineSymbolExpr(1)


def test_leaves_are_uniqued() -> None:
    """Dims, symbols and constants with the same position or value are one object."""
    assert AffineDimExpr(3) is AffineDimExpr(3)
    assert AffineSymbolExpr(3) is AffineSymbolExpr(3)
    assert AffineConstantExpr(-7) is AffineConstantExpr(-7)
    dim: AffineExpr = AffineDimExpr(3)
    assert dim is not AffineSymbolExpr(3)


def test_operators_build_what_the_parser_builds() -> None:
    """The Python operators simplify exactly as parsing the same text does."""
    assert D0 + S0 * 2 - 3 is _expr("d0 + s0 * 2 - 3")
    assert 4 + D1 is _expr("4 + d1")
    assert 3 * D0 is _expr("3 * d0")
    assert 5 - D0 is _expr("5 - d0")
    assert -(D0 + 1) is _expr("-(d0 + 1)")
    assert D0 % 4 is _expr("d0 mod 4")
    assert D0 // S0 is _expr("d0 floordiv s0")
    assert D0.floor_div(8) is _expr("d0 floordiv 8")
    assert (D0 * 6).ceil_div(-3) is _expr("(d0 * 6) ceildiv -3")
    assert D0 - (D0 // 4) * 4 is _expr("d0 mod 4")
    assert S1 + S0 is _expr("s0 + s1")
    assert affine_binary(AffineExprKind.MOD, D0 * 8, AffineConstantExpr(4)) is _expr("0")


def test_binary_nodes_expose_their_operands() -> None:
    """A surviving binary node has its kind and operands, constants on the right."""
    expr = _expr("3 + d0 floordiv s0")
    assert isinstance(expr, AffineBinaryExpr)
    assert expr.kind is AffineExprKind.ADD
    assert expr.rhs is AffineConstantExpr(3)
    assert isinstance(expr.lhs, AffineBinaryExpr)
    assert expr.lhs.kind is AffineExprKind.FLOORDIV
    assert (expr.lhs.lhs, expr.lhs.rhs) == (D0, S0)


def test_expression_properties() -> None:
    """Symbolic-or-constant, pure-affine and the largest known divisor follow MLIR."""
    assert (S0 * 3 + 1).is_symbolic_or_constant
    assert not (D0 + S0).is_symbolic_or_constant
    assert (D0 * 4 + S0).is_pure_affine
    assert not (D0 * S0).is_pure_affine
    assert not (D0 % S0).is_pure_affine
    assert (D0 * 4 + D1 * 6).largest_known_divisor == 2
    assert ((D0 * 12 + D1 * 6).ceil_div(-2)).largest_known_divisor == 3
    assert D0.largest_known_divisor == 1


def test_walk_lists_children_before_parents() -> None:
    """walk() yields every node in post-order, the root last."""
    expr = _expr("(d0 + s0) floordiv 2")
    nodes = expr.walk()
    assert nodes[-1] is expr
    assert nodes.index(D0) < nodes.index(D0 + S0) < nodes.index(expr)
    assert AffineConstantExpr(2) in nodes


def test_non_affine_operations_are_rejected() -> None:
    """Products of dims and divisions by dims raise ValueError, as MLIR's parser refuses them."""
    with pytest.raises(ValueError, match="multiply operands"):
        D0 * D1
    with pytest.raises(ValueError, match="right operand of mod"):
        D0 % D1
    with pytest.raises(ValueError, match="right operand of floordiv"):
        S0 // D0
    with pytest.raises(ValueError, match="right operand of ceildiv"):
        D0.ceil_div(D0 + 1)
    with pytest.raises(ValueError, match="not a binary"):
        affine_binary(AffineExprKind.DIM, D0, D1)


def test_bad_leaves_and_direct_construction_are_rejected() -> None:
    """Out-of-range constants, negative positions and bare node classes raise."""
    with pytest.raises(ValueError, match="64 bits"):
        AffineConstantExpr(1 << 63)
    with pytest.raises(ValueError, match="non-negative"):
        AffineDimExpr(-1)
    with pytest.raises(TypeError):
        AffineBinaryExpr(AffineExprKind.ADD, D0, D1)
    with pytest.raises(TypeError):
        AffineExpr()
    with pytest.raises(TypeError):
        D0 + 1.5  # type: ignore[operator]


def test_expressions_are_immutable_and_slotted() -> None:
    """Expressions reject attribute writes and have no instance dict."""
    expr = D0 + 1
    assert isinstance(expr, AffineBinaryExpr)
    with pytest.raises(AttributeError):
        expr.lhs = D1
    with pytest.raises(AttributeError):
        del expr.rhs
    assert not hasattr(expr, "__dict__")


def test_format_with_operand_names() -> None:
    """Custom names replace d<i> and s<i>, as affine.load prints its subscripts."""
    # mlir-opt-22 prints `affine.load %arg0[%arg1 * 2 + symbol(%arg2) - 1]` and
    # `affine.load %arg0[-(%arg1 floordiv 4) + symbol(%arg2) * 3]` for these.
    names = {"dim_names": ["%arg1"], "symbol_names": ["symbol(%arg2)"]}
    first = parse_affine_map("(d0)[s0] -> (d0 * 2 + s0 - 1)").results[0]
    second = parse_affine_map("(d0)[s0] -> (-(d0 floordiv 4) + s0 * 3)").results[0]
    assert format_affine_expr(first, **names) == "%arg1 * 2 + symbol(%arg2) - 1"
    assert format_affine_expr(second, **names) == "-(%arg1 floordiv 4) + symbol(%arg2) * 3"


def test_long_chains_print_without_recursion() -> None:
    """A sum of thousands of terms parses and prints back to the same map."""
    body = "(d0, d1)[s0] -> (" + " + ".join(["d0 * 3", "d1 floordiv 4", "s0"] * 3000) + ")"
    affine_map = parse_affine_map(body)
    assert parse_affine_map(format_affine_map(affine_map)) is affine_map


def test_nesting_past_the_limit_is_a_parse_error() -> None:
    """Parentheses or negations nested past the limit are an error at the one too many."""
    for opener in ("(", "-"):
        body = "(d0) -> (" + opener * 5000 + "d0" + ")" * (5000 if opener == "(" else 0) + ")"
        with pytest.raises(AffineParseError) as raised:
            call_with_deep_stack(lambda body=body: parse_affine_map(body))
        assert raised.value.message == "affine expressions nest more than 1000 levels deep"
        assert raised.value.offset == len("(d0) -> (") + MAX_AFFINE_DEPTH


def test_nesting_at_the_limit_parses_on_a_deep_stack() -> None:
    """As deep as the limit allows, an expression parses (given the stack for it)."""
    depth = MAX_AFFINE_DEPTH // 2
    body = "(d0) -> (" + "(" * depth + "-" * depth + "d0" + ")" * depth + ")"
    affine_map = call_with_deep_stack(lambda: parse_affine_map(body))
    assert format_affine_map(affine_map) == "(d0) -> (d0)"


def test_nesting_past_the_recursion_limit_is_a_parse_error() -> None:
    """Within the limit but past what the stack allows, it is a parse error too."""
    depth = MAX_AFFINE_DEPTH
    with pytest.raises(AffineParseError, match="nested too deeply"):
        parse_affine_map("(d0) -> (" + "(" * depth + "d0" + ")" * depth + ")")


# ---------------------------------------------------------------------------------------
# Maps and sets
# ---------------------------------------------------------------------------------------


def test_maps_are_hash_consed() -> None:
    """Equal maps, however the input named or spelled them, are the same object."""
    first = parse_affine_map("(i, j)[N] -> (i + N, j floordiv 2)")
    second = parse_affine_map("(d0,d1)[s0]->(s0+d0,d1 floordiv 2)")
    built = AffineMap(2, 1, [D0 + S0, D1 // 2])
    assert first is second is built
    assert first is not parse_affine_map("(d0, d1)[s0, s1] -> (d0 + s0, d1 floordiv 2)")
    assert {first: 1}[built] == 1


def test_sets_are_hash_consed() -> None:
    """Equal sets are the same object; the equality flags are part of the identity."""
    first = parse_integer_set("(x)[n] : (x - n >= 0, x == 0)")
    built = IntegerSet(1, 1, [D0 - S0, D0], [False, True])
    assert first is built
    assert first is not IntegerSet(1, 1, [D0 - S0, D0], [False, False])


def test_unused_values_are_released() -> None:
    """Uniquing tables hold values weakly, so nothing keeps a dropped map alive."""
    affine_map = parse_affine_map("(d0, d1, d2) -> (d2 * 77 + d1 floordiv 1234567)")
    ref = weakref.ref(affine_map)
    expr_ref = weakref.ref(affine_map.results[0])
    del affine_map
    gc.collect()
    assert ref() is None
    assert expr_ref() is None


def test_map_accessors_and_printing() -> None:
    """A map reports its sizes and prints as body, attribute and repr."""
    affine_map = parse_affine_map("(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)")
    assert (affine_map.num_dims, affine_map.num_symbols) == (2, 1)
    assert (affine_map.num_inputs, affine_map.num_results) == (3, 2)
    assert format_affine_map(affine_map) == "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)"
    assert str(affine_map) == "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>"
    assert repr(affine_map) == "AffineMap('(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)')"
    assert str(affine_map.results[1]) == "d1 floordiv 2"


def test_identity_maps() -> None:
    """identity() builds the identity map and is_identity recognises only it."""
    assert AffineMap.identity(2) is parse_affine_map("(d0, d1) -> (d0, d1)")
    assert AffineMap.identity(2).is_identity
    assert AffineMap.identity(0).is_identity
    assert parse_affine_map("(d0, d1)[s0] -> (d0, d1)").is_identity
    assert not parse_affine_map("(d0, d1) -> (d1, d0)").is_identity
    assert not parse_affine_map("(d0, d1) -> (d0)").is_identity


def test_set_accessors_and_printing() -> None:
    """A set reports its constraints and prints like mlir-opt-22."""
    integer_set = parse_integer_set("(d0)[s0] : (d0 - s0 >= 0, d0 == 0)")
    assert integer_set.num_constraints == 2
    assert integer_set.num_inputs == 2
    assert integer_set.eq_flags == (False, True)
    assert format_integer_set(integer_set) == "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)"
    assert str(integer_set) == "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>"
    assert repr(integer_set) == "IntegerSet('(d0)[s0] : (d0 - s0 >= 0, d0 == 0)')"


def test_empty_and_trivial_sets() -> None:
    """The empty set is `1 == 0` and prints as such; `()` constraints read as `0 == 0`."""
    empty = IntegerSet.empty(1, 0)
    assert empty.is_empty_set
    assert str(empty) == "affine_set<(d0) : (1 == 0)>"
    assert empty is parse_integer_set("(d0) : (1 == 0)")
    trivial = parse_integer_set("(d0) : ()")
    assert str(trivial) == "affine_set<(d0) : (0 == 0)>"
    assert not trivial.is_empty_set


def test_invalid_maps_and_sets_are_rejected() -> None:
    """Out-of-range dims or symbols, missing constraints and flag mismatches raise."""
    with pytest.raises(ValueError, match="d1 used"):
        AffineMap(1, 0, [D1])
    with pytest.raises(ValueError, match="s0 used"):
        AffineMap(1, 0, [D0 + S0])
    with pytest.raises(ValueError, match="at least one constraint"):
        IntegerSet(1, 0, [], [])
    with pytest.raises(ValueError, match="equality flag"):
        IntegerSet(1, 0, [D0], [True, False])
    with pytest.raises(TypeError):
        AffineMap(1, 0, [0])  # type: ignore[list-item]


def test_maps_and_sets_are_immutable() -> None:
    """Maps and sets reject attribute writes and have no instance dict."""
    affine_map = AffineMap.identity(1)
    integer_set = IntegerSet.empty(0, 0)
    with pytest.raises(AttributeError):
        affine_map.num_dims = 2
    with pytest.raises(AttributeError):
        integer_set.eq_flags = ()
    assert not hasattr(affine_map, "__dict__")
    assert not hasattr(integer_set, "__dict__")


def test_copy_and_pickle_keep_identity() -> None:
    """Copying returns the same object and unpickling returns the uniqued one."""
    affine_map = parse_affine_map("(d0)[s0] -> (d0 mod s0, -(d0 floordiv 3) + 7)")
    integer_set = parse_integer_set("(d0) : (d0 * 2 - 1 >= 0)")
    for value in (affine_map, integer_set, affine_map.results[1], D0, S0):
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
        assert pickle.loads(pickle.dumps(value)) is value


# ---------------------------------------------------------------------------------------
# Parsing entry points and errors
# ---------------------------------------------------------------------------------------


def test_parse_error_carries_message_and_offset() -> None:
    """AffineParseError is a ValueError with MLIR's message and an offset into the body."""
    with pytest.raises(AffineParseError) as info:
        parse_affine_map("(d0) -> (d0 + x)")
    assert isinstance(info.value, ValueError)
    assert str(info.value) == "use of undeclared identifier"
    assert (info.value.message, info.value.offset) == ("use of undeclared identifier", 13)
    assert pickle.loads(pickle.dumps(info.value)).offset == 13


def test_map_or_set_entry_point() -> None:
    """parse_affine_map_or_integer_set returns whichever the body is."""
    assert isinstance(parse_affine_map_or_integer_set("(d0) -> (d0)"), AffineMap)
    assert isinstance(parse_affine_map_or_integer_set("(d0) : (d0 >= 0)"), IntegerSet)


def test_prefix_parse_stops_after_the_body() -> None:
    """The prefix parsers return the offset of the closing `>` and never read past it."""
    source = "#m = affine_map<(d0)[s0] -> (d0 + s0)>$"
    affine_map, end = parse_affine_map_prefix(source, source.index("<") + 1)
    assert affine_map is parse_affine_map("(d0)[s0] -> (d0 + s0)")
    assert source[end] == ">"
    source = "affine_set<(d0) : (d0 >= 0) >"
    integer_set, end = parse_integer_set_prefix(source, len("affine_set<"))
    assert integer_set is parse_integer_set("(d0) : (d0 >= 0)")
    assert source[end:] == " >"


# (source, expected (line, column, message)) as mlir-opt-22 reported them for the first
# error in a file holding just `source`.
PREFIX_ERRORS: list[tuple[str, tuple[int, int, str]]] = [
    (
        '"t.op"() {m = affine_map<(d0)\n  -> (d0 + // comment here\n  y)>} : () -> ()\n',
        (2, 11, "use of undeclared identifier"),
    ),
    (
        '"t.op"() {m = affine_map<(d0) -> (d0 +\n\n',
        (2, 1, "missing right operand of binary operator"),
    ),
    (
        '"t.op"() {m = affine_map<(d0) -> (d0 + \n\n  // foo\n   (',
        (4, 4, "expected affine expression"),
    ),
    ('"t.op"() {m = affine_map<(d0) -> (d0', (1, 36, "expected ')' in affine map range")),
    ('"t.op"() {m = affine_map<(d0) -> (d0 ', (1, 37, "expected ')' in affine map range")),
    ('"t.op"() {m = affine_set<(d0) : (d0 >=', (1, 38, "expected affine expression")),
    ('"t.op"() {m = affine_map<', (1, 25, "expected '(' in dimensional identifier list")),
    (
        '"t.op"() {m = affine_map<(d0) -> (d0 floordiv d0\n',
        (
            1,
            38,
            "non-affine expression: right operand of floordiv has to be either a constant "
            "or symbolic",
        ),
    ),
]


def _prefix_error(source: str) -> tuple[int, int, str] | None:
    start = source.index("<") + 1
    try:
        if "affine_set<" in source:
            parse_integer_set_prefix(source, start)
        else:
            parse_affine_map_prefix(source, start)
    except AffineParseError as error:
        line_start = source.rfind("\n", 0, error.offset) + 1
        return source.count("\n", 0, error.offset) + 1, error.offset - line_start + 1, error.message
    return None


@pytest.mark.parametrize(("source", "expected"), PREFIX_ERRORS)
def test_prefix_error_positions(source: str, expected: tuple[int, int, str]) -> None:
    """Errors in a full buffer point where mlir-opt-22 points, across lines and comments."""
    assert _prefix_error(source) == expected


@pytest.mark.mlir
def test_prefix_error_positions_match_mlir_opt(mlir_opt: str) -> None:
    """The recorded prefix-mode error positions are what mlir-opt-22 reports today."""
    for source, expected in PREFIX_ERRORS:
        proc = subprocess.run(
            [mlir_opt, "--allow-unregistered-dialect", "-"],
            input=source,
            capture_output=True,
            text=True,
            check=False,
        )
        match = re.search(r"<stdin>:(\d+):(\d+): error: (.*)", proc.stderr)
        assert match is not None, proc.stderr
        assert (int(match[1]), int(match[2]), match[3]) == expected


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        raise SystemExit("usage: PYTHONPATH=. python tests/unit/ir/test_affine.py --regenerate")
    regenerate_golden()
    print(f"wrote {GOLDEN}")


def test_ssa_id_map_numbers_dims_and_symbols_in_order_of_first_use() -> None:
    """Each SSA name is one dim (or, in `symbol(...)`, one symbol), reused when repeated;
    the names come back dims first, as the op's operands are ordered."""
    source = "[%i, %i * 2 + symbol(%n), symbol(%n) - %j] : memref"
    amap, names, end = parse_ssa_id_map(source, 0)
    assert str(amap) == "affine_map<(d0, d1)[s0] -> (d0, d0 * 2 + s0, -d1 + s0)>"
    assert names == [("i", 1), ("j", 39), ("n", 21)]
    assert source[end:] == " : memref"


def test_ssa_id_map_errors() -> None:
    """Malformed subscripts fail with MLIR's messages and positions."""
    for source, offset, message in (
        ("%i]", 0, "expected '[' in affine map"),
        ("[%i : x", 3, "expected ']' in affine map"),
        ("[symbol(%n]", 10, "expected ')' at end of SSA symbol"),
        ("[%i * %j]", 4, "non-affine expression: at least one of the multiply operands has"),
    ):
        with pytest.raises(AffineParseError) as info:
            parse_ssa_id_map(source, 0)
        assert (info.value.offset, info.value.message[: len(message)]) == (offset, message)
