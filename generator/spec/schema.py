"""The JSON Schema of the YAML spec form, derived from the pydantic model.

Editors use it to complete and check `opdefs/*.yaml`. Constraints, traits, DAGs
and code are strings in YAML, so the model marks those fields with string
schemas; source positions are not part of the document and are left out.
"""

from __future__ import annotations

import json
from typing import Any

from generator.spec.model import DialectDef

__all__ = ["SCHEMA_ID", "opdefs_schema", "opdefs_schema_text"]

SCHEMA_ID = "https://odsgen.invalid/schema/opdefs.schema.json"


def _trait_strings(schema: dict[str, Any]) -> None:
    # Traits are written `Name` or `Name<args>` in YAML; the object form is internal.
    op = schema["$defs"]["OpDef"]["properties"]["traits"]
    op["items"] = {
        "type": "string",
        "description": 'a trait in ODS syntax, e.g. `Pure`, `AllTypesMatch<["lhs", "result"]>`',
    }
    op.pop("prefixItems", None)


def opdefs_schema() -> dict[str, Any]:
    """The schema as a JSON-compatible dict."""
    schema = DialectDef.model_json_schema(by_alias=True, mode="validation")
    _trait_strings(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    schema["title"] = "odsgen dialect spec"
    return schema


def opdefs_schema_text() -> str:
    """The schema as stable JSON text (sorted keys, two-space indent, final newline)."""
    return json.dumps(opdefs_schema(), indent=2, sort_keys=True) + "\n"
