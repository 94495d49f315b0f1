"""Where the records of a file and their fields were written, beside the JSON dump.

`llvm-tblgen --dump-json` locates a record by its line and says nothing about
its fields. The spec layer wants more, so that an error points at what caused
it: where a flag such as `hasVerifier = 1` was set, and where a code block or a
predicate string begins (errors inside the Python it holds are placed from
there). `record_positions` reads that from the evaluated records: the evaluator
remembers, for each field, where its value was last given (`RecordVal.at`), and
for each string, where its literal was written (`StringInit.at`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.ir.source import SourceLoc
from generator.tablegen.evaluator import RecordKeeper
from generator.tablegen.values import ListInit, Record, SourcePos, StringInit

__all__ = ["FieldPosition", "RecordPosition", "record_positions"]


@dataclass(frozen=True, slots=True)
class FieldPosition:
    """Where one field of a record got its value."""

    set_at: SourceLoc | None
    """The `let` (or the field's initializer) that gave the value."""
    inherited: bool
    """Whether that was written in a class the record inherits, not for the record."""
    literal_at: SourceLoc | None
    """For a string value written as a literal: its opening `"` or `[{`."""
    items: tuple[SourceLoc | None, ...] = ()
    """For a list value: where each of its string items was written as a literal."""


@dataclass(frozen=True, slots=True)
class RecordPosition:
    """Where a record was written (its `def`, or the `Class<` of an anonymous one)."""

    at: SourceLoc | None
    fields: dict[str, FieldPosition] = field(default_factory=dict)


def _loc(pos: SourcePos | None) -> SourceLoc | None:
    if pos is None:
        return None
    file, offset = pos
    return file.loc(min(offset, len(file.text)))


def _record(rec: Record) -> RecordPosition:
    fields: dict[str, FieldPosition] = {}
    for name, rv in rec.fields.items():
        value = rv.value
        literal = value.at if isinstance(value, StringInit) else None
        items: tuple[SourceLoc | None, ...] = ()
        if isinstance(value, ListInit):
            items = tuple(_loc(i.at) if isinstance(i, StringInit) else None for i in value.items)
        if rv.at is None and literal is None and not any(items):
            continue
        fields[name] = FieldPosition(_loc(rv.at), not rv.own, _loc(literal), items)
    return RecordPosition(_loc(rec.at), fields)


def record_positions(keeper: RecordKeeper, main_file: Path) -> dict[str, RecordPosition]:
    """The positions of the defs written in `main_file`, by record name.

    Anonymous defs (`OpBuilder<...>`, `CPred<...>` written inline) count as
    written where their `Class<` is.
    """
    main = main_file.name
    out: dict[str, RecordPosition] = {}
    for name, rec in keeper.defs.items():
        if rec.at is not None and Path(rec.at[0].name).name == main:
            out[name] = _record(rec)
    return out
