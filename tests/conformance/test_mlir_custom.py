"""The upstream MLIR conformance files in custom form, and their expected diagnostics.

Valid files (`Arith/ops.mlir`, `MLProgram/ops.mlir`, ...; read in place from
`../shared/conformance/mlir/`): each `// -----` section, as written, is read by
odsgen and must print exactly what mlir-opt-22 prints for it, in custom form and,
with `--print-generic`, in generic form. As in `test_mlir_generic.py`, a section
the oracle rejects (MLIR 22 lacks the syntax of one of its cases) is tried one
top-level operation at a time, and what the oracle rejects is skipped with the
count in the reason.

Files of invalid programs (`*/invalid.mlir`): each section must pass
`odsgen opt --split-input-file --verify-diagnostics` (with the file's RUN-line
flags) wherever it passes mlir-opt-22's. Known failures go in `tests/xfail.py`.
"""

from __future__ import annotations

import functools
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from conformance.test_mlir_generic import (
    ABSENT,
    CONFORMANCE_DIR,
    OUTPUT_SEPARATOR,
    split_pieces,
)
from corpus import regen

OdsgenRun = tuple[int, str, str]
RunOdsgen = Callable[[list[str]], OdsgenRun]
ExpectSameText = Callable[..., None]

# Upstream's `SCF/` files (`mlir/test/Dialect/SCF/`) are read when the shared
# conformance folder has them; a file it does not have is not a case.
VALID_FILES = (
    "Arith/ops.mlir",
    "Arith/canonicalize.partial.mlir",
    "MLProgram/ops.mlir",
    "SCF/ops.mlir",
)
INVALID_FILES = ("Arith/invalid.mlir", "MLProgram/invalid.mlir", "SCF/invalid.mlir")
FLAGS = ["--allow-unregistered-dialect"]


def _present(rels: tuple[str, ...]) -> list[str]:
    return [rel for rel in rels if (CONFORMANCE_DIR / rel).is_file()]


def _sections(rel: str) -> list[regen.Section]:
    return regen.split_sections((CONFORMANCE_DIR / rel).read_text(encoding="utf-8"))


def _cases(rel: str) -> list[tuple[str, int, int | None]]:
    """(file, section, piece) for every section, and every piece of a several-op section."""
    out: list[tuple[str, int, int | None]] = []
    for section in _sections(rel):
        out.append((rel, section.index, None))
        pieces = split_pieces(section.text, section.first_line)
        if len(pieces) >= 2:
            out.extend((rel, section.index, piece.index) for piece in pieces)
    return out


def _case_id(case: tuple[str, int, int | None]) -> str:
    rel, section, piece = case
    return f"{rel}#{section}" + ("" if piece is None else f"/{piece}")


def _valid_params() -> list[object]:
    cases = [case for rel in _present(VALID_FILES) for case in _cases(rel)]
    if not cases:
        return [pytest.param(("", 0, None), id="unavailable", marks=pytest.mark.skip(ABSENT))]
    return [pytest.param(case, id=_case_id(case)) for case in cases]


def _text(case: tuple[str, int, int | None]) -> str:
    rel, section_index, piece_index = case
    section = _sections(rel)[section_index]
    if piece_index is None:
        return section.text
    return split_pieces(section.text, section.first_line)[piece_index].text


@functools.cache
def _oracle(text: str, generic: bool) -> str | None:
    """What mlir-opt-22 prints for a program; None when it rejects it."""
    args = [regen.ORACLE, *FLAGS, "-"]
    if generic:
        args.insert(1, "--mlir-print-op-generic")
    proc = subprocess.run(args, input=text.encode("utf-8"), capture_output=True, check=False)
    if proc.returncode != 0:
        return None
    return proc.stdout.decode("utf-8")


@pytest.mark.mlir
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
@pytest.mark.parametrize("case", _valid_params())
def test_section_prints_as_mlir_does(
    case: tuple[str, int, int | None],
    generic: bool,
    mlir_opt: str,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    tmp_path: Path,
) -> None:
    """odsgen reads the section as written and prints what mlir-opt-22 prints for it."""
    rel, section_index, piece_index = case
    if piece_index is not None and _oracle(_text((rel, section_index, None)), generic):
        pytest.skip(f"the whole section is accepted and tested as {rel}#{section_index}")
    text = _text(case)
    expected = _oracle(text, generic)
    if expected is None:
        pytest.skip(f"{regen.ORACLE} rejects {_case_id(case)}")
    source = tmp_path / "input.mlir"
    source.write_bytes(text.encode("utf-8"))
    args = ["opt", str(source), *FLAGS, *(["--print-generic"] if generic else [])]
    code, out, err = run_odsgen(args)
    assert "Traceback" not in err
    assert code == 0, f"odsgen rejects {_case_id(case)}:\n{err}"
    # mlir-opt named its input `-`; odsgen names the file it read.
    out = out.replace(str(source), "-")
    expect_same_text(out, expected, label=_case_id(case))


def _invalid_params() -> list[object]:
    cases = [(rel, s.index) for rel in _present(INVALID_FILES) for s in _sections(rel)]
    if not cases:
        return [pytest.param("", 0, id="unavailable", marks=pytest.mark.skip(ABSENT))]
    return [pytest.param(rel, index, id=f"{rel}#{index}") for rel, index in cases]


@pytest.mark.mlir
@pytest.mark.parametrize(("rel", "section_index"), _invalid_params())
def test_expected_diagnostics(
    rel: str, section_index: int, mlir_opt: str, run_odsgen: RunOdsgen, tmp_path: Path
) -> None:
    """The section's `expected-error` annotations hold for odsgen as they do for mlir-opt-22."""
    section = _sections(rel)[section_index]
    # Keep the line numbers of the file, so annotations and messages say the same lines.
    text = "\n" * (section.first_line - 1) + section.text
    source = tmp_path / Path(rel).name
    source.write_bytes(text.encode("utf-8"))
    args = [*FLAGS, "--verify-diagnostics", str(source)]
    oracle = subprocess.run([regen.ORACLE, *args], capture_output=True, check=False)
    if oracle.returncode != 0:
        pytest.skip(f"{regen.ORACLE} --verify-diagnostics fails on {rel}#{section_index}")
    code, _, err = run_odsgen(["opt", *args])
    assert "Traceback" not in err
    assert code == 0, f"odsgen --verify-diagnostics fails on {rel}#{section_index}:\n{err}"


def test_separator_pattern_is_shared() -> None:
    """The output separator both conformance tests cut mlir-opt's output at."""
    assert OUTPUT_SEPARATOR.split("a\n// -----\nb") == ["a\n", "b"]
