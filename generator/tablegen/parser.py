"""Parsing TableGen text into the syntax tree of `ast.py`.

This module owns the preprocessor (`#ifdef`, `#ifndef`, `#else`, `#endif`,
`#define`), the lark LALR parser built from `tablegen.lark`, the transformer from
lark's tree to `ast` nodes, and the `SYNTAX_ERRORS` catalogue that turns lark's
exceptions into diagnostics with a readable message. It also bounds what the
recursive stages after it can take: bracket nesting (`MAX_NESTING`), 64-bit
integer literals and `bits<N>` widths, each refused at its position.

`parse_text` reads well-formed text with the faster hand-written parser of
`fastparse.py`, which builds the same trees; whatever that one does not take is
parsed again here with lark, which reports the syntax error.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.source import SourceFile
from generator.tablegen import ast
from generator.tablegen.fastparse import Unsupported, parse_fast

__all__ = [
    "MAX_BITS",
    "MAX_NESTING",
    "SYNTAX_ERRORS",
    "TableGenError",
    "parse_lark",
    "parse_text",
    "preprocess",
]

#: How deeply brackets (`(`, `[`, `{`, `<`) may nest: the parser and the evaluator
#: recurse once per level or more, and Python's stack is bounded.
MAX_NESTING = 100
#: The widest `bits<N>` type (each bit is a value of its own).
MAX_BITS = 1 << 16
#: The integers TableGen holds are 64 bits wide (negative ones, and unsigned ones up
#: to 2**64 - 1 read as their two's complement).
_INT_MIN = -(1 << 63)
_INT_MAX = (1 << 64) - 1


class TableGenError(DiagnosticError):
    """A problem with TableGen input, reported as diagnostics."""


def error_at(source: SourceFile, offset: int, message: str) -> TableGenError:
    """An error diagnostic at `offset` in `source`, ready to raise."""
    return TableGenError(Diagnostic(Severity.ERROR, source.loc(offset), message))


_DIRECTIVE = re.compile(
    r"^[ \t]*#[ \t]*(ifdef|ifndef|else|endif|define)\b[ \t]*(\w*)[^\n]*", re.MULTILINE
)
#: What the lexer reads as one token in active text: a directive at the start of a
#: line, or a string, comment or code block (a `#` inside one is no directive).
_ACTIVE_TOKEN = re.compile(
    r"^[ \t]*#[ \t]*(ifdef|ifndef|else|endif|define)\b[ \t]*(\w*)[^\n]*"
    r'|"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*[\s\S]*?(?:\*/|\Z)|\[\{[\s\S]*?(?:\}\]|\Z)',
    re.MULTILINE,
)


def _blank(text: str) -> str:
    """`text` with every character but newlines replaced by a space."""
    return "\n".join(" " * len(line) for line in text.split("\n"))


def preprocess(source: SourceFile, defines: set[str]) -> str:
    """Blank out the directives and the text that preprocessor conditions exclude.

    Blanked characters become spaces (newlines stay), so offsets and line numbers
    do not change; `#define` adds to `defines`, which is shared by every file of one
    run, as llvm-tblgen's macro table is. As in llvm-tblgen's lexer, a directive
    counts only at the start of a line of active text outside strings, comments and
    code blocks, while excluded text is skipped line by line without being read.
    """
    text = source.text
    if "#" not in text or _DIRECTIVE.search(text) is None:
        return text
    out: list[str] = []
    # Each entry: (the enclosing text is active, some branch of this #if was taken, offset).
    stack: list[tuple[bool, bool, int]] = []
    active = True
    pos = 0  # text before `pos` is in `out`
    scan = 0  # where to look for the next token
    n = len(text)
    while scan < n:
        m = (_ACTIVE_TOKEN if active else _DIRECTIVE).search(text, scan)
        if m is None:
            break
        if m.group(1) is None:
            scan = m.end()  # a string, comment or code block
            continue
        start = m.start()
        # Everything up to the directive is kept (active) or blanked (excluded).
        chunk = text[pos:start]
        out.append(chunk if active else _blank(chunk))
        out.append(" " * (m.end() - start))
        pos = scan = m.end()
        kind, name = m.group(1), m.group(2)
        if kind in ("ifdef", "ifndef"):
            if not name:
                raise error_at(source, start, f"expected macro name after #{kind}")
            taken = (name in defines) == (kind == "ifdef")
            stack.append((active, taken, start))
            active = active and taken
        elif kind == "else":
            if not stack:
                raise error_at(source, start, "#else without matching #ifdef or #ifndef")
            outer, taken, _ = stack[-1]
            active = outer and not taken
            stack[-1] = (outer, True, start)
        elif kind == "endif":
            if not stack:
                raise error_at(source, start, "#endif without matching #ifdef or #ifndef")
            active = stack.pop()[0]
        elif active:
            if not name:
                raise error_at(source, start, "expected macro name after #define")
            defines.add(name)
    if stack:
        raise error_at(source, stack[-1][2], "reached end of file without matching #endif")
    rest = text[pos:]
    out.append(rest if active else _blank(rest))
    return "".join(out)


_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "t": "\t", "n": "\n"}


def _unquote(token: Token) -> str:
    body = str(token.value)[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append(_ESCAPES.get(nxt, "\\" + nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _type(node: Any) -> ast.TypeExpr:
    assert isinstance(node, ast.TypeExpr)
    return node


def _stmts(block: Any) -> list[ast.Stmt]:
    if isinstance(block, ast.Block):
        return block.stmts
    return [block]


@v_args(meta=True)
class _ToAst(Transformer[Token, Any]):
    """Builds `ast` nodes from lark's tree, bottom up."""

    # Statements.
    def start(self, meta: Any, c: list[Any]) -> list[ast.Stmt]:
        return c

    def include(self, meta: Any, c: list[Any]) -> ast.Include:
        return ast.Include(meta.start_pos, _unquote(c[0]))

    def class_def(self, meta: Any, c: list[Any]) -> ast.ClassDef:
        supers, body = c[2]
        return ast.ClassDef(meta.start_pos, str(c[0]), c[1] or [], supers, body)

    def template_args(self, meta: Any, c: list[Any]) -> list[ast.TemplateArg]:
        return c

    def template_arg(self, meta: Any, c: list[Any]) -> ast.TemplateArg:
        return ast.TemplateArg(c[1].start_pos, _type(c[0]), str(c[1]), c[2])

    def object_body(self, meta: Any, c: list[Any]) -> tuple[list[ast.SubclassRef], list[Any]]:
        return [x for x in c[:-1] if x is not None], c[-1]

    def subclass_ref(self, meta: Any, c: list[Any]) -> ast.SubclassRef:
        return ast.SubclassRef(meta.start_pos, str(c[0]), c[1] or [])

    def arg_list(self, meta: Any, c: list[Any]) -> list[Any]:
        return c

    def named_arg(self, meta: Any, c: list[Any]) -> ast.NamedArg:
        return ast.NamedArg(meta.start_pos, str(c[0]), c[1])

    def empty_body(self, meta: Any, c: list[Any]) -> list[Any]:
        return []

    def body(self, meta: Any, c: list[Any]) -> list[Any]:
        return c

    def declaration(self, meta: Any, c: list[Any]) -> ast.Decl:
        return ast.Decl(c[2].start_pos, c[0] is not None, _type(c[1]), str(c[2]), c[3])

    def body_let(self, meta: Any, c: list[Any]) -> ast.LetItem:
        return ast.LetItem(c[0].start_pos, str(c[0]), c[1], c[2])

    def bit_list(self, meta: Any, c: list[Any]) -> list[Any]:
        return list(c[0])

    def let_range(self, meta: Any, c: list[Any]) -> list[Any]:
        return list(c[0])

    def def_stmt(self, meta: Any, c: list[Any]) -> ast.Def:
        supers, body = c[1]
        return ast.Def(meta.start_pos, c[0], supers, body)

    def defm_stmt(self, meta: Any, c: list[Any]) -> ast.Defm:
        return ast.Defm(meta.start_pos, c[0], c[1:])

    def multiclass(self, meta: Any, c: list[Any]) -> ast.MultiClass:
        supers = [x for x in c[2:] if isinstance(x, ast.SubclassRef)]
        body = [x for x in c[2:] if x is not None and not isinstance(x, ast.SubclassRef)]
        return ast.MultiClass(meta.start_pos, str(c[0]), c[1] or [], supers, body)

    def name(self, meta: Any, c: list[Any]) -> Any:
        value = c[0]
        for part in c[1:]:
            value = ast.Paste(meta.start_pos, value, part)
        return value

    def name_id(self, meta: Any, c: list[Any]) -> ast.Id:
        return ast.Id(meta.start_pos, str(c[0]))

    def name_str(self, meta: Any, c: list[Any]) -> ast.StrLit:
        return ast.StrLit(meta.start_pos, _unquote(c[0]))

    def let_stmt(self, meta: Any, c: list[Any]) -> ast.Let:
        return ast.Let(meta.start_pos, c[:-1], _stmts(c[-1]))

    def let_item(self, meta: Any, c: list[Any]) -> ast.LetItem:
        return ast.LetItem(meta.start_pos, str(c[0]), c[1], c[2])

    def block(self, meta: Any, c: list[Any]) -> ast.Block:
        return ast.Block(c)

    def defvar(self, meta: Any, c: list[Any]) -> ast.Defvar:
        return ast.Defvar(meta.start_pos, str(c[0]), c[1])

    def foreach(self, meta: Any, c: list[Any]) -> ast.Foreach:
        return ast.Foreach(meta.start_pos, str(c[0]), c[1], _stmts(c[2]))

    def iter_range(self, meta: Any, c: list[Any]) -> ast.Bits:
        return ast.Bits(
            meta.start_pos,
            [ast.RangeExpr(meta.start_pos, _int(c[0]), _int(c[1]))],
        )

    def iter_range_minus(self, meta: Any, c: list[Any]) -> ast.Bits:
        return ast.Bits(meta.start_pos, [self.range_minus(meta, c)])

    def iter_value(self, meta: Any, c: list[Any]) -> Any:
        return c[0]

    def if_stmt(self, meta: Any, c: list[Any]) -> ast.If:
        orelse = _stmts(c[2]) if c[2] is not None else []
        return ast.If(meta.start_pos, c[0], _stmts(c[1]), orelse)

    def assert_stmt(self, meta: Any, c: list[Any]) -> ast.Assert:
        # llvm-tblgen reports a failing assert at its condition.
        return ast.Assert(c[0].pos, c[0], c[1])

    def defset(self, meta: Any, c: list[Any]) -> ast.Defset:
        return ast.Defset(meta.start_pos, _type(c[0]), str(c[1]), c[2:])

    def deftype(self, meta: Any, c: list[Any]) -> ast.Deftype:
        return ast.Deftype(meta.start_pos, str(c[0]), _type(c[1]))

    def dump(self, meta: Any, c: list[Any]) -> ast.Dump:
        return ast.Dump(meta.start_pos, c[0])

    # Types.
    def t_bit(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "bit")

    def t_bits(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        width = _int(c[0]).value
        if not 0 <= width <= MAX_BITS:
            raise _LiteralError(c[0].start_pos, f"bits<{width}> is wider than {MAX_BITS} bits")
        return ast.TypeExpr(meta.start_pos, "bits", width=width)

    def t_int(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "int")

    def t_string(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "string")

    def t_code(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "code")

    def t_dag(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "dag")

    def t_list(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "list", elem=_type(c[0]))

    def t_class(self, meta: Any, c: list[Any]) -> ast.TypeExpr:
        return ast.TypeExpr(meta.start_pos, "class", name=str(c[0]))

    # Values.
    def paste(self, meta: Any, c: list[Any]) -> ast.Paste:
        return ast.Paste(meta.start_pos, c[0], c[1])

    def paste_trailing(self, meta: Any, c: list[Any]) -> ast.Paste:
        return ast.Paste(meta.start_pos, c[0], None)

    def bit_slice(self, meta: Any, c: list[Any]) -> ast.BitSlice:
        return ast.BitSlice(meta.start_pos, c[0], c[1])

    def list_slice(self, meta: Any, c: list[Any]) -> ast.ListSlice:
        return ast.ListSlice(meta.start_pos, c[0], c[1])

    def field(self, meta: Any, c: list[Any]) -> ast.Field:
        return ast.Field(c[1].start_pos, c[0], str(c[1]))

    def range_list(self, meta: Any, c: list[Any]) -> list[Any]:
        return c

    def slice_list(self, meta: Any, c: list[Any]) -> list[Any]:
        return c

    def bits_items(self, meta: Any, c: list[Any]) -> list[Any]:
        return c

    def range_one(self, meta: Any, c: list[Any]) -> ast.IntLit:
        return _int(c[0])

    def slice_one(self, meta: Any, c: list[Any]) -> Any:
        return c[0]

    def range_dots(self, meta: Any, c: list[Any]) -> ast.RangeExpr:
        return ast.RangeExpr(meta.start_pos, _int(c[0]), _int(c[1]))

    def range_minus(self, meta: Any, c: list[Any]) -> ast.RangeExpr:
        # `0-3` lexes as the integers 0 and -3: the second one's sign is the dash.
        end = _int(c[1])
        return ast.RangeExpr(meta.start_pos, _int(c[0]), ast.IntLit(end.pos, -end.value))

    def slice_dots(self, meta: Any, c: list[Any]) -> ast.RangeExpr:
        return ast.RangeExpr(meta.start_pos, c[0], c[1])

    slice_minus = range_minus

    def int_lit(self, meta: Any, c: list[Any]) -> ast.IntLit:
        return _int(c[0])

    def hex_lit(self, meta: Any, c: list[Any]) -> ast.IntLit:
        return ast.IntLit(meta.start_pos, _checked_int(c[0], c[0].value[2:], 16))

    def bin_lit(self, meta: Any, c: list[Any]) -> ast.IntLit:
        value = _checked_int(c[0], c[0].value[2:], 2)
        return ast.IntLit(meta.start_pos, value, bits=len(c[0].value) - 2)

    def string_lit(self, meta: Any, c: list[Any]) -> ast.StrLit:
        return ast.StrLit(meta.start_pos, "".join(_unquote(t) for t in c))

    def code_lit(self, meta: Any, c: list[Any]) -> ast.StrLit:
        return ast.StrLit(meta.start_pos, c[0].value[2:-2], code=True)

    def unset(self, meta: Any, c: list[Any]) -> ast.Unset:
        return ast.Unset(meta.start_pos)

    def true_lit(self, meta: Any, c: list[Any]) -> ast.IntLit:
        return ast.IntLit(meta.start_pos, 1, boolean=True)

    def false_lit(self, meta: Any, c: list[Any]) -> ast.IntLit:
        return ast.IntLit(meta.start_pos, 0, boolean=True)

    def bits_lit(self, meta: Any, c: list[Any]) -> ast.Bits:
        return ast.Bits(meta.start_pos, c[0] or [])

    def list_items(self, meta: Any, c: list[Any]) -> list[Any]:
        return [x for x in c if x is not None]

    def list_lit(self, meta: Any, c: list[Any]) -> ast.ListLit:
        return ast.ListLit(meta.start_pos, c[0] or [], c[1], meta.end_pos)

    def dag_lit(self, meta: Any, c: list[Any]) -> ast.Dag:
        return ast.Dag(meta.start_pos, c[0], c[1] or [])

    def dag_args(self, meta: Any, c: list[Any]) -> list[Any]:
        return c

    def dag_item(self, meta: Any, c: list[Any]) -> ast.DagArg:
        return ast.DagArg(c[0], c[1].value[1:] if c[1] is not None else None)

    def dag_var_only(self, meta: Any, c: list[Any]) -> ast.DagArg:
        return ast.DagArg(None, c[0].value[1:])

    def ident(self, meta: Any, c: list[Any]) -> ast.Id:
        return ast.Id(meta.start_pos, str(c[0]))

    def anon_class(self, meta: Any, c: list[Any]) -> ast.AnonClass:
        return ast.AnonClass(meta.start_pos, str(c[0]), c[1] or [])

    def bang(self, meta: Any, c: list[Any]) -> ast.Bang:
        return ast.Bang(meta.start_pos, c[0].value[1:], c[1], c[2] or [], meta.end_pos - 1)

    def cond(self, meta: Any, c: list[Any]) -> ast.Cond:
        return ast.Cond(meta.start_pos, c)

    def cond_clause(self, meta: Any, c: list[Any]) -> tuple[Any, Any]:
        return (c[0], c[1])

    def value_list(self, meta: Any, c: list[Any]) -> list[Any]:
        return c


class _LiteralError(Exception):
    """A literal the transformer cannot take, at an offset of the text."""

    def __init__(self, pos: int, message: str) -> None:
        super().__init__(message)
        self.pos = pos
        self.message = message


def _checked_int(token: Token, digits: str, base: int) -> int:
    # The length is checked first: Python refuses to convert very long digit
    # strings at all, and 64 bits take at most 20 decimal digits.
    significant = digits.lstrip("+-").lstrip("0")
    out_of_range = _LiteralError(
        token.start_pos or 0, f"integer literal '{_shorten(token)}' is out of range"
    )
    if len(significant) > {10: 20, 16: 16, 2: 64}[base]:
        raise out_of_range
    value = int(digits, base)
    if not _INT_MIN <= value <= _INT_MAX:
        raise out_of_range
    return value


def _shorten(token: Token) -> str:
    text = str(token.value)
    return text if len(text) <= 24 else text[:20] + "..."


def _int(token: Any) -> ast.IntLit:
    if isinstance(token, ast.IntLit):
        return token
    return ast.IntLit(token.start_pos, _checked_int(token, str(token.value), 10))


#: Brackets, and the strings, comments and code blocks whose brackets do not count.
_BRACKET = re.compile(
    r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*[\s\S]*?(?:\*/|\Z)|\[\{[\s\S]*?(?:\}\]|\Z)|[(\[{<)\]}>]'
)
_OPEN = frozenset("([{<")
_CLOSE = frozenset(")]}>")


def _nesting_error(text: str) -> tuple[int, str] | None:
    """Where brackets first nest deeper than `MAX_NESTING`, skipping strings, code
    blocks and comments; None when they never do."""
    depth = 0
    for m in _BRACKET.finditer(text):
        c = m.group()
        if c in _OPEN:
            depth += 1
            if depth > MAX_NESTING:
                return m.start(), f"brackets nest more than {MAX_NESTING} levels deep"
        elif c in _CLOSE:
            depth = max(0, depth - 1)
    return None


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).parent / "tablegen.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        propagate_positions=True,
    )


#: Example inputs for each syntax error message, matched against the parser state
#: of a failing parse (lark's `match_examples`). Tested like code.
SYNTAX_ERRORS: dict[str, list[str]] = {
    "expected ';' after a declaration": ["class A { int x }", "class A { int x = 1 }"],
    "expected ';' or '{' to end the record body": ["def A", "def A : B", "class A<int x>"],
    "expected a value": ["def A { int x = ; }", "def A { let x = ; }", "defvar x = ;"],
    "expected a type": ["class A<x> ;", "class A { = 1; }"],
    "expected '>' to end the template argument list": ["class A<int x ;", "def A : B<1 ;"],
    "expected ')' to end the dag": ["def A { dag d = (ins 1 ; }"],
    "expected ']' to end the list": ["def A { list<int> l = [1 ; }"],
    "expected 'in' after 'let' assignments": ["let x = 1 def A;"],
    "expected 'then' after the 'if' condition": ["if 1 def A;"],
    "expected a statement (class, def, defm, defset, defvar, foreach, if, let, multiclass, include, assert, dump)": [
        "x",
        "1",
        "}",
    ],
    "expected '{' in multiclass definition": [
        "multiclass M;",
        "multiclass M<int x>;",
        "def A;\nmulticlass M;",
        "def A;\nmulticlass M<int x>;",
    ],
    "expected '=' after the loop variable": ["foreach i in [1] in def A;"],
    "unterminated string": ['def A { string s = "abc\n; }'],
    "unexpected character": ["def A { int x = @; }"],
    "unexpected end of file": ["def A {", "class A<", "let x = 1 in {"],
}


def _describe(e: UnexpectedInput, text: str) -> str:
    if isinstance(e, UnexpectedEOF):
        return "unexpected end of file"
    if isinstance(e, UnexpectedCharacters):
        rest = text[e.pos_in_stream :]
        if rest.startswith('"'):
            return "unterminated string"
        if rest.startswith("[{"):
            return "unterminated code block"
        if rest.startswith("/*"):
            return "unterminated comment"
        return f"unexpected character '{rest[:1]}'"
    assert isinstance(e, UnexpectedToken)
    if e.token.type == "$END":
        return "unexpected end of file"
    start = e.token.start_pos
    # Without its `}]` a code block lexes as a `[` followed by a `{`.
    if start is not None and text.startswith("[{", start) and "}]" not in text[start:]:
        return "unterminated code block"
    label = _match(e, text)
    found = f"'{e.token.value}'" if e.token.value else e.token.type
    if label is None:
        return f"unexpected {found}"
    return f"{label}, found {found}"


def _match(e: UnexpectedInput, text: str) -> str | None:
    parser = _parser()

    def parse(sample: str) -> Any:
        return parser.parse(sample)

    try:
        return e.match_examples(parse, SYNTAX_ERRORS, use_accepts=True)
    except Exception:  # pragma: no cover - a catalogue sample that does not fail
        return None


def parse_text(source: SourceFile, defines: set[str] | None = None) -> ast.File:
    """Parse one file (after preprocessing it with `defines`) into its syntax tree.

    Raises `TableGenError` with a `file:line:col` diagnostic on a syntax error.
    """
    text = preprocess(source, defines if defines is not None else set())
    too_deep = _nesting_error(text)
    if too_deep is not None:
        raise error_at(source, *too_deep)
    try:
        return parse_fast(source, text)
    except Unsupported:
        # A syntax error (or something the fast parser leaves to lark): lark
        # parses it again and reports the error.
        return parse_lark(source, text)


def parse_lark(source: SourceFile, text: str) -> ast.File:
    """Parse preprocessed `text` with the lark parser of `tablegen.lark` (the
    reference `fastparse` is tested against, and the one that reports errors)."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        pos = getattr(e, "pos_in_stream", None)
        if isinstance(e, UnexpectedToken) and e.token.start_pos is not None:
            pos = e.token.start_pos
        if pos is None or isinstance(e, UnexpectedEOF):
            pos = len(text.rstrip())
        raise error_at(source, pos, _describe(e, text)) from None
    try:
        stmts: list[ast.Stmt] = _ToAst().transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, _LiteralError):
            raise error_at(source, e.orig_exc.pos, e.orig_exc.message) from None
        raise
    return ast.File(source, stmts)
