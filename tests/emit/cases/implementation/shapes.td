// A dialect whose hand-written code lives in an implementation module,
// shapesproj/shapes_impl.py: every kind of hook the module can implement.
include "OpBase.td"

def Shp_Dialect : Dialect {
  let name = "shp";
  let summary = "Shapes, with their hand-written code in a Python module";
  let implementationModule = "shapesproj.shapes_impl";
  let hasConstantMaterializer = 1;
}

def RankedInterface : OpInterface<"Ranked"> {
  let methods = [
    InterfaceMethod<"The rank of the op's result.", "int", "resultRank">,
    StaticInterfaceMethod<"Whether the op keeps the element type.", "bool",
                          "keepsElementType">
  ];
}

class Shp_Op<string mnemonic, list<Trait> traits = []>
    : Op<Shp_Dialect, mnemonic, traits>;

def Shp_ConstantOp : Shp_Op<"constant", [ConstantLike, Pure]> {
  let arguments = (ins I64Attr:$value);
  let results = (outs I64:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let reference = [{ return semantics.constant(self.get_attr("value"), self.result.type) }];
}

def Shp_AddOp : Shp_Op<"add", [Pure, Commutative]> {
  let arguments = (ins I64:$lhs, I64:$rhs);
  let results = (outs I64:$result);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

def Shp_TransposeOp : Shp_Op<"transpose", [Pure,
    DeclareOpInterfaceMethods<RankedInterface>]> {
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let builders = [OpBuilder<(ins "Value":$input)>];
  let extraClassDeclaration = [{
    def permutation(self, reverse: bool = True) -> tuple[int, ...]:
        """The permutation of the input's dimensions."""
        ...
  }];
}

def Shp_DimsOp : Shp_Op<"dims", [Pure]> {
  let arguments = (ins DenseI64ArrayAttr:$dims);
  let results = (outs Index:$result);
  let assemblyFormat = "custom<DimList>($dims) attr-dict";
}

def Shp_PairType : TypeDef<Shp_Dialect, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "Type":$first, "Type":$second);
  let hasCustomAssemblyFormat = 1;
}

def Shp_SwapOp : Shp_Op<"swap", [Pure]> {
  let arguments = (ins Shp_PairType:$input);
  let results = (outs Shp_PairType:$output);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($output))";
}

def IsZero : Constraint<CPred<"shapes_impl.is_zero($0)">>;

let patternSet = "canonicalize" in {
  def AddZero : Pat<(Shp_AddOp $x, $zero), (replaceWithValue $x), [(IsZero $zero)]>;
}
