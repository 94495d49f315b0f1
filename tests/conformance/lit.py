"""A small lit: run upstream MLIR/TensorFlow test files the way their RUN lines say.

Upstream tests are read in place from `../shared/conformance/`. `modernize` turns
their older syntax into MLIR 22's (the only edits made to them); `pipelines`
reads the RUN lines, mapping `mlir-opt`, `tf-opt` and `tfg-opt-no-passes` to
`odsgen opt` with the same flags; `cases` cuts a file into the sections that pass
or fail on their own:

- under `--split-input-file --verify-diagnostics`, each `// -----` chunk, run on
  its own and checked against its `expected-*` annotations;
- under FileCheck, each `CHECK-LABEL` block (the checks from one label to the
  next), matched against the whole output; checks before the first label form a
  block of their own.

FileCheck is the `filecheck` package, run in-process.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from generator.cli import main as odsgen_main

__all__ = ["Case", "Pipeline", "cases", "modernize", "pipelines", "run_case"]

#: The tools of RUN lines that `odsgen opt` stands in for.
OPT_TOOLS = ("mlir-opt", "tf-opt", "tfg-opt-no-passes")

#: RUN-line flags and what `odsgen opt` calls them (None: dropped, no effect here).
_FLAGS: dict[str, str | None] = {
    "split-input-file": "--split-input-file",
    "verify-diagnostics": "--verify-diagnostics",
    "allow-unregistered-dialect": "--allow-unregistered-dialect",
    "mlir-print-debuginfo": "--mlir-print-debuginfo",
    "mlir-print-op-generic": "--print-generic",
    "canonicalize": "--canonicalize",
    "tfl-legalize-tf": "--patterns=legalize-tf",
}


def modernize(text: str) -> str:
    """The file in MLIR 22 syntax, for the syntax changes since it was written.

    `func @` and `func private @` became `func.func`; the `std` dialect's ops moved
    to `arith`, `func` and `cf` (`addf` is `arith.addf`, `constant` is
    `arith.constant`, `return` is `func.return`, `br` is `cf.br`); the generic function
    op `"func"` is `"func.func"`, and the generic printer writes `({` where it wrote
    `( {`; `tf_executor.SwitchN` was renamed `_SwitchN`. CHECK lines and expected
    messages are updated the same way.
    """
    # Files still spelling `func @` were written before the `std` dialect was split;
    # only they have `std` ops to rename (a bare `return` elsewhere is the dialect's own,
    # as in a `tfg.func`).
    std_era = re.search(r"(?<![\w.])func (private |public |nested )?@", text) is not None
    text = re.sub(r"(?<![\w.])func (private |public |nested )?@", r"func.func \1@", text)
    text = re.sub(r"(?<![\w.\"'])std\.return\b", "func.return", text)
    text = re.sub(r"(['\"])std\.(addf|constant)\1", r"\1arith.\2\1", text)
    text = re.sub(r"(['\"])std\.return\1", r"\1func.return\1", text)
    text = re.sub(r"(=\s*)(addf|constant)(?= )", r"\1arith.\2", text)
    if std_era:
        # `return` and `br` were `std` ops, found from any region; now they are `func`
        # and `cf` ops, which only `func.func` bodies find without the prefix.
        text = re.sub(r"^(\s*)return\b(?=[ \n])", r"\1func.return", text, flags=re.M)
        text = re.sub(r"^(\s*)br\b(?= \^)", r"\1cf.br", text, flags=re.M)
    text = re.sub(r'(?<=[\s(])"func"\(', '"func.func"(', text)
    text = text.replace("( {", "({")
    return re.sub(r"\btf_executor\.SwitchN\b", "tf_executor._SwitchN", text)


@dataclass
class Pipeline:
    """One RUN line: the `odsgen opt` runs chained by pipes, then FileCheck or not."""

    line: int
    runs: list[list[str]]
    tool: str = ""
    """The tool of the first stage (`mlir-opt`, `tf-opt`, `tfg-opt-no-passes`)."""
    filecheck: list[str] | None = None
    """FileCheck's own arguments after the check file, or None without FileCheck."""
    unsupported: str | None = None

    @property
    def split(self) -> bool:
        """Whether the first run splits the input at `// -----`."""
        return "--split-input-file" in self.runs[0]

    @property
    def verify(self) -> bool:
        """Whether the first run checks `expected-*` annotations."""
        return "--verify-diagnostics" in self.runs[0]

    def prefixes(self) -> list[str]:
        """The check prefixes FileCheck uses."""
        out: list[str] = []
        for arg in self.filecheck or []:
            m = re.fullmatch(r"--?check-prefix(?:es)?=(.+)", arg)
            if m:
                out += m.group(1).split(",")
        return out or ["CHECK"]


def _run_lines(text: str) -> list[tuple[int, str]]:
    lines: list[tuple[int, str]] = []
    pending = ""
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        body = m.group(1).rstrip()
        if not pending:
            start = number
        if body.endswith("\\"):
            pending += body[:-1] + " "
            continue
        lines.append((start, pending + body))
        pending = ""
    return lines


def pipelines(text: str) -> list[Pipeline]:
    """The RUN lines of a test file."""
    out: list[Pipeline] = []
    for number, line in _run_lines(text):
        stages = [shlex.split(s) for s in line.split("|")]
        pipe = Pipeline(number, [])
        for stage in stages:
            tool, args = stage[0], stage[1:]
            if tool == "FileCheck":
                pipe.filecheck = [a for a in args if a != "%s"]
                continue
            if tool not in OPT_TOOLS:
                pipe.unsupported = f"tool '{tool}'"
                break
            pipe.tool = pipe.tool or tool
            flags: list[str] = []
            for arg in args:
                if arg == "%s":
                    continue
                name = arg.lstrip("-")
                if name not in _FLAGS:
                    pipe.unsupported = f"flag '{arg}'"
                    break
                mapped = _FLAGS[name]
                if mapped is not None:
                    flags.append(mapped)
            pipe.runs.append(flags)
        out.append(pipe)
    return out


@dataclass
class Case:
    """One section of one RUN line of a file: what passes or fails on its own."""

    file: str
    pipeline: Pipeline
    index: int
    text: str
    """The input: the whole modernized file, or one chunk under --split-input-file."""
    checks: str = ""
    """For FileCheck: a check file holding this section's checks only."""
    first_line: int = 1
    labels: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        """`file#run/section`, the test id."""
        return f"{self.file}#{self.pipeline.line}/{self.index}"


def _check_sections(text: str, prefixes: list[str]) -> list[tuple[int, str]]:
    """(first line, check text) of each CHECK-LABEL block.

    A block's check text starts with the labels of the blocks before it, so that
    FileCheck, which matches labels in order, looks for this block's label after
    theirs, as it does when it checks the whole file at once.
    """
    pattern = re.compile(r"//\s*(" + "|".join(map(re.escape, prefixes)) + r")(-[A-Z]+)?:")
    sections: list[tuple[int, list[str]]] = []
    labels: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        m = pattern.search(line)
        if not m:
            continue
        if m.group(2) == "-LABEL" or not sections:
            sections.append((number, list(labels)))
            if m.group(2) == "-LABEL":
                labels.append(line)
        sections[-1][1].append(line)
    return [(n, "\n".join(lines) + "\n") for n, lines in sections]


def cases(file: str, text: str) -> list[Case]:
    """Every section of every RUN line of a (modernized) test file."""
    out: list[Case] = []
    for pipe in pipelines(text):
        if pipe.split:
            chunks = re.split(r"^[ \t]*// -----[ \t]*$", text, flags=re.M)
            line = 1
            for index, chunk in enumerate(chunks):
                # Earlier chunks become blank lines, so diagnostics keep the file's lines.
                padded = "\n" * (line - 1) + chunk
                checks = ""
                if pipe.filecheck is not None:
                    checks = "".join(c for _, c in _check_sections(chunk, pipe.prefixes()))
                out.append(Case(file, pipe, index, padded, checks, line))
                line += chunk.count("\n")
        elif pipe.filecheck is not None:
            for index, (line, checks) in enumerate(_check_sections(text, pipe.prefixes())):
                out.append(Case(file, pipe, index, text, checks, line))
        else:
            out.append(Case(file, pipe, 0, text))
    return out


def _odsgen(args: list[str], input_path: Path, output_path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = odsgen_main(["opt", str(input_path), *args, "-o", str(output_path)])
    return code, err.getvalue()


def _filecheck(checks: Path, output: Path, args: list[str]) -> tuple[int, str]:
    from filecheck.matcher import Matcher
    from filecheck.options import parse_argv_options

    keep = [a for a in args if a.startswith(("--check-prefix", "-check-prefix"))]
    opts = parse_argv_options(["filecheck", str(checks), f"--input-file={output}", *keep])
    out, err = io.StringIO(), io.StringIO()
    # The matcher reports to the `sys.stderr` of the moment it is made.
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = Matcher.from_opts(opts).run()
    return code, out.getvalue() + err.getvalue()


def run_case(case: Case, tmp: Path) -> str | None:
    """Run one case; None when it passes, else what went wrong."""
    pipe = case.pipeline
    if pipe.unsupported is not None:
        return f"RUN line {pipe.line} uses unsupported {pipe.unsupported}"
    source = tmp / Path(case.file).name
    source.write_text(case.text, encoding="utf-8")
    current = source
    # Upstream's mlir-opt registers MLIR's `test` dialect, which odsgen does not
    # have; its ops are the closest to unregistered ones. tf-opt accepts ops of
    # unregistered dialects (`"some.op"`) without the flag, and its tests rely on it.
    uses_test_dialect = '"test.' in case.text or pipe.tool == "tf-opt"
    for step, flags in enumerate(pipe.runs):
        # A chunk already is one split; the later tools read one module.
        args = [f for f in flags if f != "--split-input-file"] if pipe.split else list(flags)
        if uses_test_dialect and "--allow-unregistered-dialect" not in args:
            args.append("--allow-unregistered-dialect")
        result = tmp / f"out{step}.mlir"
        code, err = _odsgen(args, current, result)
        if code != 0:
            return f"odsgen opt {' '.join(args)} (stage {step + 1}) failed:\n{err}"
        current = result
    if pipe.filecheck is None:
        return None
    if not case.checks.strip():
        return None
    checks = tmp / "checks.mlir"
    checks.write_text(case.checks, encoding="utf-8")
    code, report = _filecheck(checks, current, pipe.filecheck)
    if code != 0:
        return f"FileCheck failed:\n{report}\n--- output:\n{current.read_text(encoding='utf-8')}"
    return None
