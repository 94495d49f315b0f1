"""The `tf` spec beyond the legalization ops: `If`, `IfRegion`, `Yield`, derived
attributes, and tensors of TensorFlow's own element types."""

from __future__ import annotations

import pytest

import generated
from generated.tf import IfOp, ReluOp
from generator.ir import DiagnosticError, TypeAttr, print_operation, verify
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

PROGRAM = """\
func.func @then(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func @else(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Relu"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @f(%c: tensor<i1>, %x: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<2x!tf_type.string>) {
  %0 = "tf.If"(%c, %x) <{else_branch = @else, is_stateless = true, then_branch = @then}> : (tensor<i1>, tensor<f32>) -> tensor<f32>
  %1 = "tf.IfRegion"(%c) <{is_stateless = false}> ({
    "tf.Yield"(%x) : (tensor<f32>) -> ()
  }, {
    %3 = "tf.Relu"(%x) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%3) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  %2 = "tf.Const"() <{value = dense<"a"> : tensor<2x!tf_type.string>}> : () -> tensor<2x!tf_type.string>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<2x!tf_type.string>
}
"""


def _parse(text: str) -> str:
    ctx = generated.context()
    module = parse_source(SourceFile("x.mlir", text), ctx)
    verify(module, ctx)
    return print_operation(module, generic=False)


def test_region_and_call_forms_verify_and_print_back() -> None:
    printed = _parse(PROGRAM)
    assert _parse(printed) == printed
    assert '"tf.If"(%arg0, %arg1) <{else_branch = @else' in printed


def test_derived_attributes() -> None:
    ctx = generated.context()
    module = parse_source(SourceFile("x.mlir", PROGRAM), ctx)
    ops = list(module.walk())
    if_op = next(op for op in ops if isinstance(op, IfOp))
    relu = next(op for op in ops if isinstance(op, ReluOp))
    assert isinstance(if_op.tcond, TypeAttr)
    assert str(if_op.tcond.value) == "i1"
    assert str(relu.t.value) == "f32"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "else_branch = @else,",
            "else_branch = @nope,",
            "'else_branch' refers to an undefined function: @nope",
        ),
        (
            '"tf.Yield"(%x) : (tensor<f32>) -> ()',
            '"tf.Yield"() : () -> ()',
            "then branch yields 0 values, but the op has 1 results",
        ),
    ],
)
def test_verifier_messages(old: str, new: str, message: str) -> None:
    with pytest.raises(DiagnosticError, match=message):
        _parse(PROGRAM.replace(old, new))
