"""`odsgen import` of `pdl`, `pdl_interp`, `async`, `gpu` and OpenACC/OpenMP's type
interfaces, against mlir-opt-22.

What these dialects use that no TypeDef of their own defines: another dialect's types
(`pdl_interp` takes `!pdl.operation` and `!pdl.range<value>`), types with a syntax in
C++ (`!pdl.range`, `!async.value`), types that are C++ classes (`!gpu.async.token`,
the sparse handles), a syntax of their own (`gpu`'s `async [%t]`), and interfaces
other dialects attach to builtin types in C++ (OpenACC's and OpenMP's pointer-like
types). The runtime has each; these tests check them, and a sample of the ops they
complete, against what mlir-opt-22 prints and reports. Expected IR comes from
mlir-opt-22 at test time.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from spec.test_mlir_import import (
    DIALECTS,
    ODSGEN,
    _chunks_of,
    _first_errors,
    _import,
    needs_mlir,
    needs_mlir_opt,
)

from generator.ir import DialectType, ParametricType, Type, is_memref_or_llvm_ptr, parse_type

ROOT = Path(__file__).resolve().parents[2]

FILES = [
    DIALECTS / "PDL" / "IR" / "PDLOps.td",
    DIALECTS / "PDLInterp" / "IR" / "PDLInterpOps.td",
    DIALECTS / "Async" / "IR" / "AsyncOps.td",
    DIALECTS / "GPU" / "IR" / "GPUOps.td",
]


def _mlir_opt(program: str, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["mlir-opt-22", *flags], input=program, capture_output=True, text=True, check=False
    )


def _accepts(program: str) -> bool:
    return _mlir_opt(program).returncode == 0


#: Types around the edges of the pointer-like interfaces: ranked and unranked memrefs,
#: LLVM's pointer, and types that are no pointers.
POINTER_PROBES = [
    "memref<f32>",
    "memref<4x?xi8, 1>",
    "memref<*xf32>",
    "!llvm.ptr",
    "!llvm.ptr<3>",
    "tensor<4xf32>",
    "vector<4xf32>",
    "i32",
    "index",
    "complex<f32>",
]


class _LLVMPointer(ParametricType):
    """`!llvm.ptr<N>` as the imported LLVM dialect defines it: known by its name."""

    __slots__ = ()
    DIALECT = "llvm"
    MNEMONIC = "ptr"


class _LLVMOpaquePointer(DialectType):
    """`!llvm.ptr` as a dialect type without parameters would be."""

    __slots__ = ()
    DIALECT = "llvm"
    MNEMONIC = "ptr"


def _probe(text: str) -> Type:
    if text == "!llvm.ptr":
        return _LLVMOpaquePointer.get()
    if text.startswith("!llvm.ptr<"):
        return _LLVMPointer((int(text[len("!llvm.ptr<") : -1]),))
    return parse_type(text)


@needs_mlir_opt
@pytest.mark.parametrize("text", POINTER_PROBES)
def test_pointer_like_types_agree_with_mlir_opt(text: str) -> None:
    """OpenACC's `PointerLikeType` (or `MappableType`, which no type of MLIR's own
    dialects implements) accepts a type exactly when `acc.copyin` does in mlir-opt-22,
    and OpenMP's (without unranked memrefs) exactly when `omp.atomic.read` does."""
    t = _probe(text)
    acc = (
        f"func.func @f(%a: {text}) {{\n"
        f"  %0 = acc.copyin var(%a : {text}) varType(i32) -> {text}\n  return\n}}\n"
    )
    assert is_memref_or_llvm_ptr(t) == _accepts(acc)
    omp = (
        f"func.func @f(%a: {text}, %b: {text}) {{\n"
        f"  omp.atomic.read %a = %b : {text}, {text}, i32\n  return\n}}\n"
    )
    assert is_memref_or_llvm_ptr(t, False) == _accepts(omp)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pdl, pdl_interp, async and gpu imported into one package."""
    tmp_path = tmp_path_factory.mktemp("misc")
    status, out, err = _import(tmp_path, *FILES)
    assert status == 0, err
    for dialect in ("pdl", "pdl_interp", "async", "gpu"):
        assert f"{dialect}:" in out, out
    return tmp_path


def _odsgen_opt(tmp_path: Path, program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`odsgen opt` over the imported package, with this checkout's runtime."""
    path = os.pathsep.join([str(tmp_path / "out" / "mlirpy"), str(ROOT)])
    env = dict(os.environ, PYTHONPATH=path)
    return subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", "--replace-builtin", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )


def _compare(tmp_path: Path, chunks: list[str]) -> tuple[dict[str, int], list[str]]:
    """Each chunk through mlir-opt-22 and odsgen in custom form, and the valid ones
    in generic form too: the same output where mlir-opt-22 accepts a chunk, the same
    first error where it rejects one. Returns the count of chunks by kind, and the
    mismatches."""
    mismatches: list[str] = []
    total = {"valid": 0, "invalid": 0}
    valid: list[str] = []
    for flags in ([], ["--mlir-print-op-generic"]):
        batch = chunks if not flags else valid
        program = tmp_path / f"cases{len(flags)}.mlir"
        program.write_text("// -----\n".join(batch), encoding="utf-8")
        starts, line = [], 1
        for text in batch:
            starts.append(line)
            line += text.count("\n") + 1
        run = ["--split-input-file", *flags]
        expected = subprocess.run(
            ["mlir-opt-22", *run, str(program)], capture_output=True, text=True, check=False
        )
        got = _odsgen_opt(tmp_path, program, *run)
        assert "Traceback" not in got.stderr, got.stderr[-3000:]
        want_errors = _first_errors(expected.stderr, starts)
        got_errors = _first_errors(got.stderr, starts)
        want_out, got_out = _chunks_of(expected.stdout), _chunks_of(got.stdout)
        for i, text in enumerate(batch):
            if i in want_errors:
                total["invalid"] += 1
                same = got_errors.get(i) == want_errors[i]
            else:
                if not flags:
                    valid.append(text)
                total["valid"] += 1
                same = (
                    i not in got_errors
                    and i < min(len(got_out), len(want_out))
                    and got_out[i] == want_out[i]
                )
            if not same:
                want = want_errors.get(i, want_out[i] if i < len(want_out) else "?")
                mismatches.append(f"{' '.join(flags)} {text!r}: {want}")
    return total, mismatches


def _function(args: str, body: str) -> str:
    """A function of `body`, which may end in its own terminator (`pdl_interp.finalize`)."""
    end = "" if body.endswith("finalize") else "\n  return"
    return f"func.func @f({args}) {{\n{body}{end}\n}}\n"


#: Types of other dialects' syntax, written in full as function arguments.
TYPES = [
    "!pdl.range<type>",
    "!pdl.range< value >",
    "!pdl.range<attribute>",
    "!pdl.range<operation>",
    "!pdl.range<i32>",
    "!pdl.range<range<type>>",
    "!pdl.range<>",
    "!pdl.range<type x>",
    "!pdl.range",
    "!pdl.range<!pdl.type>",
    "!async.value<f32>",
    "!async.value< memref<4xf32> >",
    "!async.value<!async.value<i1>>",
    "!async.value<>",
    "!async.value",
    "!async.value<i32 x>",
    "!gpu.async.token",
    "!gpu.sparse.dntensor_handle",
    "!gpu.sparse.spmat_handle",
    "!gpu.sparse.spgemmop_handle",
    '!gpu.mma_matrix<16x16xf16, "AOp">',
    '!gpu.mma_matrix< 16 x 8 x si8 ,"BOp" >',
    '!gpu.mma_matrix<16x16xui8, "COp">',
    '!gpu.mma_matrix<16x16xf64, "COp">',
    '!gpu.mma_matrix<16xf16, "AOp">',
    '!gpu.mma_matrix<2x16x16xf16, "AOp">',
    '!gpu.mma_matrix<16x16xi8, "AOp">',
    '!gpu.mma_matrix<16x16xbf16, "AOp">',
    '!gpu.mma_matrix<16x16xf16, "DOp">',
    '!gpu.mma_matrix<?x16xf16, "AOp">',
    "!gpu.mma_matrix<16x16xf16>",
    '!gpu.mma_matrix<16x16xvector<2xf16>x, "AOp">',
    "!gpu.mma_matrix",
]


@needs_mlir
@needs_mlir_opt
def test_runtime_types_print_and_fail_as_mlir_opt(imported: Path) -> None:
    """`!pdl.range`, `!async.value` and the `gpu` types the runtime defines read and
    print as mlir-opt-22's, and malformed ones give its first error."""
    chunks = [_function(f"%a: {t}", "") for t in TYPES]
    total, mismatches = _compare(imported, chunks)
    assert total["valid"] >= 10, total
    assert total["invalid"] >= 6, total
    assert not mismatches, mismatches


#: Ops these imports complete, in custom form, valid and not: (arguments, body).
OPS = [
    # pdl_interp over pdl's types, which it builds where its format leaves them out.
    (
        "%op: !pdl.operation, %r: !pdl.range<type>, %t: !pdl.type, %a: !pdl.attribute",
        """  %0 = pdl_interp.get_operand 0 of %op
  %1 = pdl_interp.get_result 1 of %op
  %2 = pdl_interp.create_type i32
  %3 = pdl_interp.get_attribute "attr" of %op
  %4 = pdl_interp.create_attribute 10 : i64
  %5 = pdl_interp.get_attribute_type of %a
  %6 = pdl_interp.get_defining_op of %0 : !pdl.value
  pdl_interp.check_operation_name of %op is "foo.op" -> ^bb1, ^bb2
^bb1:
  pdl_interp.check_operand_count of %op is at_least 1 -> ^bb2, ^bb2
^bb2:
  pdl_interp.check_result_count of %op is 2 -> ^bb3, ^bb3
^bb3:
  pdl_interp.check_attribute %a is 5 -> ^bb4, ^bb4
^bb4:
  pdl_interp.check_type %t is i32 -> ^bb5, ^bb5
^bb5:
  pdl_interp.is_not_null %op : !pdl.operation -> ^bb6, ^bb6
^bb6:
  pdl_interp.erase %op
  pdl_interp.finalize""",
    ),
    ("%op: !pdl.operation", "  %0 = pdl_interp.get_operand -1 of %op"),
    ("%t: !pdl.type", "  %0 = pdl_interp.get_operand 0 of %t"),
    (
        "%op: !pdl.operation",
        '  %0 = "pdl_interp.get_result"(%op) <{index = 0 : i32}> : (!pdl.operation) -> !pdl.type',
    ),
    (
        "%v: !pdl.value",
        "  pdl_interp.is_not_null %v : !pdl.value -> ^bb1, ^bb1\n^bb1:\n  pdl_interp.finalize",
    ),
    # async's runtime ops over !async.value.
    (
        "%v: !async.value<f32>, %t: !async.token, %g: !async.group, %x: f32, "
        "%m: !async.value<memref<4xf32>>",
        """  %0 = async.runtime.create : !async.value<f32>
  %1 = async.runtime.create : !async.token
  async.runtime.add_ref %v {count = 2 : i64} : !async.value<f32>
  async.runtime.drop_ref %t {count = 1 : i64} : !async.token
  async.runtime.set_available %v : !async.value<f32>
  async.runtime.set_error %t : !async.token
  %2 = async.runtime.is_error %v : !async.value<f32>
  async.runtime.await %v : !async.value<f32>
  %3 = async.runtime.load %v : <f32>
  async.runtime.store %x, %v : <f32>
  %4 = async.runtime.add_to_group %t, %g : !async.token
  %5 = async.add_to_group %t, %g : !async.token
  %6 = async.create_group %4 : !async.group
  %7 = async.runtime.load %m : <memref<4xf32>>""",
    ),
    ("%v: !async.value<f32>", "  %0 = async.runtime.load %v : <i32>"),
    ("%v: !async.value<f32>, %x: i32", "  async.runtime.store %x, %v : <f32>"),
    ("%v: f32", "  async.runtime.add_ref %v {count = 1 : i64} : f32"),
    # gpu's asynchronous ops.
    (
        "%t: !gpu.async.token, %d: !gpu.sparse.dntensor_handle, "
        "%s: !gpu.sparse.spmat_handle, %e: !gpu.sparse.spgemmop_handle",
        """  %0 = gpu.wait async
  %1 = gpu.wait async [%t, %0]
  gpu.wait [%t]
  gpu.wait
  %2 = gpu.wait async []
  %3 = gpu.destroy_dn_tensor async [%t] %d
  gpu.destroy_sp_mat %s
  %4 = gpu.spgemm_destroy_descr async [%3] %e""",
    ),
    (
        '%a: !gpu.mma_matrix<16x16xf16, "AOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">, '
        "%x: f32, %i: index",
        """  %0 = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
  %1 = gpu.subgroup_mma_elementwise addf %c, %0 : (!gpu.mma_matrix<16x16xf32, "COp">, \
!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %2 = gpu.subgroup_mma_elementwise maxf %c, %a : (!gpu.mma_matrix<16x16xf32, "COp">, \
!gpu.mma_matrix<16x16xf16, "AOp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %3 = gpu.subgroup_mma_extract_thread_local %c[%i] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %4 = gpu.subgroup_mma_insert_thread_local %x, %c[%i] : f32, \
!gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">""",
    ),
    (
        "%x: f16",
        '  %0 = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">',
    ),
    (
        "%x: f16",
        '  %0 = "gpu.subgroup_mma_constant_matrix"(%x) : (f16) -> '
        '!gpu.mma_matrix<16x16xf32, "COp">',
    ),
    (
        '%c: !gpu.mma_matrix<16x16xf32, "COp">',
        "  %0 = gpu.subgroup_mma_extract_thread_local %c : "
        '!gpu.mma_matrix<16x16xf32, "COp"> -> f32',
    ),
    ("%t: !gpu.async.token", "  gpu.wait async [%t]"),
    ("%t: !gpu.async.token", "  %0 = gpu.wait async [%t"),
    ("%f: f32", "  %0 = gpu.wait async [%f]"),
    ("%f: f32", '  %0 = "gpu.wait"(%f) : (f32) -> !gpu.async.token'),
    ("", '  %0 = "gpu.wait"() : () -> i32'),
]


@needs_mlir
@needs_mlir_opt
def test_completed_ops_print_and_fail_as_mlir_opt(imported: Path) -> None:
    """A sample of the pdl_interp, async and gpu ops these translations complete, in
    custom and generic form, as mlir-opt-22 prints them; where it rejects one,
    the same first error."""
    chunks = [_function(args, body) for args, body in OPS]
    total, mismatches = _compare(imported, chunks)
    assert total["valid"] >= 5, total
    assert total["invalid"] >= 6, total
    assert not mismatches, mismatches


@needs_mlir
def test_report_counts_the_completed_ops(imported: Path) -> None:
    """The ops these translations unblock are complete in the import's report."""
    status, out, err = _import(imported, *FILES)
    assert status == 0, err
    counts = {
        line.split(":", 1)[0]: int(line.split(",")[1].split()[0])
        for line in out.splitlines()
        if " ops, " in line
    }
    assert counts["pdl_interp"] >= 20, out
    assert counts["async"] >= 23, out
    assert counts["gpu"] >= 30, out
