"""Op traits as classes, as MLIR's `OpTrait`s: what an op is, and the checks that go with it.

A generated op class lists its traits in `TRAITS`, a frozenset of the classes
here, and code asks `op.has_trait(IsTerminator)` (MLIR's `op->hasTrait<...>()`),
an O(1) membership test in a set `Operation` computes once per class. Traits
that imply others inherit from them (`Pure` is `NoMemoryEffect` and
`AlwaysSpeculatable`, as MLIR's `TraitList`), so `has_trait(NoMemoryEffect)`
holds for a `Pure` op.

Classes are named as MLIR's C++ trait classes. Where the ODS def has another
name, the spec layer maps it: `Terminator` is `IsTerminator`,
`IsolatedFromAbove` is `IsIsolatedFromAbove`, `Commutative`, `Idempotent` and
`Involution` are `IsCommutative`, `IsIdempotent` and `IsInvolution`, and
`RecursiveMemoryEffects` is `HasRecursiveMemoryEffects`. ODS's `Symbol` is an
interface (`SymbolOpInterface`, in `generator.ir.interfaces`).

A trait that checks something has a classmethod `verify(op) -> str | None`
(MLIR's `verifyTrait`), returning MLIR's message for a violation, and, for what it
checks after the op's regions verify, `verify_regions(op)` (MLIR's
`verifyRegionTrait`); generated verifiers call them directly. A trait that folds
(`IsCommutative`, `IsIdempotent`, `IsInvolution`) has a `FoldingTrait.fold(op)` the
folder tries after the op's own fold.

Parametric traits (`HasParent<"a">`, `ParentOneOf<["a", "b"]>`,
`SingleBlockImplicitTerminator<"x">`) are made by `HasParent.of("a")`, a
cached subclass that carries its op names in `PARAMS`: `op.has_trait(HasParent)`
holds for any parameterization, `op.has_trait(HasParent.of("a"))` for that one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from generator.ir import trait_checks
from generator.ir.attributes import Attribute
from generator.ir.core import OpResult
from generator.ir.verify_messages import VerifyMessage

if TYPE_CHECKING:
    from generator.ir.core import Operation, Value

__all__ = [
    "AffineScope",
    "AlwaysSpeculatable",
    "AtMostOneChildOf",
    "AttrSizedOperandSegments",
    "AttrSizedResultSegments",
    "AutomaticAllocationScope",
    "BroadcastableOperandsAndResultType",
    "ConstantLike",
    "Elementwise",
    "ElementwiseMappable",
    "FoldingTrait",
    "HasOnlyGraphRegion",
    "HasParent",
    "HasRecursiveMemoryEffects",
    "IsCommutative",
    "IsIdempotent",
    "IsInvolution",
    "IsIsolatedFromAbove",
    "IsTerminator",
    "MemRefsNormalizable",
    "NVVMRequiresSM",
    "NVVMRequiresSMa",
    "NoMemoryEffect",
    "NoRegionArguments",
    "NoSideEffect",
    "NoTerminator",
    "OnlyAllocatesResults",
    "OpTrait",
    "ParametricTrait",
    "ParentOneOf",
    "Pure",
    "RecursivelySpeculatable",
    "ResultsBroadcastableShape",
    "ReturnLike",
    "SameOperandsAndResultElementType",
    "SameOperandsAndResultRank",
    "SameOperandsAndResultShape",
    "SameOperandsAndResultType",
    "SameOperandsElementType",
    "SameOperandsShape",
    "SameTypeOperands",
    "SameVariadicOperandSize",
    "SameVariadicResultSize",
    "Scalarizable",
    "SingleBlock",
    "SingleBlockImplicitTerminator",
    "SymbolTable",
    "Tensorizable",
    "Vectorizable",
]


class OpTrait:
    """The base of op traits. Trait classes are never instantiated: an op class
    names them in its `TRAITS`."""

    __slots__ = ()

    #: The trait and every trait it implies (its trait bases), computed per class.
    IMPLIED: ClassVar[frozenset[type[OpTrait]]] = frozenset()
    #: Set on the bases here that are kinds of trait rather than traits.
    _KIND_OF_TRAIT: ClassVar[bool] = True

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.IMPLIED = frozenset(
            base
            for base in cls.__mro__
            if issubclass(base, OpTrait) and not vars(base).get("_KIND_OF_TRAIT", False)
        )

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `verifyTrait`: a message when `op` breaks the trait, else None.

        Traits that only mark an op check nothing."""
        return None

    @classmethod
    def verify_regions(cls, op: Operation) -> str | None:
        """MLIR's `verifyRegionTrait`: like `verify`, but run after the op's regions
        verify. Most traits check nothing then."""
        return None


class FoldingTrait(OpTrait):
    """A trait that folds the ops that have it (MLIR's `foldTrait`)."""

    __slots__ = ()
    _KIND_OF_TRAIT: ClassVar[bool] = True

    @classmethod
    def fold(cls, op: Operation) -> list[Attribute | Value] | None:
        """Fold `op`: None when nothing folded, `[]` when `op` changed in place,
        else one attribute or value per result."""
        raise NotImplementedError(f"{cls.__name__} does not fold")


class ParametricTrait(OpTrait):
    """A trait with op names as parameters; `of(...)` makes the parameterized trait."""

    __slots__ = ()
    _KIND_OF_TRAIT: ClassVar[bool] = True

    #: The op names the trait was made with; () on the unparameterized class.
    PARAMS: ClassVar[tuple[str, ...]] = ()
    _MADE: ClassVar[dict[tuple[str, ...], type[ParametricTrait]]]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if not cls.PARAMS:
            cls._MADE = {}

    @classmethod
    def of(cls, *params: str) -> type[ParametricTrait]:
        """The trait with `params`, one class per parameterization (so that two
        op classes naming the same parameters share it)."""
        if cls.PARAMS:
            raise TypeError(f"{cls.__name__} already has its parameters")
        made = cls._MADE.get(params)
        if made is None:
            args = ", ".join(f'"{p}"' for p in params)
            made = cast(
                "type[ParametricTrait]",
                type(f"{cls.__name__}<{args}>", (cls,), {"__slots__": (), "PARAMS": params}),
            )
            cls._MADE[params] = made
        return made


# -- traits that mark an op --------------------------------------------------------------


class NoMemoryEffect(OpTrait):
    """The op has no memory effects (MLIR's `MemoryEffects<[]>`)."""

    __slots__ = ()


class OnlyAllocatesResults(OpTrait):
    """The op's only memory effects allocate its results (MLIR's `MemAlloc` on a
    result, as `memref.alloc` and `memref.alloca` have): unused, it is dead."""

    __slots__ = ()


class AlwaysSpeculatable(OpTrait):
    """The op may be executed speculatively (hoisted out of conditionals)."""

    __slots__ = ()


class RecursivelySpeculatable(OpTrait):
    """The op is speculatable when the ops in its regions are."""

    __slots__ = ()


class Pure(NoMemoryEffect, AlwaysSpeculatable):
    """No memory effects and always speculatable (ODS's `Pure` trait list)."""

    __slots__ = ()


class NoSideEffect(Pure):
    """The older name of `Pure`."""

    __slots__ = ()


class HasRecursiveMemoryEffects(OpTrait):
    """The op's effects are those of the ops in its regions (ODS's `RecursiveMemoryEffects`)."""

    __slots__ = ()


class ConstantLike(OpTrait):
    """The op materializes a constant: it has one result and folds to an attribute."""

    __slots__ = ()


class ReturnLike(OpTrait):
    """The op returns control to its parent op, passing its operands as results."""

    __slots__ = ()


class NoTerminator(OpTrait):
    """The op's single-block regions have no terminator."""

    __slots__ = ()


class HasOnlyGraphRegion(OpTrait):
    """The op's regions are graph regions: no dominance, ops in any order."""

    __slots__ = ()


class IsIsolatedFromAbove(OpTrait):
    """Ops in the op's regions use no value defined outside them (ODS's `IsolatedFromAbove`)."""

    __slots__ = ()


class SymbolTable(OpTrait):
    """The op's region holds a symbol table: symbols with unique names."""

    __slots__ = ()


class AffineScope(OpTrait):
    """The op's regions start a new scope for affine dimensions and symbols."""

    __slots__ = ()


class AutomaticAllocationScope(OpTrait):
    """`memref.alloca`s in the op's regions are freed when control leaves the op."""

    __slots__ = ()


class AttrSizedOperandSegments(OpTrait):
    """The sizes of the operand groups are in the `operandSegmentSizes` property."""

    __slots__ = ()


class AttrSizedResultSegments(OpTrait):
    """The sizes of the result groups are in the `resultSegmentSizes` property."""

    __slots__ = ()


class SameVariadicOperandSize(OpTrait):
    """The op's variadic operand groups all have the same size."""

    __slots__ = ()


class SameVariadicResultSize(OpTrait):
    """The op's variadic result groups all have the same size."""

    __slots__ = ()


class BroadcastableOperandsAndResultType(OpTrait):
    """The operand shapes broadcast to the result shape."""

    __slots__ = ()


class ResultsBroadcastableShape(OpTrait):
    """The operand shapes broadcast to the result shape (MLIR's C++ name)."""

    __slots__ = ()

    #: MLIR's `verifyCompatibleOperandBroadcast`, compiled with the runtime.
    verify = staticmethod(trait_checks.results_broadcastable_shape)


class Scalarizable(OpTrait):
    """An elementwise op that may be applied to each element of its operands."""

    __slots__ = ()


class Vectorizable(OpTrait):
    """An elementwise op that may be applied to vectors of its scalar operands."""

    __slots__ = ()


class Tensorizable(OpTrait):
    """An elementwise op that may be applied to tensors of its scalar operands."""

    __slots__ = ()


class MemRefsNormalizable(OpTrait):
    """The op's memref operands and results may get identity layouts."""

    __slots__ = ()


# -- traits that check the op's types ------------------------------------------------


class SameOperandsAndResultType(OpTrait):
    """All operands and results have the same type (shapes compatible)."""

    __slots__ = ()

    #: MLIR's `verifySameOperandsAndResultType`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_operands_and_result_type)


class SameTypeOperands(OpTrait):
    """All operands have the same type."""

    __slots__ = ()

    #: MLIR's `verifySameTypeOperands`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_type_operands)


class SameOperandsShape(OpTrait):
    """All operands have compatible shapes."""

    __slots__ = ()

    #: MLIR's `verifySameOperandsShape`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_operands_shape)


class SameOperandsAndResultShape(OpTrait):
    """All operands and results have compatible shapes."""

    __slots__ = ()

    #: MLIR's `verifySameOperandsAndResultShape`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_operands_and_result_shape)


class SameOperandsElementType(OpTrait):
    """All operands have the same element type."""

    __slots__ = ()

    #: MLIR's `verifySameOperandsElementType`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_operands_element_type)


class SameOperandsAndResultElementType(OpTrait):
    """All operands and results have the same element type."""

    __slots__ = ()

    #: MLIR's `verifySameOperandsAndResultElementType`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_operands_and_result_element_type)


class SameOperandsAndResultRank(OpTrait):
    """All ranked operands and results have the same rank."""

    __slots__ = ()

    #: MLIR's `verifySameOperandsAndResultRank`, compiled with the runtime.
    verify = staticmethod(trait_checks.same_operands_and_result_rank)


class Elementwise(OpTrait):
    """The op applies to each element of vector or tensor operands of one shape."""

    __slots__ = ()

    #: MLIR's `verifyElementwise`, compiled with the runtime.
    verify = staticmethod(trait_checks.elementwise)


class ElementwiseMappable(Elementwise, Scalarizable, Vectorizable, Tensorizable):
    """`Elementwise`, `Scalarizable`, `Vectorizable` and `Tensorizable` (ODS's trait list)."""

    __slots__ = ()


# -- traits that check the op's place and regions ----------------------------------------


class IsTerminator(OpTrait):
    """The op ends its block (ODS's `Terminator`)."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `verifyIsTerminator`."""
        if op.parent is not None and op.next_op is not None:
            return "must be the last operation in the parent block"
        return None


def _has_parent(op: Operation, names: tuple[str, ...]) -> str | None:
    parent = op.parent_op
    if parent is not None and parent.name in names:
        return None
    if len(names) == 1:
        return f"expects parent op '{names[0]}'"
    return f"expects parent op to be one of '{', '.join(names)}'"


class HasParent(ParametricTrait):
    """The op's parent is the op named in `PARAMS` (`HasParent.of("func.func")`)."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `HasParent::verifyTrait`."""
        return _has_parent(op, cls.PARAMS)


class ParentOneOf(ParametricTrait):
    """The op's parent is one of the ops named in `PARAMS`."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `ParentOneOf::verifyTrait`."""
        return _has_parent(op, cls.PARAMS)


def _nvvm_target_chips(op: Operation) -> list[str]:
    """The chips (`sm_90a`) of the NVVM targets that check the ops of the `gpu.module`s
    around `op`, outermost module first, each module's targets in order: those whose
    `verifyTarget` is on and whose version is at least 20 (a lower one is the module's
    own error, and MLIR then checks no op against it)."""
    from generator.ir.attr_type_base import DialectAttr
    from generator.ir.attributes import ArrayAttr

    modules = []
    parent = op.parent_op
    while parent is not None:
        if parent.name == "gpu.module":
            modules.append(parent)
        parent = parent.parent_op
    chips = []
    for module in reversed(modules):
        targets = module.get_attr("targets")
        if not isinstance(targets, ArrayAttr):
            continue
        for target in targets.value:
            if not (
                isinstance(target, DialectAttr)
                and target.DIALECT == "nvvm"
                and target.MNEMONIC == "target"
            ):
                continue
            chip = getattr(target, "chip", None)
            if not isinstance(chip, str) or getattr(target, "verify_target", True) is False:
                continue
            if _sm_version(chip)[0] >= 20:
                chips.append(chip)
    return chips


def _sm_version(chip: str) -> tuple[int, bool]:
    """The version of an SM chip name and whether it is arch-accelerated, read as MLIR
    reads it: the digits after the 3-character prefix (`sm_90a` is 90), accelerated
    when the name ends in `a`."""
    digits = ""
    for c in chip[3:]:
        if not c.isdigit():
            break
        digits += c
    return (int(digits) if digits else 0), chip.endswith("a")


def nvvm_sm_supported(chip: str, versions: tuple[str, ...], accelerated: bool) -> bool:
    """Whether an op that needs `versions` (a minimum, or with `accelerated` one of
    these arch-accelerated versions) runs on the NVVM target `chip` (`sm_90a`)."""
    version, target_accelerated = _sm_version(chip)
    needed = [int(v) for v in versions]
    if accelerated:
        return target_accelerated and version in needed
    return version >= needed[0]


def _nvvm_sm_check(op: Operation, versions: tuple[str, ...], accelerated: bool) -> str | None:
    """NVVM's check of an SM-gated op against each NVVM target around it."""
    for chip in _nvvm_target_chips(op):
        if not nvvm_sm_supported(chip, versions, accelerated):
            return f"is not supported on {chip}"
    return None


class NVVMRequiresSM(ParametricTrait):
    """NVVM: the op needs at least the SM version in `PARAMS` (`NVVMRequiresSM.of("90")`)
    of every NVVM target (`#nvvm.target<chip = "sm_90">`) of the `gpu.module`s around
    it; with no target around it, nothing is checked."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """The check MLIR's NVVM target makes of the op (`is not supported on sm_80`)."""
        return _nvvm_sm_check(op, cls.PARAMS, accelerated=False)


class NVVMRequiresSMa(ParametricTrait):
    """NVVM: the op needs an arch-accelerated target (`sm_90a`) of one of the SM
    versions in `PARAMS` (`NVVMRequiresSMa.of("100", "101")`), for every NVVM target of
    the `gpu.module`s around it."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """The check MLIR's NVVM target makes of the op (`is not supported on sm_90`)."""
        return _nvvm_sm_check(op, cls.PARAMS, accelerated=True)


class AtMostOneChildOf(ParametricTrait):
    """IRDL's: the op's one block holds at most one op of each name in `PARAMS`."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `AtMostOneChildOf::verifyTrait`, whose message has no op prefix."""
        seen: set[str] = set()
        for region in op.regions[:1]:
            for block in region.blocks[:1]:
                for child in block.ops:
                    if child.name not in cls.PARAMS:
                        continue
                    if child.name in seen:
                        return VerifyMessage(
                            "failed to verify AtMostOneChildOf trait: the operation contains "
                            f"at least two operations of type {child.name}",
                            prefixed=False,
                        )
                    seen.add(child.name)
        return None


class SingleBlock(OpTrait):
    """Each of the op's regions has at most one block."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `SingleBlock::verifyTrait`."""
        for index, region in enumerate(op.regions):
            if len(region.blocks) > 1:
                return f"expects region #{index} to have 0 or 1 blocks"
            if (
                region.blocks
                and region.blocks[0].first_op is None
                and not op.has_trait(NoTerminator)
            ):
                return "expects a non-empty block"
        return None


class SingleBlockImplicitTerminator(ParametricTrait):
    """Single-block regions ending in the op named in `PARAMS`, which the custom
    form leaves out. It checks what `SingleBlock` does, without implying it, as in MLIR:
    the block count with the op (`verify`), the terminator after the regions
    (`verify_regions`)."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """The `SingleBlock::verifyTrait` MLIR's trait inherits, which runs with the
        op's own checks, before its regions are verified."""
        return SingleBlock.verify(op)

    @classmethod
    def verify_regions(cls, op: Operation) -> str | None:
        """MLIR's `SingleBlockImplicitTerminator::verifyRegionTrait`, which runs after
        the op's regions verify: a wrong terminator's own checks (such as
        `'func.return' op expects parent op 'func.func'`) are reported first."""
        problem = SingleBlock.verify(op)
        if problem is not None:
            return problem
        names = cls.PARAMS
        for region in op.regions:
            if not region.blocks:
                continue
            last = region.blocks[0].last_op
            if last is None or last.name in names:
                continue
            return VerifyMessage(
                f"expects regions to end with '{names[0]}', found '{last.name}'",
                notes=(
                    f"in custom textual format, the absence of terminator implies '{names[0]}'",
                ),
            )
        return None


class NoRegionArguments(OpTrait):
    """The entry blocks of the op's regions have no arguments."""

    __slots__ = ()

    @classmethod
    def verify(cls, op: Operation) -> str | None:
        """MLIR's `verifyNoRegionArguments`."""
        for index, region in enumerate(op.regions):
            if region.blocks and region.blocks[0].args:
                if len(op.regions) > 1:
                    return f"region #{index} should have no arguments"
                return "region should have no arguments"
        return None


# -- traits that fold ------------------------------------------------------------------


class IsCommutative(FoldingTrait):
    """The op's operands may be reordered (ODS's `Commutative`)."""

    __slots__ = ()

    @classmethod
    def fold(cls, op: Operation) -> list[Attribute | Value] | None:
        """Move constants behind the other operands, which lets patterns look for
        them on the right only (MLIR's `foldCommutative`)."""
        # The rewriter owns constant matching (and imports this module).
        from generator.ir.rewrite import constant_value

        operands = op.operands
        if len(operands) < 2:
            return None
        is_const = [constant_value(v) is not None for v in operands]
        reordered = [v for v, c in zip(operands, is_const, strict=True) if not c] + [
            v for v, c in zip(operands, is_const, strict=True) if c
        ]
        if all(a is b for a, b in zip(reordered, operands, strict=True)):
            return None
        for index, value in enumerate(reordered):
            op.set_operand(index, value)
        return []


class IsIdempotent(FoldingTrait):
    """Applying the op twice is applying it once (ODS's `Idempotent`)."""

    __slots__ = ()

    @classmethod
    def fold(cls, op: Operation) -> list[Attribute | Value] | None:
        """f(f(x)) = f(x) for unary ops; f(x, x) = x for binary ones."""
        operands = op.operands
        if len(op.results) != 1 or not operands:
            return None
        result_type = op.results[0].type
        if len(operands) == 1:
            inner = operands[0]
            if (
                isinstance(inner, OpResult)
                and inner.owner.name == op.name
                and inner.type is result_type
            ):
                return [inner]
            return None
        if operands[0] is operands[1] and operands[0].type is result_type:
            return [operands[0]]
        return None


class IsInvolution(FoldingTrait):
    """Applying the op twice is the identity (ODS's `Involution`)."""

    __slots__ = ()

    @classmethod
    def fold(cls, op: Operation) -> list[Attribute | Value] | None:
        """f(f(x)) = x."""
        operands = op.operands
        if len(operands) != 1 or len(op.results) != 1:
            return None
        inner = operands[0]
        if not isinstance(inner, OpResult) or inner.owner.name != op.name:
            return None
        inner_op = inner.owner
        if len(inner_op.op_operands) != 1:
            return None
        original = inner_op.operand(0)
        return [original] if original.type is op.results[0].type else None
