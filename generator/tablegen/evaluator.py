"""Evaluating TableGen files into records, with llvm-tblgen's semantics.

This module owns name lookup (locals, fields, template arguments, globals),
class instantiation with template arguments, `let` overrides, `defvar`,
`multiclass` (with base multiclasses) and `defm` with `NAME`, `foreach`, `if`,
`assert`, `defset`, the `!` operators, and the late binding of field references
that llvm-tblgen performs when a def is complete. Parsed files are cached by
path and modification time, so one run never parses a file twice, and the state
after an include that a fresh evaluation reaches by includes alone is kept and
reused by later evaluations in the same process that reach it the same way
(`_Saved`). Evaluation has explicit limits (records, list and string sizes,
include depth and cycles), each reported at the construct that exceeds it.

`foreach` bodies and multiclasses are evaluated once per iteration or `defm`
with their variables bound, rather than parsed once and substituted as
llvm-tblgen does; the records are the same, though anonymous records created
inside them may be numbered differently.
"""

from __future__ import annotations

import operator
import os
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from generator.ir.diagnostics import Diagnostic, Severity
from generator.ir.source import SourceFile
from generator.tablegen import ast
from generator.tablegen.operators import (
    MAX_LIST_ITEMS,
    MAX_STRING_CHARS,
    OPERATORS,
    fold_operator,
)
from generator.tablegen.parser import TableGenError, parse_text, preprocess
from generator.tablegen.values import (
    UNSET,
    BitInit,
    BitsInit,
    DagInit,
    DefInit,
    FieldInit,
    Init,
    IntInit,
    ListInit,
    OpInit,
    Record,
    RecordVal,
    SourcePos,
    StringInit,
    Type,
    UnsetInit,
    VarBitInit,
    VarDefInit,
    VarInit,
    type_str,
)

#: Parsed files by (resolved path, modification time, preprocessed text), shared by
#: every evaluator of the process.
_PARSE_CACHE: dict[tuple[str, float, str], ast.File] = {}
#: Files read, by path: (modification time and size, text, macros its
#: `#ifdef`/`#ifndef` lines test).
_FILE_CACHE: dict[str, tuple[tuple[int, int], SourceFile, frozenset[str]]] = {}
#: Preprocessed texts by (path, modification time and size, the tested macros that
#: were defined), with the macros the file then defines.
_PREPROCESS_CACHE: dict[
    tuple[str, tuple[int, int], frozenset[str]], tuple[str, frozenset[str]]
] = {}
#: A point of evaluation reached from a fresh state by following includes only.
_ChainKey = tuple[object, ...]
#: A file loaded: (path as given, modification time and size, resolved path, the
#: macros its `#ifdef`/`#ifndef` lines test).
_Loaded = tuple[str, tuple[int, int], str, frozenset[str]]


@dataclass(frozen=True)
class _Saved:
    """The evaluation state right after an include reached from a fresh state.

    Evaluating a file depends only on the state before it, on the files it
    loads and on which macros they test are defined, so a later evaluation
    that reaches the same include by the same includes from a fresh state, with
    those macros defined alike and the files unchanged, continues from here
    instead of evaluating the include again (the records are shared: records
    are never changed once made). Kept per process for the files that include
    the same base files (OpBase.td and what it includes).
    """

    classes: dict[str, Record]
    defs: dict[str, Record]
    globals: dict[str, Init]
    multiclasses: dict[str, _MultiClass]
    types: dict[str, ast.TypeExpr]
    anon_counter: int
    instances: dict[VarDefInit, DefInit]
    class_values: dict[VarDefInit, VarDefInit]
    dumps: tuple[str, ...]
    added_defines: frozenset[str]
    tested: tuple[tuple[str, bool], ...]
    files: tuple[_Loaded, ...]


#: Saved states by the include chain that reaches them (the ones for different
#: macros, newest first), least recently used first.
_SAVED_STATES: OrderedDict[_ChainKey, list[_Saved]] = OrderedDict()
#: How many states are kept for one include chain.
MAX_STATE_VARIANTS = 4
#: How many states are kept (each holds copies of the record tables).
MAX_SAVED_STATES = 256
#: Whether evaluations keep and reuse such states (off to time evaluation alone).
REUSE_STATES = True
#: The fewest records an include must make for the state after it to be kept.
_SAVE_MIN_RECORDS = 50


def clear_caches() -> None:
    """Forget every file read, parse and saved state of this process (for cold timings)."""
    _PARSE_CACHE.clear()
    _FILE_CACHE.clear()
    _PREPROCESS_CACHE.clear()
    _SAVED_STATES.clear()


class _SharedStateConflict(Exception):
    """Evaluation would change a record shared with a saved state."""


_TESTED_MACRO = re.compile(r"^[ \t]*#[ \t]*(?:ifdef|ifndef)[ \t]+(\w+)", re.MULTILINE)

__all__ = [
    "MAX_INCLUDE_DEPTH",
    "MAX_LIST_ITEMS",
    "MAX_RECORDS",
    "MAX_SAVED_STATES",
    "MAX_STRING_CHARS",
    "RecordKeeper",
    "clear_caches",
    "load_records",
]

_MASK64 = (1 << 64) - 1


#: Limits of evaluation, each reported at the construct that exceeds it: a spec
#: that needs more is almost surely a mistake (or hostile), and without them a
#: `foreach` over a huge range or a list doubled by `!listconcat` at every step
#: would take memory without bound.
#: (The list and string limits are checked where lists and strings are built, in
#: `operators.py`.)
MAX_RECORDS = 100_000
#: How deeply files may include each other.
MAX_INCLUDE_DEPTH = 64


def _wrap64(v: int) -> int:
    v &= _MASK64
    return v - (1 << 64) if v >> 63 else v


@dataclass
class RecordKeeper:
    """The result of evaluating a file: classes and defs by name, in creation order."""

    classes: dict[str, Record] = field(default_factory=dict)
    defs: dict[str, Record] = field(default_factory=dict)


# ---------------------------------------------------------------------------
# Resolution.


class Resolver:
    """Substitutes variables: `lookup(name)` gives a value or None to keep the name."""

    __slots__ = ("ev", "final", "lookup")

    def __init__(self, ev: Evaluator, lookup: Callable[[str], Init | None], final: bool) -> None:
        self.ev = ev
        self.lookup = lookup
        self.final = final

    def shadow(self, names: tuple[str, ...]) -> Resolver:
        """The same resolver, leaving `names` alone (operators that bind them)."""
        inner = self.lookup

        def lookup(name: str) -> Init | None:
            return None if name in names else inner(name)

        return Resolver(self.ev, lookup, self.final)


#: Operators whose folding depends on more than their operands (the defs made so
#: far, or whether the record is complete), so they are tried again even when
#: their operands did not change.
_STATEFUL_OPS = frozenset({"cast", "exists", "instances", "isa"})


def _same(new: tuple[Init, ...], old: tuple[Init, ...]) -> bool:
    return all(map(operator.is_, new, old))


def resolve(v: Init, r: Resolver) -> Init:
    """Substitute `r`'s variables in `v` and fold whatever became known.

    A value none of whose parts changed is returned as it is (resolution runs
    once per superclass over the inherited fields, and most references wait for
    the record to be complete).
    """
    if not v.has_vars:
        return v
    if type(v) is VarInit:
        got = r.lookup(v.name)
        return v if got is None else got
    return _RESOLVE[type(v)](v, r)


def _resolve_list(v: ListInit, r: Resolver) -> Init:
    items = tuple([resolve(i, r) for i in v.items])
    return v if _same(items, v.items) else ListInit(items, v.elem)


def _resolve_op(v: OpInit, r: Resolver) -> Init:
    if v.op == "if":
        # A condition that becomes known selects its branch before the other is
        # resolved, so class instances in the branch not taken are never created
        # (they would take anonymous numbers).
        cond = resolve(v.args[0], r)
        c = r.ev.as_int(cond)
        if c is not None:
            return resolve(v.args[1] if c else v.args[2], r)
        branches = (cond, resolve(v.args[1], r), resolve(v.args[2], r))
        if _same(branches, v.args):
            return v
        return r.ev.fold(v.op, branches, v.type, v.bound, r.final)
    rr = r.shadow(v.bound) if v.bound else r
    args = tuple([resolve(a, rr) for a in v.args])
    if v.op not in _STATEFUL_OPS and _same(args, v.args):
        return v
    return r.ev.fold(v.op, args, v.type, v.bound, r.final)


def _resolve_field(v: FieldInit, r: Resolver) -> Init:
    rec = resolve(v.rec, r)
    if rec is v.rec:
        return v
    return r.ev.fold_field(rec, v.field_name, r.final)


def _resolve_bits(v: BitsInit, r: Resolver) -> Init:
    bits: list[Init] = []
    changed = False
    for b in v.bits:
        if not b.has_vars:
            bits.append(b)
            continue
        nb = resolve(b, r)
        # A reference to a bit that is still unset stays a reference, as
        # llvm-tblgen keeps unset bits when it resolves a record.
        if nb is not b and not (type(nb) is UnsetInit and type(b) is VarBitInit):
            changed = True
            bits.append(nb)
        else:
            bits.append(b)
    return BitsInit(tuple(bits)) if changed else v


def _resolve_var_bit(v: VarBitInit, r: Resolver) -> Init:
    inner = resolve(v.var, r)
    if inner is v.var:
        return v
    return r.ev.bit_of(inner, v.index)


def _resolve_dag(v: DagInit, r: Resolver) -> Init:
    op = resolve(v.op, r)
    values = tuple([resolve(a, r) for a, _ in v.args])
    if op is v.op and _same(values, tuple([a for a, _ in v.args])):
        return v
    return DagInit(op, v.name, tuple(zip(values, [n for _, n in v.args], strict=True)))


def _resolve_class_value(v: VarDefInit, r: Resolver) -> Init:
    values = tuple([resolve(a, r) for _, a in v.args])
    if _same(values, tuple([a for _, a in v.args])):
        return v
    vargs = tuple(zip([n for n, _ in v.args], values, strict=True))
    new = r.ev.class_value(v.cls, vargs, v.loc, v.at)
    if not any(a.has_vars for a in values):
        return r.ev.instantiate(new)
    return new


def _resolve_unchanged(v: Init, r: Resolver) -> Init:
    return v


#: How each kind of value with variables is resolved (`VarInit` is done inline).
_RESOLVE: dict[type, Callable[[Any, Resolver], Init]] = {
    ListInit: _resolve_list,
    OpInit: _resolve_op,
    FieldInit: _resolve_field,
    BitsInit: _resolve_bits,
    VarBitInit: _resolve_var_bit,
    DagInit: _resolve_dag,
    VarDefInit: _resolve_class_value,
    UnsetInit: _resolve_unchanged,
    BitInit: _resolve_unchanged,
    IntInit: _resolve_unchanged,
    StringInit: _resolve_unchanged,
    DefInit: _resolve_unchanged,
}


# ---------------------------------------------------------------------------
# Scopes.


class Scope:
    """A level of name lookup: local variables and, for a record body, the record."""

    __slots__ = ("multiclass", "parent", "rec", "vars")

    def __init__(
        self,
        parent: Scope | None,
        rec: Record | None = None,
        vars_: dict[str, Init] | None = None,
    ) -> None:
        self.parent = parent
        self.rec = rec
        self.vars: dict[str, Init] = vars_ if vars_ is not None else {}
        self.multiclass = False


#: One item of a `let ... in`: the item, its value, the bits it sets, and its file.
_LetValue = tuple[ast.LetItem, Init, list[int] | None, SourceFile]


@dataclass
class _MultiClass:
    """A multiclass: its syntax, kept to be evaluated by each `defm`."""

    node: ast.MultiClass
    source: SourceFile
    lets: list[list[_LetValue]]


class _Collect:
    """Where new defs go while a multiclass body is evaluated for a `defm`."""

    def __init__(self) -> None:
        self.records: list[Record] = []


class Evaluator:
    """Evaluates statements into a `RecordKeeper`."""

    def __init__(self, include_dirs: list[Path]) -> None:
        self.include_dirs = include_dirs
        self.keeper = RecordKeeper()
        self.globals: dict[str, Init] = {}
        self.multiclasses: dict[str, _MultiClass] = {}
        self.types: dict[str, ast.TypeExpr] = {}
        self.defines: set[str] = set()
        self.anon_counter = 0
        self.instances: dict[VarDefInit, DefInit] = {}
        self.class_values: dict[VarDefInit, VarDefInit] = {}
        self.lets: list[list[_LetValue]] = []
        self.collect: _Collect | None = None
        self.defsets: list[list[Init]] = []
        self.source: SourceFile = SourceFile("<none>", "")
        # Shared by every evaluator of the process, so a file included by many specs
        # (OpBase.td) is parsed once per run.
        self.parse_cache = _PARSE_CACHE
        self.dumps: list[str] = []
        #: The files being evaluated, outermost first (to find include cycles).
        self.including: list[Path] = []
        #: Every file loaded so far: (path, stamp, resolved path, macros it tests).
        self.loaded: list[_Loaded] = []
        #: Where evaluation stands while it has done nothing but follow includes
        #: from a fresh state: the include directories, then each include entered
        #: or completed. None once any other statement ran. Saved states are
        #: found by it (see `_Saved`).
        self.chain: _ChainKey | None = None
        self.reuse_states = REUSE_STATES
        #: Where the name of the def being read is (None outside a def).
        self.record_at: int | None = None
        self._frozen_classes = 0

    # -- errors and locations ------------------------------------------------

    def error(self, pos: int, message: str, source: SourceFile | None = None) -> TableGenError:
        """An error at `pos` of the file being evaluated."""
        src = source if source is not None else self.source
        return TableGenError(Diagnostic(Severity.ERROR, src.loc(pos), message))

    def loc(self, pos: int) -> str:
        """`file:line` as llvm-tblgen prints record locations (the file's base name)."""
        line, _ = self.source.line_col(pos)
        return f"{os.path.basename(self.source.name)}:{line}"

    def new_anonymous_name(self) -> str:
        """The next `anonymous_N` name."""
        name = f"anonymous_{self.anon_counter}"
        self.anon_counter += 1
        return name

    # -- files ---------------------------------------------------------------

    def load_file(self, path: Path) -> ast.File:
        """Parse `path`, or reuse its parse when it is unchanged and identically preprocessed."""
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
        name = str(path)
        known = _FILE_CACHE.get(name)
        if known is None or known[0] != stamp:
            text = path.read_text(encoding="utf-8", errors="surrogateescape")
            tested = frozenset(m.group(1) for m in _TESTED_MACRO.finditer(text))
            known = (stamp, SourceFile(name, text), tested)
            _FILE_CACHE[name] = known
        _, source, tested = known
        self.loaded.append((name, stamp, str(path.resolve()), tested))
        # What preprocessing gives depends only on which of the macros the file
        # tests are defined when it is read; the macros it defines follow from that.
        pkey = (name, stamp, frozenset(n for n in tested if n in self.defines))
        done = _PREPROCESS_CACHE.get(pkey)
        if done is None:
            before = set(self.defines)
            pre = preprocess(source, self.defines)
            done = (pre, frozenset(self.defines - before))
            _PREPROCESS_CACHE[pkey] = done
        else:
            self.defines.update(done[1])
        pre = done[0]
        key = (str(path.resolve()), st.st_mtime, pre)
        cached = self.parse_cache.get(key)
        if cached is not None:
            return cached
        parsed = parse_text(SourceFile(name, pre), set())
        parsed = ast.File(source, parsed.stmts)
        self.parse_cache[key] = parsed
        return parsed

    def run_main(self, path: Path) -> None:
        """Evaluate the main file from a fresh state (reusing saved states of the
        includes it starts with)."""
        parsed = self.load_file(path)
        self.chain = (tuple(str(d) for d in self.include_dirs),)
        self.run_file(parsed)

    def run_file(self, parsed: ast.File) -> None:
        """Evaluate every statement of a parsed file."""
        saved = self.source
        self.source = parsed.source
        self.including.append(Path(parsed.source.name).resolve())
        try:
            scope = Scope(None)
            for stmt in parsed.stmts:
                try:
                    self.stmt(stmt, scope)
                except RecursionError:
                    # Reported at the outermost statement of the innermost file.
                    raise self.error(stmt.pos, "evaluation nests too deeply") from None
        finally:
            self.including.pop()
            self.source = saved

    def include(self, node: ast.Include) -> None:
        """Follow `include`: the including file's directory first, then `-I` directories."""
        here = Path(self.source.name).parent
        for d in [here, *self.include_dirs]:
            candidate = d / node.path
            if candidate.is_file():
                resolved = candidate.resolve()
                if resolved in self.including:
                    chain = [*self.including[self.including.index(resolved) :], resolved]
                    names = " -> ".join(p.name for p in chain)
                    raise self.error(node.pos, f"include cycle: {names}")
                if len(self.including) >= MAX_INCLUDE_DEPTH:
                    raise self.error(
                        node.pos, f"includes nest more than {MAX_INCLUDE_DEPTH} files deep"
                    )
                key: _ChainKey | None = None
                if self.chain is not None and self.reuse_states:
                    key = (self.chain, str(resolved))
                    for saved in _SAVED_STATES.get(key, ()):
                        if self._fits(saved):
                            _SAVED_STATES.move_to_end(key)
                            self._restore(saved)
                            self.chain = key
                            return
                    mark, defines_before = len(self.loaded), set(self.defines)
                    made = len(self.keeper.classes) + len(self.keeper.defs)
                self.run_file(self.load_file(candidate))
                if key is not None:
                    # Entering a file changes nothing but the macros, so the chain
                    # names only the includes completed; states of includes that
                    # made few records are not worth keeping.
                    if len(self.keeper.classes) + len(self.keeper.defs) - made >= _SAVE_MIN_RECORDS:
                        self._save(key, mark, defines_before)
                    self.chain = key
                return
        raise self.error(node.pos, f"Could not find include file '{node.path}'")

    # -- saved states --------------------------------------------------------

    def _fits(self, saved: _Saved) -> bool:
        """Whether `saved` is what evaluating its include would give here: the
        macros its files test are defined as they were, its files are unchanged,
        and none of them is being evaluated (which would be an include cycle)."""
        defines = self.defines
        for macro, was_defined in saved.tested:
            if (macro in defines) != was_defined:
                return False
        including = {str(p) for p in self.including}
        for name, stamp, resolved, _ in saved.files:
            if resolved in including:
                return False
            try:
                st = os.stat(name)
            except OSError:
                return False
            if (st.st_mtime_ns, st.st_size) != stamp:
                return False
        return True

    def _save(self, key: _ChainKey, mark: int, defines_before: set[str]) -> None:
        """Keep the state after an include reached from a fresh state by `key`."""
        files = tuple(self.loaded[mark:])
        tested = sorted({m for *_, t in files for m in t})
        classes = self.keeper.classes
        # Classes in a saved state are shared by every evaluation that reuses it:
        # completing a forward-declared one later must not change it.
        for cls in list(classes.values())[self._frozen_classes :]:
            cls.frozen = True
        self._frozen_classes = len(classes)
        state = _Saved(
            classes=dict(classes),
            defs=dict(self.keeper.defs),
            globals=dict(self.globals),
            multiclasses=dict(self.multiclasses),
            types=dict(self.types),
            anon_counter=self.anon_counter,
            instances=dict(self.instances),
            class_values=dict(self.class_values),
            dumps=tuple(self.dumps),
            added_defines=frozenset(self.defines - defines_before),
            tested=tuple((m, m in defines_before) for m in tested),
            files=files,
        )
        # The same include reached alike may need other states for other macros:
        # a few are kept, the newest first.
        variants = _SAVED_STATES.get(key, [])
        _SAVED_STATES[key] = [state, *variants[: MAX_STATE_VARIANTS - 1]]
        _SAVED_STATES.move_to_end(key)
        while len(_SAVED_STATES) > MAX_SAVED_STATES:
            _SAVED_STATES.popitem(last=False)

    def _restore(self, saved: _Saved) -> None:
        """Continue from `saved` as if its include had just been evaluated."""
        self.keeper.classes = dict(saved.classes)
        self.keeper.defs = dict(saved.defs)
        self.globals = dict(saved.globals)
        self.multiclasses = dict(saved.multiclasses)
        self.types = dict(saved.types)
        self.anon_counter = saved.anon_counter
        self.instances = dict(saved.instances)
        self.class_values = dict(saved.class_values)
        self.dumps = list(saved.dumps)
        self.defines.update(saved.added_defines)
        self.loaded.extend(saved.files)
        self._frozen_classes = len(self.keeper.classes)

    # -- statements ----------------------------------------------------------

    def stmt(self, s: ast.Stmt, scope: Scope) -> None:
        """Evaluate one statement."""
        if isinstance(s, ast.Include):
            self.include(s)
            return
        self.chain = None
        if isinstance(s, ast.ClassDef):
            self.class_def(s, scope)
        elif isinstance(s, ast.Def):
            self.def_stmt(s, scope)
        elif isinstance(s, ast.Let):
            items = [self.let_value(i, scope) for i in s.items]
            self.lets.append(items)
            try:
                inner = Scope(scope)
                for b in s.body:
                    self.stmt(b, inner)
            finally:
                self.lets.pop()
        elif isinstance(s, ast.Defvar):
            if s.name in scope.vars or (scope.parent is None and s.name in self.globals):
                raise self.error(s.pos, "local variable of this name already exists")
            value = self.value(s.value, scope)
            if scope.parent is None and scope.rec is None:
                self.globals[s.name] = value
            else:
                scope.vars[s.name] = value
        elif isinstance(s, ast.Foreach):
            self.foreach(s, scope)
        elif isinstance(s, ast.If):
            cond = self.value(s.cond, scope)
            c = self.as_int(cond)
            if c is None:
                raise self.error(s.pos, f"condition of 'if' is not known: '{cond.as_string()}'")
            inner = Scope(scope)
            for b in s.then if c else s.orelse:
                self.stmt(b, inner)
        elif isinstance(s, ast.MultiClass):
            for base in s.supers:
                if base.name not in self.multiclasses:
                    raise self.error(base.pos, f"Couldn't find multiclass '{base.name}'")
            self.multiclasses[s.name] = _MultiClass(s, self.source, [list(x) for x in self.lets])
        elif isinstance(s, ast.Defm):
            self.defm(s, scope)
        elif isinstance(s, ast.Assert):
            self.check_assert(s.cond, s.message, s.pos, scope, None)
        elif isinstance(s, ast.Defset):
            self.defsets.append([])
            try:
                for b in s.body:
                    self.stmt(b, Scope(scope))
            finally:
                members = self.defsets.pop()
            self.globals[s.name] = ListInit(tuple(members), "?")
        elif isinstance(s, ast.Deftype):
            self.types[s.name] = s.type
        elif isinstance(s, ast.Dump):
            self.dumps.append(self.value(s.value, scope).as_string())
        else:
            raise self.error(s.pos, "this statement is only allowed inside a record body")

    def let_value(self, item: ast.LetItem, scope: Scope) -> _LetValue:
        """Evaluate the value of one `let` item (in the scope of the `let`)."""
        bits = self.bit_list(item.bits, scope) if item.bits is not None else None
        return (item, self.value(item.value, scope), bits, self.source)

    def bit_list(self, ranges: list[ast.Expr], scope: Scope) -> list[int]:
        """The bit numbers of a `{...}` list."""
        out: list[int] = []
        for r in ranges:
            out.extend(self.range_ints(r, scope))
        # Bit lists are written most significant bit first.
        out.reverse()
        return out

    def range_ints(self, r: ast.Expr, scope: Scope) -> list[int]:
        """The integers of one range piece."""
        if isinstance(r, ast.RangeExpr):
            a = self.as_int(self.value(r.start, scope))
            b = self.as_int(self.value(r.end, scope))
            if a is None or b is None:
                raise self.error(r.pos, "expected integer range bounds")
            if abs(b - a) + 1 > MAX_LIST_ITEMS:
                raise self.error(
                    r.pos,
                    f"range {a}...{b} has {abs(b - a) + 1} elements "
                    f"(the limit is {MAX_LIST_ITEMS})",
                )
            return list(range(a, b + 1)) if a <= b else list(range(a, b - 1, -1))
        v = self.as_int(self.value(r, scope))
        if v is None:
            raise self.error(r.pos, "expected an integer")
        return [v]

    def foreach(self, s: ast.Foreach, scope: Scope) -> None:
        """Evaluate the body once per element with the loop variable bound."""
        values: list[Init]
        if isinstance(s.iter, ast.Bits):
            values = [IntInit(i) for r in s.iter.items for i in self.range_ints(r, scope)]
        else:
            it = self.value(s.iter, scope)
            if isinstance(it, ListInit):
                values = list(it.items)
            else:
                raise self.error(
                    s.iter.pos, f"expected a list or a range in 'foreach', got '{it.as_string()}'"
                )
        for v in values:
            inner = Scope(scope, vars_={s.name: v})
            for b in s.body:
                self.stmt(b, inner)

    # -- records -------------------------------------------------------------

    def class_def(self, s: ast.ClassDef, scope: Scope) -> None:
        """Define a class."""
        existing = self.keeper.classes.get(s.name)
        if existing is not None and (existing.fields or existing.supers or existing.targs):
            raise self.error(s.pos, f"Class '{s.name}' already defined")
        if existing is not None and existing.frozen and (s.args or s.supers or s.body):
            # Completing a forward declaration from a saved state would change
            # that state: evaluate again without saved states.
            raise _SharedStateConflict
        rec = existing or Record(s.name, [self.loc(s.pos)], is_class=True)
        rec.inherit_fields = None
        if existing is None:
            self.keeper.classes[s.name] = rec
        inner = Scope(scope, rec)
        for arg in s.args:
            qname = f"{s.name}:{arg.name}"
            if qname in rec.fields:
                raise self.error(
                    arg.pos, "template argument with the same name has already been defined"
                )
            t = self.type_of(arg.type)
            default = self.value(arg.default, inner, t) if arg.default is not None else UNSET
            rec.targs.append(qname)
            rec.fields[qname] = RecordVal(qname, t, self.convert(default, t, arg.pos) or default)
        self.object_body(rec, s.supers, s.body, inner)

    def def_stmt(self, s: ast.Def, scope: Scope) -> None:
        """Define a def (named or anonymous)."""
        if s.name is None:
            rec = Record(self.new_anonymous_name(), [self.loc(s.pos)], anonymous=True)
        else:
            name = self.name_value(s.name, scope)
            rec = Record(name, [self.loc(s.pos)])
        rec.at = (self.source, s.pos)
        inner = Scope(scope, rec)
        saved_at = self.record_at
        # llvm-tblgen reports some operator errors at the record being defined.
        self.record_at = s.name.pos if s.name is not None else s.pos
        try:
            self.object_body(rec, s.supers, s.body, inner)
        finally:
            self.record_at = saved_at
        self.add_def(rec, s.pos)

    def name_value(self, e: ast.Expr, scope: Scope) -> str:
        """The name of a def: identifiers not bound to a string stand for themselves."""
        if isinstance(e, ast.Id):
            got = self.lookup_local(e.name, scope)
            if got is None or isinstance(got, VarInit):
                return e.name
            as_str = self._to_str(got)
            if isinstance(as_str, StringInit):
                return as_str.value
            raise self.error(e.pos, f"def name is not a string: '{got.as_string()}'")
        if isinstance(e, ast.Paste):
            left = self.name_value(e.lhs, scope)
            right = self.name_value(e.rhs, scope) if e.rhs is not None else ""
            return left + right
        v = self.value(e, scope)
        if isinstance(v, StringInit):
            return v.value
        if isinstance(v, IntInit):
            return str(v.value)
        raise self.error(e.pos, f"def name is not a string: '{v.as_string()}'")

    def object_body(
        self,
        rec: Record,
        supers: list[ast.SubclassRef],
        body: list[ast.Stmt],
        scope: Scope,
    ) -> None:
        """Superclasses, then the enclosing `let`s, then the body, as llvm-tblgen orders them."""
        for ref in supers:
            self.add_subclass(rec, ref, scope)
        for level in self.lets:
            for item, value, bits, source in level:
                self.set_value(rec, item.pos, item.name, value, bits, source)
        for body_stmt in body:
            self.body_item(rec, body_stmt, scope)

    def body_item(self, rec: Record, item: ast.Stmt, scope: Scope) -> None:
        """One item of a record body."""
        if isinstance(item, ast.Decl):
            t = self.type_of(item.type)
            # A field starts as `?` of its type: a `bits<n>` one as n unset bits, so
            # that `let f{i} = ...` can set some of them.
            unset = self.convert(UNSET, t, item.pos) or UNSET
            if item.name in rec.fields:
                existing = rec.fields[item.name]
                existing.value = unset
            else:
                rec.fields[item.name] = RecordVal(item.name, t, unset, is_field=item.field)
            if item.value is not None:
                v = self.value(item.value, scope, t)
                self.set_value(rec, item.value.pos, item.name, v, None)
        elif isinstance(item, ast.LetItem):
            bits = self.bit_list(item.bits, scope) if item.bits is not None else None
            target = rec.fields.get(item.name)
            v = self.value(item.value, scope, target.type if target is not None else None)
            self.set_value(rec, item.pos, item.name, v, bits)
        elif isinstance(item, ast.Defvar):
            if item.name in scope.vars:
                raise self.error(item.pos, "local variable of this name already exists")
            scope.vars[item.name] = self.value(item.value, scope)
        elif isinstance(item, ast.Assert):
            cond = self.value(item.cond, scope)
            msg = self.value(item.message, scope)
            if rec.is_class or cond.has_vars or msg.has_vars:
                rec.asserts.append((cond, msg, (self.source, item.pos)))
            else:
                self.assert_holds(cond, msg, self.source, item.pos)
        elif isinstance(item, ast.Dump):
            self.dumps.append(self.value(item.value, scope).as_string())
        else:
            raise self.error(item.pos, "unexpected statement in a record body")

    def set_value(
        self,
        rec: Record,
        pos: int,
        name: str,
        value: Init,
        bits: list[int] | None,
        source: SourceFile | None = None,
    ) -> None:
        """Assign a field (a `let` or an initializer), converting to the field's type.

        `source` is the file of `pos` when it is not the file being evaluated (a
        `let` around an `include`).
        """
        rv = rec.fields.get(name)
        if rv is None:
            raise self.error(pos, f"Value '{name}' unknown!")
        if bits is None and isinstance(value, VarInit) and value.name == name:
            raise self.error(pos, "Recursion / self-assignment forbidden")
        if bits is not None:
            cur = rv.value
            if not isinstance(cur, BitsInit):
                raise self.error(pos, f"Value '{name}' is not a bits type")
            new_bits = list(cur.bits)
            conv = self.convert(value, ("bits", len(bits)), pos)
            if not isinstance(conv, BitsInit):
                raise self.error(pos, "Initializer is not compatible with bit range")
            for i, b in enumerate(bits):
                new_bits[b] = conv.bits[i]
            value = BitsInit(tuple(new_bits))
        conv = self.convert(value, rv.type, pos)
        if conv is None:
            raise self.error(
                pos,
                f"Field '{name}' of type '{type_str(rv.type)}' is incompatible with value "
                f"'{value.as_string()}' of type '{type_str(self.type_of_init(value))}'",
            )
        rv.value = conv
        rv.at = (source if source is not None else self.source, pos)
        rv.own = True

    def find_class(self, name: str, pos: int) -> Record:
        """The class `name`, or an error at `pos`."""
        cls = self.keeper.classes.get(name)
        if cls is None:
            raise self.error(pos, f"Couldn't find class '{name}'")
        return cls

    def template_bindings(
        self, cls: Record, args: list[ast.Expr | ast.NamedArg], pos: int, scope: Scope
    ) -> list[tuple[str, Init]]:
        """Match arguments to `cls`'s template arguments, checking count and types."""
        given: dict[str, Init] = {}
        positional = True
        for i, a in enumerate(args):
            if isinstance(a, ast.NamedArg):
                positional = False
                qname = f"{cls.name}:{a.name}"
                if qname not in cls.targs:
                    raise self.error(a.pos, f"Argument '{a.name}' doesn't exist")
                target, apos, expr = qname, a.pos, a.value
            else:
                if not positional:
                    raise self.error(
                        a.pos, "Positional argument should be put before named argument"
                    )
                if i >= len(cls.targs):
                    raise self.error(a.pos, f"Too many template arguments: {len(args)}")
                target, apos, expr = cls.targs[i], a.pos, a
            t = cls.fields[target].type
            v = self.value(expr, scope, t)
            conv = self.convert(v, t, apos)
            if conv is None:
                raise self.error(
                    apos,
                    f"Value specified for template argument '{target}' is of type "
                    f"{type_str(self.type_of_init(v))}; expected type {type_str(t)}: "
                    f"{v.as_string()}",
                )
            given[target] = conv
        for qname in cls.targs:
            if qname not in given and isinstance(cls.fields[qname].value, UnsetInit):
                raise self.error(pos, f"value not specified for template argument '{qname}'")
        # Only the given arguments: llvm-tblgen shares `C<x>` between uses with the
        # same written arguments, so `C<x>` and `C<x, default>` are distinct records.
        return list(given.items())

    def add_subclass(self, rec: Record, ref: ast.SubclassRef, scope: Scope) -> None:
        """Inherit from `ref`: copy its fields and substitute its template arguments."""
        cls = self.keeper.classes.get(ref.name)
        if cls is None:
            if ref.name in self.multiclasses:
                raise self.error(
                    ref.pos, f"'{ref.name}' is a multiclass; use defm to instantiate it"
                )
            raise self.error(ref.pos, f"Couldn't find class '{ref.name}'")
        bindings = self.template_bindings(cls, ref.args, ref.pos, scope)
        try:
            self.inherit(rec, cls, bindings, ref.pos)
        except _FoldError as err:
            raise self.error(ref.pos, err.message) from None

    def inherit(self, rec: Record, cls: Record, bindings: list[tuple[str, Init]], pos: int) -> None:
        """The core of `AddSubClass`: fields, substitution, superclass list."""
        targs = set(cls.targs)
        fields = rec.fields
        for name, rv in cls.fields.items():
            cur = fields.get(name)
            if cur is None:
                if name not in targs:
                    fields[name] = rv.copy()
            elif name not in targs:
                cur.value = self.convert(rv.value, cur.type, pos) or rv.value
                cur.at, cur.own = rv.at, False
        given = dict(bindings)
        bindings = [(q, given[q] if q in given else cls.fields[q].value) for q in cls.targs]
        mapping: dict[str, Init] = {}
        name_init: Init = (
            VarInit(f"{rec.name}:NAME", "string") if rec.is_class else StringInit(rec.name)
        )
        mapping[f"{cls.name}:NAME"] = name_init
        resolved_cache: dict[str, Init] = {}
        raw = dict(bindings)

        def lookup(n: str) -> Init | None:
            if n in resolved_cache:
                return resolved_cache[n]
            if n in raw:
                v = raw.pop(n)
                got = resolve(v, r)
                resolved_cache[n] = got
                return got
            return mapping.get(n)

        r = Resolver(self, lookup, False)
        # Only the fields just taken from `cls` can mention its template arguments
        # (fields from earlier superclasses had theirs substituted already), and of
        # those only the ones that do, or that hold an operator which may fold
        # differently now, can change.
        names = cls.inherit_fields
        if names is None:
            names = cls.inherit_fields = _fields_to_resolve(cls, targs)
        for name in names:
            rv = fields[name]
            if not rv.value.has_vars:
                continue
            new = resolve(rv.value, r)
            rv.value = self.convert(new, rv.type, pos) or new
        for cond, msg, where in cls.asserts:
            rec.asserts.append((resolve(cond, r), resolve(msg, r), where))
        for sc in cls.supers:
            if rec.is_subclass_of(sc):
                raise self.error(pos, f"Already subclass of '{sc.name}'!")
            rec.supers.append(sc)
        if rec.is_subclass_of(cls):
            raise self.error(pos, f"Already subclass of '{cls.name}'!")
        rec.supers.append(cls)

    def add_def(self, rec: Record, pos: int) -> None:
        """Finish a def: late-bind its fields, check it, and register it."""
        if self.collect is not None:
            self.collect.records.append(rec)
            return
        self.finish_def(rec, pos)

    def finish_def(self, rec: Record, pos: int) -> None:
        """`addDefOne`: rename a clashing anonymous def, resolve, assert, register."""
        if len(self.keeper.defs) >= MAX_RECORDS:
            raise self.error(pos, f"more than {MAX_RECORDS} records are defined")
        if rec.name in self.keeper.defs:
            if not rec.anonymous:
                raise self.error(pos, f"def already exists: {rec.name}")
            rec.name = self.new_anonymous_name()
        try:
            self.resolve_record(rec, final=True)
        except _FoldError as err:
            raise self.error(pos, err.message) from None
        self.check_record_asserts(rec)
        for ds in self.defsets:
            ds.append(DefInit(rec))
        self.keeper.defs[rec.name] = rec

    def resolve_record(self, rec: Record, *, final: bool) -> None:
        """Resolve references of the record's fields to each other (late binding)."""
        cache: dict[str, Init | None] = {}
        stack: list[str] = []

        def lookup(n: str) -> Init | None:
            if n in cache:
                return cache[n]
            if n in stack:
                return None
            rv = rec.fields.get(n)
            got: Init | None = None
            if rv is not None:
                if not isinstance(rv.value, UnsetInit):
                    stack.append(n)
                    got = resolve(rv.value, r)
                    stack.pop()
            elif n.endswith(":NAME"):
                got = StringInit(rec.name)
            cache[n] = got
            return got

        r = Resolver(self, lookup, final)
        for rv in rec.fields.values():
            if rv.value.has_vars:
                # A resolved value takes the field's type again (a `bits<1>` in a
                # `bit` field becomes a bit), as llvm-tblgen's setValue does.
                new = resolve(rv.value, r)
                rv.value = self.convert(new, rv.type, 0) or new
        rec.asserts = [(resolve(c, r), resolve(m, r), w) for c, m, w in rec.asserts]

    def check_record_asserts(self, rec: Record) -> None:
        """Check the asserts a def collected from its classes and body."""
        for cond, msg, where in rec.asserts:
            source, pos = cast(tuple[SourceFile, int], where)
            self.assert_holds(cond, msg, source, pos)
        rec.asserts = []

    def assert_holds(self, cond: Init, msg: Init, source: SourceFile, pos: int) -> None:
        """Raise the assert's message at its position when its condition is false."""
        c = self.as_int(cond)
        if c is None:
            raise self.error(pos, "assert condition must of type bit, bits, or int.", source)
        if not c:
            text = msg.value if isinstance(msg, StringInit) else msg.as_string()
            raise self.error(pos, f"assertion failed: {text}", source)

    def check_assert(
        self, cond_e: ast.Expr, msg_e: ast.Expr, pos: int, scope: Scope, rec: Record | None
    ) -> None:
        """A top-level `assert`: checked at once."""
        cond = self.value(cond_e, scope)
        msg = self.value(msg_e, scope)
        self.assert_holds(cond, msg, self.source, pos)

    def class_value(
        self,
        cls: Record,
        args: tuple[tuple[str, Init], ...],
        loc: str,
        at: SourcePos | None = None,
    ) -> VarDefInit:
        """`cls<args>` as a value, shared with every equal one made before.

        The first value made for a class and arguments keeps its location, and
        the anonymous record it becomes is located there, whichever use (even one
        written in another class, or still waiting for its arguments) made it.
        """
        new = VarDefInit(cls, args, loc, at=at)
        return self.class_values.setdefault(new, new)

    def instantiate(self, vdi: VarDefInit) -> DefInit:
        """`Class<args>` with known arguments: an anonymous def, shared by equal uses."""
        got = self.instances.get(vdi)
        if got is not None:
            return got
        cls = vdi.cls
        rec = Record(self.new_anonymous_name(), [vdi.loc], anonymous=True)
        rec.at = vdi.at
        self.inherit(rec, cls, list(vdi.args), 0)
        self.resolve_record(rec, final=True)
        self.keeper.defs[rec.name] = rec
        self.check_record_asserts(rec)
        result = DefInit(rec)
        self.instances[vdi] = result
        return result

    # -- multiclasses --------------------------------------------------------

    def defm(self, s: ast.Defm, scope: Scope) -> None:
        """Instantiate multiclasses (and then plain classes) under one name."""
        if s.name is None:
            name = self.new_anonymous_name()
            if self.collect is not None and "NAME" in self._mc_vars(scope):
                outer = self._mc_vars(scope)["NAME"]
                if isinstance(outer, StringInit):
                    name = outer.value + name
        else:
            name = self.name_value(s.name, scope)
            if self.collect is not None and not _mentions_name(s.name):
                prefix = self._mc_vars(scope).get("NAME")
                if isinstance(prefix, StringInit):
                    name = prefix.value + name
        new: list[Record] = []
        i = 0
        while i < len(s.supers) and s.supers[i].name in self.multiclasses:
            new.extend(self.expand_multiclass(s.supers[i], name, scope))
            i += 1
        if i == 0:
            ref = s.supers[0]
            raise self.error(ref.pos, f"Couldn't find multiclass '{ref.name}'")
        for ref in s.supers[i:]:
            for rec in new:
                self.add_subclass(rec, ref, scope)
        for rec in new:
            for level in self.lets:
                for item, value, bits, source in level:
                    self.set_value(rec, item.pos, item.name, value, bits, source)
            rec.locs.append(self.loc(s.pos))
            self.add_def(rec, s.pos)

    def _mc_vars(self, scope: Scope) -> dict[str, Init]:
        s: Scope | None = scope
        while s is not None:
            if s.multiclass:
                return s.vars
            s = s.parent
        return {}

    def expand_multiclass(self, ref: ast.SubclassRef, name: str, scope: Scope) -> list[Record]:
        """Evaluate a multiclass body with its arguments and `NAME` bound."""
        mc = self.multiclasses[ref.name]
        node = mc.node
        vars_: dict[str, Init] = {"NAME": StringInit(name)}
        for i, targ in enumerate(node.args):
            if i < len(ref.args):
                a = ref.args[i]
                expr = a.value if isinstance(a, ast.NamedArg) else a
                v = self.value(expr, scope, self.type_of(targ.type))
            elif targ.default is not None:
                saved_source = self.source
                self.source = mc.source
                try:
                    v = self.value(
                        targ.default, Scope(None, vars_=dict(vars_)), self.type_of(targ.type)
                    )
                finally:
                    self.source = saved_source
            else:
                raise self.error(
                    ref.pos, f"value not specified for template argument '{node.name}:{targ.name}'"
                )
            t = self.type_of(targ.type)
            vars_[targ.name] = self.convert(v, t, ref.pos) or v
        if len(ref.args) > len(node.args):
            raise self.error(ref.pos, "Too many template arguments")
        saved = (self.collect, self.lets, self.source)
        self.collect = _Collect()
        self.lets = [list(x) for x in mc.lets]
        self.source = mc.source
        try:
            inner = Scope(None, vars_=vars_)
            inner.multiclass = True
            # The records of the base multiclasses come first, under this `NAME`
            # and with arguments that may use this multiclass's own.
            inherited: list[Record] = []
            for base in node.supers:
                if base.name not in self.multiclasses:
                    raise self.error(base.pos, f"Couldn't find multiclass '{base.name}'")
                inherited.extend(self.expand_multiclass(base, name, inner))
            for st in node.body:
                self.mc_stmt(st, inner)
            records = inherited + self.collect.records
        finally:
            self.collect, self.lets, self.source = saved
        return records

    def mc_stmt(self, s: ast.Stmt, scope: Scope) -> None:
        """A statement inside a multiclass body: defs get `NAME` prefixed when they lack it."""
        if isinstance(s, ast.Def):
            if s.name is None:
                rec = Record(self.new_anonymous_name(), [self.loc(s.pos)], anonymous=True)
            else:
                name = self.name_value(s.name, scope)
                if not _mentions_name(s.name):
                    prefix = self._mc_vars(scope).get("NAME")
                    assert isinstance(prefix, StringInit)
                    name = prefix.value + name
                rec = Record(name, [self.loc(s.pos)])
            rec.at = (self.source, s.pos)
            inner = Scope(scope, rec)
            self.object_body(rec, s.supers, s.body, inner)
            self.add_def(rec, s.pos)
        elif isinstance(s, ast.Let):
            items = [self.let_value(i, scope) for i in s.items]
            self.lets.append(items)
            try:
                for b in s.body:
                    self.mc_stmt(b, Scope(scope))
            finally:
                self.lets.pop()
        elif isinstance(s, ast.Foreach):
            values: list[Init]
            if isinstance(s.iter, ast.Bits):
                values = [IntInit(i) for r in s.iter.items for i in self.range_ints(r, scope)]
            else:
                it = self.value(s.iter, scope)
                if not isinstance(it, ListInit):
                    raise self.error(s.iter.pos, "expected a list in 'foreach'")
                values = list(it.items)
            for v in values:
                inner = Scope(scope, vars_={s.name: v})
                for b in s.body:
                    self.mc_stmt(b, inner)
        elif isinstance(s, ast.If):
            c = self.as_int(self.value(s.cond, scope))
            if c is None:
                raise self.error(s.pos, "condition of 'if' is not known")
            for b in s.then if c else s.orelse:
                self.mc_stmt(b, Scope(scope))
        elif isinstance(s, ast.Defvar):
            scope.vars[s.name] = self.value(s.value, scope)
        else:
            self.stmt(s, scope)

    # -- types ---------------------------------------------------------------

    def type_of(self, t: ast.TypeExpr) -> Type:
        """The evaluator's type for a type expression."""
        if t.kind == "bits":
            return ("bits", t.width)
        if t.kind == "list":
            assert t.elem is not None
            return ("list", self.type_of(t.elem))
        if t.kind == "class":
            if t.name in self.types:
                return self.type_of(self.types[t.name])
            if t.name not in self.keeper.classes:
                raise self.error(t.pos, f"Couldn't find class '{t.name}'")
            return ("rec", t.name)
        if t.kind == "code":
            return "string"
        return t.kind

    def type_of_init(self, v: Init) -> Type:
        """The type of a value, as far as it is known."""
        if isinstance(v, BitInit):
            return "bit"
        if isinstance(v, IntInit):
            return "int"
        if isinstance(v, StringInit):
            return "string"
        if isinstance(v, BitsInit):
            return ("bits", len(v.bits))
        if isinstance(v, ListInit):
            return ("list", v.elem)
        if isinstance(v, DagInit):
            return "dag"
        if isinstance(v, DefInit):
            return ("rec", *(s.name for s in direct_superclasses(v.rec)))
        if isinstance(v, VarInit | OpInit | FieldInit):
            return v.type
        if isinstance(v, VarDefInit):
            return ("rec", v.cls.name)
        return "?"

    def common_type(self, types: list[Type]) -> Type:
        """The type of a list of elements of `types` (llvm-tblgen's `resolveTypes`)."""
        first = types[0]
        if all(t == first for t in types):
            return first
        if all(isinstance(t, tuple) and t[0] == "rec" for t in types):
            common: list[str] | None = None
            for t in types:
                names = set()
                for c in t[1:]:
                    cls = self.keeper.classes[str(c)]
                    names.add(cls.name)
                    names.update(s.name for s in cls.supers)
                common = [n for n in (common if common is not None else names) if n in names]
            assert common is not None
            recs = [self.keeper.classes[n] for n in common]
            keep = [r for r in recs if not any(o.is_subclass_of(r) for o in recs if o is not r)]
            return ("rec", *sorted(r.name for r in keep))
        if all(t in ("int", "bit") or (isinstance(t, tuple) and t[0] == "bits") for t in types):
            return "int"
        return first

    def is_a(self, v: Init, t: Type) -> bool | None:
        """Whether `v` has type `t` (None when `v` is not known yet)."""
        if isinstance(t, tuple) and t[0] == "rec":
            if isinstance(v, DefInit):
                return all(v.rec.name == c or any(s.name == c for s in v.rec.supers) for c in t[1:])
            if v.has_vars:
                return None
            return False
        if v.has_vars:
            return None
        vt = self.type_of_init(v)
        if t == "string":
            return vt == "string"
        if t in ("int", "bit"):
            return vt in ("int", "bit")
        if isinstance(t, tuple) and t[0] == "list":
            return isinstance(vt, tuple) and vt[0] == "list"
        return vt == t

    def convert(self, v: Init, t: Type, pos: int) -> Init | None:
        """`v` converted to type `t` (`getCastTo`), or None when it cannot be."""
        if isinstance(v, UnsetInit) or t == "?":
            if isinstance(t, tuple) and t[0] == "bits" and isinstance(v, UnsetInit):
                return BitsInit(tuple(UNSET for _ in range(int(t[1]))))  # type: ignore[call-overload]
            return v
        if t == "string":
            if isinstance(v, StringInit) or v.has_vars:
                return v
            return None
        if t == "int":
            if isinstance(v, IntInit):
                return v
            if isinstance(v, BitInit):
                return IntInit(int(v.value))
            if isinstance(v, BitsInit):
                n = self.bits_value(v)
                return IntInit(n) if n is not None else None
            return v if v.has_vars else None
        if t == "bit":
            if isinstance(v, BitInit):
                return v
            if isinstance(v, IntInit):
                return BitInit(bool(v.value)) if v.value in (0, 1) else None
            if isinstance(v, BitsInit) and len(v.bits) == 1:
                return v.bits[0]
            return v if v.has_vars else None
        if isinstance(t, tuple) and t[0] == "bits":
            width = int(t[1])  # type: ignore[call-overload]
            if isinstance(v, BitsInit):
                return v if len(v.bits) == width else None
            if isinstance(v, BitInit) and width == 1:
                return BitsInit((v,))
            if isinstance(v, IntInit):
                n = v.value
                if width < 64 and not (-(1 << width) < n < (1 << width)) and n >= 0:
                    return None
                return BitsInit(tuple(BitInit(bool((n >> i) & 1)) for i in range(width)))
            if v.has_vars:
                return BitsInit(tuple(VarBitInit(v, i) for i in range(width)))
            return None
        if isinstance(t, tuple) and t[0] == "list":
            if isinstance(v, ListInit):
                elem_t: Type = t[1]  # type: ignore[assignment]
                if v.elem == elem_t:
                    return v
                items: list[Init] = []
                for item in v.items:
                    c = self.convert(item, elem_t, pos)
                    if c is None:
                        return None
                    items.append(c)
                # A list whose elements need no conversion keeps its own type, as
                # in llvm-tblgen (where the type is part of the list's identity).
                if all(a is b for a, b in zip(items, v.items, strict=True)):
                    return v
                return ListInit(tuple(items), elem_t)
            return v if v.has_vars else None
        if t == "dag":
            return v if isinstance(v, DagInit) or v.has_vars else None
        if isinstance(t, tuple) and t[0] == "rec":
            if isinstance(v, DefInit | VarDefInit):
                ok = self.is_a(v, t)
                return v if ok is not False else None
            return v if v.has_vars else None
        return v

    def bits_value(self, v: BitsInit) -> int | None:
        """The integer a bits value holds, None when a bit is not known."""
        n = 0
        for i, b in enumerate(v.bits):
            if not isinstance(b, BitInit):
                return None
            n |= int(b.value) << i
        return n

    def as_int(self, v: Init) -> int | None:
        """The integer value of a bit, bits or int, None when not known."""
        if isinstance(v, IntInit):
            return v.value
        if isinstance(v, BitInit):
            return int(v.value)
        if isinstance(v, BitsInit):
            return self.bits_value(v)
        return None

    # -- values --------------------------------------------------------------

    def lookup_local(self, name: str, scope: Scope) -> Init | None:
        """Look `name` up through the scopes (locals, fields, template arguments)."""
        s: Scope | None = scope
        while s is not None:
            got = s.vars.get(name)
            if got is not None:
                return got
            rec = s.rec
            if rec is not None:
                rv = rec.fields.get(name)
                if rv is not None:
                    return VarInit(name, rv.type)
                if rec.is_class:
                    q = f"{rec.name}:{name}"
                    trv = rec.fields.get(q)
                    if trv is not None and q in rec.targs:
                        return VarInit(q, trv.type)
                    if name == "NAME":
                        return VarInit(q, "string")
            s = s.parent
        return None

    def lookup(self, e: ast.Id, scope: Scope) -> Init:
        """Resolve an identifier used as a value."""
        got = self.lookup_local(e.name, scope)
        if got is not None:
            return got
        g = self.globals.get(e.name)
        if g is not None:
            return g
        d = self.keeper.defs.get(e.name)
        if d is not None:
            return DefInit(d)
        raise self.error(e.pos, f"Variable not defined: '{e.name}'")

    def value(self, e: ast.Expr, scope: Scope, expected: Type | None = None) -> Init:
        """Evaluate an expression (`ParseValue` followed by folding)."""
        try:
            return self._value(e, scope, expected)
        except _RecordFoldError as err:
            raise self.error(self._record_pos(e.pos), err.message) from None
        except _FoldError as err:
            # Folding that fails on known operands is reported at the innermost
            # expression being read.
            raise self.error(e.pos, err.message) from None

    def _value(self, e: ast.Expr, scope: Scope, expected: Type | None) -> Init:
        if isinstance(e, ast.IntLit):
            if e.bits:
                return BitsInit(tuple(BitInit(bool((e.value >> i) & 1)) for i in range(e.bits)))
            if e.boolean:
                return BitInit(bool(e.value))
            return IntInit(_wrap64(e.value))
        if isinstance(e, ast.StrLit):
            return StringInit(e.value, e.code, (self.source, e.pos))
        if isinstance(e, ast.Id):
            return self.lookup(e, scope)
        if isinstance(e, ast.Unset):
            return UNSET
        if isinstance(e, ast.ListLit):
            elem_t: Type = self.type_of(e.elem) if e.elem is not None else "?"
            given: Type | None = None
            if isinstance(expected, tuple) and expected[0] == "list":
                given = expected[1]  # type: ignore[assignment]
            items = []
            for item in e.items:
                v = self.value(item, scope, elem_t if elem_t != "?" else given)
                if elem_t != "?":
                    v = self.convert(v, elem_t, item.pos) or v
                items.append(v)
            if elem_t == "?" and items:
                # Without an explicit `<type>` the element type is deduced from the
                # elements, even when the context expects another list type.
                elem_t = self.common_type([self.type_of_init(i) for i in items])
            elif elem_t == "?" and given is not None:
                elem_t = given
            elif elem_t == "?":
                raise self.error(self._next_token(e.end), "No type for list")
            return ListInit(tuple(items), elem_t)
        if isinstance(e, ast.Bits):
            # Written most significant bit first; each element gives all the bits
            # of a bits value (a reference to a bits field gives one reference per
            # bit), or one bit.
            msb_first: list[Init] = []
            for i, item in enumerate(e.items):
                v = self.value(item, scope)
                if isinstance(v, BitsInit):
                    msb_first.extend(reversed(v.bits))
                    continue
                vt = self.type_of_init(v) if isinstance(v, VarInit) else None
                if isinstance(vt, tuple) and vt[0] == "bits":
                    width = int(vt[1])  # type: ignore[call-overload]
                    msb_first.extend(VarBitInit(v, b) for b in range(width - 1, -1, -1))
                    continue
                c = self.convert(v, "bit", item.pos)
                if c is None:
                    raise self.error(
                        e.pos, f"Element #{i} ({v.as_string()}) is not convertable to a bit"
                    )
                msb_first.append(c)
            msb_first.reverse()
            return BitsInit(tuple(msb_first))
        if isinstance(e, ast.Dag):
            op = self.value(e.op.value, scope) if e.op.value is not None else UNSET
            args = tuple(
                (self.value(a.value, scope) if a.value is not None else UNSET, a.name)
                for a in e.args
            )
            return DagInit(op, e.op.name, args)
        if isinstance(e, ast.AnonClass):
            cls = self.keeper.classes.get(e.cls)
            if cls is None:
                raise self.error(e.pos, f"Couldn't find class '{e.cls}'")
            bindings = self.template_bindings(cls, e.args, e.pos, scope)
            vdi = self.class_value(cls, tuple(bindings), self.loc(e.pos), (self.source, e.pos))
            if any(v.has_vars for _, v in bindings):
                return vdi
            return self.instantiate(vdi)
        if isinstance(e, ast.Paste):
            paste_want = expected if isinstance(expected, tuple) and expected[0] == "list" else None
            lhs = self.value(e.lhs, scope, paste_want)
            rhs: Init
            if e.rhs is None:
                rhs = StringInit("")
            elif isinstance(e.rhs, ast.Id):
                # The right operand of `#` is read in name mode: an identifier that
                # is not a variable stands for itself, even when a def has that name.
                rhs = self.lookup_local(e.rhs.name, scope) or StringInit(e.rhs.name)
            else:
                rhs = self.value(e.rhs, scope, paste_want)
            if isinstance(lhs, ListInit) or isinstance(rhs, ListInit):
                return self.fold("listconcat", (lhs, rhs), (lhs.has_vars and "?") or "?", (), False)
            return self.fold(
                "strconcat", (self._to_str(lhs), self._to_str(rhs)), "string", (), False
            )
        if isinstance(e, ast.Field):
            rec = self.value(e.value, scope)
            if not self.may_have_field(rec, e.name):
                raise self.error(
                    e.pos, f"Cannot access field '{e.name}' of value '{rec.as_string()}'"
                )
            return self.fold_field(rec, e.name, False)
        if isinstance(e, ast.ListSlice):
            base = self.value(e.value, scope)
            base_t = self.type_of_init(base)
            # The element keeps the list's element type while it waits for the
            # list, so a field access on it is checked against that type.
            elem_type: Type = (
                base_t[1] if isinstance(base_t, tuple) and base_t[0] == "list" else "?"  # type: ignore[assignment]
            )
            if len(e.items) == 1 and not isinstance(e.items[0], ast.RangeExpr):
                idx = self.value(e.items[0], scope)
                return self.fold("listelem", (base, idx), elem_type, (), False)
            idxs: list[Init] = []
            for it in e.items:
                if isinstance(it, ast.RangeExpr):
                    idxs.extend(IntInit(i) for i in self.range_ints(it, scope))
                else:
                    idxs.append(self.value(it, scope))
            return self.fold("listslice", (base, ListInit(tuple(idxs), "int")), "?", (), False)
        if isinstance(e, ast.BitSlice):
            base = self.value(e.value, scope)
            nums = self.bit_list(e.ranges, scope)
            if isinstance(base, IntInit):
                base = self.convert(base, ("bits", 64), e.pos) or base
            if isinstance(base, BitsInit):
                for n in nums:
                    if n >= len(base.bits):
                        raise self.error(e.pos, "Invalid bit range for value")
                return BitsInit(tuple(base.bits[n] for n in nums))
            return BitsInit(tuple(VarBitInit(base, n) for n in nums))
        if isinstance(e, ast.Cond):
            flat: list[Init] = []
            for cond_e, value_e in e.clauses:
                flat.append(self.value(cond_e, scope))
                flat.append(self.value(value_e, scope, expected))
            return self.fold("cond", tuple(flat), "?", (), False)
        if isinstance(e, ast.Bang):
            return self.bang(e, scope, expected)
        raise self.error(e.pos, "unexpected value")

    def may_have_field(self, v: Init, name: str) -> bool:
        """Whether `v.name` can exist, judged as llvm-tblgen does from `v`'s type.

        A value of a class type has the fields of its classes; the check is
        made when the access is read, so a field missing from every def the
        value may become is an error at the access, never while resolving.
        """
        if isinstance(v, DefInit):
            return name in v.rec.fields
        t = self.type_of_init(v)
        if not (isinstance(t, tuple) and t[0] == "rec"):
            return True
        for c in t[1:]:
            cls = self.keeper.classes.get(str(c))
            if cls is not None and name in cls.fields:
                return True
        return False

    def _to_str(self, v: Init) -> Init:
        if isinstance(v, StringInit):
            return v
        if isinstance(v, IntInit | BitInit | BitsInit) and not v.has_vars:
            return StringInit(str(self.as_int(v)))
        if isinstance(v, DefInit):
            return StringInit(v.rec.name)
        if v.has_vars:
            t = self.type_of_init(v)
            if t == "string":
                return v
            return OpInit("cast", (v,), "string")
        return StringInit(v.as_string())

    def bang(self, e: ast.Bang, scope: Scope, expected: Type | None) -> Init:
        """Evaluate `!op(...)`; operators that bind variables get them as locals."""
        # `listelem` and `listslice` are the folds behind `x[i]` and `x[i...j]`,
        # not operators one can write.
        if e.op not in OPERATORS or e.op in ("listelem", "listslice"):
            raise self.error(e.pos, "unknown operator")
        self.check_arity(e)
        try:
            return self._bang(e, scope, expected)
        except _RecordFoldError as err:
            raise self.error(self._record_pos(e.pos), err.message) from None
        except _FoldError as err:
            raise self.error(e.pos, err.message) from None

    def _bang(self, e: ast.Bang, scope: Scope, expected: Type | None) -> Init:
        op = e.op
        # Where llvm-tblgen reads operands with the type the context expects (an
        # empty `[]` takes its element type from it), the same type is passed on.
        want_list = expected if isinstance(expected, tuple) and expected[0] == "list" else None
        t: Type = self.type_of(e.type) if e.type is not None else "?"
        if op in ("foreach", "filter"):
            if not isinstance(e.args[0], ast.Id):
                raise self.error(
                    e.args[0].pos, "first argument of !foreach/!filter must be an identifier"
                )
            var = e.args[0].name
            lst = self.value(e.args[1], scope)
            lst_t = self.type_of_init(lst)
            # The variable has the element type, so accesses to its fields are
            # checked as the body is read.
            var_t: Type = lst_t[1] if isinstance(lst_t, tuple) and lst_t[0] == "list" else "?"  # type: ignore[assignment]
            inner = Scope(scope, vars_={var: VarInit(var, var_t)})
            body_want = want_list[1] if want_list is not None and op == "foreach" else None
            body = self.value(e.args[2], inner, body_want)  # type: ignore[arg-type]
            # The result's type is fixed as the operator is read: a list of the
            # body's type (so an empty result is typed too), or the dag.
            if op == "filter":
                t = lst_t
            elif lst_t == "dag":
                t = "dag"
            else:
                t = ("list", self.type_of_init(body))
            return self.fold(op, (VarInit(var), lst, body), t, (var,), False)
        if op == "foldl":
            for i, which in ((2, "third"), (3, "fourth")):
                if not isinstance(e.args[i], ast.Id):
                    raise self.error(
                        e.args[i].pos, f"{which} argument of !foldl must be an identifier"
                    )
            acc_id, var_id = e.args[2], e.args[3]
            assert isinstance(acc_id, ast.Id)
            assert isinstance(var_id, ast.Id)
            acc, var = acc_id.name, var_id.name
            init = self.value(e.args[0], scope)
            lst = self.value(e.args[1], scope)
            inner = Scope(scope, vars_={acc: VarInit(acc), var: VarInit(var)})
            body = self.value(e.args[4], inner)
            return self.fold(
                "foldl", (init, lst, VarInit(acc), VarInit(var), body), "?", (acc, var), False
            )
        if op == "exists":
            return self.fold("exists", (self.value(e.args[0], scope),), t, (), False)
        if op in ("listconcat", "listremove"):
            # The first operand takes the expected list type, later ones the type
            # of the first (when none was expected).
            want: Type | None = want_list
            list_args: list[Init] = []
            for a in e.args:
                v = self.value(a, scope, want)
                if want is None:
                    vt = self.type_of_init(v)
                    if isinstance(vt, tuple) and vt[0] == "list" and vt[1] != "?":
                        want = vt
                list_args.append(v)
            args = tuple(list_args)
        elif op == "if":
            args = (
                self.value(e.args[0], scope),
                *(self.value(a, scope, expected) for a in e.args[1:]),
            )
        elif op == "subst" and len(e.args) == 3:
            args = (
                self.value(e.args[0], scope),
                self.value(e.args[1], scope),
                self.value(e.args[2], scope, expected),
            )
        else:
            args = tuple(self.value(a, scope) for a in e.args)
        if op in ("cast", "isa") and e.type is None:
            raise self.error(e.pos, f"expected type name for !{op}")
        return self.fold(op, args, t, (), False)

    def _record_pos(self, pos: int) -> int:
        """The name of the def being read, else `pos`."""
        return self.record_at if self.record_at is not None else pos

    def check_arity(self, e: ast.Bang) -> None:
        """Reject a wrong number of operands with llvm-tblgen's parse errors.

        llvm-tblgen parses each operator's operands with its own shape, so the
        message and position depend on the operator: a missing operand is
        reported at the `)`, a surplus one at the `,` before it, and a wrong
        count of a list-parsed binary operator at the operator.
        """
        n = len(e.args)
        if e.op == "instances":
            if e.type is None:
                # Where the `<type>` should have been, right after the name.
                raise self.error(e.pos + len("!instances"), "expected type name for operator")
            if n > 1:
                raise self.error(self._comma_before(e.args[1].pos), "expected ')' in !instances")
            return
        if n == 0 and e.op in ("foreach", "filter"):
            raise self.error(e.end, "first argument of !foreach/!filter must be an identifier")
        if n == 0:
            raise self.error(e.end, "Unknown or reserved token when parsing a value")
        shape = _ARITY.get(e.op)
        if shape is None:
            return
        low, high, few, many = shape
        if not few and not many:
            # Operands read as a list are counted once they are all parsed.
            if not low <= n <= high:
                raise self.error(e.pos, "expected two operands to operator")
        elif n < low:
            raise self.error(e.end, few)
        elif n > high:
            if e.op == "range":
                raise self.error(e.args[high].pos, many)
            raise self.error(self._comma_before(e.args[high].pos), many)

    def _next_token(self, pos: int) -> int:
        """The offset of the first token at or after `pos` (where llvm-tblgen's
        lexer stands when it reports on what it has just read)."""
        text = self.source.text
        n = len(text)
        while pos < n:
            if text[pos].isspace():
                pos += 1
            elif text.startswith("//", pos):
                end = text.find("\n", pos)
                pos = n if end < 0 else end
            elif text.startswith("/*", pos):
                end = text.find("*/", pos + 2)
                pos = n if end < 0 else end + 2
            else:
                break
        return pos

    def _comma_before(self, pos: int) -> int:
        """The `,` that separates the operand at `pos` from the one before it."""
        comma = self.source.text.rfind(",", 0, pos)
        return comma if comma >= 0 else pos

    def fold_field(self, rec: Init, name: str, final: bool) -> Init:
        """`rec.name`, known once `rec` is a def whose field is concrete."""
        if isinstance(rec, DefInit):
            rv = rec.rec.fields.get(name)
            if rv is None:
                raise _FoldError(f"Cannot access field '{name}' of value '{rec.as_string()}'")
            if not rv.value.has_vars:
                return rv.value
        return FieldInit(rec, name, self.field_type(rec, name))

    def field_type(self, rec: Init, name: str) -> Type:
        """The type of `rec.name` as far as `rec`'s type tells it (`getFieldType`)."""
        if isinstance(rec, DefInit):
            rv = rec.rec.fields.get(name)
            return rv.type if rv is not None else "?"
        t = self.type_of_init(rec)
        if isinstance(t, tuple) and t[0] == "rec":
            for c in t[1:]:
                cls = self.keeper.classes.get(str(c))
                if cls is not None:
                    rv = cls.fields.get(name)
                    if rv is not None:
                        return rv.type
        return "?"

    def bit_of(self, v: Init, i: int) -> Init:
        """Bit `i` of `v`, or a reference to it while `v` is unknown."""
        if isinstance(v, BitsInit):
            return v.bits[i]
        if isinstance(v, IntInit):
            return BitInit(bool((v.value >> i) & 1))
        if isinstance(v, BitInit) and i == 0:
            return v
        return VarBitInit(v, i)

    def fold(
        self, op: str, args: tuple[Init, ...], t: Type, bound: tuple[str, ...], final: bool
    ) -> Init:
        """Fold an operator whose operands are known; otherwise keep it for later."""
        got = fold_operator(self, op, args, t, final)
        if got is not None:
            return got
        return OpInit(op, args, t, bound)

    def substitute(self, body: Init, names: dict[str, Init]) -> Init:
        """Replace bound variables (of `!foreach` and friends) and fold."""
        return resolve(body, Resolver(self, names.get, False))


_UNARY = ("expected ',' in unary operator", "expected ')' in unary operator")
_TERNARY = ("expected ',' in ternary operator", "expected ')' in binary operator")
_BINARY_COUNT = ("", "")

#: Operand counts of the `!` operators as llvm-tblgen parses them: (fewest,
#: most, error for too few, error for too many); an empty message marks the
#: operators whose operands are read as a list and counted afterwards.
_ARITY: dict[str, tuple[int, int, str, str]] = {
    **{
        op: (1, 1, *_UNARY)
        for op in (
            "not",
            "logtwo",
            "head",
            "tail",
            "size",
            "empty",
            "toupper",
            "tolower",
            "repr",
            "getdagop",
            "getdagopname",
            "listflatten",
            "initialized",
            "cast",
        )
    },
    "isa": (1, 1, "", "expected ')' in !isa"),
    "exists": (1, 1, "", "expected ')' in !exists"),
    **{
        op: (2, 2, *_BINARY_COUNT)
        for op in (
            "sub",
            "shl",
            "sra",
            "srl",
            "div",
            "eq",
            "ne",
            "lt",
            "le",
            "gt",
            "ge",
            "listsplat",
            "listremove",
            "setdagop",
            "setdagopname",
            "match",
            "getdagarg",
            "getdagname",
            "interleave",
        )
    },
    **{
        op: (2, 1 << 30, *_BINARY_COUNT)
        for op in (
            "add",
            "mul",
            "and",
            "or",
            "xor",
            "listconcat",
            "strconcat",
            "con",
        )
    },
    **{op: (3, 3, *_TERNARY) for op in ("if", "subst", "dag", "setdagarg", "setdagname")},
    "instances": (0, 1, "", "expected ')' in !instances"),
    "substr": (2, 3, "expected ',' in !substr operator", "expected ')' in !substr operator"),
    "find": (2, 3, "expected ',' in !find operator", "expected ')' in !find operator"),
    "range": (1, 3, "", "expected at most three values of integer"),
    "foreach": (3, 3, "expected ',' in !foreach/!filter", "expected ')' in !foreach/!filter"),
    "filter": (3, 3, "expected ',' in !foreach/!filter", "expected ')' in !foreach/!filter"),
    "foldl": (5, 5, "expected ',' in !foldl", "expected ')' in fold operator"),
}


class _FoldError(Exception):
    """An operator applied to values it cannot take."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _RecordFoldError(_FoldError):
    """A `_FoldError` that llvm-tblgen reports at the record being defined."""


FoldError = _FoldError
RecordFoldError = _RecordFoldError


def _fields_to_resolve(cls: Record, targs: set[str]) -> list[str]:
    """The fields of `cls` that inheriting it can change: those whose value mentions
    a template argument or `NAME` of `cls`, or holds an operator that folds on more
    than its operands."""
    names = {*targs, f"{cls.name}:NAME"}
    return [
        name
        for name, rv in cls.fields.items()
        if name not in targs and rv.value.has_vars and _mentions(rv.value, names)
    ]


def _mentions(v: Init, names: set[str]) -> bool:
    """Whether `v` refers to one of `names` or holds an operator of `_STATEFUL_OPS`."""
    if not v.has_vars:
        return False
    if isinstance(v, VarInit):
        return v.name in names
    if isinstance(v, OpInit):
        return v.op in _STATEFUL_OPS or any(_mentions(a, names) for a in v.args)
    if isinstance(v, ListInit):
        return any(_mentions(i, names) for i in v.items)
    if isinstance(v, BitsInit):
        return any(_mentions(b, names) for b in v.bits)
    if isinstance(v, DagInit):
        return _mentions(v.op, names) or any(_mentions(a, names) for a, _ in v.args)
    if isinstance(v, VarBitInit):
        return _mentions(v.var, names)
    if isinstance(v, FieldInit):
        return _mentions(v.rec, names)
    if isinstance(v, VarDefInit):
        return any(_mentions(a, names) for _, a in v.args)
    return True  # unknown: resolve it


def direct_superclasses(rec: Record) -> list[Record]:
    """The superclasses that are not superclasses of another superclass (the record's type)."""
    return [s for s in rec.supers if not any(o.is_subclass_of(s) for o in rec.supers)] or [rec]


def _mentions_name(e: ast.Expr) -> bool:
    """Whether a def's name expression uses `NAME` (else a multiclass prefixes it)."""

    def walk(x: object) -> Iterator[bool]:
        if isinstance(x, ast.Id):
            yield x.name == "NAME"
        elif isinstance(x, ast.Paste):
            yield from walk(x.lhs)
            yield from walk(x.rhs)
        elif isinstance(x, ast.Bang):
            for a in x.args:
                yield from walk(a)

    return any(walk(e))


def load_records(path: Path, include_dirs: list[Path] | None = None) -> RecordKeeper:
    """Evaluate a `.td` file and everything it includes into records.

    Raises `TableGenError` with a diagnostic at the offending position.
    """
    dirs = list(include_dirs or [])
    ev = Evaluator(dirs)
    try:
        ev.run_main(path)
    except _SharedStateConflict:
        ev = Evaluator(dirs)
        ev.reuse_states = False
        ev.run_main(path)
    return ev.keeper
