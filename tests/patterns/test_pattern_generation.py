"""DRR patterns: generation-time checks and the generated matchers at run time.

A scratch project holds a small YAML dialect with patterns of every kind the
generator handles (nested source ops, repeated names, `either`, constant
attributes, constraints over several symbols, native calls, auxiliary result
ops, `replaceWithValue`); `odsgen generate` writes its package, which the tests
load next to the shipped dialects and run with the greedy driver. The error
cases are TableGen specs whose generation must fail with the seed's
diagnostics, at the pattern's line.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

import generated
from generator.cli import main
from generator.ir import (
    Context,
    FrozenPatternSet,
    apply_patterns_greedily,
    print_operation,
    verify,
)
from generator.ir.dialect import PatternSetEntry
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

SPEC = textwrap.dedent(
    """\
    name: pat
    summary: Patterns under test
    extra_code: |
      def twice(value: Attribute) -> Attribute:
          assert isinstance(value, IntegerAttr)
          return IntegerAttr.get(value.type, value.value * 2)
    ops:
      - def: Pat_AddOp
        mnemonic: add
        traits: [Pure, SameOperandsAndResultType]
        operands:
          - {name: lhs, type: AnyInteger}
          - {name: rhs, type: AnyInteger}
        results:
          - {name: result, type: AnyInteger}
      - def: Pat_MulOp
        mnemonic: mul
        traits: [Pure, SameOperandsAndResultType]
        operands:
          - {name: lhs, type: AnyInteger}
          - {name: rhs, type: AnyInteger}
        results:
          - {name: result, type: AnyInteger}
      - def: Pat_ConstOp
        mnemonic: const
        traits: [Pure, ConstantLike]
        attributes:
          - {name: value, type: AnyAttr}
        results:
          - {name: result, type: AnyInteger}
      - def: Pat_MarkOp
        mnemonic: mark
        summary: What a rewrite leaves behind, tagged with the pattern
        traits: [Pure, SameOperandsAndResultType]
        operands:
          - {name: lhs, type: AnyInteger}
          - {name: rhs, type: AnyInteger}
        attributes:
          - {name: tag, type: StrAttr}
          - {name: note, type: 'DefaultValuedAttr<StrAttr, "none">'}
        results:
          - {name: result, type: AnyInteger}
      - def: Pat_PairOp
        mnemonic: pair
        summary: Two results
        traits: [Pure]
        operands:
          - {name: input, type: AnyInteger}
        results:
          - {name: low, type: AnyInteger}
          - {name: high, type: AnyInteger}
    patterns:
      - name: AddAnything
        source: (Pat_AddOp $x, $y)
        results: ['(Pat_MarkOp $x, $y, ConstantAttr<StrAttr, "general">)']
        set: demo
      - name: AddOfSame
        source: (Pat_AddOp $x, $x)
        results: ['(Pat_MarkOp $x, $x, ConstantAttr<StrAttr, "same">)']
        set: demo
      - name: AddOfMul
        source: (Pat_AddOp (Pat_MulOp $a, $b), $c)
        results: ['(Pat_MarkOp $a, $c, ConstantAttr<StrAttr, "fma">, ConstantAttr<StrAttr, "fused">)']
        benefit: 1
        set: demo
      - name: MulByConstEitherSide
        source: (Pat_MulOp (either $x, (Pat_ConstOp I32Attr:$c)))
        results: ['(Pat_MulOp $x, (Pat_ConstOp (NativeCodeCall<"pat.twice($0)"> $c), (returnType $x)))']
        set: twice
      - name: MarkSameTypes
        source: (Pat_MarkOp $x, $y, ConstantAttr<StrAttr, "general">, $_)
        constraints: ['(Constraint<CPred<"$0.type == $1.type and $0 is not $1">> $x, $y)']
        results: [$y]
        set: drop
      - name: PairThenAdd
        source: (Pat_AddOp $x, $y)
        results:
          - '(Pat_PairOp:$p $x, (returnType $x, $x))'
          - '(Pat_AddOp $p__1, $y)'
        set: pair
    """
)


@pytest.fixture(scope="module")
def pat(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The scratch dialect's package, generated and loaded beside the shipped ones."""
    import generated

    generated.load_all_dialects()
    root = tmp_path_factory.mktemp("project")
    (root / "opdefs").mkdir()
    (root / "opdefs" / "pat.yaml").write_text(SPEC, encoding="utf-8")
    assert main(["generate", "--root", str(root)]) == 0
    # The generated patterns import `generated.pat`: the scratch tree joins the package.
    generated.__path__.append(str(root / "generated"))
    import importlib

    return importlib.import_module("generated.pat")


def _context() -> Context:
    """A context with the shipped dialects and the scratch dialect `pat`."""
    import importlib

    ctx = generated.context(allow_unregistered_dialects=True)
    ctx.load_dialect(importlib.import_module("generated.pat").DIALECT)
    return ctx


def pattern_set(name: str) -> list[PatternSetEntry]:
    """The patterns of the set `name` of the scratch dialect."""
    return _context().pattern_set(name)


def _run(text: str, set_name: str) -> str:
    ctx = _context()
    module = parse_source(SourceFile("case.mlir", text), ctx)
    verify(module, ctx)
    assert apply_patterns_greedily(module, ctx.pattern_set(set_name), top_down=True)
    verify(module, ctx)
    return print_operation(module, generic=True)


_ARGS = '%a = "test.a"() : () -> i32\n%b = "test.b"() : () -> i32\n'
_USE = '"test.use"(%r) : (i32) -> ()\n'


def test_general_pattern_matches(pat: ModuleType) -> None:
    out = _run(_ARGS + '%r = "pat.add"(%a, %b) : (i32, i32) -> i32\n' + _USE, "demo")
    assert '"pat.mark"(%0, %1) <{note = "none", tag = "general"}>' in out


def test_repeated_name_is_more_specific(pat: ModuleType) -> None:
    """`(add $x, $x)` outranks `(add $x, $y)` on an add of one value twice."""
    out = _run(_ARGS + '%r = "pat.add"(%a, %a) : (i32, i32) -> i32\n' + _USE, "demo")
    assert 'tag = "same"' in out
    assert 'tag = "general"' not in out


def test_nested_op_is_more_specific(pat: ModuleType) -> None:
    text = _ARGS + (
        '%m = "pat.mul"(%a, %b) : (i32, i32) -> i32\n'
        '%r = "pat.add"(%m, %b) : (i32, i32) -> i32\n' + _USE
    )
    out = _run(text, "demo")
    assert '<{note = "fused", tag = "fma"}>' in out
    assert "pat.mul" not in out  # the multiplication is dead after the rewrite


def test_benefits_follow_discrimination(pat: ModuleType) -> None:
    benefits = {type(p).__name__: p.benefit for p in FrozenPatternSet(pattern_set("demo")).patterns}
    assert benefits == {"AddAnything": 1, "AddOfSame": 2, "AddOfMul": 3}


@pytest.mark.parametrize("order", ["(%a, %c)", "(%c, %a)"])
def test_either_matches_both_orders(pat: ModuleType, order: str) -> None:
    text = (
        '%a = "test.a"() : () -> i32\n'
        '%c = "pat.const"() <{value = 21 : i32}> : () -> i32\n'
        f'%r = "pat.mul"{order} : (i32, i32) -> i32\n' + _USE
    )
    ctx = _context()
    module = parse_source(SourceFile("case.mlir", text), ctx)
    # One application: the rewritten op matches again (42, 84, ...), so the
    # driver is allowed a single rewrite and no folding.
    apply_patterns_greedily(module, pattern_set("twice"), max_iterations=1, max_rewrites=1)
    out = print_operation(module, generic=True)
    doubled = re.search(r'(%\d+) = "pat.const"\(\) <\{value = 42 : i32\}>', out)
    a = re.search(r'(%\d+) = "test.a"', out)
    assert doubled is not None, out
    assert a is not None, out
    assert f'"pat.mul"({a.group(1)}, {doubled.group(1)})' in out


def test_constraint_over_two_symbols(pat: ModuleType) -> None:
    text = _ARGS + (
        '%r = "pat.mark"(%a, %b) <{tag = "general"}> : (i32, i32) -> i32\n'
        '%s = "pat.mark"(%a, %a) <{tag = "general"}> : (i32, i32) -> i32\n'
        '"test.use"(%r, %s) : (i32, i32) -> ()\n'
    )
    out = _run(text, "drop")
    assert out.count("pat.mark") == 1  # only the one with two different operands went
    assert '"test.use"(%1, %2)' in out


def test_auxiliary_result_op_and_second_result(pat: ModuleType) -> None:
    text = _ARGS + '%r = "pat.add"(%a, %b) : (i32, i32) -> i32\n' + _USE
    ctx = _context()
    module = parse_source(SourceFile("case.mlir", text), ctx)
    # The new add matches again, so one rewrite is all the driver may do.
    apply_patterns_greedily(module, pattern_set("pair"), max_iterations=1, max_rewrites=1)
    verify(module, ctx)
    out = print_operation(module, generic=True)
    assert '%2:2 = "pat.pair"(%0) : (i32) -> (i32, i32)' in out
    assert '"pat.add"(%2#1, %1)' in out


def test_a_pattern_matching_its_own_output_ends(pat: ModuleType) -> None:
    """`PairThenAdd` builds an add it matches again; the driver gives up, unconverged."""
    text = _ARGS + '%r = "pat.add"(%a, %b) : (i32, i32) -> i32\n' + _USE
    ctx = _context()
    module = parse_source(SourceFile("case.mlir", text), ctx)
    assert not apply_patterns_greedily(module, pattern_set("pair"))
    verify(module, ctx)


# -- generation-time errors --------------------------------------------------------

_TD_HEAD = textwrap.dedent(
    """\
    include "OpBase.td"

    def Bad_Dialect : Dialect { let name = "bad"; }
    class Bad_Op<string m, list<Trait> t = []> : Op<Bad_Dialect, m, t>;
    def Bad_AddOp : Bad_Op<"add", [Pure]> {
      let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
      let results = (outs AnyInteger:$result);
    }
    def Bad_TagOp : Bad_Op<"tag", [Pure]> {
      let arguments = (ins AnyInteger:$input, StrAttr:$tag);
      let results = (outs AnyInteger:$result);
    }
    """
)


def _generate_error(tmp_path: Path, patterns: str, capsys: pytest.CaptureFixture[str]) -> str:
    (tmp_path / "opdefs").mkdir()
    include = Path(__file__).resolve().parents[2] / "opdefs" / "include"
    (tmp_path / "opdefs" / "include").symlink_to(include)
    (tmp_path / "opdefs" / "bad.td").write_text(_TD_HEAD + patterns, encoding="utf-8")
    assert main(["generate", "--root", str(tmp_path)]) == 1
    assert not (tmp_path / "generated" / "bad").exists()
    return capsys.readouterr().err


ERRORS = {
    "not_an_op": (
        "def Bad_Thing;\ndef P : Pat<(Bad_AddOp $x, $y), (Bad_Thing $x, $y)>;",
        "unknown op 'Bad_Thing' in pattern",
        "did you mean 'Bad_TagOp'?",
    ),
    "argument_count": (
        "def P : Pat<(Bad_AddOp $x), (Bad_AddOp $x, $x)>;",
        "'bad.add' takes 2 arguments in a pattern, got 1",
        "its arguments are $lhs, $rhs",
    ),
    "unbound_symbol": (
        "def P : Pat<(Bad_AddOp $x, $y), (Bad_AddOp $x, $z)>;",
        "'$z' is not bound in the source pattern",
        "bound symbols: $x, $y",
    ),
    "unspecified_attribute": (
        "def P : Pat<(Bad_AddOp $x, $y), (Bad_TagOp $x)>;",
        "result op 'bad.tag' leaves its attribute 'tag' unspecified",
        "give every operand, and every attribute without a default",
    ),
    "ambiguous": (
        "def First : Pat<(Bad_AddOp $x, (Bad_AddOp $a, $b)), (Bad_AddOp $x, $a)>;\n"
        "def Second : Pat<(Bad_AddOp (Bad_AddOp $a, $b), $y), (Bad_AddOp $y, $b)>;",
        "patterns 'First' and 'Second' can match the same 'bad.add' op and are equally "
        "specific (benefit 2), so neither reliably wins",
        "raise one with (addBenefit n)",
    ),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_generation_error(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    patterns, message, hint = ERRORS[case]
    err = _generate_error(tmp_path, patterns + "\n", capsys)
    line = _TD_HEAD.count("\n") + patterns.count("\n") + 1
    assert f"bad.td:{line}:" in err
    assert f"error: {message}" in err
    assert hint in err
    assert "Traceback" not in err


def test_ambiguity_names_both_patterns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    patterns, _, _ = ERRORS["ambiguous"]
    err = _generate_error(tmp_path, patterns + "\n", capsys)
    first_line = _TD_HEAD.count("\n") + 1
    assert f"bad.td:{first_line}:1: note: 'First' is defined here" in err


def test_unknown_op_in_yaml_gets_a_suggestion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A YAML spec names ops freely; a misspelt one is found at generation time."""
    (tmp_path / "opdefs").mkdir()
    spec = SPEC.replace("source: (Pat_AddOp $x, $x)", "source: (Pat_AdOp $x, $x)")
    (tmp_path / "opdefs" / "pat.yaml").write_text(spec, encoding="utf-8")
    assert main(["generate", "--root", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    line = spec.splitlines().index("    source: (Pat_AdOp $x, $x)") + 1
    assert f"pat.yaml:{line}:13: error: unknown op 'Pat_AdOp' in pattern" in err
    assert "hint: did you mean 'Pat_AddOp'?" in err


def test_disjoint_or_raised_patterns_are_not_ambiguous(tmp_path: Path) -> None:
    """Different nested ops cannot both match; `addBenefit` settles a tie."""
    (tmp_path / "opdefs").mkdir()
    include = Path(__file__).resolve().parents[2] / "opdefs" / "include"
    (tmp_path / "opdefs" / "include").symlink_to(include)
    patterns = (
        "def A : Pat<(Bad_AddOp $x, (Bad_AddOp $a, $b)), (Bad_AddOp $x, $a)>;\n"
        "def B : Pat<(Bad_AddOp $x, (Bad_TagOp $a, $t)), (Bad_AddOp $x, $a)>;\n"
        "def C : Pat<(Bad_AddOp (Bad_AddOp $a, $b), $y), (Bad_AddOp $y, $b), [], [], (addBenefit 1)>;\n"
    )
    (tmp_path / "opdefs" / "bad.td").write_text(_TD_HEAD + patterns, encoding="utf-8")
    assert main(["generate", "--root", str(tmp_path)]) == 0
    text = (tmp_path / "generated" / "bad" / "patterns.py").read_text(encoding="utf-8")
    assert "benefit = 2" in text
    assert "benefit = 3" in text
