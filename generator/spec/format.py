"""Declarative assembly formats: the parser, the checker and the resolved view.

This module owns everything about an op's `assemblyFormat` text before code is
generated from it:

* **Parsing** (`parse_format`, `parse_op_format`): the text becomes a typed AST of
  frozen dataclasses (`LiteralElement`, `VariableElement`, `StringElement`, the
  directives `attr-dict`, `attr-dict-with-keyword`, `prop-dict`, `operands`,
  `results`, `regions`, `successors`, `type(...)`, `functional-type(a, b)`,
  `qualified(...)`, `ref(...)`, `custom<Name>(...)`, optional groups `(...)?`
  with an anchor `^` and an else group `(...):(...)?`, and `oilist(...)`). Each
  node keeps its `offset` in the format text and its `loc` in the spec file. The
  parser only knows the grammar; like mlir-tblgen it stops at the first syntax
  error of a format.
* **Checking** (`check_op_format`): the AST is checked against the op the way
  mlir-tblgen checks it at generation time, with mlir-tblgen's wording: where each
  element may appear, what each `$variable` refers to and whether it is already
  bound, optional-group anchors and elements, `ref` before binding, overlap of
  `operands`/`regions`/`successors` with single variables, `attr-dict` present
  once, every operand, region and successor covered, every operand and result
  type written or inferable, and the ambiguities mlir-tblgen detects (`:` after
  an attribute of generic storage, `attr-dict` before a region, keywords shared
  by adjacent `oilist`s). Unlike mlir-tblgen, which stops at the first problem,
  every problem of a format is reported, each with a hint, and two clauses of one
  `oilist` that start with the same keyword are an error as well.
* **Resolving** (`resolve_op_format`): for a valid format, what each variable
  binds (`OperandBinding`, `AttributeBinding`, ...) and where the parser gets each
  operand and result type (`TypeSource`: a `type`/`functional-type` directive, a
  trait such as `SameOperandsAndResultType`, `AllTypesMatch` or `TypesMatchWith`,
  a buildable type such as `i32`, or `InferTypeOpInterface`).
* **Positions.** A format is written in a TableGen string, a `[{ }]` block or a
  YAML scalar, so offsets in its text are mapped back to the spec file: escapes,
  block indentation and line breaks of multi-line formats are accounted for.
  The TableGen front end locates a record only by its line, so the format's
  literal is found in the file: inside the def, or, for a format inherited from
  a class, the nearest `assemblyFormat` literal of that text before it (then a
  note points at the op that uses it).

The older assembly-string form of the ODS proposal (the seed's
`tfl.Add $lhs, $rhs {fused_activation_function: $fused_activation_function}:
${type(self)}`) is lowered onto the same AST (`lower_legacy_format`); a format
is taken to be in that form when it starts with a dotted op name or contains
`${type(`. The mapping:

* the leading op name is dropped (the op name is always printed first); it must
  be the op's own `dialect.mnemonic`;
* `$name` is the variable `$name`;
* `${type(self)}`, the type of the op, is the type of its result:
  `type($result)` for an op with one named result (so traits such as
  `SameOperandsAndResultType` give the operand types from it, as the proposal
  intends), `type(results)` otherwise; `${type($x)}` (or `${type(x)}`) is
  `type($x)`;
* a braced group of `key: $attr` entries, each naming its own attribute, is the
  attribute dictionary, `attr-dict`; without one, `attr-dict` is placed before
  the last top-level `:` (or at the end when there is none);
* bare punctuation (`,` `(` `)` `[` `]` `<` `>` `:` `=` `->` ...) and bare words
  are literals.

So the example lowers to `$lhs `,` $rhs attr-dict `:` type($result)` for an op
whose one result is `$result`.
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NoReturn

from generator.diagnostics import FormatSpecError, SpecDiagnostic, sort_diagnostics
from generator.ir.diagnostics import Diagnostic, Severity
from generator.ir.source import SourceLoc
from generator.naming import class_name_from_def
from generator.spec.constraints import (
    AnyAttrOfConstraint,
    AttrConstraint,
    AttrPredicateConstraint,
    ConfinedAttrConstraint,
    FloatConstraint,
    IndexConstraint,
    IntegerConstraint,
    NoneTypeConstraint,
    SimpleAttrConstraint,
    TypeConstraint,
    TypePredicateConstraint,
    TypeRefConstraint,
    Variadicity,
)
from generator.spec.infer import TypeLink, infer_types
from generator.spec.model import (
    AttributeDef,
    DialectDef,
    OpDef,
    OperandDef,
    RegionDef,
    ResultDef,
    SourceText,
    SuccessorDef,
)

__all__ = [
    "AssemblyFormat",
    "AttrDictDirective",
    "AttributeBinding",
    "Binding",
    "CustomDirective",
    "FormatNode",
    "FunctionalTypeDirective",
    "LiteralElement",
    "LocAt",
    "OIList",
    "OIListClause",
    "OperandBinding",
    "OperandsDirective",
    "OptionalGroup",
    "ParamsDirective",
    "PropDictDirective",
    "QualifiedDirective",
    "RefDirective",
    "RegionBinding",
    "RegionsDirective",
    "ResolvedFormat",
    "ResultBinding",
    "ResultsDirective",
    "StringElement",
    "StructDirective",
    "SuccessorBinding",
    "SuccessorsDirective",
    "TypeDirective",
    "TypeSource",
    "TypeSourceKind",
    "VariableElement",
    "buildable_type",
    "check_op_format",
    "format_origin",
    "format_text",
    "is_legacy_format",
    "literal_problem",
    "lower_legacy_format",
    "node_span",
    "parse_format",
    "parse_op_format",
    "resolve_op_format",
    "walk",
]

#: Maps an offset in the format text to its position in the spec file.
LocAt = Callable[[int], SourceLoc | None]


def _no_loc(offset: int) -> SourceLoc | None:
    return None


# ---------------------------------------------------------------------------
# The AST
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormatNode:
    """Base of every element of a format."""

    offset: int
    """The 0-based offset of the element's first character in the format text."""
    loc: SourceLoc | None = field(default=None, compare=False, repr=False, kw_only=True)
    """Where the element is written in the spec file, when known."""


@dataclass(frozen=True, slots=True)
class LiteralElement(FormatNode):
    """A literal in backticks: punctuation (`` `,` ``, `` `->` ``) or a keyword.

    The spacing literals are `` ` ` `` (a space), ``` `` ``` (no automatic space)
    and `` `\\n` `` (a new line).
    """

    spelling: str
    """The text between the backticks."""

    @property
    def is_whitespace(self) -> bool:
        """Whether this literal only controls spacing."""
        return self.spelling in _WHITESPACE_LITERALS


@dataclass(frozen=True, slots=True)
class VariableElement(FormatNode):
    """`$name`: an operand, attribute, result, region or successor of the op."""

    name: str


@dataclass(frozen=True, slots=True)
class StringElement(FormatNode):
    """A quoted expression passed to a custom directive: `"$_builder.getI32Type()"`."""

    value: str
    """The text between the quotes, with `\\"` and `\\\\` unescaped."""


@dataclass(frozen=True, slots=True)
class AttrDictDirective(FormatNode):
    """`attr-dict`, or `attr-dict-with-keyword` (printed after `attributes`)."""

    with_keyword: bool = False


@dataclass(frozen=True, slots=True)
class PropDictDirective(FormatNode):
    """`prop-dict`: the op's properties, printed `<{...}>`."""


@dataclass(frozen=True, slots=True)
class OperandsDirective(FormatNode):
    """`operands`: all operands, in order."""


@dataclass(frozen=True, slots=True)
class ResultsDirective(FormatNode):
    """`results`: all results (only as the argument of a type directive)."""


@dataclass(frozen=True, slots=True)
class RegionsDirective(FormatNode):
    """`regions`: all regions, in order."""


@dataclass(frozen=True, slots=True)
class SuccessorsDirective(FormatNode):
    """`successors`: all successors, in order."""


@dataclass(frozen=True, slots=True)
class TypeDirective(FormatNode):
    """`type(arg)`: the type(s) of an operand or result, or of `operands`/`results`."""

    arg: FormatNode


@dataclass(frozen=True, slots=True)
class FunctionalTypeDirective(FormatNode):
    """`functional-type(inputs, results)`: types printed as a function type."""

    inputs: FormatNode
    results: FormatNode


@dataclass(frozen=True, slots=True)
class QualifiedDirective(FormatNode):
    """`qualified(arg)`: print an attribute or type with its dialect prefix."""

    arg: FormatNode


@dataclass(frozen=True, slots=True)
class RefDirective(FormatNode):
    """`ref(arg)`: pass an already bound entity to a custom directive."""

    arg: FormatNode


@dataclass(frozen=True, slots=True)
class CustomDirective(FormatNode):
    """`custom<Name>(args...)`: hand-written parse and print functions."""

    name: str
    args: tuple[FormatNode, ...]


@dataclass(frozen=True, slots=True)
class OptionalGroup(FormatNode):
    """`(then...)?` or `(then...):(else...)?`, printed when its anchor is present.

    The anchor (the element marked `^`) is one of `then_elements`, or, when the
    group is inverted, one of `else_elements`. It is None only in a group the
    checker rejects.
    """

    then_elements: tuple[FormatNode, ...]
    else_elements: tuple[FormatNode, ...] = ()
    anchor: FormatNode | None = None

    @property
    def inverted(self) -> bool:
        """Whether the anchor is in the else group."""
        return self.anchor is not None and any(e is self.anchor for e in self.else_elements)


@dataclass(frozen=True, slots=True)
class ParamsDirective(FormatNode):
    """`params`: every parameter of a type or attribute, comma-separated."""


@dataclass(frozen=True, slots=True)
class StructDirective(FormatNode):
    """`struct($a, $b)` or `struct(params)`: parameters as `name = value` pairs, in
    any order, comma-separated (type and attribute formats)."""

    args: tuple[FormatNode, ...]


@dataclass(frozen=True, slots=True)
class OIListClause:
    """One clause of an `oilist`: a keyword literal and what follows it."""

    literal: LiteralElement
    elements: tuple[FormatNode, ...] = ()


@dataclass(frozen=True, slots=True)
class OIList(FormatNode):
    """`oilist(clause | clause ...)`: clauses in any order, each at most once."""

    clauses: tuple[OIListClause, ...]


@dataclass(frozen=True, slots=True)
class AssemblyFormat:
    """A parsed format: its elements, its text, and whether it was the legacy form."""

    text: str
    elements: tuple[FormatNode, ...]
    legacy: bool = False
    loc: SourceLoc | None = field(default=None, compare=False, repr=False)
    """Where the format starts in the spec file (its first non-blank character).

    Problems of the format as a whole (a missing `attr-dict`, an operand that is
    not covered) are reported here, as mlir-tblgen reports them at the format.
    """

    def __str__(self) -> str:
        return format_text(self.elements)


_WHITESPACE_LITERALS = frozenset({" ", "", "\\n"})


def walk(elements: Sequence[FormatNode]) -> Iterator[FormatNode]:
    """Every element, nested ones included, in text order."""
    for element in elements:
        yield element
        yield from walk(_children(element))


def _children(element: FormatNode) -> tuple[FormatNode, ...]:
    if isinstance(element, TypeDirective | QualifiedDirective | RefDirective):
        return (element.arg,)
    if isinstance(element, FunctionalTypeDirective):
        return (element.inputs, element.results)
    if isinstance(element, CustomDirective | StructDirective):
        return element.args
    if isinstance(element, OptionalGroup):
        return element.then_elements + element.else_elements
    if isinstance(element, OIList):
        return tuple(e for c in element.clauses for e in (c.literal, *c.elements))
    return ()


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------

_SIMPLE_SPELLINGS: dict[type[FormatNode], str] = {
    PropDictDirective: "prop-dict",
    OperandsDirective: "operands",
    ResultsDirective: "results",
    RegionsDirective: "regions",
    SuccessorsDirective: "successors",
    ParamsDirective: "params",
}


#: The directives of op formats without arguments, by keyword.
_NO_ARGUMENT: dict[str, type[FormatNode]] = {
    v: k for k, v in _SIMPLE_SPELLINGS.items() if k is not ParamsDirective
}


def format_text(elements: Sequence[FormatNode]) -> str:
    """The canonical spelling of elements, as the format language writes them."""
    return " ".join(_element_text(e) for e in elements)


def _element_text(element: FormatNode) -> str:
    text = _SIMPLE_SPELLINGS.get(type(element))
    if text is not None:
        return text
    if isinstance(element, LiteralElement):
        return f"`{element.spelling}`"
    if isinstance(element, VariableElement):
        return f"${element.name}"
    if isinstance(element, StringElement):
        return '"' + element.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(element, AttrDictDirective):
        return "attr-dict-with-keyword" if element.with_keyword else "attr-dict"
    if isinstance(element, TypeDirective):
        return f"type({_element_text(element.arg)})"
    if isinstance(element, FunctionalTypeDirective):
        return f"functional-type({_element_text(element.inputs)}, {_element_text(element.results)})"
    if isinstance(element, QualifiedDirective):
        return f"qualified({_element_text(element.arg)})"
    if isinstance(element, RefDirective):
        return f"ref({_element_text(element.arg)})"
    if isinstance(element, CustomDirective):
        return f"custom<{element.name}>({', '.join(_element_text(a) for a in element.args)})"
    if isinstance(element, StructDirective):
        return f"struct({', '.join(_element_text(a) for a in element.args)})"
    if isinstance(element, OptionalGroup):
        text = "(" + _group_text(element.then_elements, element.anchor) + ")"
        if element.else_elements:
            text += ":(" + _group_text(element.else_elements, element.anchor) + ")"
        return text + "?"
    assert isinstance(element, OIList)
    clauses = (format_text((c.literal, *c.elements)) for c in element.clauses)
    return "oilist(" + " | ".join(clauses) + ")"


def _group_text(elements: Sequence[FormatNode], anchor: FormatNode | None) -> str:
    return " ".join(_element_text(e) + ("^" if e is anchor else "") for e in elements)


# ---------------------------------------------------------------------------
# Lexing and parsing
# ---------------------------------------------------------------------------


class _Tok(enum.Enum):
    EOF = "end of format"
    CARET = "^"
    COLON = ":"
    COMMA = ","
    EQUAL = "="
    LESS = "<"
    GREATER = ">"
    QUESTION = "?"
    PLUS = "+"
    STAR = "*"
    PIPE = "|"
    LPAREN = "("
    RPAREN = ")"
    LITERAL = "literal"
    VARIABLE = "variable"
    STRING = "string"
    IDENT = "identifier"


_PUNCTUATION: dict[str, _Tok] = {
    t.value: t
    for t in (
        _Tok.CARET,
        _Tok.COLON,
        _Tok.COMMA,
        _Tok.EQUAL,
        _Tok.LESS,
        _Tok.GREATER,
        _Tok.QUESTION,
        _Tok.PLUS,
        _Tok.STAR,
        _Tok.PIPE,
        _Tok.LPAREN,
        _Tok.RPAREN,
    )
}

#: The directive keywords, for "did you mean" hints on unknown bare words.
_DIRECTIVES = (
    "attr-dict",
    "attr-dict-with-keyword",
    "custom",
    "functional-type",
    "oilist",
    "operands",
    "prop-dict",
    "qualified",
    "ref",
    "regions",
    "results",
    "successors",
    "type",
)


#: Words the lexer of mlir-tblgen reads as keywords, not identifiers.
_KEYWORDS = frozenset({*_DIRECTIVES, "params", "struct"})


@dataclass(frozen=True, slots=True)
class _Token:
    kind: _Tok
    offset: int
    spelling: str
    """The token as written (with backticks, `$` or quotes)."""
    value: str
    """Its content: a literal without backticks, a variable without `$`."""


class _SyntaxError(Exception):
    """A syntax error: the format cannot be read any further."""

    def __init__(self, offset: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint


def _is_ident_start(ch: str) -> bool:
    return ch.isascii() and (ch.isalpha() or ch == "_")


def _is_ident_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "_-")


class _Lexer:
    """Tokens of the format language, produced on demand (errors come in text order)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def next(self) -> _Token:
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in " \t\r\n":
            self.pos += 1
        start = self.pos
        if start >= n:
            return _Token(_Tok.EOF, n, "", "")
        ch = text[start]
        self.pos = start + 1
        if ch in _PUNCTUATION:
            return _Token(_PUNCTUATION[ch], start, ch, ch)
        if ch == "`":
            end = text.find("`", start + 1)
            if end == -1:
                raise _SyntaxError(
                    start,
                    "unexpected end of file in literal",
                    "close the literal with a backtick",
                )
            self.pos = end + 1
            return _Token(_Tok.LITERAL, start, text[start : end + 1], text[start + 1 : end])
        if ch == "$":
            end = start + 1
            if end < n and _is_ident_start(text[end]):
                while end < n and text[end].isascii() and (text[end].isalnum() or text[end] == "_"):
                    end += 1
                self.pos = end
                return _Token(_Tok.VARIABLE, start, text[start:end], text[start + 1 : end])
            raise _SyntaxError(
                start,
                "expected variable name",
                "write '$' and the name of an operand, attribute, result, region or successor",
            )
        if ch == '"':
            return self.string(start)
        if _is_ident_start(ch):
            end = start + 1
            while end < n and _is_ident_char(text[end]):
                end += 1
            self.pos = end
            return _Token(_Tok.IDENT, start, text[start:end], text[start:end])
        raise _SyntaxError(
            start,
            "unexpected character",
            "write punctuation and keywords as literals in backticks, e.g. `:`",
        )

    def string(self, start: int) -> _Token:
        text, n = self.text, len(self.text)
        pos = start + 1
        chars: list[str] = []
        while pos < n and text[pos] != '"':
            if text[pos] == "\\" and pos + 1 < n:
                pos += 1
            chars.append(text[pos])
            pos += 1
        if pos >= n:
            raise _SyntaxError(
                start, "unexpected end of file in string", "close the string with '\"'"
            )
        self.pos = pos + 1
        return _Token(_Tok.STRING, start, text[start : pos + 1], "".join(chars))


def _expected_element_hint(token: _Token) -> str:
    if token.kind is _Tok.IDENT:
        close = difflib.get_close_matches(token.value, _DIRECTIVES, n=1, cutoff=0.6)
        if close:
            return f"did you mean the directive '{close[0]}'?"
        return f"write a keyword as a literal in backticks: `{token.value}`"
    if token.kind is _Tok.CARET:
        return "'^' marks the anchor of an optional group and follows an element inside `(...)?`"
    if token.kind is _Tok.EOF:
        return "the format ends too early"
    if token.kind in (_Tok.RPAREN, _Tok.PIPE):
        return "a group or directive needs at least one element"
    return f"write punctuation as a literal in backticks: `{token.spelling}`"


class _Parser:
    """The grammar of the format language, to a located AST.

    `for_def` reads the format of a type or attribute: the directives are then
    `params`, `struct`, `qualified`, `ref` and `custom`, and the others of op formats
    are unsupported there, as mlir-tblgen reports.
    """

    def __init__(self, text: str, loc_at: LocAt, *, for_def: bool = False) -> None:
        self.lexer = _Lexer(text)
        self.loc_at = loc_at
        self.for_def = for_def
        self.tok = self.lexer.next()

    def advance(self) -> _Token:
        token = self.tok
        self.tok = self.lexer.next()
        return token

    def fail(self, message: str, hint: str | None = None, offset: int | None = None) -> NoReturn:
        raise _SyntaxError(self.tok.offset if offset is None else offset, message, hint)

    def at(self, kind: _Tok) -> bool:
        """Whether the current token is of that kind (a call, so mypy does not narrow)."""
        return self.tok.kind is kind

    def expect(self, kind: _Tok, message: str, hint: str | None = None) -> _Token:
        if self.tok.kind is not kind:
            self.fail(message, hint)
        return self.advance()

    def parse(self) -> tuple[FormatNode, ...]:
        elements: list[FormatNode] = []
        while self.tok.kind is not _Tok.EOF:
            elements.append(self.element())
        return tuple(elements)

    def element(self) -> FormatNode:
        token = self.tok
        loc = self.loc_at(token.offset)
        if token.kind is _Tok.LPAREN:
            return self.optional_group()
        if token.kind is _Tok.LITERAL:
            self.advance()
            return LiteralElement(token.offset, token.value, loc=loc)
        if token.kind is _Tok.VARIABLE:
            self.advance()
            return VariableElement(token.offset, token.value, loc=loc)
        if token.kind is _Tok.STRING:
            self.advance()
            return StringElement(token.offset, token.value, loc=loc)
        if token.kind is _Tok.IDENT:
            directive = self.directive(token)
            if directive is not None:
                return directive
        self.fail(
            "expected literal, variable, directive, or optional group",
            _expected_element_hint(token),
        )

    def directive(self, token: _Token) -> FormatNode | None:
        if self.for_def:
            return self.def_directive(token)
        word = token.value
        offset = token.offset
        loc = self.loc_at(offset)
        if word in ("attr-dict", "attr-dict-with-keyword"):
            self.advance()
            return AttrDictDirective(offset, word != "attr-dict", loc=loc)
        if word in _NO_ARGUMENT:
            self.advance()
            return _NO_ARGUMENT[word](offset, loc=loc)
        if word in ("type", "qualified", "ref"):
            self.advance()
            arg = self.one_argument()
            if word == "type":
                return TypeDirective(offset, arg, loc=loc)
            if word == "qualified":
                return QualifiedDirective(offset, arg, loc=loc)
            return RefDirective(offset, arg, loc=loc)
        if word == "functional-type":
            self.advance()
            self.expect(_Tok.LPAREN, "expected '(' before argument list")
            inputs = self.element()
            self.expect(
                _Tok.COMMA,
                "expected ',' after inputs argument",
                "write it as functional-type(inputs, results)",
            )
            results = self.element()
            self.expect(_Tok.RPAREN, "expected ')' after argument list")
            return FunctionalTypeDirective(offset, inputs, results, loc=loc)
        if word == "custom":
            self.advance()
            return self.custom(offset, loc)
        if word == "oilist":
            self.advance()
            return self.oilist(offset, loc)
        if word in ("params", "struct"):
            self.fail(
                "unsupported directive kind",
                f"'{word}' is a directive of type and attribute formats, not of op formats",
            )
        return None

    def def_directive(self, token: _Token) -> FormatNode | None:
        """A directive of a type or attribute format."""
        word = token.value
        offset = token.offset
        loc = self.loc_at(offset)
        if word not in _KEYWORDS:
            return None
        self.advance()
        if word == "params":
            return ParamsDirective(offset, loc=loc)
        if word == "struct":
            self.expect(
                _Tok.LPAREN,
                "expected '(' before `struct` argument list",
                "write it as struct($a, $b) or struct(params)",
            )
            args = [self.element()]
            while self.at(_Tok.COMMA):
                self.advance()
                args.append(self.element())
            self.expect(_Tok.RPAREN, "expected ')' at the end of an argument list")
            return StructDirective(offset, tuple(args), loc=loc)
        if word in ("qualified", "ref"):
            arg = self.one_argument()
            if word == "qualified":
                return QualifiedDirective(offset, arg, loc=loc)
            return RefDirective(offset, arg, loc=loc)
        if word == "custom":
            return self.custom(offset, loc)
        self.fail(
            "unsupported directive kind",
            f"'{word}' is a directive of op formats; a type or attribute format has "
            "`params`, `struct`, `qualified`, `ref` and `custom`",
            offset,
        )

    def one_argument(self) -> FormatNode:
        self.expect(_Tok.LPAREN, "expected '(' before argument list")
        arg = self.element()
        self.expect(_Tok.RPAREN, "expected ')' after argument list")
        return arg

    def custom(self, offset: int, loc: SourceLoc | None) -> CustomDirective:
        usage = "write it as custom<Name>(arguments)"
        self.expect(_Tok.LESS, "expected '<' before custom directive name", usage)
        if self.tok.kind is not _Tok.IDENT or self.tok.value in _KEYWORDS:
            self.fail("expected custom directive name identifier", usage)
        name = self.advance().value
        self.expect(_Tok.GREATER, "expected '>' after custom directive name", usage)
        self.expect(_Tok.LPAREN, "expected '(' before custom directive parameters", usage)
        args = [self.element()]
        while self.at(_Tok.COMMA):
            self.advance()
            args.append(self.element())
        self.expect(_Tok.RPAREN, "expected ')' after custom directive parameters", usage)
        return CustomDirective(offset, name, tuple(args), loc=loc)

    def oilist(self, offset: int, loc: SourceLoc | None) -> OIList:
        self.expect(
            _Tok.LPAREN,
            "expected '(' before oilist argument list",
            "write it as oilist(`keyword` elements... | `keyword` elements...)",
        )
        clauses: list[OIListClause] = []
        while True:
            token = self.tok
            if token.kind is not _Tok.LITERAL:
                self.fail(
                    f"expected literal, but got '{token.spelling}'",
                    "each clause of an oilist starts with a literal keyword",
                )
            self.advance()
            literal = LiteralElement(token.offset, token.value, loc=self.loc_at(token.offset))
            elements: list[FormatNode] = []
            while self.tok.kind not in (_Tok.PIPE, _Tok.RPAREN):
                elements.append(self.element())
            clauses.append(OIListClause(literal, tuple(elements)))
            if self.advance().kind is _Tok.RPAREN:
                return OIList(offset, tuple(clauses), loc=loc)

    def optional_group(self) -> OptionalGroup:
        start = self.advance()
        anchor: list[FormatNode] = []
        then_elements = self.group_elements(anchor)
        else_elements: tuple[FormatNode, ...] = ()
        if self.tok.kind is _Tok.COLON:
            self.advance()
            self.expect(
                _Tok.LPAREN,
                "expected '(' to start else branch of optional group",
                "write an else group as (then...):(else...)?",
            )
            else_elements = self.group_elements(anchor)
        self.expect(
            _Tok.QUESTION,
            "expected '?' after optional group",
            "an optional group is written (elements...)? with one element marked '^'",
        )
        return OptionalGroup(
            start.offset,
            then_elements,
            else_elements,
            anchor[0] if anchor else None,
            loc=self.loc_at(start.offset),
        )

    def group_elements(self, anchor: list[FormatNode]) -> tuple[FormatNode, ...]:
        elements: list[FormatNode] = []
        while True:
            element = self.element()
            if self.tok.kind is _Tok.CARET:
                if anchor:
                    self.fail(
                        "only one element can be marked as the anchor of an optional group",
                        "remove all '^' but one; a nested group has its own anchor",
                    )
                anchor.append(element)
                self.advance()
            elements.append(element)
            if self.tok.kind is _Tok.RPAREN:
                self.advance()
                return tuple(elements)


def parse_format(
    text: str, loc_at: LocAt | None = None, *, for_def: bool = False
) -> AssemblyFormat:
    """Parse a format written in the declarative format language.

    `loc_at` maps offsets in `text` to spec positions; `for_def` reads the format of
    a type or attribute. Raises `FormatSpecError` with the first syntax error; what
    the elements refer to is not checked here.
    """
    at = loc_at or _no_loc
    try:
        elements = _Parser(text, at, for_def=for_def).parse()
    except _SyntaxError as error:
        raise FormatSpecError(
            SpecDiagnostic(at(error.offset), error.message, hint=error.hint)
        ) from None
    return AssemblyFormat(text, elements, loc=at(_first_char(text)))


def _first_char(text: str) -> int:
    return len(text) - len(text.lstrip())


# ---------------------------------------------------------------------------
# The legacy assembly-string form
# ---------------------------------------------------------------------------

_LEGACY_START = re.compile(r"\s*([A-Za-z_][\w$]*(?:\.[\w$.]+)+)(?=\s|$)")
_LEGACY_TYPEOF = re.compile(r"\$\{\s*type\s*\(")
_LEGACY_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<typeof>\$\{\s*type\s*\(\s*(?P<target>\$?[A-Za-z_]\w*)\s*\)\s*\})
  | (?P<expr>\$\{[^}]*\}?)
  | (?P<var>\$[A-Za-z_]\w*)
  | (?P<arrow>->|\.\.\.)
  | (?P<punct>[,()\[\]<>:=?+*{}])
  | (?P<word>[A-Za-z_][\w.]*)
  | (?P<other>.)
    """,
    re.VERBOSE,
)


def is_legacy_format(text: str) -> bool:
    """Whether `text` is in the ODS proposal's assembly-string form (see the module doc)."""
    return _LEGACY_TYPEOF.search(text) is not None or _LEGACY_START.match(text) is not None


def lower_legacy_format(
    text: str,
    *,
    op_name: str | None = None,
    result_names: Sequence[str] = (),
    loc_at: LocAt | None = None,
) -> AssemblyFormat:
    """Lower an assembly string of the ODS proposal onto the format AST.

    `op_name` is the op's full name (`tfl.add`); the string must start with it
    when given. `result_names` are the names of the op's results, which decide
    how `${type(self)}` is spelled. The mapping is in the module docstring.
    Raises `FormatSpecError` when the string uses something that form does not have.
    """
    at = loc_at or _no_loc
    self_result = result_names[0] if len(result_names) == 1 and result_names[0] else None
    try:
        elements = _LegacyLowering(text, op_name, self_result, at).lower()
    except _SyntaxError as error:
        raise FormatSpecError(
            SpecDiagnostic(at(error.offset), error.message, hint=error.hint)
        ) from None
    return AssemblyFormat(text, elements, legacy=True, loc=at(_first_char(text)))


class _LegacyLowering:
    def __init__(
        self, text: str, op_name: str | None, self_result: str | None, loc_at: LocAt
    ) -> None:
        self.text = text
        self.op_name = op_name
        self.self_result = self_result
        self.loc_at = loc_at
        self.tokens: list[tuple[str, int, re.Match[str]]] = []
        for match in _LEGACY_TOKEN.finditer(text):
            kind = match.lastgroup
            assert kind is not None
            if kind != "space":
                self.tokens.append((kind, match.start(), match))
        self.pos = 0

    def lower(self) -> tuple[FormatNode, ...]:
        start = _LEGACY_START.match(self.text)
        if start is not None:
            name = start.group(1)
            if self.op_name is not None and name != self.op_name:
                raise _SyntaxError(
                    start.start(1),
                    f"the assembly string names '{name}', but the op is '{self.op_name}'",
                    f"start the assembly string with the op's name, '{self.op_name}'",
                )
            self.pos = 1
        elements: list[FormatNode] = []
        has_dict = False
        while self.pos < len(self.tokens):
            kind, offset, match = self.tokens[self.pos]
            self.pos += 1
            loc = self.loc_at(offset)
            if kind == "typeof":
                target = match.group("target")
                arg_offset = match.start("target")
                arg: FormatNode
                if target == "self" and self.self_result is not None:
                    arg = VariableElement(arg_offset, self.self_result, loc=self.loc_at(arg_offset))
                elif target == "self":
                    arg = ResultsDirective(arg_offset, loc=self.loc_at(arg_offset))
                else:
                    arg = VariableElement(
                        arg_offset, target.lstrip("$"), loc=self.loc_at(arg_offset)
                    )
                elements.append(TypeDirective(offset, arg, loc=loc))
            elif kind == "expr":
                raise _SyntaxError(
                    offset,
                    f"unsupported expression '{match.group()}' in the assembly string",
                    "only ${type(self)} and ${type($name)} are understood",
                )
            elif kind == "var":
                elements.append(VariableElement(offset, match.group()[1:], loc=loc))
            elif kind == "punct" and match.group() == "{":
                elements.append(self.attribute_dict(offset))
                has_dict = True
            elif kind in ("punct", "arrow", "word") and match.group() != "}":
                elements.append(LiteralElement(offset, match.group(), loc=loc))
            else:
                raise _SyntaxError(
                    offset,
                    f"unexpected '{match.group()}' in the assembly string",
                    "an assembly string holds $names, ${type(...)}, punctuation and words",
                )
        if not has_dict:
            elements.insert(self.dict_position(elements), self.implicit_dict(elements))
        return tuple(elements)

    def dict_position(self, elements: list[FormatNode]) -> int:
        colons = [
            i for i, e in enumerate(elements) if isinstance(e, LiteralElement) and e.spelling == ":"
        ]
        return colons[-1] if colons else len(elements)

    def implicit_dict(self, elements: list[FormatNode]) -> AttrDictDirective:
        index = self.dict_position(elements)
        offset = elements[index].offset if index < len(elements) else len(self.text)
        return AttrDictDirective(offset, loc=self.loc_at(offset))

    def attribute_dict(self, offset: int) -> AttrDictDirective:
        """`{key: $key, ...}`: the attribute dictionary of the old syntax."""
        usage = "write the attribute dictionary as {name: $name, ...}"
        while True:
            key = self.take("word", usage, offset)
            self.take_punct(":", usage, offset)
            var = self.take("var", usage, offset)
            if var.group()[1:] != key.group():
                raise _SyntaxError(
                    var.start(),
                    f"the attribute dictionary entry '{key.group()}' must name its own "
                    f"attribute, not '{var.group()}'",
                    f"write '{key.group()}: ${key.group()}'",
                )
            closing = self.take("punct", usage, offset)
            if closing.group() == "}":
                return AttrDictDirective(offset, loc=self.loc_at(offset))
            if closing.group() != ",":
                raise _SyntaxError(
                    closing.start(), "expected ',' or '}' in the attribute dictionary", usage
                )

    def take(self, kind: str, usage: str, open_offset: int) -> re.Match[str]:
        if self.pos >= len(self.tokens):
            raise _SyntaxError(open_offset, "unterminated attribute dictionary", usage)
        got, offset, match = self.tokens[self.pos]
        if got != kind:
            raise _SyntaxError(
                offset, f"unexpected '{match.group()}' in the attribute dictionary", usage
            )
        self.pos += 1
        return match

    def take_punct(self, spelling: str, usage: str, open_offset: int) -> None:
        match = self.take("punct", usage, open_offset)
        if match.group() != spelling:
            raise _SyntaxError(
                match.start(), f"expected '{spelling}' in the attribute dictionary", usage
            )


# ---------------------------------------------------------------------------
# Positions in the spec file
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _TdLiteral:
    start: int
    """Offset in the file of the opening `"` or `[{`."""
    value: str
    offsets: tuple[int, ...]
    """File offset of each character of `value`, and one past its end."""


@functools.lru_cache(maxsize=8)
def _td_literals_by_value(text: str) -> dict[str, list[_TdLiteral]]:
    """The string and code literals of a TableGen file, by their decoded value."""
    out: dict[str, list[_TdLiteral]] = {}
    for literal in _td_literals(text):
        out.setdefault(literal.value, []).append(literal)
    return out


def _td_literals(text: str) -> tuple[_TdLiteral, ...]:
    """Every string and code literal of a TableGen file, decoded, with positions."""
    out: list[_TdLiteral] = []
    n = len(text)
    pos = 0
    while pos < n:
        ch = text[pos]
        two = text[pos : pos + 2]
        if two == "//":
            end = text.find("\n", pos)
            pos = n if end == -1 else end + 1
        elif two == "/*":
            pos = _skip_block_comment(text, pos)
        elif two == "[{":
            end = text.find("}]", pos + 2)
            end = n if end == -1 else end
            out.append(_TdLiteral(pos, text[pos + 2 : end], tuple(range(pos + 2, end + 1))))
            pos = end + 2
        elif ch == '"':
            pos = _td_string(text, pos, out)
        else:
            pos += 1
    return tuple(out)


def _skip_block_comment(text: str, pos: int) -> int:
    # TableGen block comments nest.
    depth = 0
    n = len(text)
    while pos < n:
        two = text[pos : pos + 2]
        if two == "/*":
            depth += 1
            pos += 2
        elif two == "*/":
            depth -= 1
            pos += 2
            if depth == 0:
                return pos
        else:
            pos += 1
    return n


_TD_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}


def _td_string(text: str, start: int, out: list[_TdLiteral]) -> int:
    chars: list[str] = []
    offsets: list[int] = []
    pos = start + 1
    n = len(text)
    while pos < n and text[pos] not in '"\n':
        if text[pos] == "\\" and pos + 1 < n and text[pos + 1] in _TD_ESCAPES:
            chars.append(_TD_ESCAPES[text[pos + 1]])
            offsets.append(pos)
            pos += 2
        else:
            chars.append(text[pos])
            offsets.append(pos)
            pos += 1
    offsets.append(pos)
    out.append(_TdLiteral(start, "".join(chars), tuple(offsets)))
    return pos + 1


def _td_record_end(text: str, start: int) -> int:
    """The end of the TableGen record that starts at `start` (after its `;` or `}`)."""
    depth = 0
    pos = start
    n = len(text)
    while pos < n:
        ch = text[pos]
        two = text[pos : pos + 2]
        if two == "//":
            end = text.find("\n", pos)
            pos = n if end == -1 else end
        elif two == "/*":
            pos = _skip_block_comment(text, pos)
            continue
        elif two == "[{":
            end = text.find("}]", pos + 2)
            pos = n if end == -1 else end + 1
        elif ch == '"':
            end = pos + 1
            while end < n and text[end] not in '"\n':
                end += 2 if text[end] == "\\" else 1
            pos = end
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth <= 0:
                return pos + 1
        elif ch == ";" and depth == 0:
            return pos + 1
        pos += 1
    return n


_FORMAT_LET = re.compile(r"assemblyFormat\s*=\s*$")


@dataclass(frozen=True, slots=True)
class _Origin:
    """Where a format text sits in its spec file."""

    loc_at: LocAt
    inherited: bool
    """Whether the text is written outside the op's own definition (in a class)."""


def _origin(source: SourceText) -> _Origin:
    loc = source.loc
    if loc is None:
        return _Origin(_no_loc, False)
    file = loc.file
    if file.name.endswith(".td"):
        return _td_origin(source.text, loc)
    offsets = _align(file.text, loc.offset, source.text)
    return _Origin(lambda i: file.loc(offsets[min(max(i, 0), len(offsets) - 1)]), False)


def format_origin(source: SourceText) -> tuple[LocAt, bool]:
    """Where a format text sits in its spec file: the map from offsets in the text to
    positions, and whether the text is written outside its def (in a class)."""
    origin = _origin(source)
    return origin.loc_at, origin.inherited


def _td_origin(text: str, loc: SourceLoc) -> _Origin:
    file = loc.file
    candidates = _td_literals_by_value(file.text).get(text, [])
    if not candidates:
        # Built by an expression (`!strconcat`, a template argument): all at the def.
        return _Origin(lambda i: loc, False)
    start = loc.offset
    end = _td_record_end(file.text, start)
    inside = [c for c in candidates if start <= c.start < end]
    if inside:
        chosen, inherited = inside[0], False
    else:
        before = [c for c in candidates if c.start < start]
        lets = [c for c in before if _FORMAT_LET.search(file.text[max(0, c.start - 200) : c.start])]
        chosen = (lets or before or candidates)[-1 if (lets or before) else 0]
        inherited = True
    offsets = chosen.offsets
    return _Origin(lambda i: file.loc(offsets[min(max(i, 0), len(offsets) - 1)]), inherited)


def _align(file_text: str, start: int, text: str) -> list[int]:
    """File offsets of each character of `text`, written from `start` in the file.

    The text of a YAML scalar differs from what the file holds by block
    indentation, folded line breaks, quotes and escapes: those file characters
    are skipped, and a space or newline of the text matches any blank.
    """
    out: list[int] = []
    pos = start
    n = len(file_text)
    for ch in text:
        probe = pos
        limit = min(n, pos + 80)
        while probe < limit and file_text[probe] != ch:
            if ch in " \n" and file_text[probe] in " \t\r\n":
                break
            probe += 1
        if probe >= limit:
            probe = pos
        out.append(min(probe, n))
        pos = probe + 1
    out.append(min(pos, n))
    return out


# ---------------------------------------------------------------------------
# Bindings and type sources: the resolved view
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OperandBinding:
    """A variable bound to operand group `index`."""

    index: int
    operand: OperandDef

    @property
    def name(self) -> str:
        """The operand's name."""
        return self.operand.name

    @property
    def variadicity(self) -> Variadicity:
        """Single, optional, variadic or variadic-of-variadic."""
        return self.operand.variadicity

    @property
    def is_variable_length(self) -> bool:
        """Whether the group is optional or variadic."""
        return self.operand.variadicity != "single"


@dataclass(frozen=True, slots=True)
class ResultBinding:
    """A variable bound to result group `index` (inside a type directive)."""

    index: int
    result: ResultDef

    @property
    def name(self) -> str:
        """The result's name."""
        return self.result.name

    @property
    def variadicity(self) -> Variadicity:
        """Single, optional, variadic or variadic-of-variadic."""
        return self.result.variadicity

    @property
    def is_variable_length(self) -> bool:
        """Whether the group is optional or variadic."""
        return self.result.variadicity != "single"


@dataclass(frozen=True, slots=True)
class AttributeBinding:
    """A variable bound to attribute `index` of the op."""

    index: int
    attribute: AttributeDef

    @property
    def name(self) -> str:
        """The attribute's name."""
        return self.attribute.name


@dataclass(frozen=True, slots=True)
class RegionBinding:
    """A variable bound to region `index`."""

    index: int
    region: RegionDef

    @property
    def name(self) -> str:
        """The region's name."""
        return self.region.name


@dataclass(frozen=True, slots=True)
class SuccessorBinding:
    """A variable bound to successor `index`."""

    index: int
    successor: SuccessorDef

    @property
    def name(self) -> str:
        """The successor's name."""
        return self.successor.name


Binding = OperandBinding | ResultBinding | AttributeBinding | RegionBinding | SuccessorBinding

TypeSourceKind = Literal["directive", "trait", "buildable", "interface"]


@dataclass(frozen=True, slots=True)
class TypeSource:
    """Where the generated parser gets the type of one operand or result group.

    * "directive": written in the format by `directive` (`type($x)`,
      `type(operands)`, or a `functional-type`);
    * "trait": equal to the type of `source` by `trait` (`AllTypesMatch`,
      `SameTypeOperands`, `SameOperandsAndResultType`), or, for
      `TypesMatchWith`, `transform` (a Python expression over `$_self`) of it;
    * "buildable": the one type its constraint allows, `buildable` (`i32`);
    * "interface": computed by the op's `InferTypeOpInterface` (results only).
    """

    kind: TypeSourceKind
    directive: FormatNode | None = None
    trait: str | None = None
    source: OperandBinding | ResultBinding | AttributeBinding | None = None
    transform: str | None = None
    buildable: str | None = None


@dataclass(frozen=True, eq=False)
class ResolvedFormat:
    """A checked format, with what each element binds and where each type comes from."""

    op: OpDef
    format: AssemblyFormat
    bindings: Mapping[VariableElement, Binding]
    """Every variable of the format and what it refers to."""
    operand_types: tuple[TypeSource, ...]
    """For each operand group, in order: how its type is known."""
    result_types: tuple[TypeSource, ...]
    """For each result group, in order: how its type is known."""
    attr_dict: AttrDictDirective
    has_prop_dict: bool
    all_operands: bool
    """Whether the `operands` directive stands for every operand."""
    all_regions: bool
    all_successors: bool
    bound_attributes: tuple[str, ...]
    """Attributes written in the format, in op order; `attr-dict` elides them."""

    def binding(self, variable: VariableElement) -> Binding:
        """What a variable of the format refers to."""
        return self.bindings[variable]


#: A predicate that is exactly the test for `!dialect.mnemonic`, a type without parameters.
_ONE_DIALECT_TYPE = re.compile(r"is_dialect_type\(\$_self, '(\w+)', '(\w+)'\)")
#: A predicate that is exactly the test for one class.
_ONE_CLASS = re.compile(r"\(?isinstance\(\$_self, (\w+)\)\)?")


def buildable_type(constraint: TypeConstraint, dialect: DialectDef | None = None) -> str | None:
    """The one type a constraint allows, in MLIR syntax, when it is buildable.

    As in ODS: `I1`...`I128` and `I<n>` (`i32`), `SI<n>`/`UI<n>`, the named
    float types, `Index`, `NoneType`, a dialect type without parameters
    (`!dialect.mnemonic`), and a predicate constraint that names the type it
    builds (`BuildableType`). None for anything else.
    """
    if isinstance(constraint, IntegerConstraint):
        prefix = {"signless": "i", "signed": "si", "unsigned": "ui"}.get(constraint.signedness)
        if prefix is not None and len(constraint.widths) == 1:
            return f"{prefix}{constraint.widths[0]}"
        return None
    if isinstance(constraint, FloatConstraint):
        return constraint.types[0] if len(constraint.types) == 1 else None
    if isinstance(constraint, IndexConstraint):
        return "index"
    if isinstance(constraint, NoneTypeConstraint):
        return "none"
    if isinstance(constraint, TypePredicateConstraint):
        if constraint.buildable is not None:
            return constraint.buildable
        # The test for one type of a dialect type without parameters (another
        # dialect's `!pdl.operation`) allows that type alone.
        match = _ONE_DIALECT_TYPE.fullmatch(constraint.expr.strip())
        if match is not None:
            return f"!{match[1]}.{match[2]}"
        # The test for the class of one of the dialect's types without parameters
        # (a C++ `isa<AsyncTokenType>`) allows that type alone.
        match = _ONE_CLASS.fullmatch(constraint.expr.strip())
        if match is not None and dialect is not None:
            for type_def in dialect.types:
                if class_name_from_def(type_def.def_name) == match[1] and not type_def.parameters:
                    return f"!{dialect.name}.{type_def.mnemonic}"
        return None
    if isinstance(constraint, TypeRefConstraint) and dialect is not None:
        for type_def in dialect.types:
            if type_def.def_name == constraint.ref and not type_def.parameters:
                return f"!{dialect.name}.{type_def.mnemonic}"
    return None


def _generic_attr_storage(constraint: AttrConstraint) -> bool:
    """Whether the attribute is parsed as any attribute, which may take `: type`."""
    if isinstance(constraint, SimpleAttrConstraint):
        return constraint.attr == "AnyAttr"
    if isinstance(constraint, ConfinedAttrConstraint):
        return _generic_attr_storage(constraint.base)
    return isinstance(constraint, AnyAttrOfConstraint | AttrPredicateConstraint)


def _attr_may_be_absent(attr: AttributeDef) -> bool:
    return attr.is_optional or attr.default is not None


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------


class _Ctx(enum.Enum):
    """Where an element is: the top level, a custom directive, a type directive or a ref."""

    TOP = "top"
    CUSTOM = "custom"
    TYPE = "type"
    REF = "ref"


_NOT_TOP_HINT = "move it to the top level of the format"


class _Checker:
    """mlir-tblgen's checks of one op's format, collecting every problem."""

    def __init__(
        self, fmt: AssemblyFormat, op: OpDef, dialect: DialectDef | None, note: Diagnostic | None
    ) -> None:
        self.fmt = fmt
        self.op = op
        self.dialect = dialect
        self.note = note
        self.errors: list[SpecDiagnostic] = []
        self.bindings: dict[VariableElement, Binding] = {}
        self.seen_operands: set[int] = set()
        self.seen_attrs: set[int] = set()
        self.seen_regions: set[int] = set()
        self.seen_successors: set[int] = set()
        self.all_operands: FormatNode | None = None
        self.all_regions: FormatNode | None = None
        self.all_successors: FormatNode | None = None
        self.operand_type_directive: dict[int, FormatNode] = {}
        self.result_type_directive: dict[int, FormatNode] = {}
        self.all_operand_types: FormatNode | None = None
        self.all_result_types: FormatNode | None = None
        self.attr_dict: AttrDictDirective | None = None
        self.prop_dict: PropDictDirective | None = None
        # Ids of the elements already reported, so that a later check of the same
        # element does not repeat what mlir-tblgen would have stopped at.
        self.reported: set[int] = set()
        self.operand_sources: list[TypeSource | None] = []
        self.result_sources: list[TypeSource | None] = []

    # -- reporting -------------------------------------------------------------

    def error(self, node: FormatNode | None, message: str, hint: str | None = None) -> None:
        """Report at an element, or at the start of the format when `node` is None."""
        if node is not None:
            loc, span = node.loc, node_span(node)
            self.reported.add(id(node))
        else:
            loc, span = self.fmt.loc, 0
        diag = SpecDiagnostic(loc, message, hint=hint)
        if span and loc is not None:
            diag.span = span
        if self.note is not None:
            diag.notes.append(self.note)
        self.errors.append(diag)

    # -- names -------------------------------------------------------------------

    def lookup(self, name: str) -> Binding | None:
        op = self.op
        for i, attr in enumerate(op.attributes):
            if attr.name == name:
                return AttributeBinding(i, attr)
        for i, operand in enumerate(op.operands):
            if operand.name and operand.name == name:
                return OperandBinding(i, operand)
        for i, region in enumerate(op.regions):
            if region.name == name:
                return RegionBinding(i, region)
        for i, result in enumerate(op.results):
            if result.name and result.name == name:
                return ResultBinding(i, result)
        for i, successor in enumerate(op.successors):
            if successor.name == name:
                return SuccessorBinding(i, successor)
        return None

    def names(self) -> list[str]:
        op = self.op
        names = [o.name for o in op.operands] + [a.name for a in op.attributes]
        names += [r.name for r in op.results] + [r.name for r in op.regions]
        names += [s.name for s in op.successors]
        return [name for name in names if name]

    def resolve(self, var: VariableElement) -> Binding | None:
        binding = self.lookup(var.name)
        if binding is None:
            close = difflib.get_close_matches(var.name, self.names(), n=1, cutoff=0.6)
            self.error(
                var,
                "expected variable to refer to an argument, region, result, or successor",
                f"did you mean '${close[0]}'?"
                if close
                else f"'{var.name}' is not an operand, attribute, result, region or successor "
                f"of '{self.op.def_name}'",
            )
            return None
        self.bindings[var] = binding
        return binding

    # -- walking the elements ------------------------------------------------------

    def run(self) -> None:
        for element in self.fmt.elements:
            self.element(element, _Ctx.TOP)
        self.verify()

    def element(self, el: FormatNode, ctx: _Ctx) -> None:
        handler = _HANDLERS.get(type(el))
        if handler is not None:
            handler(self, el, ctx)

    def literal(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, LiteralElement)
        if ctx is not _Ctx.TOP:
            self.error(
                el,
                "literals may only be used in the top-level section of the format",
                "directives take variables or directives; print the literal outside of it",
            )
            return
        if not el.is_whitespace:
            reason = literal_problem(el.spelling)
            if reason is not None:
                self.error(
                    el,
                    f"expected valid literal but got '{el.spelling}': {reason}",
                    "a literal is punctuation from '_:,=<>()[]{}?+-*', '->', '...', "
                    "or a keyword of letters, digits, '_', '$' and '.'",
                )

    def string(self, el: FormatNode, ctx: _Ctx) -> None:
        if ctx is not _Ctx.CUSTOM:
            self.error(
                el,
                "strings may only be used as 'custom' directive arguments",
                "a literal is written in backticks, e.g. `keyword`",
            )

    def variable(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, VariableElement)
        binding = self.resolve(el)
        if binding is None:
            return
        if isinstance(binding, ResultBinding):
            if ctx is not _Ctx.TYPE:
                self.error(
                    el,
                    "result variables can only be used as a child to a 'type' directive",
                    f"results are never parsed; write their types with 'type(${el.name})'",
                )
            return
        if isinstance(binding, AttributeBinding):
            self.attribute_variable(el, binding, ctx)
            return
        kind, seen, everything, directive = self.kind_state(binding)
        if ctx is _Ctx.TYPE:
            if not isinstance(binding, OperandBinding):
                self.error(
                    el,
                    f"{kind}s can only be used at the top level or in a ref directive",
                    f"a {kind} has no type; remove it from the type directive",
                )
            return
        if ctx is _Ctx.REF:
            if binding.index not in seen:
                self.error(
                    el,
                    f"{kind} '{el.name}' must be bound before it is referenced",
                    f"write '${el.name}' earlier in the format than this 'ref'",
                )
            return
        if everything is not None or binding.index in seen:
            hint = (
                f"'{directive}' already stands for every {kind}"
                if everything is not None
                else f"'${el.name}' is written twice; remove one (a custom directive may take ref(${el.name}))"
            )
            self.error(el, f"{kind} '{el.name}' is already bound", hint)
            return
        seen.add(binding.index)

    def kind_state(self, binding: Binding) -> tuple[str, set[int], FormatNode | None, str]:
        if isinstance(binding, OperandBinding):
            return "operand", self.seen_operands, self.all_operands, "operands"
        if isinstance(binding, RegionBinding):
            return "region", self.seen_regions, self.all_regions, "regions"
        return "successor", self.seen_successors, self.all_successors, "successors"

    def attribute_variable(self, el: VariableElement, binding: AttributeBinding, ctx: _Ctx) -> None:
        if binding.attribute.derived is not None:
            self.error(
                el,
                f"attribute '{el.name}' is derived and cannot be used in the format",
                "a derived attribute is computed from the op, never parsed; remove it",
            )
            return
        if ctx is _Ctx.TYPE:
            self.error(
                el,
                "attributes cannot be used as children to a `type` directive",
                f"write the attribute as '${el.name}'; its type is printed with it",
            )
        elif ctx is _Ctx.REF:
            if binding.index not in self.seen_attrs:
                self.error(
                    el,
                    f"attribute '{el.name}' must be bound before it is referenced",
                    f"write '${el.name}' earlier in the format than this 'ref'",
                )
        elif binding.index in self.seen_attrs:
            self.error(
                el,
                f"attribute '{el.name}' is already bound",
                f"'${el.name}' is written twice; remove one (a custom directive may take ref(${el.name}))",
            )
        else:
            self.seen_attrs.add(binding.index)

    def dict_directive(self, el: FormatNode, ctx: _Ctx) -> None:
        name = "prop-dict" if isinstance(el, PropDictDirective) else "attr-dict"
        seen: FormatNode | None = self.prop_dict if name == "prop-dict" else self.attr_dict
        if ctx is _Ctx.TYPE:
            self.error(
                el, f"'{name}' directive can only be used as a top-level directive", _NOT_TOP_HINT
            )
        elif ctx is _Ctx.REF and name == "prop-dict":
            self.error(
                el,
                "'ref' of 'prop-dict' unsupported",
                "pass 'prop-dict' itself to one custom directive",
            )
        elif ctx is _Ctx.REF:
            if seen is None:
                self.error(
                    el,
                    f"'ref' of '{name}' is not bound by a prior '{name}' directive",
                    f"write '{name}' earlier in the format than this 'ref'",
                )
        elif seen is not None:
            self.error(
                el,
                f"'{name}' directive has already been seen",
                f"a format has one '{name}'; remove this one",
            )
        elif isinstance(el, PropDictDirective):
            self.prop_dict = el
        else:
            assert isinstance(el, AttrDictDirective)
            self.attr_dict = el

    def all_directive(self, el: FormatNode, ctx: _Ctx) -> None:
        if isinstance(el, OperandsDirective):
            kind, attr, seen = "operand", "all_operands", self.seen_operands
        elif isinstance(el, RegionsDirective):
            kind, attr, seen = "region", "all_regions", self.seen_regions
        else:
            kind, attr, seen = "successor", "all_successors", self.seen_successors
        name = f"{kind}s"
        current: FormatNode | None = getattr(self, attr)
        if ctx is _Ctx.TYPE:
            # `type(operands)` is handled by the type directive; only regions and
            # successors get here.
            self.error(el, f"'{name}' is only valid as a top-level directive", _NOT_TOP_HINT)
        elif ctx is _Ctx.REF:
            if current is None:
                self.error(
                    el,
                    f"'ref' of '{name}' is not bound by a prior '{name}' directive",
                    f"write '{name}' earlier in the format than this 'ref'",
                )
        elif current is not None or seen:
            self.error(
                el,
                f"'{name}' directive creates overlap in format",
                f"'{name}' stands for every {kind}; remove it or the single {kind} variables",
            )
        else:
            setattr(self, attr, el)

    def results_directive(self, el: FormatNode, ctx: _Ctx) -> None:
        # Inside a type directive it is handled by `type_arg`.
        self.error(
            el,
            "'results' directive can only be used as a child to a 'type' directive",
            "write the result types with 'type(results)'",
        )

    def type_directive(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, TypeDirective)
        if ctx is _Ctx.TYPE:
            self.error(
                el,
                "'type' cannot be used as a child of another `type`",
                "write the variable itself: type($name)",
            )
            return
        self.type_arg(el.arg, el, is_ref=ctx is _Ctx.REF)

    def type_arg(self, arg: FormatNode, directive: FormatNode, *, is_ref: bool) -> None:
        """The argument of `type(...)` or of `functional-type(...)`."""
        if isinstance(arg, VariableElement):
            binding = self.resolve(arg)
            if isinstance(binding, OperandBinding | ResultBinding):
                self.value_type(arg, binding, directive, is_ref=is_ref)
            elif binding is not None:
                self.variable(arg, _Ctx.TYPE)
            return
        if isinstance(arg, OperandsDirective | ResultsDirective):
            self.all_types(arg, directive, is_ref=is_ref)
            return
        # Anything else is out of place inside a type directive; its handler says why.
        self.element(arg, _Ctx.TYPE)

    def value_type(
        self,
        arg: VariableElement,
        binding: OperandBinding | ResultBinding,
        directive: FormatNode,
        *,
        is_ref: bool,
    ) -> None:
        if isinstance(binding, OperandBinding):
            seen, everything = self.operand_type_directive, self.all_operand_types
        else:
            seen, everything = self.result_type_directive, self.all_result_types
        bound = everything is not None or binding.index in seen
        if is_ref:
            if not bound:
                self.error(
                    directive,
                    f"'ref' of 'type(${arg.name})' is not bound by a prior 'type' directive",
                    f"write 'type(${arg.name})' earlier in the format than this 'ref'",
                )
        elif bound:
            self.error(
                directive,
                f"'type' of '{arg.name}' is already bound",
                f"the type of '{arg.name}' is already written; remove this directive",
            )
        else:
            seen[binding.index] = directive

    def all_types(
        self, arg: OperandsDirective | ResultsDirective, directive: FormatNode, *, is_ref: bool
    ) -> None:
        operands = isinstance(arg, OperandsDirective)
        name = "operands" if operands else "results"
        everything = self.all_operand_types if operands else self.all_result_types
        seen = self.operand_type_directive if operands else self.result_type_directive
        if is_ref:
            if everything is None:
                self.error(
                    directive,
                    f"'ref' of 'type({name})' is not bound by a prior 'type' directive",
                    f"write 'type({name})' earlier in the format than this 'ref'",
                )
        elif everything is not None or seen:
            self.error(
                directive,
                f"'{name}' 'type' is already bound",
                f"'type({name})' writes every {name[:-1]} type; remove it or the single type directives",
            )
        elif operands:
            self.all_operand_types = directive
        else:
            self.all_result_types = directive

    def functional_type(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, FunctionalTypeDirective)
        if ctx is not _Ctx.TOP:
            self.error(
                el, "'functional-type' is only valid as a top-level directive", _NOT_TOP_HINT
            )
            return
        self.type_arg(el.inputs, el, is_ref=False)
        self.type_arg(el.results, el, is_ref=False)

    def qualified(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, QualifiedDirective)
        self.element(el.arg, ctx)
        target = _unqualified(el.arg)
        if isinstance(target, TypeDirective):
            return
        # An unknown variable has been reported already.
        if isinstance(target, VariableElement) and (
            target not in self.bindings or isinstance(self.bindings[target], AttributeBinding)
        ):
            return
        self.error(
            el,
            "'qualified' directive expects an attribute or a `type` directive",
            "write qualified($attribute) or qualified(type($value))",
        )

    def ref(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, RefDirective)
        if ctx is not _Ctx.CUSTOM:
            self.error(
                el,
                "'ref' is only valid within a `custom` directive",
                "ref(...) passes an already bound entity to custom<...>(...)",
            )
            return
        self.element(el.arg, _Ctx.REF)

    def custom(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, CustomDirective)
        if ctx is not _Ctx.TOP:
            self.error(
                el,
                "`custom` can only be used at the top-level context or within a `struct` directive",
                _NOT_TOP_HINT,
            )
            return
        for arg in el.args:
            self.element(arg, _Ctx.CUSTOM)
        for arg in el.args:
            target = _unqualified(arg)
            if id(arg) in self.reported or id(target) in self.reported:
                continue
            if isinstance(target, TypeDirective):
                if not isinstance(target.arg, VariableElement):
                    self.error(
                        arg,
                        "type directives within a custom directive may only refer to variables",
                        "pass the types one by one: type($name)",
                    )
            elif not isinstance(
                target,
                AttrDictDirective
                | PropDictDirective
                | VariableElement
                | RefDirective
                | StringElement,
            ):
                self.error(
                    arg,
                    "only variables and types may be used as parameters to a custom directive",
                    "pass $variables, type($variable), ref(...), attr-dict, prop-dict or a "
                    '"string"',
                )

    def optional_group(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, OptionalGroup)
        if ctx is not _Ctx.TOP:
            self.error(
                el,
                "optional groups can only be used as top-level elements",
                _NOT_TOP_HINT,
            )
            return
        for child in el.then_elements + el.else_elements:
            self.element(child, _Ctx.TOP)
        if el.anchor is None:
            self.error(
                el,
                "optional group has no anchor element",
                "mark the element whose presence decides the group with '^', e.g. ($value^ ...)?",
            )
            return
        for child in el.then_elements:
            self.group_element(child, child is el.anchor)
        for child in el.else_elements:
            self.group_element(child, False)
        first = next((e for e in el.then_elements if not _is_whitespace(e)), None)
        target = _unqualified(first) if first is not None else None
        if not isinstance(target, LiteralElement | VariableElement | CustomDirective):
            self.error(
                first if first is not None else el,
                "first parsable element of an optional group must be a literal, variable, or "
                "custom directive",
                "start the group with a literal keyword or with the anchor variable",
            )

    def group_element(self, el: FormatNode, is_anchor: bool) -> None:
        target = _unqualified(el)
        if id(el) in self.reported or id(target) in self.reported:
            return
        if isinstance(target, VariableElement):
            self.group_variable(target, is_anchor)
        elif isinstance(target, TypeDirective):
            self.group_element(target.arg, False)
        elif isinstance(target, FunctionalTypeDirective):
            self.group_element(target.inputs, False)
            self.group_element(target.results, False)
        elif isinstance(target, CustomDirective):
            if is_anchor:
                for arg in target.args:
                    if not isinstance(arg, RefDirective):
                        self.group_element(arg, True)
        elif isinstance(target, LiteralElement | OptionalGroup):
            if is_anchor:
                self.error(
                    el,
                    "only variables and types can be used to anchor an optional group",
                    "anchor the group on an optional operand or attribute, a region, or a "
                    "type directive",
                )
        else:
            self.error(
                el,
                "only literals, types, and variables can be used within an optional group",
                "move it out of the optional group",
            )

    def group_variable(self, el: VariableElement, is_anchor: bool) -> None:
        binding = self.bindings.get(el)
        if isinstance(binding, AttributeBinding):
            if is_anchor and not _attr_may_be_absent(binding.attribute):
                self.error(
                    el,
                    "only optional or default-valued attributes can be used to anchor an "
                    "optional group",
                    f"make '{el.name}' an OptionalAttr or DefaultValuedAttr, or anchor the "
                    "group on something else",
                )
        elif isinstance(binding, OperandBinding | ResultBinding):
            if not binding.is_variable_length:
                kind = "operand" if isinstance(binding, OperandBinding) else "result"
                self.error(
                    el,
                    f"only variable length {kind}s can be used within an optional group",
                    f"'{el.name}' is always present; move it out of the group, or make it "
                    "Optional<...> or Variadic<...>",
                )
        elif isinstance(binding, SuccessorBinding):
            self.error(
                el,
                "only literals, types, and variables can be used within an optional group",
                "a successor is always present; move it out of the optional group",
            )

    def oilist(self, el: FormatNode, ctx: _Ctx) -> None:
        assert isinstance(el, OIList)
        first: dict[str, LiteralElement] = {}
        for clause in el.clauses:
            self.element(clause.literal, ctx)
            for child in clause.elements:
                self.element(child, ctx)
            for var in _collect_variables(clause.elements):
                self.oilist_variable(var)
            spelling = clause.literal.spelling
            if spelling in first and not clause.literal.is_whitespace:
                self.error(
                    clause.literal,
                    f"format ambiguity because {spelling} starts two clauses of the same oilist",
                    "give each clause its own keyword",
                )
            first.setdefault(spelling, clause.literal)

    def oilist_variable(self, el: VariableElement) -> None:
        binding = self.bindings.get(el)
        if isinstance(binding, AttributeBinding):
            if not _attr_may_be_absent(binding.attribute):
                self.error(
                    el,
                    "only optional attributes can be used in an oilist parsing group",
                    f"make '{el.name}' an OptionalAttr, UnitAttr or DefaultValuedAttr",
                )
        elif isinstance(binding, OperandBinding | ResultBinding):
            if not binding.is_variable_length:
                kind = "operand" if isinstance(binding, OperandBinding) else "result"
                self.error(
                    el,
                    f"only variable length {kind}s can be used within an oilist parsing group",
                    f"a clause may be absent; make '{el.name}' Optional<...> or Variadic<...>",
                )
        elif isinstance(binding, SuccessorBinding):
            self.error(
                el,
                "only literals, types, and variables can be used within an oilist group",
                "a successor is always present; move it out of the oilist",
            )

    # -- the whole format ------------------------------------------------------------

    def verify(self) -> None:
        if self.attr_dict is None:
            self.error(
                None,
                "'attr-dict' directive not found in custom assembly format",
                "add 'attr-dict' (or 'attr-dict-with-keyword' when a region follows it)",
            )
        self.coverage()
        elements = self.fmt.elements
        self.adjacent(elements, self.colon_base, self.colon_after)
        self.adjacent(elements, _attr_dict_base, self.region_after)
        self.oilist_neighbours(elements)

    def coverage(self) -> None:
        op = self.op
        groups: tuple[tuple[str, list[str], set[int], FormatNode | None, str], ...] = (
            (
                "operand",
                [o.name for o in op.operands],
                self.seen_operands,
                self.all_operands,
                "operands",
            ),
            (
                "region",
                [r.name for r in op.regions],
                self.seen_regions,
                self.all_regions,
                "regions",
            ),
            (
                "successor",
                [s.name for s in op.successors],
                self.seen_successors,
                self.all_successors,
                "successors",
            ),
        )
        for kind, names, seen, everything, directive in groups:
            if everything is not None:
                continue
            for index, name in enumerate(names):
                if index not in seen:
                    self.error(
                        None,
                        f"{kind} #{index}, named '{name}', not found",
                        f"suggest adding a '${name}' directive to the custom assembly format"
                        if name
                        else f"an unnamed {kind} is written with the '{directive}' directive",
                    )
        resolver = self.type_resolvers()
        self.operand_sources = [self.operand_type(i, resolver) for i in range(len(op.operands))]
        self.result_sources = self.result_type_sources(resolver)

    def operand_type(self, index: int, resolver: dict[str, TypeSource]) -> TypeSource | None:
        operand = self.op.operands[index]
        directive = self.all_operand_types or self.operand_type_directive.get(index)
        if directive is not None:
            return TypeSource("directive", directive=directive)
        if operand.name in resolver:
            return resolver[operand.name]
        built = buildable_type(operand.type, self.dialect)
        if built is not None and not (self.all_operands and operand.variadicity != "single"):
            return TypeSource("buildable", buildable=built)
        self.type_error("operand", index, operand.name)
        return None

    def result_type_sources(self, resolver: dict[str, TypeSource]) -> list[TypeSource | None]:
        op = self.op
        if self.all_result_types is not None:
            return [TypeSource("directive", directive=self.all_result_types) for _ in op.results]
        if op.results and not self.result_type_directive and self.infers_types():
            return [TypeSource("interface", trait="InferTypeOpInterface") for _ in op.results]
        out: list[TypeSource | None] = []
        for index, result in enumerate(op.results):
            directive = self.result_type_directive.get(index)
            built = buildable_type(result.type, self.dialect)
            if directive is not None:
                out.append(TypeSource("directive", directive=directive))
            elif result.name in resolver:
                out.append(resolver[result.name])
            elif built is not None and result.variadicity == "single":
                out.append(TypeSource("buildable", buildable=built))
            else:
                self.type_error("result", index, result.name)
                out.append(None)
        return out

    def infers_types(self) -> bool:
        """Whether the op implements `InferTypeOpInterface` (maybe through
        `DeclareOpInterfaceMethods`, or an interface derived from it)."""
        # Imported here: the interfaces module reads the model, as this one does.
        from generator.spec.interfaces import (
            BUILTIN_INTERFACES,
            dialect_interfaces,
            implementations,
        )

        known = dialect_interfaces(self.dialect) if self.dialect is not None else BUILTIN_INTERFACES
        return any(
            impl.interface.def_name == "InferTypeOpInterface"
            for impl in implementations(self.op.traits, known)
        )

    def type_error(self, kind: str, index: int, name: str) -> None:
        self.error(
            None,
            f"type of {kind} #{index}, named '{name}', is not buildable and a buildable type "
            "cannot be inferred",
            "suggest adding a type constraint to the operation or adding a "
            f"'type(${name})' directive to the custom assembly format",
        )

    def type_resolvers(self) -> dict[str, TypeSource]:
        """Types known from traits (`infer_types`, as mlir-tblgen finds them: later
        traits win), from the operands and results whose types the format writes and
        the attributes it binds."""
        links: dict[str, TypeLink[OperandBinding | ResultBinding | AttributeBinding]]
        links = infer_types(self.op, self.seen_arg)
        return {
            name: TypeSource(
                "trait", trait=link.trait, source=link.source, transform=link.transform
            )
            for name, link in links.items()
        }

    def seen_arg(self, name: str) -> OperandBinding | ResultBinding | AttributeBinding | None:
        """The operand or result whose type the format writes, or attribute it binds."""
        binding = self.lookup(name)
        if isinstance(binding, OperandBinding) and binding.index in self.operand_type_directive:
            return binding
        if isinstance(binding, ResultBinding) and binding.index in self.result_type_directive:
            return binding
        if isinstance(binding, AttributeBinding) and binding.index in self.seen_attrs:
            return binding
        return None

    # -- ambiguities -----------------------------------------------------------------

    def colon_base(self, el: FormatNode) -> bool:
        target = _unqualified(el)
        binding = self.bindings.get(target) if isinstance(target, VariableElement) else None
        return isinstance(binding, AttributeBinding) and _generic_attr_storage(
            binding.attribute.type
        )

    def colon_after(self, base: FormatNode, el: FormatNode) -> bool:
        if not (isinstance(el, LiteralElement) and el.spelling == ":"):
            return False
        target = _unqualified(base)
        assert isinstance(target, VariableElement)
        self.error(
            el,
            f"format ambiguity caused by `:` literal found after attribute `{target.name}` "
            "which does not have a buildable type",
            f"'{target.name}' is parsed as any attribute, which may end in ': type'; "
            "separate them by something else, or give the attribute a typed constraint",
        )
        return True

    def region_after(self, base: FormatNode, el: FormatNode) -> bool:
        if not (
            isinstance(el, VariableElement) and isinstance(self.bindings.get(el), RegionBinding)
        ):
            return False
        self.error(
            el,
            f"format ambiguity caused by `attr-dict` directive followed by region `{el.name}`",
            "try using `attr-dict-with-keyword` instead",
        )
        return True

    def adjacent(
        self,
        elements: Sequence[FormatNode],
        is_base: Callable[[FormatNode], bool],
        check: Callable[[FormatNode, FormatNode], bool],
    ) -> None:
        """Check what can directly follow each `is_base` element, as mlir-tblgen does.

        Elements that may print nothing (spacing, `attr-dict`, optional values) are
        looked through; an optional group is looked into (the first element of each
        branch) and through. A base that ends a branch of an optional group is
        checked against what follows the group.
        """
        for index, el in enumerate(elements):
            bases: list[FormatNode] = []
            if is_base(el):
                bases.append(el)
            elif isinstance(el, OptionalGroup):
                self.adjacent(el.then_elements, is_base, check)
                self.adjacent(el.else_elements, is_base, check)
                for branch in (el.then_elements, el.else_elements):
                    if branch and is_base(branch[-1]):
                        bases.append(branch[-1])
            for base in bases:
                self.followers(base, elements[index + 1 :], check)

    def followers(
        self,
        base: FormatNode,
        following: Sequence[FormatNode],
        check: Callable[[FormatNode, FormatNode], bool],
    ) -> None:
        for el in following:
            if check(base, el):
                return
            if isinstance(el, OptionalGroup):
                heads = [b[0] for b in (el.then_elements, el.else_elements) if b]
                if any(check(base, head) for head in heads):
                    return
            elif not self.optionally_parsed(el):
                return

    def optionally_parsed(self, el: FormatNode) -> bool:
        """Whether an element may print nothing, so what follows it can come next."""
        target = _unqualified(el)
        if isinstance(target, LiteralElement):
            return target.is_whitespace
        if isinstance(target, AttrDictDirective):
            return True
        if not isinstance(target, VariableElement):
            return False
        binding = self.bindings.get(target)
        if isinstance(binding, OperandBinding):
            return binding.is_variable_length
        if isinstance(binding, AttributeBinding):
            return _attr_may_be_absent(binding.attribute)
        if isinstance(binding, RegionBinding):
            return binding.region.variadic
        if isinstance(binding, SuccessorBinding):
            return binding.successor.variadic
        return False

    def oilist_neighbours(self, elements: Sequence[FormatNode]) -> None:
        keywords: set[str] = set()
        for el in elements:
            if isinstance(el, OIList):
                spellings = [c.literal for c in el.clauses if not c.literal.is_whitespace]
                for literal in spellings:
                    if literal.spelling in keywords:
                        self.error(
                            literal,
                            f"format ambiguity because {literal.spelling} is used in two "
                            "adjacent oilist elements.",
                            "give the clauses of adjacent oilists different keywords, or "
                            "separate the oilists",
                        )
                keywords |= {literal.spelling for literal in spellings}
            elif isinstance(el, LiteralElement) and not el.is_whitespace:
                if el.spelling in keywords:
                    self.error(
                        el,
                        f"format ambiguity because {el.spelling} is used both in oilist "
                        "element and the adjacent literal.",
                        "use another keyword for the literal or for the oilist clause",
                    )
                keywords = set()
            else:
                keywords = set()


_HANDLERS: dict[type[FormatNode], Callable[[_Checker, FormatNode, _Ctx], None]] = {
    LiteralElement: _Checker.literal,
    StringElement: _Checker.string,
    VariableElement: _Checker.variable,
    AttrDictDirective: _Checker.dict_directive,
    PropDictDirective: _Checker.dict_directive,
    OperandsDirective: _Checker.all_directive,
    RegionsDirective: _Checker.all_directive,
    SuccessorsDirective: _Checker.all_directive,
    ResultsDirective: _Checker.results_directive,
    TypeDirective: _Checker.type_directive,
    FunctionalTypeDirective: _Checker.functional_type,
    QualifiedDirective: _Checker.qualified,
    RefDirective: _Checker.ref,
    CustomDirective: _Checker.custom,
    OptionalGroup: _Checker.optional_group,
    OIList: _Checker.oilist,
}


def _attr_dict_base(el: FormatNode) -> bool:
    return isinstance(el, AttrDictDirective) and not el.with_keyword


def _unqualified(el: FormatNode) -> FormatNode:
    while isinstance(el, QualifiedDirective):
        el = el.arg
    return el


def _is_whitespace(el: FormatNode) -> bool:
    return isinstance(el, LiteralElement) and el.is_whitespace


def _collect_variables(elements: Sequence[FormatNode]) -> Iterator[VariableElement]:
    """The variables an oilist clause parses (not those only typed or referenced)."""
    for el in elements:
        target = _unqualified(el)
        if isinstance(target, VariableElement):
            yield target
        elif isinstance(target, CustomDirective):
            yield from _collect_variables(target.args)
        elif isinstance(target, OptionalGroup):
            yield from _collect_variables(target.then_elements + target.else_elements)
        elif isinstance(target, FunctionalTypeDirective):
            yield from _collect_variables((target.inputs, target.results))
        elif isinstance(target, OIList):
            for clause in target.clauses:
                yield from _collect_variables(clause.elements)


_SINGLE_CHAR_LITERALS = "_:,=<>()[]{}?+-*"


def literal_problem(value: str) -> str | None:
    """Why a literal is not valid, in mlir-tblgen's words; None when it is."""
    if len(value) == 1:
        if (value.isascii() and value.isalpha()) or value in _SINGLE_CHAR_LITERALS:
            return None
        return f"single character literal must be a letter or one of '{_SINGLE_CHAR_LITERALS}'"
    if value in ("->", "..."):
        return None
    if not _is_ident_start(value[0]):
        return "valid keyword starts with a letter or '_'"
    if not all(c.isascii() and (c.isalnum() or c in "_$.") for c in value[1:]):
        return "keywords should contain only alphanum, '_', '$', or '.' characters"
    return None


def node_span(node: FormatNode) -> int:
    """How many characters of the spec the caret line underlines for a node."""
    if isinstance(node, VariableElement):
        return len(node.name) + 1
    if isinstance(node, LiteralElement):
        return len(node.spelling) + 2
    return 0


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------


def _op_name(op: OpDef, dialect: DialectDef | None) -> str | None:
    return f"{dialect.name}.{op.mnemonic}" if dialect is not None else None


def parse_op_format(op: OpDef, dialect: DialectDef | None = None) -> AssemblyFormat | None:
    """Parse an op's format (declarative or legacy), positions mapped to the spec.

    None when the op has no format. Raises `FormatSpecError` on a syntax error.
    """
    return _parse_op_format(op, dialect)[0]


def _parse_op_format(
    op: OpDef, dialect: DialectDef | None
) -> tuple[AssemblyFormat | None, Diagnostic | None]:
    """The parsed format and the note that ties its diagnostics to the op, if any."""
    source = op.assembly_format
    if source is None:
        return None, None
    origin = _origin(source)
    note = None
    if origin.inherited and op.loc is not None:
        note = Diagnostic(Severity.NOTE, op.loc, "in custom assembly format for this operation")
    try:
        if is_legacy_format(source.text):
            fmt = lower_legacy_format(
                source.text,
                op_name=_op_name(op, dialect),
                result_names=[r.name for r in op.results],
                loc_at=origin.loc_at,
            )
        else:
            fmt = parse_format(source.text, origin.loc_at)
    except FormatSpecError as error:
        if note is not None:
            for diag in error.diagnostics:
                diag.notes.append(note)
        raise
    return fmt, note


def _check(op: OpDef, dialect: DialectDef | None) -> tuple[_Checker | None, list[SpecDiagnostic]]:
    try:
        fmt, note = _parse_op_format(op, dialect)
    except FormatSpecError as error:
        return None, list(error.diagnostics)
    if fmt is None:
        return None, []
    checker = _Checker(fmt, op, dialect, note)
    checker.run()
    return checker, sort_diagnostics(checker.errors)


def check_op_format(op: OpDef, dialect: DialectDef | None = None) -> list[SpecDiagnostic]:
    """Every problem of an op's assembly format, sorted by position; [] when it is valid.

    `dialect` supplies the op's full name (for the legacy form) and the dialect's
    types (a type without parameters is buildable).
    """
    return _check(op, dialect)[1]


def resolve_op_format(op: OpDef, dialect: DialectDef | None = None) -> ResolvedFormat | None:
    """The resolved view of an op's format; None when the op has none.

    Raises `FormatSpecError` with every problem when the format is invalid.
    """
    checker, errors = _check(op, dialect)
    if errors:
        raise FormatSpecError(errors)
    if checker is None:
        return None
    assert checker.attr_dict is not None
    operand_types = tuple(s for s in checker.operand_sources if s is not None)
    result_types = tuple(s for s in checker.result_sources if s is not None)
    return ResolvedFormat(
        op=op,
        format=checker.fmt,
        bindings=dict(checker.bindings),
        operand_types=operand_types,
        result_types=result_types,
        attr_dict=checker.attr_dict,
        has_prop_dict=checker.prop_dict is not None,
        all_operands=checker.all_operands is not None,
        all_regions=checker.all_regions is not None,
        all_successors=checker.all_successors is not None,
        bound_attributes=tuple(op.attributes[i].name for i in sorted(checker.seen_attrs)),
    )
