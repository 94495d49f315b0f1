"""Upstream test files of the seed dialects, run as their RUN lines say.

`../shared/conformance/tensorflow/{tf_executor,tfg}/*.mlir` and
`../shared/conformance/mlir/MLProgram/*.mlir` are read in place, modernized by
`lit.modernize` (`func @` to `func.func @`, `std` ops to `arith`/`func`,
`SwitchN` to `_SwitchN`), and cut into cases by `lit.cases`: each `// -----`
chunk under `--split-input-file`, each `CHECK-LABEL` block under FileCheck. A
case runs `odsgen opt` with the RUN line's flags (piped runs chained), then
checks its CHECK lines with FileCheck or its `expected-*` annotations with
`--verify-diagnostics`. Cases that cannot pass are in `tests/xfail.py` with a
reason each; `test_xfail_share` keeps them to at most 5% of the cases.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conformance import lit

import generated

SHARED_DIR = Path(__file__).resolve().parents[2].parent / "shared"

#: The upstream files, relative to `../shared/conformance/`.
GLOBS = ("tensorflow/tf_executor/*.mlir", "tensorflow/tfg/*.mlir", "mlir/MLProgram/*.mlir")


def _files() -> list[str]:
    root = SHARED_DIR / "conformance"
    return sorted(str(p.relative_to(root)) for g in GLOBS for p in root.glob(g))


def _cases() -> list[lit.Case]:
    out: list[lit.Case] = []
    for name in _files():
        text = (SHARED_DIR / "conformance" / name).read_text(encoding="utf-8")
        out += lit.cases(name, lit.modernize(text))
    return out


CASES = {case.id: case for case in _cases()}


@pytest.fixture(scope="module", autouse=True)
def _dialects() -> None:
    import generated

    generated.load_all_dialects()


#: The seed dialects the upstream files use.
DIALECTS = ("tf_executor", "tfg", "tf_type", "ml_program")


@pytest.mark.parametrize("case_id", sorted(CASES) or ["absent"])
def test_upstream_case(case_id: str, tmp_path: Path, shared_dir: Path) -> None:
    case = CASES[case_id]
    used = {d for d in DIALECTS if re.search(rf"[!#\s\"]{d}[.<]", case.text)}
    missing = sorted(d for d in used if generated.context().get_or_load_dialect(d) is None)
    if missing:
        pytest.skip(f"uses the {', '.join(missing)} dialect, which has no spec in opdefs/ yet")
    problem = lit.run_case(case, tmp_path)
    assert problem is None, problem


def test_xfail_share(shared_dir: Path, xfail_list: dict[str, str]) -> None:
    """At most 5% of the cases are known failures."""
    prefix = "tests/conformance/test_upstream_files.py::test_upstream_case["
    listed = [k for k in xfail_list if k.startswith(prefix)]
    assert len(listed) <= 0.05 * len(CASES), f"{len(listed)} of {len(CASES)} cases are xfail"


def test_every_file_has_cases(shared_dir: Path) -> None:
    """Each upstream file has a RUN line the harness understands and some cases."""
    by_file: dict[str, int] = {}
    for case in CASES.values():
        by_file[case.file] = by_file.get(case.file, 0) + 1
    assert sorted(by_file) == _files()


def test_modernize() -> None:
    """The syntax updates, and what they leave alone."""
    old = (
        "func @f() {\n"
        "  %0 = addf %a, %a : f32\n"
        "  // expected-error@-1 {{'std.addf' op unallowed}}\n"
        '  %1:2 = tf_executor.Enter %x frame "f" constant : tensor<f32>\n'
        "  tf_executor.SwitchN\n"
        "  std.return\n"
        '  "std.return"() : () -> ()\n'
        "  return %0 : f32\n"
        "  br ^bb1\n"
        '  "func"() ( {\n'
        "}\n"
        "func private @g()\n"
        "// CHECK-LABEL: func @f\n"
        "// CHECK: return %0\n"
    )
    assert lit.modernize(old) == (
        "func.func @f() {\n"
        "  %0 = arith.addf %a, %a : f32\n"
        "  // expected-error@-1 {{'arith.addf' op unallowed}}\n"
        '  %1:2 = tf_executor.Enter %x frame "f" constant : tensor<f32>\n'
        "  tf_executor._SwitchN\n"
        "  func.return\n"
        '  "func.return"() : () -> ()\n'
        "  func.return %0 : f32\n"
        "  cf.br ^bb1\n"
        '  "func.func"() ({\n'
        "}\n"
        "func.func private @g()\n"
        "// CHECK-LABEL: func.func @f\n"
        "// CHECK: return %0\n"
    )


def test_pipelines() -> None:
    """RUN lines become chained odsgen runs and FileCheck arguments."""
    text = (
        "// RUN: tf-opt %s -mlir-print-debuginfo | tf-opt -mlir-print-op-generic "
        "| FileCheck %s --dump-input=fail\n"
        "// RUN: mlir-opt -split-input-file \\\n"
        "// RUN:   -verify-diagnostics %s\n"
        "// RUN: tf-opt %s -some-pass | FileCheck %s\n"
    )
    first, second, third = lit.pipelines(text)
    assert first.runs == [["--mlir-print-debuginfo"], ["--print-generic"]]
    assert first.filecheck == ["--dump-input=fail"]
    assert second.runs == [["--split-input-file", "--verify-diagnostics"]]
    assert second.filecheck is None
    assert second.split
    assert second.verify
    assert third.unsupported == "flag '-some-pass'"
