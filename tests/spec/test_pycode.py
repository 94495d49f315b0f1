"""Python in specs: which expressions are accepted, which are C++, and where problems are."""

from __future__ import annotations

import pytest

from generator.spec.pycode import ExprKind, check_block, check_expression

CPRED = ExprKind("CPred", "predicate", ("$_self",))
PATTERN = ExprKind("CPred", "predicate", ("$_self",), numbered=True)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("isinstance($_self, FloatType)", id="isinstance"),
        pytest.param("0 < $_self.width < 64", id="chained-comparison"),
        pytest.param("$_self.width > 8 and $_self.width < 64", id="and"),
        pytest.param("len($_self.shape[::2]) == 1", id="slice-step"),
        pytest.param("'a::b' in str($_self) or \"x->y\" in str($_self)", id="cpp-in-strings"),
        pytest.param("all(d > 0 for d in $_self.shape)", id="generator"),
        pytest.param("(lambda t: t.rank)($_self) == 2", id="lambda"),
        pytest.param("(w := $_self.width) > 1 and w < 9", id="walrus"),
        pytest.param("$_self.element_type.width\n  == 32", id="two-lines"),
    ],
)
def test_python_predicates_are_accepted(text: str) -> None:
    """Ordinary Python over the runtime's names raises nothing, whatever it looks like."""
    assert check_expression(text, CPRED) == []


@pytest.mark.parametrize(
    ("text", "col", "message", "hint"),
    [
        pytest.param(
            "$_self.isa<FloatType>()",
            7,
            "'isa<FloatType>' is C++ template syntax",
            "Python writes `isinstance($_self, FloatType)`",
            id="isa-method",
        ),
        pytest.param(
            "isa<IntegerType>($_self)",
            0,
            "'isa<IntegerType>' is C++ template syntax",
            "Python writes `isinstance($_self, IntegerType)`",
            id="isa-function",
        ),
        pytest.param(
            "$_self.getElementType().isF32()",
            7,
            "'.getElementType()' is a C++ method",
            "the Python runtime has `.element_type`",
            id="camel-case-method",
        ),
        pytest.param(
            "::mlir::isa<T>($_self)", 0, "'::' is C++ (scope resolution)", None, id="scope"
        ),
        pytest.param("$_self && true", 7, "'&&' is C++", "Python writes 'and'", id="and-and"),
        pytest.param("$_self || x", 7, "'||' is C++", "Python writes 'or'", id="or-or"),
        pytest.param("!$_self", 0, "'!' is C++ (negation)", "Python writes 'not'", id="bang"),
        pytest.param(
            "$_self->rank", 6, "'->' is C++ (member access through a pointer)", None, id="arrow"
        ),
        pytest.param(
            "$_self == nullptr", 10, "'nullptr' is C++", "Python writes None", id="nullptr"
        ),
        pytest.param("check($_self);", 13, "';' is C++ (end of a statement)", None, id="semicolon"),
    ],
)
def test_cpp_is_reported_as_cpp(text: str, col: int, message: str, hint: str | None) -> None:
    """C++, whether or not it parses as Python, is one problem saying so, at its column."""
    (problem,) = check_expression(text, CPRED)
    assert (problem.line, problem.col) == (1, col)
    assert problem.message == f"CPred is C++, write the predicate in Python: {message}"
    assert problem.hint == hint


def test_method_names_the_dialect_defines_are_not_cpp() -> None:
    """A camelCase method the dialect's own code defines is Python."""
    assert check_expression("$_self.isSmall()", CPRED, attributes=frozenset({"isSmall"})) == []


def test_unknown_names_and_placeholders() -> None:
    """Names the generated module lacks, and placeholders of another place, are reported."""
    problems = check_expression("helper($0) and $_self", CPRED)
    assert [(p.col, p.message) for p in problems] == [
        (7, "unknown placeholder '$0' in CPred"),
        (0, "unknown name 'helper' in CPred"),
    ]
    assert check_expression("helper($_self)", CPRED, names=frozenset({"helper"})) == []
    # `$0` is a pattern's; a module name before `.` is left to the generated imports.
    assert check_expression("arith.is_zero($0) and $1 is None", PATTERN) == []


def test_syntax_errors_are_placed_in_the_text() -> None:
    """A syntax error is at its line and column, even when the text spans lines."""
    (problem,) = check_expression("$_self.width ==", CPRED)
    assert (problem.line, problem.col, problem.message) == (
        1,
        15,
        "invalid Python in CPred: invalid syntax",
    )
    (problem,) = check_expression("f($_self,\n  1 + )", CPRED)
    assert (problem.line, problem.col) == (2, 6)


def test_code_blocks() -> None:
    """Blocks must parse; a C++ block says it is C++; Python statements are fine."""
    assert check_block("x = 1\nif x:\n    return x;\n", "verifier") is None
    problem = check_block("if (x) {\n  return failure();\n}\n", "verifier")
    assert problem is not None
    assert (problem.line, problem.col) == (1, 7)
    assert problem.message == "verifier is C++, write it in Python: '{' opens a C++ block"
    problem = check_block("x = (\n", "fold hook")
    assert problem is not None
    assert problem.message == "invalid Python in fold hook: '(' was never closed"
