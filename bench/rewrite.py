"""Greedy rewriting: `odsgen opt --canonicalize` against `xdsl-opt -p canonicalize`.

The input is the module of `../shared/bench/gen_module.py` (50k ops by default),
whose 7-op groups hold an `addi(x, 0)` for the add-zero fold and an `addi(c, c)`
for constant folding. Each tool canonicalizes it as a whole process (stdout to
/dev/null), best of `--repeat` runs, peak RSS from the launcher; before timing,
odsgen's output is compared with `mlir-opt-22 --canonicalize`'s, when mlir-opt is
installed, so the figure is for the right result.

Targets: at least 8x faster than xdsl-opt at 50,000 ops, with at most half its peak
memory; mlir-opt-22's time is reported beside them, when it is installed. Prints a
report with PASS/FAIL; exits 0 either way (it is a report), 2 when an input or
xDSL cannot be had.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from inputs import InputError, prepare_workload
from measure import Launcher, ToolRun, measure_process
from tools import ToolError, ensure_xdsl, find_mlir_opt, odsgen_command, tool_version

ROOT = Path(__file__).resolve().parents[1]
GEN_MODULE = ROOT.parent / "shared" / "bench" / "gen_module.py"
INPUT_DIR = ROOT / "bench" / "out" / "inputs"
TARGET = 8.0
MEMORY_TARGET = 0.5


def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _same_as_mlir_opt(odsgen: list[str], mlir_opt: str | None, path: Path) -> str:
    if mlir_opt is None:
        return "not compared (mlir-opt-22 is not installed)"
    with tempfile.TemporaryDirectory() as tmp:
        ours = Path(tmp) / "ours.mlir"
        subprocess.run([*odsgen, "opt", str(path), "--canonicalize", "-o", str(ours)], check=True)
        theirs = subprocess.run(
            [mlir_opt, str(path), "--canonicalize"], check=True, capture_output=True, text=True
        ).stdout
        same = ours.read_text(encoding="utf-8") == theirs
    return "identical to mlir-opt-22 --canonicalize" if same else "DIFFERS from mlir-opt-22"


def _row(name: str, run: ToolRun) -> str:
    if not run.ok or run.seconds is None:
        return f"  {name:<10} {run.status}: {run.message}"
    mib = (run.max_rss_kib or 0) / 1024
    return f"  {name:<10} {run.seconds:8.3f} s   {mib:7.1f} MiB"


def main(argv: list[str] | None = None) -> int:
    """Measure and report."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=50_000, help="module size in ops")
    ap.add_argument("--repeat", type=int, default=3, help="runs per tool, the best kept")
    ap.add_argument("--xdsl-venv", type=Path, default=Path("/tmp/xdsl"))
    args = ap.parse_args(argv)
    if not GEN_MODULE.is_file():
        print(f"bench: {GEN_MODULE} is missing; cannot make the input", file=sys.stderr)
        return 2
    mlir_opt = find_mlir_opt()
    try:
        xdsl = ensure_xdsl(args.xdsl_venv, log)
        workload = prepare_workload(
            args.size,
            out_dir=INPUT_DIR,
            python=sys.executable,
            gen_module=GEN_MODULE,
            mlir_opt=mlir_opt,
            mlir_opt_version=tool_version([mlir_opt, "--version"]) if mlir_opt else None,
            log=log,
        )
    except (ToolError, InputError, OSError) as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    odsgen = odsgen_command(None)
    path = workload.custom
    check = _same_as_mlir_opt(odsgen, mlir_opt, path)
    with Launcher() as launcher:
        ours = measure_process(
            launcher,
            [*odsgen, "opt", str(path), "--canonicalize", "-o", os.devnull],
            args.repeat,
            progress=lambda m: log(f"odsgen: {m}"),
        )
        theirs = measure_process(
            launcher,
            [str(xdsl), str(path), "-p", "canonicalize", "-o", os.devnull],
            args.repeat,
            progress=lambda m: log(f"xdsl-opt: {m}"),
        )
        reference = (
            measure_process(
                launcher,
                [mlir_opt, str(path), "--canonicalize", "-o", os.devnull],
                args.repeat,
                progress=lambda m: log(f"mlir-opt-22: {m}"),
            )
            if mlir_opt is not None
            else None
        )
    print(
        f"greedy rewriting (canonicalize), {workload.ops:,} ops, whole process, best of {args.repeat}"
    )
    print(f"  odsgen output: {check}")
    print(_row("odsgen", ours))
    print(_row("xdsl-opt", theirs))
    if reference is not None:
        print(_row("mlir-opt", reference))
    if ours.ok and theirs.ok and ours.seconds and theirs.seconds:
        ratio = theirs.seconds / ours.seconds
        memory = (ours.max_rss_kib or 0) / max(theirs.max_rss_kib or 1, 1)
        passed = ratio >= TARGET and memory <= MEMORY_TARGET and "DIFFERS" not in check
        print(
            f"  speed-up {ratio:.2f}x (target >= {TARGET:g}x)   memory {memory:.2f}x "
            f"(target <= {MEMORY_TARGET:g}x)   {'PASS' if passed else 'FAIL'}"
        )
        if reference is not None and reference.ok and reference.seconds:
            print(f"  odsgen takes {ours.seconds / reference.seconds:.1f}x mlir-opt-22's time")
    else:
        print("  speed-up: not measured   FAIL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
