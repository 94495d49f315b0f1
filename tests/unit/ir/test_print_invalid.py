"""Printing IR that failed to verify: ops whose custom printers cannot cope print generically."""

from __future__ import annotations

import pytest

import generated
from generated.arith import AddIOp
from generator.ir import SourceFile
from generator.ir.core import Operation
from generator.ir.parser import parse_module
from generator.ir.printer import print_operation

_INVALID = """func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a) : (i32) -> i32
  %1 = "arith.constant"() : () -> i32
  %2 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  %3 = arith.addi %a, %a : i32
  return %0 : i32
}
"""


def _module(text: str) -> Operation:
    return parse_module(SourceFile("invalid.mlir", text), generated.context()).op


def test_invalid_ops_print_in_the_generic_form() -> None:
    text = print_operation(_module(_INVALID), generic=False)
    assert text.splitlines()[2:7] == [
        '    %0 = "arith.addi"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i32',
        '    %1 = "arith.constant"() : () -> i32',
        '    %2 = "arith.cmpi"(%arg0, %arg0) : (i32, i32) -> i1',
        "    %3 = arith.addi %arg0, %arg0 : i32",
        "    return %0 : i32",
    ]


def test_a_failing_printer_of_a_valid_op_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: AddIOp, p: object) -> None:
        raise KeyError("a bug in the printer")

    monkeypatch.setattr(AddIOp, "print", broken)
    with pytest.raises(KeyError, match="a bug in the printer"):
        print_operation(_module(_INVALID), generic=False)
