"""Interfaces end to end, on the feature spec `cases/interfaces/shapes.td`.

The spec defines an op interface in a file of its own (`shape_inference.td`, as
MLIR's Toy tutorial does), one deriving from it, a type and an attribute
interface, and ops that implement them and `InferTypeOpInterface`. Its generated
modules and LangRef page are compared with goldens; its YAML spelling
(`shapes.yaml`) generates the same files; both convert into each other; the
package passes `mypy --strict`; and the generated classes behave as MLIR's
interfaces do.
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.spec.convert import emit, load_spec

CASE = Path(__file__).parent / "cases" / "interfaces"
GOLDEN = CASE / "golden"
ROOT = Path(__file__).resolve().parents[2]
_FILES = ("shapes/ops.py", "shapes/types.py", "shapes/attrs.py", "docs/shapes.md")
_UPDATE = "ODSGEN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/emit/test_interfaces.py"


def _generate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str) -> Path:
    """Generate `specs/<spec>` as the package `shapesout` of a project at `tmp_path`."""
    shutil.copytree(CASE, tmp_path / "specs", ignore=shutil.ignore_patterns("golden"))
    monkeypatch.chdir(tmp_path)
    code = main(
        ["generate", f"specs/{spec}", "-I", "specs", "-o", "shapesout", "--package", "shapesout"]
    )
    assert code == 0
    return tmp_path / "shapesout"


def test_generated_files_match_goldens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The interface classes, the implementing classes and the page equal the goldens.

    After an intended change, update them with the command in the failure message.
    """
    out = _generate(tmp_path, monkeypatch, "shapes.td")
    for rel in _FILES:
        ours = (out / rel).read_text(encoding="utf-8")
        golden = GOLDEN / rel.replace("/", "__")
        if os.environ.get("ODSGEN_UPDATE_GOLDEN"):
            golden.write_text(ours, encoding="utf-8")
        expected = golden.read_text(encoding="utf-8")
        if ours != expected:
            diff = "".join(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    ours.splitlines(keepends=True),
                    str(golden),
                    rel,
                )
            )
            pytest.fail(f"{rel} differs from its golden:\n{diff}\nif intended, run: {_UPDATE}")


def test_yaml_spelling_generates_the_same_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`shapes.yaml` generates what `shapes.td` does, but for the spec's name."""
    out = _generate(tmp_path, monkeypatch, "shapes.yaml")
    for rel in _FILES:
        ours = (out / rel).read_text(encoding="utf-8").replace("shapes.yaml", "shapes.td")
        ours = ours.replace("specs/shapes.td -o", "specs/shapes.td -I specs -o")
        assert ours == (GOLDEN / rel.replace("/", "__")).read_text(encoding="utf-8"), rel


@pytest.mark.parametrize("to", ["yaml", "td"])
def test_both_spellings_convert_into_each_other(to: str, tmp_path: Path) -> None:
    """TableGen -> YAML and YAML -> TableGen keep the model, interfaces included."""
    source = load_spec(CASE / ("shapes.td" if to == "yaml" else "shapes.yaml"))
    path = tmp_path / f"converted.{to}"
    path.write_text(emit(source, "yaml" if to == "yaml" else "td"), encoding="utf-8")
    assert load_spec(path).model_dump(by_alias=True) == source.model_dump(by_alias=True)
    assert len(source.interfaces) == 4


def test_the_committed_yaml_is_the_converted_td() -> None:
    """`shapes.yaml` is what `odsgen convert shapes.td --to yaml` writes."""
    text = emit(load_spec(CASE / "shapes.td"), "yaml")
    assert (CASE / "shapes.yaml").read_text(encoding="utf-8") == text


def test_generated_package_passes_mypy_strict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Interface classes, method annotations and overriding definitions type-check."""
    _generate(tmp_path, monkeypatch, "shapes.td")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "shapesout"],
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


_BEHAVIOUR = '''
from generator.ir import (
    Block, Context, DiagnosticError, FloatType, IndexType, InferTypeError,
    InferTypeOpInterface, IntegerType, OpInterface, RankedTensorType, SourceFile,
    UnrankedTensorType, parse_source, print_operation, verify,
)
from shapesout import context
from shapesout.shapes import (
    DIALECT, AddOp, BoxType, CountOp, Described, ElementCount, MeasureAttr, Ranked,
    ShapeInference, TransposeOp,
)

f64 = FloatType.get("f64")
t23 = RankedTensorType.get((2, 3), f64)
t32 = RankedTensorType.get((3, 2), f64)
block = Block([t23, UnrankedTensorType.get(f64), IntegerType.get(32)])
a, u, i = block.args

# Interfaces are classes: isinstance, with base interfaces.
add, tr = AddOp(a, a), TransposeOp(a)
assert isinstance(add, ShapeInference) and not isinstance(add, Ranked)
assert isinstance(tr, Ranked) and isinstance(tr, ShapeInference)
assert isinstance(tr, InferTypeOpInterface) and isinstance(tr, OpInterface)
assert issubclass(Ranked, ShapeInference)

# Methods: required ones the op defines, overridden and fixed ones, static ones.
assert tr.result_rank() == 2 and tr.has_rank(2) and not tr.has_rank(1)
assert TransposeOp.label("<", ">") == "<shapes.transpose>" and Ranked.label("x") == "x"

# InferTypeOpInterface: a builder given no result type infers it ...
assert tr.output.type is t32
assert TransposeOp(a, output_type=t23).output.type is t23
try:
    TransposeOp(u)
except InferTypeError as error:
    assert str(error) == "'shapes.transpose' op cannot transpose 'tensor<*xf64>'", error
else:
    raise AssertionError("inferred a type for an unranked tensor")

# ... a pass calls an interface method on whatever op implements it.
wrong = TransposeOp(a, output_type=t23)
add.result.type = t32
for op in (wrong, add):
    if isinstance(op, ShapeInference):
        op.infer_shapes()
assert wrong.output.type is t32 and add.result.type is t23

# Types and attributes implement interfaces too, which are constraints.
box = BoxType.get()
assert isinstance(box, ElementCount) and box.num_elements() == 1 and not box.is_empty()
measure = MeasureAttr.get("m")
assert isinstance(measure, Described) and measure.describe() == "measured in m"
assert TransposeOp(a, unit=measure).unit is measure

# The custom form leaves the result type out: the parser infers it.
ctx = context()
text = """
func.func @f(%a: tensor<2x3xf64>, %b: !shapes.box) -> (tensor<3x2xf64>, index) {
  %t = shapes.transpose(%a : tensor<2x3xf64>) {unit = #shapes.measure<"m">}
  %n = shapes.count %b : !shapes.box
  return %t, %n : tensor<3x2xf64>, index
}
"""
module = parse_source(SourceFile("f.mlir", text), ctx)
verify(module, ctx)
printed = print_operation(module, generic=False)
assert "%0 = shapes.transpose(%arg0 : tensor<2x3xf64>) {unit = #shapes.measure<\\"m\\">}" in printed
assert "tensor<3x2xf64>" in print_operation(module, generic=True)


def errors(text: str) -> list[str]:
    try:
        module = parse_source(SourceFile("e.mlir", text), ctx)
        verify(module, ctx)
    except DiagnosticError as error:
        return [f"{d.loc.line_col[0]}:{d.loc.line_col[1]} {d.message}" for d in error.diagnostics]
    return []


# A custom form whose result type cannot be inferred: the error is at the op.
assert errors(
    "func.func @f(%u: tensor<*xf64>) {\\n"
    "  %t = shapes.transpose(%u : tensor<*xf64>)\\n"
    "  return\\n}\\n"
) == ["2:8 'shapes.transpose' op cannot transpose 'tensor<*xf64>'"]
# The verifier checks the result type against the inferred one, as MLIR's does.
assert errors(
    "func.func @f(%a: tensor<2x3xf64>) {\\n"
    '  %t = "shapes.transpose"(%a) : (tensor<2x3xf64>) -> tensor<2x3xf64>\\n'
    "  return\\n}\\n"
) == [
    "2:8 'shapes.transpose' op inferred type(s) 'tensor<3x2xf64>' are incompatible with "
    "return type(s) of operation 'tensor<2x3xf64>'",
    "2:8 'shapes.transpose' op failed to infer returned types",
]
# The interface's own verifier runs after the op's checks.
assert errors(
    "func.func @f(%a: tensor<2x3x4xf64>) {\\n"
    '  %t = "shapes.transpose"(%a) : (tensor<2x3x4xf64>) -> tensor<4x3x2xf64>\\n'
    "  return\\n}\\n"
) == ["2:8 'shapes.transpose' op has a result of rank greater than 2"]
# A type interface as an operand constraint.
assert errors(
    "func.func @f(%i: i32) {\\n  %n = \\"shapes.count\\"(%i) : (i32) -> index\\n  return\\n}\\n"
) == ["2:8 'shapes.count' op operand #0 must be ElementCount instance, but got 'i32'"]
print("ok")
'''


def test_generated_interfaces_behave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """isinstance, methods of every kind, inference in builders, parsers and the
    verifier, interface verifiers, and type and attribute interfaces."""
    _generate(tmp_path, monkeypatch, "shapes.td")
    result = subprocess.run(
        [sys.executable, "-c", _BEHAVIOUR],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "ok\n"
