"""The `init` backend: `generated/__init__.py` and each dialect's `__init__.py`.

A dialect package's `__init__` imports its modules, re-exports their public
names and builds the dialect's `Dialect` (`DIALECT`) from the classes, hooks and
pattern sets they define. The root package lists the dialects and gives a
registry that loads them on first use, for `odsgen opt`.
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
    dialect_imports: list[tuple[str, str]] = field(default_factory=list)
    """(module, name) of what `DIALECT` is built from beyond the public names."""
    dialect_args: list[tuple[str, str]] = field(default_factory=list)
    """The keyword arguments of `Dialect(...)` after the name: (parameter, expression)."""
    pattern_file: bool = False
    """A file of patterns: the package exports `PATTERN_SETS`, not a `DIALECT`."""


@dataclass
class RootPackageView:
    """`generated/__init__.py`."""

    sources: str
    packages: list[str]
    dialects: list[tuple[str, str]] = field(default_factory=list)
    """(dialect name, package) of every dialect, sorted by name."""
    pattern_packages: list[str] = field(default_factory=list)
    """The packages of the pattern files, sorted."""
