"""Where the generator finds the files it ships beside its code.

The templates, the base library (`OpBase.td` and the rest of `opdefs/include/`)
and the specs of the built-in dialects live at the top of the repository;
`generator/_templates` and `generator/_opdefs` point there, so a checkout and an
installed wheel (which carries the files themselves under those names) find them
at the same place.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["BASE_LIBRARY", "BUILTIN_SPECS", "TEMPLATES", "builtin_spec_files"]

_HERE = Path(__file__).resolve().parent

#: The jinja2 templates, one per generated artifact.
TEMPLATES = _HERE / "_templates"

#: The specs of the built-in dialects (`opdefs/`).
BUILTIN_SPECS = _HERE / "_opdefs"

#: The base library every `.td` spec can include (`OpBase.td`, ...).
BASE_LIBRARY = BUILTIN_SPECS / "include"


def builtin_spec_files() -> list[Path]:
    """The built-in dialects' specs, sorted."""
    return sorted(
        p for p in BUILTIN_SPECS.glob("*") if p.suffix in (".td", ".yaml") and p.is_file()
    )
