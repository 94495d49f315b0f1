"""The small process that spawns every measured command and reports its time and peak RSS.

Linux carries peak RSS across fork and exec: a child's `ru_maxrss` starts at the peak of
the process that spawned it. Spawned straight from the benchmark, which by then has held
whole modules in memory for the in-process phases, every child would look at least that
large. This process is started with `-I -S` before any measurement and imports almost
nothing, so the floor it passes on (about the size of a bare interpreter) is below the
peak of any Python program it runs.

Protocol, one JSON object per line: requests on stdin are `{"argv": [...], "stderr":
path}`; each reply on stdout is `{"seconds", "max_rss_kib", "exit_code", "error"}`. The
child's stdin and stdout are the null device and its stderr goes to `path`.
"""

from __future__ import annotations

import json
import os
import sys
import time


def run(argv: list[str], stderr_path: str) -> dict[str, object]:
    """Spawn `argv`, wait for it, and describe how long it ran and how much memory it held."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
    ]
    start = time.perf_counter()
    try:
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    except OSError as exc:
        return {"seconds": 0.0, "max_rss_kib": 0, "exit_code": 127, "error": str(exc)}
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    # Linux reports ru_maxrss in KiB, macOS in bytes.
    rss = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return {
        "seconds": seconds,
        "max_rss_kib": rss,
        "exit_code": os.waitstatus_to_exitcode(status),
        "error": None,
    }


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        reply = run(request["argv"], request["stderr"])
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
