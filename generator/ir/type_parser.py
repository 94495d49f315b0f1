"""The type layer of the IR parser: builtin types, function types and dialect types.

`TypeParser` reads `i32`, `tensor<?x4xf32>`, `memref<...>` with layouts and memory
spaces, `vector<[4]xf32>`, `(i32) -> i1`, `!alias` and `!dialect.mnemonic<...>`
(through the registered dialect type's parser). Type aliases of the buffer live here.
Tensor encodings and memref layouts are attributes: the attribute layer above
provides `parse_attribute`.
"""

from __future__ import annotations

import re
from typing import NoReturn

from generator.ir.attr_type_base import DialectType, ParametricType
from generator.ir.attributes import (
    AffineMapAttr,
    Attribute,
    DictionaryAttr,
    IntegerAttr,
    StridedLayoutAttr,
    StringAttr,
)
from generator.ir.context import Context
from generator.ir.diagnostics import DiagnosticError
from generator.ir.interfaces import VectorElementTypeInterface
from generator.ir.lexer import (
    _BARE_ID,
    _DIGITS,
    _INT64_MAX,
    _WS_START,
    Lexer,
)
from generator.ir.nesting import MAX_ATTRIBUTE_DEPTH
from generator.ir.source import SourceFile
from generator.ir.types import (
    DYNAMIC,
    FLOAT_TYPE_NAMES,
    MAX_INTEGER_WIDTH,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    Signedness,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)

__all__ = ["TypeParser"]

_INT_TYPE = re.compile(r"(s|u)?i([0-9]+)\b")
_DIM = re.compile(r"(?:\?|[0-9]+|\[[ \t\r\n]*[0-9]+[ \t\r\n]*\])")
_SIMPLE_TYPES: dict[str, Type] = {name: FloatType.get(name) for name in FLOAT_TYPE_NAMES}
_SIMPLE_TYPES["index"] = IndexType.get()
_SIMPLE_TYPES["none"] = NoneType.get()

#: Bare words that start a builtin type.
_TYPE_KEYWORDS = frozenset(
    ["index", "none", "tensor", "memref", "vector", "complex", "tuple", *FLOAT_TYPE_NAMES]
)


class TypeParser(Lexer):
    """Reads types; `parse_attribute` (for tensor encodings and memref layouts) comes
    from the attribute layer."""

    def __init__(self, source: SourceFile, ctx: Context) -> None:
        super().__init__(source)
        self.ctx = ctx
        self.type_aliases: dict[str, Type] = {}
        #: How many types and attributes enclose the one being parsed (see
        #: `generator.ir.nesting`), and the most there have been since `peak` was reset.
        self.depth = 0
        self.peak = 0
        #: How deeply the definitions of type aliases nest, where they nest at all.
        self.type_alias_depths: dict[str, int] = {}

    # -- nesting -----------------------------------------------------------------

    def nest(self, pos: int) -> None:
        """Enter a type or attribute one level deeper, opened by the bracket at `pos`
        (or the first after blanks there).

        The caller leaves it with `self.depth -= 1` when it is parsed (an error ends
        the parse, so needs no bookkeeping).
        """
        depth = self.depth + 1
        if depth > MAX_ATTRIBUTE_DEPTH:
            self.nesting_error(pos)
        self.depth = depth
        if depth > self.peak:
            self.peak = depth

    def nest_alias(self, inner: int, pos: int) -> None:
        """Count the use at `pos` of an alias whose definition nests `inner` levels."""
        depth = self.depth + inner
        if depth > MAX_ATTRIBUTE_DEPTH:
            self.nesting_error(pos)
        if depth > self.peak:
            self.peak = depth

    def nesting_error(self, pos: int) -> NoReturn:
        """Report types and attributes nested past `MAX_ATTRIBUTE_DEPTH` at `pos`
        (past any blanks there)."""
        self.error_at(
            self.skip_ws_from(pos),
            f"types and attributes nest more than {MAX_ATTRIBUTE_DEPTH} levels deep",
        )

    # -- types -----------------------------------------------------------------

    def parse_type(self) -> Type:
        """Parse any type."""
        text = self.text
        pos = self.skip_ws()
        c = text[pos : pos + 1]
        if c == "(":
            return self.parse_function_type()
        return self.parse_non_function_type()

    def parse_function_type(self) -> Type:
        """Parse `(inputs) -> results`; a parenthesized list alone is an error."""
        self.expect("(")
        self.nest(self.pos - 1)
        inputs = self.parse_type_list_until(")")
        if not self.consume_if("->"):
            self.wrong_token("expected '->' in function type")
        pos = self.skip_ws()
        results: tuple[Type, ...]
        if self.text.startswith("(", pos):
            self.pos = pos + 1
            results = self.parse_type_list_until(")")
        else:
            results = (self.parse_non_function_type(),)
        self.depth -= 1
        return FunctionType.get(inputs, results)

    def parse_type_list_until(self, close: str) -> tuple[Type, ...]:
        """Parse `type, type, ... close` (possibly empty)."""
        if self.consume_if(close):
            return ()
        types = []
        while True:
            types.append(self.parse_type())
            if self.consume_if(close):
                return tuple(types)
            self.expect(",", f"expected '{close}'")

    def parse_non_function_type(self) -> Type:
        """Parse a type that is not a function type."""
        text = self.text
        pos = self.skip_ws()
        m = _BARE_ID.match(text, pos)
        if m is not None:
            word = m.group()
            simple = _SIMPLE_TYPES.get(word)
            if simple is not None:
                self.pos = m.end()
                return simple
            im = _INT_TYPE.match(word)
            if im is not None and im.end() == len(word):
                digits = im.group(2)
                if len(digits) > 10 or int(digits) >= 2**32:
                    self.error_at(pos, "invalid integer width")
                width = int(digits)
                if width > MAX_INTEGER_WIDTH:
                    self.error_at(pos, f"integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits")
                sign = im.group(1)
                self.pos = m.end()
                return IntegerType.get(
                    width,
                    Signedness.SIGNLESS
                    if sign is None
                    else (Signedness.SIGNED if sign == "s" else Signedness.UNSIGNED),
                )
            self.pos = m.end()
            if word == "tensor" or word == "memref" or word == "vector":
                # One level for the element type and the encoding or layout inside `<>`.
                self.nest(self.pos)
                if word == "tensor":
                    shaped = self.parse_tensor_type(pos)
                elif word == "memref":
                    shaped = self.parse_memref_type(pos)
                else:
                    shaped = self.parse_vector_type(pos)
                self.depth -= 1
                return shaped
            if word == "complex":
                self.expect("<", "expected '<' in complex type")
                self.nest(self.pos - 1)
                epos = self.skip_ws()
                elem = self.parse_type()
                if not isinstance(elem, (IntegerType, FloatType)):
                    self.error_at(epos, "invalid element type for complex")
                self.expect(">", "expected '>' in complex type")
                self.depth -= 1
                return ComplexType.get(elem)
            if word == "tuple":
                self.expect("<", "expected '<' in tuple type")
                self.nest(self.pos - 1)
                if self.consume_if(">"):
                    self.depth -= 1
                    return TupleType.get(())
                types = []
                while True:
                    types.append(self.parse_type())
                    if self.consume_if(">"):
                        break
                    self.expect(",", "expected '>' in tuple type")
                self.depth -= 1
                return TupleType.get(tuple(types))
            self.pos = pos
            self.wrong_token("expected non-function type")
        if c := text[pos : pos + 1]:
            if c == "!":
                return self.parse_dialect_type()
            if c == "(":
                self.wrong_token("expected non-function type")
        self.wrong_token("expected non-function type")

    def parse_dimensions(
        self, allow_dynamic: bool, allow_scalable: bool
    ) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """Parse `4x?x[8]x` (each dimension followed by `x`) up to the element type."""
        text = self.text
        dims: list[int] = []
        scalable: list[bool] = []
        pos = self.skip_ws()
        while True:
            # Blanks may separate dimensions and `x`s, as MLIR's lexer allows.
            if text[pos : pos + 1] in _WS_START:
                pos = self.skip_ws_from(pos)
            m = _DIM.match(text, pos)
            if m is None:
                if allow_scalable and text.startswith("[", pos):
                    dm = _DIGITS.match(text, pos + 1)
                    if dm is not None:
                        self.error_at(dm.end(), "missing ']' closing scalable dimension")
                break
            d = m.group()
            if d == "?" and not allow_dynamic:
                break
            if d.startswith("[") and not allow_scalable:
                break
            x_pos = m.end()
            if text[x_pos : x_pos + 1] in _WS_START:
                x_pos = self.skip_ws_from(x_pos)
            if not text.startswith("x", x_pos):
                if d.startswith("[") or (d == "?" and allow_dynamic):
                    self.error_at(m.end(), "expected 'x' in dimension list")
                break
            if d == "?":
                dims.append(DYNAMIC)
                scalable.append(False)
            elif d.startswith("["):
                digits = _DIGITS.search(d)
                assert digits is not None
                dims.append(self._dimension(digits.group(), m.start() + digits.start()))
                scalable.append(True)
            else:
                dims.append(self._dimension(d, m.start()))
                scalable.append(False)
            pos = x_pos + 1
        self.pos = pos
        return tuple(dims), tuple(scalable)

    def _dimension(self, digits: str, pos: int) -> int:
        # Dimensions are int64_t in MLIR; a larger one is rejected where it starts.
        value = int(digits)
        if value > _INT64_MAX:
            self.error_at(pos, "invalid dimension")
        return value

    def parse_tensor_type(self, start: int) -> Type:
        """Parse the rest of `tensor<...>`."""
        self.expect("<", "expected '<' in tensor type")
        text = self.text
        pos = self.skip_ws()
        if text.startswith("*", pos):
            self.pos = pos + 1
            if not text.startswith("x", self.skip_ws()):
                self.error_at(pos + 1, "expected 'x' in dimension list")
            self.pos += 1
            epos = self.skip_ws()
            elem = self.parse_element_type()
            if self.consume_if(",") and self._at_optional_attribute():
                self.parse_attribute()
                self.expect(">", "expected '>' in tensor type")
                self.error_at_token("cannot apply encoding to unranked tensor")
            self.expect(">", "expected '>' in tensor type")
            if not _valid_tensor_element(elem):
                self.error_at(epos, "invalid tensor element type")
            return UnrankedTensorType.get(elem)
        dims, _ = self.parse_dimensions(True, False)
        epos = self.skip_ws()
        elem = self.parse_element_type()
        encoding: Attribute | None = None
        if self.consume_if(",") and self._at_optional_attribute():
            encoding = self.parse_attribute()
        close = self.skip_ws()
        self.expect(">", "expected '>' in tensor type")
        if not _valid_tensor_element(elem):
            self.error_at(epos, "invalid tensor element type")
        # An encoding may check the tensor carrying it (MLIR's
        # `VerifiableTensorEncoding`), as a runtime encoding does.
        verify = getattr(encoding, "verify_encoding", None)
        if verify is not None:
            problem = verify(dims, elem)
            if isinstance(problem, str):
                self.error_at(close, problem)
        return RankedTensorType.get(dims, elem, encoding)

    def _at_optional_attribute(self) -> bool:
        """Whether an attribute may start here, where one is optional (MLIR's
        `parseOptionalAttribute`): not at a closing or separating token."""
        return self.peek() not in (">", ")", "]", "}", ":", ",", "=", "")

    def parse_element_type(self) -> Type:
        """Parse the element type of a shaped type."""
        return self.parse_non_function_type()

    def parse_memref_type(self, start: int) -> Type:
        """Parse the rest of `memref<...>`, checking layout and memory space as MLIR does."""
        self.expect("<", "expected '<' in memref type")
        text = self.text
        pos = self.skip_ws()
        unranked = text.startswith("*", pos)
        dims: tuple[int, ...] = ()
        if unranked:
            self.pos = pos + 1
            if not text.startswith("x", self.skip_ws()):
                self.error_at(pos + 1, "expected 'x' in dimension list")
            self.pos += 1
        else:
            dims, _ = self.parse_dimensions(True, False)
        epos = self.skip_ws()
        elem = self.parse_element_type()
        if not _valid_memref_element(elem):
            self.error_at(epos, "invalid memref element type")
        layout: Attribute | None = None
        memory_space: Attribute | None = None
        # MLIR's `, attr, ...` list: not empty, each element followed by `,` or `>`.
        if self.peek() != ">":
            self.expect(",", "expected ',' or '>' in memref type")
            if self.peek() == ">":
                self.wrong_token("expected list element")
            while True:
                self.skip_ws()
                attr = self.parse_attribute()
                if isinstance(attr, (AffineMapAttr, StridedLayoutAttr)):
                    if memory_space is not None:
                        self.error_at_token("expected memory space to be last in memref type")
                    if unranked:
                        self.error_at_token("cannot have affine map for unranked memref type")
                    layout = attr
                elif memory_space is None:
                    memory_space = attr
                else:
                    self.error_at_token("multiple memory spaces specified in memref type")
                if self.peek() == ">":
                    break
                self.expect(",", "expected ',' or '>'")
        self.expect(">", "expected '>' in memref type")
        memory_space = _normalize_memory_space(memory_space)
        if memory_space is not None and not isinstance(
            memory_space, (IntegerAttr, StringAttr, DictionaryAttr)
        ):
            self.error_at(start, "unsupported memory space Attribute")
        if unranked:
            return UnrankedMemRefType.get(elem, memory_space)
        if isinstance(layout, StridedLayoutAttr) and len(layout.strides) != len(dims):
            self.error_at(start, "expected the number of strides to match the rank")
        if isinstance(layout, AffineMapAttr):
            num_dims = layout.value.num_dims
            if num_dims != len(dims):
                self.error_at(
                    start,
                    f"memref layout mismatch between rank and affine map: {len(dims)} != {num_dims}",
                )
            if _is_identity_map(layout):
                layout = None
        return MemRefType.get(dims, elem, layout, memory_space)

    def parse_vector_type(self, start: int) -> Type:
        """Parse the rest of `vector<...>`."""
        self.expect("<", "expected '<' in vector type")
        dims, scalable = self.parse_dimensions(False, True)
        elem = self.parse_element_type()
        self.expect(">", "expected '>' in vector type")
        if 0 in dims:
            self.error_at(
                start,
                "vector types must have positive constant sizes but got "
                + ", ".join(str(d) for d in dims),
            )
        if not isinstance(elem, (IntegerType, FloatType, IndexType)) and not isinstance(
            elem, VectorElementTypeInterface
        ):
            self.error_at(
                start, "failed to verify 'elementType': VectorElementTypeInterface instance"
            )
        return VectorType.get(dims, elem, scalable)

    def parse_dialect_type(self) -> Type:
        """Parse `!alias`, `!dialect.body<...>` or `!dialect<body>`."""
        text = self.text
        start = self.skip_ws()
        m = _BARE_ID.match(text, start + 1)
        if m is None:
            self.error_at(start + 1, "invalid type identifier")
        symbol = self.scan_dialect_symbol(m)
        if isinstance(symbol, str):
            alias = self.type_aliases.get(symbol)
            if alias is None:
                self.error_at_token(f"undefined symbol alias id '{symbol}'")
            inner = self.type_alias_depths.get(symbol)
            if inner is not None:
                self.nest_alias(inner, start)
            return alias
        dialect, data = symbol
        ctx = self.ctx
        registered = ctx.lookup_type(dialect, data)
        if registered is None:
            ctx.ensure_dialect(dialect)
            registered = ctx.lookup_type(dialect, data)
        if registered is not None and issubclass(registered, DialectType):
            return registered.get()
        mnemonic = data.partition("<")[0]
        parametric = ctx.lookup_type(dialect, mnemonic)
        if parametric is not None and issubclass(parametric, ParametricType):
            # The spec's parser reads the parameters in place, so its errors point
            # into the source; it must use up exactly the symbol's text. As MLIR's
            # dialect parsers, its errors are not an op's, and after one the input
            # continues after the symbol.
            end = self.pos
            self.pos = start + 2 + len(dialect) + len(mnemonic)
            self.nest(self.pos)
            outer = self.custom_op
            self.custom_op = None
            try:
                parsed = parametric.parse(self)
            except DiagnosticError:
                self.pos = end
                raise
            finally:
                self.custom_op = outer
            if self.pos > end and not self.text[end : self.pos].strip():
                # An optional group that is absent (`!llvm.ptr` without `<1>`) looked
                # past the symbol for its `<`: the text after the symbol is not the
                # type's.
                self.pos = end
            if self.pos != end and self.skip_ws() != end:
                self.error_at(self.pos, f"unexpected text in '!{dialect}.{mnemonic}' type")
            self.depth -= 1
            return parsed
        if ctx.dialect_has_types(dialect):
            # A generated dialect's type parser knows all its types, as ODS's does.
            body = start + 2 + len(dialect)
            if not _BARE_ID.match(mnemonic):
                self.error_at(body, "expected valid keyword")
            self.error_at(body, ctx.unknown_type_message(dialect, mnemonic))
        self.check_dialect_allowed(symbol, "`!", "` type", start)
        return OpaqueType.get(*symbol)

    def check_dialect_allowed(
        self, symbol: tuple[str, str], prefix: str, suffix: str, start: int
    ) -> None:
        """Reject a type or attribute of an unknown dialect unless unknown ones are allowed.

        MLIR reports it where the dialect's part begins: after the dot of
        `!dialect.body`, at the `!` or `#` of `!dialect<body>`; the body is quoted
        as written, without escapes.
        """
        dialect, data = symbol
        ctx = self.ctx
        if ctx.allow_unregistered_dialects or ctx.is_known_dialect(dialect):
            return
        dotted = self.text.startswith(".", start + 1 + len(dialect))
        self.error_at(
            start + 2 + len(dialect) if dotted else start,
            f'{prefix}"{dialect}"<"{data}">{suffix} created with unregistered dialect. '
            "If this is intended, please call allowUnregisteredDialects() on the MLIRContext, "
            "or use -allow-unregistered-dialect with the MLIR opt tool used",
        )

    def scan_dialect_symbol(self, m: re.Match[str]) -> str | tuple[str, str]:
        """Read what follows `!` or `#` (matched identifier `m`) and move past it.

        Returns the alias name for `#name` / `!name`, or (dialect, data) for
        `dialect.data`, `dialect.data<...>` and `dialect<data>`, where data is the
        text exactly as written, as MLIR keeps it for dialects it does not know.
        """
        text = self.text
        ident = m.group()
        end = m.end()
        dialect, dot, rest = ident.partition(".")
        if not dot and not text.startswith("<", end):
            self.pos = end
            return ident
        if dot:
            data = rest
            if text.startswith("<", end):
                body_end = self.scan_balanced(end)
                data = rest + text[end:body_end]
                end = body_end
        else:
            body_end = self.scan_balanced(end)
            data = text[end + 1 : body_end - 1]
            end = body_end
        self.pos = end
        return dialect, data

    def at_type_start(self, pos: int) -> bool:
        """True when the text at `pos` can only begin a type."""
        text = self.text
        c = text[pos : pos + 1]
        if c == "!" or c == "(":
            return True
        m = _BARE_ID.match(text, pos)
        if m is None:
            return False
        word = m.group()
        return word in _TYPE_KEYWORDS or _INT_TYPE.fullmatch(word) is not None


def _valid_tensor_element(t: Type) -> bool:
    """MLIR's TensorType::isValidElementType: the builtin scalar and vector types, and
    every type of another dialect (which that dialect must check)."""
    return isinstance(
        t,
        (
            ComplexType,
            FloatType,
            IntegerType,
            IndexType,
            VectorType,
            OpaqueType,
            DialectType,
            ParametricType,
        ),
    )


def _valid_memref_element(t: Type) -> bool:
    """MLIR's BaseMemRefType::isValidElementType for the types this runtime has."""
    return isinstance(
        t,
        (
            ComplexType,
            FloatType,
            IntegerType,
            IndexType,
            VectorType,
            MemRefType,
            UnrankedMemRefType,
        ),
    )


def _normalize_memory_space(space: Attribute | None) -> Attribute | None:
    """MLIR drops a memory space of integer 0 (the default)."""
    if isinstance(space, IntegerAttr) and space.value == 0:
        return None
    return space


def _is_identity_map(attr: AffineMapAttr) -> bool:
    """True for `(d0, ..., dn) -> (d0, ..., dn)`, the layout MLIR never prints."""
    return attr.value.is_identity
