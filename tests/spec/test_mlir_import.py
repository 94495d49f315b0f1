"""`odsgen import`: MLIR's own ODS (on MLIR's OpBase.td) as generated Python dialects.

MLIR's `.td` files are read in place under /usr/lib/llvm-22/include (never copied);
the tests skip with the reason where they are not installed. Expected IR comes from
`mlir-opt-22` at test time.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.tablegen import dump_json, load_records

MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
DIALECTS = MLIR_INCLUDE / "mlir" / "Dialect"
MATH = DIALECTS / "Math" / "IR" / "MathOps.td"
INDEX = DIALECTS / "Index" / "IR" / "IndexOps.td"
COMPLEX = DIALECTS / "Complex" / "IR" / "ComplexOps.td"
ARITH = DIALECTS / "Arith" / "IR" / "ArithOps.td"
ODSGEN = Path(sys.executable).parent / "odsgen"

needs_mlir = pytest.mark.skipif(
    not (MLIR_INCLUDE / "mlir" / "IR" / "OpBase.td").is_file(),
    reason=f"MLIR 22's .td files are not installed under {MLIR_INCLUDE} (libmlir-22-dev)",
)
needs_mlir_opt = pytest.mark.skipif(
    shutil.which("mlir-opt-22") is None, reason="mlir-opt-22 is not installed"
)


def _import(tmp_path: Path, *files: Path, report: bool = True) -> tuple[int, str, str]:
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    run = subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(MLIR_INCLUDE),
            *map(str, files),
            "-o",
            str(out / "mlirpy"),
        ]
        + (["--report"] if report else []),
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    return run.returncode, run.stdout, run.stderr


def _opt(tmp_path: Path, program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    # The generated package first, then whatever runtime the tests run with.
    paths = [str(tmp_path / "out" / "mlirpy"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    return subprocess.run(
        # The imported math, index and complex stand in for odsgen's built-in ones.
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", "--replace-builtin", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )


@needs_mlir
def test_front_end_states_do_not_leak_between_files() -> None:
    """Parsing A, then B, then A again gives A's records exactly as the first time:
    the evaluation states the front end keeps across files do not carry B into A."""
    first = dump_json(load_records(MATH, [MLIR_INCLUDE]))
    other = dump_json(load_records(INDEX, [MLIR_INCLUDE]))
    again = dump_json(load_records(MATH, [MLIR_INCLUDE]))
    assert other != first
    assert again == first


PROGRAM = """\
func.func @c(%a: f32, %b: f32, %z: complex<f64>) -> complex<f32> {
  %0 = complex.create %a, %b : complex<f32>
  %1 = complex.re %0 : complex<f32>
  %2 = complex.im %z : complex<f64>
  %3 = complex.add %0, %0 : complex<f32>
  %4 = complex.mul %3, %0 fastmath<nnan> : complex<f32>
  %5 = complex.abs %z : complex<f64>
  %6 = complex.exp %z : complex<f64>
  %7 = complex.conj %0 : complex<f32>
  %8 = complex.eq %0, %7 : complex<f32>
  %9 = complex.angle %4 : complex<f32>
  %10 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %11 = complex.sub %10, %4 : complex<f32>
  return %11 : complex<f32>
}
"""


def _import_with_hooks(tmp_path: Path) -> None:
    """Import math, index, complex and arith (complex's C++ is odsgen's own
    `complex`'s, so it needs no hook written)."""
    status, _, err = _import(tmp_path, MATH, INDEX, COMPLEX, ARITH, report=False)
    assert status == 0, err


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_imported_complex_prints_as_mlir_opt(tmp_path: Path, generic: bool) -> None:
    _import_with_hooks(tmp_path)
    program = tmp_path / "p.mlir"
    program.write_text(PROGRAM, encoding="utf-8")
    flags = ["--mlir-print-op-generic"] if generic else []
    expected = subprocess.run(
        ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
    ).stdout
    got = _opt(tmp_path, program, *flags)
    assert got.returncode == 0, got.stderr
    assert got.stdout == expected


ASYNC = DIALECTS / "Async" / "IR" / "AsyncOps.td"

#: Ops of `async` on its own types (`TypeDef`s without parameters).
ASYNC_PROGRAM = """\
func.func @a(%t: !async.token, %g: !async.group, %n: index) {
  %0 = async.create_group %n : !async.group
  %1 = async.coro.id
  %2 = async.coro.begin %1
  %3 = async.coro.save %2
  async.coro.free %1, %2
  async.coro.end %2
  %4 = async.runtime.create_group %n : !async.group
  async.await_all %g
  return
}
"""


@needs_mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_imported_dialect_types_print_as_mlir_opt(tmp_path: Path, generic: bool) -> None:
    status, _, err = _import(tmp_path, ASYNC, report=False)
    assert status == 0, err
    program = tmp_path / "a.mlir"
    program.write_text(ASYNC_PROGRAM, encoding="utf-8")
    flags = ["--mlir-print-op-generic"] if generic else []
    expected = subprocess.run(
        ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
    ).stdout
    got = _opt(tmp_path, program, *flags)
    assert got.returncode == 0, got.stderr
    assert got.stdout == expected


#: Invalid uses of imported ops: translated predicates, traits and formats must
#: reject each one with mlir-opt-22's first error.
INVALID = [
    '%0 = "complex.abs"(%z) : (complex<f32>) -> f64',
    '%0 = "complex.add"(%z, %x) : (complex<f32>, f32) -> complex<f32>',
    '%0 = "complex.eq"(%z, %z) : (complex<f32>, complex<f32>) -> i32',
    "%0 = complex.constant [1.0 : f32] : complex<f32>",
    "%0 = complex.constant [1.0 : f32, 2.0 : f64] : complex<f32>",
    "%0 = complex.mul %z, %z fastmath<fast,wrong> : complex<f32>",
    '%0 = "complex.re"(%z) : (complex<f32>) -> f64',
    '%0 = "complex.create"(%x, %x) : (f32, f32) -> complex<f64>',
    "%0 = complex.mul %z, %z fastmath<nnan> : complex<f64>",
]


@needs_mlir
@needs_mlir_opt
def test_imported_constraints_give_mlir_opts_first_error(tmp_path: Path) -> None:
    """A translated predicate rejects what MLIR rejects, with MLIR's summary."""
    _import_with_hooks(tmp_path)
    for n, body in enumerate(INVALID):
        program = tmp_path / f"bad{n}.mlir"
        program.write_text(
            "func.func @f(%x: f32, %i: i32, %n: index, %z: complex<f32>) {\n"
            f"  {body}\n  return\n}}\n",
            encoding="utf-8",
        )
        expected = subprocess.run(
            ["mlir-opt-22", str(program)], capture_output=True, text=True, check=False
        )
        got = _opt(tmp_path, program)
        assert expected.returncode != 0, body
        assert got.returncode != 0, body
        assert "Traceback" not in got.stderr, got.stderr
        assert got.stderr.splitlines()[0] == expected.stderr.splitlines()[0], body


#: The types the differential cases give every operand, and every result, of an op.
CASE_TYPES = ["f32", "i32", "index", "i1", "complex<f32>"]


def _cases(spec_text: str, types: list[str] | None = None) -> list[tuple[str, str]]:
    """(op, generic text of one function) for every op of an imported spec without
    regions or successors: all its operands of one type and all its results of
    one type, for each pair of `CASE_TYPES`, so that mlir-opt-22 decides which are
    valid, and with the last of several operands an `i32` (as `math.fpowi` takes). Variadic
    groups get one value; ops with an attribute that has no default are left out."""
    import yaml

    case_types = CASE_TYPES if types is None else types
    spec = yaml.safe_load(spec_text)
    out = []
    for op in spec.get("ops", ()):
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
        for t_in in case_types if n_in else ["f32"]:
            signatures = [[t_in] * n_in]
            if n_in > 1:
                signatures.append([t_in] * (n_in - 1) + [case_types[1]])
            for ins in signatures:
                for t_out in case_types if n_out else ["f32"]:
                    out.append((name, _case(name, ins, [t_out] * n_out)))
    return out


def _case(name: str, ins: list[str], outs: list[str]) -> str:
    """A function applying op `name` to its arguments of types `ins`, in generic form."""
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
    results = f"%r:{len(outs)} = " if len(outs) > 1 else "%r = " if outs else ""
    args = ", ".join(f"%a{i}" for i in range(len(ins)))
    return (
        f'"func.func"() <{{function_type = ({", ".join(ins)}) -> (), sym_name = "f"}}> ({{\n'
        f"^bb0({params}):\n"
        f'  {results}"{name}"({args}) : ({", ".join(ins)}) -> ({", ".join(outs)})\n'
        '  "func.return"() : () -> ()\n'
        "}) : () -> ()\n"
    )


def _chunks_of(output: str) -> list[str]:
    return output.split("// -----\n")


def _first_errors(stderr: str, starts: list[int]) -> dict[int, str]:
    """The first error of each chunk, by chunk index (chunks start at `starts` lines)."""
    import bisect

    out: dict[int, str] = {}
    for line in stderr.splitlines():
        parts = line.split(":", 4)
        if len(parts) == 5 and parts[3].strip() == "error" and parts[1].isdigit():
            chunk = bisect.bisect_right(starts, int(parts[1])) - 1
            out.setdefault(chunk, line)
    return out


def differential(
    tmp_path: Path, cases: list[tuple[str, str]]
) -> tuple[dict[str, int], dict[str, int], list[tuple[str, str]]]:
    """Run `cases` (op, generic text) through mlir-opt-22 and the imported package
    (in `tmp_path/out/mlirpy`): where mlir-opt-22 accepts a case, compare the custom
    form and then the generic form; where it rejects one, the first error. Returns
    the cases by kind ("valid", "invalid"), those that agree, and the valid cases."""
    agree = {"valid": 0, "invalid": 0}
    total = {"valid": 0, "invalid": 0}
    valid: list[tuple[str, str]] = []
    # The custom form and the first errors over every case, then the generic form of
    # the valid ones.
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
                agree["invalid"] += got_errors.get(i) == want_errors[i]
                continue
            if not flags:
                valid.append(case)
            total["valid"] += 1
            agree["valid"] += (
                i not in got_errors
                and i < min(len(got_out), len(want_out))
                and got_out[i] == want_out[i]
            )
    return total, agree, valid


@needs_mlir
@needs_mlir_opt
def test_every_imported_op_against_mlir_opt(tmp_path: Path) -> None:
    """Every op of the imported math, index, complex and arith without regions, in
    generated programs over a fixed set of types: where mlir-opt-22 accepts a
    program, odsgen prints it identically in custom and generic form; where it
    rejects one, odsgen gives the same first error. At least 95% of the valid
    cases and of the invalid ones agree, and every op has a valid case."""
    _import_with_hooks(tmp_path)
    cases = []
    for dialect in ("math", "index", "complex", "arith"):
        cases += _cases((tmp_path / "out" / "mlirpy" / f"{dialect}.yaml").read_text("utf-8"))
    total, agree, valid = differential(tmp_path, cases)
    ops = {name for name, _ in cases}
    print(f"cases: {total}, identical or same first error: {agree}, ops: {len(ops)}")
    assert ops - {name for name, _ in valid} == set(), "ops without a valid case"
    for kind in ("valid", "invalid"):
        assert total[kind] > 0
        assert agree[kind] >= 0.95 * total[kind], (kind, agree[kind], total[kind])


@needs_mlir
def test_report_and_skeleton(tmp_path: Path) -> None:
    status, out, err = _import(tmp_path, MATH, INDEX, COMPLEX)
    assert status == 0, err
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["complex", "index", "math", "total"]
    for line in lines[:-1]:
        n, c, h = (int(w) for w in line.split() if w.isdigit())
        assert c + h <= n
    total = lines[-1].split()[1]
    complete, ops = (int(x) for x in total.split("/"))
    assert complete == sum(int(line.split()[3]) for line in lines[:-1])
    assert ops == sum(int(line.split()[1]) for line in lines[:-1])
    # math, index and complex are also odsgen's built-in dialects: generated under
    # their own names, with a note saying how a run uses them in place of odsgen's.
    for name in ("math", "index", "complex"):
        assert f"dialect '{name}' is also one of odsgen's built-in dialects" in err
        assert (tmp_path / "out" / "mlirpy" / f"{name}.yaml").is_file()
        assert (tmp_path / "out" / "mlirpy" / "mlirpy" / name / "ops.py").is_file()
    skeleton = (tmp_path / "out" / "mlirpy" / "mlirpy_impl" / "complex_impl.py").read_text("utf-8")
    # Every op's folder is listed, with the C++ it replaces.
    assert "# def add_op_fold(op) -> FoldResult:" in skeleton
    assert "OpFoldResult fold(FoldAdaptor)" in skeleton


OUT_OF_TREE = """\
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Demo_Dialect : Dialect {
  let name = "demo";
  let cppNamespace = "::demo";
}

def Demo_CheckOp : Op<Demo_Dialect, "check", [Pure]> {
  let summary = "an op with a C++ verifier";
  let arguments = (ins I32:$value, I64Attr:$limit);
  let results = (outs I32:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Demo_IdOp : Op<Demo_Dialect, "id", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
  let assemblyFormat = "$input attr-dict `:` type($output)";
}
"""

VERIFIER = '''
from generator.ir import IntegerAttr


def check_op_verify(op: object) -> str | None:
    """The verifier MLIR keeps in C++."""
    limit = getattr(op, "limit")
    assert isinstance(limit, IntegerAttr)
    return "limit must be positive" if limit.value <= 0 else None
'''


@needs_mlir
def test_written_hook_completes_an_op(tmp_path: Path) -> None:
    """An op with `hasVerifier` needs its hook; once written, it imports and runs."""
    spec = tmp_path / "demo.td"
    spec.write_text(OUT_OF_TREE, encoding="utf-8")
    status, out, err = _import(tmp_path, spec)
    assert status == 0, err
    assert out.splitlines() == [
        "demo: 2 ops, 1 complete, 1 need hand-written Python",
        "total: 1/2 ops complete",
    ]
    module = tmp_path / "out" / "mlirpy" / "mlirpy_impl" / "demo_impl.py"
    skeleton = module.read_text("utf-8")
    assert "# def check_op_verify(op) -> str | None:" in skeleton
    module.write_text(skeleton + VERIFIER, encoding="utf-8")
    status, out, err = _import(tmp_path, spec)
    assert status == 0, err
    assert out.splitlines()[-1] == "total: 2/2 ops complete"
    program = tmp_path / "p.mlir"
    program.write_text(
        "func.func @f(%x: i32) {\n"
        "  %0 = demo.check %x {limit = 3} : i32\n"
        "  %1 = demo.check %x {limit = 0} : i32\n"
        "  return\n}\n",
        encoding="utf-8",
    )
    got = _opt(tmp_path, program)
    assert got.returncode != 0
    assert "3:8: error: 'demo.check' op limit must be positive" in got.stderr


def test_bad_input_is_a_located_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "bad.td"
    spec.write_text('def X : Op<Nope, "x">;\n', encoding="utf-8")
    assert main(["import", str(spec), "--report"]) == 1
    err = capsys.readouterr().err
    assert f"{spec}:1:9: error: Couldn't find class 'Op'" in err
    assert "Traceback" not in err


def test_missing_file_and_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(tmp_path / "none.td"), "--report"]) == 1
    assert "could not open input file" in capsys.readouterr().err
    spec = tmp_path / "a.td"
    spec.write_text("", encoding="utf-8")
    assert main(["import", str(spec)]) == 2


def test_output_and_package_names_are_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "a.td"
    spec.write_text("", encoding="utf-8")
    assert main(["import", str(spec), "-o", str(tmp_path / "no" / "such" / "out")]) == 1
    assert "parent directory does not exist" in capsys.readouterr().err
    assert not (tmp_path / "no").exists()
    assert main(["import", str(spec), "-o", str(tmp_path / "out"), "--package", "a.b"]) == 2
    assert "not a Python package name" in capsys.readouterr().err


@needs_mlir
def test_imported_dialect_replaces_builtin_only_when_asked(tmp_path: Path) -> None:
    """`--load-dialect` of a package that defines a built-in dialect's name is refused
    unless `--replace-builtin` asks for it; then that run's context uses the package's
    math ops, whose `fastmath` is still built-in arith's attribute, and a context made
    without the flag in the same process still has odsgen's own math."""
    status, _, err = _import(tmp_path, MATH, report=False)
    assert status == 0, err
    program = tmp_path / "m.mlir"
    program.write_text(
        "func.func @f(%a: f32) -> f32 {\n"
        '  %0 = "math.sin"(%a) {fastmath = #arith.fastmath<nnan>} : (f32) -> f32\n'
        "  %1 = math.cos %0 fastmath<fast> : f32\n"
        "  return %1 : f32\n}\n",
        encoding="utf-8",
    )
    # The generated package first, then whatever runtime the tests run with.
    paths = [str(tmp_path / "out" / "mlirpy"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    refused = subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert refused.returncode == 1
    assert refused.stderr == (
        "odsgen opt: error: dialect 'math' of 'mlirpy' (--load-dialect) is also defined by "
        "odsgen's built-in dialects (--replace-builtin lets it replace the built-in one)\n"
    )
    script = (
        "from generator.cli import _context\n"
        "from generator.ir.parser import parse_module\n"
        "from generator.ir.source import SourceFile\n"
        "from generator.ir.verifier import verify\n"
        "import sys\n"
        "text = open(sys.argv[1]).read()\n"
        "for replace in (True, False):\n"
        "    ctx = _context(False, ['mlirpy'] if replace else [], replace_builtin=replace)\n"
        "    module = parse_module(SourceFile('m.mlir', text), ctx).op\n"
        "    verify(module, ctx)\n"
        "    func = next(iter(module.regions[0].blocks[0]))\n"
        "    body = list(func.regions[0].blocks[0])\n"
        "    print(' '.join(type(op).__module__ for op in body[:2]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "mlirpy.math.ops mlirpy.math.ops",
        "generated.math.ops generated.math.ops",
    ]
