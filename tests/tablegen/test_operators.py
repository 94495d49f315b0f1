"""The `!` operators: exactly LLVM 22's set, each checked against llvm-tblgen.

What each operator computes is pinned by the goldens of `cases/bang.td` and
`cases/bang_llvm22.td` (written by llvm-tblgen); this file checks that the set of
operator names is the one LLVM 22's TableGen Programmer's Reference lists and that
llvm-tblgen itself knows each of them and no other.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.ir.diagnostics import render_diagnostic
from generator.tablegen import TableGenError, load_records
from generator.tablegen.operators import OPERATORS

LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")

#: The BangOperator production of LLVM 22's Programmer's Reference, with `!cond`.
LLVM22_OPERATORS = frozenset(
    [
        "add",
        "and",
        "cast",
        "con",
        "cond",
        "dag",
        "div",
        "empty",
        "eq",
        "exists",
        "filter",
        "find",
        "foldl",
        "foreach",
        "ge",
        "getdagarg",
        "getdagname",
        "getdagop",
        "getdagopname",
        "gt",
        "head",
        "if",
        "initialized",
        "instances",
        "interleave",
        "isa",
        "le",
        "listconcat",
        "listflatten",
        "listremove",
        "listsplat",
        "logtwo",
        "lt",
        "match",
        "mul",
        "ne",
        "not",
        "or",
        "range",
        "repr",
        "setdagarg",
        "setdagname",
        "setdagop",
        "setdagopname",
        "shl",
        "size",
        "sra",
        "srl",
        "strconcat",
        "sub",
        "subst",
        "substr",
        "tail",
        "tolower",
        "toupper",
        "xor",
    ]
)
#: Names that are no operator in LLVM 22: retired ones (`!getop`, `!setop`) and
#: ones proposed but never added.
NOT_OPERATORS = ("getop", "setop", "concat", "format", "getdagargs", "getdagnames", "sort")
#: Folds behind `x[i]` and `x[i...j]`, which one cannot write as operators.
INTERNAL = frozenset({"listelem", "listslice"})


def test_operator_set_is_llvm22s() -> None:
    """The evaluator folds exactly the operators of LLVM 22 (plus its internal folds)."""
    assert (OPERATORS - INTERNAL) | {"cond"} == LLVM22_OPERATORS


def _llvm_first_line(tmp_path: Path, text: str) -> str:
    if not LLVM_TBLGEN.is_file():
        pytest.skip(f"{LLVM_TBLGEN} is not installed (apt-get install llvm-22)")
    (tmp_path / "input.td").write_text(text, encoding="utf-8")
    done = subprocess.run(
        [str(LLVM_TBLGEN), "input.td"], cwd=tmp_path, capture_output=True, text=True
    )
    return (done.stderr.splitlines() or [""])[0]


def _our_first_line(tmp_path: Path, text: str) -> str:
    path = tmp_path / "input.td"
    path.write_text(text, encoding="utf-8")
    try:
        load_records(path)
    except TableGenError as err:
        return render_diagnostic(err.diagnostics[0]).splitlines()[0].replace(str(path), "input.td")
    return ""


@pytest.mark.parametrize("op", sorted(LLVM22_OPERATORS - {"cond"}))
def test_llvm_tblgen_knows_operator(tmp_path: Path, op: str) -> None:
    """llvm-tblgen reads each operator of the list as one (whatever it says of `1`)."""
    line = _llvm_first_line(tmp_path, f"def X {{ int x = !{op}(1); }}\n")
    assert "unknown operator" not in line


@pytest.mark.parametrize("op", NOT_OPERATORS)
def test_unknown_operator(tmp_path: Path, op: str) -> None:
    """A name outside the list is an unknown operator for both, at the same place."""
    text = f"def X {{ int x = !{op}(1); }}\n"
    expected = _llvm_first_line(tmp_path, text)
    assert expected == "input.td:1:17: error: unknown operator"
    assert _our_first_line(tmp_path, text) == expected
