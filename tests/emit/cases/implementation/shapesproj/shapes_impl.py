"""The hand-written code of the `shp` dialect (spec: shapes.td).

Each function implements a hook the spec declares, named after the op's class
and the hook (`transpose_op_verify` for `Shp_TransposeOp`'s `hasVerifier`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.ir import (
    AsmParser,
    AsmPrinter,
    Attribute,
    DenseArrayAttr,
    FoldResult,
    IntegerAttr,
    IntegerType,
    Location,
    Operation,
    OpResult,
    PatternRewriter,
    RankedTensorType,
    SourcePos,
    Type,
    Value,
    constant_value,
    int_constant,
)

if TYPE_CHECKING:
    from shapesproj.dialects.shp import AddOp, ConstantOp, PairType, TransposeOp


def constant_op_fold(op: ConstantOp) -> FoldResult:
    return op.value


def add_op_fold(op: AddOp) -> FoldResult:
    lhs = int_constant(constant_value(op.lhs))
    rhs = int_constant(constant_value(op.rhs))
    if lhs is None or rhs is None:
        return None
    return IntegerAttr.get(op.result.type, lhs + rhs)


def add_op_reference(op: AddOp, lhs: int, rhs: int) -> int:
    """The sum wrapped to 64 bits: `odsgen run` executes `shp.add` by it."""
    return (lhs + rhs) & ((1 << 64) - 1)


def add_op_parse(cls: type[AddOp], p: AsmParser, name_pos: SourcePos) -> Operation:
    lhs = p.parse_operand()
    p.expect(",")
    rhs = p.parse_operand()
    attrs = p.parse_optional_attr_dict()
    i64 = IntegerType.get(64)
    operands = [p.resolve_operand(lhs, i64), p.resolve_operand(rhs, i64)]
    return p.create_op(cls, name_pos, operands, [i64], attributes=attrs)


def add_op_print(op: AddOp, p: AsmPrinter) -> None:
    p.write(f" {p.operand(op.lhs)}, {p.operand(op.rhs)}{p.attr_dict(op)}")


def transpose_op_verify(op: TransposeOp) -> str | None:
    source, result = op.input.type, op.output.type
    assert isinstance(source, RankedTensorType)
    assert isinstance(result, RankedTensorType)
    if tuple(reversed(source.shape)) != tuple(result.shape):
        return "requires the result shape to be the reverse of the input shape"
    return None


def transpose_op_canonicalize(op: TransposeOp, rewriter: PatternRewriter) -> bool:
    from shapesproj.dialects.shp import TransposeOp

    source = op.input
    if not isinstance(source, OpResult) or not isinstance(source.owner, TransposeOp):
        return False
    producer = source.owner
    rewriter.replace_op(op, [producer.input])
    return True


def transpose_op_build(cls: type[TransposeOp], input: Value) -> TransposeOp:
    source = input.type
    assert isinstance(source, RankedTensorType)
    result = RankedTensorType.get(tuple(reversed(source.shape)), source.element_type)
    return cls(input, output_type=result)


def transpose_op_permutation(op: TransposeOp, reverse: bool = True) -> tuple[int, ...]:
    source = op.input.type
    assert isinstance(source, RankedTensorType)
    order = range(len(source.shape))
    return tuple(reversed(order)) if reverse else tuple(order)


def transpose_op_result_rank(op: TransposeOp) -> int:
    result = op.output.type
    assert isinstance(result, RankedTensorType)
    return len(result.shape)


def transpose_op_keeps_element_type(cls: type[TransposeOp]) -> bool:
    return True


def parse_dim_list(p: AsmParser) -> tuple[Attribute]:
    dims = [p.parse_integer()]
    while p.consume_if("x"):
        dims.append(p.parse_integer())
    return (DenseArrayAttr.get(IntegerType.get(64), tuple(dims)),)


def print_dim_list(p: AsmPrinter, op: Operation, dims: Attribute | None) -> None:
    assert isinstance(dims, DenseArrayAttr)
    p.write("x".join(str(d) for d in dims.values))


def pair_type_parse(cls: type[PairType], p: AsmParser) -> PairType:
    p.expect("<")
    first = p.parse_type()
    p.expect(",")
    second = p.parse_type()
    p.expect(">")
    return cls.get(first, second)


def pair_type_print(pair: PairType) -> str:
    return f"<{pair.first}, {pair.second}>"


def materialize_constant(
    rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
) -> Operation | None:
    from shapesproj.dialects.shp import ConstantOp

    if not isinstance(value, IntegerAttr):
        return None
    return ConstantOp(value=value, loc=loc)


def is_zero(value: Value) -> bool:
    return int_constant(constant_value(value)) == 0
