"""The lexical layer of the IR parser: blanks, punctuation, keywords and literals.

The parser is scannerless: it works directly on the source string with precompiled
regular expressions anchored at the current offset, so no token objects are created
on the hot path. This layer owns the source and the offset, the token-level reads
(`consume_if`, `consume_keyword`, `parse_string_literal`, ...) and the errors:
`DiagnosticError` at the offending `file:line:col` with MLIR's wording, an unexpected
token at the start of a line being reported at the end of the previous line, as
mlir-opt does. The layers above (`type_parser`, `loc_parser`, `attr_parser`, and
`parser` for operations) subclass `Lexer`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NoReturn

from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.opasm import AsmParser
from generator.ir.source import SourceFile, SourceLoc

__all__ = ["Lexer"]

# Whitespace and `//` comments, as MLIR's lexer skips them: a NUL byte between
# tokens is blank, and a comment ends at a carriage return as at a newline.
_WS = re.compile(r"(?:[ \t\r\n\x00]+|//[^\n\r]*)*")
_WS_START = frozenset(" \t\r\n\x00/")
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_SUFFIX_ID = re.compile(r"(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)")
_SIMPLE_STRING = re.compile(r'"([^"\\\n]*)"')
_NUMBER = re.compile(r"-?(?:0x[0-9A-Fa-f]+|[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?)")
_DIGITS = re.compile(r"[0-9]+")
_SIGNED_INT = re.compile(r"-?[0-9]+")
#: An integer token of MLIR's lexer, or the float token a decimal one would be part of.
_INT_TOKEN = re.compile(r"0x[0-9A-Fa-f]+|[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?")
_HEX_DIGITS = re.compile(r"[0-9A-Fa-f]*")
_ALIAS_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_ESCAPE_HEX = re.compile(r"[0-9A-Fa-f]{2}")
#: MLIR's limits on dimensions, strides and offsets (int64_t) and distinct ids (uint64_t).
_INT64_MAX = (1 << 63) - 1
_UINT64_MAX = (1 << 64) - 1
_OPENERS = {"<": ">", "(": ")", "[": "]", "{": "}"}
#: The characters a token of MLIR's lexer may start with (besides `.` and `/`).
_TOKEN_START = frozenset(
    'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789:,()[]{}<>=*?|+-@#!^%"'
)


def lexer_error(text: str, pos: int) -> tuple[int, str] | None:
    """Where and what MLIR's lexer reports for the token at `pos`, if it cannot lex one.

    MLIR lexes a token ahead of the parser, so a character no token starts with
    is reported, as "unexpected character", before whatever the parser would say
    about the token there; a `.` that does not start `...` is reported at the
    character after it, where the lexer looked for the second dot."""
    c = text[pos : pos + 1]
    if not c or c in _TOKEN_START or c in " \t\r\n\x00":
        return None
    if c == ".":
        if text.startswith("...", pos):
            return None
        return pos + 1, "expected three consecutive dots for an ellipsis"
    return pos, "unexpected character"


_CLOSERS = frozenset(">)]}")


class Lexer(AsmParser):
    """The source buffer, the offset in it, and the token-level reads.

    Each layer implements its part of `AsmParser`; `Parser`, the top, all of it.
    """

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.text = source.text
        self.pos = 0
        #: The op whose custom parser is running: its errors say `custom op 'name'`
        #: (None inside a dialect type's or attribute's parameters, whose errors do not).
        self.custom_op: str | None = None

    # -- low-level scanning --------------------------------------------------

    def skip_ws(self) -> int:
        """Skip whitespace and comments and return the new offset."""
        pos = self.pos
        # Most calls find a token right away; avoid the regex call then.
        if self.text[pos : pos + 1] not in _WS_START:
            return pos
        m = _WS.match(self.text, pos)
        pos = m.end() if m is not None else pos
        self.pos = pos
        return pos

    def peek(self) -> str:
        """Return the next non-blank character ('' at end of input)."""
        pos = self.skip_ws()
        return self.text[pos : pos + 1]

    def consume_if(self, literal: str) -> bool:
        """Consume `literal` if it comes next."""
        pos = self.skip_ws()
        if self.text.startswith(literal, pos):
            self.pos = pos + len(literal)
            return True
        return False

    def consume_keyword(self, word: str) -> bool:
        """Consume a bare keyword if it comes next (not as a prefix of a longer identifier)."""
        pos = self.skip_ws()
        if self.text.startswith(word, pos):
            end = pos + len(word)
            nxt = self.text[end : end + 1]
            if not nxt or not (nxt.isalnum() or nxt in "_$."):
                self.pos = end
                return True
        return False

    def expect(self, literal: str, message: str | None = None) -> None:
        """Consume `literal` or report `expected '<literal>'`."""
        if not self.consume_if(literal):
            self.wrong_token(message or f"expected '{literal}'")

    # -- diagnostics ---------------------------------------------------------

    def error_at(self, pos: int, message: str, notes: Sequence[tuple[int, str]] = ()) -> NoReturn:
        """Raise a diagnostic at offset `pos`."""
        diag = Diagnostic(Severity.ERROR, self.source.loc(pos), message)
        for note_offset, note in notes:
            diag.attach_note(note, self.source.loc(note_offset))
        raise DiagnosticError(diag)

    def skip_ws_from(self, pos: int) -> int:
        """Return the offset of the next token at or after `pos` (without moving)."""
        m = _WS.match(self.text, pos)
        return m.end() if m is not None else pos

    def error_at_token(self, message: str) -> NoReturn:
        """Raise a diagnostic at the start of the next token (the last character at the end)."""
        pos = self.skip_ws()
        self.raise_lexer_error(pos)
        if pos >= len(self.text) and pos > 0:
            pos -= 1
        self.error_at(pos, message)

    def raise_lexer_error(self, pos: int) -> None:
        """Report the error MLIR's lexer gives for the token at `pos`, if it is one.

        MLIR lexes the next token as soon as the previous one is consumed and reports
        a malformed one then; the parser's own error about that token is not shown.
        """
        unlexable = lexer_error(self.text, pos)
        if unlexable is not None:
            self.error_at(*unlexable)

    def wrong_token(self, message: str) -> NoReturn:
        """Report an unexpected token the way MLIR does.

        When the offending token starts a line, the error points just after the
        last token of the previous non-blank line (before any `//` comment on it).
        A character no token starts with gets MLIR's lexer error instead.
        """
        text = self.text
        pos = self.skip_ws()
        self.raise_lexer_error(pos)
        if pos >= len(text) and pos > 0:
            pos -= 1
        original = pos
        end = pos
        while True:
            while end > 0 and text[end - 1] in " \t":
                end -= 1
            if end == 0:
                self.error_at(original, message)
            if text[end - 1] not in "\n\r":
                self.error_at(end, message)
            end -= 1
            line_start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end))
            comment = text.find("//", line_start + 1 if line_start >= 0 else 0, end)
            if comment != -1:
                end = comment

    def loc_at(self, pos: int) -> SourceLoc:
        """A source location for an op or argument at offset `pos`."""
        return SourceLoc(self.source, pos)

    # -- locations -------------------------------------------------------------

    def at_loc_keyword(self, pos: int) -> bool:
        """True when `loc` at `pos` is the keyword (not the start of a longer identifier)."""
        nxt = self.text[pos + 3 : pos + 4]
        return not nxt or not (nxt.isalnum() or nxt in "_$.")

    def parse_uint(self, message: str) -> int:
        """Parse a decimal unsigned integer."""
        m = _DIGITS.match(self.text, self.skip_ws())
        if m is None:
            self.wrong_token(message)
        self.pos = m.end()
        return int(m.group())

    # -- strings ---------------------------------------------------------------

    def parse_string_literal(self) -> str:
        """Parse a quoted string with MLIR's escapes (`\\n`, `\\t`, `\\"`, `\\\\`, `\\XX`)."""
        text = self.text
        pos = self.skip_ws()
        if not text.startswith('"', pos):
            self.wrong_token("expected string")
        m = _SIMPLE_STRING.match(text, pos)
        if m is not None:
            self.pos = m.end()
            return m.group(1)
        i = pos + 1
        out = bytearray()
        n = len(text)
        while True:
            if i >= n:
                self.error_at(pos, "expected '\"' in string literal")
            c = text[i]
            if c == '"':
                break
            if c in "\n\r":
                self.error_at(i, "expected '\"' in string literal")
            if c == "\\":
                e = text[i + 1 : i + 2]
                if e in ('"', "\\"):
                    out.append(ord(e))
                    i += 2
                    continue
                if e == "n":
                    out.append(10)
                    i += 2
                    continue
                if e == "t":
                    out.append(9)
                    i += 2
                    continue
                hm = _ESCAPE_HEX.match(text, i + 1)
                if hm is None:
                    self.error_at(i, "unknown escape in string literal")
                out.append(int(hm.group(), 16))
                i += 3
                continue
            out += c.encode("utf-8", "surrogateescape")
            i += 1
        self.pos = i + 1
        return out.decode("utf-8", "surrogateescape")

    def scan_balanced(self, open_pos: int) -> int:
        """Return the offset just past the `>` matching the `<` at `open_pos`.

        Brackets of every kind nest and strings are skipped whole, as MLIR's lexer
        does for the bodies of dialect types and attributes; `->` is not a bracket.
        """
        text = self.text
        stack: list[tuple[str, int]] = []
        i = open_pos
        n = len(text)
        while i < n:
            c = text[i]
            if c in _OPENERS:
                stack.append((c, i))
            elif c in _CLOSERS:
                if c == ">" and i > open_pos and text[i - 1] == "-":
                    i += 1
                    continue
                if not stack or _OPENERS[stack[-1][0]] != c:
                    opener = stack[-1][0] if stack else c
                    self.error_at(
                        open_pos, f"unbalanced '{opener}' character in pretty dialect name"
                    )
                stack.pop()
                if not stack:
                    return i + 1
            elif c == '"':
                j = i + 1
                while j < n and text[j] != '"' and text[j] != "\n":
                    j += 2 if text[j] == "\\" else 1
                if j >= n or text[j] != '"':
                    self.error_at(min(j, n - 1), "expected '\"' in string literal")
                i = j
            i += 1
        opener = stack[-1][0] if stack else "<"
        self.error_at(open_pos, f"unbalanced '{opener}' character in pretty dialect name")
