"""Locations and affine syntax in the IR parser.

`LocationParser` reads `loc(...)` (file locations, names, call sites, fused
locations, and `loc(#alias)` of aliases defined further down, patched once the file
has been read), `affine_map<...>`/`affine_set<...>` bodies and the affine maps of SSA
ids custom forms use (`[%i + 1, symbol(%n)]`), handing the affine text to
`generator.ir.affine`. Attribute aliases of the buffer live here, as locations are
the first to refer to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.ir.attributes import (
    AffineMapAttr,
    Attribute,
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    IntegerSetAttr,
    LocationAttr,
    NameLoc,
    UnknownLoc,
)
from generator.ir.context import Context
from generator.ir.lexer import (
    _ALIAS_NAME,
    _DIGITS,
)
from generator.ir.opasm import UnresolvedOperand
from generator.ir.source import SourceFile
from generator.ir.type_parser import (
    TypeParser,
)

if TYPE_CHECKING:
    from generator.ir.affine import AffineExpr, AffineMap


__all__ = ["LocationParser"]


class _PendingLoc(LocationAttr):
    """`loc(#name)` naming an alias not defined yet; replaced once the file is read."""

    __slots__ = ("name", "offset")

    def __init__(self, name: str, offset: int) -> None:
        super().__init__(True)
        self.name = name
        self.offset = offset


class LocationParser(TypeParser):
    """Reads locations and affine syntax."""

    def __init__(self, source: SourceFile, ctx: Context) -> None:
        super().__init__(source, ctx)
        self.attr_aliases: dict[str, Attribute] = {}
        #: How deeply the definitions of attribute aliases nest, where they nest at all.
        self.attr_alias_depths: dict[str, int] = {}

    def parse_affine_map_of_ssa_ids(
        self, delimiters: str = "[]"
    ) -> tuple[AffineMap, list[UnresolvedOperand]]:
        """Parse `[%i + 1, symbol(%n)]` (or `(...)`) into a map and its dims' and
        symbols' uses."""
        from generator.ir import affine

        pos = self.skip_ws()
        try:
            amap, names, end = affine.parse_ssa_id_map(self.text, pos, delimiters)
        except affine.AffineParseError as e:
            self.error_at(e.offset, e.message)
        self.pos = end
        return amap, [(name, 0, at) for name, at in names]

    def parse_affine_map(self) -> AffineMap:
        """Parse a bare `(d0, d1)[s0] -> (d1, d0)`, as an op's custom form may write one."""
        from generator.ir import affine

        pos = self.skip_ws()
        try:
            amap, end = affine.parse_affine_map_prefix(self.text, pos)
        except affine.AffineParseError as e:
            self.error_at(e.offset, e.message)
        self.pos = end
        return amap

    def parse_affine_expr_of_ssa_ids(
        self,
    ) -> tuple[AffineExpr, list[UnresolvedOperand], list[UnresolvedOperand]]:
        """Parse one expression over SSA names: the expression, its dims' uses and its
        symbols' uses."""
        from generator.ir import affine

        pos = self.skip_ws()
        try:
            expr, dims, symbols, end = affine.parse_ssa_id_expr(self.text, pos)
        except affine.AffineParseError as e:
            self.error_at(e.offset, e.message)
        self.pos = end
        return (
            expr,
            [(name, 0, at) for name, at in dims],
            [(name, 0, at) for name, at in symbols],
        )

    def parse_trailing_loc(self) -> LocationAttr:
        """Parse `loc(...)` after an op or block argument.

        `loc(#name)` may name an alias defined later in the file (MLIR prints
        location aliases at the end); that gives a `_PendingLoc` to patch in `finish`.
        """
        self.expect("loc")
        self.expect("(", "expected '(' in location")
        pos = self.skip_ws()
        m = _ALIAS_NAME.match(self.text, pos + 1) if self.text.startswith("#", pos) else None
        if (
            m is not None
            and m.group() not in self.attr_aliases
            and not self.text.startswith("<", m.end())
        ):
            self.pos = m.end()
            self.expect(")", "expected ')' in location")
            return _PendingLoc(m.group(), pos)
        loc = self.parse_location_body()
        self.expect(")", "expected ')' in location")
        return loc

    def parse_optional_trailing_loc(self) -> LocationAttr | None:
        """Parse `loc(...)` if the keyword `loc` comes next."""
        pos = self.skip_ws()
        if self.text.startswith("loc", pos) and self.at_loc_keyword(pos):
            return self.parse_trailing_loc()
        return None

    def parse_location_body(self) -> LocationAttr:
        """Parse the inside of `loc(...)` (or an alias to a location)."""
        text = self.text
        pos = self.skip_ws()
        c = text[pos : pos + 1]
        if c == "#":
            attr = self.parse_attribute()
            if not isinstance(attr, LocationAttr):
                self.error_at_token(f"expected location attribute, but got{attr}")
            return attr
        if c == '"':
            string = self.parse_string_literal()
            if self.consume_if(":"):
                line = self.parse_uint("expected integer line number in FileLineColRange")
                if not self.consume_if(":"):
                    return FileLineColLoc.get(string, line, None)
                col = self.parse_uint("expected integer column number in FileLineColRange")
                if not self.consume_keyword("to"):
                    # MLIR names a plain position in an unnamed file "-", like stdin.
                    return FileLineColLoc.get(string or "-", line, col)
                end_line: int | None = None
                if not self.consume_if(":"):
                    m = _DIGITS.match(self.text, self.skip_ws())
                    if m is None:
                        self.wrong_token(
                            "expected either integer or `:` post `to` in FileLineColRange"
                        )
                    self.pos = m.end()
                    end_line = int(m.group())
                    self.expect(":", "expected either integer or `:` post `to` in FileLineColRange")
                end_col = self.parse_uint("expected integer column number in FileLineColRange")
                return FileLineColLoc.get(string, line, col, end_line, end_col)
            child: LocationAttr | None = None
            if self.consume_if("("):
                self.nest(self.pos - 1)
                child = self.parse_location_body()
                self.expect(")", "expected ')' after child location of NameLoc")
                self.depth -= 1
            return NameLoc.get(string, child)
        if self.consume_keyword("unknown"):
            return UnknownLoc.get()
        if self.consume_keyword("callsite"):
            self.expect("(", "expected '(' in callsite location")
            self.nest(self.pos - 1)
            callee = self.parse_location_body()
            if not self.consume_keyword("at"):
                self.wrong_token("expected 'at' in callsite location")
            caller = self.parse_location_body()
            self.expect(")", "expected ')' in callsite location")
            self.depth -= 1
            return CallSiteLoc.get(callee, caller)
        if self.consume_keyword("fused"):
            metadata: Attribute | None = None
            if self.consume_if("<"):
                self.nest(self.pos - 1)
                metadata = self.parse_attribute()
                self.expect(">", "expected '>' after fused location metadata")
                self.depth -= 1
            self.expect("[", "expected '[' in fused location")
            self.nest(self.pos - 1)
            locs: list[LocationAttr] = []
            if not self.consume_if("]"):
                while True:
                    locs.append(self.parse_location_body())
                    if self.consume_if("]"):
                        break
                    self.expect(",", "expected ']' in fused location")
            self.depth -= 1
            return FusedLoc.get(tuple(locs), metadata)
        self.wrong_token("expected location instance")

    def parse_affine(self, word: str, start: int) -> Attribute:
        """Parse `affine_map<...>` or `affine_set<...>`."""
        from generator.ir import affine

        body = self.pos + 1
        try:
            if word == "affine_map":
                amap, end = affine.parse_affine_map_prefix(self.text, body)
                result: Attribute = AffineMapAttr.get(amap)
            else:
                aset, end = affine.parse_integer_set_prefix(self.text, body)
                result = IntegerSetAttr.get(aset)
        except affine.AffineParseError as e:
            self.error_at(e.offset, e.message)
        self.pos = end
        self.expect(">", "expected '>'")
        return result
