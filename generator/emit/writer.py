"""Writing `generated/`: whole-tree freshness checks and atomic, all-or-nothing writes.

`odsgen generate` computes every output in memory first. In check mode the tree is
compared with those outputs and stale, missing and orphan files are reported; in
write mode only changed files are replaced (each through a temporary file and a
rename, so a reader never sees half a file) and orphans are deleted. Nothing is
written unless every output was produced, so a failed generation leaves
`generated/` as it was.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["OutputFile", "WriteReport", "write_tree"]

#: Files under `generated/` that are never the generator's business.
_IGNORED_PARTS = frozenset({"__pycache__"})


@dataclass(frozen=True)
class OutputFile:
    """One generated file: its path relative to the output root and its full text.

    `template` and `spec` name where a generated file came from, for the message
    should the generator have produced something broken.
    """

    path: str
    text: str
    template: str = ""
    spec: str = ""


@dataclass
class WriteReport:
    """What a check or a write found (paths relative to the output root, sorted)."""

    stale: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    orphans: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """True when the tree already equals the outputs."""
        return not (self.stale or self.missing or self.orphans)

    def lines(self) -> list[str]:
        """One line per problem, as `odsgen generate --check` prints them."""
        return (
            [f"stale: {p}" for p in self.stale]
            + [f"missing: {p}" for p in self.missing]
            + [f"orphan: {p}" for p in self.orphans]
        )


def _existing_files(root: Path) -> set[str]:
    if not root.is_dir():
        return set()
    found: set[str] = set()
    for path in root.rglob("*"):
        if path.is_file() and not _IGNORED_PARTS.intersection(path.parts):
            found.add(path.relative_to(root).as_posix())
    return found


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_tree(root: Path, outputs: list[OutputFile], *, check: bool) -> WriteReport:
    """Compare `root` with `outputs`; unless `check`, make it equal to them."""
    report = WriteReport()
    wanted = {o.path: o.text for o in outputs}
    existing = _existing_files(root)
    for rel in sorted(wanted):
        path = root / rel
        if rel not in existing:
            report.missing.append(rel)
        elif path.read_text(encoding="utf-8") != wanted[rel]:
            report.stale.append(rel)
    report.orphans = sorted(existing - wanted.keys())
    if not check:
        for rel in report.missing + report.stale:
            _atomic_write(root / rel, wanted[rel])
        for rel in report.orphans:
            (root / rel).unlink()
    return report
