"""odsgen's own TableGen front end on the base library and the example spec.

`odsgen records --json` must print exactly what `llvm-tblgen --dump-json` prints for
every `.td` file under `opdefs/`; the example's model must come out the same whichever
of the two produced the records.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import INCLUDE_DIR, LLVM_TBLGEN, REPO_ROOT, run_own_front_end

from generator.spec.from_records import load_records
from generator.tablegen import dump_json
from generator.tablegen import load_records as load_td

EXAMPLE_TD = Path(__file__).with_name("cases") / "example.td"
OPDEFS_FILES = sorted((REPO_ROOT / "opdefs").rglob("*.td"))


def test_there_are_opdefs_files() -> None:
    """The base library exists, so the comparison below compares something."""
    assert len(OPDEFS_FILES) >= 5


@pytest.mark.parametrize(
    "td_file", [*OPDEFS_FILES, EXAMPLE_TD], ids=lambda p: str(p.relative_to(REPO_ROOT))
)
def test_records_equal_llvm_tblgen(td_file: Path) -> None:
    """Our `--dump-json` text equals llvm-tblgen's, byte for byte."""
    if not LLVM_TBLGEN.exists():
        pytest.skip("llvm-tblgen (LLVM 22) is not installed")
    expected = subprocess.run(
        [str(LLVM_TBLGEN), "--dump-json", "-I", str(INCLUDE_DIR), td_file.name],
        cwd=td_file.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    ours = dump_json(load_td(td_file, [INCLUDE_DIR]))
    assert ours.rstrip("\n") == expected.rstrip("\n")


def test_example_model_from_own_records_matches_stored_dump() -> None:
    """Without any LLVM tool, our front end gives the stored llvm-tblgen records and model."""
    stored = json.loads(EXAMPLE_TD.with_suffix(".json").read_text(encoding="utf-8"))
    ours = run_own_front_end(EXAMPLE_TD, INCLUDE_DIR)
    assert ours == stored
    # `loc` is left out of dumps: positions hold per-load source buffers.
    ours_model = load_records(ours, main_file=EXAMPLE_TD).model_dump(by_alias=True)
    stored_model = load_records(stored, main_file=EXAMPLE_TD).model_dump(by_alias=True)
    assert ours_model == stored_model
