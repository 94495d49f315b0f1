"""Imported ops that take their C++ verifier and result names from odsgen's own dialect.

`odsgen import` of MLIR's `memref`, `tensor` and `vector` gives an op whose verifier
MLIR writes in C++ the verifier of odsgen's own op of the same name (which checks
the same operands and attributes under the same names), so the op needs no hook.
These programs use such ops only; with the imported dialects in place of odsgen's
own (`--replace-builtin`), valid ones print as mlir-opt-22 prints them in custom and
generic form, and each invalid one gets mlir-opt-22's error. MLIR's `.td` files are
read in place; expected output comes from mlir-opt-22 at test time.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from spec.test_mlir_import import DIALECTS, _import, _opt, needs_mlir, needs_mlir_opt

FILES = [
    DIALECTS / "MemRef" / "IR" / "MemRefOps.td",
    DIALECTS / "Tensor" / "IR" / "TensorOps.td",
    DIALECTS / "Vector" / "IR" / "VectorOps.td",
]

VALID = """\
func.func @m(%m: memref<4x8xf32>, %i: index, %f: f32, %d: memref<?xf32>, %n: index) {
  %0 = memref.load %m[%i, %i] : memref<4x8xf32>
  memref.store %f, %m[%i, %i] : memref<4x8xf32>
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = memref.alloca() : memref<4xf32>
  %3 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %4 = memref.expand_shape %3 [[0, 1]] output_shape [8, 4] : memref<32xf32> into memref<8x4xf32>
  %5 = memref.realloc %d(%n) : memref<?xf32> to memref<?xf32>
  memref.assume_alignment %m, 16 : memref<4x8xf32>
  return
}
// -----
func.func @t(%t: tensor<4x8xf32>, %i: index, %f: f32, %n: index) {
  %0 = tensor.extract %t[%i, %i] : tensor<4x8xf32>
  %1 = tensor.empty(%n) : tensor<?x4xf32>
  %2 = tensor.splat %f : tensor<4x4xf32>
  %3 = tensor.concat dim(0) %t, %t : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  %4 = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %5 = tensor.expand_shape %4 [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  return
}
// -----
func.func @v(%v: vector<4x8xf32>, %s: f32, %m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %p: vector<4xf32>) {
  %0 = vector.broadcast %s : f32 to vector<4x8xf32>
  %1 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %2 = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  %3 = vector.bitcast %v : vector<4x8xf32> to vector<4x8xi32>
  %4 = vector.load %m[%i] : memref<16xf32>, vector<4xf32>
  vector.store %4, %m[%i] : memref<16xf32>, vector<4xf32>
  %5 = vector.maskedload %m[%i], %mask, %p : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %6 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %7 = vector.insert_strided_slice %6, %v {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %8 = vector.constant_mask [2] : vector<4xi1>
  %9 = vector.create_mask %i : vector<4xi1>
  return
}
"""

#: One broken check per chunk.
INVALID = """\
func.func @m(%m: memref<4x8xf32>, %i: index) {
  %0 = memref.load %m[%i] : memref<4x8xf32>
  return
}
// -----
func.func @m2(%n: index) {
  %1 = memref.alloc(%n, %n) : memref<?xf32>
  return
}
// -----
func.func @m3(%m: memref<4x8xf32>) {
  %3 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<30xf32>
  return
}
// -----
func.func @t1(%t: tensor<4x8xf32>, %i: index) {
  %0 = tensor.extract %t[%i] : tensor<4x8xf32>
  return
}
// -----
func.func @t2(%n: index) {
  %1 = tensor.empty(%n, %n) : tensor<?x4xf32>
  return
}
// -----
func.func @t3(%t: tensor<4x8xf32>) {
  %3 = tensor.concat dim(2) %t, %t : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return
}
// -----
func.func @v1(%v: vector<4x8xf32>) {
  %1 = vector.transpose %v, [1, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}
// -----
func.func @v2(%v: vector<4x8xf32>) {
  %2 = vector.shape_cast %v : vector<4x8xf32> to vector<30xf32>
  return
}
// -----
func.func @v3(%v: vector<4x8xf32>) {
  %3 = vector.bitcast %v : vector<4x8xf32> to vector<4x8xi64>
  return
}
// -----
func.func @v4(%v: vector<4x8xf32>) {
  %6 = vector.extract_strided_slice %v {offsets = [0, 6], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}
// -----
func.func @v5() {
  %8 = vector.constant_mask [5] : vector<4xi1>
  return
}
// -----
func.func @m4(%m: memref<4x8xf32>) {
  memref.assume_alignment %m, 3 : memref<4x8xf32>
  return
}
"""


def _mlir_opt(program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["mlir-opt-22", "--split-input-file", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
    )


def _errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": error: " in line]


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_valid_programs_print_as_mlir_opt(tmp_path: Path, generic: bool) -> None:
    status, _, err = _import(tmp_path, *FILES, report=False)
    assert status == 0, err
    program = tmp_path / "valid.mlir"
    program.write_text(VALID, encoding="utf-8")
    flags = ["--mlir-print-op-generic"] if generic else []
    expected = _mlir_opt(program, *flags)
    assert expected.returncode == 0, expected.stderr
    ours = _opt(tmp_path, program, "--split-input-file", *flags)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == expected.stdout


@needs_mlir
@needs_mlir_opt
def test_invalid_programs_get_mlir_opts_errors(tmp_path: Path) -> None:
    status, _, err = _import(tmp_path, *FILES, report=False)
    assert status == 0, err
    program = tmp_path / "invalid.mlir"
    program.write_text(INVALID, encoding="utf-8")
    expected = _errors(_mlir_opt(program).stderr)
    assert len(expected) == INVALID.count("// -----") + 1
    ours = _opt(tmp_path, program, "--split-input-file")
    assert "Traceback" not in ours.stderr
    assert _errors(ours.stderr) == expected
