"""The JSON Schema of the YAML spec form."""

from __future__ import annotations

import json

from generator.spec.schema import opdefs_schema, opdefs_schema_text


def test_schema_text_is_stable_json() -> None:
    """The text is JSON with sorted keys and a final newline, the same on every call."""
    text = opdefs_schema_text()
    assert text.endswith("}\n")
    assert text == opdefs_schema_text()
    assert json.loads(text) == opdefs_schema()


def test_schema_describes_the_yaml_keys() -> None:
    """Top-level and op keys are the YAML spelling; `loc` is not part of the document."""
    schema = opdefs_schema()
    assert schema["required"] == ["name"]
    assert set(schema["properties"]) == {
        "name",
        "package",
        "summary",
        "description",
        "ops",
        "types",
        "attributes",
        "enums",
        "imports",
        "interfaces",
        "patterns",
        "has_constant_materializer",
        "has_canonicalizer",
        "allow_unknown_operations",
        "implementation_module",
        "extra_code",
        "pattern_file",
    }
    op = schema["$defs"]["OpDef"]
    assert "def" in op["properties"]
    assert "def_name" not in op["properties"]
    assert op["additionalProperties"] is False
    assert "loc" not in op["properties"]
    assert op["required"] == ["def", "mnemonic"]


def test_constraints_traits_and_code_are_strings() -> None:
    """Fields written in ODS syntax or as code are plain strings in the schema."""
    defs = opdefs_schema()["$defs"]
    assert defs["OperandDef"]["properties"]["type"]["type"] == "string"
    assert defs["AttributeDef"]["properties"]["type"]["type"] == "string"
    assert defs["OpDef"]["properties"]["traits"]["items"]["type"] == "string"
    verifier = defs["OpDef"]["properties"]["verifier"]
    assert {"type": "string"} in [
        {"type": option.get("type")} for option in verifier.get("anyOf", [verifier])
    ]
    assert defs["RegionDef"]["properties"]["constraint"]["type"] == "string"
