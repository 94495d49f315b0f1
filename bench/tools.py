"""The programs the benchmark drives: odsgen, mlir-opt-22 and an isolated xdsl-opt.

xDSL lives in a virtualenv of its own and is only ever run as a subprocess. The
project's interpreter never imports it, so it cannot become a dependency by accident.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = [
    "MLIR_OPT",
    "XDSL_VERSION",
    "ToolError",
    "ensure_xdsl",
    "find_mlir_opt",
    "odsgen_command",
    "tool_version",
    "xdsl_version",
]

MLIR_OPT = "mlir-opt-22"
XDSL_VERSION = "0.74.0"


class ToolError(Exception):
    """A program the benchmark needs could not be found or installed."""


def odsgen_command(override: str | None) -> list[str]:
    """The command that runs odsgen: the `odsgen` script next to this interpreter.

    `override` replaces it with any command line, for exercising the harness before
    the `opt` subcommand exists.
    """
    if override:
        return shlex.split(override)
    return [str(Path(sys.executable).parent / "odsgen")]


def find_mlir_opt() -> str | None:
    """The path of mlir-opt-22, or None when it is not installed."""
    return shutil.which(MLIR_OPT)


def tool_version(argv: Sequence[str]) -> str | None:
    """The first line mentioning a version in `argv`'s output, or None if it cannot run."""
    try:
        proc = subprocess.run(list(argv), capture_output=True, text=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = [line.strip() for line in (proc.stdout + proc.stderr).splitlines() if line.strip()]
    for line in lines:
        if "version" in line.lower():
            return line
    return lines[0] if lines else None


def xdsl_version(venv: Path) -> str | None:
    """The xdsl version installed in `venv`, asked of that venv's own interpreter."""
    line = tool_version(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import importlib.metadata as m; print('xdsl version', m.version('xdsl'))",
        ]
    )
    return line.split()[-1] if line is not None and line.startswith("xdsl version") else None


def ensure_xdsl(venv: Path, log: Callable[[str], None]) -> Path:
    """Return `venv`'s xdsl-opt, creating the venv and installing xDSL first if needed."""
    xdsl_opt = venv / "bin" / "xdsl-opt"
    if xdsl_opt.is_file():
        return xdsl_opt
    python = venv / "bin" / "python"
    if not python.is_file():
        log(f"creating a virtualenv for xDSL at {venv}")
        _run_or_raise([sys.executable, "-m", "venv", str(venv)], f"could not create {venv}")
    log(f"installing xdsl=={XDSL_VERSION} into {venv} (it is not a project dependency)")
    _run_or_raise(
        [str(python), "-m", "pip", "install", "--quiet", f"xdsl=={XDSL_VERSION}"],
        f"could not install xdsl=={XDSL_VERSION} into {venv}",
    )
    if not xdsl_opt.is_file():
        raise ToolError(f"installing xdsl=={XDSL_VERSION} did not provide {xdsl_opt}")
    return xdsl_opt


def _run_or_raise(argv: Sequence[str], what: str) -> None:
    try:
        proc = subprocess.run(list(argv), capture_output=True, text=True, check=False)
    except OSError as exc:
        raise ToolError(f"{what}: {exc}") from exc
    if proc.returncode != 0:
        detail = (proc.stderr or proc.stdout).strip()
        raise ToolError(f"{what} (exit code {proc.returncode}):\n{detail}")
