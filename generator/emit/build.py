"""`odsgen generate`: every spec in `opdefs/` to the files of `generated/`, incrementally.

For each spec file the backends produce the dialect's package (`__init__`, `ops`,
`enums`, `attrs`) and its LangRef page; then come the files that span dialects:
`generated/__init__.py`, `generated/docs/index.md` and the JSON Schema of the
YAML form. All outputs are computed in memory, checked and formatted, and only
then written (see `writer.py`), so a failed generation changes nothing. Two
specs of one dialect (or one Python package) are refused, at both.

`generated/manifest.json` records content hashes: of the generator itself (its
code and templates), of each spec with the base library it includes, and of
every output. A run whose hashes all match does no work at all; a run after one
spec changed regenerates only that dialect. `--check` always regenerates
everything in memory and compares.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.emit.writer import OutputFile, WriteReport, check_interrupted, write_tree

if TYPE_CHECKING:
    from generator.spec.model import DialectDef

__all__ = ["MANIFEST", "GenerateResult", "generate"]

MANIFEST = "manifest.json"

#: What the generator's output depends on, besides the specs.
_GENERATOR_SOURCES = (
    "generator/emit",
    "generator/spec",
    "generator/tablegen",
    "templates",
    # Generated op modules import every public name of these modules, so their lists matter.
    "generator/ir/dialects",
)
_GENERATOR_FILES = (
    "generator/naming.py",
    "generator/diagnostics.py",
    # Generated modules import every public name of `generator.ir`, so its list matters too.
    "generator/ir/__init__.py",
)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def generator_fingerprint(package_root: Path) -> str:
    """A hash of the generator's code and templates."""
    h = hashlib.sha256()
    paths: list[Path] = []
    for rel in _GENERATOR_SOURCES:
        base = package_root / rel
        paths.extend(p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    paths.extend(package_root / rel for rel in _GENERATOR_FILES)
    for path in sorted(paths):
        h.update(path.relative_to(package_root).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def spec_files(root: Path) -> list[Path]:
    """The dialect specs: `opdefs/*.td` and `opdefs/*.yaml`, sorted."""
    return sorted(
        p for p in (root / "opdefs").glob("*") if p.suffix in (".td", ".yaml") and p.is_file()
    )


def _has_patterns(spec: Path) -> bool:
    text = spec.read_text(encoding="utf-8", errors="replace")
    return any(word in text for word in ("Pat<", "Pattern<", "patterns:", "canonicalize"))


def _inputs_hash(root: Path, spec: Path) -> str:
    h = hashlib.sha256(spec.read_bytes())
    if _has_patterns(spec):
        # Patterns may name the ops of any other spec.
        for other in spec_files(root):
            if other != spec:
                h.update(other.relative_to(root).as_posix().encode() + b"\0" + other.read_bytes())
    include = root / "opdefs" / "include"
    if spec.suffix == ".td" and include.is_dir():
        for path in sorted(include.rglob("*.td")):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


@dataclass
class _DialectEntry:
    source: str
    inputs: str
    dialect: str
    package: str
    summary: str
    outputs: dict[str, str]


@dataclass
class GenerateResult:
    """What `generate` did: the write report and the dialects it regenerated."""

    report: WriteReport
    regenerated: list[str] = field(default_factory=list)


def _read_manifest(out: Path) -> dict[str, object] | None:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _entries(manifest: dict[str, object] | None) -> dict[str, _DialectEntry]:
    out: dict[str, _DialectEntry] = {}
    raw = manifest.get("dialects") if manifest else None
    if isinstance(raw, dict):
        for source, e in raw.items():
            try:
                out[source] = _DialectEntry(source=source, **e)
            except TypeError:
                continue
    return out


def _outputs_intact(out: Path, outputs: dict[str, str]) -> bool:
    for rel, digest in outputs.items():
        try:
            if _sha((out / rel).read_bytes()) != digest:
                return False
        except OSError:
            return False
    return True


def _dialect_outputs(
    root: Path, spec: Path, loaded: dict[Path, DialectDef]
) -> tuple[_DialectEntry, list[OutputFile]]:
    """Load, validate and render one spec (the expensive part).

    `loaded` keeps the specs read so far in this run: a dialect with patterns reads
    every other spec for the ops its patterns may create, and each is read once.
    """
    from generator.emit.dialect import render_dialect
    from generator.spec.convert import load_spec

    def load(path: Path) -> DialectDef:
        if path not in loaded:
            loaded[path] = load_spec(path)
        return loaded[path]

    source = spec.relative_to(root).as_posix()
    dialect = load(spec)
    foreign = None
    if dialect.patterns:
        from generator.emit.dialect import op_targets

        foreign = op_targets([load(p) for p in spec_files(root) if p != spec])
    outputs = render_dialect(dialect, source, foreign)
    entry = _DialectEntry(
        source=source,
        inputs=_inputs_hash(root, spec),
        dialect=dialect.name,
        package=dialect.python_package,
        summary=dialect.summary,
        outputs={o.path: _sha(o.text.encode()) for o in outputs},
    )
    return entry, outputs


def generate(root: Path, *, check: bool) -> GenerateResult:
    """Regenerate `root/generated` from `root/opdefs` (or, with `check`, compare only).

    One generation runs in a project at a time: each clears what killed runs left
    beside `generated/`, which must not be what a live run is using.
    """
    from generator.emit.writer import project_lock

    with project_lock(root):
        return _generate(root, check=check)


def _generate(root: Path, *, check: bool) -> GenerateResult:
    out = root / "generated"
    package_root = Path(__file__).resolve().parents[2]
    fingerprint = generator_fingerprint(package_root)
    manifest = None if check else _read_manifest(out)
    same_generator = manifest is not None and manifest.get("generator") == fingerprint
    old = _entries(manifest) if same_generator else {}
    entries: list[_DialectEntry] = []
    outputs: list[OutputFile] = []
    fresh: list[OutputFile] = []
    regenerated: list[str] = []
    loaded: dict[Path, DialectDef] = {}
    _check_file_names(root)
    for spec in spec_files(root):
        check_interrupted()
        source = spec.relative_to(root).as_posix()
        previous = old.get(source)
        if (
            previous is not None
            and previous.inputs == _inputs_hash(root, spec)
            and _outputs_intact(out, previous.outputs)
        ):
            entries.append(previous)
            outputs.extend(
                OutputFile(rel, (out / rel).read_text(encoding="utf-8")) for rel in previous.outputs
            )
            continue
        entry, produced = _dialect_outputs(root, spec, loaded)
        entries.append(entry)
        fresh.extend(produced)
        regenerated.append(source)
    _check_distinct(root, entries, loaded)
    shared_names = ("__init__.py", "docs/index.md", "schema/opdefs.schema.json")
    previous_shared = manifest.get("shared") if manifest is not None else None
    if (
        not regenerated
        and same_generator
        and len(entries) == len(old)
        and isinstance(previous_shared, dict)
        and _outputs_intact(out, previous_shared)
    ):
        outputs.extend(
            OutputFile(rel, (out / rel).read_text(encoding="utf-8")) for rel in shared_names
        )
    else:
        fresh.extend(_shared_outputs(entries))
    if fresh:
        from generator.emit.postprocess import finish_python

        fresh = finish_python(root, fresh)
        # The formatted text is what gets written, so that is what the manifest hashes.
        by_path = {o.path: o for o in fresh}
        for entry in entries:
            if entry.source in regenerated:
                entry.outputs = {rel: _sha(by_path[rel].text.encode()) for rel in entry.outputs}
    outputs.extend(fresh)
    all_outputs = {o.path: o for o in outputs}
    shared = {rel: _sha(all_outputs[rel].text.encode()) for rel in shared_names}
    manifest_text = json.dumps(
        {
            "generator": fingerprint,
            "dialects": {
                e.source: {
                    "inputs": e.inputs,
                    "dialect": e.dialect,
                    "package": e.package,
                    "summary": e.summary,
                    "outputs": dict(sorted(e.outputs.items())),
                }
                for e in entries
            },
            "shared": shared,
        },
        indent=2,
        sort_keys=True,
    )
    all_outputs[MANIFEST] = OutputFile(MANIFEST, manifest_text + "\n")
    check_interrupted()
    report = write_tree(out, sorted(all_outputs.values(), key=lambda o: o.path), check=check)
    return GenerateResult(report, regenerated)


#: A spec's file name: its path is written into generated comments and docstrings.
_SPEC_FILE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")


def _check_file_names(root: Path) -> None:
    from generator.diagnostics import SpecDiagnostic, SpecValidationError
    from generator.ir.source import SourceFile

    problems = []
    for spec in spec_files(root):
        if not _SPEC_FILE_NAME.fullmatch(spec.name):
            shown = spec.relative_to(root).as_posix().encode("unicode_escape").decode("ascii")
            problems.append(
                SpecDiagnostic(
                    SourceFile(shown, "").loc(0),
                    f"invalid spec file name {spec.name!r}: use letters, digits, '_', '.' and '-'",
                )
            )
    if problems:
        raise SpecValidationError(problems)


#: Directories of `generated/` that hold no dialect package.
_RESERVED_PACKAGES = frozenset({"docs", "schema"})


def _check_distinct(
    root: Path, entries: list[_DialectEntry], loaded: dict[Path, DialectDef]
) -> None:
    """Two specs may not define the same dialect or generate the same package: the
    second would silently replace the first's `generated/<package>/`."""
    from generator.diagnostics import SpecDiagnostic, SpecValidationError
    from generator.spec.convert import load_spec

    problems: list[SpecDiagnostic] = []
    for what, key in (("dialect", "dialect"), ("Python package", "package")):
        by_value: dict[str, list[_DialectEntry]] = {}
        for e in entries:
            by_value.setdefault(getattr(e, key), []).append(e)
        for value, group in sorted(by_value.items()):
            if len(group) < 2:
                continue
            for e in group:
                path = root / e.source
                if path not in loaded:
                    loaded[path] = load_spec(path)
                others = ", ".join(o.source for o in group if o is not e)
                problems.append(
                    SpecDiagnostic(
                        loaded[path].loc,
                        f"{what} '{value}' is also defined by {others}",
                        hint="each spec needs its own dialect name and package",
                    )
                )
        if problems:
            break
    for e in entries:
        if e.package in _RESERVED_PACKAGES:
            path = root / e.source
            if path not in loaded:
                loaded[path] = load_spec(path)
            problems.append(
                SpecDiagnostic(
                    loaded[path].loc,
                    f"Python package '{e.package}' would share generated/{e.package}/ with "
                    "generated files that are not a dialect's",
                    hint="give the spec another 'package'",
                )
            )
    if problems:
        raise SpecValidationError(problems)


def _shared_outputs(entries: list[_DialectEntry]) -> list[OutputFile]:
    from generator.emit.dialect import render_root_init
    from generator.emit.docs import render_docs_index
    from generator.emit.schema import schema_output
    from generator.spec.model import DialectDef

    index_entries = [
        (DialectDef(name=e.dialect, summary=e.summary), e.source)
        for e in sorted(entries, key=lambda e: e.dialect)
    ]
    return [
        render_root_init([(e.package, e.source, e.dialect) for e in entries]),
        OutputFile("docs/index.md", render_docs_index(index_entries)),
        schema_output(),
    ]
