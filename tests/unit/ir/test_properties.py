"""Typed properties: a generated op keeps each property in a slot of its own."""

from __future__ import annotations

import pytest

from generated.arith import AddIOp, CmpIOp, CmpIPredicate, IntegerOverflowFlags
from generated.arith.attrs import IntegerOverflowFlagsAttr
from generated.func import ReturnOp
from generator.ir import (
    Block,
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    print_operation,
)
from generator.ir.properties import get_property, inherent_or_discardable, set_property


def _add() -> AddIOp:
    i32 = IntegerType.get(32)
    block = Block([i32, i32])
    return AddIOp(block.args[0], block.args[1], overflow_flags=IntegerOverflowFlags.nsw)


def test_each_property_has_a_slot() -> None:
    """The class declares one slot per property, named after it, and lists them."""
    assert AddIOp.__slots__ == ("_prop_overflowFlags",)
    assert dict(AddIOp.PROPERTY_SLOTS) == {"overflowFlags": "_prop_overflowFlags"}
    assert CmpIOp.PROPERTY_SLOTS == {"predicate": "_prop_predicate"}


def test_accessors_and_setters_go_through_the_slot() -> None:
    """The accessor reads the slot; `set_property` writes it; the dictionary view follows."""
    op = _add()
    stored = op._prop_overflowFlags
    assert isinstance(stored, IntegerOverflowFlagsAttr)
    assert op.overflow_flags is IntegerOverflowFlags.nsw
    assert get_property(op, "overflowFlags") is stored
    set_property(op, "overflowFlags", IntegerOverflowFlagsAttr.get(IntegerOverflowFlags.nuw))
    assert op.overflow_flags is IntegerOverflowFlags.nuw
    assert op.properties == DictionaryAttr.get(
        (("overflowFlags", IntegerOverflowFlagsAttr.get(IntegerOverflowFlags.nuw)),)
    )


def test_setting_a_property_builds_no_dictionary(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting and reading one property neither makes nor scans a dictionary attribute."""
    op = _add()
    calls: list[object] = []
    original = DictionaryAttr.get

    def counting(*args: object) -> DictionaryAttr:
        calls.append(args)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(DictionaryAttr, "get", staticmethod(counting))
    set_property(op, "overflowFlags", IntegerOverflowFlagsAttr.get(IntegerOverflowFlags.none))
    assert op.overflow_flags is IntegerOverflowFlags.none
    assert calls == []


def test_the_dictionary_view_sets_every_slot() -> None:
    """Assigning `properties` (as a generic op's `<{...}>`) fills the slots; None clears them."""
    i32 = IntegerType.get(32)
    block = Block([i32, i32])
    cmp = CmpIOp(block.args[0], block.args[1], predicate=CmpIPredicate.eq)
    value = IntegerAttr.get(IntegerType.get(64), int(CmpIPredicate.ult))
    cmp.properties = DictionaryAttr.get((("predicate", value),))
    assert cmp._prop_predicate is value
    assert cmp.predicate is CmpIPredicate.ult
    assert "<{predicate = 6 : i64}>" in print_operation(cmp, generic=True)
    cmp.properties = None
    assert cmp._prop_predicate is None
    assert cmp.verify_invariants() == "requires attribute 'predicate'"


def test_setting_an_undeclared_name_sets_a_discardable_attribute() -> None:
    """A name the op does not declare is no property: `set_property` makes it a
    discardable attribute (MLIR's `setAttr`), printed in `{...}` after `<{...}>`."""
    op = _add()
    private = StringAttr.get("private")
    set_property(op, "sym_visibility", private)
    assert op.attributes.get_entry("sym_visibility") is private
    assert get_property(op, "sym_visibility") is None
    assert inherent_or_discardable(op, "sym_visibility") is private
    assert '<{overflowFlags = #arith.overflow<nsw>}> {sym_visibility = "private"}' in (
        print_operation(op, generic=True)
    )
    set_property(op, "sym_visibility", None)
    assert op.attributes.get_entry("sym_visibility") is None


def test_an_op_without_properties_keeps_none() -> None:
    """Properties given to an op that declares none are dropped, as MLIR drops the
    unknown names of `<{...}>`: its generic form never holds them."""
    i32 = IntegerType.get(32)
    ret = ReturnOp([Block([i32]).args[0]])
    ret.properties = DictionaryAttr.get((("sym_visibility", StringAttr.get("private")),))
    assert ret.properties is None
    assert "<{" not in print_operation(ret, generic=True)
