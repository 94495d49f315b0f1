"""What op verifiers and constraint predicates report when a check fails.

An op verifier returns a message, which the verifier reports after `'op.name' op `;
`VerifyMessage` carries MLIR's variations on that (no prefix, notes, another op's
location, errors reported ahead of it). A predicate or verifier that, like MLIR code
calling `emitOpError`, says exactly what is wrong returns an `EmittedFailure`
(`emit_op_error`, `emit_error`), which is false in a condition, and the op's
verifier passes it on with its own message (`with_emitted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from generator.ir.core import Operation

__all__ = ["EmittedFailure", "VerifyMessage", "emit_error", "emit_op_error", "with_emitted"]


@mypyc_attr(native_class=False)
class VerifyMessage(str):
    """A verifier message with MLIR's options, for checks whose wording MLIR varies.

    Op verifiers return a plain string, which the verifier prints after
    `'op.name' op `. Some MLIR checks (interface verifiers such as
    `BranchOpInterface`'s) print without that prefix (`prefixed=False`), and some
    attach notes at the op's location, or at another op's (a note given as
    `(op, text)`, as notes that point at a referenced symbol are). A verifier that
    reports about another op, as MLIR verifiers call `emitOpError` on a nested op,
    names it in `at`: the error is then at that op's location and prefixed with
    its name. `earlier` holds the errors a check emitted on its way to this
    failure (`emit_op_error`), reported ahead of it.
    """

    __slots__ = ("at", "earlier", "notes", "prefixed")

    prefixed: bool
    notes: tuple[str | tuple[Operation, str], ...]
    at: Operation | None
    earlier: tuple[tuple[Operation, str], ...]

    def __new__(
        cls,
        text: str,
        *,
        prefixed: bool = True,
        notes: Sequence[str | tuple[Operation, str]] = (),
        at: Operation | None = None,
        earlier: Sequence[tuple[Operation, str]] = (),
    ) -> Self:
        """A message; see the class docstring."""
        message = str.__new__(cls, text)
        message.prefixed = prefixed
        message.notes = tuple(notes)
        message.at = at
        message.earlier = tuple(earlier)
        return message


class EmittedFailure:
    """A failed check that reported what exactly is wrong (false in a condition).

    MLIR predicates and verifiers `return op->emitOpError(...)`: the error is
    reported and the check fails. Here the check returns the `EmittedFailure`
    that `emit_op_error` or `emit_error` makes; the op's verifier passes it on
    with its own message (`with_emitted`), and both are reported, the emitted
    errors first. Nothing is kept anywhere else, so checks stay free of state.
    """

    __slots__ = ("errors",)

    def __init__(self, errors: Sequence[tuple[Operation, str]]) -> None:
        self.errors = tuple(errors)

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<EmittedFailure {[m for _, m in self.errors]}>"


def emit_op_error(op: Operation, message: str) -> EmittedFailure:
    """A failure reporting `'op.name' op <message>` about `op` (return it from a check).

    A constraint predicate returns it to say what exactly is wrong, as MLIR
    predicates that call `emitOpError` do: both the predicate's own error and the
    constraint's `failed to verify that ...` are reported.
    """
    return EmittedFailure(((op, message),))


def emit_error(op: Operation, message: str) -> EmittedFailure:
    """A failure reporting `<message>` at `op`, without the op's name (as MLIR
    predicates that call `emitError` on the op do)."""
    return EmittedFailure(((op, VerifyMessage(message, prefixed=False)),))


def with_emitted(result: object, message: str) -> str:
    """`message`, preceded by the errors `result` reported when it is an `EmittedFailure`.

    A verifier returns it when a check failed: `return with_emitted(ok, "...")`.
    """
    if not isinstance(result, EmittedFailure):
        return message
    if isinstance(message, VerifyMessage):
        return VerifyMessage(
            str(message),
            prefixed=message.prefixed,
            notes=message.notes,
            at=message.at,
            earlier=(*result.errors, *message.earlier),
        )
    return VerifyMessage(message, earlier=result.errors)
