"""How deeply IR may nest, and a stack deep enough to process IR nested that far.

The parser bounds nesting explicitly, so that input nested too deeply gets a
diagnostic at the bracket that goes one level too deep, rather than a
`RecursionError` (or, in compiled code, a crash) somewhere later:

- `MAX_REGION_DEPTH`: regions inside regions, each `{` opening a region one level
  (the body of a top-level `module` is level 0, as the top level is when the module
  is left implicit); `regions nest more than 1000 levels deep`.
- `MAX_ATTRIBUTE_DEPTH`: types, attributes and locations inside one another, each
  of these brackets one level: the `(` of a function type; the `<` of `tuple`,
  `complex`, `tensor`, `memref` and `vector`, and of the parameters of a dialect
  type or attribute; the `[` of an array and the `{` of a dictionary (an op's
  attribute dictionary too); `[` and `(` in `dense` and `sparse` literals; the `<`
  of `distinct[N]<...>`; `callsite(`, `fused<`, `fused[` and the `(` of a named
  location. An alias counts as deep as its definition, where it is used;
  `types and attributes nest more than 1000 levels deep`.
- `MAX_AFFINE_DEPTH`: parentheses and negations inside an affine expression;
  `affine expressions nest more than 1000 levels deep`.

Processing IR nested that deeply takes more recursion than Python allows by default
(1000 frames), and compiled code recurses on the C stack. `call_with_deep_stack` runs
a function on a thread with a large stack and a raised recursion limit, on which
everything the parser accepts can also be verified, rewritten and printed; `odsgen
opt` does all its work that way. On an ordinary stack, the parser reports input that
nests deeper than the recursion limit allows as a diagnostic where it ran out.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Final, TypeVar

__all__ = [
    "DEEP_RECURSION_LIMIT",
    "DEEP_STACK_BYTES",
    "MAX_AFFINE_DEPTH",
    "MAX_ATTRIBUTE_DEPTH",
    "MAX_REGION_DEPTH",
    "call_with_deep_stack",
]

#: How many regions may nest inside one another.
MAX_REGION_DEPTH: Final = 1000
#: How many types, attributes and locations may nest inside one another.
MAX_ATTRIBUTE_DEPTH: Final = 1000
#: How many parentheses and negations may nest inside one affine expression.
MAX_AFFINE_DEPTH: Final = 1000

# IR at all three limits at once (a region nest, and in its innermost op a type, an
# attribute, a location and an affine map each nested to the limit) takes at most
# about 9,000 frames of recursion and 2 MiB of stack in any phase, compiled or not.
# The values below leave a margin of ten times that and more.

#: The recursion limit `call_with_deep_stack` sets while it runs.
DEEP_RECURSION_LIMIT: Final = 100_000
#: The stack size of the thread `call_with_deep_stack` runs on. Only the pages used
#: take memory.
DEEP_STACK_BYTES: Final = 256 * 1024 * 1024

_T = TypeVar("_T")

# The recursion limit is the interpreter's, not a thread's: it is raised while any
# deep call runs and restored when the last one ends.
_limit_lock = threading.Lock()
_deep_calls = 0
_saved_limit = 0
# `threading.stack_size` is global too: it is set just for starting the thread.
_start_lock = threading.Lock()


def _raise_limit() -> None:
    global _deep_calls, _saved_limit
    with _limit_lock:
        if _deep_calls == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, DEEP_RECURSION_LIMIT))
        _deep_calls += 1


def _restore_limit() -> None:
    global _deep_calls
    with _limit_lock:
        _deep_calls -= 1
        if _deep_calls == 0:
            sys.setrecursionlimit(_saved_limit)


def call_with_deep_stack(fn: Callable[[], _T]) -> _T:
    """Call `fn()` on a thread with a stack and recursion limit for IR nested up to the
    limits above, wait for it, and return its result or raise its exception.

    Where no such thread can be started, `fn()` runs on the caller's stack as it is.
    A `KeyboardInterrupt` while waiting is raised in the caller; the thread, which
    nothing can interrupt, is a daemon thread and goes on until it ends or the
    process does.
    """
    results: list[_T] = []
    errors: list[BaseException] = []

    def run() -> None:
        _raise_limit()
        try:
            results.append(fn())
        except BaseException as e:
            errors.append(e)
        finally:
            _restore_limit()

    with _start_lock:
        try:
            previous = threading.stack_size(DEEP_STACK_BYTES)
        except (ValueError, RuntimeError):
            # The platform cannot size thread stacks.
            return fn()
        try:
            thread = threading.Thread(target=run, name="deep-stack", daemon=True)
            thread.start()
        except RuntimeError:
            # Not enough memory for such a stack.
            thread = None
        finally:
            threading.stack_size(previous)
    if thread is None:
        return fn()
    thread.join()
    if errors:
        raise errors[0]
    return results[0]
