"""The TableGen front end against llvm-tblgen: per-feature goldens, MLIR's own .td files, errors.

Goldens in `cases/` come from `llvm-tblgen --dump-json` (`cases/regen.py`); the
MLIR files are compared with a live llvm-tblgen and skipped without one.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.ir.diagnostics import render_diagnostic
from generator.ir.source import SourceFile
from generator.tablegen import TableGenError, dump_json, load_records
from generator.tablegen.parser import SYNTAX_ERRORS, parse_text

CASES = Path(__file__).resolve().parent / "cases"
LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
LLVM_INCLUDE = Path("/usr/lib/llvm-22/include")
MLIR_FILES = [
    "mlir/Dialect/MLProgram/IR/MLProgramOps.td",
    "mlir/Dialect/Arith/IR/ArithOps.td",
    "mlir/Dialect/Func/IR/FuncOps.td",
    "mlir/Dialect/ControlFlow/IR/ControlFlowOps.td",
    "mlir/IR/BuiltinOps.td",
]


def _cases() -> list[Path]:
    return sorted(CASES.glob("*.td"))


def _oracle() -> Path:
    if not LLVM_TBLGEN.is_file():
        pytest.skip(f"{LLVM_TBLGEN} is not installed (apt-get install llvm-22)")
    return LLVM_TBLGEN


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.stem)
def test_case_matches_golden(case: Path, run_odsgen, expect_same_text, monkeypatch) -> None:
    """`odsgen records --json` prints exactly what llvm-tblgen printed for the case."""
    monkeypatch.chdir(CASES)
    code, out, err = run_odsgen(["records", "--json", case.name])
    assert code == 0, err
    expect_same_text(
        out,
        case.with_suffix(".json").read_text(encoding="utf-8"),
        label=case.name,
        hint="regenerate with: python tests/tablegen/cases/regen.py",
    )


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.stem)
def test_case_golden_is_fresh(case: Path) -> None:
    """The golden of each case is what the installed llvm-tblgen prints today."""
    oracle = _oracle()
    live = subprocess.run(
        [str(oracle), "--dump-json", case.name], cwd=CASES, capture_output=True, text=True
    )
    assert live.returncode == 0, live.stderr
    assert live.stdout == case.with_suffix(".json").read_text(encoding="utf-8")


@pytest.mark.parametrize("td", MLIR_FILES, ids=lambda p: Path(p).stem)
def test_mlir_file_matches_llvm_tblgen(td: str, expect_same_text) -> None:
    """MLIR's own .td files give llvm-tblgen's records, anonymous numbering included."""
    oracle = _oracle()
    path = LLVM_INCLUDE / td
    if not path.is_file():
        pytest.skip(f"{path} is not installed (apt-get install libmlir-22-dev)")
    expected = subprocess.run(
        [str(oracle), "--dump-json", "-I", str(LLVM_INCLUDE), str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    ours = dump_json(load_records(path, [LLVM_INCLUDE])) + "\n"
    if ours != expected:
        # One field a line, so that the diff shows where they differ.
        expect_same_text(ours.replace(',"', ',\n"'), expected.replace(',"', ',\n"'), label=td)


def test_arith_records_load() -> None:
    """ArithOps.td with all its includes evaluates (its speed is reported by `make bench`)."""
    path = LLVM_INCLUDE / MLIR_FILES[1]
    if not path.is_file():
        pytest.skip(f"{path} is not installed (apt-get install libmlir-22-dev)")
    keeper = load_records(path, [LLVM_INCLUDE])
    assert "Arith_AddIOp" in keeper.defs


def _error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "input.td"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableGenError) as info:
        load_records(path)
    rendered = render_diagnostic(info.value.diagnostics[0])
    return rendered.replace(str(path), "input.td")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "class A<int x>;\ndef B : A<1, 2>;\n",
            "input.td:2:14: error: Too many template arguments: 2",
            id="too-many-template-args",
        ),
        pytest.param(
            'class A<int x>;\ndef C : A<"s">;\n',
            "input.td:2:11: error: Value specified for template argument 'A:x' is of type "
            'string; expected type int: "s"',
            id="wrong-template-arg-type",
        ),
        pytest.param(
            "class A<int x>;\ndef C : A;\n",
            "input.td:2:9: error: value not specified for template argument 'A:x'",
            id="missing-template-arg",
        ),
        pytest.param(
            "def B : Nope;\n",
            "input.td:1:9: error: Couldn't find class 'Nope'",
            id="unknown-class",
        ),
        pytest.param(
            "def B { int x = y; }\n",
            "input.td:1:17: error: Variable not defined: 'y'",
            id="unknown-def",
        ),
        pytest.param(
            "def A { int x = 1; }\ndef B { int y = A.z; }\n",
            "input.td:2:19: error: Cannot access field 'z' of value 'A'",
            id="undefined-field",
        ),
        pytest.param(
            "def B { let z = 1; }\n",
            "input.td:1:13: error: Value 'z' unknown!",
            id="let-unknown-field",
        ),
        pytest.param(
            'class A<int x> {\n  assert !gt(x, 0), "x must be positive";\n}\ndef B : A<0>;\n',
            "input.td:2:10: error: assertion failed: x must be positive",
            id="failing-assert",
        ),
        pytest.param(
            "def A;\ndef A;\n",
            "input.td:2:1: error: def already exists: A",
            id="duplicate-def",
        ),
        pytest.param(
            "class A;\nmulticlass M : A {\n  def _x : A;\n}\n",
            "input.td:2:16: error: Couldn't find multiclass 'A'",
            id="base-is-not-a-multiclass",
        ),
    ],
)
def test_evaluation_error(tmp_path: Path, text: str, expected: str) -> None:
    """Evaluation errors carry llvm-tblgen's message at its line and column."""
    assert _error(tmp_path, text).splitlines()[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "class A { int x }\n",
            "input.td:1:17: error: expected ';' after a declaration, found '}'",
            id="missing-semicolon",
        ),
        pytest.param(
            "def A { int x = ; }\n",
            "input.td:1:17: error: expected a value, found ';'",
            id="missing-value",
        ),
        pytest.param("def A {\n", "input.td:1:7: error: unexpected end of file", id="end-of-file"),
        pytest.param(
            "def A { int x = @; }\n",
            "input.td:1:17: error: unexpected character '@'",
            id="bad-character",
        ),
        pytest.param(
            "#ifdef X\ndef A;\n",
            "input.td:1:1: error: reached end of file without matching #endif",
            id="unterminated-ifdef",
        ),
        pytest.param(
            "class A;\nmulticlass M<int x>;\n",
            "input.td:2:20: error: expected '{' in multiclass definition, found ';'",
            id="multiclass-without-body",
        ),
    ],
)
def test_syntax_error(tmp_path: Path, text: str, expected: str) -> None:
    """Syntax errors are one diagnostic with the source line and a caret, no traceback."""
    rendered = _error(tmp_path, text)
    lines = rendered.splitlines()
    assert lines[0] == expected
    assert lines[1] == text.splitlines()[int(expected.split(":")[1]) - 1]
    assert lines[2].strip() == "^"


@pytest.mark.parametrize(
    ("label", "sample"),
    [
        pytest.param(label, s, id=f"{label[:30]}-{i}")
        for label, ss in SYNTAX_ERRORS.items()
        for i, s in enumerate(ss)
    ],
)
def test_syntax_error_catalogue_sample_fails(label: str, sample: str) -> None:
    """Every catalogue sample is a syntax error (so the catalogue can match it)."""
    with pytest.raises(TableGenError):
        parse_text(SourceFile("sample.td", sample))


def test_preprocessor_skips_inactive_branches() -> None:
    """`#ifndef` guards and `#else` pick the branch llvm-tblgen would."""
    text = "#ifndef G\n#define G\ndef A;\n#else\ndef B;\n#endif\n#ifdef G\ndef C;\n#endif\n"
    parsed = parse_text(SourceFile("p.td", text))
    names = [s.name.name for s in parsed.stmts if hasattr(s, "name")]  # type: ignore[union-attr]
    assert names == ["A", "C"]


def test_each_file_is_parsed_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A file included twice (without a guard) is parsed only once per run."""
    import generator.tablegen.evaluator as evaluator

    (tmp_path / "inc.td").write_text("class C;\n", encoding="utf-8")
    (tmp_path / "main.td").write_text(
        'include "inc.td"\ndefvar x = 1;\ninclude "inc.td"\n', encoding="utf-8"
    )
    calls: list[str] = []
    real = evaluator.parse_text

    def counting(source: SourceFile, defines: set[str] | None = None) -> object:
        calls.append(source.name)
        return real(source, defines)

    monkeypatch.setattr(evaluator, "parse_text", counting)
    keeper = load_records(tmp_path / "main.td")
    assert "C" in keeper.classes
    assert sorted(calls) == sorted([str(tmp_path / "main.td"), str(tmp_path / "inc.td")])
