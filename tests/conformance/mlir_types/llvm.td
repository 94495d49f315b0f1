// MLIR 22's LLVM loop annotation and TBAA root attributes (LLVMAttrDefs.td):
// `struct(params)` of optional attributes, nested attributes printed without
// their prefix, aliases named after the mnemonic, and an optional group holding
// a struct.
include "OpBase.td"

def LLVM_Dialect : Dialect {
  let name = "llvm";
}

class LLVM_Attr<string name, string attrMnemonic> : AttrDef<LLVM_Dialect, name> {
  let mnemonic = attrMnemonic;
}

def LoopInterleaveAttr : LLVM_Attr<"LoopInterleave", "loop_interleave"> {
  let parameters = (ins "IntegerAttr":$count);
  let assemblyFormat = "`<` struct(params) `>`";
  let genMnemonicAlias = 1;
}

def LoopUnrollAttr : LLVM_Attr<"LoopUnroll", "loop_unroll"> {
  let parameters = (ins
    OptionalParameter<"BoolAttr">:$disable,
    OptionalParameter<"IntegerAttr">:$count,
    OptionalParameter<"BoolAttr">:$runtimeDisable,
    OptionalParameter<"BoolAttr">:$full,
    OptionalParameter<"LoopAnnotationAttr">:$followupUnrolled,
    OptionalParameter<"LoopAnnotationAttr">:$followupRemainder,
    OptionalParameter<"LoopAnnotationAttr">:$followupAll
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genMnemonicAlias = 1;
}

def LoopLICMAttr : LLVM_Attr<"LoopLICM", "loop_licm"> {
  let parameters = (ins
    OptionalParameter<"BoolAttr">:$disable,
    OptionalParameter<"BoolAttr">:$versioningDisable
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genMnemonicAlias = 1;
}

// MLIR's has more parameters; these keep their order.
def LoopAnnotationAttr : LLVM_Attr<"LoopAnnotation", "loop_annotation"> {
  let parameters = (ins
    OptionalParameter<"BoolAttr">:$disableNonforced,
    OptionalParameter<"LoopInterleaveAttr">:$interleave,
    OptionalParameter<"LoopUnrollAttr">:$unroll,
    OptionalParameter<"LoopLICMAttr">:$licm,
    OptionalParameter<"BoolAttr">:$mustProgress,
    OptionalParameter<"BoolAttr">:$isVectorized
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genMnemonicAlias = 1;
}

def LLVM_TBAARootAttr : LLVM_Attr<"TBAARoot", "tbaa_root"> {
  let parameters = (ins OptionalParameter<"StringAttr">:$id);
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
  let genMnemonicAlias = 1;
}
