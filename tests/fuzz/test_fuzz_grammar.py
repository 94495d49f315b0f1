"""The grammar-aware fuzzer (`tests/fuzz/grammar.py`), a few hundred of its cases.

`make fuzz` runs 10,000; here each chunk runs a fixed range of case numbers, so a
failure names cases that reproduce with `python tests/fuzz/grammar.py --first N`.
"""

from __future__ import annotations

import pytest
from fuzz.grammar import MUTATIONS, corpus_texts, make_case, run

CHUNK = 100


def test_cases_are_reproducible_and_mutated() -> None:
    """A case number always gives the same input, and the input differs from its seed."""
    seeds = corpus_texts()
    first = make_case(7, seeds)
    assert make_case(7, seeds) == first
    assert first.data.decode("utf-8", "replace") not in seeds
    applied = {name for n in range(200) for name in make_case(n, seeds).mutations}
    assert applied >= {m.__name__ for m in MUTATIONS}


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_grammar_mutations_give_output_or_a_located_diagnostic(chunk: int) -> None:
    """Every case exits 0 with output that reads back, or 1 with a located diagnostic."""
    summary = run(CHUNK, first=chunk * CHUNK)
    assert summary.cases == CHUNK
    report = "\n\n".join(
        f"case {case.number} {case.flags} {case.mutations}: {outcome.finding}\n"
        f"{outcome.stderr[:1500]}"
        for case, outcome in summary.findings
    )
    assert not summary.findings, report
    # The mutations reach both outcomes: not everything is rejected at the first token.
    assert summary.accepted > 0
    assert summary.rejected > 0
