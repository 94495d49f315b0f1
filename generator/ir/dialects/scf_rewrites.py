"""The canonicalization patterns and folders of the `scf` dialect, as MLIR 22's `SCF.cpp`.

Each `scf_canonicalize_<op>` function is the `canonicalize` hook of one op: it
tries MLIR's patterns for that op in the order MLIR registers them and applies
the first that matches, returning whether the IR changed. `scf_fold_if` is
`scf.if`'s folder. The patterns make ops of `scf`, `arith` and `cf`, which this
runtime module cannot import (generated dialects sit above it): they are found by
name in the rewriter's context, and a pattern that cannot find them does not
apply.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import (
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DictionaryAttr,
    IntegerAttr,
)
from generator.ir.core import Block, BlockArgument, Location, Operation, OpResult, Region, Value
from generator.ir.folding import int_constant
from generator.ir.interfaces import FunctionOpInterface
from generator.ir.properties import get_property, set_property
from generator.ir.rewrite import PatternRewriter, constant_value
from generator.ir.types import DYNAMIC, IndexType, IntegerType, Type

__all__ = [
    "scf_canonicalize_execute_region",
    "scf_canonicalize_for",
    "scf_canonicalize_forall",
    "scf_canonicalize_if",
    "scf_canonicalize_index_switch",
    "scf_canonicalize_parallel",
    "scf_canonicalize_while",
    "scf_fold_if",
]

_CMPI_INVERSE = {0: 1, 1: 0, 2: 5, 3: 4, 4: 3, 5: 2, 6: 9, 7: 8, 8: 7, 9: 6}


# -- making ops and moving blocks ----------------------------------------------------------


def _classes(rewriter: PatternRewriter, *names: str) -> bool:
    """Whether the rewriter's context can make every op named (loading its dialect)."""
    ctx = rewriter.context
    if ctx is None:
        return False
    for name in names:
        ctx.ensure_dialect(name.partition(".")[0])
        if ctx.lookup_op(name) is None:
            return False
    return True


def _new(
    rewriter: PatternRewriter,
    name: str,
    operands: Sequence[Value],
    result_types: Sequence[Type],
    loc: Location | None,
    *,
    props: Sequence[tuple[str, Attribute]] = (),
    attributes: DictionaryAttr | None = None,
    regions: int = 0,
    successors: Sequence[Block] = (),
) -> Operation:
    """An op of the registered class `name` (`_classes` said it exists), inserted at the
    rewriter's insertion point."""
    ctx = rewriter.context
    assert ctx is not None
    cls = ctx.lookup_op(name)
    assert cls is not None
    op = cls.__new__(cls)
    op.init_state(name, operands, result_types, None, attributes, successors, regions, loc)
    for key, value in props:
        set_property(op, key, value)
    return rewriter.insert(op)


def _copy_attrs(source: Operation, dest: Operation, skip: Sequence[str] = ()) -> None:
    """Give `dest` the inherent and discardable attributes of `source` (`setAttrs`)."""
    for key, value in source.property_entries():
        if key not in skip:
            set_property(dest, key, value)
    dest.attributes = source.attributes


def _move_blocks(source: Region, dest: Region, rewriter: PatternRewriter) -> None:
    """Move every block of `source` to the end of `dest` (`takeBody`, `inlineRegionBefore`)."""
    for block in list(source.blocks):
        source.blocks.remove(block)
        block.parent = None
        dest.add_block(block)
        if rewriter.listener is not None:
            rewriter.listener.notify_block_inserted(block)
            op = block.first_op
            while op is not None:
                rewriter.listener.notify_operation_inserted(op)
                op = op.next_op


def _new_block(
    rewriter: PatternRewriter,
    region: Region,
    types: Sequence[Type],
    locs: Sequence[Location | None],
) -> Block:
    """A block with arguments of `types`, added to `region` without moving the insertion point."""
    block = Block()
    for type_, loc in zip(types, locs, strict=True):
        block.add_argument(type_, loc)
    region.add_block(block)
    if rewriter.listener is not None:
        rewriter.listener.notify_block_inserted(block)
    return block


def _replace_with_region(
    rewriter: PatternRewriter, op: Operation, region: Region, args: Sequence[Value] = ()
) -> None:
    """Replace `op` with the ops of the single block of `region` and its results with the
    operands of that block's terminator (MLIR's `replaceOpWithRegion`)."""
    block = region.blocks[0]
    terminator = block.last_op
    assert terminator is not None
    assert op.parent is not None
    results = list(terminator.operands)
    rewriter.inline_block_before(block, op.parent, op, args)
    rewriter.replace_op(op, results)
    rewriter.erase_op(terminator)


def _loc(value: Value) -> Location | None:
    """Where a value is defined: its block argument's location or its op's."""
    if isinstance(value, BlockArgument):
        return value.loc
    owner = value.defining_op
    return owner.loc if owner is not None else None


def _const_int(value: Value) -> int | None:
    """The integer `value` is known to be, signed (`getConstantIntValue`)."""
    return int_constant(constant_value(value), signed=True)


def _bool_constant(value: Value) -> bool | None:
    """The boolean `value` is known to be (`m_Constant` of a `BoolAttr`)."""
    attr = constant_value(value)
    if isinstance(attr, BoolAttr):
        return bool(attr.value)
    if isinstance(attr, IntegerAttr) and attr.type == IntegerType.get(1):
        return attr.value != 0
    return None


def _is_one(value: Value) -> bool:
    """`m_One()`: a constant integer one (or splat of ones)."""
    return int_constant(constant_value(value)) == 1


def _defined_in(value: Value, region: Region) -> bool:
    """Whether `value`'s parent region is `region` itself (`getParentRegion() == &r`)."""
    block = value.owner_block
    return block is not None and block.parent is region


def _region_is_ancestor(region: Region, op: Operation) -> bool:
    """Whether `op` is in `region` or in a region nested in it."""
    current: Operation | None = op
    while current is not None:
        block = current.parent
        parent = block.parent if block is not None else None
        if parent is None:
            return False
        if parent is region:
            return True
        current = parent.parent
    return False


def _true_constant(rewriter: PatternRewriter, value: bool, loc: Location | None) -> Value:
    """An `arith.constant` of `value : i1`."""
    attr = IntegerAttr.get(IntegerType.get(1), 1 if value else 0)
    return _new(rewriter, "arith.constant", [], [attr.type], loc, props=[("value", attr)]).results[
        0
    ]


def _index_constant(rewriter: PatternRewriter, value: int, loc: Location | None) -> Value:
    """An `arith.constant` of `value : index`."""
    attr = IntegerAttr.get(IndexType.get(), value)
    return _new(rewriter, "arith.constant", [], [attr.type], loc, props=[("value", attr)]).results[
        0
    ]


def _width(type_: Type) -> int:
    return type_.width if isinstance(type_, IntegerType) else 64


def _signed(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


# -- scf.execute_region -------------------------------------------------------------------


def scf_canonicalize_execute_region(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `SingleBlockExecuteInliner` and `MultiBlockExecuteInliner`, then the
    removal of results nothing uses."""
    if get_property(op, "no_inline") is not None:
        return _same_yields(op, rewriter) or _remove_unused_results(op, rewriter)
    region = op.regions[0]
    if len(region.blocks) == 1:
        _replace_with_region(rewriter, op, region)
        return True
    parent = op.parent_op
    if parent is None or not (
        isinstance(parent, FunctionOpInterface) or parent.name == "scf.execute_region"
    ):
        return _same_yields(op, rewriter) or _remove_unused_results(op, rewriter)
    if not _classes(rewriter, "cf.br"):
        return False
    prev_block = op.parent
    assert prev_block is not None
    assert prev_block.parent is not None
    outer = prev_block.parent
    # Split the block after the op: the rest goes to a new block after it.
    post_block = Block()
    outer.insert_block(outer.blocks.index(prev_block) + 1, post_block)
    after = op.next_op
    while after is not None:
        nxt = after.next_op
        after.detach()
        post_block.append(after)
        after = nxt
    rewriter.set_insertion_point_to_end(prev_block)
    _new(rewriter, "cf.br", [], [], op.loc, successors=[region.blocks[0]])
    for block in region.blocks:
        terminator = block.last_op
        if terminator is not None and terminator.name == "scf.yield":
            rewriter.set_insertion_point_before(terminator)
            _new(
                rewriter, "cf.br", terminator.operands, [], terminator.loc, successors=[post_block]
            )
            rewriter.erase_op(terminator)
    index = outer.blocks.index(post_block)
    for block in list(region.blocks):
        region.blocks.remove(block)
        block.parent = None
        outer.insert_block(index, block)
        index += 1
    args = [post_block.add_argument(r.type, op.loc) for r in op.results]
    rewriter.replace_op(op, list(args))
    return True


# -- scf.for -----------------------------------------------------------------------------


def _new_for(
    rewriter: PatternRewriter, op: Operation, inits: Sequence[Value], with_yield: bool
) -> Operation:
    """`scf.for` with `op`'s bounds and attributes and these inits, its body's arguments
    made, ending in an empty yield when `with_yield`."""
    lower, upper, step = op.operands[:3]
    new = _new(
        rewriter,
        "scf.for",
        [lower, upper, step, *inits],
        [v.type for v in inits],
        op.loc,
        regions=1,
    )
    new.regions[0].add_block(Block())
    _copy_attrs(op, new)
    block = new.regions[0].blocks[0]
    block.add_argument(lower.type, op.loc)
    for value in inits:
        block.add_argument(value.type, _loc(value))
    if with_yield:
        block.append(_detached(rewriter, "scf.yield", [], op.loc))
    return new


def _detached(
    rewriter: PatternRewriter, name: str, operands: Sequence[Value], loc: Location | None
) -> Operation:
    """An op of class `name` not inserted anywhere."""
    ctx = rewriter.context
    assert ctx is not None
    cls = ctx.lookup_op(name)
    assert cls is not None
    op = cls.__new__(cls)
    op.init_state(name, operands, [], None, None, (), 0, loc)
    return op


def _for_iter_args_folder(op: Operation, rewriter: PatternRewriter) -> bool:
    block = op.regions[0].blocks[0]
    inits = op.operands[3:]
    iter_args = block.args[1:]
    terminator = block.last_op
    assert terminator is not None
    yielded = terminator.operands
    keep: list[bool] = []
    transfer: list[Value | None] = [None]
    new_inits: list[Value] = []
    new_results: list[Value | None] = []
    for init, arg, result, value in zip(inits, iter_args, op.results, yielded, strict=False):
        forwarded = arg is value or (not arg.has_uses and (init is value or not result.has_uses))
        keep.append(not forwarded)
        if forwarded:
            transfer.append(init)
            new_results.append(init)
            continue
        new_inits.append(init)
        transfer.append(None)
        new_results.append(None)
    if all(keep):
        return False
    new = _new_for(rewriter, op, new_inits, with_yield=not new_inits)
    new_block = new.regions[0].blocks[0]
    transfer[0] = new_block.args[0]
    collapsed = 0
    for i in range(len(new_results)):
        if transfer[1 + i] is None:
            transfer[1 + i] = new_block.args[1 + collapsed]
            new_results[i] = new.results[collapsed]
            collapsed += 1
    args = [v for v in transfer if v is not None]
    results = [v for v in new_results if v is not None]
    if not new_inits:
        new_yield = new_block.last_op
        rewriter.inline_block_before(block, new_block, new_yield, args)
        assert new_yield is not None
        assert new_yield.prev_op is not None
        rewriter.erase_op(new_yield.prev_op)
        rewriter.replace_op(op, results)
        return True
    rewriter.merge_blocks(block, new_block, args)
    merged = new_block.last_op
    assert merged is not None
    rewriter.set_insertion_point_before(merged)
    kept = [merged.operands[i] for i in range(len(keep)) if keep[i]]
    _new(rewriter, "scf.yield", kept, [], merged.loc)
    rewriter.erase_op(merged)
    rewriter.replace_op(op, results)
    return True


def _ub_minus_lb(lower: Value, upper: Value) -> int | None:
    """`ub - lb` when known: both constant, or `ub = lb + c` (MLIR's `computeUbMinusLb`)."""
    width = _width(lower.type)
    lb = int_constant(constant_value(lower))
    ub = int_constant(constant_value(upper))
    if lb is not None and ub is not None:
        return (ub - lb) & ((1 << width) - 1)
    definer = upper.defining_op
    if definer is None or definer.name != "arith.addi" or definer.num_operands != 2:
        return None
    a, b = definer.operands
    if a is lower and int_constant(constant_value(b)) is not None:
        return int_constant(constant_value(b))
    if b is lower and int_constant(constant_value(a)) is not None:
        return int_constant(constant_value(a))
    return None


def _simplify_trivial_loops(op: Operation, rewriter: PatternRewriter) -> bool:
    lower, upper, step = op.operands[:3]
    inits = list(op.operands[3:])
    if lower is upper:
        rewriter.replace_op(op, inits)
        return True
    # MLIR 22 counts no iterations for a step that is not positive.
    step_value = int_constant(constant_value(step), signed=True)
    if step_value is not None and step_value <= 0:
        rewriter.replace_op(op, inits)
        return True
    raw = _ub_minus_lb(lower, upper)
    if raw is None:
        return False
    width = _width(lower.type)
    diff = _signed(raw, width)
    unsigned = get_property(op, "unsignedCmp") is not None
    if (raw & ((1 << width) - 1)) == 0 if unsigned else diff <= 0:
        rewriter.replace_op(op, inits)
        return True
    step_raw = int_constant(constant_value(step))
    if step_raw is None:
        return False
    if _signed(step_raw, width) >= diff:
        _replace_with_region(rewriter, op, op.regions[0], [lower, *inits])
        return True
    block = op.regions[0].blocks[0]
    if block.first_op is not block.last_op:
        return False
    terminator = block.last_op
    assert terminator is not None
    yielded = list(terminator.operands)
    if any(_region_is_ancestor_value(op.regions[0], v) for v in yielded):
        return False
    rewriter.replace_op(op, yielded)
    return True


def _region_is_ancestor_value(region: Region, value: Value) -> bool:
    """Whether `value` is defined inside `region` (not `isDefinedOutsideOfLoop`)."""
    block = value.owner_block
    while block is not None:
        if block.parent is region:
            return True
        parent_region = block.parent
        owner = parent_region.parent if parent_region is not None else None
        block = owner.parent if owner is not None else None
    return False


def scf_canonicalize_for(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `ForOpIterArgsFolder` and `SimplifyTrivialLoops`."""
    if not _classes(rewriter, "scf.for", "scf.yield"):
        return False
    if _for_iter_args_folder(op, rewriter):
        return True
    return _simplify_trivial_loops(op, rewriter)


# -- scf.if ------------------------------------------------------------------------------


def _then_yield(op: Operation) -> Operation:
    last = op.regions[0].blocks[-1].last_op
    assert last is not None
    return last


def _else_block(op: Operation) -> Block | None:
    region = op.regions[1]
    return region.blocks[-1] if region.blocks else None


def _else_yield(op: Operation) -> Operation:
    block = _else_block(op)
    assert block is not None
    assert block.last_op is not None
    return block.last_op


def scf_fold_if(op: Operation) -> list[Attribute | Value] | None:
    """`if (!c) then A else B` is `if c then B else A`: swapped in place."""
    if not op.regions[1].blocks:
        return None
    cond = op.operands[0].defining_op
    if cond is None or cond.name != "arith.xori" or not _is_one(cond.operands[1]):
        return None
    op.set_operand(0, cond.operands[0])
    then_region, else_region = op.regions
    then_blocks = list(then_region.blocks)
    else_blocks = list(else_region.blocks)
    for block in then_blocks:
        then_region.blocks.remove(block)
        block.parent = None
    for block in else_blocks:
        else_region.blocks.remove(block)
        block.parent = None
    for block in else_blocks:
        then_region.add_block(block)
    for block in then_blocks:
        else_region.add_block(block)
    return []


def _new_if(
    rewriter: PatternRewriter, op: Operation, cond: Value, types: Sequence[Type]
) -> Operation:
    """`scf.if` with `op`'s location and no blocks."""
    return _new(rewriter, "scf.if", [cond], types, op.loc, regions=2)


def _if_remove_unused_results(op: Operation, rewriter: PatternRewriter) -> bool:
    used = [r for r in op.results if r.has_uses]
    if len(used) == len(op.results):
        return False
    new = _new_if(rewriter, op, op.operands[0], [r.type for r in used])
    for old_region, new_region in zip(op.regions, new.regions, strict=True):
        dest = _new_block(rewriter, new_region, [], [])
        rewriter.merge_blocks(old_region.blocks[0], dest)
        terminator = dest.last_op
        assert terminator is not None
        with rewriter.modify_op_in_place(terminator):
            terminator.set_operands([terminator.operands[r.index] for r in used])
    replacements: list[Value | None] = [None] * len(op.results)
    for i, result in enumerate(used):
        replacements[result.index] = new.results[i]
    _replace_partially(rewriter, op, replacements)
    return True


def _replace_partially(
    rewriter: PatternRewriter, op: Operation, values: Sequence[Value | None]
) -> None:
    """Replace `op`, whose results without a replacement have no uses."""
    for result, value in zip(op.results, values, strict=True):
        if value is not None:
            rewriter.replace_all_uses_with(result, value)
    rewriter.erase_op(op)


def _if_remove_static_condition(op: Operation, rewriter: PatternRewriter) -> bool:
    condition = _bool_constant(op.operands[0])
    if condition is None:
        return False
    if condition:
        _replace_with_region(rewriter, op, op.regions[0])
    elif op.regions[1].blocks:
        _replace_with_region(rewriter, op, op.regions[1])
    else:
        rewriter.erase_op(op)
    return True


def _if_to_select(op: Operation, rewriter: PatternRewriter) -> bool:
    if not op.results:
        return False
    cond = op.operands[0]
    then_args = list(_then_yield(op).operands)
    else_args = list(_else_yield(op).operands)
    then_region, else_region = op.regions
    non_hoistable = [
        t.type
        for t, f in zip(then_args, else_args, strict=True)
        if _defined_in(t, then_region) or _defined_in(f, else_region)
    ]
    if len(non_hoistable) == len(op.results):
        return False
    replacement = _new_if(rewriter, op, cond, non_hoistable)
    _move_blocks(then_region, replacement.regions[0], rewriter)
    _move_blocks(else_region, replacement.regions[1], rewriter)
    results: list[Value] = []
    true_yields: list[Value] = []
    false_yields: list[Value] = []
    rewriter.set_insertion_point_before(replacement)
    for true_value, false_value in zip(then_args, else_args, strict=True):
        if _defined_in(true_value, replacement.regions[0]) or _defined_in(
            false_value, replacement.regions[1]
        ):
            results.append(replacement.results[len(true_yields)])
            true_yields.append(true_value)
            false_yields.append(false_value)
        elif true_value is false_value:
            results.append(true_value)
        else:
            select = _new(
                rewriter,
                "arith.select",
                [cond, true_value, false_value],
                [true_value.type],
                op.loc,
            )
            results.append(select.results[0])
    for region, values in (
        (replacement.regions[0], true_yields),
        (replacement.regions[1], false_yields),
    ):
        old = region.blocks[-1].last_op
        assert old is not None
        rewriter.set_insertion_point_to_end(region.blocks[-1])
        _new(rewriter, "scf.yield", values, [], old.loc)
        rewriter.erase_op(old)
    rewriter.replace_op(op, results)
    return True


def _if_condition_propagation(op: Operation, rewriter: PatternRewriter) -> bool:
    cond = op.operands[0]
    if constant_value(cond) is not None:
        return False
    changed = False
    true_value: Value | None = None
    false_value: Value | None = None
    for use in list(cond.uses):
        owner = use.owner
        if _region_is_ancestor(op.regions[0], owner):
            changed = True
            if true_value is None:
                true_value = _true_constant(rewriter, True, op.loc)
            with rewriter.modify_op_in_place(owner):
                use.set(true_value)
        elif _region_is_ancestor(op.regions[1], owner):
            changed = True
            if false_value is None:
                false_value = _true_constant(rewriter, False, op.loc)
            with rewriter.modify_op_in_place(owner):
                use.set(false_value)
    return changed


def _if_replace_yield_with_condition(op: Operation, rewriter: PatternRewriter) -> bool:
    if not op.results:
        return False
    true_yield = _then_yield(op)
    false_yield = _else_yield(op)
    changed = False
    for true_result, false_result, result in zip(
        true_yield.operands, false_yield.operands, op.results, strict=True
    ):
        if true_result is false_result:
            if result.has_uses:
                rewriter.replace_all_uses_with(result, true_result)
                changed = True
            continue
        true_value = _bool_constant(true_result)
        false_value = _bool_constant(false_result)
        if true_value is None or false_value is None:
            continue
        if not true_value and false_value and result.has_uses:
            one = _true_constant(rewriter, True, op.loc)
            not_cond = _new(
                rewriter, "arith.xori", [op.operands[0], one], [one.type], op.loc
            ).results[0]
            rewriter.replace_all_uses_with(result, not_cond)
            changed = True
        if true_value and not false_value and result.has_uses:
            rewriter.replace_all_uses_with(result, op.operands[0])
            changed = True
    return changed


def _is_not_of(value: Value, other: Value) -> bool:
    """Whether `value` is `arith.xori %other, <one>`."""
    definer = value.defining_op
    return (
        definer is not None
        and definer.name == "arith.xori"
        and definer.operands[0] is other
        and _is_one(definer.operands[1])
    )


def _combine_ifs(next_if: Operation, rewriter: PatternRewriter) -> bool:
    parent = next_if.parent
    prev_if = next_if.prev_op
    if parent is None or prev_if is None or prev_if.name != "scf.if":
        return False
    next_then: Block | None = None
    next_else: Block | None = None
    if next_if.operands[0] is prev_if.operands[0]:
        next_then = next_if.regions[0].blocks[-1]
        next_else = _else_block(next_if)
    if _is_not_of(next_if.operands[0], prev_if.operands[0]) or _is_not_of(
        prev_if.operands[0], next_if.operands[0]
    ):
        next_else = next_if.regions[0].blocks[-1]
        next_then = _else_block(next_if)
    if next_then is None and next_else is None:
        return False
    prev_then_yielded = list(_then_yield(prev_if).operands)
    prev_else_yielded = list(_else_yield(prev_if).operands) if prev_if.regions[1].blocks else []
    for result, then_value, else_value in zip(
        prev_if.results, prev_then_yielded, prev_else_yielded, strict=False
    ):
        for use in list(result.uses):
            owner = use.owner
            if next_then is not None and _region_is_ancestor(_parent_region(next_then), owner):
                with rewriter.modify_op_in_place(owner):
                    use.set(then_value)
            elif next_else is not None and _region_is_ancestor(_parent_region(next_else), owner):
                with rewriter.modify_op_in_place(owner):
                    use.set(else_value)
    merged_types = [*prev_if.result_types, *next_if.result_types]
    combined = _new(rewriter, "scf.if", [prev_if.operands[0]], merged_types, next_if.loc, regions=2)
    _move_blocks(prev_if.regions[0], combined.regions[0], rewriter)
    combined_then = combined.regions[0].blocks[-1]
    if next_then is not None:
        then_yield = combined_then.last_op
        then_yield2 = next_then.last_op
        assert then_yield is not None
        assert then_yield2 is not None
        rewriter.merge_blocks(next_then, combined_then)
        rewriter.set_insertion_point_to_end(combined_then)
        _new(
            rewriter,
            "scf.yield",
            [*then_yield.operands, *then_yield2.operands],
            [],
            then_yield2.loc,
        )
        rewriter.erase_op(then_yield)
        rewriter.erase_op(then_yield2)
    _move_blocks(prev_if.regions[1], combined.regions[1], rewriter)
    if next_else is not None:
        if not combined.regions[1].blocks:
            _move_blocks(_parent_region(next_else), combined.regions[1], rewriter)
        else:
            combined_else = combined.regions[1].blocks[-1]
            else_yield = combined_else.last_op
            else_yield2 = next_else.last_op
            assert else_yield is not None
            assert else_yield2 is not None
            rewriter.merge_blocks(next_else, combined_else)
            rewriter.set_insertion_point_to_end(combined_else)
            _new(
                rewriter,
                "scf.yield",
                [*else_yield.operands, *else_yield2.operands],
                [],
                else_yield2.loc,
            )
            rewriter.erase_op(else_yield)
            rewriter.erase_op(else_yield2)
    count = len(prev_if.results)
    rewriter.replace_op(prev_if, list(combined.results[:count]))
    rewriter.replace_op(next_if, list(combined.results[count:]))
    return True


def _parent_region(block: Block) -> Region:
    region = block.parent
    assert region is not None
    return region


def _if_remove_empty_else(op: Operation, rewriter: PatternRewriter) -> bool:
    if op.results:
        return False
    block = _else_block(op)
    if block is None or block.first_op is not block.last_op or block.first_op is None:
        return False
    new = _new(rewriter, "scf.if", list(op.operands), [], op.loc, regions=2)
    _copy_attrs(op, new)
    _move_blocks(op.regions[0], new.regions[0], rewriter)
    rewriter.erase_op(op)
    return True


def _combine_nested_ifs(op: Operation, rewriter: PatternRewriter) -> bool:
    then_block = op.regions[0].blocks[-1]
    first = then_block.first_op
    if first is None or first.next_op is not then_block.last_op or first is then_block.last_op:
        return False
    else_block = _else_block(op)
    if else_block is not None and else_block.first_op is not else_block.last_op:
        return False
    nested = first
    if nested.name != "scf.if":
        return False
    nested_else = _else_block(nested)
    if nested_else is not None and nested_else.first_op is not nested_else.last_op:
        return False
    then_yield = list(_then_yield(op).operands)
    else_yield = list(_else_yield(op).operands) if else_block is not None else []
    upgrade: list[int] = []
    for index, value in enumerate(then_yield):
        if isinstance(value, OpResult) and value.owner is nested:
            if _else_yield(nested).operands[value.index] is not else_yield[index]:
                return False
            then_yield[index] = _then_yield(nested).operands[value.index]
            continue
        if _defined_in(value, op.regions[0]):
            return False
        upgrade.append(index)
    loc = op.loc
    new_cond = _new(
        rewriter, "arith.andi", [op.operands[0], nested.operands[0]], [op.operands[0].type], loc
    ).results[0]
    new_if = _new(rewriter, "scf.if", [new_cond], op.result_types, loc, regions=2)
    new_block = _new_block(rewriter, new_if.regions[0], [], [])
    results: list[Value] = list(new_if.results)
    rewriter.set_insertion_point_before(new_if)
    for index in upgrade:
        results[index] = _new(
            rewriter,
            "arith.select",
            [op.operands[0], then_yield[index], else_yield[index]],
            [then_yield[index].type],
            op.loc,
        ).results[0]
    rewriter.merge_blocks(nested.regions[0].blocks[-1], new_block)
    old_yield = new_block.last_op
    assert old_yield is not None
    rewriter.set_insertion_point_to_end(new_block)
    new_yield = _new(rewriter, "scf.yield", then_yield, [], old_yield.loc)
    rewriter.replace_op(old_yield, new_yield)
    if else_yield:
        block = _new_block(rewriter, new_if.regions[1], [], [])
        rewriter.set_insertion_point_to_end(block)
        _new(rewriter, "scf.yield", else_yield, [], loc)
    rewriter.replace_op(op, results)
    return True


def scf_canonicalize_if(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `scf.if` patterns, in the order MLIR registers them."""
    if not _classes(rewriter, "scf.if", "scf.yield", "arith.constant", "arith.select"):
        return False
    if not _classes(rewriter, "arith.andi", "arith.xori"):
        return False
    patterns = (
        _combine_ifs,
        _combine_nested_ifs,
        _if_condition_propagation,
        _if_to_select,
        _if_remove_empty_else,
        _if_remove_static_condition,
        _if_remove_unused_results,
        _if_replace_yield_with_condition,
    )
    return any(pattern(op, rewriter) for pattern in patterns)


# -- scf.index_switch ---------------------------------------------------------------------


def scf_canonicalize_index_switch(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `FoldConstantCase` (a switch on a constant becomes the chosen region), then
    the removal of results nothing uses."""
    if _switch_constant_case(op, rewriter):
        return True
    if _same_yields(op, rewriter):
        return True
    return _remove_unused_results(op, rewriter)


def _remove_unused_results(op: Operation, rewriter: PatternRewriter) -> bool:
    """Replace a region op (`scf.index_switch`, `scf.execute_region`) with one without
    the results nothing uses, its regions moved over and their yields trimmed."""
    used = [r for r in op.results if r.has_uses]
    if len(used) == len(op.results) or not _classes(rewriter, op.name, "scf.yield"):
        return False
    new = _new(
        rewriter,
        op.name,
        list(op.operands),
        [r.type for r in used],
        op.loc,
        regions=len(op.regions),
    )
    _copy_attrs(op, new)
    for old_region, new_region in zip(op.regions, new.regions, strict=True):
        _move_blocks(old_region, new_region, rewriter)
        for block in new_region.blocks:
            terminator = block.last_op
            if terminator is None or terminator.name != "scf.yield":
                continue
            with rewriter.modify_op_in_place(terminator):
                terminator.set_operands([terminator.operands[r.index] for r in used])
    replacements: list[Value | None] = [None] * len(op.results)
    for i, result in enumerate(used):
        replacements[result.index] = new.results[i]
    _replace_partially(rewriter, op, replacements)
    return True


def _same_yields(op: Operation, rewriter: PatternRewriter) -> bool:
    """A result every `scf.yield` of the op's regions gives the same value, defined outside
    the op, for is that value (`scf.index_switch`, `scf.execute_region`)."""
    yields = [b.last_op for r in op.regions for b in r.blocks if b.last_op is not None]
    yields = [y for y in yields if y.name == "scf.yield"]
    if not yields:
        return False
    changed = False
    for index, result in enumerate(op.results):
        first = yields[0]
        assert first is not None
        value = first.operands[index]
        if any(_region_is_ancestor_value(r, value) for r in op.regions):
            continue
        if result.has_uses and all(y is not None and y.operands[index] is value for y in yields):
            rewriter.replace_all_uses_with(result, value)
            changed = True
    return changed


def _switch_constant_case(op: Operation, rewriter: PatternRewriter) -> bool:
    value = _const_int(op.operands[0])
    if value is None:
        return False
    cases = get_property(op, "cases")
    values = list(cases.values) if isinstance(cases, DenseArrayAttr) else []
    region = op.regions[0]
    for case, case_region in zip(values, op.regions[1:], strict=False):
        if case == value:
            region = case_region
            break
    source = region.blocks[0]
    terminator = source.last_op
    assert terminator is not None
    assert op.parent is not None
    results = list(terminator.operands)
    rewriter.inline_block_before(source, op.parent, op)
    rewriter.erase_op(terminator)
    rewriter.replace_op(op, results)
    return True


# -- scf.parallel and scf.forall ----------------------------------------------------------


def _trip_count(lower: int | None, upper: int | None, step: int | None) -> int | None:
    """MLIR's `constantTripCount` of constant bounds and step."""
    if lower is None or upper is None or step is None or step <= 0:
        return None
    if upper <= lower:
        return 0
    return -((lower - upper) // step)


def _parallel_single_or_zero_dims(op: Operation, rewriter: PatternRewriter) -> bool:
    sizes = get_property(op, "operandSegmentSizes")
    assert isinstance(sizes, DenseArrayAttr)
    rank = int(sizes.values[0])
    lowers = list(op.operands[:rank])
    uppers = list(op.operands[rank : 2 * rank])
    steps = list(op.operands[2 * rank : 3 * rank])
    inits = list(op.operands[3 * rank :])
    block = op.regions[0].blocks[0]
    mapping: dict[int, Value] = {}
    kept: list[int] = []
    for i in range(rank):
        count = (
            0
            if lowers[i] is uppers[i]
            else _trip_count(_const_int(lowers[i]), _const_int(uppers[i]), _const_int(steps[i]))
        )
        if count == 0:
            rewriter.replace_op(op, inits)
            return True
        if count == 1:
            mapping[i] = lowers[i]
            continue
        kept.append(i)
    if len(kept) == rank:
        return False
    if not kept:
        terminator = block.last_op
        assert terminator is not None
        assert op.parent is not None
        for arg_index, value in mapping.items():
            rewriter.replace_all_uses_with(block.args[arg_index], value)
        inner = block.first_op
        while inner is not None and inner is not terminator:
            nxt = inner.next_op
            rewriter.move_op_before(inner, op)
            inner = nxt
        results: list[Value] = []
        for i, region in enumerate(terminator.regions):
            reduce_block = region.blocks[0]
            reduce_return = reduce_block.last_op
            assert reduce_return is not None
            value = reduce_return.operands[0]
            args = [inits[len(results)], terminator.operands[i]]
            rewriter.inline_block_before(reduce_block, op.parent, op, args)
            results.append(
                value if value not in reduce_block.args else args[reduce_block.args.index(value)]
            )
            rewriter.erase_op(reduce_return)
        rewriter.replace_op(op, results)
        return True
    new = _new(
        rewriter,
        "scf.parallel",
        [*(lowers[i] for i in kept), *(uppers[i] for i in kept), *(steps[i] for i in kept), *inits],
        op.result_types,
        op.loc,
        props=[
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(
                    IntegerType.get(32), (len(kept), len(kept), len(kept), len(inits))
                ),
            )
        ],
        regions=1,
    )
    for arg_index, value in mapping.items():
        rewriter.replace_all_uses_with(block.args[arg_index], value)
    for arg_index in sorted(mapping, reverse=True):
        block.erase_argument(arg_index)
    _move_blocks(op.regions[0], new.regions[0], rewriter)
    rewriter.replace_op(op, list(new.results))
    return True


def _merge_nested_parallel(op: Operation, rewriter: PatternRewriter) -> bool:
    outer = op.regions[0].blocks[0]
    inner = outer.first_op
    if inner is None or inner.next_op is not outer.last_op or inner is outer.last_op:
        return False
    if inner.name != "scf.parallel":
        return False
    rank = len(outer.args)
    inner_rank = len(inner.regions[0].blocks[0].args) if inner.regions[0].blocks else 0
    inner_bounds = list(inner.operands[: 3 * inner_rank])
    if any(arg in inner_bounds for arg in outer.args):
        return False
    if len(op.operands) != 3 * rank or len(inner.operands) != 3 * inner_rank:
        return False
    inner_block = inner.regions[0].blocks[0]
    lowers = [*op.operands[:rank], *inner.operands[:inner_rank]]
    uppers = [*op.operands[rank : 2 * rank], *inner.operands[inner_rank : 2 * inner_rank]]
    steps = [*op.operands[2 * rank :], *inner.operands[2 * inner_rank :]]
    total = rank + inner_rank
    new = _new(
        rewriter,
        "scf.parallel",
        [*lowers, *uppers, *steps],
        [],
        op.loc,
        props=[
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(IntegerType.get(32), (total, total, total, 0)),
            )
        ],
        regions=1,
    )
    block = _new_block(rewriter, new.regions[0], [IndexType.get()] * total, [op.loc] * total)
    terminator = inner_block.last_op
    assert terminator is not None
    for arg, value in zip([*outer.args, *inner_block.args], block.args, strict=True):
        rewriter.replace_all_uses_with(arg, value)
    moving = inner_block.first_op
    while moving is not None and moving is not terminator:
        nxt = moving.next_op
        moving.detach()
        block.append(moving)
        moving = nxt
    block.append(_detached(rewriter, "scf.reduce", [], op.loc))
    rewriter.replace_op(op, [])
    return True


def scf_canonicalize_parallel(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `ParallelOpSingleOrZeroIterationDimsFolder` and `MergeNestedParallelLoops`."""
    if not _classes(rewriter, "scf.parallel", "scf.reduce"):
        return False
    if _parallel_single_or_zero_dims(op, rewriter):
        return True
    return _merge_nested_parallel(op, rewriter)


def _forall_lists(op: Operation) -> list[tuple[list[Value], list[int]]]:
    """The (dynamic values, static entries) of the lower bounds, upper bounds and steps."""
    sizes = get_property(op, "operandSegmentSizes")
    assert isinstance(sizes, DenseArrayAttr)
    counts = [int(v) for v in sizes.values]
    start = 0
    out: list[tuple[list[Value], list[int]]] = []
    for count, name in zip(
        counts[:3], ("staticLowerBound", "staticUpperBound", "staticStep"), strict=True
    ):
        static = get_property(op, name)
        entries = [int(v) for v in static.values] if isinstance(static, DenseArrayAttr) else []
        out.append((list(op.operands[start : start + count]), entries))
        start += count
    return out


def _mixed(values: Sequence[Value], entries: Sequence[int]) -> list[Value | int]:
    it = iter(values)
    return [next(it) if e == DYNAMIC else e for e in entries]


def _forall_control_operands(op: Operation, rewriter: PatternRewriter) -> bool:
    lists = _forall_lists(op)
    changed = False
    new_lists: list[tuple[list[Value], list[int]]] = []
    for values, entries in lists:
        mixed = _mixed(values, entries)
        dynamic: list[Value] = []
        static: list[int] = []
        for entry in mixed:
            if isinstance(entry, Value):
                known = _const_int(entry)
                if known is not None:
                    static.append(known)
                    changed = True
                    continue
                dynamic.append(entry)
                static.append(DYNAMIC)
            else:
                static.append(entry)
        new_lists.append((dynamic, static))
    if not changed:
        return False
    outputs = list(op.operands[sum(len(v) for v, _ in lists) :])
    i64 = IntegerType.get(64)
    with rewriter.modify_op_in_place(op):
        op.set_operands([*new_lists[0][0], *new_lists[1][0], *new_lists[2][0], *outputs])
        for (_, static), name in zip(
            new_lists, ("staticLowerBound", "staticUpperBound", "staticStep"), strict=True
        ):
            set_property(op, name, DenseArrayAttr.get(i64, tuple(static)))
        sizes = (len(new_lists[0][0]), len(new_lists[1][0]), len(new_lists[2][0]), len(op.results))
        set_property(op, "operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), sizes))
    return True


def _new_forall(
    rewriter: PatternRewriter,
    op: Operation,
    mixed: Sequence[Sequence[Value | int]],
    outputs: Sequence[Value],
) -> Operation:
    """`scf.forall` with these bounds and outputs and no body."""
    dynamic: list[list[Value]] = [[], [], []]
    static: list[tuple[int, ...]] = []
    for i, entries in enumerate(mixed):
        row: list[int] = []
        for entry in entries:
            if isinstance(entry, Value):
                dynamic[i].append(entry)
                row.append(DYNAMIC)
            else:
                row.append(entry)
        static.append(tuple(row))
    i64 = IntegerType.get(64)
    sizes = (len(dynamic[0]), len(dynamic[1]), len(dynamic[2]), len(outputs))
    return _new(
        rewriter,
        "scf.forall",
        [*dynamic[0], *dynamic[1], *dynamic[2], *outputs],
        [v.type for v in outputs],
        op.loc,
        props=[
            ("staticLowerBound", DenseArrayAttr.get(i64, static[0])),
            ("staticUpperBound", DenseArrayAttr.get(i64, static[1])),
            ("staticStep", DenseArrayAttr.get(i64, static[2])),
            ("operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), sizes)),
        ],
        regions=1,
    )


def _forall_iter_args(op: Operation, rewriter: PatternRewriter) -> bool:
    if not op.results:
        return False
    lists = _forall_lists(op)
    outputs = list(op.operands[sum(len(v) for v, _ in lists) :])
    block = op.regions[0].blocks[0]
    rank = len(lists[0][1])
    terminator = block.last_op
    # Only ops in the terminator (`tensor.parallel_insert_slice`) combine into an
    # output: with none, no output is written and each result is its output.
    if terminator is None or not terminator.regions or not terminator.regions[0].blocks:
        return False
    if terminator.regions[0].blocks[0].first_op is not None:
        return False
    mapping_attr = get_property(op, "mapping")
    new = _new_forall(rewriter, op, [_mixed(v, e) for v, e in lists], [])
    if mapping_attr is not None:
        set_property(new, "mapping", mapping_attr)
    new_block = _new_block(rewriter, new.regions[0], [IndexType.get()] * rank, [op.loc] * rank)
    args = [*new_block.args, *outputs]
    rewriter.merge_blocks(block, new_block, args)
    for result, output in zip(op.results, outputs, strict=True):
        rewriter.replace_all_uses_with(result, output)
    rewriter.erase_op(op)
    return True


def _forall_single_or_zero_dims(op: Operation, rewriter: PatternRewriter) -> bool:
    if get_property(op, "mapping") is not None:
        return False
    lists = _forall_lists(op)
    mixed = [_mixed(v, e) for v, e in lists]
    outputs = list(op.operands[sum(len(v) for v, _ in lists) :])
    block = op.regions[0].blocks[0]
    rank = len(mixed[0])
    mapping: dict[int, Value] = {}
    kept: list[int] = []
    for i in range(rank):
        lower, upper, step = mixed[0][i], mixed[1][i], mixed[2][i]

        def known(entry: Value | int) -> int | None:
            return _const_int(entry) if isinstance(entry, Value) else entry

        count = 0 if lower is upper else _trip_count(known(lower), known(upper), known(step))
        if count == 0:
            rewriter.replace_op(op, outputs)
            return True
        if count == 1:
            mapping[i] = (
                lower if isinstance(lower, Value) else _index_constant(rewriter, lower, op.loc)
            )
            continue
        kept.append(i)
    if len(kept) == rank:
        return False
    if not kept:
        terminator = block.last_op
        assert terminator is not None
        assert op.parent is not None
        if any(True for _ in terminator.regions[0].ops):
            return False
        args = [mapping[i] for i in range(rank)] + outputs
        rewriter.inline_block_before(block, op.parent, op, args)
        rewriter.erase_op(terminator)
        rewriter.replace_op(op, outputs)
        return True
    new = _new_forall(rewriter, op, [[m[i] for i in kept] for m in mixed], outputs)
    skip = ("operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")
    _copy_attrs(op, new, skip)
    for arg_index, value in mapping.items():
        rewriter.replace_all_uses_with(block.args[arg_index], value)
    for arg_index in sorted(mapping, reverse=True):
        block.erase_argument(arg_index)
    _move_blocks(op.regions[0], new.regions[0], rewriter)
    rewriter.replace_op(op, list(new.results))
    return True


def scf_canonicalize_forall(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `ForallOpControlOperandsFolder`, `ForallOpIterArgsFolder` and
    `ForallOpSingleOrZeroIterationDimsFolder`."""
    if not _classes(rewriter, "scf.forall", "arith.constant"):
        return False
    if _forall_control_operands(op, rewriter):
        return True
    if _forall_iter_args(op, rewriter):
        return True
    return _forall_single_or_zero_dims(op, rewriter)


# -- scf.while ---------------------------------------------------------------------------


def _while_parts(op: Operation) -> tuple[Block, Block, Operation, Operation]:
    before = op.regions[0].blocks[0]
    after = op.regions[1].blocks[0]
    condition = before.last_op
    yield_op = after.last_op
    assert condition is not None
    assert yield_op is not None
    return before, after, condition, yield_op


def _new_while(
    rewriter: PatternRewriter,
    op: Operation,
    result_types: Sequence[Type],
    inits: Sequence[Value],
    *,
    blocks: bool,
) -> Operation:
    """`scf.while` at `op`'s location; with `blocks`, its two blocks as MLIR's builder
    makes them (the before block takes the inits, the after block the results)."""
    new = _new(rewriter, "scf.while", inits, result_types, op.loc, regions=2)
    if blocks:
        _new_block(rewriter, new.regions[0], [v.type for v in inits], [_loc(v) for v in inits])
        _new_block(rewriter, new.regions[1], result_types, [op.loc] * len(result_types))
    return new


def _replace_terminator(
    rewriter: PatternRewriter, old: Operation, operands: Sequence[Value]
) -> None:
    """Replace a `scf.yield` or `scf.condition` with one of other operands."""
    rewriter.set_insertion_point_before(old)
    new = _new(rewriter, old.name, operands, [], old.loc)
    rewriter.replace_op(old, new)
    rewriter.set_insertion_point_before(_owner_op(new))


def _owner_op(op: Operation) -> Operation:
    owner = op.parent_op
    while owner is not None and owner.name != "scf.while":
        owner = owner.parent_op
    assert owner is not None
    return owner


def _while_invariant_args(op: Operation, rewriter: PatternRewriter) -> bool:
    before, after, condition, yield_op = _while_parts(op)
    cond_args = condition.operands[1:]
    inits = op.operands
    yielded = yield_op.operands

    def invariant(index: int, init: Value, value: Value) -> bool:
        if value is init:
            return True
        if isinstance(value, BlockArgument) and value.owner_block is after:
            cond_arg = cond_args[value.index]
            return cond_arg is before.args[index] or cond_arg is init
        return False

    flags = [invariant(i, init, v) for i, (init, v) in enumerate(zip(inits, yielded, strict=False))]
    if not any(flags):
        return False
    new_inits = [v for v, f in zip(inits, flags, strict=False) if not f]
    new_yields = [v for v, f in zip(yielded, flags, strict=False) if not f]
    locs = [before.args[i].loc for i, f in enumerate(flags) if not f]
    _replace_terminator(rewriter, yield_op, new_yields)
    new = _new_while(rewriter, op, op.result_types, new_inits, blocks=False)
    new_before = _new_block(rewriter, new.regions[0], [v.type for v in new_yields], locs)
    replacements: list[Value] = []
    j = 0
    for i in range(len(before.args)):
        if i < len(flags) and flags[i]:
            replacements.append(inits[i])
        else:
            replacements.append(new_before.args[j])
            j += 1
    rewriter.merge_blocks(before, new_before, replacements)
    _move_blocks(op.regions[1], new.regions[1], rewriter)
    rewriter.replace_op(op, list(new.results))
    return True


def _while_invariant_yielded(op: Operation, rewriter: PatternRewriter) -> bool:
    before, after, condition, _ = _while_parts(op)
    cond_args = list(condition.operands[1:])
    outside = [v.owner_block is not before for v in cond_args]
    if not any(outside):
        return False
    new_args = [v for v, o in zip(cond_args, outside, strict=True) if not o]
    locs = [after.args[i].loc for i, o in enumerate(outside) if not o]
    _replace_terminator(rewriter, condition, [condition.operands[0], *new_args])
    new = _new_while(rewriter, op, [v.type for v in new_args], op.operands, blocks=False)
    new_after = _new_block(rewriter, new.regions[1], [v.type for v in new_args], locs)
    after_args: list[Value] = []
    results: list[Value] = []
    j = 0
    for i, value in enumerate(cond_args):
        if outside[i]:
            after_args.append(value)
            results.append(value)
        else:
            after_args.append(new_after.args[j])
            results.append(new.results[j])
            j += 1
    rewriter.merge_blocks(after, new_after, after_args)
    _move_blocks(op.regions[0], new.regions[0], rewriter)
    rewriter.replace_op(op, results)
    return True


def _while_condition_truth(op: Operation, rewriter: PatternRewriter) -> bool:
    _, after, condition, _ = _while_parts(op)
    cond = condition.operands[0]
    true_value: Value | None = None
    replaced = False
    for value, arg in zip(condition.operands[1:], after.args, strict=False):
        if value is cond and arg.has_uses:
            if true_value is None:
                true_value = _true_constant(rewriter, True, op.loc)
            for use in list(arg.uses):
                with rewriter.modify_op_in_place(use.owner):
                    use.set(true_value)
            replaced = True
    return replaced


def _while_cmp_cond(op: Operation, rewriter: PatternRewriter) -> bool:
    _, after, condition, _ = _while_parts(op)
    cmp = condition.operands[0].defining_op
    if cmp is None or cmp.name != "arith.cmpi":
        return False
    predicate = get_property(cmp, "predicate")
    if not isinstance(predicate, IntegerAttr):
        return False
    changed = False
    for value, arg in zip(condition.operands[1:], after.args, strict=False):
        for index in range(2):
            if value is not cmp.operands[index]:
                continue
            for use in list(arg.uses):
                other = use.owner
                if (
                    other.name != "arith.cmpi"
                    or other.operands[1 - index] is not cmp.operands[1 - index]
                ):
                    continue
                other_predicate = get_property(other, "predicate")
                if not isinstance(other_predicate, IntegerAttr):
                    continue
                if other_predicate.value == predicate.value:
                    same = True
                elif other_predicate.value == _CMPI_INVERSE[predicate.value]:
                    same = False
                else:
                    continue
                rewriter.set_insertion_point_before(other)
                constant = _true_constant(rewriter, same, other.loc)
                rewriter.replace_op(other, [constant])
                rewriter.set_insertion_point_before(op)
                changed = True
    return changed


def _while_unused_result(op: Operation, rewriter: PatternRewriter) -> bool:
    _, after, condition, _ = _while_parts(op)
    cond_args = list(condition.operands[1:])
    kept: list[int] = []
    need = False
    for i, (result, arg) in enumerate(zip(op.results, after.args, strict=False)):
        if not result.has_uses and not arg.has_uses:
            need = True
        else:
            kept.append(i)
    if not need:
        return False
    types = [op.results[i].type for i in kept]
    _replace_terminator(rewriter, condition, [condition.operands[0], *(cond_args[i] for i in kept)])
    new = _new_while(rewriter, op, types, op.operands, blocks=False)
    new_after = _new_block(rewriter, new.regions[1], types, [op.loc] * len(kept))
    _move_blocks(op.regions[0], new.regions[0], rewriter)
    replacements: list[Value | None] = [None] * len(op.results)
    after_args: list[Value] = []
    for j, i in enumerate(kept):
        replacements[i] = new.results[j]
    position = {i: j for j, i in enumerate(kept)}
    for i in range(len(after.args)):
        after_args.append(new_after.args[position[i]] if i in position else after.args[i])
    # Unused arguments keep no uses, so they may stand for themselves while merging.
    rewriter.merge_blocks(after, new_after, after_args)
    _replace_partially(rewriter, op, replacements)
    return True


def _while_duplicated_results(op: Operation, rewriter: PatternRewriter) -> bool:
    _, after, condition, _ = _while_parts(op)
    cond_args = list(condition.operands[1:])
    unique: list[Value] = []
    for value in cond_args:
        if not any(value is u for u in unique):
            unique.append(value)
    if len(unique) == len(cond_args):
        return False
    new = _new_while(rewriter, op, [v.type for v in unique], op.operands, blocks=True)
    new_before = new.regions[0].blocks[0]
    new_after = new.regions[1].blocks[0]
    after_mapping: list[Value] = []
    results: list[Value] = []
    for value in cond_args:
        pos = next(i for i, u in enumerate(unique) if u is value)
        after_mapping.append(new_after.args[pos])
        results.append(new.results[pos])
    _replace_terminator(rewriter, condition, [condition.operands[0], *unique])
    before = op.regions[0].blocks[0]
    rewriter.merge_blocks(before, new_before, list(new_before.args))
    rewriter.merge_blocks(after, new_after, after_mapping)
    rewriter.replace_op(op, results)
    return True


def _while_unused_args(op: Operation, rewriter: PatternRewriter) -> bool:
    before, after, _, yield_op = _while_parts(op)
    if all(arg.has_uses for arg in before.args):
        return False
    keep = [arg.has_uses for arg in before.args]
    new_yields = [v for v, k in zip(yield_op.operands, keep, strict=False) if k]
    new_inits = [v for v, k in zip(op.operands, keep, strict=False) if k]
    for index in reversed(range(len(keep))):
        if not keep[index]:
            before.erase_argument(index)
    new = _new_while(rewriter, op, op.result_types, new_inits, blocks=True)
    _replace_terminator(rewriter, yield_op, new_yields)
    new_before = new.regions[0].blocks[0]
    new_after = new.regions[1].blocks[0]
    rewriter.merge_blocks(before, new_before, list(new_before.args))
    rewriter.merge_blocks(after, new_after, list(new_after.args))
    rewriter.replace_op(op, list(new.results))
    return True


def _while_align_before_args(op: Operation, rewriter: PatternRewriter) -> bool:
    before, after, condition, _ = _while_parts(op)
    before_args = list(before.args)
    term_args = list(condition.operands[1:])
    if len(before_args) == len(term_args) and all(
        a is b for a, b in zip(before_args, term_args, strict=True)
    ):
        return False
    for i, value in enumerate(term_args):
        if any(value is other for other in term_args[:i]):
            return False
    if len(before_args) != len(term_args):
        return False
    mapping: list[int] = [0] * len(before_args)
    for i, arg in enumerate(before_args):
        found = next((k for k, v in enumerate(term_args) if v is arg), None)
        if found is None:
            return False
        mapping[found] = i
    _replace_terminator(rewriter, condition, [condition.operands[0], *before_args])
    result_types: list[Type] = [IndexType.get()] * len(before_args)
    for i, j in enumerate(mapping):
        result_types[j] = op.results[i].type
    new = _new_while(rewriter, op, result_types, op.operands, blocks=True)
    new_before = new.regions[0].blocks[0]
    new_after = new.regions[1].blocks[0]
    results: list[Value] = []
    after_args: list[Value] = []
    for j in mapping:
        results.append(new.results[j])
        after_args.append(new_after.args[j])
    rewriter.inline_block_before(before, new_before, new_before.first_op, list(new_before.args))
    rewriter.inline_block_before(after, new_after, new_after.first_op, after_args)
    rewriter.replace_op(op, results)
    return True


def scf_canonicalize_while(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `scf.while` patterns, in the order MLIR registers them."""
    if not _classes(rewriter, "scf.while", "scf.condition", "scf.yield", "arith.constant"):
        return False
    _, _, condition, yield_op = _while_parts(op)
    if condition.name != "scf.condition" or yield_op.name != "scf.yield":
        return False
    patterns = (
        _while_invariant_args,
        _while_invariant_yielded,
        _while_condition_truth,
        _while_cmp_cond,
        _while_unused_result,
        _while_duplicated_results,
        _while_unused_args,
        _while_align_before_args,
    )
    return any(pattern(op, rewriter) for pattern in patterns)
