"""The `affine` dialect from Python: a loop nest built with the generated builders, and the
runtime's rules for valid dimension and symbol operands.

The loop nest is a matrix-vector product with a tiled inner loop (bound maps with
`max`/`min`), a condition and a reduction carried in `iter_args`; its printed form is
what mlir-opt-22 prints for the same IR, and it parses back to the same text.
"""

from __future__ import annotations

import generated
from generated.affine import (
    AffineApplyOp,
    AffineForOp,
    AffineIfOp,
    AffineLoadOp,
    AffineMinOp,
    AffineStoreOp,
    AffineYieldOp,
)
from generated.arith import AddFOp, ConstantOp, MulFOp
from generated.builtin import ModuleOp
from generated.func import FuncOp, ReturnOp
from generator.ir import (
    AffineMapAttr,
    Block,
    FloatAttr,
    FloatType,
    FunctionType,
    IndexType,
    MemRefType,
    parse_source,
    print_operation,
    verify,
)
from generator.ir.affine import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineMap,
    AffineSymbolExpr,
    IntegerSet,
)
from generator.ir.dialects.affine import is_valid_dim, is_valid_symbol
from generator.ir.source import SourceFile

F32 = FloatType.get("f32")
INDEX = IndexType.get()
MATRIX = MemRefType.get((64, 64), F32)
VECTOR = MemRefType.get((64,), F32)

EXPECTED = """\
#map = affine_map<(d0)[s0] -> (d0, s0)>
#map1 = affine_map<(d0) -> (d0 + 8, 64)>
#map2 = affine_map<(d0) -> (d0 * 2)>
#set = affine_set<(d0)[s0] : (-d0 + s0 - 1 >= 0)>
module {
  func.func @matvec(%arg0: memref<64x64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: index) {
    %cst = arith.constant 0.000000e+00 : f32
    affine.for %arg4 = 0 to 64 step 8 {
      affine.for %arg5 = max #map(%arg4)[%arg3] to min #map1(%arg4) {
        %0 = affine.for %arg6 = 0 to 64 iter_args(%arg7 = %cst) -> (f32) {
          %3 = affine.load %arg0[%arg5, %arg6] : memref<64x64xf32>
          %4 = affine.load %arg1[%arg6] : memref<64xf32>
          %5 = arith.mulf %3, %4 : f32
          %6 = arith.addf %arg7, %5 : f32
          affine.yield %6 : f32
        }
        %1 = affine.apply #map2(%arg5)
        %2 = affine.min #map1(%1)
        affine.if #set(%arg5)[%arg3] {
          affine.store %0, %arg2[%arg5] : memref<64xf32>
        }
      }
    }
    return
  }
}
"""


def build_matvec() -> ModuleOp:
    """`func.func @matvec(%A, %x, %y, %n)`: y = A x, rows from %n on, in tiles of 8."""
    module = ModuleOp()
    fn = (
        module.regions[0]
        .blocks[0]
        .append(
            FuncOp(
                sym_name="matvec",
                function_type=FunctionType.get((MATRIX, VECTOR, VECTOR, INDEX), ()),
            )
        )
    )
    entry = fn.regions[0].add_block(Block((MATRIX, VECTOR, VECTOR, INDEX)))
    matrix, vector, out, n = entry.args
    zero = entry.append(ConstantOp(value=FloatAttr.get(F32, 0), result_type=F32))

    tiles = entry.append(AffineForOp.build(0, 64, step=8))
    tile = tiles.regions[0].blocks[0]
    d0, s0 = AffineDimExpr(0), AffineSymbolExpr(0)
    rows = AffineForOp.build_1(
        [tile.args[0], n],
        AffineMap(1, 1, [d0, s0]),
        [tile.args[0]],
        AffineMap(1, 0, [d0 + 8, AffineConstantExpr(64)]),
    )
    tile.insert_before(tile.terminator, rows)  # ahead of the implicit yield
    row_body = rows.regions[0].blocks[0]
    row = row_body.args[0]

    dot = AffineForOp.build(0, 64, iter_args=[zero.results[0]])
    row_body.insert_before(row_body.terminator, dot)
    dot_body = dot.regions[0].blocks[0]
    col, acc = dot_body.args
    a = dot_body.append(AffineLoadOp.build(matrix, [row, col]))
    b = dot_body.append(AffineLoadOp.build(vector, [col]))
    prod = dot_body.append(MulFOp(a.results[0], b.results[0]))
    total = dot_body.append(AddFOp(acc, prod.results[0]))
    dot_body.append(AffineYieldOp([total.results[0]]))

    twice = AffineApplyOp([row], map=AffineMapAttr.get(AffineMap(1, 0, [d0 * 2])))
    row_body.insert_before(row_body.terminator, twice)
    bounded = AffineMinOp(
        [twice.results[0]], map=AffineMapAttr.get(AffineMap(1, 0, [d0 + 8, AffineConstantExpr(64)]))
    )
    row_body.insert_before(row_body.terminator, bounded)
    inside = AffineIfOp.build(IntegerSet(1, 1, [s0 - d0 - 1], [False]), [row, n])
    row_body.insert_before(row_body.terminator, inside)
    then = inside.regions[0].blocks[0]
    then.insert_before(then.terminator, AffineStoreOp.build(dot.results[0], out, [row]))
    entry.append(ReturnOp())
    return module


def test_a_loop_nest_builds_verifies_and_prints_as_mlir_does() -> None:
    """The builders make a loop nest that verifies and prints as mlir-opt-22 prints it."""
    module = build_matvec()
    ctx = generated.context(allow_unregistered_dialects=True)
    verify(module, ctx)
    text = print_operation(module, generic=False)
    assert text == EXPECTED
    reparsed = parse_source(SourceFile("matvec.mlir", text), ctx)
    verify(reparsed, ctx)
    assert print_operation(reparsed, generic=False) == text
    assert print_operation(reparsed, generic=True) == print_operation(module, generic=True)


def test_valid_dims_and_symbols_follow_the_affine_scope() -> None:
    """Function arguments and top-level values are symbols; induction variables are dims
    only; values made inside a loop by unknown ops are neither."""
    source = """\
func.func @f(%n: index) {
  %c = arith.constant 4 : index
  %sum = arith.addi %n, %c : index
  affine.for %i = 0 to 10 {
    %x = "test.x"() : () -> index
    %twice = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %pure = arith.addi %n, %c : index
    "test.use"(%x, %twice, %pure) : (index, index, index) -> ()
  }
  return
}
"""
    module = parse_source(
        SourceFile("scope.mlir", source), generated.context(allow_unregistered_dialects=True)
    )
    fn = next(iter(module.regions[0].blocks[0]))
    entry = fn.regions[0].blocks[0]
    n = entry.args[0]
    ops = list(entry)
    loop = ops[2]
    scope = fn.regions[0]
    iv = loop.regions[0].blocks[0].args[0]
    x, twice, pure = (op.results[0] for op in list(loop.regions[0].blocks[0])[:3])
    assert is_valid_symbol(n, scope)
    assert is_valid_dim(n, scope)
    assert is_valid_symbol(ops[0].results[0], scope)  # a constant
    assert is_valid_symbol(ops[1].results[0], scope)  # a top-level value
    assert not is_valid_symbol(iv, scope)
    assert is_valid_dim(iv, scope)
    assert not is_valid_symbol(twice, scope)
    assert is_valid_dim(twice, scope)
    assert is_valid_symbol(pure, scope)  # pure, over valid symbols
    assert not is_valid_symbol(x, scope)
    assert not is_valid_dim(x, scope)
