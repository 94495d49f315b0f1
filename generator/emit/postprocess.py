"""After rendering: check that generated Python compiles, and format it with ruff.

Each module is compiled, not only parsed: the compiler finds what the parser lets
through (a parameter named twice, `return` outside a function). A syntax error in
rendered output is a generator bug: it is reported as an
`InternalGeneratorError` naming the template and the spec. Formatting runs the
pinned ruff once over all Python outputs (`ruff check --select I,F401,RUF022 --fix`, then
`ruff format`) with explicit settings (those of this project's pyproject, with
`generator` and `generated` first-party), so the output never depends on the
configuration around it.

Both take time in proportion to the size of the output, so they run side by side:
ruff in a thread (it is a separate process), and the compile check split by
top-level statements over the machine's cores. Nothing is written unless both
succeed. An interruption kills ruff and the check workers before it propagates, so
none outlives the generation; on Linux a worker also dies with a parent killed
outright.
"""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from generator.diagnostics import InternalGeneratorError, SpecDiagnostic
from generator.emit.writer import OutputFile, check_interrupted

__all__ = ["check_python", "finish_python"]

_SCRATCH_PREFIX = ".odsgen-format-"
#: How often (seconds) a wait looks for a signal to act on.
_POLL = 0.05

#: Below this many lines in total, parsing in one process is faster than fanning out.
_PARALLEL_LINES = 20_000


def _problem(text: str, template: str, spec: str, error: SyntaxError) -> InternalGeneratorError:
    lines = text.splitlines()
    line = lines[error.lineno - 1] if error.lineno and error.lineno <= len(lines) else ""
    return InternalGeneratorError(
        SpecDiagnostic(
            None,
            f"internal error: template {template} produced invalid Python for {spec}: "
            f"{error.msg} at output line {error.lineno}: {line.strip()}",
        )
    )


def check_python(text: str, template: str, spec: str) -> None:
    """Raise `InternalGeneratorError` unless `text` is valid Python that compiles."""
    try:
        compile(text, spec or "<generated>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        if not isinstance(e, SyntaxError):
            # `compile` refuses source holding a NUL with a ValueError.
            e = SyntaxError(str(e))
        raise _problem(text, template, spec, e) from e


def _chunks(text: str, count: int) -> list[str]:
    """`text` cut before top-level statements into about `count` pieces of similar size."""
    lines = text.splitlines(keepends=True)
    target = max(1, len(lines) // count)
    pieces: list[str] = []
    start = 0
    for i in range(1, len(lines)):
        if i - start >= target and lines[i][:1] in ("@", "c", "d") and not lines[i - 1].strip():
            pieces.append("".join(lines[start:i]))
            start = i
    pieces.append("".join(lines[start:]))
    return pieces


def _balanced(pieces: list[str], count: int) -> list[list[int]]:
    """The indices of `pieces` dealt into `count` groups of similar total size."""
    groups: list[list[int]] = [[] for _ in range(count)]
    loads = [0] * count
    for i in sorted(range(len(pieces)), key=lambda i: -len(pieces[i])):
        least = loads.index(min(loads))
        groups[least].append(i)
        loads[least] += len(pieces[i])
    return [g for g in groups if g]


def _compile_in_workers(pieces: list[str], count: int, label: str) -> list[bool] | None:
    """Whether each piece compiles, decided by `count` worker processes; None if the
    workers could not be run (the caller then checks in this process).

    The workers are fresh interpreters running `compile_worker.py`, not forks: a
    fork of this process (which runs ruff from a thread) could inherit a lock held
    by that thread, and would inherit the signal handlers until it reset them. On
    any exit from here, an interruption included, each worker still running is
    killed and reaped.
    """
    command = [sys.executable, "-I", "-S", str(Path(__file__).with_name("compile_worker.py"))]
    groups = _balanced(pieces, count)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for _ in groups:
            proc = subprocess.Popen(
                [*command, label, str(os.getpid())],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
            procs.append(proc)
        for proc, group in zip(procs, groups, strict=True):
            assert proc.stdin is not None
            proc.stdin.write(marshal.dumps([pieces[i] for i in group]))
            proc.stdin.close()
        while any(proc.poll() is None for proc in procs):
            check_interrupted()
            time.sleep(_POLL)
        results: list[bool | None] = [None] * len(pieces)
        for proc, group in zip(procs, groups, strict=True):
            assert proc.stdout is not None
            verdicts = proc.stdout.read()
            if proc.returncode != 0 or len(verdicts) != len(group):
                return None
            for i, verdict in zip(group, verdicts, strict=True):
                results[i] = verdict == ord("1")
        return [r is True for r in results]
    except (OSError, ValueError):
        # No interpreter to start, or a worker that died while being fed.
        return None
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for stream in (proc.stdin, proc.stdout):
                if stream is not None:
                    stream.close()


def _check_all(files: list[OutputFile], label: str = "odsgen") -> None:
    """`check_python` for every file, in parallel for large outputs; `label` names
    the generation in the workers' command lines."""
    total = sum(f.text.count("\n") for f in files)
    workers = os.cpu_count() or 1
    if total >= _PARALLEL_LINES and workers >= 2:
        pieces = [(f, piece) for f in files for piece in _chunks(f.text, workers)]
        results = _compile_in_workers([p for _, p in pieces], workers, label)
        if results is not None:
            for (f, _), ok in zip(pieces, results, strict=True):
                if not ok:
                    # The whole file gives the authoritative message and line.
                    check_python(f.text, f.template, f.spec)
            return
    for f in files:
        check_interrupted()
        check_python(f.text, f.template, f.spec)


def _ruff() -> str:
    from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]

    return str(find_ruff_bin())


#: The formatting settings, given explicitly so that generated code does not depend on
#: whatever configuration surrounds the output; they match this project's pyproject.
_RUFF_SETTINGS = [
    "--isolated",
    "--line-length",
    "100",
    "--target-version",
    "py311",
]


def _settings(package: str) -> list[str]:
    first_party = sorted({"generator", "generated", package.split(".")[0]})
    names = ", ".join(f'"{n}"' for n in first_party)
    return [*_RUFF_SETTINGS, "--config", f"lint.isort.known-first-party = [{names}]"]


class _Ruff(threading.Thread):
    """Runs `ruff check --fix` then `ruff format` over `target`; `cancel` kills it."""

    def __init__(self, root: Path, target: Path, package: str) -> None:
        super().__init__(daemon=True)
        common = ["--no-cache", "--quiet", *_settings(package)]
        ruff = _ruff()
        select = ["--select", "I,F401,RUF022", "--fix", "--exit-zero"]
        self.commands = [
            [ruff, "check", *common, *select, str(target)],
            [ruff, "format", *common, str(target)],
        ]
        self.root = root
        self.failures: list[str] = []
        self._lock = threading.Lock()
        self._cancelled = False
        self._proc: subprocess.Popen[bytes] | None = None

    def run(self) -> None:
        for command in self.commands:
            with self._lock:
                if self._cancelled:
                    return
                try:
                    self._proc = subprocess.Popen(
                        command, cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE
                    )
                except OSError as e:
                    self.failures.append(str(e))
                    return
            out, err = self._proc.communicate()
            if self._proc.returncode != 0:
                message = (err or out).decode(errors="replace").strip()
                self.failures.append(message or f"exit status {self._proc.returncode}")
                return

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            if self._proc is not None and self._proc.poll() is None:
                self._proc.kill()


def finish_python(
    root: Path, outputs: list[OutputFile], package: str = "generated"
) -> list[OutputFile]:
    """Check that every `.py` output compiles and return all outputs, formatted.

    The scratch files are written under `root`; `package` is the import name of the
    outputs' root package, first-party to the import sorter.
    """
    python = [o for o in outputs if o.path.endswith(".py")]
    if not python:
        return outputs
    for leftover in root.glob(_SCRATCH_PREFIX + "*"):
        # Left by a run that was killed outright.
        shutil.rmtree(leftover, ignore_errors=True)
    # Absolute, as ruff runs in `root`, which may be given relative to here.
    scratch = Path(tempfile.mkdtemp(prefix=_SCRATCH_PREFIX, dir=root)).resolve()
    try:
        for o in python:
            path = scratch / "generated" / o.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(o.text, encoding="utf-8")
        ruff = _Ruff(root, scratch / "generated", package)
        ruff.start()
        try:
            _check_all(python, str(scratch))
            while ruff.is_alive():
                check_interrupted()
                ruff.join(_POLL)
        except BaseException:
            ruff.cancel()
            raise
        finally:
            ruff.join()
        failures = ruff.failures
        if failures:
            raise InternalGeneratorError(
                SpecDiagnostic(
                    None,
                    f"internal error: formatting generated code with ruff failed: {failures[0]}",
                )
            )
        formatted = {
            o.path: (scratch / "generated" / o.path).read_text(encoding="utf-8") for o in python
        }
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return [OutputFile(o.path, formatted.get(o.path, o.text), o.template, o.spec) for o in outputs]
