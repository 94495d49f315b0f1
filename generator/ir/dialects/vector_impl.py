"""The implementation module of the `vector` dialect (`opdefs/vector.td`).

The checks of MLIR's vector ops that take more than a few lines (in MLIR's order
and words), the result types some ops infer, and the hand-written syntax of
`vector.contract`, `vector.outerproduct`, `vector.transfer_read`,
`vector.transfer_write`, `vector.mask` and `vector.from_elements`. The spec names
this module as its `implementationModule`; the generated ops call these functions
through it (`vector_impl.verify_broadcast(self)`), so it exports nothing for
generated modules to import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from generator.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from generator.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
)
from generator.ir.core import Operation, Region, Value
from generator.ir.opasm import AsmParser, AsmPrinter, SourcePos, UnresolvedOperand
from generator.ir.types import (
    FloatType,
    IndexType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    ShapedType,
    Type,
    VectorType,
)

if TYPE_CHECKING:
    pass

__all__: list[str] = []

#: The combining kinds by value (MLIR's `CombiningKind`), and what each accepts.
_KIND_NAMES = (
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
    "and", "or", "xor", "minimumf", "maximumf",
)  # fmt: skip
_INT_KINDS = frozenset({2, 3, 5, 6, 8, 9, 10})
_FLOAT_KINDS = frozenset({4, 7, 11, 12})

# Operations accept these ops, duck-typed: the generated classes give them
# accessors named after their operands and attributes.
Op = Any


def _kind(op: Op) -> int:
    return int(op.kind.value)


def kind_name(value: int) -> str:
    """The keyword of a combining kind."""
    return _KIND_NAMES[value]


def is_int_or_index(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType))


def supports_kind(kind: int, element: Type) -> bool:
    """Whether `kind` combines values of type `element` (MLIR's
    `isSupportedCombiningKind`)."""
    if kind in (0, 1):
        return is_int_or_index(element) or isinstance(element, FloatType)
    if kind in _INT_KINDS:
        return is_int_or_index(element)
    return isinstance(element, FloatType)


def _element(t: Type) -> Type:
    return t.element_type if isinstance(t, ShapedType) else t


def bit_width(t: Type) -> int:
    """The size in bits of a vector element under the default data layout."""
    if isinstance(t, IntegerType):
        return int(t.width)
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, FloatType):
        return int(t.width)
    if isinstance(t, VectorType):
        return bit_width(t.element_type) * max(t.num_elements, 0)
    return 0


def _ints(attr: Attribute) -> list[int]:
    """The integers of an `ArrayAttr` of integers or of a dense array."""
    if isinstance(attr, DenseArrayAttr):
        return [int(v) for v in attr.values]
    assert isinstance(attr, ArrayAttr)
    return [int(a.value) for a in attr.value if isinstance(a, IntegerAttr)]


def _vec(shape: Sequence[int], element: Type, scalable: Sequence[bool]) -> VectorType:
    return VectorType.get(tuple(shape), element, tuple(scalable))


def _dims(t: VectorType) -> list[str]:
    return [f"[{d}]" if s else str(d) for d, s in zip(t.shape, t.scalable, strict=True)]


# -- types some ops infer ----------------------------------------------------------


def double_trailing(t: Type) -> Type:
    """`vector.interleave`'s result: the trailing dimension twice as long."""
    if not isinstance(t, VectorType):
        return t
    if t.rank == 0:
        return _vec((2,), t.element_type, (False,))
    shape = list(t.shape)
    shape[-1] *= 2
    return _vec(shape, t.element_type, t.scalable)


def halve_trailing(t: Type) -> Type:
    """`vector.deinterleave`'s results: the trailing dimension half as long."""
    if not isinstance(t, VectorType) or t.rank == 0 or t.shape[-1] // 2 <= 0:
        return t
    shape = list(t.shape)
    shape[-1] //= 2
    return _vec(shape, t.element_type, t.scalable)


def matches_elements(shaped: Type, values: Sequence[Value]) -> bool:
    """As many values as `shaped` has elements, each of its element type."""
    if not isinstance(shaped, VectorType):
        return False
    return shaped.num_elements == len(values) and all(v.type == shaped.element_type for v in values)


def infer_to_elements(operands: Sequence[Value]) -> list[Type]:
    source = operands[0].type if operands else None
    if not isinstance(source, VectorType):
        return []
    return [source.element_type] * source.num_elements


def infer_shuffle(operands: Sequence[Value], attributes: Mapping[str, Attribute]) -> list[Type]:
    v1 = operands[0].type if operands else None
    mask = attributes.get("mask")
    if not isinstance(v1, VectorType) or not isinstance(mask, DenseArrayAttr):
        return []
    shape = [len(mask.values), *v1.shape[1:]]
    return [_vec(shape, v1.element_type, (False,) * len(shape))]


# -- verifiers ---------------------------------------------------------------------


def verify_reduction(op: Op) -> str | None:
    rank = op.vector.type.rank
    if rank > 1:
        return f"unsupported reduction rank: {rank}"
    element = op.dest.type
    if not supports_kind(_kind(op), element):
        return f"unsupported reduction type ''{element}'' for kind '{kind_name(_kind(op))}'"
    return None


def verify_multi_reduction(op: Op) -> str | None:
    source: VectorType = op.source.type
    dims = set(_ints(op.reduction_dims))
    kept = [i for i in range(source.rank) if i not in dims]
    inferred: Type = source.element_type
    if kept:
        inferred = _vec(
            [source.shape[i] for i in kept], source.element_type, [source.scalable[i] for i in kept]
        )
    if op.dest.type != inferred:
        return f"destination type '{op.dest.type}' is incompatible with source type '{source}'"
    return None


def verify_scan(op: Op) -> str | None:
    source: VectorType = op.source.type
    initial: VectorType = op.initial_value.type
    rank = source.rank
    dim = int(op.reduction_dim.value)
    if dim >= rank:
        return f"reduction dimension {dim} has to be less than {rank}"
    if initial.rank != rank - 1:
        return f"initial value rank {initial.rank} has to be equal to {rank - 1}"
    expected = [d for i, d in enumerate(source.shape) if i != dim]
    if list(initial.shape) != expected:
        return "incompatible input/initial value shapes"
    element = op.dest.type.element_type
    if not supports_kind(_kind(op), element):
        return f"unsupported reduction type '{element}' for kind '{kind_name(_kind(op))}'"
    return None


def verify_broadcast(op: Op) -> str | None:
    source: Type = op.source.type
    dest: VectorType = op.vector.type
    if not isinstance(source, VectorType):
        if source == dest.element_type:
            return None
        return "source type is not a vector"
    lead = dest.rank - source.rank
    if lead < 0:
        return "source rank higher than destination rank"
    for i in range(source.rank):
        src, dst = source.shape[i], dest.shape[lead + i]
        src_s, dst_s = source.scalable[i], dest.scalable[lead + i]
        mismatch = src not in (1, dst)
        if (src == 1 and src_s and dst != 1) or (src_s != dst_s and (src != 1 or src_s)):
            mismatch = True
        if mismatch:
            lhs = f"[{src}]" if src_s else str(src)
            rhs = f"[{dst}]" if dst_s else str(dst)
            return f"dimension mismatch ({lhs} vs. {rhs})"
    return None


def verify_shuffle(op: Op) -> str | None:
    result: VectorType = op.vector.type
    v1: VectorType = op.v1.type
    v2: VectorType = op.v2.type
    zero_d = v1.rank == 0 and v2.rank == 0 and result.rank == 1
    n_d = v1.rank == result.rank and v2.rank == result.rank
    if not zero_d and not n_d:
        return "rank mismatch"
    for r in range(1, v1.rank):
        if result.shape[r] != v1.shape[r] or v1.shape[r] != v2.shape[r]:
            return "dimension mismatch"
    mask = _ints(op.mask)
    if not mask:
        return "invalid mask length"
    if len(mask) != result.shape[0]:
        return "mask length mismatch"
    size = (1 if v1.rank == 0 else v1.shape[0]) + (1 if v2.rank == 0 else v2.shape[0])
    for index, position in enumerate(mask):
        if position != -1 and not 0 <= position < size:
            return f"mask index #{index + 1} out of range"
    return None


def verify_insert(op: Op) -> str | None:
    from generator.ir.types import DYNAMIC

    source: Type = op.value_to_store.type
    dest: VectorType = op.dest.type
    if isinstance(source, VectorType) and source.rank == 0:
        from generator.ir.verify_messages import VerifyMessage

        return VerifyMessage(
            "expected a scalar instead of a 0-d vector as the source operand", prefixed=False
        )
    position = _ints(op.static_position)
    if position.count(DYNAMIC) != len(op.dynamic_position):
        return (
            "mismatch between dynamic and static positions (kDynamic marker but no "
            "corresponding dynamic position) -- this can only happen due to an "
            "incorrect fold/rewrite"
        )
    if len(position) > dest.rank:
        return "expected position attribute of rank no greater than dest vector rank"
    if isinstance(source, VectorType) and source.rank + len(position) != dest.rank:
        return "expected position attribute rank + source rank to match dest vector rank"
    if not isinstance(source, VectorType) and len(position) != dest.rank:
        return "expected position attribute rank to match the dest vector rank"
    for index, value in enumerate(position):
        if value != DYNAMIC and value != -1 and not 0 <= value < dest.shape[index]:
            return (
                f"expected position attribute #{index + 1} to be a non-negative integer "
                "smaller than the corresponding dest vector dimension"
            )
    return None


def _confined_to_shape(
    values: list[int], shape: Sequence[int], name: str, half_open: bool = True, low: int = 0
) -> str | None:
    for index, (value, dim) in enumerate(zip(values, shape, strict=False)):
        high = dim if half_open else dim + 1
        if value < low or value >= high:
            return f"expected {name} dimension {index} to be confined to [{low}, {high})"
    return None


def _confined_to_range(values: list[int], low: int, high: int, name: str) -> str | None:
    for value in values:
        if value < low or value >= high + 1:
            return f"expected {name} to be confined to [{low}, {high + 1})"
    return None


def _sum_confined(
    a: list[int], b: list[int], shape: Sequence[int], name_a: str, name_b: str, low: int = 1
) -> str | None:
    for index, (x, y, dim) in enumerate(zip(a, b, shape, strict=False)):
        high = dim + 1
        if x + y < 0 or x + y >= high:
            return (
                f"expected sum({name_a}, {name_b}) dimension {index} to be confined to "
                f"[{low}, {high})"
            )
    return None


def verify_insert_strided_slice(op: Op) -> str | None:
    source: VectorType = op.value_to_store.type
    dest: VectorType = op.dest.type
    offsets = _ints(op.offsets)
    strides = _ints(op.strides)
    if len(offsets) != dest.rank:
        return "expected offsets of same size as destination vector rank"
    if len(strides) != source.rank:
        return "expected strides of same size as source vector rank"
    if source.rank > dest.rank:
        return "expected source rank to be no greater than destination rank"
    as_dest = [0] * (dest.rank - source.rank) + list(source.shape)
    problem = (
        _confined_to_shape(offsets, dest.shape, "offsets")
        or _confined_to_range(strides, 1, 1, "strides")
        or _sum_confined(offsets, as_dest, dest.shape, "offsets", "source vector shape")
    )
    if problem:
        return problem
    diff = dest.rank - source.rank
    for i in range(source.rank):
        if source.scalable[i] != dest.scalable[i + diff]:
            return f"mismatching scalable flags (at source vector idx={i})"
        if source.scalable[i] and source.shape[i] != dest.shape[i + diff]:
            return (
                f"expected size at idx={i} to match the corresponding base size from the "
                f"input vector ({source.shape[i]} vs {dest.shape[i + diff]})"
            )
    return None


def verify_extract_strided_slice(op: Op) -> str | None:
    source: VectorType = op.source.type
    offsets, sizes, strides = _ints(op.offsets), _ints(op.sizes), _ints(op.strides)
    if len(offsets) != len(sizes) or len(offsets) != len(strides):
        return "expected offsets, sizes and strides attributes of same size"
    shape = source.shape
    for values, name in ((offsets, "offsets"), (sizes, "sizes"), (strides, "strides")):
        if len(values) > len(shape):
            return f"expected {name} attribute of rank no greater than vector rank"
    problem = (
        _confined_to_shape(offsets, shape, "offsets")
        or _confined_to_shape(sizes, shape, "sizes", half_open=False, low=1)
        or _confined_to_range(strides, 1, 1, "strides")
        or _sum_confined(offsets, sizes, shape, "offsets", "sizes")
    )
    if problem:
        return problem
    n = len(sizes)
    expected = _vec([*sizes, *shape[n:]], source.element_type, source.scalable)
    if op.result.type != expected:
        return f"expected result type to be '{expected}'"
    for i in range(n):
        if source.scalable[i] and shape[i] != sizes[i]:
            return (
                f"expected size at idx={i} to match the corresponding base size from the "
                f"input vector ({sizes[i]} vs {shape[i]})"
            )
    return None


def verify_transpose(op: Op) -> str | None:
    source: VectorType = op.vector.type
    result: VectorType = op.result.type
    rank = result.rank
    if source.rank != rank:
        return f"vector result rank mismatch: {rank}"
    perm = _ints(op.permutation)
    if len(perm) != rank:
        return f"transposition length mismatch: {len(perm)}"
    seen = [False] * rank
    for index, value in enumerate(perm):
        if not 0 <= value < rank:
            return f"transposition index out of range: {value}"
        if seen[value]:
            return f"duplicate position index: {value}"
        seen[value] = True
        if result.shape[index] != source.shape[value]:
            return f"dimension size mismatch at: {value}"
    return None


def verify_shape_cast(op: Op) -> str | None:
    source: VectorType = op.source.type
    result: VectorType = op.result.type
    if source.element_type != result.element_type:
        return "has different source and result element types"
    if source.num_elements != result.num_elements:
        return (
            f"has different number of elements at source ({source.num_elements}) and "
            f"result ({result.num_elements})"
        )
    ns, nr = sum(source.scalable), sum(result.scalable)
    if ns != nr:
        return f"has different number of scalable dims at source ({ns}) and result ({nr})"
    return None


def verify_bitcast(op: Op) -> str | None:
    source: VectorType = op.source.type
    result: VectorType = op.result.type
    for i in range(source.rank - 1):
        if source.shape[i] != result.shape[i]:
            return f"dimension size mismatch at: {i}"
    src_bits = bit_width(source.element_type)
    res_bits = bit_width(result.element_type)
    if source.rank == 0:
        if src_bits != res_bits:
            return "source/result bitwidth of the 0-D vector element types must be equal"
    elif src_bits * source.shape[-1] != res_bits * result.shape[-1]:
        return "source/result bitwidth of the minor 1-D vectors must be equal"
    return None


def _is_identity_layout(t: MemRefType) -> bool:
    layout = t.layout
    return layout is None or (isinstance(layout, AffineMapAttr) and layout.value.is_identity)


def _flat_shape(t: MemRefType) -> list[int]:
    element = t.element_type
    extra = list(element.shape) if isinstance(element, VectorType) else []
    return [*t.shape, *extra]


def _canonical_identity(t: MemRefType) -> bool:
    """Whether `t`'s layout is the identity once written canonically (a
    `strided<...>` layout of the row-major strides and offset 0 is)."""
    if _is_identity_layout(t):
        return True
    from generator.ir.dialects.memref import canonical_strides, strides_and_offset

    found = strides_and_offset(t)
    return found is not None and found == (canonical_strides(t.shape), 0)


def verify_type_cast(op: Op) -> str | None:
    source: MemRefType = op.memref.type
    result = op.result.type
    if not _canonical_identity(source):
        return "expects operand to be a memref with identity layout"
    if not isinstance(result, MemRefType) or not _is_identity_layout(result):
        return "expects result to be a memref with identity layout"
    if result.memory_space != source.memory_space:
        return "expects result in same memory space"
    if _element(_element(source)) != _element(_element(result)):
        return f"expects result and operand with same underlying scalar type: '{result}'"
    if _flat_shape(source) != _flat_shape(result):
        return f"expects concatenated result and operand shapes to be equal: '{result}'"
    return None


def verify_constant_mask(op: Op) -> str | None:
    from generator.ir.verify_messages import VerifyMessage

    result: VectorType = op.result.type
    sizes = _ints(op.mask_dim_sizes)
    if result.rank == 0:
        if len(sizes) != 1:
            return VerifyMessage("array attr must have length 1 for 0-D vectors", prefixed=False)
        if sizes[0] not in (0, 1):
            return VerifyMessage(
                "mask dim size must be either 0 or 1 for 0-D vectors", prefixed=False
            )
        return None
    if len(sizes) != result.rank:
        return "must specify array attr of size equal vector result rank"
    for index, size in enumerate(sizes):
        if size < 0 or size > result.shape[index]:
            return "array attr of size out of bounds of vector result dimension size"
        if result.scalable[index] and size not in (0, result.shape[index]):
            return "only supports 'none set' or 'all set' scalable dimensions"
    if 0 in sizes and any(sizes):
        return (
            "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim"
        )
    return None


def verify_create_mask(op: Op) -> str | None:
    result: VectorType = op.result.type
    count = len(op.operands)
    if result.rank == 0:
        if count != 1:
            return "must specify exactly one operand for 0-D create_mask"
    elif count != result.rank:
        return "must specify an operand for each result vector dimension"
    return None


def _unit_stride_last(t: MemRefType) -> bool:
    from generator.ir.dialects.memref import strides_and_offset

    if t.rank == 0:
        return True
    found = strides_and_offset(t)
    return found is not None and found[0][-1] == 1


def _layout_ok(vector: VectorType, memref: MemRefType) -> bool:
    if not any(vector.scalable) and (vector.rank == 0 or vector.num_elements == 1):
        return True
    return _unit_stride_last(memref)


def verify_load(op: Op) -> str | None:
    vector: VectorType = op.result.type
    memref: MemRefType = op.base.type
    if not _layout_ok(vector, memref):
        return "most minor memref dim must have unit stride"
    if memref.rank < vector.rank:
        return "destination memref has lower rank than the result vector"
    element = memref.element_type
    if isinstance(element, VectorType):
        if element != vector:
            return "base memref and result vector types should match"
        element = element.element_type
    if vector.element_type != element:
        return "base and result element types should match"
    if len(op.indices) != memref.rank:
        return f"requires {memref.rank} indices"
    return None


def verify_store(op: Op) -> str | None:
    vector: VectorType = op.value_to_store.type
    memref: MemRefType = op.base.type
    if not _layout_ok(vector, memref):
        return "most minor memref dim must have unit stride"
    if memref.rank < vector.rank:
        return "source memref has lower rank than the vector to store"
    element = memref.element_type
    if isinstance(element, VectorType):
        if element != vector:
            return "base memref and valueToStore vector types should match"
        element = element.element_type
    if vector.element_type != element:
        return "base and valueToStore element type should match"
    if len(op.indices) != memref.rank:
        return f"requires {memref.rank} indices"
    return None


def verify_masked_load(op: Op) -> str | None:
    result: VectorType = op.result.type
    memref: MemRefType = op.base.type
    if result.element_type != memref.element_type:
        return "base and result element type should match"
    if len(op.indices) != memref.rank:
        return f"requires {memref.rank} indices"
    if result.shape != op.mask.type.shape:
        return "expected result shape to match mask shape"
    if result != op.pass_thru.type:
        return "expected pass_thru of same type as result type"
    return None


def verify_masked_store(op: Op) -> str | None:
    value: VectorType = op.value_to_store.type
    memref: MemRefType = op.base.type
    if value.element_type != memref.element_type:
        return "base and valueToStore element type should match"
    if len(op.indices) != memref.rank:
        return f"requires {memref.rank} indices"
    if value.shape != op.mask.type.shape:
        return "expected valueToStore shape to match mask shape"
    return None


def verify_gather(op: Op) -> str | None:
    result: VectorType = op.result.type
    base = op.base.type
    if not isinstance(base, (MemRefType, RankedTensorType)):
        return "requires base to be a memref or ranked tensor type"
    if result.element_type != base.element_type:
        return "base and result element type should match"
    if len(op.offsets) != base.rank:
        return f"requires {base.rank} indices"
    if result.shape != op.indices.type.shape:
        return "expected result dim to match indices dim"
    if result.shape != op.mask.type.shape:
        return "expected result dim to match mask dim"
    if result != op.pass_thru.type:
        return "expected pass_thru of same type as result type"
    return None


def verify_scatter(op: Op) -> str | None:
    value: VectorType = op.value_to_store.type
    base = op.base.type
    if not isinstance(base, (MemRefType, RankedTensorType)):
        return "requires base to be a memref or ranked tensor type"
    if value.element_type != base.element_type:
        return "base and valueToStore element type should match"
    if len(op.offsets) != base.rank:
        return f"requires {base.rank} indices"
    if value.shape != op.indices.type.shape:
        return "expected valueToStore dim to match indices dim"
    if value.shape != op.mask.type.shape:
        return "expected valueToStore dim to match mask dim"
    return None


def verify_expand_load(op: Op) -> str | None:
    result: VectorType = op.result.type
    memref: MemRefType = op.base.type
    if result.element_type != memref.element_type:
        return "base and result element type should match"
    if len(op.indices) != memref.rank:
        return f"requires {memref.rank} indices"
    if result.shape[0] != op.mask.type.shape[0]:
        return "expected result dim to match mask dim"
    if result != op.pass_thru.type:
        return "expected pass_thru of same type as result type"
    return None


def verify_compress_store(op: Op) -> str | None:
    value: VectorType = op.value_to_store.type
    memref: MemRefType = op.base.type
    if value.element_type != memref.element_type:
        return "base and valueToStore element type should match"
    if len(op.indices) != memref.rank:
        return f"requires {memref.rank} indices"
    if value.shape[0] != op.mask.type.shape[0]:
        return "expected valueToStore dim to match mask dim"
    return None


# -- vector.from_elements ------------------------------------------------------------


def from_elements_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`%a, %b attr-dict : vector<2xf32>`: the operands take the element type."""
    uses_pos = p.current_pos()
    uses = p.parse_operand_list()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':'")
    types_pos = p.current_pos()
    dest = p.parse_type_of(VectorType, "builtin.vector")
    element = _element(dest)
    count = dest.num_elements if isinstance(dest, VectorType) else 1
    if count != len(uses):
        p.op_error(
            uses_pos,
            f"number of operands and types do not match: got {len(uses)} operands and "
            f"{count} types",
        )
    operands = p.resolve_operands(uses, [element] * count, types_pos)
    return p.create_op(cls, name_pos, operands, [dest], attributes=attrs, attr_dict_pos=attr_pos)


def from_elements_op_print(op: Op, p: AsmPrinter) -> None:
    text = " " + p.operands(list(op.elements)) if op.elements else ""
    p.write(text + p.attr_dict(op) + " : " + p.type_text(op.dest.type))


# -- vector.contract -----------------------------------------------------------------

_ITERATOR_TYPES = {"parallel": 0, "reduction": 1}


def contraction_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`{indexing_maps = ..., iterator_types = ["parallel", ...]} %lhs, %rhs, %acc
    attr-dict : lhs-type, rhs-type into acc-type`."""
    from generated.vector.attrs import IteratorTypeEnum
    from generated.vector.enums import IteratorType

    start = p.current_pos()
    traits = p.parse_attribute()
    if not isinstance(traits, DictionaryAttr):
        p.error_at(start, "invalid kind of attribute specified")
    lhs = p.parse_operand()
    p.expect(",", "expected ','")
    rhs = p.parse_operand()
    p.expect(",", "expected ','")
    acc = p.parse_operand()
    masks: list[UnresolvedOperand] = []
    while p.consume_if(","):
        masks.append(p.parse_operand())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':'")
    types = p.parse_type_list()
    p.expect_keyword("into")
    result = p.parse_type()
    if len(types) < 2:
        p.op_error(p.current_pos(), "expected ',' in type list")
    operands = [
        p.resolve_operand(lhs, types[0]),
        p.resolve_operand(rhs, types[1]),
        p.resolve_operand(acc, result),
    ]
    entries = dict(traits.entries) if isinstance(traits, DictionaryAttr) else {}
    iterators = entries.get("iterator_types")
    if not isinstance(iterators, ArrayAttr):
        p.op_error(start, 'expected "iterator_types" array attribute')
    converted: list[Attribute] = []
    for item in iterators.value:
        word = item.value if isinstance(item, StringAttr) else ""
        if word not in _ITERATOR_TYPES:
            p.op_error(start, f"unexpected iterator_type ({word})")
        converted.append(IteratorTypeEnum.get(IteratorType(_ITERATOR_TYPES[word])))
    entries["iterator_types"] = ArrayAttr.get(tuple(converted))
    if masks:
        if len(masks) != 2:
            p.op_error(name_pos, "expected zero or exactly 2 vector mask operands")
        i1 = IntegerType.get(1)
        for use, t in zip(masks, types[:2], strict=True):
            shape = t.shape if isinstance(t, VectorType) else ()
            scalable = t.scalable if isinstance(t, VectorType) else ()
            operands.append(p.resolve_operand(use, _vec(shape, i1, scalable)))
    merged = DictionaryAttr.get(tuple(sorted({**dict(attrs.entries), **entries}.items())))
    return p.create_op(cls, name_pos, operands, [result], attributes=merged, attr_dict_pos=attr_pos)


def contraction_op_print(op: Op, p: AsmPrinter) -> None:
    names = [
        StringAttr.get(_ITERATOR_NAMES[int(a.value)])
        for a in op.iterator_types.value
        if hasattr(a, "value")
    ]
    traits = [
        ("indexing_maps", op.indexing_maps),
        ("iterator_types", ArrayAttr.get(tuple(names))),
        ("kind", op.kind_attr),
    ]
    text = " " + p.attr_text(DictionaryAttr.get(tuple(traits)))
    text += f" {p.operand(op.lhs)}, {p.operand(op.rhs)}, {p.operand(op.acc)}"
    text += p.attr_dict(op, ("indexing_maps", "iterator_types", "kind"))
    text += f" : {p.type_text(op.lhs.type)}, {p.type_text(op.rhs.type)} into "
    p.write(text + p.type_text(op.result.type))


_ITERATOR_NAMES = ("parallel", "reduction")


def _maps(op: Op) -> list[AffineMap] | None:
    maps = [a.value for a in op.indexing_maps.value if isinstance(a, AffineMapAttr)]
    return maps if len(maps) == len(op.indexing_maps.value) else None


def _result_index(m: AffineMap, dim: int) -> int:
    for i, e in enumerate(m.results):
        if isinstance(e, AffineDimExpr) and e.position == dim:
            return i
    return -1


def _dim_map(maps: list[AffineMap], iterators: list[int], target: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, kind in enumerate(iterators):
        if kind != target:
            continue
        lhs, rhs = _result_index(maps[0], i), _result_index(maps[1], i)
        if lhs >= 0 and rhs >= 0:
            out.append((lhs, rhs))
    return out


def _is_projected_permutation(m: AffineMap) -> bool:
    if m.num_symbols:
        return False
    seen: set[int] = set()
    for e in m.results:
        if isinstance(e, AffineDimExpr):
            if e.position in seen:
                return False
            seen.add(e.position)
        elif not (isinstance(e, AffineConstantExpr) and e.value == 0):
            return False
    return True


def contraction_op_verify(op: Op) -> str | None:
    lhs: VectorType = op.lhs.type
    rhs: VectorType = op.rhs.type
    acc: Type = op.acc.type
    res: Type = op.result.type
    element = lhs.element_type
    if isinstance(element, IntegerType) and not element.is_signless:
        return "only supports signless integer types"
    maps = _maps(op)
    if maps is None or len(maps) != 3:
        return "expected an indexing map for each vector operand"
    iterators = [int(a.value) for a in op.iterator_types.value]
    for index, m in enumerate(maps):
        if m.num_symbols:
            return f"expected indexing map {index} to have no symbols"
        operand_type = op.operands[index].type
        rank = operand_type.rank if isinstance(operand_type, VectorType) else 0
        if m.num_dims != len(iterators):
            return f"expected indexing map {index} to have {len(iterators)} number of inputs"
        if m.num_results != rank:
            return f"expected indexing map {index} to have {rank} number of outputs"
        if not _is_projected_permutation(m):
            return f"expected indexing map {index} to be a projected permutation of its inputs"
    contracting = _dim_map(maps, iterators, 1)
    batch = _dim_map(maps, iterators, 0)
    if not contracting:
        return "expected at least one contracting dimension pair"

    def dim_map_ok(pairs: list[tuple[int, int]]) -> bool:
        return all(
            0 <= a < lhs.rank and 0 <= b < rhs.rank and lhs.shape[a] == rhs.shape[b]
            for a, b in pairs
        )

    if not dim_map_ok(contracting):
        return "invalid contracting dimension map"
    if not dim_map_ok(batch):
        return "invalid batch dimension map"
    problem = _verify_contract_output(maps, lhs, rhs, acc, res, contracting, batch)
    if problem:
        return problem
    if not supports_kind(_kind(op), _element(res)):
        return "unsupported contraction type"
    return None


def _verify_contract_output(
    maps: list[AffineMap],
    lhs: VectorType,
    rhs: VectorType,
    acc: Type,
    res: Type,
    contracting: list[tuple[int, int]],
    batch: list[tuple[int, int]],
) -> str | None:
    lhs_contracting = {a for a, _ in contracting}
    rhs_contracting = {b for _, b in contracting}
    rhs_batch = {b for _, b in batch}
    expected_dims = [lhs.shape[i] for i in range(lhs.rank) if i not in lhs_contracting]
    expected_dims += [
        rhs.shape[i] for i in range(rhs.rank) if i not in rhs_contracting and i not in rhs_batch
    ]
    if not expected_dims:
        if isinstance(res, VectorType) or isinstance(acc, VectorType):
            return "invalid accumulator/result vector shape"
        return None
    if not isinstance(res, VectorType) or not isinstance(acc, VectorType):
        return "invalid accumulator/result vector shape"
    lhs_map, rhs_map = maps[0], maps[1]
    used = {
        e.position for m in (lhs_map, rhs_map) for e in m.results if isinstance(e, AffineDimExpr)
    }
    if len(used) != lhs_map.num_dims:
        return "expected all dimensions to be either a LHS or a RHS dimension"
    extents: list[int | None] = [None] * lhs_map.num_dims
    for t, m in ((lhs, lhs_map), (rhs, rhs_map)):
        for idx in range(t.rank):
            e = m.results[idx]
            if isinstance(e, AffineDimExpr) and extents[e.position] is None:
                extents[e.position] = t.shape[idx]
    if any(x is None for x in extents):
        return "expected all dimensions to get an extent as either a LHS or a RHS dimension"
    shape: list[int] = []
    for e in maps[2].results:
        if isinstance(e, AffineDimExpr):
            value = extents[e.position]
            assert value is not None
            shape.append(value)
        elif isinstance(e, AffineConstantExpr):
            shape.append(int(e.value))
    expected = _vec(shape, res.element_type, res.scalable if res.rank == len(shape) else ())
    if res != expected or acc != expected:
        return f"invalid accumulator/result vector shape, expected: '{expected}'"
    return None


# -- vector.outerproduct -------------------------------------------------------------


def outer_product_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`%lhs, %rhs (, %acc)? attr-dict : lhs-type, rhs-type`; the result type follows."""
    uses = p.parse_operand_list()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':'")
    lhs_t = p.parse_type()
    p.expect(",", "expected ','")
    rhs_t = p.parse_type()
    if len(uses) < 2:
        p.op_error(name_pos, "expected at least 2 operands")
    if not isinstance(lhs_t, VectorType):
        p.op_error(name_pos, "expected vector type for operand #1")
    lhs_dim = lhs_t.shape[0] if lhs_t.rank else 0
    lhs_s = lhs_t.scalable[0] if lhs_t.rank else False
    if isinstance(rhs_t, VectorType):
        rhs_dim = rhs_t.shape[0] if rhs_t.rank else 0
        rhs_s = rhs_t.scalable[0] if rhs_t.rank else False
        result = _vec((lhs_dim, rhs_dim), lhs_t.element_type, (lhs_s, rhs_s))
    else:
        result = _vec((lhs_dim,), lhs_t.element_type, (lhs_s,))
    operands = [p.resolve_operand(uses[0], lhs_t), p.resolve_operand(uses[1], rhs_t)]
    if len(uses) > 2:
        operands.append(p.resolve_operand(uses[2], result))
    # Operands past the accumulator make the op fail to verify, as in MLIR.
    operands.extend(p.resolve_operand(use, result) for use in uses[3:])
    return p.create_op(cls, name_pos, operands, [result], attributes=attrs, attr_dict_pos=attr_pos)


def outer_product_op_print(op: Op, p: AsmPrinter) -> None:
    # As MLIR's printer, the attributes are printed only with an accumulator.
    text = f" {p.operand(op.lhs)}, {p.operand(op.rhs)}"
    if op.acc is not None:
        text += f", {p.operand(op.acc)}" + p.attr_dict(op)
    p.write(text + f" : {p.type_text(op.lhs.type)}, {p.type_text(op.rhs.type)}")


def outer_product_op_verify(op: Op) -> str | None:
    lhs: VectorType = op.lhs.type
    rhs: Type = op.rhs.type
    res: VectorType = op.result.type
    acc = op.acc.type if op.acc is not None else None
    if lhs.rank != 1:
        return "expected 1-d vector for operand #1"
    if isinstance(rhs, VectorType):
        if rhs.rank != 1:
            return "expected 1-d vector for operand #2"
        if res.rank != 2:
            return "expected 2-d vector result"
        if lhs.shape[0] != res.shape[0]:
            return "expected #1 operand dim to match result dim #1"
        if rhs.shape[0] != res.shape[1]:
            return "expected #2 operand dim to match result dim #2"
        if any(lhs.scalable) and not any(rhs.scalable):
            return "expected either both or only #2 operand dim to be scalable"
    else:
        if res.rank != 1:
            return "expected 1-d vector result"
        if lhs.shape[0] != res.shape[0]:
            return "expected #1 operand dim to match result dim #1"
    if acc is not None and acc != res:
        return "expected operand #3 of same type as result type"
    if not supports_kind(_kind(op), res.element_type):
        return "unsupported outerproduct type"
    return None


# -- vector.transfer_read and vector.transfer_write ----------------------------------


def _effective_rank(shaped: ShapedType, vector: VectorType) -> int:
    element = shaped.element_type
    return vector.rank - (element.rank if isinstance(element, VectorType) else 0)


def minor_identity(shaped: ShapedType, vector: VectorType) -> AffineMap:
    """The permutation map a transfer without one has."""
    if shaped.rank == 0 and vector.shape == (1,):
        return AffineMap(0, 0, [AffineConstantExpr(0)])
    n = shaped.rank
    k = _effective_rank(shaped, vector)
    return AffineMap(n, 0, [AffineDimExpr(i) for i in range(n - k, n)])


def _is_minor_identity(m: AffineMap) -> bool:
    n, k = m.num_dims, m.num_results
    if n < k or m.num_symbols:
        return False
    return all(
        isinstance(e, AffineDimExpr) and e.position == n - k + i for i, e in enumerate(m.results)
    )


def mask_type(vector: VectorType, m: AffineMap) -> VectorType:
    """The mask type a transfer of `vector` through `m` takes (MLIR's
    `inferTransferOpMaskType`): the vector's dimensions in the order of the
    memory dimensions they map, broadcast ones left out."""
    used = sorted({e.position for e in m.results if isinstance(e, AffineDimExpr)})
    shape: list[int] = []
    scalable: list[bool] = []
    for dim in used:
        index = _result_index(m, dim)
        shape.append(vector.shape[index] if index < vector.rank else 1)
        scalable.append(vector.scalable[index] if index < vector.rank else False)
    if not shape:
        shape, scalable = [1], [False]
    return _vec(shape, IntegerType.get(1), scalable)


def _parse_transfer_types(p: AsmParser, read: bool) -> tuple[SourcePos, ShapedType, VectorType]:
    types_pos = p.current_pos()
    p.expect(":", "expected ':'")
    types = p.parse_type_list()
    if len(types) != 2:
        p.op_error(types_pos, "requires two types")
    shaped_t, vector_t = (types[0], types[1]) if read else (types[1], types[0])
    if read:
        if not isinstance(shaped_t, (MemRefType, RankedTensorType)):
            p.op_error(types_pos, "requires memref or ranked tensor type")
        if not isinstance(vector_t, VectorType):
            p.op_error(types_pos, "requires vector type")
    else:
        if not isinstance(vector_t, VectorType):
            p.op_error(types_pos, "requires vector type")
        if not isinstance(shaped_t, (MemRefType, RankedTensorType)):
            p.op_error(types_pos, "requires memref or ranked tensor type")
    return types_pos, shaped_t, vector_t


#: The inherent attributes of the transfer ops and the kind each is stored as.
_TRANSFER_INHERENT: dict[str, type[Attribute]] = {
    "permutation_map": AffineMapAttr,
    "in_bounds": ArrayAttr,
    "operandSegmentSizes": DenseArrayAttr,
}


def _transfer_attrs(
    p: AsmParser,
    attrs: DictionaryAttr,
    types_pos: SourcePos,
    shaped: ShapedType,
    vector: VectorType,
) -> tuple[list[tuple[str, Attribute | None]], AffineMap, DictionaryAttr]:
    """The transfer's properties, its permutation map and its other attributes.

    As MLIR's hand-written parser, the inherent attributes of the dictionary are
    not checked here but by the verifier; one MLIR cannot store as the property
    (a permutation map that is no affine map) is left unset."""
    entries = dict(attrs.entries)
    if "operandSegmentSizes" in entries:
        # MLIR's parser adds the segment sizes to the attributes the text gave.
        p.op_error(
            p.op_name_pos(),
            "attribute 'operandSegmentSizes' occurs more than once in the attribute list",
        )
    given = entries.get("permutation_map")
    props: list[tuple[str, Attribute | None]] = []
    kept: list[tuple[str, Attribute]] = []
    for key, value in attrs.entries:
        kind = _TRANSFER_INHERENT.get(key)
        if kind is None:
            kept.append((key, value))
        elif isinstance(value, kind):
            props.append((key, value))
    if given is None:
        if shaped.rank < _effective_rank(shaped, vector):
            p.op_error(
                types_pos,
                "expected a custom permutation_map when rank(source) != rank(destination)",
            )
        perm = minor_identity(shaped, vector)
        props.append(("permutation_map", AffineMapAttr.get(perm)))
    else:
        perm = given.value if isinstance(given, AffineMapAttr) else AffineMap(0, 0, [])
    if "in_bounds" not in entries:
        falses = tuple(BoolAttr.get_bool(False) for _ in perm.results)
        props.append(("in_bounds", ArrayAttr.get(falses)))
    return props, perm, DictionaryAttr.get(tuple(kept))


def _resolve_mask(
    p: AsmParser,
    mask: UnresolvedOperand | None,
    types_pos: SourcePos,
    shaped: ShapedType,
    vector: VectorType,
    perm: AffineMap,
) -> list[Value]:
    if mask is None:
        return []
    if isinstance(shaped.element_type, VectorType):
        p.op_error(SourcePos(mask[2]), "does not support masks with vector element type")
    if vector.rank != perm.num_results:
        p.op_error(
            types_pos,
            "expected the same rank for the vector and the results of the permutation map",
        )
    return [p.resolve_operand(mask, mask_type(vector, perm))]


def _segments(*sizes: int) -> Attribute:
    return DenseArrayAttr.get(IntegerType.get(32), tuple(sizes))


def transfer_read_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`%base[%i, ...], %padding (, %mask)? attr-dict : shaped-type, vector-type`."""
    base = p.parse_operand()
    p.expect("[", "expected '['")
    indices = [] if p.next_is("]") else p.parse_operand_list()
    p.expect("]", "expected ']' in operand list")
    p.expect(",", "expected ','")
    padding = p.parse_operand()
    mask = p.parse_operand() if p.consume_if(",") else None
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    types_pos, shaped, vector = _parse_transfer_types(p, read=True)
    props, perm, attrs = _transfer_attrs(p, attrs, types_pos, shaped, vector)
    operands = [p.resolve_operand(base, shaped)]
    operands += [p.resolve_operand(use, IndexType.get()) for use in indices]
    operands.append(p.resolve_operand(padding, shaped.element_type))
    operands += _resolve_mask(p, mask, types_pos, shaped, vector, perm)
    props.append(("operandSegmentSizes", _segments(1, len(indices), 1, int(mask is not None))))
    return p.create_op(
        cls,
        name_pos,
        operands,
        [vector],
        properties=props,
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )


def _transfer_elided(op: Op) -> tuple[str, ...]:
    elided = ["operandSegmentSizes"]
    if _is_minor_identity(op.permutation_map.value):
        elided.append("permutation_map")
    if not any(bool(a.value) for a in op.in_bounds.value if isinstance(a, IntegerAttr)):
        elided.append("in_bounds")
    return tuple(elided)


def transfer_read_op_print(op: Op, p: AsmPrinter) -> None:
    text = f" {p.operand(op.base)}[{p.operands(list(op.indices))}], {p.operand(op.padding)}"
    if op.mask is not None:
        text += f", {p.operand(op.mask)}"
    text += p.attr_dict(op, _transfer_elided(op))
    p.write(text + f" : {p.type_text(op.base.type)}, {p.type_text(op.vector.type)}")


def transfer_write_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`%vector, %base[%i, ...] (, %mask)? attr-dict : vector-type, shaped-type`."""
    value = p.parse_operand()
    p.expect(",", "expected ','")
    base = p.parse_operand()
    p.expect("[", "expected '['")
    indices = [] if p.next_is("]") else p.parse_operand_list()
    p.expect("]", "expected ']' in operand list")
    mask = p.parse_operand() if p.consume_if(",") else None
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    types_pos, shaped, vector = _parse_transfer_types(p, read=False)
    props, perm, attrs = _transfer_attrs(p, attrs, types_pos, shaped, vector)
    operands = [p.resolve_operand(value, vector), p.resolve_operand(base, shaped)]
    operands += [p.resolve_operand(use, IndexType.get()) for use in indices]
    operands += _resolve_mask(p, mask, types_pos, shaped, vector, perm)
    props.append(("operandSegmentSizes", _segments(1, 1, len(indices), int(mask is not None))))
    results = [shaped] if isinstance(shaped, RankedTensorType) else []
    return p.create_op(
        cls,
        name_pos,
        operands,
        results,
        properties=props,
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )


def transfer_write_op_print(op: Op, p: AsmPrinter) -> None:
    text = f" {p.operand(op.value_to_store)}, {p.operand(op.base)}"
    text += f"[{p.operands(list(op.indices))}]"
    if op.mask is not None:
        text += f", {p.operand(op.mask)}"
    text += p.attr_dict(op, _transfer_elided(op))
    p.write(text + f" : {p.type_text(op.value_to_store.type)}, {p.type_text(op.base.type)}")


def _verify_permutation_map(m: AffineMap) -> str | None:
    seen: set[int] = set()
    projected = (
        "requires a projected permutation_map (at most one dim or the zero constant can "
        "appear in each result)"
    )
    for e in m.results:
        if isinstance(e, AffineConstantExpr):
            if e.value != 0:
                return projected
            continue
        if not isinstance(e, AffineDimExpr):
            return projected
        if e.position in seen:
            return (
                "requires a permutation_map that is a permutation (found one dim used more "
                "than once)"
            )
        seen.add(e.position)
    return None


def _verify_transfer(op: Op, shaped: Type, vector: VectorType, mask: Type | None) -> str | None:
    perm: AffineMap = op.permutation_map.value
    if op.get_attr("masked") is not None:
        return "masked attribute has been removed. Use in_bounds instead."
    if not isinstance(shaped, (MemRefType, RankedTensorType)):
        return "should be either a memref or a tensor (ranked) shaped type"
    element = shaped.element_type
    if isinstance(element, VectorType):
        source_bits = bit_width(element.element_type) * (element.shape[-1] if element.rank else 1)
        result_bits = bit_width(vector.element_type) * (vector.shape[-1] if vector.rank else 1)
        if source_bits == 0 or result_bits % source_bits != 0:
            return (
                "requires the bitwidth of the minor 1-D vector to be an integral multiple of "
                "the bitwidth of the minor 1-D vector of the source"
            )
        if element.rank > vector.rank:
            return "requires source vector element and vector result ranks to match."
        if perm.num_results != vector.rank - element.rank:
            return "requires a permutation_map with result dims of the same rank as the vector type"
        if mask is not None:
            return "does not support masks with vector element type"
    else:
        minor = 1 if vector.rank == 0 else vector.shape[-1]
        result_bits = bit_width(vector.element_type) * minor
        element_bits = bit_width(element)
        if element_bits == 0 or result_bits % element_bits != 0:
            return (
                "requires the bitwidth of the minor 1-D vector to be an integral multiple of "
                "the bitwidth of the source element type"
            )
        if perm.num_results != vector.rank:
            return "requires a permutation_map with result dims of the same rank as the vector type"
    if perm.num_symbols:
        return "requires permutation_map without symbols"
    if perm.num_inputs != shaped.rank:
        return "requires a permutation_map with input dims of the same rank as the source type"
    if mask is not None:
        inferred = mask_type(vector, perm)
        if mask != inferred:
            return f"inferred mask type ('{inferred}') and mask operand type ('{mask}') don't match"
    in_bounds = op.in_bounds.value
    if perm.num_results != len(in_bounds):
        return (
            "expects the in_bounds attr of same rank as permutation_map results: "
            f"{AffineMapAttr.get(perm)} vs inBounds of size: {len(in_bounds)}"
        )
    return None


def transfer_read_op_verify(op: Op) -> str | None:
    shaped = op.base.type
    vector: VectorType = op.vector.type
    mask = op.mask.type if op.mask is not None else None
    if not shaped.has_rank:
        return "requires source to be a memref or ranked tensor type"
    if len(op.indices) != shaped.rank:
        return f"requires {shaped.rank} indices"
    problem = _verify_transfer(op, shaped, vector, mask)
    if problem:
        return problem
    padding = op.padding.type
    element = shaped.element_type
    if isinstance(element, VectorType):
        if element != padding:
            return "requires source element type and padding type to match."
    else:
        if not isinstance(padding, (IntegerType, IndexType, FloatType)):
            return "requires valid padding vector elemental type"
        if padding != element:
            return "requires formal padding and source of the same elemental type"
    return _verify_permutation_map(op.permutation_map.value)


def transfer_write_op_verify(op: Op) -> str | None:
    shaped = op.base.type
    vector: VectorType = op.value_to_store.type
    mask = op.mask.type if op.mask is not None else None
    if not shaped.has_rank:
        return "requires source to be a memref or ranked tensor type"
    if len(op.indices) != shaped.rank:
        return f"requires {shaped.rank} indices"
    perm: AffineMap = op.permutation_map.value
    if any(isinstance(e, AffineConstantExpr) and e.value == 0 for e in perm.results):
        return "should not have broadcast dimensions"
    problem = _verify_transfer(op, shaped, vector, mask)
    if problem:
        return problem
    return _verify_permutation_map(perm)


# -- vector.mask ---------------------------------------------------------------------


def mask_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`%mask (, %passthru)? { op } attr-dict : mask-type (-> result-types)?`."""
    from generated.vector.ops import YieldOp

    mask = p.parse_operand()
    passthru = p.parse_operand() if p.consume_if(",") else None
    region = Region()
    p.parse_region(region)
    p.ensure_terminator(region, YieldOp, name_pos)
    block = region.blocks[0]
    ops = list(block.ops)
    # One masked op: the yield returns its results (MLIR's `MaskOp::ensureTerminator`).
    if len(ops) == 2 and ops[0] is not ops[1]:
        masked, old = ops
        yield_op = YieldOp(list(masked.results), loc=p.loc_at(name_pos))
        block.insert_before(old, yield_op)
        old.drop_all_references()
        old.erase()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    mask_t = p.parse_colon_type()
    results: list[Type] = p.parse_arrow_type_list() if p.next_is("->") else []
    operands = [p.resolve_operand(mask, mask_t)]
    if passthru is not None:
        if not results:
            p.op_error(name_pos, "expects a result if passthru operand is provided")
        operands.append(p.resolve_operand(passthru, results[0]))
    return p.create_op(
        cls,
        name_pos,
        operands,
        results,
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[region],
    )


def mask_op_print(op: Op, p: AsmPrinter) -> None:
    text = f" {p.operand(op.mask)}"
    if op.passthru is not None:
        text += f", {p.operand(op.passthru)}"
    p.write(text + " ")
    blocks = op.mask_region.blocks
    first = next(iter(blocks[0].ops), None) if blocks else None
    if first is not None:
        p.write("{ ")
        _print_inline(p, first)
        p.write(" }")
    text = p.attr_dict(op) + f" : {p.type_text(op.mask.type)}"
    if op.results:
        text += " -> " + p.arrow_results(list(op.result_types))
    p.write(text)


def _print_inline(p: AsmPrinter, op: Operation) -> None:
    """The op in its custom form without its results, or in the generic form."""
    out = getattr(p, "out", None)
    if op.HAS_CUSTOM_FORM and isinstance(out, list):
        mark = len(out)
        p.write(op.name)
        if op.print(p) is not False:
            return
        del out[mark:]
    p.print_generic_op(op)


#: What each maskable op expects of a mask, by op name.
def _expected_mask(op: Operation) -> Type | None:
    name = op.name
    i1 = IntegerType.get(1)
    o: Op = op
    if name in ("vector.transfer_read", "vector.transfer_write"):
        vector = o.vector.type if name == "vector.transfer_read" else o.value_to_store.type
        return mask_type(vector, o.permutation_map.value)
    if name == "vector.reduction":
        t = o.vector.type
        return _vec(t.shape, i1, t.scalable)
    if name == "vector.multi_reduction":
        t = o.source.type
        return _vec(t.shape, i1, t.scalable)
    if name == "vector.outerproduct":
        t = o.result.type
        return _vec(t.shape, i1, t.scalable)
    if name == "vector.gather":
        t = o.indices.type
        return _vec(t.shape, i1, t.scalable)
    if name == "vector.contract":
        maps = _maps(o)
        if maps is None or len(maps) < 2:
            return None
        n = maps[0].num_dims
        shape = [-(2**63)] * n
        scalable = [False] * n
        for t, m in ((o.lhs.type, maps[0]), (o.rhs.type, maps[1])):
            for idx in range(t.rank):
                e = m.results[idx]
                if isinstance(e, AffineDimExpr):
                    shape[e.position] = t.shape[idx]
                    scalable[e.position] = t.scalable[idx]
        return _vec(shape, i1, scalable)
    return None


_PASSTHRU = frozenset({"vector.transfer_read", "vector.gather"})
_MASKABLE = frozenset(
    {
        "vector.transfer_read",
        "vector.transfer_write",
        "vector.reduction",
        "vector.multi_reduction",
        "vector.outerproduct",
        "vector.gather",
        "vector.contract",
    }
)


def mask_op_verify(op: Op) -> str | None:
    blocks = op.mask_region.blocks
    ops = list(blocks[0].ops) if blocks else []
    if not ops:
        return "expects a terminator within the mask region"
    if len(ops) > 2:
        return "expects only one operation to mask"
    terminator = ops[-1]
    if terminator.name != "vector.yield":
        return "expects a terminator within the mask region"
    if terminator.num_operands != len(op.results):
        return "expects number of results to match mask region yielded values"
    if len(ops) == 1:
        return None
    masked = ops[0]
    if masked.name not in _MASKABLE:
        return "expects a MaskableOpInterface within the mask region"
    if len(masked.results) != len(op.results):
        return "expects number of results to match maskable operation number of results"
    if list(masked.results) != list(terminator.operands):
        return (
            "expects all the results from the MaskableOpInterface to match all the values "
            "returned by the terminator"
        )
    if list(masked.result_types) != list(op.result_types):
        return "expects result type to match maskable operation result type"
    if sum(isinstance(t, VectorType) for t in masked.result_types) > 1:
        return "multiple vector results not supported"
    try:
        expected = _expected_mask(masked)
    except (AttributeError, IndexError, TypeError, ValueError):
        # The masked op is verified after this check: one that breaks its own
        # checks may have no mask type to expect.
        expected = None
    if expected is not None and op.mask.type != expected:
        return f"expects a '{expected}' mask for the maskable operation"
    if op.passthru is not None:
        if masked.name not in _PASSTHRU:
            return "doesn't expect a passthru argument for this maskable operation"
        if len(masked.results) != 1:
            return "expects result when passthru argument is provided"
        if op.passthru.type != masked.result_types[0]:
            return "expects passthru type to match result type"
    return None


# -- vector.reduction ----------------------------------------------------------------


def reduction_op_parse(cls: type[Operation], p: AsmParser, name_pos: SourcePos) -> Operation:
    """`<kind>, %vector (, %acc)? (fastmath<flags>)? attr-dict : vector-type into type`."""
    from generated.arith.attrs import FastMathFlagsAttr
    from generated.vector.attrs import CombiningKindAttr

    kind = p.parse_custom_attr(CombiningKindAttr)
    p.expect(",", "expected ','")
    vector = p.parse_operand()
    acc = p.parse_operand() if p.consume_if(",") else None
    fastmath: Attribute | None = None
    if p.consume_keyword("fastmath"):
        fastmath = p.parse_custom_attr(FastMathFlagsAttr)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    vector_t = p.parse_colon_type()
    p.expect_keyword("into")
    dest = p.parse_type()
    operands = [p.resolve_operand(vector, vector_t)]
    if acc is not None:
        operands.append(p.resolve_operand(acc, dest))
    return p.create_op(
        cls,
        name_pos,
        operands,
        [dest],
        properties=[("kind", kind), ("fastmath", fastmath)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )


def reduction_op_print(op: Op, p: AsmPrinter) -> None:
    text = " " + p.stripped_attr(op.kind_attr) + f", {p.operand(op.vector)}"
    if op.acc is not None:
        text += f", {p.operand(op.acc)}"
    fastmath = op.fastmath_attr
    if fastmath is not None and int(op.fastmath) != 0:
        text += " fastmath" + p.stripped_attr(fastmath)
    text += p.attr_dict(op, ("kind", "fastmath"))
    p.write(text + f" : {p.type_text(op.vector.type)} into {p.type_text(op.dest.type)}")


def transfer_printed_attrs(op: Op) -> list[Attribute]:
    """The inherent attributes a transfer's custom form writes."""
    elided = _transfer_elided(op)
    out: list[Attribute] = []
    if "in_bounds" not in elided:
        out.append(op.in_bounds)
    if "permutation_map" not in elided:
        out.append(op.permutation_map)
    return out


def mask_yield_printed(op: Op) -> bool:
    """Whether `vector.mask`'s custom form writes its yield: when it is the only op."""
    blocks = op.mask_region.blocks
    return bool(blocks) and len(list(blocks[0].ops)) == 1


def trailing_even(t: Type) -> bool:
    """Whether the trailing dimension of vector `t` has an even size."""
    return isinstance(t, VectorType) and t.rank > 0 and t.shape[-1] % 2 == 0


def multiple_of(position: int, t: Type) -> bool:
    """Whether `position` is a multiple of the number of elements of vector `t`."""
    n = t.num_elements if isinstance(t, VectorType) else 0
    return n != 0 and position % n == 0


# -- folders -------------------------------------------------------------------------


def order_preserving(transpose: Op) -> bool:
    """Whether a transpose moves only unit dimensions (MLIR's `isOrderPreserving`):
    the elements keep their row-major order."""
    source: VectorType = transpose.vector.type
    current = 0
    for p in _ints(transpose.permutation):
        if source.shape[p] == 1 and not source.scalable[p]:
            continue
        if p < current:
            return False
        current = p
    return True


def fold_cast_chain(
    op: Op, source: Value, result: Value, cls: type[Operation]
) -> Sequence[Value] | Value | None:
    """The folds of `vector.shape_cast` and `vector.bitcast`: a cast to the source's
    own type, and a cast of a cast of the same op."""
    if source.type == result.type:
        return source
    inner = source.defining_op
    if isinstance(inner, cls):
        original: Value = inner.operands[0]
        if op.name == "vector.bitcast" and original.type == result.type:
            return original
        # The cast now starts from the inner cast's source.
        op.set_operand(0, original)
        return []
    if op.name != "vector.shape_cast" or inner is None:
        return None
    if inner.name == "vector.transpose":
        if order_preserving(inner):
            op.set_operand(0, inner.operands[0])
            return []
        return None
    if inner.name == "vector.broadcast" and inner.operands[0].type == result.type:
        return inner.operands[0]
    return None


def fold_from_elements(op: Op) -> Value | None:
    """`vector.from_elements` of all the results of a `vector.to_elements`, in order,
    is the source of the latter."""
    elements = list(op.elements)
    if not elements:
        return None
    first = elements[0].defining_op
    if first is None or first.name != "vector.to_elements":
        return None
    source: Value = first.operands[0]
    if source.type != op.dest.type:
        return None
    if elements != list(first.results):
        return None
    return source


def fold_shuffle(op: Op) -> Value | None:
    """A shuffle that picks all of `v1`, or all of `v2`, in order."""
    v1: VectorType = op.v1.type
    v2: VectorType = op.v2.type
    if v1.rank == 0:
        return None
    mask = _ints(op.mask)
    n = v1.shape[0]
    if mask == list(range(n)):
        return op.v1  # type: ignore[no-any-return]
    if mask == list(range(n, n + v2.shape[0])):
        return op.v2  # type: ignore[no-any-return]
    return None


def rank(t: Type) -> int:
    """The rank of a shaped type; 0 for any other."""
    return t.rank if isinstance(t, ShapedType) and t.has_rank else 0
