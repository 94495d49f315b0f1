"""`odsgen convert`: YAML and TableGen spellings of a spec convert into each other losslessly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.diagnostics import GeneratorError
from generator.spec.convert import emit, load_spec, normalize_defaults
from generator.spec.model import DialectDef, OperandDef
from generator.spec.to_td import dialect_to_td, td_losses

REPO_ROOT = Path(__file__).resolve().parents[2]
INCLUDE_DIR = REPO_ROOT / "opdefs" / "include"
LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
CASES = Path(__file__).parent / "cases"
EXAMPLE_YAML = REPO_ROOT / "tests" / "spec" / "cases" / "example.yaml"
EXAMPLE_TD = REPO_ROOT / "tests" / "spec_records" / "cases" / "example.td"
#: The YAML specs shipped in `opdefs/`.
SHIPPED_YAML_SPECS = [REPO_ROOT / "opdefs" / f"{name}.yaml" for name in ("tensor", "bufferization")]
TYPE_FORMATS = REPO_ROOT / "tests" / "emit" / "cases" / "type_formats"
YAML_SPECS = [
    EXAMPLE_YAML,
    CASES / "constraints.yaml",
    TYPE_FORMATS / "tfmt.yaml",
    *SHIPPED_YAML_SPECS,
]
#: The standard dialects shipped in `opdefs/`.
STANDARD_SPECS = [
    REPO_ROOT / "opdefs" / f"{name}.td" for name in ("builtin", "func", "arith", "cf")
]


def _dump(dialect: DialectDef) -> dict[str, Any]:
    # `loc` is excluded from dumps, so a dump compares the models without positions.
    return dialect.model_dump(by_alias=True)


def _reload(dialect: DialectDef, to: str, tmp_path: Path) -> tuple[str, DialectDef]:
    text = emit(dialect, "td" if to == "td" else "yaml")
    path = tmp_path / f"converted.{to}"
    path.write_text(text, encoding="utf-8")
    return text, load_spec(path)


@pytest.mark.parametrize("spec", YAML_SPECS, ids=lambda p: p.name)
def test_yaml_to_td_gives_the_same_model(spec: Path, tmp_path: Path) -> None:
    """YAML -> .td -> model equals the YAML model, defaults taken as ODS text."""
    original = load_spec(spec)
    _, back = _reload(original, "td", tmp_path)
    assert _dump(back) == _dump(normalize_defaults(original))


@pytest.mark.parametrize("spec", YAML_SPECS, ids=lambda p: p.name)
def test_yaml_to_yaml_gives_the_same_model(spec: Path, tmp_path: Path) -> None:
    """Writing a YAML model as YAML reads back exactly, number defaults included."""
    original = load_spec(spec)
    _, back = _reload(original, "yaml", tmp_path)
    assert _dump(back) == _dump(original)


@pytest.mark.parametrize(
    "spec", [EXAMPLE_TD, TYPE_FORMATS / "tfmt.td", *STANDARD_SPECS], ids=lambda p: p.name
)
def test_td_to_yaml_gives_the_same_model(spec: Path, tmp_path: Path) -> None:
    """A .td spec -> YAML -> model equals the .td model."""
    original = load_spec(spec)
    _, back = _reload(original, "yaml", tmp_path)
    assert _dump(back) == _dump(original)


@pytest.mark.parametrize("spec", [TYPE_FORMATS / "tfmt.td", *STANDARD_SPECS], ids=lambda p: p.name)
def test_td_to_td_gives_the_same_model(spec: Path, tmp_path: Path) -> None:
    """A standard dialect written back as TableGen (flat defs, no classes) reads the same."""
    original = load_spec(spec)
    _, back = _reload(original, "td", tmp_path)
    assert _dump(back) == _dump(original)


def test_default_normalization_is_the_only_difference() -> None:
    """The example's YAML and .td spellings agree once defaults are ODS text."""
    yaml_model = load_spec(EXAMPLE_YAML)
    padding = yaml_model.op("Demo_ConcatOp").attributes[3]
    assert (padding.name, padding.default) == ("padding", 0)
    normalized = normalize_defaults(yaml_model)
    assert normalized.op("Demo_ConcatOp").attributes[3].default == "0"
    assert _dump(normalized) == _dump(load_spec(EXAMPLE_TD))


def test_conversion_is_stable(tmp_path: Path) -> None:
    """td -> yaml -> td gives the same .td text the second time, and yaml -> td -> yaml too."""
    first_yaml, from_yaml = _reload(load_spec(EXAMPLE_TD), "yaml", tmp_path / "a")
    first_td, from_td = _reload(from_yaml, "td", tmp_path / "b")
    second_yaml, again = _reload(from_td, "yaml", tmp_path / "c")
    second_td, _ = _reload(again, "td", tmp_path / "d")
    assert second_td == first_td
    assert second_yaml == first_yaml


@pytest.fixture(autouse=True)
def _dirs(tmp_path: Path) -> None:
    """Directories for the steps of a chained conversion."""
    for name in "abcd":
        (tmp_path / name).mkdir()


def test_td_layout(tmp_path: Path) -> None:
    """The .td text uses the base library's spelling, as the example is written."""
    text = dialect_to_td(load_spec(EXAMPLE_YAML))
    assert text.startswith('include "OpBase.td"\n\ndef Demo_Dialect : Dialect {\n')
    assert "class Demo_Op<string mnemonic, list<Trait> traits = []>\n" in text
    assert (
        "  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs,\n"
        '                       DefaultValuedAttr<I64Attr, "0">:$overflow);\n'
    ) in text
    assert "  let fold = [{\n    if self.rhs_is_zero():\n        return self.lhs\n  }];\n" in text
    assert "  DerivedAttr element_count = DerivedAttr<I64Attr, [{len(self.inputs)}]>;\n" in text
    assert "def Demo_ConstantOp;\n" in text
    assert "def AddZero : Pat<\n" in text


def test_yaml_layout() -> None:
    """The YAML text keeps the example's key order, flow items and block scalars."""
    text = emit(load_spec(EXAMPLE_TD), "yaml")
    assert text.startswith("name: demo\npackage: demo_dialect\nsummary: A demonstration dialect\n")
    assert '      - {name: inputs, type: "Variadic<TensorOf<[F32, I32]>>"}\n' in text
    assert "      - {name: overflow, type: 'DefaultValuedAttr<I64Attr, \"0\">'}\n" in text
    assert "    fold: |\n      if self.rhs_is_zero():\n          return self.lhs\n" in text
    assert "    results: [$x]\n" in text


@pytest.mark.skipif(not LLVM_TBLGEN.exists(), reason="llvm-tblgen (LLVM 22) is not installed")
@pytest.mark.parametrize("spec", [*YAML_SPECS, *STANDARD_SPECS], ids=lambda p: p.name)
def test_llvm_tblgen_accepts_the_td(spec: Path, tmp_path: Path) -> None:
    """llvm-tblgen --dump-json reads the generated .td without errors."""
    path = tmp_path / "converted.td"
    path.write_text(emit(load_spec(spec), "td"), encoding="utf-8")
    proc = subprocess.run(
        [str(LLVM_TBLGEN), "--dump-json", "-I", str(INCLUDE_DIR), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def test_unnamed_pattern_is_a_located_error() -> None:
    """A pattern without a name cannot become a TableGen def; the error is at the pattern."""
    dialect = load_spec(EXAMPLE_YAML)
    unnamed = dialect.patterns[0].model_copy(update={"name": None})
    with pytest.raises(GeneratorError) as info:
        dialect_to_td(dialect.model_copy(update={"patterns": (unnamed,)}))
    (diag,) = info.value.diagnostics
    assert diag.message == "a pattern without a name has no TableGen spelling"
    assert diag.line_col == (165, 5)  # `- name: AddZero`


def test_losses_are_warnings() -> None:
    """Operand descriptions have no TableGen field; td_losses names them."""
    dialect = load_spec(EXAMPLE_YAML)
    add = dialect.ops[0]
    lhs = add.operands[0].model_copy(update={"description": "the left side"})
    assert isinstance(lhs, OperandDef)
    add = add.model_copy(update={"operands": (lhs, *add.operands[1:])})
    changed = dialect.model_copy(update={"ops": (add, *dialect.ops[1:])})
    assert [d.message for d in td_losses(dialect)] == []
    assert [(d.severity.value, d.message) for d in td_losses(changed)] == [
        ("warning", "Demo_AddOp: the description of operand 'lhs' is not kept in TableGen")
    ]


# -- the command line ----------------------------------------------------------


def test_cli_writes_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`convert --to td -o OUT` writes the file and nothing to stdout."""
    out = tmp_path / "demo.td"
    assert main(["convert", str(EXAMPLE_YAML), "--to", "td", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == emit(load_spec(EXAMPLE_YAML), "td")
    assert capsys.readouterr().out == ""


def test_cli_td_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    """`convert FILE.td --to yaml` prints the YAML spelling."""
    assert main(["convert", str(EXAMPLE_TD), "--to", "yaml"]) == 0
    assert capsys.readouterr().out == emit(load_spec(EXAMPLE_TD), "yaml")


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "bad.yaml",
            "name: x\nops:\n  - def: X_AOp\n    mnemonic: a\n    operands: [{name: a, type: Foo32}]\n",
            "bad.yaml:5:32: error: unknown type constraint 'Foo32'",
        ),
        (
            "bad.td",
            'include "OpBase.td"\ndef D : Dialect { let name = "x" }\n',
            "bad.td:2:34: error: unexpected '}'",
        ),
    ],
)
def test_cli_bad_input_is_a_located_diagnostic(
    name: str, text: str, expected: str, tmp_path: Path
) -> None:
    """A bad input prints `file:line:col: error: ...`, exits 1, and prints no traceback."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "generator", "convert", str(path), "--to", "td"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.splitlines()[0] == f"{path.parent}/{expected}"
    assert "Traceback" not in proc.stderr


def test_cli_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    """A file that does not exist is reported by name, with exit status 1."""
    assert main(["convert", "no/such.yaml", "--to", "td"]) == 1
    assert capsys.readouterr().err == "odsgen convert: could not open spec file 'no/such.yaml'\n"
