"""The example dialect in TableGen (`cases/example.td`) gives the same model as its YAML spelling."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import INCLUDE_DIR, LLVM_TBLGEN, run_tblgen

from generator.spec.from_records import load_records
from generator.spec.from_yaml import load_yaml
from generator.spec.model import DialectDef

CASES = Path(__file__).parent / "cases"
EXAMPLE_TD = CASES / "example.td"
EXAMPLE_JSON = CASES / "example.json"
EXAMPLE_YAML = Path(__file__).parents[1] / "spec" / "cases" / "example.yaml"


@pytest.fixture(scope="module")
def dialect() -> DialectDef:
    """The example dialect, read from the stored llvm-tblgen records."""
    doc = json.loads(EXAMPLE_JSON.read_text(encoding="utf-8"))
    return load_records(doc, main_file=EXAMPLE_TD)


def _without_locations(dialect: DialectDef) -> dict[str, Any]:
    # `loc` is excluded from dumps, so a dump compares the models without positions.
    return dialect.model_dump(by_alias=True)


def test_same_model_as_yaml(dialect: DialectDef) -> None:
    """Apart from one default value, the records give the YAML spelling's model."""
    records = _without_locations(dialect)
    yaml = _without_locations(load_yaml(EXAMPLE_YAML))
    # The YAML spells `padding`'s default as the integer 0 (the `default:` key);
    # ODS's `DefaultValuedAttr<I32Attr, "0">` can only give the text "0".
    padding = records["ops"][1]["attributes"][3]
    assert (padding["name"], padding["default"]) == ("padding", "0")
    padding["default"] = 0
    assert records == yaml


def test_summaries_and_kinds(dialect: DialectDef) -> None:
    """Declarative constraint records give MLIR's summary texts."""
    concat = dialect.op("Demo_ConcatOp")
    assert [(o.name, o.variadicity, o.type.summary()) for o in concat.operands] == [
        ("inputs", "variadic", "tensor of 32-bit float or 32-bit signless integer values"),
        ("init", "optional", "ranked tensor of any type values"),
        ("extras", "variadic", "any type"),
    ]
    axis = concat.attributes[0].type
    assert axis.summary() == "64-bit signless integer attribute whose value is non-negative"
    flag = dialect.op("Demo_SwitchOp").operands[0].type
    assert flag.summary(dialect.def_summaries()) == "a control token"


def test_locations_are_def_lines(dialect: DialectDef) -> None:
    """Nodes carry the file and line of their def, column 1."""
    add = dialect.op("Demo_AddOp")
    assert add.loc is not None
    assert Path(add.loc.file.name).name == "example.td"
    assert add.loc.line_col == (75, 1)
    assert add.operands[0].loc is not None
    assert add.operands[0].loc.line_col == (75, 1)
    assert dialect.enums[0].loc is not None
    assert dialect.enums[0].loc.line_col == (21, 1)


@pytest.mark.skipif(not LLVM_TBLGEN.exists(), reason="llvm-tblgen (LLVM 22) is not installed")
def test_golden_is_current() -> None:
    """The stored records are what llvm-tblgen prints for `example.td` today."""
    doc = run_tblgen(EXAMPLE_TD, Path("../../../opdefs/include"))
    assert INCLUDE_DIR.is_dir()
    assert doc == json.loads(EXAMPLE_JSON.read_text(encoding="utf-8")), (
        "run tests/spec_records/regen.py"
    )
