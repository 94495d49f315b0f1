// MLIR 22's transform types with declarative formats (TransformTypes.td).
include "OpBase.td"

def Transform_Dialect : Dialect {
  let name = "transform";
  // The transform dialect's own type dispatch reports unknown mnemonics so.
  let extraClassDeclaration = [{
    def unknown_type_message(mnemonic: str) -> str:
        return f"unknown type mnemonic: {mnemonic}"
  }];
}

def Transform_AnyOpType : TypeDef<Transform_Dialect, "AnyOp"> {
  let mnemonic = "any_op";
  let assemblyFormat = "";
}

def Transform_AnyValue : TypeDef<Transform_Dialect, "AnyValue"> {
  let mnemonic = "any_value";
  let assemblyFormat = "";
}

def Transform_OperationType : TypeDef<Transform_Dialect, "Operation"> {
  let mnemonic = "op";
  let parameters = (ins
    StringRefParameter<"Name of the allowed payload operation">:$operation_name
  );
  let assemblyFormat = "`<` $operation_name `>`";
}

def Transform_ParamType : TypeDef<Transform_Dialect, "Param"> {
  let mnemonic = "param";
  let parameters = (ins
    TypeParameter<"::mlir::Type", "Underlying type of the parameter">:$type
  );
  let assemblyFormat = "`<` $type `>`";
  let genVerifyDecl = 1;
  let verifier = [{
    if not isinstance(type, IntegerType) or type.width > 64:
        return "only supports integer types with width <=64"
    return None
  }];
}
