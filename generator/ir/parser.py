"""The IR parser: operations, regions, blocks, SSA names and the module's top level.

`Parser` reads a source buffer into a module: the generic op form and, through the
op classes' `parse` methods, custom forms, for which it is the `AsmParser`
(`generator.ir.opasm`). It is the top of a stack of layers, as MLIR's and xDSL's
parsers are split: `lexer` (blanks, tokens, errors), `type_parser` (types),
`loc_parser` (locations and affine syntax) and `attr_parser` (attributes), each
subclassing the one below.

Name resolution follows MLIR's parser: value names are visible in nested regions,
uses before definitions become placeholders resolved when the definition comes
(unresolved ones are reported at the end, sorted), and block names are scoped to
their region.
"""

from __future__ import annotations

import functools
import re
from array import array
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NoReturn

from generator.ir.attr_parser import (
    _EMPTY_DICT,
    AttrParser,
)
from generator.ir.attr_type_base import (
    DialectAttr,
    DialectType,
    EnumAttr,
    ParametricAttr,
    ParametricType,
    parse_int_param,
)
from generator.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    LocationAttr,
    OpaqueAttr,
    StringAttr,
    SymbolRefAttr,
    wrap_integer,
)
from generator.ir.context import Context
from generator.ir.core import Block, BlockArgument, Location, Operation, OpResult, Region, Value
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity
from generator.ir.lexer import (
    _ALIAS_NAME,
    _BARE_ID,
    _HEX_DIGITS,
    _INT_TOKEN,
    _SIGNED_INT,
    _SIMPLE_STRING,
    _SUFFIX_ID,
)
from generator.ir.loc_parser import _PendingLoc
from generator.ir.module import ParsedModule, ResourceBlob
from generator.ir.nesting import MAX_REGION_DEPTH
from generator.ir.opasm import ParserState, SourcePos, UnresolvedOperand
from generator.ir.properties import adopt_properties
from generator.ir.source import SourceFile, SourceLoc
from generator.ir.traits import IsTerminator
from generator.ir.type_utilities import is_typed_attr
from generator.ir.types import (
    FunctionType,
    IntegerType,
    OpaqueType,
    Type,
)

__all__ = ["Parser", "UnresolvedOperand", "parse_attribute", "parse_source", "parse_type"]

# A function type made only of keyword types, e.g. `(i32, i32) -> i32`; the text is
# a cache key for the parsed type (see `Parser.parse_op_type`).
_SIMPLE_FN_TYPE = re.compile(r"\([a-z0-9, ]*\) -> (?:[a-z0-9]+(?![\w<.])|\([a-z0-9, ]*\))")
_VALUE_USE = re.compile(r"%([0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)(?:#([0-9]+))?")
_VALUE_DEF = re.compile(r"%([0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)(?::([0-9]+))?")
_BLOCK_ID = re.compile(r"\^([0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)")
#: The start of a `builtin.module` op, in the custom or the generic form.
_TOP_MODULE = re.compile(r'"builtin\.module"|(?:builtin\.)?module(?![A-Za-z0-9_$.])')

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

#: The inherent attributes of `builtin.module`.
_MODULE_INHERENT = ("sym_name", "sym_visibility")


#: How far past the numbered names defined so far a new number may be and still be
#: kept in the list (a larger jump would make it mostly empty).
_NUMBERED_GAP = 4096


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


class Parser(AttrParser):
    """Parses one source buffer into a module.

    Custom forms see it as an `AsmParser` (`generator.ir.opasm`): the methods of that
    protocol are the API they use; the rest of the class and its state are internal.
    """

    def __init__(self, source: SourceFile, ctx: Context) -> None:
        super().__init__(source, ctx)
        # name -> its value (or tuple of values for a result group), scoped by
        # `def_stack`, since names stay visible in nested regions. Keys are
        # `_value_key(name)`. Numbered names (`%0`, `%1`, ...), which MLIR prints
        # densely, are kept in a list indexed by number, and the numbers each region
        # defined in an array: 16 bytes a name where a dictionary entry and its int
        # key take about 90, over every name of a big function. Other names, and
        # numbers far beyond the list, are kept in the dictionary.
        self.values: dict[str | int, Value | tuple[Value, ...]] = {}
        self.numbered: list[Value | tuple[Value, ...] | None] = []
        self.def_stack: list[list[str | int]] = [[]]
        self.numbered_stack: list[array[int]] = [array("q")]
        # (name, index) -> placeholder
        self.forward_refs: dict[tuple[str | int, int], _ForwardRef] = {}
        self.block_scopes: list[dict[str, tuple[Block, int | None]]] = []
        self.block_forward: list[dict[str, int]] = []
        self.resources: dict[str, dict[str, ResourceBlob]] = {}
        # Memoized op types keyed by source text; only valid within one buffer,
        # because alias names may mean different things in different files.
        self.type_cache: dict[str, Type] = {}
        self.op_names: dict[str, str] = {}
        #: Ops and block arguments whose location is a `_PendingLoc`.
        self.pending_locs: list[Operation | BlockArgument] = []
        #: Dialects whose prefix op names may leave out, innermost last: an op's
        #: regions use its `DEFAULT_DIALECT`, the top level `builtin`.
        self.default_dialects: list[str] = ["builtin"]
        self.custom_op = None
        #: Where that op's name starts (MLIR's `getNameLoc`).
        self.custom_op_pos = 0
        #: How many results the text names before the custom op being read.
        self.custom_op_results = 0
        self._named_results = 0
        #: How many value scopes may be open: two for the top level and one for each
        #: enclosing region (see `push_region_scope`).
        self.max_scopes = MAX_REGION_DEPTH + 2

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
            # The body of a top-level module is level 0 of region nesting, as the top
            # level is when the module is left implicit (mlir-opt then prints it).
            is_module = _TOP_MODULE.match(text, pos) is not None
            self.max_scopes = MAX_REGION_DEPTH + (3 if is_module else 2)
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
                body._link_last(op)
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
        name = m.group()
        kind = "attribute" if sigil == "#" else "type"
        # MLIR's order: a redefinition, a dotted name, then the missing `=` (at the
        # top level, `#name` and `!name` can only start an alias definition).
        if name in (self.attr_aliases if sigil == "#" else self.type_aliases):
            self.error_at(start, f"redefinition of {kind} alias id '{name}'")
        if "." in name:
            self.error_at(start, f"{kind} names with a '.' are reserved for dialect-defined names")
        self.pos = m.end()
        if not self.consume_if("="):
            self.wrong_token(f"expected '=' in {kind} alias definition")
        # How deeply the definition nests counts wherever the alias is used.
        self.peak = 0
        if sigil == "#":
            attr = self.parse_attribute()
            if self.peak:
                self.attr_alias_depths[name] = self.peak
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
            type_ = self.parse_type()
            if self.peak:
                self.type_alias_depths[name] = self.peak
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
            # The first four bytes are the blob's alignment, little-endian; MLIR
            # rejects a blob without them or with an alignment no power of 2
            # (zero passes its check).
            if len(blob) < 10:
                self.error_at(
                    vpos,
                    f"expected hex string blob for key '{key}' to encode alignment in first 4 bytes",
                )
            alignment = int.from_bytes(bytes.fromhex(blob[2:10]), "little")
            if alignment & (alignment - 1):
                self.error_at(
                    vpos,
                    f"expected hex string blob for key '{key}' to encode alignment in first "
                    f"4 bytes, but got non-power-of-2 value: {alignment}",
                )
            entries[key] = ResourceBlob(key, blob, None)

        self.parse_resource_dict(entry)

    # -- scopes ----------------------------------------------------------------

    def push_region_scope(self) -> int:
        """Enter a region (just past its `{`): a new scope for value definitions and
        block names."""
        if len(self.def_stack) >= self.max_scopes:
            self.error_at(self.pos - 1, f"regions nest more than {MAX_REGION_DEPTH} levels deep")
        self.def_stack.append([])
        self.numbered_stack.append(array("q"))
        self.block_scopes.append({})
        self.block_forward.append({})
        return len(self.def_stack)

    def pop_region_scope(self) -> None:
        """Leave a region: its value names go out of scope; undefined blocks are errors."""
        names = self.def_stack.pop()
        values = self.values
        for name in names:
            del values[name]
        numbered = self.numbered
        for number in self.numbered_stack.pop():
            numbered[number] = None
        self.block_scopes.pop()
        forward = self.block_forward.pop()
        if forward:
            # As MLIR: one error per undefined block, at its first use, in order.
            raise DiagnosticError(
                [
                    Diagnostic(
                        Severity.ERROR, self.source.loc(o), "reference to an undefined block"
                    )
                    for o in sorted(forward.values())
                ]
            )

    def lookup_value(self, key: str | int) -> Value | tuple[Value, ...] | None:
        """The value or result group bound to the name with this `_value_key`, if any."""
        if isinstance(key, int):
            numbered = self.numbered
            if key < len(numbered):
                entry = numbered[key]
                if entry is not None:
                    return entry
        return self.values.get(key) if self.values else None

    def define_values(self, name: str, group: Sequence[Value], offset: int) -> None:
        """Bind a result group or block argument to `%name`, resolving forward uses."""
        key = _value_key(name)
        prior = self.lookup_value(key)
        if prior is not None:
            self.error_at(
                offset,
                f"redefinition of SSA value '%{name}'",
                [(self.definition_offset(name, prior), "previously defined here")],
            )
        # A single value is stored as itself: most groups have one value, and this
        # table holds every name of a function body while it is parsed.
        entry = group[0] if len(group) == 1 else tuple(group)
        if isinstance(key, int):
            numbered = self.numbered
            count = len(numbered)
            if key < count + _NUMBERED_GAP:
                if key >= count:
                    numbered.extend([None] * (key + 1 - count))
                numbered[key] = entry
                self.numbered_stack[-1].append(key)
                key = -1
        if key != -1:
            self.values[key] = entry
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
        entry = self.lookup_value(_value_key(name))
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
            self._named_results = sum(n for _, n, _ in result_names)
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
        # Just made, so in no block and holding none: linked without the checks.
        block._link_last(op)
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
        op.init_state(name, operands, fn.results, properties, attributes, successors, regions, loc)
        if loc is None:
            # MLIR locates an op at its name, after any `%results =`.
            op.set_source_position(self.source, name_pos)
        elif pending:
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
        outer_results = self.custom_op_results
        self.custom_op, self.custom_op_pos = name, name_pos
        self.custom_op_results, self._named_results = self._named_results, 0
        try:
            op = op_class.parse(self, SourcePos(name_pos))
        finally:
            self.default_dialects.pop()
            self.custom_op, self.custom_op_pos = outer, outer_pos
            self.custom_op_results = outer_results
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
        if names is not None and any(k not in names for k in props):
            # A name the op does not declare is not inherent, however the parser gave
            # it (`parse_function_op`'s `sym_visibility`): as in MLIR's
            # `OperationState`, it stays a discardable attribute.
            extra = [(k, v) for k, v in props.items() if k not in names]
            props = {k: v for k, v in props.items() if k in names}
            given = {k for k, _ in attributes.entries}
            attributes = DictionaryAttr.get(
                (*attributes.entries, *[(k, v) for k, v in extra if k not in given])
            )
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
        op.init_state(
            name,
            operands,
            result_types,
            DictionaryAttr.get(props) if props and not slots else None,
            attributes,
            successors,
            regions,
            None,
        )
        op.set_source_position(self.source, name_pos)
        for key, slot in slots.items():
            setattr(op, slot, props.get(key))
        return op

    def op_error(self, pos: int, message: str) -> NoReturn:
        """Report an error of the custom parser at offset `pos`.

        As with MLIR's `OpAsmParser::emitError`, the message starts with
        `custom op 'name'`; errors of the lexer and of nested ops do not.
        """
        if pos == self.skip_ws_from(self.pos):
            # About the next token: a malformed one is the lexer's error instead.
            self.raise_lexer_error(pos)
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

    def num_results(self) -> int:
        """How many results the text names for the op whose custom parser is running."""
        return self.custom_op_results

    def save_state(self) -> ParserState:
        """The current offset, to go back to with `restore_state`."""
        return ParserState(self.pos)

    def restore_state(self, state: ParserState) -> None:
        """Go back to an offset `save_state` gave."""
        self.pos = state

    def parse_argument(self) -> UnresolvedOperand:
        """Parse `%name` naming a region argument: `%name#N` is an error there,
        reported at the `#` as MLIR's `parseArgument` does."""
        pos = self.skip_ws()
        use = self.parse_operand()
        hash_pos = pos + 1 + len(use[0])
        if use[1] != 0 or self.text.startswith("#", hash_pos):
            self.error_at(hash_pos, "result number not allowed in argument list")
        return use

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

    def parse_optional_keyword(self) -> str | None:
        """Parse any bare keyword if one comes next."""
        pos = self.skip_ws()
        m = _BARE_ID.match(self.text, pos)
        if m is None:
            return None
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
        if issubclass(attr_class, EnumAttr) and not attr_class.BRACKETED:
            # `slt` of `index.cmp slt(%a, %b)`: the case alone.
            cases, after = attr_class.parse_cases(text, pos, len(text))
            if isinstance(cases, tuple):
                self.op_error(cases[0], cases[1])
            self.pos = after
            return cases
        if issubclass(attr_class, ParametricAttr):
            # Read in place, as the class's `parse` reads after the mnemonic.
            return attr_class.parse(self)
        if not text.startswith("<", pos):
            self.wrong_token("expected '<'")
        end = self.scan_balanced(pos)
        parsed = attr_class.parse_body(text[pos:end])
        if isinstance(parsed, tuple):
            offset, message = parsed
            if message == "expected '>'":
                # MLIR's own check of the closing bracket, not the attribute's parser.
                self.error_at(pos + offset, message)
            self.op_error(pos + offset, message)
        self.pos = end
        return parsed

    def parse_custom_type(self, type_class: type[Type]) -> Type:
        """Parse a dialect type of `type_class` without its `!dialect.mnemonic` prefix
        (`<f32>`), or any type in full that is one (MLIR's `parseCustomTypeWithFallback`).
        A type without parameters has no short form: it is written in full."""
        pos = self.skip_ws()
        if self.text.startswith("!", pos) or not issubclass(type_class, ParametricType):
            parsed = self.parse_type()
            if not isinstance(parsed, type_class):
                message = "invalid kind of type specified"
                if issubclass(type_class, (ParametricType, DialectType)):
                    name = f"{type_class.DIALECT}.{type_class.MNEMONIC}"
                    message += f": expected {name}, but found '{parsed}'"
                self.op_error(pos, message)
            return parsed
        return type_class.parse(self)

    def parse_dimension_list(self, allow_dynamic: bool = True) -> list[int]:
        """Read `4x?x` up to the element type (MLIR's `parseDimensionList`)."""
        dims, _ = self.parse_dimensions(allow_dynamic, False)
        pos = self.skip_ws()
        if not allow_dynamic and self.text.startswith("?", pos):
            self.error_at(pos, "expected static shape")
        return list(dims)

    def dialect_type(self, dialect: str, mnemonic: str) -> Type:
        """The type `!dialect.mnemonic` without parameters, from the context's dialect
        (loaded on first use); an opaque type when no loaded dialect defines it, which
        the op's constraint then rejects."""
        registered = self.ctx.lookup_type(dialect, mnemonic)
        if registered is None:
            self.ctx.ensure_dialect(dialect)
            registered = self.ctx.lookup_type(dialect, mnemonic)
        if registered is not None and issubclass(registered, DialectType):
            return registered.get()
        return OpaqueType.get(dialect, mnemonic)

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
        for (name, number, apos), atype, aloc in arguments:
            # MLIR's `getReferenceLoc`: a name the enclosing scope already defines, or
            # that a use refers to ahead of its definition (a bound of the loop naming
            # its own induction variable, a later loop's), is not a new argument.
            key = _value_key(name)
            prior = self.lookup_value(key)
            ref = self.forward_refs.get((key, number))
            if prior is not None or ref is not None:
                where = self.definition_offset(name, prior) if prior is not None else None
                self.error_at(
                    apos,
                    f"region entry argument '%{name}' is already in use",
                    [(ref.loc if ref is not None else where or 0, "previously referenced here")],
                )
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

    def parse_optional_integer(self) -> int | None:
        """Parse an integer if one comes next, as MLIR's `parseOptionalInteger`: decimal
        or hexadecimal, possibly negative (`-` then an integer token, or `expected
        integer value`), or `true`/`false` for 1 and 0."""
        pos = self.skip_ws()
        text = self.text
        if self.consume_keyword("true"):
            return 1
        if self.consume_keyword("false"):
            return 0
        negative = text.startswith("-", pos) and not text.startswith("->", pos)
        start = pos
        if negative:
            self.pos = pos + 1
            start = self.skip_ws()
        m = _INT_TOKEN.match(text, start)
        if m is None or "." in m.group():
            if negative:
                self.wrong_token("expected integer value")
            self.pos = pos
            return None
        self.pos = m.end()
        spelled = m.group()
        value = int(spelled, 16) if spelled.startswith("0x") else int(spelled)
        return -value if negative else value

    def parse_integer_token(self) -> int:
        """Parse a decimal integer not followed by `.`, which would make it a float."""
        pos = self.skip_ws()
        value = self.parse_integer()
        if self.text.startswith(".", self.pos):
            self.op_error(pos, "expected integer value")
        return value

    def parse_float(self) -> float:
        """Parse a float literal as MLIR's `parseFloat(double &)`: an optional `-`, then
        a decimal literal with a `.` or the hexadecimal bits of an f64."""
        pos = self.skip_ws()
        text = self.text
        negative = text.startswith("-", pos) and not text.startswith("->", pos)
        start = pos
        if negative:
            self.pos = pos + 1
            start = self.skip_ws()
        m = _INT_TOKEN.match(text, start)
        if m is None:
            self.error_at(start, "expected floating point literal")
        spelled = m.group()
        if "." in spelled:
            self.pos = m.end()
            value = float(spelled)
            return -value if negative else value
        from generator.ir import floats

        try:
            bits = floats.parse_hex_float(floats.FLOAT_FORMATS["f64"], spelled, negative=negative)
        except floats.FloatLiteralError as e:
            self.error_at(start, e.message, [(start, e.note)] if e.note else [])
        self.pos = m.end()
        return floats.float_bits_to_python(floats.FLOAT_FORMATS["f64"], bits)

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
        # MLIR reads an integer element as a C++ integer of the element's width
        # (hexadecimal, `true` and `integer value too large` included).
        width = element_type.width if isinstance(element_type, IntegerType) else 0
        if not self.consume_if("]"):
            while True:
                if width > 1:
                    values.append(wrap_integer(parse_int_param(self, width, True), element_type))
                else:
                    vpos = self.skip_ws()
                    m = _SIGNED_INT.match(self.text, vpos)
                    if m is None:
                        self.op_error(vpos, "expected integer value")
                    self.pos = m.end()
                    values.append(int(m.group()))
                if self.consume_if("]"):
                    break
                # MLIR's comma-separated list in square brackets.
                self.expect(",", "expected ']'")
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

    def set_op_location(self, op: Operation, loc: Location | None) -> None:
        """Give `op` the location `loc`, patched later if it names an alias not yet defined."""
        op.loc = loc
        if isinstance(loc, _PendingLoc):
            self.pending_locs.append(op)


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


def parse_source(source: SourceFile, ctx: Context) -> Operation:
    """Parse a whole buffer and return its top-level `builtin.module`."""
    return parse_module(source, ctx).op


def parse_module(source: SourceFile, ctx: Context) -> ParsedModule:
    """Parse a whole buffer; also returns its resource section."""
    parser = Parser(source, ctx)
    try:
        return parser.parse_module()
    except RecursionError:
        _too_deep_for_stack(parser)


def _parse_fragment(text: str, fn: Callable[[Parser], object], ctx: Context | None) -> object:
    p = Parser(SourceFile("<string>", text), ctx or Context(allow_unregistered_dialects=True))
    try:
        result = fn(p)
    except RecursionError:
        _too_deep_for_stack(p)
    if p.skip_ws() != len(text):
        p.wrong_token("unexpected trailing characters")
    return result


def _too_deep_for_stack(parser: Parser) -> NoReturn:
    """Report input that nests within the limits, but deeper than the recursion limit
    of the stack parsing it allows, where the parser ran out of stack."""
    parser.error_at(
        min(parser.pos, max(len(parser.text) - 1, 0)),
        "input nests too deeply for the recursion limit; parse it on a deep stack "
        "(generator.ir.call_with_deep_stack)",
    )


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
