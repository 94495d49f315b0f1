"""`tensor` and `bufferization` ops built in Python with the generated builders.

A function reads a memref as a tensor, queries and updates the tensor, and
writes the result back to the buffer. The builders infer the result types the
spec implies (`index` for `tensor.dim`, the element type for `tensor.extract`,
the destination's type for `tensor.insert`); the function verifies, prints as
mlir-opt prints it, and parses back to the same text.
"""

from __future__ import annotations

import generated
from generated.bufferization import MaterializeInDestinationOp, ToBufferOp, ToTensorOp
from generated.builtin import ModuleOp
from generated.func import FuncOp, ReturnOp
from generated.tensor import (
    CastOp,
    DimOp,
    EmptyOp,
    ExtractOp,
    FromElementsOp,
    InsertOp,
    RankOp,
)
from generator.ir import (
    DYNAMIC,
    Block,
    FloatType,
    FunctionType,
    IndexType,
    MemRefType,
    RankedTensorType,
    UnrankedTensorType,
    parse_source,
    print_operation,
    verify,
)
from generator.ir.source import SourceFile

F32 = FloatType.get("f32")
INDEX = IndexType.get()
TENSOR = RankedTensorType.get((4, DYNAMIC), F32)
BUFFER = MemRefType.get((4, DYNAMIC), F32)

EXPECTED = """\
module {
  func.func @update(%arg0: memref<4x?xf32>, %arg1: index, %arg2: f32) -> index {
    %0 = bufferization.to_tensor %arg0 restrict writable : memref<4x?xf32> to tensor<4x?xf32>
    %dim = tensor.dim %0, %arg1 : tensor<4x?xf32>
    %extracted = tensor.extract %0[%arg1, %dim] : tensor<4x?xf32>
    %inserted = tensor.insert %extracted into %0[%arg1, %arg1] : tensor<4x?xf32>
    %cast = tensor.cast %inserted : tensor<4x?xf32> to tensor<*xf32>
    %rank = tensor.rank %cast : tensor<*xf32>
    %from_elements = tensor.from_elements %arg2, %extracted : tensor<2xf32>
    %1 = tensor.empty(%dim) : tensor<4x?xf32>
    %2 = bufferization.materialize_in_destination %inserted in %1 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
    bufferization.materialize_in_destination %2 in restrict writable %arg0 : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
    %3 = bufferization.to_buffer %2 read_only : tensor<4x?xf32> to memref<4x?xf32>
    return %rank : index
  }
}
"""


def build_update() -> ModuleOp:
    """`func.func @update(%buffer, %i, %x)`, made of tensor and bufferization ops."""
    module = ModuleOp()
    func = (
        module.regions[0]
        .blocks[0]
        .append(
            FuncOp(
                sym_name="update", function_type=FunctionType.get((BUFFER, INDEX, F32), (INDEX,))
            )
        )
    )
    entry = func.regions[0].add_block(Block((BUFFER, INDEX, F32)))
    buffer, i, x = entry.args
    tensor = entry.append(ToTensorOp(buffer, result_type=TENSOR, restrict=True, writable=True))
    dim = entry.append(DimOp(tensor.result, i))
    element = entry.append(ExtractOp(tensor.result, [i, dim.result]))
    inserted = entry.append(InsertOp(element.result, tensor.result, [i, i]))
    cast = entry.append(CastOp(inserted.result, dest_type=UnrankedTensorType.get(F32)))
    rank = entry.append(RankOp(cast.dest))
    entry.append(FromElementsOp([x, element.result], result_type=RankedTensorType.get((2,), F32)))
    empty = entry.append(EmptyOp([dim.result], result_type=TENSOR))
    copied = entry.append(
        MaterializeInDestinationOp(inserted.result, empty.result, result_type=TENSOR)
    )
    entry.append(
        MaterializeInDestinationOp(copied.results[0], buffer, restrict=True, writable=True)
    )
    entry.append(ToBufferOp(copied.results[0], buffer_type=BUFFER, read_only=True))
    entry.append(ReturnOp([rank.results[0]]))
    return module


def test_built_ops_infer_types_verify_and_print_like_mlir() -> None:
    """The built function verifies and prints as mlir-opt-22 prints it; it parses back."""
    module = build_update()
    ctx = generated.context()
    verify(module, ctx)
    text = print_operation(module, generic=False)
    assert text == EXPECTED
    reparsed = parse_source(SourceFile("update.mlir", text), ctx)
    verify(reparsed, ctx)
    assert print_operation(reparsed, generic=False) == text
    assert print_operation(reparsed, generic=True) == print_operation(module, generic=True)


def test_accessors_read_the_built_op() -> None:
    """Typed accessors give the operands, unit attributes and optional result."""
    block = Block((BUFFER, TENSOR, INDEX))
    buffer, tensor, i = block.args
    into_buffer = block.append(MaterializeInDestinationOp(tensor, buffer, writable=True))
    assert into_buffer.source is tensor
    assert into_buffer.dest is buffer
    assert into_buffer.writable
    assert not into_buffer.restrict
    assert into_buffer.result_ is None
    extract = block.append(ExtractOp(tensor, [i, i]))
    assert list(extract.indices) == [i, i]
    assert extract.result.type is F32


def test_verifier_rules_reject_built_ops_with_mlir_messages() -> None:
    """The spec's verifiers report what MLIR reports for the same mistakes."""
    block = Block((TENSOR, INDEX, BUFFER))
    tensor, i, buffer = block.args
    extract = block.append(ExtractOp(tensor, [i]))
    assert extract.verify_invariants() == "incorrect number of indices for extract_element"
    empty = block.append(EmptyOp([], result_type=TENSOR))
    assert empty.verify_invariants() == "incorrect number of dynamic sizes, has 0, expected 1"
    cast = block.append(CastOp(tensor, dest_type=RankedTensorType.get((5, 2), F32)))
    assert cast.verify_invariants() == (
        "operand type 'tensor<4x?xf32>' and result type 'tensor<5x2xf32>' are cast incompatible"
    )
    into_buffer = block.append(MaterializeInDestinationOp(tensor, buffer))
    assert into_buffer.verify_invariants() == (
        "'writable' must be specified if and only if the destination is of memref type"
    )
