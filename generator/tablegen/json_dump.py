"""Records as JSON, byte for byte as `llvm-tblgen --dump-json` prints them.

llvm-tblgen writes one line with every object's keys sorted bytewise, `?` as
null, bits as a list (least significant bit first), and defs, dags, unresolved
variables and anything else as objects with a `kind` and a `printable` text.
Strings are quoted as LLVM's JSON writer quotes them: only `"`, `\\` and control
characters are escaped, and only `\\t`, `\\n` and `\\r` have short escapes.
"""

from __future__ import annotations

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

_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _quote(s: str) -> str:
    if s.isprintable() and '"' not in s and "\\" not in s:
        return f'"{s}"'
    out = ['"']
    for c in s:
        if c in ('"', "\\"):
            out.append("\\" + c)
        elif ord(c) < 0x20:
            out.append(_SHORT.get(c, f"\\u{ord(c):04x}"))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _write(v: Json, out: list[str]) -> None:
    if v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(str(v))
    elif isinstance(v, str):
        out.append(_quote(v))
    elif isinstance(v, list):
        out.append("[")
        for i, x in enumerate(v):
            if i:
                out.append(",")
            _write(x, out)
        out.append("]")
    else:
        out.append("{")
        for i, key in enumerate(sorted(v, key=lambda k: k.encode("utf-8"))):
            if i:
                out.append(",")
            out.append(_quote(key))
            out.append(":")
            _write(v[key], out)
        out.append("}")


def to_json(v: Init) -> Json:
    """One value as llvm-tblgen's JSON backend translates it."""
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
    for name in sorted(keeper.defs, key=lambda n: n.encode("utf-8")):
        rec = keeper.defs[name]
        obj: dict[str, Json] = {}
        fields: list[Json] = []
        targs = set(rec.targs)
        for fname, rv in rec.fields.items():
            if fname in targs:
                continue
            if rv.is_field:
                fields.append(fname)
            obj[fname] = to_json(rv.value)
        obj["!fields"] = fields
        obj["!superclasses"] = [s.name for s in rec.supers]
        for s in rec.supers:
            instance_of.setdefault(s.name, []).append(name)
        obj["!name"] = name
        obj["!anonymous"] = rec.anonymous
        obj["!locs"] = list(rec.locs)
        root[name] = obj
    root["!instanceof"] = dict(instance_of)
    out: list[str] = []
    _write(root, out)
    return "".join(out)
