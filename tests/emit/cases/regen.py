"""Regenerate the docs goldens: `cases/<name>.md` from each `cases/<name>.yaml`.

Run from the repository root: `.venv/bin/python tests/emit/cases/regen.py`.
Review the diff before committing it: the goldens pin the LangRef page layout.
"""

from __future__ import annotations

from pathlib import Path

from generator.emit.docs import render_dialect_doc
from generator.spec.convert import load_spec

CASES = Path(__file__).resolve().parent
REPO_ROOT = CASES.parents[2]
REGEN_COMMAND = ".venv/bin/python tests/emit/cases/regen.py"


def doc_cases() -> list[Path]:
    """The specs that have a docs golden."""
    return sorted(CASES.glob("docs_*.yaml"))


def render_case(spec: Path) -> str:
    """The page of one case, naming the spec by its repository-relative path."""
    return render_dialect_doc(load_spec(spec), spec.relative_to(REPO_ROOT).as_posix())


def main() -> None:
    """Write `<name>.md` next to each `docs_<name>.yaml`."""
    for spec in doc_cases():
        golden = spec.with_suffix(".md")
        golden.write_text(render_case(spec), encoding="utf-8", newline="\n")
        print(f"wrote {golden.relative_to(REPO_ROOT)}")


if __name__ == "__main__":
    main()
