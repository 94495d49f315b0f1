// The cf dialect: unstructured control flow between the blocks of a region.
// Same op names, operands, attributes, successors, traits and verifier messages
// as MLIR 22's `cf` dialect.

include "OpBase.td"

def CF_Dialect : Dialect {
  let name = "cf";
  let summary = "Branches between blocks, and runtime assertions";
  let description = [{
    The cf dialect holds the terminators of unstructured control flow: an
    unconditional branch, a two-way conditional branch and a multi-way switch
    on an integer, each passing values to the arguments of the blocks it
    branches to, and an assertion that stops the program with a message.
  }];
}

class CF_Op<string mnemonic, list<Trait> traits = []>
    : Op<CF_Dialect, mnemonic, traits>;

// MLIR's BranchOpInterface check over `successor_operands`, a list of each
// successor block with the operands passed to it. mlir-opt prints these
// messages without the "'<op>' op " prefix.
defvar CF_CheckSuccessorOperands = [{
    for index, (block, operands) in enumerate(successor_operands):
        if len(operands) != len(block.args):
            return VerifyMessage(
                f"branch has {len(operands)} operands for successor #{index}, "
                f"but target block has {len(block.args)}",
                prefixed=False,
            )
        for position, (value, arg) in enumerate(zip(operands, block.args, strict=True)):
            if value.type != arg.type:
                return VerifyMessage(
                    f"type mismatch for bb argument #{position} of successor #{index}",
                    prefixed=False,
                )
}];

def CF_AssertOp : CF_Op<"assert"> {
  let summary = "Stop with a message when a condition is false";
  let description = [{
    Checks that `arg` is true at run time. When it is false the program is
    aborted and `msg` is reported. An assertion whose operand is the constant
    true can be removed.

    Example:

    ```mlir
    cf.assert %in_bounds, "index out of range"
    ```
  }];
  let arguments = (ins I1:$arg, StrAttr:$msg);
  let assemblyFormat = "$arg `,` $msg attr-dict";
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return cf_canonicalize_assert(op, rewriter)
  }];
}

def CF_BranchOp : CF_Op<"br", [BranchOpInterface, Pure, Terminator]> {
  let summary = "Jump to a block";
  let description = [{
    Ends a block by transferring control to `dest`, passing `destOperands` as
    the arguments of that block. Their number and types must match the block's
    arguments.

    Example:

    ```mlir
    ^entry:
      cf.br ^loop(%zero : i32)
    ^loop(%i: i32):
      ...
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$destOperands);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict";
  let hasVerifier = 1;
  let verifier = !strconcat([{
    successor_operands = [(self.dest, self.dest_operands)]
  }], CF_CheckSuccessorOperands, [{
    return None
  }]);
  let extraClassDeclaration = [{
    def successor_operand_positions(self, index: int) -> range | None:
        """The positions of the operands passed to successor `index`."""
        return cf_successor_operand_positions(self, index)

    def erase_successor_operand(self, index: int, position: int) -> None:
        """Drop the operand passed to argument `position` of successor `index`."""
        cf_erase_successor_operand(self, index, position)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return cf_canonicalize_br(op, rewriter)
  }];
}

def CF_CondBranchOp : CF_Op<"cond_br", [
    AttrSizedOperandSegments, BranchOpInterface, Pure, Terminator]> {
  let summary = "Jump to one of two blocks depending on a condition";
  let description = [{
    Ends a block by transferring control to `trueDest` when `condition` is
    true and to `falseDest` otherwise, passing `trueDestOperands` or
    `falseDestOperands` to the chosen block. `branch_weights`, when present,
    holds two relative likelihoods for the two successors, which must not both
    be zero.

    Example:

    ```mlir
    cf.cond_br %done, ^exit(%sum : i32), ^body
    cf.cond_br %rare weights([1, 99]), ^slow, ^fast
    ```
  }];
  let arguments = (ins I1:$condition,
                       Variadic<AnyType>:$trueDestOperands,
                       Variadic<AnyType>:$falseDestOperands,
                       OptionalAttr<DenseI32ArrayAttr>:$branch_weights);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
  let assemblyFormat = [{
    $condition (`weights` `(` $branch_weights^ `)` )? `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
  let verifier = !strconcat([{
    successor_operands = [
        (self.true_dest, self.true_dest_operands),
        (self.false_dest, self.false_dest_operands),
    ]
  }], CF_CheckSuccessorOperands, [{
    # MLIR's WeightedBranchOpInterface check; printed without the op prefix too.
    # A set `branch_weights` is a DenseArrayAttr (the invariants have checked it).
    weights = self.branch_weights
    if isinstance(weights, DenseArrayAttr) and weights.values:
        if len(weights.values) != len(self.successors):
            return VerifyMessage(
                "expects number of branch weights to match number of successors: "
                f"{len(weights.values)} vs {len(self.successors)}",
                prefixed=False,
            )
        if not any(weights.values):
            return VerifyMessage("branch weights cannot all be zero", prefixed=False)
    return None
  }]);
  let extraClassDeclaration = [{
    def successor_operand_positions(self, index: int) -> range | None:
        """The positions of the operands passed to successor `index`."""
        return cf_successor_operand_positions(self, index)

    def erase_successor_operand(self, index: int, position: int) -> None:
        """Drop the operand passed to argument `position` of successor `index`."""
        cf_erase_successor_operand(self, index, position)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return cf_canonicalize_cond_br(op, rewriter)
  }];
}

def CF_SwitchOp : CF_Op<"switch", [
    AttrSizedOperandSegments, BranchOpInterface, Pure, Terminator]> {
  let summary = "Jump to the block chosen by an integer";
  let description = [{
    Ends a block by comparing `flag` with each of `case_values` and
    transferring control to the matching block of `caseDestinations`, or to
    `defaultDestination` when no value matches. Each destination receives its
    own operands: `defaultOperands`, or the group of `caseOperands` at the
    case's position (`case_operand_segments` holds the size of each group).
    The case values have the type of the flag and there is one per case
    destination.

    Example:

    ```mlir
    cf.switch %kind : i32, [
      default: ^other(%kind : i32),
      0: ^zero,
      1: ^one(%x, %y : f32, f32)
    ]
    ```
  }];
  let arguments = (ins AnyInteger:$flag,
                       Variadic<AnyType>:$defaultOperands,
                       VariadicOfVariadic<AnyType, "case_operand_segments">:$caseOperands,
                       OptionalAttr<AnyIntElementsAttr>:$case_values,
                       DenseI32ArrayAttr:$case_operand_segments);
  let successors = (successor AnySuccessor:$defaultDestination,
                              VariadicSuccessor<AnySuccessor>:$caseDestinations);
  // `cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb2 ]`, one case a
  // line when printed.
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    flag_use = p.parse_operand()
    p.expect(":", "expected ':'")
    flag_type = p.parse_type_of(IntegerType, "builtin.integer")
    p.expect(",", "expected ','")
    p.expect("[", "expected '['")
    p.expect_keyword("default")
    p.expect(":", "expected ':'")

    def successor_operands() -> tuple[Block, list[Value]]:
        dest = p.parse_successor()
        values: list[Value] = []
        if p.consume_if("("):
            uses_pos = p.current_pos()
            uses = p.parse_operand_list()
            types = [p.parse_colon_type()]
            while p.consume_if(","):
                types.append(p.parse_type())
            p.expect(")", "expected ')'")
            values = p.resolve_operands(uses, types, uses_pos)
        return dest, values

    default_dest, default_operands = successor_operands()
    width = flag_type.width if isinstance(flag_type, IntegerType) else 64
    case_values: list[int] = []
    case_dests: list[Block] = []
    case_operands: list[list[Value]] = []
    while p.consume_if(","):
        value = p.parse_integer()
        case_values.append(wrap_integer(value, IntegerType.get(width)))
        p.expect(":", "expected ':'")
        dest, values = successor_operands()
        case_dests.append(dest)
        case_operands.append(values)
    p.expect("]", "expected ']'")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    flag = p.resolve_operand(flag_use, flag_type)
    values_attr: Attribute | None = None
    if case_values:
        values_attr = DenseElementsAttr.get(
            VectorType.get((len(case_values),), flag_type), tuple(case_values)
        )
    i32 = IntegerType.get(32)
    segments = DenseArrayAttr.get(i32, tuple(len(o) for o in case_operands))
    sizes = (1, len(default_operands), sum(len(o) for o in case_operands))
    return p.create_op(
        cls,
        name_pos,
        [flag, *default_operands, *[v for o in case_operands for v in o]],
        (),
        properties=(
            ("case_values", values_attr),
            ("case_operand_segments", segments),
            ("operandSegmentSizes", DenseArrayAttr.get(i32, sizes)),
        ),
        attributes=attrs,
        attr_dict_pos=attr_pos,
        successors=[default_dest, *case_dests],
    )
  }];
  let printer = [{
    def successor_text(dest: Block, values: Sequence[Value]) -> str:
        if not values:
            return p.successor(dest)
        types = p.types([v.type for v in values])
        return f"{p.successor(dest)}({p.operands(values)} : {types})"

    newline = "\n" + " " * p.indent
    # Parts joined once and each accessor read once: both keep a switch with many
    # cases linear to print.
    parts = [f" {p.operand(self.flag)} : {p.type_text(self.flag.type)}, [{newline}"]
    parts.append("  default: " + successor_text(self.default_destination, self.default_operands))
    values = self.case_values
    if isinstance(values, DenseElementsAttr):
        flag_type = self.flag.type
        width = flag_type.width if isinstance(flag_type, IntegerType) else 64
        destinations = self.case_destinations
        count = len(destinations)
        raw = values.values * count if values.is_splat else values.values
        operands = self.case_operands
        for index, value in enumerate(raw[:count]):
            assert isinstance(value, int)
            parts.append(f",{newline}  {value & ((1 << width) - 1)}: ")
            case_operands = operands[index] if index < len(operands) else ()
            parts.append(successor_text(destinations[index], case_operands))
        parts.append(newline)
    parts.append("]")
    elided = ("case_values", "case_operand_segments", "operandSegmentSizes")
    text = "".join(parts)
    p.write(text + p.attr_dict(self, elided))
  }];
  let hasVerifier = 1;
  let verifier = !strconcat([{
    destinations = list(self.case_destinations)
    case_operands = list(self.case_operands)
    successor_operands = [(self.default_destination, self.default_operands)]
    for index, block in enumerate(destinations):
        # Segments past the destinations are ignored, as MLIR ignores them.
        operands = case_operands[index] if index < len(case_operands) else ()
        successor_operands.append((block, operands))
  }], CF_CheckSuccessorOperands, [{
    case_values = self.case_values
    if case_values is None and not destinations:
        return None
    if case_values is None:
        # MLIR does not check this case; the count check below words it.
        return (
            "number of case values (0) should match number of case destinations "
            f"({len(destinations)})"
        )
    # The invariants have checked that it is an integer elements attribute.
    assert isinstance(
        case_values, (DenseElementsAttr, DenseResourceElementsAttr, SparseElementsAttr)
    )
    flag_type = self.flag.type
    value_type = case_values.type.element_type
    if value_type != flag_type:
        return f"'flag' type ('{flag_type}') should match case value type ('{value_type}')"
    count = case_values.type.num_elements
    if count != len(destinations):
        return (
            f"number of case values ({count}) should match number of case destinations "
            f"({len(destinations)})"
        )
    return None
  }]);
  let extraClassDeclaration = [{
    def successor_operand_positions(self, index: int) -> range | None:
        """The positions of the operands passed to successor `index`."""
        return cf_successor_operand_positions(self, index)

    def erase_successor_operand(self, index: int, position: int) -> None:
        """Drop the operand passed to argument `position` of successor `index`."""
        cf_erase_successor_operand(self, index, position)
  }];
  let hasCanonicalizer = 1;
  let canonicalize = [{
    return cf_canonicalize_switch(op, rewriter)
  }];
}
