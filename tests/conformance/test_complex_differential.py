"""Random `complex` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions whose bodies use the ops of `complex` on complex
numbers of every float type (`f16`, `bf16`, `f32`, `f64`, and now and then
`f80`, `f128`, `tf32` and the 8-bit floats): numbers made by `complex.create`,
by `complex.constant` (float parts in decimal and hexadecimal, and integer
parts for complex types of integers), taken as arguments or computed by
earlier ops, with and without `fastmath<...>` flags and attribute
dictionaries (some holding `#complex.number<...>` attributes), each op written
in custom or in generic form. `complex.bitcast` goes both ways between complex
numbers and integers or floats of twice the element width, and from a type to
itself. Together the programs use every op MLIR 22's `ComplexOps.td` defines.
odsgen must print each exactly as mlir-opt-22 does, in custom and in generic
form.

Invalid programs break one check of one op at a time: operand and result types
and counts, type agreement (`TypesMatchWith`, `AllTypesMatch`), the `fastmath`
property, regions, `complex.constant`'s value (not two elements, elements of the
wrong kind or type), `complex.bitcast`'s types and widths, the custom syntax,
and `#complex.number<...>` attributes written wrong. Both tools must reject the
same programs, and odsgen must give mlir-opt-22's first error for at least 95%
of them. Every program comes from a fixed seed, so a failure always
reproduces; run with `-s` for the figures.
"""

from __future__ import annotations

import random
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

import generated.complex

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20260310
PROGRAMS = 60
MIN_SAME_ERROR = 0.95

#: Two complex numbers in, one out, with fast-math flags.
BINARY = ["add", "sub", "mul", "div", "pow", "atan2"]
#: A complex number in, one of the same type out, with fast-math flags.
UNARY = [
    "neg", "conj", "exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "sign", "sin",
    "cos", "tan", "tanh",
]  # fmt: skip
#: A complex number in, a float of its element type out, with fast-math flags.
PARTS = ["re", "im", "abs", "angle"]
COMPARE = ["eq", "neq"]
OTHER = ["create", "constant", "bitcast", "powi"]
ALL_OPS = BINARY + UNARY + PARTS + COMPARE + OTHER

FLOATS = ["f16", "bf16", "f32", "f64"]
RARE_FLOATS = ["f80", "f128", "tf32", "f8E4M3FN", "f8E5M2"]
WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19}
WIDTH |= {"f8E4M3FN": 8, "f8E5M2": 8}
#: Float types of each width, for the other side of a bitcast.
FLOAT_OF_WIDTH = {16: ["f16", "bf16"], 32: ["f32"], 64: ["f64"], 128: ["f128"], 160: []}
INT_ELEMENTS = ["i8", "i16", "i32", "i64"]
FASTMATH = [
    "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "none",
    "nnan,ninf", "reassoc,contract", "nnan, nsz", "afn,fast", "ninf,nnan",
    "nnan,ninf,nsz,arcp,contract,afn,reassoc",
]  # fmt: skip
DECIMALS = ["0.0", "-0.0", "1.0", "-2.5", "3.0", "0.5", "1.0e+10", "0.1", "-7.25e-3", "100.0"]
HEX = {"f16": "0x7E00", "bf16": "0x7FC0", "f32": "0x7FC00000", "f64": "0x7FF8000000000000"}
#: Types no complex op takes where a complex number of floats is expected.
WRONG = ["i32", "f32", "index", "complex<i32>", "vector<2xf32>", "tensor<2xf32>", "none"]
WRONG += ["tuple<f32>", "memref<2xf32>", "complex<complex<f32>>"]


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

    def argument(self, ty: str) -> str:
        name = f"%a{len(self.args)}"
        self.args.append((name, ty))
        self.values.setdefault(ty, []).append(name)
        return name

    def value(self, ty: str) -> str:
        """A value of type `ty`: an earlier one, a constant or a new number, or a new
        argument."""
        rng = self.rng
        have = self.values.get(ty, [])
        if have and rng.random() < 0.55:
            return rng.choice(have)
        if ty.startswith("complex<") and rng.random() < 0.4:
            element = ty[len("complex<") : -1]
            name = self.fresh()
            if rng.random() < 0.5 or element not in FLOATS + RARE_FLOATS:
                self.lines.append(f"{name} = complex.constant {_parts(rng, element)} : {ty}")
            else:
                re, im = self.value(element), self.value(element)
                self.lines.append(f"{name} = complex.create {re}, {im} : {ty}")
            self.values.setdefault(ty, []).append(name)
            return name
        if ty in FLOATS and rng.random() < 0.3:
            name = self.fresh()
            self.lines.append(f"{name} = arith.constant {_literal(rng, ty)} : {ty}")
            self.values.setdefault(ty, []).append(name)
            return name
        return self.argument(ty)

    def result(self, ty: str) -> str:
        name = self.fresh()
        self.values.setdefault(ty, []).append(name)
        return name


def _literal(rng: random.Random, element: str) -> str:
    """A float literal of `element`: decimal, or hexadecimal bits."""
    if element in HEX and rng.random() < 0.15:
        return HEX[element]
    return rng.choice(DECIMALS)


def _parts(rng: random.Random, element: str) -> str:
    """`complex.constant`'s value for a complex type of `element`."""
    if element.startswith("i"):
        return f"[{rng.randint(-100, 100)} : {element}, {rng.randint(-100, 100)} : {element}]"
    return f"[{_literal(rng, element)} : {element}, {_literal(rng, element)} : {element}]"


def _element(rng: random.Random) -> str:
    return rng.choice(FLOATS) if rng.random() < 0.9 else rng.choice(RARE_FLOATS)


def _complex(rng: random.Random) -> str:
    return f"complex<{_element(rng)}>"


def _number(rng: random.Random) -> str:
    """A `#complex.number<...>` attribute."""
    element = rng.choice(FLOATS)
    # Finite values only: MLIR prints an infinity as the element type's bits, which
    # it reads back as the bits of a double (a different number).
    decimals = [d for d in DECIMALS if element != "f16" or d != "1.0e+10"]
    re, im = rng.choice(decimals), rng.choice([*decimals, "0x3FF0000000000000", "-1.5e-3"])
    return f"#complex.number<:{element} {re}, {im}>"


def _attr_dict(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.08:
        return rng.choice([" {tag}", " {note = 3 : i32}", ' {name = "m"}'])
    if roll < 0.14:
        return f" {{num = {_number(rng)}}}"
    return ""


def _flags(rng: random.Random) -> str:
    return rng.choice(FASTMATH) if rng.random() < 0.45 else ""


def _fm(flags: str) -> str:
    return f" fastmath<{flags}>" if flags else ""


def _emit(
    fn: _Fn,
    op: str,
    operands: list[str],
    operand_types: list[str],
    result_type: str,
    custom: str,
    props: str,
) -> None:
    """Write the op in custom form (`custom` is the text after the op name) or generic."""
    rng = fn.rng
    result = fn.result(result_type)
    attrs = _attr_dict(rng)
    if rng.random() < 0.7:
        # The attribute dictionary goes before the types (which hold no ` : `).
        head, colon, types = custom.rpartition(" : ")
        fn.lines.append(f"{result} = complex.{op} {head}{attrs}{colon}{types}")
        return
    props_text = f" <{{{props}}}>" if props else ""
    ins = ", ".join(operand_types)
    fn.lines.append(
        f'{result} = "complex.{op}"({", ".join(operands)}){props_text}{attrs} : '
        f"({ins}) -> {result_type}"
    )


def _fm_prop(flags: str) -> str:
    return f"fastmath = #arith.fastmath<{flags}>" if flags else ""


def _op(fn: _Fn, op: str) -> None:
    """Append one use of `op` to the function."""
    rng = fn.rng
    flags = _flags(rng)
    if op in BINARY:
        ty = _complex(rng)
        a, b = fn.value(ty), fn.value(ty)
        _emit(fn, op, [a, b], [ty, ty], ty, f"{a}, {b}{_fm(flags)} : {ty}", _fm_prop(flags))
    elif op in UNARY:
        ty = _complex(rng)
        x = fn.value(ty)
        _emit(fn, op, [x], [ty], ty, f"{x}{_fm(flags)} : {ty}", _fm_prop(flags))
    elif op in PARTS:
        ty = _complex(rng)
        x = fn.value(ty)
        element = ty[len("complex<") : -1]
        _emit(fn, op, [x], [ty], element, f"{x}{_fm(flags)} : {ty}", _fm_prop(flags))
    elif op in COMPARE:
        ty = _complex(rng)
        a, b = fn.value(ty), fn.value(ty)
        _emit(fn, op, [a, b], [ty, ty], "i1", f"{a}, {b} : {ty}", "")
    elif op == "create":
        element = _element(rng)
        ty = f"complex<{element}>"
        re, im = fn.value(element), fn.value(element)
        _emit(fn, op, [re, im], [element, element], ty, f"{re}, {im} : {ty}", "")
    elif op == "constant":
        element = _element(rng) if rng.random() < 0.75 else rng.choice(INT_ELEMENTS)
        ty = f"complex<{element}>"
        parts = _parts(rng, element)
        _emit(fn, op, [], [], ty, f"{parts} : {ty}", f"value = {parts}")
    elif op == "powi":
        ty = _complex(rng)
        power = rng.choice(["i8", "i32", "i64", "i1", "i17"])
        a, n = fn.value(ty), fn.value(power)
        props = _fm_prop(flags) if flags else ""
        _emit(fn, op, [a, n], [ty, power], ty, f"{a}, {n}{_fm(flags)} : {ty}, {power}", props)
    else:
        _bitcast(fn)


def _bitcast(fn: _Fn) -> None:
    """A `complex.bitcast` between a complex type and an integer or float as wide, or
    from a type to itself."""
    rng = fn.rng
    element = rng.choice([*FLOATS, "i16", "i32"])
    complex_type = f"complex<{element}>"
    width = 2 * int(element[1:]) if element.startswith("i") else 2 * WIDTH[element]
    others = [f"i{width}", *FLOAT_OF_WIDTH.get(width, [])]
    other = rng.choice(others)
    roll = rng.random()
    if roll < 0.45:
        source, target = complex_type, other
    elif roll < 0.9:
        source, target = other, complex_type
    else:
        source = target = rng.choice([complex_type, other])
    x = fn.value(source)
    _emit(fn, "bitcast", [x], [source], target, f"{x} : {source} to {target}", "")


def _program(seed: int, ops: list[str]) -> str:
    rng = random.Random(seed)
    fn = _Fn(rng)
    for op in ops:
        _op(fn, op)
    params = ", ".join(f"{name}: {ty}" for name, ty in fn.args)
    attrs = f" attributes {{n = {_number(rng)}}}" if rng.random() < 0.2 else ""
    body = "".join(f"  {line}\n" for line in fn.lines)
    return f"func.func @f{seed % 1000}({params}){attrs} {{\n{body}  return\n}}\n"


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op in turn."""
    rng = random.Random(SEED)
    order = list(ALL_OPS)
    rng.shuffle(order)
    out = []
    for i in range(PROGRAMS):
        ops = order[i * 6 : i * 6 + 6] if i * 6 < len(order) else []
        ops += rng.choices(ALL_OPS, k=rng.randint(3, 12))
        out.append(Program(f"program {i}", _program(SEED + i, ops)))
    return tuple(out)


# -- invalid programs --------------------------------------------------------------


def _generic_op(op: str, rng: random.Random) -> tuple[list[str], list[str], str]:
    """A valid generic-form use of `op`: operand types, result types and properties."""
    fm = f"fastmath = #arith.fastmath<{rng.choice(FASTMATH)}>"
    ty = f"complex<{rng.choice(FLOATS)}>"
    element = ty[len("complex<") : -1]
    if op in BINARY:
        return [ty, ty], [ty], fm
    if op in UNARY:
        return [ty], [ty], fm
    if op in PARTS:
        return [ty], [element], fm
    if op in COMPARE:
        return [ty, ty], ["i1"], ""
    if op == "create":
        return [element, element], [ty], ""
    if op == "constant":
        return [], [ty], f"value = [1.0 : {element}, 2.0 : {element}]"
    if op == "powi":
        return [ty, rng.choice(["i32", "i64"])], [ty], fm
    return [ty], [f"i{2 * WIDTH[element]}"], ""


def _generic_text(op: str, ins: list[str], outs: list[str], props: str, extra: str = "") -> str:
    params = [(f"%a{i}", t) for i, t in enumerate(ins)]
    line = generic_op(f"complex.{op}", [p for p, _ in params], ins, outs, props, extra)
    return function(params, [line])


def _wrong(rng: random.Random, good: str) -> str:
    return rng.choice([t for t in WRONG if t != good])


def _invalid_cases_of(op: str, rng: random.Random) -> list[InvalidCase]:
    """Programs each breaking one check of `op`."""
    out: list[InvalidCase] = []

    def add(check: str, text: str) -> None:
        out.append(InvalidCase(f"complex.{op}", check, text))

    ins, outs, props = _generic_op(op, rng)
    # Operand and result types (bitcast takes any type: its own checks are below).
    if op != "bitcast":
        for index in range(len(ins)):
            broken = list(ins)
            broken[index] = _wrong(rng, ins[index])
            add(f"operand #{index} type", _generic_text(op, broken, outs, props))
        add("result type", _generic_text(op, ins, [_wrong(rng, outs[0])], props))
        other = rng.choice(
            [t for t in ("f16", "f64", "complex<f64>", "complex<bf16>", "f32") if t != outs[0]]
        )
        add("result type agreement", _generic_text(op, ins, [other], props))
    if len(ins) > 1:
        broken = list(ins)
        broken[-1] = rng.choice(
            [t for t in ("f32", "f64", "complex<f16>", "complex<f64>", "i16") if t != ins[-1]]
        )
        add("operand type agreement", _generic_text(op, broken, outs, props))
    # Counts.
    add(
        "operand count",
        _generic_text(op, ins[:-1] if ins else ["f32"], outs, props),
    )
    add(
        "result count",
        _generic_text(op, ins, [] if rng.random() < 0.5 else [*outs, outs[0]], props),
    )
    # The fastmath property.
    if "fastmath" in props:
        bad = rng.choice(
            [
                "fastmath = 1 : i32",
                "fastmath = #arith.overflow<nsw>",
                'fastmath = "fast"',
                "fastmath = unit",
                "fastmath = [#arith.fastmath<fast>]",
            ]
        )
        add("fastmath property kind", _generic_text(op, ins, outs, bad))
    add(
        "unknown property",
        _generic_text(op, ins, outs, rng.choice(["other = 1 : i32", "fastmath_ = unit"])),
    )
    add("a region", _generic_text(op, ins, outs, props, " ({\n  })"))
    # The custom form.
    params = [(f"%a{i}", t) for i, t in enumerate(ins)]
    uses = ", ".join(name for name, _ in params)
    ty = ins[0] if ins else outs[0]
    if op == "constant":
        element = ty[len("complex<") : -1]
        value = rng.choice(
            [
                f"[1.0 : {element}]",
                f"[1.0 : {element}, 2.0 : {element}, 3.0 : {element}]",
                "[]",
                f'[1.0 : {element}, "two"]',
                f"[1.0 : {element}, unit]",
                "[1 : i32, 2 : i32]",
                f"[1.0 : {element}, 2.0 : f80]",
                f"[1.0 : bf16, 2.0 : {element}]",
                f"[2 : i64, 1.0 : {element}]",
                f"[#complex.number<:{element} 1.0, 2.0>, 1.0 : {element}]",
            ]
        )
        add("value", function([], [f"%r = complex.constant {value} : {ty}"]))
        add(
            "value kind",
            function(
                [],
                [
                    rng.choice(
                        [
                            f'%r = "complex.constant"() <{{value = 1.0 : {element}}}> : () -> {ty}',
                            f'%r = "complex.constant"() : () -> {ty}',
                            f'%r = "complex.constant"() <{{value = "x"}}> : () -> {ty}',
                            f"%r = complex.constant 1.0 : {ty}",
                            f"%r = complex.constant [1.0 : {element}, 2.0 : {element}] : {element}",
                            f"%r = complex.constant [1.0 : {element}, 2.0 : {element}] "
                            f"{{value = #complex.number<:{element} 1.0, 2.0>}} : {ty}",
                        ]
                    )
                ],
            ),
        )
    elif op == "bitcast":
        element = ty[len("complex<") : -1]
        source, target = rng.choice(
            [
                (ty, f"i{WIDTH[element]}"),
                (ty, f"i{4 * WIDTH[element]}"),
                (ty, "f80"),
                (f"i{2 * WIDTH[element]}", f"f{2 * WIDTH[element]}"),
                ("i64", "f32"),
                (ty, "complex<i32>" if element != "f32" else "complex<i64>"),
                (ty, "vector<2xf32>"),
                ("tensor<2xf32>", ty),
                (ty, "index"),
                ("index", ty),
                ("complex<i32>", "complex<f32>"),
                ("complex<i16>", "f32"),
                ("complex<i16>", "i64"),
            ]
        )
        add(
            "bitcast types",
            function([("%a0", source)], [f"%r = complex.bitcast %a0 : {source} to {target}"]),
        )
        add(
            "custom syntax",
            function(
                [("%a0", ty)],
                [
                    rng.choice(
                        [
                            f"%r = complex.bitcast %a0 : {ty}",
                            f"%r = complex.bitcast %a0 : {ty} -> i64",
                            "%r = complex.bitcast %a0 to i64",
                            f"%r = complex.bitcast %a0, %a0 : {ty} to i64",
                        ]
                    )
                ],
            ),
        )
    elif op == "powi":
        power = ins[1]
        add(
            "custom syntax",
            function(
                params,
                [
                    rng.choice(
                        [
                            f"%r = complex.powi {uses} : {ty}",
                            f"%r = complex.powi {uses} : {ty}, {power}, {power}",
                            f"%r = complex.powi {uses} : {ty}, f32",
                            f"%r = complex.powi {uses} : {power}, {power}",
                            f"%r = complex.powi %a0 : {ty}, {power}",
                            f"%r = complex.powi {uses} fastmath<bad> : {ty}, {power}",
                        ]
                    )
                ],
            ),
        )
    else:
        line = rng.choice(
            [
                f"%r = complex.{op} {uses}",
                f"%r = complex.{op} {uses} : ",
                f"%r = complex.{op} {uses} : {ty}, {ty}",
                f"%r = complex.{op} {uses} ; {ty}",
                f"%r = complex.{op} {uses} : {ty[len('complex<') : -1] if 'complex' in ty else 'f32'}",
                f"%r = complex.{op} {uses} : complex<i32>",
                f"%r = complex.{op} {uses} : tensor<complex<f32>>",
            ]
        )
        add("custom syntax", function(params, [line]))
        other_type = rng.choice(
            [t for t in ("complex<f32>", "complex<f64>", "complex<f16>") if t != ty]
        )
        add(
            "custom form type of a used value",
            function(params, [f"%r = complex.{op} {uses} : {other_type}"]),
        )
        if "fastmath" in props:
            flag = rng.choice(["bad", "fast|nnan", "", "fast,", "nnan ninf", '"afn"'])
            add(
                "custom fastmath flags",
                function(params, [f"%r = complex.{op} {uses} fastmath<{flag}> : {ty}"]),
            )
    return out


def _number_cases(rng: random.Random) -> list[InvalidCase]:
    """`#complex.number<...>` attributes written wrong, one way each."""
    bodies = [
        "<f32 1.0, 2.0>",
        "<:f32 1.0 2.0>",
        "<:f32 1.0, 2.0",
        "<:f32 1, 2.0>",
        "<:f32 1.0, 2>",
        "<:f32 -0x3F800000, 1.0>",
        "<:f32 0x1FFFFFFFFFFFFFFFFF, 1.0>",
        "<:f32 true, 2.0>",
        "<:f32 1.0,>",
        "<: 1.0, 2.0>",
        "<:f32 1.0, 2.0, 3.0>",
        "<:f32>",
        "<>",
        "",
        '<:f32 "1.0", 2.0>',
        "<:f64 inf, 0.0>",
    ]
    out = []
    for body in bodies:
        mnemonic = rng.choice(["number", "number", "numbr"]) if body == bodies[0] else "number"
        text = f"func.func @f() attributes {{n = #complex.{mnemonic}{body}}} {{\n  return\n}}\n"
        out.append(InvalidCase("#complex.number", f"attribute {body!r}", text))
    return out


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    cases = [case for op in ALL_OPS for case in _invalid_cases_of(op, rng)]
    return tuple(cases + _number_cases(rng))


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `ComplexOps.td`."""
    td = MLIR_INCLUDE / "Complex/IR/ComplexOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("complex.") for op in generated.complex.OPS}
    assert ours == mlir_mnemonics("Complex/IR/ComplexOps.td", "Complex")
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op of the dialect."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {
        name.removeprefix("complex.") for name in op_names(accepted) if name.startswith("complex.")
    }
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
    figures = Figures.of("complex", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
