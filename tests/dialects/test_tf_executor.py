"""The `tf_executor` dialect from its spec: syntax, verifier and canonicalization.

Each op's custom form prints back as it reads, implicit terminators are added
and give graphs and islands their result types, the `wraps` form of an island
keeps the one location it writes, the dialect's errors read as TensorFlow's,
and the canonicalization patterns and the island folder simplify graphs as
TensorFlow's do.
"""

from __future__ import annotations

import pytest
from dialects.ir_text import parse_verified

import generated
from generated.tf_executor import ControlType, IslandOp, SendOp
from generator.ir import (
    DiagnosticError,
    NameLoc,
    apply_patterns_greedily,
    parse_source,
    print_operation,
    verify,
)
from generator.ir.source import SourceFile


def _errors(text: str) -> list[str]:
    ctx = generated.context(allow_unregistered_dialects=True)
    with pytest.raises(DiagnosticError) as info:
        verify(parse_source(SourceFile("x.mlir", text), ctx), ctx, print_op_on_diagnostic=False)
    return [d.message for d in info.value.diagnostics]


EVERY_OP = """\
module {
  func.func @f(%arg0: tensor<*xf32>, %arg1: tensor<i1>, %arg2: tensor<i32>, %arg3: !tf_executor.control) -> tensor<*xf32> {
    %0 = tf_executor.graph {
      %trueOutput, %falseOutput, %control = tf_executor.Switch %arg0, %arg1, %arg3 : tensor<*xf32>
      %trueOutput_0, %falseOutput_1, %control_2 = tf_executor.Switch %arg0, %arg1 : (tensor<*xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<4xf32>, !tf_executor.control)
      %outputs:3, %control_3 = tf_executor._SwitchN %arg0, %arg2 of 3 (%control, %control_2) : tensor<*xf32> {note = "n"}
      %output, %value_index, %control_4 = tf_executor.Merge %trueOutput, %falseOutput, %control : tensor<*xf32>
      %output_5, %value_index_6, %control_7 = tf_executor.Merge %arg0 : (tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
      %output_8, %control_9 = tf_executor.Enter %output, %control_4 frame "a\\22b" parallel_iterations 3 constant  : tensor<*xf32>
      %output_10, %control_11 = tf_executor.Enter %arg1 frame "f" : (tensor<i1>) -> (tensor<*xi1>, !tf_executor.control)
      %output_12, %token, %control_13 = tf_executor.NextIteration.Source : tensor<*xf32>
      tf_executor.NextIteration.Sink[%token] %output_8, %control_9 : tensor<*xf32>
      %output_14, %control_15 = tf_executor.LoopCond %arg1, %control_13 : tensor<i1>
      %output_16, %control_17 = tf_executor.Exit %output_12 : tensor<*xf32>
      %output_18, %control_19 = tf_executor.Exit %arg1 : (tensor<i1>) -> (tensor<*xi1>, !tf_executor.control)
      %1 = tf_executor.Send %output_16, %control_17 {recv_device = "/device:GPU:0", send_device = "/device:CPU:0", send_device_incarnation = 1 : i64, tensor_name = "edge_1"} : tensor<*xf32>
      %output_20, %control_21 = tf_executor.Recv %1 {client_terminated = true, recv_device = "/device:GPU:0", send_device = "/device:CPU:0", send_device_incarnation = 1 : i64, tensor_name = "edge_1"} : tensor<*xf32>
      %2 = tf_executor.ControlTrigger %control_19, %control_21
      %outputs_22, %control_23 = tf_executor.island(%2) wraps "tf.Identity"(%output_20) : (tensor<*xf32>) -> tensor<*xf32>
      %control_24 = tf_executor.island {
        "tf.NoOp"() : () -> ()
        tf_executor.yield
      } {marked}
      tf_executor.fetch %outputs_22, %control_24 : tensor<*xf32>, !tf_executor.control
    }
    return %0 : tensor<*xf32>
  }
}
"""


def test_every_op_prints_back_as_written() -> None:
    module = parse_verified(EVERY_OP)
    assert print_operation(module, generic=False) == EVERY_OP
    # The generic form holds everything the custom form says.
    generic = print_operation(module, generic=True)
    assert print_operation(parse_verified(generic), generic=True) == generic


def test_implicit_terminators_give_the_result_types() -> None:
    module = parse_verified(
        "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
        "  %0 = tf_executor.graph {\n"
        "    %1:2 = tf_executor.island {\n"
        '      %2 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>\n'
        "      tf_executor.yield %2 : tensor<f32>\n"
        "    }\n"
        "    %3 = tf_executor.island {}\n"
        "    tf_executor.fetch %1#0, %3 : tensor<f32>, !tf_executor.control\n"
        "  }\n"
        "  tf_executor.graph {}\n"
        "  return %0 : tensor<f32>\n"
        "}\n"
    )
    text = print_operation(module, generic=False)
    assert "%outputs, %control = tf_executor.island {" in text
    assert "%control_0 = tf_executor.island {\n        tf_executor.yield\n      }" in text
    assert "tf_executor.graph {\n      tf_executor.fetch\n    }" in text
    island = next(op for op in module.walk() if isinstance(op, IslandOp))
    assert island.control.type is ControlType.get()


def test_wraps_writes_one_location_for_three() -> None:
    text = (
        "func.func @f(%x: tensor<f32>) {\n"
        "  tf_executor.graph {\n"
        "    %0:2 = tf_executor.island {\n"
        '      %1 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32> loc("neg")\n'
        '      tf_executor.yield %1 : tensor<f32> loc("neg")\n'
        '    } loc("neg")\n'
        "    tf_executor.fetch\n"
        "  }\n"
        "  return\n"
        "}\n"
    )
    module = parse_verified(text)
    printed = print_operation(module, generic=False, debuginfo=True)
    assert (
        'tf_executor.island wraps "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32> loc(#loc'
        in printed
    )
    # Read back, the island, the op it wraps and the implied yield all have that
    # location, which the alias at the end of the text names.
    again = parse_verified(printed)
    island = next(op for op in again.walk() if isinstance(op, IslandOp))
    locs = {id(island.loc), *(id(op.loc) for op in island.body.blocks[0])}
    assert len(locs) == 1
    assert island.loc is NameLoc.get("neg", None)
    # A yield with another location needs the long form.
    changed = text.replace(
        'tf_executor.yield %1 : tensor<f32> loc("neg")', "tf_executor.yield %1 : tensor<f32>"
    )
    assert "wraps" not in print_operation(parse_verified(changed), generic=False)


def test_unknown_type_is_reported_as_tensorflow_words_it() -> None:
    with pytest.raises(DiagnosticError, match="unknown tf_executor type: foobar"):
        parse_verified("func.func private @f() -> !tf_executor.foobar\n")


def test_control_after_data_reports_the_operand_and_the_constraint() -> None:
    errors = _errors(
        "func.func @f(%x: tensor<f32>, %c: !tf_executor.control) -> tensor<f32> {\n"
        '  %0 = "tf_executor.graph"() ({\n'
        '    "tf_executor.fetch"(%x, %c, %x) : (tensor<f32>, !tf_executor.control, tensor<f32>) -> ()\n'
        "  }) : () -> tensor<f32>\n"
        "  return %0 : tensor<f32>\n"
        "}\n"
    )
    assert errors == [
        "'tf_executor.fetch' op found non-control operand #2 after control operand",
        "'tf_executor.fetch' op failed to verify that all control inputs must appear after any "
        "non-control input",
    ]


def test_graph_reports_at_the_op_it_rejects() -> None:
    ctx = generated.context(allow_unregistered_dialects=True)
    text = (
        "func.func @f(%x: tensor<f32>) {\n"
        "  tf_executor.graph {\n"
        '    "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>\n'
        "  }\n"
        "  return\n"
        "}\n"
    )
    with pytest.raises(DiagnosticError) as info:
        verify(parse_source(SourceFile("x.mlir", text), ctx), ctx, print_op_on_diagnostic=False)
    (diag,) = info.value.diagnostics
    assert diag.message == "'tf.Neg' op unallowed inside a tf_executor.graph region"
    assert diag.loc is not None
    assert diag.loc.line_col == (3, 5)


@pytest.mark.parametrize(
    ("merge", "message"),
    [
        (
            '"tf_executor.Merge"(%r, %f) : (tensor<4x!tf_type.f32ref>, tensor<4xf32>) '
            "-> (tensor<4x!tf_type.f32ref>, tensor<i32>, !tf_executor.control)",
            "expects same operand and output element type but got 'tensor<4xf32>' vs "
            "'tensor<4x!tf_type.f32ref>'",
        ),
        (
            '"tf_executor.Merge"(%v, %f) : (tensor<4x!tf_type.variant>, tensor<4xf32>) '
            "-> (tensor<4x!tf_type.variant>, tensor<i32>, !tf_executor.control)",
            "expects all operands to be broadcastable with output type but got "
            "'tensor<4xf32>' vs 'tensor<4x!tf_type.variant>'",
        ),
    ],
)
def test_merge_applies_tensorflow_type_rules(merge: str, message: str) -> None:
    text = (
        "func.func @f(%r: tensor<4x!tf_type.f32ref>, %v: tensor<4x!tf_type.variant>, "
        "%f: tensor<4xf32>) {\n"
        "  tf_executor.graph {\n"
        f"    %0:3 = {merge}\n"
        "    tf_executor.fetch\n"
        "  }\n"
        "  return\n"
        "}\n"
    )
    assert _errors(text) == [f"'tf_executor.Merge' op {message}"]
    # A reference type is accepted where what it refers to is expected, and a
    # variant without subtypes matches one with.
    parse_verified(
        "func.func @f(%r: tensor<4x!tf_type.f32ref>, %f: tensor<4xf32>, "
        "%v: tensor<4x!tf_type.variant>, %w: tensor<4x!tf_type.variant<tensor<2xf32>>>) {\n"
        "  tf_executor.graph {\n"
        '    %0:3 = "tf_executor.Merge"(%r, %f) : (tensor<4x!tf_type.f32ref>, tensor<4xf32>) '
        "-> (tensor<?xf32>, tensor<i32>, !tf_executor.control)\n"
        '    %1:3 = "tf_executor.Merge"(%v, %w) : (tensor<4x!tf_type.variant>, '
        "tensor<4x!tf_type.variant<tensor<2xf32>>>) "
        "-> (tensor<4x!tf_type.variant<tensor<8xf32>>>, tensor<i32>, !tf_executor.control)\n"
        "    tf_executor.fetch\n"
        "  }\n"
        "  return\n"
        "}\n"
    )


def test_send_needs_its_rendezvous_attributes() -> None:
    text = (
        "func.func @f(%x: tensor<f32>) {\n"
        "  tf_executor.graph {\n"
        '    %0 = tf_executor.Send %x {recv_device = "b", send_device = "a", '
        "send_device_incarnation = 7 : i64} : tensor<f32>\n"
        "    tf_executor.fetch\n"
        "  }\n"
        "  return\n"
        "}\n"
    )
    assert _errors(text) == ["'tf_executor.Send' op requires attribute 'tensor_name'"]
    module = parse_verified(text.replace("7 : i64}", '7 : i64, tensor_name = "t"}'))
    send = next(op for op in module.walk() if isinstance(op, SendOp))
    assert send.tensor_name.value == "t"
    assert not send.client_terminated.value


CANONICALIZE_IN = """\
func.func @empty(%x: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    tf_executor.fetch %x : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func @one_island(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = tf_executor.graph {
    %1:3 = tf_executor.island {
      %a = "tf.A"(%x) : (tensor<f32>) -> tensor<f32>
      %b = "tf.B"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %a, %b : tensor<f32>, tensor<f32>
    }
    tf_executor.fetch %1#1, %x, %1#2 : tensor<f32>, tensor<f32>, !tf_executor.control
  }
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}
func.func @empty_islands(%x: tensor<f32>, %c: !tf_executor.control) -> tensor<f32> {
  %0 = tf_executor.graph {
    %t = tf_executor.ControlTrigger {}
    %1 = tf_executor.island {
      tf_executor.yield
    }
    %2:2 = tf_executor.island {
      tf_executor.yield %x : tensor<f32>
    }
    %3 = tf_executor.island(%c) {
      tf_executor.yield
    }
    %4:2 = tf_executor.island(%1, %3, %t) wraps "tf.C"(%2#0) : (tensor<f32>) -> tensor<f32>
    %5:2 = tf_executor.island(%4#1) wraps "tf.D"(%2#0) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %4#0, %1, %5#1 : tensor<f32>, !tf_executor.control, !tf_executor.control
  }
  return %0 : tensor<f32>
}
"""

CANONICALIZE_OUT = """\
module {
  func.func @empty(%arg0: tensor<f32>) -> tensor<f32> {
    return %arg0 : tensor<f32>
  }
  func.func @one_island(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
    %0 = "tf.A"(%arg0) : (tensor<f32>) -> tensor<f32>
    %1 = "tf.B"(%0) : (tensor<f32>) -> tensor<f32>
    return %1, %arg0 : tensor<f32>, tensor<f32>
  }
  func.func @empty_islands(%arg0: tensor<f32>, %arg1: !tf_executor.control) -> tensor<f32> {
    %0 = tf_executor.graph {
      %outputs, %control = tf_executor.island(%arg1) wraps "tf.C"(%arg0) : (tensor<f32>) -> tensor<f32>
      %outputs_0, %control_1 = tf_executor.island(%control) wraps "tf.D"(%arg0) : (tensor<f32>) -> tensor<f32>
      tf_executor.fetch %outputs, %control_1 : tensor<f32>, !tf_executor.control
    }
    return %0 : tensor<f32>
  }
}
"""


def test_canonicalization_patterns_and_folder() -> None:
    """DropEmptyGraph, HoistInnerOpsSingleIslandGraph, both DropEmptyIsland patterns,
    DropEmptyControlTrigger and the folder of an empty island with one control input."""
    module = parse_verified(CANONICALIZE_IN)
    patterns = generated.load_dialect("tf_executor")
    assert patterns is not None
    assert apply_patterns_greedily(module, patterns.pattern_sets["canonicalize"], top_down=True)
    assert print_operation(module, generic=False) == CANONICALIZE_OUT


@pytest.mark.parametrize(
    ("clause", "column"),
    [
        pytest.param("_SwitchN %arg0, %arg1 of 99999999999999999999", 49, id="switchn-num-outs"),
        pytest.param(
            'Enter %arg0 frame "f" parallel_iterations 99999999999999999999', 66, id="enter"
        ),
    ],
)
def test_an_integer_out_of_range_is_a_parse_error(clause: str, column: int) -> None:
    """Integers these forms read as `i64` attributes (`parseAttribute(..., i64)` in
    TensorFlow) are refused when they do not fit, as MLIR's parser refuses them."""
    text = (
        "func.func @f(%arg0: tensor<*xf32>, %arg1: tensor<i32>) {\n"
        "  tf_executor.graph {\n"
        f"    %0:2 = tf_executor.{clause} : tensor<*xf32>\n"
        "    tf_executor.fetch\n"
        "  }\n"
        "  return\n"
        "}\n"
    )
    with pytest.raises(DiagnosticError) as info:
        parse_source(SourceFile("x.mlir", text), generated.context())
    (diag,) = info.value.diagnostics
    assert diag.message == "integer constant out of range for attribute"
    assert diag.loc is not None
    assert diag.loc.line_col == (3, column)
