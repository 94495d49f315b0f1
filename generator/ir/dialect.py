"""Dialects as objects, and the registry a context loads them from.

A `Dialect` is what one dialect contributes to a context: its op classes, its
type and attribute classes, whether it is open to ops it does not define (and the
class of those ops), its constant materializer, its pattern sets, and how its
type parser words an unknown type. A generated dialect package builds one
`Dialect` in its `__init__` (`DIALECT`); importing the package registers nothing
anywhere. A `Context` loads dialects, as an `MLIRContext` does.

A `DialectRegistry` names the dialects that can be loaded without being imported
yet (MLIR's `DialectRegistry`): each entry is a module path whose `DIALECT` is
imported on first use, so a context given a registry loads a dialect only when
its input names one of its ops, types or attributes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeAlias

if TYPE_CHECKING:
    from generator.ir.attributes import Attribute
    from generator.ir.core import Location, Operation
    from generator.ir.rewrite import PatternLike, PatternRewriter
    from generator.ir.types import Type

__all__ = [
    "NATIVE_TYPES",
    "ConstantMaterializer",
    "Dialect",
    "DialectRegistry",
    "PatternSetEntry",
]

#: MLIR dialects whose types are C++ classes rather than `TypeDef`s (so nothing in
#: their `.td` files generates them), by dialect name: the module of
#: `generator.ir.dialects` that writes them, with its tuple of type classes and its
#: unknown-mnemonic message. A `Dialect` of that name has those types too, beside
#: the ones it is given, as MLIR's dialect registers its C++ types itself; the
#: module is imported only then.
NATIVE_TYPES: dict[str, tuple[str, str, str]] = {
    "quant": ("generator.ir.dialects.quant", "QUANT_TYPES", "quant_unknown_type_message"),
}

#: Builds a constant op of a dialect from an attribute and a result type, with the
#: rewriter at its insertion point; None when the value cannot be materialized.
ConstantMaterializer: TypeAlias = (
    "Callable[[PatternRewriter, Attribute, Type, Location | None], Operation | None]"
)

#: A member of a pattern set: a pattern, or a pattern class the driver instantiates.
PatternSetEntry: TypeAlias = "type[PatternLike] | PatternLike"


class Dialect:
    """One dialect: its ops, types, attributes and dialect-wide hooks.

    - `ops`: the op classes; each gets this dialect as its `DIALECT`, as an MLIR op
      knows its dialect.
    - `types`, `attributes`: the dialect's type and attribute classes; each has
      `DIALECT` and `MNEMONIC` class variables naming what it parses.
    - `is_open`: ops of the namespace it does not define are valid, unregistered
      ops (MLIR's `allowUnknownOperations`); `fallback_op` is then the class of
      those ops, giving them a custom form, result names and invariants.
    - `constant_materializer`: turns folded attributes into constant ops of the
      dialect (MLIR's `Dialect::materializeConstant`).
    - `unknown_type_message`: the parse error for `!name.mnemonic` of an unknown
      mnemonic, when the dialect's own type parser words it differently from
      ODS's generated one.
    - `pattern_sets`: rewrite patterns by set name; `canonicalize` is the set
      `--canonicalize` applies.
    """

    __slots__ = (
        "attributes",
        "constant_materializer",
        "fallback_op",
        "is_open",
        "name",
        "ops",
        "pattern_sets",
        "types",
        "unknown_type_message",
    )

    def __init__(
        self,
        name: str,
        *,
        ops: Sequence[type[Operation]] = (),
        types: Sequence[type[Type]] = (),
        attributes: Sequence[type[Attribute]] = (),
        is_open: bool = False,
        fallback_op: type[Operation] | None = None,
        constant_materializer: ConstantMaterializer | None = None,
        unknown_type_message: Callable[[str], str] | None = None,
        pattern_sets: Mapping[str, Sequence[PatternSetEntry]] | None = None,
    ) -> None:
        self.name = name
        self.ops: tuple[type[Operation], ...] = tuple(ops)
        self.types: tuple[type[Type], ...] = tuple(types)
        native = NATIVE_TYPES.get(name)
        if native is not None:
            module = importlib.import_module(native[0])
            own = {getattr(t, "MNEMONIC", None) for t in self.types}
            self.types += tuple(
                t for t in getattr(module, native[1]) if getattr(t, "MNEMONIC", None) not in own
            )
            if unknown_type_message is None:
                unknown_type_message = getattr(module, native[2])
        self.attributes: tuple[type[Attribute], ...] = tuple(attributes)
        self.is_open = is_open or fallback_op is not None
        self.fallback_op = fallback_op
        self.constant_materializer = constant_materializer
        self.unknown_type_message = unknown_type_message
        self.pattern_sets: dict[str, tuple[PatternSetEntry, ...]] = {
            k: tuple(v) for k, v in (pattern_sets or {}).items()
        }
        for op_class in self.ops:
            if op_class.OPERATION_NAME is None:
                raise ValueError(f"{op_class.__name__} has no OPERATION_NAME")
            op_class.DIALECT = self

    def __repr__(self) -> str:
        return f"<Dialect {self.name}: {len(self.ops)} ops>"


class DialectRegistry:
    """Dialects a context can load by name, imported on first use.

    `add_module(name, module)` names a module whose `DIALECT` attribute is the
    dialect; `add(dialect)` adds a dialect object already built.
    `add_pattern_module(module)` names a module of patterns that belong to no
    dialect (a pattern file's), whose `PATTERN_SETS` maps set names to patterns.
    """

    __slots__ = ("_loaded", "_modules", "_pattern_modules")

    #: The attribute of a dialect module that holds its `Dialect`.
    MODULE_ATTRIBUTE: ClassVar[str] = "DIALECT"

    def __init__(
        self, modules: Mapping[str, str] | None = None, pattern_modules: Iterable[str] = ()
    ) -> None:
        self._modules: dict[str, str] = dict(modules or {})
        self._loaded: dict[str, Dialect] = {}
        self._pattern_modules: list[str] = list(dict.fromkeys(pattern_modules))

    def add_pattern_module(self, module: str) -> None:
        """Offer the pattern sets of `module`'s `PATTERN_SETS` (see `pattern_sets`)."""
        if module not in self._pattern_modules:
            self._pattern_modules.append(module)

    @property
    def pattern_modules(self) -> list[str]:
        """The modules of patterns outside any dialect, in the order they were added."""
        return list(self._pattern_modules)

    def pattern_sets(self, module: str) -> dict[str, tuple[PatternSetEntry, ...]]:
        """The pattern sets of one pattern module, importing it."""
        sets = getattr(importlib.import_module(module), "PATTERN_SETS", None)
        if not isinstance(sets, Mapping):
            raise TypeError(f"module '{module}' has no PATTERN_SETS mapping")
        return {str(k): tuple(v) for k, v in sets.items()}

    def add(self, dialect: Dialect) -> None:
        """Make `dialect` loadable by its name."""
        self._loaded[dialect.name] = dialect

    def add_module(self, name: str, module: str) -> None:
        """Make the dialect `name` loadable from `module`'s `DIALECT`."""
        self._modules[name] = module

    @property
    def names(self) -> list[str]:
        """The names of every dialect this registry can load, sorted."""
        return sorted(set(self._modules) | set(self._loaded))

    def __contains__(self, name: object) -> bool:
        return name in self._modules or name in self._loaded

    def load(self, name: str) -> Dialect | None:
        """The dialect `name`, importing its module on first use; None when unknown."""
        dialect = self._loaded.get(name)
        if dialect is not None:
            return dialect
        module = self._modules.get(name)
        if module is None:
            return None
        loaded = getattr(importlib.import_module(module), self.MODULE_ATTRIBUTE, None)
        if not isinstance(loaded, Dialect):
            raise TypeError(f"module '{module}' has no Dialect named {self.MODULE_ATTRIBUTE}")
        self._loaded[name] = loaded
        return loaded

    def extend(self, other: DialectRegistry) -> None:
        """Add every dialect of `other`."""
        self._modules.update(other._modules)
        self._loaded.update(other._loaded)

    @classmethod
    def of(cls, dialects: Iterable[Dialect]) -> DialectRegistry:
        """A registry of dialect objects already built."""
        registry = cls()
        for dialect in dialects:
            registry.add(dialect)
        return registry
