// MLIR 22's TOSA quantization attributes (TosaOpBase.td): `struct(params)` of
// integers.
include "OpBase.td"

def Tosa_Dialect : Dialect {
  let name = "tosa";
}

class Tosa_Attr<string attrName, string attrMnemonic> : AttrDef<Tosa_Dialect, attrName> {
  let mnemonic = attrMnemonic;
}

def Tosa_UnaryOpQuantizationAttr : Tosa_Attr<"UnaryOpQuantization", "unary_quant"> {
  let parameters = (ins "int64_t":$input_zp, "int64_t":$output_zp);
  let assemblyFormat = "`<` struct(params) `>`";
}

def Tosa_ConvOpQuantizationAttr : Tosa_Attr<"ConvOpQuantization", "conv_quant"> {
  let parameters = (ins "int64_t":$input_zp, "int64_t":$weight_zp);
  let assemblyFormat = "`<` struct(params) `>`";
}

def Tosa_PadOpQuantizationAttr : Tosa_Attr<"PadOpQuantization", "pad_quant"> {
  let parameters = (ins "int64_t":$input_zp);
  let assemblyFormat = "`<` struct(params) `>`";
}
