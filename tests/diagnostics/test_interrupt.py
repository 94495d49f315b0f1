"""Ctrl-C while `odsgen` loads, waits for input or waits to write ends with one
line and exit status 130, not a traceback."""

from __future__ import annotations

import select
import signal
import subprocess
import sys
import time
from pathlib import Path

ODSGEN = Path(sys.executable).parent / "odsgen"


def _interruptible() -> None:
    """In the child before `exec`: Ctrl-C at its default, whatever the test run
    inherited (a run started in the background of a shell ignores SIGINT, and so
    would every odsgen it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _cpu_ticks(pid: int) -> int | None:
    """The CPU time `pid` has used so far, in clock ticks (None without /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # Fields after the parenthesized command name; utime and stime are 14 and 15.
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _wait_until_blocked(proc: subprocess.Popen[bytes]) -> None:
    """Wait until `proc` has stopped using CPU: it is blocked on a read or a write.

    A fixed delay would be too short on a loaded machine, and the signal would
    arrive during start-up instead of during the wait the test is about."""
    before = _cpu_ticks(proc.pid)
    if before is None:
        time.sleep(3)
        return
    idle_samples = 0
    deadline = time.monotonic() + 120
    while idle_samples < 3 and time.monotonic() < deadline:
        time.sleep(0.25)
        now = _cpu_ticks(proc.pid)
        idle_samples = idle_samples + 1 if now == before else 0
        before = now
    assert proc.poll() is None, "odsgen ended before it could be interrupted"


def _interrupt(proc: subprocess.Popen[bytes]) -> str:
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    assert proc.returncode == 128 + signal.SIGINT, err.decode()
    return err.decode()


def test_sigint_while_opt_reads_stdin() -> None:
    """`odsgen opt -` blocked on stdin, interrupted: exit 130 and one line."""
    proc = subprocess.Popen(
        [str(ODSGEN), "opt", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_interruptible,
    )
    _wait_until_blocked(proc)
    assert _interrupt(proc) == "odsgen opt: interrupted\n"


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
        preexec_fn=_interruptible,
    )
    # Nothing reads the output yet, so once output appears the pipe fills and the
    # write blocks.
    assert proc.stdout is not None
    readable, _, _ = select.select([proc.stdout], [], [], 120)
    assert readable, "odsgen wrote nothing"
    _wait_until_blocked(proc)
    assert _interrupt(proc) == "odsgen opt: interrupted\n"


_INTERRUPT_DURING_IMPORT = """
import builtins, os, signal, sys
import generator.entry

real_import = builtins.__import__

def import_then_interrupt(name, *args, **kwargs):
    if name == "generator.ir.parser":
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, *args, **kwargs)

builtins.__import__ = import_then_interrupt
sys.argv = ["odsgen", "opt", "-"]
sys.exit(generator.entry.main())
"""


def test_sigint_while_odsgen_loads_its_modules() -> None:
    """Ctrl-C while the command line's modules are still loading (here: exactly
    while the parser is imported): the same one line, not a traceback through the
    import machinery."""
    proc = subprocess.run(
        [sys.executable, "-c", _INTERRUPT_DURING_IMPORT],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        preexec_fn=_interruptible,
    )
    assert proc.returncode == 128 + signal.SIGINT, proc.stderr.decode()
    assert proc.stderr.decode() == "odsgen opt: interrupted\n"


def test_sigint_stays_ignored_when_started_ignoring_it() -> None:
    """Started with SIGINT ignored (as a background job is), odsgen keeps ignoring
    it, as programs do, and finishes its work."""
    proc = subprocess.Popen(
        [str(ODSGEN), "opt", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    _wait_until_blocked(proc)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(b"func.func @f() {\n  return\n}\n", timeout=60)
    assert (proc.returncode, err) == (0, b"")
    assert out == b"module {\n  func.func @f() {\n    return\n  }\n}\n\n"
