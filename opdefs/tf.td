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

// An element-wise binary op with numpy's broadcasting, computing
// `tensor_semantics.binary(fn, ...)` (generator/ir/tensor_semantics.py).
// Its operands and result share one element type (TensorFlow's type attribute `T`),
// and the result has the operands' broadcast shape.
class TF_BinaryOp<string mnemonic, string summary_, list<Trait> traits = [], string fn = "">
    : TF_Op<mnemonic, !listconcat([Pure, SameOperandsAndResultElementType,
                                   ResultsBroadcastableShape], traits)> {
  let summary = summary_;
  let arguments = (ins TF_NumberTensor:$x, TF_NumberTensor:$y);
  let results = (outs TF_NumberTensor:$z);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"x">;
  let reference = "return tensor_semantics.binary('" # fn # "', x, y, self.z.type)";
}

// An element-wise comparison with broadcasting, giving a bool tensor.
class TF_CompareOp<string mnemonic, string summary_, string fn, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = summary_;
  let arguments = (ins TF_NumberTensor:$x, TF_NumberTensor:$y);
  let results = (outs TF_I1Tensor:$z);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"x">;
  let reference = "return tensor_semantics.compare('" # fn # "', x, y, self.z.type)";
}

// An element-wise unary op of `x`, computing `tensor_semantics.unary(fn, ...)`.
class TF_UnaryOp<string mnemonic, string summary_, string fn, TypeConstraint operandType = TF_NumberTensor>
    : TF_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = summary_;
  let arguments = (ins operandType:$x);
  let results = (outs operandType:$y);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"x">;
  let reference = "return tensor_semantics.unary('" # fn # "', x, self.y.type)";
}

def TF_AddOp : TF_BinaryOp<"Add", "Returns x + y element-wise.", [], "add"> {
  let description = [{
    Adds two tensors element by element, broadcasting them to a common shape.
  }];
}

def TF_AddV2Op : TF_BinaryOp<"AddV2", "Returns x + y element-wise.", [Commutative], "add"> {
  let description = [{
    Adds two tensors element by element with broadcasting; unlike `tf.Add` it
    does not accept strings.
  }];
}

def TF_SubOp : TF_BinaryOp<"Sub", "Returns x - y element-wise.", [], "sub">;

def TF_MulOp : TF_BinaryOp<"Mul", "Returns x * y element-wise.", [Commutative], "mul">;

def TF_DivOp : TF_BinaryOp<"Div", "Returns x / y element-wise.", [], "div"> {
  let description = [{
    Divides element by element with broadcasting; integer division rounds toward
    zero, as C does, and an integer division by zero is an error.
  }];
}

def TF_RealDivOp : TF_BinaryOp<"RealDiv", "Returns x / y element-wise for real types.", [], "real_div">;

def TF_FloorDivOp : TF_BinaryOp<"FloorDiv", "Returns x // y element-wise.", [], "floor_div"> {
  let description = [{
    Divides element by element with broadcasting, rounding the quotient down
    (Python's `//`); an integer division by zero is an error.
  }];
}

def TF_FloorModOp : TF_BinaryOp<"FloorMod", "Returns element-wise remainder of division.", [], "floor_mod"> {
  let description = [{
    The remainder of `FloorDiv`, with the sign of the divisor (Python's `%`):
    `floor(x / y) * y + floormod(x, y) == x`.
  }];
}

def TF_TruncateDivOp : TF_BinaryOp<"TruncateDiv", "Returns x / y element-wise, rounded towards zero.", [], "truncate_div">;

def TF_TruncateModOp : TF_BinaryOp<"TruncateMod", "Returns element-wise remainder of division, with the sign of the dividend.", [], "truncate_mod">;

def TF_MaximumOp : TF_BinaryOp<"Maximum", "Returns the max of x and y element-wise.", [Commutative], "maximum">;

def TF_MinimumOp : TF_BinaryOp<"Minimum", "Returns the min of x and y element-wise.", [Commutative], "minimum">;

def TF_SquaredDifferenceOp : TF_BinaryOp<"SquaredDifference", "Returns (x - y)(x - y) element-wise.", [Commutative], "squared_difference">;

def TF_PowOp : TF_BinaryOp<"Pow", "Computes the power of one value to another.", [], "pow">;

def TF_EqualOp : TF_Op<"Equal", [Pure, Commutative]> {
  let summary = "Returns the truth value of (x == y) element-wise.";
  let arguments = (ins
    TF_AnyTensor:$x,
    TF_AnyTensor:$y,
    DefaultValuedAttr<BoolAttr, "true">:$incompatible_shape_error
  );
  let results = (outs TF_I1Tensor:$z);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"x">;
  let reference = [{
    return tensor_semantics.compare('equal', x, y, self.z.type, incompatible_shape_error.value)
  }];
}

def TF_LessOp : TF_CompareOp<"Less", "Returns the truth value of (x < y) element-wise.", "less">;
def TF_LessEqualOp : TF_CompareOp<"LessEqual", "Returns the truth value of (x <= y) element-wise.", "less_equal">;
def TF_GreaterOp : TF_CompareOp<"Greater", "Returns the truth value of (x > y) element-wise.", "greater">;
def TF_GreaterEqualOp : TF_CompareOp<"GreaterEqual", "Returns the truth value of (x >= y) element-wise.", "greater_equal">;

def TF_LogicalAndOp : TF_Op<"LogicalAnd", [Pure, Commutative]> {
  let summary = "Returns the truth value of x AND y element-wise.";
  let arguments = (ins TF_I1Tensor:$x, TF_I1Tensor:$y);
  let results = (outs TF_I1Tensor:$z);
  let reference = [{ return tensor_semantics.logical('and', x, y, self.z.type) }];
}

def TF_LogicalOrOp : TF_Op<"LogicalOr", [Pure, Commutative]> {
  let summary = "Returns the truth value of x OR y element-wise.";
  let arguments = (ins TF_I1Tensor:$x, TF_I1Tensor:$y);
  let results = (outs TF_I1Tensor:$z);
  let reference = [{ return tensor_semantics.logical('or', x, y, self.z.type) }];
}

def TF_LogicalNotOp : TF_UnaryOp<"LogicalNot", "Returns the truth value of NOT x element-wise.", "logical_not", TF_I1Tensor>;

def TF_NegOp : TF_UnaryOp<"Neg", "Computes numerical negative value element-wise.", "neg">;
def TF_AbsOp : TF_UnaryOp<"Abs", "Computes the absolute value of a tensor.", "abs">;
def TF_SquareOp : TF_UnaryOp<"Square", "Computes square of x element-wise.", "square">;
def TF_SignOp : TF_UnaryOp<"Sign", "Returns an element-wise indication of the sign of a number.", "sign">;
def TF_ReciprocalOp : TF_UnaryOp<"Reciprocal", "Computes the reciprocal of x element-wise.", "reciprocal">;
def TF_SqrtOp : TF_UnaryOp<"Sqrt", "Computes square root of x element-wise.", "sqrt", TF_FpTensor>;
def TF_RsqrtOp : TF_UnaryOp<"Rsqrt", "Computes reciprocal of square root of x element-wise.", "rsqrt", TF_FpTensor>;
def TF_ExpOp : TF_UnaryOp<"Exp", "Computes exponential of x element-wise.", "exp", TF_FpTensor>;
def TF_LogOp : TF_UnaryOp<"Log", "Computes natural logarithm of x element-wise.", "log", TF_FpTensor>;
def TF_SinOp : TF_UnaryOp<"Sin", "Computes sine of x element-wise.", "sin", TF_FpTensor>;
def TF_CosOp : TF_UnaryOp<"Cos", "Computes cos of x element-wise.", "cos", TF_FpTensor>;
def TF_TanhOp : TF_UnaryOp<"Tanh", "Computes hyperbolic tangent of x element-wise.", "tanh", TF_FpTensor>;
def TF_SigmoidOp : TF_UnaryOp<"Sigmoid", "Computes sigmoid of x element-wise.", "sigmoid", TF_FpTensor>;
def TF_AcosOp : TF_UnaryOp<"Acos", "Computes acos of x element-wise.", "acos", TF_FpTensor>;
def TF_AcoshOp : TF_UnaryOp<"Acosh", "Computes inverse hyperbolic cosine of x element-wise.", "acosh", TF_FpTensor>;
def TF_FloorOp : TF_UnaryOp<"Floor", "Returns element-wise largest integer not greater than x.", "floor", TF_FpTensor>;
def TF_CeilOp : TF_UnaryOp<"Ceil", "Returns element-wise smallest integer not less than x.", "ceil", TF_FpTensor>;
def TF_RoundOp : TF_UnaryOp<"Round", "Rounds the values of a tensor to the nearest integer, element-wise.", "round", TF_FpTensor> {
  let description = [{ Halves round to the nearest even integer (banker's rounding). }];
}

def TF_IdentityOp : TF_Op<"Identity", [Pure, SameOperandsAndResultType]> {
  let summary = "Return a tensor with the same shape and contents as the input tensor or value.";
  let arguments = (ins TF_AnyTensor:$input);
  let results = (outs TF_AnyTensor:$output);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"input">;
  let reference = [{ return tensor_semantics.identity(input, self.output.type) }];
}

def TF_NoOpOp : TF_Op<"NoOp", []> {
  let summary = "Does nothing. Only useful as a placeholder for control edges.";
  let reference = [{ return None }];
}

def TF_ShapeOp : TF_Op<"Shape", [Pure]> {
  let summary = "Returns the shape of a tensor.";
  let description = [{
    The shape of `input` as a 1-D tensor of the result's element type, `i32`
    or `i64` (TensorFlow's `out_type`).
  }];
  let arguments = (ins TF_AnyTensor:$input);
  let results = (outs TensorOf<[I32, I64]>:$output);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"input">;
  let reference = [{ return tensor_semantics.shape_of(input, self.output.type) }];
}

def TF_ReshapeOp : TF_Op<"Reshape", [Pure]> {
  let summary = "Reshapes a tensor.";
  let description = [{
    The elements of `tensor` in row-major order with the shape `shape` gives;
    one dimension of `shape` may be `-1`, the size that keeps the number of
    elements, which must not change.
  }];
  let arguments = (ins TF_AnyTensor:$tensor, TensorOf<[I32, I64]>:$shape);
  let results = (outs TF_AnyTensor:$output);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"tensor">;
  let reference = [{ return tensor_semantics.reshape(tensor, shape, self.output.type) }];
}

def TF_MatMulOp : TF_Op<"MatMul", [Pure]> {
  let summary = "Multiply the matrix \"a\" by the matrix \"b\".";
  let description = [{
    The product of two 2-D tensors, each transposed first when
    `transpose_a` or `transpose_b` says so; the inner dimensions must match.
  }];
  let arguments = (ins
    TF_NumberTensor:$a,
    TF_NumberTensor:$b,
    DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
    DefaultValuedAttr<BoolAttr, "false">:$transpose_b
  );
  let results = (outs TF_NumberTensor:$product);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"a">;
  let reference = [{
    return tensor_semantics.matmul(a, b, transpose_a.value, transpose_b.value, self.product.type)
  }];
}

def TF_SelectV2Op : TF_Op<"SelectV2", [Pure]> {
  let summary = "Selects elements from `t` or `e`, depending on `condition`.";
  let description = [{
    `t` where `condition` is true and `e` elsewhere, the three broadcast
    together.
  }];
  let arguments = (ins TF_I1Tensor:$condition, TF_AnyTensor:$t, TF_AnyTensor:$e);
  let results = (outs TF_AnyTensor:$output);
  let reference = [{ return tensor_semantics.select(condition, t, e, self.output.type) }];
}

def TF_CastOp : TF_Op<"Cast", [Pure]> {
  let summary = "Cast x of type SrcT to y of DstT.";
  let description = [{
    Converts each element to the result's element type: a float to an integer
    rounds toward zero, a number to a bool is whether it is nonzero, a bool to a
    number is 0 or 1, a float to a narrower float rounds to nearest (with
    `Truncate`, TensorFlow drops the extra mantissa bits instead).
  }];
  let arguments = (ins TF_AnyTensor:$x, DefaultValuedAttr<BoolAttr, "false">:$Truncate);
  let results = (outs TF_AnyTensor:$y);
  DerivedAttr SrcT = DerivedAttr<TypeAttr, "TypeAttr.get(element_type_or_self(self.x.type))">;
  DerivedAttr DstT = DerivedAttr<TypeAttr, "TypeAttr.get(element_type_or_self(self.y.type))">;
  let reference = [{ return tensor_semantics.cast(x, self.y.type, truncate.value) }];
}

def TF_ReluOp : TF_Op<"Relu", [Pure, SameOperandsAndResultType]> {
  let summary = "Computes rectified linear: `max(features, 0)`.";
  let arguments = (ins TF_NumberTensor:$features);
  let results = (outs TF_NumberTensor:$activations);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"features">;
  let reference = [{ return tensor_semantics.relu(features, self.activations.type) }];
}

def TF_Relu6Op : TF_Op<"Relu6", [Pure, SameOperandsAndResultType]> {
  let summary = "Computes rectified linear 6: `min(max(features, 0), 6)`.";
  let arguments = (ins TF_NumberTensor:$features);
  let results = (outs TF_NumberTensor:$activations);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"features">;
  let reference = [{ return tensor_semantics.relu6(features, self.activations.type) }];
}

def TF_LeakyReluOp : TF_Op<"LeakyRelu", [Pure, SameOperandsAndResultType]> {
  let summary = "Computes rectified linear with a slope `alpha` below zero.";
  let arguments = (ins TF_FpTensor:$features, DefaultValuedAttr<F32Attr, "0.2">:$alpha);
  let results = (outs TF_FpTensor:$activations);
  TF_DerivedOperandTypeAttr T = TF_DerivedOperandTypeAttr<"features">;
  let reference = [{
    return tensor_semantics.leaky_relu(features, alpha, self.activations.type)
  }];
}

def TF_BiasAddOp : TF_Op<"BiasAdd", [Pure, SameOperandsAndResultElementType]> {
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
  // TensorFlow's BiasAddOp::verify; and the output has the value's shape (as the
  // kernel computes it).
  let verifier = [{
    value, bias, output = self.value.type, self.bias.type, self.output.type
    if not (isinstance(value, RankedTensorType) and isinstance(bias, RankedTensorType)):
        return None
    data_format = get_property(self, "data_format")
    nchw = isinstance(data_format, StringAttr) and data_format.value == "NCHW"
    if value.rank < (3 if nchw else 2):
        return (
            "requires value operand to have rank at least "
            + ("three with `NCHW`" if nchw else "two with `NHWC`")
            + " data format"
        )
    if bias.rank != 1:
        return "requires bias operand to have rank exactly one"
    feature = value.shape[1 if nchw else value.rank - 1]
    if DYNAMIC not in (feature, bias.shape[0]) and feature != bias.shape[0]:
        return (
            "requires channel dimension and feature dimension to match; "
            f"found {feature} and {bias.shape[0]}, respectively"
        )
    if isinstance(output, RankedTensorType) and (
        output.rank != value.rank
        or any(o != v and DYNAMIC not in (o, v) for o, v in zip(output.shape, value.shape, strict=True))
    ):
        return "requires the output to have the shape of the value operand"
    return None
  }];
  let reference = [{
    return tensor_semantics.bias_add(value, bias, data_format.value, self.output.type)
  }];
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
  let reference = [{
    return tensor_semantics.compare('not_equal', x, y, self.z.type, incompatible_shape_error.value)
  }];
}

def TF_ConstOp : TF_Op<"Const", [ConstantLike, Pure]> {
  let summary = "Constant tensor op";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs TF_AnyTensor:$output);
  // TensorFlow's ConstOp::isCompatibleReturnTypes: the output is the value's type,
  // or one of its shape that is less refined (`tensor<*xf32>`).
  let verifier = [{
    value_type = typed_attr_type(self.value_attr)
    output = self.output.type
    if value_type is not None and not (
        element_type_or_self(value_type) == element_type_or_self(output)
        and compatible_shapes(value_type, output)
    ):
        return (
            f"inferred type(s) '{value_type}' are incompatible with "
            f"return type(s) of operation '{output}'"
        )
    return None
  }];
  let hasFolder = 1;
  let fold = [{
    return self.value_attr
  }];
  let reference = [{ return tensor_semantics.constant(value, self.output.type) }];
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
