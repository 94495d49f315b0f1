"""`odsgen import`: what a custom form may leave out, against mlir-opt-22.

Two translations the assembly formats of MLIR's ops rely on:

* a type constraint's `builderCall` (ODS's `BuildableType`, as ROCDL's fixed
  vector types `ROCDL_V3I32Type` have) is imported as the builtin type it builds,
  so a format that omits the type (`rocdl.cvt.scale.pk16.f16.fp6 %a, %s[0]`)
  gives the operand that type;
* a `ConfinedAttr` of primitive checks (`ConfinedAttr<I32Attr, [IntPositive]>`)
  is imported over its base attribute, so it keeps the base's syntax (no `: i32`)
  and a `:` after it in a format is not ambiguous.

Expected IR and errors come from mlir-opt-22 at test time.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import yaml
from spec.test_mlir_import import (
    DIALECTS,
    MLIR_INCLUDE,
    ODSGEN,
    _chunks_of,
    _first_errors,
    _import,
    needs_mlir,
    needs_mlir_opt,
)

from generator.ir import parse_type
from generator.spec.mlir_import import builder_call_type
from generator.tablegen import dump_json, load_records


def _opt(tmp_path: Path, program: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`odsgen opt` with the imported package, on the runtime this checkout's tests run
    with (the `PYTHONPATH` they were given, after the package)."""
    paths = [str(tmp_path / "out" / "mlirpy"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p))
    return subprocess.run(
        [str(ODSGEN), "opt", "--load-dialect", "mlirpy", "--replace-builtin", *flags, str(program)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )


ROCDL_FILES = [DIALECTS / "LLVMIR" / "LLVMOps.td", DIALECTS / "LLVMIR" / "ROCDLOps.td"]


def _builder_calls() -> list[str]:
    """Every `builderCall` of a type constraint in ROCDLOps.td's records (those of
    OpBase.td's types included) that translates to a builtin type."""
    records = json.loads(dump_json(load_records(ROCDL_FILES[1], [MLIR_INCLUDE])))
    calls = {
        str(r["builderCall"])
        for r in records.values()
        if isinstance(r, dict) and r.get("builderCall")
    }
    return sorted(c for c in calls if builder_call_type(c) is not None)


@needs_mlir
@needs_mlir_opt
def test_builder_call_types_print_as_mlir_opt() -> None:
    """Each translated `builderCall` is a type mlir-opt-22 accepts and prints as odsgen
    prints it; the ROCDL vector types are among them."""
    calls = _builder_calls()
    texts = [builder_call_type(c) for c in calls]
    assert "vector<3xi32>" in texts, texts
    assert "vector<16xbf16>" in texts, texts
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(texts))
    program = f"func.func private @f({args})\n"
    run = subprocess.run(["mlir-opt-22"], input=program, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    want = run.stdout.split("@f(", 1)[1].split(")\n", 1)[0]
    got = ", ".join(str(parse_type(str(t))) for t in texts)
    assert got == want


def test_builder_calls_outside_the_builtin_types_are_not_translated() -> None:
    """A call that builds a dialect's class (LLVM's pointers, tokens) or a vector of
    an unknown element has no builtin type, so it stays unbuildable."""
    for call in (
        "$_builder.getType<::mlir::LLVM::LLVMPointerType>(3)",
        "::mlir::LLVM::LLVMTokenType::get($_builder.getContext())",
        "::mlir::VectorType::get({4}, $_builder.getType<::mlir::LLVM::LLVMPointerType>(0))",
        "::mlir::VectorType::get({n}, $_builder.getF32Type())",
        "$_builder.getIntegerType(width)",
    ):
        assert builder_call_type(call) is None, call


#: ROCDL's packed conversions, whose formats omit the type of their fixed-vector
#: source, in custom form; then invalid uses in generic form.
VALID = """\
func.func @f(%a: vector<3xi32>, %b: i32, %c: f32, %d: vector<16xf16>, %e: vector<16xbf16>,
             %g: vector<6xi32>) {
  %0 = rocdl.cvt.scale.pk16.f16.fp6 %a, %b[0] : vector<16xf16>
  %1 = rocdl.cvt.scalef32.pk16.fp6.f16 %d, %c : vector<3xi32>
  %2 = rocdl.cvt.scale.pk16.bf16.fp6 %a, %b[1] : vector<16xbf16>
  %3 = rocdl.cvt.scalef32.pk16.fp6.bf16 %e, %c : vector<3xi32>
  %4 = rocdl.cvt.scale.pk16.f32.fp6 %a, %b[2] : vector<16xf32>
  return
}
"""

INVALID = [
    # The source is a vector of the wrong length.
    '"rocdl.cvt.scale.pk16.f16.fp6"(%v4, %i) <{scaleSel = 0 : i32}>'
    " : (vector<4xi32>, i32) -> vector<16xf16>",
    # The result has the wrong element type.
    '"rocdl.cvt.scalef32.pk16.fp6.f16"(%h, %f) : (vector<16xf16>, f32) -> vector<3xi64>',
    # A scalar where the vector goes.
    '"rocdl.cvt.scale.pk16.bf16.fp6"(%i, %i) <{scaleSel = 0 : i32}>'
    " : (i32, i32) -> vector<16xbf16>",
]


def _invalid_program() -> tuple[str, list[int]]:
    chunks, starts, line = [], [], 1
    for op in INVALID:
        text = (
            "func.func @f(%v4: vector<4xi32>, %i: i32, %h: vector<16xf16>, %f: f32) {\n"
            f"  %r = {op}\n  return\n}}\n"
        )
        chunks.append(text)
        starts.append(line)
        line += text.count("\n") + 1
    return "// -----\n".join(chunks), starts


@needs_mlir
@needs_mlir_opt
def test_rocdl_ops_with_built_types_against_mlir_opt(tmp_path: Path) -> None:
    """The conversions complete once their source types are built: they print as
    mlir-opt-22 prints them in custom and generic form, and invalid uses give
    mlir-opt-22's first error."""
    status, _, err = _import(tmp_path, *ROCDL_FILES)
    assert status == 0, err
    spec = yaml.safe_load((tmp_path / "out" / "mlirpy" / "rocdl.yaml").read_text("utf-8"))
    mnemonics = {op["mnemonic"] for op in spec["ops"]}
    assert "cvt.scale.pk16.f16.fp6" in mnemonics
    program = tmp_path / "valid.mlir"
    program.write_text(VALID, encoding="utf-8")
    for flags in ([], ["--mlir-print-op-generic"]):
        expected = subprocess.run(
            ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
        )
        got = _opt(tmp_path, program, *flags)
        assert got.stderr == ""
        assert got.stdout == expected.stdout
    text, starts = _invalid_program()
    program = tmp_path / "invalid.mlir"
    program.write_text(text, encoding="utf-8")
    expected = subprocess.run(
        ["mlir-opt-22", "--split-input-file", str(program)], capture_output=True, text=True
    )
    got = _opt(tmp_path, program, "--split-input-file")
    assert "Traceback" not in got.stderr, got.stderr[-3000:]
    want_errors = _first_errors(expected.stderr, starts)
    assert len(want_errors) == len(INVALID), expected.stderr
    assert _first_errors(got.stderr, starts) == want_errors
    assert _chunks_of(got.stdout) == _chunks_of(expected.stdout)


@needs_mlir
def test_confined_attribute_is_not_ambiguous_before_a_colon(tmp_path: Path) -> None:
    """`memref.assume_alignment`'s `ConfinedAttr<I32Attr, [IntPositive]>` is imported
    over `I32Attr`, so its format `$alignment `:` type($memref)` is not ambiguous and
    the op is complete."""
    run = subprocess.run(
        [
            str(ODSGEN),
            "import",
            "-I",
            str(MLIR_INCLUDE),
            str(DIALECTS / "MemRef" / "IR" / "MemRefOps.td"),
            "--report",
            "-v",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assume = [
        line for line in run.stdout.splitlines() if line.startswith("  memref.assume_alignment:")
    ]
    # Its verifier is odsgen's own `memref.assume_alignment`'s, so nothing remains.
    assert assume == [], assume
    assert "memref: 32 ops" in run.stdout


@needs_mlir
def test_primitive_attribute_checks_read_back_from_records() -> None:
    """Every check of a `ConfinedAttr` in MemRefOps.td and LinalgOps.td records that
    odsgen knows by name is read back with its arguments, so that its summary is
    MLIR's, and the ones these files use are among them."""
    from generator.spec.mlir_import import _attr_predicate

    found: set[str] = set()
    for path in (
        DIALECTS / "MemRef" / "IR" / "MemRefOps.td",
        DIALECTS / "Linalg" / "IR" / "LinalgOps.td",
    ):
        records = json.loads(dump_json(load_records(path, [MLIR_INCLUDE])))
        for record in records.values():
            if not isinstance(record, dict) or "ConfinedAttr" not in record.get(
                "!superclasses", ()
            ):
                continue
            for ref in record.get("attrConstraints") or ():
                check = records[ref["def"]]
                predicate = _attr_predicate(check)
                if predicate is None:
                    continue
                assert predicate.summary() == check["summary"], check
                found.add(predicate.name)
    assert {"IntPositive", "IntMinValue"} <= found, found


# -- NVVM's SM-gated ops -------------------------------------------------------------

NVVM_FILES = [DIALECTS / "LLVMIR" / "LLVMOps.td", DIALECTS / "LLVMIR" / "NVVMOps.td"]

#: An SM-gated op of each requirement, in custom form.
SM_OPS = {
    "cluster.wait": "nvvm.cluster.wait",
    "wgmma.fence.aligned": "nvvm.wgmma.fence.aligned",
    "tcgen05.relinquish_alloc_permit": "nvvm.tcgen05.relinquish_alloc_permit",
    "tcgen05.fence": "nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>",
}

#: Targets below, at and above each requirement, accelerated or not.
CHIPS = ["sm_70", "sm_80", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_101a", "sm_103a", "sm_120a"]


def _sm_traits(spec: dict[str, object]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The SM trait of each op of an imported nvvm spec: (trait, versions)."""
    out = {}
    for op in spec["ops"]:  # type: ignore[attr-defined]
        for trait in op.get("traits", ()):
            text = str(trait)
            if text.startswith("NVVMRequiresSM"):
                name, _, rest = text.partition("<")
                out[str(op["mnemonic"])] = (name, tuple(yaml.safe_load(rest[:-1])))
    return out


@needs_mlir
@needs_mlir_opt
def test_nvvm_sm_requirements_agree_with_mlir_opt(tmp_path: Path) -> None:
    """The imported ops carry their SM requirement, and for each NVVM target chip the
    runtime's decision is mlir-opt-22's: the op is accepted inside a `gpu.module` with
    that target exactly when the runtime says it is supported, and otherwise
    mlir-opt-22's message is the one the trait gives."""
    from generator.ir.traits import nvvm_sm_supported

    status, _, err = _import(tmp_path, *NVVM_FILES)
    assert status == 0, err
    spec = yaml.safe_load((tmp_path / "out" / "mlirpy" / "nvvm.yaml").read_text("utf-8"))
    traits = _sm_traits(spec)
    assert set(SM_OPS) <= set(traits), traits
    assert {name for name, _ in traits.values()} == {"NVVMRequiresSM", "NVVMRequiresSMa"}
    for mnemonic, text in SM_OPS.items():
        name, versions = traits[mnemonic]
        for chip in CHIPS:
            program = (
                f'gpu.module @m [#nvvm.target<chip = "{chip}">] {{\n'
                f"  func.func @f() {{\n    {text}\n    return\n  }}\n}}\n"
            )
            run = subprocess.run(["mlir-opt-22"], input=program, capture_output=True, text=True)
            supported = nvvm_sm_supported(chip, versions, name == "NVVMRequiresSMa")
            assert (run.returncode == 0) == supported, (mnemonic, chip, run.stderr)
            if not supported:
                assert f"'nvvm.{mnemonic}' op is not supported on {chip}" in run.stderr


@needs_mlir
@needs_mlir_opt
def test_nvvm_sm_ops_without_a_target_against_mlir_opt(tmp_path: Path) -> None:
    """With no NVVM target around them (in a function, in a `gpu.module` without
    targets, written generically as odsgen has no `gpu` dialect), the SM-gated ops
    are complete and print as mlir-opt-22 prints them."""
    status, _, err = _import(tmp_path, *NVVM_FILES)
    assert status == 0, err
    body = "\n".join(f"    {text}" for text in SM_OPS.values())
    program = tmp_path / "p.mlir"
    program.write_text(
        f"func.func @f() {{\n{body}\n    return\n}}\n"
        '"gpu.module"() <{sym_name = "m"}> ({\n'
        f"  func.func @g() {{\n{body}\n    return\n  }}\n}}) : () -> ()\n",
        encoding="utf-8",
    )
    flags = ["--allow-unregistered-dialect", "--mlir-print-op-generic"]
    expected = subprocess.run(
        ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
    )
    got = _opt(tmp_path, program, *flags)
    assert got.stderr == ""
    assert got.stdout == expected.stdout


def test_nvvm_sm_check_walks_the_gpu_modules_around_the_op() -> None:
    """The trait checks the op against every NVVM target of every `gpu.module` around
    it, outermost first, skipping targets with `verifyTarget = false` and those below
    sm_20 (the module's own error); an op outside any such module passes."""
    from generator.ir import ArrayAttr, Context, NVVMRequiresSM, NVVMRequiresSMa
    from generator.ir.attr_type_base import ParametricAttr
    from generator.ir.parser import parse_source
    from generator.ir.source import SourceFile

    class Target(ParametricAttr):
        """The parameters of `#nvvm.target` the check reads."""

        DIALECT = "nvvm"
        MNEMONIC = "target"

        @property
        def chip(self) -> str:
            return str(self.params[0])

        @property
        def verify_target(self) -> bool:
            return bool(self.params[1])

    ctx = Context(allow_unregistered_dialects=True)
    text = (
        '"gpu.module"() ({\n  "gpu.module"() ({\n    "x.op"() : () -> ()\n'
        "  }) : () -> ()\n}) : () -> ()\n"
    )
    module = parse_source(SourceFile("<test>", text), ctx)
    (outer,) = module.regions[0].blocks[0].ops
    (inner,) = outer.regions[0].blocks[0].ops
    (op,) = inner.regions[0].blocks[0].ops
    sm90 = NVVMRequiresSM.of("90")
    sm90a = NVVMRequiresSMa.of("90")
    assert sm90.verify(op) is None

    def targets(*chips: tuple[str, bool]) -> ArrayAttr:
        return ArrayAttr.get(tuple(Target.unique(c) for c in chips))

    inner.set_attr("targets", targets(("sm_80", True)))
    assert sm90.verify(op) == "is not supported on sm_80"
    inner.set_attr("targets", targets(("sm_80", False), ("sm_10", True)))
    assert sm90.verify(op) is None
    outer.set_attr("targets", targets(("sm_70", True)))
    inner.set_attr("targets", targets(("sm_90", True)))
    assert sm90.verify(op) == "is not supported on sm_70"
    outer.set_attr("targets", targets(("sm_90a", True)))
    assert sm90.verify(op) is None
    assert sm90a.verify(op) == "is not supported on sm_90"


# -- IRDL's AtMostOneChildOf -----------------------------------------------------------

IRDL_TWICE = """\
irdl.dialect @d {
  irdl.type @t {
    %0 = irdl.any
    irdl.parameters(a: %0)
    irdl.parameters(b: %0)
  }
}
"""


@needs_mlir
@needs_mlir_opt
def test_at_most_one_child_of_against_mlir_opt(tmp_path: Path) -> None:
    """`irdl.type`'s `AtMostOneChildOf<ParametersOp>` is imported with the op name of
    its child, and the runtime trait gives mlir-opt-22's message (without the op
    prefix) for a second `irdl.parameters`, and passes one."""
    from generator.ir import AtMostOneChildOf, Context
    from generator.ir.parser import parse_source
    from generator.ir.source import SourceFile

    irdl = DIALECTS / "IRDL" / "IR" / "IRDLOps.td"
    run = subprocess.run(
        [str(ODSGEN), "import", "-I", str(MLIR_INCLUDE), str(irdl), "--report", "-v"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("  irdl.type:")]
    assert lines, run.stdout[-2000:]
    assert not any("AtMostOneChildOf" in line for line in lines), lines
    expected = subprocess.run(["mlir-opt-22"], input=IRDL_TWICE, capture_output=True, text=True)
    first = next(line for line in expected.stderr.splitlines() if ": error: " in line)
    want = first.split(": error: ", 1)[1]
    # The ops as IR alone (odsgen's irdl ops need hand-written hooks): generic form.
    generic = subprocess.run(
        [
            "mlir-opt-22",
            "--mlir-print-op-generic",
            "--mlir-very-unsafe-disable-verifier-on-parsing",
        ],
        input=IRDL_TWICE,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    ctx = Context(allow_unregistered_dialects=True)
    module = parse_source(SourceFile("<test>", generic), ctx)
    (dialect,) = module.regions[0].blocks[0].ops
    (type_op,) = dialect.regions[0].blocks[0].ops
    trait = AtMostOneChildOf.of("irdl.parameters")
    message = trait.verify(type_op)
    assert message == want
    assert getattr(message, "prefixed", True) is False
    assert AtMostOneChildOf.of("irdl.any").verify(type_op) is None


# -- `operands` with the types given one by one ----------------------------------------

OPERANDS_VALID = """\
func.func @f(%c: i1, %a: f32, %b: f32, %v: vector<4xi1>, %x: vector<4xf32>, %r: vector<4xi32>,
             %i: i32) {
  %0 = llvm.select %c, %a, %b : i1, f32
  %1 = llvm.select %v, %x, %x : vector<4xi1>, vector<4xf32>
  %2 = rocdl.raw.buffer.atomic.cmpswap (%i, %i, %r, %i, %i, %i) : i32, vector<4xi32>
  return
}
"""

#: Too few and too many operands for the types, and a use of another type.
OPERANDS_INVALID = [
    "%0 = llvm.select %c, %a : i1, f32",
    "%0 = llvm.select %c, %a, %b, %b : i1, f32",
    "%0 = llvm.select %c, %a, %i : i1, f32",
    "%0 = rocdl.raw.buffer.atomic.cmpswap (%i, %i, %r, %i, %i) : i32, vector<4xi32>",
]


@needs_mlir
@needs_mlir_opt
def test_operands_directive_with_separate_types_against_mlir_opt(tmp_path: Path) -> None:
    """`operands` whose types come from `type($x)` directives, `AllTypesMatch` and
    buildable types (`llvm.select`, `rocdl.raw.buffer.atomic.cmpswap`): custom and
    generic forms print as mlir-opt-22's, and a count or type mismatch gives its
    first error."""
    status, _, err = _import(tmp_path, *ROCDL_FILES)
    assert status == 0, err
    program = tmp_path / "valid.mlir"
    program.write_text(OPERANDS_VALID, encoding="utf-8")
    for flags in ([], ["--mlir-print-op-generic"]):
        expected = subprocess.run(
            ["mlir-opt-22", *flags, str(program)], capture_output=True, text=True, check=True
        )
        got = _opt(tmp_path, program, *flags)
        assert got.stderr == ""
        assert got.stdout == expected.stdout
    chunks, starts, line = [], [], 1
    for op in OPERANDS_INVALID:
        text = (
            "func.func @f(%c: i1, %a: f32, %b: f32, %i: i32, %r: vector<4xi32>) {\n"
            f"  {op}\n  return\n}}\n"
        )
        chunks.append(text)
        starts.append(line)
        line += text.count("\n") + 1
    program = tmp_path / "invalid.mlir"
    program.write_text("// -----\n".join(chunks), encoding="utf-8")
    expected = subprocess.run(
        ["mlir-opt-22", "--split-input-file", str(program)], capture_output=True, text=True
    )
    got = _opt(tmp_path, program, "--split-input-file")
    want_errors = _first_errors(expected.stderr, starts)
    assert len(want_errors) == len(OPERANDS_INVALID), expected.stderr
    assert _first_errors(got.stderr, starts) == want_errors
