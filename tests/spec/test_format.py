"""Assembly formats (`generator/spec/format.py`): parsing, checking, positions, resolving.

* The parser: round trips and AST shapes for every kind of element, syntax errors,
  and every format of the shipped specs in `opdefs/`.
* Positions: elements map to the spec's line and column, through TableGen strings
  with escapes, multi-line `[{ }]` blocks, YAML block scalars and class formats.
* The checker: `format_errors/*.yaml|td` hold one small spec per error class, each
  bad op next to its expected diagnostics (`# ERROR: L:C message [hint: text]`,
  `//` in TableGen); one parametrized test compares the full, sorted list.
* The resolved view: bindings and type sources of shipped ops.
* The legacy assembly-string form of the ODS proposal.
* mlir-tblgen-22 as the oracle: for each case of `format_errors/mlir_corpus.txt`,
  odsgen accepts the format exactly when mlir-tblgen does (skipped without it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from generator.diagnostics import FormatSpecError, GeneratorError
from generator.spec.constraints import (
    AnyTypeConstraint,
    FloatConstraint,
    IndexConstraint,
    IntegerConstraint,
    ShapedConstraint,
    TypeConstraint,
    TypeRefConstraint,
)
from generator.spec.convert import load_spec
from generator.spec.format import (
    AssemblyFormat,
    AttrDictDirective,
    AttributeBinding,
    CustomDirective,
    FormatNode,
    FunctionalTypeDirective,
    LiteralElement,
    OIList,
    OperandBinding,
    OperandsDirective,
    OptionalGroup,
    QualifiedDirective,
    RefDirective,
    ResultBinding,
    ResultsDirective,
    StringElement,
    TypeDirective,
    TypeSource,
    VariableElement,
    buildable_type,
    check_op_format,
    format_text,
    is_legacy_format,
    lower_legacy_format,
    parse_format,
    parse_op_format,
    resolve_op_format,
    walk,
)
from generator.spec.from_yaml import parse_yaml
from generator.spec.model import DialectDef, OpDef

#: The `run_odsgen` fixture of tests/conftest.py: argv -> (exit code, stdout, stderr).
RunOdsgen = Callable[[list[str]], tuple[int, str, str]]

REPO_ROOT = Path(__file__).resolve().parents[2]
ERRORS_DIR = Path(__file__).parent / "format_errors"
ERROR_CASES = sorted([*ERRORS_DIR.glob("*.yaml"), *ERRORS_DIR.glob("*.td")])
SHIPPED = [REPO_ROOT / "opdefs" / f"{name}.td" for name in ("arith", "builtin", "cf", "func")]
_EXPECTED = re.compile(r"(?:#|//)\s*ERROR:\s*(\d+:\d+ .*)$")


def _dialect(ops_yaml: str, name: str = "t.yaml") -> DialectDef:
    return parse_yaml("name: t\nops:\n" + ops_yaml, name)


def _op(ops_yaml: str) -> tuple[OpDef, DialectDef]:
    dialect = _dialect(ops_yaml)
    return dialect.ops[0], dialect


def _shape(node: FormatNode) -> object:
    """A node without offsets and positions, as nested tuples, for comparisons."""
    if isinstance(node, LiteralElement):
        return ("literal", node.spelling)
    if isinstance(node, VariableElement):
        return ("var", node.name)
    if isinstance(node, StringElement):
        return ("string", node.value)
    if isinstance(node, AttrDictDirective):
        return ("attr-dict", node.with_keyword)
    if isinstance(node, TypeDirective | QualifiedDirective | RefDirective):
        return (type(node).__name__, _shape(node.arg))
    if isinstance(node, FunctionalTypeDirective):
        return ("functional-type", _shape(node.inputs), _shape(node.results))
    if isinstance(node, CustomDirective):
        return ("custom", node.name, tuple(_shape(a) for a in node.args))
    if isinstance(node, OptionalGroup):
        elements = node.then_elements + node.else_elements
        anchor = next(i for i, e in enumerate(elements) if e is node.anchor)
        return (
            "group",
            tuple(_shape(e) for e in node.then_elements),
            tuple(_shape(e) for e in node.else_elements),
            anchor,
        )
    if isinstance(node, OIList):
        return (
            "oilist",
            tuple((c.literal.spelling, tuple(_shape(e) for e in c.elements)) for c in node.clauses),
        )
    return type(node).__name__


def _shapes(fmt: AssemblyFormat) -> tuple[object, ...]:
    return tuple(_shape(e) for e in fmt.elements)


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------

#: Formats whose canonical spelling (`format_text`) is the format itself.
CANONICAL = [
    "$lhs `,` $rhs attr-dict `:` type($result)",
    "attr-dict-with-keyword $body",
    "prop-dict attr-dict",
    "` ` `` `\\n` `->` `...` `keyword` `a.b$c`",
    "operands `:` type(operands) `->` type(results) attr-dict",
    "`(` operands `)` regions successors attr-dict",
    "$callee `(` $args `)` attr-dict `:` functional-type($args, results)",
    "qualified($attr) `:` qualified(type($x)) qualified(qualified(type($y))) attr-dict",
    'custom<Name>($a, type($a), ref($b), ref(type($b)), attr-dict, prop-dict, "expr") attr-dict',
    'custom<Quote>("say \\"hi\\" \\\\ there") attr-dict',
    "($x^ `:` type($x))? attr-dict",
    "(`fast` $fast^):(`slow`)? attr-dict",
    "(`default`):(`mode` $mode^)? attr-dict",
    "(`x` $x^ (`:` type($x)^)?)? attr-dict",
    "(`w` type($w)^)? (custom<C>($c)^)? attr-dict",
    "oilist(`a` `(` $a `:` type($a) `)` | `nowait` $nowait | ` ` $b) attr-dict",
    "oilist(`a` ($x^)? | `b` custom<B>($b)) attr-dict",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_formats_round_trip(text: str) -> None:
    """A canonical format prints back to itself, and reparses to the same tree."""
    fmt = parse_format(text)
    assert format_text(fmt.elements) == text
    assert str(fmt) == text
    assert _shapes(parse_format(format_text(fmt.elements))) == _shapes(fmt)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("$a`,`$b attr-dict", "$a `,` $b attr-dict", id="no-spaces"),
        pytest.param("\n  $a\n    attr-dict\n", "$a attr-dict", id="multi-line"),
        pytest.param("type ( $a ) attr-dict", "type($a) attr-dict", id="spaced-directive"),
        pytest.param("($a^) : (`b`) ? attr-dict", "($a^):(`b`)? attr-dict", id="spaced-group"),
        pytest.param("custom <X-y> ( $a ) attr-dict", "custom<X-y>($a) attr-dict", id="custom"),
        pytest.param("oilist(`a`|`b` $b)attr-dict", "oilist(`a` | `b` $b) attr-dict", id="oilist"),
    ],
)
def test_spacing_is_not_significant(text: str, canonical: str) -> None:
    """Blanks between tokens do not matter; the canonical spelling normalizes them."""
    assert format_text(parse_format(text).elements) == canonical


def test_ast_of_an_optional_group() -> None:
    """An optional group holds its branches, its anchor, and every offset."""
    fmt = parse_format("$a (`(` $b^ `:` type($b) `)`):(`none`)? attr-dict")
    a, group, attr_dict = fmt.elements
    assert a == VariableElement(0, "a")
    assert isinstance(group, OptionalGroup)
    assert group.offset == 3
    assert [e.offset for e in group.then_elements] == [4, 8, 12, 16, 25]
    assert group.anchor is group.then_elements[1]
    assert group.anchor == VariableElement(8, "b")
    assert group.then_elements[3] == TypeDirective(16, VariableElement(21, "b"))
    assert group.else_elements == (LiteralElement(31, "none"),)
    assert not group.inverted
    assert attr_dict == AttrDictDirective(40)


def test_ast_of_an_inverted_group() -> None:
    """An anchor in the else group makes the group inverted."""
    (group, _) = parse_format("(`x`):(`y` $u^)? attr-dict").elements
    assert isinstance(group, OptionalGroup)
    assert group.inverted
    assert group.anchor is group.else_elements[1]


def test_ast_of_directives() -> None:
    """Directives hold their arguments as nodes, with offsets."""
    fmt = parse_format(
        'custom<Cases>($v, ref(type($v)), "x") functional-type(operands, results) '
        "oilist(`a` $a | `b`) attr-dict"
    )
    custom, functional, oilist, _ = fmt.elements
    assert custom == CustomDirective(
        0,
        "Cases",
        (
            VariableElement(14, "v"),
            RefDirective(18, TypeDirective(22, VariableElement(27, "v"))),
            StringElement(33, "x"),
        ),
    )
    assert functional == FunctionalTypeDirective(38, OperandsDirective(54), ResultsDirective(64))
    assert isinstance(oilist, OIList)
    assert oilist.offset == 73
    assert [(c.literal.spelling, c.elements) for c in oilist.clauses] == [
        ("a", (VariableElement(84, "a"),)),
        ("b", ()),
    ]
    assert [type(e).__name__ for e in walk(fmt.elements)][:6] == [
        "CustomDirective",
        "VariableElement",
        "RefDirective",
        "TypeDirective",
        "VariableElement",
        "StringElement",
    ]


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        pytest.param("$a `b", 3, "unexpected end of file in literal", id="open-literal"),
        pytest.param('custom<X>("b', 10, "unexpected end of file in string", id="open-string"),
        pytest.param("$a %", 3, "unexpected character", id="character"),
        pytest.param("$1", 0, "expected variable name", id="variable-name"),
        pytest.param(
            "$a foo", 3, "expected literal, variable, directive, or optional group", id="word"
        ),
        pytest.param("($a^)", 5, "expected '?' after optional group", id="question"),
        pytest.param(
            "($a^ $b^)?",
            7,
            "only one element can be marked as the anchor of an optional group",
            id="two-anchors",
        ),
        pytest.param("type $a", 5, "expected '(' before argument list", id="type-paren"),
        pytest.param(
            "custom<attr-dict>($a)", 7, "expected custom directive name identifier", id="name"
        ),
        pytest.param("struct($a)", 0, "unsupported directive kind", id="struct"),
        pytest.param("oilist(| `a`)", 7, "expected literal, but got '|'", id="oilist-clause"),
    ],
)
def test_syntax_errors(text: str, offset: int, message: str) -> None:
    """The first syntax error is raised, at its offset in the format text."""
    seen: list[int] = []

    def loc_at(at: int) -> None:
        seen.append(at)

    with pytest.raises(FormatSpecError) as info:
        parse_format(text, loc_at)
    (diag,) = info.value.diagnostics
    assert diag.message == message
    assert seen[-1] == offset


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda p: p.stem)
def test_shipped_formats_parse_check_and_resolve(spec: Path) -> None:
    """Every format of opdefs/ round trips, checks clean, and resolves every value."""
    dialect = load_spec(spec)
    with_format = [op for op in dialect.ops if op.assembly_format is not None]
    assert with_format
    for op in with_format:
        fmt = parse_op_format(op, dialect)
        assert fmt is not None
        assert fmt.loc is not None
        assert _shapes(parse_format(str(fmt))) == _shapes(fmt), op.def_name
        assert check_op_format(op, dialect) == [], op.def_name
        resolved = resolve_op_format(op, dialect)
        assert resolved is not None
        assert len(resolved.operand_types) == len(op.operands)
        assert len(resolved.result_types) == len(op.results)
        for node in walk(fmt.elements):
            if isinstance(node, VariableElement):
                assert resolved.binding(node).name == node.name


# ---------------------------------------------------------------------------
# Positions in the spec
# ---------------------------------------------------------------------------


def _positions(fmt: AssemblyFormat) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for node in walk(fmt.elements):
        if isinstance(node, VariableElement) and node.loc is not None:
            out.setdefault(node.name, node.loc.line_col)
    return out


def _expected_positions(
    spec_text: str, names: list[str], after: str = "assembly_format"
) -> dict[str, tuple[int, int]]:
    """Where each `$name` is first written, from the line that holds `after` on."""
    out: dict[str, tuple[int, int]] = {}
    lines = spec_text.splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    for name in names:
        for number, line in enumerate(lines[start:], start + 1):
            match = re.search(rf"\${name}\b", line)
            if match:
                out[name] = (number, match.start() + 1)
                break
    return out


def test_positions_in_a_tablegen_block_and_an_escaped_string(tmp_path: Path) -> None:
    """Elements of `[{ }]` blocks and of strings with escapes map to their columns."""
    text = """include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_AOp : Op<T_Dialect, "a"> {
  let arguments = (ins AnyType:$first, UnitAttr:$flag, StrAttr:$tag);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $first
        (`flag` $flag^)?
      custom<Tag>($tag) attr-dict `:` type($first) `->` type($result)
  }];
}
def T_BOp : Op<T_Dialect, "b"> {
  let arguments = (ins I32:$x, StrAttr:$label);
  let assemblyFormat = "custom<L>(\\"a \\\\\\" b\\", $label) $x attr-dict";
}
"""
    spec = tmp_path / "t.td"
    spec.write_text(text, encoding="utf-8")
    dialect = load_spec(spec)
    for op, names, after in (
        (dialect.ops[0], ["first", "flag", "tag", "result"], "assemblyFormat = [{"),
        (dialect.ops[1], ["label", "x"], 'assemblyFormat = "'),
    ):
        fmt = parse_op_format(op, dialect)
        assert fmt is not None
        assert _positions(fmt) == _expected_positions(text, names, after)
    fmt = parse_op_format(dialect.ops[0], dialect)
    assert fmt is not None
    assert fmt.loc is not None
    assert fmt.loc.line_col == (7, 5)


@pytest.mark.parametrize(
    "scalar",
    [
        pytest.param("|\n      $first `,`\n        $second attr-dict", id="literal-block"),
        pytest.param(">\n      $first `,`\n      $second attr-dict", id="folded-block"),
        pytest.param('"$first `,`\n      $second attr-dict"', id="double-quoted"),
        pytest.param("'$first custom<C>(\"it''s\") $second attr-dict'", id="single-quoted"),
    ],
)
def test_positions_in_yaml_scalars(scalar: str) -> None:
    """Elements of YAML scalars, quoted or block, map to their line and column."""
    text = (
        "name: t\nops:\n  - def: T_AOp\n    mnemonic: a\n"
        "    operands: [{name: first, type: I32}, {name: second, type: I32}]\n"
        f"    assembly_format: {scalar}\n"
    )
    dialect = parse_yaml(text, "t.yaml")
    fmt = parse_op_format(dialect.ops[0], dialect)
    assert fmt is not None
    assert _positions(fmt) == _expected_positions(text, ["first", "second"])


def test_class_format_errors_point_at_the_class_with_a_note() -> None:
    """An inherited format's error shows the class's text, then a note at the op."""
    spec = ERRORS_DIR / "tablegen.td"
    with pytest.raises(GeneratorError) as info:
        load_spec(spec)
    first = info.value.diagnostics[0]
    lines = str(first).splitlines()
    assert lines[0].endswith(
        "tablegen.td:19:25: error: type of operand #0, named 'lhs', is not buildable and a "
        "buildable type cannot be inferred"
    )
    assert lines[1] == '  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";'
    assert lines[2] == " " * 24 + "^"
    assert lines[3].endswith("tablegen.td:22:1: note: in custom assembly format for this operation")
    assert lines[4] == 'def T_AddOp : T_BinaryOp<"add">;'
    assert lines[-1] == (
        "  hint: suggest adding a type constraint to the operation or adding a 'type($lhs)' "
        "directive to the custom assembly format"
    )


def test_rendered_error_underlines_the_variable() -> None:
    """A diagnostic at a variable shows the spec line, a caret and tildes, and the hint."""
    text = (
        "name: t\nops:\n  - def: T_AOp\n    mnemonic: a\n"
        "    operands: [{name: lhs, type: I32}, {name: rhs, type: I32}]\n"
        '    assembly_format: "$lhs `,` $rsh attr-dict"\n'
    )
    with pytest.raises(GeneratorError) as info:
        parse_yaml(text, "t.yaml")
    assert info.value.render() == (
        "t.yaml:6:23: error: operand #1, named 'rhs', not found\n"
        '    assembly_format: "$lhs `,` $rsh attr-dict"\n'
        "                      ^\n"
        "  in ops[0].assembly_format\n"
        "  hint: suggest adding a '$rhs' directive to the custom assembly format\n"
        "t.yaml:6:32: error: expected variable to refer to an argument, region, result, or "
        "successor\n"
        '    assembly_format: "$lhs `,` $rsh attr-dict"\n'
        "                               ^~~~\n"
        "  in ops[0].assembly_format\n"
        "  hint: did you mean '$rhs'?"
    )


# ---------------------------------------------------------------------------
# The checker: one spec per error class
# ---------------------------------------------------------------------------


def _expected(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _EXPECTED.search(line)
        if match:
            out.append(match.group(1).rstrip())
    return out


def _actual(path: Path) -> list[str]:
    with pytest.raises(GeneratorError) as info:
        load_spec(path)
    out = []
    for diag in info.value.diagnostics:
        line, col = diag.line_col
        text = f"{line}:{col} {diag.message}"
        if diag.hint:
            text += f" [hint: {diag.hint}]"
        out.append(text)
    return out


def test_error_cases_exist() -> None:
    """The suite has a spec per error class, and each states its expected errors."""
    assert len(ERROR_CASES) >= 12
    assert all(_expected(case) for case in ERROR_CASES)


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda p: p.name)
def test_reported_diagnostics_match_comments(case: Path) -> None:
    """Every diagnostic of the file, in order, equals the file's `ERROR:` comments."""
    assert _actual(case) == _expected(case)


def test_generate_reports_a_bad_format_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_odsgen: RunOdsgen
) -> None:
    """`odsgen generate` prints the format error with caret and hint, and writes no file."""
    (tmp_path / "opdefs").mkdir()
    (tmp_path / "opdefs" / "bad.yaml").write_text(
        "name: bad\nops:\n  - def: Bad_AddOp\n    mnemonic: add\n"
        "    operands: [{name: lhs, type: I32}, {name: rhs, type: I32}]\n"
        "    assembly_format: |\n      $lhs `,` $rhs\n        attr-dict `:` $sum\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    code, _, err = run_odsgen(["generate", "--root", "."])
    assert code == 1
    assert err.splitlines() == [
        "opdefs/bad.yaml:8:23: error: expected variable to refer to an argument, region, result, "
        "or successor",
        "        attr-dict `:` $sum",
        "                      ^~~~",
        "  in ops[0].assembly_format",
        "  hint: 'sum' is not an operand, attribute, result, region or successor of 'Bad_AddOp'",
    ]
    assert not (tmp_path / "generated").exists()


def test_every_problem_of_a_format_is_reported() -> None:
    """Unlike mlir-tblgen, which stops at the first, all problems of a format are listed."""
    text = (
        "name: t\nops:\n  - def: T_AOp\n    mnemonic: a\n"
        "    operands: [{name: x, type: AnyType}, {name: y, type: I32}]\n"
        "    results: [{name: r, type: AnyType}]\n"
        '    assembly_format: "$x $x `a:`"\n'
    )
    with pytest.raises(GeneratorError) as info:
        parse_yaml(text, "t.yaml")
    assert [d.message for d in info.value.diagnostics] == [
        "'attr-dict' directive not found in custom assembly format",
        "operand #1, named 'y', not found",
        "type of operand #0, named 'x', is not buildable and a buildable type cannot be inferred",
        "type of result #0, named 'r', is not buildable and a buildable type cannot be inferred",
        "operand 'x' is already bound",
        "expected valid literal but got 'a:': keywords should contain only alphanum, '_', '$', "
        "or '.' characters",
    ]


# ---------------------------------------------------------------------------
# The resolved view
# ---------------------------------------------------------------------------


def _sources(spec: str, op_name: str) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    dialect = load_spec(REPO_ROOT / "opdefs" / f"{spec}.td")
    op = next(o for o in dialect.ops if o.mnemonic == op_name)
    resolved = resolve_op_format(op, dialect)
    assert resolved is not None

    def row(source: TypeSource) -> tuple[object, ...]:
        directive = format_text([source.directive]) if source.directive is not None else None
        origin = source.source.name if source.source is not None else None
        return (source.kind, directive, source.trait, origin, source.buildable)

    return [row(s) for s in resolved.operand_types], [row(s) for s in resolved.result_types]


@pytest.mark.parametrize(
    ("spec", "op", "operands", "results"),
    [
        pytest.param(
            "arith",
            "addi",
            [("trait", None, "SameOperandsAndResultType", "result", None)] * 2,
            [("directive", "type($result)", None, None, None)],
            id="arith.addi",
        ),
        pytest.param(
            "arith",
            "cmpi",
            [
                ("directive", "type($lhs)", None, None, None),
                ("trait", None, "SameTypeOperands", "lhs", None),
            ],
            [("trait", None, "TypesMatchWith", "lhs", None)],
            id="arith.cmpi",
        ),
        pytest.param(
            "arith",
            "constant",
            [],
            [("trait", None, "AllTypesMatch", "value", None)],
            id="arith.constant",
        ),
        pytest.param(
            "func",
            "call",
            [("directive", "functional-type($operands, results)", None, None, None)],
            [("directive", "functional-type($operands, results)", None, None, None)],
            id="func.call",
        ),
        pytest.param(
            "func",
            "call_indirect",
            [
                ("directive", "type($callee)", None, None, None),
                ("trait", None, "TypesMatchWith", "callee", None),
            ],
            [("trait", None, "TypesMatchWith", "callee", None)],
            id="func.call_indirect",
        ),
        pytest.param(
            "cf",
            "assert",
            [("buildable", None, None, None, "i1")],
            [],
            id="cf.assert",
        ),
    ],
)
def test_type_sources(
    spec: str,
    op: str,
    operands: list[tuple[object, ...]],
    results: list[tuple[object, ...]],
) -> None:
    """Each operand and result type is given by a directive, a trait or a buildable type."""
    assert _sources(spec, op) == (operands, results)


def test_resolved_bindings_and_transform() -> None:
    """Variables bind operand groups and attributes; `TypesMatchWith` keeps its transform."""
    dialect = load_spec(REPO_ROOT / "opdefs" / "cf.td")
    op = next(o for o in dialect.ops if o.mnemonic == "cond_br")
    resolved = resolve_op_format(op, dialect)
    assert resolved is not None
    bindings = {var.name: binding for var, binding in resolved.bindings.items()}
    operands = bindings["trueDestOperands"]
    assert isinstance(operands, OperandBinding)
    assert (operands.index, operands.is_variable_length) == (1, True)
    weights = bindings["branch_weights"]
    assert isinstance(weights, AttributeBinding)
    assert weights.attribute.optional
    assert resolved.bound_attributes == ("branch_weights",)
    assert resolved.attr_dict == AttrDictDirective(resolved.attr_dict.offset)
    assert not resolved.all_operands
    assert not resolved.has_prop_dict

    arith = load_spec(REPO_ROOT / "opdefs" / "arith.td")
    cmpi = resolve_op_format(next(o for o in arith.ops if o.mnemonic == "cmpi"), arith)
    assert cmpi is not None
    (result,) = cmpi.result_types
    assert isinstance(result.source, OperandBinding)
    assert result.transform is not None
    assert result.transform == "i1_same_shape($_self)"


def test_inferred_results_and_result_bindings() -> None:
    """`InferTypeOpInterface` gives all results when the format writes none."""
    op, dialect = _op(
        "  - def: T_AOp\n    mnemonic: a\n    traits: [InferTypeOpInterface]\n"
        "    operands: [{name: x, type: AnyType}]\n"
        "    results: [{name: r, type: AnyType}, {name: s, type: AnyType}]\n"
        '    assembly_format: "$x attr-dict `:` type($x)"\n'
        "    extra_code: |\n"
        "      @classmethod\n"
        "      def infer_return_types(cls, operands, attributes, regions):\n"
        "          return [operands[0].type] * 2\n"
    )
    resolved = resolve_op_format(op, dialect)
    assert resolved is not None
    assert [s.kind for s in resolved.result_types] == ["interface", "interface"]
    op, dialect = _op(
        "  - def: T_BOp\n    mnemonic: b\n"
        "    operands: [{name: x, type: AnyType}]\n"
        "    results: [{name: r, type: AnyType}]\n"
        '    assembly_format: "$x attr-dict `:` functional-type($x, $r)"\n'
    )
    resolved = resolve_op_format(op, dialect)
    assert resolved is not None
    results = [b for b in resolved.bindings.values() if isinstance(b, ResultBinding)]
    assert [(b.index, b.name) for b in results] == [(0, "r")]


def test_resolving_an_invalid_format_raises_every_problem() -> None:
    """`resolve_op_format` raises `FormatSpecError` listing what `check_op_format` finds."""
    op = OpDef.model_validate(
        {"def": "T_AOp", "mnemonic": "a", "assembly_format": {"text": "$x `:`"}}
    )
    with pytest.raises(FormatSpecError) as info:
        resolve_op_format(op)
    assert [d.message for d in info.value.diagnostics] == [
        "'attr-dict' directive not found in custom assembly format",
        "expected variable to refer to an argument, region, result, or successor",
    ]
    assert [d.message for d in check_op_format(op)] == [d.message for d in info.value.diagnostics]
    assert resolve_op_format(OpDef.model_validate({"def": "T_BOp", "mnemonic": "b"})) is None


@pytest.mark.parametrize(
    ("constraint", "spelling"),
    [
        pytest.param(IntegerConstraint(name="I1", widths=(1,)), "i1", id="i1"),
        pytest.param(IntegerConstraint(widths=(7,)), "i7", id="i7"),
        pytest.param(IntegerConstraint(widths=(8,), signedness="signed"), "si8", id="si8"),
        pytest.param(IntegerConstraint(widths=(32,), signedness="any"), None, id="any-i32"),
        pytest.param(IntegerConstraint(widths=(32, 64)), None, id="i32-or-i64"),
        pytest.param(FloatConstraint(types=("bf16",)), "bf16", id="bf16"),
        pytest.param(FloatConstraint(), None, id="any-float"),
        pytest.param(IndexConstraint(), "index", id="index"),
        pytest.param(AnyTypeConstraint(), None, id="any"),
        pytest.param(ShapedConstraint(container="tensor"), None, id="tensor"),
        pytest.param(TypeRefConstraint(ref="T_TokenType"), "!t.token", id="dialect-type"),
        pytest.param(TypeRefConstraint(ref="T_PairType"), None, id="dialect-type-params"),
    ],
)
def test_buildable_types(constraint: TypeConstraint, spelling: str | None) -> None:
    """Constraints that allow exactly one type are buildable, as in ODS."""
    dialect = parse_yaml(
        "name: t\ntypes:\n  - {def: T_TokenType, mnemonic: token}\n"
        "  - {def: T_PairType, mnemonic: pair, parameters: [{name: a, type: int}],\n"
        "     parser: 'return cls.get(p.parse_integer())', printer: 'return str(self.a)'}\n",
        "t.yaml",
    )
    assert buildable_type(constraint, dialect) == spelling


# ---------------------------------------------------------------------------
# The legacy assembly-string form
# ---------------------------------------------------------------------------


def test_legacy_seed_example_lowers_to_the_format_ast() -> None:
    """The ODS proposal's `tfl.Add` string is `$lhs `,` $rhs attr-dict `:` type($result)`."""
    text = (
        "tfl.Add $lhs, $rhs {fused_activation_function:\n"
        "                   $fused_activation_function }: ${type(self)}"
    )
    assert is_legacy_format(text)
    fmt = lower_legacy_format(text, op_name="tfl.Add", result_names=["result"])
    assert fmt.legacy
    assert str(fmt) == "$lhs `,` $rhs attr-dict `:` type($result)"
    assert fmt.elements[3] == AttrDictDirective(text.index("{"))
    unnamed = lower_legacy_format(text, result_names=["a", "b"])
    assert str(unnamed) == "$lhs `,` $rhs attr-dict `:` type(results)"


@pytest.mark.parametrize(
    ("text", "lowered"),
    [
        pytest.param(
            "tfl.Neg $x : ${type(self)}", "$x attr-dict `:` type($y)", id="dict-before-colon"
        ),
        pytest.param("tfl.Neg $x", "$x attr-dict", id="dict-at-end"),
        pytest.param(
            "tfl.Neg ( $x ) -> ${type($x)}, ${type(y)}",
            "`(` $x `)` `->` type($x) `,` type($y) attr-dict",
            id="punctuation",
        ),
        pytest.param("tfl.Neg $x to ${type(self)}", "$x `to` type($y) attr-dict", id="keyword"),
    ],
)
def test_legacy_lowering(text: str, lowered: str) -> None:
    """Punctuation and words become literals; `attr-dict` goes before the last `:`."""
    assert str(lower_legacy_format(text, op_name="tfl.Neg", result_names=["y"])) == lowered


def test_legacy_detection() -> None:
    """Only a leading dotted op name or `${type(` marks the legacy form."""
    assert is_legacy_format("  tf.Add $x")
    assert is_legacy_format("$x : ${type(self)}")
    assert not is_legacy_format("$x attr-dict `:` type($x)")
    assert not is_legacy_format('custom<X>("${not a type}") attr-dict')


def test_legacy_format_resolves_with_its_traits() -> None:
    """A legacy string checks and resolves like the format it lowers to."""
    op, dialect = _op(
        "  - def: T_AddOp\n    mnemonic: add\n    traits: [SameOperandsAndResultType]\n"
        "    operands: [{name: lhs, type: AnyTensor}, {name: rhs, type: AnyTensor}]\n"
        "    attributes: [{name: fused_activation_function, type: StrAttr}]\n"
        "    results: [{name: result, type: AnyTensor}]\n"
        "    assembly_format: 't.add $lhs, $rhs {fused_activation_function:"
        " $fused_activation_function}: ${type(self)}'\n"
    )
    resolved = resolve_op_format(op, dialect)
    assert resolved is not None
    assert resolved.format.legacy
    assert [s.trait for s in resolved.operand_types] == ["SameOperandsAndResultType"] * 2
    assert resolved.bound_attributes == ()


# ---------------------------------------------------------------------------
# mlir-tblgen-22 as the oracle
# ---------------------------------------------------------------------------

MLIR_TBLGEN = "mlir-tblgen-22"
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
CORPUS = ERRORS_DIR / "mlir_corpus.txt"

#: Corpus cases (their `arguments | ... | format` line, blanks normalized) that odsgen
#: decides differently from mlir-tblgen 22, and why.
_SAME_KEYWORD = (
    "two clauses of one oilist start with the same keyword; the parser could never "
    "reach the second, so odsgen rejects it"
)
DIVERGENCES: dict[str, str] = {
    "Optional<AnyType>:$a, UnitAttr:$n | | | | | "
    "oilist(`a` `(` $a `:` type($a) `)` | `a` $n) attr-dict": _SAME_KEYWORD,
    "UnitAttr:$u, UnitAttr:$w, Variadic<AnyType>:$va | | | | | "
    "`k` oilist(`a` $u | `a` $w) $va `:` type($va) attr-dict": _SAME_KEYWORD,
    "UnitAttr:$u, UnitAttr:$w, Variadic<AnyType>:$va | | | | | "
    "`k` oilist(`a` `b` $u | `a` `c` $w) $va `:` type($va) attr-dict": _SAME_KEYWORD,
    "AnyType:$a, UnitAttr:$u | | AnyRegion:$r | AnySuccessor:$s | | "
    "`k` operands type(operands) $r $s attr-dict custom<X>(ref(type(operands)))": (
        "valid, and odsgen accepts it; mlir-tblgen 22 crashes generating its parser"
    ),
    "SignlessIntOfWidths<[32]>:$a | | | | | $a attr-dict": (
        "the model does not tell `SignlessIntOfWidths<[32]>` from `I32`; both allow "
        "exactly i32, so odsgen builds the type"
    ),
}


def _corpus() -> list[tuple[str, ...]]:
    cases = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fields = tuple(field.strip() for field in line.split("|", 5))
            assert len(fields) == 6, line
            cases.append(fields)
    return cases


def _def(index: int, case: tuple[str, ...], dialect: str) -> str:
    ins, outs, regions, successors, traits, fmt = case
    quoted = fmt.replace("\\", "\\\\").replace('"', '\\"')
    return (
        f'def T_Op{index} : Op<{dialect}, "op{index}", [{traits}]> {{ '
        f"let arguments = (ins {ins}); let results = (outs {outs}); "
        f"let regions = (region {regions}); let successors = (successor {successors}); "
        f'let assemblyFormat = "{quoted}"; }}\n'
    )


def _mlir_rejects(case: tuple[str, ...], work: Path, index: int) -> bool:
    includes = ['include "mlir/IR/OpBase.td"', 'include "mlir/IR/BuiltinAttributeInterfaces.td"']
    if "InferTypeOpInterface" in case[4] or "SameOperandsAndResultType" in case[4]:
        # Only where needed: with it, ODS adds the interface to ops whose types it
        # can infer, which it cannot do from attributes.
        includes.append('include "mlir/Interfaces/InferTypeOpInterface.td"')
    spec = work / f"case{index}.td"
    spec.write_text(
        "\n".join(includes)
        + '\ndef T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }\n'
        + _def(index, case, "T_Dialect"),
        encoding="utf-8",
    )
    proc = subprocess.run(
        [MLIR_TBLGEN, "--gen-op-decls", "-I", str(MLIR_INCLUDE), spec.name, "-o", "/dev/null"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode == 0:
        return False
    # A format error, or a format its generator gives up on ("LLVM ERROR: 'ref' of
    # 'prop-dict' unsupported") or crashes on: anything else is a bad corpus case.
    assert re.search(r"in custom assembly format|LLVM ERROR|Stack dump", proc.stderr), proc.stderr
    return True


def _odsgen_rejects(cases: list[tuple[str, ...]], work: Path) -> set[int]:
    header = 'include "OpBase.td"\ndef T_Dialect : Dialect { let name = "t"; }\n'
    spec = work / "corpus.td"
    spec.write_text(
        header + "".join(_def(i, case, "T_Dialect") for i, case in enumerate(cases)),
        encoding="utf-8",
    )
    first_line = header.count("\n") + 1
    try:
        load_spec(spec)
    except GeneratorError as error:
        # An op of `InferTypeOpInterface` must also define `infer_return_types`, which
        # mlir-tblgen leaves to the C++ compiler: that is no verdict on the format.
        return {
            d.line_col[0] - first_line
            for d in error.diagnostics
            if "does not define its method" not in d.message
        }
    return set()


def test_accepts_what_mlir_tblgen_accepts(tmp_path: Path) -> None:
    """For every corpus case, odsgen accepts the format exactly when mlir-tblgen-22 does."""
    if shutil.which(MLIR_TBLGEN) is None or not (MLIR_INCLUDE / "mlir" / "IR").is_dir():
        pytest.skip(
            f"{MLIR_TBLGEN} is not installed (apt-get install mlir-22-tools libmlir-22-dev)"
        )
    cases = _corpus()
    ours = _odsgen_rejects(cases, tmp_path)
    with ThreadPoolExecutor(max_workers=8) as pool:
        theirs = list(
            pool.map(lambda item: _mlir_rejects(item[1], tmp_path, item[0]), enumerate(cases))
        )
    mismatches = []
    diverged = set()
    for index, case in enumerate(cases):
        if (index in ours) != theirs[index]:
            line = re.sub(r"\s+", " ", " | ".join(case))
            diverged.add(line)
            if line not in DIVERGENCES:
                verdict = "rejects" if index in ours else "accepts"
                mismatches.append(f"odsgen {verdict}, mlir-tblgen does not: {line}")
    assert not mismatches, "\n".join(mismatches)
    assert diverged == set(DIVERGENCES), "a listed divergence no longer diverges"
    assert sum(theirs) > 200, "the corpus has invalid formats"
    assert len(cases) - sum(theirs) > 150, "the corpus has valid formats"
