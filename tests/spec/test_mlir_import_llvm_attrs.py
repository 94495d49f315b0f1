"""`odsgen import` of the LLVM dialect's attributes and types that other dialects' ops
use, against mlir-opt-22.

`nvvm`, `rocdl` and `xevm` ops take a `range` (`#llvm.constant_range<i32, 0, 64>`,
an `AttrDef` of the `llvm` dialect whose syntax is C++); imported with `llvm` in the
same run, the attribute is imported into `llvm` and named by their imports. The
LLVM types MLIR defines in C++ only (`!llvm.token`, `!llvm.void`) and
`!llvm.struct` (literal and identified) are runtime types. Each is checked against
mlir-opt-22: the same text in custom and generic form, the same errors.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import yaml
from spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    ODSGEN,
    _import,
    needs_mlir,
    needs_mlir_opt,
)

from generator.ir import wrap_signed

FILES = [
    DIALECTS / "LLVMIR" / "LLVMOps.td",
    DIALECTS / "LLVMIR" / "LLVMIntrinsicOps.td",
    DIALECTS / "LLVMIR" / "NVVMOps.td",
    DIALECTS / "LLVMIR" / "ROCDLOps.td",
    DIALECTS / "LLVMIR" / "XeVMOps.td",
]

#: `!llvm.token` and the ops that make and take one; the C++-only types in any op.
TOKENS = """\
func.func @f(%p: !llvm.ptr, %i: i32, %b: i1) {
  %0 = llvm.mlir.none : !llvm.token
  %1 = llvm.intr.coro.id %i, %p, %p, %p : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.token
  %2 = llvm.intr.coro.begin %1, %p : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  %4 = llvm.intr.coro.free %1, %p : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  %5 = llvm.intr.coro.end %p, %b, %0 : (!llvm.ptr, i1, !llvm.token) -> !llvm.token
  "test.x"() : () -> !llvm.void
  return
}
// -----
func.func @f() {
  %0 = llvm.mlir.none : i32
  return
}
"""

#: Literal and identified structs, LLVM element types with and without `!llvm.`,
#: and the errors of the struct's syntax and of an identified struct's body.
STRUCTS = """\
"test.a"() : () -> !llvm.struct<(i32, f32)>
"test.a"() : () -> !llvm.struct<()>
"test.a"() : () -> !llvm.struct<packed (i8, i32)>
"test.a"() : () -> !llvm.struct<"foo", (i32)>
"test.a"() : () -> !llvm.struct<"bar", opaque>
"test.a"() : () -> !llvm.struct<"baz", packed (i8)>
"test.a"() : () -> !llvm.struct<"qux", ()>
"test.a"() : () -> !llvm.struct<(struct<(i32)>, !llvm.ptr, ptr<3>, vector<4xf32>, \
!llvm.struct<packed (i1)>, vector<2x!llvm.ptr>)>
"test.a"() : () -> !llvm.struct<( i32 ,f32 )>
"test.a"() : () -> !llvm.struct<(index, tensor<4xf32>)>
"test.a"() : () -> !llvm.struct<"a\\"b", (i32)>
"test.a"() {x = [!llvm.struct<(i32)>, !llvm.struct<"foo", (i32)>]} : () -> !llvm.struct<(i32)>
"""
for _bad in (
    '!llvm.struct<"foo">',
    "!llvm.struct<i32>",
    "!llvm.struct<packed>",
    '!llvm.struct<"x", i32>',
    "!llvm.struct<(!llvm.void)>",
    "!llvm.struct<(token)>",
    "!llvm.struct<(i32,)>",
    "!llvm.struct<(i32 f32)>",
    "!llvm.struct<(bogus)>",
):
    STRUCTS += f'// -----\n"test.x"() : () -> {_bad}\n'
for _first, _second in (
    ('"x", opaque', '"x", (i32)'),
    ('"x", (i32)', '"x", (i32)'),
    ('"x", opaque', '"x", opaque'),
    ('"x", (i32)', '"x", packed (i32)'),
    ('"x", ()', '"x", (i32)'),
    ('"x", (i32)', '"x", opaque'),
):
    # The name fixes the body within one chunk, not the next one's.
    STRUCTS += (
        f'// -----\n"test.a"() : () -> !llvm.struct<{_first}>\n'
        f'"test.b"() : () -> !llvm.struct<{_second}>\n'
        f'// -----\n"test.c"() : () -> !llvm.struct<{_second}>\n'
    )

#: `#llvm.constant_range` alone: bounds wrapped to the width, printed signed.
RANGES = """\
"test.r"() {r = #llvm.constant_range<i8, 255, 3>} : () -> ()
"test.r"() {r = #llvm.constant_range<i8, 256, -129>} : () -> ()
"test.r"() {r = #llvm.constant_range<i1, 1, 0>} : () -> ()
"test.r"() {r = #llvm.constant_range<si32, 0x10, true>} : () -> ()
"test.r"() {r = #llvm.constant_range<i0, 0, 0>} : () -> ()
"test.r"() {r = #llvm.constant_range<i128, 340282366920938463463374607431768211455, 0>} : () -> ()
"test.r"() {r = #llvm.constant_range< i32 , 0,1>} : () -> ()
"""
for _bad in ("<f32, 0, 1>", "<i32, 0>", "<i32 0, 1>", "<i32, 1.5, 1>", "<i32, -x, 1>", "<>"):
    RANGES += f'// -----\n"test.r"() {{r = #llvm.constant_range{_bad}}} : () -> ()\n'


def _range_cases(out: Path) -> str:
    """Every imported op with a `range` and no operands, in custom and generic form,
    with valid ranges, equal bounds (NVVM's ops reject those that are not the full
    or empty range) and malformed ones."""
    chunks = []
    for dialect in ("nvvm", "rocdl", "xevm"):
        spec = yaml.safe_load((out / "mlirpy" / f"{dialect}.yaml").read_text("utf-8"))
        for op in spec.get("ops", ()):
            names = {a["name"] for a in op.get("attributes", ())}
            if "range" not in names or op.get("operands") or len(op.get("results", ())) != 1:
                continue
            name = f"{dialect}.{op['mnemonic']}"
            chunks += [
                f"%0 = {name} range <i32, 0, 64> : i32\n%1 = {name} : i32\n",
                f'%0 = "{name}"() <{{range = #llvm.constant_range<i8, 255, 3>}}> : () -> i64\n',
                f"%0 = {name} range <i32, 5, 5> : i32\n%1 = {name} range <i32, -1, -1> : i32\n",
                f"%0 = {name} range <f32, 0, 1> : i32\n",
                f"%0 = {name} range <i32, x, 1> : i32\n",
                f"%0 = {name} {{range = 5 : i32}} : i32\n",
            ]
    return "// -----\n".join(chunks)


def _both(tmp_path: Path, name: str, text: str, *flags: str) -> None:
    """mlir-opt-22 and odsgen opt print the same text and the same errors."""
    program = tmp_path / name
    program.write_text(text, encoding="utf-8")
    env_path = str(tmp_path / "out" / "mlirpy")
    for form in ([], ["--mlir-print-op-generic"]):
        run = [*flags, "--split-input-file", *form, str(program)]
        want = subprocess.run(["mlir-opt-22", *run], capture_output=True, text=True)
        got = subprocess.run(
            [str(ODSGEN), "opt", "--load-dialect", "mlirpy", "--replace-builtin", *run],
            capture_output=True,
            text=True,
            # The generated package, then the runtime the test runs with.
            env=dict(
                os.environ,
                PYTHONPATH=os.pathsep.join(filter(None, [env_path, os.environ.get("PYTHONPATH")])),
            ),
            cwd=tmp_path,
        )
        assert "Traceback" not in got.stderr, got.stderr[-3000:]
        assert got.stderr == want.stderr, (name, form)
        assert got.stdout == want.stdout, (name, form)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("llvm_attrs")
    status, _, err = _import(tmp_path, *FILES)
    assert status == 0, err
    return tmp_path


@needs_mlir
@needs_mlir_opt
def test_range_ops_against_mlir_opt(imported: Path) -> None:
    """The `nvvm`, `rocdl` and `xevm` ops with a `range`, complete once
    `#llvm.constant_range` is imported, parse, print and verify as in mlir-opt-22."""
    text = _range_cases(imported / "out")
    for dialect in ("nvvm.", "rocdl.", "xevm."):
        assert f"{dialect}" in text, dialect
    assert text.count("// -----") >= 50 * 6 - 1
    _both(imported, "ranges.mlir", text)


@needs_mlir
@needs_mlir_opt
def test_constant_range_attribute_against_mlir_opt(imported: Path) -> None:
    """`#llvm.constant_range` on its own: wrapping, widths, spellings, errors."""
    _both(imported, "range_attr.mlir", RANGES, "--allow-unregistered-dialect")


@needs_mlir
@needs_mlir_opt
def test_llvm_cpp_types_against_mlir_opt(imported: Path) -> None:
    """`!llvm.token` and the ops that use it, `!llvm.void`, and `!llvm.struct` in
    all its forms (the ops' predicates name them, so the run imports them)."""
    _both(imported, "tokens.mlir", TOKENS, "--allow-unregistered-dialect")
    _both(imported, "structs.mlir", STRUCTS, "--allow-unregistered-dialect")


@needs_mlir
def test_foreign_attribute_needs_its_dialect_in_the_run(tmp_path: Path) -> None:
    """Imported without `LLVMOps.td`, `llvm` has no ops in the run, so an `nvvm` op
    with a `range` stays incomplete and the report says why."""
    run = subprocess.run(
        [str(ODSGEN), "import", "-I", str(MLIR_INCLUDE), str(FILES[2]), "--report", "-v"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [
        line for line in run.stdout.splitlines() if line.startswith("  nvvm.read.ptx.sreg.tid.x:")
    ]
    assert lines, run.stdout[-2000:]
    assert "attribute LLVM_ConstantRangeAttr of dialect 'llvm' (not imported)" in lines[0]


@pytest.mark.parametrize(
    ("value", "width", "expected"),
    [(255, 8, -1), (256, 8, 0), (-129, 8, 127), (1, 1, -1), (5, 0, 0), (-1, 64, -1)],
)
def test_wrap_signed(value: int, width: int, expected: int) -> None:
    """Bounds are wrapped to the width and read signed, as `APInt::sextOrTrunc`."""
    assert wrap_signed(value, width) == expected
