"""Executing TensorFlow graphs: `tf_executor.graph`, and the bodies of `tfg.func`
and `tfg.graph`, by TensorFlow's executor semantics.

A graph is not run in program order: a node runs when its inputs (data operands,
control tokens, and for an island the graph values its region captures) are there.
Each value carries a tag, the stack of loop frames and iterations it lives in
(`()` outside every loop; `tf_executor.Enter` with frame `f` moves a value into
iteration 0 of frame `f`, `NextIteration` into the next iteration, `Exit` back out),
and a node runs once per tag at which its inputs meet. A value seen from a deeper
tag than its own is visible there too: a value computed outside a loop (a constant,
a function argument) serves every iteration, as one that entered with `is_constant`.

Values may be dead (`DEAD`), TensorFlow's deadness: `Switch` sends its data to one
output and `DEAD` to the other; a node with a dead input makes all its outputs dead,
except `Merge`, which forwards its first live input (dead only when every data input
is), and `ControlTrigger`, whose control output is always live. A dead value reaching
`NextIteration` ends that path of the loop; `Exit` forwards a live value out of its
frame at once, and a dead one only when the graph has nothing left to run and no
live value left that frame through it. A live control token is `CONTROL`.

Inside an island (`tf_executor.island`) values cannot be dead: its region runs in
program order, by the interpreter, when its inputs are all live.

`tfg` nodes other than the executor's own (`Switch`, `Merge`, `Enter`, `Exit`,
`NextIteration`, `LoopCond`, `ControlTrigger`, `Placeholder`) and the functional
control flow (`If`, `Case`, `While`, `For` and their stateless and stateful forms,
which call the functions their attributes name; `IfRegion`, `CaseRegion`,
`WhileRegion`, `ForRegion` and theirs, which run their regions as graphs) call the `tfg.func` of their name
if the module has one, else run the reference implementation of the `tf` op of
their name (`tfg.AddV2` runs `tf.AddV2`'s) with their attributes. A `tfg.func`
returns its `tfg.return` operands, `DEAD` for a dead one; a `tf_executor.graph`
returns its fetches, where a dead one is an error (the executor leaves it undefined).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from generator.ir.attributes import BoolAttr, DictionaryAttr, StringAttr, SymbolRefAttr
from generator.ir.core import Block, Operation, OpResult, Value

if TYPE_CHECKING:
    from generator.ir.interpreter import Interpreter

__all__ = ["CONTROL", "DEAD", "MISSING", "Control", "Dead", "GraphRun", "node_attributes"]


class Dead:
    """TensorFlow's dead value: what the untaken output of a `Switch` carries."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "dead"


class Control:
    """A live control token."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "control"


DEAD = Dead()
CONTROL = Control()
#: What `GraphRun.lookup` gives for a value not computed (yet) at a tag.
MISSING = object()

#: A loop frame and iteration; `None` for a value that is the same in every
#: iteration (entered with `is_constant`).
Frame = tuple[str, int | None]
Tag = tuple[Frame, ...]
Output = tuple[Value, Tag, Any]


def _is_control(value: Value) -> bool:
    text = str(value.type)
    return text in ("!tf_executor.control", "!tf_type.control")


def _is_token(value: Value) -> bool:
    return str(value.type) == "!tf_executor.token"


def _string(op: Operation, name: str) -> str | None:
    attr = op.get_attr(name)
    return attr.value if isinstance(attr, StringAttr) else None


def _flag(op: Operation, name: str) -> bool:
    attr = op.get_attr(name)
    return isinstance(attr, BoolAttr) and bool(attr.value)


def _truth(op: Operation, value: Any, run: GraphRun) -> bool:
    """A predicate's truth: a scalar bool tensor."""
    array = np.asarray(value)
    if array.size != 1:
        raise run.error(op, f"predicate must be a scalar, got shape {list(array.shape)}")
    return bool(array.reshape(()))


class GraphRun:
    """One execution of the graph in `block` (a `tf_executor.graph`'s region, or the
    body of a `tfg.func` or `tfg.graph`)."""

    def __init__(
        self,
        interpreter: Interpreter,
        block: Block,
        outer: dict[Value, Any],
        feeds: dict[str, Any] | None = None,
    ) -> None:
        self.interpreter = interpreter
        self.block = block
        self.outer = outer
        self.feeds = feeds or {}
        self.values: dict[tuple[Value, Tag], Any] = {}
        self.ops = list(block.ops)
        self.defined: set[Value] = set()
        for op in self.ops:
            self.defined.update(op.results)
        self.inputs: dict[Operation, list[Value]] = {}
        self.consumers: dict[Value, list[Operation]] = {}
        for op in self.ops:
            inputs = self._inputs(op)
            self.inputs[op] = inputs
            for v in inputs:
                self.consumers.setdefault(v, []).append(op)
        self.fired: set[tuple[Operation, Tag]] = set()
        self.waiting: dict[Operation, set[Tag]] = {}
        self.work: deque[tuple[Operation, Tag]] = deque()
        self.live_exits: set[tuple[Operation, Tag]] = set()
        #: The values that entered a frame with `is_constant`, and the iterations
        #: begun so far (each frame's tag prefix).
        self.invariants: list[tuple[Value, Tag]] = []
        self.iterations: set[Tag] = set()
        self.dead_exits: dict[tuple[Operation, Tag], None] = {}
        self.returned: list[Any] | None = None

    # -- the graph -----------------------------------------------------------------

    def _inputs(self, op: Operation) -> list[Value]:
        """The graph values `op` waits for: its operands defined in the graph (but a
        `NextIteration.Sink`'s token) and, for an op with regions, the graph values
        they capture. Values from outside the graph are always there."""
        inputs = [v for v in op.operands if v in self.defined]
        if op.name == "tf_executor.NextIteration.Sink":
            inputs = [v for v in inputs if not _is_token(v)]
        if op.regions:
            seen = set(inputs)
            for inner in op.walk():
                if inner is op:
                    continue
                for v in inner.operands:
                    if v in self.defined and v not in seen:
                        seen.add(v)
                        inputs.append(v)
        return inputs

    def error(self, op: Operation, message: str) -> Exception:
        from generator.ir.interpreter import InterpreterError

        return InterpreterError(op, message)

    def lookup(self, value: Value, tag: Tag) -> Any:
        """The value of `value` as seen at `tag`, or `MISSING`."""
        if value not in self.defined:
            return self.outer.get(value, MISSING)
        values = self.values
        for k in range(len(tag), -1, -1):
            prefix = tag[:k]
            found = values.get((value, prefix), MISSING)
            if found is not MISSING:
                return found
            if k:
                constant = (*prefix[:-1], (prefix[-1][0], None))
                found = values.get((value, constant), MISSING)
                if found is not MISSING:
                    return found
        return MISSING

    # -- running -------------------------------------------------------------------

    def run(self) -> None:
        """Run the graph until nothing is left to run."""
        for op in self.ops:
            # A `NextIteration.Source` runs when its sink sends it a value.
            if not self.inputs[op] and op.name != "tf_executor.NextIteration.Source":
                self.work.append((op, ()))
        while True:
            self._drain()
            if not self.dead_exits:
                break
            # Quiescent: the frames are done; their exits that let no live value out
            # let a dead one out.
            pending = list(self.dead_exits)
            self.dead_exits.clear()
            for exit_op, parent in pending:
                if (exit_op, parent) not in self.live_exits:
                    self.live_exits.add((exit_op, parent))
                    self._set([(r, parent, DEAD) for r in exit_op.results])

    def _drain(self) -> None:
        handlers = _HANDLERS
        while self.work:
            op, tag = self.work.popleft()
            if (op, tag) in self.fired:
                continue
            handler = handlers.get(op.name)
            if handler is None:
                handler = _tfg_node if op.name.startswith("tfg.") else _unsupported
            outputs = handler(self, op, tag)
            if outputs is None:
                self.waiting.setdefault(op, set()).add(tag)
                continue
            self.fired.add((op, tag))
            waiting = self.waiting.get(op)
            if waiting is not None:
                waiting.discard(tag)
            self._set(outputs)

    def _set(self, outputs: Sequence[Output]) -> None:
        for value, tag, v in outputs:
            self.values[(value, tag)] = v
            runnable = tuple((f, 0 if i is None else i) for f, i in tag)
            if tag and tag[-1][1] is None:
                self.invariants.append((value, tag))
                # Iterations already begun get it too.
                for begun in self.iterations:
                    if len(begun) == len(tag) and _sees(begun, tag):
                        for consumer in self.consumers.get(value, ()):
                            self.work.append((consumer, begun))
            self._activate(runnable)
            for consumer in self.consumers.get(value, ()):
                self.work.append((consumer, runnable))
                waiting = self.waiting.get(consumer)
                if waiting:
                    for other in waiting:
                        if len(other) > len(tag) and _sees(other, tag):
                            self.work.append((consumer, other))

    def _activate(self, tag: Tag) -> None:
        """On the first value of an iteration (of each frame `tag` is in), the users
        of the values that entered that frame with `is_constant` can run in it (as
        TensorFlow's executor hands loop invariants to each new iteration)."""
        for k in range(1, len(tag) + 1):
            prefix = tag[:k]
            if prefix in self.iterations:
                continue
            self.iterations.add(prefix)
            for value, stored in self.invariants:
                if len(stored) == k and _sees(prefix, stored):
                    for consumer in self.consumers.get(value, ()):
                        self.work.append((consumer, prefix))

    def gather(self, op: Operation, tag: Tag) -> list[Any] | None:
        """The values of `op`'s inputs at `tag`, or None when one is missing."""
        got = []
        for v in self.inputs[op]:
            found = self.lookup(v, tag)
            if found is MISSING:
                return None
            got.append(found)
        return got

    def operand_values(self, op: Operation, tag: Tag) -> list[Any]:
        """The values of `op`'s operands at `tag` (all known)."""
        return [self.lookup(v, tag) for v in op.operands]


def _sees(tag: Tag, stored: Tag) -> bool:
    """Whether a value stored at `stored` is visible at `tag`."""
    for (f, i), (g, j) in zip(tag, stored, strict=False):
        if f != g or (j is not None and i != j):
            return False
    return True


def _all(outputs: Sequence[Value], tag: Tag, value: Any) -> Sequence[Output]:
    return [(r, tag, value) for r in outputs]


def _dead_or(op: Operation, tag: Tag, values: Sequence[Any]) -> Sequence[Output] | None:
    """All outputs dead when an input is dead, else None."""
    if any(v is DEAD for v in values):
        return _all(op.results, tag, DEAD)
    return None


# -- tf_executor ---------------------------------------------------------------------


def _island(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    env = dict(run.outer)
    for v, value in zip(run.inputs[op], got, strict=True):
        env[v] = value
    values = run.interpreter._region(op.regions[0], [], env)
    return [(r, tag, v) for r, v in zip(op.results, [*values, CONTROL], strict=True)]


def _fetch(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    results = []
    for i, (v, value) in enumerate(zip(op.operands, run.operand_values(op, tag), strict=True)):
        if _is_control(v):
            continue
        if value is DEAD:
            raise run.error(op, f"fetched value #{i} is dead")
        results.append(value)
    run.returned = results
    return []


def _enter(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    frame = _string(op, "frame_name") or ""
    inner: Tag = (*tag, (frame, None if _flag(op, "is_constant") else 0))
    data = run.lookup(op.operands[0], tag)
    if any(v is DEAD for v in got):
        return _all(op.results, inner, DEAD)
    return [(op.results[0], inner, data), (op.results[1], inner, CONTROL)]


def _exit(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    if not tag:
        raise run.error(op, f"'{op.name}' outside of a loop frame")
    parent = tag[:-1]
    data = run.lookup(op.operands[0], tag)
    if any(v is DEAD for v in got):
        run.dead_exits.setdefault((op, parent), None)
        return []
    if (op, parent) in run.live_exits:
        raise run.error(op, f"'{op.name}' lets a second live value out of frame '{tag[-1][0]}'")
    run.live_exits.add((op, parent))
    return [(op.results[0], parent, data), (op.results[-1], parent, CONTROL)]


def _next_iteration(
    run: GraphRun, op: Operation, tag: Tag, data: Any, source: Operation
) -> Sequence[Output]:
    if not tag:
        raise run.error(op, f"'{op.name}' outside of a loop frame")
    if data is DEAD:
        # A dead value ends this path of the loop.
        return []
    frame, iteration = tag[-1]
    following: Tag = (*tag[:-1], (frame, (iteration or 0) + 1))
    outputs = [(source.results[0], following, data)]
    outputs += [(r, following, CONTROL) for r in source.results[1:] if _is_control(r)]
    return outputs


def _sink(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    token = op.operands[0]
    source = token.owner if isinstance(token, OpResult) else None
    if source is None or source.name != "tf_executor.NextIteration.Source":
        raise run.error(op, "token does not come from a 'tf_executor.NextIteration.Source'")
    data = DEAD if any(v is DEAD for v in got) else run.lookup(op.operands[1], tag)
    return _next_iteration(run, op, tag, data, source)


def _merge(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    data_inputs = [v for v in op.operands if not _is_control(v)]
    controls = [v for v in op.operands if _is_control(v)]
    control_values = [run.lookup(v, tag) for v in controls]
    if any(v is MISSING for v in control_values):
        return None
    outputs = [r for r in op.results if not _is_control(r)]
    if any(v is DEAD for v in control_values):
        return _all(op.results, tag, DEAD)
    values = [run.lookup(v, tag) for v in data_inputs]
    for index, value in enumerate(values):
        if value is not MISSING and value is not DEAD:
            result = [(outputs[0], tag, value)]
            if len(outputs) > 1:
                result.append((outputs[1], tag, np.array(index, dtype=np.int32)))
            result += [(r, tag, CONTROL) for r in op.results if _is_control(r)]
            return result
    if all(v is DEAD for v in values):
        return _all(op.results, tag, DEAD)
    return None


def _switch(run: GraphRun, op: Operation, tag: Tag, *, true_first: bool) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    data, predicate = run.lookup(op.operands[0], tag), run.lookup(op.operands[1], tag)
    taken = _truth(op, predicate, run)
    first, second = op.results[0], op.results[1]
    true_out, false_out = (first, second) if true_first else (second, first)
    live, dead_out = (true_out, false_out) if taken else (false_out, true_out)
    return [(live, tag, data), (dead_out, tag, DEAD)] + [(r, tag, CONTROL) for r in op.results[2:]]


def _executor_switch(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    # This dialect's `Switch` lists its true output first.
    return _switch(run, op, tag, true_first=True)


def _switch_n(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    data, index = run.lookup(op.operands[0], tag), run.lookup(op.operands[1], tag)
    outputs = [r for r in op.results if not _is_control(r)]
    array = np.asarray(index)
    if array.size != 1:
        raise run.error(op, f"index must be a scalar, got shape {list(array.shape)}")
    chosen = int(array.reshape(()))
    # TensorFlow's kernel sends an index out of range to the last output.
    if not 0 <= chosen < len(outputs):
        chosen = len(outputs) - 1
    result = [(r, tag, data if i == chosen else DEAD) for i, r in enumerate(outputs)]
    return result + [(r, tag, CONTROL) for r in op.results if _is_control(r)]


def _forward(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    """`LoopCond`, `Identity`-like nodes: the first input forwarded, deadness kept."""
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    data = run.lookup(op.operands[0], tag)
    return [(op.results[0], tag, data)] + [(r, tag, CONTROL) for r in op.results[1:]]


def _control_trigger(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    if run.gather(op, tag) is None:
        return None
    return _all(op.results, tag, CONTROL)


def _unsupported(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    if op.name in ("tf_executor.Send", "tf_executor.Recv"):
        raise run.error(op, f"'{op.name}' (communication between devices) cannot be executed")
    raise run.error(op, f"'{op.name}' cannot be executed in a graph")


# -- tfg -----------------------------------------------------------------------------


def _tfg_switch(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    # TensorFlow's `Switch` lists `output_false` first.
    return _switch(run, op, tag, true_first=False)


def _tfg_enter(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    return _enter(run, op, tag)


def _tfg_next_iteration(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    data = DEAD if any(v is DEAD for v in got) else run.lookup(op.operands[0], tag)
    return _next_iteration(run, op, tag, data, op)


def _tfg_placeholder(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    name = _string(op, "_mlir_name")
    if name is None or name not in run.feeds:
        raise run.error(op, f"placeholder {name or '(unnamed)'} is not fed")
    return [(op.results[0], tag, run.feeds[name]), (op.results[-1], tag, CONTROL)]


def _tfg_return(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    got = run.gather(op, tag)
    if got is None:
        return None
    run.returned = [
        value
        for v, value in zip(op.operands, run.operand_values(op, tag), strict=True)
        if not _is_control(v)
    ]
    return []


def _tfg_node(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    """A TensorFlow node: the reference of the `tf` op of its name."""
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    interpreter = run.interpreter
    data = [run.lookup(v, tag) for v in op.operands if not _is_control(v)]
    results = [r for r in op.results if not _is_control(r)]
    callee = op.name.partition(".")[2]
    function = interpreter.functions.get(callee)
    if function is not None and function.op.name == "tfg.func":
        # A node whose op is a function of the library calls it.
        values = interpreter._call_function(op, callee, data)
    else:
        value = interpreter.call_reference(interpreter.tf_shadow(op), data, op)
        values = [] if not results else ([value] if len(results) == 1 else list(value))
    outputs = [(r, tag, v) for r, v in zip(results, values, strict=True)]
    return outputs + [(r, tag, CONTROL) for r in op.results if _is_control(r)]


def _callee(run: GraphRun, op: Operation, attr: Any) -> str:
    """The function a `#tf_type.func<@name, {...}>` attribute names."""
    symbol = getattr(attr, "symbol", None)
    if not isinstance(symbol, SymbolRefAttr):
        raise run.error(op, f"'{op.name}' names no function")
    return symbol.root


def _functional(
    run: GraphRun, op: Operation, tag: Tag, call: Callable[[list[Any]], list[Any]]
) -> Sequence[Output] | None:
    """A functional control-flow node (`If`, `Case`, `While`, `For`): `call` computes
    its data results from its data operands, once its inputs are live."""
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    data = [run.lookup(v, tag) for v in op.operands if not _is_control(v)]
    values = call(data)
    results = [r for r in op.results if not _is_control(r)]
    outputs = [(r, tag, v) for r, v in zip(results, values, strict=True)]
    return outputs + [(r, tag, CONTROL) for r in op.results if _is_control(r)]


def _tf_condition(run: GraphRun, op: Operation, value: Any) -> bool:
    """TensorFlow's truth of a condition: a scalar's value, whether another has elements."""
    if value is DEAD:
        raise run.error(op, "the condition is dead")
    array = np.asarray(value)
    return bool(array) if array.ndim == 0 else array.size > 0


def _tfg_if(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any]) -> list[Any]:
        branch = "then_branch" if _tf_condition(run, op, data[0]) else "else_branch"
        callee = _callee(run, op, op.get_attr(branch))
        return run.interpreter._call_function(op, callee, data[1:])

    return _functional(run, op, tag, call)


def _tfg_case(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any]) -> list[Any]:
        branches = getattr(op.get_attr("branches"), "value", ())
        index = int(np.asarray(data[0]).reshape(-1)[0])
        # As TensorFlow's `Case`: an index out of range runs the last branch.
        if not 0 <= index < len(branches):
            index = len(branches) - 1
        return run.interpreter._call_function(op, _callee(run, op, branches[index]), data[1:])

    return _functional(run, op, tag, call)


def _tfg_while(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any]) -> list[Any]:
        cond = _callee(run, op, op.get_attr("cond"))
        body = _callee(run, op, op.get_attr("body"))
        values = data
        while True:
            (condition,) = run.interpreter._call_function(op, cond, values)
            if not _tf_condition(run, op, condition):
                return values
            values = run.interpreter._call_function(op, body, values)

    return _functional(run, op, tag, call)


def _tfg_for(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any]) -> list[Any]:
        start, limit, delta = (int(np.asarray(v).reshape(-1)[0]) for v in data[:3])
        if delta == 0:
            raise run.error(op, "the For loop's delta is zero")
        body = _callee(run, op, op.get_attr("body"))
        values = data[3:]
        for i in range(start, limit, delta):
            values = run.interpreter._call_function(
                op, body, [np.array(i, dtype=np.int32), *values]
            )
        return values

    return _functional(run, op, tag, call)


def _region_node(
    run: GraphRun,
    op: Operation,
    tag: Tag,
    call: Callable[[list[Any], dict[Value, Any]], list[Any]],
) -> Sequence[Output] | None:
    """A region control-flow node (`IfRegion`, `CaseRegion`, `WhileRegion`,
    `ForRegion`): `call` computes its data results from its data operands and the
    values its regions use from around them, once its inputs are live."""
    got = run.gather(op, tag)
    if got is None:
        return None
    dead = _dead_or(op, tag, got)
    if dead is not None:
        return dead
    around = dict(run.outer)
    for v, value in zip(run.inputs[op], got, strict=True):
        around[v] = value
    data = [run.lookup(v, tag) for v in op.operands if not _is_control(v)]
    values = call(data, around)
    results = [r for r in op.results if not _is_control(r)]
    outputs = [(r, tag, v) for r, v in zip(results, values, strict=True)]
    return outputs + [(r, tag, CONTROL) for r in op.results if _is_control(r)]


def _run_region(
    run: GraphRun, op: Operation, index: int, args: Sequence[Any], around: dict[Value, Any]
) -> list[Any]:
    """Run region `index` of `op` as a graph, its data arguments `args` (its control
    arguments live tokens); what its `tfg.yield` or `tfg.condition` passes on."""
    block = op.regions[index].blocks[0]
    outer = dict(around)
    given = iter(args)
    for arg in block.args:
        outer[arg] = CONTROL if _is_control(arg) else next(given)
    inner = GraphRun(run.interpreter, block, outer)
    inner.run()
    if inner.returned is None:
        raise run.error(
            block.last_op or op,
            "the region's terminator never runs: an input it waits for is never computed",
        )
    if any(v is DEAD for v in inner.returned):
        raise run.error(block.last_op or op, "a region yields a dead value")
    return inner.returned


def _tfg_if_region(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any], around: dict[Value, Any]) -> list[Any]:
        return _run_region(run, op, 0 if _tf_condition(run, op, data[0]) else 1, [], around)

    return _region_node(run, op, tag, call)


def _tfg_case_region(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any], around: dict[Value, Any]) -> list[Any]:
        index = int(np.asarray(data[0]).reshape(-1)[0])
        if not 0 <= index < len(op.regions):
            index = len(op.regions) - 1
        return _run_region(run, op, index, [], around)

    return _region_node(run, op, tag, call)


def _tfg_while_region(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any], around: dict[Value, Any]) -> list[Any]:
        values = data
        while True:
            condition, *passed = _run_region(run, op, 0, values, around)
            if not _tf_condition(run, op, condition):
                return passed
            values = _run_region(run, op, 1, passed, around)

    return _region_node(run, op, tag, call)


def _tfg_for_region(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    def call(data: list[Any], around: dict[Value, Any]) -> list[Any]:
        start, limit, delta = (int(np.asarray(v).reshape(-1)[0]) for v in data[:3])
        if delta == 0:
            raise run.error(op, "the ForRegion's delta is zero")
        values = data[3:]
        for i in range(start, limit, delta):
            values = _run_region(run, op, 0, [np.array(i, dtype=np.int32), *values], around)
        return values

    return _region_node(run, op, tag, call)


def _tfg_yield(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    """`tfg.yield` and `tfg.condition`: what the region passes on (the condition first)."""
    return _tfg_return(run, op, tag)


def _tfg_unsupported(run: GraphRun, op: Operation, tag: Tag) -> Sequence[Output] | None:
    if op.name == "tfg.get_result":
        raise run.error(
            op, "a generic (uninstantiated) function cannot run: instantiate its types first"
        )
    raise run.error(op, f"'{op.name}' cannot be executed yet")


_HANDLERS: dict[str, Callable[[GraphRun, Operation, Tag], Sequence[Output] | None]] = {
    "tf_executor.island": _island,
    "tf_executor.fetch": _fetch,
    "tf_executor.Enter": _enter,
    "tf_executor.Exit": _exit,
    "tf_executor.NextIteration.Sink": _sink,
    "tf_executor.Merge": _merge,
    "tf_executor.Switch": _executor_switch,
    "tf_executor._SwitchN": _switch_n,
    "tf_executor.LoopCond": _forward,
    "tf_executor.ControlTrigger": _control_trigger,
    "tfg.Switch": _tfg_switch,
    "tfg.Merge": _merge,
    "tfg.Enter": _tfg_enter,
    "tfg.Exit": _exit,
    "tfg.NextIteration": _tfg_next_iteration,
    "tfg.LoopCond": _forward,
    "tfg.ControlTrigger": _control_trigger,
    "tfg.placeholder": _tfg_placeholder,
    "tfg.Placeholder": _tfg_placeholder,
    "tfg.return": _tfg_return,
    "tfg.If": _tfg_if,
    "tfg.StatelessIf": _tfg_if,
    "tfg.StatefulIf": _tfg_if,
    "tfg.Case": _tfg_case,
    "tfg.StatelessCase": _tfg_case,
    "tfg.StatefulCase": _tfg_case,
    "tfg.While": _tfg_while,
    "tfg.StatelessWhile": _tfg_while,
    "tfg.StatefulWhile": _tfg_while,
    "tfg.For": _tfg_for,
    "tfg.IfRegion": _tfg_if_region,
    "tfg.StatelessIfRegion": _tfg_if_region,
    "tfg.StatefulIfRegion": _tfg_if_region,
    "tfg.CaseRegion": _tfg_case_region,
    "tfg.StatelessCaseRegion": _tfg_case_region,
    "tfg.StatefulCaseRegion": _tfg_case_region,
    "tfg.WhileRegion": _tfg_while_region,
    "tfg.StatelessWhileRegion": _tfg_while_region,
    "tfg.StatefulWhileRegion": _tfg_while_region,
    "tfg.ForRegion": _tfg_for_region,
    "tfg.yield": _tfg_yield,
    "tfg.condition": _tfg_yield,
    "tfg.get_result": _tfg_unsupported,
}

_TFG_NODE_ATTRIBUTES = frozenset(
    {"_mlir_name", "_mlir_device", "_mlir_assigned_device", "_mlir_fulltype", "T"}
)


def node_attributes(op: Operation) -> DictionaryAttr:
    """The TensorFlow attributes of a `tfg` node (without its name and devices)."""
    return DictionaryAttr.get(
        tuple((k, v) for k, v in op.attributes.entries if k not in _TFG_NODE_ATTRIBUTES)
    )
