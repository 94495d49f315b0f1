"""Shaped-type constraints beyond containers of one kind, and the C++ type of a union.

`AnyShaped`, `AnyNon0RankedTensor`, `AnyNon0RankedOrUnrankedTensor` and the
memref constraints besides `AnyMemRef` (unranked, ranked or unranked, strided) carry
MLIR's summaries; `AnyTypeOf`'s third argument names MLIR's C++ class of the
values, which makes a custom form check the kind of a type as it reads it.
"""

from __future__ import annotations

import pytest

from generator.emit.format_code import parsed_type_kind
from generator.spec.constraints import (
    AnyOfConstraint,
    TypeConstraint,
    value_constraint_from_expr,
)
from generator.spec.expr import parse_expr


def _constraint(text: str) -> TypeConstraint:
    _, constraint, _ = value_constraint_from_expr(parse_expr(text), lambda _: None)
    return constraint


@pytest.mark.parametrize(
    ("text", "summary"),
    [
        pytest.param("AnyShaped", "shaped of any type values", id="shaped"),
        pytest.param("AnyNon0RankedTensor", "non-0-ranked.tensor of any type values", id="non0"),
        pytest.param(
            "Non0RankedTensorOf<[F32]>", "non-0-ranked.tensor of 32-bit float values", id="non0-of"
        ),
        pytest.param(
            "AnyNon0RankedOrUnrankedTensor",
            "non-0-ranked or unranked tensor",
            id="non0-or-unranked",
        ),
        pytest.param(
            'AnyTypeOf<[AnyTensor], "TensorLikeType instance", "::mlir::TensorType">',
            "TensorLikeType instance",
            id="cpp-typed-union",
        ),
        pytest.param("AnyUnrankedMemRef", "unranked.memref of any type values", id="unranked-mr"),
        pytest.param(
            "AnyRankedOrUnrankedMemRef",
            "ranked or unranked memref of any type values",
            id="ranked-or-unranked-mr",
        ),
        pytest.param(
            "AnyNon0RankedOrUnrankedMemRef",
            "unranked.memref of any type values or non-0-ranked.memref of any type values",
            id="non0-or-unranked-mr",
        ),
        pytest.param(
            "StridedMemRefOf<[I8]>",
            "strided memref of 8-bit signless integer values",
            id="strided-mr",
        ),
    ],
)
def test_summaries_are_mlirs(text: str, summary: str) -> None:
    """Each constraint words its summary as MLIR's verifier messages do."""
    assert _constraint(text).summary() == summary


def test_the_third_argument_of_any_type_of_is_the_cpp_type() -> None:
    """`AnyTypeOf<[...], "summary", "::mlir::Class">` keeps the class; MLIR's union of
    unranked and non-0-ranked tensors has `TensorType`."""
    union = _constraint(
        'AnyTypeOf<[AnyMemRef], "BufferLikeType instance", "::mlir::BaseMemRefType">'
    )
    assert isinstance(union, AnyOfConstraint)
    assert union.cpp_type == "::mlir::BaseMemRefType"
    named = _constraint("AnyNon0RankedOrUnrankedTensor")
    assert isinstance(named, AnyOfConstraint)
    assert named.cpp_type == "::mlir::TensorType"
    plain = _constraint('AnyTypeOf<[AnyTensor], "tensor">')
    assert isinstance(plain, AnyOfConstraint)
    assert plain.cpp_type is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        pytest.param("AnyRankedTensor", ("RankedTensorType", "builtin.tensor"), id="ranked"),
        pytest.param("AnyStaticShapeTensor", ("RankedTensorType", "builtin.tensor"), id="static"),
        pytest.param("TensorRankOf<[F32], [2]>", ("RankedTensorType", "builtin.tensor"), id="rank"),
        pytest.param(
            "AnyUnrankedTensor", ("UnrankedTensorType", "builtin.unranked_tensor"), id="unranked"
        ),
        pytest.param("AnyTensor", ("(RankedTensorType, UnrankedTensorType)", ""), id="tensor"),
        pytest.param(
            "AnyNon0RankedOrUnrankedTensor",
            ("(RankedTensorType, UnrankedTensorType)", ""),
            id="non0-or-unranked",
        ),
        pytest.param("VectorOf<[I1]>", ("VectorType", "builtin.vector"), id="vector"),
        pytest.param("AnyShaped", ("ShapedType", ""), id="shaped"),
        pytest.param(
            'AnyTypeOf<[AnyMemRef], "buffer", "::mlir::BaseMemRefType">',
            ("(MemRefType, UnrankedMemRefType)", ""),
            id="cpp-typed-union",
        ),
        pytest.param("AnyMemRef", ("MemRefType", "builtin.memref"), id="memref"),
        pytest.param(
            "AnyUnrankedMemRef",
            ("UnrankedMemRefType", "builtin.unranked_memref"),
            id="unranked-memref",
        ),
        pytest.param(
            "AnyRankedOrUnrankedMemRef", ("(MemRefType, UnrankedMemRefType)", ""), id="base-memref"
        ),
        pytest.param("AnyTypeOf<[AnyRankedTensor, AnyUnrankedTensor]>", None, id="plain-union"),
        pytest.param("I32", ("IntegerType", "builtin.integer"), id="integer"),
        pytest.param("AnySignlessInteger", ("IntegerType", "builtin.integer"), id="signless"),
        pytest.param("AnyInteger", ("IntegerType", "builtin.integer"), id="any-integer"),
        pytest.param("AnyI32", None, id="any-signedness-width"),
        pytest.param("AnySignedInteger", None, id="any-signed"),
    ],
)
def test_custom_forms_parse_the_kind_of_the_cpp_type(
    text: str, kind: tuple[str, str] | None
) -> None:
    """The classes (and IR name) a custom form reads a type of the constraint as."""
    assert parsed_type_kind(_constraint(text)) == kind
