"""Assembly formats of types and attributes (`generator/spec/def_format.py`).

The error cases live with the op formats' in `format_errors/` (`type_formats.td`,
`type_formats.yaml`), checked by `tests/spec/test_format.py`. Here:

* parsing: the directives of type and attribute formats, and the op directives they
  do not have;
* mlir-tblgen-22 as the oracle: for each case of `format_errors/mlir_def_corpus.txt`,
  odsgen accepts the format exactly when mlir-tblgen does, and mlir-tblgen's error is
  among odsgen's (skipped without it);
* what parameter spellings hold (`generator/spec/params.py`).
"""

from __future__ import annotations

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from generator.diagnostics import FormatSpecError, GeneratorError
from generator.spec.convert import load_spec
from generator.spec.format import (
    ParamsDirective,
    QualifiedDirective,
    StructDirective,
    VariableElement,
    parse_format,
)
from generator.spec.params import param_kind

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).parent / "format_errors" / "mlir_def_corpus.txt"
MLIR_TBLGEN = shutil.which("mlir-tblgen-22")
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")


def test_directives_of_type_formats() -> None:
    """`params`, `struct(...)` and `qualified(...)` read as their nodes."""
    fmt = parse_format("`<` struct($a, $b) qualified($c) params `>`", for_def=True)
    struct, qualified, params = fmt.elements[1:4]
    assert isinstance(struct, StructDirective)
    assert [a.name for a in struct.args if isinstance(a, VariableElement)] == ["a", "b"]
    assert isinstance(qualified, QualifiedDirective)
    assert isinstance(params, ParamsDirective)
    assert str(fmt) == "`<` struct($a, $b) qualified($c) params `>`"


@pytest.mark.parametrize("word", ["attr-dict", "type", "operands", "functional-type"])
def test_op_directives_are_unsupported(word: str) -> None:
    """The directives of op formats are mlir-tblgen's `unsupported directive kind`."""
    with pytest.raises(FormatSpecError, match="unsupported directive kind"):
        parse_format(f"`<` {word} `>`", for_def=True)


def test_type_directives_are_not_op_directives() -> None:
    """`params` and `struct` stay refused in op formats."""
    with pytest.raises(FormatSpecError, match="unsupported directive kind"):
        parse_format("params attr-dict")


@pytest.mark.parametrize(
    ("spelled", "kind", "annotation"),
    [
        pytest.param("int64_t", "int", "int", id="int64_t"),
        pytest.param("::llvm::APInt", "int", "int", id="apint"),
        pytest.param("::llvm::StringRef", "str", "str", id="stringref"),
        pytest.param("std::string", "str", "str", id="string"),
        pytest.param("::mlir::Type", "type", "Type", id="type"),
        pytest.param("mlir::IntegerType", "type", "IntegerType", id="integer-type"),
        pytest.param("StringAttr", "attr", "StringAttr", id="string-attr"),
        pytest.param("::mlir::Attribute", "attr", "Attribute", id="attribute"),
        pytest.param("::llvm::ArrayRef<int64_t>", "array", "tuple[int, ...]", id="array"),
        pytest.param("tuple[Type, ...]", "array", "tuple[Type, ...]", id="py-tuple"),
        pytest.param("std::optional<uint32_t>", "optional", "int | None", id="optional"),
        pytest.param("bool", "unparsed", "bool", id="bool"),
        pytest.param("double", "unparsed", "float", id="double"),
        pytest.param("::llvm::APFloat", "unparsed", "float", id="apfloat"),
        pytest.param("::my::Thing", "python", "object", id="unknown-cpp"),
        pytest.param("tuple[int, ...] | None", "python", "tuple[int, ...] | None", id="py"),
    ],
)
def test_parameter_kinds(spelled: str, kind: str, annotation: str) -> None:
    """C++ and Python spellings map to the value a parameter holds."""
    found = param_kind(spelled)
    assert (found.kind, found.annotation) == (kind, annotation)


def test_integer_widths() -> None:
    """Integers keep the width and signedness MLIR range-checks them against."""
    assert (param_kind("uint8_t").bits, param_kind("uint8_t").signed) == (8, False)
    assert (param_kind("int").bits, param_kind("int").signed) == (32, True)
    assert param_kind("::llvm::APInt").bits == 0


# ---------------------------------------------------------------------------
# mlir-tblgen-22 as the oracle
# ---------------------------------------------------------------------------


def _corpus() -> list[tuple[str, str]]:
    cases = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            params, fmt = (part.strip() for part in line.split("|", 1))
            cases.append((params, fmt))
    return cases


def _def(params: str, fmt: str, dialect: str) -> str:
    quoted = fmt.replace("\\", "\\\\").replace('"', '\\"')
    return (
        f'def T_AType : TypeDef<{dialect}, "A"> {{ let mnemonic = "a"; '
        f'let parameters = (ins {params}); let assemblyFormat = "{quoted}"; }}\n'
    )


def _mlir_tblgen(params: str, fmt: str, tmp: Path) -> str | None:
    """mlir-tblgen's first error for the case, or None when it accepts it."""
    assert MLIR_TBLGEN is not None
    spec = tmp / "case.td"
    spec.write_text(
        'include "mlir/IR/AttrTypeBase.td"\ninclude "mlir/IR/OpBase.td"\n'
        'def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }\n'
        + _def(params, fmt, "T_Dialect"),
        encoding="utf-8",
    )
    run = subprocess.run(
        [MLIR_TBLGEN, "-gen-typedef-defs", "-I", str(MLIR_INCLUDE), str(spec)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode == 0:
        return None
    for line in run.stderr.splitlines():
        if "error: " in line:
            return line.split("error: ", 1)[1].strip()
    return run.stderr.strip()


def _odsgen(params: str, fmt: str, tmp: Path) -> list[str]:
    """odsgen's errors for the case ([] when it accepts it)."""
    spec = tmp / "ours.td"
    spec.write_text(
        'include "OpBase.td"\ndef T_Dialect : Dialect { let name = "t"; }\n'
        + _def(params, fmt, "T_Dialect"),
        encoding="utf-8",
    )
    try:
        load_spec(spec, include_dirs=[REPO_ROOT / "opdefs" / "include"])
    except GeneratorError as error:
        return [d.message for d in error.diagnostics]
    return []


@pytest.mark.skipif(MLIR_TBLGEN is None, reason="mlir-tblgen-22 is not installed")
def test_accepts_what_mlir_tblgen_accepts(tmp_path: Path) -> None:
    """Each corpus format is accepted by odsgen exactly when mlir-tblgen-22 accepts it,
    and when it is not, mlir-tblgen's message is among odsgen's."""
    cases = _corpus()
    dirs = []
    for index in range(len(cases)):
        (tmp_path / str(index)).mkdir()
        dirs.append(tmp_path / str(index))
    with ThreadPoolExecutor(max_workers=2) as pool:
        theirs = list(pool.map(lambda c: _mlir_tblgen(*c[0], c[1]), zip(cases, dirs, strict=True)))
    problems = []
    for (params, fmt), tmp, their in zip(cases, dirs, theirs, strict=True):
        ours = _odsgen(params, fmt, tmp)
        if their is None and ours:
            problems.append(f"{params} | {fmt}: mlir-tblgen accepts it, odsgen says {ours}")
        elif their is not None and their not in ours:
            problems.append(f"{params} | {fmt}: mlir-tblgen says {their!r}, odsgen {ours}")
    assert not problems, "\n".join(problems)
