"""`Operation.is_before_in_block`: op order kept on the ops, renumbered after insertions."""

from __future__ import annotations

import pytest

import generated
from generator.ir import SourceFile
from generator.ir.core import Operation
from generator.ir.parser import parse_module

_TEXT = """
func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
"""


def _module() -> Operation:
    return parse_module(SourceFile("order.mlir", _TEXT), generated.context()).op


def test_op_order_in_a_block_follows_insertions() -> None:
    top = _module()
    f = top.regions[0].blocks[0].first_op
    assert f is not None
    block = f.regions[0].blocks[0]
    ops = list(block.ops)
    assert ops[0].is_before_in_block(ops[-1])
    assert not ops[-1].is_before_in_block(ops[0])
    moved = ops[0]
    moved.detach()
    block.insert_before(ops[-1], moved)  # now second to last
    assert ops[1].is_before_in_block(moved)
    assert moved.is_before_in_block(ops[-1])
    late = Operation("test.late")
    block.append(late)
    assert ops[-1].is_before_in_block(late)
    assert moved.is_before_in_block(late)


def test_ops_of_different_blocks_are_not_compared() -> None:
    with pytest.raises(ValueError, match="one block"):
        Operation("test.a").is_before_in_block(Operation("test.b"))
