"""Malformed TableGen input gives llvm-tblgen's diagnostic, never a traceback.

Each case was once a crash or a hang found by fuzzing (`tests/fuzz`); the
expected line is llvm-tblgen's own, except where noted.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from generator.ir.diagnostics import render_diagnostic
from generator.tablegen import TableGenError, load_records

LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
REG = "class Reg<int n> { int num = n; }\ndef R0 : Reg<0>;\n"

CASES = [
    pytest.param(
        "def foo;\ndef X { dag d = !setdagarg((foo 1:$a), 5, 2); }\n",
        "input.td:2:5: error: !setdagarg index 5 is out of range (dag has 1 arguments)",
        id="setdagarg-index-out-of-range",
    ),
    pytest.param(
        'def foo;\ndef X { dag d = !setdagname((foo 1:$a), "q", "x"); }\n',
        "input.td:2:5: error: !setdagname key 'q' is not found",
        id="setdagname-unknown-key",
    ),
    pytest.param(
        'def foo;\ndef X { int x = !getdagarg<int>((foo 1:$a), "nope"); }\n',
        "input.td:2:5: error: !getdagarg key 'nope' is not found",
        id="getdagarg-unknown-key",
    ),
    pytest.param(
        "def foo;\ndef X { string x = !getdagname((foo 1:$a), 3); }\n",
        "input.td:2:5: error: !getdagname index is out of range 0...0: 3",
        id="getdagname-index-out-of-range",
    ),
    pytest.param(
        "def X { list<int> l = !instances(); }\n",
        "input.td:1:33: error: expected type name for operator",
        id="instances-without-type",
    ),
    pytest.param(
        'class P;\ndef X { list<P> l = !instances<P>("a", "b"); }\n',
        "input.td:2:38: error: expected ')' in !instances",
        id="instances-two-operands",
    ),
    pytest.param(
        'def X { bit b = !match("a"); }\n',
        "input.td:1:17: error: expected two operands to operator",
        id="match-one-operand",
    ),
    pytest.param(
        "defvar y = !listconcat([], []);\n",
        "input.td:1:26: error: No type for list",
        id="untyped-empty-list",
    ),
    pytest.param(
        "class C { list<int> l; }\nlet l = [] in def X : C;\n",
        "input.td:2:12: error: No type for list",
        id="untyped-empty-list-in-let",
    ),
    pytest.param(
        'class I { bits<2> b = {1, "a"}; }\n',
        'input.td:1:23: error: Element #1 ("a") is not convertable to a bit',
        id="bits-element-not-a-bit",
    ),
    pytest.param(
        "def X { int v = !getop((a)); }\n",
        "input.td:1:17: error: unknown operator",
        id="getop-is-gone",
    ),
    pytest.param(
        "def X { int v = !if(1, 2); }\n",
        "input.td:1:25: error: expected ',' in ternary operator",
        id="if-too-few-operands",
    ),
    pytest.param(
        "def X { int v = !if(1, 2, 3, 4); }\n",
        "input.td:1:28: error: expected ')' in binary operator",
        id="if-too-many-operands",
    ),
    pytest.param(
        "def X { int v = !sub(1); }\n",
        "input.td:1:17: error: expected two operands to operator",
        id="binary-one-operand",
    ),
    pytest.param(
        "def X { int v = !not(1, 2); }\n",
        "input.td:1:23: error: expected ')' in unary operator",
        id="unary-two-operands",
    ),
    pytest.param(
        "def X { int v = !size(); }\n",
        "input.td:1:23: error: Unknown or reserved token when parsing a value",
        id="no-operands",
    ),
    pytest.param(
        "def X { list<int> v = !range(1, 2, 3, 4); }\n",
        "input.td:1:39: error: expected at most three values of integer",
        id="range-four-operands",
    ),
    pytest.param(
        "def X { list<int> v = !foreach(1, [1], 2); }\n",
        "input.td:1:32: error: first argument of !foreach/!filter must be an identifier",
        id="foreach-variable-not-a-name",
    ),
    pytest.param(
        "def X { int v = !foldl(1, [1], a, b); }\n",
        "input.td:1:36: error: expected ',' in !foldl",
        id="foldl-too-few-operands",
    ),
    pytest.param(
        'def X { int v = !substr("a", 0, 1, 2); }\n',
        "input.td:1:34: error: expected ')' in !substr operator",
        id="substr-too-many-operands",
    ),
    pytest.param(
        "def X { int v = !listelem([1], 0); }\n",
        "input.td:1:17: error: unknown operator",
        id="internal-fold-is-not-an-operator",
    ),
    pytest.param(
        REG + "def X { list<Reg> regs = [R0];\n  int first = regs[0].nm; }\n",
        "input.td:4:23: error: Cannot access field 'nm' of value 'regs[0]'",
        id="field-of-list-element",
    ),
    pytest.param(
        REG + "def X { list<int> l = !foreach(x, [R0], x.nm); }\n",
        "input.td:3:43: error: Cannot access field 'nm' of value 'x'",
        id="field-of-foreach-variable",
    ),
    pytest.param(
        REG + "class A<Reg r> { int x = r.nm; }\n",
        "input.td:3:28: error: Cannot access field 'nm' of value 'A:r'",
        id="field-of-template-argument",
    ),
    pytest.param(
        "[{ code that never ends\n",
        "input.td:1:1: error: unterminated code block",
        id="unterminated-code-block",
    ),
]


def _first_error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "input.td"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableGenError) as info:
        load_records(path)
    return (
        render_diagnostic(info.value.diagnostics[0]).splitlines()[0].replace(str(path), "input.td")
    )


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_malformed_input_diagnostic(tmp_path: Path, text: str, expected: str) -> None:
    """The first diagnostic line: message, line and column."""
    assert _first_error(tmp_path, text) == expected


@pytest.mark.skipif(not LLVM_TBLGEN.exists(), reason="llvm-tblgen 22 is not installed")
@pytest.mark.parametrize(("text", "expected"), CASES)
def test_llvm_tblgen_agrees(tmp_path: Path, text: str, expected: str) -> None:
    """The pinned lines are what llvm-tblgen prints for the same input."""
    (tmp_path / "input.td").write_text(text, encoding="utf-8")
    proc = subprocess.run(
        [str(LLVM_TBLGEN), "input.td"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert proc.stderr.splitlines()[0] == expected


def test_out_of_range_shift(tmp_path: Path) -> None:
    """A shift count outside 0..63 is an error, not an enormous integer.

    llvm-tblgen reports it at the def; it is reported at the operator here.
    """
    assert _first_error(tmp_path, "def X { int v = !shl(1, -1); }\n") == (
        "input.td:1:17: error: Illegal operation: out of bounds shift"
    )
    assert _first_error(tmp_path, "def X { int v = !srl(1, 1000000000000); }\n") == (
        "input.td:1:17: error: Illegal operation: out of bounds shift"
    )


@pytest.mark.parametrize("opener", ["[{", "/*"])
def test_unterminated_block_fails_fast(tmp_path: Path, opener: str) -> None:
    """A `[{` or `/*` without its end is rejected without backtracking over the file."""
    body = 'def A { string s = "x"; }\n// a comment line\n' * 40
    path = tmp_path / "input.td"
    path.write_text(opener + body, encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(TableGenError):
        load_records(path)
    assert time.perf_counter() - start < 2.0
