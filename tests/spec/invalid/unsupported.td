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

def U_KindType : TypeDef<U_Dialect, "Kind"> {
  let mnemonic = "kind";
  let parameters = (ins EnumParameter<U_Mode>:$mode);
  // ERROR: 25:29 parameter 'mode' of enum type 'Mode' cannot be read by a declarative format in odsgen yet [hint: pass it to a custom<...> directive, or give the type or attribute hand-written syntax (hasCustomAssemblyFormat)]
  let assemblyFormat = "`<` $mode `>`";
}

def U_PairAttr : AttrDef<U_Dialect, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "int64_t":$a, OptionalParameter<"int64_t">:$b);
  // ERROR: 32:32 a `custom` directive cannot start an optional group of a type or attribute format in odsgen [hint: start the group with a literal or the anchor parameter]
  let assemblyFormat = "`<` $a (custom<B>($b)^)? `>`";
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
}

def U_UnitAttr : AttrDef<U_Dialect, "Unit"> {
  let mnemonic = "unit";
  // ERROR: 55:7 'asmAlias' is only supported on an attribute with parameters, or that is its own type (one AttributeSelfTypeParameter)
  let asmAlias = "unit";
}

def U_AOp : Op<U_Dialect, "a"> {
  let arguments = (ins I32:$x);
}
// ERROR: 62:1 'supplementalPatterns' is not supported: supplemental patterns of a DRR pattern
def U_P : Pattern<(U_AOp $x), [(U_AOp $x)], [], [(U_AOp $x)]>;

// A typed attribute with other parameters: MLIR's declarative parser would take
// the type from after the attribute; odsgen asks for the hand-written syntax.
// ERROR: 67:1 an attribute with a self type parameter and other parameters is supported by odsgen only with a hand-written parser and printer [hint: set 'hasCustomAssemblyFormat' and give the parser and printer]
def U_TypedAttr : AttrDef<U_Dialect, "Typed"> {
  let mnemonic = "typed";
  let parameters = (ins "int64_t":$n, AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "`<` $n `>`";
}
