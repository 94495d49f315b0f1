"""The verifier: the hook for registered ops, SSACFG versus graph regions, block rules."""

from __future__ import annotations

from typing import ClassVar

import pytest

from generator.ir.context import Context
from generator.ir.core import Operation
from generator.ir.diagnostics import DiagnosticError
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile
from generator.ir.traits import HasOnlyGraphRegion, OpTrait
from generator.ir.verifier import verify
from generator.ir.verify_messages import emit_error, with_emitted


class SSARegionOp(Operation):
    """A registered op whose region is an SSACFG region."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str | None] = "test.ssa"


class GraphRegionOp(Operation):
    """A registered op whose regions are graph regions."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str | None] = "test.graph"
    TRAITS: ClassVar[frozenset[type[OpTrait]]] = frozenset({HasOnlyGraphRegion})


class PositiveOp(Operation):
    """A registered op with its own invariant: a `value` attribute must be present."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str | None] = "test.positive"

    def verify_invariants(self) -> str | None:
        """Require the `value` attribute."""
        if self.get_attr("value") is None:
            return "requires attribute 'value'"
        return None


def _context() -> Context:
    ctx = Context(allow_unregistered_dialects=True)
    for op_class in (SSARegionOp, GraphRegionOp, PositiveOp):
        ctx.register_op(op_class)
    return ctx


def _verify(text: str) -> None:
    ctx = _context()
    verify(parse_source(SourceFile("v.mlir", text), ctx), ctx, print_op_on_diagnostic=False)


def _error(text: str) -> tuple[str, list[str]]:
    with pytest.raises(DiagnosticError) as info:
        _verify(text)
    diag = info.value.diagnostics[0]
    assert diag.loc is not None
    line, col = diag.loc.line_col
    return f"{line}:{col}: {diag.message}", [n.message for n in diag.notes]


USE_BEFORE_DEF = """"{name}"() ({{
  "foo.use"(%0) : (i32) -> ()
  %0 = "foo.def"() : () -> i32
}}) : () -> ()
"""


def test_parsed_registered_ops_get_their_class() -> None:
    """The parser builds ops with the class registered for their name."""
    ctx = _context()
    module = parse_source(SourceFile("v.mlir", '"test.positive"() {value = 1} : () -> ()'), ctx)
    ops = list(module.walk())
    assert isinstance(ops[1], PositiveOp)
    assert ops[1].is_registered


def test_ssacfg_region_rejects_use_before_definition() -> None:
    """In an SSACFG region of a registered op, a use must follow its definition."""
    where, notes = _error(USE_BEFORE_DEF.format(name="test.ssa"))
    assert where == "2:3: operand #0 does not dominate this use"
    assert notes == ["operand defined here (op in the same block)"]


def test_graph_region_allows_use_before_definition() -> None:
    """Graph regions have no dominance requirement."""
    _verify(USE_BEFORE_DEF.format(name="test.graph"))


def test_unregistered_parent_allows_use_before_definition_in_one_block() -> None:
    """As in MLIR, ordering inside one block is only checked for registered parents."""
    _verify(USE_BEFORE_DEF.format(name="foo.region"))


def test_result_used_inside_its_own_region_is_rejected() -> None:
    """An op's result does not dominate the op's own regions."""
    text = """"test.ssa"() ({
  %0 = "foo.wrap"() ({
    "foo.use"(%0) : (i32) -> ()
  }) : () -> i32
}) : () -> ()
"""
    where, notes = _error(text)
    assert where == "3:5: operand #0 does not dominate this use"
    assert notes == ["operand defined here (op in a parent region)"]


def test_cross_block_dominance_is_checked_under_unregistered_ops() -> None:
    """A value from a block that does not dominate the use is rejected in any CFG region."""
    text = """"foo.f"() ({
^bb0(%c: i1):
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %v = "foo.def"() : () -> i32
  "foo.br"()[^bb2] : () -> ()
^bb2:
  "foo.use"(%v) : (i32) -> ()
}) : () -> ()
"""
    where, notes = _error(text)
    assert where == "8:3: operand #0 does not dominate this use"
    assert notes == ["operand defined here (op in the same region)"]


def test_unreachable_blocks_are_not_checked() -> None:
    """Uses in blocks unreachable from the entry are not dominance-checked, as in MLIR."""
    text = """"foo.f"() ({
^bb0:
  "foo.ret"() : () -> ()
^bb1:
  "foo.use"(%v) : (i32) -> ()
  "foo.br"()[^bb2] : () -> ()
^bb2:
  %v = "foo.def"() : () -> i32
  "foo.br"()[^bb1] : () -> ()
}) : () -> ()
"""
    _verify(text)


def test_registered_op_invariants_run() -> None:
    """A registered op's `verify_invariants` message is reported as `'name' op message`."""
    where, _ = _error('"test.positive"() : () -> ()')
    assert where == "1:1: 'test.positive' op requires attribute 'value'"


def test_see_current_operation_note_by_default() -> None:
    """Without --verify-diagnostics, errors carry mlir-opt's `see current operation` note."""
    ctx = _context()
    module = parse_source(SourceFile("v.mlir", '"test.positive"() : () -> ()'), ctx)
    with pytest.raises(DiagnosticError) as info:
        verify(module, ctx)
    notes = [n.message for n in info.value.diagnostics[0].notes]
    assert notes == ['see current operation: "test.positive"() : () -> ()']


def test_unregistered_ops_need_permission() -> None:
    """Ops of unknown dialects are rejected when unregistered dialects are not allowed."""
    strict = Context()
    with pytest.raises(DiagnosticError) as info:
        parse_source(SourceFile("v.mlir", '"foo.bar"() : () -> ()'), strict)
    assert "unregistered dialect" in info.value.diagnostics[0].message


class PickyOp(Operation):
    """A registered op whose check reports a detail, unprefixed, before failing."""

    __slots__ = ()
    OPERATION_NAME: ClassVar[str | None] = "test.picky"

    def verify_invariants(self) -> str | None:
        """Fail with a detail emitted first, as a constraint predicate may."""
        return with_emitted(
            emit_error(self, "shapes do not match"), "failed to verify that it is picky"
        )


def test_errors_emitted_by_a_check_come_first_unprefixed() -> None:
    """`emit_error` reports at the op without its name, ahead of the op's failure."""
    ctx = _context()
    ctx.register_op(PickyOp)
    module = parse_source(SourceFile("v.mlir", '"test.picky"() : () -> ()'), ctx)
    with pytest.raises(DiagnosticError) as info:
        verify(module, ctx, print_op_on_diagnostic=False)
    got = [(d.loc.line_col if d.loc else None, d.message) for d in info.value.diagnostics]
    assert got == [
        ((1, 1), "shapes do not match"),
        ((1, 1), "'test.picky' op failed to verify that it is picky"),
    ]
