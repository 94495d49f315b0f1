"""Misusing the Python API raises at the call and leaves the IR as it was.

Each case here once corrupted IR silently: ops linked into a block they do not
belong to, an op nested into itself, an inherent attribute set in one place and
read from another, integers wrapped or widths accepted that MLIR refuses, and
builders that failed far from the bad argument or not at all.
"""

from __future__ import annotations

import re

import pytest

import generated
from generated.arith import AddIOp, ConstantOp, IntegerOverflowFlags
from generated.arith.attrs import IntegerOverflowFlagsAttr
from generated.cf import BranchOp
from generated.func import CallOp
from generator.ir import SourceFile
from generator.ir.attributes import DictionaryAttr, IntegerAttr, UnitAttr
from generator.ir.builder import Builder, InsertionPoint
from generator.ir.core import Block, Operation
from generator.ir.diagnostics import DiagnosticError
from generator.ir.parser import Parser, parse_module, parse_type
from generator.ir.printer import print_operation
from generator.ir.types import (
    MAX_INTEGER_WIDTH,
    FloatType,
    IndexType,
    IntegerType,
    Signedness,
    Type,
)
from generator.ir.verifier import verify

I32 = IntegerType.get(32)

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


# ---------------------------------------------------------------------------------------
# Inherent attributes through the attribute API
# ---------------------------------------------------------------------------------------


def _constant(value: int = 1) -> ConstantOp:
    return ConstantOp(value=IntegerAttr.get(I32, value))


def _verify_message(op: Operation) -> str | None:
    try:
        verify(op, generated.context(), print_op_on_diagnostic=False)
    except DiagnosticError as e:
        return str(e.diagnostics[0].message)
    return None


def test_set_attr_of_an_inherent_attribute_sets_the_property() -> None:
    """`set_attr("value", ...)` on `arith.constant` sets its property, as MLIR's
    `Operation::setAttr` does, rather than adding a discardable attribute."""
    op = _constant()
    five = IntegerAttr.get(I32, 5)
    op.set_attr("value", five)
    assert op.value is five
    assert op.get_attr("value") is five
    assert op.attributes.get_entry("value") is None
    assert '"arith.constant"() <{value = 5 : i32}> : () -> i32' in print_operation(op, generic=True)
    assert _verify_message(op) is None


def test_remove_attr_of_a_required_inherent_attribute_fails_verification() -> None:
    """`remove_attr("value")` unsets the property and returns it; the op then fails to
    verify with MLIR's message, as `mlir-opt` reports a generic `arith.constant`
    without `value`."""
    op = _constant(3)
    old = op.value
    assert op.remove_attr("value") is old
    assert op.value_attr is None
    assert op.get_attr("value") is None
    assert op.remove_attr("value") is None
    assert _verify_message(op) == "'arith.constant' op requires attribute 'value'"


def test_discardable_attributes_stay_discardable() -> None:
    """Names that are not inherent attributes still go to the discardable dictionary."""
    op = _constant()
    op.set_attr("test.note", UnitAttr.get())
    assert op.attributes.get_entry("test.note") is UnitAttr.get()
    assert op.remove_attr("test.note") is UnitAttr.get()
    assert op.attributes.get_entry("test.note") is None
    assert op.value is IntegerAttr.get(I32, 1)


def test_unregistered_ops_treat_their_properties_as_inherent() -> None:
    """For an op without a class, the names in its properties dictionary are inherent
    (MLIR's unregistered-op model); other names are discardable."""
    one, two = IntegerAttr.get(I32, 1), IntegerAttr.get(I32, 2)
    op = Operation("test.op", properties=DictionaryAttr.get({"p": one}))
    op.set_attr("p", two)
    op.set_attr("d", one)
    assert op.properties is DictionaryAttr.get({"p": two})
    assert op.attributes is DictionaryAttr.get({"d": one})
    assert op.remove_attr("p") is two
    assert op.properties is None
    assert op.attributes is DictionaryAttr.get({"d": one})


def test_set_attr_refuses_a_value_that_is_not_an_attribute() -> None:
    """`set_attr` with a Python value instead of an attribute raises and changes nothing.

    Compiled, the runtime's own argument check (mypyc's) speaks first."""
    op = _constant()
    with pytest.raises(
        TypeError,
        match=r"^(set_attr: value of 'value' must be an Attribute, got int"
        r"|generator\.ir\.attributes\.Attribute object expected; got int)$",
    ):
        op.set_attr("value", 5)  # type: ignore[arg-type]
    assert op.value is IntegerAttr.get(I32, 1)


def test_an_op_created_without_a_required_property_fails_verification() -> None:
    """An op a custom parser creates (`create_op`) without a required property is
    caught by the verifier."""
    parser = Parser(SourceFile("t.mlir", ""), generated.context())
    op = parser.create_op(ConstantOp, 0, [], [I32])
    assert isinstance(op, ConstantOp)
    assert op.value_attr is None
    assert _verify_message(op) == "'arith.constant' op requires attribute 'value'"


def test_a_registered_op_built_as_a_generic_operation_fails_verification() -> None:
    """`Builder.create("arith.constant", ...)` makes a generic `Operation`, which the
    constant's own checks (its required `value`) would never see: the verifier says so
    instead of passing it."""
    module = _module()
    body = _body(_ops(_body(module))[0])
    Builder(InsertionPoint.before(body.first_op)).create(  # type: ignore[arg-type]
        "arith.constant", result_types=[I32]
    )
    assert _verify_message(module) == (
        "'arith.constant' op was built with the generic Operation class; a registered op "
        "must be built with its class (ConstantOp)"
    )


# ---------------------------------------------------------------------------------------
# Integers that do not fit, widths MLIR refuses, enum values with no case
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("type_", "value", "message"),
    [
        pytest.param(I32, 2**40, "1099511627776 does not fit i32 (-2147483648 to 4294967295)"),
        pytest.param(IntegerType.get(8), 256, "256 does not fit i8 (-128 to 255)"),
        pytest.param(IntegerType.get(8), -129, "-129 does not fit i8 (-128 to 255)"),
        pytest.param(
            IntegerType.get(8, Signedness.SIGNED), 128, "128 does not fit si8 (-128 to 127)"
        ),
        pytest.param(IntegerType.get(8, Signedness.UNSIGNED), -1, "-1 does not fit ui8 (0 to 255)"),
        pytest.param(
            IndexType.get(),
            2**63,
            "9223372036854775808 does not fit index (-9223372036854775808 to 9223372036854775807)",
        ),
        pytest.param(IntegerType.get(1), 2, "2 does not fit i1 (-1 to 1)"),
        pytest.param(IntegerType.get(0), 1, "1 does not fit i0 (0 to 0)"),
        pytest.param(
            IntegerType.get(200), 2**200, "of 201 bits does not fit i200 (-2**199 to 2**200-1)"
        ),
    ],
)
def test_an_integer_that_does_not_fit_its_type_is_refused(
    type_: Type, value: int, message: str
) -> None:
    """`IntegerAttr.get` refuses a value that fits neither the signed nor the unsigned
    reading of the width (what mlir-opt-22 calls "integer constant out of range")
    instead of wrapping it silently."""
    with pytest.raises(ValueError, match=rf"^{re.escape(f'IntegerAttr.get: value {message}')}$"):
        IntegerAttr.get(type_, value)


@pytest.mark.parametrize(
    ("type_", "value", "printed"),
    [
        pytest.param(IntegerType.get(8), 255, "-1 : i8"),
        pytest.param(IntegerType.get(8), -128, "-128 : i8"),
        pytest.param(IntegerType.get(8, Signedness.UNSIGNED), 255, "255 : ui8"),
        pytest.param(IntegerType.get(1), -1, "true"),
        pytest.param(IndexType.get(), -(2**63), "-9223372036854775808 : index"),
    ],
)
def test_an_integer_that_fits_either_reading_is_accepted(
    type_: Type, value: int, printed: str
) -> None:
    """The values mlir-opt-22 accepts in a literal are accepted, and print as it does."""
    assert str(IntegerAttr.get(type_, value)) == printed


def test_wrapping_is_asked_for_by_name() -> None:
    """`IntegerAttr.wrapped` wraps as two's complement arithmetic does (folders use it)."""
    assert IntegerAttr.wrapped(I32, 2**40) is IntegerAttr.get(I32, 0)
    assert IntegerAttr.wrapped(I32, 2**31) is IntegerAttr.get(I32, -(2**31))


def test_integer_attributes_need_an_integer_type_and_an_int() -> None:
    """A float type or a non-integer value is a `TypeError`, not a strange attribute
    (compiled, mypyc's argument check reports the second)."""
    with pytest.raises(TypeError, match=r"^IntegerAttr.get: type must be an integer or index"):
        IntegerAttr.get(FloatType.get("f32"), 1)
    with pytest.raises(
        TypeError,
        match=r"^(IntegerAttr.get: value must be an int, got '1'|int object expected; got str)$",
    ):
        IntegerAttr.get(I32, "1")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("width", "message"),
    [
        pytest.param(10**8, "integer bitwidth is limited to 16777215 bits, got 100000000"),
        pytest.param(MAX_INTEGER_WIDTH + 1, "integer bitwidth is limited to 16777215 bits"),
        pytest.param(-1, "integer bitwidth must not be negative, got -1"),
    ],
)
def test_an_integer_width_mlir_refuses_is_refused(width: int, message: str) -> None:
    """`IntegerType.get` refuses widths past MLIR's `IntegerType::kMaxWidth`, which the
    parser refuses with the same words."""
    with pytest.raises(ValueError, match=rf"^{message}"):
        IntegerType.get(width)
    assert IntegerType.get(MAX_INTEGER_WIDTH).width == MAX_INTEGER_WIDTH


def test_the_parser_shares_the_width_limit() -> None:
    """The parser's message for a too wide `iN` names the same limit."""
    with pytest.raises(DiagnosticError, match=r"integer bitwidth is limited to 16777215 bits"):
        parse_type("i16777216")


def test_an_unknown_signedness_is_refused() -> None:
    """A signedness that is not one of `Signedness`'s is refused."""
    with pytest.raises(ValueError, match=r"^signedness must be Signedness.SIGNLESS"):
        IntegerType.get(32, 7)


def test_an_overflow_flag_value_with_no_case_is_refused() -> None:
    """`overflow_flags=99` has bits that are no case of `IntegerOverflowFlags`: the
    builder raises instead of masking them off."""
    (a, b) = Block([I32, I32]).args
    with pytest.raises(
        ValueError,
        match=r"^99 is not a valid IntegerOverflowFlags: expected a combination of the cases "
        r"none = 0, nsw = 1, nuw = 2$",
    ):
        AddIOp(a, b, overflow_flags=99)
    assert a.first_use is None
    flags = AddIOp(a, b, overflow_flags=3).overflow_flags
    assert flags == IntegerOverflowFlags.nsw | IntegerOverflowFlags.nuw
    with pytest.raises(ValueError, match=r"^-1 is not a valid IntegerOverflowFlags"):
        IntegerOverflowFlagsAttr.get(-1)


# ---------------------------------------------------------------------------------------
# Generated builders check their arguments
# ---------------------------------------------------------------------------------------


def test_a_builder_names_an_operand_that_is_not_a_value() -> None:
    """`AddIOp(None, 3)` raises a `TypeError` naming the operand, not an
    `AttributeError` from deep inside the builder."""
    (a,) = Block([I32]).args
    with pytest.raises(TypeError, match=r"^'arith.addi' operand 'lhs' must be a Value, got None$"):
        AddIOp(None, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^'arith.addi' operand 'rhs' must be a Value, got int 3$"):
        AddIOp(a, 3)  # type: ignore[arg-type]
    assert a.first_use is None


def test_a_builder_names_a_result_type_that_is_not_a_type() -> None:
    """`result_type='i32'` (text, not a `Type`) is refused at the call."""
    (a,) = Block([I32]).args
    with pytest.raises(
        TypeError, match=r"^'arith.addi' result_type must be a Type, got str 'i32'$"
    ):
        AddIOp(a, a, result_type="i32")  # type: ignore[arg-type]
    assert a.first_use is None
    assert AddIOp(a, a, result_type=I32).result.type is I32


def test_a_builder_names_an_attribute_that_is_not_an_attribute() -> None:
    """An attribute parameter that takes only attributes refuses a Python value."""
    with pytest.raises(
        TypeError, match=r"^'arith.constant' attribute 'value' must be an Attribute, got int 5$"
    ):
        ConstantOp(value=5)  # type: ignore[arg-type]


def test_a_builder_checks_each_value_of_a_variadic_group() -> None:
    """A variadic operand or result group must be a sequence of values or types; the
    wrong element is named by its position."""
    (a,) = Block([I32]).args
    with pytest.raises(
        TypeError, match=r"^'func.call' operand 'operands_' #1 must be a Value, got None$"
    ):
        CallOp([a, None], callee="f", result_0_types=[])  # type: ignore[list-item]
    with pytest.raises(
        TypeError,
        match=r"^'func.call' operand 'operands_' must be a sequence of Values, got BlockArgument$",
    ):
        CallOp(a, callee="f", result_0_types=[])  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^'func.call' result_0_types #0 must be a Type, got str 'i32'$"
    ):
        CallOp([a], callee="f", result_0_types=["i32"])  # type: ignore[list-item]
    assert a.first_use is None
    call = CallOp((a,), callee="f", result_0_types=[I32])
    assert call.operands == (a,)
    assert call.result_types == (I32,)


def test_a_builder_names_a_successor_that_is_not_a_block() -> None:
    """A successor parameter refuses anything but a block."""
    with pytest.raises(TypeError, match=r"^'cf.br' successor 'dest' must be a Block, got None$"):
        BranchOp(dest=None)  # type: ignore[arg-type]
