"""`odsgen import` of MLIR's LLVM family (`llvm`, `nvvm`, `rocdl`) against mlir-opt-22.

The LLVM dialect's constraints are C++ functions (`LLVM::isCompatibleOuterType`,
`isCompatibleVectorType`, `isCompatibleFloatingPointType`) that the predicate
tables translate to runtime queries; these tests check the queries against what
mlir-opt-22 accepts, and a sample of the ops they complete in generated programs,
as `test_mlir_import.py` does for math, index, complex and arith. MLIR's `.td`
files are read in place; expected IR comes from mlir-opt-22 at test time.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    ODSGEN,
    _case,
    _chunks_of,
    _first_errors,
    _import,
    _opt,
    needs_mlir,
    needs_mlir_opt,
)

from generator.ir import (
    llvm_compatible_float,
    llvm_compatible_outer_type,
    llvm_compatible_vector,
    parse_type,
)

LLVM_FILES = [
    DIALECTS / "LLVMIR" / "LLVMOps.td",
    DIALECTS / "LLVMIR" / "LLVMIntrinsicOps.td",
    DIALECTS / "LLVMIR" / "NVVMOps.td",
    DIALECTS / "LLVMIR" / "ROCDLOps.td",
    DIALECTS / "ArmSME" / "IR" / "ArmSMEOps.td",
    DIALECTS / "ArmSME" / "IR" / "ArmSMEIntrinsicOps.td",
]

#: The imported dialects the differential test samples.
SAMPLED = ("llvm", "nvvm", "rocdl", "arm_sme")

#: Builtin types around the edges of LLVM's predicates: signedness, `index`, the
#: float types LLVM has and those it has not, vector ranks and element types.
PROBE_TYPES = [
    "i1",
    "i32",
    "i128",
    "si32",
    "ui8",
    "index",
    "bf16",
    "f16",
    "f32",
    "f64",
    "f80",
    "f128",
    "tf32",
    "f8E4M3FN",
    "vector<4xi32>",
    "vector<[4]xf32>",
    "vector<2x2xf32>",
    "vector<f32>",
    "vector<4xindex>",
    "vector<4xsi32>",
    "vector<4xtf32>",
    "vector<2xf80>",
    "tensor<4xf32>",
    "complex<f32>",
    "none",
]


def _accepts(program: str) -> bool:
    run = subprocess.run(["mlir-opt-22"], input=program, capture_output=True, text=True)
    return run.returncode == 0


@needs_mlir_opt
@pytest.mark.parametrize("text", PROBE_TYPES)
def test_llvm_type_predicates_agree_with_mlir_opt(text: str) -> None:
    """Each query accepts a type exactly when mlir-opt-22 accepts it where the C++
    predicate decides: `llvm.mlir.undef`'s result is any LLVM type (outer type),
    `llvm.extractelement`'s vector an LLVM vector, and `llvm.fneg`'s operand an LLVM
    float or a vector of them."""
    t = parse_type(text)
    outer = f"%x = llvm.mlir.undef : {text}\n"
    assert llvm_compatible_outer_type(t) == _accepts(outer)
    vector = (
        f"func.func @f(%v: {text}, %i: i32) {{\n"
        f"  %x = llvm.extractelement %v[%i : i32] : {text}\n  return\n}}\n"
    )
    assert llvm_compatible_vector(t) == _accepts(vector)
    fneg = f"func.func @f(%v: {text}) {{\n  %x = llvm.fneg %v : {text}\n  return\n}}\n"
    element = getattr(t, "element_type", None)
    is_float_or_vector = llvm_compatible_float(t) or (
        llvm_compatible_vector(t) and element is not None and llvm_compatible_float(element)
    )
    assert is_float_or_vector == _accepts(fneg)


#: The types the differential cases give every operand, and every result, of an op.
CASE_TYPES = ["i32", "i64", "f32", "vector<4xf32>", "index", "!llvm.ptr", "!llvm.ptr<3>"]


def _sample_cases(spec_text: str, every: int) -> list[tuple[str, str]]:
    """(op, generic text of one function) for every `every`-th op (by name) of an
    imported spec without regions, successors or attributes lacking a default:
    all operands of one type and all results of one type, for each pair of
    `CASE_TYPES`, so that mlir-opt-22 decides which are valid."""
    spec = yaml.safe_load(spec_text)
    ops = sorted(spec.get("ops", ()), key=lambda op: str(op["mnemonic"]))
    out = []
    for op in ops[::every]:
        if op.get("regions") or op.get("successors"):
            continue
        if any(
            "default" not in a
            and not a["type"].startswith(("DefaultValued", "Optional"))
            and a["type"] != "UnitAttr"
            for a in op.get("attributes", ())
        ):
            continue
        name = f"{spec['name']}.{op['mnemonic']}"
        n_in, n_out = len(op.get("operands", ())), len(op.get("results", ()))
        for t_in in CASE_TYPES if n_in else ["f32"]:
            for t_out in CASE_TYPES if n_out else ["f32"]:
                out.append((name, _case(name, [t_in] * n_in, [t_out] * n_out)))
    return out


#: Ops with the LLVM dialect's fast-math flags, set and defaulted, and with pointers
#: (`!llvm.ptr`, imported from its `TypeDef`, and vectors of them), in custom form.
FASTMATH = """\
func.func @f(%a: f32, %b: vector<4xf32>) {
  %0 = llvm.fadd %a, %a {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %1 = llvm.fmul %a, %a {fastmathFlags = #llvm.fastmath<fast>} : f32
  %2 = llvm.fneg %b {fastmathFlags = #llvm.fastmath<none>} : vector<4xf32>
  %3 = "llvm.intr.pow"(%a, %a) <{fastmathFlags = #llvm.fastmath<afn>}> : (f32, f32) -> f32
  %4 = llvm.intr.sqrt(%b) : (vector<4xf32>) -> vector<4xf32>
  %5 = llvm.frem %a, %a : f32
  return
}

// -----

func.func @g(%p: !llvm.ptr, %q: !llvm.ptr<1>, %v: vector<4x!llvm.ptr>) {
  %0 = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<1>
  %1 = llvm.ptrtoint %q : !llvm.ptr<1> to i64
  "llvm.intr.prefetch"(%p) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
  %2 = llvm.ptrtoint %v : vector<4x!llvm.ptr> to vector<4xi64>
  return
}
"""


@needs_mlir
@needs_mlir_opt
def test_imported_llvm_family_against_mlir_opt(tmp_path: Path) -> None:
    """A sample of the complete ops of the imported llvm, nvvm, rocdl and arm_sme
    (every fourth op by name) in generated programs: where mlir-opt-22 accepts a program,
    odsgen prints it identically in custom and generic form; where it rejects one,
    odsgen gives the same first error. Every case agrees."""
    status, out, err = _import(tmp_path, *LLVM_FILES)
    assert status == 0, err
    lines = {line.split(":", 1)[0]: line for line in out.splitlines()}
    cases: list[tuple[str, str]] = []
    for dialect in SAMPLED:
        assert dialect in lines, out
        spec = (tmp_path / "out" / "mlirpy" / f"{dialect}.yaml").read_text("utf-8")
        cases += _sample_cases(spec, 4)
    agree = {"valid": 0, "invalid": 0}
    total = {"valid": 0, "invalid": 0}
    valid: list[tuple[str, str]] = []
    mismatches: list[str] = []
    for flags in ([], ["--mlir-print-op-generic"]):
        batch = cases if not flags else valid
        program = tmp_path / f"cases{len(flags)}.mlir"
        program.write_text("// -----\n".join(text for _, text in batch), encoding="utf-8")
        starts, line = [], 1
        for _, text in batch:
            starts.append(line)
            line += text.count("\n") + 1
        run = ["--split-input-file", *flags, str(program)]
        expected = subprocess.run(["mlir-opt-22", *run], capture_output=True, text=True)
        got = _opt(tmp_path, program, *run[:-1])
        assert "Traceback" not in got.stderr, got.stderr[-3000:]
        want_errors = _first_errors(expected.stderr, starts)
        got_errors = _first_errors(got.stderr, starts)
        want_out, got_out = _chunks_of(expected.stdout), _chunks_of(got.stdout)
        for i, case in enumerate(batch):
            if i in want_errors:
                total["invalid"] += 1
                same = got_errors.get(i) == want_errors[i]
            else:
                if not flags:
                    valid.append(case)
                total["valid"] += 1
                same = (
                    i not in got_errors
                    and i < min(len(got_out), len(want_out))
                    and got_out[i] == want_out[i]
                )
            agree["invalid" if i in want_errors else "valid"] += same
            if not same:
                mismatches.append(f"{case[0]} {' '.join(flags)}: {want_errors.get(i, 'valid')}")
    names = {name for name, _ in cases}
    print(f"cases: {total}, identical or same first error: {agree}, ops: {len(names)}")
    for dialect in SAMPLED:
        assert any(name.startswith(dialect + ".") for name in names), dialect
    for dialect in ("llvm", "nvvm", "rocdl"):
        assert any(name.startswith(dialect + ".") for name, _ in valid), dialect
    assert total["valid"] > 0
    assert total["invalid"] > 0
    assert not mismatches, mismatches[:20]
    # Fast-math flags and pointers, in custom and generic form.
    program = tmp_path / "fastmath.mlir"
    program.write_text(FASTMATH, encoding="utf-8")
    for flags in (["--split-input-file"], ["--split-input-file", "--mlir-print-op-generic"]):
        expected = subprocess.run(
            ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
        )
        got = _opt(tmp_path, program, *flags)
        assert got.stderr == ""
        assert got.stdout == expected.stdout


@needs_mlir
def test_ops_needing_llvm_types_stay_incomplete(tmp_path: Path) -> None:
    """`!llvm.ptr` is a `TypeDef` of `LLVMTypes.td`, which `NVVMOps.td` includes and
    `LLVMOps.td` does not: imported without it, an op that takes a pointer
    (`llvm.addrspacecast`) is incomplete, and `--report -v` says why. `!llvm.token`
    is a C++ class without parameters, imported as the type it is, so an op that
    takes one is not blocked by it."""
    run = subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(MLIR_INCLUDE),
            *map(str, LLVM_FILES[:2]),
            "--report",
            "-v",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    cast = [line for line in lines if line.startswith("  llvm.addrspacecast:")]
    assert cast, run.stdout[-2000:]
    assert "uses !llvm.ptr (not a TypeDef in the files imported)" in "\n".join(cast)
    begin = [line for line in lines if line.startswith("  llvm.intr.coro.begin:")]
    assert begin, run.stdout[-2000:]
    assert "!llvm.ptr" in "\n".join(begin)
    assert "!llvm.token" not in "\n".join(begin)
    assert not [line for line in lines if line.startswith("  llvm.mlir.none:")]
