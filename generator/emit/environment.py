"""The one jinja2 environment of the generator, and rendering with error mapping.

Templates live in `templates/` at the top of the repository (one top-level
template per artifact, partials starting with `_`). The environment is strict:
an undefined name in a template is a generator bug, reported as an
`InternalGeneratorError` naming the template, never a silently empty string.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from generator.diagnostics import InternalGeneratorError, SpecDiagnostic
from generator.ir.source import SourceLoc

__all__ = ["TEMPLATE_DIR", "environment", "render"]

#: `templates/` beside the `generator` package (the repository root).
TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "templates"


@cache
def environment() -> jinja2.Environment:
    """The shared environment: `StrictUndefined`, block trimming, no autoescaping."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


def render(template: str, what: str, loc: SourceLoc | None = None, **context: Any) -> str:
    """Render `template` with `context`.

    `what` names the spec item being rendered and `loc` where it was written, for the
    internal-error message.
    """
    try:
        return environment().get_template(template).render(**context)
    except jinja2.TemplateError as e:
        raise InternalGeneratorError(
            SpecDiagnostic(
                loc,
                f"internal error: template {template} failed while rendering {what}: "
                f"{type(e).__name__}: {e}",
            )
        ) from e
