"""The attribute layer of the IR parser: builtin and dialect attributes.

`AttrParser` reads numbers with their types, strings, arrays, dictionaries, symbol
references, `dense<...>` (literals and hex blobs), `array<...>`, `sparse<...>`,
`strided<...>`, `dense_resource<...>`, `distinct[...]<...>`, `#alias` and
`#dialect.mnemonic<...>` (through the registered dialect attribute's parser), with
MLIR's checks and messages.
"""

from __future__ import annotations

import re
from typing import Final

from generator.ir.attr_type_base import DialectAttr, ParametricAttr, TypedDialectAttr
from generator.ir.attributes import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DenseElement,
    DenseElementsAttr,
    DenseResourceElementsAttr,
    DenseStringElementsAttr,
    DictionaryAttr,
    DistinctAttr,
    FloatAttr,
    IntegerAttr,
    OpaqueAttr,
    SparseElementsAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    integer_range,
    wrap_integer,
)
from generator.ir.context import Context
from generator.ir.diagnostics import DiagnosticError
from generator.ir.lexer import (
    _BARE_ID,
    _HEX_DIGITS,
    _INT64_MAX,
    _NUMBER,
    _SIGNED_INT,
    _SUFFIX_ID,
    _UINT64_MAX,
    _WS_START,
)
from generator.ir.loc_parser import LocationParser
from generator.ir.nesting import MAX_ATTRIBUTE_DEPTH
from generator.ir.source import SourceFile
from generator.ir.types import (
    DYNAMIC,
    ComplexType,
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    ShapedType,
    Signedness,
    Type,
    UnrankedTensorType,
    VectorType,
)

__all__ = ["AttrParser"]

# A dictionary without nested brackets or strings (`{value = 1 : i32}`, or with a
# dialect attribute like `#arith.overflow<none>`); the text is a cache key.
_SIMPLE_DICT = re.compile(r"\{(?:[^{}<>\"\[\]()]|<[\w, ]*>)*\}")
_I64 = IntegerType.get(64)
_F64 = FloatType.get("f64")
_UNIT = UnitAttr.get()
_TRUE = BoolAttr.get_bool(True)
_FALSE = BoolAttr.get_bool(False)
_EMPTY_DICT = DictionaryAttr.get(())


#: Keywords that start an attribute, and MLIR's message when the bracket after one is
#: missing (reported at the token that is there instead).
_KEYWORD_OPENERS: Final = {
    "dense": "expected '<' after 'dense'",
    "array": "expected '<' after 'array'",
    "strided": "expected '<' after 'strided'",
    "dense_resource": "expected '<' after 'dense_resource'",
    "sparse": "Expected '<' after 'sparse'",
    "affine_map": "expected '<' in affine map",
    "affine_set": "expected '<' in integer set",
    "distinct": "expected '[' after 'distinct'",
    "loc": "expected '(' in inline location",
}


class AttrParser(LocationParser):
    """Reads attributes."""

    def __init__(self, source: SourceFile, ctx: Context) -> None:
        super().__init__(source, ctx)
        self.distinct: dict[int, DistinctAttr] = {}
        # Memoized dictionaries keyed by source text; only valid within one buffer,
        # because alias names may mean different things in different files.
        self.dict_cache: dict[str, tuple[DictionaryAttr, int]] = {}

    # -- attributes --------------------------------------------------------------

    def parse_attribute(self, type_: Type | None = None) -> Attribute:
        """Parse any attribute (`type_` is a type the context implies, if any)."""
        text = self.text
        pos = self.skip_ws()
        c = text[pos : pos + 1]
        if c == '"':
            value = self.parse_string_literal()
            st: Type | None = None
            if self.consume_if(":"):
                st = self.parse_type()
            return StringAttr.get(value, st)
        if c == "[":
            self.pos = pos + 1
            if self.consume_if("]"):
                return ArrayAttr.get(())
            self.nest(pos)
            items = []
            while True:
                items.append(self.parse_attribute())
                if self.consume_if("]"):
                    self.depth -= 1
                    return ArrayAttr.get(tuple(items))
                self.expect(",", "expected ',' or ']'")
        if c == "{":
            return self.parse_dictionary()
        if c == "@":
            return self.parse_symbol_ref()
        if c == "#":
            return self.parse_hash_attribute()
        if c == "-" or c.isdigit():
            return self.parse_number_attribute(type_)
        m = _BARE_ID.match(text, pos)
        if m is not None:
            word = m.group()
            end = m.end()
            if word == "true":
                self.pos = end
                return _TRUE
            if word == "false":
                self.pos = end
                return _FALSE
            if word == "unit":
                self.pos = end
                return _UNIT
            nxt = text[end : end + 1]
            if nxt and nxt in _WS_START:
                # `dense <...>` is `dense<...>`: the keyword and bracket are two tokens.
                after = self.skip_ws_from(end)
                if text[after : after + 1] in ("<", "(", "["):
                    end = after
                    nxt = text[end]
            if nxt == "<":
                if word == "dense":
                    self.pos = end
                    shaped = (RankedTensorType, VectorType, UnrankedTensorType)
                    return self.parse_dense(pos, type_ if isinstance(type_, shaped) else None)
                if word == "array":
                    self.pos = end
                    return self.parse_dense_array(pos)
                if word == "affine_map" or word == "affine_set":
                    self.pos = end
                    return self.parse_affine(word, pos)
                if word == "strided":
                    self.pos = end
                    return self.parse_strided()
                if word == "sparse":
                    self.pos = end
                    return self.parse_sparse(pos)
                if word == "dense_resource":
                    self.pos = end
                    return self.parse_dense_resource(pos)
            if word == "loc" and nxt == "(":
                self.pos = end + 1
                loc = self.parse_location_body()
                self.expect(")", "expected ')' in inline location")
                return loc
            if word == "distinct" and nxt == "[":
                self.pos = end
                return self.parse_distinct()
            missing = _KEYWORD_OPENERS.get(word)
            if missing is not None:
                # A keyword of MLIR's attribute grammar without its bracket.
                self.pos = end
                self.wrong_token(missing)
        # Anything else must be a type.
        if not self.at_type_start(pos):
            self.wrong_token("expected attribute value")
        return TypeAttr.get(self.parse_type())

    def parse_dictionary(self) -> DictionaryAttr:
        """Parse `{name = attr, unitname, ...}`, reusing results for repeated simple text."""
        pos = self.skip_ws()
        m = _SIMPLE_DICT.match(self.text, pos)
        if m is None:
            return self.parse_dictionary_body()
        key = m.group()
        cached = self.dict_cache.get(key)
        if cached is None:
            # How deeply it nests (an alias in it may nest deeply) is kept with it, to
            # count wherever the text comes again.
            outer_peak = self.peak
            self.peak = self.depth
            parsed = self.parse_dictionary_body()
            inner = self.peak - self.depth
            self.peak = max(self.peak, outer_peak)
            if self.pos != m.end():
                return parsed
            self.dict_cache[key] = (parsed, inner)
        else:
            parsed, inner = cached
            depth = self.depth + inner
            if depth > MAX_ATTRIBUTE_DEPTH:
                # Parsed again, to report the error where it is.
                return self.parse_dictionary_body()
            if depth > self.peak:
                self.peak = depth
        self.pos = m.end()
        return parsed

    def parse_dictionary_body(self) -> DictionaryAttr:
        """Parse `{name = attr, unitname, ...}`."""
        self.expect("{")
        brace = self.pos - 1
        text = self.text
        if self.consume_if("}"):
            return _EMPTY_DICT
        self.nest(brace)
        entries: dict[str, Attribute] = {}
        while True:
            pos = self.skip_ws()
            m = _BARE_ID.match(text, pos)
            if m is not None:
                key = m.group()
                self.pos = m.end()
            elif text.startswith('"', pos):
                key = self.parse_string_literal()
                if not key:
                    self.error_at(pos, "expected valid attribute name")
            else:
                self.wrong_token("expected attribute name")
            if key in entries:
                self.error_at(pos, f"duplicate key '{key}' in dictionary attribute")
            if self.consume_if("="):
                entries[key] = self.parse_attribute()
            else:
                entries[key] = _UNIT
            if self.consume_if("}"):
                break
            self.expect(",", "expected '}' in attribute dictionary")
        self.depth -= 1
        return DictionaryAttr.get(entries)

    def parse_symbol_ref(self) -> SymbolRefAttr:
        """Parse `@name` or `@"name"`, optionally nested with `::@nested`."""
        text = self.text
        names = [self.parse_symbol_name()]
        while True:
            pos = self.pos
            if text[pos : pos + 1] in _WS_START:
                pos = self.skip_ws_from(pos)
            if not text.startswith("::", pos):
                break
            self.pos = pos + 2
            if not text.startswith("@", self.skip_ws()):
                self.wrong_token("expected nested symbol reference identifier")
            names.append(self.parse_symbol_name())
        return SymbolRefAttr.get(names[0], tuple(names[1:]))

    def parse_symbol_name(self) -> str:
        """Parse one `@name` or `@"quoted name"`."""
        pos = self.skip_ws()
        text = self.text
        if text.startswith('@"', pos):
            self.pos = pos + 1
            return self.parse_string_literal()
        m = _BARE_ID.match(text, pos + 1)
        if m is None:
            self.error_at(pos + 1, "@ identifier expected to start with letter or '_'")
        self.pos = m.end()
        return m.group()

    def parse_hash_attribute(self) -> Attribute:
        """Parse `#alias` or a dialect attribute `#dialect.body<...> (: type)?`."""
        text = self.text
        start = self.pos
        m = _BARE_ID.match(text, start + 1)
        if m is None:
            self.error_at(start, "invalid attribute name")
        symbol = self.scan_dialect_symbol(m)
        if isinstance(symbol, str):
            alias = self.attr_aliases.get(symbol)
            if alias is None:
                self.error_at_token(f"undefined symbol alias id '{symbol}'")
            inner = self.attr_alias_depths.get(symbol)
            if inner is not None:
                self.nest_alias(inner, start)
            return alias
        dialect, data = symbol
        # The mnemonic is the keyword the body starts with: `poison` of
        # `#ub.poison<>`, `cmp_predicate` of `#index<cmp_predicate slt>`.
        lead = len(data) - len(data.lstrip())
        keyword = _BARE_ID.match(data, lead)
        mnemonic = keyword.group() if keyword is not None else ""
        after_mnemonic = start + 2 + len(dialect) + lead + len(mnemonic)
        self.ctx.ensure_dialect(dialect)
        found = self.ctx.lookup_attr(dialect, mnemonic)
        registered = found if found is not None and issubclass(found, DialectAttr) else None
        if registered is not None and issubclass(registered, ParametricAttr):
            # The spec's parser reads the parameters in place (see parse_dialect_type).
            end = self.pos
            # In `#dialect<mnemonic ...>` the body ends before the closing `>`.
            body_end = end - 1 if text.startswith("<", start + 1 + len(dialect)) else end
            self.pos = after_mnemonic
            self.nest(self.pos)
            outer = self.custom_op
            self.custom_op = None
            try:
                parsed_attr = registered.parse(self)
            except DiagnosticError:
                self.pos = end
                raise
            finally:
                self.custom_op = outer
            if self.pos > body_end:
                self.error_at(self.pos, f"unexpected text in '#{dialect}.{mnemonic}' attribute")
            # As in MLIR, what the attribute's parser leaves of the body is ignored.
            self.pos = end
            self.depth -= 1
            self.skip_attr_type()
            return parsed_attr
        if registered is None and self.ctx.dialect_has_attrs(dialect):
            # A generated dialect's attribute parser knows all its attributes.
            body = start + 2 + len(dialect)
            if keyword is None:
                self.error_at(body, "expected valid keyword")
            self.error_at(body, f"unknown attribute `{mnemonic}` in dialect `{dialect}`")
        if registered is not None:
            body_start = after_mnemonic
            parsed = registered.parse_body(data[lead + len(mnemonic) :])
            if isinstance(parsed, tuple):
                self.error_at(body_start + parsed[0], parsed[1])
            if isinstance(parsed, TypedDialectAttr):
                self.expect(":", "expected ':' and the attribute's type")
                return parsed.get(self.parse_type())
            self.skip_attr_type()
            return parsed
        symbol_end = self.pos
        attr_type: Type | None = None
        if self.consume_if(":"):
            attr_type = self.parse_type()
        if not self.ctx.allow_unregistered_dialects and not self.ctx.is_known_dialect(dialect):
            end = self.pos
            self.pos = symbol_end
            self.check_dialect_allowed(
                (dialect, data),
                "#",
                f" : '{attr_type if attr_type is not None else 'none'}' attribute",
                start,
            )
            self.pos = end
        return OpaqueAttr.get(dialect, data, attr_type)

    def skip_attr_type(self) -> None:
        """Read the `: type` that may follow a dialect attribute: MLIR's parser reads it
        for any dialect attribute and hands it to the dialect, which these ignore."""
        if self.consume_if(":"):
            self.parse_type()

    def parse_number_attribute(self, implied: Type | None) -> Attribute:
        """Parse an integer or float literal with an optional `: type`."""
        text = self.text
        pos = self.skip_ws()
        m = _NUMBER.match(text, pos)
        if m is None:
            self.error_at(pos + 1, "expected constant integer or floating point value")
        literal = m.group()
        # MLIR reports literal errors at the number itself, after any minus sign.
        lit_pos = pos + 1 if literal.startswith("-") else pos
        self.pos = m.end()
        # As MLIR's parser: a `: type` suffix is read only when no type is implied,
        # so `$factor `:` type(...)` in an op's format keeps its colon.
        type_: Type | None = implied
        if implied is None and self.consume_if(":"):
            type_ = self.parse_type()
        is_float_literal = "." in literal and "x" not in literal
        if type_ is None:
            type_ = _F64 if is_float_literal else _I64
        if isinstance(type_, FloatType):
            return FloatAttr.get(type_, self.float_bits(literal, type_, lit_pos))
        if is_float_literal:
            self.error_at_token("floating point value not valid for specified type")
        if not isinstance(type_, (IntegerType, IndexType)):
            self.error_at(lit_pos, "integer literal not valid for specified type")
        value = self.int_value(literal, type_, lit_pos)
        if value is None:
            self.error_at(lit_pos, "integer constant out of range for attribute")
        return IntegerAttr.get(type_, value)

    def int_value(self, literal: str, type_: Type, pos: int) -> int | None:
        """The value of an integer literal for `type_`, or None when it does not fit.

        Like MLIR, a literal fits when its bits fit the width: `255 : i8` is `-1`,
        but `256 : i8` and `-129 : i8` do not fit; unsigned types take no minus.
        """
        negative = literal.startswith("-")
        body = literal[1:] if negative else literal
        is_hex = body.startswith("0x")
        value = int(body, 16) if is_hex else int(body)
        assert isinstance(type_, (IntegerType, IndexType))
        if negative:
            if isinstance(type_, IntegerType) and type_.signedness == Signedness.UNSIGNED:
                self.error_at(pos, "negative integer literal not valid for unsigned integer type")
            value = -value
        lo, hi = integer_range(type_)
        if not lo <= value <= hi:
            return None
        return value

    def float_bits(self, literal: str, type_: FloatType, pos: int) -> int:
        """Convert a float literal (decimal, or hex bit pattern) to the bits of `type_`."""
        from generator.ir import floats

        fmt = floats.FLOAT_FORMATS[type_.name]
        try:
            if "x" in literal:
                if literal.startswith("-"):
                    self.error_at(pos, "hexadecimal float literal should not have a leading minus")
                return floats.parse_hex_float(fmt, literal)
            if "." not in literal:
                self.error_at(
                    pos,
                    "unexpected decimal integer literal for a floating point value",
                    [(pos, "add a trailing dot to make the literal a float")],
                )
            return floats.decimal_to_bits(fmt, literal)
        except floats.FloatLiteralError as e:
            self.error_at(pos, e.message, [(pos, e.note)] if e.note else [])

    # -- elements attributes -------------------------------------------------------

    def parse_dense(self, start: int, implied: Type | None = None) -> Attribute:
        """Parse `dense<literal> : shaped-type`; errors about the whole literal point at `dense`.

        With the shaped type `implied` by the context (a `memref.global`'s initial value),
        the literal has no `: type` of its own, as in MLIR's `parseElementsLiteralType`."""
        self.expect("<")
        text = self.text
        pos = self.skip_ws()
        hex_data: str | None = None
        literal: object = None
        empty = False
        if text.startswith(">", pos):
            empty = True
        elif text.startswith('"0x', pos):
            hex_data = self.parse_string_literal()
        else:
            literal = self.parse_dense_literal()
        self.expect(">", "expected '>'")
        if implied is not None:
            type_: Type = implied
        else:
            self.expect(":", "expected ':'")
            self.skip_ws()
            type_ = self.parse_type()
        if not isinstance(type_, (RankedTensorType, VectorType, UnrankedTensorType)):
            self.error_at(start, "elements literal must be a shaped type")
        if not type_.has_static_shape:
            self.error_at(start, "elements literal type must have static shape")
        elem = type_.element_type
        if hex_data is not None:
            return _dense_from_hex(self, type_, hex_data, start, pos)
        if empty:
            if type_.num_elements != 0:
                self.error_at(
                    start,
                    f"parsed zero elements, but type ('{type_}') expected at least 1",
                )
            return DenseElementsAttr.get(type_, ())
        shape, flat = _flatten_literal(self, literal, pos)
        # `[[]]` for a tensor<1x0xT> infers [1, 0]; any all-empty nesting of the right rank fits.
        empty_fits = 0 in shape and type_.num_elements == 0 and len(shape) == len(type_.shape)
        if shape not in ((), type_.shape) and not empty_fits:
            self.error_at(
                start,
                f"inferred shape of elements literal ({_shape_text(shape)}) does not match type ({_shape_text(type_.shape)})",
            )
        if isinstance(literal, _StrLit) and _is_numeric_element(elem):
            # A lone string for numbers is hex data, as MLIR reads it.
            return _dense_from_hex(self, type_, literal.value, start, literal.pos)
        if not _is_numeric_element(elem):
            return _string_elements(self, type_, flat, start)
        if (
            isinstance(elem, ComplexType)
            and flat
            and not isinstance(flat[0], _ComplexLit)
            and shape == type_.shape
        ):
            self.error_at(
                start,
                f"parsed {len(flat)} elements, but type ('{type_}') expected {2 * type_.num_elements} elements",
            )
        values = tuple(_convert_dense_element(self, x, elem) for x in flat)
        return DenseElementsAttr.get(type_, values)

    def parse_dense_literal(self) -> object:
        """Parse a nested list literal; leaves are `_NumLit`, `_StrLit`, bools or complex pairs."""
        text = self.text
        pos = self.skip_ws()
        c = text[pos : pos + 1]
        if c == "[":
            self.pos = pos + 1
            items: list[object] = []
            if self.consume_if("]"):
                return _ListLit(items, pos, self.pos - 1)
            self.nest(pos)
            while True:
                items.append(self.parse_dense_literal())
                if self.consume_if("]"):
                    self.depth -= 1
                    return _ListLit(items, pos, self.pos - 1)
                self.expect(",", "expected ']'")
        if c == "(":
            self.pos = pos + 1
            self.nest(pos)
            real = self.parse_dense_literal()
            self.expect(",", "expected ',' between complex elements")
            imag = self.parse_dense_literal()
            self.expect(")", "expected ')' after complex elements")
            self.depth -= 1
            return _ComplexLit(real, imag, pos)
        if c == '"':
            return _StrLit(self.parse_string_literal(), pos)
        if self.consume_keyword("true"):
            return _NumLit("1", pos, is_bool=True)
        if self.consume_keyword("false"):
            return _NumLit("0", pos, is_bool=True)
        m = _NUMBER.match(text, pos)
        if m is None:
            # MLIR's `emitError`, at the token itself (after a `-`, the next one).
            if c == "-" and not text.startswith("->", pos):
                # A `-` token, then the number (MLIR allows blanks between them).
                self.pos = pos + 1
                after = self.skip_ws()
                m = _NUMBER.match(text, after)
                if m is None or text[after] == "-":
                    self.error_at_token("expected integer or floating point literal")
                self.pos = m.end()
                return _NumLit("-" + m.group(), pos)
            self.error_at_token("expected element literal of primitive type")
        self.pos = m.end()
        return _NumLit(m.group(), pos)

    def parse_dense_array(self, start: int) -> Attribute:
        """Parse `array<type: v, v, ...>`."""
        self.expect("<")
        tpos = self.skip_ws()
        elem = self.parse_type()
        if not isinstance(elem, (IntegerType, FloatType)):
            self.error_at(tpos, f"expected integer or float type, got: '{elem}'")
        # Elements are stored as whole bytes; one-bit elements are booleans.
        is_bool = elem.width == 1
        if elem.width % 8 and not is_bool:
            self.error_at(tpos, "element type bitwidth must be a multiple of 8")
        values: list[int] = []
        if self.consume_if(">"):
            return DenseArrayAttr.get(elem, ())
        self.expect(":", "expected ':' after dense array type")
        while True:
            vpos = self.skip_ws()
            if self.consume_keyword("true") or self.consume_keyword("false"):
                if not (isinstance(elem, IntegerType) and elem.width == 1):
                    self.error_at(vpos, "expected i1 type for 'true' or 'false' values")
                lit = "1" if self.text.startswith("true", vpos) else "0"
            else:
                m = _NUMBER.match(self.text, vpos)
                if m is None:
                    self.error_at(
                        vpos,
                        "expected floating point literal"
                        if isinstance(elem, FloatType)
                        else "expected integer literal",
                    )
                lit = m.group()
                self.pos = m.end()
                if is_bool:
                    self.error_at_token("expected 'true' or 'false' values for i1 type")
            if isinstance(elem, FloatType):
                values.append(
                    self.float_bits(lit if "." in lit or "x" in lit else lit + ".0", elem, vpos)
                )
            elif is_bool:
                values.append(wrap_integer(int(lit), elem))
            else:
                if "." in lit:
                    self.error_at(vpos, "expected integer literal")
                value = self.int_value(lit, elem, vpos)
                if value is None:
                    self.error_at_token("integer constant out of range")
                values.append(wrap_integer(value, elem))
            if self.consume_if(">"):
                break
            self.expect(",", "expected '>' to close an array attribute")
        return DenseArrayAttr.get(elem, tuple(values))

    def parse_strided(self) -> Attribute:
        """Parse `strided<[s, ...], offset: o>`."""
        self.expect("<")
        self.expect("[", "expected '['")
        strides: list[int] = []
        if not self.consume_if("]"):
            while True:
                strides.append(self.parse_stride_value())
                if self.consume_if("]"):
                    break
                self.expect(",", "expected ']'")
        offset = 0
        if self.consume_if(","):
            if not self.consume_keyword("offset"):
                self.wrong_token("expected 'offset' after comma")
            self.expect(":", "expected ':' after 'offset'")
            offset = self.parse_stride_value()
        self.expect(">", "expected '>'")
        return StridedLayoutAttr.get(tuple(strides), offset)

    def parse_stride_value(self) -> int:
        """Parse an integer or `?`."""
        if self.consume_if("?"):
            return DYNAMIC
        pos = self.skip_ws()
        m = _SIGNED_INT.match(self.text, pos)
        # MLIR reads the magnitude as an int64_t, so -2**63 is out of range too.
        if m is None or abs(value := int(m.group())) > _INT64_MAX:
            self.error_at(pos, "expected a 64-bit signed integer or '?'")
        self.pos = m.end()
        return value

    def parse_sparse(self, start: int) -> Attribute:
        """Parse `sparse<indices, values> : type`."""
        self.expect("<")
        pos = self.skip_ws()
        if self.consume_if(">"):
            indices_lit: object = None
            values_lit: object = None
        else:
            indices_lit = self.parse_dense_literal()
            self.expect(",", "expected ','")
            values_lit = self.parse_dense_literal()
            self.expect(">", "expected '>'")
        self.expect(":", "expected ':'")
        tpos = self.skip_ws()
        type_ = self.parse_type()
        if not isinstance(type_, ShapedType) or not type_.has_static_shape:
            self.error_at(tpos, "elements literal must be a shaped type")
        if indices_lit is None:
            idx_type = RankedTensorType.get((0, type_.rank), _I64)
            val_type = RankedTensorType.get((0,), type_.element_type)
            return SparseElementsAttr.get(
                type_, DenseElementsAttr.get(idx_type, ()), DenseElementsAttr.get(val_type, ())
            )
        ishape, iflat = _flatten_literal(self, indices_lit, pos)
        rank = type_.rank
        # A scalar index literal is a splat of one index of the tensor's rank.
        idx_shape = ishape if ishape else (1, rank)
        idx_type = RankedTensorType.get(idx_shape, _I64)
        indices = DenseElementsAttr.get(
            idx_type, tuple(_convert_dense_element(self, x, _I64) for x in iflat)
        )
        vshape, vflat = _flatten_literal(self, values_lit, pos)
        val_shape = vshape if vshape else (idx_shape[0],)
        val_type = RankedTensorType.get(val_shape, type_.element_type)
        values_pos = getattr(values_lit, "pos", pos)
        values: Attribute
        if isinstance(values_lit, _StrLit) and _is_numeric_element(type_.element_type):
            values = _dense_from_hex(self, val_type, values_lit.value, values_pos, values_pos)
        elif not _is_numeric_element(type_.element_type):
            values = _string_elements(self, val_type, vflat, values_pos)
        else:
            values = DenseElementsAttr.get(
                val_type, tuple(_convert_dense_element(self, x, type_.element_type) for x in vflat)
            )
        self.verify_sparse(start, type_, idx_shape, val_shape, iflat, bool(ishape))
        return SparseElementsAttr.get(type_, indices, values)

    def verify_sparse(
        self,
        start: int,
        type_: ShapedType,
        idx_shape: tuple[int, ...],
        val_shape: tuple[int, ...],
        index_leaves: list[object],
        indices_listed: bool,
    ) -> None:
        """MLIR's checks on a sparse literal: shapes agree and indices are in bounds."""
        rank = type_.rank
        if len(val_shape) != 1:
            self.error_at(start, "expected 1-d tensor for sparse element values")
        shape_error = (
            f"expected shape ({_shape_text(type_.shape)}); inferred shape of indices literal "
            f"({_shape_text(idx_shape)}); inferred shape of values literal ({_shape_text(val_shape)})"
        )
        if len(idx_shape) == 2:
            if idx_shape[1] != rank:
                self.error_at(start, shape_error)
        elif len(idx_shape) != 1 or rank != 1:
            self.error_at(start, shape_error)
        if idx_shape[0] != val_shape[0]:
            self.error_at(start, shape_error)
        # Decimal literals may have leading zeros (`007`), which `int(text, 0)` refuses;
        # MLIR checks and prints the indices as uint64_t, so -1 is 2**64 - 1.
        flat = [
            (int(leaf.text, 16) if "x" in leaf.text else int(leaf.text)) % (1 << 64)
            if isinstance(leaf, _NumLit)
            else 0
            for leaf in index_leaves
        ]
        groups = (
            [flat * rank]
            if not indices_listed
            else [flat[k * rank : (k + 1) * rank] for k in range(idx_shape[0])]
        )
        for n, index in enumerate(groups):
            if len(index) != rank or any(
                not 0 <= v < d for v, d in zip(index, type_.shape, strict=False)
            ):
                self.error_at(
                    start,
                    f"sparse index #{n} is not contained within the value shape, with index="
                    f"{_shape_text(tuple(index))}, and type='{type_}'",
                )

    def parse_dense_resource(self, start: int) -> Attribute:
        """Parse `dense_resource<handle> : type`."""
        self.expect("<")
        pos = self.skip_ws()
        m = _SUFFIX_ID.match(self.text, pos) or _BARE_ID.match(self.text, pos)
        if m is None:
            self.wrong_token("expected identifier key for 'resource' entry")
        handle = m.group()
        self.pos = m.end()
        self.expect(">", "expected '>'")
        self.expect(":", "expected ':'")
        tpos = self.skip_ws()
        type_ = self.parse_type()
        if not isinstance(type_, ShapedType):
            self.error_at(tpos, "expected a shaped type for dense_resource")
        return DenseResourceElementsAttr.get(type_, handle)

    def parse_distinct(self) -> Attribute:
        """Parse `[N]<attr>` after the `distinct` keyword."""
        self.expect("[")
        ident = self.parse_uint("expected distinct ID")
        if ident > _UINT64_MAX:
            # Reported at the token after the id, where MLIR's lexer then is.
            self.error_at(self.skip_ws(), "expected an unsigned 64-bit integer")
        self.expect("]", "expected ']' to close distinct ID")
        self.expect("<", "expected '<' after distinct ID")
        bracket = self.pos - 1
        if self.consume_if(">"):
            referenced: Attribute = _UNIT
        else:
            self.nest(bracket)
            referenced = self.parse_attribute()
            self.expect(">", "expected '>' to close distinct attribute")
            self.depth -= 1
        existing = self.distinct.get(ident)
        if existing is not None:
            if existing.referenced is not referenced:
                self.error_at(
                    self.pos,
                    "referenced attribute does not match previous definition: "
                    + str(existing.referenced),
                )
            return existing
        attr = DistinctAttr(referenced, ident)
        self.distinct[ident] = attr
        return attr


class _NumLit:
    __slots__ = ("is_bool", "pos", "text")

    def __init__(self, text: str, pos: int, *, is_bool: bool = False) -> None:
        self.text = text
        self.pos = pos
        self.is_bool = is_bool


class _StrLit:
    __slots__ = ("pos", "value")

    def __init__(self, value: str, pos: int) -> None:
        self.value = value
        self.pos = pos


class _ComplexLit:
    __slots__ = ("imag", "pos", "real")

    def __init__(self, real: object, imag: object, pos: int) -> None:
        self.real = real
        self.imag = imag
        self.pos = pos


class _ListLit:
    __slots__ = ("end", "items", "pos")

    def __init__(self, items: list[object], pos: int, end: int) -> None:
        self.items = items
        self.pos = pos
        #: Offset of the closing `]`, where MLIR reports inconsistent nesting.
        self.end = end


def _flatten_literal(
    p: AttrParser, literal: object, pos: int
) -> tuple[tuple[int, ...], list[object]]:
    """Return the inferred shape of a nested literal and its leaves in row-major order."""
    if not isinstance(literal, _ListLit):
        return (), [literal]
    flat: list[object] = []

    def shape_of(node: object) -> tuple[int, ...]:
        if not isinstance(node, _ListLit):
            flat.append(node)
            return ()
        if not node.items:
            return (0,)
        shapes = [shape_of(item) for item in node.items]
        first = shapes[0]
        for s in shapes[1:]:
            if s != first:
                p.error_at(
                    node.end, "tensor literal is invalid; ranks are not consistent between elements"
                )
        return (len(node.items), *first)

    shape = shape_of(literal)
    return shape, flat


def _convert_dense_element(p: AttrParser, leaf: object, elem: Type) -> DenseElement:
    """Convert one literal leaf to the stored form for element type `elem`."""
    if isinstance(elem, ComplexType):
        if not isinstance(leaf, _ComplexLit):
            pos = getattr(leaf, "pos", 0)
            p.error_at(pos, "complex value expected")
        r = _convert_dense_element(p, leaf.real, elem.element_type)
        i = _convert_dense_element(p, leaf.imag, elem.element_type)
        assert isinstance(r, int)
        assert isinstance(i, int)
        return (r, i)
    if isinstance(leaf, _ComplexLit):
        p.error_at(leaf.pos, "expected element literal of primitive type")
    if isinstance(leaf, _StrLit):
        # MLIR reads the string's spelling as a number, which it is not.
        if isinstance(elem, FloatType):
            p.error_at(leaf.pos, "expected floating point literal")
        p.error_at(leaf.pos, "integer constant out of range for type")
    if not isinstance(leaf, _NumLit):
        pos = getattr(leaf, "pos", 0)
        p.error_at(pos, "expected element literal of primitive type")
    text = leaf.text
    if isinstance(elem, FloatType):
        if leaf.is_bool:
            p.error_at(leaf.pos, "expected floating point elements, but parsed boolean")
        # As for scalars, errors point at the number itself, after any minus sign.
        return p.float_bits(text, elem, leaf.pos + 1 if text.startswith("-") else leaf.pos)
    if isinstance(elem, (IntegerType, IndexType)):
        if leaf.is_bool:
            if not (isinstance(elem, IntegerType) and elem.width == 1):
                p.error_at(leaf.pos, "expected i1 type for 'true' or 'false' values")
            return wrap_integer(int(text), elem)
        if "." in text:
            p.error_at(leaf.pos, "expected integer elements, but parsed floating-point")
        return wrap_checked(p, text, elem, leaf.pos, "integer constant out of range for type")
    p.error_at(leaf.pos, f"unexpected element type '{elem}'")


def wrap_checked(p: AttrParser, literal: str, elem: Type, pos: int, message: str) -> int:
    """Convert an integer literal for an element of type `elem`, range-checked."""
    from generator.ir.attributes import wrap_integer

    value = p.int_value(literal, elem, pos)
    if value is None:
        p.error_at(pos, message)
    return wrap_integer(value, elem)


def _is_numeric_element(elem: Type) -> bool:
    """Whether elements of type `elem` are numbers (else MLIR reads them as strings)."""
    return isinstance(elem, (IntegerType, IndexType, FloatType, ComplexType))


def _leaf_spelling(leaf: object) -> str:
    """The token MLIR would name for a literal leaf (a complex pair: its first number)."""
    while isinstance(leaf, _ComplexLit):
        leaf = leaf.real
    if isinstance(leaf, _NumLit):
        if leaf.is_bool:
            return "true" if leaf.text == "1" else "false"
        return leaf.text.removeprefix("-")
    return ""


def _string_elements(p: AttrParser, type_: ShapedType, flat: list[object], pos: int) -> Attribute:
    """The elements of a type that is not numeric: every leaf must be a string."""
    for leaf in flat:
        if not isinstance(leaf, _StrLit):
            p.error_at(pos, f"expected string token, got {_leaf_spelling(leaf)}")
    return DenseStringElementsAttr.get(
        type_, tuple(x.value for x in flat if isinstance(x, _StrLit))
    )


def _dense_from_hex(
    p: AttrParser, type_: ShapedType, data: str, pos: int, string_pos: int
) -> Attribute:
    """Decode a `dense<"0x...">` little-endian blob into elements; a string that is not
    hex data is reported at `string_pos`, the rest at `pos`."""
    body = data[2:]
    if not data.startswith("0x") or len(body) % 2 or _HEX_DIGITS.fullmatch(body) is None:
        p.error_at(string_pos, "expected string containing hex digits starting with `0x`")
    raw = bytes.fromhex(body)
    elem = type_.element_type
    parts = 2 if isinstance(elem, ComplexType) else 1
    scalar = elem.element_type if isinstance(elem, ComplexType) else elem
    if isinstance(scalar, (IntegerType, FloatType)):
        width = scalar.width
    elif isinstance(scalar, IndexType):
        width = 64
    else:
        p.error_at(pos, "expected integer or floating point element type")
    n = type_.num_elements
    if width == 1 and parts == 1:
        # i1 blobs are bit-packed, least significant bit first; one all-zero or
        # all-one byte is a splat.
        if len(raw) == 1 and raw[0] in (0, 0xFF):
            return DenseElementsAttr.get(type_, (wrap_integer(1 if raw[0] else 0, scalar),))
        if len(raw) != (n + 7) // 8:
            p.error_at(pos, f"elements hex data size is invalid for provided type: '{type_}'")
        bits = int.from_bytes(raw, "little")
        return DenseElementsAttr.get(
            type_, tuple(wrap_integer((bits >> i) & 1, scalar) for i in range(n))
        )
    nbytes = (width + 7) // 8
    step = nbytes * parts
    if len(raw) == step:
        count = 1
    elif len(raw) == step * n:
        count = n
    else:
        p.error_at(pos, f"elements hex data size is invalid for provided type: '{type_}'")
    mask = (1 << width) - 1
    # Bits beyond an element's width stay in MLIR's copy of the bytes.
    padded = width % 8 != 0 and any(
        int.from_bytes(raw[k : k + nbytes], "little") >> width
        for k in range(0, count * step, nbytes)
    )
    values: list[DenseElement] = []
    for i in range(count):
        chunk = raw[i * step : (i + 1) * step]
        words = [
            int.from_bytes(chunk[k * nbytes : (k + 1) * nbytes], "little") & mask
            for k in range(parts)
        ]
        if not isinstance(scalar, FloatType):
            words = [wrap_integer(w, scalar) for w in words]
        values.append((words[0], words[1]) if parts == 2 else words[0])
    return DenseElementsAttr.get(type_, tuple(values), raw if padded else None)


def _shape_text(shape: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"
