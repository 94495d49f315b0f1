"""The `complex` dialect through its Python API: `#complex.number` (a typed attribute
with parameters), the builders and the constant materializer.

The textual behaviour (syntax, checks, folders, canonicalizations) is compared with
mlir-opt-22 in `tests/conformance/test_complex_differential.py` and
`test_complex_canonicalize.py`; these tests pin what only the Python API shows.
"""

from __future__ import annotations

import pytest
from dialects.ir_text import parse_verified

import generated
from generated.complex import ConstantOp, CreateOp, NumberAttr, ReOp
from generated.complex.ops import materialize_constant
from generator.ir import (
    ArrayAttr,
    ComplexType,
    FloatAttr,
    FloatType,
    IntegerAttr,
    IntegerType,
    PatternRewriter,
    is_typed_attr,
    typed_attr_type,
)
from generator.ir.parser import parse_attribute
from generator.ir.printer import Printer

F32 = FloatType.get("f32")
F16 = FloatType.get("f16")
C32 = ComplexType.get(F32)


def test_number_holds_the_bits_of_its_element_type() -> None:
    """`build` rounds doubles to the element type; `get` takes the bits."""
    half = NumberAttr.build(ComplexType.get(F16), 1.0, 65520.0)
    # 65520 rounds up past f16's largest finite value, to infinity.
    assert (half.real, half.imag) == (0x3C00, 0x7C00)
    assert NumberAttr.get(0x3F800000, 0x40000000, C32) is NumberAttr.build(C32, 1.0, 2.0)


@pytest.mark.parametrize(
    ("real", "imag", "type_", "message"),
    [
        (0, 0, F32, "complex attribute must be a complex type."),
        (0, 0, ComplexType.get(IntegerType.get(32)), "element type of the complex attribute"),
        (1 << 32, 0, C32, "type doesn't match the type implied by its `real` value"),
        (0, -1, C32, "type doesn't match the type implied by its `imag` value"),
    ],
)
def test_number_checks_its_parameters(real: int, imag: int, type_: object, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        NumberAttr.get(real, imag, type_)  # type: ignore[arg-type]


def test_number_is_a_typed_attribute_printed_with_its_type() -> None:
    """Like MLIR's `TypedAttr`: its type is the complex type, printed after the body,
    and the type written after it is read and left alone."""
    attr = parse_attribute(
        "#complex.number<:f32 1.5, 0xBFF0000000000000> : complex<f64>", generated.context()
    )
    assert isinstance(attr, NumberAttr)
    assert is_typed_attr(attr)
    assert typed_attr_type(attr) is C32
    # The hexadecimal literal is the bits of an f64 (-1.0), rounded to f32.
    assert Printer().attr_text(attr) == (
        "#complex.number<:f32 1.500000e+00, -1.000000e+00> : complex<f32>"
    )


def test_materializer_builds_complex_constants_and_leaves_the_rest_to_arith() -> None:
    """A pair of parts of the element type becomes a `complex.constant`; a part alone
    an `arith.constant`; anything else nothing."""
    rewriter = PatternRewriter(context=generated.context())
    parts = ArrayAttr.get((FloatAttr.get(F32, 0x3F800000), FloatAttr.get(F32, 0)))
    made = materialize_constant(rewriter, parts, C32, None)
    assert isinstance(made, ConstantOp)
    assert made.value is parts
    part = materialize_constant(rewriter, parts.value[0], F32, None)
    assert part is not None
    assert part.OPERATION_NAME == "arith.constant"
    ints = ArrayAttr.get((IntegerAttr.get(IntegerType.get(8), 1),) * 2)
    assert materialize_constant(rewriter, ints, C32, None) is None


def test_parts_of_a_built_number_fold_to_the_parts() -> None:
    """`ReOp.fold` of a `complex.create` is the real operand, as a Value."""
    module = parse_verified(
        "func.func @f(%x: f32, %y: f32) -> f32 {\n"
        "  %z = complex.create %x, %y : complex<f32>\n"
        "  %r = complex.re %z : complex<f32>\n"
        "  return %r : f32\n"
        "}\n"
    )
    ops = [op for op in module.walk() if isinstance(op, (CreateOp, ReOp))]
    create, re = ops
    assert isinstance(re, ReOp)
    assert isinstance(create, CreateOp)
    assert re.fold() is create.real
