"""Type inference from traits (`generator/spec/infer.py`): one precedence, used by the
custom-form parser and by the builders."""

from __future__ import annotations

import pytest

from generator.emit.ops import ops_module_view
from generator.spec.format import resolve_op_format
from generator.spec.from_yaml import parse_yaml
from generator.spec.infer import TypeLink, infer_types
from generator.spec.model import DialectDef

ALL_TYPES = 'AllTypesMatch<["lhs", "result"]>'
MATCH_WITH = 'TypesMatchWith<"result is rhs", "rhs", "result", "element_type_or_self($_self)">'


def _dialect(traits: list[str]) -> DialectDef:
    """An op whose result type two traits could infer: from `lhs` and from `rhs`."""
    text = (
        "name: t\nops:\n"
        "  - def: T_PickOp\n    mnemonic: pick\n"
        f"    traits: [{', '.join(repr(t) for t in traits)}]\n"
        "    operands: [{name: lhs, type: AnyType}, {name: rhs, type: AnyType}]\n"
        "    results: [{name: result, type: AnyType}]\n"
        "    assembly_format: '$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)'\n"
    )
    return parse_yaml(text, "t.yaml")


@pytest.mark.parametrize(
    ("traits", "expected"),
    [
        (
            [ALL_TYPES, MATCH_WITH],
            TypeLink("TypesMatchWith", "rhs", "element_type_or_self($_self)"),
        ),
        ([MATCH_WITH, ALL_TYPES], TypeLink("AllTypesMatch", "lhs")),
    ],
)
def test_later_traits_win(traits: list[str], expected: TypeLink[str]) -> None:
    """Of two traits that infer the same result, the one listed later wins, as in
    mlir-tblgen's format generator; the format and the builder agree."""
    dialect = _dialect(traits)
    op = dialect.ops[0]
    known = {"lhs": "lhs", "rhs": "rhs"}
    assert infer_types(op, known.get) == {"result": expected}

    resolved = resolve_op_format(op, dialect)
    assert resolved is not None
    (source,) = resolved.result_types
    assert source.kind == "trait"
    assert source.trait == expected.trait
    assert source.transform == expected.transform
    assert source.source is not None
    assert source.source.name == expected.source

    view = ops_module_view(dialect, "t.yaml", {}, {})
    body = view.ops[0].builder_body
    inferred = (
        f"({expected.transform.replace('$_self', expected.source + '.type')})"
        if expected.transform
        else f"{expected.source}.type"
    )
    assert f"    result_type = {inferred}" in body


def test_same_types_take_the_first_known_operand() -> None:
    """`SameOperandsAndResultType` ties every operand and result to the first known
    operand; values known themselves are left out."""
    dialect = _dialect(["SameOperandsAndResultType"])
    op = dialect.ops[0]
    links = infer_types(op, {"rhs": "R", "lhs": "L"}.get)
    assert links == {"result": TypeLink("SameOperandsAndResultType", "L")}
    links = infer_types(op, {"rhs": "R"}.get)
    assert links == {
        "lhs": TypeLink("SameOperandsAndResultType", "R"),
        "result": TypeLink("SameOperandsAndResultType", "R"),
    }
    assert infer_types(op, {}.get) == {}
