"""Folding by reference implementations, against compiled programs.

`math.cbrt`, `rsqrt`, `fma`, `fpowi`, `clampf` and `sincos` have no folder in MLIR
(mlir-opt-22 leaves them on constants); odsgen folds them by evaluating their
references. Each case here is a program computing one such op on constants and
printing the result's bits: `odsgen opt --canonicalize` must fold the op away, and
the folded program, compiled by mlir-opt-22 and run by mlir-runner-22, must print
what the original program prints when compiled (the C library's `cbrtf`, LLVM's
`powi`, `fma` and `sincos` intrinsics, `clampf` expanded by `--math-expand-ops`).
NaNs compare equal whatever their sign and payload, which MLIR leaves unspecified.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.cli import main

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

#: How each op is lowered so that the compiled program computes it exactly.
LOWERING = {
    "cbrt": ["--convert-math-to-libm", "--convert-to-llvm"],
    "rsqrt": ["--convert-to-llvm"],
    "fma": ["--convert-to-llvm"],
    "fpowi": ["--convert-to-llvm"],
    "sincos": ["--convert-to-llvm"],
    "clampf": ["--math-expand-ops=ops=clampf", "--convert-to-llvm"],
}
EDGES = ["0.0", "-0.0", "1.0", "-1.0", "0.5", "3.0", "-27.0", "1.0e30", "1.0e-30"]
SPECIAL = ["0x7F800000", "0xFF800000", "0x7FC00000"]  # f32 inf, -inf, NaN
SPECIAL_F64 = ["0x7FF0000000000000", "0xFFF0000000000000", "0x7FF8000000000000"]


def _operands(rng: random.Random, type_: str, count: int) -> list[list[str]]:
    """Operand tuples: every edge value in each position, then random ones."""
    pool = EDGES + (SPECIAL if type_ == "f32" else SPECIAL_F64)
    cases = [[value, *rng.choices(pool, k=count - 1)] for value in pool]
    cases += [[repr(rng.uniform(-100.0, 100.0)) for _ in range(count)] for _ in range(6)]
    return cases


def _program(op: str, type_: str, rng: random.Random) -> tuple[str, int]:
    """A program printing the bits of `op`'s results on constants, and their count."""
    int_type = "i32" if type_ == "f32" else "i64"
    lines = [
        "func.func private @printI64(i64)",
        "func.func private @printNewline()",
        "func.func @main() {",
    ]
    count = {"fma": 3, "clampf": 3}.get(op, 1)
    printed = 0
    for k, values in enumerate(_operands(rng, type_, count)):
        names = []
        for j, value in enumerate(values):
            lines.append(f"  %c{k}_{j} = arith.constant {value} : {type_}")
            names.append(f"%c{k}_{j}")
        results = [f"%r{k}"]
        if op == "fma":
            lines.append(f"  %r{k} = math.fma {', '.join(names)} : {type_}")
        elif op == "clampf":
            lines.append(f"  %r{k} = math.clampf {names[0]} to [{names[1]}, {names[2]}] : {type_}")
        elif op == "fpowi":
            exponent = rng.choice([0, 1, 2, 3, -1, -2, 7, 30, -9])
            lines.append(f"  %n{k} = arith.constant {exponent} : i32")
            lines.append(f"  %r{k} = math.fpowi {names[0]}, %n{k} : {type_}, i32")
        elif op == "sincos":
            results = [f"%s{k}", f"%o{k}"]
            lines.append(f"  %s{k}, %o{k} = math.sincos {names[0]} : {type_}")
        else:
            lines.append(f"  %r{k} = math.{op} {names[0]} : {type_}")
        for r, result in enumerate(results):
            lines.append(f"  %b{k}_{r} = arith.bitcast {result} : {type_} to {int_type}")
            wide = f"%b{k}_{r}"
            if int_type != "i64":
                lines.append(f"  %w{k}_{r} = arith.extui %b{k}_{r} : {int_type} to i64")
                wide = f"%w{k}_{r}"
            lines.append(f"  func.call @printI64({wide}) : (i64) -> ()")
            lines.append("  func.call @printNewline() : () -> ()")
            printed += 1
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n", printed


def _compiled(text: str, lowering: list[str]) -> list[int]:
    assert MLIR_OPT is not None
    assert MLIR_RUNNER is not None
    lowered = subprocess.run(
        [MLIR_OPT, *lowering], input=text, capture_output=True, text=True, check=False
    )
    assert lowered.returncode == 0, lowered.stderr
    run = subprocess.run(
        [MLIR_RUNNER, "-e", "main", "-entry-point-result=void", f"-shared-libs={RUNNER_UTILS}"],
        input=lowered.stdout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return [int(line) for line in run.stdout.split()]


def _is_nan(bits: int, type_: str) -> bool:
    if type_ == "f32":
        return (bits >> 23) & 0xFF == 0xFF and bits & 0x7FFFFF != 0
    return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1) != 0


@pytest.mark.parametrize("type_", ["f32", "f64"])
@pytest.mark.parametrize("op", sorted(LOWERING))
def test_reference_folds_print_what_compiled_programs_print(
    op: str, type_: str, tmp_path: Path
) -> None:
    text, printed = _program(op, type_, random.Random(f"{op}-{type_}"))
    path = tmp_path / "program.mlir"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["opt", str(path), "--canonicalize"]) == 0
    folded = out.getvalue()
    assert f"math.{op}" not in folded, folded
    expected = _compiled(text, LOWERING[op])
    got = _compiled(folded, ["--convert-to-llvm"])
    assert len(expected) == len(got) == printed
    wrong = [
        (i, e, g)
        for i, (e, g) in enumerate(zip(expected, got, strict=True))
        if e != g and not (_is_nan(e, type_) and _is_nan(g, type_))
    ]
    assert not wrong, [f"result {i}: compiled {e:#x}, folded {g:#x}" for i, e, g in wrong[:5]]
