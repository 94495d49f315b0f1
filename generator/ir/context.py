"""The context: the dialects loaded for a run, and everything that comes with them.

A `Context` owns the state that depends on which dialects are loaded, as an
`MLIRContext` does: the op classes by name, the dialect type and attribute
classes by mnemonic, open dialects and their fallback op classes, constant
materializers, pattern sets, and how strict parsing is. Nothing of it is global:
two contexts in one process load different dialects and see only their own.

Dialects are `Dialect` objects (`generator.ir.dialect`). `load_dialect` loads one;
a context given a `DialectRegistry` also loads the registry's dialects on first
use (`get_or_load_dialect`), which the parser does when its input names an op,
type or attribute of a dialect not loaded yet. Ops of dialects nobody loaded are
accepted only when `allow_unregistered_dialects` is set, as with mlir-opt's
`--allow-unregistered-dialect`.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from generator.ir.dialect import Dialect, DialectRegistry, PatternSetEntry

if TYPE_CHECKING:
    from collections.abc import Iterable

    from generator.ir.attributes import Attribute
    from generator.ir.core import Operation
    from generator.ir.dialect import ConstantMaterializer
    from generator.ir.types import Type

__all__ = ["RUNTIME_DIALECT_MODULES", "Context", "register_runtime_attr"]

#: Dialect attributes the runtime implements rather than a spec (MLIR reads and
#: prints them in C++), by (dialect, mnemonic): a context finds one once it has
#: loaded that dialect. `generator.ir.dialects` modules register theirs on import.
_RUNTIME_ATTRS: dict[tuple[str, str], type[Attribute]] = {}


def register_runtime_attr(attr_class: type[Attribute]) -> None:
    """Make `attr_class` (with `DIALECT` and `MNEMONIC`) the class of
    `#dialect.mnemonic` in every context that loads its dialect."""
    key = (_class_str(attr_class, "DIALECT"), _class_str(attr_class, "MNEMONIC"))
    _RUNTIME_ATTRS[key] = attr_class


#: Types and attributes MLIR defines in C++ for a dialect, beyond what its spec can
#: declare: the runtime module holding them, by dialect name. The module has `TYPES`
#: and `ATTRIBUTES` (the classes) and `unknown_type_message` (its parser's error for
#: a type mnemonic it does not define); a context adds them when it loads a dialect
#: of that name.
RUNTIME_DIALECT_MODULES: dict[str, str] = {"spirv": "generator.ir.spirv"}

#: Ops the runtime itself knows, whatever dialects are loaded.
_BUILTIN_OPS = frozenset({"builtin.module", "builtin.unrealized_conversion_cast"})


class Context:
    """The loaded dialects, their ops, types, attributes and patterns, and parsing options.

    `ops` maps each op name of the loaded dialects to its class (the parser's
    lookup); use `lookup_op` outside the runtime's hot paths.
    """

    __slots__ = (
        "_attempted",
        "_attr_dialects",
        "_attrs",
        "_dialects",
        "_known_dialects",
        "_lock",
        "_pattern_modules_loaded",
        "_pattern_sets",
        "_registry",
        "_type_dialects",
        "_types",
        "allow_unregistered_dialects",
        "identified_types",
        "ops",
    )

    def __init__(
        self,
        *,
        allow_unregistered_dialects: bool = False,
        dialects: Iterable[Dialect] = (),
        registry: DialectRegistry | None = None,
    ) -> None:
        self.allow_unregistered_dialects = allow_unregistered_dialects
        self.ops: dict[str, type[Operation]] = {}
        self._dialects: dict[str, Dialect] = {}
        self._known_dialects: set[str] = {"builtin"}
        self._types: dict[tuple[str, str], type[Type]] = {}
        self._attrs: dict[tuple[str, str], type[Attribute]] = {}
        self._type_dialects: set[str] = set()
        self._attr_dialects: set[str] = set()
        self._pattern_sets: dict[str, list[PatternSetEntry]] = {}
        self._pattern_modules_loaded = False
        self._registry = registry
        self._attempted: set[str] = set()
        self._lock = threading.RLock()
        #: Types a dialect identifies by a name rather than by their parameters
        #: (LLVM's identified structs), by kind and name: what their first use
        #: made them, which every later use must repeat.
        self.identified_types: dict[tuple[str, str], object] = {}
        for dialect in dialects:
            self.load_dialect(dialect)
        if registry is not None and "builtin" in registry:
            # As in MLIR, the builtin dialect is always loaded.
            self.get_or_load_dialect("builtin")

    # -- loading --------------------------------------------------------------------

    def load_dialect(self, dialect: Dialect) -> Dialect:
        """Load `dialect` into this context (again loading one loaded already is a no-op)."""
        with self._lock:
            current = self._dialects.get(dialect.name)
            if current is dialect:
                return dialect
            if current is not None:
                raise ValueError(f"another dialect named '{dialect.name}' is already loaded")
            for op_class in dialect.ops:
                name = op_class.OPERATION_NAME
                assert name is not None
                self.ops[name] = op_class
            for type_class in dialect.types:
                key = (_class_str(type_class, "DIALECT"), _class_str(type_class, "MNEMONIC"))
                self._types[key] = type_class
                self._type_dialects.add(key[0])
            runtime = RUNTIME_DIALECT_MODULES.get(dialect.name)
            if runtime is not None:
                module = importlib.import_module(runtime)
                runtime_types: tuple[type[Type], ...] = module.TYPES
                for type_class in runtime_types:
                    key = (dialect.name, _class_str(type_class, "MNEMONIC"))
                    # A type the dialect's spec defines itself wins.
                    self._types.setdefault(key, type_class)
                    self._type_dialects.add(dialect.name)
                runtime_attrs: tuple[type[Attribute], ...] = module.ATTRIBUTES
                for attr_class in runtime_attrs:
                    key = (dialect.name, _class_str(attr_class, "MNEMONIC"))
                    self._attrs.setdefault(key, attr_class)
                    self._attr_dialects.add(dialect.name)
            for attr_class in dialect.attributes:
                key = (_class_str(attr_class, "DIALECT"), _class_str(attr_class, "MNEMONIC"))
                self._attrs[key] = attr_class
                self._attr_dialects.add(key[0])
            for set_name, patterns in dialect.pattern_sets.items():
                listed = self._pattern_sets.setdefault(set_name, [])
                listed.extend(p for p in patterns if p not in listed)
            self._dialects[dialect.name] = dialect
            self._known_dialects.add(dialect.name)
            return dialect

    def get_or_load_dialect(self, name: str) -> Dialect | None:
        """The loaded dialect `name`, loading it from the registry when it has it."""
        dialect = self._dialects.get(name)
        if dialect is not None or self._registry is None:
            return dialect
        with self._lock:
            if name in self._attempted:
                return self._dialects.get(name)
            self._attempted.add(name)
            loaded = self._registry.load(name)
            return self.load_dialect(loaded) if loaded is not None else None

    def ensure_dialect(self, name: str) -> None:
        """Load `name` from the registry if it is not loaded yet and the registry has it."""
        if name not in self._dialects and self._registry is not None:
            self.get_or_load_dialect(name)

    def load_all_available_dialects(self) -> None:
        """Load every dialect of the registry (MLIR's `loadAllAvailableDialects`), and
        its pattern modules."""
        if self._registry is not None:
            for name in self._registry.names:
                self.get_or_load_dialect(name)
        self.load_pattern_modules()

    def load_pattern_modules(self) -> None:
        """Add the pattern sets of the registry's pattern modules (pattern files, whose
        patterns belong to no dialect) to this context's, once."""
        if self._pattern_modules_loaded or self._registry is None:
            return
        self._pattern_modules_loaded = True
        for module in self._registry.pattern_modules:
            for name, patterns in self._registry.pattern_sets(module).items():
                self.add_patterns(name, patterns)

    @property
    def registry(self) -> DialectRegistry | None:
        """The registry dialects are loaded from on first use, if any."""
        return self._registry

    @property
    def loaded_dialects(self) -> list[Dialect]:
        """The loaded dialects, in load order."""
        return list(self._dialects.values())

    def dialect(self, name: str) -> Dialect | None:
        """The loaded dialect `name`, or None (it is not loaded by this call)."""
        return self._dialects.get(name)

    # -- ops ------------------------------------------------------------------------

    def register_op(self, op_class: type[Operation]) -> None:
        """Make one op class known to this context only, outside any dialect."""
        name = op_class.OPERATION_NAME
        if name is None:
            raise ValueError(f"{op_class.__name__} has no OPERATION_NAME")
        self.ops[name] = op_class
        self._known_dialects.add(name.partition(".")[0])

    def lookup_op(self, name: str) -> type[Operation] | None:
        """The class of the op `name` in the loaded dialects, or None."""
        return self.ops.get(name)

    def is_known_op(self, name: str) -> bool:
        """True when the op is loaded or built into the runtime."""
        return name in self.ops or name in _BUILTIN_OPS

    def is_known_dialect(self, dialect: str) -> bool:
        """True when the dialect is loaded (`builtin` always is)."""
        return dialect in self._known_dialects

    def is_open_dialect(self, dialect: str) -> bool:
        """True when the loaded dialect accepts ops it does not define."""
        loaded = self._dialects.get(dialect)
        return loaded is not None and loaded.is_open

    def fallback_op(self, dialect: str) -> type[Operation] | None:
        """The class of the unknown ops of an open dialect, if it has one."""
        loaded = self._dialects.get(dialect)
        return loaded.fallback_op if loaded is not None else None

    # -- types and attributes -------------------------------------------------------------

    def lookup_type(self, dialect: str, mnemonic: str) -> type[Type] | None:
        """The class of `!dialect.mnemonic` in the loaded dialects, or None."""
        return self._types.get((dialect, mnemonic))

    def dialect_has_types(self, dialect: str) -> bool:
        """Whether a loaded dialect defines types (so it knows all of its types)."""
        return dialect in self._type_dialects

    def unknown_type_message(self, dialect: str, mnemonic: str) -> str:
        """The parse error for `!dialect.mnemonic` when the dialect has no such type."""
        loaded = self._dialects.get(dialect)
        if loaded is not None and loaded.unknown_type_message is not None:
            return loaded.unknown_type_message(mnemonic)
        runtime = RUNTIME_DIALECT_MODULES.get(dialect)
        if runtime is not None:
            message: Callable[[str], str] = importlib.import_module(runtime).unknown_type_message
            return message(mnemonic)
        return f"unknown  type `{mnemonic}` in dialect `{dialect}`"

    def lookup_attr(self, dialect: str, mnemonic: str) -> type[Attribute] | None:
        """The class of `#dialect.mnemonic` in the loaded dialects (or, once its
        dialect is loaded, a runtime attribute: `register_runtime_attr`), or None."""
        found = self._attrs.get((dialect, mnemonic))
        if found is None and dialect in self._dialects:
            found = _RUNTIME_ATTRS.get((dialect, mnemonic))
        return found

    def dialect_has_attrs(self, dialect: str) -> bool:
        """Whether a loaded dialect defines attributes (so it knows all of them)."""
        return dialect in self._attr_dialects

    # -- rewriting ----------------------------------------------------------------------

    def pattern_set(self, name: str) -> list[PatternSetEntry]:
        """The patterns of the loaded dialects in the set `name` (empty when none)."""
        return list(self._pattern_sets.get(name, ()))

    def pattern_set_names(self) -> list[str]:
        """The names of the pattern sets of the loaded dialects, sorted."""
        return sorted(self._pattern_sets)

    def add_patterns(self, name: str, patterns: Iterable[PatternSetEntry]) -> None:
        """Add patterns to the set `name` of this context, outside any dialect."""
        listed = self._pattern_sets.setdefault(name, [])
        listed.extend(p for p in patterns if p not in listed)

    def constant_materializer(self, dialect: str) -> ConstantMaterializer | None:
        """The constant materializer of the loaded dialect `dialect`, if any."""
        loaded = self._dialects.get(dialect)
        return loaded.constant_materializer if loaded is not None else None


def _class_str(cls: type, name: str) -> str:
    value = getattr(cls, name, None)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{cls.__name__} has no {name}")
    return value
