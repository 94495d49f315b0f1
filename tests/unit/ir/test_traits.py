"""Traits and interfaces as classes: `has_trait`, `might_have_trait`, parametric traits,
`isinstance` on interfaces of generated ops, and no trait looked up by its name."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from generated.affine import AffineForOp
from generated.arith import AddIOp, ConstantOp
from generated.builtin import ModuleOp
from generated.cf import BranchOp, CondBranchOp
from generated.func import CallOp, FuncOp, ReturnOp
from generated.tensor import YieldOp as TensorYieldOp
from generated.tfg import FuncOp as TfgFuncOp
from generator.emit.ops import (
    COMPILED_TRAITS,
    INTERFACE_CLASSES,
    dialect_helper_imports,
    trait_class_name,
)
from generator.ir import interfaces, traits
from generator.ir.attributes import IntegerAttr, StringAttr
from generator.ir.core import Block, Operation
from generator.ir.interfaces import (
    BranchOpInterface,
    CallableOpInterface,
    CallOpInterface,
    FunctionOpInterface,
    OpAsmOpInterface,
    SymbolOpInterface,
    SymbolUserOpInterface,
)
from generator.ir.printer import print_operation
from generator.ir.traits import (
    AlwaysSpeculatable,
    ConstantLike,
    HasParent,
    IsCommutative,
    IsIsolatedFromAbove,
    IsTerminator,
    NoMemoryEffect,
    NoTerminator,
    OpTrait,
    ParentOneOf,
    Pure,
    SameOperandsAndResultType,
    SingleBlock,
    SingleBlockImplicitTerminator,
    SymbolTable,
)
from generator.ir.types import FunctionType, IntegerType
from generator.spec.validate import KNOWN_TRAITS

ROOT = Path(__file__).resolve().parents[3]


def test_has_trait_on_generated_ops() -> None:
    """Generated classes list trait classes; implied traits count (`Pure` is
    `NoMemoryEffect` and `AlwaysSpeculatable`)."""
    assert BranchOp.has_trait(IsTerminator)
    assert not AddIOp.has_trait(IsTerminator)
    assert AddIOp.has_trait(IsCommutative)
    assert ConstantOp.has_trait(ConstantLike)
    assert ConstantOp.has_trait(Pure)
    assert ConstantOp.has_trait(NoMemoryEffect)
    assert ConstantOp.has_trait(AlwaysSpeculatable)
    assert ModuleOp.has_trait(SymbolTable)
    assert ModuleOp.has_trait(NoTerminator)
    assert FuncOp.has_trait(IsIsolatedFromAbove)
    # On instances as on classes.
    one = ConstantOp(value=IntegerAttr.get(IntegerType.get(32), 1)).result
    op = AddIOp(one, one)
    assert op.has_trait(IsCommutative)
    assert not op.has_trait(IsTerminator)


def test_parametric_traits_match_any_or_one_parameterization() -> None:
    """`has_trait(HasParent)` holds for every `HasParent.of(...)`; a
    parameterized trait matches its own parameters only, and is made once."""
    assert HasParent.of("func.func") is HasParent.of("func.func")
    assert HasParent.of("func.func").PARAMS == ("func.func",)
    assert ReturnOp.has_trait(HasParent)
    assert ReturnOp.has_trait(HasParent.of("func.func"))
    assert not ReturnOp.has_trait(HasParent.of("ml_program.func"))
    assert not ReturnOp.has_trait(ParentOneOf)
    assert TensorYieldOp.has_trait(ParentOneOf.of("tensor.generate", "tensor.pad"))
    assert TensorYieldOp.has_trait(ParentOneOf)
    assert AffineForOp.has_trait(SingleBlockImplicitTerminator)
    assert AffineForOp.has_trait(SingleBlockImplicitTerminator.of("affine.yield"))
    # As in MLIR, the implicit-terminator trait checks single blocks without implying
    # the `SingleBlock` trait.
    assert not AffineForOp.has_trait(SingleBlock)
    assert str(HasParent.of("a", "b").__name__) == 'HasParent<"a", "b">'
    with pytest.raises(TypeError, match="already has its parameters"):
        HasParent.of("a").of("b")


def test_unregistered_ops_might_have_every_trait() -> None:
    """An unregistered op has no trait, but might have any (MLIR's `mightHaveTrait`);
    a registered op might have only its own."""
    op = Operation("test.unknown")
    for trait in (IsTerminator, NoTerminator, IsIsolatedFromAbove, Pure):
        assert not op.has_trait(trait)
        assert op.might_have_trait(trait)
    assert BranchOp.might_have_trait(IsTerminator)
    assert not AddIOp.might_have_trait(IsTerminator)
    assert not AddIOp.might_have_trait(NoTerminator)


def test_trait_checks_are_class_methods() -> None:
    """A checking trait's `verify(op)` gives MLIR's message, or None."""
    i32 = IntegerType.get(32)
    a = ConstantOp(value=IntegerAttr.get(i32, 1)).result
    good = Operation("test.op", [a, a], [i32])
    assert SameOperandsAndResultType.verify(good) is None
    bad = Operation("test.op", [a], [IntegerType.get(64)])
    assert (
        SameOperandsAndResultType.verify(bad)
        == "requires the same type for all operands and results"
    )
    assert HasParent.of("func.func").verify(good) == "expects parent op 'func.func'"
    assert ParentOneOf.of("a.b", "c.d").verify(good) == "expects parent op to be one of 'a.b, c.d'"
    # A terminator that does not end its block.
    block = Block()
    term = block.append(Operation("test.term"))
    block.append(Operation("test.other"))
    assert IsTerminator.verify(term) == "must be the last operation in the parent block"
    # Marking traits check nothing.
    assert Pure.verify(good) is None


def test_interfaces_are_base_classes_of_generated_ops() -> None:
    """Passes test interfaces with `isinstance`; `FunctionOpInterface` is a symbol
    and a callable, as in MLIR."""
    assert issubclass(BranchOp, BranchOpInterface)
    assert issubclass(CondBranchOp, BranchOpInterface)
    assert not issubclass(AddIOp, BranchOpInterface)
    assert issubclass(FuncOp, FunctionOpInterface)
    assert issubclass(FuncOp, SymbolOpInterface)
    assert issubclass(FuncOp, CallableOpInterface)
    assert issubclass(CallOp, CallOpInterface)
    assert issubclass(CallOp, SymbolUserOpInterface)
    assert issubclass(ModuleOp, SymbolOpInterface)
    module = ModuleOp()
    assert isinstance(module, SymbolOpInterface)
    assert not isinstance(module, FunctionOpInterface)


def test_ops_that_name_values_implement_op_asm_interface() -> None:
    """Ops whose spec names their results or block arguments implement
    `OpAsmOpInterface`, the only ops the printer asks for names."""
    assert issubclass(ConstantOp, OpAsmOpInterface)
    assert not issubclass(AddIOp, OpAsmOpInterface)
    assert issubclass(TfgFuncOp, OpAsmOpInterface)
    constant = ConstantOp(value=IntegerAttr.get(IntegerType.get(32), 1))
    assert tuple(constant.asm_result_names()) == ((0, "c1_i32"),)
    func = FuncOp(sym_name="f", function_type=FunctionType.get((), ()))
    body = func.regions[0].add_block(Block())
    body.append(constant)
    body.append(ReturnOp())
    assert "%c1_i32 = arith.constant 1 : i32" in print_operation(func, generic=False)


def test_symbol_interface_checks_the_name() -> None:
    """`SymbolOpInterface.verify_symbol` is MLIR's `verifySymbol`; `builtin.module`'s
    name is optional."""
    module = ModuleOp()
    assert module.verify_symbol(optional=True) is None
    assert module.verify_symbol() == "requires string attribute 'sym_name'"
    module.set_attr("sym_name", StringAttr.get("m"))
    assert module.verify_symbol() is None


def test_every_spec_trait_has_a_runtime_class_or_is_compiled() -> None:
    """Each trait the spec layer knows is an interface class, a trait class, or a
    predicate compiled into the op's checks."""
    for name in KNOWN_TRAITS:
        if name in INTERFACE_CLASSES:
            cls = getattr(interfaces, INTERFACE_CLASSES[name])
            assert issubclass(cls, interfaces.OpInterface), name
            continue
        if name in COMPILED_TRAITS:
            assert trait_class_name(name) is None
            continue
        class_name = trait_class_name(name)
        assert class_name is not None, name
        # A dialect's own traits (tosa's) are in its runtime module, which generated
        # op modules import as they import `generator.ir`.
        owners = [traits] + [
            importlib.import_module(h.module)
            for h in dialect_helper_imports()
            if class_name in h.names
        ]
        cls = next(getattr(m, class_name) for m in owners if hasattr(m, class_name))
        assert issubclass(cls, OpTrait), name
        assert cls in cls.IMPLIED, name


_PROBES = [
    # A trait flag or tuple read by name.
    re.compile(
        r"getattr\([^)]*[\"'](TRAITS|IS_TERMINATOR|NO_TERMINATOR|GRAPH_REGIONS|IS_ISOLATED_FROM_ABOVE)[\"']"
    ),
    re.compile(r"\.(IS_TERMINATOR|NO_TERMINATOR|GRAPH_REGIONS|IS_ISOLATED_FROM_ABOVE)\b"),
    # A trait name looked up in a collection of names.
    re.compile(r"[\"'][A-Z]\w*[\"']\s+(not\s+)?in\s+[^\n]*(?i:traits)"),
    re.compile(r"\bverify_trait\b"),
]


@pytest.mark.parametrize("top", ["generator/ir", "generated"])
def test_no_trait_is_looked_up_by_name(top: str) -> None:
    """The runtime and generated code ask trait classes, never trait names."""
    found = []
    for path in sorted((ROOT / top).rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if any(p.search(line) for p in _PROBES):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
