// Interfaces: an op interface from an included file with a method each op
// defines, one deriving from it with a default, a fixed body, a static method and
// a verifier; a type and an attribute interface; InferTypeOpInterface.

include "OpBase.td"
include "shape_inference.td"

def Shapes_Dialect : Dialect {
  let name = "shapes";
  let summary = "Ops on shaped values, for interfaces";
}

def Shapes_RankedOpInterface : OpInterface<"Ranked", [ShapeInferenceOpInterface]> {
  let description = [{
    An op whose first result has a rank.
  }];
  let methods = [
    InterfaceMethod<"The rank of the first result, -1 when it is unranked.",
      "int", "resultRank", (ins), [{}], [{
        result = $_op.results[0].type
        return result.rank if isinstance(result, RankedTensorType) else -1
      }]>,
    InterfaceMethod<"Whether the first result has rank `rank`.",
      "bool", "hasRank", (ins "int":$rank), [{
        return self.result_rank() == rank
      }]>,
    StaticInterfaceMethod<"A label for the op class.",
      "str", "label", (ins "str":$prefix, CArg<"str", "\"\"">:$suffix), [{}],
      [{ return prefix + (cls.OPERATION_NAME or "") + suffix }]>,
  ];
  let verify = [{
    if $_op.result_rank() > 2:
        return "has a result of rank greater than 2"
    return None
  }];
}

def Shapes_ElementCountTypeInterface : TypeInterface<"ElementCount"> {
  let methods = [
    InterfaceMethod<"The number of elements.", "int", "numElements">,
    InterfaceMethod<"Whether the type holds nothing.", "bool", "isEmpty", (ins), [{}],
      [{ return self.num_elements() == 0 }]>,
  ];
}

def Shapes_DescribedAttrInterface : AttrInterface<"Described"> {
  let methods = [
    InterfaceMethod<"A description of the attribute.", "str", "describe">,
  ];
}

def Shapes_BoxType : TypeDef<Shapes_Dialect, "Box", [Shapes_ElementCountTypeInterface]> {
  let mnemonic = "box";
  let summary = "a box of one element";
  let extraClassDeclaration = [{
    def num_elements(self) -> int:
        return 1
  }];
}

def Shapes_MeasureAttr : AttrDef<Shapes_Dialect, "Measure", [Shapes_DescribedAttrInterface]> {
  let mnemonic = "measure";
  let summary = "a unit of measure";
  let parameters = (ins "str":$unit);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    p.expect("<")
    unit = p.parse_string_literal()
    p.expect(">")
    return cls.get(unit)
  }];
  let printer = [{
    return f'<"{self.unit}">'
  }];
  let extraClassDeclaration = [{
    def describe(self) -> str:
        return f"measured in {self.unit}"
  }];
}

class Shapes_Op<string mnemonic, list<Trait> traits = []>
    : Op<Shapes_Dialect, mnemonic, traits>;

// Declares the interface's methods: it defines `infer_shapes`.
def Shapes_AddOp : Shapes_Op<"add", [Pure, SameOperandsAndResultType,
    DeclareOpInterfaceMethods<ShapeInferenceOpInterface>]> {
  let summary = "Element-wise addition";
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let extraClassDeclaration = [{
    def infer_shapes(self) -> None:
        self.result.type = self.lhs.type
  }];
}

// Infers its result type: the format leaves it out, builders need not give it,
// and the verifier checks it. Overrides the default `resultRank`.
def Shapes_TransposeOp : Shapes_Op<"transpose", [Pure, InferTypeOpInterface,
    DeclareOpInterfaceMethods<Shapes_RankedOpInterface, ["resultRank"]>]> {
  let summary = "Transposition";
  let arguments = (ins F64Tensor:$input, OptionalAttr<Shapes_DescribedAttrInterface>:$unit);
  let results = (outs F64Tensor:$output);
  let assemblyFormat = "`(` $input `:` type($input) `)` attr-dict";
  let extraClassDeclaration = [{
    def infer_shapes(self) -> None:
        self.output.type = self.infer_return_types(self.operands, {}, ())[0]

    def result_rank(self) -> int:
        output = self.output.type
        return output.rank if isinstance(output, RankedTensorType) else -1

    @classmethod
    def infer_return_types(
        cls,
        operands: Sequence[Value],
        attributes: Mapping[str, Attribute],
        regions: Sequence[Region],
    ) -> Sequence[Type]:
        source = operands[0].type
        if not isinstance(source, RankedTensorType):
            raise InferTypeError(f"cannot transpose '{source}'")
        return [RankedTensorType.get(tuple(reversed(source.shape)), source.element_type)]
  }];
}

// Takes any type of the type interface.
def Shapes_CountOp : Shapes_Op<"count", [Pure]> {
  let summary = "The number of elements of a value";
  let arguments = (ins Shapes_ElementCountTypeInterface:$value);
  let results = (outs Index:$count);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}
