"""Shared machinery of the differential tests of one dialect against mlir-opt-22.

A dialect's test module generates, from a fixed seed, valid programs in which
every op of the dialect appears (written in custom and generic form), and
invalid programs, each breaking one check of one op. `check_valid` and
`check_invalid` run mlir-opt-22 and `odsgen opt` (in process) on each and keep
what both did; `Figures` counts the outcomes and words them for the reports.

A valid program passes when mlir-opt-22 accepts it and odsgen prints it, in
custom and in generic form, exactly as mlir-opt-22 does, and reads
mlir-opt-22's custom output back to the same text. An invalid program passes
when both tools reject it with the same first error (`line:col: error:
message`), or both accept it and print it identically.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from generator.cli import main

MLIR_OPT = shutil.which("mlir-opt-22")
#: Upstream's op definitions, for the list of every op of a dialect.
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include/mlir/Dialect")

_ERROR = re.compile(r"^[^\n]*?:(\d+):(\d+): error: (.*)$", re.MULTILINE)


@dataclass(frozen=True)
class Run:
    """What one tool did with a program: its output, or its first error."""

    ok: bool
    output: str
    error: str


def first_error(stderr: str) -> str:
    """`line:col: message` of the first error, without the file name."""
    m = _ERROR.search(stderr)
    if m is None:
        return stderr.strip().splitlines()[0] if stderr.strip() else "<no error>"
    return f"{m.group(1)}:{m.group(2)}: {m.group(3)}"


def run_mlir(text: str, *, generic: bool = False) -> Run:
    """mlir-opt-22 on `text`, printing custom or generic form."""
    assert MLIR_OPT is not None
    args = [MLIR_OPT, "--allow-unregistered-dialect", "-"]
    if generic:
        args.append("--mlir-print-op-generic")
    proc = subprocess.run(args, input=text, capture_output=True, text=True, check=False)
    if proc.returncode == 0:
        return Run(True, proc.stdout, "")
    return Run(False, "", first_error(proc.stderr))


def run_odsgen(text: str, *, generic: bool = False) -> Run:
    """`odsgen opt` on `text`, in process, printing custom or generic form."""
    fd, name = tempfile.mkstemp(suffix=".mlir")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        out, err = io.StringIO(), io.StringIO()
        argv = ["opt", name, "--allow-unregistered-dialect"]
        if generic:
            argv.append("--print-generic")
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        except Exception as e:  # a crash counts as a mismatch, with its cause
            return Run(False, "", f"<odsgen raised {type(e).__name__}: {e}>")
    finally:
        os.unlink(name)
    if code == 0:
        return Run(True, out.getvalue(), "")
    if "Traceback" in err.getvalue():
        return Run(False, "", "<odsgen printed a traceback>")
    return Run(False, "", first_error(err.getvalue()))


@dataclass(frozen=True)
class Program:
    """One generated program: a name to report it by, and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class ValidResult:
    """A valid program through both tools: mlir-opt-22's custom and generic output,
    and odsgen's on the program and on mlir-opt-22's custom output."""

    program: Program
    custom: Run
    generic: Run
    ours_custom: Run
    ours_generic: Run
    ours_again: Run

    @property
    def accepted(self) -> bool:
        """Whether mlir-opt-22 accepts the program."""
        return self.custom.ok and self.generic.ok

    @property
    def identical(self) -> bool:
        """Whether odsgen prints everything exactly as mlir-opt-22 does."""
        return (
            self.accepted
            and self.ours_custom == self.custom
            and self.ours_generic == self.generic
            and self.ours_again == self.custom
        )

    def difference(self) -> str:
        """The first difference, for a failure message."""
        for label, ours, theirs in (
            ("custom form", self.ours_custom, self.custom),
            ("generic form", self.ours_generic, self.generic),
            ("mlir-opt's output read back", self.ours_again, self.custom),
        ):
            if ours != theirs:
                return (
                    f"{self.program.name}, {label}:\n{self.program.text}--- mlir-opt-22\n"
                    f"{theirs.output or theirs.error}\n--- odsgen\n{ours.output or ours.error}"
                )
        return ""


def check_valid(programs: Sequence[Program]) -> list[ValidResult]:
    """Run both tools on every valid program."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        theirs = list(
            pool.map(lambda p: (run_mlir(p.text), run_mlir(p.text, generic=True)), programs)
        )
    out: list[ValidResult] = []
    for program, (custom, generic) in zip(programs, theirs, strict=True):
        out.append(
            ValidResult(
                program,
                custom,
                generic,
                run_odsgen(program.text),
                run_odsgen(program.text, generic=True),
                run_odsgen(custom.output) if custom.ok else Run(False, "", ""),
            )
        )
    return out


@dataclass(frozen=True)
class InvalidCase:
    """A program breaking one check of one op: the op, what is broken, the text."""

    op: str
    check: str
    text: str

    @property
    def name(self) -> str:
        """`op: check`, as reported."""
        return f"{self.op}: {self.check}"


@dataclass(frozen=True)
class InvalidResult:
    """An invalid program through both tools."""

    case: InvalidCase
    theirs: Run
    ours: Run

    @property
    def agree(self) -> bool:
        """Whether both tools accept it or both reject it."""
        return self.theirs.ok == self.ours.ok

    @property
    def same(self) -> bool:
        """Both reject it with the same first error, or both print the same."""
        return self.agree and (self.theirs.error, self.theirs.output) == (
            self.ours.error,
            self.ours.output,
        )

    def difference(self) -> str:
        """What differs, for a failure message."""
        return (
            f"{self.case.name}\n{self.case.text}"
            f"  mlir-opt-22: {self.theirs.error or 'accepts'}\n"
            f"  odsgen:      {self.ours.error or 'accepts'}"
        )


def check_invalid(cases: Sequence[InvalidCase]) -> list[InvalidResult]:
    """Run both tools on every invalid program (generic output for accepted ones)."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        theirs = list(pool.map(lambda c: run_mlir(c.text, generic=True), cases))
    return [
        InvalidResult(case, their, run_odsgen(case.text, generic=True))
        for case, their in zip(cases, theirs, strict=True)
    ]


@dataclass(frozen=True)
class Figures:
    """The counts a differential test reports for one dialect."""

    dialect: str
    programs: int
    accepted: int
    identical: int
    invalid: int
    rejected: int
    same_error: int

    @classmethod
    def of(
        cls, dialect: str, valid: Sequence[ValidResult], invalid: Sequence[InvalidResult]
    ) -> Figures:
        """Count the outcomes of one dialect's programs."""
        rejected = [r for r in invalid if not r.theirs.ok and not r.ours.ok]
        return cls(
            dialect,
            programs=len(valid),
            accepted=sum(1 for r in valid if r.accepted),
            identical=sum(1 for r in valid if r.identical),
            invalid=len(invalid),
            rejected=len(rejected),
            same_error=sum(1 for r in rejected if r.same),
        )

    @property
    def same_share(self) -> float:
        """The share of the rejected programs that get mlir-opt-22's first error."""
        return self.same_error / self.rejected if self.rejected else 0.0

    def __str__(self) -> str:
        return (
            f"{self.dialect}: {self.programs} valid programs generated, {self.accepted} "
            f"accepted by mlir-opt-22, {self.identical} printed identically (custom and "
            f"generic form); {self.invalid} invalid programs, {self.rejected} rejected by "
            f"both, {self.same_error} with mlir-opt-22's first error "
            f"({100 * self.same_share:.1f}%)"
        )


def mlir_mnemonics(td_file: str, dialect_class: str) -> set[str]:
    """The mnemonics of the ops an upstream `.td` file defines with op classes whose
    names start with `dialect_class` (`Math_`, `Index`, `UB_`)."""
    text = (MLIR_INCLUDE / td_file).read_text(encoding="utf-8")
    pattern = rf"^def \w+\s*:\s*{dialect_class}\w*<\s*\"([\w.]+)\""
    return set(re.findall(pattern, text, re.MULTILINE))


def op_names(programs: Iterable[str]) -> set[str]:
    """The op names of the generic form of programs (`"math.absf"(...)`)."""
    return set(re.findall(r'"([a-z_]+\.[\w.]+)"\(', "".join(programs)))


def function(params: Sequence[tuple[str, str]], lines: Sequence[str], name: str = "f") -> str:
    """`func.func @name(params) { lines; return }`."""
    header = ", ".join(f"{value}: {ty}" for value, ty in params)
    body = "".join(f"  {line}\n" for line in lines)
    return f"func.func @{name}({header}) {{\n{body}  return\n}}\n"


def generic_op(
    name: str,
    operands: Sequence[str],
    operand_types: Sequence[str],
    result_types: Sequence[str],
    props: str = "",
    extra: str = "",
    result: str = "%r",
) -> str:
    """One op in generic form: `%r = "name"(operands) <{props}> extra : (types) -> types`."""
    lhs = ""
    if len(result_types) == 1:
        lhs = f"{result} = "
    elif result_types:
        lhs = f"{result}:{len(result_types)} = "
    outs = result_types[0] if len(result_types) == 1 else f"({', '.join(result_types)})"
    props_text = f" <{{{props}}}>" if props else ""
    uses = ", ".join(operands)
    return f'{lhs}"{name}"({uses}){props_text}{extra} : ({", ".join(operand_types)}) -> {outs}'
