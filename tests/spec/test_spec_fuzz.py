"""Fuzzing the YAML front end: random edits of the example never escape as crashes.

Whatever the text, `parse_yaml` either returns a model or raises one of the spec
error types, each diagnostic with a position inside the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.diagnostics import SpecSyntaxError, SpecValidationError
from generator.spec.from_yaml import parse_yaml

EXAMPLE = (Path(__file__).parent / "cases" / "example.yaml").read_text(encoding="utf-8")
_LINES = EXAMPLE.splitlines(keepends=True)
#: Fragments that are meaningful to YAML or to the ODS expression syntax.
_FRAGMENTS = [
    "<",
    ">",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "$",
    '"',
    "'",
    "&a ",
    "*a",
    "- ",
    "\t",
    "\n",
    "  ",
    "#",
    "|",
    "Variadic<",
    "I32",
    "1",
    "-1",
    "null",
    "true",
    "!tag ",
    "def: X",
    "name: ",
    "type: ",
    "\x00",
    "é",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    lines = list(_LINES)
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(st.sampled_from(["insert", "delete", "duplicate", "swap", "chars"]))
        index = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        if kind == "insert":
            line = lines[index]
            at = draw(st.integers(min_value=0, max_value=len(line)))
            piece = draw(st.sampled_from(_FRAGMENTS))
            lines[index] = line[:at] + piece + line[at:]
        elif kind == "delete" and len(lines) > 1:
            del lines[index]
        elif kind == "duplicate":
            lines.insert(index, lines[index])
        elif kind == "swap":
            other = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        else:
            line = lines[index]
            start = draw(st.integers(min_value=0, max_value=len(line)))
            end = draw(st.integers(min_value=start, max_value=len(line)))
            lines[index] = line[:start] + draw(st.text(max_size=5)) + line[end:]
    return "".join(lines)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(_mutated())
def test_mutations_raise_only_spec_errors(text: str) -> None:
    """A mutated spec loads, or raises a spec error whose diagnostics are in the file."""
    diagnostics = []
    try:
        parse_yaml(text, "fuzz.yaml")
    except (SpecSyntaxError, SpecValidationError) as error:
        diagnostics = error.diagnostics
        if not diagnostics:
            pytest.fail("a spec error without diagnostics")
    for diag in diagnostics:
        assert diag.loc is not None
        assert 0 <= diag.loc.offset <= len(text)
        assert str(diag).startswith("fuzz.yaml:")


def test_non_mapping_items_before_a_mapping_are_reported() -> None:
    """Strings mixed into an operand list are errors; the mappings after them keep their paths."""
    text = (
        "name: demo\n"
        "ops:\n"
        "  - def: Demo_CmpOp\n"
        "    mnemonic: cmp\n"
        "    operands:\n"
        "      - Pure\n"
        "      - {name: lhs, type: I32}\n"
    )
    with pytest.raises(SpecValidationError) as info:
        parse_yaml(text, "mixed.yaml")
    rendered = [str(d).splitlines()[0] for d in info.value.diagnostics]
    assert rendered[0].startswith("mixed.yaml:6:9: error:"), rendered
