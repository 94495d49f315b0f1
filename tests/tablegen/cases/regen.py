"""Regenerate the golden `.json` of every case here with llvm-tblgen (LLVM 22).

Run `python tests/tablegen/cases/regen.py` from the repository root after adding
or changing a case; the goldens come only from llvm-tblgen, never from odsgen.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

LLVM_TBLGEN = "/usr/lib/llvm-22/bin/llvm-tblgen"


def main() -> int:
    """Write `<case>.json` next to each `<case>.td`."""
    here = Path(__file__).resolve().parent
    for td in sorted(here.glob("*.td")):
        out = subprocess.run(
            [LLVM_TBLGEN, "--dump-json", td.name],
            cwd=here,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        td.with_suffix(".json").write_text(out, encoding="utf-8")
        print(f"wrote {td.with_suffix('.json').name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
