"""What `odsgen import` knows of MLIR's C++ (`generator.spec.mlir_known_code`).

MLIR's standard ops that name their results in C++ (`getAsmResultNames`) get the
same names from the importer's table, so the imported ops print as mlir-opt-22
does without a hand-written hook. The ops of the table that import complete are
run through `odsgen opt --load-dialect` against mlir-opt-22, in custom and generic
form; without the table each of its ops asks for the hook, so no entry is stale.
The type checks are compared with mlir-opt-22's acceptance and first error.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    _import,
    _opt,
    needs_mlir,
    needs_mlir_opt,
)

from generator.spec import mlir_import
from generator.spec.mlir_import import hook_lines, import_records, read_records
from generator.spec.mlir_known_code import KNOWN_RESULT_NAMES, KNOWN_TYPE_VERIFIERS

FILES = [
    DIALECTS / "GPU" / "IR" / "GPUOps.td",
    DIALECTS / "Index" / "IR" / "IndexOps.td",
    DIALECTS / "SMT" / "IR" / "SMTOps.td",
    DIALECTS / "Shape" / "IR" / "ShapeOps.td",
    DIALECTS / "Tensor" / "IR" / "TensorOps.td",
    DIALECTS / "Vector" / "IR" / "VectorOps.td",
    DIALECTS / "MemRef" / "IR" / "MemRefOps.td",
]

#: Every op of the table that imports complete, some more than once (names are
#: made unique by a counter) and with each kind of attribute value.
PROGRAM = """\
func.func @f(%m: memref<4x?xf32>, %t: tensor<4x?xf32>) {
  %0 = gpu.thread_id x
  %1 = gpu.block_dim y
  %2 = gpu.block_id z
  %3 = gpu.cluster_block_id x
  %4 = gpu.cluster_dim x
  %5 = gpu.cluster_dim_blocks y
  %6 = gpu.cluster_id z
  %7 = gpu.global_id x
  %8 = gpu.grid_dim y
  %9 = index.constant 42
  %10 = index.bool.constant true
  %11 = index.bool.constant false
  %12 = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> index
  %13 = shape.const_size 4
  %14 = tensor.rank %t : tensor<4x?xf32>
  %15 = vector.vscale
  %16 = smt.constant true
  %17 = smt.constant false
  %18 = index.constant -3
  %19 = gpu.thread_id x
  return
}
"""


def _mlir_opt(program: Path, *flags: str) -> str:
    run = subprocess.run(
        ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
    )
    return run.stdout


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_imported_ops_name_results_as_mlir_opt(tmp_path: Path, generic: bool) -> None:
    status, report, err = _import(tmp_path, *FILES)
    assert status == 0, err
    program = tmp_path / "names.mlir"
    program.write_text(PROGRAM, encoding="utf-8")
    if generic:
        program.write_text(_mlir_opt(program, "--mlir-print-op-generic"), encoding="utf-8")
    expected = _mlir_opt(program)
    assert "%thread_id_x_2 = gpu.thread_id" in expected  # the names are MLIR's own
    run = _opt(tmp_path, program)
    assert run.returncode == 0, run.stderr
    assert run.stdout == expected
    # None of the ops run here waits for a result-name hook.
    assert "asm_result_names" not in report


@needs_mlir
def test_every_entry_replaces_a_result_name_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the table, each of its ops asks for the `asm_result_names` hook."""
    monkeypatch.setattr(mlir_import, "KNOWN_RESULT_NAMES", {})
    # Nor from odsgen's own dialects of the same names.
    monkeypatch.setattr(mlir_import, "_builtin_dialect", lambda name: None)
    loaded = [(f.name, read_records(f, [MLIR_INCLUDE])) for f in FILES]
    dialects = import_records(loaded)
    asking = {
        line.split(":", 1)[0] for line in hook_lines(dialects, {}) if "_asm_result_names:" in line
    }
    stale = sorted(set(KNOWN_RESULT_NAMES) - asking)
    assert not stale, f"ops that do not ask MLIR's C++ for their result names: {stale}"


TRANSFORM_FILES = [
    DIALECTS / "Transform" / "IR" / "TransformTypes.td",
    DIALECTS / "Transform" / "IR" / "TransformOps.td",
    DIALECTS / "Transform" / "DebugExtension" / "DebugExtensionOps.td",
]


@needs_mlir
@needs_mlir_opt
def test_transform_param_checks_its_type_as_mlir_opt(tmp_path: Path) -> None:
    status, _, err = _import(tmp_path, *TRANSFORM_FILES, report=False)
    assert status == 0, err
    outcomes = []
    for element in ("i64", "i1", "si32", "ui64", "i65", "i128", "f32", "index", "tensor<4xi8>"):
        program = tmp_path / "param.mlir"
        param = f"!transform.param<{element}>"
        program.write_text(
            f"func.func @f(%p: {param}, %h: !transform.any_op) {{\n"
            f'  transform.debug.emit_param_as_remark %p, "x" at %h : {param}, !transform.any_op\n'
            "  return\n}\n",
            encoding="utf-8",
        )
        theirs = subprocess.run(
            ["mlir-opt-22", str(program)], capture_output=True, text=True, check=False
        )
        ours = _opt(tmp_path, program)
        assert (ours.returncode == 0) == (theirs.returncode == 0), element
        assert ours.stdout == theirs.stdout, element
        assert ours.stderr.splitlines()[:1] == theirs.stderr.splitlines()[:1], element
        outcomes.append(theirs.returncode == 0)
    assert True in outcomes
    assert False in outcomes


@needs_mlir
def test_every_type_entry_replaces_a_verify_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mlir_import, "KNOWN_TYPE_VERIFIERS", {})
    files = [*TRANSFORM_FILES, DIALECTS / "Tosa" / "IR" / "TosaOps.td"]
    loaded = [(f.name, read_records(f, [MLIR_INCLUDE])) for f in files]
    dialects = import_records(loaded)
    hooks = {
        f"{name}.{dialect.types[def_name].mnemonic}"
        for name, dialect in dialects.items()
        for def_name, found in dialect.def_hooks.items()
        if def_name in dialect.types and any(h.function.endswith("_verify") for h in found)
    }
    assert set(KNOWN_TYPE_VERIFIERS) <= hooks


DYNAMIC_INDEX_PROGRAM = """\
func.func @f(%h: !transform.any_op, %p: !transform.param<i64>, %q: !transform.any_param) {
  transform.xegpu.set_gpu_launch_threads %h threads = [2, %p, 4] : !transform.any_op, \
!transform.param<i64>
  transform.xegpu.set_gpu_launch_threads %h threads = [%p, %q] : !transform.any_op, \
!transform.param<i64>, !transform.any_param
  transform.xegpu.set_gpu_launch_threads %h threads = [] : !transform.any_op
  return
}
"""


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_runtime_dynamic_index_list_needs_no_hook(tmp_path: Path, generic: bool) -> None:
    """`custom<DynamicIndexList>($values, $static)` is the runtime's; a use passing
    more (`affine.delinearize_index`'s delimiter) stays a hook."""
    files = [
        DIALECTS / "Transform" / "IR" / "TransformTypes.td",
        DIALECTS / "XeGPU" / "TransformOps" / "XeGPUTransformOps.td",
        DIALECTS / "Affine" / "IR" / "AffineOps.td",
    ]
    status, _, err = _import(tmp_path, *files, report=False)
    assert status == 0, err
    program = tmp_path / "dynamic.mlir"
    program.write_text(DYNAMIC_INDEX_PROGRAM, encoding="utf-8")
    flags = ["--mlir-print-op-generic"] if generic else []
    ours = _opt(tmp_path, program, *flags)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == _mlir_opt(program, *flags)
    loaded = [(f.name, read_records(f, [MLIR_INCLUDE])) for f in files]
    hooks = hook_lines(import_records(loaded), {})
    assert not [h for h in hooks if h.startswith("transform.xegpu.set_gpu_launch_threads:")]
    assert any(
        line.startswith("affine.delinearize_index: needs hook parse_dynamic_index_list")
        for line in hooks
    )
