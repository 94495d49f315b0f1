"""Every file of the base library `opdefs/include/` is accepted by llvm-tblgen."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import INCLUDE_DIR, LLVM_TBLGEN, run_tblgen

LIBRARY_FILES = sorted(INCLUDE_DIR.glob("*.td"))


def test_library_has_the_expected_files() -> None:
    """The base library is split into the files OpBase.td includes."""
    names = {p.name for p in LIBRARY_FILES}
    assert {"OpBase.td", "Constraints.td", "Types.td", "Attributes.td"} <= names
    assert {"Traits.td", "Ops.td", "Patterns.td", "Dialect.td"} <= names


@pytest.mark.skipif(not LLVM_TBLGEN.exists(), reason="llvm-tblgen (LLVM 22) is not installed")
@pytest.mark.parametrize("td_file", LIBRARY_FILES, ids=lambda p: Path(p).name)
def test_file_dumps_cleanly(td_file: Path) -> None:
    """llvm-tblgen --dump-json reads the file on its own."""
    doc = run_tblgen(td_file, INCLUDE_DIR)
    assert doc["!tablegen_json_version"] == 1


@pytest.mark.skipif(not LLVM_TBLGEN.exists(), reason="llvm-tblgen (LLVM 22) is not installed")
def test_constraint_summaries_follow_mlir() -> None:
    """The summaries the library computes are MLIR's texts."""
    doc = run_tblgen(INCLUDE_DIR / "OpBase.td", INCLUDE_DIR)
    assert doc["I32"]["summary"] == "32-bit signless integer"
    assert doc["BF16"]["summary"] == "bfloat16 type"
    assert doc["AnyRankedTensor"]["summary"] == "ranked tensor of any type values"
    assert doc["I64ArrayAttr"]["summary"] == "64-bit integer array attribute"
    assert doc["DenseI64ArrayAttr"]["summary"] == "i64 dense array attribute"
