"""Types and attributes with declarative formats read and print as MLIR 22's do.

`mlir_types/` holds specs mirroring types and attributes that MLIR 22's own dialects
define with an `assemblyFormat` (transform, SMT, EmitC, TOSA, LLVM): same def
names, parameters and formats. They are generated into a package of their own, and
each case of `mlir_types/cases.txt`, a type or attribute in an unregistered op, must
give what `mlir-opt-22` gives: the printed module byte for byte (aliases included),
or the same error lines (position and message, the second `failed to parse ...`
error included). `mlir_types/expected.json` stores mlir-opt-22's outputs, so the
comparison runs without MLIR installed; with `mlir-opt-22` present, a test checks
that the stored outputs are current.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from generator.cli import main
from generator.ir import Context, DiagnosticError, parse_source, print_operation
from generator.ir.source import SourceFile

HERE = Path(__file__).resolve().parent / "mlir_types"
SPECS = ["transform", "smt", "emitc", "tosa", "llvm"]
PACKAGE = "odsgen_mlir_type_mirrors"

sys.path.insert(0, str(HERE))
import regen  # noqa: E402  (the directory's own script: its case list and wrapping)

sys.path.remove(str(HERE))

EXPECTED: dict[str, str] = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def mirrors(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The mirror specs, generated and imported as one package."""
    root = tmp_path_factory.mktemp("mirrors")
    specs = [str(HERE / f"{name}.td") for name in SPECS]
    assert main(["generate", *specs, "-o", str(root / PACKAGE), "--package", PACKAGE]) == 0
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def context(mirrors: ModuleType) -> Context:
    """A context with the mirrored dialects, where the test op may stay unregistered."""
    ctx: Context = mirrors.context()
    ctx.allow_unregistered_dialects = True
    return ctx


def odsgen(case: str, ctx: Context) -> str:
    """What odsgen prints for one case: the module (with mlir-opt's last empty line),
    or its error and note lines."""
    try:
        module = parse_source(SourceFile("case.mlir", regen.case_text(case)), ctx)
    except DiagnosticError as error:
        return regen.outcome("", str(error), ok=False)
    return print_operation(module, generic=False) + "\n"


def test_cases_cover_every_mirror() -> None:
    """Every mirrored dialect has cases, valid and invalid, and all are stored."""
    cases = regen.cases()
    for name in SPECS:
        ours = [c for c in cases if c[1:].startswith(name + ".")]
        assert any("error: " not in EXPECTED[c] for c in ours), name
        assert any("error: " in EXPECTED[c] for c in ours), name
    assert sorted(EXPECTED) == sorted(cases)


@pytest.mark.parametrize("case", regen.cases())
def test_reads_and_prints_as_mlir_opt(case: str, context: Context) -> None:
    """odsgen gives what mlir-opt-22 gives for the case (`expected.json`)."""
    assert odsgen(case, context) == EXPECTED[case]


@pytest.mark.skipif(shutil.which(regen.MLIR_OPT) is None, reason="mlir-opt-22 is not installed")
def test_expected_outputs_are_mlir_opts() -> None:
    """`expected.json` is what mlir-opt-22 prints today (regen.py rewrites it)."""
    with tempfile.TemporaryDirectory() as scratch:
        stale = [c for c in regen.cases() if regen.mlir_opt(c, Path(scratch)) != EXPECTED[c]]
    assert not stale, "stale cases; run tests/conformance/mlir_types/regen.py: " + ", ".join(stale)


def test_values_from_python(mirrors: ModuleType) -> None:
    """The generated classes build the same uniqued values the parser reads, check
    their verifiers, and print through the same code."""
    from generator.ir import IntegerType, StringAttr

    transform = importlib.import_module(PACKAGE + ".transform")
    smt = importlib.import_module(PACKAGE + ".smt")
    llvm = importlib.import_module(PACKAGE + ".llvm")
    i64 = IntegerType.get(64)
    assert transform.ParamType.get(i64) is transform.ParamType.get(i64)
    assert str(transform.ParamType.get(i64)) == "!transform.param<i64>"
    with pytest.raises(ValueError, match="only supports integer types with width <=64"):
        transform.ParamType.get(IntegerType.get(65))
    sort = smt.SortType.get(StringAttr.get("s"), (smt.BoolType.get(),))
    assert str(sort) == '!smt.sort<"s"[!smt.bool]>'
    assert sort.sortParams == (smt.BoolType.get(),)
    assert str(smt.SortType.get(StringAttr.get("s"))) == '!smt.sort<"s">'
    root = llvm.TBAARootAttr.get()
    assert str(root) == "#llvm.tbaa_root"
    assert root.ALIAS == "tbaa_root"
    assert root.id is None
