"""The API of custom assembly forms: `AsmParser` and `AsmPrinter`.

After MLIR's `OpAsmParser`/`OpAsmPrinter` (and xDSL's split of its parser): these
two protocols declare everything a custom form may do, and nothing else. Generated
`parse`/`print` methods, the `parse`/`print_params` of dialect types and attributes,
the hooks written in op specs (`parser`, `printer`, `custom<...>` directives) and the
custom forms several dialects share (in `generator.ir.dialects`) take
`p: AsmParser` or `p: AsmPrinter`, so `mypy --strict` proves they use only this API.
The concrete `Parser` and `Printer` implement the protocols; their other methods and
state (the source text, the current offset, the output list, the value tables) are
theirs alone.

Positions are opaque: `current_pos()` gives a `SourcePos`, which the error methods,
`create_op` and `loc_at` take back; a hook cannot make one from a number. Going back
to an earlier point of the input goes through `save_state()` and `restore_state()`.
`docs/asm-api.md` describes the API with an example; a test keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NewType, NoReturn, Protocol

if TYPE_CHECKING:
    from generator.ir.affine import AffineExpr, AffineMap
    from generator.ir.attr_type_base import DialectAttr
    from generator.ir.attributes import Attribute, DictionaryAttr, LocationAttr, StringAttr
    from generator.ir.core import Block, Location, Operation, Region, Value
    from generator.ir.source import SourceLoc
    from generator.ir.types import FunctionType, Type

__all__ = ["AsmParser", "AsmPrinter", "ParserState", "SourcePos", "UnresolvedOperand"]

#: A position in the input, from `AsmParser.current_pos` (MLIR's `SMLoc`).
SourcePos = NewType("SourcePos", int)
#: A point of the input to go back to, from `AsmParser.save_state`.
ParserState = NewType("ParserState", int)

#: An operand as a custom parser reads it, before its type is known: (name, result
#: number, where the use starts). `resolve_operand` turns it into a `Value`.
UnresolvedOperand = tuple[str, int, int]


class AsmParser(Protocol):
    """What a custom parser reads the input with (MLIR's `OpAsmParser`).

    Every `parse_*` method skips blanks and comments first. A `parse_optional_*`
    method returns None (or an empty value) when its construct does not come next and
    consumes nothing then; the others report an error in MLIR's words when it does not.
    Errors are raised as `DiagnosticError`; a custom parser does not catch them except
    to add to their diagnostics.
    """

    # -- punctuation and keywords ---------------------------------------------------

    def peek(self) -> str:
        """The next character after blanks and comments ('' at the end); consumes nothing."""
        ...

    def next_is(self, literal: str) -> bool:
        """Whether `literal` comes next (after blanks and comments); consumes nothing."""
        ...

    def consume_if(self, literal: str) -> bool:
        """Consume `literal` (punctuation such as `,` or `->`) if it comes next."""
        ...

    def expect(self, literal: str, message: str | None = None) -> None:
        """Consume `literal`, or report `message` (default `expected '<literal>'`)."""
        ...

    def consume_keyword(self, word: str) -> bool:
        """Consume the bare keyword `word` if it comes next, not as the start of a longer
        identifier (MLIR's `parseOptionalKeyword(word)`)."""
        ...

    def expect_keyword(self, word: str) -> None:
        """Consume the keyword `word`, or report `expected 'word'` (MLIR's `parseKeyword`)."""
        ...

    def parse_keyword(self, message: str = "expected valid keyword") -> str:
        """Read any bare keyword and return it; report `message` if none comes next."""
        ...

    def parse_optional_keyword(self) -> str | None:
        """Read any bare keyword if one comes next, and return it (MLIR's
        `parseOptionalKeyword(StringRef *)`)."""
        ...

    def parse_optional_keyword_of(self, words: Collection[str]) -> str | None:
        """Read a bare keyword if it is one of `words`, and return it."""
        ...

    def parse_integer(self) -> int:
        """Read a decimal integer, possibly negative (`expected integer value` otherwise)."""
        ...

    def parse_optional_integer(self) -> int | None:
        """Read an integer if one comes next, as MLIR's `parseOptionalInteger`: decimal or
        hexadecimal (`0x1F`), possibly negative, or `true`/`false` for 1 and 0."""
        ...

    def parse_integer_token(self) -> int:
        """Read a decimal integer that is a whole token: `4.5` is reported as `expected
        integer value` at its start, as MLIR's lexer reads a float there."""
        ...

    def parse_string_literal(self) -> str:
        """Read a string literal `"..."` and return its value, escapes decoded."""
        ...

    def parse_float(self) -> float:
        """Read a float literal as MLIR's `parseFloat(double &)`: an optional `-`, then a
        decimal literal with a `.` or the hexadecimal bits of an f64 (`0x3FF0000000000000`);
        a decimal integer and a negated hexadecimal literal are errors in MLIR's words."""
        ...

    # -- positions, backtracking and errors -----------------------------------------

    def current_pos(self) -> SourcePos:
        """Where the next token starts (MLIR's `getCurrentLocation`)."""
        ...

    def op_name(self) -> str:
        """The full name of the op whose custom form is being read (`dialect.op`)."""
        ...

    def op_name_pos(self) -> SourcePos:
        """Where that op's name starts (MLIR's `getNameLoc`), the `name_pos` its
        `parse` method was given."""
        ...

    def num_results(self) -> int:
        """How many results the text names for that op (`%a, %b:2 = ` names 3), 0
        when it names none (MLIR's `getNumResults`)."""
        ...

    def save_state(self) -> ParserState:
        """The current point of the input, to go back to with `restore_state`."""
        ...

    def restore_state(self, state: ParserState) -> None:
        """Go back to a point saved by `save_state`, to read the input another way.

        Only the reading position goes back: values defined and ops built since stay.
        """
        ...

    def loc_at(self, pos: SourcePos) -> SourceLoc:
        """The location of `pos`, for an op a custom parser builds itself."""
        ...

    def error_at(
        self, pos: SourcePos, message: str, notes: Sequence[tuple[SourcePos, str]] = ()
    ) -> NoReturn:
        """Report `message` at `pos`, with notes at their positions."""
        ...

    def op_error(self, pos: SourcePos, message: str) -> NoReturn:
        """Report an error of the op's custom form at `pos`: the message is prefixed with
        `custom op 'name'`, as MLIR's `OpAsmParser::emitError` does."""
        ...

    def op_error_at_token(self, message: str) -> NoReturn:
        """`op_error` at the start of the next token."""
        ...

    def wrong_token(self, message: str) -> NoReturn:
        """Report an unexpected next token, without the op prefix; a token at the start
        of a line is reported at the end of the previous one, as MLIR does."""
        ...

    # -- operands -----------------------------------------------------------------------

    def parse_operand(self) -> UnresolvedOperand:
        """Read a use `%name` or `%name#N`; `resolve_operand` gives it its type."""
        ...

    def parse_optional_operand(self) -> UnresolvedOperand | None:
        """Read a use if `%` comes next."""
        ...

    def parse_operand_list(self) -> list[UnresolvedOperand]:
        """Read zero or more comma-separated uses."""
        ...

    def parse_argument(self) -> UnresolvedOperand:
        """Read `%name` that names a region argument (`%name#N` is an error there),
        for `parse_custom_region`'s `arguments` (MLIR's `parseArgument`)."""
        ...

    def resolve_operand(self, use: UnresolvedOperand, type_: Type) -> Value:
        """The value a use names, which must have type `type_`; a use before the value's
        definition gives a placeholder resolved when the definition comes."""
        ...

    def resolve_operands(
        self, uses: Sequence[UnresolvedOperand], types: Sequence[Type], pos: SourcePos
    ) -> list[Value]:
        """Resolve uses with one type each; a count mismatch is reported at `pos`."""
        ...

    # -- types ----------------------------------------------------------------------------

    def parse_type(self) -> Type:
        """Read a type, a function type included."""
        ...

    def parse_non_function_type(self) -> Type:
        """Read a type that is not a function type (a `(` starts no type here)."""
        ...

    def parse_type_of(self, kind: type[Type] | tuple[type[Type], ...], name: str = "") -> Type:
        """Read a type that must be a `kind` (MLIR's `parseType<T>`); `name` is the IR
        name of that class (`builtin.tensor`), which the error message quotes."""
        ...

    def parse_colon_type(self) -> Type:
        """Read `: type`."""
        ...

    def parse_dimension_list(self, allow_dynamic: bool = True) -> list[int]:
        """Read the dimensions of a shape, each followed by `x` (`4x?x`), up to its
        element type; `?` is `DYNAMIC`, or with `allow_dynamic` False the error
        `expected static shape` (MLIR's `parseDimensionList`)."""
        ...

    def parse_type_list(self) -> list[Type]:
        """Read one or more comma-separated types."""
        ...

    def parse_optional_type_list(self) -> list[Type]:
        """Read zero or more comma-separated types (none when no type starts next)."""
        ...

    def parse_arrow_type_list(self) -> list[Type]:
        """Read `-> type` or `-> (type, ...)`."""
        ...

    def parse_functional_type(self) -> FunctionType:
        """Read a function type `(inputs) -> results`."""
        ...

    # -- attributes ---------------------------------------------------------------------

    def parse_attribute(self, type_: Type | None = None) -> Attribute:
        """Read an attribute; `type_` is the type the syntax implies for a bare number."""
        ...

    def parse_attribute_of(
        self, attr_class: type[Attribute], type_: Type | None = None
    ) -> Attribute:
        """Read an attribute that must be an `attr_class` (`invalid kind of attribute
        specified` otherwise); `type_` as for `parse_attribute`."""
        ...

    def parse_typed_attribute(self) -> Attribute:
        """Read an attribute that has a type (MLIR's `TypedAttr`: `invalid kind of
        attribute specified` otherwise)."""
        ...

    def parse_custom_attr(self, attr_class: type[DialectAttr]) -> Attribute:
        """Read a dialect attribute without its `#dialect.mnemonic` prefix (`<nsw>`), or
        in full (MLIR's `parseCustomAttributeWithFallback`)."""
        ...

    def parse_custom_type(self, type_class: type[Type]) -> Type:
        """Read a dialect type of `type_class` without its `!dialect.mnemonic` prefix
        (`<f32>`), or any type written in full that is one (MLIR's
        `parseCustomTypeWithFallback`); a type with no parameters is written in full."""
        ...

    def dialect_type(self, dialect: str, mnemonic: str) -> Type:
        """The type `!dialect.mnemonic` of a dialect type without parameters, as the
        context knows it (loading the dialect if need be): another dialect's type that
        a syntax leaves out (`!pdl.operation` in `pdl_interp`). Reads nothing."""
        ...

    def parse_dense_array_body(self, element_type: Type) -> Attribute:
        """Read `[1, 2]`, a dense array written without `array<type: ...>`."""
        ...

    def parse_optional_attr_dict(self) -> DictionaryAttr:
        """Read `{...}` if it comes next; the empty dictionary otherwise."""
        ...

    def parse_optional_attr_dict_with_keyword(self) -> DictionaryAttr:
        """Read `attributes {...}` if it comes next; the empty dictionary otherwise."""
        ...

    def parse_optional_prop_dict(self) -> DictionaryAttr:
        """Read `<{...}>`, the properties of a `prop-dict`, if it comes next."""
        ...

    def parse_symbol_name_attr(self) -> StringAttr:
        """Read `@name` as the string attribute of a symbol's name."""
        ...

    def parse_optional_symbol_name_attr(self) -> StringAttr | None:
        """Read `@name` if it comes next."""
        ...

    def parse_enum_keyword(self, cases: Mapping[str, int], attr_name: str) -> int:
        """Read an enum case written as a keyword or a string and return its value;
        `cases` maps spellings to values, `attr_name` names the attribute in errors."""
        ...

    def parse_optional_enum_keyword(self, cases: Mapping[str, int], attr_name: str) -> int | None:
        """Read an enum case if a keyword among `cases` or a string comes next."""
        ...

    def parse_affine_map_of_ssa_ids(
        self, delimiters: str = "[]"
    ) -> tuple[AffineMap, list[UnresolvedOperand]]:
        """Read `[%i + 1, symbol(%n)]` (`(...)` given `delimiters="()"`): the map, and the
        uses standing for its dims and then its symbols (MLIR's `parseAffineMapOfSSAIds`)."""
        ...

    def parse_affine_expr_of_ssa_ids(
        self,
    ) -> tuple[AffineExpr, list[UnresolvedOperand], list[UnresolvedOperand]]:
        """Read one expression `%i + symbol(%n)`: the expression, and the uses standing
        for its dims and for its symbols (MLIR's `parseAffineExprOfSSAIds`)."""
        ...

    def parse_affine_map(self) -> AffineMap:
        """Read a bare affine map `(d0, d1) -> (d1, d0)` (MLIR's `parseAffineMap`)."""
        ...

    # -- regions and successors -----------------------------------------------------------

    def parse_region(self, region: Region) -> None:
        """Read `{ blocks }` into `region`."""
        ...

    def parse_optional_region(self, region: Region) -> bool:
        """Read a region if `{` comes next; whether one did."""
        ...

    def parse_region_list(self) -> list[Region]:
        """Read zero or more comma-separated regions."""
        ...

    def parse_custom_region(
        self,
        region: Region,
        arguments: Sequence[tuple[UnresolvedOperand, Type, Location | None]] = (),
    ) -> None:
        """Read `{ blocks }` whose entry block's arguments the op's syntax gave before it:
        (name, type, location or None for the name's position) each."""
        ...

    def ensure_terminator(
        self, region: Region, terminator: type[Operation], pos: SourcePos
    ) -> None:
        """Give `region` a block if it has none, and end its last block with a
        `terminator` op built at `pos` unless it ends in one (MLIR's `ensureTerminator`)."""
        ...

    def parse_successor(self) -> Block:
        """Read a block name `^bb`."""
        ...

    def parse_optional_successor(self) -> Block | None:
        """Read a block name if `^` comes next."""
        ...

    def parse_successor_list(self) -> list[Block]:
        """Read zero or more comma-separated block names."""
        ...

    # -- operations and locations ---------------------------------------------------------

    def parse_operation(self, block: Block) -> Operation:
        """Read a whole op, generic or custom, and append it to `block`."""
        ...

    def create_op(
        self,
        op_class: type[Operation],
        name_pos: SourcePos,
        operands: Sequence[Value],
        result_types: Sequence[Type],
        *,
        properties: Sequence[tuple[str, Attribute | None]] = (),
        attributes: DictionaryAttr = ...,
        attr_dict_pos: SourcePos = ...,
        successors: Sequence[Block] = (),
        regions: Sequence[Region] = (),
        name: str | None = None,
    ) -> Operation:
        """Build the op a custom parser read, as MLIR's `OperationState` does.

        Properties given as None stay unset; inherent attributes written in the
        attribute dictionary (read at `attr_dict_pos`) are checked and become
        properties; unset properties with a default get it. The op is located at
        `name_pos`. `name` is the op's name when `op_class` is a dialect's fallback
        class for ops it does not define.
        """
        ...

    def parse_trailing_loc(self) -> LocationAttr:
        """Read `loc(...)`; an alias defined further down the file is resolved at its end,
        for the op or argument the location is given to by `create_op`,
        `parse_custom_region` or `set_op_location`."""
        ...

    def parse_optional_trailing_loc(self) -> LocationAttr | None:
        """Read `loc(...)` if the keyword `loc` comes next."""
        ...

    def set_op_location(self, op: Operation, loc: Location | None) -> None:
        """Give `op` the location `loc` (one from `parse_trailing_loc` may name an alias
        defined further down, which is patched in when the file has been read)."""
        ...


class AsmPrinter(Protocol):
    """What a custom printer writes the output with (MLIR's `OpAsmPrinter`).

    `print` methods append text with `write`; the other methods return the text of a
    piece (a value's name, a type, an attribute) to build that text from, or append
    a region themselves. The op's name and results are written before `print` runs,
    its location and newline after.
    """

    #: Append text to the output (the output list's `append`: as cheap as it gets).
    write: Callable[[str], None]

    @property
    def indent(self) -> int:
        """The indentation of the op being printed, in spaces."""
        ...

    @property
    def debuginfo(self) -> bool:
        """Whether locations are printed (`--mlir-print-debuginfo`)."""
        ...

    def newline(self) -> str:
        """A line break followed by the indentation of the op being printed."""
        ...

    def operand(self, value: Value) -> str:
        """The name of a value (`%x`, `%0#1`)."""
        ...

    def operands(self, values: Sequence[Value]) -> str:
        """Comma-separated value names."""
        ...

    def successor(self, block: Block) -> str:
        """The name of a block (`^bb1`)."""
        ...

    def type_text(self, type_: Type) -> str:
        """A type, through its alias if it has one."""
        ...

    def types(self, types: Sequence[Type]) -> str:
        """Comma-separated types."""
        ...

    def functional_type(self, inputs: Sequence[Type], results: Sequence[Type]) -> str:
        """`(inputs) -> results`, the results in parentheses unless there is exactly one."""
        ...

    def arrow_results(self, results: Sequence[Type]) -> str:
        """A result type list after `->`: one type bare, otherwise in parentheses."""
        ...

    def attr_text(self, attr: Attribute) -> str:
        """An attribute, through its alias if it has one."""
        ...

    def attr_without_type(self, attr: Attribute) -> str:
        """An attribute whose type the syntax implies: `42` for `42 : i32`."""
        ...

    def stripped_attr(self, attr: Attribute) -> str:
        """A dialect attribute without its `#dialect.mnemonic` prefix (`<nsw>`)."""
        ...

    def stripped_type(self, type_: Type) -> str:
        """A dialect type with parameters without its `!dialect.mnemonic` prefix
        (`<f32>`); any other type in full (MLIR's `printStrippedAttrOrType`)."""
        ...

    def symbol(self, name: str) -> str:
        """`@name`, quoted when it is not a bare identifier."""
        ...

    def attr_dict(
        self,
        op: Operation,
        elided: Collection[str] = (),
        *,
        with_keyword: bool = False,
        discardable_only: bool = False,
        elide_defaults: bool = False,
    ) -> str:
        """` {...}` (with `with_keyword`, ` attributes {...}`) of the op's attributes not
        in `elided`, or ''. It holds the properties and the discardable attributes;
        `discardable_only` (a format with `prop-dict`) leaves out the properties and
        `elide_defaults` those at their default value."""
        ...

    def prop_dict(self, op: Operation, elided: Collection[str] = ()) -> str:
        """` <{...}>`: the op's properties not in `elided` and not at their default."""
        ...

    def loc_text(self, loc: Location | None, *, allow_alias: bool = True) -> str:
        """`loc(...)` for a location (of a region argument, say); None is `loc(unknown)`."""
        ...

    def needs_terminator(self, region: Region) -> bool:
        """Whether a region of an op with an implicit terminator must print it: it is
        left out unless it has attributes, operands or results."""
        ...

    def print_region(
        self,
        region: Region,
        *,
        entry_args: bool = True,
        terminators: bool = True,
        empty_block: bool = False,
    ) -> None:
        """Append `{ blocks }`, its ops indented under the op. `entry_args` prints the
        entry block's arguments, `terminators` the blocks' terminators and
        `empty_block` an empty entry block's label: the syntax implies what is left out."""
        ...

    def print_regions(self, regions: Sequence[Region]) -> None:
        """Append regions separated by `, ` (the `regions` directive)."""
        ...

    def print_generic_op(self, op: Operation) -> None:
        """Append `op` in the generic form without its results and location (MLIR's
        `printGenericOp`), for an op nested in the custom form being printed."""
        ...
