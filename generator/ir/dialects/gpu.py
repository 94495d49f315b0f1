"""The `gpu` dialect's asynchronous form and its matrix type.

`!gpu.mma_matrix<16x16xf16, "AOp">` is a matrix a subgroup holds for a matrix
multiply-accumulate: a static 2-D shape, an element type and the operand it is
(`AOp`, `BOp` or `COp`). MLIR defines it in C++; the generated class parses, prints
and verifies its parameters with the functions here.


GPU ops that may run asynchronously take the tokens they wait for and may return a
token of their own (`!gpu.async.token`). Their formats say
`custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)`: the keyword
`async` when the op returns a token, then the tokens waited for in square brackets,
left out when there are none. The generated parsers and printers call these
functions by that name.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attr_type_base import ParametricType
from generator.ir.core import Operation, Value
from generator.ir.opasm import AsmParser, AsmPrinter, SourcePos, UnresolvedOperand
from generator.ir.types import FloatType, IntegerType, Signedness, Type

__all__ = [
    "mma_matrix_text",
    "parse_async_dependencies",
    "parse_mma_matrix",
    "print_async_dependencies",
    "verify_mma_matrix",
]

#: The element types a matrix may hold (MLIR's `isF16`, ..., `isInteger(32)`).
_MMA_FLOATS = frozenset({"f16", "f32", "f64"})


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


def parse_mma_matrix(p: AsmParser, cls: type[ParametricType]) -> tuple[list[int], Type, str]:
    """Read `<16x16xf16, "AOp">` after `!gpu.mma_matrix`: the shape (static), the
    element type and the operand's name. The parameters' errors are reported where
    the mnemonic starts, as MLIR's dialect parser reports them."""
    name = SourcePos(p.current_pos() - len(cls.MNEMONIC))
    p.expect("<")
    shape = p.parse_dimension_list(allow_dynamic=False)
    element = p.parse_type()
    p.expect(",")
    operand = p.parse_string_literal()
    p.expect(">")
    message = verify_mma_matrix(shape, element, operand)
    if message is not None:
        p.error_at(name, message)
    return shape, element, operand


def mma_matrix_text(shape: Sequence[int], element: Type, operand: str) -> str:
    """`<16x16xf16, "AOp">`, the text after `!gpu.mma_matrix`."""
    dims = "".join(f"{d}x" for d in shape)
    return f'<{dims}{element}, "{operand}">'


def verify_mma_matrix(shape: Sequence[int], element: Type, operand: str) -> str | None:
    """Why these make no matrix type, or None (MLIR's `MMAMatrixType::verifyInvariants`)."""
    if operand not in ("AOp", "BOp", "COp"):
        return "operand expected to be one of AOp, BOp or COp"
    if len(shape) != 2:
        return "MMAMatrixType must have exactly two dimensions"
    if isinstance(element, FloatType) and element.name in _MMA_FLOATS:
        return None
    if isinstance(element, IntegerType) and (
        element.width == 32 or (element.width == 8 and element.signedness != Signedness.SIGNLESS)
    ):
        return None
    return "MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64"
