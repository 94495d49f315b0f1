// MLIR 22's SMT types (SMTTypes.td): arrays, `->`, `(`...`)` and ` `, an optional
// group of an optional array, and verifiers.
include "OpBase.td"

def SMTDialect : Dialect {
  let name = "smt";
}

class SMTTypeDef<string name> : TypeDef<SMTDialect, name> { }

def BoolType : SMTTypeDef<"Bool"> {
  let mnemonic = "bool";
  let assemblyFormat = "";
}

def IntType : SMTTypeDef<"Int"> {
  let mnemonic = "int";
  let assemblyFormat = "";
}

def BitVectorType : SMTTypeDef<"BitVector"> {
  let mnemonic = "bv";
  let parameters = (ins "int64_t":$width);
  let assemblyFormat = "`<` $width `>`";
  let genVerifyDecl = true;
  let verifier = [{
    if width <= 0:
        return "bit-vector must have at least a width of one"
    return None
  }];
}

def ArrayType : SMTTypeDef<"Array"> {
  let mnemonic = "array";
  let parameters = (ins "mlir::Type":$domainType, "mlir::Type":$rangeType);
  let assemblyFormat = "`<` `[` $domainType `->` $rangeType `]` `>`";
  let genVerifyDecl = true;
  let verifier = [{
    if not ArrayType.is_value_type(domainType, functions=True):
        return "domain must be any SMT value type"
    if not ArrayType.is_value_type(rangeType, functions=True):
        return "range must be any SMT value type"
    return None
  }];
  let extraClassDeclaration = [{
    @staticmethod
    def is_value_type(t: Type, *, functions: bool) -> bool:
        """MLIR's `isAnySMTValueType` (`isAnyNonFuncSMTValueType` without `functions`)."""
        kinds: tuple[type[Type], ...] = (BoolType, IntType, BitVectorType, ArrayType, SortType)
        return isinstance(t, kinds) or (functions and isinstance(t, SMTFuncType))
  }];
}

def SMTFuncType : SMTTypeDef<"SMTFunc"> {
  let mnemonic = "func";
  let parameters = (ins
    ArrayRefParameter<"mlir::Type", "domain types">:$domainTypes,
    "mlir::Type":$rangeType
  );
  let assemblyFormat = "`<` `(` $domainTypes `)` ` ` $rangeType `>`";
  let genVerifyDecl = true;
  let verifier = [{
    if not all(ArrayType.is_value_type(t, functions=False) for t in domainTypes):
        return "domain types must be any non-function SMT type"
    if not ArrayType.is_value_type(rangeType, functions=False):
        return "range type must be any non-function SMT type"
    return None
  }];
}

def SortType : SMTTypeDef<"Sort"> {
  let mnemonic = "sort";
  let parameters = (ins
    "mlir::StringAttr":$identifier,
    OptionalArrayRefParameter<"mlir::Type", "sort parameters">:$sortParams
  );
  let assemblyFormat = "`<` $identifier (`[` $sortParams^ `]`)? `>`";
  let genVerifyDecl = true;
  let verifier = [{
    if not all(ArrayType.is_value_type(t, functions=False) for t in sortParams):
        return "sort parameter types must be any non-function SMT type"
    return None
  }];
}
