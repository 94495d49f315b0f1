"""The compiled runtime is used only while it matches its sources, and can always be turned off."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import native

_WHERE = (
    "import generator.ir.core as c, generator.ir.parser as p; print(c.__file__); print(p.__file__)"
)


def _module_files(**env: str) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", _WHERE],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **env},
    )
    return run.stdout.split()


def test_pure_python_can_be_forced() -> None:
    files = _module_files(ODSGEN_PURE_PYTHON="1")
    assert all(f.endswith(".py") for f in files), files


@pytest.mark.skipif(not native.is_current(), reason="no current compiled runtime (make native)")
def test_a_current_build_is_used() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ODSGEN_PURE_PYTHON"}
    run = subprocess.run(
        [sys.executable, "-c", _WHERE], capture_output=True, text=True, check=True, env=env
    )
    files = run.stdout.split()
    assert all(Path(f).suffix == ".so" for f in files), files


def test_a_stale_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stamp that does not match the sources (an edited module) turns the build off."""
    stamp = tmp_path / "STAMP"
    monkeypatch.setattr(native, "STAMP", stamp)
    monkeypatch.delenv("ODSGEN_PURE_PYTHON", raising=False)
    assert not native.enabled()  # no build at all
    stamp.write_text(native.source_digest() + "\n", encoding="ascii")
    assert native.enabled()
    stamp.write_text("0" * 32 + "\n", encoding="ascii")
    assert not native.enabled()
    monkeypatch.setenv("ODSGEN_PURE_PYTHON", "1")
    stamp.write_text(native.source_digest() + "\n", encoding="ascii")
    assert not native.enabled()


def test_the_digest_follows_every_runtime_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Editing any module of generator/ir, compiled or not, changes the digest."""
    ir = tmp_path / "ir"
    ir.mkdir()
    for name in ("core.py", "traits.py", "__init__.py"):
        (ir / name).write_text(f"# {name}\n", encoding="utf-8")
    monkeypatch.setattr(native, "IR_DIR", ir)
    before = native.source_digest()
    for name in ("core.py", "traits.py"):
        (ir / name).write_text("# edited\n", encoding="utf-8")
        after = native.source_digest()
        assert after != before, name
        before = after
    assert [p.name for p in native.compiled_sources()] == ["core.py"]
