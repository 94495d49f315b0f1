"""Random programs of `func`, `arith` and `cf` in custom form, against mlir-opt-22.

Each case is a module of a few random functions: typed arguments, several blocks
joined by `cf.br`, `cf.cond_br` (sometimes with weights) and `cf.switch`, bodies of
random `arith` ops (every binary op with its overflow, exact and fast-math flags,
comparisons with every predicate, casts, `select`, the extended ops, constants of
many types), `cf.assert`, and calls through `func.call`, `func.constant` and
`func.call_indirect`, with argument, result and function attributes. mlir-opt-22
prints each case in custom form; odsgen must print the case exactly so, read that
output and print it back identically, and print the same generic form as mlir-opt. Cases come from a
fixed seed, so a failure always reproduces.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from generator.cli import main

MLIR_OPT = shutil.which("mlir-opt-22")
pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261124
CASES = 160
BATCHES = 8

INTS = ["i1", "i8", "i16", "i32", "i64", "index"]
FLOATS = ["f16", "bf16", "f32", "f64"]
VECTORS = ["vector<4xi32>", "vector<2xf32>", "vector<[4]xi8>"]
INT_BINARY = [
    "addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi", "floordivsi",
    "remui", "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi",
    "maxsi", "maxui", "minsi", "minui",
]  # fmt: skip
OVERFLOW = {"addi", "subi", "muli", "shli"}
EXACT = {"divui", "divsi", "shrui", "shrsi"}
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "maxnumf", "minimumf"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge"]
CMPF += ["ult", "ule", "une", "uno", "true"]
FASTMATH = ["fast", "nnan", "nnan,ninf", "reassoc,contract", "afn", "none"]
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
FLOAT_WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


@dataclass
class _Fn:
    """The values a function body can use, by type, as it is written."""

    rng: random.Random
    lines: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)
    count: int = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def add(self, type_: str, name: str) -> None:
        self.values.setdefault(type_, []).append(name)

    def pick(self, type_: str) -> str:
        options = self.values.get(type_)
        if not options:
            name = self.fresh()
            self.lines.append(f"  {name} = {_constant(self.rng, type_)}")
            self.add(type_, name)
            return name
        return self.rng.choice(options)


def _constant(rng: random.Random, type_: str) -> str:
    if type_ == "i1":
        return f"arith.constant {rng.choice(['true', 'false'])}"
    if type_ in WIDTH:
        bits = WIDTH[type_]
        value = rng.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        return f"arith.constant {rng.choice([0, 1, -1, 42, value])} : {type_}"
    if type_ == "index":
        return f"arith.constant {rng.choice([0, 1, 7, 100])} : index"
    if type_ in FLOATS:
        return f"arith.constant {rng.choice(['0.0', '1.5', '-2.25', '1.0e+10'])} : {type_}"
    if type_.startswith("vector<[") or type_.startswith("vector<4xi"):
        return f"arith.constant dense<{rng.randint(-3, 3)}> : {type_}"
    return f"arith.constant dense<{rng.choice(['0.5', '1.0'])}> : {type_}"


def _int_op(fn: _Fn, type_: str) -> None:
    rng = fn.rng
    op = rng.choice(INT_BINARY)
    flags = ""
    if op in OVERFLOW and rng.random() < 0.5:
        flags = " overflow<" + rng.choice(["nsw", "nuw", "nsw, nuw"]) + ">"
    if op in EXACT and rng.random() < 0.4:
        flags = " exact"
    name = fn.fresh()
    fn.lines.append(f"  {name} = arith.{op} {fn.pick(type_)}, {fn.pick(type_)}{flags} : {type_}")
    fn.add(type_, name)


def _float_op(fn: _Fn, type_: str) -> None:
    rng = fn.rng
    name = fn.fresh()
    flags = f" fastmath<{rng.choice(FASTMATH)}>" if rng.random() < 0.5 else ""
    if rng.random() < 0.2:
        fn.lines.append(f"  {name} = arith.negf {fn.pick(type_)}{flags} : {type_}")
    else:
        op = rng.choice(FLOAT_BINARY)
        a, b = fn.pick(type_), fn.pick(type_)
        fn.lines.append(f"  {name} = arith.{op} {a}, {b}{flags} : {type_}")
    fn.add(type_, name)


def _compare(fn: _Fn, type_: str) -> None:
    rng = fn.rng
    name = fn.fresh()
    a, b = fn.pick(type_), fn.pick(type_)
    if type_ in FLOATS:
        flags = " fastmath<fast>" if rng.random() < 0.2 else ""
        fn.lines.append(f"  {name} = arith.cmpf {rng.choice(CMPF)}, {a}, {b}{flags} : {type_}")
    else:
        fn.lines.append(f"  {name} = arith.cmpi {rng.choice(CMPI)}, {a}, {b} : {type_}")
    fn.add("i1", name)
    if rng.random() < 0.5:
        chosen = fn.fresh()
        fn.lines.append(f"  {chosen} = arith.select {name}, {a}, {b} : {type_}")
        fn.add(type_, chosen)


def _cast(fn: _Fn) -> None:
    rng = fn.rng
    name = fn.fresh()
    kind = rng.choice(["ext", "trunc", "float", "index", "tofp", "fromfp", "bitcast"])
    ints = ["i8", "i16", "i32", "i64"]
    if kind in ("ext", "trunc"):
        a, b = sorted(rng.sample(ints, 2), key=lambda t: WIDTH[t])
        src, dst = (a, b) if kind == "ext" else (b, a)
        op = rng.choice(["extsi", "extui"]) if kind == "ext" else "trunci"
        fn.lines.append(f"  {name} = arith.{op} {fn.pick(src)} : {src} to {dst}")
    elif kind == "float":
        src, dst = rng.choice([("f16", "f32"), ("f32", "f64"), ("bf16", "f32")])
        if rng.random() < 0.5:
            fn.lines.append(f"  {name} = arith.extf {fn.pick(src)} : {src} to {dst}")
        else:
            src, dst = dst, src
            mode = rng.choice(["", " to_nearest_even", " downward", " upward", " toward_zero"])
            fn.lines.append(f"  {name} = arith.truncf {fn.pick(src)}{mode} : {src} to {dst}")
    elif kind == "index":
        src, dst = rng.choice([("index", "i32"), ("i64", "index")])
        op = rng.choice(["index_cast", "index_castui"])
        fn.lines.append(f"  {name} = arith.{op} {fn.pick(src)} : {src} to {dst}")
    elif kind == "tofp":
        src, dst = rng.choice(ints), rng.choice(FLOATS)
        op = rng.choice(["sitofp", "uitofp"])
        fn.lines.append(f"  {name} = arith.{op} {fn.pick(src)} : {src} to {dst}")
    elif kind == "fromfp":
        src, dst = rng.choice(FLOATS), rng.choice(ints)
        op = rng.choice(["fptosi", "fptoui"])
        fn.lines.append(f"  {name} = arith.{op} {fn.pick(src)} : {src} to {dst}")
    else:
        src, dst = rng.choice([("i32", "f32"), ("f64", "i64"), ("f16", "i16")])
        fn.lines.append(f"  {name} = arith.bitcast {fn.pick(src)} : {src} to {dst}")
    fn.add(dst, name)


def _extended(fn: _Fn) -> None:
    rng = fn.rng
    type_ = rng.choice(["i32", "i64", "vector<4xi32>"])
    name = fn.fresh()
    if rng.random() < 0.5:
        bool_type = "i1" if type_ != "vector<4xi32>" else "vector<4xi1>"
        line = f"arith.addui_extended {fn.pick(type_)}, {fn.pick(type_)} : {type_}, {bool_type}"
    else:
        op = rng.choice(["mulsi_extended", "mului_extended"])
        line = f"arith.{op} {fn.pick(type_)}, {fn.pick(type_)} : {type_}"
    fn.lines.append(f"  {name}:2 = {line}")
    fn.add(type_, f"{name}#0")


def _body(fn: _Fn, ops: int) -> None:
    rng = fn.rng
    for _ in range(ops):
        r = rng.random()
        if r < 0.3:
            _int_op(fn, rng.choice(["i8", "i32", "i64", "index", "vector<4xi32>"]))
        elif r < 0.5:
            _float_op(fn, rng.choice([*FLOATS, "vector<2xf32>"]))
        elif r < 0.65:
            _compare(fn, rng.choice(["i32", "i64", "f32", "index"]))
        elif r < 0.8:
            _cast(fn)
        elif r < 0.87:
            _extended(fn)
        elif r < 0.93:
            name = fn.fresh()
            fn.lines.append(f"  {name} = {_constant(rng, rng.choice(INTS + FLOATS + VECTORS))}")
        else:
            fn.lines.append(f'  cf.assert {fn.pick("i1")}, "check {rng.randint(0, 99)}"')


def _function(rng: random.Random, index: int, callees: list[tuple[str, list[str], str]]) -> str:
    """One function of several blocks; returns its text."""
    arg_types = [rng.choice(["i32", "i64", "f32", "i1", "index"]) for _ in range(rng.randint(0, 3))]
    result = rng.choice(["i32", "f32", "i64"])
    fn = _Fn(rng)
    args = []
    for i, t in enumerate(arg_types):
        attr = " {test.arg}" if rng.random() < 0.2 else ""
        args.append(f"%a{i}: {t}{attr}")
        fn.add(t, f"%a{i}")
    res_attr = " {test.res = 1 : i32}" if rng.random() < 0.2 else ""
    fn_attrs = " attributes {test.fn}" if rng.random() < 0.2 else ""
    head = f"func.func @f{index}({', '.join(args)}) -> ({result}{res_attr}){fn_attrs} {{"
    if not res_attr:
        head = f"func.func @f{index}({', '.join(args)}) -> {result}{fn_attrs} {{"
    blocks = rng.randint(1, 4)
    text = [head]
    outer = dict(fn.values)
    for b in range(blocks):
        fn.values = {t: list(v) for t, v in outer.items()}
        if b > 0:
            text.append(f"^bb{b}(%b{b}: {result}):")
            fn.add(result, f"%b{b}")
        fn.lines = []
        _body(fn, rng.randint(1, 8))
        if callees and rng.random() < 0.3:
            name, params, ret = rng.choice(callees)
            call_args = ", ".join(fn.pick(t) for t in params)
            value = fn.fresh()
            if rng.random() < 0.5:
                fn.lines.append(
                    f"  {value} = func.call @{name}({call_args}) : ({', '.join(params)}) -> {ret}"
                )
            else:
                ref = fn.fresh()
                sig = f"({', '.join(params)}) -> {ret}"
                fn.lines.append(f"  {ref} = func.constant @{name} : {sig}")
                fn.lines.append(f"  {value} = func.call_indirect {ref}({call_args}) : {sig}")
            fn.add(ret, value)
        later = list(range(b + 1, blocks))
        if not later:
            fn.lines.append(f"  return {fn.pick(result)} : {result}")
        else:
            kind = rng.random()
            target = rng.choice(later)
            if kind < 0.4:
                fn.lines.append(f"  cf.br ^bb{target}({fn.pick(result)} : {result})")
            elif kind < 0.75:
                other = rng.choice(later)
                weights = (
                    f" weights([{rng.randint(0, 9)}, {rng.randint(0, 9)}])"
                    if rng.random() < 0.3
                    else ""
                )
                fn.lines.append(
                    f"  cf.cond_br {fn.pick('i1')}{weights}, ^bb{target}({fn.pick(result)} : {result}), "
                    f"^bb{other}({fn.pick(result)} : {result})"
                )
            else:
                flag_type = rng.choice(["i32", "i64", "i8"])
                cases = [
                    f"    {v}: ^bb{rng.choice(later)}({fn.pick(result)} : {result})"
                    for v in rng.sample(range(-5, 20), rng.randint(0, 3))
                ]
                default = f"    default: ^bb{target}({fn.pick(result)} : {result})"
                fn.lines.append(f"  cf.switch {fn.pick(flag_type)} : {flag_type}, [")
                fn.lines.append(",\n".join([default, *cases]))
                fn.lines.append("  ]")
        text.extend(fn.lines)
    text.append("}")
    callees.append((f"f{index}", arg_types, result))
    return "\n".join(text)


def _program(seed: int) -> str:
    rng = random.Random(seed)
    callees: list[tuple[str, list[str], str]] = []
    parts = []
    if rng.random() < 0.3:
        parts.append("func.func private @decl(i32, f32) -> (i32, f32)")
    parts.extend(_function(rng, i, callees) for i in range(rng.randint(1, 3)))
    body = "\n".join(parts)
    if rng.random() < 0.3:
        indented = "\n".join("  " + line for line in body.splitlines())
        return f"module @m attributes {{test.mod}} {{\n{indented}\n}}\n"
    return body + "\n"


def _oracle(text: str, generic: bool) -> str | None:
    assert MLIR_OPT is not None
    args = [MLIR_OPT, "-"] + (["--mlir-print-op-generic"] if generic else [])
    proc = subprocess.run(args, input=text.encode("utf-8"), capture_output=True, check=False)
    return proc.stdout.decode("utf-8") if proc.returncode == 0 else None


@cache
def _cases() -> tuple[tuple[int, str, str | None, str | None], ...]:
    """(seed, program, mlir-opt custom output, mlir-opt generic output) for every case."""
    seeds = [SEED + i for i in range(CASES)]
    programs = [_program(seed) for seed in seeds]

    def run(program: str) -> tuple[str | None, str | None]:
        custom = _oracle(program, generic=False)
        return custom, (_oracle(custom, generic=True) if custom is not None else None)

    with ThreadPoolExecutor(max_workers=4) as pool:
        outputs = list(pool.map(run, programs))
    return tuple((s, p, c, g) for s, p, (c, g) in zip(seeds, programs, outputs, strict=True))


def _odsgen(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], generic: bool) -> str:
    source = tmp_path / "case.mlir"
    source.write_text(text, encoding="utf-8")
    capsys.readouterr()
    code = main(["opt", str(source), *(["--print-generic"] if generic else [])])
    out, err = capsys.readouterr()
    return out if code == 0 else f"<rejected>\n{err}"


def test_the_oracle_accepts_the_programs() -> None:
    """The generator writes valid programs: mlir-opt-22 accepts at least 95% of them."""
    accepted = sum(1 for _, _, custom, _ in _cases() if custom is not None)
    assert accepted >= 0.95 * CASES, f"mlir-opt-22 accepts only {accepted} of {CASES}"


@pytest.mark.parametrize("batch", range(BATCHES))
def test_odsgen_prints_what_mlir_opt_prints(
    batch: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """odsgen prints each program as mlir-opt does, and reads that output back to the same
    text and to the same generic form."""
    mismatches = []
    for seed, program, custom, generic in _cases()[batch::BATCHES]:
        if custom is None or generic is None:
            continue
        ours = _odsgen(program, tmp_path, capsys, generic=False)
        if ours != custom:
            mismatches.append(f"seed {seed} (program):\n--- mlir-opt\n{custom}--- odsgen\n{ours}")
            continue
        ours = _odsgen(custom, tmp_path, capsys, generic=False)
        if ours != custom:
            mismatches.append(f"seed {seed} (custom):\n--- mlir-opt\n{custom}--- odsgen\n{ours}")
            continue
        ours_generic = _odsgen(custom, tmp_path, capsys, generic=True)
        if ours_generic != generic:
            mismatches.append(
                f"seed {seed} (generic):\n--- mlir-opt\n{generic}--- odsgen\n{ours_generic}"
            )
    assert not mismatches, f"{len(mismatches)} mismatches; first:\n{mismatches[0]}"
