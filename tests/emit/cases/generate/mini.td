include "OpBase.td"

def Mini_Dialect : Dialect {
  let name = "mini";
  let summary = "A small test dialect";
}
def Mini_CmpPredicate : I64EnumAttr<"CmpPredicate", "allowed 64-bit signless integer cases: 0, 1", [
  I64EnumAttrCase<"eq", 0>,
  I64EnumAttrCase<"ne", 1>
]>;
class Mini_Op<string mnemonic, list<Trait> traits = []> : Op<Mini_Dialect, mnemonic, traits>;

def Mini_AddOp : Mini_Op<"add", [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "integer addition";
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs,
                       DefaultValuedAttr<I64Attr, "0">:$overflow);
  let results = (outs SignlessIntegerLike:$result);
}
def Mini_CmpOp : Mini_Op<"cmp", [Pure, SameTypeOperands]> {
  let arguments = (ins Mini_CmpPredicate:$predicate, SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs);
  let results = (outs BoolLike:$result);
}
def Mini_ConstantOp : Mini_Op<"constant", [Pure, ConstantLike, AllTypesMatch<["value", "result"]>]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$result);
}
def Mini_CondBrOp : Mini_Op<"cond_br", [AttrSizedOperandSegments, Terminator]> {
  let arguments = (ins I1:$condition, Variadic<AnyType>:$trueDestOperands, Variadic<AnyType>:$falseDestOperands);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
}
def Mini_CallOp : Mini_Op<"call"> {
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands, OptionalAttr<UnitAttr>:$no_inline);
  let results = (outs Variadic<AnyType>:$results);
}

def Mini_Flags : I32BitEnumAttr<"Flags", "mini flags", [
  I32BitEnumAttrCaseNone<"none">,
  I32BitEnumAttrCaseBit<"fast", 0>,
  I32BitEnumAttrCaseBit<"safe", 1>,
  I32BitEnumAttrCaseGroup<"all", [I32BitEnumAttrCaseBit<"fast", 0>, I32BitEnumAttrCaseBit<"safe", 1>]>
]> {
  let separator = ", ";
  let printBitEnumPrimaryGroups = 1;
}
def Mini_FlagsAttr : EnumAttr<Mini_Dialect, Mini_Flags, "flags">;

def Mini_ScaleOp : Mini_Op<"scale", [Pure, SameOperandsAndResultType]> {
  let summary = "scale by a constant";
  let arguments = (ins AnyFloat:$input, F32Attr:$factor,
                       DefaultValuedAttr<Mini_FlagsAttr, "none">:$flags);
  let results = (outs AnyFloat:$output);
  DerivedAttr width = DerivedAttr<I64Attr, [{self.input.type}]>;
  let builders = [
    OpBuilder<(ins "Value":$input), [{
      return cls(input, factor=FloatAttr.get(FloatType.get("f32"), 0x3F800000))
    }]>
  ];
}

def Mini_RegionOp : Mini_Op<"region", [NoTerminator, SingleBlock]> {
  let summary = "an op with a one-block body";
  let regions = (region SizedRegion<1>:$body);
}
