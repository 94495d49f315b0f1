"""`odsgen check-patterns`: DRR patterns checked against the ops' reference implementations.

For each pattern of a set that says what it matches (the `source` DAG a generated
DRR pattern class carries), instances of the source are built as small functions:
fresh arguments of random types (integer widths, `index`, `f16`, `bf16`, `f32`,
`f64`; for ops that want tensors, small static tensors of them), random constants
(edge values among them) and random enum attributes. An
instance counts when it verifies and the pattern matches it, so the pattern's own
matcher decides which instances satisfy its constraints. The pattern rewrites a
copy, and both functions are run by `odsgen run`'s interpreter on random inputs
(0, 1, -1, the signed minimum and maximum, NaN, infinities, and random values).
The rewrite is correct on those inputs when each result refines the source's:
poison in the source allows anything, a NaN matches any NaN (MLIR leaves sign and
payload unspecified), and otherwise the values are the same bits.

A pattern is *unchecked* (never passing) when it has no source description
(hand-written patterns, `either`, variadic operands), when an op it matches or
builds has no reference implementation, or when no instance was found.

A pattern marked knowingly unsound (`KnownUnsound<"why">`: the generated class's
`unsound` attribute) is checked the same way; its counterexample is printed but
counted as *known unsound*, not failing. Such a pattern that shows no difference is
*unexpectedly passing*, and fails the run like a failing pattern (lit's XPASS): the
mark, or the checker, is wrong.
"""

from __future__ import annotations

import enum
import inspect
import io
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.ir import (
    Attribute,
    Block,
    BoolAttr,
    Context,
    DiagnosticError,
    FloatAttr,
    FloatType,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    Operation,
    PatternRewriter,
    RankedTensorType,
    Type,
    Value,
    get_property,
    parse_attribute,
    semantics,
    set_property,
    tensor_semantics,
)
from generator.ir.builder import InsertionPoint
from generator.ir.interpreter import Interpreter, InterpreterError
from generator.ir.verifier import verify

__all__ = ["PatternReport", "check_pattern", "check_sets"]

#: Instances to find per pattern, attempts to find them, and inputs per instance.
INSTANCES = 6
ATTEMPTS = 1500
INPUTS = 12
SEED = 20261126
#: Tries at types for one op of an instance.
_LOCAL_TRIES = 40

_INT_WIDTHS = (1, 3, 8, 16, 32, 64)
_FLOATS = ("f16", "bf16", "f32", "f64")
#: Tensor instances: small static shapes and the element types tensor values have.
_SHAPES = ((2, 3), (4,), ())
_TENSOR_INT_WIDTHS = (1, 8, 32, 64)
_TENSOR_FLOATS = ("f16", "f32", "f64")


@dataclass
class PatternReport:
    """What checking one pattern found."""

    set_name: str
    name: str
    status: str  # "checked", "unchecked", "failing", "unsound" or "unsound-passed"
    reason: str = ""
    #: Why the pattern is knowingly unsound (`KnownUnsound`), or None.
    unsound: str | None = None
    instances: int = 0
    evaluations: int = 0
    failures: list[str] = field(default_factory=list)
    #: The first difference: the source function's text and the inputs (run-time values).
    example: tuple[str, list[Any]] | None = None
    last_inputs: list[Any] = field(default_factory=list)


def _random_type(
    rng: random.Random, hint: str | None = None, shape: tuple[int, ...] | None = None
) -> Type:
    """A random scalar type of kind `hint`; with `shape`, a tensor of that shape."""
    if shape is not None:
        kind = hint or rng.choice(["int", "float", "float"])
        if kind == "float":
            element: Type = FloatType.get(rng.choice(_TENSOR_FLOATS))
        elif kind == "i1":
            element = IntegerType.get(1)
        else:
            element = IntegerType.get(rng.choice(_TENSOR_INT_WIDTHS))
        return RankedTensorType.get(shape, element)
    kind = hint or rng.choice(["int", "int", "float", "index"])
    if kind == "float":
        return FloatType.get(rng.choice(_FLOATS))
    if kind == "index":
        return IndexType.get()
    if kind == "i1":
        return IntegerType.get(1)
    return IntegerType.get(rng.choice(_INT_WIDTHS))


def _width(type_: Type) -> int:
    return 64 if isinstance(type_, IndexType) else type_.width  # type: ignore[attr-defined]


def _int_values(bits: int) -> list[int]:
    """Edge values of a `bits`-wide integer, as unsigned bit patterns."""
    mask = (1 << bits) - 1
    top = 1 << (bits - 1)
    return sorted({0, 1 & mask, mask, top, (top - 1) & mask, 2 & mask})


_FLOAT_EDGES = (0.0, -0.0, 1.0, -1.0, 0.5, 2.0, math.inf, -math.inf, math.nan)


def _random_value(rng: random.Random, type_: Type, edges: bool) -> Any:
    """A run-time value of `type_` (`generator.ir.semantics`; for a tensor type, a
    numpy array as `generator.ir.tensor_semantics` holds it)."""
    if isinstance(type_, RankedTensorType):
        return _random_tensor(rng, type_, edges)
    if isinstance(type_, FloatType):
        if edges:
            return semantics.make_float(rng.choice(_FLOAT_EDGES), type_)
        return semantics.make_float(rng.uniform(-100.0, 100.0), type_)
    bits = _width(type_)
    if edges:
        return rng.choice(_int_values(bits))
    return rng.getrandbits(bits)


def _random_tensor(rng: random.Random, type_: RankedTensorType, edges: bool) -> Any:
    import numpy as np

    element = type_.element_type
    dtype = tensor_semantics.tensor_dtype(type_)
    count = math.prod(type_.shape)
    if isinstance(element, FloatType):
        floats = [
            float(_random_value(rng, element, edges and rng.random() < 0.5)) for _ in range(count)
        ]
        return np.array(floats, dtype=dtype).reshape(type_.shape)
    bits = _width(element)
    if bits == 1:
        return np.array([rng.random() < 0.5 for _ in range(count)], dtype=np.bool_).reshape(
            type_.shape
        )
    ints = [
        semantics.signed(_random_value(rng, element, edges and rng.random() < 0.5), bits)
        for _ in range(count)
    ]
    return np.array(ints, dtype=dtype).reshape(type_.shape)


def _constant_attr(rng: random.Random, type_: Type) -> Attribute | None:
    if isinstance(type_, RankedTensorType):
        attr: Attribute = tensor_semantics.to_attr(
            _random_tensor(rng, type_, rng.random() < 0.6), type_
        )
        return attr
    if isinstance(type_, FloatType):
        value = _random_value(rng, type_, rng.random() < 0.6)
        return FloatAttr.get(type_, semantics.float_to_bits(value, type_))
    if isinstance(type_, IntegerType) and type_.width == 1:
        return BoolAttr.get_bool(rng.random() < 0.5)
    if isinstance(type_, (IntegerType, IndexType)):
        value = _random_value(rng, type_, rng.random() < 0.6)
        return IntegerAttr.wrapped(type_, value)
    return None


def _constraint_kind(text: str) -> str | None:
    lowered = text.lower()
    if "bool" in lowered:
        return "i1"
    if "float" in lowered or lowered.startswith("f"):
        return "float"
    if "int" in lowered or "index" in lowered:
        return "int"
    return None


def _enum_class(cls: type[Operation], keyword: str) -> type[enum.Enum] | None:
    """The enum a builder keyword takes (`IntegerOverflowFlags` of `overflow_flags`),
    read from the annotation the generated builder spells."""
    param = inspect.signature(cls.__init__).parameters.get(keyword)
    if param is None:
        return None
    annotation = param.annotation
    names = annotation.split("|") if isinstance(annotation, str) else []
    module = sys.modules.get(cls.__module__)
    for name in names:
        found = getattr(module, name.strip(), None)
        if isinstance(found, type) and issubclass(found, enum.Enum):
            return found
    return None


def _random_enum(rng: random.Random, enum_class: type[enum.Enum]) -> object:
    members = list(enum_class)
    if issubclass(enum_class, enum.Flag):
        value = members[0]
        for member in members:
            if rng.random() < 0.4:
                value = value | member  # type: ignore[operator]
        return value
    return rng.choice(members)


class _NoInstance(Exception):
    """This attempt does not give a valid instance."""


class _Builder:
    """Builds one instance of a source DAG into a block, deterministically from a seed."""

    def __init__(self, ctx: Context, seed: int, tensors: bool = False) -> None:
        self.ctx = ctx
        self.rng = random.Random(seed)
        #: The shape of the tensor types drawn (None: scalar types).
        self.shape = self.rng.choice(_SHAPES) if tensors else None
        self.block = Block()
        self.values: dict[str, Value] = {}
        self.attrs: dict[str, Attribute] = {}

    def op_class(self, name: str) -> type[Operation]:
        cls = self.ctx.lookup_op(name)
        if cls is None:
            dialect = name.split(".", 1)[0]
            self.ctx.get_or_load_dialect(dialect)
            cls = self.ctx.lookup_op(name)
        if cls is None:
            raise _NoInstance(f"unknown op '{name}'")
        return cls

    def argument(self, hint: Type | None, constraint: str | None) -> Value:
        kind = _constraint_kind(constraint) if constraint else None
        existing = [a.type for a in self.block.args]
        r = self.rng.random()
        if hint is not None and r < 0.5:
            type_ = hint
        elif existing and r < (0.6 if self.shape else 0.8):
            type_ = self.rng.choice(existing)
        elif self.shape and r < 0.9:
            # A vector along the last dimension: broadcasting, and `tf.BiasAdd`'s bias.
            element = hint.element_type if isinstance(hint, RankedTensorType) else None
            shape, self.shape = self.shape, self.shape[-1:]
            type_ = self.random_type(kind)
            self.shape = shape
            if element is not None:
                type_ = RankedTensorType.get(self.shape[-1:], element)
        else:
            type_ = self.random_type(kind)
        return self.block.add_argument(type_)

    def random_type(self, kind: str | None = None) -> Type:
        shape = self.shape
        if shape and self.rng.random() < 0.3:
            shape = shape[-1:]  # a vector along the last dimension
        return _random_type(self.rng, kind, shape)

    def build(self, node: tuple[Any, ...], hint: Type | None) -> Operation:
        name, args = node
        cls = self.op_class(name)
        operands: list[Value] = []
        kwargs: dict[str, Any] = {}
        later: list[tuple[str, Attribute]] = []
        signature = inspect.signature(cls.__init__)
        sibling = hint
        fresh: list[Value] = []
        for arg in args:
            if arg[0] == "operand":
                _, _, bind, sub = arg
                if bind and bind in self.values:
                    value = self.values[bind]
                elif isinstance(sub, tuple):
                    built = self.build(sub, sibling)
                    if len(built.results) != 1:
                        raise _NoInstance("a nested op with other than one result")
                    value = built.results[0]
                else:
                    value = self.argument(sibling, sub)
                    fresh.append(value)
                if bind:
                    self.values.setdefault(bind, value)
                operands.append(value)
                if sibling is None or self.rng.random() < 0.5:
                    sibling = value.type
                continue
            _, prop, keyword, bind, leaf = arg
            attr: Attribute | None = self.attrs.get(bind) if bind else None
            if attr is None and leaf is not None and leaf[0] == "constant":
                attr = parse_attribute(leaf[1])
            if attr is None and (name == "arith.constant" or (prop == "value" and not operands)):
                kind = _constraint_kind(leaf[1]) if leaf is not None else None
                type_ = (
                    hint
                    if hint is not None and (kind is None or self.rng.random() < 0.7)
                    else self.random_type(kind)
                )
                attr = _constant_attr(self.rng, type_)
            if attr is not None:
                if keyword in signature.parameters:
                    kwargs[keyword] = attr
                else:
                    later.append((prop, attr))
                continue
            enum_class = _enum_class(cls, keyword) if keyword in signature.parameters else None
            if enum_class is not None:
                kwargs[keyword] = _random_enum(self.rng, enum_class)
        op = self.construct(cls, signature, operands, kwargs, later, fresh, hint)
        for arg in args:
            if arg[0] == "attr" and arg[3] and arg[3] not in self.attrs:
                value_attr = get_property(op, arg[1])
                if value_attr is not None:
                    self.attrs[arg[3]] = value_attr
        self.block.append(op)
        return op

    def construct(
        self,
        cls: type[Operation],
        signature: inspect.Signature,
        operands: list[Value],
        kwargs: dict[str, Any],
        later: list[tuple[str, Attribute]],
        fresh: list[Value],
        hint: Type | None,
    ) -> Operation:
        """The op, with result types (and the types of the arguments made for it)
        searched until it verifies: the op's verifier says which types go together."""
        rng = self.rng
        for attempt in range(_LOCAL_TRIES):
            if attempt and fresh:
                shared = self.random_type() if rng.random() < 0.5 else None
                for value in fresh:
                    value.type = shared or self.random_type()
            chosen = dict(kwargs)
            for pname, param in signature.parameters.items():
                if pname in chosen or param.kind != param.KEYWORD_ONLY:
                    continue
                if not pname.endswith("_type"):
                    continue
                r = rng.random()
                if param.default is not param.empty and r < 0.6:
                    continue  # the builder infers it
                known = [v.type for v in operands] + [a.type for a in self.block.args]
                # The type of a typed attribute (`tf.Const`'s value) is a likely result type.
                known += [
                    t
                    for t in (getattr(v, "type", None) for v in chosen.values())
                    if isinstance(t, Type)
                ]
                if hint is not None and r < 0.4:
                    chosen[pname] = hint
                elif known and r < 0.7:
                    chosen[pname] = rng.choice(known)
                else:
                    chosen[pname] = self.random_type()
            builder: Any = cls
            try:
                op: Operation = builder(*operands, **chosen)
            except (TypeError, ValueError):
                continue
            for prop, attr in later:
                set_property(op, prop, attr)
            try:
                verify(op, self.ctx, print_op_on_diagnostic=False)
            except DiagnosticError:
                op.drop_all_references()
                continue
            return op
        raise _NoInstance(f"no types for '{cls.OPERATION_NAME}' verify")


def _function(ctx: Context, name: str, block: Block, results: Sequence[Value]) -> Operation:
    func_class = ctx.lookup_op("func.func")
    return_class = ctx.lookup_op("func.return")
    assert func_class is not None
    assert return_class is not None
    # The generated builders, whose signatures the base class does not know.
    make_return: Any = return_class
    make_func: Any = func_class
    block.append(make_return(list(results)))
    function_type = FunctionType.get(
        tuple([a.type for a in block.args]), tuple([v.type for v in results])
    )
    func: Operation = make_func(sym_name=name, function_type=function_type)
    func.regions[0].add_block(block)
    return func


def _module(ctx: Context, functions: Sequence[Operation]) -> Operation:
    module_class = ctx.lookup_op("builtin.module")
    assert module_class is not None
    make_module: Any = module_class
    module: Operation = make_module()
    body = module.regions[0].blocks[0] if module.regions[0].blocks else None
    if body is None:
        body = Block()
        module.regions[0].add_block(body)
    for f in functions:
        body.append(f)
    return module


def _ops_without_reference(block: Block) -> list[str]:
    missing = []
    for op in block.ops:
        if op.name in ("func.return",):
            continue
        if not callable(getattr(type(op), "reference", None)):
            missing.append(op.name)
    return missing


def _op_names(node: tuple[Any, ...]) -> list[str]:
    names = [node[0]]
    for arg in node[1]:
        if arg[0] == "operand" and isinstance(arg[3], tuple):
            names += _op_names(arg[3])
    return names


def _has_reference(ctx: Context, name: str) -> bool:
    cls = ctx.lookup_op(name)
    if cls is None:
        ctx.get_or_load_dialect(name.split(".", 1)[0])
        cls = ctx.lookup_op(name)
    return cls is not None and callable(getattr(cls, "reference", None))


def _refines(source: Any, result: Any, type_: Type) -> bool:
    """Whether the rewritten value `result` is allowed where the source gave `source`."""
    if source is semantics.POISON:
        return True
    if result is semantics.POISON:
        return False
    if isinstance(type_, RankedTensorType):
        import numpy as np

        expected, got = np.asarray(source), np.asarray(result)
        if expected.shape != got.shape:
            return False
        element = type_.element_type
        return all(
            _refines(e, g, element)
            for e, g in zip(expected.ravel().tolist(), got.ravel().tolist(), strict=True)
        )
    if isinstance(type_, FloatType):
        if math.isnan(float(source)):
            return math.isnan(float(result))
        return bool(
            semantics.float_to_bits(source, type_) == semantics.float_to_bits(result, type_)
        )
    return bool(int(source) == int(result))


def _show(value: Any, type_: Type) -> str:
    if value is semantics.POISON:
        return "poison"
    if isinstance(type_, RankedTensorType):
        import numpy as np

        return "dense<" + str(np.asarray(value).tolist()) + ">"
    if isinstance(type_, FloatType):
        return repr(float(value))
    if isinstance(type_, (IntegerType, IndexType)):
        bits = _width(type_)
        signed = semantics.signed(int(value), bits) if bits > 1 else int(value)
        return str(signed) if signed >= 0 or bits == 1 else f"{signed} ({int(value)})"
    return str(value)


def _instance_text(module: Operation) -> str:
    from generator.ir.printer import print_operation

    try:
        return print_operation(module, generic=False)
    except Exception:
        return print_operation(module, generic=True)


def check_pattern(ctx: Context, set_name: str, pattern: Any, *, seed: int = SEED) -> PatternReport:
    """Check one pattern (a class or an instance) against the references."""
    cls = pattern if isinstance(pattern, type) else type(pattern)
    report = _check_pattern(ctx, set_name, pattern, seed)
    unsound = getattr(cls, "unsound", None)
    if isinstance(unsound, str):
        report.unsound = unsound
        if report.status == "failing":
            report.status = "unsound"
        elif report.status == "checked":
            report.status = "unsound-passed"
    return report


def _check_pattern(ctx: Context, set_name: str, pattern: Any, seed: int) -> PatternReport:
    cls = pattern if isinstance(pattern, type) else type(pattern)
    name = getattr(cls, "__name__", repr(pattern))
    report = PatternReport(set_name, name, "unchecked")
    source = getattr(cls, "source", None)
    if not isinstance(source, tuple):
        report.reason = "no source DAG (a hand-written pattern, `either` or variadic operands)"
        return report
    lacking = sorted({n for n in _op_names(source) if not _has_reference(ctx, n)})
    if lacking:
        report.reason = "no reference implementation for " + ", ".join(f"'{n}'" for n in lacking)
        return report
    instance = pattern() if isinstance(pattern, type) else pattern
    rng = random.Random(f"{seed}:{set_name}:{name}")
    missing: set[str] = set()
    matched_without_reference = False
    unevaluable = 0
    seen: set[str] = set()
    for attempt in range(ATTEMPTS):
        if report.instances >= INSTANCES:
            break
        attempt_seed = rng.getrandbits(64)
        # Tensor instances, for patterns whose ops want tensors, once a third of the
        # attempts found no scalar instance.
        tensors = attempt >= ATTEMPTS // 3 and not report.instances
        try:
            before = _Builder(ctx, attempt_seed, tensors)
            root = before.build(source, None)
            after = _Builder(ctx, attempt_seed, tensors)
            root_after = after.build(source, None)
        except _NoInstance:
            continue
        f_before = _function(ctx, "source", before.block, list(root.results))
        f_after = _function(ctx, "target", after.block, list(root_after.results))
        module = _module(ctx, [f_before, f_after])
        try:
            verify(module, ctx, print_op_on_diagnostic=False)
        except DiagnosticError:
            continue
        rewriter = PatternRewriter(context=ctx)
        rewriter.insertion_point = InsertionPoint(after.block, root_after)
        try:
            matched = instance.match_and_rewrite(root_after, rewriter)
        except Exception:
            continue
        if not matched:
            continue
        try:
            verify(module, ctx, print_op_on_diagnostic=False)
        except DiagnosticError as e:
            report.status = "failing"
            message = "; ".join(d.message for d in e.diagnostics)
            report.failures.append(
                f"the rewritten function does not verify: {message}\n" + _instance_text(module)
            )
            break
        lacking = _ops_without_reference(before.block) + _ops_without_reference(after.block)
        if lacking:
            missing.update(lacking)
            matched_without_reference = True
            continue
        text = _instance_text(module)
        if text in seen:
            continue
        seen.add(text)
        evaluated = report.evaluations
        failure = _evaluate(module, before.block, report, rng)
        # An instance no input evaluates (a `tf.BiasAdd` whose bias is not 1-D) does
        # not count: another is looked for.
        if report.evaluations > evaluated or failure is not None:
            report.instances += 1
        else:
            unevaluable += 1
        if failure is not None:
            report.example = (_instance_text(f_before), list(report.last_inputs))
            report.status = "failing"
            report.failures.append(failure + "\n" + text)
            break
    if report.status == "failing":
        return report
    if report.evaluations:
        report.status = "checked"
    elif matched_without_reference:
        report.reason = "no reference implementation for " + ", ".join(
            f"'{n}'" for n in sorted(missing)
        )
    elif unevaluable:
        report.reason = "every input made the source fail to evaluate"
    else:
        report.reason = f"no instance the pattern matches in {ATTEMPTS} attempts"
    return report


def _evaluate(
    module: Operation,
    block: Block,
    report: PatternReport,
    rng: random.Random,
) -> str | None:
    """Run both functions on random inputs; a description of the first difference."""
    out = io.StringIO()
    interpreter = Interpreter(module, out.write)
    types = [a.type for a in block.args]
    terminator = block.last_op
    assert terminator is not None
    result_types = [v.type for v in terminator.operands]
    for k in range(INPUTS):
        args = [_random_value(rng, t, edges=k < INPUTS // 2 or rng.random() < 0.3) for t in types]
        report.last_inputs = args
        try:
            expected = interpreter.run("source", args)
        except InterpreterError:
            continue
        try:
            got = interpreter.run("target", args)
        except InterpreterError as e:
            return f"inputs ({_inputs(args, types)}): the rewritten function fails: {e.message}"
        report.evaluations += 1
        for i, (e_value, g_value, type_) in enumerate(
            zip(expected, got, result_types, strict=True)
        ):
            if not _refines(e_value, g_value, type_):
                return (
                    f"inputs ({_inputs(args, types)}): result #{i} ({type_}) is "
                    f"{_show(e_value, type_)} before the rewrite and {_show(g_value, type_)} "
                    "after it"
                )
    return None


def _inputs(args: Sequence[Any], types: Sequence[Type]) -> str:
    return ", ".join(
        f"%arg{i} = {_show(a, t)} : {t}" for i, (a, t) in enumerate(zip(args, types, strict=True))
    )


def check_sets(
    ctx: Context, names: Sequence[str], write: Callable[[str], object], *, seed: int = SEED
) -> tuple[list[PatternReport], bool]:
    """Check every pattern of the sets `names`; the reports, and whether none failed."""
    reports: list[PatternReport] = []
    for set_name in names:
        entries = ctx.pattern_set(set_name)
        checked = unchecked = failing = unsound = unsound_passed = 0
        for entry in entries:
            report = check_pattern(ctx, set_name, entry, seed=seed)
            reports.append(report)
            if report.status == "checked":
                checked += 1
            elif report.status in ("failing", "unsound"):
                if report.status == "failing":
                    failing += 1
                    write(f"FAIL {set_name}: {report.name}\n")
                else:
                    unsound += 1
                    write(f"known unsound {set_name}: {report.name} ({report.unsound})\n")
                for failure in report.failures:
                    write("  " + failure.replace("\n", "\n  ").rstrip() + "\n")
            elif report.status == "unsound-passed":
                unsound_passed += 1
                write(
                    f"UNEXPECTEDLY PASSING {set_name}: {report.name}: marked unsound "
                    f"({report.unsound}) but no input gave a different result\n"
                )
            else:
                unchecked += 1
                write(f"unchecked {set_name}: {report.name}: {report.reason}\n")
        write(
            f"{set_name}: {len(entries)} patterns, {checked} checked, "
            f"{unchecked} unchecked, {failing} failing, {unsound} known unsound"
            + (f", {unsound_passed} unexpectedly passing" if unsound_passed else "")
            + "\n"
        )
    return reports, not any(r.status in ("failing", "unsound-passed") for r in reports)
