"""`odsgen run` against mlir-runner-22 on random programs over vectors and memrefs.

`vector_programs.program(seed)` writes a program that fills a memref in `scf.for`
loops and runs a random sequence of vector ops (building, taking apart, arithmetic,
masks, reductions, products, loads, stores, transfers, gathers and scatters) and memref ops (views, reshapes,
atomics, `alloca_scope`, `realloc`, `extract_strided_metadata`), printing with
`vector.print` and `printMemref*`. For every seed, `odsgen run` must print what

    mlir-opt-22 f.mlir --lower-vector-mask --lower-vector-multi-reduction \\
        --memref-expand --expand-realloc --convert-vector-to-scf --lower-affine --convert-scf-to-cf --expand-strided-metadata \\
        --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts |
      mlir-runner-22 -e main -entry-point-result=void \\
        -shared-libs=libmlir_c_runner_utils.so,libmlir_runner_utils.so

prints, with the base addresses of printed memrefs masked. The programs are compiled
in chunks, as in `test_run_memref_differential.py`.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

from generator.cli import main
from tests.conformance import tensor_programs
from tests.conformance.test_run_differential import odsgen_run
from tests.conformance.test_run_memref_differential import (
    LIBRARIES,
    MLIR_OPT,
    MLIR_RUNNER,
    SEPARATOR,
    mask,
)
from tests.conformance.vector_programs import PIPELINE, UTILITIES, program

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(
        MLIR_OPT is None or MLIR_RUNNER is None or not all(p.exists() for p in LIBRARIES),
        reason="mlir-opt-22, mlir-runner-22 or MLIR's runner utility libraries are not installed",
    ),
]

SEED = 20261126
PROGRAMS = 320
TENSOR_PROGRAMS = 100
CHUNKS = 4

Program = Callable[[int, str], str]


def mlir_runner(text: str, pipeline: Sequence[str] = PIPELINE) -> str:
    """What mlir-runner-22 prints for `text` lowered to LLVM by `pipeline`."""
    assert MLIR_OPT is not None
    assert MLIR_RUNNER is not None
    lowered = subprocess.run(
        [MLIR_OPT, *pipeline], input=text, capture_output=True, text=True, check=False
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


def _chunk_module(seeds: list[int], make: Program = program) -> str:
    parts = [UTILITIES, "llvm.func @putchar(i32) -> i32\n"]
    calls = ["func.func @main() {", f"  %dash = arith.constant {ord(SEPARATOR[0])} : i32"]
    calls.append("  %newline = arith.constant 10 : i32")
    for seed in seeds:
        parts.append(make(seed, f"p{seed}_"))
        calls.append(f"  func.call @p{seed}_main() : () -> ()")
        for k in range(len(SEPARATOR)):
            calls.append(f"  %sep{seed}_{k} = llvm.call @putchar(%dash) : (i32) -> i32")
        calls.append(f"  %nl{seed} = llvm.call @putchar(%newline) : (i32) -> i32")
    calls += ["  return", "}"]
    return "".join(parts) + "\n".join(calls) + "\n"


def _outputs(make: Program, pipeline: Sequence[str], count: int) -> dict[int, str]:
    """mlir-runner-22's output of `count` programs, by seed (every program must be
    accepted by mlir-opt-22, or its chunk fails)."""
    seeds = [SEED + i for i in range(count)]
    chunks = [seeds[i::CHUNKS] for i in range(CHUNKS)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        outputs = list(
            pool.map(lambda chunk: mlir_runner(_chunk_module(chunk, make), pipeline), chunks)
        )
    expected: dict[int, str] = {}
    for chunk, output in zip(chunks, outputs, strict=True):
        pieces = output.split(SEPARATOR + "\n")
        assert len(pieces) == len(chunk) + 1, output[-2000:]
        assert pieces[-1] == "", output[-2000:]
        expected.update(zip(chunk, pieces, strict=False))
    return expected


@cache
def expected_outputs() -> dict[int, str]:
    """mlir-runner-22's output of every vector program, by seed."""
    return _outputs(program, PIPELINE, PROGRAMS)


def _compare(make: Program, expected: dict[int, str]) -> tuple[int, list[str]]:
    identical = 0
    failures: list[str] = []
    for seed, want in sorted(expected.items()):
        got = odsgen_run(UTILITIES + make(seed, ""), f"seed{seed}.mlir")
        assert "Unranked Memref" in want
        if mask(got) == mask(want):
            identical += 1
        elif len(failures) < 3:
            failures.append(f"seed {seed}:\n--- mlir-runner-22\n{want}--- odsgen run\n{got}")
    return identical, failures


def test_random_vector_programs_print_what_mlir_runner_prints() -> None:
    identical, failures = _compare(program, expected_outputs())
    assert identical == PROGRAMS, (
        f"{identical} of {PROGRAMS} programs print identically\n" + "\n".join(failures)
    )


def test_random_tensor_programs_print_what_mlir_runner_prints() -> None:
    """Tensor programs, bufferized by `tensor_programs.PIPELINE` before lowering."""
    expected = _outputs(tensor_programs.program, tensor_programs.PIPELINE, TENSOR_PROGRAMS)
    identical, failures = _compare(tensor_programs.program, expected)
    assert identical == TENSOR_PROGRAMS, (
        f"{identical} of {TENSOR_PROGRAMS} programs print identically\n" + "\n".join(failures)
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "%v = vector.load %m[%c3] : memref<4xf32>, vector<2xf32>\n"
            "  vector.print %v : vector<2xf32>",
            "printing a poison value",
        ),
        (
            "%v = vector.transfer_read %m[%c3], %f {in_bounds = [true]} : "
            "memref<4xf32>, vector<2xf32>",
            "index 4 is out of bounds for dimension 0 of size 4 in a dimension declared in bounds",
        ),
        (
            "%v = vector.broadcast %f : f32 to vector<4xf32>\n"
            "  %e = vector.extract %v[%c5] : f32 from vector<4xf32>\n"
            "  vector.print %e : f32",
            "printing a poison value",
        ),
        (
            "%v = vector.broadcast %f : f32 to vector<4xf32>\n"
            "  vector.store %v, %m[%c3] : memref<4xf32>, vector<4xf32>",
            "index 4 is out of bounds for dimension 0 of size 4",
        ),
        (
            "%v = memref.reinterpret_cast %m to offset: [2], sizes: [3], strides: [1] : "
            "memref<4xf32> to memref<3xf32, strided<[1], offset: 2>>",
            "the reinterpreted memref lies outside the allocation of its source",
        ),
        (
            "%v = arith.constant dense<[1, 2]> : vector<2xi128>",
            "elements of type 'i128' are not supported",
        ),
        (
            "%t = tensor.from_elements %f, %f : tensor<2xf32>\n"
            "  %e = tensor.extract %t[%c3] : tensor<2xf32>",
            "index 3 is out of bounds for dimension 0 of size 2",
        ),
        (
            "%b = memref.alloc() : memref<10xi8>\n"
            "  %v = memref.view %b[%c3][] : memref<10xi8> to memref<2xf32>",
            "the view lies outside its source",
        ),
        (
            "%v = vector.vscale",
            "'vector.vscale' has no reference implementation",
        ),
    ],
)
def test_run_time_errors_on_vectors_are_diagnostics_at_the_op(
    body: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.mlir"
    lines = body.split("\n")
    path.write_text(
        "func.func @main() {\n"
        "  %c3 = arith.constant 3 : index\n"
        "  %c5 = arith.constant 5 : index\n"
        "  %f = arith.constant 1.5 : f32\n"
        "  %a = arith.constant dense<1.0> : vector<4xf32>\n"
        "  %m = memref.alloc() : memref<4xf32>\n"
        f"  {body}\n"
        "  return\n"
        "}\n",
        encoding="utf-8",
    )
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    line = 6 + len(lines)
    column = 3 if lines[-1].strip().startswith(("vector.store", "vector.print")) else 8
    assert f"{path}:{line}:{column}: error: {message}" in err
    assert "Traceback" not in err


POISON_LANES = """func.func @main() {
  %a = arith.constant dense<[7, 8, 9, 10]> : vector<4xi32>
  %shift = arith.constant dense<[1, 40, 2, 32]> : vector<4xi32>
  %s = arith.shli %a, %shift : vector<4xi32>
  %e0 = vector.extract %s[0] : i32 from vector<4xi32>
  vector.print %e0 : i32
  %e2 = vector.extract %s[2] : i32 from vector<4xi32>
  vector.print %e2 : i32
  %m = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %sel = arith.select %m, %s, %a : vector<4xi1>, vector<4xi32>
  vector.print %sel : vector<4xi32>
  %sh = vector.shuffle %a, %s [0, -1, 6] : vector<4xi32>, vector<4xi32>
  %x = vector.extract %sh[2] : i32 from vector<3xi32>
  vector.print %x : i32
  %f = arith.constant 1.5 : f32
  %p = ub.poison : vector<2xf32>
  %q = vector.insert %f, %p[0] : f32 into vector<2xf32>
  %r = vector.extract %q[0] : f32 from vector<2xf32>
  vector.print %r : f32
  %sum = arith.addf %q, %q : vector<2xf32>
  %t = vector.extract %sum[0] : f32 from vector<2xf32>
  vector.print %t : f32
  %w = arith.addi %a, %s : vector<4xi32>
  %w2 = vector.extract %w[2] : i32 from vector<4xi32>
  vector.print %w2 : i32
  return
}
"""


def test_poison_is_per_element() -> None:
    """Poison lanes (a shift by the width or more, a shuffle index of -1, `ub.poison`
    of a vector type) leave the other lanes defined: those print as mlir-runner-22
    prints them."""
    assert odsgen_run(POISON_LANES) == mlir_runner(POISON_LANES)


def test_printing_a_poison_lane_is_a_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "poison.mlir"
    text = POISON_LANES.replace("  return\n", "  vector.print %w : vector<4xi32>\n  return\n")
    path.write_text(text, encoding="utf-8")
    line = text[: text.index("  vector.print %w :")].count("\n") + 1
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert out.getvalue() == odsgen_run(POISON_LANES)
    assert f"{path}:{line}:3: error: printing a poison value" in err
    assert "Traceback" not in err
