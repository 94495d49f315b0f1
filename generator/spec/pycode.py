"""Python written in specs, checked before any code is generated from it.

A spec holds Python in two shapes. Code blocks (verifiers, folders, builder
bodies, custom parsers and printers, extra code) are statements; they must
parse. Expressions (a `CPred`, a `PredOpTrait` predicate, a `TypesMatchWith`
transform, a `NativeCodeCall`, a derived attribute) are pasted into generated
code with their placeholders (`$_self`, `$_op`, `$0`, ...) replaced, so they must
parse as one Python expression, use only the placeholders of their place, and
name only what the generated module has: Python's builtins, the public names of
`generator.ir` and its dialect helpers, and the dialect's own classes and
helpers.

Specs ported from MLIR carry C++ in these places, and some of it parses as
Python (`$_self.isa<FloatType>()` is a chained comparison; `$0.getType()` a
call) only to fail at run time. So C++ is recognized and reported as such:
the tokens Python has no use for (`::`, `->`, `&&`, `||`, `!x`, `;`), template
arguments (`isa<T>()`), C++ literals (`true`, `nullptr`), and camelCase methods
(`getType`) that nothing in the runtime or the dialect defines, with the
Python spelling where there is one.

Every problem carries its line and column inside the text; the caller places
it in the spec.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import inspect
import io
import pkgutil
import re
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = [
    "CodeProblem",
    "ExprKind",
    "check_block",
    "check_expression",
    "defined_names",
    "runtime_attributes",
    "runtime_names",
]


@dataclass(frozen=True, slots=True)
class CodeProblem:
    """A problem in a piece of Python: 1-based line, 0-based column, message, hint."""

    line: int
    col: int
    message: str
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class ExprKind:
    """Where a Python expression of a spec goes, and what it may use there."""

    label: str
    """How messages name it: "CPred", "NativeCodeCall", "TypesMatchWith transform"."""
    noun: str
    """What it is, for "write the ... in Python": "predicate", "native call"."""
    placeholders: tuple[str, ...]
    """The `$` placeholders it may use, e.g. ("$_self",)."""
    numbered: bool = False
    """Whether `$0`, `$1`, ... (the bound arguments of a pattern) may be used too."""
    check_names: bool = True
    """Whether a bare name must be one the generated module has."""
    scope: str = (
        "Python's builtins, the public names of generator.ir and the dialect's own "
        "classes and helpers (its extraClassDeclaration)"
    )
    """What the generated module offers besides the placeholders, for hints."""


#: C++ spellings and their Python counterparts in the runtime, for hints.
_CPP_METHODS: dict[str, str] = {
    "getType": "`.type`",
    "getElementType": "`.element_type`",
    "getShape": "`.shape`",
    "getRank": "`.rank`",
    "hasRank": "`.has_rank`",
    "hasStaticShape": "`.has_static_shape`",
    "getValue": "`.value`",
    "getWidth": "`.width`",
    "getIntOrFloatBitWidth": "`.width`",
    "getNumElements": "`.num_elements`",
    "getDefiningOp": "`.owner` (an `OpResult`'s op)",
    "getOperation": "the op itself",
    "getResult": "`.results[i]`",
    "getOperand": "`.operands[i]`",
    "getNumOperands": "`len(op.operands)`",
    "getNumResults": "`len(op.results)`",
    "isa": "`isinstance(x, T)`",
    "dyn_cast": "`isinstance(x, T)`",
    "cast": "`isinstance(x, T)`",
    "dyn_cast_or_null": "`isinstance(x, T)`",
    "isa_and_nonnull": "`isinstance(x, T)`",
    "size": "`len(x)`",
    "empty": "`not x`",
}
_CPP_LITERALS: dict[str, str] = {
    "true": "True",
    "false": "False",
    "nullptr": "None",
    "NULL": "None",
    "this": "$_op (or self)",
}
_CAMEL = re.compile(r"[a-z][a-z0-9]*[A-Z]\w*")
_PLACEHOLDER = re.compile(r"\$(\w+)")


# ---------------------------------------------------------------------------
# Names the generated code has
# ---------------------------------------------------------------------------


@functools.cache
def runtime_names() -> frozenset[str]:
    """Builtins and the public names of `generator.ir` and its dialect helpers."""
    import generator.ir as ir
    from generator.ir import dialects

    names = set(dir(builtins)) | set(ir.__all__)
    for info in pkgutil.iter_modules(dialects.__path__):
        module = importlib.import_module(f"{dialects.__name__}.{info.name}")
        names |= set(getattr(module, "__all__", ()))
    # What every generated module imports besides (`collections.abc`, `typing`).
    names |= {"Sequence", "ClassVar", "cast"}
    return frozenset(names)


@functools.cache
def runtime_attributes() -> frozenset[str]:
    """Every attribute name of the runtime's public classes and Python's built-in types."""
    import generator.ir as ir
    from generator.ir import dialects

    objects: list[object] = [getattr(ir, name) for name in ir.__all__]
    for info in pkgutil.iter_modules(dialects.__path__):
        module = importlib.import_module(f"{dialects.__name__}.{info.name}")
        objects.extend(getattr(module, n) for n in getattr(module, "__all__", ()))
    objects.extend(
        [str, bytes, int, float, complex, bool, list, tuple, dict, set, frozenset, object, type]
    )
    out: set[str] = set()
    for obj in objects:
        if inspect.isclass(obj) or inspect.ismodule(obj):
            out |= set(dir(obj))
    return frozenset(out)


def defined_names(codes: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The names code blocks define at their top level, and every attribute name they
    define anywhere (methods, class attributes, `self.x = ...`), skipping blocks that
    do not parse."""
    top: set[str] = set()
    attrs: set[str] = set()
    for text in codes:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for statement in tree.body:
            top |= set(_bound_names(statement))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                attrs.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                attrs.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                attrs.add(node.id)
    return frozenset(top), frozenset(attrs)


def _bound_names(node: ast.stmt) -> Iterator[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            yield from (n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(node.target, ast.Name):
        yield node.target.id
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            yield (alias.asname or alias.name).split(".")[0]


# ---------------------------------------------------------------------------
# C++ tokens
# ---------------------------------------------------------------------------


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    """The tokens of `text`, as far as Python's tokenizer gets."""
    out: list[tokenize.TokenInfo] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            out.append(token)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return out


def _cpp_token(text: str, *, statements: bool) -> CodeProblem | None:
    """The first token that is C++ and never Python; `;` only in an expression."""
    tokens = [t for t in _tokens(text) if t.type != tokenize.COMMENT]
    depth = 0
    for i, token in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        adjacent = after is not None and after.start == token.end
        line, col = token.start
        block_end = (tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER)
        if statements and token.string == "{" and after is not None and after.type in block_end:
            return CodeProblem(line, col, "'{' opens a C++ block", "Python blocks are indented")
        if token.string in "([{" and token.type == tokenize.OP:
            depth += 1
        elif token.string in ")]}" and token.type == tokenize.OP:
            depth -= 1
        if token.string == ":" and adjacent and after is not None and after.string == ":":
            following = tokens[i + 2] if i + 2 < len(tokens) else None
            if depth == 0 or (following is not None and following.type == tokenize.NAME):
                return CodeProblem(line, col, "'::' is C++ (scope resolution)")
        elif token.string == "->" and not statements:
            return CodeProblem(line, col, "'->' is C++ (member access through a pointer)")
        elif token.string in ("&", "|") and adjacent and after is not None:
            if after.string == token.string:
                word = "and" if token.string == "&" else "or"
                return CodeProblem(
                    line, col, f"'{token.string * 2}' is C++", f"Python writes '{word}'"
                )
        elif token.type == tokenize.ERRORTOKEN and token.string == "!":
            return CodeProblem(line, col, "'!' is C++ (negation)", "Python writes 'not'")
        elif token.type == tokenize.OP and token.string == "!":
            # Python 3.12 tokenizes `!` (outside f-strings) as an operator.
            return CodeProblem(line, col, "'!' is C++ (negation)", "Python writes 'not'")
        elif token.string == ";" and not statements:
            return CodeProblem(line, col, "';' is C++ (end of a statement)")
    return None


def _syntax_problem(error: SyntaxError, label: str) -> CodeProblem:
    line = error.lineno or 1
    col = max((error.offset or 1) - 1, 0)
    return CodeProblem(line, col, f"invalid Python in {label}: {error.msg}")


# ---------------------------------------------------------------------------
# Code blocks
# ---------------------------------------------------------------------------


def check_block(text: str, label: str) -> CodeProblem | None:
    """The first problem of a code block: a syntax error, reported as C++ when the
    block holds C++ tokens."""
    try:
        ast.parse(text, mode="exec")
    except SyntaxError as error:
        cpp = _cpp_token(text, statements=True)
        if cpp is not None:
            return CodeProblem(
                cpp.line,
                cpp.col,
                f"{label} is C++, write it in Python: {cpp.message}",
                cpp.hint,
            )
        return _syntax_problem(error, label)
    return None


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------


def _substitute(text: str) -> str:
    """`$x` -> `_x`: placeholders become names, every offset unchanged."""
    return text.replace("$", "_")


def _placeholder_problems(text: str, kind: ExprKind) -> Iterator[CodeProblem]:
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        for match in _PLACEHOLDER.finditer(line):
            name = match.group(0)
            if name in kind.placeholders or (kind.numbered and match.group(1).isdigit()):
                continue
            allowed = list(kind.placeholders) + (["$0", "$1", "..."] if kind.numbered else [])
            yield CodeProblem(
                number,
                match.start(),
                f"unknown placeholder '{name}' in {kind.label}",
                f"a {kind.noun} here may use " + ", ".join(allowed)
                if allowed
                else f"a {kind.noun} here has no placeholders",
            )


def _cpp_problem(problem: CodeProblem, kind: ExprKind) -> CodeProblem:
    return CodeProblem(
        problem.line,
        problem.col,
        f"{kind.label} is C++, write the {kind.noun} in Python: {problem.message}",
        problem.hint,
    )


def check_expression(
    text: str,
    kind: ExprKind,
    names: frozenset[str] = frozenset(),
    attributes: frozenset[str] = frozenset(),
) -> list[CodeProblem]:
    """The problems of a Python expression written in a spec.

    `names` are the names the generated module has besides the runtime's
    (`runtime_names`): the dialect's classes and helpers; `attributes` the
    attribute names the dialect's code defines besides the runtime's.
    """
    problems = list(_placeholder_problems(text, kind))
    # A placeholder reported above is no unknown name as well.
    reported = frozenset("_" + p.message.split("'")[1][1:] for p in problems)
    source = _substitute(text)
    stripped = source.strip()
    if not stripped:
        return [CodeProblem(1, 0, f"{kind.label} is empty", f"write the {kind.noun} in Python")]
    try:
        # Parenthesized, as the generated code uses it: it may span lines.
        tree = ast.parse("(" + source + "\n)", mode="eval")
    except SyntaxError as error:
        cpp = _cpp_token(source, statements=False)
        if cpp is not None:
            return [_cpp_problem(cpp, kind)]
        lines = source.split("\n")
        line = error.lineno or 1
        col = (error.offset or 1) - 1 - (1 if line == 1 else 0)
        if line > len(lines):
            # At the `)` the parse added: the expression ends too early.
            line, col = len(lines), len(lines[-1].rstrip())
        elif line == 1 and col < 0:
            # At the `(` the parse added: say what is wrong without it.
            line, col, error.msg = _bare_syntax_error(source) or (1, 0, error.msg)
        return [
            *problems,
            CodeProblem(line, max(col, 0), f"invalid Python in {kind.label}: {error.msg}"),
        ]
    # C++ tokens never parse; what remains is C++ that happens to be Python syntax.
    cpp = _cpp_ast(tree, attributes)
    if cpp is not None:
        return [_cpp_problem(cpp, kind)]
    if kind.check_names:
        problems.extend(_unknown_names(tree, kind, names | reported))
    return problems


_CASTS = ("isa", "cast", "dyn_cast", "dyn_cast_or_null", "isa_and_nonnull")
_SUBSTITUTED = re.compile(r"\b_(_[A-Za-z]\w*|\d+)\b")


def _spelled(node: ast.expr) -> str:
    """A node as the spec wrote it: placeholders `$_self`, `$0` restored."""
    return _SUBSTITUTED.sub(r"$\1", ast.unparse(node))


def _bare_syntax_error(source: str) -> tuple[int, int, str] | None:
    """The syntax error of the expression as written, without enclosing parentheses."""
    indent = len(source) - len(source.lstrip(" \t"))
    try:
        ast.parse(source[indent:], mode="eval")
    except SyntaxError as error:
        line = error.lineno or 1
        col = (error.offset or 1) - 1 + (indent if line == 1 else 0)
        return line, col, error.msg
    return None


def _col(node: ast.expr, line: int) -> int:
    """A node's column in the original text (the parse added `(` before line 1)."""
    return node.col_offset - (1 if line == 1 else 0)


def _cpp_ast(tree: ast.Expression, attributes: frozenset[str]) -> CodeProblem | None:
    """The first C++ that parsed as Python: `x.isa<T>()`, `x.getType()`, `true`."""
    found = sorted(_cpp_nodes(tree, attributes), key=lambda f: (f[1].line, f[1].col, f[0]))
    return found[0][1] if found else None


def _cpp_nodes(
    tree: ast.Expression, attributes: frozenset[str]
) -> Iterator[tuple[int, CodeProblem]]:
    """(rank, problem) of each piece of C++; template syntax ranks first at one place."""
    known = runtime_attributes() | attributes
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for i in range(len(node.ops) - 1):
                if isinstance(node.ops[i], ast.Lt) and isinstance(node.ops[i + 1], ast.Gt):
                    yield 0, _template(node, i)
        elif (
            isinstance(node, ast.Attribute)
            and (node.attr in _CPP_METHODS or _CAMEL.fullmatch(node.attr))
            and node.attr not in known
            and node.end_col_offset is not None
        ):
            line = node.end_lineno or node.lineno
            col = node.end_col_offset - len(node.attr) - (1 if line == 1 else 0)
            python = _CPP_METHODS.get(node.attr)
            call = "()" if id(node) in called else ""
            yield (
                1,
                CodeProblem(
                    line,
                    col,
                    f"'.{node.attr}{call}' is a C++ method",
                    f"the Python runtime has {python}" if python else None,
                ),
            )
        elif isinstance(node, ast.Name) and node.id in _CPP_LITERALS:
            yield (
                1,
                CodeProblem(
                    node.lineno,
                    _col(node, node.lineno),
                    f"'{node.id}' is C++",
                    f"Python writes {_CPP_LITERALS[node.id]}",
                ),
            )


def _template(node: ast.Compare, i: int) -> CodeProblem:
    """`a < T > b` read as C++ template arguments: `x.isa<T>()`, `cast<T>(x)`."""
    left = node.left if i == 0 else node.comparators[i - 1]
    middle = node.comparators[i]
    word = ast.unparse(left).split(".")[-1]
    line = left.lineno
    col = _col(left, line)
    if isinstance(left, ast.Attribute) and left.end_col_offset is not None:
        line = left.end_lineno or line
        col = left.end_col_offset - len(left.attr) - (1 if line == 1 else 0)
    hint = _CPP_METHODS.get(word)
    if word in _CASTS:
        # `x.isa<T>()` or `isa<T>(x)`: which object is tested?
        tested = left.value if isinstance(left, ast.Attribute) else None
        if tested is None and i + 1 < len(node.comparators):
            tested = node.comparators[i + 1]
        if tested is not None:
            hint = f"`isinstance({_spelled(tested)}, {_spelled(middle)})`"
    return CodeProblem(
        line,
        col,
        f"'{word}<{_spelled(middle)}>' is C++ template syntax",
        f"Python writes {hint}" if hint else None,
    )


def _unknown_names(
    tree: ast.Expression, kind: ExprKind, names: frozenset[str]
) -> Iterator[CodeProblem]:
    known = runtime_names() | names
    bound = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.comprehension | ast.NamedExpr)
        for target in ast.walk(node.target)
        if isinstance(target, ast.Name)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Lambda):
            bound |= {a.arg for a in [*node.args.posonlyargs, *node.args.args]}
            bound |= {a.arg for a in node.args.kwonlyargs}
    # A name used only as `name.attr` may be a module the generated code imports
    # under that name (a pattern's `arith.helper(...)`); it is left to run time.
    bases = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
    }
    seen: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
            continue
        name = node.id
        placeholder = "$" + name[1:] if name.startswith("_") else None
        if placeholder is not None and (
            placeholder in kind.placeholders or (kind.numbered and name[1:].isdigit())
        ):
            continue
        if name in known or name in bound or id(node) in bases or name in seen:
            continue
        seen.add(name)
        placeholders = [*kind.placeholders, *(["$0", "$1", "..."] if kind.numbered else [])]
        yield CodeProblem(
            node.lineno,
            _col(node, node.lineno),
            f"unknown name '{name}' in {kind.label}",
            f"a {kind.noun} may use " + ", ".join([*placeholders, kind.scope]),
        )
