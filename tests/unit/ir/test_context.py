"""The context owns its state: dialects loaded into one context are unknown to another."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import generated
from generator.ir import (
    Context,
    DiagnosticError,
    Dialect,
    DialectRegistry,
    SourceFile,
    parse_source,
)
from generator.ir.rewrite import apply_patterns_greedily

REPO_ROOT = Path(__file__).resolve().parents[3]

_ARITH_AND_FUNC = """\
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
"""


def _dialect(name: str) -> Dialect:
    loaded = generated.load_dialect(name)
    assert loaded is not None
    return loaded


def test_two_contexts_see_only_their_own_dialects() -> None:
    """Loading arith into one context leaves another context without it."""
    with_arith = Context(dialects=[_dialect("func"), _dialect("arith")])
    with_tfg = Context(dialects=[_dialect("tfg")])
    assert with_arith.lookup_op("arith.addi") is not None
    assert with_arith.lookup_op("tfg.graph") is None
    assert with_tfg.lookup_op("tfg.graph") is not None
    assert with_tfg.lookup_op("arith.addi") is None
    assert with_tfg.is_open_dialect("tfg")
    assert not with_arith.is_open_dialect("tfg")
    module = parse_source(SourceFile("a.mlir", _ARITH_AND_FUNC), with_arith)
    assert [op.name for op in module.walk()][1:] == [
        "func.func",
        "arith.constant",
        "arith.addi",
        "func.return",
    ]
    with pytest.raises(DiagnosticError) as info:
        parse_source(SourceFile("a.mlir", _ARITH_AND_FUNC), with_tfg)
    assert info.value.diagnostics[0].message == "custom op 'func.func' is unknown"


def test_pattern_sets_and_types_belong_to_the_context() -> None:
    """A context has the pattern sets, types and attributes of its own dialects only."""
    arith = Context(dialects=[_dialect("arith")])
    executor = Context(dialects=[_dialect("tf_executor")])
    canonicalize = arith.pattern_set("canonicalize")
    assert canonicalize
    assert all(getattr(p, "__module__", "") == "generated.arith.patterns" for p in canonicalize)
    assert executor.lookup_type("tf_executor", "control") is not None
    assert arith.lookup_type("tf_executor", "control") is None
    assert arith.lookup_attr("arith", "overflow") is not None
    assert executor.lookup_attr("arith", "overflow") is None
    assert executor.unknown_type_message("tf_executor", "x") == "unknown tf_executor type: x"
    assert arith.unknown_type_message("tf_executor", "x") != "unknown tf_executor type: x"


def test_importing_a_dialect_registers_nothing() -> None:
    """A new context knows only builtin, whatever generated packages were imported."""
    generated.load_all_dialects()
    bare = Context()
    assert bare.loaded_dialects == []
    assert bare.lookup_op("arith.addi") is None
    assert not bare.is_known_dialect("arith")
    assert bare.is_known_dialect("builtin")


def test_a_registry_loads_on_first_use() -> None:
    """A context with a registry loads a dialect when the input first names it."""
    ctx = Context(registry=generated.registry())
    assert [d.name for d in ctx.loaded_dialects] == ["builtin"]
    parse_source(SourceFile("a.mlir", _ARITH_AND_FUNC), ctx)
    assert sorted(d.name for d in ctx.loaded_dialects) == ["arith", "builtin", "func"]


def test_registry_of_dialect_objects() -> None:
    """`DialectRegistry.of` makes a registry of dialects already built."""
    registry = DialectRegistry.of([_dialect("func"), _dialect("arith")])
    assert registry.names == ["arith", "func"]
    ctx = Context(registry=registry)
    assert ctx.get_or_load_dialect("arith") is _dialect("arith")
    assert ctx.get_or_load_dialect("tfg") is None


def test_two_dialects_of_one_name_cannot_load_into_one_context() -> None:
    """A second, different dialect under a loaded dialect's name is an error."""
    ctx = Context(dialects=[_dialect("arith")])
    ctx.load_dialect(_dialect("arith"))  # the same one again is fine
    with pytest.raises(ValueError, match="another dialect named 'arith'"):
        ctx.load_dialect(Dialect("arith"))


def test_folding_uses_the_materializer_of_the_ops_dialect() -> None:
    """The greedy driver materializes constants through the op's own dialect."""
    ctx = Context(dialects=[_dialect("func"), _dialect("arith")])
    module = parse_source(
        SourceFile(
            "a.mlir",
            "func.func @f() -> i32 {\n  %a = arith.constant 2 : i32\n"
            "  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n",
        ),
        ctx,
    )
    assert apply_patterns_greedily(module, ctx.pattern_set("canonicalize"), ctx=ctx)
    assert [op.name for op in module.walk()][2:] == ["arith.constant", "func.return"]


_MEMORY_PROBE = textwrap.dedent(
    """\
    import gc, resource, sys
    import generated
    from generator.ir import SourceFile, parse_source, print_operation, verify

    def module(i):
        lines = [f'func.func @f{i}(%a: i32) -> f64 attributes {{note = "module {i}"}} {{']
        for k in range(20):
            n = i * 20 + k
            lines += [
                f'  %c{k} = arith.constant {n} : i32',
                f'  %f{k} = arith.constant {n}.5 : f64',
                f'  %s{k} = arith.addi %a, %c{k} : i32 loc("file{n}.py":{n}:1)',
                f'  %t{k} = "test.op"() {{k = dense<[{n}, {n + 1}]> : tensor<2xi64>, '
                f's = "str{n}"}} : () -> tensor<{n}xf32>',
            ]
        return "\\n".join([*lines, "  return %f0 : f64", "}", ""])

    ctx = generated.context(allow_unregistered_dialects=True)
    peaks = []
    for i in range(int(sys.argv[1])):
        m = parse_source(SourceFile(f"m{i}.mlir", module(i)), ctx)
        verify(m, ctx)
        print_operation(m, generic=False)
        del m
        if i in (99, int(sys.argv[1]) - 1):
            gc.collect()
            peaks.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    print(*peaks)
    """
)


def test_parsing_many_modules_keeps_memory_flat() -> None:
    """Peak memory after 1,000 modules (each with its own constants, names and types)
    is that after 100: the uniquing tables do not keep what no IR uses."""
    result = subprocess.run(
        [sys.executable, "-c", _MEMORY_PROBE, "1000"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    after_100, after_1000 = (int(x) for x in result.stdout.split())
    # ru_maxrss is in KiB; 900 more modules may cost no more than 1 MiB of peak.
    assert after_1000 - after_100 <= 1024, (after_100, after_1000)
