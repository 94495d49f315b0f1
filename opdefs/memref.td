// The memref dialect: allocating, accessing, viewing and reshaping buffers.
// Same op names, operands, attributes, results, traits, syntax and verifier
// messages as MLIR 22's `memref` dialect, for the ops defined here.

include "OpBase.td"
include "arith.td"

def MemRef_Dialect : Dialect {
  let name = "memref";
  let summary = "Buffers: allocation, element access, views and reshapes";
  let description = [{
    The memref dialect works on values of memref type, references to buffers
    with a shape, an element type, a layout (how indices map to memory) and a
    memory space. Its ops allocate and free buffers, load and store elements,
    query dimensions, cast between compatible memref types, take strided views
    of part of a buffer, regroup dimensions without copying, copy buffers, and
    start and wait for asynchronous DMA transfers.
  }];
  let dependentDialects = ["arith"];
  let hasConstantMaterializer = 1;
  // The constant materializer (`arith.constant`s, as MLIR's memref dialect makes
  // them), and the checks several ops share: allocations, casts, subviews and
  // reshapes.
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """An `arith.constant` of a folded value."""
        from generated.arith.ops import materialize_constant as arith_constant

        return arith_constant(rewriter, value, type_, loc)


    def fold_dim(source: Value, index: Value) -> Attribute | None:
        """The size of dimension `index` of `source` when both are known statically
        (MLIR's `DimOp::fold` of a static dimension)."""
        attr = constant_value(index)
        source_type = source.type
        if not isinstance(attr, IntegerAttr) or not isinstance(source_type, ShapedType):
            return None
        if not source_type.has_rank or not 0 <= attr.value < source_type.rank:
            return None
        size = source_type.shape[attr.value]
        if size != DYNAMIC:
            return IntegerAttr.get(IndexType.get(), size)
        return None


    def fold_dim_of_allocation(source: Value, index: Value) -> Value | None:
        """The size operand a dynamic dimension of an `alloc`, `alloca` or `view` was
        given, at a constant index (MLIR's `DimOp::fold`)."""
        attr = constant_value(index)
        source_type = source.type
        owner = source.defining_op
        if not isinstance(attr, IntegerAttr) or not isinstance(source_type, MemRefType):
            return None
        if not 0 <= attr.value < source_type.rank or source_type.shape[attr.value] != DYNAMIC:
            return None
        position = source_type.shape[: attr.value].count(DYNAMIC)
        sizes: Sequence[Value] = ()
        if isinstance(owner, (AllocOp, AllocaOp)):
            sizes = owner.dynamic_sizes
        elif isinstance(owner, ViewOp):
            sizes = owner.sizes
        return sizes[position] if position < len(sizes) else None


    def verify_alloc_like(
        memref_type: Type, dynamic_sizes: Sequence[Value], symbol_operands: Sequence[Value]
    ) -> str | None:
        """An allocation gives one size per `?` dimension, and one operand per symbol
        of the layout map."""
        if not isinstance(memref_type, MemRefType):
            return "result must be a memref"
        expected = memref_type.shape.count(DYNAMIC)
        if len(dynamic_sizes) != expected:
            return (
                f"incorrect number of dynamic sizes, has {len(dynamic_sizes)}, "
                f"expected {expected}"
            )
        symbols = layout_symbol_count(memref_type)
        if len(symbol_operands) != symbols:
            return (
                "symbol operand count does not equal memref symbol count: "
                f"expected {symbols}, got {len(symbol_operands)}"
            )
        return None


    def cast_compatible(source: Type, dest: Type) -> bool:
        """Whether `memref.cast` may convert `source` to `dest` (MLIR's
        `CastOp::areCastCompatible`): the same element type and memory space, and for
        two ranked memrefs the same rank, with sizes, strides and offset equal where
        both are static. Unranked to unranked is not a cast."""
        if isinstance(source, MemRefType) and isinstance(dest, MemRefType):
            if source.element_type != dest.element_type:
                return False
            if source.layout != dest.layout:
                a = strides_and_offset(source)
                b = strides_and_offset(dest)
                if a is None or b is None or len(a[0]) != len(b[0]):
                    return False
                pairs = [(a[1], b[1]), *zip(a[0], b[0], strict=True)]
                if any(x != y and DYNAMIC not in (x, y) for x, y in pairs):
                    return False
            if source.memory_space != dest.memory_space or source.rank != dest.rank:
                return False
            return all(
                x == y or DYNAMIC in (x, y) for x, y in zip(source.shape, dest.shape, strict=True)
            )
        ranked = (MemRefType, UnrankedMemRefType)
        if not isinstance(source, ranked) or not isinstance(dest, ranked):
            return False
        if isinstance(source, UnrankedMemRefType) and isinstance(dest, UnrankedMemRefType):
            return False
        return (
            source.element_type == dest.element_type
            and source.memory_space == dest.memory_space
        )


    def memref_rank_reduction_mask(
        original: MemRefType, reduced: MemRefType, sizes: Sequence[int]
    ) -> list[bool] | None:
        """The dimensions a rank-reducing subview drops, told apart by their strides
        when several sizes are 1 (MLIR's `computeMemRefRankReductionMask`)."""
        unused = [False] * original.rank
        if original.rank == reduced.rank:
            return unused
        for index, size in enumerate(sizes):
            if size == 1:
                unused[index] = True
        if unused.count(True) + reduced.rank == original.rank:
            return unused
        a = strides_and_offset(original)
        b = strides_and_offset(reduced)
        if a is None or b is None:
            return None
        unaccounted = {s: list(a[0]).count(s) for s in a[0]}
        candidate = {s: list(b[0]).count(s) for s in b[0]}
        for index, dropped in enumerate(unused):
            if not dropped:
                continue
            stride = a[0][index]
            have, want = unaccounted.get(stride, 0), candidate.get(stride, 0)
            if have > want:
                unaccounted[stride] = have - 1
            elif have == want:
                unused[index] = False
            else:
                return None
        if unused.count(True) + reduced.rank != original.rank:
            return None
        return unused


    def infer_subview_type(
        source: MemRefType, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
    ) -> MemRefType | None:
        """The type of a subview without rank reduction (MLIR's
        `SubViewOp::inferResultType`): the sizes as shape, and a strided layout whose
        offset and strides follow from the source's; None for a non-strided source."""
        layout = strides_and_offset(source)
        if layout is None:
            return None
        source_strides, offset = layout
        for index, stride in zip(offsets, source_strides, strict=False):
            offset = saturated_add(offset, saturated_mul(index, stride))
        result_strides = tuple(
            saturated_mul(a, b) for a, b in zip(source_strides, strides, strict=False)
        )
        return MemRefType.get(
            tuple(sizes),
            source.element_type,
            StridedLayoutAttr.get(result_strides, offset),
            source.memory_space,
        )


    def verify_collapsed_shape(
        collapsed: Sequence[int], expanded: Sequence[int], groups: Sequence[Sequence[int]]
    ) -> str | None:
        """Each collapsed dimension is one group of consecutive expanded dimensions,
        dynamic exactly when the group is, and with the group's size when static."""
        if len(collapsed) != len(groups):
            return (
                f"invalid number of reassociation groups: found {len(groups)}, "
                f"expected {len(collapsed)}"
            )
        next_dim = 0
        for collapsed_dim, group in enumerate(groups):
            dynamic = False
            for expanded_dim in group:
                if expanded_dim != next_dim:
                    return "reassociation indices must be contiguous"
                next_dim += 1
                if expanded_dim >= len(expanded):
                    return f"reassociation index {expanded_dim} is out of bounds"
                dynamic = dynamic or expanded[expanded_dim] == DYNAMIC
            if (collapsed[collapsed_dim] == DYNAMIC) != dynamic:
                return (
                    f"collapsed dim ({collapsed_dim}) must be dynamic if and only if "
                    "reassociation group is dynamic"
                )
            if not dynamic:
                size = 1
                for expanded_dim in group:
                    size *= expanded[expanded_dim]
                if size != collapsed[collapsed_dim]:
                    return (
                        f"collapsed dim size ({collapsed[collapsed_dim]}) must equal "
                        f"reassociation group size ({size})"
                    )
        if not collapsed:
            if any(d != 1 for d in expanded):
                return "rank 0 memrefs can only be extended/collapsed with/from ones"
        elif next_dim != len(expanded):
            return (
                f"expanded rank ({len(expanded)}) inconsistent with number of "
                f"reassociation indices ({next_dim})"
            )
        return None


    def expanded_type(
        source: MemRefType, shape: tuple[int, ...], groups: Sequence[Sequence[int]]
    ) -> MemRefType | None:
        """The type `memref.expand_shape` gives `source` expanded to `shape`: contiguous
        if the source is, else strides split within each group (MLIR's
        `ExpandShapeOp::computeExpandedType`, where a layout whose map is the identity,
        such as `strided<[1]>`, counts as none); None for a non-strided source."""
        if has_identity_layout(source):
            return MemRefType.get(shape, source.element_type, None, source.memory_space)
        layout = strides_and_offset(source)
        if layout is None:
            return None
        source_strides, offset = layout
        reversed_strides: list[int] = []
        shape_index = len(shape) - 1
        for group, stride in reversed(list(zip(groups, source_strides, strict=False))):
            for _ in group:
                reversed_strides.append(stride)
                stride = saturated_mul(stride, shape[shape_index])
                shape_index -= 1
        strides = list(reversed(reversed_strides))
        strides += [1] * (len(shape) - len(strides))
        return MemRefType.get(
            shape,
            source.element_type,
            StridedLayoutAttr.get(tuple(strides[: len(shape)]), offset),
            source.memory_space,
        )


    def collapsed_layout(
        source: MemRefType, groups: Sequence[Sequence[int]]
    ) -> StridedLayoutAttr | None:
        """The layout `memref.collapse_shape` gives a strided source: each group takes
        the stride of its last dimension not of size 1 (dynamic when that dimension
        is), and the groups must be contiguous where that can be seen statically
        (MLIR's `computeCollapsedLayoutMap`); None otherwise."""
        layout = strides_and_offset(source)
        if layout is None:
            return None
        source_strides, offset = layout
        shape = source.shape
        result_strides: list[int] = []
        for group in groups:
            ref = list(group)
            while len(ref) > 1 and shape[ref[-1]] == 1:
                ref.pop()
            if shape[ref[-1]] != DYNAMIC or len(ref) == 1:
                result_strides.append(source_strides[ref[-1]])
            else:
                result_strides.append(DYNAMIC)
        for index, group in reversed(list(enumerate(groups))):
            stride = result_strides[index]
            for dim in reversed(group[1:]):
                stride = saturated_mul(stride, shape[dim])
                if shape[dim - 1] == 1:
                    continue
                before = source_strides[dim - 1]
                if DYNAMIC not in (stride, before) and stride != before:
                    return None
        return StridedLayoutAttr.get(tuple(result_strides), offset)
  }];
}

class MemRef_Op<string mnemonic, list<Trait> traits = []>
    : Op<MemRef_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

// MLIR's `IntValidAlignment<I64Attr>`: a positive power of two.
def MemRef_AlignmentAttr : PredAttr<
    CPred<"isinstance($_self, IntegerAttr) and $_self.type == IntegerType.get(64) "
          "and $_self.value > 0 and $_self.value & ($_self.value - 1) == 0">,
    "64-bit signless integer attribute whose value is positive and "
    "whose value is a power of two > 0">;
// MLIR's `IndexListArrayAttr`.
def MemRef_IndexListArrayAttr
    : TypedArrayAttrBase<I64ArrayAttr, "Array of 64-bit integer array attributes">;

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

class MemRef_AllocLikeOp<string mnemonic, list<Trait> traits = []>
    : MemRef_Op<mnemonic, !listconcat([AttrSizedOperandSegments, OnlyAllocatesResults], traits)> {
  let arguments = (ins Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       OptionalAttr<MemRef_AlignmentAttr>:$alignment);
  let results = (outs AnyMemRef:$memref);
  let assemblyFormat = [{
    `(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
}

def MemRef_AllocOp : MemRef_AllocLikeOp<"alloc"> {
  let summary = "Allocate a buffer";
  let description = [{
    Allocates a buffer of the result's memref type. `dynamicSizes` gives the
    size of each `?` dimension, in order; `symbolOperands`, in square
    brackets, bind the symbols of the layout map. `alignment`, when present,
    is the byte boundary the buffer is aligned to. The buffer lives until a
    `memref.dealloc` frees it.

    Example:

    ```mlir
    %a = memref.alloc(%n) : memref<8x?xf32>
    %b = memref.alloc()[%s] {alignment = 64} : memref<8x64xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>, 1>
    ```
  }];
  let asmResultNames = [{
    return ((0, "alloc"),)
  }];
  let verifier = [{
    return verify_alloc_like(self.memref.type, self.dynamic_sizes, self.symbol_operands)
  }];
}

def MemRef_AllocaOp : MemRef_AllocLikeOp<"alloca"> {
  let summary = "Allocate a buffer on the stack";
  let description = [{
    Like `memref.alloc`, but the buffer is freed automatically when control
    leaves the region of the closest enclosing op with an automatic allocation
    scope (a function, for example), which must exist.

    Example:

    ```mlir
    %a = memref.alloca(%n) : memref<8x?xf32>
    ```
  }];
  let asmResultNames = [{
    return ((0, "alloca"),)
  }];
  let verifier = [{
    scope = self.parent_op
    while scope is not None and not scope.has_trait(AutomaticAllocationScope):
        scope = scope.parent_op
    if scope is None:
        return "requires an ancestor op with AutomaticAllocationScope trait"
    return verify_alloc_like(self.memref.type, self.dynamic_sizes, self.symbol_operands)
  }];
}

def MemRef_DeallocOp : MemRef_Op<"dealloc", [MemRefsNormalizable]> {
  let summary = "Free a buffer";
  let description = [{
    Frees the buffer that `memref.alloc` made for `memref`. It must not be
    called on a view of that buffer.

    Example:

    ```mlir
    memref.dealloc %a : memref<8x?xf32>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$memref);
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

def MemRef_LoadOp : MemRef_Op<"load", [
    TypesMatchWith<"result type matches element type of 'memref'",
                   "memref", "result", "element_type_or_self($_self)">,
    MemRefsNormalizable]> {
  let summary = "Read one element of a buffer";
  let description = [{
    Reads the element of `memref` at `indices`, one index per dimension.
    `nontemporal` hints that the value will not be reused soon, and
    `alignment` promises that the address is aligned to that many bytes.

    Example:

    ```mlir
    %v = memref.load %a[%i, %j] : memref<8x?xf32>
    %w = memref.load %a[%i, %j] {nontemporal = true} : memref<8x?xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       OptionalAttr<MemRef_AlignmentAttr>:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$memref `[` $indices `]` attr-dict `:` type($memref)";
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    if len(self.indices) != memref_type.rank:
        return (
            f"incorrect number of indices for load, expected {memref_type.rank} "
            f"but got {len(self.indices)}"
        )
    return None
  }];
}

def MemRef_StoreOp : MemRef_Op<"store", [
    TypesMatchWith<"type of 'value' matches element type of 'memref'",
                   "memref", "value", "element_type_or_self($_self)">,
    MemRefsNormalizable]> {
  let summary = "Write one element of a buffer";
  let description = [{
    Writes `value` to the element of `memref` at `indices`, one index per
    dimension. `nontemporal` and `alignment` are hints as for `memref.load`.

    Example:

    ```mlir
    memref.store %v, %a[%i, %j] : memref<8x?xf32>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       AnyMemRef:$memref,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       OptionalAttr<MemRef_AlignmentAttr>:$alignment);
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    if len(self.operands) != 2 + memref_type.rank:
        return "store index operand count not equal to memref rank"
    return None
  }];
}

def MemRef_DimOp : MemRef_Op<"dim", [
    ConditionallySpeculatable, MemRefsNormalizable, NoMemoryEffect, ShapedDimOpInterface]> {
  let summary = "The size of one dimension of a buffer";
  let description = [{
    Returns the size of dimension `index` of `source`. The result is
    undefined when `index` is out of range.

    Example:

    ```mlir
    %n = memref.dim %a, %c1 : memref<8x?xf32>
    ```
  }];
  let arguments = (ins AnyNon0RankedOrUnrankedMemRef:$source, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $source `,` $index `:` type($source)";
  let hasFolder = 1;
  let fold = [{
    return fold_dim(self.source, self.index) or fold_dim_of_allocation(self.source, self.index)
  }];
  let asmResultNames = [{
    return ((0, "dim"),)
  }];
}

//===----------------------------------------------------------------------===//
// Casts and views
//===----------------------------------------------------------------------===//

// MLIR's `memref.cast` also has `SameOperandsAndResultShape`, verified after its
// cast check; the cast check rejects every shape mismatch first, so the trait is
// left out here to keep MLIR's message.
def MemRef_CastOp : MemRef_Op<"cast", [
    CastOpInterface, MemRefsNormalizable, Pure]> {
  let summary = "Convert a memref to a compatible memref type";
  let description = [{
    Converts `source` to another memref type with the same element type and
    memory space. Between ranked types the rank stays the same, and each size,
    stride and offset may go from static to dynamic or back (asserting at run
    time that the value is the static one). A ranked memref may also become
    unranked or come from an unranked one.

    Example:

    ```mlir
    %b = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
    %c = memref.cast %a : memref<4x?xf32> to memref<*xf32>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs AnyRankedOrUnrankedMemRef:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
  let asmResultNames = [{
    return ((0, "cast"),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    source, dest = self.source.type, self.dest.type
    if not cast_compatible(source, dest):
        return f"operand type '{source}' and result type '{dest}' are cast incompatible"
    return None
  }];
  // A cast to the type it has is its operand.
  let hasFolder = 1;
  let fold = [{
    return self.source if self.source.type == self.dest.type else None
  }];
}

def MemRef_SubViewOp : MemRef_Op<"subview", [AttrSizedOperandSegments, Pure]> {
  let summary = "A strided view of part of a buffer";
  let description = [{
    A view of the part of `source` that starts at `offsets`, has `sizes`
    elements and steps by `strides` along each dimension. Each list holds one
    entry per source dimension, a constant or an SSA value. The result type
    follows: the sizes as shape and a `strided<...>` layout computed from the
    source's strides and offset. Dimensions of size 1 may be dropped from the
    result (a rank-reducing subview).

    Example:

    ```mlir
    %v = memref.subview %a[%i, 0] [4, %n] [1, 1]
        : memref<16x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
    ```
  }];
  let arguments = (ins AnyMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let asmResultNames = [{
    return ((0, "subview"),)
  }];
  // Offsets, sizes and strides given as constants or SSA values, and the result
  // type inferred (without rank reduction).
  let builders = [
    OpBuilder<(ins "Value":$source, "Sequence[int | Value]":$offsets,
                   "Sequence[int | Value]":$sizes, "Sequence[int | Value]":$strides), [{
      i64 = IntegerType.get(64)

      def split(mixed: Sequence[int | Value]) -> tuple[list[Value], DenseArrayAttr]:
          values = [v for v in mixed if isinstance(v, Value)]
          static = tuple(DYNAMIC if isinstance(v, Value) else v for v in mixed)
          return values, DenseArrayAttr.get(i64, static)

      source_type = source.type
      if not isinstance(source_type, MemRefType):
          raise TypeError(f"memref.subview of a value of type '{source_type}'")
      dynamic_offsets, static_offsets = split(offsets)
      dynamic_sizes, static_sizes = split(sizes)
      dynamic_strides, static_strides = split(strides)
      result_type = infer_subview_type(
          source_type, static_offsets.values, static_sizes.values, static_strides.values
      )
      if result_type is None:
          raise TypeError(f"memref.subview of '{source_type}', which is not strided")
      return cls(
          source,
          dynamic_offsets,
          dynamic_sizes,
          dynamic_strides,
          static_offsets=static_offsets,
          static_sizes=static_sizes,
          static_strides=static_strides,
          result_type=result_type,
      )
    }]>
  ];
  let hasVerifier = 1;
  let verifier = [{
    base, view = self.source.type, self.result.type
    assert isinstance(base, MemRefType)
    assert isinstance(view, MemRefType)
    offsets = self.static_offsets.values
    sizes = self.static_sizes.values
    strides = self.static_strides.values
    problem = verify_index_lists(
        base.rank,
        (
            ("offset", offsets, self.offsets),
            ("size", sizes, self.sizes),
            ("stride", strides, self.strides),
        ),
    )
    if problem is not None:
        return problem
    if base.memory_space != view.memory_space:
        return VerifyMessage(
            f"different memory spaces specified for base memref type '{base}' and "
            f"subview memref type '{view}'",
            prefixed=False,
        )
    expected = infer_subview_type(base, offsets, sizes, strides)
    if expected is None:
        return VerifyMessage(f"base type '{base}' is not strided", prefixed=False)
    layout_mismatch = VerifyMessage(
        f"expected result type to be '{expected}' or a rank-reduced version. "
        f"(mismatch of result layout), but got '{view}'",
        prefixed=False,
    )
    if expected != view:
        if view.rank > expected.rank:
            return VerifyMessage(
                "expected result rank to be smaller or equal to the source rank, "
                f"but got '{view}'",
                prefixed=False,
            )
        if rank_reduction_mask(expected.shape, view.shape) is None:
            return VerifyMessage(
                f"expected result type to be '{expected}' or a rank-reduced version. "
                f"(mismatch of result sizes), but got '{view}'",
                prefixed=False,
            )
        if expected.element_type != view.element_type:
            return VerifyMessage(
                f"expected result element type to be '{expected.element_type}', "
                f"but got '{view}'",
                prefixed=False,
            )
    expected_layout = strides_and_offset(expected)
    view_layout = strides_and_offset(view)
    if expected_layout is None or view_layout is None or expected_layout[1] != view_layout[1]:
        return layout_mismatch
    dropped = memref_rank_reduction_mask(expected, view, sizes)
    if dropped is None:
        return layout_mismatch
    kept = [s for s, drop in zip(expected_layout[0], dropped, strict=True) if not drop]
    if kept != list(view_layout[0]):
        return layout_mismatch
    for dim, extent in enumerate(base.shape):
        if extent == DYNAMIC or offsets[dim] == DYNAMIC:
            continue
        if offsets[dim] >= extent:
            return VerifyMessage(
                f"offset {dim} is out-of-bounds: {offsets[dim]} >= {extent}", prefixed=False
            )
        if DYNAMIC in (sizes[dim], strides[dim]):
            continue
        last = offsets[dim] + (sizes[dim] - 1) * strides[dim]
        if last >= extent:
            return VerifyMessage(
                f"slice along dimension {dim} runs out-of-bounds: {last} >= {extent}",
                prefixed=False,
            )
    return None
  }];
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

def MemRef_ExpandShapeOp : MemRef_Op<"expand_shape", [Pure]> {
  let summary = "A view with some dimensions split into several";
  let description = [{
    A view of `src` in which each dimension is split into the consecutive
    result dimensions of its `reassociation` group. `output_shape` gives the
    result's sizes, constants or SSA values (one per `?` dimension). No data
    is copied; a strided source gives a strided result.

    Example:

    ```mlir
    %r = memref.expand_shape %a [[0], [1, 2]] output_shape [16, 4, %n]
        : memref<16x?xf32> into memref<16x4x?xf32>
    ```
  }];
  let arguments = (ins AnyStridedMemRef:$src,
                       MemRef_IndexListArrayAttr:$reassociation,
                       Variadic<Index>:$output_shape,
                       DenseI64ArrayAttr:$static_output_shape);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $src $reassociation `output_shape`
    custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:`
    type($src) `into` type($result)
  }];
  let asmResultNames = [{
    return ((0, "expand_shape"),)
  }];
  // Expanding what a collapse with the same groups made gives its source back.
  let hasFolder = 1;
  let fold = [{
    owner = self.src.defining_op
    if (
        isinstance(owner, CollapseShapeOp)
        and owner.src.type == self.result.type
        and reassociation_groups(owner.reassociation) == reassociation_groups(self.reassociation)
    ):
        return owner.src
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    source, result = self.src.type, self.result.type
    assert isinstance(source, MemRefType)
    assert isinstance(result, MemRefType)
    if source.rank > result.rank:
        return (
            f"has source rank {source.rank} and result rank {result.rank}. This is not "
            f"an expansion ({source.rank} > {result.rank})."
        )
    groups = reassociation_groups(self.reassociation)
    problem = verify_collapsed_shape(source.shape, result.shape, groups)
    if problem is not None:
        return problem
    expected = expanded_type(source, result.shape, groups)
    if expected is None:
        return "invalid source layout map"
    if expected != result:
        return f"expected expanded type to be '{expected}' but found '{result}'"
    static_shape = self.static_output_shape.values
    if len(static_shape) != result.rank:
        return (
            "expected number of static shape bounds to be equal to the output rank "
            f"({result.rank}) but found {len(static_shape)} inputs instead"
        )
    dynamic = list(static_shape).count(DYNAMIC)
    if len(self.output_shape) != dynamic:
        return (
            "mismatch in dynamic dims in output_shape and static_output_shape: "
            f"static_output_shape has {dynamic} dynamic dims while output_shape has "
            f"{len(self.output_shape)} values"
        )
    for pos, size in enumerate(result.shape):
        if size != DYNAMIC and size != static_shape[pos]:
            return f"invalid output shape provided at pos {pos}"
    return None
  }];
}

def MemRef_CollapseShapeOp : MemRef_Op<"collapse_shape", [Pure]> {
  let summary = "A view with groups of dimensions merged into one";
  let description = [{
    A view of `src` in which each `reassociation` group of consecutive
    dimensions becomes one dimension. No data is copied, so the dimensions of
    a group must be contiguous in memory; where the strides show statically
    that they are not, the op is rejected.

    Example:

    ```mlir
    %r = memref.collapse_shape %a [[0, 1], [2]]
        : memref<4x4x?xf32> into memref<16x?xf32>
    ```
  }];
  let arguments = (ins AnyStridedMemRef:$src,
                       MemRef_IndexListArrayAttr:$reassociation);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $src $reassociation attr-dict `:` type($src) `into` type($result)
  }];
  let asmResultNames = [{
    return ((0, "collapse_shape"),)
  }];
  // Collapsing what an expansion with the same groups made gives its source back.
  let hasFolder = 1;
  let fold = [{
    owner = self.src.defining_op
    if (
        isinstance(owner, ExpandShapeOp)
        and owner.src.type == self.result.type
        and reassociation_groups(owner.reassociation) == reassociation_groups(self.reassociation)
    ):
        return owner.src
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    source, result = self.src.type, self.result.type
    assert isinstance(source, MemRefType)
    assert isinstance(result, MemRefType)
    if source.rank < result.rank:
        return (
            f"has source rank {source.rank} and result rank {result.rank}. This is not "
            f"a collapse ({source.rank} < {result.rank})."
        )
    groups = reassociation_groups(self.reassociation)
    problem = verify_collapsed_shape(result.shape, source.shape, groups)
    if problem is not None:
        return problem
    if has_identity_layout(source):
        expected = MemRefType.get(result.shape, source.element_type, None, source.memory_space)
    else:
        layout = collapsed_layout(source, groups)
        if layout is None:
            return "invalid source layout map or collapsing non-contiguous dims"
        expected = MemRefType.get(
            result.shape, source.element_type, layout, source.memory_space
        )
    if expected != result:
        return f"expected collapsed type to be '{expected}' but found '{result}'"
    return None
  }];
}

//===----------------------------------------------------------------------===//
// Copies and DMA
//===----------------------------------------------------------------------===//

def MemRef_CopyOp : MemRef_Op<"copy", [SameOperandsElementType, SameOperandsShape]> {
  let summary = "Copy the contents of one buffer into another";
  let description = [{
    Copies every element of `source` into `target`. The two have the same
    element type and shape but may have different layouts.

    Example:

    ```mlir
    memref.copy %a, %b : memref<?xf32> to memref<?xf32, strided<[2]>>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       AnyRankedOrUnrankedMemRef:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
}

def MemRef_DmaStartOp : MemRef_Op<"dma_start"> {
  let summary = "Start an asynchronous copy between buffers";
  let description = [{
    Starts copying `%size` elements from `%src` at the given indices to `%dst`
    at the given indices, and returns at once. The transfer signals its
    completion in the tag element `%tag[%idx]`, which `memref.dma_wait` waits
    on. Two optional trailing operands ask for a strided transfer: the stride
    and the number of elements moved per stride. The operands are one flat
    list; the ranks of the three memref types tell its parts apart.

    Example:

    ```mlir
    memref.dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx]
        : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
    memref.dma_start %src[%i, %j], %dst[%k, %l], %size, %tag[%idx], %stride, %per_stride
        : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let hasCustomAssemblyFormat = 1;
  // `%src[...], %dst[...], %size, %tag[...] [, %stride, %per_stride] : types`;
  // no attribute dictionary is read, though one is printed.
  let parser = [{
    def indices() -> list[UnresolvedOperand]:
        if not p.consume_if("["):
            p.wrong_token("expected '[' in operand list")
        uses = p.parse_operand_list()
        if not p.consume_if("]"):
            p.wrong_token("expected ']' in operand list")
        return uses

    src = p.parse_operand()
    src_indices = indices()
    p.expect(",", "expected ','")
    dst = p.parse_operand()
    dst_indices = indices()
    p.expect(",", "expected ','")
    size = p.parse_operand()
    p.expect(",", "expected ','")
    tag = p.parse_operand()
    tag_indices = indices()
    stride_uses: list[UnresolvedOperand] = []
    if p.consume_if(","):
        stride_uses = p.parse_operand_list()
        if not stride_uses:
            p.wrong_token("expected SSA operand")
    if stride_uses and len(stride_uses) != 2:
        p.op_error(name_pos, "expected two stride related operands")
    types = [p.parse_colon_type()]
    while p.consume_if(","):
        types.append(p.parse_type())
    if len(types) != 3:
        p.op_error(name_pos, "fewer/more types expected")
    index = IndexType.get()
    operands = [p.resolve_operand(src, types[0])]
    operands += [p.resolve_operand(u, index) for u in src_indices]
    operands.append(p.resolve_operand(dst, types[1]))
    operands += [p.resolve_operand(u, index) for u in dst_indices]
    operands.append(p.resolve_operand(size, index))
    operands.append(p.resolve_operand(tag, types[2]))
    operands += [p.resolve_operand(u, index) for u in tag_indices]
    operands += [p.resolve_operand(u, index) for u in stride_uses]
    return p.create_op(cls, name_pos, operands, (), properties=(), attributes=EMPTY_DICT)
  }];
  let printer = [{
    values = list(self.operands)

    def rank(position: int) -> int:
        t = values[position].type if position < len(values) else None
        return t.rank if isinstance(t, MemRefType) else 0

    def indexed(start: int, count: int) -> str:
        uses = p.operands(values[start + 1 : start + 1 + count])
        return p.operand(values[start]) + "[" + uses + "]"

    src_rank = rank(0)
    dst = 1 + src_rank
    dst_rank = rank(dst)
    size = dst + 1 + dst_rank
    tag = size + 1
    tag_rank = rank(tag)
    text = f" {indexed(0, src_rank)}, {indexed(dst, dst_rank)}, {p.operand(values[size])}, "
    text += indexed(tag, tag_rank)
    rest = values[tag + 1 + tag_rank :]
    if rest:
        text += ", " + p.operands(rest)
    text += p.attr_dict(self)
    memref_types = [values[0].type, values[dst].type, values[tag].type]
    p.write(text + " : " + p.types(memref_types))
  }];
  let hasVerifier = 1;
  let verifier = [{
    values = list(self.operands)
    count = len(values)

    def all_index(group: Sequence[Value]) -> bool:
        return all(isinstance(v.type, IndexType) for v in group)

    if count < 4:
        return "expected at least 4 operands"
    src_type = values[0].type
    if not isinstance(src_type, MemRefType):
        return "expected source to be of memref type"
    expected = src_type.rank + 4
    if count < expected:
        return f"expected at least {expected} operands"
    if not all_index(values[1 : 1 + src_type.rank]):
        return "expected source indices to be of index type"
    dst = 1 + src_type.rank
    dst_type = values[dst].type
    if not isinstance(dst_type, MemRefType):
        return "expected destination to be of memref type"
    expected += dst_type.rank
    if count < expected:
        return f"expected at least {expected} operands"
    if not all_index(values[dst + 1 : dst + 1 + dst_type.rank]):
        return "expected destination indices to be of index type"
    size = dst + 1 + dst_type.rank
    if not isinstance(values[size].type, IndexType):
        return "expected num elements to be of index type"
    tag_type = values[size + 1].type
    if not isinstance(tag_type, MemRefType):
        return "expected tag to be of memref type"
    expected += tag_type.rank
    if count < expected:
        return f"expected at least {expected} operands"
    if not all_index(values[size + 2 : size + 2 + tag_type.rank]):
        return "expected tag indices to be of index type"
    if count not in (expected, expected + 2):
        return "incorrect number of operands"
    if count == expected + 2 and not all_index(values[expected:]):
        return "expected stride and num elements per stride to be of type index"
    return None
  }];
}

def MemRef_DmaWaitOp : MemRef_Op<"dma_wait"> {
  let summary = "Wait for an asynchronous copy to finish";
  let description = [{
    Blocks until the DMA transfer that signals completion in the tag element
    `%tag[%idx]` is done; `numElements` is the size of that transfer.

    Example:

    ```mlir
    memref.dma_wait %tag[%idx], %size : memref<1xi32>
    ```
  }];
  let arguments = (ins AnyMemRef:$tagMemRef,
                       Variadic<Index>:$tagIndices,
                       Index:$numElements);
  let assemblyFormat = [{
    $tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)
  }];
  let hasVerifier = 1;
  let verifier = [{
    tag_type = self.tag_mem_ref.type
    assert isinstance(tag_type, MemRefType)
    if len(self.tag_indices) != tag_type.rank:
        return (
            "expected tagIndices to have the same number of elements as the tagMemRef "
            f"rank, expected {tag_type.rank}, but got {len(self.tag_indices)}"
        )
    return None
  }];
}

//===----------------------------------------------------------------------===//
// Globals
//===----------------------------------------------------------------------===//

// MLIR's `MemRefTypeAttr`: a type attribute holding a memref type.
def MemRef_MemRefTypeAttr : PredAttr<
    CPred<"isinstance($_self, TypeAttr) and isinstance($_self.value, MemRefType)">,
    "memref type attribute">;

def MemRef_GlobalOp : MemRef_Op<"global", [Symbol]> {
  let summary = "A named buffer that lives as long as the program";
  let description = [{
    Declares or defines a global buffer of a statically shaped memref type.
    Without an initial value the global is external (defined elsewhere);
    `uninitialized` allocates it without giving its contents; a dense
    elements attribute gives its contents, of the tensor type with the
    memref's shape and element type. `constant` promises that the contents
    never change, and `alignment` aligns its address.

    Example:

    ```mlir
    memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>
    memref.global @state : memref<4xi32> = uninitialized
    memref.global @external : memref<8xf64>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       MemRef_MemRefTypeAttr:$type,
                       OptionalAttr<AnyAttr>:$initial_value,
                       UnitAttr:$constant,
                       OptionalAttr<MemRef_AlignmentAttr>:$alignment);
  let hasCustomAssemblyFormat = 1;
  // `["visibility"] [constant] @name : type [= uninitialized | = value] {attrs}`.
  let parser = [{
    visibility = None
    if p.next_is('"'):
        visibility = StringAttr.get(p.parse_string_literal())
    constant = p.consume_keyword("constant")
    name = p.parse_symbol_name_attr()
    p.expect(":", "expected ':'")
    memref_type = p.parse_type()
    if not isinstance(memref_type, MemRefType) or not memref_type.has_static_shape:
        p.op_error(
            name_pos,
            f"type should be static shaped memref, but got '{memref_type}'",
        )
    initial: Attribute | None = None
    if p.consume_if("="):
        if p.consume_keyword("uninitialized"):
            initial = UnitAttr.get()
        else:
            tensor_type = RankedTensorType.get(memref_type.shape, memref_type.element_type)
            initial = p.parse_attribute(tensor_type)
            if not is_elements_attr(initial):
                p.op_error(name_pos, "initial value should be a unit or elements attribute")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        [],
        [],
        properties=[
            ("sym_name", name),
            ("sym_visibility", visibility),
            ("type", TypeAttr.get(memref_type)),
            ("initial_value", initial),
            ("constant", UnitAttr.get() if constant else None),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = " "
    visibility = get_property(self, "sym_visibility")
    if isinstance(visibility, StringAttr):
        text += p.attr_text(visibility) + " "
    if get_property(self, "constant") is not None:
        text += "constant "
    text += p.symbol(self.sym_name.value) + " : "
    type_attr = get_property(self, "type")
    memref_type = type_attr.value if isinstance(type_attr, TypeAttr) else None
    text += p.type_text(memref_type) if memref_type is not None else "<<NULL TYPE>>"
    initial = get_property(self, "initial_value")
    if isinstance(initial, UnitAttr):
        text += " = uninitialized"
    elif initial is not None:
        text += " = " + p.attr_without_type(initial)
    text += p.attr_dict(self, ("sym_name", "sym_visibility", "type", "initial_value", "constant"))
    p.write(text)
  }];
  let hasVerifier = 1;
  let verifier = [{
    type_attr = self.type
    memref_type = type_attr.value if isinstance(type_attr, TypeAttr) else None
    if not isinstance(memref_type, MemRefType) or not memref_type.has_static_shape:
        return f"type should be static shaped memref, but got '{memref_type}'"
    initial = get_property(self, "initial_value")
    if initial is not None and not isinstance(initial, UnitAttr):
        if not is_elements_attr(initial):
            return (
                "initial value should be a unit or elements attribute, but got "
                f"{initial}"
            )
        initial_type = getattr(initial, "type", None)
        if isinstance(initial_type, ShapedType):
            if initial_type.shape != memref_type.shape:
                expected = "x".join(str(d) for d in memref_type.shape)
                got = "x".join(str(d) for d in initial_type.shape)
                return f"initial value shape expected to be {expected} but was {got}"
            if initial_type.element_type != memref_type.element_type:
                return (
                    "initial value element expected to be of type "
                    f"{memref_type.element_type}, but was of type {initial_type.element_type}"
                )
    return None
  }];
}

def MemRef_GetGlobalOp : MemRef_Op<"get_global", [Pure, SymbolUserOpInterface]> {
  let summary = "A memref of a global buffer";
  let description = [{
    Returns the buffer of the `memref.global` that `name` names in the nearest
    enclosing symbol table; the result type is the global's.

    Example:

    ```mlir
    %t = memref.get_global @table : memref<2xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "$name `:` type($result) attr-dict";
  let hasVerifier = 1;
  let verifier = [{
    name = get_property(self, "name")
    symbol = name.root if isinstance(name, SymbolRefAttr) else ""
    table = self.parent_op
    while table is not None and table.name != "builtin.module":
        table = table.parent_op
    found: GlobalOp | None = None
    if table is not None and table.regions and table.regions[0].blocks:
        for candidate in table.regions[0].ops:
            if isinstance(candidate, GlobalOp) and candidate.sym_name.value == symbol:
                found = candidate
                break
    if found is None:
        return f"'{symbol}' does not reference a valid global memref"
    type_attr = found.type
    global_type = type_attr.value if isinstance(type_attr, TypeAttr) else None
    if global_type != self.result.type:
        return (
            f"result type '{self.result.type}' does not match type '{global_type}' of the "
            f"global memref @{symbol}"
        )
    return None
  }];
}

//===----------------------------------------------------------------------===//
// Queries, assumptions and metadata
//===----------------------------------------------------------------------===//

def MemRef_RankOp : MemRef_Op<"rank", [Pure]> {
  let summary = "The rank of a buffer";
  let description = [{
    Returns the number of dimensions of a ranked or unranked memref.

    Example:

    ```mlir
    %r = memref.rank %a : memref<*xf32>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$memref);
  let results = (outs Index);
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
  let hasFolder = 1;
  let fold = [{
    memref_type = self.memref.type
    if isinstance(memref_type, MemRefType):
        return IntegerAttr.get(IndexType.get(), memref_type.rank)
    return None
  }];
}

def MemRef_AssumeAlignmentOp : MemRef_Op<"assume_alignment", [
    InferTypeOpInterface, Pure]> {
  let summary = "A view of a buffer known to be aligned";
  let description = [{
    Returns `memref` itself, and promises that its aligned pointer is a
    multiple of `alignment` bytes (a power of two). Code that uses the result
    may rely on that; if it is false, the behavior is undefined.

    Example:

    ```mlir
    %aligned = memref.assume_alignment %a, 16 : memref<4x?xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref,
                       ConfinedAttr<I32Attr, [IntPositive]>:$alignment);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$memref `,` $alignment attr-dict `:` type($memref)";
  let asmResultNames = [{
    return ((0, "assume_align"),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    value = self.alignment.value
    if value & (value - 1):
        return "alignment must be power of 2"
    return None
  }];
  let extraClassDeclaration = [{
    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        if not operands:
            raise InferTypeError("expected a memref operand")
        return [operands[0].type]
  }];
}

def MemRef_DistinctObjectsOp : MemRef_Op<"distinct_objects", [
    InferTypeOpInterface, Pure]> {
  let summary = "Views of buffers that do not alias one another";
  let description = [{
    Returns its operands unchanged, and promises that the buffers they refer
    to do not overlap: accesses through one result never alias accesses
    through another.

    Example:

    ```mlir
    %x, %y = memref.distinct_objects %a, %b : memref<?xf32>, memref<?xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyMemRef>:$operands);
  let results = (outs Variadic<AnyMemRef>:$results);
  let assemblyFormat = "$operands attr-dict `:` type($operands)";
  let hasVerifier = 1;
  let verifier = [{
    if not self.operands:
        return "expected at least one operand"
    if [v.type for v in self.operands] != [v.type for v in self.results]:
        return "operand types and result types must match"
    return None
  }];
  let extraClassDeclaration = [{
    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        return [v.type for v in operands]

    @classmethod
    def is_compatible_return_types(
        cls, inferred: Sequence[Type], actual: Sequence[Type]
    ) -> bool:
        # The verifier reports a mismatch in its own words.
        return True
  }];
}

def MemRef_ExtractAlignedPointerAsIndexOp
    : MemRef_Op<"extract_aligned_pointer_as_index", [Pure]> {
  let summary = "The aligned pointer of a buffer, as an index";
  let description = [{
    Returns the address of the first element of the buffer `source` refers
    to, as an index. Meant for lowering to other dialects; it says nothing
    about the memref's layout.

    Example:

    ```mlir
    %p = memref.extract_aligned_pointer_as_index %a : memref<4x?xf32> -> index
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs Index:$aligned_pointer);
  let assemblyFormat = "$source `:` type($source) `->` type(results) attr-dict";
  let asmResultNames = [{
    return ((0, "intptr"),)
  }];
}

// MLIR's `AnyStridedMemRefOfRank<0>`.
def MemRef_StridedMemRefOfRank0 : Type<
    CPred<"isinstance($_self, MemRefType) and $_self.rank == 0 and is_strided($_self)">,
    "strided memref of any type values of rank 0">;

def MemRef_ExtractStridedMetadataOp : MemRef_Op<"extract_strided_metadata", [
    InferTypeOpInterface, Pure, SameVariadicResultSize]> {
  let summary = "The base buffer, offset, sizes and strides of a strided memref";
  let description = [{
    Takes a strided memref apart: a 0-d memref of its base buffer, its
    offset, and one size and one stride per dimension, as index values.
    `memref.reinterpret_cast` puts such parts back together.

    Example:

    ```mlir
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a
        : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
    ```
  }];
  let arguments = (ins AnyStridedMemRef:$source);
  let results = (outs MemRef_StridedMemRefOfRank0:$base_buffer,
                      Index:$offset,
                      Variadic<Index>:$sizes,
                      Variadic<Index>:$strides);
  let assemblyFormat = "$source `:` type($source) `->` type(results) attr-dict";
  let asmResultNames = [{
    names = [(0, "base_buffer"), (1, "offset")]
    if self.sizes:
        # A group of results is named by its first.
        names += [(2, "sizes"), (2 + len(self.sizes), "strides")]
    return tuple(names)
  }];
  let extraClassDeclaration = [{
    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        source = operands[0].type if operands else None
        if not isinstance(source, MemRefType):
            raise InferTypeError("expected a memref source")
        index = IndexType.get()
        base = MemRefType.get((), source.element_type, None, source.memory_space)
        return [base, index] + [index] * (2 * source.rank)
  }];
}

def MemRef_MemorySpaceCastOp : MemRef_Op<"memory_space_cast", [
    CastOpInterface, MemRefsNormalizable, Pure]> {
  let summary = "Move a memref to another memory space";
  let description = [{
    Returns a memref of the same buffer in another memory space: the shape,
    element type and layout stay, and only the memory space changes. Both
    types are ranked, or both unranked. Whether the target can address the
    buffer is up to the target.

    Example:

    ```mlir
    %g = memref.memory_space_cast %a : memref<4x?xf32> to memref<4x?xf32, 1>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs AnyRankedOrUnrankedMemRef:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
  let asmResultNames = [{
    return ((0, "memspacecast"),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    source, dest = self.source.type, self.dest.type
    compatible = False
    if isinstance(source, MemRefType) and isinstance(dest, MemRefType):
        compatible = (
            source.shape == dest.shape
            and source.element_type == dest.element_type
            and source.layout == dest.layout
        )
    elif isinstance(source, UnrankedMemRefType) and isinstance(dest, UnrankedMemRefType):
        compatible = source.element_type == dest.element_type
    if not compatible:
        return f"operand type '{source}' and result type '{dest}' are cast incompatible"
    return None
  }];
}

//===----------------------------------------------------------------------===//
// Reallocation and allocation scopes
//===----------------------------------------------------------------------===//

def MemRef_ReallocOp : MemRef_Op<"realloc"> {
  let summary = "Grow or shrink a 1-D buffer";
  let description = [{
    Returns a buffer of the result's size holding the elements of `source`
    that fit, and frees `source`. The result's size is static, or given by
    `dynamicResultSize` when it is `?`. Both memrefs are 1-D with the
    identity layout, the same element type and the same memory space.

    Example:

    ```mlir
    %b = memref.realloc %a(%n) : memref<?xf32> to memref<?xf32>
    %c = memref.realloc %a {alignment = 8} : memref<?xf32> to memref<10xf32>
    ```
  }];
  let arguments = (ins MemRefRankOf<[AnyType], [1]>:$source,
                       Optional<Index>:$dynamicResultSize,
                       OptionalAttr<MemRef_AlignmentAttr>:$alignment);
  let results = (outs MemRefRankOf<[AnyType], [1]>);
  let assemblyFormat = [{
    $source (`(` $dynamicResultSize^ `)`)? attr-dict
    `:` type($source) `to` type(results)
  }];
  let hasVerifier = 1;
  let verifier = [{
    source = self.source.type
    result = self.result_types[0]
    assert isinstance(source, MemRefType)
    assert isinstance(result, MemRefType)
    if source.element_type != result.element_type:
        return VerifyMessage(
            f"different element types specified for source memref type '{source}' and "
            f"result memref type '{result}'",
            prefixed=False,
        )
    if source.memory_space != result.memory_space:
        return VerifyMessage(
            f"different memory spaces specified for source memref type '{source}' and "
            f"result memref type '{result}'",
            prefixed=False,
        )
    if not has_identity_layout(source):
        return VerifyMessage(
            f"unsupported layout for source memref type '{source}'", prefixed=False
        )
    if not has_identity_layout(result):
        return VerifyMessage(
            f"unsupported layout for result memref type '{result}'", prefixed=False
        )
    if result.shape[0] == DYNAMIC and self.dynamic_result_size is None:
        return VerifyMessage(
            f"missing dimension operand for result type '{result}'", prefixed=False
        )
    if result.shape[0] != DYNAMIC and self.dynamic_result_size is not None:
        return VerifyMessage(
            f"unnecessary dimension operand for result type '{result}'", prefixed=False
        )
    return None
  }];
}

def MemRef_AllocaScopeOp : MemRef_Op<"alloca_scope", [
    AutomaticAllocationScope, RegionBranchOpInterface, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"MemRef_AllocaScopeReturnOp">, NoRegionArguments]> {
  let summary = "A region whose stack allocations end with it";
  let description = [{
    Runs its single-block region once. The buffers `memref.alloca` makes in
    it (outside nested scopes) are freed when the region ends. The region's
    `memref.alloca_scope.return` gives the op's results; with none it may be
    left out.

    Example:

    ```mlir
    %r = memref.alloca_scope -> (f32) {
      %tmp = memref.alloca() : memref<4xf32>
      %v = memref.load %tmp[%i] : memref<4xf32>
      memref.alloca_scope.return %v : f32
    }
    ```
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    result_types: list[Type] = []
    if p.consume_if("->"):
        p.expect("(", "expected '('")
        if not p.consume_if(")"):
            result_types = p.parse_type_list()
            p.expect(")", "expected ')'")
    body = Region()
    p.parse_region(body)
    p.ensure_terminator(body, AllocaScopeReturnOp, name_pos)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        [],
        result_types,
        properties=(),
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    text = " "
    if self.result_types:
        text += " -> (" + p.types(self.result_types) + ")"
    p.write(text + " ")
    p.print_region(self.body_region, entry_args=False, terminators=bool(self.result_types))
    p.write(p.attr_dict(self))
  }];
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    block = self.body_region.blocks[0] if self.body_region.blocks else None
    terminator = block.last_op if block is not None else None
    if isinstance(terminator, AllocaScopeReturnOp):
        return scf_check_edges(
            [
                (
                    "Operation memref.alloca_scope.return",
                    "parent",
                    list(terminator.operands),
                    list(self.results),
                    terminator,
                )
            ]
        )
    return None
  }];
}

def MemRef_AllocaScopeReturnOp : MemRef_Op<"alloca_scope.return", [
    HasParent<"MemRef_AllocaScopeOp">, Pure, ReturnLike, Terminator]> {
  let summary = "The end of a `memref.alloca_scope`, with its results";
  let description = [{
    Ends the region of a `memref.alloca_scope` and gives the op's results.
    Without operands it may be left out of the custom form.

    Example:

    ```mlir
    memref.alloca_scope.return %v : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

//===----------------------------------------------------------------------===//
// Atomics and prefetching
//===----------------------------------------------------------------------===//

def MemRef_AtomicRMWOp : MemRef_Op<"atomic_rmw", [
    AllTypesMatch<["value", "result"]>,
    TypesMatchWith<"value type matches element type of memref",
                   "memref", "value", "element_type_or_self($_self)">]> {
  let summary = "Atomically combine a value with an element of a buffer";
  let description = [{
    Reads the element of `memref` at `indices`, combines it with `value` as
    `kind` says (`addf`, `maxs`, `assign`, ...), writes the result back, and
    returns the element as it was, all as one atomic step. Float kinds take
    float elements, integer kinds integer ones.

    Example:

    ```mlir
    %old = memref.atomic_rmw addf %v, %a[%i] : (f32, memref<10xf32>) -> f32
    ```
  }];
  let arguments = (ins Arith_AtomicRMWKind:$kind,
                       AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value,
                       MemRefOf<[AnySignlessInteger, AnyFloat]>:$memref,
                       Variadic<Index>:$indices);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = [{
    $kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,`
    type($memref) `)` `->` type($result)
  }];
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    if len(self.indices) != memref_type.rank:
        return "expects the number of subscripts to be equal to memref rank"
    kind = self.kind
    float_kinds = ("addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf")
    int_kinds = ("addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori", "andi")
    value_type = self.value.type
    if kind.name in float_kinds and not isinstance(value_type, FloatType):
        return f"with kind '{kind.name}' expects a floating-point type"
    if kind.name in int_kinds and not isinstance(value_type, IntegerType):
        return f"with kind '{kind.name}' expects an integer type"
    return None
  }];
}

def MemRef_GenericAtomicRMWOp : MemRef_Op<"generic_atomic_rmw", [
    SingleBlockImplicitTerminator<"MemRef_AtomicYieldOp">,
    TypesMatchWith<"result type matches element type of memref",
                   "memref", "result", "element_type_or_self($_self)">]> {
  let summary = "Atomically replace an element of a buffer by what a region computes";
  let description = [{
    Reads the element of `memref` at `indices`, passes it to the region as
    its one argument, and writes the value the region's `memref.atomic_yield`
    gives back, as one atomic step; returns the element as it was. The
    region must have no side effects, since it may run more than once.

    Example:

    ```mlir
    %old = memref.generic_atomic_rmw %a[%i] : memref<10xf32> {
    ^bb0(%current: f32):
      %new = arith.addf %current, %v : f32
      memref.atomic_yield %new : f32
    }
    ```
  }];
  let arguments = (ins MemRefOf<[AnySignlessInteger, AnyFloat]>:$memref,
                       Variadic<Index>:$indices);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let regions = (region AnyRegion:$atomic_body);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    memref_use = p.parse_operand()
    p.expect("[", "expected '['")
    index_uses = p.parse_operand_list()
    p.expect("]", "expected ']'")
    memref_type = p.parse_colon_type()
    operands = [p.resolve_operand(memref_use, memref_type)]
    index = IndexType.get()
    operands += [p.resolve_operand(u, index) for u in index_uses]
    body = Region()
    p.parse_region(body)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    element = memref_type.element_type if isinstance(memref_type, ShapedType) else memref_type
    return p.create_op(
        cls,
        name_pos,
        operands,
        [element],
        properties=(),
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    values = list(self.operands)
    indices = p.operands(values[1:])
    p.write(f" {p.operand(values[0])}[" + indices + "] : " + p.type_text(values[0].type) + " ")
    p.print_region(self.atomic_body, entry_args=True, terminators=True)
    p.write(p.attr_dict(self))
  }];
  let hasVerifier = 1;
  let verifier = [{
    block = self.atomic_body.blocks[0] if self.atomic_body.blocks else None
    if block is None or len(block.args) != 1:
        return "expected single number of entry block arguments"
    if block.args[0].type != self.result.type:
        return "expected block argument of the same type result type"

    def effect_free(op: Operation) -> bool:
        # MLIR's `isMemoryEffectFree`: no effects, or recursive effects of ops
        # that have none.
        if op.has_trait(NoMemoryEffect) or op.has_trait(ConstantLike):
            return True
        if not op.has_trait(HasRecursiveMemoryEffects):
            return False
        return all(effect_free(n) for r in op.regions for b in r.blocks for n in b.ops)

    def first_effect(ops: Sequence[Operation]) -> Operation | None:
        # The first op with an effect in post-order, as MLIR's walk meets it.
        for op in ops:
            for region in op.regions:
                for nested in region.blocks:
                    found = first_effect(list(nested.ops))
                    if found is not None:
                        return found
            if not effect_free(op):
                return op
        return None

    culprit = first_effect(list(block.ops))
    if culprit is not None:
        return VerifyMessage(
            "body of 'memref.generic_atomic_rmw' should contain only operations with no "
            "side effects",
            prefixed=False,
            at=culprit,
        )
    return None
  }];
}

def MemRef_AtomicYieldOp : MemRef_Op<"atomic_yield", [
    HasParent<"MemRef_GenericAtomicRMWOp">, Pure, ReturnLike, Terminator]> {
  let summary = "The value a `memref.generic_atomic_rmw` writes";
  let description = [{
    Ends the region of a `memref.generic_atomic_rmw` and gives the value it
    stores, of the buffer's element type.

    Example:

    ```mlir
    memref.atomic_yield %new : f32
    ```
  }];
  let arguments = (ins AnyType:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    parent = self.parent_op
    if parent is not None and parent.results:
        expected = parent.results[0].type
        if expected != self.result_.type:
            return (
                f"types mismatch between yield op: '{self.result_.type}' and its parent: "
                f"'{expected}'"
            )
    return None
  }];
}

def MemRef_PrefetchOp : MemRef_Op<"prefetch"> {
  let summary = "Hint that an element of a buffer will soon be used";
  let description = [{
    Asks the hardware to bring the element of `memref` at `indices` closer,
    for reading or for writing, into the data or the instruction cache.
    `locality` ranges from 0 (no temporal locality) to 3 (keep it in cache).

    Example:

    ```mlir
    memref.prefetch %a[%i, %j], read, locality<3>, data : memref<400x400xi32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref,
                       Variadic<Index>:$indices,
                       BoolAttr:$isWrite,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$localityHint,
                       BoolAttr:$isDataCache);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    memref_use = p.parse_operand()
    p.expect("[", "expected '['")
    index_uses = p.parse_operand_list()
    p.expect("]", "expected ']'")
    p.expect(",", "expected ','")
    rw = p.parse_keyword()
    p.expect(",", "expected ','")
    p.expect_keyword("locality")
    p.expect("<", "expected '<'")
    hint = p.parse_attribute(IntegerType.get(32))
    p.expect(">", "expected '>'")
    p.expect(",", "expected ','")
    cache = p.parse_keyword()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    memref_type = p.parse_colon_type()
    if rw not in ("read", "write"):
        p.op_error(name_pos, "rw specifier has to be 'read' or 'write'")
    if cache not in ("data", "instr"):
        p.op_error(name_pos, "cache type has to be 'data' or 'instr'")
    index = IndexType.get()
    operands = [p.resolve_operand(memref_use, memref_type)]
    operands += [p.resolve_operand(u, index) for u in index_uses]
    return p.create_op(
        cls,
        name_pos,
        operands,
        [],
        properties=[
            ("isWrite", BoolAttr.get_bool(rw == "write")),
            ("localityHint", hint),
            ("isDataCache", BoolAttr.get_bool(cache == "data")),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    values = list(self.operands)
    rw = "write" if self.is_write.value else "read"
    cache = "data" if self.is_data_cache.value else "instr"
    indices = p.operands(values[1:])
    text = f" {p.operand(values[0])}[" + indices + f"], {rw}, "
    text += f"locality<{self.locality_hint.value}>, {cache}"
    text += p.attr_dict(self, ("isWrite", "localityHint", "isDataCache"))
    p.write(text + " : " + p.type_text(values[0].type))
  }];
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    if len(self.indices) != memref_type.rank:
        return "too few indices"
    return None
  }];
}

//===----------------------------------------------------------------------===//
// More views: transposes, byte buffers, reshapes and reinterpretations
//===----------------------------------------------------------------------===//

def MemRef_TransposeOp : MemRef_Op<"transpose", [Pure]> {
  let summary = "A view with permuted dimensions";
  let description = [{
    A view of `in` whose dimensions are those of `in` in the order
    `permutation` gives; only the shape and the strides change. The result
    type's layout is the permuted strides and the same offset.

    Example:

    ```mlir
    %t = memref.transpose %a (i, j) -> (j, i)
        : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
    ```
  }];
  let arguments = (ins AnyStridedMemRef:$in, AffineMapAttr:$permutation);
  let results = (outs AnyStridedMemRef);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    in_use = p.parse_operand()
    permutation = AffineMapAttr.get(p.parse_affine_map())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    in_type = p.parse_colon_type()
    p.expect_keyword("to")
    result_type = p.parse_type()
    return p.create_op(
        cls,
        name_pos,
        [p.resolve_operand(in_use, in_type)],
        [result_type],
        properties=[("permutation", permutation)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = f" {p.operand(self.in_)} {bare_affine_map(self.permutation.value)}"
    text += p.attr_dict(self, ("permutation",))
    p.write(f"{text} : {p.type_text(self.in_.type)} to {p.type_text(self.result_types[0])}")
  }];
  let asmResultNames = [{
    return ((0, "transpose"),)
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the permutation as a bare map, never by an alias."""
        return []
  }];
  let hasVerifier = 1;
  let verifier = [{
    permutation = self.permutation.value
    source = self.in_.type
    result = self.result_types[0]
    assert isinstance(source, MemRefType)
    assert isinstance(result, MemRefType)
    dims = permutation_dims(permutation)
    if dims is None:
        return "expected a permutation map"
    if permutation.num_dims != source.rank:
        return "expected a permutation map of same rank as the input"
    layout = strides_and_offset(source)
    if layout is None:
        return None
    strides, offset = layout
    shape = tuple(source.shape[d] for d in dims)
    permuted = [strides[d] for d in dims]
    expected = MemRefType.get(
        shape,
        source.element_type,
        AffineMapAttr.get(strided_linear_map(permuted, offset)),
        source.memory_space,
    )

    def canonical(layout: tuple[tuple[int, ...], int] | None, shape: tuple[int, ...]) -> object:
        # MLIR's `canonicalizeStridedLayout`: a statically row-major layout is the
        # identity; any other keeps its strides and offset.
        if layout == (canonical_strides(shape), 0) and DYNAMIC not in layout[0]:
            return None
        return layout

    if (
        result.shape != shape
        or result.element_type != source.element_type
        or result.memory_space != source.memory_space
        or (None if has_identity_layout(result) else canonical(strides_and_offset(result), shape))
        != canonical((tuple(permuted), offset), shape)
    ):
        return (
            f"result type '{result}' is not equivalent to the canonical transposed input "
            f"type '{expected}'"
        )
    return None
  }];
}

def MemRef_ViewOp : MemRef_Op<"view", [Pure]> {
  let summary = "A typed view of a byte buffer";
  let description = [{
    A memref of any element type and shape over the 1-D `i8` buffer `source`,
    starting `byte_shift` bytes in. `sizes` gives the size of each `?`
    dimension of the result, in order. Both memrefs have the identity layout
    and the same memory space.

    Example:

    ```mlir
    %v = memref.view %bytes[%shift][%n] : memref<2048xi8> to memref<?x4xf32>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I<8>], [1]>:$source,
                       Index:$byte_shift,
                       Variadic<Index>:$sizes);
  let results = (outs AnyMemRef);
  let assemblyFormat = [{
    $source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict
    `:` type($source) `to` type(results)
  }];
  let asmResultNames = [{
    return ((0, "view"),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    base = self.source.type
    view = self.result_types[0]
    assert isinstance(base, MemRefType)
    assert isinstance(view, MemRefType)
    if not has_identity_layout(base):
        return VerifyMessage(f"unsupported map for base memref type '{base}'", prefixed=False)
    if not has_identity_layout(view):
        return VerifyMessage(
            f"unsupported map for result memref type '{view}'", prefixed=False
        )
    if base.memory_space != view.memory_space:
        return VerifyMessage(
            f"different memory spaces specified for base memref type '{base}' and view "
            f"memref type '{view}'",
            prefixed=False,
        )
    expected = view.shape.count(DYNAMIC)
    if len(self.sizes) != expected:
        return f"incorrect number of dynamic sizes, has {len(self.sizes)}, expected {expected}"
    return None
  }];
}

def MemRef_ReshapeOp : MemRef_Op<"reshape", [Pure]> {
  let summary = "A view with the shape a 1-D buffer of sizes gives";
  let description = [{
    A view of the contiguous `source` with the shape that `shape` holds, one
    size per dimension of the result. A shape of static length gives a ranked
    result of that rank, one of dynamic length an unranked result. Both have
    the identity layout and the same element type.

    Example:

    ```mlir
    %r = memref.reshape %a(%shape) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       MemRefRankOf<[AnySignlessInteger, Index], [1]>:$shape);
  let results = (outs AnyRankedOrUnrankedMemRef:$result);
  let assemblyFormat = [{
    $source `(` $shape `)` attr-dict `:` functional-type(operands, results)
  }];
  let asmResultNames = [{
    return ((0, "reshape"),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    source = self.source.type
    result = self.result.type
    shape = self.shape.type
    assert isinstance(source, ShapedType)
    assert isinstance(result, ShapedType)
    assert isinstance(shape, MemRefType)
    if source.element_type != result.element_type:
        return "element types of source and destination memref types should be the same"
    if isinstance(source, MemRefType) and not has_identity_layout(source):
        return "source memref type should have identity affine map"
    length = shape.shape[0]
    if isinstance(result, MemRefType):
        if not has_identity_layout(result):
            return "result memref type should have identity affine map"
        if length == DYNAMIC:
            return (
                "cannot use shape operand with dynamic length to reshape to "
                "statically-ranked memref type"
            )
        if length != result.rank:
            return "length of shape operand differs from the result's memref rank"
    return None
  }];
}

def MemRef_ReinterpretCastOp : MemRef_Op<"reinterpret_cast", [
    AttrSizedOperandSegments, MemRefsNormalizable, Pure]> {
  let summary = "A view of a buffer with the given offset, sizes and strides";
  let description = [{
    A strided memref over the buffer of `source` with the offset, sizes and
    strides given, each a constant or an SSA value. The result type says the
    same where it is static. Nothing checks that the view stays inside the
    buffer.

    Example:

    ```mlir
    %v = memref.reinterpret_cast %a to offset: [0], sizes: [%n, 10], strides: [10, 1]
        : memref<?xf32> to memref<?x10xf32>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $source `to` `offset` `` `:`
    custom<DynamicIndexList>($offsets, $static_offsets)
    `` `,` `sizes` `` `:`
    custom<DynamicIndexList>($sizes, $static_sizes)
    `` `,` `strides` `` `:`
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let asmResultNames = [{
    return ((0, "reinterpret_cast"),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    source = self.source.type
    result = self.result.type
    assert isinstance(source, (MemRefType, UnrankedMemRefType))
    assert isinstance(result, MemRefType)
    offsets = self.static_offsets.values
    sizes = self.static_sizes.values
    strides = self.static_strides.values
    problem = verify_index_lists(
        result.rank,
        (
            ("offset", offsets, self.offsets),
            ("size", sizes, self.sizes),
            ("stride", strides, self.strides),
        ),
        (1, result.rank, result.rank),
    )
    if problem is not None:
        return problem
    if source.memory_space != result.memory_space:
        return VerifyMessage(
            f"different memory spaces specified for source type '{source}' and result "
            f"memref type '{result}'",
            prefixed=False,
        )
    if source.element_type != result.element_type:
        return VerifyMessage(
            f"different element types specified for source type '{source}' and result "
            f"memref type '{result}'",
            prefixed=False,
        )

    def text(value: int) -> str:
        return "dynamic" if value == DYNAMIC else str(value)

    for dim, (size, expected) in enumerate(zip(result.shape, sizes, strict=True)):
        if size != DYNAMIC and size != expected:
            return VerifyMessage(
                f"expected result type with size = {text(expected)} instead of {size} in "
                f"dim = {dim}",
                prefixed=False,
            )
    layout = strides_and_offset(result)
    if layout is None:
        return None
    result_strides, result_offset = layout
    if result_offset != DYNAMIC and offsets[0] != result_offset:
        return VerifyMessage(
            f"expected result type with offset = {text(offsets[0])} instead of "
            f"{text(result_offset)}",
            prefixed=False,
        )
    for dim, (stride, expected) in enumerate(zip(result_strides, strides, strict=True)):
        if stride != DYNAMIC and stride != expected:
            return VerifyMessage(
                f"expected result type with stride = {text(expected)} instead of "
                f"{text(stride)} in dim = {dim}",
                prefixed=False,
            )
    return None
  }];
}
