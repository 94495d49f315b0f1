"""The compiled runtime: `generator.ir` built with mypyc, used only while it matches its sources.

The runtime is strictly typed Python, so mypyc can compile it to a C extension that
runs the same code two to three times faster. The extension is optional: `make
generate` builds it when a C compiler is present (`python -m generator.native
build`), and without it, or with `ODSGEN_PURE_PYTHON=1` in the environment, the
same modules run as plain Python.

The compiled modules live in `generator/ir/_native/`, beside the sources rather
than over them, with a stamp holding a digest of the sources they were built
from. `generator.ir` puts that directory ahead of its own on its `__path__` only
while the digest still matches, so an edited source is never shadowed by a stale
build: it runs as Python until the next build.
"""

from __future__ import annotations

import contextlib
import os
import sys
import sysconfig

# `hashlib` would load OpenSSL, and `tempfile` and `shutil` the compression libraries,
# several MiB for every `odsgen` process; the check needs only BLAKE2, the build the rest.
from _blake2 import blake2b
from collections.abc import Iterator
from pathlib import Path
from typing import IO

IR_DIR = Path(__file__).resolve().parent / "ir"
NATIVE_DIR = IR_DIR / "_native"
STAMP = NATIVE_DIR / "STAMP"
GROUP = "generator.ir._native"

# Modules that stay Python: the package's `__init__` decides whether the compiled
# modules are used, so it cannot be one of them; affine expressions are immutable
# through `object.__setattr__` tricks mypyc does not compile, and are off the hot path;
# traits and interfaces are mixed into op classes by multiple inheritance; `opasm`
# holds protocols, which have no code to compile; `lazy_module` subclasses `ModuleType`;
# `semantics`, `tensor_semantics`, `memory`, `vectors`, `shaped_ops`, `interpreter`,
# `dataflow` and `shapes` compute on numpy scalars and arrays, which mypyc cannot type.
_INTERPRETED = frozenset(
    {
        "__init__.py",
        "affine.py",
        "dataflow.py",
        "interfaces.py",
        "interpreter.py",
        "lazy_module.py",
        "memory.py",
        "opasm.py",
        "semantics.py",
        "shaped_ops.py",
        "shapes.py",
        "tensor_semantics.py",
        "traits.py",
        "vectors.py",
    }
)


def compiled_sources() -> list[Path]:
    """The runtime modules the extension is built from, in a stable order."""
    return sorted(p for p in IR_DIR.glob("*.py") if p.name not in _INTERPRETED)


def source_digest() -> str:
    """A digest of the runtime's sources and the interpreter that can load the build.

    The interpreted modules count too, since compiled code was checked against them,
    and so does this module, which says what is compiled.
    """
    h = blake2b(digest_size=16)
    h.update(sysconfig.get_config_var("EXT_SUFFIX").encode())
    h.update(Path(__file__).read_bytes())
    for path in sorted(IR_DIR.glob("*.py")):
        h.update(path.name.encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def is_current() -> bool:
    """Whether a build exists and was made from the sources as they are now."""
    try:
        stamp = STAMP.read_text(encoding="ascii").strip()
    except OSError:
        return False
    return stamp == source_digest()


def enabled() -> bool:
    """Whether `generator.ir` should load its compiled modules."""
    if os.environ.get("ODSGEN_PURE_PYTHON", "") not in ("", "0"):
        return False
    return is_current()


def build(*, quiet: bool = True) -> None:
    """Compile the runtime with mypyc into `NATIVE_DIR`, replacing any earlier build.

    The new build is assembled in a temporary directory and moved into place whole,
    its stamp written last, so an interrupted build leaves either the previous build
    or none, never a mix.
    """
    # Imported here: mypyc and setuptools are build-time tools, not runtime dependencies.
    import shutil
    import tempfile

    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    root = IR_DIR.parent.parent
    digest = source_digest()
    with tempfile.TemporaryDirectory(prefix="odsgen-native-") as tmp:
        work = Path(tmp)
        cwd = os.getcwd()
        os.chdir(root)
        try:
            sources = [str(p.relative_to(root)) for p in compiled_sources()]
            extensions = mypycify(
                sources,
                opt_level="3",
                debug_level="0",
                group_name=GROUP,
                target_dir=str(work / "c"),
                verbose=not quiet,
            )
            dist = Distribution({"name": "odsgen-native", "ext_modules": extensions})
            dist.script_args = ["build_ext"]
            dist.parse_command_line()
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "tmp")
            command.parallel = os.cpu_count() or 1
            dist.run_commands()
        finally:
            os.chdir(cwd)
        built = work / "lib" / "generator" / "ir"
        staged = work / "native"
        staged.mkdir()
        for lib in built.iterdir():
            if lib.name.endswith(sysconfig.get_config_var("EXT_SUFFIX")):
                shutil.copy2(lib, staged / lib.name)
        (staged / "STAMP.tmp").write_text(digest + "\n", encoding="ascii")
        old = work / "old"
        if NATIVE_DIR.exists():
            NATIVE_DIR.rename(old)
        staged.rename(NATIVE_DIR)
        (NATIVE_DIR / "STAMP.tmp").rename(STAMP)


@contextlib.contextmanager
def _output_to(log: IO[bytes] | None) -> Iterator[None]:
    """Send this process's and its children's output (the C compiler's) to `log`."""
    if log is None:
        yield
        return
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)


def clean() -> None:
    """Remove the compiled runtime; the package then runs as Python."""
    import shutil

    shutil.rmtree(NATIVE_DIR, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    action = args[0] if args else "status"
    if action == "build":
        if is_current():
            return 0
        import tempfile

        verbose = "-v" in args
        if not verbose:
            print(
                "compiling the runtime with mypyc (once per change to generator/ir)",
                file=sys.stderr,
            )
        with tempfile.TemporaryFile() as log:
            try:
                with _output_to(None if verbose else log):
                    build(quiet=not verbose)
            except (Exception, SystemExit) as error:
                log.seek(0)
                tail = log.read().decode(errors="replace").splitlines()[-20:]
                for line in tail:
                    print(line, file=sys.stderr)
                print(f"note: compiled runtime not built ({error}); using Python", file=sys.stderr)
                return 0 if "--optional" in args else 1
        return 0
    if action == "clean":
        clean()
        return 0
    if action == "status":
        state = "compiled (current)" if is_current() else "Python (no current build)"
        if os.environ.get("ODSGEN_PURE_PYTHON", "") not in ("", "0"):
            state += ", forced to Python by ODSGEN_PURE_PYTHON"
        print(f"generator.ir: {state}")
        return 0
    print(
        "usage: python -m generator.native [build [--optional] [-v]|clean|status]", file=sys.stderr
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
