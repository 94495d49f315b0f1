"""Crafted inputs to `odsgen opt`: answered as mlir-opt-22 answers them, in bounded time.

Each test is built from a one-line reproducer: catastrophic `expected-error-re`
regexes, integer literals too long for Python's default int/str conversion,
hoisted constants of several float widths, and the text edge cases of MLIR's
lexer (carriage returns, NUL, numeric limits).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]
ODSGEN = Path(sys.executable).parent / "odsgen"


def _odsgen(args: list[str], *, stdin: bytes = b"", timeout: float = 60) -> tuple[int, str, str]:
    """`odsgen ARGS` as a separate process, so that a hang fails the test instead of it."""
    run = subprocess.run(
        [str(ODSGEN), *args], input=stdin, capture_output=True, timeout=timeout, check=False
    )
    return run.returncode, run.stdout.decode(), run.stderr.decode()


def test_catastrophic_expected_regex_is_abandoned_with_a_diagnostic(tmp_path: Path) -> None:
    """`{{(a+)+b}}` against a long run of `a`: reported at the annotation within seconds."""
    source = tmp_path / "re.mlir"
    source.write_text(
        '// expected-error-re@+1 {{{{(a+)+b}}}}\n"arith.' + "a" * 40 + '"() : () -> ()\n'
    )
    code, out, err = _odsgen(["opt", "--verify-diagnostics", str(source)], timeout=30)
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == (
        f"{source}:1:4: error: regex took more than 1 s to match and was abandoned "
        "(nested repetitions such as '(a+)+' backtrack exponentially)"
    )
    # Then what mlir-opt-22 reports, whose matcher finds no match.
    assert f"{source}:2:1: error: unexpected error: unregistered operation" in err
    assert f'{source}:1:4: error: expected error "{{{{(a+)+b}}}}" was not produced' in err
    assert "Traceback" not in err
    assert out == ""


def test_ordinary_expected_regex_still_matches(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """The time limit leaves a regex that matches quickly as it was."""
    source = tmp_path / "re.mlir"
    source.write_text(
        "// expected-error-re@+1 {{unregistered operation 'arith.{{(a+)+}}' found}}\n"
        '"arith.' + "a" * 40 + '"() : () -> ()\n'
    )
    code, _out, err = run_odsgen(["opt", "--verify-diagnostics", str(source)])
    assert (code, err) == (0, "")
