"""Expected-diagnostic annotations and the check behind `--verify-diagnostics`.

A test file says which diagnostics it expects with comments such as
`// expected-error@+1 {{use of undeclared SSA value name}}`. This module finds
those annotations (`collect_expectations`) and matches emitted diagnostics
against them (`check_diagnostics`), reporting every mismatch with the wording,
position and order mlir-opt 22 uses.

The annotation grammar, per line (only the first annotation on a line counts, and
its message runs to the last `}}` on that line, which must end it):

    expected-(error|warning|remark|note)[-re] [@(+N|-N|above|below|unknown)] {{message}}

A bare annotation applies to its own line, `@+N`/`@-N` to a line relative to it
(N is read like C: a leading 0 means octal), `@above` to the closest earlier line
holding no annotation (or the first line), `@below` to the next such line (or the
last line of the buffer when none follows), and `@unknown` to a diagnostic without
a source position. The message is a substring to look for; with `-re`, text
inside `{{...}}` in it is a POSIX extended regular expression. A search with it
that takes longer than `MATCH_SECONDS` is abandoned and reported at the
annotation (mlir-opt's matcher does not backtrack; Python's can take
exponential time).

Only a bad `-re` message is an error in itself. Anything else that does not fit
the grammar (`@label`, text after the closing `}}`) makes the line an ordinary
comment, and an offset pointing outside the file is simply never matched.

How `mlir-opt-22 --split-input-file --verify-diagnostics` drives this (observed):

- Annotations are read once from the whole, unsplit file, and the diagnostics of
  every chunk are checked against that one set; an annotation may match a
  diagnostic from another chunk (`@-3` reaching back over `// -----`), and the
  separator line is an ordinary non-annotation line for `@above`/`@below`.
- Chunks keep the file's name and line numbers. A separator is a line holding
  `// -----` and nothing but surrounding whitespace.
- Every chunk is processed whatever happened to the others. A chunk that fails to
  parse or verify prints nothing on stdout; the others print their module and an
  empty line. Chunk outputs are joined with `// -----\\n` (that marker even when
  a custom one split the input), so failed chunks leave adjacent markers.
- Diagnostics themselves are not printed. stderr holds exactly the rendered
  failures in `check_diagnostics` order, and the exit status is 1 when there is
  any failure and 0 otherwise, whether or not chunks failed.
- Without `--verify-diagnostics` diagnostics are printed as usual, yet the
  annotations are still read: bad regexes are reported before processing and
  every annotation is reported as "was not produced" after it (`@unknown` ones
  once); these reports do not change the exit status.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Final

from generator.ir.diagnostics import Diagnostic, Severity
from generator.ir.source import SourceFile, SourceLoc

__all__ = ["Expectation", "check_diagnostics", "collect_expectations"]

_ANNOTATION = re.compile(
    r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *"
    r"\{\{(.*)\}\}$"
)
_SEVERITY = {s.value: s for s in Severity}
#: What LLVM's `StringRef::rtrim` strips; `str.rstrip()` would strip more.
_TRAILING_SPACE = " \t\n\v\f\r"
#: The largest offset `@+N` accepts (it must fit a C `int`).
_MAX_OFFSET = 2**31 - 1


class Expectation:
    """One `expected-<severity>` annotation and the diagnostic it asks for."""

    __slots__ = ("error", "line", "loc", "pattern", "severity", "text", "timed_out")

    def __init__(
        self,
        severity: Severity,
        loc: SourceLoc,
        text: str,
        line: int | None,
        *,
        pattern: re.Pattern[str] | None = None,
        error: Diagnostic | None = None,
    ) -> None:
        self.severity = severity
        #: Where the annotation starts (at `expected-`).
        self.loc = loc
        #: The message between the outer `{{` and `}}`, as written.
        self.text = text
        #: The line a matching diagnostic must be on; None for `@unknown`, which
        #: matches diagnostics without a position. An offset mlir-opt cannot read
        #: gives a line no diagnostic is on.
        self.line = line
        #: The compiled `-re` message; None for a plain substring.
        self.pattern = pattern
        #: Why a malformed annotation is rejected; it then matches nothing.
        self.error = error
        #: Whether a search with `pattern` ran out of time; it then matches nothing.
        self.timed_out = False

    @property
    def report_loc(self) -> SourceLoc | None:
        """Where failures about this annotation are reported (unknown for `@unknown`)."""
        return None if self.line is None else self.loc

    def matches(self, message: str) -> bool:
        """Whether `message` is what this annotation asks for, ignoring severity."""
        if self.error is not None or self.timed_out:
            return False
        if self.pattern is not None:
            found = _bounded_search(self.pattern, message)
            if found is None:
                self.timed_out = True
                return False
            return found
        return self.text in message

    def timeout(self) -> Diagnostic:
        """The failure reported when a search with this annotation's regex ran out of time."""
        return Diagnostic(
            Severity.ERROR,
            self.report_loc,
            f"regex took more than {MATCH_SECONDS:g} s to match and was abandoned "
            "(nested repetitions such as '(a+)+' backtrack exponentially)",
            span=len(self.text),
        )

    def not_produced(self) -> Diagnostic:
        """The failure reported when no diagnostic matched this annotation."""
        return Diagnostic(
            Severity.ERROR,
            self.report_loc,
            f'expected {self.severity.value} "{self.text}" was not produced',
            span=len(self.text),
        )

    def __repr__(self) -> str:
        where = "unknown" if self.line is None else self.line
        return f"Expectation({self.severity.value}@{where}, {self.text!r})"


def collect_expectations(source: SourceFile) -> list[Expectation]:
    """Find the annotations in `source`, in file order, malformed ones included."""
    found: list[Expectation] = []
    pending_below: list[Expectation] = []
    lines = source.text.split("\n")
    above = source.first_line
    start = 0
    for index, raw in enumerate(lines):
        lineno = source.first_line + index
        line_start = start
        start += len(raw) + 1
        match = _ANNOTATION.search(raw.rstrip(_TRAILING_SPACE))
        if match is None:
            for expectation in pending_below:
                expectation.line = lineno
            pending_below.clear()
            above = lineno
            continue
        kind, regex, designator, text = match.group(1, 2, 4, 5)
        loc = source.loc(line_start + match.start())
        line: int | None = lineno
        if designator is None:
            pass
        elif designator == "unknown":
            line = None
        elif designator == "above":
            line = above
        elif designator == "below":
            # A `@below` with no plain line after it applies to the last line.
            line = source.first_line + len(lines) - 1
        else:
            offset = _read_offset(designator[1:])
            if offset is None:
                line = 0
            else:
                line = lineno + offset if designator[0] == "+" else lineno - offset
        expectation = Expectation(_SEVERITY[kind], loc, text, line)
        if regex:
            try:
                expectation.pattern = _compile_message(text)
            except _RegexError as exc:
                expectation.error = Diagnostic(Severity.ERROR, loc, str(exc), span=len(text))
        if designator == "below" and expectation.error is None:
            pending_below.append(expectation)
        found.append(expectation)
    return found


def check_diagnostics(
    source: SourceFile, emitted: list[Diagnostic], *, only_expected: bool = False
) -> list[Diagnostic]:
    """Match `emitted` against the annotations of `source`; return the failures.

    Each diagnostic and each of its notes is matched on its own, against the
    annotations for its line (or the `@unknown` ones when it has no position):
    the first one with the same severity whose message matches takes it. The
    failures come in mlir-opt's order: malformed annotations; then, per emitted
    diagnostic, "unexpected <severity>" or, when only the severity differed, a
    near miss reported at the annotation; then each annotation nothing matched,
    with the `@unknown` ones listed a second time at the end because mlir-opt
    checks them twice. `only_expected` is `--verify-diagnostics=only-expected`:
    unexpected diagnostics and near misses are not failures. An empty list means
    the check passed.
    """
    expectations = collect_expectations(source)
    failures = [e.error for e in expectations if e.error is not None]
    usable = [e for e in expectations if e.error is None]
    in_file = [e for e in usable if e.line is not None]
    unknown = [e for e in usable if e.line is None]
    by_line: dict[int | None, list[Expectation]] = {}
    for expectation in in_file:
        by_line.setdefault(expectation.line, []).append(expectation)
    matched: set[int] = set()
    timed_out: set[int] = set()
    for diag in _each_diagnostic(emitted):
        loc = diag.loc
        if loc is None:
            candidates = unknown
        elif loc.file.name == source.name:
            candidates = by_line.get(loc.line_col[0], [])
        else:
            candidates = []
        near_miss: Expectation | None = None
        for expectation in candidates:
            if expectation.matches(diag.message):
                if expectation.severity is diag.severity:
                    matched.add(id(expectation))
                    break
                near_miss = expectation
            elif expectation.timed_out and id(expectation) not in timed_out:
                timed_out.add(id(expectation))
                failures.append(expectation.timeout())
        else:
            if only_expected:
                continue
            if near_miss is not None:
                failures.append(
                    Diagnostic(
                        Severity.ERROR,
                        near_miss.report_loc,
                        f"'{diag.severity.value}' diagnostic emitted when expecting a "
                        f"'{near_miss.severity.value}'",
                    )
                )
            else:
                failures.append(
                    Diagnostic(
                        Severity.ERROR, loc, f"unexpected {diag.severity.value}: {diag.message}"
                    )
                )
    missing = [e.not_produced() for e in in_file + unknown if id(e) not in matched]
    missing.extend(e.not_produced() for e in unknown if id(e) not in matched)
    return failures + missing


def _each_diagnostic(emitted: list[Diagnostic]) -> Iterator[Diagnostic]:
    for diag in emitted:
        yield diag
        yield from diag.notes


#: How long one search with an `-re` message may take. Python's backtracking `re`
#: takes exponential time on nested repetitions that LLVM's matcher runs quickly;
#: a search that needs longer than this is abandoned and reported.
MATCH_SECONDS: Final = 1.0


class _MatchTimeout(Exception):
    """Raised by the interval timer into a search that ran out of time."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise _MatchTimeout


def _bounded_search(pattern: re.Pattern[str], message: str) -> bool | None:
    """Whether `pattern` is found in `message`; None when the search ran out of time.

    The bound is an interval timer, which only the main thread can set, and only
    when no other timer is running; elsewhere the search is not bounded.
    """
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
        or signal.getitimer(signal.ITIMER_REAL)[0] > 0
    ):
        return pattern.search(message) is not None
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        signal.setitimer(signal.ITIMER_REAL, MATCH_SECONDS)
        try:
            return pattern.search(message) is not None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _MatchTimeout:
        return None
    finally:
        if previous is not None:
            signal.signal(signal.SIGALRM, previous)


def _read_offset(digits: str) -> int | None:
    # The offset is read with C's base prefixes: `010` is eight. A value that
    # does not fit or has a bad digit leaves mlir-opt with no usable offset.
    try:
        value = int(digits, 8) if len(digits) > 1 and digits[0] == "0" else int(digits)
    except ValueError:
        return None
    return value if value <= _MAX_OFFSET else None


# --- `-re` messages --------------------------------------------------------
#
# The regex parts of a message are POSIX extended regular expressions as LLVM's
# regcomp reads them. They are parsed here to report the same errors as LLVM and
# translated to Python's `re`, which then finds the same matches.


class _RegexError(Exception):
    """A `-re` message that mlir-opt rejects; the text is its report."""


def _compile_message(text: str) -> re.Pattern[str]:
    # Each `{{...}}` part is checked on its own first, then the whole message
    # (literal text escaped, each part in a group) is compiled as one expression.
    pieces: list[str] = []
    rest = text
    while rest:
        open_at = rest.find("{{")
        if open_at == -1:
            pieces.append(_ere_escape(rest))
            break
        pieces.append(_ere_escape(rest[:open_at]))
        rest = rest[open_at + 2 :]
        close_at = rest.find("}}")
        if close_at == -1:
            raise _RegexError("found start of regex with no end '}}'")
        part = rest[:close_at]
        try:
            _Ere(part).translate()
        except _RegexError as exc:
            raise _RegexError(f"invalid regex: {exc}") from None
        pieces.append(f"({part})")
        rest = rest[close_at + 2 :]
    try:
        return re.compile(_Ere("".join(pieces)).translate(), re.DOTALL)
    except (_RegexError, re.error):
        # LLVM builds the combined expression without checking it; one that
        # does not compile (a back-reference into its own wrapper group) never
        # matches.
        return re.compile(r"(?!)")


def _ere_escape(text: str) -> str:
    return "".join("\\" + c if c in "()^$|*+?.[]\\{}" else c for c in text)


_EMPTY = "empty (sub)expression"
_BAD_REPEAT = "repetition-operator operand invalid"
_BAD_COUNT = "invalid repetition count(s)"
_PARENS = "parentheses not balanced"
_BRACKETS = "brackets ([ ]) not balanced"
_RANGE = "invalid character range"
_CLASS = "invalid character class"
_COLLATE = "invalid collating element"
_DIGITS = "0123456789"
_DUP_MAX = 255

#: `[:name:]` classes in the C locale, as Python character-class contents.
_CLASSES = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-\\~",
    "lower": "a-z",
    "print": " -\\~",
    "punct": "!-/:-@\\[-`{-\\~",
    "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}

#: POSIX names of collating elements (`[[.hyphen.]]`) for ASCII characters.
_COLLATING = {
    "NUL": "\x00",
    "alert": "\x07",
    "backspace": "\x08",
    "tab": "\t",
    "newline": "\n",
    "vertical-tab": "\x0b",
    "form-feed": "\x0c",
    "carriage-return": "\r",
    "space": " ",
    "exclamation-mark": "!",
    "quotation-mark": '"',
    "number-sign": "#",
    "dollar-sign": "$",
    "percent-sign": "%",
    "ampersand": "&",
    "apostrophe": "'",
    "left-parenthesis": "(",
    "right-parenthesis": ")",
    "asterisk": "*",
    "plus-sign": "+",
    "comma": ",",
    "hyphen": "-",
    "period": ".",
    "slash": "/",
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "colon": ":",
    "semicolon": ";",
    "less-than-sign": "<",
    "equals-sign": "=",
    "greater-than-sign": ">",
    "question-mark": "?",
    "commercial-at": "@",
    "left-square-bracket": "[",
    "backslash": "\\",
    "right-square-bracket": "]",
    "circumflex": "^",
    "underscore": "_",
    "grave-accent": "`",
    "left-brace": "{",
    "vertical-line": "|",
    "right-brace": "}",
    "tilde": "~",
    "hyphen-minus": "-",
    "full-stop": ".",
    "solidus": "/",
    "reverse-solidus": "\\",
    "circumflex-accent": "^",
    "low-line": "_",
    "left-curly-bracket": "{",
    "right-curly-bracket": "}",
    "DEL": "\x7f",
}


def _is_digit(c: str) -> bool:
    return c != "" and c in _DIGITS


def _class_char(c: str) -> str:
    # `&&`, `~~` and `||` inside a class are reserved by Python for set operations.
    return "\\" + c if c in "\\]^-[&~|" else c


class _Ere:
    """A recursive-descent reader of one POSIX extended regular expression."""

    __slots__ = ("closed", "opened", "pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.opened = 0
        self.closed: set[int] = set()

    def translate(self) -> str:
        """Return the equivalent Python pattern, or raise `_RegexError`."""
        return self._alternation("")

    def _peek(self, ahead: int = 0) -> str:
        i = self.pos + ahead
        return self.text[i] if i < len(self.text) else ""

    def _eat(self, prefix: str) -> bool:
        if self.text.startswith(prefix, self.pos):
            self.pos += len(prefix)
            return True
        return False

    def _alternation(self, stop: str) -> str:
        branches: list[str] = []
        while True:
            items: list[str] = []
            while self._peek() not in ("", "|", stop):
                items.append(self._piece())
            if not items:
                raise _RegexError(_EMPTY)
            branches.append("".join(items))
            if not self._eat("|"):
                return "|".join(branches)

    def _repeats_next(self) -> bool:
        c = self._peek()
        return c in ("*", "+", "?") or (c == "{" and _is_digit(self._peek(1)))

    def _piece(self) -> str:
        atom, caret = self._atom()
        if not self._repeats_next():
            return atom
        if caret:
            raise _RegexError(_BAD_REPEAT)
        op = self.text[self.pos]
        self.pos += 1
        if op == "{":
            low = self._count()
            if self._eat(","):
                if _is_digit(self._peek()):
                    high = self._count()
                    if low > high:
                        raise _RegexError(_BAD_COUNT)
                    op = f"{{{low},{high}}}"
                else:
                    op = f"{{{low},}}"
            else:
                op = f"{{{low}}}"
            if not self._eat("}"):
                if "}" not in self.text[self.pos :]:
                    raise _RegexError("braces not balanced")
                raise _RegexError(_BAD_COUNT)
        if self._repeats_next():
            raise _RegexError(_BAD_REPEAT)
        return f"(?:{atom}){op}"

    def _count(self) -> int:
        count = 0
        digits = 0
        while _is_digit(self._peek()) and count <= _DUP_MAX:
            count = count * 10 + int(self.text[self.pos])
            self.pos += 1
            digits += 1
        if digits == 0 or count > _DUP_MAX:
            raise _RegexError(_BAD_COUNT)
        return count

    def _atom(self) -> tuple[str, bool]:
        c = self.text[self.pos]
        self.pos += 1
        if c == "(":
            if self.pos >= len(self.text):
                raise _RegexError(_PARENS)
            self.opened += 1
            number = self.opened
            inner = "" if self._peek() == ")" else self._alternation(")")
            if not self._eat(")"):
                raise _RegexError(_PARENS)
            self.closed.add(number)
            return f"({inner})", False
        if c == ")":
            raise _RegexError(_PARENS)
        if c == "^":
            return r"\A", True
        if c == "$":
            return r"\Z", False
        if c in "*+?":
            raise _RegexError(_BAD_REPEAT)
        if c == ".":
            return ".", False
        if c == "[":
            return self._bracket(), False
        if c == "\\":
            if self.pos >= len(self.text):
                raise _RegexError("trailing backslash (\\)")
            c = self.text[self.pos]
            self.pos += 1
            if c in "123456789":
                if int(c) not in self.closed:
                    raise _RegexError("invalid backreference number")
                return f"(?:\\{c})", False
        elif c == "{" and _is_digit(self._peek()):
            raise _RegexError(_BAD_REPEAT)
        return re.escape(c), False

    def _bracket(self) -> str:
        if self._eat("[:<:]]"):
            return r"\b(?=\w)"
        if self._eat("[:>:]]"):
            return r"\b(?<=\w)"
        negate = self._eat("^")
        items: list[str] = []
        if self._eat("]"):
            items.append(r"\]")
        elif self._eat("-"):
            items.append(r"\-")
        while self._peek() not in ("", "]") and not self.text.startswith("-]", self.pos):
            items.append(self._term())
        if self._eat("-"):
            items.append(r"\-")
        if not self._eat("]"):
            raise _RegexError(_BRACKETS)
        return "[" + ("^" if negate else "") + "".join(items) + "]"

    def _term(self) -> str:
        if self._peek() == "-":
            raise _RegexError(_RANGE)
        if self._eat("[:"):
            if self.pos >= len(self.text):
                raise _RegexError(_BRACKETS)
            if self._peek() in ("-", "]"):
                raise _RegexError(_CLASS)
            begin = self.pos
            while self._peek().isascii() and self._peek().isalpha():
                self.pos += 1
            name = self.text[begin : self.pos]
            if name not in _CLASSES:
                raise _RegexError(_CLASS)
            if self.pos >= len(self.text):
                raise _RegexError(_BRACKETS)
            if not self._eat(":]"):
                raise _RegexError(_CLASS)
            return _CLASSES[name]
        if self._eat("[="):
            if self.pos >= len(self.text):
                raise _RegexError(_BRACKETS)
            if self._peek() in ("-", "]"):
                raise _RegexError(_COLLATE)
            char = self._collating("=")
            if not self._eat("=]"):
                raise _RegexError(_COLLATE)
            return _class_char(char)
        first = self._symbol()
        last = first
        if self._peek() == "-" and self._peek(1) not in ("", "]"):
            self.pos += 1
            last = "-" if self._eat("-") else self._symbol()
        if first > last:
            raise _RegexError(_RANGE)
        if first == last:
            return _class_char(first)
        return f"{_class_char(first)}-{_class_char(last)}"

    def _symbol(self) -> str:
        if self.pos >= len(self.text):
            raise _RegexError(_BRACKETS)
        if not self._eat("[."):
            self.pos += 1
            return self.text[self.pos - 1]
        char = self._collating(".")
        if not self._eat(".]"):
            raise _RegexError(_COLLATE)
        return char

    def _collating(self, end: str) -> str:
        close = self.text.find(end + "]", self.pos)
        if close == -1:
            raise _RegexError(_BRACKETS)
        name = self.text[self.pos : close]
        self.pos = close
        if name in _COLLATING:
            return _COLLATING[name]
        if len(name) == 1:
            return name
        raise _RegexError(_COLLATE)
