"""How types and attributes are uniqued: tables that forget what nothing uses.

Each type and attribute class keeps a table from its structural key to its one
instance (`IntegerType.get(32) is IntegerType.get(32)`), so equality is
identity. Types and attributes are immutable values, the same in every context,
so one table per class serves every context of the process.

A table must not keep every instance ever made, or a process that parses module
after module grows without bound. Weak references would cost memory and time on
every instance; instead, when a table has doubled since it was last swept,
`unique` drops the entries whose instance nothing but the table refers to. An
instance anything still refers to stays, so two live instances never share a
key and identity still decides equality; a dropped one is made anew when next
asked for. Sweeps are amortized: a table of n live entries is swept after n more
insertions, so memory follows the live IR and a lookup that hits stays one dict
lookup.

`unique` is the slow path of a `get`: it adds a new instance under a lock, so two
threads that make the same type at once end up with one instance.
"""

from __future__ import annotations

import sys
import threading
from typing import Generic, TypeVar

from mypy_extensions import mypyc_attr

__all__ = ["UniqueTable", "Uniqued", "unique"]

_K = TypeVar("_K")
_V = TypeVar("_V")

#: Entries a table holds before its first sweep.
_FIRST_SWEEP = 4096

_LOCK = threading.Lock()


class UniqueTable(dict[_K, _V], Generic[_K, _V]):
    """A uniquing table: structural key to the one instance (see the module docstring)."""

    __slots__ = ("sweep_at",)

    def __init__(self) -> None:
        super().__init__()
        #: The size at which the next insertion sweeps the table.
        self.sweep_at = _FIRST_SWEEP


def unique(table: UniqueTable[_K, _V], key: _K, value: _V) -> _V:
    """The instance of `key` in `table`: the one already there, else `value`, added."""
    with _LOCK:
        existing = table.get(key)
        if existing is not None:
            return existing
        if len(table) >= table.sweep_at:
            _sweep(table)
        table[key] = value
        return value


def _sweep(table: UniqueTable[_K, _V]) -> None:
    """Drop the entries only the table refers to; sweep again once it has doubled."""
    refcount = sys.getrefcount
    # The table's reference and the call's argument: nothing else holds the value.
    unused = [key for key in list(table) if refcount(table[key]) <= 2]
    for key in unused:
        del table[key]
    table.sweep_at = max(_FIRST_SWEEP, 2 * len(table))


@mypyc_attr(allow_interpreted_subclasses=True)
class Uniqued:
    """The base of types and attributes: immutable values, uniqued, whose text is cached.

    Subclasses write their text in `_print`. The text of a value that may print
    an alias (`has_alias_parts`) depends on the aliases in use, so it is not cached.
    """

    __slots__ = ("_text", "has_alias_parts")

    #: What the values are called in messages ("types", "attributes").
    KIND: str = "values"

    def __init__(self, has_alias_parts: bool = False) -> None:
        #: True when printing this value may reference an alias.
        self.has_alias_parts = has_alias_parts
        self._text: str | None = None

    def _print(self) -> str:
        """The value's text, as MLIR prints it."""
        raise NotImplementedError

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._print()
            if not self.has_alias_parts:
                self._text = text
        return text

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError(f"{self.KIND} are uniqued in-process and cannot be pickled")
