"""Op interfaces as classes: what a pass may ask of an op of any dialect.

As MLIR's `OpInterface`s, an interface is a way to treat ops of different
dialects alike: a generated op class inherits the interfaces its spec declares
(`class BranchOp(OdsOp, BranchOpInterface)`), and a pass tests
`isinstance(op, BranchOpInterface)` (MLIR's `dyn_cast<BranchOpInterface>`).
Each interface is an `Operation` subclass without state (`__slots__ = ()`), so a
narrowed op keeps its type for the type checker; its methods must therefore not
take the names of `Operation`'s (`verify_symbol`, not `verify`).

An interface declares the methods the runtime has for it: `OpAsmOpInterface`
the names the printer gives to an op's results and block arguments,
`SymbolOpInterface` MLIR's symbol check. Most of MLIR's other interface methods
(successor operands, callees, loop bounds) are written as checks in the op's own
verifier, so most interfaces here carry no methods yet; they still say what an op
is.

ODS's `Symbol` trait is `SymbolOpInterface`; `FunctionOpInterface` is a
`SymbolOpInterface` and a `CallableOpInterface`, as in MLIR.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.ir.attributes import StringAttr
from generator.ir.core import Operation, Region
from generator.ir.properties import get_property, inherent_or_discardable

__all__ = [
    "BranchOpInterface",
    "CallOpInterface",
    "CallableOpInterface",
    "CastOpInterface",
    "ConditionallySpeculatable",
    "FunctionOpInterface",
    "InferTypeOpInterface",
    "LoopLikeOpInterface",
    "OpAsmOpInterface",
    "OpInterface",
    "RegionBranchOpInterface",
    "RegionKindInterface",
    "ShapedDimOpInterface",
    "SymbolOpInterface",
    "SymbolUserOpInterface",
]


class OpInterface(Operation):
    """The base of op interfaces; never instantiated on its own."""

    __slots__ = ()


class OpAsmOpInterface(OpInterface):
    """An op that suggests names for the values it defines when printed (the
    printer asks only ops that implement it). The spec's `asmResultNames` makes a
    generated op implement it; `Operation.DEFAULT_DIALECT` is the interface's
    `getDefaultDialect`, kept on every op class for the parser."""

    __slots__ = ()

    def asm_result_names(self) -> Sequence[tuple[int, str]]:
        """Suggested result names as (result index, name) (`getAsmResultNames`);
        the printer makes them unique (`%c1_i32`, `%c1_i32_0`)."""
        return ()

    def asm_block_arg_names(self, region: Region) -> Sequence[tuple[int, str]]:
        """Suggested names of the entry block arguments of one of the op's regions,
        as (argument index, name) (`getAsmBlockArgumentNames`)."""
        return ()


class BranchOpInterface(OpInterface):
    """A terminator that branches to successor blocks, passing operands to their
    arguments (the op's verifier checks that they match)."""

    __slots__ = ()


class RegionBranchOpInterface(OpInterface):
    """An op whose regions are entered and left by control flow it defines
    (`scf.if`, `affine.for`): values flow from the op to its regions and back."""

    __slots__ = ()


class LoopLikeOpInterface(OpInterface):
    """A loop: a region run a number of times, with induction variables."""

    __slots__ = ()


class CallOpInterface(OpInterface):
    """A call: transfers control to a callable named by a symbol or a value."""

    __slots__ = ()


class CallableOpInterface(OpInterface):
    """A callable region: the target of a call (a function)."""

    __slots__ = ()


class SymbolOpInterface(OpInterface):
    """A symbol: an op named by its `sym_name` in the nearest symbol table, with a
    `sym_visibility` (ODS's `Symbol` trait)."""

    __slots__ = ()

    def verify_symbol(self, *, optional: bool = False) -> str | None:
        """MLIR's `detail::verifySymbol`: a message unless the op has a string
        `sym_name` (or none, when the symbol is `optional`, as `builtin.module`'s
        is) and a known visibility."""
        op = self
        name = get_property(op, "sym_name") or op.attributes.get_entry("sym_name")
        if not isinstance(name, StringAttr) and not (optional and name is None):
            return "requires string attribute 'sym_name'"
        vis = inherent_or_discardable(op, "sym_visibility")
        if vis is not None and (
            not isinstance(vis, StringAttr) or vis.value not in ("public", "private", "nested")
        ):
            return (
                f'visibility expected to be one of ["public", "private", "nested"], but got {vis}'
            )
        return None


class FunctionOpInterface(SymbolOpInterface, CallableOpInterface):
    """A function: a symbol with a callable body, a function type and argument and
    result attributes."""

    __slots__ = ()


class SymbolUserOpInterface(OpInterface):
    """An op that refers to symbols, checked against the symbol table around it."""

    __slots__ = ()


class CastOpInterface(OpInterface):
    """A cast: one value converted to another type, folded when the types agree."""

    __slots__ = ()


class InferTypeOpInterface(OpInterface):
    """An op whose result types follow from its operands and attributes, so that
    its custom form and builders leave them out."""

    __slots__ = ()


class RegionKindInterface(OpInterface):
    """An op that says which of its regions are graph regions (the
    `HasOnlyGraphRegion` trait says all of them are)."""

    __slots__ = ()


class ConditionallySpeculatable(OpInterface):
    """An op that may be speculated depending on its operands (`arith.divui`)."""

    __slots__ = ()


class ShapedDimOpInterface(OpInterface):
    """An op reading one size of a shaped value (`source`, then the `index`
    operand): the affine dialect accepts its result as a dimension or symbol
    where it can."""

    __slots__ = ()
