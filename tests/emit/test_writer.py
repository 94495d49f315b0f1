"""`generated/` freshness and the all-or-nothing writer behind `odsgen generate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import main
from generator.emit import OutputFile, write_tree
from generator.emit.schema import schema_output

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_generated_tree_is_fresh(capsys: pytest.CaptureFixture[str]) -> None:
    """The committed generated/ equals a fresh generation (run `make generate` if not)."""
    code = main(["generate", "--check", "--root", str(REPO_ROOT)])
    assert code == 0, capsys.readouterr().err


def test_outputs_include_the_yaml_schema() -> None:
    """The JSON Schema of the YAML spec form is generated, marked as generated."""
    schema = schema_output().text
    doc = json.loads(schema)
    assert "DO NOT EDIT" in doc["$comment"]
    assert "OpDef" in doc["$defs"]


def _tree(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_check_reports_stale_missing_and_orphans_and_writes_nothing(tmp_path: Path) -> None:
    """Check mode lists every difference and leaves the tree untouched."""
    (tmp_path / "a.py").write_text("old\n", encoding="utf-8")
    (tmp_path / "orphan.py").write_text("x\n", encoding="utf-8")
    before = _tree(tmp_path)
    outputs = [OutputFile("a.py", "new\n"), OutputFile("sub/b.py", "b\n")]
    report = write_tree(tmp_path, outputs, check=True)
    assert report.lines() == ["stale: a.py", "missing: sub/b.py", "orphan: orphan.py"]
    assert _tree(tmp_path) == before


def test_write_makes_the_tree_equal_to_the_outputs(tmp_path: Path) -> None:
    """Write mode updates, creates and deletes, leaving no temporary files behind."""
    (tmp_path / "a.py").write_text("old\n", encoding="utf-8")
    (tmp_path / "orphan.py").write_text("x\n", encoding="utf-8")
    outputs = [OutputFile("a.py", "new\n"), OutputFile("sub/b.py", "b\n")]
    write_tree(tmp_path, outputs, check=False)
    assert _tree(tmp_path) == {"a.py": "new\n", "sub/b.py": "b\n"}
    assert write_tree(tmp_path, outputs, check=True).clean


def test_check_fails_with_the_fix_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stale tree makes `odsgen generate --check` exit 1 and name the file and the fix."""
    (tmp_path / "opdefs").mkdir()
    main(["generate", "--root", str(tmp_path)])
    capsys.readouterr()
    (tmp_path / "generated" / "__init__.py").write_text("edited\n", encoding="utf-8")
    assert main(["generate", "--check", "--root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "stale: __init__.py" in err
    assert "make generate" in err
