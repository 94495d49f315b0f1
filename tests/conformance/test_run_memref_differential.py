"""`odsgen run` against mlir-runner-22 on random programs over memrefs.

`memref_programs.program(seed)` writes a program that fills memrefs in `scf.for`
loops, takes subviews (static and dynamic offsets, sizes and strides), stores and
loads through them, copies them, and prints them with `printMemrefF32`,
`printMemrefF64`, `printMemrefI32` and `printMemrefI64`. For every seed, `odsgen run`
must print what

    mlir-opt-22 f.mlir --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm |
      mlir-runner-22 -e main -entry-point-result=void \\
        -shared-libs=libmlir_c_runner_utils.so,libmlir_runner_utils.so

prints, with the base address of each printed memref (`base@ = 0x...`, the address
of the allocation, which differs from run to run) masked on both sides.
`--expand-strided-metadata` is needed because `--convert-to-llvm` does not lower
`memref.subview`; the `printMemref*` functions live in `libmlir_runner_utils`, not
in `libmlir_c_runner_utils`. The programs are compiled in chunks, as in
`test_run_differential.py`.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

from generator.cli import main
from tests.conformance.memref_programs import PRINTERS, UTILITIES, program
from tests.conformance.test_run_differential import odsgen_run

MLIR_OPT = shutil.which("mlir-opt-22")
MLIR_RUNNER = shutil.which("mlir-runner-22")
LIBRARIES = [
    Path("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so"),
    Path("/usr/lib/llvm-22/lib/libmlir_runner_utils.so"),
]
pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(
        MLIR_OPT is None or MLIR_RUNNER is None or not all(p.exists() for p in LIBRARIES),
        reason="mlir-opt-22, mlir-runner-22 or MLIR's runner utility libraries are not installed",
    ),
]

SEED = 20261127
PROGRAMS = 300
CHUNKS = 4
#: Printed after each program (no line of a program's output starts with '-').
SEPARATOR = "----"
_ADDRESS = re.compile(r"base@ = 0x[0-9a-f]+")


def mask(output: str) -> str:
    """`output` with the base addresses of printed memrefs masked."""
    return _ADDRESS.sub("base@ = 0x?", output)


def mlir_runner(text: str) -> str:
    """What mlir-runner-22 prints for `text` lowered to LLVM."""
    assert MLIR_OPT is not None
    assert MLIR_RUNNER is not None
    lowered = subprocess.run(
        [MLIR_OPT, "--convert-scf-to-cf", "--expand-strided-metadata", "--convert-to-llvm"],
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
            "-shared-libs=" + ",".join(str(p) for p in LIBRARIES),
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
    parts = [UTILITIES, "llvm.func @putchar(i32) -> i32\n"]
    calls = ["func.func @main() {", f"  %dash = arith.constant {ord(SEPARATOR[0])} : i32"]
    calls.append("  %newline = arith.constant 10 : i32")
    for seed in seeds:
        parts.append(program(seed, prefix=f"p{seed}_"))
        calls.append(f"  func.call @p{seed}_main() : () -> ()")
        for k in range(len(SEPARATOR)):
            calls.append(f"  %sep{seed}_{k} = llvm.call @putchar(%dash) : (i32) -> i32")
        calls.append(f"  %nl{seed} = llvm.call @putchar(%newline) : (i32) -> i32")
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


def test_random_memref_programs_print_what_mlir_runner_prints() -> None:
    expected = expected_outputs()
    differing = []
    for seed, want in expected.items():
        got = odsgen_run(UTILITIES + program(seed))
        assert "Unranked Memref" in want
        if mask(got) != mask(want):
            differing.append(seed)
    assert not differing, f"{len(differing)} of {len(expected)} differ, seeds {differing[:10]}"
    assert len(expected) == PROGRAMS


def test_scalar_and_rank_zero_memrefs_print_what_mlir_runner_prints() -> None:
    """A rank-0 memref, a rank-reducing subview, `memref.rank`, and a global's
    initial value (splat and not), for each printed element type."""
    lines = [UTILITIES]
    for et in PRINTERS:
        float_ = et.startswith("f")
        one, many = ("2.5", "[1.5, -0.0, 1.0e10]") if float_ else ("-3", "[7, -8, 2147483647]")
        lines.append(f'memref.global "private" constant @g{et} : memref<3x{et}> = dense<{many}>')
        lines.append(f"memref.global @s{et} : memref<2x2x{et}> = dense<{one}>")
    lines.append("func.func @main() {")
    lines.append("  %c0 = arith.constant 0 : index")
    lines.append("  %c1 = arith.constant 1 : index")
    for et, printer in PRINTERS.items():
        u = f"memref<*x{et}>"
        lines += [
            f"  %g{et} = memref.get_global @g{et} : memref<3x{et}>",
            f"  %gu{et} = memref.cast %g{et} : memref<3x{et}> to {u}",
            f"  func.call @{printer}(%gu{et}) : ({u}) -> ()",
            f"  %s{et} = memref.get_global @s{et} : memref<2x2x{et}>",
            f"  %x{et} = memref.load %g{et}[%c1] : memref<3x{et}>",
            f"  memref.store %x{et}, %s{et}[%c1, %c0] : memref<2x2x{et}>",
            f"  %su{et} = memref.cast %s{et} : memref<2x2x{et}> to {u}",
            f"  func.call @{printer}(%su{et}) : ({u}) -> ()",
            f"  %r{et} = memref.subview %s{et}[1, 0] [1, 2] [1, 1] : memref<2x2x{et}> to "
            f"memref<2x{et}, strided<[1], offset: 2>>",
            f"  %ru{et} = memref.cast %r{et} : memref<2x{et}, strided<[1], offset: 2>> to {u}",
            f"  func.call @{printer}(%ru{et}) : ({u}) -> ()",
            f"  %z{et} = memref.alloca() : memref<{et}>",
            f"  memref.store %x{et}, %z{et}[] : memref<{et}>",
            f"  %zu{et} = memref.cast %z{et} : memref<{et}> to {u}",
            f"  func.call @{printer}(%zu{et}) : ({u}) -> ()",
            f"  %k{et} = memref.rank %zu{et} : {u}",
        ]
    lines += ["  return", "}"]
    text = "\n".join(lines) + "\n"
    assert mask(odsgen_run(text)) == mask(mlir_runner(text))


def test_out_of_bounds_access_is_a_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A store past a subview's end is an error at the store, after what was printed;
    no traceback."""
    path = tmp_path / "oob.mlir"
    path.write_text(
        UTILITIES + "func.func @main() {\n"
        "  %c2 = arith.constant 2 : index\n"
        "  %f = arith.constant 1.0 : f32\n"
        "  %m = memref.alloc() : memref<4x4xf32>\n"
        "  %v = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to "
        "memref<2x2xf32, strided<[4, 1], offset: 5>>\n"
        "  %u = memref.cast %v : memref<2x2xf32, strided<[4, 1], offset: 5>> to memref<*xf32>\n"
        "  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()\n"
        "  memref.store %f, %v[%c2, %c2] : memref<2x2xf32, strided<[4, 1], offset: 5>>\n"
        "  return\n"
        "}\n",
        encoding="utf-8",
    )
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert out.getvalue().startswith("Unranked Memref base@ = 0x")
    assert f"{path}:12:3: error: index 2 is out of bounds for dimension 0 of size 2" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "%m = memref.alloc() : memref<4x4xf32>\n  %d = memref.dim %m, %c5 : memref<4x4xf32>",
            "dimension index 5 is out of bounds for a memref of rank 2",
        ),
        (
            "%m = memref.alloc() : memref<4x4xf32>\n"
            "  %v = memref.subview %m[%c3, 0] [2, 2] [1, 1] : memref<4x4xf32> to "
            "memref<2x2xf32, strided<[4, 1], offset: ?>>",
            "subview [offset 3, size 2, stride 1] is out of bounds for dimension 0 of size 4",
        ),
        (
            "%m = memref.alloc(%cm1) : memref<?xf32>",
            "negative size in allocation of [-1]",
        ),
        (
            "%p = ub.poison : f32\n"
            "  %m = memref.alloc() : memref<1xf32>\n"
            "  memref.store %p, %m[%c0] : memref<1xf32>\n"
            "  %u = memref.cast %m : memref<1xf32> to memref<*xf32>\n"
            "  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()",
            "poison passed to a runner utility",
        ),
    ],
)
def test_run_time_errors_on_memrefs_are_diagnostics_at_the_op(
    body: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.mlir"
    lines = body.split("\n")
    path.write_text(
        UTILITIES + "func.func @main() {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c3 = arith.constant 3 : index\n"
        "  %c5 = arith.constant 5 : index\n"
        "  %cm1 = arith.constant -1 : index\n"
        f"  {body}\n"
        "  return\n"
        "}\n",
        encoding="utf-8",
    )
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    # The op of the last line of `body`, after the utilities and six lines of `@main`.
    line = UTILITIES.count("\n") + 6 + len(lines) - 1
    column = 3 if lines[-1].strip().startswith(("memref.store", "func.call")) else 8
    assert f"{path}:{line}:{column}: error: {message}" in err
    assert "Traceback" not in err
