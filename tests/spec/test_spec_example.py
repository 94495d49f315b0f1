"""The example dialect (`cases/example.yaml`) loads into the expected model."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.spec.constraints import (
    AnyOfConstraint,
    ConfinedAttrConstraint,
    IntegerAttrConstraint,
    ShapedConstraint,
)
from generator.spec.from_yaml import load_yaml
from generator.spec.model import DialectDef

EXAMPLE = Path(__file__).parent / "cases" / "example.yaml"


@pytest.fixture(scope="module")
def dialect() -> DialectDef:
    """The loaded example dialect."""
    return load_yaml(EXAMPLE)


def test_dialect_fields(dialect: DialectDef) -> None:
    """Name, package, summary and the lists of defs are read."""
    assert dialect.name == "demo"
    assert dialect.python_package == "demo_dialect"
    assert dialect.summary == "A demonstration dialect"
    assert [op.mnemonic for op in dialect.ops] == [
        "add",
        "concat",
        "cmp",
        "loop",
        "switch",
        "yield",
    ]
    assert [t.def_name for t in dialect.types] == ["Demo_TokenType", "Demo_BufferType"]
    assert [a.mnemonic for a in dialect.attributes] == ["range"]
    assert [e.def_name for e in dialect.enums] == ["Demo_CmpPredicate", "Demo_Rounding"]


def test_operand_variadicity_and_summaries(dialect: DialectDef) -> None:
    """Variadic and optional wrappers set variadicity; summaries use MLIR's wording."""
    op = dialect.op("Demo_ConcatOp")
    got = [(o.name, o.variadicity, o.type.summary()) for o in op.operands]
    assert got == [
        ("inputs", "variadic", "tensor of 32-bit float or 32-bit signless integer values"),
        ("init", "optional", "ranked tensor of any type values"),
        ("extras", "variadic", "any type"),
    ]
    assert isinstance(op.operands[0].type, ShapedConstraint)
    assert op.operands[0].type.container == "tensor"


def test_attribute_kinds(dialect: DialectDef) -> None:
    """Optional, default-valued, derived and confined attributes are modelled."""
    op = dialect.op("Demo_ConcatOp")
    attrs = {a.name: a for a in op.attributes}
    axis = attrs["axis"].type
    assert isinstance(axis, ConfinedAttrConstraint)
    assert axis.summary() == "64-bit signless integer attribute whose value is non-negative"
    assert attrs["tag"].optional
    assert attrs["tag"].type.summary() == "string attribute"
    assert attrs["strides"].optional
    assert attrs["strides"].type.summary() == "i64 dense array attribute"
    assert attrs["padding"].default == 0
    assert attrs["element_count"].derived is not None
    assert attrs["element_count"].derived.text == "len(self.inputs)"
    add = dialect.op("Demo_AddOp").attributes[0]
    assert isinstance(add.type, IntegerAttrConstraint)
    assert (add.default, add.optional) == ("0", False)
    assert dialect.op("Demo_LoopOp").attributes[0].is_optional


def test_enums_and_references(dialect: DialectDef) -> None:
    """Enum cases are read; references to the dialect's defs take their summaries."""
    pred = dialect.enums[0]
    assert pred.kind == "i64"
    assert [(c.symbol, c.value, c.text) for c in pred.cases] == [
        ("EQ", 0, "eq"),
        ("NE", 1, "ne"),
        ("LT", 2, "lt"),
    ]
    assert [c.text for c in dialect.enums[1].cases] == ["nearest", "toward_zero"]
    cmp = dialect.op("Demo_CmpOp")
    summaries = dialect.def_summaries()
    assert cmp.attributes[0].type.summary(summaries) == "comparison predicate"
    assert cmp.attributes[1].optional
    lhs = cmp.operands[0].type
    assert isinstance(lhs, AnyOfConstraint)
    assert lhs.summary() == "32-bit signless integer or 32-bit float or index"
    assert cmp.results[0].type.summary() == "1-bit signless integer"
    flag = dialect.op("Demo_SwitchOp").operands[0].type
    assert flag.summary(summaries) == "a control token"


def test_traits_with_arguments(dialect: DialectDef) -> None:
    """Traits keep their ODS arguments."""
    concat = dialect.op("Demo_ConcatOp")
    assert [t.spelling() for t in concat.traits] == [
        "AttrSizedOperandSegments",
        'AllTypesMatch<["init", "result"]>',
    ]
    cmp_trait = dialect.op("Demo_CmpOp").traits[1]
    assert cmp_trait.args == ("result is i1 of lhs", "lhs", "result", "i1_like($_self)")
    loop = dialect.op("Demo_LoopOp")
    assert loop.traits[0].args == ("Demo_YieldOp",)


def test_regions_successors_builders_and_code(dialect: DialectDef) -> None:
    """Regions, successors, builders, hooks and the format keep their data and position."""
    loop = dialect.op("Demo_LoopOp")
    assert loop.regions[0].constraint.summary() == "region with 1 blocks"
    assert [(p.name, p.type, p.default) for p in loop.builders[0].params] == [
        ("bound", "Value", None),
        ("unroll", "bool", "False"),
    ]
    switch = dialect.op("Demo_SwitchOp")
    assert [(s.name, s.variadic) for s in switch.successors] == [
        ("default_dest", False),
        ("cases", True),
    ]
    assert switch.regions[0].variadic
    add = dialect.op("Demo_AddOp")
    assert add.has_folder
    assert add.fold is not None
    assert add.fold.loc is not None
    assert add.fold.loc.line_col == (82, 7)
    assert add.assembly_format is not None
    assert add.assembly_format.text == "$lhs `,` $rhs attr-dict `:` type($result)"


def test_locations_point_into_the_file(dialect: DialectDef) -> None:
    """Nodes and constraints carry the line and column where they are written."""
    concat = dialect.op("Demo_ConcatOp")
    assert concat.loc is not None
    assert concat.loc.line_col == (85, 5)
    inputs = concat.operands[0]
    assert inputs.loc is not None
    assert inputs.loc.line_col == (92, 9)
    # The constraint sits at `TensorOf`, inside `"Variadic<TensorOf<[F32, I32]>>"`.
    assert inputs.type.loc is not None
    assert inputs.type.loc.line_col == (92, 40)


def test_pattern(dialect: DialectDef) -> None:
    """Patterns keep their source DAG, results and benefit."""
    (pattern,) = dialect.patterns
    assert pattern.name == "AddZero"
    assert pattern.benefit == 2
    assert pattern.source.operator == "Demo_AddOp"
    assert [a.bind for a in pattern.source.args] == ["x", None, "ovf"]
    nested = pattern.source.args[1].value
    assert nested is not None
    assert getattr(nested, "operator", None) == "Demo_ConstantOp"
    assert pattern.results[0].operator == "replaceWithValue"
