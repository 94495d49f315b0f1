"""Random programs over vectors and memrefs for the differential test of `odsgen run`.

`program(seed)` writes a function `@main` (names prefixed with `prefix`) that fills a
two-dimensional memref (f32, f64, i32 or i64 elements) in `scf.for` loops, then runs
a random sequence of steps, each printing what it made with `vector.print` or a
`printMemref*` utility:

- vectors made by `arith.constant`, `vector.broadcast`, `vector.from_elements`,
  `vector.step`, `vector.load`, `vector.transfer_read` (in bounds or not, with a
  padding value, a mask, a transposing or broadcasting permutation map) and
  `vector.maskedload` (masks from `vector.create_mask` and `vector.constant_mask`);
- arith and math ops on vectors (binary, unary, compare and select, conversions to
  and from f16, bf16, f32, f64, i8, i16, i32 and i64, functions of the C math
  library), `vector.fma`;
- `vector.extract` and `vector.insert` (static and dynamic positions),
  `extract_strided_slice`, `insert_strided_slice`, `shuffle`, `shape_cast`,
  `transpose`, `bitcast`, `reduction` (every kind of the element type, with and
  without an accumulator);
- stores: `vector.store`, `vector.transfer_write`, `vector.maskedstore`;
- `vector.gather`, `scatter`, `expandload`, `compressstore`, `outerproduct` (with and
  without an accumulator, and of a vector and a scalar), `contract` (a matrix-vector
  product and a dot product), `interleave`, `deinterleave`, `to_elements`,
  `multi_reduction`, and `vector.mask` around a reduction or a transfer;
- 0-D vectors (`vector<f32>`): broadcast, insert, extract, shuffle, reduction, masks;
- memref ops: `reinterpret_cast`, `expand_shape`, `collapse_shape`, `transpose`,
  `view` (of an `i8` buffer), `reshape`, `atomic_rmw`, `generic_atomic_rmw` (on
  integers, the only ones MLIR lowers it for), `alloca_scope`, `realloc` and
  `extract_strided_metadata`;
- `vector.print` with punctuation and strings.

The programs are free of undefined behaviour: every element read was written before
(a compiled program's new memory holds garbage), every access the op does not guard
with a mask or padding lies inside its memref, and no poison is printed. The kinds of
`memref.atomic_rmw` that MLIR 22 does not lower to LLVM (`mulf`, `muli`) are left
out, and so are `maxnumf` and `minnumf`, whose result for +0 and -0 LLVM leaves
unspecified.
"""

from __future__ import annotations

import random

from tests.conformance.memref_programs import PRINTERS, UTILITIES

__all__ = ["PIPELINE", "PRINTERS", "UTILITIES", "program"]

#: The passes that lower the programs for mlir-runner-22.
PIPELINE = [
    "--lower-vector-mask",
    "--lower-vector-multi-reduction",
    "--memref-expand",
    "--expand-realloc",
    "--convert-vector-to-scf",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--convert-vector-to-llvm",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
]

_INT = ("i32", "i64")
_FLOAT_BINARY = ["arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf"]
_INT_BINARY = [
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
    "arith.andi",
    "arith.ori",
    "arith.xori",
]
_FLOAT_UNARY = ["arith.negf", "math.absf", "math.floor", "math.ceil"]
_INT_UNARY = ["math.absi", "math.ctpop", "math.ctlz", "math.cttz"]
_FLOAT_KINDS = ["add", "mul", "maximumf", "minimumf", "maxnumf", "minnumf"]
_INT_KINDS = ["add", "mul", "minsi", "maxsi", "minui", "maxui", "and", "or", "xor"]
# `maxnumf` and `minnumf` are left out: LLVM leaves which zero they give for +0 and
# -0 unspecified, and x86 gives the second operand.
_FLOAT_RMW = ["addf", "assign", "maximumf", "minimumf"]
_INT_RMW = ["addi", "assign", "maxs", "maxu", "mins", "minu", "andi", "ori", "xori"]
_BYTES = {"f32": 4, "f64": 8, "i32": 4, "i64": 8}


def _vt(shape: tuple[int, ...], et: str) -> str:
    return f"vector<{''.join(f'{n}x' for n in shape)}{et}>"


class _Program:
    def __init__(self, rng: random.Random, et: str) -> None:
        self.rng = rng
        self.et = et
        self.lines: list[str] = []
        self.constants: set[int] = set()
        self.n = 0
        # Vectors of the element type: (name, shape).
        self.vectors: list[tuple[str, tuple[int, ...]]] = []

    def fresh(self, stem: str) -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def c(self, value: int) -> str:
        self.constants.add(value)
        return f"%c{value}" if value >= 0 else f"%cm{-value}"

    def emit(self, line: str, depth: int = 1) -> None:
        self.lines.append("  " * depth + line)

    def literal(self) -> str:
        rng = self.rng
        if self.et in _INT:
            return str(rng.randint(-50, 50))
        return rng.choice(["0.0", "-0.0", "1.0", "-2.5", "3.25", "0.5", "-7.0", "10.0", "1.5e3"])

    def scalar(self) -> str:
        s = self.fresh("x")
        self.emit(f"{s} = arith.constant {self.literal()} : {self.et}")
        return s

    def add(self, name: str, shape: tuple[int, ...], show: float = 0.7) -> None:
        self.vectors.append((name, shape))
        if self.rng.random() < show:
            self.emit(f"vector.print {name} : {_vt(shape, self.et)}")

    def pick(self, rank: int | None = None) -> tuple[str, tuple[int, ...]]:
        choices = [v for v in self.vectors if rank is None or len(v[1]) == rank]
        if not choices:
            name = self.fresh("v")
            shape: tuple[int, ...] = (self.rng.randint(2, 6),) if rank in (None, 1) else (2, 3)
            values = ", ".join(
                self.literal() for _ in range(shape[0] * (shape[1] if len(shape) > 1 else 1))
            )
            if len(shape) == 2:
                flat = values.split(", ")
                rows = [", ".join(flat[i * shape[1] : (i + 1) * shape[1]]) for i in range(shape[0])]
                values = ", ".join(f"[{r}]" for r in rows)
            self.emit(f"{name} = arith.constant dense<[{values}]> : {_vt(shape, self.et)}")
            self.vectors.append((name, shape))
            return name, shape
        return self.rng.choice(choices)

    def print_memref(self, memref: str, type_: str) -> None:
        u = self.fresh("u")
        self.emit(f"{u} = memref.cast {memref} : {type_} to memref<*x{self.et}>")
        self.emit(f"func.call @{PRINTERS[self.et]}({u}) : (memref<*x{self.et}>) -> ()")

    def mask(self, shape: tuple[int, ...]) -> str:
        m = self.fresh("mask")
        bounds = [self.rng.randint(0, n) for n in shape]
        if 0 in bounds:
            # MLIR requires a constant mask empty in one dimension to be empty in all.
            bounds = [0] * len(shape)
        if self.rng.random() < 0.5:
            dims = ", ".join(map(str, bounds))
            self.emit(f"{m} = vector.constant_mask [{dims}] : {_vt(shape, 'i1')}")
        else:
            ops = ", ".join(self.c(b) for b in bounds)
            self.emit(f"{m} = vector.create_mask {ops} : {_vt(shape, 'i1')}")
        if self.rng.random() < 0.3:
            self.emit(f"vector.print {m} : {_vt(shape, 'i1')}")
        return m


def _fill(p: _Program, memref: str, type_: str, rows: int, cols: int) -> None:
    """Store a value computed from the indices into every element."""
    rng = p.rng
    i, j = p.fresh("i"), p.fresh("j")
    p.emit(f"scf.for {i} = {p.c(0)} to {p.c(rows)} step {p.c(1)} {{")
    p.emit(f"scf.for {j} = {p.c(0)} to {p.c(cols)} step {p.c(1)} {{", 2)
    a, b, s = p.fresh("s"), p.fresh("s"), p.fresh("s")
    p.emit(f"{a} = arith.muli {i}, {p.c(rng.randint(-9, 9))} : index", 3)
    p.emit(f"{b} = arith.muli {j}, {p.c(rng.randint(-5, 5))} : index", 3)
    p.emit(f"{s} = arith.addi {a}, {b} : index", 3)
    t = p.fresh("s")
    p.emit(f"{t} = arith.addi {s}, {p.c(rng.randint(-10, 10))} : index", 3)
    integer = p.et if p.et in _INT else "i64"
    k = p.fresh("k")
    p.emit(f"{k} = arith.index_cast {t} : index to {integer}", 3)
    value = k
    if p.et not in _INT:
        f = p.fresh("f")
        p.emit(f"{f} = arith.sitofp {k} : {integer} to {p.et}", 3)
        d = p.fresh("d")
        p.emit(f"{d} = arith.constant {rng.choice(['1.0', '2.0', '4.0', '-8.0'])} : {p.et}", 3)
        value = p.fresh("q")
        p.emit(f"{value} = arith.divf {f}, {d} : {p.et}", 3)
    p.emit(f"memref.store {value}, {memref}[{i}, {j}] : {type_}", 3)
    p.emit("}", 2)
    p.emit("}")


def program(seed: int, prefix: str = "") -> str:
    """The program of `seed`; its functions' names start with `prefix`."""
    rng = random.Random(seed)
    et = rng.choice(list(PRINTERS))
    p = _Program(rng, et)
    rows, cols = rng.randint(2, 4), rng.randint(2, 8)
    a_type = f"memref<{rows}x{cols}x{et}>"
    a = "%A"
    p.emit(f"{a} = memref.alloc() : {a_type}")
    _fill(p, a, a_type, rows, cols)
    p.print_memref(a, a_type)
    memory = (a, a_type, rows, cols)
    steps = [
        _constant,
        _broadcast,
        _from_elements,
        _load,
        _transfer_read,
        _transfer_read,
        _masked_load,
        _binary,
        _unary,
        _select,
        _extract,
        _insert,
        _strided,
        _shuffle,
        _reduction,
        _shape_cast,
        _transpose,
        _bitcast,
        _convert,
        _math,
        _gather_scatter,
        _compressed,
        _products,
        _lanes,
        _multi_reduction,
        _masked_op,
        _zero_d,
        _store,
        _transfer_write,
        _masked_store,
        _memref_views,
        _atomic,
        _alloca_scope,
        _realloc,
        _metadata,
        _view,
        _print_misc,
    ]
    if et not in _INT:
        steps.append(_fma)
    for _ in range(rng.randint(8, 16)):
        rng.choice(steps)(p, memory)
    p.print_memref(a, a_type)
    head = [f"func.func @{prefix}main() {{"]
    for value in sorted(p.constants):
        name = f"%c{value}" if value >= 0 else f"%cm{-value}"
        head.append(f"  {name} = arith.constant {value} : index")
    return "\n".join(head + p.lines + ["  return", "}"]) + "\n"


Memory = tuple[str, str, int, int]


def _constant(p: _Program, m: Memory) -> None:
    rank = p.rng.choice([1, 1, 2])
    name = p.fresh("v")
    if rank == 1:
        n = p.rng.randint(1, 8)
        values = ", ".join(p.literal() for _ in range(n))
        shape: tuple[int, ...] = (n,)
        text = f"[{values}]"
    else:
        shape = (p.rng.randint(1, 3), p.rng.randint(1, 4))
        text = (
            "["
            + ", ".join(
                "[" + ", ".join(p.literal() for _ in range(shape[1])) + "]" for _ in range(shape[0])
            )
            + "]"
        )
    if p.rng.random() < 0.2:
        text = p.literal()
    p.emit(f"{name} = arith.constant dense<{text}> : {_vt(shape, p.et)}")
    p.add(name, shape)


def _broadcast(p: _Program, m: Memory) -> None:
    name = p.fresh("v")
    if p.rng.random() < 0.5:
        x = p.scalar()
        shape: tuple[int, ...] = tuple(p.rng.randint(1, 4) for _ in range(p.rng.randint(1, 2)))
        p.emit(f"{name} = vector.broadcast {x} : {p.et} to {_vt(shape, p.et)}")
    else:
        source, sshape = p.pick(1)
        shape = (p.rng.randint(1, 3), *sshape)
        p.emit(f"{name} = vector.broadcast {source} : {_vt(sshape, p.et)} to {_vt(shape, p.et)}")
    p.add(name, shape)


def _from_elements(p: _Program, m: Memory) -> None:
    n = p.rng.randint(1, 5)
    xs = [p.scalar() for _ in range(n)]
    name = p.fresh("v")
    p.emit(f"{name} = vector.from_elements {', '.join(xs)} : {_vt((n,), p.et)}")
    p.add(name, (n,))
    if p.rng.random() < 0.3:
        s = p.fresh("st")
        p.emit(f"{s} = vector.step : vector<{n}xindex>")
        p.emit(f"vector.print {s} : vector<{n}xindex>")


def _load(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    n = p.rng.randint(1, cols)
    i, j = p.rng.randint(0, rows - 1), p.rng.randint(0, cols - n)
    name = p.fresh("v")
    p.emit(f"{name} = vector.load {a}[{p.c(i)}, {p.c(j)}] : {a_type}, {_vt((n,), p.et)}")
    p.add(name, (n,))


def _transfer_read(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    pad = p.scalar()
    name = p.fresh("v")
    form = rng.choice(["1d", "2d", "transpose", "broadcast"])
    i, j = rng.randint(0, rows), rng.randint(0, cols)
    if form == "1d":
        shape: tuple[int, ...] = (rng.randint(1, 8),)
        attrs = ""
        if j + shape[0] <= cols and i < rows and rng.random() < 0.5:
            attrs = " {in_bounds = [true]}"
        elif i >= rows:
            i = rows - 1
    elif form == "2d":
        shape = (rng.randint(1, 4), rng.randint(1, 6))
        attrs = ""
    elif form == "transpose":
        shape = (rng.randint(1, 6), rng.randint(1, 4))
        attrs = " {permutation_map = affine_map<(d0, d1) -> (d1, d0)>}"
    else:
        shape = (rng.randint(1, 3), rng.randint(1, 6))
        i = min(i, rows - 1)
        attrs = " {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>}"
    mask = ""
    if rng.random() < 0.4:
        mask_shape = shape if form != "broadcast" else shape[1:]
        if form == "transpose":
            mask_shape = (shape[1], shape[0])
        mask = ", " + p.mask(mask_shape)
    p.emit(
        f"{name} = vector.transfer_read {a}[{p.c(i)}, {p.c(j)}], {pad}{mask}{attrs} : "
        f"{a_type}, {_vt(shape, p.et)}"
    )
    p.add(name, shape, show=0.9)


def _masked_load(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    n = p.rng.randint(1, cols)
    i, j = p.rng.randint(0, rows - 1), p.rng.randint(0, cols - n)
    mask = p.mask((n,))
    passthru, _ = _vector_of(p, (n,))
    name = p.fresh("v")
    p.emit(
        f"{name} = vector.maskedload {a}[{p.c(i)}, {p.c(j)}], {mask}, {passthru} : {a_type}, "
        f"{_vt((n,), 'i1')}, {_vt((n,), p.et)} into {_vt((n,), p.et)}"
    )
    p.add(name, (n,))


def _vector_of(p: _Program, shape: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """A vector of `shape`: one made before, or a new broadcast scalar."""
    for name, s in p.vectors:
        if s == shape and p.rng.random() < 0.7:
            return name, s
    x = p.scalar()
    name = p.fresh("v")
    p.emit(f"{name} = vector.broadcast {x} : {p.et} to {_vt(shape, p.et)}")
    p.vectors.append((name, shape))
    return name, shape


def _binary(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    y, _ = _vector_of(p, shape)
    op = p.rng.choice(_INT_BINARY if p.et in _INT else _FLOAT_BINARY)
    name = p.fresh("v")
    p.emit(f"{name} = {op} {x}, {y} : {_vt(shape, p.et)}")
    p.add(name, shape)


def _unary(p: _Program, m: Memory) -> None:
    # MLIR 22 lowers the integer math ops on one-dimensional vectors only.
    x, shape = p.pick(1 if p.et in _INT else None)
    op = p.rng.choice(_INT_UNARY if p.et in _INT else _FLOAT_UNARY)
    name = p.fresh("v")
    p.emit(f"{name} = {op} {x} : {_vt(shape, p.et)}")
    p.add(name, shape)


def _select(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    y, _ = _vector_of(p, shape)
    c = p.fresh("cmp")
    if p.et in _INT:
        pred = p.rng.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"])
        p.emit(f"{c} = arith.cmpi {pred}, {x}, {y} : {_vt(shape, p.et)}")
    else:
        pred = p.rng.choice(["oeq", "one", "olt", "ole", "ogt", "oge", "ueq", "une", "ult", "ord"])
        p.emit(f"{c} = arith.cmpf {pred}, {x}, {y} : {_vt(shape, p.et)}")
    if p.rng.random() < 0.5:
        p.emit(f"vector.print {c} : {_vt(shape, 'i1')}")
    name = p.fresh("v")
    p.emit(f"{name} = arith.select {c}, {x}, {y} : {_vt(shape, 'i1')}, {_vt(shape, p.et)}")
    p.add(name, shape)


def _extract(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    rng = p.rng
    count = rng.randint(1, len(shape))
    position = []
    for n in shape[:count]:
        k = rng.randint(0, n - 1)
        position.append(p.c(k) if rng.random() < 0.4 else str(k))
    rest = shape[count:]
    name = p.fresh("e")
    result = _vt(rest, p.et) if rest else p.et
    p.emit(f"{name} = vector.extract {x}[{', '.join(position)}] : {result} from {_vt(shape, p.et)}")
    if rest:
        p.add(name, rest)
    else:
        p.emit(f"vector.print {name} : {p.et}")


def _insert(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    rng = p.rng
    count = rng.randint(1, len(shape))
    position = []
    for n in shape[:count]:
        k = rng.randint(0, n - 1)
        position.append(p.c(k) if rng.random() < 0.4 else str(k))
    rest = shape[count:]
    if rest:
        value, _ = _vector_of(p, rest)
        value_type = _vt(rest, p.et)
    else:
        value, value_type = p.scalar(), p.et
    name = p.fresh("v")
    p.emit(
        f"{name} = vector.insert {value}, {x}[{', '.join(position)}] : {value_type} into "
        f"{_vt(shape, p.et)}"
    )
    p.add(name, shape)


def _strided(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    rng = p.rng
    offsets, sizes = [], []
    for n in shape[: rng.randint(1, len(shape))]:
        o = rng.randint(0, n - 1)
        offsets.append(o)
        sizes.append(rng.randint(1, n - o))
    result = tuple(sizes) + shape[len(sizes) :]
    ones = ", ".join("1" for _ in sizes)
    name = p.fresh("v")
    p.emit(
        f"{name} = vector.extract_strided_slice {x} {{offsets = {offsets}, sizes = {sizes}, "
        f"strides = [{ones}]}} : {_vt(shape, p.et)} to {_vt(result, p.et)}"
    )
    p.add(name, result)
    if rng.random() < 0.6:
        # Insert a slice of the same rank back, elsewhere.
        dest, _ = _vector_of(p, shape)
        at = [rng.randint(0, n - k) for n, k in zip(shape, result, strict=True)]
        strides = ", ".join("1" for _ in result)
        out = p.fresh("v")
        p.emit(
            f"{out} = vector.insert_strided_slice {name}, {dest} {{offsets = {at}, "
            f"strides = [{strides}]}} : {_vt(result, p.et)} into {_vt(shape, p.et)}"
        )
        p.add(out, shape)


def _shuffle(p: _Program, m: Memory) -> None:
    x, shape = p.pick(1)
    y, yshape = p.pick(1)
    total = shape[0] + yshape[0]
    mask = [p.rng.randint(0, total - 1) for _ in range(p.rng.randint(1, 8))]
    name = p.fresh("v")
    p.emit(f"{name} = vector.shuffle {x}, {y} {mask} : {_vt(shape, p.et)}, {_vt(yshape, p.et)}")
    p.add(name, (len(mask),))


def _reduction(p: _Program, m: Memory) -> None:
    x, shape = p.pick(1)
    kind = p.rng.choice(_INT_KINDS if p.et in _INT else _FLOAT_KINDS)
    name = p.fresh("r")
    if p.rng.random() < 0.4:
        acc = p.scalar()
        p.emit(f"{name} = vector.reduction <{kind}>, {x}, {acc} : {_vt(shape, p.et)} into {p.et}")
    else:
        p.emit(f"{name} = vector.reduction <{kind}>, {x} : {_vt(shape, p.et)} into {p.et}")
    p.emit(f"vector.print {name} : {p.et}")


def _fma(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    y, _ = _vector_of(p, shape)
    z, _ = _vector_of(p, shape)
    name = p.fresh("v")
    p.emit(f"{name} = vector.fma {x}, {y}, {z} : {_vt(shape, p.et)}")
    p.add(name, shape)


def _shape_cast(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    count = 1
    for n in shape:
        count *= n
    if len(shape) == 1:
        divisors = [d for d in range(1, count + 1) if count % d == 0]
        d = p.rng.choice(divisors)
        result: tuple[int, ...] = (d, count // d)
    else:
        result = (count,)
    name = p.fresh("v")
    p.emit(f"{name} = vector.shape_cast {x} : {_vt(shape, p.et)} to {_vt(result, p.et)}")
    p.add(name, result)


def _transpose(p: _Program, m: Memory) -> None:
    x, shape = p.pick(2)
    name = p.fresh("v")
    result = (shape[1], shape[0])
    p.emit(f"{name} = vector.transpose {x}, [1, 0] : {_vt(shape, p.et)} to {_vt(result, p.et)}")
    p.add(name, result)


def _bitcast(p: _Program, m: Memory) -> None:
    x, shape = p.pick(1)
    bits = _BYTES[p.et] * 8
    targets = ["i8", "i16", f"i{bits}"] + (
        ["i64", "f64"] if shape[0] % 2 == 0 and bits == 32 else []
    )
    if bits == 64:
        targets += ["i32", "f32"]
    elif p.et == "i32":
        targets.append("f32")
    target = p.rng.choice(targets)
    tbits = int(target[1:])
    n = shape[0] * bits // tbits
    name = p.fresh("b")
    p.emit(f"{name} = vector.bitcast {x} : {_vt(shape, p.et)} to {_vt((n,), target)}")
    p.emit(f"vector.print {name} : {_vt((n,), target)}")


def _convert(p: _Program, m: Memory) -> None:
    """A conversion to another element type (f16 and bf16 included), an op in it, and
    a conversion back."""
    x, shape = p.pick()
    t = _vt(shape, p.et)
    rng = p.rng
    name, back, op_result = p.fresh("cv"), p.fresh("v"), p.fresh("cv")
    if p.et in _INT:
        target = rng.choice(["i8", "i16", "i64" if p.et == "i32" else "i32", "f32", "f64", "f16"])
        if target.startswith("f"):
            op = rng.choice(["arith.sitofp", "arith.uitofp"])
            p.emit(f"{name} = {op} {x} : {t} to {_vt(shape, target)}")
            p.emit(f"{op_result} = arith.addf {name}, {name} : {_vt(shape, target)}")
            p.emit(f"vector.print {op_result} : {_vt(shape, target)}")
            return
        wide = int(target[1:]) > int(p.et[1:])
        op = rng.choice(["arith.extsi", "arith.extui"]) if wide else "arith.trunci"
        p.emit(f"{name} = {op} {x} : {t} to {_vt(shape, target)}")
        p.emit(f"{op_result} = arith.muli {name}, {name} : {_vt(shape, target)}")
        p.emit(f"vector.print {op_result} : {_vt(shape, target)}")
        back_op = "arith.trunci" if wide else rng.choice(["arith.extsi", "arith.extui"])
        p.emit(f"{back} = {back_op} {op_result} : {_vt(shape, target)} to {t}")
        p.add(back, shape)
        return
    target = rng.choice(["f16", "bf16", "f64" if p.et == "f32" else "f32", "i32", "i16"])
    if target.startswith("i"):
        # In range, so that no element is poison.
        clamped = p.fresh("v")
        low, high = p.fresh("lo"), p.fresh("hi")
        p.emit(f"{low} = arith.constant dense<-1000.0> : {t}")
        p.emit(f"{high} = arith.constant dense<1000.0> : {t}")
        p.emit(f"{clamped} = arith.maximumf {x}, {low} : {t}")
        clamped2 = p.fresh("v")
        p.emit(f"{clamped2} = arith.minimumf {clamped}, {high} : {t}")
        p.emit(f"{name} = arith.fptosi {clamped2} : {t} to {_vt(shape, target)}")
        p.emit(f"vector.print {name} : {_vt(shape, target)}")
        p.emit(f"{back} = arith.sitofp {name} : {_vt(shape, target)} to {t}")
        p.add(back, shape)
        return
    narrow = target in ("f16", "bf16") or (target == "f32" and p.et == "f64")
    op = "arith.truncf" if narrow else "arith.extf"
    p.emit(f"{name} = {op} {x} : {t} to {_vt(shape, target)}")
    p.emit(f"{op_result} = arith.mulf {name}, {name} : {_vt(shape, target)}")
    p.emit(f"vector.print {op_result} : {_vt(shape, target)}")
    p.emit(
        f"{back} = {'arith.extf' if narrow else 'arith.truncf'} {op_result} : {_vt(shape, target)} to {t}"
    )
    p.add(back, shape)


def _math(p: _Program, m: Memory) -> None:
    """A function of the C math library on a vector, which the lowering calls."""
    x, shape = p.pick()
    if p.et in _INT:
        return
    op = p.rng.choice(["math.sqrt", "math.exp", "math.log", "math.sin", "math.cos", "math.round"])
    name = p.fresh("v")
    p.emit(f"{name} = {op} {x} : {_vt(shape, p.et)}")
    p.add(name, shape, show=1.0)


def _store(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    x, shape = p.pick(1)
    if shape[0] > cols:
        return
    i, j = p.rng.randint(0, rows - 1), p.rng.randint(0, cols - shape[0])
    p.emit(f"vector.store {x}, {a}[{p.c(i)}, {p.c(j)}] : {a_type}, {_vt(shape, p.et)}")
    if p.rng.random() < 0.5:
        p.print_memref(a, a_type)


def _transfer_write(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    x, shape = p.pick()
    i, j = rng.randint(0, rows), rng.randint(0, cols)
    if len(shape) == 1:
        i = min(i, rows - 1)
    mask = ""
    if rng.random() < 0.4:
        mask = ", " + p.mask(shape)
    p.emit(
        f"vector.transfer_write {x}, {a}[{p.c(i)}, {p.c(j)}]{mask} : {_vt(shape, p.et)}, {a_type}"
    )
    p.print_memref(a, a_type)


def _masked_store(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    x, shape = p.pick(1)
    if shape[0] > cols:
        return
    i, j = p.rng.randint(0, rows - 1), p.rng.randint(0, cols - shape[0])
    mask = p.mask(shape)
    p.emit(
        f"vector.maskedstore {a}[{p.c(i)}, {p.c(j)}], {mask}, {x} : {a_type}, "
        f"{_vt(shape, 'i1')}, {_vt(shape, p.et)}"
    )
    p.print_memref(a, a_type)


def _memref_views(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    et = p.et
    form = rng.choice(["reinterpret", "expand", "collapse", "transpose", "reshape"])
    name = p.fresh("mv")
    if form == "reinterpret":
        r = rng.randint(1, rows)
        c = rng.randint(1, cols)
        offset = rng.randint(0, rows * cols - ((r - 1) * cols + c))
        type_ = f"memref<{r}x{c}x{et}, strided<[{cols}, 1], offset: {offset}>>"
        p.emit(
            f"{name} = memref.reinterpret_cast {a} to offset: [{offset}], sizes: [{r}, {c}], "
            f"strides: [{cols}, 1] : {a_type} to {type_}"
        )
    elif form == "expand":
        divisors = [d for d in range(1, cols + 1) if cols % d == 0]
        d = rng.choice(divisors)
        type_ = f"memref<{rows}x{d}x{cols // d}x{et}>"
        p.emit(
            f"{name} = memref.expand_shape {a} [[0], [1, 2]] output_shape [{rows}, {d}, "
            f"{cols // d}] : {a_type} into {type_}"
        )
    elif form == "collapse":
        type_ = f"memref<{rows * cols}x{et}>"
        p.emit(f"{name} = memref.collapse_shape {a} [[0, 1]] : {a_type} into {type_}")
        if rng.random() < 0.5:
            n = rng.randint(1, rows * cols)
            x = p.fresh("v")
            p.emit(
                f"{x} = vector.load {name}[{p.c(rng.randint(0, rows * cols - n))}] : {type_}, {_vt((n,), et)}"
            )
            p.add(x, (n,), show=1.0)
    elif form == "transpose":
        type_ = f"memref<{cols}x{rows}x{et}, strided<[1, {cols}]>>"
        p.emit(f"{name} = memref.transpose {a} (d0, d1) -> (d1, d0) : {a_type} to {type_}")
        if rng.random() < 0.5:
            x = p.fresh("v")
            pad = p.scalar()
            n = rng.randint(1, rows)
            p.emit(
                f"{x} = vector.transfer_read {name}[{p.c(rng.randint(0, cols - 1))}, {p.c(0)}], "
                f"{pad} : {type_}, {_vt((n,), et)}"
            )
            p.add(x, (n,), show=1.0)
    else:
        shape_m = p.fresh("shape")
        count = rows * cols
        divisors = [d for d in range(1, count + 1) if count % d == 0]
        d = rng.choice(divisors)
        p.emit(f"{shape_m} = memref.alloca() : memref<2xindex>")
        p.emit(f"memref.store {p.c(d)}, {shape_m}[{p.c(0)}] : memref<2xindex>")
        p.emit(f"memref.store {p.c(count // d)}, {shape_m}[{p.c(1)}] : memref<2xindex>")
        type_ = f"memref<{d}x{count // d}x{et}>"
        p.emit(f"{name} = memref.reshape {a}({shape_m}) : ({a_type}, memref<2xindex>) -> {type_}")
    p.print_memref(name, type_)


def _atomic(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    index = f"{p.c(rng.randint(0, rows - 1))}, {p.c(rng.randint(0, cols - 1))}"
    name = p.fresh("old")
    if p.et in _INT and rng.random() < 0.4:
        x = p.scalar()
        cur, new = p.fresh("cur"), p.fresh("new")
        op = rng.choice(["arith.addi", "arith.muli", "arith.xori", "arith.maxsi"])
        p.emit(f"{name} = memref.generic_atomic_rmw {a}[{index}] : {a_type} {{")
        p.emit(f"^bb0({cur}: {p.et}):")
        p.emit(f"{new} = {op} {cur}, {x} : {p.et}", 2)
        p.emit(f"memref.atomic_yield {new} : {p.et}", 2)
        p.emit("}")
    else:
        kind = rng.choice(_INT_RMW if p.et in _INT else _FLOAT_RMW)
        x = p.scalar()
        p.emit(
            f"{name} = memref.atomic_rmw {kind} {x}, {a}[{index}] : ({p.et}, {a_type}) -> {p.et}"
        )
    p.emit(f"vector.print {name} : {p.et}")
    if rng.random() < 0.5:
        p.print_memref(a, a_type)


def _alloca_scope(p: _Program, m: Memory) -> None:
    x, shape = p.pick(1)
    s = p.fresh("sc")
    t = _vt(shape, p.et)
    p.emit(f"{s} = memref.alloca_scope -> ({t}) {{")
    buf, loaded, neg = p.fresh("buf"), p.fresh("ld"), p.fresh("v")
    p.emit(f"{buf} = memref.alloca() : memref<{shape[0]}x{p.et}>", 2)
    p.emit(f"vector.store {x}, {buf}[{p.c(0)}] : memref<{shape[0]}x{p.et}>, {t}", 2)
    p.emit(f"{loaded} = vector.load {buf}[{p.c(0)}] : memref<{shape[0]}x{p.et}>, {t}", 2)
    if p.et in _INT:
        p.emit(f"{neg} = arith.subi {loaded}, {x} : {t}", 2)
    else:
        p.emit(f"{neg} = arith.negf {loaded} : {t}", 2)
    p.emit(f"memref.alloca_scope.return {neg} : {t}", 2)
    p.emit("}")
    p.add(s, shape, show=1.0)


def _realloc(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    et = p.et
    count = rows * cols
    flat, grown, old = p.fresh("flat"), p.fresh("re"), p.fresh("old")
    copy = p.fresh("cp")
    p.emit(f"{copy} = memref.alloc() : memref<{count}x{et}>")
    p.emit(f"{flat} = memref.collapse_shape {a} [[0, 1]] : {a_type} into memref<{count}x{et}>")
    p.emit(f"memref.copy {flat}, {copy} : memref<{count}x{et}> to memref<{count}x{et}>")
    new = count + p.rng.randint(1, 4)
    p.emit(f"{grown} = memref.realloc {copy} : memref<{count}x{et}> to memref<{new}x{et}>")
    # Only the elements copied from the old buffer are defined.
    p.emit(
        f"{old} = memref.subview {grown}[0] [{count}] [1] : memref<{new}x{et}> to "
        f"memref<{count}x{et}, strided<[1]>>"
    )
    p.print_memref(old, f"memref<{count}x{et}, strided<[1]>>")
    p.emit(f"memref.dealloc {grown} : memref<{new}x{et}>")


def _metadata(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    o0, o1 = rng.randint(0, rows - 1), rng.randint(0, cols - 1)
    n0, n1 = rng.randint(1, rows - o0), rng.randint(1, cols - o1)
    view = p.fresh("sv")
    offset = o0 * cols + o1
    type_ = f"memref<{n0}x{n1}x{p.et}, strided<[{cols}, 1], offset: {offset}>>"
    p.emit(f"{view} = memref.subview {a}[{o0}, {o1}] [{n0}, {n1}] [1, 1] : {a_type} to {type_}")
    base = p.fresh("base")
    names = [p.fresh("md") for _ in range(5)]
    p.emit(
        f"{base}, {names[0]}, {names[1]}, {names[2]}, {names[3]}, {names[4]} = "
        f"memref.extract_strided_metadata {view} : {type_} -> memref<{p.et}>, index, index, "
        "index, index, index"
    )
    for k, v in enumerate(names):
        p.emit(f"vector.print {v} : index punctuation <{'comma' if k < 4 else 'newline'}>")


def _view(p: _Program, m: Memory) -> None:
    et = p.et
    rng = p.rng
    r, c = rng.randint(1, 3), rng.randint(1, 4)
    shift = rng.randint(0, 3) * _BYTES[et]
    size = shift + r * c * _BYTES[et] + rng.randint(0, 8)
    buf, view = p.fresh("bytes"), p.fresh("view")
    p.emit(f"{buf} = memref.alloc() : memref<{size}xi8>")
    p.emit(
        f"{view} = memref.view {buf}[{p.c(shift)}][] : memref<{size}xi8> to memref<{r}x{c}x{et}>"
    )
    x, _ = _vector_of(p, (r, c))
    p.emit(
        f"vector.transfer_write {x}, {view}[{p.c(0)}, {p.c(0)}] : {_vt((r, c), et)}, memref<{r}x{c}x{et}>"
    )
    p.print_memref(view, f"memref<{r}x{c}x{et}>")
    p.emit(f"memref.dealloc {buf} : memref<{size}xi8>")


def _bools(p: _Program, n: int) -> str:
    bits = ", ".join(p.rng.choice(["true", "false"]) for _ in range(n))
    name = p.fresh("mask")
    p.emit(f"{name} = arith.constant dense<[{bits}]> : {_vt((n,), 'i1')}")
    return name


def _gather_scatter(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    n = rng.randint(1, 6)
    i, j = rng.randint(0, rows - 1), rng.randint(0, cols - 1)
    index_type = rng.choice(["i32", "i64", "index"])
    offsets = ", ".join(str(rng.randint(0, cols - 1 - j)) for _ in range(n))
    idx = p.fresh("idx")
    p.emit(f"{idx} = arith.constant dense<[{offsets}]> : {_vt((n,), index_type)}")
    mask = _bools(p, n) if rng.random() < 0.6 else p.mask((n,))
    value, _ = _vector_of(p, (n,))
    where = f"{a}[{p.c(i)}, {p.c(j)}][{idx}], {mask}, {value}"
    types = f"{a_type}, {_vt((n,), index_type)}, {_vt((n,), 'i1')}, {_vt((n,), p.et)}"
    if rng.random() < 0.5:
        name = p.fresh("v")
        p.emit(f"{name} = vector.gather {where} : {types} into {_vt((n,), p.et)}")
        p.add(name, (n,), show=1.0)
    else:
        p.emit(f"vector.scatter {where} : {types}")
        p.print_memref(a, a_type)


def _compressed(p: _Program, m: Memory) -> None:
    a, a_type, rows, cols = m
    rng = p.rng
    n = rng.randint(1, cols)
    i, j = rng.randint(0, rows - 1), rng.randint(0, cols - n)
    mask = _bools(p, n)
    value, _ = _vector_of(p, (n,))
    types = f"{a_type}, {_vt((n,), 'i1')}, {_vt((n,), p.et)}"
    if rng.random() < 0.5:
        name = p.fresh("v")
        p.emit(
            f"{name} = vector.expandload {a}[{p.c(i)}, {p.c(j)}], {mask}, {value} : {types} "
            f"into {_vt((n,), p.et)}"
        )
        p.add(name, (n,), show=1.0)
    else:
        p.emit(f"vector.compressstore {a}[{p.c(i)}, {p.c(j)}], {mask}, {value} : {types}")
        p.print_memref(a, a_type)


def _products(p: _Program, m: Memory) -> None:
    rng = p.rng
    x, (n,) = p.pick(1)
    y, (k,) = p.pick(1)
    name = p.fresh("v")
    et = p.et
    form = rng.choice(["outer", "outer_acc", "axpy", "matvec", "dot"])
    if form == "outer":
        p.emit(f"{name} = vector.outerproduct {x}, {y} : {_vt((n,), et)}, {_vt((k,), et)}")
        p.add(name, (n, k), show=1.0)
    elif form == "outer_acc":
        acc, _ = _vector_of(p, (n, k))
        kind = rng.choice(["add", "mul", "maxsi" if et in _INT else "maximumf"])
        p.emit(
            f"{name} = vector.outerproduct {x}, {y}, {acc} {{kind = #vector.kind<{kind}>}} : "
            f"{_vt((n,), et)}, {_vt((k,), et)}"
        )
        p.add(name, (n, k), show=1.0)
    elif form == "axpy":
        s, acc = p.scalar(), _vector_of(p, (n,))[0]
        p.emit(f"{name} = vector.outerproduct {x}, {s}, {acc} : {_vt((n,), et)}, {et}")
        p.add(name, (n,), show=1.0)
    elif form == "matvec":
        matrix, _ = _vector_of(p, (n, k))
        p.emit(
            f"{name} = vector.contract {{indexing_maps = [affine_map<(i, j) -> (i, j)>, "
            "affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = "
            f'["parallel", "reduction"], kind = #vector.kind<add>}} {matrix}, {y}, {x} : '
            f"{_vt((n, k), et)}, {_vt((k,), et)} into {_vt((n,), et)}"
        )
        p.add(name, (n,), show=1.0)
    else:
        other, _ = _vector_of(p, (n,))
        acc = p.scalar()
        p.emit(
            f"{name} = vector.contract {{indexing_maps = [affine_map<(i) -> (i)>, "
            "affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = "
            f'["reduction"], kind = #vector.kind<add>}} {x}, {other}, {acc} : '
            f"{_vt((n,), et)}, {_vt((n,), et)} into {et}"
        )
        p.emit(f"vector.print {name} : {et}")


def _lanes(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    y, _ = _vector_of(p, shape)
    t = _vt(shape, p.et)
    wide = (*shape[:-1], 2 * shape[-1])
    name = p.fresh("v")
    p.emit(f"{name} = vector.interleave {x}, {y} : {t} -> {_vt(wide, p.et)}")
    p.add(name, wide)
    if shape[-1] % 2 == 0:
        half = (*shape[:-1], shape[-1] // 2)
        evens, odds = p.fresh("v"), p.fresh("v")
        p.emit(f"{evens}, {odds} = vector.deinterleave {x} : {t} -> {_vt(half, p.et)}")
        p.add(odds, half)
    count = 1
    for n in shape:
        count *= n
    if count <= 8:
        names = p.fresh("el")
        p.emit(f"{names}:{count} = vector.to_elements {x} : {t}")
        p.emit(f"vector.print {names}#{p.rng.randint(0, count - 1)} : {p.et}")


def _multi_reduction(p: _Program, m: Memory) -> None:
    x, shape = p.pick(2)
    kinds = _INT_KINDS if p.et in _INT else ["add", "mul", "maximumf", "minimumf"]
    kind = p.rng.choice(kinds)
    dims = p.rng.choice([[0], [1], [0, 1]])
    name = p.fresh("v")
    t = _vt(shape, p.et)
    if len(dims) == 2:
        acc = p.scalar()
        p.emit(f"{name} = vector.multi_reduction <{kind}>, {x}, {acc} [0, 1] : {t} to {p.et}")
        p.emit(f"vector.print {name} : {p.et}")
        return
    rest = (shape[1 - dims[0]],)
    acc, _ = _vector_of(p, rest)
    p.emit(
        f"{name} = vector.multi_reduction <{kind}>, {x}, {acc} [{dims[0]}] : {t} to "
        f"{_vt(rest, p.et)}"
    )
    p.add(name, rest, show=1.0)


def _masked_op(p: _Program, m: Memory) -> None:
    """`vector.mask` around a reduction or a transfer."""
    a, a_type, rows, cols = m
    rng = p.rng
    x, shape = p.pick(1)
    n = shape[0]
    t = _vt((n,), p.et)
    mask = _bools(p, n) if rng.random() < 0.5 else p.mask((n,))
    form = rng.choice(["reduction", "read", "write"])
    name = p.fresh("v")
    i, j = rng.randint(0, rows - 1), rng.randint(0, cols)
    if form == "reduction":
        kind = rng.choice(["add", "mul", "maxsi", "xor"] if p.et in _INT else ["add", "mul"])
        acc = p.scalar()
        p.emit(
            f"{name} = vector.mask {mask} {{ vector.reduction <{kind}>, {x}, {acc} : {t} into "
            f"{p.et} }} : {_vt((n,), 'i1')} -> {p.et}"
        )
        p.emit(f"vector.print {name} : {p.et}")
    elif form == "read":
        pad = p.scalar()
        p.emit(
            f"{name} = vector.mask {mask} {{ vector.transfer_read {a}[{p.c(i)}, {p.c(j)}], "
            f"{pad} : {a_type}, {t} }} : {_vt((n,), 'i1')} -> {t}"
        )
        p.add(name, (n,), show=1.0)
    else:
        p.emit(
            f"vector.mask {mask} {{ vector.transfer_write {x}, {a}[{p.c(i)}, {p.c(j)}] : "
            f"{t}, {a_type} }} : {_vt((n,), 'i1')}"
        )
        p.print_memref(a, a_type)


def _zero_d(p: _Program, m: Memory) -> None:
    """0-D vectors: broadcast, insert, extract, shuffle, reduction, masks, arithmetic."""
    et = p.et
    t = f"vector<{et}>"
    x, y = p.scalar(), p.scalar()
    v, w, s, e = p.fresh("z"), p.fresh("z"), p.fresh("z"), p.fresh("z")
    p.emit(f"{v} = vector.broadcast {x} : {et} to {t}")
    p.emit(f"{w} = vector.insert {y}, {v}[] : {et} into {t}")
    p.emit(f"vector.print {w} : {t}")
    op = "arith.addi" if et in _INT else "arith.mulf"
    p.emit(f"{s} = {op} {v}, {w} : {t}")
    p.emit(f"{e} = vector.extract {s}[] : {et} from {t}")
    p.emit(f"vector.print {e} : {et}")
    sh = p.fresh("z")
    p.emit(f"{sh} = vector.shuffle {v}, {w} [1, 0, 1] : {t}, {t}")
    # Printed only: mlir-opt-22 crashes lowering some uses of a shuffle of 0-D vectors.
    p.emit(f"vector.print {sh} : {_vt((3,), et)}")
    r = p.fresh("z")
    p.emit(f"{r} = vector.reduction <add>, {s} : {t} into {et}")
    p.emit(f"vector.print {r} : {et}")
    mk = p.fresh("z")
    p.emit(f"{mk} = vector.create_mask {p.c(p.rng.randint(0, 1))} : vector<i1>")
    p.emit(f"vector.print {mk} : vector<i1>")
    b = p.fresh("z")
    p.emit(f"{b} = vector.broadcast {v} : {t} to {_vt((2, 2), et)}")
    p.add(b, (2, 2))


def _print_misc(p: _Program, m: Memory) -> None:
    x, shape = p.pick()
    p.emit('vector.print str "value: "')
    p.emit(f"vector.print {x} : {_vt(shape, p.et)} punctuation <no_punctuation>")
    p.emit("vector.print punctuation <comma>")
    p.emit("vector.print punctuation <open>")
    p.emit("vector.print punctuation <close>")
    p.emit("vector.print punctuation <newline>")
