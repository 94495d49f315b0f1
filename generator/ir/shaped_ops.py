"""The interpreter's handlers of `vector` and `tensor` ops and of the `memref` ops that
make views, reshape or update atomically (`odsgen run`).

Each handler takes the interpreter, the call's values (keyed by SSA value) and the
op's instruction, as `generator.ir.interpreter`'s own handlers do, and stores the op's
results. Vector and tensor values are `generator.ir.vectors.Shaped`; memref values are
`generator.ir.memory.MemRef`. What MLIR leaves undefined (an access outside a memref
that no mask or `in_bounds` allows, a view outside its allocation) raises
`SemanticsError`, which the interpreter reports at the op. Where MLIR says a result is
poison (an extract at a position out of range, a shuffle index of -1), it is.

`HANDLERS` maps op names to handlers, for the interpreter's table.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from generator.ir import semantics as sem
from generator.ir.affine import AffineConstantExpr, AffineDimExpr
from generator.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    DenseArrayAttr,
    StringAttr,
)
from generator.ir.core import Operation, Value
from generator.ir.memory import MemRef, numpy_dtype
from generator.ir.semantics import POISON, SemanticsError, signed
from generator.ir.types import DYNAMIC, FloatType, ShapedType, Type
from generator.ir.vectors import Shaped, as_shaped, format_scalar, format_vector

__all__ = ["HANDLERS"]

Handler = Callable[[Any, dict[Value, Any], tuple[Any, ...]], None]


# -- helpers ---------------------------------------------------------------------------


def _ints(attr: Any) -> list[int]:
    """The integers of a dense array, an array of integer attributes, or a sequence."""
    if attr is None:
        return []
    if isinstance(attr, DenseArrayAttr):
        return [int(v) for v in attr.values]
    if isinstance(attr, ArrayAttr):
        return [int(getattr(a, "value", 0)) for a in attr.value]
    return [int(v) for v in attr]


def _index(value: Any, what: str = "index") -> int:
    if value is POISON:
        raise SemanticsError(f"{what} is poison")
    return signed(int(value), 64)


def _mixed(
    op: Operation, env: dict[Value, Any], static: str, dynamic: Sequence[Value]
) -> list[int]:
    """A list of static values with the dynamic ones (`DYNAMIC` in `static`) filled in."""
    values = iter(dynamic)
    return [
        _index(env[next(values)], static.removeprefix("static_")) if v == DYNAMIC else v
        for v in _ints(op.get_attr(static))
    ]


def _type(value: Value) -> Any:
    return value.type


def _element(type_: Any) -> Type:
    return type_.element_type if isinstance(type_, ShapedType) else type_


def _set(env: dict[Value, Any], ins: tuple[Any, ...], value: Any) -> None:
    env[ins[4][0]] = value


def _vector(env: dict[Value, Any], value: Value) -> Shaped:
    return as_shaped(env[value], value.type)


def _count(shape: Sequence[int]) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


# -- vector: building and taking apart ------------------------------------------------


def _broadcast(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = ins[3][0]
    shape = op.results[0].type.shape
    element = _element(op.results[0].type)
    if isinstance(source.type, ShapedType):
        s = _vector(env, source)
        array = np.broadcast_to(s.array, shape).copy()
        poison = None if s.poison is None else np.broadcast_to(s.poison, shape).copy()
        _set(env, ins, Shaped(array, element, poison))
    else:
        _set(env, ins, Shaped.from_scalars([env[source]] * _count(shape), shape, element))


def _from_elements(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    type_ = ins[1].results[0].type
    values = [env[v] for v in ins[3]]
    _set(env, ins, Shaped.from_scalars(values, type_.shape, type_.element_type))


def _position(op: Any, env: dict[Value, Any], shape: Sequence[int]) -> tuple[int, ...] | None:
    """An extract's or insert's position, None when out of range (poison)."""
    position = _mixed(op, env, "static_position", op.dynamic_position)
    for p, n in zip(position, shape, strict=False):
        if not 0 <= p < n:
            return None
    return tuple(position)


def _extract(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    position = _position(op, env, source.shape)
    if position is None:
        _set(env, ins, POISON)
    elif len(position) == len(source.shape):
        _set(env, ins, source.scalar(position))
    else:
        poison = None if source.poison is None else source.poison[position].copy()
        _set(env, ins, Shaped(source.array[position].copy(), source.element, poison))


def _insert(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    dest = _vector(env, op.dest)
    position = _position(op, env, dest.shape)
    if position is None:
        _set(env, ins, POISON)
        return
    stored = op.value_to_store
    array = dest.array.copy()
    poison = dest.poison_mask().copy()
    if isinstance(stored.type, ShapedType):
        value = _vector(env, stored)
        array[position] = value.array
        poison[position] = value.poison_mask()
    else:
        scalar = env[stored]
        if scalar is POISON:
            poison[position] = True
        else:
            array[position] = scalar
            poison[position] = False
    _set(env, ins, Shaped(array, dest.element, poison))


def _extract_strided_slice(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    offsets = _ints(op.offsets)
    sizes = _ints(op.sizes)
    strides = _ints(op.strides)
    index = tuple(
        slice(o, o + (n - 1) * s + 1, s) for o, n, s in zip(offsets, sizes, strides, strict=True)
    )
    poison = None if source.poison is None else source.poison[index].copy()
    _set(env, ins, Shaped(source.array[index].copy(), source.element, poison))


def _insert_strided_slice(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    value = _vector(env, op.value_to_store)
    dest = _vector(env, op.dest)
    offsets = _ints(op.offsets)
    strides = _ints(op.strides)
    lead = len(offsets) - len(strides)
    index: tuple[Any, ...] = tuple(offsets[:lead]) + tuple(
        slice(o, o + (n - 1) * s + 1, s)
        for o, n, s in zip(offsets[lead:], value.shape, strides, strict=True)
    )
    array = dest.array.copy()
    poison = dest.poison_mask().copy()
    array[index] = value.array
    poison[index] = value.poison_mask()
    _set(env, ins, Shaped(array, dest.element, poison))


def _shuffle(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    v1 = _vector(env, op.v1)
    v2 = _vector(env, op.v2)
    # A 0-D operand counts as one element.
    a = np.concatenate([v.array.reshape((-1, *v.shape[1:])) for v in (v1, v2)])
    p = np.concatenate([v.poison_mask().reshape((-1, *v.shape[1:])) for v in (v1, v2)])
    mask = _ints(op.mask)
    rows = []
    poison_rows = []
    for m in mask:
        if 0 <= m < len(a):
            rows.append(a[m])
            poison_rows.append(p[m])
        else:
            rows.append(np.zeros_like(a[0]))
            poison_rows.append(np.ones_like(p[0]))
    _set(env, ins, Shaped(np.array(rows, dtype=a.dtype), v1.element, np.array(poison_rows)))


def _shape_cast(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    shape = op.results[0].type.shape
    poison = None if source.poison is None else source.poison.reshape(shape).copy()
    _set(env, ins, Shaped(source.array.reshape(shape).copy(), source.element, poison))


def _transpose(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.vector)
    perm = _ints(op.permutation)
    poison = None if source.poison is None else source.poison.transpose(perm).copy()
    _set(env, ins, Shaped(source.array.transpose(perm).copy(), source.element, poison))


def _bits(value: Any, element: Type) -> int:
    if isinstance(element, FloatType):
        return int(sem.float_to_bits(value, element))
    return int(value)


def _bitcast(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    result_type = op.results[0].type
    to = result_type.element_type
    from_bits = _bit_width(source.element)
    to_bits = _bit_width(to)
    shape = source.shape
    rows = source.array.reshape(-1, shape[-1] if shape else 1)
    prows = source.poison_mask().reshape(rows.shape)
    out: list[Any] = []
    for row, prow in zip(rows, prows, strict=True):
        pattern = 0
        for i, (v, p) in enumerate(zip(row, prow, strict=True)):
            if not p:
                pattern |= _bits(_scalar(v, source.element), source.element) << (i * from_bits)
        count = len(row) * from_bits // to_bits
        for j in range(count):
            lo, hi = j * to_bits, (j + 1) * to_bits
            if any(prow[k] for k in range(lo // from_bits, (hi - 1) // from_bits + 1)):
                out.append(POISON)
                continue
            piece = (pattern >> lo) & ((1 << to_bits) - 1)
            out.append(sem.float_from_bits(piece, to) if isinstance(to, FloatType) else piece)
    _set(env, ins, Shaped.from_scalars(out, result_type.shape, to))


def _scalar(value: Any, element: Type) -> Any:
    if isinstance(element, FloatType):
        return float(value) if element.name == "f64" else value
    return int(value)


def _bit_width(element: Type) -> int:
    if isinstance(element, FloatType):
        return {"f64": 64, "f32": 32, "f16": 16, "bf16": 16}[element.name]
    return int(sem.width(element))


def _step(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    type_ = ins[1].results[0].type
    _set(
        env, ins, Shaped.from_scalars(list(range(type_.shape[0])), type_.shape, type_.element_type)
    )


def _fma(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    a, b, c = (_vector(env, v) for v in ins[3])
    element = a.element
    values = [
        sem.fma(x, y, z, element)
        for x, y, z in zip(a.scalars(), b.scalars(), c.scalars(), strict=True)
    ]
    _set(env, ins, Shaped.from_scalars(values, op.results[0].type.shape, element))


# -- vector: masks and reductions -----------------------------------------------------


def _mask(shape: Sequence[int], bounds: Sequence[int]) -> Shaped:
    from generator.ir.types import IntegerType

    array = np.zeros(shape, dtype=np.uint8)
    if not shape:
        # A 0-D mask has one size: whether its element is set.
        array[()] = 1 if bounds[0] > 0 else 0
        return Shaped(array, IntegerType.get(1))
    array[tuple(slice(0, max(0, min(b, n))) for b, n in zip(bounds, shape, strict=True))] = 1
    return Shaped(array, IntegerType.get(1))


def _constant_mask(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    _set(env, ins, _mask(op.results[0].type.shape, _ints(op.mask_dim_sizes)))


def _create_mask(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    bounds = [_index(env[v], "mask size") for v in ins[3]]
    _set(env, ins, _mask(op.results[0].type.shape, bounds))


_FLOAT_START = {"add": 0.0, "mul": 1.0}


def _combine(kind: str, a: Any, b: Any, element: Type) -> Any:
    if isinstance(element, FloatType):
        functions: dict[str, Callable[[Any, Any, FloatType], Any]] = {
            "add": sem.addf,
            "mul": sem.mulf,
            "minnumf": sem.minnumf,
            "maxnumf": sem.maxnumf,
            "minimumf": sem.minimumf,
            "maximumf": sem.maximumf,
        }
        fn = functions.get(kind)
        if fn is None:
            raise SemanticsError(f"reduction <{kind}> of '{element}'")
        return fn(a, b, element)
    bits = sem.width(element)
    if kind == "add":
        return sem.addi(a, b, bits)
    if kind == "mul":
        return sem.muli(a, b, bits)
    if kind == "minsi":
        return sem.mins(a, b, bits)
    if kind == "maxsi":
        return sem.maxs(a, b, bits)
    if kind == "minui":
        return sem.minu(a, b)
    if kind == "maxui":
        return sem.maxu(a, b)
    if kind == "and":
        return sem.andi(a, b)
    if kind == "or":
        return sem.ori(a, b)
    if kind == "xor":
        return sem.xori(a, b)
    raise SemanticsError(f"reduction <{kind}> of '{element}'")


def _reduction(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    vector = _vector(env, op.vector)
    kind = op.kind.name.lower()
    element = vector.element
    acc_value = op.acc
    acc = None if acc_value is None else env[acc_value]
    values = vector.scalars()
    mask = _active_mask(interp)
    if mask is not None:
        values = [v for v, on in zip(values, _mask_bits(mask), strict=True) if on]
        if not values:
            if acc is None:
                raise SemanticsError("a masked reduction of no element without an accumulator")
            _set(env, ins, acc)
            return
    if isinstance(element, FloatType) and kind in _FLOAT_START:
        # LLVM's ordered `vector.reduce.fadd` / `fmul`: from the accumulator (or
        # +0.0 / 1.0), one element at a time.
        result = acc if acc is not None else sem.make_float(_FLOAT_START[kind], element)
        for v in values:
            result = _combine(kind, result, v, element)
    else:
        result = values[0]
        for v in values[1:]:
            result = _combine(kind, result, v, element)
        if acc is not None:
            result = _combine(kind, result, acc, element)
    _set(env, ins, result)


def _active_mask(interp: Any) -> Shaped | None:
    """The mask of the `vector.mask` the op runs in, if any."""
    masks: list[Shaped] = getattr(interp, "vector_masks", [])
    return masks[-1] if masks else None


def _mask_bits(mask: Shaped) -> list[bool]:
    bits = mask.scalars()
    if any(b is POISON for b in bits):
        raise SemanticsError("mask is poison")
    return [bool(b) for b in bits]


_MASKABLE = frozenset({"vector.reduction", "vector.transfer_read", "vector.transfer_write"})


def _vector_mask(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    """`vector.mask`: the op of its region with the mask switching off lanes (their
    result is the passthru's, where one is given)."""
    op = ins[1]
    block = op.regions[0].blocks[0]
    masked = next(iter(block.ops))
    if masked.name not in _MASKABLE:
        raise SemanticsError(f"'vector.mask' of '{masked.name}' is not supported")
    mask = _vector(env, op.mask)
    if not hasattr(interp, "vector_masks"):
        interp.vector_masks = []
    interp.vector_masks.append(mask)
    try:
        values = interp._region(op.regions[0], [], env)
    finally:
        interp.vector_masks.pop()
    passthru = op.passthru
    if passthru is not None and values and isinstance(values[0], Shaped):
        result = values[0]
        other = _vector(env, passthru)
        on = np.array(_mask_bits(mask)).reshape(mask.shape)
        array = np.where(on, result.array, other.array)
        poison = np.where(on, result.poison_mask(), other.poison_mask())
        values = [Shaped(array, result.element, poison), *values[1:]]
    for r, v in zip(ins[4], values, strict=True):
        env[r] = v


# -- vector: gathers, scatters, compressed memory, products --------------------------


def _lane_index(base: MemRef, start: Sequence[int], offset: int) -> list[int]:
    """The indices of `base` at `start` moved by `offset` along the last dimension."""
    index = list(start)
    index[-1] += offset
    return _as_unsigned(index)


def _gather(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    start = _indices(env, op.offsets)
    offsets = _vector(env, op.indices)
    bits = sem.width(offsets.element)
    mask = _vector(env, op.mask)
    pass_thru = _vector(env, op.pass_thru)
    type_ = op.results[0].type
    values = []
    for p in itertools.product(*(range(n) for n in type_.shape)):
        on = mask.scalar(p)
        if on is POISON:
            values.append(POISON)
        elif on:
            values.append(base.load(_lane_index(base, start, _index_of(offsets, p, bits))))
        else:
            values.append(pass_thru.scalar(p))
    _set(env, ins, Shaped.from_scalars(values, type_.shape, type_.element_type))


def _index_of(offsets: Shaped, p: tuple[int, ...], bits: int) -> int:
    value = offsets.scalar(p)
    if value is POISON:
        raise SemanticsError("index is poison")
    return signed(int(value), bits)


def _scatter(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    start = _indices(env, op.offsets)
    offsets = _vector(env, op.indices)
    bits = sem.width(offsets.element)
    mask = _vector(env, op.mask)
    value = _vector(env, op.value_to_store)
    # Lane by lane, so that of two lanes at one place the later one's value stays.
    for p in itertools.product(*(range(n) for n in value.shape)):
        on = mask.scalar(p)
        if on is POISON:
            raise SemanticsError("mask is poison")
        if on:
            base.store(value.scalar(p), _lane_index(base, start, _index_of(offsets, p, bits)))


def _expand_load(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    start = _indices(env, op.indices)
    mask = _vector(env, op.mask)
    pass_thru = _vector(env, op.pass_thru)
    type_ = op.results[0].type
    values = []
    taken = 0
    for i in range(type_.shape[0]):
        on = mask.scalar((i,))
        if on is POISON:
            raise SemanticsError("mask is poison")
        if on:
            values.append(base.load(_lane_index(base, start, taken)))
            taken += 1
        else:
            values.append(pass_thru.scalar((i,)))
    _set(env, ins, Shaped.from_scalars(values, type_.shape, type_.element_type))


def _compress_store(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    start = _indices(env, op.indices)
    mask = _vector(env, op.mask)
    value = _vector(env, op.value_to_store)
    stored = 0
    for i in range(value.shape[0]):
        on = mask.scalar((i,))
        if on is POISON:
            raise SemanticsError("mask is poison")
        if on:
            base.store(value.scalar((i,)), _lane_index(base, start, stored))
            stored += 1


def _product(kind: str, a: Any, b: Any, acc: Any, element: Type) -> Any:
    """`a * b` combined with `acc` by `kind`: a fused multiply-add for floats added
    (as MLIR lowers `vector.outerproduct`), else the product rounded, then combined."""
    if acc is None:
        return _combine("mul", a, b, element)
    if kind == "add" and isinstance(element, FloatType):
        return sem.fma(a, b, acc, element)
    return _combine(kind, _combine("mul", a, b, element), acc, element)


def _outer_product(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    lhs = _vector(env, op.lhs)
    rhs_value = op.rhs
    type_ = op.results[0].type
    element = type_.element_type
    kind = op.kind.name.lower()
    acc_value = op.acc
    acc = None if acc_value is None else _vector(env, acc_value)
    values = []
    for p in itertools.product(*(range(n) for n in type_.shape)):
        a = lhs.scalar(p[:1])
        if isinstance(rhs_value.type, ShapedType):
            b = _vector(env, rhs_value).scalar(p[1:])
        else:
            b = env[rhs_value]
        values.append(_product(kind, a, b, None if acc is None else acc.scalar(p), element))
    _set(env, ins, Shaped.from_scalars(values, type_.shape, element))


def _interleave(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    lhs = _vector(env, op.lhs)
    rhs = _vector(env, op.rhs)
    shape = op.results[0].type.shape
    array = np.stack([lhs.array, rhs.array], axis=-1).reshape(shape)
    poison = np.stack([lhs.poison_mask(), rhs.poison_mask()], axis=-1).reshape(shape)
    _set(env, ins, Shaped(array, lhs.element, poison))


def _deinterleave(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    poison = source.poison_mask()
    for k, r in enumerate(ins[4]):
        env[r] = Shaped(source.array[..., k::2].copy(), source.element, poison[..., k::2].copy())


def _to_elements(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    source = _vector(env, ins[3][0])
    for r, v in zip(ins[4], source.scalars(), strict=True):
        env[r] = v


def _multi_reduction(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    kind = op.kind.name.lower()
    dims = set(_ints(op.reduction_dims))
    element = source.element
    acc_type = op.acc.type
    acc = env[op.acc]
    kept = [d for d in range(len(source.shape)) if d not in dims]
    reduced = sorted(dims)
    results = []
    for out in itertools.product(*(range(source.shape[d]) for d in kept)):
        total = as_shaped(acc, acc_type).scalar(out) if isinstance(acc_type, ShapedType) else acc
        # From the accumulator, over the reduced positions in row-major order, as the
        # lowering's chain of elementwise combinations does.
        for r in itertools.product(*(range(source.shape[d]) for d in reduced)):
            index = [0] * len(source.shape)
            for d, i in zip(kept, out, strict=True):
                index[d] = i
            for d, i in zip(reduced, r, strict=True):
                index[d] = i
            total = _combine(kind, total, source.scalar(tuple(index)), element)
        results.append(total)
    if isinstance(acc_type, ShapedType):
        _set(env, ins, Shaped.from_scalars(results, acc_type.shape, element))
    else:
        _set(env, ins, results[0])


def _contract(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    lhs = _vector(env, op.lhs)
    rhs = _vector(env, op.rhs)
    acc_type = op.acc.type
    acc = env[op.acc]
    kind = op.kind.name.lower()
    maps = [m.value for m in getattr(op.get_attr("indexing_maps"), "value", ())]
    iterators = [str(a) for a in getattr(op.get_attr("iterator_types"), "value", ())]
    positions = []
    for m in maps:
        dims = []
        for expr in m.results:
            if not isinstance(expr, AffineDimExpr):
                raise SemanticsError(f"indexing map {m} is not supported")
            dims.append(expr.position)
        positions.append(dims)
    # The extent of each iteration dimension, from the operands it indexes.
    extent: dict[int, int] = {}
    for dims, shape in ((positions[0], lhs.shape), (positions[1], rhs.shape)):
        for d, n in zip(dims, shape, strict=True):
            extent[d] = n
    parallel = [d for d in range(len(iterators)) if "reduction" not in iterators[d]]
    reduction = [d for d in range(len(iterators)) if "reduction" in iterators[d]]
    acc_shaped = as_shaped(acc, acc_type) if isinstance(acc_type, ShapedType) else None
    element = lhs.element
    results: dict[tuple[int, ...], Any] = {}
    for out in itertools.product(*(range(extent[d]) for d in parallel)):
        point = dict(zip(parallel, out, strict=True))
        acc_index = tuple(point[d] for d in positions[2])
        initial = acc if acc_shaped is None else acc_shaped.scalar(acc_index)
        products = []
        for r in itertools.product(*(range(extent[d]) for d in reduction)):
            point.update(zip(reduction, r, strict=True))
            a = lhs.scalar(tuple(point[d] for d in positions[0]))
            b = rhs.scalar(tuple(point[d] for d in positions[1]))
            products.append(_combine("mul", a, b, element))
        if isinstance(element, FloatType) and kind in _FLOAT_START and products:
            # As the lowering to dot products computes it: the products reduced in
            # order from +0.0 (1.0), then combined with the accumulator.
            total = sem.make_float(_FLOAT_START[kind], element)
            for v in products:
                total = _combine(kind, total, v, element)
            results[acc_index] = _combine(kind, total, initial, element)
            continue
        total = initial
        for v in products:
            total = _combine(kind, total, v, element)
        results[acc_index] = total
    if acc_shaped is None:
        _set(env, ins, next(iter(results.values())))
        return
    shape = acc_shaped.shape
    values = [results[p] for p in itertools.product(*(range(n) for n in shape))]
    _set(env, ins, Shaped.from_scalars(values, shape, acc_shaped.element))


# -- vector: memory -----------------------------------------------------------------


def _indices(env: dict[Value, Any], values: Sequence[Value]) -> list[int]:
    return [_index(env[v]) for v in values]


def _element_positions(base_rank: int, start: Sequence[int], shape: Sequence[int]) -> Any:
    """For each position of a vector of `shape` read from the trailing dimensions of a
    memref at `start`: the vector position and the memref indices."""
    lead = base_rank - len(shape)
    for p in itertools.product(*(range(n) for n in shape)):
        index = list(start)
        for j, q in enumerate(p):
            index[lead + j] += q
        yield p, index


def _as_unsigned(index: Sequence[int]) -> list[int]:
    return [i & ((1 << 64) - 1) for i in index]


def _load(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    type_ = op.results[0].type
    start = _indices(env, op.indices)
    # MLIR leaves the value of an element read out of bounds undefined: poison here.
    values = [
        base.load(_as_unsigned(i)) if _inside(base, i) else POISON
        for _, i in _element_positions(base.rank, start, type_.shape)
    ]
    _set(env, ins, Shaped.from_scalars(values, type_.shape, type_.element_type))


def _inside(base: MemRef, index: Sequence[int]) -> bool:
    return all(0 <= i < n for i, n in zip(index, base.sizes, strict=True))


def _store(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    value = _vector(env, op.value_to_store)
    base: MemRef = env[op.base]
    start = _indices(env, op.indices)
    for p, i in _element_positions(base.rank, start, value.shape):
        base.store(value.scalar(p), _as_unsigned(i))


def _masked_load(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    type_ = op.results[0].type
    mask = _vector(env, op.mask)
    pass_thru = _vector(env, op.pass_thru)
    start = _indices(env, op.indices)
    values = []
    for p, i in _element_positions(base.rank, start, type_.shape):
        on = mask.scalar(p)
        if on is POISON:
            values.append(POISON)
        elif on:
            values.append(base.load(_as_unsigned(i)))
        else:
            values.append(pass_thru.scalar(p))
    _set(env, ins, Shaped.from_scalars(values, type_.shape, type_.element_type))


def _masked_store(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    base: MemRef = env[op.base]
    value = _vector(env, op.value_to_store)
    mask = _vector(env, op.mask)
    start = _indices(env, op.indices)
    for p, i in _element_positions(base.rank, start, value.shape):
        on = mask.scalar(p)
        if on is POISON:
            raise SemanticsError("mask is poison")
        if on:
            base.store(value.scalar(p), _as_unsigned(i))


class _Source:
    """What a transfer reads or writes: a memref, or a tensor (copied on write)."""

    def __init__(self, value: Any) -> None:
        self.memref = value if isinstance(value, MemRef) else None
        self.tensor = value if isinstance(value, Shaped) else None
        if self.tensor is not None:
            self.array = self.tensor.array.copy()
            self.poison = self.tensor.poison_mask().copy()
        self.sizes: tuple[int, ...] = self.memref.sizes if self.memref is not None else value.shape

    def inside(self, index: Sequence[int], dim: int) -> bool:
        return 0 <= index[dim] < self.sizes[dim]

    def read(self, index: Sequence[int]) -> Any:
        if self.memref is not None:
            return self.memref.load(_as_unsigned(index))
        self._check(index)
        t = tuple(index)
        assert self.tensor is not None
        if self.poison[t]:
            return POISON
        return _scalar(self.array[t], self.tensor.element)

    def write(self, value: Any, index: Sequence[int]) -> None:
        if self.memref is not None:
            self.memref.store(value, _as_unsigned(index))
            return
        self._check(index)
        t = tuple(index)
        if value is POISON:
            self.poison[t] = True
        else:
            self.array[t] = value
            self.poison[t] = False

    def _check(self, index: Sequence[int]) -> None:
        for axis, (i, n) in enumerate(zip(index, self.sizes, strict=True)):
            if not 0 <= i < n:
                raise SemanticsError(f"index {i} is out of bounds for dimension {axis} of size {n}")


def _transfer_dims(op: Any, rank: int, vector_rank: int) -> list[int | None]:
    """The source dimension each vector dimension runs along (None: broadcast)."""
    attr = op.get_attr("permutation_map")
    if not isinstance(attr, AffineMapAttr):
        return [rank - vector_rank + j for j in range(vector_rank)]
    dims: list[int | None] = []
    for expr in attr.value.results:
        if isinstance(expr, AffineDimExpr):
            dims.append(expr.position)
        elif isinstance(expr, AffineConstantExpr) and expr.value == 0:
            dims.append(None)
        else:
            raise SemanticsError(f"permutation map {attr.value} is not supported")
    return dims


def _transfer(
    interp: Any, op: Any, env: dict[Value, Any], source: _Source, shape: Sequence[int]
) -> Any:
    """For each vector position of a transfer: the position, the source indices, and
    whether the element is transferred (inside the source and not masked off)."""
    dims = _transfer_dims(op, len(source.sizes), len(shape))
    in_bounds = [
        bool(getattr(a, "value", False)) for a in getattr(op.get_attr("in_bounds"), "value", ())
    ]
    if not in_bounds:
        in_bounds = [False] * len(shape)
    start = _indices(env, op.indices)
    mask_value = op.mask
    mask = _vector(env, mask_value) if mask_value is not None else _active_mask(interp)
    # The mask's dimensions are the vector's that are not broadcast, in the order of
    # the source dimensions they run along.
    mask_order = sorted((d, j) for j, d in enumerate(dims) if d is not None)
    for p in itertools.product(*(range(n) for n in shape)):
        index = list(start)
        for j, d in enumerate(dims):
            if d is not None:
                index[d] += p[j]
        on = True
        if mask is not None:
            bit = mask.scalar(tuple(p[j] for _, j in mask_order))
            if bit is POISON:
                raise SemanticsError("mask is poison")
            on = bool(bit)
        if on:
            for j, d in enumerate(dims):
                if d is not None and not source.inside(index, d):
                    if in_bounds[j]:
                        raise SemanticsError(
                            f"index {index[d]} is out of bounds for dimension {d} of size "
                            f"{source.sizes[d]} in a dimension declared in bounds"
                        )
                    on = False
        yield p, index, on


def _transfer_read(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _Source(env[op.base])
    type_ = op.results[0].type
    padding = env[op.padding]
    values = [
        source.read(index) if on else padding
        for _, index, on in _transfer(interp, op, env, source, type_.shape)
    ]
    _set(env, ins, Shaped.from_scalars(values, type_.shape, type_.element_type))


def _transfer_write(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _Source(env[op.base])
    value = _vector(env, op.value_to_store)
    for p, index, on in _transfer(interp, op, env, source, value.shape):
        if on:
            source.write(value.scalar(p), index)
    if source.tensor is not None:
        _set(env, ins, Shaped(source.array, source.tensor.element, source.poison))


def _print(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    write = interp.write
    literal = op.string_literal
    if isinstance(literal, StringAttr):
        write(literal.value)
        return
    source = op.source
    if source is not None:
        type_ = source.type
        if isinstance(type_, ShapedType):
            write(format_vector(_vector(env, source)))
        else:
            write(format_scalar(env[source], type_))
    write(("", "\n", ", ", "( ", " )")[int(op.punctuation)])


# -- tensor ---------------------------------------------------------------------------


def _tensor_empty(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    type_ = op.results[0].type
    dynamic = iter(ins[3])
    shape = [_index(env[next(dynamic)], "size") if d == DYNAMIC else d for d in type_.shape]
    _set(
        env, ins, Shaped(np.zeros(shape, dtype=numpy_dtype(type_.element_type)), type_.element_type)
    )


def _tensor_extract(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    tensor = _vector(env, ins[3][0])
    index = _indices(env, ins[3][1:])
    _Source(tensor)._check(index)
    _set(env, ins, tensor.scalar(tuple(index)))


def _tensor_insert(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    dest = _Source(_vector(env, ins[3][1]))
    dest.write(env[ins[3][0]], _indices(env, ins[3][2:]))
    assert dest.tensor is not None
    _set(env, ins, Shaped(dest.array, dest.tensor.element, dest.poison))


def _tensor_generate(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    type_ = op.results[0].type
    dynamic = iter(ins[3])
    shape = [_index(env[next(dynamic)], "extent") if d == DYNAMIC else d for d in type_.shape]
    body = op.regions[0]
    values = [
        interp._region(body, list(p), env)[0] for p in itertools.product(*(range(n) for n in shape))
    ]
    _set(env, ins, Shaped.from_scalars(values, shape, type_.element_type))


def _tensor_dim(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    tensor = _vector(env, ins[3][0])
    index = _index(env[ins[3][1]], "dimension index")
    if not 0 <= index < len(tensor.shape):
        raise SemanticsError(
            f"dimension index {index} is out of bounds for a tensor of rank {len(tensor.shape)}"
        )
    _set(env, ins, tensor.shape[index])


def _identity(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    _set(env, ins, env[ins[3][0]])


def _slice_of(
    op: Any, env: dict[Value, Any], sizes_of: Sequence[int]
) -> tuple[list[int], list[int], list[int], tuple[slice, ...]]:
    offsets = _mixed(op, env, "static_offsets", op.offsets)
    sizes = _mixed(op, env, "static_sizes", op.sizes)
    strides = _mixed(op, env, "static_strides", op.strides)
    for axis, (o, n, t) in enumerate(zip(offsets, sizes, strides, strict=True)):
        if n < 0 or (n > 0 and not (o >= 0 and o + (n - 1) * t < sizes_of[axis])):
            raise SemanticsError(
                f"slice [offset {o}, size {n}, stride {t}] is out of bounds for "
                f"dimension {axis} of size {sizes_of[axis]}"
            )
    index = tuple(
        slice(o, o + (n - 1) * t + 1 if n else o, t)
        for o, n, t in zip(offsets, sizes, strides, strict=True)
    )
    return offsets, sizes, strides, index


def _extract_slice(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    _, sizes, _, index = _slice_of(op, env, source.shape)
    result = op.results[0].type
    shape = [n for n in sizes]
    kept = _kept(sizes, result.shape)
    array = source.array[index].reshape([shape[i] for i in kept]).copy()
    poison = None if source.poison is None else source.poison[index].reshape(array.shape).copy()
    _set(env, ins, Shaped(array, source.element, poison))


def _insert_slice(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source = _vector(env, op.source)
    dest = _vector(env, op.dest)
    _, sizes, _, index = _slice_of(op, env, dest.shape)
    array = dest.array.copy()
    poison = dest.poison_mask().copy()
    array[index] = source.array.reshape(sizes)
    poison[index] = source.poison_mask().reshape(sizes)
    _set(env, ins, Shaped(array, dest.element, poison))


def _kept(sizes: Sequence[int], shape: Sequence[int]) -> list[int]:
    if len(shape) == len(sizes):
        return list(range(len(sizes)))
    keep: list[int] = []
    j = 0
    for i, size in enumerate(sizes):
        if j < len(shape) and (shape[j] == size or shape[j] == DYNAMIC):
            keep.append(i)
            j += 1
    return keep


def _to_buffer(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    tensor = _vector(env, ins[3][0])
    memref = MemRef.allocate(tensor.element, tensor.shape)
    memref.buffer[:] = tensor.array.reshape(-1)
    memref.poison[:] = tensor.poison_mask().reshape(-1)
    _set(env, ins, memref)


def _to_tensor(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    memref: MemRef = env[ins[3][0]]
    positions = memref.elements()
    array = memref.buffer[positions].reshape(memref.sizes).copy()
    poison = memref.poison[positions].reshape(memref.sizes).copy()
    _set(env, ins, Shaped(array, memref.element, poison))


# -- memref ---------------------------------------------------------------------------


def _check_view(memref: MemRef, what: str) -> MemRef:
    """`memref` if every element of it lies inside its allocation."""
    if all(n > 0 for n in memref.sizes):
        low = memref.offset + sum(
            (n - 1) * s for n, s in zip(memref.sizes, memref.strides, strict=True) if s < 0
        )
        high = memref.offset + sum(
            (n - 1) * s for n, s in zip(memref.sizes, memref.strides, strict=True) if s > 0
        )
        if low < 0 or high >= len(memref.buffer):
            raise SemanticsError(f"{what} lies outside the allocation of its source")
    return memref


def _reinterpret_cast(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source: MemRef = env[op.source]
    (offset,) = _mixed(op, env, "static_offsets", op.offsets)
    sizes = _mixed(op, env, "static_sizes", op.sizes)
    strides = _mixed(op, env, "static_strides", op.strides)
    view = source.view(offset, tuple(sizes), tuple(strides))
    _set(env, ins, _check_view(view, "the reinterpreted memref"))


def _groups(op: Any) -> list[list[int]]:
    attr = op.get_attr("reassociation")
    return [_ints(group) for group in getattr(attr, "value", ())]


def _expand_shape(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source: MemRef = env[op.src]
    shape = _mixed(op, env, "static_output_shape", op.output_shape)
    strides = [0] * len(shape)
    for axis, group in enumerate(_groups(op)):
        stride = source.strides[axis]
        if _count([shape[d] for d in group]) != source.sizes[axis]:
            raise SemanticsError(
                f"expanded sizes of dimension {axis} do not multiply to its size {source.sizes[axis]}"
            )
        for d in reversed(group):
            strides[d] = stride
            stride *= shape[d]
    _set(env, ins, source.view(source.offset, tuple(shape), tuple(strides)))


def _collapse_shape(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source: MemRef = env[op.src]
    sizes: list[int] = []
    strides: list[int] = []
    for group in _groups(op):
        inner = [d for d in group if source.sizes[d] != 1] or group[-1:]
        for a, b in itertools.pairwise(inner):
            if source.strides[a] != source.strides[b] * source.sizes[b]:
                raise SemanticsError("collapse of dimensions that are not contiguous")
        sizes.append(_count([source.sizes[d] for d in group]))
        strides.append(source.strides[inner[-1]])
    _set(env, ins, source.view(source.offset, tuple(sizes), tuple(strides)))


def _memref_transpose(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source: MemRef = env[ins[3][0]]
    attr = op.get_attr("permutation")
    assert isinstance(attr, AffineMapAttr)
    perm = [int(getattr(e, "position", 0)) for e in attr.value.results]
    sizes = tuple(source.sizes[p] for p in perm)
    strides = tuple(source.strides[p] for p in perm)
    _set(env, ins, source.view(source.offset, sizes, strides))


def _row_major(sizes: Sequence[int]) -> tuple[int, ...]:
    strides: list[int] = []
    stride = 1
    for n in reversed(sizes):
        strides.append(stride)
        stride *= n
    return tuple(reversed(strides))


def _view(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source: MemRef = env[op.source]
    shift = _index(env[op.byte_shift], "byte shift")
    type_ = op.results[0].type
    element = type_.element_type
    dynamic = iter(op.sizes)
    sizes = tuple(_index(env[next(dynamic)], "size") if d == DYNAMIC else d for d in type_.shape)
    dtype = np.dtype(numpy_dtype(element))
    if isinstance(element, FloatType) and element.name == "bf16":
        raise SemanticsError("a view of 'bf16' elements is not supported")
    start = source.offset + shift
    length = _count(sizes) * dtype.itemsize
    if source.buffer.dtype != np.uint8 or start < 0 or start + length > len(source.buffer):
        raise SemanticsError("the view lies outside its source")
    buffer = source.buffer[start : start + length].view(dtype)
    # Poison is remembered per element of the view, apart from the source's bytes.
    poison = np.zeros(len(buffer), dtype=bool)
    _set(
        env,
        ins,
        MemRef(buffer, element, 0, sizes, _row_major(sizes), source.address + start, poison),
    )


def _contiguous(source: MemRef) -> None:
    if source.strides != _row_major(source.sizes):
        raise SemanticsError("the source memref is not contiguous")


def _reshape(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    source: MemRef = env[ins[3][0]]
    shape: MemRef = env[ins[3][1]]
    _contiguous(source)
    sizes = tuple(_index(shape.load([i]), "size") for i in range(shape.sizes[0]))
    if _count(sizes) != _count(source.sizes):
        raise SemanticsError("reshape to another number of elements")
    _set(env, ins, source.view(source.offset, sizes, _row_major(sizes)))


def _rmw(kind: str, old: Any, value: Any, element: Type) -> Any:
    if kind == "assign":
        return value
    if isinstance(element, FloatType):
        fn = {
            "addf": sem.addf,
            "mulf": sem.mulf,
            "maximumf": sem.maximumf,
            "minimumf": sem.minimumf,
            "maxnumf": sem.maxnumf,
            "minnumf": sem.minnumf,
        }.get(kind)
        if fn is None:
            raise SemanticsError(f"atomic_rmw {kind} of '{element}'")
        return fn(old, value, element)
    bits = sem.width(element)
    int_kinds: dict[str, Callable[[Any, Any], Any]] = {
        "addi": lambda a, b: sem.addi(a, b, bits),
        "muli": lambda a, b: sem.muli(a, b, bits),
        "maxs": lambda a, b: sem.maxs(a, b, bits),
        "mins": lambda a, b: sem.mins(a, b, bits),
        "maxu": sem.maxu,
        "minu": sem.minu,
        "andi": sem.andi,
        "ori": sem.ori,
        "xori": sem.xori,
    }
    fn2 = int_kinds.get(kind)
    if fn2 is None:
        raise SemanticsError(f"atomic_rmw {kind} of '{element}'")
    return fn2(old, value)


def _atomic_rmw(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    memref: MemRef = env[op.memref]
    index = [env[v] for v in op.indices]
    old = memref.load(index)
    memref.store(_rmw(op.kind.name, old, env[op.value], memref.element), index)
    _set(env, ins, old)


def _generic_atomic_rmw(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    memref: MemRef = env[op.memref]
    index = [env[v] for v in op.indices]
    old = memref.load(index)
    (new,) = interp._region(op.regions[0], [old], env)
    memref.store(new, index)
    _set(env, ins, old)


def _alloca_scope(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    values = interp._region(ins[1].regions[0], [], env)
    for r, v in zip(ins[4], values, strict=True):
        env[r] = v


def _realloc(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    op = ins[1]
    source: MemRef = env[op.source]
    _contiguous(source)
    type_ = op.results[0].type
    size_value = op.dynamic_result_size
    size = type_.shape[0] if size_value is None else _index(env[size_value], "size")
    result = MemRef.allocate(source.element, (size,))
    n = min(size, source.sizes[0])
    result.buffer[:n] = source.buffer[source.offset : source.offset + n]
    result.poison[:n] = source.poison[source.offset : source.offset + n]
    _set(env, ins, result)


def _extract_strided_metadata(interp: Any, env: dict[Value, Any], ins: tuple[Any, ...]) -> None:
    source: MemRef = env[ins[3][0]]
    values = [source.view(0, (), ()), source.offset, *source.sizes, *source.strides]
    for r, v in zip(ins[4], values, strict=True):
        env[r] = v & ((1 << 64) - 1) if isinstance(v, int) else v


HANDLERS: dict[str, Handler] = {
    "vector.broadcast": _broadcast,
    "vector.from_elements": _from_elements,
    "vector.extract": _extract,
    "vector.insert": _insert,
    "vector.extract_strided_slice": _extract_strided_slice,
    "vector.insert_strided_slice": _insert_strided_slice,
    "vector.shuffle": _shuffle,
    "vector.shape_cast": _shape_cast,
    "vector.transpose": _transpose,
    "vector.bitcast": _bitcast,
    "vector.step": _step,
    "vector.fma": _fma,
    "vector.constant_mask": _constant_mask,
    "vector.create_mask": _create_mask,
    "vector.reduction": _reduction,
    "vector.load": _load,
    "vector.store": _store,
    "vector.maskedload": _masked_load,
    "vector.maskedstore": _masked_store,
    "vector.transfer_read": _transfer_read,
    "vector.transfer_write": _transfer_write,
    "vector.print": _print,
    "vector.gather": _gather,
    "vector.scatter": _scatter,
    "vector.expandload": _expand_load,
    "vector.compressstore": _compress_store,
    "vector.outerproduct": _outer_product,
    "vector.interleave": _interleave,
    "vector.deinterleave": _deinterleave,
    "vector.to_elements": _to_elements,
    "vector.multi_reduction": _multi_reduction,
    "vector.contract": _contract,
    "vector.mask": _vector_mask,
    "tensor.empty": _tensor_empty,
    "tensor.from_elements": _from_elements,
    "tensor.extract": _tensor_extract,
    "tensor.insert": _tensor_insert,
    "tensor.generate": _tensor_generate,
    "tensor.dim": _tensor_dim,
    "tensor.cast": _identity,
    "tensor.extract_slice": _extract_slice,
    "tensor.insert_slice": _insert_slice,
    "bufferization.to_buffer": _to_buffer,
    "bufferization.to_tensor": _to_tensor,
    "memref.reinterpret_cast": _reinterpret_cast,
    "memref.expand_shape": _expand_shape,
    "memref.collapse_shape": _collapse_shape,
    "memref.transpose": _memref_transpose,
    "memref.view": _view,
    "memref.reshape": _reshape,
    "memref.atomic_rmw": _atomic_rmw,
    "memref.generic_atomic_rmw": _generic_atomic_rmw,
    "memref.alloca_scope": _alloca_scope,
    "memref.realloc": _realloc,
    "memref.extract_strided_metadata": _extract_strided_metadata,
}
