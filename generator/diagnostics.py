"""The generator's errors: what a dialect author sees when a spec is wrong.

Every user-facing problem the generator finds is a `SpecDiagnostic`, an MLIR-style
`Diagnostic` (position, message, notes) that may also carry a fix suggestion
(`hint`) and the path of the offending value inside the spec document
(`ops[2].operands[0].type`). Stopping is done by raising one of the
`GeneratorError` subclasses, which own a list of diagnostics sorted by position:
`SpecSyntaxError` (the file cannot be read as YAML or TableGen),
`SpecValidationError` (it reads, but describes an invalid dialect),
`FormatSpecError` (an assembly format is wrong) and `InternalGeneratorError` (a bug
of the generator itself, never the author's fault).

Rendering reuses the runtime's `render_diagnostic`, so spec errors look exactly
like the errors `odsgen opt` prints for `.mlir` input.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.ir.diagnostics import Diagnostic, Severity, render_diagnostic
from generator.ir.source import SourceLoc

__all__ = [
    "FormatSpecError",
    "GeneratorError",
    "InternalGeneratorError",
    "SpecDiagnostic",
    "SpecSyntaxError",
    "SpecValidationError",
    "sort_diagnostics",
]


class SpecDiagnostic(Diagnostic):
    """A diagnostic about a spec file, with an optional fix hint and document path."""

    __slots__ = ("hint", "path")

    def __init__(
        self,
        loc: SourceLoc | None,
        message: str,
        *,
        hint: str | None = None,
        path: str | None = None,
        notes: Iterable[Diagnostic] = (),
        severity: Severity = Severity.ERROR,
    ) -> None:
        super().__init__(severity, loc, message, notes)
        #: What the author can do about it, e.g. "did you mean 'I32'?".
        self.hint = hint
        #: Where the value sits in the spec document, e.g. `ops[2].operands[0].type`.
        self.path = path

    @property
    def line_col(self) -> tuple[int, int]:
        """The 1-based (line, column) of the diagnostic; (0, 0) when it has no position."""
        return self.loc.line_col if self.loc is not None else (0, 0)

    def __str__(self) -> str:
        return render_spec_diagnostic(self)

    def __repr__(self) -> str:
        return f"SpecDiagnostic({self.loc}, {self.message!r})"


def render_spec_diagnostic(diag: SpecDiagnostic) -> str:
    """Render like mlir-opt, then the document path and the hint on their own lines."""
    lines = [render_diagnostic(diag)]
    if diag.path:
        lines.append(f"  in {diag.path}")
    if diag.hint:
        lines.append(f"  hint: {diag.hint}")
    return "\n".join(lines)


def _sort_key(diag: Diagnostic) -> tuple[str, int, str]:
    if diag.loc is None:
        return ("", -1, diag.message)
    return (diag.loc.file.name, diag.loc.offset, diag.message)


def sort_diagnostics(diagnostics: Iterable[SpecDiagnostic]) -> list[SpecDiagnostic]:
    """Sort by file and position, dropping exact repeats (same place, same message)."""
    seen: set[tuple[str, int, str]] = set()
    out: list[SpecDiagnostic] = []
    for diag in sorted(diagnostics, key=_sort_key):
        key = _sort_key(diag)
        if key not in seen:
            seen.add(key)
            out.append(diag)
    return out


class GeneratorError(Exception):
    """Base of every error the generator reports to a dialect author."""

    def __init__(self, diagnostics: SpecDiagnostic | Iterable[SpecDiagnostic]) -> None:
        items = [diagnostics] if isinstance(diagnostics, SpecDiagnostic) else list(diagnostics)
        self.diagnostics: list[SpecDiagnostic] = sort_diagnostics(items)
        super().__init__(self.render())

    def render(self) -> str:
        """All diagnostics, in source order, separated by newlines."""
        return "\n".join(render_spec_diagnostic(d) for d in self.diagnostics)


class SpecSyntaxError(GeneratorError):
    """The spec file cannot be read (malformed YAML or TableGen)."""


class SpecValidationError(GeneratorError):
    """The spec file reads, but what it describes is invalid; holds every problem found."""


class FormatSpecError(GeneratorError):
    """An op's declarative assembly format is invalid."""


class InternalGeneratorError(GeneratorError):
    """A bug in the generator (a template or emitter failed), not a problem of the spec."""
