"""A `tf_executor` loop built in Python with the generated builders.

The seed's control-flow ops make a counting loop, as TensorFlow lowers a
`while` loop: `Enter` the loop frame, `Merge` the initial value with the one
`NextIteration` carries round, test it (`LoopCond`), `Switch` it to the body or
to the `Exit`, add one in an island and send it back through
`NextIteration.Sink`. The graph is verified, printed in the custom form, parsed
back, and printed identically.
"""

from __future__ import annotations

import generated
from generated.builtin import ModuleOp
from generated.func import FuncOp, ReturnOp
from generated.tf import AddV2Op, ConstOp, LessOp
from generated.tf_executor import (
    ControlType,
    EnterOp,
    ExitOp,
    FetchOp,
    GraphOp,
    IslandOp,
    LoopCondOp,
    MergeOp,
    NextIterationSinkOp,
    NextIterationSourceOp,
    SwitchOp,
    TokenType,
    YieldOp,
)
from generator.ir import (
    Block,
    FunctionType,
    IntegerType,
    Operation,
    RankedTensorType,
    Value,
    parse_attribute,
    parse_source,
    print_operation,
    verify,
)
from generator.ir.source import SourceFile

I32 = RankedTensorType.get((), IntegerType.get(32))
I1 = RankedTensorType.get((), IntegerType.get(1))
CONTROL = ControlType.get()


def _island(graph_body: Block, op: Operation) -> Value:
    """An island wrapping one `tf` op; its result is the island's."""
    island = graph_body.append(IslandOp(outputs_types=[op.results[0].type], control_type=CONTROL))
    body = island.regions[0].blocks[0]  # the builder makes the one block
    body.append(op)
    body.append(YieldOp([op.results[0]]))
    return island.results[0]


def build_loop() -> ModuleOp:
    """`func.func @count(%start, %limit)`: count from start up to limit in a graph."""
    module = ModuleOp()
    func = (
        module.regions[0]
        .blocks[0]
        .append(FuncOp(sym_name="count", function_type=FunctionType.get((I32, I32), (I32,))))
    )
    entry = func.regions[0].add_block(Block((I32, I32)))
    start, limit = entry.args
    graph = entry.append(GraphOp(results_types=[I32]))
    body = graph.regions[0].blocks[0]

    enter = body.append(
        EnterOp(start, frame_name="count_frame", output_type=I32, control_type=CONTROL)
    )
    source = body.append(
        NextIterationSourceOp(output_type=I32, token_type=TokenType.get(), control_type=CONTROL)
    )
    merge = body.append(
        MergeOp(
            [enter.results[0], source.results[0]],
            output_type=I32,
            value_index_type=I32,
            control_type=CONTROL,
        )
    )
    less = _island(body, LessOp(merge.results[0], limit, z_type=I1))
    cond = body.append(LoopCondOp(less, output_type=I1, control_type=CONTROL))
    switch = body.append(
        SwitchOp(
            merge.results[0],
            cond.results[0],
            true_output_type=I32,
            false_output_type=I32,
            control_type=CONTROL,
        )
    )
    exit_ = body.append(ExitOp(switch.results[1], output_type=I32, control_type=CONTROL))
    one = _island(body, ConstOp(value=parse_attribute("dense<1> : tensor<i32>"), output_type=I32))
    incremented = _island(body, AddV2Op(switch.results[0], one, z_type=I32))
    body.append(NextIterationSinkOp(source.results[1], incremented))
    body.append(FetchOp([exit_.results[0]]))
    entry.append(ReturnOp([graph.results[0]]))
    return module


def test_a_loop_builds_verifies_prints_and_parses_back() -> None:
    module = build_loop()
    ctx = generated.context(allow_unregistered_dialects=True)
    verify(module, ctx)
    text = print_operation(module, generic=False)
    for piece in (
        'tf_executor.Enter %arg0 frame "count_frame" : tensor<i32>',
        "tf_executor.NextIteration.Source : tensor<i32>",
        "tf_executor.Merge",
        "tf_executor.LoopCond",
        "tf_executor.Switch",
        "tf_executor.Exit",
        "tf_executor.NextIteration.Sink[%",
        "tf_executor.fetch",
    ):
        assert piece in text, text
    reparsed = parse_source(SourceFile("loop.mlir", text), ctx)
    verify(reparsed, ctx)
    assert print_operation(reparsed, generic=False) == text
    assert print_operation(reparsed, generic=True) == print_operation(module, generic=True)
