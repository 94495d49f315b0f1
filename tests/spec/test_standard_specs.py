"""The standard dialects in `opdefs/` (builtin, func, arith, cf) against MLIR 22.

Each spec loads and validates cleanly. Where the LLVM 22 tools are installed, the
specs are compared with MLIR's own definitions: the op list `mlir-tblgen-22
--gen-dialect-doc` documents for arith, the operand, attribute, result, region and
successor names of every op (from `llvm-tblgen --dump-json` of MLIR's `.td` files),
the constraint summaries its docs print, arith's traits, and the messages
`mlir-opt-22` prints for wrongly typed arith ops, which quote those summaries.
"""

from __future__ import annotations

import ast
import builtins
import json
import re
import shutil
import subprocess
import textwrap
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import generator.ir
from generator.emit.ops import dialect_helper_imports
from generator.naming import class_name_from_def
from generator.spec.convert import load_spec
from generator.spec.model import DialectDef, OpDef
from generator.spec.validate import KNOWN_TRAITS, validate_dialect

REPO_ROOT = Path(__file__).resolve().parents[2]
OPDEFS = REPO_ROOT / "opdefs"
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
MLIR_TBLGEN = shutil.which("mlir-tblgen-22")
MLIR_OPT = shutil.which("mlir-opt-22")

#: Our spec -> MLIR's definition of the same dialect's ops.
UPSTREAM: dict[str, str] = {
    "builtin": "mlir/IR/BuiltinOps.td",
    "func": "mlir/Dialect/Func/IR/FuncOps.td",
    "arith": "mlir/Dialect/Arith/IR/ArithOps.td",
    "cf": "mlir/Dialect/ControlFlow/IR/ControlFlowOps.td",
}
DIALECTS = sorted(UPSTREAM)

needs_llvm_tblgen = pytest.mark.skipif(
    not LLVM_TBLGEN.exists() or not MLIR_INCLUDE.is_dir(),
    reason="llvm-tblgen and MLIR's .td files (LLVM 22) are not installed",
)
needs_mlir_tblgen = pytest.mark.skipif(
    MLIR_TBLGEN is None or not MLIR_INCLUDE.is_dir(),
    reason="mlir-tblgen-22 and MLIR's .td files are not installed",
)
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")


@cache
def _spec(name: str) -> DialectDef:
    return load_spec(OPDEFS / f"{name}.td")


def _ops_by_mnemonic(dialect: DialectDef) -> dict[str, OpDef]:
    return {op.mnemonic: op for op in dialect.ops}


@pytest.mark.parametrize("name", DIALECTS)
def test_spec_loads_and_validates(name: str) -> None:
    """The spec loads (loading raises on any diagnostic) and validates without diagnostics."""
    dialect = _spec(name)
    assert dialect.name == name
    assert dialect.ops
    assert validate_dialect(dialect) == []


@pytest.mark.parametrize("name", DIALECTS)
def test_ops_have_summaries_descriptions_and_examples(name: str) -> None:
    """Every op is documented: a summary and a description with an example code block."""
    for op in _spec(name).ops:
        assert op.summary, op.def_name
        assert "```mlir\n" in op.description, op.def_name


def _free_names(tree: ast.AST) -> set[str]:
    """The names a piece of code reads without binding them itself."""
    bound: set[str] = set()
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (used if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return used - bound


@pytest.mark.parametrize("name", DIALECTS)
def test_python_uses_only_runtime_names(name: str) -> None:
    """Verifiers, `PredOpTrait` predicates and `TypesMatchWith` transforms use only the
    public names of `generator.ir` and `generator.ir.dialects`, builtins and the
    dialect's op classes."""
    dialect = _spec(name)
    allowed = set(generator.ir.__all__) | set(dir(builtins))
    allowed |= {n for helper in dialect_helper_imports() for n in helper.names}
    allowed |= {class_name_from_def(op.def_name) for op in dialect.ops}
    for op in dialect.ops:
        trees: list[ast.AST] = []
        if op.verifier is not None:
            method = "def verify_custom(self):\n" + textwrap.indent(op.verifier.text, "    ")
            trees.append(ast.parse(method))
        for trait in op.traits:
            if trait.name in ("PredOpTrait", "TypesMatchWith"):
                expr = str(trait.args[-1]).replace("$_op", "self").replace("$_self", "self")
                trees.append(ast.parse(expr, mode="eval"))
        for tree in trees:
            assert _free_names(tree) - allowed - {"self"} == set(), op.def_name


# -- MLIR's records --------------------------------------------------------------


@cache
def _upstream_records(name: str) -> dict[str, Any]:
    proc = subprocess.run(
        [
            str(LLVM_TBLGEN),
            "--dump-json",
            "-I",
            str(MLIR_INCLUDE),
            str(MLIR_INCLUDE / UPSTREAM[name]),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    doc: dict[str, Any] = json.loads(proc.stdout)
    return doc


def _upstream_ops(name: str) -> dict[str, dict[str, Any]]:
    """MLIR's op records of the dialect, by mnemonic."""
    doc = _upstream_records(name)
    ops: dict[str, dict[str, Any]] = {}
    for def_name in doc["!instanceof"]["Op"]:
        rec = doc[def_name]
        if doc[rec["opDialect"]["def"]]["name"] == name:
            ops[rec["opName"]] = rec
    return ops


def _dag_names(dag: dict[str, Any]) -> list[str]:
    return [name or "" for _, name in dag["args"]]


def _upstream_structure(name: str, rec: dict[str, Any]) -> dict[str, list[str]]:
    """The names of an MLIR op's operands, attributes, results, regions and successors."""
    doc = _upstream_records(name)
    operands: list[str] = []
    attributes: list[str] = []
    for arg, arg_name in rec["arguments"]["args"]:
        supers = doc[arg["def"]]["!superclasses"]
        (attributes if "AttrConstraint" in supers else operands).append(arg_name or "")
    return {
        "operands": operands,
        "attributes": attributes,
        "results": _dag_names(rec["results"]),
        "regions": _dag_names(rec["regions"]),
        "successors": _dag_names(rec["successors"]),
    }


def _our_structure(op: OpDef) -> dict[str, list[str]]:
    return {
        "operands": [o.name for o in op.operands],
        "attributes": [a.name for a in op.attributes],
        "results": [r.name for r in op.results],
        "regions": [r.name for r in op.regions],
        "successors": [s.name for s in op.successors],
    }


@needs_llvm_tblgen
@pytest.mark.parametrize("name", DIALECTS)
def test_same_ops_and_names_as_mlir(name: str) -> None:
    """The same ops, each with MLIR's operand, attribute, result, region and successor names."""
    upstream = _upstream_ops(name)
    ours = _ops_by_mnemonic(_spec(name))
    assert sorted(ours) == sorted(upstream)
    for mnemonic, rec in upstream.items():
        assert _our_structure(ours[mnemonic]) == _upstream_structure(name, rec), mnemonic


@needs_llvm_tblgen
def test_arith_traits_as_mlir() -> None:
    """arith ops have MLIR's named traits, in MLIR's order (interfaces aside)."""
    doc = _upstream_records("arith")
    ours = _ops_by_mnemonic(_spec("arith"))

    def plain(names: list[str]) -> list[str]:
        return [n for n in names if n in KNOWN_TRAITS and not n.endswith("Interface")]

    for mnemonic, rec in _upstream_ops("arith").items():
        upstream = plain([t["def"] for t in rec["traits"] if not doc[t["def"]]["!anonymous"]])
        mine = plain([t.name for t in ours[mnemonic].traits if not t.args])
        assert mine == upstream, mnemonic


# -- MLIR's docs -----------------------------------------------------------------


@cache
def _upstream_doc(name: str, generator: str = "--gen-op-doc") -> str:
    assert MLIR_TBLGEN is not None
    proc = subprocess.run(
        [MLIR_TBLGEN, generator, "-I", str(MLIR_INCLUDE), str(MLIR_INCLUDE / UPSTREAM[name])],
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout


_OP_HEADING = re.compile(r"^### `([\w.]+)` \(", re.M)
_TABLE_ROW = re.compile(r"^\| (`\w+`|&laquo;unnamed&raquo;) \| (.*) \|$", re.M)
_ATTR_ROW = re.compile(r"^<tr><td><code>(\w+)</code></td><td>[^<]*</td><td>(.*)</td></tr>$", re.M)


def _doc_sections(doc: str) -> dict[str, str]:
    """Op name -> the text of its section in a generated doc."""
    headings = list(_OP_HEADING.finditer(doc))
    ends = [h.start() for h in headings[1:]] + [len(doc)]
    return {h.group(1): doc[h.end() : end] for h, end in zip(headings, ends, strict=True)}


def _doc_table(section: str, title: str) -> list[tuple[str, str]]:
    """The (name, description) rows of one table (`Operands`, `Results`, `Attributes`)."""
    match = re.search(rf"^#### {title}:\n(.*?)(?=^####|\Z)", section, re.M | re.S)
    if match is None:
        return []
    if title == "Attributes":
        return [(m.group(1), m.group(2)) for m in _ATTR_ROW.finditer(match.group(1))]
    return [(m.group(1).strip("`"), m.group(2)) for m in _TABLE_ROW.finditer(match.group(1))]


@needs_mlir_tblgen
def test_arith_has_every_documented_op() -> None:
    """Every op `mlir-tblgen-22 --gen-dialect-doc` documents for arith is in the spec."""
    documented = sorted(_doc_sections(_upstream_doc("arith", "--gen-dialect-doc")))
    assert len(documented) >= 50
    assert sorted(f"arith.{op.mnemonic}" for op in _spec("arith").ops) == documented


@needs_mlir_tblgen
@pytest.mark.parametrize("name", DIALECTS)
def test_constraint_summaries_as_mlir_docs(name: str) -> None:
    """Operand, result and attribute summaries are the descriptions in MLIR's op docs."""
    dialect = _spec(name)
    refs = dialect.def_summaries()
    sections = _doc_sections(_upstream_doc(name))
    for op in dialect.ops:
        section = sections[f"{name}.{op.mnemonic}"]
        for title, values in (("Operands", op.operands), ("Results", op.results)):
            expected = [
                (n if n != "&laquo;unnamed&raquo;" else "", d)
                for n, d in _doc_table(section, title)
            ]
            mine = [
                (
                    v.name,
                    ("variadic of " if v.variadicity != "single" else "") + v.type.summary(refs),
                )
                for v in values
            ]
            assert mine == expected, (op.mnemonic, title)
        attrs = [(a.name, a.type.summary(refs)) for a in op.attributes]
        assert attrs == _doc_table(section, "Attributes"), op.mnemonic


# -- mlir-opt's messages ---------------------------------------------------------

#: A type each arith constraint accepts, by summary, to fill the other operands.
_VALID_TYPES: dict[str, str] = {
    "any type": "i32",
    "bool-like": "i1",
    "floating-point-like": "f32",
    "signless-fixed-width-integer-like": "i32",
    "signless-integer-like": "i32",
    "signless-integer-like or memref of signless-integer": "i32",
    "signless-integer-or-float-like or memref of signless-integer or float": "i32",
}
#: Valid values for arith's required attributes, when another check is under test.
_REQUIRED_ATTRS: dict[str, str] = {"predicate": "0 : i64", "value": "0 : i32"}


def _generic_op(
    op: OpDef, operands: list[str], results: list[str], attrs: dict[str, str]
) -> list[str]:
    """A generic arith op with these operand and result types, after ops defining its operands."""
    lines = [f'%v{i} = "test.value"() : () -> {t}' for i, t in enumerate(operands)]
    args = ", ".join(f"%v{i}" for i in range(len(operands)))
    attr_text = " {" + ", ".join(f"{k} = {v}" for k, v in attrs.items()) + "}" if attrs else ""
    names = ", ".join(f"%r{i}" for i in range(len(results)))
    lhs = f"{names} = " if results else ""
    if len(results) > 1:
        lhs = f"%r:{len(results)} = "
    result_text = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    lines.append(
        f'{lhs}"arith.{op.mnemonic}"({args}){attr_text} : ({", ".join(operands)}) -> {result_text}'
    )
    return lines


def _arith_cases() -> list[tuple[list[str], str]]:
    """Generic arith ops with one wrong type or attribute, and the message mlir-opt prints."""
    dialect = _spec("arith")
    refs = dialect.def_summaries()
    cases: list[tuple[list[str], str]] = []
    for op in dialect.ops:
        operand_types = [_VALID_TYPES[o.type.summary(refs)] for o in op.operands]
        result_types = [_VALID_TYPES[r.type.summary(refs)] for r in op.results]
        required = {
            a.name: _REQUIRED_ATTRS[a.name]
            for a in op.attributes
            if not a.is_optional and a.default is None
        }
        prefix = f"'arith.{op.mnemonic}' op "
        for what, values, types in (
            ("operand", op.operands, operand_types),
            ("result", op.results, result_types),
        ):
            for index, value in enumerate(values):
                summary = value.type.summary(refs)
                if summary == "any type":
                    continue
                wrong = list(types)
                wrong[index] = "none"
                ops, res = (wrong, result_types) if what == "operand" else (operand_types, wrong)
                message = f"{prefix}{what} #{index} must be {summary}, but got 'none'"
                cases.append((_generic_op(op, ops, res, required), message))
        for attr in op.attributes:
            attrs = dict(required)
            attrs[attr.name] = "[1]"
            message = (
                f"{prefix}attribute '{attr.name}' failed to satisfy constraint: "
                f"{attr.type.summary(refs)}"
            )
            cases.append((_generic_op(op, operand_types, result_types, attrs), message))
    return cases


@needs_mlir_opt
def test_arith_messages_quote_mlir_summaries(tmp_path: Path) -> None:
    """mlir-opt-22's message for each wrongly typed operand, result and attribute of every
    arith op quotes the summary of our spec's constraint."""
    assert MLIR_OPT is not None
    cases = _arith_cases()
    assert len(cases) > 100
    lines: list[str] = []
    expected: dict[int, str] = {}
    for index, (op_lines, message) in enumerate(cases):
        if index:
            lines.append("// -----")
        lines += op_lines
        expected[len(lines)] = message
    path = tmp_path / "arith_wrong.mlir"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = subprocess.run(
        [MLIR_OPT, "--split-input-file", "--allow-unregistered-dialect", path.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    printed: dict[int, str] = {}
    for match in re.finditer(r"^arith_wrong\.mlir:(\d+):\d+: error: (.*)$", proc.stderr, re.M):
        printed[int(match.group(1))] = match.group(2)
    assert printed == expected
