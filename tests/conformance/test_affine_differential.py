"""Random `affine` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions that nest `affine.for` (constant, symbol and
`max`/`min` map bounds, steps, loop-carried values), `affine.if` (with and
without `else`, with results) and `affine.parallel` (several dimensions,
`max`/`min` bound groups, steps, reductions of every kind on the types it
allows) and use, inside them and at the top level, `affine.apply`, `affine.min`,
`affine.max`, `affine.load`/`affine.store`, `affine.vector_load`/
`affine.vector_store`, `affine.prefetch`, `affine.dma_start`/`affine.dma_wait`
(strided or not) and `affine.delinearize_index`/`affine.linearize_index`
(static and dynamic bases, `disjoint`), with subscripts and bounds that are
random affine expressions of induction variables, symbols (`symbol(%n)`) and
constants, some ops written in generic form. Together they use every op of
MLIR 22's affine dialect. odsgen must print each exactly as mlir-opt-22 does, in
custom and in generic form.

Invalid programs break one check of one op at a time: each verifier message,
operand and result types, the custom syntax's own errors, and the rules for
valid dimensions and symbols. Both tools must reject them, and odsgen must give
mlir-opt-22's first error for at least 95% of them. Every program comes from a
fixed seed; run with `-s` for the figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

import pytest
from conformance.differential import (
    MLIR_OPT,
    Figures,
    InvalidCase,
    InvalidResult,
    Program,
    ValidResult,
    check_invalid,
    check_valid,
    function,
    op_names,
)

import generated.affine

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261127
PROGRAMS = 50
MIN_SAME_ERROR = 0.95

#: Every op of MLIR 22's affine dialect (`AffineOps.td`, and the DMA ops defined in C++).
ALL_OPS = [
    "apply", "delinearize_index", "dma_start", "dma_wait", "for", "if", "linearize_index",
    "load", "max", "min", "parallel", "prefetch", "store", "vector_load", "vector_store",
    "yield",
]  # fmt: skip

#: The function's arguments: memrefs, a vector, index symbols.
PARAMS = [
    ("%A", "memref<100x100xf32>"),
    ("%B", "memref<?xf32>"),
    ("%C", "memref<16x8xi32>"),
    ("%D", "memref<64xf32, 1>"),
    ("%T", "memref<1xi32, 2>"),
    ("%n", "index"),
    ("%m", "index"),
    ("%x", "f32"),
    ("%k", "i32"),
]
RANKS = {"%A": 2, "%B": 1, "%C": 2, "%D": 1, "%T": 1}
ELEMENTS = {"%A": "f32", "%B": "f32", "%C": "i32", "%D": "f32", "%T": "i32"}
MEMREF_TYPES = dict(PARAMS)

#: Reductions of `affine.parallel`, with the result types they allow.
REDUCTIONS = {
    "addf": ["f32", "f16"], "mulf": ["f32"], "maximumf": ["f32"], "minimumf": ["f64"],
    "addi": ["i32", "si8"], "muli": ["i16"], "andi": ["i32"], "ori": ["ui8"],
    "maxs": ["si32"], "mins": ["si16"], "maxu": ["ui32"], "minu": ["ui64"],
    "assign": ["f32", "i32", "index"],
}  # fmt: skip


@dataclass
class _Scope:
    """What a point of the program may use: valid dims (induction variables, and
    index values computed from them) and valid symbols."""

    dims: list[str]
    symbols: list[str]


@dataclass
class _Gen:
    rng: random.Random
    lines: list[str] = field(default_factory=list)
    counter: int = 0
    depth: int = 0

    def fresh(self, base: str = "v") -> str:
        self.counter += 1
        return f"%{base}{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.depth + line)

    # -- affine expressions over SSA ids ------------------------------------------------

    def term(self, scope: _Scope, *, dims: bool = True) -> str:
        rng = self.rng
        pool = scope.dims if dims and scope.dims else []
        choice = rng.random()
        if pool and choice < 0.5:
            return rng.choice(pool)
        if scope.symbols and choice < 0.8:
            return f"symbol({rng.choice(scope.symbols)})"
        return str(rng.randint(0, 9))

    def expr(self, scope: _Scope, *, dims: bool = True) -> str:
        rng = self.rng
        a = self.term(scope, dims=dims)
        shape = rng.randint(0, 7)
        if shape == 0:
            return a
        if shape == 1:
            return f"{a} + {self.term(scope, dims=dims)}"
        if shape == 2:
            return f"{a} * {rng.randint(2, 5)}"
        if shape == 3:
            return f"{a} floordiv {rng.randint(2, 8)}"
        if shape == 4:
            return f"{a} mod {rng.randint(2, 8)}"
        if shape == 5:
            return f"({a} + {self.term(scope, dims=dims)}) ceildiv {rng.randint(2, 4)}"
        if shape == 6:
            return f"{a} - {rng.randint(1, 9)}"
        return f"-{a} + {rng.randint(10, 99)}"

    def subscripts(self, memref: str, scope: _Scope) -> str:
        return ", ".join(self.expr(scope) for _ in range(RANKS[memref]))

    def map_and_operands(self, scope: _Scope, results: int) -> str:
        """`affine_map<(d..)[s..] -> (...)>(%dims)[%syms]`."""
        rng = self.rng
        num_dims = rng.randint(0, min(2, len(scope.dims))) if scope.dims else 0
        num_syms = rng.randint(0, min(2, len(scope.symbols)))
        dim_ids = [f"d{i}" for i in range(num_dims)]
        sym_ids = [f"s{i}" for i in range(num_syms)]

        def one() -> str:
            parts = [rng.choice(dim_ids + sym_ids + [str(rng.randint(0, 9))])]
            if rng.random() < 0.5 and (dim_ids or sym_ids):
                parts.append(f"{rng.choice(dim_ids + sym_ids)} * {rng.randint(2, 4)}")
            if rng.random() < 0.3:
                parts.append(str(rng.randint(1, 16)))
            return " + ".join(parts)

        exprs = ", ".join(one() for _ in range(results))
        amap = f"affine_map<({', '.join(dim_ids)})[{', '.join(sym_ids)}] -> ({exprs})>"
        dims = [rng.choice(scope.dims) for _ in range(num_dims)]
        syms = [rng.choice(scope.symbols) for _ in range(num_syms)]
        return f"{amap}({', '.join(dims)})[{', '.join(syms)}]"

    def attr_dict(self) -> str:
        return self.rng.choice(["", "", "", " {test.tag}", ' {test.name = "x"}'])

    # -- ops ------------------------------------------------------------------------------

    def op_apply(self, scope: _Scope) -> None:
        name = self.fresh("i")
        if self.rng.random() < 0.2:
            self.emit(
                f'{name} = "affine.apply"({scope.symbols[0]}) '
                "<{map = affine_map<(d0) -> (d0 * 3)>}> : (index) -> index"
            )
        else:
            self.emit(f"{name} = affine.apply {self.map_and_operands(scope, 1)}{self.attr_dict()}")
        scope.dims.append(name)

    def op_min_max(self, scope: _Scope, which: str) -> None:
        name = self.fresh("i")
        results = self.rng.randint(1, 3)
        self.emit(f"{name} = affine.{which} {self.map_and_operands(scope, results)}")
        # Only at the top level is the result a valid symbol (and so a dimension).
        if self.depth == 0:
            scope.symbols.append(name)

    def op_load_store(self, scope: _Scope) -> None:
        rng = self.rng
        memref = rng.choice(["%A", "%B", "%C", "%D"])
        ty = MEMREF_TYPES[memref]
        value = self.fresh()
        self.emit(f"{value} = affine.load {memref}[{self.subscripts(memref, scope)}] : {ty}")
        if rng.random() < 0.7:
            self.emit(f"affine.store {value}, {memref}[{self.subscripts(memref, scope)}] : {ty}")

    def op_vector(self, scope: _Scope) -> None:
        rng = self.rng
        memref = rng.choice(["%A", "%B"])
        ty = MEMREF_TYPES[memref]
        vector = rng.choice(["vector<4xf32>", "vector<8xf32>", "vector<2x4xf32>"])
        value = self.fresh()
        subs = self.subscripts(memref, scope)
        self.emit(
            f"{value} = affine.vector_load {memref}[{subs}]{self.attr_dict()} : {ty}, {vector}"
        )
        if rng.random() < 0.8:
            subs = self.subscripts(memref, scope)
            self.emit(f"affine.vector_store {value}, {memref}[{subs}] : {ty}, {vector}")

    def op_prefetch(self, scope: _Scope) -> None:
        rng = self.rng
        memref = rng.choice(["%A", "%B", "%C"])
        rw = rng.choice(["read", "write"])
        cache = rng.choice(["data", "instr"])
        hint = rng.randint(0, 3)
        subs = self.subscripts(memref, scope)
        self.emit(
            f"affine.prefetch {memref}[{subs}], {rw}, locality<{hint}>, {cache}"
            f"{self.attr_dict()} : {MEMREF_TYPES[memref]}"
        )

    def op_dma(self, scope: _Scope) -> None:
        rng = self.rng
        count = rng.choice(scope.symbols)
        stride = ""
        if rng.random() < 0.4:
            stride = f", {rng.choice(scope.symbols)}, {rng.choice(scope.symbols)}"
        src = f"%A[{self.subscripts('%A', scope)}]"
        dst = f"%D[{self.subscripts('%D', scope)}]"
        tag = f"%T[{self.expr(scope)}]"
        types = f"{MEMREF_TYPES['%A']}, {MEMREF_TYPES['%D']}, {MEMREF_TYPES['%T']}"
        self.emit(f"affine.dma_start {src}, {dst}, {tag}, {count}{stride} : {types}")
        if rng.random() < 0.8:
            self.emit(f"affine.dma_wait %T[{self.expr(scope)}], {count} : {MEMREF_TYPES['%T']}")

    def op_delinearize(self, scope: _Scope) -> None:
        rng = self.rng
        n = rng.randint(1, 3)
        basis = [
            rng.choice(scope.symbols) if rng.random() < 0.3 else str(rng.randint(1, 64))
            for _ in range(n)
        ]
        results = n + rng.randint(0, 1)
        name = self.fresh("d")
        lhs = name if results == 1 else f"{name}:{results}"
        source = rng.choice(scope.dims + scope.symbols)
        if rng.random() < 0.15:
            dynamic = [b for b in basis if b.startswith("%")]
            static = ", ".join("-9223372036854775808" if b.startswith("%") else b for b in basis)
            outs = ", ".join(["index"] * results)
            outs = outs if results == 1 else f"({outs})"
            ins = ", ".join(["index"] * (1 + len(dynamic)))
            self.emit(
                f'{lhs} = "affine.delinearize_index"({", ".join([source, *dynamic])}) '
                f"<{{static_basis = array<i64: {static}>}}> : ({ins}) -> {outs}"
            )
            return
        types = ", ".join(["index"] * results)
        self.emit(
            f"{lhs} = affine.delinearize_index {source} into ({', '.join(basis)})"
            f"{self.attr_dict()} : {types}"
        )

    def op_linearize(self, scope: _Scope) -> None:
        rng = self.rng
        n = rng.randint(1, 3)
        indices = [rng.choice(scope.dims + scope.symbols) for _ in range(n)]
        basis = [
            rng.choice(scope.symbols) if rng.random() < 0.3 else str(rng.randint(1, 64))
            for _ in range(n - rng.randint(0, 1))
        ]
        disjoint = rng.choice(["", "disjoint "])
        name = self.fresh("l")
        self.emit(
            f"{name} = affine.linearize_index {disjoint}[{', '.join(indices)}] by "
            f"({', '.join(basis)}) : index"
        )

    def bound(self, scope: _Scope, prefix: str) -> str:
        rng = self.rng
        choice = rng.random()
        if choice < 0.35:
            return str(rng.randint(0, 20))
        if choice < 0.55 and scope.symbols:
            return rng.choice(scope.symbols)
        results = rng.randint(1, 3)
        text = self.map_and_operands(scope, results)
        return f"{prefix} {text}" if results > 1 else text

    def op_for(self, scope: _Scope, budget: int) -> None:
        rng = self.rng
        iv = self.fresh("iv")
        lower = self.bound(scope, "max")
        upper = self.bound(scope, "min")
        step = f" step {rng.randint(2, 4)}" if rng.random() < 0.3 else ""
        carried = rng.random() < 0.3
        inner = _Scope([*scope.dims, iv], list(scope.symbols))
        if carried:
            acc = self.fresh("acc")
            result = self.fresh("r")
            self.emit(
                f"{result} = affine.for {iv} = {lower} to {upper}{step} "
                f"iter_args({acc} = %x) -> (f32) {{"
            )
            self.depth += 1
            self.body(inner, budget)
            self.emit(f"affine.yield {acc} : f32")
        else:
            self.emit(f"affine.for {iv} = {lower} to {upper}{step} {{")
            self.depth += 1
            self.body(inner, budget)
        self.depth -= 1
        self.emit("}" + self.attr_dict())

    def op_if(self, scope: _Scope, budget: int) -> None:
        rng = self.rng
        num_dims = min(len(scope.dims), rng.randint(0, 2))
        num_syms = min(len(scope.symbols), rng.randint(0, 2))
        ids = [f"d{i}" for i in range(num_dims)] + [f"s{i}" for i in range(num_syms)]
        constraints = []
        for _ in range(rng.randint(1, 3)):
            lhs = rng.choice(ids) if ids else "0"
            op = rng.choice([">= 0", "== 0"])
            constraints.append(f"{lhs} - {rng.randint(0, 9)} {op}")
        dims_text = ", ".join(f"d{i}" for i in range(num_dims))
        syms_text = ", ".join(f"s{i}" for i in range(num_syms))
        cond = f"affine_set<({dims_text})[{syms_text}] : ({', '.join(constraints)})>"
        operands = f"({', '.join(rng.choice(scope.dims) for _ in range(num_dims))})"
        operands += f"[{', '.join(rng.choice(scope.symbols) for _ in range(num_syms))}]"
        inner = _Scope(list(scope.dims), list(scope.symbols))
        if rng.random() < 0.3:
            result = self.fresh("r")
            self.emit(f"{result} = affine.if {cond}{operands} -> f32 {{")
            self.depth += 1
            self.body(inner, budget)
            self.emit("affine.yield %x : f32")
            self.depth -= 1
            self.emit("} else {")
            self.depth += 1
            self.emit("affine.yield %x : f32")
            self.depth -= 1
            self.emit("}")
            return
        self.emit(f"affine.if {cond}{operands} {{")
        self.depth += 1
        self.body(inner, budget)
        self.depth -= 1
        if rng.random() < 0.5:
            self.emit("} else {")
            self.depth += 1
            self.body(_Scope(list(scope.dims), list(scope.symbols)), budget)
            self.depth -= 1
        self.emit("}")

    def parallel_bounds(self, scope: _Scope, keyword: str, count: int) -> str:
        rng = self.rng
        parts = []
        for _ in range(count):
            if rng.random() < 0.25:
                inner = ", ".join(self.expr(scope) for _ in range(rng.randint(2, 3)))
                parts.append(f"{keyword}({inner})")
            else:
                parts.append(self.expr(scope))
        return ", ".join(parts)

    def op_parallel(self, scope: _Scope, budget: int) -> None:
        rng = self.rng
        count = rng.choice([1, 1, 2, 2, 3, 0])
        ivs = [self.fresh("p") for _ in range(count)]
        lower = self.parallel_bounds(scope, "max", count)
        upper = self.parallel_bounds(scope, "min", count)
        steps = ""
        if count and rng.random() < 0.3:
            steps = f" step ({', '.join(str(rng.randint(1, 4)) for _ in range(count))})"
        inner = _Scope([*scope.dims, *ivs], list(scope.symbols))
        head = f"affine.parallel ({', '.join(ivs)}) = ({lower}) to ({upper}){steps}"
        if rng.random() < 0.4:
            kinds = rng.sample(sorted(REDUCTIONS), rng.randint(1, 2))
            types = [rng.choice(REDUCTIONS[kind]) for kind in kinds]
            result = self.fresh("r")
            lhs = result if len(kinds) == 1 else f"{result}:{len(kinds)}"
            reduce = ", ".join(f'"{kind}"' for kind in kinds)
            self.emit(f"{lhs} = {head} reduce ({reduce}) -> ({', '.join(types)}) {{")
            self.depth += 1
            self.body(inner, budget)
            values = []
            for ty in types:
                value = self.fresh("c")
                if ty == "index":
                    self.emit(f"{value} = arith.constant {rng.randint(0, 9)} : index")
                elif ty.startswith("f"):
                    self.emit(f"{value} = arith.constant {rng.randint(0, 9)}.5 : {ty}")
                else:
                    self.emit(f'{value} = "test.value"() : () -> {ty}')
                values.append(value)
            self.emit(f"affine.yield {', '.join(values)} : {', '.join(types)}")
            self.depth -= 1
            self.emit("}")
            return
        self.emit(head + " {")
        self.depth += 1
        self.body(inner, budget)
        self.depth -= 1
        self.emit("}" + self.attr_dict())

    def body(self, scope: _Scope, budget: int) -> None:
        rng = self.rng
        for _ in range(rng.randint(1, 4)):
            self.one_op(scope, budget - 1)

    def one_op(self, scope: _Scope, budget: int, op: str | None = None) -> None:
        rng = self.rng
        nested = ["for", "if", "parallel"] if budget > 0 else []
        op = op or rng.choice(
            ["apply", "min", "max", "load", "vector", "prefetch", "dma", "delin", "lin"]
            + nested * 2
        )
        if op in ("apply",):
            self.op_apply(scope)
        elif op in ("min", "max"):
            self.op_min_max(scope, op)
        elif op in ("load", "store"):
            self.op_load_store(scope)
        elif op in ("vector", "vector_load", "vector_store"):
            self.op_vector(scope)
        elif op == "prefetch":
            self.op_prefetch(scope)
        elif op in ("dma", "dma_start", "dma_wait"):
            self.op_dma(scope)
        elif op in ("delin", "delinearize_index"):
            self.op_delinearize(scope)
        elif op in ("lin", "linearize_index"):
            self.op_linearize(scope)
        elif op == "for":
            self.op_for(scope, max(budget, 0))
        elif op == "if":
            self.op_if(scope, max(budget, 0))
        else:
            self.op_parallel(scope, max(budget, 0))


def _program(seed: int, first: list[str]) -> str:
    rng = random.Random(seed)
    gen = _Gen(rng)
    scope = _Scope([], ["%n", "%m"])
    gen.emit(f"%c{rng.randint(1, 64)} = arith.constant {rng.randint(1, 64)} : index")
    scope.symbols.append(gen.lines[-1].split(" ")[0])
    for op in first:
        gen.one_op(scope, 2, op)
    for _ in range(rng.randint(2, 6)):
        gen.one_op(scope, 2)
    return function(PARAMS, gen.lines, f"f{seed % 1000}")


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op in turn."""
    rng = random.Random(SEED)
    order = ["apply", "min", "max", "load", "vector", "prefetch", "dma", "delin", "lin"]
    order += ["for", "if", "parallel"]
    out = []
    for i in range(PROGRAMS):
        first = [order[i % len(order)]]
        out.append(Program(f"program {i}", _program(SEED + i + rng.randint(0, 9), first)))
    return tuple(out)


# -- invalid programs --------------------------------------------------------------

I2 = "memref<100x100xf32>"


def _fn(lines: list[str]) -> str:
    return function(PARAMS, lines)


def _invalid_templates(rng: random.Random) -> list[tuple[str, str, list[str]]]:
    """(op, check, body lines) of programs that each break one check."""
    c = rng.randint(1, 9)
    n = rng.choice(["%n", "%m"])
    return [
        # affine.apply
        ("apply", "operand count", [
            f'%r = "affine.apply"({n}, {n}) <{{map = affine_map<(d0) -> (d0)>}}> '
            ": (index, index) -> index",
        ]),
        ("apply", "two results", [
            f'%r = "affine.apply"({n}) <{{map = affine_map<(d0) -> (d0, {c})>}}> '
            ": (index) -> index",
        ]),
        ("apply", "custom dims mismatch", [f"%r = affine.apply affine_map<(d0) -> (d0)>()[{n}]"]),
        ("apply", "dim as symbol", [
            "affine.for %i = 0 to 10 {",
            f"  %r = affine.apply affine_map<()[s0] -> (s0 + {c})>()[%i]",
            "}",
        ]),
        ("apply", "non-index operand", [
            '%r = "affine.apply"(%k) <{map = affine_map<(d0) -> (d0)>}> : (i32) -> index',
        ]),
        # affine.min / affine.max
        ("min", "no results", ["%r = affine.min affine_map<(d0) -> ()>(%n)"]),
        ("max", "operand count", [
            f'%r = "affine.max"({n}) <{{map = affine_map<(d0, d1) -> (d0, d1)>}}> '
            ": (index) -> index",
        ]),
        ("min", "result type", [
            f'%r = "affine.min"({n}) <{{map = affine_map<(d0) -> (d0, {c})>}}> : (index) -> i32',
        ]),
        # affine.load / affine.store
        ("load", "map results", [f"%r = affine.load %A[{n}] : {I2}"]),
        ("load", "result type", [
            f'%r = "affine.load"(%A, {n}, {n}) <{{map = affine_map<(d0, d1) -> (d0, d1)>}}> '
            f": ({I2}, index, index) -> i32",
        ]),
        ("load", "invalid dim", [
            "affine.for %i = 0 to 10 {",
            "  %j = arith.addi %i, %i : index",
            f"  %r = affine.load %A[%j, {n}] : {I2}",
            "}",
        ]),
        ("load", "not a memref", [f"%r = affine.load %x[{n}] : f32"]),
        ("store", "value type", [
            f'"affine.store"(%k, %A, {n}, {n}) <{{map = affine_map<(d0, d1) -> (d0, d1)>}}> '
            f": (i32, {I2}, index, index) -> ()",
        ]),
        ("store", "subscripts", [
            f'"affine.store"(%x, %A, {n}) <{{map = affine_map<(d0, d1) -> (d0, d1)>}}> '
            f": (f32, {I2}, index) -> ()",
        ]),
        # affine.vector_load / affine.vector_store
        ("vector_load", "element type", [
            f"%r = affine.vector_load %A[{n}, {c}] : {I2}, vector<4xf16>",
        ]),
        ("vector_load", "map results", [f"%r = affine.vector_load %A[{n}] : {I2}, vector<4xf32>"]),
        ("vector_load", "not a vector", [f"%r = affine.vector_load %A[{n}, {n}] : {I2}, f32"]),
        ("vector_load", "0-d vector", [
            f"%r = affine.vector_load %A[{n}, {n}] : {I2}, vector<f32>",
        ]),
        ("vector_store", "element type", [
            '%v = "test.value"() : () -> vector<4xi32>',
            f'"affine.vector_store"(%v, %A, {n}, {n}) <{{map = affine_map<(d0, d1) -> (d0, d1)>}}>'
            f" : (vector<4xi32>, {I2}, index, index) -> ()",
        ]),
        ("vector_store", "subscripts", [
            '%v = "test.value"() : () -> vector<4xf32>',
            f'"affine.vector_store"(%v, %A, {n}) <{{map = affine_map<(d0, d1) -> (d0, d1)>}}>'
            f" : (vector<4xf32>, {I2}, index) -> ()",
        ]),
        ("vector_store", "invalid dim", [
            '%v = "test.value"() : () -> vector<4xf32>',
            "affine.for %i = 0 to 10 {",
            "  %j = arith.muli %i, %i : index",
            f"  affine.vector_store %v, %A[%j, {c}] : {I2}, vector<4xf32>",
            "}",
        ]),
        # affine.prefetch
        ("prefetch", "rw specifier", [f"affine.prefetch %A[{n}, {c}], rd, locality<1>, data : {I2}"]),
        ("prefetch", "cache type", [f"affine.prefetch %A[{n}, {c}], read, locality<1>, both : {I2}"]),
        ("prefetch", "locality", [
            f"affine.prefetch %A[{n}, {c}], read, locality<{rng.choice([4, 7, -1])}>, data : {I2}",
        ]),
        ("prefetch", "map results", [f"affine.prefetch %A[{n}], write, locality<2>, data : {I2}"]),
        ("prefetch", "too few operands", [
            f'"affine.prefetch"(%A, {n}) <{{isDataCache = true, isWrite = false, '
            "localityHint = 3 : i32, map = affine_map<(d0, d1) -> (d0, d1)>}> : "
            f"({I2}, index) -> ()",
        ]),
        ("prefetch", "invalid index", [
            "affine.for %i = 0 to 10 {",
            "  %j = arith.addi %i, %i : index",
            f"  affine.prefetch %A[%j, {c}], read, locality<1>, data : {I2}",
            "}",
        ]),
        # affine.delinearize_index / affine.linearize_index
        ("delinearize_index", "result count", [
            f"%r:4 = affine.delinearize_index {n} into ({c}, 4) : index, index, index, index",
        ]),
        ("delinearize_index", "non-positive basis", [
            f"%r:2 = affine.delinearize_index {n} into ({rng.choice([0, -2])}, 4) : index, index",
        ]),
        ("delinearize_index", "dynamic basis", [
            f'%r:2 = "affine.delinearize_index"({n}) <{{static_basis = array<i64: '
            '-9223372036854775808, 4>}> : (index) -> (index, index)',
        ]),
        ("delinearize_index", "list syntax", [
            f"%r:2 = affine.delinearize_index {n} into {c}, 4 : index, index",
        ]),
        ("linearize_index", "basis count", [
            f"%r = affine.linearize_index [{n}, {n}, {n}] by ({c}) : index",
        ]),
        ("linearize_index", "dynamic basis", [
            f'%r = "affine.linearize_index"({n}, {n}) <{{disjoint = false, operandSegmentSizes ='
            " array<i32: 2, 0>, static_basis = array<i64: -9223372036854775808>}> : "
            "(index, index) -> index",
        ]),
        ("linearize_index", "result type", [
            f"%r = affine.linearize_index [{n}, {n}] by ({c}) : i32",
        ]),
        # affine.dma_start / affine.dma_wait
        ("dma_start", "one stride operand", [
            f"affine.dma_start %A[{n}, {n}], %D[{n}], %T[0], {n}, {n} : {I2}, "
            "memref<64xf32, 1>, memref<1xi32, 2>",
        ]),
        ("dma_start", "two types", [
            f"affine.dma_start %A[{n}, {n}], %D[{n}], %T[0], {n} : {I2}, memref<64xf32, 1>",
        ]),
        ("dma_start", "operand count", [
            f'"affine.dma_start"(%A, {n}, %D, {n}, %T, {n}) {{dst_map = affine_map<(d0) -> (d0)>, '
            "src_map = affine_map<(d0) -> (d0, 0)>, tag_map = affine_map<(d0) -> (d0)>} : "
            f"({I2}, index, memref<64xf32, 1>, index, memref<1xi32, 2>, index) -> ()",
        ]),
        ("dma_start", "source not a memref", [
            f'"affine.dma_start"(%x, %D, {n}, %T, {n}, {n}) {{dst_map = affine_map<(d0) -> (d0)>, '
            "src_map = affine_map<() -> ()>, tag_map = affine_map<(d0) -> (d0)>} : "
            "(f32, memref<64xf32, 1>, index, memref<1xi32, 2>, index, index) -> ()",
        ]),
        ("dma_start", "invalid index", [
            "affine.for %i = 0 to 10 {",
            "  %j = arith.addi %i, %i : index",
            f"  affine.dma_start %A[%j, {n}], %D[{n}], %T[0], {n} : {I2}, "
            "memref<64xf32, 1>, memref<1xi32, 2>",
            "}",
        ]),
        ("dma_wait", "tag not a memref", [f"affine.dma_wait %x[], {n} : f32"]),
        ("dma_wait", "invalid index", [
            "affine.for %i = 0 to 10 {",
            "  %j = arith.addi %i, %i : index",
            f"  affine.dma_wait %T[%j], {n} : memref<1xi32, 2>",
            "}",
        ]),
        # affine.for
        ("for", "multi-result bound", [
            f"affine.for %i = affine_map<()[s0] -> (s0, {c})>()[{n}] to 10 {{", "}",
        ]),
        ("for", "negative step", [f"affine.for %i = 0 to 10 step -{c} {{", "}"]),
        ("for", "iter_args count", [
            "%r:2 = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32, f32) {",
            "  affine.yield %a : f32", "}",
        ]),
        ("for", "yield type", [
            "%r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {",
            "  affine.yield %k : i32", "}",
        ]),
        ("for", "invalid bound symbol", [
            "affine.for %i = 0 to 10 {",
            "  %j = arith.addi %i, %i : index",
            "  affine.for %l = 0 to %j {", "  }", "}",
        ]),
        ("for", "bound dims", [f"affine.for %i = affine_map<(d0) -> (d0)>()[{n}] to 10 {{", "}"]),
        # affine.if
        ("if", "results without else", [
            f"%r = affine.if affine_set<(d0) : (d0 - {c} >= 0)>({n}) -> f32 {{",
            "  affine.yield %x : f32", "}",
        ]),
        ("if", "operand count", [
            f'"affine.if"({n}) <{{condition = affine_set<(d0, d1) : (d0 - d1 >= 0)>}}> ({{',
            '  "affine.yield"() : () -> ()', "}, {", "}) : (index) -> ()",
        ]),
        ("if", "invalid symbol", [
            "affine.for %i = 0 to 10 {",
            f"  affine.if affine_set<()[s0] : (s0 - {c} >= 0)>()[%i] {{", "  }", "}",
        ]),
        ("if", "dims mismatch", [f"affine.if affine_set<(d0) : (d0 >= 0)>()[{n}] {{", "}"]),
        # affine.parallel
        ("parallel", "reduction type", [
            f'%r = affine.parallel (%i) = (0) to ({c}) reduce ("{rng.choice(["addf", "maxs"])}") '
            "-> (i32) {", "  affine.yield %k : i32", "}",
        ]),
        ("parallel", "reduction count", [
            f'%r = affine.parallel (%i) = (0) to ({c}) reduce ("addf", "mulf") -> (f32) {{',
            "  affine.yield %x : f32", "}",
        ]),
        ("parallel", "invalid reduction", [
            f'%r = affine.parallel (%i) = (0) to ({c}) reduce ("sum") -> (f32) {{',
            "  affine.yield %x : f32", "}",
        ]),
        ("parallel", "steps not constant", [
            f"affine.parallel (%i) = (0) to ({c}) step ({n}) {{", "}",
        ]),
        ("parallel", "yield count", [
            f'%r = affine.parallel (%i) = (0) to ({c}) reduce ("addf") -> (f32) {{',
            "  affine.yield", "}",
        ]),
        ("parallel", "reduction kind out of range", [
            f'%r = "affine.parallel"() <{{lowerBoundsGroups = dense<1> : tensor<1xi32>, '
            "lowerBoundsMap = affine_map<() -> (0)>, reductions = "
            f"[{rng.choice([16, 99, -1])}], steps = [1], upperBoundsGroups = dense<1> : "
            "tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({",
            "^bb0(%i: index):", '  "affine.yield"(%x) : (f32) -> ()', "}) : () -> f32",
        ]),
        ("parallel", "groups and steps", [
            '"affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap ='
            " affine_map<() -> (0)>, reductions = [], steps = [1, 1], upperBoundsGroups = "
            "dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({",
            "^bb0(%i: index):", '  "affine.yield"() : () -> ()', "}) : () -> ()",
        ]),
        ("parallel", "group size", [
            '"affine.parallel"() <{lowerBoundsGroups = dense<2> : tensor<1xi32>, lowerBoundsMap ='
            " affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = "
            "dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({",
            "^bb0(%i: index):", '  "affine.yield"() : () -> ()', "}) : () -> ()",
        ]),
        ("parallel", "empty group", [
            '"affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap ='
            " affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = "
            "dense<0> : tensor<1xi32>, upperBoundsMap = affine_map<() -> ()>}> ({",
            "^bb0(%i: index):", '  "affine.yield"() : () -> ()', "}) : () -> ()",
        ]),
        ("parallel", "invalid bound", [
            "affine.for %i = 0 to 10 {",
            "  %j = arith.addi %i, %i : index",
            "  affine.parallel (%p) = (0) to (%j) {", "  }", "}",
        ]),
        ("parallel", "max in upper bound", [
            f"affine.parallel (%i) = (0) to (max({n}, {c})) {{", "}",
        ]),
        ("parallel", "non-affine bound", [f"affine.parallel (%i) = ({n} * {n}) to (4) {{", "}"]),
        ("parallel", "missing to", [f"affine.parallel (%i) = (0) ({c}) {{", "}"]),
        ("parallel", "induction variable twice", [
            f"affine.parallel (%i, %i) = (0, 0) to ({c}, {c}) {{", "}",
        ]),
        ("parallel", "empty max", [f"affine.parallel (%i) = (max()) to ({c}) {{", "}"]),
        ("prefetch", "not a memref type", [
            f"affine.prefetch %A[{n}, {n}], read, locality<3>, data : tensor<4x4xf32>",
        ]),
        ("dma_start", "missing comma", [
            f"affine.dma_start %A[{n}, {n}], %D[{n}], %T[0] {n} : {I2}, "
            "memref<64xf32, 1>, memref<1xi32, 2>",
        ]),
        # affine.yield
        ("yield", "outside an affine op", ["affine.yield"]),
        ("yield", "type", [
            f"affine.if affine_set<(d0) : (d0 >= 0)>({n}) {{", "  affine.yield %x : f32", "}",
        ]),
    ]  # fmt: skip


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    out: list[InvalidCase] = []
    for round_ in range(2):
        for op, check, lines in _invalid_templates(rng):
            out.append(InvalidCase(f"affine.{op}", f"{check} ({round_})", _fn(lines)))
    return tuple(out)


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's affine dialect."""
    ours = {op.OPERATION_NAME.removeprefix("affine.") for op in generated.affine.OPS}
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op of the dialect."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {n.removeprefix("affine.") for n in op_names(accepted) if n.startswith("affine.")}
    assert used == set(ALL_OPS)


def test_invalid_cases_cover_every_op() -> None:
    """Every op has checks broken by some invalid program."""
    assert {case.op.removeprefix("affine.") for case in invalid_cases()} == set(ALL_OPS)


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
    """Both tools reject the broken programs."""
    results = _invalid_results()
    disagree = [r.difference() for r in results if not r.agree]
    assert not disagree, f"{len(disagree)} disagreements:\n" + "\n".join(disagree[:5])
    accepted = [r.case.name for r in results if r.theirs.ok]
    assert not accepted, f"mlir-opt-22 accepts: {accepted}"


def test_first_errors_match() -> None:
    """At least 95% of the rejected programs get mlir-opt-22's first error; the figures
    are printed (run with -s)."""
    figures = Figures.of("affine", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
