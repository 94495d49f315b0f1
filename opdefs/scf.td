// The scf dialect: structured control flow. Every op of MLIR 22's `scf`
// dialect, with the same op names, operand, attribute, result and region
// names, constraints, traits, custom syntax and verifier messages. The checks
// the ops share (loop-carried values, types along control flow edges) are in
// generator/ir/dialects/scf.py; the canonicalization patterns, long enough to
// want a module of their own, in generator/ir/dialects/scf_rewrites.py.

include "OpBase.td"

def SCF_Dialect : Dialect {
  let name = "scf";
  let summary = "Structured control flow: loops, conditionals and switches";
  let description = [{
    The scf dialect expresses control flow through regions nested in ops
    rather than through branches between blocks: counted loops (`scf.for`),
    loops on a condition (`scf.while`), parallel loops (`scf.parallel`,
    `scf.forall`), two-way and multi-way choices (`scf.if`,
    `scf.index_switch`) and a region run exactly once (`scf.execute_region`).
    Values flow out of a region through its terminator (`scf.yield`,
    `scf.condition`, `scf.reduce`), and values carried from one iteration of
    a loop to the next are arguments of its body.

    Unstructured control flow (branches between blocks) is the `cf` dialect;
    lowering scf produces it. The `affine` dialect's loops and conditionals
    are a more restricted form of these ops.
  }];
  let extraClassDeclaration = [{
    def parse_optional_arrow_types(p: AsmParser) -> list[Type]:
        """`-> type` or `-> (type, ...)` if an arrow comes next (MLIR's
        `parseOptionalArrowTypeList`)."""
        return p.parse_arrow_type_list() if p.next_is("->") else []


    def optional_arrow_types(p: AsmPrinter, types: Sequence[Type]) -> str:
        """` -> type` or ` -> (type, ...)`, or '' (MLIR's `printOptionalArrowTypeList`)."""
        return " -> " + p.arrow_results(types) if types else ""


    def constant_index(value: Value) -> int | None:
        """The integer a value is known to be (MLIR's `getConstantIntValue`)."""
        attr = constant_value(value)
        return attr.value if isinstance(attr, IntegerAttr) else None


    def mixed_constants(values: Sequence[Value], static: Attribute | None) -> list[int | None]:
        """The entries of a mixed static and dynamic list, each an integer when known."""
        entries = static.values if isinstance(static, DenseArrayAttr) else ()
        out: list[int | None] = []
        dynamic = iter(values)
        for entry in entries:
            if entry == DYNAMIC:
                value = next(dynamic, None)
                out.append(constant_index(value) if value is not None else None)
            else:
                out.append(int(entry))
        return out


    def parse_bound_list(p: AsmParser, count: int) -> list[UnresolvedOperand]:
        """`(%a, %b)` with exactly `count` values (MLIR's `parseOperandList` with a
        required count and parentheses)."""
        pos = p.current_pos()
        p.expect("(", "expected '('")
        uses: list[UnresolvedOperand] = []
        if not p.consume_if(")"):
            uses = p.parse_operand_list()
            p.expect(")", "expected ')'")
        if len(uses) != count:
            p.op_error(pos, f"expected {count} operands")
        return uses


    def ensure_in_parallel(region: Region, loc: Location | None) -> None:
        """`scf.forall`'s `ensureTerminator`: the body gets a block if it has none, and
        that block an `scf.forall.in_parallel` with an empty block of its own unless it
        ends in a terminator."""
        if not region.blocks:
            region.add_block(Block())
        block = region.blocks[-1]
        last = block.last_op
        if last is None or not last.has_trait(IsTerminator):
            terminator = InParallelOp(loc=loc)
            if not terminator.regions[0].blocks:
                terminator.regions[0].add_block(Block())
            block.append(terminator)
  }];
}

class SCF_Op<string mnemonic, list<Trait> traits = []>
    : Op<SCF_Dialect, mnemonic, traits>;

def ImplicitSCFYield : SingleBlockImplicitTerminator<"SCF_YieldOp">;

//===----------------------------------------------------------------------===//
// scf.condition
//===----------------------------------------------------------------------===//

def SCF_ConditionOp : SCF_Op<"condition", [
    HasParent<"SCF_WhileOp">, Pure, Terminator]> {
  let summary = "Decide whether a while loop runs its body again";
  let description = [{
    Terminates the `before` region of an `scf.while`. When `condition` is
    true the loop goes on: `args` become the arguments of the `after`
    region. When it is false the loop ends and `args` become the results of
    the `scf.while`. Their number and types must match both.

    Example:

    ```mlir
    scf.condition(%more) %next, %count : f32, index
    ```
  }];
  let arguments = (ins I1:$condition, Variadic<AnyType>:$args);
  let assemblyFormat = "`(` $condition `)` attr-dict ($args^ `:` type($args))?";
}

//===----------------------------------------------------------------------===//
// scf.execute_region
//===----------------------------------------------------------------------===//

def SCF_ExecuteRegionOp : SCF_Op<"execute_region", [
    RegionBranchOpInterface, RecursiveMemoryEffects]> {
  let summary = "Run a region of blocks once, in place";
  let description = [{
    Runs its region exactly once, as if it were inlined where the op stands.
    The region may hold several blocks with unstructured control flow between
    them (branches of the `cf` dialect), which lets such code sit in regions
    that allow a single block only, as the body of an `scf.for`. Every block
    that leaves the region ends in an `scf.yield` of the op's results. The
    entry block takes no arguments.

    `no_inline` asks the canonicalizer to keep the op rather than inline its
    region into the enclosing block.

    Example:

    ```mlir
    %v = scf.execute_region -> i32 {
      cf.cond_br %c, ^small, ^large
    ^small:
      scf.yield %a : i32
    ^large:
      scf.yield %b : i32
    }
    ```
  }];
  let arguments = (ins UnitAttr:$no_inline);
  let results = (outs Variadic<AnyType>);
  let regions = (region AnyRegion:$region);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    result_types = parse_optional_arrow_types(p)
    no_inline = p.consume_keyword("no_inline")
    body = Region()
    p.parse_region(body)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        [],
        result_types,
        properties=[("no_inline", UnitAttr.get() if no_inline else None)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    text = optional_arrow_types(p, self.result_types)
    if get_property(self, "no_inline") is not None:
        text += " no_inline"
    p.write(text + " ")
    p.print_region(self.region, entry_args=False, terminators=True)
    p.write(p.attr_dict(self, ("no_inline",)))
  }];
  let extraClassDeclaration = [{
    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form leaves out the entry block's arguments."""
        return (), True
  }];
  let hasVerifier = 1;
  let verifier = [{
    if not self.region.blocks:
        return "region needs to have at least one block"
    if self.region.blocks[0].args:
        return "region cannot have any arguments"
    return None
  }];
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    edges: list[ScfEdge] = [("parent", "Region #0", (), self.region.blocks[0].args, self)]
    for block in self.region.blocks:
        terminator = block.last_op
        if isinstance(terminator, YieldOp):
            edges.append(
                ("Operation scf.yield", "parent", terminator.operands, self.results, terminator)
            )
    return scf_check_edges(edges)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_execute_region(op, rewriter)
  }];
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

def SCF_ForOp : SCF_Op<"for", [
    AutomaticAllocationScope, LoopLikeOpInterface,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>, ConditionallySpeculatable,
    RegionBranchOpInterface, ImplicitSCFYield, RecursiveMemoryEffects]> {
  let summary = "A loop over a range of integers";
  let description = [{
    Runs its body for each value of the induction variable, the body's first
    argument, from `lowerBound` up to (excluding) `upperBound` in increments
    of `step`. The bounds, the step and the induction variable are all of one
    type, `index` or a signless integer. The bounds are compared as signed
    integers unless `unsignedCmp` is set (`unsigned` in the custom form). The
    step must be positive; with a step of zero or less, or bounds that
    overflow, the behaviour is undefined.

    Loop-carried values start as `initArgs`, are the body's further
    arguments in each iteration, and are replaced by the operands of the
    body's `scf.yield`; after the last iteration (or at once, when the loop
    does not run) they are the results.

    In the custom form the type follows a colon after the loop header unless
    it is `index`, and a body that carries no values may leave out its
    `scf.yield`.

    Example:

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      memref.store %x, %buf[%i] : memref<?xf32>
    }
    %sum = scf.for %i = %lb to %ub step %s iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %buf[%i] : memref<?xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    scf.for unsigned %j = %a to %b step %one : i32 {
    }
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$lowerBound,
                       AnySignlessIntegerOrIndex:$upperBound,
                       AnySignlessIntegerOrIndex:$step,
                       Variadic<AnyType>:$initArgs,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let builders = [
    OpBuilder<(ins "Value":$lower, "Value":$upper, "Value":$step,
                   CArg<"Sequence[Value]", "()">:$init_args,
                   CArg<"bool", "False">:$unsigned), [{
      op = cls(
          lower,
          upper,
          step,
          init_args,
          unsigned_cmp=unsigned,
          results_types=[v.type for v in init_args],
      )
      block = op.regions[0].add_block(Block())
      block.add_argument(lower.type)
      for value in init_args:
          block.add_argument(value.type)
      # Without loop-carried values the body ends in the implicit yield; with them
      # the caller yields the next values.
      if not init_args:
          block.append(YieldOp())
      return op
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    unsigned = p.consume_keyword("unsigned")
    induction_var = p.parse_argument()
    p.expect("=", "expected '='")
    lower = p.parse_operand()
    p.expect_keyword("to")
    upper = p.parse_operand()
    p.expect_keyword("step")
    step = p.parse_operand()
    args: list[UnresolvedOperand] = []
    uses: list[UnresolvedOperand] = []
    result_types: list[Type] = []
    iter_args = p.consume_keyword("iter_args")
    if iter_args:
        args, uses = scf_parse_assignment_list(p)
        result_types = p.parse_arrow_type_list()
    if len(args) != len(result_types):
        p.op_error(name_pos, "mismatch in number of loop-carried values and defined values")
    type_: Type = IndexType.get()
    if p.consume_if(":"):
        type_ = p.parse_type()
    arguments: list[tuple[UnresolvedOperand, Type, Location | None]] = [
        (induction_var, type_, None)
    ]
    arguments += [(arg, t, None) for arg, t in zip(args, result_types, strict=True)]
    body = Region()
    p.parse_custom_region(body, arguments)
    # MLIR 22 resolves the operands after the body: a bound naming the induction
    # variable refers to a value the body does not define for it.
    operands = [p.resolve_operand(use, type_) for use in (lower, upper, step)]
    operands += [p.resolve_operand(u, t) for u, t in zip(uses, result_types, strict=True)]
    p.ensure_terminator(body, YieldOp, name_pos)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        operands,
        result_types,
        properties=[("unsignedCmp", UnitAttr.get() if unsigned else None)],
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
    text = " unsigned " if get_property(self, "unsignedCmp") is not None else " "
    text += p.operand(block.args[0]) + " = " + p.operand(self.lower_bound)
    text += " to " + p.operand(self.upper_bound) + " step " + p.operand(self.step)
    text += scf_print_assignment_list(p, block.args[1:], self.init_args, " iter_args")
    if self.init_args:
        text += " -> (" + p.types([v.type for v in self.init_args]) + ")"
    text += " "
    iv_type = block.args[0].type
    if not isinstance(iv_type, IndexType):
        text += " : " + p.type_text(iv_type) + " "
    p.write(text)
    p.print_region(self.region, entry_args=False, terminators=bool(self.init_args))
    p.write(p.attr_dict(self, ("unsignedCmp",)))
    return None
  }];
  let extraClassDeclaration = [{
    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form names the body's arguments in the loop header, and writes the
        yield only when the loop carries values."""
        return (), bool(self.init_args)
  }];
  let hasVerifier = 1;
  let verifier = [{
    if len(self.init_args) != len(self.results):
        return "mismatch in number of loop-carried values and defined values"
    return None
  }];
  // After the body verifies: the loop-like checks, the types along the control flow
  // edges, then the loop's own (MLIR's trait order, then `verifyRegions`).
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    block = self.region.blocks[0]
    iter_args = block.args[1:]
    terminator = block.last_op
    yielded = terminator.operands if isinstance(terminator, YieldOp) else ()
    problem = scf_check_loop_like(self.init_args, iter_args, yielded, self.results)
    if problem is not None:
        return problem
    edges: list[ScfEdge] = [
        ("parent", "Region #0", self.init_args, iter_args, self),
        ("parent", "parent", self.init_args, self.results, self),
    ]
    if isinstance(terminator, YieldOp):
        edges.append(("Operation scf.yield", "Region #0", yielded, iter_args, terminator))
        edges.append(("Operation scf.yield", "parent", yielded, self.results, terminator))
    message = scf_check_edges(edges)
    if message is not None:
        return message
    if not block.args or block.args[0].type != self.lower_bound.type:
        return "expected induction variable to be same type as bounds and step"
    if len(iter_args) != len(self.results):
        return "mismatch in number of basic block args and defined values"
    triples = zip(self.init_args, iter_args, self.results, strict=True)
    for i, (init, arg, result) in enumerate(triples):
        if init.type != result.type:
            return f"types mismatch between {i}th iter operand and defined value"
        if arg.type != result.type:
            return f"types mismatch between {i}th iter region arg and defined value"
    return None
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_for(op, rewriter)
  }];
}

//===----------------------------------------------------------------------===//
// scf.forall and its terminator
//===----------------------------------------------------------------------===//

def SCF_ForallOp : SCF_Op<"forall", [
    AttrSizedOperandSegments, AutomaticAllocationScope, LoopLikeOpInterface,
    RecursiveMemoryEffects, SingleBlockImplicitTerminator<"SCF_InParallelOp">,
    RegionBranchOpInterface]> {
  let summary = "A parallel loop nest over a multi-dimensional range";
  let description = [{
    Runs its body once for each point of a multi-dimensional index space,
    in any order and possibly in parallel. Each dimension has a lower bound,
    an upper bound (excluded) and a positive step; each is a constant (kept
    in `staticLowerBound`, `staticUpperBound`, `staticStep`) or an index
    value (in `dynamicLowerBound`, `dynamicUpperBound`, `dynamicStep`, one
    per dynamic entry of the static list). The body's first arguments are the
    induction variables, one index per dimension.

    `outputs` (the `shared_outs` of the custom form) are ranked tensors that
    every iteration may update in place; the body sees each as a further
    argument and the op returns their final values. The updates are the ops
    of the terminator, `scf.forall.in_parallel`, which combine the
    contributions of all iterations. `mapping`, when present, assigns each
    dimension to a kind of processing unit.

    The custom form writes `in (%ub...)` when every lower bound is 0 and
    every step 1, and `= (%lb...) to (%ub...) step (%s...)` otherwise.

    Example:

    ```mlir
    %r = scf.forall (%i, %j) in (4, %n) shared_outs(%o = %init) -> (tensor<4x?xf32>) {
      scf.forall.in_parallel {
      }
    }
    scf.forall (%i) = (0) to (%n) step (2) {
      "test.use"(%i) : (index) -> ()
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamicLowerBound,
                       Variadic<Index>:$dynamicUpperBound,
                       Variadic<Index>:$dynamicStep,
                       DenseI64ArrayAttr:$staticLowerBound,
                       DenseI64ArrayAttr:$staticUpperBound,
                       DenseI64ArrayAttr:$staticStep,
                       Variadic<AnyRankedTensor>:$outputs,
                       OptionalAttr<ArrayAttr>:$mapping);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    index = IndexType.get()
    p.expect("(", "expected '('")
    ivs: list[UnresolvedOperand] = []
    if not p.consume_if(")"):
        while True:
            ivs.append(p.parse_argument())
            if p.consume_if(")"):
                break
            p.expect(",", "expected ')' in argument list")
    lower_uses: list[UnresolvedOperand] = []
    step_uses: list[UnresolvedOperand] = []
    if p.consume_keyword("in"):
        upper_uses, static_upper = parse_dynamic_index_list(p, "()")
        dynamic_upper = [p.resolve_operand(use, index) for use in upper_uses]
        i64 = IntegerType.get(64)
        static_lower = DenseArrayAttr.get(i64, tuple([0] * len(ivs)))
        static_step = DenseArrayAttr.get(i64, tuple([1] * len(ivs)))
        dynamic_lower: list[Value] = []
        dynamic_step: list[Value] = []
    else:
        p.expect("=", "expected '='")
        lower_uses, static_lower = parse_dynamic_index_list(p, "()")
        dynamic_lower = [p.resolve_operand(use, index) for use in lower_uses]
        p.expect_keyword("to")
        upper_uses, static_upper = parse_dynamic_index_list(p, "()")
        dynamic_upper = [p.resolve_operand(use, index) for use in upper_uses]
        p.expect_keyword("step")
        step_uses, static_step = parse_dynamic_index_list(p, "()")
        dynamic_step = [p.resolve_operand(use, index) for use in step_uses]
    out_args: list[UnresolvedOperand] = []
    outputs: list[Value] = []
    result_types: list[Type] = []
    outs_pos = p.current_pos()
    if p.consume_keyword("shared_outs"):
        out_args, out_uses = scf_parse_assignment_list(p)
        result_types = parse_optional_arrow_types(p)
        outputs = p.resolve_operands(out_uses, result_types, outs_pos)
    arguments: list[tuple[UnresolvedOperand, Type, Location | None]] = [
        (iv, index, None) for iv in ivs
    ]
    arguments += [(arg, t, None) for arg, t in zip(out_args, result_types, strict=True)]
    body = Region()
    p.parse_custom_region(body, arguments)
    ensure_in_parallel(body, p.loc_at(name_pos))
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    sizes = (len(dynamic_lower), len(dynamic_upper), len(dynamic_step), len(outputs))
    return p.create_op(
        cls,
        name_pos,
        [*dynamic_lower, *dynamic_upper, *dynamic_step, *outputs],
        result_types,
        properties=[
            ("staticLowerBound", static_lower),
            ("staticUpperBound", static_upper),
            ("staticStep", static_step),
            ("operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), sizes)),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    block = self.region.blocks[0] if self.region.blocks else None
    rank = len(self.static_lower_bound.values)
    if block is None or len(block.args) < rank:
        return False
    p.write(" (" + p.operands(block.args[:rank]))
    if self.is_normalized():
        p.write(") in ")
        print_dynamic_index_list(
            p, self, self.dynamic_upper_bound, self.static_upper_bound, "()"
        )
    else:
        p.write(") = ")
        print_dynamic_index_list(
            p, self, self.dynamic_lower_bound, self.static_lower_bound, "()"
        )
        p.write(" to ")
        print_dynamic_index_list(
            p, self, self.dynamic_upper_bound, self.static_upper_bound, "()"
        )
        p.write(" step ")
        print_dynamic_index_list(p, self, self.dynamic_step, self.static_step, "()")
    out_args = block.args[rank:]
    text = scf_print_assignment_list(p, out_args, self.outputs, " shared_outs") + " "
    if out_args:
        text += "-> (" + p.types(self.result_types) + ") "
    p.write(text)
    p.print_region(self.region, entry_args=False, terminators=bool(self.results))
    elided = ("operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")
    p.write(p.attr_dict(self, elided))
    return None
  }];
  let extraClassDeclaration = [{
    def is_normalized(self) -> bool:
        """Whether every lower bound is 0 and every step 1 (`in (...)` in the custom form)."""
        lower = mixed_constants(self.dynamic_lower_bound, self.static_lower_bound)
        steps = mixed_constants(self.dynamic_step, self.static_step)
        return all(v == 0 for v in lower) and all(v == 1 for v in steps)

    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the bounds as lists, not as attributes."""
        return []

    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form names the body's arguments in the header, and writes the
        terminator only when the loop has results."""
        return (), bool(self.results)
  }];
  let hasVerifier = 1;
  // MLIR's mapping attributes (`#gpu.thread<x>`, ...) come from dialects not defined
  // here, so no attribute is one: a mapping fails MLIR's `DeviceMappingArrayAttr`
  // constraint, checked first as MLIR checks the invariants of attributes (and not
  // when the custom form is read, where MLIR only asks for an array).
  let verifier = [{
    if self.mapping is not None:
        return "attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute"
    rank = len(self.static_lower_bound.values)
    if len(self.results) != len(self.outputs):
        return f"produces {len(self.results)} results, but has only {len(self.outputs)} outputs"
    block = self.region.blocks[0]
    if len(block.args) != rank + len(self.outputs):
        return f"region expects {rank} arguments"
    for i in range(rank):
        if not isinstance(block.args[i].type, IndexType):
            return f"expects {i}-th block argument to be an index"
    for i, output in enumerate(self.outputs):
        if block.args[rank + i].type != output.type:
            return f"type mismatch between {i}-th output and corresponding block argument"
    lists = (
        ("lower bound", self.static_lower_bound, self.dynamic_lower_bound),
        ("upper bound", self.static_upper_bound, self.dynamic_upper_bound),
        ("step", self.static_step, self.dynamic_step),
    )
    for name, static, values in lists:
        if len(static.values) != rank:
            return VerifyMessage(
                f"expected {rank} {name} values, got {len(static.values)}", prefixed=False
            )
        dynamic = list(static.values).count(DYNAMIC)
        if len(values) != dynamic:
            return VerifyMessage(f"expected {dynamic} dynamic {name} values", prefixed=False)
    # MLIR's `DestinationStyleOpInterface` check, which runs after this verifier:
    # each output has the type of its result.
    first = len(self.operands) - len(self.outputs)
    for i, (output, result) in enumerate(zip(self.outputs, self.results, strict=True)):
        if output.type != result.type:
            return (
                f"expected type of operand #{first + i} ('{output.type}') to match type "
                f"of corresponding result ('{result.type}')"
            )
    return None
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_forall(op, rewriter)
  }];
}

def SCF_InParallelOp : SCF_Op<"forall.in_parallel", [
    Pure, Terminator, HasParent<"SCF_ForallOp">, NoTerminator, SingleBlock,
    RegionKindInterface, HasOnlyGraphRegion]> {
  let summary = "The terminator of an scf.forall, combining its results";
  let description = [{
    Ends the body of an `scf.forall`. Its single region holds a flat list of
    ops, each of which combines what one iteration contributes into one
    shared output of the loop (as `tensor.parallel_insert_slice` does); the
    position of an op in the list is the result it forms. Without such ops
    the region is empty, and the custom form of a loop without results
    leaves the terminator out.

    Example:

    ```mlir
    scf.forall.in_parallel {
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    body = Region()
    p.parse_region(body)
    if not body.blocks:
        body.add_block(Block())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls, name_pos, [], [], attributes=attrs, attr_dict_pos=attr_pos, regions=[body]
    )
  }];
  let printer = [{
    p.write(" ")
    p.print_region(self.region, entry_args=False, terminators=False)
    p.write(p.attr_dict(self))
  }];
  let hasVerifier = 1;
  // Among the shipped dialects, `tensor.parallel_insert_slice` is the one op with
  // MLIR's `ParallelCombiningOpInterface`; its destination (operand #1) must be one
  // of the loop's output block arguments.
  let verifier = [{
    if not self.region.blocks:
        return None
    forall = self.parent_op
    outputs: Sequence[Value] = []
    if forall is not None and forall.regions and forall.regions[0].blocks:
        args: Sequence[Value] = forall.regions[0].blocks[0].args
        outputs = args[len(args) - len(forall.results) :]
    for op in self.region.blocks[0].ops:
        if op.name != "tensor.parallel_insert_slice":
            return "expected only ParallelCombiningOpInterface ops"
        if len(op.operands) > 1 and not any(op.operands[1] is v for v in outputs):
            return VerifyMessage("may only insert into an output block argument", at=op)
    return None
  }];
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

def SCF_IfOp : SCF_Op<"if", [
    RegionBranchOpInterface, ImplicitSCFYield, RecursiveMemoryEffects,
    RecursivelySpeculatable, NoRegionArguments]> {
  let summary = "Run one of two regions, on a condition";
  let description = [{
    Runs `thenRegion` when `condition` is true and `elseRegion` otherwise.
    Each region is a single block ending in an `scf.yield` of the op's
    results. The else region may be empty, unless the op has results; the
    custom form then leaves out `else` altogether. A yield without operands
    may be left out of the custom form.

    Example:

    ```mlir
    scf.if %c {
      "test.use"(%x) : (f32) -> ()
    }
    %r, %s = scf.if %c -> (f32, i32) {
      scf.yield %a, %i : f32, i32
    } else {
      scf.yield %b, %j : f32, i32
    }
    ```
  }];
  let arguments = (ins I1:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let builders = [
    OpBuilder<(ins "Value":$cond, CArg<"Sequence[Type]", "()">:$result_types,
                   CArg<"bool", "False">:$with_else), [{
      op = cls(cond, results_types=result_types)
      regions = [op.regions[0]]
      op.regions[0].add_block(Block())
      if with_else:
          op.regions[1].add_block(Block())
          regions.append(op.regions[1])
      # With results the caller yields the values of each branch.
      if not result_types:
          for region in regions:
              region.blocks[0].append(YieldOp())
      return op
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    cond = p.resolve_operand(p.parse_operand(), IntegerType.get(1))
    result_types = parse_optional_arrow_types(p)
    then_region = Region()
    p.parse_region(then_region)
    p.ensure_terminator(then_region, YieldOp, name_pos)
    else_region = Region()
    if p.consume_keyword("else"):
        p.parse_region(else_region)
        p.ensure_terminator(else_region, YieldOp, name_pos)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        [cond],
        result_types,
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[then_region, else_region],
    )
  }];
  let printer = [{
    text = " " + p.operand(self.condition)
    with_results = bool(self.results)
    if with_results:
        text += " -> (" + p.types(self.result_types) + ")"
    p.write(text + " ")
    p.print_region(self.then_region, entry_args=False, terminators=with_results)
    if self.else_region.blocks:
        p.write(" else ")
        p.print_region(self.else_region, entry_args=False, terminators=with_results)
    p.write(p.attr_dict(self))
  }];
  let extraClassDeclaration = [{
    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form writes the yields only when the op has results."""
        return None, bool(self.results)
  }];
  let hasVerifier = 1;
  let verifier = [{
    if self.results and not self.else_region.blocks:
        return "must have an else block if defining values"
    return None
  }];
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    edges: list[ScfEdge] = [("parent", "Region #0", (), (), self)]
    if self.else_region.blocks:
        edges.append(("parent", "Region #1", (), (), self))
    else:
        edges.append(("parent", "parent", (), self.results, self))
    for region in self.regions:
        terminator = scf_terminator(region)
        if isinstance(terminator, YieldOp):
            edges.append(
                ("Operation scf.yield", "parent", terminator.operands, self.results, terminator)
            )
    return scf_check_edges(edges)
  }];
  let hasFolder = 1;
  let fold = [{
    return scf_fold_if(self)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_if(op, rewriter)
  }];
}

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

def SCF_IndexSwitchOp : SCF_Op<"index_switch", [
    RecursiveMemoryEffects, ImplicitSCFYield, RegionBranchOpInterface]> {
  let summary = "Run the region chosen by an index";
  let description = [{
    Compares `arg` with each of `cases` and runs the region of the first
    case equal to it, or `defaultRegion` when none is. Each region is a
    single block ending in an `scf.yield` of the op's results. The case
    values are distinct, one per case region.

    The custom form writes the cases one per line, each `case` with its
    value and region, then `default` and its region.

    Example:

    ```mlir
    %r = scf.index_switch %i -> f32
    case 0 {
      scf.yield %a : f32
    }
    case 7 {
      scf.yield %b : f32
    }
    default {
      scf.yield %c : f32
    }
    ```
  }];
  let arguments = (ins Index:$arg, DenseI64ArrayAttr:$cases);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$defaultRegion,
                        VariadicRegion<SizedRegion<1>>:$caseRegions);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    arg = p.resolve_operand(p.parse_operand(), IndexType.get())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    result_types: list[Type] = []
    if p.consume_if("->"):
        result_types = p.parse_type_list()
    values: list[int] = []
    case_regions: list[Region] = []
    while p.consume_keyword("case"):
        # An int64_t, as MLIR reads it: hexadecimal, `true` and range errors too.
        values.append(parse_int_param(p, 64, True))
        region = Region()
        p.parse_region(region)
        case_regions.append(region)
    p.expect_keyword("default")
    default = Region()
    p.parse_region(default)
    p.ensure_terminator(default, YieldOp, name_pos)
    return p.create_op(
        cls,
        name_pos,
        [arg],
        result_types,
        properties=[("cases", DenseArrayAttr.get(IntegerType.get(64), tuple(values)))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[default, *case_regions],
    )
  }];
  let printer = [{
    text = " " + p.operand(self.arg) + p.attr_dict(self, ("cases",))
    if self.results:
        text += " -> " + p.types(self.result_types)
    p.write(text + " ")
    cases = get_property(self, "cases")
    values = cases.values if isinstance(cases, DenseArrayAttr) else ()
    for value, region in zip(values, self.case_regions, strict=False):
        p.write(p.newline() + f"case {value} ")
        p.print_region(region, entry_args=False)
    p.write(p.newline() + "default ")
    p.print_region(self.default_region, terminators=p.needs_terminator(self.default_region))
  }];
  let extraClassDeclaration = [{
    def asm_printed_attrs(self) -> Sequence[Attribute] | None:
        """The custom form writes the case values with their regions."""
        return []

    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The case regions leave out their arguments; the default region leaves out a
        yield without operands."""
        if region is self.default_region:
            return None, True
        return (), True
  }];
  let hasVerifier = 1;
  let verifier = [{
    cases = get_property(self, "cases")
    values = list(cases.values) if isinstance(cases, DenseArrayAttr) else []
    if len(values) != len(self.case_regions):
        return f"has {len(self.case_regions)} case regions but {len(values)} case values"
    seen: set[int] = set()
    for value in values:
        if value in seen:
            return f"has duplicate case value: {value}"
        seen.add(value)
    named = [("default region", self.default_region)]
    named += [(f"case region #{i}", r) for i, r in enumerate(self.case_regions)]
    for name, region in named:
        terminator = region.blocks[0].last_op
        if not isinstance(terminator, YieldOp):
            found = terminator.name if terminator is not None else "<<NULL>>"
            return f"expected region to end with scf.yield, but got {found}"
        if terminator.num_operands != len(self.results):
            return VerifyMessage(
                f"expected each region to return {len(self.results)} values, but {name} "
                f"returns {terminator.num_operands}",
                notes=((terminator, "see yield operation here"),),
            )
        pairs = zip(self.result_types, terminator.operands, strict=True)
        for i, (result, operand) in enumerate(pairs):
            if result != operand.type:
                return VerifyMessage(
                    f"expected result #{i} of each region to be '{result}'",
                    notes=((terminator, f"{name} returns '{operand.type}' here"),),
                )
    return None
  }];
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    edges: list[ScfEdge] = [
        ("parent", f"Region #{i}", (), region.blocks[0].args, self)
        for i, region in enumerate(self.regions)
    ]
    return scf_check_edges(edges)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_index_switch(op, rewriter)
  }];
}

//===----------------------------------------------------------------------===//
// scf.parallel and its reductions
//===----------------------------------------------------------------------===//

def SCF_ParallelOp : SCF_Op<"parallel", [
    AutomaticAllocationScope, AttrSizedOperandSegments, LoopLikeOpInterface,
    RecursiveMemoryEffects, RegionBranchOpInterface,
    SingleBlockImplicitTerminator<"SCF_ReduceOp">]> {
  let summary = "A parallel loop nest, with reductions";
  let description = [{
    Runs its body for each point of a multi-dimensional index space, in any
    order and possibly in parallel. Dimension `i` runs from `lowerBound[i]`
    up to (excluding) `upperBound[i]` in increments of `step[i]`, a positive
    index; the body's arguments are the induction variables, one index per
    dimension.

    Each result is a reduction: it starts as the matching `initVals` value,
    and the terminator, `scf.reduce`, gives one value per result from each
    iteration together with a region that combines two values into one. The
    order in which values are combined is unspecified. Without results the
    terminator has no operands and may be left out of the custom form, as
    may the `init` list.

    Example:

    ```mlir
    %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1)
        init (%zero) -> f32 {
      %v = memref.load %buf[%i, %j] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%lhs: f32, %rhs: f32):
        %s = arith.addf %lhs, %rhs : f32
        scf.reduce.return %s : f32
      }
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$lowerBound,
                       Variadic<Index>:$upperBound,
                       Variadic<Index>:$step,
                       Variadic<AnyType>:$initVals);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    index = IndexType.get()
    p.expect("(", "expected '('")
    ivs: list[UnresolvedOperand] = []
    if not p.consume_if(")"):
        while True:
            ivs.append(p.parse_argument())
            if p.consume_if(")"):
                break
            p.expect(",", "expected ')' in argument list")
    p.expect("=", "expected '='")
    lower = [p.resolve_operand(u, index) for u in parse_bound_list(p, len(ivs))]
    p.expect_keyword("to")
    upper = [p.resolve_operand(u, index) for u in parse_bound_list(p, len(ivs))]
    p.expect_keyword("step")
    steps = [p.resolve_operand(u, index) for u in parse_bound_list(p, len(ivs))]
    init_uses: list[UnresolvedOperand] = []
    if p.consume_keyword("init"):
        p.expect("(", "expected '('")
        if not p.consume_if(")"):
            init_uses = p.parse_operand_list()
            p.expect(")", "expected ')'")
    result_types = parse_optional_arrow_types(p)
    body = Region()
    p.parse_custom_region(body, [(iv, index, None) for iv in ivs])
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    inits = p.resolve_operands(init_uses, result_types, name_pos)
    p.ensure_terminator(body, ReduceOp, name_pos)
    sizes = (len(lower), len(upper), len(steps), len(inits))
    return p.create_op(
        cls,
        name_pos,
        [*lower, *upper, *steps, *inits],
        result_types,
        properties=[("operandSegmentSizes", DenseArrayAttr.get(IntegerType.get(32), sizes))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    block = self.region.blocks[0] if self.region.blocks else None
    if block is None:
        return False
    text = " (" + p.operands(block.args) + ") = (" + p.operands(self.lower_bound)
    text += ") to (" + p.operands(self.upper_bound) + ") step (" + p.operands(self.step) + ")"
    if self.init_vals:
        text += " init (" + p.operands(self.init_vals) + ")"
    text += optional_arrow_types(p, self.result_types)
    p.write(text + " ")
    p.print_region(self.region, entry_args=False)
    p.write(p.attr_dict(self, ("operandSegmentSizes",)))
    return None
  }];
  let extraClassDeclaration = [{
    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form names the induction variables in the header."""
        return (), True
  }];
  let hasVerifier = 1;
  let verifier = [{
    steps = self.step
    if not steps:
        return "needs at least one tuple element for lowerBound, upperBound and step"
    for step in steps:
        value = constant_index(step)
        if value is not None and value <= 0:
            return "constant step operand must be positive"
    block = self.region.blocks[0]
    if len(block.args) != len(steps):
        return (
            f"expects the same number of induction variables: {len(block.args)} as bound "
            f"and step values: {len(steps)}"
        )
    for arg in block.args:
        if not isinstance(arg.type, IndexType):
            return "expects arguments for the induction variable to be of index type"
    reduce = block.last_op
    if not isinstance(reduce, ReduceOp):
        notes = () if reduce is None else ((reduce, "terminator here"),)
        return VerifyMessage("expects body to terminate with 'scf.reduce'", notes=notes)
    reductions = len(reduce.reductions)
    if len(self.results) != reductions:
        return (
            f"expects number of results: {len(self.results)} to be the same as number of "
            f"reductions: {reductions}"
        )
    if len(self.results) != len(self.init_vals):
        return (
            f"expects number of results: {len(self.results)} to be the same as number of "
            f"initial values: {len(self.init_vals)}"
        )
    for i in range(reductions):
        result_type = self.results[i].type
        operand_type = reduce.operands[i].type
        if result_type != operand_type:
            return VerifyMessage(
                f"expects type of {i}-th reduction operand: '{operand_type}' to be the same "
                f"as the {i}-th result type: '{result_type}'",
                at=reduce,
            )
    return None
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_parallel(op, rewriter)
  }];
}

def SCF_ReduceOp : SCF_Op<"reduce", [
    Terminator, HasParent<"SCF_ParallelOp">, RecursiveMemoryEffects]> {
  let summary = "The terminator of an scf.parallel, with its reductions";
  let description = [{
    Ends the body of an `scf.parallel`. Each operand is what the iteration
    contributes to one result of the loop, and has a region of its own that
    combines two such values (its two block arguments, of the operand's
    type) into one, returned by `scf.reduce.return`. The combination must be
    associative and commutative, since the order is unspecified.

    Example:

    ```mlir
    scf.reduce(%v, %n : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      scf.reduce.return %m : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let regions = (region VariadicRegion<SizedRegion<1>>:$reductions);
  let assemblyFormat = "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict";
  // MLIR checks the count with the regions, after the ops in them; here an op
  // without regions has no region check to run, so it is checked up front.
  let hasVerifier = 1;
  let verifier = [{
    if len(self.reductions) != self.num_operands:
        return (
            f"expects number of reduction regions: {len(self.reductions)} to be the same as "
            f"number of reduction operands: {self.num_operands}"
        )
    return None
  }];
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    for i, region in enumerate(self.reductions):
        type_ = self.operands[i].type
        block = region.blocks[0]
        if block.first_op is None:
            return f"{i}-th reduction has an empty body"
        if len(block.args) != 2 or any(arg.type != type_ for arg in block.args):
            return (
                f"expected two block arguments with type '{type_}' in the {i}-th reduction "
                "region"
            )
        if not isinstance(block.last_op, ReduceReturnOp):
            return "reduction bodies must be terminated with an 'scf.reduce.return' op"
    return None
  }];
}

def SCF_ReduceReturnOp : SCF_Op<"reduce.return", [
    HasParent<"SCF_ReduceOp">, Pure, Terminator]> {
  let summary = "End a reduction region with the combined value";
  let description = [{
    Terminates a region of `scf.reduce`, giving the value that combines the
    region's two arguments. It has their type.

    Example:

    ```mlir
    scf.reduce.return %sum : f32
    ```
  }];
  let arguments = (ins AnyType:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    block = self.parent
    expected = block.args[0].type if block is not None and block.args else None
    if expected != self.operands[0].type:
        return f"must have type '{expected}' (the type of the reduction inputs)"
    return None
  }];
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

def SCF_WhileOp : SCF_Op<"while", [
    RegionBranchOpInterface, LoopLikeOpInterface, RecursiveMemoryEffects,
    SingleBlock]> {
  let summary = "A loop that runs while a condition holds";
  let description = [{
    A general loop in two regions. The `before` region takes the
    loop-carried values (first `inits`, then what the `after` region yields)
    and computes the condition; its `scf.condition` either passes values on
    to the `after` region, which runs the body and yields the next
    loop-carried values, or ends the loop with them as the results. A loop
    whose computation is all in the `before` region is a do-while loop.

    The custom form writes the `before` region's arguments with their
    initial values, then the types of the inits and results as a function
    type; the `after` region names its arguments in its block header.

    Example:

    ```mlir
    %r = scf.while (%i = %zero) : (i32) -> i32 {
      %more = arith.cmpi slt, %i, %n : i32
      scf.condition(%more) %i : i32
    } do {
    ^bb0(%j: i32):
      %next = arith.addi %j, %one : i32
      scf.yield %next : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$before, SizedRegion<1>:$after);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    args: list[UnresolvedOperand] = []
    uses: list[UnresolvedOperand] = []
    if p.next_is("("):
        args, uses = scf_parse_assignment_list(p)
    type_pos = p.current_pos()
    p.expect(":", "expected ':'")
    fn_type = p.parse_type_of(FunctionType, "builtin.function")
    assert isinstance(fn_type, FunctionType)
    if len(fn_type.inputs) != len(uses):
        p.op_error(
            type_pos,
            "expected as many input types as operands "
            f"(expected {len(uses)} got {len(fn_type.inputs)})",
        )
    inits = p.resolve_operands(uses, fn_type.inputs, p.current_pos())
    before = Region()
    p.parse_custom_region(
        before, [(a, t, None) for a, t in zip(args, fn_type.inputs, strict=True)]
    )
    p.expect_keyword("do")
    after = Region()
    p.parse_region(after)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict_with_keyword()
    return p.create_op(
        cls,
        name_pos,
        inits,
        list(fn_type.results),
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[before, after],
    )
  }];
  let printer = [{
    before = self.before.blocks[0] if self.before.blocks else None
    if before is None:
        return False
    text = scf_print_assignment_list(p, before.args, self.inits, " ")
    text += " : " + p.functional_type([v.type for v in self.inits], self.result_types) + " "
    p.write(text)
    p.print_region(self.before, entry_args=False)
    p.write(" do ")
    p.print_region(self.after)
    p.write(p.attr_dict(self, with_keyword=True))
    return None
  }];
  let extraClassDeclaration = [{
    def asm_region_parts(self, region: Region) -> tuple[Sequence[BlockArgument] | None, bool]:
        """The custom form names the `before` region's arguments in the header."""
        return ((), True) if region is self.before else (None, True)
  }];
  let hasVerifier = 1;
  let verifier = [{
    checks = (
        (self.before, ConditionOp, "expects the 'before' region to terminate with 'scf.condition'"),
        (self.after, YieldOp, "expects the 'after' region to terminate with 'scf.yield'"),
    )
    for region, kind, message in checks:
        terminator = scf_terminator(region)
        if not isinstance(terminator, kind):
            notes = () if terminator is None else ((terminator, "terminator here"),)
            return VerifyMessage(message, notes=notes)
    return None
  }];
  let hasRegionVerifier = 1;
  let regionVerifier = [{
    before = self.before.blocks[0]
    after = self.after.blocks[0]
    condition = before.last_op
    yield_op = after.last_op
    assert isinstance(condition, ConditionOp)
    assert isinstance(yield_op, YieldOp)
    forwarded = condition.args
    edges: list[ScfEdge] = [
        ("parent", "Region #0", self.inits, before.args, self),
        ("Operation scf.condition", "parent", forwarded, self.results, condition),
        ("Operation scf.condition", "Region #1", forwarded, after.args, condition),
        ("Operation scf.yield", "Region #0", yield_op.operands, before.args, yield_op),
    ]
    return scf_check_edges(edges)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return scf_canonicalize_while(op, rewriter)
  }];
}

//===----------------------------------------------------------------------===//
// scf.yield
//===----------------------------------------------------------------------===//

def SCF_YieldOp : SCF_Op<"yield", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["SCF_ExecuteRegionOp", "SCF_ForOp", "SCF_IfOp", "SCF_IndexSwitchOp",
                 "SCF_WhileOp"]>]> {
  let summary = "End a region of an scf op, with the values it gives back";
  let description = [{
    Terminates a region of `scf.for`, `scf.if`, `scf.index_switch`,
    `scf.execute_region` or the `after` region of `scf.while`. What its
    operands become is the parent's to say: the results of the op, or the
    loop-carried values of the next iteration. A yield without operands may
    be left out of the custom form where the parent has no results.

    Example:

    ```mlir
    scf.yield %next, %count : f32, index
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}
