"""`--infer-shapes` on mutated programs: the grammar fuzzer's mutations
(`tests/fuzz/grammar.py`) applied to the shape tests' programs (the cases of
`data/tensor.mlir` and random `tensor`/`arith` and `tf`/`tfl` programs). Every case
exits 0 with output that reads back, or 1 with a located diagnostic, never a
traceback; some are accepted and refined."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from fuzz.grammar import make_case, run_case

from tests.shapes import test_infer_shapes, test_infer_shapes_tf

DATA = Path(__file__).parent / "data"
CASES = 300


def test_mutated_programs_give_output_or_a_located_diagnostic() -> None:
    seeds = [c for c in (DATA / "tensor.mlir").read_text().split("// -----\n") if c.strip()]
    seeds += [test_infer_shapes._program(seed)[0] for seed in range(40)]
    seeds += [test_infer_shapes_tf._program(seed)[0] for seed in range(40)]
    findings = []
    accepted = refined = 0
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(CASES):
            case = make_case(number, seeds, base_seed=1)
            flags = ["--infer-shapes"] + (["--mlir-print-op-generic"] if number % 2 else [])
            case = dataclasses.replace(case, flags=flags)
            outcome = run_case(case, Path(tmp))
            if outcome.finding:
                findings.append(
                    f"case {number} {case.mutations}: {outcome.finding}\n{outcome.stderr[:1500]}"
                )
            elif outcome.code == 0:
                accepted += 1
                # The seeds write every inferred result with `?` or `*`.
                refined += "tensor<?" not in outcome.stdout and "tensor<*" not in outcome.stdout
    assert not findings, "\n\n".join(findings)
    assert accepted > 0
    assert refined > 0
