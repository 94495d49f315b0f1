"""Random `vector` programs through `--canonicalize`, against mlir-opt-22.

The programs are functions over vector arguments that apply chains of the ops
whose folders MLIR writes in a few lines: casts to the same type (`broadcast`,
`shape_cast`, `bitcast`, `extract` and `insert` without a position, full
`extract_strided_slice` and `insert_strided_slice`, identity `transpose`), casts
of casts (`shape_cast` of `shape_cast`, `bitcast` there and back), `shape_cast`
of an order-preserving `transpose` and of a `broadcast` of the result type,
`shuffle`s that pick all of one operand, `from_elements` of a `to_elements`, and
1-D `multi_reduction`s along no dimension; mixed with the same ops in forms that
do not fold. Every value an op makes is returned, so only folding changes the
program. `odsgen opt --canonicalize` must print each program exactly as
`mlir-opt-22 --canonicalize` does, for at least 95% of them; the figures are
printed (run with `-s`). Programs come from fixed seeds, so a failure always
reproduces.
"""

from __future__ import annotations

import contextlib
import io
import random
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from conformance.differential import MLIR_OPT

from generator.cli import main

pytestmark = [
    pytest.mark.mlir,
    pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed"),
]

SEED = 20261127
PROGRAMS = 40
MIN_SAME = 0.95

ELEMENTS = ["f32", "f16", "i32", "i8"]
WIDTH = {"f32": 32, "f16": 16, "i32": 32, "i8": 8}


def vec(shape: list[int], element: str) -> str:
    return f"vector<{''.join(f'{d}x' for d in shape)}{element}>"


@dataclass
class _Program:
    rng: random.Random
    args: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    values: list[tuple[str, list[int], str]] = field(default_factory=list)
    count: int = 0
    chain: bool = False

    def value(self) -> tuple[str, list[int], str]:
        """A new argument of a random vector type, or, for a chain, the last value.

        Chains are what the folders handle: other compositions (a broadcast of a
        broadcast, a slice of a broadcast, ...) are rewritten by MLIR's C++
        canonicalization patterns."""
        if self.values and self.chain:
            return self.values[-1]
        shape = [self.rng.choice([1, 2, 4, 8]) for _ in range(self.rng.randint(1, 3))]
        element = self.rng.choice(ELEMENTS)
        name = f"%a{len(self.args)}"
        self.args.append((name, vec(shape, element)))
        self.values.append((name, shape, element))
        return name, shape, element

    def add(self, text: str, shape: list[int] | None, element: str, results: int = 1) -> str:
        """Append an op; its one vector result becomes a value to use (`results` > 0
        counts scalar results, which are not)."""
        self.count += 1
        name = f"%v{self.count}"
        head = f"{name}:{results}" if results > 1 else name
        self.lines.append(f"{head} = {text}")
        if results == 1 and shape is not None:
            self.values.append((name, shape, element))
        return name


def _step(p: _Program) -> None:
    rng = p.rng
    x, shape, e = p.value()
    chained, p.chain = p.chain, False
    t = vec(shape, e)
    n = 1
    for d in shape:
        n *= d
    which = rng.randint(0, 11)
    if which == 0:
        lead = [] if rng.random() < 0.5 else [rng.choice([2, 3])]
        p.add(f"vector.broadcast {x} : {t} to {vec(lead + shape, e)}", lead + shape, e)
    elif which == 1:
        new = rng.choice([shape, [n], [1, n], [n, 1]])
        p.add(f"vector.shape_cast {x} : {t} to {vec(new, e)}", new, e)
        # A shape_cast of this shape_cast folds into one.
        p.chain = not chained and rng.random() < 0.6
    elif which == 2:
        other = rng.choice(ELEMENTS)
        last = shape[-1] * WIDTH[e] // WIDTH[other]
        if last == 0 or shape[-1] * WIDTH[e] % WIDTH[other]:
            other, last = e, shape[-1]
        new = [*shape[:-1], last]
        p.add(f"vector.bitcast {x} : {t} to {vec(new, other)}", new, other)
        p.chain = not chained and rng.random() < 0.6
    elif which == 3:
        perm = list(range(len(shape)))
        if rng.random() < 0.5:
            rng.shuffle(perm)
        new = [shape[i] for i in perm]
        text = ", ".join(map(str, perm))
        p.add(f"vector.transpose {x}, [{text}] : {t} to {vec(new, e)}", new, e)
    elif which == 4:
        p.add(f"vector.extract {x}[] : {t} from {t}", shape, e)
    elif which == 5:
        y, _, _ = p.value()
        p.add(f"vector.insert {x}, {x} [] : {t} into {t}", shape, e)
        del y
    elif which == 6:
        # Full slices fold; a slice of the trailing dimension does not (MLIR rewrites
        # slices of leading dimensions into extracts, which is not a fold).
        sizes = [*shape[:-1], shape[-1] if rng.random() < 0.7 else max(1, shape[-1] // 2)]
        attrs = f"offsets = {[0] * len(shape)}, sizes = {sizes}, strides = {[1] * len(shape)}"
        p.add(f"vector.extract_strided_slice {x} {{{attrs}}} : {t} to {vec(sizes, e)}", sizes, e)
    elif which == 7:
        attrs = f"offsets = {[0] * len(shape)}, strides = {[1] * len(shape)}"
        p.add(f"vector.insert_strided_slice {x}, {x} {{{attrs}}} : {t} into {t}", shape, e)
    elif which == 8:
        m = shape[0]
        mask = rng.choice(
            [list(range(m)), list(range(m, 2 * m)), [rng.randrange(2 * m) for _ in range(m)]]
        )
        text = ", ".join(map(str, mask))
        p.add(f"vector.shuffle {x}, {x} [{text}] : {t}, {t}", shape, e)
    elif which == 9 and n <= 8:
        elements = p.add(f"vector.to_elements {x} : {t}", None, e, results=n)
        names = [f"{elements}#{i}" for i in range(n)]
        if rng.random() < 0.3 and n > 1:
            names[0], names[-1] = names[-1], names[0]
        p.add(f"vector.from_elements {', '.join(names)} : {t}", shape, e)
    elif which == 10 and len(shape) == 1:
        acc, _, _ = x, shape, e
        p.add(f"vector.multi_reduction <add>, {x}, {acc} [] : {t} to {t}", shape, e)
    else:
        # A transpose that moves unit dimensions only, then a shape_cast.
        new = [1, *shape]
        inner = f"%a{len(p.args)}"
        p.args.append((inner, vec(new, e)))
        perm = [*range(1, len(new)), 0]
        moved = [new[i] for i in perm]
        tr = p.add(
            f"vector.transpose {inner}, [{', '.join(map(str, perm))}] : {vec(new, e)} to "
            f"{vec(moved, e)}",
            moved,
            e,
        )
        p.add(f"vector.shape_cast {tr} : {vec(moved, e)} to {vec([n], e)}", [n], e)


@cache
def programs() -> tuple[str, ...]:
    out = []
    for i in range(PROGRAMS):
        p = _Program(random.Random(SEED + i))
        for _ in range(p.rng.randint(3, 10)):
            _step(p)
        returned = [(name, vec(shape, e)) for name, shape, e in p.values]
        params = ", ".join(f"{name}: {t}" for name, t in p.args)
        results = ", ".join(t for _, t in returned)
        body = "".join(f"  {line}\n" for line in p.lines)
        ret = f"  return {', '.join(n for n, _ in returned)} : {results}\n"
        out.append(f"func.func @f{i}({params}) -> ({results}) {{\n{body}{ret}}}\n")
    return tuple(out)


@dataclass(frozen=True)
class _Outcome:
    ok: bool
    text: str


def _theirs(text: str) -> _Outcome:
    assert MLIR_OPT is not None
    proc = subprocess.run(
        [MLIR_OPT, "--canonicalize", "-"], input=text, capture_output=True, text=True, check=False
    )
    return _Outcome(proc.returncode == 0, proc.stdout if proc.returncode == 0 else proc.stderr)


def _ours(text: str, tmp: Path) -> _Outcome:
    path = tmp / "program.mlir"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["opt", str(path), "--canonicalize"])
    return _Outcome(code == 0, out.getvalue() if code == 0 else err.getvalue())


@cache
def _results(tmp: Path) -> tuple[tuple[_Outcome, _Outcome], ...]:
    texts = programs()
    with ThreadPoolExecutor(max_workers=4) as pool:
        theirs = list(pool.map(_theirs, texts))
    return tuple((t, _ours(text, tmp)) for text, t in zip(texts, theirs, strict=True))


def test_every_program_is_valid(tmp_path_factory: pytest.TempPathFactory) -> None:
    """mlir-opt-22 canonicalizes every generated program without a diagnostic."""
    results = _results(tmp_path_factory.mktemp("vector"))
    bad = [(text, t.text) for text, (t, _) in zip(programs(), results, strict=True) if not t.ok]
    assert not bad, "\n".join(f"{text}\n{error}" for text, error in bad[:3])


def test_programs_exercise_the_folders(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Most programs shrink under mlir-opt's canonicalizer: the folders have work to do."""
    results = _results(tmp_path_factory.mktemp("vector"))
    shrunk = sum(
        1
        for text, (t, _) in zip(programs(), results, strict=True)
        if t.text.count(" = vector.") < text.count(" = vector.")
    )
    assert shrunk >= len(results) * 3 // 4


def test_canonicalize_matches_mlir_opt(tmp_path_factory: pytest.TempPathFactory) -> None:
    """odsgen's canonicalizer prints what mlir-opt-22's prints for at least 95% of the
    programs; the figures are printed (run with -s)."""
    results = _results(tmp_path_factory.mktemp("vector"))
    same = [t == o for t, o in results]
    print(f"vector --canonicalize: {len(results)} programs, {sum(same)} printed as mlir-opt-22")
    differ = [
        f"{text}--- mlir-opt-22\n{t.text}--- odsgen\n{o.text}"
        for text, (t, o), s in zip(programs(), results, same, strict=True)
        if not s
    ]
    assert sum(same) >= MIN_SAME * len(results), "\n".join(differ[:3])
