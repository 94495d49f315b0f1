"""`odsgen opt --infer-shapes` on arith and tensor programs.

- `data/tensor.mlir` and its expected output `data/tensor.mlir.out`: reshapes to
  constant and computed shapes, concats, slices, elementwise arith ops, function
  signatures updated or kept (a called function), casts where a user cannot take a
  refined type (an op without a reference, `scf.yield`, an op with an operand of
  unknown shape), and ops left as they are (a shape that is not known, a refinement
  that would not verify). mlir-opt-22 reads the expected output and prints it back
  unchanged, so every inferred type verifies.
- Random programs: chains of `tensor.reshape` (to constant shapes and to shapes
  computed by `tensor.dim`), `tensor.concat` and elementwise `arith` ops whose
  results are written with dynamic sizes; after the pass every result has the type
  numpy gives the same computation on real arrays, and mlir-opt-22 accepts the
  output and prints it identically.
"""

from __future__ import annotations

import random
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from generator.ir.context import Context
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.shapes import infer_shapes
from generator.ir.source import SourceFile
from generator.ir.verifier import verify
from tests.conftest import ExpectSameText, RunOdsgen

DATA = Path(__file__).parent / "data"


def _context() -> Context:
    import generated

    return Context(registry=generated.registry(), allow_unregistered_dialects=True)


@pytest.mark.parametrize("name", ["tensor.mlir"])
def test_expected_output(
    name: str, run_odsgen: RunOdsgen, expect_same_text: ExpectSameText
) -> None:
    path = DATA / name
    code, out, err = run_odsgen(
        ["opt", "--allow-unregistered-dialect", "--split-input-file", "--infer-shapes", str(path)]
    )
    assert code == 0, err
    assert err == ""
    expected = (DATA / f"{name}.out").read_text()
    expect_same_text(out, expected, label=name)


@pytest.mark.mlir
@pytest.mark.parametrize("name", ["tensor.mlir"])
def test_expected_output_verifies_in_mlir_opt(name: str, mlir_opt: str) -> None:
    expected = (DATA / f"{name}.out").read_text()
    done = subprocess.run(
        [mlir_opt, "--allow-unregistered-dialect", "--split-input-file", "-"],
        input=expected,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    # mlir-opt-22 separates the chunks it prints with `// -----` lines of its own.
    assert done.stdout == expected


def test_pass_is_idempotent() -> None:
    ctx = _context()
    text = (DATA / "tensor.mlir").read_text().split("// -----\n")[0]
    module = parse_source(SourceFile("t.mlir", text), ctx)
    assert infer_shapes(module, ctx) > 0
    once = print_operation(module, generic=False)
    assert infer_shapes(module, ctx) == 0
    assert print_operation(module, generic=False) == once


# -- random programs ------------------------------------------------------------------


@dataclass
class _Program:
    """A function being generated: its text and, per tensor op, the expected type."""

    rng: random.Random
    lines: list[str] = field(default_factory=list)
    # (SSA name, true shape, written type, element)
    values: list[tuple[str, tuple[int, ...], str, str]] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)
    counter: int = 0

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def loosen(self, shape: tuple[int, ...], element: str) -> str:
        """A type of `shape` with some sizes (at least one) written as `?`."""
        dims = [str(d) if self.rng.random() < 0.3 else "?" for d in shape]
        if "?" not in dims and dims:
            dims[self.rng.randrange(len(dims))] = "?"
        return _tensor(dims, element)

    def constant_index(self, value: int) -> str:
        name = self.fresh()
        self.lines.append(f"  {name} = arith.constant {value} : index")
        return name

    def reshape_constant(self) -> None:
        name, shape, written, element = self.rng.choice(self.values)
        target = _factor(self.rng, int(np.prod(shape)))
        expected_shape = np.reshape(np.zeros(shape), target).shape
        shape_name = self.fresh()
        values = ", ".join(str(d) for d in target)
        self.lines.append(
            f"  {shape_name} = arith.constant dense<[{values}]> : tensor<{len(target)}xindex>"
        )
        self._reshape(name, written, shape_name, len(target), expected_shape, element)

    def reshape_computed(self) -> None:
        """A reshape to a permutation of the value's sizes, read with tensor.dim."""
        name, shape, written, element = self.rng.choice(self.values)
        order = list(range(len(shape)))
        self.rng.shuffle(order)
        dims = []
        for i in order:
            index = self.constant_index(i)
            dim = self.fresh()
            self.lines.append(f"  {dim} = tensor.dim {name}, {index} : {written}")
            dims.append(dim)
        shape_name = self.fresh()
        self.lines.append(
            f"  {shape_name} = tensor.from_elements {', '.join(dims)} : tensor<{len(dims)}xindex>"
        )
        expected_shape = np.reshape(np.zeros(shape), [shape[i] for i in order]).shape
        self._reshape(name, written, shape_name, len(dims), expected_shape, element)

    def _reshape(
        self,
        name: str,
        written: str,
        shape_name: str,
        rank: int,
        expected_shape: tuple[int, ...],
        element: str,
    ) -> None:
        result = self.fresh()
        result_type = self.loosen(expected_shape, element)
        self.lines.append(
            f"  {result} = tensor.reshape {name}({shape_name}) : "
            f"({written}, tensor<{rank}xindex>) -> {result_type}"
        )
        self.add(result, expected_shape, result_type, element)

    def concat(self) -> None:
        name, shape, written, element = self.rng.choice(self.values)
        dim = self.rng.randrange(len(shape))
        count = self.rng.randint(2, 3)
        expected_shape = np.concatenate([np.zeros(shape)] * count, axis=dim).shape
        result = self.fresh()
        result_type = self.loosen(expected_shape, element)
        operands = ", ".join([name] * count)
        types = ", ".join([written] * count)
        self.lines.append(
            f"  {result} = tensor.concat dim({dim}) {operands} : ({types}) -> {result_type}"
        )
        self.add(result, expected_shape, result_type, element)

    def elementwise(self) -> None:
        name, shape, written, element = self.rng.choice(self.values)
        ops = ["addf", "mulf", "subf", "maximumf"] if element == "f32" else ["addi", "xori", "muli"]
        other = self.rng.choice([v for v in self.values if v[2] == written and v[1] == shape])[0]
        result = self.fresh()
        self.lines.append(f"  {result} = arith.{self.rng.choice(ops)} {name}, {other} : {written}")
        expected_shape = (np.zeros(shape) + np.zeros(shape)).shape
        self.add(result, expected_shape, written, element)

    def add(self, name: str, shape: tuple[int, ...], written: str, element: str) -> None:
        self.values.append((name, shape, written, element))
        self.expected.append(_tensor([str(d) for d in shape], element))


def _tensor(dims: list[str], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in dims) + element + ">"


def _factor(rng: random.Random, n: int) -> list[int]:
    """A random shape of rank 1 to 3 with `n` elements."""
    dims = []
    for _ in range(rng.randint(0, 2)):
        divisors = [d for d in range(1, n + 1) if n % d == 0]
        d = rng.choice(divisors)
        dims.append(d)
        n //= d
    dims.append(n)
    rng.shuffle(dims)
    return dims


def _program(seed: int) -> tuple[str, list[str], list[str]]:
    """A function's text, the expected types of its tensor ops' results in order, and
    its expected result types."""
    rng = random.Random(seed)
    p = _Program(rng)
    element = rng.choice(["f32", "i32"])
    args = []
    for i in range(rng.randint(1, 2)):
        shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
        written = _tensor([str(d) for d in shape], element)
        args.append(f"%a{i}: {written}")
        p.values.append((f"%a{i}", shape, written, element))
    steps = [p.reshape_constant, p.reshape_computed, p.concat, p.elementwise]
    for _ in range(rng.randint(3, 8)):
        rng.choice(steps)()
    produced = p.values[len(args) :] or p.values
    returned = produced[-min(len(produced), rng.randint(1, 2)) :]
    written = ", ".join(v[2] for v in returned)
    p.lines.append(f"  return {', '.join(v[0] for v in returned)} : {written}")
    results = [_tensor([str(d) for d in v[1]], v[3]) for v in returned]
    text = (
        f"func.func @f{seed}({', '.join(args)}) -> ({written}) {{\n" + "\n".join(p.lines) + "\n}\n"
    )
    return text, p.expected, results


_CASES = 200


def _infer(text: str) -> str:
    ctx = _context()
    module = parse_source(SourceFile("p.mlir", text), ctx)
    verify(module, ctx)
    infer_shapes(module, ctx)
    verify(module, ctx)
    return print_operation(module, generic=False)


def test_random_programs_get_numpy_shapes() -> None:
    checked = 0
    for seed in range(_CASES):
        text, expected, results = _program(seed)
        ctx = _context()
        module = parse_source(SourceFile("p.mlir", text), ctx)
        verify(module, ctx)
        infer_shapes(module, ctx)
        verify(module, ctx)
        fn = next(iter(module.regions[0].blocks[0].ops))
        got = [
            str(op.results[0].type)
            for op in fn.regions[0].blocks[0].ops
            if op.name in ("tensor.reshape", "tensor.concat") or op.name.startswith("arith.")
            if op.name != "arith.constant"
        ]
        assert got == expected, text
        function_type = fn.get_attr("function_type")
        assert function_type is not None
        assert list(map(str, function_type.value.results)) == results, text  # type: ignore[attr-defined]
        assert "tensor.cast" not in print_operation(module, generic=False)
        checked += 1
    assert checked == _CASES


@pytest.mark.mlir
def test_random_programs_verify_in_mlir_opt(mlir_opt: str) -> None:
    inputs = [_program(seed)[0] for seed in range(_CASES)]
    outputs = [_infer(text) for text in inputs]
    # Every input is valid MLIR, and every output is too: mlir-opt-22 prints each back
    # as it is.
    for label, chunks in (("inputs", inputs), ("outputs", outputs)):
        done = subprocess.run(
            [mlir_opt, "--split-input-file", "-"],
            input="\n// -----\n".join(chunks),
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, f"{label}: {done.stderr}"
        if label == "outputs":
            printed = done.stdout.split("// -----\n")
            assert [c.strip() for c in printed] == [o.strip() for o in outputs]
