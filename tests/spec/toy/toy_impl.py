"""The C++ of the Toy-style fixture dialect (`toy.td`), written in Python.

`odsgen import` lists these hooks in its skeleton of `toy_impl`; the test puts
this module in the skeleton's place and imports again. The `*_build` functions
are the dialect's C++ builders: written here, each is a builder of the generated
class (`ConstantOp.build`, `ConstantOp.build_1`, ...).
"""

from __future__ import annotations

from typing import Any

from generator.ir import (
    ArrayAttr,
    AsmParser,
    AsmPrinter,
    Attribute,
    Block,
    DenseElementsAttr,
    DictionaryAttr,
    FloatAttr,
    FloatType,
    FoldResult,
    FunctionType,
    Operation,
    PatternRewriter,
    RankedTensorType,
    SourcePos,
    TypeAttr,
    Value,
)
from generator.ir.dialects.function_like import parse_function_op, print_function_op


def add_op_build(cls: Any, lhs: Value, rhs: Value) -> Operation:
    """The sum of two tensors, of their type (the op's `SameOperandsAndResultType`)."""
    op: Operation = cls(lhs, rhs, result_0_type=lhs.type)
    return op


def constant_op_build(cls: Any, value: DenseElementsAttr) -> Operation:
    """A constant of the value's type."""
    op: Operation = cls(value=value, result_0_type=value.type)
    return op


def constant_op_build_1(cls: Any, value: float) -> Operation:
    """A constant holding one number, as a tensor of rank 0."""
    f64 = FloatType.get("f64")
    bits = FloatAttr.from_value(f64, value).bits
    return constant_op_build(cls, DenseElementsAttr.get(RankedTensorType.get((), f64), (bits,)))


def func_op_build(cls: Any, name_: str, type: FunctionType) -> Operation:
    """A function of that name and type whose body is an entry block with an argument
    for each input."""
    op: Operation = cls(sym_name=name_, function_type=TypeAttr.get(type))
    block = op.regions[0].add_block(Block())
    for input_type in type.inputs:
        block.add_argument(input_type)
    return op


def return_op_build(cls: Any) -> Operation:
    """A return without operands."""
    op: Operation = cls()
    return op


def constant_op_verify(op: Operation) -> str | None:
    """The value's type is the result's, when the result is ranked."""
    value = op.value
    assert isinstance(value, DenseElementsAttr)
    result = op.results[0].type
    if isinstance(result, RankedTensorType) and value.type != result:
        return f"requires the type of its value ('{value.type}') to be its result type ('{result}')"
    return None


def constant_op_fold(op: Operation) -> FoldResult:
    value: Attribute = op.value
    return value


def transpose_op_verify(op: Operation) -> str | None:
    """A ranked result has the input's shape reversed."""
    source, result = op.operands[0].type, op.results[0].type
    if not isinstance(source, RankedTensorType) or not isinstance(result, RankedTensorType):
        return None
    if tuple(reversed(source.shape)) != tuple(result.shape):
        return "expects the result shape to be the input shape reversed"
    return None


def transpose_op_canonicalize(op: Operation, rewriter: PatternRewriter) -> bool:
    """transpose(transpose(x)) -> x as the op's canonicalizer (in MLIR's Toy the
    C++ `getCanonicalizationPatterns` adds the DRR pattern that says the same)."""
    inner = op.operands[0].defining_op
    if inner is None or inner.name != "toy.transpose":
        return False
    if inner.operands[0].type != op.results[0].type:
        return False
    rewriter.replace_op(op, [inner.operands[0]])
    return True


def return_op_verify(op: Operation) -> str | None:
    """The operands are the results the enclosing function declares."""
    func = op.parent_op
    assert func is not None
    fn_type = func.function_type
    assert isinstance(fn_type, TypeAttr)
    assert isinstance(fn_type.value, FunctionType)
    results = fn_type.value.results
    if len(op.operands) != len(results):
        return f"has {len(op.operands)} operands, but the enclosing function returns {len(results)}"
    for value, type_ in zip(op.operands, results, strict=True):
        if value.type != type_:
            return (
                f"type of return operand ('{value.type}') does not match the function's ('{type_}')"
            )
    return None


def func_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    return parse_function_op(p, cls, name_pos)


def func_op_print(op: Operation, p: AsmPrinter) -> bool | None:
    print_function_op(p, op)
    return None


def func_op_verify(op: Operation) -> str | None:
    """FunctionOpInterface's check: the argument and result attribute arrays match
    the function type and hold dialect attributes, and the entry block's arguments
    are the function's inputs."""
    fn_type = op.get_attr("function_type")
    assert isinstance(fn_type, TypeAttr)
    assert isinstance(fn_type.value, FunctionType)
    signature = fn_type.value
    for what, name, count in (
        ("argument", "arg_attrs", len(signature.inputs)),
        ("result", "res_attrs", len(signature.results)),
    ):
        attrs = op.get_attr(name)
        if not isinstance(attrs, ArrayAttr):
            continue
        if len(attrs.value) != count:
            return (
                f"expects {what} attribute array to have the same number of elements "
                f"as the number of function {what}s, got {len(attrs.value)}, "
                f"but expected {count}"
            )
        for entry in attrs.value:
            if isinstance(entry, DictionaryAttr) and any("." not in n for n, _ in entry.entries):
                return f"{what}s may only have dialect attributes"
    body = op.regions[0]
    if not body.blocks:
        return None
    args = body.blocks[0].args
    if len(args) != len(signature.inputs):
        return (
            f"entry block must have {len(signature.inputs)} arguments to match function signature"
        )
    for index, (arg, expected) in enumerate(zip(args, signature.inputs, strict=True)):
        if arg.type != expected:
            return (
                f"type of entry block argument #{index}('{arg.type}') must match the "
                f"type of the corresponding argument in function signature('{expected}')"
            )
    return None
