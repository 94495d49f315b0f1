"""Dialect types with parameters, through the `tf_type` spec.

`!tf_type.resource` and `!tf_type.variant` carry an optional list of tensor
subtypes, read and written by the spec's own parser and printer; the other
`tf_type` types have no parameters. Types are uniqued by their parameters, may
be tensor elements, and a mnemonic the dialect does not define is an error, as
in MLIR's generated type parsers.
"""

from __future__ import annotations

import pytest

import generated
from generated.tf_type import (
    F32RefType,
    Qint8Type,
    ResourceType,
    ShapeAttr,
    VariantType,
    VersionAttr,
)
from generator.ir import (
    DiagnosticError,
    RankedTensorType,
    Type,
    parse_attribute,
    parse_type,
)
from generator.ir.types import DYNAMIC, FloatType


def _type(text: str) -> Type:
    return parse_type(text, generated.context())


@pytest.mark.parametrize(
    "text",
    [
        "!tf_type.resource",
        "!tf_type.resource<tensor<?xf32>>",
        "!tf_type.resource<tensor<3xf32>, tensor<2xi32>>",
        "tensor<*x!tf_type.resource<tensor<?xf32>>>",
        "tensor<!tf_type.variant<tensor<?x!tf_type.variant<tensor<?xf32>>>>>",
        "!tf_type.variantref",
        "!tf_type.qint8",
        "!tf_type.float8e4m3b11fnuzref",
    ],
)
def test_types_print_as_written(text: str) -> None:
    assert str(_type(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        '#tf_type.full_type<array<for_each<product, tensor<var "T">, var "T">>>',
        '#tf_type.func<@symbol, {attr = "v"}>',
        '#tf_type.placeholder<"FOO">',
        "#tf_type.shape<10x?x30>",
        "#tf_type.shape<*>",
        "#tf_type.shape<>",
        "#tf_type.version<producer = 1, min_consumer = 1, bad_consumers = [1, 2, 5, 12]>",
    ],
)
def test_attributes_print_as_written(text: str) -> None:
    assert str(parse_attribute(text, generated.context())) == text


def test_attribute_parameters() -> None:
    version = parse_attribute(
        "#tf_type.version<producer = 42, min_consumer = 33>", generated.context()
    )
    assert isinstance(version, VersionAttr)
    assert (version.producer, version.min_consumer, version.bad_consumers) == (42, 33, ())
    assert version is VersionAttr.get(42, 33)
    assert ShapeAttr.get(None) is parse_attribute("#tf_type.shape<*>", generated.context())
    with pytest.raises(DiagnosticError, match="expected 'producer' in tf_type version"):
        parse_attribute("#tf_type.version<>", generated.context())
    with pytest.raises(DiagnosticError, match="unknown attribute `nosuch` in dialect `tf_type`"):
        parse_attribute("#tf_type.nosuch", generated.context())


def test_parameters_and_uniquing() -> None:
    f32 = FloatType.get("f32")
    subtype = RankedTensorType.get((DYNAMIC,), f32)
    resource = ResourceType.get((subtype,))
    assert resource.subtypes == (subtype,)
    assert resource is _type("!tf_type.resource<tensor<?xf32>>")
    assert ResourceType.get() is _type("!tf_type.resource")
    assert VariantType.get((subtype,)) is not resource
    assert Qint8Type.get() is _type("!tf_type.qint8")
    assert F32RefType.get() is _type("!tf_type.f32ref")


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        ("!tf_type.variant<>", ["expected non-function type", "invalid variant type"]),
        (
            "!tf_type.resource<vector<3xf32>>",
            ["invalid kind of type specified", "invalid resource type"],
        ),
        (
            "!tf_type.variant<tensor<vector<2xf32>>>",
            ["invalid subtype: 'tensor<vector<2xf32>>'", "invalid variant type"],
        ),
        ("!tf_type.nosuch", ["unknown  type `nosuch` in dialect `tf_type`"]),
    ],
)
def test_errors(text: str, messages: list[str]) -> None:
    with pytest.raises(DiagnosticError) as raised:
        _type(text)
    assert [d.message for d in raised.value.diagnostics] == messages
