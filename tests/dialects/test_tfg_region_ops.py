"""The region ops of the tfg dialect (opdefs/tfg.td): `IfRegion`, `CaseRegion`,
`WhileRegion`, `ForRegion`, their stateless and stateful variants and the
`condition` terminator, in TensorFlow's syntax, generic form and verifier messages.

The expected custom forms are those TensorFlow's own region-op tests check."""

from __future__ import annotations

from pathlib import Path

import pytest
from dialects.ir_text import RunOdsgen, check_verify_diagnostics, print_text

import generated
from generator.ir import print_operation, verify
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

# One graph per op, with TensorFlow's region-op test cases.
REGION_OPS = """\
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xf32>)
  %Op0:2, %ctl_0 = Op : () -> (tensor<*xi32>, tensor<*xi32>)
  %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
  %IfRegion:2, %ctl_2 = IfRegion %cond [%ctl, %ctl_1] then {
    yield(%Op#0, %Op0#0) [%ctl_1] : tensor<*xf32>, tensor<*xi32>
  } else {
    yield(%Op#1, %Op0#1) [%ctl, %ctl_0] : tensor<*xf32>, tensor<*xi32>
  } : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)
}
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<*xf32>)
  %B, %ctl_1 = B : () -> (tensor<*xf32>)
  %C, %ctl_2 = C : () -> (tensor<*xf32>)
  %Case, %ctl_3 = CaseRegion %Index [%ctl_1] {
    yield(%A) : tensor<*xf32>
  }, {
    yield(%B) : tensor<*xf32>
  }, {
    yield(%C) : tensor<*xf32>
  } {branch_attrs = [{}, {}, {}]} : (tensor<i32>) -> (tensor<*xf32>)
}
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
  %WhileRegion:2, %ctl_0 = WhileRegion(%Op#0, %Op#1) [%ctl] {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>,
       %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Less, %ctl_0 = Less(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
    condition %Less : tensor<*xi1> (%arg0, %arg1) : tensor<*xf32>, tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>,
       %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Fwd:2, %ctl_0 = Fwd(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
    yield(%Fwd#0, %Fwd#1) [%ctl_0, %arg3] : tensor<*xf32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<f32>, tensor<i32>)
}
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<f32>)
}
"""

REGION_OPS_PRINTED = """\
module {
  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
    %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xf32>)
    %Op_0:2, %ctl_1 = Op : () -> (tensor<*xi32>, tensor<*xi32>)
    %Op_2, %ctl_3 = Op : () -> (tensor<*xi1>)
    %IfRegion:2, %ctl_4 = IfRegion %Op_2 [%ctl, %ctl_3] then {
      yield(%Op#0, %Op_0#0) [%ctl_3] : tensor<*xf32>, tensor<*xi32>
    } else {
      yield(%Op#1, %Op_0#1) [%ctl, %ctl_1] : tensor<*xf32>, tensor<*xi32>
    } : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)
  }
  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
    %Index, %ctl = Index : () -> (tensor<i32>)
    %A, %ctl_0 = A : () -> (tensor<*xf32>)
    %B, %ctl_1 = B : () -> (tensor<*xf32>)
    %C, %ctl_2 = C : () -> (tensor<*xf32>)
    %CaseRegion, %ctl_3 = CaseRegion %Index [%ctl_1] {
      yield(%A) : tensor<*xf32>
    }, {
      yield(%B) : tensor<*xf32>
    }, {
      yield(%C) : tensor<*xf32>
    } {branch_attrs = [{}, {}, {}]} : (tensor<i32>) -> tensor<*xf32>
  }
  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
    %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
    %WhileRegion:2, %ctl_0 = WhileRegion(%Op#0, %Op#1) [%ctl] {
    ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
      %Less, %ctl_1 = Less(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
      condition %Less : tensor<*xi1> (%arg0, %arg1) : tensor<*xf32>, tensor<*xi32>
    } do {
    ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
      %Fwd:2, %ctl_1 = Fwd(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
      yield(%Fwd#0, %Fwd#1) [%ctl_1, %arg3] : tensor<*xf32>, tensor<*xi32>
    } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<f32>, tensor<i32>)
  }
  tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
    %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
    %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
    %ForRegion, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
      yield(%arg1) [%arg3] : tensor<*xf32>
    } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<f32>)
  }
}
"""

# The optional parts: no operands, no control operands, no data results, the
# region and call attributes; uses before definitions in the graph regions.
VARIANTS = """\
tfg.func @test_while(%arg: tensor<i32>, %c: tensor<i1>) -> (tensor<i32>) {
  %While, %ctl = StatelessWhileRegion(%arg) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %True, %ctlTrue = True(%A) : (tensor<i32>) -> (tensor<i1>)
    %A, %ctlA = A(%arg0) : (tensor<i32>) -> (tensor<i32>)
    condition %True : tensor<i1> (%arg0) [%ctlA] : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %A, %ctlA = A(%B) : (tensor<i32>) -> (tensor<i32>)
    %B, %ctlB = B(%arg) : (tensor<i32>) -> (tensor<i32>)
    yield(%A) : tensor<i32>
  } {parallel_iterations = 10 : i64, cond_attrs = {_some = 1 : i32}, body_region_attrs = #tfg.region_attrs<{} [{}] [{}]>} : (tensor<i32>) -> (tensor<i32>)
  %ctl_0 = StatefulWhileRegion [%ctl] {
    %T, %ctlT = T : () -> (tensor<i1>)
    condition %T : tensor<i1> [%ctlT]
  } do {
    yield
  } {parallel_iterations = 1 : i64}
  %ctl_1 = ForRegion [%ctl_0] from %arg to %arg by %arg {
  ^bb0(%i: tensor<i32>, %i.ctl: !tf_type.control):
    yield [%i.ctl]
  } : (tensor<i32>, tensor<i32>, tensor<i32>)
  %ctl_2 = StatelessIfRegion %c [%ctl_1] then {
    yield
  } else {
    yield
  } {then_attrs = {a}, else_region_attrs = #tfg.region_attrs<{} [] []>} : (tensor<i1>) -> ()
  return(%While) [%ctl_2] : tensor<i32>
}
"""

VARIANTS_PRINTED = """\
module {
  tfg.func @test_while(%arg0: tensor<i32>,
                       %arg1: tensor<i1>)
      -> (tensor<i32>) {
    %StatelessWhileRegion, %ctl = StatelessWhileRegion(%arg0) {
    ^bb0(%arg0_3: tensor<i32>, %arg1_4: !tf_type.control):
      %True, %ctl_5 = True(%A) : (tensor<i32>) -> (tensor<i1>)
      %A, %ctl_6 = A(%arg0_3) : (tensor<i32>) -> (tensor<i32>)
      condition %True : tensor<i1> (%arg0_3) [%ctl_6] : tensor<i32>
    } do {
    ^bb0(%arg0_3: tensor<i32>, %arg1_4: !tf_type.control):
      %A, %ctl_5 = A(%B) : (tensor<i32>) -> (tensor<i32>)
      %B, %ctl_6 = B(%arg0) : (tensor<i32>) -> (tensor<i32>)
      yield(%A) : tensor<i32>
    } {body_region_attrs = #tfg.region_attrs<{} [{}] [{}]>, cond_attrs = {_some = 1 : i32}, parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
    %ctl_0 = StatefulWhileRegion [%ctl] {
      %T, %ctl_3 = T : () -> (tensor<i1>)
      condition %T : tensor<i1> [%ctl_3]
    } do {
      yield
    } {parallel_iterations = 1 : i64}
    %ctl_1 = ForRegion [%ctl_0] from %arg0 to %arg0 by %arg0 {
    ^bb0(%arg0_3: tensor<i32>, %arg1_4: !tf_type.control):
      yield [%arg1_4]
    } : (tensor<i32>, tensor<i32>, tensor<i32>)
    %ctl_2 = StatelessIfRegion %arg1 [%ctl_1] then {
      yield
    } else {
      yield
    } {else_region_attrs = #tfg.region_attrs<{} [] []>, then_attrs = {a}} : (tensor<i1>) -> ()
    return(%StatelessWhileRegion) [%ctl_2] : tensor<i32>
  }
}
"""


@pytest.mark.parametrize(
    ("text", "printed"), [(REGION_OPS, REGION_OPS_PRINTED), (VARIANTS, VARIANTS_PRINTED)]
)
def test_custom_form_prints_as_tensorflow_does(text: str, printed: str) -> None:
    assert print_text(text) == printed
    assert print_text(printed) == printed


@pytest.mark.parametrize("text", [REGION_OPS, VARIANTS])
def test_generic_form_round_trips(text: str) -> None:
    generic = print_text(text, generic=True)
    assert print_text(generic, generic=True) == generic
    assert print_text(generic) == print_text(text)


def test_generic_form_of_the_loops() -> None:
    generic = print_text(REGION_OPS, generic=True)
    assert (
        '"tfg.WhileRegion"(%3#0, %3#1, %3#2) <{operandSegmentSizes = array<i32: 2, 1>, '
        "parallel_iterations = 10 : i64}> ({"
    ) in generic
    assert (
        '"tfg.condition"(%6#0, %arg8, %arg9) <{operandSegmentSizes = array<i32: 1, 2, 0>}> '
        ": (tensor<*xi1>, tensor<*xf32>, tensor<*xi32>) -> ()"
    ) in generic
    assert (
        '"tfg.ForRegion"(%0#0, %0#1, %0#2, %1#0, %0#3) '
        "<{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> ({"
    ) in generic


def test_result_names_follow_the_op_name() -> None:
    printed = print_text(VARIANTS)
    assert "%StatelessWhileRegion, %ctl = StatelessWhileRegion(%arg0) {" in printed
    # Without data results only the control result is named.
    assert "%ctl_0 = StatefulWhileRegion [%ctl] {" in printed


# One verifier rule per section, with TensorFlow's message.
INVALID = """\
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi32>, tensor<*xf32>)
  // expected-error@+1 {{operand #0 must be tensor of 1-bit signless integer values}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    yield(%fwd) [%ctl] : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi32>) -> (tensor<*xf32>)
}
// -----
tfg.func @f(%c: tensor<i1>, %x: tensor<f32>) -> (tensor<f32>) {
  // expected-error@+1 {{then region must be terminated by a 'tfg.yield'}}
  %IfRegion, %ctl_0 = IfRegion %c then {
    %ctl = NoOp
  } else {
    yield(%x) : tensor<f32>
  } : (tensor<i1>) -> (tensor<f32>)
  return(%IfRegion) : tensor<f32>
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{else region must be terminated by a 'tfg.yield'}}
  %IfRegion, %ctl_0 = StatelessIfRegion %cond then {
    yield(%fwd) [%ctl] : tensor<*xf32>
  } else {
    condition %cond : tensor<*xi1>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{along control flow edge from Operation tfg.yield to parent: successor operand type #0 'tensor<*xi1>' should match successor input type #0 'tensor<*xf32>'}}
  %IfRegion, %ctl_0 = StatefulIfRegion %cond then {
    yield(%cond) : tensor<*xi1>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{along control flow edge from Operation tfg.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    yield(%fwd, %fwd) : tensor<*xf32>, tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{region #1 has 1 result(s) but preserved attributes has 0}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } {else_region_attrs = #tfg.region_attrs<{} [] []>} : (tensor<*xi1>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{region #0 expected same number of data values and control tokens (1 vs. 0)}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
  ^bb0(%a: tensor<*xf32>):
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %cond, %fwd, %ctl = Op : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{along control flow edge from parent to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %IfRegion, %ctl_0 = IfRegion %cond then {
  ^bb0(%a: tensor<*xf32>, %b: !tf_type.control):
    yield(%fwd) : tensor<*xf32>
  } else {
    yield(%fwd) : tensor<*xf32>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error@+1 {{branch region #0 is not terminated by a 'tfg.yield' op}}
  %CaseRegion, %ctl_1 = CaseRegion %Index {
    condition %A : tensor<f32>
  } : (tensor<i32>) -> (tensor<f32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error@+1 {{has 1 regions but 2 branch function attributes}}
  %CaseRegion, %ctl_1 = StatelessCaseRegion %Index {
    yield(%A) : tensor<f32>
  } {Tout = [f32], branch_attrs = [{}, {}], output_shapes = [#tf_type.shape<>]}
  : (tensor<i32>) -> (tensor<f32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %A, %ctl_0 = A : () -> (tensor<f32>)
  // expected-error@+1 {{expected 1 region attribute(s) but got 2}}
  %CaseRegion, %ctl_1 = StatefulCaseRegion %Index {
    yield(%A) : tensor<f32>
  } {region_attrs = [#tfg.region_attrs<{} [] [{}]>, #tfg.region_attrs<{} [] [{}]>]}
  : (tensor<i32>) -> (tensor<f32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{condition region must be terminated by a 'tfg.condition' op}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    yield(%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] : tensor<*xi32>
  } {T = [i32], output_shapes = [#tf_type.shape<>], parallel_iterations = 10 :i64}
  : (tensor<*xi32>) -> (tensor<*xi32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{body region must be terminated by a 'tfg.yield' op}}
  %WhileRegion, %ctl_0 = StatelessWhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %Cond, %ctl_2 = Cond : () -> (tensor<*xi1>)
    condition %Cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{region #1 argument #0 should not be a control token}}
  %WhileRegion, %ctl_0 = StatefulWhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: !tf_type.control, %arg1: tensor<*xi32>):
    yield(%arg1) : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{along control flow edge from parent to Region #0: successor operand type #0 'tensor<*xi32>' should match successor input type #0 'tensor<*xf32>'}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xf32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<*xf32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{along control flow edge from Operation tfg.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %a: tensor<*xi32>, %arg1: !tf_type.control, %b: !tf_type.control):
    yield(%arg0) : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{along control flow edge from Operation tfg.yield to Region #0: successor operand type #0 'tensor<f32>' should match successor input type #0 'tensor<*xi32>'}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %F, %ctl_2 = F : () -> (tensor<f32>)
    yield(%F) : tensor<f32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  // expected-error@+1 {{requires attribute 'parallel_iterations'}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) [%ctl] {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    %cond, %ctl_1 = Op : () -> (tensor<*xi1>)
    condition %cond : tensor<*xi1> (%arg0) : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<*xi32>
  } : (tensor<*xi32>) -> (tensor<*xi32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error@+1 {{expected first body block argument to be an i32 tensor}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error@+1 {{body region must be terminated by a 'tfg.yield' op}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    condition %Index : tensor<i32>
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error@+1 {{expected the body block to have at least have the loop index as an argument}}
  %ctl_1 = ForRegion [%ctl] from %Index to %Index by %Index {
  ^bb0:
    yield
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error@+1 {{region #0 expected same number of data values and control tokens (2 vs. 1)}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control):
    yield(%arg1) [%arg2] : tensor<*xf32>
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  // expected-error@+1 {{region #0 argument #1 should not be a control token}}
  %For, %ctl_1 = ForRegion(%Index) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control, %arg2: !tf_type.control, %arg3: tensor<*xf32>):
    yield(%arg0) [%arg2] : tensor<i32>
  } {T = [f32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error@+1 {{along control flow edge from Operation tfg.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Index : () -> (tensor<i32>)
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // expected-error@+1 {{region #0 has 2 argument(s) but preserved attributes has 1}}
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index to %Index by %Index {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } {region_attrs = #tfg.region_attrs<{} [{}] [{}]>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// -----
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %A, %ctl = A : () -> (tensor<f32>)
  %B, %ctl_0 = B : () -> (tensor<f32>)
  // expected-error@+1 {{operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<f32>'}}
  "tfg.condition"(%A) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<f32>) -> ()
}
"""


def test_verifier_messages(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    check_verify_diagnostics(run_odsgen, tmp_path, INVALID)


def test_builders_make_a_while_loop() -> None:
    """A loop built with the generated builders verifies and prints back."""
    from generated.tf_type.types import ControlType
    from generated.tfg import ConditionOp, GraphOp, WhileRegionOp, YieldOp
    from generator.ir import IntegerType, RankedTensorType, parse_attribute

    i32 = RankedTensorType.get((), IntegerType.get(32))
    control = ControlType.get()
    ctx = generated.context()
    seed = parse_source(
        SourceFile(
            "seed.mlir",
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n"
            "  %X, %ctl = X : () -> (tensor<i32>)\n"
            "  %C, %ctl_0 = C : () -> (tensor<i1>)\n"
            "}\n",
        ),
        ctx,
    )
    graph = seed.regions[0].blocks[0].first_op
    assert isinstance(graph, GraphOp)
    x_op = graph.nodes.blocks[0].first_op
    assert x_op is not None
    assert x_op.next_op is not None
    x, x_ctl = x_op.results
    c = x_op.next_op.results[0]
    loop = graph.nodes.blocks[0].append(
        WhileRegionOp(
            [x],
            [x_ctl],
            parallel_iterations=parse_attribute("10 : i64"),
            outs_types=[i32],
            ctl_type=control,
        )
    )
    cond, body = (region.blocks[0] for region in loop.regions)
    for block in (cond, body):
        block.add_argument(i32)
        block.add_argument(control)
    cond.append(ConditionOp(c, [cond.args[0]], [cond.args[1]]))
    body.append(YieldOp([body.args[0]], [body.args[1]]))
    verify(seed, ctx)
    printed = print_operation(seed, generic=False)
    assert "%WhileRegion, %ctl_1 = WhileRegion(%X) [%ctl] {" in printed
    assert "condition %C : tensor<i1> (%arg0) [%arg1] : tensor<i32>" in printed
    assert "} {parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>" in printed
    assert print_text(printed) == printed
