// The tf dialect: TensorFlow ops as the TensorFlow graph importer produces
// them. Every op prints in the generic form, as upstream's do; the derived
// attributes (`T`) are computed from operand types and never stored.

include "OpBase.td"

def TF_Dialect : Dialect {
  let name = "tf";
  let summary = "TensorFlow operations";
  // TensorFlow has thousands of op kinds; those without a def here stay valid.
  let allowUnknownOperations = 1;
  // The function a `tf.If` branch names.
  let extraClassDeclaration = [{
    def lookup_function(op: Operation, symbol: SymbolRefAttr) -> Operation | None:
        """The `func.func` named `symbol` in the module around `op`, if any."""
        table = op.parent_op
        while table is not None and table.name != "builtin.module":
            table = table.parent_op
        if table is None or not table.regions or not table.regions[0].blocks:
            return None
        for candidate in table.regions[0].ops:
            name = get_property(candidate, "sym_name")
            if candidate.name == "func.func" and isinstance(name, StringAttr) and name.value == symbol.root:
                return candidate
        return None
  }];
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
// TensorFlow's own element types (`!tf_type.string`, `resource`, `variant`, the
// quantized and reference types), which the tf_type dialect defines.
def TF_TFTypeElement
    : Type<CPred<"getattr(type($_self), 'DIALECT', '') == 'tf_type'">, "TensorFlow type">;
def TF_AnyTensor : TensorOf<[BF16, F16, F32, F64, I1, I8, I16, I32, I64, TF_TFTypeElement]>;
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

def TF_I1ScalarTensor : TensorRankOf<[I1], [0]>;

def TF_IfOp : TF_Op<"If", []> {
  let summary = "output = cond ? then_branch(input) : else_branch(input)";
  let description = [{
    Calls `then_branch` when `cond` is true and `else_branch` otherwise, with
    `input` as the arguments; both branches are functions with the same
    signature, whose results are the op's. A non-scalar `cond` is true when it
    has elements (TensorFlow's rule for non-boolean conditions).
  }];
  let arguments = (ins
    TF_AnyTensor:$cond,
    Variadic<TF_AnyTensor>:$input,
    FlatSymbolRefAttr:$then_branch,
    FlatSymbolRefAttr:$else_branch,
    BoolAttr:$is_stateless
  );
  let results = (outs Variadic<TF_AnyTensor>:$output);
  DerivedAttr Tcond = DerivedAttr<TypeAttr, "TypeAttr.get(element_type_or_self(self.cond.type))">;
  // The branches' signatures are checked against the op (MLIR's verifySymbolUses).
  let verifier = [{
    for branch in ("then_branch", "else_branch"):
        symbol = get_property(self, branch)
        assert isinstance(symbol, SymbolRefAttr)
        callee = lookup_function(self, symbol)
        if callee is None:
            return f"'{branch}' refers to an undefined function: {symbol}"
        type_attr = get_property(callee, "function_type")
        assert isinstance(type_attr, TypeAttr)
        function_type = type_attr.value
        assert isinstance(function_type, FunctionType)
        inputs = tuple(v.type for v in self.input)
        if len(function_type.inputs) != len(inputs):
            return (
                f"'{branch}' function has {len(function_type.inputs)} inputs, "
                f"but the op has {len(inputs)}"
            )
        if len(function_type.results) != len(self.results):
            return (
                f"'{branch}' function has {len(function_type.results)} results, "
                f"but the op has {len(self.results)}"
            )
    return None
  }];
}

def TF_IfRegionOp : TF_Op<"IfRegion", [
    SingleBlockImplicitTerminator<"YieldOp">, NoRegionArguments]> {
  let summary = "output = cond ? then_branch output : else_branch output";
  let description = [{
    The region form of `tf.If`: the branches are regions of the op, each
    ending in a `tf.Yield` of the op's results.
  }];
  let arguments = (ins
    TF_I1ScalarTensor:$cond,
    BoolAttr:$is_stateless,
    OptionalAttr<StrAttr>:$_then_func_name,
    OptionalAttr<StrAttr>:$_else_func_name
  );
  let results = (outs Variadic<TF_AnyTensor>:$output);
  let regions = (region SizedRegion<1>:$then_branch, SizedRegion<1>:$else_branch);
  let verifier = [{
    for name, region in (("then", self.regions[0]), ("else", self.regions[1])):
        block = region.blocks[0]
        terminator = block.last_op
        if terminator is None or terminator.name != "tf.Yield":
            return f"{name} branch must end in a 'tf.Yield'"
        yielded = [operand.value.type for operand in terminator.op_operands]
        results = [r.type for r in self.results]
        if len(yielded) != len(results):
            return (
                f"{name} branch yields {len(yielded)} values, "
                f"but the op has {len(results)} results"
            )
        for i, (got, want) in enumerate(zip(yielded, results, strict=True)):
            if got is not want:
                return f"{name} branch result #{i} type {got} does not match op result type {want}"
    return None
  }];
}

def TF_YieldOp : TF_Op<"Yield", [
    Pure, ReturnLike, Terminator, ParentOneOf<["TF_IfRegionOp"]>]> {
  let summary = "Yield operation";
  let description = [{
    Ends a region of a `tf` region op, giving the values the op returns from it.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
}
