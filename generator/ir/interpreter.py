"""An interpreter of MLIR programs: what `odsgen run FILE.mlir -e FUNC` executes.

Ops with a reference implementation (`reference` in their spec, the method
`reference(self, <operands>)` of the generated class) are executed by calling it:
their meaning is written once, in the spec, in the terms of `generator.ir.semantics`.
The ops that move control, which no reference can express, are executed here:
`func` (call, call_indirect, constant, return), `cf` (br, cond_br, switch, assert)
and `scf` (for, while, if, index_switch, execute_region, yield, condition), and
the `memref` ops on memref values (`generator.ir.memory`): alloc, alloca, dealloc,
load, store, dim, rank, cast, subview, copy and get_global. The `vector` and `tensor`
ops and the other `memref` ops have handlers in `generator.ir.shaped_ops`; an
`Elementwise` op with a reference on vectors or tensors applies it to each element
(`generator.ir.vectors.lift`), and a `dense<...>` constant of a vector or tensor type
is a `generator.ir.vectors.Shaped` value.

A call of a function the program declares without a body runs one of MLIR's runner
utilities (`printI64`, `printU64`, `printF32`, `printF64`, `printNewline`,
`printComma`, `printOpen`, `printClose`; `printMemrefF32`, `printMemrefF64`,
`printMemrefI32`, `printMemrefI64` on unranked memrefs), printing exactly what
`mlir-runner` prints with `libmlir_c_runner_utils` and `libmlir_runner_utils` (but
for the base address of a printed memref, which is made up).

Each block is translated once, on first execution, into a list of instructions that
hold what each step needs (the reference function of the op's class, the operand
values, the result values, or the handler of a control-flow op, found in a table
built once per interpreter by op name), so a step does no lookup by name and no
`isinstance` test. Run-time values live in one dictionary per function call, keyed
by SSA value. Pure ops without operands or regions (constants) are evaluated once,
when their block is translated, and their instruction only stores the value (or,
when the evaluation failed, reports the error where the op is reached).

Errors while running (an op without a reference, a failed `cf.assert`, a call of a
function that does not exist, a poison branch condition, a reference that raises)
are `InterpreterError`s naming the op, which `odsgen run` reports at its location.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from generator.ir.attributes import (
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
)
from generator.ir.context import Context
from generator.ir.core import Block, Operation, OpResult, Region, Value
from generator.ir.memory import MemRef, print_memref
from generator.ir.semantics import (
    POISON,
    SemanticsError,
    float_from_bits,
    quiet,
    signed,
    width,
)
from generator.ir.shaped_ops import HANDLERS
from generator.ir.shapes import reference_params
from generator.ir.traits import Elementwise, IsTerminator, Pure
from generator.ir.types import (
    DYNAMIC,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    VectorType,
)
from generator.ir.vectors import ElementView, Shaped, dense_value, lift, reference_array

TensorType = RankedTensorType | UnrankedTensorType

__all__ = [
    "RUNNER_UTILITIES",
    "Interpreter",
    "InterpreterError",
    "execute",
    "format_c_float",
    "format_value",
]

# Instruction kinds: a reference with one, two or any number of operands and one
# result; a reference with any results; a control-flow or call op with a handler.
_REF1, _REF2, _REFN, _REFM, _SPECIAL, _CONST = range(6)
# Terminator kinds.
_BR, _COND_BR, _SWITCH, _EXIT, _UNREACHABLE = range(5)

Instruction = tuple[int, Operation, Any, tuple[Any, ...], tuple[Value, ...], Any]


class InterpreterError(Exception):
    """A run-time error, located at the op that raised it (None: no op)."""

    def __init__(self, op: Operation | None, message: str) -> None:
        super().__init__(message)
        self.op = op
        self.message = message


def format_c_float(value: float) -> str:
    """`value` as C's `printf("%g")` prints it, with glibc's `-nan` for a NaN whose sign
    bit is set (what `printF32` and `printF64` print)."""
    if value != value:
        return "-nan" if math.copysign(1.0, value) < 0 else "nan"
    return f"{value:g}"


def format_result(results: Sequence[Any], type_: str) -> str:
    """The entry's one result as `mlir-runner -entry-point-result=<type_>` prints it."""
    if len(results) != 1 or results[0] is POISON:
        raise InterpreterError(None, f"the entry point does not return one {type_} value")
    value = results[0]
    if type_ == "f32":
        number = float(value)
        if number != number:
            return "-nan" if math.copysign(1.0, number) < 0 else "nan"
        return f"{number:e}"
    return str(signed(value, 32 if type_ == "i32" else 64))


def format_value(value: Any, type_: Type) -> str:
    """A run-time value of type `type_` as `odsgen run --print-results` prints it: a
    tensor as its elements attribute (`dense<[1, 2]> : tensor<2xi32>`), an integer in
    signed decimal, a float as C's `%g`, `dead` for a dead value, `poison`."""
    from generator.ir.dataflow import Dead

    if isinstance(value, Dead):
        return "dead"
    if value is POISON:
        return "poison"
    if isinstance(type_, TensorType):
        from generator.ir.tensor_semantics import static_type, to_attr

        if isinstance(value, Shaped):
            value = reference_array(value)

        return str(to_attr(value, static_type(value, type_)))
    if isinstance(type_, FloatType):
        return format_c_float(float(value))
    if isinstance(type_, IntegerType | IndexType):
        bits = width(type_)
        return str(signed(int(value), bits) if bits > 1 else int(value))
    if isinstance(value, MemRef):
        return f"<memref of {len(value.sizes)} dimensions>"
    return repr(value)


def _print_i64(write: Callable[[str], object], args: Sequence[Any]) -> None:
    write(str(signed(args[0], 64)))


def _print_u64(write: Callable[[str], object], args: Sequence[Any]) -> None:
    write(str(args[0]))


def _print_float(write: Callable[[str], object], args: Sequence[Any]) -> None:
    write(format_c_float(float(args[0])))


def _print_memref(write: Callable[[str], object], args: Sequence[Any]) -> None:
    print_memref(write, args[0])


def _text(text: str) -> Callable[[Callable[[str], object], Sequence[Any]], None]:
    def utility(write: Callable[[str], object], args: Sequence[Any]) -> None:
        write(text)

    return utility


#: MLIR's runner utilities (`libmlir_c_runner_utils`), by function name: the
#: argument types the program must declare them with, and what they print.
RUNNER_UTILITIES: dict[
    str, tuple[tuple[str, ...], Callable[[Callable[[str], object], Sequence[Any]], None]]
] = {
    "printI64": (("i64",), _print_i64),
    "printU64": (("i64",), _print_u64),
    "printF32": (("f32",), _print_float),
    "printF64": (("f64",), _print_float),
    "printNewline": ((), _text("\n")),
    "printComma": ((), _text(", ")),
    "printOpen": ((), _text("( ")),
    "printClose": ((), _text(" )")),
    "printMemrefF32": (("memref<*xf32>",), _print_memref),
    "printMemrefF64": (("memref<*xf64>",), _print_memref),
    "printMemrefI32": (("memref<*xi32>",), _print_memref),
    "printMemrefI64": (("memref<*xi64>",), _print_memref),
}


class _Function:
    """A function of the program: its op, its body (None when declared only) and,
    for a runner utility, what it prints."""

    __slots__ = ("body", "name", "op", "utility")

    def __init__(self, name: str, op: Operation, body: Region | None) -> None:
        self.name = name
        self.op = op
        self.body = body
        self.utility: Callable[[Callable[[str], object], Sequence[Any]], None] | None = None


class Interpreter:
    """Executes the functions of one module; output goes to `write`."""

    def __init__(
        self, module: Operation, write: Callable[[str], object], context: Context | None = None
    ) -> None:
        self.write = write
        #: Where `tfg` nodes find the `tf` op class of their name.
        self.context = context
        self._shadows: dict[Operation, Operation] = {}
        self.functions: dict[str, _Function] = {}
        self._blocks: dict[Block, tuple[list[Instruction], tuple[Any, ...]]] = {}
        self._reference_params: dict[type[Operation], tuple[str, ...] | None] = {}
        self._special: dict[str, Callable[[Interpreter, dict[Value, Any], Instruction], None]] = {
            "func.call": Interpreter._call,
            "func.call_indirect": Interpreter._call_indirect,
            "func.constant": Interpreter._func_constant,
            "cf.assert": Interpreter._assert,
            "scf.for": Interpreter._for,
            "scf.while": Interpreter._while,
            "scf.if": Interpreter._if,
            "scf.index_switch": Interpreter._index_switch,
            "scf.execute_region": Interpreter._execute_region,
            "memref.alloc": Interpreter._alloc,
            "memref.alloca": Interpreter._alloc,
            "memref.dealloc": Interpreter._dealloc,
            "memref.load": Interpreter._load,
            "memref.store": Interpreter._store,
            "memref.dim": Interpreter._dim,
            "memref.rank": Interpreter._rank,
            "memref.cast": Interpreter._cast,
            "memref.subview": Interpreter._subview,
            "memref.copy": Interpreter._copy,
            "memref.get_global": Interpreter._get_global,
            "tf_executor.graph": Interpreter._executor_graph,
            "tf.If": Interpreter._tf_if,
            "tf.IfRegion": Interpreter._tf_if_region,
        }
        self._special.update(HANDLERS)
        self._globals: dict[str, Operation] = {}
        self._global_values: dict[str, MemRef] = {}
        self._collect(module)

    # -- the program ---------------------------------------------------------------

    def _collect(self, module: Operation) -> None:
        for region in module.regions:
            for block in region.blocks:
                for op in block.ops:
                    if op.name == "memref.global":
                        symbol = op.get_attr("sym_name")
                        if isinstance(symbol, StringAttr):
                            self._globals[symbol.value] = op
                    if op.name not in ("func.func", "tfg.func"):
                        continue
                    name = op.get_attr("sym_name")
                    if not isinstance(name, StringAttr):
                        continue
                    body = op.regions[0] if op.regions and op.regions[0].blocks else None
                    function = _Function(name.value, op, body)
                    if body is None and name.value in RUNNER_UTILITIES:
                        function.utility = self._utility(name.value, op)
                    self.functions[name.value] = function

    def _utility(
        self, name: str, op: Operation
    ) -> Callable[[Callable[[str], object], Sequence[Any]], None]:
        expected, utility = RUNNER_UTILITIES[name]
        function_type = op.get_attr("function_type")
        type_ = getattr(function_type, "value", None)
        if isinstance(type_, FunctionType):
            got = tuple(str(t) for t in type_.inputs)
            if got != expected or type_.results:
                wanted = ", ".join(expected)
                raise InterpreterError(
                    op, f"runner utility '@{name}' must be declared as ({wanted}) -> ()"
                )
        return utility

    def run(self, entry: str, args: Sequence[Any] = ()) -> list[Any]:
        """Call function `entry` with run-time values `args`; its results."""
        function = self.functions.get(entry)
        if function is None:
            raise InterpreterError(None, f"entry point '@{entry}' not found")
        if function.body is None:
            raise InterpreterError(function.op, f"entry point '@{entry}' has no body")
        expected = len(self._data_args(function))
        if expected != len(args):
            raise InterpreterError(
                function.op,
                f"entry point '@{entry}' takes {expected} arguments, but {len(args)} are given",
            )
        try:
            with quiet():
                return self._invoke(function, list(args))
        except RecursionError:
            raise InterpreterError(function.op, "calls nest too deeply (stack overflow)") from None

    def _invoke(self, function: _Function, args: list[Any]) -> list[Any]:
        body = function.body
        if body is None:
            utility = function.utility
            assert utility is not None
            utility(self.write, args)
            return []
        if function.op.name == "tfg.func":
            return self._tfg_function(function, args)
        return self._region(body, args, {})

    def result_types(self, entry: str) -> list[Type]:
        """The result types of function `entry`."""
        function = self.functions.get(entry)
        if function is None:
            raise InterpreterError(None, f"entry point '@{entry}' not found")
        type_ = getattr(function.op.get_attr("function_type"), "value", None)
        if isinstance(type_, FunctionType):
            return list(type_.results)
        return []

    def _data_args(self, function: _Function) -> list[Value]:
        """The arguments a caller passes: a `tfg.func`'s without its control tokens."""
        assert function.body is not None
        block_args = function.body.blocks[0].args
        if function.op.name != "tfg.func":
            return list(block_args)
        return [a for a in block_args if str(a.type) != "!tf_type.control"]

    # -- TensorFlow graphs -----------------------------------------------------------

    def _tfg_function(self, function: _Function, args: list[Any]) -> list[Any]:
        from generator.ir.dataflow import CONTROL, GraphRun

        assert function.body is not None
        if function.op.get_attr("generic") is not None:
            raise InterpreterError(
                function.op,
                f"'@{function.name}' is a generic (uninstantiated) function: its types "
                "must be instantiated before it runs",
            )
        block = function.body.blocks[0]
        outer: dict[Value, Any] = {}
        given = iter(args)
        for arg in block.args:
            outer[arg] = CONTROL if str(arg.type) == "!tf_type.control" else next(given)
        run = GraphRun(self, block, outer)
        run.run()
        if run.returned is None:
            raise InterpreterError(
                block.last_op or function.op,
                "the function's 'tfg.return' never runs: an input it waits for is never computed",
            )
        return run.returned

    def _executor_graph(self, env: dict[Value, Any], ins: Instruction) -> None:
        from generator.ir.dataflow import GraphRun

        op = ins[1]
        block = op.regions[0].blocks[0]
        run = GraphRun(self, block, env)
        run.run()
        if run.returned is None:
            raise InterpreterError(
                block.last_op or op,
                "the graph's fetch never runs: an input it waits for is never computed",
            )
        for r, v in zip(ins[4], run.returned, strict=True):
            env[r] = v

    def run_graph(
        self, graph: Operation, feeds: dict[str, Any], fetches: Sequence[str]
    ) -> list[Any]:
        """Run `tfg.graph` op `graph` with its placeholders fed by node name (`feeds`);
        the values of `fetches`, each a node name with an optional `:index` of its
        output (`"add"`, `"add:0"`): `DEAD` for a dead one."""
        from generator.ir.dataflow import MISSING, GraphRun

        wanted = self.fetched_values(graph, fetches)
        run = GraphRun(self, graph.regions[0].blocks[0], {}, feeds)
        with quiet():
            run.run()
        results = []
        for value, fetch in zip(wanted, fetches, strict=True):
            found = run.lookup(value, ())
            if found is MISSING:
                assert isinstance(value, OpResult)
                raise InterpreterError(value.owner, f"'{fetch}' is never computed")
            results.append(found)
        return results

    def fetched_values(self, graph: Operation, fetches: Sequence[str]) -> list[Value]:
        """The results of `graph`'s nodes that `fetches` name (`"add"`, `"add:1"`)."""
        by_name: dict[str, Operation] = {}
        for node in graph.regions[0].blocks[0].ops:
            node_name = node.get_attr("_mlir_name")
            if isinstance(node_name, StringAttr):
                by_name[node_name.value] = node
        wanted: list[Value] = []
        for fetch in fetches:
            name, _, number = fetch.partition(":")
            fetched = by_name.get(name)
            if fetched is None:
                raise InterpreterError(graph, f"no node named '{name}' to fetch")
            data = [r for r in fetched.results if str(r.type) != "!tf_type.control"]
            index = int(number) if number.isdigit() else -1
            if not 0 <= index < len(data) and number:
                raise InterpreterError(fetched, f"'{fetch}': the node has {len(data)} outputs")
            if not data:
                raise InterpreterError(fetched, f"'{fetch}': the node has no outputs")
            wanted.append(data[index if number else 0])
        return wanted

    def tf_shadow(self, node: Operation) -> Operation:
        """The `tf` op that `tfg` node `node` stands for, built once, on operands of the
        node's data types (so that its reference sees the node's types and attributes)."""
        shadow = self._shadows.get(node)
        if shadow is not None:
            return shadow
        from generator.ir.dataflow import node_attributes

        name = "tf." + node.name.partition(".")[2]
        cls = None
        if self.context is not None:
            self.context.get_or_load_dialect("tf")
            cls = self.context.lookup_op(name)
        if cls is None or getattr(cls, "reference", None) is None:
            raise InterpreterError(
                node,
                f"'{node.name}' is not a function of the module, and '{name}' has no "
                "reference implementation",
            )
        data = [v for v in node.operands if str(v.type) != "!tf_type.control"]
        results = [r.type for r in node.results if str(r.type) != "!tf_type.control"]
        scratch = Block(tuple(v.type for v in data))
        attributes = node_attributes(node)
        names = cls.PROPERTY_NAMES or frozenset()
        props = {k: v for k, v in attributes.entries if k in names}
        kept = DictionaryAttr.get(tuple((k, v) for k, v in attributes.entries if k not in names))
        for key, value in cls.DEFAULT_PROPERTIES:
            props.setdefault(key, value)
        shadow = cls.__new__(cls)
        slots = cls.PROPERTY_SLOTS
        shadow.init_state(
            name,
            list(scratch.args),
            results,
            DictionaryAttr.get(tuple(props.items())) if props and not slots else None,
            kept,
            (),
            (),
            None,
        )
        for key, slot in slots.items():
            setattr(shadow, slot, props.get(key))
        self._shadows[node] = shadow
        return shadow

    def call_reference(self, shadow: Operation, args: Sequence[Any], node: Operation) -> Any:
        """The results of `shadow`'s reference on `args`; errors are `node`'s."""
        fn = type(shadow).reference  # type: ignore[attr-defined]
        try:
            return fn(shadow, *args)
        except InterpreterError:
            raise
        except SemanticsError as e:
            raise InterpreterError(node, str(e)) from None
        except Exception as e:
            raise InterpreterError(
                node, f"reference implementation failed: {type(e).__name__}: {e}"
            ) from None

    # -- tf's functional control flow -----------------------------------------------

    def _tf_if(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        operands = ins[3]
        branch = "then_branch" if _tf_truth(op, env[operands[0]]) else "else_branch"
        callee = op.get_attr(branch)
        assert isinstance(callee, SymbolRefAttr)
        values = self._call_function(op, callee.root, [env[v] for v in operands[1:]])
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _tf_if_region(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        region = op.regions[0] if _tf_truth(op, env[ins[3][0]]) else op.regions[1]
        values = self._region(region, [], env)
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _evaluate(self, op: Operation, fn: Any, args: Sequence[Any]) -> Any:
        try:
            return fn(op, *args)
        except InterpreterError:
            raise
        except SemanticsError as e:
            raise InterpreterError(op, str(e)) from None
        except Exception as e:
            raise InterpreterError(
                op, f"reference implementation failed: {type(e).__name__}: {e}"
            ) from None

    # -- translation of blocks -------------------------------------------------------

    def _block(self, block: Block) -> tuple[list[Instruction], tuple[Any, ...]]:
        compiled = self._blocks.get(block)
        if compiled is None:
            compiled = self._blocks[block] = self._compile(block)
        return compiled

    def _compile(self, block: Block) -> tuple[list[Instruction], tuple[Any, ...]]:
        code: list[Instruction] = []
        terminator: tuple[Any, ...] | None = None
        last = block.last_op
        for op in block.ops:
            if op is last and op.name in _TERMINATORS:
                terminator = self._terminator(op)
                break
            code.append(self._instruction(op))
        if terminator is None:
            if last is None:
                raise InterpreterError(None, "block without a terminator")
            if code and code[-1][1] is last:
                code.pop()
            code.append((_SPECIAL, last, Interpreter._unsupported, (), (), None))
            terminator = (_UNREACHABLE, last)
        return code, terminator

    def _instruction(self, op: Operation) -> Instruction:
        results = op.results
        special = self._special.get(op.name)
        if special is not None:
            return (_SPECIAL, op, special, tuple(op.operands), results, None)
        cls = type(op)
        fn = getattr(cls, "reference", None)
        if _is_shaped(op):
            if op.name == "arith.constant":
                value = op.get_attr("value")
                type_ = results[0].type
                if isinstance(value, DenseElementsAttr) and isinstance(type_, ShapedType):
                    try:
                        constant = dense_value(value, type_)
                    except SemanticsError as e:
                        # An error when reached, after what the ops before it print.
                        error = InterpreterError(op, str(e))
                        return (_SPECIAL, op, Interpreter._raise, (), results, error)
                    return (_CONST, op, None, (), results, constant)
            elif fn is not None and op.has_trait(Elementwise):
                lifted = (fn, ElementView(op), tuple(r.type for r in results))
                return (_SPECIAL, op, Interpreter._elementwise, tuple(op.operands), results, lifted)
        if fn is None:
            # An error when reached, after what the ops before it print.
            return (_SPECIAL, op, Interpreter._unsupported, (), results, None)
        if not op._operands and not op.regions and len(results) == 1 and op.has_trait(Pure):
            try:
                value = self._evaluate(op, fn, ())
            except InterpreterError as e:
                return (_SPECIAL, op, Interpreter._raise, (), results, e)
            return (_CONST, op, None, (), results, value)
        if any(isinstance(v.type, VectorType | RankedTensorType) for v in op.operands):
            fn = _on_arrays(fn)
        params = self._params(op)
        if params is None:
            operands: tuple[Any, ...] = tuple(op.operands)
            grouped = False
        else:
            operands = tuple(getattr(op, p) for p in params)
            grouped = True
        if len(results) != 1 or grouped:
            return (_REFM, op, fn, operands, results, grouped)
        if len(operands) == 1:
            return (_REF1, op, fn, operands, results, None)
        if len(operands) == 2:
            return (_REF2, op, fn, operands, results, None)
        return (_REFN, op, fn, operands, results, None)

    def _params(self, op: Operation) -> tuple[str, ...] | None:
        """The names of the reference's parameters when its op has operand groups that
        are not single values (each a tuple or an optional value), else None."""
        cls = type(op)
        if cls in self._reference_params:
            return self._reference_params[cls]
        params = reference_params(cls.reference, len(op._operands))  # type: ignore[attr-defined]
        self._reference_params[cls] = params
        return params

    def _terminator(self, op: Operation) -> tuple[Any, ...]:
        name = op.name
        if name == "cf.br":
            dest = op.successors[0]
            return (_BR, op, dest, tuple(op.operands))
        if name == "cf.cond_br":
            t, f = op.successors
            true_ops = tuple(op.true_dest_operands)  # type: ignore[attr-defined]
            false_ops = tuple(op.false_dest_operands)  # type: ignore[attr-defined]
            return (_COND_BR, op, op.operands[0], t, true_ops, f, false_ops)
        if name == "cf.switch":
            flag = op.operands[0]
            mask = (1 << width(flag.type)) - 1
            values = op.case_values  # type: ignore[attr-defined]
            cases: dict[int, tuple[Block, tuple[Value, ...]]] = {}
            if isinstance(values, DenseElementsAttr):
                elements = values.values * (len(op.successors) - 1 if values.is_splat else 1)
                groups = op.case_operands  # type: ignore[attr-defined]
                for i, v in enumerate(elements):
                    key = int(v) & mask  # type: ignore[arg-type]
                    cases.setdefault(key, (op.successors[i + 1], tuple(groups[i])))
            default = (op.successors[0], tuple(op.default_operands))  # type: ignore[attr-defined]
            return (_SWITCH, op, flag, cases, default)
        if name == "ub.unreachable":
            return (_UNREACHABLE, op)
        # func.return, scf.yield, scf.condition: leave the region with the operands.
        return (_EXIT, op, tuple(op.operands))

    # -- execution -------------------------------------------------------------------

    def _region(self, region: Region, args: Sequence[Any], env: dict[Value, Any]) -> list[Any]:
        """Run `region` from its entry block with `args` until it leaves; the values it
        leaves with (returned, yielded; for `scf.condition` the condition first)."""
        block = region.blocks[0]
        while True:
            code, term = self._block(block)
            for arg, value in zip(block.args, args, strict=True):
                env[arg] = value
            self._execute(code, env)
            kind = term[0]
            if kind == _EXIT:
                return [env[v] for v in term[2]]
            if kind == _BR:
                block = term[2]
                args = [env[v] for v in term[3]]
            elif kind == _COND_BR:
                condition = env[term[2]]
                if condition is POISON:
                    raise InterpreterError(term[1], "branch condition is poison")
                if condition:
                    block = term[3]
                    args = [env[v] for v in term[4]]
                else:
                    block = term[5]
                    args = [env[v] for v in term[6]]
            elif kind == _UNREACHABLE:
                raise InterpreterError(term[1], "reached 'ub.unreachable'")
            else:
                flag = env[term[2]]
                if flag is POISON:
                    raise InterpreterError(term[1], "switch flag is poison")
                block, operands = term[3].get(flag, term[4])
                args = [env[v] for v in operands]

    def _execute(self, code: list[Instruction], env: dict[Value, Any]) -> None:
        op: Operation | None = None
        try:
            for kind, op, fn, operands, results, extra in code:
                if kind == _REF2:
                    env[results[0]] = fn(op, env[operands[0]], env[operands[1]])
                elif kind == _REF1:
                    env[results[0]] = fn(op, env[operands[0]])
                elif kind == _CONST:
                    env[results[0]] = extra
                elif kind == _SPECIAL:
                    fn(self, env, (kind, op, fn, operands, results, extra))
                elif kind == _REFN:
                    env[results[0]] = fn(op, *[env[v] for v in operands])
                elif kind == _REFM:
                    if extra:
                        args = [_lookup(env, o) for o in operands]
                    else:
                        args = [env[v] for v in operands]
                    value = fn(op, *args)
                    if len(results) == 1:
                        env[results[0]] = value
                    elif results:
                        for r, v in zip(results, value, strict=True):
                            env[r] = v
        except InterpreterError:
            raise
        except RecursionError:
            raise
        except SemanticsError as e:
            raise InterpreterError(op, str(e)) from None
        except Exception as e:
            raise InterpreterError(
                op, f"reference implementation failed: {type(e).__name__}: {e}"
            ) from None

    def _elementwise(self, env: dict[Value, Any], ins: Instruction) -> None:
        fn, view, types = ins[5]
        values = lift(ins[1], fn, view, [env[v] for v in ins[3]], types)
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _raise(self, env: dict[Value, Any], ins: Instruction) -> None:
        raise ins[5]

    def _unsupported(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        if op.name in _TERMINATORS or op.has_trait(IsTerminator):
            raise InterpreterError(op, f"'{op.name}' is not supported as a terminator")
        raise InterpreterError(op, f"'{op.name}' has no reference implementation")

    # -- func ------------------------------------------------------------------------

    def _call_function(self, op: Operation, name: str, args: list[Any]) -> list[Any]:
        function = self.functions.get(name)
        if function is None:
            raise InterpreterError(op, f"call to unknown function '@{name}'")
        if function.body is None:
            if function.utility is None:
                raise InterpreterError(
                    op,
                    f"call to '@{name}', which has no body and is not a runner utility",
                )
            if any(a is POISON for a in args):
                raise InterpreterError(op, f"poison passed to '@{name}'")
        return self._invoke(function, args)

    def _call(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        callee = op.get_attr("callee")
        assert isinstance(callee, SymbolRefAttr)
        values = self._call_function(op, callee.root, [env[v] for v in ins[3]])
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _call_indirect(self, env: dict[Value, Any], ins: Instruction) -> None:
        operands = ins[3]
        values = self._call_function(ins[1], env[operands[0]], [env[v] for v in operands[1:]])
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _func_constant(self, env: dict[Value, Any], ins: Instruction) -> None:
        value = ins[1].get_attr("value")
        assert isinstance(value, SymbolRefAttr)
        env[ins[4][0]] = value.root

    # -- cf --------------------------------------------------------------------------

    def _assert(self, env: dict[Value, Any], ins: Instruction) -> None:
        condition = env[ins[3][0]]
        if condition is POISON or not condition:
            message = ins[1].get_attr("msg")
            text = message.value if isinstance(message, StringAttr) else ""
            raise InterpreterError(ins[1], f"assertion failed: {text}")

    # -- scf -------------------------------------------------------------------------

    def _for(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        operands = ins[3]
        lower, upper, step = env[operands[0]], env[operands[1]], env[operands[2]]
        if lower is POISON or upper is POISON or step is POISON:
            raise InterpreterError(op, "loop bound or step is poison")
        bits = width(operands[0].type)
        mask = (1 << bits) - 1
        unsigned = op.get_attr("unsignedCmp") is not None
        values = [env[v] for v in operands[3:]]
        body = op.regions[0]
        iv = lower
        while True:
            if unsigned:
                if iv >= upper:
                    break
            elif signed(iv, bits) >= signed(upper, bits):
                break
            values = self._region(body, [iv, *values], env)
            iv = (iv + step) & mask
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _while(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        before, after = op.regions
        values = [env[v] for v in ins[3]]
        while True:
            left = self._region(before, values, env)
            condition = left[0]
            if condition is POISON:
                raise InterpreterError(op, "loop condition is poison")
            if not condition:
                values = left[1:]
                break
            values = self._region(after, left[1:], env)
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _if(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        condition = env[ins[3][0]]
        if condition is POISON:
            raise InterpreterError(op, "branch condition is poison")
        region = op.regions[0] if condition else op.regions[1]
        values = self._region(region, [], env) if region.blocks else []
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _index_switch(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        value = env[ins[3][0]]
        if value is POISON:
            raise InterpreterError(op, "switch argument is poison")
        cases = op.get_attr("cases")
        region = op.regions[0]
        if isinstance(cases, DenseArrayAttr):
            flag = signed(value, 64)
            for i, case in enumerate(cases.values):
                if case == flag:
                    region = op.regions[i + 1]
                    break
        values = self._region(region, [], env)
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    def _execute_region(self, env: dict[Value, Any], ins: Instruction) -> None:
        values = self._region(ins[1].regions[0], [], env)
        for r, v in zip(ins[4], values, strict=True):
            env[r] = v

    # -- memref ----------------------------------------------------------------------

    def _alloc(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        type_ = op.results[0].type
        assert isinstance(type_, MemRefType)
        dynamic = iter(op.dynamic_sizes)  # type: ignore[attr-defined]
        sizes = tuple(
            signed(_defined(op, env[next(dynamic)], "size"), 64) if d == DYNAMIC else d
            for d in type_.shape
        )
        layout = type_.layout
        strides: tuple[int, ...] | None = None
        offset = 0
        if isinstance(layout, StridedLayoutAttr):
            if DYNAMIC in layout.strides or layout.offset == DYNAMIC:
                raise InterpreterError(op, "allocation with a dynamic strided layout")
            strides, offset = layout.strides, layout.offset
        elif layout is not None and not getattr(layout, "is_identity", False):
            raise InterpreterError(op, f"allocation with layout {layout} is not supported")
        env[ins[4][0]] = MemRef.allocate(type_.element_type, sizes, strides, offset)

    def _dealloc(self, env: dict[Value, Any], ins: Instruction) -> None:
        # The buffer stays alive while views of it are reachable; a use after
        # `memref.dealloc` is undefined in MLIR and not detected here.
        pass

    def _load(self, env: dict[Value, Any], ins: Instruction) -> None:
        operands = ins[3]
        memref: MemRef = env[operands[0]]
        env[ins[4][0]] = memref.load([env[v] for v in operands[1:]])

    def _store(self, env: dict[Value, Any], ins: Instruction) -> None:
        operands = ins[3]
        memref: MemRef = env[operands[1]]
        memref.store(env[operands[0]], [env[v] for v in operands[2:]])

    def _dim(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        memref: MemRef = env[ins[3][0]]
        index = signed(_defined(op, env[ins[3][1]], "dimension index"), 64)
        if not 0 <= index < memref.rank:
            raise InterpreterError(
                op, f"dimension index {index} is out of bounds for a memref of rank {memref.rank}"
            )
        env[ins[4][0]] = memref.sizes[index]

    def _rank(self, env: dict[Value, Any], ins: Instruction) -> None:
        env[ins[4][0]] = env[ins[3][0]].rank

    def _cast(self, env: dict[Value, Any], ins: Instruction) -> None:
        # The descriptor is unchanged: only what the type says statically differs.
        env[ins[4][0]] = env[ins[3][0]]

    def _subview(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        source: MemRef = env[ins[3][0]]
        lists = []
        for name in ("offsets", "sizes", "strides"):
            static = op.get_attr(f"static_{name}")
            dynamic = iter(getattr(op, name))
            values = getattr(static, "values", ())
            lists.append(
                [
                    signed(_defined(op, env[next(dynamic)], name[:-1]), 64) if v == DYNAMIC else v
                    for v in values
                ]
            )
        offsets, sizes, strides = lists
        if len(offsets) != source.rank:
            raise InterpreterError(op, "subview of a memref of another rank than its offsets")
        offset = source.offset + sum(o * s for o, s in zip(offsets, source.strides, strict=True))
        view_strides = [s * t for s, t in zip(strides, source.strides, strict=True)]
        for axis, (o, n, t) in enumerate(zip(offsets, sizes, strides, strict=True)):
            if n < 0 or (n > 0 and not (o >= 0 and o + (n - 1) * t < source.sizes[axis])):
                raise InterpreterError(
                    op,
                    f"subview [offset {o}, size {n}, stride {t}] is out of bounds for "
                    f"dimension {axis} of size {source.sizes[axis]}",
                )
        result = op.results[0].type
        keep = _kept_dimensions(sizes, result.shape if isinstance(result, MemRefType) else ())
        env[ins[4][0]] = source.view(
            offset,
            tuple(sizes[i] for i in keep),
            tuple(view_strides[i] for i in keep),
        )

    def _copy(self, env: dict[Value, Any], ins: Instruction) -> None:
        operands = ins[3]
        source: MemRef = env[operands[0]]
        source.copy_to(env[operands[1]])

    def _get_global(self, env: dict[Value, Any], ins: Instruction) -> None:
        op = ins[1]
        name = op.get_attr("name")
        assert isinstance(name, SymbolRefAttr)
        value = self._global_values.get(name.root)
        if value is None:
            value = self._global_values[name.root] = self._global(op, name.root)
        env[ins[4][0]] = value

    def _global(self, op: Operation, name: str) -> MemRef:
        """The storage of `memref.global @name`, made on its first use."""
        definition = self._globals.get(name)
        if definition is None:
            raise InterpreterError(op, f"'memref.global' @{name} not found")
        type_attr = definition.get_attr("type")
        type_ = getattr(type_attr, "value", None)
        if not isinstance(type_, MemRefType) or DYNAMIC in type_.shape:
            raise InterpreterError(definition, "global of a memref type with a dynamic shape")
        element = type_.element_type
        memref = MemRef.allocate(element, type_.shape)
        initial = definition.get_attr("initial_value")
        if isinstance(initial, DenseElementsAttr):
            count = len(memref.buffer)
            raw = list(initial.values) * (count if initial.is_splat else 1)
            if isinstance(element, FloatType):
                values = [float_from_bits(int(v), element) for v in raw]  # type: ignore[arg-type]
            else:
                mask = (1 << width(element)) - 1
                values = [int(v) & mask for v in raw]  # type: ignore[arg-type]
            for position, v in enumerate(values[:count]):
                memref.buffer[position] = v
        return memref


def _on_arrays(fn: Any) -> Any:
    """The reference `fn` taking its tensor operands as references do (numpy arrays)
    when the interpreter holds them as `Shaped` values (made by `shaped_ops`)."""

    def call(op: Operation, *args: Any) -> Any:
        return fn(op, *[reference_array(a) for a in args])

    return call


def _is_shaped(op: Operation) -> bool:
    """Whether an op has a vector or tensor result (or, without results, operand)."""
    values = op.results or op.operands
    return any(isinstance(v.type, VectorType | RankedTensorType) for v in values)


def _tf_truth(op: Operation, value: Any) -> bool:
    """TensorFlow's truth of a condition tensor: a scalar's value (nonzero), for any
    other tensor whether it has elements."""
    import numpy as np

    array = np.asarray(value)
    if array.ndim == 0:
        return bool(array)
    return array.size > 0


def _defined(op: Operation, value: Any, what: str) -> Any:
    if value is POISON:
        raise InterpreterError(op, f"{what} is poison")
    return value


def _kept_dimensions(sizes: Sequence[int], shape: Sequence[int]) -> list[int]:
    """The dimensions of a subview that its result type keeps: all of them, or, for a
    rank-reducing subview, each matched in order by the result's sizes (a dimension of
    size 1 the result does not match is dropped)."""
    if len(shape) == len(sizes):
        return list(range(len(sizes)))
    keep: list[int] = []
    j = 0
    for i, size in enumerate(sizes):
        if j < len(shape) and (shape[j] == size or shape[j] == DYNAMIC):
            keep.append(i)
            j += 1
    return keep


def _lookup(env: dict[Value, Any], operand: Any) -> Any:
    """The run-time value of a reference's argument: a value, a group or None."""
    if operand is None:
        return None
    if isinstance(operand, tuple):
        return tuple(env[v] for v in operand)
    return env[operand]


#: The terminators the interpreter moves control with.
_TERMINATORS = frozenset(
    {
        "cf.br",
        "cf.cond_br",
        "cf.switch",
        "func.return",
        "scf.yield",
        "scf.condition",
        "ub.unreachable",
        "tf.Yield",
        "tf_executor.yield",
        "memref.atomic_yield",
        "memref.alloca_scope.return",
        "tensor.yield",
        "vector.yield",
    }
)


def execute(
    module: Operation,
    entry: str,
    args: Sequence[Any] = (),
    *,
    context: Context | None = None,
    write: Callable[[str], object] | None = None,
) -> list[Any]:
    """Call function `entry` (a `func.func` or `tfg.func`) of `module` with run-time
    values `args` (numpy arrays for tensors) and return its results; what it prints
    goes to `write` (default: nowhere). `context` (the one `module` was parsed in)
    lets `tfg` nodes find the references of the `tf` ops of their names."""
    interpreter = Interpreter(module, write or (lambda text: None), context)
    return interpreter.run(entry, args)
