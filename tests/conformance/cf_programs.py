"""Random programs of unstructured control flow, for the cf canonicalization differential.

`program(seed)` is a module of one or two functions, each a graph of blocks joined by
`cf.br`, `cf.cond_br` and `cf.switch`, with `cf.assert`s, `arith` computations and
calls that keep values alive. The shapes are the ones MLIR's `cf` patterns and
region simplification rewrite: branches on constant conditions and flags, on a
condition or flag a predecessor already branched on, to the same block twice (with
the same or different operands), to blocks that only branch on, to blocks with a
single predecessor, switch cases that repeat the default, assertions of `true`,
block arguments nothing reads, and loops whose carried values are never used.

Every value a block uses is a function argument, a constant of the entry block, an
argument of the block or defined earlier in it, so any edge keeps dominance intact;
the entry block is never a branch target.
"""

from __future__ import annotations

import random

_TYPES = ("i32", "i1")


class _Function:
    """One function: blocks of lines, built in order; block 0 is the entry."""

    def __init__(self, rng: random.Random, name: str) -> None:
        self.rng = rng
        self.name = name
        self.counter = 0
        self.blocks = rng.randint(2, 7)
        # Each block's argument types (the entry's are the function's).
        self.arg_types: list[list[str]] = [["i32", "i32", "i1", "i32"]] + [
            [rng.choice(_TYPES) for _ in range(rng.choice((0, 0, 1, 1, 2)))]
            for _ in range(self.blocks - 1)
        ]
        self.entry_values: dict[str, list[str]] = {
            "i32": ["%a", "%b", "%f"],
            "i1": ["%c"],
        }

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def pick(self, local: dict[str, list[str]], type_: str) -> str:
        choices = local.get(type_, []) + self.entry_values[type_]
        return self.rng.choice(choices)

    def operands(self, local: dict[str, list[str]], target: int) -> str:
        types = self.arg_types[target]
        if not types:
            return ""
        values = [self.pick(local, t) for t in types]
        return f"({', '.join(values)} : {', '.join(types)})"

    def target(self, current: int) -> int:
        rng = self.rng
        if rng.random() < 0.75 and current + 1 < self.blocks:
            return rng.randint(current + 1, self.blocks - 1)
        return rng.randint(1, self.blocks - 1)

    def body(self, index: int) -> list[str]:
        rng = self.rng
        lines: list[str] = []
        local: dict[str, list[str]] = {}
        if index == 0:
            for value, text in (("%t", "true"), ("%fl", "false")):
                lines.append(f"  {value} = arith.constant {text}")
                local.setdefault("i1", []).append(value)
            for n in rng.sample((0, 1, 2, 3, 7), 3):
                name = f"%k{n}"
                lines.append(f"  {name} = arith.constant {n} : i32")
                local.setdefault("i32", []).append(name)
            self.entry_values["i1"] += local["i1"]
            self.entry_values["i32"] += local["i32"]
            local = {}
        else:
            header = ", ".join(f"%p{index}_{i}: {t}" for i, t in enumerate(self.arg_types[index]))
            lines.append(f"^bb{index}({header}):" if header else f"^bb{index}:")
            for i, t in enumerate(self.arg_types[index]):
                local.setdefault(t, []).append(f"%p{index}_{i}")
        pass_through = index > 0 and rng.random() < 0.25
        if not pass_through:
            for _ in range(rng.randint(0, 3)):
                kind = rng.random()
                name = self.fresh()
                if kind < 0.4:
                    op = rng.choice(("addi", "muli", "subi", "andi"))
                    lines.append(
                        f"  {name} = arith.{op} {self.pick(local, 'i32')}, "
                        f"{self.pick(local, 'i32')} : i32"
                    )
                    local.setdefault("i32", []).append(name)
                elif kind < 0.65:
                    pred = rng.choice(("eq", "ne", "slt", "ult"))
                    lines.append(
                        f"  {name} = arith.cmpi {pred}, {self.pick(local, 'i32')}, "
                        f"{self.pick(local, 'i32')} : i32"
                    )
                    local.setdefault("i1", []).append(name)
                elif kind < 0.8:
                    lines.append(f'  cf.assert {self.pick(local, "i1")}, "check {name[1:]}"')
                else:
                    lines.append(f"  func.call @sink({self.pick(local, 'i32')}) : (i32) -> ()")
        lines.append(self.terminator(index, local, pass_through))
        return lines

    def terminator(self, index: int, local: dict[str, list[str]], pass_through: bool) -> str:
        rng = self.rng
        kind = rng.random()
        if pass_through or (kind < 0.3 and index > 0):
            dest = self.target(index)
            if pass_through and dest == index:
                dest = index + 1 if index + 1 < self.blocks else 1
            return f"  cf.br ^bb{dest}{self.operands(local, dest)}"
        if index > 0 and kind < 0.4:
            return f"  return {self.pick(local, 'i32')} : i32"
        if kind < 0.75:
            cond = self.pick(local, "i1")
            true_dest = self.target(index)
            false_dest = true_dest if rng.random() < 0.25 else self.target(index)
            return (
                f"  cf.cond_br {cond}, ^bb{true_dest}{self.operands(local, true_dest)}, "
                f"^bb{false_dest}{self.operands(local, false_dest)}"
            )
        flag = rng.choice(("%f", "%f", self.pick(local, "i32")))
        default = self.target(index)
        default_ops = self.operands(local, default)
        cases = []
        for value in sorted(rng.sample(range(5), rng.randint(0, 3))):
            if rng.random() < 0.3:
                dest, ops = default, default_ops
            else:
                dest = self.target(index)
                ops = self.operands(local, dest)
            cases.append(f"    {value}: ^bb{dest}{ops}")
        lines = [f"  cf.switch {flag} : i32, [", f"    default: ^bb{default}{default_ops}"]
        if cases:
            lines[-1] += ","
            lines.append(",\n".join(cases))
        lines.append("  ]")
        return "\n".join(lines)

    def text(self) -> str:
        out = [f"func.func @{self.name}(%a: i32, %b: i32, %c: i1, %f: i32) -> i32 {{"]
        for index in range(self.blocks):
            out.extend(self.body(index))
        out.append("}")
        return "\n".join(out)


def program(seed: int) -> str:
    """A module of one or two functions of branching blocks (deterministic for `seed`)."""
    rng = random.Random(seed)
    functions = [_Function(rng, f"f{i}").text() for i in range(rng.choice((1, 1, 2)))]
    return "\n".join(["func.func private @sink(i32)", *functions]) + "\n"
