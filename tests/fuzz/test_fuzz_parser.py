"""Bounded fuzzing of the textual-IR parser: no input may produce anything but a diagnostic.

Inputs are mutations of the corpus (`tests/corpus/generic` and the sections of
`tests/corpus/invalid`): character flips, deletions, duplications, splices of two
cases, and insertions of MLIR punctuation and keywords. Each input goes through
parse, verify and print in-process, and the printed text is read back; only
`DiagnosticError` may escape. A few inputs also go through the
`odsgen opt` command, which must answer with exit code 0 or 1 and no traceback.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generated
from generator.ir.diagnostics import DiagnosticError
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.source import SourceFile
from generator.ir.verifier import verify

OdsgenRun = tuple[int, str, str]
RunOdsgen = Callable[[list[str]], OdsgenRun]

CORPUS_DIR = Path(__file__).resolve().parents[1] / "corpus"
SPLIT_MARKER = "// -----"

TOKENS = [
    '"', "{", "}", "(", ")", "[", "]", "<", ">", "<{", "}>", "%0", "%0#1", "%arg0", "^bb1", "^bb0(",
    ":", "->", ",", "=", "0x", "0x7FC00000", "-", "1.5e", "dense<", "sparse<", "array<i32:",
    "affine_map<(d0) -> (d0)>", "loc(", "#map", "!foo.t<", "#foo<", "@", "@a::@b", "tensor<?x",
    "vector<[4]x", "memref<*x", "i1", "f8E4M3FN", "complex<", "tuple<", "\\", "\\0A", "//", "\n",
    "{-#", "#-}", "dense_resource<", "distinct[0]<", '"builtin.module"() ({', "i16777216",
]  # fmt: skip


def _seed_texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted((CORPUS_DIR / "generic").glob("*.mlir"))]
    for path in sorted((CORPUS_DIR / "invalid").glob("*.mlir")):
        texts.extend(
            chunk for chunk in path.read_text(encoding="utf-8").split(SPLIT_MARKER) if chunk.strip()
        )
    return texts


SEEDS = _seed_texts()
#: Characters a flip writes: mostly MLIR punctuation, plus non-ASCII text.
CHARS = '(){}[]<>"%^#!@:,=-x?*0123456789abcfiuxz \n\\\xe9\u2200'


def _mutate(text: str, kind: int, where: float, length: int, pick: int) -> str:
    """Apply one mutation to `text`: `where` places it, `pick` chooses what is inserted.

    Kinds: 0 flips a character, 1 deletes a span, 2 duplicates a span, 3 splices in
    the tail of another corpus text, 4 inserts a token.
    """
    pos = int(where * len(text))
    end = min(len(text), pos + length)
    if kind == 0 and text:
        pos = min(pos, len(text) - 1)
        return text[:pos] + CHARS[pick % len(CHARS)] + text[pos + 1 :]
    if kind == 1:
        return text[:pos] + text[end:]
    if kind == 2:
        return text[:end] + text[pos:end] + text[end:]
    if kind == 3:
        other = SEEDS[pick % len(SEEDS)]
        return text[:pos] + other[int(where * len(other)) :]
    return text[:pos] + TOKENS[pick % len(TOKENS)] + text[pos:]


MUTATION = st.tuples(
    st.integers(0, 4),
    st.floats(0.0, 1.0, allow_nan=False),
    st.integers(1, 40),
    st.integers(0, 10_000),
)


@st.composite
def mutated_inputs(draw: st.DrawFn) -> str:
    """A corpus text (or a splice of two) with one to four mutations."""
    text = SEEDS[draw(st.integers(0, len(SEEDS) - 1))]
    for kind, where, length, pick in draw(st.lists(MUTATION, min_size=1, max_size=4)):
        text = _mutate(text, kind, where, length, pick)
    return text


def mutated_input(rng: random.Random) -> str:
    """A mutated corpus text chosen by `rng`, for the few runs of the command itself."""
    text = rng.choice(SEEDS)
    for _ in range(rng.randrange(1, 5)):
        text = _mutate(
            text, rng.randrange(5), rng.random(), rng.randrange(1, 41), rng.randrange(10_000)
        )
    return text


def test_fuzz_seeds_exist() -> None:
    """The fuzzer has corpus texts to mutate."""
    assert len(SEEDS) >= 60


@pytest.mark.fuzz
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(mutated_inputs())
def test_parse_verify_print_only_raise_diagnostics(text: str) -> None:
    """Parse, verify and print of a mutated corpus input raise nothing but DiagnosticError."""
    ctx = generated.context(allow_unregistered_dialects=True)
    try:
        op = parse_source(SourceFile("fuzz.mlir", text), ctx)
        verify(op, ctx)
    except DiagnosticError:
        return
    printed = print_operation(op, generic=True)
    # Reading the printer's output back may report a diagnostic, but nothing else.
    again = generated.context(allow_unregistered_dialects=True)
    with contextlib.suppress(DiagnosticError):
        verify(parse_source(SourceFile("printed.mlir", printed), again), again)


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize(
    "flags",
    [
        [],
        ["--split-input-file"],
        ["--split-input-file", "--verify-diagnostics"],
        ["--mlir-print-debuginfo"],
    ],
    ids=["plain", "split", "verify", "debuginfo"],
)
def test_opt_command_never_lets_a_traceback_out(
    seed: int, flags: list[str], run_odsgen: RunOdsgen, tmp_path: Path
) -> None:
    """`odsgen opt` on mutated input exits with 0 or 1 and prints no traceback."""
    source = tmp_path / "fuzz.mlir"
    source.write_text(mutated_input(random.Random(seed)), encoding="utf-8")
    code, _out, err = run_odsgen(
        ["opt", str(source), "--allow-unregistered-dialect", "--print-generic", *flags]
    )
    assert code in (0, 1)
    assert "Traceback" not in err
    if code == 1:
        assert "error" in err
