"""The result layouts `memref.expand_shape` and `memref.collapse_shape` expect, against
mlir-opt-22.

Each case reshapes a source of some layout (none, static or dynamic strides and
offsets, size-1 dimensions, `strided<[1]>`, whose map is the identity) into a result
type written without a layout: mlir-opt-22 either accepts it or names the type it
expected (with the strides it infers), and odsgen must answer the same. Each case is
also run with the result type mlir-opt-22 names, which both must accept.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]

#: (source type, reassociation, output shape or None for a collapse, result shape).
_CASES: dict[str, tuple[str, str, str | None, str]] = {
    "expand_dynamic_first": ("memref<?xf32, strided<[2]>>", "[[0, 1]]", "[%n, 4]", "?x4xf32"),
    "expand_dynamic_last": ("memref<?xf32, strided<[2]>>", "[[0, 1]]", "[4, %n]", "4x?xf32"),
    "expand_unit_inside": (
        "memref<?xf32, strided<[2]>>",
        "[[0, 1, 2]]",
        "[%n, 1, 4]",
        "?x1x4xf32",
    ),
    "expand_dynamic_stride": ("memref<24xf32, strided<[?]>>", "[[0, 1]]", "[4, 6]", "4x6xf32"),
    "expand_dynamic_offset": (
        "memref<24xf32, strided<[2], offset: ?>>",
        "[[0, 1, 2]]",
        "[2, 1, 12]",
        "2x1x12xf32",
    ),
    "expand_two_groups": (
        "memref<8x?xf32, strided<[?, 3]>>",
        "[[0, 1], [2, 3]]",
        "[2, 4, %n, 1]",
        "2x4x?x1xf32",
    ),
    "expand_unit_source_dim": (
        "memref<8x1xf32, strided<[4, 4]>>",
        "[[0, 1], [2, 3]]",
        "[2, 4, 1, 1]",
        "2x4x1x1xf32",
    ),
    "expand_all_units": ("memref<1xf32, strided<[7]>>", "[[0, 1]]", "[1, 1]", "1x1xf32"),
    "expand_no_layout": ("memref<?xf32>", "[[0, 1]]", "[%n, %n]", "?x?xf32"),
    "expand_identity_strided": ("memref<12xf32, strided<[1]>>", "[[0, 1]]", "[3, 4]", "3x4xf32"),
    "expand_unit_stride_with_offset": (
        "memref<12xf32, strided<[1], offset: 2>>",
        "[[0, 1]]",
        "[3, 4]",
        "3x4xf32",
    ),
    "expand_static_offset": (
        "memref<6x?xf32, strided<[?, 2], offset: 3>>",
        "[[0, 1], [2]]",
        "[3, 2, %n]",
        "3x2x?xf32",
    ),
    "collapse_identity_strided": ("memref<12xf32, strided<[1]>>", "[[0]]", None, "12xf32"),
    "collapse_row_major_strided": ("memref<3x4xf32, strided<[4, 1]>>", "[[0, 1]]", None, "12xf32"),
    "collapse_row_major_map": (
        "memref<3x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>",
        "[[0, 1]]",
        None,
        "12xf32",
    ),
    "collapse_with_offset": (
        "memref<3x4xf32, strided<[4, 1], offset: 5>>",
        "[[0, 1]]",
        None,
        "12xf32",
    ),
}

_EXPECTED = re.compile(r"expected (?:expanded|collapsed) type to be '([^']*)'")


def _program(case: str, result: str) -> str:
    source, groups, shape, _ = _CASES[case]
    if shape is None:
        op = f"memref.collapse_shape %m {groups} : {source} into {result}"
    else:
        op = f"memref.expand_shape %m {groups} output_shape {shape} : {source} into {result}"
    return f"func.func @f(%m: {source}, %n: index) {{\n  %0 = {op}\n  return\n}}\n"


def _both(text: str, path: Path, run_odsgen: RunOdsgen, mlir_opt: str) -> str:
    path.write_text(text, encoding="utf-8")
    oracle = subprocess.run(
        [mlir_opt, str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    assert run_odsgen(["opt", str(path)]) == (oracle.returncode, oracle.stdout, oracle.stderr)
    return oracle.stderr


@pytest.mark.parametrize("case", sorted(_CASES))
def test_reshape_layout_as_mlir_opt(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """The same verdict on a result without a layout, and on the type mlir-opt-22 names."""
    err = _both(
        _program(case, f"memref<{_CASES[case][3]}>"), tmp_path / "a.mlir", run_odsgen, mlir_opt
    )
    named = _EXPECTED.search(err)
    if named is not None:
        assert (
            _both(_program(case, named.group(1)), tmp_path / "b.mlir", run_odsgen, mlir_opt) == ""
        )
