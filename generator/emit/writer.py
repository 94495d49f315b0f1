"""Writing `generated/`: whole-tree freshness checks and all-or-nothing replacement.

`odsgen generate` computes every output in memory first. In check mode the tree is
compared with those outputs and stale, missing and orphan files are reported. In
write mode a changed tree is staged whole in a sibling directory (unchanged files
hard-linked from the old tree, so their bytecode caches stay valid) and then
swapped with the old one in one `renameat2(RENAME_EXCHANGE)` call; the old tree
is deleted afterwards. A reader, a crash or a signal therefore sees the whole old
tree or the whole new one, never a mix.

`SIGINT` and `SIGTERM` are noted (see `handle_interrupts`) and acted on at safe
points, as `GenerationInterrupted`: before the swap the staging directory is
removed and the old tree stays; once the swap has begun it completes. A staging
directory left by a process that was killed outright is removed by the next run.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

__all__ = [
    "GenerationInterrupted",
    "OutputFile",
    "WriteReport",
    "check_interrupted",
    "handle_interrupts",
    "project_lock",
    "write_tree",
]

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


class GenerationInterrupted(BaseException):
    """A generation stopped by `SIGINT` or `SIGTERM`; derives from `BaseException`,
    as `KeyboardInterrupt` does, so that no `except Exception` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_INTERRUPTS = (signal.SIGINT, signal.SIGTERM)
#: The interrupting signals received and not yet acted on.
_received: list[int] = []


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    # Only noted here: an exception raised at an arbitrary point (inside an import,
    # or half-way through a rename) could itself leave things broken.
    _received.append(signum)


def check_interrupted() -> None:
    """Raise `GenerationInterrupted` if a signal came since the last check."""
    if _received:
        signum = _received[0]
        _received.clear()
        raise GenerationInterrupted(signum)


@contextlib.contextmanager
def handle_interrupts() -> Iterator[None]:
    """Note `SIGINT` and `SIGTERM` for `check_interrupted` for the duration.

    Generation checks at safe points (between specs, while waiting for ruff and
    the check workers, between staged files), so it stops promptly and cleans up;
    Python's default for `SIGTERM` would end the process without running
    `finally` blocks. Outside the main thread (where handlers cannot be set) this
    does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    previous = {s: signal.signal(s, _on_interrupt) for s in _INTERRUPTS}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


@contextlib.contextmanager
def project_lock(root: Path) -> Iterator[None]:
    """Hold an exclusive lock on the project directory (waiting for another holder,
    and acting on signals while waiting); nothing is locked where `flock` is not
    available. The lock is on the directory itself, so no lock file is left."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    try:
        fd = os.open(root, os.O_RDONLY)
    except OSError:
        # No project directory: nothing to protect, and generation reports it.
        yield
        return
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                check_interrupted()
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two directories in one step (Linux `renameat2`); False where unsupported."""
    libc_name = ctypes.util.find_library("c")
    if libc_name is None:
        return False
    libc = ctypes.CDLL(libc_name, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    result = renameat2(
        _AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), ctypes.c_uint(_RENAME_EXCHANGE)
    )
    if result == 0:
        return True
    errno = ctypes.get_errno()
    if errno in (38, 22, 95):  # ENOSYS, EINVAL, EOPNOTSUPP: no exchange on this system
        return False
    raise OSError(errno, os.strerror(errno), str(b))


def _staging_prefix(root: Path) -> str:
    return f".{root.name}.staging-"


def _remove_leftovers(root: Path) -> None:
    """Remove staging directories of earlier runs that were killed outright."""
    if not root.parent.is_dir():
        return
    for path in root.parent.glob(_staging_prefix(root) + "*"):
        shutil.rmtree(path, ignore_errors=True)


def _stage(root: Path, staged: Path, wanted: dict[str, str], unchanged: set[str]) -> None:
    """Write the whole new tree into `staged`."""
    for rel, text in sorted(wanted.items()):
        check_interrupted()
        path = staged / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if rel in unchanged:
            try:
                os.link(root / rel, path)
                continue
            except OSError:
                pass  # another file system, or no hard links: write a copy
        _write_file(path, text)
    # The bytecode caches of the old tree stay valid for the files linked above
    # (same inode, same mtime); Python revalidates the others.
    for cache in root.rglob("__pycache__"):
        target = staged / cache.relative_to(root)
        if target.parent.is_dir() and not target.exists():
            shutil.copytree(cache, target)


def _write_file(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def _swap(root: Path, staged: Path) -> None:
    """Put the tree in `staged` at `root`; the old tree ends up in `staged`."""
    if not root.exists():
        os.rename(staged, root)
        staged.mkdir()
        return
    if _exchange(staged, root):
        return
    # Without an atomic exchange there is a moment with no tree at `root`.
    aside = staged.with_name(staged.name + "-old")
    os.rename(root, aside)
    os.rename(staged, root)
    os.rename(aside, staged)


def write_tree(root: Path, outputs: list[OutputFile], *, check: bool) -> WriteReport:
    """Compare `root` with `outputs`; unless `check`, make it equal to them, whole."""
    report = WriteReport()
    wanted = {o.path: o.text for o in outputs}
    existing = _existing_files(root)
    unchanged: set[str] = set()
    for rel in sorted(wanted):
        path = root / rel
        if rel not in existing:
            report.missing.append(rel)
        elif path.read_text(encoding="utf-8") != wanted[rel]:
            report.stale.append(rel)
        else:
            unchanged.add(rel)
    report.orphans = sorted(existing - wanted.keys())
    if check or report.clean:
        return report
    _remove_leftovers(root)
    root.parent.mkdir(parents=True, exist_ok=True)
    staged = Path(tempfile.mkdtemp(prefix=_staging_prefix(root), dir=root.parent))
    try:
        _stage(root, staged, wanted, unchanged)
        check_interrupted()
        # From here on the new tree goes in whatever happens; a signal is acted on
        # by the caller once it is in place.
        _swap(root, staged)
        shutil.rmtree(staged, ignore_errors=True)
    finally:
        if staged.exists():
            shutil.rmtree(staged, ignore_errors=True)
    return report
