// The tf_type dialect: TensorFlow's element types that MLIR has no builtin
// for. Tensors of them are how the tf and tfg dialects carry strings,
// resources, variants, quantized values and TensorFlow's reference types.

include "OpBase.td"

def TFType_Dialect : Dialect {
  let name = "tf_type";
  let pythonPackage = "tf_type";
  let summary = "TensorFlow element types";
  let description = [{
    The element types of TensorFlow tensors beyond MLIR's integers and floats:
    strings, resource handles and variants (each optionally carrying the types
    of the tensors they hold), quantized integers, the reference types of
    TensorFlow's old variables, and the control type of graph edges that carry
    no data.
  }];
}

class TFType_Type<string name, string typeMnemonic, string summary_>
    : TypeDef<TFType_Dialect, name> {
  let mnemonic = typeMnemonic;
  let summary = summary_;
}

def TFType_ControlType : TFType_Type<"Control", "control", "control dependence"> {
  let description = [{
    The type of a graph edge that orders two nodes without carrying data.
  }];
}
def TFType_OpaqueTensorType : TFType_Type<"OpaqueTensor", "tensor", "opaque tensor"> {
  let description = [{ A tensor whose element type and shape are not known. }];
}
def TFType_StringType : TFType_Type<"String", "string", "TensorFlow string"> {
  let description = [{ A byte string, TensorFlow's `DT_STRING`. }];
}
def TFType_Qint8Type : TFType_Type<"Qint8", "qint8", "TensorFlow qint8">;
def TFType_Qint16Type : TFType_Type<"Qint16", "qint16", "TensorFlow qint16">;
def TFType_Qint32Type : TFType_Type<"Qint32", "qint32", "TensorFlow qint32">;
def TFType_Quint8Type : TFType_Type<"Quint8", "quint8", "TensorFlow quint8">;
def TFType_Quint16Type : TFType_Type<"Quint16", "quint16", "TensorFlow quint16">;

// The reference types: a mutable reference to a tensor of the element type,
// as TensorFlow's old-style variables hand out.
foreach element = ["f32", "f64", "half", "bfloat16", "uint4", "int4", "uint8", "int8",
                   "uint16", "int16", "uint32", "int32", "uint64", "int64", "string",
                   "bool", "quint8", "qint8", "quint16", "qint16", "qint32",
                   "complex64", "complex128", "resource", "variant", "float8e4m3fn",
                   "float8e5m2", "float8e4m3fnuz", "float8e4m3b11fnuz", "float8e5m2fnuz"] in {
  def TFType_ # element # RefType
      : TFType_Type<element # "Ref", element # "ref", "TensorFlow " # element # " reference">;
}

def TFType_ResourceType : TFType_Type<"Resource", "resource", "TensorFlow resource"> {
  let description = [{
    A handle to a resource such as a variable, optionally with the types of the
    tensors it holds: `!tf_type.resource<tensor<?xf32>>`.
  }];
  let parameters = (ins DefaultValuedParameter<"tuple[Type, ...]", "()", "held tensor types">:$subtypes);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return cls.get(cls.parse_subtypes(p, "resource"))
  }];
  let printer = [{
    return ResourceType.print_subtypes(self.subtypes)
  }];
  // The subtype list, which the variant type shares.
  let extraClassDeclaration = [{
    @staticmethod
    def parse_subtypes(p: AsmParser, name: str) -> tuple[Type, ...]:
        """`<tensor<...>, ...>` after `resource` or `variant`, or nothing."""
        start = p.current_pos()
        if not p.consume_if("<"):
            return ()
        subtypes: list[Type] = []
        try:
            while True:
                pos = p.current_pos()
                subtype = p.parse_non_function_type()
                if not isinstance(subtype, (RankedTensorType, UnrankedTensorType)):
                    p.error_at(pos, "invalid kind of type specified")
                element = subtype.element_type
                if not isinstance(element, (IntegerType, FloatType, ComplexType, ParametricType)) and not (
                    isinstance(element, DialectType) and element.DIALECT == "tf_type"
                ):
                    p.error_at(pos, f"invalid subtype: '{subtype}'")
                subtypes.append(subtype)
                if not p.consume_if(","):
                    break
            p.expect(">", "expected '>'")
        except DiagnosticError as error:
            # TensorFlow's parser reports the subtype's problem, then its own.
            error.diagnostics.append(
                Diagnostic(Severity.ERROR, p.loc_at(start), f"invalid {name} type")
            )
            raise
        return tuple(subtypes)

    @staticmethod
    def print_subtypes(subtypes: tuple[Type, ...]) -> str:
        """`<t, ...>`, or nothing without subtypes."""
        return "<" + ", ".join(str(t) for t in subtypes) + ">" if subtypes else ""
  }];
}

def TFType_VariantType : TFType_Type<"Variant", "variant", "TensorFlow variant"> {
  let description = [{
    A value of any type behind TensorFlow's `DT_VARIANT` (a tensor list, a
    dataset), optionally with the types of the tensors it holds.
  }];
  let parameters = (ins DefaultValuedParameter<"tuple[Type, ...]", "()", "held tensor types">:$subtypes);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return cls.get(ResourceType.parse_subtypes(p, "variant"))
  }];
  let printer = [{
    return ResourceType.print_subtypes(self.subtypes)
  }];
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TFType_VersionAttr : AttrDef<TFType_Dialect, "Version"> {
  let mnemonic = "version";
  let summary = "An attribute describing the version of a graph";
  let description = [{
    The GraphDef version: the `producer` that wrote it, the oldest consumer
    that may read it, and consumers known not to: 
    `#tf_type.version<producer = 42, min_consumer = 33, bad_consumers = [1, 2]>`.
  }];
  let parameters = (ins
    AttrParameter<"int", "producer version">:$producer,
    AttrParameter<"int", "minimum consumer version">:$min_consumer,
    DefaultValuedParameter<"tuple[int, ...]", "()", "consumers that must not read it">:$bad_consumers
  );
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    versions: dict[str, int] = {}
    for field in ("producer", "min_consumer"):
        pos = p.current_pos()
        if p.parse_optional_keyword_of((field,)) is None:
            p.error_at(pos, f"expected '{field}' in tf_type version")
        p.expect("=", "expected '='")
        versions[field] = p.parse_integer()
        if field == "producer":
            p.expect(",", "expected ','")
    bad: list[int] = []
    if p.consume_if(","):
        pos = p.current_pos()
        if p.parse_optional_keyword_of(("bad_consumers",)) is None:
            p.error_at(pos, "expected 'bad_consumers' in tf_type version")
        p.expect("=", "expected '='")
        p.expect("[", "expected '['")
        if not p.consume_if("]"):
            while True:
                bad.append(p.parse_integer())
                if not p.consume_if(","):
                    break
            p.expect("]", "expected ']'")
    p.expect(">", "expected '>'")
    return cls.get(versions["producer"], versions["min_consumer"], tuple(bad))
  }];
  let printer = [{
    text = f"<producer = {self.producer}, min_consumer = {self.min_consumer}"
    if self.bad_consumers:
        text += ", bad_consumers = [" + ", ".join(str(b) for b in self.bad_consumers) + "]"
    return text + ">"
  }];
}

def TFType_FuncAttr : AttrDef<TFType_Dialect, "Func"> {
  let mnemonic = "func";
  let summary = "Models the `AttrValue.value.func` proto attribute value as a pair of SymbolRef and DictionaryAttr";
  let description = [{
    A function and the attributes it is instantiated with:
    `#tf_type.func<@symbol, {attr = "v"}>`.
  }];
  let parameters = (ins
    AttrParameter<"SymbolRefAttr", "the function">:$symbol,
    AttrParameter<"DictionaryAttr", "its attributes">:$attrs
  );
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    symbol = p.parse_attribute()
    if not isinstance(symbol, SymbolRefAttr):
        p.error_at(p.current_pos(), "expected a symbol reference")
    p.expect(",", "expected ','")
    attrs = p.parse_attribute()
    if not isinstance(attrs, DictionaryAttr):
        p.error_at(p.current_pos(), "expected a dictionary attribute")
    p.expect(">", "expected '>'")
    return cls.get(symbol, attrs)
  }];
  let printer = [{
    return f"<{self.symbol}, {self.attrs}>"
  }];
}

def TFType_PlaceholderAttr : AttrDef<TFType_Dialect, "Placeholder"> {
  let mnemonic = "placeholder";
  let summary = "Placeholder attributes are string referring to a function attribute to be substituted on instantiation";
  let parameters = (ins AttrParameter<"str", "the attribute it stands for">:$value);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    value = p.parse_string_literal()
    p.expect(">", "expected '>'")
    return cls.get(value)
  }];
  let printer = [{
    return "<" + escape_string(self.value) + ">"
  }];
}

def TFType_ShapeAttr : AttrDef<TFType_Dialect, "Shape"> {
  let mnemonic = "shape";
  let summary = "A TensorFlow shape: unranked, or the size of each dimension (`?` if unknown)";
  let description = [{
    `#tf_type.shape<10x?x30>`, `#tf_type.shape<*>` for an unknown rank, and
    `#tf_type.shape<>` for a scalar.
  }];
  let parameters = (ins AttrParameter<"tuple[int, ...] | None", "the dimensions, or None when unranked">:$dims);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    if p.consume_if("*"):
        p.expect(">", "expected '>'")
        return cls.get(None)
    dims: list[int] = []
    if not p.consume_if(">"):
        while True:
            if p.consume_if("?"):
                dims.append(DYNAMIC)
            else:
                dims.append(p.parse_integer())
            if p.consume_if("x"):
                continue
            break
        p.expect(">", "expected '>'")
    return cls.get(tuple(dims))
  }];
  let printer = [{
    if self.dims is None:
        return "<*>"
    return "<" + "x".join("?" if d == DYNAMIC else str(d) for d in self.dims) + ">"
  }];
}

def TFType_FullTypeAttr : AttrDef<TFType_Dialect, "FullType"> {
  let mnemonic = "full_type";
  let summary = "A TensorFlow full type: a type id, its argument types and an optional attribute";
  let description = [{
    TensorFlow's `FullTypeDef` as a tree: `#tf_type.full_type<array<tensor<var "T">>>`.
    Each node is a type id keyword, optionally its arguments in `<...>`, and
    optionally a string or integer attribute.
  }];
  let parameters = (ins AttrParameter<"tuple[object, ...]", "the type tree: (type id, arguments, attribute)">:$node);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    node = cls.parse_node(p)
    p.expect(">", "expected '>'")
    return cls.get(node)
  }];
  let printer = [{
    return "<" + self.print_node(self.node) + ">"
  }];
  let extraClassDeclaration = [{
    @classmethod
    def parse_node(cls, p: AsmParser) -> tuple[object, ...]:
        """`type_id`, `type_id<args>`, each with an optional string or integer after it."""
        type_id = p.parse_keyword("expected a full type id")
        args: list[tuple[object, ...]] = []
        if p.consume_if("<"):
            while True:
                args.append(cls.parse_node(p))
                if not p.consume_if(","):
                    break
            p.expect(">", "expected '>'")
        attr: str | int | None = None
        next_char = p.peek()
        if next_char == '"':
            attr = p.parse_string_literal()
        elif next_char.isdigit() or next_char == "-":
            attr = p.parse_integer()
        return (type_id, tuple(args), attr)

    @classmethod
    def print_node(cls, node: tuple[object, ...]) -> str:
        type_id, args, attr = node
        assert isinstance(args, tuple)
        text = str(type_id)
        if args:
            text += "<" + ", ".join(cls.print_node(a) for a in args) + ">"
        if isinstance(attr, str):
            text += " " + escape_string(attr)
        elif isinstance(attr, int):
            text += f" {attr}"
        return text
  }];
}
