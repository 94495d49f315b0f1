"""Spec diagnostics: each bad spec in `invalid/` against its `ERROR:` comments.

A comment `# ERROR: L:C message [hint: text]` (`// ERROR: ...` in TableGen, `#`
inside a TableGen code block) states one expected diagnostic at line L, column C
of that file. The test compares the full, sorted list of diagnostics the front end
reports with the list of comments. YAML and TableGen specs of the same name spell
the same mistakes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.diagnostics import GeneratorError, SpecSyntaxError
from generator.spec.convert import load_spec
from generator.spec.from_yaml import parse_yaml

INVALID = Path(__file__).parent / "invalid"
CASES = sorted(INVALID.glob("*.yaml")) + sorted(INVALID.glob("*.td"))
_EXPECTED = re.compile(r"(?:#|//)\s*ERROR:\s*(\d+:\d+ .*)$")


def _expected(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _EXPECTED.search(line)
        if match:
            out.append(match.group(1).rstrip())
    return out


def _actual(path: Path) -> list[str]:
    with pytest.raises(GeneratorError) as info:
        load_spec(path)
    out = []
    for diag in info.value.diagnostics:
        line, col = diag.line_col
        text = f"{line}:{col} {diag.message}"
        if diag.hint:
            text += f" [hint: {diag.hint}]"
        out.append(text)
    return out


def test_invalid_cases_exist() -> None:
    """The diagnostics suite has cases, and each states at least one expected error."""
    assert len(CASES) >= 10
    assert all(_expected(case) for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_reported_diagnostics_match_comments(case: Path) -> None:
    """Every diagnostic of the file, in order, equals the file's `# ERROR:` comments."""
    assert _actual(case) == _expected(case)


def test_yaml_syntax_error_is_a_syntax_error_with_a_note() -> None:
    """Malformed YAML raises SpecSyntaxError, with pyyaml's context as a located note."""
    with pytest.raises(SpecSyntaxError) as info:
        parse_yaml("name: x\nops: [a\n", "s.yaml")
    (diag,) = info.value.diagnostics
    assert diag.line_col == (3, 1)
    assert diag.message == "expected ',' or ']', but got '<stream end>'"
    (note,) = diag.notes
    assert note.message == "while parsing a flow sequence"
    assert note.loc is not None
    assert note.loc.line_col == (2, 6)


def test_rendering_shows_source_caret_path_and_hint() -> None:
    """A rendered diagnostic has position, source line, caret, document path and hint."""
    text = "name: d\nops:\n  - def: D_AOp\n    mnemonic: a\n    operands: [{name: x, type: I3}]\n"
    with pytest.raises(GeneratorError) as info:
        parse_yaml(text, "d.yaml")
    assert info.value.render() == (
        "d.yaml:5:32: error: unknown type constraint 'I3'\n"
        "    operands: [{name: x, type: I3}]\n"
        "                               ^\n"
        "  in ops[0].operands[0].type\n"
        "  hint: did you mean 'I32'?"
    )


def test_empty_file_is_reported() -> None:
    """An empty spec file is an error at 1:1 that says what to start with."""
    with pytest.raises(GeneratorError) as info:
        parse_yaml("# nothing\n", "e.yaml")
    (diag,) = info.value.diagnostics
    assert (diag.line_col, diag.message) == ((1, 1), "the spec file is empty")


def test_top_level_must_be_a_mapping() -> None:
    """A YAML list at the top level is reported at its position."""
    with pytest.raises(GeneratorError) as info:
        parse_yaml("- a\n- b\n", "l.yaml")
    (diag,) = info.value.diagnostics
    assert (diag.line_col, diag.message) == ((1, 1), "expected a mapping, got a list")


def test_recursive_alias_is_reported() -> None:
    """An alias to a list containing itself is an error, not endless recursion."""
    with pytest.raises(GeneratorError) as info:
        parse_yaml("name: x\nops: &a [*a]\n", "r.yaml")
    messages = [(d.line_col, d.message) for d in info.value.diagnostics]
    assert ((2, 6), "a YAML alias may not refer to a value that contains it") in messages
