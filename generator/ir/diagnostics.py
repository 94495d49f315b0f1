"""MLIR-style diagnostics: severity, position, message and attached notes.

Every problem the runtime reports about user input (a malformed `.mlir` file, an
invalid op) is a `Diagnostic`. Raising `DiagnosticError` is how the parser and the
verifier stop; the command line renders it as `file:line:col: error: message`,
the source line and a caret, exactly as mlir-opt does.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from mypy_extensions import mypyc_attr

from generator.ir.source import SourceLoc

__all__ = ["Diagnostic", "DiagnosticError", "Severity", "render_diagnostic"]

#: Tabs in a quoted source line are expanded to this tab stop, as LLVM's SourceMgr does.
_TAB_STOP = 8


class Severity(enum.Enum):
    """How serious a diagnostic is; the value is the word mlir-opt prints."""

    ERROR = "error"
    WARNING = "warning"
    REMARK = "remark"
    NOTE = "note"


@mypyc_attr(allow_interpreted_subclasses=True)
class Diagnostic:
    """One message about the input, optionally at a source position, with notes.

    A diagnostic without a position (`loc` None) is MLIR's unknown location and
    renders as `<unknown>:0: error: ...`. `span` is the number of characters from
    `loc` that the caret line underlines with `~`; 0 shows the caret alone.
    """

    __slots__ = ("loc", "message", "notes", "severity", "span")

    def __init__(
        self,
        severity: Severity,
        loc: SourceLoc | None,
        message: str,
        notes: Iterable[Diagnostic] = (),
        *,
        span: int = 0,
    ) -> None:
        self.severity = severity
        self.loc = loc
        self.message = message
        self.notes = list(notes)
        self.span = span

    def attach_note(self, message: str, loc: SourceLoc | None = None) -> Diagnostic:
        """Attach a note (at `loc`, or at this diagnostic's position) and return it."""
        note = Diagnostic(Severity.NOTE, loc if loc is not None else self.loc, message)
        self.notes.append(note)
        return note

    def __str__(self) -> str:
        return render_diagnostic(self)

    def __repr__(self) -> str:
        return f"Diagnostic({self.severity.value}, {self.loc}, {self.message!r})"


@mypyc_attr(allow_interpreted_subclasses=True)
class DiagnosticError(Exception):
    """Raised to stop processing after emitting one or more diagnostics."""

    def __init__(self, diagnostics: Diagnostic | list[Diagnostic]) -> None:
        self.diagnostics = diagnostics if isinstance(diagnostics, list) else [diagnostics]
        super().__init__("\n".join(render_diagnostic(d) for d in self.diagnostics))


def _utf8_len(text: str) -> int:
    # Input decoded with `surrogateescape` keeps its undecodable bytes as lone
    # surrogates; count each as the one byte it was.
    try:
        return len(text.encode("utf-8", "surrogateescape"))
    except UnicodeEncodeError:
        return len(text.encode("utf-8", "surrogatepass"))


def _expand_tabs(text: str) -> str:
    # Columns count UTF-8 bytes, as LLVM does, so a tab after a non-ASCII
    # character lands where mlir-opt puts it.
    parts = text.split("\t")
    out = [parts[0]]
    column = _utf8_len(parts[0])
    for part in parts[1:]:
        pad = _TAB_STOP - column % _TAB_STOP
        out.append(" " * pad)
        out.append(part)
        column += pad + _utf8_len(part)
    return "".join(out)


def _caret_line(text: str, index: int, span: int) -> str:
    width = len(text)
    marks = [" "] * (width + 1)
    for i in range(index, min(index + span, width)):
        marks[i] = "~"
    marks[min(index, width)] = "^"
    caret = "".join(marks).rstrip(" ")
    if "\t" not in text:
        return caret
    # A tab in the source widens the caret line at the same place, repeating
    # whatever mark sits under the tab.
    out: list[str] = []
    column = 0
    for i, mark in enumerate(caret):
        if i < width and text[i] == "\t":
            pad = _TAB_STOP - column % _TAB_STOP
            out.append(mark * pad)
            column += pad
        else:
            out.append(mark)
            column += 1
    return "".join(out)


def _render_one(diag: Diagnostic, out: list[str], show_source: bool) -> None:
    head = f"{diag.severity.value}: {diag.message}"
    if diag.loc is None:
        out.append(f"<unknown>:0: {head}")
        return
    line, col = diag.loc.line_col
    text = diag.loc.file.line_text(line)
    # MLIR columns count bytes, not characters.
    byte_col = _utf8_len(text[: col - 1]) + 1
    out.append(f"{diag.loc.file.name}:{line}:{byte_col}: {head}")
    # LLVM only shows the source when the column is reachable from the start of
    # the line without crossing a carriage return.
    if not show_source or "\r" in text[: col - 1]:
        return
    end = text.find("\r", col - 1)
    if end != -1:
        text = text[:end]
    out.append(_expand_tabs(text))
    # With multi-byte characters on the line LLVM cannot place the caret, so it
    # shows the line alone.
    if text.isascii():
        out.append(_caret_line(text, col - 1, diag.span))


def _same_place(a: SourceLoc | None, b: SourceLoc | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.file.name == b.file.name and a.line_col == b.line_col


def render_diagnostic(diag: Diagnostic) -> str:
    """Render a diagnostic and its notes the way mlir-opt prints them.

    A note at the same position as the line before it is printed without
    repeating the source line and caret.
    """
    out: list[str] = []
    _render_one(diag, out, show_source=True)
    previous = diag.loc
    for note in diag.notes:
        _render_one(note, out, show_source=not _same_place(previous, note.loc))
        previous = note.loc
    return "\n".join(out)
