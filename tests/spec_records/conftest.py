"""Support for the records front-end tests: running llvm-tblgen on `.td` text."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.tablegen import dump_json
from generator.tablegen import load_records as load_td

REPO_ROOT = Path(__file__).resolve().parents[2]
INCLUDE_DIR = REPO_ROOT / "opdefs" / "include"
LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")

#: `dump_records(text, name)` writes `name` into a temporary directory and returns
#: the `--dump-json` document of it.
DumpRecords = Callable[[str, str], dict[str, Any]]


def run_tblgen(td_file: Path, include_dir: Path) -> dict[str, Any]:
    """The records of `td_file` as llvm-tblgen dumps them, run from the file's directory."""
    proc = subprocess.run(
        [str(LLVM_TBLGEN), "--dump-json", "-I", str(include_dir), td_file.name],
        cwd=td_file.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise AssertionError(f"llvm-tblgen failed on {td_file}:\n{proc.stderr}")
    doc: dict[str, Any] = json.loads(proc.stdout)
    return doc


def run_own_front_end(td_file: Path, include_dir: Path) -> dict[str, Any]:
    """The records of `td_file` from odsgen's own TableGen front end, as a dump document."""
    doc: dict[str, Any] = json.loads(dump_json(load_td(td_file, [include_dir])))
    return doc


@pytest.fixture
def dump_records(tmp_path: Path) -> DumpRecords:
    """Evaluate a `.td` text with odsgen's TableGen front end (no LLVM tools needed).

    `tests/spec_records/test_own_front_end.py` checks that this front end prints what
    llvm-tblgen prints for the library and the example, where the tool is installed.
    """

    def dump(text: str, name: str = "spec.td") -> dict[str, Any]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return run_own_front_end(path, INCLUDE_DIR)

    return dump
