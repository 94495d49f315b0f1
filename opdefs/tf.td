// The tf dialect: TensorFlow ops as the TensorFlow graph importer produces
// them. Every op prints in the generic form, as upstream's do; the derived
// attributes (`T`) are computed from operand types and never stored.

include "OpBase.td"

def TF_Dialect : Dialect {
  let name = "tf";
  let summary = "TensorFlow operations";
  // TensorFlow has thousands of op kinds; those without a def here stay valid.
  let allowUnknownOperations = 1;
  let description = [{
    The operations of TensorFlow graphs, one MLIR op per TensorFlow op kind,
    with TensorFlow's operand, attribute and result names. Tensors carry their
    element type, so the type attributes TensorFlow keeps on every node (`T`)
    are derived from the operand types rather than stored.
  }];
}

class TF_Op<string mnemonic, list<Trait> traits = []> : Op<TF_Dialect, mnemonic, traits>;

def TF_NumberTensor : TensorOf<[BF16, F16, F32, F64, I8, I16, I32, I64]>;
def TF_FpTensor : TensorOf<[BF16, F16, F32, F64]>;
def TF_AnyTensor : TensorOf<[BF16, F16, F32, F64, I1, I8, I16, I32, I64]>;
def TF_I1Tensor : TensorOf<[I1]>;

// The element type of the first operand, as TensorFlow's `T` attribute.
class TF_DerivedOperandTypeAttr<string operand>
    : DerivedAttr<TypeAttr, "TypeAttr.get(element_type_or_self(self." # operand # ".type))">;

class TF_BinaryOp<string mnemonic, string summary_, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = summary_;
  let arguments = (ins TF_NumberTensor:$x, TF_NumberTensor:$y);
  let results = (outs TF_NumberTensor:$z);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"x">;
}

def TF_AddOp : TF_BinaryOp<"Add", "Returns x + y element-wise."> {
  let description = [{
    Adds two tensors element by element, broadcasting them to a common shape.
  }];
}

def TF_AddV2Op : TF_BinaryOp<"AddV2", "Returns x + y element-wise.", [Commutative]> {
  let description = [{
    Adds two tensors element by element with broadcasting; unlike `tf.Add` it
    does not accept strings.
  }];
}

def TF_SubOp : TF_BinaryOp<"Sub", "Returns x - y element-wise.">;

def TF_MulOp : TF_BinaryOp<"Mul", "Returns x * y element-wise.", [Commutative]>;

def TF_ReluOp : TF_Op<"Relu", [Pure, SameOperandsAndResultType]> {
  let summary = "Computes rectified linear: `max(features, 0)`.";
  let arguments = (ins TF_NumberTensor:$features);
  let results = (outs TF_NumberTensor:$activations);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"features">;
}

def TF_Relu6Op : TF_Op<"Relu6", [Pure, SameOperandsAndResultType]> {
  let summary = "Computes rectified linear 6: `min(max(features, 0), 6)`.";
  let arguments = (ins TF_NumberTensor:$features);
  let results = (outs TF_NumberTensor:$activations);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"features">;
}

def TF_LeakyReluOp : TF_Op<"LeakyRelu", [Pure, SameOperandsAndResultType]> {
  let summary = "Computes rectified linear with a slope `alpha` below zero.";
  let arguments = (ins TF_FpTensor:$features, DefaultValuedAttr<F32Attr, "0.2">:$alpha);
  let results = (outs TF_FpTensor:$activations);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"features">;
}

def TF_BiasAddOp : TF_Op<"BiasAdd", [Pure]> {
  let summary = "Adds `bias` to `value`.";
  let description = [{
    Adds the 1-D `bias` to the last dimension of `value` (the channel
    dimension of the `NHWC` data format, or the one after the batch in `NCHW`).
  }];
  let arguments = (ins
    TF_NumberTensor:$value,
    TF_NumberTensor:$bias,
    DefaultValuedAttr<StrAttr, "NHWC">:$data_format
  );
  let results = (outs TF_NumberTensor:$output);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"value">;
}

def TF_NotEqualOp : TF_Op<"NotEqual", [Pure, Commutative]> {
  let summary = "Returns the truth value of (x != y) element-wise.";
  let arguments = (ins
    TF_AnyTensor:$x,
    TF_AnyTensor:$y,
    DefaultValuedAttr<BoolAttr, "true">:$incompatible_shape_error
  );
  let results = (outs TF_I1Tensor:$z);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"x">;
}

def TF_ConstOp : TF_Op<"Const", [ConstantLike, Pure]> {
  let summary = "Constant tensor op";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs TF_AnyTensor:$output);
  let hasFolder = 1;
  let fold = [{
    return self.value_attr
  }];
}
