"""The sparse tensor encoding, `#sparse_tensor.encoding<{ map = ..., ... }>`.

A ranked tensor whose encoding is this attribute is a sparse tensor: the `map`
sends the tensor's dimensions to storage levels, each with a level format
(`dense`, `batch`, `compressed`, `loose_compressed`, `singleton`, or
`structured[n, m]`, the last with properties such as `nonunique`); `posWidth`
and `crdWidth` are the bit widths of the position and coordinate arrays (0:
the native index width); `explicitVal` and `implicitVal` the values the stored
and the absent entries stand for. A dimension may be a slice of another tensor
(`d0 : #sparse_tensor<slice(1, 4, 1)>`).

MLIR reads and prints the encoding in C++ (it is no ODS format), so the sparse
tensor dialect's ops, whose constraints ask for a sparse tensor, need it here:
`SparseTensorEncodingAttr` parses and prints it as mlir-opt does, aliased
`#sparse`, with MLIR's checks of the encoding and of the tensor type carrying
it; `sparse_tensor_encoding` is MLIR's `getSparseTensorEncoding`. Importing this
module makes the attribute known to every context that loads a `sparse_tensor`
dialect (the generated dialect defines the ops; the encoding is defined here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from generator.ir.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineSymbolExpr,
    format_affine_expr,
)
from generator.ir.attr_type_base import ParametricAttr
from generator.ir.attributes import Attribute, FloatAttr, IntegerAttr
from generator.ir.context import register_runtime_attr
from generator.ir.opasm import AsmParser, AsmPrinter, SourcePos
from generator.ir.types import RankedTensorType, Type

__all__ = [
    "SparseTensorEncodingAttr",
    "sparse_encoding_is_slice",
    "sparse_tensor_encoding",
]

#: Level formats by keyword.
_FORMATS = ("dense", "batch", "compressed", "loose_compressed", "singleton", "structured")
#: Level properties in the order MLIR prints them.
_PROPERTIES = ("nonunique", "nonordered", "soa")
#: The bit widths a position or coordinate array may have (0: the index width).
_WIDTHS = (0, 8, 16, 32, 64)


@dataclass(frozen=True)
class LevelType:
    """One storage level: its format, `structured[n, m]`'s n and m, its properties."""

    format: str
    properties: frozenset[str] = frozenset()
    n: int = 0
    m: int = 0

    def __str__(self) -> str:
        text = self.format
        if self.format == "structured":
            text += f"[{self.n}, {self.m}]"
        props = [p for p in _PROPERTIES if p in self.properties]
        return text + (f"({', '.join(props)})" if props else "")


#: A dimension's slice: offset, size and stride, `None` for `?`.
Slice = tuple[int | None, int | None, int | None]


class SparseTensorEncodingAttr(ParametricAttr):
    """`#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>`.

    Parameters: the number of dimensions and of symbols of the map, the slice of
    each dimension (an empty tuple when none is sliced), each level's expression
    over the dimensions and its type, the position and coordinate widths, and the
    explicit and implicit values (None when not given).
    """

    __slots__ = ()

    DIALECT: ClassVar[str] = "sparse_tensor"
    MNEMONIC: ClassVar[str] = "encoding"
    ALIAS: ClassVar[str | None] = "sparse"

    @classmethod
    def get(
        cls,
        num_dims: int,
        num_symbols: int,
        dim_slices: tuple[Slice | None, ...],
        lvl_exprs: tuple[AffineExpr, ...],
        lvl_types: tuple[LevelType, ...],
        pos_width: int = 0,
        crd_width: int = 0,
        explicit_val: Attribute | None = None,
        implicit_val: Attribute | None = None,
    ) -> Self:
        """The encoding with these parameters (not checked: see `verify_params`)."""
        return cls.unique(
            (
                num_dims,
                num_symbols,
                dim_slices,
                lvl_exprs,
                lvl_types,
                pos_width,
                crd_width,
                explicit_val,
                implicit_val,
            )
        )

    # -- parameters ------------------------------------------------------------------

    @property
    def num_dims(self) -> int:
        value = self.params[0]
        assert isinstance(value, int)
        return value

    @property
    def num_symbols(self) -> int:
        value = self.params[1]
        assert isinstance(value, int)
        return value

    @property
    def dim_slices(self) -> tuple[Slice | None, ...]:
        value = self.params[2]
        assert isinstance(value, tuple)
        return value

    @property
    def lvl_exprs(self) -> tuple[AffineExpr, ...]:
        value = self.params[3]
        assert isinstance(value, tuple)
        return value

    @property
    def lvl_types(self) -> tuple[LevelType, ...]:
        value = self.params[4]
        assert isinstance(value, tuple)
        return value

    @property
    def pos_width(self) -> int:
        value = self.params[5]
        assert isinstance(value, int)
        return value

    @property
    def crd_width(self) -> int:
        value = self.params[6]
        assert isinstance(value, int)
        return value

    @property
    def explicit_val(self) -> Attribute | None:
        value = self.params[7]
        assert value is None or isinstance(value, Attribute)
        return value

    @property
    def implicit_val(self) -> Attribute | None:
        value = self.params[8]
        assert value is None or isinstance(value, Attribute)
        return value

    @property
    def is_slice(self) -> bool:
        """Whether some dimension is a slice (MLIR's `isSlice`)."""
        return bool(self.dim_slices)

    # -- syntax ----------------------------------------------------------------------

    @classmethod
    def parse(cls, p: AsmParser) -> Self:
        """Read `<{ key = value, ... }>` after the mnemonic."""
        # MLIR reports every error of the encoding at its mnemonic.
        error_pos = _name_pos(p.current_pos(), cls.MNEMONIC)
        p.expect("<")
        p.expect("{")
        num_dims = num_symbols = 0
        slices: tuple[Slice | None, ...] = ()
        exprs: tuple[AffineExpr, ...] = ()
        types: tuple[LevelType, ...] = ()
        widths = {"posWidth": 0, "crdWidth": 0}
        values: dict[str, Attribute | None] = {"explicitVal": None, "implicitVal": None}
        while True:
            key = p.parse_optional_keyword()
            if key is None:
                break
            if key not in ("map", *widths, *values):
                p.error_at(error_pos, f"unexpected key: {key}")
            p.expect("=")
            if key == "map":
                num_dims, num_symbols, slices, exprs, types = _parse_map(p)
            elif key in widths:
                attr = p.parse_attribute()
                if not isinstance(attr, IntegerAttr):
                    what = "position" if key == "posWidth" else "index"
                    p.error_at(error_pos, f"expected an integral {what} bitwidth")
                widths[key] = attr.value
            else:
                attr = p.parse_attribute()
                if not _is_numeric(attr):
                    p.error_at(error_pos, f"expected a numeric value for {key}")
                values[key] = attr
            if not p.consume_if(","):
                break
        p.expect("}")
        p.expect(">")
        made = cls.get(
            num_dims,
            num_symbols,
            slices,
            exprs,
            types,
            widths["posWidth"],
            widths["crdWidth"],
            values["explicitVal"],
            values["implicitVal"],
        )
        problem = made.verify_params()
        if problem is not None:
            p.error_at(error_pos, problem)
        return made

    def params_text(self, p: AsmPrinter) -> str:
        """`<{ map = ..., posWidth = N, ... }>`, the fields left at their defaults omitted."""
        symbols = ", ".join(f"s{i}" for i in range(self.num_symbols))
        dims = []
        for i in range(self.num_dims):
            piece = f"d{i}"
            if self.dim_slices and self.dim_slices[i] is not None:
                piece += " : " + _slice_text(self.dim_slices[i])
            dims.append(piece)
        lvls = [
            f"{format_affine_expr(e)} : {t}"
            for e, t in zip(self.lvl_exprs, self.lvl_types, strict=True)
        ]
        text = "<{ map = " + (f"[{symbols}]" if symbols else "")
        text += f"({', '.join(dims)}) -> ({', '.join(lvls)})"
        if self.pos_width:
            text += f", posWidth = {self.pos_width}"
        if self.crd_width:
            text += f", crdWidth = {self.crd_width}"
        if self.explicit_val is not None:
            text += f", explicitVal = {p.attr_text(self.explicit_val)}"
        if self.implicit_val is not None:
            text += f", implicitVal = {p.attr_text(self.implicit_val)}"
        return text + " }>"

    def print_params(self) -> str:
        from generator.ir.printer import Printer

        return self.params_text(Printer())

    # -- checks ----------------------------------------------------------------------

    def verify_params(self) -> str | None:
        """MLIR's check of the encoding's parameters: its first message, or None."""
        if self.pos_width not in _WIDTHS:
            return f"unexpected position bitwidth: {self.pos_width}"
        if self.crd_width not in _WIDTHS:
            return f"unexpected coordinate bitwidth: {self.crd_width}"
        types = self.lvl_types
        singletons = [i for i, t in enumerate(types) if t.format == "singleton"]
        if singletons:
            first = singletons[0]
            if first == 0 or types[first - 1].format not in ("compressed", "loose_compressed"):
                return "expected compressed or loose_compressed level before singleton level"
            if any(t.format != "singleton" for t in types[first:]):
                return "expected all singleton lvlTypes following a singleton level"
            soa = {"soa" in types[i].properties for i in singletons}
            if len(soa) > 1:
                return (
                    "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS)."
                )
        batches = [i for i, t in enumerate(types) if t.format == "batch"]
        if batches and batches != list(range(len(batches))):
            return "Batch lvlType can only be leading levels."
        if any("soa" in t.properties and t.format != "singleton" for t in types):
            return "SoA is only applicable to singleton lvlTypes."
        structured = [i for i, t in enumerate(types) if t.format == "structured"]
        if structured:
            if structured[0] != len(types) - 1:
                return "expected n_out_of_m to be the last level type"
            if any(t.format != "dense" for t in types[: structured[0]]):
                return "expected all dense lvlTypes before a n_out_of_m level"
        if not types:
            return "expected a non-empty array for lvlTypes"
        if self.num_symbols == 0 and not _invertible(self.num_dims, self.lvl_exprs):
            return "failed to infer lvlToDim from dimToLvl"
        if self.num_dims > len(types):
            return f"unexpected dimToLvl mapping from {self.num_dims} to {len(types)}"
        if self.dim_slices and self.num_dims != len(types):
            return (
                "dimSlices expected dimension-rank to match level-rank: "
                f"{self.num_dims} != {len(types)}"
            )
        return None

    def verify_encoding(self, shape: Sequence[int], element_type: Type) -> str | None:
        """MLIR's check of a tensor type carrying this encoding: its first message."""
        if not shape:
            return "expected non-scalar sparse tensor"
        if self.num_dims != len(shape):
            return (
                "dimension-rank mismatch between encoding and tensor shape: "
                f"{self.num_dims} != {len(shape)}"
            )
        for name, value in (("explicit", self.explicit_val), ("implicit", self.implicit_val)):
            own = getattr(value, "type", None)
            if isinstance(own, Type) and own != element_type:
                return (
                    f"{name} value type mismatch between encoding and tensor element type: "
                    f"'{own}' != '{element_type}'"
                )
        implicit = self.implicit_val
        if isinstance(implicit, (IntegerAttr, FloatAttr)) and implicit.value != 0:
            return "implicit value must be zero"
        return None


def _name_pos(after: SourcePos, mnemonic: str) -> SourcePos:
    """Where the mnemonic before position `after` starts (MLIR reports the encoding's
    errors there)."""
    return SourcePos(after - len(mnemonic))


def _is_numeric(attr: Attribute) -> bool:
    if isinstance(attr, (IntegerAttr, FloatAttr)):
        return True
    from generator.ir.attributes import ArrayAttr

    return isinstance(attr, ArrayAttr) and len(attr.value) == 2


def _slice_text(value: Slice | None) -> str:
    assert value is not None
    parts = ", ".join("?" if v is None else str(v) for v in value)
    return f"#sparse_tensor<slice({parts})>"


def _invertible(num_dims: int, exprs: Sequence[AffineExpr]) -> bool:
    """Whether MLIR infers the levels-to-dimensions map: the map is a permutation,
    or a block map whose dimensions each appear as `d floordiv c` and `d mod c`."""
    plain: list[int] = []
    blocks: dict[int, list[tuple[AffineExprKind, int]]] = {}
    for expr in exprs:
        if isinstance(expr, AffineDimExpr):
            plain.append(expr.position)
            continue
        if not (
            isinstance(expr, AffineBinaryExpr)
            and expr.kind in (AffineExprKind.FLOORDIV, AffineExprKind.MOD)
            and isinstance(expr.lhs, AffineDimExpr)
            and isinstance(expr.rhs, AffineConstantExpr)
        ):
            return False
        blocks.setdefault(expr.lhs.position, []).append((expr.kind, expr.rhs.value))
    if not blocks:
        return len(exprs) == num_dims and sorted(plain) == list(range(num_dims))
    for pos, uses in blocks.items():
        kinds = sorted(k.name for k, _ in uses)
        if kinds != ["FLOORDIV", "MOD"] or uses[0][1] != uses[1][1] or pos in plain:
            return False
    return sorted(plain + list(blocks)) == list(range(num_dims))


def _parse_map(
    p: AsmParser,
) -> tuple[int, int, tuple[Slice | None, ...], tuple[AffineExpr, ...], tuple[LevelType, ...]]:
    """Read `[s0](d0 : slice, d1) -> (l0 = expr : type, ...)`, the level names in
    `{l0, l1}` before the dimensions optional."""
    names: dict[str, AffineExpr] = {}
    num_symbols = 0
    if p.consume_if("[") and not p.consume_if("]"):
        while True:
            names[_identifier(p)] = AffineSymbolExpr(num_symbols)
            num_symbols += 1
            if not p.consume_if(","):
                break
        p.expect("]")
    level_names: list[str] = []
    if p.consume_if("{") and not p.consume_if("}"):
        while True:
            level_names.append(_identifier(p))
            if not p.consume_if(","):
                break
        p.expect("}")
    p.expect("(")
    slices: list[Slice | None] = []
    num_dims = 0
    if not p.consume_if(")"):
        while True:
            names[_identifier(p)] = AffineDimExpr(num_dims)
            num_dims += 1
            slices.append(_parse_slice(p) if p.consume_if(":") else None)
            if not p.consume_if(","):
                break
        p.expect(")")
    p.expect("->")
    p.expect("(")
    exprs: list[AffineExpr] = []
    types: list[LevelType] = []
    while True:
        state = p.save_state()
        word = p.parse_optional_keyword()
        if word is None or word not in level_names or not p.consume_if("="):
            p.restore_state(state)
        exprs.append(_parse_expr(p, names))
        p.expect(":")
        types.append(_parse_level_type(p))
        if not p.consume_if(","):
            break
    p.expect(")")
    dim_slices = tuple(slices) if any(s is not None for s in slices) else ()
    return num_dims, num_symbols, dim_slices, tuple(exprs), tuple(types)


def _identifier(p: AsmParser) -> str:
    return p.parse_keyword("expected bare identifier")


def _parse_slice(p: AsmParser) -> Slice:
    p.expect("#sparse_tensor<")
    p.expect_keyword("slice")
    p.expect("(")
    values: list[int | None] = []
    for i in range(3):
        if i:
            p.expect(",")
        values.append(None if p.consume_if("?") else p.parse_integer())
    p.expect(")")
    p.expect(">")
    return values[0], values[1], values[2]


def _parse_level_type(p: AsmParser) -> LevelType:
    pos = p.current_pos()
    word = p.parse_keyword("expected a level format")
    if word not in _FORMATS:
        p.error_at(pos, f"unknown level format: {word}")
    n = m = 0
    if word == "structured":
        p.expect("[")
        n = p.parse_integer()
        p.expect(",")
        m = p.parse_integer()
        p.expect("]")
    props: set[str] = set()
    if p.consume_if("("):
        while True:
            ppos = p.current_pos()
            prop = p.parse_keyword("expected a level property")
            if prop not in _PROPERTIES:
                p.error_at(ppos, f"unknown level property: {prop}")
            props.add(prop)
            if not p.consume_if(","):
                break
        p.expect(")")
    return LevelType(word, frozenset(props), n, m)


def _parse_expr(p: AsmParser, names: dict[str, AffineExpr]) -> AffineExpr:
    """An affine expression over the map's dimension and symbol names."""
    expr = _parse_term(p, names)
    while True:
        if p.consume_if("+"):
            expr = expr + _parse_term(p, names)
        elif p.next_is("-") and not p.next_is("->"):
            p.expect("-")
            expr = expr - _parse_term(p, names)
        else:
            return expr


def _parse_term(p: AsmParser, names: dict[str, AffineExpr]) -> AffineExpr:
    expr = _parse_unary(p, names)
    while True:
        if p.consume_if("*"):
            expr = expr * _parse_unary(p, names)
        elif p.consume_keyword("floordiv"):
            expr = expr.floor_div(_parse_unary(p, names))
        elif p.consume_keyword("ceildiv"):
            expr = expr.ceil_div(_parse_unary(p, names))
        elif p.consume_keyword("mod"):
            expr = expr % _parse_unary(p, names)
        else:
            return expr


def _parse_unary(p: AsmParser, names: dict[str, AffineExpr]) -> AffineExpr:
    if p.consume_if("("):
        inner = _parse_expr(p, names)
        p.expect(")")
        return inner
    if p.next_is("-"):
        p.expect("-")
        return -_parse_unary(p, names)
    pos = p.current_pos()
    number = p.parse_optional_integer()
    if number is not None:
        return AffineConstantExpr(number)
    word = p.parse_keyword("expected affine expression")
    found = names.get(word)
    if found is None:
        p.error_at(pos, f"use of undeclared identifier '{word}'")
    return found


def sparse_tensor_encoding(type_: Type) -> SparseTensorEncodingAttr | None:
    """The sparse encoding of a ranked tensor type, or None (MLIR's
    `getSparseTensorEncoding`; the storage specifier type's encoding is its
    `encoding` parameter)."""
    if isinstance(type_, RankedTensorType):
        found = type_.encoding
    else:
        dialect = getattr(type_, "DIALECT", None)
        mnemonic = getattr(type_, "MNEMONIC", None)
        if (dialect, mnemonic) != ("sparse_tensor", "storage_specifier"):
            return None
        found = getattr(type_, "encoding", None)
    return found if isinstance(found, SparseTensorEncodingAttr) else None


def sparse_encoding_is_slice(attr: SparseTensorEncodingAttr) -> bool:
    """Whether an encoding slices some dimension (MLIR's `isSlice`)."""
    return attr.is_slice


register_runtime_attr(SparseTensorEncodingAttr)
