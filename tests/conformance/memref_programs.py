"""Random programs over memrefs for the differential test of `odsgen run`.

`program(seed)` writes a function `@main` (names prefixed with `prefix`) that
allocates a memref of 1 to 3 dimensions (static or dynamic sizes; f32, f64, i32 or
i64 elements), fills every element in nested `scf.for` loops with a value computed
from the induction variables, takes subviews (static and dynamic offsets, sizes and
strides; a subview of a subview), writes through a subview, copies a subview into a
new allocation with `memref.copy`, loads from a subview, and prints the memrefs with
`printMemref*` after a `memref.cast` to the unranked type, as MLIR's tests do.

The programs are free of undefined behaviour: every element printed was written
before, every subview lies inside its source, no size is 0 (the runner utility
reads an element of an empty memref, which has none).
"""

from __future__ import annotations

import random

__all__ = ["PRINTERS", "UTILITIES", "program"]

PRINTERS = {
    "f32": "printMemrefF32",
    "f64": "printMemrefF64",
    "i32": "printMemrefI32",
    "i64": "printMemrefI64",
}

UTILITIES = "".join(
    f"func.func private @{name}(memref<*x{t}>) attributes {{llvm.emit_c_interface}}\n"
    for t, name in PRINTERS.items()
)

#: A stride or offset not known statically.
Unknown = None


def _dim(n: int | None) -> str:
    return "?" if n is None else str(n)


def _type(shape: list[int | None], strides: list[int | None], offset: int | None, et: str) -> str:
    dims = "".join(f"{_dim(d)}x" for d in shape)
    layout = ", ".join(_dim(s) for s in strides)
    off = "" if offset == 0 else f", offset: {_dim(offset)}"
    return f"memref<{dims}{et}, strided<[{layout}]{off}>>"


class _Writer:
    def __init__(self, rng: random.Random, et: str) -> None:
        self.rng = rng
        self.et = et
        self.lines: list[str] = []
        self.constants: set[int] = set()
        self.n = 0

    def fresh(self, stem: str) -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def c(self, value: int) -> str:
        self.constants.add(value)
        return f"%c{value}" if value >= 0 else f"%cm{-value}"

    def emit(self, line: str, depth: int) -> None:
        self.lines.append("  " * depth + line)

    def value(self, ivs: list[str], depth: int) -> str:
        """An element value computed from the induction variables."""
        rng = self.rng
        acc = self.c(rng.randint(-20, 20))
        for iv in ivs:
            scaled = self.fresh("s")
            self.emit(f"{scaled} = arith.muli {iv}, {self.c(rng.randint(-7, 12))} : index", depth)
            total = self.fresh("a")
            self.emit(f"{total} = arith.addi {acc}, {scaled} : index", depth)
            acc = total
        integer = "i32" if self.et == "i32" else "i64"
        cast = self.fresh("i")
        self.emit(f"{cast} = arith.index_cast {acc} : index to {integer}", depth)
        if self.et in ("i32", "i64"):
            return cast
        f = self.fresh("f")
        self.emit(f"{f} = arith.sitofp {cast} : {integer} to {self.et}", depth)
        divisor = rng.choice(["1.0", "4.0", "3.0", "-8.0"])
        d = self.fresh("d")
        self.emit(f"{d} = arith.constant {divisor} : {self.et}", depth)
        q = self.fresh("q")
        self.emit(f"{q} = arith.divf {f}, {d} : {self.et}", depth)
        return q

    def loops(self, memref: str, type_: str, sizes: list[str], body: str) -> None:
        """Nested loops over `sizes`; `body` is 'fill' (store a value) or the name of
        a memref of the same shape to store the loaded element into, negated."""
        ivs: list[str] = []
        for depth, size in enumerate(sizes, start=1):
            iv = self.fresh("iv")
            self.emit(f"scf.for {iv} = {self.c(0)} to {size} step {self.c(1)} {{", depth)
            ivs.append(iv)
        depth = len(sizes) + 1
        index = ", ".join(ivs)
        if body == "fill":
            v = self.value(ivs, depth)
        else:
            loaded = self.fresh("l")
            self.emit(f"{loaded} = memref.load {memref}[{index}] : {type_}", depth)
            v = self.fresh("n")
            if self.et in ("i32", "i64"):
                self.emit(f"{v} = arith.subi %c0_{self.et}, {loaded} : {self.et}", depth)
            else:
                self.emit(f"{v} = arith.negf {loaded} : {self.et}", depth)
            memref, type_ = body.split("|")
        self.emit(f"memref.store {v}, {memref}[{index}] : {type_}", depth)
        for depth in range(len(sizes), 0, -1):
            self.emit("}", depth)

    def print(self, memref: str, type_: str) -> None:
        u = self.fresh("u")
        self.emit(f"{u} = memref.cast {memref} : {type_} to memref<*x{self.et}>", 1)
        self.emit(f"func.call @{PRINTERS[self.et]}({u}) : (memref<*x{self.et}>) -> ()", 1)


def program(seed: int, prefix: str = "") -> str:
    """The program of `seed`; its functions' names start with `prefix`."""
    rng = random.Random(seed)
    et = rng.choice(list(PRINTERS))
    w = _Writer(rng, et)
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 5) for _ in range(rank)]
    m = w.fresh("m")
    if rng.random() < 0.3:
        strides: list[int | None] = [None] * (rank - 1) + [1]
        type_ = f"memref<{'?x' * rank}{et}>"
        operands = ", ".join(w.c(n) for n in shape)
        w.emit(f"{m} = memref.alloc({operands}) : {type_}", 1)
        bounds = []
        for axis in range(rank):
            b = w.fresh("dim")
            w.emit(f"{b} = memref.dim {m}, {w.c(axis)} : {type_}", 1)
            bounds.append(b)
    else:
        row = 1
        strides = []
        for n in reversed(shape):
            strides.insert(0, row)
            row *= n
        type_ = f"memref<{''.join(f'{n}x' for n in shape)}{et}>"
        w.emit(f"{m} = memref.{rng.choice(['alloc', 'alloca'])}() : {type_}", 1)
        bounds = [w.c(n) for n in shape]
    w.loops(m, type_, bounds, "fill")
    w.print(m, type_)
    # Subviews: of the allocation, or of the previous subview.
    source, source_type, sizes, source_strides = m, type_, shape, strides
    source_offset: int | None = 0
    views: list[tuple[str, str, list[int]]] = []
    for _ in range(rng.randint(1, 3)):
        offsets, counts, steps = [], [], []
        texts: list[list[str]] = [[], [], []]
        result_shape: list[int | None] = []
        result_strides: list[int | None] = []
        offset: int | None = source_offset
        for axis, size in enumerate(sizes):
            t = rng.randint(1, 3)
            o = rng.randint(0, size - 1)
            n = rng.randint(1, (size - 1 - o) // t + 1)
            offsets.append(o)
            counts.append(n)
            steps.append(t)
            dyn = [rng.random() < 0.25 for _ in range(3)]
            for k, (v, d) in enumerate(zip((o, n, t), dyn, strict=True)):
                texts[k].append(w.c(v) if d else str(v))
            stride = source_strides[axis]
            if offset is not None:
                # A static offset of 0 adds nothing, whatever the stride.
                if dyn[0] or (stride is None and o != 0):
                    offset = None
                elif o != 0:
                    assert stride is not None
                    offset += o * stride
            result_shape.append(None if dyn[1] else n)
            result_strides.append(None if dyn[2] or stride is None else stride * t)
        view = w.fresh("v")
        view_type = _type(result_shape, result_strides, offset, et)
        src_type = source_type
        w.emit(
            f"{view} = memref.subview {source}[{', '.join(texts[0])}] [{', '.join(texts[1])}] "
            f"[{', '.join(texts[2])}] : {src_type} to {view_type}",
            1,
        )
        views.append((view, view_type, counts))
        w.print(view, view_type)
        if rng.random() < 0.5:
            source, source_type, sizes = view, view_type, counts
            source_strides, source_offset = result_strides, offset
    # Write through a subview (or not), copy it, print the allocation again.
    view, view_type, counts = rng.choice(views)
    bounds = [w.c(n) for n in counts]
    if rng.random() < 0.5:
        w.loops(view, view_type, bounds, "fill")
    copy = w.fresh("k")
    copy_type = f"memref<{''.join(f'{n}x' for n in counts)}{et}>"
    w.emit(f"{copy} = memref.alloc() : {copy_type}", 1)
    w.emit(f"memref.copy {view}, {copy} : {view_type} to {copy_type}", 1)
    w.print(copy, copy_type)
    # Load through the subview, store the negation into the copy.
    w.loops(view, view_type, bounds, f"{copy}|{copy_type}")
    w.print(copy, copy_type)
    w.print(m, type_)
    w.emit(f"memref.dealloc {copy} : {copy_type}", 1)
    head = [f"func.func @{prefix}main() {{"]
    for value in sorted(w.constants):
        name = f"%c{value}" if value >= 0 else f"%cm{-value}"
        head.append(f"  {name} = arith.constant {value} : index")
    zero = "0" if et in ("i32", "i64") else "0.0"
    head.append(f"  %c0_{et} = arith.constant {zero} : {et}")
    return "\n".join(head + w.lines + ["  return", "}"]) + "\n"
