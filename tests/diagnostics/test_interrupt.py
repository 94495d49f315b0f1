"""Ctrl-C while `odsgen` waits for input ends with a message, not a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

ODSGEN = Path(sys.executable).parent / "odsgen"


def test_sigint_while_opt_reads_stdin() -> None:
    """`odsgen opt -` blocked on stdin, interrupted: exit 130 and one line."""
    proc = subprocess.Popen(
        [str(ODSGEN), "opt", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    # Long enough for start-up to finish: the read of stdin is what is interrupted.
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGINT
    assert err.decode() == "odsgen opt: interrupted\n"


def test_sigint_while_opt_writes(tmp_path: Path) -> None:
    """`odsgen opt` interrupted while its output waits for a reader: exit 130 and one
    line, though the work (on a thread of its own) is stuck in the middle of a write."""
    source = tmp_path / "big.mlir"
    ops = "".join(f'"t.op"() {{index = {i} : i64}} : () -> ()\n' for i in range(20_000))
    source.write_text(ops, encoding="utf-8")
    proc = subprocess.Popen(
        [str(ODSGEN), "opt", "--allow-unregistered-dialect", str(source)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    # Nothing reads the output yet, so the pipe fills and the write blocks.
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGINT
    assert err.decode() == "odsgen opt: interrupted\n"
