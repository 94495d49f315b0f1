"""Imported index and complex, with their C++ hooks written in Python, against mlir-opt-22.

MLIR 22's `IndexOps.td` and `ComplexOps.td` are imported, the hooks of
`tests/spec/mlir_hooks/index_impl.py` are put in the place of the skeleton
`odsgen import` writes, and the dialects are imported again (complex needs no hook
of its own: the C++ of its ops is odsgen's own `complex`'s); a run then uses them
in place of odsgen's own (`--replace-builtin`).

Programs come from the generator of `test_mlir_import.py`: every op without
regions applied to operands and results of each pair of a fixed set of types, so
that mlir-opt-22 decides which are valid; the ops it leaves out (those with an
attribute that has no default) get functions over a few attribute values and
types here. Where mlir-opt-22 accepts a program, odsgen must print it identically
in custom and generic form; where it rejects one, odsgen must give the same first
error. MLIR's `.td` files are read in place; the tests skip where they or
mlir-opt-22 are not installed.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

from tests.spec.test_mlir_import import COMPLEX, INDEX, _case, _cases, _import
from tests.spec.test_mlir_import_hooks import HOOKS, _run_both, needs_mlir, needs_mlir_opt

#: The types of operands and results, by dialect (the second is also that of the
#: last of several operands, as `complex.powi` takes an `i32`).
TYPES = {
    "index": ["index", "i32", "i64", "i1", "f32"],
    "complex": ["complex<f32>", "i32", "complex<f64>", "f32", "i1", "i64"],
}

#: The ops `_cases` leaves out, as (operand types, result type, attributes) to
#: apply them to; mlir-opt-22 decides which are valid.
ATTRIBUTED: dict[str, list[tuple[list[str], str, str]]] = {
    "index.constant": [
        ([], "index", "<{value = 42 : index}>"),
        ([], "index", "<{value = -3 : index}>"),
        ([], "index", "<{value = 0 : index}>"),
        ([], "i32", "<{value = 1 : index}>"),
        ([], "index", "<{value = 1 : i32}>"),
        ([], "index", ""),
    ],
    "index.bool.constant": [
        ([], "i1", "<{value = true}>"),
        ([], "i1", "<{value = false}>"),
        ([], "index", "<{value = true}>"),
        ([], "i1", "<{value = 1 : i32}>"),
        ([], "i1", ""),
    ],
    "index.cmp": [
        (["index", "index"], "i1", f"<{{pred = #index<cmp_predicate {pred}>}}>")
        for pred in ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
    ]
    + [
        (["index", "index"], "index", "<{pred = #index<cmp_predicate slt>}>"),
        (["i32", "i32"], "i1", "<{pred = #index<cmp_predicate eq>}>"),
        (["index", "index"], "i1", ""),
    ],
    "complex.constant": [
        ([], "complex<f32>", "<{value = [1.0 : f32, 2.0 : f32]}>"),
        ([], "complex<f64>", "<{value = [-0.5 : f64, 0.0 : f64]}>"),
        ([], "complex<i32>", "<{value = [1 : i32, 2 : i32]}>"),
        ([], "complex<f32>", "<{value = [1.0 : f32]}>"),
        ([], "complex<f32>", "<{value = [1.0 : f32, 2.0 : f64]}>"),
        ([], "complex<f32>", "<{value = [1.0 : f32, 2.0 : f32, 3.0 : f32]}>"),
        ([], "complex<f32>", "<{value = [1 : i32, 2 : i32]}>"),
        ([], "f32", "<{value = [1.0 : f32, 2.0 : f32]}>"),
        ([], "complex<f32>", ""),
    ],
}


def _attributed(name: str, ins: list[str], out: str, attrs: str) -> str:
    """`_case` of op `name` with `attrs` written after its operands."""
    text = _case(name, ins, [out])
    call = f'"{name}"({", ".join(f"%a{i}" for i in range(len(ins)))})'
    return text.replace(call + " :", f"{call} {attrs} :" if attrs else call + " :")


def _ops_of(spec_text: str) -> set[str]:
    import yaml

    spec = yaml.safe_load(spec_text)
    return {f"{spec['name']}.{op['mnemonic']}" for op in spec["ops"]}


@needs_mlir
@needs_mlir_opt
def test_imported_index_and_complex_with_hooks_against_mlir_opt(tmp_path: Path) -> None:
    """With the fixture's hooks, every op of the imported index and complex is
    complete, appears in programs odsgen prints as mlir-opt-22 does in custom and
    generic form, and in invalid programs that get mlir-opt-22's first error; at
    least 95% of the valid and of the invalid cases of each dialect, and of each
    op, agree."""
    code, _, stderr = _import(tmp_path, INDEX, COMPLEX)
    assert code == 0, stderr
    out = tmp_path / "out"
    impl = out / "mlirpy" / "mlirpy_impl"
    for dialect in ("index",):
        module = HOOKS / f"{dialect}_impl.py"
        skeleton = (impl / module.name).read_text("utf-8")
        # Every hook the fixture writes is one the skeleton asked for.
        for name in re.findall(r"^def ([a-z]\w*)\(", module.read_text("utf-8"), re.M):
            assert f"# def {name}(" in skeleton, (module.name, name)
        shutil.copyfile(module, impl / module.name)
    code, report, stderr = _import(tmp_path, INDEX, COMPLEX)
    assert code == 0, stderr
    assert "index: 26 ops, 26 complete, 0 need hand-written Python" in report, report
    assert "complex: 29 ops, 29 complete, 0 need hand-written Python" in report, report

    cases: list[tuple[str, str]] = []
    ops: set[str] = set()
    for dialect, types in TYPES.items():
        spec = (out / "mlirpy" / f"{dialect}.yaml").read_text("utf-8")
        ops |= _ops_of(spec)
        cases += _cases(spec, types)
    for name, variants in ATTRIBUTED.items():
        cases += [(name, _attributed(name, ins, res, attrs)) for ins, res, attrs in variants]
    assert {name for name, _ in cases} == ops, "ops the generator leaves out"

    texts = [text for _, text in cases]
    want_custom, want_err, got_custom, got_err = _run_both(out, texts, [])
    want_generic, _, got_generic, _ = _run_both(out, texts, ["--mlir-print-op-generic"])
    total: Counter[str] = Counter()
    agree: Counter[str] = Counter()
    seen: dict[str, set[str]] = {"valid": set(), "invalid": set()}
    for i, (op, _) in enumerate(cases):
        dialect = op.split(".")[0]
        if want_err[i] is not None:
            kind, same = "invalid", got_err[i] == want_err[i]
        else:
            kind = "valid"
            same = (
                got_err[i] is None
                and got_custom[i] == want_custom[i]
                and want_generic[i] is not None
                and got_generic[i] == want_generic[i]
            )
        for key in (f"{dialect} {kind}", f"{op} {kind}"):
            total[key] += 1
            agree[key] += same
        if same:
            seen[kind].add(op)
    print(
        "cases:",
        {k: total[k] for k in sorted(total) if k.split()[0] in TYPES},
        "agree:",
        {k: agree[k] for k in sorted(total) if k.split()[0] in TYPES},
    )
    for kind in ("valid", "invalid"):
        assert ops - seen[kind] == set(), kind
    for dialect in TYPES:
        for kind in ("valid", "invalid"):
            assert total[f"{dialect} {kind}"] > 0, (dialect, kind)
    # Each dialect's cases, and each op's (so that one op's wrong hook is not lost
    # among the others' cases).
    for key in total:
        assert agree[key] >= 0.95 * total[key], (key, agree[key], total[key])
