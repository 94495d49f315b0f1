"""The base classes of the types and attributes that dialect specs define.

What MLIR's `AttrTypeBase.td` and `EnumAttr.td` give an `AttrDef`, `TypeDef` or enum
attribute: a generated class derives from one of these and inherits its uniquing and
how it prints after `#dialect.` or `!dialect.`. `DialectAttr` and `DialectType` are
the plain forms, `ParametricAttr` and `ParametricType` hold parameters read and
written by the code generated from the spec's assembly format (or by its
hand-written parser and printer), `TypedDialectAttr` is an attribute with nothing
but its type, and `EnumAttr` holds a case of a plain or bit enum. The parser and
printer of the textual IR know dialect types and attributes through these classes.

The functions at the end are what the parsers generated from type and attribute
formats share, after MLIR's `FieldParser`s: integers read as MLIR reads them into a
C++ integer of a given width, and the second error MLIR's generated parsers add
when a parameter does not parse.
"""

from __future__ import annotations

import enum
import re
from typing import TYPE_CHECKING, ClassVar, Self

from mypy_extensions import mypyc_attr, trait

from generator.ir.attributes import Attribute
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.types import NoneType, Type
from generator.ir.uniquing import Uniqued, UniqueTable, unique

if TYPE_CHECKING:
    from generator.ir.opasm import AsmParser, AsmPrinter

__all__ = [
    "DialectAttr",
    "DialectType",
    "EnumAttr",
    "Parametric",
    "ParametricAttr",
    "ParametricType",
    "TypedDialectAttr",
    "param_children",
    "param_failure",
    "parse_int_param",
    "parse_optional_int_param",
]


@mypyc_attr(allow_interpreted_subclasses=True)
class DialectAttr(Attribute):
    """A registered dialect's attribute, printed `#dialect.body`.

    Subclasses set `DIALECT` and `MNEMONIC` and implement `body()`, the text after
    `#dialect.`, and `parse_body`, which reads the text after the mnemonic.
    """

    __slots__ = ()

    DIALECT: ClassVar[str] = ""
    MNEMONIC: ClassVar[str] = ""

    def body(self) -> str:
        """The text after `#dialect.`, e.g. `overflow<nsw, nuw>`."""
        raise NotImplementedError

    @classmethod
    def parse_body(cls, text: str) -> Attribute | tuple[int, str]:
        """Parse the text after the mnemonic (`<nsw,nuw>`).

        Returns the attribute, or (offset in `text`, message) for an error.
        """
        raise NotImplementedError


@trait
@mypyc_attr(allow_interpreted_subclasses=True)
class Parametric:
    """What dialect types and attributes with parameters share (`ParametricType`,
    `ParametricAttr`): the parameters, uniquing by class and parameters, and the
    spec's parser and printer.

    Generated subclasses give a typed `get`, an accessor per parameter, `parse`,
    which reads what follows the mnemonic with the parser's API, and `params_text`,
    which returns it (through `print_params`, for a spec's hand-written printer).
    Those are declared on each class rather than here: compiled code calls them
    through the class, where a generated subclass's override is found.
    """

    __slots__ = ()

    params: tuple[object, ...]
    _cache: ClassVar[UniqueTable[tuple[type, tuple[object, ...]], Parametric]] = UniqueTable()

    def __init__(self, params: tuple[object, ...]) -> None:
        """Store `params` (in the slot of the type or attribute class)."""
        raise NotImplementedError

    @classmethod
    def unique(cls, params: tuple[object, ...]) -> Self:
        """The one value of this class with these parameters."""
        key = (cls, params)
        found = Parametric._cache.get(key)
        if found is None:
            made: Parametric = cls(params)
            found = unique(Parametric._cache, key, made)
        assert isinstance(found, cls)
        return found


@mypyc_attr(allow_interpreted_subclasses=True)
class ParametricAttr(DialectAttr, Parametric):
    """A dialect attribute with parameters, printed `#dialect.mnemonic<...>`.

    `ALIAS`, when set, is the alias name the printer gives it (ODS's `asmAlias`, or
    the mnemonic with `genMnemonicAlias`), as in `#tbaa_root = #llvm.tbaa_root<...>`.
    `SELF_TYPE_INDEX`, when not -1, is the position of the parameter that is the
    attribute's own type (an `AttributeSelfTypeParameter`, MLIR's `TypedAttr`), which
    is printed after the body: `#complex.number<:f32 1.0, 2.0> : complex<f32>`.
    """

    __slots__ = ("params",)

    ALIAS: ClassVar[str | None] = None
    SELF_TYPE_INDEX: ClassVar[int] = -1

    def __init__(self, params: tuple[object, ...]) -> None:
        super().__init__(has_alias_parts=self.ALIAS is not None or _params_have_alias_parts(params))
        self.params = params

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read the text after the mnemonic (generated from the spec's format or parser)."""
        raise NotImplementedError

    def print_params(self) -> str:
        """The text after the mnemonic, as the spec's hand-written printer gives it."""
        raise NotImplementedError

    def params_text(self, p: AsmPrinter) -> str:
        """The text after the mnemonic, printed with `p` (so nested attributes print
        through their aliases): generated from the spec's assembly format, or the
        spec's printer (`print_params`)."""
        return self.print_params()

    def body(self) -> str:
        """The mnemonic and the parameters' text, outside any module."""
        from generator.ir.printer import Printer

        return self.MNEMONIC + self.params_text(Printer())

    def self_type(self) -> Type | None:
        """The attribute's own type (its `SELF_TYPE_INDEX` parameter), or None."""
        index = self.SELF_TYPE_INDEX
        if index < 0:
            return None
        found = self.params[index]
        return found if isinstance(found, Type) else None


@mypyc_attr(allow_interpreted_subclasses=True)
class TypedDialectAttr(DialectAttr):
    """A dialect attribute with nothing but its own type: `#dialect.mnemonic : type`.

    ODS spells it as an `AttrDef` whose one parameter is an
    `AttributeSelfTypeParameter` and whose assembly format is empty. `ALIAS`,
    when set, is the alias name the printer gives it (MLIR's
    `OpAsmDialectInterface::getAlias`), as in `#extern = #ml_program.extern : i32`.
    """

    __slots__ = ("type",)

    ALIAS: ClassVar[str | None] = None
    _cache: ClassVar[UniqueTable[tuple[type, Type], TypedDialectAttr]] = UniqueTable()

    def __init__(self, type_: Type) -> None:
        super().__init__(has_alias_parts=self.ALIAS is not None or type_.has_alias_parts)
        self.type = type_

    @classmethod
    def get(cls, type_: Type) -> Self:
        """The attribute of this class with type `type_`."""
        key = (cls, type_)
        a = TypedDialectAttr._cache.get(key)
        if a is None:
            made: TypedDialectAttr = cls(type_)
            a = unique(TypedDialectAttr._cache, key, made)
        assert isinstance(a, cls)
        return a

    def body(self) -> str:
        """The mnemonic; the printer adds ` : type`."""
        return self.MNEMONIC

    @classmethod
    def parse_body(cls, text: str) -> Attribute | tuple[int, str]:
        """Nothing may follow the mnemonic; the parser reads ` : type` and calls `get`."""
        if text:
            return 0, f"unexpected '{text[0]}' after #{cls.DIALECT}.{cls.MNEMONIC}"
        return cls.get(NoneType.get())


@mypyc_attr(allow_interpreted_subclasses=True)
class DialectType(Type):
    """A type a dialect spec defines without parameters, printed `!dialect.mnemonic`."""

    __slots__ = ()

    DIALECT: ClassVar[str] = ""
    MNEMONIC: ClassVar[str] = ""
    _instances: ClassVar[UniqueTable[type, DialectType]] = UniqueTable()

    @classmethod
    def get(cls) -> Self:
        """The one type of this class."""
        t = DialectType._instances.get(cls)
        if t is None:
            made: DialectType = cls()
            t = unique(DialectType._instances, cls, made)
        assert isinstance(t, cls)
        return t

    def body(self) -> str:
        """The text after `!dialect.`."""
        return self.MNEMONIC


@mypyc_attr(allow_interpreted_subclasses=True)
class ParametricType(Type, Parametric):
    """A dialect type with parameters, printed `!dialect.mnemonic<...>`."""

    __slots__ = ("params",)

    DIALECT: ClassVar[str] = ""
    MNEMONIC: ClassVar[str] = ""

    def __init__(self, params: tuple[object, ...]) -> None:
        super().__init__(has_alias_parts=_params_have_alias_parts(params))
        self.params = params

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read the text after the mnemonic (generated from the spec's format or parser)."""
        raise NotImplementedError

    def print_params(self) -> str:
        """The text after the mnemonic, as the spec's hand-written printer gives it."""
        raise NotImplementedError

    def params_text(self, p: AsmPrinter) -> str:
        """The text after the mnemonic, printed with `p` (so nested attributes print
        through their aliases): generated from the spec's assembly format, or the
        spec's printer (`print_params`)."""
        return self.print_params()


#: A case spelling: a keyword, or a string literal (MLIR's `parseKeywordOrString`).
_WORD = re.compile(r'([A-Za-z_][A-Za-z0-9_$.]*)|"([^"\\\n]*)"')


@mypyc_attr(allow_interpreted_subclasses=True)
class EnumAttr(DialectAttr):
    """An attribute holding a case of an enum, printed `#dialect.mnemonic<case>`, or
    `#dialect<mnemonic case>` when not `BRACKETED`.

    Subclasses set `ENUM` (a Python `enum.IntEnum` or, for bit enums,
    `enum.IntFlag`), `ENUM_NAME` (named in parse errors), and for bit enums the
    case spellings: `KEYWORDS` maps each spelling to its mask, `GROUPS` lists the
    group cases printed first (MLIR's `printBitEnumPrimaryGroups`), and
    `SEPARATOR` joins the spellings.
    """

    __slots__ = ("value",)

    ENUM: ClassVar[type[enum.IntEnum] | type[enum.IntFlag]]
    ENUM_NAME: ClassVar[str] = ""
    IS_BIT_ENUM: ClassVar[bool] = False
    KEYWORDS: ClassVar[dict[str, int]] = {}
    GROUPS: ClassVar[tuple[tuple[str, int], ...]] = ()
    BITS: ClassVar[tuple[tuple[str, int], ...]] = ()
    SEPARATOR: ClassVar[str] = ", "
    #: Whether the case is written in angle brackets after the mnemonic
    #: (`#arith.fastmath<fast>`, the format "`<` $value `>`") or after a space
    #: (`#index<cmp_predicate slt>`, the format "$value").
    BRACKETED: ClassVar[bool] = True
    _instances: ClassVar[UniqueTable[int, EnumAttr]]
    _spellings: ClassVar[dict[int, str]]
    #: The bits of every case of a bit enum, or'ed together.
    _all_bits: ClassVar[int]

    def __init__(self, value: int) -> None:
        super().__init__()
        self.value = value

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._instances = UniqueTable()
        cls._spellings = {mask: word for word, mask in reversed(cls.KEYWORDS.items())}
        all_bits = 0
        for mask in cls.KEYWORDS.values():
            all_bits |= mask
        cls._all_bits = all_bits

    @classmethod
    def get(cls, value: int | enum.Enum) -> Self:
        """The unique attribute holding `value` (an enum member or its integer): a case
        of the enum, or for a bit enum, cases or'ed together."""
        raw = int(value.value if isinstance(value, enum.Enum) else value)
        a = cls._instances.get(raw)
        if a is None:
            if cls.IS_BIT_ENUM:
                valid = raw >= 0 and not raw & ~cls._all_bits
            else:
                valid = raw in cls._spellings
            if not valid:
                cases = ", ".join(f"{word} = {mask}" for word, mask in cls.KEYWORDS.items())
                what = "a combination of the cases" if cls.IS_BIT_ENUM else "one of the cases"
                raise ValueError(
                    f"{raw} is not a valid {cls.ENUM.__name__}: expected {what} {cases}"
                )
            made: EnumAttr = cls(raw)
            a = unique(cls._instances, raw, made)
        return a  # type: ignore[return-value]

    @property
    def case(self) -> enum.Enum:
        """The value as a member of `ENUM`."""
        return self.ENUM(self.value)

    def case_text(self) -> str:
        """The spelling of the value (inside `<...>` when `BRACKETED`)."""
        value = self.value
        if not self.IS_BIT_ENUM or value == 0:
            return self._spellings.get(value, str(value))
        words: list[str] = []
        for word, mask in self.GROUPS:
            if value & mask == mask:
                words.append(word)
                value &= ~mask
        words.extend(word for word, mask in self.BITS if value & mask)
        return self.SEPARATOR.join(words)

    def body(self) -> str:
        """`mnemonic<case>`, or `mnemonic case` when not `BRACKETED`."""
        if self.BRACKETED:
            return f"{self.MNEMONIC}<{self.case_text()}>"
        return f"{self.MNEMONIC} {self.case_text()}"

    @classmethod
    def parse_body(cls, text: str) -> Attribute | tuple[int, str]:
        """Parse what follows the mnemonic: `<case>` (bit enums: spellings joined by
        the separator), or ` case` when not `BRACKETED`."""
        if not cls.BRACKETED:
            parsed, _ = cls.parse_cases(text, 0, len(text))
            return parsed
        if not text.startswith("<") or not text.endswith(">"):
            return 0, "expected '<'"
        parsed, pos = cls.parse_cases(text, 1, len(text) - 1)
        if isinstance(parsed, tuple):
            return parsed
        if pos < len(text) - 1:
            # Reported just after the last case, as MLIR reports a wrong token.
            return len(text[:pos].rstrip()), "expected '>'"
        return parsed

    @classmethod
    def parse_cases(cls, text: str, pos: int, end: int) -> tuple[Attribute | tuple[int, str], int]:
        """Parse the case spellings in `text[pos:end]`: a keyword or string, or for a
        bit enum several joined by the separator's `,` or `|`.

        Returns the attribute, or (offset in `text`, message), and the offset after
        the last spelling read; what follows is the caller's to check.
        """
        names = cls.KEYWORDS
        expected = f"expected {cls.ENUM_NAME} to be one of: " + ", ".join(names)
        separator = cls.SEPARATOR.strip() if cls.IS_BIT_ENUM else ""
        value = 0
        first: int | None = None
        while True:
            while pos < end and text[pos] in " \t\n\r":
                pos += 1
            if first is None:
                first = pos
            m = _WORD.match(text, pos, end)
            if m is None:
                return (pos, "expected valid keyword or string"), pos
            word = m.group(1) if m.group(1) is not None else m.group(2)
            mask = names.get(word)
            if mask is None:
                # MLIR reads every spelling, then looks the set up: an unknown one is
                # reported where the cases start (`fastmath<fast,wrong>` at `fast`).
                return (first, expected), pos
            value |= mask
            pos = m.end()
            while pos < end and text[pos] in " \t\n\r":
                pos += 1
            if not separator or not text.startswith(separator, pos):
                break
            pos += len(separator)
        return cls.get(value), pos


def _params_have_alias_parts(params: tuple[object, ...]) -> bool:
    """Whether a parameter (or an element of an array parameter) may print an alias."""
    for value in params:
        if isinstance(value, Uniqued):
            if value.has_alias_parts:
                return True
        elif isinstance(value, tuple) and _params_have_alias_parts(value):
            return True
    return False


def param_children(params: tuple[object, ...]) -> list[Attribute | Type]:
    """The attributes and types among parameters (array parameters flattened), in
    order: what the printer visits for aliases."""
    out: list[Attribute | Type] = []
    for value in params:
        if isinstance(value, (Attribute, Type)):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(param_children(value))
    return out


def param_failure(p: AsmParser, error: DiagnosticError, message: str) -> DiagnosticError:
    """The diagnostics of `error` and the one MLIR's generated parsers add at the current
    token when a parameter does not parse (`failed to parse X parameter 'y' which is to
    be a ...`), as a new error to raise."""
    added = Diagnostic(Severity.ERROR, p.loc_at(p.current_pos()), message)
    return DiagnosticError([*error.diagnostics, added])


def parse_optional_int_param(p: AsmParser, bits: int, signed: bool) -> int | None:
    """An integer if one comes next, as MLIR's `parseOptionalInteger` reads it into a
    C++ integer of `bits` bits (0: an `APInt`, any value): decimal or hexadecimal,
    possibly negative, or `true`/`false` (`true` is the one-bit 1, so all ones). A
    value that does not fit is `integer value too large`, reported at the integer
    after reading it; an unsigned integer takes a negative value modulo 2**bits, as
    the C++ conversion does. In an op's custom form (a case value, a stripped
    attribute's parameter) errors start with `custom op 'name'`, as MLIR's do."""
    pos = p.current_pos()
    if bits and p.consume_keyword("true"):
        # MLIR reads `true` as the one-bit integer 1, which sign-extends to all ones.
        return -1 if signed else (1 << bits) - 1
    value = p.parse_optional_integer()
    if value is None or not bits:
        return value
    half = 1 << (bits - 1)
    if not -half <= value < (half if signed else 2 * half):
        p.op_error(pos, "integer value too large")
    return value if signed or value >= 0 else value + 2 * half


def parse_int_param(p: AsmParser, bits: int, signed: bool) -> int:
    """An integer that must come next (`expected integer value`), as MLIR's
    `parseInteger` reads it into a C++ integer (see `parse_optional_int_param`)."""
    pos = p.current_pos()
    value = parse_optional_int_param(p, bits, signed)
    if value is None:
        p.op_error(pos, "expected integer value")
    return value
