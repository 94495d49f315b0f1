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
succeed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from generator.diagnostics import InternalGeneratorError, SpecDiagnostic
from generator.emit.writer import OutputFile

__all__ = ["check_python", "finish_python"]

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


def _compiles(text: str) -> bool:
    try:
        compile(text, "<generated>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def _check_all(files: list[OutputFile]) -> None:
    """`check_python` for every file, in parallel for large outputs."""
    total = sum(f.text.count("\n") for f in files)
    workers = os.cpu_count() or 1
    if total < _PARALLEL_LINES or workers < 2:
        for f in files:
            check_python(f.text, f.template, f.spec)
        return
    pieces = [(f, piece) for f in files for piece in _chunks(f.text, workers)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_compiles, [p for _, p in pieces], chunksize=1))
    for (f, _), ok in zip(pieces, results, strict=True):
        if not ok:
            # The whole file gives the authoritative message and line.
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
    "--config",
    'lint.isort.known-first-party = ["generator", "generated"]',
]


def _run_ruff(root: Path, target: Path, failures: list[str]) -> None:
    ruff = _ruff()
    common = ["--no-cache", "--quiet", *_RUFF_SETTINGS]
    try:
        subprocess.run(
            [
                ruff,
                "check",
                *common,
                "--select",
                "I,F401,RUF022",
                "--fix",
                "--exit-zero",
                str(target),
            ],
            cwd=root,
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [ruff, "format", *common, str(target)], cwd=root, check=True, capture_output=True
        )
    except subprocess.CalledProcessError as e:
        failures.append(e.stderr.decode(errors="replace"))
    except OSError as e:
        failures.append(str(e))


def finish_python(root: Path, outputs: list[OutputFile]) -> list[OutputFile]:
    """Check that every `.py` output compiles and return all outputs, formatted."""
    python = [o for o in outputs if o.path.endswith(".py")]
    if not python:
        return outputs
    scratch = Path(tempfile.mkdtemp(prefix=".odsgen-format-", dir=root))
    try:
        for o in python:
            path = scratch / "generated" / o.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(o.text, encoding="utf-8")
        failures: list[str] = []
        ruff = threading.Thread(target=_run_ruff, args=(root, scratch / "generated", failures))
        ruff.start()
        try:
            _check_all(python)
        finally:
            ruff.join()
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
