"""Checks of the central known-failure list, `tests/xfail.py`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
CONFORMANCE_DIR = REPO_ROOT.parent / "shared" / "conformance"


def _test_file(node_id: str) -> str:
    return node_id.split("::", 1)[0]


def _collect(file: str) -> set[str]:
    """Collect one test file in a separate pytest run (when this run did not collect it)."""
    proc = subprocess.run(
        # Without the project's `addopts`, whose `-q` would make this `-qq`, which
        # prints counts per file instead of test ids.
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-o",
            "addopts=",
            "-p",
            "no:cacheprovider",
            file,
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return {line.strip() for line in proc.stdout.splitlines() if "::" in line}


def test_xfail_entries_name_existing_tests(
    xfail_list: dict[str, str], collected_test_ids: frozenset[str]
) -> None:
    """Every entry of tests/xfail.py names a test that exists and gives a reason."""
    known = set(collected_test_ids)
    problems: list[str] = []
    for node_id, reason in sorted(xfail_list.items()):
        file = _test_file(node_id)
        if not reason.strip():
            problems.append(f"{node_id}: no reason given")
        if "::" not in node_id or not (REPO_ROOT / file).is_file():
            problems.append(f"{node_id}: no such test file")
            continue
        if file.startswith("tests/conformance/") and not CONFORMANCE_DIR.is_dir():
            # Without ../shared those tests have no parameters that could be named.
            continue
        if not any(_test_file(known_id) == file for known_id in known):
            known |= _collect(file)
        if node_id not in known:
            problems.append(f"{node_id}: no such test in {file}")
    assert not problems, "tests/xfail.py names tests that do not exist:\n" + "\n".join(problems)
