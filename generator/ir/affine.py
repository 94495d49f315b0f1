"""Affine expressions, affine maps and integer sets, built, parsed and printed as MLIR 22 does.

This module owns the `affine_map<...>` and `affine_set<...>` bodies: the expression model
with MLIR's construction-time simplification, the hash-consed `AffineMap` and `IntegerSet`
values, the parser of their textual bodies (with MLIR's error messages and positions) and
the canonical printer.

Printing only matches `mlir-opt` byte for byte if expressions are built exactly as MLIR
builds them: MLIR simplifies each binary operation as it is created, the rules are local
and not confluent, so the same arithmetic written in a different order can print
differently (`d0 + d1 - d0` stays as it is, `d0 - d0` becomes `0`). Every constructor here
therefore applies the same local rules in the same order, including MLIR's 64-bit
wrap-around in the places where MLIR does not check for overflow.

Expressions, maps and sets are uniqued: structurally equal values are the same object, so
`==` is identity and hashing is cheap. The tables hold their entries weakly, so values
nobody refers to any more are dropped.
"""

from __future__ import annotations

import enum
import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from generator.ir.nesting import MAX_AFFINE_DEPTH

__all__ = [
    "AffineBinaryExpr",
    "AffineConstantExpr",
    "AffineDimExpr",
    "AffineExpr",
    "AffineExprKind",
    "AffineMap",
    "AffineParseError",
    "AffineSymbolExpr",
    "IntegerSet",
    "affine_binary",
    "format_affine_expr",
    "format_affine_map",
    "format_integer_set",
    "parse_affine_map",
    "parse_affine_map_or_integer_set",
    "parse_affine_map_prefix",
    "parse_integer_set",
    "parse_integer_set_prefix",
    "parse_ssa_id_expr",
    "parse_ssa_id_map",
    "replace_dims_and_symbols",
]

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_U64 = 1 << 64


def _wrap(value: int) -> int:
    """Reduce `value` to a signed 64-bit integer, wrapping around like C++ arithmetic."""
    value &= _U64 - 1
    return value - _U64 if value > _INT64_MAX else value


def _fits(value: int) -> bool:
    return _INT64_MIN <= value <= _INT64_MAX


def _trunc_div(a: int, b: int) -> int:
    """C++ integer division: the quotient is rounded towards zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _trunc_rem(a: int, b: int) -> int:
    """C++ `%`: the remainder has the sign of the dividend."""
    return a - b * _trunc_div(a, b)


class AffineExprKind(enum.Enum):
    """The kind of an affine expression node; binary kinds carry their printed spelling."""

    ADD = "+"
    MUL = "*"
    MOD = "mod"
    FLOORDIV = "floordiv"
    CEILDIV = "ceildiv"
    CONSTANT = "constant"
    DIM = "dim"
    SYMBOL = "symbol"


_ADD = AffineExprKind.ADD
_MUL = AffineExprKind.MUL
_MOD = AffineExprKind.MOD
_FLOORDIV = AffineExprKind.FLOORDIV
_CEILDIV = AffineExprKind.CEILDIV
_CONSTANT = AffineExprKind.CONSTANT
_DIM = AffineExprKind.DIM
_SYMBOL = AffineExprKind.SYMBOL


def _frozen_setattr(self: object, name: str, value: object) -> NoReturn:
    raise AttributeError(f"{type(self).__name__} is immutable")


def _frozen_delattr(self: object, name: str) -> NoReturn:
    raise AttributeError(f"{type(self).__name__} is immutable")


class AffineExpr:
    """An affine expression; build one from dims, symbols, constants and the operators.

    `+`, `-`, `*` and unary `-` work as in MLIR; `%` is `mod` and `//` is `floordiv`, and
    `ceil_div` has no operator. Python ints are accepted on either side. Every operation
    returns the uniqued, simplified result MLIR would build.
    """

    __slots__ = ("__weakref__", "_divisor", "_symbolic", "kind")

    kind: AffineExprKind
    _symbolic: bool
    _divisor: int

    __setattr__ = _frozen_setattr
    __delattr__ = _frozen_delattr

    def __new__(cls, *args: object) -> AffineExpr:
        raise TypeError("build affine expressions from dims, symbols, constants and operators")

    @property
    def is_symbolic_or_constant(self) -> bool:
        """True if no dimension occurs in this expression."""
        return self._symbolic

    @property
    def largest_known_divisor(self) -> int:
        """The largest integer this expression is known to be a multiple of (MLIR's rule)."""
        return self._divisor

    @property
    def is_pure_affine(self) -> bool:
        """True if every product, division and modulo is by a constant."""
        for node in self.walk():
            if isinstance(node, AffineBinaryExpr) and node.kind is not _ADD:
                if node.kind is _MUL:
                    if not (
                        isinstance(node.lhs, AffineConstantExpr)
                        or isinstance(node.rhs, AffineConstantExpr)
                    ):
                        return False
                elif not isinstance(node.rhs, AffineConstantExpr):
                    return False
        return True

    def walk(self) -> list[AffineExpr]:
        """Return every node of this expression, children before their parent."""
        out: list[AffineExpr] = []
        stack: list[tuple[AffineExpr, bool]] = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded or not isinstance(node, AffineBinaryExpr):
                out.append(node)
                continue
            stack.append((node, True))
            stack.append((node.rhs, False))
            stack.append((node.lhs, False))
        return out

    def __add__(self, other: AffineExpr | int) -> AffineExpr:
        return _add(self, _as_expr(other))

    def __radd__(self, other: int) -> AffineExpr:
        return _add(self, _as_expr(other))

    def __mul__(self, other: AffineExpr | int) -> AffineExpr:
        return _mul(self, _as_expr(other))

    def __rmul__(self, other: int) -> AffineExpr:
        return _mul(self, _as_expr(other))

    def __neg__(self) -> AffineExpr:
        return _mul(self, AffineConstantExpr(-1))

    def __sub__(self, other: AffineExpr | int) -> AffineExpr:
        return _add(self, _mul(_as_expr(other), AffineConstantExpr(-1)))

    def __rsub__(self, other: int) -> AffineExpr:
        return _add(_mul(self, AffineConstantExpr(-1)), _as_expr(other))

    def __mod__(self, other: AffineExpr | int) -> AffineExpr:
        return _mod(self, _as_expr(other))

    def __rmod__(self, other: int) -> AffineExpr:
        return _mod(_as_expr(other), self)

    def __floordiv__(self, other: AffineExpr | int) -> AffineExpr:
        return _floordiv(self, _as_expr(other))

    def __rfloordiv__(self, other: int) -> AffineExpr:
        return _floordiv(_as_expr(other), self)

    def floor_div(self, other: AffineExpr | int) -> AffineExpr:
        """Return `self floordiv other`."""
        return _floordiv(self, _as_expr(other))

    def ceil_div(self, other: AffineExpr | int) -> AffineExpr:
        """Return `self ceildiv other`."""
        return _ceildiv(self, _as_expr(other))

    def __copy__(self) -> AffineExpr:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> AffineExpr:
        return self

    def __str__(self) -> str:
        return format_affine_expr(self)

    def __repr__(self) -> str:
        return f"AffineExpr({format_affine_expr(self)!r})"


def _as_expr(value: AffineExpr | int) -> AffineExpr:
    if isinstance(value, AffineExpr):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return AffineConstantExpr(value)
    raise TypeError(f"expected an AffineExpr or an int, got {type(value).__name__}")


_dims: weakref.WeakValueDictionary[int, AffineDimExpr] = weakref.WeakValueDictionary()
_symbols: weakref.WeakValueDictionary[int, AffineSymbolExpr] = weakref.WeakValueDictionary()
_constants: weakref.WeakValueDictionary[int, AffineConstantExpr] = weakref.WeakValueDictionary()
_binaries: weakref.WeakValueDictionary[
    tuple[AffineExprKind, AffineExpr, AffineExpr], AffineBinaryExpr
] = weakref.WeakValueDictionary()


class AffineDimExpr(AffineExpr):
    """The dimension `d<position>`; `AffineDimExpr(0)` is always the same object."""

    __slots__ = ("position",)

    position: int

    def __new__(cls, position: int) -> AffineDimExpr:
        found = _dims.get(position)
        if found is not None:
            return found
        if position < 0:
            raise ValueError(f"dimension position must be non-negative, got {position}")
        self = object.__new__(cls)
        object.__setattr__(self, "kind", _DIM)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "_symbolic", False)
        object.__setattr__(self, "_divisor", 1)
        _dims[position] = self
        return self

    def __reduce__(self) -> tuple[type[AffineDimExpr], tuple[int]]:
        return (AffineDimExpr, (self.position,))


class AffineSymbolExpr(AffineExpr):
    """The symbol `s<position>`; `AffineSymbolExpr(0)` is always the same object."""

    __slots__ = ("position",)

    position: int

    def __new__(cls, position: int) -> AffineSymbolExpr:
        found = _symbols.get(position)
        if found is not None:
            return found
        if position < 0:
            raise ValueError(f"symbol position must be non-negative, got {position}")
        self = object.__new__(cls)
        object.__setattr__(self, "kind", _SYMBOL)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "_symbolic", True)
        object.__setattr__(self, "_divisor", 1)
        _symbols[position] = self
        return self

    def __reduce__(self) -> tuple[type[AffineSymbolExpr], tuple[int]]:
        return (AffineSymbolExpr, (self.position,))


class AffineConstantExpr(AffineExpr):
    """A signed 64-bit integer constant."""

    __slots__ = ("value",)

    value: int

    def __new__(cls, value: int) -> AffineConstantExpr:
        found = _constants.get(value)
        if found is not None:
            return found
        if not _fits(value):
            raise ValueError(f"affine constant {value} does not fit in 64 bits")
        self = object.__new__(cls)
        object.__setattr__(self, "kind", _CONSTANT)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_symbolic", True)
        # MLIR takes std::abs of the value, which leaves the most negative value negative.
        object.__setattr__(self, "_divisor", _wrap(abs(value)))
        _constants[value] = self
        return self

    def __reduce__(self) -> tuple[type[AffineConstantExpr], tuple[int]]:
        return (AffineConstantExpr, (self.value,))


class AffineBinaryExpr(AffineExpr):
    """`lhs <kind> rhs` as it survived simplification; built only by the operators."""

    __slots__ = ("lhs", "rhs")

    lhs: AffineExpr
    rhs: AffineExpr

    def __new__(cls, *args: object) -> AffineBinaryExpr:
        raise TypeError("AffineBinaryExpr is built by the operators or affine_binary()")

    def __reduce__(
        self,
    ) -> tuple[Any, tuple[AffineExprKind, AffineExpr, AffineExpr]]:
        return (_uniqued_binary, (self.kind, self.lhs, self.rhs))


def _divisor_of(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> int:
    """MLIR's largest known divisor of a new binary node, from its operands' divisors."""
    if kind is _MUL:
        return _wrap(lhs._divisor * rhs._divisor)
    if kind is _ADD or kind is _MOD:
        # MLIR takes the gcd of the operands' divisors reinterpreted as unsigned.
        return _wrap(math.gcd(lhs._divisor % _U64, rhs._divisor % _U64))
    if isinstance(rhs, AffineConstantExpr) and rhs.value != 0:
        lhs_divisor = lhs._divisor
        if _trunc_rem(lhs_divisor, rhs.value) == 0:
            return _wrap(abs(_wrap(_trunc_div(lhs_divisor, rhs.value))))
    return 1


def _uniqued_binary(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineBinaryExpr:
    """Return the unique binary node for (kind, lhs, rhs), without simplifying it."""
    key = (kind, lhs, rhs)
    found = _binaries.get(key)
    if found is not None:
        return found
    self = object.__new__(AffineBinaryExpr)
    object.__setattr__(self, "kind", kind)
    object.__setattr__(self, "lhs", lhs)
    object.__setattr__(self, "rhs", rhs)
    object.__setattr__(self, "_symbolic", lhs._symbolic and rhs._symbolic)
    object.__setattr__(self, "_divisor", _divisor_of(kind, lhs, rhs))
    _binaries[key] = self
    return self


def _const_value(expr: AffineExpr) -> int | None:
    return expr.value if isinstance(expr, AffineConstantExpr) else None


def _simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const = _const_value(lhs)
    rhs_const = _const_value(rhs)
    if lhs_const is not None and rhs_const is not None:
        total = lhs_const + rhs_const
        return AffineConstantExpr(total) if _fits(total) else None

    # Constants go to the right, and a symbolic operand goes right of a dimensional one.
    if lhs_const is not None or (lhs._symbolic and not rhs._symbolic):
        return _add(rhs, lhs)

    if rhs_const == 0:
        return lhs

    l_bin = lhs if isinstance(lhs, AffineBinaryExpr) else None
    # (e + c1) + c2 -> e + (c1 + c2); MLIR does not check this sum for overflow.
    if l_bin is not None and rhs_const is not None and l_bin.kind is _ADD:
        inner = _const_value(l_bin.rhs)
        if inner is not None:
            return _add(l_bin.lhs, AffineConstantExpr(_wrap(inner + rhs_const)))

    # c1 * e + c2 * e -> e * (c1 + c2), where a bare e counts as e * 1.
    if l_bin is not None and l_bin.kind is _MUL and isinstance(l_bin.rhs, AffineConstantExpr):
        first, first_factor = l_bin.lhs, l_bin.rhs.value
    else:
        first, first_factor = lhs, 1
    r_bin = rhs if isinstance(rhs, AffineBinaryExpr) else None
    if r_bin is not None and r_bin.kind is _MUL and isinstance(r_bin.rhs, AffineConstantExpr):
        second, second_factor = r_bin.lhs, r_bin.rhs.value
    else:
        second, second_factor = rhs, 1
    if first is second:
        return _mul(first, AffineConstantExpr(_wrap(first_factor + second_factor)))

    # (e + c) + f -> (e + f) + c keeps the constant outermost.
    if l_bin is not None and l_bin.kind is _ADD and isinstance(l_bin.rhs, AffineConstantExpr):
        return _add(_add(l_bin.lhs, rhs), l_bin.rhs)

    # e + ((e floordiv q) * q) * -1 -> e mod q, for a symbolic q. Like MLIR, the outer
    # operation is not required to be a product here.
    if r_bin is None:
        return None
    inner_lhs = r_bin.lhs
    inner_rhs = r_bin.rhs
    if (
        _const_value(inner_rhs) == -1
        and isinstance(inner_lhs, AffineBinaryExpr)
        and inner_lhs.kind is _MUL
    ):
        quotient = inner_lhs.lhs
        divisor = inner_lhs.rhs
        if not (isinstance(quotient, AffineBinaryExpr) and quotient.kind is _FLOORDIV):
            return None
        if quotient.rhs is divisor and quotient.lhs is lhs:
            return _mod(lhs, divisor)

    # e + (e floordiv c) * -c -> e mod c, for a positive constant c.
    if not (
        isinstance(inner_lhs, AffineBinaryExpr)
        and r_bin.kind is _MUL
        and inner_lhs.kind is _FLOORDIV
    ):
        return None
    divisor_const = _const_value(inner_lhs.rhs)
    if (
        divisor_const is not None
        and divisor_const > 0
        and inner_lhs.lhs is lhs
        and inner_lhs.rhs is _mul(inner_rhs, AffineConstantExpr(-1))
    ):
        return _mod(lhs, inner_lhs.rhs)

    # (a + b) + (e floordiv c) * k: if b + (e floordiv c) * k simplifies on its own (to
    # a modulo, or just by reordering), reassociate around it.
    if l_bin is not None and l_bin.kind is _ADD:
        inner_sum = _simplify_add(l_bin.rhs, rhs)
        if inner_sum is not None:
            return _add(l_bin.lhs, inner_sum)
    return None


def _ordered(lhs: AffineExpr, rhs: AffineExpr) -> tuple[AffineExpr, AffineExpr]:
    """Order the operands of a new sum or product: dims by position, then symbols."""
    lhs_kind = lhs.kind
    rhs_kind = rhs.kind
    if lhs_kind is rhs_kind and (lhs_kind is _DIM or lhs_kind is _SYMBOL):
        assert isinstance(lhs, AffineDimExpr | AffineSymbolExpr)
        assert isinstance(rhs, AffineDimExpr | AffineSymbolExpr)
        if rhs.position < lhs.position:
            return rhs, lhs
    elif lhs_kind is _SYMBOL and rhs_kind is _DIM:
        return rhs, lhs
    return lhs, rhs


def _add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    simplified = _simplify_add(lhs, rhs)
    if simplified is not None:
        return simplified
    lhs, rhs = _ordered(lhs, rhs)
    return _uniqued_binary(_ADD, lhs, rhs)


def _simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const = _const_value(lhs)
    rhs_const = _const_value(rhs)
    if lhs_const is not None and rhs_const is not None:
        product = lhs_const * rhs_const
        return AffineConstantExpr(product) if _fits(product) else None

    # Constants go to the right; a symbolic factor goes right of a dimensional one.
    if not rhs._symbolic or lhs_const is not None:
        return _mul(rhs, lhs)

    if rhs_const == 1:
        return lhs
    if rhs_const == 0:
        return rhs

    if isinstance(lhs, AffineBinaryExpr) and lhs.kind is _MUL:
        inner = _const_value(lhs.rhs)
        if inner is not None:
            # (e * c1) * c2 -> e * (c1 * c2), unchecked for overflow as in MLIR.
            if rhs_const is not None:
                return _mul(lhs.lhs, AffineConstantExpr(_wrap(inner * rhs_const)))
            # (e * c) * f -> (e * f) * c keeps the constant outermost.
            return _mul(_mul(lhs.lhs, rhs), lhs.rhs)
    return None


def _mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    if not lhs._symbolic and not rhs._symbolic:
        raise ValueError(
            "non-affine expression: at least one of the multiply operands has to be "
            "either a constant or symbolic"
        )
    simplified = _simplify_mul(lhs, rhs)
    if simplified is not None:
        return simplified
    lhs, rhs = _ordered(lhs, rhs)
    return _uniqued_binary(_MUL, lhs, rhs)


def _simplify_div(lhs: AffineExpr, rhs: AffineExpr, *, ceil: bool) -> AffineExpr | None:
    divisor = _const_value(rhs)
    if divisor is None or divisor == 0:
        return None
    lhs_const = _const_value(lhs)
    if lhs_const is not None:
        if lhs_const == _INT64_MIN and divisor == -1:
            return None
        quotient = -(-lhs_const // divisor) if ceil else lhs_const // divisor
        return AffineConstantExpr(quotient)
    if divisor == 1:
        return lhs
    # (e * c1) div c2 -> e * (c1 / c2) when c2 divides c1.
    if isinstance(lhs, AffineBinaryExpr):
        if lhs.kind is _MUL:
            factor = _const_value(lhs.rhs)
            if factor is not None and _trunc_rem(factor, divisor) == 0:
                return _mul(lhs.lhs, AffineConstantExpr(_wrap(_trunc_div(factor, divisor))))
        # (e1 + e2) floordiv c splits when either term is a known multiple of c.
        if (
            not ceil
            and lhs.kind is _ADD
            and (
                _trunc_rem(lhs.lhs._divisor, divisor) == 0
                or _trunc_rem(lhs.rhs._divisor, divisor) == 0
            )
        ):
            return _add(_floordiv(lhs.lhs, rhs), _floordiv(lhs.rhs, rhs))
    return None


def _check_divisor(rhs: AffineExpr, kind: AffineExprKind) -> None:
    if not rhs._symbolic:
        raise ValueError(
            f"non-affine expression: right operand of {kind.value} has to be either a "
            "constant or symbolic"
        )


def _floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    _check_divisor(rhs, _FLOORDIV)
    simplified = _simplify_div(lhs, rhs, ceil=False)
    if simplified is not None:
        return simplified
    return _uniqued_binary(_FLOORDIV, lhs, rhs)


def _ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    _check_divisor(rhs, _CEILDIV)
    simplified = _simplify_div(lhs, rhs, ceil=True)
    if simplified is not None:
        return simplified
    return _uniqued_binary(_CEILDIV, lhs, rhs)


def _simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    modulus = _const_value(rhs)
    # MLIR leaves modulo by zero or by a negative number as written.
    if modulus is None or modulus < 1:
        return None
    lhs_const = _const_value(lhs)
    if lhs_const is not None:
        return AffineConstantExpr(lhs_const % modulus)
    if _trunc_rem(lhs._divisor, modulus) == 0:
        return AffineConstantExpr(0)
    if isinstance(lhs, AffineBinaryExpr):
        # (e1 + e2) mod c drops a term that is a known multiple of c.
        if lhs.kind is _ADD:
            if _trunc_rem(lhs.lhs._divisor, modulus) == 0:
                return _mod(lhs.rhs, rhs)
            if _trunc_rem(lhs.rhs._divisor, modulus) == 0:
                return _mod(lhs.lhs, rhs)
        # (e mod a) mod b -> e mod b when b divides a.
        elif lhs.kind is _MOD:
            inner = _const_value(lhs.rhs)
            if inner is not None and inner >= 1 and inner % modulus == 0:
                return _mod(lhs.lhs, rhs)
    return None


def _mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    _check_divisor(rhs, _MOD)
    simplified = _simplify_mod(lhs, rhs)
    if simplified is not None:
        return simplified
    return _uniqued_binary(_MOD, lhs, rhs)


_BUILDERS = {
    _ADD: _add,
    _MUL: _mul,
    _MOD: _mod,
    _FLOORDIV: _floordiv,
    _CEILDIV: _ceildiv,
}


def affine_binary(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """Build `lhs <kind> rhs` with MLIR's simplification (MLIR's getAffineBinaryOpExpr).

    Raises ValueError for a product of two dimensional operands or a division or modulo
    by a dimensional operand, which are not affine.
    """
    builder = _BUILDERS.get(kind)
    if builder is None:
        raise ValueError(f"{kind.name} is not a binary affine expression kind")
    return builder(lhs, rhs)


# ---------------------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------------------


def format_affine_expr(
    expr: AffineExpr,
    dim_names: Sequence[str] | None = None,
    symbol_names: Sequence[str] | None = None,
) -> str:
    """Print `expr` as mlir-opt does, naming dims `d<i>` and symbols `s<i>` by default.

    `dim_names` and `symbol_names` replace those names, as the custom forms of affine ops
    print SSA operands in their place.
    """
    out: list[str] = []
    # An explicit stack instead of recursion, so long left-nested chains print fine.
    # Items are literal text or (expression, binds-tightly) pairs still to print.
    stack: list[str | tuple[AffineExpr, bool]] = [(expr, False)]
    push = stack.append
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        node, strong = item
        if isinstance(node, AffineConstantExpr):
            out.append(str(node.value))
            continue
        if isinstance(node, AffineDimExpr):
            out.append(dim_names[node.position] if dim_names is not None else f"d{node.position}")
            continue
        if isinstance(node, AffineSymbolExpr):
            out.append(
                symbol_names[node.position] if symbol_names is not None else f"s{node.position}"
            )
            continue
        assert isinstance(node, AffineBinaryExpr)
        lhs, rhs, kind = node.lhs, node.rhs, node.kind
        # Pushed in reverse: the last push is printed first.
        if strong:
            push(")")
        if kind is not _ADD:
            if kind is _MUL and _const_value(rhs) == -1:
                push((lhs, True))
                push("-")
            else:
                push((rhs, True))
                push(f" {kind.value} ")
                push((lhs, True))
        else:
            rhs_factor = (
                _const_value(rhs.rhs)
                if isinstance(rhs, AffineBinaryExpr) and rhs.kind is _MUL
                else None
            )
            if rhs_factor is not None and rhs_factor <= -1:
                assert isinstance(rhs, AffineBinaryExpr)
                if rhs_factor == -1:
                    push((rhs.lhs, rhs.lhs.kind is _ADD))
                else:
                    # MLIR negates with wrap-around, so _INT64_MIN prints as itself.
                    push(f" * {_wrap(-rhs_factor)}")
                    push((rhs.lhs, True))
                push(" - ")
                push((lhs, False))
            elif isinstance(rhs, AffineConstantExpr) and rhs.value < 0:
                push(f" - {_wrap(-rhs.value)}")
                push((lhs, False))
            else:
                push((rhs, False))
                push(" + ")
                push((lhs, False))
        if strong:
            push("(")
    return "".join(out)


def _format_ids(num_dims: int, num_symbols: int) -> str:
    text = "(" + ", ".join(f"d{i}" for i in range(num_dims)) + ")"
    if num_symbols:
        text += "[" + ", ".join(f"s{i}" for i in range(num_symbols)) + "]"
    return text


def format_affine_map(affine_map: AffineMap) -> str:
    """Return the body mlir-opt prints inside `affine_map<...>`."""
    results = ", ".join(format_affine_expr(e) for e in affine_map.results)
    return f"{_format_ids(affine_map.num_dims, affine_map.num_symbols)} -> ({results})"


def format_integer_set(integer_set: IntegerSet) -> str:
    """Return the body mlir-opt prints inside `affine_set<...>`."""
    constraints = ", ".join(
        f"{format_affine_expr(e)} {'==' if eq else '>='} 0"
        for e, eq in zip(integer_set.constraints, integer_set.eq_flags, strict=True)
    )
    return f"{_format_ids(integer_set.num_dims, integer_set.num_symbols)} : ({constraints})"


# ---------------------------------------------------------------------------------------
# Maps and sets
# ---------------------------------------------------------------------------------------


def _check_operands(exprs: Iterable[AffineExpr], num_dims: int, num_symbols: int) -> None:
    for expr in exprs:
        for node in expr.walk():
            if isinstance(node, AffineDimExpr) and node.position >= num_dims:
                raise ValueError(f"d{node.position} used with only {num_dims} dimension(s)")
            if isinstance(node, AffineSymbolExpr) and node.position >= num_symbols:
                raise ValueError(f"s{node.position} used with only {num_symbols} symbol(s)")


def _check_counts(num_dims: int, num_symbols: int) -> None:
    if num_dims < 0 or num_symbols < 0:
        raise ValueError("the numbers of dimensions and symbols must be non-negative")


_maps: weakref.WeakValueDictionary[tuple[int, int, tuple[AffineExpr, ...]], AffineMap] = (
    weakref.WeakValueDictionary()
)
_sets: weakref.WeakValueDictionary[
    tuple[int, int, tuple[AffineExpr, ...], tuple[bool, ...]], IntegerSet
] = weakref.WeakValueDictionary()


class AffineMap:
    """`(d0, ...)[s0, ...] -> (results)`: uniqued, so equal maps are the same object."""

    __slots__ = ("__weakref__", "num_dims", "num_symbols", "results")

    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]

    __setattr__ = _frozen_setattr
    __delattr__ = _frozen_delattr

    def __new__(
        cls, num_dims: int, num_symbols: int, results: Iterable[AffineExpr] = ()
    ) -> AffineMap:
        exprs = tuple(results)
        key = (num_dims, num_symbols, exprs)
        found = _maps.get(key)
        if found is not None:
            return found
        _check_counts(num_dims, num_symbols)
        for expr in exprs:
            if not isinstance(expr, AffineExpr):
                raise TypeError(f"affine map results must be AffineExpr, got {expr!r}")
        _check_operands(exprs, num_dims, num_symbols)
        self = object.__new__(cls)
        object.__setattr__(self, "num_dims", num_dims)
        object.__setattr__(self, "num_symbols", num_symbols)
        object.__setattr__(self, "results", exprs)
        _maps[key] = self
        return self

    @classmethod
    def identity(cls, num_dims: int) -> AffineMap:
        """Return `(d0, ..., dn-1) -> (d0, ..., dn-1)`."""
        return cls(num_dims, 0, [AffineDimExpr(i) for i in range(num_dims)])

    @property
    def num_inputs(self) -> int:
        """The number of dimensions plus the number of symbols."""
        return self.num_dims + self.num_symbols

    @property
    def num_results(self) -> int:
        """The number of result expressions."""
        return len(self.results)

    @property
    def is_identity(self) -> bool:
        """True for `(d0, ..., dn-1) -> (d0, ..., dn-1)`, with any number of symbols."""
        if self.num_dims != len(self.results):
            return False
        return all(
            isinstance(e, AffineDimExpr) and e.position == i for i, e in enumerate(self.results)
        )

    def __copy__(self) -> AffineMap:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> AffineMap:
        return self

    def __reduce__(self) -> tuple[type[AffineMap], tuple[int, int, tuple[AffineExpr, ...]]]:
        return (AffineMap, (self.num_dims, self.num_symbols, self.results))

    def __str__(self) -> str:
        return f"affine_map<{format_affine_map(self)}>"

    def __repr__(self) -> str:
        return f"AffineMap({format_affine_map(self)!r})"


class IntegerSet:
    """`(d0, ...)[s0, ...] : (e >= 0, e == 0, ...)`: uniqued, so equal sets are one object.

    `eq_flags[i]` tells whether constraint `i` is an equality (`== 0`) or an inequality
    (`>= 0`). A set has at least one constraint: the parser turns `()` into `0 == 0`.
    """

    __slots__ = ("__weakref__", "constraints", "eq_flags", "num_dims", "num_symbols")

    num_dims: int
    num_symbols: int
    constraints: tuple[AffineExpr, ...]
    eq_flags: tuple[bool, ...]

    __setattr__ = _frozen_setattr
    __delattr__ = _frozen_delattr

    def __new__(
        cls,
        num_dims: int,
        num_symbols: int,
        constraints: Iterable[AffineExpr],
        eq_flags: Iterable[bool],
    ) -> IntegerSet:
        exprs = tuple(constraints)
        flags = tuple(bool(f) for f in eq_flags)
        key = (num_dims, num_symbols, exprs, flags)
        found = _sets.get(key)
        if found is not None:
            return found
        _check_counts(num_dims, num_symbols)
        if not exprs:
            raise ValueError("an integer set needs at least one constraint")
        if len(exprs) != len(flags):
            raise ValueError(f"{len(exprs)} constraint(s) but {len(flags)} equality flag(s) given")
        for expr in exprs:
            if not isinstance(expr, AffineExpr):
                raise TypeError(f"integer set constraints must be AffineExpr, got {expr!r}")
        _check_operands(exprs, num_dims, num_symbols)
        self = object.__new__(cls)
        object.__setattr__(self, "num_dims", num_dims)
        object.__setattr__(self, "num_symbols", num_symbols)
        object.__setattr__(self, "constraints", exprs)
        object.__setattr__(self, "eq_flags", flags)
        _sets[key] = self
        return self

    @classmethod
    def empty(cls, num_dims: int, num_symbols: int) -> IntegerSet:
        """Return the canonical empty set, `1 == 0`, which mlir-opt prints as written."""
        return cls(num_dims, num_symbols, [AffineConstantExpr(1)], [True])

    @property
    def is_empty_set(self) -> bool:
        """True for the canonical empty set built by `IntegerSet.empty`."""
        return (
            len(self.constraints) == 1
            and self.eq_flags[0]
            and _const_value(self.constraints[0]) == 1
        )

    @property
    def num_inputs(self) -> int:
        """The number of dimensions plus the number of symbols."""
        return self.num_dims + self.num_symbols

    @property
    def num_constraints(self) -> int:
        """The number of constraints."""
        return len(self.constraints)

    def __copy__(self) -> IntegerSet:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> IntegerSet:
        return self

    def __reduce__(
        self,
    ) -> tuple[type[IntegerSet], tuple[int, int, tuple[AffineExpr, ...], tuple[bool, ...]]]:
        return (IntegerSet, (self.num_dims, self.num_symbols, self.constraints, self.eq_flags))

    def __str__(self) -> str:
        return f"affine_set<{format_integer_set(self)}>"

    def __repr__(self) -> str:
        return f"IntegerSet({format_integer_set(self)!r})"


# ---------------------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------------------


class AffineParseError(ValueError):
    """A malformed affine map or set body: MLIR's message and an offset into the text."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset

    def __reduce__(self) -> tuple[type[AffineParseError], tuple[str, int]]:
        return (AffineParseError, (self.message, self.offset))


_ALPHA = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_DIGITS = frozenset("0123456789")
_ALNUM = _ALPHA | _DIGITS
_IDENT_START = _ALPHA | {"_"}
_IDENT_CHARS = _ALNUM | frozenset("_$.")
_HEX_DIGITS = _DIGITS | frozenset("abcdefABCDEF")
_PREFIX_PUNCT = frozenset("$._-")
# Single-character tokens; `-` and `//` are lexed separately.
_PUNCTUATION = {
    "(": "l_paren",
    ")": "r_paren",
    "[": "l_square",
    "]": "r_square",
    "{": "l_brace",
    "}": "r_brace",
    ",": "comma",
    "+": "plus",
    "*": "star",
    ":": "colon",
    ">": "greater",
    "<": "less",
    "=": "equal",
    "?": "question",
    "|": "vertical_bar",
    "/": "slash",
}
_KEYWORDS = {
    "symbol": "kw_symbol",
    "floordiv": "kw_floordiv",
    "ceildiv": "kw_ceildiv",
    "mod": "kw_mod",
}
# Tokens MLIR accepts where a dim or symbol name is defined: bare identifiers and every
# keyword. Words other than the four above behave as plain identifiers here.
_NAME_TOKENS = frozenset({"ident", "kw_symbol", "kw_floordiv", "kw_ceildiv", "kw_mod"})
_PREFIXED = {
    "#": ("hash_id", "invalid attribute name"),
    "%": ("percent_id", "invalid SSA name"),
    "^": ("caret_id", "invalid block name"),
    "!": ("exclamation_id", "invalid type identifier"),
}
_HIGH_OPS = {"star": _MUL, "kw_floordiv": _FLOORDIV, "kw_ceildiv": _CEILDIV, "kw_mod": _MOD}
_HIGH_BUILDERS = {_MUL: _mul, _FLOORDIV: _floordiv, _CEILDIV: _ceildiv, _MOD: _mod}
_NON_AFFINE = {
    _MUL: "non-affine expression: at least one of the multiply operands has to be either "
    "a constant or symbolic",
    _FLOORDIV: "non-affine expression: right operand of floordiv has to be either a "
    "constant or symbolic",
    _CEILDIV: "non-affine expression: right operand of ceildiv has to be either a "
    "constant or symbolic",
    _MOD: "non-affine expression: right operand of mod has to be either a constant or symbolic",
}


class _Parser:
    """A recursive-descent parser shaped like MLIR's, so expressions are built in its order.

    Like MLIR's lexer, the next token is lexed as soon as the current one is consumed, so
    lexer errors win over parser errors exactly when they do in mlir-opt. The closing
    parenthesis of a body is the one exception: nothing after it is looked at, so a body
    can be parsed out of a larger buffer.
    """

    __slots__ = (
        "_depth",
        "_names",
        "_pos",
        "_ssa_ids",
        "_tok",
        "_tok_end",
        "_tok_start",
        "body_mode",
        "text",
    )

    def __init__(self, text: str, pos: int, *, body_mode: bool) -> None:
        self.text = text
        #: In body mode `text` is only what sits between `<` and `>`: its end stands for
        #: the closing `>`, and a `<` is assumed right before it.
        self.body_mode = body_mode
        self._pos = pos
        self._tok = "eof"
        self._tok_start = pos
        self._tok_end = pos
        self._names: dict[str, AffineExpr] = {}
        #: SSA names standing for dims and symbols, as (name, offset, is_symbol) in order
        #: of first use, when the expressions may use them (see `parse_ssa_id_map`).
        self._ssa_ids: list[tuple[str, int, bool]] | None = None
        #: How many parentheses and negations enclose the operand being parsed.
        self._depth = 0

    # -- lexing ---------------------------------------------------------------------------

    def _fail(self, message: str, offset: int) -> NoReturn:
        raise AffineParseError(message, offset)

    def _lex(self) -> None:
        """Lex the token at `_pos` into `_tok`, `_tok_start` and `_tok_end`."""
        text = self.text
        n = len(text)
        i = self._pos
        while True:
            while i < n and text[i] in " \t\n\r":
                i += 1
            if text.startswith("//", i):
                while i < n and text[i] not in "\n\r":
                    i += 1
                continue
            break
        start = i
        self._tok_start = start
        if i >= n:
            if self.body_mode and start == n:
                # The end of a body is the attribute's closing `>`; a constraint like
                # `d0 >` can still consume it, as it does in mlir-opt.
                self._tok, self._tok_end = "close", n + 1
            else:
                self._tok, self._tok_end = "eof", max(i, n)
            return
        c = text[i]
        if c in _IDENT_START:
            i += 1
            while i < n and text[i] in _IDENT_CHARS:
                i += 1
            self._tok = _KEYWORDS.get(text[start:i], "ident")
        elif c in _DIGITS:
            i = self._lex_number(start)
        elif c == "-":
            # A body ending in `-` runs into the attribute's closing `>`.
            if text.startswith("->", i) or (self.body_mode and i == n - 1):
                self._tok, i = "arrow", i + 2
            else:
                self._tok, i = "minus", i + 1
        elif c in _PUNCTUATION:
            self._tok, i = _PUNCTUATION[c], i + 1
        elif c in _PREFIXED:
            kind, error = _PREFIXED[c]
            i += 1
            if i < n and text[i] in _DIGITS:
                while i < n and text[i] in _DIGITS:
                    i += 1
            elif i < n and (text[i] in _ALPHA or text[i] in _PREFIX_PUNCT):
                while i < n and (text[i] in _ALNUM or text[i] in _PREFIX_PUNCT):
                    i += 1
            else:
                self._fail(error, start)
            self._tok = kind
        elif c == "@":
            i += 1
            if i < n and text[i] == '"':
                i = self._lex_string(i)
            elif i < n and text[i] in _IDENT_START:
                while i < n and text[i] in _IDENT_CHARS:
                    i += 1
            else:
                self._fail("@ identifier expected to start with letter or '_'", i)
            self._tok = "at_id"
        elif c == '"':
            i = self._lex_string(i)
            self._tok = "string"
        elif c == ".":
            if not text.startswith("...", i):
                self._fail("expected three consecutive dots for an ellipsis", i + 1)
            self._tok, i = "ellipsis", i + 3
        else:
            self._fail("unexpected character", start)
        self._tok_end = i

    def _lex_number(self, start: int) -> int:
        text = self.text
        n = len(text)
        i = start + 1
        if text[start] == "0" and i < n and text[i] == "x":
            # `0x` without a hex digit is the integer 0 followed by an identifier.
            if i + 1 < n and text[i + 1] in _HEX_DIGITS:
                i += 2
                while i < n and text[i] in _HEX_DIGITS:
                    i += 1
            self._tok = "int"
            return i
        while i < n and text[i] in _DIGITS:
            i += 1
        if i >= n or text[i] != ".":
            self._tok = "int"
            return i
        i += 1
        while i < n and text[i] in _DIGITS:
            i += 1
        exponent = text[i : i + 3]
        if exponent[:1] in ("e", "E") and (
            exponent[1:2] in _DIGITS or (exponent[1:2] in ("+", "-") and exponent[2:3] in _DIGITS)
        ):
            i += 2
            while i < n and text[i] in _DIGITS:
                i += 1
        self._tok = "float"
        return i

    def _lex_string(self, start: int) -> int:
        text = self.text
        n = len(text)
        i = start + 1
        while i < n:
            c = text[i]
            if c == '"':
                return i + 1
            if c in "\n\v\f":
                break
            if c == "\\":
                nxt = text[i + 1 : i + 2]
                if nxt and nxt in '"\\nt':
                    i += 2
                elif len(text[i + 1 : i + 3]) == 2 and all(
                    ch in _HEX_DIGITS for ch in text[i + 1 : i + 3]
                ):
                    i += 3
                else:
                    self._fail("unknown escape in string literal", i)
                continue
            i += 1
        self._fail("expected '\"' in string literal", i)

    def _consume(self) -> None:
        self._pos = self._tok_end
        self._lex()

    def _consume_if(self, kind: str) -> bool:
        if self._tok == kind:
            self._consume()
            return True
        return False

    # -- diagnostics ----------------------------------------------------------------------

    def _error_here(self, message: str) -> NoReturn:
        loc = self._tok_start
        # Like MLIR, an error at the end of the buffer points at its last character.
        if self._tok == "eof" and not self.body_mode and loc > 0:
            loc -= 1
        self._fail(message, loc)

    def _error_wrong_token(self, message: str) -> NoReturn:
        """Report that the current token is not what was expected, as MLIR places it.

        MLIR points just past the previous token rather than at the unexpected one,
        skipping back over blank space, line breaks and line comments.
        """
        text = self.text
        loc = self._tok_start
        if loc > len(text):
            self._fail(message, loc)
        if self._tok == "eof" and not self.body_mode and loc > 0:
            loc -= 1
        end = loc
        while True:
            while end > 0 and text[end - 1] in " \t":
                end -= 1
            if end == 0:
                self._fail(message, 0 if self.body_mode else loc)
            if text[end - 1] not in "\n\r":
                self._fail(message, end)
            end -= 1
            line_start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end), 0)
            comment = text.find("//", line_start, end)
            if comment != -1:
                end = comment

    def _expect(self, kind: str, message: str, *, last: bool = False) -> None:
        if self._tok != kind:
            self._error_wrong_token(message)
        if last and not self.body_mode:
            self._pos = self._tok_end
        else:
            self._consume()

    # -- structure ------------------------------------------------------------------------

    def _parse_list(
        self,
        square: bool,
        context: str,
        element: Callable[[], None],
        *,
        last: bool = False,
    ) -> None:
        """Parse `(a, b, ...)` or `[a, b, ...]`, possibly empty, as MLIR's comma lists do."""
        open_kind, close_kind = ("l_square", "r_square") if square else ("l_paren", "r_paren")
        open_text, close_text = ("[", "]") if square else ("(", ")")
        self._expect(open_kind, f"expected '{open_text}'{context}")
        if self._tok == close_kind:
            self._expect(close_kind, "", last=last)
            return
        element()
        while self._consume_if("comma"):
            element()
        self._expect(close_kind, f"expected '{close_text}'{context}", last=last)

    def _define_name(self, expr: AffineExpr) -> None:
        if self._tok not in _NAME_TOKENS:
            self._error_wrong_token("expected bare identifier")
        name = self.text[self._tok_start : self._tok_end]
        if name in self._names:
            self._error_here(f"redefinition of identifier '{name}'")
        self._consume()
        self._names[name] = expr

    def _parse_map_or_set(self) -> AffineMap | IntegerSet:
        counts = [0, 0]

        def dim() -> None:
            self._define_name(AffineDimExpr(counts[0]))
            counts[0] += 1

        def symbol() -> None:
            self._define_name(AffineSymbolExpr(counts[1]))
            counts[1] += 1

        self._parse_list(False, " in dimensional identifier list", dim)
        if self._tok == "l_square":
            self._parse_list(True, " in symbol list", symbol)
        num_dims, num_symbols = counts
        if self._consume_if("arrow"):
            results: list[AffineExpr] = []

            def result() -> None:
                results.append(self._parse_expr())

            self._parse_list(False, " in affine map range", result, last=True)
            return AffineMap(num_dims, num_symbols, results)
        if self._tok != "colon":
            self._error_wrong_token("expected '->' or ':'")
        self._consume()
        constraints: list[AffineExpr] = []
        eq_flags: list[bool] = []

        def constraint() -> None:
            expr, is_eq = self._parse_constraint()
            constraints.append(expr)
            eq_flags.append(is_eq)

        self._parse_list(False, " in integer set constraint list", constraint, last=True)
        if not constraints:
            # MLIR reads an empty constraint list as the trivially true `0 == 0`.
            return IntegerSet(num_dims, num_symbols, [AffineConstantExpr(0)], [True])
        return IntegerSet(num_dims, num_symbols, constraints, eq_flags)

    def _parse_constraint(self) -> tuple[AffineExpr, bool]:
        lhs = self._parse_expr()
        # The pairs are tried one after the other like MLIR's short-circuit chain, so a
        # lone `>` or `=` is consumed before the error is reported.
        if (self._consume_if("greater") or self._consume_if("close")) and self._consume_if("equal"):
            return lhs - self._parse_expr(), False
        if self._consume_if("less") and self._consume_if("equal"):
            return self._parse_expr() - lhs, False
        if self._consume_if("equal") and self._consume_if("equal"):
            return lhs - self._parse_expr(), True
        self._error_here(
            "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"
        )

    # -- expressions ----------------------------------------------------------------------

    def _parse_expr(self) -> AffineExpr:
        """Parse a sum of terms, folding left to right like MLIR's low-precedence loop."""
        acc: AffineExpr | None = None
        subtract = False
        while True:
            operand = self._parse_operand(acc is not None)
            op = _HIGH_OPS.get(self._tok)
            if op is not None:
                op_start = self._tok_start
                self._consume()
                operand = self._parse_product(operand, op, op_start)
            if acc is None:
                acc = operand
            elif subtract:
                acc = acc - operand
            else:
                acc = acc + operand
            if self._tok != "plus" and self._tok != "minus":
                return acc
            subtract = self._tok == "minus"
            self._consume()

    def _parse_product(self, lhs: AffineExpr, op: AffineExprKind, op_start: int) -> AffineExpr:
        """Parse the rest of `lhs op ...` over `*`, `floordiv`, `ceildiv` and `mod`."""
        while True:
            rhs = self._parse_operand(True)
            next_op = _HIGH_OPS.get(self._tok)
            if next_op is None:
                return self._combine(op, lhs, rhs, op_start)
            # MLIR consumes the next operator first and blames it, not `op`, for a
            # non-affine pair.
            next_start = self._tok_start
            self._consume()
            lhs = self._combine(op, lhs, rhs, next_start)
            op, op_start = next_op, next_start

    def _combine(self, op: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr, at: int) -> AffineExpr:
        if not rhs._symbolic and (op is not _MUL or not lhs._symbolic):
            self._fail(_NON_AFFINE[op], at)
        return _HIGH_BUILDERS[op](lhs, rhs)

    def _parse_operand(self, has_lhs: bool) -> AffineExpr:
        kind = self._tok
        if kind in _NAME_TOKENS and kind != "kw_symbol":
            name = self.text[self._tok_start : self._tok_end]
            expr = self._names.get(name)
            if expr is None:
                self._error_wrong_token("use of undeclared identifier")
            self._consume()
            return expr
        if kind == "int":
            return self._parse_integer()
        if kind == "l_paren":
            self._nest()
            self._consume()
            if self._tok == "r_paren":
                self._error_here("no expression inside parentheses")
            expr = self._parse_expr()
            self._expect("r_paren", "expected ')'")
            self._depth -= 1
            return expr
        if kind == "minus":
            self._nest()
            self._consume()
            # Negation binds tighter than any binary operator.
            expr = -self._parse_operand(has_lhs)
            self._depth -= 1
            return expr
        if kind == "kw_symbol":
            self._consume()
            self._expect("l_paren", "expected '(' at start of SSA symbol")
            expr = self._parse_ssa_id(True)
            self._expect("r_paren", "expected ')' at end of SSA symbol")
            return expr
        if kind == "percent_id":
            return self._parse_ssa_id(False)
        if kind == "plus" or kind == "star":
            self._error_here(
                "missing right operand of binary operator"
                if has_lhs
                else "missing left operand of binary operator"
            )
        self._error_here(
            "missing right operand of binary operator" if has_lhs else "expected affine expression"
        )

    def _nest(self) -> None:
        """Enter the parentheses or negation at the current token."""
        self._depth += 1
        if self._depth > MAX_AFFINE_DEPTH:
            self._fail(
                f"affine expressions nest more than {MAX_AFFINE_DEPTH} levels deep",
                self._tok_start,
            )

    def _parse_ssa_id(self, is_symbol: bool) -> AffineExpr:
        """`%name` as a dim (or, inside `symbol(...)`, a symbol): the one it already stands
        for, else the next one."""
        ids = self._ssa_ids
        if ids is None:
            self._error_wrong_token("unexpected ssa identifier")
        if self._tok != "percent_id":
            self._error_wrong_token("expected ssa identifier")
        name = self.text[self._tok_start : self._tok_end]
        dims = symbols = 0
        for known, _, known_is_symbol in ids:
            if known == name:
                self._consume()
                position = symbols if known_is_symbol else dims
                return AffineSymbolExpr(position) if known_is_symbol else AffineDimExpr(position)
            if known_is_symbol:
                symbols += 1
            else:
                dims += 1
        ids.append((name, self._tok_start, is_symbol))
        self._consume()
        return AffineSymbolExpr(symbols) if is_symbol else AffineDimExpr(dims)

    def parse_ssa_id_map(self, delimiters: str = "[]") -> AffineMap:
        """`[expr, ...]` (or, given `delimiters="()"`, `(expr, ...)`) over SSA names
        (MLIR's `parseAffineMapOfSSAIds`)."""
        open_, close = ("l_paren", "r_paren") if delimiters == "()" else ("l_square", "r_square")
        self._ssa_ids = []
        self._lex()
        self._expect(open_, f"expected '{delimiters[0]}' in affine map")
        results: list[AffineExpr] = []
        if self._tok == close:
            self._expect(close, "", last=True)
        else:
            results.append(self._parse_expr())
            while self._consume_if("comma"):
                results.append(self._parse_expr())
            self._expect(close, f"expected '{delimiters[1]}' in affine map", last=True)
        num_symbols = sum(1 for _, _, is_symbol in self._ssa_ids if is_symbol)
        return AffineMap(len(self._ssa_ids) - num_symbols, num_symbols, results)

    def _parse_integer(self) -> AffineExpr:
        spelling = self.text[self._tok_start : self._tok_end]
        value = int(spelling, 16) if spelling.startswith("0x") else int(spelling)
        if value > _INT64_MAX:
            self._error_here("constant too large for index")
        self._consume()
        return AffineConstantExpr(value)

    # -- entry points ---------------------------------------------------------------------

    def parse(self, want: type[AffineMap] | type[IntegerSet] | None) -> AffineMap | IntegerSet:
        """Parse one map or set body; `want` makes the other kind an error, as in MLIR."""
        self._lex()
        start = self._tok_start
        try:
            result = self._parse_map_or_set()
        except RecursionError:
            self._fail("affine expression is nested too deeply", self._tok_start)
        if want is AffineMap and isinstance(result, IntegerSet):
            self._fail("expected AffineMap, but got IntegerSet", start)
        if want is IntegerSet and isinstance(result, AffineMap):
            self._fail("expected IntegerSet, but got AffineMap", start)
        return result

    def finish_body(self, result: AffineMap | IntegerSet) -> None:
        """Check that nothing but the closing `>` follows the body."""
        if self._tok != "close":
            what = "affine map" if isinstance(result, AffineMap) else "integer set"
            self._error_wrong_token(f"expected '>' in {what}")

    @property
    def end(self) -> int:
        """The offset just past the last token consumed."""
        return self._pos


def parse_affine_map(text: str) -> AffineMap:
    """Parse the body of `affine_map<...>`, e.g. `(d0)[s0] -> (d0 + s0)`.

    Dims and symbols may have any names; they print as `d<i>` and `s<i>`. Raises
    AffineParseError with MLIR's message and an offset into `text`.
    """
    parser = _Parser(text, 0, body_mode=True)
    result = parser.parse(AffineMap)
    parser.finish_body(result)
    assert isinstance(result, AffineMap)
    return result


def parse_integer_set(text: str) -> IntegerSet:
    """Parse the body of `affine_set<...>`, e.g. `(d0)[s0] : (d0 - s0 >= 0)`.

    Raises AffineParseError with MLIR's message and an offset into `text`.
    """
    parser = _Parser(text, 0, body_mode=True)
    result = parser.parse(IntegerSet)
    parser.finish_body(result)
    assert isinstance(result, IntegerSet)
    return result


def parse_affine_map_or_integer_set(text: str) -> AffineMap | IntegerSet:
    """Parse a body that may be either a map (`->`) or a set (`:`)."""
    parser = _Parser(text, 0, body_mode=True)
    result = parser.parse(None)
    parser.finish_body(result)
    return result


def parse_affine_map_prefix(source: str, pos: int) -> tuple[AffineMap, int]:
    """Parse a map body starting at `source[pos:]`; return it and the offset just past it.

    For a parser that has just read `affine_map<`: the returned offset is just past the
    body's closing parenthesis, where the caller expects `>`; nothing after it has been
    read. Error offsets are offsets into `source`, placed where mlir-opt places them.
    """
    parser = _Parser(source, pos, body_mode=False)
    result = parser.parse(AffineMap)
    assert isinstance(result, AffineMap)
    return result, parser.end


def parse_integer_set_prefix(source: str, pos: int) -> tuple[IntegerSet, int]:
    """Parse a set body starting at `source[pos:]`; see `parse_affine_map_prefix`."""
    parser = _Parser(source, pos, body_mode=False)
    result = parser.parse(IntegerSet)
    assert isinstance(result, IntegerSet)
    return result, parser.end


def parse_ssa_id_map(
    source: str, pos: int, delimiters: str = "[]"
) -> tuple[AffineMap, list[tuple[str, int]], int]:
    """Parse `[%i + 1, symbol(%n)]` at `source[pos:]`, the subscripts of affine memory ops.

    Each SSA name stands for a dim, or a symbol when written `symbol(%name)`, numbered
    in order of first use. Returns the map, the names (without `%`) with their offsets,
    dims first and then symbols, as the op's operands are ordered, and the offset just
    past the closing `]`. Raises AffineParseError as the other parsers do. With
    `delimiters="()"` the list is in parentheses (`affine.parallel`'s bounds).
    """
    parser = _Parser(source, pos, body_mode=False)
    try:
        result = parser.parse_ssa_id_map(delimiters)
    except RecursionError:
        parser._fail("affine expression is nested too deeply", parser._tok_start)
    ids = parser._ssa_ids or []
    dims = [(name[1:], at) for name, at, is_symbol in ids if not is_symbol]
    symbols = [(name[1:], at) for name, at, is_symbol in ids if is_symbol]
    return result, dims + symbols, parser.end


def parse_ssa_id_expr(
    source: str, pos: int
) -> tuple[AffineExpr, list[tuple[str, int]], list[tuple[str, int]], int]:
    """Parse one affine expression over SSA names at `source[pos:]` (MLIR's
    `parseAffineExprOfSSAIds`): the expression, the names (without `%`, with their
    offsets) of its dims and of its symbols, each in order of first use, and the offset
    where the token after the expression starts."""
    parser = _Parser(source, pos, body_mode=False)
    parser._ssa_ids = []
    try:
        parser._lex()
        expr = parser._parse_expr()
    except RecursionError:
        parser._fail("affine expression is nested too deeply", parser._tok_start)
    ids = parser._ssa_ids
    dims = [(name[1:], at) for name, at, is_symbol in ids if not is_symbol]
    symbols = [(name[1:], at) for name, at, is_symbol in ids if is_symbol]
    return expr, dims, symbols, parser._tok_start


def replace_dims_and_symbols(
    expr: AffineExpr, dims: Sequence[AffineExpr], symbols: Sequence[AffineExpr]
) -> AffineExpr:
    """`expr` with `d<i>` replaced by `dims[i]` and `s<i>` by `symbols[i]`, simplified as
    it is rebuilt (MLIR's `AffineExpr::replaceDimsAndSymbols`)."""
    if isinstance(expr, AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, AffineSymbolExpr):
        return symbols[expr.position]
    if isinstance(expr, AffineBinaryExpr):
        lhs = replace_dims_and_symbols(expr.lhs, dims, symbols)
        rhs = replace_dims_and_symbols(expr.rhs, dims, symbols)
        if lhs is expr.lhs and rhs is expr.rhs:
            return expr
        return affine_binary(expr.kind, lhs, rhs)
    return expr
