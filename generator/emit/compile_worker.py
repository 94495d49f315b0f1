"""A compile-check worker: compiles the pieces of generated Python it is given.

`postprocess` runs this file directly by path (`python -I -S compile_worker.py
LABEL PARENT_PID`), one process per core, so that a worker starts from a clean interpreter
(no fork of a multi-threaded parent, no signal handlers inherited from it) and can
be killed outright. It reads a `marshal`-encoded list of source strings on stdin
and writes one byte per piece to stdout: `1` if it compiles, `0` if not. LABEL
only names the generation the worker belongs to in process listings. On Linux
the worker asks to be killed when its parent dies, so that none outlives a
generation killed outright. It imports
nothing but the standard library, as it runs outside the `generator` package.
"""

from __future__ import annotations

import marshal
import os
import sys


def _die_with(parent: int) -> bool:
    """Have the kernel kill this process when `parent` dies (Linux); False if it
    already has."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig, sigkill = 1, 9
        # The running program's own symbols include libc's `prctl`.
        ctypes.CDLL(None).prctl(pr_set_pdeathsig, sigkill, 0, 0, 0)
    # Checked after asking, so that a parent gone in between is seen.
    return os.getppid() == parent


def main() -> int:
    if len(sys.argv) > 2 and not _die_with(int(sys.argv[2])):
        return 2
    try:
        pieces = marshal.loads(sys.stdin.buffer.read())
    except (EOFError, ValueError, TypeError):
        # The parent went away before it had sent everything.
        return 2
    verdicts = bytearray()
    for piece in pieces:
        try:
            compile(piece, "<generated>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            verdicts += b"0"
        else:
            verdicts += b"1"
    try:
        sys.stdout.buffer.write(bytes(verdicts))
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
