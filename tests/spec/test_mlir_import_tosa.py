"""`odsgen import` of MLIR's `tosa` and `quant` dialects against mlir-opt-22.

The quant dialect's types are C++ classes, written in the runtime
(`generator.ir.dialects.quant`) and given to the imported `quant` dialect; tosa's
constraints test them (`isa<quant::QuantizedType>`, the storage width), and tosa's
native traits (`TosaResolvableShapeOperands`, `TosaShapeOperatorWithSameRanks`)
are runtime traits (`generator.ir.dialects.tosa`). These tests import both
dialects and compare with mlir-opt-22: quant types read and print as it does, or
fail with its first error; the complete tosa ops, over float, integer, quantized
and shape types, print identically in custom and generic form or fail with its
first error. Expected output comes from mlir-opt-22 at test time.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import yaml
from spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    ODSGEN,
    _case,
    _chunks_of,
    _first_errors,
    needs_mlir,
    needs_mlir_opt,
)

from generator.ir import Context, Dialect
from generator.ir.dialects.quant import (
    AnyQuantizedType,
    CalibratedQuantizedType,
    UniformQuantizedPerAxisType,
    UniformQuantizedSubChannelType,
    UniformQuantizedType,
    is_quantized_type,
    quant_storage_width,
)
from generator.ir.parser import parse_type

TOSA = DIALECTS / "Tosa" / "IR" / "TosaOps.td"
QUANT = DIALECTS / "Quant" / "IR" / "QuantOps.td"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tosa and quant imported together into `out/mlirpy` of a fresh directory."""
    root = tmp_path_factory.mktemp("tosa")
    (root / "out").mkdir()
    run = subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(MLIR_INCLUDE),
            str(TOSA),
            str(QUANT),
            "-o",
            str(root / "out" / "mlirpy"),
            "--report",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    lines = {line.split(":", 1)[0]: line for line in run.stdout.splitlines()}
    # Every tosa op is complete or needs only hooks (verifiers, custom forms, type
    # inference); none is blocked by something not imported.
    assert "tosa: 94 ops" in lines["tosa"], run.stdout
    tosa = lines["tosa"].split(": ", 1)[1]
    complete, hooks = (int(tosa.split(", ")[i].split()[0]) for i in (1, 2))
    assert complete >= 45, run.stdout
    assert complete + hooks == 94, run.stdout
    return root


def _opt(root: Path, program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`odsgen opt` with the imported package on the path (before the runtime's)."""
    paths = [str(root / "out" / "mlirpy"), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    return subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=root,
    )


def _compare(
    root: Path, cases: list[tuple[str, str]], name: str
) -> tuple[dict[str, int], list[tuple[str, str]], list[str]]:
    """Run `cases` (label, program) through mlir-opt-22 and odsgen: the valid ones
    must print identically in custom and then generic form, the invalid ones fail
    with the same first error. Returns the counts by kind, the valid cases, and the
    disagreements."""
    total = {"valid": 0, "invalid": 0}
    valid: list[tuple[str, str]] = []
    mismatches: list[str] = []
    for flags in ([], ["--mlir-print-op-generic"]):
        batch = cases if not flags else valid
        program = root / f"{name}{len(flags)}.mlir"
        program.write_text("// -----\n".join(text for _, text in batch), encoding="utf-8")
        starts, line = [], 1
        for _, text in batch:
            starts.append(line)
            line += text.count("\n") + 1
        run = ["--split-input-file", *flags]
        expected = subprocess.run(
            ["mlir-opt-22", *run, str(program)], capture_output=True, text=True
        )
        got = _opt(root, program, *run)
        assert "Traceback" not in got.stderr, got.stderr[-3000:]
        want_errors = _first_errors(expected.stderr, starts)
        got_errors = _first_errors(got.stderr, starts)
        want_out, got_out = _chunks_of(expected.stdout), _chunks_of(got.stdout)
        for i, case in enumerate(batch):
            if i in want_errors:
                total["invalid"] += 1
                same = got_errors.get(i) == want_errors[i]
                what = want_errors[i]
            else:
                if not flags:
                    valid.append(case)
                total["valid"] += 1
                same = (
                    i not in got_errors
                    and i < min(len(got_out), len(want_out))
                    and got_out[i] == want_out[i]
                )
                what = f"valid, got {got_errors.get(i, 'different output')}"
            if not same:
                mismatches.append(f"{case[0]} {' '.join(flags)}: {what}")
    return total, valid, mismatches


# -- quant types ------------------------------------------------------------------------

#: Quant types, valid and invalid, around the edges of MLIR's parser and verifier:
#: storage types and ranges, expressed types, scales and zero points, per-axis lists,
#: sub-channel blocks and scale tensors (whose zero points wrap to the storage width).
QUANT_TYPES = [
    "!quant.uniform<i8:f32, 0.5:-1>",
    "!quant.uniform<i8:f32, 0.5>",
    "!quant.uniform<u8<1:100>:f32, 0.1:3>",
    "!quant.uniform<i8<-8:7>:f16, 1.0e-3>",
    "!quant.uniform<u8<0:255>:f32, 1.0>",
    "!quant.uniform<si8:f32, 1.0>",
    "!quant.uniform<ui8:f32, 1.0>",
    "!quant.uniform<i1:f32, 1.0>",
    "!quant.uniform<i32:bf16, 0.25:7>",
    "!quant.uniform<i8:f80, 1.0>",
    "!quant.uniform<i8:f128, 0.0>",
    "!quant.uniform<i8:f64, 1.0e-320>",
    "!quant.uniform<i8:f8E4M3FN, 448.0>",
    "!quant.uniform<i8:tf32, 1.0>",
    "!quant.uniform<i8:f32,1.0>",
    "!quant.uniform<i8:f32, 1.0:3 >",
    "!quant.uniform<i8:f32, 0.333333333333>",
    "!quant.uniform<i8:f32, 3.0e+38>",
    "!quant.uniform<i8:f32, 1.0:300>",
    "!quant.uniform<i8:f32:1, {0.5, 2.0:3}>",
    "!quant.uniform<u8:f32:0, {1.0:1,2.0:2}>",
    "!quant.uniform<i8:f32:0, {1.0}>",
    "!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:1, 2.0}, {3.0, 4.0}}>",
    "!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}}>",
    "!quant.uniform<i8:f32:{}, {1.0}>",
    "!quant.uniform<i8:f32:{1:1, 0:2}, {{1.0},{2.0}}>",
    "!quant.uniform<i8:f32:{0:1}, {{{1.0}}}>",
    "!quant.uniform<u8:f32:{0:1}, {1.0:200, 2.0:-1, 3.0:300}>",
    "!quant.uniform<i8<-8:7>:f32:{0:1, 0:2}, {1.0:99999999999}>",
    "!quant.any<i8:f32>",
    "!quant.any<i8<-4:3>>",
    "!quant.any<u4>",
    "!quant.calibrated<f32<-0.5:1.0>>",
    "!quant.calibrated<f16<-1.0:1.0>>",
    # Invalid.
    "!quant.uniform<i8:f32, -1.0>",
    "!quant.uniform<i8:f128, -1.0>",
    "!quant.uniform<i8:f8E4M3FN, 464.0>",
    "!quant.uniform<i8:f32, -1.0:3>",
    "!quant.uniform<i8:f16, 1.0e+10>",
    "!quant.uniform<u8:f32, 0.0>",
    "!quant.uniform<i8:f32, 1.0e-50>",
    "!quant.uniform<i8:f32, 2>",
    "!quant.uniform<i8:f32, 0x3F800000>",
    "!quant.uniform<i8:i32, 1.0>",
    "!quant.uniform<i8<-200:7>:f32, 1.0>",
    "!quant.uniform<i8<-8:300>:f32, 1.0>",
    "!quant.uniform<i8<7:-8>:f32, 1.0>",
    "!quant.uniform<i8<-8 7>:f32, 1.0>",
    "!quant.uniform<u0:f32, 1.0>",
    "!quant.uniform<i65:f32, 1.0>",
    "!quant.uniform<i64:f64, 1.0>",
    "!quant.uniform<x8:f32, 1.0>",
    "!quant.uniform<i8>",
    "!quant.uniform<i8:f32 1.0>",
    "!quant.uniform<i8:f32:1, {}>",
    "!quant.uniform<i8:f32:-1, {1.0}>",
    "!quant.uniform<i8:f32:1, {1.0 2.0}>",
    "!quant.uniform<i8:f32:1, {1.0, -2.0:2}>",
    "!quant.uniform<i8:!quant.any<i8>, 1.0>",
    "!quant.uniform<i8:f32:{0:1,1:2},{{1.0,2.0},{3.0}}>",
    "!quant.uniform<i8:f32:{0:1}, {{1.0, 2.0}, {{3.0}, 4.0}}>",
    "!quant.uniform<i8:f32:{0:0}, {1.0}>",
    "!quant.uniform<i8:f32:{0:0, -1:1}, {1.0}>",
    "!quant.uniform<i8<7:-8>:f32:{0:0}, {1.0}>",
    "!quant.uniform<i8:f32:{0:1}, {}>",
    "!quant.uniform<i8:f32:{0:1}, {{}}>",
    "!quant.uniform<i8:f32:{0:1}, {1.0, -2.0}>",
    "!quant.uniform<i8:f32:{0:1}, 1.0>",
    "!quant.uniform<i8:f32:{0 1}, {1.0}>",
    "!quant.any<i8:i32>",
    "!quant.any",
    "!quant.calibrated<f32<1.0:-1.0>>",
    "!quant.calibrated<i32<1.0:2.0>>",
    "!quant.foo<i8>",
]


@needs_mlir
@needs_mlir_opt
def test_quant_types_round_trip_as_mlir_opt(imported: Path) -> None:
    """Each quant type, alone and as a tensor's element type, prints as mlir-opt-22
    prints it (custom and generic form), or fails with its first error."""
    cases = [(t, f"func.func private @f({t}, tensor<2x3x{t}>) -> {t}\n") for t in QUANT_TYPES]
    # Where builtin containers take them (tensors, whatever the per-axis axis) and
    # where they do not (vectors, memrefs, complex numbers).
    for container in (
        "tensor<2x3x!quant.uniform<i8:f32:5, {1.0}>>",
        "vector<2x!quant.uniform<i8:f32, 1.0>>",
        "memref<2x!quant.uniform<i8:f32, 1.0>>",
        "complex<!quant.uniform<i8:f32, 1.0>>",
    ):
        cases.append((container, f"func.func private @f({container})\n"))
    total, _, mismatches = _compare(imported, cases, "quant")
    print(f"quant types: {total}")
    assert total["valid"] >= 50, total
    assert total["invalid"] >= 35, total
    assert not mismatches, mismatches


def test_quant_type_queries() -> None:
    """The runtime classes and the queries predicates make of them
    (`isa<QuantizedType>`, `getStorageTypeIntegralWidth`)."""
    ctx = Context(dialects=[Dialect("quant")])
    uniform = parse_type("!quant.uniform<u8<1:100>:f32, 0.1:3>", ctx)
    assert isinstance(uniform, UniformQuantizedType)
    assert (uniform.is_signed, uniform.storage_min, uniform.storage_max) == (False, 1, 100)
    assert (uniform.scale, uniform.zero_point) == (0.1, 3)
    per_axis = parse_type("!quant.uniform<i4:f16:2, {0.5, 2.0:3}>", ctx)
    assert isinstance(per_axis, UniformQuantizedPerAxisType)
    assert not isinstance(per_axis, UniformQuantizedType)
    assert per_axis.quantized_dimension == 2
    assert per_axis.zero_points == (0, 3)
    assert isinstance(parse_type("!quant.any<i16>", ctx), AnyQuantizedType)
    sub_channel = parse_type("!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:300, 2.0}}>", ctx)
    assert isinstance(sub_channel, UniformQuantizedSubChannelType)
    assert sub_channel.scales_shape == (1, 2)
    assert sub_channel.zero_points == (44, 0)  # 300 wraps in 8 bits
    assert (sub_channel.quantized_dimensions, sub_channel.block_sizes) == ((0, 1), (1, 2))
    calibrated = parse_type("!quant.calibrated<f32<-0.5:1.0>>", ctx)
    assert isinstance(calibrated, CalibratedQuantizedType)
    assert [quant_storage_width(t) for t in (uniform, per_axis, calibrated)] == [8, 4, 0]
    assert all(is_quantized_type(t) for t in (uniform, per_axis, calibrated))
    assert not is_quantized_type(parse_type("i8", ctx))
    assert quant_storage_width(parse_type("i8", ctx)) == 0
    # Uniqued, as MLIR's types are.
    assert parse_type("!quant.uniform<u8<1:100>:f32, 0.1:3>", ctx) is uniform


# -- tosa ops ---------------------------------------------------------------------------

#: The types each operand and result of a case gets: floats, integers (signless, and
#: `i1`), quantized tensors (a storage width TOSA takes, and one it does not), a
#: broadcast shape, a zero dimension, an unranked tensor, and shapes of two ranks.
CASE_TYPES = [
    "tensor<2x3xf32>",
    "tensor<1x3xf32>",
    "tensor<2x3xi32>",
    "tensor<2x3xi1>",
    "tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>",
    "tensor<2x3x!quant.uniform<i3:f32, 5.000000e-01>>",
    "tensor<2x0xf32>",
    "tensor<*xf32>",
    "!tosa.shape<2>",
    "!tosa.shape<3>",
]


def _tosa_cases(spec_text: str) -> list[tuple[str, str]]:
    """(op, generic text of one function) for each complete op without regions and
    without attributes lacking a default: its operands all of one of `CASE_TYPES`,
    its results all of one, for every pair, so that mlir-opt-22 decides which are
    valid; and with two or more operands, the first operand `tensor<2x3xf32>` with the
    others and the results of each type."""
    spec = yaml.safe_load(spec_text)
    out = []
    for op in sorted(spec.get("ops", ()), key=lambda op: str(op["mnemonic"])):
        if op.get("regions") or op.get("successors"):
            continue
        if any(
            "default" not in a
            and not a["type"].startswith(("DefaultValued", "Optional"))
            and a["type"] != "UnitAttr"
            for a in op.get("attributes", ())
        ):
            continue
        name = f"tosa.{op['mnemonic']}"
        n_in, n_out = len(op.get("operands", ())), len(op.get("results", ()))
        for t_in in CASE_TYPES if n_in else ["f32"]:
            for t_out in CASE_TYPES if n_out else ["f32"]:
                out.append((name, _case(name, [t_in] * n_in, [t_out] * n_out)))
                if n_in > 1 and t_in != CASE_TYPES[0]:
                    ins = [CASE_TYPES[0]] + [t_in] * (n_in - 1)
                    out.append((name, _case(name, ins, [t_out] * n_out)))
    return out


#: Shape ops on shapes that shape ops define, the one kind of valid program of
#: theirs without `tosa.const_shape` (whose C++ verifier is a hook): a shape op's
#: result feeding another (valid as far as the traits go, so the first error is
#: `tosa.const_shape`'s absence, reported on the first op), and elementwise ops on
#: quantized, integer and float tensors in custom form.
PROGRAMS = [
    (
        "shape ops",
        "func.func @f(%a: !tosa.shape<2>, %b: !tosa.shape<2>) {\n"
        "  %0 = tosa.add_shape %a, %b : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n"
        "  %1 = tosa.mul_shape %0, %0 : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n"
        "  return\n}\n",
    ),
    (
        "shape ops, second",
        "func.func @f(%a: !tosa.shape<2>) {\n"
        '  %0 = "tosa.add_shape"(%a, %a) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n'
        '  %1 = "tosa.sub_shape"(%0, %0) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<3>\n'
        "  return\n}\n",
    ),
    (
        "elementwise",
        "func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %i: tensor<2x3xi32>,\n"
        "             %q: tensor<2x3x!quant.uniform<i8:f32, 0.5:-1>>,\n"
        "             %p: tensor<4x2x!quant.uniform<i8:f32:0, {0.5, 1.0:2, 2.0, 4.0}>>,\n"
        "             %s: tensor<2x3xi8>, %u: tensor<*xf32>) -> tensor<2x3xf32> {\n"
        "  %0 = tosa.add %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n"
        "  %1 = tosa.abs %i : (tensor<2x3xi32>) -> tensor<2x3xi32>\n"
        "  %2 = tosa.bitwise_and %i, %i : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>\n"
        "  %3 = tosa.cast %q : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<2x3xf32>\n"
        "  %4 = tosa.greater %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xi1>\n"
        "  %5 = tosa.identity %p : (tensor<4x2x!quant.uniform<i8:f32:0, {0.5, 1.0:2, 2.0, 4.0}>>)"
        " -> tensor<4x2x!quant.uniform<i8:f32:0, {0.5, 1.0:2, 2.0, 4.0}>>\n"
        "  %6 = tosa.tanh %u : (tensor<*xf32>) -> tensor<*xf32>\n"
        "  %7 = tosa.sub %s, %s : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>\n"
        "  %8 = tosa.pow %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
        "  return %0 : tensor<2x3xf32>\n}\n",
    ),
    (
        "result of higher rank",
        "func.func @f(%a: tensor<2x3xf32>) {\n"
        "  %0 = tosa.add %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<1x2x3xf32>\n"
        "  return\n}\n",
    ),
    (
        "operands of two ranks",
        "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {\n"
        "  %0 = tosa.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
        "  return\n}\n",
    ),
    (
        "negative shape rank",
        "func.func private @f(!tosa.shape<-1>)\n",
    ),
    (
        "mxint8 tensor",
        "func.func @f(%a: tensor<2x!tosa.mxint8>) {\n"
        "  %0 = tosa.abs %a : (tensor<2x!tosa.mxint8>) -> tensor<2x!tosa.mxint8>\n"
        "  return\n}\n",
    ),
]


@needs_mlir
@needs_mlir_opt
def test_imported_tosa_ops_against_mlir_opt(imported: Path) -> None:
    """Every complete tosa op without regions in generated programs over float,
    integer, quantized, unranked and shape types, and the programs above: where
    mlir-opt-22 accepts a program, odsgen prints it identically in custom and
    generic form; where it rejects one, odsgen gives the same first error."""
    spec = (imported / "out" / "mlirpy" / "tosa.yaml").read_text("utf-8")
    cases = _tosa_cases(spec) + PROGRAMS
    total, valid, mismatches = _compare(imported, cases, "tosa")
    names = {name for name, _ in cases}
    print(f"tosa cases: {total}, ops: {len(names) - len(PROGRAMS)}, all agree")
    assert total["valid"] > 50, total
    assert total["invalid"] > 500, total
    # Both kinds for most ops, and the traits' messages among the errors compared.
    assert len({name for name, _ in valid}) >= 25
    assert not mismatches, mismatches[:20]


@needs_mlir
@needs_mlir_opt
def test_tosa_trait_messages_are_mlir_opts(imported: Path) -> None:
    """The messages of tosa's own traits and of the shared traits its elementwise ops
    use, each on a program mlir-opt-22 rejects for that reason alone."""
    programs = {
        "shape operand is not compile time resolvable": PROGRAMS[0][1],
        "operands don't have matching ranks": PROGRAMS[4][1],
        "result type has different rank than operands": PROGRAMS[3][1],
        "result shape has different rank than operands": (
            "func.func @f(%a: !tosa.shape<2>) {\n"
            "  %0 = tosa.add_shape %a, %a : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<3>\n"
            "  return\n}\n"
        ),
    }
    for message, text in programs.items():
        program = imported / "trait.mlir"
        program.write_text(text, encoding="utf-8")
        expected = subprocess.run(["mlir-opt-22", str(program)], capture_output=True, text=True)
        assert message in expected.stderr, expected.stderr
        got = _opt(imported, program)
        first = [line for line in got.stderr.splitlines() if ": error: " in line][:1]
        want = [line for line in expected.stderr.splitlines() if ": error: " in line][:1]
        assert first == want, got.stderr


#: Shape ops on shapes `tosa.const_shape` makes (with its verifier written in the
#: fixture), valid and invalid.
SHAPE_PROGRAMS = [
    (
        "const shapes",
        "func.func @f() -> !tosa.shape<2> {\n"
        "  %a = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"
        "  %b = tosa.const_shape {values = dense<[3, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"
        "  %c = tosa.add_shape %a, %b : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n"
        "  %d = tosa.mul_shape %c, %a : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n"
        "  %e = tosa.max_shape %d, %b : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n"
        "  %z = tosa.const_shape {values = dense<7> : tensor<1xindex>} : () -> !tosa.shape<0>\n"
        "  return %e : !tosa.shape<2>\n}\n",
    ),
    (
        "ranks differ",
        "func.func @f() {\n"
        "  %a = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"
        "  %b = tosa.const_shape {values = dense<[3, 4, 5]> : tensor<3xindex>}"
        " : () -> !tosa.shape<3>\n"
        "  %c = tosa.sub_shape %a, %b : (!tosa.shape<2>, !tosa.shape<3>) -> !tosa.shape<2>\n"
        "  return\n}\n",
    ),
    (
        "result rank differs",
        "func.func @f() {\n"
        "  %a = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"
        '  %c = "tosa.min_shape"(%a, %a) : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<1>\n'
        "  return\n}\n",
    ),
    (
        "argument and const",
        "func.func @f(%s: !tosa.shape<2>) {\n"
        "  %a = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"
        "  %c = tosa.add_shape %a, %s : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<2>\n"
        "  return\n}\n",
    ),
    (
        "too many values",
        "func.func @f() {\n"
        "  %a = tosa.const_shape {values = dense<[1, 2, 3]> : tensor<3xindex>}"
        " : () -> !tosa.shape<2>\n"
        "  return\n}\n",
    ),
]


@needs_mlir
@needs_mlir_opt
def test_shape_ops_with_const_shape_against_mlir_opt(imported: Path) -> None:
    """With `tosa.const_shape`'s verifier written (the fixture `tosa_impl.py`), it is
    complete, and programs of shape ops on constant shapes print as mlir-opt-22 prints
    them in custom and generic form, or fail with its first error."""
    fixture = Path(__file__).parent / "mlir_hooks" / "tosa_impl.py"
    root = imported / "hooks"
    (root / "out").mkdir(parents=True)
    args = [str(ODSGEN), "import", "-I", str(MLIR_INCLUDE), str(TOSA), str(QUANT)]
    out = ["-o", str(root / "out" / "mlirpy")]
    first = subprocess.run([*args, *out], capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    skeleton = root / "out" / "mlirpy" / "mlirpy_impl" / "tosa_impl.py"
    skeleton.write_text(fixture.read_text("utf-8"), encoding="utf-8")
    again = subprocess.run([*args, *out, "--report"], capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    tosa = next(line for line in again.stdout.splitlines() if line.startswith("tosa:"))
    assert int(tosa.split(", ")[1].split()[0]) >= 46, again.stdout
    total, valid, mismatches = _compare(root, SHAPE_PROGRAMS, "shapes")
    assert [name for name, _ in valid] == ["const shapes"], total
    assert total["invalid"] == len(SHAPE_PROGRAMS) - 1, total
    assert not mismatches, mismatches
