"""Test cases derived from the specs themselves, for every op of a dialect.

For each op this module finds a valid instance by search: every operand, result
and attribute gets candidates from a pool of types and attributes, filtered by
the op's own generated constraint functions (the same `ConstraintTable` the
generator used names them), and combinations are tried until the generated
verifier accepts one. Ops that need a parent (`HasParent`) are built inside an
instance of that parent, found the same way. From a valid instance the tests
then break each declared constraint in turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import generated
from generator.emit.enums import reference_infos
from generator.emit.predicates import ConstraintTable
from generator.ir import Attribute, Block, Operation, StringAttr, Type
from generator.ir.parser import parse_attribute, parse_source, parse_type
from generator.ir.source import SourceFile
from generator.naming import class_name_from_def, sanitize_name, snake_case
from generator.spec.model import DialectDef, OpDef

TYPE_POOL_TEXT = [
    "i32",
    "i1",
    "i64",
    "index",
    "f32",
    "i8",
    "i16",
    "f64",
    "f16",
    "bf16",
    "si32",
    "ui32",
    "none",
    "vector<4xi32>",
    "vector<4xi1>",
    "vector<4xf32>",
    "vector<4xi64>",
    "tensor<4xi32>",
    "tensor<4xi1>",
    "tensor<4xf32>",
    "tensor<?xi64>",
    "tensor<*xi32>",
    "memref<4xf32>",
    "complex<f32>",
    "() -> ()",
    "(i32) -> i32",
    "!ml_program.token",
    "!tf_executor.control",
    "!tf_executor.token",
    "memref<f32>",
    "memref<1xf32, strided<[1], offset: 1>>",
    # Last, so that it changes no earlier choice: a one-element tensor, which an op
    # taking one operand per element (`tensor.from_elements`) can be built with.
    "tensor<1xi32>",
]

ATTR_POOL_TEXT = [
    '"private"',
    "unit",
    "true",
    "1 : i32",
    "1 : i64",
    "0 : i64",
    "1 : index",
    "1 : i1",
    "1.000000e+00 : f32",
    "1.000000e+00 : f64",
    "i32",
    "() -> ()",
    "(i32) -> i32",
    "@sym",
    "@gsym",
    "@csym",
    "@sym::@nested",
    "[]",
    "[1 : i32]",
    "{}",
    "array<i32>",
    "array<i32: 1>",
    "array<i64: 1>",
    "array<i64>",
    "dense<1> : tensor<1xi32>",
    "dense<1> : vector<4xi32>",
    "dense<1.000000e+00> : tensor<4xf32>",
    "affine_map<(d0) -> (d0)>",
    "affine_set<(d0) : (d0 >= 0)>",
    '"x"',
]


def type_pool() -> list[Type]:
    """The candidate types, simplest first."""
    ctx = generated.context()
    return [parse_type(t, ctx) for t in TYPE_POOL_TEXT]


def attr_pool(extra: list[Attribute]) -> list[Attribute]:
    """The candidate attributes, simplest first, plus the dialect's own (enum cases)."""
    ctx = generated.context()
    return [parse_attribute(t, ctx) for t in ATTR_POOL_TEXT] + extra


@dataclass
class OpInfo:
    """One op of a dialect with its generated class and constraint functions."""

    dialect: DialectDef
    op: OpDef
    cls: type[Operation]
    operand_checks: list[Any]
    result_checks: list[Any]
    summaries: dict[str, str]

    @property
    def name(self) -> str:
        """The op name."""
        return f"{self.dialect.name}.{self.op.mnemonic}"


def py_name(name: str) -> str:
    """The Python accessor and parameter name of a spec name."""
    return sanitize_name(snake_case(name))


def op_infos(dialect: DialectDef, ops_module: ModuleType) -> list[OpInfo]:
    """Every op of the dialect, with its class and constraint check functions."""
    table = ConstraintTable(refs=reference_infos(dialect), summaries=dialect.def_summaries())
    infos = []
    for op in sorted(dialect.ops, key=lambda o: o.mnemonic):
        cls = getattr(ops_module, class_name_from_def(op.def_name))

        def check(c: Any) -> Any:
            name = table.type_check(c)
            return None if name is None else getattr(ops_module, name)

        # Attributes first, in the order the generator visits them, so the table
        # numbers the functions exactly as in the generated module.
        for a in op.attributes:
            if a.derived is None:
                table.attr_check(a.type)
        infos.append(
            OpInfo(
                dialect,
                op,
                cls,
                [check(o.type) for o in op.operands],
                [check(r.type) for r in op.results],
                dialect.def_summaries(),
            )
        )
    return infos


@dataclass
class Instance:
    """A built op and the choices it was built from."""

    op: Operation
    operand_types: list[list[Type]]
    result_types: list[list[Type]]
    attrs: dict[str, Attribute]
    root: Operation
    """The outermost op built (the op itself, or the parent holding it)."""
    holder: Operation
    """An unregistered op whose entry block holds `root` (and its operands' arguments)."""
    blocks: list[Block] = field(default_factory=list)


def _candidates(check: Any, pool: list[Type]) -> list[Type]:
    return [t for t in pool if check is None or check(t)]


def _attr_candidates(info: OpInfo, name: str, pool: list[Attribute]) -> list[Attribute]:
    return [a for a in pool if info.cls.check_inherent_attr(name, a) is None]


def build(
    info: OpInfo,
    operand_types: list[list[Type]],
    result_types: list[list[Type]],
    attrs: dict[str, Attribute],
    block: Block,
    successors: list[Block],
) -> Operation:
    """Build the op through its generated builder, with arguments of `block` as operands."""
    args: list[Any] = []
    for o, types in zip(info.op.operands, operand_types, strict=True):
        values = [block.add_argument(t) for t in types]
        if o.variadicity == "single":
            args.append(values[0])
        elif o.variadicity == "optional":
            args.append(values[0] if values else None)
        elif o.variadicity == "variadic_of_variadic":
            args.append([values] if values else [])
        else:
            args.append(values)
    # Sub-range sizes of `VariadicOfVariadic` groups are computed by the builder.
    computed = {o.segment_attr for o in info.op.operands if o.segment_attr is not None}
    kwargs: dict[str, Any] = {py_name(k): v for k, v in attrs.items() if k not in computed}
    for i, (r, types) in enumerate(zip(info.op.results, result_types, strict=True)):
        base = snake_case(r.name or f"result_{i}")
        if r.variadicity == "variadic":
            kwargs[f"{base}_types"] = types
        else:
            kwargs[f"{base}_type"] = types[0] if types else None
    for s, succ in zip(info.op.successors, successors, strict=False):
        kwargs[py_name(s.name)] = [succ] if s.variadic else succ
    for s in info.op.successors[len(successors) :]:
        kwargs[py_name(s.name)] = []
    op = info.cls(*args, **kwargs)  # the builder adds the blocks sized regions need
    block.append(op)
    return op


def _group_sizes(variadicity: str) -> list[int]:
    return [1] if variadicity == "single" else [0, 1]


def _attr_choices(info: OpInfo, pool: list[Attribute]) -> Iterator[dict[str, Attribute]]:
    stored = [a for a in info.op.attributes if a.derived is None]
    options: list[list[Attribute | None]] = []
    for a in stored:
        cands: list[Attribute | None] = list(_attr_candidates(info, a.name, pool))[:4]
        if a.is_optional or a.default is not None:
            cands = [None, *cands]
        options.append(cands)
    for combo in itertools.islice(itertools.product(*options), 64):
        yield {a.name: v for a, v in zip(stored, combo, strict=True) if v is not None}


#: The choices that built a valid instance of an op, by op name and search budget
#: (None: the search found none). Ops nested in a parent search for the parent once
#: per candidate of their own, so without this the searches multiply.
_FOUND: dict[
    tuple[str, int],
    tuple[list[list[Type]], list[list[Type]], dict[str, Attribute]] | None,
] = {}


def find_valid(info: OpInfo, infos: dict[str, OpInfo], budget: int = 3000) -> Instance | None:
    """Search for a valid instance of the op (see the module docstring).

    Each call builds a new instance; the choices that worked are remembered, so a
    later call for the same op builds from them without searching again."""
    key = (info.name, budget)
    if key in _FOUND:
        choices = _FOUND[key]
        return None if choices is None else _try(info, infos, *choices)
    instance = _search_valid(info, infos, budget)
    _FOUND[key] = (
        None
        if instance is None
        else (instance.operand_types, instance.result_types, instance.attrs)
    )
    return instance


def _search_valid(info: OpInfo, infos: dict[str, OpInfo], budget: int) -> Instance | None:
    pool = type_pool()
    enum_attrs: list[Attribute] = [
        cls.get(next(iter(cls.KEYWORDS.values()))) for cls in _dialect_attr_classes(info)
    ]
    # A string enum is stored as a plain string attribute holding a case.
    enum_attrs += [
        StringAttr.get(e.cases[0].text) for e in info.dialect.enums if e.kind == "string"
    ]
    apool = attr_pool(enum_attrs)
    groups = [
        (o.variadicity, c) for o, c in zip(info.op.operands, info.operand_checks, strict=True)
    ]
    groups += [(r.variadicity, c) for r, c in zip(info.op.results, info.result_checks, strict=True)]
    n_operands = len(info.op.operands)
    size_options = [_group_sizes(v) for v, _ in groups]
    tried = 0
    for sizes in itertools.product(*size_options):
        slots = [
            (i, check)
            for i, ((_, check), size) in enumerate(zip(groups, sizes, strict=True))
            for _ in range(size)
        ]
        # Few slots: try every type; many: the simplest few each (the search multiplies).
        cap = len(pool) if len(slots) <= 2 else 8
        per_slot = [_candidates(check, pool)[:cap] for _, check in slots]
        if any(not c for c in per_slot):
            continue
        for attrs in _attr_choices(info, apool):
            for combo in _type_combos(per_slot):
                tried += 1
                if tried > budget:
                    return None
                types: list[list[Type]] = [[] for _ in groups]
                for (group, _), t in zip(slots, combo, strict=True):
                    types[group].append(t)
                instance = _try(info, infos, types[:n_operands], types[n_operands:], attrs)
                if instance is not None:
                    return instance
    return None


def _type_combos(per_slot: list[list[Type]]) -> Iterator[tuple[Type, ...]]:
    """Type assignments, the all-same ones first (most ops want equal types)."""
    if not per_slot:
        yield ()
        return
    common = [t for t in per_slot[0] if all(t in c for c in per_slot[1:])]
    for t in common:
        yield tuple(t for _ in per_slot)
    yield from itertools.product(*per_slot)


#: Symbols the ops under test may reference, declared in the module holding them.
CONTEXT_SYMBOLS = (
    '"func.func"() <{function_type = () -> (), sym_name = "sym", sym_visibility = "private"}> '
    "({}) : () -> ()\n"
    '"ml_program.global"() <{is_mutable, sym_name = "gsym", sym_visibility = "private", '
    "type = i32}> : () -> ()\n"
    '"ml_program.global"() <{sym_name = "csym", sym_visibility = "private", type = i32, '
    "value = 1 : i32}> : () -> ()"
)


def _holder() -> Operation:
    """A module with the context symbols, for the op under test to go in."""
    ctx = generated.context()
    module = parse_source(SourceFile("<context>", CONTEXT_SYMBOLS), ctx)
    return module


def _dialect_attr_classes(info: OpInfo) -> list[Any]:
    from generator.ir.attr_type_base import EnumAttr

    module = __import__(info.cls.__module__.rsplit(".", 1)[0], fromlist=["_"])
    return [
        v
        for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, EnumAttr) and v is not EnumAttr
    ]


def _trait_op_name(info: OpInfo, traits: tuple[str, ...]) -> str | None:
    """The op of this dialect that the first of `traits` the op has names."""
    for trait in info.op.traits:
        if trait.name in traits and trait.args:
            arg = trait.args[0]
            ref = arg[0] if isinstance(arg, tuple) else str(arg)
            for other in info.dialect.ops:
                if ref in (other.def_name, class_name_from_def(other.def_name)):
                    return f"{info.dialect.name}.{other.mnemonic}"
    return None


def _parent_name(info: OpInfo) -> str | None:
    return _trait_op_name(info, ("HasParent", "ParentOneOf"))


def _implicit_terminator(info: OpInfo) -> str | None:
    """The terminator a `SingleBlockImplicitTerminator` op's blocks end with."""
    return _trait_op_name(info, ("SingleBlockImplicitTerminator",))


def _add_implicit_terminators(op: Operation, info: OpInfo, infos: dict[str, OpInfo]) -> None:
    """End the blocks the builder made with the op's implicit terminator, as MLIR's
    `ensureTerminator` does (the terminator built without operands)."""
    name = _implicit_terminator(info)
    if name is None or name not in infos:
        return
    for region in op.regions:
        for block in region.blocks:
            if block.last_op is None:
                try:
                    block.append(infos[name].cls())
                except TypeError:
                    return  # a terminator with operands: the block stays empty


def _try(
    info: OpInfo,
    infos: dict[str, OpInfo],
    operand_types: list[list[Type]],
    result_types: list[list[Type]],
    attrs: dict[str, Attribute],
) -> Instance | None:
    parent_name = _parent_name(info)
    parent: Operation | None = None
    holder = _holder()
    block = holder.regions[0].blocks[0]
    terminator: Operation | None = None
    if parent_name is not None and parent_name in infos:
        # Build the op inside a valid instance of its parent (which stays where the
        # parent's own search put it), emptied for it but for the terminator the
        # parent implies, unless the op is that terminator.
        found = find_valid(infos[parent_name], infos, budget=200)
        if found is None:
            return None
        parent = found.op
        holder = found.holder
        region = parent.regions[0]
        if not region.blocks:
            region.add_block(Block())
        block = region.blocks[0]
        implied = _implicit_terminator(infos[parent_name])
        if implied is not None and implied != info.name and block.last_op is not None:
            terminator = block.last_op
        while block.first_op is not terminator:
            assert block.first_op is not None
            block.first_op.erase()
    successors = [Block() for _ in info.op.successors]
    region = block.parent
    assert region is not None
    for succ in successors:
        region.add_block(succ)
    try:
        op = build(info, operand_types, result_types, attrs, block, successors)
    except (TypeError, ValueError):
        return None
    if terminator is not None:
        op.move_before(terminator)
    _add_implicit_terminators(op, info, infos)
    if op.verify_invariants() is not None:
        return None
    if parent is not None and parent.verify_invariants() is not None:
        return None
    return Instance(op, operand_types, result_types, attrs, parent or op, holder, successors)
