"""Default-valued attributes `odsgen import` reads as ODS does, against mlir-opt-22.

An attribute is default-valued when its record has a `defaultValue`, whether or not
a `DefaultValuedAttr` wraps it (gpu's `mat_transpose_mode` says `NON_TRANSPOSE`
itself), and a dialect's own name for a dense array (`Shard_GridAxesAttr`, an i16
array) takes its C++ initializer-list default like the library's arrays do.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from spec.test_mlir_import import DIALECTS, MLIR_INCLUDE, _import, _opt, needs_mlir, needs_mlir_opt

from generator.spec.constraints import DenseArrayAttrConstraint
from generator.spec.mlir_import import import_records, read_records

#: `modeA` written, written as its default, and left out; mlir-opt-22 keeps the
#: default in the op's properties, so the generic form shows it each time.
SPMV = """\
func.func @f(%dep: !gpu.async.token, %a: !gpu.sparse.spmat_handle,
             %x: !gpu.sparse.dntensor_handle, %y: !gpu.sparse.dntensor_handle, %b: memref<?xf64>) {
  %t = gpu.spmv async [%dep] %a{TRANSPOSE}, %x, %y, %b : memref<?xf64> into bf16
  %t2 = gpu.spmv async [%t] %a, %x, %y, %b : memref<?xf64> into f32
  %t3 = gpu.spmv async [%t] %a{NON_TRANSPOSE}, %x, %y, %b : memref<?xf64> into f32
  return
}
"""


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_enum_attribute_with_its_own_default(tmp_path: Path, generic: bool) -> None:
    status, _, err = _import(tmp_path, DIALECTS / "GPU" / "IR" / "GPUOps.td", report=False)
    assert status == 0, err
    program = tmp_path / "spmv.mlir"
    program.write_text(SPMV, encoding="utf-8")
    flags = ["--mlir-print-op-generic"] if generic else []
    expected = subprocess.run(
        ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
    ).stdout
    assert expected.count("NON_TRANSPOSE") == (2 if generic else 0)
    ours = _opt(tmp_path, program, *flags)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == expected


@needs_mlir
def test_dialect_dense_array_takes_its_initializer_list_default() -> None:
    td = DIALECTS / "Shard" / "IR" / "ShardOps.td"
    dialects = import_records([(td.name, read_records(td, [MLIR_INCLUDE]))])
    op = dialects["shard"].ops["Shard_AllGatherOp"].op
    assert op is not None
    axes = next(a for a in op.attributes if a.name == "grid_axes")
    assert isinstance(axes.type, DenseArrayAttrConstraint)
    assert axes.type.element == "i16"
    assert axes.default == "()"
