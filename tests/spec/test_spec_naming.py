"""Name transforms from spec names to Python names."""

from __future__ import annotations

import pytest

from generator.naming import class_name_from_def, sanitize_name, snake_case


@pytest.mark.parametrize(
    ("def_name", "expected"),
    [
        pytest.param("TF_AddOp", "AddOp", id="prefix"),
        pytest.param("AddOp", "AddOp", id="no-prefix"),
        pytest.param("Arith_AddIOp", "AddIOp", id="long-prefix"),
        pytest.param("X_", "X_", id="nothing-after"),
        pytest.param("TF_2DOp", "TF_2DOp", id="digit-after"),
    ],
)
def test_class_name_from_def(def_name: str, expected: str) -> None:
    """The dialect prefix up to the first underscore is dropped, as MLIR does."""
    assert class_name_from_def(def_name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("in", "in_", id="keyword"),
        pytest.param("operands", "operands_", id="reserved"),
        pytest.param("match", "match_", id="soft-keyword"),
        pytest.param("2d", "_2d", id="leading-digit"),
        pytest.param("a-b.c", "a_b_c", id="punctuation"),
        pytest.param("lhs", "lhs", id="plain"),
    ],
)
def test_sanitize_name(name: str, expected: str) -> None:
    """Keywords and reserved members get `_`; other characters become valid."""
    assert sanitize_name(name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("AddIOp", "add_i_op", id="camel"),
        pytest.param("fooBar", "foo_bar", id="lower-camel"),
        pytest.param("HTTPServer", "http_server", id="acronym"),
        pytest.param("select", "select", id="plain"),
    ],
)
def test_snake_case(name: str, expected: str) -> None:
    """CamelCase becomes snake_case."""
    assert snake_case(name) == expected
