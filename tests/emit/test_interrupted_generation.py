"""`odsgen generate` interrupted or failing while it writes: the tree stays whole.

Generation stages the whole new tree and swaps it in, so whatever stops it (an
I/O error, `SIGINT`, `SIGTERM`, at any point of the write phase), `generated/` is
afterwards either entirely the old tree or entirely the new one, `--check` is
clean after a full run, and no staging directory or worker process is left.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.cli import main
from generator.emit import writer

REPO_ROOT = Path(__file__).resolve().parents[2]
MINI = Path(__file__).parent / "cases" / "generate" / "mini.td"
ODSGEN = Path(sys.executable).parent / "odsgen"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(REPO_ROOT / "opdefs" / "include", root / "opdefs" / "include")
    shutil.copy(MINI, root / "opdefs" / "mini.td")
    return root


def _variant(root: Path, new: bool) -> None:
    """The spec as it was (old) or with one more op and a changed summary (new)."""
    text = MINI.read_text(encoding="utf-8")
    if new:
        text = text.replace('"A small test dialect"', '"A changed test dialect"')
        text += '\ndef Mini_ExtraOp : Mini_Op<"extra"> {\n  let summary = "one more";\n}\n'
    (root / "opdefs" / "mini.td").write_text(text, encoding="utf-8")


def _tree(root: Path) -> dict[str, bytes]:
    out = root / "generated"
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def _finish(proc: subprocess.Popen[bytes], timeout: float) -> tuple[bytes, bytes]:
    """`proc.communicate(timeout)`, killing and reaping `proc` if it times out, so
    that a hang fails this test alone and leaves no process to the next one."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise


def _leftovers(root: Path) -> list[str]:
    """Staging and scratch directories next to `generated/`."""
    return sorted(p.name for p in root.iterdir() if p.name.startswith("."))


@pytest.fixture
def trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, bytes]]:
    """A project whose tree is the old one, and the new tree (made in another project)."""
    other = _project(tmp_path / "other")
    _variant(other, new=True)
    assert main(["generate", "--root", str(other)]) == 0
    root = _project(tmp_path)
    assert main(["generate", "--root", str(root)]) == 0
    capsys.readouterr()
    return root, _tree(other)


def test_an_interruption_at_any_write_leaves_the_old_tree(
    trees: tuple[Path, dict[str, bytes]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """SIGTERM right after each file is written or linked while staging: old tree."""
    root, new = trees
    old = _tree(root)
    assert old != new
    _variant(root, new=True)
    real_write, real_link = writer._write_file, os.link
    point = 1
    while True:
        calls = 0

        def interrupt(real: Callable[..., None], at: int) -> Callable[..., None]:
            def wrapped(*args: object) -> None:
                nonlocal calls
                real(*args)
                calls += 1
                if calls == at:
                    os.kill(os.getpid(), signal.SIGTERM)

            return wrapped

        monkeypatch.setattr(writer, "_write_file", interrupt(real_write, point))
        monkeypatch.setattr(writer.os, "link", interrupt(real_link, point))
        code = main(["generate", "--root", str(root)])
        err = capsys.readouterr().err
        assert _leftovers(root) == []
        if code == 0:
            break
        assert code == 128 + signal.SIGTERM, err
        assert "interrupted by SIGTERM" in err
        assert "Traceback" not in err
        assert _tree(root) == old, f"interrupted at write {point}"
        point += 1
    assert point > len(new), "every output is written or linked while staging"
    assert _tree(root) == new
    assert main(["generate", "--check", "--root", str(root)]) == 0


def test_a_signal_during_the_swap_is_held_until_the_tree_is_whole(
    trees: tuple[Path, dict[str, bytes]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A SIGTERM arriving as the trees are swapped: the swap completes, then exit 143."""
    root, new = trees
    _variant(root, new=True)
    real_swap = writer._swap

    def swap(a: Path, b: Path) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        real_swap(a, b)

    monkeypatch.setattr(writer, "_swap", swap)
    assert main(["generate", "--root", str(root)]) == 128 + signal.SIGTERM
    assert "interrupted by SIGTERM" in capsys.readouterr().err
    assert _tree(root) == new
    assert _leftovers(root) == []
    assert main(["generate", "--check", "--root", str(root)]) == 0


def test_an_io_error_is_a_diagnostic_and_leaves_the_old_tree(
    trees: tuple[Path, dict[str, bytes]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file that cannot be written is reported by name, with no traceback."""
    root, _ = trees
    old = _tree(root)
    _variant(root, new=True)

    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(writer, "_write_file", refuse)
    assert main(["generate", "--root", str(root)]) == 1
    err = capsys.readouterr().err
    assert "odsgen generate: error: '" in err
    assert "': Permission denied; generated/ left as it was" in err
    assert "Traceback" not in err
    assert _tree(root) == old
    assert _leftovers(root) == []


def test_a_read_only_file_in_the_tree_is_replaced_with_the_rest(
    trees: tuple[Path, dict[str, bytes]], capsys: pytest.CaptureFixture[str]
) -> None:
    """The tree is replaced whole, so a read-only file in it does not stop the update."""
    root, new = trees
    (root / "generated" / "mini" / "ops.py").chmod(0o444)
    _variant(root, new=True)
    assert main(["generate", "--root", str(root)]) == 0, capsys.readouterr().err
    assert _tree(root) == new


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only directory")
def test_a_read_only_project_directory_is_a_diagnostic(
    trees: tuple[Path, dict[str, bytes]], capsys: pytest.CaptureFixture[str]
) -> None:
    """No staging directory can be made beside `generated/`: a diagnostic, old tree."""
    root, _ = trees
    old = _tree(root)
    _variant(root, new=True)
    root.chmod(0o555)
    try:
        assert main(["generate", "--root", str(root)]) == 1
    finally:
        root.chmod(0o755)
    err = capsys.readouterr().err
    assert "Permission denied; generated/ left as it was" in err
    assert "Traceback" not in err
    assert _tree(root) == old


def _processes_mentioning(marker: str) -> list[int]:
    """The live processes whose command line contains `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in cmdline:
            found.append(int(entry.name))
    return found


def _wait_gone(marker: str, timeout: float = 10.0) -> list[int]:
    deadline = time.monotonic() + timeout
    while (left := _processes_mentioning(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")
def test_signals_at_many_points_of_a_generation(tmp_path: Path) -> None:
    """`odsgen generate` killed by SIGTERM or SIGINT after a growing delay: each time
    the tree is the one before or the one after, and nothing is left behind."""
    root = _project(tmp_path)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    command = [str(ODSGEN), "generate", "--root", str(root)]
    trees: dict[bool, dict[str, bytes]] = {}
    for new in (True, False):
        _variant(root, new=new)
        start = time.monotonic()
        subprocess.run(command, check=True, capture_output=True, env=env, timeout=300)
        duration = time.monotonic() - start
        trees[new] = _tree(root)
    current = False
    steps = 16
    for step in range(steps):
        target = not current
        _variant(root, new=target)
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        time.sleep(duration * (step + 1) / steps)
        # SIGINT only once past start-up: during the interpreter's own imports it is
        # Python's KeyboardInterrupt, before odsgen runs at all.
        proc.send_signal(signal.SIGINT if step >= steps // 2 and step % 2 else signal.SIGTERM)
        _, err = _finish(proc, 120)
        assert b"Traceback" not in err, err.decode()
        tree = _tree(root)
        assert tree in (trees[current], trees[target]), f"mixed tree after step {step}"
        if tree == trees[target]:
            current = target
        assert _leftovers(root) == [], step
        assert _wait_gone(str(root)) == [], step
    _variant(root, new=current)
    assert main(["generate", "--check", "--root", str(root)]) == 0


_CHECK_LOOP = textwrap.dedent(
    """
    import sys
    from generator.emit.postprocess import _check_all
    from generator.emit.writer import GenerationInterrupted, OutputFile, handle_interrupts

    files = [OutputFile("a.py", "def f():\\n    return 1\\n\\n\\n" * 30000)]
    with handle_interrupts():
        try:
            while True:
                _check_all(files, sys.argv[1])
        except GenerationInterrupted as e:
            sys.exit(128 + e.signum)
    """
)


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        out.extend(int(c) for c in text.split())
    return out


@pytest.mark.skipif(
    not Path("/proc/self/task").exists() or (os.cpu_count() or 1) < 2,
    reason="needs /proc and two cores (the check runs in one process otherwise)",
)
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_signal_during_the_parallel_check_leaves_no_worker(
    sig: signal.Signals, tmp_path: Path
) -> None:
    """The parallel compile check stopped by a signal: the process exits, its pipe
    closes (no worker holds it), and no worker process is left."""
    marker = f"odsgen-check-{tmp_path.name}"
    proc = subprocess.Popen(
        [sys.executable, "-c", _CHECK_LOOP, marker],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO_ROOT,
    )
    deadline = time.monotonic() + 60
    while not _children(proc.pid):
        assert proc.poll() is None, proc.communicate()[1].decode()
        assert time.monotonic() < deadline, "the check never started its workers"
        time.sleep(0.02)
    time.sleep(0.2)
    proc.send_signal(sig)
    _, err = _finish(proc, 60)
    if sig != signal.SIGKILL:
        assert proc.returncode == 128 + sig, err.decode()
        assert b"Traceback" not in err, err.decode()
    assert _wait_gone(marker) == []


def _check_workers(pid: int) -> list[int]:
    """The children of `pid` that are compile-check workers, not ruff."""
    found: list[int] = []
    for child in _children(pid):
        try:
            if b"compile_worker.py" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            pass
    return found


@pytest.mark.skipif(
    not Path("/proc/self/task").exists() or (os.cpu_count() or 1) < 2,
    reason="needs /proc and two cores (the check runs in one process otherwise)",
)
def test_sigterm_while_generate_runs_its_check_workers(tmp_path: Path) -> None:
    """The reproducer: SIGTERM to `odsgen generate` while the shipped specs' outputs
    are compiled in worker processes. It exits promptly, its output pipe closes,
    and it leaves no worker, no staging directory and no partial tree."""
    root = tmp_path / "project"
    shutil.copytree(REPO_ROOT / "opdefs", root / "opdefs")
    proc = subprocess.Popen(
        [str(ODSGEN), "generate", "--root", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 300
    while not _check_workers(proc.pid):
        assert proc.poll() is None, "generation ended before its check workers were seen"
        assert time.monotonic() < deadline
        time.sleep(0.002)
    proc.send_signal(signal.SIGTERM)
    _, err = _finish(proc, 60)
    assert proc.returncode == 128 + signal.SIGTERM, err.decode()
    assert b"Traceback" not in err
    assert not (root / "generated").exists()
    assert sorted(p.name for p in root.iterdir()) == ["opdefs"]
    assert _wait_gone(str(root)) == []


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_second_generation_waits_for_the_first(tmp_path: Path) -> None:
    """While another generation holds the project, a run waits (so that it cannot
    clear the other's staging directory), and a signal still stops it."""
    import fcntl

    root = _project(tmp_path)
    fd = os.open(root, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        command = [str(ODSGEN), "generate", "--root", str(root)]
        waiting = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        stopped = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(3)
        assert waiting.poll() is None
        assert stopped.poll() is None
        assert not (root / "generated").exists()
        stopped.send_signal(signal.SIGTERM)
        _finish(stopped, 30)
        assert stopped.returncode == 128 + signal.SIGTERM
    finally:
        os.close(fd)
    _, err = _finish(waiting, 300)
    assert waiting.returncode == 0, err.decode()
    assert main(["generate", "--check", "--root", str(root)]) == 0
