"""Where fields were set and literals written: what the JSON dump leaves out."""

from __future__ import annotations

from pathlib import Path

from generator.tablegen import load_records
from generator.tablegen.positions import RecordPosition, record_positions

TEXT = """class Base<string text> {
  bit flag = 0;
  code body = text;
  list<string> words = [];
}
class Flagged<string text> : Base<text> {
  let flag = 1;
}
def A : Flagged<[{
    x = 1
  }]> {
  let words = ["one", "two"];
}
def B : Base<"b"> {
  let flag = 1;
}
let flag = 1 in
def C : Base<"c">;
"""


def _positions(tmp_path: Path) -> dict[str, RecordPosition]:
    path = tmp_path / "p.td"
    path.write_text(TEXT, encoding="utf-8")
    return dict(record_positions(load_records(path), path))


def test_where_each_field_was_set(tmp_path: Path) -> None:
    """A `let` in the record is its own; one in a class is inherited; an enclosing
    `let ... in` is the record's own too."""
    positions = _positions(tmp_path)
    a, b, c = positions["A"], positions["B"], positions["C"]
    flag_a = a.fields["flag"]
    assert flag_a.set_at is not None
    assert flag_a.set_at.line_col == (7, 7)
    assert flag_a.inherited
    flag_b = b.fields["flag"]
    assert flag_b.set_at is not None
    assert (flag_b.set_at.line_col, flag_b.inherited) == ((15, 7), False)
    flag_c = c.fields["flag"]
    assert flag_c.set_at is not None
    assert (flag_c.set_at.line_col, flag_c.inherited) == ((17, 5), False)


def test_where_literals_were_written(tmp_path: Path) -> None:
    """A string value keeps its literal's position through template arguments; so do
    the strings of a list."""
    a = _positions(tmp_path)["A"]
    assert a.at is not None
    assert a.at.line_col == (9, 1)
    body = a.fields["body"]
    assert body.literal_at is not None
    assert body.literal_at.line_col == (9, 17)
    words = a.fields["words"]
    assert [loc.line_col if loc else None for loc in words.items] == [(12, 16), (12, 23)]


def test_only_records_of_the_main_file(tmp_path: Path) -> None:
    """Records are those written in the file itself, not in what it includes."""
    assert set(_positions(tmp_path)) == {"A", "B", "C"}
