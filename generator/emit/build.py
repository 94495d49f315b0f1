"""`odsgen generate`: specs to the files of a package of dialects, incrementally.

A `Project` says what is generated where: this repository's `opdefs/` into
`generated/` (`Project.checkout`), or a user's specs into a package of their own
(`Project.user`), whose specs may name the built-in dialects' ops.

For each spec file the backends produce the dialect's package (`__init__`, `ops`,
`enums`, `attrs`) and its LangRef page; then come the files that span dialects:
the root `__init__.py`, `docs/index.md` and, for the checkout, the JSON Schema
of the YAML form. All outputs are computed in memory, checked and formatted, and only
then written (see `writer.py`), so a failed generation changes nothing. Two
specs of one dialect (or one Python package) are refused, at both.

`manifest.json` in the output records content hashes: of the generator itself (its
code and templates), of each spec with the base library it includes, and of
every output. A run whose hashes all match does no work at all; a run after one
spec changed regenerates only that dialect. `--check` always regenerates
everything in memory and compares.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from generator.emit.writer import OutputFile, WriteReport, check_interrupted, write_tree

if TYPE_CHECKING:
    from generator.spec.model import DialectDef

__all__ = ["MANIFEST", "GenerateResult", "Project", "generate"]

MANIFEST = "manifest.json"

#: What the generator's output depends on, besides the specs (in the `generator` package).
_GENERATOR_SOURCES = (
    "emit",
    "spec",
    "tablegen",
    "_templates",
    # Generated op modules import every public name of these modules, so their lists matter.
    "ir/dialects",
)
_GENERATOR_FILES = (
    "naming.py",
    "diagnostics.py",
    # Generated modules import every public name of `generator.ir`, so its list matters too.
    "ir/__init__.py",
)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def generator_fingerprint() -> str:
    """A hash of the generator's code and templates."""
    package = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    paths: list[tuple[str, Path]] = []
    for rel in _GENERATOR_SOURCES:
        # `_templates` may be a link to the repository's `templates/`: names are
        # taken below the link, so the hash is the same in a checkout and a wheel.
        base = package / rel
        paths.extend(
            (f"{rel}/{p.relative_to(base).as_posix()}", p)
            for p in base.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        )
    paths.extend((rel, package / rel) for rel in _GENERATOR_FILES)
    for name, path in sorted(paths):
        h.update(name.encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def spec_files(root: Path) -> list[Path]:
    """The dialect specs of the checkout at `root`: `opdefs/*.td` and `opdefs/*.yaml`, sorted."""
    return sorted(
        p for p in (root / "opdefs").glob("*") if p.suffix in (".td", ".yaml") and p.is_file()
    )


@dataclass(frozen=True)
class Project:
    """What one `odsgen generate` reads and writes.

    - `specs`: the spec files, one dialect each.
    - `out`: the directory of the root package; `package` is its import name.
    - `include_dirs`: searched by `.td` includes, before the base library.
    - `base`: spec paths in banners and the manifest are relative to it.
    - `foreign`: other specs whose ops patterns may name, generated into the
      package `foreign_package` (the built-in dialects, for a user's project).
    - `regenerate`: the command the file banners name.
    - `schema`: also write the JSON Schema of the YAML form (the checkout only).
    - `module_root`: also searched for implementation modules (the checkout's root,
      which names its modules from there wherever odsgen runs).
    - `replace_builtin`: the specs may define a dialect odsgen ships, under its own
      name (`odsgen import`'s MLIR dialects); loaded with `odsgen opt --load-dialect
      PKG --replace-builtin`, it stands in for the built-in one in that run's context.
    """

    specs: tuple[Path, ...]
    out: Path
    package: str
    include_dirs: tuple[Path, ...] = ()
    base: Path = Path()
    foreign: tuple[Path, ...] = ()
    foreign_package: str = "generated"
    regenerate: str = "make generate"
    schema: bool = False
    module_root: Path | None = None
    replace_builtin: bool = False

    @classmethod
    def checkout(cls, root: Path) -> Project:
        """This repository: `opdefs/` into `generated/`."""
        return cls(
            specs=tuple(spec_files(root)),
            out=root / "generated",
            package="generated",
            include_dirs=(root / "opdefs" / "include",),
            base=root,
            schema=True,
            module_root=root,
        )

    @classmethod
    def user(
        cls,
        specs: list[Path],
        out: Path,
        package: str | None = None,
        include_dirs: list[Path] | None = None,
    ) -> Project:
        """A user's specs into the package at `out` (named after it by default)."""
        from generator.resources import BUILTIN_SPECS, builtin_spec_files

        # Paths are shown as given, relative to where odsgen runs, so that the
        # generated files do not depend on where the project is checked out.
        base = Path.cwd()
        name = package or out.resolve().name
        shown = [_shown(p, base) for p in specs]
        command = " ".join(
            ["odsgen generate", *shown, *(f"-I {_shown(d, base)}" for d in include_dirs or [])]
            + [f"-o {_shown(out, base)}"]
            + ([f"--package {package}"] if package else [])
        )
        return cls(
            specs=tuple(specs),
            out=out,
            package=name,
            # The built-in specs can be included (`include "arith.td"`), for
            # patterns that name their ops.
            include_dirs=(*(include_dirs or ()), BUILTIN_SPECS),
            base=base,
            foreign=tuple(builtin_spec_files()),
            regenerate=command,
        )

    def source(self, spec: Path) -> str:
        """How `spec` is named in banners and the manifest."""
        return _shown(spec, self.base)


def _shown(path: Path, base: Path) -> str:
    """`path` relative to `base` (with `..` where it lies elsewhere)."""
    return Path(os.path.relpath(path.resolve(), base.resolve())).as_posix()


#: An `include "file.td"` line of a TableGen spec.
_INCLUDE = re.compile(r'^\s*include\s+"([^"\n]+)"', re.MULTILINE)


def _has_patterns(spec: Path) -> bool:
    text = spec.read_text(encoding="utf-8", errors="replace")
    return any(word in text for word in ("Pat<", "Pattern<", "patterns:", "canonicalize"))


def _inputs_hash(project: Project, spec: Path, implementation: str | None) -> str:
    """A hash of what the outputs of `spec` depend on: the spec, the specs its
    patterns may name, the `.td` files it may include, and the functions of its
    implementation module (named by the last generation's spec)."""
    h = hashlib.sha256(spec.read_bytes())
    if implementation is not None:
        from generator.spec.implementation import interface_digest

        h.update(b"\0" + interface_digest(implementation, spec).encode())
    if _has_patterns(spec):
        # Patterns may name the ops of any other spec.
        for other in (*project.specs, *project.foreign):
            if other != spec:
                h.update(project.source(other).encode() + b"\0" + other.read_bytes())
    if spec.suffix == ".td":
        from generator.resources import BASE_LIBRARY

        # Specs it includes beside it (`include "arith.td"` in `math.td`), whose
        # enums and attributes it may import.
        text = spec.read_text(encoding="utf-8", errors="replace")
        for name in sorted(set(_INCLUDE.findall(text))):
            sibling = spec.parent / name
            if sibling.is_file() and sibling.resolve() != spec.resolve():
                h.update(name.encode() + b"\0" + sibling.read_bytes())

        for include in dict.fromkeys(d.resolve() for d in (*project.include_dirs, BASE_LIBRARY)):
            if include.is_dir():
                for path in sorted(include.rglob("*.td")):
                    name = path.relative_to(include).as_posix()
                    h.update(name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


@dataclass
class _DialectEntry:
    source: str
    inputs: str
    dialect: str
    package: str
    summary: str
    outputs: dict[str, str]
    pattern_file: bool = False
    implementation: str | None = None
    """The dotted name of the spec's implementation module, if it has one."""


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
    project: Project, spec: Path, loaded: dict[Path, DialectDef]
) -> tuple[_DialectEntry, list[OutputFile]]:
    """Load, validate and render one spec (the expensive part).

    `loaded` keeps the specs read so far in this run: a dialect with patterns reads
    every other spec for the ops its patterns may create, and each is read once.
    """
    from generator.diagnostics import SpecDiagnostic, SpecValidationError
    from generator.emit.dialect import render_dialect
    from generator.spec.convert import load_spec

    def load(path: Path) -> DialectDef:
        if path not in loaded:
            loaded[path] = load_spec(path, list(project.include_dirs))
        return loaded[path]

    source = project.source(spec)
    dialect = load(spec)
    foreign = None
    foreign_enums = None
    if dialect.patterns:
        from generator.emit.dialect import op_targets

        builtin = [load(p) for p in project.foreign]
        others = [load(p) for p in project.specs if p != spec]
        foreign = op_targets(builtin, project.foreign_package)
        foreign.update(op_targets(others, project.package))
        foreign_enums = {e.def_name: e for d in (*builtin, *others) for e in d.enums}
    import_roots: dict[str, str] | None = None
    if dialect.imports:
        # An imported enum or attribute is generated with its dialect: in this
        # project's package, or among the built-in dialects.
        own_dialects = {load(p).name for p in project.specs if p != spec}
        builtin_dialects = {load(p).name for p in project.foreign}
        import_roots = {}
        for imported in dialect.imports:
            if imported.dialect in own_dialects:
                import_roots[imported.dialect] = project.package
            elif imported.dialect in builtin_dialects:
                import_roots[imported.dialect] = project.foreign_package
            else:
                raise SpecValidationError(
                    [
                        SpecDiagnostic(
                            imported.loc,
                            f"dialect '{imported.dialect}', whose definitions "
                            f"'{dialect.name}' uses, is not generated with it",
                            hint="generate the spec that defines it in the same run",
                        )
                    ]
                )
    outputs = render_dialect(
        dialect,
        source,
        foreign,
        root=project.package,
        regenerate=project.regenerate,
        foreign_enums=foreign_enums,
        import_roots=import_roots,
    )
    entry = _DialectEntry(
        source=source,
        inputs=_inputs_hash(project, spec, dialect.implementation_module),
        dialect=dialect.name,
        package=dialect.python_package,
        summary=dialect.summary,
        pattern_file=dialect.pattern_file,
        implementation=dialect.implementation_module,
        outputs={o.path: _sha(o.text.encode()) for o in outputs},
    )
    return entry, outputs


def generate(project: Project | Path, *, check: bool) -> GenerateResult:
    """Regenerate the project's output (a path: that checkout's `generated/`), or
    with `check` compare only.

    One generation runs in a project at a time: each clears what killed runs left
    beside the output, which must not be what a live run is using.
    """
    from generator.emit.writer import project_lock

    if isinstance(project, Path):
        project = Project.checkout(project)
    _check_output_dir(project)
    lock_dir = project.out.parent
    with project_lock(lock_dir):
        if project.module_root is None:
            return _generate(project, check=check)
        from generator.spec.implementation import project_root

        with project_root(project.module_root):
            return _generate(project, check=check)


def _generate(project: Project, *, check: bool) -> GenerateResult:
    out = project.out
    fingerprint = generator_fingerprint()
    manifest = None if check else _read_manifest(out)
    same_generator = manifest is not None and manifest.get("generator") == fingerprint
    old = _entries(manifest) if same_generator else {}
    entries: list[_DialectEntry] = []
    outputs: list[OutputFile] = []
    fresh: list[OutputFile] = []
    regenerated: list[str] = []
    loaded: dict[Path, DialectDef] = {}
    _check_file_names(project)
    for spec in project.specs:
        check_interrupted()
        source = project.source(spec)
        previous = old.get(source)
        if (
            previous is not None
            and previous.inputs == _inputs_hash(project, spec, previous.implementation)
            and _outputs_intact(out, previous.outputs)
        ):
            entries.append(previous)
            outputs.extend(
                OutputFile(rel, (out / rel).read_text(encoding="utf-8")) for rel in previous.outputs
            )
            continue
        entry, produced = _dialect_outputs(project, spec, loaded)
        entries.append(entry)
        fresh.extend(produced)
        regenerated.append(source)
    _check_distinct(project, entries, loaded)
    shared_names: tuple[str, ...] = ("__init__.py", "docs/index.md", "py.typed")
    if project.schema:
        shared_names += ("schema/opdefs.schema.json",)
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
        fresh.extend(_shared_outputs(project, entries))
    if fresh:
        from generator.emit.postprocess import finish_python

        fresh = finish_python(out.parent, fresh, project.package)
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
                    **({"pattern_file": True} if e.pattern_file else {}),
                    **({"implementation": e.implementation} if e.implementation else {}),
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


class ProjectError(Exception):
    """A project that cannot be generated as asked (a bad package name or output
    directory); the message says why."""


#: Top-level import names the generated code of a user's package may not take.
_RESERVED_ROOTS = frozenset({"generator", "generated"})

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _check_output_dir(project: Project) -> None:
    import keyword

    if project.schema:
        return
    parts = project.package.split(".")
    if not all(_IDENTIFIER.fullmatch(p) and not keyword.iskeyword(p) for p in parts):
        raise ProjectError(
            f"'{project.package}' is not a Python package name "
            "(use --package NAME with identifiers separated by dots)"
        )
    if parts[0] in _RESERVED_ROOTS:
        raise ProjectError(
            f"package '{project.package}' would clash with odsgen's own '{parts[0]}' package; "
            "choose another output directory or --package"
        )
    out = project.out
    if out.exists() and not out.is_dir():
        raise ProjectError(f"output '{out}' exists and is not a directory")
    if not out.parent.is_dir():
        # As `mkdir` without `-p`: a mistyped path should not grow directories.
        raise ProjectError(
            f"cannot write '{out}': its parent directory '{out.parent}' does not exist"
        )
    if out.is_dir() and not (out / MANIFEST).is_file() and any(out.iterdir()):
        raise ProjectError(
            f"output directory '{out}' is not empty and was not written by odsgen: "
            "generation replaces the whole directory, so give it one of its own"
        )


def _builtin_dialects() -> dict[str, str]:
    """The built-in dialects, by name: the Python package of each."""
    try:
        import generated
    except ImportError:
        return {}
    return dict(generated.DIALECTS)


#: A spec's file name: its path is written into generated comments and docstrings.
_SPEC_FILE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")


def _check_file_names(project: Project) -> None:
    from generator.diagnostics import SpecDiagnostic, SpecValidationError
    from generator.ir.source import SourceFile

    problems = []
    for spec in project.specs:
        if not _SPEC_FILE_NAME.fullmatch(spec.name):
            shown = project.source(spec).encode("unicode_escape").decode("ascii")
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
    project: Project, entries: list[_DialectEntry], loaded: dict[Path, DialectDef]
) -> None:
    """Two specs may not define the same dialect or generate the same package: the
    second would silently replace the first's `generated/<package>/`."""
    from generator.diagnostics import SpecDiagnostic, SpecValidationError
    from generator.spec.convert import load_spec

    by_source = {project.source(p): p for p in project.specs}

    def spec_of(e: _DialectEntry) -> DialectDef:
        path = by_source[e.source]
        if path not in loaded:
            loaded[path] = load_spec(path, list(project.include_dirs))
        return loaded[path]

    problems: list[SpecDiagnostic] = []
    for what, key in (("dialect", "dialect"), ("Python package", "package")):
        by_value: dict[str, list[_DialectEntry]] = {}
        for e in entries:
            by_value.setdefault(getattr(e, key), []).append(e)
        for value, group in sorted(by_value.items()):
            if len(group) < 2:
                continue
            for e in group:
                others = ", ".join(o.source for o in group if o is not e)
                problems.append(
                    SpecDiagnostic(
                        spec_of(e).loc,
                        f"{what} '{value}' is also defined by {others}",
                        hint="each spec needs its own dialect name and package",
                    )
                )
        if problems:
            break
    for e in entries:
        if e.package in _RESERVED_PACKAGES:
            problems.append(
                SpecDiagnostic(
                    spec_of(e).loc,
                    f"Python package '{e.package}' would share {project.out.name}/{e.package}/ "
                    "with generated files that are not a dialect's",
                    hint="give the spec another 'package'",
                )
            )
    if project.foreign and not project.replace_builtin:
        builtin = _builtin_dialects()
        for e in entries:
            if e.dialect in builtin:
                problems.append(
                    SpecDiagnostic(
                        spec_of(e).loc,
                        f"dialect '{e.dialect}' is one of odsgen's built-in dialects",
                        hint="give the dialect another name",
                    )
                )
    if problems:
        raise SpecValidationError(problems)


def _shared_outputs(project: Project, entries: list[_DialectEntry]) -> list[OutputFile]:
    from generator.emit.dialect import render_root_init
    from generator.emit.docs import render_docs_index
    from generator.emit.schema import schema_output
    from generator.spec.model import DialectDef

    index_entries = [
        (DialectDef(name=e.dialect, summary=e.summary), e.source)
        for e in sorted(entries, key=lambda e: e.dialect)
        if not e.pattern_file
    ]
    outputs = [
        render_root_init(
            [(e.package, e.source, e.dialect) for e in entries],
            pattern_packages=[e.package for e in entries if e.pattern_file],
            regenerate=project.regenerate,
            with_builtins=bool(project.foreign),
        ),
        OutputFile("docs/index.md", render_docs_index(index_entries)),
        # PEP 561: the package's type hints are for type checkers of its users too.
        OutputFile("py.typed", ""),
    ]
    if project.schema:
        outputs.append(schema_output())
    return outputs
