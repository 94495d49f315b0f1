"""`odsgen import` of the sparse tensor, smt, vector, bufferization, arm_sme and xegpu
dialects' C++ predicates, against mlir-opt-22.

The sparse tensor dialect's constraints ask for a tensor with a
`#sparse_tensor.encoding<...>`, an attribute MLIR reads and prints in C++: the
runtime implements it (`generator.ir.dialects.sparse_tensor`), and these tests
check that it round-trips, prints and is rejected exactly as mlir-opt-22 does,
with the ops it completes. The other tests check the predicate tables' new
entries (helper functions written as C++ lambdas, `bool(...)`, `cloneWith`, an
op's inline getters, attribute interfaces, integer attribute getters) against
what mlir-opt-22 accepts. Expected text comes from mlir-opt-22 at test time.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from spec import mlir_records
from spec.test_mlir_import import (
    DIALECTS,
    ODSGEN,
    _chunks_of,
    _first_errors,
    _import,
    needs_mlir,
    needs_mlir_opt,
)

from generator.ir import parse_type
from generator.spec.mlir_predicates import (
    attr_interface_implementers,
    op_scope,
    record_classes,
    translate_cpred,
    translate_type_expr,
)
from generator.tablegen import dump_json, load_records

SPARSE = DIALECTS / "SparseTensor" / "IR" / "SparseTensorOps.td"
SMT = DIALECTS / "SMT" / "IR" / "SMTOps.td"
VECTOR = DIALECTS / "Vector" / "IR" / "VectorOps.td"
BUFFERIZATION = DIALECTS / "Bufferization" / "IR" / "BufferizationOps.td"

_ENC = "#sparse_tensor.encoding<{{ {} }}>"


def _fn(name: str, tensor: str, body: str = "") -> str:
    return f"func.func @{name}(%t: {tensor}) {{\n{body}  return\n}}\n"


def _entries(tensor: str) -> str:
    return f"  %n = sparse_tensor.number_of_entries %t : {tensor}\n"


#: Sparse programs, valid and not: encodings in every syntax MLIR accepts (short
#: and renamed dimensions, level names, symbols, slices, block maps, level
#: properties, widths and values), and each of MLIR's checks of an encoding.
SPARSE_CASES = [
    # Shared aliases, renamed dimensions, widths; the ops that ask for a sparse tensor.
    "#CSR = #sparse_tensor.encoding<{map=(i,j)->(i:dense,j:compressed), posWidth=32,"
    " crdWidth=8}>\n"
    "func.func @f(%t: tensor<8x8xf64, #CSR>, %s: i64) -> tensor<?x?xf64, #CSR> {\n"
    "  %n = sparse_tensor.number_of_entries %t : tensor<8x8xf64, #CSR>\n"
    "  sparse_tensor.print %t : tensor<8x8xf64, #CSR>\n"
    "  %l = sparse_tensor.load %t : tensor<8x8xf64, #CSR>\n"
    "  %r = sparse_tensor.new %s : i64 to tensor<?x?xf64, #CSR>\n"
    "  return %r : tensor<?x?xf64, #CSR>\n}\n",
    *(
        _fn("g", t := f"tensor<8x8xf64, {_ENC.format(enc)}>", _entries(t))
        for enc in (
            "map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1 : #sparse_tensor<slice(?, ?, ?)>)"
            " -> (d0 : dense, d1 : compressed(nonordered, nonunique)),"
            " explicitVal = 1.0 : f64, implicitVal = 0.0 : f64",
            "map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 4 : compressed,"
            " d0 mod 2 : dense, d1 mod 4 : dense)",
            "map = (d0, d1) -> (d0 : batch, d1 : structured[2, 4])",
            "map = {l0, l1} (d0, d1) -> (l0 = d1 : dense, l1 = d0 : compressed)",
            "map = [s0](d0, d1) -> (d0 : dense, d1 : compressed)",
            "map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa))",
            "crdWidth = 16, map = (d0, d1) -> (d0 : dense, d1 : dense), posWidth = 64",
        )
    ),
    _fn(
        "v",
        "tensor<4x8x2xi32, #sparse_tensor.encoding<{ map = (d0, d1, d2) -> "
        "(d0 : compressed(nonunique), d1 : singleton(nonunique, soa), d2 : singleton(soa)) }>>",
    ),
    # The sparse ops reject a dense tensor.
    _fn("h", "tensor<8xf64>", _entries("tensor<8xf64>")),
    # MLIR's checks of the encoding, and of the tensor type carrying it.
    *(
        _fn("h", f"tensor<8x8xf64, {_ENC.format(enc)}>")
        for enc in (
            "map = (d0, d1) -> (d0 : singleton, d1 : compressed)",
            "map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 7",
            "map = (d0, d1) -> (d0 : dense, d1 : compressed), crdWidth = 1.0",
            "map = (d0, d1) -> (d0 : dense, d1 : compressed), foo = 7",
            "map = (d0, d1) -> (d0 : dense, d1 : batch)",
            "map = (d0, d1) -> (d0 : compressed(soa), d1 : dense)",
            "map = (d0, d1) -> (d0 : dense, d0 : compressed)",
            "map = (d0, d1) -> (d0 : compressed, d1 : compressed), implicitVal = 1.0 : f64",
            "map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1 : i32",
            'map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = "a"',
            "map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1) -> (d0 floordiv 2 : dense,"
            " d1 : compressed, d0 mod 2 : dense)",
            "posWidth = 32",
        )
    ),
    _fn("h", f"tensor<8xf64, {_ENC.format('map = (d0, d1) -> (d0 : dense, d1 : compressed)')}>"),
]


def _opt(tmp_path: Path, program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`odsgen opt` over the imported package, with the `generator` the tests run."""
    path = [str(tmp_path / "out" / "mlirpy"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in path if p))
    return subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", "--replace-builtin", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )


def _compare(tmp_path: Path, cases: list[str], flags: list[str]) -> tuple[int, int, list[str]]:
    """Run `cases` through mlir-opt-22 and the imported package: (valid, invalid,
    the cases whose output or first error differ)."""
    program = tmp_path / f"cases{len(flags)}.mlir"
    program.write_text("// -----\n".join(cases), encoding="utf-8")
    starts, line = [], 1
    for text in cases:
        starts.append(line)
        line += text.count("\n") + 1
    run = ["--split-input-file", *flags]
    expected = subprocess.run(
        ["mlir-opt-22", *run, str(program)], capture_output=True, text=True, check=False
    )
    got = _opt(tmp_path, program, *run)
    assert "Traceback" not in got.stderr, got.stderr[-3000:]
    want_errors = _first_errors(expected.stderr, starts)
    got_errors = _first_errors(got.stderr, starts)
    want_out, got_out = _chunks_of(expected.stdout), _chunks_of(got.stdout)
    # Each chunk prints one output chunk, an invalid one none: outputs pair in order.
    valid = [i for i in range(len(cases)) if i not in want_errors]
    differ = []
    for i, text in enumerate(cases):
        if i in want_errors:
            if got_errors.get(i) != want_errors[i]:
                differ.append(f"{want_errors[i]} / {got_errors.get(i)}")
        elif i in got_errors:
            differ.append(f"{text[:80]}: {got_errors[i]}")
    if len(got_out) != len(want_out) or got_out != want_out:
        differ.append(f"outputs differ:\n{expected.stdout}\n---\n{got.stdout}")
    return len(valid), len(want_errors), differ


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True])
def test_sparse_encoding_round_trips_as_mlir_opt(tmp_path: Path, generic: bool) -> None:
    """Sparse tensor encodings in programs of the imported sparse_tensor ops: where
    mlir-opt-22 accepts a program, odsgen prints it identically (aliases, canonical
    maps and level types, widths and values); where it rejects one, odsgen gives
    the same first error."""
    status, out, err = _import(tmp_path, SPARSE)
    assert status == 0, err
    assert "sparse_tensor:" in out
    valid, invalid, differ = _compare(
        tmp_path, SPARSE_CASES, ["--mlir-print-op-generic"] if generic else []
    )
    assert valid >= 8, valid
    assert invalid >= 12, invalid
    assert not differ, differ


@needs_mlir
def test_sparse_ops_complete_with_the_encoding(tmp_path: Path) -> None:
    """The sparse tensor constraint (`getSparseTensorEncoding`) translates, so ops
    whose only C++ was that constraint are complete."""
    run = subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(mlir_records.MLIR_INCLUDE),
            str(SPARSE),
            "--report",
            "-v",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "getSparseTensorEncoding" not in run.stdout
    blocked = {line.split(":")[0].strip() for line in run.stdout.splitlines() if line[:2] == "  "}
    for op in ("number_of_entries", "print", "load", "new", "out", "expand"):
        assert f"sparse_tensor.{op}" not in blocked, run.stdout


# -- predicates -------------------------------------------------------------------------


def _op(td: Path, name: str) -> tuple[Mapping[str, Any], mlir_records.Records]:
    # odsgen's front end, which finds a dialect's includes beside its file as the
    # importer does.
    recs = json.loads(dump_json(load_records(td, [mlir_records.MLIR_INCLUDE, td.parent])))
    for record_name in recs["!instanceof"]["Op"]:
        op = recs[record_name]
        if f"{mlir_records.dialect_of(op, recs)}.{op['opName']}" == name:
            return op, recs
    raise AssertionError(f"{name} is not in {td}")


#: SMT types, and each dialect's class of them by mnemonic from the records.
SMT_TYPES = [
    "!smt.bool",
    "!smt.int",
    "!smt.bv<8>",
    "!smt.array<[!smt.int -> !smt.bool]>",
    "!smt.func<(!smt.bool) !smt.bool>",
    '!smt.sort<"u">',
    "i32",
]


def _accepts(program: str) -> bool:
    run = subprocess.run(["mlir-opt-22"], input=program, capture_output=True, text=True)
    return run.returncode == 0


@needs_mlir
@needs_mlir_opt
def test_smt_value_type_predicates_agree_with_mlir_opt() -> None:
    """`smt::isAnySMTValueType` (`smt.ite`'s values) and `isAnyNonFuncSMTValueType`
    (`smt.eq`'s) accept exactly the types mlir-opt-22 accepts there. The type of
    each is an instance of the class its mnemonic's TypeDef names in the records."""
    if (reason := mlir_records.unavailable()) is not None:
        pytest.skip(reason)
    op, recs = _op(SMT, "smt.ite")
    scope = op_scope(op, recs)
    by_mnemonic = {
        recs[n]["mnemonic"]: recs[n]["cppClassName"] for n in recs["!instanceof"]["TypeDef"]
    }
    classes = {cpp: type(cpp, (), {}) for cpp in by_mnemonic.values()}
    checks = {}
    for fn in ("isAnySMTValueType", "isAnyNonFuncSMTValueType"):
        result = translate_cpred(f"smt::{fn}($_self)", scope)
        assert result.python is not None, result.problem
        checks[fn] = result.python.replace("$_self", "_self")
    for text in SMT_TYPES:
        m = re.match(r"!smt\.(\w+)", text)
        value = classes[by_mnemonic[m.group(1)]]() if m else object()
        ns = {**classes, "_self": value}
        ite = f"func.func @f(%c: !smt.bool, %a: {text}) {{\n  %0 = smt.ite %c, %a, %a : {text}\n  return\n}}\n"
        eq = f"func.func @f(%a: {text}) {{\n  %0 = smt.eq %a, %a : {text}\n  return\n}}\n"
        assert eval(checks["isAnySMTValueType"], ns) == _accepts(ite), text
        assert eval(checks["isAnyNonFuncSMTValueType"], ns) == _accepts(eq), text


#: Newly complete ops whose predicates read an op's inline getters
#: (`getSourceVectorType()`), an integer attribute's getter, and an `Res<>` result.
GETTER_CASES = [
    "func.func @f(%v: vector<[8]xf32>, %s: vector<4xf32>) -> vector<[8]xf32> {\n"
    "  %0 = vector.scalable.insert %s, %v[4] : vector<4xf32> into vector<[8]xf32>\n"
    "  %1 = vector.scalable.extract %0[0] : vector<4xf32> from vector<[8]xf32>\n"
    "  return %0 : vector<[8]xf32>\n}\n",
    "func.func @f(%v: vector<[8]xf32>, %s: vector<4xf32>) {\n"
    "  %0 = vector.scalable.insert %s, %v[3] : vector<4xf32> into vector<[8]xf32>\n"
    "  return\n}\n",
    "func.func @f(%v: vector<[8]xf32>) {\n"
    "  %1 = vector.scalable.extract %v[2] : vector<4xf32> from vector<[8]xf32>\n"
    "  return\n}\n",
    "func.func @f(%v: vector<[8]xf32>, %s: vector<[4]xf32>) {\n"
    "  %0 = vector.scalable.insert %s, %v[4] : vector<[4]xf32> into vector<[8]xf32>\n"
    "  return\n}\n",
    "func.func @f(%m: memref<4xf32>) {\n"
    "  %0 = bufferization.clone %m : memref<4xf32> to memref<*xf32>\n  return\n}\n",
    "func.func @f(%m: memref<4xf32>) {\n"
    '  %0 = "bufferization.clone"(%m) : (memref<4xf32>) -> tensor<4xf32>\n  return\n}\n',
]


#: `vector.interleave` and `deinterleave`: their result types are computed by C++
#: lambdas over a `VectorType::Builder` (declarations, an `if` block, `setDim`,
#: `setShape`), over rank-0, fixed and scalable vectors.
GETTER_CASES += [
    f"func.func @f(%a: {t}) {{\n  %0 = vector.interleave %a, %a : {t} -> {r}\n  return\n}}\n"
    for t, r in (
        ("vector<f32>", "vector<2xf32>"),
        ("vector<4xf32>", "vector<8xf32>"),
        ("vector<2x[4]xi8>", "vector<2x[8]xi8>"),
        ("vector<4xf32>", "vector<4xf32>"),
        ("vector<f32>", "vector<1xf32>"),
    )
] + [
    f"func.func @f(%a: {t}) {{\n  %0, %1 = vector.deinterleave %a : {t} -> {r}\n  return\n}}\n"
    for t, r in (
        ("vector<8xf32>", "vector<4xf32>"),
        ("vector<2x[8]xi8>", "vector<2x[4]xi8>"),
        ("vector<7xf32>", "vector<3xf32>"),
        ("vector<8xf32>", "vector<8xf32>"),
        ("vector<1xf32>", "vector<1xf32>"),
    )
]


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True])
def test_getter_predicates_against_mlir_opt(tmp_path: Path, generic: bool) -> None:
    """`vector.scalable.insert`/`extract`, `interleave`/`deinterleave` and
    `bufferization.clone`, complete now, print as mlir-opt-22 does and give its
    first errors."""
    status, _, err = _import(tmp_path, VECTOR, BUFFERIZATION)
    assert status == 0, err
    valid, invalid, differ = _compare(
        tmp_path, GETTER_CASES, ["--mlir-print-op-generic"] if generic else []
    )
    assert valid >= 6, valid
    assert invalid >= 8, invalid
    assert not differ, differ


ARM_SME = DIALECTS / "ArmSME" / "IR" / "ArmSMEOps.td"


def _trait_pred(op: Mapping[str, Any], recs: mlir_records.Records, summary: str) -> str:
    for trait in op["traits"]:
        record = recs[trait["def"]]
        if record.get("summary") == summary:
            pred = recs[record["predicate"]["def"]]
            return str(pred["predExpr"])
    raise AssertionError(summary)


@needs_mlir
@needs_mlir_opt
def test_arm_sme_mask_predicates_agree_with_mlir_opt() -> None:
    """`arm_sme.fmopa_2way`'s mask constraints translate (`cloneWith({}, i1)`,
    `bool(getLhsMask())`, the inline getter `getTileType()`), and give the mask type
    and verdicts mlir-opt-22 gives."""
    if (reason := mlir_records.unavailable()) is not None:
        pytest.skip(reason)
    op, recs = _op(ARM_SME, "arm_sme.fmopa_2way")
    scope = op_scope(op, recs)
    assert "getTileType" in scope.getters
    both = translate_cpred(
        _trait_pred(op, recs, "both `lhsMask` and `rhsMask` should be provided or neither"), scope
    )
    assert both.python == "($_op.lhs_mask is not None) == ($_op.rhs_mask is not None)"
    widths = translate_cpred(
        _trait_pred(op, recs, "tile element size equals input element size * 2"), scope
    )
    assert widths.ok, widths.problem
    mask = translate_type_expr(
        "::llvm::cast<mlir::VectorType>($_self).cloneWith({}, IntegerType::get($_ctxt, 1))",
        scope,
    )
    assert mask.python is not None, mask.problem
    lhs = parse_type("vector<[8]xf16>")
    from typing import cast

    from generator.ir import IntegerType, VectorType

    want = eval(
        mask.python.replace("$_self", "_self"),
        {"_self": lhs, "VectorType": VectorType, "IntegerType": IntegerType, "cast": cast},
    )
    assert want == parse_type("vector<[8]xi1>")
    for mask_type in ("vector<[8]xi1>", "vector<8xi1>", "vector<[8]xi8>"):
        program = (
            f"func.func @f(%a: vector<[8]xf16>, %m: {mask_type}) {{\n"
            "  %0 = arm_sme.fmopa_2way %a, %a masks(%m, %m) :"
            " vector<[8]xf16>, vector<[8]xf16> into vector<[4]x[4]xf32>\n  return\n}\n"
        )
        assert _accepts(program) == (parse_type(mask_type) == want), mask_type


@needs_mlir
def test_attribute_interface_is_its_attr_defs() -> None:
    """An attribute interface (`xegpu::DistributeLayoutAttr`) is the AttrDefs that
    declare it, as a type interface is its TypeDefs."""
    if (reason := mlir_records.unavailable()) is not None:
        pytest.skip(reason)
    recs = mlir_records.records(DIALECTS / "XeGPU" / "IR" / "XeGPUOps.td")
    assert recs is not None
    implementers = attr_interface_implementers(recs)
    assert sorted(implementers["DistributeLayoutAttr"]) == ["LayoutAttr", "SliceAttr"]
    found = record_classes(recs)["mlir::xegpu::DistributeLayoutAttr"]
    assert found.isa == "isinstance({x}, (LayoutAttr, SliceAttr,))"


LLVM_FILES = [DIALECTS / "LLVMIR" / "LLVMOps.td", DIALECTS / "LLVMIR" / "LLVMIntrinsicOps.td"]

#: `llvm.intr.vector.insert`/`extract`: an op's inline method with a parameter
#: (`getVectorBitWidth(Type)`), `getVectorNumElements` and `isScalableVectorType`,
#: over fixed and scalable vectors and vectors past 2^17 bits.
LLVM_VECTOR_CASES = [
    case
    for src, dst in (
        ("vector<2xf32>", "vector<[4]xf32>"),
        ("vector<[2]xf32>", "vector<4xf32>"),
        ("vector<2xf32>", "vector<8xf32>"),
        ("vector<[2]xf32>", "vector<[8]xf32>"),
        ("vector<2xi32>", "vector<8192xi32>"),
        ("vector<4096xi32>", "vector<4096xi32>"),
    )
    for case in (
        f"func.func @f(%s: {src}, %d: {dst}) {{\n"
        f"  %0 = llvm.intr.vector.insert %s, %d[0] : {src} into {dst}\n  return\n}}\n",
        f"func.func @f(%d: {dst}) {{\n"
        f"  %0 = llvm.intr.vector.extract %d[0] : {src} from {dst}\n  return\n}}\n",
    )
]


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True])
def test_llvm_vector_insert_extract_against_mlir_opt(tmp_path: Path, generic: bool) -> None:
    """`llvm.intr.vector.insert` and `extract`, complete now, print as mlir-opt-22
    does and give its first errors."""
    status, _, err = _import(tmp_path, *LLVM_FILES)
    assert status == 0, err
    valid, invalid, differ = _compare(
        tmp_path, LLVM_VECTOR_CASES, ["--mlir-print-op-generic"] if generic else []
    )
    assert valid >= 6, valid
    assert invalid >= 4, invalid
    assert not differ, differ
