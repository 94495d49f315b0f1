// The tf_executor dialect: TensorFlow graphs under the TensorFlow executor's
// execution model. Same op names, operands, attributes, results, syntax and
// verifier messages as TensorFlow's `tf_executor` dialect, plus `Send` and
// `Recv`, which TensorFlow's dialect leaves out (see their descriptions).

include "OpBase.td"

def TfExecutor_Dialect : Dialect {
  let name = "tf_executor";
  let summary = "The TensorFlow executor's execution model";
  let description = [{
    The tf_executor dialect models the execution of a TensorFlow graph by the
    TensorFlow executor, including deadness propagation, concurrent execution
    and control dependencies. A `tf_executor.graph` holds the nodes of a graph;
    ordinary computation (the `tf` dialect's ops) is wrapped in
    `tf_executor.island`s, and the executor's own control-flow primitives
    (`Switch`, `Merge`, `Enter`, `Exit`, `NextIteration`, `LoopCond`,
    `ControlTrigger`) and the cross-device `Send` and `Recv` are ops of the
    dialect.

    Every op nested directly in a graph returns a value of type
    `!tf_executor.control` as its last result, which other ops take as control
    inputs after all their data operands; `tf_executor.fetch` and
    `tf_executor.NextIteration.Sink` are the exceptions, returning nothing.
    `!tf_executor.token` pairs a `NextIteration.Source` with its `Sink`.

    A value in a graph may be dead. An op with a dead input (data or control)
    produces dead outputs, except `Merge`, whose output is dead only when all
    its data inputs or any control input are, and `ControlTrigger`, which always
    produces a live control.
  }];
  // Shared by the ops below: control types, the implicit terminators, the
  // broadcast rules TensorFlow applies to its own element types, and the
  // rewrites of the canonicalization patterns.
  let extraClassDeclaration = [{
    def unknown_type_message(mnemonic: str) -> str:
        """TensorFlow's hand-written type parser knows `control` and `token` only."""
        return f"unknown tf_executor type: {mnemonic}"


    def is_control(t: Type) -> bool:
        """Whether `t` is `!tf_executor.control`."""
        return t is ControlType.get()


    def control_operands_after_all_data(op: Operation) -> bool | EmittedFailure:
        """No data operand follows a control operand (`ControlOperandsAfterAllData`).

        Like TensorFlow's predicate, it reports the first offending operand
        itself, ahead of the trait's own message.
        """
        found_control = False
        for index, value in enumerate(op.operands):
            if is_control(value.type):
                found_control = True
            elif found_control:
                return emit_op_error(
                    op, f"found non-control operand #{index} after control operand"
                )
        return True


    def ensure_terminator(
        region: Region, terminator: type[FetchOp] | type[YieldOp], loc: Location | None
    ) -> Operation:
        """MLIR's `ensureTerminator`: the region gets a block if it has none, and its
        last block the implicit terminator unless it already ends in a terminator.
        Returns the last op of the last block."""
        if not region.blocks:
            region.add_block(Block())
        block = region.blocks[-1]
        last = block.last_op
        if last is None or not last.has_trait(IsTerminator):
            last = block.append(terminator((), loc=loc))
        return last


    def fits_i64(value: int) -> bool:
        """Whether an integer literal may be an `i64` attribute (either signedness)."""
        low, high = integer_range(IntegerType.get(64))
        return low <= value <= high


    def parse_paren_operands(p: AsmParser) -> list[UnresolvedOperand]:
        """`(%a, %b)` if an opening parenthesis comes next, else nothing."""
        if not p.consume_if("("):
            return []
        if p.consume_if(")"):
            return []
        uses = p.parse_operand_list()
        p.expect(")", "expected ')' in operand list")
        return uses


    def parse_colon_type_list(p: AsmParser) -> list[Type]:
        """`: type, ...` (MLIR's `parseColonTypeList`)."""
        p.expect(":", "expected ':'")
        return p.parse_type_list()


    def drop_uses(value: Value, rewriter: PatternRewriter) -> None:
        """Remove `value` from the operand lists of its users (a control input that
        is no longer needed)."""
        for user in list(dict.fromkeys(value.users)):
            with rewriter.modify_op_in_place(user):
                user.set_operands([v for v in user.operands if v is not value])


    def is_only_yield(region: Region) -> bool:
        """Whether the island body holds nothing but its `tf_executor.yield`."""
        if len(region.blocks) != 1:
            return False
        first = region.blocks[0].first_op
        return isinstance(first, YieldOp) and first.next_op is None


    # TensorFlow's element types (`!tf_type.*`, or `!tf.*` in older IR) are
    # recognized by their spelling, so the rules below hold whether or not a
    # dialect defining them is loaded.

    _TF_REF_BASES = {
        "f16": "f16",
        "half": "f16",
        "f32": "f32",
        "f64": "f64",
        "bfloat16": "bf16",
        "bool": "i1",
        "int4": "i4",
        "int8": "i8",
        "int16": "i16",
        "int32": "i32",
        "int64": "i64",
        "uint4": "ui4",
        "uint8": "ui8",
        "uint16": "ui16",
        "uint32": "ui32",
        "uint64": "ui64",
        "complex64": "complex<f32>",
        "complex128": "complex<f64>",
    }


    def tf_type_parts(t: Type) -> tuple[str, str, str] | None:
        """(prefix, name, parameters) of a TensorFlow element type: `!tf_type.`,
        `variant`, `tensor<4xi32>` for `!tf_type.variant<tensor<4xi32>>`."""
        text = str(t)
        for prefix in ("!tf_type.", "!tf."):
            if text.startswith(prefix):
                name, _, params = text[len(prefix) :].partition("<")
                return prefix, name, params[:-1]
        return None


    def is_tf_ref(t: Type) -> bool:
        """Whether `t` is one of TensorFlow's reference types (`!tf_type.f32ref`)."""
        parts = tf_type_parts(t)
        return parts is not None and parts[1].endswith("ref")


    def tf_element_key(t: Type, *, drop_subtypes: bool) -> str:
        """The spelling of an element type with a reference type replaced by what it
        refers to (TensorFlow's `DropRefType`), and with `drop_subtypes` the subtypes of
        a resource or variant left out (`DropTypeSubTypes`)."""
        parts = tf_type_parts(t)
        if parts is None:
            return str(t)
        prefix, name, params = parts
        if name.endswith("ref"):
            base = name[:-3]
            return _TF_REF_BASES.get(base, prefix + base)
        if params and not drop_subtypes:
            return str(t)
        return prefix + name


    def split_type_list(text: str) -> list[str]:
        """The comma-separated types of a subtype list, split at the top level."""
        parts: list[str] = []
        depth = 0
        start = 0
        for i, c in enumerate(text):
            if c in "<([{":
                depth += 1
            elif c in ">)]}":
                depth -= 1
            elif c == "," and depth == 0:
                parts.append(text[start:i].strip())
                start = i + 1
        parts.append(text[start:].strip())
        return parts


    def is_tensor(t: Type) -> bool:
        """Whether `t` is a ranked or unranked tensor."""
        return isinstance(t, (RankedTensorType, UnrankedTensorType))


    def tf_broadcast_compatible(lhs: Type, rhs: Type) -> bool:
        """TensorFlow's `BroadcastCompatible` for two types: reference types count
        as what they refer to, element types match (a resource or variant without
        subtypes matches any of its kind), and ranked shapes broadcast."""
        if not isinstance(lhs, (RankedTensorType, UnrankedTensorType)) or not isinstance(
            rhs, (RankedTensorType, UnrankedTensorType)
        ):
            return tf_element_key(lhs, drop_subtypes=False) == tf_element_key(
                rhs, drop_subtypes=False
            )
        lhs_element = lhs.element_type
        rhs_element = rhs.element_type
        if tf_element_key(lhs_element, drop_subtypes=False) != tf_element_key(
            rhs_element, drop_subtypes=False
        ):
            lhs_parts = tf_type_parts(lhs_element)
            rhs_parts = tf_type_parts(rhs_element)
            if (
                lhs_parts is None
                or rhs_parts is None
                or lhs_parts[1] != rhs_parts[1]
                or lhs_parts[1] not in ("resource", "variant")
            ):
                return False
            if lhs_parts[2] and rhs_parts[2]:
                lhs_subtypes = split_type_list(lhs_parts[2])
                rhs_subtypes = split_type_list(rhs_parts[2])
                if len(lhs_subtypes) != len(rhs_subtypes):
                    return False
                ctx = Context(allow_unregistered_dialects=True)
                for a, b in zip(lhs_subtypes, rhs_subtypes, strict=True):
                    if a != b and not tf_broadcast_compatible(
                        parse_type(a, ctx), parse_type(b, ctx)
                    ):
                        return False
        if isinstance(lhs, RankedTensorType) and isinstance(rhs, RankedTensorType):
            return broadcast_shapes(lhs.shape, rhs.shape) is not None
        return True


    def tf_broadcastable_to_result(op: Operation, operand: int, result: int) -> bool:
        """TensorFlow's `TF_OpIsBroadcastableToRes`: operand and result are shaped and
        broadcast compatible."""
        operand_type = op.operand(operand).type
        result_type = op.results[result].type
        return (
            isinstance(operand_type, ShapedType)
            and isinstance(result_type, ShapedType)
            and tf_broadcast_compatible(operand_type, result_type)
        )


    def tf_broadcasted_type_exists(a: Type, b: Type) -> bool:
        """Whether two tensors broadcast to a common type once reference types and
        subtypes are dropped (MLIR's `getBroadcastedType` on TensorFlow's types)."""
        if tf_element_key(element_type_or_self(a), drop_subtypes=True) != tf_element_key(
            element_type_or_self(b), drop_subtypes=True
        ):
            return False
        if isinstance(a, RankedTensorType) and isinstance(b, RankedTensorType):
            return broadcast_shapes(a.shape, b.shape) is not None
        return True


    def same_loc(a: object, b: object) -> bool:
        """Whether two op locations are the same location."""
        return a is b or a == b
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def TfExecutor_ControlType : TypeDef<TfExecutor_Dialect, "Control"> {
  let mnemonic = "control";
  let summary = "control";
  let description = [{
    A control dependency: the last result of the ops in a graph, and the
    trailing operands of the ops that must wait for it. It carries no data,
    only whether the producing op ran (it is dead otherwise).
  }];
}

def TfExecutor_TokenType : TypeDef<TfExecutor_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "token";
  let description = [{
    Pairs a `tf_executor.NextIteration.Source` with the
    `tf_executor.NextIteration.Sink` that feeds it the value of the next loop
    iteration.
  }];
}

//===----------------------------------------------------------------------===//
// Traits and base class
//===----------------------------------------------------------------------===//

def TfExecutor_ControlOperandsAfterAllData : PredOpTrait<
    "all control inputs must appear after any non-control input",
    CPred<"control_operands_after_all_data($_op)">>;

// The data operand `opId` broadcasts to result `resId` with TensorFlow's rules.
class TfExecutor_BroadcastableToRes<string what, int opId, int resId> : PredOpTrait<
    "data operand must be broadcastable to " # what,
    CPred<"tf_broadcastable_to_result($_op, " # opId # ", " # resId # ")">>;

class TfExecutor_Op<string mnemonic, list<Trait> traits = []>
    : Op<TfExecutor_Dialect, mnemonic, traits>;

// Ops with more than one result name them after their results, as ODS does for
// such ops: `%outputs:2, %control = tf_executor.island ...`. These are the names
// of a variadic `outputs` group followed by `control`.
defvar TfExecutor_OutputsAndControlNames = [{
    control = len(self.results) - 1
    return ((0, "outputs"), (control, "control")) if control else ((0, "control"),)
}];

// Ops nested directly in a graph.
class TfExecutor_GraphNodeOp<string mnemonic, list<Trait> traits = []>
    : TfExecutor_Op<mnemonic, !listconcat([HasParent<"TfExecutor_GraphOp">], traits)>;

//===----------------------------------------------------------------------===//
// Graphs and islands
//===----------------------------------------------------------------------===//

def TfExecutor_GraphOp : TfExecutor_Op<"graph",
    [SingleBlockImplicitTerminator<"TfExecutor_FetchOp">]> {
  let summary = "A TensorFlow graph, executed by the TensorFlow executor";
  let description = [{
    The body is a single block listing the nodes of a TensorFlow graph in a
    topological order. Ops without a dependency between them through values
    may run in parallel (`tf_executor.NextIteration.Source` is the exception),
    and every value defined in the block may be dead at run time.

    Only tf_executor ops may appear directly in the body; other computation is
    wrapped in `tf_executor.island`s. The graph takes no operands: it captures
    the values it uses from the enclosing region. The body ends with
    `tf_executor.fetch`, whose data operands are the graph's results; in the
    custom form a missing fetch is implied, and the result types are those of
    the fetch's data operands.

    Example:

    ```mlir
    %result = tf_executor.graph {
      %sum, %ctl = tf_executor.island wraps "tf.Add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.fetch %sum : tensor<f32>
    }
    ```
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    region_pos = p.current_pos()
    body = Region()
    p.parse_region(body)
    fetch = ensure_terminator(body, FetchOp, p.loc_at(name_pos))
    if len(body.blocks) != 1:
        p.op_error(region_pos, "expects a single block region")
    if not isinstance(fetch, FetchOp):
        p.op_error(region_pos, "expects a tf_executor.fetch terminator")
    # The graph returns the data operands of its fetch.
    result_types: list[Type] = []
    for value in fetch.operands:
        if is_control(value.type):
            break
        result_types.append(value.type)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls, name_pos, [], result_types, attributes=attrs, attr_dict_pos=attr_pos, regions=[body]
    )
  }];
  let printer = [{
    p.write(" ")
    p.print_region(self.body)
    p.write(p.attr_dict(self))
  }];
  let hasVerifier = 1;
  let verifier = [{
    block = self.body.blocks[0]
    if block.first_op is None:
        return "expects a non-empty body"
    # Only tf_executor ops may appear directly in a graph.
    for op in block:
        if op.dialect_name != "tf_executor":
            return VerifyMessage("unallowed inside a tf_executor.graph region", at=op)
        if isinstance(op, GraphOp):
            return VerifyMessage("unallowed directly inside another tf_executor.graph", at=op)
    fetch = block.last_op
    if not isinstance(fetch, FetchOp):
        return VerifyMessage("invalid tf_executor.graph terminator, fetch expected", at=fetch)
    # The data operands of the fetch are the graph's results; control operands follow.
    num_results = len(self.results)
    if fetch.num_operands < num_results:
        return VerifyMessage(
            "does not have enough operands to cover the graph returned values", at=fetch
        )
    for index, value in enumerate(fetch.operands):
        if is_control(value.type):
            if index != num_results:
                return VerifyMessage(
                    f"operand #{index} is a control type, can't be bound to a graph result",
                    at=fetch,
                )
            break
        if index >= num_results:
            return VerifyMessage(
                f"operand #{index} does not have a graph results to bind", at=fetch
            )
        if self.results[index].type != value.type:
            return VerifyMessage(f"operand #{index} type mismatch graph results", at=fetch)
    return None
  }];
  let hasCanonicalizer = 1;
  // TensorFlow's DropEmptyGraph and HoistInnerOpsSingleIslandGraph.
  let canonicalize = [{
    block = op.body.blocks[0]
    first = block.first_op
    fetch = block.last_op
    if first is None or fetch is None:
        return False
    if first is fetch:
        # A graph holding only its fetch returns what the fetch fetches.
        rewriter.replace_op(op, list(fetch.operands[: len(op.results)]))
        return True
    if not isinstance(first, IslandOp) or first.next_op is not fetch:
        return False
    # A graph of one island: its body moves out in place of the graph.
    island = first
    island_body = island.body.blocks[0]
    yield_op = island_body.last_op
    assert yield_op is not None
    values: list[Value] = []
    for value in fetch.operands:
        if is_control(value.type):
            break
        if isinstance(value, OpResult) and value.owner is island:
            values.append(yield_op.operand(value.index))
        else:
            values.append(value)
    inner = island_body.first_op
    while inner is not None and inner is not yield_op:
        next_op = inner.next_op
        rewriter.move_op_before(inner, op)
        inner = next_op
    rewriter.replace_op(op, values)
    return True
  }];
}

def TfExecutor_FetchOp : TfExecutor_Op<"fetch", [
    Terminator, TfExecutor_ControlOperandsAfterAllData,
    HasParent<"TfExecutor_GraphOp">]> {
  let summary = "Ends a graph and returns its values";
  let description = [{
    Terminates the body of a `tf_executor.graph`. Its data operands are the
    graph's results and must match their types; control operands, after all
    data operands, make the graph wait for the ops that produce them. The
    graph's results are undefined if a fetched value is dead.

    Example:

    ```mlir
    tf_executor.fetch %value, %ctl : tensor<f32>, !tf_executor.control
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
}

def TfExecutor_IslandOp : TfExecutor_GraphNodeOp<"island",
    [SingleBlockImplicitTerminator<"TfExecutor_YieldOp">]> {
  let summary = "Wraps ops of other dialects for a graph";
  let description = [{
    The way ops of other dialects (the `tf` dialect's, for instance) appear in
    a `tf_executor.graph`: the island's single block runs them in order, with
    ordinary sequential semantics and values that cannot be dead. The block
    ends with `tf_executor.yield`, whose operands are the island's results; the
    island also returns a `!tf_executor.control`. Its operands are control
    inputs only; other values are captured from the enclosing regions. If a
    control input or a captured value is dead, the body does not run and every
    result is dead.

    In the custom form a missing yield is implied and the result types are
    those of the yield's operands. An island that only forwards the results of
    one op, without attributes, and whose op and yield have the island's
    location, is written `wraps` followed by the op in the generic form.

    Example:

    ```mlir
    %sum, %ctl = tf_executor.island(%ctl0) {
      %0 = "tf.Add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    }
    %prod, %ctl2 = tf_executor.island wraps "tf.Mul"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<TfExecutor_ControlType>:$controlInputs);
  let results = (outs Variadic<AnyType>:$outputs, TfExecutor_ControlType:$control);
  let regions = (region SizedRegion<1>:$body);
  let asmResultNames = TfExecutor_OutputsAndControlNames;
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    control = ControlType.get()
    operands_pos = p.current_pos()
    uses = parse_paren_operands(p)
    operands = p.resolve_operands(uses, [control] * len(uses), operands_pos)
    body = Region()
    loc: Location | None = p.loc_at(name_pos)
    wrapped: Operation | None = None
    if p.consume_keyword("wraps"):
        # One op in the generic form, whose results the implied yield forwards;
        # island, op and yield share its location.
        block = body.add_block(Block())
        if p.peek() != '"':
            p.wrong_token("expected operation name in quotes")
        wrapped = p.parse_operation(block)
        loc = wrapped.loc
        block.append(YieldOp(wrapped.results, loc=loc))
    else:
        p.parse_region(body)
    yield_op = ensure_terminator(body, YieldOp, loc)
    result_types = [v.type for v in yield_op.operands] + [control]
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    island = p.create_op(
        cls, name_pos, operands, result_types, attributes=attrs, attr_dict_pos=attr_pos,
        regions=[body],
    )
    if wrapped is not None:
        # A `loc(#alias)` of an alias defined further down is patched in for all three.
        p.set_op_location(yield_op, loc)
        p.set_op_location(island, loc)
    return island
  }];
  let printer = [{
    if self.num_operands:
        p.write("(" + p.operands(self.operands) + ")")
    wrapped = self.wrapped_op()
    if wrapped is not None and not self.attributes.entries:
        yield_op = self.body.blocks[0].last_op
        # The short form writes one location, so all three must be the same.
        if yield_op is not None and same_loc(wrapped.loc, self.loc) and same_loc(
            yield_op.loc, self.loc
        ):
            p.write(" wraps ")
            p.print_generic_op(wrapped)
            return None
    p.write(" ")
    p.print_region(self.body)
    p.write(p.attr_dict(self))
    return None
  }];
  let extraClassDeclaration = [{
    def wrapped_op(self) -> Operation | None:
        """The op the island wraps, if its body is one op whose results the yield
        forwards as they are (TensorFlow's `WrapsSingleOp`)."""
        if len(self.body.blocks) != 1:
            return None
        block = self.body.blocks[0]
        first = block.first_op
        yield_op = block.last_op
        if first is None or first is yield_op or first.next_op is not yield_op:
            return None
        assert yield_op is not None
        if len(first.results) != yield_op.num_operands:
            return None
        if any(a is not b for a, b in zip(first.results, yield_op.operands, strict=True)):
            return None
        return first
  }];
  let hasVerifier = 1;
  let verifier = [{
    block = self.body.blocks[0]
    if block.args:
        return "expects body without any arguments"
    yield_op = block.last_op
    if not isinstance(yield_op, YieldOp):
        return VerifyMessage("invalid tf_executor.island terminator, yield expected", at=yield_op)
    # The yield's operands are the island's results but for the control.
    result_count = len(self.results) - 1
    if yield_op.num_operands != result_count:
        return VerifyMessage(
            f"has {yield_op.num_operands} operand, but island returns {result_count}",
            at=yield_op,
        )
    for index, value in enumerate(yield_op.operands):
        if self.results[index].type != value.type:
            return VerifyMessage(f"operand #{index} type mismatch island results", at=yield_op)
    for index in range(result_count):
        if is_control(self.results[index].type):
            return VerifyMessage(f"unexpected control type for operand #{index}", at=yield_op)
    return None
  }];
  let hasCanonicalizer = 1;
  // TensorFlow's DropEmptyIslandNoOperandNoDataResult and
  // DropEmptyIslandNoOperandOneDataResult.
  let canonicalize = [{
    if op.num_operands or not is_only_yield(op.body):
        return False
    yield_op = op.body.blocks[0].last_op
    assert yield_op is not None
    if len(op.results) == 1:
        # Nothing to run and nothing to wait for: users stop waiting for it.
        drop_uses(op.control, rewriter)
        rewriter.erase_op(op)
        return True
    if len(op.results) == 2 and not op.control.has_uses:
        rewriter.replace_all_uses_with(op.results[0], yield_op.operand(0))
        rewriter.erase_op(op)
        return True
    return False
  }];
  // An empty island with one control input stands for that control input.
  let hasFolder = 1;
  let fold = [{
    if self.num_operands != 1 or len(self.results) != 1 or not is_only_yield(self.body):
        return None
    return [self.operand(0)]
  }];
}

def TfExecutor_YieldOp : TfExecutor_Op<"yield", [
    Terminator, TfExecutor_ControlOperandsAfterAllData,
    HasParent<"TfExecutor_IslandOp">]> {
  let summary = "Ends an island and returns its values";
  let description = [{
    Terminates the body of a `tf_executor.island`; its operands are the
    island's results, but for the island's control result.

    Example:

    ```mlir
    tf_executor.yield %sum : tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def TfExecutor_SwitchOp : TfExecutor_GraphNodeOp<"Switch", [
    TfExecutor_ControlOperandsAfterAllData,
    TfExecutor_BroadcastableToRes<"true result", 0, 0>,
    TfExecutor_BroadcastableToRes<"false result", 0, 1>]> {
  let summary = "Forwards a value to one of two outputs";
  let description = [{
    Forwards `data` to `trueOutput` when `predicate` is true and to
    `falseOutput` otherwise; the other output is dead. If an input or a control
    input is dead, both outputs are. The outputs are in the order of this
    dialect's design, true first (TensorFlow's own `Switch` lists its false
    output first).

    The short form gives the type of the data and both outputs, with a
    `tensor<i1>` predicate; otherwise the types are a function type.

    Example:

    ```mlir
    %true, %false, %ctl = tf_executor.Switch %data, %pred : tensor<*xf32>
    %t, %f, %c = tf_executor.Switch %v, %p : (tensor<2xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control)
    ```
  }];
  let arguments = (ins AnyType:$data, TensorOf<[I1]>:$predicate,
                       Variadic<TfExecutor_ControlType>:$controlInputs);
  let results = (outs AnyType:$trueOutput, AnyType:$falseOutput,
                      TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "trueOutput"), (1, "falseOutput"), (2, "control"))
  }];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    uses = p.parse_operand_list()
    types = parse_colon_type_list(p)
    if len(types) != 1:
        p.op_error(name_pos, " expects only a single data type")
    control = ControlType.get()
    single = types[0]
    if isinstance(single, FunctionType):
        if len(single.inputs) < 2:
            p.op_error(name_pos, " expects a single data type and a predicate")
        result_types = list(single.results)
        operand_types = list(single.inputs)
    else:
        if len(uses) < 2:
            p.op_error(name_pos, " expects a single data type and a predicate")
        result_types = [single, single, control]
        predicate = RankedTensorType.get((), IntegerType.get(1))
        operand_types = [single, predicate] + [control] * (len(uses) - 2)
    operands = p.resolve_operands(uses, operand_types, p.current_pos())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls, name_pos, operands, result_types, attributes=attrs, attr_dict_pos=attr_pos
    )
  }];
  let printer = [{
    data = self.data.type
    short = (
        self.true_output.type == data
        and self.false_output.type == data
        and self.predicate.type == RankedTensorType.get((), IntegerType.get(1))
    )
    if short:
        types = p.type_text(data)
    else:
        types = p.functional_type(
            [v.type for v in self.operands], [r.type for r in self.results]
        )
    p.write(f" {p.operands(self.operands)} : {types}{p.attr_dict(self)}")
  }];
}

def TfExecutor_SwitchNOp : TfExecutor_GraphNodeOp<"_SwitchN", [
    TfExecutor_ControlOperandsAfterAllData]> {
  let summary = "Forwards a value to one of N outputs";
  let description = [{
    Forwards `data` to the output that `index` selects among `num_outs`
    outputs; the others are dead. If an input or a control input is dead, all
    outputs are. The outputs are tensors that `data` broadcasts to; an output of
    a reference type needs `data` of a reference type.

    Example:

    ```mlir
    %out:6 = tf_executor._SwitchN %data, %index of 5 (%ctl) : tensor<*xf32>
    ```
  }];
  let arguments = (ins AnyType:$data, TensorOf<[I32]>:$index,
                       Variadic<TfExecutor_ControlType>:$controlInputs,
                       I64Attr:$num_outs);
  let results = (outs Variadic<AnyType>:$outputs, TfExecutor_ControlType:$control);
  let asmResultNames = TfExecutor_OutputsAndControlNames;
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    operands_pos = p.current_pos()
    uses = p.parse_operand_list()
    if len(uses) != 2:
        p.op_error(operands_pos, "expected 2 operands")
    p.expect_keyword("of")
    num_pos = p.current_pos()
    num_value = p.parse_integer()
    if not fits_i64(num_value):
        p.error_at(num_pos, "integer constant out of range for attribute")
    num_outs = IntegerAttr.get(IntegerType.get(64), num_value)
    uses += parse_paren_operands(p)
    types = parse_colon_type_list(p)
    if len(types) != 1:
        p.op_error(name_pos, " expects only a single data type")
    if num_outs.value <= 0:
        p.op_error(name_pos, " expects a positive number of outputs")
    control = ControlType.get()
    index = RankedTensorType.get((), IntegerType.get(32))
    operand_types = [types[0], index] + [control] * (len(uses) - 2)
    operands = p.resolve_operands(uses, operand_types, operands_pos)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        operands,
        [types[0]] * num_outs.value + [control],
        properties=[("num_outs", num_outs)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  // The short form implies the index and output types; an op whose types it
  // cannot spell is printed in the generic form.
  let printer = [{
    data = self.data.type
    if self.index.type != RankedTensorType.get((), IntegerType.get(32)) or any(
        v.type != data for v in self.outputs
    ):
        return False
    text = f" {p.operands([self.data, self.index])} of {len(self.results) - 1}"
    if self.control_inputs:
        text += f" ({p.operands(self.control_inputs)})"
    p.write(f"{text} : {p.type_text(data)}{p.attr_dict(self, ('num_outs',))}")
    return None
  }];
  let hasVerifier = 1;
  // A non-tensor output is reported as a type mismatch with the data operand,
  // as TensorFlow's earlier verifier words it.
  let verifier = [{
    num_outs = self.num_outs.value
    if len(self.results) != num_outs + 1:
        return f"expect `num_outs` ({num_outs}) results but got {len(self.results) - 1}"
    data = self.data.type
    if not is_tensor(data):
        return f"expects data operand to have tensor type but got '{data}'"
    for output in self.outputs:
        out = output.type
        if not is_tensor(out):
            return f"type mismatch between data operand and result: '{data}' vs '{out}'"
        if is_tf_ref(element_type_or_self(out)) and not is_tf_ref(element_type_or_self(data)):
            return f"expects same operand and output element type but got '{data}' vs '{out}'"
        if not tf_broadcasted_type_exists(data, out):
            return (
                "expects data operand to be broadcastable with all output types "
                f"but got '{data}' vs '{out}'"
            )
    return None
  }];
}

def TfExecutor_MergeOp : TfExecutor_GraphNodeOp<"Merge", [
    TfExecutor_ControlOperandsAfterAllData]> {
  let summary = "Forwards the first of its inputs that is live";
  let description = [{
    Forwards one of its live data inputs (which one, if several are live, is
    not defined) and its position among them. The output is dead when all data
    inputs are dead or a control input is. Every data input is a tensor that
    broadcasts to the output; when the output has a reference type, so must
    every input.

    The short form, for exactly two data inputs of the output's type, gives
    that type; otherwise the types are a function type.

    Example:

    ```mlir
    %value, %index, %ctl = tf_executor.Merge %a, %b, %ctl0 : tensor<*xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs_and_control);
  let results = (outs AnyTensor:$output, TensorOf<[I32]>:$value_index,
                      TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "output"), (1, "value_index"), (2, "control"))
  }];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    operands_pos = p.current_pos()
    uses = p.parse_operand_list()
    types = parse_colon_type_list(p)
    if len(types) != 1:
        p.op_error(name_pos, " expects only a single data type")
    control = ControlType.get()
    single = types[0]
    if isinstance(single, FunctionType):
        result_types = list(single.results)
        operand_types = list(single.inputs)
    else:
        # Two data inputs of that type, then control inputs.
        operand_types = [single, single] + [control] * (len(uses) - 2)
        result_types = [single, RankedTensorType.get((), IntegerType.get(32)), control]
    operands = p.resolve_operands(uses, operand_types, operands_pos)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls, name_pos, operands, result_types, attributes=attrs, attr_dict_pos=attr_pos
    )
  }];
  let printer = [{
    output = self.output.type
    data_types = []
    for value in self.operands:
        if is_control(value.type):
            break
        data_types.append(value.type)
    short = (
        len(data_types) == 2
        and all(t == output for t in data_types)
        and self.value_index.type == RankedTensorType.get((), IntegerType.get(32))
    )
    if short:
        types = p.type_text(output)
    else:
        types = p.functional_type(
            [v.type for v in self.operands], [r.type for r in self.results]
        )
    p.write(f" {p.operands(self.operands)} : {types}{p.attr_dict(self)}")
  }];
  let hasVerifier = 1;
  let verifier = [{
    if not self.num_operands:
        return "expects at least one operand"
    if is_control(self.operand(0).type):
        return "expects a non-control input"
    output = self.output.type
    if not is_tensor(output):
        return f"expects output to have tensor type but got '{output}'"
    output_is_ref = is_tf_ref(element_type_or_self(output))
    for value in self.operands:
        operand = value.type
        if is_control(operand):
            break
        if not is_tensor(operand):
            return f"expects data operands to have tensor type but got '{operand}'"
        if output_is_ref and not is_tf_ref(element_type_or_self(operand)):
            return (
                f"expects same operand and output element type but got '{operand}' vs '{output}'"
            )
        if not tf_broadcasted_type_exists(output, operand):
            return (
                "expects all operands to be broadcastable with output type "
                f"but got '{operand}' vs '{output}'"
            )
    return None
  }];
}

def TfExecutor_EnterOp : TfExecutor_GraphNodeOp<"Enter", [
    TfExecutor_ControlOperandsAfterAllData,
    TfExecutor_BroadcastableToRes<"result", 0, 0>]> {
  let summary = "Forwards its input into the execution frame of a loop";
  let description = [{
    Makes `data` available in the child frame `frame_name`, the frame of a
    while loop; each value a loop body uses needs its own `Enter`. With
    `is_constant` the value is the same in every iteration.
    `parallel_iterations` bounds how many iterations may run at once.

    The syntax writes the frame name as a string, then `parallel_iterations N`
    unless it is 10, then `constant` if the value is constant. The short form
    gives the type of the data and output; otherwise the types are a function
    type.

    Example:

    ```mlir
    %out, %ctl = tf_executor.Enter %data frame "while/frame" parallel_iterations 42 constant : tensor<*xf32>
    ```
  }];
  let arguments = (ins AnyType:$data, StrAttr:$frame_name,
                       DefaultValuedAttr<BoolAttr, "false">:$is_constant,
                       DefaultValuedAttr<I64Attr, "10">:$parallel_iterations,
                       Variadic<TfExecutor_ControlType>:$controlInputs);
  let results = (outs AnyType:$output, TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "output"), (1, "control"))
  }];
  let hasCustomAssemblyFormat = 1;
  // The parser always sets `parallel_iterations` and `is_constant`.
  let parser = [{
    operands_pos = p.current_pos()
    uses = p.parse_operand_list()
    if not uses:
        p.op_error(operands_pos, " expects at least one data operand")
    p.expect_keyword("frame")
    frame = StringAttr.get(p.parse_string_literal())
    i64 = IntegerType.get(64)
    parallel_iterations: Attribute = IntegerAttr.get(i64, 10)
    if p.consume_keyword("parallel_iterations"):
        number_pos = p.current_pos()
        number = p.parse_integer()
        if not fits_i64(number):
            p.error_at(number_pos, "integer constant out of range for attribute")
        parallel_iterations = IntegerAttr.get(i64, number)
    is_constant = BoolAttr.get_bool(p.consume_keyword("constant"))
    types = parse_colon_type_list(p)
    if len(types) != 1:
        p.op_error(operands_pos, " expects only a single data type")
    control = ControlType.get()
    single = types[0]
    if isinstance(single, FunctionType):
        if not single.inputs:
            p.op_error(name_pos, " expects a data input")
        result_types = list(single.results)
        operand_types = list(single.inputs)
    else:
        operand_types = [single] + [control] * (len(uses) - 1)
        result_types = [single, control]
    operands = p.resolve_operands(uses, operand_types, operands_pos)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls,
        name_pos,
        operands,
        result_types,
        properties=[
            ("frame_name", frame),
            ("parallel_iterations", parallel_iterations),
            ("is_constant", is_constant),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  // As TensorFlow's printer, `constant` is followed by a space before ` : `.
  let printer = [{
    text = f" {p.operands(self.operands)} frame {p.attr_text(self.frame_name)}"
    if self.parallel_iterations.value != 10:
        text += f" parallel_iterations {self.parallel_iterations.value}"
    if self.is_constant.value:
        text += " constant "
    if self.data.type == self.output.type:
        types = p.type_text(self.output.type)
    else:
        types = p.functional_type(
            [v.type for v in self.operands], [r.type for r in self.results]
        )
    elided = ("frame_name", "parallel_iterations", "is_constant")
    p.write(f"{text} : {types}{p.attr_dict(self, elided)}")
  }];
}

def TfExecutor_ExitOp : TfExecutor_GraphNodeOp<"Exit", [
    TfExecutor_BroadcastableToRes<"result", 0, 0>]> {
  let summary = "Forwards its input out of the execution frame of a loop";
  let description = [{
    Makes `data` available in the parent frame of the current loop frame: the
    value a while loop produces.

    The short form gives the type of the data and output; when they differ
    the types are a function type.

    Example:

    ```mlir
    %out, %ctl = tf_executor.Exit %data : tensor<*xf32>
    ```
  }];
  let arguments = (ins AnyType:$data, Variadic<TfExecutor_ControlType>:$controlInputs);
  let results = (outs AnyType:$output, TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "output"), (1, "control"))
  }];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    uses = p.parse_operand_list()
    if not uses:
        p.op_error(name_pos, "expects at least one operand")
    types = parse_colon_type_list(p)
    control = ControlType.get()
    if len(types) == 1 and isinstance(types[0], FunctionType):
        result_types = list(types[0].results)
        operand_types = list(types[0].inputs)
    else:
        operand_types = types + [control] * (len(uses) - 1)
        result_types = [types[0], control]
    operands = p.resolve_operands(uses, operand_types, p.current_pos())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls, name_pos, operands, result_types, attributes=attrs, attr_dict_pos=attr_pos
    )
  }];
  let printer = [{
    if self.data.type == self.output.type:
        types = p.type_text(self.output.type)
    else:
        types = p.functional_type(
            [v.type for v in self.operands], [r.type for r in self.results]
        )
    p.write(f" {p.operands(self.operands)} : {types}{p.attr_dict(self)}")
  }];
}

def TfExecutor_NextIterationSourceOp : TfExecutor_GraphNodeOp<"NextIteration.Source"> {
  let summary = "The value of the next iteration of a loop";
  let description = [{
    With `tf_executor.NextIteration.Sink`, TensorFlow's `NextIteration`: the
    back edge of a while loop, split in two so the graph stays acyclic. The
    source produces the value that its sink receives, in the next iteration,
    and a token that the sink (and nothing else) consumes. The source runs after
    its sink although no value orders them.

    Example:

    ```mlir
    %next, %token, %ctl = tf_executor.NextIteration.Source : tensor<*xf32>
    ```
  }];
  let results = (outs AnyType:$output, TfExecutor_TokenType:$token,
                      TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "output"), (1, "token"), (2, "control"))
  }];
  let assemblyFormat = "`:` type($output) attr-dict";
  let hasVerifier = 1;
  let verifier = [{
    token = self.token
    if not token.has_one_use:
        return "expects a single user for produced token"
    if not isinstance(next(iter(token.users)), NextIterationSinkOp):
        return "token should be consumed by a sink op"
    return None
  }];
}

def TfExecutor_NextIterationSinkOp : TfExecutor_GraphNodeOp<"NextIteration.Sink"> {
  let summary = "Feeds the next iteration of a loop";
  let description = [{
    Takes the token of its `tf_executor.NextIteration.Source` and the value the
    source produces in the next iteration, which must have the source's output
    type. It returns nothing.

    Example:

    ```mlir
    tf_executor.NextIteration.Sink[%token] %value, %ctl : tensor<*xf32>
    ```
  }];
  let arguments = (ins TfExecutor_TokenType:$token, AnyType:$input,
                       Variadic<TfExecutor_ControlType>:$controlInputs);
  let assemblyFormat = [{
    `` `[` $token `]` $input (`,` $controlInputs^)? `:` type($input) attr-dict
  }];
  let hasVerifier = 1;
  let verifier = [{
    source = self.token.defining_op
    if source is None:
        return "expects a token directly produced by a tf_executor.NextIteration.Source op"
    if not isinstance(source, NextIterationSourceOp):
        return "expects a token produced by a tf_executor.NextIteration.Source op"
    if source.output.type != self.input.type:
        return (
            f"input type '{self.input.type}' mismatch the "
            f"tf_executor.NextIteration.Source output type: '{source.output.type}'"
        )
    return None
  }];
}

def TfExecutor_LoopCondOp : TfExecutor_GraphNodeOp<"LoopCond"> {
  let summary = "The condition of a loop";
  let description = [{
    Forwards its boolean input: the pivot that marks the termination
    condition of a while loop.

    The short form gives the type of the input and output; when they differ
    the types are a function type.

    Example:

    ```mlir
    %cond, %ctl = tf_executor.LoopCond %pred, %ctl0 : tensor<i1>
    ```
  }];
  let arguments = (ins TensorOf<[I1]>:$input,
                       Variadic<TfExecutor_ControlType>:$controlInputs);
  let results = (outs TensorOf<[I1]>:$output, TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "output"), (1, "control"))
  }];
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    uses = p.parse_operand_list()
    if not uses:
        p.op_error(name_pos, "expects at least one operand")
    types = parse_colon_type_list(p)
    control = ControlType.get()
    single = types[0]
    if isinstance(single, FunctionType):
        if sum(1 for t in single.inputs if t != control) != 1:
            p.op_error(name_pos, " expects a single data type")
        result_types = list(single.results)
        operand_types = list(single.inputs)
    else:
        if len(types) != 1:
            p.op_error(name_pos, " expects a single data type")
        operand_types = [single] + [control] * (len(uses) - 1)
        result_types = [single, control]
    operands = p.resolve_operands(uses, operand_types, p.current_pos())
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    return p.create_op(
        cls, name_pos, operands, result_types, attributes=attrs, attr_dict_pos=attr_pos
    )
  }];
  let printer = [{
    if self.input.type == self.output.type:
        types = p.type_text(self.input.type)
    else:
        types = p.functional_type(
            [v.type for v in self.operands], [r.type for r in self.results]
        )
    p.write(f" {p.operands(self.operands)} : {types}{p.attr_dict(self)}")
  }];
}

def TfExecutor_ControlTriggerOp : TfExecutor_GraphNodeOp<"ControlTrigger"> {
  let summary = "A live control that waits for its control inputs";
  let description = [{
    Produces a control once all its control inputs are ready; unlike other
    ops, its control is live even when control inputs are dead.

    Example:

    ```mlir
    %ctl = tf_executor.ControlTrigger %ctl0, %ctl1
    ```
  }];
  let arguments = (ins Variadic<TfExecutor_ControlType>:$controlInputs);
  let results = (outs TfExecutor_ControlType:$control);
  let assemblyFormat = "$controlInputs attr-dict";
  let hasCanonicalizer = 1;
  // TensorFlow's DropEmptyControlTrigger: without control inputs there is
  // nothing to wait for, and users stop waiting for it.
  let canonicalize = [{
    if op.num_operands:
        return False
    drop_uses(op.control, rewriter)
    rewriter.erase_op(op)
    return True
  }];
}

//===----------------------------------------------------------------------===//
// Communication between devices
//===----------------------------------------------------------------------===//

// TensorFlow's `_Send` and `_Recv` carry the same attributes, which name one
// rendezvous: the tensor (`tensor_name`), the devices at both ends, and the
// incarnation of the sending device.

def TfExecutor_SendOp : TfExecutor_GraphNodeOp<"Send"> {
  let summary = "Sends a tensor to another device";
  let description = [{
    TensorFlow's `_Send`: hands `input` to the rendezvous that the paired
    `tf_executor.Recv` reads, under the key made of `tensor_name`,
    `send_device`, `send_device_incarnation` and `recv_device`. It sends once
    its input and control inputs are ready and produces only a control, which
    is live once the tensor is handed over; a dead input is sent as dead.
    `client_terminated` marks a transfer whose other end is the client rather
    than a `Recv` in a graph.

    The attributes are TensorFlow's, written in the attribute dictionary;
    `client_terminated` is left out when false.

    Example:

    ```mlir
    %ctl = tf_executor.Send %x, %ctl0 {recv_device = "/job:worker/replica:0/task:0/device:GPU:0", send_device = "/job:worker/replica:0/task:0/device:CPU:0", send_device_incarnation = 1 : i64, tensor_name = "edge_5_x"} : tensor<2xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$input,
                       Variadic<TfExecutor_ControlType>:$controlInputs,
                       StrAttr:$tensor_name, StrAttr:$send_device,
                       I64Attr:$send_device_incarnation, StrAttr:$recv_device,
                       DefaultValuedAttr<BoolAttr, "false">:$client_terminated);
  let results = (outs TfExecutor_ControlType:$control);
  let assemblyFormat = "$input (`,` $controlInputs^)? attr-dict `:` type($input)";
}

def TfExecutor_RecvOp : TfExecutor_GraphNodeOp<"Recv"> {
  let summary = "Receives a tensor from another device";
  let description = [{
    TensorFlow's `_Recv`: produces the tensor that the `tf_executor.Send` with
    the same `tensor_name`, `send_device`, `send_device_incarnation` and
    `recv_device` hands over, once its control inputs are ready, and a control.
    The tensor is dead if it was sent dead. `client_terminated` marks a
    transfer whose other end is the client rather than a `Send` in a graph.

    The attributes are TensorFlow's, written in the attribute dictionary;
    `client_terminated` is left out when false.

    Example:

    ```mlir
    %x, %ctl = tf_executor.Recv {recv_device = "/job:worker/replica:0/task:0/device:GPU:0", send_device = "/job:worker/replica:0/task:0/device:CPU:0", send_device_incarnation = 1 : i64, tensor_name = "edge_5_x"} : tensor<2xf32>
    ```
  }];
  let arguments = (ins Variadic<TfExecutor_ControlType>:$controlInputs,
                       StrAttr:$tensor_name, StrAttr:$send_device,
                       I64Attr:$send_device_incarnation, StrAttr:$recv_device,
                       DefaultValuedAttr<BoolAttr, "false">:$client_terminated);
  let results = (outs AnyTensor:$output, TfExecutor_ControlType:$control);
  let asmResultNames = [{
    return ((0, "output"), (1, "control"))
  }];
  let assemblyFormat = "$controlInputs attr-dict `:` type($output)";
}
