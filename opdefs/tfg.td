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
    graph's function library. Every node is an op of this dialect that the
    dialect does not define, written in the node syntax

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
    out inside a graph or a function.
  }];
  let allowUnknownOperations = 1;
  let extraClassDeclaration = [{
    from generated.tf_type.attrs import VersionAttr as TFVersionAttr
    from generated.tf_type.types import ControlType as TFControlType
    from generated.tf_type.types import OpaqueTensorType as TFOpaqueTensorType

    _NODE_KEYWORDS = (
        ("device", "_mlir_device"),
        ("assigned_device", "_mlir_assigned_device"),
        ("name", "_mlir_name"),
    )


    def region_keyword(op: Operation, index: int) -> str:
        """`then`/`else` before an IfRegion's regions; nothing before a CaseRegion's."""
        if op.name == "tfg.IfRegion":
            return ("then ", "else ")[index]
        return ""


    def parse_region_op(p: Parser, cls: type[Operation], name_pos: int, kind: str) -> Operation:
        """The custom form of the region ops (see `TFGraph_RegionOp`)."""
        first = p.parse_operand()
        controls: list[UnresolvedOperand] = []
        if p.consume_if("["):
            while True:
                controls.append(p.parse_operand())
                if not p.consume_if(","):
                    break
            p.expect("]", "expected ']'")
        regions: list[Region] = []
        if kind == "IfRegion":
            for word in ("then", "else"):
                p.expect_keyword(word)
                regions.append(Region())
                p.parse_custom_region(regions[-1])
        elif p.peek() == "{":
            regions.append(Region())
            p.parse_custom_region(regions[-1])
            while p.consume_if(","):
                regions.append(Region())
                p.parse_custom_region(regions[-1])
        attr_pos = p.current_pos()
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        types_pos = p.current_pos()
        function_type = p.parse_type()
        if not isinstance(function_type, FunctionType) or len(function_type.inputs) != 1:
            p.error_at(types_pos, "expected a function type with one input")
        operands = p.resolve_operands([first], list(function_type.inputs), types_pos)
        operands += p.resolve_operands(controls, [control_type()] * len(controls), types_pos)
        return p.create_op(
            cls,
            name_pos,
            operands,
            [*function_type.results, control_type()],
            regions=regions,
            attributes=attrs,
            attr_dict_pos=attr_pos,
        )


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
        p: Parser, control_attrs: bool
    ) -> tuple[list[UnresolvedOperand], list[UnresolvedOperand], list[DictionaryAttr], int]:
        """`(%data, ...)` and `[%ctl {attrs}, ...]`, each optional: the data uses, the
        control uses, the attribute dictionaries of the control uses (only where
        `control_attrs` allows them) and the offset of the data operands."""
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


    def parse_node_keywords(p: Parser) -> list[tuple[str, Attribute]]:
        """`device("..") assigned_device("..") name("..")`, each optional."""
        found: list[tuple[str, Attribute]] = []
        for keyword, attr_name in _NODE_KEYWORDS:
            if p.consume_keyword(keyword):
                p.expect("(", "expected '('")
                value = p.parse_string_literal()
                p.expect(")", "expected ')'")
                found.append((attr_name, StringAttr.get(value)))
        return found


    def parse_node_types(p: Parser) -> tuple[list[Type], list[Type]]:
        """`: (ins) -> (outs)`, or `: ins` for a node without data results, or nothing."""
        if not p.consume_if(":"):
            return [], []
        types = p.parse_type_list()
        if len(types) == 1 and isinstance(types[0], FunctionType):
            return list(types[0].inputs), list(types[0].results)
        return types, []


    def node_keywords_text(p: Printer, op: Operation) -> str:
        """The `device(..)`, `assigned_device(..)` and `name(..)` of a node."""
        text = ""
        for keyword, attr_name in _NODE_KEYWORDS:
            value = op.get_attr(attr_name)
            if isinstance(value, StringAttr) and value.value:
                text += f" {keyword}({p.attr_text(value)})"
        return text


    def node_types_text(p: Printer, inputs: Sequence[Type], outputs: Sequence[Type]) -> str:
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


    def dict_text(p: Printer, attrs: ArrayAttr | None, index: int) -> str:
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


    class NodeOp(Operation):
        """A TensorFlow node: a `tfg` op the dialect does not define.

        Written in the node syntax: data operands, control operands, the node's
        device, assigned device and name, its attributes and its types, with a
        trailing control result left implicit.
        """

        HAS_CUSTOM_FORM = True
        HAS_RESULT_NAMES = True

        @classmethod
        def parse(cls, p: Parser, name_pos: int) -> Operation:
            name = p.custom_op
            assert name is not None
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

        def print(self, p: Printer) -> bool | None:
            data, controls = split_controls(self.operands)
            outputs, result_controls = split_controls(self.results)
            # Only the trailing control result is implicit in the node syntax.
            if len(result_controls) != 1 or len(controls) + len(data) != self.num_operands:
                return False
            if any(not is_control(v.type) for v in controls):
                return False
            text = ""
            if data:
                text += f"({p.operands(data)})"
            if controls:
                text += " [" + p.operands(controls) + "]"
            text += node_keywords_text(p, self)
            text += p.attr_dict(self, [k for _, k in _NODE_KEYWORDS])
            text += node_types_text(p, [v.type for v in data], [v.type for v in outputs])
            p.out.append(text)
            return None

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


    Context.register_fallback_op("tfg", NodeOp)
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
            Diagnostic(Severity.ERROR, p.source.loc(version_pos), "expected a version attribute")
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
    p.out.append(" " + p.attr_text(self.version))
    p.out.append(p.attr_dict(self, ["version"], with_keyword=True))
    p.out.append(" ")
    p.print_region(self.nodes)
  }];
}

def TFGraph_FuncOp : TFGraph_Op<"func", [
    SingleBlock, IsolatedFromAbove, HasOnlyGraphRegion, Symbol]> {
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
    p.out.append(text + " ")
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
    p.out.append(text)
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
    number = p.parse_integer()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict_with_keyword()
    opaque = TFOpaqueTensorType.get()
    value = p.resolve_operands([use], [opaque], use[2])
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
    p.out.append(
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
        p.out.append("(" + ", ".join(p.operand(v) for v in self.args) + ")")
    if self.ctls:
        p.out.append(" [" + ", ".join(p.operand(v) for v in self.ctls) + "]")
    p.out.append(p.attr_dict(self, ["operandSegmentSizes"]))
    if self.args:
        p.out.append(" : " + ", ".join(p.type_text(v.type) for v in self.args))
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
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    pos = p.skip_ws()
    attrs = p.parse_attribute()
    if not isinstance(attrs, DictionaryAttr):
        p.error_at(pos, "expected a dictionary attribute")
    lists: list[ArrayAttr] = []
    for _ in range(2):
        pos = p.skip_ws()
        value = p.parse_attribute()
        if not isinstance(value, ArrayAttr):
            p.error_at(pos, "expected an array attribute")
        lists.append(value)
    p.expect(">", "expected '>'")
    return cls.get(attrs, lists[0], lists[1])
  }];
  let printer = [{
    return f"<{self.attrs} {self.arg_attrs} {self.res_attrs}>"
  }];
}

// The region ops: `CaseRegion %index [%ctl] {...}, {...} {attrs} : (types) -> (types)`
// and `IfRegion %cond [%ctl] then {...} else {...} {attrs} : (types) -> (types)`.
// Their data results are followed by a control result, as every node's are.
class TFGraph_RegionOp<string mnemonic> : TFGraph_Op<mnemonic, []> {
  let hasCustomAssemblyFormat = 1;
  let defaultDialect = "tfg";
  let printer = [{
    p.out.append(" " + p.operand(self.operands[0]))
    controls = [o.value for o in self.op_operands[1:]]
    if controls:
        p.out.append(" [" + ", ".join(p.operand(v) for v in controls) + "]")
    for i, region in enumerate(self.regions):
        p.out.append(" " + region_keyword(self, i))
        p.print_region(region)
        if self.name == "tfg.CaseRegion" and i + 1 < len(self.regions):
            p.out.append(",")
    p.out.append(p.attr_dict(self, ()))
    data = [r.type for r in self.results[:-1]]
    p.out.append(
        f" : ({p.type_text(self.operands[0].type)}) -> ("
        + ", ".join(p.type_text(t) for t in data)
        + ")"
    )
  }];
  let asmResultNames = [{
    return ((0, self.name.partition(".")[2]), (len(self.results) - 1, "ctl"))
  }];
  let verifier = [{
    if not is_control(self.results[-1].type):
        return f"the last result must be a control token, but got '{self.results[-1].type}'"
    for i, operand in enumerate(self.op_operands[1:], 1):
        if not is_control(operand.value.type):
            return f"operand #{i} must be a control token, but got '{operand.value.type}'"
    for i, region in enumerate(self.regions):
        block = region.blocks[0] if region.blocks else None
        terminator = block.last_op if block is not None else None
        if terminator is None or terminator.name != "tfg.yield":
            return f"region #{i} must end in a 'tfg.yield'"
    return None
  }];
}

def TFGraph_CaseRegionOp : TFGraph_RegionOp<"CaseRegion"> {
  let summary = "A case operation with regions";
  let description = [{
    Runs the region `branch_index` selects (the last one for an index out of
    range), whose yielded values are the op's results.
  }];
  let arguments = (ins AnyType:$branch_index, Variadic<AnyType>:$ctls);
  let results = (outs Variadic<AnyType>:$outs, AnyType:$ctl);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let parser = [{
    return parse_region_op(p, cls, name_pos, "CaseRegion")
  }];
}

def TFGraph_IfRegionOp : TFGraph_RegionOp<"IfRegion"> {
  let summary = "An if-then-else operation with regions";
  let description = [{
    Runs the `then` region when `cond` is true and the `else` region
    otherwise; the values the region yields are the op's results.
  }];
  let arguments = (ins AnyType:$cond, Variadic<AnyType>:$ctls);
  let results = (outs Variadic<AnyType>:$outs, AnyType:$ctl);
  let regions = (region SizedRegion<1>:$then_region, SizedRegion<1>:$else_region);
  let parser = [{
    return parse_region_op(p, cls, name_pos, "IfRegion")
  }];
}
