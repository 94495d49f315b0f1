"""odsgen's TableGen front end against llvm-tblgen on MLIR's own dialect `.td` files.

For every `mlir/Dialect/**/*.td` under the LLVM 22 include directory that
`llvm-tblgen --dump-json -I INCLUDE FILE` accepts (run in the file's directory, one
process per file, as a build runs it), odsgen evaluates the same file with the same
include directory and prints its records as JSON, all files in one `odsgen` process
(which shares parsed include files and the states after common includes between
files, see `generator/tablegen/evaluator.py`). The report gives how many outputs are
byte-identical, the CPU time (user + system) of each side over all the files and
their ratio; the target is at most 5x llvm-tblgen's CPU time. Exits 0 once the
report is printed (whatever the verdict), 2 when llvm-tblgen or MLIR's `.td` files
are missing.

```
.venv/bin/python bench/tablegen.py                 # all files, odsgen in one process
.venv/bin/python bench/tablegen.py --no-reuse      # without reusing states after includes
.venv/bin/python bench/tablegen.py --per-process   # one `odsgen records --json` per file
.venv/bin/python bench/tablegen.py --filter Linalg  # only paths containing Linalg
```
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
LLVM_INCLUDE = Path("/usr/lib/llvm-22/include")
#: The most CPU time odsgen may take, as a multiple of llvm-tblgen's.
TARGET_RATIO = 5.0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def dialect_files(include: Path) -> list[Path]:
    """Every `.td` file under `mlir/Dialect`, sorted."""
    return sorted((include / "mlir" / "Dialect").rglob("*.td"))


def run_llvm_tblgen(files: list[Path], include: Path) -> tuple[dict[Path, str], float]:
    """llvm-tblgen's JSON for each file it accepts, and its CPU seconds over all files."""
    outputs: dict[Path, str] = {}
    before = _children_cpu()
    for path in files:
        done = subprocess.run(
            [str(LLVM_TBLGEN), "--dump-json", "-I", str(include), path.name],
            cwd=path.parent,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode == 0:
            outputs[path] = done.stdout
    return outputs, _children_cpu() - before


def worker(list_file: Path, out_dir: Path, include: Path, reuse: bool) -> int:
    """Evaluate each listed file (one per line) and write `<n>.json` or `<n>.err`."""
    from generator.tablegen import TableGenError, dump_json, evaluator, load_records

    evaluator.REUSE_STATES = reuse
    for n, line in enumerate(list_file.read_text(encoding="utf-8").splitlines()):
        path = Path(line)
        try:
            text = dump_json(load_records(path, [include])) + "\n"
        except TableGenError as err:
            (out_dir / f"{n}.err").write_text(str(err), encoding="utf-8")
            continue
        (out_dir / f"{n}.json").write_text(text, encoding="utf-8")
    return 0


def run_odsgen(
    files: list[Path], include: Path, *, reuse: bool, per_process: bool
) -> tuple[list[str | None], float]:
    """odsgen's JSON for each file (None where it failed), and its CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="odsgen-tablegen-") as tmp:
        out_dir = Path(tmp)
        before = _children_cpu()
        if per_process:
            odsgen = Path(sys.executable).with_name("odsgen")
            for n, path in enumerate(files):
                done = subprocess.run(
                    [str(odsgen), "records", "--json", "-I", str(include), str(path)],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                suffix = "json" if done.returncode == 0 else "err"
                (out_dir / f"{n}.{suffix}").write_text(done.stdout or done.stderr)
        else:
            list_file = out_dir / "files.txt"
            list_file.write_text("".join(f"{p}\n" for p in files), encoding="utf-8")
            command = [sys.executable, __file__, "--worker", str(list_file), str(out_dir)]
            command += ["--include", str(include)] + ([] if reuse else ["--no-reuse"])
            subprocess.run(command, check=True, cwd=Path(__file__).resolve().parents[1])
        cpu = _children_cpu() - before
        outputs: list[str | None] = []
        for n in range(len(files)):
            got = out_dir / f"{n}.json"
            outputs.append(got.read_text(encoding="utf-8") if got.is_file() else None)
    return outputs, cpu


def main() -> int:
    """Measure and report."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--include", type=Path, default=LLVM_INCLUDE)
    ap.add_argument("--filter", default="", help="only files whose path contains this")
    ap.add_argument("--no-reuse", action="store_true", help="do not reuse states after includes")
    ap.add_argument("--per-process", action="store_true", help="one odsgen process per file")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument("--worker", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker is not None:
        return worker(args.worker[0], args.worker[1], args.include, not args.no_reuse)
    if not LLVM_TBLGEN.is_file():
        print(f"bench/tablegen.py: {LLVM_TBLGEN} is missing (apt-get install llvm-22)")
        return 2
    files = [p for p in dialect_files(args.include) if args.filter in str(p)]
    if not files:
        print(f"bench/tablegen.py: no mlir/Dialect .td files under {args.include}")
        return 2
    start = time.perf_counter()
    expected, llvm_cpu = run_llvm_tblgen(files, args.include)
    accepted = [p for p in files if p in expected]
    ours, ours_cpu = run_odsgen(
        accepted, args.include, reuse=not args.no_reuse, per_process=args.per_process
    )
    identical = [p for p, o in zip(accepted, ours, strict=True) if o == expected[p]]
    failed = [p for p, o in zip(accepted, ours, strict=True) if o is None]
    ratio = ours_cpu / llvm_cpu if llvm_cpu else float("inf")
    mode = "one process per file" if args.per_process else "one process for all files"
    if args.no_reuse:
        mode += ", states after includes not reused"
    print(f"TableGen front end on {args.include}/mlir/Dialect ({mode})")
    print(f"  .td files                      {len(files)}")
    print(f"  accepted by llvm-tblgen        {len(accepted)}")
    print(f"  odsgen records identical       {len(identical)} of {len(accepted)}")
    for p in accepted:
        if p not in identical:
            why = "error" if p in failed else "differs"
            print(f"    {why}: {p.relative_to(args.include)}")
    print(f"  llvm-tblgen CPU (user+sys)     {llvm_cpu:.2f} s")
    print(f"  odsgen CPU (user+sys)          {ours_cpu:.2f} s")
    verdict = "PASS" if ratio <= TARGET_RATIO and len(identical) == len(accepted) else "FAIL"
    print(f"  {verdict:5} ratio {ratio:.2f}x (target <= {TARGET_RATIO:g}x, all identical)")
    print(f"  wall time {time.perf_counter() - start:.1f} s")
    if args.json is not None:
        figures = {
            "files": len(files),
            "accepted": len(accepted),
            "identical": len(identical),
            "llvm_tblgen_cpu": llvm_cpu,
            "odsgen_cpu": ours_cpu,
            "ratio": ratio,
            "mode": mode,
        }
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
