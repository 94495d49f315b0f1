"""Benchmark inputs: the arith/func modules in custom and generic form, cached by size.

Modules come from `../shared/bench/gen_module.py`; the generic form of each is what
`mlir-opt-22 --mlir-print-op-generic` prints for it. Inputs live in `bench/out/inputs/`
next to a JSON stamp recording the generator's hash, the mlir-opt version and the op
counts, so a changed generator or converter is noticed and a half-written file (files are
renamed into place only when complete) is never reused.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "EMPTY_MODULE_GENERIC",
    "InputError",
    "Workload",
    "count_generic_ops",
    "prepare_empty_module",
    "prepare_workload",
]

#: An empty module exactly as `mlir-opt-22 --mlir-print-op-generic` prints `module {}`;
#: running a tool on it measures process start-up plus the fixed cost of one parse.
EMPTY_MODULE_GENERIC = '"builtin.module"() ({\n^bb0:\n}) : () -> ()\n'

# An op starts a line, optionally after its result list, with its quoted name and the
# operand list's parenthesis. String attributes never sit at a line start, so they do not
# match; this needs no MLIR parser, which keeps the count independent of the code measured.
_OP_START = re.compile(r'^[ \t]*(?:%[^\n=]*=[ \t]*)?"[^"\n]+"\(', re.MULTILINE)
_GENERATED_COUNT = re.compile(r"generated (\d+) ops")


class InputError(Exception):
    """A benchmark input could not be produced."""


@dataclass(frozen=True)
class Workload:
    """The files for one module size and the number of ops they contain."""

    size: int
    """The op count asked of the generator."""
    ops: int
    """The op count used for ops/s: counted in the generic text when there is one."""
    ops_source: str
    """How `ops` was obtained, for the report."""
    custom: Path
    generic: Path | None
    """None when mlir-opt-22 is not available to produce it."""
    warnings: tuple[str, ...] = ()


def count_generic_ops(text: str) -> int:
    """Count the operations in generic-form IR text by their `"dialect.name"(` starts."""
    return len(_OP_START.findall(text))


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _load_stamp(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _generate_custom(python: str, gen_module: Path, size: int, out: Path) -> int:
    tmp = out.with_name(out.name + ".tmp")
    proc = subprocess.run(
        [python, str(gen_module), str(size), "-o", str(tmp)],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise InputError(
            f"{gen_module} {size} failed with exit code {proc.returncode}:\n{proc.stderr.strip()}"
        )
    match = _GENERATED_COUNT.search(proc.stderr)
    if match is None:
        raise InputError(f"{gen_module} did not report its op count (stderr: {proc.stderr!r})")
    os.replace(tmp, out)
    return int(match.group(1))


def _convert_to_generic(mlir_opt: str, custom: Path, out: Path) -> None:
    tmp = out.with_name(out.name + ".tmp")
    proc = subprocess.run(
        [mlir_opt, "--mlir-print-op-generic", str(custom), "-o", str(tmp)],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise InputError(
            f"{mlir_opt} could not print {custom} in generic form "
            f"(exit code {proc.returncode}):\n{proc.stderr.strip()}"
        )
    os.replace(tmp, out)


def prepare_workload(
    size: int,
    *,
    out_dir: Path,
    python: str,
    gen_module: Path,
    mlir_opt: str | None,
    mlir_opt_version: str | None,
    log: Callable[[str], None],
) -> Workload:
    """Return the inputs for `size`, generating whatever is missing or out of date."""
    out_dir.mkdir(parents=True, exist_ok=True)
    custom = out_dir / f"arith_func_{size}.mlir"
    generic = out_dir / f"arith_func_{size}.generic.mlir"
    stamp_path = out_dir / f"arith_func_{size}.json"
    generator_hash = hashlib.sha256(gen_module.read_bytes()).hexdigest()
    stamp = _load_stamp(stamp_path)

    generator_ops = stamp.get("generator_ops")
    if (
        stamp.get("generator_sha256") != generator_hash
        or not isinstance(generator_ops, int)
        or not custom.is_file()
    ):
        log(f"generating {custom.name}")
        generator_ops = _generate_custom(python, gen_module, size, custom)
        stamp = {"generator_sha256": generator_hash, "generator_ops": generator_ops}

    generic_ops = stamp.get("generic_ops")
    generic_path: Path | None = None
    if mlir_opt is not None:
        if (
            stamp.get("mlir_opt_version") != mlir_opt_version
            or not isinstance(generic_ops, int)
            or not generic.is_file()
        ):
            log(f"printing {generic.name} with {mlir_opt}")
            _convert_to_generic(mlir_opt, custom, generic)
            generic_ops = count_generic_ops(generic.read_text(encoding="utf-8"))
            stamp["mlir_opt_version"] = mlir_opt_version
            stamp["generic_ops"] = generic_ops
        generic_path = generic
    _write_atomically(stamp_path, json.dumps(stamp, indent=2, sort_keys=True) + "\n")

    warnings: list[str] = []
    if generic_path is not None and isinstance(generic_ops, int):
        if generic_ops != generator_ops:
            warnings.append(
                f"{size}: the generator reported {generator_ops} ops but the generic "
                f"text has {generic_ops}; using {generic_ops}"
            )
        return Workload(
            size, generic_ops, "counted in generic text", custom, generic_path, tuple(warnings)
        )
    return Workload(size, generator_ops, "reported by gen_module.py", custom, None)


def prepare_empty_module(out_dir: Path) -> Path:
    """Write (once) the empty generic module used to measure start-up time."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "empty.generic.mlir"
    if not path.is_file() or path.read_text(encoding="utf-8") != EMPTY_MODULE_GENERIC:
        _write_atomically(path, EMPTY_MODULE_GENERIC)
    return path
