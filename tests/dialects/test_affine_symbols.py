"""Which values the affine ops accept as symbols and dimensions, against mlir-opt-22.

MLIR's rules look through a `memref.dim` (or `tensor.dim`) at a constant index to the
op that made the memref: a size that is static, or a dynamic size that is itself a
valid symbol, makes the dim a valid symbol, through `memref.cast`s, for the results
of `memref.alloc` and `memref.subview` (whose `sizes` operands are those sizes). Each
case binds such a value as a loop bound (a symbol) inside a loop, or as a dimension
of an `affine.apply`, and odsgen must print what mlir-opt-22 prints, or report its
error.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

RunOdsgen = Callable[[list[str]], tuple[int, str, str]]

_HEAD = """\
func.func @f(%n: index, %t: tensor<?x4xf32>, %m0: memref<?x?xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %top = memref.alloc(%n) : memref<?xf32>
"""
_TAIL = "  return\n}\n"
_SV1 = "memref<?xf32, strided<[1], offset: ?>>"
_SV2 = "memref<?x?xf32, strided<[?, 1], offset: ?>>"


def _bound(body: str, memref: str, index: str, type_: str) -> str:
    """`body` inside a loop, then `memref.dim memref, index` as an inner loop's bound."""
    return (
        _HEAD
        + "  affine.for %i = 0 to 10 {\n"
        + body
        + f"    %d = memref.dim {memref}, {index} : {type_}\n"
        + "    affine.for %j = 0 to %d {\n    }\n  }\n"
        + _TAIL
    )


CASES: dict[str, str] = {
    "subview_of_top_level_alloc": _bound(
        f"    %sv = memref.subview %top[%i] [%n] [1] : memref<?xf32> to {_SV1}\n",
        "%sv",
        "%c0",
        _SV1,
    ),
    "subview_size_is_an_induction_variable": _bound(
        "    %sv = memref.subview %top[0] [%i] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>\n",
        "%sv",
        "%c0",
        "memref<?xf32, strided<[1]>>",
    ),
    "subview_static_size": _bound(
        "    %sv = memref.subview %top[%i] [4] [1] : memref<?xf32> to "
        "memref<4xf32, strided<[1], offset: ?>>\n",
        "%sv",
        "%c0",
        "memref<4xf32, strided<[1], offset: ?>>",
    ),
    "subview_second_size_symbol": _bound(
        "    %sv = memref.subview %m0[%i, 0] [4, %n] [1, 1] : memref<?x?xf32> to "
        "memref<4x?xf32, strided<[?, 1], offset: ?>>\n",
        "%sv",
        "%c1",
        "memref<4x?xf32, strided<[?, 1], offset: ?>>",
    ),
    "subview_second_size_induction_variable": _bound(
        f"    %sv = memref.subview %m0[%i, 0] [%n, %i] [1, 1] : memref<?x?xf32> to {_SV2}\n",
        "%sv",
        "%c1",
        _SV2,
    ),
    "subview_rank_reduced": _bound(
        f"    %sv = memref.subview %m0[%i, 0] [1, %n] [1, 1] : memref<?x?xf32> to {_SV1}\n",
        "%sv",
        "%c0",
        _SV1,
    ),
    "subview_of_subview": _bound(
        f"    %s1 = memref.subview %top[%i] [%n] [1] : memref<?xf32> to {_SV1}\n"
        f"    %sv = memref.subview %s1[0] [%n] [1] : {_SV1} to {_SV1}\n",
        "%sv",
        "%c0",
        _SV1,
    ),
    "alloc_in_the_loop_symbol_size": _bound(
        "    %a = memref.alloc(%n) : memref<?xf32>\n", "%a", "%c0", "memref<?xf32>"
    ),
    "alloc_in_the_loop_induction_variable_size": _bound(
        "    %a = memref.alloc(%i) : memref<?xf32>\n", "%a", "%c0", "memref<?xf32>"
    ),
    "alloca_in_the_loop": _bound(
        "    %a = memref.alloca(%n) : memref<?xf32>\n", "%a", "%c0", "memref<?xf32>"
    ),
    "dim_of_an_argument": _bound("", "%m0", "%c1", "memref<?x?xf32>"),
    "dim_at_an_index_that_is_not_constant": _bound(
        "    %a = memref.alloc(%n) : memref<?xf32>\n", "%a", "%k", "memref<?xf32>"
    ),
    "dim_past_the_rank": _bound(
        "    %a = memref.alloc(%n) : memref<?xf32>\n", "%a", "%c1", "memref<?xf32>"
    ),
    "through_a_cast": _bound(
        "    %a = memref.alloc(%n) : memref<?xf32>\n"
        "    %b = memref.cast %a : memref<?xf32> to memref<?xf32>\n",
        "%b",
        "%c0",
        "memref<?xf32>",
    ),
    "through_an_unranked_cast": _bound(
        "    %a = memref.alloc(%n) : memref<?xf32>\n"
        "    %u = memref.cast %a : memref<?xf32> to memref<*xf32>\n"
        "    %b = memref.cast %u : memref<*xf32> to memref<?xf32>\n",
        "%b",
        "%c0",
        "memref<?xf32>",
    ),
    "tensor_dim_of_an_argument": (
        _HEAD + "  affine.for %i = 0 to 10 {\n    %d = tensor.dim %t, %c0 : tensor<?x4xf32>\n"
        "    affine.for %j = 0 to %d {\n    }\n  }\n" + _TAIL
    ),
    "subview_dim_as_a_dimension": (
        _HEAD + "  affine.for %i = 0 to 10 {\n"
        f"    %sv = memref.subview %top[%i] [%i] [1] : memref<?xf32> to {_SV1}\n"
        f"    %d = memref.dim %sv, %c0 : {_SV1}\n"
        "    %x = affine.apply affine_map<(d0) -> (d0 + 1)>(%d)\n  }\n" + _TAIL
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_symbol_rules_as_mlir_opt(
    case: str, tmp_path: Path, run_odsgen: RunOdsgen, mlir_opt: str
) -> None:
    """The same output, or the same diagnostics, as mlir-opt-22."""
    source = tmp_path / f"{case}.mlir"
    source.write_text(CASES[case], encoding="utf-8")
    oracle = subprocess.run(
        [mlir_opt, str(source)], capture_output=True, text=True, timeout=60, check=False
    )
    assert run_odsgen(["opt", str(source)]) == (oracle.returncode, oracle.stdout, oracle.stderr)


def test_the_cases_cover_both_answers(tmp_path: Path, run_odsgen: RunOdsgen) -> None:
    """Some cases are accepted and some refused (so neither answer passes them all)."""
    codes = set()
    for case, text in CASES.items():
        source = tmp_path / f"{case}.mlir"
        source.write_text(text, encoding="utf-8")
        codes.add(run_odsgen(["opt", str(source)])[0])
    assert codes == {0, 1}
