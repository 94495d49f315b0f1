"""Random `complex` programs through `--canonicalize`, against mlir-opt-22.

Programs are functions over complex numbers of `f16`, `bf16`, `f32` and `f64`:
arguments, numbers built by `complex.create` from float arguments and
`arith.constant`s, and `complex.constant`s (zeros of both signs, ones, other
ordinary values, NaNs), on which every `complex` op is applied. Most ops come in
the shapes MLIR's folders and patterns look for: a part of a number just built
or of a constant, a number rebuilt from its parts, negation, conjugation and
`exp`/`log` twice, an addition undone by a subtraction, additions and
subtractions of zero, multiplications and divisions by one (and by values that
are almost one), a part of a negated number just built, and chains of
`complex.bitcast` and `arith.bitcast` through integers and floats, to the same
type and to another. Every value an op makes is returned, so only folding and
the canonicalization patterns change the program.

`odsgen opt --canonicalize` must print each program exactly as `mlir-opt-22
--canonicalize` does, for at least 95% of the programs; the figures are printed
(run with `-s`). Programs come from a fixed seed, so a failure always
reproduces.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import subprocess
import tempfile
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

SEED = 20260311
PROGRAMS = 150
MIN_IDENTICAL = 0.95

FLOATS = ["f16", "bf16", "f32", "f64"]
WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
#: Float types as wide as a complex number of each element type, for bitcasts.
WIDE_FLOAT = {"f16": "f32", "bf16": "f32", "f32": "f64", "f64": "f128"}
PART_VALUES = [
    "0.000000e+00", "-0.000000e+00", "1.000000e+00", "-1.000000e+00", "2.500000e+00",
    "5.000000e-01", "3.000000e+00", "1.000000e-01", "1.000000e+00", "0.000000e+00",
]  # fmt: skip
NAN = {"f16": "0x7E00", "bf16": "0x7FC0", "f32": "0x7FC00000", "f64": "0x7FF8000000000000"}
BINARY = ["add", "sub", "mul", "div", "pow", "atan2"]
UNARY = [
    "neg", "conj", "exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "sign", "sin",
    "cos", "tan", "tanh",
]  # fmt: skip
PARTS = ["re", "im", "abs", "angle"]
FLAGS = ["", "", "", " fastmath<fast>", " fastmath<nnan>"]
#: Functions applied twice: pairs that fold away, and pairs that do not.
INVERSE_PAIRS = [
    ("neg", "neg"), ("conj", "conj"), ("exp", "log"), ("log", "exp"), ("neg", "conj"),
    ("exp", "exp"), ("sqrt", "neg"),
]  # fmt: skip


@dataclass
class _Program:
    rng: random.Random
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    results: list[tuple[str, str]] = field(default_factory=list)
    by_type: dict[str, list[str]] = field(default_factory=dict)
    count: int = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def argument(self, ty: str) -> str:
        name = f"%arg{len(self.args)}"
        self.args.append((name, ty))
        self.by_type.setdefault(ty, []).append(name)
        return name

    def define(self, text: str, ty: str, *, result: bool = True) -> str:
        name = self.fresh()
        self.lines.append(f"{name} = {text}")
        self.by_type.setdefault(ty, []).append(name)
        if result:
            self.results.append((name, ty))
        return name

    def part(self, element: str) -> str:
        """A float value: an argument, an earlier one, or an `arith.constant`."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            literal = rng.choice(PART_VALUES) if rng.random() < 0.9 else NAN[element]
            return self.define(f"arith.constant {literal} : {element}", element, result=False)
        have = self.by_type.get(element, [])
        if have and roll < 0.7:
            return rng.choice(have)
        return self.argument(element)

    def constant(self, ty: str, parts: tuple[str, str] | None = None) -> str:
        element = ty[len("complex<") : -1]
        rng = self.rng
        if parts is None:
            parts = (rng.choice(PART_VALUES), rng.choice(PART_VALUES))
            if rng.random() < 0.1:
                parts = (NAN[element], parts[1])
        re, im = parts
        text = f"complex.constant [{re} : {element}, {im} : {element}] : {ty}"
        return self.define(text, ty, result=False)

    def number(self, ty: str) -> str:
        """A complex value: an argument, an earlier one, a create or a constant."""
        rng = self.rng
        element = ty[len("complex<") : -1]
        roll = rng.random()
        if roll < 0.3:
            return self.define(
                f"complex.create {self.part(element)}, {self.part(element)} : {ty}", ty
            )
        if roll < 0.5:
            return self.constant(ty)
        have = self.by_type.get(ty, [])
        if have and roll < 0.8:
            return rng.choice(have)
        return self.argument(ty)

    def text(self, name: str) -> str:
        params = ", ".join(f"{n}: {t}" for n, t in self.args)
        types = ", ".join(t for _, t in self.results)
        names = ", ".join(n for n, _ in self.results)
        body = "".join(f"  {line}\n" for line in self.lines)
        ret = f"  return {names} : {types}\n" if self.results else "  return\n"
        arrow = f" -> ({types})" if self.results else ""
        return f"func.func @{name}({params}){arrow} {{\n{body}{ret}}}\n"


def _motif(p: _Program) -> None:
    """One use of the ops, in a shape the folders or patterns may simplify."""
    rng = p.rng
    element = rng.choice(FLOATS)
    ty = f"complex<{element}>"
    flags = rng.choice(FLAGS)
    kind = rng.randrange(12)
    if kind == 0:
        # A part of a number just built, of a constant, or of anything.
        z = p.number(ty)
        op = rng.choice(PARTS)
        p.define(f"complex.{op} {z}{flags} : {ty}", element)
    elif kind == 1:
        # A number rebuilt from its parts (of one number, or of two).
        z = p.number(ty)
        w = z if rng.random() < 0.7 else p.number(ty)
        re = p.define(f"complex.re {z} : {ty}", element)
        im = p.define(f"complex.im {w} : {ty}", element)
        p.define(f"complex.create {re}, {im} : {ty}", ty)
    elif kind == 2:
        # The same function twice, or a function and its inverse.
        first, second = rng.choice(INVERSE_PAIRS)
        z = p.number(ty)
        inner = p.define(f"complex.{first} {z}{flags} : {ty}", ty)
        p.define(f"complex.{second} {inner}{rng.choice(FLAGS)} : {ty}", ty)
    elif kind == 3:
        # An addition undone by a subtraction, and the reverse.
        a, b = p.number(ty), p.number(ty)
        shape = rng.randrange(4)
        if shape == 0:
            d = p.define(f"complex.sub {a}, {b} : {ty}", ty)
            p.define(f"complex.add {d}, {b}{flags} : {ty}", ty)
        elif shape == 1:
            d = p.define(f"complex.sub {a}, {b} : {ty}", ty)
            p.define(f"complex.add {b}, {d}{flags} : {ty}", ty)
        elif shape == 2:
            s = p.define(f"complex.add {a}, {b} : {ty}", ty)
            p.define(f"complex.sub {s}, {b}{flags} : {ty}", ty)
        else:
            s = p.define(f"complex.add {a}, {b} : {ty}", ty)
            p.define(f"complex.sub {s}, {a}{flags} : {ty}", ty)
    elif kind == 4:
        # Zero added or subtracted, on either side.
        a = p.number(ty)
        zero = p.constant(ty, (rng.choice(["0.000000e+00", "-0.000000e+00"]),) * 2)
        if rng.random() < 0.2:
            zero = p.constant(ty, ("0.000000e+00", "1.000000e+00"))
        op = rng.choice(["add", "sub"])
        lhs, rhs = (a, zero) if rng.random() < 0.75 else (zero, a)
        p.define(f"complex.{op} {lhs}, {rhs}{flags} : {ty}", ty)
    elif kind == 5:
        # A product or quotient by one, or by a value almost one.
        a = p.number(ty)
        one = p.constant(
            ty,
            rng.choice(
                [
                    ("1.000000e+00", "0.000000e+00"),
                    ("1.000000e+00", "-0.000000e+00"),
                    ("1.000000e+00", "1.000000e+00"),
                    ("-1.000000e+00", "0.000000e+00"),
                    ("2.000000e+00", "0.000000e+00"),
                ]
            ),
        )
        op = rng.choice(["mul", "div"])
        lhs, rhs = (a, one) if rng.random() < 0.8 else (one, a)
        p.define(f"complex.{op} {lhs}, {rhs}{flags} : {ty}", ty)
    elif kind == 6:
        # A part of a negated number just built.
        made = p.define(
            f"complex.create {p.part(element)}, {p.part(element)} : {ty}", ty, result=False
        )
        if rng.random() < 0.2:
            made = p.number(ty)
        neg = p.define(f"complex.neg {made} : {ty}", ty, result=rng.random() < 0.5)
        p.define(f"complex.{rng.choice(['re', 'im'])} {neg}{flags} : {ty}", element)
    elif kind == 7:
        # Bitcast chains through integers and floats.
        z = p.number(ty)
        int_type = f"i{2 * WIDTH[element]}"
        wide = WIDE_FLOAT[element]
        shape = rng.randrange(5)
        if shape == 0:
            bits = p.define(f"complex.bitcast {z} : {ty} to {int_type}", int_type)
            p.define(f"complex.bitcast {bits} : {int_type} to {ty}", ty)
        elif shape == 1:
            bits = p.define(f"complex.bitcast {z} : {ty} to {int_type}", int_type)
            p.define(f"arith.bitcast {bits} : {int_type} to {wide}", wide)
        elif shape == 2:
            value = p.define(f"complex.bitcast {z} : {ty} to {wide}", wide)
            bits = p.define(f"arith.bitcast {value} : {wide} to {int_type}", int_type)
            p.define(f"complex.bitcast {bits} : {int_type} to {ty}", ty)
        elif shape == 3:
            p.define(f"complex.bitcast {z} : {ty} to {ty}", ty)
        else:
            bits = p.argument(int_type) if rng.random() < 0.5 else p.argument(wide)
            source = p.args[-1][1]
            other = wide if source == int_type else int_type
            mid = p.define(f"complex.bitcast {bits} : {source} to {ty}", ty)
            p.define(f"complex.bitcast {mid} : {ty} to {other}", other)
    elif kind == 8:
        op = rng.choice(BINARY)
        a, b = p.number(ty), p.number(ty)
        p.define(f"complex.{op} {a}, {b}{flags} : {ty}", ty)
    elif kind == 9:
        op = rng.choice(UNARY)
        p.define(f"complex.{op} {p.number(ty)}{flags} : {ty}", ty)
    elif kind == 10:
        op = rng.choice(["eq", "neq"])
        a, b = p.number(ty), p.number(ty)
        p.define(f"complex.{op} {a}, {b} : {ty}", "i1")
    else:
        power = rng.choice(["i32", "i64"])
        n = p.argument(power)
        p.define(f"complex.powi {p.number(ty)}, {n}{flags} : {ty}, {power}", ty)


@cache
def programs() -> tuple[str, ...]:
    rng = random.Random(SEED)
    out = []
    for i in range(PROGRAMS):
        p = _Program(rng)
        for _ in range(rng.randint(2, 7)):
            _motif(p)
        out.append(p.text(f"complex{i}"))
    return tuple(out)


# -- running both tools -----------------------------------------------------------------


@dataclass(frozen=True)
class _Outcome:
    code: int
    out: str
    err: str


def _theirs(text: str) -> _Outcome:
    assert MLIR_OPT is not None
    proc = subprocess.run(
        [MLIR_OPT, "--canonicalize", "-"], input=text, capture_output=True, text=True, check=False
    )
    return _Outcome(proc.returncode, proc.stdout, proc.stderr)


def _ours(text: str, tmp: Path) -> _Outcome:
    path = tmp / "program.mlir"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["opt", str(path), "--canonicalize"])
    return _Outcome(code, out.getvalue(), err.getvalue())


@cache
def _results() -> tuple[tuple[_Outcome, _Outcome], ...]:
    texts = programs()
    with ThreadPoolExecutor(max_workers=4) as pool:
        theirs = list(pool.map(_theirs, texts))
    with tempfile.TemporaryDirectory() as tmp:
        ours = [_ours(text, Path(tmp)) for text in texts]
    return tuple(zip(theirs, ours, strict=True))


def test_every_program_is_valid() -> None:
    """mlir-opt-22 canonicalizes every generated program without a diagnostic."""
    bad = [
        f"program {i}: {t.err}\n{programs()[i]}"
        for i, (t, _) in enumerate(_results())
        if t.code != 0 or t.err
    ]
    assert not bad, "\n".join(bad[:3])


def test_programs_exercise_the_folders() -> None:
    """Most programs shrink under mlir-opt's canonicalizer: the folders and patterns
    have work to do."""
    shrunk = sum(
        1
        for i, (t, _) in enumerate(_results())
        if t.out.count(" = complex.") < programs()[i].count(" = complex.")
    )
    assert shrunk >= 0.75 * PROGRAMS


def test_canonicalize_matches_mlir_opt() -> None:
    """At least 95% of the programs print exactly as mlir-opt-22 prints them; the
    figures are printed (run with -s)."""
    results = _results()
    differ = [i for i, (t, o) in enumerate(results) if (t.code, t.out) != (o.code, o.out)]
    identical = len(results) - len(differ)
    print(
        f"complex --canonicalize: {len(results)} programs, {identical} printed as "
        f"mlir-opt-22 prints them ({100 * identical / len(results):.1f}%)"
    )
    details = "\n".join(
        f"program {i}:\n{programs()[i]}--- mlir-opt-22\n{results[i][0].out}"
        f"--- odsgen\n{results[i][1].out}{results[i][1].err}"
        for i in differ[:3]
    )
    assert identical >= MIN_IDENTICAL * len(results), (
        f"{identical}/{len(results)} identical\n{details}"
    )


#: Programs at the edges of the patterns: parts and quotients of poison (which do not
#: fold), a zero added on the left (which does not fold), and bitcast chains that
#: MLIR's patterns merge into a cast its verifier then rejects (through a complex
#: type of integers, or from an integer to a float); the error is reported alike.
EDGE_PROGRAMS = [
    """func.func @poison(%a: complex<f32>) -> (f32, complex<f32>, complex<f32>) {
  %p = ub.poison : complex<f32>
  %r = complex.re %p : complex<f32>
  %d = complex.div %a, %p : complex<f32>
  %c = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %s = complex.add %c, %a : complex<f32>
  return %r, %d, %s : f32, complex<f32>, complex<f32>
}
""",
    """func.func @ints() -> complex<f32> {
  %i = complex.constant [1 : i32, 0 : i32] : complex<i32>
  %b = complex.bitcast %i : complex<i32> to i64
  %f = complex.bitcast %b : i64 to complex<f32>
  return %f : complex<f32>
}
""",
    """func.func @through(%z: complex<f32>) -> f64 {
  %b = complex.bitcast %z : complex<f32> to i64
  %c = complex.bitcast %b : i64 to complex<f32>
  %d = complex.bitcast %c : complex<f32> to f64
  return %d : f64
}
""",
    """func.func @to_float(%i: i64) -> f64 {
  %c = complex.bitcast %i : i64 to complex<f32>
  %d = complex.bitcast %c : complex<f32> to f64
  return %d : f64
}
""",
]


@pytest.mark.parametrize("index", range(len(EDGE_PROGRAMS)))
def test_edge_programs_match_mlir_opt(index: int, tmp_path: Path) -> None:
    """Each edge program prints, or fails, exactly as with mlir-opt-22."""
    text = EDGE_PROGRAMS[index]
    theirs, ours = _theirs(text), _ours(text, tmp_path)
    assert (ours.code, ours.out) == (theirs.code, theirs.out)
    if theirs.code:
        their_error = theirs.err.split("error: ", 1)[1].splitlines()[0]
        our_error = ours.err.split("error: ", 1)[1].splitlines()[0]
        assert our_error == their_error
