"""MLIR's own op records, read in place, and how much of their predicates translates.

`llvm-tblgen-22 --dump-json` turns MLIR 22's `mlir/Dialect/**/IR/*Ops.td` (installed
under /usr/lib/llvm-22/include) into records; `op_constraints` finds, for each op,
the constraints whose predicates a verifier checks (operand, result, attribute,
region and successor constraints, and `PredOpTrait`s); `measure` translates every
one with `generator.spec.mlir_predicates` and counts what translates: distinct
`CPred` leaves, constraint trees, and ops all of whose predicates translate.

Run as a script, it prints the coverage report for every `*Ops.td` file:
`.venv/bin/python tests/spec/mlir_records.py`.
"""

from __future__ import annotations

import collections
import functools
import json
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.spec.mlir_predicates import (
    PredScope,
    Translation,
    op_scope,
    record_classes,
    translate_cpred,
    translate_pred,
)

LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
DIALECTS = MLIR_INCLUDE / "mlir" / "Dialect"

#: The dialects odsgen imports first, and the file holding each one's ops.
LISTED: dict[str, str] = {
    "affine": "Affine/IR/AffineOps.td",
    "arith": "Arith/IR/ArithOps.td",
    "cf": "ControlFlow/IR/ControlFlowOps.td",
    "complex": "Complex/IR/ComplexOps.td",
    "func": "Func/IR/FuncOps.td",
    "index": "Index/IR/IndexOps.td",
    "math": "Math/IR/MathOps.td",
    "memref": "MemRef/IR/MemRefOps.td",
    "scf": "SCF/IR/SCFOps.td",
    "tensor": "Tensor/IR/TensorOps.td",
    "vector": "Vector/IR/VectorOps.td",
}

#: Constraint classes and what `$_self` is in their predicates.
_SELF_KINDS = (
    ("TypeConstraint", "Type"),
    ("AttrConstraint", "Attribute"),
    ("RegionConstraint", "Region"),
    ("SuccessorConstraint", "Block"),
)

Records = Mapping[str, Any]


def unavailable() -> str | None:
    """Why MLIR's records cannot be read here, or None."""
    if not LLVM_TBLGEN.exists():
        return f"{LLVM_TBLGEN} is not installed (apt-get install llvm-22-dev)"
    if not (MLIR_INCLUDE / "mlir" / "IR" / "OpBase.td").exists():
        return f"MLIR's .td files are not under {MLIR_INCLUDE} (apt-get install libmlir-22-dev)"
    return None


def ops_files() -> list[Path]:
    """Every `mlir/Dialect/**/IR/*Ops.td` file."""
    return sorted(DIALECTS.glob("**/IR/*Ops.td"))


@functools.cache
def records(td_file: Path) -> Records | None:
    """The records of one .td file, or None when llvm-tblgen rejects it."""
    run = subprocess.run(
        [str(LLVM_TBLGEN), "--dump-json", "-I", str(MLIR_INCLUDE), str(td_file)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        return None
    loaded: Records = json.loads(run.stdout)
    return loaded


def _superclasses(record: Mapping[str, Any]) -> Sequence[str]:
    return record.get("!superclasses", ())  # type: ignore[no-any-return]


def op_constraints(op: Mapping[str, Any], recs: Records) -> list[tuple[Mapping[str, Any], str]]:
    """The constraints an op's verifier checks, each with what `$_self` is in it.

    Found by following the op's fields (arguments, results, regions, successors,
    traits) through the records they name; a constraint's own parts (the element
    constraint of a container, the base of a `ConfinedAttr`) are constraints too,
    as MLIR checks them inside the outer predicate.
    """
    seen: set[tuple[str, str | None]] = set()
    out: list[tuple[Mapping[str, Any], str]] = []

    def walk(value: Any, kind: str | None) -> None:
        if isinstance(value, list):
            for item in value:
                walk(item, kind)
            return
        if not isinstance(value, dict):
            return
        if value.get("kind") != "def":
            for item in value.values():
                walk(item, kind)
            return
        name = value["def"]
        if (name, kind) in seen or name not in recs:
            return
        seen.add((name, kind))
        record = recs[name]
        supers = _superclasses(record)
        own = next((k for cls, k in _SELF_KINDS if cls in supers), kind)
        checked = "PredOpTrait" in supers or any(cls in supers for cls, _ in _SELF_KINDS)
        if "predicate" in record and checked:
            out.append((record, own or "Type"))
        for key, item in record.items():
            if not key.startswith("!") and key not in ("opDialect", "predicate", "dialect"):
                walk(item, own)

    for key, value in op.items():
        if not key.startswith("!") and key != "opDialect":
            walk(value, None)
    return out


def dialect_of(op: Mapping[str, Any], recs: Records) -> str:
    """The name of the dialect an op record belongs to."""
    return str(recs[op["opDialect"]["def"]]["name"])


@dataclass
class Coverage:
    """What translates, counted per dialect."""

    leaves: dict[tuple[str, str], str | None] = field(default_factory=dict)
    """(predExpr, dialect) -> None when every use there translates, else a problem."""
    standalone: dict[str, str | None] = field(default_factory=dict)
    """Every `CPred` of the records, translated alone (as a type or an attribute
    predicate): predExpr -> None or a problem."""
    trees: collections.Counter[tuple[str, bool]] = field(default_factory=collections.Counter)
    """(dialect, translated) -> constraints."""
    ops: collections.Counter[tuple[str, bool]] = field(default_factory=collections.Counter)
    """(dialect, complete) -> ops."""
    translations: list[tuple[str, str, Translation, PredScope]] = field(default_factory=list)
    """(dialect, op, translation, scope) of every constraint tree."""
    files_rejected: list[Path] = field(default_factory=list)

    def leaf_fraction(self, dialects: frozenset[str] | None = None) -> tuple[int, int]:
        """(translated, distinct) `CPred` leaves used by the ops of `dialects` (all)."""
        merged: dict[str, str | None] = {}
        for (expr, dialect), problem in self.leaves.items():
            if dialects is None or dialect in dialects:
                merged[expr] = merged.get(expr) or problem
        return sum(p is None for p in merged.values()), len(merged)

    def count(
        self, counter: collections.Counter[tuple[str, bool]], dialects: frozenset[str] | None
    ) -> tuple[int, int]:
        """(good, all) of a per-dialect counter."""
        good = sum(
            n for (d, ok), n in counter.items() if ok and (dialects is None or d in dialects)
        )
        total = sum(n for (d, _), n in counter.items() if dialects is None or d in dialects)
        return good, total

    def problems(self, dialects: frozenset[str] | None = None) -> collections.Counter[str]:
        """Untranslatable leaves by problem."""
        merged: dict[str, str | None] = {}
        for (expr, dialect), problem in self.leaves.items():
            if dialects is None or dialect in dialects:
                merged[expr] = merged.get(expr) or problem
        return collections.Counter(p for p in merged.values() if p)


def measure(files: Sequence[Path]) -> Coverage:
    """Translate every predicate of the ops in `files`."""
    cov = Coverage()
    for path in files:
        recs = records(path)
        if recs is None:
            cov.files_rejected.append(path)
            continue
        _measure_file(recs, cov)
    return cov


def _measure_file(recs: Records, cov: Coverage) -> None:
    classes = record_classes(recs)
    for name in recs["!instanceof"].get("CPred", ()):
        expr = str(recs[name]["predExpr"])
        if cov.standalone.get(expr, "") is None:
            continue
        results = [translate_cpred(expr, PredScope(k, classes=classes)) for k in _KINDS]
        ok = next((r for r in results if r.ok), None)
        cov.standalone[expr] = None if ok else results[0].problem
    for op_name in recs["!instanceof"].get("Op", ()):
        op = recs[op_name]
        dialect = dialect_of(op, recs)
        complete = True
        for constraint, self_kind in op_constraints(op, recs):
            if constraint.get("predicate") is None:
                continue
            scope = op_scope(op, recs, self_kind)

            def on_leaf(expr: str, leaf: Translation, dialect: str = dialect) -> None:
                key = (expr, dialect)
                cov.leaves[key] = cov.leaves.get(key) or leaf.problem

            translation = translate_pred(constraint["predicate"], recs, scope, on_leaf)
            cov.trees[(dialect, translation.ok)] += 1
            cov.translations.append((dialect, op_name, translation, scope))
            complete = complete and translation.ok
        cov.ops[(dialect, complete)] += 1


_KINDS = ("Type", "Attribute")


def _percent(pair: tuple[int, int]) -> str:
    good, total = pair
    return f"{good}/{total} ({100 * good / max(total, 1):.1f}%)"


def report(cov: Coverage) -> Iterator[str]:
    """The coverage report, line by line."""
    listed = frozenset(LISTED)
    standalone = sum(p is None for p in cov.standalone.values()), len(cov.standalone)
    yield f"files rejected by llvm-tblgen: {len(cov.files_rejected)}"
    yield f"distinct CPred predExprs in the records (alone): {_percent(standalone)}"
    yield f"distinct CPred leaves used by ops (in place): {_percent(cov.leaf_fraction())}"
    yield f"  of the listed dialects: {_percent(cov.leaf_fraction(listed))}"
    yield f"constraint predicates: {_percent(cov.count(cov.trees, None))}"
    yield f"  of the listed dialects: {_percent(cov.count(cov.trees, listed))}"
    yield f"ops with every predicate translated: {_percent(cov.count(cov.ops, None))}"
    yield f"  of the listed dialects: {_percent(cov.count(cov.ops, listed))}"
    for dialect in sorted({d for d, _ in cov.ops}):
        one = frozenset({dialect})
        yield (
            f"    {dialect}: ops {_percent(cov.count(cov.ops, one))}, "
            f"leaves {_percent(cov.leaf_fraction(one))}"
        )
    categories = collections.Counter[str]()
    for problem, n in cov.problems().items():
        categories[problem.split(":", 1)[0]] += n
    yield "untranslatable leaves by category: " + ", ".join(
        f"{c} {n}" for c, n in categories.most_common()
    )
    yield "most frequent untranslatable leaves:"
    for problem, n in cov.problems().most_common(25):
        yield f"  {n:3} {problem}"
    yield "untranslatable leaves of the listed dialects:"
    for problem, n in cov.problems(listed).most_common():
        yield f"  {n:3} {problem}"


if __name__ == "__main__":
    reason = unavailable()
    if reason is not None:
        sys.exit(reason)
    for line in report(measure(ops_files())):
        print(line)
