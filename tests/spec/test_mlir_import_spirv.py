"""`odsgen import` of MLIR's SPIR-V dialect against mlir-opt-22.

SPIR-V's composite types are C++ classes with hand-written syntax, which the
runtime provides (`generator.ir.spirv`); its ops' constraints and traits ask for
them (`isa<spirv::PointerType>`, the pointee of a pointer) and for helpers of the
dialect (`getUnaryOpResultType`, `isDirectInModuleLikeOp`). These tests check the
types' text and errors, and a sample of the ops the translations complete, against
what mlir-opt-22 prints and reports. Expected IR comes from mlir-opt-22 at test time.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    ODSGEN,
    _case,
    _chunks_of,
    _first_errors,
    needs_mlir,
    needs_mlir_opt,
)

SPIRV = DIALECTS / "SPIRV" / "IR" / "SPIRVOps.td"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The imported `spirv` package (in `<dir>/out/mlirpy`) and the `--report -v` text."""
    tmp_path = tmp_path_factory.mktemp("spirv")
    out = tmp_path / "out"
    out.mkdir()
    run = subprocess.run(
        [*_import_command(tmp_path), "-v"], capture_output=True, text=True, cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    return tmp_path, run.stdout + run.stderr


def _import_command(tmp_path: Path) -> list[str]:
    return [
        str(ODSGEN),
        "import",
        "-I",
        str(MLIR_INCLUDE),
        str(SPIRV),
        "-o",
        str(tmp_path / "out" / "mlirpy"),
        "--report",
    ]


def _opt(tmp_path: Path, program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`odsgen opt` with the imported package first on the path (before the runtime's
    own location, when that is given by PYTHONPATH)."""
    paths = [str(tmp_path / "out" / "mlirpy"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    return subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )


def _compare(tmp_path: Path, chunks: list[str], *flags: str) -> tuple[list[str], list[str]]:
    """Run `chunks` (split input) through mlir-opt-22 and odsgen with `flags`: for
    each chunk, a mismatch line unless both print it identically or both give the
    same first error; and the chunks mlir-opt-22 accepts."""
    program = tmp_path / "chunks.mlir"
    program.write_text("// -----\n".join(chunks), encoding="utf-8")
    starts, line = [], 1
    for text in chunks:
        starts.append(line)
        line += text.count("\n") + 1
    run = ["--split-input-file", *flags, str(program)]
    expected = subprocess.run(["mlir-opt-22", *run], capture_output=True, text=True)
    got = _opt(tmp_path, program, *run[:-1])
    assert "Traceback" not in got.stderr, got.stderr[-3000:]
    want_errors = _first_errors(expected.stderr, starts)
    got_errors = _first_errors(got.stderr, starts)
    want_out, got_out = _chunks_of(expected.stdout), _chunks_of(got.stdout)
    # Outputs of the chunks without errors, in order.
    valid = [i for i in range(len(chunks)) if i not in want_errors]
    got_valid = [i for i in range(len(chunks)) if i not in got_errors]
    mismatches = []
    for i, text in enumerate(chunks):
        if i in want_errors:
            if got_errors.get(i) != want_errors[i]:
                mismatches.append(f"{text!r}: want {want_errors[i]!r}, got {got_errors.get(i)!r}")
        elif i in got_errors:
            mismatches.append(f"{text!r}: valid, got {got_errors[i]!r}")
        else:
            want = want_out[valid.index(i)] if valid.index(i) < len(want_out) else None
            have = got_out[got_valid.index(i)] if got_valid.index(i) < len(got_out) else None
            if want != have:
                mismatches.append(f"{text!r}: want {want!r}, got {have!r}")
    return mismatches, [chunks[i] for i in valid]


#: SPIR-V types, well-formed and not, around each C++ class's parser.
TYPES = [
    "!spirv.ptr<f32, Function>",
    "!spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>",
    "!spirv.ptr<vector<4xi32>, PhysicalStorageBuffer>",
    "!spirv.ptr<index, Function>",
    "!spirv.ptr<f32, Foo>",
    "!spirv.ptr<f32>",
    "!spirv.array<4 x f32>",
    "!spirv.array<4xf32, stride=4>",
    "!spirv.array< 4 x f32 , stride = 4 >",
    "!spirv.array<4 x !spirv.ptr<f32, Function>, stride=8>",
    "!spirv.array<0 x f32>",
    "!spirv.array<-1 x f32>",
    "!spirv.array<4 f32>",
    "!spirv.array<f32>",
    "!spirv.array<4 x index>",
    "!spirv.array<4 x i128>",
    "!spirv.array<4 x si32>",
    "!spirv.array<4 x f8E4M3FN>",
    "!spirv.array<4 x vector<5xf32>>",
    "!spirv.array<4 x vector<2x2xf32>>",
    "!spirv.array<4 x tensor<4xf32>>",
    "!spirv.rtarray<f32>",
    "!spirv.rtarray<vector<4xf32>, stride = 16>",
    "!spirv.rtarray<f32, stride=0>",
    "!spirv.rtarray<f32, stride=-1>",
    "!spirv.rtarray<f32, stride=4294967296>",
    "!spirv.rtarray<f32, foo=4>",
    "!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>",
    "!spirv.coopmatrix<8 x 16 x i8, Workgroup, MatrixAcc>",
    "!spirv.coopmatrix<8x16xindex, Subgroup, MatrixA>",
    "!spirv.coopmatrix<8x16xf32, Foo, MatrixA>",
    "!spirv.coopmatrix<8x16xf32, Subgroup, Foo>",
    "!spirv.coopmatrix<8xf32, Subgroup, MatrixA>",
    "!spirv.coopmatrix<8x16x2xf32, Subgroup, MatrixA>",
    "!spirv.matrix<4 x vector<4xf32>>",
    "!spirv.matrix<2 x vector<3xf16>>",
    "!spirv.matrix<4 x f32>",
    "!spirv.matrix<1 x vector<4xf32>>",
    "!spirv.matrix<3 x vector<4xi32>>",
    "!spirv.matrix<3 x vector<1xf32>>",
    "!spirv.matrix<3 x vector<4xf32>, stride=4>",
    "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>",
    "!spirv.image<i32, Cube, IsDepth, Arrayed, MultiSampled, NeedSampler, Rgba8>",
    "!spirv.image<f32, Foo, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>",
    "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Foo>",
    "!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled,"
    " NeedSampler, Unknown>>",
    "!spirv.sampled_image<f32>",
    "!spirv.struct<()>",
    "!spirv.struct<(f32, i32)>",
    "!spirv.struct<(f32[0],i32[4])>",
    "!spirv.struct<(f32 [0]), Block>",
    "!spirv.struct<(f32 [0], vector<3xf32> [16]), Block, Restrict>",
    "!spirv.struct<(f32 [0, NonReadable, NonWritable])>",
    "!spirv.struct<(f32 [0, RelaxedPrecision, NonWritable])>",
    "!spirv.struct<(f32 [NonWritable])>",
    "!spirv.struct<(f32 [0, Offset=4])>",
    "!spirv.struct<(f32, !spirv.array<2 x i32>)>",
    "!spirv.struct<(f32 [0], i32)>",
    "!spirv.struct<(f32 [Foo])>",
    "!spirv.struct<A, (f32 [0]), Block>",
    "!spirv.struct<A, ()>",
    '!spirv.struct<"A b", (f32)>',
    "!spirv.struct<A, (!spirv.ptr<!spirv.struct<A>, Function>)>",
    "!spirv.struct<A, (!spirv.ptr<!spirv.struct<B, (!spirv.ptr<!spirv.struct<A>, Function>)>,"
    " Function>)>",
    "!spirv.struct<A>",
    "!spirv.struct<A, (!spirv.struct<A, (f32)>)>",
    "!spirv.struct<A, (!spirv.struct<B>)>",
    "!spirv.foo",
]


@needs_mlir
@needs_mlir_opt
def test_spirv_types_print_and_fail_as_mlir_opt(imported: tuple[Path, str]) -> None:
    """Each SPIR-V type, as a function's argument, prints as mlir-opt-22 prints it
    or gives its first error, in custom and generic form."""
    tmp_path, _ = imported
    chunks = [f"func.func private @f(%a: {t})\n" for t in TYPES]
    mismatches, valid = _compare(tmp_path, chunks)
    assert mismatches == []
    assert 20 < len(valid) < len(chunks) - 20
    assert _compare(tmp_path, valid, "--mlir-print-op-generic")[0] == []


#: The types the cases give each operand and result: scalars and vectors SPIR-V
#: takes and does not, and its own types.
CASE_TYPES = [
    "i32",
    "f32",
    "i1",
    "vector<4xf32>",
    "vector<3xi32>",
    "index",
    "!spirv.ptr<f32, Function>",
    "!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>",
]


def _sample(tmp_path: Path, report: str, every: int) -> list[tuple[str, str]]:
    """(op, generic case) for every `every`-th complete op (by name) without
    regions, successors or attributes lacking a default, for each pair of types."""
    spec = yaml.safe_load((tmp_path / "out" / "mlirpy" / "spirv.yaml").read_text("utf-8"))
    incomplete = set(re.findall(r"^  (spirv\.[\w.]+):", report, re.M))
    ops = sorted(
        (op for op in spec["ops"] if f"spirv.{op['mnemonic']}" not in incomplete),
        key=lambda op: str(op["mnemonic"]),
    )
    out = []
    for op in ops[::every]:
        if op.get("regions") or op.get("successors"):
            continue
        if any(
            "default" not in a and not a["type"].startswith(("DefaultValued", "Optional"))
            for a in op.get("attributes", ())
        ):
            continue
        name = f"spirv.{op['mnemonic']}"
        n_in, n_out = len(op.get("operands", ())), len(op.get("results", ()))
        for t_in in CASE_TYPES if n_in else ["f32"]:
            for t_out in CASE_TYPES if n_out else ["f32"]:
                out.append((name, _case(name, [t_in] * n_in, [t_out] * n_out)))
    return out


@needs_mlir
@needs_mlir_opt
def test_complete_spirv_ops_against_mlir_opt(imported: tuple[Path, str]) -> None:
    """A sample of the complete spirv ops (every fourth by name) in generated programs
    over SPIR-V's types and others: where mlir-opt-22 accepts a program, odsgen
    prints it identically in custom and generic form; where it rejects one, odsgen
    gives the same first error. Every case agrees."""
    tmp_path, report = imported
    cases = _sample(tmp_path, report, 4)
    names = {name for name, _ in cases}
    assert len(names) >= 30, sorted(names)
    mismatches, valid = _compare(tmp_path, [text for _, text in cases])
    assert mismatches == [], mismatches[:10]
    assert 0 < len(valid) < len(cases)
    mismatches, _ = _compare(tmp_path, valid, "--mlir-print-op-generic")
    assert mismatches == [], mismatches[:10]
    valid_ops = {name for name, text in cases if text in valid}
    assert len(valid_ops) >= 20, sorted(valid_ops)


#: Ops whose traits ask SPIR-V's types and helpers: the pointee of a pointer, the
#: `i1` counterpart of an operand, an enum attribute's case, cooperative matrices
#: and Arm tensors in operands, in custom and generic form, valid and not.
TRAIT_CASES = [
    """\
func.func @f(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32, %x: f32, %b: vector<4xi32>) {
  %0 = spirv.AtomicExchange <Workgroup> <Acquire> %p, %v : !spirv.ptr<i32, Workgroup>
  %1 = spirv.AtomicCompareExchange <Workgroup> <Acquire> <None> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  %2 = spirv.GroupNonUniformAllEqual <Subgroup> %x : f32, i1
  %3 = spirv.GroupNonUniformBallotBitCount <Subgroup> <Reduce> %b : vector<4xi32> -> i32
  %4 = spirv.FOrdEqual %x, %x : f32
  %5 = spirv.IEqual %b, %b : vector<4xi32>
  return
}
""",
    """\
func.func @f(%p: !spirv.ptr<i32, Workgroup>, %v: f32) {
  %0 = "spirv.AtomicExchange"(%p, %v) <{memory_scope = #spirv.scope<Workgroup>, semantics = #spirv.memory_semantics<Acquire>}> : (!spirv.ptr<i32, Workgroup>, f32) -> f32
  return
}
""",
    """\
func.func @f(%p: !spirv.ptr<i32, Workgroup>, %v: i32) {
  %0 = "spirv.AtomicExchange"(%p, %v) <{memory_scope = #spirv.scope<Workgroup>, semantics = #spirv.memory_semantics<Acquire>}> : (!spirv.ptr<i32, Workgroup>, i32) -> f32
  return
}
""",
    """\
func.func @f(%x: f32) {
  %0 = spirv.GroupNonUniformAllEqual <Workgroup> %x : f32, i1
  return
}
""",
    """\
func.func @f(%x: vector<4xf32>) {
  %0 = "spirv.FOrdEqual"(%x, %x) : (vector<4xf32>, vector<4xf32>) -> i1
  return
}
""",
    """\
func.func @f(%x: vector<3xf32>) {
  %0 = "spirv.FOrdEqual"(%x, %x) : (vector<3xf32>, vector<3xf32>) -> vector<3xi1>
  return
}
""",
    """\
func.func @f(%x: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>) {
  %0 = spirv.FAdd %x, %x : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>
  %1 = spirv.FNegate %x : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>
  return
}
""",
    """\
func.func @f(%x: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, %y: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixB>) {
  %0 = "spirv.FAdd"(%x, %y) : (!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, !spirv.coopmatrix<8x16xf32, Subgroup, MatrixB>) -> !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>
  return
}
""",
    """\
func.func @f(%x: !spirv.arm.tensor<2x3xf32>) {
  %0 = spirv.FAdd %x, %x : !spirv.arm.tensor<2x3xf32>
  return
}
""",
]


@needs_mlir
@needs_mlir_opt
def test_spirv_traits_against_mlir_opt(imported: tuple[Path, str]) -> None:
    """The translated traits accept and reject what mlir-opt-22 does, with its first
    error, and valid cases print identically in custom and generic form."""
    tmp_path, _ = imported
    mismatches, valid = _compare(tmp_path, TRAIT_CASES)
    assert mismatches == []
    assert 0 < len(valid) < len(TRAIT_CASES)
    assert _compare(tmp_path, valid, "--mlir-print-op-generic")[0] == []


#: Places an op may be put in (`MARK`): directly in a function, below an unknown op
#: in one, at the top level, in a module nested in a function, and so on.
PLACES = [
    "func.func @f() {\n  MARK\n  return\n}\n",
    'func.func @f() {\n  "test.foo"() ({\n    MARK\n  }) : () -> ()\n  return\n}\n',
    '"test.foo"() ({\n  MARK\n}) : () -> ()\n',
    "MARK\n",
    'func.func @f() {\n  "test.foo"() ({\n    builtin.module {\n'
    '      "test.bar"() ({\n        MARK\n      }) : () -> ()\n    }\n'
    "  }) : () -> ()\n  return\n}\n",
    '"test.foo"() ({\n  builtin.module {\n    MARK\n  }\n}) : () -> ()\n',
]


@needs_mlir_opt
@pytest.mark.parametrize(
    ("op", "what", "helper"),
    [
        ("spirv.Return", "function-like", "spirv_is_in_function"),
        (
            "spirv.GlobalVariable @v : !spirv.ptr<f32, Private>",
            "module-like",
            "spirv_is_module_like",
        ),
    ],
)
def test_spirv_placement_helpers_agree_with_mlir_opt(op: str, what: str, helper: str) -> None:
    """`isNestedInFunctionOpInterface` and `isDirectInModuleLikeOp`, asked of the
    parent of an op in each place, hold exactly where mlir-opt-22 accepts a SPIR-V op
    that requires them there (`spirv.Return`, `spirv.GlobalVariable`)."""
    import generated
    import generator.ir as ir
    from generator.ir import SourceFile, parse_source

    check = getattr(ir, helper)
    for place in PLACES:
        run = subprocess.run(
            ["mlir-opt-22", "--allow-unregistered-dialect", "-"],
            input=place.replace("MARK", op),
            capture_output=True,
            text=True,
        )
        rejected = f"op must appear in a {what} op's block" in run.stderr
        module = parse_source(
            SourceFile("<place>", place.replace("MARK", '"test.marker"() : () -> ()')),
            generated.context(allow_unregistered_dialects=True),
        )
        markers = [o for o in module.walk() if o.name == "test.marker"]
        assert len(markers) == 1
        assert check(markers[0].parent_op) != rejected, place


#: `#spirv.vce<...>` (`VerCapExtAttr`), well-formed and not.
VCE = [
    "#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>",
    "#spirv.vce<v1.5, [], []>",
    "#spirv.vce<v1.3, [Shader, Float16, Int8], [SPV_KHR_16bit_storage, SPV_KHR_8bit_storage]>",
    "#spirv.vce<v1.0,[Shader,Int8],[]>",
    "#spirv.vce<v1.9, [Shader], []>",
    "#spirv.vce<v1.0, [Shaderx], []>",
    "#spirv.vce<v1.0, [Shader], [SPV_foo]>",
    "#spirv.vce<v1.0, Shader, []>",
]


@needs_mlir
@needs_mlir_opt
def test_spirv_vce_attribute_as_mlir_opt(imported: tuple[Path, str]) -> None:
    """`#spirv.vce` prints as mlir-opt-22 prints it, or gives its first error."""
    tmp_path, _ = imported
    chunks = [f'"test.op"() {{a = {a}}} : () -> ()\n' for a in VCE]
    mismatches, valid = _compare(tmp_path, chunks, "--allow-unregistered-dialect")
    assert mismatches == []
    assert 0 < len(valid) < len(chunks)
