"""Random `tensor` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions whose bodies use the ops of `tensor` on tensors of
random shapes (static and dynamic, ranked and unranked) and element types:
slices with constant and SSA offsets, sizes and strides (rank-reducing ones
too), gathers and scatters, reshapes, pads with their regions, concatenations,
element access and creation, and `tensor.parallel_insert_slice` in an
`scf.forall`; many ops are also written in generic form. Together the programs
use every op MLIR 22's `TensorOps.td` defines, and odsgen must print each
exactly as mlir-opt-22 does, in custom and in generic form.

Invalid programs break one check of one op at a time; odsgen must give
mlir-opt-22's first error for at least 95% of the programs both reject. Every
program comes from a fixed seed; run with `-s` for the figures.
"""

from __future__ import annotations

import random
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
    mlir_mnemonics,
    op_names,
)

import generated.tensor

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261128
PROGRAMS = 40
MIN_SAME_ERROR = 0.95

ELEMENTS = ["f32", "f16", "f64", "i32", "i8", "i64"]
ALL_OPS = [
    "bitcast", "cast", "collapse_shape", "concat", "dim", "empty", "expand_shape",
    "extract", "extract_slice", "from_elements", "gather", "generate", "insert",
    "insert_slice", "pad", "parallel_insert_slice", "rank", "reshape", "scatter", "splat",
    "yield",
]  # fmt: skip
GENERATED = [op for op in ALL_OPS if op != "yield"]
#: Element types of one bit width, for bitcasts.
SAME_WIDTH = {"f32": "i32", "i32": "f32", "f16": "i16", "i8": "i8", "f64": "i64", "i64": "f64"}


@dataclass
class _Fn:
    """One function being generated: its arguments and body lines."""

    rng: random.Random
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    count: int = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def arg(self, ty: str) -> str:
        name = f"%a{len(self.args)}"
        self.args.append((name, ty))
        return name

    def index(self) -> str:
        if self.rng.random() < 0.5:
            name = self.fresh()
            self.lines.append(f"{name} = arith.constant {self.rng.randint(0, 2)} : index")
            return name
        return self.arg("index")

    def generic(self) -> bool:
        return self.rng.random() < 0.35


def _tensor(dims: list[int | None], element: str) -> str:
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in dims) + element + ">"


def _dims(rng: random.Random, rank: int, dynamic: float = 0.3) -> list[int | None]:
    return [None if rng.random() < dynamic else rng.choice([1, 2, 3, 4, 8]) for _ in range(rank)]


def _op(fn: _Fn, op: str) -> None:
    """Append one use of `op` (and what it needs) to the function."""
    rng = fn.rng
    t = rng.choice(ELEMENTS)
    r = fn.fresh()
    if op == "bitcast":
        dims = _dims(rng, rng.randint(1, 2))
        src, dst = _tensor(dims, t), _tensor(dims, SAME_WIDTH[t])
        x = fn.arg(src)
        if fn.generic():
            fn.lines.append(f'{r} = "tensor.bitcast"({x}) : ({src}) -> {dst}')
        else:
            fn.lines.append(f"{r} = tensor.bitcast {x} : {src} to {dst}")
    elif op == "cast":
        dims = _dims(rng, rng.randint(1, 3), 0.0)
        src = _tensor(dims, t)
        dst = rng.choice(
            [f"tensor<*x{t}>", _tensor([None if rng.random() < 0.5 else d for d in dims], t)]
        )
        x = fn.arg(src)
        fn.lines.append(f"{r} = tensor.cast {x} : {src} to {dst}")
    elif op == "concat":
        n, b = rng.randint(1, 3), rng.choice([2, 5])
        firsts = [rng.choice([1, 3, None]) for _ in range(n)]
        types = [_tensor([a, b], t) for a in firsts]
        total = None if None in firsts else sum(a for a in firsts if a is not None)
        uses = [fn.arg(ty) for ty in types]
        res = _tensor([total, b], t)
        fn.lines.append(
            f"{r} = tensor.concat dim(0) {', '.join(uses)} : ({', '.join(types)}) -> {res}"
        )
    elif op == "dim":
        ty = rng.choice([_tensor(_dims(rng, 2), t), f"tensor<*x{t}>"])
        x, i = fn.arg(ty), fn.index()
        fn.lines.append(f"{r} = tensor.dim {x}, {i} : {ty}")
    elif op == "rank":
        ty = rng.choice([_tensor(_dims(rng, 2), t), f"tensor<*x{t}>"])
        x = fn.arg(ty)
        if fn.generic():
            fn.lines.append(f'{r} = "tensor.rank"({x}) : ({ty}) -> index')
        else:
            fn.lines.append(f"{r} = tensor.rank {x} : {ty}")
    elif op == "empty":
        dims = _dims(rng, rng.randint(0, 3))
        sizes = ", ".join(fn.index() for d in dims if d is None)
        fn.lines.append(f"{r} = tensor.empty({sizes}) : {_tensor(dims, t)}")
    elif op in ("extract", "insert"):
        dims = _dims(rng, rng.randint(0, 2))
        ty = _tensor(dims, t)
        x = fn.arg(ty)
        idx = ", ".join(fn.index() for _ in dims)
        if op == "extract":
            fn.lines.append(f"{r} = tensor.extract {x}[{idx}] : {ty}")
        else:
            v = fn.arg(t)
            fn.lines.append(f"{r} = tensor.insert {v} into {x}[{idx}] : {ty}")
    elif op == "from_elements":
        n = rng.randint(1, 4)
        v = fn.arg(t)
        fn.lines.append(f"{r} = tensor.from_elements {', '.join([v] * n)} : tensor<{n}x{t}>")
    elif op == "splat":
        dims = _dims(rng, rng.randint(0, 2))
        v = fn.arg(t)
        sizes = [fn.index() for d in dims if d is None]
        dyn = f"[{', '.join(sizes)}]" if sizes else ""
        fn.lines.append(f"{r} = tensor.splat {v}{dyn} : {_tensor(dims, t)}")
    elif op == "generate":
        dims = _dims(rng, rng.randint(1, 2))
        v = fn.arg(t)
        sizes = ", ".join(fn.index() for d in dims if d is None)
        args = ", ".join(f"%g{fn.count}_{k}: index" for k in range(len(dims)))
        fn.lines += [
            f"{r} = tensor.generate {sizes} {{",
            f"^bb0({args}):",
            f"  tensor.yield {v} : {t}",
            f"}} : {_tensor(dims, t)}",
        ]
    elif op in ("extract_slice", "insert_slice"):
        a, b = rng.choice([4, 8]), rng.choice([4, 16])
        whole = _tensor([a, b], t)
        x = fn.arg(whole)
        o0 = fn.index() if rng.random() < 0.4 else str(rng.randint(0, 1))
        s0, s1 = rng.randint(1, 2), rng.randint(1, 3)
        reduce = s0 == 1 and rng.random() < 0.5
        part = _tensor([s1] if reduce else [s0, s1], t)
        lists = f"[{o0}, 1] [{s0}, {s1}] [1, 1]"
        if op == "extract_slice":
            fn.lines.append(f"{r} = tensor.extract_slice {x}{lists} : {whole} to {part}")
        else:
            y = fn.arg(part)
            fn.lines.append(f"{r} = tensor.insert_slice {y} into {x}{lists} : {part} into {whole}")
    elif op == "parallel_insert_slice":
        whole = _tensor([8, 16], t)
        x, y = fn.arg(whole), fn.arg(_tensor([4], t))
        fn.lines += [
            f"{r} = scf.forall (%k{fn.count}) in (2) shared_outs(%o{fn.count} = {x}) -> ({whole}) {{",
            "  scf.forall.in_parallel {",
            f"    tensor.parallel_insert_slice {y} into %o{fn.count}[0, %k{fn.count}] [4, 1] "
            f"[1, 1] : {_tensor([4], t)} into {whole}",
            "  }",
            "}",
        ]
    elif op in ("gather", "scatter"):
        n = rng.choice([1, 2])
        src = _tensor([8, 16], t)
        idx_t = _tensor([1, n, 1], rng.choice(["index", "i32"]))
        x, idx = fn.arg(src), fn.arg(idx_t)
        reduced = rng.random() < 0.5
        part = _tensor([1, n, 16] if reduced else [1, n, 1, 16], t)
        unique = " unique" if op == "scatter" or rng.random() < 0.3 else ""
        if op == "gather":
            fn.lines.append(
                f"{r} = tensor.gather {x}[{idx}] gather_dims([0]){unique} : ({src}, {idx_t}) -> {part}"
            )
        else:
            y = fn.arg(part)
            fn.lines.append(
                f"{r} = tensor.scatter {y} into {x}[{idx}] scatter_dims([0]){unique} : "
                f"({part}, {src}, {idx_t}) -> {src}"
            )
    elif op == "reshape":
        src = _tensor(_dims(rng, 1), t)
        x = fn.arg(src)
        if rng.random() < 0.6:
            s = fn.arg("tensor<2xindex>")
            fn.lines.append(
                f"{r} = tensor.reshape {x}({s}) : ({src}, tensor<2xindex>) -> {_tensor([None, None], t)}"
            )
        else:
            s = fn.arg("tensor<?xi32>")
            fn.lines.append(
                f"{r} = tensor.reshape {x}({s}) : ({src}, tensor<?xi32>) -> tensor<*x{t}>"
            )
    elif op == "expand_shape":
        a, b = rng.choice([2, 3]), rng.choice([2, 4])
        if rng.random() < 0.5:
            x, i = fn.arg(f"tensor<?x{t}>"), fn.index()
            fn.lines.append(
                f"{r} = tensor.expand_shape {x} [[0, 1]] output_shape [{i}, {b}] : "
                f"tensor<?x{t}> into tensor<?x{b}x{t}>"
            )
        else:
            x = fn.arg(f"tensor<{a * b}x{t}>")
            fn.lines.append(
                f"{r} = tensor.expand_shape {x} [[0, 1]] output_shape [{a}, {b}] : "
                f"tensor<{a * b}x{t}> into tensor<{a}x{b}x{t}>"
            )
    elif op == "collapse_shape":
        a, b = rng.choice([2, 3]), rng.choice([2, None])
        src = _tensor([a, b, 5], t)
        x = fn.arg(src)
        res = _tensor([None if b is None else a * b, 5], t)
        if fn.generic():
            fn.lines.append(
                f'{r} = "tensor.collapse_shape"({x}) <{{reassociation = [[0, 1], [2]]}}> : ({src}) -> {res}'
            )
        else:
            fn.lines.append(f"{r} = tensor.collapse_shape {x} [[0, 1], [2]] : {src} into {res}")
    elif op == "pad":
        a = rng.choice([2, 8])
        src = _tensor([a, 4], t)
        x, v = fn.arg(src), fn.arg(t)
        lo = rng.randint(0, 2)
        dyn = rng.random() < 0.5
        hi = fn.index() if dyn else str(rng.randint(0, 2))
        high = f"[0, {hi}]" if dyn else f"[{hi}, 0]"
        res = _tensor([a + lo, None], t) if dyn else _tensor([a + lo + int(hi), 4], t)
        nofold = " nofold" if rng.random() < 0.3 else ""
        fn.lines += [
            f"{r} = tensor.pad {x}{nofold} low[{lo}, 0] high{high} {{",
            f"^bb0(%p{fn.count}: index, %q{fn.count}: index):",
            f"  tensor.yield {v} : {t}",
            f"}} : {src} to {res}",
        ]
    else:  # pragma: no cover - every op has a branch
        raise AssertionError(op)


def _program(seed: int, ops: list[str]) -> str:
    fn = _Fn(random.Random(seed))
    for op in ops:
        _op(fn, op)
    params = ", ".join(f"{name}: {ty}" for name, ty in fn.args)
    body = "".join(f"  {line}\n" for line in fn.lines)
    return f"func.func @f{seed % 1000}({params}) {{\n{body}  return\n}}\n"


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op in turn."""
    rng = random.Random(SEED)
    order = list(GENERATED)
    rng.shuffle(order)
    out = []
    for i in range(PROGRAMS):
        ops = order[i * 6 : i * 6 + 6] if i * 6 < len(order) else []
        ops += rng.choices(GENERATED, k=rng.randint(2, 8))
        out.append(Program(f"program {i}", _program(SEED + i, ops)))
    return tuple(out)


# -- invalid programs --------------------------------------------------------------

#: (op, what is broken, function body); `{T}` is an element type, `{W}` one of
#: another bit width, `{N}` a static size of 2 or more.
INVALID: list[tuple[str, str, str]] = [
    ("bitcast", "bit width", "%r = tensor.bitcast %s : tensor<8x16x{T}> to tensor<8x16x{W}>"),
    ("bitcast", "shape", "%r = tensor.bitcast %s : tensor<8x16x{T}> to tensor<8x8x{T}>"),
    ("cast", "shape", "%r = tensor.cast %m : tensor<{N}x?x{T}> to tensor<9x?x{T}>"),
    (
        "concat",
        "dim",
        "%r = tensor.concat dim(2) %s, %d : (tensor<8x16x{T}>, tensor<?x16x{T}>) -> tensor<?x16x{T}>",
    ),
    (
        "concat",
        "element type",
        "%r = tensor.concat dim(0) %s, %d : (tensor<8x16x{T}>, tensor<?x16x{T}>) -> tensor<?x16x{W}>",
    ),
    (
        "concat",
        "sizes",
        "%r = tensor.concat dim(0) %s, %e : (tensor<8x16x{T}>, tensor<?x8x{T}>) -> tensor<?x16x{T}>",
    ),
    (
        "concat",
        "rank",
        "%r = tensor.concat dim(0) %s, %v : (tensor<8x16x{T}>, tensor<8x{T}>) -> tensor<?x16x{T}>",
    ),
    (
        "concat",
        "inferred size",
        "%r = tensor.concat dim(0) %s, %s : (tensor<8x16x{T}>, tensor<8x16x{T}>) -> tensor<15x16x{T}>",
    ),
    ("concat", "no inputs", '%r = "tensor.concat"() <{{dim = 0 : i64}}> : () -> tensor<8x16x{T}>'),
    ("dim", "rank 0", "%r = tensor.dim %z, %i : tensor<{T}>"),
    ("empty", "dynamic sizes", "%r = tensor.empty() : tensor<{N}x?x{T}>"),
    ("extract", "index count", "%r = tensor.extract %m[%i] : tensor<{N}x?x{T}>"),
    (
        "insert",
        "scalar type",
        '%r = "tensor.insert"(%w, %m, %i, %i) : ({W}, tensor<{N}x?x{T}>, index, index) -> tensor<{N}x?x{T}>',
    ),
    ("insert", "index count", "%r = tensor.insert %x into %m[%i] : tensor<{N}x?x{T}>"),
    ("from_elements", "count", "%r = tensor.from_elements %x : tensor<{N}x{T}>"),
    ("from_elements", "dynamic type", "%r = tensor.from_elements %x : tensor<?x{T}>"),
    ("splat", "dynamic sizes", "%r = tensor.splat %x : tensor<?x{T}>"),
    (
        "generate",
        "argument count",
        "%r = tensor.generate %i {{\n  ^bb0(%a: index):\n    tensor.yield %x : {T}\n  }} : tensor<{N}x?x{T}>",
    ),
    (
        "generate",
        "yield type",
        "%r = tensor.generate %i {{\n  ^bb0(%a: index, %b: index):\n    tensor.yield %w : {W}\n  }} : tensor<{N}x?x{T}>",
    ),
    ("yield", "parent", "tensor.yield %x : {T}"),
    ("rank", "result type", '%r = "tensor.rank"(%m) : (tensor<{N}x?x{T}>) -> i32'),
    (
        "extract_slice",
        "size mismatch",
        "%r = tensor.extract_slice %s[0, %i] [4, 1] [1, 1] : tensor<8x16x{T}> to tensor<4x2x{T}>",
    ),
    (
        "extract_slice",
        "element type",
        "%r = tensor.extract_slice %s[0, %i] [4, 1] [1, 1] : tensor<8x16x{T}> to tensor<4x{W}>",
    ),
    (
        "extract_slice",
        "rank",
        "%r = tensor.extract_slice %s[0, %i] [4, 1] [1, 1] : tensor<8x16x{T}> to tensor<4x1x1x{T}>",
    ),
    (
        "extract_slice",
        "list ranks",
        "%r = tensor.extract_slice %s[0, %i] [4] [1, 1] : tensor<8x16x{T}> to tensor<4x{T}>",
    ),
    (
        "extract_slice",
        "offset bounds",
        "%r = tensor.extract_slice %s[9, %i] [4, 1] [1, 1] : tensor<8x16x{T}> to tensor<4x{T}>",
    ),
    (
        "extract_slice",
        "slice bounds",
        "%r = tensor.extract_slice %s[6, %i] [4, 1] [1, 1] : tensor<8x16x{T}> to tensor<4x{T}>",
    ),
    (
        "extract_slice",
        "dynamic result",
        "%r = tensor.extract_slice %s[0, %i] [4, 1] [1, 1] : tensor<8x16x{T}> to tensor<?x{T}>",
    ),
    (
        "extract_slice",
        "negative size",
        "%r = tensor.extract_slice %s[0, %i] [-4, 1] [1, 1] : tensor<8x16x{T}> to tensor<4x{T}>",
    ),
    (
        "insert_slice",
        "size mismatch",
        "%r = tensor.insert_slice %q into %s[0, %i] [4, 1] [1, 1] : tensor<4x2x{T}> into tensor<8x16x{T}>",
    ),
    (
        "insert_slice",
        "result type",
        '%r = "tensor.insert_slice"(%p, %s, %i) <{{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, 1>, static_strides = array<i64: 1, 1>}}> : (tensor<4x{T}>, tensor<8x16x{T}>, index) -> tensor<8x17x{T}>',
    ),
    (
        "insert_slice",
        "bounds",
        "%r = tensor.insert_slice %p into %s[7, %i] [4, 1] [1, 1] : tensor<4x{T}> into tensor<8x16x{T}>",
    ),
    (
        "parallel_insert_slice",
        "parent",
        "tensor.parallel_insert_slice %p into %s[0, %i] [4, 1] [1, 1] : tensor<4x{T}> into tensor<8x16x{T}>",
    ),
    (
        "parallel_insert_slice",
        "size mismatch",
        "%r = scf.forall (%k) in (2) shared_outs(%o = %s) -> (tensor<8x16x{T}>) {{\n    scf.forall.in_parallel {{\n      tensor.parallel_insert_slice %q into %o[0, %k] [4, 1] [1, 1] : tensor<4x2x{T}> into tensor<8x16x{T}>\n    }}\n  }}",
    ),
    (
        "parallel_insert_slice",
        "destination",
        "%r = scf.forall (%k) in (2) shared_outs(%o = %s) -> (tensor<8x16x{T}>) {{\n    scf.forall.in_parallel {{\n      tensor.parallel_insert_slice %p into %s[0, %k] [4, 1] [1, 1] : tensor<4x{T}> into tensor<8x16x{T}>\n    }}\n  }}",
    ),
    (
        "gather",
        "result type",
        "%r = tensor.gather %s[%g] gather_dims([0]) : (tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<1x2x8x{T}>",
    ),
    (
        "gather",
        "dims length",
        "%r = tensor.gather %s[%g] gather_dims([1, 0]) : (tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<1x2x16x{T}>",
    ),
    (
        "gather",
        "dims order",
        "%r = tensor.gather %s[%g2] gather_dims([1, 0]) : (tensor<8x16x{T}>, tensor<1x2x2xindex>) -> tensor<1x2x{T}>",
    ),
    (
        "gather",
        "dims range",
        "%r = tensor.gather %s[%g] gather_dims([2]) : (tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<1x2x16x{T}>",
    ),
    (
        "gather",
        "no dims",
        "%r = tensor.gather %s[%g] gather_dims([]) : (tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<1x2x16x{T}>",
    ),
    (
        "gather",
        "element type",
        "%r = tensor.gather %s[%g] gather_dims([0]) : (tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<1x2x16x{W}>",
    ),
    (
        "scatter",
        "unique",
        "%r = tensor.scatter %u into %s[%g] scatter_dims([0]) : (tensor<1x2x16x{T}>, tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<8x16x{T}>",
    ),
    (
        "scatter",
        "source type",
        "%r = tensor.scatter %u8 into %s[%g] scatter_dims([0]) unique : (tensor<1x2x8x{T}>, tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<8x16x{T}>",
    ),
    (
        "scatter",
        "dims range",
        "%r = tensor.scatter %u into %s[%g] scatter_dims([3]) unique : (tensor<1x2x16x{T}>, tensor<8x16x{T}>, tensor<1x2x1xindex>) -> tensor<8x16x{T}>",
    ),
    (
        "reshape",
        "element type",
        "%r = tensor.reshape %d(%sh) : (tensor<?x{T}>, tensor<2xindex>) -> tensor<?x?x{W}>",
    ),
    (
        "reshape",
        "shape length",
        "%r = tensor.reshape %d(%sh) : (tensor<?x{T}>, tensor<2xindex>) -> tensor<?x{T}>",
    ),
    (
        "reshape",
        "dynamic shape",
        "%r = tensor.reshape %d(%dsh) : (tensor<?x{T}>, tensor<?xindex>) -> tensor<?x?x{T}>",
    ),
    (
        "reshape",
        "element count",
        "%r = tensor.reshape %c6(%sh) : (tensor<6x{T}>, tensor<2xindex>) -> tensor<2x4x{T}>",
    ),
    (
        "expand_shape",
        "output rank",
        "%r = tensor.expand_shape %d [[0, 1]] output_shape [%i, 4] : tensor<?x{T}> into tensor<?x4x1x{T}>",
    ),
    (
        "expand_shape",
        "static size",
        "%r = tensor.expand_shape %v [[0, 1]] output_shape [2, 3] : tensor<8x{T}> into tensor<2x3x{T}>",
    ),
    (
        "expand_shape",
        "element type",
        "%r = tensor.expand_shape %v [[0, 1]] output_shape [2, 4] : tensor<8x{T}> into tensor<2x4x{W}>",
    ),
    (
        "expand_shape",
        "dynamic size",
        "%r = tensor.expand_shape %s [[0, 1], [2]] output_shape [%i, 4, 16] : tensor<8x16x{T}> into tensor<?x4x16x{T}>",
    ),
    (
        "collapse_shape",
        "size",
        "%r = tensor.collapse_shape %s [[0, 1]] : tensor<8x16x{T}> into tensor<127x{T}>",
    ),
    (
        "collapse_shape",
        "group count",
        "%r = tensor.collapse_shape %s [[0], [1]] : tensor<8x16x{T}> into tensor<128x{T}>",
    ),
    (
        "collapse_shape",
        "contiguity",
        "%r = tensor.collapse_shape %s [[1, 0]] : tensor<8x16x{T}> into tensor<128x{T}>",
    ),
    (
        "collapse_shape",
        "element type",
        "%r = tensor.collapse_shape %s [[0, 1]] : tensor<8x16x{T}> into tensor<128x{W}>",
    ),
    (
        "collapse_shape",
        "map size",
        "%r = tensor.collapse_shape %s [[0, 1, 2]] : tensor<8x16x{T}> into tensor<128x{T}>",
    ),
    (
        "collapse_shape",
        "rank",
        "%r = tensor.collapse_shape %v [[0]] : tensor<8x{T}> into tensor<2x4x{T}>",
    ),
    (
        "collapse_shape",
        "dynamic",
        "%r = tensor.collapse_shape %d2 [[0, 1]] : tensor<?x16x{T}> into tensor<128x{T}>",
    ),
    (
        "pad",
        "result shape",
        "%r = tensor.pad %s low[1, 0] high[2, 0] {{\n  ^bb0(%a: index, %b: index):\n    tensor.yield %x : {T}\n  }} : tensor<8x16x{T}> to tensor<12x16x{T}>",
    ),
    (
        "pad",
        "yield type",
        "%r = tensor.pad %s low[1, 0] high[2, 0] {{\n  ^bb0(%a: index, %b: index):\n    tensor.yield %w : {W}\n  }} : tensor<8x16x{T}> to tensor<11x16x{T}>",
    ),
    (
        "pad",
        "list length",
        "%r = tensor.pad %s low[1] high[2, 0] {{\n  ^bb0(%a: index, %b: index):\n    tensor.yield %x : {T}\n  }} : tensor<8x16x{T}> to tensor<11x16x{T}>",
    ),
    (
        "pad",
        "argument count",
        "%r = tensor.pad %s low[1, 0] high[2, 0] {{\n  ^bb0(%a: index):\n    tensor.yield %x : {T}\n  }} : tensor<8x16x{T}> to tensor<11x16x{T}>",
    ),
    (
        "pad",
        "argument type",
        "%r = tensor.pad %s low[1, 0] high[2, 0] {{\n  ^bb0(%a: index, %b: i32):\n    tensor.yield %x : {T}\n  }} : tensor<8x16x{T}> to tensor<11x16x{T}>",
    ),
    (
        "pad",
        "missing yield",
        "%r = tensor.pad %s low[1, 0] high[2, 0] {{\n  ^bb0(%a: index, %b: index):\n  }} : tensor<8x16x{T}> to tensor<11x16x{T}>",
    ),
    # Operand, result and attribute constraints, in generic form.
    (
        "concat",
        "operand type",
        '%r = "tensor.concat"(%mm) <{{dim = 0 : i64}}> : (memref<4x{T}>) -> tensor<4x{T}>',
    ),
    ("concat", "missing dim", '%r = "tensor.concat"(%p) : (tensor<4x{T}>) -> tensor<4x{T}>'),
    ("bitcast", "operand type", '%r = "tensor.bitcast"(%mm) : (memref<4x{T}>) -> tensor<4x{T}>'),
    (
        "bitcast",
        "index elements",
        '%r = "tensor.bitcast"(%ix) : (tensor<4xindex>) -> tensor<4xi64>',
    ),
    (
        "gather",
        "indices type",
        '%r = "tensor.gather"(%p, %p) <{{gather_dims = array<i64: 0>}}> : (tensor<4x{T}>, tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "scatter",
        "indices type",
        '%r = "tensor.scatter"(%p, %p, %p) <{{scatter_dims = array<i64: 0>, unique}}> : (tensor<4x{T}>, tensor<4x{T}>, tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "reshape",
        "shape type",
        '%r = "tensor.reshape"(%p, %p) : (tensor<4x{T}>, tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "collapse_shape",
        "missing reassociation",
        '%r = "tensor.collapse_shape"(%p) : (tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "collapse_shape",
        "reassociation kind",
        '%r = "tensor.collapse_shape"(%p) <{{reassociation = [0]}}> : (tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "expand_shape",
        "missing output shape",
        '%r = "tensor.expand_shape"(%p) <{{reassociation = [[0]]}}> : (tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "pad",
        "empty region",
        '%r = "tensor.pad"(%p) <{{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0>, static_low = array<i64: 0>}}> ({{\n  }}) : (tensor<4x{T}>) -> tensor<4x{T}>',
    ),
    (
        "extract_slice",
        "result type",
        '%r = "tensor.extract_slice"(%p) <{{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}}> : (tensor<4x{T}>) -> memref<4x{T}>',
    ),
]

PARAMS = [
    ("%m", "tensor<{N}x?x{T}>"), ("%s", "tensor<8x16x{T}>"), ("%d", "tensor<?x16x{T}>"),
    ("%e", "tensor<?x8x{T}>"), ("%v", "tensor<8x{T}>"), ("%z", "tensor<{T}>"),
    ("%q", "tensor<4x2x{T}>"), ("%p", "tensor<4x{T}>"), ("%g", "tensor<1x2x1xindex>"),
    ("%g2", "tensor<1x2x2xindex>"), ("%u", "tensor<1x2x16x{T}>"), ("%u8", "tensor<1x2x8x{T}>"),
    ("%sh", "tensor<2xindex>"), ("%dsh", "tensor<?xindex>"), ("%c6", "tensor<6x{T}>"),
    ("%d2", "tensor<?x16x{T}>"), ("%i", "index"), ("%x", "{T}"), ("%w", "{W}"),
    ("%mm", "memref<4x{T}>"), ("%ix", "tensor<4xindex>"),
]  # fmt: skip
#: Pairs of element types of different bit widths.
OTHER_WIDTH = {"f32": "f64", "f16": "i32", "i32": "i64", "i8": "f32", "f64": "i8", "i64": "f16"}


def _fill(text: str, values: dict[str, str]) -> str:
    """`text` with `{T}`, `{W}` and `{N}` replaced and `{{`, `}}` read as braces."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text.replace("{{", "{").replace("}}", "}")


def _invalid_text(line: str, rng: random.Random) -> str:
    t = rng.choice(ELEMENTS)
    values = {"T": t, "W": OTHER_WIDTH[t], "N": str(rng.choice([2, 4, 8]))}
    params = ", ".join(f"{name}: {_fill(ty, values)}" for name, ty in PARAMS)
    # `%d` of `reshape` is 1-D: the same name, declared per case.
    body = _fill(line, values)
    if "tensor.reshape %d" in body or "expand_shape %d" in body:
        params = params.replace(f"%d: tensor<?x16x{t}>", f"%d: tensor<?x{t}>")
    return f"func.func @f({params}) {{\n  {body}\n  return\n}}\n"


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    return tuple(
        InvalidCase(f"tensor.{op}", check, _invalid_text(line, rng))
        for _ in range(2)
        for op, check, line in INVALID
    )


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `TensorOps.td`."""
    td = MLIR_INCLUDE / "Tensor/IR/TensorOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("tensor.") for op in generated.tensor.OPS}
    assert ours == mlir_mnemonics("Tensor/IR/TensorOps.td", "Tensor_")
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op of the dialect."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {n.removeprefix("tensor.") for n in op_names(accepted) if n.startswith("tensor.")}
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


def test_invalid_programs_are_rejected_alike() -> None:
    """Both tools reject every broken program."""
    accepted = [r.difference() for r in _invalid_results() if r.theirs.ok or r.ours.ok]
    assert not accepted, f"{len(accepted)} accepted:\n" + "\n".join(accepted[:5])


def test_first_errors_match() -> None:
    """At least 95% of the rejected programs get mlir-opt-22's first error; the figures
    are printed (run with -s)."""
    figures = Figures.of("tensor", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
