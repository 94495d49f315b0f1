"""Shapes of IR that once cost the square of their size: the answers stay right.

Dominance is answered from depth-first intervals of the dominator tree and a
`cf.switch` prints its cases in one pass; `bench/scaling.py` times both. These
tests check the results against a direct walk of the dominator chains and against
mlir-opt-22.
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

import generated
from generator.ir.core import Block, Operation
from generator.ir.diagnostics import DiagnosticError
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.source import SourceFile
from generator.ir.verifier import dominator_intervals, dominators, verify

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]


def _parse(text: str, name: str = "t.mlir") -> Operation:
    return parse_source(SourceFile(name, text), generated.context())


def _random_cfg(rng: random.Random, blocks: int) -> str:
    """A function of `blocks` blocks with random branches (some blocks unreachable)."""
    lines = ["func.func @f(%c: i1) {"]
    for i in range(blocks):
        if i:
            lines.append(f"^bb{i}:")
        targets = [rng.randrange(1, blocks) for _ in range(2)]
        choice = rng.random()
        if choice < 0.15 or blocks == 1:
            lines.append("  return")
        elif choice < 0.5:
            lines.append(f"  cf.br ^bb{targets[0]}")
        else:
            lines.append(f"  cf.cond_br %c, ^bb{targets[0]}, ^bb{targets[1]}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _chain_dominates(dom: dict[Block, Block | None], a: Block, b: Block) -> bool:
    cur: Block | None = b
    while cur is not None:
        if cur is a:
            return True
        cur = dom[cur]
    return False


@pytest.mark.parametrize("seed", range(12))
def test_intervals_agree_with_dominator_chains(seed: int) -> None:
    """For every pair of reachable blocks, the intervals answer as the idom chain does."""
    rng = random.Random(seed)
    module = _parse(_random_cfg(rng, rng.randrange(2, 40)))
    func = next(iter(module.regions[0].blocks[0]))
    dom = dominators(func.regions[0])
    enter, leave = dominator_intervals(dom)
    assert set(enter) == set(dom) == set(leave)
    for a in dom:
        for b in dom:
            by_interval = enter[a] <= enter[b] and leave[b] <= leave[a]
            assert by_interval == _chain_dominates(dom, a, b)


def _chain(blocks: int, *, bad_use_in: int | None = None) -> str:
    lines = ["func.func @chain(%a: i32) -> i32 {", "  %c = arith.addi %a, %a : i32", "  cf.br ^bb1"]
    for i in range(1, blocks + 1):
        lines.append(f"^bb{i}:")
        # The value of the last block, used in an earlier one, does not dominate it.
        used = f"%v{blocks}" if i == bad_use_in else "%c"
        lines.append(f"  %v{i} = arith.addi {used}, %a : i32")
        lines.append(f"  cf.br ^bb{i + 1}" if i < blocks else f"  return %v{i} : i32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def test_long_block_chain_verifies() -> None:
    """Every block of a 5,000-block chain uses the entry block's value: all dominated."""
    module = _parse(_chain(5000))
    verify(module, generated.context())


def test_long_block_chain_reports_a_use_its_definition_does_not_dominate(
    tmp_path: Path, mlir_opt: str
) -> None:
    """A use in block 4,000 of a value from the last block is reported as mlir-opt-22 does."""
    source = tmp_path / "chain.mlir"
    source.write_text(_chain(5000, bad_use_in=4000))
    module = parse_source(SourceFile(str(source), source.read_text()), generated.context())
    with pytest.raises(DiagnosticError) as caught:
        verify(module, generated.context())
    ours = str(caught.value).splitlines()[0]
    oracle = subprocess.run(
        [mlir_opt, str(source), "-o", "/dev/null"], capture_output=True, text=True, check=False
    )
    assert oracle.returncode == 1
    assert ours == oracle.stderr.splitlines()[0]
    assert "operand #0 does not dominate this use" in ours


def _switch(cases: int) -> str:
    lines = [
        "func.func @switch(%flag: i32, %x: i32) {",
        "  cf.switch %flag : i32, [",
        "    default: ^bb1",
    ]
    for i in range(cases):
        lines[-1] += ","
        # Cases alternate between destinations with and without operands, so that
        # each case must find its own group of operands.
        target = "^bb2(%x : i32)" if i % 3 == 0 else "^bb1"
        lines.append(f"    {i * 7 - 100}: {target}")
    lines += ["  ]", "^bb1:", "  return", "^bb2(%y: i32):", "  return", "}"]
    return "\n".join(lines) + "\n"


def test_switch_with_many_cases_prints_as_mlir_opt(tmp_path: Path, mlir_opt: str) -> None:
    """A 5,000-case `cf.switch` prints exactly as mlir-opt-22 prints it."""
    source = tmp_path / "switch.mlir"
    source.write_text(_switch(5000))
    module = _parse(source.read_text())
    verify(module, generated.context())
    expected = subprocess.run(
        [mlir_opt, str(source)], capture_output=True, text=True, check=True
    ).stdout
    assert print_operation(module, generic=False) + "\n" == expected


def test_switch_case_operands_are_grouped_per_case() -> None:
    """The case operand groups follow `case_operand_segments`, each at its own case."""
    module = _parse(_switch(300))
    func = next(iter(module.regions[0].blocks[0]))
    switch_op = func.regions[0].blocks[0].last_op
    assert switch_op is not None
    groups = switch_op.case_operands  # type: ignore[attr-defined]
    assert len(groups) == 300
    x = func.regions[0].blocks[0].args[1]
    assert [len(g) for g in groups] == [1 if i % 3 == 0 else 0 for i in range(300)]
    assert all(g[0] is x for g in groups if g)
