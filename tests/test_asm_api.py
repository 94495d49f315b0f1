"""The custom-form API (`AsmParser`, `AsmPrinter`): its users keep to it, and its page
(`docs/asm-api.md`) lists exactly its members and has an example that runs.

`mypy --strict` over `generated/` proves that code annotated `p: AsmParser` or
`p: AsmPrinter` uses only the protocols; the scan here also covers the hooks in the
specs before they are generated, and names the file and line of any use of the
parser's or printer's own state.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from generator.ir import Context, DiagnosticError, SourceFile
from generator.ir.opasm import AsmParser, AsmPrinter, ParserState
from generator.ir.parser import Parser

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "asm-api.md"

#: Code that reaches a parser or printer as `p` (or `parser`, `printer`).
_RECEIVER_USE = re.compile(r"(?<![\w.])(?:p|parser|printer)\.(\w+)")
_BULLET = re.compile(r"^- `(\w+)[(`]")
_CODE_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def _members(protocol: type) -> list[str]:
    """The public members a protocol declares: methods, properties and attributes."""
    names = [n for n in vars(protocol) if not n.startswith("_")]
    names += [n for n in protocol.__annotations__ if not n.startswith("_") and n not in names]
    return names


_API = frozenset(_members(AsmParser)) | frozenset(_members(AsmPrinter))


def _hook_sources() -> list[Path]:
    """Every file whose code talks to a parser or printer from outside it."""
    files = sorted((ROOT / "generated").rglob("*.py"))
    files += sorted((ROOT / "opdefs").rglob("*.td")) + sorted((ROOT / "opdefs").rglob("*.yaml"))
    files += sorted((ROOT / "generator" / "ir" / "dialects").glob("*.py"))
    return files


def test_hooks_use_only_the_api() -> None:
    """No generated module, spec or shared custom form touches parser or printer
    internals (`p.out`, `p.pos`, `p.text`, `p.pending_locs`, ...)."""
    files = _hook_sources()
    assert len(files) > 30
    bad: list[str] = []
    uses = 0
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in _RECEIVER_USE.finditer(line):
                uses += 1
                if m.group(1) not in _API:
                    bad.append(f"{path.relative_to(ROOT)}:{number}: p.{m.group(1)}")
    assert uses > 1000  # the scan does see the generated parsers and printers
    assert not bad, "outside the AsmParser/AsmPrinter API:\n" + "\n".join(bad)


def test_scan_catches_internals() -> None:
    """The scan reports the state custom forms used to reach into."""
    line = "w = p.out.append; p.pos = end; p.text[0]; p.pending_locs += []"
    found = [m.group(1) for m in _RECEIVER_USE.finditer(line) if m.group(1) not in _API]
    assert found == ["out", "pos", "text", "pending_locs"]


@pytest.mark.parametrize("protocol", [AsmParser, AsmPrinter], ids=lambda p: p.__name__)
def test_every_member_is_documented(protocol: type) -> None:
    """Each method and property of the protocols has a docstring."""
    for name in _members(protocol):
        member = vars(protocol).get(name)
        if member is None:  # an attribute: described in the class docstring and the page
            continue
        doc = member.fget.__doc__ if isinstance(member, property) else member.__doc__
        assert doc is not None, f"{protocol.__name__}.{name} has no docstring"
        assert doc.strip(), f"{protocol.__name__}.{name} has an empty docstring"


def _page_sections() -> dict[str, list[str]]:
    """The names listed under the page's `## `AsmParser`` and `## `AsmPrinter`` headings."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            title = line[3:].strip().strip("`")
            current = (
                sections.setdefault(title, []) if title in ("AsmParser", "AsmPrinter") else None
            )
        elif current is not None and (m := _BULLET.match(line)):
            current.append(m.group(1))
    return sections


@pytest.mark.parametrize("protocol", [AsmParser, AsmPrinter], ids=lambda p: p.__name__)
def test_page_lists_exactly_the_api(protocol: type) -> None:
    """The page lists every member of the protocol once, and nothing else."""
    listed = _page_sections()[protocol.__name__]
    assert len(listed) == len(set(listed)), "a member is listed twice"
    members = set(_members(protocol))
    assert set(listed) - members == set(), "listed but not in the protocol"
    assert members - set(listed) == set(), "in the protocol but not listed"


def test_page_example_round_trips() -> None:
    """The page's example (a custom parser and printer) runs: its op reads back what it
    prints, and its error is reported at the type."""
    blocks = _CODE_BLOCK.findall(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) == 1
    namespace: dict[str, object] = {"__name__": "asm_api_example"}
    exec(compile(blocks[0], str(PAGE), "exec"), namespace)
    assert "PairOp" in namespace
    assert "printed" in namespace


def test_example_signatures_match_the_hooks() -> None:
    """The page states the signatures generated code uses: `parse(cls, p, name_pos)`."""
    text = PAGE.read_text(encoding="utf-8")
    assert "def parse(cls, p: AsmParser, name_pos: SourcePos) -> Operation" in text
    generated = (ROOT / "generated" / "arith" / "ops.py").read_text(encoding="utf-8")
    assert "def parse(cls, p: AsmParser, name_pos: SourcePos) -> Operation:" in generated
    assert "def print(self, p: AsmPrinter) -> None:" in generated


def _parser(text: str) -> Parser:
    return Parser(SourceFile("t.mlir", text), Context())


def test_save_and_restore_state() -> None:
    """`restore_state` goes back to where `save_state` was called."""
    p = _parser("foo = 3 bar")
    state: ParserState = p.save_state()
    assert p.parse_keyword() == "foo"
    assert p.next_is("=")
    assert not p.next_is("bar")
    p.restore_state(state)
    assert p.parse_keyword() == "foo"
    p.expect("=")
    assert p.parse_integer() == 3
    assert p.current_pos() == 8


def test_parse_integer_token_rejects_a_float() -> None:
    """`4.5` is one float token, not the integer 4: reported at its start."""
    assert _parser(" 42]").parse_integer_token() == 42
    assert _parser("4.5").parse_integer() == 4
    with pytest.raises(DiagnosticError, match=r"t\.mlir:1:2: error: expected integer value"):
        _parser(" 4.5").parse_integer_token()


def test_parse_argument_rejects_a_result_number() -> None:
    """A region argument is `%name`; `%name#0` is reported at the `#`, in MLIR's words."""
    assert _parser(" %arg0: i32").parse_argument() == ("arg0", 0, 1)
    with pytest.raises(
        DiagnosticError, match="1:4: error: result number not allowed in argument list"
    ):
        _parser(" %x#0").parse_argument()


def test_optional_trailing_loc() -> None:
    """`loc(...)` is read only when the keyword `loc` comes next."""
    p = _parser("location")
    assert p.parse_optional_trailing_loc() is None
    assert p.parse_keyword() == "location"
    q = _parser(' loc("a.mlir":1:2)')
    assert str(q.parse_optional_trailing_loc()) == 'loc("a.mlir":1:2)'


def _source_parameters(cls: type, method: str) -> list[str]:
    """The parameter names of `cls.method` as its source declares them.

    Read from the source rather than with `inspect`, which cannot see the signatures
    of the compiled runtime's methods; the method is the first one found along the
    class's MRO, as attribute lookup finds it.
    """
    ir_dir = Path(__file__).resolve().parent.parent / "generator" / "ir"
    classes: dict[str, ast.ClassDef] = {}
    for path in ir_dir.glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                classes[node.name] = node
    for klass in cls.__mro__:
        node = classes.get(klass.__name__)
        for item in node.body if node is not None else ():
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == method:
                args = item.args
                return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    raise AssertionError(f"{cls.__name__}.{method} is not defined in generator/ir")


def test_protocol_signatures_are_the_concrete_ones() -> None:
    """The concrete classes take what the protocols declare (mypy checks the types;
    this keeps the parameter names in step, which keyword calls rely on)."""
    from generator.ir.printer import Printer

    for protocol, concrete in ((AsmParser, Parser), (AsmPrinter, Printer)):
        for name in _members(protocol):
            declared = vars(protocol).get(name)
            if declared is None or isinstance(declared, property):
                continue
            wanted = list(inspect.signature(declared).parameters)
            actual = _source_parameters(concrete, name)
            names = [n for n in actual if n in wanted]
            assert names == wanted, f"{concrete.__name__}.{name}{actual} vs {wanted}"
