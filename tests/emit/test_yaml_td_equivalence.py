"""Both spellings of a dialect generate the same code (DESIGN §4.2).

Every shipped TableGen spec is converted to YAML with `odsgen convert`, the YAML
specs (with the ones shipped as YAML) are generated in a scratch project, and each
output must equal the committed one, but for the name of the spec file it was
generated from.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.cli import main
from generator.emit.build import spec_files

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_yaml_specs_generate_the_same_files(tmp_path: Path) -> None:
    """Converted to YAML, the shipped specs produce byte-identical packages and docs."""
    root = tmp_path / "project"
    shutil.copytree(REPO_ROOT / "opdefs" / "include", root / "opdefs" / "include")
    specs = [p for p in spec_files(REPO_ROOT) if p.suffix == ".td"]
    assert specs
    for spec in specs:
        out = root / "opdefs" / f"{spec.stem}.yaml"
        assert main(["convert", str(spec), "--to", "yaml", "-o", str(out)]) == 0
    for spec in spec_files(REPO_ROOT):
        if spec.suffix == ".yaml":
            shutil.copy(spec, root / "opdefs" / spec.name)
    assert main(["generate", "--root", str(root)]) == 0
    compared = 0
    for ours in sorted((root / "generated").rglob("*")):
        rel = ours.relative_to(root / "generated").as_posix()
        if not ours.is_file() or rel == "manifest.json" or "__pycache__" in rel:
            continue
        text = ours.read_text(encoding="utf-8")
        for spec in specs:
            text = text.replace(f"opdefs/{spec.stem}.yaml", f"opdefs/{spec.stem}.td")
        committed = (REPO_ROOT / "generated" / rel).read_text(encoding="utf-8")
        assert text == committed, rel
        compared += 1
    assert compared >= 2 * len(specs)
