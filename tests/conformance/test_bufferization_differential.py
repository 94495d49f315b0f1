"""Random `bufferization` programs, valid and invalid, against mlir-opt-22.

Valid programs are functions that move values between tensors and memrefs of
static, dynamic and unranked shapes, of several element types, with layouts and
memory spaces: `alloc_tensor` (dynamic sizes, `copy`, `size_hint`,
`memory_space`), `to_buffer` (`read_only`), `to_tensor` (`restrict`,
`writable`), `materialize_in_destination` into tensors and memrefs, `clone`,
`dealloc` (with and without conditions and retained buffers) and
`dealloc_tensor`, some written in generic form and some with attribute
dictionaries. Together they use every op of MLIR 22's bufferization dialect.
odsgen must print each exactly as mlir-opt-22 does, in custom and in generic form.

Invalid programs break one check of one op at a time (each verifier message,
the type-agreement traits and constraints, the custom syntax). Both tools must
reject them, and odsgen must give mlir-opt-22's first error for at least 95% of
them. Every program comes from a fixed seed; run with `-s` for the figures.
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
    mlir_mnemonics,
    op_names,
)

import generated.bufferization

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261128
PROGRAMS = 40
MIN_SAME_ERROR = 0.95

ALL_OPS = [
    "alloc_tensor", "clone", "dealloc", "dealloc_tensor", "materialize_in_destination",
    "to_buffer", "to_tensor",
]  # fmt: skip

#: Shapes (as written between `<` and the element type) of ranked values.
SHAPES = ["4x", "?x4x", "2x?x", "", "?x", "8x16x"]
ELEMENTS = ["f32", "f16", "i8", "i32", "index", "complex<f32>"]
#: Memref layouts and memory spaces a buffer may have (after the element type).
BUFFER_SUFFIXES = ["", "", "", ", 1", ", 3"]


@dataclass
class _Gen:
    rng: random.Random
    params: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    counter: int = 0
    #: Values by type.
    tensors: list[tuple[str, str]] = field(default_factory=list)
    buffers: list[tuple[str, str]] = field(default_factory=list)

    def fresh(self, base: str = "v") -> str:
        self.counter += 1
        return f"%{base}{self.counter}"

    def param(self, ty: str, base: str = "a") -> str:
        name = f"%arg_{base}{len(self.params)}"
        self.params.append((name, ty))
        return name

    def shape(self) -> tuple[str, str]:
        """A shape and an element type; the shape "*" is unranked."""
        rng = self.rng
        shape = "*x" if rng.random() < 0.15 else rng.choice(SHAPES)
        return shape, rng.choice(ELEMENTS)

    def tensor(self, shape: str, element: str) -> str:
        have = [v for v, t in self.tensors if t == f"tensor<{shape}{element}>"]
        if have and self.rng.random() < 0.6:
            return self.rng.choice(have)
        value = self.param(f"tensor<{shape}{element}>", "t")
        self.tensors.append((value, f"tensor<{shape}{element}>"))
        return value

    def buffer(self, shape: str, element: str, suffix: str = "") -> str:
        ty = f"memref<{shape}{element}{suffix}>"
        have = [v for v, t in self.buffers if t == ty]
        if have and self.rng.random() < 0.6:
            return self.rng.choice(have)
        value = self.param(ty, "m")
        self.buffers.append((value, ty))
        return value

    def index(self) -> str:
        return self.param("index", "n")

    def attr_dict(self) -> str:
        return self.rng.choice(["", "", "", " {test.tag}", ' {test.name = "x"}'])

    # -- ops ----------------------------------------------------------------------------

    def op_alloc_tensor(self) -> None:
        rng = self.rng
        shape, element = self.shape()
        if shape == "*x":
            shape = "?x"
        ty = f"tensor<{shape}{element}>"
        result = self.fresh("t")
        if rng.random() < 0.3:
            source = self.tensor(shape, element)
            self.lines.append(
                f"{result} = bufferization.alloc_tensor() copy({source}){self.attr_dict()} : {ty}"
            )
        else:
            sizes = ", ".join(self.index() for _ in range(shape.count("?")))
            hint = f" size_hint={self.index()}" if rng.random() < 0.3 else ""
            space = rng.choice(["", "", " {memory_space = 1 : i64}", " {memory_space = 3 : i32}"])
            self.lines.append(f"{result} = bufferization.alloc_tensor({sizes}){hint}{space} : {ty}")
        self.tensors.append((result, ty))

    def op_to_buffer(self) -> None:
        shape, element = self.shape()
        source = self.tensor(shape, element)
        suffix = self.rng.choice(BUFFER_SUFFIXES) if shape != "*x" else ""
        if suffix == "" and shape.count("?") and self.rng.random() < 0.3:
            strides = ", ".join("?" for _ in range(shape.count("x")))
            suffix = f", strided<[{strides}], offset: ?>"
        read_only = self.rng.choice(["", " read_only"])
        result = self.fresh("m")
        ty = f"memref<{shape}{element}{suffix}>"
        if self.rng.random() < 0.2:
            unit = "{read_only}" if read_only else ""
            props = f" <{unit}>" if unit else ""
            self.lines.append(
                f'{result} = "bufferization.to_buffer"({source}){props} : '
                f"(tensor<{shape}{element}>) -> {ty}"
            )
        else:
            self.lines.append(
                f"{result} = bufferization.to_buffer {source}{read_only}{self.attr_dict()} : "
                f"tensor<{shape}{element}> to {ty}"
            )
        self.buffers.append((result, ty))

    def op_to_tensor(self) -> None:
        shape, element = self.shape()
        suffix = self.rng.choice(BUFFER_SUFFIXES) if shape != "*x" else ""
        source = self.buffer(shape, element, suffix)
        flags = self.rng.choice(["", " restrict", " writable", " restrict writable"])
        result = self.fresh("t")
        ty = f"tensor<{shape}{element}>"
        self.lines.append(
            f"{result} = bufferization.to_tensor {source}{flags}{self.attr_dict()} : "
            f"memref<{shape}{element}{suffix}> to {ty}"
        )
        self.tensors.append((result, ty))

    def op_materialize(self) -> None:
        rng = self.rng
        shape, element = self.shape()
        source = self.tensor(shape, element)
        # The destination's shape may have static sizes where the source's are dynamic.
        dest_shape = "x".join(
            str(rng.randint(1, 9)) if d == "?" and rng.random() < 0.3 else d
            for d in shape.split("x")
        )
        src_ty = f"tensor<{shape}{element}>"
        if rng.random() < 0.5:
            dest = self.tensor(dest_shape, element)
            dest_ty = f"tensor<{dest_shape}{element}>"
            result = self.fresh("t")
            self.lines.append(
                f"{result} = bufferization.materialize_in_destination {source} in {dest}"
                f"{self.attr_dict()} : ({src_ty}, {dest_ty}) -> {dest_ty}"
            )
            return
        suffix = rng.choice(BUFFER_SUFFIXES) if shape != "*x" else ""
        dest = self.buffer(dest_shape, element, suffix)
        restrict = rng.choice(["", "restrict "])
        self.lines.append(
            f"bufferization.materialize_in_destination {source} in {restrict}writable {dest} : "
            f"({src_ty}, memref<{dest_shape}{element}{suffix}>) -> ()"
        )

    def op_clone(self) -> None:
        shape, element = self.shape()
        source = self.buffer(shape, element)
        ty = f"memref<{shape}{element}>"
        result = self.fresh("m")
        self.lines.append(
            f"{result} = bufferization.clone {source}{self.attr_dict()} : {ty} to {ty}"
        )
        self.buffers.append((result, ty))

    def op_dealloc(self) -> None:
        rng = self.rng
        memrefs = [self.buffer(*self.shape()) for _ in range(rng.randint(0, 3))]
        retained = [self.buffer(*self.shape()) for _ in range(rng.randint(0, 2))]
        types = dict(self.params) | dict(self.buffers)
        text = "bufferization.dealloc"
        if memrefs:
            conditions = [self.param("i1", "c") for _ in memrefs]
            text += f" ({', '.join(memrefs)} : {', '.join(types[m] for m in memrefs)})"
            text += f" if ({', '.join(conditions)})"
        if retained:
            text += f" retain ({', '.join(retained)} : {', '.join(types[m] for m in retained)})"
        text += self.attr_dict()
        if retained:
            result = self.fresh("own")
            lhs = result if len(retained) == 1 else f"{result}:{len(retained)}"
            text = f"{lhs} = {text}"
        self.lines.append(text)

    def op_dealloc_tensor(self) -> None:
        shape, element = self.shape()
        source = self.tensor(shape, element)
        self.lines.append(
            f"bufferization.dealloc_tensor {source}{self.attr_dict()} : tensor<{shape}{element}>"
        )


OPS = {
    "alloc_tensor": _Gen.op_alloc_tensor,
    "clone": _Gen.op_clone,
    "dealloc": _Gen.op_dealloc,
    "dealloc_tensor": _Gen.op_dealloc_tensor,
    "materialize_in_destination": _Gen.op_materialize,
    "to_buffer": _Gen.op_to_buffer,
    "to_tensor": _Gen.op_to_tensor,
}


def _program(seed: int, first: str) -> str:
    rng = random.Random(seed)
    gen = _Gen(rng)
    for op in [first, *rng.choices(ALL_OPS, k=rng.randint(3, 10))]:
        OPS[op](gen)
    return function(gen.params, gen.lines, f"f{seed % 1000}")


@cache
def programs() -> tuple[Program, ...]:
    """The valid programs; the first ones go through every op in turn."""
    return tuple(
        Program(f"program {i}", _program(SEED + i, ALL_OPS[i % len(ALL_OPS)]))
        for i in range(PROGRAMS)
    )


# -- invalid programs --------------------------------------------------------------


def _invalid_templates(rng: random.Random) -> list[tuple[str, str, list[tuple[str, str]], str]]:
    """(op, check, params, line) of programs that each break one check."""
    e = rng.choice(["f32", "i8", "f16"])
    other = "i32" if e != "i32" else "f64"
    d = rng.randint(2, 9)
    t = f"tensor<?x{d}x{e}>"
    m = f"memref<?x{d}x{e}>"
    dyn = [("%n", "index")]
    return [
        ("alloc_tensor", "sizes with copy", [("%t", t), *dyn],
         f"%r = bufferization.alloc_tensor(%n) copy(%t) : {t}"),
        ("alloc_tensor", "too few sizes", [], f"%r = bufferization.alloc_tensor() : {t}"),
        ("alloc_tensor", "too many sizes", dyn,
         f"%r = bufferization.alloc_tensor(%n, %n) : {t}"),
        ("alloc_tensor", "copy type", [("%t", f"tensor<{d}x?x{e}>")],
         f'%r = "bufferization.alloc_tensor"(%t) <{{operandSegmentSizes = array<i32: 0, 1, 0>}}>'
         f" : (tensor<{d}x?x{e}>) -> tensor<{d}x{d}x{e}>"),
        ("alloc_tensor", "memref result", dyn,
         f"%r = bufferization.alloc_tensor(%n) : {m}"),
        ("alloc_tensor", "size type", [("%i", "i64")],
         f'%r = "bufferization.alloc_tensor"(%i) <{{operandSegmentSizes = array<i32: 1, 0, 0>}}>'
         f" : (i64) -> {t}"),
        ("alloc_tensor", "syntax", dyn, f"%r = bufferization.alloc_tensor %n : {t}"),
        ("to_buffer", "shape", [("%t", t)],
         f"%r = bufferization.to_buffer %t : {t} to memref<?x{d + 1}x{e}>"),
        ("to_buffer", "element type", [("%t", t)],
         f"%r = bufferization.to_buffer %t : {t} to memref<?x{d}x{other}>"),
        ("to_buffer", "rank", [("%t", t)],
         f"%r = bufferization.to_buffer %t : {t} to memref<{d}x{e}>"),
        ("to_buffer", "unranked to ranked", [("%t", f"tensor<*x{e}>")],
         f"%r = bufferization.to_buffer %t : tensor<*x{e}> to memref<{d}x{e}>"),
        ("to_buffer", "not a tensor", [("%t", m)],
         f'%r = "bufferization.to_buffer"(%t) : ({m}) -> {m}'),
        ("to_buffer", "not a memref", [("%t", t)],
         f'%r = "bufferization.to_buffer"(%t) : ({t}) -> {t}'),
        ("to_tensor", "shape", [("%m", m)],
         f"%r = bufferization.to_tensor %m : {m} to tensor<{d}x{d}x{e}>"),
        ("to_tensor", "element type", [("%m", m)],
         f"%r = bufferization.to_tensor %m : {m} to tensor<?x{d}x{other}>"),
        ("to_tensor", "flag order", [("%m", m)],
         f"%r = bufferization.to_tensor %m writable restrict : {m} to {t}"),
        ("to_tensor", "not a memref", [("%m", t)],
         f'%r = "bufferization.to_tensor"(%m) : ({t}) -> {t}'),
        ("materialize_in_destination", "writable tensor", [("%s", t), ("%d", t)],
         f"%r = bufferization.materialize_in_destination %s in writable %d : "
         f"({t}, {t}) -> {t}"),
        ("materialize_in_destination", "memref without writable", [("%s", t), ("%d", m)],
         f"bufferization.materialize_in_destination %s in %d : ({t}, {m}) -> ()"),
        ("materialize_in_destination", "restrict tensor", [("%s", t), ("%d", t)],
         f"%r = bufferization.materialize_in_destination %s in restrict %d : "
         f"({t}, {t}) -> {t}"),
        ("materialize_in_destination", "rank", [("%s", t), ("%d", f"tensor<{d}x{e}>")],
         f"%r = bufferization.materialize_in_destination %s in %d : "
         f"({t}, tensor<{d}x{e}>) -> tensor<{d}x{e}>"),
        ("materialize_in_destination", "shape", [("%s", t), ("%d", f"tensor<?x{d + 1}x{e}>")],
         f"%r = bufferization.materialize_in_destination %s in %d : "
         f"({t}, tensor<?x{d + 1}x{e}>) -> tensor<?x{d + 1}x{e}>"),
        ("materialize_in_destination", "element type", [("%s", t), ("%d", f"tensor<?x{d}x{other}>")],
         f"%r = bufferization.materialize_in_destination %s in %d : "
         f"({t}, tensor<?x{d}x{other}>) -> tensor<?x{d}x{other}>"),
        ("materialize_in_destination", "result type", [("%s", t), ("%d", t)],
         f"%r = bufferization.materialize_in_destination %s in %d : "
         f"({t}, {t}) -> tensor<{d}x{d}x{e}>"),
        ("materialize_in_destination", "no result", [("%s", t), ("%d", t)],
         f"bufferization.materialize_in_destination %s in %d : ({t}, {t}) -> ()"),
        ("materialize_in_destination", "memref result", [("%s", t), ("%d", m)],
         f"%r = bufferization.materialize_in_destination %s in writable %d : "
         f"({t}, {m}) -> {t}"),
        ("materialize_in_destination", "unranked", [("%s", t), ("%d", f"tensor<*x{e}>")],
         f"%r = bufferization.materialize_in_destination %s in %d : "
         f"({t}, tensor<*x{e}>) -> tensor<*x{e}>"),
        ("clone", "not a memref", [("%m", t)], f"%r = bufferization.clone %m : {t} to {t}"),
        ("clone", "syntax", [("%m", m)], f"%r = bufferization.clone %m : {m}, {m}"),
        ("dealloc", "conditions", [("%m", m), ("%c", "i1")],
         f"bufferization.dealloc (%m : {m}) if (%c, %c)"),
        ("dealloc", "results", [("%m", m), ("%c", "i1")],
         f'%r:2 = "bufferization.dealloc"(%m, %c) <{{operandSegmentSizes = array<i32: 1, 1, 0>}}>'
         f" : ({m}, i1) -> (i1, i1)"),
        ("dealloc", "condition type", [("%m", m), ("%c", "i32")],
         f'"bufferization.dealloc"(%m, %c) <{{operandSegmentSizes = array<i32: 1, 1, 0>}}>'
         f" : ({m}, i32) -> ()"),
        ("dealloc", "tensor", [("%m", t), ("%c", "i1")],
         f"bufferization.dealloc (%m : {t}) if (%c)"),
        ("dealloc", "missing if", [("%m", m)], f"bufferization.dealloc (%m : {m})"),
        ("dealloc_tensor", "memref", [("%m", m)], f"bufferization.dealloc_tensor %m : {m}"),
        ("dealloc_tensor", "result", [("%t", t)],
         f'%r = "bufferization.dealloc_tensor"(%t) : ({t}) -> {t}'),
    ]  # fmt: skip


@cache
def invalid_cases() -> tuple[InvalidCase, ...]:
    rng = random.Random(SEED + 1)
    out: list[InvalidCase] = []
    for round_ in range(3):
        for op, check, params, line in _invalid_templates(rng):
            text = function(params, [line])
            out.append(InvalidCase(f"bufferization.{op}", f"{check} ({round_})", text))
    return tuple(out)


# -- the tests ---------------------------------------------------------------------


@cache
def _valid_results() -> list[ValidResult]:
    return check_valid(programs())


@cache
def _invalid_results() -> list[InvalidResult]:
    return check_invalid(invalid_cases())


def test_every_op_of_the_dialect_is_defined() -> None:
    """The spec defines exactly the ops of MLIR 22's `BufferizationOps.td`."""
    td = MLIR_INCLUDE / "Bufferization/IR/BufferizationOps.td"
    if not td.is_file():
        pytest.skip(f"{td} is absent")
    ours = {op.OPERATION_NAME.removeprefix("bufferization.") for op in generated.bufferization.OPS}
    assert ours == mlir_mnemonics("Bufferization/IR/BufferizationOps.td", "Bufferization_")
    assert ours == set(ALL_OPS)


def test_programs_use_every_op() -> None:
    """Together the programs mlir-opt-22 accepts use every op of the dialect."""
    accepted = [r.generic.output for r in _valid_results() if r.accepted]
    used = {
        n.removeprefix("bufferization.")
        for n in op_names(accepted)
        if n.startswith("bufferization.")
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
    """Both tools reject the broken programs."""
    results = _invalid_results()
    disagree = [r.difference() for r in results if not r.agree]
    assert not disagree, f"{len(disagree)} disagreements:\n" + "\n".join(disagree[:5])
    accepted = [r.case.name for r in results if r.theirs.ok]
    assert not accepted, f"mlir-opt-22 accepts: {accepted}"


def test_first_errors_match() -> None:
    """At least 95% of the rejected programs get mlir-opt-22's first error; the figures
    are printed (run with -s)."""
    figures = Figures.of("bufferization", _valid_results(), _invalid_results())
    print(figures)
    mismatches = [
        r.difference()
        for r in _invalid_results()
        if not r.theirs.ok and not r.ours.ok and not r.same
    ]
    assert figures.rejected
    assert figures.same_share >= MIN_SAME_ERROR, f"{figures}\n" + "\n".join(mismatches[:15])
