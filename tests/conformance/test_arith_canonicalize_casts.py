"""arith canonicalizations around casts, through `--canonicalize`, against mlir-opt-22.

- `cmpf` of `sitofp`/`uitofp` against a float constant (MLIR's `CmpFIntToFPConst`):
  every predicate, both conversions, four integer widths, four float types and
  constants at the edges (zeros of both signs, fractions, powers of two past the
  mantissa, the integer ranges' bounds, infinities, NaN). The predicates `false`
  and `true` are left out: with a converted operand, mlir-opt-22 22.1 crashes on
  them (the pattern reaches an unreachable case).
- `andi`/`ori`/`xori` of two `extsi` or two `extui` of one type (`AndOfExtUI`, ...).
- `bitcast` (and any `CastOpInterface` cast) to its own type.
"""

from __future__ import annotations

import itertools
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]

_PREDICATES = (
    "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
)  # fmt: skip
_CONSTANTS = (
    "0.0", "-0.0", "1.0", "-1.0", "0.5", "-4.4", "4.4", "127.0", "128.0", "255.0",
    "256.0", "-129.0", "65504.0", "16777217.0", "2147483648.0", "-2147483649.0",
    "4294967295.0", "1.0e10", "+inf", "-inf", "nan",
)  # fmt: skip
#: Bit patterns of the infinities and of a quiet NaN, by float type.
_SPECIAL = {
    "f16": {"+inf": "0x7C00", "-inf": "0xFC00", "nan": "0x7E00"},
    "bf16": {"+inf": "0x7F80", "-inf": "0xFF80", "nan": "0x7FC0"},
    "f32": {"+inf": "0x7F800000", "-inf": "0xFF800000", "nan": "0x7FC00000"},
    "f64": {
        "+inf": "0x7FF0000000000000",
        "-inf": "0xFFF0000000000000",
        "nan": "0x7FF8000000000000",
    },
}


def _cmpf_module(float_type: str, int_type: str) -> str:
    lines = [f"func.func @f(%i: {int_type}) -> (" + "{results}) {"]
    results: list[str] = []
    for conversion in ("sitofp", "uitofp"):
        lines.append(f"  %{conversion} = arith.{conversion} %i : {int_type} to {float_type}")
        for n, constant in enumerate(_CONSTANTS):
            value = _SPECIAL[float_type].get(constant, constant)
            lines.append(f"  %c{conversion}{n} = arith.constant {value} : {float_type}")
            for predicate in _PREDICATES:
                name = f"%r{conversion}{n}{predicate}"
                lines.append(
                    f"  {name} = arith.cmpf {predicate}, %{conversion}, "
                    f"%c{conversion}{n} : {float_type}"
                )
                results.append(name)
    lines.append(f"  return {', '.join(results)} : {', '.join(['i1'] * len(results))}")
    lines.append("}")
    return "\n".join(lines).replace("{results}", ", ".join(["i1"] * len(results))) + "\n"


_CMPF_CASES = [
    f"{f}_{i}"
    for f, i in itertools.product(("f16", "bf16", "f32", "f64"), ("i8", "i16", "i32", "i64"))
]

_BITWISE_OF_EXTENSIONS = """\
func.func @f(%a: i8, %b: i8, %c: i16, %x: i32, %y: f32, %v: vector<4xi8>, %w: vector<4xi8>)
    -> (i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, f32, i32, i64) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %b : i8 to i32
  %2 = arith.extui %a : i8 to i32
  %3 = arith.extui %b : i8 to i32
  %4 = arith.extsi %c : i16 to i32
  %5 = arith.andi %0, %1 : i32
  %6 = arith.ori %0, %1 : i32
  %7 = arith.xori %0, %1 : i32
  %8 = arith.andi %2, %3 : i32
  %9 = arith.ori %2, %3 : i32
  %10 = arith.xori %2, %3 : i32
  %11 = arith.andi %0, %4 : i32
  %12 = arith.ori %0, %2 : i32
  %13 = arith.extui %v : vector<4xi8> to vector<4xi32>
  %14 = arith.extui %w : vector<4xi8> to vector<4xi32>
  %15 = arith.xori %13, %14 : vector<4xi32>
  %16 = arith.bitcast %y : f32 to f32
  %17 = arith.bitcast %x : i32 to i32
  %18 = arith.bitcast %y : f32 to i32
  %19 = arith.bitcast %18 : i32 to f32
  %20 = arith.extsi %x : i32 to i64
  return %5, %6, %7, %8, %9, %10, %11, %12, %15, %19, %17, %20
      : i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, f32, i32, i64
}
"""


def _same_as_mlir_opt(text: str, path: Path, run_odsgen: RunOdsgen, mlir_opt: str) -> str:
    path.write_text(text, encoding="utf-8")
    oracle = subprocess.run(
        [mlir_opt, "--canonicalize", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert oracle.returncode == 0, oracle.stderr
    assert run_odsgen(["opt", "--canonicalize", str(path)]) == (0, oracle.stdout, "")
    return oracle.stdout


@pytest.mark.parametrize("case", _CMPF_CASES)
def test_cmpf_of_an_integer_conversion_as_mlir_opt(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """Each comparison becomes what mlir-opt-22 makes of it: a `cmpi`, a constant, or
    the `cmpf` it was."""
    float_type, int_type = case.split("_")
    out = _same_as_mlir_opt(
        _cmpf_module(float_type, int_type), tmp_path / "a.mlir", run_odsgen, mlir_opt
    )
    assert "arith.cmpi" in out


def test_bitwise_ops_of_extensions_and_identity_casts_as_mlir_opt(
    tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """The bitwise op moves inside the extension when both operands extend one type the
    same way; a cast to its own type is its operand."""
    out = _same_as_mlir_opt(_BITWISE_OF_EXTENSIONS, tmp_path / "a.mlir", run_odsgen, mlir_opt)
    assert "arith.andi %arg0, %arg1 : i8" in out
    assert "arith.bitcast %arg4 : f32 to f32" not in out
