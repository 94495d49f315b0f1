"""The syntax of LLVM dialect attributes whose C++ parses and prints them by hand.

`#llvm.constant_range<i32, 0, 64>` holds two `APInt`s of one width: MLIR reads an
integer type (of any signedness; only its width counts), then two integers of any
size that it sign-extends or truncates to that width, and prints them signed. A
Python `int` has no width, so the attribute's value here is the width and the two
signed integers: the parameters of MLIR's `get(bitWidth, lower, upper)` builder.

These are runtime functions, not generated code, because an imported LLVM dialect
and the dialects that take its attributes (`nvvm`, `rocdl`, `xevm`) share them.
"""

from __future__ import annotations

from generator.ir.attr_type_base import ParametricAttr
from generator.ir.attributes import Attribute
from generator.ir.opasm import AsmParser
from generator.ir.types import MAX_INTEGER_WIDTH, IntegerType

__all__ = [
    "constant_range_bounds_error",
    "constant_range_text",
    "parse_constant_range",
    "verify_constant_range",
    "wrap_signed",
]


def wrap_signed(value: int, width: int) -> int:
    """`value` truncated (or sign-extended) to `width` bits and read as signed, as
    `APInt::sextOrTrunc` and a signed print do; 0 for a width of 0."""
    if width <= 0:
        return 0
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def _integer(p: AsmParser) -> int:
    pos = p.current_pos()
    value = p.parse_optional_integer()
    if value is None:
        p.op_error(pos, "expected integer value")
    return value


def parse_constant_range(p: AsmParser) -> tuple[int, int, int]:
    """Read `<iN, lower, upper>` after `#llvm.constant_range`: the width and the two
    bounds wrapped to it."""
    p.expect("<")
    pos = p.current_pos()
    parsed = p.parse_type()
    if not isinstance(parsed, IntegerType):
        p.op_error(
            pos, f"invalid kind of type specified: expected builtin.integer, but found '{parsed}'"
        )
    width = parsed.width
    p.expect(",")
    lower = _integer(p)
    p.expect(",")
    upper = _integer(p)
    p.expect(">")
    return width, wrap_signed(lower, width), wrap_signed(upper, width)


def constant_range_text(width: int, lower: int, upper: int) -> str:
    """The text after `#llvm.constant_range`."""
    return f"<i{width}, {lower}, {upper}>"


def verify_constant_range(width: int, lower: int, upper: int) -> str | None:
    """Why a width and two bounds make no `#llvm.constant_range`, or None: the bounds
    are the signed values of `width` bits, as the parser makes them."""
    if not 0 <= width <= MAX_INTEGER_WIDTH:
        return f"invalid bit width {width}"
    for value in (lower, upper):
        if wrap_signed(value, width) != value:
            return f"{value} is not a signed {width}-bit integer"
    return None


def constant_range_bounds_error(attr: Attribute | None) -> str | None:
    """Why a `#llvm.constant_range` is no range LLVM's `ConstantRange` can hold, as
    the NVVM ops with a `range` check it, or None (also for no attribute): equal
    bounds mean the full or the empty range, so they must be the unsigned minimum or
    maximum of the width."""
    if not isinstance(attr, ParametricAttr) or (attr.DIALECT, attr.MNEMONIC) != (
        "llvm",
        "constant_range",
    ):
        return None
    width, lower, upper = attr.params
    assert isinstance(width, int) and isinstance(lower, int) and isinstance(upper, int)
    if lower != upper or lower in (0, -1):
        return None
    return (
        f"invalid range attribute: Lower == Upper, but they aren't min (0) or max "
        f"({(1 << width) - 1}) value! This is an invalid constant range."
    )
