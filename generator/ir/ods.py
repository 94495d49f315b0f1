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
from collections.abc import Callable, Mapping, Sequence
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
from generator.ir.uniquing import UniqueTable, unique

if TYPE_CHECKING:
    from generator.ir.core import Value
    from generator.ir.opasm import AsmParser

__all__ = [
    "EMPTY_DICT",
    "DialectAttr",
    "DialectType",
    "EmittedFailure",
    "EnumAttr",
    "OdsOp",
    "Parametric",
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
    "required_property",
    "same_size_range",
    "segment_range",
    "segment_sizes",
    "set_property",
    "tensor_dims",
    "typed_attr_type",
    "with_emitted",
]

_EMPTY: tuple[tuple[str, Attribute], ...] = ()
_A = TypeVar("_A", bound=Attribute)


# -- properties -----------------------------------------------------------------


def get_property(op: Operation, name: str) -> Attribute | None:
    """The inherent attribute `name` of a registered op, or None when it is unset.

    Generated code reads the property's slot directly; this is for code that
    knows the property only by name.
    """
    slot = op.PROPERTY_SLOTS.get(name)
    if slot is not None:
        value: Attribute | None = getattr(op, slot)
        return value
    props = op.properties
    return props.get_entry(name) if isinstance(props, DictionaryAttr) else None


def _property_error(op: Operation, name: str, value: Attribute | None, cls: type) -> ValueError:
    problem = "is not set" if value is None else f"is not a {cls.__name__}: {value}"
    return ValueError(f"'{op.name}' op attribute '{name}' {problem}")


def required_property(op: Operation, name: str, value: Attribute | None, cls: type[_A]) -> _A:
    """`value`, the inherent attribute `name` of `op`, which must be set and be a `cls`."""
    if not isinstance(value, cls):
        raise _property_error(op, name, value, cls)
    return value


def optional_property(
    op: Operation, name: str, value: Attribute | None, cls: type[_A]
) -> _A | None:
    """`value`, the inherent attribute `name` of `op` if set; it must be a `cls`."""
    if value is None:
        return None
    if not isinstance(value, cls):
        raise _property_error(op, name, value, cls)
    return value


def set_property(op: Operation, name: str, value: Attribute | None) -> None:
    """Set (or, with None, remove) the inherent attribute `name` of a registered op."""
    slot = op.PROPERTY_SLOTS.get(name)
    if slot is not None:
        setattr(op, slot, value)
        return
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


def segment_range(op: Operation, name: str, group: int, count: int) -> range:
    """The positions of group `group` of `count` groups whose sizes the dense i32 array
    property `name` holds (`AttrSizedOperandSegments`); one value each when unset."""
    sizes = segment_sizes(op, name)
    if sizes is None:
        return range(group, group + 1)
    start = sum(sizes[:group])
    return range(start, start + sizes[group])


def same_size_range(total: int, variadic: Sequence[bool], group: int) -> range:
    """The positions of group `group` when the variadic groups share the `total`
    values left by the single ones equally (`SameVariadicOperandSize`)."""
    size = (total - variadic.count(False)) // (variadic.count(True) or 1)
    start = sum(size if v else 1 for v in variadic[:group])
    return range(start, start + (size if variadic[group] else 1))


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
    """The type of a typed attribute (`ValueError` for other attributes).

    A string attribute written without a type has type `none`, as in MLIR.
    """
    t = getattr(a, "type", None)
    if isinstance(t, Type):
        return t
    if isinstance(a, (StringAttr, OpaqueAttr)):
        return NoneType.get()
    raise ValueError(f"attribute {a} has no type")


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
    """The type of a typed attribute (`none` for a string without one); None for
    other attributes."""
    t = getattr(a, "type", None)
    if isinstance(t, Type):
        return t
    return NoneType.get() if isinstance(a, (StringAttr, OpaqueAttr)) else None


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


class Parametric:
    """What dialect types and attributes with parameters share (`ParametricType`,
    `ParametricAttr`): the parameters, uniquing by class and parameters, and the
    spec's parser and printer.

    Generated subclasses give a typed `get`, an accessor per parameter, `parse`,
    which reads what follows the mnemonic with the parser's API, and
    `print_params`, which returns it.
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

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read the text after the mnemonic (generated from the spec's parser)."""
        raise NotImplementedError

    def print_params(self) -> str:
        """The text after the mnemonic (generated from the spec's printer)."""
        raise NotImplementedError


class ParametricAttr(Parametric, DialectAttr):
    """A dialect attribute with parameters, printed `#dialect.mnemonic<...>`."""

    __slots__ = ("params",)

    def __init__(self, params: tuple[object, ...]) -> None:
        super(Parametric, self).__init__()
        self.params = params

    def body(self) -> str:
        """The mnemonic and the parameters' text."""
        return self.MNEMONIC + self.print_params()


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


class ParametricType(Parametric, Type):
    """A dialect type with parameters, printed `!dialect.mnemonic<...>`."""

    __slots__ = ("params",)

    DIALECT: ClassVar[str] = ""
    MNEMONIC: ClassVar[str] = ""

    def __init__(self, params: tuple[object, ...]) -> None:
        super(Parametric, self).__init__()
        self.params = params


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
    _instances: ClassVar[UniqueTable[int, EnumAttr]]
    _spellings: ClassVar[dict[int, str]]

    def __init__(self, value: int) -> None:
        super().__init__()
        self.value = value

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._instances = UniqueTable()
        cls._spellings = {mask: word for word, mask in reversed(cls.KEYWORDS.items())}

    @classmethod
    def get(cls, value: int | enum.Enum) -> Self:
        """The unique attribute holding `value` (an enum member or its integer)."""
        raw = int(value.value if isinstance(value, enum.Enum) else value)
        a = cls._instances.get(raw)
        if a is None:
            made: EnumAttr = cls(raw)
            a = unique(cls._instances, raw, made)
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
    its name. `earlier` holds the errors a check emitted on its way to this
    failure (`emit_op_error`), reported ahead of it.
    """

    __slots__ = ("at", "earlier", "notes", "prefixed")

    prefixed: bool
    notes: tuple[str | tuple[Operation, str], ...]
    at: Operation | None
    earlier: tuple[tuple[Operation, str], ...]

    def __new__(
        cls,
        text: str,
        *,
        prefixed: bool = True,
        notes: Sequence[str | tuple[Operation, str]] = (),
        at: Operation | None = None,
        earlier: Sequence[tuple[Operation, str]] = (),
    ) -> Self:
        """A message; see the class docstring."""
        message = super().__new__(cls, text)
        message.prefixed = prefixed
        message.notes = tuple(notes)
        message.at = at
        message.earlier = tuple(earlier)
        return message


class EmittedFailure:
    """A failed check that reported what exactly is wrong (false in a condition).

    MLIR predicates and verifiers `return op->emitOpError(...)`: the error is
    reported and the check fails. Here the check returns the `EmittedFailure`
    that `emit_op_error` or `emit_error` makes; the op's verifier passes it on
    with its own message (`with_emitted`), and both are reported, the emitted
    errors first. Nothing is kept anywhere else, so checks stay free of state.
    """

    __slots__ = ("errors",)

    def __init__(self, errors: Sequence[tuple[Operation, str]]) -> None:
        self.errors = tuple(errors)

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<EmittedFailure {[m for _, m in self.errors]}>"


def emit_op_error(op: Operation, message: str) -> EmittedFailure:
    """A failure reporting `'op.name' op <message>` about `op` (return it from a check).

    A constraint predicate returns it to say what exactly is wrong, as MLIR
    predicates that call `emitOpError` do: both the predicate's own error and the
    constraint's `failed to verify that ...` are reported.
    """
    return EmittedFailure(((op, message),))


def emit_error(op: Operation, message: str) -> EmittedFailure:
    """A failure reporting `<message>` at `op`, without the op's name (as MLIR
    predicates that call `emitError` on the op do)."""
    return EmittedFailure(((op, VerifyMessage(message, prefixed=False)),))


def with_emitted(result: object, message: str) -> str:
    """`message`, preceded by the errors `result` reported when it is an `EmittedFailure`.

    A verifier returns it when a check failed: `return with_emitted(ok, "...")`.
    """
    if not isinstance(result, EmittedFailure):
        return message
    if isinstance(message, VerifyMessage):
        return VerifyMessage(
            str(message),
            prefixed=message.prefixed,
            notes=message.notes,
            at=message.at,
            earlier=(*result.errors, *message.earlier),
        )
    return VerifyMessage(message, earlier=result.errors)


#: Where an op that keeps no property slots stores its properties (the base slot).
_STORED_PROPERTIES = Operation.__dict__["properties"]


class OdsOp(Operation):
    """The base of every generated op class: its inherent attributes are stored as
    properties. Its traits (`Operation.TRAITS`) are those its spec lists."""

    __slots__ = ()

    PROPERTY_NAMES: ClassVar[frozenset[str] | None] = frozenset()

    @property
    def properties(self) -> Attribute | None:
        """The properties as one dictionary (what the generic form prints as `<{...}>`).

        A generated op class keeps each property in a slot of its own
        (`PROPERTY_SLOTS`); the dictionary is made when asked for.
        """
        if not self.PROPERTY_SLOTS:
            stored: Attribute | None = _STORED_PROPERTIES.__get__(self, Operation)
            return stored
        entries = self.property_entries()
        return DictionaryAttr.get(entries) if entries else None

    @properties.setter
    def properties(self, value: Attribute | None) -> None:
        slots = self.PROPERTY_SLOTS
        if not slots:
            _STORED_PROPERTIES.__set__(self, value)
            return
        if value is None:
            for slot in slots.values():
                setattr(self, slot, None)
            return
        if not isinstance(value, DictionaryAttr):
            raise TypeError(f"the properties of '{self.name}' are a dictionary, not {value}")
        for name, slot in slots.items():
            setattr(self, slot, value.get_entry(name))

    def property_entries(self) -> tuple[tuple[str, Attribute], ...]:
        """The properties that are set, as (name, value) sorted by name."""
        slots = self.PROPERTY_SLOTS
        if not slots:
            return super().property_entries()
        return tuple(
            [
                (name, value)
                for name, slot in slots.items()
                if (value := getattr(self, slot)) is not None
            ]
        )

    def store_properties(self, values: Mapping[str, Attribute]) -> None:
        """Set every property from `values` (a property it lacks is unset)."""
        for name, slot in self.PROPERTY_SLOTS.items():
            setattr(self, slot, values.get(name))


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
