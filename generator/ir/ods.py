"""Algorithms shared by the generated op classes, kept once here.

Generated code is specialized per op (straight-line verifiers, accessors and
builders), but some steps are the same for every op and live here, as MLIR keeps
them in its support library:

- properties: reading and replacing one inherent attribute of an op, and
  adopting the inherent attributes of a parsed generic op (`<{...}>` plus the
  inherent names found in its attribute dictionary), with MLIR's messages;
- operand and result groups: the sizes of variadic groups, from
  `operandSegmentSizes`-style attributes or from the number of values;
- type helpers used by generated constraint functions (`element_type_or_self`,
  `is_typed_attr`);
- dialect attributes that hold an enum case, printed `#dialect.mnemonic<case>`
  (MLIR's `EnumAttr`), for plain and bit enums.

Op traits and their checks are classes in `generator.ir.traits`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Self, TypeVar

from generator.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    DenseResourceElementsAttr,
    DenseStringElementsAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    OpaqueAttr,
    SparseElementsAttr,
    StringAttr,
)
from generator.ir.context import Context
from generator.ir.core import Operation
from generator.ir.types import (
    DYNAMIC,
    IntegerType,
    NoneType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    VectorType,
)

if TYPE_CHECKING:
    from generator.ir.core import Value
    from generator.ir.parser import Parser

__all__ = [
    "EMPTY_DICT",
    "DialectAttr",
    "DialectType",
    "EnumAttr",
    "OdsOp",
    "ParametricAttr",
    "ParametricType",
    "TypedDialectAttr",
    "VerifyMessage",
    "adopt_properties",
    "attr_int",
    "attr_string",
    "attr_type",
    "broadcast_shapes",
    "compatible_shapes",
    "container_element_or_self",
    "dialect_attr_parser",
    "dialect_has_attrs",
    "dialect_has_types",
    "dialect_type_parser",
    "element_type_or_self",
    "emit_error",
    "emit_op_error",
    "get_property",
    "group_sizes",
    "i1_same_shape",
    "is_default_property",
    "is_elements_attr",
    "is_signless_int_elements",
    "is_typed_attr",
    "must",
    "optional_property",
    "parametric_type_parser",
    "property_dict",
    "register_dialect_attr",
    "register_dialect_type",
    "register_parametric_type",
    "register_unknown_type_message",
    "required_property",
    "segment_sizes",
    "set_property",
    "tensor_dims",
    "typed_attr_type",
    "unknown_type_message",
]

_EMPTY: tuple[tuple[str, Attribute], ...] = ()
_A = TypeVar("_A", bound=Attribute)


# -- properties -----------------------------------------------------------------


def get_property(op: Operation, name: str) -> Attribute | None:
    """The inherent attribute `name` of a registered op, or None when it is unset."""
    props = op.properties
    if not isinstance(props, DictionaryAttr):
        return None
    for key, value in props.entries:
        if key == name:
            return value
    return None


def required_property(op: Operation, name: str, cls: type[_A]) -> _A:
    """The inherent attribute `name`, which must be set and be a `cls`."""
    value = get_property(op, name)
    if not isinstance(value, cls):
        problem = "is not set" if value is None else f"is not a {cls.__name__}: {value}"
        raise ValueError(f"'{op.name}' op attribute '{name}' {problem}")
    return value


def optional_property(op: Operation, name: str, cls: type[_A]) -> _A | None:
    """The inherent attribute `name` if set; it must be a `cls`."""
    value = get_property(op, name)
    if value is None:
        return None
    if not isinstance(value, cls):
        raise ValueError(f"'{op.name}' op attribute '{name}' is not a {cls.__name__}: {value}")
    return value


def property_dict(entries: Sequence[tuple[str, Attribute | None]]) -> DictionaryAttr | None:
    """The properties of an op from (name, value) pairs; unset values are left out."""
    kept = tuple([(k, v) for k, v in entries if v is not None])
    return DictionaryAttr.get(kept) if kept else None


def set_property(op: Operation, name: str, value: Attribute | None) -> None:
    """Set (or, with None, remove) the inherent attribute `name` of a registered op."""
    props = op.properties
    entries = [e for e in (props.entries if isinstance(props, DictionaryAttr) else _EMPTY)]
    entries = [(k, v) for k, v in entries if k != name]
    if value is not None:
        entries.append((name, value))
    op.properties = DictionaryAttr.get(tuple(entries)) if entries else None


#: Checks one property value: None when it converts, else MLIR's reason.
PropertyCheck = Callable[[str, Attribute], bool]


def adopt_properties(
    op_class: type[Operation],
    properties: Attribute | None,
    attributes: DictionaryAttr,
) -> tuple[DictionaryAttr | None, DictionaryAttr, str | None]:
    """Split a parsed generic op's attributes into properties and discardable ones.

    As MLIR does for an op with ODS properties: inherent names found in the
    attribute dictionary move to the properties (their constraints are checked
    as MLIR's `verifyInherentAttrs` does), then the `<{...}>` dictionary sets the
    properties it names (it wins; names that are not properties are dropped), and
    default-valued properties that are still unset get their defaults.

    Returns (properties, attributes, error). `error` is the complete message of a
    parse error at the op, or None.
    """
    names = op_class.PROPERTY_NAMES or frozenset()
    name = op_class.OPERATION_NAME
    if not names and properties is not None:
        return (
            None,
            attributes,
            f"invalid properties {properties} for op {name}: "
            "this operation does not support properties",
        )
    values: dict[str, Attribute] = {}
    if attributes.entries and any(k in names for k, _ in attributes.entries):
        kept: list[tuple[str, Attribute]] = []
        for key, value in attributes.entries:
            if key in names:
                # MLIR checks them (`verifyInherentAttrs`) only when no `<{...}>` is given.
                problem = (
                    None if properties is not None else op_class.check_inherent_attr(key, value)
                )
                if problem is not None:
                    return None, attributes, f"'{name}' op {problem}"
                values[key] = value
            else:
                kept.append((key, value))
        attributes = DictionaryAttr.get(tuple(kept))
    if properties is not None:
        if not isinstance(properties, DictionaryAttr):
            return (
                None,
                attributes,
                f"invalid properties {properties} for op {name}: "
                "expected DictionaryAttr to set properties",
            )
        for key, value in properties.entries:
            if key in names:
                if not op_class.convert_property(key, value):
                    return (
                        None,
                        attributes,
                        f"invalid properties {properties} for op {name}: "
                        f"Invalid attribute `{key}` in property conversion: {value}",
                    )
                values[key] = value
    defaults = op_class.DEFAULT_PROPERTIES
    for key, value in defaults:
        if key not in values and key not in op_class.OPTIONAL_DEFAULTS:
            values[key] = value
    if not values:
        return None, attributes, None
    if (
        isinstance(properties, DictionaryAttr)
        and len(properties.entries) == len(values)
        and all(values.get(k) is v for k, v in properties.entries)
    ):
        # The common case of a printed op: its `<{...}>` is already the properties.
        return properties, attributes, None
    return DictionaryAttr.get(values), attributes, None


# -- custom forms -------------------------------------------------------------------

#: The empty attribute dictionary.
EMPTY_DICT = DictionaryAttr.get(())


def must(attr: Attribute | None) -> Attribute:
    """An attribute a printer needs; a missing one is a broken op (the verifier says so)."""
    if attr is None:
        raise ValueError("a required attribute is missing; verify the op before printing it")
    return attr


def attr_int(attr: Attribute | None) -> int:
    """The value of an integer attribute (an enum case stored as an integer)."""
    if not isinstance(attr, IntegerAttr):
        raise ValueError(f"expected an integer attribute, got {attr}")
    return attr.value


def attr_string(attr: Attribute | None) -> str:
    """The value of a string attribute."""
    if not isinstance(attr, StringAttr):
        raise ValueError(f"expected a string attribute, got {attr}")
    return attr.value


def is_default_property(op: Operation, name: str) -> bool:
    """Whether the default-valued property `name` is unset or has its default value."""
    value = get_property(op, name)
    if value is None:
        return True
    for key, default in op.DEFAULT_PROPERTIES:
        if key == name:
            return bool(value == default)
    return False


# -- operand and result groups ----------------------------------------------------


def segment_sizes(op: Operation, name: str) -> tuple[int, ...] | None:
    """The group sizes held by the dense i32 array property `name` (None if unset)."""
    attr = get_property(op, name)
    if isinstance(attr, DenseArrayAttr):
        return attr.values
    return None


def group_sizes(total: int, counts: Sequence[int], variadic: Sequence[bool]) -> tuple[int, ...]:
    """Sizes of the groups when variadic groups share the rest equally.

    `counts` gives 1 for a fixed group; the values left after the fixed groups are
    split evenly between the variadic groups (MLIR's `SameVariadicOperandSize`).
    """
    nvar = sum(variadic)
    fixed = sum(c for c, v in zip(counts, variadic, strict=True) if not v)
    each = (total - fixed) // nvar if nvar else 0
    return tuple([each if v else c for c, v in zip(counts, variadic, strict=True)])


def values_of(values: Sequence[Value], start: int, size: int) -> tuple[Value, ...]:
    """The values `start .. start+size` (a group of a variadic operand or result)."""
    return tuple(values[start : start + size])


# -- helpers for constraint functions ------------------------------------------------


def element_type_or_self(t: Type) -> Type:
    """The element type of a shaped type; any other type itself (`getElementTypeOrSelf`)."""
    if isinstance(t, ShapedType):
        return t.element_type
    return t


def container_element_or_self(t: Type) -> Type:
    """The element type of a vector or tensor; any other type itself (MLIR's `-like`)."""
    if isinstance(t, (VectorType, RankedTensorType, UnrankedTensorType)):
        return t.element_type
    return t


def attr_type(a: Attribute | None) -> Type:
    """The type of a typed attribute (`ValueError` for other attributes)."""
    t = getattr(a, "type", None)
    if not isinstance(t, Type):
        raise ValueError(f"attribute {a} has no type")
    return t


_TYPED_ATTRS = (
    IntegerAttr,
    FloatAttr,
    DenseElementsAttr,
    DenseStringElementsAttr,
    DenseResourceElementsAttr,
    SparseElementsAttr,
)


def is_typed_attr(a: Attribute) -> bool:
    """True for attributes with a type (MLIR's `TypedAttr`)."""
    if isinstance(a, _TYPED_ATTRS):
        return True
    # A string attribute is typed (`none` when no type is written), as in MLIR.
    return isinstance(a, (StringAttr, OpaqueAttr))


def typed_attr_type(a: Attribute | None) -> Type | None:
    """The type of a typed attribute; None for other attributes."""
    t = getattr(a, "type", None)
    return t if isinstance(t, Type) else None


def is_elements_attr(a: Attribute) -> bool:
    """True for dense, sparse and resource elements attributes (`ElementsAttr`)."""
    return isinstance(
        a,
        (DenseElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr, SparseElementsAttr),
    )


def is_signless_int_elements(a: Attribute, width: int | None = None) -> bool:
    """True for integer elements attributes (of `width` bits when given)."""
    if not isinstance(a, (DenseElementsAttr, DenseResourceElementsAttr, SparseElementsAttr)):
        return False
    elem = a.type.element_type
    return isinstance(elem, IntegerType) and (width is None or elem.width == width)


# -- dialect attributes -------------------------------------------------------------


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


#: Parsers of registered dialect attributes, by (dialect, mnemonic).
_DIALECT_ATTRS: dict[tuple[str, str], type[DialectAttr]] = {}


_D = TypeVar("_D", bound=type[DialectAttr])


def register_dialect_attr(cls: _D) -> _D:
    """Make the parser build `cls` for `#dialect.mnemonic...` (a class decorator)."""
    _DIALECT_ATTRS[(cls.DIALECT, cls.MNEMONIC)] = cls
    return cls


def dialect_has_attrs(dialect: str) -> bool:
    """Whether a generated dialect registered attributes (so it knows all of them)."""
    return any(d == dialect for d, _ in _DIALECT_ATTRS)


class ParametricAttr(DialectAttr):
    """A dialect attribute with parameters, printed `#dialect.mnemonic<...>`.

    Like `ParametricType`: uniqued by class and parameters, with a generated typed
    `get`, an accessor per parameter, `parse` (reading what follows the mnemonic with
    the parser's API) and `print_params`.
    """

    __slots__ = ("params",)

    _cache: ClassVar[dict[tuple[type, tuple[object, ...]], ParametricAttr]] = {}

    def __init__(self, params: tuple[object, ...]) -> None:
        super().__init__()
        self.params = params

    @classmethod
    def unique(cls, params: tuple[object, ...]) -> Self:
        """The one attribute of this class with these parameters."""
        key = (cls, params)
        a = ParametricAttr._cache.get(key)
        if a is None:
            a = ParametricAttr._cache[key] = cls(params)
        assert isinstance(a, cls)
        return a

    @classmethod
    def parse(cls, p: Parser) -> ParametricAttr:
        """Read the text after the mnemonic (generated from the spec's parser)."""
        raise NotImplementedError

    def print_params(self) -> str:
        """The text after the mnemonic (generated from the spec's printer)."""
        raise NotImplementedError

    def body(self) -> str:
        """The mnemonic and the parameters' text."""
        return self.MNEMONIC + self.print_params()


def dialect_attr_parser(dialect: str, mnemonic: str) -> type[DialectAttr] | None:
    """The registered attribute class for `#dialect.mnemonic`, if any."""
    return _DIALECT_ATTRS.get((dialect, mnemonic))


class TypedDialectAttr(DialectAttr):
    """A dialect attribute with nothing but its own type: `#dialect.mnemonic : type`.

    ODS spells it as an `AttrDef` whose one parameter is an
    `AttributeSelfTypeParameter` and whose assembly format is empty. `ALIAS`,
    when set, is the alias name the printer gives it (MLIR's
    `OpAsmDialectInterface::getAlias`), as in `#extern = #ml_program.extern : i32`.
    """

    __slots__ = ("type",)

    ALIAS: ClassVar[str | None] = None
    _cache: ClassVar[dict[tuple[type, Type], TypedDialectAttr]] = {}

    def __init__(self, type_: Type) -> None:
        super().__init__(has_alias_parts=self.ALIAS is not None or type_.has_alias_parts)
        self.type = type_

    @classmethod
    def get(cls, type_: Type) -> Self:
        """The attribute of this class with type `type_`."""
        key = (cls, type_)
        a = TypedDialectAttr._cache.get(key)
        if a is None:
            a = TypedDialectAttr._cache[key] = cls(type_)
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


class DialectType(Type):
    """A type a dialect spec defines without parameters, printed `!dialect.mnemonic`."""

    __slots__ = ()

    DIALECT: ClassVar[str] = ""
    MNEMONIC: ClassVar[str] = ""
    _instances: ClassVar[dict[type, DialectType]] = {}

    @classmethod
    def get(cls) -> Self:
        """The one type of this class."""
        t = DialectType._instances.get(cls)
        if t is None:
            t = DialectType._instances[cls] = cls()
        assert isinstance(t, cls)
        return t

    def body(self) -> str:
        """The text after `!dialect.`."""
        return self.MNEMONIC


class ParametricType(Type):
    """A dialect type with parameters, printed `!dialect.mnemonic<...>`.

    Instances are uniqued by class and parameters (`unique`). Generated subclasses
    give a typed `get`, an accessor per parameter, `parse`, which reads what follows
    the mnemonic with the parser's API, and `print_params`, which returns it.
    """

    __slots__ = ("params",)

    DIALECT: ClassVar[str] = ""
    MNEMONIC: ClassVar[str] = ""
    _cache: ClassVar[dict[tuple[type, tuple[object, ...]], ParametricType]] = {}

    def __init__(self, params: tuple[object, ...]) -> None:
        super().__init__()
        self.params = params

    @classmethod
    def unique(cls, params: tuple[object, ...]) -> Self:
        """The one type of this class with these parameters."""
        key = (cls, params)
        t = ParametricType._cache.get(key)
        if t is None:
            t = ParametricType._cache[key] = cls(params)
        assert isinstance(t, cls)
        return t

    @classmethod
    def parse(cls, p: Parser) -> ParametricType:
        """Read the text after the mnemonic (generated from the spec's parser)."""
        raise NotImplementedError

    def print_params(self) -> str:
        """The text after the mnemonic (generated from the spec's printer)."""
        raise NotImplementedError


#: Registered parametric types, by (dialect, mnemonic).
_PARAMETRIC_TYPES: dict[tuple[str, str], type[ParametricType]] = {}

_P = TypeVar("_P", bound=type[ParametricType])


def register_parametric_type(cls: _P) -> _P:
    """Register a parametric dialect type class with the parser (a class decorator)."""
    _PARAMETRIC_TYPES[(cls.DIALECT, cls.MNEMONIC)] = cls
    Context.register_dialect_globally(cls.DIALECT)
    return cls


def dialect_has_types(dialect: str) -> bool:
    """Whether a generated dialect registered types (so it knows all of its types)."""
    return any(d == dialect for d, _ in _PARAMETRIC_TYPES) or any(
        d == dialect for d, _ in _DIALECT_TYPES
    )


def parametric_type_parser(dialect: str, mnemonic: str) -> type[ParametricType] | None:
    """The registered parametric type class of `!dialect.mnemonic<...>`, if any."""
    return _PARAMETRIC_TYPES.get((dialect, mnemonic))


#: Registered dialect types, by (dialect, mnemonic).
_DIALECT_TYPES: dict[tuple[str, str], type[DialectType]] = {}

_T = TypeVar("_T", bound=type[DialectType])


def register_dialect_type(cls: _T) -> _T:
    """Register a dialect type class with the parser (a class decorator)."""
    _DIALECT_TYPES[(cls.DIALECT, cls.MNEMONIC)] = cls
    Context.register_dialect_globally(cls.DIALECT)
    return cls


#: How dialects with a hand-written type parser word the error for a type they do not
#: define, by dialect (`{mnemonic}` stands for the name read).
_UNKNOWN_TYPE_MESSAGES: dict[str, str] = {}


def register_unknown_type_message(dialect: str, template: str) -> None:
    """Word the parse error for `!dialect.name` of an unknown `name` as the dialect's
    own type parser does (`"unknown tf_executor type: {mnemonic}"`), instead of the
    message of ODS's generated type parser."""
    _UNKNOWN_TYPE_MESSAGES[dialect] = template


def unknown_type_message(dialect: str, mnemonic: str) -> str:
    """The parse error for `!dialect.mnemonic` when the dialect has no such type."""
    template = _UNKNOWN_TYPE_MESSAGES.get(dialect)
    if template is None:
        return f"unknown  type `{mnemonic}` in dialect `{dialect}`"
    return template.format(mnemonic=mnemonic)


def dialect_type_parser(dialect: str, mnemonic: str) -> type[DialectType] | None:
    """The registered type class of `!dialect.mnemonic`, if any."""
    return _DIALECT_TYPES.get((dialect, mnemonic))


_KEYWORD = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_$.]*)\s*")


class EnumAttr(DialectAttr):
    """An attribute holding a case of an enum, printed `#dialect.mnemonic<case>`.

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
    _instances: ClassVar[dict[int, EnumAttr]]
    _spellings: ClassVar[dict[int, str]]

    def __init__(self, value: int) -> None:
        super().__init__()
        self.value = value

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._instances = {}
        cls._spellings = {mask: word for word, mask in reversed(cls.KEYWORDS.items())}

    @classmethod
    def get(cls, value: int | enum.Enum) -> Self:
        """The unique attribute holding `value` (an enum member or its integer)."""
        raw = int(value.value if isinstance(value, enum.Enum) else value)
        a = cls._instances.get(raw)
        if a is None:
            a = cls._instances[raw] = cls(raw)
        return a  # type: ignore[return-value]

    @property
    def case(self) -> enum.Enum:
        """The value as a member of `ENUM`."""
        return self.ENUM(self.value)

    def case_text(self) -> str:
        """The spelling of the value inside `<...>`."""
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
        """`mnemonic<case>`."""
        return f"{self.MNEMONIC}<{self.case_text()}>"

    @classmethod
    def parse_body(cls, text: str) -> Attribute | tuple[int, str]:
        """Parse `<case>` (bit enums: spellings separated by `,` or `|`)."""
        if not text.startswith("<") or not text.endswith(">"):
            return 0, "expected '<'"
        pos = 1
        end = len(text) - 1
        value = 0
        names = cls.KEYWORDS
        expected = ", ".join(names)
        while True:
            m = _KEYWORD.match(text, pos, end)
            if m is None:
                return pos, f"expected {cls.ENUM_NAME} to be one of: {expected}"
            word = m.group(1)
            mask = names.get(word)
            if mask is None:
                return m.start(1), f"expected {cls.ENUM_NAME} to be one of: {expected}"
            value |= mask
            pos = m.end()
            if pos >= end:
                break
            if not cls.IS_BIT_ENUM or text[pos] not in ",|":
                return pos, "expected '>'"
            pos += 1
        return cls.get(value)


# -- shapes -------------------------------------------------------------------------


def compatible_shapes(a: Type, b: Type) -> bool:
    """MLIR's `verifyCompatibleShape`: equal ranks and dims, `?` matching anything.

    An unranked type is compatible with any shaped type; two types that are not
    shaped are compatible, a shaped type and another type are not.
    """
    sa = isinstance(a, ShapedType)
    sb = isinstance(b, ShapedType)
    if not sa or not sb:
        return not sa and not sb
    assert isinstance(a, ShapedType)
    assert isinstance(b, ShapedType)
    if not a.has_rank or not b.has_rank:
        return True
    if a.rank != b.rank:
        return False
    if isinstance(a, VectorType) and isinstance(b, VectorType) and a.scalable != b.scalable:
        # A scalable dimension is compatible only with a scalable one.
        return False
    return all(DYNAMIC in (x, y) or x == y for x, y in zip(a.shape, b.shape, strict=True))


def tensor_dims(t: Type) -> tuple[int, ...] | None:
    """A tensor's dimensions; None for an unranked tensor and () for any other type.

    MLIR's `SameInputOutputTensorDims` compares these for casts.
    """
    if isinstance(t, RankedTensorType):
        return t.shape
    if isinstance(t, UnrankedTensorType):
        return None
    return ()


def i1_same_shape(t: Type) -> Type:
    """`i1`, or a vector or tensor of `i1` shaped like `t` (MLIR's `getI1SameShape`)."""
    i1 = IntegerType.get(1)
    if isinstance(t, VectorType):
        return VectorType.get(t.shape, i1, t.scalable)
    if isinstance(t, RankedTensorType):
        return RankedTensorType.get(t.shape, i1, t.encoding)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType.get(i1)
    return i1


class VerifyMessage(str):
    """A verifier message with MLIR's options, for checks whose wording MLIR varies.

    Op verifiers return a plain string, which the verifier prints after
    `'op.name' op `. Some MLIR checks (interface verifiers such as
    `BranchOpInterface`'s) print without that prefix (`prefixed=False`), and some
    attach notes at the op's location, or at another op's (a note given as
    `(op, text)`, as notes that point at a referenced symbol are). A verifier that
    reports about another op, as MLIR verifiers call `emitOpError` on a nested op,
    names it in `at`: the error is then at that op's location and prefixed with
    its name.
    """

    __slots__ = ("at", "notes", "prefixed")

    prefixed: bool
    notes: tuple[str | tuple[Operation, str], ...]
    at: Operation | None

    def __new__(
        cls,
        text: str,
        *,
        prefixed: bool = True,
        notes: Sequence[str | tuple[Operation, str]] = (),
        at: Operation | None = None,
    ) -> Self:
        """A message; see the class docstring."""
        message = super().__new__(cls, text)
        message.prefixed = prefixed
        message.notes = tuple(notes)
        message.at = at
        return message


#: Errors emitted while an op was verified (`emit_op_error`), reported ahead of the
#: failure its verifier then returns.
emitted_op_errors: list[tuple[Operation, str]] = []


def emit_op_error(op: Operation, message: str) -> None:
    """Report `'op.name' op <message>` about `op` as part of the verifier's failure.

    A constraint predicate calls it to say what exactly is wrong before it fails,
    as MLIR predicates that call `emitOpError` do: both the predicate's own error
    and the constraint's `failed to verify that ...` are reported.
    """
    emitted_op_errors.append((op, message))


def emit_error(op: Operation, message: str) -> None:
    """Report `<message>` at `op`, without the op's name, as part of the verifier's
    failure (as MLIR predicates that call `emitError` on the op do)."""
    emitted_op_errors.append((op, VerifyMessage(message, prefixed=False)))


class OdsOp(Operation):
    """The base of every generated op class: its inherent attributes are stored as
    properties. Its traits (`Operation.TRAITS`) are those its spec lists."""

    __slots__ = ()

    PROPERTY_NAMES: ClassVar[frozenset[str] | None] = frozenset()


def broadcast_shapes(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...] | None:
    """The shape two shapes broadcast to (NumPy's rule, as MLIR's
    `OpTrait::util::getBroadcastedShape`), or None when they do not broadcast.

    Dimensions are aligned from the right; equal sizes, a size of 1 or a dynamic
    size on either side are compatible.
    """
    out: list[int] = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        elif DYNAMIC in (x, y):
            out.append(y if x == DYNAMIC else x)
        else:
            return None
    return tuple(reversed(out))
