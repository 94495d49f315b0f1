// The math dialect: mathematical functions of integers and floats beyond basic
// arithmetic, on scalars and element by element on vectors and tensors. Every
// op of MLIR 22's `math` dialect, with the same op, operand, attribute and
// result names, syntax, constraints (and so the same verifier messages) and
// folders. The fast-math flags are `arith`'s (`#arith.fastmath<...>`).

include "OpBase.td"
include "arith.td"

def Math_Dialect : Dialect {
  let name = "math";
  let summary = "Mathematical functions of integers and floats";
  let description = [{
    Functions beyond the basic arithmetic of `arith`: absolute values,
    roots, exponentials and logarithms, trigonometric and hyperbolic
    functions and their inverses, rounding, error functions, powers, bit
    counts and classification of floats. Each operation takes scalars, or
    vectors or tensors of them, and then applies element by element.

    The float operations take `arith`'s fast-math flags, written after the
    operands (`math.sqrt %x fastmath<afn> : f32`), which allow faster but
    less exact implementations.

    Folding computes functions of `f32` and `f64` constants with the C math
    library of the host (`sinf`, `sin`, ...), as MLIR does, and leaves the
    other float types alone; rounding, absolute values, sign copies and the
    integer operations fold for every type. An operand that is `#ub.poison`
    folds to poison.

    Example:

    ```mlir
    %a = math.absf %b : f64
    %v = math.exp %w fastmath<fast> : vector<4xf32>
    %t = math.ctpop %bits : tensor<?xi32>
    ```
  }];
  let hasConstantMaterializer = 1;
  // The constant materializer (`arith.constant`s, and `ub.poison` for poison),
  // and the helpers of the folders.
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """An `arith.constant`, or a `ub.poison` for a poison value, as MLIR's math
        dialect materializes its folded values."""
        from generated.arith.ops import materialize_constant as arith_constant

        return arith_constant(rewriter, value, type_, loc)


    #: The bits of 1.0 in the formats the C library computes in.
    ONE_BITS = {"f32": 0x3F800000, "f64": 0x3FF0000000000000}


    def fold_libm(
        operand: Attribute | None, name: str, *, positive_only: bool = False
    ) -> Attribute | None:
        """`name(x)` of an `f32` or `f64` constant (or of each element), computed by
        the C library; other formats are not folded. With `positive_only`, an
        operand with its sign bit set (-0 and negative NaNs included) is not
        folded."""

        def compute(fmt: FloatFormat, bits: int) -> int | None:
            if positive_only and float_is_negative(fmt, bits):
                return None
            return libm_unary(name, fmt.name, bits)

        return fold_float_unary(operand, compute)


    def fold_classification(op: Operation, test: Callable[[str], bool]) -> Attribute | None:
        """Fold `isnan` and its kin: a scalar float or a splat, tested on its class
        (`float_classify`); other constants and poison are not folded."""
        value = constant_value(op.operands[0])
        if isinstance(value, FloatAttr):
            return BoolAttr.get_bool(test(float_classify(float_format(value.type), value.bits)))
        if (
            isinstance(value, DenseElementsAttr)
            and value.is_splat
            and value.raw is None
            and isinstance(value.element_type, FloatType)
            and isinstance(value.values[0], int)
        ):
            kind = float_classify(float_format(value.element_type), value.values[0])
            return bool_attr(op.results[0].type, test(kind))
        return None


    def count_leading_zeros(value: int, width: int) -> int:
        """The zero bits above the highest set bit of a `width`-bit value."""
        return width - value.bit_length()


    def count_trailing_zeros(value: int, width: int) -> int:
        """The zero bits below the lowest set bit; `width` for zero."""
        return width if not value else (value & -value).bit_length() - 1


    def integer_power(base: int, power: int, width: int) -> int | None:
        """`base` to the power `power`, `width`-bit operands read unsigned, as MLIR's
        `ipowi` folder computes it: a negative power gives 0 unless the base is 1 or
        -1, and 0 to a negative power is not folded."""
        mask = (1 << width) - 1
        one = 1 & mask
        minus_one = mask
        if not power:
            return one
        if power >> (width - 1):
            if not base:
                return None
            if base == one:
                return one
            if base != minus_one:
                return 0
            return minus_one if power & 1 else one
        result = one
        while True:
            if power & 1:
                result = (result * base) & mask
            power >>= 1
            if not power:
                return result
            base = (base * base) & mask
  }];
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

// Every math op has no memory effects and applies element by element.
class Math_Op<string mnemonic, list<Trait> traits = []>
    : Op<Math_Dialect, mnemonic,
         traits # [Pure, Elementwise, Scalarizable, Vectorizable, Tensorizable]>;

defvar Math_FastMath = DefaultValuedAttr<Arith_FastMathFlagsAttr, "none">;

class Math_IntegerUnaryOp<string mnemonic, list<Trait> traits = []>
    : Math_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let arguments = (ins SignlessIntegerOrIndexLike:$operand);
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

// `isnan` and its kin: a float in, an i1 of the same shape out.
class Math_FloatClassificationOp<string mnemonic, list<Trait> traits = []>
    : Math_Op<mnemonic, traits # [
        TypesMatchWith<"result type has i1 element type and same shape as operands",
                       "operand", "result", "i1_same_shape($_self)">]> {
  let arguments = (ins FloatLike:$operand, Math_FastMath:$fastmath);
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
  let hasFolder = 1;
}

class Math_FloatUnaryOp<string mnemonic, list<Trait> traits = []>
    : Math_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let arguments = (ins FloatLike:$operand, Math_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

// A float function folded through the C library (`fold_libm`): `name` is its
// C name; `positive_only` leaves operands with the sign bit set alone.
class Math_LibmUnaryOp<string mnemonic, string name, string positive_only = "False">
    : Math_FloatUnaryOp<mnemonic> {
  let hasFolder = 1;
  let fold = "return fold_libm(constant_value(self.operand_), \"" # name
      # "\", positive_only=" # positive_only # ")";
  let reference = "return semantics.math_unary(\"" # name # "\", operand_, self.result.type)";
}

class Math_IntegerBinaryOp<string mnemonic, list<Trait> traits = []>
    : Math_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

class Math_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : Math_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let arguments = (ins FloatLike:$lhs, FloatLike:$rhs, Math_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

class Math_FloatTernaryOp<string mnemonic, list<Trait> traits = []>
    : Math_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let arguments = (ins FloatLike:$a, FloatLike:$b, FloatLike:$c, Math_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Absolute values, signs and rounding
//===----------------------------------------------------------------------===//

def Math_AbsFOp : Math_FloatUnaryOp<"absf"> {
  let reference = [{ return semantics.absf(operand_, self.result.type) }];
  let summary = "Floating-point absolute value";
  let description = [{
    The magnitude of a float: its sign bit cleared, so `-0.0` gives `0.0`
    and a NaN keeps its payload.

    Example:

    ```mlir
    %m = math.absf %x : f64
    %v = math.absf %y : vector<4xf16>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_float_unary(constant_value(self.operand_), float_abs)
  }];
}

def Math_AbsIOp : Math_IntegerUnaryOp<"absi"> {
  let reference = [{ return semantics.absi(operand_, semantics.width(self.result.type)) }];
  let summary = "Integer absolute value";
  let description = [{
    The absolute value of an integer read as signed. The smallest value of
    the type has no positive counterpart and is its own absolute value.

    Example:

    ```mlir
    %m = math.absi %x : i32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_unary(constant_value(self.operand_), abs, signed=True)
  }];
}

def Math_CopySignOp : Math_FloatBinaryOp<"copysign"> {
  let reference = [{ return semantics.copysign(lhs, rhs, self.result.type) }];
  let summary = "Copy the sign of one float to another";
  let description = [{
    The magnitude of `lhs` with the sign bit of `rhs`, zeros and NaNs
    included.

    Example:

    ```mlir
    %r = math.copysign %magnitude, %sign : f32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_float_binary(constant_value(self.lhs), constant_value(self.rhs), float_copysign)
  }];
}

def Math_CeilOp : Math_FloatUnaryOp<"ceil"> {
  let reference = [{ return semantics.rounding("ceil", operand_, self.result.type) }];
  let summary = "Round up to an integral value";
  let description = [{
    The smallest integral value not below the operand, as a float of the same
    type. Zeros, infinities and NaNs are returned as they are.

    Example:

    ```mlir
    %c = math.ceil %x : f32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_float_unary(
        constant_value(self.operand_),
        lambda fmt, a: float_round_to_integral(fmt, a, "toward_positive"),
    )
  }];
}

def Math_FloorOp : Math_FloatUnaryOp<"floor"> {
  let reference = [{ return semantics.rounding("floor", operand_, self.result.type) }];
  let summary = "Round down to an integral value";
  let description = [{
    The largest integral value not above the operand, as a float of the same
    type. Zeros, infinities and NaNs are returned as they are.

    Example:

    ```mlir
    %f = math.floor %x : f64
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_float_unary(
        constant_value(self.operand_),
        lambda fmt, a: float_round_to_integral(fmt, a, "toward_negative"),
    )
  }];
}

def Math_RoundOp : Math_FloatUnaryOp<"round"> {
  let reference = [{ return semantics.rounding("round", operand_, self.result.type) }];
  let summary = "Round to the nearest integral value, ties away from zero";
  let description = [{
    The integral value nearest to the operand; halfway cases go away from
    zero (`2.5` gives `3.0`, `-2.5` gives `-3.0`), as C's `round`.

    Example:

    ```mlir
    %r = math.round %x : f32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_libm(constant_value(self.operand_), "round")
  }];
}

def Math_RoundEvenOp : Math_FloatUnaryOp<"roundeven"> {
  let reference = [{ return semantics.rounding("roundeven", operand_, self.result.type) }];
  let summary = "Round to the nearest integral value, ties to even";
  let description = [{
    The integral value nearest to the operand; halfway cases go to the even
    neighbour (`2.5` gives `2.0`, `3.5` gives `4.0`), the IEEE 754 default.

    Example:

    ```mlir
    %r = math.roundeven %x : vector<4xf32>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_float_unary(
        constant_value(self.operand_),
        lambda fmt, a: float_round_to_integral(fmt, a, "nearest_even"),
    )
  }];
}

def Math_TruncOp : Math_FloatUnaryOp<"trunc"> {
  let reference = [{ return semantics.rounding("trunc", operand_, self.result.type) }];
  let summary = "Round toward zero to an integral value";
  let description = [{
    The operand with its fractional part dropped: the integral value nearest
    to it in the direction of zero.

    Example:

    ```mlir
    %t = math.trunc %x : f64
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_libm(constant_value(self.operand_), "trunc")
  }];
}

//===----------------------------------------------------------------------===//
// Roots, powers, exponentials and logarithms
//===----------------------------------------------------------------------===//

def Math_SqrtOp : Math_LibmUnaryOp<"sqrt", "sqrt", "True"> {
  let summary = "Square root";
  let description = [{
    The non-negative square root. A negative operand gives NaN; such operands
    (and `-0.0`) are not folded.

    Example:

    ```mlir
    %s = math.sqrt %x : f32
    ```
  }];
}

def Math_RsqrtOp : Math_FloatUnaryOp<"rsqrt"> {
  let reference = [{ return semantics.rsqrt(operand_, self.result.type) }];
  let summary = "Reciprocal of the square root";
  let description = [{
    `1 / sqrt(x)`, which targets often compute faster than the two
    operations. It is not folded.

    Example:

    ```mlir
    %r = math.rsqrt %x : vector<8xf32>
    ```
  }];
}

def Math_CbrtOp : Math_FloatUnaryOp<"cbrt"> {
  let reference = [{ return semantics.math_unary("cbrt", operand_, self.result.type) }];
  let summary = "Cube root";
  let description = [{
    The real cube root, negative for a negative operand. It differs from
    `math.powf %x, 1/3`, which is NaN for negative `x`. It is not folded.

    Example:

    ```mlir
    %c = math.cbrt %x : f64
    ```
  }];
}

def Math_ExpOp : Math_LibmUnaryOp<"exp", "exp"> {
  let summary = "Base-e exponential";
  let description = [{
    `e` raised to the power of the operand.

    Example:

    ```mlir
    %e = math.exp %x : f32
    ```
  }];
}

def Math_Exp2Op : Math_LibmUnaryOp<"exp2", "exp2"> {
  let summary = "Base-2 exponential";
  let description = [{
    2 raised to the power of the operand.

    Example:

    ```mlir
    %e = math.exp2 %x : f64
    ```
  }];
}

def Math_ExpM1Op : Math_LibmUnaryOp<"expm1", "expm1"> {
  let summary = "Base-e exponential minus one";
  let description = [{
    `exp(x) - 1`, computed without the cancellation the subtraction would
    suffer for operands near zero.

    Example:

    ```mlir
    %e = math.expm1 %x : f32
    ```
  }];
}

def Math_LogOp : Math_LibmUnaryOp<"log", "log", "True"> {
  let summary = "Natural logarithm";
  let description = [{
    The base-e logarithm. Negative operands give NaN and zero gives minus
    infinity; operands with the sign bit set are not folded.

    Example:

    ```mlir
    %l = math.log %x : f64
    ```
  }];
}

def Math_Log10Op : Math_LibmUnaryOp<"log10", "log10", "True"> {
  let summary = "Base-10 logarithm";
  let description = [{
    The base-10 logarithm. Negative operands give NaN; operands with the sign
    bit set are not folded.

    Example:

    ```mlir
    %l = math.log10 %x : f32
    ```
  }];
}

def Math_Log2Op : Math_LibmUnaryOp<"log2", "log2", "True"> {
  let summary = "Base-2 logarithm";
  let description = [{
    The base-2 logarithm. Negative operands give NaN; operands with the sign
    bit set are not folded.

    Example:

    ```mlir
    %l = math.log2 %x : f32
    ```
  }];
}

def Math_Log1pOp : Math_FloatUnaryOp<"log1p"> {
  let reference = [{ return semantics.math_unary("log1p", operand_, self.result.type) }];
  let summary = "Natural logarithm of one plus the operand";
  let description = [{
    `log(1 + x)`, accurate also for operands near zero. An operand below -1
    gives NaN and is not folded.

    Example:

    ```mlir
    %l = math.log1p %x : f64
    ```
  }];
  let hasFolder = 1;
  // Declined when `x + 1` (in the operand's format) has its sign bit set.
  let fold = [{
    def compute(fmt: FloatFormat, bits: int) -> int | None:
        one = ONE_BITS.get(fmt.name)
        if one is None or float_is_negative(fmt, float_add(fmt, bits, one)):
            return None
        return libm_unary("log1p", fmt.name, bits)

    return fold_float_unary(constant_value(self.operand_), compute)
  }];
}

def Math_PowFOp : Math_FloatBinaryOp<"powf"> {
  let reference = [{ return semantics.math_binary("pow", lhs, rhs, self.result.type) }];
  let summary = "Floating-point power";
  let description = [{
    `lhs` raised to the power `rhs`, both floats, with C's `pow` rules for
    special values (`x` to the power 0 is 1, even for NaN).

    Example:

    ```mlir
    %p = math.powf %base, %exponent : f32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_float_binary(
        constant_value(self.lhs),
        constant_value(self.rhs),
        lambda fmt, a, b: libm_binary("pow", fmt.name, a, b),
    )
  }];
}

def Math_FPowIOp : Math_Op<"fpowi", [
    SameOperandsAndResultShape, AllTypesMatch<["lhs", "result"]>]> {
  let reference = [{ return semantics.fpowi(lhs, rhs, semantics.width(self.rhs.type), self.result.type) }];
  let summary = "Float raised to a signed integer power";
  let description = [{
    `lhs`, a float, raised to the power `rhs`, a signed integer of the same
    shape; the result has the type of `lhs`. Both types are written.

    Example:

    ```mlir
    %p = math.fpowi %base, %n : f64, i32
    %v = math.fpowi %x, %k : vector<2xf32>, vector<2xi32>
    ```
  }];
  let arguments = (ins FloatLike:$lhs, SignlessIntegerOrIndexLike:$rhs,
                       Math_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)
  }];
}

def Math_IPowIOp : Math_IntegerBinaryOp<"ipowi"> {
  let reference = [{ return semantics.ipowi(lhs, rhs, semantics.width(self.result.type)) }];
  let summary = "Signed integer power";
  let description = [{
    `lhs` raised to the power `rhs`, both signed integers of the same type,
    wrapping around. With a negative power the result is 0 unless `lhs` is 1
    or -1.

    Example:

    ```mlir
    %p = math.ipowi %base, %n : i32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    width = int_width(self.result.type)
    return fold_binary(
        constant_value(self.lhs),
        constant_value(self.rhs),
        lambda a, b: integer_power(a, b, width),
    )
  }];
}

def Math_FmaOp : Math_FloatTernaryOp<"fma"> {
  let reference = [{ return semantics.fma(a, b, c, self.result.type) }];
  let summary = "Fused multiply-add";
  let description = [{
    `a * b + c` rounded once, as LLVM's `llvm.fma`. It is not folded.

    Example:

    ```mlir
    %d = math.fma %a, %b, %c : f32
    ```
  }];
}

def Math_ClampFOp : Math_FloatTernaryOp<"clampf"> {
  let reference = [{ return semantics.clampf(value, min, max, self.result.type) }];
  let summary = "Clamp a float between two bounds";
  let description = [{
    As MLIR 22 defines it (and `--math-expand-ops` computes it):
    `maximumf(minimumf(value, min), max)`, the smaller of `value` and `min`,
    then the larger of that and `max`; a NaN operand gives NaN. All three have
    the same type.

    Example:

    ```mlir
    %c = math.clampf %x to [%low, %high] : f32
    ```
  }];
  let arguments = (ins FloatLike:$value, FloatLike:$min, FloatLike:$max,
                       Math_FastMath:$fastmath);
  let assemblyFormat = [{
    $value `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)?
    attr-dict `:` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic functions
//===----------------------------------------------------------------------===//

def Math_SinOp : Math_LibmUnaryOp<"sin", "sin"> {
  let summary = "Sine";
  let description = [{
    The sine of an angle in radians.

    Example:

    ```mlir
    %s = math.sin %angle : f32
    ```
  }];
}

def Math_CosOp : Math_LibmUnaryOp<"cos", "cos"> {
  let summary = "Cosine";
  let description = [{
    The cosine of an angle in radians.

    Example:

    ```mlir
    %c = math.cos %angle : f64
    ```
  }];
}

def Math_SincosOp : Math_Op<"sincos", [
    SameOperandsAndResultShape, AllTypesMatch<["operand", "sin", "cos"]>]> {
  let reference = [{ return (semantics.math_unary("sin", operand_, self.sin.type), semantics.math_unary("cos", operand_, self.cos.type)) }];
  let summary = "Sine and cosine together";
  let description = [{
    The sine and the cosine of an angle in radians, both of its type; cheaper
    than two operations where a target computes them together. It is not
    folded.

    Example:

    ```mlir
    %sin, %cos = math.sincos %angle : f32
    ```
  }];
  let arguments = (ins FloatLike:$operand, Math_FastMath:$fastmath);
  let results = (outs FloatLike:$sin, FloatLike:$cos);
  let asmResultNames = [{
    return ((0, "sin"), (1, "cos"))
  }];
  let assemblyFormat = [{
    $operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)
  }];
}

def Math_TanOp : Math_LibmUnaryOp<"tan", "tan"> {
  let summary = "Tangent";
  let description = [{
    The tangent of an angle in radians.

    Example:

    ```mlir
    %t = math.tan %angle : f32
    ```
  }];
}

def Math_AsinOp : Math_LibmUnaryOp<"asin", "asin"> {
  let summary = "Arcsine";
  let description = [{
    The angle in radians, from -pi/2 to pi/2, whose sine is the operand;
    NaN outside -1 to 1.

    Example:

    ```mlir
    %a = math.asin %x : f64
    ```
  }];
}

def Math_AcosOp : Math_LibmUnaryOp<"acos", "acos"> {
  let summary = "Arccosine";
  let description = [{
    The angle in radians, from 0 to pi, whose cosine is the operand; NaN
    outside -1 to 1.

    Example:

    ```mlir
    %a = math.acos %x : f32
    ```
  }];
}

def Math_AtanOp : Math_LibmUnaryOp<"atan", "atan"> {
  let summary = "Arctangent";
  let description = [{
    The angle in radians, from -pi/2 to pi/2, whose tangent is the operand.

    Example:

    ```mlir
    %a = math.atan %x : f64
    ```
  }];
}

def Math_Atan2Op : Math_FloatBinaryOp<"atan2"> {
  let reference = [{ return semantics.math_binary("atan2", lhs, rhs, self.result.type) }];
  let summary = "Arctangent of a quotient, by quadrant";
  let description = [{
    The angle in radians, from -pi to pi, between the positive x axis and
    the point (`rhs`, `lhs`): `atan(lhs / rhs)` corrected for the quadrant
    the signs of both operands give. Folding gives NaN when both operands
    are zero.

    Example:

    ```mlir
    %angle = math.atan2 %y, %x : f32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    def compute(fmt: FloatFormat, a: int, b: int) -> int | None:
        if float_classify(fmt, a) == "zero" and float_classify(fmt, b) == "zero":
            # APFloat's default NaN, whatever the format.
            return float_div(fmt, a, b)
        return libm_binary("atan2", fmt.name, a, b)

    return fold_float_binary(constant_value(self.lhs), constant_value(self.rhs), compute)
  }];
}

def Math_SinhOp : Math_LibmUnaryOp<"sinh", "sinh"> {
  let summary = "Hyperbolic sine";
  let description = [{
    `(exp(x) - exp(-x)) / 2`.

    Example:

    ```mlir
    %s = math.sinh %x : f32
    ```
  }];
}

def Math_CoshOp : Math_LibmUnaryOp<"cosh", "cosh"> {
  let summary = "Hyperbolic cosine";
  let description = [{
    `(exp(x) + exp(-x)) / 2`.

    Example:

    ```mlir
    %c = math.cosh %x : f64
    ```
  }];
}

def Math_TanhOp : Math_LibmUnaryOp<"tanh", "tanh"> {
  let summary = "Hyperbolic tangent";
  let description = [{
    `sinh(x) / cosh(x)`, between -1 and 1.

    Example:

    ```mlir
    %t = math.tanh %x : vector<4xf32>
    ```
  }];
}

def Math_AsinhOp : Math_LibmUnaryOp<"asinh", "asinh"> {
  let summary = "Inverse hyperbolic sine";
  let description = [{
    The value whose hyperbolic sine is the operand.

    Example:

    ```mlir
    %a = math.asinh %x : f32
    ```
  }];
}

def Math_AcoshOp : Math_LibmUnaryOp<"acosh", "acosh"> {
  let summary = "Inverse hyperbolic cosine";
  let description = [{
    The non-negative value whose hyperbolic cosine is the operand; NaN below
    1.

    Example:

    ```mlir
    %a = math.acosh %x : f64
    ```
  }];
}

def Math_AtanhOp : Math_LibmUnaryOp<"atanh", "atanh"> {
  let summary = "Inverse hyperbolic tangent";
  let description = [{
    The value whose hyperbolic tangent is the operand; infinite at -1 and 1
    and NaN beyond them.

    Example:

    ```mlir
    %a = math.atanh %x : f32
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Error functions
//===----------------------------------------------------------------------===//

def Math_ErfOp : Math_LibmUnaryOp<"erf", "erf"> {
  let summary = "Error function";
  let description = [{
    The Gauss error function, `2 / sqrt(pi)` times the integral of
    `exp(-t * t)` from 0 to the operand.

    Example:

    ```mlir
    %e = math.erf %x : f32
    ```
  }];
}

def Math_ErfcOp : Math_LibmUnaryOp<"erfc", "erfc"> {
  let summary = "Complementary error function";
  let description = [{
    `1 - erf(x)`, accurate also where `erf(x)` is close to 1.

    Example:

    ```mlir
    %e = math.erfc %x : f64
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Bit counts
//===----------------------------------------------------------------------===//

def Math_CountLeadingZerosOp : Math_IntegerUnaryOp<"ctlz"> {
  let reference = [{ return semantics.ctlz(operand_, semantics.width(self.result.type)) }];
  let summary = "Count the leading zero bits";
  let description = [{
    The number of zero bits above the most significant set bit; the bit
    width for zero.

    Example:

    ```mlir
    %n = math.ctlz %x : i32
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    width = int_width(self.result.type)
    return fold_unary(constant_value(self.operand_), lambda a: count_leading_zeros(a, width))
  }];
}

def Math_CountTrailingZerosOp : Math_IntegerUnaryOp<"cttz"> {
  let reference = [{ return semantics.cttz(operand_, semantics.width(self.result.type)) }];
  let summary = "Count the trailing zero bits";
  let description = [{
    The number of zero bits below the least significant set bit; the bit
    width for zero.

    Example:

    ```mlir
    %n = math.cttz %x : i64
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    width = int_width(self.result.type)
    return fold_unary(constant_value(self.operand_), lambda a: count_trailing_zeros(a, width))
  }];
}

def Math_CtPopOp : Math_IntegerUnaryOp<"ctpop"> {
  let reference = [{ return semantics.ctpop(operand_) }];
  let summary = "Count the set bits";
  let description = [{
    The number of bits set to one (the population count).

    Example:

    ```mlir
    %n = math.ctpop %x : vector<4xi16>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    return fold_unary(constant_value(self.operand_), lambda a: bin(a).count("1"))
  }];
}

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

def Math_IsFiniteOp : Math_FloatClassificationOp<"isfinite"> {
  let reference = [{ return semantics.classify("isfinite", operand_, self.operand_.type) }];
  let summary = "Whether a float is finite";
  let description = [{
    True for zeros, subnormal and normal numbers; false for infinities and
    NaNs.

    Example:

    ```mlir
    %f = math.isfinite %x : f32
    ```
  }];
  let fold = [{
    return fold_classification(self, lambda kind: kind not in ("infinity", "nan"))
  }];
}

def Math_IsInfOp : Math_FloatClassificationOp<"isinf"> {
  let reference = [{ return semantics.classify("isinf", operand_, self.operand_.type) }];
  let summary = "Whether a float is infinite";
  let description = [{
    True for positive and negative infinity.

    Example:

    ```mlir
    %i = math.isinf %x : vector<4xf64>
    ```
  }];
  let fold = [{
    return fold_classification(self, lambda kind: kind == "infinity")
  }];
}

def Math_IsNaNOp : Math_FloatClassificationOp<"isnan"> {
  let reference = [{ return semantics.classify("isnan", operand_, self.operand_.type) }];
  let summary = "Whether a float is a NaN";
  let description = [{
    True for quiet and signaling NaNs.

    Example:

    ```mlir
    %n = math.isnan %x : f16
    ```
  }];
  let fold = [{
    return fold_classification(self, lambda kind: kind == "nan")
  }];
}

def Math_IsNormalOp : Math_FloatClassificationOp<"isnormal"> {
  let reference = [{ return semantics.classify("isnormal", operand_, self.operand_.type) }];
  let summary = "Whether a float is normal";
  let description = [{
    True for numbers that are neither zero, subnormal, infinite nor NaN.

    Example:

    ```mlir
    %n = math.isnormal %x : f32
    ```
  }];
  let fold = [{
    return fold_classification(self, lambda kind: kind == "normal")
  }];
}
