"""Custom forms generated from formats the shipped dialects do not use.

A scratch project holds one YAML dialect whose ops use the seed's older assembly
strings (`test.legacy $lhs, $rhs {...}: ${type(self)}`), else groups, a
`functional-type`, a buildable type, a `custom<...>` directive with `ref(...)`, a
`UnitAttr` anchor, an `oilist` and a `prop-dict`. `odsgen generate` writes its package; the test loads it and
checks that programs in that syntax parse, verify, print back unchanged, and mean
what the generic form says.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

import generated
from generator.cli import main
from generator.ir import DiagnosticError, print_operation, verify
from generator.ir.dialect import Dialect
from generator.ir.parser import parse_source
from generator.ir.source import SourceFile

REPO_ROOT = Path(__file__).resolve().parents[2]

SPEC = textwrap.dedent(
    '''\
    name: fmtgen
    summary: Formats under test
    extra_code: |
      def parse_twice(p: Parser, first: Type) -> tuple[Type]:
          """`x2` repeats the type `ref`ed before it."""
          p.expect_keyword("x2")
          return (first,)


      def print_twice(p: Printer, op: Operation, first: Type, second: Type) -> None:
          p.out.append("x2")
    ops:
      - def: Fmt_LegacyOp
        mnemonic: legacy
        summary: An op in the seed's assembly-string form
        traits: [SameOperandsAndResultType]
        operands:
          - {name: lhs, type: AnyInteger}
          - {name: rhs, type: AnyInteger}
        attributes:
          - {name: act, type: StrAttr}
        results:
          - {name: result, type: AnyInteger}
        assembly_format: 'fmtgen.legacy $lhs, $rhs {act: $act}: ${type(self)}'
      - def: Fmt_ChoiceOp
        mnemonic: choice
        summary: An else group, a unit anchor and a buildable result type
        operands:
          - {name: value, type: Optional<I32>}
        attributes:
          - {name: flag, type: UnitAttr}
        results:
          - {name: out, type: I1}
        assembly_format: '(`on` $value^):(`off`)? (`flagged` $flag^)? attr-dict'
      - def: Fmt_CallLikeOp
        mnemonic: call_like
        summary: A functional type and a custom directive with ref
        operands:
          - {name: args, type: Variadic<AnyType>}
        results:
          - {name: outs, type: Variadic<AnyType>}
        assembly_format: >-
          `(` $args `)` attr-dict `:` functional-type($args, $outs)
      - def: Fmt_ClausesOp
        mnemonic: clauses
        summary: Clauses in any order, and the properties as a dictionary
        traits: [AttrSizedOperandSegments]
        operands:
          - {name: lo, type: Optional<I32>}
          - {name: hi, type: Optional<I32>}
        attributes:
          - {name: nowait, type: UnitAttr}
          - {name: kind, type: OptionalAttr<I64Attr>}
        assembly_format: >-
          oilist(`lower` `(` $lo `)` | `upper` `(` $hi `)` | `nowait` $nowait)
          prop-dict attr-dict
      - def: Fmt_LinesOp
        mnemonic: lines
        summary: New lines in the printed form
        operands:
          - {name: a, type: AnyType}
        assembly_format: '`[` `\\n` $a `:` type($a) `\\n` `]` attr-dict'
      - def: Fmt_WrapOp
        mnemonic: wrap
        summary: Every successor and every region through the directives
        traits: [Terminator]
        regions:
          - {name: bodies, constraint: VariadicRegion<AnyRegion>}
        successors:
          - {name: dests, variadic: true}
        assembly_format: 'successors regions attr-dict'
      - def: Fmt_TwiceOp
        mnemonic: twice
        summary: A custom directive reading a type it is given by ref
        operands:
          - {name: a, type: AnyType}
          - {name: b, type: AnyType}
        assembly_format: >-
          $a `,` $b `:` type($a) custom<Twice>(ref(type($a)), type($b)) attr-dict
    '''
)


@pytest.fixture(scope="module")
def fmtgen(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The generated ops module of the scratch dialect, loaded and registered."""
    import generated

    # `builtin` prints the module as `module {`, as under `odsgen opt`.
    generated.load_all_dialects()
    root = tmp_path_factory.mktemp("project")
    (root / "opdefs").mkdir()
    (root / "opdefs" / "fmtgen.yaml").write_text(SPEC, encoding="utf-8")
    assert main(["generate", "--root", str(root)]) == 0
    path = root / "generated" / "fmtgen" / "ops.py"
    spec = importlib.util.spec_from_file_location("fmtgen_ops_under_test", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _roundtrip(text: str) -> tuple[str, str]:
    ops = sys.modules["fmtgen_ops_under_test"]
    ctx = generated.context(allow_unregistered_dialects=True)
    ctx.load_dialect(Dialect("fmtgen", ops=ops.OPS))
    module = parse_source(SourceFile("case.mlir", text), ctx)
    verify(module, ctx)
    return print_operation(module, generic=False), print_operation(module, generic=True)


CASES = {
    "legacy": (
        '%0 = "test.v"() : () -> i32\n%1 = fmtgen.legacy %0, %0 {act = "RELU"} : i32\n',
        '<{act = "RELU"}> : (i32, i32) -> i32',
    ),
    "else_group": ("%0 = fmtgen.choice off\n", '"fmtgen.choice"() : () -> i1'),
    "then_group": (
        '%0 = "test.v"() : () -> i32\n%1 = fmtgen.choice on %0 flagged\n',
        '"fmtgen.choice"(%0) <{flag}> : (i32) -> i1',
    ),
    "functional_type": (
        '%0 = "test.v"() : () -> i32\n%1:2 = fmtgen.call_like(%0, %0) : (i32, i32) -> (f32, i8)\n',
        "(i32, i32) -> (f32, i8)",
    ),
    "oilist": (
        '%0 = "test.v"() : () -> i32\nfmtgen.clauses lower(%0) upper(%0) nowait\n',
        "<{nowait, operandSegmentSizes = array<i32: 1, 1>}>",
    ),
    "oilist_some": (
        '%0 = "test.v"() : () -> i32\nfmtgen.clauses upper(%0) <{kind = 3 : i64}> {test.x}\n',
        "<{kind = 3 : i64, operandSegmentSizes = array<i32: 0, 1>}> {test.x}",
    ),
    "custom_directive": (
        '%0 = "test.v"() : () -> i32\nfmtgen.twice %0, %0 : i32 x2\n',
        '"fmtgen.twice"(%0, %0) : (i32, i32) -> ()',
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_generated_syntax_roundtrips(fmtgen: ModuleType, name: str) -> None:
    """The program prints back exactly as written (in MLIR's spelling) and means the same."""
    text, generic_piece = CASES[name]
    custom, generic = _roundtrip(text)
    body = "".join(f"  {line}\n" for line in text.splitlines())
    assert custom == "module {\n" + body + "}\n"
    assert generic_piece in generic
    assert _roundtrip(custom) == (custom, generic)


def test_oilist_clause_order_and_repeats(fmtgen: ModuleType) -> None:
    """Clauses read in any order print in the format's order; a repeated one is an error."""
    text = '%0 = "test.v"() : () -> i32\nfmtgen.clauses nowait upper(%0) lower(%0)\n'
    custom, _ = _roundtrip(text)
    assert "fmtgen.clauses lower(%0) upper(%0) nowait\n" in custom
    with pytest.raises(DiagnosticError, match="`nowait` clause can appear at most once"):
        _roundtrip("fmtgen.clauses nowait nowait\n")


def test_newline_literal(fmtgen: ModuleType) -> None:
    """`\\n` breaks the line at the op's indentation, as MLIR's `printNewline` does."""
    text = '%0 = "test.v"() : () -> i32\nfmtgen.lines [ %0 : i32 ]\n'
    custom, _ = _roundtrip(text)
    # No space before `[` right after the name, by mlir-tblgen's punctuation rule.
    assert "  fmtgen.lines[\n  %0 : i32\n  ]\n" in custom
    assert _roundtrip(custom)[0] == custom


def test_regions_and_successors_directives(fmtgen: ModuleType) -> None:
    """`successors` and `regions` read and write every successor and region, in order."""
    text = textwrap.dedent(
        """\
        "test.holder"() ({
          fmtgen.wrap ^bb1, ^bb2 {
            "test.inner"() : () -> ()
          }, {
            "test.other"() : () -> ()
          } {test.x}
        ^bb1:
          "test.t"() : () -> ()
        ^bb2:
          "test.t"() : () -> ()
        }) : () -> ()
        """
    )
    custom, generic = _roundtrip(text)
    assert "fmtgen.wrap ^bb1, ^bb2 {" in custom
    assert '"fmtgen.wrap"()[^bb1, ^bb2] ({' in generic
    assert '"test.other"() : () -> ()\n    }) {test.x} : () -> ()' in generic
    assert _roundtrip(custom) == (custom, generic)


def test_legacy_format_is_lowered(fmtgen: ModuleType) -> None:
    """The seed's `{act: $act}` is the attribute dictionary; `${type(self)}` the result type."""
    op_class = fmtgen.LegacyOp
    assert op_class.HAS_CUSTOM_FORM
    with pytest.raises(DiagnosticError, match="expected ':'"):
        _roundtrip('%0 = "test.v"() : () -> i32\n%1 = fmtgen.legacy %0, %0\n')
