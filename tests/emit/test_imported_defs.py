"""A dialect naming another dialect's enum attribute, and enum attributes written `$value`.

`friend` defines an enum attribute `#friend<level high>` (the format "$value");
`user`'s op takes it as a default-valued property, as MLIR's `math` ops take
`arith`'s fast-math flags. Generated together, `user`'s `ops.py` imports the class
from `friend`'s package, its custom form writes the case alone, and its generic form
keeps the value `friend`'s. A dialect whose definitions are imported but not
generated in the same run is an error at the import.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main

FRIEND = """name: friend
enums:
  - def: Friend_Level
    kind: i32
    cpp_namespace: "::friendly"
    cases: [{symbol: low, value: 0}, {symbol: high, value: 1}]
attributes:
  - def: Friend_LevelAttr
    mnemonic: level
    enum: Friend_Level
    assembly_format: $value
"""

USER = """name: user
imports:
  - dialect: friend
    file: friend.yaml
    enums:
      - def: Friend_Level
        kind: i32
        cpp_namespace: "::friendly"
        cases: [{symbol: low, value: 0}, {symbol: high, value: 1}]
    attributes:
      - {def: Friend_LevelAttr, mnemonic: level, enum: Friend_Level, assembly_format: $value}
ops:
  - def: User_TuneOp
    mnemonic: tune
    attributes: [{name: level, type: 'DefaultValuedAttr<Friend_LevelAttr, "low">'}]
    assembly_format: "(`at` `` $level^)? attr-dict"
    extra_code: |
      def is_high(self) -> bool:
          return self.level == Level.high
"""

_RUN = """
import generated
from generator.ir import print_operation
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

text = '''
user.tune
user.tune at high
"user.tune"() <{level = #friend<level high>}> : () -> ()
"user.tune"() <{level = #friend<level low>}> : () -> ()
'''
module = parse_source(SourceFile("a.mlir", text), generated.context())
module.verify()
ops = list(module.regions[0].blocks[0].ops)
for op in ops:
    custom = print_operation(op, generic=False).strip()
    generic = print_operation(op).strip()
    print(custom, "|", generic, "|", op.is_high())
"""


def _project(tmp_path: Path, *specs: tuple[str, str]) -> Path:
    (tmp_path / "opdefs").mkdir()
    for name, text in specs:
        (tmp_path / "opdefs" / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_imported_enum_attribute(tmp_path: Path) -> None:
    """The op reads and writes the other dialect's attribute, in both forms."""
    root = _project(tmp_path, ("friend.yaml", FRIEND), ("user.yaml", USER))
    assert main(["generate", "--root", str(root)]) == 0
    ops_py = (root / "generated" / "user" / "ops.py").read_text(encoding="utf-8")
    assert "from generated.friend.attrs import" in ops_py
    run = subprocess.run(
        [sys.executable, "-c", _RUN], cwd=root, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        'user.tune | "user.tune"() <{level = #friend<level low>}> : () -> () | False',
        'user.tune at high | "user.tune"() <{level = #friend<level high>}> : () -> () | True',
        'user.tune at high | "user.tune"() <{level = #friend<level high>}> : () -> () | True',
        'user.tune | "user.tune"() <{level = #friend<level low>}> : () -> () | False',
    ]


def test_bad_case_names_the_enum_with_its_namespace(tmp_path: Path) -> None:
    """A case the enum does not have is reported as MLIR reports it."""
    root = _project(tmp_path, ("friend.yaml", FRIEND), ("user.yaml", USER))
    assert main(["generate", "--root", str(root)]) == 0
    source = root / "bad.mlir"
    source.write_text("user.tune at middle\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "generator.cli", "opt", str(source)],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stderr.startswith(
        f"{source}:1:14: error: custom op 'user.tune' expected ::friendly::Level to be one "
        "of: low, high\n"
    )


def test_import_of_a_dialect_not_generated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Importing from a dialect that the run does not generate is an error at the import."""
    root = _project(tmp_path, ("user.yaml", USER))
    assert main(["generate", "--root", str(root)]) == 1
    err = capsys.readouterr().err
    assert "user.yaml:3:5: error: dialect 'friend', whose definitions 'user' uses, is not " in err
    assert not (root / "generated").exists()
