"""Random `memref` programs, valid and invalid, against mlir-opt-22.

Valid programs are modules of `memref.global`s and a function whose body uses the
ops of `memref` on memrefs of random shapes (static and dynamic), element types,
layouts and memory spaces, each op written in custom form and, for many, in
generic form; together the programs use every op MLIR 22's `MemRefOps.td`
defines. odsgen must print each exactly as mlir-opt-22 does, in custom and in
generic form.

Invalid programs break one check of one op at a time (types, counts, layouts,
memory spaces, attributes, index lists, regions, symbols and the custom syntax);
odsgen must give mlir-opt-22's first error for at least 95% of the programs both
reject. Every program comes from a fixed seed; run with `-s` for the figures.
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

import generated.memref

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261127
PROGRAMS = 40
MIN_SAME_ERROR = 0.95

FLOATS = ["f32", "f16", "f64", "bf16"]
INTS = ["i32", "i8", "i64", "i16"]
ALL_OPS = [
    "alloc", "alloca", "alloca_scope", "alloca_scope.return", "assume_alignment",
    "atomic_rmw", "atomic_yield", "cast", "collapse_shape", "copy", "dealloc", "dim",
    "distinct_objects", "dma_start", "dma_wait", "expand_shape",
    "extract_aligned_pointer_as_index", "extract_strided_metadata", "generic_atomic_rmw",
    "get_global", "global", "load", "memory_space_cast", "prefetch", "rank", "realloc",
    "reinterpret_cast", "reshape", "store", "subview", "transpose", "view",
]  # fmt: skip
#: The ops a program's generator writes (the terminators come with their parents).
GENERATED = [op for op in ALL_OPS if op not in ("alloca_scope.return", "atomic_yield")]


@dataclass
class _Fn:
    """One program being generated: its globals, arguments and body lines."""

    rng: random.Random
    globals: list[str] = field(default_factory=list)
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    count: int = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def arg(self, ty: str) -> str:
        """A new argument of type `ty`."""
        name = f"%a{len(self.args)}"
        self.args.append((name, ty))
        return name

    def index(self) -> str:
        """An index value: an argument or an `arith.constant`."""
        if self.rng.random() < 0.5:
            name = self.fresh()
            self.lines.append(f"{name} = arith.constant {self.rng.randint(0, 3)} : index")
            return name
        return self.arg("index")

    def generic(self) -> bool:
        return self.rng.random() < 0.35


def _dims(rng: random.Random, rank: int, dynamic: float = 0.3) -> list[int | None]:
    """`rank` sizes, None for `?`."""
    return [None if rng.random() < dynamic else rng.choice([1, 2, 3, 4, 8]) for _ in range(rank)]


def _shape(dims: list[int | None]) -> str:
    return "".join(("?" if d is None else str(d)) + "x" for d in dims)


def _memref(dims: list[int | None], element: str, tail: str = "") -> str:
    return f"memref<{_shape(dims)}{element}{tail}>"


def _element(rng: random.Random) -> str:
    return rng.choice(FLOATS + INTS)


def _attrs(rng: random.Random) -> str:
    return rng.choice([" {tag}", ' {note = "m"}']) if rng.random() < 0.1 else ""


def _op(fn: _Fn, op: str) -> None:
    """Append one use of `op` (and what it needs) to the program."""
    rng = fn.rng
    t = _element(rng)
    r = fn.fresh()
    if op in ("alloc", "alloca"):
        dims = _dims(rng, rng.randint(0, 3))
        sizes = ", ".join(fn.index() for d in dims if d is None)
        align = f" {{alignment = {rng.choice([8, 16, 64])} : i64}}" if rng.random() < 0.3 else ""
        ty = _memref(dims, t, rng.choice(["", "", ", 1"]))
        fn.lines.append(f"{r} = memref.{op}({sizes}){align} : {ty}")
    elif op == "dealloc":
        ty = _memref(_dims(rng, rng.randint(0, 2)), t)
        m = fn.arg(ty)
        if fn.generic():
            fn.lines.append(f'"memref.dealloc"({m}) : ({ty}) -> ()')
        else:
            fn.lines.append(f"memref.dealloc {m}{_attrs(rng)} : {ty}")
    elif op in ("load", "store"):
        dims = _dims(rng, rng.randint(0, 3))
        ty = _memref(dims, t)
        m = fn.arg(ty)
        idx = [fn.index() for _ in dims]
        extra = rng.choice(["", "", " {nontemporal = true}", " {alignment = 16 : i64}"])
        if op == "load":
            if fn.generic():
                # An inherent attribute goes in the properties of the generic form.
                props = f" <{extra.strip()}>" if extra else ""
                types = ", ".join([ty] + ["index"] * len(idx))
                uses = ", ".join([m, *idx])
                fn.lines.append(f'{r} = "memref.load"({uses}){props} : ({types}) -> {t}')
            else:
                fn.lines.append(f"{r} = memref.load {m}[{', '.join(idx)}]{extra} : {ty}")
        else:
            v = fn.arg(t)
            fn.lines.append(f"memref.store {v}, {m}[{', '.join(idx)}]{extra} : {ty}")
    elif op == "dim":
        dims = _dims(rng, rng.randint(1, 3))
        ty = _memref(dims, t) if rng.random() < 0.8 else f"memref<*x{t}>"
        m, i = fn.arg(ty), fn.index()
        fn.lines.append(f"{r} = memref.dim {m}, {i} : {ty}")
    elif op == "rank":
        ty = rng.choice([f"memref<*x{t}>", _memref(_dims(rng, 2), t)])
        m = fn.arg(ty)
        if fn.generic():
            fn.lines.append(f'{r} = "memref.rank"({m}) : ({ty}) -> index')
        else:
            fn.lines.append(f"{r} = memref.rank {m} : {ty}")
    elif op == "cast":
        dims = _dims(rng, rng.randint(1, 3), 0.0)
        src = _memref(dims, t)
        dst = rng.choice([_memref([None if rng.random() < 0.5 else d for d in dims], t)])
        if rng.random() < 0.3:
            dst = f"memref<*x{t}>"
        m = fn.arg(src)
        fn.lines.append(f"{r} = memref.cast {m} : {src} to {dst}")
    elif op == "subview":
        a, b = rng.choice([4, 8, 16]), rng.choice([4, 8])
        src = _memref([a, b], t)
        m = fn.arg(src)
        o0, o1 = rng.randint(0, 1), rng.randint(0, 2)
        s0, s1 = rng.randint(1, 2), rng.randint(1, 2)
        t0, t1 = rng.randint(1, 2), 1
        if rng.random() < 0.4:
            i = fn.index()
            fn.lines.append(
                f"{r} = memref.subview {m}[{i}, {o1}] [{s0}, {s1}] [{t0}, {t1}] : {src} to "
                f"memref<{s0}x{s1}x{t}, strided<[{b * t0}, {t1}], offset: ?>>"
            )
        else:
            offset = o0 * b + o1
            fn.lines.append(
                f"{r} = memref.subview {m}[{o0}, {o1}] [{s0}, {s1}] [{t0}, {t1}] : {src} to "
                f"memref<{s0}x{s1}x{t}, strided<[{b * t0}, {t1}], offset: {offset}>>"
            )
    elif op == "expand_shape":
        a, b = rng.choice([2, 3, 4]), rng.choice([2, 4])
        if rng.random() < 0.5:
            m = fn.arg(_memref([None], t))
            i = fn.index()
            fn.lines.append(
                f"{r} = memref.expand_shape {m} [[0, 1]] output_shape [{i}, {b}] : "
                f"memref<?x{t}> into memref<?x{b}x{t}>"
            )
        else:
            m = fn.arg(_memref([a * b], t))
            fn.lines.append(
                f"{r} = memref.expand_shape {m} [[0, 1]] output_shape [{a}, {b}] : "
                f"memref<{a * b}x{t}> into memref<{a}x{b}x{t}>"
            )
    elif op == "collapse_shape":
        a, b, c = rng.choice([2, 3]), rng.choice([2, 4]), rng.choice([1, 5])
        m = fn.arg(_memref([a, b, c], t))
        fn.lines.append(
            f"{r} = memref.collapse_shape {m} [[0, 1], [2]] : memref<{a}x{b}x{c}x{t}> into "
            f"memref<{a * b}x{c}x{t}>"
        )
    elif op == "copy":
        dims = _dims(rng, rng.randint(1, 2))
        ty = _memref(dims, t)
        s, d = fn.arg(ty), fn.arg(ty)
        fn.lines.append(f"memref.copy {s}, {d} : {ty} to {ty}")
    elif op in ("dma_start", "dma_wait"):
        src, dst, tag = (
            fn.arg(f"memref<8x{t}>"),
            fn.arg(f"memref<8x{t}, 1>"),
            fn.arg("memref<1xi32>"),
        )
        i, n = fn.index(), fn.index()
        fn.lines.append(
            f"memref.dma_start {src}[{i}], {dst}[{i}], {n}, {tag}[{i}] : memref<8x{t}>, "
            f"memref<8x{t}, 1>, memref<1xi32>"
        )
        fn.lines.append(f"memref.dma_wait {tag}[{i}], {n} : memref<1xi32>")
    elif op in ("global", "get_global"):
        name = f"@g{len(fn.globals)}"
        dims = [rng.choice([1, 2, 3]) for _ in range(rng.randint(0, 2))]
        ty = _memref(dims, "f32")
        init = rng.choice(["", " = uninitialized", " = dense<1.5>", " = dense<0.0>"])
        vis = rng.choice(["", '"private" ', '"public" '])
        const = "constant " if init.startswith(" = dense") and rng.random() < 0.5 else ""
        align = " {alignment = 64 : i64}" if rng.random() < 0.2 else ""
        fn.globals.append(f"memref.global {vis}{const}{name} : {ty}{init}{align}")
        if fn.generic():
            fn.lines.append(f'{r} = "memref.get_global"() <{{name = {name}}}> : () -> {ty}')
        else:
            fn.lines.append(f"{r} = memref.get_global {name} : {ty}")
    elif op == "assume_alignment":
        ty = _memref(_dims(rng, 2), t)
        m = fn.arg(ty)
        align = rng.choice([1, 4, 16, 64])
        if fn.generic():
            fn.lines.append(
                f'{r} = "memref.assume_alignment"({m}) <{{alignment = {align} : i32}}> : '
                f"({ty}) -> {ty}"
            )
        else:
            fn.lines.append(f"{r} = memref.assume_alignment {m}, {align} : {ty}")
    elif op == "distinct_objects":
        types = [_memref(_dims(rng, 1), _element(rng)) for _ in range(rng.randint(1, 3))]
        uses = [fn.arg(ty) for ty in types]
        lhs = f"{r}:{len(types)}" if len(types) > 1 else r
        fn.lines.append(f"{lhs} = memref.distinct_objects {', '.join(uses)} : {', '.join(types)}")
    elif op == "extract_aligned_pointer_as_index":
        ty = rng.choice([_memref(_dims(rng, 2), t), f"memref<*x{t}>"])
        m = fn.arg(ty)
        fn.lines.append(f"{r} = memref.extract_aligned_pointer_as_index {m} : {ty} -> index")
    elif op == "extract_strided_metadata":
        rank = rng.randint(0, 2)
        ty = _memref(_dims(rng, rank), t, rng.choice(["", ", 2"]))
        base = f"memref<{t}{', 2' if ty.endswith(', 2>') else ''}>"
        m = fn.arg(ty)
        n = 2 + 2 * rank
        lhs = f"{r}:{n}"
        fn.lines.append(
            f"{lhs} = memref.extract_strided_metadata {m} : {ty} -> "
            + ", ".join([base] + ["index"] * (1 + 2 * rank))
        )
    elif op == "memory_space_cast":
        dims = _dims(rng, 2)
        src = _memref(dims, t)
        dst = _memref(dims, t, rng.choice([", 1", ", 3"]))
        if rng.random() < 0.3:
            src, dst = f"memref<*x{t}>", f"memref<*x{t}, 1>"
        m = fn.arg(src)
        if fn.generic():
            fn.lines.append(f'{r} = "memref.memory_space_cast"({m}) : ({src}) -> {dst}')
        else:
            fn.lines.append(f"{r} = memref.memory_space_cast {m} : {src} to {dst}")
    elif op == "realloc":
        src = _memref(_dims(rng, 1), t)
        m = fn.arg(src)
        if rng.random() < 0.5:
            n = fn.index()
            fn.lines.append(f"{r} = memref.realloc {m}({n}) : {src} to memref<?x{t}>")
        else:
            align = " {alignment = 8 : i64}" if rng.random() < 0.3 else ""
            fn.lines.append(f"{r} = memref.realloc {m}{align} : {src} to memref<10x{t}>")
    elif op == "alloca_scope":
        if rng.random() < 0.5:
            i = fn.index()
            fn.lines += [
                f"{r} = memref.alloca_scope -> (index) {{",
                f"  %s{fn.count} = memref.alloca() : memref<4x{t}>",
                f"  memref.alloca_scope.return {i} : index",
                "}",
            ]
        else:
            fn.lines += [
                "memref.alloca_scope {",
                f"  %s{fn.count} = memref.alloca() : memref<2x{t}>",
                "}",
            ]
    elif op == "atomic_rmw":
        floats = ["addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf", "assign"]
        ints = ["addi", "andi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori", "assign"]
        e = rng.choice(FLOATS[:3] + INTS)
        kind = rng.choice(floats if e.startswith(("f", "bf")) else ints)
        ty = _memref(_dims(rng, 1), e)
        m, v, i = fn.arg(ty), fn.arg(e), fn.index()
        fn.lines.append(f"{r} = memref.atomic_rmw {kind} {v}, {m}[{i}] : ({e}, {ty}) -> {e}")
    elif op == "generic_atomic_rmw":
        e = rng.choice(["f32", "i32", "i64"])
        ty = _memref(_dims(rng, 1), e)
        m, i = fn.arg(ty), fn.index()
        op_name = "arith.addf" if e == "f32" else "arith.addi"
        fn.lines += [
            f"{r} = memref.generic_atomic_rmw {m}[{i}] : {ty} {{",
            f"^bb0(%cur{fn.count}: {e}):",
            f"  %n{fn.count} = {op_name} %cur{fn.count}, %cur{fn.count} : {e}",
            f"  memref.atomic_yield %n{fn.count} : {e}",
            "}",
        ]
    elif op == "prefetch":
        dims = _dims(rng, rng.randint(1, 2))
        ty = _memref(dims, t)
        m = fn.arg(ty)
        idx = ", ".join(fn.index() for _ in dims)
        rw, cache_ = rng.choice(["read", "write"]), rng.choice(["data", "instr"])
        fn.lines.append(
            f"memref.prefetch {m}[{idx}], {rw}, locality<{rng.randint(0, 3)}>, {cache_} : {ty}"
        )
    elif op == "transpose":
        a, b = rng.choice([2, 4]), rng.choice([3, 8])
        if rng.random() < 0.5:
            src = _memref([a, None], t)
            dst = f"memref<?x{a}x{t}, strided<[1, ?]>>"
        else:
            src = _memref([a, b], t)
            dst = f"memref<{b}x{a}x{t}, strided<[1, {b}]>>"
        m = fn.arg(src)
        if fn.generic():
            fn.lines.append(
                f'{r} = "memref.transpose"({m}) <{{permutation = affine_map<(d0, d1) -> (d1, d0)>}}>'
                f" : ({src}) -> {dst}"
            )
        else:
            fn.lines.append(f"{r} = memref.transpose {m} (i, j) -> (j, i) : {src} to {dst}")
    elif op == "view":
        m, shift = fn.arg("memref<2048xi8>"), fn.index()
        if rng.random() < 0.5:
            n = fn.index()
            fn.lines.append(
                f"{r} = memref.view {m}[{shift}][{n}] : memref<2048xi8> to memref<?x4x{t}>"
            )
        else:
            fn.lines.append(
                f"{r} = memref.view {m}[{shift}][] : memref<2048xi8> to memref<4x4x{t}>"
            )
    elif op == "reshape":
        src = _memref(_dims(rng, 1), t)
        m = fn.arg(src)
        if rng.random() < 0.6:
            s = fn.arg("memref<2xindex>")
            fn.lines.append(
                f"{r} = memref.reshape {m}({s}) : ({src}, memref<2xindex>) -> memref<?x?x{t}>"
            )
        else:
            s = fn.arg("memref<?xi32>")
            fn.lines.append(
                f"{r} = memref.reshape {m}({s}) : ({src}, memref<?xi32>) -> memref<*x{t}>"
            )
    elif op == "reinterpret_cast":
        src = rng.choice([f"memref<*x{t}>", _memref(_dims(rng, 1), t)])
        m = fn.arg(src)
        if rng.random() < 0.5:
            i = fn.index()
            fn.lines.append(
                f"{r} = memref.reinterpret_cast {m} to offset: [{i}], sizes: [10, 4], "
                f"strides: [4, 1] : {src} to memref<10x4x{t}, strided<[4, 1], offset: ?>>"
            )
        else:
            n = fn.index()
            fn.lines.append(
                f"{r} = memref.reinterpret_cast {m} to offset: [0], sizes: [{n}, 8], "
                f"strides: [8, 1] : {src} to memref<?x8x{t}>"
            )
    else:  # pragma: no cover - every op has a branch
        raise AssertionError(op)


def _program(seed: int, ops: list[str]) -> str:
    fn = _Fn(random.Random(seed))
    for op in ops:
        _op(fn, op)
    params = ", ".join(f"{name}: {ty}" for name, ty in fn.args)
    body = "".join(f"  {line}\n" for line in fn.lines)
    head = "".join(f"{g}\n" for g in fn.globals)
    return f"{head}func.func @f{seed % 1000}({params}) {{\n{body}  return\n}}\n"


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

#: (op, what is broken, program); `{F}` is a float type, `{I}` an integer type, `{N}` a
#: static size of 2 or more.
INVALID: list[tuple[str, str, str]] = [
    ("alloc", "dynamic sizes", "%r = memref.alloc() : memref<?x{N}x{F}>"),
    ("alloca", "symbol operands", "%r = memref.alloca()[%i] : memref<{N}x{F}>"),
    ("load", "index count", "%r = memref.load %m[%i] : memref<{N}x?x{F}>"),
    ("load", "alignment", "%r = memref.load %m[%i, %i] {alignment = 3 : i64} : memref<{N}x?x{F}>"),
    ("store", "index count", "memref.store %f, %m[%i] : memref<{N}x?x{F}>"),
    (
        "store",
        "value type",
        '"memref.store"(%ii, %m, %i, %i) : ({I}, memref<{N}x?x{F}>, index, index) -> ()',
    ),
    ("dim", "rank 0", "%r = memref.dim %z, %i : memref<{F}>"),
    ("cast", "shape", "%r = memref.cast %m : memref<{N}x?x{F}> to memref<7x?x{F}>"),
    ("cast", "element type", "%r = memref.cast %m : memref<{N}x?x{F}> to memref<{N}x?x{I}>"),
    (
        "subview",
        "list ranks",
        "%r = memref.subview %s[0] [1, 1] [1, 1] : memref<8x8x{F}> to memref<1x1x{F}, strided<[8, 1]>>",
    ),
    (
        "subview",
        "result layout",
        "%r = memref.subview %s[1, 1] [2, 2] [1, 1] : memref<8x8x{F}> to memref<2x2x{F}, strided<[8, 1]>>",
    ),
    (
        "subview",
        "bounds",
        "%r = memref.subview %s[9, 0] [1, 1] [1, 1] : memref<8x8x{F}> to memref<1x1x{F}, strided<[8, 1], offset: 72>>",
    ),
    (
        "expand_shape",
        "sizes",
        "%r = memref.expand_shape %v [[0, 1]] output_shape [2, 3] : memref<8x{F}> into memref<2x3x{F}>",
    ),
    (
        "collapse_shape",
        "groups",
        "%r = memref.collapse_shape %s [[0], [1]] : memref<8x8x{F}> into memref<64x{F}>",
    ),
    ("copy", "shapes", "memref.copy %s, %v : memref<8x8x{F}> to memref<8x{F}>"),
    ("dma_wait", "index count", "memref.dma_wait %tag[], %i : memref<1xi32>"),
    ("global", "dynamic type", "memref.global @g : memref<?x{F}>"),
    (
        "global",
        "initial value shape",
        '"memref.global"() <{{sym_name = "g", type = memref<2x{F}>, initial_value = dense<1.0> : tensor<3x{F}>}}> : () -> ()',
    ),
    (
        "global",
        "initial value kind",
        '"memref.global"() <{{sym_name = "g", type = memref<2x{F}>, initial_value = 1 : i32}}> : () -> ()',
    ),
    ("global", "visibility", 'memref.global "privat" @g : memref<2x{F}>'),
    ("global", "alignment", "memref.global @g : memref<2x{F}> = uninitialized {{alignment = 3}}"),
    ("get_global", "undefined symbol", "%r = memref.get_global @nope : memref<2x{F}>"),
    ("get_global", "type", "%r = memref.get_global @known : memref<3x{F}>"),
    ("get_global", "dynamic type", "%r = memref.get_global @known : memref<?x{F}>"),
    ("assume_alignment", "power of two", "%r = memref.assume_alignment %m, 3 : memref<{N}x?x{F}>"),
    ("assume_alignment", "positive", "%r = memref.assume_alignment %m, 0 : memref<{N}x?x{F}>"),
    (
        "assume_alignment",
        "result type",
        '%r = "memref.assume_alignment"(%m) <{{alignment = 4 : i32}}> : (memref<{N}x?x{F}>) -> memref<{N}x4x{F}>',
    ),
    ("distinct_objects", "no operands", '"memref.distinct_objects"() : () -> ()'),
    (
        "distinct_objects",
        "result types",
        '%r = "memref.distinct_objects"(%m) : (memref<{N}x?x{F}>) -> memref<{N}x4x{F}>',
    ),
    (
        "extract_aligned_pointer_as_index",
        "result type",
        '%r = "memref.extract_aligned_pointer_as_index"(%m) : (memref<{N}x?x{F}>) -> i64',
    ),
    (
        "extract_strided_metadata",
        "result count",
        '%r:5 = "memref.extract_strided_metadata"(%m) : (memref<{N}x?x{F}>) -> (memref<{F}>, index, index, index, index)',
    ),
    (
        "extract_strided_metadata",
        "base type",
        '%r:6 = "memref.extract_strided_metadata"(%m) : (memref<{N}x?x{F}>) -> (memref<{I}>, index, index, index, index, index)',
    ),
    (
        "extract_strided_metadata",
        "base rank",
        '%r:6 = "memref.extract_strided_metadata"(%m) : (memref<{N}x?x{F}>) -> (memref<1x{F}>, index, index, index, index, index)',
    ),
    (
        "memory_space_cast",
        "element type",
        "%r = memref.memory_space_cast %m : memref<{N}x?x{F}> to memref<{N}x?x{I}, 1>",
    ),
    (
        "memory_space_cast",
        "ranked to unranked",
        "%r = memref.memory_space_cast %m : memref<{N}x?x{F}> to memref<*x{F}, 1>",
    ),
    (
        "memory_space_cast",
        "layout",
        "%r = memref.memory_space_cast %m : memref<{N}x?x{F}> to memref<{N}x?x{F}, strided<[?, 1]>, 1>",
    ),
    ("realloc", "missing size", "%r = memref.realloc %d : memref<?x{F}> to memref<?x{F}>"),
    ("realloc", "extra size", "%r = memref.realloc %d(%i) : memref<?x{F}> to memref<{N}x{F}>"),
    ("realloc", "element type", "%r = memref.realloc %d : memref<?x{F}> to memref<{N}x{I}>"),
    ("realloc", "memory space", "%r = memref.realloc %d : memref<?x{F}> to memref<{N}x{F}, 1>"),
    (
        "realloc",
        "result layout",
        "%r = memref.realloc %d : memref<?x{F}> to memref<{N}x{F}, strided<[2]>>",
    ),
    ("realloc", "rank", "%r = memref.realloc %m : memref<{N}x?x{F}> to memref<4x{F}>"),
    (
        "alloca_scope",
        "result count",
        "%r = memref.alloca_scope -> (index) {{\n    memref.alloca_scope.return\n  }}",
    ),
    (
        "alloca_scope",
        "result type",
        "%r = memref.alloca_scope -> ({I}) {{\n    memref.alloca_scope.return %i : index\n  }}",
    ),
    (
        "alloca_scope",
        "arguments",
        '"memref.alloca_scope"() ({{\n  ^bb0(%x: index):\n    memref.alloca_scope.return\n  }}) : () -> ()',
    ),
    ("alloca_scope", "empty region", '"memref.alloca_scope"() ({{\n  }}) : () -> ()'),
    ("alloca_scope.return", "parent", "memref.alloca_scope.return"),
    (
        "atomic_rmw",
        "float kind on integers",
        "%r = memref.atomic_rmw addf %ii, %mi[%i] : ({I}, memref<{N}x{I}>) -> {I}",
    ),
    (
        "atomic_rmw",
        "integer kind on floats",
        "%r = memref.atomic_rmw maxs %f, %mf[%i] : ({F}, memref<{N}x{F}>) -> {F}",
    ),
    (
        "atomic_rmw",
        "index count",
        "%r = memref.atomic_rmw addi %ii, %mi[%i, %i] : ({I}, memref<{N}x{I}>) -> {I}",
    ),
    (
        "atomic_rmw",
        "kind",
        "%r = memref.atomic_rmw plus %ii, %mi[%i] : ({I}, memref<{N}x{I}>) -> {I}",
    ),
    (
        "atomic_rmw",
        "result type",
        "%r = memref.atomic_rmw assign %ii, %mi[%i] : ({I}, memref<{N}x{I}>) -> i1",
    ),
    (
        "generic_atomic_rmw",
        "argument type",
        "%r = memref.generic_atomic_rmw %mi[%i] : memref<{N}x{I}> {{\n  ^bb0(%c: f32):\n    memref.atomic_yield %c : f32\n  }}",
    ),
    (
        "generic_atomic_rmw",
        "argument count",
        "%r = memref.generic_atomic_rmw %mi[%i] : memref<{N}x{I}> {{\n  ^bb0(%c: {I}, %e: {I}):\n    memref.atomic_yield %c : {I}\n  }}",
    ),
    (
        "generic_atomic_rmw",
        "side effects",
        "%r = memref.generic_atomic_rmw %mi[%i] : memref<{N}x{I}> {{\n  ^bb0(%c: {I}):\n    memref.store %c, %mi[%i] : memref<{N}x{I}>\n    memref.atomic_yield %c : {I}\n  }}",
    ),
    (
        "atomic_yield",
        "type",
        "%r = memref.generic_atomic_rmw %mi[%i] : memref<{N}x{I}> {{\n  ^bb0(%c: {I}):\n    memref.atomic_yield %f : {F}\n  }}",
    ),
    ("atomic_yield", "parent", "memref.atomic_yield %f : {F}"),
    (
        "prefetch",
        "locality",
        "memref.prefetch %m[%i, %i], read, locality<4>, data : memref<{N}x?x{F}>",
    ),
    (
        "prefetch",
        "read or write",
        "memref.prefetch %m[%i, %i], reed, locality<1>, data : memref<{N}x?x{F}>",
    ),
    (
        "prefetch",
        "cache",
        "memref.prefetch %m[%i, %i], write, locality<1>, dat : memref<{N}x?x{F}>",
    ),
    (
        "prefetch",
        "index count",
        "memref.prefetch %m[%i], read, locality<1>, data : memref<{N}x?x{F}>",
    ),
    (
        "transpose",
        "permutation",
        "%r = memref.transpose %m (i, j) -> (i, i) : memref<{N}x?x{F}> to memref<{N}x?x{F}>",
    ),
    (
        "transpose",
        "rank",
        "%r = memref.transpose %m (i, j, k) -> (k, j, i) : memref<{N}x?x{F}> to memref<?x{N}x{F}>",
    ),
    (
        "transpose",
        "result type",
        "%r = memref.transpose %m (i, j) -> (j, i) : memref<{N}x?x{F}> to memref<?x{N}x{F}>",
    ),
    ("view", "dynamic sizes", "%r = memref.view %b[%i][] : memref<64xi8> to memref<?x4x{F}>"),
    (
        "view",
        "source layout",
        "%r = memref.view %bs[%i][] : memref<64xi8, strided<[2]>> to memref<4x{F}>",
    ),
    ("view", "memory space", "%r = memref.view %b[%i][] : memref<64xi8> to memref<4x{F}, 1>"),
    ("view", "source type", "%r = memref.view %d[%i][] : memref<?x{F}> to memref<4x{F}>"),
    (
        "reshape",
        "element type",
        "%r = memref.reshape %d(%sh) : (memref<?x{F}>, memref<2xindex>) -> memref<?x?x{I}>",
    ),
    (
        "reshape",
        "shape length",
        "%r = memref.reshape %d(%sh) : (memref<?x{F}>, memref<2xindex>) -> memref<?x{F}>",
    ),
    (
        "reshape",
        "dynamic shape",
        "%r = memref.reshape %d(%dsh) : (memref<?x{F}>, memref<?xindex>) -> memref<?x?x{F}>",
    ),
    (
        "reshape",
        "result layout",
        "%r = memref.reshape %d(%sh) : (memref<?x{F}>, memref<2xindex>) -> memref<?x?x{F}, strided<[?, 1]>>",
    ),
    (
        "reinterpret_cast",
        "size",
        "%r = memref.reinterpret_cast %d to offset: [0], sizes: [%i, 11], strides: [10, 1] : memref<?x{F}> to memref<?x10x{F}>",
    ),
    (
        "reinterpret_cast",
        "offset",
        "%r = memref.reinterpret_cast %d to offset: [1], sizes: [%i, 10], strides: [10, 1] : memref<?x{F}> to memref<?x10x{F}>",
    ),
    (
        "reinterpret_cast",
        "stride",
        "%r = memref.reinterpret_cast %d to offset: [0], sizes: [%i, 10], strides: [10, 2] : memref<?x{F}> to memref<?x10x{F}>",
    ),
    (
        "reinterpret_cast",
        "list ranks",
        "%r = memref.reinterpret_cast %d to offset: [0], sizes: [%i], strides: [10, 1] : memref<?x{F}> to memref<?x10x{F}>",
    ),
    (
        "reinterpret_cast",
        "element type",
        "%r = memref.reinterpret_cast %d to offset: [0], sizes: [%i, 10], strides: [10, 1] : memref<?x{F}> to memref<?x10x{I}>",
    ),
    (
        "reinterpret_cast",
        "negative size",
        "%r = memref.reinterpret_cast %d to offset: [0], sizes: [-1, 10], strides: [10, 1] : memref<?x{F}> to memref<?x10x{F}>",
    ),
    ("rank", "result type", '%r = "memref.rank"(%d) : (memref<?x{F}>) -> i32'),
    # Operand, result and attribute constraints, in generic form.
    ("rank", "operand type", '%r = "memref.rank"(%t) : (tensor<4x{F}>) -> index'),
    (
        "assume_alignment",
        "operand type",
        '%r = "memref.assume_alignment"(%t) <{{alignment = 4 : i32}}> : (tensor<4x{F}>) -> tensor<4x{F}>',
    ),
    (
        "extract_aligned_pointer_as_index",
        "operand type",
        '%r = "memref.extract_aligned_pointer_as_index"(%x) : (i32) -> index',
    ),
    (
        "memory_space_cast",
        "operand type",
        '%r = "memref.memory_space_cast"(%t) : (tensor<4x{F}>) -> memref<4x{F}>',
    ),
    (
        "realloc",
        "size type",
        '%r = "memref.realloc"(%v, %x) : (memref<8x{F}>, i32) -> memref<?x{F}>',
    ),
    (
        "atomic_rmw",
        "value type",
        '%r = "memref.atomic_rmw"(%ii, %mf, %i) <{{kind = 1 : i64}}> : ({I}, memref<{N}x{F}>, index) -> {I}',
    ),
    (
        "atomic_rmw",
        "kind value",
        '%r = "memref.atomic_rmw"(%ii, %mi, %i) <{{kind = 99 : i64}}> : ({I}, memref<{N}x{I}>, index) -> {I}',
    ),
    (
        "prefetch",
        "missing attribute",
        '"memref.prefetch"(%v, %i) <{{isDataCache = true, isWrite = false}}> : (memref<8x{F}>, index) -> ()',
    ),
    (
        "transpose",
        "missing permutation",
        '%r = "memref.transpose"(%v) : (memref<8x{F}>) -> memref<8x{F}>',
    ),
    (
        "reshape",
        "shape operand",
        '%r = "memref.reshape"(%v, %t) : (memref<8x{F}>, tensor<4x{F}>) -> memref<8x{F}>',
    ),
    (
        "reinterpret_cast",
        "missing strides",
        '%r = "memref.reinterpret_cast"(%v) <{{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8>}}> : (memref<8x{F}>) -> memref<8x{F}>',
    ),
    ("get_global", "missing name", '%r = "memref.get_global"() : () -> memref<4x{F}>'),
    (
        "alloca_scope",
        "result type",
        '%r = "memref.alloca_scope"() ({{\n    "memref.alloca_scope.return"(%i) : (index) -> ()\n  }}) : () -> {I}',
    ),
    (
        "generic_atomic_rmw",
        "result type",
        '%r = "memref.generic_atomic_rmw"(%mf, %i) ({{\n  ^bb0(%c: {F}):\n    "memref.atomic_yield"(%c) : ({F}) -> ()\n  }}) : (memref<{N}x{F}>, index) -> {I}',
    ),
]

#: The arguments every invalid program's function takes, by name.
PARAMS = [
    ("%m", "memref<{N}x?x{F}>"), ("%s", "memref<8x8x{F}>"), ("%v", "memref<8x{F}>"),
    ("%d", "memref<?x{F}>"), ("%z", "memref<{F}>"), ("%b", "memref<64xi8>"),
    ("%bs", "memref<64xi8, strided<[2]>>"), ("%mi", "memref<{N}x{I}>"),
    ("%mf", "memref<{N}x{F}>"), ("%tag", "memref<1xi32>"), ("%sh", "memref<2xindex>"),
    ("%dsh", "memref<?xindex>"), ("%i", "index"), ("%f", "{F}"), ("%ii", "{I}"),
    ("%t", "tensor<4x{F}>"), ("%x", "i32"),
]  # fmt: skip


def _fill(text: str, values: dict[str, str]) -> str:
    """`text` with `{F}`, `{I}` and `{N}` replaced and `{{`, `}}` read as braces."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text.replace("{{", "{").replace("}}", "}")


def _invalid_text(line: str, rng: random.Random) -> str:
    values = {
        "F": rng.choice(["f32", "f16", "f64"]),
        "I": rng.choice(INTS),
        "N": str(rng.choice([2, 4, 8])),
    }
    body = _fill(line, values)
    params = ", ".join(f"{name}: {_fill(ty, values)}" for name, ty in PARAMS)
    head = ""
    if "@known" in body:
        head = f"memref.global @known : memref<2x{values['F']}>\n"
    if body.startswith("memref.global") or body.startswith('"memref.global"'):
        return body + "\n"
    return f"{head}func.func @f({params}) {{\n  {body}\n  return\n}}\n"


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    return tuple(
        InvalidCase(f"memref.{op}", check, _invalid_text(line, rng))
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
    """The spec defines exactly the ops of MLIR 22's `MemRefOps.td`."""
    td = MLIR_INCLUDE / "MemRef/IR/MemRefOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("memref.") for op in generated.memref.OPS}
    assert ours == mlir_mnemonics("MemRef/IR/MemRefOps.td", "")
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op the spec defines."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {n.removeprefix("memref.") for n in op_names(accepted) if n.startswith("memref.")}
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
    figures = Figures.of("memref", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
