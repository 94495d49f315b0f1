"""Spec names that would make generated code that does not import.

Names that sanitize to the same Python name are refused at generation time,
naming both; names Python's `enum` reserves are renamed; and every generated
module is compiled (not only parsed) before anything is written.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.cli import main
from generator.diagnostics import InternalGeneratorError
from generator.emit.postprocess import check_python


def _generate(tmp_path: Path, spec: str) -> tuple[int, str, Path]:
    root = tmp_path / "project"
    (root / "opdefs").mkdir(parents=True)
    (root / "opdefs" / "clash.yaml").write_text(textwrap.dedent(spec), encoding="utf-8")
    code = main(["generate", "--root", str(root)])
    return code, "", root


def _op_spec(operands: str, attributes: str) -> str:
    return f"""\
        name: clash
        ops:
          - def: Clash_FooOp
            mnemonic: foo
            operands: [{operands}]
            attributes: [{attributes}]
        """


@pytest.mark.parametrize(
    ("operand", "attribute", "message"),
    [
        ("class", "class_", "attribute 'class_' and operand 'class' both become the Python name"),
        ("fooBar", "foo_bar", "attribute 'foo_bar' and operand 'fooBar' both become"),
        ("a-b", "a_b", "invalid operand name 'a-b'"),
    ],
)
def test_names_that_sanitize_alike_are_an_error_naming_both(
    operand: str,
    attribute: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Operand `class` and attribute `class_` would be one builder parameter twice."""
    spec = _op_spec(f"{{name: {operand}, type: AnyType}}", f"{{name: {attribute}, type: I32Attr}}")
    code, _, root = _generate(tmp_path, spec)
    err = capsys.readouterr().err
    assert code == 1
    assert re.search(r"opdefs/clash\.yaml:\d+:\d+: error: ", err), err
    assert message in err, err
    assert "Traceback" not in err
    assert not (root / "generated").exists()


def test_a_clash_names_both_entities(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The diagnostic is at the second name and names the first."""
    spec = _op_spec("{name: class, type: AnyType}", "{name: class_, type: I32Attr}")
    assert _generate(tmp_path, spec)[0] == 1
    err = capsys.readouterr().err
    assert "error: attribute 'class_' and operand 'class' both become the Python name 'class_'" in (
        err
    )
    assert re.search(r"clash\.yaml:6:\d+: error: attribute 'class_'", err), err


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("name: x.y\n", "invalid dialect name 'x.y'"),
        ("name: '9lives'\n", "invalid dialect name '9lives'"),
        ("name: 'a b'\n", "invalid dialect name 'a b'"),
        ("name: ok\npackage: class\n", "invalid package name 'class'"),
        ("name: a$b\n", "dialect name 'a$b' is not a Python identifier"),
    ],
)
def test_dialect_names_follow_mlir_grammar(
    spec: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`x.y` is not a dialect namespace (and would not be a Python package)."""
    code, _, root = _generate(tmp_path, spec)
    err = capsys.readouterr().err
    assert code == 1
    assert re.search(r"opdefs/clash\.yaml:1:1: error: ", err), err
    assert message in err, err
    assert not (root / "generated").exists()


ENUM_SPEC = """\
    name: clash
    enums:
      - def: Clash_Kind
        kind: i32
        cases:
          - {symbol: mro, value: 0}
          - {symbol: name, value: 1}
          - {symbol: value, value: 2}
          - {symbol: _sunder_, value: 3}
    """


def test_enum_cases_python_reserves_still_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cases `mro`, `name`, `value` and `_sunder_` make an enum class that imports
    (`mro`, `name` and `_sunder_` as members with a `_` suffix)."""
    code, _, root = _generate(tmp_path, ENUM_SPEC)
    assert code == 0, capsys.readouterr().err
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from generated.clash.enums import Kind;"
            "print(Kind.mro_.value, Kind.name_.value, Kind.value.value, Kind._sunder__.value)",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["0", "1", "2", "3"]


def test_enum_cases_that_become_one_member_are_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`mro` becomes `mro_`, so a case `mro_` besides it is refused, naming both."""
    spec = ENUM_SPEC.replace("{symbol: name, value: 1}", "{symbol: mro_, value: 1}")
    assert _generate(tmp_path, spec)[0] == 1
    err = capsys.readouterr().err
    assert "enum cases 'mro_' and 'mro' both become the Python enum member 'mro_'" in err, err
    assert re.search(r"clash\.yaml:7:\d+: error: ", err), err


def test_generated_modules_are_compiled_not_only_parsed() -> None:
    """A duplicate parameter parses but does not compile: that is an internal error."""
    text = "def build(a_b, a_b):\n    pass\n"
    ast.parse(text)
    with pytest.raises(InternalGeneratorError, match="duplicate argument 'a_b'"):
        check_python(text, "ops.py.j2", "opdefs/x.yaml")
