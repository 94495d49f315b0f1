"""Tests of generator.ir.nesting: the limits as the library API sees them, and the deep stack.

The command line runs on the deep stack (`tests/diagnostics/test_nesting_limits.py`);
code calling the parser on an ordinary stack gets a diagnostic, never a
`RecursionError`, and `call_with_deep_stack` gives it what `odsgen opt` has.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from generator.ir import (
    MAX_AFFINE_DEPTH,
    MAX_ATTRIBUTE_DEPTH,
    MAX_REGION_DEPTH,
    Context,
    DiagnosticError,
    SourceFile,
    call_with_deep_stack,
    parse_attribute,
    parse_module,
    parse_type,
    print_operation,
    verify,
)

PAGE = Path(__file__).resolve().parents[3] / "docs" / "nesting.md"

_TOO_DEEP_FOR_STACK = (
    "input nests too deeply for the recursion limit; parse it on a deep stack "
    "(generator.ir.call_with_deep_stack)"
)


def _nested_loops(depth: int) -> str:
    """`depth` regions: a function around `depth - 1` nested `affine.for` loops."""
    loops = "".join(f"affine.for %i{i} = 0 to 4 {{\n" for i in range(depth - 1))
    return "func.func @f() {\n" + loops + "}\n" * (depth - 1) + "return\n}\n"


def _context() -> Context:
    import generated

    return Context(registry=generated.registry())


@contextmanager
def _recursion_limit(limit: int) -> Iterator[None]:
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def test_parsing_past_the_stack_is_a_located_diagnostic() -> None:
    """On a stack too shallow for input within the limits, parsing reports where it
    ran out of stack, with what to do about it."""
    source = SourceFile("deep.mlir", _nested_loops(MAX_REGION_DEPTH))
    with _recursion_limit(500), pytest.raises(DiagnosticError) as raised:
        parse_module(source, _context())
    (diag,) = raised.value.diagnostics
    assert diag.message == _TOO_DEEP_FOR_STACK
    assert diag.loc is not None
    line, _ = diag.loc.line_col
    assert 2 < line < MAX_REGION_DEPTH


def test_parsing_at_the_limits_on_a_deep_stack() -> None:
    """On the deep stack, IR at the region limit parses, verifies and prints."""
    source = SourceFile("deep.mlir", _nested_loops(MAX_REGION_DEPTH))

    def process() -> str:
        ctx = _context()
        module = parse_module(source, ctx).op
        verify(module, ctx)
        return print_operation(module)

    printed = call_with_deep_stack(process)
    assert printed.count("affine.for") == MAX_REGION_DEPTH - 1


def test_fragments_past_the_limit_are_located() -> None:
    """`parse_type` and `parse_attribute` report nesting past the limit where it starts."""
    depth = MAX_ATTRIBUTE_DEPTH + 1
    with pytest.raises(DiagnosticError) as raised:
        call_with_deep_stack(lambda: parse_type("tuple<" * depth + "i32" + ">" * depth))
    (diag,) = raised.value.diagnostics
    assert diag.message == "types and attributes nest more than 1000 levels deep"
    assert diag.loc is not None
    assert diag.loc.line_col == (1, 6 * depth)
    with pytest.raises(DiagnosticError, match="nest more than 1000 levels deep"):
        call_with_deep_stack(lambda: parse_attribute("[" * depth + "1" + "]" * depth))
    # On this stack too they are diagnostics, whichever comes first: the limit, or
    # the end of the stack (which compiled code, recursing on the C stack, may not hit).
    with _recursion_limit(500), pytest.raises(DiagnosticError) as raised:
        parse_attribute("[" * depth + "1" + "]" * depth)
    assert raised.value.diagnostics[0].loc is not None


def test_deep_stack_returns_the_result_and_raises_the_error() -> None:
    """`call_with_deep_stack` runs the function on another thread, returns what it
    returns and raises what it raises, and restores the recursion limit."""
    limit = sys.getrecursionlimit()
    seen: list[tuple[bool, int]] = []

    def record() -> int:
        seen.append((threading.current_thread() is threading.main_thread(), 0))
        return sys.getrecursionlimit()

    assert call_with_deep_stack(record) > limit
    assert seen == [(False, 0)]

    def fail() -> None:
        raise ValueError("from the deep stack")

    with pytest.raises(ValueError, match="from the deep stack"):
        call_with_deep_stack(fail)
    assert sys.getrecursionlimit() == limit


def test_the_documented_example_runs() -> None:
    """The example of `docs/nesting.md` prints its 900 nested ops."""
    (block,) = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    scope: dict[str, object] = {}
    exec(compile(block, str(PAGE), "exec"), scope)
    printed = scope["printed"]
    assert isinstance(printed, str)
    assert printed.count('"t.op"') == 900


def test_the_documented_limits_are_the_limits() -> None:
    """`docs/nesting.md` states the values the code has."""
    page = PAGE.read_text(encoding="utf-8")
    for name, value in [
        ("MAX_REGION_DEPTH", MAX_REGION_DEPTH),
        ("MAX_ATTRIBUTE_DEPTH", MAX_ATTRIBUTE_DEPTH),
        ("MAX_AFFINE_DEPTH", MAX_AFFINE_DEPTH),
    ]:
        assert f"| `{name}` | {value} |" in page
