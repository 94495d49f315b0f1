"""The `gpu` dialect's asynchronous form: `async [%t0, %t1]` before an op's operands.

GPU ops that may run asynchronously take the tokens they wait for and may return a
token of their own (`!gpu.async.token`). Their formats say
`custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)`: the keyword
`async` when the op returns a token, then the tokens waited for in square brackets,
left out when there are none. The generated parsers and printers call these
functions by that name.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.core import Operation, Value
from generator.ir.opasm import AsmParser, AsmPrinter, UnresolvedOperand
from generator.ir.types import Type

__all__ = ["parse_async_dependencies", "print_async_dependencies"]


def parse_async_dependencies(p: AsmParser) -> tuple[list[Type], list[UnresolvedOperand]]:
    """Read `async` (then the op returns a `!gpu.async.token`: the optional result's
    types are that one) and `[%a, %b]`, both optional. `async` on an op whose results
    the text does not name is an error, as MLIR reports it."""
    pos = p.current_pos()
    result: list[Type] = []
    if p.consume_keyword("async"):
        if p.num_results() == 0:
            p.op_error(pos, "needs to be named when marked 'async'")
        result = [p.dialect_type("gpu", "async.token")]
    dependencies: list[UnresolvedOperand] = []
    if p.consume_if("["):
        dependencies = p.parse_operand_list()
        p.expect("]", "expected ']' in operand list")
    return result, dependencies


def print_async_dependencies(
    p: AsmPrinter, op: Operation, token_type: Type | None, dependencies: Sequence[Value]
) -> None:
    """Write `async` when the op returns a token, then the dependencies in square
    brackets when there are any."""
    if token_type is not None:
        p.write("async")
    if not dependencies:
        return
    if token_type is not None:
        p.write(" ")
    p.write("[" + p.operands(dependencies) + "]")
