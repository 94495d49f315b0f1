"""`memref` ops built in Python with the generated builders, and the layout helpers.

A function allocates a buffer with a dynamic size, takes a subview of it with the
builder that infers the result's strided layout, stores into it and loads back,
reads a dimension and casts the buffer; the module verifies and prints as
mlir-opt-22 prints the same program. The runtime's strides-and-offset helper and
the `[%a, 4, %b]` index-list syntax are checked on their own.
"""

from __future__ import annotations

import pytest

import generated
from generated.arith import ConstantOp
from generated.builtin import ModuleOp
from generated.func import FuncOp, ReturnOp
from generated.memref import (
    AllocOp,
    CastOp,
    DeallocOp,
    DimOp,
    LoadOp,
    StoreOp,
    SubViewOp,
)
from generated.vector import ExtractOp
from generator.ir import (
    DYNAMIC,
    Block,
    BoolAttr,
    DenseArrayAttr,
    DiagnosticError,
    FloatType,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StridedLayoutAttr,
    parse_source,
    parse_type,
    print_operation,
    verify,
)
from generator.ir.dialects.memref import strides_and_offset
from generator.ir.source import SourceFile

F32 = FloatType.get("f32")
INDEX = IndexType.get()

EXPECTED = """\
module {
  func.func @fill(%arg0: index, %arg1: index, %arg2: f32) {
    %alloc = memref.alloc(%arg0) : memref<16x?xf32>
    %subview = memref.subview %alloc[%arg1, 2] [4, 8] [1, 2] : memref<16x?xf32> to memref<4x8xf32, strided<[?, 2], offset: ?>>
    %c0 = arith.constant 0 : index
    memref.store %arg2, %subview[%c0, %c0] : memref<4x8xf32, strided<[?, 2], offset: ?>>
    %0 = memref.load %subview[%c0, %c0] {nontemporal = true} : memref<4x8xf32, strided<[?, 2], offset: ?>>
    %dim = memref.dim %alloc, %arg1 : memref<16x?xf32>
    %cast = memref.cast %alloc : memref<16x?xf32> to memref<*xf32>
    memref.dealloc %cast : memref<*xf32>
    return
  }
}
"""


def test_builders_make_a_verified_function() -> None:
    """The builders, with the subview builder inferring its type, make what mlir-opt prints."""
    buffer_type = MemRefType.get((16, DYNAMIC), F32)
    module = ModuleOp()
    fn = (
        module.regions[0]
        .blocks[0]
        .append(FuncOp(sym_name="fill", function_type=FunctionType.get((INDEX, INDEX, F32), ())))
    )
    body = fn.regions[0].add_block(Block((INDEX, INDEX, F32)))
    n, i, value = body.args
    alloc = body.append(AllocOp([n], memref_type=buffer_type))
    view = body.append(SubViewOp.build(alloc.memref, [i, 2], [4, 8], [1, 2]))
    assert view.result.type == parse_type("memref<4x8xf32, strided<[?, 2], offset: ?>>")
    zero = body.append(ConstantOp(value=IntegerAttr.get(INDEX, 0), result_type=INDEX))
    body.append(StoreOp(value, view.result, [zero.result, zero.result]))
    load = body.append(LoadOp(view.result, [zero.result, zero.result], nontemporal=True))
    assert load.result.type == F32
    assert load.nontemporal == BoolAttr.get_bool(True)
    body.append(DimOp(alloc.memref, i))
    cast = body.append(CastOp(alloc.memref, dest_type=parse_type("memref<*xf32>")))
    body.append(DeallocOp(cast.dest))
    body.append(ReturnOp([]))
    verify(module)
    assert print_operation(module, generic=False) == EXPECTED


def test_default_valued_optional_attribute_is_not_set() -> None:
    """`nontemporal` reads as false when unset and is never stored implicitly."""
    (memref,) = Block((MemRefType.get((), F32),)).args
    load = LoadOp(memref)
    assert load.nontemporal == BoolAttr.get_bool(False)
    assert load.nontemporal_attr is None


def test_verifier_rejects_a_wrong_subview_type() -> None:
    """A subview whose result type is not the inferred one fails with MLIR's message."""
    (source,) = Block((MemRefType.get((8, 16), F32),)).args
    i64 = IntegerType.get(64)
    op = SubViewOp(
        source,
        static_offsets=DenseArrayAttr.get(i64, (0, 0)),
        static_sizes=DenseArrayAttr.get(i64, (4, 4)),
        static_strides=DenseArrayAttr.get(i64, (1, 1)),
        result_type=MemRefType.get((4, 4), F32),
    )
    assert op.verify_invariants() == (
        "expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced "
        "version. (mismatch of result layout), but got 'memref<4x4xf32>'"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("memref<4x?x8xf32>", ((DYNAMIC, 8, 1), 0), id="identity"),
        pytest.param("memref<4x0x8xf32>", ((DYNAMIC, 8, 1), 0), id="zero-size"),
        pytest.param(
            "memref<4x8xf32, strided<[?, 2], offset: 3>>", ((DYNAMIC, 2), 3), id="strided"
        ),
        pytest.param(
            "memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>",
            ((16, 1), DYNAMIC),
            id="affine-symbol-offset",
        ),
        pytest.param(
            "memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 * 2 + 5)>>",
            ((DYNAMIC, 2), 5),
            id="affine-symbol-stride",
        ),
        pytest.param("memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>", None, id="permuted"),
        pytest.param(
            "memref<4x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>", None, id="floordiv"
        ),
    ],
)
def test_strides_and_offset(text: str, expected: tuple[tuple[int, ...], int] | None) -> None:
    """MLIR's `getStridesAndOffset`: identity, `strided<...>` and affine layouts."""
    memref_type = parse_type(text)
    assert isinstance(memref_type, MemRefType)
    assert strides_and_offset(memref_type) == expected


def test_dynamic_index_list_round_trip() -> None:
    """`[%a, 4, %b]` reads into values and a `static_*` array with the dynamic marker."""
    text = """\
func.func @f(%v: vector<4x4x4xi32>, %i: index) -> i32 {
  %0 = vector.extract %v[%i, 2, [3]] : i32 from vector<4x4x4xi32>
  return %0 : i32
}
"""
    ctx = generated.context()
    module = parse_source(SourceFile("<test>", text), ctx)
    verify(module, ctx)
    extract = next(op for op in module.walk() if isinstance(op, ExtractOp))
    assert extract.static_position.values == (DYNAMIC, 2, 3)
    assert len(extract.dynamic_position) == 1
    # The scalable brackets of an entry are read and dropped, as MLIR does for ops
    # that keep no scalable flags.
    assert "%arg1, 2, 3]" in print_operation(module, generic=False)


def test_layout_attribute_in_built_type() -> None:
    """The inferred layout is a `strided<...>` attribute with the dynamic marker."""
    layout = StridedLayoutAttr.get((DYNAMIC, 1), DYNAMIC)
    assert str(MemRefType.get((4, 4), F32, layout)) == (
        "memref<4x4xf32, strided<[?, 1], offset: ?>>"
    )
    assert generated is not None


@pytest.mark.parametrize(
    ("indices", "message"),
    [
        pytest.param(
            "[0, 0 [4, 4] [1, 1]",
            "<test>:2:30: error: expected ']' in dynamic index list",
            id="unclosed",
        ),
        pytest.param(
            "(0, 0) [4, 4] [1, 1]",
            "<test>:2:25: error: expected '[' in dynamic index list",
            id="parens",
        ),
        pytest.param(
            "[[0, 0] [4, 4] [1, 1]",
            "<test>:2:8: error: custom op 'memref.subview' expected SSA value or integer",
            id="unclosed-scalable",
        ),
        pytest.param(
            "[0, 0] [4, 4] [1, 1.0]",
            "<test>:2:43: error: custom op 'memref.subview' expected integer value",
            id="float",
        ),
    ],
)
def test_dynamic_index_list_errors(indices: str, message: str) -> None:
    """A malformed index list is reported where, and as, mlir-opt-22 first reports it."""
    text = (
        "func.func @f(%m: memref<8x16xf32>) {\n"
        f"  %0 = memref.subview %m{indices} : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>\n"
        "  return\n"
        "}\n"
    )
    with pytest.raises(DiagnosticError) as caught:
        parse_source(SourceFile("<test>", text), generated.context())
    assert str(caught.value).splitlines()[0] == message
