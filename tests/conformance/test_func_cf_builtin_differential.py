"""`func`, `cf` and `builtin` against mlir-opt-22: builtin programs, and invalid
programs of all three dialects.

Valid `func` and `cf` programs, in which every op of both dialects appears, are
`test_custom_differential.py`'s; this module adds the valid programs of
`builtin`: nested modules (named, with attributes, with `attributes {...}`,
written in generic form) and `builtin.unrealized_conversion_cast` with zero,
one and several operands and results of many types, in custom and generic form,
some inside functions. odsgen must print each exactly as mlir-opt-22 does, in
custom and in generic form.

Invalid programs break one check of one op of the three dialects at a time:
`func.func` (signature and entry block, visibility, body of a declaration),
`func.return` (count, types, parent), `func.call` and `func.call_indirect`
(unknown callee, operand and result counts and types), `func.constant`,
`cf.br`/`cf.cond_br`/`cf.switch` (successor operand counts and types, condition
and flag types, case values and case operand lists), `cf.assert`,
`builtin.module` (arguments, names, terminators, where it may be) and
`builtin.unrealized_conversion_cast` (syntax, types). Both tools must reject
them, and odsgen must give mlir-opt-22's first error for at least 95% of them.
Every program comes from a fixed seed; run with `-s` for the figures.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from conformance.differential import (
    MLIR_OPT,
    Figures,
    InvalidCase,
    InvalidResult,
    Program,
    ValidResult,
    check_invalid,
    check_valid,
    op_names,
)

import generated.builtin
import generated.cf
import generated.func

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261129
PROGRAMS = 30
MIN_SAME_ERROR = 0.95

#: Every op of MLIR 22's builtin, func and cf dialects.
BUILTIN_OPS = ["builtin.module", "builtin.unrealized_conversion_cast"]
FUNC_OPS = ["func.call", "func.call_indirect", "func.constant", "func.func", "func.return"]
CF_OPS = ["cf.assert", "cf.br", "cf.cond_br", "cf.switch"]

TYPES = [
    "i1", "i32", "f32", "index", "tensor<4xf32>", "memref<?xi8>", "vector<2xf16>", "none",
    "tuple<i32, f32>", "complex<f64>", "tensor<*xbf16>", "memref<2x?xi64, 1>",
]  # fmt: skip


def _cast(
    rng: random.Random, values: list[tuple[str, str]], name: str, *, top: bool
) -> tuple[str, list[str]]:
    """An `unrealized_conversion_cast` line, and the types of its results."""
    ins = rng.sample(values, rng.randint(0, min(3, len(values))))
    outs = [rng.choice(TYPES) for _ in range(rng.randint(1, 3))]
    lhs = name if len(outs) == 1 else f"{name}:{len(outs)}"
    if rng.random() < 0.25:
        ins_ty = ", ".join(t for _, t in ins)
        outs_ty = outs[0] if len(outs) == 1 else f"({', '.join(outs)})"
        uses = ", ".join(v for v, _ in ins)
        attrs = rng.choice(["", ' {note = "x"}'])
        line = (
            f'{lhs} = "builtin.unrealized_conversion_cast"({uses}){attrs} : ({ins_ty}) -> {outs_ty}'
        )
        return line, outs
    # The short spelling is read where `builtin` is the default dialect: outside
    # functions.
    short = top and rng.random() < 0.5
    text = f"{lhs} = {'' if short else 'builtin.'}unrealized_conversion_cast"
    if ins:
        text += f" {', '.join(v for v, _ in ins)} : {', '.join(t for _, t in ins)}"
    text += f" to {', '.join(outs)}"
    text += rng.choice(["", "", " {test.tag}"])
    return text, outs


def _module_head(rng: random.Random, depth: int) -> str:
    name = rng.choice(["", "", f"@m{depth}{rng.randint(0, 99)} "])
    attrs = rng.choice(["", "", "attributes {test.a = 1 : i32} ", "attributes {test.unit} "])
    return f"module {name}{attrs}{{"


def _body(rng: random.Random, depth: int, counter: list[int]) -> list[str]:
    lines: list[str] = []
    values: list[tuple[str, str]] = []
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if choice < 0.2 and depth < 3:
            if rng.random() < 0.3:
                lines.append('"builtin.module"() ({')
                lines += ["  " + line for line in _body(rng, depth + 1, counter)]
                lines.append("}) : () -> ()")
            else:
                lines.append(_module_head(rng, depth))
                lines += ["  " + line for line in _body(rng, depth + 1, counter)]
                lines.append("}")
        elif choice < 0.45:
            counter[0] += 1
            params = [(f"%a{i}", rng.choice(TYPES)) for i in range(rng.randint(0, 3))]
            header = ", ".join(f"{v}: {t}" for v, t in params)
            body = []
            local = list(params)
            for _ in range(rng.randint(1, 3)):
                counter[0] += 1
                line, outs = _cast(rng, local, f"%c{counter[0]}", top=False)
                body.append("  " + line)
                name = f"%c{counter[0]}"
                local += [
                    (name if len(outs) == 1 else f"{name}#{i}", t) for i, t in enumerate(outs)
                ]
            lines.append(f"func.func @f{counter[0]}({header}) {{")
            lines += body
            lines.append("  return")
            lines.append("}")
        else:
            counter[0] += 1
            line, outs = _cast(rng, values, f"%t{counter[0]}", top=True)
            name = f"%t{counter[0]}"
            values += [(name if len(outs) == 1 else f"{name}#{i}", t) for i, t in enumerate(outs)]
            lines.append(line)
    return lines


def _program(seed: int) -> str:
    rng = random.Random(seed)
    lines = _body(rng, 0, [0])
    if rng.random() < 0.5:
        lines = [_module_head(rng, 0), *("  " + line for line in lines), "}"]
    return "\n".join(lines) + "\n"


@cache
def programs() -> tuple[Program, ...]:
    return tuple(Program(f"program {i}", _program(SEED + i)) for i in range(PROGRAMS))


# -- invalid programs --------------------------------------------------------------


def _invalid_templates(rng: random.Random) -> list[tuple[str, str, str]]:
    """(op, check, program) of programs that each break one check."""
    t = rng.choice(["i32", "f32", "index", "i8"])
    u = rng.choice(["i64", "f16", "tensor<2xi1>"])
    c = rng.randint(0, 9)
    return [
        # func.func
        ("func.func", "entry block arguments", f"func.func @f(%a: {t}) {{\n^bb0(%b: {u}):\n  return\n}}\n"),
        ("func.func", "entry block count", f'"func.func"() <{{function_type = ({t}) -> (), sym_name = "f"}}> ({{\n^bb0:\n  "func.return"() : () -> ()\n}}) : () -> ()\n'),
        ("func.func", "declaration visibility", f"func.func @f(%a: {t})\n"),
        ("func.func", "public declaration", f"func.func public @f({t})\n"),
        ("func.func", "function type", f'"func.func"() <{{function_type = {t}, sym_name = "f"}}> ({{\n}}) : () -> ()\n'),
        ("func.func", "missing name", f"func.func ({t}) -> {t}\n"),
        ("func.func", "duplicate name", f"func.func private @f() -> {t}\nfunc.func private @f() -> {u}\n"),
        ("func.func", "argument attributes", f'"func.func"() <{{arg_attrs = [{{}}, {{}}], function_type = ({t}) -> (), sym_name = "f", sym_visibility = "private"}}> ({{\n}}) : () -> ()\n'),
        ("func.func", "visibility", 'func.func @f() attributes {sym_visibility = "hidden"} {\n  return\n}\n'),
        # func.return
        ("func.return", "count", f"func.func @f(%a: {t}) -> ({t}, {t}) {{\n  return %a : {t}\n}}\n"),
        ("func.return", "type", f"func.func @f(%a: {t}) -> {u} {{\n  return %a : {t}\n}}\n"),
        ("func.return", "parent", f"func.func @f() {{\n  %r = scf.execute_region -> {t} {{\n    %c = \"test.v\"() : () -> {t}\n    func.return %c : {t}\n  }}\n  return\n}}\n"),
        ("func.return", "not last", "func.func @f() {\n  return\n  return\n}\n"),
        # func.call
        ("func.call", "unknown callee", f"func.func @f(%a: {t}) {{\n  call @g(%a) : ({t}) -> ()\n  return\n}}\n"),
        ("func.call", "operand count", f"func.func private @g({t})\nfunc.func @f(%a: {t}) {{\n  call @g(%a, %a) : ({t}, {t}) -> ()\n  return\n}}\n"),
        ("func.call", "operand type", f"func.func private @g({u})\nfunc.func @f(%a: {t}) {{\n  call @g(%a) : ({t}) -> ()\n  return\n}}\n"),
        ("func.call", "result count", f"func.func private @g() -> {t}\nfunc.func @f() {{\n  call @g() : () -> ()\n  return\n}}\n"),
        ("func.call", "result type", f"func.func private @g() -> {t}\nfunc.func @f() {{\n  %r = call @g() : () -> {u}\n  return\n}}\n"),
        ("func.call", "callee not a function", "module @g {\n}\nfunc.func @f() {\n  call @g() : () -> ()\n  return\n}\n"),
        ("func.call", "syntax", f"func.func private @g({t})\nfunc.func @f(%a: {t}) {{\n  call @g %a : ({t}) -> ()\n  return\n}}\n"),
        # func.call_indirect
        ("func.call_indirect", "operand type", f"func.func @f(%g: ({t}) -> (), %a: {u}) {{\n  \"func.call_indirect\"(%g, %a) : (({t}) -> (), {u}) -> ()\n  return\n}}\n"),
        ("func.call_indirect", "result count", f"func.func @f(%g: () -> {t}) {{\n  \"func.call_indirect\"(%g) : (() -> {t}) -> ()\n  return\n}}\n"),
        ("func.call_indirect", "callee type", f"func.func @f(%g: {t}) {{\n  call_indirect %g() : () -> ()\n  return\n}}\n"),
        # func.constant
        ("func.constant", "unknown function", f"func.func @f() {{\n  %g = constant @h : () -> {t}\n  return\n}}\n"),
        ("func.constant", "type", f"func.func private @h() -> {t}\nfunc.func @f() {{\n  %g = constant @h : () -> {u}\n  return\n}}\n"),
        ("func.constant", "not a function type", f"func.func private @h() -> {t}\nfunc.func @f() {{\n  %g = \"func.constant\"() <{{value = @h}}> : () -> {t}\n  return\n}}\n"),
        # cf.br
        ("cf.br", "operand count", f"func.func @f(%a: {t}) {{\n  cf.br ^bb1(%a : {t})\n^bb1:\n  return\n}}\n"),
        ("cf.br", "operand type", f"func.func @f(%a: {t}) {{\n  cf.br ^bb1(%a : {t})\n^bb1(%b: {u}):\n  return\n}}\n"),
        ("cf.br", "unknown block", "func.func @f() {\n  cf.br ^bb9\n^bb1:\n  return\n}\n"),
        ("cf.br", "not last", "func.func @f() {\n  cf.br ^bb1\n  return\n^bb1:\n  return\n}\n"),
        # cf.cond_br
        ("cf.cond_br", "condition type", f"func.func @f(%c: {t}) {{\n  cf.cond_br %c, ^bb1, ^bb1\n^bb1:\n  return\n}}\n"),
        ("cf.cond_br", "true operands", f"func.func @f(%c: i1, %a: {t}) {{\n  cf.cond_br %c, ^bb1(%a : {t}), ^bb2\n^bb1:\n  return\n^bb2:\n  return\n}}\n"),
        ("cf.cond_br", "false operand type", f"func.func @f(%c: i1, %a: {t}) {{\n  cf.cond_br %c, ^bb1, ^bb2(%a : {t})\n^bb1:\n  return\n^bb2(%b: {u}):\n  return\n}}\n"),
        ("cf.cond_br", "weights count", "func.func @f(%c: i1) {\n  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1\n^bb1:\n  return\n}\n"),
        ("cf.cond_br", "weights sum", "func.func @f(%c: i1) {\n  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1\n^bb1:\n  return\n}\n"),
        # cf.switch
        ("cf.switch", "case operand type", f"func.func @f(%x: i32, %a: {t}) {{\n  cf.switch %x : i32, [\n    default: ^bb1,\n    {c}: ^bb2(%a : {t})\n  ]\n^bb1:\n  return\n^bb2(%b: {u}):\n  return\n}}\n"),
        ("cf.switch", "default operand count", f"func.func @f(%x: i32, %a: {t}) {{\n  cf.switch %x : i32, [\n    default: ^bb1(%a : {t})\n  ]\n^bb1:\n  return\n}}\n"),
        ("cf.switch", "case value count", '"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({\n^bb0(%x: i32):\n  "cf.switch"(%x) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : tensor<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  "func.return"() : () -> ()\n}) : () -> ()\n'),
        ("cf.switch", "case value type", '"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({\n^bb0(%x: i32):\n  "cf.switch"(%x) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : tensor<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  "func.return"() : () -> ()\n}) : () -> ()\n'),
        ("cf.switch", "flag type", f"func.func @f(%x: {rng.choice(['f32', 'index'])}) {{\n  cf.switch %x : f32, [\n    default: ^bb1\n  ]\n^bb1:\n  return\n}}\n"),
        ("cf.switch", "missing default", "func.func @f(%x: i32) {\n  cf.switch %x : i32, [\n    1: ^bb1\n  ]\n^bb1:\n  return\n}\n"),
        ("cf.switch", "case values without cases", '"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({\n^bb0(%x: i32):\n  "cf.switch"(%x) [^bb1] <{case_operand_segments = array<i32>, case_values = dense<[1]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  "func.return"() : () -> ()\n}) : () -> ()\n'),
        # cf.assert
        ("cf.assert", "condition type", f'func.func @f(%c: {t}) {{\n  cf.assert %c, "m"\n  return\n}}\n'),
        ("cf.assert", "message", "func.func @f(%c: i1) {\n  cf.assert %c\n  return\n}\n"),
        ("cf.assert", "message kind", '"func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({\n^bb0(%c: i1):\n  "cf.assert"(%c) <{msg = 1 : i32}> : (i1) -> ()\n  "func.return"() : () -> ()\n}) : () -> ()\n'),
        # builtin.module
        ("builtin.module", "region arguments", '"builtin.module"() ({\n^bb0(%a: i32):\n}) : () -> ()\n'),
        ("builtin.module", "terminator", 'module {\n  "func.return"() : () -> ()\n}\n'),
        ("builtin.module", "results", '%r = "builtin.module"() ({\n}) : () -> i32\n'),
        ("builtin.module", "inside a function", "func.func @f() {\n  module {\n  }\n  return\n}\n"),
        ("builtin.module", "name", "module @ {\n}\n"),
        ("builtin.module", "duplicate symbol", "module {\n  module @m {\n  }\n  module @m {\n  }\n}\n"),
        ("builtin.module", "dialect attribute", "module attributes {test} {\n}\n"),
        # builtin.unrealized_conversion_cast
        ("builtin.unrealized_conversion_cast", "no results", f'func.func @f(%a: {t}) {{\n  "builtin.unrealized_conversion_cast"(%a) : ({t}) -> ()\n  return\n}}\n'),
        ("builtin.unrealized_conversion_cast", "missing to", f"func.func @f(%a: {t}) {{\n  %r = builtin.unrealized_conversion_cast %a : {t} {u}\n  return\n}}\n"),
        ("builtin.unrealized_conversion_cast", "operand type", f"func.func @f(%a: {t}) {{\n  %r = builtin.unrealized_conversion_cast %a : {u} to {t}\n  return\n}}\n"),
        ("builtin.unrealized_conversion_cast", "type count", f"func.func @f(%a: {t}) {{\n  %r = builtin.unrealized_conversion_cast %a, %a : {t} to {u}\n  return\n}}\n"),
    ]  # fmt: skip


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    out: list[InvalidCase] = []
    for round_ in range(2):
        for op, check, text in _invalid_templates(rng):
            out.append(InvalidCase(op, f"{check} ({round_})", text))
    return tuple(out)


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialects_is_defined() -> None:
    """The specs define exactly the ops of MLIR 22's builtin, func and cf dialects."""
    for module, ops in (
        (generated.builtin, BUILTIN_OPS),
        (generated.func, FUNC_OPS),
        (generated.cf, CF_OPS),
    ):
        assert {op.OPERATION_NAME for op in module.OPS} == set(ops)


def test_programs_use_every_builtin_op() -> None:
    """Together the builtin programs mlir-opt-22 accepts use every op of builtin."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    assert {n for n in op_names(accepted) if n.startswith("builtin.")} == set(BUILTIN_OPS)


def test_invalid_cases_cover_every_op() -> None:
    """Every op of the three dialects has checks broken by some invalid program."""
    assert {case.op for case in invalid_cases()} == set(BUILTIN_OPS + FUNC_OPS + CF_OPS)


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
    """Both tools reject the broken programs."""
    results = _invalid_results()
    disagree = [r.difference() for r in results if not r.agree]
    assert not disagree, f"{len(disagree)} disagreements:\n" + "\n".join(disagree[:5])
    accepted = [r.case.name for r in results if r.theirs.ok]
    assert not accepted, f"mlir-opt-22 accepts: {accepted}"


@pytest.mark.parametrize("dialect", ["func", "cf", "builtin"])
def test_first_errors_match(dialect: str) -> None:
    """For each dialect, at least 95% of the rejected programs get mlir-opt-22's first
    error; the figures are printed (run with -s)."""
    invalid = [r for r in _invalid_results() if r.case.op.startswith(dialect + ".")]
    valid = _valid_results() if dialect == "builtin" else []
    figures = Figures.of(dialect, valid, invalid)
    print(figures)
    mismatches = [
        r.difference() for r in invalid if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
