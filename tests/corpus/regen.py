#!/usr/bin/env python3
"""Regenerate the oracle goldens of the textual-IR corpus from mlir-opt-22.

This module owns how the corpus under `tests/corpus/` is read and how its goldens
are made, so the tests and this script cannot disagree about it:

- `generic/NAME.mlir` is a valid program; `generic/NAME.mlir.expected` is exactly
  what `mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic [FLAGS]`
  prints for it. A first-line comment `// FLAGS: ...` adds options (for example
  `--mlir-print-debuginfo`).
- `custom/NAME.mlir` is a valid program in the custom form of the generated
  dialects; `custom/NAME.mlir.expected` is what `mlir-opt-22
  --allow-unregistered-dialect [FLAGS]` prints for it (custom form) and
  `custom/NAME.mlir.generic` what it prints with `--mlir-print-op-generic`.
- `invalid/NAME.mlir` holds malformed programs, one problem per `// -----`
  section, each annotated with `// expected-error@+1 {{...}}` so that
  `--split-input-file --verify-diagnostics` passes. `invalid/NAME.mlir.diag` has
  one line per section: the first `file:line:col: error: message` line mlir-opt-22
  prints for that section with `--split-input-file` and without
  `--verify-diagnostics`. A first line `// RUN-WITHOUT: --allow-unregistered-dialect`
  runs the file without that option.

The oracle always runs from the case's directory on the bare file name, so the
file names it prints (diagnostics, and the module location under
`--mlir-print-debuginfo`) do not depend on where the repository lives. The tests
run odsgen the same way.

Usage: python tests/corpus/regen.py [--check]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ORACLE = "mlir-opt-22"
CORPUS_DIR = Path(__file__).resolve().parent
GENERIC_DIR = CORPUS_DIR / "generic"
INVALID_DIR = CORPUS_DIR / "invalid"
CUSTOM_DIR = CORPUS_DIR / "custom"
SPLIT_MARKER = "// -----"
FLAGS_PREFIX = "// FLAGS:"
WITHOUT_UNREGISTERED = "// RUN-WITHOUT: --allow-unregistered-dialect"
REGEN_COMMAND = "python tests/corpus/regen.py"


@dataclass(frozen=True)
class Section:
    """One `// -----` chunk of a file, with the file's line numbers."""

    index: int
    first_line: int
    last_line: int
    text: str


def custom_cases() -> list[Path]:
    """Return the valid custom-form cases, sorted by name."""
    return sorted(CUSTOM_DIR.glob("*.mlir"))


def generic_cases() -> list[Path]:
    """Return the valid generic-form cases, sorted by name."""
    return sorted(GENERIC_DIR.glob("*.mlir"))


def invalid_cases() -> list[Path]:
    """Return the malformed-input files, sorted by name."""
    return sorted(INVALID_DIR.glob("*.mlir"))


def extra_flags(case: Path) -> list[str]:
    """Return the options a case's `// FLAGS:` first line asks for (none without one)."""
    first = case.read_text(encoding="utf-8").split("\n", 1)[0]
    if first.startswith(FLAGS_PREFIX):
        return first[len(FLAGS_PREFIX) :].split()
    return []


def allows_unregistered(case: Path) -> bool:
    """Return whether a case runs with `--allow-unregistered-dialect`."""
    return not case.read_text(encoding="utf-8").startswith(WITHOUT_UNREGISTERED)


def dialect_flags(case: Path) -> list[str]:
    """Return `--allow-unregistered-dialect` unless the case opts out of it."""
    return ["--allow-unregistered-dialect"] if allows_unregistered(case) else []


def split_sections(text: str) -> list[Section]:
    """Split `text` into sections exactly as mlir-opt's `--split-input-file` does.

    mlir-opt cuts at every occurrence of the marker, even inside a line, and the
    rest of the marker's line belongs to the next section.
    """
    sections: list[Section] = []
    line = 1
    for index, chunk in enumerate(text.split(SPLIT_MARKER)):
        newlines = chunk.count("\n")
        sections.append(Section(index, line, line + newlines, chunk))
        line += newlines
    return sections


def section_of_line(sections: list[Section], line: int) -> Section | None:
    """Return the section that holds `line` (a marker line belongs to the section it ends)."""
    for section in sections:
        if section.first_line <= line <= section.last_line:
            return section
    return None


def first_errors(stderr: str, file_name: str, sections: list[Section]) -> list[str | None]:
    """Return, per section, the first `file:line:col: error: ...` line of `stderr`."""
    pattern = re.compile(re.escape(file_name) + r":(\d+):\d+: error: ")
    found: list[str | None] = [None] * len(sections)
    for line in stderr.splitlines():
        match = pattern.match(line)
        if match is None:
            continue
        section = section_of_line(sections, int(match.group(1)))
        if section is not None and found[section.index] is None:
            found[section.index] = line
    return found


def generic_oracle_args(case: Path) -> list[str]:
    """Return the oracle's arguments for a generic case (run in the case's directory)."""
    return [
        "--allow-unregistered-dialect",
        "--mlir-print-op-generic",
        *extra_flags(case),
        case.name,
    ]


def run_oracle(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run mlir-opt-22 with `args` in `cwd`; output is decoded as UTF-8 with no newline translation."""
    proc = subprocess.run([ORACLE, *args], cwd=cwd, capture_output=True, check=False)
    return subprocess.CompletedProcess(
        proc.args,
        proc.returncode,
        proc.stdout.decode("utf-8"),
        proc.stderr.decode("utf-8"),
    )


def oracle_generic(case: Path) -> str:
    """Return what the oracle prints for a generic case; raise if it rejects the case."""
    proc = run_oracle(generic_oracle_args(case), case.parent)
    if proc.returncode != 0 or proc.stderr:
        raise RuntimeError(f"{ORACLE} rejects {case.name}:\n{proc.stderr}")
    return proc.stdout


def oracle_custom(case: Path, *, generic: bool) -> str:
    """Return what the oracle prints for a custom-form case, in custom or generic form."""
    args = ["--allow-unregistered-dialect", *extra_flags(case), case.name]
    if generic:
        args.insert(1, "--mlir-print-op-generic")
    proc = run_oracle(args, case.parent)
    if proc.returncode != 0 or proc.stderr:
        raise RuntimeError(f"{ORACLE} rejects {case.name}:\n{proc.stderr}")
    return proc.stdout


def oracle_verify_diagnostics(case: Path) -> subprocess.CompletedProcess[str]:
    """Run the oracle with `--split-input-file --verify-diagnostics` on an invalid file."""
    args = [*dialect_flags(case), "--split-input-file", "--verify-diagnostics", case.name]
    return run_oracle(args, case.parent)


def oracle_diag(case: Path) -> str:
    """Return the `.diag` golden of an invalid file: one first-error line per section."""
    proc = run_oracle([*dialect_flags(case), "--split-input-file", case.name], case.parent)
    sections = split_sections(case.read_text(encoding="utf-8"))
    lines = first_errors(proc.stderr, case.name, sections)
    missing = [s.index for s, line in zip(sections, lines, strict=True) if line is None]
    if missing:
        raise RuntimeError(f"{ORACLE} reports no error for sections {missing} of {case.name}")
    return "".join(f"{line}\n" for line in lines)


def _sync(path: Path, text: str, check: bool, problems: list[str]) -> None:
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if old == text:
        return
    if check:
        problems.append(f"stale: {path.relative_to(CORPUS_DIR)}")
    else:
        path.write_bytes(text.encode("utf-8"))
        print(f"wrote {path.relative_to(CORPUS_DIR)}")


def _orphans(directory: Path, suffix: str) -> list[Path]:
    return [p for p in sorted(directory.glob(f"*.mlir{suffix}")) if not p.with_suffix("").exists()]


def regenerate(check: bool) -> list[str]:
    """Bring every golden up to date (or, with `check`, only report stale ones)."""
    problems: list[str] = []
    for case in generic_cases():
        try:
            _sync(case.with_name(case.name + ".expected"), oracle_generic(case), check, problems)
        except RuntimeError as err:
            problems.append(str(err))
    for case in custom_cases():
        for suffix, generic in ((".expected", False), (".generic", True)):
            try:
                text = oracle_custom(case, generic=generic)
                _sync(case.with_name(case.name + suffix), text, check, problems)
            except RuntimeError as err:
                problems.append(str(err))
    for case in invalid_cases():
        verify = oracle_verify_diagnostics(case)
        if verify.returncode != 0:
            problems.append(f"{case.name} fails --verify-diagnostics:\n{verify.stderr}")
        try:
            _sync(case.with_name(case.name + ".diag"), oracle_diag(case), check, problems)
        except RuntimeError as err:
            problems.append(str(err))
    orphans = _orphans(GENERIC_DIR, ".expected") + _orphans(INVALID_DIR, ".diag")
    orphans += _orphans(CUSTOM_DIR, ".expected") + _orphans(CUSTOM_DIR, ".generic")
    for orphan in orphans:
        if check:
            problems.append(f"orphan: {orphan.relative_to(CORPUS_DIR)}")
        else:
            orphan.unlink()
            print(f"removed {orphan.relative_to(CORPUS_DIR)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Regenerate the goldens; return 1 if the oracle is missing or anything is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="report stale goldens, write nothing")
    args = parser.parse_args(argv)
    if shutil.which(ORACLE) is None:
        print(f"error: {ORACLE} is not installed (apt-get install mlir-22-tools)", file=sys.stderr)
        return 1
    problems = regenerate(args.check)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
