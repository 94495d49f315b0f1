"""Interpretation: `odsgen run` against `xdsl-run` on the same loop-heavy program.

The program (written by `program(n)`) is a pair of nested `scf.for` loops of `n`
iterations each whose body calls a function of `arith` ops and an `scf.if`; `main`
returns an i64. Both tools run it as a whole process, best of `--repeat` runs:
`odsgen run FILE -entry-point-result=i64` and `xdsl-run --verbose FILE`. Before
timing, both results are compared with each other and, when mlir-runner-22 is
installed, with what the compiled program returns, so the figure is for the right
result.

Target: `odsgen run` at least 3x faster than xdsl-run. Prints a report with
PASS/FAIL; exits 0 either way (it is a report), 2 when xDSL cannot be had.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from measure import Launcher, ToolRun, measure_process
from tools import ToolError, ensure_xdsl, odsgen_command

TARGET = 3.0


def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def program(n: int) -> str:
    """The benchmark program: n * n calls of `@step` from two nested loops."""
    return f"""func.func @step(%acc: i64, %x: i64) -> i64 {{
  %three = arith.constant 3 : i64
  %m = arith.muli %x, %three : i64
  %a = arith.addi %acc, %m : i64
  %c = arith.cmpi slt, %a, %x : i64
  %r = scf.if %c -> (i64) {{
    %d = arith.subi %x, %a : i64
    scf.yield %d : i64
  }} else {{
    %s = arith.shrsi %a, %three : i64
    %t = arith.xori %s, %x : i64
    scf.yield %t : i64
  }}
  return %r : i64
}}

func.func @main() -> i64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {n} : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {{
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%a = %acc) -> (i64) {{
      %ij = arith.addi %i, %j : index
      %x = arith.index_cast %ij : index to i64
      %y = func.call @step(%a, %x) : (i64, i64) -> i64
      scf.yield %y : i64
    }}
    scf.yield %inner : i64
  }}
  return %r : i64
}}
"""


def _results(odsgen: list[str], xdsl_run: Path, path: Path) -> tuple[str, str, str | None]:
    """The result each tool computes (mlir-runner-22's too, when installed)."""
    ours = subprocess.run(
        [*odsgen, "run", str(path), "-entry-point-result=i64"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    theirs = subprocess.run(
        [str(xdsl_run), "--verbose", str(path)], capture_output=True, text=True, check=True
    ).stdout.strip()
    theirs = theirs.removeprefix("result: ")
    mlir_opt, runner = shutil.which("mlir-opt-22"), shutil.which("mlir-runner-22")
    utils = Path("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so")
    if mlir_opt is None or runner is None or not utils.exists():
        return ours, theirs, None
    lowered = subprocess.run(
        [mlir_opt, str(path), "--convert-scf-to-cf", "--convert-to-llvm"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    compiled = subprocess.run(
        [runner, "-e", "main", "-entry-point-result=i64", f"-shared-libs={utils}"],
        input=lowered,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return ours, theirs, compiled


def _row(name: str, run: ToolRun) -> str:
    if not run.ok or run.seconds is None:
        return f"  {name:<10} {run.status}: {run.message}"
    mib = (run.max_rss_kib or 0) / 1024
    return f"  {name:<10} {run.seconds:8.3f} s   {mib:7.1f} MiB"


def main(argv: list[str] | None = None) -> int:
    """Measure and report."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=200, help="iterations of each loop")
    ap.add_argument("--repeat", type=int, default=3, help="runs per tool, the best kept")
    ap.add_argument("--xdsl-venv", type=Path, default=Path("/tmp/xdsl"))
    args = ap.parse_args(argv)
    try:
        xdsl_run = ensure_xdsl(args.xdsl_venv, log).with_name("xdsl-run")
    except ToolError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    odsgen = odsgen_command(None)
    with tempfile.TemporaryDirectory(prefix="odsgen-bench-") as tmp:
        path = Path(tmp) / "loops.mlir"
        path.write_text(program(args.size), encoding="utf-8")
        ours_result, theirs_result, compiled = _results(odsgen, xdsl_run, path)
        with Launcher() as launcher:
            ours = measure_process(
                launcher,
                [*odsgen, "run", str(path), "-entry-point-result=i64"],
                args.repeat,
                progress=lambda m: log(f"odsgen run: {m}"),
            )
            theirs = measure_process(
                launcher,
                [str(xdsl_run), str(path)],
                args.repeat,
                progress=lambda m: log(f"xdsl-run: {m}"),
            )
    calls = args.size * args.size
    print(
        f"interpretation, {calls:,} calls in nested scf.for loops, whole process, "
        f"best of {args.repeat}"
    )
    same = ours_result == theirs_result and compiled in (None, ours_result)
    against = "" if compiled is None else f", mlir-runner-22 {compiled}"
    print(
        f"  results: odsgen {ours_result}, xdsl-run {theirs_result}{against}"
        f" ({'identical' if same else 'DIFFERENT'})"
    )
    print(_row("odsgen", ours))
    print(_row("xdsl-run", theirs))
    if ours.ok and theirs.ok and ours.seconds and theirs.seconds:
        ratio = theirs.seconds / ours.seconds
        passed = ratio >= TARGET and same
        print(f"  speed-up {ratio:.2f}x (target >= {TARGET:g}x)   {'PASS' if passed else 'FAIL'}")
    else:
        print("  speed-up: not measured   FAIL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
