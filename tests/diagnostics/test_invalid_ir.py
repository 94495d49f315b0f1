"""Diagnostics for malformed textual IR (`tests/corpus/invalid/`), against mlir-opt-22.

Each `NAME.mlir` holds `// -----` sections with one problem each, annotated with
`// expected-error@+1 {{...}}`. odsgen must accept the annotations under
`--verify-diagnostics`, and without it must report, per section, the same first
`file:line:col: error: message` line as mlir-opt-22 (the `NAME.mlir.diag` golden,
made by `tests/corpus/regen.py`). No input may make odsgen print a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from corpus import regen

OdsgenRun = tuple[int, str, str]
RunOdsgen = Callable[[list[str]], OdsgenRun]
ExpectSameText = Callable[..., None]


FILES: list[Path] = regen.invalid_cases()
REGEN_HINT = (
    f"If the oracle's output is what changed, regenerate the goldens: {regen.REGEN_COMMAND}"
)
NO_ERROR = "<no error reported>"


def _golden(case: Path) -> str:
    return case.with_name(case.name + ".diag").read_text(encoding="utf-8")


def _first_error_lines(stderr: str, case: Path) -> str:
    sections = regen.split_sections(case.read_text(encoding="utf-8"))
    lines = regen.first_errors(stderr, case.name, sections)
    return "".join(f"{line if line is not None else NO_ERROR}\n" for line in lines)


def test_invalid_suite_is_complete() -> None:
    """The suite has at least 30 files; every section is annotated and every file has a golden."""
    assert len(FILES) >= 30
    for case in FILES:
        assert case.with_name(case.name + ".diag").is_file(), f"run {regen.REGEN_COMMAND}"
        for section in regen.split_sections(case.read_text(encoding="utf-8")):
            assert "expected-error" in section.text, f"{case.name} section #{section.index}"


@pytest.mark.parametrize("case", FILES, ids=lambda case: case.name)
def test_verify_diagnostics_accepts_annotations(
    case: Path, run_odsgen: RunOdsgen, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`odsgen opt --split-input-file --verify-diagnostics` passes on the annotated file."""
    monkeypatch.chdir(case.parent)
    argv = ["opt", *regen.dialect_flags(case), "--split-input-file", "--verify-diagnostics"]
    code, _out, err = run_odsgen([*argv, case.name])
    assert "Traceback" not in err
    assert code == 0, f"--verify-diagnostics fails on {case.name}:\n{err}"


@pytest.mark.parametrize("case", FILES, ids=lambda case: case.name)
def test_first_error_matches_oracle(
    case: Path,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Per section, odsgen's first error line (file, line, column, message) is mlir-opt-22's."""
    monkeypatch.chdir(case.parent)
    code, out, err = run_odsgen(
        ["opt", *regen.dialect_flags(case), "--split-input-file", case.name]
    )
    assert "Traceback" not in err
    assert code == 1, f"odsgen exits with {code} on {case.name}; stdout:\n{out}"
    hint = f"{REGEN_HINT}\n--- odsgen's stderr ---\n{err}"
    expect_same_text(
        _first_error_lines(err, case), _golden(case), label=f"{case.name}.diag", hint=hint
    )


@pytest.mark.mlir
@pytest.mark.parametrize("case", FILES, ids=lambda case: case.name)
def test_oracle_accepts_annotations(case: Path, mlir_opt: str) -> None:
    """mlir-opt-22 itself passes the file under `--split-input-file --verify-diagnostics`."""
    proc = regen.oracle_verify_diagnostics(case)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.mlir
@pytest.mark.parametrize("case", FILES, ids=lambda case: case.name)
def test_golden_is_oracle_output(
    case: Path, mlir_opt: str, expect_same_text: ExpectSameText
) -> None:
    """The `.diag` golden is still exactly mlir-opt-22's first error line per section."""
    expect_same_text(
        regen.oracle_diag(case), _golden(case), label=f"{case.name}.diag", hint=REGEN_HINT
    )
