"""How long loading specs takes: MLIR's ArithOps.td with its includes, and all of opdefs/.

The targets (DESIGN.md and the spec front-end milestone): ArithOps.td with every
include at most 1.5 s, everything under `opdefs/` at most 1 s, and within one run an
unchanged file is parsed once however many specs include it. Prints a report and
PASS/FAIL per target; exits 0 either way (it is a report).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.tablegen import evaluator as tg_evaluator
from generator.tablegen import load_records

ROOT = Path(__file__).resolve().parents[1]

LLVM_INCLUDE = Path("/usr/lib/llvm-22/include")
ARITH = LLVM_INCLUDE / "mlir/Dialect/Arith/IR/ArithOps.td"


def _best(fn: object, repeat: int) -> float:
    """Best cold time: the process-wide parse cache is emptied before each run."""
    best = float("inf")
    for _ in range(repeat):
        tg_evaluator.clear_caches()
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    """Measure and report."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    include = ROOT / "opdefs" / "include"
    specs = sorted((ROOT / "opdefs").rglob("*.td"))
    rows: list[tuple[str, str, float | None, float]] = []
    if ARITH.is_file():
        t = _best(lambda: load_records(ARITH, [LLVM_INCLUDE]), args.repeat)
        rows.append(("ArithOps.td with all includes", f"{t:.3f} s", t, 1.5))
    else:
        rows.append(
            ("ArithOps.td with all includes", "SKIP (apt-get install libmlir-22-dev)", None, 1.5)
        )
    t = _best(lambda: [load_records(p, [include]) for p in specs], args.repeat)
    rows.append((f"everything under opdefs/ ({len(specs)} files)", f"{t:.3f} s", t, 1.0))
    # One more pass over opdefs/ with the cache warm: every file's parse is reused
    # when the cache holds as many parses afterwards as before.
    before = len(tg_evaluator._PARSE_CACHE)
    for p in specs:
        load_records(p, [include])
    reparsed = len(tg_evaluator._PARSE_CACHE) - before
    print("spec loading, cold (best of", args.repeat, "runs)")
    for label, shown, value, limit in rows:
        verdict = "SKIP" if value is None else ("PASS" if value <= limit else "FAIL")
        print(f"  {verdict:5} {label:45} {shown}  (target <= {limit:g} s)")
    print(
        f"  files parsed again when the {len(specs)} files of opdefs/ are loaded once more: "
        f"{reparsed} (every parse is reused when this is 0)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
