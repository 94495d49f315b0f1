"""Bad specs in TableGen give spec errors at the line of the offending def."""

from __future__ import annotations

import pytest
from conftest import DumpRecords

from generator.diagnostics import SpecValidationError
from generator.spec.from_records import load_records

HEADER = """include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
"""


def _errors(doc: dict[str, object], name: str = "spec.td") -> list[tuple[str, int]]:
    with pytest.raises(SpecValidationError) as info:
        load_records(doc, main_file=name)
    return [(d.message, d.line_col[0]) for d in info.value.diagnostics]


def test_unknown_constraint_class(dump_records: DumpRecords) -> None:
    """A def that is no constraint of the library is an unknown type constraint."""
    doc = dump_records(
        HEADER
        + """def NotAType;
def T_AOp : T_Op<"a"> {
  let arguments = (ins NotAType:$x);
}
""",
        "spec.td",
    )
    assert _errors(doc) == [("unknown type constraint 'NotAType'", 5)]


def test_duplicate_operand_names(dump_records: DumpRecords) -> None:
    """Two operands of one name are reported as MLIR does, at the op's line."""
    doc = dump_records(
        HEADER
        + """
def T_BOp : T_Op<"b"> {
  let arguments = (ins I32:$x, F32:$x);
}
""",
        "spec.td",
    )
    assert _errors(doc) == [("op has a conflict with two operands having the same name 'x'", 5)]


def test_unknown_trait(dump_records: DumpRecords) -> None:
    """A trait def the library does not know is reported by name."""
    doc = dump_records(
        HEADER
        + """def Fancy : Trait;
def T_COp : T_Op<"c", [Fancy]>;
""",
        "spec.td",
    )
    ((message, line),) = _errors(doc)
    assert (message, line) == ("unknown trait 'Fancy'", 5)


def test_no_dialect(dump_records: DumpRecords) -> None:
    """A file without a Dialect def is an error at its start."""
    doc = dump_records('include "OpBase.td"\n', "spec.td")
    assert _errors(doc) == [("expected exactly one Dialect def in the file, found none", 1)]
