"""`odsgen import` of an out-of-tree dialect written for mlir-tblgen.

`tests/spec/toy/toy.td` is a dialect of our own in the style of MLIR's Toy
tutorial: it includes MLIR's `OpBase.td` and `FunctionInterfaces.td` and declares a
type, C++ builders, verifiers, a folder, a custom syntax (its function op) and DRR
patterns. Imported, its skeleton lists the hooks MLIR keeps in C++; with
`tests/spec/toy/toy_impl.py` (those hooks in Python) in the skeleton's place, every
op is complete and programs round-trip through `odsgen opt --load-dialect`.
MLIR's `.td` files are read in place; the tests skip where they are not installed.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
FIXTURE = Path(__file__).parent / "toy"
ODSGEN = Path(sys.executable).parent / "odsgen"

needs_mlir = pytest.mark.skipif(
    not (MLIR_INCLUDE / "mlir" / "IR" / "OpBase.td").is_file(),
    reason=f"MLIR 22's .td files are not installed under {MLIR_INCLUDE} (libmlir-22-dev)",
)

PROGRAM = """\
toy.func @main(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64> : tensor<2x3xf64>
  %1 = toy.transpose(%0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %2 = toy.transpose(%1 : tensor<3x2xf64>) to tensor<2x3xf64>
  %3 = toy.add %2, %a : tensor<2x3xf64>
  %4 = toy.reshape(%3 : tensor<2x3xf64>) to tensor<6xf64>
  %5 = toy.print %4 : tensor<6xf64>
  %6 = toy.print %3 after %5 : tensor<2x3xf64>
  toy.return %3 : tensor<2x3xf64>
}
toy.func private @decl(tensor<*xf64>) -> tensor<*xf64>
"""


def _import(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(MLIR_INCLUDE),
            str(FIXTURE / "toy.td"),
            "-o",
            str(tmp_path / "toypkg"),
            "--report",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )


def _opt(tmp_path: Path, text: str, *flags: str) -> subprocess.CompletedProcess[str]:
    program = tmp_path / "input.mlir"
    program.write_text(text, encoding="utf-8")
    return subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "toypkg", *flags, program.name],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ, PYTHONPATH=str(tmp_path / "toypkg")),
        cwd=tmp_path,
    )


def _hook_names() -> list[str]:
    """The functions the fixture's Python module defines: the dialect's hooks."""
    tree = ast.parse((FIXTURE / "toy_impl.py").read_text("utf-8"))
    return [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]


@pytest.fixture
def imported(tmp_path: Path) -> Path:
    """The fixture imported once, its hooks written, and imported again."""
    first = _import(tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[-1] == "total: 3/7 ops complete"
    skeleton = tmp_path / "toypkg" / "toypkg_impl" / "toy_impl.py"
    listed = skeleton.read_text("utf-8")
    # Every hook the fixture writes is one the skeleton asked for, with its C++.
    for name in _hook_names():
        assert f"# def {name}(" in listed, name
    assert "`LogicalResult verify()`" in listed
    assert "`ParseResult parse(OpAsmParser &, OperationState &)`" in listed
    assert "`OpFoldResult fold(FoldAdaptor)`" in listed
    shutil.copyfile(FIXTURE / "toy_impl.py", skeleton)
    second = _import(tmp_path)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines() == [
        "toy: 7 ops, 7 complete, 0 need hand-written Python",
        "total: 7/7 ops complete",
    ]
    return tmp_path


@needs_mlir
def test_fixture_is_ods_that_mlir_tblgen_accepts(tmp_path: Path) -> None:
    """The fixture is ODS for mlir-tblgen: its ops and its DRR patterns generate."""
    tblgen = shutil.which("mlir-tblgen-22")
    if tblgen is None:
        pytest.skip("mlir-tblgen-22 is not installed")
    for backend in ("-gen-op-decls", "-gen-op-defs", "-gen-rewriters", "-gen-typedef-decls"):
        run = subprocess.run(
            [tblgen, backend, "-I", str(MLIR_INCLUDE), str(FIXTURE / "toy.td")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0, (backend, run.stderr)


@needs_mlir
def test_programs_round_trip(imported: Path) -> None:
    """The custom form printed reads back to itself; the generic form reads back to
    the same program."""
    custom = _opt(imported, PROGRAM)
    assert custom.returncode == 0, custom.stderr
    assert "toy.func private @decl(tensor<*xf64>) -> tensor<*xf64>" in custom.stdout
    again = _opt(imported, custom.stdout)
    assert again.returncode == 0, again.stderr
    assert again.stdout == custom.stdout
    generic = _opt(imported, PROGRAM, "--mlir-print-op-generic")
    assert generic.returncode == 0, generic.stderr
    assert '"toy.func"()' in generic.stdout
    back = _opt(imported, generic.stdout)
    assert back.returncode == 0, back.stderr
    assert back.stdout == custom.stdout


@needs_mlir
def test_hooks_fold_canonicalize_and_verify(imported: Path) -> None:
    """The Python hooks run: the canonicalizer removes a transpose of a transpose,
    and the verifiers reject what they check, at the op."""
    canonical = _opt(imported, PROGRAM, "--canonicalize")
    assert canonical.returncode == 0, canonical.stderr
    assert "toy.transpose" not in canonical.stdout
    assert "toy.print" in canonical.stdout
    assert _opt(imported, canonical.stdout).stdout == canonical.stdout
    bad = (
        "toy.func @f(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {\n"
        "  %0 = toy.transpose(%a : tensor<2x3xf64>) to tensor<2x3xf64>\n"
        "  toy.return %a : tensor<2x3xf64>\n"
        "}\n"
    )
    run = _opt(imported, bad)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith(
        "input.mlir:2:8: error: 'toy.transpose' op expects the result shape to be the "
        "input shape reversed\n"
    )
    wrong_return = "toy.func @f(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {\n  toy.return\n}\n"
    run = _opt(imported, wrong_return)
    assert run.returncode == 1
    assert run.stderr.startswith(
        "input.mlir:2:3: error: 'toy.return' op has 0 operands, but the enclosing "
        "function returns 1\n"
    )


@needs_mlir
def test_drr_patterns_are_imported(imported: Path) -> None:
    """The DRR patterns over ops alone are the dialect's pattern set `toy`; the one
    with a C++ constraint is left out, and `--report -v` says why."""
    spec = (imported / "toypkg" / "toy.yaml").read_text("utf-8")
    assert "name: TransposeTransposeOptPattern" in spec
    assert "name: ReshapeReshapeOptPattern" in spec
    assert "RedundantReshapeOptPattern" not in spec
    program = (
        "toy.func @f(%a: tensor<2x3xf64>) -> tensor<6xf64> {\n"
        "  %0 = toy.transpose(%a : tensor<2x3xf64>) to tensor<3x2xf64>\n"
        "  %1 = toy.transpose(%0 : tensor<3x2xf64>) to tensor<2x3xf64>\n"
        "  %2 = toy.reshape(%1 : tensor<2x3xf64>) to tensor<3x2xf64>\n"
        "  %3 = toy.reshape(%2 : tensor<3x2xf64>) to tensor<6xf64>\n"
        "  toy.return %3 : tensor<6xf64>\n"
        "}\n"
    )
    run = _opt(imported, program, "--patterns", "toy")
    assert run.returncode == 0, run.stderr
    assert "toy.transpose" not in run.stdout
    assert run.stdout.count("toy.reshape") == 1
    assert "toy.reshape(%arg0 : tensor<2x3xf64>) to tensor<6xf64>" in run.stdout
    verbose = subprocess.run(
        [str(ODSGEN), "import", "-I", str(MLIR_INCLUDE), str(FIXTURE / "toy.td"), "--report", "-v"],
        capture_output=True,
        text=True,
        check=False,
        cwd=imported,
    )
    assert "pattern RedundantReshapeOptPattern: not imported yet: its constraints" in (
        verbose.stdout
    )


#: A program built with the Toy ops' builders written in Python (`*_build` of
#: `toy_impl.py`), printed by the run.
BUILD_SCRIPT = """\
from generated.builtin.ops import ModuleOp
from generator.ir import Block, FloatType, FunctionType, RankedTensorType, print_operation
from toypkg.toy.ops import AddOp, ConstantOp, FuncOp, ReturnOp

tensor = RankedTensorType.get((), FloatType.get("f64"))
func = FuncOp.build("main", FunctionType.get((tensor,), ()))
block = func.regions[0].blocks[0]
one = block.append(ConstantOp.build_1(1.5))
two = block.append(ConstantOp.build(one.value))
block.append(AddOp.build(block.args[0], two.results[0]))
block.append(ReturnOp.build())
module = ModuleOp()
if not module.regions[0].blocks:
    module.regions[0].add_block(Block())
module.regions[0].blocks[0].append(func)
print(print_operation(module), end="")
"""


@needs_mlir
def test_builders_written_in_python_are_builders_of_the_classes(imported: Path) -> None:
    """Each C++ builder of the fixture is listed in the skeleton with its C++ (an
    optional hook); written in Python, it is a classmethod of the generated class
    (`build`, `build_1`, ... in MLIR's order) that builds what MLIR's does."""
    listed = _import(imported)
    assert listed.returncode == 0, listed.stderr
    ops = (imported / "toypkg" / "toypkg" / "toy" / "ops.py").read_text("utf-8")
    assert "def build_1(cls, value: float) -> ConstantOp:" in ops
    assert "return toy_impl.constant_op_build_1(cls, value)" in ops
    assert "def build(cls, lhs: Value, rhs: Value) -> AddOp:" in ops
    run = subprocess.run(
        [sys.executable, "-c", BUILD_SCRIPT],
        capture_output=True,
        text=True,
        check=False,
        env=dict(os.environ, PYTHONPATH=str(imported / "toypkg")),
        cwd=imported,
    )
    assert run.returncode == 0, run.stderr
    # The built program verifies and reads back to itself.
    built = _opt(imported, run.stdout)
    assert built.returncode == 0, built.stderr
    assert "toy.constant dense<1.500000e+00> : tensor<f64> : tensor<f64>" in built.stdout
    assert "%2 = toy.add %arg0, %1 : tensor<f64>" in built.stdout
    assert "toy.return\n" in built.stdout
    assert _opt(imported, built.stdout).stdout == built.stdout


@needs_mlir
def test_skeleton_lists_cpp_builders(tmp_path: Path) -> None:
    """The skeleton lists every C++ builder as an optional hook, with its C++
    parameters, its Python signature and its C++ body."""
    run = _import(tmp_path)
    assert run.returncode == 0, run.stderr
    skeleton = (tmp_path / "toypkg" / "toypkg_impl" / "toy_impl.py").read_text("utf-8")
    assert '# optional: toy.constant: C++ builder `OpBuilder<(ins "double":$value)>`' in skeleton
    assert "# def constant_op_build_1(cls, value: float) -> Operation:" in skeleton
    assert "#   build($_builder, $_state, value.getType(), value);" in skeleton
    assert "# def return_op_build(cls) -> Operation:" in skeleton
    assert "# def func_op_build(cls, name_: str, type: FunctionType) -> Operation:" in skeleton
