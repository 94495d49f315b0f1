"""Implementation modules end to end, on the feature spec `cases/implementation/`.

`shapes.td` names the module `shapesproj.shapes_impl` and leaves every kind of hook
to it: folders, a verifier, a canonicalization, an op's custom form, a builder, the
methods of an interface (one static), a method declared with `...`, a `custom<...>`
directive, a type's syntax, the dialect's constant materializer, and a pattern
constraint calling the module. The generated modules are compared with goldens; the
YAML spelling generates the same files; the package and the module pass
`mypy --strict` together; `odsgen opt` runs the hooks; a traceback from a hook goes
through one generated line into the module; and every mismatch between the spec
and the module is an error at the line that has it.
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.cli import main
from generator.ir import lazy_module
from generator.spec.convert import emit, load_spec

CASE = Path(__file__).parent / "cases" / "implementation"
GOLDEN = CASE / "golden"
ROOT = Path(__file__).resolve().parents[2]
MODULE = "shapesproj/shapes_impl.py"
_FILES = ("shp/ops.py", "shp/types.py", "shp/patterns.py")
_UPDATE = (
    "ODSGEN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/emit/test_implementation_module.py"
)
_GENERATE = ["generate", "-o", "shapesproj/dialects", "--package", "shapesproj.dialects"]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The case copied to `tmp_path`, the current directory."""
    shutil.copytree(CASE, tmp_path, ignore=shutil.ignore_patterns("golden"), dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _generate(spec: str = "shapes.td") -> int:
    return main([*_GENERATE[:1], spec, *_GENERATE[1:]])


def _opt(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    odsgen = Path(sys.executable).parent / "odsgen"
    return subprocess.run(
        [str(odsgen), "opt", "--load-dialect", "shapesproj.dialects", *args],
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(project)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_generated_files_match_goldens(project: Path) -> None:
    """Each hook the module implements is one line calling it.

    After an intended change, update the goldens with the command in the failure message.
    """
    assert _generate() == 0
    out = project / "shapesproj" / "dialects"
    for rel in _FILES:
        ours = (out / rel).read_text(encoding="utf-8")
        golden = GOLDEN / rel.replace("/", "__")
        if os.environ.get("ODSGEN_UPDATE_GOLDEN"):
            golden.write_text(ours, encoding="utf-8")
        expected = golden.read_text(encoding="utf-8")
        if ours != expected:
            diff = "".join(
                difflib.unified_diff(
                    expected.splitlines(keepends=True), ours.splitlines(keepends=True)
                )
            )
            pytest.fail(f"{rel} differs from its golden:\n{diff}\nif intended, run: {_UPDATE}")


def test_yaml_spelling_generates_the_same_files(project: Path) -> None:
    """`shapes.yaml` (`implementation_module:`) generates what `shapes.td` does."""
    assert _generate("shapes.yaml") == 0
    out = project / "shapesproj" / "dialects"
    for rel in _FILES:
        ours = (out / rel).read_text(encoding="utf-8").replace("shapes.yaml", "shapes.td")
        assert ours == (GOLDEN / rel.replace("/", "__")).read_text(encoding="utf-8"), rel


def test_the_committed_yaml_is_the_converted_td() -> None:
    """`shapes.yaml` is what `odsgen convert shapes.td --to yaml` writes, and reads back
    as the same model."""
    td = load_spec(CASE / "shapes.td")
    assert td.implementation_module == "shapesproj.shapes_impl"
    assert (CASE / "shapes.yaml").read_text(encoding="utf-8") == emit(td, "yaml")
    yaml = load_spec(CASE / "shapes.yaml")
    assert yaml.model_dump(by_alias=True) == td.model_dump(by_alias=True)


def test_package_and_module_pass_mypy_strict(project: Path) -> None:
    """The generated calls are checked against the module's signatures, and the
    module's code against the generated classes."""
    assert _generate() == 0
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "shapesproj"],
        cwd=project,
        env={**os.environ, "MYPYPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_type_error_in_the_module_is_found_by_mypy(project: Path) -> None:
    """A module function whose parameters do not fit the generated call is a type
    error where the generated code calls it."""
    assert _generate() == 0
    module = project / MODULE
    text = module.read_text(encoding="utf-8")
    module.write_text(
        text.replace(
            "def transpose_op_verify(op: TransposeOp) -> str | None:",
            "def transpose_op_verify(op: int) -> str | None:",
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "shapesproj"],
        cwd=project,
        env={**os.environ, "MYPYPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert 'Argument 1 to "transpose_op_verify" has incompatible type "TransposeOp"' in (
        result.stdout
    )


def test_odsgen_opt_runs_the_hooks(project: Path) -> None:
    """Custom forms, a custom directive and a type's syntax round-trip; the module's
    folders, canonicalization, pattern constraint and materializer rewrite."""
    assert _generate() == 0
    custom = _opt(project, "--allow-unregistered-dialect", "roundtrip.mlir")
    assert custom.returncode == 0, custom.stderr
    assert "%5 = shp.add %2, %3 {tag}" in custom.stdout
    assert "%7 = shp.dims 2x3x4" in custom.stdout
    assert '"test.pair"() : () -> !shp.pair<i32, f32>' in custom.stdout
    generic = _opt(project, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
    generic = subprocess.run(
        generic.args,
        input=custom.stdout,
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(project)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert '"shp.dims"() <{dims = array<i64: 2, 3, 4>}> : () -> index' in generic.stdout
    back = subprocess.run(
        [*generic.args[:-2], "-"],
        input=generic.stdout,
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(project)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert back.stdout == custom.stdout
    canonical = _opt(project, "--allow-unregistered-dialect", "--canonicalize", "roundtrip.mlir")
    assert canonical.returncode == 0, canonical.stderr
    assert canonical.stdout == textwrap.dedent(
        """\
        module {
          func.func @f(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>, i64, index, !shp.pair<i32, f32>) {
            %0 = shp.constant 3
            %1 = shp.dims 2x3x4
            %2 = "test.pair"() : () -> !shp.pair<i32, f32>
            return %arg0, %0, %1, %2 : tensor<2x3xf32>, i64, index, !shp.pair<i32, f32>
          }
        }

        """
    )


def test_the_verifier_of_the_module_reports_at_the_op(project: Path) -> None:
    assert _generate() == 0
    (project / "bad.mlir").write_text(
        "func.func @f(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
        "  %0 = shp.transpose %t : tensor<2x3xf32> -> tensor<2x3xf32>\n"
        "  return %0 : tensor<2x3xf32>\n"
        "}\n",
        encoding="utf-8",
    )
    result = _opt(project, "bad.mlir")
    assert result.returncode == 1
    assert result.stderr.startswith(
        "bad.mlir:2:8: error: 'shp.transpose' op requires the result shape to be the "
        "reverse of the input shape\n"
    )


_TRACEBACK = """
import traceback
from generator.ir import Block, FloatType, RankedTensorType
from shapesproj.dialects.shp import TransposeOp

block = Block([RankedTensorType.get((2, 3), FloatType.get("f32"))])
op = TransposeOp.build(block.args[0])
assert op.output.type == RankedTensorType.get((3, 2), FloatType.get("f32"))
assert op.result_rank() == 2 and TransposeOp.keeps_element_type()
assert op.permutation() == (1, 0) and op.permutation(False) == (0, 1)
try:
    op.permutation(reverse=None)
except ValueError as e:
    frames = traceback.extract_tb(e.__traceback__)
    print("\\n".join(f"{f.filename.rsplit('/', 1)[-1]}:{f.name}:{f.line}" for f in frames[1:]))
"""


def test_a_traceback_goes_through_one_generated_line_into_the_module(project: Path) -> None:
    """The generated method is one call; the error is raised in the module's code."""
    assert _generate() == 0
    module = project / MODULE
    text = module.read_text(encoding="utf-8")
    module.write_text(
        text.replace(
            "    order = range(len(source.shape))\n",
            "    order = range(len(source.shape))\n"
            "    if reverse is None:\n"
            '        raise ValueError("reverse must be a bool")\n',
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-c", _TRACEBACK],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "ops.py:permutation:return shapes_impl.transpose_op_permutation(self, reverse)",
        'shapes_impl.py:transpose_op_permutation:raise ValueError("reverse must be a bool")',
    ]


# -- mismatches between the spec and the module -------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


_ERRORS: dict[str, tuple[str, str, str, list[str]]] = {
    # name: (file, old, new, the first lines of the diagnostics, in order)
    "missing_verifier": (
        MODULE,
        "def transpose_op_verify(",
        "def transpose_op_check(",
        [
            "shapes.td:43:7: error: 'hasVerifier' is set but 'Shp_TransposeOp' has no verifier",
            "  hint: give the body of `def verify_custom(self) -> str | None` as `let verifier "
            "= [{ ... }]`; or define `transpose_op_verify(self)` in implementation module "
            "'shapesproj.shapes_impl'",
        ],
    ),
    "missing_interface_method": (
        MODULE,
        "def transpose_op_result_rank(",
        "def transpose_op_rank(",
        [
            "shapes.td:38:1: error: 'Shp_TransposeOp' implements interface 'Ranked' but does "
            "not define its method 'result_rank' (resultRank)",
        ],
    ),
    "missing_declared_method": (
        MODULE,
        "def transpose_op_permutation(",
        "def transpose_op_order(",
        [
            "shapes.td:47:5: error: method 'permutation' of 'Shp_TransposeOp' is declared "
            "without a body",
        ],
    ),
    "missing_custom_directive": (
        MODULE,
        "def print_dim_list(",
        "def print_dims(",
        [
            "shapes.td:53:1: error: format directive 'custom<DimList>' needs a function "
            "'print_dim_list', which the dialect's code does not define",
        ],
    ),
    "missing_materializer": (
        MODULE,
        "def materialize_constant(",
        "def make_constant(",
        [
            "shapes.td:9:7: error: 'hasConstantMaterializer' is set but 'shp' has no "
            "constant materializer",
        ],
    ),
    "reference_wrong_arity": (
        MODULE,
        "def add_op_reference(op: AddOp, lhs: int, rhs: int) -> int:",
        "def add_op_reference(op: AddOp, lhs: int) -> int:",
        [
            f"{MODULE}:47:1: error: 'add_op_reference' takes 2 positional parameters, but "
            "the reference implementation of 'Shp_AddOp' calls it with 3 (self, lhs, rhs)",
            "def add_op_reference(op: AddOp, lhs: int) -> int:",
            "^",
        ],
    ),
    "reference_inline_and_in_module": (
        "shapes.td",
        "  let hasCustomAssemblyFormat = 1;\n  let hasFolder = 1;",
        "  let hasCustomAssemblyFormat = 1;\n  let hasFolder = 1;\n"
        "  let reference = [{ return lhs }];",
        [
            f"{MODULE}:47:1: error: 'add_op_reference' would be the reference implementation "
            "of 'Shp_AddOp', which the spec writes inline",
            "def add_op_reference(op: AddOp, lhs: int, rhs: int) -> int:",
            "^",
        ],
    ),
    "wrong_arity": (
        MODULE,
        "def add_op_fold(op: AddOp) -> FoldResult:",
        "def add_op_fold(op: AddOp, extra: int) -> FoldResult:",
        [
            f"{MODULE}:39:1: error: 'add_op_fold' takes 2 positional parameters, but the "
            "folder of 'Shp_AddOp' calls it with 1 (self)",
            "def add_op_fold(op: AddOp, extra: int) -> FoldResult:",
            "^",
            "shapes.td:35:7: note: the spec asks for it here",
        ],
    ),
    "keyword_only_parameter": (
        MODULE,
        "def transpose_op_build(cls: type[TransposeOp], input: Value)",
        "def transpose_op_build(cls: type[TransposeOp], input: Value, *, extra: int)",
        [
            f"{MODULE}:86:1: error: 'transpose_op_build' takes 2 positional parameters and "
            "keyword-only 'extra', but builder 'build' of 'Shp_TransposeOp' calls it with 2 "
            "(cls, input)",
        ],
    ),
    "unasked_hook": (
        MODULE,
        "def add_op_parse(",
        "def add_op_verify(op: AddOp) -> str | None:\n    return None\n\n\ndef add_op_parse(",
        [
            f"{MODULE}:52:1: error: 'add_op_verify' would be the verifier of 'Shp_AddOp', "
            "but the spec does not ask for it",
            "def add_op_verify(op: AddOp) -> str | None:",
            "^",
            "shapes.td:31:1: note: 'Shp_AddOp' is defined here",
        ],
    ),
    "hook_also_inline": (
        "shapes.td",
        "  let hasFolder = 1;\n  let reference",
        "  let hasFolder = 1;\n  let fold = [{ return self.value }];\n  let reference",
        [
            f"{MODULE}:35:1: error: 'constant_op_fold' would be the folder of "
            "'Shp_ConstantOp', which the spec writes inline",
        ],
    ),
    "module_not_found": (
        "shapes.td",
        '"shapesproj.shapes_impl"',
        '"shapesproj.shapes_impls"',
        [
            "shapes.td:8:7: error: implementation module 'shapesproj.shapes_impls' not found",
            '  let implementationModule = "shapesproj.shapes_impls";',
            "      ^",
            "  hint: it is looked for as shapesproj/shapes_impls.py or "
            "shapesproj/shapes_impls/__init__.py under the spec's directory, the current "
            "directory and the Python path",
        ],
    ),
    "not_a_module_name": (
        "shapes.td",
        '"shapesproj.shapes_impl"',
        '"shapesproj.shapes-impl"',
        [
            "shapes.td:8:7: error: implementation module 'shapesproj.shapes-impl' is not a "
            "Python module name",
        ],
    ),
    "module_syntax_error": (
        MODULE,
        "def is_zero(value: Value) -> bool:",
        "def is_zero(value: Value) -> bool\n    pass\n\n\ndef f():",
        [
            f"{MODULE}:145:34: error: invalid Python in implementation module: expected ':'",
        ],
    ),
    "alias_taken": (
        "shapes.td",
        '"shapesproj.shapes_impl"',
        '"shapesproj.shp"',
        [
            "shapes.td:8:7: error: implementation module 'shapesproj.shp' would be bound to "
            "'shp' in generated code, which already names something else there",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(_ERRORS))
def test_a_mismatch_is_an_error_where_it_is(
    case: str, project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each mismatch stops generation with an error at the line that has it (the
    spec's flag, or the module's `def`), and nothing is written."""
    file, old, new, expected = _ERRORS[case]
    if case == "alias_taken":
        (project / "shapesproj" / "shp.py").write_text(
            (project / MODULE).read_text(encoding="utf-8"), encoding="utf-8"
        )
    _edit(project / file, old, new)
    assert _generate() == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    first = lines.index(expected[0]) if expected[0] in lines else -1
    assert first >= 0, err
    for offset, line in enumerate(expected[1:], 1):
        if line.startswith("  hint:"):
            assert line in lines[first:], err
        else:
            assert lines[first + offset] == line, err
    assert not (project / "shapesproj" / "dialects").exists()


def test_odsgen_run_calls_the_references(project: Path) -> None:
    """`shp.constant` has its reference inline, `shp.add` in the module
    (`add_op_reference`); `odsgen run` executes a program of both."""
    assert _generate() == 0
    ops = (project / "shapesproj" / "dialects" / "shp" / "ops.py").read_text(encoding="utf-8")
    assert "return shapes_impl.add_op_reference(self, lhs, rhs)" in ops
    (project / "run.mlir").write_text(
        "func.func private @printI64(i64)\n"
        "func.func @main() {\n"
        "  %a = shp.constant 9223372036854775807\n"
        "  %b = shp.constant 2\n"
        "  %s = shp.add %a, %b\n"
        "  call @printI64(%s) : (i64) -> ()\n"
        "  return\n"
        "}\n",
        encoding="utf-8",
    )
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [str(odsgen), "run", "--load-dialect", "shapesproj.dialects", "run.mlir"],
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(project)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == str(-(2**63) + 1)


def test_a_changed_module_is_checked_again(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Generation is incremental, but the module's functions are part of its inputs:
    a body changed regenerates nothing; a function removed is an error."""
    assert _generate() == 0
    capsys.readouterr()
    _edit(
        project / MODULE,
        "return None\n\n\ndef transpose_op_canonicalize",
        "return None  # ok\n\n\ndef transpose_op_canonicalize",
    )
    assert _generate() == 0
    assert "regenerated: no spec changed" in capsys.readouterr().out
    _edit(project / MODULE, "def add_op_fold(", "def add_op_folder(")
    assert _generate() == 1
    assert "'hasFolder' is set but 'Shp_AddOp' has no folder" in capsys.readouterr().err


def test_a_declared_method_without_a_module_is_an_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`...` as a method's body declares it; with no implementation module, nothing
    defines it."""
    (project / "decl.td").write_text(
        textwrap.dedent(
            """\
            include "OpBase.td"
            def D_Dialect : Dialect { let name = "decl"; }
            def D_NopOp : Op<D_Dialect, "nop"> {
              let assemblyFormat = "attr-dict";
              let extraClassDeclaration = [{
                def size(self) -> int: ...
              }];
            }
            """
        ),
        encoding="utf-8",
    )
    assert main(["generate", "decl.td", "-o", "declout"]) == 1
    assert capsys.readouterr().err.splitlines()[:4] == [
        "decl.td:6:5: error: method 'size' of 'D_NopOp' is declared without a body",
        "    def size(self) -> int: ...",
        "    ^",
        "  hint: write its body in place of `...`",
    ]


def test_lazy_module_imports_at_first_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stand-in imports the module when an attribute is first read, and every read
    sees the module's current attribute; a missing module fails at that read."""
    (tmp_path / "lazy_target.py").write_text("loaded = True\ndef f() -> int:\n    return 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    stand_in = lazy_module("lazy_target")
    assert "lazy_target" not in sys.modules
    assert stand_in.f() == 1
    assert "lazy_target" in sys.modules
    monkeypatch.setattr(sys.modules["lazy_target"], "f", lambda: 2)
    assert stand_in.f() == 2
    assert repr(stand_in) == "<lazy module 'lazy_target'>"
    missing = lazy_module("no_such_module_here")
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        missing.f()
    del sys.modules["lazy_target"]


@pytest.mark.parametrize("root", ["proj", "./proj/", "proj/../proj"])
def test_a_checkout_generated_from_elsewhere_finds_its_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], root: str
) -> None:
    """`odsgen generate --root reldir` looks for implementation modules under the
    checkout's root, as `--root .` run inside it does, and writes the same tree."""
    checkout = tmp_path / "proj"
    (checkout / "opdefs").mkdir(parents=True)
    shutil.copy(CASE / "shapes.td", checkout / "opdefs" / "shapes.td")
    shutil.copytree(CASE / "shapesproj", checkout / "shapesproj")
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--root", root]) == 0, capsys.readouterr().err
    elsewhere = {
        p.relative_to(checkout / "generated"): p.read_bytes()
        for p in (checkout / "generated").rglob("*.py")
    }
    assert any(b"shapes_impl" in text for text in elsewhere.values())
    monkeypatch.chdir(checkout)
    assert main(["generate", "--root", "."]) == 0, capsys.readouterr().err
    assert main(["generate", "--root", ".", "--check"]) == 0, capsys.readouterr().err
    inside = {
        p.relative_to(checkout / "generated"): p.read_bytes()
        for p in (checkout / "generated").rglob("*.py")
    }
    assert inside == elsewhere
