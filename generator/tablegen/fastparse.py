"""A hand-written parser for well-formed TableGen text: the fast path of `parse_text`.

It reads the language of `tablegen.lark` into the same `ast` nodes, with the same
offsets, as the lark parser and its transformer in `parser.py` build, several times
faster. It knows nothing of error messages: on anything it does not expect it gives
up (`Unsupported`) and `parse_text` parses the text again with lark, which reports
the error (or, should this parser have refused good text, parses it). The two are
compared on every `.td` file of MLIR and of `opdefs/` by the tests.

Tokens follow lark's contextual lexer for this grammar: a keyword is an identifier
wherever only an identifier can stand, `0x`/`0b` literals win over identifiers,
and a signed integer (`-3`) over a `-`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from generator.ir.source import SourceFile
from generator.tablegen import ast

__all__ = ["Unsupported", "parse_fast"]

#: Token kinds (the first character of a punctuation token is its kind).
_ID, _INT, _HEX, _BIN, _STR, _CODE, _VAR, _BANG, _COND, _PUNCT, _END = range(11)

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+|//[^\n]*|/\*[\s\S]*?\*/)
  | (?P<hex>0x[0-9a-fA-F]+)
  | (?P<bin>0b[01]+)
  | (?P<cond>!cond\b)
  | (?P<bang>![a-z_]+)
  | (?P<code>\[\{[\s\S]*?\}\])
  | (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<int>[+-]?[0-9]+(?![a-zA-Z_0-9]))
  | (?P<id>[0-9]*[a-zA-Z_][a-zA-Z_0-9]*)
  | (?P<var>\$[a-zA-Z_][a-zA-Z_0-9]*)
  | (?P<punct>\.\.\.|[{}()\[\]<>=;:,.#?\-])
    """,
    re.VERBOSE,
)
_KINDS = {
    "hex": _HEX,
    "bin": _BIN,
    "cond": _COND,
    "bang": _BANG,
    "code": _CODE,
    "str": _STR,
    "int": _INT,
    "id": _ID,
    "var": _VAR,
    "punct": _PUNCT,
}
#: What may start a value (after a `#`, a trailing `#` is followed by none of these).
_VALUE_START_KINDS = frozenset({_ID, _INT, _HEX, _BIN, _STR, _CODE, _BANG, _COND})
_VALUE_START_PUNCT = frozenset({"?", "{", "[", "("})
_AFTER_VALUE_WORDS = frozenset({"in", "then"})
_TYPE_WORDS = frozenset({"bit", "bits", "int", "string", "code", "dag", "list"})
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "t": "\t", "n": "\n"}
_INT_MIN = -(1 << 63)
_INT_MAX = (1 << 64) - 1
_MAX_BITS = 1 << 16


class Unsupported(Exception):
    """The text is not something this parser reads (the lark parser decides)."""


def _unquote(text: str) -> str:
    body = text[1:-1]
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


def _int_value(text: str, base: int) -> int:
    digits = text if base == 10 else text[2:]
    significant = digits.lstrip("+-").lstrip("0")
    if len(significant) > {10: 20, 16: 16, 2: 64}[base]:
        raise Unsupported
    value = int(digits, base)
    if not _INT_MIN <= value <= _INT_MAX:
        raise Unsupported
    return value


class _Parser:
    """Recursive descent over the token list; `i` is the current token."""

    def __init__(self, text: str) -> None:
        kinds: list[int] = []
        texts: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        pos = 0
        n = len(text)
        match = _TOKEN.match
        while pos < n:
            m = match(text, pos)
            if m is None:
                raise Unsupported
            group = m.lastgroup
            end = m.end()
            if group != "ws":
                kinds.append(_KINDS[group])  # type: ignore[index]
                texts.append(m.group())
                starts.append(pos)
                ends.append(end)
            pos = end
        kinds.append(_END)
        texts.append("")
        starts.append(n)
        ends.append(n)
        self.kinds = kinds
        self.texts = texts
        self.starts = starts
        self.ends = ends
        self.i = 0

    # -- tokens ----------------------------------------------------------------

    def peek(self, text: str) -> bool:
        """Whether the current token is the punctuation or keyword `text`."""
        return self.texts[self.i] == text and self.kinds[self.i] in (_PUNCT, _ID)

    def accept(self, text: str) -> bool:
        if self.peek(text):
            self.i += 1
            return True
        return False

    def expect(self, text: str) -> int:
        """Take `text`; its offset."""
        if not self.peek(text):
            raise Unsupported
        self.i += 1
        return self.starts[self.i - 1]

    def ident(self) -> tuple[str, int]:
        """An identifier (a keyword reads as one where only an identifier fits)."""
        if self.kinds[self.i] != _ID:
            raise Unsupported
        self.i += 1
        return self.texts[self.i - 1], self.starts[self.i - 1]

    def int_lit(self) -> ast.IntLit:
        if self.kinds[self.i] != _INT:
            raise Unsupported
        self.i += 1
        return ast.IntLit(self.starts[self.i - 1], _int_value(self.texts[self.i - 1], 10))

    # -- statements ------------------------------------------------------------

    def file(self) -> list[ast.Stmt]:
        stmts: list[ast.Stmt] = []
        while self.kinds[self.i] != _END:
            stmts.append(self.stmt())
        return stmts

    def stmt(self) -> ast.Stmt:
        if self.kinds[self.i] != _ID:
            raise Unsupported
        word = self.texts[self.i]
        pos = self.starts[self.i]
        method = _STATEMENTS.get(word)
        if method is None:
            raise Unsupported
        self.i += 1
        stmt: ast.Stmt = method(self, pos)
        return stmt

    def block(self) -> list[ast.Stmt]:
        if self.accept("{"):
            stmts: list[ast.Stmt] = []
            while not self.accept("}"):
                stmts.append(self.stmt())
            return stmts
        return [self.stmt()]

    def s_include(self, pos: int) -> ast.Include:
        if self.kinds[self.i] != _STR:
            raise Unsupported
        self.i += 1
        return ast.Include(pos, _unquote(self.texts[self.i - 1]))

    def s_class(self, pos: int) -> ast.ClassDef:
        name, _ = self.ident()
        args = self.template_args() if self.peek("<") else []
        supers, body = self.object_body()
        return ast.ClassDef(pos, name, args, supers, body)

    def template_args(self) -> list[ast.TemplateArg]:
        self.expect("<")
        out = [self.template_arg()]
        while self.accept(","):
            out.append(self.template_arg())
        self.expect(">")
        return out

    def template_arg(self) -> ast.TemplateArg:
        t = self.type()
        name, pos = self.ident()
        default = self.value() if self.accept("=") else None
        return ast.TemplateArg(pos, t, name, default)

    def object_body(self) -> tuple[list[ast.SubclassRef], list[ast.Stmt]]:
        supers: list[ast.SubclassRef] = []
        if self.accept(":"):
            supers.append(self.subclass_ref())
            while self.accept(","):
                supers.append(self.subclass_ref())
        if self.accept(";"):
            return supers, []
        self.expect("{")
        body: list[ast.Stmt] = []
        while not self.accept("}"):
            body.append(self.body_item())
        return supers, body

    def subclass_ref(self) -> ast.SubclassRef:
        name, pos = self.ident()
        args: list[ast.Expr | ast.NamedArg] = []
        if self.accept("<"):
            if not self.peek(">"):
                args = self.arg_list()
            self.expect(">")
        return ast.SubclassRef(pos, name, args)

    def arg_list(self) -> list[ast.Expr | ast.NamedArg]:
        out = [self.arg()]
        while self.accept(","):
            out.append(self.arg())
        return out

    def arg(self) -> ast.Expr | ast.NamedArg:
        i = self.i
        if self.kinds[i] == _ID and self.texts[i + 1] == "=" and self.kinds[i + 1] == _PUNCT:
            name, pos = self.ident()
            self.i += 1
            return ast.NamedArg(pos, name, self.value())
        return self.value()

    def body_item(self) -> ast.Stmt:
        kind, word = self.kinds[self.i], self.texts[self.i]
        if kind == _ID:
            pos = self.starts[self.i]
            if word == "let":
                self.i += 1
                name, npos = self.ident()
                bits = self.bit_list() if self.peek("{") else None
                self.expect("=")
                value = self.value()
                self.expect(";")
                return ast.LetItem(npos, name, bits, value)
            if word == "defvar":
                self.i += 1
                return self.s_defvar(pos)
            if word == "assert":
                self.i += 1
                return self.s_assert(pos)
            if word == "dump":
                self.i += 1
                return self.s_dump(pos)
        is_field = False
        if kind == _ID and word == "field":
            is_field = True
            self.i += 1
        t = self.type()
        name, npos = self.ident()
        init = self.value() if self.accept("=") else None
        self.expect(";")
        return ast.Decl(npos, is_field, t, name, init)

    def bit_list(self) -> list[ast.Expr]:
        self.expect("{")
        out = self.range_list()
        self.expect("}")
        return out

    def s_def(self, pos: int) -> ast.Def:
        name = None
        if not (self.peek(":") or self.peek("{") or self.peek(";")):
            name = self.name()
        supers, body = self.object_body()
        return ast.Def(pos, name, supers, body)

    def s_defm(self, pos: int) -> ast.Defm:
        name = None if self.peek(":") else self.name()
        self.expect(":")
        refs = [self.subclass_ref()]
        while self.accept(","):
            refs.append(self.subclass_ref())
        self.expect(";")
        return ast.Defm(pos, name, refs)

    def s_multiclass(self, pos: int) -> ast.MultiClass:
        name, _ = self.ident()
        args = self.template_args() if self.peek("<") else []
        supers: list[ast.SubclassRef] = []
        if self.accept(":"):
            supers.append(self.subclass_ref())
            while self.accept(","):
                supers.append(self.subclass_ref())
            if self.accept(";"):
                return ast.MultiClass(pos, name, args, supers, [])
        self.expect("{")
        body = [self.stmt()]
        while not self.accept("}"):
            body.append(self.stmt())
        return ast.MultiClass(pos, name, args, supers, body)

    def name(self) -> ast.Expr:
        """A def name: parts joined by `#`, read in name mode."""
        start = self.starts[self.i]
        value = self.name_part()
        while self.accept("#"):
            value = ast.Paste(start, value, self.name_part())
        return value

    def name_part(self) -> ast.Expr:
        start = self.starts[self.i]
        kind = self.kinds[self.i]
        value: ast.Expr
        if kind == _ID:
            name, pos = self.ident()
            value = ast.Id(pos, name)
        elif kind == _STR:
            self.i += 1
            value = ast.StrLit(start, _unquote(self.texts[self.i - 1]))
        elif kind == _BANG:
            value = self.bang()
        elif self.peek("["):
            value = self.list_lit()
        else:
            raise Unsupported
        while True:
            if self.accept("."):
                field, pos = self.ident()
                value = ast.Field(pos, value, field)
            elif self.accept("["):
                items = self.slice_list()
                self.expect("]")
                value = ast.ListSlice(start, value, items)
            else:
                return value

    def s_let(self, pos: int) -> ast.Let:
        items = [self.let_item()]
        while self.accept(","):
            items.append(self.let_item())
        self.expect("in")
        return ast.Let(pos, items, self.block())

    def let_item(self) -> ast.LetItem:
        name, pos = self.ident()
        bits = None
        if self.accept("<"):
            bits = self.range_list()
            self.expect(">")
        self.expect("=")
        return ast.LetItem(pos, name, bits, self.value())

    def s_defvar(self, pos: int) -> ast.Defvar:
        name, _ = self.ident()
        self.expect("=")
        value = self.value()
        self.expect(";")
        return ast.Defvar(pos, name, value)

    def s_foreach(self, pos: int) -> ast.Foreach:
        name, _ = self.ident()
        self.expect("=")
        it = self.foreach_iter()
        self.expect("in")
        return ast.Foreach(pos, name, it, self.block())

    def foreach_iter(self) -> ast.Expr:
        i = self.i
        if self.kinds[i] == _INT:
            nxt_kind, nxt = self.kinds[i + 1], self.texts[i + 1]
            start = self.starts[i]
            if nxt_kind == _PUNCT and nxt in ("...", "-"):
                first = self.int_lit()
                self.i += 1
                last = self.int_lit()
                return ast.Bits(start, [ast.RangeExpr(start, first, last)])
            if nxt_kind == _INT:
                return ast.Bits(start, [self.range_minus()])
        return self.value()

    def s_if(self, pos: int) -> ast.If:
        cond = self.value()
        self.expect("then")
        then = self.block()
        orelse = self.block() if self.accept("else") else []
        return ast.If(pos, cond, then, orelse)

    def s_assert(self, pos: int) -> ast.Assert:
        cond = self.value()
        self.expect(",")
        message = self.value()
        self.expect(";")
        # llvm-tblgen reports a failing assert at its condition.
        return ast.Assert(cond.pos, cond, message)

    def s_defset(self, pos: int) -> ast.Defset:
        t = self.type()
        name, _ = self.ident()
        self.expect("=")
        self.expect("{")
        body: list[ast.Stmt] = []
        while not self.accept("}"):
            body.append(self.stmt())
        return ast.Defset(pos, t, name, body)

    def s_deftype(self, pos: int) -> ast.Deftype:
        name, _ = self.ident()
        self.expect("=")
        t = self.type()
        self.expect(";")
        return ast.Deftype(pos, name, t)

    def s_dump(self, pos: int) -> ast.Dump:
        value = self.value()
        self.expect(";")
        return ast.Dump(pos, value)

    # -- types -----------------------------------------------------------------

    def type(self) -> ast.TypeExpr:
        name, pos = self.ident()
        if name not in _TYPE_WORDS:
            return ast.TypeExpr(pos, "class", name=name)
        if name == "bits":
            self.expect("<")
            width = self.int_lit().value
            if not 0 <= width <= _MAX_BITS:
                raise Unsupported
            self.expect(">")
            return ast.TypeExpr(pos, "bits", width=width)
        if name == "list":
            self.expect("<")
            elem = self.type()
            self.expect(">")
            return ast.TypeExpr(pos, "list", elem=elem)
        return ast.TypeExpr(pos, name)

    # -- values ----------------------------------------------------------------

    def value(self) -> ast.Expr:
        start = self.starts[self.i]
        value = self.postfix()
        while self.peek("#"):
            self.i += 1
            kind, text = self.kinds[self.i], self.texts[self.i]
            # After `#` a keyword that may follow a value ends it (lark's lexer
            # reads it as that keyword there), as does any punctuation that
            # cannot start one.
            if (kind in _VALUE_START_KINDS and text not in _AFTER_VALUE_WORDS) or (
                kind == _PUNCT and text in _VALUE_START_PUNCT
            ):
                value = ast.Paste(start, value, self.postfix())
            else:
                value = ast.Paste(start, value, None)
        return value

    def postfix(self) -> ast.Expr:
        start = self.starts[self.i]
        value = self.simple()
        while True:
            if self.accept("{"):
                ranges = self.range_list()
                self.expect("}")
                value = ast.BitSlice(start, value, ranges)
            elif self.accept("["):
                items = self.slice_list()
                self.expect("]")
                value = ast.ListSlice(start, value, items)
            elif self.accept("."):
                name, pos = self.ident()
                value = ast.Field(pos, value, name)
            else:
                return value

    def simple(self) -> ast.Expr:
        i = self.i
        kind, text, pos = self.kinds[i], self.texts[i], self.starts[i]
        if kind == _ID:
            if text == "true" or text == "false":
                self.i += 1
                return ast.IntLit(pos, int(text == "true"), boolean=True)
            self.i += 1
            if self.accept("<"):
                args: list[ast.Expr | ast.NamedArg] = []
                if not self.peek(">"):
                    args = self.arg_list()
                self.expect(">")
                return ast.AnonClass(pos, text, args)
            return ast.Id(pos, text)
        if kind == _STR:
            parts = []
            while self.kinds[self.i] == _STR:
                parts.append(_unquote(self.texts[self.i]))
                self.i += 1
            return ast.StrLit(pos, "".join(parts))
        if kind == _INT:
            return self.int_lit()
        if kind == _CODE:
            self.i += 1
            return ast.StrLit(pos, text[2:-2], code=True)
        if kind == _BANG:
            return self.bang()
        if kind == _COND:
            self.i += 1
            self.expect("(")
            clauses = [self.cond_clause()]
            while self.accept(","):
                clauses.append(self.cond_clause())
            self.expect(")")
            return ast.Cond(pos, clauses)
        if kind == _HEX:
            self.i += 1
            return ast.IntLit(pos, _int_value(text, 16))
        if kind == _BIN:
            self.i += 1
            return ast.IntLit(pos, _int_value(text, 2), bits=len(text) - 2)
        if kind == _PUNCT:
            if text == "?":
                self.i += 1
                return ast.Unset(pos)
            if text == "[":
                return self.list_lit()
            if text == "{":
                self.i += 1
                items: list[ast.Expr] = []
                if not self.peek("}"):
                    items.append(self.bits_item())
                    while self.accept(","):
                        items.append(self.bits_item())
                self.expect("}")
                return ast.Bits(pos, items)
            if text == "(":
                self.i += 1
                op = self.dag_item()
                dag_args: list[ast.DagArg] = []
                if not self.peek(")"):
                    dag_args.append(self.dag_item())
                    while self.accept(","):
                        dag_args.append(self.dag_item())
                self.expect(")")
                return ast.Dag(pos, op, dag_args)
        raise Unsupported

    def list_lit(self) -> ast.ListLit:
        pos = self.expect("[")
        items: list[ast.Expr] = []
        while not self.peek("]"):
            items.append(self.value())
            if not self.accept(","):
                break
        self.expect("]")
        elem = None
        if self.accept("<"):
            elem = self.type()
            self.expect(">")
        return ast.ListLit(pos, items, elem, self.ends[self.i - 1])

    def bang(self) -> ast.Bang:
        pos = self.starts[self.i]
        op = self.texts[self.i][1:]
        self.i += 1
        t = None
        if self.accept("<"):
            t = self.type()
            self.expect(">")
        self.expect("(")
        args: list[ast.Expr] = []
        if not self.peek(")"):
            args.append(self.value())
            while self.accept(","):
                args.append(self.value())
        end = self.expect(")")
        return ast.Bang(pos, op, t, args, end)

    def cond_clause(self) -> tuple[ast.Expr, ast.Expr]:
        cond = self.value()
        self.expect(":")
        return cond, self.value()

    def dag_item(self) -> ast.DagArg:
        if self.kinds[self.i] == _VAR:
            self.i += 1
            return ast.DagArg(None, self.texts[self.i - 1][1:])
        value = self.value()
        name = None
        if self.accept(":"):
            if self.kinds[self.i] != _VAR:
                raise Unsupported
            name = self.texts[self.i][1:]
            self.i += 1
        return ast.DagArg(value, name)

    def range_minus(self) -> ast.RangeExpr:
        """`0-3` lexes as the integers 0 and -3: the second one's sign is the dash."""
        start = self.starts[self.i]
        first = self.int_lit()
        end = self.int_lit()
        return ast.RangeExpr(start, first, ast.IntLit(end.pos, -end.value))

    def range_piece(self) -> ast.Expr:
        i = self.i
        if self.kinds[i] != _INT:
            raise Unsupported
        nxt_kind, nxt = self.kinds[i + 1], self.texts[i + 1]
        if nxt_kind == _INT:
            return self.range_minus()
        first = self.int_lit()
        if nxt_kind == _PUNCT and nxt in ("...", "-"):
            self.i += 1
            return ast.RangeExpr(self.starts[i], first, self.int_lit())
        return first

    def range_list(self) -> list[ast.Expr]:
        out = [self.range_piece()]
        while self.accept(","):
            out.append(self.range_piece())
        return out

    def bits_item(self) -> ast.Expr:
        i = self.i
        if self.kinds[i] == _INT:
            nxt_kind, nxt = self.kinds[i + 1], self.texts[i + 1]
            if nxt_kind == _INT:
                return self.range_minus()
            if nxt_kind == _PUNCT and nxt in ("...", "-"):
                first = self.int_lit()
                self.i += 1
                return ast.RangeExpr(self.starts[i], first, self.int_lit())
        return self.value()

    def slice_list(self) -> list[ast.Expr]:
        out = [self.slice_piece()]
        while self.accept(","):
            out.append(self.slice_piece())
        return out

    def slice_piece(self) -> ast.Expr:
        i = self.i
        if self.kinds[i] == _INT:
            nxt_kind, nxt = self.kinds[i + 1], self.texts[i + 1]
            if nxt_kind == _INT:
                return self.range_minus()
            if nxt_kind == _PUNCT and nxt == "-":
                raise Unsupported  # `a - b` in a slice: left to the lark parser
        start = self.starts[i]
        first = self.value()
        if self.accept("..."):
            return ast.RangeExpr(start, first, self.value())
        return first


_STATEMENTS: dict[str, Callable[[_Parser, int], ast.Stmt]] = {
    "include": _Parser.s_include,
    "class": _Parser.s_class,
    "def": _Parser.s_def,
    "defm": _Parser.s_defm,
    "multiclass": _Parser.s_multiclass,
    "let": _Parser.s_let,
    "defvar": _Parser.s_defvar,
    "foreach": _Parser.s_foreach,
    "if": _Parser.s_if,
    "assert": _Parser.s_assert,
    "defset": _Parser.s_defset,
    "deftype": _Parser.s_deftype,
    "dump": _Parser.s_dump,
}


def parse_fast(source: SourceFile, text: str) -> ast.File:
    """Parse preprocessed `text` of `source`; `Unsupported` for anything unexpected."""
    try:
        return ast.File(source, _Parser(text).file())
    except IndexError:
        raise Unsupported from None
