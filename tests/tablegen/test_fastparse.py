"""The hand-written parser builds exactly what the lark parser builds, or gives up.

`parse_text` tries `fastparse` first and falls back to the lark parser (which
reports syntax errors). So on every text either both parsers give equal syntax
trees (offsets included) or the fast one refuses it; it must never accept a text
the lark parser rejects. Checked on the `.td` files of MLIR, LLVM and this
repository (a fourth of LLVM's unless `ODSGEN_TABLEGEN_ALL=1`), on the syntax-error
catalogue, and on seeded mutations of the case files.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from generator.ir.source import SourceFile
from generator.tablegen.fastparse import Unsupported, parse_fast
from generator.tablegen.parser import SYNTAX_ERRORS, TableGenError, parse_lark, preprocess

ROOT = Path(__file__).resolve().parents[2]
LLVM_INCLUDE = Path("/usr/lib/llvm-22/include")
CASES = Path(__file__).resolve().parent / "cases"
#: Seeded mutations per run (a few seconds).
MUTATIONS = 1000


def _agree(name: str, text: str) -> str:
    """'same', 'refused' (fast gives up) or 'both reject'; fails on a disagreement."""
    source = SourceFile(name, text)
    try:
        pre = preprocess(source, set())
    except TableGenError:
        return "both reject"
    try:
        fast = parse_fast(source, pre)
    except Unsupported:
        fast = None
    try:
        reference = parse_lark(source, pre)
    except TableGenError:
        reference = None
    if fast is None:
        return "refused" if reference is not None else "both reject"
    assert reference is not None, f"the fast parser accepts what lark rejects: {text[:200]!r}"
    assert fast.stmts == reference.stmts, f"different syntax trees for {name}"
    return "same"


def _td_files() -> list[Path]:
    """This repository's `.td` files and LLVM's: every fourth of those, or all of them
    with `ODSGEN_TABLEGEN_ALL=1` (as `make test-tablegen` runs it)."""
    ours = [p for r in (ROOT / "opdefs", CASES) for p in sorted(r.rglob("*.td"))]
    roots = [LLVM_INCLUDE / "mlir", LLVM_INCLUDE / "llvm"]
    llvm = [p for r in roots if r.is_dir() for p in sorted(r.rglob("*.td"))]
    return ours + (llvm if os.environ.get("ODSGEN_TABLEGEN_ALL") == "1" else llvm[::4])


def test_every_td_file_parses_alike() -> None:
    """Every `.td` file at hand gets the same syntax tree from both parsers."""
    files = _td_files()
    outcomes = [_agree(str(p), p.read_text(encoding="utf-8")) for p in files]
    refused = [str(p) for p, o in zip(files, outcomes, strict=True) if o == "refused"]
    assert refused == [], "the fast parser should read these well-formed files"
    assert outcomes.count("same") >= len(list(CASES.glob("*.td")))


@pytest.mark.parametrize(
    "sample", [s for samples in SYNTAX_ERRORS.values() for s in samples], ids=repr
)
def test_syntax_error_sample_is_refused(sample: str) -> None:
    """The samples of the error catalogue are left to the lark parser."""
    assert _agree("sample.td", sample) == "both reject"


_TOKEN = re.compile(r'\[\{[\s\S]*?\}\]|"(?:[^"\\\n]|\\.)*"|[+-]?\w+|\$\w+|![a-z]+|\.\.\.|\S')
_INSERTS = "# in then { } < > , ; - ... [ ] ? 1 -1 x def let field : = . $a !if !cond ( )"


def test_mutated_cases_agree() -> None:
    """Seeded token deletions, duplications and replacements in the case files."""
    rng = random.Random(20261126)
    texts = [
        re.sub(r"//[^\n]*|/\*[\s\S]*?\*/|^\s*#.*$", " ", p.read_text(encoding="utf-8"), flags=re.M)
        for p in sorted(CASES.glob("*.td"))
    ]
    counts: dict[str, int] = {}
    for _ in range(MUTATIONS):
        tokens = _TOKEN.findall(rng.choice(texts))
        k = rng.randrange(len(tokens))
        how = rng.randrange(3)
        if how == 0:
            del tokens[k]
        elif how == 1:
            tokens.insert(k, rng.choice(tokens))
        else:
            tokens[k] = rng.choice(_INSERTS.split())
        outcome = _agree("mutated.td", " ".join(tokens))
        counts[outcome] = counts.get(outcome, 0) + 1
    # Both kinds of text are exercised: well-formed ones and errors.
    assert counts.get("same", 0) > MUTATIONS // 40
    assert counts.get("both reject", 0) > MUTATIONS // 10
