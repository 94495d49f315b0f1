// The memref dialect: allocating, accessing, viewing and reshaping buffers.
// Same op names, operands, attributes, results, traits, syntax and verifier
// messages as MLIR 22's `memref` dialect, for the ops defined here.

include "OpBase.td"

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
  // The checks several ops share: allocations, casts, subviews and reshapes.
  let extraClassDeclaration = [{
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


    def rank_reduction_mask(original: Sequence[int], reduced: Sequence[int]) -> set[int] | None:
        """The dimensions of `original` that `reduced` drops (each must be 1), matching
        the others in order (MLIR's `computeRankReductionMask`); None if it cannot."""
        unused: set[int] = set()
        next_reduced = 0
        for index, size in enumerate(original):
            if next_reduced < len(reduced) and size == reduced[next_reduced]:
                next_reduced += 1
                continue
            unused.add(index)
            if size != 1:
                return None
        return unused if next_reduced == len(reduced) else None


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


    def verify_index_lists(
        rank: int, lists: Sequence[tuple[str, Sequence[int], Sequence[Value]]]
    ) -> VerifyMessage | None:
        """The offsets, sizes and strides of a view op: one of each per source
        dimension, one SSA value per dynamic entry, offsets and sizes not negative
        (MLIR's `OffsetSizeAndStrideOpInterface` checks)."""
        counts = [len(static) for _, static, _ in lists]
        if not (counts[0] == 1 and rank == 1) and counts[0] != counts[1]:
            return VerifyMessage(
                f"expected mixed offsets rank to match mixed sizes rank ({counts[0]} vs "
                f"{counts[1]}) so the rank of the result type is well-formed.",
                prefixed=False,
            )
        if counts[1] != counts[2]:
            return VerifyMessage(
                f"expected mixed sizes rank to match mixed strides rank ({counts[1]} vs "
                f"{counts[2]}) so the rank of the result type is well-formed.",
                prefixed=False,
            )
        for name, static, values in lists:
            if len(static) != rank:
                return VerifyMessage(
                    f"expected {rank} {name} values, got {len(static)}", prefixed=False
                )
            dynamic = list(static).count(DYNAMIC)
            if len(values) != dynamic:
                return VerifyMessage(
                    f"expected the number of '{name}s' to match the number of dynamic "
                    f"entries in 'static_{name}s' ({len(values)} vs {dynamic})",
                    prefixed=False,
                )
        for name, static, _ in lists[:2]:
            for value in static:
                if value < 0 and value != DYNAMIC:
                    return VerifyMessage(
                        f"expected {name}s to be non-negative, but got {value}", prefixed=False
                    )
        return None


    def reassociation_groups(attr: Attribute | None) -> list[list[int]]:
        """The reassociation `[[0, 1], [2]]` as lists of dimension indices."""
        groups: list[list[int]] = []
        if isinstance(attr, ArrayAttr):
            for group in attr.value:
                if isinstance(group, ArrayAttr):
                    groups.append([e.value for e in group.value if isinstance(e, IntegerAttr)])
        return groups


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
    : MemRef_Op<mnemonic, !listconcat([AttrSizedOperandSegments], traits)> {
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
