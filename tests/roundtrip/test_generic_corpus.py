"""Round trips of the generic-form corpus (`tests/corpus/generic/`) against mlir-opt-22's goldens.

Each `NAME.mlir` has a golden `NAME.mlir.expected` made by the oracle (see
`tests/corpus/regen.py`). odsgen must print the case exactly as the golden says,
the golden must still be what the oracle prints (when it is installed), and the
golden itself must go through odsgen unchanged.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from corpus import regen

OdsgenRun = tuple[int, str, str]
RunOdsgen = Callable[[list[str]], OdsgenRun]
ExpectSameText = Callable[..., None]


CASES: list[Path] = regen.generic_cases()
REGEN_HINT = (
    f"If the oracle's output is what changed, regenerate the goldens: {regen.REGEN_COMMAND}"
)


def _golden(case: Path) -> str:
    return case.with_name(case.name + ".expected").read_text(encoding="utf-8")


def _odsgen_args(case_name: str, case: Path) -> list[str]:
    return [
        "opt",
        case_name,
        "--allow-unregistered-dialect",
        "--print-generic",
        *regen.extra_flags(case),
    ]


def test_corpus_is_complete() -> None:
    """The corpus holds at least 60 cases and every case has a golden."""
    assert len(CASES) >= 60
    missing = [c.name for c in CASES if not c.with_name(c.name + ".expected").is_file()]
    assert not missing, f"cases without a golden: {missing}; run {regen.REGEN_COMMAND}"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_odsgen_prints_golden(
    case: Path,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """odsgen prints the case in generic form exactly as mlir-opt-22 does."""
    # Run where the oracle ran, on the bare name: file names are part of the output.
    monkeypatch.chdir(case.parent)
    code, out, err = run_odsgen(_odsgen_args(case.name, case))
    assert "Traceback" not in err
    assert code == 0, f"odsgen rejects {case.name}:\n{err}"
    expect_same_text(out, _golden(case), label=case.name, hint=REGEN_HINT)


@pytest.mark.mlir
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_golden_is_oracle_output(
    case: Path, mlir_opt: str, expect_same_text: ExpectSameText
) -> None:
    """The golden is still exactly what mlir-opt-22 prints for the case."""
    expect_same_text(regen.oracle_generic(case), _golden(case), label=case.name, hint=REGEN_HINT)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_golden_is_a_fixpoint(
    case: Path,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Feeding the golden back through odsgen prints it unchanged."""
    # Same file name as the case, so default locations would name the same file.
    shutil.copyfile(case.with_name(case.name + ".expected"), tmp_path / case.name)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_odsgen(_odsgen_args(case.name, case))
    assert "Traceback" not in err
    assert code == 0, f"odsgen rejects the golden of {case.name}:\n{err}"
    expect_same_text(out, _golden(case), label=f"{case.name}.expected", hint=REGEN_HINT)


@pytest.mark.mlir
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_golden_is_oracle_fixpoint(
    case: Path, mlir_opt: str, expect_same_text: ExpectSameText, tmp_path: Path
) -> None:
    """mlir-opt-22 itself prints the golden unchanged, so the fixpoint test asks nothing more of odsgen."""
    shutil.copyfile(case.with_name(case.name + ".expected"), tmp_path / case.name)
    proc = regen.run_oracle(regen.generic_oracle_args(case), tmp_path)
    assert proc.returncode == 0, proc.stderr
    expect_same_text(proc.stdout, _golden(case), label=f"{case.name}.expected")
