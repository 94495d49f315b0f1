"""Custom-form parsing: types of one kind, operands with their types, implicit terminators."""

from __future__ import annotations

from typing import ClassVar

import pytest

import generated
from generator.ir.core import Block, Operation, Region
from generator.ir.diagnostics import DiagnosticError
from generator.ir.parser import Parser
from generator.ir.source import SourceFile
from generator.ir.traits import IsTerminator, OpTrait
from generator.ir.types import IndexType, RankedTensorType, Type, UnrankedTensorType


def _parser(text: str) -> Parser:
    parser = Parser(SourceFile("t.mlir", text), generated.context())
    parser.custom_op = "test.op"
    return parser


def _error(text: str, kind: type[Type] | tuple[type[Type], ...], name: str = "") -> str:
    with pytest.raises(DiagnosticError) as info:
        _parser(text).parse_type_of(kind, name)
    diag = info.value.diagnostics[0]
    assert diag.loc is not None
    line, col = diag.loc.line_col
    return f"{line}:{col}: {diag.message}"


def test_a_type_of_the_kind_is_returned() -> None:
    """A type of the expected class parses as `parse_type` would."""
    parsed = _parser("  tensor<4x?xf32>").parse_type_of(RankedTensorType, "builtin.tensor")
    assert str(parsed) == "tensor<4x?xf32>"


def test_a_concrete_class_names_itself_in_the_error() -> None:
    """As MLIR's `parseType<T>`: the class's IR name and the type found, at the type."""
    assert _error(" tensor<*xi32>", RankedTensorType, "builtin.tensor") == (
        "1:2: custom op 'test.op' invalid kind of type specified: expected builtin.tensor, "
        "but found 'tensor<*xi32>'"
    )


def test_an_abstract_class_gives_the_short_error() -> None:
    """Abstract classes (MLIR's `TensorType`) have no name to give."""
    assert _error("vector<4xf32>", (RankedTensorType, UnrankedTensorType)) == (
        "1:1: custom op 'test.op' invalid kind of type specified"
    )


def test_operand_and_type_counts_must_match() -> None:
    """Resolving operands with a different number of types uses MLIR's wording."""
    parser = _parser("%a, %b")
    uses = parser.parse_operand_list()
    with pytest.raises(DiagnosticError) as info:
        parser.resolve_operands(uses, [IndexType.get()], 0)
    assert info.value.diagnostics[0].message == (
        "custom op 'test.op' number of operands and types do not match: got 2 operands and 1 types"
    )


class _TermOp(Operation):
    """A registered terminator, the implicit terminator of the tests below."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str | None] = "test.term"
    TRAITS: ClassVar[frozenset[type[OpTrait]]] = frozenset({IsTerminator})


def test_ensure_terminator_completes_a_region_as_mlir_does() -> None:
    """An empty region gets a block; a block not ending in a terminator gets one,
    at the op's position; a block that ends in one is left as it is."""
    parser = _parser('"test.other"() : () -> ()')
    empty = Region()
    parser.ensure_terminator(empty, _TermOp, 0)
    assert [op.name for op in empty.blocks[0]] == ["test.term"]
    unended = Region()
    unended.add_block(Block())
    unended.blocks[0].append(Operation("test.other", [], ()))
    parser.ensure_terminator(unended, _TermOp, 0)
    assert [op.name for op in unended.blocks[0]] == ["test.other", "test.term"]
    parser.ensure_terminator(unended, _TermOp, 0)
    assert [op.name for op in unended.blocks[0]] == ["test.other", "test.term"]
