"""Generated code is held to the project's own standard: ruff and mypy --strict, no exemptions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_generated_code_passes_ruff() -> None:
    """`ruff check` and `ruff format --check` accept generated/ as it is committed."""
    check = _run("ruff", "check", "--no-cache", "generated")
    assert check.returncode == 0, check.stdout + check.stderr
    fmt = _run("ruff", "format", "--no-cache", "--check", "generated")
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_generated_code_passes_mypy_strict() -> None:
    """`mypy --strict` accepts every generated module (with the project's configuration)."""
    result = _run("mypy", "--strict", "--no-incremental", "generated")
    assert result.returncode == 0, result.stdout + result.stderr


def test_pyproject_has_no_exemptions_for_generated_code() -> None:
    """No ruff per-file ignore and no mypy override names generated/."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"generated/' not in text
    assert "generated.*" not in text
