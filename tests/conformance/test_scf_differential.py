"""Random `scf` programs against mlir-opt-22: custom and generic form, and diagnostics.

The programs (`conformance.scf_programs.program`) nest every op of the scf
dialect, with loop-carried values, results, implicit and explicit terminators,
mixed with `arith`, `func`, `cf`, `memref` and `tensor` ops. mlir-opt-22 must
accept at least 95% of them; for each accepted program odsgen must print the
custom and the generic form byte for byte as mlir-opt does, reading the program
as written.

The invalid programs (`conformance.scf_programs.invalid_program`) each break one
check of one op (a verifier, a trait, a region constraint, the custom syntax, an
argument already in use); odsgen's first error must be mlir-opt-22's first error,
location included, for at least 95% of them. Each test prints its counts
(generated / accepted / identical).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from conformance.scf_programs import INVALID, invalid_program, program

from generator.cli import main

MLIR_OPT = shutil.which("mlir-opt-22")
pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261126
CASES = 120
INVALID_CASES = 2 * len(INVALID)
MIN_SHARE = 0.95
OPS = [
    "scf.condition", "scf.execute_region", "scf.for", "scf.forall", "scf.forall.in_parallel",
    "scf.if", "scf.index_switch", "scf.parallel", "scf.reduce", "scf.reduce.return",
    "scf.while", "scf.yield",
]  # fmt: skip


@dataclass(frozen=True)
class Case:
    """A program and mlir-opt-22's custom and generic output (None when it rejects it)."""

    seed: int
    text: str
    custom: str | None
    generic: str | None


def _mlir_opt(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    assert MLIR_OPT is not None
    return subprocess.run(
        [MLIR_OPT, "-", *args], input=text, capture_output=True, text=True, check=False
    )


def _oracle(seed: int) -> Case:
    text = program(seed)
    custom = _mlir_opt(text)
    generic = _mlir_opt(text, "--mlir-print-op-generic")
    if custom.returncode or generic.returncode:
        return Case(seed, text, None, None)
    return Case(seed, text, custom.stdout, generic.stdout)


@cache
def cases() -> tuple[Case, ...]:
    """Every program with mlir-opt-22's output (deterministic for `SEED`)."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return tuple(pool.map(_oracle, range(SEED, SEED + CASES)))


def _odsgen(text: str, tmp: Path, *args: str) -> tuple[int, str, str]:
    """What `odsgen opt` (run in process) prints for `text`: exit code, output, errors."""
    source, output = tmp / "input.mlir", tmp / "output.mlir"
    source.write_text(text, encoding="utf-8")
    output.unlink(missing_ok=True)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            code = main(["opt", str(source), "-o", str(output), *args])
    except Exception as e:  # a crash is reported like any other mismatch
        return 1, "", f"<odsgen raised {type(e).__name__}: {e}>"
    out = output.read_text(encoding="utf-8") if output.exists() else ""
    return code, out, err.getvalue().replace(str(source), "<stdin>")


def test_programs_are_valid_and_cover_scf() -> None:
    """mlir-opt-22 accepts at least 95% of the programs, which use every scf op."""
    accepted = [c for c in cases() if c.custom is not None]
    print(f"\nscf programs: {CASES} generated, {len(accepted)} accepted by mlir-opt-22")
    assert len(accepted) >= MIN_SHARE * CASES
    generic = "".join(c.generic or "" for c in accepted)
    custom = "".join(c.custom or "" for c in accepted)
    missing = [op for op in OPS if f'"{op}"' not in generic]
    forms = [
        "scf.for unsigned", " : i32 {", "iter_args(", "} else {", "no_inline", "case ",
        "default {", " init (", "scf.reduce(", "shared_outs(", ") in (", ") step (",
        "scf.forall.in_parallel {", "cf.cond_br", " do {", "scf.index_switch",
    ]  # fmt: skip
    missing += [form for form in forms if form not in custom]
    assert not missing, f"never produced: {missing}"


def test_odsgen_prints_what_mlir_opt_prints(tmp_path: Path) -> None:
    """odsgen reads each accepted program and prints it, custom and generic, exactly as
    mlir-opt-22 does."""
    accepted = [c for c in cases() if c.custom is not None]
    failures: list[str] = []
    identical = 0
    for case in accepted:
        ok = True
        for args, expected in (((), case.custom), (("--print-generic",), case.generic)):
            code, out, err = _odsgen(case.text, tmp_path, *args)
            if code != 0 or out != expected:
                ok = False
                failures.append(f"seed {case.seed} {args}: {err.strip()[:300] or 'differs'}")
        identical += ok
    print(
        f"\nscf programs: {CASES} generated, {len(accepted)} accepted, "
        f"{identical} identical in custom and generic form"
    )
    assert not failures, "\n".join(failures[:5])


def _first_error(stderr: str) -> str:
    return next((line for line in stderr.splitlines() if "error:" in line), "")


@cache
def _invalid_cases() -> tuple[tuple[int, str, str, str], ...]:
    """(seed, what is broken, the program, mlir-opt-22's first error) for each case."""

    def run(seed: int) -> tuple[int, str, str, str]:
        what, text = invalid_program(seed)
        return seed, what, text, _first_error(_mlir_opt(text).stderr)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return tuple(pool.map(run, range(INVALID_CASES)))


def test_invalid_programs_get_mlir_opts_first_error(tmp_path: Path) -> None:
    """Each broken op gets mlir-opt-22's first error, at the same place, in at least 95% of
    the cases."""
    rejected = [c for c in _invalid_cases() if c[3]]
    assert len(rejected) == INVALID_CASES, "mlir-opt-22 accepts an invalid program"
    mismatches: list[str] = []
    for seed, what, text, expected in rejected:
        _, _, err = _odsgen(text, tmp_path)
        assert "Traceback" not in err, err
        assert "<odsgen raised" not in err, err
        got = _first_error(err)
        if got != expected:
            mismatches.append(f"{seed} ({what}):\n  mlir-opt: {expected}\n  odsgen:   {got}")
    same = len(rejected) - len(mismatches)
    print(
        f"\ninvalid scf programs: {INVALID_CASES} generated, {len(rejected)} rejected by "
        f"mlir-opt-22, {same} with the same first error"
    )
    assert same >= MIN_SHARE * len(rejected), "\n".join(mismatches[:5])
