"""`odsgen run` against mlir-runner-22 on random programs of func, arith, cf and scf.

`run_programs.program(seed)` writes a program free of undefined behaviour (see
there) that prints its values through MLIR's runner utilities. For every seed,
`odsgen run f.mlir -e main` must print exactly what

    mlir-opt-22 f.mlir --convert-scf-to-cf --convert-to-llvm |
      mlir-runner-22 -e main -entry-point-result=void -shared-libs=libmlir_c_runner_utils.so

prints. To keep the test fast, the programs are compiled in chunks: one module holds
the programs of a chunk with their functions' names prefixed (`@p17_main`) and an
entry that calls each in turn and prints a separator line after it; mlir-runner's
output is cut at the separators. odsgen runs each program on its own, in process,
as `odsgen run` does; a few go through the command line as well. Float printing of
the utilities (NaN, infinities, signed zeros, large and small values) is checked
the same way on constants.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

from generator.cli import main
from generator.ir.interpreter import Interpreter
from generator.ir.parser import parse_module
from generator.ir.source import SourceFile
from generator.ir.verifier import verify
from tests.conformance.run_programs import UTILITIES, program

MLIR_OPT = shutil.which("mlir-opt-22")
MLIR_RUNNER = shutil.which("mlir-runner-22")
RUNNER_UTILS = Path("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so")
pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(
        MLIR_OPT is None or MLIR_RUNNER is None or not RUNNER_UTILS.exists(),
        reason="mlir-opt-22, mlir-runner-22 or libmlir_c_runner_utils.so is not installed",
    ),
]

SEED = 20261126
PROGRAMS = 320
CHUNKS = 8
#: What the combined entry prints after each program (no program prints it: their
#: integers are printed from i64 values of at most 20 digits, and no line of theirs
#: starts with a letter).
SEPARATOR = "----"


def mlir_runner(text: str) -> str:
    """What mlir-runner-22 prints for `text` lowered to LLVM (its stderr on failure)."""
    assert MLIR_OPT is not None
    assert MLIR_RUNNER is not None
    lowered = subprocess.run(
        [MLIR_OPT, "--convert-scf-to-cf", "--convert-to-llvm"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert lowered.returncode == 0, lowered.stderr
    run = subprocess.run(
        [
            MLIR_RUNNER,
            "-e",
            "main",
            "-entry-point-result=void",
            f"-shared-libs={RUNNER_UTILS}",
        ],
        input=lowered.stdout,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def _chunk_module(seeds: list[int]) -> str:
    """The programs of `seeds` in one module, and `@main` running each, printing
    `SEPARATOR` and a newline after each (with the C library's `putchar`)."""
    parts = [UTILITIES, "llvm.func @putchar(i32) -> i32\n"]
    calls = ["func.func @main() {", f"  %dash = arith.constant {ord(SEPARATOR[0])} : i32"]
    for seed in seeds:
        parts.append(program(seed, prefix=f"p{seed}_"))
        calls.append(f"  func.call @p{seed}_main() : () -> ()")
        for k in range(len(SEPARATOR)):
            calls.append(f"  %sep{seed}_{k} = llvm.call @putchar(%dash) : (i32) -> i32")
        calls.append("  func.call @printNewline() : () -> ()")
    calls += ["  return", "}"]
    return "".join(parts) + "\n".join(calls) + "\n"


@cache
def expected_outputs() -> dict[int, str]:
    """mlir-runner-22's output of every program, by seed."""
    seeds = [SEED + i for i in range(PROGRAMS)]
    chunks = [seeds[i::CHUNKS] for i in range(CHUNKS)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        outputs = list(pool.map(lambda chunk: mlir_runner(_chunk_module(chunk)), chunks))
    expected: dict[int, str] = {}
    for chunk, output in zip(chunks, outputs, strict=True):
        pieces = output.split(SEPARATOR + "\n")
        assert len(pieces) == len(chunk) + 1, output[-2000:]
        assert pieces[-1] == "", output[-2000:]
        expected.update(zip(chunk, pieces, strict=False))
    return expected


def odsgen_run(text: str, name: str = "program.mlir") -> str:
    """What `odsgen run` prints for `text`, computed in process."""
    from generator.cli import _context

    ctx = _context(False)
    parsed = parse_module(SourceFile(name, text), ctx)
    verify(parsed.op, ctx)
    out = io.StringIO()
    Interpreter(parsed.op, out.write).run("main")
    return out.getvalue()


def test_random_programs_print_what_mlir_runner_prints() -> None:
    expected = expected_outputs()
    identical = 0
    failures: list[str] = []
    for seed, want in sorted(expected.items()):
        got = odsgen_run(UTILITIES + program(seed), f"seed{seed}.mlir")
        if got == want:
            identical += 1
        elif len(failures) < 3:
            failures.append(f"seed {seed}:\n--- mlir-runner-22\n{want}--- odsgen run\n{got}")
    assert identical == PROGRAMS, (
        f"{identical} of {PROGRAMS} programs print identically\n" + "\n".join(failures)
    )


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_command_line_prints_the_same(index: int, tmp_path: Path) -> None:
    """`odsgen run FILE -e main`, as a process, prints mlir-runner-22's output."""
    seed = SEED + index
    path = tmp_path / "p.mlir"
    path.write_text(UTILITIES + program(seed), encoding="utf-8")
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [str(odsgen), "run", str(path), "-e", "main"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected_outputs()[seed]


FLOATS_64 = [
    "0x7FF8000000000000", "0xFFF8000000000000", "0x7FF0000000000000", "0xFFF0000000000000",
    "-0.0", "0.0", "1.0e30", "1.0e-30", "123456789.0", "0.1", "1.0e6", "1.0e5", "999999.5",
    "1.0e-4", "1.0e-5", "4.9406564584124654e-324", "1.7976931348623157e308", "-2.5",
]  # fmt: skip
FLOATS_32 = [
    "0x7FC00000", "0xFFC00000", "0x7F800000", "0xFF800000", "-0.0", "1.0e30", "1.0e-30",
    "3.40282347e38", "1.0e-45", "0.1", "16777217.0", "-65504.0",
]  # fmt: skip


def test_float_printing_matches_the_runner_utilities() -> None:
    """printF32 and printF64 of NaNs of both signs, infinities, signed zeros,
    subnormals, the largest values and values at the edges of `%g`'s forms."""
    lines = [UTILITIES, "func.func @main() {"]
    for i, v in enumerate(FLOATS_64):
        lines.append(f"  %d{i} = arith.constant {v} : f64")
        lines.append(f"  func.call @printF64(%d{i}) : (f64) -> ()")
        lines.append("  func.call @printNewline() : () -> ()")
    for i, v in enumerate(FLOATS_32):
        lines.append(f"  %s{i} = arith.constant {v} : f32")
        lines.append(f"  func.call @printF32(%s{i}) : (f32) -> ()")
        lines.append("  func.call @printNewline() : () -> ()")
    lines += ["  return", "}"]
    text = "\n".join(lines) + "\n"
    assert odsgen_run(text) == mlir_runner(text)


def test_indirect_calls_print_what_mlir_runner_prints() -> None:
    """`func.constant` and `func.call_indirect` of functions with several results."""
    text = (
        UTILITIES + "func.func @pair(%a: i64) -> (i64, i64) {\n"
        "  %c = arith.constant 3 : i64\n"
        "  %m = arith.muli %a, %c : i64\n"
        "  return %m, %a : i64, i64\n"
        "}\n"
        "func.func @main() {\n"
        "  %f = func.constant @pair : (i64) -> (i64, i64)\n"
        "  %x = arith.constant -14 : i64\n"
        "  %r:2 = func.call_indirect %f(%x) : (i64) -> (i64, i64)\n"
        "  func.call @printI64(%r#0) : (i64) -> ()\n"
        "  func.call @printComma() : () -> ()\n"
        "  func.call @printU64(%r#1) : (i64) -> ()\n"
        "  func.call @printNewline() : () -> ()\n"
        "  return\n"
        "}\n"
    )
    assert odsgen_run(text) == mlir_runner(text)


@pytest.mark.parametrize(
    ("type_", "value"), [("i64", "-5"), ("i32", "-2147483648"), ("f32", "2.5e-07")]
)
def test_the_entry_point_result_is_printed_as_mlir_runner_prints_it(
    type_: str, value: str, tmp_path: Path
) -> None:
    text = f"func.func @main() -> {type_} {{\n  %c = arith.constant {value} : {type_}\n  return %c : {type_}\n}}\n"
    path = tmp_path / "r.mlir"
    path.write_text(text, encoding="utf-8")
    assert MLIR_OPT is not None
    assert MLIR_RUNNER is not None
    lowered = subprocess.run(
        [MLIR_OPT, str(path), "--convert-to-llvm"], capture_output=True, text=True, check=True
    ).stdout
    want = subprocess.run(
        [MLIR_RUNNER, "-e", "main", f"-entry-point-result={type_}"],
        input=lowered,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["run", str(path), f"-entry-point-result={type_}"]) == 0
    assert out.getvalue() == want


def test_a_run_time_error_is_a_diagnostic_at_the_op(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A failed `cf.assert` and a call of a function without a body are errors at the
    op, after what the program printed before them; no traceback."""
    path = tmp_path / "bad.mlir"
    path.write_text(
        UTILITIES + "func.func private @missing()\n"
        "func.func @main() {\n"
        "  %c = arith.constant 7 : i64\n"
        "  func.call @printI64(%c) : (i64) -> ()\n"
        "  %f = arith.constant false\n"
        '  cf.assert %f, "seven is not zero"\n'
        "  return\n"
        "}\n"
        "func.func @other() {\n"
        "  func.call @missing() : () -> ()\n"
        "  return\n"
        "}\n"
        "func.func @memory() {\n"
        "  %c = arith.constant 5 : i64\n"
        "  func.call @printI64(%c) : (i64) -> ()\n"
        "  %m = memref.alloc() : memref<4xi32>\n"
        "  %i = arith.constant 4 : index\n"
        "  %x = memref.load %m[%i] : memref<4xi32>\n"
        "  return\n"
        "}\n"
        "func.func @vector() {\n"
        "  %c = arith.constant 6 : i64\n"
        "  func.call @printI64(%c) : (i64) -> ()\n"
        "  %v = vector.vscale\n"
        "  return\n"
        "}\n"
        "func.func @poison() {\n"
        "  %p = ub.poison : i64\n"
        "  %q = arith.addi %p, %p : i64\n"
        "  func.call @printI64(%q) : (i64) -> ()\n"
        "  return\n"
        "}\n",
        encoding="utf-8",
    )
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert out.getvalue() == "7"
    assert f"{path}:14:3: error: assertion failed: seven is not zero" in err
    assert "Traceback" not in err
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["run", str(path), "-e", "other"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:18:3: error: call to '@missing', which has no body and is not a " in err
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["run", str(path), "-e", "poison"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:38:3: error: poison passed to '@printI64'" in err
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["run", str(path), "-e", "vector"]) == 1
    err = capsys.readouterr().err
    assert out.getvalue() == "6"
    assert f"{path}:32:8: error: 'vector.vscale' has no reference implementation" in err
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["run", str(path), "-e", "memory"]) == 1
    err = capsys.readouterr().err
    assert out.getvalue() == "5"
    assert f"{path}:26:8: error: index 4 is out of bounds for dimension 0 of size 4" in err


#: `math` ops whose lowering by `--convert-to-llvm` calls the C library's function
#: (or an LLVM intrinsic computing the same), so the compiled program computes what
#: the references (and MLIR's folders) compute. `log1p`, `expm1` and `atan2` are left
#: out: their lowerings approximate (`log(1 + x)`, `exp(x) - 1`, a polynomial).
MATH_UNARY = [
    "absf", "ceil", "floor", "round", "roundeven", "trunc", "sqrt", "rsqrt", "exp", "exp2",
    "log", "log10", "log2", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
    "tanh",
]  # fmt: skip
MATH_VALUES = ["0.5", "-0.5", "2.5", "-2.5", "0.0", "-0.0", "1.0e10", "3.0", "0.1", "-7.75"]


def test_math_and_index_ops_print_what_mlir_runner_prints() -> None:
    """Each float `math` op above, `powf`, `copysign`, `fma`, the integer `math` ops
    and every `index` op, on edge and ordinary operands, in f32 and f64."""
    lines = [UTILITIES, "func.func @main() {"]
    n = 0

    def emit(op: str, type_: str, utility: str) -> None:
        nonlocal n
        lines.append(f"  %r{n} = {op}")
        value = f"%r{n}"
        if utility == "printI64" and type_ != "i64":
            cast = "index_cast" if type_ == "index" else "extui"
            lines.append(f"  %e{n} = arith.{cast} %r{n} : {type_} to i64")
            value = f"%e{n}"
        lines.append(
            f"  func.call @{utility}({value}) : ({'i64' if utility == 'printI64' else type_}) -> ()"
        )
        lines.append("  func.call @printComma() : () -> ()")
        n += 1

    for t in ("f32", "f64"):
        utility = "printF32" if t == "f32" else "printF64"
        for v in MATH_VALUES:
            lines.append(f"  %x{n} = arith.constant {v} : {t}")
            x = f"%x{n}"
            n += 1
            for name in MATH_UNARY:
                emit(f"math.{name} {x} : {t}", t, utility)
            for name in ("powf", "copysign"):
                emit(f"math.{name} {x}, {x} : {t}", t, utility)
            emit(f"math.fma {x}, {x}, {x} : {t}", t, utility)
            lines.append("  func.call @printNewline() : () -> ()")
    for t in ("i8", "i32", "i64"):
        for v in ("0", "1", "-1", "12", "-128", "100"):
            lines.append(f"  %i{n} = arith.constant {v} : {t}")
            x = f"%i{n}"
            n += 1
            for name in ("ctlz", "cttz", "ctpop", "absi"):
                emit(f"math.{name} {x} : {t}", t, "printI64")
            lines.append("  func.call @printNewline() : () -> ()")
    index_ops = ["add", "sub", "mul", "maxs", "maxu", "mins", "minu", "and", "or", "xor"]
    index_ops += ["divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems", "remu"]
    pairs = [("7", "2"), ("-7", "2"), ("-9223372036854775807", "3"), ("5", "-3")]
    pairs += [("-9223372036854775808", "2"), ("9223372036854775807", "2"), ("-5", "-3")]
    for a, b in pairs:
        lines.append(f"  %a{n} = index.constant {a}")
        lines.append(f"  %b{n} = index.constant {b}")
        x, y = f"%a{n}", f"%b{n}"
        n += 1
        for name in index_ops:
            emit(f"index.{name} {x}, {y}", "index", "printI64")
        shift = f"%s{n}"
        lines.append(f"  {shift} = index.constant 3")
        for name in ("shl", "shrs", "shru"):
            emit(f"index.{name} {x}, {shift}", "index", "printI64")
        for pred in ("slt", "ult", "eq", "sge"):
            emit(f"index.cmp {pred}({x}, {y})", "i1", "printI64")
        emit(f"index.casts {x} : index to i32", "i32", "printI64")
        emit(f"index.castu {x} : index to i32", "i32", "printI64")
        lines.append("  func.call @printNewline() : () -> ()")
    lines += ["  return", "}"]
    text = "\n".join(lines) + "\n"
    assert odsgen_run(text) == mlir_runner(text)
