"""Bounded fuzzing of the TableGen front end: mutated `.td` inputs give diagnostics only.

Seeds are the feature cases of `tests/tablegen/cases/` and the base library; each
example applies a few byte-level edits or inserts TableGen punctuation, then parses
and evaluates the result. Anything but `TableGenError` escaping is a bug.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.tablegen import TableGenError, dump_json, load_records

ROOT = Path(__file__).resolve().parents[2]
SEEDS = [
    p.read_text(encoding="utf-8")
    for p in sorted((ROOT / "tests" / "tablegen" / "cases").glob("*.td"))
    if p.stat().st_size < 6000
]
TOKENS = [
    "<",
    ">",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ";",
    ",",
    ":",
    "=",
    "#",
    "!",
    "$",
    '"',
    "[{",
    "}]",
    "def",
    "class",
    "let",
    "in",
    "defm",
    "multiclass",
    "foreach",
    "if",
    "then",
    "else",
    "!add(",
    "!cast<",
    "!if(",
    "!strconcat(",
    "?",
    "...",
    "0x",
    "bits<",
    "list<",
    "dag",
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A seed with a few random edits."""
    text = SEEDS[draw(st.integers(0, len(SEEDS) - 1))]
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, max(len(text) - 1, 0)))
        kind = draw(st.integers(0, 2))
        if kind == 0:
            text = text[:pos] + text[pos + draw(st.integers(1, 30)) :]
        elif kind == 1:
            text = text[:pos] + draw(st.sampled_from(TOKENS)) + text[pos:]
        else:
            other = SEEDS[draw(st.integers(0, len(SEEDS) - 1))]
            cut = draw(st.integers(0, max(len(other) - 1, 0)))
            text = text[:pos] + other[cut : cut + draw(st.integers(1, 80))] + text[pos:]
    return text


def test_there_are_seeds() -> None:
    """The feature cases exist to mutate."""
    assert len(SEEDS) >= 4


@pytest.mark.fuzz
@settings(
    max_examples=2500,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_front_end_only_raises_diagnostics(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    """Parsing and evaluating a mutated spec raises nothing but TableGenError."""
    path = tmp_path_factory.mktemp("fuzz") / "case.td"
    path.write_text(text, encoding="utf-8")
    diagnostics = None
    try:
        dump_json(load_records(path, [ROOT / "opdefs" / "include"]))
    except TableGenError as e:
        diagnostics = e.diagnostics
    except RecursionError:
        pytest.fail("deep nesting must be a diagnostic, not a RecursionError")
    if diagnostics is not None:
        assert diagnostics
        assert diagnostics[0].loc is not None
