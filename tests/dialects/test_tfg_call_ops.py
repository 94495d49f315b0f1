"""The call-style control-flow ops of the tfg dialect (opdefs/tfg.td): `If`,
`Case`, `While` (each with its stateless and stateful variant) and `For`, in
the node syntax of any tfg op, their generic form, builders and verifiers
(the called functions' signatures, the type attributes, the control values).

The expected custom forms are those TensorFlow's own concrete-op tests check."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dialects.ir_text import RunOdsgen, check_verify_diagnostics, parse_verified, print_text

import generated
from generator.cli import main
from generator.ir import print_operation, verify
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

FUNCS = """\
tfg.func @then_func(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>)
     -> (tensor<*xf32>) {
  return(%arg0) : tensor<*xf32>
}
tfg.func @else_func(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>)
     -> (tensor<*xf32>) {
  return(%arg1) : tensor<*xf32>
}
tfg.func @cond_func(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>)
     -> (tensor<*xi1>) {
  %True, %ctl = True : () -> (tensor<*xi1>)
  return(%True) : tensor<*xi1>
}
tfg.func @body_func(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>)
     -> (tensor<*xf32>, tensor<*xf32>) {
  %Ret:2, %ctl = Ret : () -> (tensor<*xf32>, tensor<*xf32>)
  return(%Ret#0, %Ret#1) : tensor<*xf32>, tensor<*xf32>
}
tfg.func @case_func(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>)
     -> (tensor<*xi32>, tensor<*xi64>) {
  %Ret:2, %ctl = Ret : () -> (tensor<*xi32>, tensor<*xi64>)
  return(%Ret#0, %Ret#1) : tensor<*xi32>, tensor<*xi64>
}
tfg.func @for_body(%i: tensor<i32>, %arg0: tensor<*xf32>)
     -> (tensor<*xf32>) {
  return(%arg0) : tensor<*xf32>
}
tfg.func generic @generic_body(%i: !tf_type.tensor, %arg0: !tf_type.tensor)
     -> (!tf_type.tensor) {
  return(%arg0) : !tf_type.tensor
}
"""

# Every op, with and without its optional attributes, control operands and
# node keywords, calling defined, undefined and generic functions.
GRAPH = """\
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %args:2, %cond, %ctl_0 = Op : () -> (tensor<*xf32>, tensor<*xf32>, tensor<*xi1>)
  %If, %ctl_1 = If(%cond, %args#0, %args#1) [%ctl_0] {
    Tcond = i1, Tin = [f32, f32], Tout = [f32],
    else_branch = #tf_type.func<@else_func, {}>,
    output_shapes = [#tf_type.shape<>],
    then_branch = #tf_type.func<@then_func, {}>
  } : (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  %While:2, %ctl_2 = While(%args#0, %If) [%ctl_0, %ctl_1] {
    T = [f32, f32], body = #tf_type.func<@body_func, {}>, cond = #tf_type.func<@cond_func, {}>,
    output_shapes = [#tf_type.shape<>, #tf_type.shape<>], parallel_iterations = 10 : i64
  } : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %Index:3, %ctl_3 = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %Case:2, %ctl_4 = Case(%Index#0, %args#0, %If) [%ctl_2] {
    Tin = [f32, f32], Tout = [i32, i64],
    branches = [#tf_type.func<@case_func, {}>, #tf_type.func<@case_func, {}>],
    output_shapes = [#tf_type.shape<>, #tf_type.shape<>]
  } : (tensor<i32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xi64>)
  %For, %ctl_5 = For(%Index#0, %Index#1, %Index#2, %If)
  {T = [f32], body = #tf_type.func<@for_body, {}>}
  : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  %If_0, %ctl_6 = StatelessIf(%cond) name("if") {
    else_branch = #tf_type.func<@unknown_else, {}>, then_branch = #tf_type.func<@unknown_then, {}>
  } : (tensor<*xi1>) -> (tensor<*xf32>)
  %ctl_7 = StatefulIf(%cond) device("CPU") {
    else_branch = #tf_type.func<@unknown_else, {}>, then_branch = #tf_type.func<@unknown_then, {T = f32}>
  } : tensor<*xi1>
  %Case_0, %ctl_8 = StatelessCase(%Index#0) [%ctl_7] {
    branches = [#tf_type.func<@unknown_case, {}>]
  } : (tensor<i32>) -> (tensor<*xi32>)
  %ctl_9 = StatefulCase(%Index#0) {branches = []} : tensor<i32>
  %While_0, %ctl_10 = StatelessWhile(%If_0) {
    body = #tf_type.func<@unknown_body, {}>, cond = #tf_type.func<@unknown_cond, {}>,
    parallel_iterations = 1 : i64
  } : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_11 = StatefulWhile [%ctl_10] {
    body = #tf_type.func<@unknown_body, {}>, cond = #tf_type.func<@unknown_cond, {}>,
    parallel_iterations = 1 : i64
  }
  %For_0, %ctl_12 = For(%Index#0, %Index#1, %Index#2, %If) assigned_device("GPU")
  {body = #tf_type.func<@generic_body, {}>}
  : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
"""

CALL_OPS = FUNCS + GRAPH

PRINTED = [
    "%If, %ctl_0 = If(%Op#2, %Op#0, %Op#1) [%ctl] {Tcond = i1, Tin = [f32, f32], Tout = [f32], "
    "else_branch = #tf_type.func<@else_func, {}>, output_shapes = [#tf_type.shape<>], "
    "then_branch = #tf_type.func<@then_func, {}>} "
    ": (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)",
    "%While:2, %ctl_1 = While(%Op#0, %If) [%ctl, %ctl_0] {T = [f32, f32], "
    "body = #tf_type.func<@body_func, {}>, cond = #tf_type.func<@cond_func, {}>, "
    "output_shapes = [#tf_type.shape<>, #tf_type.shape<>], parallel_iterations = 10 : i64} "
    ": (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)",
    "%Case:2, %ctl_3 = Case(%Index#0, %Op#0, %If) [%ctl_1] {Tin = [f32, f32], Tout = [i32, i64], "
    "branches = [#tf_type.func<@case_func, {}>, #tf_type.func<@case_func, {}>], "
    "output_shapes = [#tf_type.shape<>, #tf_type.shape<>]} "
    ": (tensor<i32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xi64>)",
    "%For, %ctl_4 = For(%Index#0, %Index#1, %Index#2, %If) {T = [f32], "
    "body = #tf_type.func<@for_body, {}>} "
    ": (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)",
    '%StatelessIf, %ctl_5 = StatelessIf(%Op#2) name("if") '
    "{else_branch = #tf_type.func<@unknown_else, {}>, then_branch = #tf_type.func<@unknown_then, {}>} "
    ": (tensor<*xi1>) -> (tensor<*xf32>)",
    '%ctl_6 = StatefulIf(%Op#2) device("CPU") {else_branch = #tf_type.func<@unknown_else, {}>, '
    "then_branch = #tf_type.func<@unknown_then, {T = f32}>} : tensor<*xi1>",
    "%StatelessCase, %ctl_7 = StatelessCase(%Index#0) [%ctl_6] "
    "{branches = [#tf_type.func<@unknown_case, {}>]} : (tensor<i32>) -> (tensor<*xi32>)",
    "%ctl_8 = StatefulCase(%Index#0) {branches = []} : tensor<i32>",
    "%StatelessWhile, %ctl_9 = StatelessWhile(%StatelessIf) {body = #tf_type.func<@unknown_body, {}>, "
    "cond = #tf_type.func<@unknown_cond, {}>, parallel_iterations = 1 : i64} "
    ": (tensor<*xf32>) -> (tensor<*xf32>)",
    "%ctl_10 = StatefulWhile [%ctl_9] {body = #tf_type.func<@unknown_body, {}>, "
    "cond = #tf_type.func<@unknown_cond, {}>, parallel_iterations = 1 : i64}",
    '%For_11, %ctl_12 = For(%Index#0, %Index#1, %Index#2, %If) assigned_device("GPU") '
    "{body = #tf_type.func<@generic_body, {}>} "
    ": (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)",
]

OPS = (
    "If",
    "StatelessIf",
    "StatefulIf",
    "Case",
    "StatelessCase",
    "StatefulCase",
    "While",
    "StatelessWhile",
    "StatefulWhile",
    "For",
)


def test_custom_form_prints_as_tensorflow_does() -> None:
    printed = print_text(CALL_OPS)
    lines = [line.strip() for line in printed.splitlines()]
    for expected in PRINTED:
        assert expected in lines, expected
    assert print_text(printed) == printed


def test_every_op_is_registered() -> None:
    module = parse_verified(CALL_OPS)
    graph = module.regions[0].blocks[0].last_op
    assert graph is not None
    names = {op.name: op for op in graph.regions[0].blocks[0]}
    for name in OPS:
        op = names[f"tfg.{name}"]
        assert op.is_registered, name
        assert type(op).__name__ == f"{name}Op"


def test_prints_as_an_unknown_op_of_the_same_name() -> None:
    """Renamed to ops the dialect does not define, the graph prints the same."""
    pattern = r"\b(" + "|".join(OPS) + r")\b(?=[( \[])"
    renamed = re.sub(pattern, r"X\1", GRAPH)
    assert renamed != GRAPH
    unknown = print_text(FUNCS + renamed)
    assert re.sub(r"\bX(" + "|".join(OPS) + ")", r"\1", unknown) == print_text(CALL_OPS)


def test_generic_form_round_trips() -> None:
    generic = print_text(CALL_OPS, generic=True)
    assert print_text(generic, generic=True) == generic
    assert print_text(generic) == print_text(CALL_OPS)
    assert (
        '"tfg.For"(%3#0, %3#1, %3#2, %1#0) <{T = [f32], body = #tf_type.func<@for_body, {}>}> '
        ": (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>, !tf_type.control)"
    ) in generic
    assert (
        '"tfg.StatelessIf"(%0#2) <{else_branch = #tf_type.func<@unknown_else, {}>, '
        'then_branch = #tf_type.func<@unknown_then, {}>}> {_mlir_name = "if"} '
        ": (tensor<*xi1>) -> (tensor<*xf32>, !tf_type.control)"
    ) in generic


INVALID = """\
// expected-note@+1 {{see referenced function}}
tfg.func @body(%i: tensor<i32>) -> (tensor<*xf32>) {
  %Ret, %ctl = Ret : () -> (tensor<*xf32>)
  return(%Ret) : tensor<*xf32>
}
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %Arg, %ctl = Op : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'tfg.For' op body function has 1 arguments but was provided 2}}
  %For, %ctl_0 = For(%Index, %Index, %Index, %Arg) {T = [f32], body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @body(%i: tensor<i32>, %a: tensor<*xf32>, %b: tensor<*xf32>) -> (tensor<*xf32>) {
  return(%a) : tensor<*xf32>
}
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %Arg, %ctl = Op : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'tfg.For' op body function has 1 results but expected 2}}
  %For:2, %ctl_0 = For(%Index, %Index, %Index, %Arg, %Arg) {body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @body(%i: tensor<f32>, %a: tensor<*xf32>) -> (tensor<*xf32>) {
  return(%a) : tensor<*xf32>
}
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %Arg, %ctl = Op : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'tfg.For' op body function argument #0 type 'tensor<f32>' is not compatible with corresponding operand type: 'tensor<i32>'}}
  %For, %ctl_0 = For(%Index, %Index, %Index, %Arg) {body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @then() -> (tensor<f32>) {
  %Ret, %ctl = Ret : () -> (tensor<f32>)
  return(%Ret) : tensor<f32>
}
tfg.func @test(%cond: tensor<i1>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.If' op then function result #0 type 'tensor<f32>' is not compatible with corresponding result type: 'tensor<i32>'}}
  %If, %ctl = If(%cond) {else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>} : (tensor<i1>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @else(%x: tensor<i32>) -> (tensor<i32>) {
  return(%x) : tensor<i32>
}
tfg.func @test(%cond: tensor<i1>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.StatelessIf' op else function has 1 arguments but was provided 0}}
  %If, %ctl = StatelessIf(%cond) {else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>} : (tensor<i1>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @case() -> (tensor<f32>) {
  %Ret, %ctl = Ret : () -> (tensor<f32>)
  return(%Ret) : tensor<f32>
}
tfg.func @test(%index: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.Case' op branch #1 function result #0 type 'tensor<f32>' is not compatible with corresponding result type: 'tensor<i32>'}}
  %Case, %ctl = Case(%index) {branches = [#tf_type.func<@other, {}>, #tf_type.func<@case, {}>]} : (tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @cond(%x: tensor<i32>) -> (tensor<i32>) {
  return(%x) : tensor<i32>
}
tfg.func @test(%x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.While' op cond function result #0 type 'tensor<i32>' is not compatible with corresponding result type: 'tensor<*xi1>'}}
  %While, %ctl = While(%x) {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  return(%While) : tensor<i32>
}

// -----

// expected-note@+1 {{see referenced function}}
tfg.func @body(%x: tensor<f32>) -> (tensor<f32>) {
  return(%x) : tensor<f32>
}
tfg.func @test(%x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.StatefulWhile' op body function argument #0 type 'tensor<f32>' is not compatible with corresponding operand type: 'tensor<i32>'}}
  %While, %ctl = StatefulWhile(%x) {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  return(%While) : tensor<i32>
}

// -----

tfg.func @test(%cond: tensor<i1>, %x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.If' op has 1 arguments but 2 argument types}}
  %If, %ctl = If(%cond, %x) {Tin = [i32, i32], else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%cond: tensor<i1>, %x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.If' op argument #0 is incompatible with dtype 'f32', got: 'tensor<i32>'}}
  %If, %ctl = If(%cond, %x) {Tin = [f32], else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

tfg.func @test(%index: tensor<i32>, %x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.StatelessCase' op has 1 results but 2 result types}}
  %Case, %ctl = StatelessCase(%index, %x) {Tout = [i32, i32], branches = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @test(%start: tensor<i32>, %x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'tfg.For' op result #0 is incompatible with dtype 'i32', got: 'tensor<f32>'}}
  %For, %ctl = For(%start, %start, %start, %x) {T = [i32], body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<f32>)
  return(%x) : tensor<i32>
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %x, %c = Op : () -> (tensor<i32>)
  // expected-error@+1 {{'tfg.While' op found non-control input in position #1 after control input in position #0}}
  %0:2 = "tfg.While"(%c, %x) {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (!tf_type.control, tensor<i32>) -> (tensor<i32>, !tf_type.control)
}

// -----

"tfg.graph_holder"() ({
^bb0(%x: tensor<i32>, %c: !tf_type.control):
  // expected-error@+1 {{'tfg.While' op not all control tokens come after non-control operands}}
  %0:2 = "tfg.While"(%c, %x) {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (!tf_type.control, tensor<i32>) -> (tensor<i32>, !tf_type.control)
}) : () -> ()

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Index, %ctl = Op : () -> (tensor<i32>)
  // expected-error@+1 {{'tfg.Case' op requires attribute 'branches'}}
  %Case, %ctl_0 = Case(%Index) : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Cond, %ctl = Op : () -> (tensor<i32>)
  // expected-error@+1 {{'tfg.If' op operand #0 must be}}
  %If, %ctl_0 = If(%Cond) {else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>} : (tensor<i32>) -> (tensor<f32>)
}
"""


def test_verifier_messages(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    check_verify_diagnostics(run_odsgen, tmp_path, INVALID)


def test_signature_note_shows_the_function(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As TensorFlow's, the note on a signature mismatch prints the function."""
    path = tmp_path / "bad.mlir"
    path.write_text(INVALID.split("// -----")[0], encoding="utf-8")
    assert main(["opt", str(path)]) != 0
    err = capsys.readouterr().err
    assert (
        "bad.mlir:2:1: note: \ntfg.func @body(%arg0: tensor<i32>)\n    -> (tensor<*xf32>) {\n"
        in err
    )
    assert "  return(%Ret) : tensor<*xf32>\n}\nsee referenced function\n" in err


def test_builders_make_call_ops() -> None:
    """Ops built with the generated builders verify and print in the node syntax."""
    from generated.tf_type.attrs import FuncAttr
    from generated.tf_type.types import ControlType
    from generated.tfg import CaseOp, ForOp, GraphOp, IfOp, WhileOp
    from generator.ir import (
        ArrayAttr,
        DictionaryAttr,
        FloatType,
        RankedTensorType,
        SymbolRefAttr,
        TypeAttr,
        parse_attribute,
    )

    f32 = RankedTensorType.get((), FloatType.get("f32"))
    control = ControlType.get()

    def func(name: str) -> FuncAttr:
        return FuncAttr.get(SymbolRefAttr.get(name), DictionaryAttr.get(()))

    ctx = generated.context()
    seed = parse_source(
        SourceFile(
            "seed.mlir",
            "tfg.func @body(%i: tensor<i32>, %x: tensor<f32>) -> (tensor<f32>) {\n"
            "  return(%x) : tensor<f32>\n"
            "}\n"
            "tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {\n"
            "  %X, %ctl = X : () -> (tensor<f32>)\n"
            "  %C, %ctl_0 = C : () -> (tensor<i1>)\n"
            "  %I, %ctl_1 = I : () -> (tensor<i32>)\n"
            "}\n",
        ),
        ctx,
    )
    graph = seed.regions[0].blocks[0].last_op
    assert isinstance(graph, GraphOp)
    block = graph.nodes.blocks[0]
    x_op = block.first_op
    assert x_op is not None
    assert x_op.next_op is not None
    assert x_op.next_op.next_op is not None
    x, x_ctl = x_op.results
    c = x_op.next_op.results[0]
    index = x_op.next_op.next_op.results[0]
    if_op = block.append(
        IfOp(
            c,
            [x, x_ctl],
            then_branch=func("then"),
            else_branch=func("else"),
            outs_types=[f32],
            ctl_type=control,
            tin=ArrayAttr.get((TypeAttr.get(f32.element_type),)),
        )
    )
    block.append(
        CaseOp(
            index,
            [if_op.outs[0]],
            branches=ArrayAttr.get((func("b0"),)),
            outs_types=[f32],
            ctl_type=control,
        )
    )
    block.append(
        WhileOp(
            [x],
            cond=func("cond"),
            body=func("loop"),
            parallel_iterations=parse_attribute("10 : i64"),
            outs_types=[f32],
            ctl_type=control,
        )
    )
    block.append(
        ForOp(index, index, index, [x], body=func("body"), outs_types=[f32], ctl_type=control)
    )
    verify(seed, ctx)
    printed = print_operation(seed, generic=False)
    assert (
        "%If, %ctl_2 = If(%C, %X) [%ctl] {Tin = [f32], else_branch = #tf_type.func<@else, {}>, "
        "then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)"
    ) in printed
    assert (
        "%Case, %ctl_3 = Case(%I, %If) {branches = [#tf_type.func<@b0, {}>]} "
        ": (tensor<i32>, tensor<f32>) -> (tensor<f32>)"
    ) in printed
    assert "%While, %ctl_4 = While(%X) {body = #tf_type.func<@loop, {}>" in printed
    assert (
        "%For, %ctl_5 = For(%I, %I, %I, %X) {body = #tf_type.func<@body, {}>} "
        ": (tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> (tensor<f32>)"
    ) in printed
    assert print_text(printed) == printed
