// A dialect in the style of MLIR's Toy tutorial, written for mlir-tblgen (our own
// fixture, not a copy of the tutorial): a type, C++ builders, verifiers, a folder,
// a custom syntax and DRR patterns. `tests/spec/test_toy_import.py` imports it.
include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let summary = "a high-level dialect for analyzing and optimizing the Toy language";
  let cppNamespace = "::mlir::toy";
  let useDefaultTypePrinterParser = 1;
}

class Toy_Op<string mnemonic, list<Trait> traits = []> :
    Op<Toy_Dialect, mnemonic, traits>;

def Toy_TokenType : TypeDef<Toy_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "an ordering token of prints";
}

def ConstantOp : Toy_Op<"constant", [Pure]> {
  let summary = "constant";
  let arguments = (ins F64ElementsAttr:$value);
  let results = (outs F64Tensor);
  let assemblyFormat = "$value attr-dict `:` type(results)";
  let builders = [
    OpBuilder<(ins "DenseElementsAttr":$value), [{
      build($_builder, $_state, value.getType(), value);
    }]>,
    OpBuilder<(ins "double":$value)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def AddOp : Toy_Op<"add", [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise addition operation";
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let builders = [OpBuilder<(ins "Value":$lhs, "Value":$rhs)>];
}

def TransposeOp : Toy_Op<"transpose", [Pure]> {
  let summary = "transpose operation";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor);
  let assemblyFormat = "`(` $input `:` type($input) `)` attr-dict `to` type(results)";
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def ReshapeOp : Toy_Op<"reshape", [Pure]> {
  let summary = "tensor reshape operation";
  let arguments = (ins F64Tensor:$input);
  let results = (outs StaticShapeTensorOf<[F64]>);
  let assemblyFormat = "`(` $input `:` type($input) `)` attr-dict `to` type(results)";
  let hasCanonicalizer = 1;
}

def PrintOp : Toy_Op<"print"> {
  let summary = "print operation";
  let arguments = (ins F64Tensor:$input, Optional<Toy_TokenType>:$after);
  let results = (outs Toy_TokenType:$token);
  let assemblyFormat = "$input (`after` $after^)? attr-dict `:` type($input)";
}

def FuncOp : Toy_Op<"func", [FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "user defined function operation";
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "StringRef":$name, "FunctionType":$type)>];
}

def ReturnOp : Toy_Op<"return", [Pure, HasParent<"FuncOp">, Terminator]> {
  let summary = "return operation";
  let arguments = (ins Variadic<F64Tensor>:$input);
  let assemblyFormat = "($input^ `:` type($input))? attr-dict";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let hasVerifier = 1;
}

// transpose(transpose(x)) -> x
def TransposeTransposeOptPattern : Pat<(TransposeOp (TransposeOp $arg)), (replaceWithValue $arg)>;

// reshape(reshape(x)) -> reshape(x)
def ReshapeReshapeOptPattern : Pat<(ReshapeOp (ReshapeOp $arg)), (ReshapeOp $arg)>;

// reshape(x) -> x, when the types already match
def TypesAreIdentical : Constraint<CPred<"$0.getType() == $1.getType()">>;
def RedundantReshapeOptPattern : Pat<
  (ReshapeOp:$res $arg), (replaceWithValue $arg),
  [(TypesAreIdentical $res, $arg)]>;
