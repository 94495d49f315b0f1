"""Plausible mistakes end in a diagnostic with mlir-opt-22's words, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]

_INVALID_KIND = "2:23: error: custom op 'arith.constant' invalid kind of attribute specified"


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("i32", _INVALID_KIND),
        ("ui1", _INVALID_KIND),
        ("unit", _INVALID_KIND),
        ("@sym", _INVALID_KIND),
        ("[1, 2]", _INVALID_KIND),
        (
            '"s"',
            "2:8: error: 'arith.constant' op value must be an integer, float, or elements "
            "attribute",
        ),
    ],
)
def test_constant_without_a_typed_value(
    value: str, error: str, tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """`arith.constant` of an attribute with no type (or a string) is reported as mlir-opt does."""
    source = tmp_path / "c.mlir"
    source.write_text(f"func.func @f() {{\n  %0 = arith.constant {value}\n  return\n}}\n")
    code, _out, err = run_odsgen(["opt", str(source)])
    assert code == 1
    assert "Traceback" not in err
    assert err.splitlines()[0] == f"{source}:{error}"


def test_output_to_a_full_device_is_a_diagnostic(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """Writing the result where it cannot be written exits 1 with a message."""
    if not Path("/dev/full").exists():
        pytest.skip("this system has no /dev/full")
    source = tmp_path / "ok.mlir"
    source.write_text("func.func @f() {\n  return\n}\n")
    code, _out, err = run_odsgen(["opt", str(source), "-o", "/dev/full"])
    assert code == 1
    assert err == "odsgen opt: error writing to '/dev/full': No space left on device\n"


def test_output_to_a_missing_directory_is_a_diagnostic(
    tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """An output path that cannot be opened exits 1 with a message."""
    source = tmp_path / "ok.mlir"
    source.write_text("func.func @f() {\n  return\n}\n")
    target = tmp_path / "missing" / "out.mlir"
    code, _out, err = run_odsgen(["opt", str(source), "-o", str(target)])
    assert code == 1
    assert err == f"odsgen opt: could not open output file '{target}': No such file or directory\n"
