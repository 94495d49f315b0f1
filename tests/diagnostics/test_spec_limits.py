"""Specs that used to end in a traceback, a hang, unbounded memory or an unlocated
error: each now gets a diagnostic at the construct, at `file:line:col`.

TableGen evaluation has explicit limits (records, list and string sizes,
bracket nesting, include depth) and YAML a limit on what its aliases expand to.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.spec.from_yaml import MAX_YAML_VALUES
from generator.tablegen.evaluator import (
    MAX_INCLUDE_DEPTH,
    MAX_LIST_ITEMS,
    MAX_RECORDS,
    MAX_STRING_CHARS,
)
from generator.tablegen.parser import MAX_NESTING

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]

#: Every case must be answered well within this (the unbounded ones used to hang).
_SECONDS = 30


def _doubling(op: str, first: str, kind: str, count: int) -> str:
    lines = [f"def A0 {{ {kind} v = {first}; }}"]
    lines += [f"def A{i} {{ {kind} v = {op}(A{i - 1}.v, A{i - 1}.v); }}" for i in range(1, count)]
    return "\n".join(lines) + "\n"


def _nested_foreach(depth: int) -> str:
    expr = "[1]"
    for i in range(depth):
        expr = f"!foreach(x{i}, {expr}, x{i})"
    return f"def X {{ list<int> v = {expr}; }}\n"


TD_CASES: dict[str, tuple[dict[str, str], str]] = {
    "huge-decimal": (
        {"t.td": "def X { int v = " + "9" * 5000 + "; }\n"},
        r"t\.td:1:17: error: integer literal '9{20}\.\.\.' is out of range",
    ),
    "huge-hex": (
        {"t.td": "def X { int v = 0x1" + "0" * 16 + "; }\n"},
        r"t\.td:1:17: error: integer literal '0x10{16}' is out of range",
    ),
    "huge-bits-width": (
        {"t.td": "def X { bits<" + "9" * 5000 + "> v; }\n"},
        r"t\.td:1:14: error: integer literal .* is out of range",
    ),
    "wide-bits": (
        {"t.td": "def X { bits<100000000> v; }\n"},
        r"t\.td:1:14: error: bits<100000000> is wider than 65536 bits",
    ),
    "deep-foreach": (
        {"t.td": _nested_foreach(5000)},
        rf"t\.td:1:\d+: error: brackets nest more than {MAX_NESTING} levels deep",
    ),
    "deep-list": (
        {"t.td": "def X { list<int> v = " + "[" * 5000 + "]" * 5000 + "; }\n"},
        rf"t\.td:1:{23 + MAX_NESTING - 1}: error: brackets nest more than",
    ),
    "huge-foreach-range": (
        {"t.td": "foreach i = 0...100000000 in {\n  def X#i;\n}\n"},
        rf"t\.td:1:13: error: range 0\.\.\.100000000 has 100000001 elements "
        rf"\(the limit is {MAX_LIST_ITEMS}\)",
    ),
    "exponential-listconcat": (
        {"t.td": _doubling("!listconcat", "[1]", "list<int>", 64)},
        r"t\.td:18:25: error: !listconcat would make a list of 131072 elements",
    ),
    "exponential-strconcat": (
        {"t.td": _doubling("!strconcat", '"ab"', "string", 64)},
        rf"t\.td:23:22: error: !strconcat would make a string of 8388608 characters "
        rf"\(the limit is {MAX_STRING_CHARS}\)",
    ),
    "huge-range": (
        {"t.td": "def A { list<int> v = !range(0, 1000000000); }\n"},
        r"t\.td:1:23: error: !range would make a list of 1000000000 elements",
    ),
    "huge-listsplat": (
        {"t.td": "def A { list<int> v = !listsplat(1, 1000000000); }\n"},
        r"t\.td:1:23: error: !listsplat would make a list of 1000000000 elements",
    ),
    "too-many-records": (
        {"t.td": "foreach i = 0...999 in { foreach j = 0...999 in { def X#i#_#j; } }\n"},
        rf"t\.td:1:51: error: more than {MAX_RECORDS} records are defined",
    ),
    "include-cycle": (
        {"t.td": 'include "u.td"\n', "u.td": 'def Y;\ninclude "t.td"\n'},
        r"u\.td:2:1: error: include cycle: t\.td -> u\.td -> t\.td",
    ),
    "include-self": (
        {"t.td": 'def Y;\ninclude "t.td"\n'},
        r"t\.td:2:1: error: include cycle: t\.td -> t\.td",
    ),
    "deep-includes": (
        {
            "t.td": 'include "d1.td"\n',
            **{f"d{i}.td": f'include "d{i + 1}.td"\n' for i in range(1, 300)},
        },
        rf"d{MAX_INCLUDE_DEPTH - 1}\.td:1:1: error: includes nest more than "
        rf"{MAX_INCLUDE_DEPTH} files deep",
    ),
}


@pytest.mark.parametrize("case", list(TD_CASES))
def test_tablegen_limits_are_located_diagnostics(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """Each TableGen reproducer ends quickly with its diagnostic at the construct."""
    files, expected = TD_CASES[case]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    start = time.monotonic()
    code, out, err = run_odsgen(["records", "--json", str(tmp_path / "t.td")])
    assert time.monotonic() - start < _SECONDS
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    assert re.search(expected, err), err


def test_nesting_below_the_limit_still_works(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """The limit is not a cap on what works: nesting just below it evaluates."""
    (tmp_path / "t.td").write_text(_nested_foreach(MAX_NESTING - 10), encoding="utf-8")
    code, out, err = run_odsgen(["records", "--json", str(tmp_path / "t.td")])
    assert code == 0, err
    assert '"v":[1]' in out.replace(" ", "")


def _alias_bomb() -> str:
    lines = ["name: bomb", 'l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        refs = ", ".join([f"*l{i - 1}"] * 8)
        lines.append(f"l{i}: &l{i} [{refs}]")
    lines.append("summary: *l8")
    return "\n".join(lines) + "\n"


YAML_CASES: dict[str, tuple[bytes, str]] = {
    "lone-surrogate": (
        b'name: a\nsummary: "x\\uD800"\n',
        r"a\.yaml:2:10: error: spec text holds the character U\+D800",
    ),
    "nul-in-summary": (
        b'name: a\nsummary: "x\\0y"\n',
        r"a\.yaml:2:10: error: spec text holds the character U\+0000",
    ),
    "invalid-utf8": (
        b'name: a\nsummary: "x\xff\xfe"\n',
        r"a\.yaml:2:12: error: invalid UTF-8: byte 0xff",
    ),
    "alias-bomb": (
        _alias_bomb().encode(),
        rf"a\.yaml:\d+:\d+: error: the spec stands for more than {MAX_YAML_VALUES} YAML values",
    ),
    "deep-flow-nesting": (
        b"name: a\nsummary: " + b"[" * 3000 + b"]" * 3000 + b"\n",
        r"a\.yaml:2:3009: error: the YAML nesting is too deep",
    ),
    "quote-in-op-name": (
        b"name: a\nops:\n  - {def: A_XOp, mnemonic: 'x\"y'}\n",
        r"a\.yaml:3:5: error: invalid op mnemonic 'x\"y'",
    ),
    "space-in-operand-name": (
        b"name: a\nops:\n  - def: A_XOp\n    mnemonic: x\n"
        b"    operands: [{name: 'a b', type: AnyType}]\n",
        r"a\.yaml:5:16: error: invalid operand name 'a b'",
    ),
    "leading-digit-in-enum-case": (
        b"name: a\nenums:\n  - def: A_E\n    cases: [{symbol: 1st, value: 0}]\n",
        r"a\.yaml:4:13: error: invalid enum case '1st'",
    ),
    "leading-digit-in-dialect-name": (
        b"name: '9a'\n",
        r"a\.yaml:1:1: error: invalid dialect name '9a'",
    ),
}


@pytest.mark.parametrize("case", list(YAML_CASES))
def test_yaml_spec_problems_are_located_diagnostics(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """Each YAML reproducer ends quickly with its diagnostic, and nothing is generated."""
    data, expected = YAML_CASES[case]
    (tmp_path / "opdefs").mkdir()
    (tmp_path / "opdefs" / "a.yaml").write_bytes(data)
    start = time.monotonic()
    code, _, err = run_odsgen(["generate", "--root", str(tmp_path)])
    assert time.monotonic() - start < _SECONDS
    assert code == 1
    assert "Traceback" not in err
    assert "internal error" not in err
    assert re.search(expected, err), err
    assert not (tmp_path / "generated").exists()


@pytest.mark.parametrize(
    "spec",
    [
        'name: a\nsummary: ends in a quote "\n',
        'name: a\nsummary: "three \\"\\"\\" quotes and a backslash \\\\"\n',
        "name: a\nenums:\n  - def: A_E\n    summary: 'ends in a quote \"'\n"
        "    cases: [{symbol: x, value: 0}]\n",
        "name: a\nops:\n  - def: A_XOp\n    mnemonic: x\n    summary: 'ends \"'\n"
        '    description: \'a """ b \\ c "\'\n',
    ],
)
def test_summaries_with_quotes_generate_code_that_imports(
    spec: str, tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """Summaries ending in `"` (or holding `\"\"\"` or backslashes) used to produce
    invalid Python; they are text in docstrings now."""
    (tmp_path / "opdefs").mkdir()
    (tmp_path / "opdefs" / "a.yaml").write_text(spec, encoding="utf-8")
    code, _, err = run_odsgen(["generate", "--root", str(tmp_path)])
    assert code == 0, err
    run = subprocess.run(
        [sys.executable, "-c", "import generated; generated.load_all_dialects()"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
