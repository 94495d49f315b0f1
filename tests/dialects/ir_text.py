"""Reading and printing IR text in the dialect tests, one way for all of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import generated
from generator.ir import print_operation, verify
from generator.ir.core import Operation
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

#: The root conftest's `run_odsgen` fixture: argv to (exit code, stdout, stderr).
RunOdsgen = Callable[[list[str]], tuple[int, str, str]]


def parse_verified(text: str, name: str = "x.mlir") -> Operation:
    """The module `text` holds, parsed and verified (registered dialects only)."""
    ctx = generated.context()
    module = parse_source(SourceFile(name, text), ctx)
    verify(module, ctx)
    return module


def print_text(text: str, *, generic: bool = False) -> str:
    """`text` parsed, verified and printed in the custom or the generic form."""
    return print_operation(parse_verified(text), generic=generic)


def check_verify_diagnostics(run_odsgen: RunOdsgen, tmp_path: Path, text: str) -> None:
    """`odsgen opt --split-input-file --verify-diagnostics` accepts `text`'s annotations."""
    path = tmp_path / "invalid.mlir"
    path.write_text(text, encoding="utf-8")
    code, _, err = run_odsgen(["opt", str(path), "--split-input-file", "--verify-diagnostics"])
    assert code == 0, err
