"""The `odsgen` command line.

* `odsgen opt FILE|-`: like `mlir-opt`, parse a `.mlir` file, verify it, apply
  pattern sets (`--canonicalize`, `--patterns NAME`) and print it back
  (`--print-generic`, `--split-input-file`, `--verify-diagnostics`,
  `--allow-unregistered-dialect`, `--mlir-print-debuginfo`, `-o OUT`).
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
import gc
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from generator.diagnostics import GeneratorError
from generator.ir.context import Context
from generator.ir.core import Operation
from generator.ir.diagnostics import Diagnostic, DiagnosticError, Severity, render_diagnostic
from generator.ir.expected_diagnostics import check_diagnostics
from generator.ir.nesting import call_with_deep_stack
from generator.ir.parser import parse_module
from generator.ir.printer import print_operation
from generator.ir.rewrite import (
    apply_patterns_greedily,
    non_convergence_message,
)
from generator.ir.source import SourceFile
from generator.ir.verifier import location_of, verify

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
            _run_pass(pass_name, parsed.op, ctx)
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


def _run_pass(name: str, op: Operation, ctx: Context) -> None:
    """Apply a pattern set to the regions of `op`, as mlir-opt's greedy passes do.

    `canonicalize` is MLIR's canonicalizer: every registered canonicalization
    pattern and every folder, ops visited in program order, at most ten sweeps.
    Any other name is a set registered by the generated dialects (`--patterns`),
    applied bottom-up with folding, as a pass calling `applyPatternsGreedily` does.
    A set that does not converge is reported as a warning, and the IR is printed
    as the last sweep left it.
    """
    if name != "canonicalize":
        # A named set may belong to dialects the input does not use (tfl's
        # legalize-tf for tf input); the canonicalization patterns of the dialects
        # the input uses came with them.
        ctx.load_all_available_dialects()
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
    if not apply_patterns_greedily(op, patterns, top_down=top_down, ctx=ctx):
        sys.stderr.write(
            render_diagnostic(
                Diagnostic(Severity.WARNING, location_of(op), non_convergence_message(10))
            )
            + "\n"
        )


def _context(allow_unregistered_dialects: bool) -> Context:
    """A context that loads the generated dialects on first use (none before the
    first `make generate`).

    As in an MLIR context, the parser loads a dialect when the input names one of
    its ops, types or attributes, so a run pays only for the dialects its input
    uses; `builtin` is always loaded.
    """
    try:
        import generated
    except ImportError:
        return Context(allow_unregistered_dialects=allow_unregistered_dialects)
    return Context(
        allow_unregistered_dialects=allow_unregistered_dialects, registry=generated.registry()
    )


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
    ctx = _context(args.allow_unregistered_dialect)
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
    """The `generate` subcommand: regenerate `generated/` (or check it with `--check`)."""
    from generator.emit.writer import GenerationInterrupted, check_interrupted, handle_interrupts

    root = Path(args.root)
    try:
        with handle_interrupts():
            from generator.emit.build import generate

            result = generate(root, check=args.check)
            check_interrupted()
    except GenerationInterrupted as e:
        # The writer replaces the tree in one step, so it is whole either way.
        print(f"odsgen generate: interrupted by {e}; no partial output written", file=sys.stderr)
        return 128 + e.signum
    except OSError as e:
        where = f"'{e.filename}': " if e.filename else ""
        print(
            f"odsgen generate: error: {where}{e.strerror or e}; generated/ left as it was",
            file=sys.stderr,
        )
        return 1
    report = result.report
    if args.check:
        if report.clean:
            return 0
        for line in report.lines():
            print(f"odsgen generate --check: {line}", file=sys.stderr)
        print("run `make generate` to update generated/", file=sys.stderr)
        return 1
    changed = len(report.stale) + len(report.missing) + len(report.orphans)
    specs = ", ".join(result.regenerated) if result.regenerated else "no spec changed"
    print(
        f"odsgen generate: generated/ {'updated' if changed else 'is up to date'} "
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
        "--patterns",
        dest="passes",
        action="append",
        metavar="NAME",
        help="apply the named pattern set, such as legalize-tf (in command-line order)",
    )
    opt.add_argument(
        "--mlir-print-debuginfo",
        "-mlir-print-debuginfo",
        dest="mlir_print_debuginfo",
        action="store_true",
        help="print locations",
    )
    gen = sub.add_parser("generate", help="regenerate generated/ from opdefs/")
    gen.add_argument("--check", action="store_true", help="report stale files instead of writing")
    gen.add_argument("--root", default=".", help="repository root (default: current directory)")
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
    commands = {"opt": run_opt, "records": run_records, "convert": run_convert}
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
