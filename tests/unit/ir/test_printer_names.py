"""Value names a printer gives are kept on the values; other printers cannot disturb them."""

from __future__ import annotations

import generated
from generator.ir import SourceFile
from generator.ir.core import Operation, Value
from generator.ir.parser import parse_module
from generator.ir.printer import Printer, print_operation

_TEXT = """
func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1:2 = "test.pair"(%0) : (i32) -> (i32, i32)
  return %1#1 : i32
}
func.func @g(%b: i32) -> i32 {
  %0 = arith.muli %b, %b : i32
  return %0 : i32
}
"""


def _module(text: str = _TEXT) -> Operation:
    ctx = generated.context()
    ctx.allow_unregistered_dialects = True
    return parse_module(SourceFile("names.mlir", text), ctx).op


def _values(op: Operation) -> list[Value]:
    found: list[Value] = []
    for region in op.regions:
        for block in region.blocks:
            found.extend(block.args)
            nested = block.first_op
            while nested is not None:
                found.extend(nested.results)
                found.extend(_values(nested))
                nested = nested.next_op
    return found


def test_names_survive_a_print_inside_a_print() -> None:
    top = _module()
    outer = Printer(generic=False)
    outer.number_values_custom(top)
    values = _values(top)
    before = [outer.operand(v) for v in values]
    assert before[:5] == ["%arg0", "%c1_i32", "%0", "%1#0", "%1#1"]
    # Another printer numbers the same values differently (generic names, and a
    # function printed alone), as a hook printing an op while printing would.
    print_operation(top, generic=True)
    g = top.regions[0].blocks[0].last_op
    assert g is not None
    print_operation(g, generic=False)
    assert [outer.operand(v) for v in values] == before
    assert outer.operands(values) == ", ".join(before)


def test_values_the_printer_did_not_number_are_unknown() -> None:
    top = _module()
    printer = Printer(generic=True)
    printer.number_values(top)
    own = _values(top)[0]
    named = printer.operand(own)
    assert named.startswith("%arg")
    stranger = _values(_module())[0]
    assert printer.operand(stranger) == "<<UNKNOWN SSA VALUE>>"
    print_operation(top, generic=False)
    assert printer.operand(stranger) == "<<UNKNOWN SSA VALUE>>"
    assert printer.operand(own) == named


def test_printing_twice_gives_the_same_text() -> None:
    top = _module()
    first = print_operation(top, generic=False)
    assert print_operation(top, generic=True) != first
    assert print_operation(top, generic=False) == first
