"""Shared test support: repository paths, the mlir-opt-22 oracle, running odsgen in-process.

It also applies the central known-failure list (`tests/xfail.py`) to the collected
tests and records which tests were collected, so that list can be checked.
"""

from __future__ import annotations

import difflib
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from xfail import XFAIL

REPO_ROOT = Path(__file__).resolve().parents[1]
#: `../shared` relative to the repository root: seeds, conformance files, benchmarks.
SHARED_DIR = REPO_ROOT.parent / "shared"
ORACLE = "mlir-opt-22"

#: `run_odsgen` returns (exit code, stdout, stderr).
OdsgenRun = tuple[int, str, str]
RunOdsgen = Callable[[list[str]], OdsgenRun]
ExpectSameText = Callable[..., None]

_COLLECTED_IDS = pytest.StashKey[frozenset[str]]()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests listed in `tests/xfail.py`, and remember every collected id.

    This runs before `-k`/`-m` deselection, so the recorded ids are all the tests of
    the collected files.
    """
    config.stash[_COLLECTED_IDS] = frozenset(item.nodeid for item in items)
    for item in items:
        reason = XFAIL.get(item.nodeid)
        if reason is not None:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=True))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """`../shared` next to the repository; skips the test when it is absent."""
    if not SHARED_DIR.is_dir():
        pytest.skip(f"{SHARED_DIR} is absent")
    return SHARED_DIR


@pytest.fixture(scope="session")
def mlir_opt() -> str:
    """The path of mlir-opt-22; skips the test when it is not installed."""
    path = shutil.which(ORACLE)
    if path is None:
        pytest.skip(f"{ORACLE} is not installed (apt-get install mlir-22-tools)")
    return path


@pytest.fixture(scope="session")
def xfail_list() -> dict[str, str]:
    """The central known-failure list: node id -> reason."""
    return XFAIL


@pytest.fixture(scope="session")
def collected_test_ids(request: pytest.FixtureRequest) -> frozenset[str]:
    """The node ids of every test collected in this session, before deselection."""
    return request.config.stash.get(_COLLECTED_IDS, frozenset())


@pytest.fixture
def run_odsgen(capsys: pytest.CaptureFixture[str]) -> RunOdsgen:
    """Run `odsgen ARGV...` in-process and return (exit code, stdout, stderr)."""

    def run(argv: list[str]) -> OdsgenRun:
        # Imported here so that collection works while the runtime is being written.
        from generator.cli import main

        capsys.readouterr()
        try:
            code = main(argv)
        except SystemExit as exit_:
            # argparse reports bad usage by exiting; that is still an exit code.
            code = exit_.code if isinstance(exit_.code, int) else 1
        out, err = capsys.readouterr()
        return code, out, err

    return run


def _expect_same_text(actual: str, expected: str, *, label: str, hint: str = "") -> None:
    if actual == expected:
        return
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{label} (expected)",
            tofile=f"{label} (actual)",
        )
    )
    pytest.fail(f"{label}: output differs\n{diff}" + (f"\n{hint}" if hint else ""), pytrace=False)


@pytest.fixture(scope="session")
def expect_same_text() -> ExpectSameText:
    """Compare texts; on mismatch fail with a unified diff and an optional hint line."""
    return _expect_same_text
