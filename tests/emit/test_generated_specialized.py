"""Generated code is specialized straight-line code: no template leftovers, no
generic group helpers, no duplicate constraint functions."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

GENERATED = Path(__file__).resolve().parents[2] / "generated"
MODULES = sorted(GENERATED.glob("*/*.py"))

#: Text that only a template looping or indexing over a computed list leaves.
LEFTOVERS = {
    "a loop run once": re.compile(r"for _ in range\(1\)"),
    "a subtraction of zero": re.compile(r"len\([^)]*\) - 0\b"),
    "an enumerate over a one-element tuple": re.compile(r"enumerate\(\([^()]*,\)"),
    "a generic group helper": re.compile(r"_(operand|result)_indices\("),
    "an inlined i1-of-the-same-shape type (`i1_same_shape`)": re.compile(
        r"VectorType\.get\([^,]+\.shape, IntegerType\.get\(1\)"
    ),
}


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(GENERATED)))
def test_no_template_leftovers(module: Path) -> None:
    """No generated module has code shaped by a template instead of by the op."""
    found = [
        f"{module.relative_to(GENERATED)}:{n}: {what}: {line.strip()}"
        for n, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1)
        for what, pattern in LEFTOVERS.items()
        if pattern.search(line)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(GENERATED)))
def test_no_duplicate_constraint_functions(module: Path) -> None:
    """Two module-level helper functions of one module never have the same body."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    bodies: defaultdict[str, list[str]] = defaultdict(list)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_"):
            key = ast.dump(node.args) + ast.dump(ast.Module(body=node.body, type_ignores=[]))
            bodies[key].append(node.name)
    duplicates = [names for names in bodies.values() if len(names) > 1]
    assert not duplicates, duplicates
