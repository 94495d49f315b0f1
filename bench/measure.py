"""Timing and memory measurements: whole child processes, and odsgen's phases in-process.

Child processes are spawned by `launcher.py`. A child's wall time runs from just before
it is spawned until `os.wait4` reaps it, and its peak resident set size comes from the
rusage that same call returns, so each figure belongs to that one process.

The in-process phases import the runtime by module name at call time. The parser,
verifier and printer entry points may not exist yet, or may fail on a given input; either
case becomes a status in the result rather than an exception, so the rest of the report
is still produced.
"""

from __future__ import annotations

import gc
import importlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

__all__ = [
    "PHASES",
    "Launcher",
    "PhaseTimes",
    "ProcessSample",
    "Status",
    "ToolRun",
    "measure_process",
    "time_phases",
]

Status = Literal["ok", "failed", "unsupported", "unavailable", "skipped"]

#: The in-process phases, in the order they run.
PHASES = ("parse", "verify", "print")

_RUNTIME_ENTRY_POINTS = (
    ("generator.ir.context", "Context"),
    ("generator.ir.source", "SourceFile"),
    ("generator.ir.parser", "parse_source"),
    ("generator.ir.verifier", "verify"),
    ("generator.ir.printer", "print_operation"),
)


@dataclass(frozen=True)
class ProcessSample:
    """One run of a child process."""

    seconds: float
    max_rss_kib: int
    exit_code: int
    stderr: str


@dataclass
class ToolRun:
    """Repeated runs of one command on one input, reduced to the figures reported."""

    status: Status
    argv: list[str]
    seconds: float | None = None
    """The best (lowest) wall time of the runs."""
    runs: list[float] = field(default_factory=list)
    max_rss_kib: int | None = None
    """The highest peak RSS over the runs."""
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok" and self.seconds is not None

    def ops_per_second(self, ops: int) -> float | None:
        """Throughput at the best time, or None when there is no successful run."""
        if self.seconds is None or self.seconds <= 0:
            return None
        return ops / self.seconds


class Launcher:
    """Runs commands through `launcher.py`, a small process started once for the purpose.

    Spawning from that process rather than from this one keeps each child's peak RSS
    its own; `launcher.py` explains why that matters on Linux.
    """

    def __init__(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="odsgen-bench-")
        # stderr goes to a file rather than a pipe: reaping a child before reading its
        # pipe would deadlock once a failing child filled the pipe's buffer.
        self._stderr = Path(self._tmp.name) / "stderr"
        self._proc = subprocess.Popen(
            [sys.executable, "-I", "-S", str(Path(__file__).with_name("launcher.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def __enter__(self) -> Launcher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Let the launcher finish and remove its scratch directory."""
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait()
        if self._proc.stdout is not None:
            self._proc.stdout.close()
        self._tmp.cleanup()

    def run(self, argv: Sequence[str]) -> ProcessSample:
        """Run `argv` once with stdout discarded; return its wall time, peak RSS and exit code."""
        stdin, stdout = self._proc.stdin, self._proc.stdout
        assert stdin is not None
        assert stdout is not None
        stdin.write(json.dumps({"argv": list(argv), "stderr": str(self._stderr)}) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the launcher exited unexpectedly (exit code {self._proc.poll()})")
        reply = json.loads(line)
        exit_code = int(reply["exit_code"])
        if reply["error"] is not None:
            return ProcessSample(0.0, 0, exit_code, f"cannot run {argv[0]}: {reply['error']}")
        stderr = self._stderr.read_text(encoding="utf-8", errors="replace")
        return ProcessSample(float(reply["seconds"]), int(reply["max_rss_kib"]), exit_code, stderr)


def _failure_message(sample: ProcessSample) -> str:
    lines = [line.strip() for line in sample.stderr.splitlines() if line.strip()]
    # A diagnostic leads with its error line; a Python traceback ends with its exception.
    errors = [line for line in lines if "error:" in line]
    detail = errors[0] if errors else lines[-1] if lines else "no output on stderr"
    return f"exit code {sample.exit_code}: {detail}"


def measure_process(
    launcher: Launcher,
    argv: Sequence[str],
    repeat: int,
    *,
    failure_status: Status = "failed",
    progress: Callable[[str], None] | None = None,
) -> ToolRun:
    """Run `argv` `repeat` times and keep the best time and the highest peak RSS.

    The first failing run ends the measurement with `failure_status`.
    """
    result = ToolRun(status="ok", argv=list(argv))
    for index in range(repeat):
        sample = launcher.run(argv)
        if sample.exit_code != 0:
            result.status = failure_status
            result.message = _failure_message(sample)
            result.seconds = None
            if progress is not None:
                progress(f"{failure_status}: {result.message}")
            return result
        result.runs.append(sample.seconds)
        result.max_rss_kib = max(result.max_rss_kib or 0, sample.max_rss_kib)
        if progress is not None:
            progress(
                f"run {index + 1}/{repeat}: {sample.seconds:.3f} s, "
                f"{sample.max_rss_kib / 1024:.1f} MiB"
            )
    result.seconds = min(result.runs)
    return result


@dataclass
class PhaseTimes:
    """Best-of-N in-process times of odsgen's parse, verify and print on one input."""

    status: Status
    message: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    """Best time of each phase in `PHASES`, each minimized independently."""
    matches_input: bool | None = None
    """Whether the printed text equals the input (meaningful for mlir-opt's generic text)."""

    @property
    def total(self) -> float | None:
        if self.status != "ok" or set(self.seconds) != set(PHASES):
            return None
        return sum(self.seconds.values())


@dataclass(frozen=True)
class _Runtime:
    context: Callable[..., Any]
    source_file: Callable[..., Any]
    parse_source: Callable[..., Any]
    verify: Callable[..., Any]
    print_operation: Callable[..., Any]


class _RuntimeUnavailable(Exception):
    pass


def _load_runtime(repo_root: Path) -> _Runtime:
    # Put this checkout first so the phases time the code beside this script, even when
    # the interpreter has another copy of the project installed.
    if str(repo_root) not in sys.path:
        sys.path.insert(0, str(repo_root))
    found: list[Callable[..., Any]] = []
    for module_name, attribute in _RUNTIME_ENTRY_POINTS:
        try:
            module = importlib.import_module(module_name)
            found.append(getattr(module, attribute))
        except Exception as exc:  # a half-written module can fail in any way on import
            raise _RuntimeUnavailable(
                f"{module_name}.{attribute}: {type(exc).__name__}: {exc}"
            ) from exc
    # Contexts load the generated dialects on first use, as under `odsgen opt`, so
    # their custom forms parse.
    try:
        generated = importlib.import_module("generated")
    except ImportError:
        pass
    else:
        found[0] = generated.context
    return _Runtime(*found)


def _one_pass(runtime: _Runtime, name: str, text: str, *, generic: bool) -> tuple[list[float], str]:
    context = runtime.context(allow_unregistered_dialects=True)
    source = runtime.source_file(name, text)
    start = time.perf_counter()
    op = runtime.parse_source(source, context)
    parsed = time.perf_counter()
    runtime.verify(op, context)
    verified = time.perf_counter()
    printed = runtime.print_operation(op, generic=generic)
    done = time.perf_counter()
    return [parsed - start, verified - parsed, done - verified], str(printed)


def time_phases(
    path: Path,
    *,
    repo_root: Path,
    generic: bool,
    repeat: int,
    failure_status: Status = "failed",
) -> PhaseTimes:
    """Time parse, verify and print of `path` in this interpreter, best of `repeat`.

    The garbage collector stays enabled, as it is for anyone using the runtime.
    """
    try:
        runtime = _load_runtime(repo_root)
    except _RuntimeUnavailable as exc:
        return PhaseTimes(status="unavailable", message=str(exc))
    text = path.read_text(encoding="utf-8")
    best: list[float] | None = None
    printed = ""
    for _ in range(repeat):
        gc.collect()
        try:
            times, printed = _one_pass(runtime, str(path), text, generic=generic)
        except Exception as exc:  # the runtime's own diagnostics and bugs alike end up here
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            return PhaseTimes(
                status=failure_status, message=f"{type(exc).__name__}: {first_line}".rstrip(": ")
            )
        best = times if best is None else [min(a, b) for a, b in zip(best, times, strict=True)]
    assert best is not None
    return PhaseTimes(
        status="ok",
        seconds=dict(zip(PHASES, best, strict=True)),
        matches_input=printed.rstrip("\n") == text.rstrip("\n") if generic else None,
    )
