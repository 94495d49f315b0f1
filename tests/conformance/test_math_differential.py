"""Random `math` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions whose bodies use the ops of `math` on scalars,
vectors (fixed, scalable and 0-d) and tensors (static, dynamic and unranked) of
every float type and of integers and `index`, with and without `fastmath<...>`
flags and attribute dictionaries, on arguments, `arith.constant`s and earlier
results, each op written in custom or in generic form. Together the programs use
every op MLIR 22's `MathOps.td` defines. odsgen must print each exactly as
mlir-opt-22 does, in custom and in generic form.

Invalid programs break one check of one op at a time: operand and result types
and counts, type agreement, the `fastmath` property (wrong kinds, bad flags,
unknown keys, given in the attribute dictionary), regions, and the custom syntax
(missing or mismatched types, bad flags, `clampf`'s brackets, `fpowi`'s two
types). Both tools must reject the same programs, and odsgen must give
mlir-opt-22's first error for at least 95% of them. Every program comes from a
fixed seed, so a failure always reproduces; run with `-s` for the figures.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cache

import pytest
from conformance.differential import (
    MLIR_INCLUDE,
    MLIR_OPT,
    Figures,
    InvalidCase,
    InvalidResult,
    Program,
    ValidResult,
    check_invalid,
    check_valid,
    function,
    generic_op,
    mlir_mnemonics,
    op_names,
)

import generated.math

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20260301
PROGRAMS = 60
MIN_SAME_ERROR = 0.95

FLOAT_UNARY = [
    "absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos",
    "cosh", "erf", "erfc", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p",
    "log2", "round", "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
]  # fmt: skip
FLOAT_BINARY = ["atan2", "copysign", "powf"]
INT_UNARY = ["absi", "ctlz", "cttz", "ctpop"]
CLASSIFY = ["isfinite", "isinf", "isnan", "isnormal"]
OTHER = ["fma", "clampf", "ipowi", "fpowi", "sincos"]
ALL_OPS = FLOAT_UNARY + FLOAT_BINARY + INT_UNARY + CLASSIFY + OTHER

FLOAT_ELEMENTS = ["f16", "bf16", "f32", "f64"]
RARE_FLOATS = ["f80", "f128", "tf32", "f8E4M3FN", "f8E5M2"]
INT_ELEMENTS = ["i1", "i8", "i16", "i32", "i64", "index"]
#: Shapes as (container, dims); "" is a scalar.
SHAPES = [("", ""), ("", ""), ("", ""), ("vector", "4"), ("vector", "[2]"), ("vector", "2x3")]
SHAPES += [("vector", ""), ("tensor", "?"), ("tensor", "2x?"), ("tensor", "*"), ("tensor", "3")]
FASTMATH = [
    "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "none",
    "nnan,ninf", "reassoc,contract", "nnan, nsz", "afn,fast", "ninf,nnan",
    "nnan,ninf,nsz,arcp,contract,afn,reassoc",
]  # fmt: skip
#: Types no math op takes, for broken operands.
WRONG = ["i32", "f32", "index", "none", "complex<f32>", "memref<4xf32>", "vector<4xi1>"]
WRONG += ["tensor<2xi8>", "vector<2xf64>", "tuple<f32>"]


def shaped(container: str, dims: str, element: str) -> str:
    """A type of `element`s of the shape (`vector<4xf32>`, `tensor<*xi8>`, `f32`)."""
    if not container:
        return element
    if container == "tensor" and dims == "*":
        return f"tensor<*x{element}>"
    return f"{container}<{dims + 'x' if dims else ''}{element}>"


@dataclass
class _Fn:
    """One function being generated: its arguments, body lines and typed values."""

    rng: random.Random
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)
    count: int = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def value(self, ty: str) -> str:
        """A value of type `ty`: an earlier one, a constant, or a new argument."""
        rng = self.rng
        have = self.values.get(ty, [])
        if have and rng.random() < 0.6:
            return rng.choice(have)
        constant = _constant(rng, ty)
        if constant is not None and rng.random() < 0.4:
            name = self.fresh()
            self.lines.append(f"{name} = arith.constant {constant}")
            self.values.setdefault(ty, []).append(name)
            return name
        name = f"%a{len(self.args)}"
        self.args.append((name, ty))
        self.values.setdefault(ty, []).append(name)
        return name

    def result(self, ty: str) -> str:
        name = self.fresh()
        self.values.setdefault(ty, []).append(name)
        return name


def _constant(rng: random.Random, ty: str) -> str | None:
    """An `arith.constant` value of `ty` (without the op), or None when it has none."""
    element = split_type(ty)[2]
    if "?" in ty or "*" in ty or "[" in ty:
        return None
    if element in INT_ELEMENTS:
        literal = rng.choice(["0", "1", "-1", "7", "-128", "100"])
        if element == "i1":
            literal = rng.choice(["true", "false"]) if ty == element else rng.choice(["1", "0"])
    else:
        literal = rng.choice(["0.0", "-0.0", "1.0", "-2.5", "3.0", "0.5", "1.0e+10", "0x7FC00000"])
        if literal.startswith("0x"):
            literal = {"f16": "0x7E00", "bf16": "0x7FC0", "f64": "0x7FF8000000000000"}.get(
                element, "0x7FC00000" if element == "f32" else "1.0"
            )
    if ty == element:
        return literal if element == "i1" and literal in ("true", "false") else f"{literal} : {ty}"
    return f"dense<{literal}> : {ty}"


def _float_type(rng: random.Random) -> str:
    container, dims = rng.choice(SHAPES)
    elements = FLOAT_ELEMENTS if container or rng.random() < 0.85 else RARE_FLOATS
    return shaped(container, dims, rng.choice(elements))


def _int_type(rng: random.Random) -> str:
    container, dims = rng.choice(SHAPES)
    return shaped(container, dims, rng.choice(INT_ELEMENTS))


_SHAPE_PREFIX = re.compile(r"((?:(?:\[\d+\]|\d+|\?|\*)x)*)(.*)")


def split_type(ty: str) -> tuple[str, str, str]:
    """(container, dims with their trailing `x`, element) of a type text."""
    if "<" not in ty:
        return "", "", ty
    container, inner = ty[:-1].split("<", 1)
    m = _SHAPE_PREFIX.fullmatch(inner)
    assert m is not None
    return container, m.group(1), m.group(2)


def _like(ty: str, element: str) -> str:
    """`ty` with its element type replaced."""
    container, dims, _ = split_type(ty)
    return f"{container}<{dims}{element}>" if container else element


def _flags(rng: random.Random) -> str:
    return rng.choice(FASTMATH) if rng.random() < 0.45 else ""


def _attr_dict(rng: random.Random) -> str:
    return (
        rng.choice([" {tag}", " {note = 3 : i32}", ' {name = "m"}']) if rng.random() < 0.1 else ""
    )


def _emit(
    fn: _Fn,
    op: str,
    operands: list[str],
    operand_types: list[str],
    result_types: list[str],
    custom: str,
    flags: str,
) -> None:
    """Write the op in custom form (`custom` is the text after the op name) or generic."""
    rng = fn.rng
    results = [fn.result(t) for t in result_types]
    lhs = ", ".join(results) + " = " if results else ""
    attrs = _attr_dict(rng)
    if rng.random() < 0.7:
        # The attribute dictionary goes before the types.
        if "{" in custom:
            attrs = ""
        head, colon, types = custom.partition(" : ")
        fn.lines.append(f"{lhs}math.{op} {head}{attrs}{colon}{types}")
        return
    props = f" <{{fastmath = #arith.fastmath<{flags}>}}>" if flags else ""
    ins = ", ".join(operand_types)
    outs = result_types[0] if len(result_types) == 1 else f"({', '.join(result_types)})"
    fn.lines.append(f'{lhs}"math.{op}"({", ".join(operands)}){props}{attrs} : ({ins}) -> {outs}')


def _fm(flags: str) -> str:
    return f" fastmath<{flags}>" if flags else ""


def _op(fn: _Fn, op: str) -> None:
    """Append one use of `op` to the function."""
    rng = fn.rng
    flags = _flags(rng)
    if op in FLOAT_UNARY:
        ty = _float_type(rng)
        x = fn.value(ty)
        _emit(fn, op, [x], [ty], [ty], f"{x}{_fm(flags)} : {ty}", flags)
    elif op in FLOAT_BINARY:
        ty = _float_type(rng)
        a, b = fn.value(ty), fn.value(ty)
        _emit(fn, op, [a, b], [ty, ty], [ty], f"{a}, {b}{_fm(flags)} : {ty}", flags)
    elif op == "fma":
        ty = _float_type(rng)
        a, b, c = fn.value(ty), fn.value(ty), fn.value(ty)
        _emit(fn, op, [a, b, c], [ty] * 3, [ty], f"{a}, {b}, {c}{_fm(flags)} : {ty}", flags)
    elif op == "clampf":
        ty = _float_type(rng)
        v, lo, hi = fn.value(ty), fn.value(ty), fn.value(ty)
        custom = f"{v} to [{lo}, {hi}]{_fm(flags)} : {ty}"
        _emit(fn, op, [v, lo, hi], [ty] * 3, [ty], custom, flags)
    elif op in INT_UNARY:
        ty = _int_type(rng)
        x = fn.value(ty)
        _emit(fn, op, [x], [ty], [ty], f"{x} : {ty}", "")
    elif op == "ipowi":
        ty = _int_type(rng)
        a, b = fn.value(ty), fn.value(ty)
        _emit(fn, op, [a, b], [ty, ty], [ty], f"{a}, {b} : {ty}", "")
    elif op in CLASSIFY:
        ty = _float_type(rng)
        x = fn.value(ty)
        mask = _like(ty, "i1")
        # The custom form has no fastmath group; the flags are only in generic form.
        custom = f"{x} : {ty}"
        if flags and rng.random() < 0.5:
            custom = f"{x} {{fastmath = #arith.fastmath<{flags}>}} : {ty}"
        _emit(fn, op, [x], [ty], [mask], custom, flags)
    elif op == "fpowi":
        ty = _float_type(rng)
        power = _like(ty, rng.choice(INT_ELEMENTS))
        a, b = fn.value(ty), fn.value(power)
        _emit(fn, op, [a, b], [ty, power], [ty], f"{a}, {b}{_fm(flags)} : {ty}, {power}", flags)
    else:
        ty = _float_type(rng)
        x = fn.value(ty)
        _emit(fn, op, [x], [ty], [ty, ty], f"{x}{_fm(flags)} : {ty}", flags)


def _program(seed: int, ops: list[str]) -> str:
    rng = random.Random(seed)
    fn = _Fn(rng)
    for op in ops:
        _op(fn, op)
    params = ", ".join(f"{name}: {ty}" for name, ty in fn.args)
    body = "".join(f"  {line}\n" for line in fn.lines)
    return f"func.func @f{seed % 1000}({params}) {{\n{body}  return\n}}\n"


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op in turn."""
    rng = random.Random(SEED)
    order = list(ALL_OPS)
    rng.shuffle(order)
    out = []
    for i in range(PROGRAMS):
        ops = order[i * 8 : i * 8 + 8] if i * 8 < len(order) else []
        ops += rng.choices(ALL_OPS, k=rng.randint(3, 12))
        out.append(Program(f"program {i}", _program(SEED + i, ops)))
    return tuple(out)


# -- invalid programs --------------------------------------------------------------


def _generic_op(op: str, rng: random.Random) -> tuple[list[str], list[str], str]:
    """A valid generic-form use of `op`: operand types, result types and properties."""
    fm = f"fastmath = #arith.fastmath<{rng.choice(FASTMATH)}>"
    if op in FLOAT_UNARY:
        ty = _float_type(rng)
        return [ty], [ty], fm
    if op in FLOAT_BINARY:
        ty = _float_type(rng)
        return [ty, ty], [ty], fm
    if op in ("fma", "clampf"):
        ty = _float_type(rng)
        return [ty] * 3, [ty], fm
    if op in INT_UNARY:
        ty = _int_type(rng)
        return [ty], [ty], ""
    if op == "ipowi":
        ty = _int_type(rng)
        return [ty, ty], [ty], ""
    if op in CLASSIFY:
        ty = _float_type(rng)
        return [ty], [_like(ty, "i1")], fm
    if op == "fpowi":
        ty = _float_type(rng)
        return [ty, _like(ty, rng.choice(INT_ELEMENTS))], [ty], fm
    ty = _float_type(rng)
    return [ty], [ty, ty], fm


def _generic_text(op: str, ins: list[str], outs: list[str], props: str, extra: str = "") -> str:
    params = [(f"%a{i}", t) for i, t in enumerate(ins)]
    line = generic_op(f"math.{op}", [p for p, _ in params], ins, outs, props, extra)
    return function(params, [line])


def _custom_text(params: list[tuple[str, str]], line: str) -> str:
    return function(params, [line])


def _wrong(rng: random.Random, good: str) -> str:
    return rng.choice([t for t in WRONG if t != good])


def _invalid_cases_of(op: str, rng: random.Random) -> list[InvalidCase]:
    """Programs each breaking one check of `op`."""
    out: list[InvalidCase] = []

    def add(check: str, text: str) -> None:
        out.append(InvalidCase(f"math.{op}", check, text))

    ins, outs, props = _generic_op(op, rng)
    # Operand and result types.
    for index in range(len(ins)):
        broken = list(ins)
        broken[index] = _wrong(rng, ins[index])
        add(f"operand #{index} type", _generic_text(op, broken, outs, props))
    bad_outs = list(outs)
    bad_outs[0] = _wrong(rng, outs[0])
    add("result type", _generic_text(op, ins, bad_outs, props))
    other = rng.choice(
        [t for t in ("f16", "f64", "vector<4xf32>", "tensor<?xf32>") if t != outs[0]]
    )
    add("result type agreement", _generic_text(op, ins, [other, *outs[1:]], props))
    if len(ins) > 1:
        broken = list(ins)
        broken[-1] = rng.choice(
            [t for t in ("f32", "f64", "vector<4xf16>", "i32", "tensor<2xf32>") if t != ins[-1]]
        )
        add("operand type agreement", _generic_text(op, broken, outs, props))
    # Counts.
    add(
        "operand count",
        _generic_text(op, ins[:-1] if len(ins) > 1 else [*ins, ins[0]], outs, props),
    )
    add(
        "result count",
        _generic_text(op, ins, [] if rng.random() < 0.5 else [*outs, outs[0]], props),
    )
    # The fastmath property.
    if props:
        bad = rng.choice(
            [
                "fastmath = 1 : i32",
                "fastmath = #arith.overflow<nsw>",
                'fastmath = "fast"',
                "fastmath = unit",
                "fastmath = #arith.fastmath<bad>",
                "fastmath = #arith.fastmath<fast|nnan>",
                "fastmath = #arith.fastmath<nnan, bad>",
                "fastmath = [#arith.fastmath<fast>]",
            ]
        )
        add("fastmath property kind", _generic_text(op, ins, outs, bad))
        add(
            "fastmath in the attribute dictionary",
            _generic_text(
                op,
                ins,
                outs,
                "",
                rng.choice([" {fastmath = 3 : i64}", " {fastmath = #arith.fastmath<afn>}"]),
            ),
        )
    add(
        "unknown property",
        _generic_text(op, ins, outs, rng.choice(["other = 1 : i32", "fastmath_ = unit"])),
    )
    add("a region", _generic_text(op, ins, outs, props, " ({\n  })"))
    # The custom form.
    params = [(f"%a{i}", t) for i, t in enumerate(ins)]
    uses = [name for name, _ in params]
    ty = ins[0]
    if op == "clampf":
        line = rng.choice(
            [
                f"%r = math.clampf {uses[0]} [{uses[1]}, {uses[2]}] : {ty}",
                f"%r = math.clampf {uses[0]} to [{uses[1]}, {uses[2]} : {ty}",
                f"%r = math.clampf {uses[0]} to ({uses[1]}, {uses[2]}) : {ty}",
            ]
        )
        add("custom syntax", _custom_text(params, line))
    elif op == "fpowi":
        line = rng.choice(
            [
                f"%r = math.fpowi {uses[0]}, {uses[1]} : {ty}",
                f"%r = math.fpowi {uses[0]}, {uses[1]} : {ty}, {ins[1]}, {ins[1]}",
                f"%r = math.fpowi {uses[0]} : {ty}, {ins[1]}",
            ]
        )
        add("custom syntax", _custom_text(params, line))
    else:
        lhs = "%r:2 = " if op == "sincos" else "%r = "
        operands = ", ".join(uses)
        type_text = outs[0] if op in [*INT_UNARY, "ipowi"] else ty
        line = rng.choice(
            [
                f"{lhs}math.{op} {operands}",
                f"{lhs}math.{op} {operands} : ",
                f"{lhs}math.{op} {operands} : {ty}, {ty}",
                f"{lhs}math.{op} {operands} ; {ty}",
            ]
        )
        add("custom syntax", _custom_text(params, line))
        other_type = rng.choice(
            [t for t in ("f32", "f64", "i32", "vector<4xf32>") if t != type_text]
        )
        add(
            "custom form type of a used value",
            _custom_text(params, f"{lhs}math.{op} {operands} : {other_type}"),
        )
    if op not in [*INT_UNARY, "ipowi", *CLASSIFY]:
        flag = rng.choice(["bad", "fast|nnan", "", "fast,", "nnan ninf", '"afn"'])
        operands = ", ".join(uses)
        if op == "clampf":
            line = f"%r = math.clampf {uses[0]} to [{uses[1]}, {uses[2]}] fastmath<{flag}> : {ty}"
        elif op == "fpowi":
            line = f"%r = math.fpowi {operands} fastmath<{flag}> : {ty}, {ins[1]}"
        else:
            lhs = "%r:2 = " if op == "sincos" else "%r = "
            line = f"{lhs}math.{op} {operands} fastmath<{flag}> : {ty}"
        add("custom fastmath flags", _custom_text(params, line))
    return out


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    return tuple(case for op in ALL_OPS for case in _invalid_cases_of(op, rng))


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `MathOps.td`."""
    td = MLIR_INCLUDE / "Math/IR/MathOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("math.") for op in generated.math.OPS}
    assert ours == mlir_mnemonics("Math/IR/MathOps.td", "Math_")
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op of the dialect."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {name.removeprefix("math.") for name in op_names(accepted) if name.startswith("math.")}
    assert used == set(ALL_OPS)


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
    """Both tools accept or reject the same broken programs."""
    disagree = [r.difference() for r in _invalid_results() if not r.agree]
    assert not disagree, f"{len(disagree)} disagreements:\n" + "\n".join(disagree[:5])


def test_first_errors_match() -> None:
    """At least 95% of the rejected programs get mlir-opt-22's first error; the figures
    are printed (run with -s)."""
    figures = Figures.of("math", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
