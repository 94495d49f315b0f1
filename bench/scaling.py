"""Scaling cases: shapes of IR whose cost once grew with the square of their size.

Two cases, each timed in this interpreter at 10,000 and 100,000 units (best of
`--repeat` runs, the cyclic garbage collector paused while timing, as `odsgen opt`
pauses it while it processes a module: its full collections rescan the whole IR, a
cost of the interpreter's settings rather than of the algorithm measured):

* **block chain, verify**: a `func.func` of N blocks, each branching to the next and
  each using a value defined in the entry block; `verify` checks N cross-block
  dominance queries. The unit is a block.
* **cf.switch, print**: one `cf.switch` with N cases, printed in custom form. The unit
  is a case.

The report gives the time and the per-unit cost at each size and the ratio of the
per-unit costs (largest size over smallest); the target is a ratio of at most 1.5,
that is, linear cost. Prints PASS/FAIL per case; exits 0 either way (it is a report),
or 2 when the runtime rejects an input.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import generated  # noqa: E402
from generator.ir import DiagnosticError  # noqa: E402
from generator.ir.core import Operation  # noqa: E402
from generator.ir.parser import parse_source  # noqa: E402
from generator.ir.printer import print_operation  # noqa: E402
from generator.ir.source import SourceFile  # noqa: E402
from generator.ir.verifier import verify  # noqa: E402

DEFAULT_SIZES = (10_000, 100_000)
#: Largest allowed per-unit cost at the largest size over that at the smallest.
TARGET_RATIO = 1.5


def block_chain(blocks: int) -> str:
    """A function of `blocks` blocks in a chain, each using a value of the entry block."""
    lines = [
        "func.func @chain(%a: i32) -> i32 {",
        "  %c = arith.addi %a, %a : i32",
        "  cf.br ^bb1",
    ]
    for i in range(1, blocks + 1):
        lines.append(f"^bb{i}:")
        lines.append(f"  %v{i} = arith.addi %c, %a : i32")
        lines.append(f"  cf.br ^bb{i + 1}" if i < blocks else f"  return %v{i} : i32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def switch(cases: int) -> str:
    """A function holding one `cf.switch` with `cases` cases."""
    lines = ["func.func @switch(%flag: i32) {", "  cf.switch %flag : i32, [", "    default: ^bb1"]
    for i in range(cases):
        lines[-1] += ","
        lines.append(f"    {i}: ^bb{i % 2 + 1}")
    lines += ["  ]", "^bb1:", "  return", "^bb2:", "  return", "}"]
    return "\n".join(lines) + "\n"


def _parse(name: str, text: str) -> Operation:
    ctx = generated.context()
    op = parse_source(SourceFile(name, text), ctx)
    verify(op, ctx)
    return op


def _best(action: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            action()
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best


def _time_verify(size: int, repeat: int) -> float:
    op = _parse("chain.mlir", block_chain(size))
    ctx = generated.context()
    return _best(lambda: verify(op, ctx), repeat)


def _time_print(size: int, repeat: int) -> float:
    op = _parse("switch.mlir", switch(size))
    return _best(lambda: print_operation(op, generic=False), repeat)


CASES: tuple[tuple[str, str, Callable[[int, int], float]], ...] = (
    ("block chain, verify", "block", _time_verify),
    ("cf.switch, print", "case", _time_print),
)


def main() -> int:
    """Measure and report."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per size, the best kept")
    ap.add_argument(
        "--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="units per case"
    )
    args = ap.parse_args()
    sizes = sorted(set(args.sizes))
    print(f"scaling (in-process, best of {args.repeat} runs)")
    for label, unit, measure in CASES:
        per_unit: list[float] = []
        for size in sizes:
            try:
                seconds = measure(size, args.repeat)
            except DiagnosticError as exc:
                print(f"bench/scaling.py: {label} at {size}: {exc}", file=sys.stderr)
                return 2
            per_unit.append(seconds / size)
            print(
                f"  {label:22} {size:>9,} {unit}s  {seconds:8.3f} s  "
                f"{seconds / size * 1e6:8.2f} us/{unit}"
            )
        if len(sizes) < 2:
            continue
        ratio = per_unit[-1] / per_unit[0]
        verdict = "PASS" if ratio <= TARGET_RATIO else "FAIL"
        print(
            f"  {verdict:5} {label}: per-{unit} cost at {sizes[-1]:,} is {ratio:.2f}x that "
            f"at {sizes[0]:,} (target <= {TARGET_RATIO:g}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
