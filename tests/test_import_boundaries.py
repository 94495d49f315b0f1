"""The layering rules of DESIGN.md §3: the runtime and generated code stay independent.

`generator/ir/` must never import the spec, tablegen or emit layers (or the command
line), and `generated/` may import only `generator.ir`. Both are checked statically
over every module's imports and dynamically in a fresh interpreter. Within the
runtime, the dialect-specific code of `generator/ir/dialects/` builds on the core,
which never imports it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN_FOR_RUNTIME = ("generator.spec", "generator.tablegen", "generator.emit", "generator.cli")


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def _modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _module_name(path: Path) -> str:
    """The dotted name of the module at `path` (a package's name for its `__init__.py`)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_there_are_runtime_modules_to_check() -> None:
    """The runtime package exists and has modules (so the checks below check something)."""
    assert len(_modules("generator/ir")) >= 10


@pytest.mark.parametrize("path", _modules("generator/ir"), ids=lambda p: p.name)
def test_runtime_does_not_import_tool_layers(path: Path) -> None:
    """No module of generator/ir imports the spec, tablegen, emit or CLI layers."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for line, name in _imports(path)
        if name.startswith(FORBIDDEN_FOR_RUNTIME)
    ]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", _modules("generated"), ids=lambda p: str(p.relative_to(ROOT)))
def test_generated_imports_only_the_runtime(path: Path) -> None:
    """Generated modules import nothing of odsgen but generator.ir."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for line, name in _imports(path)
        if name.startswith("generator") and not name.startswith("generator.ir")
    ]
    assert not bad, "\n".join(bad)


def test_loading_the_runtime_loads_no_tool_layer() -> None:
    """Importing every runtime module in a fresh interpreter pulls in no tool layer."""
    names = [_module_name(p) for p in _modules("generator/ir")]
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}: importlib.import_module(name)\n"
        "import generated\n"
        "generated.load_all_dialects()\n"
        f"bad = sorted(m for m in sys.modules if m.startswith({FORBIDDEN_FOR_RUNTIME!r}))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


_CORE = [p for p in _modules("generator/ir") if "dialects" not in p.relative_to(ROOT).parts]


@pytest.mark.parametrize("path", _CORE, ids=lambda p: p.name)
def test_core_runtime_does_not_import_dialect_code(path: Path) -> None:
    """Dialect-specific runtime code depends on the core runtime, never the reverse."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for line, name in _imports(path)
        if name.startswith("generator.ir.dialects")
    ]
    assert not bad, "\n".join(bad)


def test_loading_the_runtime_loads_no_dialect_code() -> None:
    """`import generator.ir` in a fresh interpreter loads no `generator.ir.dialects` module."""
    script = (
        "import sys\n"
        "import generator.ir\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('generator.ir.dialects'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_importing_the_runtime_leaves_interpreter_settings_alone() -> None:
    """A library does not change the process it is imported into: Python's limit on
    int/text conversion is lifted by the `odsgen` program, not by `import generator.ir`."""
    code = (
        "import sys; before = sys.get_int_max_str_digits(); "
        "import generator.ir, generated, generated.arith; "
        "assert sys.get_int_max_str_digits() == before, sys.get_int_max_str_digits()"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
