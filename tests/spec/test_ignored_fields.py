"""ODS fields that mean nothing to Python are accepted and change nothing.

A dialect written for mlir-tblgen sets `cppNamespace`, `useDefaultTypePrinterParser`,
`extraClassDefinition` and the like; odsgen's base library declares them so that
such a spec reads unchanged, and the model (so the generated code) is the one the
spec gives without them. `docs/spec-reference.md` lists them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.spec.convert import load_spec

SPEC = """include "OpBase.td"

def I_Dialect : Dialect {
  let name = "ign";
  let summary = "ignored fields";
@DIALECT@
}

def I_PairType : TypeDef<I_Dialect, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "int":$a);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return cls.get(p.parse_integer())
  }];
  let printer = [{
    return f"<{self.a}>"
  }];
@DEF@
}

def I_AddOp : Op<I_Dialect, "add"> {
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs I32:$result);
@OP@
}
"""

#: Where each ignored field goes, with a value an MLIR spec would give it.
IGNORED: dict[str, list[str]] = {
    "DIALECT": [
        'let cppNamespace = "::mlir::ign";',
        'let dependentDialects = ["arith::ArithDialect"];',
        "let useDefaultAttributePrinterParser = 1;",
        "let useDefaultTypePrinterParser = 1;",
        "let useFoldAPI = 1;",
        "let hasNonDefaultDestructor = 1;",
        "let usePropertiesForAttributes = 1;",
    ],
    "DEF": [
        'let cppBaseClassName = "::mlir::Type";',
        'let storageClass = "PairTypeStorage";',
        'let storageNamespace = "detail";',
        "let genStorageClass = 0;",
        "let hasStorageCustomConstructor = 1;",
        "let genAccessors = 0;",
        "let skipDefaultBuilders = 1;",
        "let extraClassDefinition = [{ int PairType::twice() const { return 2 * getA(); } }];",
    ],
    "OP": [
        'let cppNamespace = "::mlir::ign::ops";',
        "let extraClassDefinition = [{ void AddOp::foo() {} }];",
        "let useCustomPropertiesEncoding = 1;",
    ],
}


def _spec(tmp_path: Path, name: str, fields: dict[str, list[str]]) -> Path:
    text = SPEC
    for key in IGNORED:
        text = text.replace(f"@{key}@", "\n".join(f"  {line}" for line in fields.get(key, [])))
    path = tmp_path / name / "ign.td"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    return path


def _model(path: Path) -> dict[str, Any]:
    return load_spec(path).model_dump(by_alias=True)


def test_every_ignored_field_is_accepted_and_changes_nothing(tmp_path: Path) -> None:
    """With all ignored fields set, the spec loads to the model it has without them."""
    bare = _model(_spec(tmp_path, "bare", {}))
    assert _model(_spec(tmp_path, "full", IGNORED)) == bare


@pytest.mark.parametrize(
    ("place", "line"), [(k, line) for k, lines in IGNORED.items() for line in lines]
)
def test_each_ignored_field_alone(tmp_path: Path, place: str, line: str) -> None:
    """Each ignored field, set on its own, is accepted."""
    assert _model(_spec(tmp_path, "one", {place: [line]})) == _model(_spec(tmp_path, "none", {}))
