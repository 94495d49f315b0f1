"""The small code fragments the ops backend puts into generated code."""

from __future__ import annotations

import pytest

from generator.emit.ops import (
    buildable_type,
    dialect_helper_imports,
    fstring,
    negated,
    tuple_display,
)
from generator.emit.predicates import ConstraintTable, RefInfo
from generator.ir import FloatType, IndexType, IntegerType, parse_type
from generator.spec.constraints import (
    AnyOfConstraint,
    FloatConstraint,
    IndexConstraint,
    IntegerConstraint,
    LikeConstraint,
    ShapedConstraint,
    TypeRefConstraint,
)


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        pytest.param(("requires one result",), "'requires one result'", id="plain"),
        pytest.param(
            ("all of {a, b}", ("len(x)",)), "f'all of {{a, b}}{len(x)}'", id="braces-escaped"
        ),
        pytest.param(("got '", ("t",), "'"), "f\"got '{t}'\"", id="quotes"),
    ],
)
def test_fstring(parts: tuple[str | tuple[str], ...], expected: str) -> None:
    """Text is escaped for f-strings; expressions are interpolated."""
    assert fstring(*parts) == expected
    env: dict[str, object] = {"x": [1, 2], "t": "i32"}
    want = "".join(p if isinstance(p, str) else str(eval(p[0], env)) for p in parts)
    assert eval(fstring(*parts), env) == want


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        pytest.param("a == b", "a != b", id="eq"),
        pytest.param("a is b", "a is not b", id="is"),
        pytest.param("x in y", "x not in y", id="in"),
        pytest.param("a < b", "not (a < b)", id="other-compare"),
        pytest.param("f(a) and g(b)", "not (f(a) and g(b))", id="bool-op"),
        pytest.param("a == b == c", "not (a == b == c)", id="chain"),
    ],
)
def test_negated(expr: str, expected: str) -> None:
    """Single comparisons flip; anything else is wrapped in `not (...)`."""
    assert negated(expr) == expected


def test_tuple_display() -> None:
    """One-element tuples keep their comma; others get none (no magic trailing comma)."""
    assert tuple_display(["a"]) == "(a,)"
    assert tuple_display(["a", "b"]) == "(a, b)"
    assert tuple_display([]) == "()"


def test_buildable_types() -> None:
    """Constraints that allow exactly one type build it; others do not."""
    assert eval(buildable_type(IntegerConstraint(widths=(1,))) or "") is IntegerType.get(1)
    assert eval(buildable_type(FloatConstraint(types=("f32",))) or "") is FloatType.get("f32")
    assert eval(buildable_type(IndexConstraint()) or "") is IndexType.get()
    assert buildable_type(IntegerConstraint()) is None
    assert buildable_type(IntegerConstraint(widths=(32, 64))) is None


def _check(table: ConstraintTable, name: str) -> object:
    namespace: dict[str, object] = {}
    exec("from generator.ir import *", namespace)
    for helper in dialect_helper_imports():
        exec(f"from {helper.module} import *", namespace)
    for fn in table.functions:
        exec(f"def {fn.name}({fn.var}):\n    return {fn.body}\n", namespace)
    return namespace[name]


@pytest.mark.parametrize(
    ("constraint", "accepted", "rejected"),
    [
        pytest.param(
            LikeConstraint(element=IntegerConstraint(), description="signless-integer-like"),
            ["i32", "vector<4xi1>", "tensor<?xi8>"],
            ["index", "f32", "si32", "memref<4xi32>"],
            id="like",
        ),
        pytest.param(
            ShapedConstraint(container="tensor", element=FloatConstraint(types=("f32",))),
            ["tensor<4xf32>", "tensor<*xf32>"],
            ["tensor<4xf64>", "vector<4xf32>", "f32"],
            id="tensor-of",
        ),
        pytest.param(
            ShapedConstraint(container="ranked_tensor", ranks=(1, 2)),
            ["tensor<4xi8>", "tensor<2x2xf32>"],
            ["tensor<1x1x1xi8>", "tensor<*xi8>"],
            id="ranks",
        ),
        pytest.param(
            AnyOfConstraint(options=(IndexConstraint(), IntegerConstraint(signedness="unsigned"))),
            ["index", "ui8"],
            ["i8", "f16"],
            id="any-of",
        ),
    ],
)
def test_type_constraint_functions(
    constraint: object, accepted: list[str], rejected: list[str]
) -> None:
    """The generated check functions accept exactly the types their constraint allows."""
    table = ConstraintTable(refs={}, summaries={})
    name = table.type_check(constraint)  # type: ignore[arg-type]
    assert name is not None
    check = _check(table, name)
    for text in accepted:
        assert check(parse_type(text)), text  # type: ignore[operator]
    for text in rejected:
        assert not check(parse_type(text)), text  # type: ignore[operator]


def test_equal_constraints_share_one_function() -> None:
    """A constraint used twice gets one function, as mlir-tblgen emits one per constraint."""
    table = ConstraintTable(refs={"T": RefInfo("type", "TokenType")}, summaries={})
    first = table.type_check(TypeRefConstraint(ref="T"))
    assert first == table.type_check(TypeRefConstraint(ref="T"))
    assert [f.body for f in table.functions] == ["isinstance(t, TokenType)"]
