"""Tests of generator.ir.builder: insertion points, the builder, and IR built with it.

The end-to-end test builds a small module, prints it in generic form, parses the
text back and prints it again; the expected text is what mlir-opt-22 prints for
it, which the `mlir`-marked test checks when the tool is installed. A property
test builds random straight-line IR, rewrites it, and checks the use-lists.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import generated
from generator.ir.attributes import (
    DictionaryAttr,
    FileLineColLoc,
    IntegerAttr,
    StringAttr,
    UnitAttr,
)
from generator.ir.builder import Builder, InsertionPoint
from generator.ir.core import (
    Block,
    BlockArgument,
    Operation,
    OpOperand,
    OpResult,
    Region,
    Value,
)
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.source import SourceFile
from generator.ir.types import FloatType, IndexType, IntegerType
from generator.ir.verifier import verify

I32 = IntegerType.get(32)
F32 = FloatType.get("f32")
INDEX = IndexType.get()


def _block_with(*names: str) -> tuple[Block, list[Operation]]:
    """A block holding one result-less op per name, in order."""
    block = Block()
    return block, [block.append(Operation(name)) for name in names]


def _names(block: Block) -> list[str]:
    return [op.name for op in block.ops]


# ---------------------------------------------------------------------------------------
# Insertion points
# ---------------------------------------------------------------------------------------


def test_at_end_appends_in_order() -> None:
    """Ops inserted at the end of a block follow each other in insertion order."""
    block, _ = _block_with("t.a")
    ip = InsertionPoint.at_end(block)
    ip.insert(Operation("t.x"))
    ip.insert(Operation("t.y"))
    assert _names(block) == ["t.a", "t.x", "t.y"]
    assert ip.ref_op is None


def test_at_start_keeps_insertion_order() -> None:
    """Repeated inserts at the start of a block go before the old first op, in order."""
    block, (a, _) = _block_with("t.a", "t.b")
    ip = InsertionPoint.at_start(block)
    ip.insert(Operation("t.x"))
    ip.insert(Operation("t.y"))
    assert _names(block) == ["t.x", "t.y", "t.a", "t.b"]
    assert ip.ref_op is a


def test_at_start_of_an_empty_block_appends() -> None:
    """At the start of an empty block, inserted ops still come out in insertion order."""
    block = Block()
    ip = InsertionPoint.at_start(block)
    ip.insert(Operation("t.x"))
    ip.insert(Operation("t.y"))
    assert _names(block) == ["t.x", "t.y"]


def test_before_keeps_insertion_order() -> None:
    """Inserting repeatedly before an op yields the inserted ops in insertion order."""
    block, (_, b, _) = _block_with("t.a", "t.b", "t.c")
    ip = InsertionPoint.before(b)
    for name in ("t.x", "t.y", "t.z"):
        ip.insert(Operation(name))
    assert _names(block) == ["t.a", "t.x", "t.y", "t.z", "t.b", "t.c"]
    assert ip.block is block


def test_after_keeps_insertion_order() -> None:
    """Inserting repeatedly after an op puts the ops right after it, in insertion order."""
    block, (a, _) = _block_with("t.a", "t.b")
    ip = InsertionPoint.after(a)
    ip.insert(Operation("t.x"))
    ip.insert(Operation("t.y"))
    assert _names(block) == ["t.a", "t.x", "t.y", "t.b"]


def test_after_the_last_op_appends() -> None:
    """After the last op of a block, inserted ops are appended in order."""
    block, (_, b) = _block_with("t.a", "t.b")
    ip = InsertionPoint.after(b)
    ip.insert(Operation("t.x"))
    ip.insert(Operation("t.y"))
    assert _names(block) == ["t.a", "t.b", "t.x", "t.y"]


def test_insert_returns_the_op_and_sets_its_links() -> None:
    """`insert` hands back the op it was given, linked into the block."""
    block, (a, b) = _block_with("t.a", "t.b")
    op = Operation("t.x")
    assert InsertionPoint.before(b).insert(op) is op
    assert op.parent is block
    assert op.prev_op is a
    assert op.next_op is b
    assert a.next_op is op
    assert b.prev_op is op


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(InsertionPoint.before, id="before"),
        pytest.param(InsertionPoint.after, id="after"),
    ],
)
def test_points_next_to_a_detached_op_are_refused(
    make: Callable[[Operation], InsertionPoint],
) -> None:
    """There is no point before or after an op that is in no block."""
    with pytest.raises(ValueError, match=r"'t.lone' is not in a block"):
        make(Operation("t.lone"))


def test_constructor_refuses_an_op_of_another_block() -> None:
    """An insertion point's reference op must be in its block."""
    _, (a,) = _block_with("t.a")
    with pytest.raises(ValueError, match=r"'t.a' is not in the block of the insertion point"):
        InsertionPoint(Block(), a)


def _move_to_another_block(op: Operation) -> None:
    op.detach()
    Block().append(op)


@pytest.mark.parametrize(
    "leave",
    [
        pytest.param(Operation.erase, id="erased"),
        pytest.param(Operation.detach, id="detached"),
        pytest.param(_move_to_another_block, id="moved-away"),
    ],
)
def test_stale_insertion_point_is_refused(leave: Callable[[Operation], None]) -> None:
    """Inserting before an op that has left the block raises and leaves the block intact."""
    block, (_, b, _) = _block_with("t.a", "t.b", "t.c")
    ip = InsertionPoint.before(b)
    leave(b)
    op = Operation("t.x")
    with pytest.raises(ValueError, match=r"insertion point is stale: 't.b' has left its block"):
        ip.insert(op)
    assert _names(block) == ["t.a", "t.c"]
    assert op.parent is None


def test_inserting_an_op_that_is_in_a_block_is_refused() -> None:
    """An op already in a block must be detached before it is inserted again."""
    block, (a, _) = _block_with("t.a", "t.b")
    with pytest.raises(ValueError, match=r"'t.a' is already in a block"):
        InsertionPoint.at_end(block).insert(a)
    assert _names(block) == ["t.a", "t.b"]


# ---------------------------------------------------------------------------------------
# The builder
# ---------------------------------------------------------------------------------------


def test_create_builds_and_inserts_a_generic_op() -> None:
    """`create` passes every part to the op and inserts it at the current point."""
    block = Block([I32])
    builder = Builder(InsertionPoint.at_end(block))
    props = DictionaryAttr.get({"value": IntegerAttr.get(I32, 3)})
    loc = FileLineColLoc.get("f.mlir", 2, 5)
    target = Block()
    op = builder.create(
        "t.op",
        [block.args[0]],
        [I32, F32],
        properties=props,
        attributes={"flag": UnitAttr.get()},
        successors=[target],
        regions=2,
        loc=loc,
    )
    assert block.last_op is op
    assert op.operands == (block.args[0],)
    assert op.result_types == (I32, F32)
    assert op.properties is props
    assert op.get_attr("flag") is UnitAttr.get()
    assert list(op.successors) == [target]
    assert len(op.regions) == 2
    assert op.loc is loc


def test_builder_insert_uses_the_current_point() -> None:
    """`Builder.insert` puts the op at the current point and returns it."""
    block, (_, b) = _block_with("t.a", "t.b")
    builder = Builder(InsertionPoint.before(b))
    op = Operation("t.x")
    assert builder.insert(op) is op
    builder.insert(Operation("t.y"))
    assert _names(block) == ["t.a", "t.x", "t.y", "t.b"]


def test_builder_without_a_point_leaves_ops_unattached() -> None:
    """With no insertion point, created and inserted ops stay out of any block."""
    builder = Builder()
    assert builder.insertion_block is None
    assert builder.create("t.x").parent is None
    assert builder.insert(Operation("t.y")).parent is None


def test_set_insertion_point_methods() -> None:
    """Each `set_insertion_point_*` method sends the next op where its name says."""
    block, (a, b) = _block_with("t.a", "t.b")
    builder = Builder()
    builder.set_insertion_point_to_start(block)
    builder.create("t.start")
    builder.set_insertion_point_to_end(block)
    builder.create("t.end")
    builder.set_insertion_point_before(b)
    builder.create("t.before_b")
    builder.set_insertion_point_after(a)
    builder.create("t.after_a")
    assert _names(block) == ["t.start", "t.a", "t.after_a", "t.before_b", "t.b", "t.end"]
    assert builder.insertion_block is block
    builder.clear_insertion_point()
    assert builder.create("t.loose").parent is None
    builder.set_insertion_point(InsertionPoint.at_start(block))
    builder.create("t.first")
    assert block.first_op is not None
    assert block.first_op.name == "t.first"


def test_create_block_appends_and_moves_the_point() -> None:
    """`create_block` appends a block with typed arguments and builds at its end."""
    region = Operation("t.holder", regions=1).regions[0]
    builder = Builder()
    first = builder.create_block(region)
    loc = FileLineColLoc.get("f.mlir", 1, 1)
    second = builder.create_block(region, [I32, F32], arg_locs=[loc])
    assert region.blocks == [first, second]
    assert [a.type for a in second.args] == [I32, F32]
    assert [a.loc for a in second.args] == [loc, None]
    assert builder.insertion_block is second
    op = builder.create("t.x")
    assert second.first_op is op


def test_create_block_before_another_block() -> None:
    """`create_block(..., insert_before=b)` puts the new block right before `b`."""
    region = Region()
    a = region.add_block(Block())
    c = region.add_block(Block())
    builder = Builder()
    b = builder.create_block(region, [INDEX], insert_before=c)
    assert region.blocks == [a, b, c]
    assert b.parent is region
    assert builder.insertion_block is b


def test_create_block_before_a_block_of_another_region_is_refused() -> None:
    """The block to insert before must be in the given region."""
    region = Region()
    stranger = Region().add_block(Block())
    with pytest.raises(ValueError, match=r"the block to insert before is not in the region"):
        Builder().create_block(region, insert_before=stranger)
    assert region.is_empty


def test_at_switches_the_point_and_restores_it() -> None:
    """`with builder.at(ip)` builds at `ip` and then returns to the previous point."""
    block, (a, _) = _block_with("t.a", "t.b")
    builder = Builder(InsertionPoint.at_end(block))
    saved = builder.insertion_point
    with builder.at(InsertionPoint.before(a)) as inner:
        assert inner is builder
        builder.create("t.x")
        with builder.at(InsertionPoint.after(a)):
            builder.create("t.y")
        builder.create("t.z")
    assert builder.insertion_point is saved
    builder.create("t.end")
    assert _names(block) == ["t.x", "t.z", "t.a", "t.y", "t.b", "t.end"]


def test_at_restores_the_point_after_an_exception() -> None:
    """The previous insertion point comes back even when the `with` body raises."""
    block = Block()
    builder = Builder()

    def build_then_fail() -> None:
        with builder.at(InsertionPoint.at_end(block)):
            builder.create("t.x")
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        build_then_fail()
    assert builder.insertion_point is None
    assert _names(block) == ["t.x"]


def test_builder_and_points_are_slotted() -> None:
    """Builders and insertion points carry no per-instance dict."""
    block = Block()
    for obj in (Builder(), InsertionPoint.at_end(block), Builder().at(None)):
        assert not hasattr(obj, "__dict__"), type(obj).__name__


# ---------------------------------------------------------------------------------------
# End to end: build, print, parse, print, verify
# ---------------------------------------------------------------------------------------

#: What mlir-opt-22 prints for the module `_build_module` makes (generic form).
EXPECTED_MODULE = """\
"builtin.module"() ({
  "foo.func"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0 = "foo.constant"() <{value = 7 : i32}> : () -> i32
    %1:2 = "foo.pair"(%arg0, %0) : (i32, i32) -> (i32, f32)
    "foo.br"(%1#0)[^bb1] : (i32) -> ()
  ^bb1(%2: i32):  // pred: ^bb0
    %3 = "foo.loop"(%2) ({
    ^bb0(%arg2: index):
      "foo.yield"(%2, %arg2) : (i32, index) -> ()
    }) : (i32) -> i32
    "foo.return"(%3, %1#1) : (i32, f32) -> ()
  }) {sym_name = "f"} : () -> ()
}) : () -> ()
"""


def _build_module() -> Operation:
    """A module with two blocks, block arguments, a branch, a nested region and two results."""
    module = Operation("builtin.module", regions=1)
    builder = Builder()
    builder.create_block(module.regions[0])
    func = builder.create("foo.func", regions=1, attributes={"sym_name": StringAttr.get("f")})
    entry = builder.create_block(func.regions[0], [I32, F32])
    # The exit block is made first and filled last, so the branch can name it.
    exit_block = builder.create_block(func.regions[0], [I32])
    builder.set_insertion_point_to_end(entry)
    value = builder.create(
        "foo.constant",
        result_types=[I32],
        properties=DictionaryAttr.get({"value": IntegerAttr.get(I32, 7)}),
    )
    pair = builder.create("foo.pair", [entry.args[0], value.result], [I32, F32])
    builder.create("foo.br", [pair.results[0]], successors=[exit_block])
    builder.set_insertion_point_to_end(exit_block)
    loop = builder.create("foo.loop", [exit_block.args[0]], [I32], regions=1)
    ret = builder.create("foo.return", [loop.result, pair.results[1]])
    with builder.at(InsertionPoint.before(ret)):
        body = builder.create_block(loop.regions[0], [INDEX])
        builder.create("foo.yield", [exit_block.args[0], body.args[0]])
    return module


def test_built_module_prints_parses_and_verifies() -> None:
    """A built module prints as mlir-opt does, parses back to the same text, and verifies."""
    module = _build_module()
    ctx = generated.context(allow_unregistered_dialects=True)
    verify(module, ctx)
    text = print_operation(module, generic=True)
    assert text == EXPECTED_MODULE
    reparsed = parse_source(SourceFile("built.mlir", text), ctx)
    assert print_operation(reparsed, generic=True) == text
    verify(reparsed, ctx)


@pytest.mark.mlir
def test_built_module_text_is_what_mlir_opt_prints(mlir_opt: str, tmp_path: Path) -> None:
    """mlir-opt-22 prints the built module's text unchanged."""
    path = tmp_path / "built.mlir"
    path.write_text(print_operation(_build_module(), generic=True), encoding="utf-8")
    proc = subprocess.run(
        [mlir_opt, "--allow-unregistered-dialect", "--mlir-print-op-generic", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    # mlir-opt ends its output with one more newline than the printed op (so does `odsgen opt`).
    assert proc.stdout == EXPECTED_MODULE + "\n"


# ---------------------------------------------------------------------------------------
# Property test: random rewrites keep the use-lists consistent
# ---------------------------------------------------------------------------------------


def _check_use_lists(block: Block) -> None:
    """Each operand slot of the block's ops is in its value's use-list exactly once, and
    every use-list is a well-linked chain of live slots; values are defined before use."""
    position = {op: i for i, op in enumerate(block.ops)}
    slots = [o for op in position for o in op.op_operands]
    seen: dict[int, int] = {}
    values: dict[int, Value] = {id(a): a for a in block.args}
    for op in position:
        values.update((id(r), r) for r in op.results)
    for slot in slots:
        values.setdefault(id(slot.value), slot.value)
    for value in values.values():
        prev = None
        use = value.first_use
        while use is not None:
            assert use.prev_use is prev
            assert use.value is value
            assert use.owner in position, "a use-list names an op that is not in the block"
            assert use.owner.op_operands[use.index] is use
            seen[id(use)] = seen.get(id(use), 0) + 1
            prev, use = use, use.next_use
    assert sorted(seen) == sorted(id(s) for s in slots)
    assert set(seen.values()) <= {1}
    for slot in slots:
        defined = slot.value
        if isinstance(defined, OpResult):
            assert defined.owner in position, "an operand uses a result of an erased op"
            assert position[defined.owner] < position[slot.owner]
        else:
            assert isinstance(defined, BlockArgument)
            assert defined.owner is block


def _available(block: Block, before: Operation | None) -> list[Value]:
    """The values defined before `before` (or anywhere in the block when None), in order."""
    values: list[Value] = list(block.args)
    for op in block.ops:
        if op is before:
            break
        values.extend(op.results)
    return values


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(st.data())
def test_random_rewrites_keep_use_lists_consistent(data: st.DataObject) -> None:
    """Random building, use replacement, operand setting and erasure keep use-lists exact."""
    holder = Operation("foo.func", regions=1)
    builder = Builder()
    block = builder.create_block(holder.regions[0], [I32] * data.draw(st.integers(1, 3)))
    for _ in range(data.draw(st.integers(1, 40))):
        ops = list(block.ops)
        action = data.draw(st.sampled_from(["create", "create", "replace", "set", "erase"]))
        if action == "create" or not ops:
            # Anywhere after the last operand's definition keeps the IR straight-line.
            values = _available(block, None)
            operands = data.draw(st.lists(st.sampled_from(values), max_size=3))
            results = [r for r in operands if isinstance(r, OpResult)]
            last_def = max(results, key=lambda r: ops.index(r.owner)).owner if results else None
            later = ops[ops.index(last_def) + 1 :] if last_def is not None else ops
            where = data.draw(st.sampled_from(["end", "before", "after"]))
            if where == "before" and later:
                ip = InsertionPoint.before(data.draw(st.sampled_from(later)))
            elif where == "after" and last_def is not None:
                ip = InsertionPoint.after(last_def)
            elif where == "after" or last_def is not None:
                ip = InsertionPoint.at_end(block)
            else:
                ip = InsertionPoint.at_start(block)
            with builder.at(ip):
                builder.create("foo.op", operands, [I32] * data.draw(st.integers(0, 2)))
        elif action == "replace":
            used = [r for op in ops for r in op.results if r.has_uses]
            if not used:
                continue
            old = data.draw(st.sampled_from(used))
            new = data.draw(st.sampled_from(_available(block, old.owner)))
            if data.draw(st.booleans()):
                old.replace_all_uses_with(new)
                assert not old.has_uses
            else:
                keep = data.draw(st.integers(0, 1))

                def moves(use: OpOperand, keep: int = keep) -> bool:
                    return use.index % 2 != keep

                old.replace_uses_if(new, moves)
                assert all(use.index % 2 == keep for use in old.uses)
        elif action == "set":
            users = [op for op in ops if op.num_operands]
            if not users:
                continue
            op = data.draw(st.sampled_from(users))
            index = data.draw(st.integers(0, op.num_operands - 1))
            op.set_operand(index, data.draw(st.sampled_from(_available(block, op))))
        else:
            op = data.draw(st.sampled_from(ops))
            if any(r.has_uses for r in op.results):
                with pytest.raises(ValueError, match="still has uses"):
                    op.erase()
                assert op.parent is block
            else:
                op.erase()
                assert op.parent is None
        _check_use_lists(block)
    verify(holder, generated.context(allow_unregistered_dialects=True))
