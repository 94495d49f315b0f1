"""Random executable programs of `func`, `arith`, `cf` and `scf`, for `odsgen run`.

`program(seed, prefix)` writes one program: private declarations of MLIR's runner
utilities, a few helper functions and `@<prefix>main`, which computes values of
`i1`, `i8`, `i16`, `i32`, `i64`, `index`, `f16`, `bf16`, `f32` and `f64` with arith ops (the
extended additions and multiplications among them), casts,
calls, `scf.if`, `scf.for`, `scf.while`, `scf.index_switch`, `scf.execute_region`,
and, at the top level of a function, `cf.cond_br` diamonds, `cf.switch` and loops
of blocks, printing values through `printI64`, `printU64`, `printF32`, `printF64`,
`printOpen`, `printComma`, `printClose` and `printNewline` (f16 and bf16 values
extended to f32).

Every program is free of undefined behaviour and poison, so its output is
determined: divisors are made positive and non-zero (`(x & 7) | 1`), and no
division is done on `i1`; shift amounts are masked below the width; no op carries
`nsw`/`nuw`/`exact`; float values carry a bound on their magnitude, which keeps
them finite and away from NaN (products and sums only while the bound stays below
6e4 for f16, 1e30 for bf16 and f32 and 1e300 for f64, division only by constants of magnitude at least
one, float-to-integer conversions only of values the bound proves in range, and
`fptoui` only of `maximumf(x, 0.0)`); loops carry only integers.

The same seed and a different `prefix` give the same program with every function
name prefixed, so many programs can be compiled into one module for mlir-runner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

INT_TYPES = ["i1", "i8", "i16", "i32", "i64"]
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
FLOAT_LIMIT = {"f16": 6e4, "bf16": 1e30, "f32": 1e30, "f64": 1e300}
FLOAT_TYPES = list(FLOAT_LIMIT)


def helper_bound(type_: str) -> float:
    """The magnitude a helper function's float parameter of `type_` stays below."""
    return min(1e6, FLOAT_LIMIT.get(type_, 0.0) / 100)


UTILITIES = (
    "func.func private @printI64(i64)\n"
    "func.func private @printU64(i64)\n"
    "func.func private @printF32(f32)\n"
    "func.func private @printF64(f64)\n"
    "func.func private @printNewline()\n"
    "func.func private @printComma()\n"
    "func.func private @printOpen()\n"
    "func.func private @printClose()\n"
)
INT_BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui"]
INT_DIVISION = ["divui", "divsi", "remui", "remsi", "ceildivui", "ceildivsi", "floordivsi"]
SHIFTS = ["shli", "shrui", "shrsi"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord"]
CMPF += ["ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]


@dataclass(frozen=True)
class Val:
    """An SSA value: its name, type and, for a float, a bound on its magnitude."""

    name: str
    type: str
    bound: float = 0.0


@dataclass
class Helper:
    name: str
    params: list[str]
    results: list[str]


@dataclass
class Gen:
    rng: random.Random
    prefix: str
    lines: list[str] = field(default_factory=list)
    counter: int = 0
    blocks: int = 0
    helpers: list[Helper] = field(default_factory=list)

    # -- naming and emitting ---------------------------------------------------------

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def emit(self, indent: int, text: str) -> None:
        self.lines.append("  " * indent + text)

    def op(self, indent: int, text: str, type_: str, bound: float = 0.0) -> Val:
        name = self.fresh()
        self.emit(indent, f"{name} = {text}")
        return Val(name, type_, bound)

    # -- values ----------------------------------------------------------------------

    def int_constant(self, indent: int, type_: str) -> Val:
        bits = WIDTH[type_]
        r = self.rng.random()
        if type_ == "i1":
            value = self.rng.choice(["true", "false"])
            return self.op(indent, f"arith.constant {value}", "i1")
        if r < 0.3:
            v = self.rng.randint(-8, 8)
        elif r < 0.5:
            v = self.rng.choice([-(1 << (bits - 1)), (1 << (bits - 1)) - 1, -1, 0, 1])
        else:
            v = self.rng.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        return self.op(indent, f"arith.constant {v} : {type_}", type_)

    def float_constant(self, indent: int, type_: str, at_least_one: bool = False) -> Val:
        k = self.rng.randint(8, 4000) if at_least_one else self.rng.randint(0, 4000)
        value = k / 8 * self.rng.choice([1, -1])
        return self.op(indent, f"arith.constant {value!r} : {type_}", type_, abs(value))

    def pick(self, pool: list[Val], type_: str, indent: int) -> Val:
        choices = [v for v in pool if v.type == type_]
        if choices and self.rng.random() < 0.85:
            return self.rng.choice(choices)
        if type_ in FLOAT_LIMIT:
            return self.float_constant(indent, type_)
        if type_ == "index":
            v = self.rng.randint(-20, 20)
            return self.op(indent, f"arith.constant {v} : index", "index")
        return self.int_constant(indent, type_)

    def int_type(self) -> str:
        return self.rng.choice([*INT_TYPES, "i32", "i64", "index"])

    # -- straight-line ops -----------------------------------------------------------

    def int_op(self, pool: list[Val], indent: int) -> Val:
        t = self.int_type()
        a, b = self.pick(pool, t, indent), self.pick(pool, t, indent)
        r = self.rng.random()
        if r < 0.45:
            return self.op(
                indent, f"arith.{self.rng.choice(INT_BINARY)} {a.name}, {b.name} : {t}", t
            )
        if r < 0.65 and t != "i1":
            mask = self.op(indent, f"arith.constant 7 : {t}", t)
            one = self.op(indent, f"arith.constant 1 : {t}", t)
            low = self.op(indent, f"arith.andi {b.name}, {mask.name} : {t}", t)
            d = self.op(indent, f"arith.ori {low.name}, {one.name} : {t}", t)
            return self.op(
                indent, f"arith.{self.rng.choice(INT_DIVISION)} {a.name}, {d.name} : {t}", t
            )
        if r < 0.8:
            mask = self.op(indent, f"arith.constant {WIDTH[t] - 1} : {t}", t)
            amount = self.op(indent, f"arith.andi {b.name}, {mask.name} : {t}", t)
            return self.op(
                indent, f"arith.{self.rng.choice(SHIFTS)} {a.name}, {amount.name} : {t}", t
            )
        if r < 0.85 and t != "index":
            first, second = self.fresh(), self.fresh()
            if self.rng.random() < 0.4:
                text = f"arith.addui_extended {a.name}, {b.name} : {t}, i1"
                kept = Val(first, t) if self.rng.random() < 0.5 else Val(second, "i1")
            else:
                op = self.rng.choice(["mulsi_extended", "mului_extended"])
                text = f"arith.{op} {a.name}, {b.name} : {t}"
                kept = Val(self.rng.choice([first, second]), t)
            self.emit(indent, f"{first}, {second} = {text}")
            return kept
        c = self.op(indent, f"arith.cmpi {self.rng.choice(CMPI)}, {a.name}, {b.name} : {t}", "i1")
        if self.rng.random() < 0.5:
            return c
        return self.op(indent, f"arith.select {c.name}, {a.name}, {b.name} : {t}", t)

    def float_op(self, pool: list[Val], indent: int) -> Val:
        t = self.rng.choice(FLOAT_TYPES)
        limit = FLOAT_LIMIT[t]
        a, b = self.pick(pool, t, indent), self.pick(pool, t, indent)
        r = self.rng.random()
        if r < 0.2 and a.bound + b.bound < limit:
            op = self.rng.choice(["addf", "subf"])
            return self.op(indent, f"arith.{op} {a.name}, {b.name} : {t}", t, a.bound + b.bound)
        if r < 0.35 and a.bound * b.bound < limit:
            return self.op(indent, f"arith.mulf {a.name}, {b.name} : {t}", t, a.bound * b.bound)
        if r < 0.5:
            c = self.float_constant(indent, t, at_least_one=True)
            op = self.rng.choice(["divf", "remf"])
            return self.op(indent, f"arith.{op} {a.name}, {c.name} : {t}", t, a.bound)
        if r < 0.6:
            op = self.rng.choice(["maximumf", "minimumf", "maxnumf", "minnumf"])
            return self.op(indent, f"arith.{op} {a.name}, {b.name} : {t}", t, max(a.bound, b.bound))
        if r < 0.7:
            return self.op(indent, f"arith.negf {a.name} : {t}", t, a.bound)
        pred = self.rng.choice(CMPF)
        c = self.op(indent, f"arith.cmpf {pred}, {a.name}, {b.name} : {t}", "i1")
        if self.rng.random() < 0.5:
            return c
        return self.op(
            indent, f"arith.select {c.name}, {a.name}, {b.name} : {t}", t, max(a.bound, b.bound)
        )

    def cast(self, pool: list[Val], indent: int) -> Val:
        r = self.rng.random()
        if r < 0.25:
            src, dst = sorted(self.rng.sample([1, 8, 16, 32, 64], 2))
            a = self.pick(pool, f"i{src}", indent)
            op = self.rng.choice(["extsi", "extui"])
            return self.op(indent, f"arith.{op} {a.name} : i{src} to i{dst}", f"i{dst}")
        if r < 0.4:
            dst, src = sorted(self.rng.sample([1, 8, 16, 32, 64], 2))
            a = self.pick(pool, f"i{src}", indent)
            return self.op(indent, f"arith.trunci {a.name} : i{src} to i{dst}", f"i{dst}")
        if r < 0.55:
            t = self.rng.choice(["i8", "i32", "i64"])
            op = self.rng.choice(["index_cast", "index_castui"])
            if self.rng.random() < 0.5:
                a = self.pick(pool, t, indent)
                return self.op(indent, f"arith.{op} {a.name} : {t} to index", "index")
            a = self.pick(pool, "index", indent)
            return self.op(indent, f"arith.{op} {a.name} : index to {t}", t)
        if r < 0.7:
            dst = self.rng.choice(FLOAT_TYPES)
            src = self.rng.choice([s for s in INT_TYPES if 2.0 ** WIDTH[s] < FLOAT_LIMIT[dst]])
            a = self.pick(pool, src, indent)
            op = self.rng.choice(["sitofp", "uitofp"])
            bound = float(1 << WIDTH[src])
            return self.op(indent, f"arith.{op} {a.name} : {src} to {dst}", dst, bound)
        if r < 0.85:
            src = self.rng.choice(FLOAT_TYPES)
            dst = self.rng.choice(["i8", "i16", "i32", "i64"])
            a = self.pick(pool, src, indent)
            if a.bound >= 2.0 ** (WIDTH[dst] - 1) - 1:
                return self.int_op(pool, indent)
            if self.rng.random() < 0.5:
                return self.op(indent, f"arith.fptosi {a.name} : {src} to {dst}", dst)
            zero = self.op(indent, f"arith.constant 0.0 : {src}", src)
            positive = self.op(
                indent, f"arith.maximumf {a.name}, {zero.name} : {src}", src, a.bound
            )
            return self.op(indent, f"arith.fptoui {positive.name} : {src} to {dst}", dst)
        if r < 0.92:
            src, dst = self.rng.choice(
                [("f32", "f64"), ("f16", "f32"), ("bf16", "f32"), ("f16", "f64")]
            )
            a = self.pick(pool, src, indent)
            return self.op(indent, f"arith.extf {a.name} : {src} to {dst}", dst, a.bound)
        if r < 0.96:
            # Each from the next wider type only: f64 to f16 directly would round twice
            # where the lowering goes through f32.
            src, dst = self.rng.choice([("f64", "f32"), ("f32", "f16"), ("f32", "bf16")])
            a = self.pick(pool, src, indent)
            if a.bound < FLOAT_LIMIT[dst]:
                return self.op(indent, f"arith.truncf {a.name} : {src} to {dst}", dst, a.bound)
            return self.float_op(pool, indent)
        t, it = self.rng.choice([("f32", "i32"), ("f64", "i64"), ("f16", "i16"), ("bf16", "i16")])
        a = self.pick(pool, t, indent)
        return self.op(indent, f"arith.bitcast {a.name} : {t} to {it}", it)

    def call(self, pool: list[Val], indent: int) -> list[Val]:
        helper = self.rng.choice(self.helpers)
        args = [self.argument(pool, t, indent) for t in helper.params]
        names = ", ".join(a.name for a in args)
        signature = f"({', '.join(helper.params)}) -> ({', '.join(helper.results)})"
        if not helper.results:
            self.emit(indent, f"func.call @{helper.name}({names}) : {signature}")
            return []
        results = [Val(self.fresh(), t, FLOAT_LIMIT.get(t, 0.0)) for t in helper.results]
        head = ", ".join(r.name for r in results)
        self.emit(indent, f"{head} = func.call @{helper.name}({names}) : {signature}")
        # A helper's float results carry no bound the caller knows.
        return [r for r in results if r.type not in FLOAT_LIMIT]

    def argument(self, pool: list[Val], type_: str, indent: int) -> Val:
        """A value to pass to a helper: floats within the bound helpers assume."""
        if type_ in FLOAT_LIMIT:
            bound = helper_bound(type_)
            choices = [v for v in pool if v.type == type_ and v.bound <= bound]
            if choices and self.rng.random() < 0.85:
                return self.rng.choice(choices)
            return self.float_constant(indent, type_)
        return self.pick(pool, type_, indent)

    def print_value(self, pool: list[Val], indent: int) -> None:
        v = self.rng.choice(pool)
        if v.type in ("f16", "bf16"):
            v = self.op(indent, f"arith.extf {v.name} : {v.type} to f32", "f32", v.bound)
        if v.type == "f32":
            self.emit(indent, f"func.call @printF32({v.name}) : (f32) -> ()")
        elif v.type == "f64":
            self.emit(indent, f"func.call @printF64({v.name}) : (f64) -> ()")
        else:
            if v.type == "index":
                v = self.op(indent, f"arith.index_cast {v.name} : index to i64", "i64")
            elif v.type != "i64":
                op = "extui" if v.type == "i1" else self.rng.choice(["extsi", "extui"])
                v = self.op(indent, f"arith.{op} {v.name} : {v.type} to i64", "i64")
            utility = self.rng.choice(["printI64", "printI64", "printU64"])
            self.emit(indent, f"func.call @{utility}({v.name}) : (i64) -> ()")
        self.emit(indent, "func.call @printNewline() : () -> ()")

    def print_tuple(self, pool: list[Val], indent: int) -> None:
        ints = [v for v in pool if v.type == "i64"][:3]
        if not ints:
            return
        self.emit(indent, "func.call @printOpen() : () -> ()")
        for i, v in enumerate(ints):
            if i:
                self.emit(indent, "func.call @printComma() : () -> ()")
            self.emit(indent, f"func.call @printI64({v.name}) : (i64) -> ()")
        self.emit(indent, "func.call @printClose() : () -> ()")
        self.emit(indent, "func.call @printNewline() : () -> ()")

    def straight(self, pool: list[Val], indent: int, count: int, prints: bool) -> None:
        for _ in range(count):
            r = self.rng.random()
            if r < 0.4:
                pool.append(self.int_op(pool, indent))
            elif r < 0.6:
                pool.append(self.float_op(pool, indent))
            elif r < 0.85:
                pool.append(self.cast(pool, indent))
            elif self.helpers and r < 0.93:
                pool.extend(self.call(pool, indent))
            elif prints and pool:
                self.print_value(pool, indent)

    # -- structured control flow -----------------------------------------------------

    def scf(self, pool: list[Val], indent: int, depth: int, prints: bool) -> None:
        r = self.rng.random()
        types = [self.int_type() for _ in range(self.rng.randint(0, 2))]
        if r < 0.3:
            self.scf_if(pool, indent, depth, prints, types)
        elif r < 0.6:
            self.scf_for(pool, indent, depth, prints, types)
        elif r < 0.8:
            self.scf_while(pool, indent, depth, prints, types)
        elif r < 0.93:
            self.scf_index_switch(pool, indent, depth, prints, types)
        else:
            self.scf_execute_region(pool, indent, depth, prints, types)

    def region_body(
        self, pool: list[Val], indent: int, depth: int, prints: bool, types: list[str]
    ) -> list[Val]:
        inner = list(pool)
        self.straight(inner, indent, self.rng.randint(1, 5), prints)
        if depth < 2 and self.rng.random() < 0.3:
            self.scf(inner, indent, depth + 1, prints)
        return [self.pick(inner, t, indent) for t in types]

    def results(self, types: list[str]) -> list[Val]:
        return [Val(self.fresh(), t) for t in types]

    def yield_(self, indent: int, values: list[Val], op: str = "scf.yield") -> None:
        if values:
            names = ", ".join(v.name for v in values)
            types = ", ".join(v.type for v in values)
            self.emit(indent, f"{op} {names} : {types}")
        else:
            self.emit(indent, op)

    def head(self, results: list[Val]) -> str:
        return f"{', '.join(r.name for r in results)} = " if results else ""

    def scf_if(
        self, pool: list[Val], indent: int, depth: int, prints: bool, types: list[str]
    ) -> None:
        c = self.pick(pool, "i1", indent)
        results = self.results(types)
        arrow = f" -> ({', '.join(types)})" if types else ""
        self.emit(indent, f"{self.head(results)}scf.if {c.name}{arrow} {{")
        self.yield_(indent + 1, self.region_body(pool, indent + 1, depth, prints, types))
        if types or self.rng.random() < 0.5:
            self.emit(indent, "} else {")
            self.yield_(indent + 1, self.region_body(pool, indent + 1, depth, prints, types))
        self.emit(indent, "}")
        pool.extend(results)

    def scf_for(
        self, pool: list[Val], indent: int, depth: int, prints: bool, types: list[str]
    ) -> None:
        lb = self.op(indent, f"arith.constant {self.rng.randint(-3, 3)} : index", "index")
        ub = self.op(indent, f"arith.constant {self.rng.randint(-3, 9)} : index", "index")
        step = self.op(indent, f"arith.constant {self.rng.randint(1, 3)} : index", "index")
        inits = [self.pick(pool, t, indent) for t in types]
        results = self.results(types)
        iv = self.fresh()
        args = [Val(self.fresh(), t) for t in types]
        carried = ""
        if types:
            pairs = ", ".join(f"{a.name} = {i.name}" for a, i in zip(args, inits, strict=True))
            carried = f" iter_args({pairs}) -> ({', '.join(types)})"
        self.emit(
            indent,
            f"{self.head(results)}scf.for {iv} = {lb.name} to {ub.name} step {step.name}{carried} {{",
        )
        inner = [*pool, Val(iv, "index"), *args]
        self.yield_(indent + 1, self.region_body(inner, indent + 1, depth, prints, types))
        self.emit(indent, "}")
        pool.extend(results)

    def scf_while(
        self, pool: list[Val], indent: int, depth: int, prints: bool, types: list[str]
    ) -> None:
        zero = self.op(indent, "arith.constant 0 : i32", "i32")
        limit = self.op(indent, f"arith.constant {self.rng.randint(0, 6)} : i32", "i32")
        inits = [zero, *(self.pick(pool, t, indent) for t in types)]
        all_types = ["i32", *types]
        results = self.results(all_types)
        before = [Val(self.fresh(), t) for t in all_types]
        after = [Val(self.fresh(), t) for t in all_types]
        init_text = ", ".join(f"{b.name} = {i.name}" for b, i in zip(before, inits, strict=True))
        signature = f"({', '.join(all_types)}) -> ({', '.join(all_types)})"
        self.emit(indent, f"{self.head(results)}scf.while ({init_text}) : {signature} {{")
        c = self.op(indent + 1, f"arith.cmpi slt, {before[0].name}, {limit.name} : i32", "i1")
        names = ", ".join(b.name for b in before)
        self.emit(indent + 1, f"scf.condition({c.name}) {names} : {', '.join(all_types)}")
        block_args = ", ".join(f"{a.name}: {a.type}" for a in after)
        self.emit(indent, "} do {")
        self.emit(indent, f"^bb0({block_args}):")
        one = self.op(indent + 1, "arith.constant 1 : i32", "i32")
        nxt = self.op(indent + 1, f"arith.addi {after[0].name}, {one.name} : i32", "i32")
        values = self.region_body([*pool, *after], indent + 1, depth, prints, types)
        self.yield_(indent + 1, [nxt, *values])
        self.emit(indent, "}")
        pool.extend(results)

    def scf_index_switch(
        self, pool: list[Val], indent: int, depth: int, prints: bool, types: list[str]
    ) -> None:
        i = self.pick(pool, "index", indent)
        three = self.op(indent, "arith.constant 3 : index", "index")
        flag = self.op(indent, f"arith.andi {i.name}, {three.name} : index", "index")
        cases = sorted(self.rng.sample(range(0, 4), self.rng.randint(0, 3)))
        results = self.results(types)
        arrow = f" -> {', '.join(types)}" if types else ""
        self.emit(indent, f"{self.head(results)}scf.index_switch {flag.name}{arrow}")
        for case in cases:
            self.emit(indent, f"case {case} {{")
            self.yield_(indent + 1, self.region_body(pool, indent + 1, depth, prints, types))
            self.emit(indent, "}")
        self.emit(indent, "default {")
        self.yield_(indent + 1, self.region_body(pool, indent + 1, depth, prints, types))
        self.emit(indent, "}")
        pool.extend(results)

    def scf_execute_region(
        self, pool: list[Val], indent: int, depth: int, prints: bool, types: list[str]
    ) -> None:
        results = self.results(types)
        arrow = f" -> ({', '.join(types)})" if types else ""
        self.emit(indent, f"{self.head(results)}scf.execute_region{arrow} {{")
        self.yield_(indent + 1, self.region_body(pool, indent + 1, depth, prints, types))
        self.emit(indent, "}")
        pool.extend(results)

    # -- unstructured control flow ---------------------------------------------------

    def block(self) -> str:
        self.blocks += 1
        return f"^bb{self.blocks}"

    def join(self, pool: list[Val], indent: int, count: int) -> tuple[list[Val], list[Val]]:
        """`count` values of the pool to pass to a join block, and its arguments."""
        passed = [self.rng.choice(pool) for _ in range(count)]
        return passed, [Val(self.fresh(), v.type, v.bound) for v in passed]

    def branch_args(self, values: list[Val]) -> str:
        if not values:
            return ""
        return f"({', '.join(v.name for v in values)} : {', '.join(v.type for v in values)})"

    def block_header(self, name: str, args: list[Val]) -> None:
        params = ", ".join(f"{a.name}: {a.type}" for a in args)
        self.emit(0, f"{name}({params}):" if args else f"{name}:")

    def cf(self, pool: list[Val], prints: bool) -> list[Val]:
        """A diamond, a switch or a loop of blocks; the pool after the join."""
        r = self.rng.random()
        merge = self.block()
        kinds = [v for v in pool if v.type not in FLOAT_LIMIT]
        count = self.rng.randint(0, 3)
        merge_types = [self.rng.choice(kinds).type for _ in range(count)] if kinds else []
        merge_args = [Val(self.fresh(), t) for t in merge_types]
        if r < 0.45:
            c = self.pick(pool, "i1", 1)
            t, f = self.block(), self.block()
            self.emit(1, f"cf.cond_br {c.name}, {t}, {f}")
            for name in (t, f):
                self.block_header(name, [])
                inner = list(pool)
                self.straight(inner, 1, self.rng.randint(1, 4), prints)
                out = [self.pick(inner, ty, 1) for ty in merge_types]
                self.emit(1, f"cf.br {merge}{self.branch_args(out)}")
        elif r < 0.75:
            x = self.pick(pool, "i32", 1)
            three = self.op(1, "arith.constant 3 : i32", "i32")
            flag = self.op(1, f"arith.andi {x.name}, {three.name} : i32", "i32")
            cases = sorted(self.rng.sample(range(0, 4), self.rng.randint(0, 3)))
            targets = [self.block() for _ in range(len(cases) + 1)]
            entries = [f"default: {targets[0]}"]
            entries += [f"{c}: {b}" for c, b in zip(cases, targets[1:], strict=True)]
            self.emit(1, f"cf.switch {flag.name} : i32, [{', '.join(entries)}]")
            for name in targets:
                self.block_header(name, [])
                inner = list(pool)
                self.straight(inner, 1, self.rng.randint(1, 3), prints)
                out = [self.pick(inner, ty, 1) for ty in merge_types]
                self.emit(1, f"cf.br {merge}{self.branch_args(out)}")
        else:
            # A counted loop: header(i, carried...) -> body -> header; exit to merge.
            header, body = self.block(), self.block()
            zero = self.op(1, "arith.constant 0 : i64", "i64")
            limit = self.op(1, f"arith.constant {self.rng.randint(0, 5)} : i64", "i64")
            carried = [self.pick(pool, ty, 1) for ty in merge_types]
            self.emit(1, f"cf.br {header}{self.branch_args([zero, *carried])}")
            params = [Val(self.fresh(), "i64"), *(Val(self.fresh(), ty) for ty in merge_types)]
            self.block_header(header, params)
            c = self.op(1, f"arith.cmpi slt, {params[0].name}, {limit.name} : i64", "i1")
            self.emit(1, f"cf.cond_br {c.name}, {body}, {merge}{self.branch_args(params[1:])}")
            self.block_header(body, [])
            inner = [*pool, *params]
            self.straight(inner, 1, self.rng.randint(1, 4), prints)
            one = self.op(1, "arith.constant 1 : i64", "i64")
            nxt = self.op(1, f"arith.addi {params[0].name}, {one.name} : i64", "i64")
            out = [self.pick(inner, ty, 1) for ty in merge_types]
            self.emit(1, f"cf.br {header}{self.branch_args([nxt, *out])}")
        self.block_header(merge, merge_args)
        return [*pool, *merge_args]

    # -- functions -------------------------------------------------------------------

    def function_body(
        self, pool: list[Val], prints: bool, results: list[str], entry: bool = False
    ) -> None:
        for _ in range(self.rng.randint(2, 5)):
            self.straight(pool, 1, self.rng.randint(2, 6), prints)
            r = self.rng.random()
            if r < 0.5:
                self.scf(pool, 1, 0, prints)
            elif r < 0.8:
                pool[:] = self.cf(pool, prints)
        if entry:
            # The entry prints a few values at its end, so every program prints something.
            self.print_tuple(pool, 1)
            for _ in range(3):
                if not pool:
                    pool.append(self.int_constant(1, "i64"))
                self.print_value(pool, 1)
        out = [self.pick(pool, t, 1) for t in results]
        self.yield_(1, out, "func.return")

    def helper(self, index: int) -> None:
        name = f"{self.prefix}helper{index}"
        params = [self.rng.choice([*INT_TYPES, "index", *FLOAT_TYPES]) for _ in range(3)]
        results = [self.int_type() for _ in range(self.rng.randint(0, 2))]
        args = [Val(f"%arg{i}", t, helper_bound(t)) for i, t in enumerate(params)]
        signature = ", ".join(f"{a.name}: {a.type}" for a in args)
        arrow = f" -> ({', '.join(results)})" if results else ""
        self.emit(0, f"func.func @{name}({signature}){arrow} {{")
        self.function_body(list(args), self.rng.random() < 0.3, results)
        self.emit(0, "}")
        self.helpers.append(Helper(name, params, results))


def program(seed: int, prefix: str = "") -> str:
    """Program `seed`, its functions' names prefixed by `prefix`; its entry is
    `@<prefix>main`."""
    g = Gen(random.Random(seed), prefix)
    for i in range(g.rng.randint(0, 3)):
        g.helper(i)
    g.emit(0, f"func.func @{prefix}main() {{")
    g.function_body([], True, [], entry=True)
    g.emit(0, "}")
    return "\n".join(g.lines) + "\n"
