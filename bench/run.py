"""`make bench`: odsgen's parse/verify/print throughput and memory against xDSL 0.74.

For each module size this builds the arith/func module of `../shared/bench/gen_module.py`
and its generic form (printed by mlir-opt-22), then measures, all in the same run:

* whole-process wall time and peak RSS of `odsgen opt --print-generic` and
  `xdsl-opt --print-op-generic` on the generic form, best of `--repeat` runs;
* the same on the custom form (`odsgen opt` and `xdsl-opt` without the generic flags);
* odsgen's parse, verify and print phases timed in this interpreter;
* both tools' start-up time on an empty module, which the scaling figure subtracts;
* mlir-opt-22 on the same files, for reference (how far odsgen is from MLIR).

It prints a plain-text report ending in the DESIGN.md §9 targets it can check, and writes
the same results to `bench/out/results.json`. A missed target is reported, not an error:
the exit code is 0 unless an input cannot be produced (2).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
from collections.abc import Sequence
from pathlib import Path

from inputs import InputError, Workload, prepare_empty_module, prepare_workload
from measure import Launcher, Status, ToolRun, measure_process, time_phases
from report import (
    MLIR,
    ODSGEN,
    XDSL,
    SizeResult,
    Startup,
    compute_scaling,
    evaluate_targets,
    render_text,
    results_json,
)
from tools import (
    MLIR_OPT,
    XDSL_VERSION,
    ToolError,
    ensure_xdsl,
    find_mlir_opt,
    odsgen_command,
    tool_version,
    xdsl_version,
)

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "bench" / "out"
INPUT_DIR = OUT_DIR / "inputs"
RESULTS_JSON = OUT_DIR / "results.json"
GEN_MODULE = REPO_ROOT.parent / "shared" / "bench" / "gen_module.py"
DEFAULT_SIZES = (10_000, 50_000, 200_000)
DEFAULT_XDSL_VENV = Path("/tmp/xdsl")
_SUFFIXES = {"k": 1_000, "m": 1_000_000}


def log(message: str) -> None:
    """Progress goes to stderr so the report on stdout stays clean."""
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _sizes(text: str) -> list[int]:
    sizes = []
    for item in text.replace(",", " ").split():
        factor = _SUFFIXES.get(item[-1].lower(), 1)
        digits = item[:-1] if factor != 1 else item
        try:
            value = int(digits.replace("_", "")) * factor
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an op count: {item!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"op counts must be positive: {item!r}")
        sizes.append(value)
    return sizes


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/run.py",
        description=(
            "Measure odsgen's parse/verify/print throughput and memory against xDSL "
            f"{XDSL_VERSION} on arith/func modules, and check the DESIGN.md §9 targets."
        ),
        epilog=f"Inputs and results.json are written under {OUT_DIR.relative_to(REPO_ROOT)}/.",
    )
    parser.add_argument(
        "--sizes",
        type=_sizes,
        nargs="+",
        metavar="N",
        help="module sizes in ops, e.g. '10000 50k' or '10k,200k' (default: 10k 50k 200k)",
    )
    parser.add_argument(
        "--repeat",
        type=_positive,
        default=3,
        metavar="N",
        help="runs per measurement; the best time is kept (default: 3)",
    )
    parser.add_argument(
        "--xdsl-venv",
        type=Path,
        default=DEFAULT_XDSL_VENV,
        metavar="DIR",
        help=(
            f"virtualenv holding xdsl-opt; created with xdsl=={XDSL_VERSION} if it lacks "
            f"bin/xdsl-opt (default: {DEFAULT_XDSL_VENV})"
        ),
    )
    parser.add_argument("--no-xdsl", action="store_true", help="skip the xDSL comparison")
    # Replaces the odsgen executable with any command line, to exercise the harness itself.
    parser.add_argument("--odsgen-cmd", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.sizes = sorted({size for group in args.sizes or [DEFAULT_SIZES] for size in group})
    return args


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _odsgen_opt(odsgen: list[str], path: Path, *, generic: bool) -> list[str]:
    flags = ["--allow-unregistered-dialect", *(["--print-generic"] if generic else [])]
    return [*odsgen, "opt", str(path), *flags, "-o", os.devnull]


def _xdsl_opt(xdsl: Path, path: Path, *, generic: bool) -> list[str]:
    # func and arith are registered in xDSL; the flag only matches odsgen's invocation.
    flags = ["--allow-unregistered-dialect", *(["--print-op-generic"] if generic else [])]
    return [str(xdsl), str(path), *flags, "-o", os.devnull]


def _mlir_opt(mlir_opt: str, path: Path, *, generic: bool) -> list[str]:
    flags = ["--allow-unregistered-dialect", *(["--mlir-print-op-generic"] if generic else [])]
    return [mlir_opt, str(path), *flags, "-o", os.devnull]


def _skipped(reason: str) -> ToolRun:
    return ToolRun(status="skipped", argv=[], message=reason)


class Harness:
    """Runs each tool through one `Launcher` with the settings of this invocation."""

    def __init__(
        self,
        launcher: Launcher,
        odsgen: list[str],
        xdsl: Path | None,
        repeat: int,
        mlir_opt: str | None = None,
    ) -> None:
        self.launcher = launcher
        self.odsgen = odsgen
        self.xdsl = xdsl
        self.repeat = repeat
        self.mlir_opt = mlir_opt

    def _measure(
        self, label: str, argv: list[str], runs: int, failure_status: Status = "failed"
    ) -> ToolRun:
        log(label)
        return measure_process(
            self.launcher,
            argv,
            runs,
            failure_status=failure_status,
            progress=lambda message: log(f"  {message}"),
        )

    def startup(self, empty: Path) -> Startup:
        """Best whole-process time of each tool on an empty module."""
        startup = Startup()
        # Start-up is short and noisy, so it always gets a few runs, after one discarded
        # run that also leaves compiled bytecode behind for everything that follows.
        runs = max(self.repeat, 3)
        commands = {ODSGEN: _odsgen_opt(self.odsgen, empty, generic=True)}
        if self.xdsl is not None:
            commands[XDSL] = _xdsl_opt(self.xdsl, empty, generic=True)
        for tool, argv in commands.items():
            self.launcher.run(argv)
            startup.runs[tool] = self._measure(f"start-up, {tool}", argv, runs)
        return startup

    def _pair(self, label: str, path: Path, *, generic: bool) -> dict[str, ToolRun]:
        # If odsgen cannot parse the custom form, that is reported as unsupported, and
        # there is then nothing for an xDSL run to be compared with.
        failure: Status = "failed" if generic else "unsupported"
        runs = {
            ODSGEN: self._measure(
                f"{label}, odsgen",
                _odsgen_opt(self.odsgen, path, generic=generic),
                self.repeat,
                failure,
            )
        }
        if self.xdsl is None:
            runs[XDSL] = _skipped("--no-xdsl was given")
        elif not generic and not runs[ODSGEN].ok:
            runs[XDSL] = _skipped("odsgen cannot run the custom form")
        else:
            runs[XDSL] = self._measure(
                f"{label}, xdsl-opt", _xdsl_opt(self.xdsl, path, generic=generic), self.repeat
            )
        if self.mlir_opt is not None:
            runs[MLIR] = self._measure(
                f"{label}, {MLIR}", _mlir_opt(self.mlir_opt, path, generic=generic), self.repeat
            )
        return runs

    def size(self, workload: Workload) -> SizeResult:
        """Every measurement on the module of one size."""
        result = SizeResult(workload)
        size = f"{workload.size:,} ops"
        if workload.generic is not None:
            result.generic = self._pair(f"{size}, generic form", workload.generic, generic=True)
        result.custom = self._pair(f"{size}, custom form", workload.custom, generic=False)

        if workload.generic is not None:
            log(f"{size}, generic form, odsgen in-process phases")
            result.phases["generic"] = time_phases(
                workload.generic, repo_root=REPO_ROOT, generic=True, repeat=self.repeat
            )
        log(f"{size}, custom form, odsgen in-process phases")
        result.phases["custom"] = time_phases(
            workload.custom,
            repo_root=REPO_ROOT,
            generic=False,
            repeat=self.repeat,
            failure_status="unsupported",
        )
        return result


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if not GEN_MODULE.is_file():
        print(
            f"bench: cannot make the benchmark inputs: {GEN_MODULE} is missing.\n"
            "bench: the inputs come from ../shared/bench/gen_module.py, next to this checkout.",
            file=sys.stderr,
        )
        return 2

    mlir_opt = find_mlir_opt()
    mlir_opt_version = None
    if mlir_opt is None:
        log(
            f"{MLIR_OPT} not found: there are no generic-form inputs, so the generic "
            "benchmark and its targets are skipped"
        )
    else:
        mlir_opt_version = tool_version([mlir_opt, "--version"])

    xdsl: Path | None = None
    xdsl_reported_version = None
    if not args.no_xdsl:
        try:
            xdsl = ensure_xdsl(args.xdsl_venv, log)
        except ToolError as exc:
            print(f"bench: {exc}\nbench: pass --no-xdsl to run without xDSL.", file=sys.stderr)
            return 2
        xdsl_reported_version = xdsl_version(args.xdsl_venv)
        if xdsl_reported_version != XDSL_VERSION:
            log(f"warning: expected xdsl {XDSL_VERSION}, found {xdsl_reported_version}")

    odsgen = odsgen_command(args.odsgen_cmd)
    if args.odsgen_cmd is None and not Path(odsgen[0]).is_file():
        log(f"warning: {odsgen[0]} not found (run `make venv`); every odsgen run will fail")

    try:
        workloads = [
            prepare_workload(
                size,
                out_dir=INPUT_DIR,
                python=sys.executable,
                gen_module=GEN_MODULE,
                mlir_opt=mlir_opt,
                mlir_opt_version=mlir_opt_version,
                log=log,
            )
            for size in args.sizes
        ]
    except (InputError, OSError) as exc:
        print(f"bench: cannot make the benchmark inputs: {exc}", file=sys.stderr)
        return 2
    for workload in workloads:
        for warning in workload.warnings:
            log(f"warning: {warning}")
    empty = prepare_empty_module(INPUT_DIR)

    started = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    with Launcher() as launcher:
        harness = Harness(launcher, odsgen, xdsl, args.repeat, mlir_opt)
        startup = harness.startup(empty)
        results = [harness.size(workload) for workload in workloads]
    scaling = compute_scaling(results, startup)
    custom_scaling = compute_scaling(results, startup, "custom")
    targets = evaluate_targets(results, scaling, custom_scaling)

    environment: dict[str, object] = {
        "started": started,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "odsgen_command": odsgen,
        "xdsl_opt": None if xdsl is None else str(xdsl),
        "xdsl_version": xdsl_reported_version,
        "mlir_opt": mlir_opt,
        "mlir_opt_version": mlir_opt_version,
        "sizes": args.sizes,
        "repeat": args.repeat,
    }
    xdsl_label = "not run" if xdsl is None else f"xDSL {xdsl_reported_version}"
    generic_label = "none" if mlir_opt is None else f"printed by {mlir_opt_version or mlir_opt}"
    header = [
        f"odsgen benchmark: odsgen opt vs xdsl-opt ({xdsl_label})",
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
        f"{_cpu_model()}, {os.cpu_count()} CPUs; generic inputs: {generic_label}",
        f"best of {args.repeat} runs per measurement; every ratio compares runs from this report",
    ]
    sys.stdout.write(
        render_text(
            results,
            startup,
            scaling,
            targets,
            repeat=args.repeat,
            header=header,
            custom_scaling=custom_scaling,
        )
    )
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    data = results_json(
        results, startup, scaling, targets, environment=environment, custom_scaling=custom_scaling
    )
    RESULTS_JSON.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    log(f"results written to {RESULTS_JSON.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
