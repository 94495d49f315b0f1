"""Implementation modules: a dialect's hand-written code in an ordinary Python module.

MLIR keeps the C++ bodies a `.td` file declares in a `.cpp` file beside it. Here a
dialect may name a Python module (`let implementationModule = "toyproj.toy_impl";`,
YAML `implementation_module:`), and every hook the spec asks for without writing it
inline is a function of that module, found by its name:

| hook | function | called with |
| --- | --- | --- |
| `hasVerifier` | `<cls>_verify` | the op |
| `hasRegionVerifier` | `<cls>_verify_regions` | the op |
| `hasFolder` | `<cls>_fold` | the op |
| `hasCanonicalizer`, `hasCanonicalizeMethod` | `<cls>_canonicalize` | the op, the rewriter |
| `hasCustomAssemblyFormat` of an op | `<cls>_parse`, `<cls>_print` | `cls, p, name_pos`; the op, `p` |
| `hasCustomAssemblyFormat` of a type or attribute | `<cls>_parse`, `<cls>_print` | `cls, p`; the type or attribute |
| `OpBuilder` without a body | `<cls>_build` (`_build_1`, ... for later ones) | `cls`, the builder's parameters |
| an interface method the class must define | `<cls>_<method>` | `self` (or `cls`), the method's parameters |
| a method declared with `...` in `extraClassDeclaration` | `<cls>_<method>` | `self` (or `cls`), the method's parameters |
| `hasConstantMaterializer` of the dialect | `materialize_constant` | `rewriter, value, type_, loc` |
| a `custom<Name>` op format directive | `parse_<name>`, `print_<name>` | as when written inline |

`<cls>` is the snake_case of the generated class (`TransposeOp` -> `transpose_op`).

At generation the module is found as a file (`a/b.py` or `a/b/__init__.py` for
`a.b`) under the spec's directory, the root of the checkout being generated
(`odsgen generate --root`), the current directory or an entry of `sys.path`, and read, never imported (it imports the package being generated).
Each function a hook needs must exist and accept the arguments it is called with;
a function named like a hook the spec does not ask for is an error too, so that no
code is silently left unused. `with_implementation` then gives each such hook a
body that calls the function through the module's last name
(`return toy_impl.transpose_op_verify(self)`), which generated modules bind with
`generator.ir.lazy_module`; tracebacks go through that one line into the module.
Expressions in the spec (`CPred`, `NativeCodeCall`) may call the module's
functions by the same name.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import keyword
import sys
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from generator.diagnostics import SpecDiagnostic
from generator.ir.diagnostics import Diagnostic, Severity
from generator.ir.source import SourceFile, SourceLoc
from generator.naming import class_name_from_def, sanitize_name, snake_case
from generator.spec.hooks import (
    HookRequirement,
    InlineCode,
    custom_directive_hooks,
    custom_function,
    declared_methods,
    required_hooks,
)
from generator.spec.interfaces import MethodInfo, method_name, python_annotation
from generator.spec.model import (
    AttrDef,
    BuilderDef,
    DialectDef,
    OpDef,
    SourceText,
    TypeDef,
)

__all__ = [
    "ImplementationModule",
    "ModuleFunction",
    "ModuleSource",
    "check_implementation",
    "hook_providers",
    "interface_digest",
    "module_alias",
    "module_function",
    "project_root",
    "with_implementation",
]

Owner = OpDef | TypeDef | AttrDef

#: The suffixes of the hooks every op, type or attribute may have, by hook.
_HOOK_SUFFIXES = {
    "verifier": "verify",
    "region_verifier": "verify_regions",
    "fold": "fold",
    "canonicalize": "canonicalize",
    "canonicalization": "canonicalize",
    "parser": "parse",
    "printer": "print",
}

#: What each hook-named function would be, for the message about one the spec does
#: not ask for: the suffix, what it is, and the flag that asks for it.
_UNASKED = {
    "verify": ("the verifier", "hasVerifier", "has_verifier"),
    "verify_regions": ("the region verifier", "hasRegionVerifier", "has_region_verifier"),
    "fold": ("the folder", "hasFolder", "has_folder"),
    "canonicalize": ("the canonicalization", "hasCanonicalizer", "has_canonicalizer"),
    "parse": ("the parser", "hasCustomAssemblyFormat", "has_custom_assembly_format"),
    "print": ("the printer", "hasCustomAssemblyFormat", "has_custom_assembly_format"),
}


@dataclass(frozen=True, slots=True)
class ModuleFunction:
    """A top-level name of an implementation module that hooks may call."""

    name: str
    loc: SourceLoc
    required: int | None
    """The positional parameters without a default; None when not a `def` here
    (an imported or assigned name, whose parameters are not known)."""
    accepted: int | None
    """The positional parameters; None with `*args` or when not known."""
    keyword_only: tuple[str, ...] = ()
    """Keyword-only parameters without a default, which no hook call passes."""

    def accepts(self, count: int) -> bool:
        """Whether a call with `count` positional arguments fits the parameters."""
        if self.required is None:
            return True
        if self.keyword_only:
            return False
        return self.required <= count and (self.accepted is None or count <= self.accepted)

    def describe(self) -> str:
        """`2 positional parameters`, as messages count them."""
        if self.required is None:
            return "unknown parameters"
        if self.accepted is None:
            return f"at least {self.required} positional parameters"
        if self.required == self.accepted:
            n = self.required
            return f"{n} positional parameter{'s' if n != 1 else ''}"
        return f"{self.required} to {self.accepted} positional parameters"


@dataclass(frozen=True)
class ModuleSource:
    """An implementation module as read from its file."""

    name: str
    """Its dotted import name."""
    path: Path
    functions: dict[str, ModuleFunction]
    """Its top-level functions (and other top-level names), by name."""

    @property
    def alias(self) -> str:
        """The name generated modules bind it to: its last component."""
        return module_alias(self.name)


def module_alias(name: str) -> str:
    """`toyproj.toy_impl` -> `toy_impl`: how generated code and spec expressions
    name an implementation module."""
    return name.rpartition(".")[2]


def hook_prefix(owner: Owner) -> str:
    """The prefix of the functions that implement hooks of `owner`: the snake_case
    of its generated class (`Toy_TransposeOp` -> `transpose_op`)."""
    return snake_case(class_name_from_def(owner.def_name))


def reference_arguments(op: OpDef) -> list[str]:
    """The arguments the generated `reference` passes to `<prefix>_reference`: the op,
    its operands, then its attributes, by their accessor names."""
    names = [o.name or f"operand_{i}" for i, o in enumerate(op.operands)]
    names += [a.name for a in op.attributes]
    return ["self", *(sanitize_name(snake_case(n)) for n in names)]


def _builder_name(owner: OpDef, builder: BuilderDef | None) -> str:
    index = next(i for i, b in enumerate(owner.builders) if b is builder)
    return "build" if index == 0 else f"build_{index}"


def module_function(requirement: HookRequirement) -> str:
    """The name of the implementation module's function that meets `requirement`."""
    owner, hook = requirement.owner, requirement.hook
    if hook in ("custom_parse", "custom_print"):
        return custom_function(requirement)
    if isinstance(owner, DialectDef):
        return "materialize_constant"
    prefix = hook_prefix(owner)
    if hook == "builder":
        assert isinstance(owner, OpDef)
        return f"{prefix}_{_builder_name(owner, requirement.builder)}"
    if hook == "interface_method":
        assert requirement.method is not None
        return f"{prefix}_{requirement.method.py_name}"
    if hook == "declared_method":
        assert requirement.name is not None
        return f"{prefix}_{requirement.name}"
    return f"{prefix}_{_HOOK_SUFFIXES[hook]}"


def _declared_arguments(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The arguments that pass a declared method's parameters on, in order."""
    args = node.args
    out = [a.arg for a in (*args.posonlyargs, *args.args)]
    if args.vararg is not None:
        out.append("*" + args.vararg.arg)
    out.extend(f"{a.arg}={a.arg}" for a in args.kwonlyargs)
    if args.kwarg is not None:
        out.append("**" + args.kwarg.arg)
    return out


def call_arguments(requirement: HookRequirement) -> list[str] | None:
    """The arguments the generated hook passes to its function (Python source), or
    None when they depend on the call site (a custom directive's)."""
    owner, hook = requirement.owner, requirement.hook
    if hook in ("custom_parse", "custom_print"):
        return None
    if isinstance(owner, DialectDef):
        return ["rewriter", "value", "type_", "loc"]
    if hook in ("verifier", "region_verifier", "fold"):
        return ["self"]
    if hook in ("canonicalize", "canonicalization"):
        return ["op", "rewriter"]
    if hook == "parser":
        return ["cls", "p", "name_pos"] if isinstance(owner, OpDef) else ["cls", "p"]
    if hook == "printer":
        return ["self", "p"] if isinstance(owner, OpDef) else ["self"]
    if hook == "builder":
        assert requirement.builder is not None
        return ["cls", *(p.name for p in requirement.builder.params)]
    if hook == "interface_method":
        method = requirement.method
        assert method is not None
        return ["cls" if method.static else "self", *method.params]
    assert requirement.declaration is not None
    return _declared_arguments(requirement.declaration)


def _positional_count(arguments: list[str]) -> int:
    return sum(1 for a in arguments if not a.startswith("*") and "=" not in a)


# ---------------------------------------------------------------------------
# Finding and reading the module
# ---------------------------------------------------------------------------


#: The root of the checkout being generated, while `project_root` holds it.
_PROJECT_ROOT: ContextVar[Path | None] = ContextVar("_PROJECT_ROOT", default=None)


@contextlib.contextmanager
def project_root(root: Path) -> Iterator[None]:
    """Search `root` for implementation modules too while the block runs: a checkout
    generated from elsewhere (`--root reldir`) names its modules from its own root,
    which is neither the spec's directory nor the current directory."""
    token = _PROJECT_ROOT.set(root)
    try:
        yield
    finally:
        _PROJECT_ROOT.reset(token)


def _search_roots(spec_dir: Path | None) -> list[Path]:
    roots: list[Path] = []
    if spec_dir is not None:
        roots.append(spec_dir)
    root = _PROJECT_ROOT.get()
    if root is not None:
        roots.append(root)
    roots.append(Path.cwd())
    roots.extend(Path(p) if p else Path.cwd() for p in sys.path)
    # odsgen's own tree: the built-in specs name modules of the `generator` package
    # (`generator.ir.dialects.ml_program_impl`), which an editable install does not
    # put on `sys.path`.
    roots.append(Path(__file__).resolve().parents[2])
    return roots


def find_module(name: str, roots: Sequence[Path]) -> Path | None:
    """The file of module `name` under the first of `roots` that has it."""
    parts = name.split(".")
    for root in roots:
        base = root.joinpath(*parts)
        for candidate in (base.with_name(parts[-1] + ".py"), base / "__init__.py"):
            try:
                if candidate.is_file():
                    return candidate
            except OSError:
                continue
    return None


def _display(path: Path) -> str:
    """`path` as messages print it: relative to the current directory when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _function(node: ast.FunctionDef | ast.AsyncFunctionDef, file: SourceFile) -> ModuleFunction:
    args = node.args
    positional = len(args.posonlyargs) + len(args.args)
    keyword_only = tuple(
        a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None
    )
    return ModuleFunction(
        node.name,
        file.loc(file.offset_of(node.lineno, node.col_offset + 1)),
        positional - len(args.defaults),
        None if args.vararg is not None else positional,
        keyword_only,
    )


def _names(node: ast.stmt) -> Iterator[str]:
    """Top-level names other than functions a statement binds."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            if alias.name != "*":
                yield (alias.asname or alias.name).split(".")[0]
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Name):
                yield target.id
    elif (
        isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.value is not None
    ):
        yield node.target.id


@functools.lru_cache(maxsize=64)
def _read(path: Path, stamp: tuple[int, int], name: str) -> ModuleSource | SpecDiagnostic:
    """The module at `path` (`stamp` keys the cache to its version), or the error
    that stops reading it."""
    display = _display(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return SpecDiagnostic(None, f"cannot read implementation module {display}: {e}")
    file = SourceFile(display, text)
    try:
        tree = ast.parse(text, display)
    except SyntaxError as e:
        line = e.lineno or 1
        loc = file.loc(file.offset_of(line, max(e.offset or 1, 1)))
        return SpecDiagnostic(loc, f"invalid Python in implementation module: {e.msg}")
    functions: dict[str, ModuleFunction] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            functions[node.name] = _function(node, file)
            continue
        for bound in _names(node):
            loc = file.loc(file.offset_of(node.lineno, node.col_offset + 1))
            functions.setdefault(bound, ModuleFunction(bound, loc, None, None))
    return ModuleSource(name, path, functions)


def read_module(dialect: DialectDef) -> ModuleSource | SpecDiagnostic | None:
    """The dialect's implementation module, the error finding or reading it, or None
    when the dialect names none."""
    name = dialect.implementation_module
    if name is None:
        return None
    loc = dialect.loc_of("implementation_module")
    parts = name.split(".")
    if not all(p.isidentifier() and not keyword.iskeyword(p) for p in parts):
        return SpecDiagnostic(
            loc,
            f"implementation module '{name}' is not a Python module name",
            hint="write its dotted import name, such as `myproject.mydialect_impl`",
        )
    spec_dir = Path(dialect.loc.file.name).parent if dialect.loc is not None else None
    path = find_module(name, _search_roots(spec_dir))
    if path is None:
        where = "/".join(parts)
        checkout = " the checkout's root," if _PROJECT_ROOT.get() is not None else ""
        return SpecDiagnostic(
            loc,
            f"implementation module '{name}' not found",
            hint=f"it is looked for as {where}.py or {where}/__init__.py under the spec's "
            f"directory,{checkout} the current directory and the Python path",
        )
    stat = path.stat()
    return _read(path.resolve(), (stat.st_mtime_ns, stat.st_size), name)


def interface_digest(name: str, spec: Path) -> str:
    """What generation depends on in the implementation module `name` of the spec
    at `spec`: its top-level names and their parameters (a change to a function's
    body changes no generated file, so it leaves the digest alone)."""
    path = find_module(name, _search_roots(spec.parent))
    if path is None:
        return f"{name}: not found"
    stat = path.stat()
    found = _read(path.resolve(), (stat.st_mtime_ns, stat.st_size), name)
    if isinstance(found, SpecDiagnostic):
        return f"{name}: {found.message}"
    parts = [
        f"{f.name}:{f.required}:{f.accepted}:{','.join(f.keyword_only)}"
        for f in sorted(found.functions.values(), key=lambda f: f.name)
    ]
    return f"{name}\n" + "\n".join(parts)


# ---------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------


class ImplementationModule:
    """The implementation module as a `HookProvider`: it supplies a hook when it
    defines the hook's function (whether the function fits is checked apart)."""

    def __init__(self, module: ModuleSource) -> None:
        self.module = module

    def provides(self, requirement: HookRequirement) -> bool:
        """Whether the module defines the function that meets `requirement`."""
        return module_function(requirement) in self.module.functions


def hook_providers(
    dialect: DialectDef,
) -> tuple[list[InlineCode | ImplementationModule], list[SpecDiagnostic]]:
    """Where the dialect's hooks may be found, in order (the spec's own code first),
    and the errors finding its implementation module."""
    inline = InlineCode(dialect)
    found = read_module(dialect)
    if found is None:
        return [inline], []
    if isinstance(found, SpecDiagnostic):
        return [inline], [found]
    return [inline, ImplementationModule(found)], []


def _asked_at(requirement: HookRequirement) -> list[Diagnostic]:
    if requirement.loc is None:
        return []
    return [Diagnostic(Severity.NOTE, requirement.loc, "the spec asks for it here")]


def _what(requirement: HookRequirement) -> str:
    owner = requirement.owner
    name = owner.name if isinstance(owner, DialectDef) else owner.def_name
    hook = requirement.hook
    if hook == "interface_method":
        assert requirement.method is not None
        assert requirement.interface is not None
        return (
            f"method '{requirement.method.py_name}' of interface "
            f"'{requirement.interface.class_name}' for '{name}'"
        )
    if hook == "declared_method":
        return f"method '{requirement.name}' declared by '{name}'"
    if hook in ("custom_parse", "custom_print"):
        verb = "parser" if hook == "custom_parse" else "printer"
        return f"the {verb} of format directive 'custom<{requirement.name}>'"
    if hook == "builder":
        assert isinstance(owner, OpDef)
        return f"builder '{_builder_name(owner, requirement.builder)}' of '{name}'"
    words = {
        "verifier": "the verifier",
        "region_verifier": "the region verifier",
        "fold": "the folder",
        "canonicalize": "the canonicalization",
        "canonicalization": "the canonicalization",
        "parser": "the parser",
        "printer": "the printer",
        "materialize_constant": "the constant materializer",
    }
    return f"{words[hook]} of '{name}'"


def check_implementation(
    dialect: DialectDef, providers: Sequence[InlineCode | ImplementationModule]
) -> list[SpecDiagnostic]:
    """The problems between the spec and its implementation module: a function a
    hook calls with arguments it does not accept, and a function named like a hook
    of an op, type or attribute whose spec does not ask for it (or writes it
    inline). Missing functions are reported by `hooks.check_hooks`."""
    module = next((p.module for p in providers if isinstance(p, ImplementationModule)), None)
    if module is None:
        return []
    inline = next(p for p in providers if isinstance(p, InlineCode))
    errors: list[SpecDiagnostic] = []
    used: set[str] = set()
    for requirement in (*required_hooks(dialect), *custom_directive_hooks(dialect)):
        name = module_function(requirement)
        if inline.provides(requirement):
            continue
        function = module.functions.get(name)
        if function is None:
            continue
        used.add(name)
        arguments = call_arguments(requirement)
        if arguments is None:
            continue
        count = _positional_count(arguments)
        if not function.accepts(count):
            keyword_note = (
                f" and keyword-only {', '.join(repr(k) for k in function.keyword_only)}"
                if function.keyword_only
                else ""
            )
            errors.append(
                SpecDiagnostic(
                    function.loc,
                    f"'{name}' takes {function.describe()}{keyword_note}, but "
                    f"{_what(requirement)} calls it with {count} "
                    f"({', '.join(arguments)})",
                    hint=f"define it as `def {name}({', '.join(_parameters(arguments))})`",
                    notes=_asked_at(requirement),
                )
            )
    errors.extend(_references(dialect, module))
    errors.extend(_unasked(dialect, module, used))
    return errors


def _references(dialect: DialectDef, module: ModuleSource) -> Iterator[SpecDiagnostic]:
    """The problems of the module's reference implementations: one the spec writes
    inline as well, or one that does not accept the arguments it is called with."""
    for op in dialect.ops:
        name = f"{hook_prefix(op)}_reference"
        function = module.functions.get(name)
        if function is None or function.required is None:
            continue
        notes = (
            [Diagnostic(Severity.NOTE, op.loc, f"'{op.def_name}' is defined here")]
            if op.loc is not None
            else []
        )
        if op.reference is not None:
            yield SpecDiagnostic(
                function.loc,
                f"'{name}' would be the reference implementation of '{op.def_name}', "
                "which the spec writes inline",
                hint="remove one of the two",
                notes=notes,
            )
            continue
        arguments = reference_arguments(op)
        if not function.accepts(len(arguments)):
            yield SpecDiagnostic(
                function.loc,
                f"'{name}' takes {function.describe()}, but the reference implementation "
                f"of '{op.def_name}' calls it with {len(arguments)} ({', '.join(arguments)})",
                hint=f"define it as `def {name}({', '.join(arguments)})`",
                notes=notes,
            )


def _parameters(arguments: list[str]) -> list[str]:
    """The parameter list that takes `arguments` (`name=name` -> keyword-only `name`)."""
    out: list[str] = []
    for a in arguments:
        if "=" in a:
            if not any(p.startswith("*") for p in out):
                out.append("*")
            out.append(a.split("=")[0])
        else:
            out.append(a)
    return out


def _unasked(dialect: DialectDef, module: ModuleSource, used: set[str]) -> Iterator[SpecDiagnostic]:
    owners: dict[str, Owner] = {}
    items: list[Owner] = [*dialect.ops, *dialect.types, *dialect.attributes]
    for item in items:
        owners.setdefault(hook_prefix(item), item)
    td = dialect.loc is not None and dialect.loc.file.name.endswith(".td")
    for name, function in module.functions.items():
        if name in used or function.required is None:
            continue
        for suffix, (what, td_flag, yaml_flag) in _UNASKED.items():
            prefix = name.removesuffix("_" + suffix)
            owner = owners.get(prefix) if prefix != name else None
            if owner is None:
                continue
            flag = f"let {td_flag} = 1;" if td else f"{yaml_flag}: true"
            inline_code = _inline_hook(owner, suffix)
            if inline_code:
                message = (
                    f"'{name}' would be {what} of '{owner.def_name}', which the spec writes inline"
                )
                hint = "remove one of the two"
            else:
                message = (
                    f"'{name}' would be {what} of '{owner.def_name}', but the spec does "
                    "not ask for it"
                )
                hint = f"set `{flag}` on '{owner.def_name}', or rename the function"
            notes = (
                [Diagnostic(Severity.NOTE, owner.loc, f"'{owner.def_name}' is defined here")]
                if owner.loc is not None
                else []
            )
            yield SpecDiagnostic(function.loc, message, hint=hint, notes=notes)
            break


def _inline_hook(owner: Owner, suffix: str) -> bool:
    """Whether the spec writes the hook named by `suffix` inline."""
    field = {
        "verify": "verifier",
        "verify_regions": "region_verifier",
        "fold": "fold",
        "canonicalize": "canonicalize",
        "parse": "parser",
        "print": "printer",
    }[suffix]
    return getattr(owner, field, None) is not None


# ---------------------------------------------------------------------------
# Delegation
# ---------------------------------------------------------------------------


def _method_wrapper(method: MethodInfo, function: str, alias: str) -> str:
    """A method of an interface whose body calls the module's `function`."""
    definition = method.definition
    first = "cls" if method.static else "self"
    if definition is not None:
        params = [
            method_name(a.name)
            + f": {python_annotation(a.type or 'object')}"
            + (f" = {a.default}" if a.default is not None else "")
            for a in definition.args
        ]
        returns = python_annotation(definition.return_type)
        signature = f"def {method.py_name}({', '.join([first, *params])}) -> {returns}"
    else:
        signature = method.signature
    call = f"{alias}.{function}({', '.join([first, *method.params])})"
    lines = ["@classmethod"] if method.static else []
    lines += [f"{signature}:", f"    return {call}"]
    return "\n".join(lines)


def _fill_declarations(code: SourceText, calls: dict[str, str]) -> SourceText:
    """`code` with the `...` body of each declared method in `calls` replaced by
    `return <call>`."""
    lines = code.text.split("\n")
    for node in declared_methods(code):
        call = calls.get(node.name)
        if call is None:
            continue
        ellipsis = node.body[-1]
        line = lines[ellipsis.lineno - 1]
        start = ellipsis.col_offset
        lines[ellipsis.lineno - 1] = line[:start] + f"return {call}" + line[start + 3 :]
    return code.model_copy(update={"text": "\n".join(lines)})


def _append(code: SourceText | None, text: str) -> SourceText:
    if code is None:
        return SourceText(text=text)
    return code.model_copy(update={"text": code.text.rstrip("\n") + "\n\n" + text})


def with_implementation(dialect: DialectDef) -> DialectDef:
    """The dialect with a body for each hook its implementation module implements:
    one line calling the module's function. Validation has checked that the module
    has each function the spec does not write inline."""
    if dialect.implementation_module is None:
        return dialect
    alias = module_alias(dialect.implementation_module)
    inline = InlineCode(dialect)
    updates: dict[int, dict[str, object]] = {}
    declared: dict[int, dict[str, str]] = {}
    appended: dict[int, list[str]] = {}
    builders: dict[int, str] = {}
    owners: dict[int, Owner | DialectDef] = {}
    for requirement in required_hooks(dialect):
        if requirement.hook in ("custom_parse", "custom_print"):
            continue
        if inline.provides(requirement):
            continue
        owner = requirement.owner
        key = id(owner)
        owners[key] = owner
        function = module_function(requirement)
        arguments = call_arguments(requirement)
        assert arguments is not None
        call = f"{alias}.{function}({', '.join(arguments)})"
        hook = requirement.hook
        if isinstance(owner, DialectDef):
            appended.setdefault(key, []).append(
                "def materialize_constant(\n"
                "    rewriter: PatternRewriter, value: Attribute, type_: Type, "
                "loc: Location | None\n"
                ") -> Operation | None:\n"
                f"    return {call}"
            )
        elif hook == "builder":
            builders[id(requirement.builder)] = f"return {call}"
        elif hook == "declared_method":
            assert requirement.name is not None
            declared.setdefault(key, {})[requirement.name] = call
        elif hook == "interface_method":
            assert requirement.method is not None
            name = requirement.method.py_name
            if any(n.name == name for n in declared_methods(owner.extra_code)):
                declared.setdefault(key, {})[name] = call
            else:
                appended.setdefault(key, []).append(
                    _method_wrapper(requirement.method, function, alias)
                )
        else:
            field = "canonicalize" if hook == "canonicalization" else hook
            updates.setdefault(key, {})[field] = SourceText(text=f"return {call}")
    found = read_module(dialect)
    if isinstance(found, ModuleSource):
        for op in dialect.ops:
            function = f"{hook_prefix(op)}_reference"
            if op.reference is None and function in found.functions:
                owners[id(op)] = op
                call = f"{alias}.{function}({', '.join(reference_arguments(op))})"
                updates.setdefault(id(op), {})["reference"] = SourceText(text=f"return {call}")
    return _rebuild(dialect, owners, updates, declared, appended, builders)


def _rebuild(
    dialect: DialectDef,
    owners: dict[int, Owner | DialectDef],
    updates: dict[int, dict[str, object]],
    declared: dict[int, dict[str, str]],
    appended: dict[int, list[str]],
    builders: dict[int, str],
) -> DialectDef:
    def rebuilt(item: Owner | DialectDef) -> dict[str, object]:
        key = id(item)
        fields = dict(updates.get(key, {}))
        code = item.extra_code
        if key in declared and code is not None:
            code = _fill_declarations(code, declared[key])
        for text in appended.get(key, []):
            code = _append(code, text)
        if code is not item.extra_code:
            fields["extra_code"] = code
        if isinstance(item, OpDef) and any(id(b) in builders for b in item.builders):
            fields["builders"] = tuple(
                b.model_copy(update={"body": SourceText(text=builders[id(b)])})
                if id(b) in builders
                else b
                for b in item.builders
            )
        return fields

    def each(items: tuple[Owner, ...]) -> tuple[Owner, ...]:
        out: list[Owner] = []
        for item in items:
            fields = rebuilt(item) if id(item) in owners or _has_builder(item, builders) else {}
            out.append(item.model_copy(update=fields) if fields else item)
        return tuple(out)

    top = rebuilt(dialect) if id(dialect) in owners else {}
    return dialect.model_copy(
        update={
            **top,
            "ops": each(dialect.ops),
            "types": each(dialect.types),
            "attributes": each(dialect.attributes),
        }
    )


def _has_builder(item: Owner, builders: dict[int, str]) -> bool:
    return isinstance(item, OpDef) and any(id(b) in builders for b in item.builders)
