"""Regenerate the `--dump-json` goldens of `cases/*.td` with llvm-tblgen.

Run from the repository root: `.venv/bin/python tests/spec_records/regen.py`.
The include path is passed relative to `cases/`, so the goldens do not depend on
where the repository is checked out.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases"
LLVM_TBLGEN = "/usr/lib/llvm-22/bin/llvm-tblgen"
INCLUDE = "../../../opdefs/include"


def main() -> None:
    """Write `cases/<name>.json` next to each `cases/<name>.td`."""
    for td_file in sorted(CASES.glob("*.td")):
        out = subprocess.run(
            [LLVM_TBLGEN, "--dump-json", "-I", INCLUDE, td_file.name],
            cwd=CASES,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        doc = json.loads(out)
        td_file.with_suffix(".json").write_text(
            json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        print(f"wrote {td_file.with_suffix('.json').name}")


if __name__ == "__main__":
    main()
