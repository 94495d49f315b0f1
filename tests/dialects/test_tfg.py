"""The tfg dialect (opdefs/tfg.td): graphs, functions and the node syntax of the
ops it does not define, through a dialect fallback class for unknown ops."""

from __future__ import annotations

import pytest
from dialects.ir_text import parse_verified

import generated
from generator.ir import DiagnosticError, print_operation, verify
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile


def _roundtrip(text: str) -> str:
    printed = print_operation(parse_verified(text), generic=False)
    again = parse_source(SourceFile("y.mlir", printed), generated.context())
    assert print_operation(again, generic=False) == printed
    return printed


def test_generic_nodes_print_in_the_node_syntax() -> None:
    out = _roundtrip(
        "tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {\n"
        '  %a, %c = "tfg.AddV2"(%b, %b, %c2) {_mlir_device = "GPU", _mlir_name = "",'
        " T = f32} : (tensor<f32>, tensor<f32>, !tf_type.control) -> (tensor<f32>, !tf_type.control)\n"
        '  %b, %c2 = "tfg.Const"() : () -> (tensor<f32>, !tf_type.control)\n'
        "}\n"
    )
    assert "tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {" in out
    # Uses before definitions are valid in a graph; control operands are untyped.
    assert (
        '%AddV2, %ctl = AddV2(%Const, %Const) [%ctl_0] device("GPU") {T = f32}'
        " : (tensor<f32>, tensor<f32>) -> (tensor<f32>)"
    ) in out
    assert "%Const, %ctl_0 = Const : () -> (tensor<f32>)" in out


def test_node_syntax_parses_with_or_without_prefix() -> None:
    out = _roundtrip(
        "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n"
        '  %ctl = tfg.NoOp assigned_device("TPU") name("n")\n'
        "  %ctl_1 = NoOp [%ctl]\n"
        "}\n"
    )
    assert 'NoOp assigned_device("TPU") name("n")' in out
    assert "= NoOp [%ctl]" in out


def test_function_arguments_carry_control_tokens() -> None:
    out = _roundtrip(
        'tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "y"}) {\n'
        "  %y, %ctl = Identity(%x) [%x.ctl] : (tensor<f32>) -> (tensor<f32>)\n"
        '  return(%y) [%ctl {tfg.name = "done"}] : tensor<f32>\n'
        "}\n"
    )
    assert 'tfg.func @f(%x: tensor<f32> {tfg.name = "x"})' in out
    assert "Identity(%x) [%x.ctl]" in out
    assert 'return(%Identity) [%ctl {tfg.name = "done"}] : tensor<f32>' in out


def test_get_result_in_a_generic_function() -> None:
    out = _roundtrip(
        "tfg.func generic @g(%x: !tf_type.tensor) -> (!tf_type.tensor) {\n"
        "  %s, %ctl = Switch(%x, %x) : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)\n"
        '  %t = get_result(%s) "output_true" : 0\n'
        "  return(%t) : !tf_type.tensor\n"
        "}\n"
    )
    assert "tfg.func generic @g(%arg0: !tf_type.tensor)" in out
    assert 'get_result(%Switch) "output_true" : 0' in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tfg.graph {\n}\n", "invalid kind of attribute specified"),
        ("tfg.graph #tf_type.version<> {\n}\n", "expected a version attribute"),
        (
            'tfg.func @f() {\n  %ctl = "tfg.Op"() : () -> (!tf_type.control)\n}\n',
            "expects body to be terminated with a tfg.return, but got: tfg.Op",
        ),
        (
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n"
            '  %a:2, %c = "tfg.Op"() : () -> (!tf_type.control, tensor<f32>, !tf_type.control)\n'
            "}\n",
            "found non-control result in position #1 after control result in position #0",
        ),
        (
            "tfg.func generic @g(%x: !tf_type.tensor) -> (!tf_type.tensor) {\n"
            '  %t = get_result(%x) "y" : 2147483648\n'
            "  return(%t) : !tf_type.tensor\n"
            "}\n",
            "custom op 'tfg.get_result' integer value too large",
        ),
        (
            "tfg.func @f() {\n"
            "  %ctl = NoOp\n"
            '  "tfg.return"(%ctl) {control_ret_attrs = []} : (!tf_type.control) -> ()\n'
            "}\n",
            "expected as many control result attributes as there are control operands",
        ),
    ],
)
def test_verifier_messages(text: str, message: str) -> None:
    with pytest.raises(DiagnosticError) as raised:
        parse_verified(text)
    assert any(message in d.message for d in raised.value.diagnostics)


def test_fallback_class_is_only_for_unknown_ops() -> None:
    ctx = generated.context()
    ctx.ensure_dialect("tfg")
    ctx.ensure_dialect("tf")
    assert ctx.fallback_op("tfg") is not None
    assert ctx.fallback_op("tf") is None
    assert ctx.is_open_dialect("tfg")


def test_yield_takes_data_then_untyped_control_tokens() -> None:
    text = (
        "func.func @f(%a: tensor<i32>, %b: tensor<f32>, %c: !tf_type.control) {\n"
        '  "test.region"() ({\n'
        "    tfg.yield(%a, %b) [%c] : tensor<i32>, tensor<f32>\n"
        "  }) : () -> ()\n"
        '  "test.region"() ({\n'
        "    tfg.yield [%c]\n"
        "  }) : () -> ()\n"
        "  return\n"
        "}\n"
    )
    ctx = generated.context(allow_unregistered_dialects=True)
    module = parse_source(SourceFile("y.mlir", text), ctx)
    verify(module, ctx)
    printed = print_operation(module, generic=False)
    assert "tfg.yield(%arg0, %arg1) [%arg2] : tensor<i32>, tensor<f32>\n" in printed
    assert "tfg.yield [%arg2]\n" in printed
    generic = print_operation(module, generic=True)
    assert '"tfg.yield"(%arg2) <{operandSegmentSizes = array<i32: 0, 1>}>' in generic
    bad = text.replace(
        "tfg.yield(%a, %b) [%c] : tensor<i32>, tensor<f32>", "tfg.yield(%c) : !tf_type.control"
    )
    bad_module = parse_source(SourceFile("y.mlir", bad), ctx)
    with pytest.raises(DiagnosticError, match="data operand #0 is a control token"):
        verify(bad_module, ctx)


REGION_OPS = """\
tfg.func @f(%c: tensor<i1>, %i: tensor<i32>, %x: tensor<i32>) -> (tensor<i32>) {
  %IfRegion, %ctl = IfRegion %c [%x.ctl] then {
    yield(%x) : tensor<i32>
  } else {
    yield(%i) : tensor<i32>
  } : (tensor<i1>) -> (tensor<i32>)
  %CaseRegion, %ctl_0 = CaseRegion %i {
    yield(%x) : tensor<i32>
  }, {
    yield(%IfRegion) : tensor<i32>
  } {region_attrs = [#tfg.region_attrs<{tf.a} [] [{tf.b}]>, #tfg.region_attrs<{} [] [{}]>]} : (tensor<i32>) -> (tensor<i32>)
  return(%CaseRegion) : tensor<i32>
}
"""


def test_region_ops_and_region_attrs_print_back() -> None:
    ctx = generated.context()
    module = parse_source(SourceFile("r.mlir", REGION_OPS), ctx)
    verify(module, ctx)
    printed = print_operation(module, generic=False)
    assert "%IfRegion, %ctl = IfRegion %arg0 [%arg2.ctl] then {" in printed
    assert "} else {" in printed
    assert "%CaseRegion, %ctl_0 = CaseRegion %arg1 {" in printed
    assert "#tfg.region_attrs<{tf.a} [] [{tf.b}]>" in printed
    again = parse_source(SourceFile("r2.mlir", printed), ctx)
    assert print_operation(again, generic=False) == printed
