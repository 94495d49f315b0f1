"""A dialect attribute without parameters is its mnemonic alone: generated, never dropped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from generator.cli import main

SPEC = """name: u
attributes:
  - def: U_MarkerAttr
    mnemonic: marker
    summary: a marker
ops:
  - def: U_AOp
    mnemonic: a
    attributes: [{name: x, type: U_MarkerAttr}]
"""

_RUN = """
import generated
from generator.ir import print_operation
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

text = '"u.a"() <{x = #u.marker}> : () -> ()'
module = parse_source(SourceFile("a.mlir", text), generated.context())
module.verify()
print(print_operation(next(iter(module.regions[0].blocks[0].ops)), generic=True), end="")
"""


def test_parameterless_attribute_round_trips(tmp_path: Path) -> None:
    """`#u.marker` is read and printed by the generated class."""
    (tmp_path / "opdefs").mkdir()
    (tmp_path / "opdefs" / "u.yaml").write_text(SPEC, encoding="utf-8")
    assert main(["generate", "--root", str(tmp_path)]) == 0
    run = subprocess.run(
        [sys.executable, "-c", _RUN], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == '"u.a"() <{x = #u.marker}> : () -> ()\n'
