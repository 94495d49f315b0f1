"""Random programs over tensors for the differential test of `odsgen run`.

`program(seed)` writes a function `@main` (names prefixed with `prefix`) that makes
tensors (f32, f64, i32 or i64 elements) with `tensor.generate` (a body computing each
element from its indices), `tensor.from_elements`, `arith.constant`,
`bufferization.to_tensor` of a memref and `tensor.empty` overwritten whole by
`vector.transfer_write`, then runs a random
sequence of `tensor.insert`, `tensor.extract`, `tensor.extract_slice` (rank-reducing
too), `tensor.insert_slice`, `tensor.cast` (to dynamic sizes and back), `tensor.dim`,
elementwise `arith` and `math` ops on tensors and `vector.transfer_read` and
`vector.transfer_write` on tensors, printing scalars and vectors with `vector.print`
and tensors with `printMemref*` after `bufferization.to_buffer`.

Every element read was defined (a `tensor.empty`'s are not, in a compiled program).
A `vector.transfer_write` into a tensor at indices all 0 is one of the whole tensor:
MLIR 22's one-shot bufferization takes such a write for one that overwrites every
element, and leaves those it does not write undefined.
"""

from __future__ import annotations

import random

from tests.conformance.memref_programs import PRINTERS, UTILITIES

__all__ = ["PIPELINE", "UTILITIES", "program"]

#: The passes that bufferize and lower the programs for mlir-runner-22.
PIPELINE = [
    "--convert-elementwise-to-linalg",
    "--one-shot-bufferize=bufferize-function-boundaries",
    "--convert-linalg-to-loops",
    "--convert-vector-to-scf",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--convert-vector-to-llvm",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
]

_INT = ("i32", "i64")


def _tt(shape: tuple[int, ...], et: str) -> str:
    return f"tensor<{''.join(f'{n}x' for n in shape)}{et}>"


class _Program:
    def __init__(self, rng: random.Random, et: str) -> None:
        self.rng = rng
        self.et = et
        self.lines: list[str] = []
        self.constants: set[int] = set()
        self.n = 0
        self.tensors: list[tuple[str, tuple[int, ...]]] = []

    def fresh(self, stem: str) -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def c(self, value: int) -> str:
        self.constants.add(value)
        return f"%c{value}"

    def emit(self, line: str, depth: int = 1) -> None:
        self.lines.append("  " * depth + line)

    def literal(self) -> str:
        if self.et in _INT:
            return str(self.rng.randint(-40, 40))
        return self.rng.choice(["0.0", "1.0", "-2.5", "3.25", "0.5", "-7.0", "12.0", "2.5e2"])

    def scalar(self) -> str:
        s = self.fresh("x")
        self.emit(f"{s} = arith.constant {self.literal()} : {self.et}")
        return s

    def add(self, name: str, shape: tuple[int, ...]) -> None:
        self.tensors.append((name, shape))
        if self.rng.random() < 0.6:
            self.print(name, shape)

    def print(self, name: str, shape: tuple[int, ...]) -> None:
        et = self.et
        buf, u = self.fresh("buf"), self.fresh("u")
        mt = f"memref<{''.join(f'{n}x' for n in shape)}{et}>"
        self.emit(f"{buf} = bufferization.to_buffer {name} : {_tt(shape, et)} to {mt}")
        self.emit(f"{u} = memref.cast {buf} : {mt} to memref<*x{et}>")
        self.emit(f"func.call @{PRINTERS[et]}({u}) : (memref<*x{et}>) -> ()")

    def pick(self) -> tuple[str, tuple[int, ...]]:
        return self.rng.choice(self.tensors)


def _generate(p: _Program) -> None:
    rng = p.rng
    shape = (rng.randint(1, 4), rng.randint(1, 5))
    name = p.fresh("t")
    i, j = p.fresh("i"), p.fresh("j")
    dynamic = rng.random() < 0.4
    type_ = _tt(shape, p.et) if not dynamic else f"tensor<?x{shape[1]}x{p.et}>"
    extent = f" {p.c(shape[0])}" if dynamic else ""
    p.emit(f"{name} = tensor.generate{extent} {{")
    p.emit(f"^bb0({i}: index, {j}: index):")
    a, b, s = p.fresh("s"), p.fresh("s"), p.fresh("s")
    p.emit(f"{a} = arith.muli {i}, {p.c(rng.randint(0, 9))} : index", 2)
    p.emit(f"{b} = arith.muli {j}, {p.c(rng.randint(0, 5))} : index", 2)
    p.emit(f"{s} = arith.subi {a}, {b} : index", 2)
    integer = p.et if p.et in _INT else "i64"
    k = p.fresh("k")
    p.emit(f"{k} = arith.index_cast {s} : index to {integer}", 2)
    value = k
    if p.et not in _INT:
        value = p.fresh("f")
        p.emit(f"{value} = arith.sitofp {k} : {integer} to {p.et}", 2)
    p.emit(f"tensor.yield {value} : {p.et}", 2)
    p.emit(f"}} : {type_}")
    if dynamic:
        d = p.fresh("d")
        p.emit(f"{d} = tensor.dim {name}, {p.c(0)} : {type_}")
        p.emit(f"vector.print {d} : index")
        static = p.fresh("t")
        p.emit(f"{static} = tensor.cast {name} : {type_} to {_tt(shape, p.et)}")
        name = static
    p.add(name, shape)


def _from_elements(p: _Program) -> None:
    shape = (p.rng.randint(1, 3), p.rng.randint(1, 3))
    xs = [p.scalar() for _ in range(shape[0] * shape[1])]
    name = p.fresh("t")
    p.emit(f"{name} = tensor.from_elements {', '.join(xs)} : {_tt(shape, p.et)}")
    p.add(name, shape)


def _constant(p: _Program) -> None:
    shape = (p.rng.randint(1, 3), p.rng.randint(1, 4))
    rows = ", ".join(
        "[" + ", ".join(p.literal() for _ in range(shape[1])) + "]" for _ in range(shape[0])
    )
    name = p.fresh("t")
    p.emit(f"{name} = arith.constant dense<[{rows}]> : {_tt(shape, p.et)}")
    p.add(name, shape)


def _empty_filled(p: _Program) -> None:
    shape = (p.rng.randint(1, 3), p.rng.randint(1, 4))
    empty, vec, name = p.fresh("e"), p.fresh("v"), p.fresh("t")
    p.emit(f"{empty} = tensor.empty() : {_tt(shape, p.et)}")
    x = p.scalar()
    vt = f"vector<{shape[0]}x{shape[1]}x{p.et}>"
    p.emit(f"{vec} = vector.broadcast {x} : {p.et} to {vt}")
    p.emit(
        f"{name} = vector.transfer_write {vec}, {empty}[{p.c(0)}, {p.c(0)}] : {vt}, "
        f"{_tt(shape, p.et)}"
    )
    p.add(name, shape)


def _from_memref(p: _Program) -> None:
    """A tensor of a memref's elements (`bufferization.to_tensor`)."""
    shape = (p.rng.randint(1, 3), p.rng.randint(1, 4))
    mt = f"memref<{shape[0]}x{shape[1]}x{p.et}>"
    buf, vec, name = p.fresh("m"), p.fresh("v"), p.fresh("t")
    p.emit(f"{buf} = memref.alloc() : {mt}")
    vt = f"vector<{shape[0]}x{shape[1]}x{p.et}>"
    values = ", ".join(
        "[" + ", ".join(p.literal() for _ in range(shape[1])) + "]" for _ in range(shape[0])
    )
    p.emit(f"{vec} = arith.constant dense<[{values}]> : {vt}")
    p.emit(f"vector.transfer_write {vec}, {buf}[{p.c(0)}, {p.c(0)}] : {vt}, {mt}")
    p.emit(f"{name} = bufferization.to_tensor {buf} restrict : {mt} to {_tt(shape, p.et)}")
    p.add(name, shape)


def _insert_extract(p: _Program) -> None:
    t, shape = p.pick()
    i, j = p.rng.randint(0, shape[0] - 1), p.rng.randint(0, shape[1] - 1)
    e = p.fresh("e")
    p.emit(f"{e} = tensor.extract {t}[{p.c(i)}, {p.c(j)}] : {_tt(shape, p.et)}")
    p.emit(f"vector.print {e} : {p.et}")
    x = p.scalar()
    i, j = p.rng.randint(0, shape[0] - 1), p.rng.randint(0, shape[1] - 1)
    name = p.fresh("t")
    p.emit(f"{name} = tensor.insert {x} into {t}[{p.c(i)}, {p.c(j)}] : {_tt(shape, p.et)}")
    p.add(name, shape)


def _slices(p: _Program) -> None:
    rng = p.rng
    t, shape = p.pick()
    o0, o1 = rng.randint(0, shape[0] - 1), rng.randint(0, shape[1] - 1)
    n0, n1 = rng.randint(1, shape[0] - o0), rng.randint(1, shape[1] - o1)
    name = p.fresh("s")
    if n0 == 1 and rng.random() < 0.5:
        result: tuple[int, ...] = (n1,)
    else:
        result = (n0, n1)
    p.emit(
        f"{name} = tensor.extract_slice {t}[{o0}, {p.c(o1)}] [{n0}, {n1}] [1, 1] : "
        f"{_tt(shape, p.et)} to {_tt(result, p.et)}"
    )
    if len(result) == 2:
        p.add(name, result)
    else:
        p.print(name, result)
    dest, dshape = p.pick()
    if n0 <= dshape[0] and n1 <= dshape[1]:
        d0, d1 = rng.randint(0, dshape[0] - n0), rng.randint(0, dshape[1] - n1)
        out = p.fresh("t")
        p.emit(
            f"{out} = tensor.insert_slice {name} into {dest}[{d0}, {p.c(d1)}] [{n0}, {n1}] "
            f"[1, 1] : {_tt(result, p.et)} into {_tt(dshape, p.et)}"
        )
        p.add(out, dshape)


def _elementwise(p: _Program) -> None:
    t, shape = p.pick()
    others = [u for u, s in p.tensors if s == shape]
    u = p.rng.choice(others)
    ops = (
        ["arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minui", "arith.xori"]
        if p.et in _INT
        else ["arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minnumf"]
    )
    name = p.fresh("t")
    p.emit(f"{name} = {p.rng.choice(ops)} {t}, {u} : {_tt(shape, p.et)}")
    if p.et not in _INT and p.rng.random() < 0.5:
        neg = p.fresh("t")
        p.emit(
            f"{neg} = {p.rng.choice(['arith.negf', 'math.absf', 'math.floor'])} {name} : {_tt(shape, p.et)}"
        )
        name = neg
    p.add(name, shape)


def _transfers(p: _Program) -> None:
    rng = p.rng
    t, shape = p.pick()
    pad = p.scalar()
    n = rng.randint(1, 6)
    v = p.fresh("v")
    i, j = rng.randint(0, shape[0] - 1), rng.randint(0, shape[1])
    p.emit(
        f"{v} = vector.transfer_read {t}[{p.c(i)}, {p.c(j)}], {pad} : {_tt(shape, p.et)}, "
        f"vector<{n}x{p.et}>"
    )
    p.emit(f"vector.print {v} : vector<{n}x{p.et}>")
    dest, dshape = p.pick()
    i, j = rng.randint(0, dshape[0] - 1), rng.randint(0, dshape[1])
    if i == j == 0 and not (dshape[0] == 1 and n >= dshape[1]):
        # MLIR 22's bufferization takes a write at the origin for one of the whole
        # tensor and leaves the elements it does not write undefined.
        j = 1
    out = p.fresh("t")
    p.emit(
        f"{out} = vector.transfer_write {v}, {dest}[{p.c(i)}, {p.c(j)}] : vector<{n}x{p.et}>, "
        f"{_tt(dshape, p.et)}"
    )
    p.add(out, dshape)


def program(seed: int, prefix: str = "") -> str:
    """The program of `seed`; its functions' names start with `prefix`."""
    rng = random.Random(seed)
    p = _Program(rng, rng.choice(list(PRINTERS)))
    makers = [_generate, _from_elements, _constant, _empty_filled, _from_memref]
    for _ in range(rng.randint(1, 3)):
        rng.choice(makers)(p)
    steps = [*makers, _insert_extract, _slices, _elementwise, _transfers, _transfers]
    for _ in range(rng.randint(4, 10)):
        rng.choice(steps)(p)
    t, shape = p.tensors[-1]
    p.print(t, shape)
    head = [f"func.func @{prefix}main() {{"]
    head += [f"  %c{v} = arith.constant {v} : index" for v in sorted(p.constants)]
    return "\n".join(head + p.lines + ["  return", "}"]) + "\n"
