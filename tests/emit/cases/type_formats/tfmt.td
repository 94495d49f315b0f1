// Types and attributes with declarative assembly formats: every element of the
// format language and every kind of parameter a format reads. The generated
// `types.py`, `attrs.py` and LangRef page are compared with `golden/`, and
// `tfmt.yaml` spells the same dialect in YAML.
include "OpBase.td"

def Tfmt_Dialect : Dialect {
  let name = "tfmt";
  let summary = "Type and attribute formats";
}

class Tfmt_Type<string name, string typeMnemonic> : TypeDef<Tfmt_Dialect, name> {
  let mnemonic = typeMnemonic;
}
class Tfmt_Attr<string name, string attrMnemonic> : AttrDef<Tfmt_Dialect, name> {
  let mnemonic = attrMnemonic;
}

// A struct of types, as the Toy tutorial's `!toy.struct<f64, tensor<*xf64>>`.
def Tfmt_StructType : Tfmt_Type<"Struct", "struct"> {
  let summary = "a struct of types";
  let parameters = (ins ArrayRefParameter<"Type", "the element types">:$elementTypes);
  let assemblyFormat = "`<` $elementTypes `>`";
  let builders = [
    TypeBuilder<(ins "Type":$only), [{
      return cls.get((only,))
    }]>
  ];
}

// A string and a verifier.
def Tfmt_OpaqueType : Tfmt_Type<"Opaque", "opaque"> {
  let summary = "a named opaque type";
  let parameters = (ins StringRefParameter<"the name">:$name);
  let assemblyFormat = "`<` $name `>`";
  let genVerifyDecl = 1;
  let verifier = [{
    if not name:
        return "expected a non-empty name"
    return None
  }];
}

// Integers of two widths, a keyword, and an optional group with a qualified type.
def Tfmt_ShapeType : Tfmt_Type<"Shape", "shape"> {
  let summary = "rows by columns";
  let parameters = (ins "int64_t":$rows, "uint8_t":$cols,
                        OptionalParameter<"::mlir::Type", "the element type">:$element);
  let assemblyFormat = "`<` $rows `by` $cols (`of` qualified($element)^)? `>`";
}

// A type of the dialect as a parameter (written without its prefix), `params`
// and a defaulted parameter.
def Tfmt_PairType : Tfmt_Type<"Pair", "pair"> {
  let summary = "a struct and a type";
  let parameters = (ins Tfmt_StructType:$first, "::mlir::Type":$second,
                        DefaultValuedParameter<"int64_t", "1">:$count);
  let assemblyFormat = "`<` params `>`";
}

// A `std::optional` integer anchoring a group, and the spacing literals.
def Tfmt_LimitType : Tfmt_Type<"Limit", "limit"> {
  let summary = "a range with an optional upper end";
  let parameters = (ins "uint32_t":$min, OptionalParameter<"std::optional<uint32_t>">:$max);
  let assemblyFormat = "`<` $min `` `:` ($max^)? `>`";
}

// A custom directive reading one parameter, given another with `ref` and a
// Python expression.
def Tfmt_TaggedType : Tfmt_Type<"Tagged", "tagged"> {
  let summary = "a type with a tag written by hand";
  let parameters = (ins "::mlir::Type":$type, "int64_t":$tag);
  let assemblyFormat = "`<` $type `,` custom<Tag>($tag, ref($type), \"7\") `>`";
  let extraClassDeclaration = [{
    @staticmethod
    def parse_tag(p: AsmParser, type_: Type, base: int) -> tuple[int]:
        p.expect_keyword("tag")
        return (p.parse_integer() + base,)

    @staticmethod
    def print_tag(p: AsmPrinter, tag: int, type_: Type, base: int) -> str:
        return f"tag {tag - base}"
  }];
}

// `struct(params)` of optional attributes, printed through an alias.
def Tfmt_LoopAttr : Tfmt_Attr<"Loop", "loop"> {
  let summary = "loop options";
  let parameters = (ins OptionalParameter<"BoolAttr">:$disable,
                        OptionalParameter<"IntegerAttr">:$count,
                        OptionalParameter<"StringAttr">:$name);
  let assemblyFormat = "`<` struct(params) `>`";
  let genMnemonicAlias = 1;
}

// An optional group holding a struct: `#tfmt.root` or `#tfmt.root<id = "x">`.
def Tfmt_RootAttr : Tfmt_Attr<"Root", "root"> {
  let summary = "a root, maybe named";
  let parameters = (ins OptionalParameter<"StringAttr">:$id);
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
}

// A struct with a required and an optional key, then an attribute of the dialect
// (written without its prefix), and a custom builder.
def Tfmt_RangeAttr : Tfmt_Attr<"Range", "range"> {
  let summary = "a range with loop options";
  let parameters = (ins "int32_t":$low, OptionalParameter<"int32_t">:$high,
                        Tfmt_LoopAttr:$loop);
  let assemblyFormat = "`<` struct($low, $high) `loop` $loop `>`";
  let builders = [
    AttrBuilder<(ins "int":$low), [{
      return cls.get(low, 0, LoopAttr.get())
    }]>
  ];
}

// An inverted optional group: `[]` when empty, as MLIR's `ArrayOfAttr`.
def Tfmt_ListAttr : Tfmt_Attr<"List", "list"> {
  let summary = "a list of integers";
  let parameters = (ins OptionalArrayRefParameter<"int64_t">:$value);
  let assemblyFormat = "`<` `[` (`]`) : ($value^ `]`)? `>`";
}

// Types of the dialect in an op's operands and results.
def Tfmt_PackOp : Op<Tfmt_Dialect, "pack", [Pure]> {
  let summary = "pack values into a struct";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Tfmt_StructType:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` qualified(type($result))";
}

def Tfmt_UnpackOp : Op<Tfmt_Dialect, "unpack", [Pure]> {
  let summary = "the values of a struct";
  let arguments = (ins Tfmt_StructType:$input);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($outputs)";
}

// A constraint the dialect defines with a predicate (MLIR's `DialectType`).
def Tfmt_NarrowInt : DialectType<Tfmt_Dialect,
    CPred<"isinstance($_self, IntegerType) and $_self.width < 16">, "a narrow integer">;

def Tfmt_WidenOp : Op<Tfmt_Dialect, "widen", [Pure]> {
  let summary = "widen a narrow integer";
  let arguments = (ins Tfmt_NarrowInt:$input);
  let results = (outs I64:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}
