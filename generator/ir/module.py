"""A parsed top-level module together with what lives beside it in the file.

MLIR files can end with a `{-# dialect_resources: ... #-}` section holding blobs
that `dense_resource<...>` attributes refer to; it is not part of the op tree, so
the parser returns it next to the module and the printer prints it back after.
"""

from __future__ import annotations

from generator.ir.attributes import Attribute
from generator.ir.core import Operation

__all__ = ["ParsedModule", "ResourceBlob"]


class ResourceBlob:
    """One entry of a resource section: a hex blob string or another attribute value."""

    __slots__ = ("blob", "key", "value")

    def __init__(self, key: str, blob: str | None, value: Attribute | None) -> None:
        self.key = key
        #: The `"0x..."` text (alignment word first), kept verbatim.
        self.blob = blob
        #: A non-blob entry value (MLIR allows bools and strings too).
        self.value = value


class ParsedModule:
    """The top-level op of a buffer and its dialect resources (dialect → key → blob)."""

    __slots__ = ("op", "resources")

    def __init__(self, op: Operation, resources: dict[str, dict[str, ResourceBlob]]) -> None:
        self.op = op
        self.resources = resources
