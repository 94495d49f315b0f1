"""The syntax of LLVM dialect attributes whose C++ parses and prints them by hand.

`#llvm.constant_range<i32, 0, 64>` holds two `APInt`s of one width: MLIR reads an
integer type (of any signedness; only its width counts), then two integers of any
size that it sign-extends or truncates to that width, and prints them signed. A
Python `int` has no width, so the attribute's value here is the width and the two
signed integers: the parameters of MLIR's `get(bitWidth, lower, upper)` builder.

`!llvm.struct<...>` is literal (`<(i32, f32)>`, `<packed (i8)>`) or identified by a
name (`<"node", (i32)>`, `<"node", opaque>`). Inside it MLIR writes the LLVM dialect's
own types without their `!llvm.` prefix (`<(ptr, struct<(i32)>)>`) and reads them
either way. The struct's value here is its name (empty for a literal struct), its
element types, and whether it is packed or opaque.

These are runtime functions, not generated code, because an imported LLVM dialect
and the dialects that take its attributes (`nvvm`, `rocdl`, `xevm`) share them.
"""

from __future__ import annotations

from typing import Any

from generator.ir.attr_type_base import DialectType, ParametricAttr, ParametricType
from generator.ir.attributes import Attribute
from generator.ir.opasm import AsmParser, SourcePos
from generator.ir.printer import escape_string
from generator.ir.types import MAX_INTEGER_WIDTH, IntegerType, Type

__all__ = [
    "constant_range_bounds_error",
    "constant_range_text",
    "llvm_struct_text",
    "parse_constant_range",
    "parse_llvm_struct",
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
    if not isinstance(width, int) or lower != upper or lower in (0, -1):
        return None
    return (
        f"invalid range attribute: Lower == Upper, but they aren't min (0) or max "
        f"({(1 << width) - 1}) value! This is an invalid constant range."
    )


#: The mnemonics of the LLVM dialect's types, which it reads without `!llvm.` in its
#: own types' bodies.
_LLVM_MNEMONICS = frozenset(
    {
        "array",
        "func",
        "label",
        "metadata",
        "ppc_fp128",
        "ptr",
        "struct",
        "target",
        "token",
        "void",
        "x86_amx",
    }
)

#: The LLVM types a struct cannot hold (`LLVMStructType::isValidElementType`).
_NOT_STRUCT_ELEMENTS = frozenset({"void", "token", "label", "metadata", "func"})


def _llvm_mnemonic(t: Type) -> str | None:
    dialect = getattr(type(t), "DIALECT", None)
    return getattr(type(t), "MNEMONIC", None) if dialect == "llvm" else None


def _parse_llvm_element(p: AsmParser) -> Type:
    """A type in an LLVM type's body: an LLVM type may come without `!llvm.`."""
    pos = p.current_pos()
    # The parser's own test of what may begin a builtin type (`i32`, `vector`).
    at_type: Any = getattr(p, "at_type_start", None)
    if at_type is not None and at_type(int(pos)):
        return p.parse_type()
    word = p.parse_optional_keyword()
    if word is None:
        p.error_at(pos, "expected valid keyword")
    ctx: Any = getattr(p, "ctx", None)
    cls = ctx.lookup_type("llvm", word) if word in _LLVM_MNEMONICS and ctx is not None else None
    if isinstance(cls, type) and issubclass(cls, ParametricType):
        parsed: Type = cls.parse(p)
        return parsed
    if isinstance(cls, type) and issubclass(cls, DialectType):
        return cls.get()  # a type without parameters (`void`)
    p.error_at(pos, f"unknown LLVM type: {word}")


def parse_llvm_struct(p: AsmParser) -> tuple[str, tuple[Type, ...], bool, bool]:
    """Read `<...>` after `!llvm.struct`: its name, elements, packed and opaque."""
    start = p.current_pos()
    p.expect("<")
    name = ""
    if p.peek() == '"':
        name = p.parse_string_literal()
        if not p.consume_if(","):
            p.error_at(p.current_pos(), "struct without a body only allowed in a recursive struct")
        opaque_pos = p.current_pos()
        if p.consume_keyword("opaque"):
            p.expect(">")
            _identify(
                p, name, ((), False, True), opaque_pos, "redeclaring defined struct as opaque"
            )
            return name, (), False, True
    packed = p.consume_keyword("packed")
    p.expect("(")
    body_pos = p.current_pos()
    body: list[Type] = []
    if not p.consume_if(")"):
        while True:
            body.append(_parse_llvm_element(p))
            if not p.consume_if(","):
                break
        p.expect(")")
    p.expect(">")
    for element in body:
        if _llvm_mnemonic(element) in _NOT_STRUCT_ELEMENTS:
            p.error_at(start, f"invalid LLVM structure element type: '{element}'")
    if name:
        message = "identified type already used with a different body"
        _identify(p, name, (tuple(body), packed, False), body_pos, message)
    return name, tuple(body), packed, False


def _identify(
    p: AsmParser, name: str, value: tuple[tuple[Type, ...], bool, bool], pos: SourcePos, error: str
) -> None:
    """Record what an identified struct is in the parser's context on first use, or
    report `error` at `pos` when a later use says otherwise."""
    ctx: Any = getattr(p, "ctx", None)
    known = getattr(ctx, "identified_types", None)
    if not isinstance(known, dict):
        return
    found = known.setdefault(("llvm.struct", name), value)
    if found != value:
        p.error_at(pos, error)


def _short(t: Type) -> str:
    text = str(t)
    return text.removeprefix("!llvm.") if _llvm_mnemonic(t) is not None else text


def llvm_struct_text(name: str, body: tuple[Type, ...], packed: bool, opaque: bool) -> str:
    """The text after `!llvm.struct`."""
    head = f"{escape_string(name)}, " if name else ""
    if opaque:
        return f"<{head}opaque>"
    elements = ", ".join(_short(t) for t in body)
    return f"<{head}{'packed ' if packed else ''}({elements})>"
