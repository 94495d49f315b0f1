"""Random `ub` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions that make poison values of scalar, vector, tensor,
memref, complex, tuple, function and unregistered dialect types (in the short
form, in the long form `<#ub.poison>`, and in generic form with and without the
`value` property, `#ub.poison` and `#ub<poison>`), return some of them, and end
blocks with `ub.unreachable` (a function's only block, or the branches of a
`cf.cond_br`, with and without attribute dictionaries). Together the programs
use both ops of MLIR 22's `UBOps.td`. odsgen must print each exactly as
mlir-opt-22 does, in custom and in generic form.

Invalid programs break one check of one op at a time: the `value` property
(wrong kinds, misspelled attributes, given in the attribute dictionary),
operand, result and successor counts, regions, `ub.unreachable` before the end
of its block, and the custom syntax. Both tools must reject the same programs,
and odsgen must give mlir-opt-22's first error for at least 95% of them. Every
program comes from a fixed seed; run with `-s` for the figures.
"""

from __future__ import annotations

import random
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
    mlir_mnemonics,
    op_names,
)

import generated.ub

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20260303
PROGRAMS = 30
MIN_SAME_ERROR = 0.95

TYPES = [
    "i1", "i32", "i64", "index", "f16", "bf16", "f32", "f64", "si8", "ui16", "none",
    "vector<4xf32>", "vector<[8]xi8>", "vector<2x3xf64>", "tensor<?xi32>", "tensor<*xf32>",
    "tensor<2x3xindex>", "memref<4xf32>", "memref<?x4xi8, strided<[4, 1], offset: ?>>",
    "complex<f32>", "tuple<i32, f32>", "(i32) -> f32", "!foo.bar", "!foo<\"x\">",
]  # fmt: skip


def _poison(rng: random.Random, name: str, ty: str) -> str:
    """A `ub.poison` of type `ty` in one of its spellings."""
    attrs = rng.choice(["", "", "", " {tag}", " {note = 3 : i32}"])
    form = rng.randrange(5)
    # A function type as the result of a generic op's function type needs parentheses.
    result = f"({ty})" if "->" in ty else ty
    if form == 0:
        return f"{name} = ub.poison{attrs} : {ty}"
    if form == 1:
        return f"{name} = ub.poison{attrs} <#ub.poison> : {ty}"
    if form == 2:
        return f'{name} = "ub.poison"(){attrs} : () -> {result}'
    value = "#ub.poison" if form == 3 else "#ub<poison>"
    return f'{name} = "ub.poison"() <{{value = {value}}}>{attrs} : () -> {result}'


def _unreachable(rng: random.Random) -> str:
    return rng.choice(["ub.unreachable", "ub.unreachable {tag}", '"ub.unreachable"() : () -> ()'])


def _program(seed: int) -> str:
    rng = random.Random(seed)
    values = [(f"%p{i}", rng.choice(TYPES)) for i in range(rng.randint(1, 6))]
    body = "".join(f"  {_poison(rng, name, ty)}\n" for name, ty in values)
    # A function type in a result list would need its own parentheses.
    returnable = [v for v in values if "->" not in v[1]]
    returned = rng.sample(returnable, rng.randint(0, len(returnable)))
    results = ", ".join(ty for _, ty in returned)
    arrow = f" -> ({results})" if returned else ""
    ret = "return"
    if returned:
        ret += f" {', '.join(n for n, _ in returned)} : {', '.join(t for _, t in returned)}"
    name = f"@f{seed % 1000}"
    shape = rng.randrange(3)
    if shape == 0:
        text = f"func.func {name}(){arrow} {{\n{body}  {ret}\n}}\n"
    elif shape == 1:
        text = f"func.func {name}(){arrow} {{\n{body}  {_unreachable(rng)}\n}}\n"
    else:
        text = (
            f"func.func {name}(%c: i1){arrow} {{\n{body}"
            f"  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  {_unreachable(rng)}\n^bb2:\n  {ret}\n}}\n"
        )
    if rng.random() < 0.3:
        text += f"func.func @never{seed % 1000}() {{\n  {_unreachable(rng)}\n}}\n"
    return text


@cache
def programs() -> tuple[Program, ...]:
    return tuple(Program(f"program {i}", _program(SEED + i)) for i in range(PROGRAMS))


# -- invalid programs --------------------------------------------------------------


def _function(lines: list[str], params: str = "") -> str:
    body = "".join(f"  {line}\n" for line in lines)
    return f"func.func @f({params}) {{\n{body}  return\n}}\n"


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    out: list[InvalidCase] = []

    def poison(check: str, line: str, params: str = "") -> None:
        out.append(InvalidCase("ub.poison", check, _function([line], params)))

    for value in (
        "1 : i32",
        "unit",
        '"poison"',
        "#arith.fastmath<fast>",
        "#ub.poisen",
        "#ub<poison<1>>",
        "[#ub.poison]",
        "#ub.poison<>",
        "#ub",
    ):
        ty = rng.choice(TYPES[:12])
        poison("value kind", f'%r = "ub.poison"() <{{value = {value}}}> : () -> {ty}')
    for attrs in (" {value = 1 : i32}", " {value = #ub.poison}", " {value}"):
        poison("value in the attribute dictionary", f'%r = "ub.poison"(){attrs} : () -> i32')
    poison("unknown property", '%r = "ub.poison"() <{other = 1 : i32}> : () -> i32')
    poison("an operand", '%r = "ub.poison"(%a) : (i32) -> i32', "%a: i32")
    poison("no result", '"ub.poison"() : () -> ()')
    poison("two results", '%r:2 = "ub.poison"() : () -> (i32, i32)')
    poison("a region", '%r = "ub.poison"() ({\n  }) : () -> i32')
    for line in (
        "%r = ub.poison",
        "%r = ub.poison :",
        "%r = ub.poison <1 : i32> : i32",
        "%r = ub.poison <#ub.poison : i32",
        "%r = ub.poison : i32 <#ub.poison>",
        "%r = ub.poison #ub.poison : i32",
        "%r = ub.poison <> : i32",
        "%r = ub.poison : i32, i32",
        "%r = ub.poison ; i32",
    ):
        poison("custom syntax", line)

    def unreachable(check: str, text: str) -> None:
        out.append(InvalidCase("ub.unreachable", check, text))

    unreachable(
        "not the last op of its block",
        "func.func @f() {\n  ub.unreachable\n  return\n}\n",
    )
    unreachable(
        "an operand",
        'func.func @f(%a: i32) {\n  "ub.unreachable"(%a) : (i32) -> ()\n}\n',
    )
    unreachable("a result", 'func.func @f() {\n  %r = "ub.unreachable"() : () -> i32\n}\n')
    unreachable(
        "a successor",
        'func.func @f() {\n  "ub.unreachable"() [^bb1] : () -> ()\n^bb1:\n  return\n}\n',
    )
    unreachable("a region", 'func.func @f() {\n  "ub.unreachable"() ({\n  }) : () -> ()\n}\n')
    unreachable(
        "a property", 'func.func @f() {\n  "ub.unreachable"() <{x = 1 : i32}> : () -> ()\n}\n'
    )
    for line in (
        "ub.unreachable %a",
        "ub.unreachable : i32",
        "ub.unreachable()",
        "ub.unreachable ;",
    ):
        unreachable("custom syntax", f"func.func @f(%a: i32) {{\n  {line}\n}}\n")
    return tuple(out)


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `UBOps.td`."""
    td = MLIR_INCLUDE / "UB/IR/UBOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("ub.") for op in generated.ub.OPS}
    assert ours == mlir_mnemonics("UB/IR/UBOps.td", "UB_Op")
    assert ours == {"poison", "unreachable"}


def test_programs_use_every_op() -> None:
    """Together the accepted programs use both ops, in every spelling aimed at."""
    accepted = [r for r in _valid_results() if r.accepted]
    assert op_names(r.generic.output for r in accepted) >= {"ub.poison", "ub.unreachable"}
    written = "".join(r.program.text for r in accepted)
    forms = ["<#ub.poison>", "#ub<poison>", '"ub.poison"() :', "ub.unreachable {tag}", "^bb1"]
    missing = [form for form in forms if form not in written]
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
    figures = Figures.of("ub", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
