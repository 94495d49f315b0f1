"""The one jinja2 environment of the generator, and rendering with error mapping.

Templates live in `templates/` at the top of the repository (one top-level
template per artifact, partials starting with `_`). The environment is strict:
an undefined name in a template is a generator bug, reported as an
`InternalGeneratorError` naming the template, never a silently empty string.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import jinja2

from generator.diagnostics import InternalGeneratorError, SpecDiagnostic
from generator.ir.source import SourceLoc
from generator.resources import TEMPLATES

__all__ = ["TEMPLATE_DIR", "doc_text", "environment", "render"]

#: `templates/` of the repository, shipped in the wheel as `generator/_templates`.
TEMPLATE_DIR = TEMPLATES


#: In a `"""` docstring: a backslash, a quote before another quote (a run of three
#: would close the string), and control characters (a carriage return would be
#: read as a newline).
_DOC_UNSAFE = re.compile(r'\\|"(?=")|[\x00-\x08\x0b-\x1f\x7f]')


def doc_text(text: str, *, closes: bool = True) -> str:
    """Spec text escaped to sit inside a triple-quoted docstring, read back unchanged.

    With `closes`, the text is followed by the closing quotes, so a quote at its
    end is escaped too.
    """

    def escape(m: re.Match[str]) -> str:
        char = m.group()
        if char in ('"', "\\"):
            return "\\" + char
        return f"\\x{ord(char):02x}"

    out = _DOC_UNSAFE.sub(escape, text)
    if closes and text.endswith('"'):
        # The regex leaves a final quote alone: nothing follows it in the text.
        out = out[:-1] + '\\"'
    return out


@cache
def environment() -> jinja2.Environment:
    """The shared environment: `StrictUndefined`, block trimming, no autoescaping;
    the `doc` filter escapes spec text for a docstring."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["doc"] = doc_text
    return env


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
