"""Crafted inputs to `odsgen opt`: answered as mlir-opt-22 answers them, in bounded time.

Each test is built from a one-line reproducer: catastrophic `expected-error-re`
regexes, integer literals too long for Python's default int/str conversion,
hoisted constants of several float widths, and the text edge cases of MLIR's
lexer (carriage returns, NUL, numeric limits).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]
ODSGEN = Path(sys.executable).parent / "odsgen"


def _odsgen(args: list[str], *, stdin: bytes = b"", timeout: float = 60) -> tuple[int, str, str]:
    """`odsgen ARGS` as a separate process, so that a hang fails the test instead of it."""
    run = subprocess.run(
        [str(ODSGEN), *args], input=stdin, capture_output=True, timeout=timeout, check=False
    )
    return run.returncode, run.stdout.decode(), run.stderr.decode()


def test_catastrophic_expected_regex_is_abandoned_with_a_diagnostic(tmp_path: Path) -> None:
    """`{{(a+)+b}}` against a long run of `a`: reported at the annotation within seconds."""
    source = tmp_path / "re.mlir"
    source.write_text(
        '// expected-error-re@+1 {{{{(a+)+b}}}}\n"arith.' + "a" * 40 + '"() : () -> ()\n'
    )
    code, out, err = _odsgen(["opt", "--verify-diagnostics", str(source)], timeout=30)
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == (
        f"{source}:1:4: error: regex took more than 1 s to match and was abandoned "
        "(nested repetitions such as '(a+)+' backtrack exponentially)"
    )
    # Then what mlir-opt-22 reports, whose matcher finds no match.
    assert f"{source}:2:1: error: unexpected error: unregistered operation" in err
    assert f'{source}:1:4: error: expected error "{{{{(a+)+b}}}}" was not produced' in err
    assert "Traceback" not in err
    assert out == ""


def test_ordinary_expected_regex_still_matches(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """The time limit leaves a regex that matches quickly as it was."""
    source = tmp_path / "re.mlir"
    source.write_text(
        "// expected-error-re@+1 {{unregistered operation 'arith.{{(a+)+}}' found}}\n"
        '"arith.' + "a" * 40 + '"() : () -> ()\n'
    )
    code, _out, err = run_odsgen(["opt", "--verify-diagnostics", str(source)])
    assert (code, err) == (0, "")


_DIGITS = "9" * 4400

#: Integer literals past Python's default 4,300-digit conversion limit:
#: (file text, extra flags). mlir-opt-22 parses, prints and names them, or
#: rejects the ones that do not fit their type.
_HUGE_LITERALS = {
    "constant_named": (
        f"func.func @f() -> i16384 {{\n  %0 = arith.constant {_DIGITS} : i16384\n"
        "  return %0 : i16384\n}\n",
        [],
    ),
    "attributes": (
        f'"foo.op"() {{a = {_DIGITS} : i16384, b = -{_DIGITS} : i16384, '
        f"c = 0x{'f' * 4000} : i16384}} : () -> ()\n",
        ["--allow-unregistered-dialect"],
    ),
    "dense_and_array": (
        f'"foo.op"() {{a = dense<[{_DIGITS}, 1]> : tensor<2xi16384>, '
        f"b = array<i16384: {_DIGITS}>}} : () -> ()\n",
        ["--allow-unregistered-dialect"],
    ),
    "out_of_range_for_i64": (
        f'"foo.op"() {{a = {_DIGITS} : i64}} : () -> ()\n',
        ["--allow-unregistered-dialect"],
    ),
    "out_of_range_untyped": (
        f'"foo.op"() {{a = {_DIGITS}}} : () -> ()\n',
        ["--allow-unregistered-dialect"],
    ),
    "folded": (
        f"func.func @f() -> (i40000, i40000) {{\n  %0 = arith.constant {'7' * 5000} : i40000\n"
        f"  %1 = arith.constant -{'7' * 5000} : i40000\n  %2 = arith.addi %0, %1 : i40000\n"
        "  %3 = arith.muli %0, %0 : i40000\n  return %2, %3 : i40000, i40000\n}\n",
        ["--canonicalize"],
    ),
    "generic": (
        f"func.func @f() -> i16384 {{\n  %0 = arith.constant {_DIGITS} : i16384\n"
        "  return %0 : i16384\n}\n",
        ["--mlir-print-op-generic"],
    ),
}


@pytest.mark.parametrize("case", sorted(_HUGE_LITERALS))
def test_huge_integer_literals_as_mlir_opt(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """Literals of 4,300+ digits: the same output and diagnostics as mlir-opt-22."""
    text, flags = _HUGE_LITERALS[case]
    source = tmp_path / f"{case}.mlir"
    source.write_text(text)
    oracle = subprocess.run(
        [mlir_opt, str(source), *flags], capture_output=True, text=True, check=False
    )
    code, out, err = run_odsgen(["opt", str(source), *flags])
    assert (code, out, err) == (oracle.returncode, oracle.stdout, oracle.stderr)


def test_huge_constant_keeps_its_value_and_name(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """A 4,400-digit `arith.constant` prints its exact value and names its result by it."""
    source = tmp_path / "c.mlir"
    source.write_text(_HUGE_LITERALS["constant_named"][0])
    code, out, err = run_odsgen(["opt", str(source)])
    assert (code, err) == (0, "")
    assert f"%c{_DIGITS}_i16384 = arith.constant {_DIGITS} : i16384" in out


_MIXED_FLOAT_WIDTHS = """\
func.func @f(%a: f64, %b: f8E4M3FN) -> (f8E4M3FN, tf32, f8E4M3FN, f80, f80, f64, bf16, f128) {
  %v1 = arith.divf %b, %b : f8E4M3FN
  %v2 = arith.constant 7.0 : tf32
  %v3 = arith.constant 1.0e+10 : f8E4M3FN
  %v4 = arith.extf %v3 : f8E4M3FN to f80
  %v5 = arith.maximumf %v4, %v4 : f80
  %v6 = arith.extf %v3 : f8E4M3FN to f64
  %v7 = arith.extf %v3 : f8E4M3FN to bf16
  %v8 = arith.extf %v3 : f8E4M3FN to f128
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : f8E4M3FN, tf32, f8E4M3FN, f80, f80, f64, bf16, f128
}
"""


def test_hoisted_constants_of_several_float_widths_as_mlir_opt(
    tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """NaN constants extended to other widths fold and hoist as under mlir-opt-22."""
    source = tmp_path / "widths.mlir"
    source.write_text(_MIXED_FLOAT_WIDTHS)
    oracle = subprocess.run(
        [mlir_opt, str(source), "--canonicalize"], capture_output=True, text=True, check=True
    )
    code, out, err = run_odsgen(["opt", str(source), "--canonicalize"])
    assert (code, err) == (0, "")
    assert out == oracle.stdout
    # Each extension of the f8E4M3FN NaN became a constant of its own width.
    assert "arith.extf" not in out
    assert "arith.constant 0x7FFFF000000000000000 : f80" in out


def _blob(hex_text: str) -> bytes:
    return (
        '"foo.op"() : () -> ()\n{-#\n  dialect_resources: {\n    builtin: {\n'
        f'      blob1: "{hex_text}"\n    }}\n  }}\n#-}}\n'
    ).encode()


#: Inputs whose bytes MLIR's lexer treats specially, or with numbers past its
#: limits; each is compared with mlir-opt-22 from a file and from stdin.
_TEXT_CASES: dict[str, bytes] = {
    "cr_ends_comment": b'// c\r"foo.op"() : () -> ()\r',
    "cr_inside_string": b'"foo.op"() {a = "x\ry"} : () -> ()\n',
    "cr_only_lines_error": b'"foo.op"() : () -> ()\r"foo.op"() : () -> (\r',
    "crlf_error": b'"foo.op"() : () -> ()\r\n%x = "foo.op"(%y) : (i32) -> ()\r\n',
    "cr_after_error_column": b'%x = "foo.op"() {a = "x\ry"} : () -> ()\n',
    "nul_between_tokens": b'"foo.op"()\x00 : () -> ()\n',
    "nul_in_comment_and_string": b'// a\x00b\n"foo.op"() {a = "x\x00y"} : () -> ()\n',
    "dimension_past_int64": b'"foo.op"() : () -> tensor<9223372036854775808xf32>\n',
    "dimension_past_uint64": b'"foo.op"() : () -> vector<2x99999999999999999999xf32>\n',
    "scalable_dimension_past_int64": b'"foo.op"() : () -> vector<[9223372036854775808]xf32>\n',
    "largest_dimension": b'"foo.op"() : () -> memref<9223372036854775807xf32>\n',
    "stride_past_int64": b'"foo.op"() : () -> memref<4xf32, strided<[99999999999999999999]>>\n',
    "stride_int64_min": b'"foo.op"() : () -> memref<4xf32, strided<[-9223372036854775808]>>\n',
    "offset_past_int64": (
        b'"foo.op"() : () -> memref<4xf32, strided<[1], offset: 9223372036854775808>>\n'
    ),
    "offset_int64_min_plus_one": (
        b'"foo.op"() : () -> memref<4xf32, strided<[1], offset: -9223372036854775807>>\n'
    ),
    "distinct_id_past_uint64": b'"foo.op"() {a = distinct[18446744073709551616]<>} : () -> ()\n',
    "largest_distinct_id": b'"foo.op"() {a = distinct[18446744073709551615]<>} : () -> ()\n',
    "blob_alignment_not_power_of_2": _blob("0x0300000001000000"),
    "blob_alignment_power_of_2": _blob("0x0800000001000000"),
    "blob_without_alignment": _blob("0x010000"),
    "empty_blob": _blob("0x"),
}


@pytest.mark.parametrize("case", sorted(_TEXT_CASES))
def test_text_edge_cases_from_a_file_as_mlir_opt(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """The file is read as bytes: every CR and NUL reaches the lexer, limits as MLIR's."""
    source = tmp_path / f"{case}.mlir"
    source.write_bytes(_TEXT_CASES[case])
    flags = ["--allow-unregistered-dialect"]
    oracle = subprocess.run(
        [mlir_opt, str(source), *flags], capture_output=True, text=True, check=False
    )
    assert run_odsgen(["opt", str(source), *flags]) == (
        oracle.returncode,
        oracle.stdout,
        oracle.stderr,
    )


@pytest.mark.parametrize(
    "case",
    ["cr_ends_comment", "cr_inside_string", "cr_only_lines_error", "nul_between_tokens"],
)
def test_text_edge_cases_from_stdin_as_mlir_opt(case: str, mlir_opt: str) -> None:
    """Standard input is read like a file: same ops, same line numbers as mlir-opt-22."""
    flags = ["--allow-unregistered-dialect", "-"]
    data = _TEXT_CASES[case]
    oracle = subprocess.run([mlir_opt, *flags], input=data, capture_output=True, check=False)
    assert _odsgen(["opt", *flags], stdin=data) == (
        oracle.returncode,
        oracle.stdout.decode(),
        oracle.stderr.decode(),
    )


def test_split_markers_with_crlf_line_endings(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """`// -----` followed by CR LF still splits the input."""
    source = tmp_path / "split.mlir"
    source.write_bytes(
        b'"foo.op"() : () -> ()\r\n// -----\r\n"foo.op"() : () -> (\r\n// -----\r\n'
        b'"bar.op"() : () -> ()\r\n'
    )
    code, out, err = run_odsgen(
        ["opt", str(source), "--allow-unregistered-dialect", "--split-input-file"]
    )
    assert code == 1
    assert out.count('"foo.op"()') == 1
    assert '"bar.op"()' in out
    assert err.startswith(f"{source}:3:21: error: expected non-function type\n")


#: Ops of a graph region that use each other in a cycle.
_DEAD_CYCLE = """"test.graph"() ({
  %0 = arith.index_cast %1 : i32 to index
  %1 = arith.index_cast %0 : index to i32
}) : () -> ()
"""


def test_dead_cycle_in_a_graph_region_is_erased(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """Pure ops that only use each other go, as MLIR's region DCE drops them.

    `index_cast(index_cast(x)) -> x` would otherwise replace `%1` with itself.
    """
    source = tmp_path / "cycle.mlir"
    source.write_text(_DEAD_CYCLE)
    code, out, err = run_odsgen(
        ["opt", str(source), "--canonicalize", "--allow-unregistered-dialect"]
    )
    assert (code, err) == (0, "")
    assert "arith.index_cast" not in out
    assert '"test.graph"() ({\n  ^bb0:\n  }) : () -> ()' in out


def test_dead_cycle_in_a_graph_region_as_mlir_opt(tmp_path: Path, mlir_opt: str) -> None:
    """The same output as mlir-opt-22 --canonicalize."""
    source = tmp_path / "cycle.mlir"
    source.write_text(_DEAD_CYCLE)
    args = [str(source), "--canonicalize", "--allow-unregistered-dialect"]
    expected = subprocess.run([mlir_opt, *args], capture_output=True, text=True, check=True)
    code, out, err = _odsgen(["opt", *args])
    assert (code, out, err) == (0, expected.stdout, "")


def test_live_cycle_in_a_graph_region_is_left_alone(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """A used cycle stays: no pattern replaces an op with its own result.

    mlir-opt-22 replaces `%1` by itself here and then reports a null operand.
    """
    source = tmp_path / "cycle.mlir"
    source.write_text(_DEAD_CYCLE.replace("\n})", '\n  "test.use"(%0) : (index) -> ()\n})'))
    code, out, err = run_odsgen(
        ["opt", str(source), "--canonicalize", "--allow-unregistered-dialect"]
    )
    assert (code, err) == (0, "")
    assert "%0 = arith.index_cast %1 : i32 to index" in out
    assert "%1 = arith.index_cast %0 : index to i32" in out


def test_fold_to_its_own_result_warns_at_the_op(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """`%0 = arith.addi %0, %c0` folds to itself forever (mlir-opt-22 never returns).

    The rewrite stops and the warning points at the op, naming what kept changing it.
    """
    source = tmp_path / "self.mlir"
    source.write_text(
        '"test.graph"() ({\n  %c0 = arith.constant 0 : i32\n  %0 = arith.addi %0, %c0 : i32\n'
        '  "test.use"(%0) : (i32) -> ()\n}) : () -> ()\n'
    )
    code, out, err = run_odsgen(
        ["opt", str(source), "--canonicalize", "--allow-unregistered-dialect"]
    )
    assert code == 0
    assert "%0 = arith.addi %0, %c0_i32 : i32" in out
    assert err.splitlines() == [
        f"{source}:3:8: warning: the pattern rewrite did not converge after scanning 10 times",
        "  %0 = arith.addi %0, %c0 : i32",
        "       ^",
        f"{source}:3:8: note: the last change was made by folding on 'arith.addi'",
    ]
