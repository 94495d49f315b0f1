"""Regenerate `expected.json`: what mlir-opt-22 prints for each case of `cases.txt`.

Run from the repository root: `.venv/bin/python tests/conformance/mlir_types/regen.py`.
Each case is read from a file named `case.mlir` in a scratch directory, so the stored
diagnostics do not depend on where the run happened.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MLIR_OPT = "mlir-opt-22"


def cases() -> list[str]:
    """The cases of `cases.txt`, in order."""
    out = []
    for line in (HERE / "cases.txt").read_text(encoding="utf-8").splitlines():
        # Attributes start with `#` too; a comment with `# ` (or is `#` alone).
        if line.strip() and line.rstrip() != "#" and not line.startswith("# "):
            out.append(line.strip())
    return out


def case_text(case: str) -> str:
    """The one-op program holding the type or attribute `case`."""
    if case.startswith("!"):
        return f'"test.op"() : () -> ({case})\n'
    return f'"test.op"() {{a = {case}}} : () -> ()\n'


def outcome(stdout: str, stderr: str, ok: bool) -> str:
    """What a run printed: the module, or its error and note lines."""
    if ok:
        return stdout
    lines = [line for line in stderr.splitlines() if ": error: " in line or ": note: " in line]
    return "\n".join(lines)


def mlir_opt(case: str, scratch: Path) -> str:
    """What mlir-opt-22 prints for one case."""
    (scratch / "case.mlir").write_text(case_text(case), encoding="utf-8")
    run = subprocess.run(
        [MLIR_OPT, "--allow-unregistered-dialect", "case.mlir"],
        cwd=scratch,
        capture_output=True,
        text=True,
        check=False,
    )
    return outcome(run.stdout, run.stderr, run.returncode == 0)


def main() -> None:
    """Write `expected.json`."""
    with tempfile.TemporaryDirectory() as scratch:
        expected = {case: mlir_opt(case, Path(scratch)) for case in cases()}
    (HERE / "expected.json").write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(expected)} cases")


if __name__ == "__main__":
    main()
