"""Executing TensorFlow graphs: `tf_executor.graph` and `tfg.func`/`tfg.graph`.

The seeds' examples (the `tf_executor` loop of seed 000, the instantiated `tfg.func`
and the `tfg.graph` of seed 001, in the modernized forms `tests/seeds` parses) and
loops written here run through `generator.ir.interpreter.execute` and `odsgen run`;
their values are compared with what numpy computes for the same inputs, written here
step by step (not through the references).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from generated import context
from generator.ir import SourceFile, parse_attribute, parse_module, verify
from generator.ir.dataflow import DEAD
from generator.ir.interpreter import Interpreter, InterpreterError, execute

RNG_SEED = 1126
SEED_TESTS = Path(__file__).resolve().parents[2] / "seeds" / "test_seed_examples.py"


def _seed_cases() -> ModuleType:
    spec = importlib.util.spec_from_file_location("seed_examples_for_graphs", SEED_TESTS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses look their module up by name.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _seed_case(case_id: str) -> Any:
    """The case of `tests/seeds` for a seed's example: its modernized text, checked
    against the seed's written text where the seeds are present."""
    seeds = _seed_cases()
    for case in [*seeds.CASES_000, *seeds.CASES_001]:
        if case.id == case_id:
            if seeds.SEEDS_DIR.is_dir():
                written = seeds._collapse(case.written)
                assert written in seeds._collapse(seeds._seed_text(case.seed))
            return case
    raise AssertionError(f"no seed case {case_id}")


def _run(text: str, entry: str, args: list[Any]) -> list[Any]:
    ctx = context()
    parsed = parse_module(SourceFile("graph.mlir", text), ctx)
    verify(parsed.op, ctx)
    return execute(parsed.op, entry, args, context=ctx)


def _i32(value: int) -> Any:
    return np.array(value, dtype=np.int32)


# --- seed 000: the tf_executor loop --------------------------------------------------


def _seed_loop_in_numpy(start: Any) -> Any:
    """What the seed's loop computes: decrement, leave through `Exit` while the
    counter is not zero (the `Switch`'s true output, listed first), else go round."""
    count = np.array([start], dtype=np.int32)
    while True:
        count = count + np.array([-1], dtype=np.int32)  # wraps at 32 bits
        if count[0] != 0:
            return count.reshape(())


def test_seed_000_loop_example_runs() -> None:
    case = _seed_case("000-example-loop")
    rng = np.random.default_rng(RNG_SEED)
    starts = [1, 0, 2, 5, -3, np.iinfo(np.int32).min, *rng.integers(-100, 100, 12).tolist()]
    for start in starts:
        (got,) = _run(case.source, "loop", [_i32(start)])
        want = _seed_loop_in_numpy(start)
        assert got.dtype == np.int32
        assert got.shape == ()
        assert got == want, (start, got, want)


def test_seed_000_loop_example_runs_from_the_command_line(tmp_path: Path) -> None:
    case = _seed_case("000-example-loop")
    path = tmp_path / "loop.mlir"
    path.write_text(
        case.source
        + """
func.func @main() -> (tensor<i32>, tensor<i32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %seven = "tf.Const"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %a = call @loop(%one) : (tensor<i32>) -> tensor<i32>
  %b = call @loop(%seven) : (tensor<i32>) -> tensor<i32>
  return %a, %b : tensor<i32>, tensor<i32>
}
""",
        encoding="utf-8",
    )
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [str(odsgen), "run", str(path), "-e", "main", "--print-results"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    want = [_seed_loop_in_numpy(1), _seed_loop_in_numpy(7)]
    assert result.stdout == "".join(f"dense<{int(w)}> : tensor<i32>\n" for w in want)


# --- a tf_executor loop with LoopCond, two loop variables and a constant ---------------

POWER = """\
func.func @power(%x: tensor<3xf32>, %n: tensor<i32>) -> tensor<3xf32> {
  %result = tf_executor.graph {
    %one_i, %c0 = tf_executor.island wraps "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %zero_i, %c1 = tf_executor.island wraps "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %ones, %c2 = tf_executor.island wraps "tf.Const"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
    %i.enter, %c3 = tf_executor.Enter %zero_i frame "power" : tensor<i32>
    %acc.enter, %c4 = tf_executor.Enter %ones frame "power" : tensor<3xf32>
    %x.enter, %c5 = tf_executor.Enter %x frame "power" constant : tensor<3xf32>
    %i.next, %i.tok, %c6 = tf_executor.NextIteration.Source : tensor<i32>
    %acc.next, %acc.tok, %c7 = tf_executor.NextIteration.Source : tensor<3xf32>
    %i, %i.index, %c8 = tf_executor.Merge %i.enter, %i.next : tensor<i32>
    %acc, %acc.index, %c9 = tf_executor.Merge %acc.enter, %acc.next : tensor<3xf32>
    %less, %c10 = tf_executor.island wraps "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %cond, %c11 = tf_executor.LoopCond %less : tensor<i1>
    %i.t, %i.f, %c12 = tf_executor.Switch %i, %cond : tensor<i32>
    %acc.t, %acc.f, %c13 = tf_executor.Switch %acc, %cond : tensor<3xf32>
    %i.1, %c14 = tf_executor.island wraps "tf.AddV2"(%i.t, %one_i) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %acc.1, %c15 = tf_executor.island {
      %p = "tf.Mul"(%acc.t, %x.enter) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
      tf_executor.yield %p : tensor<3xf32>
    }
    tf_executor.NextIteration.Sink[%i.tok] %i.1 : tensor<i32>
    tf_executor.NextIteration.Sink[%acc.tok] %acc.1 : tensor<3xf32>
    %out, %c16 = tf_executor.Exit %acc.f : tensor<3xf32>
    tf_executor.fetch %out : tensor<3xf32>
  }
  return %result : tensor<3xf32>
}
"""


def test_executor_loop_with_loop_cond_computes_a_power() -> None:
    rng = np.random.default_rng(RNG_SEED)
    for n in [0, 1, 2, 5, 9]:
        x = (rng.standard_normal(3) * 2).astype(np.float32)
        (got,) = _run(POWER, "power", [x, _i32(n)])
        want = np.ones(3, dtype=np.float32)
        for _ in range(n):
            want = (want * x).astype(np.float32)
        assert got.dtype == np.float32
        assert np.array_equal(got, want), (n, x, got, want)


def test_islands_run_in_dataflow_order_with_control_tokens() -> None:
    # The island that uses `%b` comes before the one defining it in no order but
    # the data's; the last island waits for a control token only.
    text = """\
func.func @f(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %r:2 = tf_executor.graph {
    %a, %ca = tf_executor.island wraps "tf.Mul"(%x, %x) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    %b, %cb = tf_executor.island(%ca) wraps "tf.Sub"(%a, %x) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    %t = tf_executor.ControlTrigger %cb, %ca
    %c, %cc = tf_executor.island(%t) wraps "tf.Identity"(%x) : (tensor<2xi32>) -> tensor<2xi32>
    tf_executor.fetch %b, %c, %cc : tensor<2xi32>, tensor<2xi32>, !tf_executor.control
  }
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}
"""
    x = np.array([3, -70000], dtype=np.int32)
    b, c = _run(text, "f", [x])
    assert np.array_equal(b, x * x - x)
    assert np.array_equal(c, x)


def test_switch_and_merge_choose_a_branch() -> None:
    text = """\
func.func @f(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %r = tf_executor.graph {
    %t, %f, %c0 = tf_executor.Switch %x, %p : tensor<4xf32>
    %neg, %c1 = tf_executor.island wraps "tf.Neg"(%t) : (tensor<4xf32>) -> tensor<4xf32>
    %sq, %c2 = tf_executor.island wraps "tf.Square"(%f) : (tensor<4xf32>) -> tensor<4xf32>
    %m, %i, %c3 = tf_executor.Merge %neg, %sq : tensor<4xf32>
    tf_executor.fetch %m : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
"""
    rng = np.random.default_rng(RNG_SEED)
    x = rng.standard_normal(4).astype(np.float32)
    (got,) = _run(text, "f", [x, np.array(True)])
    assert np.array_equal(got, np.negative(x))
    (got,) = _run(text, "f", [x, np.array(False)])
    assert np.array_equal(got, x * x)


def test_fetching_a_dead_value_is_an_error() -> None:
    text = """\
func.func @f(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = tf_executor.graph {
    %t, %f, %c0 = tf_executor.Switch %x, %p : tensor<f32>
    tf_executor.fetch %t : tensor<f32>
  }
  return %r : tensor<f32>
}
"""
    (got,) = _run(text, "f", [np.float32(2.0), np.array(True)])
    assert got == np.float32(2.0)
    with pytest.raises(InterpreterError, match="fetched value #0 is dead"):
        _run(text, "f", [np.float32(2.0), np.array(False)])


def test_send_cannot_run() -> None:
    text = """\
func.func @f(%x: tensor<f32>) {
  tf_executor.graph {
    %c = tf_executor.Send %x {recv_device = "/device:CPU:1", send_device = "/device:CPU:0", send_device_incarnation = 0 : i64, tensor_name = "x"} : tensor<f32>
    tf_executor.fetch
  }
  return
}
"""
    ctx = context()
    parsed = parse_module(SourceFile("send.mlir", text), ctx)
    verify(parsed.op, ctx)
    with pytest.raises(InterpreterError, match="communication between devices"):
        Interpreter(parsed.op, lambda s: None, ctx).run("f", [np.float32(1.0)])


# --- seed 001: tfg ---------------------------------------------------------------------


def test_seed_001_instantiated_function_runs() -> None:
    case = _seed_case("001-function-library-instantiated")
    rng = np.random.default_rng(RNG_SEED)
    for _ in range(10):
        x, y = rng.standard_normal(2).astype(np.float32)
        if rng.random() < 0.2:
            y = x
        greater = np.greater(x, y)
        got = _run(case.source, "foo", [np.array(x), np.array(y)])
        # `Switch` lists `output_false` then `output_true`; the other one is dead.
        want = [DEAD, greater] if greater else [greater, DEAD]
        assert len(got) == 2
        for g, w in zip(got, want, strict=True):
            if w is DEAD:
                assert g is DEAD
            else:
                assert g.dtype == np.bool_
                assert g == w


def test_seed_001_generic_function_is_refused() -> None:
    case = _seed_case("001-function-library-generic")
    with pytest.raises(InterpreterError, match="uninstantiated"):
        _run(case.source, "foo", [np.float32(1.0), np.float32(2.0)])


def test_seed_001_graph_runs_with_feeds_and_fetches() -> None:
    case = _seed_case("001-graph-operation")
    # The seed's nodes are nameless; TensorFlow feeds and fetches nodes by name.
    text = (
        case.source.replace(
            "%arg0, %ctl_0 = tfg.placeholder()", '%arg0, %ctl_0 = tfg.placeholder() name("a")'
        )
        .replace("%arg1, %ctl_2 = tfg.placeholder()", '%arg1, %ctl_2 = tfg.placeholder() name("b")')
        .replace(
            "%add, %ctl_1 = tfg.AddV2(%arg0, %arg1)",
            '%add, %ctl_1 = tfg.AddV2(%arg0, %arg1) name("add")',
        )
    )
    assert text.count("name(") == 3
    ctx = context()
    parsed = parse_module(SourceFile("graph.mlir", text), ctx)
    verify(parsed.op, ctx)
    graph = next(iter(parsed.op.regions[0].blocks[0].ops))
    rng = np.random.default_rng(RNG_SEED)
    a = rng.integers(-(2**31), 2**31, (2, 3), dtype=np.int64).astype(np.int32)
    b = rng.integers(-(2**31), 2**31, (2, 3), dtype=np.int64).astype(np.int32)
    a[0, 0], b[0, 0] = 2**31 - 1, 1  # wraps
    got, again = Interpreter(parsed.op, lambda s: None, ctx).run_graph(
        graph, {"a": a, "b": b}, ["add", "add:0"]
    )
    want = (a.astype(np.int64) + b.astype(np.int64) + 2**31) % 2**32 - 2**31
    assert got.dtype == np.int32
    assert np.array_equal(got, want.astype(np.int32))
    assert np.array_equal(again, got)
    with pytest.raises(InterpreterError, match="placeholder b is not fed"):
        Interpreter(parsed.op, lambda s: None, ctx).run_graph(graph, {"a": a}, ["add"])


TFG_SUM = """\
tfg.func @sum(%n: tensor<i32> {tfg.name = "n"}) -> (tensor<i32> {tfg.name = "total"}) {
  %zero, %c0 = tfg.Const() name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %one, %c1 = tfg.Const() name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %i0, %c2 = tfg.Enter(%zero) name("i/enter") {frame_name = "loop", is_constant = false} : (tensor<i32>) -> (tensor<i32>)
  %s0, %c3 = tfg.Enter(%zero) name("s/enter") {frame_name = "loop", is_constant = false} : (tensor<i32>) -> (tensor<i32>)
  %i:2, %c4 = tfg.Merge(%i0, %inext) name("i/merge") : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %s:2, %c5 = tfg.Merge(%s0, %snext) name("s/merge") : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %lt, %c6 = tfg.Less(%i#0, %n) name("less") : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %cond, %c7 = tfg.LoopCond(%lt) name("cond") : (tensor<i1>) -> (tensor<i1>)
  %isw:2, %c8 = tfg.Switch(%i#0, %cond) name("i/switch") : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %ssw:2, %c9 = tfg.Switch(%s#0, %cond) name("s/switch") : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %i1, %c10 = tfg.AddV2(%isw#1, %one) name("i/add") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %sq, %c11 = tfg.Mul(%isw#1, %isw#1) name("square") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %s1, %c12 = tfg.AddV2(%ssw#1, %sq) name("s/add") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %inext, %c13 = tfg.NextIteration(%i1) name("i/next") : (tensor<i32>) -> (tensor<i32>)
  %snext, %c14 = tfg.NextIteration(%s1) name("s/next") : (tensor<i32>) -> (tensor<i32>)
  %out, %c15 = tfg.Exit(%ssw#0) name("exit") : (tensor<i32>) -> (tensor<i32>)
  tfg.return(%out) : tensor<i32>
}
"""


def test_tfg_loop_with_next_iteration_cycle() -> None:
    for n in [0, 1, 2, 7, 30]:
        (got,) = _run(TFG_SUM, "sum", [_i32(n)])
        want = np.int32(0)
        for i in range(n):
            want = np.int32(want + np.int32(i) * np.int32(i))
        assert got.dtype == np.int32
        assert got == want, (n, got, want)


def test_tfg_node_without_reference_is_an_error() -> None:
    text = """\
tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "y"}) {
  %y, %c = tfg.SomeKernel(%x) name("k") : (tensor<f32>) -> (tensor<f32>)
  tfg.return(%y) : tensor<f32>
}
"""
    with pytest.raises(InterpreterError, match=r"'tf\.SomeKernel' has no reference implementation"):
        _run(text, "f", [np.float32(1.0)])


def test_tfg_function_called_by_a_node_and_printed(tmp_path: Path) -> None:
    case = _seed_case("001-function-library-instantiated")
    path = tmp_path / "tfg.mlir"
    path.write_text(
        case.source
        + """
tfg.func @main() -> (tensor<*xi1>, tensor<*xi1>) {
  %a, %c1 = tfg.Const() name("a") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %b, %c2 = tfg.Const() name("b") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %r:2, %c3 = tfg.foo(%a, %b) name("call") : (tensor<f32>, tensor<f32>) -> (tensor<*xi1>, tensor<*xi1>)
  tfg.return(%r#0, %r#1) : tensor<*xi1>, tensor<*xi1>
}
""",
        encoding="utf-8",
    )
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [str(odsgen), "run", str(path), "-e", "main", "--print-results"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    greater = bool(np.greater(np.float32(2.0), np.float32(1.0)))
    want = ["dead", f"dense<{str(greater).lower()}> : tensor<i1>"]
    assert result.stdout.splitlines() == (want if greater else want[::-1])


def test_reference_errors_are_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.mlir"
    path.write_text(
        """\
func.func @main() -> tensor<2xi32> {
  %x = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %q = "tf.FloorDiv"(%x, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %q : tensor<2xi32>
}
""",
        encoding="utf-8",
    )
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [str(odsgen), "run", str(path), "--print-results"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}:4:8: error: integer division by zero\n")
    assert "Traceback" not in result.stderr


# --- tf's functional control flow and nested loops -------------------------------------


def test_seed_001_if_region_example_runs() -> None:
    case = _seed_case("001-future-enhancements-if-region")
    # The seed's function returns nothing; return its last value and the branches'.
    text = case.source.replace(
        "func.func @if_region(%arg0: tensor<i1>, %arg1: tensor<2xf32>) {",
        "func.func @if_region(%arg0: tensor<i1>, %arg1: tensor<2xf32>)"
        " -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {",
    ).replace(
        "  return\n}",
        "  return %0, %1, %2, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>\n}",
    )
    rng = np.random.default_rng(RNG_SEED)
    for condition in (True, False):
        # In [1, 2]: acos of the first element is NaN, acosh of the second is not.
        x = np.array([rng.uniform(1.0, 2.0), rng.uniform(-1.0, 1.0)], dtype=np.float32)
        got = _run(text, "if_region", [np.array(condition), x])
        with np.errstate(all="ignore"):
            if condition:
                t = [np.abs(x), np.arccos(x), np.arccosh(x)]
            else:
                t = [np.negative(x), np.where(x < 0, np.float32(0), x), np.sin(x)]
        want = [*t, t[2] + (t[0] + t[1])]
        for g, w in zip(got, want, strict=True):
            assert g.dtype == np.float32
            close = np.isclose(g, w, rtol=1e-6, atol=0) | (np.isnan(g) & np.isnan(w))
            assert np.all(close), (condition, x, g, w)


def test_tf_if_calls_a_branch_function() -> None:
    text = """\
func.func @twice(%x: tensor<3xi32>) -> tensor<3xi32> {
  %y = "tf.AddV2"(%x, %x) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @negate(%x: tensor<3xi32>) -> tensor<3xi32> {
  %y = "tf.Neg"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}
func.func @f(%c: tensor<2xf32>, %x: tensor<3xi32>) -> tensor<3xi32> {
  %y = "tf.If"(%c, %x) {then_branch = @twice, else_branch = @negate, is_stateless = true}
      : (tensor<2xf32>, tensor<3xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}
"""
    x = np.array([5, -7, 2**30], dtype=np.int32)
    # A condition that is not a scalar is true when it has elements.
    (got,) = _run(text, "f", [np.zeros(2, np.float32), x])
    assert np.array_equal(got, (x.astype(np.int64) * 2 + 2**31) % 2**32 - 2**31)
    text_empty = text.replace("tensor<2xf32>", "tensor<0xf32>")
    (got,) = _run(text_empty, "f", [np.zeros(0, np.float32), x])
    assert np.array_equal(got, -x)


NESTED = """\
func.func @triangle(%n: tensor<i32>) -> tensor<i32> {
  %r = tf_executor.graph {
    %zero, %c0 = tf_executor.island wraps "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %one, %c1 = tf_executor.island wraps "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %i.e, %c2 = tf_executor.Enter %zero frame "outer" : tensor<i32>
    %s.e, %c3 = tf_executor.Enter %zero frame "outer" : tensor<i32>
    %i.n, %i.tok, %c4 = tf_executor.NextIteration.Source : tensor<i32>
    %s.n, %s.tok, %c5 = tf_executor.NextIteration.Source : tensor<i32>
    %i, %ii, %c6 = tf_executor.Merge %i.e, %i.n : tensor<i32>
    %s, %si, %c7 = tf_executor.Merge %s.e, %s.n : tensor<i32>
    %lt, %c8 = tf_executor.island wraps "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %cond, %c9 = tf_executor.LoopCond %lt : tensor<i1>
    %i.t, %i.f, %c10 = tf_executor.Switch %i, %cond : tensor<i32>
    %s.t, %s.f, %c11 = tf_executor.Switch %s, %cond : tensor<i32>
    // The inner loop adds 1 to the outer sum i times; its counter starts from a
    // zero that entered the outer frame as a loop invariant.
    %zero.o, %c28 = tf_executor.Enter %zero frame "outer" constant : tensor<i32>
    %j.e, %c12 = tf_executor.Enter %zero.o frame "inner" : tensor<i32>
    %t.e, %c13 = tf_executor.Enter %s.t frame "inner" : tensor<i32>
    %lim.e, %c14 = tf_executor.Enter %i.t frame "inner" constant : tensor<i32>
    %j.n, %j.tok, %c15 = tf_executor.NextIteration.Source : tensor<i32>
    %t.n, %t.tok, %c16 = tf_executor.NextIteration.Source : tensor<i32>
    %j, %ji, %c17 = tf_executor.Merge %j.e, %j.n : tensor<i32>
    %t, %ti, %c18 = tf_executor.Merge %t.e, %t.n : tensor<i32>
    %jlt, %c19 = tf_executor.island wraps "tf.Less"(%j, %lim.e) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %jcond, %c20 = tf_executor.LoopCond %jlt : tensor<i1>
    %j.t, %j.f, %c21 = tf_executor.Switch %j, %jcond : tensor<i32>
    %t.t, %t.f, %c22 = tf_executor.Switch %t, %jcond : tensor<i32>
    %j.1, %c23 = tf_executor.island wraps "tf.AddV2"(%j.t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %t.1, %c24 = tf_executor.island wraps "tf.AddV2"(%t.t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    tf_executor.NextIteration.Sink[%j.tok] %j.1 : tensor<i32>
    tf_executor.NextIteration.Sink[%t.tok] %t.1 : tensor<i32>
    %inner.out, %c25 = tf_executor.Exit %t.f : tensor<i32>
    %i.1, %c26 = tf_executor.island wraps "tf.AddV2"(%i.t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    tf_executor.NextIteration.Sink[%i.tok] %i.1 : tensor<i32>
    tf_executor.NextIteration.Sink[%s.tok] %inner.out : tensor<i32>
    %out, %c27 = tf_executor.Exit %s.f : tensor<i32>
    tf_executor.fetch %out : tensor<i32>
  }
  return %r : tensor<i32>
}
"""


def test_nested_loops_keep_their_frames_apart() -> None:
    for n in [0, 1, 2, 5, 8]:
        (got,) = _run(NESTED, "triangle", [_i32(n)])
        total = np.int32(0)
        for i in range(n):
            for _ in range(i):
                total = np.int32(total + np.int32(1))
        assert got == total, (n, got, total)


def test_print_results_prints_tensors_as_their_attributes(tmp_path: Path) -> None:
    attrs = [
        "dense<[1.5, -2.0, 0.1]> : tensor<3xf32>",
        "dense<[[1, -2], [3, 2147483647]]> : tensor<2x2xi32>",
        "dense<true> : tensor<i1>",
        "dense<7.0> : tensor<2xbf16>",
    ]
    types = [a.rpartition(" : ")[2] for a in attrs]
    body = "".join(
        f'  %v{i} = "tf.Const"() {{value = {a}}} : () -> {t}\n'
        for i, (a, t) in enumerate(zip(attrs, types, strict=True))
    )
    values = ", ".join(f"%v{i}" for i in range(len(attrs)))
    text = (
        f"func.func @main() -> ({', '.join(types)}) {{\n{body}"
        f"  return {values} : {', '.join(types)}\n}}\n"
    )
    path = tmp_path / "consts.mlir"
    path.write_text(text, encoding="utf-8")
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [str(odsgen), "run", str(path), "--print-results"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    # Each result prints as the runtime prints the attribute it came from.
    assert result.stdout.splitlines() == [str(parse_attribute(a)) for a in attrs]


def test_exit_outside_a_loop_is_an_error() -> None:
    text = """\
func.func @f(%x: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %e, %c = tf_executor.Exit %x : tensor<f32>
    %y, %cy = tf_executor.island wraps "tf.Identity"(%e) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}
"""
    with pytest.raises(InterpreterError, match=r"'tf_executor\.Exit' outside of a loop frame"):
        _run(text, "f", [np.float32(1.0)])


def test_seed_001_graph_runs_from_the_command_line(tmp_path: Path) -> None:
    case = _seed_case("001-graph-operation")
    text = (
        case.source.replace(
            "%arg0, %ctl_0 = tfg.placeholder()", '%arg0, %ctl_0 = tfg.placeholder() name("a")'
        )
        .replace("%arg1, %ctl_2 = tfg.placeholder()", '%arg1, %ctl_2 = tfg.placeholder() name("b")')
        .replace(
            "%add, %ctl_1 = tfg.AddV2(%arg0, %arg1)",
            '%add, %ctl_1 = tfg.AddV2(%arg0, %arg1) name("add")',
        )
    )
    path = tmp_path / "graph.mlir"
    path.write_text(text, encoding="utf-8")
    rng = np.random.default_rng(RNG_SEED)
    a = rng.integers(-1000, 1000, 4).astype(np.int32)
    b = rng.integers(-1000, 1000, 4).astype(np.int32)
    odsgen = Path(sys.executable).parent / "odsgen"
    result = subprocess.run(
        [
            str(odsgen),
            "run",
            str(path),
            "--feed",
            f"a=dense<{a.tolist()}> : tensor<4xi32>",
            "--feed",
            f"b=dense<{b.tolist()}> : tensor<4xi32>",
            "--fetch",
            "add",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    total = np.add(a, b)
    assert result.stdout == str(parse_attribute(f"dense<{total.tolist()}> : tensor<4xi32>")) + "\n"


TFG_FUNCTIONAL = """\
tfg.func @cond(%i: tensor<i32> {tfg.name = "i"}, %acc: tensor<f32> {tfg.name = "acc"}, %n: tensor<i32> {tfg.name = "n"})
    -> (tensor<i1> {tfg.name = "c"}) {
  %lt, %c0 = tfg.Less(%i, %n) name("lt") : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  tfg.return(%lt) : tensor<i1>
}
tfg.func @body(%i: tensor<i32> {tfg.name = "i"}, %acc: tensor<f32> {tfg.name = "acc"}, %n: tensor<i32> {tfg.name = "n"})
    -> (tensor<i32> {tfg.name = "i1"}, tensor<f32> {tfg.name = "acc1"}, tensor<i32> {tfg.name = "n1"}) {
  %one, %c0 = tfg.Const() name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %half, %c1 = tfg.Const() name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %i1, %c2 = tfg.AddV2(%i, %one) name("next") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %scaled, %c3 = tfg.Mul(%acc, %half) name("scaled") : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %acc1, %c4 = tfg.AddV2(%scaled, %one_f) name("acc") : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %one_f, %c5 = tfg.Const() name("one_f") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  tfg.return(%i1, %acc1, %n) : tensor<i32>, tensor<f32>, tensor<i32>
}
tfg.func @neg(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "y"}) {
  %y, %c = tfg.Neg(%x) name("neg") : (tensor<f32>) -> (tensor<f32>)
  tfg.return(%y) : tensor<f32>
}
tfg.func @same(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "y"}) {
  tfg.return(%x) : tensor<f32>
}
tfg.func @main(%n: tensor<i32> {tfg.name = "n"}, %k: tensor<i32> {tfg.name = "k"}) -> (tensor<f32> {tfg.name = "out"}) {
  %zero, %c0 = tfg.Const() name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %init, %c1 = tfg.Const() name("init") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %w:3, %c2 = tfg.While(%zero, %init, %n) name("while") {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>, tensor<i32>) -> (tensor<i32>, tensor<f32>, tensor<i32>)
  %case, %c3 = tfg.Case(%k, %w#1) name("case") {branches = [#tf_type.func<@neg, {}>, #tf_type.func<@same, {}>]} : (tensor<i32>, tensor<f32>) -> (tensor<f32>)
  tfg.return(%case) : tensor<f32>
}
"""


def test_tfg_functional_while_and_case() -> None:
    for n in [0, 1, 4, 11]:
        for k in [0, 1, 5, -1]:
            (got,) = _run(TFG_FUNCTIONAL, "main", [_i32(n), _i32(k)])
            acc = np.float32(3.0)
            for _ in range(n):
                acc = np.float32(acc * np.float32(0.5)) + np.float32(1.0)
            # Case runs branch k, and the last branch for an index out of range.
            want = -acc if k == 0 else acc
            assert got.dtype == np.float32
            assert got == want, (n, k, got, want)


TFG_REGIONS = """\
tfg.func @main(%x: tensor<i32> {tfg.name = "x"}, %limit: tensor<i32> {tfg.name = "limit"}, %p: tensor<i1> {tfg.name = "p"}, %k: tensor<i32> {tfg.name = "k"})
    -> (tensor<i32> {tfg.name = "w"}, tensor<i32> {tfg.name = "i"}, tensor<i32> {tfg.name = "f"}, tensor<i32> {tfg.name = "c"}) {
  %one, %c0 = Const() name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %two, %c1 = Const() name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %zero, %c2 = Const() name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %While, %ctl = WhileRegion(%x) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %Less, %ctl_1 = Less(%arg0, %limit) name("less") : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %Next, %ctl_1 = Mul(%arg0, %two) name("double") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%Next) : tensor<i32>
  } {parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %If, %ctl_i = IfRegion %p then {
    %n, %cn = Neg(%While) name("neg") : (tensor<i32>) -> (tensor<i32>)
    yield(%n) : tensor<i32>
  } else {
    yield(%x) : tensor<i32>
  } : (tensor<i1>) -> (tensor<i32>)
  %For, %ctl_f = ForRegion(%zero) from %zero to %limit by %one {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>, %ci: !tf_type.control, %cacc: !tf_type.control):
    %s, %cs = AddV2(%acc, %i) name("sum") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%s) : tensor<i32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Case, %ctl_c = CaseRegion %k {
    yield(%one) : tensor<i32>
  }, {
    yield(%two) : tensor<i32>
  } : (tensor<i32>) -> (tensor<i32>)
  return(%While, %If, %For, %Case) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
}
"""


def test_tfg_region_ops() -> None:
    rng = np.random.default_rng(RNG_SEED)
    for _ in range(6):
        x = int(rng.integers(1, 20))
        limit = int(rng.integers(0, 200))
        p = bool(rng.integers(0, 2))
        k = int(rng.integers(-2, 4))
        got = _run(TFG_REGIONS, "main", [_i32(x), _i32(limit), np.array(p), _i32(k)])
        w = np.int32(x)
        while w < limit:
            w = np.int32(w * np.int32(2))
        want = [
            w,
            np.negative(w) if p else np.int32(x),
            np.int32(np.arange(limit, dtype=np.int32).sum(dtype=np.int32)),
            # A CaseRegion index out of range runs the last region.
            np.int32(1) if k == 0 else np.int32(2),
        ]
        assert [int(g) for g in got] == [int(v) for v in want], (x, limit, p, k, got, want)
