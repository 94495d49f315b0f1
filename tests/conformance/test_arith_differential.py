"""Random generic-form `arith` programs, valid and invalid, against mlir-opt-22.

Each case is a small module: some values from an unregistered `foo.src` op, then
one `arith` op, written in the generic form and often broken on purpose (wrong
operand or result types, mismatched types, bad predicates, missing, misspelled
or wrongly typed properties, inherent attributes in the attribute dictionary,
wrong operand or result counts). `odsgen opt` must accept exactly the cases
`mlir-opt-22` accepts, print the accepted ones identically, and give the same
first error message for at least 90% of the rejected ones. Cases come from a
fixed seed, so a failure always reproduces.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from generator.cli import main

MLIR_OPT = shutil.which("mlir-opt-22")
pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261121
CASES = 400

INTS = ["i1", "i8", "i16", "i32", "i64"]
FLOATS = ["f16", "bf16", "f32", "f64"]
INT_LIKE = [*INTS, "index", "vector<4xi32>", "tensor<4xi64>", "tensor<?xi8>"]
FLOAT_LIKE = [*FLOATS, "vector<4xf32>", "tensor<?xf16>"]
OTHER = ["si32", "ui8", "none", "complex<f32>", "memref<4xi32>", "tensor<*xi32>"]

INT_BINARY = [
    "addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi", "floordivsi",
    "remui", "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi",
    "maxsi", "maxui", "minsi", "minui",
]  # fmt: skip
OVERFLOW = {"addi", "subi", "muli", "shli"}
EXACT = {"divui", "divsi", "shrui", "shrsi"}
FLOAT_BINARY = [
    "addf",
    "subf",
    "mulf",
    "divf",
    "remf",
    "maximumf",
    "maxnumf",
    "minimumf",
    "minnumf",
]
CASTS = {
    "extui": (INTS, INTS),
    "extsi": (INTS, INTS),
    "trunci": (INTS, INTS),
    "extf": (FLOATS, FLOATS),
    "truncf": (FLOATS, FLOATS),
    "uitofp": (INTS, FLOATS),
    "sitofp": (INTS, FLOATS),
    "fptoui": (FLOATS, INTS),
    "fptosi": (FLOATS, INTS),
    "index_cast": ([*INTS, "index"], [*INTS, "index"]),
    "index_castui": ([*INTS, "index"], [*INTS, "index"]),
    "bitcast": ([*INTS, *FLOATS], [*INTS, *FLOATS]),
}
FLAGS = ["none", "nsw", "nuw", "nsw, nuw", "nuw,nsw"]
FASTMATH = ["none", "fast", "nnan", "nnan,ninf", "reassoc,contract", "afn"]


@dataclass
class Case:
    """One generated program."""

    name: str
    text: str


class _Gen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.srcs: list[str] = []

    def pick(self, items: list[str]) -> str:
        return self.rng.choice(items)

    def value(self, ty: str) -> str:
        name = f"%v{len(self.srcs)}"
        self.srcs.append(f'{name} = "foo.src"() : () -> {ty}')
        return name

    def wrong(self, good: list[str]) -> str:
        return self.pick([t for t in INT_LIKE + FLOAT_LIKE + OTHER if t not in good])

    def op(
        self,
        name: str,
        operands: list[tuple[str, str]],
        results: list[str],
        props: str = "",
        attrs: str = "",
    ) -> str:
        uses = ", ".join(v for v, _ in operands)
        ins = ", ".join(t for _, t in operands)
        outs = ", ".join(results)
        lhs = ""
        if len(results) == 1:
            lhs = "%r = "
        elif results:
            lhs = f"%r:{len(results)} = "
        out_text = outs if len(results) == 1 else f"({outs})"
        return f'{lhs}"arith.{name}"({uses}){props}{attrs} : ({ins}) -> {out_text}'


def _props(entries: list[str]) -> str:
    return f" <{{{', '.join(entries)}}}>" if entries else ""


def _binary(g: _Gen, names: list[str], good: list[str], flavor: str) -> str:
    name = g.pick(names)
    ty = g.pick(good)
    lhs_t = rhs_t = res_t = ty
    props: list[str] = []
    attrs = ""
    if name in OVERFLOW:
        props.append(f"overflowFlags = #arith.overflow<{g.pick(FLAGS)}>")
    if name in EXACT and g.rng.random() < 0.4:
        props.append("isExact")
    if flavor == "float" and g.rng.random() < 0.6:
        props.append(f"fastmath = #arith.fastmath<{g.pick(FASTMATH)}>")
    mutation = g.pick(
        ["valid", "valid", "operand", "mismatch", "result", "count", "props", "dict", "results"]
    )
    operands = 2
    results = 1
    if mutation == "operand":
        lhs_t = rhs_t = res_t = g.wrong(good)
    elif mutation == "mismatch":
        rhs_t = g.pick([t for t in good if t != ty])
    elif mutation == "result":
        res_t = g.pick([t for t in good + OTHER if t != ty])
    elif mutation == "count":
        operands = g.rng.choice([1, 3])
    elif mutation == "results":
        results = g.rng.choice([0, 2])
    elif mutation == "props":
        props = [
            g.pick(
                [
                    "overflowFlags = 1 : i32",
                    "fastmath = #arith.overflow<nsw>",
                    "overflowFlags = #arith.fastmath<fast>",
                    "isExact = 1 : i64",
                    "unknownKey = 3 : i64",
                    'fastmath = "fast"',
                ]
            )
        ]
    elif mutation == "dict":
        attrs = (
            " {"
            + g.pick(
                [
                    "fastmath = #arith.fastmath<fast>",
                    "overflowFlags = #arith.overflow<nsw>",
                    "fastmath = 1 : i64",
                    "isExact",
                    "other = 1 : i32",
                ]
            )
            + "}"
        )
    values = [(g.value(lhs_t), lhs_t), (g.value(rhs_t), rhs_t), (g.value(ty), ty)][:operands]
    return g.op(name, values, [res_t] * results, _props(props), attrs)


def _compare(g: _Gen) -> str:
    integer = g.rng.random() < 0.5
    good = INT_LIKE if integer else FLOAT_LIKE
    name = "cmpi" if integer else "cmpf"
    ty = g.pick(good)
    res = "i1"
    if ty.startswith("vector"):
        res = "vector<4xi1>"
    elif ty.startswith("tensor<4"):
        res = "tensor<4xi1>"
    elif ty.startswith("tensor<?"):
        res = "tensor<?xi1>"
    top = 10 if integer else 16
    pred = f"predicate = {g.rng.randrange(top)} : i64"
    mutation = g.pick(["valid", "valid", "pred", "pred", "missing", "result", "operand", "dict"])
    props = [pred]
    attrs = ""
    lhs_t = rhs_t = ty
    if mutation == "pred":
        props = [
            g.pick(
                [
                    f"predicate = {top + 3} : i64",
                    "predicate = 1 : i32",
                    'predicate = "eq"',
                    "predicate = -1 : i64",
                ]
            )
        ]
    elif mutation == "missing":
        props = []
    elif mutation == "result":
        res = g.pick(["i32", "i1", "vector<4xi1>", "tensor<4xi1>", "f32"])
    elif mutation == "operand":
        lhs_t = rhs_t = g.wrong(good)
    elif mutation == "dict":
        props = []
        attrs = " {" + g.pick([pred, "predicate = 99 : i64", "predicate = 1 : i32"]) + "}"
    if not integer and mutation == "valid" and g.rng.random() < 0.5:
        props.append(f"fastmath = #arith.fastmath<{g.pick(FASTMATH)}>")
    values = [(g.value(lhs_t), lhs_t), (g.value(rhs_t), rhs_t)]
    return g.op(name, values, [res], _props(props), attrs)


def _cast(g: _Gen) -> str:
    name = g.pick(list(CASTS))
    ins, outs = CASTS[name]
    src = g.pick(ins)
    dst = g.pick(outs)
    if g.rng.random() < 0.3:
        src = f"vector<4x{src}>"
        dst = f"vector<4x{dst}>" if g.rng.random() < 0.8 else dst
    if g.rng.random() < 0.15:
        src = g.wrong(ins)
    props = ""
    if name in ("truncf",) and g.rng.random() < 0.3:
        props = _props(
            [g.pick(["roundingmode = 1 : i32", "roundingmode = 9 : i32", "roundingmode = 1 : i64"])]
        )
    return g.op(name, [(g.value(src), src)], [dst], props)


def _constant(g: _Gen) -> str:
    ty = g.pick(["i32", "i1", "i64", "index", "f32", "f64", "vector<4xi32>", "tensor<2xf32>"])
    value = {
        "i32": "7 : i32",
        "i1": "true",
        "i64": "-3 : i64",
        "index": "4 : index",
        "f32": "1.500000e+00 : f32",
        "f64": "2.000000e+00 : f64",
        "vector<4xi32>": "dense<1> : vector<4xi32>",
        "tensor<2xf32>": "dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>",
    }[ty]
    mutation = g.pick(["valid", "valid", "type", "missing", "kind", "dict"])
    props = [f"value = {value}"]
    attrs = ""
    res = ty
    if mutation == "type":
        res = g.pick([t for t in ["i32", "i64", "f32", "index", "tensor<2xf32>"] if t != ty])
    elif mutation == "missing":
        props = []
    elif mutation == "kind":
        props = [g.pick(['value = "str"', "value = unit", "value = [1, 2]", "value = @sym"])]
    elif mutation == "dict":
        props = []
        attrs = f" {{value = {value}}}"
    return g.op("constant", [], [res], _props(props), attrs)


def _select(g: _Gen) -> str:
    ty = g.pick(INT_LIKE + FLOAT_LIKE)
    cond = "i1"
    mutation = g.pick(["valid", "cond", "mismatch", "result"])
    a = b = r = ty
    if mutation == "cond":
        # Not a tensor of i1 with scalar values: mlir-opt-22 crashes on that.
        cond = g.pick(["i32", "vector<4xi1>", "f32", "i64"])
    elif mutation == "mismatch":
        b = g.pick([t for t in INT_LIKE if t != ty])
    elif mutation == "result":
        r = g.pick([t for t in INT_LIKE if t != ty])
    values = [(g.value(cond), cond), (g.value(a), a), (g.value(b), b)]
    return g.op("select", values, [r])


def _extended(g: _Gen) -> str:
    name = g.pick(["addui_extended", "mulsi_extended", "mului_extended"])
    ty = g.pick(INT_LIKE)
    second = (
        ty
        if name != "addui_extended"
        else (
            "i1"
            if not ty.startswith(("vector", "tensor"))
            else ty.replace(ty.split("x")[-1][:-1], "i1")
        )
    )
    mutation = g.pick(["valid", "valid", "operand", "results"])
    results = [ty, second]
    if mutation == "operand":
        ty = g.wrong(INT_LIKE)
    elif mutation == "results":
        results = [ty]
    values = [(g.value(ty), ty), (g.value(ty), ty)]
    return g.op(name, values, results)


def _unary(g: _Gen) -> str:
    ty = g.pick(FLOAT_LIKE)
    res = ty
    if g.rng.random() < 0.3:
        res = g.pick(INT_LIKE + FLOAT_LIKE)
    return g.op("negf", [(g.value(ty), ty)], [res])


_KINDS: list[tuple[Callable[[_Gen], str], int]] = [
    (lambda g: _binary(g, INT_BINARY, INT_LIKE, "int"), 5),
    (lambda g: _binary(g, FLOAT_BINARY, FLOAT_LIKE, "float"), 4),
    (_compare, 4),
    (_cast, 3),
    (_constant, 3),
    (_select, 2),
    (_extended, 1),
    (_unary, 1),
]


@cache
def cases() -> list[Case]:
    """The generated programs (deterministic for `SEED`)."""
    rng = random.Random(SEED)
    kinds = [k for k, w in _KINDS for _ in range(w)]
    out = []
    for i in range(CASES):
        g = _Gen(rng)
        line = rng.choice(kinds)(g)
        text = "\n".join([*g.srcs, line]) + "\n"
        out.append(Case(f"case{i:03d}", text))
    return out


@dataclass
class Outcome:
    """What a tool did with a case: its output, or its first error message."""

    ok: bool
    output: str
    error: str


def _mlir(case: Case) -> Outcome:
    assert MLIR_OPT is not None
    result = subprocess.run(
        [MLIR_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-"],
        input=case.text,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 0:
        return Outcome(True, result.stdout, "")
    return Outcome(False, "", _first_error(result.stderr))


def _first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if ": error: " in line:
            return line.split(": error: ", 1)[1]
    return stderr.strip()


def _ours(case: Case, tmp: Path) -> Outcome:
    """Run `odsgen opt --allow-unregistered-dialect --print-generic` on the case, in process."""
    path = tmp / f"{case.name}.mlir"
    path.write_text(case.text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["opt", str(path), "--allow-unregistered-dialect", "--print-generic"])
    if code == 0:
        return Outcome(True, out.getvalue(), "")
    return Outcome(False, "", _first_error(err.getvalue()))


@cache
def _results() -> list[tuple[Case, Outcome, Outcome]]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        theirs = list(pool.map(_mlir, cases()))
    with tempfile.TemporaryDirectory() as tmp:
        return [(c, t, _ours(c, Path(tmp))) for c, t in zip(cases(), theirs, strict=True)]


def test_the_cases_cover_both_outcomes() -> None:
    """The generator makes both valid and invalid programs, in useful numbers."""
    accepted = sum(1 for _, t, _ in _results() if t.ok)
    assert 0.2 * CASES < accepted < 0.8 * CASES


def test_odsgen_accepts_exactly_what_mlir_opt_accepts() -> None:
    """Every case is accepted by both tools or rejected by both."""
    differ = [
        f"{c.name}: mlir-opt {'accepts' if t.ok else 'rejects: ' + t.error}; "
        f"odsgen {'accepts' if o.ok else 'rejects: ' + o.error}\n{c.text}"
        for c, t, o in _results()
        if t.ok != o.ok
    ]
    assert not differ, f"{len(differ)} disagreements:\n" + "\n".join(differ[:10])


def test_accepted_programs_print_identically() -> None:
    """Each accepted case prints in generic form exactly as mlir-opt-22 prints it."""
    differ = [
        f"{c.name}:\n{c.text}" for c, t, o in _results() if t.ok and o.ok and t.output != o.output
    ]
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:5])


def test_first_error_messages_match() -> None:
    """At least 90% of the rejected cases fail with mlir-opt-22's first error message."""
    rejected = [(c, t, o) for c, t, o in _results() if not t.ok and not o.ok]
    same = [1 for _, t, o in rejected if t.error == o.error]
    mismatches = [
        f"{c.name}: mlir-opt: {t.error}\n   odsgen: {o.error}"
        for c, t, o in rejected
        if t.error != o.error
    ]
    assert rejected
    assert len(same) >= 0.9 * len(rejected), f"{len(same)}/{len(rejected)} same:\n" + "\n".join(
        mismatches[:20]
    )
