"""The tf-to-tfl legalization (`--patterns legalize-tf`) against TensorFlow's test file.

`conformance/tensorflow/tfl/legalize-tf.partial.mlir` is read in place and
modernized by `modernize` below: `func @` becomes `func.func @`, and ops that
print in the generic form show their inherent attributes as properties
(`<{...}>`), as MLIR has printed them since properties replaced inherent
attributes in the dictionary. Each function is a case: its CHECK lines are
checked with FileCheck against the function's output, and a function with an
`expected-error` runs under `--verify-diagnostics` instead (the file's RUN line
runs the whole file, which upstream only passes with the error-free functions).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_DIR = REPO_ROOT.parent / "shared"
_FILE = "conformance/tensorflow/tfl/legalize-tf.partial.mlir"


def modernize(text: str) -> str:
    """The test file in MLIR 22 syntax (see the module docstring)."""
    text = re.sub(r"^func @", "func.func @", text, flags=re.MULTILINE)
    # `"tfl.op"(...) {attrs}` in a CHECK line: inherent attributes are properties now.
    return re.sub(r'(// CHECK.*"tfl\.[a-z_]+"\([^)]*\)) \{(.*)\}', r"\1 <{\2}>", text)


def cases() -> list[tuple[str, str]]:
    """(function name, function text with its CHECK lines) for each function."""
    path = SHARED_DIR / _FILE
    if not path.is_file():
        return []
    text = modernize(path.read_text(encoding="utf-8"))
    starts = [m.start() for m in re.finditer(r"^(// CHECK-LABEL.*\n)?func\.func @", text, re.M)]
    chunks = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    out = []
    for chunk in chunks:
        name = re.search(r"func\.func @(\w+)", chunk)
        assert name is not None
        out.append((name.group(1), chunk))
    return out


def _opt(text: str, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "opt", "-", "--patterns", "legalize-tf", *flags],
        input=text,
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )


@pytest.mark.parametrize(("name", "chunk"), cases() or [("absent", "")])
def test_legalize_tf(name: str, chunk: str, tmp_path: Path, shared_dir: Path) -> None:
    assert "CHECK" in chunk or "expected-error" in chunk, f"{name}: nothing to check"
    if "expected-error" in chunk:
        run = _opt(chunk, "--verify-diagnostics")
        assert run.returncode == 0, run.stderr
        return
    run = _opt(chunk)
    assert run.returncode == 0, run.stderr
    checks = tmp_path / "checks.mlir"
    checks.write_text(chunk, encoding="utf-8")
    fc = subprocess.run(
        [sys.executable, "-m", "filecheck", str(checks)],
        input=run.stdout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert fc.returncode == 0, f"{fc.stdout}{fc.stderr}\n--- output:\n{run.stdout}"


def test_every_function_is_a_case(shared_dir: Path) -> None:
    assert [n for n, _ in cases()] == [
        "add",
        "testAddHighDimsHaveSameShape",
        "testAddTooHighBroadcastableDims",
        "LeakyRelu",
        "biasAdd",
        "biasAddInt",
    ]
