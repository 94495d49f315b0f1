"""The benchmark's results, the figures derived from them, and their two renderings.

Owns the ratios (speed-up, memory, scaling), the verdict on each performance target of
DESIGN.md §9 that the harness measures, the plain-text report and the JSON written to
`bench/out/results.json`. Nothing here runs a program; `run.py` gathers the results.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

from inputs import Workload
from measure import PHASES, PhaseTimes, ToolRun

__all__ = [
    "MLIR",
    "ODSGEN",
    "SPEEDUP_SIZE",
    "XDSL",
    "Scaling",
    "SizeResult",
    "Startup",
    "TargetResult",
    "compute_scaling",
    "evaluate_targets",
    "render_text",
    "results_json",
]

ODSGEN = "odsgen"
XDSL = "xdsl-opt"
#: Timed for reference, with no target: the ratio says how far odsgen is from MLIR.
MLIR = "mlir-opt-22"
TOOLS = (ODSGEN, XDSL, MLIR)

#: How many times faster than xdsl-opt odsgen must be, whole process, by input form.
SPEEDUP_TARGETS: dict[str, float] = {"generic": 15.0, "custom": 10.0}
SPEEDUP_SIZE = 50_000
SCALING_TARGET = 1.3
MEMORY_TARGET = 0.5

Verdict = Literal["PASS", "FAIL", "SKIP"]


@dataclass
class SizeResult:
    """Everything measured on the module of one size."""

    workload: Workload
    generic: dict[str, ToolRun] = field(default_factory=dict)
    """Whole-process runs on the generic form, by tool."""
    custom: dict[str, ToolRun] = field(default_factory=dict)
    """Whole-process runs on the custom form, by tool."""
    phases: dict[str, PhaseTimes] = field(default_factory=dict)
    """odsgen's in-process phases, by input form ("generic", "custom")."""


@dataclass
class Startup:
    """Each tool's whole-process time on an empty module."""

    runs: dict[str, ToolRun] = field(default_factory=dict)

    def seconds(self, tool: str) -> float | None:
        run = self.runs.get(tool)
        return run.seconds if run is not None and run.ok else None


@dataclass(frozen=True)
class Scaling:
    """odsgen's per-op time at the largest size over that at the smallest, on one form."""

    small: int
    large: int
    raw: float
    adjusted: float | None
    """The same ratio after subtracting start-up time from both runs; None without it."""
    startup_seconds: float | None
    form: str = "generic"

    @property
    def verdict_value(self) -> float:
        return self.adjusted if self.adjusted is not None else self.raw


@dataclass(frozen=True)
class TargetResult:
    """One performance target with its verdict and what was measured."""

    target: str
    verdict: Verdict
    measured: str
    value: float | None = None


def _ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or denominator is None or denominator <= 0:
        return None
    return numerator / denominator


def _rss(run: ToolRun | None) -> float | None:
    return None if run is None or not run.ok or run.max_rss_kib is None else float(run.max_rss_kib)


def speedup(runs: dict[str, ToolRun]) -> float | None:
    """xdsl-opt's best time over odsgen's: above 1 means odsgen is faster."""
    odsgen, xdsl = runs.get(ODSGEN), runs.get(XDSL)
    if odsgen is None or xdsl is None or not (odsgen.ok and xdsl.ok):
        return None
    return _ratio(xdsl.seconds, odsgen.seconds)


def mlir_ratio(runs: dict[str, ToolRun]) -> float | None:
    """odsgen's best time over mlir-opt-22's: how many times slower odsgen is."""
    odsgen, mlir = runs.get(ODSGEN), runs.get(MLIR)
    if odsgen is None or mlir is None or not (odsgen.ok and mlir.ok):
        return None
    return _ratio(odsgen.seconds, mlir.seconds)


def memory_ratio(runs: dict[str, ToolRun]) -> float | None:
    """odsgen's peak RSS over xdsl-opt's: below 1 means odsgen uses less."""
    return _ratio(_rss(runs.get(ODSGEN)), _rss(runs.get(XDSL)))


Form = Literal["generic", "custom"]


def form_runs(result: SizeResult, form: Form) -> dict[str, ToolRun]:
    """The whole-process runs of one size on the generic or the custom form."""
    return result.generic if form == "generic" else result.custom


def compute_scaling(
    results: list[SizeResult], startup: Startup, form: Form = "generic"
) -> Scaling | None:
    """The per-op scaling of odsgen's whole-process time on `form`, if two sizes ran."""
    measured = [
        (r.workload.ops, run.seconds, r.workload.size)
        for r in results
        if (run := form_runs(r, form).get(ODSGEN)) is not None
        and run.ok
        and run.seconds is not None
    ]
    if len(measured) < 2:
        return None
    measured.sort()
    (small_ops, small_s, small), (large_ops, large_s, large) = measured[0], measured[-1]
    raw = (large_s / large_ops) / (small_s / small_ops)
    start = startup.seconds(ODSGEN)
    adjusted = None
    # Below start-up time the subtraction says nothing useful, so no adjusted figure.
    if start is not None and small_s > start and large_s > start:
        adjusted = ((large_s - start) / large_ops) / ((small_s - start) / small_ops)
    return Scaling(small, large, raw, adjusted, start, form)


def _failure(tool: str, run: ToolRun | None) -> str:
    if run is None:
        return f"{tool} was not run"
    return f"{tool} {run.status}" + (f" ({run.message})" if run.message else "")


def _speed_target(results: list[SizeResult], form: Form = "generic") -> TargetResult:
    goal = SPEEDUP_TARGETS[form]
    target = f"{form}, whole process: >= {goal:g}x faster than xdsl-opt at {SPEEDUP_SIZE:,} ops"
    at_size = next((r for r in results if r.workload.size == SPEEDUP_SIZE), None)
    if at_size is None:
        others = [
            f"{value:.2f}x at {r.workload.size:,}"
            for r in results
            if (value := speedup(form_runs(r, form))) is not None
        ]
        hint = f"; measured {', '.join(others)}" if others else ""
        return TargetResult(target, "SKIP", f"{SPEEDUP_SIZE:,} is not among --sizes{hint}")
    runs = form_runs(at_size, form)
    if not runs:
        return TargetResult(target, "SKIP", f"no {form} input (mlir-opt-22 is missing)")
    odsgen, xdsl = runs.get(ODSGEN), runs.get(XDSL)
    if xdsl is None or not xdsl.ok:
        return TargetResult(target, "SKIP", _failure(XDSL, xdsl))
    if odsgen is None or not odsgen.ok:
        return TargetResult(target, "FAIL", _failure(ODSGEN, odsgen))
    value = speedup(runs)
    assert value is not None
    assert odsgen.seconds is not None
    assert xdsl.seconds is not None
    verdict: Verdict = "PASS" if value >= goal else "FAIL"
    measured = f"{value:.2f}x (odsgen {odsgen.seconds:.3f} s, xdsl-opt {xdsl.seconds:.3f} s)"
    return TargetResult(target, verdict, measured, value)


def _scaling_target(
    results: list[SizeResult], scaling: Scaling | None, form: Form = "generic"
) -> TargetResult:
    if scaling is None:
        target = f"{form}, whole process: per-op time at the largest size <= {SCALING_TARGET:g}x that at the smallest"
    else:
        target = f"{form}, whole process: per-op time at {scaling.large:,} ops <= {SCALING_TARGET:g}x that at {scaling.small:,}"
    failed = [
        (r.workload.size, run)
        for r in results
        if (run := form_runs(r, form).get(ODSGEN)) is not None and not run.ok
    ]
    if failed:
        size, run = failed[0]
        return TargetResult(target, "FAIL", f"at {size:,} ops: {_failure(ODSGEN, run)}")
    if scaling is None:
        if results and not form_runs(results[0], form):
            return TargetResult(target, "SKIP", f"no {form} input (mlir-opt-22 is missing)")
        return TargetResult(target, "SKIP", "needs at least two sizes")
    value = scaling.verdict_value
    verdict: Verdict = "PASS" if value <= SCALING_TARGET else "FAIL"
    if scaling.adjusted is not None:
        measured = f"{scaling.adjusted:.2f}x start-up adjusted (raw {scaling.raw:.2f}x)"
    else:
        measured = f"{scaling.raw:.2f}x raw (no start-up adjusted figure)"
    return TargetResult(target, verdict, measured, value)


def _memory_target(
    results: list[SizeResult], size: int | None, form: Form = "generic"
) -> TargetResult:
    """Peak memory against xDSL at `size` ops (None: the largest size run)."""
    with_generic = [r for r in results if form_runs(r, form)]
    if size is None and with_generic:
        size = with_generic[-1].workload.size
    where = f" at {size:,} ops" if size is not None else ""
    target = f"{form}, whole process: peak RSS <= {MEMORY_TARGET:g}x xdsl-opt's{where}"
    if not with_generic:
        return TargetResult(target, "SKIP", f"no {form} input (mlir-opt-22 is missing)")
    at_size = next((r for r in with_generic if r.workload.size == size), None)
    if at_size is None:
        return TargetResult(target, "SKIP", f"{size:,} is not among --sizes")
    runs = form_runs(at_size, form)
    odsgen, xdsl = runs.get(ODSGEN), runs.get(XDSL)
    if xdsl is None or not xdsl.ok:
        return TargetResult(target, "SKIP", _failure(XDSL, xdsl))
    if odsgen is None or not odsgen.ok:
        return TargetResult(target, "FAIL", _failure(ODSGEN, odsgen))
    value = memory_ratio(runs)
    assert value is not None
    assert odsgen.max_rss_kib is not None
    assert xdsl.max_rss_kib is not None
    verdict: Verdict = "PASS" if value <= MEMORY_TARGET else "FAIL"
    measured = (
        f"{value:.2f}x (odsgen {_mib(odsgen.max_rss_kib)}, xdsl-opt {_mib(xdsl.max_rss_kib)})"
    )
    return TargetResult(target, verdict, measured, value)


def evaluate_targets(
    results: list[SizeResult], scaling: Scaling | None, custom_scaling: Scaling | None = None
) -> list[TargetResult]:
    """The verdict on each target, in the order the report lists them: generic, then custom."""
    targets: list[TargetResult] = []
    forms: tuple[tuple[Form, Scaling | None], ...] = (
        ("generic", scaling),
        ("custom", custom_scaling),
    )
    for f, form_scaling in forms:
        targets += [_speed_target(results, f), _scaling_target(results, form_scaling, f)]
        # The memory target is checked where the speed target is (50k) and on the largest
        # module, where xDSL's memory use matters most.
        largest = max((r.workload.size for r in results if form_runs(r, f)), default=None)
        targets.append(_memory_target(results, SPEEDUP_SIZE, f))
        if largest is not None and largest != SPEEDUP_SIZE:
            targets.append(_memory_target(results, None, f))
    return targets


# ---------------------------------------------------------------------------- text


def _mib(kib: int) -> str:
    return f"{kib / 1024:.1f} MiB"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f} s"


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _table(rows: list[list[str]], align: str) -> list[str]:
    """Rows as aligned text; `align` has one "l" or "r" per column."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(align))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if how == "l" else cell.rjust(width)
            for cell, width, how in zip(row, widths, align, strict=True)
        ]
        lines.append(("  " + "   ".join(cells)).rstrip())
    return lines


def _cell(run: ToolRun | None, value: str) -> str:
    if run is None:
        return "not run"
    return value if run.ok else run.status


def _whole_process(title: str, runs: dict[str, ToolRun], ops: int, repeat: int) -> list[str]:
    odsgen, xdsl = runs.get(ODSGEN), runs.get(XDSL)
    ratio = speedup(runs)
    memory = memory_ratio(runs)
    rows = [
        [title, ODSGEN, XDSL, "ratio"],
        [
            f"time, best of {repeat}",
            _cell(odsgen, _seconds(odsgen.seconds if odsgen else None)),
            _cell(xdsl, _seconds(xdsl.seconds if xdsl else None)),
            "-" if ratio is None else f"{ratio:.2f}x  (xdsl-opt time / odsgen time)",
        ],
        [
            "ops/s",
            _cell(odsgen, _rate(odsgen.ops_per_second(ops) if odsgen else None)),
            _cell(xdsl, _rate(xdsl.ops_per_second(ops) if xdsl else None)),
            "",
        ],
        [
            "peak RSS",
            _cell(odsgen, _mib(odsgen.max_rss_kib or 0) if odsgen else "-"),
            _cell(xdsl, _mib(xdsl.max_rss_kib or 0) if xdsl else "-"),
            "-" if memory is None else f"{memory:.2f}x  (odsgen RSS / xdsl-opt RSS)",
        ],
    ]
    lines = _table(rows, "lrrl")
    mlir = runs.get(MLIR)
    if mlir is not None and mlir.ok and mlir.seconds is not None:
        slower = mlir_ratio(runs)
        versus = "" if slower is None else f"; odsgen takes {slower:.1f}x its time"
        lines.append(f"  {MLIR}: {_seconds(mlir.seconds)}, {_mib(mlir.max_rss_kib or 0)}{versus}")
    for tool in TOOLS:
        run = runs.get(tool)
        if run is not None and not run.ok and run.message:
            lines.append(f"  {tool} {run.status}: {run.message}")
    return lines


def _custom(runs: dict[str, ToolRun], ops: int, repeat: int) -> list[str]:
    odsgen = runs.get(ODSGEN)
    if odsgen is not None and odsgen.status == "unsupported":
        return [
            f"  custom form, whole process: odsgen unsupported ({odsgen.message}); xdsl-opt not run"
        ]
    return _whole_process("custom form, whole process", runs, ops, repeat)


def _phases(form: str, phases: PhaseTimes, ops: int) -> list[str]:
    title = f"odsgen in-process, {form}"
    if phases.status != "ok":
        return [f"  {title}: {phases.status} ({phases.message})"]
    rows = [[title, "time", "ops/s"]]
    for name in PHASES:
        seconds = phases.seconds[name]
        rows.append([name, _seconds(seconds), _rate(_ratio(float(ops), seconds))])
    total = phases.total
    rows.append(["parse + verify + print", _seconds(total), _rate(_ratio(float(ops), total))])
    lines = _table(rows, "lrr")
    if phases.matches_input is not None:
        answer = "yes" if phases.matches_input else "no"
        lines.append(f"  printed text identical to the input: {answer}")
    return lines


def _size_section(result: SizeResult, repeat: int) -> list[str]:
    workload = result.workload
    lines = [
        f"== {workload.size:,} ops requested: {workload.ops:,} ops ({workload.ops_source}) ==",
        "",
    ]
    if result.generic:
        lines += _whole_process("generic form, whole process", result.generic, workload.ops, repeat)
    else:
        lines.append("  generic form: not run (mlir-opt-22 is missing, so there is no input)")
    lines.append("")
    lines += _custom(result.custom, workload.ops, repeat)
    for form, phases in result.phases.items():
        lines.append("")
        lines += _phases(form, phases, workload.ops)
    return lines


def _startup_lines(startup: Startup) -> list[str]:
    parts = []
    for tool in TOOLS:
        run = startup.runs.get(tool)
        if run is None:
            continue
        if run.ok:
            parts.append(f"{tool} {_seconds(run.seconds)}, {_mib(run.max_rss_kib or 0)}")
        else:
            parts.append(f"{tool} {run.status} ({run.message})")
    return [f"start-up (empty module, best time): {'; '.join(parts) or 'not measured'}"]


def _scaling_lines(scaling: Scaling | None, form: str = "generic") -> list[str]:
    if scaling is None:
        return [f"scaling: needs odsgen {form} runs at two or more sizes"]
    rows = [
        ["raw", f"{scaling.raw:.2f}x"],
        [
            "start-up adjusted",
            "-" if scaling.adjusted is None else f"{scaling.adjusted:.2f}x",
        ],
    ]
    lines = [
        f"scaling: odsgen per-op time at {scaling.large:,} ops / per-op time at "
        f"{scaling.small:,} ops ({scaling.form}, whole process)",
        *_table(rows, "lr"),
    ]
    if scaling.startup_seconds is not None:
        lines.append(
            f"  (start-up adjusted: {_seconds(scaling.startup_seconds)} subtracted from each run)"
        )
    return lines


def render_text(
    results: list[SizeResult],
    startup: Startup,
    scaling: Scaling | None,
    targets: list[TargetResult],
    *,
    repeat: int,
    header: list[str],
    custom_scaling: Scaling | None = None,
) -> str:
    """The whole report as plain text."""
    lines = [*header, ""]
    for result in results:
        lines += _size_section(result, repeat)
        lines.append("")
    lines += _startup_lines(startup)
    lines.append("")
    lines += _scaling_lines(scaling)
    lines += _scaling_lines(custom_scaling, "custom")
    lines.append("")
    lines.append("targets")
    lines += _table([[t.verdict, t.target, t.measured] for t in targets], "lll")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- JSON


def _run_json(run: ToolRun, ops: int | None) -> dict[str, object]:
    data: dict[str, object] = asdict(run)
    if ops is not None:
        data["ops_per_second"] = run.ops_per_second(ops)
    return data


def _phases_json(phases: PhaseTimes, ops: int) -> dict[str, object]:
    data: dict[str, object] = asdict(phases)
    data["total"] = phases.total
    data["ops_per_second"] = {
        name: _ratio(float(ops), seconds) for name, seconds in phases.seconds.items()
    }
    return data


def _size_json(result: SizeResult) -> dict[str, object]:
    workload = result.workload
    return {
        "size": workload.size,
        "ops": workload.ops,
        "ops_source": workload.ops_source,
        "inputs": {
            "custom": str(workload.custom),
            "generic": None if workload.generic is None else str(workload.generic),
        },
        "generic": {tool: _run_json(run, workload.ops) for tool, run in result.generic.items()},
        "generic_speedup": speedup(result.generic),
        "generic_memory_ratio": memory_ratio(result.generic),
        "custom": {tool: _run_json(run, workload.ops) for tool, run in result.custom.items()},
        "custom_speedup": speedup(result.custom),
        "custom_memory_ratio": memory_ratio(result.custom),
        "phases": {form: _phases_json(p, workload.ops) for form, p in result.phases.items()},
    }


def results_json(
    results: list[SizeResult],
    startup: Startup,
    scaling: Scaling | None,
    targets: list[TargetResult],
    *,
    environment: dict[str, object],
    custom_scaling: Scaling | None = None,
) -> dict[str, object]:
    """The results as one JSON-serializable object."""
    return {
        "environment": environment,
        "sizes": [_size_json(r) for r in results],
        "startup": {tool: _run_json(run, None) for tool, run in startup.runs.items()},
        "scaling": None if scaling is None else asdict(scaling),
        "custom_scaling": None if custom_scaling is None else asdict(custom_scaling),
        "targets": [asdict(t) for t in targets],
    }
