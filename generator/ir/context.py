"""The context: which dialects and ops are known, and how strict parsing is.

Generated dialect packages register their op classes here; the parser asks the
context for the class of each op name it reads. Ops of dialects nobody
registered are accepted only when `allow_unregistered_dialects` is set, as with
mlir-opt's `--allow-unregistered-dialect`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from generator.ir.core import Operation

__all__ = ["Context"]

_Op = TypeVar("_Op", bound=type[Operation])

#: Ops the runtime itself knows, whatever dialects are registered.
_BUILTIN_OPS = frozenset({"builtin.module", "builtin.unrealized_conversion_cast"})


class Context:
    """Registered dialects and op classes, plus parsing options."""

    __slots__ = ("allow_unregistered_dialects", "dialects", "ops")

    #: Op classes registered process-wide by generated dialect packages.
    _global_ops: ClassVar[dict[str, type[Operation]]] = {}
    _global_dialects: ClassVar[set[str]] = {"builtin"}
    #: Loads a dialect's package by name (`generated.load_dialect`), for dialects
    #: loaded on first use; None when nothing is loaded lazily.
    _dialect_loader: ClassVar[Callable[[str], bool] | None] = None
    _load_attempted: ClassVar[set[str]] = set()
    #: Registered dialects that accept ops they do not define (open dialects).
    _open_dialects: ClassVar[set[str]] = set()
    #: The class of the ops an open dialect does not define, by dialect.
    _fallback_ops: ClassVar[dict[str, type[Operation]]] = {}

    def __init__(self, *, allow_unregistered_dialects: bool = False) -> None:
        self.allow_unregistered_dialects = allow_unregistered_dialects
        self.ops: dict[str, type[Operation]] = dict(self._global_ops)
        self.dialects: set[str] = set(self._global_dialects)

    @classmethod
    def register_op_globally(cls, op_class: _Op) -> _Op:
        """Register an op class for every context created afterwards (a class decorator)."""
        name = op_class.OPERATION_NAME
        if name is None:
            raise ValueError(f"{op_class.__name__} has no OPERATION_NAME")
        cls._global_ops[name] = op_class
        cls._global_dialects.add(name.partition(".")[0])
        return op_class

    @classmethod
    def set_dialect_loader(cls, loader: Callable[[str], bool] | None) -> None:
        """Load dialects on first use with `loader(name)` (True when it loaded one).

        As MLIR contexts load dialects lazily, the parser then imports a generated
        dialect only when the input names one of its ops, types or attributes.
        """
        cls._dialect_loader = loader
        cls._load_attempted.clear()

    def ensure_dialect(self, dialect: str) -> None:
        """Load `dialect` if a loader is set and it is not known yet; refresh this
        context with whatever the load registered."""
        if dialect in self.dialects:
            return
        if dialect not in Context._global_dialects:
            loader = Context._dialect_loader
            if loader is None or dialect in Context._load_attempted:
                return
            Context._load_attempted.add(dialect)
            loader(dialect)
        if dialect in Context._global_dialects:
            self.ops.update(Context._global_ops)
            self.dialects.update(Context._global_dialects)

    @classmethod
    def register_dialect_globally(cls, dialect: str) -> None:
        """Know `dialect` in every context created afterwards (a dialect of types or
        attributes only has no op to register it)."""
        cls._global_dialects.add(dialect)

    @classmethod
    def register_open_dialect(cls, dialect: str) -> None:
        """Make `dialect` open: its unknown ops are valid, unregistered ops
        (MLIR's `Dialect::allowUnknownOperations()`)."""
        cls._global_dialects.add(dialect)
        cls._open_dialects.add(dialect)

    @classmethod
    def register_fallback_op(cls, dialect: str, op_class: type[Operation]) -> None:
        """Make `dialect` open, its unknown ops instances of `op_class`.

        The class gives those ops a custom form (its `parse` and `print`, with the
        op's name in `Parser.custom_op` while parsing), result names and
        invariants, as an MLIR dialect's parse hook and interface fallback do
        for the ops it does not register. Ops the dialect defines are unaffected.
        """
        cls.register_open_dialect(dialect)
        cls._fallback_ops[dialect] = op_class

    def fallback_op(self, dialect: str) -> type[Operation] | None:
        """The class of the unknown ops of `dialect`, if it registered one."""
        return self._fallback_ops.get(dialect)

    def is_open_dialect(self, dialect: str) -> bool:
        """True when the dialect accepts ops it does not define."""
        return dialect in self._open_dialects

    def register_op(self, op_class: type[Operation]) -> None:
        """Register an op class in this context only."""
        name = op_class.OPERATION_NAME
        if name is None:
            raise ValueError(f"{op_class.__name__} has no OPERATION_NAME")
        self.ops[name] = op_class
        self.dialects.add(name.partition(".")[0])

    def lookup_op(self, name: str) -> type[Operation] | None:
        """Return the registered class for an op name, or None."""
        return self.ops.get(name)

    def is_known_op(self, name: str) -> bool:
        """True when the op is registered or built into the runtime."""
        return name in self.ops or name in _BUILTIN_OPS

    def is_known_dialect(self, dialect: str) -> bool:
        """True when some op of this dialect is registered."""
        return dialect in self.dialects
