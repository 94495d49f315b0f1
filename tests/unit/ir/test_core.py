"""Tests of generator.ir.core: use-lists, op lists, blocks, regions, walks and attributes.

Also checks that builtin types and attributes are uniqued: equal structure gives the
same object, whichever way it was made.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from generator.ir.attributes import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from generator.ir.core import Block, BlockArgument, Operation, OpOperand, Region, Value
from generator.ir.parser import parse_attribute, parse_type
from generator.ir.types import (
    DYNAMIC,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    RankedTensorType,
    Signedness,
    TupleType,
    Type,
    VectorType,
)

I1 = IntegerType.get(1)
I8 = IntegerType.get(8)
I32 = IntegerType.get(32)
F32 = FloatType.get("f32")


def _args(*types: Type) -> list[BlockArgument]:
    """Fresh values to use as operands: the arguments of a new block."""
    return Block(types).args


def _block_with(*names: str) -> tuple[Block, list[Operation]]:
    """A block holding one result-less op per name, in order."""
    block = Block()
    ops = [block.append(Operation(name)) for name in names]
    return block, ops


def _names(block: Block) -> list[str]:
    return [op.name for op in block.ops]


def _check_op_list(block: Block) -> None:
    """The block's forward and backward links describe the same list, all owned by `block`."""
    forward = list(block.ops)
    backward: list[Operation] = []
    op = block.last_op
    while op is not None:
        backward.append(op)
        op = op.prev_op
    assert forward == backward[::-1]
    assert all(op.parent is block for op in forward)
    assert (block.first_op is None) == (block.last_op is None) == (not forward)


# ---------------------------------------------------------------------------------------
# Use-lists
# ---------------------------------------------------------------------------------------


def test_uses_list_every_operand_slot() -> None:
    """A value used twice by one op and once by another has three uses and three users."""
    (v,) = _args(I32)
    a = Operation("t.a", [v, v])
    b = Operation("t.b", [v])
    slots = {id(u) for u in v.uses}
    assert slots == {id(a.op_operands[0]), id(a.op_operands[1]), id(b.op_operands[0])}
    assert sorted(op.name for op in v.users) == ["t.a", "t.a", "t.b"]
    assert v.has_uses
    assert not v.has_one_use


def test_has_one_use() -> None:
    """`has_one_use` holds for exactly one use, not for none or two."""
    (v,) = _args(I32)
    assert not v.has_uses
    assert not v.has_one_use
    Operation("t.a", [v])
    assert v.has_one_use
    Operation("t.b", [v])
    assert not v.has_one_use


def test_op_operand_records_owner_index_and_value() -> None:
    """Each operand slot knows its op, its position and its value."""
    v, w = _args(I32, F32)
    op = Operation("t.a", [v, w])
    assert [(o.owner, o.index, o.value) for o in op.op_operands] == [(op, 0, v), (op, 1, w)]
    assert op.operands == (v, w)
    assert op.operand(1) is w
    assert op.num_operands == 2


def test_op_operand_set_moves_the_use() -> None:
    """Setting a slot to another value moves it from the old use-list to the new one."""
    v, w = _args(I32, I32)
    a = Operation("t.a", [v])
    b = Operation("t.b", [v])
    slot = a.op_operands[0]
    slot.set(w)
    assert slot.value is w
    assert list(v.uses) == [b.op_operands[0]]
    assert list(w.uses) == [slot]
    assert a.operands == (w,)


def test_op_operand_set_to_its_own_value_keeps_one_use() -> None:
    """Setting a slot to the value it already has leaves the use-list as it was."""
    (v,) = _args(I32)
    op = Operation("t.a", [v])
    op.op_operands[0].set(v)
    assert list(v.uses) == [op.op_operands[0]]


def test_set_operand_by_index() -> None:
    """`set_operand` replaces one operand and leaves the others alone."""
    v, w, x = _args(I32, I32, I32)
    op = Operation("t.a", [v, w])
    op.set_operand(1, x)
    assert op.operands == (v, x)
    assert not w.has_uses
    assert x.has_one_use


def test_replace_all_uses_with() -> None:
    """Every use moves to the new value, across ops and repeated slots."""
    v, w = _args(I32, I32)
    a = Operation("t.a", [v, v])
    b = Operation("t.b", [w, v])
    v.replace_all_uses_with(w)
    assert not v.has_uses
    assert a.operands == (w, w)
    assert b.operands == (w, w)
    assert len(list(w.uses)) == 4


def test_replace_all_uses_with_itself_keeps_the_uses() -> None:
    """Replacing a value by itself is a no-op."""
    (v,) = _args(I32)
    op = Operation("t.a", [v, v])
    v.replace_all_uses_with(v)
    assert op.operands == (v, v)
    assert len(list(v.uses)) == 2


def test_replace_uses_if_replaces_only_matching_uses() -> None:
    """Only the uses the predicate accepts move to the new value."""
    v, w = _args(I32, I32)
    a = Operation("t.a", [v, v])
    b = Operation("t.b", [v])
    v.replace_uses_if(w, lambda use: use.owner is a and use.index == 1)
    assert a.operands == (v, w)
    assert b.operands == (v,)
    assert {id(u) for u in v.uses} == {id(a.op_operands[0]), id(b.op_operands[0])}


def test_operation_replace_all_uses_with_maps_results_in_order() -> None:
    """An op's results are replaced one by one by the given values."""
    v, w = _args(I32, F32)
    producer = Operation("t.p", [], [I32, F32])
    user = Operation("t.u", [producer.results[1], producer.results[0]])
    producer.replace_all_uses_with([v, w])
    assert user.operands == (w, v)
    assert not any(r.has_uses for r in producer.results)


def test_operation_replace_all_uses_with_wrong_count() -> None:
    """Replacing the results with the wrong number of values is refused."""
    producer = Operation("t.p", [], [I32, I32])
    with pytest.raises(ValueError, match=r"'t.p' has 2 results, got 1 replacements"):
        producer.replace_all_uses_with(_args(I32))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        pytest.param(2, 0, id="to-none"),
        pytest.param(1, 3, id="grow"),
        pytest.param(3, 1, id="shrink"),
        pytest.param(0, 2, id="from-none"),
    ],
)
def test_set_operands_with_a_new_length(before: int, after: int) -> None:
    """`set_operands` relinks every slot, renumbers them and drops the old uses."""
    old = _args(*[I32] * before)
    new = _args(*[F32] * after)
    op = Operation("t.a", old)
    op.set_operands(new)
    assert op.operands == tuple(new)
    assert [o.index for o in op.op_operands] == list(range(after))
    assert not any(v.has_uses for v in old)
    assert all(list(v.uses) == [op.op_operands[i]] for i, v in enumerate(new))


def test_set_operands_keeps_a_value_that_stays() -> None:
    """A value in both the old and new operand lists keeps exactly its new uses."""
    v, w = _args(I32, I32)
    op = Operation("t.a", [v, w])
    op.set_operands([w, v, v])
    assert len(list(v.uses)) == 2
    assert len(list(w.uses)) == 1
    assert {u.index for u in v.uses} == {1, 2}


def test_results_know_their_op_and_index() -> None:
    """Results are numbered, typed and owned by their op; `result` needs exactly one."""
    op = Operation("t.a", [], [I32, F32])
    assert [(r.owner, r.index, r.type) for r in op.results] == [(op, 0, I32), (op, 1, F32)]
    assert op.result_types == (I32, F32)
    assert op.results[1].defining_op is op
    with pytest.raises(ValueError, match=r"'t.a' has 2 results, not one"):
        _ = op.result
    assert Operation("t.b", [], [I8]).result.type is I8


def test_block_argument_has_no_defining_op() -> None:
    """A block argument belongs to its block and is defined by no op."""
    block = Block([I32])
    arg = block.args[0]
    assert arg.defining_op is None
    assert arg.owner_block is block


# ---------------------------------------------------------------------------------------
# Erasing, detaching and moving ops
# ---------------------------------------------------------------------------------------


def test_erase_refuses_while_a_result_is_used() -> None:
    """An op whose result is still used cannot be erased and stays where it was."""
    block = Block()
    producer = block.append(Operation("t.p", [], [I32, I32]))
    block.append(Operation("t.u", [producer.results[1]]))
    with pytest.raises(ValueError, match=r"cannot erase 't.p': result #1 still has uses"):
        producer.erase()
    assert _names(block) == ["t.p", "t.u"]
    assert producer.results[1].has_one_use


def test_erase_unlinks_the_op_and_drops_its_uses() -> None:
    """Erasing an op removes it from its block and from its operands' use-lists."""
    (v,) = _args(I32)
    block, (first, _) = _block_with("t.first", "t.last")
    victim = Operation("t.victim", [v, v])
    block.insert_after(first, victim)
    other = block.append(Operation("t.other", [v]))
    victim.erase()
    assert _names(block) == ["t.first", "t.last", "t.other"]
    _check_op_list(block)
    assert victim.parent is None
    assert list(v.uses) == [other.op_operands[0]]
    assert victim.num_operands == 0


def test_erase_drops_the_uses_of_nested_ops() -> None:
    """Erasing an op also drops the operand uses of every op nested in its regions."""
    (v,) = _args(I32)
    outer = Operation("t.outer", [v], regions=1)
    inner_block = outer.regions[0].add_block(Block())
    middle = inner_block.append(Operation("t.middle", [v], regions=1))
    deep_block = middle.regions[0].add_block(Block([I32]))
    deep_block.append(Operation("t.deep", [v, deep_block.args[0]]))
    assert len(list(v.uses)) == 3
    outer.erase()
    assert not v.has_uses
    assert not deep_block.args[0].has_uses


def test_drop_all_references_clears_successors() -> None:
    """Dropping an op's references also forgets the blocks it branched to."""
    target = Block()
    branch = Operation("t.br", successors=[target])
    branch.drop_all_references()
    assert list(branch.successors) == []


def test_detach_keeps_the_op_alive() -> None:
    """A detached op leaves its block but keeps its operands, and can be appended elsewhere."""
    (v,) = _args(I32)
    block, (_, b, _) = _block_with("t.a", "t.b", "t.c")
    b.set_operands([v])
    b.detach()
    assert _names(block) == ["t.a", "t.c"]
    _check_op_list(block)
    assert b.parent is None
    assert b.prev_op is None
    assert b.next_op is None
    assert v.has_one_use
    other = Block()
    other.append(b)
    assert b.parent is other
    b.detach()
    b.detach()
    assert other.is_empty


@pytest.mark.parametrize(
    ("name", "removed", "expected"),
    [
        pytest.param("first", 0, ["t.b", "t.c"], id="first"),
        pytest.param("middle", 1, ["t.a", "t.c"], id="middle"),
        pytest.param("last", 2, ["t.a", "t.b"], id="last"),
    ],
)
def test_detach_at_each_position(name: str, removed: int, expected: list[str]) -> None:
    """Detaching the first, a middle or the last op keeps both link directions right."""
    block, ops = _block_with("t.a", "t.b", "t.c")
    ops[removed].detach()
    assert _names(block) == expected
    _check_op_list(block)


def test_detach_the_only_op_empties_the_block() -> None:
    """Detaching the single op of a block leaves it empty at both ends."""
    block, (only,) = _block_with("t.only")
    only.detach()
    assert block.is_empty
    assert block.last_op is None
    assert len(block) == 0


def test_move_before_and_after_in_the_same_block() -> None:
    """Ops move before or after another op of their block."""
    block, (a, b, c, d) = _block_with("t.a", "t.b", "t.c", "t.d")
    d.move_before(b)
    assert _names(block) == ["t.a", "t.d", "t.b", "t.c"]
    a.move_after(c)
    assert _names(block) == ["t.d", "t.b", "t.c", "t.a"]
    b.move_after(a)
    assert _names(block) == ["t.d", "t.c", "t.a", "t.b"]
    _check_op_list(block)


def test_move_into_another_block() -> None:
    """Moving next to an op of another block changes the moved op's parent."""
    source, (a, b) = _block_with("t.a", "t.b")
    target, (x, y) = _block_with("t.x", "t.y")
    a.move_after(y)
    b.move_before(x)
    assert source.is_empty
    assert _names(target) == ["t.b", "t.x", "t.y", "t.a"]
    assert a.parent is target
    assert b.parent is target
    _check_op_list(source)
    _check_op_list(target)


# ---------------------------------------------------------------------------------------
# Blocks and regions
# ---------------------------------------------------------------------------------------


def test_block_insertion_keeps_order() -> None:
    """`append`, `insert_before` and `insert_after` put ops where they say."""
    block = Block()
    b = block.append(Operation("t.b"))
    block.insert_before(b, Operation("t.a"))
    d = block.append(Operation("t.d"))
    block.insert_after(b, Operation("t.c"))
    block.insert_after(d, Operation("t.e"))
    assert _names(block) == ["t.a", "t.b", "t.c", "t.d", "t.e"]
    assert len(block) == 5
    assert block.terminator is block.last_op
    assert list(block) == list(block.ops)
    _check_op_list(block)


def test_block_refuses_an_op_already_in_a_block() -> None:
    """An op in one block cannot be appended or inserted into another."""
    _, (a,) = _block_with("t.a")
    other, (x,) = _block_with("t.x")
    with pytest.raises(ValueError, match=r"'t.a' is already in a block"):
        other.append(a)
    with pytest.raises(ValueError, match=r"'t.a' is already in a block"):
        other.insert_before(x, a)
    assert _names(other) == ["t.x"]


def test_block_ops_iteration_survives_erasing_the_current_op() -> None:
    """Erasing each op while iterating visits every op once."""
    block, _ = _block_with("t.a", "t.b", "t.c")
    seen = []
    for op in block.ops:
        seen.append(op.name)
        op.erase()
    assert seen == ["t.a", "t.b", "t.c"]
    assert block.is_empty


def test_add_argument_numbers_arguments() -> None:
    """Added arguments get the next index and remember their type and location."""
    block = Block([I32])
    loc = FileLineColLoc.get("f.mlir", 3, 7)
    arg = block.add_argument(F32, loc)
    assert arg.index == 1
    assert arg.type is F32
    assert arg.owner is block
    assert arg.loc is loc
    assert [a.type for a in block.args] == [I32, F32]
    assert block.args[0].loc is None


def test_erase_argument_renumbers_the_rest() -> None:
    """Erasing an unused argument shifts the indices of the later ones."""
    block = Block([I8, I32, F32])
    first, _, last = block.args
    block.erase_argument(1)
    assert block.args == [first, last]
    assert [a.index for a in block.args] == [0, 1]


def test_erase_argument_refuses_a_used_argument() -> None:
    """A block argument with uses cannot be erased."""
    block = Block([I32])
    Operation("t.u", [block.args[0]])
    with pytest.raises(ValueError, match=r"cannot erase a block argument that still has uses"):
        block.erase_argument(0)
    assert len(block.args) == 1


def test_region_block_insertion_and_entry() -> None:
    """Blocks are appended or inserted at an index; the first is the entry block."""
    op = Operation("t.op", regions=1)
    region = op.regions[0]
    assert region.is_empty
    assert region.entry_block is None
    b = region.add_block(Block())
    a = region.insert_block(0, Block())
    c = region.insert_block(2, Block())
    assert region.blocks == [a, b, c]
    assert region.entry_block is a
    assert a.is_entry_block
    assert not b.is_entry_block
    assert b.parent is region
    assert b.parent_op is op
    assert region.parent is op


def test_region_refuses_a_block_of_another_region() -> None:
    """A block already in a region cannot be added to another one."""
    block = Region().add_block(Block())
    other = Region()
    with pytest.raises(ValueError, match=r"block already belongs to a region"):
        other.add_block(block)
    with pytest.raises(ValueError, match=r"block already belongs to a region"):
        other.insert_block(0, block)
    assert other.is_empty


def test_erase_block_drops_the_uses_of_its_ops() -> None:
    """Erasing a block unparents it and drops its ops' uses of outer values."""
    (v,) = _args(I32)
    region = Region()
    keep = region.add_block(Block())
    gone = region.add_block(Block())
    gone.append(Operation("t.u", [v]))
    keep.append(Operation("t.k", [v]))
    region.erase_block(gone)
    assert region.blocks == [keep]
    assert gone.parent is None
    assert list(v.users) == [keep.first_op]


def test_operation_refuses_a_region_with_an_owner() -> None:
    """A region already owned by an op cannot be given to another op."""
    owner = Operation("t.owner", regions=1)
    with pytest.raises(ValueError, match=r"region already belongs to an operation"):
        Operation("t.thief", regions=[owner.regions[0]])
    assert owner.regions[0].parent is owner


def test_operation_adopts_given_regions() -> None:
    """Regions passed to an op become its regions, in order."""
    first, second = Region(), Region()
    op = Operation("t.op", regions=[first, second])
    assert op.regions == (first, second)
    assert first.parent is op
    assert second.parent is op


def test_predecessors_list_each_successor_slot() -> None:
    """A block's predecessors are the blocks whose last op branches to it, once per slot."""
    region = Region()
    entry, left, join = (region.add_block(Block()) for _ in range(3))
    entry.append(Operation("t.cond_br", successors=[left, join]))
    left.append(Operation("t.br2", successors=[join, join]))
    assert join.predecessors == [entry, left, left]
    assert left.predecessors == [entry]
    assert entry.predecessors == []
    assert Block().predecessors == []


def test_parents_and_ancestry() -> None:
    """Nested ops know their block, region and op, and ancestry follows the nesting."""
    outer = Operation("t.outer", regions=1)
    block = outer.regions[0].add_block(Block())
    middle = block.append(Operation("t.middle", regions=1))
    inner = middle.regions[0].add_block(Block()).append(Operation("t.inner"))
    sibling = block.append(Operation("t.sibling"))
    assert inner.parent_op is middle
    assert middle.parent_op is outer
    assert middle.parent_region is outer.regions[0]
    assert outer.parent_op is None
    assert outer.parent_region is None
    assert outer.is_ancestor(inner)
    assert outer.is_ancestor(outer)
    assert not middle.is_ancestor(sibling)
    assert not inner.is_ancestor(outer)


# ---------------------------------------------------------------------------------------
# Walks
# ---------------------------------------------------------------------------------------


def _nested_tree() -> Operation:
    """`root` with two regions: [a{a1, a2}, b], and a second region with two blocks [c], [d]."""
    root = Operation("t.root", regions=2)
    block = root.regions[0].add_block(Block())
    a = block.append(Operation("t.a", regions=1))
    inner = a.regions[0].add_block(Block())
    inner.append(Operation("t.a1"))
    inner.append(Operation("t.a2"))
    block.append(Operation("t.b"))
    root.regions[1].add_block(Block()).append(Operation("t.c"))
    root.regions[1].add_block(Block()).append(Operation("t.d"))
    return root


def test_walk_pre_order() -> None:
    """The default walk visits an op before its nested ops, regions and blocks in order."""
    names = [op.name for op in _nested_tree().walk()]
    assert names == ["t.root", "t.a", "t.a1", "t.a2", "t.b", "t.c", "t.d"]


def test_walk_post_order() -> None:
    """A post-order walk visits nested ops before the op holding them."""
    names = [op.name for op in _nested_tree().walk(post_order=True)]
    assert names == ["t.a1", "t.a2", "t.a", "t.b", "t.c", "t.d", "t.root"]


def test_post_order_walk_can_erase_as_it_goes() -> None:
    """Erasing each visited op during a post-order walk visits and removes every op."""
    root = _nested_tree()
    seen = []
    for op in root.walk(post_order=True):
        seen.append(op.name)
        if op is not root:
            op.erase()
    assert seen == ["t.a1", "t.a2", "t.a", "t.b", "t.c", "t.d", "t.root"]
    assert all(block.is_empty for region in root.regions for block in region.blocks)


def test_region_ops_spans_its_blocks() -> None:
    """`Region.ops` lists the ops of every block, not the nested ones."""
    root = _nested_tree()
    assert [op.name for op in root.regions[0].ops] == ["t.a", "t.b"]
    assert [op.name for op in root.regions[1].ops] == ["t.c", "t.d"]


# ---------------------------------------------------------------------------------------
# Discardable attributes
# ---------------------------------------------------------------------------------------


def test_discardable_attributes_get_set_remove() -> None:
    """Attributes can be read, set, overwritten and removed by name."""
    one = IntegerAttr.get(I32, 1)
    two = IntegerAttr.get(I32, 2)
    op = Operation("t.a", attributes={"b": one})
    assert op.get_attr("b") is one
    assert op.get_attr("missing") is None
    op.set_attr("a", two)
    assert [name for name, _ in op.attributes.entries] == ["a", "b"]
    op.set_attr("b", two)
    assert op.get_attr("b") is two
    assert op.remove_attr("a") is two
    assert op.remove_attr("a") is None
    assert op.attributes is DictionaryAttr.get({"b": two})


def test_discardable_attributes_are_a_uniqued_dictionary() -> None:
    """Ops with the same attributes share one dictionary, however they were set."""
    unit = UnitAttr.get()
    name = StringAttr.get("x")
    a = Operation("t.a", attributes={"unit": unit, "name": name})
    b = Operation("t.b")
    b.set_attr("name", name)
    b.set_attr("unit", unit)
    assert a.attributes is b.attributes
    c = Operation("t.c", attributes=DictionaryAttr.get((("unit", unit), ("name", name))))
    assert c.attributes is a.attributes
    assert Operation("t.d").attributes is DictionaryAttr.get({})


def test_properties_are_kept_apart_from_attributes() -> None:
    """The inherent properties attribute is not one of the discardable attributes,
    though `get_attr` reads an inherent attribute first, as MLIR's `getAttr` does."""
    seven = IntegerAttr.get(I32, 7)
    props = DictionaryAttr.get({"value": seven})
    op = Operation("t.a", properties=props)
    assert op.properties is props
    assert op.attributes.get_entry("value") is None
    assert op.get_attr("value") is seven


# ---------------------------------------------------------------------------------------
# Uniquing of types and attributes
# ---------------------------------------------------------------------------------------


def _tensor_with_encoding() -> Type:
    return RankedTensorType.get((4, DYNAMIC), F32, StringAttr.get("enc"))


@pytest.mark.parametrize(
    ("make", "text"),
    [
        pytest.param(lambda: IntegerType.get(32), "i32", id="i32"),
        pytest.param(lambda: IntegerType.get(8, Signedness.UNSIGNED), "ui8", id="ui8"),
        pytest.param(lambda: IntegerType.get(16, Signedness.SIGNED), "si16", id="si16"),
        pytest.param(IndexType.get, "index", id="index"),
        pytest.param(NoneType.get, "none", id="none"),
        pytest.param(lambda: FloatType.get("bf16"), "bf16", id="bf16"),
        pytest.param(lambda: ComplexType.get(FloatType.get("f64")), "complex<f64>", id="complex"),
        pytest.param(
            lambda: FunctionType.get(
                (IntegerType.get(1),), (IndexType.get(), FloatType.get("f32"))
            ),
            "(i1) -> (index, f32)",
            id="function",
        ),
        pytest.param(
            lambda: TupleType.get((IntegerType.get(32), NoneType.get())),
            "tuple<i32, none>",
            id="tuple",
        ),
        pytest.param(
            lambda: VectorType.get((4, 8), FloatType.get("f32"), (False, True)),
            "vector<4x[8]xf32>",
            id="scalable-vector",
        ),
        pytest.param(_tensor_with_encoding, 'tensor<4x?xf32, "enc">', id="tensor-encoding"),
        pytest.param(
            lambda: MemRefType.get(
                (2,), IntegerType.get(8), None, IntegerAttr.get(IntegerType.get(64), 1)
            ),
            "memref<2xi8, 1>",
            id="memref-space",
        ),
    ],
)
def test_types_are_uniqued(make: Callable[[], Type], text: str) -> None:
    """Building a type twice, or parsing its text, gives the same object."""
    first = make()
    assert make() is first
    assert parse_type(text) is first
    assert str(first) == text


def test_vector_without_scalable_dims_is_the_fixed_vector() -> None:
    """All-fixed scalable flags give the same vector type as no flags at all."""
    assert VectorType.get((4,), F32, (False,)) is VectorType.get((4,), F32)


def test_distinct_structures_are_distinct_types() -> None:
    """Types differing in any part are different objects."""
    assert IntegerType.get(32) is not IntegerType.get(32, Signedness.SIGNED)
    assert RankedTensorType.get((4,), F32) is not RankedTensorType.get((4,), F32, UnitAttr.get())
    assert FunctionType.get((I32,), ()) is not FunctionType.get((), (I32,))


def test_unknown_float_type_is_refused() -> None:
    """Only MLIR's float keywords name float types."""
    with pytest.raises(ValueError, match=r"unknown float type 'f7'"):
        FloatType.get("f7")


@pytest.mark.parametrize(
    ("type_", "value", "wrapped"),
    [
        pytest.param(I8, 255, -1, id="i8-255"),
        pytest.param(I8, 128, -128, id="i8-128"),
        pytest.param(IntegerType.get(8, Signedness.UNSIGNED), -1, 255, id="ui8-minus-1"),
        pytest.param(IntegerType.get(8, Signedness.SIGNED), 255, -1, id="si8-255"),
        pytest.param(I32, 1 << 32, 0, id="i32-overflow"),
        pytest.param(IndexType.get(), 1 << 64, 0, id="index-overflow"),
    ],
)
def test_integer_attrs_wrap_to_their_type(type_: Type, value: int, wrapped: int) -> None:
    """`IntegerAttr.wrapped` wraps to the type, so wrapped-equal values are one object."""
    attr = IntegerAttr.wrapped(type_, value)
    assert attr.value == wrapped
    assert attr is IntegerAttr.get(type_, wrapped)


def test_i8_255_is_i8_minus_one() -> None:
    """`IntegerAttr.get(i8, 255)` and `IntegerAttr.get(i8, -1)` are the same object."""
    assert IntegerAttr.get(I8, 255) is IntegerAttr.get(I8, -1)
    assert str(IntegerAttr.get(I8, 255)) == "-1 : i8"


def test_i1_integer_attrs_are_bool_attrs() -> None:
    """An `i1` integer attribute is the `true`/`false` bool attribute."""
    true = IntegerAttr.get(I1, 1)
    assert isinstance(true, BoolAttr)
    assert true is BoolAttr.get_bool(True)
    assert IntegerAttr.get(I1, -1) is true
    assert IntegerAttr.wrapped(I1, 2) is BoolAttr.get_bool(False)


def _dict_attr() -> Attribute:
    return DictionaryAttr.get({"b": UnitAttr.get(), "a": StringAttr.get("s")})


@pytest.mark.parametrize(
    ("make", "text"),
    [
        pytest.param(lambda: StringAttr.get("hi"), '"hi"', id="string"),
        pytest.param(lambda: StringAttr.get("hi", NoneType.get()), '"hi"', id="string-none-type"),
        pytest.param(lambda: StringAttr.get("hi", I32), '"hi" : i32', id="typed-string"),
        pytest.param(
            lambda: ArrayAttr.get((UnitAttr.get(), IntegerAttr.get(I8, 3))),
            "[unit, 3 : i8]",
            id="array",
        ),
        pytest.param(_dict_attr, '{a = "s", b}', id="dictionary"),
        pytest.param(lambda: TypeAttr.get(F32), "f32", id="type"),
        pytest.param(lambda: SymbolRefAttr.get("a", ("b",)), "@a::@b", id="symbol-ref"),
        pytest.param(lambda: FloatAttr.get(F32, 0x3F800000), "1.000000e+00 : f32", id="float"),
    ],
)
def test_attributes_are_uniqued(make: Callable[[], Attribute], text: str) -> None:
    """Building an attribute twice, or parsing its text, gives the same object."""
    first = make()
    assert make() is first
    assert parse_attribute(text) is first
    assert str(first) == text


def test_dictionary_attr_ignores_entry_order() -> None:
    """Dictionaries are sorted by name, so entry order does not make a new attribute."""
    unit = UnitAttr.get()
    forward = DictionaryAttr.get((("a", unit), ("b", unit)))
    assert DictionaryAttr.get((("b", unit), ("a", unit))) is forward
    assert DictionaryAttr.get({"b": unit, "a": unit}) is forward


def test_values_and_operands_are_slotted() -> None:
    """Runtime objects have no per-instance dict (the IR holds millions of them)."""
    block = Block([I32])
    op = block.append(Operation("t.a", [block.args[0]], [I32], regions=1))
    for obj in (block, block.args[0], op, op.results[0], op.op_operands[0], op.regions[0]):
        assert not hasattr(obj, "__dict__"), type(obj).__name__
    assert isinstance(op.op_operands[0], OpOperand)
    assert isinstance(op.results[0], Value)


def test_dropping_a_stale_operand_keeps_the_old_use_list() -> None:
    """An operand slot already dropped by `set_operands` can be dropped again harmlessly."""
    i32 = IntegerType.get(32)
    a, b = Block([i32, i32]).args
    x = Operation("t.x", [a])
    Operation("t.y", [a])
    Operation("t.z", [a])
    stale = x.op_operands[0]
    x.set_operands([b])
    stale.drop()
    assert len(list(a.uses)) == 2


def test_failed_construction_leaves_no_uses() -> None:
    """An op rejected for reusing an owned region never links its operands."""
    (c,) = Block([IntegerType.get(32)]).args
    owner = Operation("t.owner", regions=1)
    with pytest.raises(ValueError, match="region already belongs"):
        Operation("t.bad", [c], regions=[owner.regions[0]])
    assert not c.has_uses


def test_moving_an_op_next_to_itself_is_a_no_op() -> None:
    """`op.move_before(op)` and `op.move_after(op)` leave the block unchanged."""
    blk = Block()
    first = blk.append(Operation("t.a"))
    blk.append(Operation("t.b"))
    first.move_before(first)
    first.move_after(first)
    assert [op.name for op in blk.ops] == ["t.a", "t.b"]


def test_dictionary_rejects_duplicate_keys() -> None:
    """A dictionary attribute cannot hold one name twice (MLIR cannot print it back)."""
    one = IntegerAttr.get(IntegerType.get(32), 1)
    with pytest.raises(ValueError, match="duplicate key 'a'"):
        DictionaryAttr.get((("a", one), ("a", one)))
