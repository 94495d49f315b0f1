// The tfl dialect: TensorFlow Lite ops, the target of the TensorFlow
// legalization. The binary ops carry TFLite's fused activation function.
// The tf-to-tfl legalization patterns are in `legalize_tf.td`.

include "OpBase.td"

def TFL_Dialect : Dialect {
  let name = "tfl";
  let summary = "TensorFlow Lite operations";
  let description = [{
    The operations of TensorFlow Lite flatbuffers. Arithmetic ops fuse an
    activation function into their result (`fused_activation_function`), as
    TFLite kernels do.
  }];
}

class TFL_Op<string mnemonic, list<Trait> traits = []> : Op<TFL_Dialect, mnemonic, traits>;

def TFL_AFAttr : StrEnumAttr<"ActivationFunctionType", "fused activation enum", [
  StrEnumAttrCase<"NONE">,
  StrEnumAttrCase<"RELU">,
  StrEnumAttrCase<"RELU_N1_TO_1">,
  StrEnumAttrCase<"RELU6">,
  StrEnumAttrCase<"TANH">,
  StrEnumAttrCase<"SIGN_BIT">
]> {
  let description = [{
    The activation TFLite applies to an op's result: none, `max(x, 0)`,
    a clamp to [-1, 1] or [0, 6], `tanh`, or the sign bit.
  }];
}

def TFL_AF_None : ConstantAttr<TFL_AFAttr, "NONE">;
def TFL_AF_Relu : ConstantAttr<TFL_AFAttr, "RELU">;
def TFL_AF_Relu6 : ConstantAttr<TFL_AFAttr, "RELU6">;

// `tfl.add %a, %b {fused_activation_function = "NONE"} : T` when the operands
// and the result have one type; the generic form otherwise, as TFLite prints.
// The result is `tensor_semantics.binary(fn, ...)` with the fused activation applied.
class TFL_BinaryOp<string mnemonic, string summary_, list<Trait> traits = [], string fn = "">
    : TFL_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = summary_;
  let reference = "return tensor_semantics.activation(tensor_semantics.binary('" # fn #
      "', lhs, rhs, self.output.type), fused_activation_function.value, self.output.type)";
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs, TFL_AFAttr:$fused_activation_function);
  let results = (outs AnyTensor:$output);
  let hasCustomAssemblyFormat = 1;
  let parser = [{
    lhs = p.parse_operand()
    p.expect(",", "expected ','")
    rhs = p.parse_operand()
    attr_pos = p.current_pos()
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':'")
    type_ = p.parse_type()
    operands = [p.resolve_operand(lhs, type_), p.resolve_operand(rhs, type_)]
    return p.create_op(cls, name_pos, operands, [type_], attributes=attrs, attr_dict_pos=attr_pos)
  }];
  let printer = [{
    type_ = self.output.type
    if self.lhs.type is not type_ or self.rhs.type is not type_:
        return False
    p.write(" " + p.operand(self.lhs) + ", " + p.operand(self.rhs))
    p.write(p.attr_dict(self) + " : " + p.type_text(type_))
    return None
  }];
}

def TFL_AddOp : TFL_BinaryOp<"add", "Addition operator", [Commutative], "add"> {
  let description = [{
    Element-wise `lhs + rhs` with broadcasting; operands of different shapes
    must broadcast within rank 4, the most TFLite's kernels handle.
  }];
  let verifier = [{
    lhs, rhs = self.lhs.type, self.rhs.type
    if not (isinstance(lhs, RankedTensorType) and isinstance(rhs, RankedTensorType)):
        return None
    if lhs.shape == rhs.shape:
        return None
    if max(len(lhs.shape), len(rhs.shape)) <= 4 and broadcast_shapes(lhs.shape, rhs.shape) is not None:
        return None
    return ("failed to verify that operand #0 and operand #1 have the same shape or "
            "broadcastable shapes within the rank 4")
  }];
}
def TFL_SubOp : TFL_BinaryOp<"sub", "Subtraction operator", [], "sub">;
def TFL_MulOp : TFL_BinaryOp<"mul", "Multiplication operator", [Commutative], "mul">;

def TFL_ReluOp : TFL_Op<"relu", [Pure, SameOperandsAndResultType]> {
  let summary = "Relu operator";
  let description = [{ Element-wise `max(x, 0)`. }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let reference = [{ return tensor_semantics.relu(x, self.y.type) }];
}

def TFL_Relu6Op : TFL_Op<"relu6", [Pure, SameOperandsAndResultType]> {
  let summary = "Relu6 operator";
  let description = [{ Element-wise `min(max(x, 0), 6)`. }];
  let arguments = (ins AnyTensor:$x);
  let results = (outs AnyTensor:$y);
  let reference = [{ return tensor_semantics.relu6(x, self.y.type) }];
}

def TFL_LeakyReluOp : TFL_Op<"leaky_relu", [Pure, SameOperandsAndResultType]> {
  let summary = "Leaky Relu operator";
  let description = [{ Element-wise `x` where `x >= 0`, `alpha * x` elsewhere. }];
  let arguments = (ins AnyTensor:$input, F32Attr:$alpha);
  let results = (outs AnyTensor:$output);
  let reference = [{
    return tensor_semantics.leaky_relu(input, alpha, self.output.type, at_zero=True)
  }];
}

def TFL_NotEqualOp : TFL_Op<"not_equal", [Pure, Commutative]> {
  let summary = "Not-equal operator";
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs TensorOf<[I1]>:$output);
  let reference = [{ return tensor_semantics.compare('not_equal', lhs, rhs, self.output.type) }];
}

def TFL_ConstOp : TFL_Op<"pseudo_const", [ConstantLike, Pure]> {
  let summary = "Constant pseudo op.";
  let description = [{
    A constant tensor. It is not an op of TFLite flatbuffers: the exporter turns
    it into a buffer.
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyTensor:$output);
  let hasFolder = 1;
  let fold = [{
    return self.value_attr
  }];
  // The value gives the result type (TFLite's FirstAttrDerivedResultType): a builder
  // that omits it infers it from here.
  let reference = [{ return tensor_semantics.constant(value, attr_type(value)) }];
}
