"""The backends of one dialect, run in order: enums, types, attrs, ops, init and docs.

`render_dialect` returns the files of `generated/<package>/` and
`generated/docs/<dialect>.md` for one spec, each Python file tagged with its
template and spec; `postprocess.finish_python` then checks that they compile
(so a template bug is reported with the template and the spec that triggered it)
and formats them, once for all files.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

from generator.diagnostics import SpecValidationError
from generator.emit.docs import dialect_doc_name, render_dialect_doc
from generator.emit.enums import (
    attrs_module_view,
    enums_module_view,
    reference_infos,
    types_module_view,
)
from generator.emit.environment import doc_text, render
from generator.emit.ops import HelperImport, dialect_helper_imports, ops_module_view
from generator.emit.package import DialectPackageView, RootPackageView
from generator.emit.patterns import OpTarget, patterns_module_view
from generator.emit.predicates import ConstraintTable
from generator.emit.writer import OutputFile
from generator.ir import __all__ as ir_names
from generator.spec.hooks import check_hooks, custom_directive_hooks
from generator.spec.implementation import hook_providers, module_alias, with_implementation
from generator.spec.model import DialectDef, EnumDef

__all__ = ["op_targets", "render_dialect", "render_root_init"]


def op_targets(dialects: list[DialectDef], root: str = "generated") -> dict[str, OpTarget]:
    """The ops of other specs that patterns may name, by def name; `root` is the
    package those specs were generated into."""
    targets: dict[str, OpTarget] = {}
    for dialect in dialects:
        views = ops_module_view(dialect, "", reference_infos(dialect), {}).ops
        by_name = {v.op_name: v for v in views}
        for op in dialect.ops:
            view = by_name[f"{dialect.name}.{op.mnemonic}"]
            package = dialect.python_package
            targets[op.def_name] = OpTarget(op, dialect.name, package, view, f"{root}.{package}")
    return targets


#: Names a dialect's extra code may define, and the `Dialect` parameter each sets:
#: the hooks MLIR dialects implement in C++ (`materializeConstant`, the type
#: parser's error for an unknown type, and the class of an open dialect's ops).
DIALECT_HOOKS: dict[str, str] = {
    "materialize_constant": "constant_materializer",
    "unknown_type_message": "unknown_type_message",
    "fallback_op": "fallback_op",
}


def dialect_hooks(dialect: DialectDef) -> list[tuple[str, str]]:
    """The dialect hooks the spec's extra code defines: (parameter, name), by parameter."""
    if dialect.extra_code is None:
        return []
    try:
        tree = ast.parse(dialect.extra_code.text)
    except SyntaxError:
        return []
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return sorted((DIALECT_HOOKS[n], n) for n in names if n in DIALECT_HOOKS)


@dataclass(frozen=True)
class ImplementationBinding:
    """How a generated module binds the dialect's implementation module."""

    module: str
    """Its dotted name."""

    @property
    def alias(self) -> str:
        """The name generated code calls it by: its last component."""
        return module_alias(self.module)

    @property
    def import_line(self) -> str:
        """The import type checkers see."""
        package, _, name = self.module.rpartition(".")
        return f"from {package} import {name}" if package else f"import {name}"


def _check_custom_directives(dialect: DialectDef) -> None:
    """Raise `SpecValidationError` when a `custom<Name>` directive of an op format calls
    a function that neither the dialect's code, the runtime nor its implementation
    module defines."""
    providers, errors = hook_providers(dialect)
    if errors:
        # Validation reported them when the spec was read.
        return
    missing = check_hooks(dialect, providers, custom_directive_hooks(dialect))
    if missing:
        raise SpecValidationError(missing)


def _python_file(
    path: str,
    template: str,
    source: str,
    implementation: ImplementationBinding | None = None,
    **context: object,
) -> OutputFile:
    """One rendered Python module; with `implementation`, the module binds the
    implementation module when its code calls into it."""
    text = render(
        template,
        f"{source} ({path})",
        None,
        sources=source,
        markdown=False,
        implementation=None,
        **context,
    )
    if implementation is not None and re.search(rf"\b{implementation.alias}\.", text):
        text = render(
            template,
            f"{source} ({path})",
            None,
            sources=source,
            markdown=False,
            implementation=implementation,
            **context,
        )
    return OutputFile(path, text, template, source)


def render_dialect(
    dialect: DialectDef,
    source: str,
    foreign: dict[str, OpTarget] | None = None,
    *,
    root: str = "generated",
    regenerate: str = "make generate",
    foreign_enums: dict[str, EnumDef] | None = None,
    import_roots: dict[str, str] | None = None,
) -> list[OutputFile]:
    """Every generated file of one dialect spec (unformatted Python, final Markdown).

    `foreign` are the ops of other specs that the dialect's patterns may name;
    `root` is the package the dialect's package goes into, and `regenerate` the
    command the file banners name. `import_roots` gives the package each dialect
    whose enums or attributes the dialect imports goes into (by default `root`).
    """

    binding = (
        ImplementationBinding(dialect.implementation_module)
        if dialect.implementation_module is not None
        else None
    )

    def _python(path: str, template: str, source: str, **context: object) -> OutputFile:
        return _python_file(
            path, template, source, binding, root=root, regenerate=regenerate, **context
        )

    _check_custom_directives(dialect)
    spec = dialect
    # Hooks the implementation module implements get bodies that call it.
    dialect = with_implementation(dialect)
    package = dialect.python_package
    files: list[OutputFile] = []
    modules: list[tuple[str, list[str]]] = []
    imports: dict[str, list[str]] = {}
    if dialect.pattern_file:
        return _pattern_file(dialect, source, foreign, root, _python, foreign_enums)
    enums = enums_module_view(dialect, source)
    if enums.enums:
        files.append(_python(f"{package}/enums.py", "enums.py.j2", source, module=enums))
        modules.append(("enums", enums.all_names))
        imports["enums"] = enums.all_names
    types = types_module_view(dialect, source)
    if types.types or types.interfaces:
        files.append(
            _python(
                f"{package}/types.py",
                "types.py.j2",
                source,
                module=types,
                # The dialect's own classes win over runtime names they shadow.
                ir_names=sorted(set(ir_names) - set(types.all_names)),
                # A type's hand-written or runtime-provided syntax may call the
                # dialects' runtime code (`!pdl.range`'s element).
                helper_imports=[
                    HelperImport(h.module, [n for n in h.names if n not in types.all_names])
                    for h in dialect_helper_imports()
                ],
            )
        )
        modules.append(("types", types.all_names))
        imports["types"] = types.all_names
    attrs = attrs_module_view(dialect, source)
    if attrs.attrs or attrs.typed_attrs or attrs.parametric or attrs.interfaces:
        files.append(
            _python(
                f"{package}/attrs.py",
                "attrs.py.j2",
                source,
                module=attrs,
                ir_names=sorted(set(ir_names) - set(attrs.all_names)),
            )
        )
        modules.append(("attrs", attrs.all_names))
        imports["attrs"] = attrs.all_names
    roots = {i.dialect: root for i in dialect.imports}
    roots.update(import_roots or {})
    ops = ops_module_view(dialect, source, reference_infos(dialect), imports, roots)
    # A dialect of types or attributes only has no ops module.
    if (
        dialect.ops
        or ops.interfaces
        or dialect.extra_code is not None
        or dialect.allow_unknown_operations
    ):
        files.append(_python(f"{package}/ops.py", "ops.py.j2", source, module=ops))
        modules.append(("ops", ops.all_names))
    table = ConstraintTable(refs=reference_infos(dialect), summaries=dialect.def_summaries())
    patterns = patterns_module_view(dialect, source, ops.ops, foreign or {}, table, root)
    if patterns is not None:
        files.append(
            _python(
                f"{package}/patterns.py",
                "patterns.py.j2",
                source,
                module=patterns,
                ir_names=sorted(ir_names),
            )
        )
        modules.append(("patterns", patterns.all_names))
    dialect_imports: list[tuple[str, str]] = []
    dialect_args: list[tuple[str, str]] = []
    for module, listing, parameter in (
        ("ops", "OPS", "ops"),
        ("types", "TYPES", "types"),
        ("attrs", "ATTRIBUTES", "attributes"),
    ):
        if any(name == module for name, _ in modules):
            dialect_imports.append((module, listing))
            dialect_args.append((parameter, listing))
    if dialect.allow_unknown_operations:
        dialect_args.append(("is_open", "True"))
    for parameter, name in dialect_hooks(dialect):
        dialect_imports.append(("ops", name))
        dialect_args.append((parameter, name))
    if patterns is not None and patterns.sets:
        dialect_imports.append(("patterns", "PATTERN_SETS"))
        dialect_args.append(("pattern_sets", "PATTERN_SETS"))
    init = DialectPackageView(
        dialect=dialect.name,
        package=package,
        source=source,
        summary=doc_text(dialect.summary or f"the {dialect.name} dialect"),
        modules=modules,
        all_names=sorted(n for _, names in modules for n in names),
        dialect_imports=dialect_imports,
        dialect_args=dialect_args,
    )
    files.append(_python(f"{package}/__init__.py", "dialect_init.py.j2", source, module=init))
    files.append(OutputFile(f"docs/{dialect_doc_name(spec)}", render_dialect_doc(spec, source)))
    return files


def _pattern_file(
    dialect: DialectDef,
    source: str,
    foreign: dict[str, OpTarget] | None,
    root: str,
    python: Callable[..., OutputFile],
    foreign_enums: dict[str, EnumDef] | None,
) -> list[OutputFile]:
    """The package of a file of patterns: `patterns.py` and an `__init__` that
    exports its `PATTERN_SETS`."""
    package = dialect.python_package
    table = ConstraintTable(refs=reference_infos(dialect), summaries=dialect.def_summaries())
    patterns = patterns_module_view(dialect, source, [], foreign or {}, table, root, foreign_enums)
    assert patterns is not None  # validation requires patterns in a pattern file
    init = DialectPackageView(
        dialect=dialect.name,
        package=package,
        source=source,
        summary="",
        modules=[("patterns", patterns.all_names)],
        all_names=patterns.all_names,
        pattern_file=True,
    )
    return [
        python(
            f"{package}/patterns.py",
            "patterns.py.j2",
            source,
            module=patterns,
            ir_names=sorted(ir_names),
        ),
        python(f"{package}/__init__.py", "dialect_init.py.j2", source, module=init),
    ]


def render_root_init(
    packages: list[tuple[str, str, str]],
    *,
    pattern_packages: list[str] | None = None,
    regenerate: str = "make generate",
    with_builtins: bool = False,
) -> OutputFile:
    """The root package's `__init__.py`, listing every dialect package:
    (package, source, dialect). With `with_builtins` (a user's package), its
    registry and context also offer odsgen's built-in dialects."""
    sources = ", ".join(sorted(s for _, s, _ in packages)) or "opdefs/"
    view = RootPackageView(
        sources=sources,
        packages=sorted(p for p, _, _ in packages),
        dialects=sorted((d, p) for p, _, d in packages if p not in (pattern_packages or [])),
        pattern_packages=sorted(pattern_packages or []),
    )
    return _python_file(
        "__init__.py",
        "root_init.py.j2",
        sources,
        module=view,
        regenerate=regenerate,
        with_builtins=with_builtins,
    )
