"""Structural verification of IR, with MLIR's rules and messages.

Checks block structure (terminators, successors, entry blocks), dominance, and
runs each registered op's own `verify_invariants`. The region rules follow MLIR:
a region has SSA dominance only when its op is registered and does not declare a
graph region; in other regions ops of one block may use each other in any order,
but a use in another block still needs that block to be dominated by the
definition's, computed from the region's control-flow graph.

Errors are raised as `DiagnosticError` at the op's location, with the note
`see current operation: ...` that mlir-opt attaches (unless disabled, as
`--verify-diagnostics` does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from generator.ir.attributes import FileLineColLoc, LocationAttr, StringAttr
from generator.ir.context import Context
from generator.ir.core import Block, BlockArgument, Operation, OpResult, Region, Value
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.source import SourceFile, SourceLoc
from generator.ir.traits import (
    HasOnlyGraphRegion,
    IsIsolatedFromAbove,
    IsTerminator,
    NoTerminator,
    SymbolTable,
)
from generator.ir.verify_messages import VerifyMessage

__all__ = ["dominator_intervals", "dominators", "op_diagnostic", "verify"]


_FILE_LOC_BUFFERS: dict[str, SourceFile] = {}


def _file_loc(loc: FileLineColLoc) -> SourceLoc:
    source = _FILE_LOC_BUFFERS.get(loc.filename)
    if source is None:
        source = _FILE_LOC_BUFFERS[loc.filename] = SourceFile(loc.filename, "")
    return _DetachedLoc(source, loc.line, loc.col or 0)


class _DetachedLoc(SourceLoc):
    """A file position known only by line and column (from a `loc(...)` in the text)."""

    __slots__ = ("_line_col",)

    def __init__(self, file: SourceFile, line: int, col: int) -> None:
        super().__init__(file, 0)
        self._line_col = (line, col)

    @property
    def line_col(self) -> tuple[int, int]:
        """The line and column the location names."""
        return self._line_col


def location_of(op: Operation) -> SourceLoc | None:
    """The source position to report diagnostics about `op` at."""
    loc = op.loc
    if isinstance(loc, SourceLoc):
        return loc
    if isinstance(loc, LocationAttr):
        return _resolve_loc_attr(loc)
    return None


def _resolve_loc_attr(loc: LocationAttr) -> SourceLoc | None:
    from generator.ir.attributes import CallSiteLoc, FusedLoc, NameLoc

    if isinstance(loc, FileLineColLoc):
        return _file_loc(loc)
    if isinstance(loc, NameLoc) and loc.child is not None:
        return _resolve_loc_attr(loc.child)
    if isinstance(loc, CallSiteLoc):
        return _resolve_loc_attr(loc.callee)
    if isinstance(loc, FusedLoc):
        for part in loc.locations:
            found = _resolve_loc_attr(part)
            if found is not None:
                return found
    return None


class _Options:
    __slots__ = ("print_op_on_diagnostic",)

    def __init__(self, print_op_on_diagnostic: bool) -> None:
        self.print_op_on_diagnostic = print_op_on_diagnostic


def op_diagnostic(op: Operation, message: str, *, print_op: bool = True) -> Diagnostic:
    """An error about `op`, with mlir-opt's `see current operation` note."""
    diag = Diagnostic(Severity.ERROR, location_of(op), message)
    if print_op:
        diag.attach_note("see current operation: " + _print_in_context(op), location_of(op))
    return diag


#: How many ops above a use `dominates` looks for its definition before it numbers
#: the whole block.
_NEAR_DEFINITION = 64


def _print_in_context(op: Operation) -> str:
    from generator.ir.printer import Printer

    scope = op
    while scope.parent_op is not None and not _is_isolated(scope):
        scope = scope.parent_op
    printer = Printer(generic=True)
    printer.number_values(scope)
    printer.print_op(op, 0)
    text = "".join(printer.out).rstrip("\n")
    return ("\n" + text) if op.regions else text


def _is_isolated(op: Operation) -> bool:
    return op.name == "builtin.module" or op.has_trait(IsIsolatedFromAbove)


def region_has_ssa_dominance(op: Operation, index: int) -> bool:
    """True when region `index` of `op` is an SSACFG region (see the module docstring)."""
    return op.is_registered and not op.has_trait(HasOnlyGraphRegion)


def dominators(region: Region) -> dict[Block, Block | None]:
    """Immediate dominators of the blocks reachable from the entry (entry maps to None)."""
    blocks = region.blocks
    entry = blocks[0]
    # Reverse post-order over successor edges.
    order: list[Block] = []
    seen = {entry}
    stack: list[tuple[Block, int]] = [(entry, 0)]
    while stack:
        block, i = stack.pop()
        succs = block.last_op.successors if block.last_op is not None else []
        if i < len(succs):
            stack.append((block, i + 1))
            nxt = succs[i]
            if nxt not in seen and nxt.parent is region:
                seen.add(nxt)
                stack.append((nxt, 0))
        else:
            order.append(block)
    order.reverse()
    index = {b: i for i, b in enumerate(order)}
    preds: dict[Block, list[Block]] = {b: [] for b in order}
    for b in order:
        term = b.last_op
        if term is not None:
            for s in term.successors:
                if s in preds:
                    preds[s].append(b)
    # The entry is its own immediate dominator while iterating (Cooper, Harvey and
    # Kennedy's algorithm); it is reported as None below.
    idom: dict[Block, Block] = {entry: entry}
    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            new: Block | None = None
            for p in preds[b]:
                if p in idom:
                    if new is None:
                        new = p
                    else:
                        a, c = p, new
                        while a is not c:
                            while index[a] > index[c]:
                                a = idom[a]
                            while index[c] > index[a]:
                                c = idom[c]
                        new = a
            if new is not None and idom.get(b) is not new:
                idom[b] = new
                changed = True
    result: dict[Block, Block | None] = dict(idom)
    result[entry] = None
    return result


def dominator_intervals(
    dom: dict[Block, Block | None],
) -> tuple[dict[Block, int], dict[Block, int]]:
    """Number the dominator tree `dom` (from `dominators`) depth first.

    Returns each block's entry and exit numbers; block `a` dominates block `b`
    exactly when `a` is entered no later than `b` and left no earlier.
    """
    children: dict[Block, list[Block]] = {}
    stack: list[Block] = []
    for block, parent in dom.items():
        if parent is None:
            stack.append(block)
        else:
            children.setdefault(parent, []).append(block)
    # Plain ints rather than a tuple per block: a big region would otherwise
    # allocate enough tracked objects to make the garbage collector's passes show.
    enter: dict[Block, int] = {}
    leave: dict[Block, int] = {}
    counter = 0
    while stack:
        block = stack.pop()
        if block in enter:
            # Its second visit: the whole subtree has been numbered.
            leave[block] = counter
        else:
            enter[block] = counter
            stack.append(block)
            stack.extend(children.get(block, ()))
        counter += 1
    return enter, leave


class _Verifier:
    def __init__(self, ctx: Context, options: _Options) -> None:
        self.ctx = ctx
        self.options = options
        self.dom_cache: dict[Region, dict[Block, Block | None]] = {}
        self.interval_cache: dict[Region, tuple[dict[Block, int], dict[Block, int]]] = {}

    def fail(
        self,
        op: Operation,
        message: str,
        notes: Sequence[tuple[SourceLoc | None, str]] = (),
        earlier: Sequence[Diagnostic] = (),
    ) -> NoReturn:
        diag = op_diagnostic(op, message, print_op=self.options.print_op_on_diagnostic)
        for loc, text in notes:
            diag.notes.append(Diagnostic(Severity.NOTE, loc, text))
        raise DiagnosticError([*earlier, diag] if earlier else diag)

    def verify_op(self, op: Operation) -> None:
        if not op.is_registered:
            self.verify_generic_op(op)
        # As MLIR does: the op's own invariants, then what its regions hold.
        message = op.verify_invariants()
        if message is not None:
            self.fail_op(op, message)
        for index, region in enumerate(op.regions):
            self.verify_region(op, index, region)
        if op.regions:
            message = op.verify_regions()
            if message is not None:
                self.fail_op(op, message)
        if op.name == "builtin.module" or op.has_trait(SymbolTable):
            self.verify_symbol_table(op)

    def verify_generic_op(self, op: Operation) -> None:
        """What is checked of an op built with the generic `Operation` class."""
        ctx = self.ctx
        if op.name == "builtin.module":
            # The runtime knows it, and checks it itself.
            self.verify_module(op)
            return
        registered = ctx.ops.get(op.name)
        if registered is None and ctx.registry is not None and op.dialect_name in ctx.registry:
            ctx.get_or_load_dialect(op.dialect_name)
            registered = ctx.ops.get(op.name)
        if registered is not None:
            # Its checks (required properties, operand types, ...) are its class's:
            # as a generic op it would pass unverified.
            self.fail(
                op,
                f"'{op.name}' op was built with the generic Operation class; a registered "
                f"op must be built with its class ({registered.__name__})",
            )
        if (
            not ctx.allow_unregistered_dialects
            and not ctx.is_known_op(op.name)
            and not ctx.is_open_dialect(op.dialect_name)
        ):
            self.fail(
                op,
                f"unregistered operation '{op.name}' found in dialect ('{op.dialect_name}') that does not allow unknown operations"
                if ctx.is_known_dialect(op.dialect_name)
                else f"'{op.name}' op created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
            )

    def fail_op(self, op: Operation, message: str) -> NoReturn:
        """Report the failure of one of `op`'s verifiers, after the errors its
        constraints emitted on the way."""
        earlier = [
            op_diagnostic(
                o,
                str(m) if isinstance(m, VerifyMessage) and not m.prefixed else f"'{o.name}' op {m}",
                print_op=self.options.print_op_on_diagnostic,
            )
            for o, m in (message.earlier if isinstance(message, VerifyMessage) else ())
        ]
        if isinstance(message, VerifyMessage):
            at = message.at or op
            text = f"'{at.name}' op {message}" if message.prefixed else str(message)
            notes = [
                (location_of(note[0]), note[1])
                if isinstance(note, tuple)
                else (location_of(at), note)
                for note in message.notes
            ]
            self.fail(at, text, notes, earlier)
        self.fail(op, f"'{op.name}' op {message}", earlier=earlier)

    def verify_symbol_table(self, op: Operation) -> None:
        """MLIR's `SymbolTable` region check, after the nested ops: unique symbol names."""
        seen: dict[str, Operation] = {}
        for region in op.regions:
            for block in region.blocks:
                for nested in block:
                    name = nested.get_attr("sym_name")
                    if not isinstance(name, StringAttr):
                        continue
                    first = seen.setdefault(name.value, nested)
                    if first is not nested:
                        self.fail(
                            nested,
                            f"redefinition of symbol named '{name.value}'",
                            [(location_of(first), "see existing symbol definition here")],
                        )

    def verify_module(self, op: Operation) -> None:
        """The invariants of `builtin.module`, which the runtime itself knows."""
        if op.num_operands:
            self.fail(op, "'builtin.module' op requires zero operands")
        if op.results:
            self.fail(op, "'builtin.module' op requires zero results")
        if len(op.regions) != 1:
            self.fail(op, "'builtin.module' op requires one region")
        if op.successors:
            self.fail(op, "'builtin.module' op requires zero successors")
        blocks = op.regions[0].blocks
        if len(blocks) > 1:
            self.fail(op, "'builtin.module' op expects region #0 to have 0 or 1 blocks")
        if not blocks:
            self.fail(
                op,
                "'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: "
                "region with 1 blocks",
            )
        if blocks[0].args:
            self.fail(op, "'builtin.module' op region should have no arguments")

    def verify_region(self, op: Operation, index: int, region: Region) -> None:
        blocks = region.blocks
        if not blocks:
            return
        single = len(blocks) == 1
        if blocks[0].predecessors:
            self.fail(op, "entry block of region may not have predecessors")
        ssa = region_has_ssa_dominance(op, index)
        reachable: dict[Block, Block | None] | None = None
        if not single:
            reachable = self.dom_cache.get(region)
            if reachable is None:
                reachable = self.dom_cache[region] = dominators(region)
        needs_terminator = not single or not op.might_have_trait(NoTerminator)
        for block in blocks:
            o = block.first_op
            if o is None:
                if needs_terminator:
                    self.fail(op, "empty block: expect at least a terminator")
                continue
            is_reachable = reachable is None or block in reachable
            while o is not None:
                nxt = o.next_op
                if o.successors:
                    if nxt is not None:
                        self.fail(
                            o, "operation with block successors must terminate its parent block"
                        )
                    for succ in o.successors:
                        if succ.parent is not region:
                            self.fail(o, "branching to block of a different region")
                if is_reachable:
                    for i, operand in enumerate(o.op_operands):
                        if not self.dominates(operand.value, o, ssa):
                            self.fail_dominance(o, i)
                self.verify_op(o)
                o = nxt
            # As MLIR's verifier does on leaving a block, after its ops.
            last = block.last_op
            if needs_terminator and last is not None and not last.might_have_trait(IsTerminator):
                self.fail(last, "block with no terminator, has " + _print_in_context(last))

    def dominates(self, value: Value, user: Operation, _ssa: bool) -> bool:
        """True when `value` properly dominates `user`."""
        if isinstance(value, OpResult):
            def_block = value.owner.parent
        elif isinstance(value, BlockArgument):
            def_block = value.owner
        else:
            return False
        if def_block is None:
            return False
        region = def_block.parent
        ancestor = user
        while ancestor.parent is None or ancestor.parent.parent is not region:
            parent = ancestor.parent_op
            if parent is None:
                return False
            ancestor = parent
        use_block = ancestor.parent
        assert use_block is not None
        if isinstance(value, BlockArgument):
            return self.block_dominates(region, def_block, use_block)
        assert isinstance(value, OpResult)
        if use_block is def_block:
            parent_op = region.parent if region is not None else None
            if parent_op is None or not region_has_ssa_dominance(
                parent_op, parent_op.regions.index(region)
            ):
                return True
            owner = value.owner
            if ancestor is owner:
                return False
            # Most definitions are a few ops above their uses: look there first, so
            # that a big block is only numbered when a use is far from its definition.
            o = ancestor.prev_op
            for _ in range(_NEAR_DEFINITION):
                if o is None:
                    return False
                if o is owner:
                    return True
                o = o.prev_op
            return owner.is_before_in_block(ancestor)
        return self.block_dominates(region, def_block, use_block, proper=True)

    def block_dominates(
        self, region: Region | None, a: Block, b: Block, proper: bool = False
    ) -> bool:
        if a is b:
            # A block dominates itself; an op result in another op of the same block is
            # handled by the caller, so here equality only comes from block arguments.
            return True
        if region is None:
            return False
        intervals = self.interval_cache.get(region)
        if intervals is None:
            dom = self.dom_cache.get(region)
            if dom is None:
                dom = self.dom_cache[region] = dominators(region)
            intervals = self.interval_cache[region] = dominator_intervals(dom)
        enter, leave = intervals
        b_enter = enter.get(b)
        if b_enter is None:
            # Uses in unreachable blocks are not checked, as in MLIR.
            return True
        a_enter = enter.get(a)
        # Each use is answered in constant time: walking the dominator chain per use
        # made a long chain of blocks quadratic.
        return a_enter is not None and a_enter <= b_enter and leave[b] <= leave[a]

    def fail_dominance(self, op: Operation, index: int) -> None:
        value = op.operand(index)
        block1 = op.parent
        assert block1 is not None
        region1 = block1.parent
        if isinstance(value, OpResult):
            def_op = value.owner
            block2 = def_op.parent
            region2 = block2.parent if block2 is not None else None
            if block1 is block2:
                where = " (op in the same block)"
            elif region1 is region2:
                where = " (op in the same region)"
            elif _is_proper_ancestor(region2, region1):
                where = " (op in a parent region)"
            elif _is_proper_ancestor(region1, region2):
                where = " (op in a child region)"
            else:
                where = " (op is neither in a parent nor in a child region)"
            self.fail(
                op,
                f"operand #{index} does not dominate this use",
                [(location_of(def_op), "operand defined here" + where)],
            )
        assert isinstance(value, BlockArgument)
        block2 = value.owner
        region2 = block2.parent
        owner = region2.parent if region2 is not None else None
        loc = location_of(owner) if owner is not None else None
        if region2 is None:
            self.fail(
                op,
                f"operand #{index} does not dominate this use",
                [(loc, " (block without parent)")],
            )
        assert region2 is not None
        position = region2.blocks.index(block2)
        if region1 is region2:
            where = " in the same region)"
        elif _is_proper_ancestor(region2, region1):
            where = " in a parent region)"
        elif _is_proper_ancestor(region1, region2):
            where = " in a child region)"
        else:
            where = " neither in a parent nor in a child region)"
        self.fail(
            op,
            f"operand #{index} does not dominate this use",
            [(loc, f"operand defined as a block argument (block #{position}{where}")],
        )


def _is_proper_ancestor(outer: Region | None, inner: Region | None) -> bool:
    if outer is None or inner is None or outer is inner:
        return False
    region: Region | None = inner
    while region is not None:
        parent = region.parent
        if parent is None or parent.parent is None:
            return False
        region = parent.parent.parent
        if region is outer:
            return True
    return False


def verify(
    op: Operation, ctx: Context | None = None, *, print_op_on_diagnostic: bool = True
) -> None:
    """Verify `op` and everything nested in it; raise `DiagnosticError` on the first problem."""
    verifier = _Verifier(
        ctx or Context(allow_unregistered_dialects=True), _Options(print_op_on_diagnostic)
    )
    verifier.verify_op(op)
