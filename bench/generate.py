"""How long `odsgen generate` and `import generated.arith` take.

Targets (DESIGN.md §9 and the op-generation milestone): generating all of
`opdefs/` from scratch at most 3 s; a run with nothing changed at most 0.5 s; a
synthetic dialect of 1000 ops at most 5 s; `import generated.arith` in a fresh
interpreter at most 0.15 s. Each figure is a whole `odsgen` process, best of
`--repeat` runs, in a scratch copy of the project. Prints a report with PASS/FAIL
per target; exits 0 either way (it is a report).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ODSGEN = [sys.executable, "-m", "generator"]

_KINDS = (
    (
        "SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs",
        "SignlessIntegerLike:$result",
        "[Pure, Commutative, SameOperandsAndResultType]",
    ),
    (
        'FloatLike:$lhs, FloatLike:$rhs, DefaultValuedAttr<I64Attr, "0">:$flags',
        "FloatLike:$result",
        "[Pure, SameOperandsAndResultType]",
    ),
    (
        "Variadic<AnyType>:$inputs, OptionalAttr<StrAttr>:$tag, I32Attr:$count",
        "Variadic<AnyTensor>:$outputs",
        "[]",
    ),
    (
        "I1:$cond, Index:$size, Optional<AnyInteger>:$extra, Syn_Kind:$kind",
        "AnyType:$result",
        '[AllTypesMatch<["size", "result"]>]',
    ),
)


def synthetic_spec(n: int) -> str:
    """A dialect of `n` ops cycling through a few shapes of operands and attributes."""
    lines = [
        'include "OpBase.td"',
        "def Syn_Dialect : Dialect {",
        '  let name = "syn";',
        '  let summary = "A synthetic dialect for generation benchmarks";',
        "}",
        'def Syn_Kind : I64EnumAttr<"Kind", "", [',
        '  I64EnumAttrCase<"a", 0>, I64EnumAttrCase<"b", 1>, I64EnumAttrCase<"c", 2>]>;',
    ]
    for i in range(n):
        ins, outs, traits = _KINDS[i % len(_KINDS)]
        lines += [
            f'def Syn_Op{i} : Op<Syn_Dialect, "op{i}", {traits}> {{',
            f'  let summary = "synthetic op number {i}";',
            f"  let arguments = (ins {ins});",
            f"  let results = (outs {outs});",
            "}",
        ]
    return "\n".join(lines) + "\n"


def _time(cmd: list[str], cwd: Path, repeat: int, before: object = None) -> float:
    best = float("inf")
    for _ in range(repeat):
        if callable(before):
            before()
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def _scratch(tmp: Path, name: str, with_opdefs: bool) -> Path:
    root = tmp / name
    (root / "opdefs").mkdir(parents=True)
    shutil.copytree(ROOT / "opdefs" / "include", root / "opdefs" / "include")
    if with_opdefs:
        for spec in (ROOT / "opdefs").glob("*.td"):
            shutil.copy(spec, root / "opdefs")
        for spec in (ROOT / "opdefs").glob("*.yaml"):
            shutil.copy(spec, root / "opdefs")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def main() -> int:
    """Measure and report."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        full = _scratch(tmp, "opdefs", True)

        def wipe(root: Path = full) -> None:
            shutil.rmtree(root / "generated", ignore_errors=True)

        gen = [*ODSGEN, "generate", "--root"]
        rows.append(
            ("all of opdefs/, from scratch", _time([*gen, str(full)], ROOT, args.repeat, wipe), 3.0)
        )
        rows.append(
            ("all of opdefs/, nothing changed", _time([*gen, str(full)], ROOT, args.repeat), 0.5)
        )
        syn = _scratch(tmp, "synthetic", False)
        (syn / "opdefs" / "syn.td").write_text(synthetic_spec(1000), encoding="utf-8")

        def wipe_syn(root: Path = syn) -> None:
            shutil.rmtree(root / "generated", ignore_errors=True)

        rows.append(
            ("synthetic 1000-op dialect", _time([*gen, str(syn)], ROOT, args.repeat, wipe_syn), 5.0)
        )
    imp = [sys.executable, "-c", "import generated.arith"]
    rows.append(("import generated.arith", _time(imp, ROOT, max(args.repeat, 5)), 0.15))
    print(f"{'what':<36} {'seconds':>8} {'target':>8}")
    for what, seconds, target in rows:
        verdict = "PASS" if seconds <= target else "FAIL"
        print(f"{what:<36} {seconds:8.3f} {target:8.2f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
