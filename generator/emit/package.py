"""The `init` backend: `generated/__init__.py` and each dialect's `__init__.py`.

A dialect package's `__init__` imports its modules (which registers the op and
attribute classes with the runtime) and re-exports their public names. The root
package lists the dialects and loads them all for `odsgen opt`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["DialectPackageView", "RootPackageView"]


@dataclass
class DialectPackageView:
    """`generated/<dialect>/__init__.py`."""

    dialect: str
    package: str
    source: str
    summary: str
    modules: list[tuple[str, list[str]]]
    """Each module and the names it exports, in import order."""
    all_names: list[str]


@dataclass
class RootPackageView:
    """`generated/__init__.py`."""

    sources: str
    packages: list[str]
    dialects: list[tuple[str, str]] = field(default_factory=list)
    """(dialect name, package) of every dialect, sorted by name."""
