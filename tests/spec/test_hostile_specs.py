"""Hostile text in every string field of a spec, in both spec forms.

A spec is trusted like source code where it holds code (hooks, predicates,
builder bodies), but a name or a summary is not code: whatever text such a field
holds must either be refused with a diagnostic at `file:line:col`, or reach the
generated modules only as data (in a string literal or a docstring), so that the
generated package imports without running any of it.
"""

from __future__ import annotations

import ast
import copy
import re
import shutil
import subprocess
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from generator.cli import main
from generator.spec import model

REPO_ROOT = Path(__file__).resolve().parents[2]

#: Breaks out of a "..." literal, a '''...''' or """...""" docstring, a comment
#: (newline), an f-string (braces) and a trailing-backslash escape; running any of
#: it creates the file PWNED.
HOSTILE = (
    "x\" + __import__('os').system('touch PWNED') + \" ''' \"\"\"\n"
    "__import__('os').system('touch PWNED') {0} \\"
)

_LOCATED = re.compile(r"opdefs/evil\.(yaml|td):\d+:\d+: error: ")

#: Another dialect of the project, whose enum attribute `BASE` imports.
FRIEND: dict[str, Any] = {
    "name": "friend",
    "enums": [
        {
            "def": "Friend_Level",
            "kind": "i32",
            "cases": [{"symbol": "low", "value": 0}, {"symbol": "high", "value": 1}],
        }
    ],
    "attributes": [{"def": "Friend_LevelAttr", "mnemonic": "level", "enum": "Friend_Level"}],
}

BASE: dict[str, Any] = {
    "name": "evil",
    "summary": "a dialect",
    "description": "Ops for the test.",
    "imports": [
        {
            "dialect": "friend",
            "package": "friend",
            "file": "friend.yaml",
            **{key: FRIEND[key] for key in ("enums", "attributes")},
        }
    ],
    "enums": [
        {
            "def": "Evil_Mode",
            "summary": "a mode",
            "description": "How it runs.",
            "kind": "i32",
            "cpp_namespace": "::evil",
            "cases": [
                {"symbol": "fast", "value": 0, "string": "fast"},
                {"symbol": "slow", "value": 1},
            ],
        },
        {
            "def": "Evil_Flags",
            "summary": "flags",
            "kind": "bit32",
            "separator": "|",
            "cases": [{"symbol": "none", "value": 0}, {"symbol": "a", "value": 1}],
        },
    ],
    "types": [
        {
            "def": "Evil_PairType",
            "mnemonic": "pair",
            "summary": "a pair",
            "description": "Two types.",
            "parameters": [{"name": "first", "type": "Type", "description": "the first"}],
            "has_custom_assembly_format": True,
            "parser": 'p.expect("<", "expected \'<\'")\nfirst = p.parse_type()\n'
            'p.expect(">", "expected \'>\'")\nreturn cls.get(first)\n',
            "printer": 'return f"<{self.first}>"\n',
        }
    ],
    "attributes": [
        {
            "def": "Evil_FlagsAttr",
            "mnemonic": "flags",
            "summary": "flags attribute",
            "description": "Flags.",
            "enum": "Evil_Flags",
            "assembly_format": "`<` $value `>`",
        },
        {
            "def": "Evil_ExternAttr",
            "mnemonic": "extern",
            "summary": "an external value",
            "parameters": [{"name": "type", "type": "SelfType"}],
            "assembly_format": "",
            "alias": "eflags",
        },
    ],
    "ops": [
        {
            "def": "Evil_AddOp",
            "mnemonic": "add",
            "summary": "addition",
            "description": "Adds.",
            "default_dialect": "evil",
            "traits": [
                "Pure",
                'TypesMatchWith<"result matches lhs", "lhs", "result", "$_self">',
                "Evil_DerivedOpInterface",
            ],
            "operands": [
                {"name": "lhs", "type": "AnyType", "description": "left"},
                {"name": "rhs", "type": "AnyType"},
            ],
            "attributes": [
                {"name": "mode", "type": "Evil_Mode", "description": "the mode"},
                {"name": "tag", "type": "OptionalAttr<StrAttr>", "description": "a tag"},
            ],
            "results": [{"name": "result", "type": "AnyType", "description": "the sum"}],
            "builders": [
                {
                    "params": [{"name": "lhs", "type": "Value"}],
                    "body": "return cls(lhs, lhs, Evil_Mode_fast, lhs.type)",
                    "description": "Doubles.",
                }
            ],
        },
        {
            "def": "Evil_BrOp",
            "mnemonic": "br",
            "summary": "a branch",
            "traits": ["Terminator"],
            "attributes": [{"name": "level", "type": "OptionalAttr<Friend_LevelAttr>"}],
            "regions": [{"name": "body", "description": "the body"}],
            "successors": [{"name": "dest", "description": "where to go"}],
        },
    ],
    "interfaces": [
        {
            "def": "Evil_ShapedOpInterface",
            "name": "Shaped",
            "description": "Has a shape.",
            "methods": [
                {
                    "name": "rank",
                    "description": "The rank.",
                    "return_type": "int",
                    "args": [{"name": "index", "type": "int", "default": "0"}],
                    "default": "return index",
                }
            ],
        },
        {
            "def": "Evil_DerivedOpInterface",
            "description": "More.",
            "bases": ["Evil_ShapedOpInterface"],
        },
    ],
    "patterns": [
        {
            "name": "AddSame",
            "source": "(Evil_AddOp $x, $x, $m, $t)",
            "results": ["$x"],
            "set": "demo-set",
            "unsound": "kept on purpose",
        }
    ],
}

#: Every data field of the YAML form, as a path into `BASE`.
YAML_FIELDS: list[tuple[str | int, ...]] = [
    ("name",),
    ("package",),
    ("implementation_module",),
    ("summary",),
    ("description",),
    ("imports", 0, "dialect"),
    ("imports", 0, "package"),
    ("imports", 0, "file"),
    ("imports", 0, "attributes", 0, "def"),
    ("imports", 0, "attributes", 0, "mnemonic"),
    ("enums", 0, "def"),
    ("enums", 0, "summary"),
    ("enums", 0, "description"),
    ("enums", 0, "cases", 0, "symbol"),
    ("enums", 0, "cases", 0, "string"),
    ("enums", 1, "separator"),
    ("enums", 0, "cpp_namespace"),
    ("types", 0, "def"),
    ("types", 0, "mnemonic"),
    ("types", 0, "summary"),
    ("types", 0, "description"),
    ("types", 0, "parameters", 0, "name"),
    ("types", 0, "parameters", 0, "description"),
    ("attributes", 0, "def"),
    ("attributes", 0, "mnemonic"),
    ("attributes", 0, "summary"),
    ("attributes", 0, "description"),
    ("attributes", 1, "alias"),
    ("attributes", 0, "enum"),
    ("ops", 0, "def"),
    ("ops", 0, "mnemonic"),
    ("ops", 0, "summary"),
    ("ops", 0, "description"),
    ("ops", 0, "default_dialect"),
    ("ops", 0, "argument_order"),
    ("ops", 0, "traits", 1),
    ("ops", 0, "operands", 0, "name"),
    ("ops", 0, "operands", 0, "description"),
    ("ops", 0, "attributes", 0, "name"),
    ("ops", 0, "attributes", 0, "description"),
    ("ops", 0, "attributes", 1, "default"),
    ("ops", 0, "results", 0, "name"),
    ("ops", 0, "results", 0, "description"),
    ("ops", 0, "builders", 0, "params", 0, "name"),
    ("ops", 0, "builders", 0, "description"),
    ("ops", 1, "regions", 0, "name"),
    ("ops", 1, "regions", 0, "description"),
    ("ops", 1, "successors", 0, "name"),
    ("ops", 1, "successors", 0, "description"),
    ("interfaces", 0, "def"),
    ("interfaces", 0, "name"),
    ("interfaces", 0, "description"),
    ("interfaces", 0, "methods", 0, "name"),
    ("interfaces", 0, "methods", 0, "description"),
    ("interfaces", 0, "methods", 0, "args", 0, "name"),
    ("interfaces", 1, "bases", 0),
    ("patterns", 0, "name"),
    ("patterns", 0, "source"),
    ("patterns", 0, "results", 0),
    ("patterns", 0, "set"),
    ("patterns", 0, "unsound"),
]

#: Model fields that hold code by design (hooks, constraint expressions, Python
#: annotations and defaults) and are compiled as code, or that are not strings
#: an author writes as such (a YAML node's kind).
CODE_FIELDS = {
    "SourceText.text",
    "BuilderParam.type",
    "BuilderParam.default",
    "ParameterDef.type",
    "ParameterDef.default",
    "AttributeDef.default",
    "OperandDef.segment_attr",
    "ResultDef.segment_attr",
    "DagLeaf.value",
    "DagNodeDef.operator",
    "DagNodeDef.bind",
    "DagArgDef.bind",
    "InterfaceMethodDef.return_type",
    "MethodArgDef.type",
    "MethodArgDef.default",
}

#: Model fields -> the YAML paths that cover them (the trait arguments are the
#: `TypesMatchWith` text; the DAG fields are parts of `source`/`results`).
COVERED = {
    "DialectDef.name",
    "DialectDef.package",
    "DialectDef.implementation_module",
    "DialectDef.summary",
    "DialectDef.description",
    "EnumDef.def_name",
    "EnumDef.summary",
    "EnumDef.description",
    "EnumCaseDef.symbol",
    "EnumCaseDef.string",
    "EnumDef.separator",
    "EnumDef.cpp_namespace",
    "TypeDef.def_name",
    "TypeDef.mnemonic",
    "TypeDef.summary",
    "TypeDef.description",
    "ParameterDef.name",
    "ParameterDef.description",
    "AttrDef.def_name",
    "AttrDef.mnemonic",
    "AttrDef.summary",
    "AttrDef.description",
    "AttrDef.alias",
    "AttrDef.enum",
    "OpDef.def_name",
    "OpDef.mnemonic",
    "OpDef.summary",
    "OpDef.description",
    "OpDef.default_dialect",
    "OpDef.argument_order",
    "TraitRef.name",
    "TraitRef.args",
    "OperandDef.name",
    "OperandDef.description",
    "AttributeDef.name",
    "AttributeDef.description",
    "ResultDef.name",
    "ResultDef.description",
    "BuilderParam.name",
    "BuilderDef.description",
    "RegionDef.name",
    "RegionDef.description",
    "SuccessorDef.name",
    "SuccessorDef.description",
    "PatternDef.name",
    "PatternDef.unsound",
    "PatternDef.pattern_set",
    "InterfaceDef.def_name",
    "InterfaceDef.name",
    "InterfaceDef.description",
    "InterfaceDef.bases",
    "InterfaceMethodDef.name",
    "InterfaceMethodDef.description",
    "MethodArgDef.name",
    "ImportDef.dialect",
    "ImportDef.package",
    "ImportDef.file",
}


def _string_fields(cls: type[BaseModel], seen: set[type[BaseModel]]) -> Iterator[str]:
    """`Class.field` for every field of the spec model (below `cls`) that holds text."""
    if cls in seen or not cls.__module__.startswith("generator.spec.model"):
        return
    seen.add(cls)
    for name, info in cls.model_fields.items():
        if name in ("loc", "field_locs"):
            continue
        stack = [info.annotation]
        has_text = False
        while stack:
            t = stack.pop()
            if t is str:
                has_text = True
            elif isinstance(t, type) and issubclass(t, BaseModel):
                yield from _string_fields(t, seen)
            else:
                stack.extend(typing.get_args(t))
        if has_text:
            yield f"{cls.__name__}.{name}"


def test_every_text_field_of_the_model_is_covered() -> None:
    """A new text field in the model must be added to the hostile cases (or be code)."""
    fields = set(_string_fields(model.DialectDef, set()))
    assert fields - COVERED - CODE_FIELDS == set()


def _set(doc: dict[str, Any], path: tuple[str | int, ...], value: str) -> None:
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if last == "argument_order":
        node[last] = ["lhs", value, "mode", "tag"]
    elif isinstance(last, int) and path[-2] == "traits":
        # Quoted as ODS quotes strings, so that the text reaches the summary whole.
        quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        node[last] = f'TypesMatchWith<{quoted}, "lhs", "result", "$_self">'
    else:
        node[last] = value


def _python_modules(root: Path) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted((root / "generated").rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _check(root: Path, code: int, err: str, what: str) -> None:
    """A located diagnostic, or a generated package holding the text only as data."""
    assert "Traceback" not in err, (what, err)
    assert "internal error" not in err, (what, err)
    if code != 0:
        assert code == 1, (what, err)
        assert _LOCATED.search(err), (what, err)
        assert not (root / "generated").exists(), what
        return
    for path, tree in _python_modules(root):
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Name) and node.id == "__import__"), (what, path)
    sentinel = root / "PWNED"
    run = subprocess.run(
        [sys.executable, "-c", "import generated; generated.load_all_dialects()"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, (what, run.stderr)
    assert not sentinel.exists(), what


def _project(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    (root / "opdefs").mkdir(parents=True)
    (root / "opdefs" / "friend.yaml").write_text(yaml.safe_dump(FRIEND), encoding="utf-8")
    return root


def test_the_base_spec_generates_and_imports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without hostile text the spec is valid, so each case below tests one field."""
    root = _project(tmp_path, "base")
    (root / "opdefs" / "evil.yaml").write_text(yaml.safe_dump(BASE), encoding="utf-8")
    code = main(["generate", "--root", str(root)])
    err = capsys.readouterr().err
    assert code == 0, err
    _check(root, code, err, "base")


@pytest.mark.parametrize("path", YAML_FIELDS, ids=lambda p: ".".join(map(str, p)))
def test_hostile_text_in_a_yaml_field(
    path: tuple[str | int, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each YAML field holding hostile text is refused at its place or kept as data."""
    doc = copy.deepcopy(BASE)
    _set(doc, path, HOSTILE)
    root = _project(tmp_path, "p")
    (root / "opdefs" / "evil.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    code = main(["generate", "--root", str(root)])
    _check(root, code, capsys.readouterr().err, str(path))


#: A TableGen spec; `@FIELD@` marks where the hostile text goes in each case. Every
#: string the TableGen form lets an author write is here (names the grammar spells
#: as identifiers, such as `def` names and `$operand` names, cannot hold the text).
TD_BASE = """include "OpBase.td"

def Evil_Dialect : Dialect {
  let name = @name@;
  let summary = @dsummary@;
  let description = @ddescription@;
  let pythonPackage = @package@;
  let implementationModule = @implementation@;
}
def Evil_Mode : I32EnumAttr<"Mode", @esummary@, [
  I32EnumAttrCase<@csymbol@, 0, @cstring@>,
  I32EnumAttrCase<"slow", 1>
]> {
  let description = @edescription@;
}
def Evil_Flags : I32BitEnumAttr<"Flags", @fsummary@, [
  I32BitEnumAttrCaseNone<"none">,
  I32BitEnumAttrCaseBit<"a", 0>
]> {
  let separator = @separator@;
}
def Evil_FlagsAttr : EnumAttr<Evil_Dialect, Evil_Flags, @amnemonic@>;
def Evil_ExternAttr : AttrDef<Evil_Dialect, "Extern"> {
  let mnemonic = "extern";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type);
  let summary = @asummary@;
  let description = @adescription@;
  let assemblyFormat = "";
  let asmAlias = @alias@;
}
def Evil_ShapedOpInterface : OpInterface<@iname@> {
  let description = @idescription@;
  let methods = [
    InterfaceMethod<@mdescription@, "int", @mname@, (ins "int":$index), [{}],
                    [{ return index }]>
  ];
}
class Evil_Op<string mnemonic, list<Trait> traits = []> : Op<Evil_Dialect, mnemonic, traits>;
def Evil_Doubled : OpBuilder<(ins "Value":$lhs), [{
    return cls(lhs, lhs, Evil_Mode_fast, lhs.type)
  }]> {
  let summary = @bsummary@;
}
def Evil_AddOp : Evil_Op<@mnemonic@, [
    Pure, Evil_ShapedOpInterface,
    TypesMatchWith<@tmsummary@, "lhs", "result", "$_self">]> {
  let summary = @osummary@;
  let description = @odescription@;
  let defaultDialect = @defaultdialect@;
  let arguments = (ins AnyType:$lhs, AnyType:$rhs, Evil_Mode:$mode);
  let results = (outs AnyType:$result);
  let builders = [Evil_Doubled];
}
def Evil_PairType : TypeDef<Evil_Dialect, "Pair"> {
  let mnemonic = @tmnemonic@;
  let summary = @tsummary@;
  let description = @tdescription@;
  let parameters = (ins TypeParameter<"Type", @pdescription@>:$first);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    first = p.parse_type()
    p.expect(">", "expected '>'")
    return cls.get(first)
  }];
  let printer = [{
    return f"<{self.first}>"
  }];
}
let patternSet = @set@ in {
def Evil_Same : Pat<(Evil_AddOp $x, $x, $m), (Evil_AddOp $x, $x, $m)>,
                KnownUnsound<@unsound@>;
}
"""

_TD_DEFAULTS = {
    "name": '"evil"',
    "dsummary": '"a dialect"',
    "ddescription": '"Ops for the test."',
    "esummary": '"a mode"',
    "edescription": '"How it runs."',
    "asummary": '"an external value"',
    "adescription": '"Extern."',
    "bsummary": '"Doubles."',
    "tmsummary": '"result matches lhs"',
    "tdescription": '"Two types."',
    "pdescription": '"the first"',
    "csymbol": '"fast"',
    "cstring": '"fast"',
    "mnemonic": '"add"',
    "osummary": '"addition"',
    "odescription": '"Adds."',
    "tmnemonic": '"pair"',
    "tsummary": '"a pair"',
    "package": '"evil"',
    "implementation": '""',
    "fsummary": '"flags"',
    "separator": '"|"',
    "amnemonic": '"flags"',
    "alias": '"eflags"',
    "defaultdialect": '"evil"',
    "set": '"demo-set"',
    "unsound": '"kept on purpose"',
    "iname": '"Shaped"',
    "idescription": '"Has a shape."',
    "mdescription": '"The rank."',
    "mname": '"rank"',
}


def _td(field: str | None) -> str:
    text = TD_BASE
    for key, default in _TD_DEFAULTS.items():
        # A code block holds any text but `]}`, with no escapes needed.
        value = "[{" + HOSTILE + "}]" if key == field else default
        text = text.replace(f"@{key}@", value)
    return text


@pytest.mark.parametrize("field", [None, *_TD_DEFAULTS])
def test_hostile_text_in_a_tablegen_field(
    field: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each TableGen string holding hostile text is refused at its place or kept as data."""
    root = _project(tmp_path, "p")
    shutil.copytree(REPO_ROOT / "opdefs" / "include", root / "opdefs" / "include")
    (root / "opdefs" / "evil.td").write_text(_td(field), encoding="utf-8")
    code = main(["generate", "--root", str(root)])
    err = capsys.readouterr().err
    if field is None:
        assert code == 0, err
    _check(root, code, err, str(field))
