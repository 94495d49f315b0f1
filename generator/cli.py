"""The `odsgen` command line.

* `odsgen opt FILE|-`: like `mlir-opt`, parse a `.mlir` file, verify it, apply
  pattern sets (`--canonicalize`, `--patterns NAME`), infer shapes from the ops'
  reference implementations (`--infer-shapes`) and print it back
  (`--print-generic`, `--split-input-file`, `--verify-diagnostics`,
  `--allow-unregistered-dialect`, `--mlir-print-debuginfo`, `-o OUT`).
* `odsgen run FILE|- [-e FUNC]`: execute function FUNC (default `main`) of a
  `.mlir` program by the ops' reference implementations, printing what MLIR's
  runner utilities print (`printI64`, `printF64`, ...), as `mlir-runner` does.
* `odsgen generate [--check]`: regenerate `generated/` from `opdefs/`.
* `odsgen records --json [-I DIR]... FILE.td`: evaluate a TableGen file and print
  its records as `llvm-tblgen --dump-json` does.
* `odsgen convert FILE --to yaml|td [-I DIR]... [-o OUT]`: write a `.yaml` spec
  as TableGen, or a `.td` spec as YAML.

Every problem with the input is printed as an MLIR-style diagnostic and gives exit
status 1; no input makes this command print a Python traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from generator.diagnostics import GeneratorError, SpecValidationError
from generator.ir.context import Context
from generator.ir.core import Operation
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity, render_diagnostic
from generator.ir.dialect import DialectRegistry
from generator.ir.expected_diagnostics import check_diagnostics
from generator.ir.nesting import call_with_deep_stack
from generator.ir.parser import parse_attribute, parse_module
from generator.ir.printer import print_operation
from generator.ir.rewrite import (
    apply_patterns_greedily,
)
from generator.ir.source import SourceFile
from generator.ir.verifier import location_of, verify

if TYPE_CHECKING:
    from generator.ir.interpreter import Interpreter
    from generator.spec.model import DialectDef

__all__ = ["main"]

#: A line that separates `--split-input-file` chunks.
_SPLIT_MARKER = re.compile(r"^[ \t]*// -----[ \t\r]*$", re.MULTILINE)


def split_chunks(source: SourceFile) -> list[SourceFile]:
    """Cut a buffer at `// -----` lines; each chunk keeps the file's line numbers."""
    text = source.text
    chunks: list[SourceFile] = []
    start = 0
    line = 1
    split_at: tuple[int, int] | None = None
    for m in _SPLIT_MARKER.finditer(text):
        chunk = text[start : m.start()]
        chunks.append(SourceFile(source.name, chunk, first_line=line, split_at=split_at))
        line += chunk.count("\n")
        # The next chunk starts right after the marker (`m` starts at its line's start).
        marker_end = text.index("// -----", m.start()) + len("// -----")
        split_at = (line, marker_end - m.start() + 1)
        line += text.count("\n", m.start(), m.end() + 1)
        start = m.end() + 1 if m.end() < len(text) and text[m.end()] == "\n" else m.end()
    chunks.append(SourceFile(source.name, text[start:], first_line=line, split_at=split_at))
    return chunks


def _process(
    chunk: SourceFile,
    ctx: Context,
    args: argparse.Namespace,
    diagnostics: list[Diagnostic],
    sink: Callable[[str], object],
) -> bool:
    """Parse, verify and print one chunk to `sink`; diagnostics go to `diagnostics`."""
    try:
        parsed = parse_module(chunk, ctx)
        verify(parsed.op, ctx, print_op_on_diagnostic=not args.verify_diagnostics)
    except DiagnosticError as e:
        diagnostics.extend(e.diagnostics)
        return False
    except RecursionError:
        diagnostics.append(
            Diagnostic(Severity.ERROR, chunk.loc(0), "input nests too deeply to be processed")
        )
        return False
    for pass_name in getattr(args, "passes", None) or ():
        try:
            _run_pass(
                pass_name,
                parsed.op,
                ctx,
                fold_references=not getattr(args, "mlir_folders_only", False),
            )
            verify(parsed.op, ctx, print_op_on_diagnostic=not args.verify_diagnostics)
        except DiagnosticError as e:
            diagnostics.extend(e.diagnostics)
            return False
    text = print_operation(
        parsed.op,
        generic=args.print_generic,
        debuginfo=args.mlir_print_debuginfo,
        resources=parsed.resources,
        sink=sink,
    )
    sink(text + "\n")
    return True


def _run_pass(name: str, op: Operation, ctx: Context, *, fold_references: bool = True) -> None:
    """Apply a pattern set to the regions of `op`, as mlir-opt's greedy passes do.

    `canonicalize` is MLIR's canonicalizer: every registered canonicalization
    pattern and every folder, ops visited in program order, at most ten sweeps.
    Any other name is a set registered by the generated dialects (`--patterns`),
    applied bottom-up with folding, as a pass calling `applyPatternsGreedily` does.
    A set that does not converge is reported as a warning, and the IR is printed
    as the last sweep left it. Pure ops without a folder fold by their reference
    implementations unless `fold_references` is False (`--mlir-folders-only`).
    """
    if name == "infer-shapes":
        from generator.ir.shapes import CannotEvaluate, infer_shapes

        try:
            infer_shapes(op, ctx)
        except CannotEvaluate as e:
            raise DiagnosticError(Diagnostic(Severity.ERROR, location_of(op), str(e))) from None
        return
    if name != "canonicalize":
        # A named set may belong to dialects the input does not use (tfl's
        # legalize-tf for tf input); the canonicalization patterns of the dialects
        # the input uses came with them.
        ctx.load_all_available_dialects()
    else:
        # Files of patterns may add to `canonicalize` too.
        ctx.load_pattern_modules()
    patterns = ctx.pattern_set(name)
    if name != "canonicalize" and not patterns:
        known = ", ".join(n for n in ctx.pattern_set_names() if n != "canonicalize") or "none"
        raise DiagnosticError(
            Diagnostic(
                Severity.ERROR,
                location_of(op),
                f"no pattern set named '{name}' (the generated dialects have: {known})",
            )
        )
    # The canonicalizer visits ops in program order; a pass applying a pattern set
    # with `applyPatternsGreedily` (a legalization) goes bottom-up, MLIR's default.
    top_down = name == "canonicalize"
    try:
        apply_patterns_greedily(
            op,
            patterns,
            top_down=top_down,
            ctx=ctx,
            raise_on_failure=True,
            fold_references=fold_references,
        )
    except DiagnosticError as e:
        # Best effort, as mlir-opt's greedy passes: the result is printed, with a warning.
        for d in e.diagnostics:
            d.severity = Severity.WARNING
            sys.stderr.write(render_diagnostic(d) + "\n")


#: The entry-point group through which installed packages offer generated dialects.
DIALECTS_ENTRY_POINT_GROUP = "odsgen.dialects"


#: Where a built-in dialect comes from, in messages.
_BUILTIN_ORIGIN = "odsgen's built-in dialects"


class DialectLoadError(Exception):
    """A dialect package named by `--load-dialect` or an entry point cannot be used."""


def _dialect_packages(modules: Sequence[str]) -> list[tuple[str, str]]:
    """(module, where it was named) of every package of generated dialects to offer:
    those of the `odsgen.dialects` entry points, then `modules` (`--load-dialect`)."""
    from importlib.metadata import entry_points

    found = [
        (ep.value.split(":")[0], f"entry point '{ep.name}' of {ep.dist.name if ep.dist else '?'}")
        for ep in entry_points(group=DIALECTS_ENTRY_POINT_GROUP)
    ]
    return found + [(m, "--load-dialect") for m in modules]


def dialect_registry(
    modules: Sequence[str] = (), *, replace_builtin: bool = False
) -> DialectRegistry:
    """The built-in dialects, those of installed packages that announce themselves
    (entry-point group `odsgen.dialects`) and those of `modules`, each a package
    generated by `odsgen generate -o` (its `DIALECTS` maps names to subpackages).
    Dialects load on first use; a name offered twice is an error, except that with
    `replace_builtin` a dialect of `modules` replaces the built-in dialect of its
    name (an MLIR tool built with the user's version of a dialect). The registry
    is this run's alone: nothing changes for other contexts, and the built-in
    dialects that use the replaced one's definitions (math's `fastmath`, arith's
    attribute) keep their own references to them."""
    registry = DialectRegistry()
    origin: dict[str, str] = {}
    try:
        import generated
    except ImportError:
        pass
    else:
        for name, package in generated.DIALECTS.items():
            registry.add_module(name, f"generated.{package}")
            origin[name] = _BUILTIN_ORIGIN
        for package in generated.PATTERN_PACKAGES:
            registry.add_pattern_module(f"generated.{package}")
    packages = _dialect_packages(modules)
    if packages and os.getcwd() not in sys.path:
        # As `python -m` would, a package in the current directory can be named;
        # last, so that it cannot shadow an installed one.
        sys.path.append(os.getcwd())
    for module_name, where in packages:
        try:
            module = importlib.import_module(module_name)
        except Exception as e:
            raise DialectLoadError(
                f"cannot import dialect package '{module_name}' ({where}): {type(e).__name__}: {e}"
            ) from e
        dialects = getattr(module, "DIALECTS", None)
        if not isinstance(dialects, dict):
            raise DialectLoadError(
                f"'{module_name}' ({where}) is not a package generated by `odsgen generate -o`: "
                "it has no DIALECTS"
            )
        for name, package in dialects.items():
            replaces = (
                replace_builtin
                and where == "--load-dialect"
                and origin.get(name) == _BUILTIN_ORIGIN
            )
            if name in origin and not replaces:
                hint = (
                    " (--replace-builtin lets it replace the built-in one)"
                    if origin[name] == _BUILTIN_ORIGIN and where == "--load-dialect"
                    else ""
                )
                raise DialectLoadError(
                    f"dialect '{name}' of '{module_name}' ({where}) is also defined by "
                    f"{origin[name]}{hint}"
                )
            registry.add_module(name, f"{module_name}.{package}")
            origin[name] = f"'{module_name}'"
        for package in getattr(module, "PATTERN_PACKAGES", ()):
            registry.add_pattern_module(f"{module_name}.{package}")
    return registry


def _context(
    allow_unregistered_dialects: bool,
    modules: Sequence[str] = (),
    *,
    replace_builtin: bool = False,
) -> Context:
    """A context that loads the built-in and the user's dialects on first use.

    As in an MLIR context, the parser loads a dialect when the input names one of
    its ops, types or attributes, so a run pays only for the dialects its input
    uses; `builtin` is always loaded.
    """
    return Context(
        allow_unregistered_dialects=allow_unregistered_dialects,
        registry=dialect_registry(modules, replace_builtin=replace_builtin),
    )


def run_check_patterns(args: argparse.Namespace) -> int:
    """The `check-patterns` subcommand: 0 when no pattern gives a different result."""
    from generator.check_patterns import SEED, check_sets

    try:
        ctx = _context(False, args.load_dialects)
    except DialectLoadError as e:
        print(f"odsgen check-patterns: {e}", file=sys.stderr)
        return 1
    ctx.load_all_available_dialects()
    names = list(args.sets) or ctx.pattern_set_names()
    unknown = [n for n in names if not ctx.pattern_set(n)]
    if unknown:
        known = ", ".join(ctx.pattern_set_names()) or "none"
        print(
            f"odsgen check-patterns: no pattern set named '{unknown[0]}' "
            f"(the dialects have: {known})",
            file=sys.stderr,
        )
        return 1
    seed = SEED if args.seed is None else args.seed
    _, ok = check_sets(ctx, names, sys.stdout.write, seed=seed)
    return 0 if ok else 1


def run_opt(args: argparse.Namespace) -> int:
    """The `opt` subcommand."""
    if args.input == "-":
        name = "<stdin>"
        # Bytes, decoded without newline translation, from stdin as from a file:
        # MLIR's lexer sees every carriage return, and both give the same lines.
        text = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape")
    else:
        name = args.input
        try:
            text = Path(args.input).read_bytes().decode("utf-8", errors="surrogateescape")
        except OSError as e:
            print(
                f"odsgen opt: could not open input file '{args.input}': {e.strerror}",
                file=sys.stderr,
            )
            return 1
    source = SourceFile(name, text)
    try:
        ctx = _context(
            args.allow_unregistered_dialect,
            args.load_dialects,
            replace_builtin=args.replace_builtin,
        )
    except DialectLoadError as e:
        print(f"odsgen opt: error: {e}", file=sys.stderr)
        return 1
    chunks = split_chunks(source) if args.split_input_file else [source]
    if args.output and args.output != "-":
        try:
            stream: TextIO = open(args.output, "w", encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
        except OSError as e:
            print(
                f"odsgen opt: could not open output file '{args.output}': {e.strerror}",
                file=sys.stderr,
            )
            return 1
    else:
        stream = sys.stdout
    try:
        try:
            return _run_chunks(source, chunks, ctx, args, stream)
        finally:
            if stream is not sys.stdout:
                stream.close()
            else:
                stream.flush()
    except OSError as e:
        # A full device or a closed pipe shows only when the text is written out.
        where = args.output if args.output and args.output != "-" else "<stdout>"
        print(f"odsgen opt: error writing to '{where}': {e.strerror}", file=sys.stderr)
        return 1


def _run_chunks(
    source: SourceFile,
    chunks: list[SourceFile],
    ctx: Context,
    args: argparse.Namespace,
    stream: TextIO,
) -> int:
    """Process every chunk, writing outputs joined by `// -----` as mlir-opt does."""
    all_diags: list[Diagnostic] = []
    # On a deep stack, so that IR nested as deeply as the parser accepts is verified,
    # rewritten and printed too.
    try:
        failed = call_with_deep_stack(lambda: _process_chunks(chunks, ctx, args, stream, all_diags))
    except KeyboardInterrupt:
        # The work goes on in its thread, which nothing can stop, and could hold the
        # output streams when Python exits: end the process now, as mlir-opt ends on
        # Ctrl-C.
        print("odsgen opt: interrupted", file=sys.stderr, flush=True)
        os._exit(128 + signal.SIGINT)
    status = 1 if failed else 0
    # Checked here, on the main thread: only it can bound the time a regex may take.
    if args.verify_diagnostics:
        failures = check_diagnostics(source, all_diags)
        for f in failures:
            sys.stderr.write(render_diagnostic(f) + "\n")
        status = 1 if failures else 0
    return status


def _process_chunks(
    chunks: list[SourceFile],
    ctx: Context,
    args: argparse.Namespace,
    stream: TextIO,
    all_diags: list[Diagnostic],
) -> bool:
    """Process every chunk, collecting diagnostics; returns True when one failed."""
    failed = False
    # The IR is built once and lives until the chunk is printed, so the cyclic
    # collector would only rescan it over and over (12% of a 200k-op run); it runs
    # between chunks instead.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for i, chunk in enumerate(chunks):
            if i:
                stream.write("// -----\n")
                gc.collect()
            # mlir-opt gives each chunk a context of its own: names a dialect gave
            # its types in one chunk (LLVM's identified structs) are not the next's.
            ctx.identified_types.clear()
            failed = _run_chunk(chunk, ctx, args, stream, all_diags) or failed
    finally:
        if gc_was_enabled:
            gc.enable()
    return failed


def _run_chunk(
    chunk: SourceFile,
    ctx: Context,
    args: argparse.Namespace,
    stream: TextIO,
    all_diags: list[Diagnostic],
) -> bool:
    """Process one chunk; returns True when it failed."""
    diags: list[Diagnostic] = []
    _process(chunk, ctx, args, diags, stream.write)
    if not diags:
        return False
    all_diags.extend(diags)
    if not args.verify_diagnostics:
        for d in diags:
            sys.stderr.write(render_diagnostic(d) + "\n")
    return True


def run_generate(args: argparse.Namespace) -> int:
    """The `generate` subcommand: regenerate `generated/` (or check it with `--check`),
    or generate a user's specs into their package (`SPEC... -o OUT_DIR`)."""
    from generator.emit.build import Project, ProjectError, generate
    from generator.emit.writer import GenerationInterrupted, check_interrupted, handle_interrupts

    if args.specs:
        if args.output is None:
            print("odsgen generate: error: SPEC... needs -o OUT_DIR", file=sys.stderr)
            return 2
        missing = [s for s in args.specs if not Path(s).is_file()]
        if missing:
            print(f"odsgen generate: error: no spec file '{missing[0]}'", file=sys.stderr)
            return 1
        project = Project.user(
            [Path(s) for s in args.specs],
            Path(args.output),
            args.package,
            [Path(d) for d in args.include_dirs],
        )
        shown = f"{project.out}/"
    elif args.output is not None or args.package is not None or args.include_dirs:
        print("odsgen generate: error: -o, --package and -I need SPEC files", file=sys.stderr)
        return 2
    else:
        project = Project.checkout(Path(args.root))
        shown = "generated/"
    try:
        with handle_interrupts():
            result = generate(project, check=args.check)
            check_interrupted()
    except ProjectError as e:
        print(f"odsgen generate: error: {e}", file=sys.stderr)
        return 1
    except GenerationInterrupted as e:
        # The writer replaces the tree in one step, so it is whole either way.
        print(f"odsgen generate: interrupted by {e}; no partial output written", file=sys.stderr)
        return 128 + e.signum
    except OSError as e:
        where = f"'{e.filename}': " if e.filename else ""
        print(
            f"odsgen generate: error: {where}{e.strerror or e}; {shown} left as it was",
            file=sys.stderr,
        )
        return 1
    report = result.report
    if args.check:
        if report.clean:
            return 0
        for line in report.lines():
            print(f"odsgen generate --check: {line}", file=sys.stderr)
        print(f"run `{project.regenerate}` to update {shown}", file=sys.stderr)
        return 1
    changed = len(report.stale) + len(report.missing) + len(report.orphans)
    specs = ", ".join(result.regenerated) if result.regenerated else "no spec changed"
    print(
        f"odsgen generate: {shown} {'updated' if changed else 'is up to date'} "
        f"({changed} file(s) changed; regenerated: {specs})"
    )
    return 0


def run_records(args: argparse.Namespace) -> int:
    """The `records` subcommand: print a TableGen file's records as JSON."""
    # Imported here so that `odsgen opt` does not load the TableGen front end.
    from generator.tablegen import dump_json, load_records

    if not args.json:
        print("odsgen records: only --json output is supported", file=sys.stderr)
        return 1
    path = Path(args.input)
    if not path.is_file():
        print(f"odsgen records: could not open input file '{args.input}'", file=sys.stderr)
        return 1
    keeper = load_records(path, [Path(d) for d in args.include_dirs])
    sys.stdout.write(dump_json(keeper) + "\n")
    return 0


def run_convert(args: argparse.Namespace) -> int:
    """The `convert` subcommand: a `.yaml` spec as `.td`, or a `.td` spec as YAML."""
    # Imported here so that `odsgen opt` does not load the spec front ends.
    from generator.spec.convert import convert_file
    from generator.spec.to_td import td_losses

    path = Path(args.input)
    if path.suffix not in (".yaml", ".yml", ".td") or not path.is_file():
        print(f"odsgen convert: could not open spec file '{args.input}'", file=sys.stderr)
        return 1
    text, dialect = convert_file(path, args.to, [Path(d) for d in args.include_dirs])
    if args.to == "td":
        for warning in td_losses(dialect):
            sys.stderr.write(render_diagnostic(warning) + "\n")
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as e:
            print(f"odsgen convert: could not write '{args.output}': {e.strerror}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


def _builtin_dialect_names() -> frozenset[str]:
    """The names of the dialects odsgen ships, generated into `generated/`."""
    try:
        import generated
    except ImportError:
        return frozenset()
    return frozenset(generated.DIALECTS)


def run_import(args: argparse.Namespace) -> int:
    """The `import` subcommand: ODS written on MLIR's `OpBase.td` as Python dialects."""
    from generator.emit.build import Project, ProjectError, generate
    from generator.spec.mlir_import import (
        defined_functions,
        hook_lines,
        import_records,
        problem_lines,
        read_records,
        report_lines,
        skeleton_text,
    )
    from generator.spec.to_yaml import dialect_to_yaml

    if args.output is None and not args.report:
        print("odsgen import: error: FILE.td... needs -o OUT_DIR or --report", file=sys.stderr)
        return 2
    missing = [f for f in args.files if not Path(f).is_file()]
    if missing:
        print(f"odsgen import: error: could not open input file '{missing[0]}'", file=sys.stderr)
        return 1
    include_dirs = [Path(d) for d in args.include_dirs]
    loaded = []
    failed = False
    for f in args.files:
        # A file that does not evaluate is reported and skipped; the others import.
        try:
            loaded.append((Path(f).name, read_records(Path(f), include_dirs)))
        except DiagnosticError as e:
            for d in e.diagnostics:
                sys.stderr.write(render_diagnostic(d) + "\n")
            failed = True
    dialects = import_records(loaded, _emit_check)
    out = Path(args.output) if args.output is not None else None
    package = args.package or (out.resolve().name if out is not None else "imported")
    impl_package = f"{package}_impl"
    defined: dict[str, frozenset[str]] = {}
    specs: list[Path] = []
    if not package.isidentifier():
        print(
            f"odsgen import: error: '{package}' is not a Python package name "
            "(use --package NAME, an identifier)",
            file=sys.stderr,
        )
        return 2
    if out is not None:
        if out.exists() and not out.is_dir():
            print(f"odsgen import: error: output '{out}' is not a directory", file=sys.stderr)
            return 1
        if not out.resolve().parent.is_dir():
            # As `mkdir` without `-p`: a mistyped path should not grow directories.
            print(
                f"odsgen import: error: cannot write '{out}': its parent directory does not exist",
                file=sys.stderr,
            )
            return 1
        impl_dir = out / impl_package
        impl_dir.mkdir(parents=True, exist_ok=True)
        init = impl_dir / "__init__.py"
        if not init.exists():
            init.write_text('"""Hand-written hooks of the imported dialects."""\n', "utf-8")
        builtin = _builtin_dialect_names()
        for name, imported in sorted(dialects.items()):
            if name in builtin:
                # Generated under its own name, as a tool built with the user's version
                # of a dialect; it replaces odsgen's only where a run asks for it.
                print(
                    f"odsgen import: note: dialect '{name}' is also one of odsgen's built-in "
                    f"dialects; `odsgen opt --load-dialect {package} --replace-builtin` "
                    "uses this one in its place",
                    file=sys.stderr,
                )
            module = impl_dir / f"{imported.module_name}.py"
            if not module.exists():
                module.write_text(skeleton_text(imported), encoding="utf-8")
            defined[name] = defined_functions(module)
            dialect = imported.dialect_def(defined[name], f"{impl_package}.{imported.module_name}")
            spec = out / f"{name}.yaml"
            spec.write_text(dialect_to_yaml(dialect), encoding="utf-8")
            specs.append(spec)
    if args.report:
        for line in report_lines(dialects, defined):
            print(line)
        if args.verbose:
            for line in problem_lines(dialects) + hook_lines(dialects, defined):
                print(f"  {line}")
    if out is None:
        return 1 if failed else 0
    project = dataclasses.replace(
        Project.user(specs, out / package, package, include_dirs=[]), replace_builtin=True
    )
    try:
        generate(project, check=False)
    except ProjectError as e:
        print(f"odsgen import: error: {e}", file=sys.stderr)
        return 1
    return 1 if failed else 0


def _emit_check(dialect: DialectDef) -> list[str]:
    """What the code generator rejects in a dialect (`odsgen import` asks it of each
    op alone, so that such an op is reported incomplete instead of failing the run)."""
    from generator.emit.enums import reference_infos
    from generator.emit.ops import ops_module_view

    try:
        ops_module_view(dialect, "", reference_infos(dialect), {})
    except SpecValidationError as e:
        return [d.message for d in e.diagnostics]
    return []


def run_run(args: argparse.Namespace) -> int:
    """The `run` subcommand: parse and verify the program, then interpret it."""
    from generator.ir.interpreter import (
        Interpreter,
        InterpreterError,
        format_result,
        format_value,
    )

    if args.input == "-":
        name = "<stdin>"
        text = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape")
    else:
        name = args.input
        try:
            text = Path(args.input).read_bytes().decode("utf-8", errors="surrogateescape")
        except OSError as e:
            print(
                f"odsgen run: could not open input file '{args.input}': {e.strerror}",
                file=sys.stderr,
            )
            return 1
    source = SourceFile(name, text)
    try:
        ctx = _context(False, args.load_dialects, replace_builtin=args.replace_builtin)
    except DialectLoadError as e:
        print(f"odsgen run: error: {e}", file=sys.stderr)
        return 1
    parsed = parse_module(source, ctx)
    verify(parsed.op, ctx)
    out = sys.stdout
    try:
        interpreter = Interpreter(parsed.op, out.write, ctx)
        if args.fetches:
            return _run_graph(interpreter, parsed.op, args, ctx)
        results = call_with_deep_stack(lambda: interpreter.run(args.entry))
        if args.print_results:
            types = interpreter.result_types(args.entry)
            for value, type_ in zip(results, types, strict=True):
                out.write(format_value(value, type_) + "\n")
        if args.entry_point_result != "void":
            # As mlir-runner's `-entry-point-result=i32|i64|f32`: the one result, printed.
            out.write(format_result(results, args.entry_point_result) + "\n")
    except InterpreterError as e:
        out.flush()
        loc = location_of(e.op) if e.op is not None else None
        if loc is None:
            print(f"odsgen run: error: {e.message}", file=sys.stderr)
        else:
            sys.stderr.write(render_diagnostic(Diagnostic(Severity.ERROR, loc, e.message)) + "\n")
        return 1
    out.flush()
    return 0


def _run_graph(
    interpreter: Interpreter, module: Operation, args: argparse.Namespace, ctx: Context
) -> int:
    """`odsgen run FILE --fetch NAME [--feed NAME=ATTR]`: run the module's `tfg.graph`
    and print the fetched values (an `InterpreterError` is the caller's to report)."""
    from generator.ir.attributes import DenseElementsAttr
    from generator.ir.interpreter import InterpreterError, format_value
    from generator.ir.semantics import SemanticsError
    from generator.ir.tensor_semantics import constant

    graphs = [op for op in module.regions[0].blocks[0].ops if op.name == "tfg.graph"]
    if not graphs:
        raise InterpreterError(None, "--fetch needs a 'tfg.graph' in the module")
    feeds: dict[str, Any] = {}
    for feed in args.feeds:
        name, sep, text = feed.partition("=")
        try:
            if not sep:
                raise ValueError("expected NAME=VALUE")
            attr = parse_attribute(text, ctx)
            if not isinstance(attr, DenseElementsAttr):
                raise ValueError("expected an elements attribute, such as dense<1> : tensor<i32>")
            feeds[name] = constant(attr, attr.type)
        except (ValueError, DiagnosticError, SemanticsError) as e:
            message = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise InterpreterError(None, f"--feed '{feed}': {message}") from None
    graph = graphs[0]
    values = interpreter.run_graph(graph, feeds, args.fetches)
    fetched = interpreter.fetched_values(graph, args.fetches)
    for value, result in zip(values, fetched, strict=True):
        sys.stdout.write(format_value(value, result.type) + "\n")
    sys.stdout.flush()
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of `odsgen`."""
    parser = argparse.ArgumentParser(prog="odsgen", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    opt = sub.add_parser("opt", help="parse, verify and print a .mlir file, like mlir-opt")
    opt.add_argument("input", nargs="?", default="-", help="input file, '-' for stdin")
    opt.add_argument("-o", dest="output", default=None, help="output file (default stdout)")
    opt.add_argument(
        "--print-generic",
        "--mlir-print-op-generic",
        dest="print_generic",
        action="store_true",
        help="print ops in the generic form",
    )
    opt.add_argument(
        "--allow-unregistered-dialect",
        "-allow-unregistered-dialect",
        dest="allow_unregistered_dialect",
        action="store_true",
        help="accept ops of dialects that are not registered",
    )
    opt.add_argument(
        "--split-input-file",
        "-split-input-file",
        dest="split_input_file",
        action="store_true",
        help="process each '// -----' chunk of the input separately",
    )
    opt.add_argument(
        "--verify-diagnostics",
        "-verify-diagnostics",
        dest="verify_diagnostics",
        action="store_true",
        help="check diagnostics against expected-* annotations in the input",
    )
    opt.add_argument(
        "--canonicalize",
        "-canonicalize",
        dest="passes",
        action="append_const",
        const="canonicalize",
        help="apply the canonicalization patterns and folders (in command-line order)",
    )
    opt.add_argument(
        "--infer-shapes",
        "-infer-shapes",
        dest="passes",
        action="append_const",
        const="infer-shapes",
        help="refine tensor result types from the ops' reference implementations "
        "(docs/shapes.md; in command-line order)",
    )
    opt.add_argument(
        "--patterns",
        dest="passes",
        action="append",
        metavar="NAME",
        help="apply the named pattern set, such as legalize-tf (in command-line order)",
    )
    opt.add_argument(
        "--mlir-folders-only",
        action="store_true",
        help="fold only ops that have folders, as mlir-opt does: pure ops without one "
        "do not fold by their reference implementations",
    )
    opt.add_argument(
        "--load-dialect",
        dest="load_dialects",
        action="append",
        default=[],
        metavar="MODULE",
        help="also offer the dialects of a package made by `odsgen generate -o` (repeatable)",
    )
    opt.add_argument(
        "--replace-builtin",
        dest="replace_builtin",
        action="store_true",
        help="a --load-dialect package's dialect replaces odsgen's built-in dialect of its "
        "name in this run (as `odsgen import` makes for math, index, ...)",
    )
    opt.add_argument(
        "--mlir-print-debuginfo",
        "-mlir-print-debuginfo",
        dest="mlir_print_debuginfo",
        action="store_true",
        help="print locations",
    )
    gen = sub.add_parser(
        "generate",
        help="generate dialect packages from specs (no SPEC: this checkout's generated/)",
        description="Generate Python dialect packages from .td or .yaml specs. With SPEC "
        "files, write one subpackage per dialect under OUT_DIR (a package named NAME, "
        "by default OUT_DIR's name) and its LangRef page under OUT_DIR/docs/; odsgen "
        "owns OUT_DIR and replaces it whole. With no SPEC, regenerate generated/ from "
        "opdefs/ of the checkout at --root.",
    )
    gen.add_argument("specs", nargs="*", metavar="SPEC", help="a .td or .yaml dialect spec")
    gen.add_argument("-o", dest="output", metavar="OUT_DIR", help="the package directory to write")
    gen.add_argument(
        "--package", metavar="NAME", help="the import name of OUT_DIR (default: its name)"
    )
    gen.add_argument(
        "-I",
        dest="include_dirs",
        action="append",
        default=[],
        metavar="DIR",
        help="a directory to search for included .td files (repeatable; the base library "
        "is implied)",
    )
    gen.add_argument("--check", action="store_true", help="report stale files instead of writing")
    gen.add_argument(
        "--root", default=".", help="checkout root, with no SPEC (default: current directory)"
    )
    rec = sub.add_parser("records", help="print a TableGen file's records, like llvm-tblgen")
    rec.add_argument("input", help="the .td file")
    rec.add_argument("--json", action="store_true", help="print like llvm-tblgen --dump-json")
    rec.add_argument(
        "-I",
        dest="include_dirs",
        action="append",
        default=[],
        metavar="DIR",
        help="a directory to search for included files (repeatable)",
    )
    imp = sub.add_parser(
        "import",
        help="import dialects written for mlir-tblgen (on MLIR's OpBase.td) as Python",
        description="Read ODS written on MLIR's own OpBase.td and generate Python dialects: "
        "OUT_DIR/<dialect>.yaml (the imported spec), OUT_DIR/NAME/ (the generated package) "
        "and OUT_DIR/NAME_impl/<dialect>_impl.py (the hooks MLIR keeps in C++, a skeleton "
        "written once). Ops that need hooks not yet written are left out and reported.",
    )
    imp.add_argument("files", nargs="+", metavar="FILE.td", help="a .td file of ops")
    imp.add_argument("-o", dest="output", metavar="OUT_DIR", help="the directory to write")
    imp.add_argument(
        "--package", metavar="NAME", help="the generated package's name (default: OUT_DIR's)"
    )
    imp.add_argument(
        "-I",
        dest="include_dirs",
        action="append",
        default=[],
        metavar="DIR",
        help="a directory to search for included .td files, e.g. MLIR's include directory",
    )
    imp.add_argument(
        "--report", action="store_true", help="print how many ops of each dialect are complete"
    )
    imp.add_argument(
        "-v", dest="verbose", action="store_true", help="with --report: why each op is incomplete"
    )
    run = sub.add_parser(
        "run", help="execute a function of a .mlir program by the ops' reference implementations"
    )
    run.add_argument("input", nargs="?", default="-", help="input file, '-' for stdin")
    run.add_argument("-e", dest="entry", default="main", help="the function to call (default main)")
    run.add_argument(
        "--entry-point-result",
        "-entry-point-result",
        dest="entry_point_result",
        choices=["void", "i32", "i64", "f32"],
        default="void",
        help="the entry's result type; other than void, its result is printed (as mlir-runner)",
    )
    run.add_argument(
        "--fetch",
        dest="fetches",
        action="append",
        default=[],
        metavar="NODE[:N]",
        help="run the module's tfg.graph instead of a function and print this node's output (repeatable)",
    )
    run.add_argument(
        "--feed",
        dest="feeds",
        action="append",
        default=[],
        metavar="NODE=ATTR",
        help="the value of a placeholder of the tfg.graph, as an elements attribute (repeatable)",
    )
    run.add_argument(
        "--print-results",
        dest="print_results",
        action="store_true",
        help="print each result of the entry on a line of its own (tensors as dense<...>)",
    )
    run.add_argument(
        "--load-dialect",
        dest="load_dialects",
        action="append",
        default=[],
        metavar="MODULE",
        help="also offer the dialects of a package made by `odsgen generate -o` (repeatable)",
    )
    run.add_argument(
        "--replace-builtin",
        dest="replace_builtin",
        action="store_true",
        help="a --load-dialect package's dialect replaces odsgen's built-in dialect of its "
        "name in this run (as `odsgen import` makes for math, index, ...)",
    )
    check = sub.add_parser(
        "check-patterns",
        help="check pattern sets against the ops' reference implementations on random inputs",
    )
    check.add_argument(
        "sets", nargs="*", metavar="SET", help="pattern sets to check (default: every set)"
    )
    check.add_argument(
        "--load-dialect",
        dest="load_dialects",
        action="append",
        default=[],
        metavar="MODULE",
        help="also offer the dialects of a package made by `odsgen generate -o` (repeatable)",
    )
    check.add_argument(
        "--seed", type=int, default=None, help="the seed of the random instances and inputs"
    )
    conv = sub.add_parser("convert", help="write a .yaml spec as .td, or a .td spec as YAML")
    conv.add_argument("input", help="the .yaml or .td spec")
    conv.add_argument("--to", required=True, choices=("yaml", "td"), help="the output form")
    conv.add_argument("-o", dest="output", default=None, help="output file (default stdout)")
    conv.add_argument(
        "-I",
        dest="include_dirs",
        action="append",
        default=[],
        metavar="DIR",
        help="a directory to search for included files (repeatable; opdefs/include is implied)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `odsgen` with `argv` (default: the process arguments) and return the exit status."""
    args = build_parser().parse_args(list(argv) if argv is not None else None)
    # MLIR integers are as wide as 2**24 - 1 bits (over five million decimal digits);
    # Python's default cap on int/text conversion (4,300 digits, a guard for services)
    # would reject valid IR. The program lifts it, not the library it imports.
    sys.set_int_max_str_digits(0)
    commands = {
        "opt": run_opt,
        "run": run_run,
        "records": run_records,
        "convert": run_convert,
        "import": run_import,
        "check-patterns": run_check_patterns,
    }
    try:
        return commands.get(args.command, run_generate)(args)
    # Bad input anywhere (a .td or YAML spec) is reported as diagnostics, never a traceback.
    except DiagnosticError as e:
        for d in e.diagnostics:
            sys.stderr.write(render_diagnostic(d) + "\n")
        return 1
    except GeneratorError as e:
        sys.stderr.write(e.render() + "\n")
        return 1
    except RecursionError:
        print(f"odsgen {args.command}: input nests too deeply to be processed", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # Ctrl-C outside `generate` (which handles it itself): nothing to clean up.
        print(f"odsgen {args.command}: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except BrokenPipeError:
        # The reader went away (`odsgen ... | head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
