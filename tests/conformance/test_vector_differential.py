"""Random `vector` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions whose bodies use the ops of `vector` on vectors of
several element types and shapes (fixed, scalable, 0-d where the op takes one),
on memrefs and tensors, with masks (`vector.mask`, mask operands), combining kinds,
fast-math flags, permutation maps and `in_bounds`, each op written in its custom
form or, for most ops, in generic form. Together the programs use every op MLIR
22's `VectorOps.td` defines. odsgen must print each exactly as mlir-opt-22 does, in
custom and in generic form.

Invalid programs break one check of one op at a time: operand and result types,
the op's own verifier (shapes, ranks, positions, permutations, masks, kinds), and
the custom syntax. Both tools must reject the same programs, and odsgen must give
mlir-opt-22's first error for at least 95% of them. Every program comes from a
fixed seed, so a failure always reproduces; run with `-s` for the figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import pytest
from conformance.differential import (
    MLIR_INCLUDE,
    MLIR_OPT,
    Figures,
    InvalidCase,
    InvalidResult,
    Program,
    ValidResult,
    check_invalid,
    check_valid,
    function,
    generic_op,
    mlir_mnemonics,
    op_names,
)

import generated.vector

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261126
PROGRAMS = 50
MIN_SAME_ERROR = 0.95

FLOATS = ["f32", "f16", "bf16", "f64"]
INTS = ["i32", "i8", "i16", "i64"]
ELEMENTS = FLOATS + INTS
INT_KINDS = ["add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor"]
FLOAT_KINDS = ["add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"]
FASTMATH = ["fast", "nnan", "reassoc,contract", "ninf,nsz"]


def vec(shape: list[int], element: str, scalable: list[bool] | None = None) -> str:
    """`vector<2x[4]xf32>`; an empty shape is a 0-d vector."""
    flags = scalable or [False] * len(shape)
    dims = "".join(f"[{d}]x" if s else f"{d}x" for d, s in zip(shape, flags, strict=True))
    return f"vector<{dims}{element}>"


@dataclass
class _Fn:
    """One function being generated: its arguments, body lines and typed values."""

    rng: random.Random
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    count: int = 0

    def arg(self, ty: str) -> str:
        """A new argument of type `ty` (or an earlier one of that type)."""
        have = [name for name, t in self.args if t == ty]
        if have and self.rng.random() < 0.5:
            return self.rng.choice(have)
        name = f"%a{len(self.args)}"
        self.args.append((name, ty))
        return name

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def emit(
        self,
        custom: str,
        name: str,
        operands: list[str],
        ins: list[str],
        outs: list[str],
        props: str = "",
        generic_ok: bool = True,
    ) -> None:
        """Write the op in custom form (`custom`, after `= `) or in generic form."""
        result = self.fresh()
        if generic_ok and self.rng.random() < 0.3:
            self.lines.append(generic_op(name, operands, ins, outs, props, result=result))
            return
        if len(outs) == 1:
            self.lines.append(f"{result} = {custom}")
        elif outs:
            self.lines.append(f"{result}:{len(outs)} = {custom}")
        else:
            self.lines.append(custom)


def _shape(
    rng: random.Random, rank: int | None = None, scalable: bool = True
) -> tuple[list[int], list[bool]]:
    n = rng.randint(1, 3) if rank is None else rank
    shape = [rng.choice([1, 2, 3, 4, 8]) for _ in range(n)]
    flags = [scalable and rng.random() < 0.15 for _ in range(n)]
    return shape, flags


def _kind(rng: random.Random, element: str) -> str:
    return rng.choice(FLOAT_KINDS if element in FLOATS else INT_KINDS)


def _idx(fn: _Fn) -> str:
    return fn.arg("index")


# -- one generator per op ------------------------------------------------------------


def _broadcast(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng)
    dest = vec(shape, e, flags)
    if rng.random() < 0.4:
        src = e
    else:
        k = rng.randint(0, len(shape))
        tail = [
            1 if (rng.random() < 0.3 and not flags[len(shape) - k + i]) else d
            for i, d in enumerate(shape[len(shape) - k :])
        ]
        src = vec(tail, e, flags[len(shape) - k :])
    x = fn.arg(src)
    fn.emit(f"vector.broadcast {x} : {src} to {dest}", "vector.broadcast", [x], [src], [dest])


def _shuffle(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    if rng.random() < 0.2:
        t1 = t2 = vec([], e)
        n = m = 1
        rest: list[int] = []
    else:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
        rest = [rng.choice([2, 3])] if rng.random() < 0.3 else []
        t1, t2 = vec([n, *rest], e), vec([m, *rest], e)
    mask = [rng.randint(-1, n + m - 1) for _ in range(rng.randint(1, 5))]
    a, b = fn.arg(t1), fn.arg(t2)
    res = vec([len(mask), *rest], e)
    text = ", ".join(map(str, mask))
    fn.emit(
        f"vector.shuffle {a}, {b} [{text}] : {t1}, {t2}",
        "vector.shuffle",
        [a, b],
        [t1, t2],
        [res],
        f"mask = array<i64: {text}>",
    )


def _interleave(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng) if rng.random() < 0.8 else ([], [])
    src = vec(shape, e, flags)
    res = vec([*shape[:-1], shape[-1] * 2], e, flags) if shape else vec([2], e)
    a, b = fn.arg(src), fn.arg(src)
    fn.emit(
        f"vector.interleave {a}, {b} : {src} -> {res}",
        "vector.interleave",
        [a, b],
        [src, src],
        [res],
    )


def _deinterleave(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng)
    shape[-1] = rng.choice([2, 4, 8])
    src = vec(shape, e, flags)
    half = vec([*shape[:-1], shape[-1] // 2], e, flags)
    x = fn.arg(src)
    fn.emit(
        f"vector.deinterleave {x} : {src} -> {half}",
        "vector.deinterleave",
        [x],
        [src],
        [half, half],
    )


def _position(fn: _Fn, shape: list[int], k: int) -> tuple[list[str], list[str]]:
    """`k` indices into `shape`: their text, and the dynamic ones."""
    rng = fn.rng
    texts: list[str] = []
    dynamic: list[str] = []
    for d in shape[:k]:
        if rng.random() < 0.25:
            v = _idx(fn)
            texts.append(v)
            dynamic.append(v)
        else:
            texts.append(
                str(
                    rng.choice([rng.randint(0, d - 1), -1])
                    if rng.random() < 0.1
                    else rng.randint(0, d - 1)
                )
            )
    return texts, dynamic


def _static(texts: list[str]) -> str:
    return ", ".join("-9223372036854775808" if t.startswith("%") else t for t in texts)


def _extract(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng)
    src = vec(shape, e, flags)
    k = rng.randint(0, len(shape))
    if k < len(shape) and any(flags[:k]):
        k = len(shape)
    res = e if k == len(shape) else vec(shape[k:], e, flags[k:])
    texts, dynamic = _position(fn, shape, k)
    x = fn.arg(src)
    fn.emit(
        f"vector.extract {x}[{', '.join(texts)}] : {res} from {src}",
        "vector.extract",
        [x, *dynamic],
        [src] + ["index"] * len(dynamic),
        [res],
        f"static_position = array<i64{': ' + _static(texts) if texts else ''}>",
    )


def _insert(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng)
    dest = vec(shape, e, flags)
    k = rng.randint(0, len(shape))
    if k < len(shape) and any(flags[:k]):
        k = len(shape)
    val = e if k == len(shape) else vec(shape[k:], e, flags[k:])
    texts, dynamic = _position(fn, shape, k)
    x, d = fn.arg(val), fn.arg(dest)
    fn.emit(
        f"vector.insert {x}, {d} [{', '.join(texts)}] : {val} into {dest}",
        "vector.insert",
        [x, d, *dynamic],
        [val, dest] + ["index"] * len(dynamic),
        [dest],
        f"static_position = array<i64{': ' + _static(texts) if texts else ''}>",
    )


def _to_elements(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape = [rng.choice([1, 2, 3]) for _ in range(rng.randint(0, 2))]
    src = vec(shape, e)
    n = 1
    for d in shape:
        n *= d
    x = fn.arg(src)
    fn.emit(f"vector.to_elements {x} : {src}", "vector.to_elements", [x], [src], [e] * n)


def _from_elements(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape = [rng.choice([1, 2, 3]) for _ in range(rng.randint(0, 2))]
    n = 1
    for d in shape:
        n *= d
    xs = [fn.arg(e) for _ in range(n)]
    dest = vec(shape, e)
    fn.emit(
        f"vector.from_elements {', '.join(xs)} : {dest}",
        "vector.from_elements",
        xs,
        [e] * n,
        [dest],
    )


def _scalable(fn: _Fn, insert: bool) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    n = rng.choice([2, 4])
    big = vec([n * rng.choice([2, 4])], e, [True])
    small = vec([n], e, [rng.random() < 0.3])
    pos = n * rng.randint(0, 2)
    if insert:
        x, d = fn.arg(small), fn.arg(big)
        fn.emit(
            f"vector.scalable.insert {x}, {d}[{pos}] : {small} into {big}",
            "vector.scalable.insert",
            [x, d],
            [small, big],
            [big],
            f"pos = {pos} : i64",
        )
    else:
        x = fn.arg(big)
        fn.emit(
            f"vector.scalable.extract {x}[{pos}] : {small} from {big}",
            "vector.scalable.extract",
            [x],
            [big],
            [small],
            f"pos = {pos} : i64",
        )


def _strided(fn: _Fn, insert: bool) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, _ = _shape(rng, scalable=False)
    if insert:
        k = rng.randint(1, len(shape))
        small = [rng.randint(1, d) for d in shape[len(shape) - k :]]
        lead = len(shape) - k
        offsets = [rng.randint(0, d - 1) for d in shape[:lead]]
        offsets += [rng.randint(0, d - s) for d, s in zip(shape[lead:], small, strict=True)]
        src, dest = vec(small, e), vec(shape, e)
        x, d = fn.arg(src), fn.arg(dest)
        attrs = f"offsets = {offsets}, strides = {[1] * k}"
        fn.emit(
            f"vector.insert_strided_slice {x}, {d} {{{attrs}}} : {src} into {dest}",
            "vector.insert_strided_slice",
            [x, d],
            [src, dest],
            [dest],
            attrs,
        )
        return
    k = rng.randint(1, len(shape))
    sizes = [rng.randint(1, d) for d in shape[:k]]
    offsets = [rng.randint(0, d - s) for d, s in zip(shape, sizes, strict=False)]
    src = vec(shape, e)
    res = vec(sizes + shape[k:], e)
    x = fn.arg(src)
    attrs = f"offsets = {offsets}, sizes = {sizes}, strides = {[1] * k}"
    fn.emit(
        f"vector.extract_strided_slice {x} {{{attrs}}} : {src} to {res}",
        "vector.extract_strided_slice",
        [x],
        [src],
        [res],
        attrs,
    )


def _fma(fn: _Fn) -> None:
    rng = fn.rng
    shape, flags = _shape(rng) if rng.random() < 0.9 else ([], [])
    t = vec(shape, rng.choice(FLOATS), flags)
    a, b, c = fn.arg(t), fn.arg(t), fn.arg(t)
    fn.emit(f"vector.fma {a}, {b}, {c} : {t}", "vector.fma", [a, b, c], [t] * 3, [t])


def _transpose(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng)
    perm = list(range(len(shape)))
    rng.shuffle(perm)
    src = vec(shape, e, flags)
    res = vec([shape[p] for p in perm], e, [flags[p] for p in perm])
    x = fn.arg(src)
    text = ", ".join(map(str, perm))
    fn.emit(
        f"vector.transpose {x}, [{text}] : {src} to {res}",
        "vector.transpose",
        [x],
        [src],
        [res],
        f"permutation = array<i64: {text}>",
    )


def _shape_cast(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    pairs = [([2, 4], [8]), ([8], [2, 2, 2]), ([1, 4], [4, 1]), ([3, 2], [6]), ([], [1]), ([1], [])]
    a, b = rng.choice(pairs)
    src, res = vec(a, e), vec(b, e)
    if rng.random() < 0.2:
        src, res = vec([2, 4], e, [False, True]), vec([8], e, [True])
    x = fn.arg(src)
    fn.emit(f"vector.shape_cast {x} : {src} to {res}", "vector.shape_cast", [x], [src], [res])


def _bitcast(fn: _Fn) -> None:
    rng = fn.rng
    widths = {"f32": 32, "f16": 16, "bf16": 16, "f64": 64, "i32": 32, "i8": 8, "i16": 16, "i64": 64}
    a, b = rng.choice(ELEMENTS), rng.choice(ELEMENTS)
    n = 8
    lead = [rng.choice([2, 3])] if rng.random() < 0.3 else []
    m = n * widths[a] // widths[b]
    src, res = vec([*lead, n], a), vec([*lead, m], b)
    x = fn.arg(src)
    fn.emit(f"vector.bitcast {x} : {src} to {res}", "vector.bitcast", [x], [src], [res])


def _type_cast(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape = [rng.choice([2, 4, 8]) for _ in range(rng.randint(1, 3))]
    dims = "x".join(map(str, shape))
    src, res = f"memref<{dims}x{e}>", f"memref<{vec(shape, e)}>"
    x = fn.arg(src)
    fn.emit(f"vector.type_cast {x} : {src} to {res}", "vector.type_cast", [x], [src], [res])


def _masks(fn: _Fn, constant: bool) -> None:
    rng = fn.rng
    shape, flags = _shape(rng)
    res = vec(shape, "i1", flags)
    if constant:
        if rng.random() < 0.2:
            sizes = [0] * len(shape)
        else:
            sizes = [d if s else rng.randint(1, d) for d, s in zip(shape, flags, strict=True)]
        text = ", ".join(map(str, sizes))
        fn.emit(
            f"vector.constant_mask [{text}] : {res}",
            "vector.constant_mask",
            [],
            [],
            [res],
            f"mask_dim_sizes = array<i64: {text}>",
        )
        return
    xs = [_idx(fn) for _ in shape]
    fn.emit(
        f"vector.create_mask {', '.join(xs)} : {res}",
        "vector.create_mask",
        xs,
        ["index"] * len(xs),
        [res],
    )


def _reduction_parts(fn: _Fn) -> tuple[str, list[str], list[str], list[str], str]:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = (
        ([rng.choice([2, 4, 8, 16])], [rng.random() < 0.2]) if rng.random() < 0.9 else ([], [])
    )
    t = vec(shape, e, flags)
    kind = _kind(rng, e)
    x = fn.arg(t)
    operands, ins = [x], [t]
    custom = f"vector.reduction <{kind}>, {x}"
    if rng.random() < 0.4:
        acc = fn.arg(e)
        operands.append(acc)
        ins.append(e)
        custom += f", {acc}"
    props = f"kind = #vector.kind<{kind}>"
    if e in FLOATS and rng.random() < 0.4:
        flags_text = rng.choice(FASTMATH)
        custom += f" fastmath<{flags_text}>"
        props = f"fastmath = #arith.fastmath<{flags_text}>, " + props
    return custom + f" : {t} into {e}", operands, ins, [e], props


def _reduction(fn: _Fn) -> None:
    custom, operands, ins, outs, props = _reduction_parts(fn)
    fn.emit(custom, "vector.reduction", operands, ins, outs, props)


def _multi_reduction(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, flags = _shape(rng)
    dims = sorted(rng.sample(range(len(shape)), rng.randint(1, len(shape))))
    kept = [i for i in range(len(shape)) if i not in dims]
    res = vec([shape[i] for i in kept], e, [flags[i] for i in kept]) if kept else e
    src = vec(shape, e, flags)
    kind = _kind(rng, e)
    x, acc = fn.arg(src), fn.arg(res)
    text = ", ".join(map(str, dims))
    fn.emit(
        f"vector.multi_reduction <{kind}>, {x}, {acc} [{text}] : {src} to {res}",
        "vector.multi_reduction",
        [x, acc],
        [src, res],
        [res],
        f"kind = #vector.kind<{kind}>, reduction_dims = array<i64: {text}>",
    )


def _scan(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    shape, _ = _shape(rng, scalable=False)
    dim = rng.randrange(len(shape))
    src = vec(shape, e)
    init = vec([d for i, d in enumerate(shape) if i != dim], e)
    kind = _kind(rng, e)
    inclusive = rng.choice(["true", "false"])
    x, i = fn.arg(src), fn.arg(init)
    attrs = f"inclusive = {inclusive}, reduction_dim = {dim} : i64"
    fn.emit(
        f"vector.scan <{kind}>, {x}, {i} {{{attrs}}} : {src}, {init}",
        "vector.scan",
        [x, i],
        [src, init],
        [src, init],
        f"{attrs}, kind = #vector.kind<{kind}>",
    )


def _contract_parts(fn: _Fn) -> tuple[str, list[str], list[str]]:
    """A matmul, a matvec or a dot product: its custom text, operands and types."""
    rng = fn.rng
    e = rng.choice(["f32", "f16", "i32"])
    m, n, k = rng.choice([2, 4]), rng.choice([2, 3]), rng.choice([4, 8])
    form = rng.choice(["matmul", "matvec", "dot"])
    if form == "matmul":
        maps = "[affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]"
        iters = '["parallel", "parallel", "reduction"]'
        lt, rt, at = vec([m, k], e), vec([k, n], e), vec([m, n], e)
    elif form == "matvec":
        maps = (
            "[affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>]"
        )
        iters = '["parallel", "reduction"]'
        lt, rt, at = vec([m, k], e), vec([k], e), vec([m], e)
    else:
        maps = "[affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>]"
        iters = '["reduction"]'
        lt, rt, at = vec([k], e), vec([k], e), e
    kind = "" if rng.random() < 0.7 else f", kind = #vector.kind<{rng.choice(['add', 'mul'])}>"
    a, b, c = fn.arg(lt), fn.arg(rt), fn.arg(at)
    custom = (
        f"vector.contract {{indexing_maps = {maps}, iterator_types = {iters}{kind}}} "
        f"{a}, {b}, {c} : {lt}, {rt} into {at}"
    )
    return custom, [lt, rt], [at]


def _contract(fn: _Fn) -> None:
    custom, _, outs = _contract_parts(fn)
    fn.emit(custom, "vector.contract", [], [], outs, generic_ok=False)


def _outerproduct(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(["f32", "f16", "i32"])
    n, m = rng.choice([2, 4]), rng.choice([2, 3])
    ls = rng.random() < 0.2
    lt = vec([n], e, [ls])
    if rng.random() < 0.7:
        rt = vec([m], e, [ls or rng.random() < 0.2])
        res = vec([n, m], e, [ls, ls or "[" in rt])
    else:
        rt = e
        res = vec([n], e, [ls])
    a, b = fn.arg(lt), fn.arg(rt)
    operands, ins = [a, b], [lt, rt]
    custom = f"vector.outerproduct {a}, {b}"
    if rng.random() < 0.5:
        c = fn.arg(res)
        operands.append(c)
        ins.append(res)
        custom += f", {c}"
    kind = rng.choice(["add", "mul", "add"] + (["maxnumf"] if e != "i32" else ["maxsi"]))
    attrs = f" {{kind = #vector.kind<{kind}>}}" if rng.random() < 0.5 else ""
    fn.emit(
        f"{custom}{attrs} : {lt}, {rt}",
        "vector.outerproduct",
        operands,
        ins,
        [res],
        f"kind = #vector.kind<{kind}>",
    )


def _memref(rng: random.Random, rank: int, e: str) -> str:
    dims = [rng.choice(["?", "8", "16"]) for _ in range(rank)]
    return f"memref<{'x'.join(dims)}{'x' if dims else ''}{e}>"


def _transfer_read_parts(fn: _Fn, masked: bool) -> tuple[str, str, list[str]]:
    """A transfer read's custom text, its vector type and the mask shape it takes."""
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    rank = rng.randint(1, 3)
    tensor = rng.random() < 0.3
    src = _memref(rng, rank, e)
    if tensor:
        src = "tensor" + src.removeprefix("memref")
    k = rng.randint(1, rank)
    shape = [rng.choice([2, 4, 8]) for _ in range(k)]
    dims = list(range(rank - k, rank))
    perm = ""
    if rng.random() < 0.3 and k >= 2:
        dims = dims[::-1]
        perm = (
            "permutation_map = affine_map<("
            + ", ".join(f"d{i}" for i in range(rank))
            + ") -> ("
            + ", ".join(f"d{d}" for d in dims)
            + ")>"
        )
    elif rng.random() < 0.15 and not masked:
        perm = (
            "permutation_map = affine_map<("
            + ", ".join(f"d{i}" for i in range(rank))
            + ") -> ("
            + ", ".join("0" for _ in dims)
            + ")>"
        )
    in_bounds = ""
    if rng.random() < 0.4:
        in_bounds = "in_bounds = [" + ", ".join(rng.choice(["true", "false"]) for _ in dims) + "]"
    vt = vec(shape, e)
    base = fn.arg(src)
    idx = [_idx(fn) for _ in range(rank)]
    pad = fn.arg(e)
    mask_shape = [shape[dims.index(d)] for d in sorted(dims)]
    text = f"vector.transfer_read {base}[{', '.join(idx)}], {pad}"
    if masked and rng.random() < 0.5:
        text += ", " + fn.arg(vec(mask_shape, "i1"))
        masked = False
    attrs = ", ".join(a for a in (in_bounds, perm) if a)
    text += f" {{{attrs}}}" if attrs else ""
    return text + f" : {src}, {vt}", vt, mask_shape


def _transfer_read(fn: _Fn) -> None:
    text, vt, _ = _transfer_read_parts(fn, True)
    fn.emit(text, "", [], [], [vt], generic_ok=False)


def _transfer_write(fn: _Fn) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    rank = rng.randint(1, 3)
    tensor = rng.random() < 0.4
    dest = _memref(rng, rank, e)
    if tensor:
        dest = "tensor" + dest.removeprefix("memref")
    k = rng.randint(1, rank)
    shape = [rng.choice([2, 4, 8]) for _ in range(k)]
    dims = list(range(rank - k, rank))
    perm = ""
    if rng.random() < 0.3 and k >= 2:
        dims = dims[::-1]
        perm = (
            "permutation_map = affine_map<("
            + ", ".join(f"d{i}" for i in range(rank))
            + ") -> ("
            + ", ".join(f"d{d}" for d in dims)
            + ")>"
        )
    in_bounds = ""
    if rng.random() < 0.4:
        in_bounds = "in_bounds = [" + ", ".join(rng.choice(["true", "false"]) for _ in dims) + "]"
    vt = vec(shape, e)
    v, base = fn.arg(vt), fn.arg(dest)
    idx = [_idx(fn) for _ in range(rank)]
    text = f"vector.transfer_write {v}, {base}[{', '.join(idx)}]"
    if rng.random() < 0.3:
        text += ", " + fn.arg(vec([shape[dims.index(d)] for d in sorted(dims)], "i1"))
    attrs = ", ".join(a for a in (in_bounds, perm) if a)
    text += f" {{{attrs}}}" if attrs else ""
    fn.emit(text + f" : {vt}, {dest}", "", [], [], [dest] if tensor else [], generic_ok=False)


def _load_store(fn: _Fn, op: str) -> None:
    rng = fn.rng
    e = rng.choice(ELEMENTS)
    rank = rng.randint(1, 2)
    m = _memref(rng, rank, e)
    base = fn.arg(m)
    idx = [_idx(fn) for _ in range(rank)]
    n = rng.choice([2, 4, 8])
    vt = vec([n], e, [rng.random() < 0.2] if op in ("load", "store") else None)
    mt = vec([n], "i1", ["[" in vt])
    ids = ", ".join(idx)
    attrs = ""
    if rng.random() < 0.2:
        attrs = rng.choice([" {alignment = 16 : i64}", " {alignment = 8 : i64}"])
    if op in ("load", "store") and rng.random() < 0.2:
        attrs = " {nontemporal = true}"
    if op == "load":
        fn.emit(f"vector.load {base}[{ids}]{attrs} : {m}, {vt}", "", [], [], [vt], generic_ok=False)
    elif op == "store":
        v = fn.arg(vt)
        fn.emit(
            f"vector.store {v}, {base}[{ids}]{attrs} : {m}, {vt}", "", [], [], [], generic_ok=False
        )
    elif op == "maskedload":
        mk, p = fn.arg(mt), fn.arg(vt)
        fn.emit(
            f"vector.maskedload {base}[{ids}], {mk}, {p}{attrs} : {m}, {mt}, {vt} into {vt}",
            "",
            [],
            [],
            [vt],
            generic_ok=False,
        )
    elif op == "maskedstore":
        mk, v = fn.arg(mt), fn.arg(vt)
        fn.emit(
            f"vector.maskedstore {base}[{ids}], {mk}, {v}{attrs} : {m}, {mt}, {vt}",
            "",
            [],
            [],
            [],
            generic_ok=False,
        )
    elif op == "expandload":
        mk, p = fn.arg(mt), fn.arg(vt)
        fn.emit(
            f"vector.expandload {base}[{ids}], {mk}, {p}{attrs} : {m}, {mt}, {vt} into {vt}",
            "",
            [],
            [],
            [vt],
            generic_ok=False,
        )
    elif op == "compressstore":
        mk, v = fn.arg(mt), fn.arg(vt)
        fn.emit(
            f"vector.compressstore {base}[{ids}], {mk}, {v}{attrs} : {m}, {mt}, {vt}",
            "",
            [],
            [],
            [],
            generic_ok=False,
        )
    else:
        it = vec([n], rng.choice(["i32", "index", "i64"]))
        iv, mk = fn.arg(it), fn.arg(mt)
        if op == "gather":
            p = fn.arg(vt)
            fn.emit(
                f"vector.gather {base}[{ids}] [{iv}], {mk}, {p}{attrs} : {m}, {it}, {mt}, {vt} into {vt}",
                "",
                [],
                [],
                [vt],
                generic_ok=False,
            )
        else:
            v = fn.arg(vt)
            tensor = rng.random() < 0.3
            if tensor:
                t = "tensor" + m.removeprefix("memref")
                tb = fn.arg(t)
                fn.emit(
                    f"vector.scatter {tb}[{ids}] [{iv}], {mk}, {v}{attrs} : {t}, {it}, {mt}, {vt} -> {t}",
                    "",
                    [],
                    [],
                    [t],
                    generic_ok=False,
                )
            else:
                fn.emit(
                    f"vector.scatter {base}[{ids}] [{iv}], {mk}, {v}{attrs} : {m}, {it}, {mt}, {vt}",
                    "",
                    [],
                    [],
                    [],
                    generic_ok=False,
                )


def _mask(fn: _Fn) -> None:
    rng = fn.rng
    choice = rng.randint(0, 3)
    if choice == 0:
        custom, _operands, ins, outs, _ = _reduction_parts(fn)
        vt = ins[0]
        if vt.startswith("vector<x") or "<" not in vt or vt.count("x") == 0:
            fn.emit(custom, "", [], [], outs, generic_ok=False)
            return
        mt = vt.rsplit("x", 1)[0] + "xi1>"
        mk = fn.arg(mt)
        fn.emit(
            f"vector.mask {mk} {{ {custom} }} : {mt} -> {outs[0]}",
            "",
            [],
            [],
            outs,
            generic_ok=False,
        )
    elif choice == 1:
        text, vt, mask_shape = _transfer_read_parts(fn, False)
        if "(0" in text or ", 0)" in text:
            fn.emit(text, "", [], [], [vt], generic_ok=False)
            return
        mt = vec(mask_shape, "i1")
        mk = fn.arg(mt)
        pas = f", {fn.arg(vt)}" if rng.random() < 0.5 else ""
        fn.emit(
            f"vector.mask {mk}{pas} {{ {text} }} : {mt} -> {vt}", "", [], [], [vt], generic_ok=False
        )
    elif choice == 2:
        mt = vec([rng.choice([2, 4])], "i1")
        mk = fn.arg(mt)
        fn.emit(f"vector.mask {mk} {{ }} : {mt}", "", [], [], [], generic_ok=False)
    else:
        mt = vec([4], "i1")
        vt = vec([4], rng.choice(ELEMENTS))
        mk, v = fn.arg(mt), fn.arg(vt)
        fn.emit(
            f"vector.mask {mk} {{ vector.yield {v} : {vt} }} : {mt} -> {vt}",
            "",
            [],
            [],
            [vt],
            generic_ok=False,
        )


def _step(fn: _Fn) -> None:
    rng = fn.rng
    t = vec([rng.choice([2, 4, 8])], "index", [rng.random() < 0.3])
    fn.emit(f"vector.step : {t}", "vector.step", [], [], [t])


def _vscale(fn: _Fn) -> None:
    fn.emit("vector.vscale", "vector.vscale", [], [], ["index"])


def _print(fn: _Fn) -> None:
    rng = fn.rng
    which = rng.randint(0, 3)
    if which == 0:
        fn.lines.append('vector.print str "hello\\n"')
    elif which == 1:
        fn.lines.append(
            f"vector.print punctuation <{rng.choice(['comma', 'open', 'close', 'no_punctuation', 'newline'])}>"
        )
    else:
        shape, flags = _shape(rng)
        t = rng.choice([vec(shape, rng.choice(ELEMENTS), flags), rng.choice(ELEMENTS), "index"])
        x = fn.arg(t)
        punct = (
            f" punctuation <{rng.choice(['comma', 'no_punctuation'])}>"
            if rng.random() < 0.4
            else ""
        )
        fn.lines.append(f"vector.print {x} : {t}{punct}")


GENERATORS: dict[str, Callable[[_Fn], None]] = {
    "broadcast": _broadcast,
    "shuffle": _shuffle,
    "interleave": _interleave,
    "deinterleave": _deinterleave,
    "extract": _extract,
    "insert": _insert,
    "to_elements": _to_elements,
    "from_elements": _from_elements,
    "scalable.insert": lambda fn: _scalable(fn, True),
    "scalable.extract": lambda fn: _scalable(fn, False),
    "insert_strided_slice": lambda fn: _strided(fn, True),
    "extract_strided_slice": lambda fn: _strided(fn, False),
    "fma": _fma,
    "transpose": _transpose,
    "shape_cast": _shape_cast,
    "bitcast": _bitcast,
    "type_cast": _type_cast,
    "constant_mask": lambda fn: _masks(fn, True),
    "create_mask": lambda fn: _masks(fn, False),
    "reduction": _reduction,
    "multi_reduction": _multi_reduction,
    "scan": _scan,
    "contract": _contract,
    "outerproduct": _outerproduct,
    "transfer_read": _transfer_read,
    "transfer_write": _transfer_write,
    "load": lambda fn: _load_store(fn, "load"),
    "store": lambda fn: _load_store(fn, "store"),
    "maskedload": lambda fn: _load_store(fn, "maskedload"),
    "maskedstore": lambda fn: _load_store(fn, "maskedstore"),
    "gather": lambda fn: _load_store(fn, "gather"),
    "scatter": lambda fn: _load_store(fn, "scatter"),
    "expandload": lambda fn: _load_store(fn, "expandload"),
    "compressstore": lambda fn: _load_store(fn, "compressstore"),
    "mask": _mask,
    "yield": _mask,
    "step": _step,
    "vscale": _vscale,
    "print": _print,
}
ALL_OPS = sorted(GENERATORS)


def _program(seed: int, ops: list[str]) -> str:
    fn = _Fn(random.Random(seed))
    for op in ops:
        GENERATORS[op](fn)
    return function(fn.args, fn.lines, name=f"f{seed % 1000}")


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op in turn."""
    rng = random.Random(SEED)
    order = list(ALL_OPS)
    rng.shuffle(order)
    out = []
    for i in range(PROGRAMS):
        ops = order[i * 8 : i * 8 + 8] if i * 8 < len(order) else []
        ops += rng.choices(ALL_OPS, k=rng.randint(3, 10))
        out.append(Program(f"program {i}", _program(SEED + i, ops)))
    return tuple(out)


# -- invalid programs --------------------------------------------------------------


def _g(name: str, ins: list[str], outs: list[str], props: str = "", extra: str = "") -> str:
    """A function whose one op is `name` in generic form, on arguments of `ins`."""
    params = [(f"%a{i}", t) for i, t in enumerate(ins)]
    line = generic_op(f"vector.{name}", [p for p, _ in params], ins, outs, props, extra)
    return function(params, [line])


def _c(params: list[str], line: str) -> str:
    """A function of arguments `%a0`, ... of types `params` whose body is `line`."""
    return function([(f"%a{i}", t) for i, t in enumerate(params)], [line])


def _invalid_cases(rng: random.Random) -> list[InvalidCase]:
    out: list[InvalidCase] = []

    def add(op: str, check: str, text: str) -> None:
        out.append(InvalidCase(f"vector.{op}", check, text))

    f = rng.choice(FLOATS)
    i = rng.choice(INTS)
    e = rng.choice(ELEMENTS)
    n = rng.choice([4, 8])
    v = vec([n], e)
    v2 = vec([2, n], e)
    # broadcast
    add("broadcast", "element type", _g("broadcast", [vec([n], f)], [vec([n], i)]))
    add("broadcast", "dimension mismatch", _g("broadcast", [v], [vec([n + 1], e)]))
    add("broadcast", "scalable mismatch", _g("broadcast", [v], [vec([2, n], e, [False, True])]))
    add("broadcast", "rank", _g("broadcast", [v2], [v]))
    add("broadcast", "result kind", _g("broadcast", [e], [f"tensor<{n}x{e}>"]))
    add("broadcast", "custom types", _c([e], f"%r = vector.broadcast %a0 : {e}"))
    # shuffle
    add(
        "shuffle",
        "scalable operand",
        _g("shuffle", [vec([n], e, [True])] * 2, [vec([2], e)], "mask = array<i64: 0, 1>"),
    )
    add(
        "shuffle", "rank mismatch", _g("shuffle", [v, v2], [vec([2], e)], "mask = array<i64: 0, 1>")
    )
    add(
        "shuffle", "mask index", _c([v, v], f"%r = vector.shuffle %a0, %a1 [0, {2 * n}] : {v}, {v}")
    )
    add("shuffle", "empty mask", _g("shuffle", [v, v], [vec([2], e)], "mask = array<i64>"))
    add("shuffle", "mask length", _g("shuffle", [v, v], [vec([3], e)], "mask = array<i64: 0, 1>"))
    add(
        "shuffle",
        "trailing dims",
        _g(
            "shuffle", [vec([2, 3], e), vec([2, 4], e)], [vec([2, 3], e)], "mask = array<i64: 0, 1>"
        ),
    )
    add(
        "shuffle",
        "inferred type",
        _g("shuffle", [v, v], [vec([2], f if e != f else i)], "mask = array<i64: 0, 1>"),
    )
    # interleave / deinterleave
    add(
        "interleave",
        "operand types",
        _g("interleave", [v, vec([n], f if e != f else i)], [vec([2 * n], e)]),
    )
    add("interleave", "result width", _g("interleave", [v, v], [v]))
    add("deinterleave", "odd trailing", _g("deinterleave", [vec([3], e)], [vec([1], e)] * 2))
    add("deinterleave", "result width", _g("deinterleave", [v], [v, v]))
    add(
        "deinterleave",
        "results differ",
        _g("deinterleave", [v], [vec([n // 2], e), vec([n // 2], f if e != f else i)]),
    )
    add("deinterleave", "0-d", _g("deinterleave", [vec([], e)], [vec([1], e)] * 2))
    # extract / insert
    add("extract", "position", _c([v2], f"%r = vector.extract %a0[2] : {v} from {v2}"))
    add("extract", "rank", _c([v], f"%r = vector.extract %a0[0, 0] : {e} from {v}"))
    add(
        "extract", "0-d result", _g("extract", [v], [vec([], e)], "static_position = array<i64: 0>")
    )
    add("extract", "result type", _c([v2], f"%r = vector.extract %a0[0] : {e} from {v2}"))
    add(
        "extract",
        "dynamic marker",
        _g("extract", [v], [e], "static_position = array<i64: -9223372036854775808>"),
    )
    add("insert", "position", _c([e, v], f"%r = vector.insert %a0, %a1 [{n}] : {e} into {v}"))
    add("insert", "rank", _c([e, v2], f"%r = vector.insert %a0, %a1 [0] : {e} into {v2}"))
    add("insert", "source rank", _c([v, v2], f"%r = vector.insert %a0, %a1 [0, 1] : {v} into {v2}"))
    add("insert", "too many", _c([e, v], f"%r = vector.insert %a0, %a1 [0, 1] : {e} into {v}"))
    add(
        "insert",
        "0-d source",
        _c([vec([], e), v], f"%r = vector.insert %a0, %a1 [0] : {vec([], e)} into {v}"),
    )
    add(
        "insert",
        "result type",
        _g("insert", [e, v], [vec([n + 1], e)], "static_position = array<i64: 0>"),
    )
    # to_elements / from_elements
    add("to_elements", "count", _g("to_elements", [vec([2], e)], [e]))
    add("to_elements", "element type", _g("to_elements", [vec([1], e)], [f if e != f else i]))
    add("from_elements", "count", _c([e, e], f"%r = vector.from_elements %a0, %a1 : {vec([3], e)}"))
    add("from_elements", "types", _g("from_elements", [e, f if e != f else i], [vec([2], e)]))
    add("from_elements", "scalable", _g("from_elements", [e], [vec([1], e, [True])]))
    # scalable.insert / scalable.extract
    add(
        "scalable.insert",
        "rank",
        _g("scalable.insert", [v2, vec([8], e, [True])], [vec([8], e, [True])], "pos = 0 : i64"),
    )
    add(
        "scalable.insert",
        "fixed dest",
        _g("scalable.insert", [v, vec([8], e)], [vec([8], e)], "pos = 0 : i64"),
    )
    add(
        "scalable.insert",
        "position",
        _c(
            [vec([4], e), vec([8], e, [True])],
            f"%r = vector.scalable.insert %a0, %a1[2] : {vec([4], e)} into {vec([8], e, [True])}",
        ),
    )
    add(
        "scalable.insert",
        "element types",
        _g(
            "scalable.insert",
            [vec([4], f if e != f else i), vec([8], e, [True])],
            [vec([8], e, [True])],
            "pos = 0 : i64",
        ),
    )
    add(
        "scalable.extract",
        "position",
        _c(
            [vec([8], e, [True])],
            f"%r = vector.scalable.extract %a0[3] : {vec([4], e)} from {vec([8], e, [True])}",
        ),
    )
    add(
        "scalable.extract",
        "element types",
        _g(
            "scalable.extract",
            [vec([8], e, [True])],
            [vec([4], f if e != f else i)],
            "pos = 0 : i64",
        ),
    )
    add(
        "scalable.extract",
        "missing pos",
        _g("scalable.extract", [vec([8], e, [True])], [vec([4], e)]),
    )
    # strided slices
    big = vec([4, 8], e)
    add(
        "insert_strided_slice",
        "offsets size",
        _c(
            [v, big],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [0], strides = [1]}} : {v} into {big}",
        ),
    )
    add(
        "insert_strided_slice",
        "strides size",
        _c(
            [v, big],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [0, 0], strides = [1, 1]}} : {v} into {big}",
        ),
    )
    add(
        "insert_strided_slice",
        "offset range",
        _c(
            [v, big],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [4, 0], strides = [1]}} : {v} into {big}",
        ),
    )
    add(
        "insert_strided_slice",
        "stride",
        _c(
            [v, big],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [0, 0], strides = [2]}} : {v} into {big}",
        ),
    )
    add(
        "insert_strided_slice",
        "sum",
        _c(
            [vec([8], e), big],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [0, 4], strides = [1]}} : {vec([8], e)} into {big}",
        ),
    )
    add(
        "insert_strided_slice",
        "rank",
        _c(
            [big, v],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [0], strides = [1, 1]}} : {big} into {v}",
        ),
    )
    add(
        "insert_strided_slice",
        "scalable",
        _c(
            [vec([8], e, [True]), vec([4, 8], e)],
            f"%r = vector.insert_strided_slice %a0, %a1 {{offsets = [0, 0], strides = [1]}} : {vec([8], e, [True])} into {vec([4, 8], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "sizes count",
        _c(
            [big],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0, 0], sizes = [2], strides = [1, 1]}} : {big} to {vec([2, 8], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "offsets rank",
        _c(
            [v],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0, 0], sizes = [1, 1], strides = [1, 1]}} : {v} to {v}",
        ),
    )
    add(
        "extract_strided_slice",
        "offset range",
        _c(
            [big],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0, 9], sizes = [1, 1], strides = [1, 1]}} : {big} to {vec([1, 1], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "size range",
        _c(
            [big],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0, 0], sizes = [5, 1], strides = [1, 1]}} : {big} to {vec([5, 1], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "stride",
        _c(
            [big],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0, 0], sizes = [1, 1], strides = [1, 3]}} : {big} to {vec([1, 1], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "sum",
        _c(
            [big],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [2, 0], sizes = [3, 1], strides = [1, 1]}} : {big} to {vec([3, 1], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "result type",
        _c(
            [big],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}} : {big} to {vec([2, 3], e)}",
        ),
    )
    add(
        "extract_strided_slice",
        "scalable size",
        _c(
            [vec([4], e, [True])],
            f"%r = vector.extract_strided_slice %a0 {{offsets = [0], sizes = [2], strides = [1]}} : {vec([4], e, [True])} to {vec([2], e, [True])}",
        ),
    )
    add(
        "extract_strided_slice",
        "missing sizes",
        _g("extract_strided_slice", [big], [big], "offsets = [0, 0], strides = [1, 1]"),
    )
    # fma / transpose / casts
    add("fma", "integer", _c([vec([n], i)], f"%r = vector.fma %a0, %a0, %a0 : {vec([n], i)}"))
    add("fma", "types", _g("fma", [vec([n], f), vec([n], f), vec([n + 1], f)], [vec([n], f)]))
    add("fma", "scalar", _g("fma", [f] * 3, [f]))
    add(
        "transpose",
        "rank",
        _c([big], f"%r = vector.transpose %a0, [1, 0] : {big} to {vec([32], e)}"),
    )
    add(
        "transpose",
        "length",
        _g("transpose", [big], [vec([8, 4], e)], "permutation = array<i64: 1>"),
    )
    add(
        "transpose",
        "index",
        _c([big], f"%r = vector.transpose %a0, [2, 0] : {big} to {vec([8, 4], e)}"),
    )
    add(
        "transpose",
        "duplicate",
        _c([big], f"%r = vector.transpose %a0, [0, 0] : {big} to {vec([4, 4], e)}"),
    )
    add(
        "transpose",
        "dims",
        _c([big], f"%r = vector.transpose %a0, [1, 0] : {big} to {vec([4, 8], e)}"),
    )
    add(
        "transpose",
        "element",
        _c(
            [big], f"%r = vector.transpose %a0, [1, 0] : {big} to {vec([8, 4], f if e != f else i)}"
        ),
    )
    add(
        "shape_cast",
        "element",
        _c([big], f"%r = vector.shape_cast %a0 : {big} to {vec([32], f if e != f else i)}"),
    )
    add("shape_cast", "count", _c([big], f"%r = vector.shape_cast %a0 : {big} to {vec([16], e)}"))
    add(
        "shape_cast",
        "scalable",
        _c(
            [vec([2, 4], e, [False, True])],
            f"%r = vector.shape_cast %a0 : {vec([2, 4], e, [False, True])} to {vec([8], e)}",
        ),
    )
    add("shape_cast", "operand", _g("shape_cast", [f"tensor<4x{e}>"], [vec([4], e)]))
    add(
        "bitcast",
        "dims",
        _c(
            [vec([2, 8], "f32")],
            f"%r = vector.bitcast %a0 : {vec([2, 8], 'f32')} to {vec([3, 8], 'i32')}",
        ),
    )
    add(
        "bitcast",
        "width",
        _c([vec([8], "f32")], f"%r = vector.bitcast %a0 : {vec([8], 'f32')} to {vec([8], 'i16')}"),
    )
    add(
        "bitcast",
        "0-d",
        _c([vec([], "f32")], f"%r = vector.bitcast %a0 : {vec([], 'f32')} to {vec([], 'i16')}"),
    )
    add(
        "bitcast",
        "rank",
        _c(
            [vec([8], "f32")],
            f"%r = vector.bitcast %a0 : {vec([8], 'f32')} to {vec([1, 8], 'i32')}",
        ),
    )
    add(
        "type_cast",
        "dynamic",
        _c(
            [f"memref<?x{e}>"],
            f"%r = vector.type_cast %a0 : memref<?x{e}> to memref<{vec([4], e)}>",
        ),
    )
    add(
        "type_cast",
        "shape",
        _c(
            [f"memref<4x8x{e}>"],
            f"%r = vector.type_cast %a0 : memref<4x8x{e}> to memref<{vec([8, 4], e)}>",
        ),
    )
    add(
        "type_cast",
        "element",
        _c(
            [f"memref<4x{e}>"],
            f"%r = vector.type_cast %a0 : memref<4x{e}> to memref<{vec([4], f if e != f else i)}>",
        ),
    )
    add(
        "type_cast",
        "memory space",
        _c(
            [f"memref<4x{e}>"],
            f"%r = vector.type_cast %a0 : memref<4x{e}> to memref<{vec([4], e)}, 1>",
        ),
    )
    add(
        "type_cast",
        "layout",
        _c(
            [f"memref<4x{e}, strided<[2]>>"],
            f"%r = vector.type_cast %a0 : memref<4x{e}, strided<[2]>> to memref<{vec([4], e)}>",
        ),
    )
    # masks
    add("constant_mask", "size count", _c([], "%r = vector.constant_mask [2] : vector<4x4xi1>"))
    add("constant_mask", "bounds", _c([], "%r = vector.constant_mask [5, 1] : vector<4x4xi1>"))
    add("constant_mask", "zeros", _c([], "%r = vector.constant_mask [0, 2] : vector<4x4xi1>"))
    add("constant_mask", "scalable", _c([], "%r = vector.constant_mask [2] : vector<[4]xi1>"))
    add("constant_mask", "0-d", _c([], "%r = vector.constant_mask [2] : vector<i1>"))
    add("constant_mask", "0-d count", _c([], "%r = vector.constant_mask [1, 1] : vector<i1>"))
    add(
        "constant_mask",
        "element",
        _g("constant_mask", [], [vec([4], "i8")], "mask_dim_sizes = array<i64: 2>"),
    )
    add("create_mask", "count", _c(["index"], "%r = vector.create_mask %a0 : vector<4x4xi1>"))
    add("create_mask", "0-d", _c(["index"] * 2, "%r = vector.create_mask %a0, %a1 : vector<i1>"))
    add("create_mask", "operand", _g("create_mask", ["i32"], [vec([4], "i1")]))
    # reductions
    add("reduction", "rank", _c([big], f"%r = vector.reduction <add>, %a0 : {big} into {e}"))
    add(
        "reduction",
        "kind",
        _c([vec([n], i)], f"%r = vector.reduction <maxnumf>, %a0 : {vec([n], i)} into {i}"),
    )
    add(
        "reduction",
        "int kind",
        _c([vec([n], f)], f"%r = vector.reduction <xor>, %a0 : {vec([n], f)} into {f}"),
    )
    add(
        "reduction",
        "element",
        _c([v], f"%r = vector.reduction <add>, %a0 : {v} into {f if e != f else i}"),
    )
    add(
        "reduction",
        "acc",
        _g(
            "reduction",
            [vec([n], f), "f64" if f != "f64" else "f32"],
            [f],
            "kind = #vector.kind<add>",
        ),
    )
    add("reduction", "bad kind", _c([v], f"%r = vector.reduction <sum>, %a0 : {v} into {e}"))
    add("reduction", "missing kind", _g("reduction", [v], [e]))
    add(
        "multi_reduction",
        "dest",
        _c([big, v], f"%r = vector.multi_reduction <add>, %a0, %a1 [1] : {big} to {v}"),
    )
    add(
        "multi_reduction",
        "acc",
        _g(
            "multi_reduction",
            [big, vec([8], e)],
            [vec([4], e)],
            "kind = #vector.kind<add>, reduction_dims = array<i64: 1>",
        ),
    )
    add(
        "multi_reduction",
        "element",
        _g(
            "multi_reduction",
            [big, vec([4], f if e != f else i)],
            [vec([4], f if e != f else i)],
            "kind = #vector.kind<add>, reduction_dims = array<i64: 1>",
        ),
    )
    add(
        "scan",
        "dim",
        _c(
            [big, vec([8], e)],
            f"%r:2 = vector.scan <add>, %a0, %a1 {{inclusive = true, reduction_dim = 2 : i64}} : {big}, {vec([8], e)}",
        ),
    )
    add(
        "scan",
        "init rank",
        _c(
            [big, big],
            f"%r:2 = vector.scan <add>, %a0, %a1 {{inclusive = true, reduction_dim = 0 : i64}} : {big}, {big}",
        ),
    )
    add(
        "scan",
        "init shape",
        _c(
            [big, vec([4], e)],
            f"%r:2 = vector.scan <add>, %a0, %a1 {{inclusive = true, reduction_dim = 0 : i64}} : {big}, {vec([4], e)}",
        ),
    )
    add(
        "scan",
        "kind",
        _c(
            [vec([4, 8], f), vec([8], f)],
            f"%r:2 = vector.scan <and>, %a0, %a1 {{inclusive = true, reduction_dim = 0 : i64}} : {vec([4, 8], f)}, {vec([8], f)}",
        ),
    )
    add(
        "scan",
        "missing inclusive",
        _c(
            [big, vec([8], e)],
            f"%r:2 = vector.scan <add>, %a0, %a1 {{reduction_dim = 0 : i64}} : {big}, {vec([8], e)}",
        ),
    )
    # contract
    mm = "[affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]"
    it3 = '["parallel", "parallel", "reduction"]'
    a, b, c = vec([4, 8], "f32"), vec([8, 2], "f32"), vec([4, 2], "f32")

    def contract(maps: str, iters: str, ta: str, tb: str, tc: str, extra: str = "") -> str:
        return _c(
            [ta, tb, tc],
            f"%r = vector.contract {{indexing_maps = {maps}, iterator_types = {iters}{extra}}} %a0, %a1, %a2 : {ta}, {tb} into {tc}",
        )

    add(
        "contract",
        "map count",
        contract(
            "[affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>]", it3, a, b, c
        ),
    )
    add(
        "contract",
        "map inputs",
        contract(
            "[affine_map<(i, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]",
            it3,
            a,
            b,
            c,
        ),
    )
    add(
        "contract",
        "map outputs",
        contract(
            "[affine_map<(i, j, k) -> (i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]",
            it3,
            a,
            b,
            c,
        ),
    )
    add("contract", "no reduction", contract(mm, '["parallel", "parallel", "parallel"]', a, b, c))
    add("contract", "contracting sizes", contract(mm, it3, a, vec([4, 2], "f32"), c))
    add("contract", "result shape", contract(mm, it3, a, b, vec([4, 3], "f32")))
    add(
        "contract",
        "scalar result",
        contract(
            "[affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>]",
            '["reduction"]',
            vec([4], "f32"),
            vec([4], "f32"),
            vec([1], "f32"),
        ),
    )
    add("contract", "element types", contract(mm, it3, a, vec([8, 2], "f16"), c))
    add("contract", "kind", contract(mm, it3, a, b, c, ", kind = #vector.kind<xor>"))
    add("contract", "iterator", contract(mm, '["parallel", "parallel", "sum"]', a, b, c))
    add(
        "contract",
        "symbols",
        contract(
            "[affine_map<(i, j, k)[s] -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]",
            it3,
            a,
            b,
            c,
        ),
    )
    add(
        "contract",
        "projected",
        contract(
            "[affine_map<(i, j, k) -> (i, k + j)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]",
            it3,
            a,
            b,
            c,
        ),
    )
    # outerproduct
    add(
        "outerproduct",
        "result dims",
        _g(
            "outerproduct",
            [vec([4], "f32"), vec([8], "f32")],
            [vec([4, 4], "f32")],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "lhs rank",
        _g(
            "outerproduct",
            [vec([2, 4], "f32"), vec([8], "f32")],
            [vec([2, 8], "f32")],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "rhs rank",
        _g(
            "outerproduct",
            [vec([4], "f32"), vec([2, 8], "f32")],
            [vec([4, 8], "f32")],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "result rank",
        _g(
            "outerproduct",
            [vec([4], "f32"), vec([8], "f32")],
            [vec([4], "f32")],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "axpy rank",
        _g(
            "outerproduct",
            [vec([4], "f32"), "f32"],
            [vec([4, 1], "f32")],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "acc",
        _g(
            "outerproduct",
            [vec([4], "f32"), vec([8], "f32"), vec([8, 4], "f32")],
            [vec([4, 8], "f32")],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "kind",
        _c(
            [vec([4], "f32"), vec([8], "f32"), vec([4, 8], "f32")],
            f"%r = vector.outerproduct %a0, %a1, %a2 {{kind = #vector.kind<xor>}} : {vec([4], 'f32')}, {vec([8], 'f32')}",
        ),
    )
    add(
        "outerproduct",
        "scalable",
        _g(
            "outerproduct",
            [vec([4], "f32", [True]), vec([8], "f32")],
            [vec([4, 8], "f32", [True, False])],
            "kind = #vector.kind<add>",
        ),
    )
    add(
        "outerproduct",
        "custom operands",
        _c([vec([4], "f32")], f"%r = vector.outerproduct %a0 : {vec([4], 'f32')}, f32"),
    )
    add(
        "outerproduct",
        "custom lhs",
        _c(["f32", vec([4], "f32")], f"%r = vector.outerproduct %a0, %a1 : f32, {vec([4], 'f32')}"),
    )
    # transfers
    m2 = f"memref<?x?x{f}>"
    add(
        "transfer_read",
        "indices",
        _c([m2, "index", f], f"%r = vector.transfer_read %a0[%a1], %a2 : {m2}, {vec([4], f)}"),
    )
    add(
        "transfer_read",
        "padding",
        _c(
            [m2, "index", "i1"],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "map results",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{permutation_map = affine_map<(d0, d1) -> (d1)>}} : {m2}, {vec([2, 4], f)}",
        ),
    )
    add(
        "transfer_read",
        "map inputs",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{permutation_map = affine_map<(d0) -> (d0)>}} : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "map symbols",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{permutation_map = affine_map<(d0, d1)[s0] -> (d1)>}} : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "projected",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{permutation_map = affine_map<(d0, d1) -> (d0 + d1)>}} : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "repeated dim",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{permutation_map = affine_map<(d0, d1) -> (d1, d1)>}} : {m2}, {vec([4, 4], f)}",
        ),
    )
    add(
        "transfer_read",
        "in_bounds",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{in_bounds = [true, false]}} : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "mask type",
        _c(
            [m2, "index", f, vec([2, 4], "i1")],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2, %a3 {{permutation_map = affine_map<(d0, d1) -> (d1, d0)>}} : {m2}, {vec([2, 4], f)}",
        ),
    )
    add(
        "transfer_read",
        "types count",
        _c([m2, "index", f], f"%r = vector.transfer_read %a0[%a1, %a1], %a2 : {m2}"),
    )
    add(
        "transfer_read",
        "base kind",
        _c(
            [vec([4], f), "index", f],
            f"%r = vector.transfer_read %a0[%a1], %a2 : {vec([4], f)}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "vector kind",
        _c([m2, "index", f], f"%r = vector.transfer_read %a0[%a1, %a1], %a2 : {m2}, {f}"),
    )
    add(
        "transfer_read",
        "custom map",
        _c(
            [f"memref<?x{f}>", "index", f],
            f"%r = vector.transfer_read %a0[%a1], %a2 : memref<?x{f}>, {vec([2, 4], f)}",
        ),
    )
    add(
        "transfer_read",
        "bitwidth",
        _c(
            ["memref<?xf64>", "index", "f64"],
            f"%r = vector.transfer_read %a0[%a1], %a2 : memref<?xf64>, {vec([1], 'f32')}",
        ),
    )
    add(
        "transfer_read",
        "constant map",
        _c(
            [m2, "index", f],
            f"%r = vector.transfer_read %a0[%a1, %a1], %a2 {{permutation_map = affine_map<(d0, d1) -> (1)>}} : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_write",
        "indices",
        _c(
            [vec([4], f), m2, "index"], f"vector.transfer_write %a0, %a1[%a2] : {vec([4], f)}, {m2}"
        ),
    )
    add(
        "transfer_write",
        "broadcast",
        _c(
            [vec([4], f), m2, "index"],
            f"vector.transfer_write %a0, %a1[%a2, %a2] {{permutation_map = affine_map<(d0, d1) -> (0)>}} : {vec([4], f)}, {m2}",
        ),
    )
    add(
        "transfer_write",
        "in_bounds",
        _c(
            [vec([4], f), m2, "index"],
            f"vector.transfer_write %a0, %a1[%a2, %a2] {{in_bounds = []}} : {vec([4], f)}, {m2}",
        ),
    )
    add(
        "transfer_write",
        "types",
        _c(
            [vec([4], f), m2, "index"],
            f"vector.transfer_write %a0, %a1[%a2, %a2] : {m2}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_write",
        "mask rank",
        _c(
            [vec([4], f), m2, "index", vec([4], "i1")],
            f"vector.transfer_write %a0, %a1[%a2, %a2], %a3 {{permutation_map = affine_map<(d0, d1) -> (d0, d1)>}} : {vec([4], f)}, {m2}",
        ),
    )
    # memory ops
    m1 = f"memref<?x{f}>"
    add(
        "load",
        "indices",
        _c([m1, "index"], f"%r = vector.load %a0[%a1, %a1] : {m1}, {vec([4], f)}"),
    )
    add("load", "element", _c([m1, "index"], f"%r = vector.load %a0[%a1] : {m1}, {vec([4], i)}"))
    add("load", "rank", _c([m1, "index"], f"%r = vector.load %a0[%a1] : {m1}, {vec([2, 4], f)}"))
    add(
        "load",
        "stride",
        _c(
            [f"memref<?x{f}, strided<[2]>>", "index"],
            f"%r = vector.load %a0[%a1] : memref<?x{f}, strided<[2]>>, {vec([4], f)}",
        ),
    )
    add(
        "load",
        "alignment",
        _c(
            [m1, "index"],
            f"%r = vector.load %a0[%a1] {{alignment = 3 : i64}} : {m1}, {vec([4], f)}",
        ),
    )
    add(
        "load",
        "vector memref",
        _c(
            [f"memref<?x{vec([4], f)}>", "index"],
            f"%r = vector.load %a0[%a1] : memref<?x{vec([4], f)}>, {vec([8], f)}",
        ),
    )
    add(
        "store",
        "indices",
        _c([vec([4], f), m1, "index"], f"vector.store %a0, %a1[] : {m1}, {vec([4], f)}"),
    )
    add(
        "store",
        "element",
        _c([vec([4], i), m1, "index"], f"vector.store %a0, %a1[%a2] : {m1}, {vec([4], i)}"),
    )
    add(
        "store",
        "rank",
        _c([vec([2, 4], f), m1, "index"], f"vector.store %a0, %a1[%a2] : {m1}, {vec([2, 4], f)}"),
    )
    mk4 = vec([4], "i1")
    add(
        "maskedload",
        "element",
        _c(
            [m1, "index", mk4, vec([4], i)],
            f"%r = vector.maskedload %a0[%a1], %a2, %a3 : {m1}, {mk4}, {vec([4], i)} into {vec([4], i)}",
        ),
    )
    add(
        "maskedload",
        "indices",
        _c(
            [m1, "index", mk4, vec([4], f)],
            f"%r = vector.maskedload %a0[], %a2, %a3 : {m1}, {mk4}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "maskedload",
        "mask shape",
        _c(
            [m1, "index", vec([8], "i1"), vec([4], f)],
            f"%r = vector.maskedload %a0[%a1], %a2, %a3 : {m1}, {vec([8], 'i1')}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "maskedload",
        "pass_thru",
        _c(
            [m1, "index", mk4, vec([4], f)],
            f"%r = vector.maskedload %a0[%a1], %a2, %a3 : {m1}, {mk4}, {vec([4], f)} into {vec([4], f, [True])}",
        ),
    )
    add(
        "maskedload",
        "mask element",
        _c(
            [m1, "index", vec([4], "i8"), vec([4], f)],
            f"%r = vector.maskedload %a0[%a1], %a2, %a3 : {m1}, {vec([4], 'i8')}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "maskedstore",
        "element",
        _c(
            [m1, "index", mk4, vec([4], i)],
            f"vector.maskedstore %a0[%a1], %a2, %a3 : {m1}, {mk4}, {vec([4], i)}",
        ),
    )
    add(
        "maskedstore",
        "mask shape",
        _c(
            [m1, "index", vec([8], "i1"), vec([4], f)],
            f"vector.maskedstore %a0[%a1], %a2, %a3 : {m1}, {vec([8], 'i1')}, {vec([4], f)}",
        ),
    )
    add(
        "maskedstore",
        "indices",
        _c(
            [m1, "index", mk4, vec([4], f)],
            f"vector.maskedstore %a0[%a1, %a1], %a2, %a3 : {m1}, {mk4}, {vec([4], f)}",
        ),
    )
    iv = vec([4], "i32")
    add(
        "gather",
        "element",
        _c(
            [m1, "index", iv, mk4, vec([4], i)],
            f"%r = vector.gather %a0[%a1] [%a2], %a3, %a4 : {m1}, {iv}, {mk4}, {vec([4], i)} into {vec([4], i)}",
        ),
    )
    add(
        "gather",
        "offsets",
        _c(
            [m1, "index", iv, mk4, vec([4], f)],
            f"%r = vector.gather %a0[%a1, %a1] [%a2], %a3, %a4 : {m1}, {iv}, {mk4}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "gather",
        "indices dim",
        _c(
            [m1, "index", vec([8], "i32"), mk4, vec([4], f)],
            f"%r = vector.gather %a0[%a1] [%a2], %a3, %a4 : {m1}, {vec([8], 'i32')}, {mk4}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "gather",
        "mask dim",
        _c(
            [m1, "index", iv, vec([8], "i1"), vec([4], f)],
            f"%r = vector.gather %a0[%a1] [%a2], %a3, %a4 : {m1}, {iv}, {vec([8], 'i1')}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "gather",
        "pass_thru",
        _c(
            [m1, "index", iv, mk4, vec([4], f)],
            f"%r = vector.gather %a0[%a1] [%a2], %a3, %a4 : {m1}, {iv}, {mk4}, {vec([4], f)} into {vec([4], f, [True])}",
        ),
    )
    add(
        "gather",
        "index element",
        _c(
            [m1, "index", vec([4], "f32"), mk4, vec([4], f)],
            f"%r = vector.gather %a0[%a1] [%a2], %a3, %a4 : {m1}, {vec([4], 'f32')}, {mk4}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "scatter",
        "element",
        _c(
            [m1, "index", iv, mk4, vec([4], i)],
            f"vector.scatter %a0[%a1] [%a2], %a3, %a4 : {m1}, {iv}, {mk4}, {vec([4], i)}",
        ),
    )
    add(
        "scatter",
        "indices dim",
        _c(
            [m1, "index", vec([8], "i32"), mk4, vec([4], f)],
            f"vector.scatter %a0[%a1] [%a2], %a3, %a4 : {m1}, {vec([8], 'i32')}, {mk4}, {vec([4], f)}",
        ),
    )
    add(
        "scatter",
        "mask dim",
        _c(
            [m1, "index", iv, vec([8], "i1"), vec([4], f)],
            f"vector.scatter %a0[%a1] [%a2], %a3, %a4 : {m1}, {iv}, {vec([8], 'i1')}, {vec([4], f)}",
        ),
    )
    add(
        "scatter",
        "offsets",
        _c(
            [m1, "index", iv, mk4, vec([4], f)],
            f"vector.scatter %a0[] [%a2], %a3, %a4 : {m1}, {iv}, {mk4}, {vec([4], f)}",
        ),
    )
    add(
        "expandload",
        "element",
        _c(
            [m1, "index", mk4, vec([4], i)],
            f"%r = vector.expandload %a0[%a1], %a2, %a3 : {m1}, {mk4}, {vec([4], i)} into {vec([4], i)}",
        ),
    )
    add(
        "expandload",
        "mask dim",
        _c(
            [m1, "index", vec([8], "i1"), vec([4], f)],
            f"%r = vector.expandload %a0[%a1], %a2, %a3 : {m1}, {vec([8], 'i1')}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "expandload",
        "scalable mask",
        _c(
            [m1, "index", vec([4], "i1", [True]), vec([4], f, [True])],
            f"%r = vector.expandload %a0[%a1], %a2, %a3 : {m1}, {vec([4], 'i1', [True])}, {vec([4], f, [True])} into {vec([4], f, [True])}",
        ),
    )
    add(
        "expandload",
        "pass_thru",
        _c(
            [m1, "index", mk4, vec([4], f)],
            f"%r = vector.expandload %a0[%a1], %a2, %a3 : {m1}, {mk4}, {vec([4], f)} into {vec([4], f, [True])}",
        ),
    )
    add(
        "compressstore",
        "element",
        _c(
            [m1, "index", mk4, vec([4], i)],
            f"vector.compressstore %a0[%a1], %a2, %a3 : {m1}, {mk4}, {vec([4], i)}",
        ),
    )
    add(
        "compressstore",
        "mask dim",
        _c(
            [m1, "index", vec([8], "i1"), vec([4], f)],
            f"vector.compressstore %a0[%a1], %a2, %a3 : {m1}, {vec([8], 'i1')}, {vec([4], f)}",
        ),
    )
    add(
        "compressstore",
        "indices",
        _c(
            [m1, "index", mk4, vec([4], f)],
            f"vector.compressstore %a0[%a1, %a1], %a2, %a3 : {m1}, {mk4}, {vec([4], f)}",
        ),
    )
    # mask and yield
    rv = vec([8], f)
    add(
        "mask",
        "mask type",
        _c(
            [vec([4], "i1"), rv],
            f"%r = vector.mask %a0 {{ vector.reduction <add>, %a1 : {rv} into {f} }} : {vec([4], 'i1')} -> {f}",
        ),
    )
    add(
        "mask",
        "result type",
        _c(
            [vec([8], "i1"), rv],
            f"%r = vector.mask %a0 {{ vector.reduction <add>, %a1 : {rv} into {f} }} : {vec([8], 'i1')} -> f64",
        ),
    )
    add(
        "mask",
        "not maskable",
        _c(
            [vec([8], "i1"), rv],
            f"%r = vector.mask %a0 {{ vector.fma %a1, %a1, %a1 : {rv} }} : {vec([8], 'i1')} -> {rv}",
        ),
    )
    add(
        "mask",
        "results count",
        _c(
            [vec([8], "i1"), rv],
            f"vector.mask %a0 {{ vector.yield %a1 : {rv} }} : {vec([8], 'i1')}",
        ),
    )
    add(
        "mask",
        "passthru",
        _c(
            [vec([8], "i1"), rv, f],
            f"%r = vector.mask %a0, %a2 {{ vector.reduction <add>, %a1 : {rv} into {f} }} : {vec([8], 'i1')} -> {f}",
        ),
    )
    add(
        "mask",
        "passthru without result",
        _c([vec([8], "i1"), rv], f"vector.mask %a0, %a1 {{ }} : {vec([8], 'i1')}"),
    )
    add(
        "mask",
        "two ops",
        _c(
            [vec([8], "i1"), rv],
            f"%r = vector.mask %a0 {{\n  %x = vector.reduction <add>, %a1 : {rv} into {f}\n  %y = vector.reduction <mul>, %a1 : {rv} into {f}\n  vector.yield %y : {f}\n}} : {vec([8], 'i1')} -> {f}",
        ),
    )
    add(
        "mask",
        "mask element",
        _g("mask", [vec([8], "i8")], [], extra=' ({\n  "vector.yield"() : () -> ()\n})'),
    )
    add("yield", "parent", _c([f], f"vector.yield %a0 : {f}"))
    # step, vscale, print
    add("step", "rank", _c([], "%r = vector.step : vector<2x4xindex>"))
    add("step", "element", _c([], "%r = vector.step : vector<4xi32>"))
    add("vscale", "result", _g("vscale", [], ["i64"]))
    add("vscale", "operand", _g("vscale", ["index"], ["index"]))
    add(
        "print",
        "string with source",
        _g("print", [f], [], 'punctuation = #vector.punctuation<newline>, stringLiteral = "x"'),
    )
    add("print", "string with punctuation", _c([], 'vector.print str "x" punctuation <comma>'))
    add("print", "source type", _g("print", [f"tensor<4x{f}>"], []))
    add("print", "bad punctuation", _c([], "vector.print punctuation <semicolon>"))
    # Custom syntax.
    add(
        "transfer_read",
        "index list",
        _c([m1, "index", f], f"%r = vector.transfer_read %a0[%a1, %a2 : {m1}, {vec([4], f)}"),
    )
    add(
        "transfer_write",
        "index list",
        _c([vec([4], f), m1, "index"], f"vector.transfer_write %a0, %a1[%a2 : {vec([4], f)}, {m1}"),
    )
    add(
        "contract",
        "no iterator types",
        _c(
            [vec([4], f)] * 3,
            f"%r = vector.contract {{indexing_maps = []}} %a0, %a1, %a2 : {vec([4], f)}, {vec([4], f)} into {vec([4], f)}",
        ),
    )
    add(
        "contract",
        "no maps",
        _c(
            [vec([4], f)] * 3,
            f'%r = vector.contract {{iterator_types = ["reduction"]}} %a0, %a1, %a2 : {vec([4], f)}, {vec([4], f)} into {vec([4], f)}',
        ),
    )
    add("from_elements", "result kind", _c([f], f"%r = vector.from_elements %a0 : {f}"))
    add("to_elements", "source kind", _c([v], f"%r:4 = vector.to_elements %a0 : {e}"))
    add(
        "scan",
        "missing attributes",
        _c([big, vec([8], e)], f"%r:2 = vector.scan <add>, %a0, %a1 : {big}, {vec([8], e)}"),
    )
    add("reduction", "missing into", _c([v], f"%r = vector.reduction <add>, %a0 : {v} {e}"))
    add(
        "reduction",
        "fastmath",
        _c(
            [vec([4], f)],
            f"%r = vector.reduction <add>, %a0 fastmath<bogus> : {vec([4], f)} into {f}",
        ),
    )
    add(
        "mask",
        "missing region",
        _c([vec([4], "i1")], f"%r = vector.mask %a0 : {vec([4], 'i1')} -> {f}"),
    )
    add(
        "mask",
        "missing type",
        _c(
            [vec([4], "i1"), vec([4], f)],
            f"%r = vector.mask %a0 {{ vector.reduction <add>, %a1 : {vec([4], f)} into {f} }} -> {f}",
        ),
    )
    add(
        "outerproduct",
        "one type",
        _c([vec([4], f)], f"%r = vector.outerproduct %a0, %a0 : {vec([4], f)}"),
    )
    add("print", "missing type", _c([v], "vector.print %a0"))
    add("extract", "missing from", _c([v], f"%r = vector.extract %a0[0] : {e} {v}"))
    add("load", "memref kind", _c([m1, "index"], f"%r = vector.load %a0[%a1] : {vec([4], f)}"))
    add("broadcast", "result kind", _c([v], f"%r = vector.broadcast %a0 : {v} to {e}"))
    add("fma", "operand count", _c([v, v], f"%r = vector.fma %a0, %a1 : {v}"))
    add(
        "transfer_read",
        "map kind",
        _c(
            [m1, "index", f],
            f"%r = vector.transfer_read %a0[%a1], %a2 {{permutation_map = 3}} : {m1}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_read",
        "in_bounds kind",
        _c(
            [m1, "index", f],
            f"%r = vector.transfer_read %a0[%a1], %a2 {{in_bounds = [1]}} : {m1}, {vec([4], f)}",
        ),
    )
    add(
        "transfer_write",
        "in_bounds storage",
        _c(
            [vec([4], f), m1, "index"],
            f"vector.transfer_write %a0, %a1[%a2] {{in_bounds = 1}} : {vec([4], f)}, {m1}",
        ),
    )
    add(
        "transfer_write",
        "segment sizes",
        _c(
            [vec([4], f), m1, "index"],
            f"vector.transfer_write %a0, %a1[%a2] {{operandSegmentSizes = array<i32: 1>}} : {vec([4], f)}, {m1}",
        ),
    )
    add("transpose", "missing to", _c([v], f"%r = vector.transpose %a0, [0] : {v}"))
    return out


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    return tuple(_invalid_cases(random.Random(SEED + 1)))


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `VectorOps.td`."""
    td = MLIR_INCLUDE / "Vector/IR/VectorOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("vector.") for op in generated.vector.OPS}
    # `vector.fma` is defined with `Op<Vector_Dialect, "fma", ...>`.
    assert ours == mlir_mnemonics("Vector/IR/VectorOps.td", "Vector") | {"fma"}
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op of the dialect."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {
        name.removeprefix("vector.") for name in op_names(accepted) if name.startswith("vector.")
    }
    assert used == set(ALL_OPS)


def test_valid_programs_print_as_mlir_opt_prints_them() -> None:
    """mlir-opt-22 accepts every program, and odsgen prints each exactly as it does."""
    results = _valid_results()
    rejected = [
        f"{r.program.name}: {r.custom.error}\n{r.program.text}" for r in results if not r.accepted
    ]
    assert not rejected, "mlir-opt-22 rejects:\n" + "\n".join(rejected[:3])
    differ = [r.difference() for r in results if not r.identical]
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:3])


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_invalid_programs_are_rejected_alike() -> None:
    """Both tools accept or reject the same broken programs."""
    disagree = [r.difference() for r in _invalid_results() if not r.agree]
    assert not disagree, f"{len(disagree)} disagreements:\n" + "\n".join(disagree[:5])


def test_invalid_programs_cover_every_op() -> None:
    """Every op has at least one of its checks broken."""
    assert {case.op.removeprefix("vector.") for case in invalid_cases()} == set(ALL_OPS)


def test_first_errors_match() -> None:
    """At least 95% of the rejected programs get mlir-opt-22's first error; the figures
    are printed (run with -s)."""
    figures = Figures.of("vector", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
