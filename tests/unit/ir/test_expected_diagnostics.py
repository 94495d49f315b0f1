"""Tests for `generator.ir.expected_diagnostics`, the `--verify-diagnostics` check.

The table cases pin the check on hand-made diagnostics; every wording, position
and order in them was first observed from `mlir-opt-22`. The differential test
runs `mlir-opt-22 --verify-diagnostics --split-input-file` on the files in
`data/verify_diag/` and requires the same stderr and exit status from the check
applied to the diagnostics mlir-opt emits for the same files.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.ir.diagnostics import Diagnostic, Severity, render_diagnostic
from generator.ir.expected_diagnostics import (
    Expectation,
    check_diagnostics,
    collect_expectations,
)
from generator.ir.source import SourceFile, SourceLoc

DATA = Path(__file__).parent / "data" / "verify_diag"
MLIR_OPT = shutil.which("mlir-opt-22")

UNDECLARED = "use of undeclared SSA value name"
USE = '"t.use"(%x) : (i32) -> ()'
OPERAND_TYPES = "expected 2 operand types but had 1"
PAIR = '"t.use"(%a, %b) : (i32) -> ()'

#: An emitted diagnostic in a table case: severity, line, column, message. Line 0
#: means no location; a `+note` entry is attached to the diagnostic before it.
Spec = tuple[str, int, int, str]


def _loc(source: SourceFile, line: int, col: int) -> SourceLoc | None:
    return None if line == 0 else source.loc(source.offset_of(line, col))


def _emitted(source: SourceFile, specs: list[Spec]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for severity, line, col, message in specs:
        if severity.startswith("+"):
            out[-1].notes.append(
                Diagnostic(Severity(severity[1:]), _loc(source, line, col), message)
            )
        else:
            out.append(Diagnostic(Severity(severity), _loc(source, line, col), message))
    return out


def _brief(diag: Diagnostic) -> str:
    if diag.loc is None:
        return f"<unknown>: {diag.message}"
    line, col = diag.loc.line_col
    return f"{line}:{col}: {diag.message}"


CHECK_CASES = [
    pytest.param(
        f"// expected-error@+1 {{{{use of undeclared}}}}\n{USE}\n",
        [("error", 2, 9, UNDECLARED)],
        [],
        id="next-line",
    ),
    pytest.param(
        f"{USE} // expected-error {{{{undeclared}}}}\n",
        [("error", 1, 9, UNDECLARED)],
        [],
        id="same-line",
    ),
    pytest.param(
        '%a = "t.def"() : () -> i32\n'
        "// expected-note@-1 {{previously defined here}}\n"
        "// expected-error@+1 {{redefinition}}\n"
        '%a = "t.def"() : () -> i32\n',
        [
            ("error", 4, 1, "redefinition of SSA value '%a'"),
            ("+note", 1, 1, "previously defined here"),
        ],
        [],
        id="minus-offset-and-note",
    ),
    pytest.param(
        '"t.pair"(%y, %y) : (i32, i64) -> ()\n'
        "// expected-error@above {{different type}}\n"
        "// expected-note@above {{prior use}}\n",
        [
            (
                "error",
                1,
                14,
                "use of value '%y' expects different type than prior uses: 'i64' vs 'i32'",
            ),
            ("+note", 1, 10, "prior use here"),
        ],
        [],
        id="above-skips-annotation-lines",
    ),
    pytest.param(
        f"{USE} // expected-error@above {{{{undeclared}}}}\n",
        [("error", 1, 9, UNDECLARED)],
        [],
        id="above-with-nothing-above-is-line-1",
    ),
    pytest.param(
        "// expected-error@below {{different type}}\n"
        "// expected-note@below {{prior use}}\n"
        '"t.pair"(%y, %y) : (i32, i64) -> ()\n',
        [
            (
                "error",
                3,
                14,
                "use of value '%y' expects different type than prior uses: 'i64' vs 'i32'",
            ),
            ("+note", 3, 10, "prior use here"),
        ],
        [],
        id="below-chain",
    ),
    pytest.param(
        f"{USE} // expected-error@below {{{{undeclared}}}}",
        [("error", 1, 9, UNDECLARED)],
        [],
        id="dangling-below-is-last-line",
    ),
    pytest.param(
        f"{USE} // expected-error@below {{{{undeclared}}}}\n",
        [("error", 1, 9, UNDECLARED)],
        [
            f"1:9: unexpected error: {UNDECLARED}",
            '1:30: expected error "undeclared" was not produced',
        ],
        id="dangling-below-after-final-newline",
    ),
    pytest.param(
        f"{USE}\n",
        [("error", 1, 9, UNDECLARED)],
        [f"1:9: unexpected error: {UNDECLARED}"],
        id="unexpected-error",
    ),
    pytest.param(
        '%a = "t.def"() : () -> i32\n%a = "t.def"() : () -> i32 // expected-error {{redefinition}}\n',
        [
            ("error", 2, 1, "redefinition of SSA value '%a'"),
            ("+note", 1, 1, "previously defined here"),
        ],
        ["1:1: unexpected note: previously defined here"],
        id="unexpected-note",
    ),
    pytest.param(
        f"// expected-warning@+1 {{{{undeclared}}}}\n{USE}\n",
        [("error", 2, 9, UNDECLARED)],
        [
            "1:4: 'error' diagnostic emitted when expecting a 'warning'",
            '1:4: expected warning "undeclared" was not produced',
        ],
        id="near-miss",
    ),
    pytest.param(
        f"// expected-note@+2 {{{{undeclared}}}}\n// expected-remark@+1 {{{{undeclared}}}}\n{USE}\n",
        [("error", 3, 9, UNDECLARED)],
        [
            "2:4: 'error' diagnostic emitted when expecting a 'remark'",
            '1:4: expected note "undeclared" was not produced',
            '2:4: expected remark "undeclared" was not produced',
        ],
        id="near-miss-names-the-last-candidate",
    ),
    pytest.param(
        f"// expected-note@+2 {{{{undeclared}}}}\n// expected-error@+1 {{{{undeclared}}}}\n{USE}\n",
        [("error", 3, 9, UNDECLARED)],
        ['1:4: expected note "undeclared" was not produced'],
        id="same-severity-beats-near-miss",
    ),
    pytest.param(
        '"t.a"() : () -> () // expected-error {{boom}}\n// expected-error@-1 {{boom}}\n',
        [("error", 1, 1, "boom"), ("error", 1, 1, "boom")],
        ['2:4: expected error "boom" was not produced'],
        id="first-annotation-takes-every-match",
    ),
    pytest.param(
        f"{USE} // expected-error {{{{use}}}} expected-error {{{{undeclared}}}}\n",
        [("error", 1, 9, UNDECLARED)],
        [
            f"1:9: unexpected error: {UNDECLARED}",
            '1:30: expected error "use}} expected-error {{undeclared" was not produced',
        ],
        id="one-annotation-per-line",
    ),
    pytest.param(
        "// expected-error {{boom}} trailing text\n// expected-error@label {{boom}}\n",
        [],
        [],
        id="not-annotations",
    ),
    pytest.param(
        "// expected-error@-5 {{boom}}\n",
        [],
        ['1:4: expected error "boom" was not produced'],
        id="offset-before-file-start",
    ),
    pytest.param(
        "// expected-error@+010 {{undeclared}}\n" + "//\n" * 7 + f"{USE}\n",
        [("error", 9, 9, UNDECLARED)],
        [],
        id="octal-offset",
    ),
    pytest.param(
        "// expected-error@+09 {{undeclared}}\n" + "//\n" * 8 + f"{USE}\n",
        [("error", 10, 9, UNDECLARED)],
        [
            f"10:9: unexpected error: {UNDECLARED}",
            '1:4: expected error "undeclared" was not produced',
        ],
        id="bad-octal-offset",
    ),
    pytest.param(
        "// expected-error @+2   {{different type}}\n"
        "//expected-note@+1{{prior use}}\n"
        '"t.pair"(%y, %y) : (i32, i64) -> ()\n',
        [
            (
                "error",
                3,
                14,
                "use of value '%y' expects different type than prior uses: 'i64' vs 'i32'",
            ),
            ("+note", 3, 10, "prior use here"),
        ],
        [],
        id="spacing",
    ),
    pytest.param(
        '"t.a"() : () -> () // expected-error {{a {{.*}} b}}\n',
        [("error", 1, 1, "a {{.*}} b")],
        [],
        id="braces-are-plain-text-without-re",
    ),
    pytest.param(
        f"{PAIR} // expected-error-re {{{{expected {{{{[0-9]+}}}} operand types}}}}\n",
        [("error", 1, 19, OPERAND_TYPES)],
        [],
        id="regex-match",
    ),
    pytest.param(
        f"{PAIR} // expected-error-re {{{{^expected}}}}\n",
        [("error", 1, 19, OPERAND_TYPES)],
        [
            f"1:19: unexpected error: {OPERAND_TYPES}",
            '1:34: expected error "^expected" was not produced',
        ],
        id="regex-literal-outside-braces",
    ),
    pytest.param(
        f"{USE}\n// -----\n// expected-error-re {{{{x {{{{(}}}}}}}}\n",
        [("error", 1, 9, UNDECLARED)],
        ["3:4: invalid regex: parentheses not balanced", f"1:9: unexpected error: {UNDECLARED}"],
        id="regex-errors-come-first",
    ),
    pytest.param(
        "// expected-error-re {{x {{y}}\n",
        [],
        ["1:4: found start of regex with no end '}}'"],
        id="regex-without-end",
    ),
    pytest.param(
        "",
        [("error", 0, 0, "boom")],
        ["<unknown>: unexpected error: boom"],
        id="unknown-location-unexpected",
    ),
    pytest.param(
        "\n\n// expected-error@unknown {{boom}}\n",
        [("error", 0, 0, "boom")],
        [],
        id="unknown-annotation-matches",
    ),
    pytest.param(
        '// expected-error@unknown {{boom}}\n"t.a"() : () -> ()\n',
        [("error", 2, 1, "boom")],
        [
            "2:1: unexpected error: boom",
            '<unknown>: expected error "boom" was not produced',
            '<unknown>: expected error "boom" was not produced',
        ],
        id="unknown-annotation-ignores-located",
    ),
    pytest.param(
        "// expected-note@unknown {{boom}}\n",
        [("error", 0, 0, "boom")],
        [
            "<unknown>: 'error' diagnostic emitted when expecting a 'note'",
            '<unknown>: expected note "boom" was not produced',
            '<unknown>: expected note "boom" was not produced',
        ],
        id="unknown-near-miss",
    ),
    pytest.param(
        "// expected-remark@unknown {{u}}\n// expected-error {{f}}\n",
        [],
        [
            '2:4: expected error "f" was not produced',
            '<unknown>: expected remark "u" was not produced',
            '<unknown>: expected remark "u" was not produced',
        ],
        id="unknown-annotations-listed-last-twice",
    ),
]


@pytest.mark.parametrize(("text", "specs", "expected"), CHECK_CASES)
def test_check_diagnostics(text: str, specs: list[Spec], expected: list[str]) -> None:
    """The check reports exactly the expected failures, in order and at the right place."""
    source = SourceFile("input.mlir", text)
    failures = check_diagnostics(source, _emitted(source, specs))
    assert [_brief(d) for d in failures] == expected
    assert all(d.severity is Severity.ERROR for d in failures)


def test_only_expected_ignores_unexpected_and_near_misses() -> None:
    """With only_expected, only annotations nothing matched are failures."""
    text = f"// expected-warning@+1 {{{{undeclared}}}}\n{USE}\n{USE}\n"
    source = SourceFile("input.mlir", text)
    emitted = _emitted(source, [("error", 2, 9, UNDECLARED), ("error", 3, 9, UNDECLARED)])
    assert [_brief(d) for d in check_diagnostics(source, emitted)] == [
        "1:4: 'error' diagnostic emitted when expecting a 'warning'",
        f"3:9: unexpected error: {UNDECLARED}",
        '1:4: expected warning "undeclared" was not produced',
    ]
    assert [_brief(d) for d in check_diagnostics(source, emitted, only_expected=True)] == [
        '1:4: expected warning "undeclared" was not produced'
    ]


def test_chunk_diagnostics_match_whole_file_annotations() -> None:
    """Diagnostics located in a split chunk match the whole file's annotations by line."""
    text = f"{USE}\n// -----\n// expected-error@-2 {{{{undeclared}}}}\n{USE}\n"
    whole = SourceFile("input.mlir", text)
    second = SourceFile("input.mlir", text.split("// -----\n")[1], first_line=3)
    first = SourceFile("input.mlir", text.split("// -----\n")[0], first_line=1)
    emitted = [
        Diagnostic(Severity.ERROR, first.loc(8), UNDECLARED),
        Diagnostic(Severity.ERROR, second.loc(second.offset_of(4, 9)), UNDECLARED),
    ]
    failures = check_diagnostics(whole, emitted)
    assert [_brief(d) for d in failures] == [f"4:9: unexpected error: {UNDECLARED}"]
    assert failures[0].loc is not None
    assert failures[0].loc.file is second


def test_diagnostic_in_another_file_is_unexpected() -> None:
    """A diagnostic in a differently named buffer matches no annotation of this one."""
    source = SourceFile("input.mlir", "// expected-error {{boom}}\n")
    other = SourceFile("other.mlir", "x\n")
    failures = check_diagnostics(source, [Diagnostic(Severity.ERROR, other.loc(0), "boom")])
    assert [str(d).split("\n")[0] for d in failures] == [
        "other.mlir:1:1: error: unexpected error: boom",
        'input.mlir:1:4: error: expected error "boom" was not produced',
    ]


COLLECT_CASES = [
    pytest.param("// expected-error {{m}}", Severity.ERROR, 3, 4, "m", id="bare"),
    pytest.param("// expected-warning@+2 {{m}}", Severity.WARNING, 5, 4, "m", id="plus"),
    pytest.param("// expected-remark@-2 {{m}}", Severity.REMARK, 1, 4, "m", id="minus"),
    pytest.param("// expected-note@above {{m}}", Severity.NOTE, 2, 4, "m", id="above"),
    pytest.param("// expected-error@below {{m}}", Severity.ERROR, 4, 4, "m", id="below"),
    pytest.param("// expected-error@unknown {{m}}", Severity.ERROR, None, 4, "m", id="unknown"),
    pytest.param(
        "x // expected-error-re {{a {{b}} c}}  ", Severity.ERROR, 3, 6, "a {{b}} c", id="regex"
    ),
    pytest.param("// expected-error {{}}", Severity.ERROR, 3, 4, "", id="empty"),
]


@pytest.mark.parametrize(("line", "severity", "target", "col", "text"), COLLECT_CASES)
def test_collect_expectations(
    line: str, severity: Severity, target: int | None, col: int, text: str
) -> None:
    """Each annotation form yields its severity, target line, position and message."""
    source = SourceFile("input.mlir", f"a\nb\n{line}\nc\n")
    [expectation] = collect_expectations(source)
    assert expectation.severity is severity
    assert expectation.line == target
    assert expectation.loc.line_col == (3, col)
    assert expectation.text == text
    assert expectation.error is None
    assert (expectation.pattern is not None) == ("-re {{" in line)


def test_collect_numbers_lines_from_first_line() -> None:
    """A chunk cut from a file keeps that file's line numbers for annotations."""
    source = SourceFile(
        "input.mlir", "x\n// expected-error@-1 {{a}}\n// expected-error@below {{b}}", first_line=7
    )
    expectations = collect_expectations(source)
    assert [(e.line, e.loc.line_col) for e in expectations] == [(7, (8, 4)), (9, (9, 4))]


#: `-re` messages tried on UNDECLARED: True/False for a match, or the error reported.
REGEX_CASES = [
    pytest.param("{{u}}{{s|x}}{{[[:alpha:]]+}}", True, id="groups-and-classes"),
    pytest.param("use {{of|on}} un", True, id="alternation"),
    pytest.param("{{[^]x]}}se", True, id="bracket-first-char"),
    pytest.param("{{\\d}}eclared", True, id="escaped-letter-is-literal"),
    pytest.param("{{[[:digit:]]}}", False, id="no-match"),
    pytest.param("{{(S)\\1}}", False, id="backreference-into-wrapper-never-matches"),
    pytest.param("x {{[a-}}", "invalid regex: invalid character range", id="open-range"),
    pytest.param("x {{a{1,2}}", "invalid regex: braces not balanced", id="open-brace"),
]


@pytest.mark.parametrize(("message", "outcome"), REGEX_CASES)
def test_regex_messages(message: str, outcome: bool | str) -> None:
    """`-re` messages are checked and matched as LLVM's POSIX regexes are."""
    source = SourceFile("input.mlir", f"// expected-error-re {{{{{message}}}}}\n")
    [expectation] = collect_expectations(source)
    if isinstance(outcome, str):
        assert expectation.error is not None
        assert expectation.error.message == outcome
        assert not expectation.matches(UNDECLARED)
    else:
        assert expectation.error is None
        assert expectation.matches(UNDECLARED) is outcome


def test_not_produced_underlines_the_message_length() -> None:
    """A missing diagnostic is shown at its annotation, underlined for the message's length."""
    source = SourceFile("input.mlir", "// expected-error@+1 {{never happens}}\n")
    [expectation] = collect_expectations(source)
    assert isinstance(expectation, Expectation)
    assert render_diagnostic(expectation.not_produced()) == (
        'input.mlir:1:4: error: expected error "never happens" was not produced\n'
        "// expected-error@+1 {{never happens}}\n"
        "   ^~~~~~~~~~~~~"
    )


RENDER_CASES = [
    pytest.param(
        '\t\t\t"t.x"(%a,\t%q) : (i32) -> ()\n',
        1,
        20,
        "unexpected error: expected 2 operand types but had 1",
        "t.mlir:1:20: error: unexpected error: expected 2 operand types but had 1\n"
        '                        "t.x"(%a,       %q) : (i32) -> ()\n'
        "                                              ^",
        id="tabs-expand",
    ),
    pytest.param(
        '"t.y"() {a = "é"} : () -> () // expected-error {{été}}\n',
        1,
        33,
        'expected error "été" was not produced',
        't.mlir:1:34: error: expected error "été" was not produced\n'
        '"t.y"() {a = "é"} : () -> () // expected-error {{été}}',
        id="non-ascii-line-has-no-caret",
    ),
    pytest.param(
        # An undecodable byte 0xff, as `surrogateescape` keeps it, counts as one column.
        '"t.a"(%q) {s = "\udcffé"} : (i32) -> (), %x\n',
        1,
        35,
        "expected operation name in quotes",
        "t.mlir:1:36: error: expected operation name in quotes\n"
        '"t.a"(%q) {s = "\udcffé"} : (i32) -> (), %x',
        id="undecodable-byte",
    ),
    pytest.param(
        'x\r\n"t.use"(%a) : (i32) -> ()\r\n',
        1,
        1,
        "custom op 'x' is unknown (tried 'builtin.x' as well)",
        "t.mlir:1:1: error: custom op 'x' is unknown (tried 'builtin.x' as well)\nx\n^",
        id="carriage-return-ends-line",
    ),
]


@pytest.mark.parametrize(("text", "line", "col", "message", "expected"), RENDER_CASES)
def test_render(text: str, line: int, col: int, message: str, expected: str) -> None:
    """Diagnostics render with mlir-opt's columns, tab expansion and caret rules."""
    source = SourceFile("t.mlir", text)
    diag = Diagnostic(Severity.ERROR, source.loc(source.offset_of(line, col)), message)
    assert render_diagnostic(diag) == expected


def test_render_unknown_location() -> None:
    """A diagnostic without a location renders as mlir-opt's `<unknown>:0:`."""
    diag = Diagnostic(Severity.ERROR, None, "'builtin.module' op requires one region")
    assert render_diagnostic(diag) == "<unknown>:0: error: 'builtin.module' op requires one region"


def test_render_note_at_same_place_skips_source() -> None:
    """A note at its diagnostic's position repeats neither the source line nor the caret."""
    op = '"builtin.module"() ({\n}, {\n}) : () -> ()'
    source = SourceFile("sp.mlir", op + "\n")
    diag = Diagnostic(Severity.ERROR, source.loc(0), "'builtin.module' op requires one region")
    diag.attach_note(f"see current operation: \n{op}")
    assert render_diagnostic(diag) == (
        "sp.mlir:1:1: error: 'builtin.module' op requires one region\n"
        '"builtin.module"() ({\n'
        "^\n"
        "sp.mlir:1:1: note: see current operation: \n" + op
    )


# --- differential test against mlir-opt-22 -----------------------------------

_HEADER = re.compile(
    r"^(?:(?P<file>.+?):(?P<line>\d+):(?P<col>\d+)|<unknown>:0): "
    r"(?P<severity>error|warning|remark|note): (?P<message>.*)$"
)
_SEPARATOR = re.compile(r"^\s*// -----\s*$")


def _chunks(name: str, text: str) -> list[SourceFile]:
    """Cut `text` at separator lines as mlir-opt does, keeping the file's line numbers."""
    chunks: list[SourceFile] = []
    lines = text.split("\n")
    first = 0
    for index, line in enumerate(lines):
        if _SEPARATOR.match(line):
            chunks.append(
                SourceFile(name, "\n".join(lines[first:index]) + "\n", first_line=first + 1)
            )
            first = index + 1
    chunks.append(SourceFile(name, "\n".join(lines[first:]), first_line=first + 1))
    return chunks


def _oracle_diagnostics(name: str, text: str, workdir: Path) -> list[Diagnostic]:
    """The diagnostics mlir-opt-22 emits for `text`, with its annotations disabled."""
    assert MLIR_OPT is not None
    # Same length, same positions, but no longer an annotation.
    (workdir / name).write_text(text.replace("expected-", "EXPECTED-"), encoding="utf-8")
    run = subprocess.run(
        [
            MLIR_OPT,
            "--allow-unregistered-dialect",
            "--mlir-print-op-on-diagnostic=false",
            "--split-input-file",
            name,
        ],
        cwd=workdir,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    chunks = _chunks(name, text)
    emitted: list[Diagnostic] = []
    for line in run.stderr.split("\n"):
        header = _HEADER.match(line)
        if header is None:
            continue
        loc = None
        if header["file"] is not None:
            number, byte_col = int(header["line"]), int(header["col"])
            chunk = next(c for c in reversed(chunks) if c.first_line <= number)
            prefix = chunk.line_text(number).encode()[: byte_col - 1].decode()
            loc = chunk.loc(chunk.offset_of(number, len(prefix) + 1))
        diag = Diagnostic(Severity(header["severity"]), loc, header["message"])
        if diag.severity is Severity.NOTE and emitted:
            emitted[-1].notes.append(diag)
        else:
            emitted.append(diag)
    return emitted


@pytest.mark.mlir
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
@pytest.mark.parametrize("mode", ["all", "only-expected"])
@pytest.mark.parametrize("path", sorted(DATA.glob("*.mlir")), ids=lambda p: p.stem)
def test_matches_mlir_opt(path: Path, mode: str, tmp_path: Path) -> None:
    """The check prints what `mlir-opt-22 --verify-diagnostics --split-input-file` prints."""
    assert MLIR_OPT is not None
    text = path.read_text(encoding="utf-8")
    oracle = subprocess.run(
        [
            MLIR_OPT,
            "--allow-unregistered-dialect",
            f"--verify-diagnostics={mode}",
            "--split-input-file",
            path.name,
        ],
        cwd=path.parent,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    emitted = _oracle_diagnostics(path.name, text, tmp_path)
    failures = check_diagnostics(
        SourceFile(path.name, text), emitted, only_expected=mode == "only-expected"
    )
    assert "".join(render_diagnostic(d) + "\n" for d in failures) == oracle.stderr
    assert oracle.returncode == (1 if failures else 0)
