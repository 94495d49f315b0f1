"""`lazy_module`: a module imported at its first use.

Generated dialect modules call the hand-written functions of a dialect's
implementation module (`implementationModule` in the spec). That module usually
imports the dialect's generated classes, so importing it while the generated
package is itself being imported would be circular; generated code binds it
through `lazy_module` instead, which imports it when a hook first calls into it.
Type checkers see a plain import of the module (generated code imports it under
`TYPE_CHECKING`), so calls into it are checked against its real signatures.

This module stays interpreted: it subclasses `ModuleType` and defines
`__getattr__`, which mypyc does not compile.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["lazy_module"]


class _LazyModule(ModuleType):
    """Stands for the module of the same name; imports it on the first attribute read."""

    def __getattr__(self, attribute: str) -> object:
        # Called only for names not found on the stand-in itself, so every use goes
        # to the real module (and sees a function replaced there, as in a test).
        module = self.__dict__.get("_odsgen_module")
        if module is None:
            module = importlib.import_module(self.__name__)
            self.__dict__["_odsgen_module"] = module
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<lazy module {self.__name__!r}>"


def lazy_module(name: str) -> ModuleType:
    """A stand-in for the module `name` (dotted) that imports it when first used.

    An import error surfaces at that first use, as the `ImportError` of importing
    `name` itself.
    """
    return _LazyModule(name)
