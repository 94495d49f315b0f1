"""Random `memref` and `tensor` programs through `--canonicalize`, against mlir-opt-22.

The programs use the ops whose folders the specs define: `memref.rank` and
`tensor.rank` of ranked and unranked operands, `memref.dim` and `tensor.dim` of
static and dynamic dimensions at constant and unknown indices (of function
arguments, new buffers and empty tensors), elements of `tensor.from_elements`,
allocations left unused, collapses undone by expansions and the reverse, casts and
bitcasts to the same and to other types, slices that are or are not the whole
tensor, and concatenations of one and of several tensors. Their results are
returned, so nothing is dead. Indices other than constants are function
arguments, and no op's operand comes from another of these ops, so MLIR's
patterns that the specs do not port (constant arguments folded into static
lists, casts folded into their users) have nothing to do.

`odsgen opt --canonicalize` must print at least 95% of the programs exactly as
`mlir-opt-22 --canonicalize` does; every program comes from a fixed seed.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import pytest
from conformance.differential import MLIR_OPT, first_error

from generator.cli import main

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261129
PROGRAMS = 60
MIN_SAME = 0.95
ELEMENTS = ["f32", "i32", "f16", "i8"]


def _program(seed: int) -> str:
    rng = random.Random(seed)
    args: list[tuple[str, str]] = []
    lines: list[str] = []
    results: list[tuple[str, str]] = []

    def arg(ty: str) -> str:
        name = f"%a{len(args)}"
        args.append((name, ty))
        return name

    def index() -> str:
        if rng.random() < 0.6:
            name = f"%c{len(lines)}"
            lines.append(f"{name} = arith.constant {rng.randint(0, 2)} : index")
            return name
        return arg("index")

    for n in range(rng.randint(3, 8)):
        t = rng.choice(ELEMENTS)
        r = f"%r{n}"
        kind = rng.choice(
            ["mrank", "trank", "mdim", "tdim", "cast", "slice", "concat", "mcast", "alloc",
             "empty", "extract", "reshape"]
        )  # fmt: skip
        dims = [rng.choice([2, 4, None]) for _ in range(rng.randint(1, 3))]
        shape = "".join(("?" if d is None else str(d)) + "x" for d in dims)
        if kind in ("mrank", "trank"):
            container = "memref" if kind == "mrank" else "tensor"
            ty = f"{container}<{shape}{t}>" if rng.random() < 0.7 else f"{container}<*x{t}>"
            lines.append(f"{r} = {container}.rank {arg(ty)} : {ty}")
            results.append((r, "index"))
        elif kind in ("mdim", "tdim"):
            container = "memref" if kind == "mdim" else "tensor"
            ty = f"{container}<{shape}{t}>"
            i = index()
            lines.append(f"{r} = {container}.dim {arg(ty)}, {i} : {ty}")
            results.append((r, "index"))
        elif kind in ("alloc", "empty"):
            # The dims of a new buffer or empty tensor, and sometimes nothing else.
            op = (
                rng.choice(["memref.alloc", "memref.alloca"]) if kind == "alloc" else "tensor.empty"
            )
            container = "memref" if kind == "alloc" else "tensor"
            ty = f"{container}<{shape}{t}>"
            sizes = ", ".join(arg("index") for d in dims if d is None)
            lines.append(f"%b{n} = {op}({sizes}) : {ty}")
            if rng.random() < 0.8:
                i = index()
                lines.append(f"{r} = {container}.dim %b{n}, {i} : {ty}")
                results.append((r, "index"))
        elif kind == "reshape":
            # A collapse undone by an expansion with the same groups, or the reverse.
            container = rng.choice(["memref", "tensor"])
            a, b = rng.choice([2, 4]), rng.choice([3, 8])
            big, flat = f"{container}<{a}x{b}x{t}>", f"{container}<{a * b}x{t}>"
            if rng.random() < 0.5:
                lines.append(
                    f"%b{n} = {container}.collapse_shape {arg(big)} [[0, 1]] : {big} into {flat}"
                )
                lines.append(
                    f"{r} = {container}.expand_shape %b{n} [[0, 1]] output_shape [{a}, {b}] : "
                    f"{flat} into {big}"
                )
                results.append((r, big))
            else:
                lines.append(
                    f"%b{n} = {container}.expand_shape {arg(flat)} [[0, 1]] output_shape [{a}, {b}] : "
                    f"{flat} into {big}"
                )
                lines.append(f"{r} = {container}.collapse_shape %b{n} [[0, 1]] : {big} into {flat}")
                results.append((r, flat))
        elif kind == "extract":
            count = rng.randint(1, 4)
            x = arg(t)
            lines.append(
                f"%b{n} = tensor.from_elements {', '.join([x] * count)} : tensor<{count}x{t}>"
            )
            i = index()
            lines.append(f"{r} = tensor.extract %b{n}[{i}] : tensor<{count}x{t}>")
            results.append((r, t))
        elif kind in ("cast", "mcast"):
            container = "memref" if kind == "mcast" else "tensor"
            src = f"{container}<{shape}{t}>"
            dst = src if rng.random() < 0.5 else f"{container}<*x{t}>"
            lines.append(f"{r} = {container}.cast {arg(src)} : {src} to {dst}")
            results.append((r, dst))
        elif kind == "slice":
            a, b = rng.choice([4, 8]), rng.choice([2, 16])
            whole = f"tensor<{a}x{b}x{t}>"
            x = arg(whole)
            if rng.random() < 0.5:
                lines.append(
                    f"{r} = tensor.extract_slice {x}[0, 0] [{a}, {b}] [1, 1] : {whole} to {whole}"
                )
                results.append((r, whole))
            elif rng.random() < 0.5:
                y = arg(whole)
                lines.append(
                    f"{r} = tensor.insert_slice {y} into {x}[0, 0] [{a}, {b}] [1, 1] : "
                    f"{whole} into {whole}"
                )
                results.append((r, whole))
            else:
                part = f"tensor<2x{b}x{t}>"
                lines.append(
                    f"{r} = tensor.extract_slice {x}[1, 0] [2, {b}] [1, 1] : {whole} to {part}"
                )
                results.append((r, part))
        else:
            ty = f"tensor<{shape}{t}>"
            count = rng.choice([1, 1, 2])
            uses = ", ".join(arg(ty) for _ in range(count))
            res_dims = list(dims)
            if count == 2:
                res_dims[0] = None if dims[0] is None else 2 * dims[0]
            res = (
                "tensor<"
                + "".join(("?" if d is None else str(d)) + "x" for d in res_dims)
                + t
                + ">"
            )
            lines.append(
                f"{r} = tensor.concat dim(0) {uses} : ({', '.join([ty] * count)}) -> {res}"
            )
            results.append((r, res))
    params = ", ".join(f"{name}: {ty}" for name, ty in args)
    types = ", ".join(ty for _, ty in results)
    body = "".join(f"  {line}\n" for line in lines)
    ret = f"  return {', '.join(v for v, _ in results)} : {types}\n"
    return f"func.func @f({params}) -> ({types}) {{\n{body}{ret}}}\n"


def _theirs(text: str) -> str | None:
    assert MLIR_OPT is not None
    proc = subprocess.run(
        [MLIR_OPT, "--canonicalize", "-"], input=text, capture_output=True, text=True, check=False
    )
    return proc.stdout if proc.returncode == 0 else None


@cache
def _cases() -> tuple[tuple[str, str | None], ...]:
    texts = [_program(seed) for seed in range(SEED, SEED + PROGRAMS)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        return tuple(zip(texts, pool.map(_theirs, texts), strict=True))


def test_canonicalize_matches_mlir_opt() -> None:
    """odsgen canonicalizes at least 95% of the programs exactly as mlir-opt-22 does."""
    cases = _cases()
    accepted = [(text, expected) for text, expected in cases if expected is not None]
    assert len(accepted) == PROGRAMS, "mlir-opt-22 rejects a program"
    differ: list[str] = []
    for text, expected in accepted:
        ours = run_odsgen_canonicalized(text)
        if ours != expected:
            differ.append(f"{text}--- mlir-opt-22\n{expected}--- odsgen\n{ours}")
    same = len(accepted) - len(differ)
    print(
        f"\nmemref/tensor canonicalization: {PROGRAMS} programs, {len(accepted)} accepted by "
        f"mlir-opt-22, {same} canonicalized identically"
    )
    assert same >= MIN_SAME * len(accepted), "\n".join(differ[:3])


def run_odsgen_canonicalized(text: str) -> str:
    """`odsgen opt --canonicalize` on `text`, in process: its output, or its first error."""
    fd, name = tempfile.mkstemp(suffix=".mlir")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["opt", name, "--canonicalize"])
    finally:
        os.unlink(name)
    return out.getvalue() if code == 0 else first_error(err.getvalue())
