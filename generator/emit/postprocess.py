"""After rendering: check generated Python with `ast.parse`, then format it with ruff.

A syntax error in rendered output is a generator bug: it is reported as an
`InternalGeneratorError` naming the template and the spec. Formatting runs the
pinned ruff once over all Python outputs (`ruff check --select I,F401 --fix`, then
`ruff format`), in a scratch directory inside the repository so that ruff reads
the project's configuration and sees `generator` and `generated` as first-party
packages, exactly as `ruff check generated` does later.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import tempfile
from pathlib import Path

from generator.diagnostics import InternalGeneratorError, SpecDiagnostic
from generator.emit.writer import OutputFile

__all__ = ["check_python", "format_python"]


def check_python(text: str, template: str, spec: str) -> None:
    """Raise `InternalGeneratorError` unless `text` is valid Python."""
    try:
        ast.parse(text)
    except SyntaxError as e:
        lines = text.splitlines()
        line = lines[e.lineno - 1] if e.lineno and e.lineno <= len(lines) else ""
        raise InternalGeneratorError(
            SpecDiagnostic(
                None,
                f"internal error: template {template} produced invalid Python for {spec}: "
                f"{e.msg} at output line {e.lineno}: {line.strip()}",
            )
        ) from e


def _ruff() -> str:
    from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]

    return str(find_ruff_bin())


def format_python(root: Path, outputs: list[OutputFile]) -> list[OutputFile]:
    """The outputs with every `.py` file import-sorted and formatted by ruff."""
    python = [o for o in outputs if o.path.endswith(".py")]
    if not python:
        return outputs
    scratch = Path(tempfile.mkdtemp(prefix=".odsgen-format-", dir=root))
    try:
        for o in python:
            path = scratch / "generated" / o.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(o.text, encoding="utf-8")
        target = str(scratch / "generated")
        ruff = _ruff()
        common = ["--no-cache", "--quiet"]
        subprocess.run(
            [ruff, "check", *common, "--select", "I,F401", "--fix", "--exit-zero", target],
            cwd=root,
            check=True,
            capture_output=True,
        )
        subprocess.run([ruff, "format", *common, target], cwd=root, check=True, capture_output=True)
        formatted = {
            o.path: (scratch / "generated" / o.path).read_text(encoding="utf-8") for o in python
        }
    except (OSError, subprocess.CalledProcessError) as e:
        detail = (
            e.stderr.decode(errors="replace")
            if isinstance(e, subprocess.CalledProcessError)
            else str(e)
        )
        raise InternalGeneratorError(
            SpecDiagnostic(
                None, f"internal error: formatting generated code with ruff failed: {detail}"
            )
        ) from e
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return [OutputFile(o.path, formatted.get(o.path, o.text)) for o in outputs]
