"""Deeply nested IR: everything up to the nesting limits works, deeper is a located error.

Regions, types, attributes, locations and affine expressions nested to the limits of
`generator.ir.nesting` are parsed, verified, rewritten and printed by `odsgen opt` in
every mode (as mlir-opt-22 does, byte for byte); one level deeper gets a diagnostic
at the bracket (or alias) that opens the level too many. The inputs are made here;
each case builder returns the text nested `depth` levels deep and the offset of what
opens the deepest level.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.ir.nesting import MAX_AFFINE_DEPTH, MAX_ATTRIBUTE_DEPTH, MAX_REGION_DEPTH
from generator.ir.source import SourceFile

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]
ExpectSameText = Callable[..., None]
Builder = Callable[[int], tuple[str, int]]

_REGIONS = f"regions nest more than {MAX_REGION_DEPTH} levels deep"
_ATTRIBUTES = f"types and attributes nest more than {MAX_ATTRIBUTE_DEPTH} levels deep"
_AFFINE = f"affine expressions nest more than {MAX_AFFINE_DEPTH} levels deep"

#: A generic op (of no registered dialect) whose one region holds what follows.
_GENERIC = '"test.op"() ({\n'
_GENERIC_END = "}) : () -> ()\n"
_OP = '"test.op"() '


def generic_regions(depth: int) -> tuple[str, int]:
    """`depth` generic ops, each in the region of the one before."""
    text = _GENERIC * depth + '"test.end"() : () -> ()\n' + _GENERIC_END * depth
    return text, len(_GENERIC) * depth - 2


def module_regions(depth: int) -> tuple[str, int]:
    """`generic_regions` in a module, whose body is the top level, written out."""
    head = "module {\n"
    text, deepest = generic_regions(depth)
    return head + text + "}\n", len(head) + deepest


def affine_loops(depth: int) -> tuple[str, int]:
    """A function whose body holds `depth - 1` nested `affine.for` loops."""
    head = "func.func @f() {\n"
    loops = [f"affine.for %i{i} = 0 to 10 {{\n" for i in range(depth - 1)]
    text = head + "".join(loops) + "}\n" * (depth - 1) + "  return\n}\n"
    return text, len(head) + sum(map(len, loops)) - 2


def tuples(depth: int) -> tuple[str, int]:
    """A function argument of a tuple type nested `depth` deep."""
    head = "func.func private @f("
    text = head + "tuple<" * depth + "i32" + ">" * depth + ")\n"
    return text, len(head) + 6 * depth - 1


def function_types(depth: int) -> tuple[str, int]:
    """A function argument of a function type taking a function type, `depth` deep."""
    head = "func.func private @f("
    text = head + "(" * depth + "i32" + ") -> i32" * depth + ")\n"
    return text, len(head) + depth - 1


def arrays(depth: int) -> tuple[str, int]:
    """An array nested `depth - 1` deep in an op's attribute dictionary."""
    head = _OP + "{a = "
    text = head + "[" * (depth - 1) + "1" + "]" * (depth - 1) + "} : () -> ()\n"
    return text, len(head) + depth - 2


def dictionaries(depth: int) -> tuple[str, int]:
    """Dictionaries nested `depth` deep, the op's own the outermost."""
    text = _OP + "{a = " * depth + "1" + "}" * depth + " : () -> ()\n"
    return text, len(_OP) + 5 * (depth - 1)


def dense_literals(depth: int) -> tuple[str, int]:
    """A `dense` literal nested `depth - 1` deep in an op's attribute dictionary."""
    head = _OP + "{a = dense<"
    shape = "1x" * (depth - 1)
    literal = "[" * (depth - 1) + "1" + "]" * (depth - 1)
    text = head + literal + f"> : tensor<{shape}i32>}} : () -> ()\n"
    return text, len(head) + depth - 2


def callsite_locations(depth: int) -> tuple[str, int]:
    """An op's location: call sites `depth` deep."""
    head = _OP + ": () -> () loc("
    text = head + "callsite(" * depth + '"a":1:1' + ' at "b":2:2)' * depth + ")\n"
    return text, len(head) + 9 * depth - 1


def fused_locations(depth: int) -> tuple[str, int]:
    """An op's location: fused locations `depth` deep."""
    head = _OP + ": () -> () loc("
    text = head + "fused[" * depth + '"a":1:1' + ', "b":2:2]' * depth + ")\n"
    return text, len(head) + 6 * depth - 1


def affine_parentheses(depth: int) -> tuple[str, int]:
    """An affine map whose result is `d0` in `depth` parentheses."""
    head = _OP + "{a = affine_map<(d0) -> ("
    text = head + "(" * depth + "d0" + ")" * depth + ")>} : () -> ()\n"
    return text, len(head) + depth - 1


def affine_negations(depth: int) -> tuple[str, int]:
    """An affine map whose result is `d0` negated `depth` times."""
    head = _OP + "{a = affine_map<(d0) -> ("
    text = head + "-" * depth + "d0)>} : () -> ()\n"
    return text, len(head) + depth - 1


def type_aliases(depth: int) -> tuple[str, int]:
    """Type aliases each a tuple of the one before, used `depth` levels deep."""
    lines = ["!t0 = i32\n", "!t1 = tuple<i32>\n"]
    lines += [f"!t{i} = tuple<!t{i - 1}>\n" for i in range(2, depth)]
    head = "".join(lines) + "func.func private @f(tuple<"
    return head + f"!t{depth - 1}>)\n", len(head)


def attribute_aliases(depth: int) -> tuple[str, int]:
    """Attribute aliases each an array of the one before, used `depth` levels deep."""
    lines = ["#a0 = 1\n"] + [f"#a{i} = [#a{i - 1}]\n" for i in range(1, depth - 1)]
    head = "".join(lines) + _OP + "{a = ["
    return head + f"#a{depth - 2}]}} : () -> ()\n", len(head)


def repeated_dictionaries(depth: int) -> tuple[str, int]:
    """A dictionary holding a deep alias, repeated one level deeper than it first was
    (the parser reuses what it made of text it has seen)."""
    lines = ["#a0 = 1\n"] + [f"#a{i} = [#a{i - 1}]\n" for i in range(1, depth - 2)]
    alias = f"#a{depth - 3}"
    first = _OP + f"{{x = {{a = {alias}}}}} : () -> ()\n"
    head = "".join(lines) + first + _OP + "{y = [{a = "
    return head + alias + "}]} : () -> ()\n", len(head)


def _innermost(depth: int) -> str:
    """An op with a type, an attribute, a location and an affine map each nested to
    `depth` (its result type and attribute dictionary are the outermost levels)."""
    type_ = "tuple<" * (depth - 1) + "i32" + ">" * (depth - 1)
    array = "[" * (depth - 1) + "1" + "]" * (depth - 1)
    loc = "callsite(" * depth + '"a":1:1' + ' at "b":2:2)' * depth
    expr = "(" * depth + "d0" + ")" * depth
    return (
        f'"test.deep"() {{a = {array}, m = affine_map<(d0) -> ({expr})>}}'
        f" : () -> ({type_}) loc({loc})\n"
    )


def everything(depth: int) -> tuple[str, int]:
    """Regions nested `depth` deep around an op with everything else nested as deep."""
    text = _GENERIC * depth + _innermost(depth) + '"test.end"() : () -> ()\n'
    return text + _GENERIC_END * depth, len(_GENERIC) * depth - 2


def everything_in_loops(depth: int) -> tuple[str, int]:
    """`everything`, with a function and affine loops for the regions."""
    text, _ = affine_loops(depth)
    inner = text.index("}\n")
    return text[:inner] + _innermost(depth) + text[inner:], 0


#: name -> (builder, limit, message past the limit)
CASES: dict[str, tuple[Builder, int, str]] = {
    "generic-regions": (generic_regions, MAX_REGION_DEPTH, _REGIONS),
    "module-regions": (module_regions, MAX_REGION_DEPTH, _REGIONS),
    "affine-loops": (affine_loops, MAX_REGION_DEPTH, _REGIONS),
    "tuples": (tuples, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "function-types": (function_types, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "arrays": (arrays, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "dictionaries": (dictionaries, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "dense-literals": (dense_literals, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "callsite-locations": (callsite_locations, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "fused-locations": (fused_locations, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "affine-parentheses": (affine_parentheses, MAX_AFFINE_DEPTH, _AFFINE),
    "affine-negations": (affine_negations, MAX_AFFINE_DEPTH, _AFFINE),
    "type-aliases": (type_aliases, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "attribute-aliases": (attribute_aliases, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
    "repeated-dictionaries": (repeated_dictionaries, MAX_ATTRIBUTE_DEPTH, _ATTRIBUTES),
}

#: The flags of each phase that prints, or checks, differently.
PHASES: dict[str, list[str]] = {
    "custom": [],
    "generic": ["--mlir-print-op-generic"],
    "debuginfo": ["--mlir-print-debuginfo"],
    "canonicalize": ["--canonicalize"],
    "verify-diagnostics": ["--verify-diagnostics"],
}

_FLAGS = ["--allow-unregistered-dialect"]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deep.mlir"
    path.write_text(text, encoding="utf-8")
    return path


def _oracle(mlir_opt: str, path: Path, flags: list[str]) -> tuple[int, str]:
    done = subprocess.run(
        [mlir_opt, *_FLAGS, *flags, str(path)], capture_output=True, text=True, check=False
    )
    return done.returncode, done.stdout


@pytest.mark.parametrize("case", sorted(CASES))
def test_nesting_at_the_limit_works(case: str, tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """Each kind of nesting, as deep as the limit allows, prints and reads back the same."""
    build, limit, _ = CASES[case]
    path = _write(tmp_path, build(limit)[0])
    code, out, err = run_odsgen(["opt", *_FLAGS, str(path)])
    assert (code, err) == (0, "")
    again = _write(tmp_path, out)
    assert run_odsgen(["opt", *_FLAGS, str(again)]) == (0, out, "")


@pytest.mark.parametrize("case", sorted(CASES))
def test_nesting_at_the_limit_as_mlir_opt(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """At the limit, the output is mlir-opt-22's, byte for byte."""
    build, limit, _ = CASES[case]
    path = _write(tmp_path, build(limit)[0])
    code, out, err = run_odsgen(["opt", *_FLAGS, str(path)])
    assert (code, err) == (0, "")
    assert (code, out) == _oracle(mlir_opt, path, [])


@pytest.mark.parametrize("case", sorted(CASES))
def test_nesting_past_the_limit_is_located(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """One level deeper is an error at the bracket (or alias use) that opens that level."""
    build, limit, message = CASES[case]
    text, deepest = build(limit + 1)
    path = _write(tmp_path, text)
    code, out, err = run_odsgen(["opt", *_FLAGS, str(path)])
    line, col = SourceFile(str(path), text).line_col(deepest)
    assert (code, out) == (1, "")
    assert err.splitlines()[0] == f"{path}:{line}:{col}: error: {message}"


@pytest.mark.parametrize("phase", sorted(PHASES))
@pytest.mark.parametrize("build", [everything, everything_in_loops], ids=["generic", "loops"])
def test_every_phase_at_all_limits_at_once(
    build: Builder, phase: str, tmp_path: Path, run_odsgen: RunOdsgen
) -> None:
    """Regions at the limit around types, attributes, locations and affine expressions
    at theirs: every phase gets through them, whatever the runtime is compiled or not."""
    depth = min(MAX_REGION_DEPTH, MAX_ATTRIBUTE_DEPTH, MAX_AFFINE_DEPTH)
    path = _write(tmp_path, build(depth)[0])
    code, out, err = run_odsgen(["opt", *_FLAGS, *PHASES[phase], str(path)])
    assert (code, err) == (0, "")
    assert out.count('"test.deep"') == 1


@pytest.mark.parametrize("phase", sorted(PHASES))
def test_every_phase_at_all_limits_as_mlir_opt(
    phase: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """The phases at all limits at once print what mlir-opt-22 prints."""
    depth = min(MAX_REGION_DEPTH, MAX_ATTRIBUTE_DEPTH, MAX_AFFINE_DEPTH)
    path = _write(tmp_path, everything_in_loops(depth)[0])
    code, out, _ = run_odsgen(["opt", *_FLAGS, *PHASES[phase], str(path)])
    assert (code, out) == _oracle(mlir_opt, path, PHASES[phase])


def test_split_chunks_at_and_past_the_limits(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """With `--split-input-file`, chunks at the limits print and each chunk past one
    gets its diagnostic, expected with `--verify-diagnostics`."""
    chunks = []
    for build, limit, message in CASES.values():
        chunks.append(build(limit)[0])
        text, deepest = build(limit + 1)
        # The annotation goes on a line of its own before the line of the error.
        line_start = text.rfind("\n", 0, deepest) + 1
        expect = f"// expected-error@+1 {{{{{message}}}}}\n"
        chunks.append(text[:line_start] + expect + text[line_start:])
    path = _write(tmp_path, "// -----\n".join(chunks))
    flags = ["--split-input-file", "--verify-diagnostics"]
    code, out, err = run_odsgen(["opt", *_FLAGS, *flags, str(path)])
    assert (code, err) == (0, "")
    assert out.count("// -----\n") == 2 * len(CASES) - 1
