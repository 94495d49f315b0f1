// The complex dialect: complex numbers built from two floats, and arithmetic,
// comparisons and elementary functions on them. Every op and attribute of MLIR
// 22's `complex` dialect, with the same op, operand, attribute and result
// names, syntax, constraints (and so the same verifier messages), folders and
// canonicalizations. The fast-math flags are `arith`'s (`#arith.fastmath<...>`).

include "OpBase.td"
include "arith.td"

def Complex_Dialect : Dialect {
  let name = "complex";
  let summary = "Complex numbers and their arithmetic";
  let description = [{
    Values of the builtin `complex<T>` type: a real and an imaginary part,
    both of the float type `T`. `complex.create` builds one from its parts,
    `complex.re` and `complex.im` take it apart, `complex.constant` spells a
    constant, and `complex.bitcast` reinterprets its bits as an integer or a
    float of twice the element width. The other operations compute on
    complex numbers: arithmetic, equality, the absolute value and the angle,
    exponentials, logarithms, powers, roots and trigonometric functions.

    The arithmetic and the functions take `arith`'s fast-math flags, written
    after the operands (`complex.mul %a, %b fastmath<nnan> : complex<f32>`).

    Folding takes values apart that were just built (`complex.re` of
    `complex.create`), cancels inverse operations (negation twice, `exp` of
    `log`, an addition undone by a subtraction) and drops additions of zero
    and multiplications and divisions by one; it does not compute complex
    functions of constants.

    Example:

    ```mlir
    %z = complex.create %re, %im : complex<f64>
    %w = complex.mul %z, %z : complex<f64>
    %m = complex.abs %w : complex<f64>
    ```
  }];
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    def materialize_constant(
        rewriter: PatternRewriter, value: Attribute, type_: Type, loc: Location | None
    ) -> Operation | None:
        """A `complex.constant` for a pair of parts of the complex type's element type
        (MLIR's `ConstantOp::isBuildableWith`); anything else as `arith` materializes
        it (an `arith.constant`, or a `ub.poison` for poison)."""
        if constant_is_buildable(value, type_):
            assert isinstance(value, ArrayAttr)
            return ConstantOp(value=value, complex_type=type_, loc=loc)
        from generated.arith.ops import materialize_constant as arith_constant

        return arith_constant(rewriter, value, type_, loc)


    def constant_is_buildable(value: Attribute, type_: Type) -> bool:
        """Whether `value` is two float or two integer attributes whose types are
        the element type of the complex type `type_`."""
        if not isinstance(value, ArrayAttr) or not isinstance(type_, ComplexType):
            return False
        if len(value.value) != 2:
            return False
        re, im = value.value
        element = type_.element_type
        for kind in (FloatAttr, IntegerAttr):
            if isinstance(re, kind):
                return isinstance(im, kind) and re.type is element and im.type is element
        return False


    def complex_element(type_: Type) -> Type:
        """The element type of a complex type (any other type itself)."""
        return type_.element_type if isinstance(type_, ComplexType) else type_


    def is_zero_constant(value: Value) -> bool:
        """Whether `value` is made by a `complex.constant` whose parts are both zeros
        (of either sign)."""
        found = value.defining_op
        if not isinstance(found, ConstantOp):
            return False
        parts = found.value.value
        return is_zero_float(parts[0]) and is_zero_float(parts[1])


    def negate_component(op: Operation, rewriter: PatternRewriter, index: int) -> bool:
        """A part (`index` 0 real, 1 imaginary) of the negation of a number just built
        becomes the negation of that part (MLIR's `FoldComponentNeg`)."""
        neg = op.operands[0].defining_op
        if not isinstance(neg, NegOp):
            return False
        made = neg.complex.defining_op
        if not isinstance(made, CreateOp):
            return False
        from generated.arith.ops import NegFOp

        part = made.operands[index]
        rewriter.replace_op_with_new_op(op, NegFOp(part, loc=op.loc))
        return True


    def is_one(parts: Attribute | None) -> bool:
        """Whether `parts` is the pair (1.0, 0.0) (or -0.0), as MLIR's `mul` and `div`
        folders read a constant divisor or factor."""
        if not isinstance(parts, ArrayAttr) or len(parts.value) != 2:
            return False
        return is_zero_float(parts.value[1]) and is_one_float(parts.value[0])
  }];
}

//===----------------------------------------------------------------------===//
// Attributes and enums
//===----------------------------------------------------------------------===//

def Complex_NumberAttr : AttrDef<Complex_Dialect, "Number"> {
  let mnemonic = "number";
  let summary = "A complex number";
  let description = [{
    A complex constant as an attribute: its element type, then its real and
    imaginary parts, written `#complex.number<:f32 1.0, -2.5>`. The parts are
    read as doubles (a decimal literal with a `.`, or the hexadecimal bits of
    an `f64`) and rounded to the element type. The attribute's type is the
    complex type of that element type, printed after it:
    `#complex.number<:f32 1.000000e+00, -2.500000e+00> : complex<f32>`.
  }];
  // The parts are bit patterns of the element type, as a FloatAttr keeps them.
  let parameters = (ins AttrParameter<"int", "the real part's bits">:$real,
                        AttrParameter<"int", "the imaginary part's bits">:$imag,
                        AttributeSelfTypeParameter<"">:$type);
  let genVerifyDecl = 1;
  let verifier = [{
    if not isinstance(type, ComplexType):
        return "complex attribute must be a complex type."
    if not isinstance(type.element_type, FloatType):
        return "element type of the complex attribute must be float like type."
    limit = 1 << float_format(type.element_type).width
    if not 0 <= real < limit:
        return "type doesn't match the type implied by its `real` value"
    if not 0 <= imag < limit:
        return "type doesn't match the type implied by its `imag` value"
    return None
  }];
  let hasCustomAssemblyFormat = 1;
  // `<:T re, im>`; the type after the attribute (` : complex<T>`) is read and
  // left alone, since the element type implies it.
  let parser = [{
    p.expect("<")
    p.expect(":")
    type_pos = p.current_pos()
    element = p.parse_type()
    real = p.parse_float()
    p.expect(",")
    imag = p.parse_float()
    p.expect(">")
    if not isinstance(element, FloatType):
        # MLIR stops on an assertion here; the attribute's own check words it.
        p.error_at(type_pos, "element type of the complex attribute must be float like type.")
    fmt = float_format(element)
    return cls.get(
        float_from_double(fmt, real), float_from_double(fmt, imag), ComplexType.get(element)
    )
  }];
  let printer = [{
    assert isinstance(self.type, ComplexType)
    element = self.type.element_type
    fmt = float_format(element)
    return f"<:{element} {float_literal(fmt, self.real)}, {float_literal(fmt, self.imag)}>"
  }];
  let builders = [
    AttrBuilder<(ins "ComplexType":$type_, "float":$real, "float":$imag), [{
      fmt = float_format(type_.element_type)
      return cls.get(float_from_double(fmt, real), float_from_double(fmt, imag), type_)
    }]>
  ];
}

def Complex_RangeImproved : I32BitEnumAttrCaseBit<"improved", 0>;
def Complex_RangeBasic : I32BitEnumAttrCaseBit<"basic", 1>;
def Complex_RangeNone : I32BitEnumAttrCaseBit<"none", 2>;

def Complex_ComplexRangeFlags : I32BitEnumAttr<"ComplexRangeFlags",
    "Complex range flags", [Complex_RangeImproved, Complex_RangeBasic, Complex_RangeNone]> {
  let cppNamespace = "::mlir::complex";
  let description = [{
    How lowerings of complex division and absolute values trade range for
    speed: `improved` avoids intermediate overflow with scaling, `basic` uses
    the textbook formula, `none` leaves the choice open. The ops carry no such
    attribute; conversion passes take it as an option.
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints and op classes
//===----------------------------------------------------------------------===//

// MLIR's `Complex<AnyFloat>`: a complex type of float elements. Custom forms
// read a type of another kind as an error (`expected builtin.complex`).
def Complex_FloatComplex : AnyTypeOf<[
    Type<CPred<"isinstance($_self, ComplexType) and isinstance($_self.element_type, FloatType)">,
         "complex type with floating-point elements">],
    "complex type with floating-point elements", "::mlir::ComplexType">;

def Complex_AnyComplex : AnyTypeOf<[AnyComplex], "complex-type", "::mlir::ComplexType">;

class Complex_Op<string mnemonic, list<Trait> traits = []>
    : Op<Complex_Dialect, mnemonic, traits>;

defvar Complex_FastMath = DefaultValuedAttr<Arith_FastMathFlagsAttr, "none">;

// Two complex numbers in, one of the same type out.
class Complex_ArithmeticOp<string mnemonic, list<Trait> traits = []>
    : Complex_Op<mnemonic, traits # [Pure, SameOperandsAndResultType, Elementwise]> {
  let arguments = (ins Complex_FloatComplex:$lhs, Complex_FloatComplex:$rhs,
                       Complex_FastMath:$fastmath);
  let results = (outs Complex_FloatComplex:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

// One complex number in; the result is declared by each op.
class Complex_UnaryOp<string mnemonic, list<Trait> traits = []>
    : Complex_Op<mnemonic, traits # [Pure, Elementwise]> {
  let arguments = (ins Complex_FloatComplex:$complex, Complex_FastMath:$fastmath);
  let assemblyFormat = [{
    $complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)
  }];
}

// A function of a complex number to a complex number of the same type.
class Complex_FunctionOp<string mnemonic, list<Trait> traits = []>
    : Complex_UnaryOp<mnemonic, traits # [SameOperandsAndResultType]> {
  let results = (outs Complex_FloatComplex:$result);
}

// A real part, imaginary part, absolute value or angle: a float of the
// element type.
class Complex_PartOp<string mnemonic, string result, list<Trait> traits = []>
    : Complex_UnaryOp<mnemonic, traits # [
        TypesMatchWith<"complex element type matches result type",
                       "complex", result, "complex_element($_self)">]> {
  let results = (outs AnyFloat:$result);
}

// `eq` and `neq`: two complex numbers of one type in, an i1 out.
class Complex_CompareOp<string mnemonic>
    : Complex_Op<mnemonic, [Pure, AllTypesMatch<["lhs", "rhs"]>, Elementwise]> {
  let arguments = (ins Complex_FloatComplex:$lhs, Complex_FloatComplex:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs  attr-dict `:` type($lhs)";
}

//===----------------------------------------------------------------------===//
// Building, taking apart and reinterpreting
//===----------------------------------------------------------------------===//

def Complex_CreateOp : Complex_Op<"create", [
    Pure,
    AllTypesMatch<["real", "imaginary"]>,
    TypesMatchWith<"complex element type matches real operand type",
                   "complex", "real", "complex_element($_self)">,
    TypesMatchWith<"complex element type matches imaginary operand type",
                   "complex", "imaginary", "complex_element($_self)">]> {
  let summary = "Build a complex number from its parts";
  let description = [{
    The complex number whose real part is `real` and whose imaginary part is
    `imaginary`, two floats of the result's element type.

    Example:

    ```mlir
    %z = complex.create %x, %y : complex<f32>
    ```
  }];
  let arguments = (ins AnyFloat:$real, AnyFloat:$imaginary);
  let results = (outs Complex_FloatComplex:$complex);
  let assemblyFormat = "$real `,` $imaginary attr-dict `:` type($complex)";
  let hasFolder = 1;
  // create(re(z), im(z)) -> z
  let fold = [{
    re = self.real.defining_op
    im = self.imaginary.defining_op
    if isinstance(re, ReOp) and isinstance(im, ImOp) and re.complex is im.complex:
        return re.complex
    return None
  }];
}

def Complex_ReOp : Complex_PartOp<"re", "real"> {
  let summary = "The real part of a complex number";
  let description = [{
    The real part of `complex`, a float of its element type.

    Example:

    ```mlir
    %x = complex.re %z : complex<f32>
    ```
  }];
  let results = (outs AnyFloat:$real);
  let hasFolder = 1;
  let fold = [{
    parts = constant_value(self.complex)
    if isinstance(parts, ArrayAttr) and len(parts.value) == 2:
        return parts.value[0]
    made = self.complex.defining_op
    if isinstance(made, CreateOp):
        return made.real
    return None
  }];
  let hasCanonicalizer = 1;
  // re(neg(create(x, y))) -> negf(x)
  let canonicalize = [{
    return negate_component(op, rewriter, 0)
  }];
}

def Complex_ImOp : Complex_PartOp<"im", "imaginary"> {
  let summary = "The imaginary part of a complex number";
  let description = [{
    The imaginary part of `complex`, a float of its element type.

    Example:

    ```mlir
    %y = complex.im %z : complex<f32>
    ```
  }];
  let results = (outs AnyFloat:$imaginary);
  let hasFolder = 1;
  let fold = [{
    parts = constant_value(self.complex)
    if isinstance(parts, ArrayAttr) and len(parts.value) == 2:
        return parts.value[1]
    made = self.complex.defining_op
    if isinstance(made, CreateOp):
        return made.imaginary
    return None
  }];
  let hasCanonicalizer = 1;
  // im(neg(create(x, y))) -> negf(y)
  let canonicalize = [{
    return negate_component(op, rewriter, 1)
  }];
}

def Complex_ConstantOp : Complex_Op<"constant", [ConstantLike, Pure]> {
  let summary = "A complex constant";
  let description = [{
    The complex number whose parts are the two elements of `value`, floats
    (or integers, for a complex type of integers) of the result's element
    type.

    Example:

    ```mlir
    %z = complex.constant [1.5 : f64, -2.0 : f64] : complex<f64>
    %n = complex.constant [3 : i32, 4 : i32] : complex<i32>
    ```
  }];
  let arguments = (ins ArrayAttr:$value);
  let results = (outs Complex_AnyComplex:$complex);
  let assemblyFormat = "$value attr-dict `:` type($complex)";
  let asmResultNames = [{
    return ((0, "cst"),)
  }];
  let hasFolder = 1;
  let fold = [{
    return self.value
  }];
  let hasVerifier = 1;
  let verifier = [{
    parts = self.value.value
    if len(parts) != 2:
        return (
            "requires 'value' to be a complex constant, represented as array of two values"
        )
    if not all(isinstance(part, (FloatAttr, IntegerAttr)) for part in parts):
        return "requires attribute's elements to be float or integer attributes"
    complex_type = self.complex.type
    assert isinstance(complex_type, ComplexType)
    element = complex_type.element_type
    re_type, im_type = attr_type(parts[0]), attr_type(parts[1])
    if re_type is not element or im_type is not element:
        return (
            f"requires attribute's element types ('{re_type}', '{im_type}') to match the "
            f"element type of the op's return type ('{element}')"
        )
    return None
  }];
}

def Complex_BitcastOp : Complex_Op<"bitcast", [Pure]> {
  let summary = "Reinterpret the bits of a complex number";
  let description = [{
    The value with the same bits as the operand, between a complex type and
    an integer or float type as wide as its two parts together: a
    `complex<f32>` is an `i64` or an `f64`. One of the two types is complex;
    a cast from a type to itself is allowed and folds away.

    Example:

    ```mlir
    %bits = complex.bitcast %z : complex<f32> to i64
    %back = complex.bitcast %bits : i64 to complex<f32>
    ```
  }];
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `to` type($result)";
  let hasVerifier = 1;
  let verifier = [{
    source, target = self.operand_.type, self.result.type
    if source is target:
        return None
    if not isinstance(source, (IntegerType, FloatType, ComplexType)):
        return "operand must be int/float/complex"
    if not isinstance(target, (IntegerType, FloatType, ComplexType)):
        return "result must be int/float/complex"
    if isinstance(source, ComplexType) == isinstance(target, ComplexType):
        return "requires that either input or output has a complex type"
    if isinstance(target, ComplexType):
        source, target = target, source
    assert isinstance(source, ComplexType)
    assert not isinstance(target, ComplexType)
    element = source.element_type
    if not isinstance(element, (IntegerType, FloatType)):
        return "casting bitwidths do not match"
    if 2 * element.width != target.width:
        return "casting bitwidths do not match"
    return None
  }];
  let hasFolder = 1;
  let fold = [{
    if self.operand_.type is self.result.type:
        return self.operand_
    return None
  }];
  let hasCanonicalizer = 1;
  // bitcast(bitcast(x)) -> one cast of x: `complex.bitcast` when either end is
  // complex, else `arith.bitcast`; bitcast(arith.bitcast(x)) -> bitcast(x).
  let canonicalize = [{
    from generated.arith.ops import BitcastOp as ArithBitcastOp

    inner = op.operand_.defining_op
    if isinstance(inner, BitcastOp):
        source = inner.operand_
        if isinstance(op.result.type, ComplexType) or isinstance(source.type, ComplexType):
            replacement: Operation = BitcastOp(source, result_type=op.result.type, loc=op.loc)
        else:
            replacement = ArithBitcastOp(source, out_type=op.result.type, loc=op.loc)
        rewriter.replace_op_with_new_op(op, replacement)
        return True
    if isinstance(inner, ArithBitcastOp):
        rewriter.replace_op_with_new_op(
            op, BitcastOp(inner.in_, result_type=op.result.type, loc=op.loc)
        )
        return True
    return False
  }];
}

// arith.bitcast(complex.bitcast(x)) -> complex.bitcast(x), which MLIR adds to
// the canonicalization patterns with complex.bitcast's.
def Complex_MergeArithBitcast : Pat<
  (Arith_BitcastOp:$res (Complex_BitcastOp $x)),
  (Complex_BitcastOp $x, (returnType $res))> {
  let patternSet = "canonicalize";
}

//===----------------------------------------------------------------------===//
// Arithmetic and comparisons
//===----------------------------------------------------------------------===//

def Complex_AddOp : Complex_ArithmeticOp<"add"> {
  let summary = "Complex addition";
  let description = [{
    The sum of two complex numbers, part by part.

    Example:

    ```mlir
    %s = complex.add %a, %b : complex<f32>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    # add(sub(a, b), b) -> a
    sub = self.lhs.defining_op
    if isinstance(sub, SubOp) and sub.rhs is self.rhs:
        return sub.lhs
    # add(b, sub(a, b)) -> a
    sub = self.rhs.defining_op
    if isinstance(sub, SubOp) and sub.rhs is self.lhs:
        return sub.lhs
    # add(a, 0) -> a
    if is_zero_constant(self.rhs):
        return self.lhs
    return None
  }];
}

def Complex_SubOp : Complex_ArithmeticOp<"sub"> {
  let summary = "Complex subtraction";
  let description = [{
    The difference of two complex numbers, part by part.

    Example:

    ```mlir
    %d = complex.sub %a, %b : complex<f32>
    ```
  }];
  let hasFolder = 1;
  let fold = [{
    # sub(add(a, b), b) -> a
    add = self.lhs.defining_op
    if isinstance(add, AddOp) and add.rhs is self.rhs:
        return add.lhs
    # sub(a, 0) -> a
    if is_zero_constant(self.rhs):
        return self.lhs
    return None
  }];
}

def Complex_MulOp : Complex_ArithmeticOp<"mul"> {
  let summary = "Complex multiplication";
  let description = [{
    The product of two complex numbers.

    Example:

    ```mlir
    %p = complex.mul %a, %b : complex<f32>
    ```
  }];
  let hasFolder = 1;
  // mul(a, 1) -> a, for a `complex.constant` factor.
  let fold = [{
    factor = self.rhs.defining_op
    if isinstance(factor, ConstantOp) and is_one(factor.value):
        return self.lhs
    return None
  }];
}

def Complex_DivOp : Complex_ArithmeticOp<"div"> {
  let summary = "Complex division";
  let description = [{
    The quotient of two complex numbers.

    Example:

    ```mlir
    %q = complex.div %a, %b : complex<f32>
    ```
  }];
  let hasFolder = 1;
  // div(a, 1) -> a, for a constant divisor.
  let fold = [{
    if is_one(constant_value(self.rhs)):
        return self.lhs
    return None
  }];
}

def Complex_NegOp : Complex_FunctionOp<"neg"> {
  let summary = "Complex negation";
  let description = [{
    Both parts of the complex number negated.

    Example:

    ```mlir
    %n = complex.neg %z : complex<f32>
    ```
  }];
  let hasFolder = 1;
  // neg(neg(a)) -> a
  let fold = [{
    inner = self.complex.defining_op
    if isinstance(inner, NegOp):
        return inner.complex
    return None
  }];
}

def Complex_ConjOp : Complex_FunctionOp<"conj"> {
  let summary = "Complex conjugate";
  let description = [{
    The complex number with the same real part and the imaginary part
    negated.

    Example:

    ```mlir
    %c = complex.conj %z : complex<f32>
    ```
  }];
  let hasFolder = 1;
  // conj(conj(a)) -> a
  let fold = [{
    inner = self.complex.defining_op
    if isinstance(inner, ConjOp):
        return inner.complex
    return None
  }];
}

def Complex_EqualOp : Complex_CompareOp<"eq"> {
  let summary = "Equality of complex numbers";
  let description = [{
    Whether both parts of two complex numbers are equal.

    Example:

    ```mlir
    %same = complex.eq %a, %b : complex<f32>
    ```
  }];
}

def Complex_NotEqualOp : Complex_CompareOp<"neq"> {
  let summary = "Inequality of complex numbers";
  let description = [{
    Whether either part of two complex numbers differs.

    Example:

    ```mlir
    %differ = complex.neq %a, %b : complex<f32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Absolute value, angle and sign
//===----------------------------------------------------------------------===//

def Complex_AbsOp : Complex_PartOp<"abs", "result"> {
  let summary = "Absolute value of a complex number";
  let description = [{
    The distance of the complex number from zero, `sqrt(re^2 + im^2)`, a
    float of its element type.

    Example:

    ```mlir
    %m = complex.abs %z : complex<f32>
    ```
  }];
}

def Complex_AngleOp : Complex_PartOp<"angle", "result"> {
  let summary = "Argument of a complex number";
  let description = [{
    The angle of the complex number from the positive real axis,
    `atan2(im, re)`, a float of its element type.

    Example:

    ```mlir
    %phi = complex.angle %z : complex<f32>
    ```
  }];
}

def Complex_SignOp : Complex_FunctionOp<"sign"> {
  let summary = "Sign of a complex number";
  let description = [{
    The complex number divided by its absolute value, a number of absolute
    value one in the same direction; zero for zero.

    Example:

    ```mlir
    %s = complex.sign %z : complex<f32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Exponentials, logarithms, powers and roots
//===----------------------------------------------------------------------===//

def Complex_ExpOp : Complex_FunctionOp<"exp"> {
  let summary = "Complex exponential";
  let description = [{
    `e` to the power of the complex number:
    `exp(x + iy) = exp(x) * (cos(y) + i sin(y))`.

    Example:

    ```mlir
    %e = complex.exp %z : complex<f32>
    ```
  }];
  let hasFolder = 1;
  // exp(log(a)) -> a
  let fold = [{
    inner = self.complex.defining_op
    if isinstance(inner, LogOp):
        return inner.complex
    return None
  }];
}

def Complex_Expm1Op : Complex_FunctionOp<"expm1"> {
  let summary = "Complex exponential minus one";
  let description = [{
    `exp(z) - 1`, computed without the loss of precision of the subtraction
    for `z` near zero.

    Example:

    ```mlir
    %e = complex.expm1 %z : complex<f32>
    ```
  }];
}

def Complex_LogOp : Complex_FunctionOp<"log"> {
  let summary = "Complex natural logarithm";
  let description = [{
    The principal natural logarithm: `log(|z|) + i angle(z)`.

    Example:

    ```mlir
    %l = complex.log %z : complex<f32>
    ```
  }];
  let hasFolder = 1;
  // log(exp(a)) -> a
  let fold = [{
    inner = self.complex.defining_op
    if isinstance(inner, ExpOp):
        return inner.complex
    return None
  }];
}

def Complex_Log1pOp : Complex_FunctionOp<"log1p"> {
  let summary = "Complex natural logarithm of one plus the operand";
  let description = [{
    `log(1 + z)`, computed without the loss of precision of the addition for
    `z` near zero.

    Example:

    ```mlir
    %l = complex.log1p %z : complex<f32>
    ```
  }];
}

def Complex_PowOp : Complex_ArithmeticOp<"pow"> {
  let summary = "Complex power";
  let description = [{
    `lhs` raised to the complex power `rhs`, `exp(rhs * log(lhs))`.

    Example:

    ```mlir
    %p = complex.pow %base, %exponent : complex<f32>
    ```
  }];
}

def Complex_PowiOp : Complex_Op<"powi", [
    Pure, Elementwise, SameOperandsAndResultShape, AllTypesMatch<["lhs", "result"]>]> {
  let summary = "Complex number to an integer power";
  let description = [{
    `lhs` raised to the power `rhs`, a signless integer read as signed. The
    custom form names the complex type, then the integer type.

    Example:

    ```mlir
    %p = complex.powi %z, %n : complex<f32>, i32
    ```
  }];
  let arguments = (ins Complex_FloatComplex:$lhs, AnySignlessInteger:$rhs,
                       OptionalAttr<Arith_FastMathFlagsAttr>:$fastmath);
  let results = (outs Complex_FloatComplex:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result) `,` type($rhs)
  }];
}

def Complex_SqrtOp : Complex_FunctionOp<"sqrt"> {
  let summary = "Complex square root";
  let description = [{
    The principal square root, the one with a non-negative real part.

    Example:

    ```mlir
    %r = complex.sqrt %z : complex<f32>
    ```
  }];
}

def Complex_RsqrtOp : Complex_FunctionOp<"rsqrt"> {
  let summary = "Reciprocal of the complex square root";
  let description = [{
    `1 / sqrt(z)`, of the principal square root.

    Example:

    ```mlir
    %r = complex.rsqrt %z : complex<f32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Trigonometric functions
//===----------------------------------------------------------------------===//

def Complex_CosOp : Complex_FunctionOp<"cos"> {
  let summary = "Complex cosine";
  let description = [{
    The cosine: `cos(x + iy) = cos(x) cosh(y) - i sin(x) sinh(y)`.

    Example:

    ```mlir
    %c = complex.cos %z : complex<f32>
    ```
  }];
}

def Complex_SinOp : Complex_FunctionOp<"sin"> {
  let summary = "Complex sine";
  let description = [{
    The sine: `sin(x + iy) = sin(x) cosh(y) + i cos(x) sinh(y)`.

    Example:

    ```mlir
    %s = complex.sin %z : complex<f32>
    ```
  }];
}

def Complex_TanOp : Complex_FunctionOp<"tan"> {
  let summary = "Complex tangent";
  let description = [{
    The tangent, `sin(z) / cos(z)`.

    Example:

    ```mlir
    %t = complex.tan %z : complex<f32>
    ```
  }];
}

def Complex_TanhOp : Complex_FunctionOp<"tanh"> {
  let summary = "Complex hyperbolic tangent";
  let description = [{
    The hyperbolic tangent, `sinh(z) / cosh(z)`.

    Example:

    ```mlir
    %t = complex.tanh %z : complex<f32>
    ```
  }];
}

def Complex_Atan2Op : Complex_ArithmeticOp<"atan2"> {
  let summary = "Complex two-argument arctangent";
  let description = [{
    The arctangent of `lhs / rhs` extended to complex numbers, through the
    complex logarithm: `atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2))`.

    Example:

    ```mlir
    %a = complex.atan2 %y, %x : complex<f32>
    ```
  }];
}
