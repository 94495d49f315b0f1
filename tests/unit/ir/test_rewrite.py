"""Tests of generator.ir.rewrite: the pattern rewriter and the greedy driver.

The IR uses the generated `arith` and `func` ops; folds and patterns are written
here (x + 0 -> x, constant folding, ...). After every rewrite the use-lists are
checked: each operand slot is on its value's use-list, each use belongs to a live
op, and nothing uses an erased op. A property test rewrites random arith DAGs to
a fixpoint and checks they still verify and compute the same values, and a
differential test compares the driver with `mlir-opt-22 --canonicalize`.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import generated
import generated.func
from generated.arith import AddIOp, AndIOp, ConstantOp, MulIOp, SubIOp
from generated.func import FuncOp, ReturnOp
from generator.ir import (
    Attribute,
    Block,
    Builder,
    ConstantMaterializer,
    Context,
    DiagnosticError,
    FunctionType,
    InsertionPoint,
    IntegerAttr,
    IntegerType,
    Location,
    NoTerminator,
    Operation,
    OpTrait,
    Pure,
    Region,
    SourceFile,
    Type,
    UnknownLoc,
    Value,
    parse_source,
    print_operation,
    verify,
)
from generator.ir.attributes import wrap_integer
from generator.ir.op_definition import OdsOp
from generator.ir.properties import get_property
from generator.ir.rewrite import (
    FrozenPatternSet,
    PatternRewriter,
    RewriteListener,
    RewritePattern,
    apply_patterns_greedily,
    constant_value,
    fold_op,
    is_op_trivially_dead,
    non_convergence_message,
    rewrite_pattern,
    would_op_be_trivially_dead,
)

I32 = IntegerType.get(32)
I64 = IntegerType.get(64)


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------


def _module(body: str, args: str = "%a: i32, %b: i32", results: str = "i32") -> str:
    """Generic text of a module holding `func.func @f(args) -> results { body }`."""
    arg_types = ", ".join(a.split(":")[1].strip() for a in args.split(",")) if args else ""
    return (
        f'"func.func"() <{{sym_name = "f", function_type = ({arg_types}) -> ({results})}}> ({{\n'
        f"^bb0({args}):\n{body}\n}}) : () -> ()\n"
    )


def _parse(text: str) -> Operation:
    return parse_source(
        SourceFile("in.mlir", text), generated.context(allow_unregistered_dialects=True)
    )


def _print(op: Operation) -> str:
    return print_operation(op)


def _func(module: Operation) -> Operation:
    func = module.regions[0].blocks[0].first_op
    assert func is not None
    return func


def _ops(module: Operation) -> list[Operation]:
    """The ops of the function body, in order."""
    return list(_func(module).regions[0].blocks[0].ops)


def _names(module: Operation) -> list[str]:
    return [op.name for op in _ops(module)]


def _int(value: Value) -> int:
    """The integer a constant value holds."""
    attr = constant_value(value)
    assert isinstance(attr, IntegerAttr)
    return attr.value


def _assert_use_lists_consistent(root: Operation) -> None:
    """Every operand is on its value's use-list, and every use is by a live op."""
    live = set(root.walk())
    values: list[Value] = []
    for op in live:
        for index, slot in enumerate(op.op_operands):
            assert slot.owner is op
            assert slot.index == index
            assert any(use is slot for use in slot.value.uses), f"{op.name} #{index} unlinked"
            definer = slot.value.defining_op
            if definer is not None:
                assert definer in live, f"{op.name} uses a result of erased {definer.name}"
            else:
                block = slot.value.owner_block
                assert block is not None
                assert block.parent_op is not None
                assert block.parent_op in live
        values.extend(op.results)
        for region in op.regions:
            for block in region.blocks:
                values.extend(block.args)
                for nested in block.ops:
                    assert nested.parent is block
    for value in values:
        prev = None
        for use in value.uses:
            assert use.prev_use is prev
            assert use.value is value
            assert use.owner in live, f"a use of {value!r} by erased {use.owner.name}"
            assert use.owner.op_operands[use.index] is use
            prev = use


class Recorder(RewriteListener):
    """Records every notification as (event, op name or block)."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def notify_operation_inserted(self, op: Operation) -> None:
        self.events.append(("inserted", op.name))

    def notify_operation_modified(self, op: Operation) -> None:
        self.events.append(("modified", op.name))

    def notify_operation_replaced(self, op: Operation, values: Sequence[Value]) -> None:
        self.events.append(("replaced", op.name))

    def notify_operation_erased(self, op: Operation) -> None:
        self.events.append(("erased", op.name))

    def notify_block_inserted(self, block: Block) -> None:
        self.events.append(("block inserted", block))

    def notify_block_erased(self, block: Block) -> None:
        self.events.append(("block erased", block))

    def notify_match_failure(self, op: Operation, reason: str) -> None:
        self.events.append(("match failure", reason))


def _fold_binary(op: Operation, fn: Callable[[int, int], int], unit: int | None) -> object:
    """Constant-fold `fn` over two integer constants, and `x op unit -> x`."""
    lhs = constant_value(op.operand(0))
    rhs = constant_value(op.operand(1))
    result_type = op.results[0].type
    if isinstance(lhs, IntegerAttr) and isinstance(rhs, IntegerAttr):
        return IntegerAttr.get(result_type, fn(lhs.value, rhs.value))
    if unit is not None and isinstance(rhs, IntegerAttr) and rhs.value == unit:
        return op.operand(0)
    return None


def _fold_addi(op: Operation) -> object:
    return _fold_binary(op, lambda x, y: x + y, 0)


def _fold_muli(op: Operation) -> object:
    return _fold_binary(op, lambda x, y: x * y, 1)


def _fold_subi(op: Operation) -> object:
    return _fold_binary(op, lambda x, y: x - y, 0)


def _materialize_arith(
    rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
) -> Operation | None:
    if not isinstance(value, IntegerAttr) or value.type is not type_:
        return None
    return rewriter.insert(ConstantOp(value=value, loc=loc))


@contextmanager
def _arith_materializer(fn: ConstantMaterializer | None) -> Iterator[None]:
    """Use `fn` as the arith constant materializer (None: none), then restore the dialect's."""
    dialect = AddIOp.DIALECT
    assert dialect is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dialect, "constant_materializer", fn)
        yield


@contextmanager
def _arith_folding() -> Iterator[None]:
    """Give addi, muli and subi these tests' folds and their constant materializer."""
    with pytest.MonkeyPatch.context() as patch, _arith_materializer(_materialize_arith):
        patch.setattr(AddIOp, "fold", _fold_addi, raising=False)
        patch.setattr(MulIOp, "fold", _fold_muli, raising=False)
        patch.setattr(SubIOp, "fold", _fold_subi, raising=False)
        yield


@pytest.fixture
def arith_folding() -> Iterator[None]:
    """Arith folds and constant materialization for the duration of a test."""
    with _arith_folding():
        yield


@rewrite_pattern(AddIOp)
def add_zero(op: Operation, rewriter: PatternRewriter) -> bool:
    """x + 0 -> x (constants are on the right after the commutative fold)."""
    rhs = constant_value(op.operand(1))
    if not isinstance(rhs, IntegerAttr) or rhs.value != 0:
        return rewriter.notify_match_failure(op, "rhs is not zero")
    rewriter.replace_op(op, [op.operand(0)])
    return True


@rewrite_pattern(MulIOp)
def mul_one(op: Operation, rewriter: PatternRewriter) -> bool:
    """x * 1 -> x."""
    rhs = constant_value(op.operand(1))
    if not isinstance(rhs, IntegerAttr) or rhs.value != 1:
        return False
    rewriter.replace_op(op, [op.operand(0)])
    return True


@rewrite_pattern(MulIOp)
def mul_zero(op: Operation, rewriter: PatternRewriter) -> bool:
    """x * 0 -> 0 (the existing zero)."""
    rhs = constant_value(op.operand(1))
    if not isinstance(rhs, IntegerAttr) or rhs.value != 0:
        return False
    rewriter.replace_op(op, [op.operand(1)])
    return True


@rewrite_pattern(SubIOp)
def sub_self(op: Operation, rewriter: PatternRewriter) -> bool:
    """x - x -> 0 (a new constant)."""
    if op.operand(0) is not op.operand(1):
        return False
    zero = IntegerAttr.get(op.results[0].type, 0)
    rewriter.replace_op_with_new_op(op, ConstantOp(value=zero))
    return True


# ---------------------------------------------------------------------------------------
# The rewriter
# ---------------------------------------------------------------------------------------


def _block_of_adds() -> tuple[Block, Operation, Operation, Operation]:
    """A block (x: i32): s = x + x; t = s + x; "test.use"(t)."""
    block = Block([I32])
    x = block.args[0]
    s = block.append(AddIOp(x, x))
    t = block.append(AddIOp(s.results[0], x))
    use = block.append(Operation("test.use", [t.results[0]]))
    return block, s, t, use


def test_insert_links_at_the_insertion_point_and_reports() -> None:
    """Inserted ops land before/after the anchor and the listener hears of each."""
    block, s, t, _use = _block_of_adds()
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    rewriter.set_insertion_point_before(t)
    c1 = rewriter.insert(ConstantOp(value=IntegerAttr.get(I32, 1)))
    rewriter.set_insertion_point_after(s)
    c2 = rewriter.insert(ConstantOp(value=IntegerAttr.get(I32, 2)))
    assert list(block.ops) == [s, c2, c1, t, _use]
    assert recorder.events == [("inserted", "arith.constant"), ("inserted", "arith.constant")]
    generic = rewriter.create("test.new", [c1.results[0]], [I32])
    assert generic.parent is block
    assert recorder.events[-1] == ("inserted", "test.new")


def test_insert_without_insertion_point_leaves_the_op_alone() -> None:
    """With no insertion point the op stays unattached and nothing is reported."""
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    op = rewriter.insert(ConstantOp(value=IntegerAttr.get(I32, 1)))
    assert op.parent is None
    assert recorder.events == []


def test_replace_op_moves_every_use_and_erases_the_op() -> None:
    """replace_op: uses move to the new values, users are reported, the op goes."""
    block, s, t, use = _block_of_adds()
    x = block.args[0]
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    rewriter.replace_op(s, [x])
    assert list(block.ops) == [t, use]
    assert t.operands == (x, x)
    assert s.parent is None
    assert not s.op_operands
    assert recorder.events == [
        ("replaced", "arith.addi"),
        ("modified", "arith.addi"),
        ("erased", "arith.addi"),
    ]
    owner = Operation("test.owner", regions=1)
    owner.regions[0].add_block(block)
    _assert_use_lists_consistent(owner)


def test_replace_op_with_an_op_uses_its_results() -> None:
    """replace_op_with_new_op inserts the new op and takes over the uses."""
    block, s, t, use = _block_of_adds()
    rewriter = PatternRewriter(InsertionPoint.before(t))
    new = rewriter.replace_op_with_new_op(t, MulIOp(s.results[0], s.results[0]))
    assert list(block.ops) == [s, new, use]
    assert use.operands == (new.results[0],)
    assert not t.results[0].has_uses


def test_replace_op_with_the_wrong_number_of_values_raises() -> None:
    """A replacement must give one value per result, and nothing changes otherwise."""
    block, s, t, _use = _block_of_adds()
    rewriter = PatternRewriter()
    with pytest.raises(ValueError, match="has 1 results, got 2 replacements"):
        rewriter.replace_op(s, [block.args[0], block.args[0]])
    assert s.parent is block
    assert t.operand(0) is s.results[0]


def test_erase_op_with_uses_raises_and_leaves_the_ir_intact() -> None:
    """Erasing an op whose result is still used would leave a dangling use."""
    block, s, t, use = _block_of_adds()
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    with pytest.raises(ValueError, match=r"cannot erase 'arith.addi': result #0 still has uses"):
        rewriter.erase_op(s)
    assert list(block.ops) == [s, t, use]
    assert recorder.events == []
    owner = Operation("test.owner", regions=1)
    owner.regions[0].add_block(block)
    _assert_use_lists_consistent(owner)


def test_erase_op_whose_nested_values_are_used_outside_raises() -> None:
    """Nested results count as uses too: erasing must not strand their users."""
    block = Block()
    holder = block.append(Operation("test.graph", regions=1))
    inner = Block()
    holder.regions[0].add_block(inner)
    leaked = inner.append(Operation("test.def", result_types=[I32]))
    block.append(Operation("test.use", [leaked.results[0]]))
    with pytest.raises(ValueError, match="a value defined inside it is used outside"):
        PatternRewriter().erase_op(holder)
    assert holder.parent is block
    assert leaked.parent is inner


def test_erase_op_reports_nested_ops_first_in_reverse_order() -> None:
    """Users go before definitions: inner ops in reverse, then the block, then the op."""
    outer_block = Block([I32])
    x = outer_block.args[0]
    holder = outer_block.append(Operation("test.holder", regions=1))
    inner = Block()
    holder.regions[0].add_block(inner)
    first = inner.append(AddIOp(x, x))
    inner.append(Operation("test.use", [first.results[0]]))
    recorder = Recorder()
    PatternRewriter(listener=recorder).erase_op(holder)
    assert recorder.events == [
        ("erased", "test.use"),
        ("erased", "arith.addi"),
        ("block erased", inner),
        ("erased", "test.holder"),
    ]
    assert not x.has_uses
    assert outer_block.is_empty


def test_replace_all_uses_with_reports_each_user() -> None:
    """Each use moved is an in-place change of its user."""
    block, s, t, _use = _block_of_adds()
    x = block.args[0]
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    rewriter.replace_all_uses_with(x, s.results[0])
    # `s` now uses itself, which is fine for the use-lists if not for SSA.
    assert s.operands == (s.results[0], s.results[0])
    assert t.operand(1) is s.results[0]
    assert [e for e, _ in recorder.events] == ["modified"] * 3


def test_replace_uses_if_and_except() -> None:
    """Selective replacement keeps the uses the predicate rejects."""
    block, s, t, _use = _block_of_adds()
    x = block.args[0]
    y = Block([I32]).args[0]
    rewriter = PatternRewriter()
    rewriter.replace_all_uses_except(x, y, s)
    assert s.operands == (x, x)
    assert t.operand(1) is y
    rewriter.replace_uses_with_if(x, y, lambda user: False)
    assert s.operands == (x, x)


def test_modify_op_in_place_reports_once_and_not_on_error() -> None:
    """An in-place change is reported when the `with` block ends normally."""
    block, s, t, _use = _block_of_adds()
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    with rewriter.modify_op_in_place(t) as op:
        op.set_operand(0, block.args[0])
        op.set_operand(1, s.results[0])
    assert recorder.events == [("modified", "arith.addi")]
    with pytest.raises(RuntimeError), rewriter.modify_op_in_place(t):
        raise RuntimeError
    assert recorder.events == [("modified", "arith.addi")]


def test_notify_match_failure_returns_false() -> None:
    """A pattern can report why it did not match and return the result directly."""
    _block, s, _t, _use = _block_of_adds()
    recorder = Recorder()
    assert PatternRewriter(listener=recorder).notify_match_failure(s, "no") is False
    assert recorder.events == [("match failure", "no")]


def test_merge_blocks_replaces_arguments_and_moves_ops() -> None:
    """merge_blocks: block arguments take the given values, ops move, the block goes."""
    region = Region(Operation("test.holder"))
    dest = Block([I32])
    region.add_block(dest)
    source = Block([I32])
    region.add_block(source)
    add = source.append(AddIOp(source.args[0], source.args[0]))
    recorder = Recorder()
    rewriter = PatternRewriter(listener=recorder)
    rewriter.merge_blocks(source, dest, [dest.args[0]])
    assert region.blocks == [dest]
    assert list(dest.ops) == [add]
    assert add.operands == (dest.args[0], dest.args[0])
    assert ("inserted", "arith.addi") in recorder.events
    assert recorder.events[-1] == ("block erased", source)


def test_inline_block_before_an_op() -> None:
    """Ops of the inlined block come right before the anchor."""
    dest, s, t, _use = _block_of_adds()
    source = Block()
    moved = source.append(Operation("test.moved"))
    PatternRewriter().inline_block_before(source, dest, t)
    assert list(dest.ops)[:3] == [s, moved, t]


def test_erase_block_whose_values_are_used_outside_raises() -> None:
    """A block cannot go while ops elsewhere use its arguments."""
    block, _s, _t, _use = _block_of_adds()
    outside = Block()
    outside.append(Operation("test.use", [block.args[0]]))
    with pytest.raises(ValueError, match="still used outside"):
        PatternRewriter().erase_block(block)
    assert block.first_op is not None


def test_patterns_from_functions_classes_and_plain_objects() -> None:
    """rewrite_pattern, RewritePattern subclasses and duck-typed objects all work."""

    class ByClass(RewritePattern):
        root = "arith.addi"
        benefit = 3

    class Plain:
        root = None
        benefit = 2

        def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
            return False

    assert add_zero.root == "arith.addi"
    assert add_zero.debug_name == "add_zero"
    assert RewritePattern(root=MulIOp, benefit=4).root == "arith.muli"
    frozen = FrozenPatternSet([add_zero, ByClass, Plain()])
    assert [type(p).__name__ for p in frozen.for_op_name("arith.addi")] == [
        "ByClass",
        "Plain",
        "_FunctionPattern",
    ]
    assert [type(p).__name__ for p in frozen.for_op_name("arith.muli")] == ["Plain"]


# ---------------------------------------------------------------------------------------
# The driver: patterns, dead code, order
# ---------------------------------------------------------------------------------------


def test_add_zero_chain_is_removed_in_one_sweep() -> None:
    """x + 0 + 0 + 0 becomes x; the zero constant dies; two sweeps to converge."""
    module = _parse(
        _module(
            """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.addi"(%c0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "arith.addi"(%1, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%2) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    recorder = Recorder()
    assert apply_patterns_greedily(module, [add_zero], listener=recorder)
    ops = _ops(module)
    assert [op.name for op in ops] == ["func.return"]
    assert ops[0].operand(0) is _func(module).regions[0].blocks[0].args[0]
    assert [e for e in recorder.events if e[0] == "erased"] == [("erased", "arith.addi")] * 3 + [
        ("erased", "arith.constant")
    ]
    _assert_use_lists_consistent(module)
    verify(module)


def test_dead_pure_ops_are_erased_transitively() -> None:
    """Unused pure ops and the pure ops only they used are erased; live ones stay."""
    module = _parse(
        _module(
            """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.muli"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "arith.subi"(%1, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %3 = "arith.muli"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%3) : (i32) -> ()"""
        )
    )
    assert apply_patterns_greedily(module, [])
    assert _names(module) == ["arith.muli", "func.return"]
    _assert_use_lists_consistent(module)


def test_side_effecting_unregistered_and_terminator_ops_are_kept() -> None:
    """Ops that may have effects stay even when their results are unused."""
    module = _parse(
        _module(
            """  %0 = "test.maybe_effects"(%a) : (i32) -> i32
  "test.no_results"() : () -> ()
  %1 = "func.call"(%a) <{callee = @g}> : (i32) -> i32
  "func.return"(%a) : (i32) -> ()"""
        )
    )
    before = _names(module)
    assert apply_patterns_greedily(module, [])
    assert _names(module) == before
    call, ret = _ops(module)[2], _ops(module)[3]
    assert not is_op_trivially_dead(call)
    assert not would_op_be_trivially_dead(ret)
    # The function itself is an unused symbol, and symbols are never dead.
    assert not would_op_be_trivially_dead(_func(module))


class _PureRegionOp(OdsOp):
    """A pure op with a region, to check effects nested in regions."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str] = "test.pure_region"
    TRAITS: ClassVar[frozenset[type[OpTrait]]] = frozenset({NoTerminator, Pure})

    def __init__(self) -> None:
        super().__init__("test.pure_region", (), (I32,), regions=1)
        self.regions[0].add_block(Block())


class _RegionOp(OdsOp):
    """A registered op with a region that is not isolated from above (and not pure)."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str] = "test.region"
    TRAITS: ClassVar[frozenset[type[OpTrait]]] = frozenset({NoTerminator})

    def __init__(self) -> None:
        super().__init__("test.region", (), (), regions=1)
        self.regions[0].add_block(Block())


def _func_with_block(num_results: int = 0) -> tuple[Operation, Block]:
    """A module with `func.func @f(i32, i32) -> (i32 x num_results)` and its empty body."""
    module = Operation("builtin.module", regions=1)
    module.regions[0].add_block(Block())
    func = FuncOp(sym_name="f", function_type=FunctionType.get((I32, I32), (I32,) * num_results))
    module.regions[0].blocks[0].append(func)
    body = func.regions[0].add_block(Block([I32, I32]))
    return module, body


def test_pure_op_whose_region_has_side_effects_is_kept() -> None:
    """A pure op is erased only when everything nested in it is free of effects too."""
    module, body = _func_with_block()
    a = body.args[0]
    kept = body.append(_PureRegionOp())
    kept.regions[0].blocks[0].append(Operation("test.effect", [a]))
    erased = body.append(_PureRegionOp())
    erased.regions[0].blocks[0].append(AddIOp(a, a))
    body.append(ReturnOp())
    assert apply_patterns_greedily(module, [])
    assert body.first_op is kept
    assert [op.name for op in body.ops] == ["test.pure_region", "func.return"]
    _assert_use_lists_consistent(module)


# ---------------------------------------------------------------------------------------
# Benefit order
# ---------------------------------------------------------------------------------------


class _Probe(RewritePattern):
    """Records its name when tried on an `arith.addi`; matches once when `succeed` is set."""

    def __init__(
        self, name: str, log: list[str], *, root: str | None, benefit: int, succeed: bool = False
    ) -> None:
        super().__init__(root=root, benefit=benefit)
        self.name = name
        self.log = log
        self.succeed = succeed

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if op.name == "arith.addi":
            self.log.append(self.name)
        if self.succeed:
            # Claims a change once, without making one, so the next sweep tries again.
            self.succeed = False
            return True
        return False


def _one_add() -> Operation:
    return _parse(
        _module(
            """  %0 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()"""
        )
    )


def test_patterns_are_tried_by_decreasing_benefit_then_registration() -> None:
    """Higher benefit first; on ties the specific op's pattern, then registration order."""
    log: list[str] = []
    probes = [
        _Probe("low", log, root="arith.addi", benefit=1),
        _Probe("any-2", log, root=None, benefit=2),
        _Probe("high", log, root="arith.addi", benefit=3),
        _Probe("tie-a", log, root="arith.addi", benefit=2),
        _Probe("tie-b", log, root="arith.addi", benefit=2),
        _Probe("other-op", log, root="arith.muli", benefit=9),
    ]
    module = _one_add()
    assert apply_patterns_greedily(module, probes, fold=False)
    assert log == ["high", "tie-a", "tie-b", "any-2", "low"]


def test_the_first_matching_pattern_ends_the_search() -> None:
    """Once a pattern succeeds, lower-benefit patterns are not tried on that visit."""
    log: list[str] = []
    probes = [
        _Probe("low", log, root="arith.addi", benefit=1),
        _Probe("high", log, root="arith.addi", benefit=5, succeed=True),
    ]
    module = _one_add()
    assert apply_patterns_greedily(module, probes, fold=False)
    # First sweep: "high" matches and "low" is not tried; second sweep: neither matches.
    assert log == ["high", "high", "low"]


# ---------------------------------------------------------------------------------------
# Folding
# ---------------------------------------------------------------------------------------


def test_fold_to_an_existing_value(arith_folding: None) -> None:
    """A fold returning an operand replaces the op with it."""
    module = _parse(
        _module(
            """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    assert apply_patterns_greedily(module, [])
    (ret,) = _ops(module)
    assert ret.operand(0) is _func(module).regions[0].blocks[0].args[0]


def test_fold_to_an_attribute_materializes_a_constant(arith_folding: None) -> None:
    """Folded attributes become constants from the dialect's materializer."""
    module = _parse(
        _module(
            """  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %0 = "arith.muli"(%c2, %c3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.addi"(%0, %c2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%1) : (i32) -> ()""",
            args="",
        )
    )
    assert apply_patterns_greedily(module, [])
    constant, ret = _ops(module)
    assert constant.name == "arith.constant"
    assert ret.operand(0) is constant.results[0]
    assert _int(constant.results[0]) == 8
    _assert_use_lists_consistent(module)
    verify(module)


def test_fold_without_a_materializer_keeps_the_op(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the dialect cannot materialize the attribute, the op is not folded."""
    monkeypatch.setattr(AddIOp, "fold", _fold_addi, raising=False)
    module = _parse(
        _module(
            """  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %0 = "arith.addi"(%c2, %c2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="",
        )
    )
    with _arith_materializer(None):
        assert apply_patterns_greedily(module, [])
    assert _names(module) == ["arith.constant", "arith.addi", "func.return"]


def test_fold_can_be_turned_off(arith_folding: None) -> None:
    """fold=False leaves foldable ops to the patterns."""
    module = _parse(
        _module(
            """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %0 = "arith.addi"(%c0, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    assert apply_patterns_greedily(module, [], fold=False)
    # Not even the commutative reordering happened.
    add = _ops(module)[1]
    assert add.name == "arith.addi"
    assert _int(add.operand(0)) == 0


def test_in_place_fold_counts_as_a_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fold returning [] changed the op in place; the sweep is not a fixpoint."""
    calls: list[int] = []

    def fold(op: Operation) -> list[Attribute] | None:
        calls.append(1)
        return [] if len(calls) == 1 else None

    monkeypatch.setattr(AndIOp, "fold", fold, raising=False)
    module = _parse(
        _module(
            """  %0 = "arith.andi"(%a, %b) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()"""
        )
    )
    recorder = Recorder()
    assert apply_patterns_greedily(module, [], listener=recorder)
    assert ("modified", "arith.andi") in recorder.events
    # Folded in place, re-queued and tried again in the same sweep, then once more
    # in the sweep that confirms the fixpoint.
    assert len(calls) == 3


@pytest.mark.parametrize("in_list", [False, True], ids=["bare", "list"])
def test_fold_returning_its_own_result_is_in_place(
    in_list: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fold that returns the op's own result, bare or in a list, changed it in place."""
    calls: list[int] = []

    def fold(op: Operation) -> object:
        calls.append(1)
        if len(calls) > 1:
            return None
        return [op.results[0]] if in_list else op.results[0]

    monkeypatch.setattr(AndIOp, "fold", fold, raising=False)
    module = _parse(
        _module(
            """  %0 = "arith.andi"(%a, %b) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()"""
        )
    )
    recorder = Recorder()
    assert apply_patterns_greedily(module, [], listener=recorder)
    assert ("modified", "arith.andi") in recorder.events
    assert _names(module) == ["arith.andi", "func.return"]


def test_constant_ops_are_not_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Folding a constant would only rematerialize it, so the driver never does."""
    calls: list[Operation] = []

    def fold(op: Operation) -> Attribute:
        calls.append(op)
        value = get_property(op, "value")
        assert value is not None
        return value

    monkeypatch.setattr(ConstantOp, "fold", fold, raising=False)
    module = _parse(
        _module(
            """  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  "func.return"(%c2) : (i32) -> ()""",
            args="",
        )
    )
    assert apply_patterns_greedily(module, [], cse_constants=False)
    assert calls == []
    # ... but its fold is how `constant_value` reads it.
    assert _int(_ops(module)[0].results[0]) == 2
    assert calls


def test_commutative_ops_get_their_constants_on_the_right() -> None:
    """The Commutative trait fold moves constant operands behind the others."""
    module = _parse(
        _module(
            """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %0 = "arith.addi"(%c1, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    add = _ops(module)[1]
    assert fold_op(add) == []
    assert _int(add.operand(1)) == 1
    assert fold_op(add) is None
    _assert_use_lists_consistent(module)


def test_idempotent_ops_fold_x_op_x_to_x() -> None:
    """andi(x, x) folds to x (the Idempotent trait)."""
    module = _parse(
        _module(
            """  %0 = "arith.andi"(%a, %a) : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    assert apply_patterns_greedily(module, [])
    assert _names(module) == ["func.return"]


# ---------------------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------------------


def test_constants_are_deduplicated_and_hoisted_in_mlirs_order() -> None:
    """Duplicates merge into the first; hoisting gives [C4, C3, C1, C2, X] as MLIR does."""
    module = _parse(
        _module(
            """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %0 = "test.use"(%c1, %c2) : (i32, i32) -> i32
  %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %c4 = "arith.constant"() <{value = 4 : i32}> : () -> i32
  %c2b = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c2c = "arith.constant"() <{value = 2 : i64}> : () -> i64
  "test.use"(%c3, %c4, %c2b, %c2c) : (i32, i32, i32, i64) -> ()
  "func.return"(%0) : (i32) -> ()""",
            args="",
        )
    )
    first_two = _ops(module)[1]
    assert apply_patterns_greedily(module, [])
    ops = _ops(module)
    constants = [(_int(op.results[0]), op.results[0].type) for op in ops[:5]]
    assert constants == [(2, I64), (4, I32), (3, I32), (1, I32), (2, I32)]
    assert ops[4] is first_two
    assert ops[6].operands[2] is first_two.results[0]
    # The kept constant absorbed a duplicate, so its location is no longer one place.
    assert first_two.loc is UnknownLoc.get()
    # The others moved within their block, which keeps their locations.
    assert all(op.loc is not UnknownLoc.get() for op in ops[:4])
    _assert_use_lists_consistent(module)


def test_constant_dedup_can_be_turned_off() -> None:
    """cse_constants=False leaves duplicate constants where they are."""
    text = _module(
        """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c1b = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "test.use"(%c1, %c1b) : (i32, i32) -> ()
  "func.return"() : () -> ()""",
        args="",
        results="",
    )
    module = _parse(text)
    assert apply_patterns_greedily(module, [], cse_constants=False)
    assert _print(module) == _print(_parse(text))


def test_constants_in_nested_regions_move_to_the_isolated_region() -> None:
    """A constant in a non-isolated region is hoisted to the function entry and merged."""
    module, body = _func_with_block()
    outer = body.append(ConstantOp(value=IntegerAttr.get(I32, 7)))
    holder = body.append(_RegionOp())
    inner_block = holder.regions[0].blocks[0]
    inner = inner_block.append(ConstantOp(value=IntegerAttr.get(I32, 7)))
    other = inner_block.append(ConstantOp(value=IntegerAttr.get(I32, 8)))
    inner_block.append(Operation("test.use", [inner.results[0], other.results[0]]))
    body.append(Operation("test.use", [outer.results[0]]))
    body.append(ReturnOp())
    assert apply_patterns_greedily(module, [])
    assert list(body.ops)[:2] == [other, outer]
    assert other.loc is UnknownLoc.get()
    assert inner.parent is None
    assert [op.name for op in inner_block.ops] == ["test.use"]
    assert inner_block.first_op is not None
    assert inner_block.first_op.operands == (outer.results[0], other.results[0])
    _assert_use_lists_consistent(module)


def test_constants_stay_inside_unregistered_ops() -> None:
    """An unregistered op might be isolated from above, so constants are not hoisted out."""
    module = _parse(
        _module(
            """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "test.isolated"() ({
    %c1b = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "test.use"(%c1b) : (i32) -> ()
  }) : () -> ()
  "func.return"(%c1) : (i32) -> ()""",
            args="",
        )
    )
    before = _print(module)
    assert apply_patterns_greedily(module, [])
    assert _print(module) == before


# ---------------------------------------------------------------------------------------
# Order, scope, unreachable blocks
# ---------------------------------------------------------------------------------------


def _visit_order(top_down: bool) -> list[str]:
    log: list[str] = []

    class Log(RewritePattern):
        def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
            log.append(op.name)
            return False

    module = _parse(
        _module(
            """  %0 = "test.first"(%a) : (i32) -> i32
  %1 = "test.second"(%0) : (i32) -> i32
  "func.return"(%1) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    assert apply_patterns_greedily(module, [Log()], top_down=top_down)
    return log


def test_bottom_up_visits_users_before_definitions() -> None:
    """MLIR's default: ops are collected post-order and popped from the back.

    Queuing an op also queues its ancestors inside the scope, so the function is
    queued right after its first op, as in MLIR.
    """
    assert _visit_order(top_down=False) == [
        "func.return",
        "test.second",
        "func.func",
        "test.first",
    ]


def test_top_down_visits_in_program_order() -> None:
    """top_down (what --canonicalize uses) visits ops in program order."""
    assert _visit_order(top_down=True) == ["func.func", "test.first", "test.second", "func.return"]


def test_ops_outside_the_root_are_left_alone(arith_folding: None) -> None:
    """Applying to one function rewrites only inside it."""
    module = _parse(
        _module(
            """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="%a: i32",
        )
        + _module(
            """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
            args="%a: i32",
        ).replace('sym_name = "f"', 'sym_name = "g"')
    )
    f, g = list(module.regions[0].blocks[0].ops)
    assert apply_patterns_greedily(f, [])
    assert [op.name for op in f.regions[0].blocks[0].ops] == ["func.return"]
    assert len(list(g.regions[0].blocks[0].ops)) == 3


def test_unreachable_blocks_are_erased() -> None:
    """Blocks no branch reaches go before patterns run, even if they use themselves."""
    module = _parse(
        _module(
            """  "test.br"()[^bb2] : () -> ()
^bb1:
  %0 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "test.br"()[^bb2] : () -> ()
^bb2:
  "func.return"(%a) : (i32) -> ()""",
            args="%a: i32",
        )
    )
    assert apply_patterns_greedily(module, [])
    assert len(_func(module).regions[0].blocks) == 2
    _assert_use_lists_consistent(module)


def test_the_rewriter_carries_the_context() -> None:
    """Patterns see the context given to the driver."""
    seen: list[Context | None] = []

    @rewrite_pattern(None)
    def look(op: Operation, rewriter: PatternRewriter) -> bool:
        seen.append(rewriter.context)
        return False

    ctx = generated.context()
    apply_patterns_greedily(_one_add(), [look], ctx=ctx)
    assert seen
    assert all(c is ctx for c in seen)


# ---------------------------------------------------------------------------------------
# Convergence
# ---------------------------------------------------------------------------------------


def test_a_pattern_that_always_claims_a_change_does_not_converge() -> None:
    """A sweep that changes something is never the last; the limit stops the driver."""
    tries: list[str] = []

    @rewrite_pattern(AddIOp)
    def liar(op: Operation, rewriter: PatternRewriter) -> bool:
        tries.append(op.name)
        return True

    assert not apply_patterns_greedily(_one_add(), [liar], max_iterations=3)
    assert len(tries) == 3
    with pytest.raises(DiagnosticError) as raised:
        apply_patterns_greedily(_one_add(), [liar], max_iterations=3, raise_on_failure=True)
    assert raised.value.diagnostics[0].message == non_convergence_message(3)
    assert "error: the pattern rewrite did not converge after scanning 3 times" in str(raised.value)
    # It is reported at the op changed last, naming the pattern that changed it.
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.loc is not None
    assert diagnostic.loc.line_col == (3, 8)
    assert [note.message for note in diagnostic.notes] == [
        "the last change was made by pattern 'liar' on 'arith.addi'"
    ]


def test_replacing_an_op_with_its_own_result_is_refused() -> None:
    """The op could never be erased; the rewriter says so and changes nothing."""
    module = _one_add()
    add = _func(module).regions[0].blocks[0].first_op
    assert add is not None
    before = _print(module)
    with pytest.raises(ValueError, match=r"cannot replace 'arith\.addi' with its own result #0"):
        PatternRewriter().replace_op(add, [add.results[0]])
    assert _print(module) == before


def test_one_sweep_that_changes_something_is_not_convergence(arith_folding: None) -> None:
    """As in MLIR, converging needs a sweep with no change, so one sweep is not enough."""
    text = _module(
        """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %c0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()""",
        args="%a: i32",
    )
    assert not apply_patterns_greedily(_parse(text), [], max_iterations=1)
    assert apply_patterns_greedily(_parse(text), [], max_iterations=2)
    assert apply_patterns_greedily(_parse(text), [], max_iterations=None)


def test_max_rewrites_bounds_each_sweep() -> None:
    """An oscillating pattern never converges; max_rewrites keeps each sweep finite."""
    swaps: list[int] = []

    @rewrite_pattern(SubIOp)
    def swap(op: Operation, rewriter: PatternRewriter) -> bool:
        with rewriter.modify_op_in_place(op):
            lhs, rhs = op.operands
            op.set_operand(0, rhs)
            op.set_operand(1, lhs)
        swaps.append(1)
        return True

    module = _parse(
        _module(
            """  %0 = "arith.subi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()"""
        )
    )
    assert not apply_patterns_greedily(module, [swap], max_rewrites=2, max_iterations=4)
    assert len(swaps) == 8
    _assert_use_lists_consistent(module)


def test_an_endless_sweep_ends_unconverged() -> None:
    """Without max_rewrites, a pattern that keeps changing its op ends the rewrite
    instead of running forever, even with no limit on sweeps."""
    swaps: list[int] = []

    @rewrite_pattern(SubIOp)
    def swap(op: Operation, rewriter: PatternRewriter) -> bool:
        with rewriter.modify_op_in_place(op):
            lhs, rhs = op.operands
            op.set_operand(0, rhs)
            op.set_operand(1, lhs)
        swaps.append(1)
        return True

    module = _parse(
        _module(
            """  %0 = "arith.subi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%0) : (i32) -> ()"""
        )
    )
    assert not apply_patterns_greedily(module, [swap], max_iterations=None)
    assert 100 < len(swaps) < 100_000
    _assert_use_lists_consistent(module)


def test_a_fixpoint_is_stable(arith_folding: None) -> None:
    """Running the driver again on its own output changes nothing."""
    module = _parse(
        _module(
            """  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %0 = "arith.addi"(%c1, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.muli"(%0, %c1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2 = "arith.subi"(%1, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %3 = "arith.addi"(%2, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%3) : (i32) -> ()"""
        )
    )
    patterns = [add_zero, mul_one, mul_zero, sub_self]
    assert apply_patterns_greedily(module, patterns)
    once = _print(module)
    recorder = Recorder()
    assert apply_patterns_greedily(module, patterns, listener=recorder)
    assert _print(module) == once
    assert recorder.events == []
    (ret,) = _ops(module)
    assert ret.operand(0) is _func(module).regions[0].blocks[0].args[1]


# ---------------------------------------------------------------------------------------
# Property: random arith DAGs reach a fixpoint that verifies and computes the same
# ---------------------------------------------------------------------------------------

_BINARY = {"addi": AddIOp, "muli": MulIOp, "subi": SubIOp}


def _evaluate(body: Block, inputs: Sequence[int]) -> list[int]:
    """Run a straight-line arith function body on `inputs` (i32 wrap-around)."""
    env: dict[Value, int] = dict(zip(body.args, inputs, strict=True))
    for op in body.ops:
        if op.name == "func.return":
            return [env[v] for v in op.operands]
        if op.name == "arith.constant":
            env[op.results[0]] = _int(op.results[0])
            continue
        x, y = (env[v] for v in op.operands)
        raw = {"arith.addi": x + y, "arith.muli": x * y, "arith.subi": x - y}[op.name]
        env[op.results[0]] = wrap_integer(raw, I32)
    raise AssertionError("no func.return")


_STEP = st.one_of(
    st.tuples(st.just("const"), st.integers(-2, 3), st.just(0)),
    st.tuples(st.sampled_from(sorted(_BINARY)), st.integers(0, 10_000), st.integers(0, 10_000)),
)


@settings(max_examples=200, deadline=None)
@given(
    steps=st.lists(_STEP, min_size=1, max_size=25),
    returned=st.lists(st.integers(0, 10_000), min_size=1, max_size=3),
    inputs=st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=4),
    top_down=st.booleans(),
)
def test_random_arith_dags_reach_a_verified_equivalent_fixpoint(
    steps: list[tuple[str, int, int]],
    returned: list[int],
    inputs: list[tuple[int, int]],
    top_down: bool,
) -> None:
    """Random DAGs of constants, addi, muli and subi simplify to a fixpoint."""
    module, body = _func_with_block(len(returned))
    builder = Builder(InsertionPoint.at_end(body))
    values: list[Value] = list(body.args)
    for kind, x, y in steps:
        if kind == "const":
            op: Operation = ConstantOp(value=IntegerAttr.get(I32, x))
        else:
            op = _BINARY[kind](values[x % len(values)], values[y % len(values)])
        values.append(builder.insert(op).results[0])
    results = [values[i % len(values)] for i in returned]
    builder.insert(ReturnOp(results))
    expected = [_evaluate(body, pair) for pair in inputs]

    with _arith_folding():
        patterns = [add_zero, mul_one, mul_zero, sub_self]
        assert apply_patterns_greedily(module, patterns, top_down=top_down, max_iterations=None)
        _assert_use_lists_consistent(module)
        verify(module)
        assert [_evaluate(body, pair) for pair in inputs] == expected
        fixpoint = _print(module)
        assert apply_patterns_greedily(module, patterns, top_down=top_down)
        assert _print(module) == fixpoint
        # Nothing dead or foldable (by these folds) is left: every op other than
        # constants feeds the return.
        for op in body.ops:
            assert not is_op_trivially_dead(op)
            if op.name != "arith.constant":
                assert fold_op(op) is None or op.name == "func.return"


# ---------------------------------------------------------------------------------------
# Differential: the same result as mlir-opt-22 --canonicalize
# ---------------------------------------------------------------------------------------

_DIFFERENTIAL_INPUT = _module(
    """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %s = "arith.addi"(%c1, %c2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %t = "arith.addi"(%c0, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %x = "arith.addi"(%c1, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %c4 = "arith.constant"() <{value = 4 : i32}> : () -> i32
  %u = "arith.muli"(%t, %s) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %v = "arith.addi"(%x, %u) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %w = "arith.muli"(%c4, %v) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %dead = "arith.muli"(%v, %v) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %c2b = "arith.constant"() <{value = 2 : i32}> : () -> i32
  "test.sink"(%c2b) : (i32) -> ()
  "func.return"(%w, %s) : (i32, i32) -> ()""",
    results="i32, i32",
) + _module(
    """  %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %0 = "test.use"(%c1, %c2) : (i32, i32) -> i32
  %c3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %c4 = "arith.constant"() <{value = 4 : i32}> : () -> i32
  %c2b = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %c2c = "arith.constant"() <{value = 2 : i64}> : () -> i64
  "test.use"(%c3, %c4, %c2b, %c2c) : (i32, i32, i32, i64) -> ()
  "func.return"(%0) : (i32) -> ()""",
    args="",
).replace('sym_name = "f"', 'sym_name = "g"')


@pytest.mark.mlir
@pytest.mark.parametrize("top_down", [True, False], ids=["top-down", "bottom-up"])
def test_same_output_as_mlir_opt_canonicalize(
    mlir_opt: str, top_down: bool, arith_folding: None, tmp_path: Path
) -> None:
    """Folding, dead code, operand order, constant hoisting and locations match mlir-opt-22."""
    source = tmp_path / "in.mlir"
    source.write_text(_DIFFERENTIAL_INPUT, encoding="utf-8")
    option = "" if top_down else "=top-down=false"
    expected = subprocess.run(
        [
            mlir_opt,
            "--allow-unregistered-dialect",
            "--mlir-print-op-generic",
            "--mlir-print-debuginfo",
            f"--canonicalize{option}",
            str(source),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = parse_source(
        SourceFile(str(source), _DIFFERENTIAL_INPUT),
        generated.context(allow_unregistered_dialects=True),
    )
    assert apply_patterns_greedily(module, [], top_down=top_down)
    # mlir-opt ends its output with an empty line.
    assert print_operation(module, debuginfo=True) == expected.removesuffix("\n")
