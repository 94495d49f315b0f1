"""`odsgen check-patterns`: patterns against the ops' reference implementations.

A scratch project's dialect has ops with references and patterns that are right
(`add(x, y) -> add(y, x)`) and deliberately wrong (`sub(x, y) -> sub(y, x)`,
`add(x, 0) -> 1`): the wrong ones are reported with the inputs that tell them
apart, and the exit status is 1. A wrong pattern marked knowingly unsound
(`unsound: why`) is reported with its counterexample but does not fail the run; a
right one so marked does (it passes unexpectedly). Every shipped set is checked too: each DRR pattern
whose ops have references is checked on instances, and each one that gives another
result than its source is one where mlir-opt-22's canonicalizer, given the same
function, gives that wrong result on the same inputs (our patterns mirror MLIR 22's,
which are unsound there: the checker finds MLIR's bugs, not ours).
"""

from __future__ import annotations

import importlib
import io
import os
import shutil
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import generated
from generator.check_patterns import PatternReport, _refines, check_pattern, check_sets
from generator.cli import _context, main
from generator.ir import Context, Operation, Type, semantics
from generator.ir.interpreter import Interpreter
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

SPEC = textwrap.dedent(
    """\
    name: chk
    summary: Patterns to check
    ops:
      - def: Chk_AddOp
        mnemonic: add
        traits: [Pure, SameOperandsAndResultType]
        operands:
          - {name: lhs, type: AnySignlessInteger}
          - {name: rhs, type: AnySignlessInteger}
        results:
          - {name: result, type: AnySignlessInteger}
        reference: return semantics.addi(lhs, rhs, semantics.width(self.result.type))
      - def: Chk_SubOp
        mnemonic: sub
        traits: [Pure, SameOperandsAndResultType]
        operands:
          - {name: lhs, type: AnySignlessInteger}
          - {name: rhs, type: AnySignlessInteger}
        results:
          - {name: result, type: AnySignlessInteger}
        reference: return semantics.subi(lhs, rhs, semantics.width(self.result.type))
      - def: Chk_ConstOp
        mnemonic: const
        traits: [Pure, ConstantLike]
        attributes:
          - {name: value, type: AnyAttr}
        results:
          - {name: result, type: AnySignlessInteger}
        reference: return semantics.constant(self.get_attr("value"), self.result.type)
      - def: Chk_OpaqueOp
        mnemonic: opaque
        summary: An op without a reference
        traits: [Pure, SameOperandsAndResultType]
        operands:
          - {name: input, type: AnySignlessInteger}
        results:
          - {name: result, type: AnySignlessInteger}
    patterns:
      - name: AddCommutes
        source: (Chk_AddOp $x, $y)
        results: ['(Chk_AddOp $y, $x)']
        set: chk-right
      - name: SubCommutes
        source: (Chk_SubOp $x, $y)
        results: ['(Chk_SubOp $y, $x)']
        set: chk-wrong
      - name: AddZeroIsOne
        source: (Chk_AddOp $x, (Chk_ConstOp ConstantAttr<I32Attr, "0">))
        results: ['(Chk_ConstOp ConstantAttr<I32Attr, "1">, (returnType $x))']
        set: chk-wrong
      - name: OpaqueOfOpaque
        source: (Chk_OpaqueOp (Chk_OpaqueOp $x))
        results: ['(Chk_OpaqueOp $x)']
        set: chk-right
      - name: SubCommutesKnowingly
        source: (Chk_SubOp $x, $y)
        results: ['(Chk_SubOp $y, $x)']
        set: chk-known
        unsound: subtraction does not commute
      - name: AddCommutesMarkedWrongly
        source: (Chk_AddOp $x, $y)
        results: ['(Chk_AddOp $y, $x)']
        set: chk-xpass
        unsound: marked although addition commutes
    """
)


@pytest.fixture(scope="module")
def chk(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The scratch dialect's package, generated and loaded beside the shipped ones."""
    generated.load_all_dialects()
    root = tmp_path_factory.mktemp("project")
    (root / "opdefs").mkdir()
    (root / "opdefs" / "chk.yaml").write_text(SPEC, encoding="utf-8")
    assert main(["generate", "--root", str(root)]) == 0
    generated.__path__.append(str(root / "generated"))
    return importlib.import_module("generated.chk")


def _ctx(chk: ModuleType) -> Context:
    ctx = _context(False)
    ctx.load_all_available_dialects()
    ctx.load_dialect(chk.DIALECT)
    return ctx


def _reports(ctx: Context, name: str) -> dict[str, PatternReport]:
    out = io.StringIO()
    reports, _ = check_sets(ctx, [name], out.write)
    return {r.name: r for r in reports}


def test_wrong_patterns_are_caught_with_their_inputs(chk: ModuleType) -> None:
    ctx = _ctx(chk)
    out = io.StringIO()
    reports, ok = check_sets(ctx, ["chk-wrong"], out.write)
    text = out.getvalue()
    assert not ok
    by_name = {r.name: r for r in reports}
    assert by_name["SubCommutes"].status == "failing", text
    assert by_name["AddZeroIsOne"].status == "failing", text
    assert "FAIL chk-wrong: SubCommutes" in text
    assert "FAIL chk-wrong: AddZeroIsOne" in text
    assert "inputs (%arg0 = " in text
    assert "chk-wrong: 2 patterns, 0 checked, 0 unchecked, 2 failing, 0 known unsound" in text
    # The reported inputs do tell the two functions apart.
    for report in by_name.values():
        assert report.example is not None
        source, args = report.example
        module = parse_source(SourceFile("example.mlir", source), ctx)
        got = Interpreter(module, io.StringIO().write).run("source", args)
        assert got
        assert all(v is not semantics.POISON for v in got)


def test_known_unsound_patterns_are_reported_but_do_not_fail(chk: ModuleType) -> None:
    ctx = _ctx(chk)
    assert chk.patterns.SubCommutesKnowingly.unsound == "subtraction does not commute"
    assert getattr(chk.patterns.SubCommutes, "unsound", None) is None
    out = io.StringIO()
    reports, ok = check_sets(ctx, ["chk-known"], out.write)
    text = out.getvalue()
    assert ok, text
    (report,) = reports
    assert report.status == "unsound", text
    assert report.unsound == "subtraction does not commute"
    assert report.example is not None
    assert "known unsound chk-known: SubCommutesKnowingly (subtraction does not commute)\n" in text
    assert "  inputs (%arg0 = " in text
    assert "FAIL" not in text
    assert "chk-known: 1 patterns, 0 checked, 0 unchecked, 0 failing, 1 known unsound\n" in text


def test_unsound_patterns_that_pass_fail_the_run(chk: ModuleType) -> None:
    out = io.StringIO()
    reports, ok = check_sets(_ctx(chk), ["chk-xpass"], out.write)
    text = out.getvalue()
    assert not ok, text
    assert [r.status for r in reports] == ["unsound-passed"]
    assert "UNEXPECTEDLY PASSING chk-xpass: AddCommutesMarkedWrongly: marked unsound" in text
    assert "0 failing, 0 known unsound, 1 unexpectedly passing\n" in text


def test_right_patterns_pass_and_unreferenced_ones_are_unchecked(chk: ModuleType) -> None:
    reports = _reports(_ctx(chk), "chk-right")
    assert reports["AddCommutes"].status == "checked"
    assert reports["AddCommutes"].evaluations >= 12
    assert reports["OpaqueOfOpaque"].status == "unchecked"
    assert "no reference implementation for 'chk.opaque'" in reports["OpaqueOfOpaque"].reason


def test_command_line_exit_status_and_report(tmp_path: Path) -> None:
    """`odsgen check-patterns --load-dialect PKG SET` on a package made by
    `odsgen generate -o`: exit status 0 for the right set, 1 for the wrong one."""
    (tmp_path / "chk.yaml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "chkproj").mkdir()
    (tmp_path / "chkproj" / "__init__.py").write_text("", encoding="utf-8")
    generate = ["generate", "chk.yaml", "-o", "chkproj/dialects", "--package", "chkproj.dialects"]
    assert _odsgen(generate, tmp_path).returncode == 0
    load = ["--load-dialect", "chkproj.dialects"]
    right = _odsgen(["check-patterns", "chk-right", *load], tmp_path)
    assert right.returncode == 0, right.stderr
    assert "chk-right: 2 patterns, 1 checked, 1 unchecked, 0 failing" in right.stdout
    known = _odsgen(["check-patterns", "chk-known", *load], tmp_path)
    assert known.returncode == 0, known.stderr
    assert "known unsound chk-known: SubCommutesKnowingly (" in known.stdout
    xpass = _odsgen(["check-patterns", "chk-xpass", *load], tmp_path)
    assert xpass.returncode == 1, xpass.stderr
    wrong = _odsgen(["check-patterns", "chk-wrong", *load], tmp_path)
    assert wrong.returncode == 1, wrong.stderr
    assert "FAIL chk-wrong: SubCommutes\n  inputs (%arg0 = " in wrong.stdout
    unknown = _odsgen(["check-patterns", "no-such-set"], tmp_path)
    assert unknown.returncode == 1
    assert "no pattern set named 'no-such-set'" in unknown.stderr


ODSGEN = Path(sys.executable).parent / "odsgen"


def _odsgen(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [str(ODSGEN), *args], cwd=cwd, env=environ, capture_output=True, text=True, check=False
    )


def test_a_reference_that_differs_is_caught(chk: ModuleType) -> None:
    """The same right pattern, checked against a wrong reference, fails: what is
    compared is the references' results, not the patterns' text."""
    ctx = _ctx(chk)
    pattern = chk.patterns.AddCommutes
    original = chk.ops.AddOp.reference

    def left(self: object, lhs: int, rhs: int) -> int:
        return lhs

    chk.ops.AddOp.reference = left
    try:
        report = check_pattern(ctx, "chk-right", pattern)
    finally:
        chk.ops.AddOp.reference = original
    assert report.status == "failing"


MLIR_OPT = shutil.which("mlir-opt-22")


@cache
def _shipped() -> tuple[Context, list[PatternReport], str]:
    ctx = _context(False)
    ctx.load_all_available_dialects()
    out = io.StringIO()
    reports, _ = check_sets(ctx, ctx.pattern_set_names(), out.write)
    return ctx, reports, out.getvalue()


def test_every_shipped_set() -> None:
    """Every shipped set: each DRR pattern whose ops all have references is checked
    (an instance is always found), none fails, each pattern marked knowingly unsound
    has a counterexample, and the figures are printed."""
    _, reports, text = _shipped()
    print(text)
    shipped = [r for r in reports if not r.set_name.startswith("chk")]
    not_found = [r.name for r in shipped if r.reason.startswith("no instance")]
    assert not not_found, text
    assert sum(r.status == "checked" for r in shipped) >= 25
    # The `tf`/`tfl` patterns, checked on tensor instances.
    legalize = [r.status for r in shipped if r.set_name == "legalize-tf"]
    assert legalize, text
    assert set(legalize) == {"checked"}, text
    assert [r.name for r in shipped if r.status in ("failing", "unsound-passed")] == [], text
    unsound = [r for r in shipped if r.status == "unsound"]
    assert unsound, text
    assert all(r.unsound and r.example is not None for r in unsound)


@pytest.mark.mlir
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
def test_shipped_failures_are_mlir_opts_own() -> None:
    """Each shipped pattern that gives another result than its source (each one
    marked knowingly unsound) does what mlir-opt-22's canonicalizer does:
    canonicalized by mlir-opt-22, the reported function gives the same wrong result
    on the reported inputs."""
    assert MLIR_OPT is not None
    ctx, reports, _ = _shipped()
    failing = [
        r
        for r in reports
        if r.status in ("failing", "unsound") and not r.set_name.startswith("chk")
    ]
    assert failing
    for report in failing:
        assert report.example is not None, report.failures
        source, args = report.example
        theirs = subprocess.run(
            [MLIR_OPT, "--canonicalize", "-"],
            input=source,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        before = parse_source(SourceFile("source.mlir", source), ctx)
        after = parse_source(SourceFile("theirs.mlir", theirs), ctx)
        expected = Interpreter(before, io.StringIO().write).run("source", args)
        got = Interpreter(after, io.StringIO().write).run("source", args)
        types = _result_types(before)
        assert not all(_refines(e, g, t) for e, g, t in zip(expected, got, types, strict=True)), (
            report.name,
            source,
            theirs,
        )


def _result_types(module: Operation) -> list[Type]:
    for op in module.regions[0].blocks[0].ops:
        if op.name == "func.func":
            function_type = op.get_attr("function_type")
            return list(function_type.value.results)  # type: ignore[union-attr]
    raise AssertionError("no function")
