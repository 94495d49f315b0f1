"""Types and attributes with declarative assembly formats, end to end.

`cases/type_formats/tfmt.td` uses every element of the format language and every
kind of parameter a format reads. Its generated `types.py`, `attrs.py` and LangRef
page equal the goldens in `cases/type_formats/golden/` (after an intended change:
`ODSGEN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/emit/test_type_formats.py`);
`tfmt.yaml` spells the same dialect in YAML and generates the same code. The
generated package then reads and prints each form, prints each back the same, and
reports MLIR's errors; its classes build the same uniqued values from Python, and
its ops take the dialect's types as operand and result constraints.
"""

from __future__ import annotations

import difflib
import importlib
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from generator.cli import main
from generator.ir import (
    BoolAttr,
    Context,
    DiagnosticError,
    FloatType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    parse_source,
    print_operation,
    verify,
)
from generator.ir.source import SourceFile

F32 = FloatType.get("f32")

REPO_ROOT = Path(__file__).resolve().parents[2]
CASE = Path(__file__).parent / "cases" / "type_formats"
GOLDEN = CASE / "golden"
PACKAGE = "odsgen_tfmt_case"
_GOLDEN_FILES = ("tfmt/types.py", "tfmt/attrs.py", "tfmt/ops.py", "docs/tfmt.md")


def _generate(spec: Path, out: Path) -> None:
    """Generate `spec` into `out` (a package named PACKAGE), from the repository root
    so the banners name the spec by its repository path."""
    cwd = Path.cwd()
    os.chdir(REPO_ROOT)
    try:
        code = main(
            ["generate", str(spec.relative_to(REPO_ROOT)), "-o", str(out), "--package", PACKAGE]
        )
    finally:
        os.chdir(cwd)
    assert code == 0


_REGENERATE = re.compile(r"^# Regenerate with: .*$", re.M)


def _stable(text: str) -> str:
    """The text without the banner's command line, which names the scratch directory."""
    return _REGENERATE.sub("# Regenerate with: odsgen generate ... (see the test)", text)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package generated from `tfmt.td`."""
    out = tmp_path_factory.mktemp("td") / PACKAGE
    _generate(CASE / "tfmt.td", out)
    return out


@pytest.fixture(scope="module")
def package(generated: Path) -> Iterator[ModuleType]:
    """The generated package, imported."""
    sys.path.insert(0, str(generated.parent))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(generated.parent))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def ctx(package: ModuleType) -> Context:
    """A context with the dialect; the test ops stay unregistered."""
    context: Context = package.context()
    context.allow_unregistered_dialects = True
    return context


@pytest.fixture(scope="module")
def tfmt(package: ModuleType) -> ModuleType:
    """The `tfmt` dialect package."""
    return importlib.import_module(PACKAGE + ".tfmt")


@pytest.mark.parametrize("rel", _GOLDEN_FILES)
def test_generated_code_matches_golden(rel: str, generated: Path) -> None:
    """The generated modules and page equal the goldens, byte for byte."""
    ours = _stable((generated / rel).read_text(encoding="utf-8"))
    golden = GOLDEN / rel.replace("/", "__")
    if os.environ.get("ODSGEN_UPDATE_GOLDEN"):
        golden.write_text(ours, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    if ours != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True), ours.splitlines(keepends=True), str(golden), rel
            )
        )
        pytest.fail(
            f"{rel} differs from its golden:\n{diff}\nif intended, regenerate with: "
            "ODSGEN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/emit/test_type_formats.py"
        )


def test_yaml_spelling_generates_the_same_code(generated: Path, tmp_path: Path) -> None:
    """`tfmt.yaml` generates the same modules as `tfmt.td`, but for the spec's name."""
    out = tmp_path / PACKAGE
    _generate(CASE / "tfmt.yaml", out)
    for rel in _GOLDEN_FILES:
        ours = _stable((out / rel).read_text(encoding="utf-8").replace("tfmt.yaml", "tfmt.td"))
        assert ours == _stable((generated / rel).read_text(encoding="utf-8")), rel


#: Forms that print back as written.
ROUND_TRIPS = [
    "!tfmt.struct<f64, tensor<*xf64>>",
    "!tfmt.struct<!tfmt.struct<i1>>",
    '!tfmt.opaque<"a\\22b">',
    "!tfmt.shape<3 by 4>",
    '!tfmt.shape<-3 by 255 of !tfmt.opaque<"x">>',
    "!tfmt.pair<<i32>, f32>",
    "!tfmt.pair<<i32>, f32, 7>",
    "!tfmt.limit<1:>",
    "!tfmt.limit<1: 2>",
    "!tfmt.tagged<i32, tag 5>",
    "#tfmt.loop<disable = true, count = 4 : i32>",
    "#tfmt.loop<>",
    "#tfmt.root",
    '#tfmt.root<id = "q">',
    "#tfmt.range<low = -2, high = 3 loop <>>",
    '#tfmt.range<low = 1 loop <name = "n">>',
    "#tfmt.list<[]>",
    "#tfmt.list<[1, -2, 3]>",
]

#: Forms that print differently: (written, printed).
NORMALIZED = [
    ("!tfmt.shape< 3  by 0x10 >", "!tfmt.shape<3 by 16>"),
    ("!tfmt.shape<3 by -1>", "!tfmt.shape<3 by 255>"),
    ("!tfmt.pair<!tfmt.struct<i32>, f32, 1>", "!tfmt.pair<<i32>, f32>"),
    ("!tfmt.limit<1 : 2>", "!tfmt.limit<1: 2>"),
    ("#tfmt.loop<count = 4 : i32, disable = true>", "#tfmt.loop<disable = true, count = 4 : i32>"),
    ("#tfmt.root<>", "#tfmt.root"),
    ("#tfmt.range<high = 0, low = 1 loop #tfmt.loop<>>", "#tfmt.range<low = 1 loop <>>"),
]

#: Invalid forms and their errors (line:col message, every error in order).
ERRORS = [
    ('!tfmt.opaque<"">', ["1:34 expected a non-empty name"]),
    (
        "!tfmt.opaque<42>",
        [
            "1:35 expected string",
            "1:35 failed to parse Tfmt_OpaqueType parameter 'name' which is to be a "
            "`::llvm::StringRef`",
        ],
    ),
    (
        "!tfmt.shape<3 by 300>",
        [
            "1:39 integer value too large",
            "1:42 failed to parse Tfmt_ShapeType parameter 'cols' which is to be a `uint8_t`",
        ],
    ),
    ("!tfmt.shape<3 x 4>", ["1:36 expected 'by'"]),
    (
        "!tfmt.struct<>",
        [
            "1:35 expected non-function type",
            "1:35 failed to parse Tfmt_StructType parameter 'elementTypes' which is to be a "
            "`::llvm::ArrayRef<Type>`",
        ],
    ),
    (
        '!tfmt.pair<!tfmt.opaque<"x">, f32>',
        [
            "1:33 invalid kind of type specified: expected tfmt.struct, but found "
            "'!tfmt.opaque<\"x\">'",
            "1:50 failed to parse Tfmt_PairType parameter 'first' which is to be a "
            "`Tfmt_StructType`",
        ],
    ),
    (
        "!tfmt.pair<#tfmt.root, f32>",
        [
            "1:33 expected '<'",
            "1:33 failed to parse Tfmt_PairType parameter 'first' which is to be a "
            "`Tfmt_StructType`",
        ],
    ),
    (
        "#tfmt.loop<count = 4 : i32, count = 5 : i32>",
        ["1:54 duplicate or unknown struct parameter name: count"],
    ),
    ("#tfmt.range<high = 3 loop <>>", ["1:39 struct is missing required parameter: low"]),
    (
        "#tfmt.loop<disable = 1>",
        [
            "1:39 invalid kind of attribute specified",
            "1:40 failed to parse Tfmt_LoopAttr parameter 'disable' which is to be a `BoolAttr`",
        ],
    ),
    ("!tfmt.nosuch", ["1:28 unknown  type `nosuch` in dialect `tfmt`"]),
]


def _wrap(form: str) -> str:
    if form.startswith("!"):
        return f'"test.op"() : () -> ({form})\n'
    return f'"test.op"() {{a = {form}}} : () -> ()\n'


def _printed(form: str, ctx: Context) -> str:
    """The form as odsgen prints it in the op (aliases written inline)."""
    module = parse_source(SourceFile("x.mlir", _wrap(form)), ctx)
    op = module.regions[0].blocks[0].first_op
    assert op is not None
    value = op.results[0].type if form.startswith("!") else op.attributes.get_entry("a")
    assert value is not None
    return str(value)


@pytest.mark.parametrize("form", ROUND_TRIPS)
def test_round_trip(form: str, ctx: Context) -> None:
    """Each form reads, prints the same, and reads back to the same uniqued value."""
    assert _printed(form, ctx) == form
    module = parse_source(SourceFile("x.mlir", _wrap(form)), ctx)
    text = print_operation(module, generic=False)
    again = parse_source(SourceFile("y.mlir", text), ctx)
    assert print_operation(again, generic=False) == text


@pytest.mark.parametrize(("written", "printed"), NORMALIZED)
def test_normalized_forms(written: str, printed: str, ctx: Context) -> None:
    """Spacing, key order, hexadecimal, prefixes and defaults print as MLIR prints them."""
    assert _printed(written, ctx) == printed


@pytest.mark.parametrize(("form", "errors"), ERRORS)
def test_errors(form: str, errors: list[str], ctx: Context) -> None:
    """Invalid forms report MLIR's errors at MLIR's positions."""
    with pytest.raises(DiagnosticError) as info:
        parse_source(SourceFile("x.mlir", _wrap(form)), ctx)
    got = []
    for diag in info.value.diagnostics:
        line, col = diag.loc.line_col if diag.loc is not None else (0, 0)
        got.append(f"{line}:{col} {diag.message}")
    assert got == errors


def test_aliases_of_nested_attributes(ctx: Context) -> None:
    """Attributes with an alias print through it, inside other attributes too."""
    text = '"test.op"() {a = #tfmt.range<low = 1 loop <count = 2 : i32>>, b = #tfmt.loop<>} : () -> ()\n'
    printed = print_operation(parse_source(SourceFile("x.mlir", text), ctx), generic=False)
    assert printed.splitlines()[:2] == [
        "#loop = #tfmt.loop<count = 2 : i32>",
        "#loop1 = #tfmt.loop<>",
    ]
    assert '"test.op"() {a = #tfmt.range<low = 1 loop #loop>, b = #loop1}' in printed


def test_values_from_python(tfmt: ModuleType) -> None:
    """`get` builds the uniqued value the parser reads, with defaults and verifier;
    accessors give the parameters; custom builders call `get`."""
    i32 = IntegerType.get(32)
    struct = tfmt.StructType.get((i32, F32))
    assert struct is tfmt.StructType.get((i32, F32))
    assert struct.elementTypes == (i32, F32)
    assert str(struct) == "!tfmt.struct<i32, f32>"
    assert tfmt.StructType.build(i32) is tfmt.StructType.get((i32,))
    pair = tfmt.PairType.get(struct, i32)
    assert pair.count == 1
    assert str(pair) == "!tfmt.pair<<i32, f32>, i32>"
    with pytest.raises(ValueError, match="expected a non-empty name"):
        tfmt.OpaqueType.get("")
    loop = tfmt.LoopAttr.get(disable=BoolAttr.get_bool(True))
    assert loop.count is None
    assert str(loop) == "#tfmt.loop<disable = true>"
    assert tfmt.LoopAttr.ALIAS == "loop"
    assert str(tfmt.RangeAttr.build(3)) == "#tfmt.range<low = 3 loop <>>"
    assert str(tfmt.RootAttr.get(StringAttr.get("r"))) == '#tfmt.root<id = "r">'
    assert str(tfmt.ListAttr.get()) == "#tfmt.list<[]>"
    assert str(tfmt.LoopAttr.get(count=IntegerAttr.get(i32, 2))) == "#tfmt.loop<count = 2 : i32>"


def test_types_as_op_constraints(tfmt: ModuleType, ctx: Context) -> None:
    """Ops take the dialect's types as operand and result constraints: they build,
    read and print with them, and verify them with MLIR's message."""
    text = (
        "func.func @f(%a: f32, %b: i32) -> i32 {\n"
        "  %s = tfmt.pack %a, %b : f32, i32 -> !tfmt.struct<f32, i32>\n"
        "  %x, %y = tfmt.unpack %s : !tfmt.struct<f32, i32> -> f32, i32\n"
        "  return %y : i32\n"
        "}\n"
    )
    module = parse_source(SourceFile("x.mlir", text), ctx)
    verify(module, ctx)
    printed = print_operation(module, generic=False)
    assert "%0 = tfmt.pack %arg0, %arg1 : f32, i32 -> !tfmt.struct<f32, i32>" in printed
    assert "%1:2 = tfmt.unpack %0 : <f32, i32> -> f32, i32" in printed
    # The custom form reads only a struct there; the generic form reads any type.
    bad = '%0 = "tfmt.pack"() : () -> i32\n'
    with pytest.raises(DiagnosticError) as info:
        verify(parse_source(SourceFile("bad.mlir", bad), ctx), ctx)
    assert "'tfmt.pack' op result #0 must be a struct of types, but got 'i32'" in str(info.value)
    with pytest.raises(DiagnosticError, match="expected '<'"):
        parse_source(
            SourceFile("bad.mlir", text.replace("-> !tfmt.struct<f32, i32>", "-> i32")), ctx
        )


def test_dialect_type_constraint(ctx: Context) -> None:
    """A `DialectType` constraint checks its predicate, with its summary in the message."""
    text = "func.func @f(%a: i8, %b: i32) {\n  %0 = tfmt.widen %a : i8\n  %1 = tfmt.widen %b : i32\n  return\n}\n"
    with pytest.raises(DiagnosticError) as info:
        verify(parse_source(SourceFile("w.mlir", text), ctx), ctx)
    assert str(info.value).startswith(
        "w.mlir:3:8: error: 'tfmt.widen' op operand #0 must be a narrow integer, but got 'i32'"
    )
