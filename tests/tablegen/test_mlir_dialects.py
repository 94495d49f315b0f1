"""odsgen's records are llvm-tblgen's on MLIR's own dialect `.td` files.

Every `mlir/Dialect/**/*.td` of MLIR 22 that `llvm-tblgen --dump-json` accepts
(run in the file's directory with `-I` the LLVM include directory) must give the
same JSON, byte for byte (anonymous records numbered alike). The files are read
in place and skipped with a reason without llvm-tblgen or MLIR's headers.

The normal run takes every eighth file (sorted by path, always the same ones),
about 30 files, a few seconds; `ODSGEN_TABLEGEN_ALL=1` (or `make test-tablegen`)
takes all of them (about 250 files, 20 to 30 s). `bench/tablegen.py` runs the same
comparison with CPU times.

The evaluations here share one process and so the states saved after common
includes: a state reused wrongly would show up as a difference.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from generator.tablegen import TableGenError, dump_json, evaluator, load_records

LLVM_TBLGEN = Path("/usr/lib/llvm-22/bin/llvm-tblgen")
LLVM_INCLUDE = Path("/usr/lib/llvm-22/include")
DIALECTS = LLVM_INCLUDE / "mlir" / "Dialect"
#: In the normal run, every SAMPLE_EVERY-th file.
SAMPLE_EVERY = 8


def _files() -> list[str]:
    if not DIALECTS.is_dir():
        return []
    found = sorted(str(p.relative_to(LLVM_INCLUDE)) for p in DIALECTS.rglob("*.td"))
    if os.environ.get("ODSGEN_TABLEGEN_ALL") == "1":
        return found
    return found[::SAMPLE_EVERY]


FILES = _files()


def _llvm_tblgen(path: Path) -> subprocess.CompletedProcess[str]:
    if not LLVM_TBLGEN.is_file():
        pytest.skip(f"{LLVM_TBLGEN} is not installed (apt-get install llvm-22)")
    return subprocess.run(
        [str(LLVM_TBLGEN), "--dump-json", "-I", str(LLVM_INCLUDE), path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.skipif(not FILES, reason=f"{DIALECTS} is missing (apt-get install libmlir-22-dev)")
@pytest.mark.parametrize("td", FILES or ["none"])
def test_dialect_file_matches_llvm_tblgen(td: str, expect_same_text) -> None:
    """The whole JSON dump is llvm-tblgen's, for each file llvm-tblgen accepts."""
    path = LLVM_INCLUDE / td
    expected = _llvm_tblgen(path)
    if expected.returncode != 0:
        first = (expected.stderr.splitlines() or ["?"])[0]
        pytest.skip(f"llvm-tblgen rejects it too: {first}")
    try:
        ours = dump_json(load_records(path, [LLVM_INCLUDE])) + "\n"
    except TableGenError as err:
        pytest.fail(f"odsgen rejects {td}: {err}")
    if ours != expected.stdout:
        expect_same_text(
            ours.replace(',"', ',\n"'), expected.stdout.replace(',"', ',\n"'), label=td
        )


def test_sample_is_spread() -> None:
    """The sampled run covers many dialects, not one directory."""
    if not FILES:
        pytest.skip(f"{DIALECTS} is missing (apt-get install libmlir-22-dev)")
    dialects = {Path(f).parts[2] for f in FILES}
    assert len(dialects) >= min(10, len(FILES))


# -- states saved after includes ------------------------------------------------------


def _dump(path: Path, include: Path) -> str:
    return dump_json(load_records(path, [include]))


def _llvm_dump(path: Path, include: Path) -> str:
    if not LLVM_TBLGEN.is_file():
        pytest.skip(f"{LLVM_TBLGEN} is not installed (apt-get install llvm-22)")
    return subprocess.run(
        [str(LLVM_TBLGEN), "--dump-json", "-I", str(include), path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.rstrip("\n")


def _base(n: int) -> str:
    """A base file with enough records for the state after it to be kept."""
    return "".join(f"class C{i} {{ int v = {i}; }}\ndef D{i} : C{i};\n" for i in range(n))


@pytest.fixture
def restores(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Starts with no kept states; lists the evaluations that continue from one."""
    monkeypatch.setattr(evaluator, "_SAVED_STATES", type(evaluator._SAVED_STATES)())
    monkeypatch.setattr(evaluator, "REUSE_STATES", True)
    seen: list[str] = []
    real = evaluator.Evaluator._restore

    def counting(self: evaluator.Evaluator, saved: object) -> None:
        seen.append(self.source.name)
        real(self, saved)  # type: ignore[arg-type]

    monkeypatch.setattr(evaluator.Evaluator, "_restore", counting)
    return seen


def test_saved_state_follows_macros(tmp_path: Path, restores: list[str]) -> None:
    """A state is reused only where the macros its files test are defined alike."""
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "base.td").write_text(
        "#ifndef BASE\n#define BASE\n" + _base(40) + "#ifdef WIDE\nclass Wide;\n#endif\n#endif\n",
        encoding="utf-8",
    )
    mains = {
        "plain.td": 'include "base.td"\ndef P : C1;\n',
        "wide.td": '#define WIDE\ninclude "base.td"\ndef W : C2;\n',
        "again.td": 'include "base.td"\ninclude "base.td"\ndef A : C3;\n',
        "anon.td": 'include "base.td"\ndef Y { C0 c = C0<>; }\n',
    }
    for name, text in mains.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    reused: list[set[str]] = []
    # Twice over: the second round reuses the states the first one saved.
    for _ in range(2):
        restores.clear()
        for name in mains:
            path = tmp_path / name
            assert _dump(path, inc) == _llvm_dump(path, inc), name
        reused.append({Path(n).name for n in restores})
    # plain.td, again.td and anon.td reach base.td alike; wide.td (WIDE defined)
    # needs a state of its own, which the second round finds.
    assert reused == [{"again.td", "anon.td"}, set(mains)]


def test_forward_declaration_completed_after_saved_state(
    tmp_path: Path, restores: list[str]
) -> None:
    """Completing a class declared in a kept state leaves that state as it was."""
    (tmp_path / "base.td").write_text("class Later;\n" + _base(40), encoding="utf-8")
    first = tmp_path / "first.td"
    first.write_text('include "base.td"\ndef F : Later;\n', encoding="utf-8")
    second = tmp_path / "second.td"
    second.write_text(
        'include "base.td"\nclass Later { int x = 1; }\ndef S : Later;\n', encoding="utf-8"
    )
    for path in (first, second, first, second):
        assert _dump(path, tmp_path) == _llvm_dump(path, tmp_path), path.name
    assert restores  # the state after base.td was reused (and never changed)


def test_changed_include_is_evaluated_again(tmp_path: Path, restores: list[str]) -> None:
    """A kept state is not reused once one of its files has changed."""
    base = tmp_path / "base.td"
    base.write_text(_base(40), encoding="utf-8")
    main = tmp_path / "main.td"
    main.write_text('include "base.td"\ndef M : C0;\n', encoding="utf-8")
    before = _dump(main, tmp_path)
    base.write_text(_base(41), encoding="utf-8")
    after = _dump(main, tmp_path)
    assert after != before
    assert after == _llvm_dump(main, tmp_path)
    assert _dump(main, tmp_path) == after
    assert len(restores) == 1  # only the last evaluation found base.td unchanged


def test_unrelated_file_leaves_no_state(tmp_path: Path, restores: list[str]) -> None:
    """A, then B, then A again: B's defs, anonymous records, `defset`s and global
    `let`s on the shared base do not reach A's second evaluation, which reuses the
    state kept after the base."""
    (tmp_path / "base.td").write_text(
        _base(40) + "class Holder<list<C0> l> { list<C0> all = l; }\n"
    )
    (tmp_path / "a.td").write_text(
        'include "base.td"\ndef A : C1;\ndef AnonUser : Holder<[D0]>;\n'
        "def Insts { list<C0> all = !instances<C0>(); }\n"
    )
    (tmp_path / "b.td").write_text(
        'include "base.td"\n'
        "defset list<C0> Set = { def B0 : C0; def : C0; }\n"
        "let v = 7 in { def B1 : C1; }\n"
        "def : Holder<[B0, D0]>;\n"
        "defvar x = 3;\n"
    )
    first = dump_json(load_records(tmp_path / "a.td", []))
    other = dump_json(load_records(tmp_path / "b.td", []))
    again = dump_json(load_records(tmp_path / "a.td", []))
    assert "B0" in other
    assert "B0" not in again
    assert again == first
    assert restores  # the second and third evaluations continued from a kept state
