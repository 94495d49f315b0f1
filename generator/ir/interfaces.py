"""Interfaces as classes: what a pass may ask of an op (type, attribute) of any dialect.

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

`InferTypeOpInterface` computes an op's result types from its operands and
attributes (`infer_return_types`, which each op implementing it defines): builders
given no result types and custom forms that leave them out call it, and the
verifier checks an op's result types against it, as MLIR's does.

A dialect spec defines interfaces of its own (ODS `OpInterface`, `TypeInterface`,
`AttrInterface`); they are generated into the dialect's package as subclasses of
`OpInterface`, `TypeInterface` and `AttrInterface`, with the spec's methods.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from generator.ir.attributes import Attribute, DictionaryAttr, StringAttr
from generator.ir.core import Operation, Region, Value
from generator.ir.properties import get_property, inherent_or_discardable
from generator.ir.types import Type
from generator.ir.verify_messages import emit_op_error, with_emitted

if TYPE_CHECKING:
    from generator.ir.opasm import AsmParser, SourcePos

__all__ = [
    "AttrInterface",
    "BranchOpInterface",
    "CallOpInterface",
    "CallableOpInterface",
    "CastOpInterface",
    "ConditionallySpeculatable",
    "FunctionOpInterface",
    "InferTypeError",
    "InferTypeOpInterface",
    "LoopLikeOpInterface",
    "OpAsmOpInterface",
    "OpInterface",
    "PoisonAttrInterface",
    "RegionBranchOpInterface",
    "RegionKindInterface",
    "ShapedDimOpInterface",
    "SymbolOpInterface",
    "SymbolUserOpInterface",
    "TypeInterface",
    "VectorElementTypeInterface",
]


class OpInterface(Operation):
    """The base of op interfaces; never instantiated on its own."""

    __slots__ = ()


class TypeInterface(Type):
    """The base of type interfaces (ODS `TypeInterface`); never instantiated on its
    own. The type classes of a dialect derive from the interfaces they implement."""

    __slots__ = ()


class AttrInterface(Attribute):
    """The base of attribute interfaces (ODS `AttrInterface`); never instantiated on
    its own."""

    __slots__ = ()


class PoisonAttrInterface(AttrInterface):
    """An attribute that stands for a poison value (MLIR's `ub::PoisonAttrInterface`),
    implemented by the `ub` dialect's `#ub.poison`.

    The element-wise folders of `generator.ir.folding` pass a poison operand through
    as their result, as MLIR's `CommonFolders.h` does, and a dialect's constant
    materializer turns such a result into a `ub.poison` op."""

    __slots__ = ()


class VectorElementTypeInterface(TypeInterface):
    """A type of a dialect that may be the element type of a vector (MLIR's
    `VectorElementTypeInterface`, as LLVM's `!llvm.ptr` in `vector<4x!llvm.ptr>`);
    the builtin integer, index and float types are without implementing it."""

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
    arguments (the op's verifier checks that they match).

    An op that says which of its operands go to which successor (MLIR's
    `getSuccessorOperands`) lets region simplification drop block arguments
    nothing uses, with the operands passed to them; one that does not keeps them.
    """

    __slots__ = ()

    def successor_operand_positions(self, index: int) -> range | None:
        """The positions of the operands passed to successor `index`, in the order of
        its block's arguments; None when the op does not say."""
        return None

    def erase_successor_operand(self, index: int, position: int) -> None:
        """Drop the operand passed to argument `position` of successor `index` (only
        for ops whose `successor_operand_positions` answers)."""
        raise NotImplementedError(f"'{self.name}' does not erase successor operands")


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


class InferTypeError(ValueError):
    """Raised by `infer_return_types` when no result types follow from what it was
    given; the message is reported after `'dialect.op' op `, as a verifier's is."""


class InferTypeOpInterface(OpInterface):
    """An op whose result types follow from its operands and attributes, so that
    its custom form and builders leave them out.

    Each op implementing it defines the classmethod `infer_return_types`; the
    others are the runtime's, called by generated builders, parsers and verifiers.
    """

    __slots__ = ()

    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        """The result types of an op with these operands, inherent attributes (the set
        ones, by name, defaults included) and regions (none, when a builder asks), or
        `InferTypeError` when there are none: MLIR's `inferReturnTypes`. The
        operands may not have been verified yet."""
        raise NotImplementedError(f"'{cls.OPERATION_NAME}' does not infer its result types")

    @classmethod
    def is_compatible_return_types(cls, inferred: Sequence[Type], actual: Sequence[Type]) -> bool:
        """Whether an op may have result types `actual` where `inferred` were inferred
        (MLIR's `isCompatibleReturnTypes`); by default, when they are the same."""
        return list(inferred) == list(actual)

    @classmethod
    def build_result_types(
        cls, operands: Sequence[Value], attributes: Mapping[str, Attribute | None]
    ) -> list[Type]:
        """The result types of an op a builder was given none for: `InferTypeError`
        (naming the op) when they cannot be inferred."""
        attrs = {name: value for name, value in attributes.items() if value is not None}
        for name, value in cls.DEFAULT_PROPERTIES:
            attrs.setdefault(name, value)
        try:
            return list(cls.infer_return_types(operands, attrs, ()))
        except InferTypeError as error:
            raise InferTypeError(f"'{cls.OPERATION_NAME}' op {error}") from None

    @classmethod
    def parse_result_types(
        cls,
        p: AsmParser,
        name_pos: SourcePos,
        operands: Sequence[Value],
        properties: Sequence[tuple[str, Attribute | None]],
        attributes: DictionaryAttr,
        regions: Sequence[Region],
    ) -> list[Type]:
        """The result types a custom form leaves out: inferred from the operands,
        the inherent attributes read (as properties or in the attribute dictionary)
        and the regions, as MLIR's generated parsers do; an error at the op name
        when they cannot be."""
        names = cls.PROPERTY_NAMES or frozenset()
        attrs = {name: value for name, value in attributes.entries if name in names}
        attrs.update((name, value) for name, value in properties if value is not None)
        for name, value in cls.DEFAULT_PROPERTIES:
            attrs.setdefault(name, value)
        try:
            return list(cls.infer_return_types(operands, attrs, regions))
        except InferTypeError as error:
            p.error_at(name_pos, f"'{cls.OPERATION_NAME}' op {error}")

    def verify_inferred_result_types(self) -> str | None:
        """MLIR's check of an op's result types against the inferred ones: both the
        mismatch (or the failed inference) and "failed to infer returned types"."""
        cls = type(self)
        attrs = dict(self.property_entries())
        try:
            inferred = list(cls.infer_return_types(self.operands, attrs, self.regions))
        except InferTypeError as error:
            return with_emitted(emit_op_error(self, str(error)), "failed to infer returned types")
        actual = [result.type for result in self.results]
        if cls.is_compatible_return_types(inferred, actual):
            return None
        return with_emitted(
            emit_op_error(
                self,
                f"inferred type(s) {_quoted_types(inferred)} are incompatible with return "
                f"type(s) of operation {_quoted_types(actual)}",
            ),
            "failed to infer returned types",
        )


def _quoted_types(types: Sequence[Type]) -> str:
    """Types as MLIR's diagnostics list them: `'i32', 'f32'`."""
    return ", ".join(f"'{t}'" for t in types)


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
