"""The kind tests of `generator.ir.type_utilities` that MLIR's `Type` API answers for
any type, and its classes that are not classes here (`FixedVectorType`,
`DenseI64ArrayAttr`, `FlatSymbolRefAttr`, ...)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from generator.ir import (
    Attribute,
    FloatType,
    IntegerType,
    Signedness,
    Type,
    is_dense_array,
    is_dense_float_elements,
    is_dense_int_elements,
    is_fixed_vector,
    is_flat_symbol_ref,
    is_int_or_float,
    is_int_or_index,
    is_int_or_index_or_float,
    is_integer_type,
    is_scalable_vector,
    parse_attribute,
    parse_type,
    type_id,
)

TYPE_TESTS: list[tuple[str, Callable[[Type], bool], set[str]]] = [
    # (name, test, the types of the corpus it accepts)
    ("isInteger()", is_integer_type, {"i1", "i32", "si8", "ui16"}),
    ("isInteger(32)", lambda t: is_integer_type(t, 32), {"i32"}),
    (
        "isSignlessInteger()",
        lambda t: is_integer_type(t, None, Signedness.SIGNLESS),
        {"i1", "i32"},
    ),
    ("isSignedInteger()", lambda t: is_integer_type(t, None, Signedness.SIGNED), {"si8"}),
    ("isIntOrIndex()", is_int_or_index, {"i1", "i32", "si8", "ui16", "index"}),
    ("isSignlessIntOrIndex()", lambda t: is_int_or_index(t, signless=True), {"i1", "i32", "index"}),
    ("isIntOrFloat()", is_int_or_float, {"i1", "i32", "si8", "ui16", "f32", "bf16"}),
    (
        "isSignlessIntOrFloat()",
        lambda t: is_int_or_float(t, signless=True),
        {"i1", "i32", "f32", "bf16"},
    ),
    (
        "isIntOrIndexOrFloat()",
        is_int_or_index_or_float,
        {"i1", "i32", "si8", "ui16", "index", "f32", "bf16"},
    ),
    ("FixedVectorType", is_fixed_vector, {"vector<4xf32>", "vector<f32>"}),
    ("ScalableVectorType", is_scalable_vector, {"vector<[4]xi8>", "vector<2x[4]xi8>"}),
]

TYPES = [
    "i1",
    "i32",
    "si8",
    "ui16",
    "index",
    "f32",
    "bf16",
    "complex<f32>",
    "vector<4xf32>",
    "vector<f32>",
    "vector<[4]xi8>",
    "vector<2x[4]xi8>",
    "tensor<4xi32>",
    "none",
]


@pytest.mark.parametrize(("name", "test", "accepted"), TYPE_TESTS, ids=[c[0] for c in TYPE_TESTS])
def test_type_kind_tests(name: str, test: Callable[[Type], bool], accepted: set[str]) -> None:
    """Each kind test accepts exactly the types MLIR's query does."""
    for text in TYPES:
        assert test(parse_type(text)) is (text in accepted), (name, text)


ATTR_TESTS: list[tuple[str, Callable[[Attribute], bool], set[str]]] = [
    (
        "DenseArrayAttr",
        is_dense_array,
        {"array<i64: 1>", "array<i32: 1, 2>", "array<f32: 1.0>", "array<i1: true>"},
    ),
    ("DenseI64ArrayAttr", lambda a: is_dense_array(a, IntegerType.get(64)), {"array<i64: 1>"}),
    ("DenseBoolArrayAttr", lambda a: is_dense_array(a, IntegerType.get(1)), {"array<i1: true>"}),
    ("DenseF32ArrayAttr", lambda a: is_dense_array(a, FloatType.get("f32")), {"array<f32: 1.0>"}),
    (
        "DenseIntElementsAttr",
        is_dense_int_elements,
        {"dense<1> : tensor<2xi8>", "dense<[1, 2]> : vector<2xindex>"},
    ),
    ("DenseFPElementsAttr", is_dense_float_elements, {"dense<1.0> : tensor<2xf32>"}),
    ("FlatSymbolRefAttr", is_flat_symbol_ref, {"@f"}),
]

ATTRS = [
    "array<i64: 1>",
    "array<i32: 1, 2>",
    "array<f32: 1.0>",
    "array<i1: true>",
    "dense<1> : tensor<2xi8>",
    "dense<[1, 2]> : vector<2xindex>",
    "dense<1.0> : tensor<2xf32>",
    'dense<"s"> : tensor<2x!unknown.string>',
    "@f",
    "@f::@g",
    "[1, 2]",
    '"f"',
    "1 : i64",
]


@pytest.mark.parametrize(("name", "test", "accepted"), ATTR_TESTS, ids=[c[0] for c in ATTR_TESTS])
def test_attribute_kind_tests(
    name: str, test: Callable[[Attribute], bool], accepted: set[str]
) -> None:
    """Each attribute kind test accepts exactly the attributes of MLIR's class."""
    for text in ATTRS:
        assert test(parse_attribute(text)) is (text in accepted), (name, text)


def test_type_id_tells_kinds_apart() -> None:
    """Types of one kind share a type id; float types of different names do not."""
    i8, i32, f16, f32 = (parse_type(t) for t in ("i8", "i32", "f16", "f32"))
    assert type_id(i8) == type_id(i32)
    assert type_id(f16) != type_id(f32)
    assert type_id(f32) == type_id(FloatType.get("f32"))
    assert type_id(parse_type("tensor<2xf32>")) != type_id(parse_type("tensor<*xf32>"))
