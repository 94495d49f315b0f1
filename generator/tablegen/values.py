"""TableGen values (`Init`s), types, records and the resolution of references.

Values are immutable and compare by structure (a `DefInit` by the identity of
its record), so equal class instantiations can be shared as llvm-tblgen shares
them. `has_vars` says whether a value still mentions an unresolved variable; a
value without any is returned unchanged by `resolve`, which keeps resolution of
large records cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.ir.source import SourceFile

__all__ = [
    "BitInit",
    "BitsInit",
    "DagInit",
    "DefInit",
    "FieldInit",
    "Init",
    "IntInit",
    "ListInit",
    "OpInit",
    "Record",
    "RecordVal",
    "SourcePos",
    "StringInit",
    "Type",
    "UnsetInit",
    "VarBitInit",
    "VarDefInit",
    "VarInit",
    "type_str",
]

#: Where something was written: a file and an offset in its text.
SourcePos = tuple[SourceFile, int]

#: A type: "bit", "int", "string", "code", "dag", ("bits", n), ("list", T),
#: ("rec", class names...) or "?" for a value whose type is not known.
Type = str | tuple[object, ...]


def type_str(t: Type) -> str:
    """A type as TableGen spells it."""
    if isinstance(t, str):
        return t
    if t[0] == "bits":
        return f"bits<{t[1]}>"
    if t[0] == "list":
        return f"list<{type_str(t[1])}>"  # type: ignore[arg-type]
    return "/".join(str(n) for n in t[1:])


class Init:
    """A TableGen value."""

    __slots__ = ()
    has_vars: bool = False

    def __str__(self) -> str:
        return self.as_string()

    def as_string(self) -> str:
        """The value as llvm-tblgen prints it (`getAsString`)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class UnsetInit(Init):
    """`?`."""

    def as_string(self) -> str:
        return "?"


UNSET = UnsetInit()


@dataclass(frozen=True, slots=True)
class BitInit(Init):
    """A single bit."""

    value: bool

    def as_string(self) -> str:
        return "1" if self.value else "0"


@dataclass(frozen=True, slots=True)
class IntInit(Init):
    """A 64-bit integer."""

    value: int

    def as_string(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class StringInit(Init):
    """A string; `code` when written as `[{...}]`."""

    value: str
    code: bool = False
    at: SourcePos | None = field(default=None, compare=False, repr=False)
    """Where the literal was written (its opening `"` or `[{`); None for a string
    computed by an operator. Not part of the value: equal strings are equal."""

    def as_string(self) -> str:
        return f"[{{{self.value}}}]" if self.code else f'"{self.value}"'


@dataclass(frozen=True, slots=True)
class BitsInit(Init):
    """`bits<n>`; `bits[0]` is the least significant bit."""

    bits: tuple[Init, ...]
    has_vars: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_vars", any(b.has_vars for b in self.bits))

    def as_string(self) -> str:
        return "{ " + ", ".join(b.as_string() for b in reversed(self.bits)) + " }"


@dataclass(frozen=True, slots=True)
class ListInit(Init):
    """A list with its element type."""

    items: tuple[Init, ...]
    elem: Type = "?"
    has_vars: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_vars", any(i.has_vars for i in self.items))

    def as_string(self) -> str:
        return "[" + ", ".join(i.as_string() for i in self.items) + "]"


@dataclass(frozen=True, slots=True)
class DagInit(Init):
    """`(op:$name arg:$name, ...)`."""

    op: Init
    name: str | None
    args: tuple[tuple[Init, str | None], ...]
    has_vars: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "has_vars", self.op.has_vars or any(a.has_vars for a, _ in self.args)
        )

    def as_string(self) -> str:
        out = "(" + self.op.as_string()
        if self.name is not None:
            out += ":$" + self.name
        if self.args:
            parts = []
            for value, name in self.args:
                text = value.as_string()
                if name is not None:
                    text += ":$" + name
                parts.append(text)
            out += " " + ", ".join(parts)
        return out + ")"


class Record:
    """A class or a def: named fields in order, superclasses, locations."""

    __slots__ = (
        "anonymous",
        "asserts",
        "at",
        "fields",
        "frozen",
        "inherit_fields",
        "is_class",
        "locs",
        "name",
        "supers",
        "targs",
    )

    def __init__(
        self, name: str, locs: list[str], *, is_class: bool = False, anonymous: bool = False
    ) -> None:
        self.name = name
        self.locs = locs
        self.is_class = is_class
        self.anonymous = anonymous
        self.fields: dict[str, RecordVal] = {}
        #: Qualified names (`Class:arg`) of the template arguments, in order.
        self.targs: list[str] = []
        #: Every superclass, indirect ones first, as llvm-tblgen orders them.
        self.supers: list[Record] = []
        #: (condition, message, location) of each `assert` to check on instantiation.
        self.asserts: list[tuple[Init, Init, object]] = []
        #: Where the record was written: its `def`, or the `Class<` of an anonymous one.
        self.at: SourcePos | None = None
        #: Shared with a saved evaluation state, so never to be changed again.
        self.frozen = False
        #: For a class: its fields that inheriting it must resolve (the evaluator
        #: fills this in when the class is first inherited).
        self.inherit_fields: list[str] | None = None

    def is_subclass_of(self, cls: Record) -> bool:
        """Whether `cls` is one of this record's superclasses."""
        return cls in self.supers

    def __repr__(self) -> str:
        return f"Record({self.name})"


class RecordVal:
    """One field of a record: its type, value and whether it is a `field`.

    `at` is where the value was last given (the `let`, or the field's
    initializer), and `own` whether that was done for this record (its body or
    an enclosing `let`) rather than inherited from a class.
    """

    __slots__ = ("at", "is_field", "name", "own", "type", "value")

    def __init__(self, name: str, type_: Type, value: Init, *, is_field: bool = False) -> None:
        self.name = name
        self.type = type_
        self.value = value
        self.is_field = is_field
        self.at: SourcePos | None = None
        self.own = False

    def copy(self) -> RecordVal:
        """An independent copy (records copy their superclasses' fields)."""
        # Made without `__init__`: a def copies every field of every class it
        # inherits, so this is among the most frequent operations.
        out = _new_record_val(RecordVal)
        out.name = self.name
        out.type = self.type
        out.value = self.value
        out.is_field = self.is_field
        out.at = self.at
        out.own = False
        return out


_new_record_val = object.__new__


@dataclass(frozen=True, slots=True, eq=False)
class DefInit(Init):
    """A reference to a def."""

    rec: Record

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DefInit) and other.rec is self.rec

    def __hash__(self) -> int:
        return id(self.rec)

    def as_string(self) -> str:
        return self.rec.name


@dataclass(frozen=True, slots=True)
class VarInit(Init):
    """A reference to a field, template argument or loop variable not yet known."""

    name: str
    type: Type = "?"
    has_vars: bool = field(default=True, compare=False)

    def as_string(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class VarBitInit(Init):
    """Bit `index` of an unresolved bits value."""

    var: Init
    index: int
    has_vars: bool = field(default=True, compare=False)

    def as_string(self) -> str:
        return f"{self.var.as_string()}{{{self.index}}}"


@dataclass(frozen=True, slots=True)
class FieldInit(Init):
    """`rec.field` whose record is not known yet."""

    rec: Init
    field_name: str
    #: The field's type in the classes `rec` may be (fixed by `rec` and the name).
    type: Type = field(default="?", compare=False)
    has_vars: bool = field(default=True, compare=False)

    def as_string(self) -> str:
        return f"{self.rec.as_string()}.{self.field_name}"


@dataclass(frozen=True, slots=True)
class OpInit(Init):
    """A `!` operator whose operands are not all known yet.

    `bound` names the variables the operator itself binds (the loop variable of
    `!foreach`, ...), which outer substitutions must not replace.
    """

    op: str
    args: tuple[Init, ...]
    type: Type = "?"
    bound: tuple[str, ...] = ()
    has_vars: bool = field(default=True, compare=False)

    def as_string(self) -> str:
        if self.op == "cond":
            pairs = [
                f"{self.args[i].as_string()}: {self.args[i + 1].as_string()}"
                for i in range(0, len(self.args), 2)
            ]
            return "!cond(" + ", ".join(pairs) + ")"
        if self.op in ("listelem", "listslice"):
            # `x[i]` and `x[i, j]` are written with brackets, not as operators.
            return f"{self.args[0].as_string()}[{self.args[1].as_string()}]"
        if self.op in ("cast", "isa", "exists", "getdagop", "instances"):
            return (
                f"!{self.op}<{type_str(self.type)}>("
                + ", ".join(a.as_string() for a in self.args)
                + ")"
            )
        return f"!{self.op}(" + ", ".join(a.as_string() for a in self.args) + ")"


@dataclass(frozen=True, slots=True)
class VarDefInit(Init):
    """`Class<args>` as a value, waiting for its arguments to be known."""

    cls: Record
    args: tuple[tuple[str, Init], ...]
    loc: str = field(default="", compare=False)
    has_vars: bool = field(default=True, compare=False)
    at: SourcePos | None = field(default=None, compare=False, repr=False)
    """Where the first equal value was written (`Class<`), as `loc` says by line."""

    def __hash__(self) -> int:
        return hash((id(self.cls), self.args))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VarDefInit) and other.cls is self.cls and other.args == self.args

    def as_string(self) -> str:
        return f"{self.cls.name}<" + ", ".join(v.as_string() for _, v in self.args) + ">"


#: Looks a variable name up; None leaves the reference as it is.
Lookup = Callable[[str], Init | None]
