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
    from generator.ir.affine import (
        AffineConstantExpr,
        AffineMap,
        AffineSymbolExpr,
        IntegerSet,
        format_affine_expr,
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
