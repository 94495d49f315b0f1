"""An open dialect (`allowUnknownOperations`) accepts ops it does not define.

`tf` is open, as TensorFlow's dialect is: any `tf.*` op parses and verifies
without `--allow-unregistered-dialect`. `tfl` is not, so an unknown `tfl` op is
rejected with MLIR's message.
"""

from __future__ import annotations

import pytest

import generated
from generator.ir import DiagnosticError, print_operation, verify
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile


def test_unknown_op_of_an_open_dialect_is_valid() -> None:
    text = '%0 = "tf.SomeFutureOp"() {T = f32} : () -> tensor<2xf32>\n'
    ctx = generated.context()
    module = parse_source(SourceFile("x.mlir", text), ctx)
    verify(module, ctx)
    assert '"tf.SomeFutureOp"() {T = f32} : () -> tensor<2xf32>' in print_operation(module)


def test_unknown_op_of_a_closed_dialect_is_an_error() -> None:
    with pytest.raises(
        DiagnosticError, match=r"unregistered operation 'tfl\.nope' found in dialect"
    ):
        parse_source(SourceFile("x.mlir", '"tfl.nope"() : () -> ()\n'), generated.context())
