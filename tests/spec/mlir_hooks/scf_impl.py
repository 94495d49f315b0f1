"""The C++ of MLIR 22's `scf` dialect that `odsgen import` asks for, in Python.

Imported from `SCFOps.td`, ten of scf's twelve ops need hand-written code: the
custom syntax of the loops, `scf.if`, `scf.execute_region` and
`scf.forall.in_parallel`, `scf.index_switch`'s `custom<SwitchCases>` directive,
their verifiers and region verifiers, and `scf.if`'s result type inference.

odsgen's own `scf` (`opdefs/scf.td`, generated into `generated.scf`) has the same
syntax and checks, written against the same operand, attribute, result and region
names, and the checks the ops share are in `generator.ir.dialects.scf`; the hooks
call that code with the imported op rather than repeat it. Where odsgen's code
names its own classes (the implicit terminators its parsers insert, the
terminators its region verifiers look for), the hook goes by the op's name, or
swaps the inserted terminator for the imported dialect's class.

The test puts this module in the place of the skeleton `odsgen import` writes
(`NAME_impl/scf_impl.py`) and imports again; it is a test fixture, not shipped.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from generated.scf import ops as builtin
from generator.ir import (
    AsmParser,
    AsmPrinter,
    Attribute,
    Block,
    DenseArrayAttr,
    IndexType,
    InferTypeError,
    IntegerType,
    Operation,
    Region,
    SourcePos,
    Type,
    Value,
    VerifyMessage,
)
from generator.ir.dialects.scf import ScfEdge, scf_check_edges, scf_check_loop_like, scf_terminator
from generator.ir.dialects.view_like import print_dynamic_index_list

# The generated methods of odsgen's scf are called with an imported op as `self`:
# they use only what both classes have (the accessors named after MLIR's). The
# accessors are read through `Any`, as the imported classes are not known here.


def _own_terminators(op: Operation) -> Operation:
    """Replace the terminators odsgen's parsers insert (its own classes) with the
    imported dialect's classes of the same name, built the same way."""
    imported = sys.modules[type(op).__module__]
    for region in op.regions:
        for block in region.blocks:
            last = block.last_op
            if last is None or type(last).__module__ != builtin.__name__:
                continue
            cls = getattr(imported, type(last).__name__)
            new: Operation = cls(loc=last.loc)
            for inner in new.regions:
                if not inner.blocks:
                    inner.add_block(Block())
            last.erase()
            block.append(new)
    return op


def _parse_with(builtin_cls: Any, cls: type[Operation], p: AsmParser, pos: SourcePos) -> Operation:
    op: Operation = builtin_cls.parse.__func__(cls, p, pos)
    return _own_terminators(op)


def _yield(region: Region) -> Operation | None:
    """The region's terminator when it is an `scf.yield`."""
    terminator = scf_terminator(region)
    return terminator if terminator is not None and terminator.name == "scf.yield" else None


# --- scf.execute_region ---


def execute_region_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.ExecuteRegionOp, cls, p, name_pos)


def execute_region_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    builtin.ExecuteRegionOp.print(op, p)  # type: ignore[arg-type]
    return None


def execute_region_op_verify(op: Operation) -> str | None:
    """A region with a block and no arguments."""
    return builtin.ExecuteRegionOp.verify_custom(op)  # type: ignore[arg-type]


def execute_region_op_verify_regions(op: Operation) -> str | None:
    """`RegionBranchOpInterface`: the types along the control flow edges, into the
    region and from each `scf.yield` back to the results."""
    region = op.regions[0]
    edges: list[ScfEdge] = [("parent", "Region #0", (), region.blocks[0].args, op)]
    for block in region.blocks:
        terminator = block.last_op
        if terminator is not None and terminator.name == "scf.yield":
            edges.append(
                ("Operation scf.yield", "parent", terminator.operands, op.results, terminator)
            )
    return scf_check_edges(edges)


# --- scf.for ---


def for_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.ForOp, cls, p, name_pos)


def for_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    return builtin.ForOp.print(op, p)  # type: ignore[arg-type]


def for_op_verify(op: Operation) -> str | None:
    return builtin.ForOp.verify_custom(op)  # type: ignore[arg-type]


def for_op_verify_regions(op: Operation) -> str | None:
    """The loop-carried values, the types along the control flow edges, then the
    loop's own checks of its body's arguments (MLIR's order)."""
    loop: Any = op
    block = op.regions[0].blocks[0]
    iter_args = block.args[1:]
    terminator = _yield(op.regions[0])
    yielded = terminator.operands if terminator is not None else ()
    problem = scf_check_loop_like(loop.init_args, iter_args, yielded, op.results)
    if problem is not None:
        return problem
    edges: list[ScfEdge] = [
        ("parent", "Region #0", loop.init_args, iter_args, op),
        ("parent", "parent", loop.init_args, op.results, op),
    ]
    if terminator is not None:
        edges.append(("Operation scf.yield", "Region #0", yielded, iter_args, terminator))
        edges.append(("Operation scf.yield", "parent", yielded, op.results, terminator))
    message = scf_check_edges(edges)
    if message is not None:
        return message
    if not block.args or block.args[0].type != loop.lower_bound.type:
        return "expected induction variable to be same type as bounds and step"
    if len(iter_args) != len(op.results):
        return "mismatch in number of basic block args and defined values"
    triples = zip(loop.init_args, iter_args, op.results, strict=True)
    for i, (init, arg, result) in enumerate(triples):
        if init.type != result.type:
            return f"types mismatch between {i}th iter operand and defined value"
        if arg.type != result.type:
            return f"types mismatch between {i}th iter region arg and defined value"
    return None


# --- scf.forall and scf.forall.in_parallel ---


def forall_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.ForallOp, cls, p, name_pos)


def forall_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    """odsgen's printer, but for its `is_normalized` method, asked here."""
    loop: Any = op
    block = op.regions[0].blocks[0] if op.regions[0].blocks else None
    rank = len(loop.static_lower_bound.values)
    if block is None or len(block.args) < rank:
        return False
    p.write(" (" + p.operands(block.args[:rank]))
    lower = builtin.mixed_constants(loop.dynamic_lower_bound, loop.static_lower_bound)
    steps = builtin.mixed_constants(loop.dynamic_step, loop.static_step)
    if all(v == 0 for v in lower) and all(v == 1 for v in steps):
        p.write(") in ")
        print_dynamic_index_list(p, op, loop.dynamic_upper_bound, loop.static_upper_bound, "()")
    else:
        p.write(") = ")
        print_dynamic_index_list(p, op, loop.dynamic_lower_bound, loop.static_lower_bound, "()")
        p.write(" to ")
        print_dynamic_index_list(p, op, loop.dynamic_upper_bound, loop.static_upper_bound, "()")
        p.write(" step ")
        print_dynamic_index_list(p, op, loop.dynamic_step, loop.static_step, "()")
    out_args = block.args[rank:]
    text = builtin.scf_print_assignment_list(p, out_args, loop.outputs, " shared_outs") + " "
    if out_args:
        text += "-> (" + p.types(op.result_types) + ") "
    p.write(text)
    p.print_region(op.regions[0], entry_args=False, terminators=bool(op.results))
    elided = ("operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")
    p.write(p.attr_dict(op, elided))
    return None


def forall_op_verify(op: Operation) -> str | None:
    """The bounds, the body's arguments, and `DestinationStyleOpInterface`'s check
    that each shared output has its result's type."""
    return builtin.ForallOp.verify_custom(op)  # type: ignore[arg-type]


def forall_op_verify_regions(op: Operation) -> str | None:
    """`LoopLikeOpInterface`: the shared outputs are the inits, the body's trailing
    arguments the iter_args; `scf.forall` yields nothing and exposes no loop
    results. `RegionBranchOpInterface`: no values pass along its edges (into the
    body, and from `scf.forall.in_parallel` back to the op), so there is nothing
    of theirs to compare."""
    loop: Any = op
    block = op.regions[0].blocks[0]
    rank = len(loop.static_lower_bound.values)
    return scf_check_loop_like(loop.outputs, block.args[rank:], (), None)


def in_parallel_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.InParallelOp, cls, p, name_pos)


def in_parallel_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    builtin.InParallelOp.print(op, p)  # type: ignore[arg-type]
    return None


def in_parallel_op_verify(op: Operation) -> str | None:
    return builtin.InParallelOp.verify_custom(op)  # type: ignore[arg-type]


# --- scf.if ---


def if_op_infer_return_types(
    cls: type[Operation],
    operands: Sequence[Value],
    attributes: Mapping[str, Attribute],
    regions: Sequence[Region],
) -> Sequence[Type]:
    """The types the `then` region yields (MLIR's `IfOp::inferReturnTypes`)."""
    terminator = _yield(regions[0]) if regions else None
    if terminator is None:
        raise InferTypeError("failed to infer returned types")
    return [value.type for value in terminator.operands]


def if_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.IfOp, cls, p, name_pos)


def if_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    builtin.IfOp.print(op, p)  # type: ignore[arg-type]
    return None


def if_op_verify(op: Operation) -> str | None:
    """A branch with results has an `else`; then the check of `if_op_verify_regions`,
    made early as well: the imported op checks its inferred result types before
    its region hook, while MLIR runs `RegionBranchOpInterface`'s check before
    `InferTypeOpAdaptor`'s (their order in the op's traits), so a branch yielding
    the wrong types must get the control flow edge's error, not the inferred
    types'."""
    problem = builtin.IfOp.verify_custom(op)  # type: ignore[arg-type]
    if problem is not None:
        return problem
    return if_op_verify_regions(op)


def if_op_verify_regions(op: Operation) -> str | None:
    """`RegionBranchOpInterface`: the types along the control flow edges, into the
    branches (or past them, without an `else`) and from each `scf.yield` back to
    the results."""
    else_region = op.regions[1]
    edges: list[ScfEdge] = [("parent", "Region #0", (), (), op)]
    if else_region.blocks:
        edges.append(("parent", "Region #1", (), (), op))
    else:
        edges.append(("parent", "parent", (), op.results, op))
    for region in op.regions:
        terminator = _yield(region)
        if terminator is not None:
            edges.append(
                ("Operation scf.yield", "parent", terminator.operands, op.results, terminator)
            )
    return scf_check_edges(edges)


# --- scf.index_switch ---


def parse_switch_cases(p: AsmParser, regions: list[Region]) -> tuple[DenseArrayAttr]:
    """`case N {...}` repeated: the case values, and their regions into `regions`."""
    values: list[int] = []
    while p.consume_keyword("case"):
        # An int64_t, as MLIR reads it: hexadecimal, `true` and range errors too.
        values.append(builtin.parse_int_param(p, 64, True))
        region = Region()
        p.parse_region(region)
        regions.append(region)
    return (DenseArrayAttr.get(IntegerType.get(64), tuple(values)),)


def print_switch_cases(
    p: AsmPrinter, op: Operation, cases: Attribute | None, regions: Sequence[Region]
) -> None:
    values = cases.values if isinstance(cases, DenseArrayAttr) else ()
    for value, region in zip(values, regions, strict=False):
        p.write(p.newline() + f"case {value} ")
        p.print_region(region, entry_args=False)


def index_switch_op_verify(op: Operation) -> str | None:
    """The case values and regions, and what each region yields."""
    switch: Any = op
    values = list(switch.cases.values)
    case_regions = op.regions[1:]
    if len(values) != len(case_regions):
        return f"has {len(case_regions)} case regions but {len(values)} case values"
    seen: set[int] = set()
    for value in values:
        if value in seen:
            return f"has duplicate case value: {value}"
        seen.add(value)
    named = [("default region", op.regions[0])]
    named += [(f"case region #{i}", r) for i, r in enumerate(case_regions)]
    for name, region in named:
        terminator = region.blocks[0].last_op
        if terminator is None or terminator.name != "scf.yield":
            found = terminator.name if terminator is not None else "<<NULL>>"
            return f"expected region to end with scf.yield, but got {found}"
        if terminator.num_operands != len(op.results):
            return VerifyMessage(
                f"expected each region to return {len(op.results)} values, but {name} "
                f"returns {terminator.num_operands}",
                notes=((terminator, "see yield operation here"),),
            )
        pairs = zip(op.result_types, terminator.operands, strict=True)
        for i, (result, operand) in enumerate(pairs):
            if result != operand.type:
                return VerifyMessage(
                    f"expected result #{i} of each region to be '{result}'",
                    notes=((terminator, f"{name} returns '{operand.type}' here"),),
                )
    return None


def index_switch_op_verify_regions(op: Operation) -> str | None:
    """`RegionBranchOpInterface`: the edges into the regions pass no values, so a
    region may take no arguments; the edges out are the yields checked above."""
    edges: list[ScfEdge] = [
        ("parent", f"Region #{i}", (), region.blocks[0].args, op)
        for i, region in enumerate(op.regions)
    ]
    return scf_check_edges(edges)


# --- scf.parallel, scf.reduce and scf.reduce.return ---


def parallel_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.ParallelOp, cls, p, name_pos)


def parallel_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    return builtin.ParallelOp.print(op, p)  # type: ignore[arg-type]


def parallel_op_verify(op: Operation) -> str | None:
    """The bounds, the induction variables, and the reductions of the terminator."""
    loop: Any = op
    steps = loop.step
    if not steps:
        return "needs at least one tuple element for lowerBound, upperBound and step"
    for step in steps:
        value = builtin.constant_index(step)
        if value is not None and value <= 0:
            return "constant step operand must be positive"
    block = op.regions[0].blocks[0]
    if len(block.args) != len(steps):
        return (
            f"expects the same number of induction variables: {len(block.args)} as bound "
            f"and step values: {len(steps)}"
        )
    for arg in block.args:
        if not isinstance(arg.type, IndexType):
            return "expects arguments for the induction variable to be of index type"
    reduce = block.last_op
    if reduce is None or reduce.name != "scf.reduce":
        notes = () if reduce is None else ((reduce, "terminator here"),)
        return VerifyMessage("expects body to terminate with 'scf.reduce'", notes=notes)
    reductions = len(reduce.regions)
    if len(op.results) != reductions:
        return (
            f"expects number of results: {len(op.results)} to be the same as number of "
            f"reductions: {reductions}"
        )
    if len(op.results) != len(loop.init_vals):
        return (
            f"expects number of results: {len(op.results)} to be the same as number of "
            f"initial values: {len(loop.init_vals)}"
        )
    for i in range(reductions):
        result_type = op.results[i].type
        operand_type = reduce.operands[i].type
        if result_type != operand_type:
            return VerifyMessage(
                f"expects type of {i}-th reduction operand: '{operand_type}' to be the same "
                f"as the {i}-th result type: '{result_type}'",
                at=reduce,
            )
    return None


def parallel_op_verify_regions(op: Operation) -> str | None:
    """`LoopLikeOpInterface` and `RegionBranchOpInterface` as `scf.parallel`
    implements them: its reductions are not loop-carried values (no inits,
    iter_args or yielded values are exposed) and its edges pass no values, so
    after the checks of `parallel_op_verify` there is nothing left for either to
    compare."""
    return None


def reduce_op_verify_regions(op: Operation) -> str | None:
    """As many reductions as operands, each with two arguments of its operand's type
    and ending in `scf.reduce.return`."""
    if len(op.regions) != op.num_operands:
        return (
            f"expects number of reduction regions: {len(op.regions)} to be the same as "
            f"number of reduction operands: {op.num_operands}"
        )
    for i, region in enumerate(op.regions):
        type_ = op.operands[i].type
        block = region.blocks[0]
        if block.first_op is None:
            return f"{i}-th reduction has an empty body"
        if len(block.args) != 2 or any(arg.type != type_ for arg in block.args):
            return (
                f"expected two block arguments with type '{type_}' in the {i}-th reduction region"
            )
        last = block.last_op
        if last is None or last.name != "scf.reduce.return":
            return "reduction bodies must be terminated with an 'scf.reduce.return' op"
    return None


# --- scf.while ---


def while_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return _parse_with(builtin.WhileOp, cls, p, name_pos)


def while_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    return builtin.WhileOp.print(op, p)  # type: ignore[arg-type]


def while_op_verify(op: Operation) -> str | None:
    """The terminators of both regions."""
    before, after = op.regions
    checks = (
        (before, "scf.condition", "expects the 'before' region to terminate with 'scf.condition'"),
        (after, "scf.yield", "expects the 'after' region to terminate with 'scf.yield'"),
    )
    for region, name, message in checks:
        terminator = scf_terminator(region)
        if terminator is None or terminator.name != name:
            notes = () if terminator is None else ((terminator, "terminator here"),)
            return VerifyMessage(message, notes=notes)
    return None


def while_op_verify_regions(op: Operation) -> str | None:
    """`RegionBranchOpInterface`: the types along the control flow edges; then
    `LoopLikeOpInterface`: the inits, the `before` region's arguments and the
    values the `after` region yields (`scf.while` exposes no loop results)."""
    before, after = op.regions
    condition = scf_terminator(before)
    yield_op = scf_terminator(after)
    assert condition is not None
    assert yield_op is not None
    forwarded = condition.operands[1:]
    before_args = before.blocks[0].args
    edges: list[ScfEdge] = [
        ("parent", "Region #0", op.operands, before_args, op),
        ("Operation scf.condition", "parent", forwarded, op.results, condition),
        ("Operation scf.condition", "Region #1", forwarded, after.blocks[0].args, condition),
        ("Operation scf.yield", "Region #0", yield_op.operands, before_args, yield_op),
    ]
    message = scf_check_edges(edges)
    if message is not None:
        return message
    return scf_check_loop_like(op.operands, before_args, yield_op.operands, None)
