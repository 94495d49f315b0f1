"""The generated `parse` and `params_text` of types and attributes with a format.

From a checked format (`generator.spec.def_format.DefFormat`) this module writes
straight-line Python, as mlir-tblgen's `AttrOrTypeFormatGen` writes C++: `parse`
reads the elements in order after the mnemonic and returns the uniqued value,
`params_text` prints them with the same spacing rules (a space before each element
unless punctuation says otherwise, none after `<`, `(`, `[` or `{`; `` ` ` `` and
``` `` ``` adjust it). Each parameter is read and written as its C++ type is by
MLIR's `FieldParser` and `printStrippedAttrOrType` (`generator.spec.params`), and a
parameter that does not parse adds MLIR's `failed to parse X parameter 'y' which is
to be a `T`` error. `params` and `struct` follow the generated C++ too: commas that
become optional after the last required parameter, keys in any order, `duplicate or
unknown struct parameter name`, `struct is missing required parameter`.

The runtime side is the custom-form API (`generator.ir.opasm`) and the helpers of
`generator.ir.attr_type_base` (`parse_int_param`, `param_failure`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from generator.naming import directive_name, parameter_name
from generator.spec.def_format import DefFormat
from generator.spec.format import (
    CustomDirective,
    FormatNode,
    LiteralElement,
    OptionalGroup,
    ParamsDirective,
    QualifiedDirective,
    RefDirective,
    StringElement,
    StructDirective,
    VariableElement,
)
from generator.spec.model import ParameterDef
from generator.spec.params import ParamKind, parameter_default

__all__ = ["DefFormatCode", "def_format_code", "param_read", "param_write"]


@dataclass
class DefFormatCode:
    """The bodies of `parse` and `params_text`, and the runtime names they use."""

    parse_body: list[str]
    print_body: list[str]
    names: set[str] = field(default_factory=set)
    """Names of `generator.ir` the bodies use."""


def _py_string(text: str) -> str:
    """A Python string literal for `text` (double-quoted, as ruff formats it)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _emit_space_before(value: str, last_was_punctuation: bool) -> bool:
    """mlir-tblgen's `shouldEmitSpaceBefore`."""
    if len(value) != 1 and value != "->":
        return True
    if last_was_punctuation:
        return value[0] not in ">)}],"
    return value[0] not in "<>(){}[],"


def param_read(kind: ParamKind, names: set[str]) -> str:
    """A Python expression reading a value of `kind` with `p` (MLIR's `FieldParser`)."""
    k = kind.kind
    if k == "int":
        names.add("parse_int_param")
        return f"parse_int_param(p, {kind.bits}, {kind.signed})"
    if k == "str":
        return "p.parse_string_literal()"
    if k == "type":
        if kind.dialect_def:
            return f'cast("{kind.annotation}", p.parse_custom_type({kind.cls}))'
        if kind.cls:
            names.update(re.findall(r"\w+", kind.cls))
            expr = f"p.parse_type_of({kind.cls}, {_py_string(kind.ir_name)})"
            return expr if kind.cls.startswith("(") else f'cast("{kind.annotation}", {expr})'
        return "p.parse_type()"
    if k == "attr":
        if kind.dialect_def:
            return f'cast("{kind.annotation}", p.parse_custom_attr({kind.cls}))'
        if kind.typed_attr:
            return "p.parse_typed_attribute()"
        if kind.cls:
            names.update(re.findall(r"\w+", kind.cls))
            expr = f"p.parse_attribute_of({kind.cls})"
            return expr if kind.cls.startswith("(") else f'cast("{kind.annotation}", {expr})'
        return "p.parse_attribute()"
    if k == "optional":
        assert kind.element is not None
        assert kind.element.kind == "int"
        names.add("parse_optional_int_param")
        return f"parse_optional_int_param(p, {kind.element.bits}, {kind.element.signed})"
    raise AssertionError(f"no reader for {k}")


def param_write(kind: ParamKind, value: str, *, qualified: bool, names: set[str]) -> str:
    """A Python expression of the text of `value` (MLIR's `printStrippedAttrOrType`,
    or `<<` for a qualified parameter)."""
    k = kind.kind
    if k == "int":
        return f"str({value})"
    if k == "str":
        names.add("escape_string")
        return f"escape_string({value})"
    if k == "type":
        if kind.stripped and not qualified:
            return f"p.stripped_type({value})"
        return f"p.type_text({value})"
    if k == "attr":
        if kind.stripped and not qualified:
            return f"p.stripped_attr({value})"
        return f"p.attr_text({value})"
    if k == "array":
        assert kind.element is not None
        inner = param_write(kind.element, "item", qualified=qualified, names=names)
        return f'", ".join([{inner} for item in {value}])'
    if k == "optional":
        assert kind.element is not None
        return param_write(kind.element, value, qualified=qualified, names=names)
    raise AssertionError(f"no writer for {k}")


class _Gen:
    def __init__(self, fmt: DefFormat) -> None:
        self.fmt = fmt
        self.item = fmt.item
        self.names: set[str] = {"DiagnosticError", "param_failure"}
        self.parse: list[str] = []
        self.print: list[str] = []
        self.pending: list[str] = []
        """Text expressions not yet appended to `text` in the printer."""
        self.emit_space = True
        self.last_punctuation = False
        #: How many `params`/`struct` item lists the printer has made.
        self.lists = 0
        #: Parameters the enclosing optional group's test already checks.
        self.guarded: set[str] = set()

    # -- parameters ----------------------------------------------------------------------

    def param(self, name: str) -> ParameterDef:
        return self.fmt.params[name]

    def kind(self, name: str) -> ParamKind:
        return self.fmt.kinds[name]

    def var_name(self, name: str) -> str:
        return f"_{name}"

    def default(self, name: str) -> str:
        default = parameter_default(self.param(name), self.kind(name))
        assert default is not None
        return default

    def present(self, name: str, value: str) -> str:
        """The test that a parameter differs from its default (MLIR's print guard)."""
        default = self.default(name)
        if default == "None":
            return f"{value} is not None"
        return f"{value} != {default}"

    def absent(self, name: str, value: str) -> str:
        """The test that a parameter has its default."""
        default = self.default(name)
        if default == "None":
            return f"{value} is None"
        return f"{value} == {default}"

    def failure(self, name: str) -> str:
        cpp = self.param(name).type
        return _py_string(
            f"failed to parse {self.item.def_name} parameter '{name}' which is to be a `{cpp}`"
        )

    # -- parsing ---------------------------------------------------------------------------

    def read_array(self, kind: ParamKind, target: str, ind: str) -> list[str]:
        assert kind.element is not None
        read = param_read(kind.element, self.names)
        items = f"{target}_items"
        return [
            f"{ind}{items} = [{read}]",
            f'{ind}while p.consume_if(","):',
            f"{ind}    {items}.append({read})",
            f"{ind}{target} = tuple({items})",
        ]

    def read_variable(self, name: str, ind: str) -> list[str]:
        """Read parameter `name` into its variable, adding MLIR's second error."""
        kind = self.kind(name)
        target = self.var_name(name)
        if kind.kind == "array":
            body = self.read_array(kind, target, ind + "    ")
        else:
            body = [f"{ind}    {target} = {param_read(kind, self.names)}"]
        return [
            f"{ind}try:",
            *body,
            f"{ind}except DiagnosticError as error:",
            f"{ind}    raise param_failure(p, error, {self.failure(name)}) from None",
        ]

    def parse_literal(self, value: str, ind: str) -> None:
        if value[0] == "_" or value[0].isalpha():
            self.parse.append(f"{ind}p.expect_keyword({_py_string(value)})")
        else:
            self.parse.append(f"{ind}p.expect({_py_string(value)})")

    def optional_literal(self, value: str) -> str:
        if value[0] == "_" or value[0].isalpha():
            return f"p.consume_keyword({_py_string(value)})"
        return f"p.consume_if({_py_string(value)})"

    def parse_element(self, el: FormatNode, ind: str) -> None:
        if isinstance(el, LiteralElement):
            if not el.is_whitespace:
                self.parse_literal(el.spelling, ind)
        elif isinstance(el, VariableElement):
            self.parse.extend(self.read_variable(el.name, ind))
        elif isinstance(el, QualifiedDirective):
            self.parse_element(el.arg, ind)
        elif isinstance(el, ParamsDirective):
            self.parse_params(self.fmt.directive_params(el), ind)
        elif isinstance(el, StructDirective):
            self.parse_struct(self.fmt.directive_params(el), ind)
        elif isinstance(el, CustomDirective):
            self.parse_custom(el, ind)
        elif isinstance(el, OptionalGroup):
            self.parse_group(el, ind)

    def parse_params(self, params: list[VariableElement], ind: str) -> None:
        """`params`: comma-separated, commas optional after the last required one."""
        names = [v.name for v in params]
        if not names:
            return
        required = [i for i, n in enumerate(names) if not self.optional(n)]
        last_required = required[-1] if required else 0
        self.parse.extend(self.read_variable(names[0], ind))
        for index in range(1, len(names)):
            previous = names[index - 1]
            guard = (
                self.present(previous, self.var_name(previous)) if self.optional(previous) else None
            )
            if index <= last_required:
                if guard is None:
                    self.parse.append(f'{ind}p.expect(",")')
                else:
                    self.parse.append(f"{ind}if {guard}:")
                    self.parse.append(f'{ind}    p.expect(",")')
                self.parse.extend(self.read_variable(names[index], ind))
            else:
                # An optional comma: without it the list ends here.
                cond = (
                    'p.consume_if(",")' if guard is None else f'not ({guard}) or p.consume_if(",")'
                )
                self.parse.append(f"{ind}if {cond}:")
                ind += "    "
                self.parse.extend(self.read_variable(names[index], ind))

    def optional(self, name: str) -> bool:
        param = self.param(name)
        return param.optional or param.default is not None

    def parse_struct(self, params: list[VariableElement], ind: str) -> None:
        """`struct(...)`: `key = value` pairs in any order (MLIR's generated loop)."""
        names = [v.name for v in params]
        n_optional = sum(self.optional(n) for n in names)
        for name in names:
            if self.optional(name):
                self.parse.append(f"{ind}seen_{name} = False")
            else:
                annotation = self.kind(name).annotation
                self.parse.append(f"{ind}{self.var_name(name)}: {annotation} | None = None")
        body_ind = ind + "    "

        def unseen(name: str) -> str:
            if self.optional(name):
                return f"not seen_{name}"
            return f"{self.var_name(name)} is None"

        def body(key_ind: str, optional_key: bool) -> None:
            if optional_key:
                self.parse.append(f"{key_ind}key = p.parse_optional_keyword()")
            else:
                self.parse += [
                    f"{key_ind}try:",
                    f"{key_ind}    key = p.parse_keyword()",
                    f"{key_ind}except DiagnosticError as error:",
                    f'{key_ind}    raise param_failure(p, error, "expected a parameter name in struct") from None',
                ]

        def entries(entry_ind: str) -> None:
            self.parse.append(f'{entry_ind}p.expect("=")')
            first = True
            for name in names:
                word = "if" if first else "elif"
                first = False
                self.parse.append(f'{entry_ind}{word} key == "{name}" and {unseen(name)}:')
                if self.optional(name):
                    self.parse.append(f"{entry_ind}    seen_{name} = True")
                self.parse.extend(self.read_variable(name, entry_ind + "    "))
            self.parse += [
                f"{entry_ind}else:",
                f"{entry_ind}    p.error_at(",
                f"{entry_ind}        p.current_pos(),",
                f'{entry_ind}        "duplicate or unknown struct parameter name: " + key,',
                f"{entry_ind}    )",
            ]

        if not n_optional:
            self.parse.append(f"{ind}for index in range({len(names)}):")
            body(body_ind, False)
            entries(body_ind)
            self.parse.append(f"{body_ind}if index != {len(names) - 1}:")
            self.parse.append(f'{body_ind}    p.expect(",")')
            for name in names:
                self.parse.append(f"{ind}assert {self.var_name(name)} is not None")
        elif n_optional == len(names):
            self.parse.append(f"{ind}key = p.parse_optional_keyword()")
            self.parse.append(f"{ind}if key is not None:")
            self.parse.append(f"{body_ind}while True:")
            loop_ind = body_ind + "    "
            entries(loop_ind)
            self.parse.append(f'{loop_ind}if not p.consume_if(","):')
            self.parse.append(f"{loop_ind}    break")
            body(loop_ind, False)
        else:
            self.parse.append(f"{ind}while True:")
            body(body_ind, False)
            entries(body_ind)
            self.parse.append(f'{body_ind}if not p.consume_if(","):')
            self.parse.append(f"{body_ind}    break")
            for name in names:
                if not self.optional(name):
                    self.parse += [
                        f"{ind}if {self.var_name(name)} is None:",
                        f"{ind}    p.error_at(",
                        f"{ind}        p.current_pos(),",
                        f'{ind}        "struct is missing required parameter: {name}",',
                        f"{ind}    )",
                    ]

    def parse_custom(self, el: CustomDirective, ind: str) -> None:
        inputs: list[str] = []
        outputs: list[str] = []
        for arg in el.args:
            if isinstance(arg, StringElement):
                inputs.append(arg.value)
            elif isinstance(arg, RefDirective):
                assert isinstance(arg.arg, VariableElement)
                inputs.append(self.var_name(arg.arg.name))
            elif isinstance(arg, VariableElement):
                outputs.append(self.var_name(arg.name))
        call = f"cls.parse_{directive_name(el.name)}({', '.join(['p', *inputs])})"
        if outputs:
            self.parse.append(f"{ind}({', '.join(outputs)},) = {call}")
        else:
            self.parse.append(f"{ind}{call}")

    def parse_group(self, el: OptionalGroup, ind: str) -> None:
        then = [e for e in el.then_elements]
        index = next(i for i, e in enumerate(then) if not _is_whitespace(e))
        first = then[index]
        rest = then[index + 1 :]
        if isinstance(first, QualifiedDirective):
            first = first.arg
        if isinstance(first, LiteralElement):
            test = self.optional_literal(first.spelling)
        else:
            assert isinstance(first, VariableElement)
            self.parse.extend(self.read_variable(first.name, ind))
            value = self.var_name(first.name)
            kind = self.kind(first.name)
            test = value if kind.kind in ("int",) else f"{value} is not None"
            if kind.kind == "str":
                test = f'{value} != ""'
        inner = ind + "    "
        start = len(self.parse)
        for child in rest:
            self.parse_element(child, inner)
        then_lines = self.parse[start:]
        del self.parse[start:]
        for child in el.else_elements:
            self.parse_element(child, inner)
        else_lines = self.parse[start:]
        del self.parse[start:]
        # The C++ tests the group's presence, then parses the rest of one branch.
        if then_lines:
            self.parse.append(f"{ind}if {test}:")
            self.parse.extend(then_lines)
            if else_lines:
                self.parse.append(f"{ind}else:")
                self.parse.extend(else_lines)
        elif else_lines:
            self.parse.append(
                f"{ind}if not {test}:" if " " not in test else f"{ind}if not ({test}):"
            )
            self.parse.extend(else_lines)
        elif isinstance(first, LiteralElement):
            self.parse.append(f"{ind}{test}")

    # -- printing ------------------------------------------------------------------------

    def text(self, expr: str) -> None:
        self.pending.append(expr)

    def flush(self, ind: str) -> None:
        if not self.pending:
            return
        merged: list[str] = []
        for expr in self.pending:
            if (
                merged
                and expr.startswith('"')
                and merged[-1].startswith('"')
                and _plain(expr)
                and _plain(merged[-1])
            ):
                merged[-1] = merged[-1][:-1] + expr[1:]
            else:
                merged.append(expr)
        self.print.append(f"{ind}text += {' + '.join(merged)}")
        self.pending = []

    def print_literal(self, value: str) -> None:
        need_space = self.emit_space and _emit_space_before(value, self.last_punctuation)
        self.text(_py_string((" " if need_space else "") + value))
        self.emit_space = not (len(value) == 1 and value in "<({[")
        self.last_punctuation = value[0] != "_" and not value[0].isalpha()

    def print_whitespace(self, value: str) -> None:
        if value == "\\n":
            self.text(_py_string("\n"))
        elif value:
            self.text(_py_string(value))
        else:
            self.last_punctuation = True
        self.emit_space = False

    def value_text(self, name: str, qualified: bool) -> str:
        return param_write(
            self.kind(name), f"self.{_accessor(name)}", qualified=qualified, names=self.names
        )

    def print_variable(self, var: VariableElement, ind: str, *, skip_guard: bool = False) -> None:
        name = var.name
        qualified = id(var) in self.fmt.qualified
        guarded = self.optional(name) and not skip_guard and name not in self.guarded
        if guarded:
            self.flush(ind)
            self.print.append(f"{ind}if {self.present(name, 'self.' + _accessor(name))}:")
            ind += "    "
        space = self.emit_space or not self.last_punctuation
        self.emit_space = True
        self.last_punctuation = False
        if space:
            self.text('" "')
        self.text(self.value_text(name, qualified))
        if guarded:
            self.flush(ind)

    def print_comma_separated(self, params: list[VariableElement], ind: str, *, keys: bool) -> None:
        names = [v.name for v in params]
        if self.emit_space or not self.last_punctuation:
            if names and all(self.optional(n) for n in names):
                self.flush(ind)
                cond = " or ".join(f"({self.present(n, 'self.' + _accessor(n))})" for n in names)
                self.print.append(f"{ind}if {cond}:")
                self.print.append(f'{ind}    text += " "')
            else:
                self.text('" "')
        self.flush(ind)
        self.lists += 1
        items = "items" if self.lists == 1 else f"items_{self.lists}"
        self.print.append(f"{ind}{items}: list[str] = []")
        for var in params:
            name = var.name
            item_ind = ind
            if self.optional(name):
                self.print.append(f"{ind}if {self.present(name, 'self.' + _accessor(name))}:")
                item_ind = ind + "    "
            value = self.value_text(name, id(var) in self.fmt.qualified)
            prefix = f'"{name} = " + ' if keys else ""
            self.print.append(f"{item_ind}{items}.append({prefix}{value})")
            self.emit_space = True
            self.last_punctuation = False
        self.print.append(f'{ind}text += ", ".join({items})')

    def print_custom(self, el: CustomDirective, ind: str) -> None:
        if self.emit_space or not self.last_punctuation:
            self.text('" "')
        self.emit_space = True
        self.last_punctuation = False
        args: list[str] = ["p"]
        for arg in el.args:
            if isinstance(arg, StringElement):
                args.append(arg.value)
            elif isinstance(arg, RefDirective):
                assert isinstance(arg.arg, VariableElement)
                args.append(f"self.{_accessor(arg.arg.name)}")
            elif isinstance(arg, VariableElement):
                args.append(f"self.{_accessor(arg.name)}")
        self.text(f"self.print_{directive_name(el.name)}({', '.join(args)})")

    def print_group(self, el: OptionalGroup, ind: str) -> None:
        anchor = el.anchor
        if isinstance(anchor, QualifiedDirective):
            anchor = anchor.arg
        if isinstance(anchor, VariableElement):
            anchors = [anchor.name]
        elif isinstance(anchor, ParamsDirective | StructDirective):
            anchors = [v.name for v in self.fmt.directive_params(anchor)]
        else:
            assert isinstance(anchor, CustomDirective)
            anchors = [a.name for a in anchor.args if isinstance(a, VariableElement)]
        if el.inverted:
            tests = [self.absent(n, "self." + _accessor(n)) for n in anchors]
            cond = " and ".join(tests) if len(tests) == 1 else " and ".join(f"({t})" for t in tests)
        else:
            tests = [self.present(n, "self." + _accessor(n)) for n in anchors]
            cond = " or ".join(tests) if len(tests) == 1 else " or ".join(f"({t})" for t in tests)
        self.flush(ind)
        self.print.append(f"{ind}if {cond}:")
        inner = ind + "    "
        saved = (self.emit_space, self.last_punctuation)
        start = len(self.print)
        # The group's test already says the anchor is there.
        self.guarded = set(anchors) if len(anchors) == 1 and not el.inverted else set()
        for child in el.then_elements:
            self.print_element(child, inner)
        self.guarded = set()
        self.flush(inner)
        if len(self.print) == start:
            self.print.append(f"{inner}pass")
        self.emit_space, self.last_punctuation = saved
        start = len(self.print)
        else_lines: list[str] = []
        self.guarded = set(anchors) if len(anchors) == 1 and el.inverted else set()
        for child in el.else_elements:
            self.print_element(child, inner)
        self.guarded = set()
        self.flush(inner)
        else_lines = self.print[start:]
        del self.print[start:]
        if else_lines:
            self.print.append(f"{ind}else:")
            self.print.extend(else_lines)

    def print_element(self, el: FormatNode, ind: str) -> None:
        if isinstance(el, LiteralElement):
            if el.is_whitespace:
                self.print_whitespace(el.spelling)
            else:
                self.print_literal(el.spelling)
        elif isinstance(el, VariableElement):
            self.print_variable(el, ind)
        elif isinstance(el, QualifiedDirective):
            assert isinstance(el.arg, VariableElement)
            self.print_variable(el.arg, ind)
        elif isinstance(el, ParamsDirective):
            self.print_comma_separated(self.fmt.directive_params(el), ind, keys=False)
        elif isinstance(el, StructDirective):
            self.print_comma_separated(self.fmt.directive_params(el), ind, keys=True)
        elif isinstance(el, CustomDirective):
            self.print_custom(el, ind)
        elif isinstance(el, OptionalGroup):
            self.print_group(el, ind)

    # -- the whole ---------------------------------------------------------------------

    def run(self, verify: bool) -> DefFormatCode:
        params = self.item.parameters
        ind = ""
        if verify:
            self.parse.append("loc = p.current_pos()")
        for param in params:
            if self.optional(param.name):
                annotation = self.kind(param.name).annotation
                if param.optional and self.kind(param.name).kind in ("type", "attr"):
                    annotation += " | None"
                self.parse.append(
                    f"{self.var_name(param.name)}: {annotation} = {self.default(param.name)}"
                )
        for el in self.fmt.format.elements:
            self.parse_element(el, ind)
        values = [self.var_name(p.name) for p in params]
        if verify:
            self.parse.append(f"message = cls.verify({', '.join(values)})")
            self.parse.append("if message is not None:")
            self.parse.append("    p.error_at(loc, message)")
        packed = values[0] + "," if len(values) == 1 else ", ".join(values)
        self.parse.append(f"return cls.unique(({packed}))")
        for el in self.fmt.format.elements:
            self.print_element(el, ind)
        self.flush(ind)
        self.print.append("return text")
        # The first piece starts the text; a format without conditions is one expression.
        if self.print and self.print[0].startswith("text += "):
            self.print[0] = "text = " + self.print[0].removeprefix("text += ")
        else:
            self.print.insert(0, 'text = ""')
        if len(self.print) == 2 and self.print[0].startswith("text = "):
            self.print = ["return " + self.print[0].removeprefix("text = ")]
        return DefFormatCode(self.parse, self.print, self.names)


def _plain(literal: str) -> bool:
    """A string literal without escapes, safe to merge with another."""
    return literal.endswith('"') and "\\" not in literal


def _is_whitespace(el: FormatNode) -> bool:
    return isinstance(el, LiteralElement) and el.is_whitespace


def _accessor(name: str) -> str:
    return parameter_name(name)


def def_format_code(fmt: DefFormat, *, verify: bool = False) -> DefFormatCode:
    """The `parse` and `params_text` bodies of a type or attribute with a format;
    `verify` checks the parameters with the class's `verify` before uniquing."""
    return _Gen(fmt).run(verify)
