"""Parser of MLIR's textual IR (generic op form, builtin types and attributes).

A scannerless recursive-descent parser: it works directly on the source string
with precompiled regular expressions anchored at the current offset, so no token
objects are created on the hot path. Errors raise `DiagnosticError` at the
offending `file:line:col`, with MLIR's wording, and errors about an unexpected
token at the start of a line are reported at the end of the previous line, as
mlir-opt does.

Name resolution follows MLIR's parser: value names are visible in nested regions,
uses before definitions become placeholders resolved when the definition comes
(unresolved ones are reported at the end, sorted), and block names are scoped to
their region.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NoReturn

from generator.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    BoolAttr,
    CallSiteLoc,
    DenseArrayAttr,
    DenseElement,
    DenseElementsAttr,
    DenseResourceElementsAttr,
    DenseStringElementsAttr,
    DictionaryAttr,
    DistinctAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IntegerAttr,
    IntegerSetAttr,
    LocationAttr,
    NameLoc,
    OpaqueAttr,
    SparseElementsAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
    wrap_integer,
)
from generator.ir.context import Context
from generator.ir.core import Block, BlockArgument, Location, Operation, OpResult, Region, Value
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.module import ParsedModule, ResourceBlob
from generator.ir.ods import (
    DialectAttr,
    DialectType,
    ParametricAttr,
    ParametricType,
    TypedDialectAttr,
    adopt_properties,
    is_typed_attr,
)
from generator.ir.opasm import AsmParser, ParserState, SourcePos, UnresolvedOperand
from generator.ir.source import SourceFile, SourceLoc
from generator.ir.traits import IsTerminator
from generator.ir.types import (
    DYNAMIC,
    FLOAT_TYPE_NAMES,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    ShapedType,
    Signedness,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)

if TYPE_CHECKING:
    from generator.ir.affine import AffineMap

__all__ = ["Parser", "UnresolvedOperand", "parse_attribute", "parse_source", "parse_type"]

# Whitespace and `//` comments.
_WS = re.compile(r"(?:[ \t\r\n]+|//[^\n]*)*")
_WS_START = frozenset(" \t\r\n/")
# A function type made only of keyword types, e.g. `(i32, i32) -> i32`; the text is
# a cache key for the parsed type (see `Parser.parse_op_type`).
_SIMPLE_FN_TYPE = re.compile(r"\([a-z0-9, ]*\) -> (?:[a-z0-9]+(?![\w<.])|\([a-z0-9, ]*\))")
# A dictionary without nested brackets or strings (`{value = 1 : i32}`, or with a
# dialect attribute like `#arith.overflow<none>`); the text is a cache key.
_SIMPLE_DICT = re.compile(r"\{(?:[^{}<>\"\[\]()]|<[\w, ]*>)*\}")
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_SUFFIX_ID = re.compile(r"(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)")
_VALUE_USE = re.compile(r"%([0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)(?:#([0-9]+))?")
_VALUE_DEF = re.compile(r"%([0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)(?::([0-9]+))?")
_BLOCK_ID = re.compile(r"\^([0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)")
_SIMPLE_STRING = re.compile(r'"([^"\\\n]*)"')
_INT_TYPE = re.compile(r"(s|u)?i([0-9]+)\b")
_NUMBER = re.compile(r"-?(?:0x[0-9A-Fa-f]+|[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?)")
_DIGITS = re.compile(r"[0-9]+")
_SIGNED_INT = re.compile(r"-?[0-9]+")
_HEX_DIGITS = re.compile(r"[0-9A-Fa-f]*")
_DIM = re.compile(r"(?:\?|[0-9]+|\[[ \t\r\n]*[0-9]+[ \t\r\n]*\])")
_ALIAS_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_ESCAPE_HEX = re.compile(r"[0-9A-Fa-f]{2}")
_OPENERS = {"<": ">", "(": ")", "[": "]", "{": "}"}
_CLOSERS = frozenset(">)]}")

_SIMPLE_TYPES: dict[str, Type] = {name: FloatType.get(name) for name in FLOAT_TYPE_NAMES}
_SIMPLE_TYPES["index"] = IndexType.get()
_SIMPLE_TYPES["none"] = NoneType.get()

#: Bare words that start a builtin type.
_TYPE_KEYWORDS = frozenset(
    ["index", "none", "tensor", "memref", "vector", "complex", "tuple", *FLOAT_TYPE_NAMES]
)

_I64 = IntegerType.get(64)
_F64 = FloatType.get("f64")
_I1 = IntegerType.get(1)
_UNIT = UnitAttr.get()
_TRUE = BoolAttr.get_bool(True)
_FALSE = BoolAttr.get_bool(False)
_EMPTY_DICT = DictionaryAttr.get(())

#: The dialects mlir-opt-22 registers. Only their attributes and types can have
#: been printed through an alias (`#extern = #ml_program.extern ...`), so only for
#: them is an alias name from the input kept; mlir-opt prints attributes and types
#: of unregistered dialects inline, whatever alias the input gave them.
_ORACLE_DIALECTS = frozenset(
    {
        "acc",
        "affine",
        "amdgpu",
        "amx",
        "arith",
        "arm_neon",
        "arm_sme",
        "arm_sve",
        "async",
        "bufferization",
        "builtin",
        "cf",
        "complex",
        "dlti",
        "emitc",
        "func",
        "gpu",
        "index",
        "irdl",
        "linalg",
        "llvm",
        "math",
        "memref",
        "ml_program",
        "mpi",
        "nvgpu",
        "nvvm",
        "omp",
        "pdl",
        "pdl_interp",
        "ptr",
        "quant",
        "rocdl",
        "scf",
        "shape",
        "shard",
        "smt",
        "sparse_tensor",
        "spirv",
        "tensor",
        "test",
        "test_dyn",
        "test_irdl_to_cpp",
        "tosa",
        "transform",
        "ub",
        "vector",
        "wasmssa",
        "x86vector",
        "xegpu",
        "xevm",
    }
)

#: Integer widths MLIR accepts (IntegerType::kMaxWidth).
_MAX_INT_WIDTH = (1 << 24) - 1


class _PendingLoc(LocationAttr):
    """`loc(#name)` naming an alias not defined yet; replaced once the file is read."""

    __slots__ = ("name", "offset")

    def __init__(self, name: str, offset: int) -> None:
        super().__init__(True)
        self.name = name
        self.offset = offset


def _value_key(name: str) -> str | int:
    """The key of `%name` in the parser's value table: an int for `%123`.

    `%007` stays a string: it is a different name from `%7`.
    """
    if name[0] in "123456789" and name.isdigit():
        return int(name)
    return 0 if name == "0" else name


class _ForwardRef(Value):
    """A placeholder for a value used before its definition."""

    __slots__ = ("loc", "name")

    def __init__(self, type_: Type, name: str, loc: int) -> None:
        super().__init__(type_)
        self.name = name
        self.loc = loc


class Parser(AsmParser):
    """Parses one source buffer into a module.

    Custom forms see it as an `AsmParser` (`generator.ir.opasm`): the methods of that
    protocol are the API they use; the rest of the class and its state are internal.
    """

    def __init__(self, source: SourceFile, ctx: Context) -> None:
        self.source = source
        self.text = source.text
        self.pos = 0
        self.ctx = ctx
        self.attr_aliases: dict[str, Attribute] = {}
        self.type_aliases: dict[str, Type] = {}
        # name -> its value (or tuple of values for a result group); one table,
        # scoped by `def_stack`, since names stay visible in nested regions.
        # Keys are `_value_key(name)`: numbered names as ints, which take less room
        # than their strings in the table of a big function.
        self.values: dict[str | int, Value | tuple[Value, ...]] = {}
        self.def_stack: list[list[str | int]] = [[]]
        # (name, index) -> placeholder
        self.forward_refs: dict[tuple[str | int, int], _ForwardRef] = {}
        self.block_scopes: list[dict[str, tuple[Block, int | None]]] = []
        self.block_forward: list[dict[str, int]] = []
        self.resources: dict[str, dict[str, ResourceBlob]] = {}
        self.distinct: dict[int, DistinctAttr] = {}
        # Memoized parses keyed by source text; only valid within one buffer,
        # because alias names may mean different things in different files.
        self.type_cache: dict[str, Type] = {}
        self.op_names: dict[str, str] = {}
        #: Ops and block arguments whose location is a `_PendingLoc`.
        self.pending_locs: list[Operation | BlockArgument] = []
        self.dict_cache: dict[str, DictionaryAttr] = {}
        #: Dialects whose prefix op names may leave out, innermost last: an op's
        #: regions use its `DEFAULT_DIALECT`, the top level `builtin`.
        self.default_dialects: list[str] = ["builtin"]
        #: The op whose custom parser is running: its errors say `custom op 'name'`.
        self.custom_op: str | None = None
        #: Where that op's name starts (MLIR's `getNameLoc`).
        self.custom_op_pos = 0

    # -- low-level scanning --------------------------------------------------

    def skip_ws(self) -> int:
        """Skip whitespace and comments and return the new offset."""
        pos = self.pos
        # Most calls find a token right away; avoid the regex call then.
        if self.text[pos : pos + 1] not in _WS_START:
            return pos
        m = _WS.match(self.text, pos)
        pos = m.end() if m is not None else pos
        self.pos = pos
        return pos

    def peek(self) -> str:
        """Return the next non-blank character ('' at end of input)."""
        pos = self.skip_ws()
        return self.text[pos : pos + 1]

    def consume_if(self, literal: str) -> bool:
        """Consume `literal` if it comes next."""
        pos = self.skip_ws()
        if self.text.startswith(literal, pos):
            self.pos = pos + len(literal)
            return True
        return False

    def consume_keyword(self, word: str) -> bool:
        """Consume a bare keyword if it comes next (not as a prefix of a longer identifier)."""
        pos = self.skip_ws()
        if self.text.startswith(word, pos):
            end = pos + len(word)
            nxt = self.text[end : end + 1]
            if not nxt or not (nxt.isalnum() or nxt in "_$."):
                self.pos = end
                return True
        return False

    def expect(self, literal: str, message: str | None = None) -> None:
        """Consume `literal` or report `expected '<literal>'`."""
        if not self.consume_if(literal):
            self.wrong_token(message or f"expected '{literal}'")

    # -- diagnostics ---------------------------------------------------------

    def error_at(self, pos: int, message: str, notes: Sequence[tuple[int, str]] = ()) -> NoReturn:
        """Raise a diagnostic at offset `pos`."""
        diag = Diagnostic(Severity.ERROR, self.source.loc(pos), message)
        for note_offset, note in notes:
            diag.attach_note(note, self.source.loc(note_offset))
        raise DiagnosticError(diag)

    def skip_ws_from(self, pos: int) -> int:
        """Return the offset of the next token at or after `pos` (without moving)."""
        m = _WS.match(self.text, pos)
        return m.end() if m is not None else pos

    def error_at_token(self, message: str) -> NoReturn:
        """Raise a diagnostic at the start of the next token (the last character at the end)."""
        pos = self.skip_ws()
        if pos >= len(self.text) and pos > 0:
            pos -= 1
        self.error_at(pos, message)

    def wrong_token(self, message: str) -> NoReturn:
        """Report an unexpected token the way MLIR does.

        When the offending token starts a line, the error points just after the
        last token of the previous non-blank line (before any `//` comment on it).
        """
        text = self.text
        pos = self.skip_ws()
        if pos >= len(text) and pos > 0:
            pos -= 1
        original = pos
        end = pos
        while True:
            while end > 0 and text[end - 1] in " \t":
                end -= 1
            if end == 0:
                self.error_at(original, message)
            if text[end - 1] not in "\n\r":
                self.error_at(end, message)
            end -= 1
            line_start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end))
            comment = text.find("//", line_start + 1 if line_start >= 0 else 0, end)
            if comment != -1:
                end = comment

    def loc_at(self, pos: int) -> SourceLoc:
        """A source location for an op or argument at offset `pos`."""
        return SourceLoc(self.source, pos)

    # -- top level -------------------------------------------------------------

    def parse_module(self) -> ParsedModule:
        """Parse the whole buffer: aliases, top-level ops and the resource section."""
        top = Block()
        region_scope_start = self.push_region_scope()
        del region_scope_start
        text = self.text
        while True:
            pos = self.skip_ws()
            if pos >= len(text):
                break
            c = text[pos]
            if c == "#" and not text.startswith("#-}", pos):
                if self.try_parse_alias_def("#"):
                    continue
            elif c == "!":
                if self.try_parse_alias_def("!"):
                    continue
            elif text.startswith("{-#", pos):
                self.parse_resource_section()
                continue
            elif c == "^":
                self.wrong_token("expected operation name in quotes")
            self.parse_operation(top)
        self.pop_region_scope()
        self.finish()
        self.resolve_pending_locs(top)
        # A lone top-level builtin.module is the module; otherwise wrap the ops.
        first = top.first_op
        if first is not None and first is top.last_op and first.name == "builtin.module":
            first.detach()
            module = first
        else:
            line, col = self.source.split_at or (0, 0)
            module_class = self.ctx.ops.get("builtin.module", Operation)
            module = module_class.__new__(module_class)
            Operation.__init__(
                module,
                "builtin.module",
                regions=1,
                loc=FileLineColLoc.get(self.source.name, line, col),
            )
            body = Block()
            module.regions[0].add_block(body)
            op = top.first_op
            while op is not None:
                nxt = op.next_op
                op.detach()
                body.append(op)
                op = nxt
        return ParsedModule(module, self.resources)

    def resolve_pending_locs(self, top: Block) -> None:
        """Replace `loc(#alias)` placeholders now that every alias is defined."""
        if not self.pending_locs:
            return
        for holder in self.pending_locs:
            pending = holder.loc
            assert isinstance(pending, _PendingLoc)
            target = self.attr_aliases.get(pending.name)
            if target is None:
                self.error_at(pending.offset, "operation location alias was never defined")
            if not isinstance(target, LocationAttr):
                self.error_at(pending.offset, "expected location, but found '" + str(target) + "'")
            holder.loc = target

    def finish(self) -> None:
        """Report uses of values that were never defined (all of them, sorted)."""
        if self.forward_refs:
            offsets = sorted(ref.loc for ref in self.forward_refs.values())
            diags = [
                Diagnostic(Severity.ERROR, self.source.loc(o), "use of undeclared SSA value name")
                for o in offsets
            ]
            raise DiagnosticError(diags)

    def try_parse_alias_def(self, sigil: str) -> bool:
        """Parse `#name = attr` or `!name = type` if that is what comes next."""
        text = self.text
        start = self.pos
        m = _ALIAS_NAME.match(text, start + 1)
        if m is None:
            return False
        save = m.end()
        self.pos = save
        if not self.consume_if("="):
            self.pos = start
            return False
        name = m.group()
        if "." in name:
            kind = "attribute" if sigil == "#" else "type"
            self.error_at(start, f"{kind} names with a '.' are reserved for dialect-defined names")
        if sigil == "#":
            if name in self.attr_aliases:
                self.error_at(start, f"redefinition of attribute alias id '{name}'")
            attr = self.parse_attribute()
            if (
                isinstance(attr, OpaqueAttr)
                and attr.alias_hint is None
                and attr.dialect in _ORACLE_DIALECTS
            ):
                attr.alias_hint = _alias_base(name)
                attr.has_alias_parts = True
                attr._text = None
            self.attr_aliases[name] = attr
        else:
            if name in self.type_aliases:
                self.error_at(start, f"redefinition of type alias id '{name}'")
            type_ = self.parse_type()
            if (
                isinstance(type_, OpaqueType)
                and type_.alias_hint is None
                and type_.dialect in _ORACLE_DIALECTS
            ):
                type_.alias_hint = _alias_base(name)
                type_.has_alias_parts = True
                type_._text = None
            self.type_aliases[name] = type_
        return True

    def parse_resource_section(self) -> None:
        """Parse `{-# dialect_resources: { builtin: { key: "0x..." } } #-}`.

        Only the builtin dialect owns resources here (blobs for `dense_resource`);
        `external_resources` entries are accepted and dropped, as mlir-opt does
        when no tool claims them.
        """
        self.expect("{-#")
        first = True
        while not self.consume_if("#-}"):
            if not first:
                self.expect(",", "expected ',' or '#-}'")
            first = False
            kpos = self.skip_ws()
            m = _BARE_ID.match(self.text, kpos)
            if m is None:
                self.wrong_token("expected identifier key for 'resource' entry")
            section = m.group()
            if section not in ("dialect_resources", "external_resources"):
                self.error_at(kpos, f"unknown key '{section}' in file metadata dictionary")
            self.pos = m.end()
            self.expect(":", "expected ':'")
            self.parse_resource_dict(functools.partial(self.parse_resource_entries, section))

    def parse_resource_dict(self, parse_value: Callable[[str, int], None]) -> None:
        """Parse `{ key: value, ... }`, calling `parse_value(key, offset)` for each value."""
        self.expect("{", "expected '{'")
        if self.consume_if("}"):
            return
        while True:
            kpos = self.skip_ws()
            m = _BARE_ID.match(self.text, kpos) or _SUFFIX_ID.match(self.text, kpos)
            if m is None:
                self.wrong_token("expected identifier key for 'resource' entry")
            self.pos = m.end()
            self.expect(":", "expected ':'")
            parse_value(m.group(), kpos)
            if self.consume_if("}"):
                return
            self.expect(",", "expected ',' or '}'")

    def parse_resource_entries(self, section: str, owner: str, owner_pos: int) -> None:
        """Parse the entries of one dialect (or external tool) in a resource section."""
        if section == "dialect_resources" and owner != "builtin":
            self.error_at(owner_pos, f"dialect '{owner}' is unknown")
        entries = self.resources.setdefault(owner, {}) if section == "dialect_resources" else {}

        def entry(key: str, _pos: int) -> None:
            vpos = self.skip_ws()
            if section != "dialect_resources":
                if self.text.startswith('"', vpos):
                    self.parse_string_literal()
                elif not (self.consume_keyword("true") or self.consume_keyword("false")):
                    self.wrong_token("expected 'true', 'false' or a string value")
                return
            blob = self.parse_string_literal() if self.text.startswith('"', vpos) else None
            if (
                blob is None
                or not blob.startswith("0x")
                or _HEX_DIGITS.fullmatch(blob, 2) is None
                or len(blob) % 2
            ):
                self.error_at(vpos, f"expected hex string blob for key '{key}'")
            entries[key] = ResourceBlob(key, blob, None)

        self.parse_resource_dict(entry)

    # -- scopes ----------------------------------------------------------------

    def push_region_scope(self) -> int:
        """Enter a region: a new scope for value definitions and block names."""
        self.def_stack.append([])
        self.block_scopes.append({})
        self.block_forward.append({})
        return len(self.def_stack)

    def pop_region_scope(self) -> None:
        """Leave a region: its value names go out of scope; undefined blocks are errors."""
        names = self.def_stack.pop()
        values = self.values
        for name in names:
            del values[name]
        self.block_scopes.pop()
        forward = self.block_forward.pop()
        if forward:
            offset = min(forward.values())
            self.error_at(offset, "reference to an undefined block")

    def define_values(self, name: str, group: Sequence[Value], offset: int) -> None:
        """Bind a result group or block argument to `%name`, resolving forward uses."""
        values = self.values
        key = _value_key(name)
        prior = values.get(key)
        if prior is not None:
            self.error_at(
                offset,
                f"redefinition of SSA value '%{name}'",
                [(self.definition_offset(name, prior), "previously defined here")],
            )
        # A single value is stored as itself: most groups have one value, and this
        # table holds every name of a function body while it is parsed.
        values[key] = group[0] if len(group) == 1 else tuple(group)
        self.def_stack[-1].append(key)
        if self.forward_refs:
            self.resolve_forward_refs(name, group, offset)

    def resolve_forward_refs(self, name: str, group: Sequence[Value], offset: int) -> None:
        """Replace placeholders for `%name#i` now that the group is defined."""
        key = _value_key(name)
        for index, value in enumerate(group):
            ref = self.forward_refs.pop((key, index), None)
            if ref is not None:
                if ref.type is not value.type:
                    self.error_at(
                        offset,
                        f"definition of SSA value '%{name}#{index}' has type '{value.type}'",
                        [(ref.loc, f"previously used here with type '{ref.type}'")],
                    )
                ref.replace_all_uses_with(value)
        for (fname, findex), ref in list(self.forward_refs.items()):
            if fname == key and findex >= len(group):
                self.error_at(ref.loc, "reference to invalid result number")

    def definition_offset(self, name: str, entry: Value | tuple[Value, ...]) -> int:
        """Where `%name` was defined, for notes (recovered from the defining op or argument)."""
        value = entry[0] if isinstance(entry, tuple) else entry
        loc = (
            value.loc
            if isinstance(value, BlockArgument)
            else value.owner.loc
            if isinstance(value, OpResult)
            else None
        )
        if isinstance(loc, SourceLoc) and loc.file is self.source:
            if isinstance(value, BlockArgument):
                return loc.offset
            found = self.text.rfind(f"%{name}", 0, loc.offset)
            return found if found != -1 else loc.offset
        return 0

    def resolve_value(self, name: str, index: int, type_: Type, offset: int) -> Value:
        """Return the value `%name#index` of type `type_`, or a forward placeholder."""
        entry = self.values.get(_value_key(name))
        if entry is not None:
            if isinstance(entry, tuple):
                if index >= len(entry):
                    self.error_at(offset, "reference to invalid result number")
                value = entry[index]
            else:
                if index != 0:
                    self.error_at(offset, "reference to invalid result number")
                value = entry
            if value.type is not type_:
                self.error_at(
                    offset,
                    f"use of value '%{name}' expects different type than prior uses: "
                    f"'{type_}' vs '{value.type}'",
                    [(self.definition_offset(name, entry), "prior use here")],
                )
            return value
        key = (_value_key(name), index)
        ref = self.forward_refs.get(key)
        if ref is not None:
            if ref.type is not type_:
                self.error_at(
                    offset,
                    f"use of value '%{name}' expects different type than prior uses: "
                    f"'{type_}' vs '{ref.type}'",
                    [(ref.loc, "prior use here")],
                )
            return ref
        ref = _ForwardRef(type_, name, offset)
        self.forward_refs[key] = ref
        return ref

    # -- operations ------------------------------------------------------------

    def parse_operation(self, block: Block) -> Operation:
        """Parse one op (generic form) and append it to `block`."""
        text = self.text
        start = self.pos
        result_names: list[tuple[str, int, int]] = []
        if text.startswith("%", start):
            while True:
                pos = self.skip_ws()
                m = _VALUE_DEF.match(text, pos)
                if m is None:
                    if text.startswith("%", pos):
                        self.error_at(pos, "invalid SSA name")
                    self.wrong_token("expected valid ssa identifier")
                count = m.group(2)
                after = m.end()
                if count is None and text.startswith(":", after):
                    self.error_at(
                        self.skip_ws_from(after + 1), "expected integer number of results"
                    )
                if count is None and text.startswith("#", after):
                    self.error_at(after, "invalid attribute name")
                n = int(count) if count is not None else 1
                if count is not None and n == 0:
                    self.error_at(m.start(2), "expected named operation to have at least 1 result")
                result_names.append((m.group(1), n, pos))
                self.pos = m.end()
                if not self.consume_if(","):
                    break
            self.expect("=", "expected '=' after SSA name")
            self.skip_ws()
        name_pos = self.pos
        if not text.startswith('"', name_pos):
            m = _BARE_ID.match(text, name_pos)
            if m is None:
                self.wrong_token("expected operation name in quotes")
            op = self.parse_custom_operation(m.group(), name_pos)
        else:
            m = _SIMPLE_STRING.match(text, name_pos)
            if m is not None:
                name = m.group(1)
                self.pos = m.end()
            else:
                name = self.parse_string_literal()
            # Every op of a kind shares one name string (a module repeats a few names).
            name = self.op_names.setdefault(name, name)
            if not name:
                self.error_at(name_pos, "empty operation name is invalid")
            op = self.parse_generic_body(name, start, name_pos)
        # Bind results.
        if result_names:
            total = sum(n for _, n, _ in result_names)
            if not op.results:
                self.error_at(start, "cannot name an operation with no results")
            if total != len(op.results):
                self.error_at(
                    start,
                    f"operation defines {len(op.results)} results but was provided {total} to bind",
                )
            i = 0
            results = op.results
            for rname, n, rpos in result_names:
                self.define_values(rname, results[i : i + n], rpos)
                i += n
        block.append(op)
        return op

    def parse_generic_body(self, name: str, start: int, name_pos: int) -> Operation:
        """Parse everything after the quoted op name."""
        text = self.text
        ctx = self.ctx
        if not ctx.is_known_op(name):
            ctx.ensure_dialect(name.partition(".")[0])
        if not ctx.is_known_op(name) and not ctx.is_open_dialect(name.partition(".")[0]):
            dialect, dot, _ = name.partition(".")
            if dot and ctx.is_known_dialect(dialect):
                self.error_at(
                    start,
                    f"unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations",
                )
            if not ctx.allow_unregistered_dialects:
                self.error_at(
                    self.skip_ws(),
                    "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
                )
        # Operand uses: names only, resolved once the types are known.
        self.expect("(", "expected '(' to start operand list")
        uses: list[tuple[str, int, int]] = []
        pos = self.skip_ws()
        if text.startswith(")", pos):
            self.pos = pos + 1
        else:
            while True:
                pos = self.skip_ws()
                m = _VALUE_USE.match(text, pos)
                if m is None:
                    if text.startswith("%", pos):
                        self.error_at(pos, "invalid SSA name")
                    self.wrong_token(
                        "expected ')' to end operand list" if not uses else "expected SSA operand"
                    )
                if m.group(2) is None and text.startswith("#", m.end()):
                    if self.text[m.end() + 1 : m.end() + 2].isalpha():
                        self.error_at(m.end() + 1, "invalid SSA value result number")
                    self.error_at(m.end(), "invalid attribute name")
                idx = m.group(2)
                uses.append((m.group(1), int(idx) if idx is not None else 0, pos))
                self.pos = m.end()
                pos = self.skip_ws()
                c = text[pos : pos + 1]
                if c == ",":
                    self.pos = pos + 1
                    continue
                if c == ")":
                    self.pos = pos + 1
                    break
                self.wrong_token("expected ')' in operand list")
        successors: list[Block] = []
        pos = self.skip_ws()
        c = text[pos : pos + 1]
        if c == "[":
            registered = ctx.ops.get(name)
            if registered is not None and not registered.might_have_trait(IsTerminator):
                self.error_at(pos, "successors in non-terminator")
            self.pos = pos + 1
            if not self.consume_if("]"):
                while True:
                    successors.append(self.parse_successor())
                    if self.consume_if("]"):
                        break
                    self.expect(",", "expected ',' or ']'")
            pos = self.skip_ws()
            c = text[pos : pos + 1]
        properties: Attribute | None = None
        if c == "<":
            self.pos = pos + 1
            properties = self.parse_attribute()
            self.expect(">", "expected '>' to close properties")
            pos = self.skip_ws()
            c = text[pos : pos + 1]
        regions: list[Region] = []
        if c == "(":
            self.pos = pos + 1
            while True:
                region = Region()
                self.parse_region(region)
                regions.append(region)
                if self.consume_if(")"):
                    break
                self.expect(",", "expected ')' to end region list")
            pos = self.skip_ws()
            c = text[pos : pos + 1]
        attributes = _EMPTY_DICT
        if c == "{":
            attributes = self.parse_dictionary()
            pos = self.skip_ws()
            c = text[pos : pos + 1]
        if c != ":":
            self.wrong_token("expected ':' followed by operation type")
        self.pos = pos + 1
        type_pos = self.skip_ws()
        fn = self.parse_op_type(type_pos)
        if not isinstance(fn, FunctionType):
            self.error_at(type_pos, "expected function type")
        if len(fn.inputs) != len(uses):
            self.error_at(
                type_pos,
                f"expected {len(uses)} operand type{'' if len(uses) == 1 else 's'} but had {len(fn.inputs)}",
            )
        operands = [
            self.resolve_value(uname, uidx, t, upos)
            for (uname, uidx, upos), t in zip(uses, fn.inputs, strict=True)
        ]
        loc: Location | None = None
        pos = self.skip_ws()
        pending = False
        if text.startswith("loc", pos) and self.at_loc_keyword(pos):
            loc = self.parse_trailing_loc()
            pending = isinstance(loc, _PendingLoc)
        else:
            # MLIR locates an op at its name, after any `%results =`.
            loc = SourceLoc(self.source, name_pos)
        if name == "builtin.module":
            properties, attributes = _module_properties(properties, attributes)
        # A registered class's own `__init__` is its builder, with its own signature;
        # the parser fills in the generic state directly instead.
        op_class = ctx.ops.get(name) or ctx.fallback_op(name.partition(".")[0]) or Operation
        if op_class is not Operation and op_class.PROPERTY_NAMES is not None:
            properties, attributes, problem = adopt_properties(op_class, properties, attributes)
            if problem is not None:
                self.error_at(name_pos, problem)
        op = op_class.__new__(op_class)
        Operation.__init__(
            op,
            name,
            operands,
            fn.results,
            properties=properties,
            attributes=attributes,
            successors=successors,
            regions=regions,
            loc=loc,
        )
        if pending:
            self.pending_locs.append(op)
        return op

    def parse_op_type(self, pos: int) -> Type:
        """Parse the function type of a generic op, reusing results for repeated text."""
        m = _SIMPLE_FN_TYPE.match(self.text, pos)
        if m is None:
            return self.parse_type()
        key = m.group()
        cached = self.type_cache.get(key)
        if cached is None:
            cached = self.parse_type()
            if self.pos != m.end():
                return cached
            self.type_cache[key] = cached
        self.pos = m.end()
        return cached

    def parse_successor(self) -> Block:
        """Parse `^name` as a successor, creating a forward block if needed."""
        pos = self.skip_ws()
        m = _BLOCK_ID.match(self.text, pos)
        if m is None:
            self.wrong_token("expected block name")
        self.pos = m.end()
        return self.get_block(m.group(1), pos)

    def get_block(self, name: str, offset: int) -> Block:
        """Return the block called `^name` in the current region, forward-declaring it."""
        scope = self.block_scopes[-1]
        entry = scope.get(name)
        if entry is None:
            block = Block()
            scope[name] = (block, None)
            self.block_forward[-1][name] = offset
            return block
        return entry[0]

    def parse_region(self, region: Region) -> None:
        """Parse `{ blocks }` into `region`."""
        self.expect("{", "expected '{' to begin a region")
        self.push_region_scope()
        text = self.text
        pos = self.skip_ws()
        if text.startswith("}", pos):
            self.pos = pos + 1
            self.pop_region_scope()
            return
        block: Block
        if not text.startswith("^", pos):
            block = Block()
            region.add_block(block)
            self.parse_block_body(block)
        while True:
            pos = self.skip_ws()
            if text.startswith("}", pos):
                self.pos = pos + 1
                break
            if not text.startswith("^", pos):
                self.wrong_token("expected operation name in quotes")
            block = self.parse_block_header(region)
            self.parse_block_body(block)
        self.pop_region_scope()

    def parse_block_header(self, region: Region) -> Block:
        """Parse `^name(%arg: type loc(...), ...):` and add the block to `region`."""
        text = self.text
        pos = self.skip_ws()
        m = _BLOCK_ID.match(text, pos)
        if m is None:
            self.error_at(pos, "invalid block name")
        name = m.group(1)
        self.pos = m.end()
        scope = self.block_scopes[-1]
        entry = scope.get(name)
        forward = self.block_forward[-1]
        if entry is None:
            block = Block()
        elif name in forward:
            block = entry[0]
            del forward[name]
        else:
            self.error_at(pos, f"redefinition of block '^{name}'")
        scope[name] = (block, pos)
        region.add_block(block)
        if self.consume_if("(") and not self.consume_if(")"):
            while True:
                apos = self.skip_ws()
                am = _VALUE_USE.match(text, apos)
                if am is None or am.group(2) is not None:
                    self.wrong_token(
                        "expected SSA operand" if am is None else "invalid block argument name"
                    )
                self.pos = am.end()
                self.expect(":", "expected ':' and type for SSA operand")
                atype = self.parse_type()
                aloc: Location | None
                if (
                    self.peek() == "l"
                    and self.text.startswith("loc", self.pos)
                    and self.at_loc_keyword(self.pos)
                ):
                    aloc = self.parse_trailing_loc()
                else:
                    aloc = SourceLoc(self.source, apos)
                arg = block.add_argument(atype, aloc)
                if isinstance(aloc, _PendingLoc):
                    self.pending_locs.append(arg)
                self.define_values(am.group(1), [arg], apos)
                if self.consume_if(")"):
                    break
                self.expect(",", "expected ')'")
        self.expect(":", "expected ':' after block name")
        return block

    def parse_block_body(self, block: Block) -> None:
        """Parse ops until the next block label or the end of the region."""
        text = self.text
        while True:
            pos = self.skip_ws()
            c = text[pos : pos + 1]
            if c == "}" or c == "^" or not c:
                if not c:
                    self.wrong_token("expected operation name in quotes")
                return
            self.parse_operation(block)

    # -- custom form -------------------------------------------------------------
    #
    # What generated `parse` methods call. The names follow MLIR's `OpAsmParser`;
    # errors use its messages and positions.

    def parse_custom_operation(self, spelled: str, name_pos: int) -> Operation:
        """Parse a custom-form op whose name `spelled` starts at `name_pos`."""
        ctx = self.ctx
        self.pos = name_pos + len(spelled)
        name = spelled
        op_class = ctx.ops.get(name)
        if op_class is None:
            dialect = spelled.partition(".")[0] if "." in spelled else self.default_dialects[-1]
            ctx.ensure_dialect(dialect or "builtin")
            op_class = ctx.ops.get(name)
        if op_class is None and "." not in spelled:
            name = f"{self.default_dialects[-1]}.{spelled}"
            op_class = ctx.ops.get(name)
        if op_class is None:
            # An open dialect may give the ops it does not define a custom form.
            fallback = ctx.fallback_op(name.partition(".")[0])
            if fallback is not None and "." in name:
                name = self.op_names.setdefault(name, name)
                op_class = fallback
        if op_class is None:
            tried = f" (tried '{name}' as well)" if name != spelled else ""
            self.error_at(name_pos, f"custom op '{spelled}' is unknown{tried}")
        if not op_class.HAS_CUSTOM_FORM:
            self.error_at(
                name_pos, f"'{name}' op has no custom assembly form; use the generic form"
            )
        self.default_dialects.append(op_class.DEFAULT_DIALECT)
        outer, outer_pos = self.custom_op, self.custom_op_pos
        self.custom_op, self.custom_op_pos = name, name_pos
        try:
            op = op_class.parse(self, SourcePos(name_pos))
        finally:
            self.default_dialects.pop()
            self.custom_op, self.custom_op_pos = outer, outer_pos
        text = self.text
        pos = self.skip_ws()
        if text.startswith("loc", pos) and self.at_loc_keyword(pos):
            loc = self.parse_trailing_loc()
            op.loc = loc
            if isinstance(loc, _PendingLoc):
                self.pending_locs.append(op)
        return op

    def create_op(
        self,
        op_class: type[Operation],
        name_pos: int,
        operands: Sequence[Value],
        result_types: Sequence[Type],
        *,
        properties: Sequence[tuple[str, Attribute | None]] = (),
        attributes: DictionaryAttr = _EMPTY_DICT,
        attr_dict_pos: int = 0,
        successors: Sequence[Block] = (),
        regions: Sequence[Region] = (),
        name: str | None = None,
    ) -> Operation:
        """Build the op a custom parser read, as MLIR's `OperationState` would.

        Inherent attributes given in the attribute dictionary are checked against
        their constraints (MLIR's `verifyInherentAttrs`) and become properties;
        default-valued properties still unset get their defaults. `name` is the
        op's name when the class is a dialect's fallback for its unknown ops.
        """
        props: dict[str, Attribute] = {k: v for k, v in properties if v is not None}
        names = op_class.PROPERTY_NAMES
        if names and attributes.entries and any(k in names for k, _ in attributes.entries):
            kept: list[tuple[str, Attribute]] = []
            for key, value in attributes.entries:
                if key in names:
                    problem = op_class.check_inherent_attr(key, value)
                    if problem is not None:
                        self.op_error(attr_dict_pos, f"'{op_class.OPERATION_NAME}' op {problem}")
                    props[key] = value
                else:
                    kept.append((key, value))
            attributes = DictionaryAttr.get(tuple(kept))
        for key, value in op_class.DEFAULT_PROPERTIES:
            if key not in props and key not in op_class.OPTIONAL_DEFAULTS:
                props[key] = value
        op = op_class.__new__(op_class)
        if name is None:
            name = op_class.OPERATION_NAME
        assert name is not None
        slots = op_class.PROPERTY_SLOTS
        Operation.__init__(
            op,
            name,
            operands,
            result_types,
            properties=DictionaryAttr.get(props) if props and not slots else None,
            attributes=attributes,
            successors=successors,
            regions=regions,
            loc=SourceLoc(self.source, name_pos),
        )
        for key, slot in slots.items():
            setattr(op, slot, props.get(key))
        return op

    def op_error(self, pos: int, message: str) -> NoReturn:
        """Report an error of the custom parser at offset `pos`.

        As with MLIR's `OpAsmParser::emitError`, the message starts with
        `custom op 'name'`; errors of the lexer and of nested ops do not.
        """
        if self.custom_op is not None:
            message = f"custom op '{self.custom_op}' {message}"
        self.error_at(pos, message)

    def op_error_at_token(self, message: str) -> NoReturn:
        """`op_error` at the start of the next token."""
        pos = self.skip_ws()
        if pos >= len(self.text) and pos > 0:
            pos -= 1
        self.op_error(pos, message)

    def current_pos(self) -> SourcePos:
        """The offset of the next token (MLIR's `getCurrentLocation`)."""
        return SourcePos(self.skip_ws())

    def next_is(self, literal: str) -> bool:
        """Whether `literal` comes next; consumes nothing."""
        return self.text.startswith(literal, self.skip_ws())

    def op_name(self) -> str:
        """The full name of the op whose custom parser is running."""
        name = self.custom_op
        if name is None:
            raise ValueError("no custom op is being parsed")
        return name

    def op_name_pos(self) -> SourcePos:
        """Where the name of the op whose custom parser is running starts."""
        return SourcePos(self.custom_op_pos)

    def save_state(self) -> ParserState:
        """The current offset, to go back to with `restore_state`."""
        return ParserState(self.pos)

    def restore_state(self, state: ParserState) -> None:
        """Go back to an offset `save_state` gave."""
        self.pos = state

    def parse_argument(self) -> UnresolvedOperand:
        """Parse `%name` naming a region argument: `%name#N` is an error there."""
        pos = self.skip_ws()
        use = self.parse_operand()
        if use[1] != 0 or self.text.startswith("#", pos + 1 + len(use[0])):
            self.op_error(pos, "expected valid ssa identifier")
        return use

    def parse_affine_map_of_ssa_ids(self) -> tuple[AffineMap, list[UnresolvedOperand]]:
        """Parse `[%i + 1, symbol(%n)]` into a map and its dims' and symbols' uses."""
        from generator.ir import affine

        pos = self.skip_ws()
        try:
            amap, names, end = affine.parse_ssa_id_map(self.text, pos)
        except affine.AffineParseError as e:
            self.error_at(e.offset, e.message)
        self.pos = end
        return amap, [(name, 0, at) for name, at in names]

    def parse_operand(self) -> UnresolvedOperand:
        """Parse a use `%name` or `%name#N`; its type comes later."""
        text = self.text
        pos = self.skip_ws()
        m = _VALUE_USE.match(text, pos)
        if m is None:
            if text.startswith("%", pos):
                self.error_at(pos, "invalid SSA name")
            self.wrong_token("expected SSA operand")
        self.pos = m.end()
        idx = m.group(2)
        return (m.group(1), int(idx) if idx is not None else 0, pos)

    def parse_optional_operand(self) -> UnresolvedOperand | None:
        """Parse a use if one comes next."""
        if self.peek() != "%":
            return None
        return self.parse_operand()

    def parse_operand_list(self) -> list[UnresolvedOperand]:
        """Parse zero or more comma-separated uses."""
        if self.peek() != "%":
            return []
        uses = [self.parse_operand()]
        while self.consume_if(","):
            uses.append(self.parse_operand())
        return uses

    def resolve_operand(self, use: UnresolvedOperand, type_: Type) -> Value:
        """The value a use names, which must have type `type_`."""
        return self.resolve_value(use[0], use[1], type_, use[2])

    def resolve_operands(
        self, uses: Sequence[UnresolvedOperand], types: Sequence[Type], pos: int
    ) -> list[Value]:
        """Resolve uses with one type each; a count mismatch is reported at `pos`."""
        if len(uses) != len(types):
            self.op_error(
                pos,
                "number of operands and types do not match: "
                f"got {len(uses)} operands and {len(types)} types",
            )
        resolve = self.resolve_value
        return [resolve(u[0], u[1], t, u[2]) for u, t in zip(uses, types, strict=True)]

    def expect_keyword(self, word: str) -> None:
        """Consume the keyword `word` or report `expected 'word'`."""
        if not self.consume_keyword(word):
            self.op_error_at_token(f"expected '{word}'")

    def parse_keyword(self, message: str = "expected valid keyword") -> str:
        """Parse a bare keyword and return it."""
        pos = self.skip_ws()
        m = _BARE_ID.match(self.text, pos)
        if m is None:
            self.op_error_at_token(message)
        self.pos = m.end()
        return m.group()

    def parse_optional_keyword_of(self, words: Collection[str]) -> str | None:
        """Parse a bare keyword if one of `words` comes next."""
        pos = self.skip_ws()
        m = _BARE_ID.match(self.text, pos)
        if m is None or m.group() not in words:
            return None
        self.pos = m.end()
        return m.group()

    def parse_colon_type(self) -> Type:
        """Parse `: type`."""
        self.expect(":", "expected ':'")
        return self.parse_type()

    def parse_type_list(self) -> list[Type]:
        """Parse one or more comma-separated types."""
        types = [self.parse_type()]
        while self.consume_if(","):
            types.append(self.parse_type())
        return types

    def parse_optional_type_list(self) -> list[Type]:
        """Parse zero or more comma-separated types (none when no type starts next)."""
        pos = self.skip_ws()
        if not self.at_type_start(pos):
            return []
        return self.parse_type_list()

    def parse_arrow_type_list(self) -> list[Type]:
        """Parse `-> type` or `-> (type, ...)`."""
        self.expect("->", "expected '->'")
        pos = self.skip_ws()
        if self.text.startswith("(", pos):
            self.pos = pos + 1
            return list(self.parse_type_list_until(")"))
        return [self.parse_non_function_type()]

    def parse_type_of(self, kind: type[Type] | tuple[type[Type], ...], name: str = "") -> Type:
        """Parse a type that must be a `kind`, as MLIR's `parseType<T>` does for a
        value whose constraint has a C++ type; `name` is that class's IR name
        (`builtin.tensor`), which abstract classes such as `TensorType` lack."""
        pos = self.skip_ws()
        parsed = self.parse_type()
        if not isinstance(parsed, kind):
            message = "invalid kind of type specified"
            if name:
                message += f": expected {name}, but found '{parsed}'"
            self.op_error(pos, message)
        return parsed

    def parse_functional_type(self) -> FunctionType:
        """Parse a function type `(inputs) -> results`."""
        pos = self.skip_ws()
        fn = self.parse_type()
        if not isinstance(fn, FunctionType):
            self.op_error(
                pos,
                "invalid kind of type specified: expected builtin.function, but found '"
                + str(fn)
                + "'",
            )
        return fn

    def parse_optional_attr_dict(self) -> DictionaryAttr:
        """Parse `{...}` if it comes next; an empty dictionary otherwise."""
        if self.peek() != "{":
            return _EMPTY_DICT
        return self.parse_dictionary()

    def parse_optional_prop_dict(self) -> DictionaryAttr:
        """Parse `<{...}>`, the properties of a `prop-dict`, if it comes next."""
        pos = self.skip_ws()
        if not self.text.startswith("<", pos):
            return _EMPTY_DICT
        self.pos = pos + 1
        if self.peek() != "{":
            self.wrong_token("expected '{' in the properties")
        props = self.parse_dictionary()
        self.expect(">", "expected '>' to close properties")
        return props

    def parse_optional_attr_dict_with_keyword(self) -> DictionaryAttr:
        """Parse `attributes {...}` if it comes next."""
        if not self.consume_keyword("attributes"):
            return _EMPTY_DICT
        if self.peek() != "{":
            self.wrong_token("expected '{' in attribute dictionary")
        return self.parse_dictionary()

    def parse_symbol_name_attr(self) -> StringAttr:
        """Parse `@name` as the string attribute of a symbol's name."""
        if self.peek() != "@":
            self.op_error_at_token("expected valid '@'-identifier for symbol name")
        return StringAttr.get(self.parse_symbol_name())

    def parse_optional_symbol_name_attr(self) -> StringAttr | None:
        """Parse `@name` if it comes next."""
        if self.peek() != "@":
            return None
        return StringAttr.get(self.parse_symbol_name())

    def parse_flat_symbol_ref(self) -> SymbolRefAttr:
        """Parse `@name`, a symbol reference without nested parts."""
        pos = self.skip_ws()
        if self.text[pos : pos + 1] != "@":
            self.error_at(pos, "expected attribute value")
        return SymbolRefAttr.get(self.parse_symbol_name(), ())

    def parse_optional_enum_keyword(self, cases: Mapping[str, int], attr_name: str) -> int | None:
        """Parse an enum case if one comes next (see `parse_enum_keyword`)."""
        pos = self.skip_ws()
        m = _BARE_ID.match(self.text, pos)
        if (m is None or m.group() not in cases) and not self.text.startswith('"', pos):
            return None
        return self.parse_enum_keyword(cases, attr_name)

    def parse_enum_keyword(self, cases: Mapping[str, int], attr_name: str) -> int:
        """Parse an enum case written as a keyword (or a string), as `I64EnumAttr`s are."""
        pos = self.skip_ws()
        text = self.text
        m = _BARE_ID.match(text, pos)
        spelled: str | None = None
        if m is not None and m.group() in cases:
            spelled = m.group()
            self.pos = m.end()
        elif text.startswith('"', pos):
            spelled = self.parse_string_literal()
        else:
            allowed = ", ".join(cases)
            self.op_error(
                pos,
                "expected string or keyword containing one of the following enum values "
                f"for attribute '{attr_name}' [{allowed}]",
            )
        value = cases.get(spelled)
        if value is None:
            self.op_error(pos, f'invalid {attr_name} attribute specification: "{spelled}"')
        return value

    def parse_custom_attr(self, attr_class: type[DialectAttr]) -> Attribute:
        """Parse a dialect attribute without its `#dialect.mnemonic` prefix (`<nsw>`).

        The full form (`#arith.overflow<nsw>`) is accepted too, as MLIR's
        `parseCustomAttributeWithFallback` does.
        """
        pos = self.skip_ws()
        text = self.text
        if text.startswith("#", pos):
            attr = self.parse_attribute()
            if not isinstance(attr, attr_class):
                self.op_error(pos, "invalid kind of attribute specified")
            return attr
        if not text.startswith("<", pos):
            self.wrong_token("expected '<'")
        end = self.scan_balanced(pos)
        parsed = attr_class.parse_body(text[pos:end])
        if isinstance(parsed, tuple):
            offset, message = parsed
            self.op_error(pos + offset, message)
        self.pos = end
        return parsed

    def parse_custom_region(
        self,
        region: Region,
        arguments: Sequence[tuple[UnresolvedOperand, Type, Location | None]] = (),
    ) -> None:
        """Parse `{ blocks }`; `arguments` are the entry block's, named by the op's syntax."""
        if not arguments:
            self.parse_region(region)
            return
        self.expect("{", "expected '{' to begin a region")
        self.push_region_scope()
        text = self.text
        pos = self.skip_ws()
        if text.startswith("^", pos):
            self.error_at(pos, "invalid block name in region with named arguments")
        block = Block()
        region.add_block(block)
        for (name, _, apos), atype, aloc in arguments:
            arg = block.add_argument(
                atype, aloc if aloc is not None else SourceLoc(self.source, apos)
            )
            if isinstance(aloc, _PendingLoc):
                self.pending_locs.append(arg)
            self.define_values(name, [arg], apos)
        self.parse_block_body(block)
        while True:
            pos = self.skip_ws()
            if text.startswith("}", pos):
                self.pos = pos + 1
                break
            if not text.startswith("^", pos):
                self.wrong_token("expected operation name in quotes")
            block = self.parse_block_header(region)
            self.parse_block_body(block)
        self.pop_region_scope()

    def ensure_terminator(self, region: Region, terminator: type[Operation], pos: int) -> None:
        """MLIR's `ensureTerminator`, for the custom form of an op with an implicit
        terminator: an empty region gets a block, and a block that does not end in a
        terminator gets `terminator`, built without operands at the op's position."""
        if not region.blocks:
            region.add_block(Block())
        block = region.blocks[-1]
        last = block.last_op
        if last is None or not last.has_trait(IsTerminator):
            block.append(self.create_op(terminator, pos, [], []))

    def parse_optional_region(self, region: Region) -> bool:
        """Parse a region if `{` comes next."""
        if self.peek() != "{":
            return False
        self.parse_region(region)
        return True

    def parse_integer(self) -> int:
        """Parse a decimal integer, possibly negative."""
        pos = self.skip_ws()
        m = _SIGNED_INT.match(self.text, pos)
        if m is None:
            self.op_error(pos, "expected integer value")
        self.pos = m.end()
        return int(m.group())

    def parse_integer_token(self) -> int:
        """Parse a decimal integer not followed by `.`, which would make it a float."""
        pos = self.skip_ws()
        value = self.parse_integer()
        if self.text.startswith(".", self.pos):
            self.op_error(pos, "expected integer value")
        return value

    def parse_successor_list(self) -> list[Block]:
        """Parse zero or more comma-separated successors."""
        if self.peek() != "^":
            return []
        blocks = [self.parse_successor()]
        while self.consume_if(","):
            blocks.append(self.parse_successor())
        return blocks

    def parse_attribute_of(
        self, attr_class: type[Attribute], type_: Type | None = None
    ) -> Attribute:
        """Parse an attribute that must be an `attr_class` (`type_`: the type it implies)."""
        pos = self.skip_ws()
        attr = self.parse_attribute(type_)
        if not isinstance(attr, attr_class):
            self.op_error(pos, "invalid kind of attribute specified")
        return attr

    def parse_typed_attribute(self) -> Attribute:
        """Parse an attribute that has a type (MLIR's `TypedAttr`)."""
        pos = self.skip_ws()
        attr = self.parse_attribute()
        if not is_typed_attr(attr):
            self.op_error(pos, "invalid kind of attribute specified")
        return attr

    def parse_dense_array_body(self, element_type: Type) -> Attribute:
        """Parse `[1, 2]`, a dense array written without `array<type: ...>`."""
        pos = self.skip_ws()
        if not self.text.startswith("[", pos):
            self.wrong_token("expected '['")
        self.pos = pos + 1
        values: list[int] = []
        if not self.consume_if("]"):
            while True:
                vpos = self.skip_ws()
                m = _SIGNED_INT.match(self.text, vpos)
                if m is None:
                    self.op_error(vpos, "expected integer value")
                self.pos = m.end()
                values.append(int(m.group()))
                if self.consume_if("]"):
                    break
                self.expect(",", "expected ',' or ']'")
        return DenseArrayAttr.get(element_type, tuple(values))

    def parse_region_list(self) -> list[Region]:
        """Parse zero or more comma-separated regions (`{...}, {...}`)."""
        if self.peek() != "{":
            return []
        regions = [Region()]
        self.parse_region(regions[0])
        while self.consume_if(","):
            regions.append(Region())
            self.parse_region(regions[-1])
        return regions

    def parse_optional_successor(self) -> Block | None:
        """Parse `^name` if it comes next."""
        if self.peek() != "^":
            return None
        return self.parse_successor()

    # -- locations -------------------------------------------------------------

    def at_loc_keyword(self, pos: int) -> bool:
        """True when `loc` at `pos` is the keyword (not the start of a longer identifier)."""
        nxt = self.text[pos + 3 : pos + 4]
        return not nxt or not (nxt.isalnum() or nxt in "_$.")

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

    def set_op_location(self, op: Operation, loc: Location | None) -> None:
        """Give `op` the location `loc`, patched later if it names an alias not yet defined."""
        op.loc = loc
        if isinstance(loc, _PendingLoc):
            self.pending_locs.append(op)

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
                child = self.parse_location_body()
                self.expect(")", "expected ')' after child location of NameLoc")
            return NameLoc.get(string, child)
        if self.consume_keyword("unknown"):
            return UnknownLoc.get()
        if self.consume_keyword("callsite"):
            self.expect("(", "expected '(' in callsite location")
            callee = self.parse_location_body()
            if not self.consume_keyword("at"):
                self.wrong_token("expected 'at' in callsite location")
            caller = self.parse_location_body()
            self.expect(")", "expected ')' in callsite location")
            return CallSiteLoc.get(callee, caller)
        if self.consume_keyword("fused"):
            metadata: Attribute | None = None
            if self.consume_if("<"):
                metadata = self.parse_attribute()
                self.expect(">", "expected '>' after fused location metadata")
            self.expect("[", "expected '[' in fused location")
            locs: list[LocationAttr] = []
            if not self.consume_if("]"):
                while True:
                    locs.append(self.parse_location_body())
                    if self.consume_if("]"):
                        break
                    self.expect(",", "expected ']' in fused location")
            return FusedLoc.get(tuple(locs), metadata)
        self.wrong_token("expected location instance")

    def parse_uint(self, message: str) -> int:
        """Parse a decimal unsigned integer."""
        m = _DIGITS.match(self.text, self.skip_ws())
        if m is None:
            self.wrong_token(message)
        self.pos = m.end()
        return int(m.group())

    # -- strings ---------------------------------------------------------------

    def parse_string_literal(self) -> str:
        """Parse a quoted string with MLIR's escapes (`\\n`, `\\t`, `\\"`, `\\\\`, `\\XX`)."""
        text = self.text
        pos = self.skip_ws()
        if not text.startswith('"', pos):
            self.wrong_token("expected string")
        m = _SIMPLE_STRING.match(text, pos)
        if m is not None:
            self.pos = m.end()
            return m.group(1)
        i = pos + 1
        out = bytearray()
        n = len(text)
        while True:
            if i >= n:
                self.error_at(pos, "expected '\"' in string literal")
            c = text[i]
            if c == '"':
                break
            if c in "\n\r":
                self.error_at(i, "expected '\"' in string literal")
            if c == "\\":
                e = text[i + 1 : i + 2]
                if e in ('"', "\\"):
                    out.append(ord(e))
                    i += 2
                    continue
                if e == "n":
                    out.append(10)
                    i += 2
                    continue
                if e == "t":
                    out.append(9)
                    i += 2
                    continue
                hm = _ESCAPE_HEX.match(text, i + 1)
                if hm is None:
                    self.error_at(i, "unknown escape in string literal")
                out.append(int(hm.group(), 16))
                i += 3
                continue
            out += c.encode("utf-8", "surrogateescape")
            i += 1
        self.pos = i + 1
        return out.decode("utf-8", "surrogateescape")

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
                if width > _MAX_INT_WIDTH:
                    self.error_at(pos, f"integer bitwidth is limited to {_MAX_INT_WIDTH} bits")
                sign = im.group(1)
                self.pos = m.end()
                return IntegerType.get(
                    width,
                    Signedness.SIGNLESS
                    if sign is None
                    else (Signedness.SIGNED if sign == "s" else Signedness.UNSIGNED),
                )
            self.pos = m.end()
            if word == "tensor":
                return self.parse_tensor_type(pos)
            if word == "memref":
                return self.parse_memref_type(pos)
            if word == "vector":
                return self.parse_vector_type(pos)
            if word == "complex":
                self.expect("<", "expected '<' in complex type")
                epos = self.skip_ws()
                elem = self.parse_type()
                if not isinstance(elem, (IntegerType, FloatType)):
                    self.error_at(epos, "invalid element type for complex")
                self.expect(">", "expected '>' in complex type")
                return ComplexType.get(elem)
            if word == "tuple":
                self.expect("<", "expected '<' in tuple type")
                if self.consume_if(">"):
                    return TupleType.get(())
                types = []
                while True:
                    types.append(self.parse_type())
                    if self.consume_if(">"):
                        break
                    self.expect(",", "expected '>' in tuple type")
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
                dims.append(int(d[1:-1].strip()))
                scalable.append(True)
            else:
                dims.append(int(d))
                scalable.append(False)
            pos = x_pos + 1
        self.pos = pos
        return tuple(dims), tuple(scalable)

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
            if self.consume_if(","):
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
        if self.consume_if(","):
            encoding = self.parse_attribute()
        self.expect(">", "expected '>' in tensor type")
        if not _valid_tensor_element(elem):
            self.error_at(epos, "invalid tensor element type")
        return RankedTensorType.get(dims, elem, encoding)

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
        while self.consume_if(","):
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
        if not isinstance(elem, (IntegerType, FloatType, IndexType)):
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
            # into the source; it must use up exactly the symbol's text.
            end = self.pos
            self.pos = start + 2 + len(dialect) + len(mnemonic)
            parsed = parametric.parse(self)
            if self.pos != end and self.skip_ws() != end:
                self.error_at(self.pos, f"unexpected text in '!{dialect}.{mnemonic}' type")
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

    def scan_balanced(self, open_pos: int) -> int:
        """Return the offset just past the `>` matching the `<` at `open_pos`.

        Brackets of every kind nest and strings are skipped whole, as MLIR's lexer
        does for the bodies of dialect types and attributes; `->` is not a bracket.
        """
        text = self.text
        stack: list[tuple[str, int]] = []
        i = open_pos
        n = len(text)
        while i < n:
            c = text[i]
            if c in _OPENERS:
                stack.append((c, i))
            elif c in _CLOSERS:
                if c == ">" and i > open_pos and text[i - 1] == "-":
                    i += 1
                    continue
                if not stack or _OPENERS[stack[-1][0]] != c:
                    opener = stack[-1][0] if stack else c
                    self.error_at(
                        open_pos, f"unbalanced '{opener}' character in pretty dialect name"
                    )
                stack.pop()
                if not stack:
                    return i + 1
            elif c == '"':
                j = i + 1
                while j < n and text[j] != '"' and text[j] != "\n":
                    j += 2 if text[j] == "\\" else 1
                if j >= n or text[j] != '"':
                    self.error_at(min(j, n - 1), "expected '\"' in string literal")
                i = j
            i += 1
        opener = stack[-1][0] if stack else "<"
        self.error_at(open_pos, f"unbalanced '{opener}' character in pretty dialect name")

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
            items = []
            while True:
                items.append(self.parse_attribute())
                if self.consume_if("]"):
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
                    return self.parse_dense(pos)
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
        # Anything else must be a type.
        if not self.at_type_start(pos):
            self.wrong_token("expected attribute value")
        return TypeAttr.get(self.parse_type())

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

    def parse_dictionary(self) -> DictionaryAttr:
        """Parse `{name = attr, unitname, ...}`, reusing results for repeated simple text."""
        pos = self.skip_ws()
        m = _SIMPLE_DICT.match(self.text, pos)
        if m is None:
            return self.parse_dictionary_body()
        key = m.group()
        cached = self.dict_cache.get(key)
        if cached is None:
            cached = self.parse_dictionary_body()
            if self.pos != m.end():
                return cached
            self.dict_cache[key] = cached
        self.pos = m.end()
        return cached

    def parse_dictionary_body(self) -> DictionaryAttr:
        """Parse `{name = attr, unitname, ...}`."""
        self.expect("{")
        text = self.text
        if self.consume_if("}"):
            return _EMPTY_DICT
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
            return alias
        dialect, data = symbol
        mnemonic = data.partition("<")[0]
        self.ctx.ensure_dialect(dialect)
        found = self.ctx.lookup_attr(dialect, mnemonic)
        registered = found if found is not None and issubclass(found, DialectAttr) else None
        if registered is not None and issubclass(registered, ParametricAttr):
            # The spec's parser reads the parameters in place (see parse_dialect_type).
            end = self.pos
            self.pos = start + 2 + len(dialect) + len(mnemonic)
            parsed_attr = registered.parse(self)
            if self.pos != end and self.skip_ws() != end:
                self.error_at(self.pos, f"unexpected text in '#{dialect}.{mnemonic}' attribute")
            return parsed_attr
        if registered is None and self.ctx.dialect_has_attrs(dialect):
            # A generated dialect's attribute parser knows all its attributes.
            body = start + 2 + len(dialect)
            if not _BARE_ID.match(mnemonic):
                self.error_at(body, "expected valid keyword")
            self.error_at(body, f"unknown attribute `{mnemonic}` in dialect `{dialect}`")
        if registered is not None:
            body_start = start + 2 + len(dialect) + len(mnemonic)
            parsed = registered.parse_body(data[len(mnemonic) :])
            if isinstance(parsed, tuple):
                self.error_at(body_start + parsed[0], parsed[1])
            if isinstance(parsed, TypedDialectAttr):
                self.expect(":", "expected ':' and the attribute's type")
                return parsed.get(self.parse_type())
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
        type_: Type | None = None
        if self.consume_if(":"):
            type_ = self.parse_type()
        elif implied is not None:
            type_ = implied
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
        if isinstance(type_, IndexType):
            width, signedness = 64, Signedness.SIGNED
        else:
            assert isinstance(type_, IntegerType)
            width, signedness = type_.width, type_.signedness
            if negative and signedness == Signedness.UNSIGNED:
                self.error_at(pos, "negative integer literal not valid for unsigned integer type")
        if negative:
            value = -value
        if width == 0:
            return value if value == 0 else None
        if signedness == Signedness.SIGNED:
            lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
        elif signedness == Signedness.UNSIGNED:
            lo, hi = 0, (1 << width) - 1
        else:
            # Signless values may be written either way; i1 accepts -1 as true.
            lo, hi = -(1 << (width - 1)), (1 << width) - 1
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

    def parse_dense(self, start: int) -> Attribute:
        """Parse `dense<literal> : shaped-type`; errors about the whole literal point at `dense`."""
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
        self.expect(":", "expected ':'")
        self.skip_ws()
        type_ = self.parse_type()
        if not isinstance(type_, (RankedTensorType, VectorType, UnrankedTensorType)):
            self.error_at(start, "elements literal must be a shaped type")
        if not type_.has_static_shape:
            self.error_at(start, "elements literal type must have static shape")
        elem = type_.element_type
        if hex_data is not None:
            return _dense_from_hex(self, type_, hex_data, start)
        if empty:
            if type_.num_elements != 0:
                self.error_at(
                    start,
                    f"inferred shape of elements literal ([0]) does not match type ({_shape_text(type_.shape)})",
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
        if any(isinstance(x, _StrLit) for x in flat):
            if not all(isinstance(x, _StrLit) for x in flat):
                self.error_at(start, "expected string token or element list")
            return DenseStringElementsAttr.get(
                type_, tuple(x.value for x in flat if isinstance(x, _StrLit))
            )
        if isinstance(elem, OpaqueType):
            leaf = flat[0]
            self.error_at(start, f"expected string token, got {getattr(leaf, 'text', '')}")
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
            while True:
                items.append(self.parse_dense_literal())
                if self.consume_if("]"):
                    return _ListLit(items, pos, self.pos - 1)
                self.expect(",", "expected ']'")
        if c == "(":
            self.pos = pos + 1
            real = self.parse_dense_literal()
            self.expect(",", "expected ','")
            imag = self.parse_dense_literal()
            self.expect(")", "expected ')'")
            return _ComplexLit(real, imag, pos)
        if c == '"':
            return _StrLit(self.parse_string_literal(), pos)
        if self.consume_keyword("true"):
            return _NumLit("1", pos, is_bool=True)
        if self.consume_keyword("false"):
            return _NumLit("0", pos, is_bool=True)
        m = _NUMBER.match(text, pos)
        if m is None:
            self.wrong_token("expected element literal of primitive type")
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
        if m is None:
            self.error_at(pos, "expected a 64-bit signed integer or '?'")
        self.pos = m.end()
        return int(m.group())

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
        flat = [int(leaf.text, 0) if isinstance(leaf, _NumLit) else 0 for leaf in index_leaves]
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
        self.expect("]", "expected ']' to close distinct ID")
        self.expect("<", "expected '<' after distinct ID")
        if self.consume_if(">"):
            referenced: Attribute = _UNIT
        else:
            referenced = self.parse_attribute()
            self.expect(">", "expected '>' to close distinct attribute")
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


# ---------------------------------------------------------------------------
# Dense literal helpers


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


def _flatten_literal(p: Parser, literal: object, pos: int) -> tuple[tuple[int, ...], list[object]]:
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


def _convert_dense_element(p: Parser, leaf: object, elem: Type) -> DenseElement:
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


def wrap_checked(p: Parser, literal: str, elem: Type, pos: int, message: str) -> int:
    """Convert an integer literal for an element of type `elem`, range-checked."""
    from generator.ir.attributes import wrap_integer

    value = p.int_value(literal, elem, pos)
    if value is None:
        p.error_at(pos, message)
    return wrap_integer(value, elem)


def _dense_from_hex(p: Parser, type_: ShapedType, data: str, pos: int) -> Attribute:
    """Decode a `dense<"0x...">` little-endian blob into elements."""
    body = data[2:]
    if len(body) % 2 or _HEX_DIGITS.fullmatch(body) is None:
        p.error_at(pos, "expected string containing hex digits starting with `0x`")
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


def _shape_text(shape: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def _normalize_memory_space(space: Attribute | None) -> Attribute | None:
    """MLIR drops a memory space of integer 0 (the default)."""
    if isinstance(space, IntegerAttr) and space.value == 0:
        return None
    return space


def _is_identity_map(attr: AffineMapAttr) -> bool:
    """True for `(d0, ..., dn) -> (d0, ..., dn)`, the layout MLIR never prints."""
    return attr.value.is_identity


#: The inherent attributes of `builtin.module`.
_MODULE_INHERENT = ("sym_name", "sym_visibility")


def _module_properties(
    properties: Attribute | None, attributes: DictionaryAttr
) -> tuple[Attribute | None, DictionaryAttr]:
    """Move `builtin.module`'s inherent attributes from its dictionary to its properties.

    As for any registered op, MLIR takes them from the attribute dictionary and then
    from the `<{...}>` properties, which win; other property names are dropped.
    """
    if properties is None and not any(k in _MODULE_INHERENT for k, _ in attributes.entries):
        return properties, attributes
    inherent = {k: v for k, v in attributes.entries if k in _MODULE_INHERENT}
    if isinstance(properties, DictionaryAttr):
        inherent.update((k, v) for k, v in properties.entries if k in _MODULE_INHERENT)
    elif properties is not None:
        return properties, attributes
    rest = DictionaryAttr.get(tuple((k, v) for k, v in attributes.entries if k not in inherent))
    return (DictionaryAttr.get(inherent) if inherent else None), rest


def _alias_base(name: str) -> str:
    """The alias name MLIR numbered from: `extern1` → `extern`."""
    return name.rstrip("0123456789") or name


# ---------------------------------------------------------------------------
# Entry points


def parse_source(source: SourceFile, ctx: Context) -> Operation:
    """Parse a whole buffer and return its top-level `builtin.module`."""
    return parse_module(source, ctx).op


def parse_module(source: SourceFile, ctx: Context) -> ParsedModule:
    """Parse a whole buffer; also returns its resource section."""
    return Parser(source, ctx).parse_module()


def _parse_fragment(text: str, fn: Callable[[Parser], object], ctx: Context | None) -> object:
    p = Parser(SourceFile("<string>", text), ctx or Context(allow_unregistered_dialects=True))
    result = fn(p)
    if p.skip_ws() != len(text):
        p.wrong_token("unexpected trailing characters")
    return result


def parse_type(text: str, ctx: Context | None = None) -> Type:
    """Parse a type from a string (e.g. `tensor<4xf32>`)."""
    result = _parse_fragment(text, Parser.parse_type, ctx)
    assert isinstance(result, Type)
    return result


def parse_attribute(text: str, ctx: Context | None = None) -> Attribute:
    """Parse an attribute from a string (e.g. `dense<1> : tensor<2xi32>`)."""
    result = _parse_fragment(text, Parser.parse_attribute, ctx)
    assert isinstance(result, Attribute)
    return result


def block_arguments(block: Block) -> list[BlockArgument]:
    """The arguments of a block (a convenience for generated code)."""
    return block.args
