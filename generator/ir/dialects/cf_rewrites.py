"""The canonicalization patterns of the `cf` dialect, as MLIR 22's `ControlFlowOps.cpp`.

Each `cf_canonicalize_<op>` function is the `canonicalize` hook of one op: it tries
MLIR's patterns for that op in the order MLIR registers them and applies the first
that matches, returning whether the IR changed. The patterns fold branches whose
destination is known (a constant condition or flag, identical successors, a
condition or flag a single predecessor already branched on), skip blocks that only
branch on (`collapse_branch`), merge a block into its only predecessor, and erase an
assertion of `true`. They make `cf` and `arith` ops, which this runtime module
cannot import (generated dialects sit above it): the classes are found by name in
the rewriter's context, and a pattern that cannot find them does not apply.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import (
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    wrap_integer,
)
from generator.ir.core import Block, BlockArgument, Location, Operation, Value
from generator.ir.folding import int_constant
from generator.ir.properties import get_property, set_property
from generator.ir.rewrite import PatternRewriter, constant_value
from generator.ir.segments import segment_range
from generator.ir.types import IntegerType, Type, VectorType

__all__ = [
    "cf_canonicalize_assert",
    "cf_canonicalize_br",
    "cf_canonicalize_cond_br",
    "cf_canonicalize_switch",
    "cf_erase_successor_operand",
    "cf_successor_operand_positions",
]

_I32 = IntegerType.get(32)


# -- reading and making branches -----------------------------------------------------------


def _can_make(rewriter: PatternRewriter, *names: str) -> bool:
    """Whether the rewriter's context can make every op named (loading its dialect)."""
    ctx = rewriter.context
    if ctx is None:
        return False
    for name in names:
        ctx.ensure_dialect(name.partition(".")[0])
        if ctx.lookup_op(name) is None:
            return False
    return True


def _make(
    rewriter: PatternRewriter,
    name: str,
    operands: Sequence[Value],
    loc: Location | None,
    *,
    result_types: Sequence[Type] = (),
    props: Sequence[tuple[str, Attribute | None]] = (),
    successors: Sequence[Block] = (),
) -> Operation:
    """An op of the registered class `name`, inserted at the rewriter's insertion point."""
    ctx = rewriter.context
    assert ctx is not None
    cls = ctx.lookup_op(name)
    assert cls is not None
    op = cls.__new__(cls)
    op.init_state(name, operands, result_types, None, None, successors, 0, loc)
    for key, value in props:
        if value is not None:
            set_property(op, key, value)
    return rewriter.insert(op)


def _replace_with_br(
    rewriter: PatternRewriter, op: Operation, dest: Block, operands: Sequence[Value]
) -> None:
    new = _make(rewriter, "cf.br", list(operands), op.loc, successors=[dest])
    rewriter.replace_op(op, new)


def _replace_with_cond_br(
    rewriter: PatternRewriter,
    op: Operation,
    condition: Value,
    targets: Sequence[tuple[Block, Sequence[Value]]],
) -> None:
    (true_dest, true_ops), (false_dest, false_ops) = targets
    sizes = DenseArrayAttr.get(_I32, (1, len(true_ops), len(false_ops)))
    new = _make(
        rewriter,
        "cf.cond_br",
        [condition, *true_ops, *false_ops],
        op.loc,
        props=[("operandSegmentSizes", sizes)],
        successors=[true_dest, false_dest],
    )
    rewriter.replace_op(op, new)


def _cond_br_targets(op: Operation) -> list[tuple[Block, list[Value]]]:
    operands = op.operands
    true_ops = segment_range(op, "operandSegmentSizes", 1, 3)
    false_ops = segment_range(op, "operandSegmentSizes", 2, 3)
    return [
        (op.successors[0], list(operands[true_ops.start : true_ops.stop])),
        (op.successors[1], list(operands[false_ops.start : false_ops.stop])),
    ]


def _switch_parts(
    op: Operation,
) -> tuple[Value, tuple[Block, list[Value]], list[tuple[int, Block, list[Value]]]]:
    """The flag, the default target and the cases (value, block, operands) of a switch."""
    operands = op.operands
    default_ops = segment_range(op, "operandSegmentSizes", 1, 3)
    case_ops = segment_range(op, "operandSegmentSizes", 2, 3)
    segments = get_property(op, "case_operand_segments")
    sizes = segments.values if isinstance(segments, DenseArrayAttr) else ()
    values_attr = get_property(op, "case_values")
    values: Sequence[object] = (
        values_attr.values if isinstance(values_attr, DenseElementsAttr) else ()
    )
    cases = []
    start = case_ops.start
    for index, dest in enumerate(op.successors[1:]):
        size = sizes[index] if index < len(sizes) else 0
        value = values[index] if index < len(values) else 0
        assert isinstance(value, int)
        cases.append((value, dest, list(operands[start : start + size])))
        start += size
    default = (op.successors[0], list(operands[default_ops.start : default_ops.stop]))
    return operands[0], default, cases


def _replace_with_switch(
    rewriter: PatternRewriter,
    op: Operation,
    flag: Value,
    default: tuple[Block, Sequence[Value]],
    cases: Sequence[tuple[int, Block, Sequence[Value]]],
) -> None:
    values_attr: Attribute | None = None
    if cases:
        values_attr = DenseElementsAttr.get(
            VectorType.get((len(cases),), flag.type), tuple(value for value, _, _ in cases)
        )
    case_operands = [v for _, _, ops in cases for v in ops]
    new = _make(
        rewriter,
        "cf.switch",
        [flag, *default[1], *case_operands],
        op.loc,
        props=[
            ("case_values", values_attr),
            ("case_operand_segments", DenseArrayAttr.get(_I32, tuple(len(o) for _, _, o in cases))),
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(_I32, (1, len(default[1]), len(case_operands))),
            ),
        ],
        successors=[default[0], *(dest for _, dest, _ in cases)],
    )
    rewriter.replace_op(op, new)


def cf_successor_operand_positions(op: Operation, index: int) -> range:
    """The positions of the operands a `cf` branch passes to successor `index`."""
    if op.name == "cf.br":
        return range(op.num_operands)
    if op.name == "cf.cond_br":
        return segment_range(op, "operandSegmentSizes", 1 + index, 3)
    group = segment_range(op, "operandSegmentSizes", 1 if index == 0 else 2, 3)
    if index == 0:
        return group
    sizes = _case_sizes(op)
    start = group.start + sum(sizes[: index - 1])
    return range(start, start + sizes[index - 1])


def cf_erase_successor_operand(op: Operation, index: int, position: int) -> None:
    """Drop the operand a `cf` branch passes to argument `position` of successor
    `index`, keeping its operand groups right."""
    at = cf_successor_operand_positions(op, index)[position]
    op.set_operands([v for i, v in enumerate(op.operands) if i != at])
    if op.name == "cf.br":
        return
    sizes = list(_segment_sizes(op, "operandSegmentSizes"))
    sizes[1 + index if op.name == "cf.cond_br" else (1 if index == 0 else 2)] -= 1
    set_property(op, "operandSegmentSizes", DenseArrayAttr.get(_I32, tuple(sizes)))
    if op.name == "cf.switch" and index > 0:
        cases = list(_case_sizes(op))
        cases[index - 1] -= 1
        set_property(op, "case_operand_segments", DenseArrayAttr.get(_I32, tuple(cases)))


def _segment_sizes(op: Operation, name: str) -> tuple[int, ...]:
    attr = get_property(op, name)
    values = attr.values if isinstance(attr, DenseArrayAttr) else ()
    return tuple(v for v in values if isinstance(v, int))


def _case_sizes(op: Operation) -> tuple[int, ...]:
    return _segment_sizes(op, "case_operand_segments")


def _single_predecessor(block: Block) -> Block | None:
    """The predecessor of `block` when exactly one branch edge reaches it
    (`getSinglePredecessor`)."""
    preds = block.predecessors
    return preds[0] if len(preds) == 1 else None


def _unique_predecessor(block: Block) -> Block | None:
    """The one block whose terminator reaches `block`, by any number of edges
    (`getUniquePredecessor`)."""
    preds = block.predecessors
    return preds[0] if preds and all(p is preds[0] for p in preds) else None


def collapse_branch(
    successor: Block, operands: Sequence[Value]
) -> tuple[Block, list[Value]] | None:
    """Where a branch to `successor` with `operands` may go instead when that block holds
    only a `cf.br` using its arguments in nothing else, and that branch does not lead
    into a cycle of unconditional branches (MLIR's `collapseBranch`): that branch's
    destination, with its operands read through the block's arguments."""
    branch = successor.first_op
    if branch is None or branch is not successor.last_op or branch.name != "cf.br":
        return None
    for arg in successor.args:
        if any(user is not branch for user in arg.users):
            return None
    dest = branch.successors[0]
    if dest is successor:
        return None
    # Nor into a chain of unconditional branches that comes back on itself.
    visited = {successor, dest}
    term = dest.last_op
    while term is not None and term.name == "cf.br":
        nxt = term.successors[0]
        if nxt in visited:
            return None
        visited.add(nxt)
        term = nxt.last_op
    forwarded = [
        operands[v.index] if isinstance(v, BlockArgument) and v.owner is successor else v
        for v in branch.operands
    ]
    return dest, forwarded


def _constant_int(value: Value) -> int | None:
    return int_constant(constant_value(value))


# -- cf.assert -----------------------------------------------------------------------------


def cf_canonicalize_assert(op: Operation, rewriter: PatternRewriter) -> bool:
    """An assertion of the constant `true` is erased."""
    if _constant_int(op.operands[0]) != 1:
        return False
    rewriter.erase_op(op)
    return True


# -- cf.br ---------------------------------------------------------------------------------


def cf_canonicalize_br(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `SimplifyBrToBlockWithSinglePred`, then `SimplifyPassThroughBr`."""
    if not _can_make(rewriter, "cf.br"):
        return False
    dest = op.successors[0]
    block = op.parent
    assert block is not None
    if dest is not block and _single_predecessor(dest) is block:
        operands = list(op.operands)
        rewriter.merge_blocks(dest, block, operands)
        rewriter.erase_op(op)
        return True
    collapsed = collapse_branch(dest, list(op.operands))
    if collapsed is None:
        return False
    _replace_with_br(rewriter, op, *collapsed)
    return True


# -- cf.cond_br ----------------------------------------------------------------------------


def cf_canonicalize_cond_br(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `cf.cond_br` patterns, in the order MLIR registers them."""
    if not _can_make(rewriter, "cf.br", "cf.cond_br", "arith.select", "arith.constant"):
        return False
    patterns = (
        _const_condition,
        _pass_through_cond_br,
        _identical_successors,
        _same_condition_as_predecessor,
        _truth_propagation,
    )
    return any(pattern(op, rewriter) for pattern in patterns)


def _const_condition(op: Operation, rewriter: PatternRewriter) -> bool:
    value = _constant_int(op.operands[0])
    if value is None:
        return False
    dest, operands = _cond_br_targets(op)[0 if value != 0 else 1]
    _replace_with_br(rewriter, op, dest, operands)
    return True


def _pass_through_cond_br(op: Operation, rewriter: PatternRewriter) -> bool:
    targets = _cond_br_targets(op)
    collapsed = [collapse_branch(dest, operands) for dest, operands in targets]
    if all(c is None for c in collapsed):
        return False
    new_targets = [c if c is not None else t for c, t in zip(collapsed, targets, strict=True)]
    _replace_with_cond_br(rewriter, op, op.operands[0], new_targets)
    return True


def _identical_successors(op: Operation, rewriter: PatternRewriter) -> bool:
    (true_dest, true_ops), (false_dest, false_ops) = _cond_br_targets(op)
    if true_dest is not false_dest:
        return False
    if len(true_ops) == len(false_ops) and all(
        a is b for a, b in zip(true_ops, false_ops, strict=True)
    ):
        _replace_with_br(rewriter, op, true_dest, true_ops)
        return True
    if _unique_predecessor(true_dest) is not op.parent:
        return False
    condition = op.operands[0]
    merged: list[Value] = []
    for a, b in zip(true_ops, false_ops, strict=True):
        if a is b:
            merged.append(a)
        else:
            select = _make(
                rewriter, "arith.select", [condition, a, b], op.loc, result_types=[a.type]
            )
            merged.append(select.results[0])
    _replace_with_br(rewriter, op, true_dest, merged)
    return True


def _same_condition_as_predecessor(op: Operation, rewriter: PatternRewriter) -> bool:
    block = op.parent
    assert block is not None
    pred = _single_predecessor(block)
    if pred is None:
        return False
    pred_branch = pred.last_op
    if pred_branch is None or pred_branch.name != "cf.cond_br":
        return False
    if pred_branch.operands[0] is not op.operands[0]:
        return False
    targets = _cond_br_targets(op)
    dest, operands = targets[0] if block is pred_branch.successors[0] else targets[1]
    _replace_with_br(rewriter, op, dest, operands)
    return True


def _truth_propagation(op: Operation, rewriter: PatternRewriter) -> bool:
    condition = op.operands[0]
    replaced = False
    for index, truth in ((0, True), (1, False)):
        dest = op.successors[index]
        if _single_predecessor(dest) is None:
            continue
        constant: Value | None = None
        for use in list(condition.uses):
            owner = use.owner
            if owner.parent is not dest:
                continue
            replaced = True
            if constant is None:
                attr = BoolAttr.get_bool(truth)
                constant = _make(
                    rewriter,
                    "arith.constant",
                    [],
                    op.loc,
                    result_types=[IntegerType.get(1)],
                    props=[("value", attr)],
                ).results[0]
            with rewriter.modify_op_in_place(owner):
                owner.set_operand(use.index, constant)
    return replaced


# -- cf.switch -----------------------------------------------------------------------------


def cf_canonicalize_switch(op: Operation, rewriter: PatternRewriter) -> bool:
    """MLIR's `cf.switch` patterns, in the order MLIR registers them."""
    if not _can_make(rewriter, "cf.br", "cf.switch"):
        return False
    patterns = (
        _switch_only_default,
        _drop_cases_matching_default,
        _switch_constant_flag,
        _pass_through_switch,
        _switch_from_switch_on_same_flag,
        _switch_from_default_of_switch_on_same_flag,
    )
    return any(pattern(op, rewriter) for pattern in patterns)


def _switch_only_default(op: Operation, rewriter: PatternRewriter) -> bool:
    _, default, cases = _switch_parts(op)
    if cases:
        return False
    _replace_with_br(rewriter, op, *default)
    return True


def _same_values(a: Sequence[Value], b: Sequence[Value]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _drop_cases_matching_default(op: Operation, rewriter: PatternRewriter) -> bool:
    flag, default, cases = _switch_parts(op)
    kept = [
        case for case in cases if not (case[1] is default[0] and _same_values(case[2], default[1]))
    ]
    if len(kept) == len(cases):
        return False
    _replace_with_switch(rewriter, op, flag, default, kept)
    return True


def _fold_switch(op: Operation, rewriter: PatternRewriter, value: int) -> None:
    """Replace the switch with a branch to the case for `value`, or to the default."""
    _, default, cases = _switch_parts(op)
    width = op.operands[0].type
    for case_value, dest, operands in cases:
        if _same_int(case_value, value, width):
            _replace_with_br(rewriter, op, dest, operands)
            return
    _replace_with_br(rewriter, op, *default)


def _same_int(a: int, b: int, type_: Type) -> bool:
    if isinstance(type_, IntegerType):
        return wrap_integer(a, type_) == wrap_integer(b, type_)
    return a == b


def _switch_constant_flag(op: Operation, rewriter: PatternRewriter) -> bool:
    value = _constant_int(op.operands[0])
    if value is None:
        return False
    _fold_switch(op, rewriter, value)
    return True


def _pass_through_switch(op: Operation, rewriter: PatternRewriter) -> bool:
    flag, default, cases = _switch_parts(op)
    changed = False
    new_default = collapse_branch(*default)
    if new_default is not None:
        changed = True
        default = new_default
    new_cases: list[tuple[int, Block, Sequence[Value]]] = []
    for value, dest, operands in cases:
        collapsed = collapse_branch(dest, operands)
        if collapsed is not None:
            changed = True
            new_cases.append((value, *collapsed))
        else:
            new_cases.append((value, dest, operands))
    if not changed:
        return False
    _replace_with_switch(rewriter, op, flag, default, new_cases)
    return True


def _predecessor_switch(op: Operation) -> tuple[Block, Operation] | None:
    block = op.parent
    assert block is not None
    pred = _single_predecessor(block)
    if pred is None:
        return None
    branch = pred.last_op
    if branch is None or branch.name != "cf.switch" or branch.operands[0] is not op.operands[0]:
        return None
    return block, branch


def _switch_from_switch_on_same_flag(op: Operation, rewriter: PatternRewriter) -> bool:
    found = _predecessor_switch(op)
    if found is None:
        return False
    block, pred_switch = found
    _, pred_default, pred_cases = _switch_parts(pred_switch)
    if pred_default[0] is block:
        return False
    for value, dest, _ in pred_cases:
        if dest is block:
            _fold_switch(op, rewriter, value)
            return True
    _, default, _ = _switch_parts(op)
    _replace_with_br(rewriter, op, *default)
    return True


def _switch_from_default_of_switch_on_same_flag(op: Operation, rewriter: PatternRewriter) -> bool:
    found = _predecessor_switch(op)
    if found is None:
        return False
    block, pred_switch = found
    _, pred_default, pred_cases = _switch_parts(pred_switch)
    if pred_default[0] is not block:
        return False
    width = op.operands[0].type
    impossible = [value for value, dest, _ in pred_cases if dest is not block]
    flag, default, cases = _switch_parts(op)
    kept = [case for case in cases if not any(_same_int(case[0], v, width) for v in impossible)]
    if len(kept) == len(cases):
        return False
    _replace_with_switch(rewriter, op, flag, default, kept)
    return True
