"""The IR core: operations, values with use-lists, blocks and regions.

The structure follows MLIR. An `Operation` owns its results, operand slots
(`OpOperand`), inherent attributes (properties), discardable attributes,
regions and successor blocks. A `Value` is an op result or a block argument and
keeps an intrusive doubly linked list of the operand slots that use it, so
replacing all uses and erasing an op are proportional to the uses touched. A
`Block` keeps its ops in an intrusive doubly linked list, so inserting and
erasing an op anywhere is O(1). A `Region` is a list of blocks.

Everything uses `__slots__`: a parsed module of 200k ops is millions of objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeAlias

from mypy_extensions import mypyc_attr

from generator.ir.attributes import Attribute, DictionaryAttr, LocationAttr
from generator.ir.source import SourceFile, SourceLoc
from generator.ir.types import Type

if TYPE_CHECKING:
    from generator.ir.dialect import Dialect
    from generator.ir.opasm import AsmParser, AsmPrinter, SourcePos
    from generator.ir.traits import OpTrait

__all__ = [
    "Block",
    "BlockArgument",
    "Location",
    "OpOperand",
    "OpResult",
    "Operation",
    "Region",
    "Value",
]

#: Where an op or block argument comes from: a location attribute, or a position in
#: a parsed buffer (turned into `loc("file":line:col)` only when printed).
Location: TypeAlias = "LocationAttr | SourceLoc"

_EMPTY_DICT = DictionaryAttr.get(())


class Value:
    """An SSA value: the result of an op or an argument of a block."""

    __slots__ = ("_asm_number", "_asm_token", "first_use", "type")

    def __init__(self, type_: Type) -> None:
        self.type = type_
        #: Head of the intrusive list of operand slots using this value.
        self.first_use: OpOperand | None = None
        self._asm_token: object = None
        self._asm_number = -1

    @property
    def uses(self) -> Iterator[OpOperand]:
        """Iterate over the operand slots that use this value."""
        use = self.first_use
        while use is not None:
            nxt = use.next_use
            yield use
            use = nxt

    @property
    def users(self) -> Iterator[Operation]:
        """Iterate over the ops using this value (once per use)."""
        for use in self.uses:
            yield use.owner

    @property
    def has_uses(self) -> bool:
        """True when some operand uses this value."""
        return self.first_use is not None

    @property
    def has_one_use(self) -> bool:
        """True when exactly one operand uses this value."""
        use = self.first_use
        return use is not None and use.next_use is None

    def replace_all_uses_with(self, new: Value) -> None:
        """Make every user of this value use `new` instead."""
        if new is self:
            return
        use = self.first_use
        while use is not None:
            nxt = use.next_use
            use.set(new)
            use = nxt

    def replace_uses_if(self, new: Value, predicate: Callable[[OpOperand], bool]) -> None:
        """Replace the uses for which `predicate(operand)` holds."""
        use = self.first_use
        while use is not None:
            nxt = use.next_use
            if predicate(use):
                use.set(new)
            use = nxt

    @property
    def owner_block(self) -> Block | None:
        """The block this value is defined in."""
        raise NotImplementedError

    @property
    def defining_op(self) -> Operation | None:
        """The op producing this value, or None for block arguments."""
        return None


class OpResult(Value):
    """The `index`-th result of `owner`."""

    __slots__ = ("index", "owner")

    def __init__(self, type_: Type, owner: Operation, index: int) -> None:
        self.type = type_
        self.first_use = None
        self._asm_token = None
        self._asm_number = -1
        self.owner = owner
        self.index = index

    @property
    def defining_op(self) -> Operation:
        """The op producing this value."""
        return self.owner

    @property
    def owner_block(self) -> Block | None:
        """The block of the defining op."""
        return self.owner.parent

    def __repr__(self) -> str:
        return f"<OpResult #{self.index} of {self.owner.name}: {self.type}>"


class BlockArgument(Value):
    """The `index`-th argument of block `owner`."""

    __slots__ = ("index", "loc", "owner")

    def __init__(self, type_: Type, owner: Block, index: int, loc: Location | None = None) -> None:
        self.type = type_
        self.first_use = None
        self._asm_token = None
        self._asm_number = -1
        self.owner = owner
        self.index = index
        self.loc = loc

    @property
    def owner_block(self) -> Block:
        """The block this is an argument of."""
        return self.owner

    def __repr__(self) -> str:
        return f"<BlockArgument #{self.index}: {self.type}>"


class OpOperand:
    """One operand slot of an op, linked into its value's use-list."""

    __slots__ = ("index", "next_use", "owner", "prev_use", "value")

    def __init__(self, owner: Operation, index: int, value: Value) -> None:
        self.owner = owner
        self.index = index
        self.value = value
        self.prev_use: OpOperand | None = None
        head = value.first_use
        self.next_use = head
        if head is not None:
            head.prev_use = self
        value.first_use = self

    def _unlink(self) -> None:
        prev, nxt = self.prev_use, self.next_use
        if prev is None:
            # Only the head has no predecessor; an already unlinked slot must not
            # touch its old value's list.
            if self.value.first_use is self:
                self.value.first_use = nxt
        else:
            prev.next_use = nxt
        if nxt is not None:
            nxt.prev_use = prev
        self.prev_use = self.next_use = None

    def set(self, value: Value) -> None:
        """Point this slot at another value, moving it between use-lists."""
        if value is self.value and (self.prev_use is not None or value.first_use is self):
            return
        self._unlink()
        self.value = value
        head = value.first_use
        self.next_use = head
        if head is not None:
            head.prev_use = self
        value.first_use = self

    def drop(self) -> None:
        """Remove this slot from its value's use-list (the op is going away)."""
        self._unlink()


@mypyc_attr(allow_interpreted_subclasses=True)
class Operation:
    """An operation. Registered ops are subclasses; unregistered ones use this class.

    `properties` holds the inherent attributes of an unregistered op (the `<{...}>`
    of the generic form) as one attribute; `attributes` holds the discardable
    attributes as a (uniqued, immutable) dictionary attribute.

    A registered class lists its traits (`generator.ir.traits`) in `TRAITS`;
    `has_trait` asks whether an op has one, `might_have_trait` whether it may
    have one, which is also true of every unregistered op, as MLIR's
    `mightHaveTrait`. The core asks the second where MLIR does: an unregistered
    op may end a block and may have successors, and its regions need no
    terminator. Interfaces (`generator.ir.interfaces`) are base classes, tested
    with `isinstance`.
    """

    __slots__ = (
        "_loc",
        "_loc_offset",
        "_operands",
        "_order",
        "_properties",
        "attributes",
        "name",
        "next_op",
        "parent",
        "prev_op",
        "regions",
        "results",
        "successors",
    )

    #: Set by registered op classes; None for unregistered ops.
    OPERATION_NAME: ClassVar[str | None] = None
    #: The dialect of a registered op class, set when its `Dialect` is made (an
    #: MLIR op knows its dialect); None for unregistered ops.
    DIALECT: ClassVar[Dialect | None] = None
    #: The inherent attribute names of a registered op class with ODS properties;
    #: None for ops without that scheme.
    PROPERTY_NAMES: ClassVar[frozenset[str] | None] = None
    #: The slot each property of a generated op class is kept in, by property name
    #: (sorted); ops without slots keep their properties in `properties`.
    PROPERTY_SLOTS: ClassVar[Mapping[str, str]] = {}
    #: Default values of default-valued properties, set when the op is created.
    DEFAULT_PROPERTIES: ClassVar[tuple[tuple[str, Attribute], ...]] = ()
    #: The default-valued properties among them that are optional (ODS's
    #: `DefaultValuedOptionalAttr`): their defaults are never set implicitly.
    OPTIONAL_DEFAULTS: ClassVar[frozenset[str]] = frozenset()
    #: Whether the class reads and writes a custom assembly form (`parse`, `print`).
    HAS_CUSTOM_FORM: ClassVar[bool] = False
    #: The dialect whose prefix op names may leave out inside this op's regions
    #: (MLIR's `OpAsmOpInterface::getDefaultDialect`); "" for none.
    DEFAULT_DIALECT: ClassVar[str] = ""
    #: The op's traits, as its spec lists them (trait classes, not names).
    TRAITS: ClassVar[frozenset[type[OpTrait]]] = frozenset()
    #: `TRAITS` and the traits they imply, computed once per class for `has_trait`.
    _TRAIT_CLOSURE: ClassVar[frozenset[type[OpTrait]]] = frozenset()

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._TRAIT_CLOSURE = frozenset(implied for trait in cls.TRAITS for implied in trait.IMPLIED)

    @classmethod
    def has_trait(cls, trait: type[OpTrait]) -> bool:
        """Whether the op has `trait` or a trait implying it (MLIR's `hasTrait`).

        A parametric trait matches any parameterization (`HasParent`) or the one
        named (`HasParent.of("func.func")`). Unregistered ops have no traits."""
        return trait in cls._TRAIT_CLOSURE

    @classmethod
    def might_have_trait(cls, trait: type[OpTrait]) -> bool:
        """Whether the op may have `trait`: it has it, or it is unregistered and
        nothing is known (MLIR's `mightHaveTrait`)."""
        return cls.OPERATION_NAME is None or trait in cls._TRAIT_CLOSURE

    @classmethod
    def parse(cls, parser: AsmParser, name_pos: SourcePos) -> Operation:
        """Read the custom form after the op name (generated for ops with a format)."""
        raise NotImplementedError(f"{cls.__name__} has no custom assembly form")

    def print(self, printer: AsmPrinter) -> bool | None:
        """Write the custom form after the op name (generated for ops with a format)."""
        raise NotImplementedError(f"{type(self).__name__} has no custom assembly form")

    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The inherent attributes the custom form writes ahead of the op's regions, in
        order, when it does not write them all after the regions as the generic form
        does; None for the generic form's order.

        The printer gives aliases to attributes in the order they are printed, as
        MLIR's alias pre-pass does (it runs the custom printer); an op whose custom
        form writes maps before its regions, or leaves some out, says which here.
        """
        return None

    def asm_prints_attr_dict(self) -> bool:
        """Whether the custom form writes the op's discardable attributes; an op whose
        custom form has no attribute dictionary (MLIR's `affine.dma_start`) says not,
        and its attributes then get no aliases."""
        return True

    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """What the custom form writes of one of the op's regions: the entry block
        arguments (None for all of them) and whether it writes the entry block's
        terminator.

        What is left out gets no alias for its types and locations, as in MLIR, whose
        alias pre-pass runs the custom printer.
        """
        return None, True

    @classmethod
    def convert_property(cls, name: str, value: Attribute) -> bool:
        """Whether `value` can be stored as property `name` (MLIR's property conversion)."""
        return True

    @classmethod
    def check_inherent_attr(cls, name: str, value: Attribute) -> str | None:
        """The constraint check of an inherent attribute given in the attribute dictionary."""
        return None

    def __init__(
        self,
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        *,
        properties: Attribute | None = None,
        attributes: DictionaryAttr | dict[str, Attribute] | None = None,
        successors: Sequence[Block] = (),
        regions: int | Sequence[Region] = 0,
        loc: Location | None = None,
    ) -> None:
        self.init_state(
            name, operands, result_types, properties, attributes, successors, regions, loc
        )

    def init_state(
        self,
        name: str,
        operands: Sequence[Value],
        result_types: Sequence[Type],
        properties: Attribute | None,
        attributes: DictionaryAttr | dict[str, Attribute] | None,
        successors: Sequence[Block],
        regions: int | Sequence[Region],
        loc: Location | None,
    ) -> None:
        """Set up the op's state, as `Operation.__init__` does, all arguments positional.

        The parser makes registered ops with `cls.__new__(cls)` and this, since a
        registered class's own `__init__` is its builder, with its own signature.
        """
        if not isinstance(regions, int):
            # Checked before anything is linked, so a failure leaves no trace.
            for region in regions:
                if region.parent is not None:
                    raise ValueError("region already belongs to an operation")
        self.name = name
        self._operands = tuple([OpOperand(self, i, v) for i, v in enumerate(operands)])
        self.results = tuple([OpResult(t, self, i) for i, t in enumerate(result_types)])
        self.properties = properties
        if attributes is None:
            self.attributes = _EMPTY_DICT
        elif isinstance(attributes, dict):
            self.attributes = DictionaryAttr.get(attributes)
        else:
            self.attributes = attributes
        self.successors: Sequence[Block] = list(successors) if successors else ()
        if isinstance(regions, int):
            self.regions: tuple[Region, ...] = tuple([Region(self) for _ in range(regions)])
        else:
            for region in regions:
                region.parent = self
            self.regions = tuple(regions)
        self._loc: Location | SourceFile | None = None
        self._loc_offset = 0
        #: The op's place in its block, valid while the block's `_order_valid` is.
        self._order = 0
        self.loc = loc
        self.parent: Block | None = None
        self.prev_op: Operation | None = None
        self.next_op: Operation | None = None

    # -- location -------------------------------------------------------------

    @property
    def loc(self) -> Location | None:
        """Where the op comes from; None if nobody said."""
        loc = self._loc
        if isinstance(loc, SourceFile):
            return SourceLoc(loc, self._loc_offset)
        return loc

    @loc.setter
    def loc(self, value: Location | None) -> None:
        if isinstance(value, SourceLoc):
            self._loc = value.file
            self._loc_offset = value.offset
        else:
            self._loc = value

    def set_source_position(self, source: SourceFile, offset: int) -> None:
        """Locate the op at `offset` in `source`, as the parser does.

        Kept as the buffer and the offset, not a `SourceLoc`: an op's location is
        rarely asked for, and a big module would otherwise hold one object per op.
        """
        self._loc = source
        self._loc_offset = offset

    # -- operands -------------------------------------------------------------

    @property
    def operands(self) -> tuple[Value, ...]:
        """The operand values."""
        return tuple([o.value for o in self._operands])

    @property
    def op_operands(self) -> tuple[OpOperand, ...]:
        """The operand slots."""
        return self._operands

    @property
    def num_operands(self) -> int:
        """The number of operands."""
        return len(self._operands)

    def operand(self, index: int) -> Value:
        """The value of operand `index`."""
        return self._operands[index].value

    def set_operand(self, index: int, value: Value) -> None:
        """Replace operand `index`."""
        self._operands[index].set(value)

    def set_operands(self, values: Sequence[Value]) -> None:
        """Replace the whole operand list (its length may change)."""
        for o in self._operands:
            o.drop()
        self._operands = tuple([OpOperand(self, i, v) for i, v in enumerate(values)])

    # -- results --------------------------------------------------------------

    @property
    def result(self) -> OpResult:
        """The single result; an error for ops with zero or several results."""
        if len(self.results) != 1:
            raise ValueError(f"'{self.name}' has {len(self.results)} results, not one")
        return self.results[0]

    @property
    def result_types(self) -> tuple[Type, ...]:
        """The result types."""
        return tuple([r.type for r in self.results])

    @property
    def num_results(self) -> int:
        """The number of results."""
        return len(self.results)

    # -- attributes -----------------------------------------------------------

    @property
    def properties(self) -> Attribute | None:
        """The inherent attributes, as one attribute (a dictionary); None if none are set."""
        return self._properties

    @properties.setter
    def properties(self, value: Attribute | None) -> None:
        self._properties = value

    def property_entries(self) -> tuple[tuple[str, Attribute], ...]:
        """The properties that are set, as (name, value) sorted by name."""
        props = self.properties
        return props.entries if isinstance(props, DictionaryAttr) else ()

    def get_attr(self, name: str) -> Attribute | None:
        """The attribute `name`, or None.

        As MLIR's `Operation::getAttr`: the inherent attribute (property) when the
        op has one by that name, set or not, else the discardable attribute.
        """
        if self._is_inherent(name):
            return self._inherent_attr(name)
        return self.attributes.get_entry(name)

    def set_attr(self, name: str, value: Attribute) -> None:
        """Set the attribute `name`.

        As MLIR's `Operation::setAttr`: an inherent attribute name (one of a
        registered op's, or one in an unregistered op's properties) sets the
        property; any other name sets a discardable attribute.
        """
        if not isinstance(value, Attribute):
            raise TypeError(
                f"set_attr: value of '{name}' must be an Attribute, got {type(value).__name__}"
            )
        if self._is_inherent(name):
            self._set_inherent_attr(name, value)
            return
        entries = self.attributes.as_dict()
        entries[name] = value
        self.attributes = DictionaryAttr.get(entries)

    def remove_attr(self, name: str) -> Attribute | None:
        """Remove the attribute `name` and return it (None when it was not set).

        As MLIR's `Operation::removeAttr`, removing an inherent attribute unsets the
        property: an op that requires it then fails to verify ("requires attribute").
        """
        if self._is_inherent(name):
            old = self._inherent_attr(name)
            self._set_inherent_attr(name, None)
            return old
        entries = self.attributes.as_dict()
        value = entries.pop(name, None)
        if value is not None:
            self.attributes = DictionaryAttr.get(entries)
        return value

    def _is_inherent(self, name: str) -> bool:
        """Whether `name` is an inherent attribute: one of a registered op's property
        names, or a name in the properties dictionary of any other op (MLIR's
        `getInherentAttr` of an unregistered op)."""
        names = self.PROPERTY_NAMES
        if names is not None:
            return name in names
        props = self.properties
        return isinstance(props, DictionaryAttr) and props.get_entry(name) is not None

    def _inherent_attr(self, name: str) -> Attribute | None:
        slot = self.PROPERTY_SLOTS.get(name)
        if slot is not None:
            value: Attribute | None = getattr(self, slot)
            return value
        props = self.properties
        return props.get_entry(name) if isinstance(props, DictionaryAttr) else None

    def _set_inherent_attr(self, name: str, value: Attribute | None) -> None:
        slot = self.PROPERTY_SLOTS.get(name)
        if slot is not None:
            setattr(self, slot, value)
            return
        props = self.properties
        entries = props.as_dict() if isinstance(props, DictionaryAttr) else {}
        if value is None:
            entries.pop(name, None)
        else:
            entries[name] = value
        self.properties = DictionaryAttr.get(entries) if entries else None

    # -- structure ------------------------------------------------------------

    @property
    def is_registered(self) -> bool:
        """True for ops of a registered dialect (a generated class)."""
        return self.OPERATION_NAME is not None

    @property
    def dialect_name(self) -> str:
        """The dialect prefix of the op name."""
        return self.name.partition(".")[0]

    @property
    def parent_region(self) -> Region | None:
        """The region holding this op's block."""
        block = self.parent
        return block.parent if block is not None else None

    @property
    def parent_op(self) -> Operation | None:
        """The op whose region holds this op."""
        region = self.parent_region
        return region.parent if region is not None else None

    def is_ancestor(self, other: Operation) -> bool:
        """True when `other` is this op or nested inside it."""
        op: Operation | None = other
        while op is not None:
            if op is self:
                return True
            op = op.parent_op
        return False

    def walk(self, *, post_order: bool = False) -> Iterator[Operation]:
        """Iterate over this op and every op nested in it, pre-order by default."""
        if not post_order:
            yield self
        for region in self.regions:
            for block in region.blocks:
                op = block.first_op
                while op is not None:
                    nxt = op.next_op
                    yield from op.walk(post_order=post_order)
                    op = nxt
        if post_order:
            yield self

    def is_before_in_block(self, other: Operation) -> bool:
        """Whether this op comes before `other`, an op of the same block.

        As MLIR's `Operation::isBeforeInBlock`: ops keep their place in the block,
        numbered on demand and kept until an op is inserted in the middle.
        """
        block = self.parent
        if block is None or other.parent is not block:
            raise ValueError("is_before_in_block compares two ops of one block")
        if not block._order_valid:
            block._number_ops()
        return self._order < other._order

    def detach(self) -> None:
        """Unlink this op from its block, keeping it alive."""
        block = self.parent
        if block is None:
            return
        prev, nxt = self.prev_op, self.next_op
        if prev is None:
            block.first_op = nxt
        else:
            prev.next_op = nxt
        if nxt is None:
            block.last_op = prev
        else:
            nxt.prev_op = prev
        self.prev_op = self.next_op = None
        self.parent = None

    def drop_all_references(self) -> None:
        """Drop every operand use of this op and of the ops nested in it."""
        for o in self._operands:
            o.drop()
        self._operands = ()
        self.successors = []
        for region in self.regions:
            for block in region.blocks:
                for op in block.ops:
                    op.drop_all_references()

    def erase(self) -> None:
        """Detach and destroy this op; its results must have no uses left."""
        for r in self.results:
            if r.first_use is not None:
                raise ValueError(f"cannot erase '{self.name}': result #{r.index} still has uses")
        self.detach()
        self.drop_all_references()

    def replace_all_uses_with(self, values: Sequence[Value]) -> None:
        """Replace the uses of every result with the corresponding value."""
        if len(values) != len(self.results):
            raise ValueError(
                f"'{self.name}' has {len(self.results)} results, got {len(values)} replacements"
            )
        for r, v in zip(self.results, values, strict=True):
            r.replace_all_uses_with(v)

    def move_before(self, other: Operation) -> None:
        """Move this op right before `other` (possibly into another block).

        `other` must be in a block, and not nested in this op.
        """
        if other is self:
            return
        block = _move_target(self, other, "before")
        self.detach()
        block._link_before(other, self)

    def move_after(self, other: Operation) -> None:
        """Move this op right after `other` (the same conditions as `move_before`)."""
        if other is self:
            return
        block = _move_target(self, other, "after")
        self.detach()
        nxt = other.next_op
        if nxt is None:
            block._link_last(self)
        else:
            block._link_before(nxt, self)

    def verify(self, ctx: object | None = None) -> None:
        """Verify this op and everything nested in it (raises `DiagnosticError`)."""
        from generator.ir.context import Context
        from generator.ir.verifier import verify

        verify(self, ctx if isinstance(ctx, Context) else Context(allow_unregistered_dialects=True))

    def verify_regions(self) -> str | None:
        """Check what depends on the verified contents of this op's regions, after them
        (MLIR's `verifyRegions`, and interface checks that need the regions): an error
        message or None. The class generated for a spec with a `regionVerifier`
        overrides it."""
        return None

    def verify_invariants(self) -> str | None:
        """Check this op's own invariants; registered op classes override this.

        Returns an error message (printed as `'name' op <message>`) or None.
        """
        return None

    def __str__(self) -> str:
        from generator.ir.printer import print_operation

        return print_operation(self, generic=True).rstrip("\n")

    def __repr__(self) -> str:
        return f"<Operation {self.name}>"


class Block:
    """A list of ops with arguments; ops form an intrusive doubly linked list."""

    __slots__ = ("_order_valid", "args", "first_op", "last_op", "parent")

    def __init__(
        self, arg_types: Iterable[Type] = (), arg_locs: Sequence[Location | None] = ()
    ) -> None:
        self.args: list[BlockArgument] = [
            BlockArgument(t, self, i, arg_locs[i] if i < len(arg_locs) else None)
            for i, t in enumerate(arg_types)
        ]
        self.first_op: Operation | None = None
        self.last_op: Operation | None = None
        self.parent: Region | None = None
        #: Whether the ops' `_order` numbers follow their order (see
        #: `Operation.is_before_in_block`); appending keeps it, inserting clears it.
        self._order_valid = False

    def _number_ops(self) -> None:
        i = 0
        op = self.first_op
        while op is not None:
            op._order = i
            i += 1
            op = op.next_op
        self._order_valid = True

    @property
    def ops(self) -> Iterator[Operation]:
        """Iterate over the ops (safe against erasing the current op)."""
        op = self.first_op
        while op is not None:
            nxt = op.next_op
            yield op
            op = nxt

    def __iter__(self) -> Iterator[Operation]:
        return self.ops

    @property
    def is_empty(self) -> bool:
        """True when the block has no ops."""
        return self.first_op is None

    def __len__(self) -> int:
        n = 0
        op = self.first_op
        while op is not None:
            n += 1
            op = op.next_op
        return n

    @property
    def terminator(self) -> Operation | None:
        """The last op of the block (whether or not it is a terminator)."""
        return self.last_op

    def add_argument(self, type_: Type, loc: Location | None = None) -> BlockArgument:
        """Append an argument."""
        arg = BlockArgument(type_, self, len(self.args), loc)
        self.args.append(arg)
        return arg

    def erase_argument(self, index: int) -> None:
        """Remove an argument that has no uses."""
        arg = self.args[index]
        if arg.first_use is not None:
            raise ValueError("cannot erase a block argument that still has uses")
        del self.args[index]
        for i in range(index, len(self.args)):
            self.args[i].index = i

    def is_nested_in(self, op: Operation) -> bool:
        """Whether this block is in a region of `op` or of an op nested in it.

        Walks up the parents, so it costs the nesting depth, not the size of `op`.
        """
        region = self.parent
        while region is not None:
            owner = region.parent
            if owner is None:
                return False
            if owner is op:
                return True
            block = owner.parent
            if block is None:
                return False
            region = block.parent
        return False

    def append(self, op: Operation) -> Operation:
        """Append `op` (which must not be in a block, nor hold this block) and return it."""
        if op.parent is not None or (op.regions and self.is_nested_in(op)):
            raise _insertion_error(op)
        return self._link_last(op)

    def insert_before(self, anchor: Operation, op: Operation) -> Operation:
        """Insert `op` right before `anchor`, which is in this block.

        `op` must not be in a block, nor hold this block.
        """
        if anchor.parent is not self:
            raise _anchor_error(op, anchor, "before")
        if op.parent is not None or (op.regions and self.is_nested_in(op)):
            raise _insertion_error(op)
        return self._link_before(anchor, op)

    def insert_after(self, anchor: Operation, op: Operation) -> Operation:
        """Insert `op` right after `anchor`, which is in this block (see `insert_before`)."""
        if anchor.parent is not self:
            raise _anchor_error(op, anchor, "after")
        nxt = anchor.next_op
        if nxt is None:
            return self.append(op)
        return self.insert_before(nxt, op)

    def _link_last(self, op: Operation) -> Operation:
        """Link `op` at the end, unchecked: the caller knows it is in no block and
        does not hold this one (the parser, which has just made it)."""
        op.parent = self
        last = self.last_op
        op.prev_op = last
        op.next_op = None
        if last is None:
            self.first_op = op
            op._order = 0
        else:
            last.next_op = op
            op._order = last._order + 1
        self.last_op = op
        return op

    def _link_before(self, anchor: Operation, op: Operation) -> Operation:
        """Link `op` before `anchor`, an op of this block, unchecked (see `_link_last`)."""
        op.parent = self
        self._order_valid = False
        prev = anchor.prev_op
        op.prev_op = prev
        op.next_op = anchor
        anchor.prev_op = op
        if prev is None:
            self.first_op = op
        else:
            prev.next_op = op
        return op

    @property
    def parent_op(self) -> Operation | None:
        """The op owning this block's region."""
        return self.parent.parent if self.parent is not None else None

    @property
    def is_entry_block(self) -> bool:
        """True for the first block of its region."""
        return self.parent is not None and self.parent.blocks[0] is self

    @property
    def predecessors(self) -> list[Block]:
        """Blocks whose terminator branches here, once per successor slot, in region order."""
        region = self.parent
        if region is None:
            return []
        preds: list[Block] = []
        for block in region.blocks:
            term = block.last_op
            if term is not None:
                for succ in term.successors:
                    if succ is self:
                        preds.append(block)
        return preds

    def __repr__(self) -> str:
        return f"<Block with {len(self.args)} args>"


class Region:
    """A list of blocks owned by an op."""

    __slots__ = ("blocks", "parent")

    def __init__(self, parent: Operation | None = None, blocks: Iterable[Block] = ()) -> None:
        self.parent = parent
        self.blocks: list[Block] = []
        for block in blocks:
            self.add_block(block)

    def add_block(self, block: Block) -> Block:
        """Append a block (in no region, and not holding this one) and return it."""
        self._check_adoptable(block)
        block.parent = self
        self.blocks.append(block)
        return block

    def insert_block(self, index: int, block: Block) -> Block:
        """Insert a block at `index` (the same conditions as `add_block`)."""
        self._check_adoptable(block)
        block.parent = self
        self.blocks.insert(index, block)
        return block

    def _check_adoptable(self, block: Block) -> None:
        if block.parent is not None:
            raise ValueError("block already belongs to a region")
        if block.first_op is None:
            return
        # A block holding this region's op (or one of its ancestors) would hold itself.
        owner = self.parent
        while owner is not None:
            outer = owner.parent
            if outer is None:
                return
            if outer is block:
                raise ValueError(
                    f"cannot add a block holding '{owner.name}' to a region nested in it"
                )
            region = outer.parent
            owner = region.parent if region is not None else None

    def erase_block(self, block: Block) -> None:
        """Remove a block, dropping the references of its ops."""
        self.blocks.remove(block)
        block.parent = None
        for op in block.ops:
            op.drop_all_references()

    @property
    def is_empty(self) -> bool:
        """True when the region has no blocks."""
        return not self.blocks

    @property
    def entry_block(self) -> Block | None:
        """The first block, or None."""
        return self.blocks[0] if self.blocks else None

    @property
    def ops(self) -> Iterator[Operation]:
        """Iterate over the ops of every block."""
        for block in self.blocks:
            yield from block.ops

    def __repr__(self) -> str:
        return f"<Region with {len(self.blocks)} blocks>"


def _insertion_error(op: Operation) -> ValueError:
    """Why `op` cannot be inserted into a block: it is in one, or it holds that block."""
    if op.parent is not None:
        return ValueError(f"'{op.name}' is already in a block")
    return ValueError(f"cannot insert '{op.name}' into a block nested in it")


def _anchor_error(op: Operation, anchor: Operation, where: str) -> ValueError:
    """Why `op` cannot be inserted `where` ("before", "after") `anchor`, not in the block."""
    problem = "is in another block" if anchor.parent is not None else "is not in a block"
    return ValueError(
        f"cannot insert '{op.name}' {where} anchor '{anchor.name}': the anchor {problem}"
    )


def _move_target(op: Operation, other: Operation, where: str) -> Block:
    """The block `op` moves into next to `other`, checked before `op` leaves its own."""
    block = other.parent
    if block is None:
        raise ValueError(f"cannot move '{op.name}' {where} '{other.name}', which is not in a block")
    if op.regions and block.is_nested_in(op):
        raise ValueError(f"cannot move '{op.name}' {where} '{other.name}', which is nested in it")
    return block
