"""Random `func`, `arith` and `cf` programs in custom form, against mlir-opt-22.

Each case is a module of a few functions and private declarations, written at the
top level or inside an explicit `module {`, `module @name {` or
`module ... attributes {...} {`. Functions take scalar, vector (fixed and
scalable), tensor (static and dynamic) and memref arguments and return any number
of results, with argument attributes (`{llvm.noalias}`, `{test.arg}`), result
attributes, `attributes {...}` and public or private visibility. Bodies have
several blocks, with block arguments, joined by `cf.br`, `cf.cond_br` (with and
without weights) and `cf.switch` (with `default:`, with and without cases and
operands), including loops and unreachable blocks. Their ops are random:
`arith.constant` of every integer, index and float type (edge values, NaN and
infinity) and `dense` vectors and tensors (splats, lists, nested lists, hex
blobs); every integer and float binary op with `overflow<...>`, `exact` and
`fastmath<...>`; `cmpi` and `cmpf` with every predicate; `select` with scalar and
shaped conditions; every cast, with overflow, rounding-mode and fast-math flags;
`addui_extended`, `mulsi_extended`, `mului_extended` and `negf`; `cf.assert`; and
`func.call`, `func.constant` and `func.call_indirect` of functions with zero, one
or several results.

mlir-opt-22 must accept at least 95% of the cases. For each accepted case it
prints the custom and the generic form; odsgen, reading mlir-opt's custom output,
must print both byte for byte as mlir-opt does, and must also print the case as
written exactly as mlir-opt prints it. A case counts as accepted only when
mlir-opt also reads its own custom output back unchanged. Each case has its own
fixed seed, so a failure always reproduces.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import random
import shutil
import subprocess
from collections.abc import Callable
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

SEED = 20261125
CASES = 160
CHUNKS = 10

INTS = ["i1", "i8", "i16", "i32", "i64"]
FLOATS = ["f16", "bf16", "f32", "f64"]
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
#: (container, dimensions, weight) of the shapes values get; "" is a scalar.
SHAPES = [("", "", 55), ("vector", "4", 15), ("vector", "[4]", 7), ("tensor", "4", 12)]
SHAPES += [("tensor", "2x3", 11)]

INT_BINARY = [
    "addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi", "floordivsi",
    "remui", "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi",
    "maxsi", "maxui", "minsi", "minui",
]  # fmt: skip
OVERFLOW = {"addi", "subi", "muli", "shli"}
EXACT = {"divui", "divsi", "shrui", "shrsi"}
FLOAT_BINARY = [
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "maxnumf", "minimumf", "minnumf",
]  # fmt: skip
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
]  # fmt: skip
OVERFLOW_FLAGS = ["nsw", "nuw", "nsw, nuw", "nuw, nsw", "nuw,nsw", "none"]
FASTMATH = [
    "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "none",
    "nnan,ninf", "reassoc,contract", "nnan, nsz", "nnan,ninf,nsz,arcp,contract,afn,reassoc",
]  # fmt: skip
#: Same-width pairs for `arith.bitcast`.
BITCASTS = [("i16", "f16"), ("f16", "bf16"), ("bf16", "i16"), ("i32", "f32"), ("f32", "i32")]
BITCASTS += [("i64", "f64"), ("f64", "i64"), ("i8", "i8"), ("f32", "f32")]
ROUNDING = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"]
FLOAT_TEXT = ["0.0", "-0.0", "1.0", "1.5", "-2.25", "3.14159", "0.1", "100.0", "-7.0"]
FLOAT_TEXT += ["1.0e+10", "1.0e-10", "2.5e-3", "65504.0"]
FLOAT_HEX = {
    "f16": ["0x7C00", "0xFC00", "0x7E00", "0x0001"],
    "bf16": ["0x7F80", "0x7FC0", "0xFF80"],
    "f32": ["0x7F800000", "0xFF800000", "0x7FC00000", "0x00000001"],
    "f64": ["0x7FF0000000000000", "0x7FF8000000000000", "0xFFF0000000000000"],
}
MESSAGES = ["", "ok", "index out of range", 'say \\"hi\\"', "line\\nbreak", "tab\\09", "\\\\"]
#: Every op the cases are meant to contain, as mlir-opt's generic form names it.
OPS = (
    [f"arith.{op}" for op in [*INT_BINARY, *FLOAT_BINARY]]
    + [f"arith.{op}" for op in ["negf", "cmpi", "cmpf", "select", "constant"]]
    + [f"arith.{op}" for op in ["extsi", "extui", "trunci", "extf", "truncf", "sitofp"]]
    + [f"arith.{op}" for op in ["uitofp", "fptosi", "fptoui", "index_cast", "index_castui"]]
    + ["arith.bitcast", "arith.addui_extended", "arith.mulsi_extended", "arith.mului_extended"]
    + ["func.func", "func.call", "func.call_indirect", "func.constant", "func.return"]
    + ["cf.br", "cf.cond_br", "cf.switch", "cf.assert", "builtin.module"]
)


@dataclass(frozen=True)
class Ty:
    """A value type: a scalar, or a vector, tensor or memref of `elem`."""

    elem: str
    kind: str = ""
    dims: str = ""

    def __str__(self) -> str:
        return f"{self.kind}<{self.dims}x{self.elem}>" if self.kind else self.elem

    def like(self, elem: str) -> Ty:
        """The same shape with another element type."""
        return Ty(elem, self.kind, self.dims)

    @property
    def static(self) -> bool:
        """Whether an `arith.constant` can make a value of this type."""
        return self.kind != "memref" and "?" not in self.dims

    @property
    def shape(self) -> list[int]:
        return [int(d) for d in self.dims.strip("[]").split("x")] if self.dims else []


I1 = Ty("i1")
#: Argument types an `arith.constant` cannot make: only passed in, or used as they are.
OPAQUE = [Ty("f32", "memref", "?"), Ty("i32", "memref", "4"), Ty("f32", "tensor", "?")]
OPAQUE += [Ty("i64", "tensor", "?")]


@dataclass(frozen=True)
class Sig:
    """A function of the module: its name as written after `@`, and its type."""

    name: str
    args: tuple[Ty, ...]
    results: tuple[Ty, ...]

    @property
    def type_text(self) -> str:
        return _function_type(self.args, self.results)


def _function_type(args: tuple[Ty, ...], results: tuple[Ty, ...]) -> str:
    outs = ", ".join(map(str, results))
    return f"({', '.join(map(str, args))}) -> " + (outs if len(results) == 1 else f"({outs})")


@dataclass
class _Fn:
    """A function body being written: the current block's lines and usable values."""

    rng: random.Random
    sigs: list[Sig]
    lines: list[str] = field(default_factory=list)
    pool: dict[Ty, list[str]] = field(default_factory=dict)
    #: Values mlir-opt prints as `%N#i`: results of calls with several results.
    numbered: set[str] = field(default_factory=set)
    count: int = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def add(self, ty: Ty, name: str) -> None:
        self.pool.setdefault(ty, []).append(name)

    def has(self, ty: Ty) -> bool:
        return ty.static or bool(self.pool.get(ty))

    def pick(self, ty: Ty, unnumbered: bool = False) -> str:
        """A value of type `ty`, made by a new constant when there is none yet.

        With `unnumbered`, not one mlir-opt prints as `%N#i`: its `cf.switch` parser
        rejects those (`result number not allowed in argument list`), so its own
        output would not read back.
        """
        options = [v for v in self.pool.get(ty, []) if not (unnumbered and v in self.numbered)]
        if options:
            return self.rng.choice(options)
        name = self.fresh()
        self.lines.append(f"{name} = {_constant(self.rng, ty)}")
        self.add(ty, name)
        return name

    def type_of(self, elems: list[str]) -> Ty:
        """A type with one of `elems`: usually a new one, sometimes one already in use."""
        used = [t for t in self.pool if t.elem in elems and t.kind != "memref"]
        if used and self.rng.random() < 0.2:
            return self.rng.choice(used)
        return _shaped(self.rng, self.rng.choice(elems))

    def results(self, types: tuple[Ty, ...], numbered: bool = False) -> str:
        """The `%r = `, `%r:2 = ` or `%a, %b = ` in front of an op with these results.

        `numbered` says mlir-opt prints several results as `%N:2` (no result names).
        """
        if not types:
            return ""
        if len(types) == 1:
            name = self.fresh()
            self.add(types[0], name)
            return f"{name} = "
        if self.rng.random() < 0.5:
            name = self.fresh()
            names = [f"{name}#{i}" for i in range(len(types))]
            lhs = f"{name}:{len(types)} = "
        else:
            names = [self.fresh() for _ in types]
            lhs = ", ".join(names) + " = "
        for ty, name in zip(types, names, strict=True):
            self.add(ty, name)
        if numbered:
            self.numbered.update(names)
        return lhs


def _shaped(rng: random.Random, elem: str, shaped: bool = True) -> Ty:
    if not shaped:
        return Ty(elem)
    kind, dims, _ = rng.choices(SHAPES, weights=[w for _, _, w in SHAPES])[0]
    return Ty(elem, kind, dims)


def _int_text(rng: random.Random, elem: str) -> str:
    if elem == "index":
        return str(rng.choice([0, 1, -1, 7, 64, 1 << 40]))
    if elem == "i1":
        return rng.choice(["true", "false"])
    bits = WIDTH[elem]
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return str(rng.choice([0, 1, -1, 2, 42, low, high, rng.randint(low, high), (1 << bits) - 1]))


def _float_text(rng: random.Random, elem: str) -> str:
    if rng.random() < 0.15:
        return rng.choice(FLOAT_HEX[elem])
    return rng.choice(FLOAT_TEXT)


def _element_text(rng: random.Random, elem: str) -> str:
    return _float_text(rng, elem) if elem in FLOATS else _int_text(rng, elem)


def _constant(rng: random.Random, ty: Ty) -> str:
    """The text of an `arith.constant` of type `ty` (which must be static)."""
    if not ty.kind:
        if ty.elem == "i1" and rng.random() < 0.8:
            return f"arith.constant {_int_text(rng, 'i1')}"
        if ty.elem == "i1":
            return f"arith.constant {rng.choice([0, 1])} : i1"
        return f"arith.constant {_element_text(rng, ty.elem)} : {ty}"
    if "[" in ty.dims or rng.random() < 0.4:
        return f"arith.constant dense<{_element_text(rng, ty.elem)}> : {ty}"
    return f"arith.constant dense<{_nested(rng, ty.elem, ty.shape)}> : {ty}"


def _nested(rng: random.Random, elem: str, shape: list[int]) -> str:
    if not shape:
        return _element_text(rng, elem)
    return "[" + ", ".join(_nested(rng, elem, shape[1:]) for _ in range(shape[0])) + "]"


def _op_constant(fn: _Fn) -> None:
    rng = fn.rng
    if rng.random() < 0.08:
        # More than 100 elements: mlir-opt prints them as a hex blob.
        ty = Ty(rng.choice(["i8", "i32", "f32", "i1"]), "tensor", str(rng.choice([101, 128])))
        text = f"arith.constant dense<{_nested(rng, ty.elem, ty.shape)}> : {ty}"
    elif rng.random() < 0.1:
        ty = Ty(rng.choice(INTS), "tensor", "0")
        text = f"arith.constant dense<[]> : {ty}"
    else:
        ty = _shaped(rng, rng.choice([*INTS, "index", *FLOATS]))
        text = _constant(rng, ty)
    fn.lines.append(f"{fn.results((ty,))}{text}")


def _attr_dict(rng: random.Random) -> str:
    return rng.choice(
        ["", "", "", "", "", "", " {test.tag}", ' {test.note = "n", test.id = 3 : i64}']
    )


def _op_int_binary(fn: _Fn) -> None:
    rng = fn.rng
    ty = fn.type_of([*INTS, "index"])
    op = rng.choice(INT_BINARY)
    flags = ""
    if op in OVERFLOW and rng.random() < 0.6:
        flags = f" overflow<{rng.choice(OVERFLOW_FLAGS)}>"
    elif op in EXACT and rng.random() < 0.5:
        flags = " exact"
    a, b = fn.pick(ty), fn.pick(ty)
    fn.lines.append(f"{fn.results((ty,))}arith.{op} {a}, {b}{flags}{_attr_dict(rng)} : {ty}")


def _fastmath(rng: random.Random, chance: float = 0.5) -> str:
    return f" fastmath<{rng.choice(FASTMATH)}>" if rng.random() < chance else ""


def _op_float_binary(fn: _Fn) -> None:
    rng = fn.rng
    ty = fn.type_of(FLOATS)
    op = rng.choice(FLOAT_BINARY)
    a, b = fn.pick(ty), fn.pick(ty)
    flags = _fastmath(rng)
    fn.lines.append(f"{fn.results((ty,))}arith.{op} {a}, {b}{flags}{_attr_dict(rng)} : {ty}")


def _op_negf(fn: _Fn) -> None:
    ty = fn.type_of(FLOATS)
    a = fn.pick(ty)
    fn.lines.append(f"{fn.results((ty,))}arith.negf {a}{_fastmath(fn.rng)} : {ty}")


def _op_compare(fn: _Fn) -> None:
    rng = fn.rng
    if rng.random() < 0.5:
        ty = fn.type_of([*INTS, "index"])
        a, b = fn.pick(ty), fn.pick(ty)
        text = f"arith.cmpi {rng.choice(CMPI)}, {a}, {b} : {ty}"
    else:
        ty = fn.type_of(FLOATS)
        a, b = fn.pick(ty), fn.pick(ty)
        text = f"arith.cmpf {rng.choice(CMPF)}, {a}, {b}{_fastmath(rng, 0.3)} : {ty}"
    fn.lines.append(f"{fn.results((ty.like('i1'),))}{text}")


def _op_select(fn: _Fn) -> None:
    rng = fn.rng
    ty = fn.type_of([*INTS, "index", *FLOATS])
    cond_ty = ty.like("i1")
    if ty.kind and rng.random() < 0.6 and fn.has(cond_ty):
        cond, types = fn.pick(cond_ty), f"{cond_ty}, {ty}"
    else:
        cond, types = fn.pick(I1), str(ty)
    a, b = fn.pick(ty), fn.pick(ty)
    fn.lines.append(f"{fn.results((ty,))}arith.select {cond}, {a}, {b}{_attr_dict(rng)} : {types}")


def _cast_elems(rng: random.Random) -> tuple[str, str, str, str]:
    """A cast op, its source and result element types, and its flags."""
    kind = rng.choice(["ext", "trunc", "extf", "truncf", "tofp", "fromfp", "index", "bitcast"])
    if kind in ("ext", "trunc"):
        narrow, wide = sorted(rng.sample(INTS, 2), key=WIDTH.__getitem__)
        if kind == "ext":
            return rng.choice(["extsi", "extui"]), narrow, wide, ""
        flags = f" overflow<{rng.choice(OVERFLOW_FLAGS)}>" if rng.random() < 0.4 else ""
        return "trunci", wide, narrow, flags
    if kind in ("extf", "truncf"):
        narrow, wide = rng.choice(
            [("f16", "f32"), ("f16", "f64"), ("bf16", "f32"), ("bf16", "f64")]
        )
        narrow, wide = rng.choice([(narrow, wide), ("f32", "f64")])
        if kind == "extf":
            return "extf", narrow, wide, _fastmath(rng, 0.3)
        mode = f" {rng.choice(ROUNDING)}" if rng.random() < 0.4 else ""
        return "truncf", wide, narrow, mode + _fastmath(rng, 0.3)
    if kind == "tofp":
        return rng.choice(["sitofp", "uitofp"]), rng.choice(INTS), rng.choice(FLOATS), ""
    if kind == "fromfp":
        return rng.choice(["fptosi", "fptoui"]), rng.choice(FLOATS), rng.choice(INTS), ""
    if kind == "index":
        op = rng.choice(["index_cast", "index_castui"])
        other = rng.choice(INTS)
        return (op, "index", other, "") if rng.random() < 0.5 else (op, other, "index", "")
    src, dst = rng.choice(BITCASTS)
    return "bitcast", src, dst, ""


def _op_cast(fn: _Fn) -> None:
    op, src_elem, dst_elem, flags = _cast_elems(fn.rng)
    src = fn.type_of([src_elem])
    dst = src.like(dst_elem)
    a = fn.pick(src)
    fn.lines.append(f"{fn.results((dst,))}arith.{op} {a}{flags} : {src} to {dst}")


def _op_extended(fn: _Fn) -> None:
    rng = fn.rng
    ty = fn.type_of(["i8", "i16", "i32", "i64"])
    a, b = fn.pick(ty), fn.pick(ty)
    if rng.random() < 0.4:
        carry = ty.like("i1")
        text = f"arith.addui_extended {a}, {b} : {ty}, {carry}"
        fn.lines.append(f"{fn.results((ty, carry))}{text}")
    else:
        op = rng.choice(["mulsi_extended", "mului_extended"])
        fn.lines.append(f"{fn.results((ty, ty))}arith.{op} {a}, {b} : {ty}")


def _op_assert(fn: _Fn) -> None:
    cond = fn.pick(I1)
    fn.lines.append(f'cf.assert {cond}, "{fn.rng.choice(MESSAGES)}"{_attr_dict(fn.rng)}')


def _callable(fn: _Fn) -> Sig | None:
    options = [s for s in fn.sigs if all(fn.has(t) for t in s.args)]
    return fn.rng.choice(options) if options else None


def _op_call(fn: _Fn) -> None:
    rng = fn.rng
    sig = _callable(fn)
    if sig is None:
        return
    args = ", ".join(fn.pick(t) for t in sig.args)
    spelling = rng.choice(["func.call", "call"])
    attrs = rng.choice(["", "", "", " {no_inline}", " {test.site = 7 : i64}"])
    lhs = fn.results(sig.results, numbered=True)
    fn.lines.append(f"{lhs}{spelling} @{sig.name}({args}){attrs} : {sig.type_text}")


def _op_call_indirect(fn: _Fn) -> None:
    rng = fn.rng
    sig = _callable(fn)
    if sig is None:
        return
    ref = fn.fresh()
    fn.lines.append(
        f"{ref} = {rng.choice(['func.constant', 'constant'])} @{sig.name} : {sig.type_text}"
    )
    args = ", ".join(fn.pick(t) for t in sig.args)
    spelling = rng.choice(["func.call_indirect", "call_indirect"])
    lhs = fn.results(sig.results, numbered=True)
    fn.lines.append(f"{lhs}{spelling} {ref}({args}) : {sig.type_text}")


_OPS: list[tuple[Callable[[_Fn], None], int]] = [
    (_op_int_binary, 18),
    (_op_float_binary, 12),
    (_op_negf, 2),
    (_op_compare, 12),
    (_op_select, 6),
    (_op_cast, 14),
    (_op_extended, 4),
    (_op_constant, 7),
    (_op_assert, 3),
    (_op_call, 5),
    (_op_call_indirect, 3),
]


def _arg_type(rng: random.Random) -> Ty:
    if rng.random() < 0.15:
        return rng.choice(OPAQUE)
    return _result_type(rng)


def _result_type(rng: random.Random) -> Ty:
    return _shaped(rng, rng.choice([*INTS, "index", *FLOATS]), rng.random() < 0.3)


def _arg_attr(rng: random.Random, ty: Ty) -> str:
    if ty.kind in ("memref", "tensor") and rng.random() < 0.5:
        return rng.choice([" {llvm.noalias}", " {llvm.noalias, test.arg}"])
    return rng.choice([""] * 8 + [" {test.arg}", ' {test.name = "x", test.pos = 1 : i64}'])


def _signature(rng: random.Random, name: str) -> Sig:
    args = tuple(_arg_type(rng) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])))
    results = tuple(_result_type(rng) for _ in range(rng.choice([0, 1, 1, 1, 2, 3])))
    return Sig(name, args, results)


def _results_text(rng: random.Random, sig: Sig) -> str:
    attrs = [rng.choice([""] * 6 + [" {test.res}", " {test.res = 1 : i32}"]) for _ in sig.results]
    if not sig.results:
        return rng.choice(["", "", " -> ()"])
    if len(sig.results) == 1 and not attrs[0] and rng.random() < 0.8:
        return f" -> {sig.results[0]}"
    return " -> (" + ", ".join(f"{t}{a}" for t, a in zip(sig.results, attrs, strict=True)) + ")"


def _fn_attrs(rng: random.Random) -> str:
    options = [" attributes {test.fn}", " attributes {test.level = 2 : i32, test.fn}"]
    return rng.choice([""] * 4 + [*options, " attributes {llvm.emit_c_interface}"])


def _declaration(rng: random.Random, sig: Sig) -> str:
    args = ", ".join(f"{t}{_arg_attr(rng, t)}" for t in sig.args)
    return f"func.func private @{sig.name}({args}){_results_text(rng, sig)}{_fn_attrs(rng)}"


def _dest(fn: _Fn, label: str, args: tuple[Ty, ...], unnumbered: bool = False) -> str:
    if not args:
        return f"^{label}"
    values = ", ".join(fn.pick(t, unnumbered) for t in args)
    return f"^{label}({values} : {', '.join(map(str, args))})"


def _case_values(rng: random.Random, bits: int) -> list[int]:
    """Distinct case values for a `cf.switch` on a `bits`-wide flag.

    mlir-opt prints case values zero-extended (`-1` of an i8 flag as `255`) and reads
    them back as signed 64-bit integers, so negative values of an i64 flag would
    not read back.
    """
    if bits == 1:
        return [0, 1]
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if bits == 64:
        low = 0
    values = {0, 1, -1, 2, 7, 42, -100, low, high, rng.randint(low, high)}
    return sorted(v for v in values if low <= v <= high)


def _terminator(
    fn: _Fn, block: int, labels: list[str], block_args: list[tuple[Ty, ...]], sig: Sig
) -> str:
    """The last op of `block`: a return, or a branch to any block but the entry block."""
    rng = fn.rng
    if block == len(labels) - 1 or rng.random() < 0.12:
        values = [fn.pick(t) for t in sig.results]
        spelling = rng.choice(["return", "return", "func.return"])
        if not values:
            return spelling
        return f"{spelling} {', '.join(values)} : {', '.join(map(str, sig.results))}"
    later = list(range(1, len(labels)))
    first = block + 1 if rng.random() < 0.6 else rng.choice(later)
    kind = rng.random()
    if kind < 0.35:
        return f"cf.br {_dest(fn, labels[first], block_args[first])}{_attr_dict(rng)}"
    if kind < 0.7:
        second = rng.choice(later)
        cond = fn.pick(I1)
        weights = ""
        if rng.random() < 0.3:
            weights = f" weights([{rng.randint(0, 100)}, {rng.randint(0, 100)}])"
        true_dest = _dest(fn, labels[first], block_args[first])
        false_dest = _dest(fn, labels[second], block_args[second])
        return f"cf.cond_br {cond}{weights}, {true_dest}, {false_dest}{_attr_dict(rng)}"
    flag_ty = Ty(rng.choice(["i1", "i8", "i16", "i32", "i64"]))
    flag = fn.pick(flag_ty)
    candidates = _case_values(rng, WIDTH[flag_ty.elem])
    chosen = rng.sample(candidates, rng.randint(0, min(4, len(candidates))))
    entries = [f"default: {_dest(fn, labels[first], block_args[first], True)}"]
    for value in chosen:
        target = rng.choice(later)
        entries.append(f"{value}: {_dest(fn, labels[target], block_args[target], True)}")
    if rng.random() < 0.3:
        return f"cf.switch {flag} : {flag_ty}, [{', '.join(entries)}]"
    body = ",\n".join(f"  {entry}" for entry in entries)
    return f"cf.switch {flag} : {flag_ty}, [\n{body}\n]"


def _function(rng: random.Random, sig: Sig, sigs: list[Sig]) -> str:
    """A function definition of several blocks."""
    visibility = rng.choice(["", "", "", "", "private ", "public "])
    fn = _Fn(rng, sigs)
    params = []
    for i, ty in enumerate(sig.args):
        params.append(f"%a{i}: {ty}{_arg_attr(rng, ty)}")
        fn.add(ty, f"%a{i}")
    head = f"func.func {visibility}@{sig.name}({', '.join(params)})"
    text = [f"{head}{_results_text(rng, sig)}{_fn_attrs(rng)} {{"]
    blocks = rng.choice([1, 1, 2, 2, 3, 3, 4, 5])
    labels = ["bb0"] + [
        f"{rng.choice(['bb', 'then', 'loop', 'exit', 'next'])}{b}" for b in range(1, blocks)
    ]
    block_args = [()] + [
        tuple(_result_type(rng) for _ in range(rng.choice([0, 0, 1, 1, 2])))
        for _ in range(1, blocks)
    ]
    if not sig.args and rng.random() < 0.3:
        text.append("^bb0:")
    kinds = [k for k, w in _OPS for _ in range(w)]
    entry_pool: dict[Ty, list[str]] = {}
    for b in range(blocks):
        fn.lines = []
        if b > 0:
            fn.pool = {t: list(v) for t, v in entry_pool.items()}
            names = [f"%b{b}_{i}" for i in range(len(block_args[b]))]
            for ty, name in zip(block_args[b], names, strict=True):
                fn.add(ty, name)
            params_text = ", ".join(f"{n}: {t}" for n, t in zip(names, block_args[b], strict=True))
            text.append(f"^{labels[b]}({params_text}):" if names else f"^{labels[b]}:")
        for _ in range(rng.randint(1 if b == 0 else 0, 7)):
            rng.choice(kinds)(fn)
        fn.lines.append(_terminator(fn, b, labels, block_args, sig))
        if b == 0:
            entry_pool = {t: list(v) for t, v in fn.pool.items()}
        text.extend("  " + line for chunk in fn.lines for line in chunk.split("\n"))
    text.append("}")
    return "\n".join(text)


def _program(seed: int) -> str:
    """A module of a few functions and declarations, sometimes inside explicit `module`."""
    rng = random.Random(seed)
    names = [
        rng.choice(["f", "fn", "main_", "compute"]) + str(i)
        for i in range(rng.choice([1, 1, 2, 2, 3, 4]))
    ]
    if rng.random() < 0.1:
        names[0] = '"quoted name"'
    defined = [_signature(rng, name) for name in names]
    declared = [_signature(rng, f"ext{i}") for i in range(rng.choice([0, 0, 1, 2]))]
    sigs = defined + declared
    items = [_function(rng, sig, sigs) for sig in defined]
    items += [_declaration(rng, sig) for sig in declared]
    rng.shuffle(items)
    body = "\n".join(items)
    wrap = rng.random()
    if wrap < 0.35:
        return body + "\n"
    if wrap < 0.6:
        head = "module {"
    elif wrap < 0.72:
        head = f"module @m{seed % 1000} {{"
    elif wrap < 0.82:
        head = "module attributes {test.mod} {"
    else:
        head = f'module @m{seed % 1000} attributes {{test.mod, test.version = 3 : i64, test.name = "n"}} {{'
    indented = "\n".join("  " + line for line in body.splitlines())
    return f"{head}\n{indented}\n}}\n"


@dataclass(frozen=True)
class Case:
    """One generated program and what mlir-opt-22 prints for it (None when it rejects it)."""

    seed: int
    text: str
    custom: str | None
    generic: str | None
    error: str


def _mlir_opt(text: str, generic: bool) -> subprocess.CompletedProcess[str]:
    assert MLIR_OPT is not None
    args = [MLIR_OPT, "-", *(["--mlir-print-op-generic"] if generic else [])]
    return subprocess.run(args, input=text, capture_output=True, text=True, check=False)


def _oracle(seed: int) -> Case:
    text = _program(seed)
    custom = _mlir_opt(text, generic=False)
    if custom.returncode != 0:
        first = next((line for line in custom.stderr.splitlines() if "error:" in line), "")
        return Case(seed, text, None, None, first or custom.stderr.strip())
    generic = _mlir_opt(text, generic=True)
    if generic.returncode != 0:
        return Case(seed, text, None, None, generic.stderr.strip())
    again = _mlir_opt(custom.stdout, generic=False)
    if again.returncode != 0 or again.stdout != custom.stdout:
        # odsgen reads mlir-opt's output, so it must be text mlir-opt itself reads back.
        return Case(seed, text, None, None, f"output does not read back: {again.stderr.strip()}")
    return Case(seed, text, custom.stdout, generic.stdout, "")


@cache
def cases() -> tuple[Case, ...]:
    """Every generated program with mlir-opt-22's output (deterministic for `SEED`)."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return tuple(pool.map(_oracle, range(SEED, SEED + CASES)))


def _accepted() -> list[Case]:
    return [c for c in cases() if c.custom is not None]


def _odsgen(text: str, tmp: Path, generic: bool) -> str:
    """What `odsgen opt` (run in process, writing with `-o`) prints for `text`."""
    source, output = tmp / "input.mlir", tmp / "output.mlir"
    source.write_text(text, encoding="utf-8")
    output.unlink(missing_ok=True)
    err = io.StringIO()
    argv = ["opt", str(source), "-o", str(output), *(["--print-generic"] if generic else [])]
    try:
        with contextlib.redirect_stderr(err):
            code = main(argv)
    except Exception as e:  # a crash is reported like any other mismatch
        return f"<odsgen raised {type(e).__name__}: {e}>\n"
    if code != 0:
        return f"<odsgen exited with {code}>\n{err.getvalue()}"
    return output.read_text(encoding="utf-8")


def _diff(case: Case, label: str, expected: str, actual: str) -> str:
    lines = list(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile="mlir-opt-22",
            tofile="odsgen",
            n=1,
        )
    )
    shown = "".join(lines[:40]) + (
        f"... ({len(lines) - 40} more diff lines)\n" if len(lines) > 40 else ""
    )
    return f"seed {case.seed}, {label}:\n{shown}"


def test_mlir_opt_accepts_the_programs() -> None:
    """The programs are valid: mlir-opt-22 accepts at least 95% of them."""
    rejected = [c for c in cases() if c.custom is None]
    details = "\n".join(f"seed {c.seed}: {c.error}" for c in rejected[:10])
    assert len(rejected) <= 0.05 * CASES, (
        f"mlir-opt-22 rejects {len(rejected)} of {CASES}:\n{details}"
    )


def test_the_programs_cover_the_dialects() -> None:
    """Together the accepted programs contain every op, predicate and syntax form aimed at."""
    generic = "".join(c.generic or "" for c in _accepted())
    custom = "".join(c.custom or "" for c in _accepted())
    missing = [op for op in OPS if f'"{op}"' not in generic]
    missing += [f"cmpi {p}" for p in CMPI if f"arith.cmpi {p}," not in custom]
    missing += [f"cmpf {p}" for p in CMPF if f"arith.cmpf {p}," not in custom]
    forms = [
        "overflow<nsw>", "overflow<nuw>", "overflow<nsw, nuw>", " exact ", "fastmath<fast>",
        "fastmath<nnan,ninf>", "to_nearest_away", "weights([", "default: ^bb", "{llvm.noalias}",
        ") attributes {", "func.func private @", "func.func public @", "module @m",
        "module attributes {", 'dense<"0x', "dense<>", "vector<[4]x", "tensor<2x3x", "memref<",
        "{test.res", "// no predecessors", "= call @", "= call_indirect %f", "#1", "%true",
        "%c-1_i", "%cst_", "%low, %high", "%sum, %overflow", "cf.assert", "{no_inline}",
    ]  # fmt: skip
    missing += [form for form in forms if form not in custom]
    assert not missing, f"never produced: {missing}"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_odsgen_prints_what_mlir_opt_prints(chunk: int, tmp_path: Path) -> None:
    """odsgen reads mlir-opt-22's custom output and prints it, custom and generic, exactly
    as mlir-opt does; it prints the program as written the same way too."""
    failures: list[str] = []
    checked = 0
    for case in _accepted()[chunk::CHUNKS]:
        assert case.custom is not None
        assert case.generic is not None
        checked += 1
        runs = [
            ("custom form of mlir-opt's output", case.custom, False, case.custom),
            ("generic form of mlir-opt's output", case.custom, True, case.generic),
            ("custom form of the program as written", case.text, False, case.custom),
        ]
        for label, source, generic, expected in runs:
            ours = _odsgen(source, tmp_path, generic)
            if ours != expected:
                failures.append(_diff(case, label, expected, ours))
    assert checked
    assert not failures, (
        f"{len(failures)} mismatches in {checked} programs; the first {min(3, len(failures))}:\n"
        + "\n".join(failures[:3])
    )
