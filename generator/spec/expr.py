"""The small ODS expression language used inside spec values.

A YAML spec writes constraints, traits and pattern DAGs the way ODS does, as text:
`TensorOf<[F32, I32]>`, `ConfinedAttr<I64Attr, [IntMinValue<0>]>`,
`AllTypesMatch<["lhs", "result"]>`, `(Demo_AddOp $x, (Demo_ZeroOp))`. This module
parses that text into a position-carrying expression tree; giving it meaning is the
business of `constraints.py` and `model.py`. Offsets count characters from the
start of the text, so a caller can turn them into a position in the spec file.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DagArg",
    "DagExpr",
    "Expr",
    "ExprError",
    "IntExpr",
    "ListExpr",
    "NameExpr",
    "StrExpr",
    "VarExpr",
    "parse_dag",
    "parse_expr",
]


class ExprError(Exception):
    """A malformed or meaningless expression; `offset` is where the problem starts."""

    def __init__(self, offset: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class NameExpr:
    """`Name` or `Name<arg, ...>`; `args` is None when there are no angle brackets."""

    name: str
    args: tuple[Expr, ...] | None
    offset: int


@dataclass(frozen=True)
class ListExpr:
    """`[a, b, ...]`."""

    items: tuple[Expr, ...]
    offset: int


@dataclass(frozen=True)
class IntExpr:
    """An integer literal."""

    value: int
    offset: int


@dataclass(frozen=True)
class StrExpr:
    """A double-quoted string literal (escapes `\\"` and `\\\\` are understood)."""

    value: str
    offset: int


@dataclass(frozen=True)
class VarExpr:
    """`$name` in a DAG; `$_` ignores the value."""

    name: str
    offset: int


@dataclass(frozen=True)
class DagArg:
    """One DAG argument: a value, a binding `$name`, or both (`F32Attr:$a`)."""

    value: Expr | None
    bind: str | None
    offset: int


@dataclass(frozen=True)
class DagExpr:
    """`(operator:$bind arg, ...)`."""

    operator: NameExpr
    bind: str | None
    args: tuple[DagArg, ...]
    offset: int


Expr = NameExpr | ListExpr | IntExpr | StrExpr | VarExpr | DagExpr

_PUNCT = "<>[](),:"


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    # -- scanning --------------------------------------------------------------

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise ExprError(self.pos, f"expected '{char}' {what}, got {self.describe()}")
        self.pos += 1

    def describe(self) -> str:
        char = self.peek()
        if not char:
            return "end of text"
        return f"'{char}'"

    def accept(self, char: str) -> bool:
        if self.peek() == char:
            self.pos += 1
            return True
        return False

    def identifier(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and (
            self.text[self.pos].isalnum() or self.text[self.pos] in "_.:"
        ):
            # `::` belongs to qualified names; a single `:` starts a binding.
            if self.text[self.pos] == ":" and not self.text.startswith("::", self.pos):
                break
            if self.text.startswith("::", self.pos):
                self.pos += 2
                continue
            self.pos += 1
        return self.text[start : self.pos]

    # -- grammar ---------------------------------------------------------------

    def expr(self) -> Expr:
        char = self.peek()
        start = self.pos
        if char == "[":
            self.pos += 1
            return ListExpr(self.sequence("]", "to close the list"), start)
        if char == '"':
            return StrExpr(self.string(), start)
        if char == "(":
            return self.dag()
        if char == "$":
            self.pos += 1
            name = self.identifier()
            if not name:
                raise ExprError(self.pos, "expected a name after '$'")
            return VarExpr(name, start)
        if char.isdigit() or (char == "-" and self.text[self.pos + 1 : self.pos + 2].isdigit()):
            self.pos += 1
            while self.pos < len(self.text) and self.text[self.pos].isdigit():
                self.pos += 1
            after = self.text[self.pos : self.pos + 1]
            if not (char != "-" and (after.isalpha() or after == "_")):
                return IntExpr(int(self.text[start : self.pos]), start)
            # A TableGen name may start with digits (`2DTensorOf`).
            self.pos = start
        if char.isalnum() or char == "_":
            name = self.identifier()
            if self.peek() == "<":
                self.pos += 1
                return NameExpr(name, self.sequence(">", "to close the argument list"), start)
            return NameExpr(name, None, start)
        raise ExprError(self.pos, f"expected a name, number, string or list, got {self.describe()}")

    def sequence(self, close: str, what: str) -> tuple[Expr, ...]:
        items: list[Expr] = []
        if self.accept(close):
            return ()
        while True:
            items.append(self.expr())
            if self.accept(close):
                return tuple(items)
            if not self.accept(","):
                raise ExprError(
                    self.pos, f"expected ',' or '{close}' {what}, got {self.describe()}"
                )

    def string(self) -> str:
        start = self.pos
        self.pos += 1
        out: list[str] = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == '"':
                self.pos += 1
                return "".join(out)
            if char == "\\" and self.pos + 1 < len(self.text):
                self.pos += 1
                char = self.text[self.pos]
            out.append(char)
            self.pos += 1
        raise ExprError(start, "unterminated string")

    def binding(self) -> str | None:
        if self.peek() != ":":
            return None
        self.pos += 1
        self.expect("$", "after ':' to name a binding")
        name = self.identifier()
        if not name:
            raise ExprError(self.pos, "expected a name after '$'")
        return name

    def dag(self) -> DagExpr:
        start = self.pos
        self.expect("(", "to open a DAG")
        op_start = self.pos
        self.skip_space()
        op_start = self.pos
        name = self.identifier()
        if not name:
            raise ExprError(self.pos, f"expected an operator name, got {self.describe()}")
        # An operator may take arguments: `(NativeCodeCall<"f($0)"> $x)`.
        self.pos = op_start
        operator = self.expr()
        assert isinstance(operator, NameExpr)
        bind = self.binding()
        args: list[DagArg] = []
        if self.accept(")"):
            return DagExpr(operator, bind, (), start)
        while True:
            self.skip_space()
            arg_start = self.pos
            if self.peek() == "$":
                value = self.expr()
                assert isinstance(value, VarExpr)
                args.append(DagArg(None, value.name, arg_start))
            else:
                args.append(DagArg(self.expr(), self.binding(), arg_start))
            if self.accept(")"):
                return DagExpr(operator, bind, tuple(args), start)
            if not self.accept(","):
                raise ExprError(self.pos, f"expected ',' or ')' in the DAG, got {self.describe()}")

    def finish(self) -> None:
        if self.peek():
            raise ExprError(self.pos, f"unexpected {self.describe()} after the expression")


def parse_expr(text: str) -> Expr:
    """Parse one whole expression; raise `ExprError` on malformed text."""
    parser = _Parser(text)
    if not parser.peek():
        raise ExprError(0, "expected an expression, got nothing")
    expr = parser.expr()
    parser.finish()
    return expr


def parse_dag(text: str) -> DagExpr:
    """Parse one whole DAG `(op args...)`; raise `ExprError` on malformed text."""
    parser = _Parser(text)
    if parser.peek() != "(":
        raise ExprError(parser.pos, f"expected '(' to open a DAG, got {parser.describe()}")
    dag = parser.dag()
    parser.finish()
    return dag
