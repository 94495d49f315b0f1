"""Records as JSON, byte for byte as `llvm-tblgen --dump-json` prints them.

llvm-tblgen writes one line with every object's keys sorted bytewise, `?` as
null, bits as a list (least significant bit first), and defs, dags, unresolved
variables and anything else as objects with a `kind` and a `printable` text.
Strings are quoted as LLVM's JSON writer quotes them: only `"`, `\\` and control
characters are escaped, and only `\\t`, `\\n` and `\\r` have short escapes.
"""

from __future__ import annotations

import json
import re

from generator.tablegen.evaluator import RecordKeeper
from generator.tablegen.values import (
    BitInit,
    BitsInit,
    DagInit,
    DefInit,
    Init,
    IntInit,
    ListInit,
    StringInit,
    UnsetInit,
    VarBitInit,
    VarInit,
)

__all__ = ["dump_json"]

#: A JSON value as nested Python data; dict keys are sorted when written.
Json = None | bool | int | str | list["Json"] | dict[str, "Json"]

#: Python's encoder writes these two control characters with short escapes
#: that LLVM's writer spells as `\\u` escapes.
_LONG_ESCAPES = {"b": "\\u0008", "f": "\\u000c"}
_SHORT_ESCAPE = re.compile(r"(\\+)([bf])")


def _llvm_escapes(m: re.Match[str]) -> str:
    slashes = m.group(1)
    if len(slashes) % 2 == 0:
        return m.group(0)  # escaped backslashes followed by a letter
    return slashes[:-1] + _LONG_ESCAPES[m.group(2)]


def _write(v: Json) -> str:
    """`v` as LLVM's JSON writer prints it: one line, keys sorted bytewise.

    Python's encoder (written in C) agrees with LLVM's except for the escapes of
    backspace and form feed, fixed afterwards. Sorting by code point is sorting
    the keys' UTF-8 bytes.
    """
    text = json.dumps(v, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    if "\\b" in text or "\\f" in text:
        text = _SHORT_ESCAPE.sub(_llvm_escapes, text)
    return text


def to_json(v: Init) -> Json:
    """One value as llvm-tblgen's JSON backend translates it."""
    # Strings and integers are most of the values: they come first.
    kind = type(v)
    if kind is StringInit or kind is IntInit:
        return v.value  # type: ignore[attr-defined, no-any-return]
    if kind is ListInit:
        return [to_json(i) for i in v.items]  # type: ignore[attr-defined]
    if isinstance(v, UnsetInit):
        return None
    if isinstance(v, BitInit):
        return 1 if v.value else 0
    if isinstance(v, BitsInit):
        return [to_json(b) for b in v.bits]
    if isinstance(v, IntInit):
        return v.value
    if isinstance(v, StringInit):
        return v.value
    if isinstance(v, ListInit):
        return [to_json(i) for i in v.items]
    obj: dict[str, Json] = {"printable": v.as_string()}
    if isinstance(v, DefInit):
        obj["kind"] = "def"
        obj["def"] = v.rec.name
    elif isinstance(v, VarInit):
        obj["kind"] = "var"
        obj["var"] = v.name
    elif isinstance(v, VarBitInit) and isinstance(v.var, VarInit):
        obj["kind"] = "varbit"
        obj["var"] = v.var.name
        obj["index"] = v.index
    elif isinstance(v, DagInit):
        obj["kind"] = "dag"
        obj["operator"] = to_json(v.op)
        if v.name is not None:
            obj["name"] = v.name
        obj["args"] = [[to_json(a), n] for a, n in v.args]
    else:
        obj["kind"] = "complex"
    return obj


def dump_json(keeper: RecordKeeper) -> str:
    """The whole record set as llvm-tblgen's `--dump-json` text (without a final newline)."""
    root: dict[str, Json] = {"!tablegen_json_version": 1}
    instance_of: dict[str, list[Json]] = {name: [] for name in keeper.classes}
    # Records share many values (defaults inherited from the same class): each is
    # translated once. Sorting by code point is sorting the names' UTF-8 bytes.
    seen: dict[int, Json] = {}
    for name in sorted(keeper.defs):
        rec = keeper.defs[name]
        obj: dict[str, Json] = {}
        fields: list[Json] = []
        targs = rec.targs
        for fname, rv in rec.fields.items():
            if targs and fname in targs:
                continue
            if rv.is_field:
                fields.append(fname)
            value = rv.value
            got = seen.get(id(value))
            if got is None:
                got = seen[id(value)] = to_json(value)
            obj[fname] = got
        obj["!fields"] = fields
        obj["!superclasses"] = [s.name for s in rec.supers]
        for s in rec.supers:
            instance_of.setdefault(s.name, []).append(name)
        obj["!name"] = name
        obj["!anonymous"] = rec.anonymous
        obj["!locs"] = list(rec.locs)
        root[name] = obj
    root["!instanceof"] = dict(instance_of)
    return _write(root)
