"""Differential round trips of the upstream MLIR conformance files in generic form.

For every `../shared/conformance/mlir/**/*.mlir` (read in place), each `// -----`
section is cut exactly as mlir-opt's `--split-input-file` cuts it. mlir-opt-22
runs once per file with `--split-input-file --allow-unregistered-dialect
--mlir-print-op-generic`; its output is cut back into sections at the `// -----`
lines it prints between them (a section it rejects prints nothing). For each
section the oracle accepts, odsgen must print the oracle's generic output back
unchanged; `test_oracle_output_is_a_fixpoint` checks that the oracle does the same.

Upstream files mix a few cases in syntax MLIR 22 lacks with many it has, and
some have no `// -----` markers at all (`Arith/ops.mlir`), so one such case would
hide the whole file. A rejected section is therefore also tried one top-level
operation at a time ("pieces", ids `FILE#SECTION/PIECE`); pieces of a section the
oracle accepts whole are skipped as covered. Sections and pieces the oracle
rejects are skipped with the count in the reason. Known failures go in
`tests/xfail.py`.
"""

from __future__ import annotations

import functools
import itertools
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus import regen

OdsgenRun = tuple[int, str, str]
RunOdsgen = Callable[[list[str]], OdsgenRun]
ExpectSameText = Callable[..., None]

TESTS_DIR = Path(__file__).resolve().parents[1]
SHARED_DIR = TESTS_DIR.parent.parent / "shared"
CONFORMANCE_DIR = SHARED_DIR / "conformance" / "mlir"
ORACLE_ARGS = ["--allow-unregistered-dialect", "--mlir-print-op-generic", "--split-input-file"]
#: The line mlir-opt prints between the outputs of two sections.
OUTPUT_SEPARATOR = re.compile(r"^// -----\n", re.MULTILINE)
#: A top-level operation starts a line in column 1; comments and closing brackets do not.
TOP_LEVEL_START = re.compile(r"^(?![\s}\])]|//)", re.MULTILINE)


@dataclass(frozen=True)
class Piece:
    """One top-level operation of a section, with the line it starts on in the file."""

    index: int
    line: int
    text: str


def split_pieces(section_text: str, first_line: int) -> list[Piece]:
    """Cut a section into its top-level operations (each with what follows it up to the next)."""
    starts = [
        m.start() for m in TOP_LEVEL_START.finditer(section_text) if m.start() < len(section_text)
    ]
    if not starts:
        return []
    # Whatever precedes the first operation (comments, the rest of the marker line) goes with it.
    starts[0] = 0
    bounds = [*starts, len(section_text)]
    return [
        Piece(i, first_line + section_text.count("\n", 0, start), section_text[start:end])
        for i, (start, end) in enumerate(itertools.pairwise(bounds))
    ]


def _conformance_files() -> list[Path]:
    return sorted(CONFORMANCE_DIR.rglob("*.mlir")) if CONFORMANCE_DIR.is_dir() else []


def _rel(path: Path) -> str:
    return path.relative_to(CONFORMANCE_DIR).as_posix()


def _unavailable(reason: str, arity: int) -> list[object]:
    """A single skipped parameter set, so the test reports why it has nothing to check."""
    return [
        pytest.param(
            *([""] + [0] * (arity - 1)), id="unavailable", marks=pytest.mark.skip(reason=reason)
        )
    ]


ABSENT = f"{CONFORMANCE_DIR} is absent"


def _section_params() -> list[object]:
    files = _conformance_files()
    if not files:
        return _unavailable(ABSENT, 2)
    return [
        pytest.param(_rel(path), section.index, id=f"{_rel(path)}#{section.index}")
        for path in files
        for section in regen.split_sections(path.read_text(encoding="utf-8"))
    ]


def _piece_params() -> list[object]:
    params: list[object] = []
    for path in _conformance_files():
        for section in regen.split_sections(path.read_text(encoding="utf-8")):
            pieces = split_pieces(section.text, section.first_line)
            if len(pieces) < 2:
                continue
            params.extend(
                pytest.param(
                    _rel(path),
                    section.index,
                    piece.index,
                    id=f"{_rel(path)}#{section.index}/{piece.index}",
                )
                for piece in pieces
            )
    if not params:
        reason = "no section has several top-level operations" if _conformance_files() else ABSENT
        return _unavailable(reason, 3)
    return params


def _run_oracle_split(
    source: str, stdin: str | None, cwd: Path, label: str, chunks: int
) -> list[str]:
    """Run the oracle once with `--split-input-file` on `source` (a file name, or `-` with
    `stdin`); return the output of each of its `chunks` sections ('' where it rejects one)."""
    proc = subprocess.run(
        [regen.ORACLE, *ORACLE_ARGS, source],
        input=None if stdin is None else stdin.encode("utf-8"),
        cwd=cwd,
        capture_output=True,
        check=False,
    )
    outputs = OUTPUT_SEPARATOR.split(proc.stdout.decode("utf-8"))
    if len(outputs) != chunks:
        raise AssertionError(
            f"{label}: {regen.ORACLE} printed {len(outputs)} sections, the test cut {chunks}"
        )
    return outputs


@functools.cache
def oracle_sections(rel: str) -> tuple[str, ...]:
    """The oracle's output for each section of a conformance file ('' where it rejects one)."""
    path = CONFORMANCE_DIR / rel
    text = path.read_text(encoding="utf-8")
    count = len(regen.split_sections(text))
    return tuple(_run_oracle_split(path.name, None, path.parent, rel, count))


def _pieces(rel: str, section_index: int) -> list[Piece]:
    section = regen.split_sections((CONFORMANCE_DIR / rel).read_text(encoding="utf-8"))[
        section_index
    ]
    return split_pieces(section.text, section.first_line)


@functools.cache
def oracle_pieces(rel: str, section_index: int) -> tuple[str, ...]:
    """The oracle's output for each top-level operation of one section ('' where it rejects one)."""
    pieces = _pieces(rel, section_index)
    joined = f"\n{regen.SPLIT_MARKER}\n".join(piece.text for piece in pieces)
    label = f"{rel}#{section_index}"
    return tuple(_run_oracle_split("-", joined, CONFORMANCE_DIR, label, len(pieces)))


def oracle_outputs_tested(rel: str) -> list[str]:
    """Every oracle output of a file that odsgen is asked to print back: accepted sections,
    and accepted pieces of rejected sections."""
    outputs: list[str] = []
    for index, section_output in enumerate(oracle_sections(rel)):
        if section_output:
            outputs.append(section_output)
        elif len(_pieces(rel, index)) >= 2:
            outputs.extend(out for out in oracle_pieces(rel, index) if out)
    return outputs


def _rejected_summary(outputs: tuple[str, ...], what: str) -> str:
    rejected = sum(1 for out in outputs if not out)
    return f"{regen.ORACLE} rejects it ({rejected} of {len(outputs)} {what} rejected)"


def _check_roundtrip(
    oracle_output: str,
    label: str,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    tmp_path: Path,
) -> None:
    source = tmp_path / "input.mlir"
    source.write_bytes(oracle_output.encode("utf-8"))
    code, out, err = run_odsgen(
        ["opt", str(source), "--allow-unregistered-dialect", "--print-generic"]
    )
    assert "Traceback" not in err
    assert code == 0, (
        f"odsgen rejects {regen.ORACLE}'s output for {label}:\n{err}\n--- input ---\n{oracle_output}"
    )
    expect_same_text(out, oracle_output, label=label)


@pytest.mark.mlir
@pytest.mark.parametrize(("rel", "section_index"), _section_params())
def test_section_roundtrip(
    rel: str,
    section_index: int,
    mlir_opt: str,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    tmp_path: Path,
) -> None:
    """odsgen prints mlir-opt-22's generic output of the section back unchanged."""
    outputs = oracle_sections(rel)
    if not outputs[section_index]:
        pytest.skip(_rejected_summary(outputs, f"sections of {rel}"))
    _check_roundtrip(
        outputs[section_index], f"{rel}#{section_index}", run_odsgen, expect_same_text, tmp_path
    )


@pytest.mark.mlir
@pytest.mark.parametrize(("rel", "section_index", "piece_index"), _piece_params())
def test_piece_roundtrip(
    rel: str,
    section_index: int,
    piece_index: int,
    mlir_opt: str,
    run_odsgen: RunOdsgen,
    expect_same_text: ExpectSameText,
    tmp_path: Path,
) -> None:
    """For a rejected section, odsgen round-trips the oracle's output of each top-level op alone."""
    if oracle_sections(rel)[section_index]:
        pytest.skip(f"the whole section is accepted and tested as {rel}#{section_index}")
    outputs = oracle_pieces(rel, section_index)
    if not outputs[piece_index]:
        pytest.skip(_rejected_summary(outputs, f"top-level ops of {rel}#{section_index}"))
    line = _pieces(rel, section_index)[piece_index].line
    label = f"{rel}#{section_index}/{piece_index} (from line {line})"
    _check_roundtrip(outputs[piece_index], label, run_odsgen, expect_same_text, tmp_path)


@pytest.mark.mlir
@pytest.mark.parametrize("rel", [_rel(p) for p in _conformance_files()] or _unavailable(ABSENT, 1))
def test_oracle_output_is_a_fixpoint(
    rel: str, mlir_opt: str, shared_dir: Path, expect_same_text: ExpectSameText
) -> None:
    """mlir-opt-22 prints each of its outputs that odsgen must print back unchanged, unchanged."""
    tested = oracle_outputs_tested(rel)
    if not tested:
        pytest.skip(_rejected_summary(oracle_sections(rel), f"sections of {rel}"))
    joined = f"{regen.SPLIT_MARKER}\n".join(tested)
    again = _run_oracle_split("-", joined, shared_dir, rel, len(tested))
    expect_same_text(
        f"{regen.SPLIT_MARKER}\n".join(again), f"{regen.SPLIT_MARKER}\n".join(tested), label=rel
    )
