"""Imported arith and scf, with their C++ hooks written in Python, against mlir-opt-22.

MLIR 22's `ArithOps.td`, `MathOps.td` and `SCFOps.td` are imported together (arith
and math together, so that math's `#arith.fastmath` is the imported arith's), the
hooks of `tests/spec/mlir_hooks/` are put in the place of the skeletons `odsgen
import` writes, and the dialects are imported again; a run then uses them in place
of odsgen's own (`--replace-builtin`).

Programs come from a generator with a fixed seed: for each op of arith and scf,
functions built around that op (scf's with bodies of arith ops and nested scf
ops). Where mlir-opt-22 accepts one, odsgen must print it identically in custom
and generic form; each is then made invalid in several ways (a result type, an
inherent attribute dropped, a block argument's type), and where mlir-opt-22
rejects the result, odsgen must give the same first error. MLIR's `.td` files
are read in place; the tests skip where they or mlir-opt-22 are not installed.
"""

from __future__ import annotations

import bisect
import os
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
DIALECTS = MLIR_INCLUDE / "mlir" / "Dialect"
FILES = [
    DIALECTS / "Arith" / "IR" / "ArithOps.td",
    DIALECTS / "Math" / "IR" / "MathOps.td",
    DIALECTS / "SCF" / "IR" / "SCFOps.td",
]
HOOKS = Path(__file__).parent / "mlir_hooks"
ODSGEN = Path(sys.executable).parent / "odsgen"
SEED = 20260

needs_mlir = pytest.mark.skipif(
    not (MLIR_INCLUDE / "mlir" / "IR" / "OpBase.td").is_file(),
    reason=f"MLIR 22's .td files are not installed under {MLIR_INCLUDE} (libmlir-22-dev)",
)
needs_mlir_opt = pytest.mark.skipif(
    shutil.which("mlir-opt-22") is None, reason="mlir-opt-22 is not installed"
)


def _import(out: Path) -> str:
    run = subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(MLIR_INCLUDE),
            *map(str, FILES),
            "-o",
            str(out / "mlirpy"),
            "--report",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=out,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """arith, math and scf imported, the fixture's hooks written, imported again."""
    out = tmp_path_factory.mktemp("imphooks")
    _import(out)
    impl = out / "mlirpy" / "mlirpy_impl"
    # The fixture's hooks of the dialects imported here (index's and complex's are
    # test_mlir_import_index_complex_hooks.py's).
    for module in (HOOKS / "arith_impl.py", HOOKS / "scf_impl.py"):
        skeleton = (impl / module.name).read_text("utf-8")
        # Every hook the fixture writes is one the skeleton asked for.
        for name in re.findall(r"^def ([a-z]\w*)\(", module.read_text("utf-8"), re.M):
            assert f"# def {name}(" in skeleton, (module.name, name)
        shutil.copyfile(module, impl / module.name)
    report = _import(out)
    assert "arith: 51 ops, 51 complete, 0 need hand-written Python" in report
    assert "scf: 12 ops, 12 complete, 0 need hand-written Python" in report
    assert "math: 46 ops, 46 complete" in report
    return out


# --- the generator ------------------------------------------------------------------

#: The arguments of every generated function, by type.
ARGS = {
    "i1": "%b",
    "i32": "%i",
    "i64": "%l",
    "index": "%n",
    "f32": "%f",
    "f64": "%d",
    "vector<4xi32>": "%vi",
    "vector<4xf32>": "%vf",
    "vector<4xi1>": "%vb",
    "f8E4M3FN": "%e",
    "f8E8M0FNU": "%s",
    "tensor<4xf32>": "%t",
}
INT_TYPES = ["i32", "i64", "index", "vector<4xi32>"]
FLOAT_TYPES = ["f32", "f64", "vector<4xf32>"]
INT_BINARY = {
    "addi": "overflow<nsw>",
    "subi": "overflow<nuw>",
    "muli": "overflow<nsw, nuw>",
    "shli": "overflow<nsw>",
    "divsi": "exact",
    "divui": "exact",
    "shrsi": "exact",
    "shrui": "exact",
    "ceildivsi": "",
    "ceildivui": "",
    "floordivsi": "",
    "remsi": "",
    "remui": "",
    "andi": "",
    "ori": "",
    "xori": "",
    "maxsi": "",
    "maxui": "",
    "minsi": "",
    "minui": "",
}
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf"]
FLOAT_BINARY += ["minnumf"]
FASTMATH = ["", " fastmath<fast>", " fastmath<nnan,ninf>", " fastmath<contract>"]
#: (op, source type, result type, extra text after the operand)
CASTS = [
    ("extf", "f32", "f64", ""),
    ("extf", "vector<4xf32>", "vector<4xf64>", " fastmath<nnan>"),
    ("truncf", "f64", "f32", ""),
    ("truncf", "f64", "f32", " to_nearest_even"),
    ("extsi", "i32", "i64", ""),
    ("extsi", "i1", "i32", ""),
    ("extui", "i32", "i64", ""),
    ("extui", "vector<4xi32>", "vector<4xi64>", ""),
    ("trunci", "i64", "i32", ""),
    ("trunci", "i64", "i32", " overflow<nsw>"),
    ("sitofp", "i32", "f32", ""),
    ("uitofp", "i64", "f64", ""),
    ("fptosi", "f32", "i32", ""),
    ("fptoui", "f64", "i64", ""),
    ("index_cast", "index", "i32", ""),
    ("index_cast", "i64", "index", ""),
    ("index_castui", "i32", "index", ""),
    ("bitcast", "i32", "f32", ""),
    ("bitcast", "f64", "i64", ""),
]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uno", "true"]


class Body:
    """The lines of one block being generated and the values it can use, by type."""

    def __init__(self, rng: random.Random, values: dict[str, list[str]], names: list[int]) -> None:
        self.rng = rng
        self.values = values
        self.lines: list[str] = []
        self.names = names

    def new(self) -> str:
        self.names[0] += 1
        return f"%v{self.names[0]}"

    def value(self, type_: str) -> str:
        return self.rng.choice(self.values[type_])

    def define(self, name: str, type_: str) -> str:
        self.values.setdefault(type_, []).append(name)
        return name

    def child(self, extra: dict[str, str]) -> Body:
        """The body of a nested region: the values here, and the region's arguments."""
        values = {t: list(vs) for t, vs in self.values.items()}
        for name, type_ in extra.items():
            values.setdefault(type_, []).append(name)
        return Body(self.rng, values, self.names)

    def emit(self, line: str) -> None:
        self.lines.append(line)

    def text(self, indent: str) -> str:
        return "".join(f"{indent}{line}\n" for line in self.lines)


def _arith(body: Body, op: str) -> None:
    """One `arith.<op>` on values of the body."""
    rng = body.rng
    if op in INT_BINARY:
        t = rng.choice(INT_TYPES)
        flag = INT_BINARY[op] if rng.random() < 0.4 else ""
        flag = f" {flag}" if flag else ""
        r = body.new()
        body.emit(f"{r} = arith.{op} {body.value(t)}, {body.value(t)}{flag} : {t}")
        body.define(r, t)
    elif op in FLOAT_BINARY or op == "negf":
        t = rng.choice(FLOAT_TYPES)
        fm = rng.choice(FASTMATH)
        r = body.new()
        args = body.value(t) if op == "negf" else f"{body.value(t)}, {body.value(t)}"
        body.emit(f"{r} = arith.{op} {args}{fm} : {t}")
        body.define(r, t)
    elif op in {c[0] for c in CASTS}:
        _, src, dst, extra = rng.choice([c for c in CASTS if c[0] == op])
        r = body.new()
        body.emit(f"{r} = arith.{op} {body.value(src)}{extra} : {src} to {dst}")
        if dst in body.values:
            body.define(r, dst)
    elif op == "cmpi":
        t = rng.choice(INT_TYPES)
        r = body.new()
        body.emit(f"{r} = arith.cmpi {rng.choice(CMPI)}, {body.value(t)}, {body.value(t)} : {t}")
        body.define(r, "vector<4xi1>" if t.startswith("vector") else "i1")
    elif op == "cmpf":
        t = rng.choice(FLOAT_TYPES)
        fm = rng.choice(FASTMATH)
        r = body.new()
        pred = rng.choice(CMPF)
        body.emit(f"{r} = arith.cmpf {pred}, {body.value(t)}, {body.value(t)}{fm} : {t}")
        body.define(r, "vector<4xi1>" if t.startswith("vector") else "i1")
    elif op == "select":
        t = rng.choice(INT_TYPES + FLOAT_TYPES)
        r = body.new()
        if t.startswith("vector<4xi") and rng.random() < 0.5:
            cond, prefix = body.value("vector<4xi1>"), "vector<4xi1>, "
        else:
            cond, prefix = body.value("i1"), ""
        body.emit(f"{r} = arith.select {cond}, {body.value(t)}, {body.value(t)} : {prefix}{t}")
        body.define(r, t)
    elif op == "constant":
        value, t = rng.choice(
            [
                ("42", "i32"),
                ("-7", "i64"),
                ("3", "index"),
                ("1.5", "f32"),
                ("-2.0", "f64"),
                ("true", "i1"),
                ("dense<3>", "vector<4xi32>"),
                ("dense<[1.0, 2.0, 3.0, 4.0]>", "vector<4xf32>"),
            ]
        )
        r = body.new()
        body.emit(
            f"{r} = arith.constant {value} : {t}" if t != "i1" else f"{r} = arith.constant {value}"
        )
        body.define(r, t)
    elif op in ("addui_extended", "mulsi_extended", "mului_extended"):
        t = rng.choice([*INT_TYPES[:2], "vector<4xi32>"])
        r = body.new()
        a, b = body.value(t), body.value(t)
        if op == "addui_extended":
            flag = "vector<4xi1>" if t.startswith("vector") else "i1"
            body.emit(f"{r}:2 = arith.addui_extended {a}, {b} : {t}, {flag}")
        else:
            body.emit(f"{r}:2 = arith.{op} {a}, {b} : {t}")
        body.define(f"{r}#0", t)
    elif op == "scaling_extf":
        r = body.new()
        body.emit(f"{r} = arith.scaling_extf %e, %s : f8E4M3FN, f8E8M0FNU to f32")
        body.define(r, "f32")
    elif op == "scaling_truncf":
        r = body.new()
        mode = rng.choice(["", " to_nearest_even", " toward_zero"])
        body.emit(f"{r} = arith.scaling_truncf %f, %s{mode} : f32, f8E8M0FNU to f8E4M3FN")
    else:
        raise AssertionError(op)


#: The arith ops every body draws from.
ARITH_OPS = sorted(
    {*INT_BINARY, *FLOAT_BINARY, "negf", *(c[0] for c in CASTS), "cmpi", "cmpf", "select"}
    | {"constant", "addui_extended", "mulsi_extended", "mului_extended"}
    | {"scaling_extf", "scaling_truncf"}
)


def _fill(body: Body, depth: int) -> None:
    """A few arith ops, and at depth 0 maybe a nested scf op."""
    for _ in range(body.rng.randint(1, 3)):
        _arith(body, body.rng.choice(ARITH_OPS))
    if depth == 0 and body.rng.random() < 0.4:
        _scf(body, body.rng.choice(sorted(SCF_GENERATORS)), depth + 1)


def _region(body: Body, args: dict[str, str], depth: int, indent: str, end: str) -> str:
    """`{`, a block with `args` (written as `^bb0(...)` when `end` says so), `}`."""
    child = body.child(args)
    _fill(child, depth)
    head = ""
    if end.startswith("^"):
        head = f"{indent}^bb0({', '.join(f'{n}: {t}' for n, t in args.items())}):\n"
        end = end[1:]
    if end:
        child.emit(end.format(**{"v": child}))
    return "{\n" + head + child.text(indent + "  ") + indent + "}"


def _yield(child_values: Body, types: list[str]) -> str:
    if not types:
        return ""
    values = ", ".join(child_values.value(t) for t in types)
    return f"scf.yield {values} : {', '.join(types)}"


SIMPLE = ["i32", "f32", "index", "i64", "f64"]


def _scf_for(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    t = rng.choice(["index", "index", "i32", "i64"])
    carried = rng.sample(SIMPLE, rng.randint(0, 2))
    iv = body.new()
    iters = {body.new(): c for c in carried}
    child = body.child({iv: t, **iters})
    _fill(child, depth)
    if carried or rng.random() < 0.3:
        child.emit(_yield(child, carried) or "scf.yield")
    r = body.new()
    lhs = f"{r}:{len(carried)} = " if len(carried) > 1 else f"{r} = " if carried else ""
    head = f"{lhs}scf.for{' unsigned' if rng.random() < 0.2 else ''} {iv} = "
    head += f"{body.value(t)} to {body.value(t)} step {body.value(t)}"
    if carried:
        inits = ", ".join(f"{a} = {body.value(c)}" for a, c in iters.items())
        head += f" iter_args({inits}) -> ({', '.join(carried)})"
    if t != "index":
        head += f" : {t}"
    body.emit(head + " {\n" + child.text(ind + "  ") + ind + "}")
    if len(carried) == 1:
        body.define(r, carried[0])


def _scf_if(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    types = rng.sample(SIMPLE, rng.randint(0, 2))
    with_else = bool(types) or rng.random() < 0.5
    r = body.new()
    lhs = f"{r}:{len(types)} = " if len(types) > 1 else f"{r} = " if types else ""
    text = f"{lhs}scf.if {body.value('i1')}"
    if types:
        text += f" -> ({', '.join(types)})"
    regions = []
    for _ in range(2 if with_else else 1):
        child = body.child({})
        _fill(child, depth)
        if types:
            child.emit(_yield(child, types))
        regions.append("{\n" + child.text(ind + "  ") + ind + "}")
    body.emit(f"{text} " + " else ".join(regions))
    if len(types) == 1:
        body.define(r, types[0])


def _scf_execute_region(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    types = rng.sample(SIMPLE, rng.randint(0, 1))
    child = body.child({})
    _fill(child, depth)
    child.emit(_yield(child, types) or "scf.yield")
    r = body.new()
    lhs = f"{r} = " if types else ""
    arrow = f" -> {types[0]}" if types else ""
    inline = " no_inline" if rng.random() < 0.3 else ""
    body.emit(f"{lhs}scf.execute_region{arrow}{inline} {{\n{child.text(ind + '  ')}{ind}}}")
    if types:
        body.define(r, types[0])


def _scf_index_switch(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    types = rng.sample(SIMPLE, rng.randint(0, 2))
    r = body.new()
    lhs = f"{r}:{len(types)} = " if len(types) > 1 else f"{r} = " if types else ""
    text = f"{lhs}scf.index_switch {body.value('index')}"
    if types:
        text += f" -> {', '.join(types)}"
    cases = sorted(rng.sample(range(-3, 20), rng.randint(0, 3)))
    for label in [f"case {c}" for c in cases] + ["default"]:
        child = body.child({})
        _fill(child, depth)
        child.emit(_yield(child, types) or "scf.yield")
        text += f"\n{ind}{label} {{\n{child.text(ind + '  ')}{ind}}}"
    body.emit(text)
    if len(types) == 1:
        body.define(r, types[0])


def _scf_while(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    types = rng.sample(SIMPLE, rng.randint(1, 2))
    before = {body.new(): t for t in types}
    after = {body.new(): t for t in types}
    cond = body.child(before)
    _fill(cond, depth)
    forwarded = ", ".join(cond.value(t) for t in types)
    cond.emit(f"scf.condition({cond.value('i1')}) {forwarded} : {', '.join(types)}")
    do = body.child(after)
    _fill(do, depth)
    do.emit(_yield(do, types))
    r = body.new()
    lhs = f"{r}:{len(types)} = " if len(types) > 1 else f"{r} = "
    inits = ", ".join(f"{a} = {body.value(t)}" for a, t in before.items())
    sig = f"({', '.join(types)}) -> {types[0] if len(types) == 1 else '(' + ', '.join(types) + ')'}"
    head = f"^bb0({', '.join(f'{a}: {t}' for a, t in after.items())}):\n"
    body.emit(
        f"{lhs}scf.while ({inits}) : {sig} {{\n{cond.text(ind + '  ')}{ind}}} do {{\n"
        f"{ind}{head}{do.text(ind + '  ')}{ind}}}"
    )
    if len(types) == 1:
        body.define(r, types[0])


def _scf_parallel(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    rank = rng.randint(1, 2)
    ivs = {body.new(): "index" for _ in range(rank)}
    types = rng.sample(["f32", "i32", "i64"], rng.randint(0, 2))
    child = body.child(ivs)
    _fill(child, depth)
    if types:
        operands = ", ".join(child.value(t) for t in types)
        regions = []
        for t in types:
            a, b = body.new(), body.new()
            red = child.child({a: t, b: t})
            op = "addf" if t == "f32" else "addi"
            s = body.new()
            red.emit(f"{s} = arith.{op} {a}, {b} : {t}")
            red.emit(f"scf.reduce.return {s} : {t}")
            regions.append(
                f"{{\n{ind}  ^bb0({a}: {t}, {b}: {t}):\n{red.text(ind + '    ')}{ind}  }}"
            )
        child.emit(f"scf.reduce({operands} : {', '.join(types)}) " + ", ".join(regions))
    elif rng.random() < 0.5:
        child.emit("scf.reduce")
    r = body.new()
    lhs = f"{r}:{len(types)} = " if len(types) > 1 else f"{r} = " if types else ""
    bounds = [", ".join(body.value("index") for _ in range(rank)) for _ in range(3)]
    text = f"{lhs}scf.parallel ({', '.join(ivs)}) = ({bounds[0]}) to ({bounds[1]}) "
    text += f"step ({bounds[2]})"
    if types:
        inits = ", ".join(body.value(t) for t in types)
        text += (
            f" init ({inits}) -> {types[0] if len(types) == 1 else '(' + ', '.join(types) + ')'}"
        )
    body.emit(f"{text} {{\n{child.text(ind + '  ')}{ind}}}")
    if len(types) == 1:
        body.define(r, types[0])


def _scf_forall(body: Body, depth: int, ind: str) -> None:
    rng = body.rng
    rank = rng.randint(1, 2)
    ivs = {body.new(): "index" for _ in range(rank)}

    def bound(low: int, high: int) -> str:
        return str(rng.randint(low, high)) if rng.random() < 0.6 else body.value("index")

    if rng.random() < 0.5:
        head = f"in ({', '.join(bound(1, 9) for _ in ivs)})"
    else:
        lower = ", ".join(bound(0, 3) for _ in ivs)
        upper = ", ".join(bound(4, 9) for _ in ivs)
        step = ", ".join(str(rng.randint(1, 3)) for _ in ivs)
        head = f"= ({lower}) to ({upper}) step ({step})"
    shared = rng.random() < 0.5
    out = body.new()
    child = body.child({**ivs, out: "tensor<4xf32>"} if shared else ivs)
    _fill(child, depth)
    r = body.new()
    text = f"scf.forall ({', '.join(ivs)}) {head}"
    if shared:
        iv = next(iter(ivs))
        s = body.new()
        child.emit(f"{s} = tensor.extract_slice %t[{iv}] [1] [1] : tensor<4xf32> to tensor<1xf32>")
        child.emit(
            f"scf.forall.in_parallel {{\n{ind}    tensor.parallel_insert_slice {s} into "
            f"{out}[{iv}] [1] [1] : tensor<1xf32> into tensor<4xf32>\n{ind}  }}"
        )
        text = f"{r} = {text} shared_outs({out} = %t) -> (tensor<4xf32>)"
    elif rng.random() < 0.5:
        child.emit(f"scf.forall.in_parallel {{\n{ind}  }}")
    body.emit(f"{text} {{\n{child.text(ind + '  ')}{ind}}}")


SCF_GENERATORS: dict[str, Callable[[Body, int, str], None]] = {
    "forall": _scf_forall,
    "for": _scf_for,
    "if": _scf_if,
    "execute_region": _scf_execute_region,
    "index_switch": _scf_index_switch,
    "while": _scf_while,
    "parallel": _scf_parallel,
}


def _scf(body: Body, name: str, depth: int) -> None:
    SCF_GENERATORS[name](body, depth, "  " * (depth + 1))


def _function(rng: random.Random, fill: Callable[[Body], None]) -> str:
    values = {t: [name] for t, name in ARGS.items()}
    body = Body(rng, values, [0])
    fill(body)
    params = ", ".join(f"{name}: {t}" for t, name in ARGS.items())
    return f"func.func @f({params}) {{\n{body.text('  ')}  return\n}}\n"


def generate_cases(seed: int, per_op: int) -> list[tuple[str, str]]:
    """(dialect, custom-form program) for each generated function: `per_op` around
    each arith op and, four times as many, around each scf region op."""
    rng = random.Random(seed)
    cases: list[tuple[str, str]] = []
    for op in ARITH_OPS:
        for _ in range(per_op):
            cases.append(("arith", _function(rng, lambda b, op=op: _arith(b, op))))
    for name in sorted(SCF_GENERATORS):
        for _ in range(4 * per_op):
            cases.append(("scf", _function(rng, lambda b, name=name: _scf(b, name, 0))))
    return cases


# --- invalid programs -----------------------------------------------------------------

_OP_LINE = re.compile(r'^(\s*)(?:%[\w:#]+ = )?"((?:arith|scf)\.[\w.]+)"')
#: Another type of the same kind, and one of another kind, for each type.
_SWAP = {
    "i32": ("i64", "f32"),
    "i64": ("i32", "f64"),
    "f32": ("f64", "i32"),
    "f64": ("f32", "i64"),
    "index": ("i32", "f32"),
    "i1": ("i32", "f32"),
    "f8E4M3FN": ("f16", "i8"),
    "f8E8M0FNU": ("f16", "i8"),
}
#: A type, alone or as the element type of a vector.
_SWAP_RE = re.compile(r"(?:\b|(?<=\dx))(i32|i64|f32|f64|index|i1|f8E4M3FN|f8E8M0FNU)\b")


def mutations(generic: str, rng: random.Random) -> list[tuple[str, str]]:
    """(op, text) of invalid variants of a program in generic form: for each scf op
    and one arith op picked at random, one type of its signature's results changed
    (to another of its kind, and to one of another kind), its last operand dropped,
    its inherent attributes dropped, an op put at the start of its first region, and
    the type of an argument of its first block changed."""
    lines = generic.splitlines()
    sites = [(i, m.group(2)) for i, line in enumerate(lines) if (m := _OP_LINE.match(line))]
    out: list[tuple[str, str]] = []
    # Every scf op of the program, and one arith op.
    arith = [site for site in sites if site[1].startswith("arith.")]
    picked = [site for site in sites if site[1].startswith("scf.")]
    picked += rng.sample(arith, min(1, len(arith)))
    for i, op in picked:
        line = lines[i]
        # The op's signature is on its last line: the line itself without regions,
        # otherwise the line closing its regions.
        end = i
        if line.rstrip().endswith("({"):
            depth = 0
            for end in range(i, len(lines)):
                depth += lines[end].count("({") - lines[end].count("})")
                if depth == 0:
                    break
        sig = lines[end]
        arrow = sig.rfind("->")
        found = list(_SWAP_RE.finditer(sig[arrow:])) if arrow >= 0 else []
        if found:
            m = rng.choice(found)
            for swapped in _SWAP[m.group(1)]:
                tail = sig[arrow:]
                new = tail[: m.start()] + swapped + tail[m.end() :]
                out.append((op, "\n".join([*lines[:end], sig[:arrow] + new, *lines[end + 1 :]])))
        dropped_operand = _drop_last_operand(line) if end == i else None
        if dropped_operand is not None:
            out.append((op, "\n".join([*lines[:i], dropped_operand, *lines[i + 1 :]])))
        if "<{" in line:
            dropped = re.sub(r" <\{.*\}>", "", line, count=1)
            out.append((op, "\n".join([*lines[:i], dropped, *lines[i + 1 :]])))
        if end > i:
            # An op at the start of the first region (after its block's header).
            at = i + 2 if lines[i + 1].lstrip().startswith("^") else i + 1
            extra = " " * (len(lines[i]) - len(lines[i].lstrip()) + 2)
            extra += '%extra = "arith.constant"() <{value = 0 : index}> : () -> index'
            out.append((op, "\n".join([*lines[:at], extra, *lines[at:]])))
        if end > i and lines[i + 1].lstrip().startswith("^bb0("):
            block = lines[i + 1]
            found = list(_SWAP_RE.finditer(block))
            if found:
                m = rng.choice(found)
                new = block[: m.start()] + _SWAP[m.group(1)][0] + block[m.end() :]
                out.append((op, "\n".join([*lines[: i + 1], new, *lines[i + 2 :]])))
    return [(op, text + "\n") for op, text in out]


def _drop_last_operand(line: str) -> str | None:
    """An op of one line in generic form without its last operand (and its type)."""
    m = re.match(r'^(\s*(?:%[\w:#]+ = )?"[\w.]+"\()([^)]*)(\).*: \()([^)]*)(\) -> .*)$', line)
    if m is None or not m.group(2):
        return None
    operands = m.group(2).split(", ")[:-1]
    types = m.group(4).split(", ")[:-1]
    return m.group(1) + ", ".join(operands) + m.group(3) + ", ".join(types) + m.group(5)


# --- running both tools ------------------------------------------------------------------


def _first_errors(stderr: str, starts: list[int]) -> dict[int, str]:
    """The first error of each chunk of a split file, by chunk index."""
    out: dict[int, str] = {}
    for line in stderr.splitlines():
        parts = line.split(":", 4)
        if len(parts) == 5 and parts[3].strip() == "error" and parts[1].isdigit():
            chunk = bisect.bisect_right(starts, int(parts[1])) - 1
            out.setdefault(chunk, line)
    return out


def _run_both(
    out: Path, texts: list[str], flags: list[str]
) -> tuple[list[str | None], list[str | None], list[str | None], list[str | None]]:
    """Run a split file of `texts` through mlir-opt-22 and odsgen: the output and the
    first error of each chunk, mlir-opt's then odsgen's."""
    program = out / f"cases{len(texts)}{''.join(flags)}.mlir"
    program.write_text("// -----\n".join(texts), encoding="utf-8")
    starts, line = [], 1
    for text in texts:
        starts.append(line)
        line += text.count("\n") + 1
    run = ["--split-input-file", *flags, str(program)]
    expected = subprocess.run(["mlir-opt-22", *run], capture_output=True, text=True)
    got = subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", "--replace-builtin", *run],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(out / "mlirpy")),
        cwd=out,
    )
    assert "Traceback" not in got.stderr, got.stderr[-3000:]
    results = []
    for proc in (expected, got):
        errors = _first_errors(proc.stderr, starts)
        chunks = proc.stdout.split("// -----\n")
        outs: list[str | None] = [
            None if i in errors or i >= len(chunks) else chunks[i] for i in range(len(texts))
        ]
        results.append((outs, [errors.get(i) for i in range(len(texts))]))
    (want_out, want_err), (got_out, got_err) = results
    return want_out, want_err, got_out, got_err


def _ops_in(text: str) -> set[str]:
    return set(re.findall(r'"((?:arith|scf)\.[\w.]+)"', text))


@needs_mlir
@needs_mlir_opt
def test_imported_arith_and_scf_with_hooks_against_mlir_opt(imported: Path) -> None:
    """Every op of the imported arith and scf appears in generated programs that
    odsgen prints as mlir-opt-22 does in custom and generic form, and in invalid
    programs that get mlir-opt-22's first error; at least 95% of the cases of each
    dialect agree."""
    cases = generate_cases(SEED, per_op=3)
    texts = [text for _, text in cases]
    want_custom, want_err, got_custom, got_err = _run_both(imported, texts, [])
    want_generic, _, got_generic, _ = _run_both(imported, texts, ["--mlir-print-op-generic"])
    total: Counter[str] = Counter()
    agree: Counter[str] = Counter()
    seen: dict[str, set[str]] = {"valid": set(), "invalid": set()}
    rng = random.Random(SEED)
    invalid: list[tuple[str, str, str]] = []
    for i, (dialect, _) in enumerate(cases):
        if want_err[i] is not None:
            # The generator's programs are meant to be valid: one mlir-opt rejects is
            # still a case, of the invalid kind.
            total[f"{dialect} invalid"] += 1
            agree[f"{dialect} invalid"] += got_err[i] == want_err[i]
            continue
        total[f"{dialect} valid"] += 1
        generic = want_generic[i]
        same = (
            got_err[i] is None
            and got_custom[i] == want_custom[i]
            and generic is not None
            and got_generic[i] == generic
        )
        agree[f"{dialect} valid"] += same
        if same and generic is not None:
            seen["valid"] |= _ops_in(generic)
        if generic is not None:
            invalid += [(dialect, op, text) for op, text in mutations(generic, rng)]
    texts = [text for _, _, text in invalid]
    _want_out, want_err, _got_out, got_err = _run_both(imported, texts, [])
    for i, (_, op, _) in enumerate(invalid):
        if want_err[i] is None:
            continue
        # An invalid program counts for the dialect of the op made invalid.
        dialect = op.split(".")[0]
        total[f"{dialect} invalid"] += 1
        if got_err[i] == want_err[i]:
            agree[f"{dialect} invalid"] += 1
            seen["invalid"].add(op)
    print(
        "cases:",
        dict(total),
        "agree:",
        dict(agree),
        "percent:",
        {k: round(100 * agree[k] / total[k], 1) for k in sorted(total)},
    )
    arith = {f"arith.{op}" for op in ARITH_OPS}
    scf_ops = {f"scf.{name}" for name in SCF_GENERATORS}
    scf_ops |= {"scf.yield", "scf.condition", "scf.reduce", "scf.reduce.return"}
    scf_ops |= {"scf.forall.in_parallel"}
    for kind in ("valid", "invalid"):
        assert arith - seen[kind] == set(), kind
        assert scf_ops - seen[kind] == set(), kind
    for key in total:
        assert agree[key] >= 0.95 * total[key], (key, agree[key], total[key])
