// The tfg dialect: TensorFlow graphs and functions as MLIR, one op per
// TensorFlow node. Same op names, syntax and verifier messages as
// TensorFlow's `tfg` dialect (tensorflow/core/ir) for the ops defined here;
// every other `tfg.*` op is a TensorFlow node of the dialect's generic
// node syntax. Types and attributes come from the tf_type dialect.

include "OpBase.td"
include "tf_type.td"

def TFGraph_Dialect : Dialect {
  let name = "tfg";
  let summary = "TensorFlow graphs";
  let description = [{
    A TensorFlow graph (GraphDef) as MLIR: `tfg.graph` holds the nodes of a
    graph in a graph region, in any order, and `tfg.func` a function of the
    graph's function library. A node is an op of this dialect, written in
    the node syntax

    ```mlir
    %AddV2, %ctl = AddV2(%a, %b) [%ctl_0] device("GPU") name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    ```

    with its data operands in parentheses, its control operands (of type
    `!tf_type.control`, so left untyped) in brackets, the node's device,
    assigned device and name (the attributes `_mlir_device`,
    `_mlir_assigned_device` and `_mlir_name`, written only when not empty),
    the node's attributes, and the types of its data operands and results.
    Every node also returns a `!tf_type.control` result after its data
    results, which the syntax leaves implicit. The `tfg.` prefix may be left
    out inside a graph or a function. The dialect defines the nodes that
    call functions for control flow (`If`, `Case`, `While`, `For` and their
    stateless and stateful variants), which check the functions they call;
    any other node name is a node of the same syntax the dialect does not
    define.
  }];
  let allowUnknownOperations = 1;
  let extraClassDeclaration = [{
    from generated.tf_type.attrs import FuncAttr as TFFuncAttr
    from generated.tf_type.attrs import ShapeAttr as TFShapeAttr
    from generated.tf_type.attrs import VersionAttr as TFVersionAttr
    from generated.tf_type.types import ControlType as TFControlType
    from generated.tf_type.types import OpaqueTensorType as TFOpaqueTensorType
    from generated.tf_type.types import ResourceType as TFResourceType
    from generated.tf_type.types import VariantType as TFVariantType
    from generated.tfg.attrs import RegionAttr as TFGRegionAttr

    _NODE_KEYWORDS = (
        ("device", "_mlir_device"),
        ("assigned_device", "_mlir_assigned_device"),
        ("name", "_mlir_name"),
    )


    def parse_control_uses(p: AsmParser) -> list[UnresolvedOperand]:
        """`[%ctl, ...]`, if it comes next: the control operands of a region op."""
        controls: list[UnresolvedOperand] = []
        if p.consume_if("["):
            controls = p.parse_operand_list()
            p.expect("]", "expected ']'")
        return controls


    def controls_text(p: AsmPrinter, values: Sequence[Value]) -> str:
        """` [%ctl, ...]`, or nothing without control operands."""
        return " [" + p.operands(values) + "]" if values else ""


    def parse_region_op_tail(p: AsmParser) -> tuple[DictionaryAttr, SourcePos, FunctionType, SourcePos]:
        """`{attrs} : (ins) -> outs` after the regions of an if- or case-like op."""
        attr_pos = p.current_pos()
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        types_pos = p.current_pos()
        fn = p.parse_type()
        if not isinstance(fn, FunctionType):
            p.error_at(types_pos, "invalid kind of type specified")
        return attrs, attr_pos, fn, types_pos


    def parse_branch_op(p: AsmParser, cls: type[Operation], name_pos: SourcePos, is_if: bool) -> Operation:
        """The custom form of the if- and case-like region ops: the condition or
        branch index, control operands, the regions (`then {..} else {..}`, or
        `{..}, {..}`), attributes and `: (type) -> (types)`."""
        first = p.parse_operand()
        controls = parse_control_uses(p)
        regions: list[Region] = []
        if is_if:
            for word in ("then", "else"):
                p.expect_keyword(word)
                regions.append(Region())
                p.parse_region(regions[-1])
        else:
            regions = p.parse_region_list()
        attrs, attr_pos, fn, types_pos = parse_region_op_tail(p)
        operands = p.resolve_operands([first], list(fn.inputs), types_pos)
        operands += p.resolve_operands(controls, [control_type()] * len(controls), types_pos)
        return p.create_op(
            cls,
            name_pos,
            operands,
            [*fn.results, control_type()],
            regions=regions,
            attributes=attrs,
            attr_dict_pos=attr_pos,
        )


    def region_op_result_names(op: Operation) -> Sequence[tuple[int, str]]:
        """The first result is named after the op when it has data results, the
        control result `ctl`."""
        names: list[tuple[int, str]] = []
        count = len(op.results)
        if count > 1 and not is_control(op.results[0].type):
            names.append((0, op.name.partition(".")[2]))
        if any(is_control(r.type) for r in op.results):
            names.append((count - 1, "ctl"))
        return names


    def is_tfg_tensor(t: Type) -> bool:
        """A tensor or an opaque tensor."""
        return isinstance(t, (RankedTensorType, UnrankedTensorType)) or is_opaque_tensor(t)


    def loop_data_args(region: Region) -> list[Value]:
        """The data arguments of a region: the first half of its entry block's."""
        if not region.blocks:
            return []
        args = region.blocks[0].args
        return list(args[: len(args) - len(args) // 2])


    def verify_region_args_paired(op: Operation) -> str | None:
        """Each region has as many control tokens as data values among its arguments."""
        for index, region in enumerate(op.regions):
            args = region.blocks[0].args if region.blocks else ()
            controls = sum(1 for a in args if is_control(a.type))
            data = len(args) - controls
            if controls != data:
                return (
                    f"region #{index} expected same number of data values and control "
                    f"tokens ({data} vs. {controls})"
                )
        return None


    def verify_loop_region_args(op: Operation, index: int) -> str | None:
        """The data arguments of a loop region are not control tokens."""
        for number, arg in enumerate(loop_data_args(op.regions[index])):
            if is_control(arg.type):
                return f"region #{index} argument #{number} should not be a control token"
        return None


    def terminator_of(region: Region) -> Operation | None:
        """The last op of the region's entry block."""
        return region.blocks[0].last_op if region.blocks else None


    def successor_operands(op: Operation | None) -> list[Value]:
        """The data operands a `yield` or `condition` forwards to its successor."""
        if isinstance(op, (YieldOp, ConditionOp)):
            return list(op.args)
        return []


    def verify_preserved_attrs(op: Operation, attrs: Sequence[Attribute | None]) -> str | None:
        """Preserved region attributes list one entry per data argument and result."""
        for index, (attr, region) in enumerate(zip(attrs, op.regions, strict=True)):
            if not isinstance(attr, TFGRegionAttr):
                continue
            num_args = len(loop_data_args(region))
            if num_args != len(attr.arg_attrs.value):
                return (
                    f"region #{index} has {num_args} argument(s) but preserved attributes "
                    f"has {len(attr.arg_attrs.value)}"
                )
            terminator = terminator_of(region)
            num_rets = 1 if isinstance(terminator, ConditionOp) else len(successor_operands(terminator))
            if num_rets != len(attr.res_attrs.value):
                return (
                    f"region #{index} has {num_rets} result(s) but preserved attributes "
                    f"has {len(attr.res_attrs.value)}"
                )
        return None


    def _cast_compatible(a: Type, b: Type) -> bool:
        """TensorFlow's `HasCompatibleElementTypes`: the same type up to unknown
        dimensions, ranks and resource or variant subtypes."""
        if a == b:
            return True
        a_tensor = isinstance(a, (RankedTensorType, UnrankedTensorType))
        b_tensor = isinstance(b, (RankedTensorType, UnrankedTensorType))
        if a_tensor != b_tensor:
            return False
        if not a_tensor:
            # Variants are all compatible, resources when their subtypes are.
            if type(a) is not type(b) or not isinstance(a, (TFResourceType, TFVariantType)):
                return False
            if isinstance(a, TFVariantType):
                return True
            assert isinstance(b, TFResourceType)
            if not a.subtypes or not b.subtypes:
                return True
            if len(a.subtypes) != len(b.subtypes):
                return False
            return all(
                _cast_compatible(x, y) for x, y in zip(a.subtypes, b.subtypes, strict=True)
            )
        assert isinstance(a, (RankedTensorType, UnrankedTensorType))
        assert isinstance(b, (RankedTensorType, UnrankedTensorType))
        if not _cast_compatible(a.element_type, b.element_type):
            return False
        if not isinstance(a, RankedTensorType) or not isinstance(b, RankedTensorType):
            return True
        if len(a.shape) != len(b.shape):
            return False
        return all(x == y or DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape, strict=True))


    def verify_edges(
        op: Operation, edges: Sequence[tuple[str, str, Sequence[Value], Sequence[Value]]]
    ) -> str | None:
        """The types along each control flow edge of a region op, as
        `RegionBranchOpInterface` checks them: (source, target, forwarded values,
        the successor's inputs)."""
        for source, target, operands, inputs in edges:
            prefix = f"along control flow edge from {source} to {target}: "
            if len(operands) != len(inputs):
                return (
                    f"{prefix}region branch point has {len(operands)} operands, but region "
                    f"successor needs {len(inputs)} inputs"
                )
            for index, (value, arg) in enumerate(zip(operands, inputs, strict=True)):
                if not _cast_compatible(value.type, arg.type):
                    return (
                        f"{prefix}successor operand type #{index} '{value.type}' should match "
                        f"successor input type #{index} '{arg.type}'"
                    )
        return None


    def terminator_edges(
        op: Operation, index: int, targets: Sequence[tuple[str, Sequence[Value]]]
    ) -> list[tuple[str, str, Sequence[Value], Sequence[Value]]]:
        """The edges from the terminator of region `index` to `targets`, when it
        forwards values (a `yield` or `condition`)."""
        terminator = terminator_of(op.regions[index])
        if not isinstance(terminator, (YieldOp, ConditionOp)):
            return []
        operands = successor_operands(terminator)
        return [(f"Operation {terminator.name}", t, operands, inputs) for t, inputs in targets]


    def control_type() -> Type:
        """`!tf_type.control`."""
        return TFControlType.get()


    def is_control(t: Type) -> bool:
        """Whether `t` is `!tf_type.control`."""
        return t is TFControlType.get()


    def is_opaque_tensor(t: Type) -> bool:
        """Whether `t` is `!tf_type.tensor`."""
        return t is TFOpaqueTensorType.get()


    def parse_node_operands(
        p: AsmParser, control_attrs: bool
    ) -> tuple[list[UnresolvedOperand], list[UnresolvedOperand], list[DictionaryAttr], SourcePos]:
        """`(%data, ...)` and `[%ctl {attrs}, ...]`, each optional: the data uses, the
        control uses, the attribute dictionaries of the control uses (only where
        `control_attrs` allows them) and the position of the data operands."""
        data_pos = p.current_pos()
        data: list[UnresolvedOperand] = []
        if p.consume_if("(") and not p.consume_if(")"):
            data = p.parse_operand_list()
            p.expect(")", "expected ')' in operand list")
        controls: list[UnresolvedOperand] = []
        attrs: list[DictionaryAttr] = []
        if p.consume_if("[") and not p.consume_if("]"):
            while True:
                controls.append(p.parse_operand())
                if control_attrs:
                    attrs.append(p.parse_optional_attr_dict())
                if p.consume_if("]"):
                    break
                p.expect(",", "expected ']' in control operand list")
        return data, controls, attrs, data_pos


    def parse_node_keywords(p: AsmParser) -> list[tuple[str, Attribute]]:
        """`device("..") assigned_device("..") name("..")`, each optional."""
        found: list[tuple[str, Attribute]] = []
        for keyword, attr_name in _NODE_KEYWORDS:
            if p.consume_keyword(keyword):
                p.expect("(", "expected '('")
                value = p.parse_string_literal()
                p.expect(")", "expected ')'")
                found.append((attr_name, StringAttr.get(value)))
        return found


    def parse_node_types(p: AsmParser) -> tuple[list[Type], list[Type]]:
        """`: (ins) -> (outs)`, or `: ins` for a node without data results, or nothing."""
        if not p.consume_if(":"):
            return [], []
        types = p.parse_type_list()
        if len(types) == 1 and isinstance(types[0], FunctionType):
            return list(types[0].inputs), list(types[0].results)
        return types, []


    def node_keywords_text(p: AsmPrinter, op: Operation) -> str:
        """The `device(..)`, `assigned_device(..)` and `name(..)` of a node."""
        text = ""
        for keyword, attr_name in _NODE_KEYWORDS:
            value = op.get_attr(attr_name)
            if isinstance(value, StringAttr) and value.value:
                text += f" {keyword}({p.attr_text(value)})"
        return text


    def node_types_text(p: AsmPrinter, inputs: Sequence[Type], outputs: Sequence[Type]) -> str:
        """The types of a node: `(ins) -> (outs)`, or `ins` when it has no data results."""
        if outputs:
            return f" : ({p.types(inputs)}) -> ({p.types(outputs)})"
        if inputs:
            return f" : {p.types(inputs)}"
        return ""


    def split_controls(values: Sequence[Value]) -> tuple[list[Value], list[Value]]:
        """Data values and the control values after them."""
        first = len(values)
        for index, value in enumerate(values):
            if is_control(value.type):
                first = index
                break
        return list(values[:first]), list(values[first:])


    _FUNC_INHERENT = ("generic", "sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs")


    def attr_array(attrs: Sequence[DictionaryAttr]) -> ArrayAttr | None:
        """An `arg_attrs`/`res_attrs` array: None when every dictionary is empty."""
        if all(not a.entries for a in attrs):
            return None
        return ArrayAttr.get(tuple(attrs))


    def dict_text(p: AsmPrinter, attrs: ArrayAttr | None, index: int) -> str:
        """` {...}` of entry `index` of an attribute array, when not empty."""
        if attrs is None or index >= len(attrs.value):
            return ""
        entry = attrs.value[index]
        if isinstance(entry, DictionaryAttr) and entry.entries:
            return " " + p.attr_text(entry)
        return ""


    def verify_controls_last(op: Operation) -> str | None:
        """The generic-op check: control operands and results follow the data ones."""
        for kind, values in (("input", op.operands), ("result", op.results)):
            control_at: int | None = None
            for index, value in enumerate(values):
                if is_control(value.type):
                    if control_at is None:
                        control_at = index
                elif control_at is not None:
                    return (
                        f"found non-control {kind} in position #{index} after control "
                        f"{kind} in position #{control_at}"
                    )
        return None


    def parse_node(p: AsmParser, cls: type[Operation], name_pos: SourcePos, name: str | None) -> Operation:
        """The node syntax: data operands, control operands, keywords, attributes and
        types, with the trailing control result left implicit."""
        data, controls, _, data_pos = parse_node_operands(p, False)
        keywords = parse_node_keywords(p)
        attr_pos = p.current_pos()
        attrs = p.parse_optional_attr_dict()
        if keywords:
            attrs = DictionaryAttr.get((*attrs.entries, *keywords))
        inputs, outputs = parse_node_types(p)
        control = control_type()
        operands = p.resolve_operands(data, inputs, data_pos)
        operands += p.resolve_operands(controls, [control] * len(controls), data_pos)
        return p.create_op(
            cls,
            name_pos,
            operands,
            [*outputs, control],
            attributes=attrs,
            attr_dict_pos=attr_pos,
            name=name,
        )


    def print_node(p: AsmPrinter, op: Operation) -> bool | None:
        """The node syntax of `op`, or False (the generic form) when its control
        operands or results do not all follow its data ones."""
        data, controls = split_controls(op.operands)
        outputs, result_controls = split_controls(op.results)
        # Only the trailing control result is implicit in the node syntax.
        if len(result_controls) != 1 or len(controls) + len(data) != op.num_operands:
            return False
        if any(not is_control(v.type) for v in controls):
            return False
        text = ""
        if data:
            text += f"({p.operands(data)})"
        if controls:
            text += " [" + p.operands(controls) + "]"
        text += node_keywords_text(p, op)
        text += p.attr_dict(op, [k for _, k in _NODE_KEYWORDS])
        text += node_types_text(p, [v.type for v in data], [v.type for v in outputs])
        p.write(text)
        return None


    def lookup_graph_func(op: Operation, attr: Attribute | None) -> Operation | None:
        """The `tfg.func` a `#tf_type.func` attribute names, in the nearest symbol
        table around `op`; None when there is none (a function of another
        library is not an error)."""
        if not isinstance(attr, TFFuncAttr) or not attr.symbol.is_flat:
            return None
        table = op.parent_op
        while table is not None and not (
            table.name == "builtin.module" or table.has_trait(SymbolTable)
        ):
            table = table.parent_op
        if table is None:
            return None
        for region in table.regions:
            for block in region.blocks:
                for candidate in block:
                    if isinstance(candidate, FuncOp) and candidate.sym_name.value == attr.symbol.root:
                        return candidate
        return None


    def verify_call_signature(
        op: Operation, func: Operation, operands: Sequence[Type], results: Sequence[Type], what: str
    ) -> VerifyMessage | None:
        """The function `func` that `op` calls takes `operands` and returns
        `results`; a generic function only in number."""
        assert isinstance(func, FuncOp)
        fn_type = func.function_type.value
        if not isinstance(fn_type, FunctionType):
            return None
        arguments, returns = fn_type.inputs, fn_type.results
        message: str | None = None
        if len(operands) * 2 != len(arguments):
            message = (
                f"{what} function has {len(arguments) // 2} arguments but was provided "
                f"{len(operands)}"
            )
        elif len(results) != len(returns):
            message = f"{what} function has {len(returns)} results but expected {len(results)}"
        elif not func.generic:
            for index, given in enumerate(operands):
                expected = arguments[index * 2]
                if not _cast_compatible(expected, given):
                    message = (
                        f"{what} function argument #{index} type '{expected}' is not compatible "
                        f"with corresponding operand type: '{given}'"
                    )
                    break
            else:
                for index, given in enumerate(results):
                    expected = returns[index]
                    if not _cast_compatible(expected, given):
                        message = (
                            f"{what} function result #{index} type '{expected}' is not "
                            f"compatible with corresponding result type: '{given}'"
                        )
                        break
        if message is None:
            return None
        # TensorFlow's note shows the function as it prints, then points at it.
        printed = print_operation(func, generic=False).rstrip("\n")
        note = ("\n" if "\n" in printed else "") + printed + "\nsee referenced function"
        return VerifyMessage(message, notes=[(func, note)])


    def verify_type_array(values: Sequence[Value], types: Attribute | None, kind: str) -> str | None:
        """The data values of a call-like op have the dtypes its `Tin`, `Tout` or
        `T` attribute lists, when it has one."""
        if not isinstance(types, ArrayAttr):
            return None
        if len(values) != len(types.value):
            return f"has {len(values)} {kind}s but {len(types.value)} {kind} types"
        for index, (value, entry) in enumerate(zip(values, types.value, strict=True)):
            if not isinstance(entry, TypeAttr):
                continue
            if not _cast_compatible(value.type, UnrankedTensorType.get(entry.value)):
                return (
                    f"{kind} #{index} is incompatible with dtype '{entry.value}', got: "
                    f"'{value.type}'"
                )
        return None


    def call_op_types(op: Operation) -> tuple[list[Value], list[Value]] | str:
        """The data operands and data results of a call-like op, or why its
        control operands and results are misplaced."""
        data, controls = split_controls(op.operands)
        if any(not is_control(v.type) for v in controls):
            return "not all control tokens come after non-control operands"
        outs, result_controls = split_controls(op.results)
        if not result_controls:
            return "does not define a control result"
        if len(result_controls) != 1:
            return "must have a control token result as and only as its last result"
        return data, outs


    def verify_call_op(
        op: Operation,
        calls: Sequence[tuple[Attribute | None, str]],
        skip: int,
        results: Sequence[Type] | None,
        in_types: Attribute | None,
        out_types: Attribute | None,
        first_arg: int,
    ) -> str | None:
        """The checks of a call-like op: its controls come last, each function of
        `calls` (attribute, name in messages) that the module defines takes the
        data operands after the first `skip` and returns the data results (or
        `results`), and its type arrays list the dtypes of the operands from
        `first_arg` on and of the results."""
        if isinstance(op.parent_op, (GraphOp, FuncOp)):
            # The check a graph or function makes of each of its nodes first.
            message = verify_controls_last(op)
            if message is not None:
                return message
        found = call_op_types(op)
        if isinstance(found, str):
            return found
        data, outs = found
        operands = [v.type for v in data[skip:]]
        returns = [v.type for v in outs] if results is None else list(results)
        for attr, what in calls:
            func = lookup_graph_func(op, attr)
            if func is not None:
                message = verify_call_signature(op, func, operands, returns, what)
                if message is not None:
                    return message
        return verify_type_array(data[first_arg:], in_types, "argument") or verify_type_array(
            outs, out_types, "result"
        )


    class NodeOp(OpAsmOpInterface):
        """A TensorFlow node: a `tfg` op the dialect does not define.

        Written in the node syntax: data operands, control operands, the node's
        device, assigned device and name, its attributes and its types, with a
        trailing control result left implicit.
        """

        HAS_CUSTOM_FORM = True

        @classmethod
        def parse(cls, p: AsmParser, name_pos: SourcePos) -> Operation:
            return parse_node(p, cls, name_pos, p.op_name())

        def print(self, p: AsmPrinter) -> bool | None:
            return print_node(p, self)

        def asm_result_names(self) -> Sequence[tuple[int, str]]:
            # The first result is named after the op, the control result `ctl`.
            count = len(self.results)
            if count == 1 and is_control(self.results[0].type):
                return ((0, "ctl"),)
            names: list[tuple[int, str]] = [(0, self.name.partition(".")[2])]
            if count > 1 and is_control(self.results[-1].type):
                names.append((count - 1, "ctl"))
            return names

        def verify_invariants(self) -> str | None:
            return verify_controls_last(self)


    # The class of the tfg ops this dialect does not define (the dialect's fallback).
    fallback_op = NodeOp
  }];
}

def TFGraph_VersionAttr : PredAttr<CPred<"isinstance($_self, TFVersionAttr)">,
                                   "TensorFlow version attribute">;

def TFGraph_OpaqueTensor : Type<CPred<"is_opaque_tensor($_self)">, "opaque tensor">;

class TFGraph_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFGraph_Dialect, mnemonic, traits>;

def TFGraph_GraphOp : TFGraph_Op<"graph", [
    SingleBlock, NoTerminator, IsolatedFromAbove, HasOnlyGraphRegion]> {
  let summary = "A TensorFlow graph";
  let description = [{
    The nodes of a TensorFlow graph (a GraphDef without its function
    library), in a graph region: they are unordered, and a node may use the
    results of a node written after it. `version` is the GraphDef's
    VersionDef. The body has no terminator.

    Example:

    ```mlir
    tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
      %AddV2, %ctl = AddV2(%placeholder, %placeholder) : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
      %placeholder, %ctl_0 = placeholder : () -> (tensor<*xi32>)
    }
    ```
  }];
  let arguments = (ins TFGraph_VersionAttr:$version);
  let regions = (region SizedRegion<1>:$nodes);
  let defaultDialect = "tfg";
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    version_pos = p.current_pos()
    if p.peek() != "#":
        p.op_error(version_pos, "invalid kind of attribute specified")
    try:
        version = p.parse_attribute()
    except DiagnosticError as error:
        # TensorFlow reports the attribute's problem, then its own.
        error.diagnostics.append(
            Diagnostic(Severity.ERROR, p.loc_at(version_pos), "expected a version attribute")
        )
        raise
    if not isinstance(version, TFVersionAttr):
        p.op_error(version_pos, "invalid kind of attribute specified")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict_with_keyword()
    body = Region()
    p.parse_region(body)
    if not body.blocks:
        body.add_block(Block())
    return p.create_op(
        cls,
        name_pos,
        [],
        [],
        properties=[("version", version)],
        attributes=attrs,
        attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    p.write(" " + p.attr_text(self.version))
    p.write(p.attr_dict(self, ["version"], with_keyword=True))
    p.write(" ")
    p.print_region(self.nodes)
  }];
}

def TFGraph_FuncOp : TFGraph_Op<"func", [
    SingleBlock, IsolatedFromAbove, HasOnlyGraphRegion, OpAsmOpInterface, Symbol]> {
  let summary = "A function of a TensorFlow graph's library";
  let description = [{
    A function (FunctionDef) of the function library. Each argument is a
    pair of entry block arguments: the value and a control token named after
    it with a `.ctl` suffix (`%x` and `%x.ctl`), so the function type lists a
    `!tf_type.control` after each argument type. The body is a graph region
    ending with `tfg.return`. A `generic` function is not instantiated: its
    values are `!tf_type.tensor`s, whose types depend on the attributes it is
    called with.

    Example:

    ```mlir
    tfg.func @foo(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "y"}) {
      %Identity, %ctl = Identity(%x) [%x.ctl] : (tensor<f32>) -> (tensor<f32>)
      return(%Identity) [%ctl] : tensor<f32>
    }
    ```
  }];
  let arguments = (ins
    UnitAttr:$generic,
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<ArrayAttr>:$arg_attrs,
    OptionalAttr<ArrayAttr>:$res_attrs,
    OptionalAttr<StrAttr>:$description,
    UnitAttr:$is_stateful,
    OptionalAttr<FlatSymbolRefAttr>:$gradient,
    OptionalAttr<StrArrayAttr>:$control_output
  );
  let regions = (region AnyRegion:$body);
  let defaultDialect = "tfg";
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    visibility = parse_optional_visibility(p)
    generic = p.consume_keyword("generic")
    name = p.parse_symbol_name_attr()
    control = control_type()
    named: list[tuple[UnresolvedOperand, Type, Location | None]] = []
    arg_types: list[Type] = []
    arg_attrs: list[DictionaryAttr] = []
    p.expect("(", "expected '('")
    if not p.consume_if(")"):
        while True:
            use = p.parse_operand()
            p.expect(":", "expected ':'")
            arg_type = p.parse_type()
            attrs = p.parse_optional_attr_dict()
            # Each argument comes with its control token, `%name.ctl`.
            named.append((use, arg_type, None))
            named.append(((use[0] + ".ctl", 0, use[2]), control, None))
            arg_types += [arg_type, control]
            arg_attrs += [attrs, EMPTY_DICT]
            if p.consume_if(")"):
                break
            p.expect(",", "expected ')'")
    result_types: list[Type] = []
    result_attrs: list[DictionaryAttr] = []
    if p.consume_if("->"):
        p.expect("(", "expected '('")
        if not p.consume_if(")"):
            while True:
                result_types.append(p.parse_type())
                result_attrs.append(p.parse_optional_attr_dict())
                if p.consume_if(")"):
                    break
                p.expect(",", "expected ')'")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict_with_keyword()
    body = Region()
    p.parse_custom_region(body, named)
    if not body.blocks:
        body.add_block(Block())
    fn_type = FunctionType.get(tuple(arg_types), tuple(result_types))
    props: list[tuple[str, Attribute | None]] = [
        ("sym_name", name),
        ("function_type", TypeAttr.get(fn_type)),
        ("sym_visibility", visibility),
        ("generic", UnitAttr.get() if generic else None),
        ("arg_attrs", attr_array(arg_attrs)),
        ("res_attrs", attr_array(result_attrs)),
    ]
    return p.create_op(
        cls, name_pos, [], [], properties=props, attributes=attrs, attr_dict_pos=attr_pos,
        regions=[body],
    )
  }];
  let printer = [{
    head = " "
    if self.sym_visibility is not None:
        head += self.sym_visibility.value + " "
    if self.generic:
        head += "generic "
    head += p.symbol(self.sym_name.value) + "("
    fn = self.function_type.value
    assert isinstance(fn, FunctionType)
    block = self.body.blocks[0] if self.body.blocks else None
    pad = "\n" + " " * (p.indent + len("tfg.func") + len(head))
    pieces = []
    for index in range(0, len(fn.inputs), 2):
        piece = p.type_text(fn.inputs[index])
        if block is not None and index < len(block.args):
            piece = p.operand(block.args[index]) + ": " + piece
        pieces.append(piece + dict_text(p, self.arg_attrs, index))
    text = head + ("," + pad).join(pieces) + ")"
    if fn.results:
        outs = [
            p.type_text(t) + dict_text(p, self.res_attrs, i) for i, t in enumerate(fn.results)
        ]
        indent = " " * (p.indent + 4)
        text += "\n" + indent + "-> (" + (",\n" + indent + "    ").join(outs) + ")"
    attrs = p.attr_dict(self, _FUNC_INHERENT, with_keyword=True)
    if attrs:
        text += "\n" + " " * (p.indent + 2) + attrs.lstrip()
    p.write(text + " ")
    p.print_region(self.body, entry_args=False)
  }];
  let extraClassDeclaration = [{
    def asm_block_arg_names(self, region: Region) -> Sequence[tuple[int, str]]:
        # An argument is named after its `tfg.name`, its control token `<name>.ctl`.
        if not region.blocks:
            return ()
        names: list[tuple[int, str]] = []
        for index in range(0, len(region.blocks[0].args) - 1, 2):
            base = f"arg{index // 2}"
            attrs = self.arg_attrs.value[index] if self.arg_attrs is not None else None
            if isinstance(attrs, DictionaryAttr):
                value = attrs.get_entry("tfg.name")
                if isinstance(value, StringAttr):
                    base = value.value
            names += [(index, base), (index + 1, base + ".ctl")]
        return names
  }];
  let hasVerifier = 1;
  let verifier = [{
    fn = self.function_type.value
    if not isinstance(fn, FunctionType):
        return "expects a function type"
    if len(fn.inputs) % 2:
        return "expects an even number of arguments"
    for kind, attrs, count in (
        ("argument", self.arg_attrs, len(fn.inputs)),
        ("result", self.res_attrs, len(fn.results)),
    ):
        if attrs is not None and len(attrs.value) != count:
            return f"expects {kind} attribute array to have the same number of elements as the number of function {kind}s"
    if not self.body.blocks or self.body.blocks[0].first_op is None:
        return "expects a non-empty block"
    block = self.body.blocks[0]
    if tuple(a.type for a in block.args) != fn.inputs:
        return "expects the entry block arguments to match the function signature"
    last = block.last_op
    if not isinstance(last, ReturnOp):
        assert last is not None
        return f"expects body to be terminated with a tfg.return, but got: {last.name}"
    data, _ = split_controls(last.operands)
    if len(data) != len(fn.results):
        return "expects as many data operands in the return as function results"
    for index, (value, expected) in enumerate(zip(data, fn.results, strict=True)):
        if value.type != expected:
            return VerifyMessage(
                f"type mismatch for returned value #{index}: expected {expected} but got "
                f"{value.type}",
                at=last,
            )
    return None
  }];
}

def TFGraph_ReturnOp : TFGraph_Op<"return", [
    Terminator, HasParent<"TFGraph_FuncOp">]> {
  let summary = "Returns from a tfg.func";
  let description = [{
    Ends the body of a `tfg.func`. Its data operands are the function's
    results; control operands after them are the function's control
    outputs, each with a dictionary of attributes (`control_ret_attrs`,
    written after the operand in the custom form).

    Example:

    ```mlir
    return(%sum) [%ctl_0 {tfg.name = "done"}, %ctl_1] : tensor<f32>
    ```
  }];
  let arguments = (ins
    Variadic<AnyType>:$operands,
    OptionalAttr<ArrayAttr>:$control_ret_attrs
  );
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    data, controls, control_attrs, data_pos = parse_node_operands(p, True)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    inputs, _ = parse_node_types(p)
    operands = p.resolve_operands(data, inputs, data_pos)
    operands += p.resolve_operands(controls, [control_type()] * len(controls), data_pos)
    return p.create_op(
        cls,
        name_pos,
        operands,
        [],
        properties=[("control_ret_attrs", ArrayAttr.get(tuple(control_attrs)))],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    data, controls = split_controls(self.operands)
    text = ""
    if data:
        text += "(" + p.operands(data) + ")"
    if controls:
        items = []
        for index, value in enumerate(controls):
            items.append(p.operand(value) + dict_text(p, self.control_ret_attrs, index))
        text += " [" + ", ".join(items) + "]"
    text += p.attr_dict(self, ["control_ret_attrs"])
    text += node_types_text(p, [v.type for v in data], [])
    p.write(text)
  }];
  let hasVerifier = 1;
  let verifier = [{
    _, controls = split_controls(self.operands)
    count = len(self.control_ret_attrs.value) if self.control_ret_attrs is not None else 0
    if count != len(controls):
        return "expected as many control result attributes as there are control operands"
    return None
  }];
}

def TFGraph_GetResultOp : TFGraph_Op<"get_result", [Pure]> {
  let summary = "Looks up a result of a node by name";
  let description = [{
    In a generic function a node returns one opaque tensor standing for all
    its outputs; `get_result` picks the output called `name`, element
    `number` of it, as TensorFlow's `node:name:number` does.

    Example:

    ```mlir
    %z = get_result(%Greater) "z" : 0
    ```
  }];
  let arguments = (ins TFGraph_OpaqueTensor:$value, StrAttr:$name, I32Attr:$number);
  let results = (outs TFGraph_OpaqueTensor:$result);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("(", "expected '('")
    use = p.parse_operand()
    p.expect(")", "expected ')'")
    name = p.parse_string_literal()
    p.expect(":", "expected ':'")
    number_pos = p.current_pos()
    number = p.parse_integer()
    if not -(1 << 31) <= number < 1 << 31:
        p.op_error(number_pos, "integer value too large")
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict_with_keyword()
    opaque = TFOpaqueTensorType.get()
    value = [p.resolve_operand(use, opaque)]
    return p.create_op(
        cls,
        name_pos,
        value,
        [opaque],
        properties=[
            ("name", StringAttr.get(name)),
            ("number", IntegerAttr.get(IntegerType.get(32), number)),
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    p.write(
        f"({p.operand(self.value)}) {p.attr_text(self.name_)} : {self.number.value}"
        + p.attr_dict(self, ["name", "number"], with_keyword=True)
    )
  }];
}

def TFGraph_YieldOp : TFGraph_Op<"yield", [
    Pure, ReturnLike, Terminator, AttrSizedOperandSegments]> {
  let summary = "Yields values and control tokens from a region";
  let description = [{
    Ends a region of a tfg region op: the data values it yields, then the
    control tokens the region's completion depends on, which are written
    untyped as in the node syntax.

    Example:

    ```mlir
    yield(%a, %b) [%ctl] : tensor<i32>, tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$args, Variadic<AnyType>:$ctls);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    def uses(close: str) -> list[UnresolvedOperand]:
        found: list[UnresolvedOperand] = []
        if p.consume_if(close):
            return found
        while True:
            found.append(p.parse_operand())
            if not p.consume_if(","):
                break
        p.expect(close, f"expected '{close}'")
        return found

    args = uses(")") if p.consume_if("(") else []
    ctls = uses("]") if p.consume_if("[") else []
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    types_pos = p.current_pos()
    types = p.parse_type_list() if args and p.consume_if(":") else []
    operands = p.resolve_operands(args, types, types_pos)
    operands += p.resolve_operands(ctls, [control_type()] * len(ctls), attr_pos)
    return p.create_op(
        cls,
        name_pos,
        operands,
        [],
        properties=[
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(IntegerType.get(32), (len(args), len(ctls))),
            )
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    if self.args:
        p.write("(" + ", ".join(p.operand(v) for v in self.args) + ")")
    if self.ctls:
        p.write(" [" + ", ".join(p.operand(v) for v in self.ctls) + "]")
    p.write(p.attr_dict(self, ["operandSegmentSizes"]))
    if self.args:
        p.write(" : " + ", ".join(p.type_text(v.type) for v in self.args))
  }];
  let verifier = [{
    for i, value in enumerate(self.ctls):
        if not is_control(value.type):
            return f"control operand #{i} must be a control token, but got '{value.type}'"
    for i, value in enumerate(self.args):
        if is_control(value.type):
            return f"data operand #{i} is a control token; control tokens go in [...]"
    return None
  }];
}

def TFGraph_RegionAttr : AttrDef<TFGraph_Dialect, "RegionAttrs"> {
  let mnemonic = "region_attrs";
  let summary = "Region preserved attributes";
  let description = [{
    What a region of a region op keeps of the function it came from: the
    function's attributes and those of its arguments and results, so that the
    region can be outlined back into the same function:
    `#tfg.region_attrs<{tf._some_attr} [] [{tf.ret = 1 : i32} ]>` (a dictionary,
    then one dictionary per argument and one per result).
  }];
  let parameters = (ins
    AttrParameter<"DictionaryAttr", "the function's attributes">:$attrs,
    AttrParameter<"ArrayAttr", "the arguments' attributes">:$arg_attrs,
    AttrParameter<"ArrayAttr", "the results' attributes">:$res_attrs
  );
  let assemblyFormat = "`<` $attrs $arg_attrs $res_attrs `>`";
}

def TFGraph_Tensor : Type<CPred<"is_tfg_tensor($_self)">, "a tensor or opaque tensor type">;

def TFGraph_Control : Type<CPred<"is_control($_self)">, "control dependence">;

def TFGraph_RegionAttrs : PredAttr<CPred<"isinstance($_self, TFGRegionAttr)">,
                                   "Region attributes, argument and result attributes.">;

def TFGraph_DictionaryArrayAttr
    : TypedArrayAttrBase<DictionaryAttr, "an array of dictionaries">;

// The region ops hold single-block graph regions. Their data results are
// followed by a control result, as every node's are, and each region's entry
// block arguments are N data values followed by their N control tokens.
class TFGraph_RegionOp<string mnemonic, list<Trait> traits = []>
    : TFGraph_Op<mnemonic, !listconcat([SingleBlock, HasOnlyGraphRegion], traits)> {
  let hasCustomAssemblyFormat = 1;
  let defaultDialect = "tfg";
  let asmResultNames = [{
    return region_op_result_names(self)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

// `IfRegion %cond [%ctl] then {...} else {...} {attrs} : (type) -> (types)`.
class TFGraph_IfLikeRegionOp<string mnemonic> : TFGraph_RegionOp<mnemonic> {
  let description = [{
    Runs the `then` region when `cond` is true and the `else` region
    otherwise, once its control operands are done; the values the region
    yields are the op's results. The regions take no arguments: they use the
    values around them. `then_attrs`/`else_attrs` and
    `then_region_attrs`/`else_region_attrs` keep the call and function
    attributes of the branch functions the regions came from.

    Example:

    ```mlir
    %IfRegion, %ctl = IfRegion %cond [%ctl_0] then {
      yield(%a) : tensor<f32>
    } else {
      yield(%b) : tensor<f32>
    } : (tensor<i1>) -> tensor<f32>
    ```
  }];
  let arguments = (ins
    I1Tensor:$cond,
    Variadic<TFGraph_Control>:$ctls,
    OptionalAttr<DictionaryAttr>:$then_attrs,
    OptionalAttr<DictionaryAttr>:$else_attrs,
    OptionalAttr<TFGraph_RegionAttrs>:$then_region_attrs,
    OptionalAttr<TFGraph_RegionAttrs>:$else_region_attrs
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let regions = (region SizedRegion<1>:$then_region, SizedRegion<1>:$else_region);
  let parser = [{
    return parse_branch_op(p, cls, name_pos, True)
  }];
  let printer = [{
    p.write(f" {p.operand(self.cond)}{controls_text(p, self.ctls)} then ")
    p.print_region(self.then_region)
    p.write(" else ")
    p.print_region(self.else_region)
    p.write(p.attr_dict(self, ()))
    outs = tuple([r.type for r in self.outs])
    p.write(" : " + p.type_text(FunctionType.get((self.cond.type,), outs)))
  }];
  let verifier = [{
    message = verify_region_args_paired(self)
    if message is not None:
        return message
    if not isinstance(terminator_of(self.then_region), YieldOp):
        return "then region must be terminated by a 'tfg.yield'"
    if not isinstance(terminator_of(self.else_region), YieldOp):
        return "else region must be terminated by a 'tfg.yield'"
    return verify_preserved_attrs(self, (self.then_region_attrs, self.else_region_attrs))
  }];
  let regionVerifier = [{
    outs = list(self.outs)
    edges: list[tuple[str, str, Sequence[Value], Sequence[Value]]] = [
        ("parent", f"Region #{i}", [], loop_data_args(r)) for i, r in enumerate(self.regions)
    ]
    for index in range(2):
        edges += terminator_edges(self, index, [("parent", outs)])
    return verify_edges(self, edges)
  }];
}

def TFGraph_IfRegionOp : TFGraph_IfLikeRegionOp<"IfRegion"> {
  let summary = "An if-then-else operation with regions";
}

def TFGraph_StatelessIfRegionOp : TFGraph_IfLikeRegionOp<"StatelessIfRegion"> {
  let summary = "An if-then-else operation with regions, without side effects";
}

def TFGraph_StatefulIfRegionOp : TFGraph_IfLikeRegionOp<"StatefulIfRegion"> {
  let summary = "An if-then-else operation with regions, with side effects";
}

// `CaseRegion %index [%ctl] {...}, {...} {attrs} : (type) -> (types)`.
class TFGraph_CaseLikeRegionOp<string mnemonic> : TFGraph_RegionOp<mnemonic> {
  let description = [{
    Runs the region `branch_index` selects (the last one for an index out of
    range), once its control operands are done; the values the region yields
    are the op's results. The regions take no arguments. `branch_attrs` and
    `region_attrs` keep, one entry per region, the call and function
    attributes of the branch functions the regions came from.

    Example:

    ```mlir
    %CaseRegion, %ctl = CaseRegion %index {
      yield(%a) : tensor<f32>
    }, {
      yield(%b) : tensor<f32>
    } : (tensor<i32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins
    I32Tensor:$branch_index,
    Variadic<TFGraph_Control>:$ctls,
    OptionalAttr<TFGraph_DictionaryArrayAttr>:$branch_attrs,
    OptionalAttr<TypedArrayAttrBase<TFGraph_RegionAttrs,
                                    "case region preserved attributes">>:$region_attrs
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let parser = [{
    return parse_branch_op(p, cls, name_pos, False)
  }];
  let printer = [{
    p.write(f" {p.operand(self.branch_index)}{controls_text(p, self.ctls)} ")
    p.print_regions(self.regions)
    p.write(p.attr_dict(self, ()))
    outs = tuple([r.type for r in self.outs])
    p.write(" : " + p.type_text(FunctionType.get((self.branch_index.type,), outs)))
  }];
  let verifier = [{
    message = verify_region_args_paired(self)
    if message is not None:
        return message
    for index, region in enumerate(self.regions):
        if not isinstance(terminator_of(region), YieldOp):
            return f"branch region #{index} is not terminated by a 'tfg.yield' op"
    count = len(self.regions)
    if self.branch_attrs is not None and len(self.branch_attrs.value) != count:
        return f"has {count} regions but {len(self.branch_attrs.value)} branch function attributes"
    if self.region_attrs is not None:
        if len(self.region_attrs.value) != count:
            return f"expected {count} region attribute(s) but got {len(self.region_attrs.value)}"
        return verify_preserved_attrs(self, self.region_attrs.value)
    return None
  }];
  let regionVerifier = [{
    outs = list(self.outs)
    edges: list[tuple[str, str, Sequence[Value], Sequence[Value]]] = [
        ("parent", f"Region #{i}", [], loop_data_args(r)) for i, r in enumerate(self.regions)
    ]
    for index in range(len(self.regions)):
        edges += terminator_edges(self, index, [("parent", outs)])
    return verify_edges(self, edges)
  }];
}

def TFGraph_CaseRegionOp : TFGraph_CaseLikeRegionOp<"CaseRegion"> {
  let summary = "A case operation with regions";
}

def TFGraph_StatelessCaseRegionOp : TFGraph_CaseLikeRegionOp<"StatelessCaseRegion"> {
  let summary = "A case operation with regions, without side effects";
}

def TFGraph_StatefulCaseRegionOp : TFGraph_CaseLikeRegionOp<"StatefulCaseRegion"> {
  let summary = "A case operation with regions, with side effects";
}

def TFGraph_ConditionOp : TFGraph_Op<"condition", [
    Pure, ReturnLike, Terminator, AttrSizedOperandSegments]> {
  let summary = "Ends the condition region of a while loop";
  let description = [{
    Ends the condition region of a while-like region op: `cond` says whether
    the loop runs its body again, with `args` (as many as the loop's
    operands) as the body's arguments, or ends with `args` as the loop's
    results. The control operands follow, untyped.

    Example:

    ```mlir
    condition %less : tensor<i1> (%a, %b) [%ctl] : tensor<f32>, tensor<i32>
    ```
  }];
  let arguments = (ins
    I1Tensor:$cond,
    Variadic<TFGraph_Tensor>:$args,
    Variadic<TFGraph_Control>:$ctls
  );
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    cond = p.parse_operand()
    p.expect(":", "expected ':'")
    cond_type = p.parse_type()
    args: list[UnresolvedOperand] = []
    if p.consume_if("("):
        args = p.parse_operand_list()
        p.expect(")", "expected ')'")
    ctls = parse_control_uses(p)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    types_pos = p.current_pos()
    types = p.parse_type_list() if p.consume_if(":") else []
    operands = [p.resolve_operand(cond, cond_type)]
    operands += p.resolve_operands(args, types, types_pos)
    operands += p.resolve_operands(ctls, [control_type()] * len(ctls), attr_pos)
    return p.create_op(
        cls,
        name_pos,
        operands,
        [],
        properties=[
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(IntegerType.get(32), (1, len(args), len(ctls))),
            )
        ],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = f" {p.operand(self.cond)} : {p.type_text(self.cond.type)}"
    if self.args:
        text += f" ({p.operands(self.args)})"
    text += controls_text(p, self.ctls)
    text += p.attr_dict(self, ["operandSegmentSizes"])
    if self.args:
        text += " : " + p.types([v.type for v in self.args])
    p.write(text)
  }];
}

// `WhileRegion(%init) [%ctl] {cond} do {body} {attrs} : (types) -> (types)`.
class TFGraph_WhileLikeRegionOp<string mnemonic>
    : TFGraph_RegionOp<mnemonic, [AttrSizedOperandSegments]> {
  let description = [{
    A while loop over N values: `init`, then the values each iteration of
    the body yields. The `cond` region takes the N values and their N
    control tokens and ends with a `tfg.condition` that either passes its
    arguments on to the `body` region, which takes the same arguments and
    yields the next values, or ends the loop with them as the op's results.
    The loop starts once its control operands are done. `cond_attrs`,
    `body_attrs`, `cond_region_attrs` and `body_region_attrs` keep the call
    and function attributes of the functions the regions came from.

    Example:

    ```mlir
    %WhileRegion, %ctl = WhileRegion(%x) [%ctl_0] {
    ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
      %Less, %ctl_1 = Less(%arg0, %limit) : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
      condition %Less : tensor<i1> (%arg0) : tensor<i32>
    } do {
    ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
      %Next, %ctl_1 = Next(%arg0) [%arg1] : (tensor<i32>) -> (tensor<i32>)
      yield(%Next) : tensor<i32>
    } {parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins
    Variadic<TFGraph_Tensor>:$init,
    Variadic<TFGraph_Control>:$ctls,
    I64Attr:$parallel_iterations,
    OptionalAttr<DictionaryAttr>:$cond_attrs,
    OptionalAttr<DictionaryAttr>:$body_attrs,
    OptionalAttr<TFGraph_RegionAttrs>:$cond_region_attrs,
    OptionalAttr<TFGraph_RegionAttrs>:$body_region_attrs
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let regions = (region SizedRegion<1>:$cond_region, SizedRegion<1>:$body_region);
  let parser = [{
    init: list[UnresolvedOperand] = []
    init_pos = p.current_pos()
    if p.consume_if("("):
        init = p.parse_operand_list()
        p.expect(")", "expected ')'")
    controls = parse_control_uses(p)
    cond_region = Region()
    p.parse_region(cond_region)
    p.expect_keyword("do")
    body_region = Region()
    p.parse_region(body_region)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    types_pos = p.current_pos()
    inputs: list[Type] = []
    outputs: list[Type] = []
    if p.consume_if(":"):
        fn = p.parse_type()
        if not isinstance(fn, FunctionType):
            p.error_at(types_pos, "invalid kind of type specified")
        inputs, outputs = list(fn.inputs), list(fn.results)
    operands = p.resolve_operands(init, inputs, init_pos)
    operands += p.resolve_operands(controls, [control_type()] * len(controls), types_pos)
    return p.create_op(
        cls,
        name_pos,
        operands,
        [*outputs, control_type()],
        properties=[
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(IntegerType.get(32), (len(init), len(controls))),
            )
        ],
        regions=[cond_region, body_region],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = f"({p.operands(self.init)})" if self.init else ""
    p.write(text + controls_text(p, self.ctls) + " ")
    p.print_region(self.cond_region)
    p.write(" do ")
    p.print_region(self.body_region)
    p.write(p.attr_dict(self, ["operandSegmentSizes"]))
    if self.init:
        ins = tuple([v.type for v in self.init])
        outs = tuple([r.type for r in self.outs])
        p.write(" : " + p.type_text(FunctionType.get(ins, outs)))
  }];
  let verifier = [{
    message = verify_region_args_paired(self)
    if message is not None:
        return message
    if not isinstance(terminator_of(self.cond_region), ConditionOp):
        return "condition region must be terminated by a 'tfg.condition' op"
    if not isinstance(terminator_of(self.body_region), YieldOp):
        return "body region must be terminated by a 'tfg.yield' op"
    return (
        verify_loop_region_args(self, 0)
        or verify_loop_region_args(self, 1)
        or verify_preserved_attrs(self, (self.cond_region_attrs, self.body_region_attrs))
    )
  }];
  let regionVerifier = [{
    cond_args = loop_data_args(self.cond_region)
    body_args = loop_data_args(self.body_region)
    edges: list[tuple[str, str, Sequence[Value], Sequence[Value]]] = [
        ("parent", "Region #0", list(self.init), cond_args)
    ]
    edges += terminator_edges(self, 0, [("Region #1", body_args), ("parent", list(self.outs))])
    edges += terminator_edges(self, 1, [("Region #0", cond_args)])
    return verify_edges(self, edges)
  }];
}

def TFGraph_WhileRegionOp : TFGraph_WhileLikeRegionOp<"WhileRegion"> {
  let summary = "A while loop with regions";
}

def TFGraph_StatelessWhileRegionOp : TFGraph_WhileLikeRegionOp<"StatelessWhileRegion"> {
  let summary = "A while loop with regions, without side effects";
}

def TFGraph_StatefulWhileRegionOp : TFGraph_WhileLikeRegionOp<"StatefulWhileRegion"> {
  let summary = "A while loop with regions, with side effects";
}

def TFGraph_ForRegionOp : TFGraph_RegionOp<"ForRegion", [AttrSizedOperandSegments]> {
  let summary = "A for loop with a region";
  let description = [{
    Runs its body for each index from `start` up to `limit` (excluded) by
    `delta`, all scalar i32 tensors, over N values: `init`, then the values
    each iteration yields, the last of which are the op's results. The body
    takes the index, the N values, and then their control tokens. The loop
    starts once its control operands are done. `body_attrs` and
    `region_attrs` keep the call and function attributes of the function
    the body came from.

    Example:

    ```mlir
    %ForRegion, %ctl = ForRegion(%x) [%ctl_0] from %start to %limit by %delta {
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
      yield(%arg1) [%arg3] : tensor<f32>
    } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> (tensor<f32>)
    ```
  }];
  let arguments = (ins
    I32Tensor:$start,
    I32Tensor:$limit,
    I32Tensor:$delta,
    Variadic<TFGraph_Tensor>:$init,
    Variadic<TFGraph_Control>:$ctls,
    OptionalAttr<DictionaryAttr>:$body_attrs,
    OptionalAttr<TFGraph_RegionAttrs>:$region_attrs
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let regions = (region SizedRegion<1>:$body_region);
  let parser = [{
    init: list[UnresolvedOperand] = []
    init_pos = p.current_pos()
    if p.consume_if("("):
        init = p.parse_operand_list()
        p.expect(")", "expected ')'")
    controls = parse_control_uses(p)
    bounds: list[UnresolvedOperand] = []
    for word in ("from", "to", "by"):
        p.expect_keyword(word)
        bounds.append(p.parse_operand())
    body = Region()
    p.parse_region(body)
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':'")
    types_pos = p.current_pos()
    p.expect("(", "expected '('")
    bound_types = [p.parse_type()]
    for _ in range(2):
        p.expect(",", "expected ','")
        bound_types.append(p.parse_type())
    init_types = p.parse_type_list() if p.consume_if(",") else []
    p.expect(")", "expected ')'")
    outputs: list[Type] = []
    if p.consume_if("->"):
        p.expect("(", "expected '('")
        outputs = p.parse_type_list()
        p.expect(")", "expected ')'")
    operands = p.resolve_operands(bounds, bound_types, types_pos)
    operands += p.resolve_operands(init, init_types, init_pos)
    operands += p.resolve_operands(controls, [control_type()] * len(controls), types_pos)
    return p.create_op(
        cls,
        name_pos,
        operands,
        [*outputs, control_type()],
        properties=[
            (
                "operandSegmentSizes",
                DenseArrayAttr.get(IntegerType.get(32), (1, 1, 1, len(init), len(controls))),
            )
        ],
        regions=[body],
        attributes=attrs,
        attr_dict_pos=attr_pos,
    )
  }];
  let printer = [{
    text = f"({p.operands(self.init)})" if self.init else ""
    text += controls_text(p, self.ctls)
    text += f" from {p.operand(self.start)} to {p.operand(self.limit)} by {p.operand(self.delta)} "
    p.write(text)
    p.print_region(self.body_region)
    p.write(p.attr_dict(self, ["operandSegmentSizes"]))
    types = [v.type for v in (self.start, self.limit, self.delta, *self.init)]
    text = f" : ({p.types(types)})"
    if self.outs:
        text += f" -> ({p.types([r.type for r in self.outs])})"
    p.write(text)
  }];
  let verifier = [{
    message = verify_region_args_paired(self)
    if message is not None:
        return message
    if not isinstance(terminator_of(self.body_region), YieldOp):
        return "body region must be terminated by a 'tfg.yield' op"
    args = self.body_region.blocks[0].args
    if not args:
        return "expected the body block to have at least have the loop index as an argument"
    index = args[0].type
    if not isinstance(index, (RankedTensorType, UnrankedTensorType)) or (
        index.element_type != IntegerType.get(32)
    ):
        return "expected first body block argument to be an i32 tensor"
    return verify_loop_region_args(self, 0) or verify_preserved_attrs(self, (self.region_attrs,))
  }];
  let regionVerifier = [{
    data = loop_data_args(self.body_region)[1:]
    edges: list[tuple[str, str, Sequence[Value], Sequence[Value]]] = [
        ("parent", "Region #0", list(self.init), data)
    ]
    edges += terminator_edges(self, 0, [("Region #0", data), ("parent", list(self.outs))])
    return verify_edges(self, edges)
  }];
}

def TFGraph_FuncAttr : PredAttr<CPred<"isinstance($_self, TFFuncAttr)">,
                                "a TensorFlow function attribute">;

def TFGraph_ShapeAttr : PredAttr<CPred<"isinstance($_self, TFShapeAttr)">,
                                 "a TensorFlow shape attribute">;

def TFGraph_ShapesAttr : TypedArrayAttrBase<TFGraph_ShapeAttr, "an array of shapes">;

def TFGraph_TensorOrControl
    : Type<CPred<"is_tfg_tensor($_self) or is_control($_self)">,
           "a tensor, opaque tensor or control type">;

// The ops calling functions for their control flow (TensorFlow's functional
// If, Case, While and For). They are nodes: written in the node syntax, as a
// tfg op the dialect does not define would be, with their data operands,
// control operands, attributes and types, and a trailing control result.
class TFGraph_CallOp<string mnemonic>
    : TFGraph_Op<mnemonic, [SymbolUserOpInterface]> {
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return parse_node(p, cls, name_pos, None)
  }];
  let printer = [{
    if print_node(p, self) is False:
        return False
    return None
  }];
  let asmResultNames = [{
    return region_op_result_names(self)
  }];
  let hasVerifier = 1;
}

// `If(%cond, %args...) [%ctls] {then_branch = .., else_branch = ..} : (types) -> (types)`.
class TFGraph_IfLikeOp<string mnemonic> : TFGraph_CallOp<mnemonic> {
  let description = [{
    Calls `then_branch` with the data operands after `cond` when `cond` is
    true, `else_branch` otherwise; the function's results are the op's data
    results. A function the module defines must take and return values of
    types compatible with the op's. `Tcond`, `Tin`, `Tout` and
    `output_shapes` keep the node's type attributes: when present, the
    operands and results have those dtypes.

    Example:

    ```mlir
    %If, %ctl = If(%cond, %x) [%ctl_0] {else_branch = #tf_type.func<@else, {}>, then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TFGraph_OpaqueTensor, I1Tensor]>:$cond,
    Variadic<TFGraph_TensorOrControl>:$args,
    TFGraph_FuncAttr:$then_branch,
    TFGraph_FuncAttr:$else_branch,
    OptionalAttr<TypeAttr>:$Tcond,
    OptionalAttr<TypeArrayAttr>:$Tin,
    OptionalAttr<TypeArrayAttr>:$Tout,
    OptionalAttr<TFGraph_ShapesAttr>:$output_shapes
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let verifier = [{
    calls = ((self.then_branch, "then"), (self.else_branch, "else"))
    return verify_call_op(self, calls, 1, None, self.tin_attr, self.tout_attr, 1)
  }];
}

def TFGraph_IfOp : TFGraph_IfLikeOp<"If"> {
  let summary = "An if-then-else operation calling functions";
}

def TFGraph_StatelessIfOp : TFGraph_IfLikeOp<"StatelessIf"> {
  let summary = "An if-then-else operation calling functions without side effects";
}

def TFGraph_StatefulIfOp : TFGraph_IfLikeOp<"StatefulIf"> {
  let summary = "An if-then-else operation calling functions with side effects";
}

// `Case(%index, %args...) [%ctls] {branches = [..]} : (types) -> (types)`.
class TFGraph_CaseLikeOp<string mnemonic> : TFGraph_CallOp<mnemonic> {
  let description = [{
    Calls the function of `branches` that `branch_index` selects with the
    data operands after the index; its results are the op's data results.
    Each function the module defines must take and return values of types
    compatible with the op's. `Tin`, `Tout` and `output_shapes` keep the
    node's type attributes: when present, the operands and results have
    those dtypes.

    Example:

    ```mlir
    %Case, %ctl = Case(%index, %x) {branches = [#tf_type.func<@b0, {}>, #tf_type.func<@b1, {}>]} : (tensor<i32>, tensor<f32>) -> (tensor<f32>)
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TFGraph_OpaqueTensor, I32Tensor]>:$branch_index,
    Variadic<TFGraph_TensorOrControl>:$args,
    TypedArrayAttrBase<TFGraph_FuncAttr, "an array of functions">:$branches,
    OptionalAttr<TypeArrayAttr>:$Tin,
    OptionalAttr<TypeArrayAttr>:$Tout,
    OptionalAttr<TFGraph_ShapesAttr>:$output_shapes
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let verifier = [{
    calls = [(f, f"branch #{i}") for i, f in enumerate(self.branches.value)]
    return verify_call_op(self, calls, 1, None, self.tin_attr, self.tout_attr, 1)
  }];
}

def TFGraph_CaseOp : TFGraph_CaseLikeOp<"Case"> {
  let summary = "A switch operation calling one of its functions";
}

def TFGraph_StatelessCaseOp : TFGraph_CaseLikeOp<"StatelessCase"> {
  let summary = "A switch operation calling one of its functions, without side effects";
}

def TFGraph_StatefulCaseOp : TFGraph_CaseLikeOp<"StatefulCase"> {
  let summary = "A switch operation calling one of its functions, with side effects";
}

// `While(%args...) [%ctls] {body = .., cond = .., parallel_iterations = N} : (types) -> (types)`.
class TFGraph_WhileLikeOp<string mnemonic> : TFGraph_CallOp<mnemonic> {
  let description = [{
    A loop over its data operands: while `cond` returns true for the
    current values, `body` computes the next ones; the last values are the
    op's data results. A `cond` the module defines must take values of the
    operands' types and return an `i1` tensor, a `body` take and return
    them. `parallel_iterations` is how many iterations may run at once; `T`
    and `output_shapes` keep the node's type attributes: when present, the
    operands and results have those dtypes.

    Example:

    ```mlir
    %While, %ctl = While(%x) {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<f32>)
    ```
  }];
  let arguments = (ins
    Variadic<TFGraph_TensorOrControl>:$args,
    TFGraph_FuncAttr:$cond,
    TFGraph_FuncAttr:$body,
    I64Attr:$parallel_iterations,
    OptionalAttr<TypeArrayAttr>:$T,
    OptionalAttr<TFGraph_ShapesAttr>:$output_shapes
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let verifier = [{
    i1_tensor = UnrankedTensorType.get(IntegerType.get(1))
    message = verify_call_op(self, [(self.cond, "cond")], 0, [i1_tensor], None, None, 0)
    if message is not None:
        return message
    return verify_call_op(self, [(self.body, "body")], 0, None, self.t_attr, self.t_attr, 0)
  }];
}

def TFGraph_WhileOp : TFGraph_WhileLikeOp<"While"> {
  let summary = "A loop operation calling functions";
}

def TFGraph_StatelessWhileOp : TFGraph_WhileLikeOp<"StatelessWhile"> {
  let summary = "A loop operation calling functions, without side effects";
}

def TFGraph_StatefulWhileOp : TFGraph_WhileLikeOp<"StatefulWhile"> {
  let summary = "A loop operation calling functions, with side effects";
}

def TFGraph_ForOp : TFGraph_CallOp<"For"> {
  let summary = "A counted loop operation calling a function";
  let description = [{
    Calls `body` once for each index from `start` up to `limit` by steps of
    `delta`, with the index and the current values of the data operands
    after `delta`; the body returns the next values, and the last ones are
    the op's data results. A `body` the module defines must take an index
    and values of the operands' types and return them. `T` keeps the node's
    type attribute: when present, the operands after `delta` and the results
    have those dtypes.

    Example:

    ```mlir
    %For, %ctl = For(%start, %limit, %delta, %x) {body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> (tensor<f32>)
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TFGraph_OpaqueTensor, I32Tensor]>:$start,
    AnyTypeOf<[TFGraph_OpaqueTensor, I32Tensor]>:$limit,
    AnyTypeOf<[TFGraph_OpaqueTensor, I32Tensor]>:$delta,
    Variadic<TFGraph_TensorOrControl>:$args,
    TFGraph_FuncAttr:$body,
    OptionalAttr<TypeArrayAttr>:$T
  );
  let results = (outs Variadic<TFGraph_Tensor>:$outs, TFGraph_Control:$ctl);
  let verifier = [{
    return verify_call_op(self, [(self.body, "body")], 2, None, self.t_attr, self.t_attr, 3)
  }];
}
