// What the generator does not support (yet) is an error where it is written.
include "OpBase.td"

def U_Dialect : Dialect {
  let name = "u";
  // ERROR: 7:7 'isExtensible = 1' is not supported: an extensible dialect (ops defined at run time)
  let isExtensible = 1;
  // ERROR: 9:7 'usePropertiesForAttributes = 0' is not supported: inherent attributes kept in the attribute dictionary; they are always properties (`<{...}>`), MLIR's default
  let usePropertiesForAttributes = 0;
  // ERROR: 11:7 'hasOperationAttrVerify = 1' is not supported: a verifier of the dialect's attributes on ops
  let hasOperationAttrVerify = 1;
  // ERROR: 13:7 'discardableAttrs' is not supported: discardable attributes declared by the dialect
  let discardableAttrs = (ins StrAttr:$tag);
}

def U_Mode : I32EnumAttr<"Mode", "mode", [
  I32EnumAttrCase<"a", 0>,
  I32EnumAttrCase<"b", 1>
]>;

def U_StructType : TypeDef<U_Dialect, "Struct"> {
  let mnemonic = "struct";
  let parameters = (ins "tuple[Type, ...]":$elements);
  // ERROR: 25:7 assemblyFormat on TypeDef is not supported yet [hint: write the syntax by hand: set hasCustomAssemblyFormat and give the parser and printer]
  let assemblyFormat = "`<` $elements `>`";
}

def U_PairAttr : AttrDef<U_Dialect, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "int":$a, "int":$b);
  // ERROR: 32:7 assemblyFormat on AttrDef is not supported yet [hint: write the syntax by hand: set hasCustomAssemblyFormat and give the parser and printer]
  let assemblyFormat = "`<` $a `,` $b `>`";
}

def U_ModeAttr : EnumAttr<U_Dialect, U_Mode, "mode"> {
  // ERROR: 37:7 assemblyFormat on an enum attribute is not supported yet, except '`<` $value `>`' and '$value' [hint: write it as '`<` $value `>`', or leave it out]
  let assemblyFormat = "`(` $value `)`";
}

def U_TagAttr : AttrDef<U_Dialect, "Tag"> {
  let mnemonic = "tag";
  let parameters = (ins "str":$name);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    return cls.get(p.parse_string())
  }];
  let printer = [{
    return f'"{self.name}"'
  }];
  // ERROR: 51:7 'asmAlias' is only supported on an attribute that is its own type (one AttributeSelfTypeParameter)
  let asmAlias = "tag";
  // ERROR: 53:7 'genVerifyDecl = 1' is not supported: a hand-written verifier of the parameters
  let genVerifyDecl = 1;
}

def U_AOp : Op<U_Dialect, "a"> {
  let arguments = (ins I32:$x);
}
// ERROR: 60:1 'supplementalPatterns' is not supported: supplemental patterns of a DRR pattern
def U_P : Pattern<(U_AOp $x), [(U_AOp $x)], [], [(U_AOp $x)]>;
