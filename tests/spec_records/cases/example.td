// A small dialect exercising most of the TableGen spelling; the same dialect
// as tests/spec/cases/example.yaml.

include "OpBase.td"

def Demo_Dialect : Dialect {
  let name = "demo";
  let pythonPackage = "demo_dialect";
  let summary = "A demonstration dialect";
  let description = [{
    Ops with variadic operands, optional and default-valued attributes, regions,
    successors, an enum, a dialect type and a dialect attribute.
  }];
  let extraClassDeclaration = [{
    def i1_like(t: Type) -> Type:
        """The type `i1`, what a comparison of `t` values gives."""
        return IntegerType.get(1)
  }];
}

def Demo_CmpPredicate : I64EnumAttr<"CmpPredicate", "comparison predicate", [
  I64EnumAttrCase<"EQ", 0, "eq">,
  I64EnumAttrCase<"NE", 1, "ne">,
  I64EnumAttrCase<"LT", 2, "lt">
]>;
def Demo_Rounding : StrEnumAttr<"Rounding", "rounding mode", [
  StrEnumAttrCase<"nearest">,
  StrEnumAttrCase<"toward_zero">
]>;

def Demo_TokenType : TypeDef<Demo_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "a control token";
}
def Demo_BufferType : TypeDef<Demo_Dialect, "Buffer"> {
  let mnemonic = "buffer";
  let summary = "a buffer of elements";
  let parameters = (ins TypeParameter<"Type", "the element type">:$element_type,
                        "int":$size);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    element_type = p.parse_type()
    p.expect(",", "expected ','")
    size = p.parse_integer()
    p.expect(">", "expected '>'")
    return cls.get(element_type, size)
  }];
  let printer = [{
    return f"<{self.element_type}, {self.size}>"
  }];
}

def Demo_RangeAttr : AttrDef<Demo_Dialect, "Range"> {
  let mnemonic = "range";
  let summary = "an integer range";
  let parameters = (ins "int":$lower, DefaultValuedParameter<"int", "0">:$upper);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<", "expected '<'")
    lower = p.parse_integer()
    p.expect(",", "expected ','")
    upper = p.parse_integer()
    p.expect(">", "expected '>'")
    return cls.get(lower, upper)
  }];
  let printer = [{
    return f"<{self.lower}, {self.upper}>"
  }];
}

class Demo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Demo_Dialect, mnemonic, traits>;

def Demo_AddOp : Demo_Op<"add", [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "integer addition";
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs,
                       DefaultValuedAttr<I64Attr, "0">:$overflow);
  let results = (outs SignlessIntegerLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
  let fold = [{
    if self.rhs_is_zero():
        return self.lhs
  }];
}

def Demo_ConcatOp : Demo_Op<"concat", [
    AttrSizedOperandSegments,
    AllTypesMatch<["init", "result"]>]> {
  let summary = "concatenate tensors";
  let arguments = (ins Variadic<TensorOf<[F32, I32]>>:$inputs,
                       Optional<AnyRankedTensor>:$init,
                       Variadic<AnyType>:$extras,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$axis,
                       OptionalAttr<StrAttr>:$tag,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       DefaultValuedAttr<I32Attr, "0">:$padding);
  DerivedAttr element_count = DerivedAttr<I64Attr, [{len(self.inputs)}]>;
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let verifier = [{
    if not self.inputs:
        raise self.error("needs at least one input")
  }];
}

def Demo_CmpOp : Demo_Op<"cmp", [
    Pure,
    TypesMatchWith<"result is i1 of lhs", "lhs", "result", "i1_like($_self)">]> {
  let summary = "compare two values";
  let arguments = (ins AnyTypeOf<[I32, F32, Index]>:$lhs,
                       AnyTypeOf<[I32, F32, Index]>:$rhs,
                       Demo_CmpPredicate:$predicate,
                       OptionalAttr<Demo_Rounding>:$rounding);
  let results = (outs I1:$result);
}

def Demo_LoopOp : Demo_Op<"loop", [
    SingleBlockImplicitTerminator<"Demo_YieldOp">, IsolatedFromAbove]> {
  let summary = "a loop with a body and variadic iteration arguments";
  let arguments = (ins Index:$bound, Variadic<AnyType>:$iter_args,
                       UnitAttr:$unroll);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let builders = [
    OpBuilder<(ins "Value":$bound, CArg<"bool", "False">:$unroll), [{
      self.build_default(bound, [], unroll=unroll)
    }]>
  ];
}

def Demo_SwitchOp : Demo_Op<"switch", [Terminator, HasParent<"Demo_LoopOp">]> {
  let summary = "branch to one of several blocks";
  let arguments = (ins Demo_TokenType:$flag);
  let successors = (successor AnySuccessor:$default_dest,
                              VariadicSuccessor<AnySuccessor>:$cases);
  let regions = (region VariadicRegion<AnyRegion>:$arms);
}

def Demo_YieldOp : Demo_Op<"yield", [Pure, Terminator, ReturnLike]> {
  let summary = "loop terminator";
  let arguments = (ins Variadic<AnyType>:$values);
}

// An op of another dialect, referenced by the pattern only.
def Demo_ConstantOp;

def AddZero : Pat<
  (Demo_AddOp $x, (Demo_ConstantOp ConstantAttr<I64Attr, "0">), $ovf),
  (replaceWithValue $x), [], [], (addBenefit 2)>;
