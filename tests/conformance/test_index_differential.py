"""Random `index` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions whose bodies use the ops of `index` on `index`
arguments, `index.constant`s (zero, one, minus one, the 64-bit extremes, values
beyond 32 bits) and earlier results: every binary op, `cmp` with every
predicate, `casts` and `castu` to and from signless, signed and unsigned
integers of several widths, `sizeof`, `constant` and `bool.constant`, each
written in custom or in generic form, some with attribute dictionaries.
Together the programs use every op MLIR 22's `IndexOps.td` defines. odsgen must
print each exactly as mlir-opt-22 does, in custom and in generic form.

Invalid programs break one check of one op at a time: operand and result types
and counts, the `pred` and `value` properties (missing, of the wrong kind, out
of range, given in the attribute dictionary), casts between two integers or two
indices, regions, and the custom syntax (predicates, parentheses, constants
that are floats or out of range, `to` of the casts). Both tools must reject the
same programs, and odsgen must give mlir-opt-22's first error for at least 95%
of them. Every program comes from a fixed seed; run with `-s` for the figures.
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

import generated.index

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20260302
PROGRAMS = 40
MIN_SAME_ERROR = 0.95

BINARY = [
    "add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems",
    "remu", "maxs", "maxu", "mins", "minu", "shl", "shrs", "shru", "and", "or", "xor",
]  # fmt: skip
ALL_OPS = [*BINARY, "casts", "castu", "cmp", "sizeof", "constant", "bool.constant"]
PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
INTEGERS = ["i1", "i8", "i16", "i32", "i64", "i128", "si32", "ui16", "i7"]
CONSTANTS = [
    "0", "1", "-1", "2", "42", "-7", "4294967296", "4294967298", "-4294967296",
    "9223372036854775807", "-9223372036854775808", "2147483648",
]  # fmt: skip
#: Types no index op takes as an index operand.
WRONG = ["i64", "i32", "f32", "none", "vector<4xindex>", "tensor<index>", "memref<index>"]


@dataclass
class _Fn:
    """A function being generated: arguments, body lines, and the values of each type."""

    rng: random.Random
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)
    count: int = 0

    def fresh(self, ty: str) -> str:
        self.count += 1
        name = f"%v{self.count}"
        self.values.setdefault(ty, []).append(name)
        return name

    def value(self, ty: str) -> str:
        """A value of `ty`: an earlier one, a new constant (for `index`), or an argument."""
        rng = self.rng
        have = self.values.get(ty, [])
        if have and rng.random() < 0.6:
            return rng.choice(have)
        if ty == "index" and rng.random() < 0.4:
            name = self.fresh(ty)
            self.lines.append(f"{name} = index.constant {rng.choice(CONSTANTS)}")
            return name
        name = f"%a{len(self.args)}"
        self.args.append((name, ty))
        self.values.setdefault(ty, []).append(name)
        return name

    def emit(
        self,
        op: str,
        custom: str,
        operands: list[str],
        operand_types: list[str],
        result_type: str,
        props: str = "",
    ) -> None:
        """The op in custom form (`custom`: the text after the op name) or generic form."""
        rng = self.rng
        result = self.fresh(result_type)
        attrs = rng.choice([" {tag}", " {note = 3 : i32}"]) if rng.random() < 0.1 else ""
        if rng.random() < 0.7:
            head, colon, types = custom.partition(" : ")
            text = f"{result} = index.{op}"
            if op in ("constant", "bool.constant"):
                # Their format is "attr-dict $value".
                self.lines.append(f"{text}{attrs} {head}")
                return
            text += f" {head}" if head else ""
            self.lines.append(f"{text}{attrs}{colon}{types}")
            return
        self.lines.append(
            generic_op(f"index.{op}", operands, operand_types, [result_type], props, attrs, result)
        )


def _op(fn: _Fn, op: str) -> None:
    rng = fn.rng
    if op in BINARY:
        a, b = fn.value("index"), fn.value("index")
        fn.emit(op, f"{a}, {b}", [a, b], ["index", "index"], "index")
    elif op in ("casts", "castu"):
        integer = rng.choice(INTEGERS)
        source, target = ("index", integer) if rng.random() < 0.5 else (integer, "index")
        x = fn.value(source)
        fn.emit(op, f"{x} : {source} to {target}", [x], [source], target)
    elif op.startswith("cmp"):
        # `cmp:slt` asks for that predicate.
        predicate = op.partition(":")[2] or rng.choice(PREDICATES)
        op = "cmp"
        a, b = fn.value("index"), fn.value("index")
        props = f"pred = #index<cmp_predicate {predicate}>"
        fn.emit(op, f"{predicate}({a}, {b})", [a, b], ["index", "index"], "i1", props)
    elif op == "sizeof":
        fn.emit(op, "", [], [], "index")
    elif op == "constant":
        value = rng.choice(CONSTANTS)
        fn.emit(op, value, [], [], "index", f"value = {value} : index")
    else:
        value = rng.choice(["true", "false"])
        fn.emit(op, value, [], [], "i1", f"value = {value}")


def _program(seed: int, ops: list[str]) -> str:
    fn = _Fn(random.Random(seed))
    for op in ops:
        _op(fn, op)
    return function(fn.args, fn.lines, f"f{seed % 1000}")


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op, and `cmp` with every
    predicate, in turn."""
    rng = random.Random(SEED)
    order = list(ALL_OPS)
    rng.shuffle(order)
    out = []
    for i in range(PROGRAMS):
        ops = order[i * 6 : i * 6 + 6] if i * 6 < len(order) else []
        if i < len(PREDICATES):
            ops.append(f"cmp:{PREDICATES[i]}")
        ops += rng.choices(ALL_OPS, k=rng.randint(3, 12))
        out.append(Program(f"program {i}", _program(SEED + i, ops)))
    return tuple(out)


# -- invalid programs --------------------------------------------------------------


def _case(op: str, check: str, params: list[tuple[str, str]], line: str) -> InvalidCase:
    return InvalidCase(f"index.{op}", check, function(params, [line]))


def _generic(
    op: str, ins: list[str], outs: list[str], props: str = "", extra: str = ""
) -> tuple[list[tuple[str, str]], str]:
    params = [(f"%a{i}", t) for i, t in enumerate(ins)]
    return params, generic_op(f"index.{op}", [p for p, _ in params], ins, outs, props, extra)


def _binary_cases(op: str, rng: random.Random) -> list[InvalidCase]:
    out = []
    wrong = rng.choice(WRONG)
    side = rng.randrange(2)
    ins = ["index", "index"]
    ins[side] = wrong
    out.append(_case(op, f"operand #{side} type", *_generic(op, ins, ["index"])))
    out.append(_case(op, "result type", *_generic(op, ["index", "index"], [rng.choice(WRONG)])))
    out.append(_case(op, "operand count", *_generic(op, ["index"], ["index"])))
    out.append(_case(op, "result count", *_generic(op, ["index", "index"], [])))
    out.append(
        _case(op, "a property", *_generic(op, ["index", "index"], ["index"], "pred = 1 : i32"))
    )
    out.append(_case(op, "a region", *_generic(op, ["index", "index"], ["index"], "", " ({\n  })")))
    params = [("%a", "index"), ("%b", rng.choice(["i64", "i32", "f32"]))]
    out.append(_case(op, "custom form operand type", params, f"%r = index.{op} %a, %b"))
    syntax = rng.choice(
        [
            f"%r = index.{op} %a %a",
            f"%r = index.{op} %a, %a : index",
            f"%r = index.{op} %a,",
            f"%r = index.{op}(%a, %a)",
            f"%r = index.{op} %a, %a ;",
        ]
    )
    out.append(_case(op, "custom syntax", [("%a", "index")], syntax))
    return out


def _cast_cases(op: str, rng: random.Random) -> list[InvalidCase]:
    out = []
    a, b = rng.sample(["i8", "i32", "i64", "si16"], 2)
    out.append(_case(op, "two integers", *_generic(op, [a], [b])))
    out.append(_case(op, "two indices", *_generic(op, ["index"], ["index"])))
    bad = rng.choice(["f32", "vector<4xi32>", "none", "tensor<index>"])
    ins, outs = ([bad], ["index"]) if rng.random() < 0.5 else (["index"], [bad])
    out.append(_case(op, "a type that is no integer", *_generic(op, ins, outs)))
    out.append(_case(op, "operand count", *_generic(op, ["index", "i32"], ["i32"])))
    out.append(_case(op, "result count", *_generic(op, ["index"], ["i32", "i32"])))
    for syntax in (
        f"%r = index.{op} %a : index i32",
        f"%r = index.{op} %a : index to",
        f"%r = index.{op} %a to i32",
        f"%r = index.{op} %a : index, i32",
        f"%r = index.{op} %a : i32 to index",
    ):
        out.append(_case(op, "custom syntax", [("%a", "index")], syntax))
    out.append(
        _case(op, "custom form operand type", [("%a", "i32")], f"%r = index.{op} %a : i64 to index")
    )
    return out


def _cmp_cases(rng: random.Random) -> list[InvalidCase]:
    out = []
    ins = ["index", "index"]
    pred = f"pred = #index<cmp_predicate {rng.choice(PREDICATES)}>"
    out.append(_case("cmp", "missing predicate", *_generic("cmp", ins, ["i1"])))
    for bad in (
        "pred = 1 : i32",
        "pred = 2 : i64",
        'pred = "slt"',
        "pred = #index<cmp_predicate bad>",
        "pred = #index<cmp_predicate>",
        "pred = #index.cmp_predicate<slt>",
        "pred = #arith.fastmath<fast>",
        "pred = #index<foo slt>",
        "pred = #index<cmp_predicate slt junk>",
        'pred = #index<cmp_predicate "ule">',
    ):
        out.append(_case("cmp", "predicate kind", *_generic("cmp", ins, ["i1"], bad)))
    out.append(
        _case(
            "cmp",
            "predicate in the attribute dictionary",
            *_generic("cmp", ins, ["i1"], "", rng.choice([" {pred = 3 : i32}", " {pred = unit}"])),
        )
    )
    out.append(
        _case("cmp", "result type", *_generic("cmp", ins, [rng.choice(["i32", "index"])], pred))
    )
    out.append(_case("cmp", "operand type", *_generic("cmp", ["index", "i64"], ["i1"], pred)))
    out.append(_case("cmp", "operand count", *_generic("cmp", ["index"], ["i1"], pred)))
    for syntax in (
        "%r = index.cmp bad(%a, %a)",
        "%r = index.cmp (%a, %a)",
        "%r = index.cmp slt %a, %a",
        "%r = index.cmp slt(%a %a)",
        "%r = index.cmp slt(%a, %a",
        "%r = index.cmp #arith.fastmath<fast>(%a, %a)",
        "%r = index.cmp 3(%a, %a)",
        '%r = index.cmp "slt"(%a, %a)',
        "%r = index.cmp #index<cmp_predicate eq>(%a, %a)",
        "%r = index.cmp slt(%a, %a) : i1",
    ):
        out.append(_case("cmp", "custom syntax", [("%a", "index")], syntax))
    return out


def _constant_cases(rng: random.Random) -> list[InvalidCase]:
    out = []
    out.append(_case("constant", "missing value", *_generic("constant", [], ["index"])))
    for bad in ("value = 42 : i64", "value = 1.0 : f32", 'value = "a"', "value = unit"):
        out.append(_case("constant", "value kind", *_generic("constant", [], ["index"], bad)))
    out.append(
        _case("constant", "result type", *_generic("constant", [], ["i64"], "value = 1 : index"))
    )
    out.append(
        _case(
            "constant", "operand", *_generic("constant", ["index"], ["index"], "value = 1 : index")
        )
    )
    for syntax in (
        "%r = index.constant 5.0",
        "%r = index.constant 99999999999999999999",
        "%r = index.constant -9223372036854775809",
        "%r = index.constant 18446744073709551615",
        "%r = index.constant",
        "%r = index.constant 42 : i64",
        "%r = index.constant 42 : index",
        '%r = index.constant "a"',
        "%r = index.constant true",
        "%r = index.constant 0x10",
    ):
        out.append(_case("constant", "custom syntax", [], syntax))
    return out


def _bool_constant_cases(rng: random.Random) -> list[InvalidCase]:
    out = []
    out.append(_case("bool.constant", "missing value", *_generic("bool.constant", [], ["i1"])))
    for bad in ("value = 1 : i32", "value = 0 : index", 'value = "true"', "value = unit"):
        out.append(
            _case("bool.constant", "value kind", *_generic("bool.constant", [], ["i1"], bad))
        )
    out.append(
        _case(
            "bool.constant", "result type", *_generic("bool.constant", [], ["i32"], "value = true")
        )
    )
    for syntax in (
        "%r = index.bool.constant 2",
        '%r = index.bool.constant "true"',
        "%r = index.bool.constant",
        "%r = index.bool.constant yes",
        "%r = index.bool.constant 1.0",
        "%r = index.bool.constant 1",
        "%r = index.bool.constant -1",
        "%r = index.bool.constant true : i1",
    ):
        out.append(_case("bool.constant", "custom syntax", [], syntax))
    return out


def _sizeof_cases(rng: random.Random) -> list[InvalidCase]:
    out = []
    out.append(_case("sizeof", "result type", *_generic("sizeof", [], [rng.choice(WRONG)])))
    out.append(_case("sizeof", "operand", *_generic("sizeof", ["index"], ["index"])))
    out.append(_case("sizeof", "results", *_generic("sizeof", [], [])))
    for syntax in ("%r = index.sizeof %a", "%r = index.sizeof : index", "%r = index.sizeof()"):
        out.append(_case("sizeof", "custom syntax", [("%a", "index")], syntax))
    return out


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    """Cases breaking one check of one op; the random choices are drawn twice."""
    rng = random.Random(SEED + 1)
    out: list[InvalidCase] = []
    for _ in range(2):
        for op in BINARY:
            out += _binary_cases(op, rng)
        for op in ("casts", "castu"):
            out += _cast_cases(op, rng)
        out += _cmp_cases(rng)
        out += _constant_cases(rng)
        out += _bool_constant_cases(rng)
        out += _sizeof_cases(rng)
    # Each text once: the fixed variants are the same in both draws.
    return tuple({case.text: case for case in out}.values())


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `IndexOps.td`."""
    td = MLIR_INCLUDE / "Index/IR/IndexOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("index.") for op in generated.index.OPS}
    assert ours == mlir_mnemonics("Index/IR/IndexOps.td", "Index")
    assert ours == set(ALL_OPS)


def test_programs_use_every_op_and_predicate() -> None:
    """Together the accepted programs use every op, and `cmp` with every predicate."""
    accepted = [r for r in _valid_results() if r.accepted]
    used = {
        name.removeprefix("index.")
        for name in op_names(r.generic.output for r in accepted)
        if name.startswith("index.")
    }
    assert used == set(ALL_OPS)
    custom = "".join(r.custom.output for r in accepted)
    missing = [p for p in PREDICATES if f"index.cmp {p}(" not in custom]
    assert not missing


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
    figures = Figures.of("index", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
