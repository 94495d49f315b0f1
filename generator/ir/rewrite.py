"""Pattern rewriting: patterns, a rewriter that keeps use-lists right, and the greedy driver.

The semantics are MLIR's (`PatternMatch.h`, `GreedyPatternRewriteDriver.cpp`,
`FoldUtils.cpp`):

- A `RewritePattern` names the op it matches (`root`, or None for any op), has a
  `benefit`, and implements `match_and_rewrite(op, rewriter) -> bool`. Any object
  with those three members works as a pattern; `rewrite_pattern` makes one from a
  function. A pattern that returns False must leave the IR unchanged.
- `PatternRewriter` is a `Builder` whose every change goes through methods that
  keep use-lists consistent and tell a `RewriteListener` what happened: ops
  inserted, modified in place, replaced and erased, blocks inserted and erased.
  Erasing an op whose results are still used is an error, so a rewrite can never
  leave a use pointing at a dead op.
- `apply_patterns_greedily` runs MLIR's worklist driver over the regions of an op:
  per sweep it collects the ops (post-order, processed bottom-up, by default),
  de-duplicates and hoists constants as MLIR's `OperationFolder` does, erases
  unreachable blocks and, in graph regions, cycles of effect-free ops that
  nothing else uses (MLIR's region DCE), then pops ops one at a time: a trivially dead op is erased,
  otherwise the op is folded, otherwise the patterns for it are tried in benefit
  order. Every change puts the affected ops back on the worklist. Sweeps repeat
  until one changes nothing (converged) or `max_iterations` is reached. A sweep
  that keeps changing ops far beyond their number (patterns undoing each other)
  also ends the rewrite, unconverged, where MLIR's driver would never return.
  An unconverged rewrite is reported at the op it changed last.

Folding: an op class may define `fold(self)`, returning None (no fold), an empty
list (the op was changed in place), or one `Attribute` or `Value` per result
(a single one for a single-result op). Attributes are turned into constant ops by
the constant materializer of the op's dialect (`Dialect.constant_materializer`),
as MLIR's `Dialect::materializeConstant`.
Then the folding traits of the op (`IsCommutative`, `IsIdempotent`,
`IsInvolution`: the `FoldingTrait`s in `generator.ir.traits`) fold as MLIR's
trait folders do. `constant_value` reads the value of a `ConstantLike` op's
result, as MLIR's `m_Constant` does. Which ops are free of effects, terminators
or constant-like is asked of their trait classes (`has_trait`).

After each sweep, as MLIR's `simplifyRegions` at its default level, unreachable
blocks are erased, then block arguments nothing live reads, with the operands
branches pass to them (for branches that say which those are), and the ops only
they kept alive. Not modelled: block merging (MLIR's aggressive level), strict
modes, and skipping ops of blocks that become unreachable during a sweep.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol, TypeAlias, TypeVar

from mypy_extensions import mypyc_attr

from generator.ir.attributes import Attribute, DictionaryAttr, UnknownLoc
from generator.ir.builder import Builder, InsertionPoint
from generator.ir.context import Context
from generator.ir.core import Block, Location, Operation, OpResult, Region, Value
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.folding import fold_by_reference
from generator.ir.interfaces import BranchOpInterface, CastOpInterface, SymbolOpInterface
from generator.ir.traits import (
    ConstantLike,
    FoldingTrait,
    HasRecursiveMemoryEffects,
    IsIsolatedFromAbove,
    IsTerminator,
    NoMemoryEffect,
    OnlyAllocatesResults,
)
from generator.ir.types import Type
from generator.ir.verifier import location_of, region_has_ssa_dominance

__all__ = [
    "FoldResult",
    "FrozenPatternSet",
    "PatternLike",
    "PatternRewriter",
    "RewriteListener",
    "RewritePattern",
    "apply_patterns_greedily",
    "constant_value",
    "fold_op",
    "is_op_trivially_dead",
    "non_convergence_message",
    "rewrite_pattern",
    "would_op_be_trivially_dead",
]

_OpT = TypeVar("_OpT", bound=Operation)

#: What an op's `fold` returns: None for no fold, `[]` for an in-place change, or
#: one replacement per result (a bare value or attribute for a single result).
FoldResult: TypeAlias = "Sequence[Attribute | Value] | Attribute | Value | None"


# -- patterns -----------------------------------------------------------------------


class PatternLike(Protocol):
    """What the driver needs of a pattern; `RewritePattern` is the usual base."""

    @property
    def root(self) -> str | None:
        """The name of the op the pattern matches, or None for any op."""

    @property
    def benefit(self) -> int:
        """Patterns with a higher benefit are tried first."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        """Rewrite `op` and return True, or return False and leave the IR unchanged."""


@mypyc_attr(allow_interpreted_subclasses=True)
class RewritePattern:
    """A rewrite of ops named `root` (None: any op), tried in order of `benefit`.

    Subclasses set `root` and `benefit` as class attributes, or pass them to the
    constructor, and implement `match_and_rewrite`. The rewriter's insertion point
    is right before the matched op when the pattern runs, so ops it inserts come
    before the op they replace.
    """

    root: str | None = None
    benefit: int = 1

    def __init__(
        self, *, root: str | type[Operation] | None = None, benefit: int | None = None
    ) -> None:
        if root is not None:
            self.root = _op_name(root)
        if benefit is not None:
            self.benefit = benefit

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        """Rewrite `op` and return True, or return False and leave the IR unchanged."""
        raise NotImplementedError

    @property
    def debug_name(self) -> str:
        """A name for the pattern in messages (its class name)."""
        return type(self).__name__

    def __repr__(self) -> str:
        return f"<{self.debug_name} root={self.root!r} benefit={self.benefit}>"


class _FunctionPattern(RewritePattern):
    """A pattern whose `match_and_rewrite` is a plain function."""

    def __init__(
        self,
        fn: Callable[[Operation, PatternRewriter], bool],
        root: str | type[Operation] | None,
        benefit: int,
    ) -> None:
        super().__init__(root=root, benefit=benefit)
        self.fn = fn

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        """Call the function."""
        return self.fn(op, rewriter)

    @property
    def debug_name(self) -> str:
        """The function's name."""
        return getattr(self.fn, "__name__", "pattern")


def _pattern_name(pattern: PatternLike) -> str:
    name = getattr(pattern, "debug_name", None)
    return f"pattern '{name if isinstance(name, str) else type(pattern).__name__}'"


def rewrite_pattern(
    root: str | type[Operation] | None, *, benefit: int = 1
) -> Callable[[Callable[[Operation, PatternRewriter], bool]], RewritePattern]:
    """Make a pattern from a function `fn(op, rewriter) -> bool` (a decorator).

    `root` is an op name or a registered op class; None matches any op.
    """

    def make(fn: Callable[[Operation, PatternRewriter], bool]) -> RewritePattern:
        return _FunctionPattern(fn, root, benefit)

    return make


def _op_name(root: str | type[Operation]) -> str:
    if isinstance(root, str):
        return root
    name = root.OPERATION_NAME
    if name is None:
        raise ValueError(f"{root.__name__} has no OPERATION_NAME to match")
    return name


class FrozenPatternSet:
    """Patterns sorted once for matching, like MLIR's `FrozenRewritePatternSet`.

    For each op name the candidates are the patterns rooted at that name and the
    patterns for any op, by decreasing benefit. On equal benefit a pattern for the
    specific op comes before one for any op (as MLIR's `PatternApplicator` picks),
    and otherwise the earlier registered pattern comes first.
    """

    __slots__ = ("_any", "_by_name", "_cache", "patterns")

    def __init__(self, patterns: Iterable[PatternLike | type[PatternLike]]) -> None:
        listed: list[PatternLike] = [p() if isinstance(p, type) else p for p in patterns]
        self.patterns: tuple[PatternLike, ...] = tuple(listed)
        by_name: dict[str, list[tuple[int, int, int, PatternLike]]] = {}
        any_op: list[tuple[int, int, int, PatternLike]] = []
        for index, pattern in enumerate(listed):
            root = pattern.root
            if root is None:
                any_op.append((-pattern.benefit, 1, index, pattern))
            else:
                by_name.setdefault(root, []).append((-pattern.benefit, 0, index, pattern))
        self._any = any_op
        self._by_name = by_name
        self._cache: dict[str, tuple[PatternLike, ...]] = {}

    def for_op_name(self, name: str) -> tuple[PatternLike, ...]:
        """The patterns to try on an op named `name`, in order."""
        found = self._cache.get(name)
        if found is None:
            ranked = sorted(self._by_name.get(name, []) + self._any, key=lambda e: e[:3])
            found = self._cache[name] = tuple([e[3] for e in ranked])
        return found


# -- listener and rewriter ----------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class RewriteListener:
    """Receives the changes a `PatternRewriter` makes; every method does nothing here.

    As in MLIR: an op is reported inserted after it is linked into a block (also
    when it was moved), modified after an in-place change, replaced before its
    uses move to the replacement values, and erased before it is unlinked (its
    operands are still in place then). Nested ops are reported erased before the
    op holding them.
    """

    def notify_operation_inserted(self, op: Operation) -> None:
        """`op` was inserted into a block, or moved."""

    def notify_operation_modified(self, op: Operation) -> None:
        """`op` was changed in place (operands, attributes, properties...)."""

    def notify_operation_replaced(self, op: Operation, values: Sequence[Value]) -> None:
        """The results of `op` are about to be replaced with `values`."""

    def notify_operation_erased(self, op: Operation) -> None:
        """`op` is about to be erased."""

    def notify_block_inserted(self, block: Block) -> None:
        """`block` was added to a region."""

    def notify_block_erased(self, block: Block) -> None:
        """`block` is about to be erased."""

    def notify_match_failure(self, op: Operation, reason: str) -> None:
        """A pattern did not match `op`, for `reason`."""

    def notify_pattern_begin(self, pattern: PatternLike, op: Operation) -> None:
        """The driver is about to try `pattern` on `op`."""

    def notify_pattern_end(self, pattern: PatternLike, succeeded: bool) -> None:
        """`pattern` finished, rewriting its op or not."""


class PatternRewriter(Builder):
    """A builder through which patterns change IR, keeping use-lists consistent.

    Every change is reported to `listener`, which is how the greedy driver learns
    which ops to revisit. Ops built with generated constructors are not in a block
    yet: `insert` links them at the insertion point (and reports them).
    """

    __slots__ = ("context", "listener")

    def __init__(
        self,
        insertion_point: InsertionPoint | None = None,
        *,
        listener: RewriteListener | None = None,
        context: Context | None = None,
    ) -> None:
        super().__init__(insertion_point)
        self.listener = listener
        #: The context of the IR being rewritten, for patterns that look up ops.
        self.context = context

    # -- creating ------------------------------------------------------------------

    def insert(self, op: _OpT) -> _OpT:
        """Insert `op` at the insertion point (if any), report it, and return it."""
        ip = self.insertion_point
        if ip is not None:
            ip.insert(op)
            listener = self.listener
            if listener is not None:
                listener.notify_operation_inserted(op)
        return op

    def create_or_fold(self, op: Operation) -> list[Value]:
        """Insert the new op `op` at the insertion point and try to fold it, as MLIR's
        `OpBuilder::createOrFold` does; its results, or what it folded to.

        An op that folds to values or attributes is not kept: attributes become
        constants of the op's dialect (its constant materializer), inserted at the
        insertion point, and the fold's values are returned. An op that does not
        fold, folds in place, is a constant already, or whose constants cannot all be
        materialized is kept, and its results are returned.
        """
        ip = self.insertion_point
        if ip is not None:
            ip.insert(op)
        folded = None if _kind(type(op)).constant_like else fold_op(op)
        values: list[Value] = []
        made: list[Operation] = []
        if folded:
            dialect = type(op).DIALECT
            materializer = dialect.constant_materializer if dialect is not None else None
            for value, result in zip(folded, op.results, strict=True):
                if isinstance(value, Value):
                    values.append(value)
                    continue
                constant = (
                    materializer(self, value, result.type, op.loc)
                    if materializer is not None
                    else None
                )
                if constant is None:
                    break
                made.append(constant)
                values.append(constant.results[0])
            else:
                for constant in made:
                    if constant.parent is None:
                        self.insert(constant)
                if op.parent is not None:
                    op.erase()
                return values
            for constant in made:
                if constant.parent is not None:
                    self.erase_op(constant)
        listener = self.listener
        if ip is not None and listener is not None:
            listener.notify_operation_inserted(op)
        return list(op.results)

    def create_block(
        self,
        region: Region,
        arg_types: Sequence[Type] = (),
        insert_before: Block | None = None,
        *,
        arg_locs: Sequence[Location | None] = (),
    ) -> Block:
        """Add a block to `region` (reported) and build at its end."""
        block = super().create_block(region, arg_types, insert_before, arg_locs=arg_locs)
        if self.listener is not None:
            self.listener.notify_block_inserted(block)
        return block

    # -- replacing -----------------------------------------------------------------

    def replace_all_uses_with(self, value: Value, new: Value) -> None:
        """Make every user of `value` use `new`, reporting each user as modified."""
        if new is value:
            return
        listener = self.listener
        use = value.first_use
        while use is not None:
            nxt = use.next_use
            use.set(new)
            if listener is not None:
                listener.notify_operation_modified(use.owner)
            use = nxt

    def replace_uses_with_if(
        self, value: Value, new: Value, predicate: Callable[[Operation], bool]
    ) -> None:
        """Replace the uses of `value` by ops for which `predicate(user)` holds."""
        if new is value:
            return
        listener = self.listener
        use = value.first_use
        while use is not None:
            nxt = use.next_use
            owner = use.owner
            if predicate(owner):
                use.set(new)
                if listener is not None:
                    listener.notify_operation_modified(owner)
            use = nxt

    def replace_all_uses_except(self, value: Value, new: Value, excepted: Operation) -> None:
        """Replace the uses of `value` except those by `excepted` (e.g. the op defining `new`)."""
        self.replace_uses_with_if(value, new, lambda user: user is not excepted)

    def replace_all_op_uses_with(self, op: Operation, values: Sequence[Value]) -> None:
        """Replace the uses of each result of `op` with the matching value; keep `op`."""
        results = op.results
        if len(values) != len(results):
            raise ValueError(
                f"'{op.name}' has {len(results)} results, got {len(values)} replacements"
            )
        if self.listener is not None:
            self.listener.notify_operation_replaced(op, values)
        for result, value in zip(results, values, strict=True):
            self.replace_all_uses_with(result, value)

    def replace_op(self, op: Operation, new: Sequence[Value] | Operation) -> None:
        """Replace the results of `op` with `new` (values, or an op's results) and erase it."""
        values = new.results if isinstance(new, Operation) else new
        for value in values:
            if isinstance(value, OpResult) and value.owner is op:
                raise ValueError(f"cannot replace '{op.name}' with its own result #{value.index}")
        self.replace_all_op_uses_with(op, values)
        self.erase_op(op)

    def replace_op_with_new_op(self, op: Operation, new_op: _OpT) -> _OpT:
        """Insert `new_op` at the insertion point, replace `op` with it, and return it."""
        self.insert(new_op)
        self.replace_op(op, new_op)
        return new_op

    # -- erasing -------------------------------------------------------------------

    def erase_op(self, op: Operation) -> None:
        """Erase `op` and everything nested in it; its results must have no uses left."""
        for result in op.results:
            if result.first_use is not None:
                raise ValueError(f"cannot erase '{op.name}': result #{result.index} still has uses")
        if op.regions:
            if not _only_used_within([b for region in op.regions for b in region.blocks]):
                raise ValueError(
                    f"cannot erase '{op.name}': a value defined inside it is used outside"
                )
            self._erase_nested(op)
        listener = self.listener
        if listener is not None:
            listener.notify_operation_erased(op)
        op.detach()
        op.drop_all_references()

    def _erase_nested(self, op: Operation) -> None:
        # Users are erased before definitions (later ops and blocks first), so each
        # report describes IR in which the erased op's own users are already gone.
        listener = self.listener
        for region in reversed(op.regions):
            for block in reversed(region.blocks):
                self._erase_block_contents(block)
                if listener is not None:
                    listener.notify_block_erased(block)

    def _erase_block_contents(self, block: Block) -> None:
        listener = self.listener
        nested = block.last_op
        while nested is not None:
            prev = nested.prev_op
            if nested.regions:
                self._erase_nested(nested)
            if listener is not None:
                listener.notify_operation_erased(nested)
            for operand in nested.op_operands:
                operand.drop()
            # Unlinked one by one, so that an erased op reads as detached even if a
            # later report (a cycle in a graph region) queued it again.
            nested.detach()
            nested = prev

    def erase_block(self, block: Block) -> None:
        """Erase `block` and its ops; nothing outside it may branch to it or use its values."""
        self._erase_blocks([block])

    def _erase_blocks(self, blocks: Sequence[Block]) -> None:
        doomed = set(blocks)
        for block in blocks:
            region = block.parent
            if region is not None:
                for pred in region.blocks:
                    term = pred.last_op
                    if (
                        pred not in doomed
                        and term is not None
                        and any(succ is block for succ in term.successors)
                    ):
                        raise ValueError("cannot erase a block that is still a successor")
        if not _only_used_within(blocks):
            raise ValueError("cannot erase a block whose values are still used outside it")
        listener = self.listener
        for block in blocks:
            self._erase_block_contents(block)
            if listener is not None:
                listener.notify_block_erased(block)
        for block in blocks:
            region = block.parent
            if region is not None:
                region.erase_block(block)

    # -- moving and in-place changes -----------------------------------------------

    def move_op_before(self, op: Operation, anchor: Operation) -> None:
        """Move `op` right before `anchor` (reported as inserted)."""
        op.move_before(anchor)
        if self.listener is not None:
            self.listener.notify_operation_inserted(op)

    def move_op_after(self, op: Operation, anchor: Operation) -> None:
        """Move `op` right after `anchor` (reported as inserted)."""
        op.move_after(anchor)
        if self.listener is not None:
            self.listener.notify_operation_inserted(op)

    def inline_block_before(
        self,
        source: Block,
        dest: Block,
        before: Operation | None = None,
        arg_values: Sequence[Value] = (),
    ) -> None:
        """Move the ops of `source` into `dest` before `before` (None: the end), then erase it.

        The uses of `source`'s arguments are replaced with `arg_values` first;
        nothing may branch to `source`.
        """
        if len(arg_values) != len(source.args):
            raise ValueError(
                f"block has {len(source.args)} arguments, got {len(arg_values)} values"
            )
        if source is dest:
            raise ValueError("cannot inline a block into itself")
        if before is not None and before.parent is not dest:
            raise ValueError(f"'{before.name}' is not in the destination block")
        outer = dest.parent_op
        while outer is not None:
            if outer.parent is source:
                raise ValueError(
                    f"cannot inline a block into a block nested in its op '{outer.name}'"
                )
            outer = outer.parent_op
        for arg, value in zip(source.args, arg_values, strict=True):
            self.replace_all_uses_with(arg, value)
        listener = self.listener
        op = source.first_op
        while op is not None:
            nxt = op.next_op
            op.detach()
            # Checked above: `dest` is not inside any op of `source`.
            if before is None:
                dest._link_last(op)
            else:
                dest._link_before(before, op)
            if listener is not None:
                listener.notify_operation_inserted(op)
            op = nxt
        self.erase_block(source)

    def merge_blocks(self, source: Block, dest: Block, arg_values: Sequence[Value] = ()) -> None:
        """Append the ops of `source` to `dest` and erase `source` (see `inline_block_before`)."""
        self.inline_block_before(source, dest, None, arg_values)

    def start_op_modification(self, op: Operation) -> None:
        """Announce an in-place change of `op` (for symmetry with MLIR; nothing to do)."""

    def finalize_op_modification(self, op: Operation) -> None:
        """Report that `op` was changed in place."""
        if self.listener is not None:
            self.listener.notify_operation_modified(op)

    def cancel_op_modification(self, op: Operation) -> None:
        """Abandon an announced change that did not happen (nothing is reported)."""

    @contextmanager
    def modify_op_in_place(self, op: Operation) -> Iterator[Operation]:
        """Change `op` in place inside a `with` block; it is reported modified at the end.

        If the block raises, the change is cancelled and nothing is reported.
        """
        self.start_op_modification(op)
        try:
            yield op
        except BaseException:
            self.cancel_op_modification(op)
            raise
        self.finalize_op_modification(op)

    def notify_match_failure(self, op: Operation, reason: str) -> bool:
        """Report why a pattern did not match `op`; returns False to return from the pattern."""
        if self.listener is not None:
            self.listener.notify_match_failure(op, reason)
        return False


def _top_level_in(op: Operation, region: Region) -> Operation | None:
    """The ancestor of `op` (or `op`) directly in a block of `region`; None if outside."""
    current: Operation | None = op
    while current is not None:
        block = current.parent
        if block is None:
            return None
        if block.parent is region:
            return current
        owner = block.parent
        current = owner.parent if owner is not None else None
    return None


def _only_used_within(blocks: Sequence[Block]) -> bool:
    """True when every use of a value defined in `blocks` is by an op inside them."""
    inside: set[Operation] = set()
    values: list[Value] = []
    for block in blocks:
        values.extend(block.args)
        for op in block.ops:
            for nested in op.walk():
                inside.add(nested)
                values.extend(nested.results)
            for region in op.regions:
                for nested_block in region.blocks:
                    values.extend(nested_block.args)
    return all(user in inside for value in values for user in value.users)


# -- traits the driver cares about ----------------------------------------------------


class _OpKind:
    """What the driver needs to know about an op class, computed once per class."""

    __slots__ = (
        "constant_like",
        "effect_free",
        "isolated",
        "keep",
        "recursive_effects",
        "references",
        "trait_folds",
    )

    def __init__(self, cls: type[Operation]) -> None:
        #: Never trivially dead: terminators (unregistered ops may be ones) and symbols.
        self.keep = cls.might_have_trait(IsTerminator) or issubclass(cls, SymbolOpInterface)
        # `Pure` implies `NoMemoryEffect`.
        # An op that only allocates its results is dead once they are unused, as MLIR's
        # `wouldOpBeTriviallyDead` skips allocation effects on the op's own results.
        self.effect_free = (
            cls.has_trait(NoMemoryEffect)
            or cls.has_trait(ConstantLike)
            or cls.has_trait(OnlyAllocatesResults)
        )
        self.recursive_effects = cls.has_trait(HasRecursiveMemoryEffects)
        self.constant_like = cls.has_trait(ConstantLike)
        #: May fold by its reference implementation (when it has no folder).
        self.references = (
            self.effect_free
            and not self.constant_like
            and callable(getattr(cls, "reference", None))
        )
        # An unregistered op might be isolated from above, so constants stay in it.
        self.isolated = cls.might_have_trait(IsIsolatedFromAbove)
        # In the order of the trait names, as the spec's traits were listed sorted.
        self.trait_folds: tuple[Callable[[Operation], list[Attribute | Value] | None], ...] = tuple(
            trait.fold
            for trait in sorted(cls.TRAITS, key=lambda t: t.__name__)
            if issubclass(trait, FoldingTrait)
        )


_KINDS: dict[type[Operation], _OpKind] = {}


def _own_fold(op: Operation) -> Callable[[Operation], FoldResult] | None:
    # Looked up on each call rather than cached with the traits, so that a fold
    # added to a class later (or patched in a test) is seen.
    fold = getattr(type(op), "fold", None)
    return fold if callable(fold) else None


def _kind(cls: type[Operation]) -> _OpKind:
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = _OpKind(cls)
    return kind


def _effect_free(op: Operation) -> bool:
    """True when `op` and everything nested in it has no memory effects."""
    kind = _kind(type(op))
    if not kind.effect_free and not kind.recursive_effects:
        return False
    # Stricter than MLIR for `Pure` ops with regions: a side effect anywhere inside
    # keeps the op, so that a wrongly declared trait cannot delete user code.
    for region in op.regions:
        for block in region.blocks:
            for nested in block.ops:
                if not _effect_free(nested):
                    return False
    return True


class _DeadArguments:
    """MLIR's `runRegionDCE` over the regions of a scope, where it changes what the
    worklist does not: block arguments (of blocks other than entry blocks) that no live
    op uses, the operands branches pass to them, and the effect-free ops only such
    arguments kept alive (a value going round a loop and never read).

    Liveness is propagated to a fixed point as MLIR does: terminators, ops with
    regions or effects are live; a value is live when a live op uses it, except that
    a branch passing it to a dead block argument does not count; an op is live when a
    result is. A branch that does not say which operands go where
    (`BranchOpInterface.successor_operand_positions`) keeps its successors' arguments.
    """

    def __init__(self, rewriter: PatternRewriter, scope: Region) -> None:
        self.rewriter = rewriter
        self.scope = scope
        self.live: set[int] = set()
        self.changed = False

    def erase(self) -> bool:
        """Erase what is dead; True when an op was erased (MLIR's answer)."""
        if not self._has_block_arguments(self.scope):
            return False
        self.changed = True
        while self.changed:
            self.changed = False
            self._propagate_region(self.scope)
        return self._delete(self.scope)

    def _has_block_arguments(self, region: Region) -> bool:
        for index, block in enumerate(region.blocks):
            if index and block.args:
                return True
            for op in block.ops:
                for nested in op.regions:
                    if self._has_block_arguments(nested):
                        return True
        return False

    # -- liveness ----------------------------------------------------------------------

    def _mark(self, item: object) -> None:
        if id(item) not in self.live:
            self.live.add(id(item))
            self.changed = True

    def _op_is_live(self, op: Operation) -> bool:
        return id(op) in self.live or any(id(r) in self.live for r in op.results)

    def _dead_use(self, owner: Operation, index: int) -> bool:
        if not owner.successors or not isinstance(owner, BranchOpInterface):
            return False
        for number, successor in enumerate(owner.successors):
            positions = owner.successor_operand_positions(number)
            if positions is not None and index in positions:
                return id(successor.args[index - positions.start]) not in self.live
        return False

    def _process_value(self, value: Value) -> None:
        if id(value) in self.live:
            return
        for use in value.uses:
            if self._op_is_live(use.owner) and not self._dead_use(use.owner, use.index):
                self._mark(value)
                return

    def _propagate_op(self, op: Operation) -> None:
        for region in op.regions:
            self._propagate_region(region)
        if op.successors or op.has_trait(IsTerminator):
            self._mark(op)
            for number, successor in enumerate(op.successors):
                positions = (
                    op.successor_operand_positions(number)
                    if isinstance(op, BranchOpInterface)
                    else None
                )
                if positions is None:
                    for arg in successor.args:
                        self._mark(arg)
            return
        if self._op_is_live(op):
            return
        kind = _kind(type(op))
        if op.regions or kind.keep or not kind.effect_free:
            self._mark(op)
            return
        for result in op.results:
            self._process_value(result)

    def _propagate_region(self, region: Region) -> None:
        for block in _post_order(region):
            op = block.last_op
            while op is not None:
                self._propagate_op(op)
                op = op.prev_op
            if not block.is_entry_block:
                for arg in block.args:
                    self._process_value(arg)

    # -- deleting ----------------------------------------------------------------------

    def _delete(self, region: Region) -> bool:
        erased = False
        blocks = _post_order(region)
        dead_ops: list[Operation] = []
        for block in blocks:
            term = block.last_op
            if len(region.blocks) > 1 and term is not None:
                self._erase_successor_operands(term)
            op = block.last_op
            while op is not None:
                if not self._op_is_live(op):
                    dead_ops.append(op)
                else:
                    for nested in op.regions:
                        erased |= self._delete(nested)
                op = op.prev_op
        for op in dead_ops:
            op.drop_all_references()
        for op in dead_ops:
            self.rewriter.erase_op(op)
            erased = True
        reachable = set(blocks)
        for block in region.blocks[1:]:
            if block not in reachable:
                continue
            for index in range(len(block.args) - 1, -1, -1):
                if id(block.args[index]) not in self.live:
                    block.erase_argument(index)
        return erased

    def _erase_successor_operands(self, term: Operation) -> None:
        if not isinstance(term, BranchOpInterface):
            return
        for number in range(len(term.successors) - 1, -1, -1):
            positions = term.successor_operand_positions(number)
            if positions is None:
                continue
            successor = term.successors[number]
            for position in range(len(positions) - 1, -1, -1):
                if id(successor.args[position]) not in self.live:
                    with self.rewriter.modify_op_in_place(term):
                        term.erase_successor_operand(number, position)


def _post_order(region: Region) -> list[Block]:
    """The blocks reachable from the entry of `region`, successors before predecessors."""
    if not region.blocks:
        return []
    order: list[Block] = []
    seen = {region.blocks[0]}
    stack: list[tuple[Block, int]] = [(region.blocks[0], 0)]
    while stack:
        block, next_succ = stack[-1]
        term = block.last_op
        succs = term.successors if term is not None else ()
        if next_succ < len(succs):
            stack[-1] = (block, next_succ + 1)
            succ = succs[next_succ]
            if succ not in seen and succ.parent is region:
                seen.add(succ)
                stack.append((succ, 0))
        else:
            stack.pop()
            order.append(block)
    return order


def would_op_be_trivially_dead(op: Operation) -> bool:
    """True when `op` could be erased if its results were unused (MLIR's rule).

    Terminators, symbols and unregistered ops are never dead; otherwise the op
    must be free of memory effects (`Pure`, `NoMemoryEffect`, `ConstantLike`, or
    recursive effects), and so must every op nested in it.
    """
    if _kind(type(op)).keep:
        return False
    return _effect_free(op)


def is_op_trivially_dead(op: Operation) -> bool:
    """True when no result of `op` is used and it is free of side effects."""
    for result in op.results:
        if result.first_use is not None:
            return False
    return would_op_be_trivially_dead(op)


# -- folding --------------------------------------------------------------------------


def _normalize_fold(op: Operation, raw: FoldResult) -> list[Attribute | Value] | None:
    if raw is None:
        return None
    results = [raw] if isinstance(raw, (Attribute, Value)) else list(raw)
    # A single-result fold that returns the op's own result changed the op in place.
    if len(results) == 1 and len(op.results) == 1 and results[0] is op.results[0]:
        return []
    return results


def _constant_attr(op: Operation) -> Attribute | None:
    """The value of a `ConstantLike` op: its fold, else its `value` attribute."""
    fold = _own_fold(op)
    if fold is not None:
        folded = _normalize_fold(op, fold(op))
        if folded and isinstance(folded[0], Attribute):
            return folded[0]
    props = op.properties
    if isinstance(props, DictionaryAttr):
        value = props.get_entry("value")
        if value is not None:
            return value
    return op.attributes.get_entry("value")


def constant_value(value: Value) -> Attribute | None:
    """The attribute a value is known to hold: the result of a `ConstantLike` op (`m_Constant`)."""
    if not isinstance(value, OpResult):
        return None
    op = value.owner
    if not _kind(type(op)).constant_like or len(op.results) != 1:
        return None
    return _constant_attr(op)


def fold_op(op: Operation, *, references: bool = True) -> list[Attribute | Value] | None:
    """Fold `op` as MLIR's `Operation::fold` does, without changing its uses.

    Runs the op's own `fold` (an op without one that is free of memory effects
    and has a reference implementation folds constant operands by evaluating it:
    `fold_by_reference`, unless `references` is False); when that fails or only
    changed the op in place,
    the folders of its traits are tried, then a cast's (`CastOpInterface`) to its
    own operand types folds to its operands. Returns None when nothing folded, `[]`
    when the op was changed in place, else one attribute or value per result.
    """
    results: list[Attribute | Value] | None = None
    fold = _own_fold(op)
    if fold is not None:
        results = _normalize_fold(op, fold(op))
        if results:
            return results
    elif references and op.operands and _kind(type(op)).references:
        # A pure op without a folder folds by its reference implementation, if it has one.
        by_reference = fold_by_reference(op, [constant_value(v) for v in op.operands])
        if by_reference is not None:
            return list(by_reference)
    for trait_fold in _kind(type(op)).trait_folds:
        folded = trait_fold(op)
        if folded is not None:
            return folded
    if isinstance(op, CastOpInterface) and op.operands:
        # MLIR's `foldCastInterfaceOp`: a cast to the types it starts from is its input.
        operands = op.operands
        if [v.type for v in operands] == [r.type for r in op.results]:
            return list(operands)
    return results


# -- the greedy driver ------------------------------------------------------------------


#: Successful rewrites per op of a sweep after which the sweep is taken to be endless.
_RUNAWAY_REWRITES_PER_OP = 1000


class _Worklist:
    """A LIFO of ops with set semantics and O(1) removal.

    A removed op leaves its slot in the list, skipped when popped because the op is
    no longer a member; pushed again, it goes to the end, ahead of that slot. Only
    membership is kept per op (a set), not a position: a table of positions for
    every op of a big function was most of the driver's memory.
    """

    __slots__ = ("_list", "_members", "_stale")

    def __len__(self) -> int:
        return len(self._members)

    def __init__(self) -> None:
        self._list: list[Operation] = []
        self._members: set[Operation] = set()
        # Removals since the list was last compacted: while none, no slot is stale.
        self._stale = 0

    def clear(self) -> None:
        self._list.clear()
        self._members.clear()
        self._stale = 0

    def push(self, op: Operation) -> None:
        members = self._members
        if op not in members:
            members.add(op)
            self._list.append(op)

    def pop(self) -> Operation | None:
        items = self._list
        members = self._members
        while items:
            op = items.pop()
            if op in members:
                members.remove(op)
                return op
        return None

    def remove(self, op: Operation) -> None:
        if op in self._members:
            self._members.remove(op)
            self._stale += 1

    def reverse(self) -> None:
        """Reverse the order of the members (the latest slot of each counts)."""
        items = self._list
        if self._stale:
            # An op removed and pushed again has a stale slot before its live one;
            # keep only the live slot, the last one, so reversing cannot promote it.
            members = self._members
            seen: set[Operation] = set()
            kept: list[Operation] = []
            for op in reversed(items):
                if op in members and op not in seen:
                    seen.add(op)
                    kept.append(op)
            self._list = kept
            self._stale = 0
            return
        items.reverse()


class _KnownConstants:
    """De-duplicates and hoists constants as MLIR's `OperationFolder` does.

    Constants are unique per (dialect, value, type) in their insertion region: the
    nearest enclosing region whose op is isolated from above (or unregistered, or
    top-level, or the driver's scope). The kept constant moves to the front of that
    region's entry block, where it dominates every use; a constant that moves to
    another block or absorbs a duplicate loses its location, as in MLIR.
    """

    __slots__ = ("owned", "rewriter", "scope", "scopes")

    def __init__(self, rewriter: PatternRewriter, scope: Region) -> None:
        self.rewriter = rewriter
        self.scope = scope
        self.owned: set[Operation] = set()
        self.scopes: dict[Region, dict[tuple[str, Attribute, Type], Operation]] = {}

    def _insertion_region(self, block: Block) -> Region | None:
        region = block.parent
        while region is not None:
            parent = region.parent
            if region is self.scope or parent is None:
                return region
            outer = parent.parent
            if outer is None or _kind(type(parent)).isolated:
                return region
            region = outer.parent
        return None

    def insert(self, op: Operation, value: Attribute) -> bool:
        """Record the constant `op`; False when it was a duplicate and is gone."""
        block = op.parent
        assert block is not None
        owned = self.owned
        if op in owned:
            if block.first_op is not op and op.prev_op not in owned:
                first = block.first_op
                assert first is not None
                op.move_before(first)
            return True
        region = self._insertion_region(block)
        if region is None or not region.blocks:
            return True
        known = self.scopes.setdefault(region, {})
        key = (op.dialect_name, value, op.results[0].type)
        existing = known.get(key)
        if existing is not None:
            self.rewriter.replace_op(op, existing.results)
            existing.loc = UnknownLoc.get()
            return False
        entry = region.blocks[0]
        first = entry.first_op
        if block is not entry:
            if first is None:
                op.detach()
                entry.append(op)
            else:
                op.move_before(first)
            op.loc = UnknownLoc.get()
        elif first is not op and op.prev_op not in owned:
            assert first is not None
            op.move_before(first)
        known[key] = op
        owned.add(op)
        return True


class _GreedyDriver(RewriteListener):
    """Simplifies one region: MLIR's `RegionPatternRewriteDriver`."""

    def __init__(
        self,
        region: Region,
        patterns: FrozenPatternSet,
        *,
        fold: bool,
        cse_constants: bool,
        top_down: bool,
        max_rewrites: int | None,
        listener: RewriteListener | None,
        context: Context | None,
        fold_references: bool = True,
    ) -> None:
        self.region = region
        self.patterns = patterns
        self.fold = fold
        self.fold_references = fold_references
        self.cse_constants = cse_constants
        self.top_down = top_down
        self.max_rewrites = max_rewrites
        self.runaway = False
        #: The op of the last change and what made it (a pattern's name, "folding" or
        #: "erasing a dead op"): where a rewrite that does not converge is reported.
        self.last_op: Operation | None = None
        self.last_change = ""
        self.user = listener
        self.worklist = _Worklist()
        self.rewriter = PatternRewriter(listener=self, context=context)

    # -- worklist ----------------------------------------------------------------------

    def add(self, op: Operation) -> None:
        """Queue `op` and its ancestors inside the scope; ops outside it are ignored."""
        scope = self.region
        chain = [op]
        while True:
            block = op.parent
            region = block.parent if block is not None else None
            if region is scope:
                push = self.worklist.push
                for queued in chain:
                    push(queued)
                return
            if region is None:
                return
            parent = region.parent
            if parent is None:
                return
            op = parent
            chain.append(op)

    def _add_operand_definers(self, op: Operation) -> None:
        # A definer whose value has at most one other user left may now be dead, or
        # newly match a single-use pattern.
        for operand in op.op_operands:
            value = operand.value
            if not isinstance(value, OpResult):
                continue
            other: Operation | None = None
            crowded = False
            for user in value.users:
                if user is op or user is other:
                    continue
                if other is None:
                    other = user
                    continue
                crowded = True
                break
            if not crowded:
                self.add(value.owner)

    # -- listener ----------------------------------------------------------------------

    def notify_operation_inserted(self, op: Operation) -> None:
        """Queue the new op."""
        if self.user is not None:
            self.user.notify_operation_inserted(op)
        self.add(op)

    def notify_operation_modified(self, op: Operation) -> None:
        """Queue the changed op."""
        if self.user is not None:
            self.user.notify_operation_modified(op)
        self.add(op)

    def notify_operation_replaced(self, op: Operation, values: Sequence[Value]) -> None:
        """Forward (the users are queued as they are modified)."""
        if self.user is not None:
            self.user.notify_operation_replaced(op, values)

    def notify_operation_erased(self, op: Operation) -> None:
        """Drop the op from the worklist and queue the definers of its operands."""
        if self.user is not None:
            self.user.notify_operation_erased(op)
        self._add_operand_definers(op)
        self.worklist.remove(op)

    def notify_block_inserted(self, block: Block) -> None:
        """Forward."""
        if self.user is not None:
            self.user.notify_block_inserted(block)

    def notify_block_erased(self, block: Block) -> None:
        """Forward."""
        if self.user is not None:
            self.user.notify_block_erased(block)

    def notify_match_failure(self, op: Operation, reason: str) -> None:
        """Forward."""
        if self.user is not None:
            self.user.notify_match_failure(op, reason)

    # -- sweeps ------------------------------------------------------------------------

    def simplify(self, max_iterations: int | None) -> bool:
        """Sweep until nothing changes or the limit is reached; True when converged."""
        iteration = 0
        continue_rewrites = False
        while True:
            iteration += 1
            if max_iterations is not None and iteration > max_iterations:
                break
            self.worklist.clear()
            self._populate()
            continue_rewrites = self._erase_unreachable_blocks()
            continue_rewrites |= self._process_worklist()
            if not self.runaway:
                # As MLIR's `simplifyRegions` after each sweep: unreachable blocks,
                # then dead block arguments and what only they kept alive.
                continue_rewrites |= self._erase_unreachable_blocks()
                continue_rewrites |= _DeadArguments(self.rewriter, self.region).erase()
            if not continue_rewrites or self.runaway:
                break
        return not continue_rewrites

    def _populate(self) -> None:
        known = _KnownConstants(self.rewriter, self.region) if self.cse_constants else None
        visit = self._visit_top_down if self.top_down else self._visit_bottom_up
        for block in list(self.region.blocks):
            op = block.first_op
            while op is not None:
                nxt = op.next_op
                visit(op, known)
                op = nxt
        if self.top_down:
            # Pops come from the back, so reversing makes them follow program order.
            self.worklist.reverse()

    def _keep_constant(self, op: Operation, known: _KnownConstants | None) -> bool:
        if known is None or not _kind(type(op)).constant_like or len(op.results) != 1:
            return True
        value = _constant_attr(op)
        if value is None:
            return True
        return known.insert(op, value)

    def _visit_bottom_up(self, op: Operation, known: _KnownConstants | None) -> None:
        for region in op.regions:
            for block in region.blocks:
                nested = block.first_op
                while nested is not None:
                    nxt = nested.next_op
                    self._visit_bottom_up(nested, known)
                    nested = nxt
        if self._keep_constant(op, known):
            self.add(op)

    def _visit_top_down(self, op: Operation, known: _KnownConstants | None) -> None:
        if not self._keep_constant(op, known):
            return
        self.add(op)
        for region in op.regions:
            for block in region.blocks:
                nested = block.first_op
                while nested is not None:
                    nxt = nested.next_op
                    self._visit_top_down(nested, known)
                    nested = nxt

    def _erase_unreachable_blocks(self) -> bool:
        # Code in unreachable blocks may use itself (`%x = arith.addi %x, %x`), which
        # patterns are not written to expect, so it goes before any pattern runs.
        erased = False
        stack = [self.region]
        graph_regions: list[Region] = []
        top = self.region.parent
        if top is not None and not region_has_ssa_dominance(top, 0):
            graph_regions.append(self.region)
        while stack:
            region = stack.pop()
            blocks = region.blocks
            if not blocks:
                continue
            if len(blocks) > 1:
                reachable = {blocks[0]}
                pending = [blocks[0]]
                while pending:
                    term = pending.pop().last_op
                    if term is None:
                        continue
                    for succ in term.successors:
                        if succ.parent is region and succ not in reachable:
                            reachable.add(succ)
                            pending.append(succ)
                dead = [b for b in blocks if b not in reachable]
                # Values of dead blocks used by live code make the IR invalid; the
                # verifier reports that, so such blocks are left alone.
                if dead and _only_used_within(dead):
                    self.rewriter._erase_blocks(dead)
                    erased = True
            for block in region.blocks:
                for op in block.ops:
                    if op.regions:
                        stack.extend(op.regions)
                        if not region_has_ssa_dominance(op, 0):
                            graph_regions.extend(op.regions)
        for region in graph_regions:
            erased |= self._erase_dead_cycles(region)
        return erased

    def _erase_dead_cycles(self, region: Region) -> bool:
        # In a graph region ops may use each other in a cycle (`%0 = f(%1)`,
        # `%1 = g(%0)`): none is ever unused, so the worklist never erases them, and
        # a pattern folding `%1` into its own operand's operand would replace an op
        # with its own result. MLIR's region DCE drops such cycles when nothing with
        # an effect uses them; so does this, before any pattern sees them.
        candidates: set[Operation] = set()
        for block in region.blocks:
            for op in block.ops:
                if op.results and would_op_be_trivially_dead(op):
                    candidates.add(op)
        if not candidates:
            return False
        live: list[Operation] = []
        for op in candidates:
            for result in op.results:
                if any(_top_level_in(user, region) not in candidates for user in result.users):
                    live.append(op)
                    break
        # What a live op uses is live too, including values used inside its regions.
        seen = set(live)
        while live:
            op = live.pop()
            for nested in op.walk():
                for operand in nested.operands:
                    if isinstance(operand, OpResult):
                        definer = _top_level_in(operand.owner, region)
                        if definer in candidates and definer not in seen:
                            seen.add(definer)
                            live.append(definer)
        dead = candidates - seen
        if not dead:
            return False
        ordered = [op for block in region.blocks for op in block.ops if op in dead]
        for op in ordered:
            for nested in op.walk():
                nested.drop_all_references()
        for op in reversed(ordered):
            self.rewriter.erase_op(op)
        return True

    def _process_worklist(self) -> bool:
        changed = False
        rewrites = 0
        limit = self.max_rewrites
        # MLIR lets a sweep run forever when patterns keep undoing each other or keep
        # matching their own output (or a fold keeps changing its op); a sweep that
        # changes each op this many times is that, and ends the rewrite unconverged.
        budget = _RUNAWAY_REWRITES_PER_OP * (len(self.worklist) + 1)
        worklist = self.worklist
        rewriter = self.rewriter
        user = self.user
        fold = self.fold
        while limit is None or rewrites < limit:
            budget -= 1
            if budget < 0:
                self.runaway = True
                break
            op = worklist.pop()
            if op is None:
                break
            block = op.parent
            if block is None:
                continue
            if is_op_trivially_dead(op):
                rewriter.erase_op(op)
                changed = True
                self.last_op = op
                self.last_change = "erasing a dead op"
                continue
            if fold and not _kind(type(op)).constant_like and self._try_fold(op, block):
                changed = True
                self.last_op = op
                self.last_change = "folding"
                continue
            for pattern in self.patterns.for_op_name(op.name):
                rewriter.insertion_point = InsertionPoint(block, op)
                if user is not None:
                    user.notify_pattern_begin(pattern, op)
                matched = pattern.match_and_rewrite(op, rewriter)
                if user is not None:
                    user.notify_pattern_end(pattern, matched)
                if matched:
                    changed = True
                    rewrites += 1
                    self.last_op = op
                    self.last_change = _pattern_name(pattern)
                    break
        return changed

    def _try_fold(self, op: Operation, block: Block) -> bool:
        results = fold_op(op, references=self.fold_references)
        if results is None:
            return False
        if not results:
            self.notify_operation_modified(op)
            return True
        if len(results) != len(op.results):
            raise ValueError(
                f"folding '{op.name}' gave {len(results)} results for {len(op.results)}"
            )
        rewriter = self.rewriter
        rewriter.insertion_point = InsertionPoint(block, op)
        replacements: list[Value] = []
        for folded, result in zip(results, op.results, strict=True):
            if isinstance(folded, Value):
                if folded.type is not result.type:
                    raise ValueError(
                        f"folding '{op.name}' replaced result #{result.index} of type "
                        f"{result.type} with a value of type {folded.type}"
                    )
                replacements.append(folded)
                continue
            constant = self._materialize(op, folded, result.type)
            if constant is None:
                # Constants made for earlier results are unused; they go again.
                for made in replacements:
                    if isinstance(made, OpResult) and not made.has_uses:
                        owner = made.owner
                        if owner.parent is not None and _kind(type(owner)).constant_like:
                            rewriter.erase_op(owner)
                return False
            replacements.append(constant.results[0])
        rewriter.replace_op(op, replacements)
        return True

    def _materialize(self, op: Operation, value: Attribute, type_: Type) -> Operation | None:
        dialect = type(op).DIALECT
        materializer = dialect.constant_materializer if dialect is not None else None
        if materializer is None:
            return None
        rewriter = self.rewriter
        constant = materializer(rewriter, value, type_, op.loc)
        if constant is None:
            return None
        if constant.parent is None:
            rewriter.insert(constant)
        if not _kind(type(constant)).constant_like or len(constant.results) != 1:
            raise ValueError(
                f"the constant materializer of '{op.dialect_name}' made '{constant.name}', "
                "which is not a single-result ConstantLike op"
            )
        if constant.results[0].type is not type_:
            raise ValueError(
                f"the constant materializer of '{op.dialect_name}' made a constant of type "
                f"{constant.results[0].type}, not {type_}"
            )
        return constant


def non_convergence_message(max_iterations: int | None) -> str:
    """The message for a greedy rewrite that did not converge.

    mlir-opt 22 prints nothing for this: `--canonicalize` is best effort, and with
    `test-convergence=true` it fails the pass without a diagnostic. The wording is
    that of the driver's debug log (`-debug-only=greedy-rewriter`).
    """
    return f"the pattern rewrite did not converge after scanning {max_iterations} times"


def apply_patterns_greedily(
    root_op: Operation,
    patterns: FrozenPatternSet | Iterable[PatternLike | type[PatternLike]],
    *,
    max_iterations: int | None = 10,
    max_rewrites: int | None = None,
    fold: bool = True,
    fold_references: bool = True,
    cse_constants: bool = True,
    top_down: bool = False,
    listener: RewriteListener | None = None,
    ctx: Context | None = None,
    raise_on_failure: bool = False,
) -> bool:
    """Apply `patterns` to the ops inside `root_op` until a fixpoint; True when converged.

    Each region of `root_op` is simplified on its own, as MLIR's
    `applyPatternsGreedily(op, ...)` does; `root_op` itself is not rewritten.

    - `max_iterations`: the most sweeps over a region (None: no limit). A region
      has converged when a sweep changes nothing.
    - `max_rewrites`: the most successful pattern applications in one sweep
      (MLIR's `maxNumRewrites`; None: no limit).
    - `fold`: fold ops before trying patterns on them.
    - `fold_references`: ops without a folder of their own also fold by their
      reference implementations (`fold_op`); False folds only where MLIR has folders.
    - `cse_constants`: de-duplicate and hoist constants at the start of each sweep.
    - `top_down`: process ops in program order (as `--canonicalize` does by
      default) instead of MLIR's default bottom-up order.
    - `listener`: also told of every change the driver makes.
    - `ctx`: given to patterns as `rewriter.context`.
    - `raise_on_failure`: raise `DiagnosticError` at `root_op` instead of
      returning False when a region did not converge.
    """
    frozen = patterns if isinstance(patterns, FrozenPatternSet) else FrozenPatternSet(patterns)
    converged = True
    unconverged: _GreedyDriver | None = None
    for region in root_op.regions:
        driver = _GreedyDriver(
            region,
            frozen,
            fold=fold,
            fold_references=fold_references,
            cse_constants=cse_constants,
            top_down=top_down,
            max_rewrites=max_rewrites,
            listener=listener,
            context=ctx,
        )
        if not driver.simplify(max_iterations):
            converged = False
            unconverged = unconverged or driver
    if unconverged is not None and raise_on_failure:
        raise DiagnosticError(non_convergence_diagnostic(root_op, unconverged, max_iterations))
    return converged


def non_convergence_diagnostic(
    root_op: Operation, driver: _GreedyDriver, max_iterations: int | None
) -> Diagnostic:
    """The error for a rewrite of `root_op` that did not converge.

    It points at the op the rewrite changed last (the root when none or when that
    op has no source position), with a note naming what changed it: the usual
    culprit is a pattern whose output it matches again, or two that undo each other.
    """
    message = non_convergence_message(max_iterations)
    last = driver.last_op
    where = location_of(last) if last is not None else None
    if last is None or where is None:
        return Diagnostic(Severity.ERROR, location_of(root_op), message)
    note = Diagnostic(
        Severity.NOTE, where, f"the last change was made by {driver.last_change} on '{last.name}'"
    )
    return Diagnostic(Severity.ERROR, where, message, notes=[note])
