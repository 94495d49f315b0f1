"""Source buffers and positions inside them.

A `SourceFile` owns the text of one input (a `.mlir` file, a split chunk of one, a
spec file) and maps byte offsets to 1-based line and column numbers lazily, so the
parser only records offsets on its hot path.
"""

from __future__ import annotations

from bisect import bisect_right

__all__ = ["SourceFile", "SourceLoc"]


class SourceFile:
    """The text of one input buffer and its name as diagnostics print it."""

    __slots__ = ("_line_starts", "first_line", "name", "split_at", "text")

    def __init__(
        self,
        name: str,
        text: str,
        *,
        first_line: int = 1,
        split_at: tuple[int, int] | None = None,
    ) -> None:
        self.name = name
        self.text = text
        #: Line number of the first line of `text`; split-input chunks keep the
        #: line numbers of the file they were cut from, as mlir-opt does.
        self.first_line = first_line
        #: For a split-input chunk after a `// -----` marker, the (line, column)
        #: just past the marker, where mlir-opt's chunk begins: it locates the
        #: chunk's implicit module there. None for a whole file or a first chunk.
        self.split_at = split_at
        self._line_starts: list[int] | None = None

    def _starts(self) -> list[int]:
        starts = self._line_starts
        if starts is None:
            starts = [0]
            text = self.text
            pos = text.find("\n")
            while pos != -1:
                starts.append(pos + 1)
                pos = text.find("\n", pos + 1)
            self._line_starts = starts
        return starts

    def line_col(self, offset: int) -> tuple[int, int]:
        """Return the 1-based (line, column) of `offset`."""
        starts = self._starts()
        index = bisect_right(starts, offset) - 1
        return index + self.first_line, offset - starts[index] + 1

    def line_text(self, line: int) -> str:
        """Return the text of `line` (numbered as `line_col` numbers), without its newline."""
        starts = self._starts()
        index = line - self.first_line
        if index < 0 or index >= len(starts):
            return ""
        end = self.text.find("\n", starts[index])
        return self.text[starts[index] : end if end != -1 else len(self.text)]

    def offset_of(self, line: int, col: int = 1) -> int:
        """Return the offset of a (line, column) pair; the inverse of `line_col`."""
        starts = self._starts()
        index = min(max(line - self.first_line, 0), len(starts) - 1)
        return starts[index] + col - 1

    def loc(self, offset: int) -> SourceLoc:
        """Return a position in this file."""
        return SourceLoc(self, offset)


class SourceLoc:
    """A position in a `SourceFile`, resolved to line and column on demand."""

    __slots__ = ("file", "offset")

    def __init__(self, file: SourceFile, offset: int) -> None:
        self.file = file
        self.offset = offset

    @property
    def line_col(self) -> tuple[int, int]:
        """The 1-based (line, column) of this position."""
        return self.file.line_col(self.offset)

    def __str__(self) -> str:
        line, col = self.line_col
        return f"{self.file.name}:{line}:{col}"

    def __eq__(self, other: object) -> bool:
        # Positions, not objects: an op's location is made each time it is asked for.
        return (
            isinstance(other, SourceLoc) and other.file is self.file and other.offset == self.offset
        )

    def __hash__(self) -> int:
        return hash((id(self.file), self.offset))

    def __repr__(self) -> str:
        return f"SourceLoc({self})"
