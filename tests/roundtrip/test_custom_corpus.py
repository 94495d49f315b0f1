"""The custom-form corpus (`tests/corpus/custom/`) against mlir-opt-22's goldens.

Each `NAME.mlir` is written in the custom syntax of the generated dialects
(`func`, `arith`, `cf`, `builtin`), mixed with generic unregistered ops. Its
goldens are what the oracle prints for it in custom form (`.expected`) and in
generic form (`.generic`); see `tests/corpus/regen.py`. odsgen must print both
exactly, and read its own custom output back to the same text.
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

CASES: list[Path] = regen.custom_cases()
REGEN_HINT = (
    f"If the oracle's output is what changed, regenerate the goldens: {regen.REGEN_COMMAND}"
)


def _golden(case: Path, suffix: str) -> str:
    return case.with_name(case.name + suffix).read_text(encoding="utf-8")


def _args(case: Path, *, generic: bool) -> list[str]:
    flags = ["--print-generic"] if generic else []
    return ["opt", case.name, "--allow-unregistered-dialect", *flags, *regen.extra_flags(case)]


def test_corpus_is_complete() -> None:
    """Every case has both goldens."""
    assert len(CASES) >= 10
    for case in CASES:
        for suffix in (".expected", ".generic"):
            golden = case.with_name(case.name + suffix)
            assert golden.is_file(), f"{golden.name} is missing; run {regen.REGEN_COMMAND}"


@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_odsgen_prints_golden(
    case: Path,
    generic: bool,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """odsgen reads the custom form and prints it as mlir-opt-22 does, in either form."""
    monkeypatch.chdir(case.parent)
    code, out, err = run_odsgen(_args(case, generic=generic))
    assert "Traceback" not in err
    assert code == 0, f"odsgen rejects {case.name}:\n{err}"
    suffix = ".generic" if generic else ".expected"
    expect_same_text(out, _golden(case, suffix), label=case.name + suffix, hint=REGEN_HINT)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_custom_golden_is_a_fixpoint(
    case: Path,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """odsgen reads its (and mlir-opt's) custom output and prints it unchanged."""
    shutil.copyfile(case.with_name(case.name + ".expected"), tmp_path / case.name)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_odsgen(_args(case, generic=False))
    assert code == 0, f"odsgen rejects the golden of {case.name}:\n{err}"
    expect_same_text(out, _golden(case, ".expected"), label=f"{case.name}.expected")


@pytest.mark.mlir
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_golden_is_oracle_output(
    case: Path, generic: bool, mlir_opt: str, expect_same_text: ExpectSameText
) -> None:
    """The goldens are still exactly what mlir-opt-22 prints."""
    suffix = ".generic" if generic else ".expected"
    expect_same_text(
        regen.oracle_custom(case, generic=generic),
        _golden(case, suffix),
        label=case.name + suffix,
        hint=REGEN_HINT,
    )
