// MLIR 22's EmitC types and attribute with declarative formats (EmitCTypes.td,
// EmitCAttributes.td): strings, `qualified(...)` types and verifiers.
include "OpBase.td"

def EmitC_Dialect : Dialect {
  let name = "emitc";
}

class EmitC_Type<string name, string typeMnemonic> : TypeDef<EmitC_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def EmitC_LValueType : EmitC_Type<"LValue", "lvalue"> {
  let parameters = (ins "Type":$valueType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$valueType), [{
      return cls.get(valueType)
    }]>
  ];
  let assemblyFormat = "`<` qualified($valueType) `>`";
  let genVerifyDecl = 1;
  let verifier = [{
    if isinstance(valueType, (LValueType, ArrayType)):
        return f"!emitc.lvalue must wrap supported emitc type, but got '{valueType}'"
    return None
  }];
}

def EmitC_OpaqueType : EmitC_Type<"Opaque", "opaque"> {
  let parameters = (ins StringRefParameter<"the opaque value">:$value);
  let assemblyFormat = "`<` $value `>`";
  let genVerifyDecl = 1;
  let verifier = [{
    if not value:
        return "expected non empty string in !emitc.opaque type"
    if value[-1] == "*":
        return "pointer not allowed as outer type with !emitc.opaque, use !emitc.ptr instead"
    return None
  }];
}

def EmitC_PointerType : EmitC_Type<"Pointer", "ptr"> {
  let parameters = (ins "Type":$pointee);
  let assemblyFormat = "`<` qualified($pointee) `>`";
  let genVerifyDecl = 1;
  let verifier = [{
    if isinstance(pointee, LValueType):
        return "pointers to lvalues are not allowed"
    return None
  }];
}

// Only as the kind of type an lvalue may not wrap; MLIR's has a custom syntax.
def EmitC_ArrayType : EmitC_Type<"Array", "array">;

def EmitC_OpaqueAttr : AttrDef<EmitC_Dialect, "Opaque"> {
  let mnemonic = "opaque";
  let parameters = (ins StringRefParameter<"the opaque value">:$value);
  let assemblyFormat = "`<` $value `>`";
}
