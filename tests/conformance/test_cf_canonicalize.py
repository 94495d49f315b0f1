"""Random `cf` programs through `--canonicalize`, against mlir-opt-22.

The programs are those of `conformance.cf_programs`: functions of branching blocks
with `cf.br`, `cf.cond_br`, `cf.switch` and `cf.assert`, shaped so that MLIR's cf
patterns (`generator.ir.dialects.cf_rewrites`) and region simplification (unreachable
blocks, dead block arguments and the values only they kept) have work: constant
conditions and flags, repeated conditions and flags, identical successors,
pass-through blocks, blocks with one predecessor, cases that repeat the default,
assertions of `true`, unused block arguments and loop-carried values.

`odsgen opt --canonicalize` must print at least 95% of the programs exactly as
`mlir-opt-22 --canonicalize` does. The counts are printed.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from conformance.cf_programs import program

from generator.cli import main

MLIR_OPT = shutil.which("mlir-opt-22")
pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261128
PROGRAMS = 200
MIN_IDENTICAL = 0.95


def _theirs(seed: int, *args: str) -> str | None:
    assert MLIR_OPT is not None
    proc = subprocess.run(
        [MLIR_OPT, "-", *args],
        input=program(seed),
        capture_output=True,
        text=True,
        check=False,
    )
    return proc.stdout if proc.returncode == 0 else None


@cache
def _plain() -> tuple[str | None, ...]:
    """mlir-opt-22's output without canonicalization, to see that the patterns work."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return tuple(pool.map(_theirs, range(SEED, SEED + PROGRAMS)))


@cache
def _expected() -> tuple[str | None, ...]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        return tuple(pool.map(lambda s: _theirs(s, "--canonicalize"), range(SEED, SEED + PROGRAMS)))


def _ours(seed: int, tmp: Path) -> str:
    source, output = tmp / "input.mlir", tmp / "output.mlir"
    source.write_text(program(seed), encoding="utf-8")
    output.unlink(missing_ok=True)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            code = main(["opt", str(source), "--canonicalize", "-o", str(output)])
    except Exception as e:  # a crash is a mismatch, reported with its message
        return f"<odsgen raised {type(e).__name__}: {e}>"
    if code != 0:
        return f"<odsgen exited with {code}>\n{err.getvalue()}"
    return output.read_text(encoding="utf-8")


def test_canonicalize_matches_mlir_opt(tmp_path: Path) -> None:
    """odsgen canonicalizes at least 95% of the programs exactly as mlir-opt-22 does."""
    expected = _expected()
    accepted = [(SEED + i, e) for i, e in enumerate(expected) if e is not None]
    assert len(accepted) >= MIN_IDENTICAL * PROGRAMS, "mlir-opt-22 rejects the programs"
    differing: list[str] = []
    for seed, text in accepted:
        ours = _ours(seed, tmp_path)
        assert not ours.startswith("<odsgen raised"), f"seed {seed}: {ours}"
        if ours != text:
            differing.append(f"seed {seed}")
    identical = len(accepted) - len(differing)
    print(
        f"\ncf canonicalization: {PROGRAMS} generated, {len(accepted)} accepted by "
        f"mlir-opt-22, {identical} identical"
    )
    assert identical >= MIN_IDENTICAL * len(accepted), ", ".join(differing[:10])
    # The patterns have work to do: canonicalization leaves fewer lines in most programs.
    plain = _plain()
    fewer = sum(t.count("\n") < (plain[s - SEED] or "").count("\n") for s, t in accepted)
    assert fewer > len(accepted) // 2
