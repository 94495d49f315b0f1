"""Types an op's traits tie together: the one inference behind custom forms and builders.

`SameOperandsAndResultType`, `SameTypeOperands`, `AllTypesMatch` and
`TypesMatchWith` say that the type of one operand, result or attribute is the
type of another (or, for `TypesMatchWith`, a function of it). Two places use
that: the custom-form parser, which need not read a type it can infer from one it
has read (mlir-tblgen's `OpFormatGen`), and the builders, which need not take a
result type they can infer from their operands. Both call `infer_types` with
what they know.

Precedence is `OpFormatGen`'s, whose resolver map each trait writes in turn:
traits are read in the order the spec lists them and a later trait overrides
what an earlier one said about the same value; within `AllTypesMatch` a later
known value overrides an earlier one. `SameTypeOperands` and
`SameOperandsAndResultType` take the first known operand (or, for the latter,
result when no operand is known).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from generator.spec.model import OpDef

__all__ = ["TypeLink", "infer_types"]

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class TypeLink(Generic[S]):
    """The type of a value is the type of `source` (by `trait`), or `transform` of it:
    a Python expression over `$_self` (`TypesMatchWith`)."""

    trait: str
    source: S
    transform: str | None = None


def _first_known(names: list[str], known: Callable[[str], S | None]) -> S | None:
    for name in names:
        source = known(name)
        if source is not None:
            return source
    return None


def infer_types(op: OpDef, known: Callable[[str], S | None]) -> dict[str, TypeLink[S]]:
    """The operands, results and attributes (by name) whose type `op`'s traits tie to
    a value `known` returns a source for; see the module docstring for precedence.

    `known(name)` gives whatever the caller uses to refer to that value's type (a
    format binding, a Python expression), or None when the type is not known there.
    Names that are known themselves are left out of the result.
    """
    out: dict[str, TypeLink[S]] = {}
    operand_names = [o.name for o in op.operands]
    result_names = [r.name for r in op.results]
    for trait in op.traits:
        args = trait.args
        if trait.name == "AllTypesMatch" and args:
            group = args[0] if isinstance(args[0], tuple) else args
            names = [str(a) for a in group]
            for index, name in enumerate(names):
                source = known(name)
                if source is None:
                    continue
                for other in names[:index] + names[index + 1 :]:
                    out[other] = TypeLink(trait.name, source)
        elif trait.name in ("SameTypeOperands", "SameOperandsAndResultType"):
            with_results = trait.name == "SameOperandsAndResultType"
            source = _first_known(operand_names, known)
            if source is None and with_results:
                source = _first_known(result_names, known)
            if source is None:
                continue
            for name in operand_names + (result_names if with_results else []):
                if known(name) is None:
                    out[name] = TypeLink(trait.name, source)
        elif trait.name == "TypesMatchWith" and len(args) >= 4:
            source = known(str(args[1]))
            if source is not None:
                out[str(args[2])] = TypeLink(trait.name, source, str(args[3]))
    return {name: link for name, link in out.items() if known(name) is None}
