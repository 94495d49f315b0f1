"""The README's Python examples run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_python_examples() -> None:
    """The README shows at least one runnable Python example."""
    assert _python_blocks()


def test_readme_runtime_example_runs() -> None:
    """The runtime example parses, verifies, erases the dead op and prints the rest."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in _python_blocks():
            exec(compile(block, str(README), "exec"), {})
    printed = out.getvalue()
    assert printed.startswith('"builtin.module"() ({\n')
    assert '"foo.add"' not in printed
    assert '"foo.print"(%0) : (i32) -> ()' in printed
    assert (
        '%1 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32'
        in printed
    )
    assert '%2 = "arith.cmpi"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1' in printed
    assert (
        '    %0 = tfl.add %arg0, %arg1 {fused_activation_function = "RELU"} : tensor<4xf32>\n'
        "    return %0 : tensor<4xf32>\n"
    ) in printed
