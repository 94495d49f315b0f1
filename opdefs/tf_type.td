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
    def parse_subtypes(p: Parser, name: str) -> tuple[Type, ...]:
        """`<tensor<...>, ...>` after `resource` or `variant`, or nothing."""
        start = p.current_pos()
        if not p.consume_if("<"):
            return ()
        subtypes: list[Type] = []
        try:
            while True:
                pos = p.skip_ws()
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
                Diagnostic(Severity.ERROR, p.source.loc(start), f"invalid {name} type")
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
