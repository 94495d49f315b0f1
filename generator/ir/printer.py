"""Printer of MLIR's textual IR, byte for byte as `mlir-opt-22` prints it.

Three concerns live here:

* SSA and block naming. In the generic form MLIR gives every value a name unique
  in the whole printed op: regions are numbered from a stack (the last region
  pushed is numbered first), so sibling functions do not restart at `%0`.
* Aliases. Affine maps and sets, locations, distinct attributes and dialect
  attributes the input gave an alias to are printed once at the top (or, for
  locations only used by ops, at the bottom) as `#map = ...` and referenced by
  name. A pre-pass visits attributes in print order, then names are assigned by
  nesting depth, kind and name, as MLIR does. The pre-pass only runs when some
  attribute or type in the tree can be aliased.
* The text of types and attributes, cached on the (uniqued) objects themselves
  when it cannot depend on aliases.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from generator.ir.attr_type_base import (
    DialectAttr,
    DialectType,
    ParametricAttr,
    ParametricType,
    TypedDialectAttr,
    param_children,
)
from generator.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    BoolAttr,
    CallSiteLoc,
    DenseArrayAttr,
    DenseElementsAttr,
    DenseResourceElementsAttr,
    DenseStringElementsAttr,
    DictionaryAttr,
    DistinctAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IntegerAttr,
    IntegerSetAttr,
    LocationAttr,
    NameLoc,
    OpaqueAttr,
    SparseElementsAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
)
from generator.ir.core import Block, BlockArgument, Operation, Region, Value
from generator.ir.interfaces import OpAsmOpInterface
from generator.ir.module import ResourceBlob
from generator.ir.opasm import AsmPrinter
from generator.ir.source import SourceLoc
from generator.ir.traits import IsTerminator
from generator.ir.type_utilities import is_elements_attr
from generator.ir.types import (
    DYNAMIC,
    TUPLE_ALIAS_MIN_SIZE,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
    format_shape,
)

__all__ = [
    "Printer",
    "attribute_to_string",
    "escape_string",
    "print_operation",
    "type_to_string",
]

_I64 = IntegerType.get(64)
_F64 = FloatType.get("f64")
_NONE = NoneType.get()

#: Number of elements above which a non-splat dense attribute prints as hex.
_HEX_THRESHOLD = 100


def _is_bare_identifier(name: str) -> bool:
    if not name or not (name[0].isalpha() or name[0] == "_") or not name.isascii():
        return False
    return all(c.isalnum() or c in "_$." for c in name)


_ESCAPES = {i: f"\\{i:02X}" for i in range(256) if not (0x20 <= i < 0x7F) or i == 0x22}
_ESCAPES[0x5C] = "\\\\"


def escape_string(value: str) -> str:
    """Return `value` quoted and escaped as MLIR prints string literals."""
    if value.isascii() and value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'
    data = value.encode("utf-8", "surrogateescape")
    return '"' + "".join(_ESCAPES.get(b, chr(b)) for b in data) + '"'


def _symbol_name(name: str) -> str:
    return "@" + (name if _is_bare_identifier(name) else escape_string(name))


def _key_text(name: str) -> str:
    return name if _is_bare_identifier(name) else escape_string(name)


def _pretty_dialect_symbol(sigil: str, dialect: str, data: str) -> str:
    """`!dialect.data` when `data` is an identifier optionally followed by `<...>`."""
    if data and data[0].isalpha():
        i = 0
        n = len(data)
        while i < n and (data[i].isalnum() or data[i] in "._"):
            i += 1
        if i == n or (data[i] == "<" and data[-1] == ">"):
            return f"{sigil}{dialect}.{data}"
    return f"{sigil}{dialect}<{data}>"


class _AliasInfo:
    """An attribute or type met by the alias pre-pass."""

    __slots__ = ("base", "children", "deferrable", "depth", "is_type", "name", "order")

    def __init__(self, base: str | None, is_type: bool, deferrable: bool, order: int) -> None:
        self.base = base
        self.is_type = is_type
        self.deferrable = deferrable
        self.depth = 0
        self.order = order
        self.name: str | None = None
        #: The nested attributes and types met by the pre-pass.
        self.children: list[_AliasInfo] = []

    def mark_non_deferrable(self) -> None:
        """Print this alias (and so everything it refers to) before the top-level op."""
        if self.deferrable:
            self.deferrable = False
            for child in self.children:
                child.mark_non_deferrable()


class Printer(AsmPrinter):
    """Prints ops, types and attributes, with SSA names and aliases for one top-level op.

    Custom forms see it as an `AsmPrinter` (`generator.ir.opasm`): the methods of that
    protocol are the API they use; the rest of the class and its state are internal.
    """

    write: Callable[[str], None]
    # Plain attributes here, where the protocol has read-only properties: they shadow
    # the protocol's properties, so `__init__` can set them.
    indent: int = 0
    debuginfo: bool = False

    def __init__(
        self,
        *,
        generic: bool = True,
        debuginfo: bool = False,
        sink: Callable[[str], object] | None = None,
    ) -> None:
        self.generic = generic
        #: Where finished text goes when streaming (see `flush`); None keeps it all.
        self.sink = sink
        self.debuginfo = debuginfo
        #: Value names other than `%N` (`%arg0`, `%0#1`, `%c1_i32`). A `%N` name is
        #: kept on the value itself (see `_stamp`), with no table entry: a table of
        #: every value of a big function was most of the printer's memory.
        self.value_names: dict[Value, str] = {}
        #: Marks the values this printer named; see `_stamp`.
        self._token = object()
        #: What was numbered (the top op, and whether generically), to number again
        #: if another printer renumbered some of the same values meanwhile.
        self._numbered: tuple[Operation, bool] | None = None
        self._numbering_epoch = -1
        self.block_names: dict[Block, str] = {}
        self.block_order: dict[Block, int] = {}
        self.aliases: dict[object, _AliasInfo] = {}
        self.alias_names: dict[object, str] = {}
        self.distinct_ids: dict[DistinctAttr, int] = {}
        #: Handles of `dense_resource` attributes met while collecting aliases.
        self.used_resources: set[str] = set()
        #: Aliased attributes and types in the order their definitions print.
        self.alias_order: list[tuple[object, _AliasInfo]] = []
        self.out: list[str] = []
        # Bound once: custom printers append through it as cheaply as through the list.
        self.write = self.out.append
        #: Custom form: the `%a, %b:2 = ` text of ops whose results are named in groups.
        self.result_headers: dict[Operation, str] = {}
        #: Custom form: the dialect prefix op names leave out, innermost last.
        self.default_dialects: list[str] = ["builtin"]
        #: Custom form: the indentation of the op being printed.
        self.indent = 0
        #: How many times text went to the sink: text already handed on cannot be
        #: taken back when a custom form fails halfway.
        self.flushes = 0

    # -- naming ------------------------------------------------------------------

    def _stamp(self, value: Value, number: int) -> None:
        """Name `value` `%number`, or by its `value_names` entry if `number` is -1.

        The name is kept on the value, with this printer's token: the token is
        written before the number and read after it, so a value another printer
        stamped meanwhile is never read with a stale number.
        """
        value._asm_token = self._token
        value._asm_number = number

    def _name_text(self, value: Value, text: str) -> None:
        self.value_names[value] = text
        self._stamp(value, -1)

    def _name_group(self, results: Sequence[Value], base: str) -> None:
        for i, r in enumerate(results):
            self._name_text(r, f"{base}#{i}")

    def _begin_numbering(self, top: Operation, generic: bool) -> None:
        global _numberings
        _numberings += 1
        self._numbered = (top, generic)
        self._numbering_epoch = _numberings

    def number_values(self, top: Operation) -> None:
        """Assign `%N`, `%argN` and `^bbN` names the way the generic printer does."""
        self._begin_numbering(top, True)
        token = self._token
        block_names = self.block_names
        block_order = self.block_order
        next_value = 0
        next_arg = 0
        results = top.results
        if results:
            base = f"%{next_value}"
            next_value += 1
            self._name_group(results, base)
        stack: list[Region] = list(top.regions)
        while stack:
            region = stack.pop()
            for bid, block in enumerate(region.blocks):
                block_names[block] = f"^bb{bid}"
                block_order[block] = bid
                if bid == 0:
                    for arg in block.args:
                        self._name_text(arg, f"%arg{next_arg}")
                        next_arg += 1
                else:
                    for arg in block.args:
                        arg._asm_token = token
                        arg._asm_number = next_value
                        next_value += 1
                op = block.first_op
                while op is not None:
                    results = op.results
                    if results:
                        if len(results) == 1:
                            value = results[0]
                            value._asm_token = token
                            value._asm_number = next_value
                        else:
                            self._name_group(results, f"%{next_value}")
                        next_value += 1
                    op = op.next_op
            for op in region.ops:
                if op.regions:
                    stack.extend(op.regions)

    def number_values_custom(self, top: Operation) -> None:
        """Assign names the way MLIR's custom printer does.

        Each region starts from the counters its parent region had when that one
        was numbered, so sibling functions both start at `%0` and `%arg0`. Ops may
        suggest result names (`asm_result_names`); a name already used in the
        region or an enclosing one gets a `_N` suffix from a counter that, like
        the others, is restored per region.
        """
        self._begin_numbering(top, False)
        block_names = self.block_names
        block_order = self.block_order
        top_scope = _NameScope(None)
        # Counters: next value id, next entry argument id, next conflict suffix.
        state = [0, 0, 0]
        stack: list[tuple[Region, int, int, int, _NameScope]] = [
            (region, 0, 0, 0, top_scope) for region in top.regions
        ]
        self._name_op_results(top, top_scope, state)
        while stack:
            region, next_value, next_arg, next_conflict, parent = stack.pop()
            state = [next_value, next_arg, next_conflict]
            scope = _NameScope(parent)
            for bid, block in enumerate(region.blocks):
                block_names[block] = f"^bb{bid}"
                block_order[block] = bid
                if bid == 0:
                    owner = region.parent
                    hints = (
                        dict(owner.asm_block_arg_names(region))
                        if isinstance(owner, OpAsmOpInterface)
                        else {}
                    )
                    for index, arg in enumerate(block.args):
                        hint = hints.get(index)
                        if hint is not None:
                            self._name_text(arg, "%" + self._unique_name(hint, scope, state))
                            continue
                        self._name_text(
                            arg, "%" + self._unique_name(f"arg{state[1]}", scope, state)
                        )
                        state[1] += 1
                else:
                    for arg in block.args:
                        self._stamp(arg, state[0])
                        state[0] += 1
                op = block.first_op
                while op is not None:
                    if op.results:
                        self._name_op_results(op, scope, state)
                    op = op.next_op
            for op in region.ops:
                for nested in op.regions:
                    stack.append((nested, state[0], state[1], state[2], scope))

    @staticmethod
    def _result_name_hints(op: OpAsmOpInterface) -> Sequence[tuple[int, str]]:
        """The op's suggested result names; none for an op that breaks its spec and
        with it its naming hook (printed in the generic form, see `print_custom_op`)."""
        try:
            return op.asm_result_names()
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            if op.verify_invariants() is None:
                raise
            return ()

    def _name_op_results(self, op: Operation, scope: _NameScope, state: list[int]) -> None:
        results = op.results
        if not results:
            return
        hints = self._result_name_hints(op) if isinstance(op, OpAsmOpInterface) else ()
        if not hints:
            if len(results) == 1:
                self._stamp(results[0], state[0])
            else:
                self._name_group(results, f"%{state[0]}")
            state[0] += 1
            return
        bases: dict[int, str] = {}
        for index, hint in hints:
            bases[index] = "%" + self._unique_name(hint, scope, state)
        if 0 not in bases:
            bases[0] = f"%{state[0]}"
            state[0] += 1
        starts = sorted(bases)
        count = len(results)
        header = []
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else count
            base = bases[start]
            if end - start == 1:
                self._name_text(results[start], base)
                header.append(base)
            else:
                for k in range(start, end):
                    self._name_text(results[k], f"{base}#{k - start}")
                header.append(f"{base}:{end - start}")
        if len(starts) > 1:
            self.result_headers[op] = ", ".join(header)

    @staticmethod
    def _unique_name(name: str, scope: _NameScope, state: list[int]) -> str:
        """`name` made a valid identifier, with a `_N` suffix if it is taken."""
        name = sanitize_identifier(name)
        if scope.uses(name):
            probe_base = name + "_"
            while True:
                probe = probe_base + str(state[2])
                state[2] += 1
                if not scope.uses(probe):
                    name = probe
                    break
        scope.names.add(name)
        return name

    # -- alias pre-pass ------------------------------------------------------------

    def collect_aliases(self, top: Operation) -> None:
        """Visit attributes and types in print order and name the aliasable ones."""
        self._visit_op(top)
        if not self.aliases:
            return
        infos = sorted(
            self.aliases.items(),
            key=lambda kv: (kv[1].depth, not kv[1].is_type, kv[1].base or "", kv[1].order),
        )
        counts: dict[str, int] = {}
        for key, info in infos:
            if info.base is None:
                continue
            n = counts.get(info.base, 0)
            counts[info.base] = n + 1
            info.name = info.base if n == 0 else f"{info.base}{n}"
            self.alias_names[key] = ("!" if info.is_type else "#") + info.name
        # Keep only aliased entries, in their printing order.
        self.alias_order = [(k, i) for k, i in infos if i.name is not None]

    def _visit_op(self, op: Operation) -> None:
        """Visit what `op` prints, in the order MLIR's alias pre-pass does.

        That order is: location, regions, operand types, result types, then the
        attribute dictionary; in the custom form, an op may name the inherent
        attributes its printer writes first instead (`asm_printed_attrs`), and the
        parts of its regions it leaves out (`asm_region_parts`). Properties of an unregistered op are not visited, so
        an aliasable attribute used only there prints inline.
        """
        if self.debuginfo:
            self._visit_loc(op.loc, True)
        printed = None if self.generic or not op.HAS_CUSTOM_FORM else op.asm_printed_attrs()
        if printed is not None:
            for attr in printed:
                if attr.has_alias_parts:
                    self._visit_attr(attr)
        custom = not self.generic and op.HAS_CUSTOM_FORM
        for region in op.regions:
            entry_args, terminators = op.asm_region_parts(region) if custom else (None, True)
            for block in region.blocks:
                args: Sequence[BlockArgument] = block.args
                stop: Operation | None = None
                if block is region.blocks[0]:
                    if entry_args is not None:
                        args = entry_args
                    last = block.last_op
                    if not terminators and last is not None and last.has_trait(IsTerminator):
                        stop = last
                for arg in args:
                    if arg.type.has_alias_parts:
                        self._visit_type(arg.type)
                    if self.debuginfo:
                        self._visit_loc(arg.loc, False)
                o = block.first_op
                while o is not None and o is not stop:
                    self._visit_op(o)
                    o = o.next_op
        for operand in op.op_operands:
            t = operand.value.type
            if t.has_alias_parts:
                self._visit_type(t)
        for r in op.results:
            if r.type.has_alias_parts:
                self._visit_type(r.type)
        props = op.properties
        if printed is None and props is not None and props.has_alias_parts:
            if op.is_registered:
                self._visit_attr(props)
            else:
                # Still look for dialect attributes the input named with an alias:
                # their op is registered where the file came from.
                self._visit_hinted_only(props)
        attrs = op.attributes
        if attrs.has_alias_parts and (not custom or op.asm_prints_attr_dict()):
            self._visit_attr(attrs)

    def _visit_hinted_only(self, attr: Attribute | Type) -> None:
        if isinstance(attr, (OpaqueAttr, OpaqueType)) and attr.alias_hint is not None:
            if isinstance(attr, OpaqueAttr):
                self._visit_attr(attr)
            else:
                self._visit_type(attr)
            return
        if attr.has_alias_parts:
            children = _attr_children(attr) if isinstance(attr, Attribute) else _type_children(attr)
            for child in children:
                self._visit_hinted_only(child)

    def _visit_loc(self, loc: object, deferrable: bool) -> None:
        if isinstance(loc, SourceLoc):
            loc = _file_line_col(loc)
        elif loc is None:
            loc = UnknownLoc.get()
        assert isinstance(loc, Attribute)
        self._visit_attr(loc, deferrable)

    def _record(
        self, key: object, base: str | None, is_type: bool, deferrable: bool
    ) -> tuple[_AliasInfo, bool]:
        info = self.aliases.get(key)
        if info is not None:
            if not deferrable:
                info.mark_non_deferrable()
            return info, False
        info = _AliasInfo(base, is_type, deferrable, len(self.aliases))
        self.aliases[key] = info
        return info, True

    def _visit_attr(self, attr: Attribute, deferrable: bool = False) -> int:
        """Visit an attribute; returns its alias depth (see `_depth`)."""
        if not attr.has_alias_parts:
            return 0
        base: str | None = None
        if isinstance(attr, (AffineMapAttr,)):
            base = "map"
        elif isinstance(attr, IntegerSetAttr):
            base = "set"
        elif isinstance(attr, LocationAttr):
            base = "loc"
        elif isinstance(attr, DistinctAttr):
            # MLIR prints `distinct[N]<>` inline; only non-unit payloads get an alias.
            base = None if attr.referenced is _UNIT_ATTR else "distinct"
        elif isinstance(attr, DenseResourceElementsAttr):
            self.used_resources.add(attr.handle)
        elif isinstance(attr, OpaqueAttr):
            base = attr.alias_hint
        elif isinstance(attr, (TypedDialectAttr, ParametricAttr)):
            base = attr.ALIAS
        info, fresh = self._record(attr, base, False, deferrable)
        if fresh:
            depth = 0
            for child in _attr_children(attr):
                if isinstance(child, Type):
                    depth = max(depth, self._visit_type(child))
                else:
                    depth = max(depth, self._visit_attr(child, deferrable))
                self._add_child(info, child)
            info.depth = _depth(depth, info.base)
        return info.depth

    def _add_child(self, info: _AliasInfo, child: Attribute | Type) -> None:
        child_info = self.aliases.get(child)
        if child_info is not None:
            info.children.append(child_info)

    def _visit_type(self, type_: Type) -> int:
        """Visit a type; returns its alias depth (see `_depth`)."""
        if not type_.has_alias_parts:
            return 0
        base: str | None = None
        if isinstance(type_, OpaqueType):
            base = type_.alias_hint
        elif isinstance(type_, TupleType) and len(type_.types) >= TUPLE_ALIAS_MIN_SIZE:
            base = "tuple"
        info, fresh = self._record(type_, base, True, False)
        if fresh:
            depth = 0
            for child in _type_children(type_):
                if isinstance(child, Type):
                    depth = max(depth, self._visit_type(child))
                else:
                    depth = max(depth, self._visit_attr(child))
                self._add_child(info, child)
            info.depth = _depth(depth, info.base)
        return info.depth

    # -- ops -----------------------------------------------------------------------

    def flush(self) -> None:
        """Hand the text printed so far to the sink, so big outputs are not held in memory."""
        if self.sink is not None and self.out:
            self.sink("".join(self.out))
            self.out.clear()
            self.flushes += 1

    def print_top(self, op: Operation) -> str:
        """Print a top-level op with its alias definitions; returns what was not flushed."""
        if self.generic:
            self.number_values(op)
        else:
            self.number_values_custom(op)
        self.collect_aliases(op)
        out = self.out
        deferred = []
        for key, info in self.alias_order:
            if info.deferrable:
                deferred.append((key, info))
                continue
            out.append(self._alias_definition(key, info))
        self.print_op(op, 0)
        for key, info in deferred:
            out.append(self._alias_definition(key, info))
        return "".join(out)

    def _alias_definition(self, key: object, info: _AliasInfo) -> str:
        name = self.alias_names[key]
        if isinstance(key, Type):
            body = self.type_text(key, inline=True)
        else:
            assert isinstance(key, Attribute)
            body = self.attr_text(key, inline=True)
        return f"{name} = {body}\n"

    def print_op(self, op: Operation, indent: int, *, bare: bool = False) -> None:
        """Append the generic form of `op` at `indent` spaces, with a newline.

        An op without regions becomes a single string: building one string per op
        (rather than many fragments) keeps the output list small for big modules.
        `bare` leaves out the indentation, the results, the location and the newline
        (see `print_generic_op`).
        """
        if (
            not bare
            and not self.generic
            and op.HAS_CUSTOM_FORM
            and self.print_custom_op(op, indent)
        ):
            return
        results = op.results
        if bare:
            head = ""
        elif results:
            first = self.operand(results[0])
            if len(results) == 1:
                head = f"{' ' * indent}{first} = "
            else:
                head = f"{' ' * indent}{first.partition('#')[0]}:{len(results)} = "
        else:
            head = " " * indent
        name = op.name
        # Non-ASCII text is escaped byte by byte, as in any other string.
        if not (name.isascii() and name.isprintable()) or '"' in name or "\\" in name:
            name = escape_string(name)[1:-1]
        operands = op.op_operands
        if operands:
            head += f'"{name}"(' + self.operands([o.value for o in operands]) + ")"
        else:
            head += f'"{name}"()'
        if op.successors:
            head += (
                "["
                + ", ".join([self.block_names.get(b, "<<UNKNOWN BLOCK>>") for b in op.successors])
                + "]"
            )
        props = op.properties
        if props is not None:
            head += f" <{self.attr_text(props)}>"
        if op.regions:
            out = self.out
            out.append(head + " (")
            first_region = True
            for region in op.regions:
                if not first_region:
                    out.append(", ")
                first_region = False
                self.print_region(region, indent + 2)
            head = ")"
        attrs = op.attributes
        if attrs.entries:
            head += " " + self.attr_text(attrs)
        fn = FunctionType.get(
            tuple([o.value.type for o in operands]), tuple([r.type for r in results])
        )
        head += " : " + (fn._text or self.type_text(fn))
        if bare:
            self.out.append(head)
            return
        if self.debuginfo:
            head += " " + self.loc_text(op.loc)
        self.out.append(head + "\n")

    def print_generic_op(self, op: Operation) -> None:
        """Append `op` in the generic form without its results and location, inside
        the custom form of the op being printed (MLIR's `printGenericOp`); the ops in
        its regions are printed as usual."""
        self.print_op(op, self.indent, bare=True)

    def print_custom_op(self, op: Operation, indent: int) -> bool:
        """Append the custom form of `op` at `indent` spaces, with a newline.

        A hand-written `print` may return False to have the op printed in the
        generic form instead (as MLIR printers call `printGenericOp` for shapes
        their custom form cannot express); False is then returned here too.
        """
        results = op.results
        head = " " * indent
        if results:
            header = self.result_headers.get(op)
            if header is None:
                first = self.operand(results[0])
                many = len(results) > 1
                header = f"{first.partition('#')[0]}:{len(results)}" if many else first
            head += header + " = "
        name = op.name
        prefix = self.default_dialects[-1]
        if (
            prefix
            and name.startswith(prefix)
            and name[len(prefix) : len(prefix) + 1] == "."
            and name.count(".") == 1
        ):
            name = name[len(prefix) + 1 :]
        out = self.out
        mark = len(out)
        out.append(head + name)
        saved = self.indent
        dialects = len(self.default_dialects)
        flushes = self.flushes
        self.indent = indent
        try:
            custom = op.print(self) is not False
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            self.indent = saved
            # An op that breaks its spec (one that failed to verify) may break its
            # custom printer too; MLIR prints such an op in the generic form. A
            # valid op whose printer fails is a bug, and so is reported.
            if flushes != self.flushes or op.verify_invariants() is None:
                raise
            del self.default_dialects[dialects:]
            custom = False
        self.indent = saved
        if not custom:
            del out[mark:]
            return False
        if self.debuginfo:
            out.append(" " + self.loc_text(op.loc))
        out.append("\n")
        return True

    # -- the custom-form API (what generated `print` methods call) -----------------

    def operand(self, value: Value) -> str:
        """The name of a value (`%x`, `%0#1`)."""
        number = value._asm_number
        if value._asm_token is self._token:
            return f"%{number}" if number >= 0 else self.value_names[value]
        return self._unnumbered_name(value)

    def operands(self, values: Sequence[Value]) -> str:
        """Comma-separated value names."""
        token = self._token
        texts = []
        for v in values:
            number = v._asm_number
            if v._asm_token is token:
                texts.append(f"%{number}" if number >= 0 else self.value_names[v])
            else:
                texts.append(self._unnumbered_name(v))
        return ", ".join(texts)

    def _unnumbered_name(self, value: Value) -> str:
        """The name of a value this printer's numbering does not show as its own.

        Either the value is outside what was numbered (MLIR prints it as unknown),
        or another printer has numbered it since (a print inside a print, or in
        another thread): then this printer numbers its op again, which gives the
        same names, and looks once more.
        """
        numbered = self._numbered
        if numbered is not None and self._numbering_epoch != _numberings:
            top, generic = numbered
            if generic:
                self.number_values(top)
            else:
                self.number_values_custom(top)
            number = value._asm_number
            if value._asm_token is self._token:
                return f"%{number}" if number >= 0 else self.value_names[value]
        return "<<UNKNOWN SSA VALUE>>"

    def types(self, types: Sequence[Type]) -> str:
        """Comma-separated types."""
        return ", ".join([self.type_text(t) for t in types])

    def newline(self) -> str:
        """A line break followed by the indentation of the op being printed."""
        return "\n" + " " * self.indent

    def successor(self, block: Block) -> str:
        """The name of a block (`^bb1`)."""
        return self.block_names.get(block, "<<UNKNOWN BLOCK>>")

    def functional_type(self, inputs: Sequence[Type], results: Sequence[Type]) -> str:
        """`(inputs) -> results`, the results in parentheses unless there is exactly one."""
        return f"({self.types(inputs)}) -> {self.arrow_results(results)}"

    def arrow_results(self, results: Sequence[Type]) -> str:
        """A result type list after `->`: one type bare, otherwise in parentheses."""
        if len(results) == 1 and not isinstance(results[0], FunctionType):
            return self.type_text(results[0])
        return f"({self.types(results)})"

    def attr_dict(
        self,
        op: Operation,
        elided: Collection[str] = (),
        *,
        with_keyword: bool = False,
        discardable_only: bool = False,
        elide_defaults: bool = False,
    ) -> str:
        """` {...}` (or ` attributes {...}`) of the op's attributes not in `elided`.

        The dictionary holds the inherent attributes (the properties) and the
        discardable ones, sorted by name, as MLIR's `getAttrs()` gives them; with
        `discardable_only` (a format with `prop-dict`) only the discardable ones.
        `elide_defaults` leaves out properties equal to their default value, as the
        `attr-dict` of a declarative format does.
        """
        entries = op.attributes.entries
        props = op.property_entries()
        if not discardable_only and props:
            entries = tuple(sorted((*props, *entries), key=lambda kv: kv[0]))
        if elided:
            entries = tuple([kv for kv in entries if kv[0] not in elided])
        if elide_defaults and props:
            defaults = dict(op.DEFAULT_PROPERTIES)
            values = dict(props)
            entries = tuple(
                [(k, v) for k, v in entries if defaults.get(k) is not v or values.get(k) is not v]
            )
        if not entries:
            return ""
        parts = []
        for key, value in entries:
            if value is _UNIT_ATTR:
                parts.append(_key_text(key))
            else:
                parts.append(f"{_key_text(key)} = {self.attr_text(value)}")
        text = "{" + ", ".join(parts) + "}"
        return " attributes " + text if with_keyword else " " + text

    def symbol(self, name: str) -> str:
        """`@name`, quoted when it is not a bare identifier."""
        return _symbol_name(name)

    def attr_without_type(self, attr: Attribute) -> str:
        """An attribute whose type the syntax implies: `42` for `42 : i32`."""
        if isinstance(attr, BoolAttr):
            return "true" if attr.value else "false"
        if isinstance(attr, IntegerAttr):
            return str(attr.value)
        if isinstance(attr, FloatAttr) or is_elements_attr(attr):
            # An elements attribute's type ends its text (`dense<1.0> : tensor<2xf32>`).
            text = self.attr_text(attr)
            return text.rpartition(" : ")[0] or text
        return self.attr_text(attr)

    def needs_terminator(self, region: Region) -> bool:
        """Whether a region of an op with an implicit terminator must print it.

        The terminator is left out unless it has attributes, operands or results.
        """
        blocks = region.blocks
        if not blocks:
            return True
        term = blocks[0].last_op
        if term is None:
            return True
        props = term.properties
        has_props = isinstance(props, DictionaryAttr) and bool(props.entries)
        return (
            bool(term.attributes.entries)
            or has_props
            or bool(term.op_operands)
            or bool(term.results)
        )

    def prop_dict(self, op: Operation, elided: Collection[str] = ()) -> str:
        """` <{...}>`: the op's properties not in `elided` and not at their default value."""
        props = op.properties
        if not isinstance(props, DictionaryAttr):
            return ""
        defaults = dict(op.DEFAULT_PROPERTIES)
        kept = [(k, v) for k, v in props.entries if k not in elided and defaults.get(k) is not v]
        if not kept:
            return ""
        return " <" + self.attr_text(DictionaryAttr.get(tuple(kept))) + ">"

    def stripped_attr(self, attr: Attribute) -> str:
        """A dialect attribute without its `#dialect.mnemonic` prefix (`<nsw>`; ` slt`
        for an enum written after a space, whose printer starts with that space as
        MLIR's generated attribute printers do); one with an alias prints the alias, and
        one whose parameters print nothing in full (MLIR's `printStrippedAttrOrType`)."""
        if isinstance(attr, DenseArrayAttr):
            text = _dense_array_text(attr, self)
            return "[" + text.partition(":")[2].strip().removesuffix(">") + "]"
        if isinstance(attr, ParametricAttr):
            alias = self.alias_names.get(attr) if attr.has_alias_parts else None
            if alias is not None:
                return alias
            return attr.params_text(self) or self.attr_text(attr)
        if isinstance(attr, DialectAttr):
            body = attr.body()
            mnemonic = getattr(attr, "MNEMONIC", "")
            if mnemonic and body.startswith(mnemonic) and len(body) > len(mnemonic):
                # An enum attribute written `mnemonic case` strips to ` case`, with the
                # space MLIR's printer of the format `$value` writes first.
                return body[len(mnemonic) :]
            if body == mnemonic:
                # Nothing follows the mnemonic: MLIR prints the attribute in full.
                return self.attr_text(attr)
            return body
        return self.attr_text(attr)

    def stripped_type(self, type_: Type) -> str:
        """A dialect type with parameters without its `!dialect.mnemonic` prefix (`<f32>`);
        one with an alias prints the alias, and any other type prints in full (MLIR's
        `printStrippedAttrOrType`)."""
        if isinstance(type_, ParametricType):
            alias = self.alias_names.get(type_) if type_.has_alias_parts else None
            if alias is not None:
                return alias
            text = type_.params_text(self)
            if text:
                return text
        return self.type_text(type_)

    def print_region(
        self,
        region: Region,
        indent: int | None = None,
        *,
        entry_args: bool = True,
        terminators: bool = True,
        empty_block: bool = False,
    ) -> None:
        """Append `{ blocks }`.

        In the generic form `indent` is that of the region's ops; a custom printer
        leaves it out and says which parts of the region its syntax implies:
        `entry_args` prints the entry block's arguments, `terminators` the blocks'
        terminators, and `empty_block` an empty entry block's label.
        """
        if indent is None:
            self.print_custom_region(region, self.indent + 2, entry_args, terminators, empty_block)
            return
        if not self.generic:
            self.print_custom_region(region, indent, True, True, True)
            return
        out = self.out
        out.append("{\n")
        blocks = region.blocks
        if blocks:
            preds = _predecessor_map(region)
            for i, block in enumerate(blocks):
                # The entry block's label is printed only when it has arguments or no ops.
                if i > 0 or block.args or block.first_op is None:
                    self.print_block_header(block, indent - 2, preds.get(block, []), i == 0)
                op = block.first_op
                while op is not None:
                    self.print_op(op, indent)
                    op = op.next_op
                    if len(out) > 4096 and self.sink is not None:
                        self.flush()
        out.append(" " * (indent - 2))
        out.append("}")

    def print_regions(self, regions: Sequence[Region]) -> None:
        """Append regions separated by `, ` (the `regions` directive)."""
        for i, region in enumerate(regions):
            if i:
                self.out.append(", ")
            self.print_region(region)

    def print_custom_region(
        self,
        region: Region,
        indent: int,
        entry_args: bool,
        terminators: bool,
        empty_block: bool,
    ) -> None:
        """Append `{ blocks }` in the custom form, its ops at `indent` spaces."""
        out = self.out
        out.append("{\n")
        blocks = region.blocks
        if blocks:
            parent = region.parent
            self.default_dialects.append(parent.DEFAULT_DIALECT if parent is not None else "")
            preds = _predecessor_map(region)
            for i, block in enumerate(blocks):
                if i == 0:
                    header = (empty_block and block.first_op is None) or (
                        entry_args and bool(block.args)
                    )
                    keep_terminator = terminators
                else:
                    header = keep_terminator = True
                if header:
                    self.print_block_header(block, indent - 2, preds.get(block, []), i == 0)
                last = block.last_op
                if not keep_terminator and last is not None and last.has_trait(IsTerminator):
                    stop: Operation | None = last
                else:
                    stop = None
                op = block.first_op
                while op is not None and op is not stop:
                    self.print_op(op, indent)
                    op = op.next_op
                    if len(out) > 4096 and self.sink is not None:
                        self.flush()
            self.default_dialects.pop()
        out.append(" " * (indent - 2))
        out.append("}")

    def print_block_header(
        self, block: Block, indent: int, preds: list[Block], is_entry: bool
    ) -> None:
        """Append `^bbN(%args...):  // preds` on its own line."""
        out = self.out
        out.append(" " * indent)
        out.append(self.block_names[block])
        if block.args:
            parts = []
            for arg in block.args:
                text = f"{self.operand(arg)}: {self.type_text(arg.type)}"
                if self.debuginfo:
                    text += " " + self.loc_text(arg.loc, allow_alias=False)
                parts.append(text)
            out.append("(" + ", ".join(parts) + ")")
        out.append(":")
        if not preds:
            if not is_entry:
                out.append("  // no predecessors")
        elif len(preds) == 1:
            out.append(f"  // pred: {self.block_names[preds[0]]}")
        else:
            ordered = sorted(preds, key=self.block_order.__getitem__)
            out.append(
                f"  // {len(ordered)} preds: " + ", ".join(self.block_names[b] for b in ordered)
            )
        out.append("\n")

    # -- locations -------------------------------------------------------------------

    def loc_text(self, loc: object, *, allow_alias: bool = True) -> str:
        """`loc(...)` for an op or argument location."""
        if isinstance(loc, SourceLoc):
            loc = _file_line_col(loc)
        elif loc is None:
            loc = UnknownLoc.get()
        assert isinstance(loc, Attribute)
        if allow_alias:
            alias = self.alias_names.get(loc)
            if alias is not None:
                return f"loc({alias})"
        return f"loc({self._loc_body(loc)})"

    def _loc_body(self, loc: Attribute) -> str:
        if isinstance(loc, UnknownLoc):
            return "unknown"
        if isinstance(loc, FileLineColLoc):
            col = loc.col or 0
            text = f"{escape_string(loc.filename)}:{loc.line}:{col}"
            end_col = loc.end_col
            if end_col is not None:
                end_line = loc.line if loc.end_line is None else loc.end_line
                if end_line != loc.line:
                    text += f" to {end_line}:{end_col}"
                elif end_col != col:
                    text += f" to :{end_col}"
            return text
        if isinstance(loc, NameLoc):
            text = escape_string(loc.name)
            if loc.child is not None:
                text += f"({self._nested_loc(loc.child)})"
            return text
        if isinstance(loc, CallSiteLoc):
            return f"callsite({self._nested_loc(loc.callee)} at {self._nested_loc(loc.caller)})"
        if isinstance(loc, FusedLoc):
            meta = f"<{self.attr_text(loc.metadata)}>" if loc.metadata is not None else ""
            return (
                f"fused{meta}[" + ", ".join(self._nested_loc(part) for part in loc.locations) + "]"
            )
        return self.attr_text(loc)

    def _nested_loc(self, loc: Attribute) -> str:
        alias = self.alias_names.get(loc)
        if alias is not None:
            return alias
        return self._loc_body(loc)

    # -- attributes --------------------------------------------------------------------

    def attr_text(self, attr: Attribute, *, inline: bool = False, elide_type: bool = False) -> str:
        """The text of an attribute; `inline` prints an aliased attribute's body."""
        if not inline and attr.has_alias_parts:
            alias = self.alias_names.get(attr)
            if alias is not None:
                return alias
        elif not elide_type:
            cached = attr._text
            if cached is not None:
                return cached
        text = self._attr_body(attr, elide_type)
        if not attr.has_alias_parts and not elide_type:
            attr._text = text
        return text

    def _attr_body(self, attr: Attribute, elide_type: bool) -> str:
        if isinstance(attr, IntegerAttr):
            if isinstance(attr, BoolAttr):
                return "true" if attr.value else "false"
            if elide_type and attr.type is _I64:
                return str(attr.value)
            return f"{attr.value} : {self.type_text(attr.type)}"
        if isinstance(attr, FloatAttr):
            from generator.ir import floats

            text = floats.format_float(floats.FLOAT_FORMATS[attr.type.name], attr.bits)
            # A hex bit pattern keeps its type even where f64 could be elided.
            if elide_type and attr.type is _F64 and not text.startswith("0x"):
                return text
            return f"{text} : {attr.type.name}"
        if isinstance(attr, StringAttr):
            text = escape_string(attr.value)
            if attr.type is not None:
                text += f" : {self.type_text(attr.type)}"
            return text
        if isinstance(attr, DictionaryAttr):
            parts = []
            for key, value in attr.entries:
                if value is _UNIT_ATTR:
                    parts.append(_key_text(key))
                else:
                    parts.append(f"{_key_text(key)} = {self.attr_text(value)}")
            return "{" + ", ".join(parts) + "}"
        if isinstance(attr, ArrayAttr):
            return "[" + ", ".join([self.attr_text(a, elide_type=True) for a in attr.value]) + "]"
        if isinstance(attr, UnitAttr):
            return "unit"
        if isinstance(attr, TypeAttr):
            return self.type_text(attr.value)
        if isinstance(attr, SymbolRefAttr):
            return "::".join(_symbol_name(n) for n in (attr.root, *attr.nested))
        if isinstance(attr, DenseElementsAttr):
            return f"dense<{self._dense_body(attr)}> : {self.type_text(attr.type)}"
        if isinstance(attr, DenseStringElementsAttr):
            return f"dense<{_dense_strings(attr)}> : {self.type_text(attr.type)}"
        if isinstance(attr, DenseArrayAttr):
            return _dense_array_text(attr, self)
        if isinstance(attr, SparseElementsAttr):
            idx, vals = attr.indices, attr.values
            if (
                isinstance(idx, DenseElementsAttr)
                and isinstance(vals, (DenseElementsAttr, DenseStringElementsAttr))
                and idx.type.num_elements == 0
                and not isinstance(vals, DenseStringElementsAttr)
                and vals.type.num_elements == 0
            ):
                return f"sparse<> : {self.type_text(attr.type)}"
            assert isinstance(idx, DenseElementsAttr)
            vtext = (
                _dense_strings(vals)
                if isinstance(vals, DenseStringElementsAttr)
                else self._dense_body(vals, allow_hex=False)
                if isinstance(vals, DenseElementsAttr)
                else self.attr_text(vals)
            )
            return f"sparse<{self._dense_body(idx, allow_hex=False)}, {vtext}> : {self.type_text(attr.type)}"
        if isinstance(attr, DenseResourceElementsAttr):
            return f"dense_resource<{attr.handle}> : {self.type_text(attr.type)}"
        if isinstance(attr, AffineMapAttr):
            from generator.ir.affine import format_affine_map

            return f"affine_map<{format_affine_map(attr.value)}>"
        if isinstance(attr, IntegerSetAttr):
            from generator.ir.affine import format_integer_set

            return f"affine_set<{format_integer_set(attr.value)}>"
        if isinstance(attr, StridedLayoutAttr):
            strides = ", ".join("?" if s == DYNAMIC else str(s) for s in attr.strides)
            text = f"strided<[{strides}]"
            if attr.offset != 0:
                text += ", offset: " + ("?" if attr.offset == DYNAMIC else str(attr.offset))
            return text + ">"
        if isinstance(attr, TypedDialectAttr):
            body = _pretty_dialect_symbol("#", attr.DIALECT, attr.body())
            return f"{body} : {self.type_text(attr.type)}"
        if isinstance(attr, ParametricAttr):
            # Like any dialect attribute's, a body that is not an identifier with an
            # optional `<...>` goes in angle brackets.
            text = _pretty_dialect_symbol("#", attr.DIALECT, attr.MNEMONIC + attr.params_text(self))
            own_type = attr.self_type()
            if own_type is not None:
                # A typed attribute's type follows its body, as MLIR prints a `TypedAttr`.
                text += f" : {self.type_text(own_type)}"
            return text
        if isinstance(attr, DialectAttr):
            # `#index<cmp_predicate slt>`: a body that is not an identifier with an
            # optional `<...>` goes in angle brackets, as MLIR prints it.
            return _pretty_dialect_symbol("#", attr.DIALECT, attr.body())
        if isinstance(attr, OpaqueAttr):
            text = _pretty_dialect_symbol("#", attr.dialect, attr.data)
            if attr.type is not None:
                text += f" : {self.type_text(attr.type)}"
            return text
        if isinstance(attr, LocationAttr):
            return f"loc({self._loc_body(attr)})"
        if isinstance(attr, DistinctAttr):
            ident = self.distinct_ids.setdefault(attr, len(self.distinct_ids))
            if attr.referenced is _UNIT_ATTR:
                return f"distinct[{ident}]<>"
            return f"distinct[{ident}]<{self.attr_text(attr.referenced)}>"
        raise TypeError(f"cannot print attribute {type(attr).__name__}")

    def _dense_body(self, attr: DenseElementsAttr, *, allow_hex: bool = True) -> str:
        type_ = attr.type
        elem = type_.element_type
        values = attr.values
        if not values:
            return ""
        fmt_elem = _element_formatter(elem)
        if attr.is_splat:
            return fmt_elem(values[0])
        shape = type_.shape
        if allow_hex and len(values) > _HEX_THRESHOLD:
            return '"0x' + _hex_blob(attr) + '"'
        texts = [fmt_elem(v) for v in values]
        return _nest(texts, shape)

    # -- types -----------------------------------------------------------------------------

    def type_text(self, type_: Type, *, inline: bool = False) -> str:
        """The text of a type; `inline` prints an aliased type's body."""
        cached = type_._text
        if cached is not None:
            return cached
        if not inline and type_.has_alias_parts:
            alias = self.alias_names.get(type_)
            if alias is not None:
                return alias
        text = self._type_body(type_)
        if not type_.has_alias_parts:
            type_._text = text
        return text

    def _type_body(self, t: Type) -> str:
        if isinstance(t, FunctionType):
            inputs = "(" + ", ".join([self.type_text(x) for x in t.inputs]) + ")"
            res = t.results
            if len(res) == 1 and not isinstance(res[0], FunctionType):
                return f"{inputs} -> {self.type_text(res[0])}"
            return f"{inputs} -> (" + ", ".join([self.type_text(x) for x in res]) + ")"
        if isinstance(t, RankedTensorType):
            enc = f", {self.attr_text(t.encoding)}" if t.encoding is not None else ""
            return f"tensor<{format_shape(t.shape)}{self.type_text(t.element_type)}{enc}>"
        if isinstance(t, UnrankedTensorType):
            return f"tensor<*x{self.type_text(t.element_type)}>"
        if isinstance(t, VectorType):
            return f"vector<{format_shape(t.shape, t.scalable)}{self.type_text(t.element_type)}>"
        if isinstance(t, MemRefType):
            text = f"memref<{format_shape(t.shape)}{self.type_text(t.element_type)}"
            if t.layout is not None:
                text += ", " + self.attr_text(t.layout)
            if t.memory_space is not None:
                text += ", " + self.attr_text(t.memory_space, elide_type=True)
            return text + ">"
        if isinstance(t, UnrankedMemRefType):
            text = f"memref<*x{self.type_text(t.element_type)}"
            if t.memory_space is not None:
                text += ", " + self.attr_text(t.memory_space, elide_type=True)
            return text + ">"
        if isinstance(t, ComplexType):
            return f"complex<{self.type_text(t.element_type)}>"
        if isinstance(t, TupleType):
            return "tuple<" + ", ".join(self.type_text(x) for x in t.types) + ">"
        if isinstance(t, OpaqueType):
            return _pretty_dialect_symbol("!", t.dialect, t.data)
        if isinstance(t, DialectType):
            return f"!{t.DIALECT}.{t.body()}"
        if isinstance(t, ParametricType):
            return f"!{t.DIALECT}.{t.MNEMONIC}{t.params_text(self)}"
        if isinstance(t, IntegerType):
            return ("i", "si", "ui")[t.signedness] + str(t.width)
        if isinstance(t, FloatType):
            return t.name
        if isinstance(t, IndexType):
            return "index"
        if isinstance(t, NoneType):
            return "none"
        raise TypeError(f"cannot print type {type(t).__name__}")


_UNIT_ATTR = UnitAttr.get()


class _NameScope:
    """The value names used in one region, seen together with its ancestors'."""

    __slots__ = ("names", "parent")

    def __init__(self, parent: _NameScope | None) -> None:
        self.names: set[str] = set()
        self.parent = parent

    def uses(self, name: str) -> bool:
        scope: _NameScope | None = self
        while scope is not None:
            if name in scope.names:
                return True
            scope = scope.parent
        return False


_VALID_PUNCT = frozenset("$._-")
_PLAIN_NAME = re.compile(r"[A-Za-z$._-][A-Za-z0-9$._-]*")


def sanitize_identifier(name: str) -> str:
    """A suggested value name made valid as MLIR does.

    Characters other than letters, digits and `$._-` become `_` (a space) or their
    hex code; a name starting with a digit gets a leading `_`, so it cannot clash
    with numbered values.
    """
    if _PLAIN_NAME.fullmatch(name):
        return name
    out = []
    for ch in name:
        if (ch.isascii() and ch.isalnum()) or ch in _VALID_PUNCT:
            out.append(ch)
        elif ch == " ":
            out.append("_")
        else:
            out.extend(f"{b:X}" for b in ch.encode("utf-8"))
    text = "".join(out)
    if name[:1].isdigit():
        text = "_" + text
    return text


def _depth(deepest_child: int, base: str | None) -> int:
    """The alias depth MLIR orders alias definitions by.

    An aliased attribute or type without deeper aliased parts has depth 1, anything
    else without them 0; above them every level of nesting, aliased or not, adds
    one (so `tuple<..., tensor<2xf32, #map>>` is two deeper than `#map`).
    """
    if deepest_child:
        return deepest_child + 1
    return 0 if base is None else 1


def _file_line_col(loc: SourceLoc) -> FileLineColLoc:
    """The location attribute of a source position; MLIR counts columns in bytes."""
    line, col = loc.line_col
    if col > 1:
        prefix = loc.file.text[loc.offset - col + 1 : loc.offset]
        if not prefix.isascii():
            col = len(prefix.encode("utf-8", "surrogateescape")) + 1
    return FileLineColLoc.get(loc.file.name, line, col)


#: How many times any printer has numbered values: a printer that finds a value
#: not stamped with its token numbers again only if some printer numbered since.
_numberings = 0


def _predecessor_map(region: Region) -> dict[Block, list[Block]]:
    preds: dict[Block, list[Block]] = {}
    for block in region.blocks:
        term = block.last_op
        if term is not None and term.successors:
            for succ in term.successors:
                preds.setdefault(succ, []).append(block)
    return preds


def _attr_children(attr: Attribute) -> list[Attribute | Type]:
    """Nested attributes and types of `attr`, in the order they print."""
    if isinstance(attr, DictionaryAttr):
        return [v for _, v in attr.entries]
    if isinstance(attr, ArrayAttr):
        return list(attr.value)
    if isinstance(attr, TypeAttr):
        return [attr.value]
    if isinstance(attr, (IntegerAttr, FloatAttr)):
        return [attr.type]
    if isinstance(attr, StringAttr):
        return [attr.type] if attr.type is not None else []
    if isinstance(attr, (DenseElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr)):
        return [attr.type]
    if isinstance(attr, SparseElementsAttr):
        return [attr.type]
    if isinstance(attr, OpaqueAttr):
        return [attr.type] if attr.type is not None else []
    if isinstance(attr, TypedDialectAttr):
        return [attr.type]
    if isinstance(attr, NameLoc):
        return [attr.child] if attr.child is not None else []
    if isinstance(attr, CallSiteLoc):
        return [attr.callee, attr.caller]
    if isinstance(attr, FusedLoc):
        children: list[Attribute | Type] = []
        if attr.metadata is not None:
            children.append(attr.metadata)
        children.extend(attr.locations)
        return children
    if isinstance(attr, DistinctAttr):
        return [attr.referenced]
    if isinstance(attr, ParametricAttr):
        return param_children(attr.params)
    return []


def _type_children(t: Type) -> list[Attribute | Type]:
    if isinstance(t, FunctionType):
        return [*t.inputs, *t.results]
    if isinstance(t, RankedTensorType):
        return [t.element_type] + ([t.encoding] if t.encoding is not None else [])
    if isinstance(t, MemRefType):
        out: list[Attribute | Type] = [t.element_type]
        if t.layout is not None:
            out.append(t.layout)
        if t.memory_space is not None:
            out.append(t.memory_space)
        return out
    if isinstance(t, UnrankedMemRefType):
        return [t.element_type] + ([t.memory_space] if t.memory_space is not None else [])
    if isinstance(t, (UnrankedTensorType, VectorType, ComplexType)):
        return [t.element_type]
    if isinstance(t, TupleType):
        return list(t.types)
    if isinstance(t, ParametricType):
        return param_children(t.params)
    return []


def _element_formatter(elem: Type) -> Callable[[object], str]:
    if isinstance(elem, ComplexType):
        inner = _element_formatter(elem.element_type)

        def fmt_complex(v: object) -> str:
            assert isinstance(v, tuple)
            return f"({inner(v[0])},{inner(v[1])})"

        return fmt_complex
    if isinstance(elem, FloatType):
        from generator.ir import floats

        fmt = floats.FLOAT_FORMATS[elem.name]

        def fmt_float(v: object) -> str:
            assert isinstance(v, int)
            return floats.format_float(fmt, v)

        return fmt_float
    # One-bit elements are booleans whatever their signedness.
    if isinstance(elem, IntegerType) and elem.width == 1:
        return lambda v: "true" if v else "false"
    return str


def _nest(texts: list[str], shape: tuple[int, ...]) -> str:
    """Nest flat element texts into `[[a, b], [c, d]]` following `shape`."""
    if not shape:
        return texts[0]
    level = texts
    for dim in reversed(shape[1:]):
        level = ["[" + ", ".join(level[i : i + dim]) + "]" for i in range(0, len(level), dim)]
    return "[" + ", ".join(level) + "]"


def _hex_blob(attr: DenseElementsAttr) -> str:
    if attr.raw is not None:
        return attr.raw.hex().upper()
    elem = attr.type.element_type
    scalar = elem.element_type if isinstance(elem, ComplexType) else elem
    width = scalar.width if isinstance(scalar, (FloatType, IntegerType)) else 64
    if width == 1 and not isinstance(elem, ComplexType):
        bits = 0
        for i, v in enumerate(attr.values):
            if v:
                bits |= 1 << i
        return bits.to_bytes((len(attr.values) + 7) // 8, "little").hex().upper()
    nbytes = (width + 7) // 8
    # Each element keeps its own bits only: the padding up to a whole byte is zero.
    mask = (1 << width) - 1
    parts = []
    for v in attr.values:
        words = v if isinstance(v, tuple) else (v,)
        for w in words:
            parts.append((w & mask).to_bytes(nbytes, "little").hex().upper())
    return "".join(parts)


def _dense_strings(attr: DenseStringElementsAttr) -> str:
    texts = [escape_string(v) for v in attr.values]
    if attr.is_splat:
        return texts[0]
    return _nest(texts, attr.type.shape)


def _dense_array_text(attr: DenseArrayAttr, p: Printer) -> str:
    elem = attr.element_type
    head = f"array<{p.type_text(elem)}"
    if not attr.values:
        return head + ">"
    fmt = _element_formatter(elem)
    return head + ": " + ", ".join(fmt(v) for v in attr.values) + ">"


# ---------------------------------------------------------------------------
# Entry points


def print_operation(
    op: Operation,
    *,
    generic: bool = True,
    debuginfo: bool = False,
    resources: dict[str, dict[str, ResourceBlob]] | None = None,
    sink: Callable[[str], object] | None = None,
) -> str:
    """Print `op` (normally a `builtin.module`) as mlir-opt does, ending in a newline.

    With a `sink`, text is passed to it in pieces as it is produced and the
    returned string holds only the final piece; the concatenation is the same.
    """
    printer = Printer(generic=generic, debuginfo=debuginfo, sink=sink)
    text = printer.print_top(op)
    if resources:
        # As MLIR does, builtin blobs nothing refers to are dropped.
        kept = {
            dialect: {
                k: v
                for k, v in entries.items()
                if dialect != "builtin" or k in printer.used_resources
            }
            for dialect, entries in resources.items()
        }
        if any(kept.values()):
            text += _resources_text(kept)
    return text


def _resources_text(resources: dict[str, dict[str, ResourceBlob]]) -> str:
    lines = ["", "{-#", "  dialect_resources: {"]
    dialects = [(d, e) for d, e in resources.items() if e]
    for di, (dialect, entries) in enumerate(dialects):
        lines.append(f"    {dialect}: {{")
        items = list(entries.items())
        for i, (key, blob) in enumerate(items):
            assert isinstance(blob, ResourceBlob)
            value = escape_string(blob.blob) if blob.blob is not None else str(blob.value)
            lines.append(f"      {key}: {value}" + ("," if i + 1 < len(items) else ""))
        lines.append("    }" + ("," if di + 1 < len(dialects) else ""))
    lines.append("  }")
    lines.append("#-}")
    return "\n".join(lines) + "\n"


def type_to_string(type_: Type) -> str:
    """The text of a type outside any module (aliases printed inline)."""
    return Printer().type_text(type_, inline=True)


def attribute_to_string(attr: Attribute) -> str:
    """The text of an attribute outside any module (aliases printed inline)."""
    return Printer().attr_text(attr, inline=True)
