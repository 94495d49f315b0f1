// The affine dialect: loops, conditionals and index arithmetic over affine
// maps and integer sets. Same op names, operands, attributes, results, traits,
// syntax and verifier messages as MLIR 22's `affine` dialect for the ops below.
// The rules for valid dimension and symbol operands are the runtime's
// (generator/ir/dialects/affine.py), since every op here checks its map operands
// with them.

include "OpBase.td"

def Affine_Dialect : Dialect {
  let name = "affine";
  let summary = "Loops, conditionals and index arithmetic over affine maps";
  let description = [{
    The affine dialect describes computations whose loop bounds, conditions
    and indices are affine functions of loop induction variables and of
    values fixed in an enclosing affine scope (the body of a `func.func`, or
    a `builtin.module`). Such values are the symbols of the maps and sets the
    ops take; induction variables, and index arithmetic over them, are their
    dimensions. These restrictions keep the IR analyzable: dependence
    analysis and loop transformations can reason about every access exactly.

    An operand bound to a dimension must be a valid dimension: a valid
    symbol, the induction variable of an `affine.for`, an `affine.apply` of
    valid dimensions, or the size of a value defined at the top level of the
    scope. An operand bound to a symbol must be a valid symbol: an index
    defined at the top level of the scope or one of its arguments, a
    constant, the result of a pure op whose operands are valid symbols, or
    the size of a memref whose size is a valid symbol.
  }];
  // The runtime's affine maps, and the regions' implicit terminator. The operand
  // rules of generator/ir/dialects/affine.py come with the runtime's public names,
  // which every generated op module imports.
  let extraClassDeclaration = [{
    # After the module's constants, which the generator puts first.
    from generator.ir.affine import (  # noqa: E402
        AffineConstantExpr,
        AffineDimExpr,
        AffineExpr,
        AffineMap,
        AffineSymbolExpr,
        IntegerSet,
        format_affine_expr,
        replace_dims_and_symbols,
    )


    def ensure_yield(region: Region, loc: Location | None) -> None:
        """MLIR's `ensureTerminator`: the region gets a block if it has none, and its
        block an `affine.yield` unless it already ends in a terminator."""
        if not region.blocks:
            region.add_block(Block())
        block = region.blocks[-1]
        last = block.last_op
        if last is None or not last.has_trait(IsTerminator):
            block.append(AffineYieldOp(loc=loc))


    def parse_map_operands(p: AsmParser, cls: type[Operation], name_pos: SourcePos) -> Operation:
        """`#map(%d...)[%s...] {attrs}`, the form of `affine.min` and `affine.max`."""
        map_attr = p.parse_attribute_of(AffineMapAttr)
        operands, _ = parse_dim_and_symbol_list(p)
        attr_pos = p.current_pos()
        attrs = p.parse_optional_attr_dict()
        return p.create_op(
            cls,
            name_pos,
            operands,
            [IndexType.get()],
            properties=[("map", map_attr)],
            attributes=attrs,
            attr_dict_pos=attr_pos,
        )


    def print_map_operands(p: AsmPrinter, op: Operation) -> None:
        """The form `parse_map_operands` reads."""
        map_attr = get_property(op, "map")
        if not isinstance(map_attr, AffineMapAttr):
            return
        text = " " + p.attr_text(map_attr)
        text += print_dim_and_symbol_list(p, op.operands, map_attr.value.num_dims)
        p.write(text + p.attr_dict(op, ("map",)))


    def check_min_max(op: Operation) -> str | None:
        """The verifier `affine.min` and `affine.max` share."""
        map_attr = get_property(op, "map")
        assert isinstance(map_attr, AffineMapAttr)
        if op.num_operands != map_attr.value.num_inputs:
            return "operand count and affine map dimension and symbol count must match"
        if not map_attr.value.results:
            return "affine map expect at least one result"
        return None


    def parse_bound(
        p: AsmParser, name_pos: SourcePos, *, lower: bool
    ) -> tuple[list[Value], AffineMap]:
        """A loop bound: an integer, a symbol `%n`, or `[max|min] #map(%d...)[%s...]`."""
        prefixed = p.consume_keyword("max" if lower else "min")
        if p.peek() == "%":
            uses = p.parse_operand_list()
            if len(uses) > 1:
                p.op_error(name_pos, "expected only one loop bound operand")
            return [p.resolve_operand(uses[0], IndexType.get())], AffineMap(
                0, 1, [AffineSymbolExpr(0)]
            )
        attr_pos = p.current_pos()
        attr = p.parse_attribute(IndexType.get())
        if isinstance(attr, IntegerAttr):
            return [], AffineMap(0, 0, [AffineConstantExpr(attr.value)])
        if not isinstance(attr, AffineMapAttr):
            p.op_error(name_pos, "expected valid affine map representation for loop bounds")
        operands, num_dims = parse_dim_and_symbol_list(p)
        bound = attr.value
        if bound.num_dims != num_dims:
            p.op_error(name_pos, "dim operand count and affine map dim count must match")
        if bound.num_inputs != len(operands):
            p.op_error(name_pos, "symbol operand count and affine map symbol count must match")
        if bound.num_results > 1 and not prefixed:
            which = "lower" if lower else "upper"
            prefix = "max" if lower else "min"
            p.op_error(
                attr_pos,
                f"{which} loop bound affine map with multiple results requires '{prefix}' prefix",
            )
        return operands, bound


    def print_bound(p: AsmPrinter, map_attr: Attribute | None, operands: Sequence[Value], prefix: str) -> str:
        """A loop bound as `parse_bound` reads it: the short forms where they say it all."""
        if not isinstance(map_attr, AffineMapAttr):
            return "<<NULL>>"
        bound = map_attr.value
        if is_short_bound(bound):
            expr = bound.results[0]
            if isinstance(expr, AffineConstantExpr):
                return str(expr.value)
            return p.operand(operands[0])
        text = prefix + " " if bound.num_results > 1 else ""
        text += p.attr_text(map_attr)
        return text + print_dim_and_symbol_list(p, operands, bound.num_dims)


    def is_short_bound(bound: AffineMap) -> bool:
        """Whether a loop bound prints as an integer or a symbol rather than as its map."""
        if bound.num_results != 1:
            return False
        expr = bound.results[0]
        if not bound.num_inputs and isinstance(expr, AffineConstantExpr):
            return True
        return not bound.num_dims and bound.num_symbols == 1 and isinstance(expr, AffineSymbolExpr)

    def parse_subscripts(p: AsmParser) -> tuple[AffineMap, list[UnresolvedOperand]]:
        """`[%i + 1, symbol(%n)]`: the map of a memory op and the SSA names it uses, dims
        first (MLIR's `parseAffineMapOfSSAIds`)."""
        return p.parse_affine_map_of_ssa_ids()


    def print_subscripts(p: AsmPrinter, map_attr: Attribute | None, operands: Sequence[Value]) -> str:
        """The subscripts `parse_subscripts` reads, with the operands in place of the map's
        dims and symbols."""
        if not isinstance(map_attr, AffineMapAttr):
            return "[]"
        amap = map_attr.value
        dims = [p.operand(v) for v in operands[: amap.num_dims]]
        symbols = [f"symbol({p.operand(v)})" for v in operands[amap.num_dims :]]
        return "[" + ", ".join([format_affine_expr(e, dims, symbols) for e in amap.results]) + "]"


    def parse_memref_type(p: AsmParser) -> MemRefType:
        """`: memref<...>` after a memory op's subscripts."""
        # MLIR reports a type of the wrong kind at the colon.
        pos = p.current_pos()
        p.expect(":", "expected ':'")
        type_ = p.parse_type()
        if not isinstance(type_, MemRefType):
            p.op_error(
                pos,
                f"invalid kind of type specified: expected builtin.memref, but found '{type_}'",
            )
        return type_


    def check_subscripts(op: Operation, memref: Value, indices: Sequence[Value]) -> str | None:
        """The subscript checks `affine.load` and `affine.store` share."""
        map_attr = get_property(op, "map")
        memref_type = memref.type
        assert isinstance(map_attr, AffineMapAttr)
        assert isinstance(memref_type, MemRefType)
        if map_attr.value.num_results != len(memref_type.shape):
            return "affine map num results must equal memref rank"
        if map_attr.value.num_inputs != len(indices):
            return "expects as many subscripts as affine map inputs"
        return check_dim_and_symbol_operands(op, indices, map_attr.value.num_dims)


    def parse_vector_memory_types(p: AsmParser) -> tuple[MemRefType, VectorType]:
        """`: memref<...>, vector<...>` after the subscripts of a vector memory op."""
        memref_type = parse_memref_type(p)
        p.expect(",", "expected ','")
        vector_type = p.parse_type_of(VectorType, "builtin.vector")
        assert isinstance(vector_type, VectorType)
        return memref_type, vector_type


    def check_vector_subscripts(
        op: Operation, memref: Value, indices: Sequence[Value], vector: Type
    ) -> str | None:
        """The checks `affine.vector_load` and `affine.vector_store` share: the
        subscripts', then the element types' (MLIR's `verifyVectorMemoryOp`)."""
        problem = check_subscripts(op, memref, indices)
        if problem is not None:
            return problem
        memref_type = memref.type
        assert isinstance(memref_type, MemRefType)
        assert isinstance(vector, VectorType)
        if memref_type.element_type != vector.element_type:
            return "requires memref and vector types of the same elemental type"
        return None


    def dma_maps(op: Operation, names: Sequence[str]) -> list[AffineMap] | None:
        """The maps the DMA ops keep as attributes (not properties, as in MLIR), when
        each is an affine map."""
        maps: list[AffineMap] = []
        for name in names:
            attr = op.get_attr(name)
            if not isinstance(attr, AffineMapAttr):
                return None
            maps.append(attr.value)
        return maps


    def parse_dma_ref(p: AsmParser) -> tuple[UnresolvedOperand, AffineMap, list[UnresolvedOperand]]:
        """`%memref[subscripts]` of a DMA op."""
        memref = p.parse_operand()
        amap, uses = parse_subscripts(p)
        return memref, amap, uses


    def print_dma_ref(p: AsmPrinter, memref: Value, amap: AffineMap, indices: Sequence[Value]) -> str:
        """The form `parse_dma_ref` reads."""
        return p.operand(memref) + print_subscripts(p, AffineMapAttr.get(amap), indices)


    def check_dma_indices(op: Operation, indices: Sequence[Value], what: str, op_word: str) -> str | None:
        """MLIR's checks of the subscripts of a DMA op's memref: each an index, and a valid
        dimension or symbol."""
        region = affine_scope(op)
        for value in indices:
            if value.type != IndexType.get():
                return f"{what}index to {op_word} must have 'index' type"
            if not is_valid_dim(value, region) and not is_valid_symbol(value, region):
                return f"{what}index must be a valid dimension or symbol identifier"
        return None


    # The value of a unit property that is not set.
    FALSE = BoolAttr.get_bool(False)


    # The reductions of `affine.parallel`, by their number in MLIR's `AtomicRMWKind`.
    REDUCTIONS = (
        "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
        "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori",
    )  # fmt: skip


    def reduction_fits(kind: str, type_: Type) -> bool:
        """Whether a result of `type_` can be reduced with `kind` (MLIR's
        `isResultTypeMatchAtomicRMWKind`): float kinds on floats, integer kinds on
        integers, ordered ones on integers of their signedness."""
        if kind == "assign":
            return True
        if kind in ("addf", "mulf", "maximumf", "minimumf"):
            return isinstance(type_, FloatType)
        if kind in ("addi", "muli", "andi", "ori"):
            return isinstance(type_, IntegerType)
        if kind in ("maxs", "mins"):
            return isinstance(type_, IntegerType) and not type_.is_signless and not type_.is_unsigned
        if kind in ("maxu", "minu"):
            return isinstance(type_, IntegerType) and type_.is_unsigned
        return False


    def parse_bound_groups(
        p: AsmParser, keyword: str
    ) -> tuple[list[Value], AffineMap, DenseElementsAttr]:
        """The bounds of `affine.parallel`: `(e, max(e, e), ...)`, each entry one
        expression or, after `keyword` (`max` or `min`), several; gives the operands (the
        distinct dims, then the distinct symbols), the map of every expression and the
        number of expressions of each entry (MLIR's `parseAffineMapWithMinMax`)."""
        index = IndexType.get()
        group_type = RankedTensorType.get((0,), IntegerType.get(32))
        p.expect("(", "expected '('")
        if p.consume_if(")"):
            return [], AffineMap(0, 0, []), DenseElementsAttr.get(group_type, ())
        exprs: list[AffineExpr] = []
        dim_uses: list[list[UnresolvedOperand]] = []
        symbol_uses: list[list[UnresolvedOperand]] = []
        groups: list[int] = []
        while True:
            if p.consume_keyword(keyword):
                amap, uses = p.parse_affine_map_of_ssa_ids("()")
                dims, symbols = uses[: amap.num_dims], uses[amap.num_dims :]
                for expr in amap.results:
                    exprs.append(expr)
                    dim_uses.append(dims)
                    symbol_uses.append(symbols)
                groups.append(amap.num_results)
            else:
                expr, dims, symbols = p.parse_affine_expr_of_ssa_ids()
                exprs.append(expr)
                dim_uses.append(dims)
                symbol_uses.append(symbols)
                groups.append(1)
            if p.consume_if(")"):
                break
            p.expect(",", "expected ')'")

        def dedup(uses_per_expr: list[list[UnresolvedOperand]], symbol: bool) -> tuple[list[Value], list[list[AffineExpr]]]:
            distinct: list[Value] = []
            replacements: list[list[AffineExpr]] = []
            for uses in uses_per_expr:
                these: list[AffineExpr] = []
                for use in uses:
                    value = p.resolve_operand(use, index)
                    position = next((i for i, known in enumerate(distinct) if known is value), -1)
                    if position < 0:
                        position = len(distinct)
                        distinct.append(value)
                    these.append(AffineSymbolExpr(position) if symbol else AffineDimExpr(position))
                replacements.append(these)
            return distinct, replacements

        dims_values, dim_exprs = dedup(dim_uses, False)
        symbol_values, symbol_exprs = dedup(symbol_uses, True)
        results = [
            replace_dims_and_symbols(expr, dims, symbols)
            for expr, dims, symbols in zip(exprs, dim_exprs, symbol_exprs, strict=True)
        ]
        amap = AffineMap(len(dims_values), len(symbol_values), results)
        group_type = RankedTensorType.get((len(groups),), IntegerType.get(32))
        group_attr = DenseElementsAttr.get(group_type, tuple(groups))
        return [*dims_values, *symbol_values], amap, group_attr


    def print_bound_groups(
        p: AsmPrinter, map_attr: Attribute | None, groups: Attribute | None,
        operands: Sequence[Value], keyword: str,
    ) -> str:
        """The bounds `parse_bound_groups` reads (MLIR's `printMinMaxBound`)."""
        if not isinstance(map_attr, AffineMapAttr) or not isinstance(groups, DenseElementsAttr):
            return ""
        amap = map_attr.value
        dims = [p.operand(v) for v in operands[: amap.num_dims]]
        symbols = [f"symbol({p.operand(v)})" for v in operands[amap.num_dims :]]
        sizes = list(groups.values) * groups.type.num_elements if groups.is_splat else list(groups.values)
        parts: list[str] = []
        start = 0
        for size in sizes:
            assert isinstance(size, int)
            if size == 1:
                parts.append(format_affine_expr(amap.results[start], dims, symbols))
            else:
                exprs = amap.results[start : start + size]
                parts.append(
                    keyword + "(" + ", ".join(format_affine_expr(e, dims, symbols) for e in exprs) + ")"
                )
            start += size
        return ", ".join(parts)


    def identity_subscripts(memref: Value) -> AffineMap:
        """The map of subscripts that are the memref's indices themselves."""
        memref_type = memref.type
        assert isinstance(memref_type, MemRefType)
        return AffineMap.identity(len(memref_type.shape))
  }];
}

class Affine_Op<string mnemonic, list<Trait> traits = []>
    : Op<Affine_Dialect, mnemonic, traits>;

def ImplicitAffineTerminator : SingleBlockImplicitTerminator<"AffineYieldOp">;

def AffineApplyOp : Affine_Op<"apply", [Pure]> {
  let summary = "Apply a one-result affine map to index operands";
  let description = [{
    Evaluates the single result of `map` for the operands `mapOperands`, the
    values of the map's dimensions followed by those of its symbols, and
    returns it as an index. The operand count must be the map's number of
    dimensions plus symbols. An operand in a symbol position must not be a
    value that is only a valid dimension (an induction variable, say).

    Example:

    ```mlir
    #tile = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
    %idx = affine.apply #tile(%i)[%offset]
    %quarter = affine.apply affine_map<()[s0] -> (s0 floordiv 4)>()[%n]
    ```
  }];
  let arguments = (ins AffineMapAttr:$map, Variadic<Index>:$mapOperands);
  let results = (outs Index);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    map_attr = p.parse_attribute_of(AffineMapAttr)
    assert isinstance(map_attr, AffineMapAttr)
    operands, num_dims = parse_dim_and_symbol_list(p)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    amap = map_attr.value
    if amap.num_dims != num_dims or amap.num_inputs != len(operands):
        p.op_error(name_pos, "dimension or symbol index mismatch")
    return p.create_op(
        cls,
        name_pos,
        operands,
        [IndexType.get()] * amap.num_results,
        properties=[("map", map_attr)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    print_map_operands(p, self)
  }];
  let hasVerifier = 1;
  let verifier = [{
    amap = self.map.value
    if self.num_operands != amap.num_inputs:
        return "operand count and affine map dimension and symbol count must match"
    if amap.num_results != 1:
        return "mapping must produce one value"
    # An operand may be neither a dimension nor a symbol (affine.apply is also used
    # outside affine ops), but one that is only a dimension cannot be a symbol.
    region = affine_scope(self)
    for value in self.operands[amap.num_dims :]:
        if is_valid_dim(value, region) and not is_valid_symbol(value, region):
            return VerifyMessage("dimensional operand cannot be used as a symbol", prefixed=False)
    return None
  }];
}

def AffineForOp : Affine_Op<"for", [
    AttrSizedOperandSegments, AutomaticAllocationScope, ImplicitAffineTerminator,
    ConditionallySpeculatable, RecursiveMemoryEffects, LoopLikeOpInterface,
    RegionBranchOpInterface]> {
  let summary = "A loop over an affine range of indices";
  let description = [{
    Runs its body for each value of the induction variable, the body's first
    argument, from the lower bound up to (excluding) the upper bound, in
    increments of `step`. A bound is the maximum (lower) or minimum (upper) of
    the results of its map applied to its operands (dimensions, then
    symbols). Loop-carried values start as `inits`, are the body's further
    arguments in each iteration, and are replaced by the operands of the
    body's `affine.yield`; after the last iteration they are the results.

    In the custom form a bound is an integer, a symbol `%n`, or a map
    applied to operands, prefixed with `max` (lower) or `min` (upper) when it
    has several results; `step` is left out when it is 1. The body may leave
    out an `affine.yield` without operands.

    Example:

    ```mlir
    #lb = affine_map<(d0)[s0] -> (d0, s0)>
    #ub = affine_map<(d0) -> (d0 + 4, 128)>
    affine.for %i = 0 to %n step 4 {
      affine.for %j = max #lb(%i)[%m] to min #ub(%i) {
        "test.use"(%i, %j) : (index, index) -> ()
      }
    }
    %sum = affine.for %k = 0 to 128 iter_args(%acc = %zero) -> (f32) {
      %next = arith.addf %acc, %acc : f32
      affine.yield %next : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$lowerBoundOperands,
                       Variadic<Index>:$upperBoundOperands,
                       Variadic<AnyType>:$inits,
                       AffineMapAttr:$lowerBoundMap,
                       AffineMapAttr:$upperBoundMap,
                       IndexAttr:$step);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let builders = [
    OpBuilder<(ins "int":$lower, "int":$upper, CArg<"int", "1">:$step,
                   CArg<"Sequence[Value]", "()">:$iter_args), [{
      return cls.build_1(
          (),
          AffineMap(0, 0, [AffineConstantExpr(lower)]),
          (),
          AffineMap(0, 0, [AffineConstantExpr(upper)]),
          step,
          iter_args,
      )
    }]>,
    OpBuilder<(ins "Sequence[Value]":$lower_operands, "AffineMap":$lower_map,
                   "Sequence[Value]":$upper_operands, "AffineMap":$upper_map,
                   CArg<"int", "1">:$step, CArg<"Sequence[Value]", "()">:$iter_args), [{
      index = IndexType.get()
      op = cls(
          lower_operands,
          upper_operands,
          iter_args,
          lower_bound_map=AffineMapAttr.get(lower_map),
          upper_bound_map=AffineMapAttr.get(upper_map),
          step=IntegerAttr.get(index, step),
          results_types=[v.type for v in iter_args],
      )
      block = op.regions[0].blocks[0]
      block.add_argument(index)
      for value in iter_args:
          block.add_argument(value.type)
      # Without loop-carried values the body ends in the implicit yield; with them
      # the caller yields the next values.
      if not iter_args:
          block.append(AffineYieldOp())
      return op
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    index = IndexType.get()
    induction_var = p.parse_argument()
    # The custom form writes the induction variable's location with debug info.
    induction_loc: Location | None = p.parse_optional_trailing_loc()
    p.expect("=", "expected '='")
    lower_operands, lower_map = parse_bound(p, name_pos, lower=True)
    if not p.consume_keyword("to"):
        p.op_error_at_token("expected 'to' between bounds")
    upper_operands, upper_map = parse_bound(p, name_pos, lower=False)
    step = IntegerAttr.get(index, 1)
    if p.consume_keyword("step"):
        step_pos = p.current_pos()
        attr = p.parse_attribute(index)
        if not isinstance(attr, IntegerAttr):
            p.op_error(step_pos, "invalid kind of attribute specified")
        if attr.value < 0:
            p.op_error(step_pos, "expected step to be representable as a positive signed integer")
        step = attr
    arguments: list[tuple[UnresolvedOperand, Type, Location | None]] = [
        (induction_var, index, induction_loc)
    ]
    inits: list[Value] = []
    result_types: list[Type] = []
    if p.consume_keyword("iter_args"):
        p.expect("(", "expected '('")
        pairs: list[tuple[UnresolvedOperand, UnresolvedOperand]] = []
        if not p.consume_if(")"):
            while True:
                arg = p.parse_operand()
                p.expect("=", "expected '='")
                pairs.append((arg, p.parse_operand()))
                if p.consume_if(")"):
                    break
                p.expect(",", "expected ')'")
        result_types = p.parse_arrow_type_list()
        for (arg, use), type_ in zip(pairs, result_types, strict=False):
            arguments.append((arg, type_, None))
            inits.append(p.resolve_operand(use, type_))
        if len(pairs) != len(result_types):
            p.op_error(name_pos, "mismatch between the number of loop-carried values and results")
    body = Region()
    p.parse_custom_region(body, arguments)
    ensure_yield(body, p.loc_at(name_pos))
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    sizes = (len(lower_operands), len(upper_operands), len(inits))
    return p.create_op(
        cls,
        name_pos,
        [*lower_operands, *upper_operands, *inits],
        result_types,
        properties=[
            ("lowerBoundMap", AffineMapAttr.get(lower_map)),
            ("upperBoundMap", AffineMapAttr.get(upper_map)),
            ("step", step),
            ("operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), sizes)),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    block = self.region.blocks[0] if self.region.blocks else None
    if block is None or not block.args:
        # No induction variable to name: only the generic form can show it.
        return False
    induction_var = block.args[0]
    text = " " + p.operand(induction_var)
    if p.debuginfo:
        text += " " + p.loc_text(induction_var.loc, allow_alias=False)
    text += " = "
    text += print_bound(p, get_property(self, "lowerBoundMap"), self.lower_bound_operands, "max")
    text += " to "
    text += print_bound(p, get_property(self, "upperBoundMap"), self.upper_bound_operands, "min")
    if self.step.value != 1:
        text += f" step {self.step.value}"
    loop_carried = bool(self.inits)
    if loop_carried:
        pairs = [
            f"{p.operand(arg)} = {p.operand(value)}"
            for arg, value in zip(block.args[1:], self.inits, strict=False)
        ]
        text += " iter_args(" + ", ".join(pairs) + ") -> (" + p.types(self.result_types) + ")"
    p.write(text + " ")
    p.print_region(self.region, entry_args=False, terminators=loop_carried)
    p.write(
        p.attr_dict(self, ("lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"))
    )
    return None
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The bound maps the custom form writes, ahead of the body."""
        return [
            attr
            for attr in (self.lower_bound_map, self.upper_bound_map)
            if not is_short_bound(attr.value)
        ]

    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form writes the induction variable but not the loop-carried values'
        arguments, and the yield only when it yields values."""
        return (region.blocks[0].args[:1] if region.blocks else ()), bool(self.inits)
  }];
  // MLIR's checks after the body is verified: the loop-like interface's (loop-carried
  // values), then the loop's own (`verifyRegions`).
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    block = self.region.blocks[0]
    # MLIR's LoopLikeOpInterface checks first.
    iter_args = block.args[1:]
    inits = self.inits
    if len(inits) != len(iter_args):
        return f"different number of inits and region iter_args: {len(inits)} != {len(iter_args)}"
    terminator = block.last_op
    yielded = terminator.operands if isinstance(terminator, AffineYieldOp) else ()
    if yielded and len(iter_args) != len(yielded):
        return (
            "different number of region iter_args and yielded values: "
            f"{len(iter_args)} != {len(yielded)}"
        )
    if len(self.results) != len(iter_args):
        return (
            "different number of loop results and region iter_args: "
            f"{len(self.results)} != {len(iter_args)}"
        )
    for i, (init, arg) in enumerate(zip(inits, iter_args, strict=True)):
        if init.type != arg.type:
            return (
                f"{i}-th init and {i}-th region iter_arg have different type: "
                f"'{init.type}' != '{arg.type}'"
            )
        if yielded and arg.type != yielded[i].type:
            return (
                f"{i}-th region iter_arg and {i}-th yielded value have different type: "
                f"'{arg.type}' != '{yielded[i].type}'"
            )
    for i, (arg, result) in enumerate(zip(iter_args, self.results, strict=True)):
        if arg.type != result.type:
            return (
                f"{i}-th region iter_arg and {i}-th loop result have different type: "
                f"'{arg.type}' != '{result.type}'"
            )
    if not block.args or block.args[0].type != IndexType.get():
        return "expected body to have a single index argument for the induction variable"
    lower = self.lower_bound_map.value
    upper = self.upper_bound_map.value
    for amap, operands in ((lower, self.lower_bound_operands), (upper, self.upper_bound_operands)):
        if amap.num_inputs:
            problem = check_dim_and_symbol_operands(self, operands, amap.num_dims)
            if problem is not None:
                return problem
    if not lower.results:
        return "expected lower bound map to have at least one result"
    if not upper.results:
        return "expected upper bound map to have at least one result"
    if self.results:
        iter_operands = self.num_operands - lower.num_inputs - upper.num_inputs
        if iter_operands != len(self.results):
            return "mismatch between the number of loop-carried values and results"
        if len(iter_args) != len(self.results):
            return "mismatch between the number of basic block args and results"
    return None
  }];
}

def AffineIfOp : Affine_Op<"if", [
    ImplicitAffineTerminator, RecursivelySpeculatable, RecursiveMemoryEffects,
    NoRegionArguments, RegionBranchOpInterface]> {
  let summary = "Run one of two regions, on whether indices are in an integer set";
  let description = [{
    Runs `thenRegion` when its operands (the dimensions, then the symbols of
    `condition`) satisfy every constraint of the integer set `condition`,
    and `elseRegion` otherwise; the else region may be empty. Each region is
    a single block ending in an `affine.yield` of the op's results; an op
    with results needs both regions. A yield without operands may be left
    out in the custom form.

    Example:

    ```mlir
    #inside = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>
    affine.if #inside(%i)[%n] {
      "test.use"(%i) : (index) -> ()
    }
    %v = affine.if #inside(%i)[%n] -> f32 {
      affine.yield %a : f32
    } else {
      affine.yield %b : f32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>, IntegerSetAttr:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, AnyRegion:$elseRegion);
  let builders = [
    OpBuilder<(ins "IntegerSet":$condition, "Sequence[Value]":$operands,
                   CArg<"bool", "False">:$with_else,
                   CArg<"Sequence[Type]", "()">:$result_types), [{
      op = cls(operands, condition=IntegerSetAttr.get(condition), results_types=result_types)
      regions = [op.regions[0]]
      if with_else:
          op.regions[1].add_block(Block())
          regions.append(op.regions[1])
      # With results the caller yields the values of each branch.
      if not result_types:
          for region in regions:
              region.blocks[0].append(AffineYieldOp())
      return op
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    set_attr = p.parse_attribute_of(IntegerSetAttr)
    assert isinstance(set_attr, IntegerSetAttr)
    operands, num_dims = parse_dim_and_symbol_list(p)
    condition = set_attr.value
    if condition.num_dims != num_dims:
        p.op_error(name_pos, "dim operand count and integer set dim count must match")
    if condition.num_inputs != len(operands):
        p.op_error(name_pos, "symbol operand count and integer set symbol count must match")
    result_types: list[Type] = []
    if p.next_is("->"):
        result_types = p.parse_arrow_type_list()
    loc = p.loc_at(name_pos)
    then_region = Region()
    p.parse_region(then_region)
    ensure_yield(then_region, loc)
    else_region = Region()
    if p.consume_keyword("else"):
        p.parse_region(else_region)
        ensure_yield(else_region, loc)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        operands,
        result_types,
        properties=[("condition", set_attr)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[then_region, else_region],
    )
  }];
  let printer = [{
    set_attr = get_property(self, "condition")
    if not isinstance(set_attr, IntegerSetAttr):
        return False
    text = " " + p.attr_text(set_attr)
    text += print_dim_and_symbol_list(p, self.operands, set_attr.value.num_dims)
    if self.results:
        text += " -> " + p.arrow_results(self.result_types)
    p.write(text + " ")
    with_results = bool(self.results)
    p.print_region(self.then_region, entry_args=False, terminators=with_results)
    if self.else_region.blocks:
        p.write(" else ")
        p.print_region(self.else_region, entry_args=False, terminators=with_results)
    p.write(p.attr_dict(self, ("condition",)))
    return None
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the condition ahead of the regions."""
        return [self.condition]

    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form writes the yields only when the op has results."""
        return None, bool(self.results)
  }];
  // MLIR's RegionBranchOpInterface check, after the regions: without an else region the
  // op's results would come from nowhere.
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    if self.results and not self.else_region.blocks:
        return VerifyMessage(
            "along control flow edge from parent to parent: region branch point has 0 "
            f"operands, but region successor needs {len(self.results)} inputs",
            notes=("region branch point",),
        )
    return None
  }];
  let hasVerifier = 1;
  let verifier = [{
    condition = self.condition.value
    if self.num_operands != condition.num_inputs:
        return (
            "operand count and condition integer set dimension and symbol count must match"
        )
    problem = check_dim_and_symbol_operands(self, self.operands, condition.num_dims)
    if problem is not None:
        return problem
    return None
  }];
}

class AffineMinMaxOpBase<string mnemonic, list<Trait> traits = []>
    : Affine_Op<mnemonic, traits> {
  let arguments = (ins AffineMapAttr:$map, Variadic<Index>:$operands);
  let results = (outs Index);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return parse_map_operands(p, cls, name_pos)
  }];
  let printer = [{
    print_map_operands(p, self)
  }];
  let hasVerifier = 1;
  let verifier = [{
    return check_min_max(self)
  }];
}

def AffineMinOp : AffineMinMaxOpBase<"min", [Pure]> {
  let summary = "The minimum of the results of an affine map";
  let description = [{
    Applies `map` to its operands (dimensions, then symbols) and returns the
    smallest of the map's results, an index. The map must have at least one
    result.

    Example:

    ```mlir
    %tile_end = affine.min affine_map<(d0)[s0] -> (d0 + 32, s0)>(%i)[%n]
    ```
  }];
}

def AffineMaxOp : AffineMinMaxOpBase<"max", [Pure]> {
  let summary = "The maximum of the results of an affine map";
  let description = [{
    Applies `map` to its operands (dimensions, then symbols) and returns the
    largest of the map's results, an index. The map must have at least one
    result.

    Example:

    ```mlir
    %start = affine.max affine_map<(d0) -> (d0 - 2, 0)>(%i)
    ```
  }];
}

def AffineLoadOp : Affine_Op<"load", [MemRefsNormalizable]> {
  let summary = "Read an element of a memref at affine subscripts";
  let description = [{
    Reads the element of `memref` at the subscripts that `map` computes from
    `indices` (its dimensions, then its symbols), one per dimension of the
    memref. The indices must be valid dimensions or symbols; the result has
    the memref's element type.

    In the custom form the subscripts are affine expressions over the
    indices themselves, a symbol written `symbol(%n)`.

    Example:

    ```mlir
    %v = affine.load %buf[%i + 1, %j * 2 + symbol(%off)] : memref<100x100xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref, Variadic<Index>:$indices, AffineMapAttr:$map);
  let results = (outs AnyType:$result);
  let builders = [
    OpBuilder<(ins "Value":$memref, CArg<"Sequence[Value]", "()">:$indices), [{
      return cls.build_1(memref, identity_subscripts(memref), indices)
    }]>,
    OpBuilder<(ins "Value":$memref, "AffineMap":$map, "Sequence[Value]":$map_operands), [{
      memref_type = memref.type
      assert isinstance(memref_type, MemRefType)
      return cls(
          memref,
          map_operands,
          map=AffineMapAttr.get(map),
          result_type=memref_type.element_type,
      )
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    memref_use = p.parse_operand()
    amap, uses = parse_subscripts(p)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    memref_type = parse_memref_type(p)
    memref = p.resolve_operand(memref_use, memref_type)
    indices = [p.resolve_operand(use, IndexType.get()) for use in uses]
    return p.create_op(
        cls,
        name_pos,
        [memref, *indices],
        [memref_type.element_type],
        properties=[("map", AffineMapAttr.get(amap))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = " " + p.operand(self.memref)
    text += print_subscripts(p, get_property(self, "map"), self.indices)
    p.write(text + p.attr_dict(self, ("map",)) + " : " + p.type_text(self.memref.type))
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the map as the subscripts, not as an attribute."""
        return []
  }];
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    if self.result.type != memref_type.element_type:
        return "result type must match element type of memref"
    return check_subscripts(self, self.memref, self.indices)
  }];
}

def AffineStoreOp : Affine_Op<"store", [MemRefsNormalizable]> {
  let summary = "Write an element of a memref at affine subscripts";
  let description = [{
    Writes `value` to the element of `memref` at the subscripts that `map`
    computes from `indices` (its dimensions, then its symbols), one per
    dimension of the memref. The indices must be valid dimensions or
    symbols, and the value must have the memref's element type.

    In the custom form the subscripts are affine expressions over the
    indices themselves, a symbol written `symbol(%n)`.

    Example:

    ```mlir
    affine.store %v, %buf[%i, symbol(%n) - 1] : memref<100x?xf32>
    ```
  }];
  let arguments = (ins AnyType:$value, AnyMemRef:$memref, Variadic<Index>:$indices,
                       AffineMapAttr:$map);
  let builders = [
    OpBuilder<(ins "Value":$value, "Value":$memref,
                   CArg<"Sequence[Value]", "()">:$indices), [{
      return cls.build_1(value, memref, identity_subscripts(memref), indices)
    }]>,
    OpBuilder<(ins "Value":$value, "Value":$memref, "AffineMap":$map,
                   "Sequence[Value]":$map_operands), [{
      return cls(value, memref, map_operands, map=AffineMapAttr.get(map))
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    value_use = p.parse_operand()
    p.expect(",", "expected ','")
    memref_use = p.parse_operand()
    amap, uses = parse_subscripts(p)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    memref_type = parse_memref_type(p)
    value = p.resolve_operand(value_use, memref_type.element_type)
    memref = p.resolve_operand(memref_use, memref_type)
    indices = [p.resolve_operand(use, IndexType.get()) for use in uses]
    return p.create_op(
        cls,
        name_pos,
        [value, memref, *indices],
        [],
        properties=[("map", AffineMapAttr.get(amap))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = " " + p.operand(self.value) + ", " + p.operand(self.memref)
    text += print_subscripts(p, get_property(self, "map"), self.indices)
    p.write(text + p.attr_dict(self, ("map",)) + " : " + p.type_text(self.memref.type))
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the map as the subscripts, not as an attribute."""
        return []
  }];
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    if self.value.type != memref_type.element_type:
        return "value to store must have the same type as memref element type"
    return check_subscripts(self, self.memref, self.indices)
  }];
}

def AffineYieldOp : Affine_Op<"yield", [
    Pure, Terminator, ReturnLike, MemRefsNormalizable]> {
  let summary = "End a region of an affine op, with the values it gives back";
  let description = [{
    Terminates the body of an `affine.for` or a region of an `affine.if`.
    Its operands become the results of the parent op (and, in a loop, the
    loop-carried values of the next iteration), so their number and types
    must be the parent's results. Where the parent has no results the yield
    has no operands and may be left out of the custom form.

    Example:

    ```mlir
    affine.yield %next, %count : f32, index
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
  let verifier = [{
    parent = self.parent_op
    if parent is None or parent.name not in ("affine.if", "affine.for", "affine.parallel"):
        return "only terminates affine.if/for/parallel regions"
    if len(parent.results) != self.num_operands:
        return "parent of yield must have same number of results as the yield operands"
    for result, value in zip(parent.results, self.operands, strict=True):
        if result.type != value.type:
            return "types mismatch between yield op and its parent"
    return None
  }];
}

def AffineParallelOp : Affine_Op<"parallel", [
    AutomaticAllocationScope, ImplicitAffineTerminator, RecursivelySpeculatable,
    RecursiveMemoryEffects, LoopLikeOpInterface, MemRefsNormalizable]> {
  let summary = "A band of parallel loops over affine ranges, with reductions";
  let description = [{
    Runs its body once for every point of a hyper-rectangle of indices, in
    no particular order: one induction variable (an argument of the body)
    per dimension, each from its lower bound up to (excluding) its upper
    bound in increments of its step, a positive constant (1 by default).

    The bounds of all dimensions are the results of one map each,
    `lowerBoundsMap` and `upperBoundsMap`, applied to `mapOperands` (the
    lower map's dimensions and symbols, then the upper map's). The groups
    `lowerBoundsGroups` and `upperBoundsGroups` say how many consecutive
    results belong to each dimension: the bound is their maximum (lower) or
    minimum (upper). In the custom form a bound of several results is
    written `max(...)` or `min(...)`, and each bound is an affine expression
    over the SSA values themselves, a symbol written `symbol(%n)`.

    Each value the body yields is combined across all iterations with the
    reduction of the same position in `reductions` (a kind of
    `arith`'s atomic read-modify-write: `"addf"`, `"maxs"`, ...), which must
    suit the result's type; with no iterations a result is the reduction's
    identity.

    Example:

    ```mlir
    affine.parallel (%i, %j) = (0, 0) to (%n, min(%m, 128)) step (1, 4) {
      %v = affine.load %a[%i, %j] : memref<?x?xf32>
      affine.store %v, %b[%j, %i] : memref<?x?xf32>
    }
    %sum = affine.parallel (%k) = (0) to (1024) reduce ("addf") -> (f32) {
      %x = affine.load %c[%k] : memref<1024xf32>
      affine.yield %x : f32
    }
    ```
  }];
  // The reductions are `arith`'s AtomicRMWKind cases, kept as their numbers.
  let arguments = (ins TypedArrayAttrBase<ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<15>]>,
                                          "Reduction ops">:$reductions,
                       AffineMapAttr:$lowerBoundsMap,
                       I32ElementsAttr:$lowerBoundsGroups,
                       AffineMapAttr:$upperBoundsMap,
                       I32ElementsAttr:$upperBoundsGroups,
                       I64ArrayAttr:$steps,
                       Variadic<Index>:$mapOperands);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    index = IndexType.get()
    p.expect("(", "expected '('")
    ivs: list[tuple[UnresolvedOperand, Type, Location | None]] = []
    if not p.consume_if(")"):
        while True:
            iv = p.parse_argument()
            ivs.append((iv, index, p.parse_optional_trailing_loc()))
            if p.consume_if(")"):
                break
            p.expect(",", "expected ')'")
    p.expect("=", "expected '='")
    lower_operands, lower_map, lower_groups = parse_bound_groups(p, "max")
    p.expect_keyword("to")
    upper_operands, upper_map, upper_groups = parse_bound_groups(p, "min")
    i64 = IntegerType.get(64)
    steps = [1] * len(ivs)
    if p.consume_keyword("step"):
        steps_map, _ = p.parse_affine_map_of_ssa_ids("()")
        steps = []
        for expr in steps_map.results:
            if not isinstance(expr, AffineConstantExpr):
                p.op_error(name_pos, "steps must be constant integers")
            steps.append(expr.value)
    reductions: list[Attribute] = []
    if p.consume_keyword("reduce"):
        p.expect("(", "expected '('")
        while True:
            pos = p.current_pos()
            attr = p.parse_attribute()
            if not isinstance(attr, StringAttr):
                p.op_error(pos, "invalid kind of attribute specified")
            if attr.value not in REDUCTIONS:
                p.op_error(pos, f'invalid reduction value: "{attr.value}"')
            reductions.append(IntegerAttr.get(i64, REDUCTIONS.index(attr.value)))
            if not p.consume_if(","):
                break
        p.expect(")", "expected ')'")
    result_types: list[Type] = []
    if p.next_is("->"):
        result_types = p.parse_arrow_type_list()
    body = Region()
    p.parse_custom_region(body, ivs)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    ensure_yield(body, p.loc_at(name_pos))
    return p.create_op(
        cls,
        name_pos,
        [*lower_operands, *upper_operands],
        result_types,
        properties=[
            ("lowerBoundsGroups", lower_groups),
            ("lowerBoundsMap", AffineMapAttr.get(lower_map)),
            ("reductions", ArrayAttr.get(tuple(reductions))),
            ("steps", ArrayAttr.get(tuple(IntegerAttr.get(i64, s) for s in steps))),
            ("upperBoundsGroups", upper_groups),
            ("upperBoundsMap", AffineMapAttr.get(upper_map)),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    block = self.region.blocks[0] if self.region.blocks else None
    lower_map = get_property(self, "lowerBoundsMap")
    upper_map = get_property(self, "upperBoundsMap")
    if block is None or not isinstance(lower_map, AffineMapAttr):
        return False
    lower_count = lower_map.value.num_inputs
    text = " (" + ", ".join(p.operand(arg) for arg in block.args) + ") = ("
    text += print_bound_groups(
        p, lower_map, get_property(self, "lowerBoundsGroups"),
        self.map_operands[:lower_count], "max",
    )
    text += ") to ("
    text += print_bound_groups(
        p, upper_map, get_property(self, "upperBoundsGroups"),
        self.map_operands[lower_count:], "min",
    )
    text += ")"
    steps = [a.value for a in self.steps.value if isinstance(a, IntegerAttr)]
    if any(step != 1 for step in steps):
        text += " step (" + ", ".join(str(step) for step in steps) + ")"
    if self.results:
        kinds = [
            REDUCTIONS[a.value] if isinstance(a, IntegerAttr) and 0 <= a.value < len(REDUCTIONS) else "?"
            for a in self.reductions.value
        ]
        text += ' reduce (' + ", ".join(f'"{kind}"' for kind in kinds) + ")"
        text += " -> (" + p.types(self.result_types) + ")"
    p.write(text + " ")
    p.print_region(self.region, entry_args=False, terminators=bool(self.results))
    p.write(
        p.attr_dict(
            self,
            (
                "reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap",
                "upperBoundsGroups", "steps",
            ),
        )
    )
    return None
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the bounds as expressions, not as maps."""
        return []

    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form writes the induction variables, and the yield only when it
        yields values."""
        return (region.blocks[0].args if region.blocks else ()), bool(self.results)
  }];
  let hasVerifier = 1;
  let verifier = [{
    num_dims = len(self.steps.value)
    block = self.region.blocks[0]
    lower_groups = get_property(self, "lowerBoundsGroups")
    upper_groups = get_property(self, "upperBoundsGroups")
    assert isinstance(lower_groups, DenseElementsAttr)
    assert isinstance(upper_groups, DenseElementsAttr)
    if (
        lower_groups.type.num_elements != num_dims
        or upper_groups.type.num_elements != num_dims
        or len(block.args) != num_dims
    ):
        return (
            f"the number of region arguments ({len(block.args)}) and the number of map "
            f"groups for lower ({lower_groups.type.num_elements}) and upper bound "
            f"({upper_groups.type.num_elements}), and the number of steps ({num_dims}) "
            "must all match"
        )
    for which, groups, amap in (
        ("lower", lower_groups, self.lower_bounds_map.value),
        ("upper", upper_groups, self.upper_bounds_map.value),
    ):
        sizes = list(groups.values) * groups.type.num_elements if groups.is_splat else list(groups.values)
        expected = 0
        for size in sizes:
            assert isinstance(size, int)
            if size & 0xFFFFFFFF == 0:
                return f"expected {which} bound map to have at least one result"
            expected += size & 0xFFFFFFFF
        if expected != amap.num_results:
            return f"expected {which} bounds map to have {expected} results"
    if len(self.reductions.value) != len(self.results):
        return "a reduction must be specified for each output"
    for attr, result in zip(self.reductions.value, self.results, strict=True):
        if not isinstance(attr, IntegerAttr) or not 0 <= attr.value < len(REDUCTIONS):
            return "invalid reduction attribute"
        if not reduction_fits(REDUCTIONS[attr.value], result.type):
            return "result type cannot match reduction attribute"
    lower = self.lower_bounds_map.value
    upper = self.upper_bounds_map.value
    operands = self.map_operands
    problem = check_dim_and_symbol_operands(self, operands[: lower.num_inputs], lower.num_dims)
    if problem is None:
        problem = check_dim_and_symbol_operands(
            self, operands[lower.num_inputs : lower.num_inputs + upper.num_inputs], upper.num_dims
        )
    return problem
  }];
}

def AffinePrefetchOp : Affine_Op<"prefetch", [MemRefsNormalizable]> {
  let summary = "Prefetch an element of a memref at affine subscripts";
  let description = [{
    Hints that the element of `memref` at the subscripts `map` computes from
    `indices` (one per dimension of the memref) will be read or written
    (`isWrite`) soon, from the data or the instruction cache
    (`isDataCache`). `localityHint` goes from 0 (no locality: do not keep
    it cached) to 3 (keep it in every cache level).

    Example:

    ```mlir
    affine.prefetch %buf[%i, %j + 5], read, locality<3>, data : memref<400x400xi32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref, Variadic<Index>:$indices,
                       BoolAttr:$isWrite,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$localityHint,
                       BoolAttr:$isDataCache,
                       AffineMapAttr:$map);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    memref_use = p.parse_operand()
    amap, uses = parse_subscripts(p)
    p.expect(",", "expected ','")
    access = p.parse_keyword()
    p.expect(",", "expected ','")
    p.expect_keyword("locality")
    p.expect("<", "expected '<'")
    hint_pos = p.current_pos()
    hint = p.parse_attribute(IntegerType.get(32))
    if not isinstance(hint, IntegerAttr):
        p.error_at(hint_pos, "invalid kind of attribute specified")
    p.expect(">", "expected '>'")
    p.expect(",", "expected ','")
    cache = p.parse_keyword()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    # MLIR reports a type of the wrong kind at the colon.
    type_pos = p.current_pos()
    p.expect(":", "expected ':'")
    memref_type = p.parse_type()
    if not isinstance(memref_type, MemRefType):
        p.op_error(
            type_pos,
            f"invalid kind of type specified: expected builtin.memref, but found '{memref_type}'",
        )
    memref = p.resolve_operand(memref_use, memref_type)
    indices = [p.resolve_operand(use, IndexType.get()) for use in uses]
    if access not in ("read", "write"):
        p.op_error(name_pos, "rw specifier has to be 'read' or 'write'")
    if cache not in ("data", "instr"):
        p.op_error(name_pos, "cache type has to be 'data' or 'instr'")
    return p.create_op(
        cls,
        name_pos,
        [memref, *indices],
        [],
        properties=[
            ("isDataCache", BoolAttr.get_bool(cache == "data")),
            ("isWrite", BoolAttr.get_bool(access == "write")),
            ("localityHint", hint),
            ("map", AffineMapAttr.get(amap)),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = " " + p.operand(self.memref)
    text += print_subscripts(p, get_property(self, "map"), self.indices)
    is_write = get_property(self, "isWrite")
    is_data = get_property(self, "isDataCache")
    hint = get_property(self, "localityHint")
    text += ", write" if isinstance(is_write, BoolAttr) and is_write.value else ", read"
    text += f", locality<{hint.value if isinstance(hint, IntegerAttr) else 0}>"
    text += ", data" if isinstance(is_data, BoolAttr) and is_data.value else ", instr"
    text += p.attr_dict(self, ("map", "localityHint", "isDataCache", "isWrite"))
    p.write(text + " : " + p.type_text(self.memref.type))
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the map as the subscripts, not as an attribute."""
        return []
  }];
  let hasVerifier = 1;
  let verifier = [{
    memref_type = self.memref.type
    assert isinstance(memref_type, MemRefType)
    amap = self.map.value
    if amap.num_results != len(memref_type.shape):
        return "affine.prefetch affine map num results must equal memref rank"
    if amap.num_inputs + 1 != self.num_operands:
        return "too few operands"
    region = affine_scope(self)
    for value in self.indices:
        if not is_valid_dim(value, region) and not is_valid_symbol(value, region):
            return "index must be a valid dimension or symbol identifier"
    return None
  }];
}

def AffineVectorLoadOp : Affine_Op<"vector_load", [MemRefsNormalizable]> {
  let summary = "Read a vector from a memref at affine subscripts";
  let description = [{
    Reads a vector from `memref`, starting at the subscripts `map` computes
    from `indices` (one per dimension of the memref): the slice read has the
    shape of the result vector, contiguous along each of its dimensions (the
    innermost ones of the memref). The vector and the memref have the same
    element type.

    Example:

    ```mlir
    %v = affine.vector_load %buf[%i, %j * 8 + symbol(%off)] : memref<100x100xf32>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref, Variadic<Index>:$indices, AffineMapAttr:$map);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    memref_use = p.parse_operand()
    amap, uses = parse_subscripts(p)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    memref_type, vector_type = parse_vector_memory_types(p)
    memref = p.resolve_operand(memref_use, memref_type)
    indices = [p.resolve_operand(use, IndexType.get()) for use in uses]
    return p.create_op(
        cls,
        name_pos,
        [memref, *indices],
        [vector_type],
        properties=[("map", AffineMapAttr.get(amap))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = " " + p.operand(self.memref)
    text += print_subscripts(p, get_property(self, "map"), self.indices)
    text += p.attr_dict(self, ("map",)) + " : " + p.type_text(self.memref.type)
    p.write(text + ", " + p.type_text(self.result.type))
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the map as the subscripts, not as an attribute."""
        return []
  }];
  let hasVerifier = 1;
  let verifier = [{
    return check_vector_subscripts(self, self.memref, self.indices, self.result.type)
  }];
}

def AffineVectorStoreOp : Affine_Op<"vector_store", [MemRefsNormalizable]> {
  let summary = "Write a vector to a memref at affine subscripts";
  let description = [{
    Writes `value` to `memref`, starting at the subscripts `map` computes
    from `indices` (one per dimension of the memref): the slice written has
    the shape of the vector, contiguous along each of its dimensions. The
    vector and the memref have the same element type.

    Example:

    ```mlir
    affine.vector_store %v, %buf[%i, %j * 8] : memref<100x100xf32>, vector<8xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$value, AnyMemRef:$memref,
                       Variadic<Index>:$indices, AffineMapAttr:$map);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    value_use = p.parse_operand()
    p.expect(",", "expected ','")
    memref_use = p.parse_operand()
    amap, uses = parse_subscripts(p)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    memref_type, vector_type = parse_vector_memory_types(p)
    value = p.resolve_operand(value_use, vector_type)
    memref = p.resolve_operand(memref_use, memref_type)
    indices = [p.resolve_operand(use, IndexType.get()) for use in uses]
    return p.create_op(
        cls,
        name_pos,
        [value, memref, *indices],
        [],
        properties=[("map", AffineMapAttr.get(amap))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = " " + p.operand(self.value) + ", " + p.operand(self.memref)
    text += print_subscripts(p, get_property(self, "map"), self.indices)
    text += p.attr_dict(self, ("map",)) + " : " + p.type_text(self.memref.type)
    p.write(text + ", " + p.type_text(self.value.type))
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the map as the subscripts, not as an attribute."""
        return []
  }];
  let hasVerifier = 1;
  let verifier = [{
    return check_vector_subscripts(self, self.memref, self.indices, self.value.type)
  }];
}

def AffineDelinearizeIndexOp : Affine_Op<"delinearize_index", [Pure]> {
  let summary = "Split a linear index into a multi-index of a basis";
  let description = [{
    Returns the coordinates of `linear_index` in a row-major space with the
    dimensions of the basis: with results `%r0 ... %rN-1` and basis
    `(B1, ..., BN-1)`, the last result is `linear_index mod BN-1`, the one
    before it `(linear_index floordiv BN-1) mod BN-2`, and so on, the first
    taking what remains. The basis is either one element per result after
    the first, or one per result, the first then being a bound on the first
    result that the arithmetic does not use. Basis elements are constants or
    `index` values (`dynamic_basis`, in the places of `static_basis` that
    hold the dynamic marker), and must be positive.

    Example:

    ```mlir
    %idx:3 = affine.delinearize_index %linear into (%n, 224) : index, index, index
    ```
  }];
  let arguments = (ins Index:$linear_index, Variadic<Index>:$dynamic_basis,
                       DenseI64ArrayAttr:$static_basis);
  let results = (outs Variadic<Index>:$multi_index);
  let assemblyFormat = [{
    $linear_index `into`
    custom<DynamicIndexList>($dynamic_basis, $static_basis, "\"()\"")
    attr-dict `:` type($multi_index)
  }];
  let hasVerifier = 1;
  let verifier = [{
    basis = self.static_basis.values
    if len(self.multi_index) not in (len(basis), len(basis) + 1):
        return "should return an index for each basis element and up to one extra index"
    if basis.count(DYNAMIC) != len(self.dynamic_basis):
        return (
            "mismatch between dynamic and static basis (kDynamic marker but no "
            "corresponding dynamic basis entry) -- this can only happen due to an "
            "incorrect fold/rewrite"
        )
    if any(value <= 0 and value != DYNAMIC for value in basis):
        return "no basis element may be statically non-positive"
    return None
  }];
}

def AffineLinearizeIndexOp : Affine_Op<"linearize_index", [Pure, AttrSizedOperandSegments]> {
  let summary = "Combine a multi-index of a basis into a linear index";
  let description = [{
    Returns the row-major linear position of the multi-index `multi_index`
    in a space with the dimensions of the basis: for indices `%i0 ... %iN-1`
    and basis `(B1, ..., BN-1)`, `%iN-1 + BN-1 * (%iN-2 + BN-2 * (...))`.
    The basis is either one element per index after the first, or one per
    index, the first then being a bound on the first index that the
    arithmetic does not use. Basis elements are constants or `index` values
    (`dynamic_basis`, in the places of `static_basis` that hold the dynamic
    marker).

    `disjoint` promises that each index is non-negative and below its basis
    element (the first index may be negative), so that no index carries into
    another.

    Example:

    ```mlir
    %linear = affine.linearize_index disjoint [%i, %j, %k] by (2, %n, 5) : index
    ```
  }];
  // `disjoint` is a unit property, as in MLIR: always set, a unit attribute when
  // true and `false` otherwise, which the generic form writes out.
  let arguments = (ins Variadic<Index>:$multi_index, Variadic<Index>:$dynamic_basis,
                       DenseI64ArrayAttr:$static_basis,
                       OptionalAttr<AnyAttrOf<[UnitAttr, BoolAttr]>>:$disjoint);
  let results = (outs Index:$linear_index);
  let hasCustomAssemblyFormat = 1;
  // `disjoint [%i, %j] by (4, %n) {attrs} : index`
  let parser = [{
    index = IndexType.get()
    operands_pos = p.current_pos()
    disjoint: Attribute = UnitAttr.get() if p.consume_keyword("disjoint") else FALSE
    p.expect("[", "expected '['")
    index_uses = p.parse_operand_list()
    p.expect("]", "expected ']'")
    p.expect_keyword("by")
    basis_uses, static_basis = parse_dynamic_index_list(p, "()")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':'")
    result_type = p.parse_type_of(IndexType, "builtin.index")
    operands = p.resolve_operands(index_uses, [index] * len(index_uses), operands_pos)
    operands += p.resolve_operands(basis_uses, [index] * len(basis_uses), operands_pos)
    sizes = (len(index_uses), len(basis_uses))
    return p.create_op(
        cls,
        name_pos,
        operands,
        [result_type],
        properties=(
            ("static_basis", static_basis),
            ("disjoint", disjoint),
            ("operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), sizes)),
        ),
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    if isinstance(get_property(self, "disjoint"), UnitAttr):
        p.write(" disjoint")
    p.write(" [" + p.operands(self.multi_index) + "] by ")
    print_dynamic_index_list(p, self, self.dynamic_basis, get_property(self, "static_basis"), "()")
    p.write(
        p.attr_dict(self, ("static_basis", "disjoint", "operandSegmentSizes"))
        + " : "
        + p.type_text(self.linear_index.type)
    )
  }];
  let extraClassDeclaration = [{
    # An op made without `disjoint` (in the generic form, say) has it false.
    DEFAULT_PROPERTIES: ClassVar[tuple[tuple[str, Attribute], ...]] = (("disjoint", FALSE),)
  }];
  let hasVerifier = 1;
  let verifier = [{
    basis = self.static_basis.values
    if len(self.multi_index) not in (len(basis), len(basis) + 1):
        return "should be passed a basis element for each index except possibly the first"
    if basis.count(DYNAMIC) != len(self.dynamic_basis):
        return (
            "mismatch between dynamic and static basis (kDynamic marker but no "
            "corresponding dynamic basis entry) -- this can only happen due to an "
            "incorrect fold/rewrite"
        )
    return None
  }];
}

def AffineDmaStartOp : Affine_Op<"dma_start", [MemRefsNormalizable]> {
  let summary = "Start a non-blocking copy between memrefs at affine subscripts";
  let description = [{
    Starts copying `num_elements` elements from the source memref, at the
    subscripts `src_map` computes from its indices, to the destination
    memref, at the subscripts of `dst_map`; the two memrefs need not have the
    same rank but have the same element type. Completion is signalled in the
    tag memref, at the subscripts of `tag_map`, which an `affine.dma_wait`
    on the same element waits for. With the two optional trailing operands
    the copy is strided: it moves `elements_per_stride` elements every
    `stride` elements of the slower memory.

    Operands: the source, its indices, the destination, its indices, the tag,
    its indices, the number of elements, and optionally the stride and the
    number of elements per stride. The maps are attributes (`src_map`,
    `dst_map`, `tag_map`) of the op's attribute dictionary, as in MLIR, where
    this op is defined in C++.

    Example:

    ```mlir
    affine.dma_start %src[%i + 3, %j], %dst[%k + 7, %l], %tag[%idx], %num_elements
        : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32, 2>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    index = IndexType.get()
    src, src_map, src_uses = parse_dma_ref(p)
    p.expect(",", "expected ','")
    dst, dst_map, dst_uses = parse_dma_ref(p)
    p.expect(",", "expected ','")
    tag, tag_map, tag_uses = parse_dma_ref(p)
    p.expect(",", "expected ','")
    count = p.parse_operand()
    strides: list[UnresolvedOperand] = []
    if p.consume_if(","):
        strides = p.parse_operand_list()
    if strides and len(strides) != 2:
        p.op_error(name_pos, "expected two stride related operands")
    p.expect(":", "expected ':'")
    types = p.parse_type_list()
    if len(types) != 3:
        p.op_error(name_pos, "expected three types")
    operands = [p.resolve_operand(src, types[0])]
    operands += [p.resolve_operand(use, index) for use in src_uses]
    operands.append(p.resolve_operand(dst, types[1]))
    operands += [p.resolve_operand(use, index) for use in dst_uses]
    operands.append(p.resolve_operand(tag, types[2]))
    operands += [p.resolve_operand(use, index) for use in tag_uses]
    operands.append(p.resolve_operand(count, index))
    operands += [p.resolve_operand(use, index) for use in strides]
    if (
        len(src_uses) != src_map.num_inputs
        or len(dst_uses) != dst_map.num_inputs
        or len(tag_uses) != tag_map.num_inputs
    ):
        p.op_error(name_pos, "memref operand count not equal to map.numInputs")
    attrs = DictionaryAttr.get(
        {
            "dst_map": AffineMapAttr.get(dst_map),
            "src_map": AffineMapAttr.get(src_map),
            "tag_map": AffineMapAttr.get(tag_map),
        }
    )
    return p.create_op(cls, name_pos, operands, [], attributes=attrs, attr_dict_pos=name_pos)
  }];
  let printer = [{
    maps = dma_maps(self, ("src_map", "dst_map", "tag_map"))
    if maps is None or self.num_operands < sum(m.num_inputs for m in maps) + 4:
        return False
    operands = self.operands
    parts: list[str] = []
    at = 0
    for amap in maps:
        parts.append(print_dma_ref(p, operands[at], amap, operands[at + 1 : at + 1 + amap.num_inputs]))
        at += 1 + amap.num_inputs
    text = " " + ", ".join(parts) + ", " + p.operands(operands[at:])
    memref_types = [operands[0].type, operands[1 + maps[0].num_inputs].type]
    memref_types.append(operands[2 + maps[0].num_inputs + maps[1].num_inputs].type)
    p.write(text + " : " + p.types(memref_types))
    return None
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the maps as the subscripts, not as attributes."""
        return []

    def asm_prints_attr_dict(self) -> bool:
        """The custom form has no attribute dictionary: the maps are the subscripts."""
        return False
  }];
  let hasVerifier = 1;
  let verifier = [{
    maps = dma_maps(self, ("src_map", "dst_map", "tag_map"))
    if maps is None:
        return "requires 'src_map', 'dst_map' and 'tag_map' affine map attributes"
    src_map, dst_map, tag_map = maps
    operands = self.operands
    dst_at = 1 + src_map.num_inputs
    tag_at = dst_at + 1 + dst_map.num_inputs
    memref_ats = (("source", 0), ("destination", dst_at), ("tag", tag_at))
    for what, at in memref_ats:
        if at >= len(operands) or not isinstance(operands[at].type, MemRefType):
            return f"expected DMA {what} to be of memref type"
    inputs = src_map.num_inputs + dst_map.num_inputs + tag_map.num_inputs
    if len(operands) not in (inputs + 4, inputs + 6):
        return "incorrect number of operands"
    for what, at, amap in (("src ", 0, src_map), ("dst ", dst_at, dst_map), ("tag ", tag_at, tag_map)):
        problem = check_dma_indices(
            self, operands[at + 1 : at + 1 + amap.num_inputs], what, "dma_start"
        )
        if problem is not None:
            return problem
    return None
  }];
}

def AffineDmaWaitOp : Affine_Op<"dma_wait", [MemRefsNormalizable]> {
  let summary = "Wait for a copy started by affine.dma_start";
  let description = [{
    Blocks until the copy that signals completion in the element of the tag
    memref at the subscripts `tag_map` computes from its indices is done.
    `num_elements` is the number of elements of that copy.

    Operands: the tag memref, its indices, and the number of elements. The
    map is the attribute `tag_map` of the op's attribute dictionary, as in
    MLIR, where this op is defined in C++.

    Example:

    ```mlir
    affine.dma_wait %tag[%idx], %num_elements : memref<1xi32, 2>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    index = IndexType.get()
    tag, tag_map, tag_uses = parse_dma_ref(p)
    p.expect(",", "expected ','")
    count = p.parse_operand()
    p.expect(":", "expected ':'")
    tag_type = p.parse_type()
    operands = [p.resolve_operand(tag, tag_type)]
    operands += [p.resolve_operand(use, index) for use in tag_uses]
    operands.append(p.resolve_operand(count, index))
    if not isinstance(tag_type, MemRefType):
        p.op_error(name_pos, "expected tag to be of memref type")
    if len(tag_uses) != tag_map.num_inputs:
        p.op_error(name_pos, "tag memref operand count != to map.numInputs")
    attrs = DictionaryAttr.get({"tag_map": AffineMapAttr.get(tag_map)})
    return p.create_op(cls, name_pos, operands, [], attributes=attrs, attr_dict_pos=name_pos)
  }];
  let printer = [{
    maps = dma_maps(self, ("tag_map",))
    if maps is None or self.num_operands != maps[0].num_inputs + 2:
        return False
    operands = self.operands
    text = " " + print_dma_ref(p, operands[0], maps[0], operands[1:-1])
    p.write(text + ", " + p.operand(operands[-1]) + " : " + p.type_text(operands[0].type))
    return None
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the map as the subscripts, not as an attribute."""
        return []

    def asm_prints_attr_dict(self) -> bool:
        """The custom form has no attribute dictionary: the map is the subscripts."""
        return False
  }];
  let hasVerifier = 1;
  let verifier = [{
    maps = dma_maps(self, ("tag_map",))
    if maps is None:
        return "requires a 'tag_map' affine map attribute"
    operands = self.operands
    if not operands or not isinstance(operands[0].type, MemRefType):
        return "expected DMA tag to be of memref type"
    return check_dma_indices(self, operands[1 : 1 + maps[0].num_inputs], "", "dma_wait")
  }];
}
