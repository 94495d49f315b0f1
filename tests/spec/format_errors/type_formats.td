// Type and attribute formats mlir-tblgen rejects, and the type and attribute
// definitions it refuses; and parameters odsgen cannot read declaratively.
include "OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
}

class T_Type<string name, string typeMnemonic> : TypeDef<T_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def T_UnknownType : T_Type<"Unknown", "unknown"> {
  let parameters = (ins "int64_t":$width);
  // ERROR: 17:25 format is missing reference to parameter: width [hint: add '$width' (or `params`) to the format]
  // ERROR: 17:29 T_UnknownType has no parameter named 'widht' [hint: did you mean '$width'?]
  let assemblyFormat = "`<` $widht `>`";
}

def T_MissingType : T_Type<"Missing", "missing"> {
  let parameters = (ins "int64_t":$rows, "int64_t":$cols);
  // ERROR: 23:25 format is missing reference to parameter: cols [hint: add '$cols' (or `params`) to the format]
  let assemblyFormat = "`<` $rows `>`";
}

def T_TwiceType : T_Type<"Twice", "twice"> {
  let parameters = (ins "int64_t":$n);
  // ERROR: 29:36 duplicate parameter 'n' [hint: each parameter is read once; pass it again to a custom directive with ref(...)]
  let assemblyFormat = "`<` $n `x` $n `>`";
}

def T_GroupType : T_Type<"Group", "group"> {
  let parameters = (ins "int64_t":$n, "int64_t":$m);
  // ERROR: 35:32 parameters in an optional group must be optional [hint: give the parameter a default (OptionalParameter<...> or DefaultValuedParameter<...>), or move it out of the optional group]
  let assemblyFormat = "`<` $n (`,` $m^)? `>`";
}

def T_AnchorType : T_Type<"Anchor", "anchor"> {
  let parameters = (ins "int64_t":$n, OptionalParameter<"int64_t">:$m);
  // ERROR: 41:32 optional group has no anchor element [hint: mark the parameter whose presence decides the group with '^', e.g. ($x^)?]
  let assemblyFormat = "`<` $n (`,` $m)? `>`";
}

def T_CommaType : T_Type<"Comma", "comma"> {
  let parameters = (ins "int64_t":$n, OptionalParameter<"int64_t">:$m);
  // ERROR: 47:25 `struct` directive with optional parameters cannot be followed by a comma literal [hint: a comma after the struct could not be told from one between its entries]
  let assemblyFormat = "`<` struct(params) `,` `>`";
}

def T_ParamsType : T_Type<"Params", "params"> {
  let parameters = (ins "int64_t":$n, "int64_t":$m);
  // ERROR: 54:25 format is missing reference to parameter: m [hint: add '$m' (or `params`) to the format]
  // ERROR: 54:32 `params` captures duplicate parameter: n [hint: `params` stands for every parameter; list the others one by one instead]
  let assemblyFormat = "`<` $n params `>`";
}

def T_DirectiveType : T_Type<"Directive", "directive"> {
  let parameters = (ins "int64_t":$n);
  // ERROR: 60:32 unsupported directive kind [hint: 'attr-dict' is a directive of op formats; a type or attribute format has `params`, `struct`, `qualified`, `ref` and `custom`]
  let assemblyFormat = "`<` $n attr-dict `>`";
}

def T_RefType : T_Type<"Ref", "ref"> {
  let parameters = (ins "int64_t":$n);
  // ERROR: 66:32 'ref' is only valid within a `custom` directive [hint: ref($param) passes a parameter read earlier to a custom directive]
  let assemblyFormat = "`<` $n ref($n) `>`";
}

def T_BoolType : T_Type<"Bool", "bool"> {
  let parameters = (ins "bool":$flag, "double":$scale);
  // ERROR: 73:29 parameter 'flag' of type 'bool' has no default parser: MLIR's generated C++ would not compile [hint: pass it to a custom<...> directive, or give the type or attribute hand-written syntax (hasCustomAssemblyFormat)]
  // ERROR: 73:39 parameter 'scale' of type 'double' has no default parser: MLIR's generated C++ would not compile [hint: pass it to a custom<...> directive, or give the type or attribute hand-written syntax (hasCustomAssemblyFormat)]
  let assemblyFormat = "`<` $flag `,` $scale `>`";
}

def T_CustomGroupType : T_Type<"CustomGroup", "custom_group"> {
  let parameters = (ins OptionalParameter<"int64_t">:$n);
  // ERROR: 79:29 a `custom` directive cannot start an optional group of a type or attribute format in odsgen [hint: start the group with a literal or the anchor parameter]
  let assemblyFormat = "`<` (custom<N>($n)^)? `>`";
}

// ERROR: 83:1 type 'T_NoSyntaxType' has parameters, so it needs a syntax: an assembly format, or a hand-written parser and printer [hint: give an assemblyFormat, or set hasCustomAssemblyFormat = 1 and give the body of `def parse(cls, p: AsmParser) -> Type` as `let parser = [{ ... }]` and the body of `def print_params(self) -> str` as `let printer = [{ ... }]`]
def T_NoSyntaxType : T_Type<"NoSyntax", "no_syntax"> {
  let parameters = (ins "int64_t":$a, "int64_t":$b);
}

// ERROR: 88:1 'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set
def T_NoMnemonicType : TypeDef<T_Dialect, "NoMnemonic"> {
  let parameters = (ins "int64_t":$a);
  let assemblyFormat = "`<` $a `>`";
}

// ERROR: 97:7 cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat' [hint: keep the declarative format, or the parser and printer]
def T_BothAttr : AttrDef<T_Dialect, "Both"> {
  let mnemonic = "both";
  let parameters = (ins "int64_t":$a);
  let assemblyFormat = "`<` $a `>`";
  let hasCustomAssemblyFormat = 1;
  let parser = [{ return cls.get(p.parse_integer()) }];
  let printer = [{ return str(self.a) }];
}

def T_DefaultAttr : AttrDef<T_Dialect, "Default"> {
  let mnemonic = "default";
  // ERROR: 103:1 default value is C++, write the default value in Python: '::' is C++ (scope resolution)
  let parameters = (ins DefaultValuedParameter<"int64_t", "::llvm::StringRef(\"x\")">:$a);
  let assemblyFormat = "(`<` $a^ `>`)?";
}
