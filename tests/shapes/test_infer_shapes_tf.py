"""`odsgen opt --infer-shapes` on the seeds' `tf` and `tfl` ops, whose shapes come
from their reference implementations alone (no shape function is written).

- Random programs of `tf.Add`/`AddV2`/`Sub`/`Mul`/`Maximum` (broadcasting),
  `tf.MatMul` (with transposes), `tf.Reshape` to a `tf.Const` shape (with `-1`),
  `tf.Shape`, `tf.Relu`/`Tanh`, `tf.Less`/`NotEqual`, `tf.SelectV2`, `tf.BiasAdd`,
  `tf.Cast`, and `tfl.add`/`sub`/`mul` (with fused activations), `tfl.relu`,
  `tfl.not_equal`, every result written `tensor<*xT>`: after the pass each result
  has the type TensorFlow's shape rules give, computed here by hand (its BCast
  broadcasting, MatMul's `[m, k] x [k, n]`, Reshape's `-1`), the program verifies,
  and mlir-opt-22 reads the generic output and prints it back unchanged.
- The seed's `tf` example (document 000: `tf.Add`, `tf.Mul` by a rank-0 constant,
  `tf.If`) with a static input: `tf.Add` and `tf.Mul` are refined, and the `tf.If`,
  which has no reference, gets casts.
"""

from __future__ import annotations

import math
import random
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from generator.ir.context import Context
from generator.ir.parser import parse_source
from generator.ir.printer import print_operation
from generator.ir.shapes import infer_shapes
from generator.ir.source import SourceFile
from generator.ir.verifier import verify
from tests.conftest import RunOdsgen

Shape = tuple[int, ...]


def _context() -> Context:
    import generated

    return Context(registry=generated.registry())


# -- TensorFlow's shape rules, written out ---------------------------------------------


def broadcast(*shapes: Shape) -> Shape | None:
    """TensorFlow's BCast: shapes aligned at the right, each size equal or 1."""
    rank = max(len(s) for s in shapes)
    out = []
    for i in range(1, rank + 1):
        sizes = {s[-i] for s in shapes if len(s) >= i} - {1}
        if len(sizes) > 1:
            return None
        out.append(sizes.pop() if sizes else 1)
    return tuple(reversed(out))


def matmul(a: Shape, b: Shape, transpose_a: bool, transpose_b: bool) -> Shape | None:
    m, k = (a[1], a[0]) if transpose_a else a
    k2, n = (b[1], b[0]) if transpose_b else b
    return (m, n) if k == k2 else None


def reshape(shape: Shape, target: list[int]) -> Shape:
    count = math.prod(shape)
    known = math.prod(d for d in target if d != -1)
    return tuple(count // known if d == -1 else d for d in target)


def _tensor(shape: Shape, element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


@dataclass
class _Program:
    rng: random.Random
    args: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    # (SSA name, shape, element, written type)
    values: list[tuple[str, Shape, str, str]] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)
    counter: int = 0

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def arg(self, shape: Shape, element: str = "f32") -> tuple[str, str]:
        name = f"%a{len(self.args)}"
        written = _tensor(shape, element)
        self.args.append(f"{name}: {written}")
        return name, written

    def pick(self, element: str = "f32") -> tuple[str, Shape, str, str]:
        return self.rng.choice([v for v in self.values if v[2] == element])

    def emit(
        self, op: str, operands: list[tuple[str, str]], attrs: str, shape: Shape, element: str
    ) -> str:
        name = self.fresh()
        written = f"tensor<*x{element}>"
        names = ", ".join(n for n, _ in operands)
        types = ", ".join(t for _, t in operands)
        self.lines.append(f'  {name} = "{op}"({names}){attrs} : ({types}) -> {written}')
        self.values.append((name, shape, element, written))
        self.expected.append(_tensor(shape, element))
        return name

    def partner(self, shape: Shape) -> Shape:
        """A shape that broadcasts with `shape`: a suffix of it with some sizes 1, or
        it with leading sizes added (up to rank 4)."""
        room = 4 - len(shape)  # tfl's binary ops take ranks up to 4
        if room > 0 and self.rng.random() < 0.3:
            return tuple(self.rng.randint(1, 3) for _ in range(self.rng.randint(1, room))) + shape
        keep = self.rng.randint(0, len(shape))
        return tuple(1 if self.rng.random() < 0.3 else d for d in shape[len(shape) - keep :])

    def binary(self) -> None:
        name, shape, _element, written = self.pick()
        other_shape = self.partner(shape)
        other = self.arg(other_shape)
        pair = [(name, written), other]
        self.rng.shuffle(pair)
        out = broadcast(shape, other_shape)
        assert out is not None
        if self.rng.random() < 0.5:
            op = self.rng.choice(["tf.Add", "tf.AddV2", "tf.Sub", "tf.Mul", "tf.Maximum"])
            self.emit(op, pair, "", out, "f32")
        else:
            op = self.rng.choice(["tfl.add", "tfl.sub", "tfl.mul"])
            activation = self.rng.choice(["NONE", "RELU", "RELU6", "TANH"])
            self.emit(op, pair, f' {{fused_activation_function = "{activation}"}}', out, "f32")

    def compare(self) -> None:
        name, shape, _element, written = self.pick()
        other_shape = self.partner(shape)
        other = self.arg(other_shape)
        out = broadcast(shape, other_shape)
        assert out is not None
        op, attrs = self.rng.choice(
            [
                ("tf.Less", ""),
                ("tf.NotEqual", " {incompatible_shape_error = true}"),
                ("tfl.not_equal", ""),
            ]
        )
        cond = self.emit(op, [(name, written), other], attrs, out, "i1")
        if self.rng.random() < 0.5:
            # SelectV2 broadcasts the condition and both branches together.
            then_shape = self.partner(out)
            then = self.arg(then_shape)
            result = broadcast(out, then_shape, shape)
            assert result is not None
            self.emit(
                "tf.SelectV2",
                [(cond, "tensor<*xi1>"), then, (name, written)],
                "",
                result,
                "f32",
            )

    def unary(self) -> None:
        name, shape, _element, written = self.pick()
        op = self.rng.choice(["tf.Relu", "tf.Tanh", "tfl.relu", "tf.Cast"])
        if op == "tf.Cast":
            self.emit(op, [(name, written)], " {Truncate = false}", shape, "i32")
        else:
            self.emit(op, [(name, written)], "", shape, "f32")

    def reshape(self) -> None:
        name, shape, _element, written = self.pick()
        count = math.prod(shape)
        target = []
        rest = count
        for _ in range(self.rng.randint(0, 2)):
            d = self.rng.choice([d for d in range(1, rest + 1) if rest % d == 0])
            target.append(d)
            rest //= d
        target.append(rest)
        self.rng.shuffle(target)
        if self.rng.random() < 0.5:
            target[self.rng.randrange(len(target))] = -1
        const = self.fresh()
        values = ", ".join(map(str, target))
        self.lines.append(
            f'  {const} = "tf.Const"() {{value = dense<[{values}]> : tensor<{len(target)}xi32>}}'
            f" : () -> tensor<{len(target)}xi32>"
        )
        self.emit(
            "tf.Reshape",
            [(name, written), (const, f"tensor<{len(target)}xi32>")],
            "",
            reshape(shape, target),
            "f32",
        )

    def matmul(self) -> None:
        candidates = [v for v in self.values if v[2] == "f32" and len(v[1]) == 2]
        if not candidates:
            self.reshape_to_matrix()
            candidates = [self.values[-1]]
        name, shape, _element, written = self.rng.choice(candidates)
        ta, tb = self.rng.random() < 0.3, self.rng.random() < 0.3
        k = shape[0] if ta else shape[1]
        n = self.rng.randint(1, 4)
        other_shape = (n, k) if tb else (k, n)
        other = self.arg(other_shape)
        out = matmul(shape, other_shape, ta, tb)
        assert out is not None
        attrs = f" {{transpose_a = {str(ta).lower()}, transpose_b = {str(tb).lower()}}}"
        self.emit("tf.MatMul", [(name, written), other], attrs, out, "f32")

    def reshape_to_matrix(self) -> None:
        name, shape, _element, written = self.pick()
        const = self.fresh()
        self.lines.append(
            f'  {const} = "tf.Const"() {{value = dense<[{shape[0] if shape else 1}, -1]> : '
            "tensor<2xi32>} : () -> tensor<2xi32>"
        )
        target = [shape[0] if shape else 1, -1]
        self.emit(
            "tf.Reshape",
            [(name, written), (const, "tensor<2xi32>")],
            "",
            reshape(shape, target),
            "f32",
        )

    def bias_add(self) -> None:
        candidates = [v for v in self.values if v[2] == "f32" and len(v[1]) >= 2]
        if not candidates:
            return
        name, shape, _element, written = self.rng.choice(candidates)
        bias = self.arg((shape[-1],))
        self.emit("tf.BiasAdd", [(name, written), bias], ' {data_format = "NHWC"}', shape, "f32")

    def shape_of(self) -> None:
        name, shape, _element, written = self.pick()
        result = self.fresh()
        self.lines.append(f'  {result} = "tf.Shape"({name}) : ({written}) -> tensor<?xi32>')
        self.expected.append(_tensor((len(shape),), "i32"))


def _program(seed: int) -> tuple[str, list[str], str]:
    rng = random.Random(seed)
    p = _Program(rng)
    shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
    name, written = p.arg(shape)
    p.values.append((name, shape, "f32", written))
    steps = [p.binary, p.binary, p.compare, p.unary, p.reshape, p.matmul, p.bias_add, p.shape_of]
    for _ in range(rng.randint(3, 9)):
        rng.choice(steps)()
    last = p.values[-1]
    p.lines.append(f"  return {last[0]} : {last[3]}")
    text = (
        f"func.func @f{seed}({', '.join(p.args)}) -> {last[3]} {{\n" + "\n".join(p.lines) + "\n}\n"
    )
    return text, p.expected, _tensor(last[1], last[2])


_CASES = 200


def _run(text: str) -> tuple[str, list[str], str]:
    """The pass on `text`: the generic output, the result types of its tf/tfl ops in
    order (tf.Const left out) and the function's type."""
    ctx = _context()
    module = parse_source(SourceFile("p.mlir", text), ctx)
    verify(module, ctx)
    infer_shapes(module, ctx)
    verify(module, ctx)
    fn = next(iter(module.regions[0].blocks[0].ops))
    types = [
        str(op.results[0].type)
        for op in fn.regions[0].blocks[0].ops
        if op.dialect_name in ("tf", "tfl") and op.name != "tf.Const"
    ]
    return print_operation(module), types, str(fn.get_attr("function_type"))


def test_random_tf_programs_get_tensorflow_shapes() -> None:
    for seed in range(_CASES):
        text, expected, returned = _program(seed)
        output, types, function_type = _run(text)
        assert types == expected, text
        assert "tensor.cast" not in output, text
        # Nothing references the function: it returns the refined type.
        assert function_type.endswith(f"-> {returned}"), text


@pytest.mark.mlir
def test_random_tf_programs_verify_in_mlir_opt(mlir_opt: str) -> None:
    outputs = [_run(_program(seed)[0])[0] for seed in range(_CASES)]
    done = subprocess.run(
        [
            mlir_opt,
            "--allow-unregistered-dialect",
            "--mlir-print-op-generic",
            "--split-input-file",
            "-",
        ],
        input="\n// -----\n".join(outputs),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    printed = done.stdout.split("// -----\n")
    assert [c.strip() for c in printed] == [o.strip() for o in outputs]


_SEED = """\
func.func @some_function(%input: tensor<2x3xf32>, %cond: tensor<i1>) -> tensor<*xf32> {
  %added = "tf.Add"(%input, %input) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  %three = arith.constant dense<3.0> : tensor<f32>
  %mul = "tf.Mul"(%input, %three) : (tensor<2x3xf32>, tensor<f32>) -> tensor<*xf32>
  %value = "tf.If"(%cond, %added, %mul)
             {then_branch = @func_foo, else_branch = @func_bar, is_stateless = false}
                 : (tensor<i1>, tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %value : tensor<*xf32>
}
func.func private @func_foo(tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func private @func_bar(tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
"""


def test_seed_tf_example_with_a_static_input() -> None:
    from tests.seeds.test_seed_examples import CASES_000

    seed = next(c for c in CASES_000 if c.id == "000-tf-dialect-example").text
    assert seed is not None
    # The seed's example, its input made static.
    static = (
        seed.replace("%input: tensor<*xf32>", "%input: tensor<2x3xf32>")
        .replace(
            '"tf.Add"(%input, %input) : (tensor<*xf32>, tensor<*xf32>)',
            '"tf.Add"(%input, %input) : (tensor<2x3xf32>, tensor<2x3xf32>)',
        )
        .replace(
            '"tf.Mul"(%input, %three) : (tensor<*xf32>, tensor<f32>)',
            '"tf.Mul"(%input, %three) : (tensor<2x3xf32>, tensor<f32>)',
        )
    )
    assert static == _SEED
    output, types, _ = _run(static)
    add, mul = broadcast((2, 3), (2, 3)), broadcast((2, 3), ())
    assert add is not None
    assert mul is not None
    assert types[:2] == [_tensor(add, "f32"), _tensor(mul, "f32")]
    # tf.If has no reference: it keeps its types, and its operands are cast back.
    assert types[2] == "tensor<*xf32>"
    assert output.count('"tensor.cast"') == 2


def test_docs_example(repo_root: Path, run_odsgen: RunOdsgen, tmp_path: Path) -> None:
    """The example of docs/shapes.md prints what the page shows."""
    page = (repo_root / "docs" / "shapes.md").read_text()
    block = page.split("```\n$ cat add.mlir\n", 1)[1].split("```", 1)[0]
    program, output = block.split("$ odsgen opt --infer-shapes add.mlir\n")
    path = tmp_path / "add.mlir"
    path.write_text(program)
    code, out, err = run_odsgen(["opt", "--infer-shapes", str(path)])
    assert code == 0, err
    assert out.rstrip("\n") == output.rstrip("\n")
