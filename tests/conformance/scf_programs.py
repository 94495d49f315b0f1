"""Random programs using every op of the `scf` dialect, for the scf differential tests.

`program(seed)` is a module of one or two functions whose bodies nest `scf.for`
(index and `i32` bounds, `unsigned`, `iter_args`), `scf.if` (with and without
`else`, with results), `scf.while` (loop-carried values, do-while bodies),
`scf.execute_region` (one block or several joined by `cf.br`/`cf.cond_br`,
`no_inline`), `scf.index_switch`, `scf.parallel` with `scf.reduce` regions,
and `scf.forall` (normalized and general bounds, static and dynamic,
`shared_outs`), mixed with `arith`, `func`, `cf`, `memref` and `tensor` ops.
Values defined in a region are only used inside it. Constants, equal bounds and
small trip counts are common, so the canonicalization patterns find work.

`invalid_program(seed)` is a function with one scf op whose checks are broken
in one way, drawn from `INVALID`; the verifiers and parsers must report what
mlir-opt-22 reports first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

SCALARS = ["index", "i32", "f32", "i1"]
TENSOR = "tensor<4xf32>"
MEMREF = "memref<?xf32>"
CARRIED = ["f32", "i32", "index", TENSOR]


@dataclass
class _Scope:
    """The values visible at a point of a function, by type."""

    values: dict[str, list[str]] = field(default_factory=dict)

    def add(self, type_: str, name: str) -> None:
        self.values.setdefault(type_, []).append(name)

    def child(self) -> _Scope:
        return _Scope({t: list(v) for t, v in self.values.items()})


class _Gen:
    """Builds one function body, line by line."""

    def __init__(self, rng: random.Random, *, canonical: bool) -> None:
        self.rng = rng
        self.counter = 0
        self.canonical = canonical

    def fresh(self, stem: str = "v") -> str:
        self.counter += 1
        return f"%{stem}{self.counter}"

    def pick(self, scope: _Scope, type_: str, lines: list[str], indent: str) -> str:
        """A value of `type_`, often a new constant."""
        found = scope.values.get(type_, [])
        if found and self.rng.random() < 0.7:
            return self.rng.choice(found)
        return self.constant(scope, type_, lines, indent)

    def constant(self, scope: _Scope, type_: str, lines: list[str], indent: str) -> str:
        name = self.fresh("c")
        if type_ == "f32":
            text = self.rng.choice(["0.0", "1.0", "2.5", "-1.0"])
        elif type_ == "i1":
            lines.append(f"{indent}{name} = arith.constant {self.rng.choice(['true', 'false'])}")
            scope.add(type_, name)
            return name
        elif type_ == TENSOR:
            lines.append(f"{indent}{name} = arith.constant dense<1.0> : {TENSOR}")
            scope.add(type_, name)
            return name
        else:
            text = str(self.rng.choice([0, 1, 2, 3, 4, 8, 10, -1]))
        lines.append(f"{indent}{name} = arith.constant {text} : {type_}")
        scope.add(type_, name)
        return name

    # -- simple ops --------------------------------------------------------------------

    def simple(self, scope: _Scope, lines: list[str], indent: str) -> None:
        kind = self.rng.choice(["addf", "addi", "cmpi", "select", "load", "extract", "call"])
        name = self.fresh()
        if kind == "addf":
            a, b = self.pick(scope, "f32", lines, indent), self.pick(scope, "f32", lines, indent)
            lines.append(f"{indent}{name} = arith.addf {a}, {b} : f32")
            scope.add("f32", name)
        elif kind == "addi":
            t = self.rng.choice(["i32", "index"])
            a, b = self.pick(scope, t, lines, indent), self.pick(scope, t, lines, indent)
            lines.append(f"{indent}{name} = arith.addi {a}, {b} : {t}")
            scope.add(t, name)
        elif kind == "cmpi":
            t = self.rng.choice(["i32", "index"])
            a, b = self.pick(scope, t, lines, indent), self.pick(scope, t, lines, indent)
            pred = self.rng.choice(["slt", "eq", "ne", "sge"])
            lines.append(f"{indent}{name} = arith.cmpi {pred}, {a}, {b} : {t}")
            scope.add("i1", name)
        elif kind == "select":
            t = self.rng.choice(["f32", "i32"])
            c = self.pick(scope, "i1", lines, indent)
            a, b = self.pick(scope, t, lines, indent), self.pick(scope, t, lines, indent)
            lines.append(f"{indent}{name} = arith.select {c}, {a}, {b} : {t}")
            scope.add(t, name)
        elif kind == "load":
            i = self.pick(scope, "index", lines, indent)
            # A load only reads, which MLIR's canonicalizer counts as no side effect
            # and this runtime does not yet: the canonicalization programs only store.
            if not self.canonical and self.rng.random() < 0.5:
                lines.append(f"{indent}{name} = memref.load %m[{i}] : {MEMREF}")
                scope.add("f32", name)
            else:
                v = self.pick(scope, "f32", lines, indent)
                lines.append(f"{indent}memref.store {v}, %m[{i}] : {MEMREF}")
        elif kind == "extract":
            i = self.pick(scope, "index", lines, indent)
            lines.append(f"{indent}{name} = tensor.extract %t[{i}] : {TENSOR}")
            scope.add("f32", name)
        else:
            v = self.pick(scope, "f32", lines, indent)
            lines.append(f"{indent}{name} = func.call @ext({v}) : (f32) -> f32")
            scope.add("f32", name)

    # -- scf ops -----------------------------------------------------------------------

    def body(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        for _ in range(self.rng.randint(0, 3)):
            self.statement(scope, lines, indent, depth)

    def statement(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        if depth >= 3 or self.rng.random() < 0.35:
            self.simple(scope, lines, indent)
            return
        kinds: list[Callable[[_Scope, list[str], str, int], None]] = [
            self.for_op, self.if_op, self.while_op, self.execute_region,
            self.index_switch, self.parallel, self.forall,
        ]  # fmt: skip
        self.rng.choice(kinds)(scope, lines, indent, depth)

    def results(self, types: list[str]) -> tuple[str, list[str]]:
        """The `%r = ` or `%r:2 = ` an op with results of `types` starts with, and the
        names of its results."""
        if not types:
            return "", []
        base = self.fresh("r")
        if len(types) == 1:
            return f"{base} = ", [base]
        return f"{base}:{len(types)} = ", [f"{base}#{i}" for i in range(len(types))]

    @staticmethod
    def define(scope: _Scope, names: list[str], types: list[str]) -> None:
        for name, type_ in zip(names, types, strict=True):
            scope.add(type_, name)

    def yield_values(
        self, scope: _Scope, types: list[str], lines: list[str], indent: str, op: str = "scf.yield"
    ) -> None:
        values = [self.pick(scope, t, lines, indent) for t in types]
        if values:
            lines.append(f"{indent}{op} {', '.join(values)} : {', '.join(types)}")
        elif self.rng.random() < 0.3 or op != "scf.yield":
            lines.append(f"{indent}{op}")

    def for_op(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        t = "index" if self.rng.random() < 0.75 else "i32"
        lb = self.pick(scope, t, lines, indent)
        ub = lb if self.rng.random() < 0.1 else self.pick(scope, t, lines, indent)
        step = self.constant(scope, t, lines, indent) if self.rng.random() < 0.5 else None
        if step is None:
            step = self.fresh("s")
            lines.append(f"{indent}{step} = arith.constant {self.rng.choice([1, 2, 4])} : {t}")
        iv = self.fresh("i")
        carried = [self.rng.choice(CARRIED) for _ in range(self.rng.choice([0, 0, 1, 1, 2]))]
        inner = scope.child()
        inner.add(t, iv)
        args = [self.fresh("acc") for _ in carried]
        inits = [self.pick(scope, c, lines, indent) for c in carried]
        for a, c in zip(args, carried, strict=True):
            inner.add(c, a)
        # The loop's results are visible after it, not in its body.
        prefix, names = self.results(carried)
        head = f"{indent}{prefix}scf.for "
        if t == "i32" and self.rng.random() < 0.4:
            head += "unsigned "
        head += f"{iv} = {lb} to {ub} step {step}"
        if carried:
            pairs = ", ".join(f"{a} = {v}" for a, v in zip(args, inits, strict=True))
            head += f" iter_args({pairs}) -> ({', '.join(carried)})"
        if t != "index":
            head += f" : {t}"
        lines.append(head + " {")
        self.body(inner, lines, indent + "  ", depth + 1)
        if carried:
            yielded = [
                a if self.rng.random() < 0.3 else self.pick(inner, c, lines, indent + "  ")
                for a, c in zip(args, carried, strict=True)
            ]
            lines.append(f"{indent}  scf.yield {', '.join(yielded)} : {', '.join(carried)}")
        elif self.rng.random() < 0.3:
            lines.append(f"{indent}  scf.yield")
        lines.append(f"{indent}}}" + (" {test.loop}" if self.rng.random() < 0.1 else ""))
        self.define(scope, names, carried)

    def if_op(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        cond = self.pick(scope, "i1", lines, indent)
        types = [self.rng.choice(CARRIED) for _ in range(self.rng.choice([0, 0, 1, 1, 2]))]
        prefix, names = self.results(types)
        with_else = bool(types) or self.rng.random() < 0.5
        regions: list[list[str]] = []
        for _ in range(2 if with_else else 1):
            inner = scope.child()
            block: list[str] = []
            self.body(inner, block, indent + "  ", depth + 1)
            self.yield_values(inner, types, block, indent + "  ")
            regions.append(block)
        arrow = f" -> ({', '.join(types)})" if types else ""
        lines.append(f"{indent}{prefix}scf.if {cond}{arrow} {{")
        lines.extend(regions[0])
        if with_else:
            lines.append(f"{indent}}} else {{")
            lines.extend(regions[1])
        lines.append(f"{indent}}}")
        self.define(scope, names, types)

    def while_op(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        carried = [
            self.rng.choice(["i32", "index", "f32"]) for _ in range(self.rng.choice([0, 1, 1, 2]))
        ]
        counter = self.rng.choice(["i32", "index"])
        carried = [counter, *carried]
        inits = [self.pick(scope, c, lines, indent) for c in carried]
        args = [self.fresh("w") for _ in carried]
        before = scope.child()
        for a, c in zip(args, carried, strict=True):
            before.add(c, a)
        block: list[str] = []
        inner = indent + "  "
        limit = self.pick(before, counter, block, inner)
        cond = self.fresh("cond")
        block.append(f"{inner}{cond} = arith.cmpi slt, {args[0]}, {limit} : {counter}")
        before.add("i1", cond)
        if self.rng.random() < 0.3:
            self.body(before, block, inner, depth + 1)
        forwarded = list(args)
        if self.rng.random() < 0.3 and len(args) > 1:
            forwarded[-1] = self.pick(before, carried[-1], block, inner)
        block.append(f"{inner}scf.condition({cond}) {', '.join(forwarded)} : {', '.join(carried)}")
        after = scope.child()
        after_args = [self.fresh("a") for _ in carried]
        for a, c in zip(after_args, carried, strict=True):
            after.add(c, a)
        after_block: list[str] = []
        one = self.constant(after, counter, after_block, inner)
        nxt = self.fresh("next")
        after_block.append(f"{inner}{nxt} = arith.addi {after_args[0]}, {one} : {counter}")
        self.body(after, after_block, inner, depth + 1)
        rest = [self.pick(after, c, after_block, inner) for c in carried[1:]]
        after_block.append(f"{inner}scf.yield {', '.join([nxt, *rest])} : {', '.join(carried)}")
        prefix, names = self.results(carried)
        pairs = ", ".join(f"{a} = {v}" for a, v in zip(args, inits, strict=True))
        fn_type = f"({', '.join(carried)}) -> " + (
            carried[0] if len(carried) == 1 else f"({', '.join(carried)})"
        )
        lines.append(f"{indent}{prefix}scf.while ({pairs}) : {fn_type} {{")
        lines.extend(block)
        lines.append(f"{indent}}} do {{")
        params = ", ".join(f"{a}: {c}" for a, c in zip(after_args, carried, strict=True))
        lines.append(f"{indent}^bb0({params}):")
        lines.extend(after_block)
        lines.append(f"{indent}}}")
        self.define(scope, names, carried)

    def execute_region(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        types = [self.rng.choice(["f32", "i32"]) for _ in range(self.rng.choice([0, 1, 1, 2]))]
        prefix, names = self.results(types)
        inner = indent + "  "
        block: list[str] = []
        region_scope = scope.child()
        self.body(region_scope, block, inner, depth + 1)
        # cf's canonicalization patterns (constant branches, block merging) are not
        # ported, so the canonicalization programs keep to single blocks.
        if not self.canonical and self.rng.random() < 0.4:
            cond = self.pick(region_scope, "i1", block, inner)
            block.append(f"{inner}cf.cond_br {cond}, ^bb1, ^bb2")
            for label in ("bb1", "bb2"):
                sub = region_scope.child()
                block.append(f"{indent}^{label}:")
                self.body(sub, block, inner, depth + 2)
                self.yield_values(sub, types, block, inner)
                if not types and block[-1].strip() != "scf.yield":
                    block.append(f"{inner}scf.yield")
        else:
            self.yield_values(region_scope, types, block, inner)
            if not types and (not block or block[-1].strip() != "scf.yield"):
                block.append(f"{inner}scf.yield")
        arrow = ""
        if types:
            arrow = " -> " + (types[0] if len(types) == 1 else f"({', '.join(types)})")
        flag = " no_inline" if self.rng.random() < 0.2 else ""
        lines.append(f"{indent}{prefix}scf.execute_region{arrow}{flag} {{")
        lines.extend(block)
        lines.append(f"{indent}}}")
        self.define(scope, names, types)

    def index_switch(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        arg = self.pick(scope, "index", lines, indent)
        types = [self.rng.choice(["f32", "i32"]) for _ in range(self.rng.choice([0, 1, 1, 2]))]
        prefix, names = self.results(types)
        cases = self.rng.sample([0, 1, 2, 3, 5, 8, -1], self.rng.randint(0, 3))
        blocks: list[list[str]] = []
        for _ in range(len(cases) + 1):
            inner = scope.child()
            block: list[str] = []
            self.body(inner, block, indent + "  ", depth + 1)
            self.yield_values(inner, types, block, indent + "  ")
            # Only the default region gets an implicit yield.
            missing = not block or block[-1].strip() != "scf.yield"
            if not types and missing and (blocks or self.rng.random() < 0.5):
                block.append(f"{indent}  scf.yield")
            blocks.append(block)
        arrow = f" -> {', '.join(types)}" if types else ""
        lines.append(f"{indent}{prefix}scf.index_switch {arg}{arrow}")
        for value, block in zip(cases, blocks[1:], strict=True):
            lines.append(f"{indent}case {value} {{")
            lines.extend(block)
            lines.append(f"{indent}}}")
        lines.append(f"{indent}default {{")
        lines.extend(blocks[0])
        lines.append(f"{indent}}}")
        self.define(scope, names, types)

    def parallel(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        rank = self.rng.choice([1, 1, 2])
        ivs = [self.fresh("p") for _ in range(rank)]
        lbs = [self.pick(scope, "index", lines, indent) for _ in range(rank)]
        ubs = [self.pick(scope, "index", lines, indent) for _ in range(rank)]
        steps = []
        for _ in range(rank):
            s = self.fresh("ps")
            lines.append(f"{indent}{s} = arith.constant {self.rng.choice([1, 2, 3])} : index")
            steps.append(s)
        types = [self.rng.choice(["f32", "i32"]) for _ in range(self.rng.choice([0, 0, 1, 2]))]
        inits = [self.pick(scope, t, lines, indent) for t in types]
        prefix, names = self.results(types)
        inner = scope.child()
        for iv in ivs:
            inner.add("index", iv)
        body: list[str] = []
        ind = indent + "  "
        self.body(inner, body, ind, depth + 1)
        if types:
            operands = [self.pick(inner, t, body, ind) for t in types]
            body.append(f"{ind}scf.reduce({', '.join(operands)} : {', '.join(types)}) {{")
            for i, t in enumerate(types):
                if i:
                    body.append(f"{ind}}}, {{")
                x, y, z = self.fresh("lhs"), self.fresh("rhs"), self.fresh("sum")
                body.append(f"{ind}^bb0({x}: {t}, {y}: {t}):")
                op = "arith.addf" if t == "f32" else self.rng.choice(["arith.addi", "arith.maxsi"])
                body.append(f"{ind}  {z} = {op} {x}, {y} : {t}")
                body.append(f"{ind}  scf.reduce.return {z} : {t}")
            body.append(f"{ind}}}")
        elif self.rng.random() < 0.3:
            body.append(f"{ind}scf.reduce")
        head = f"{indent}{prefix}scf.parallel ({', '.join(ivs)}) = ({', '.join(lbs)}) to ({', '.join(ubs)}) step ({', '.join(steps)})"
        if types:
            head += f" init ({', '.join(inits)}) -> " + (
                types[0] if len(types) == 1 else f"({', '.join(types)})"
            )
        lines.append(head + " {")
        lines.extend(body)
        lines.append(f"{indent}}}")
        self.define(scope, names, types)

    def forall(self, scope: _Scope, lines: list[str], indent: str, depth: int) -> None:
        rank = self.rng.choice([1, 1, 2])
        ivs = [self.fresh("q") for _ in range(rank)]

        def bound(low: int, high: int) -> str:
            if self.rng.random() < 0.3:
                return self.pick(scope, "index", lines, indent)
            return str(self.rng.randint(low, high))

        if self.rng.random() < 0.5:
            header = f"({', '.join(ivs)}) in ({', '.join(bound(0, 8) for _ in ivs)})"
        else:
            lbs = ", ".join(bound(0, 2) for _ in ivs)
            ubs = ", ".join(bound(0, 9) for _ in ivs)
            steps = ", ".join(str(self.rng.choice([1, 2, 3])) for _ in ivs)
            header = f"({', '.join(ivs)}) = ({lbs}) to ({ubs}) step ({steps})"
        outs = [self.fresh("o") for _ in range(self.rng.choice([0, 0, 1]))]
        inits = [self.pick(scope, TENSOR, lines, indent) for _ in outs]
        prefix, names = self.results([TENSOR] * len(outs))
        inner = scope.child()
        for iv in ivs:
            inner.add("index", iv)
        body: list[str] = []
        self.body(inner, body, indent + "  ", depth + 1)
        if outs or self.rng.random() < 0.3:
            body.append(f"{indent}  scf.forall.in_parallel {{")
            body.append(f"{indent}  }}")
        if outs:
            pairs = ", ".join(f"{o} = {v}" for o, v in zip(outs, inits, strict=True))
            header += f" shared_outs({pairs}) -> ({', '.join([TENSOR] * len(outs))})"
        lines.append(f"{indent}{prefix}scf.forall {header} {{")
        lines.extend(body)
        lines.append(f"{indent}}}")
        self.define(scope, names, [TENSOR] * len(outs))


def _function(rng: random.Random, name: str, *, canonical: bool) -> str:
    gen = _Gen(rng, canonical=canonical)
    scope = _Scope()
    params = [
        ("%lb", "index"), ("%ub", "index"), ("%c", "i1"), ("%x", "f32"), ("%n", "i32"),
        ("%t", TENSOR), ("%m", MEMREF),
    ]  # fmt: skip
    for p, t in params:
        if t not in (TENSOR, MEMREF):
            scope.add(t, p)
    lines: list[str] = []
    for _ in range(rng.randint(2, 5)):
        gen.statement(scope, lines, "  ", 0)
    returned = rng.choice(scope.values.get("f32", ["%x"]))
    head = ", ".join(f"{p}: {t}" for p, t in params)
    return "\n".join(
        [f"func.func @{name}({head}) -> f32 {{", *lines, f"  return {returned} : f32", "}"]
    )


def program(seed: int, *, canonical: bool = False) -> str:
    """A module of one or two functions nesting scf ops (deterministic for `seed`)."""
    rng = random.Random(seed)
    fns = [_function(rng, f"f{i}", canonical=canonical) for i in range(rng.choice([1, 1, 2]))]
    return "\n".join(["func.func private @ext(f32) -> f32", *fns]) + "\n"


# -- invalid programs -------------------------------------------------------------------------

#: One broken op each: (what is broken, the function body). `{T}` is a random carried
#: type, `{U}` another type than `{T}`.
INVALID: list[tuple[str, str]] = [
    ("if results without else", "%r = scf.if %c -> ({T}) {{\n  scf.yield %v : {T}\n}}"),
    ("if yield type", "%r = scf.if %c -> ({T}) {{\n  scf.yield %w : {U}\n}} else {{\n  scf.yield %v : {T}\n}}"),
    ("if yield count", "%r = scf.if %c -> ({T}) {{\n  scf.yield\n}} else {{\n  scf.yield %v : {T}\n}}"),
    ("if else yield type", "%r = scf.if %c -> ({T}) {{\n  scf.yield %v : {T}\n}} else {{\n  scf.yield %w : {U}\n}}"),
    ("if condition type", '%r = "scf.if"(%v) ({{\n  scf.yield\n}}, {{\n}}) : ({T}) -> ()'),
    ("if region arguments", '"scf.if"(%c) ({{\n^bb0(%a: {T}):\n  scf.yield\n}}, {{\n}}) : (i1) -> ()'),
    ("if two blocks", '"scf.if"(%c) ({{\n  cf.br ^bb1\n^bb1:\n  scf.yield\n}}, {{\n}}) : (i1) -> ()'),
    ("for yield type", "%r = scf.for %i = %lb to %ub step %lb iter_args(%a = %v) -> ({T}) {{\n  scf.yield %w : {U}\n}}"),
    ("for yield count", "%r = scf.for %i = %lb to %ub step %lb iter_args(%a = %v) -> ({T}) {{\n  scf.yield\n}}"),
    ("for bound types", '"scf.for"(%lb, %n, %lb) ({{\n^bb0(%i: index):\n  scf.yield\n}}) : (index, i32, index) -> ()'),
    ("for float bounds", '"scf.for"(%x, %x, %x) ({{\n^bb0(%i: f32):\n  scf.yield\n}}) : (f32, f32, f32) -> ()'),
    ("for iv type", '"scf.for"(%lb, %lb, %lb) ({{\n^bb0(%i: i32):\n  scf.yield\n}}) : (index, index, index) -> ()'),
    ("for init arg type", '%r = "scf.for"(%lb, %lb, %lb, %v) ({{\n^bb0(%i: index, %a: {U}):\n  scf.yield %a : {U}\n}}) : (index, index, index, {T}) -> {T}'),
    ("for result type", '%r = "scf.for"(%lb, %lb, %lb, %v) ({{\n^bb0(%i: index, %a: {T}):\n  scf.yield %a : {T}\n}}) : (index, index, index, {T}) -> {U}'),
    ("for missing arg", '%r = "scf.for"(%lb, %lb, %lb, %v) ({{\n^bb0(%i: index):\n  scf.yield %v : {T}\n}}) : (index, index, index, {T}) -> {T}'),
    ("for results count", '"scf.for"(%lb, %lb, %lb, %v) ({{\n^bb0(%i: index, %a: {T}):\n  scf.yield %a : {T}\n}}) : (index, index, index, {T}) -> ()'),
    ("for iter_args count", "%r = scf.for %i = %lb to %ub step %lb iter_args(%a = %v) -> ({T}, {U}) {{\n  scf.yield %v : {T}\n}}"),
    ("for body yields op", "scf.for %i = %lb to %ub step %lb {{\n  %z = arith.addi %i, %i : index\n  scf.condition(%c)\n}}"),
    ("while before terminator", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.yield %a : {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.yield %b : {T}\n}}"),
    ("while after terminator", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.condition(%c) %a : {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.condition(%c) %b : {T}\n}}"),
    ("while condition count", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.condition(%c) %a, %a : {T}, {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.yield %b : {T}\n}}"),
    ("while yield type", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.condition(%c) %a : {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.yield %w : {U}\n}}"),
    ("while after args", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.condition(%c) %a : {T}\n}} do {{\n^bb0(%b: {T}, %d: {T}):\n  scf.yield %b : {T}\n}}"),
    ("while after arg type", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.condition(%c) %a : {T}\n}} do {{\n^bb0(%b: {U}):\n  scf.yield %a : {T}\n}}"),
    ("while input types", "%r = scf.while (%a = %v) : ({T}, {T}) -> {T} {{\n  scf.condition(%c) %a : {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.yield %b : {T}\n}}"),
    ("while init type", '%r = "scf.while"(%v) ({{\n^bb0(%a: {U}):\n  scf.condition(%c) %v : {T}\n}}, {{\n^bb0(%b: {T}):\n  scf.yield %w : {U}\n}}) : ({T}) -> {T}'),
    ("while condition not i1", "%r = scf.while (%a = %v) : ({T}) -> {T} {{\n  scf.condition(%v) %a : {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.yield %b : {T}\n}}"),
    ("condition outside while", "scf.condition(%c)"),
    ("yield outside scf", "scf.yield"),
    ("execute_region yield type", "%r = scf.execute_region -> {T} {{\n  scf.yield %w : {U}\n}}"),
    ("execute_region arguments", "%r = scf.execute_region -> {T} {{\n^bb0(%a: {T}):\n  scf.yield %a : {T}\n}}"),
    ("execute_region no block", '"scf.execute_region"() ({{}}) : () -> ()'),
    ("index_switch yield type", "%r = scf.index_switch %lb -> {T}\ncase 1 {{\n  scf.yield %w : {U}\n}}\ndefault {{\n  scf.yield %v : {T}\n}}"),
    ("index_switch yield count", "%r = scf.index_switch %lb -> {T}\ncase 1 {{\n  scf.yield %v : {T}\n}}\ndefault {{\n  scf.yield\n}}"),
    ("index_switch duplicate case", "scf.index_switch %lb\ncase 2 {{\n  scf.yield\n}}\ncase 2 {{\n  scf.yield\n}}\ndefault {{\n}}"),
    ("index_switch case count", '"scf.index_switch"(%lb) <{{cases = array<i64: 1, 2>}}> ({{\n  scf.yield\n}}, {{\n  scf.yield\n}}) : (index) -> ()'),
    ("index_switch arg type", "scf.index_switch %n\ndefault {{\n}}"),
    ("parallel reduce count", "%r = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%v) -> {T} {{\n  scf.reduce\n}}"),
    ("parallel reduce type", "%r = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%v) -> {T} {{\n  scf.reduce(%w : {U}) {{\n  ^bb0(%a: {U}, %b: {U}):\n    scf.reduce.return %a : {U}\n  }}\n}}"),
    ("parallel reduce return type", "%r = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%v) -> {T} {{\n  scf.reduce(%v : {T}) {{\n  ^bb0(%a: {T}, %b: {T}):\n    scf.reduce.return %w : {U}\n  }}\n}}"),
    ("parallel reduce block args", "%r = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%v) -> {T} {{\n  scf.reduce(%v : {T}) {{\n  ^bb0(%a: {T}):\n    scf.reduce.return %a : {T}\n  }}\n}}"),
    ("parallel reduce regions", "scf.parallel (%i) = (%lb) to (%ub) step (%lb) {{\n  scf.reduce(%v : {T})\n}}"),
    ("parallel zero step", "%z = arith.constant 0 : index\nscf.parallel (%i) = (%lb) to (%ub) step (%z) {{\n}}"),
    ("parallel no dims", '"scf.parallel"() <{{operandSegmentSizes = array<i32: 0, 0, 0, 0>}}> ({{\n  scf.reduce\n}}) : () -> ()'),
    ("parallel bound count", "scf.parallel (%i, %j) = (%lb) to (%ub, %ub) step (%lb, %lb) {{\n}}"),
    ("parallel init count", "%r = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%v, %v) -> {T} {{\n  scf.reduce(%v : {T}) {{\n  ^bb0(%a: {T}, %b: {T}):\n    scf.reduce.return %a : {T}\n  }}\n}}"),
    ("reduce return outside reduce", "scf.reduce.return %v : {T}"),
    ("forall non-tensor out", "%r = scf.forall (%i) in (4) shared_outs(%o = %v) -> ({T}) {{\n}}"),
    ("forall bound count", '"scf.forall"() <{{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8, 8>}}> ({{\n^bb0(%i: index):\n  scf.forall.in_parallel {{\n  }}\n}}) : () -> ()'),
    ("forall dynamic count", '"scf.forall"(%lb) <{{operandSegmentSizes = array<i32: 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}}> ({{\n^bb0(%i: index):\n  scf.forall.in_parallel {{\n  }}\n}}) : (index) -> ()'),
    ("forall arg type", '"scf.forall"() <{{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}}> ({{\n^bb0(%i: {U}):\n  scf.forall.in_parallel {{\n  }}\n}}) : () -> ()'),
    ("forall arg count", '"scf.forall"() <{{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}}> ({{\n^bb0(%i: index, %j: index):\n  scf.forall.in_parallel {{\n  }}\n}}) : () -> ()'),
    ("forall results count", '%r = "scf.forall"() <{{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}}> ({{\n^bb0(%i: index):\n  scf.forall.in_parallel {{\n  }}\n}}) : () -> {T}'),
    ("in_parallel ops", "scf.forall (%i) in (4) {{\n  scf.forall.in_parallel {{\n    %z = arith.addi %i, %i : index\n  }}\n}}"),
    ("in_parallel outside forall", "scf.forall.in_parallel {{\n}}"),
    ("forall mapping", "scf.forall (%i) in (4) {{\n}} {{mapping = [1]}}"),
    ("for own induction variable", "scf.for %i = %i to %ub step %lb {{\n}}"),
    ("while own argument", "%r = scf.while (%a = %a) : ({T}) -> {T} {{\n  scf.condition(%c) %a : {T}\n}} do {{\n^bb0(%b: {T}):\n  scf.yield %b : {T}\n}}"),
    ("forall own induction variable", "scf.forall (%i) in (%i) {{\n}}"),
    ("parallel own induction variable", "scf.parallel (%i) = (%i) to (%ub) step (%lb) {{\n}}"),
    ("later loop's variable", "scf.for %i = %j to %ub step %lb {{\n}}\nscf.for %j = %lb to %ub step %lb {{\n}}"),
    ("affine own induction variable", "affine.for %i = affine_map<(d0) -> (d0)>(%i) to 10 {{\n}}"),
    ("affine later loop's variable", "affine.for %i = affine_map<(d0) -> (d0)>(%j) to 10 {{\n}}\naffine.for %j = 0 to 10 {{\n}}"),
    ("for missing step", "scf.for %i = %lb to %ub {{\n}}"),
    ("if missing condition", "scf.if {{\n}}"),
    ("reduce outside parallel", "scf.reduce"),
]  # fmt: skip

#: Values of each carried type the invalid programs use: (name, definition).
_VALUES = {
    "f32": "arith.constant 1.0 : f32",
    "i32": "arith.constant 7 : i32",
    "index": "arith.constant 3 : index",
    TENSOR: f"arith.constant dense<2.0> : {TENSOR}",
}


def invalid_program(seed: int) -> tuple[str, str]:
    """(what is broken, the program) for `seed`: one entry of `INVALID` with random types."""
    rng = random.Random(seed)
    what, body = INVALID[seed % len(INVALID)]
    t = rng.choice(sorted(_VALUES))
    u = rng.choice([x for x in sorted(_VALUES) if x != t])
    text = body.format(T=t, U=u)
    lines = [
        "func.func @f(%lb: index, %ub: index, %c: i1, %x: f32, %n: i32) {",
        f"  %v = {_VALUES[t]}",
        f"  %w = {_VALUES[u]}",
        *("  " + line for line in text.split("\n")),
        "  return",
        "}",
    ]
    return what, "\n".join(lines) + "\n"
