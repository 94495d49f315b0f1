"""The syntax tree of a TableGen file, as `parser.py` builds it.

Every node carries `pos`, the offset of its first character in its `SourceFile`
(kept as a plain offset so building the tree stays cheap); the evaluator turns it
into a `SourceLoc` only when it needs one.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.ir.source import SourceFile

__all__ = [
    "AnonClass",
    "Assert",
    "Bang",
    "BitSlice",
    "Bits",
    "Block",
    "ClassDef",
    "Cond",
    "Dag",
    "Decl",
    "Def",
    "Defm",
    "Defset",
    "Deftype",
    "Defvar",
    "Dump",
    "Expr",
    "Field",
    "File",
    "Foreach",
    "Id",
    "If",
    "Include",
    "IntLit",
    "Let",
    "LetItem",
    "ListLit",
    "ListSlice",
    "MultiClass",
    "Paste",
    "RangeExpr",
    "Stmt",
    "StrLit",
    "SubclassRef",
    "TemplateArg",
    "TypeExpr",
    "Unset",
]


@dataclass(slots=True)
class TypeExpr:
    """A type: `kind` is bit, bits, int, string, code, dag, list or class."""

    pos: int
    kind: str
    width: int = 0
    elem: TypeExpr | None = None
    name: str = ""


@dataclass(slots=True)
class IntLit:
    """An integer literal; `bits` is the width of a `0b` literal (0 otherwise)."""

    pos: int
    value: int
    bits: int = 0
    boolean: bool = False


@dataclass(slots=True)
class StrLit:
    """A string (`"..."`, adjacent ones concatenated) or code (`[{...}]`) literal."""

    pos: int
    value: str
    code: bool = False


@dataclass(slots=True)
class Unset:
    """`?`."""

    pos: int


@dataclass(slots=True)
class RangeExpr:
    """`a...b` or `a-b` inside braces or brackets."""

    pos: int
    start: Expr
    end: Expr


@dataclass(slots=True)
class Bits:
    """`{a, b, ...}`: a bits value, or a range list in a `foreach`."""

    pos: int
    items: list[Expr]


@dataclass(slots=True)
class ListLit:
    """`[a, b, ...]` with an optional `<type>` for the elements."""

    pos: int
    items: list[Expr]
    elem: TypeExpr | None
    #: Offset just past the literal (`]`, or the `>` of its type).
    end: int = -1


@dataclass(slots=True)
class DagArg:
    """One dag argument `value:$name`; either part may be absent."""

    value: Expr | None
    name: str | None


@dataclass(slots=True)
class Dag:
    """`(op:$name arg, ...)`."""

    pos: int
    op: DagArg
    args: list[DagArg]


@dataclass(slots=True)
class Id:
    """A bare identifier."""

    pos: int
    name: str


@dataclass(slots=True)
class AnonClass:
    """`Class<args>` as a value: an anonymous record of that class."""

    pos: int
    cls: str
    args: list[Expr | NamedArg]


@dataclass(slots=True)
class NamedArg:
    """`name = value` in a template argument list."""

    pos: int
    name: str
    value: Expr


@dataclass(slots=True)
class Bang:
    """`!op<type>(args)`."""

    pos: int
    op: str
    type: TypeExpr | None
    args: list[Expr]
    #: Offset of the closing `)`, where llvm-tblgen reports a missing operand.
    end: int = -1


@dataclass(slots=True)
class Cond:
    """`!cond(c1: v1, ...)`."""

    pos: int
    clauses: list[tuple[Expr, Expr]]


@dataclass(slots=True)
class Paste:
    """`a # b`; `rhs` None for a trailing `#`."""

    pos: int
    lhs: Expr
    rhs: Expr | None


@dataclass(slots=True)
class BitSlice:
    """`x{...}`."""

    pos: int
    value: Expr
    ranges: list[Expr]


@dataclass(slots=True)
class ListSlice:
    """`x[...]`; a single non-range element is an index."""

    pos: int
    value: Expr
    items: list[Expr]


@dataclass(slots=True)
class Field:
    """`x.name`."""

    pos: int
    value: Expr
    name: str


Expr = (
    IntLit
    | StrLit
    | Unset
    | RangeExpr
    | Bits
    | ListLit
    | Dag
    | Id
    | AnonClass
    | Bang
    | Cond
    | Paste
    | BitSlice
    | ListSlice
    | Field
)


@dataclass(slots=True)
class TemplateArg:
    """A template argument declaration `type name = default`."""

    pos: int
    type: TypeExpr
    name: str
    default: Expr | None


@dataclass(slots=True)
class SubclassRef:
    """`Name<args>` in a superclass list."""

    pos: int
    name: str
    args: list[Expr | NamedArg]


@dataclass(slots=True)
class Decl:
    """A field declaration in a body."""

    pos: int
    field: bool
    type: TypeExpr
    name: str
    value: Expr | None


@dataclass(slots=True)
class LetItem:
    """`name{bits} = value` in a `let`."""

    pos: int
    name: str
    bits: list[Expr] | None
    value: Expr


@dataclass(slots=True)
class Include:
    """`include "file"`."""

    pos: int
    path: str


@dataclass(slots=True)
class ClassDef:
    """`class Name<args> : Supers { body }`."""

    pos: int
    name: str
    args: list[TemplateArg]
    supers: list[SubclassRef]
    body: list[Stmt]


@dataclass(slots=True)
class Def:
    """`def name : Supers { body }`; `name` None for an anonymous def."""

    pos: int
    name: Expr | None
    supers: list[SubclassRef]
    body: list[Stmt]


@dataclass(slots=True)
class Defm:
    """`defm name : Multiclasses, Classes;`."""

    pos: int
    name: Expr | None
    supers: list[SubclassRef]


@dataclass(slots=True)
class MultiClass:
    """`multiclass Name<args> : Supers { stmts }`."""

    pos: int
    name: str
    args: list[TemplateArg]
    supers: list[SubclassRef]
    body: list[Stmt]


@dataclass(slots=True)
class Let:
    """`let a = x, ... in { stmts }` (at top level) or `let a = x;` (in a body)."""

    pos: int
    items: list[LetItem]
    body: list[Stmt]


@dataclass(slots=True)
class Defvar:
    """`defvar name = value;`."""

    pos: int
    name: str
    value: Expr


@dataclass(slots=True)
class Foreach:
    """`foreach name = iter in { stmts }`."""

    pos: int
    name: str
    iter: Expr
    body: list[Stmt]


@dataclass(slots=True)
class If:
    """`if cond then { stmts } else { stmts }`."""

    pos: int
    cond: Expr
    then: list[Stmt]
    orelse: list[Stmt]


@dataclass(slots=True)
class Assert:
    """`assert cond, message;`."""

    pos: int
    cond: Expr
    message: Expr


@dataclass(slots=True)
class Defset:
    """`defset list<T> name = { stmts }`."""

    pos: int
    type: TypeExpr
    name: str
    body: list[Stmt]


@dataclass(slots=True)
class Deftype:
    """`deftype name = type;`."""

    pos: int
    name: str
    type: TypeExpr


@dataclass(slots=True)
class Dump:
    """`dump value;`."""

    pos: int
    value: Expr


@dataclass(slots=True)
class Block:
    """A braced statement list (only while building the tree)."""

    stmts: list[Stmt]


Stmt = (
    Include
    | ClassDef
    | Def
    | Defm
    | MultiClass
    | Let
    | Defvar
    | Foreach
    | If
    | Assert
    | Defset
    | Deftype
    | Dump
    | Decl
    | LetItem
)


@dataclass(slots=True)
class File:
    """A parsed file: its source and its statements."""

    source: SourceFile
    stmts: list[Stmt]
