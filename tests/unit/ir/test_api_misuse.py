"""Misusing the Python API raises at the call and leaves the IR as it was.

Each case here once corrupted IR silently: ops linked into a block they do not
belong to, an op nested into itself, an inherent attribute set in one place and
read from another, integers wrapped or widths accepted that MLIR refuses, and
builders that failed far from the bad argument or not at all.
"""

from __future__ import annotations

import pytest

import generated
from generator.ir import SourceFile
from generator.ir.core import Block, Operation
from generator.ir.parser import parse_module
from generator.ir.printer import print_operation
from generator.ir.verifier import verify

_TWO_FUNCTIONS = """func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%b: i32) -> i32 {
  %1 = arith.muli %b, %b : i32
  return %1 : i32
}
"""


def _module(text: str = _TWO_FUNCTIONS) -> Operation:
    module = parse_module(SourceFile("misuse.mlir", text), generated.context()).op
    verify(module, generated.context())
    return module


def _text(op: Operation) -> str:
    return print_operation(op, generic=False)


def _body(op: Operation) -> Block:
    return op.regions[0].blocks[0]


def _ops(block: Block) -> list[Operation]:
    return list(block.ops)


# ---------------------------------------------------------------------------------------
# Inserting next to an anchor that is not in the block
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["insert_before", "insert_after"])
def test_an_anchor_in_another_block_is_refused(method: str) -> None:
    """`block.insert_before(anchor, op)` with `anchor` in another block (here, of
    another module) raises and moves nothing."""
    first, second = _module(), _module()
    before_first, before_second = _text(first), _text(second)
    f_body = _body(_ops(_body(first))[0])
    g_body = _body(_ops(_body(second))[1])
    add = _ops(f_body)[0]
    add.detach()
    muli = _ops(g_body)[0]
    with pytest.raises(
        ValueError,
        match=rf"^cannot insert 'arith.addi' {method[7:]} anchor "
        r"'arith.muli': the anchor is in another block$",
    ):
        getattr(f_body, method)(muli, add)
    assert add.parent is None
    f_body.insert_before(f_body.first_op, add)  # type: ignore[arg-type]
    assert _text(first) == before_first
    assert _text(second) == before_second


@pytest.mark.parametrize("method", ["insert_before", "insert_after"])
def test_an_anchor_in_no_block_is_refused(method: str) -> None:
    """An anchor that is in no block is refused too; the op stays where it was."""
    module = _module()
    before = _text(module)
    body = _body(_ops(_body(module))[0])
    loose = Operation("test.loose")
    new = Operation("test.new")
    with pytest.raises(ValueError, match=r"the anchor is not in a block$"):
        getattr(body, method)(loose, new)
    assert new.parent is None
    assert loose.parent is None
    assert _text(module) == before


# ---------------------------------------------------------------------------------------
# Nesting an op into itself
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["move_before", "move_after"])
def test_moving_a_function_next_to_an_op_of_its_body_is_refused(method: str) -> None:
    """`func.move_before(op)` with `op` in the function's own body raises, and the
    function stays in the module."""
    module = _module()
    before = _text(module)
    func = _ops(_body(module))[0]
    inner = _ops(_body(func))[0]
    with pytest.raises(
        ValueError,
        match=rf"^cannot move 'func.func' {method[5:]} 'arith.addi', which is nested in it$",
    ):
        getattr(func, method)(inner)
    assert func.parent is _body(module)
    assert _text(module) == before


@pytest.mark.parametrize("method", ["move_before", "move_after"])
def test_moving_next_to_an_op_in_no_block_is_refused(method: str) -> None:
    """Moving next to an op that is in no block raises before the op leaves its block."""
    module = _module()
    before = _text(module)
    add = _ops(_body(_ops(_body(module))[0]))[0]
    with pytest.raises(ValueError, match=r"which is not in a block$"):
        getattr(add, method)(Operation("test.loose"))
    assert _text(module) == before


def test_appending_a_module_into_its_own_body_is_refused() -> None:
    """`body.append(module)` raises instead of making a module that holds itself
    (which sent the verifier into a RecursionError and the printer into a loop)."""
    module = _module()
    before = _text(module)
    with pytest.raises(
        ValueError, match=r"^cannot insert 'builtin.module' into a block nested in it$"
    ):
        _body(module).append(module)
    assert module.parent is None
    assert _text(module) == before
    verify(module, generated.context())


@pytest.mark.parametrize("method", ["insert_before", "insert_after"])
def test_inserting_an_op_into_a_block_nested_in_it_is_refused(method: str) -> None:
    """Inserting a function next to an op of a block deeper inside it raises too."""
    module = _module()
    func = _ops(_body(module))[0]
    func.detach()
    before = _text(func)
    body = _body(func)
    with pytest.raises(ValueError, match=r"^cannot insert 'func.func' into a block nested in it$"):
        getattr(body, method)(body.first_op, func)
    assert func.parent is None
    assert _text(func) == before


def test_adding_a_block_to_a_region_nested_in_it_is_refused() -> None:
    """A block cannot be added to a region of one of its own ops (or of an op inside one)."""
    module = _module()
    before = _text(module)
    body = _body(module)
    body.parent.blocks.remove(body)  # type: ignore[union-attr]
    body.parent = None
    func = _ops(body)[0]
    with pytest.raises(
        ValueError, match=r"^cannot add a block holding 'func.func' to a region nested in it$"
    ):
        func.regions[0].add_block(body)
    with pytest.raises(
        ValueError, match=r"^cannot add a block holding 'func.func' to a region nested in it$"
    ):
        func.regions[0].insert_block(0, body)
    assert body.parent is None
    module.regions[0].add_block(body)
    assert _text(module) == before


def test_inlining_a_block_into_a_block_nested_in_it_is_refused() -> None:
    """`inline_block_before` refuses to move a block's ops into a block inside them."""
    from generator.ir.rewrite import PatternRewriter

    module = _module()
    before = _text(module)
    func = _ops(_body(module))[0]
    with pytest.raises(
        ValueError, match=r"^cannot inline a block into a block nested in its op 'func.func'$"
    ):
        PatternRewriter().inline_block_before(_body(module), _body(func))
    assert _text(module) == before
