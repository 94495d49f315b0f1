"""MLIR's named constraints in the base library, in both spec forms and generated.

Each constraint below is written as an MLIR author writes it, once in a `.td`
spec on `opdefs/include/OpBase.td` and once in YAML. Both must give MLIR's
summary (checked against `mlir-tblgen-22 -gen-op-doc` on MLIR's own `OpBase.td`
when it is installed), and the generated verifiers must accept and reject the
types MLIR's do, and pass `mypy --strict`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.cli import main
from generator.spec.convert import load_spec
from generator.spec.from_yaml import parse_yaml
from generator.spec.model import DialectDef

REPO_ROOT = Path(__file__).resolve().parents[2]
MLIR_TBLGEN = shutil.which("mlir-tblgen-22") or "/usr/lib/llvm-22/bin/mlir-tblgen"
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")

#: (operand constraint, MLIR's summary, a type it accepts, a type it rejects).
OPERANDS: list[tuple[str, str, str, str]] = [
    ("F32MemRef", "memref of 32-bit float values", "memref<4xf32>", "memref<4xf64>"),
    ("I32MemRef", "memref of 32-bit signless integer values", "memref<?xi32>", "memref<4xsi32>"),
    ("I1MemRef", "memref of 1-bit signless integer values", "memref<2xi1>", "memref<2xi8>"),
    ("BF16MemRef", "memref of bfloat16 type values", "memref<2xbf16>", "memref<2xf16>"),
    ("F64MemRef", "memref of 64-bit float values", "memref<f64>", "tensor<f64>"),
    ("IndexTensor", "tensor of index values", "tensor<3xindex>", "tensor<3xi64>"),
    ("BF16Tensor", "tensor of bfloat16 type values", "tensor<*xbf16>", "memref<2xbf16>"),
    ("I64Tensor", "tensor of 64-bit signless integer values", "tensor<2xi64>", "tensor<2xi32>"),
    ("F32Tensor", "tensor of 32-bit float values", "tensor<2xf32>", "vector<2xf32>"),
    ("AnyRankedTensor", "ranked tensor of any type values", "tensor<2xi8>", "tensor<*xi8>"),
    (
        "AnyStaticShapeMemRef",
        "statically shaped memref of any type values",
        "memref<2x3xf32>",
        "memref<?xf32>",
    ),
    (
        "StaticShapeMemRefOf<[F32]>",
        "statically shaped memref of 32-bit float values",
        "memref<2xf32>",
        "memref<2xi32>",
    ),
    (
        "TensorOrMemRef<[F32]>",
        "Tensor or MemRef of 32-bit float values",
        "memref<2xf32>",
        "vector<2xf32>",
    ),
    ("AnyVectorOfNonZeroRank", "vector of any type values", "vector<2xi8>", "vector<i8>"),
    ("AnyVectorOfAnyRank", "vector of any type values", "vector<i8>", "tensor<2xi8>"),
    (
        "AnyFixedVectorOfAnyRank",
        "fixed-length vector of any type values",
        "vector<4xf32>",
        "vector<[4]xf32>",
    ),
    (
        "AnyScalableVectorOfAnyRank",
        "scalable vector of any type values",
        "vector<[4]xf32>",
        "vector<4xf32>",
    ),
    (
        "VectorOfNonZeroRankOf<[I32]>",
        "vector of 32-bit signless integer values",
        "vector<2xi32>",
        "vector<i32>",
    ),
    ("2DTensorOf<[F32]>", "2D tensor of 32-bit float values", "tensor<2x3xf32>", "tensor<3xf32>"),
    (
        "0DTensorOf<[I32]>",
        "0D tensor of 32-bit signless integer values",
        "tensor<i32>",
        "tensor<1xi32>",
    ),
    ("AnyIntOfWidths<[8, 16]>", "8/16-bit integer", "si16", "i32"),
    ("SignedIntOfWidths<[32]>", "32-bit signed integer", "si32", "i32"),
    ("UnsignedIntOfWidths<[8, 64]>", "8/64-bit unsigned integer", "ui64", "si64"),
    ("F8E4M3FN", "f8E4M3FN type", "f8E4M3FN", "f8E5M2"),
    ("F4E2M1FN", "f4E2M1FN type", "f4E2M1FN", "f16"),
    ("AnyComplex", "complex-type", "complex<f32>", "f32"),
    ("AnyTuple", "tuple", "tuple<i32, f32>", "i32"),
    (
        "SignlessIntegerOrIndexOrFloatLike",
        "signless-integer-or-index-like or floating-point-like",
        "vector<2xindex>",
        "si8",
    ),
    (
        'DialectType<C_Dialect, CPred<"isinstance($_self, IntegerType)">, "an integer">',
        "an integer",
        "i7",
        "f32",
    ),
]

#: (attribute constraint, MLIR's summary, an attribute it accepts, one it rejects).
ATTRIBUTES: list[tuple[str, str, str, str]] = [
    (
        "AnyI32ElementsAttr",
        "32-bit integer elements attribute",
        "dense<1> : tensor<2xsi32>",
        "dense<1> : tensor<2xi64>",
    ),
    (
        "F64ElementsAttr",
        "64-bit float elements attribute",
        "dense<1.0> : tensor<2xf64>",
        "dense<1.0> : tensor<2xf32>",
    ),
    (
        "F32ElementsAttr",
        "32-bit float elements attribute",
        "dense<[1.0, 2.0]> : vector<2xf32>",
        "dense<1> : tensor<2xi32>",
    ),
    (
        "IndexElementsAttr",
        "index elements attribute",
        "dense<1> : tensor<2xindex>",
        "dense<1> : tensor<2xi64>",
    ),
    ("LocationAttr", "location attribute", 'loc("x.mlir":1:2)', '"x"'),
    ("AffineMapArrayAttr", "AffineMap array attribute", "[affine_map<(d0) -> (d0)>]", "[1]"),
    (
        "IndexListArrayAttr",
        "Array of 64-bit integer array attributes",
        "[[1, 2], [3]]",
        "[[1 : i32]]",
    ),
    ("LocationArrayAttr", "location array attribute", "[loc(unknown)]", "[1]"),
    (
        "ConfinedAttr<DenseI64ArrayAttr, [DenseArrayMaxCt<3>]>",
        "i64 dense array attribute with at most 3 elements",
        "array<i64: 1, 2>",
        "array<i64: 1, 2, 3, 4>",
    ),
    (
        "ConfinedAttr<DenseI64ArrayAttr, [DenseArrayMinCt<2>]>",
        "i64 dense array attribute with at least 2 elements",
        "array<i64: 1, 2>",
        "array<i64: 1>",
    ),
    (
        "ConfinedAttr<I64Attr, [IntPositivePowerOf2]>",
        "64-bit signless integer attribute whose value is positive and whose value is a "
        "power of two > 0",
        "8",
        "6",
    ),
    (
        'DialectAttr<C_Dialect, CPred<"isinstance($_self, StringAttr)">, "a string">',
        "a string",
        '"x"',
        "1",
    ),
]


def _td(include: str) -> str:
    ops: list[str] = []
    for i, (constraint, *_) in enumerate(OPERANDS):
        ops.append(
            f'def C_Op{i} : Op<C_Dialect, "o{i}"> {{\n  let arguments = (ins {constraint}:$x);\n}}'
        )
    for i, (constraint, *_) in enumerate(ATTRIBUTES):
        ops.append(
            f'def C_Attr{i} : Op<C_Dialect, "a{i}"> {{\n  let arguments = (ins {constraint}:$x);\n}}'
        )
    head = f'include "{include}"\n\ndef C_Dialect : Dialect {{\n  let name = "c";\n}}\n\n'
    return head + "\n".join(ops) + "\n"


def _yaml() -> str:
    lines = ["name: c", "ops:"]
    for i, (constraint, *_) in enumerate(OPERANDS):
        quoted = constraint.replace("'", "''")
        lines += [
            f"  - def: C_Op{i}",
            f"    mnemonic: o{i}",
            f"    operands: [{{name: x, type: '{quoted}'}}]",
        ]
    for i, (constraint, *_) in enumerate(ATTRIBUTES):
        quoted = constraint.replace("'", "''")
        lines += [
            f"  - def: C_Attr{i}",
            f"    mnemonic: a{i}",
            f"    attributes: [{{name: x, type: '{quoted}'}}]",
        ]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with the constraints spec (and the base library), generated."""
    root = tmp_path_factory.mktemp("constraints")
    shutil.copytree(REPO_ROOT / "opdefs" / "include", root / "opdefs" / "include")
    (root / "opdefs" / "c.td").write_text(_td("OpBase.td"), encoding="utf-8")
    assert main(["generate", "--root", str(root)]) == 0
    return root


def _summaries(dialect: DialectDef) -> list[str]:
    refs = dialect.def_summaries()
    out: list[str] = []
    for op in dialect.ops:
        values = [o.type for o in op.operands] + [a.type for a in op.attributes]
        out += [v.summary(refs) for v in values]
    return out


EXPECTED = [summary for _, summary, _, _ in OPERANDS + ATTRIBUTES]


def test_td_spelling_gives_mlir_summaries(project: Path) -> None:
    """Written in TableGen, each named constraint has MLIR's summary."""
    assert _summaries(load_spec(project / "opdefs" / "c.td")) == EXPECTED


def test_yaml_spelling_gives_mlir_summaries() -> None:
    """Written in YAML, each named constraint has MLIR's summary too."""
    assert _summaries(parse_yaml(_yaml(), "c.yaml")) == EXPECTED


@pytest.mark.skipif(not Path(MLIR_TBLGEN).exists(), reason="mlir-tblgen-22 is not installed")
def test_summaries_are_mlir_tblgen_s(tmp_path: Path) -> None:
    """`mlir-tblgen-22 -gen-op-doc` gives the same summaries for the same spec on MLIR's OpBase."""
    spec = tmp_path / "c.td"
    # `F32ElementsAttr` is ours (MLIR names only the 64-bit one); it is MLIR's
    # `FloatElementsAttr<32>`.
    text = _td("mlir/IR/OpBase.td").replace("F32ElementsAttr", "FloatElementsAttr<32>")
    spec.write_text(text, encoding="utf-8")
    doc = subprocess.run(
        [MLIR_TBLGEN, "-gen-op-doc", "-I", str(MLIR_INCLUDE), str(spec)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # Ops are documented by name; each has one operand or attribute row.
    by_op: dict[str, str] = {}
    op = ""
    for line in doc.splitlines():
        if line.startswith("### `c."):
            op = line.split("`")[1]
        elif line.startswith("| `x` | "):
            by_op[op] = line[len("| `x` | ") : -len(" |")]
        elif line.startswith("<tr><td><code>x</code></td>"):
            by_op[op] = line.split("</td><td>")[-1].removesuffix("</td></tr>")
    names = [f"c.o{i}" for i in range(len(OPERANDS))] + [f"c.a{i}" for i in range(len(ATTRIBUTES))]
    assert [by_op[n].replace("&gt;", ">") for n in names] == EXPECTED


def test_generated_code_passes_mypy_strict(project: Path) -> None:
    """The generated checks type-check (F64ElementsAttr once read `.type` of any Attribute)."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "generated"],
        cwd=project,
        env={**os.environ, "MYPYPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


_VERIFY = textwrap.dedent(
    """
    import json, sys
    import generated
    from generator.ir.parser import parse_source
    from generator.ir.source import SourceFile

    out = []
    for text in json.loads(sys.stdin.read()):
        ctx = generated.context(allow_unregistered_dialects=True)
        try:
            module = parse_source(SourceFile("t.mlir", text), ctx)
            module.verify()
            out.append("ok")
        except Exception as error:  # the message is what the test compares
            out.append(str(error).splitlines()[0])
    print(json.dumps(out))
    """
)


def _ir(cases: list[tuple[int, str, bool]]) -> list[str]:
    texts: list[str] = []
    for index, value, operand in cases:
        if operand:
            texts.append(
                f'%x = "test.source"() : () -> {value}\n"c.o{index}"(%x) : ({value}) -> ()\n'
            )
        else:
            texts.append(f'"c.a{index}"() <{{x = {value}}}> : () -> ()\n')
    return texts


def test_generated_verifiers_accept_and_reject_as_mlir(project: Path) -> None:
    """Each constraint's check accepts the type (or attribute) MLIR accepts, and rejects
    the other with MLIR's message."""
    import json

    cases: list[tuple[int, str, bool]] = []
    expected: list[str] = []
    for i, (_, summary, good, bad) in enumerate(OPERANDS):
        cases += [(i, good, True), (i, bad, True)]
        expected += ["ok", f"operand #0 must be {summary}, but got '{bad}'"]
    for i, (_, summary, good, bad) in enumerate(ATTRIBUTES):
        cases += [(i, good, False), (i, bad, False)]
        expected += ["ok", f"attribute 'x' failed to satisfy constraint: {summary}"]
    run = subprocess.run(
        [sys.executable, "-c", _VERIFY],
        cwd=project,
        input=json.dumps(_ir(cases)),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    for case, want, got in zip(cases, expected, results, strict=True):
        assert got == want or (want != "ok" and want in got), (case, got)
