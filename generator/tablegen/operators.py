"""The `!` operators: folding each one once its operands are known.

`fold_operator` returns the folded value, or None when an operand is still
unresolved (the caller keeps the operator for later, as llvm-tblgen does), and
raises `FoldError` when the operands are known but wrong.
"""

from __future__ import annotations

import functools
import re
import warnings
from typing import TYPE_CHECKING

from generator.tablegen.values import (
    UNSET,
    BitInit,
    BitsInit,
    DagInit,
    DefInit,
    Init,
    IntInit,
    ListInit,
    StringInit,
    Type,
    UnsetInit,
    VarInit,
)

if TYPE_CHECKING:
    from generator.tablegen.evaluator import Evaluator

__all__ = ["MAX_LIST_ITEMS", "MAX_STRING_CHARS", "OPERATORS", "fold_operator"]

#: Every operator name `fold_operator` knows (`!cond` is parsed on its own).
OPERATORS = frozenset(
    [
        "add",
        "mul",
        "and",
        "or",
        "xor",
        "sub",
        "shl",
        "sra",
        "srl",
        "div",
        "not",
        "logtwo",
        "eq",
        "ne",
        "lt",
        "le",
        "gt",
        "ge",
        "if",
        "cond",
        "strconcat",
        "interleave",
        "empty",
        "size",
        "head",
        "tail",
        "listconcat",
        "listsplat",
        "listremove",
        "listelem",
        "listslice",
        "range",
        "foreach",
        "filter",
        "foldl",
        "subst",
        "substr",
        "find",
        "toupper",
        "tolower",
        "isa",
        "cast",
        "exists",
        "initialized",
        "dag",
        "con",
        "getdagop",
        "setdagop",
        "getdagarg",
        "getdagname",
        "getdagopname",
        "setdagopname",
        "setdagarg",
        "setdagname",
        "listflatten",
        "match",
        "instances",
        "repr",
    ]
)

_MASK64 = (1 << 64) - 1


def _wrap(v: int) -> int:
    v &= _MASK64
    return v - (1 << 64) if v >> 63 else v


#: The longest list and string evaluation may build (see the evaluator's limits).
MAX_LIST_ITEMS = 100_000
MAX_STRING_CHARS = 1 << 22


def _sized_list(items: int, what: str) -> None:
    """Refuse a list longer than the evaluator's limit before building it."""
    if items > MAX_LIST_ITEMS:
        raise _err(f"{what} would make a list of {items} elements (the limit is {MAX_LIST_ITEMS})")


def _sized_string(chars: int, what: str) -> None:
    """Refuse a string longer than the evaluator's limit before building it."""
    if chars > MAX_STRING_CHARS:
        raise _err(
            f"{what} would make a string of {chars} characters (the limit is {MAX_STRING_CHARS})"
        )


def _err(message: str) -> Exception:
    from generator.tablegen.evaluator import FoldError

    return FoldError(message)


def _record_err(message: str) -> Exception:
    """An error llvm-tblgen reports at the record being defined."""
    from generator.tablegen.evaluator import RecordFoldError

    return RecordFoldError(message)


def _ints(ev: Evaluator, args: tuple[Init, ...]) -> list[int] | None:
    out: list[int] = []
    for a in args:
        n = ev.as_int(a)
        if n is None:
            return None
        out.append(n)
    return out


def _str(a: Init) -> str | None:
    return a.value if isinstance(a, StringInit) else None


def _is_code(a: Init) -> bool:
    return isinstance(a, StringInit) and a.code


def _bool(v: bool) -> Init:
    return BitInit(v)


_ARITH = {
    "add": lambda xs: sum(xs),
    "mul": lambda xs: _product(xs),
    "and": lambda xs: _reduce(xs, lambda a, b: a & b),
    "or": lambda xs: _reduce(xs, lambda a, b: a | b),
    "xor": lambda xs: _reduce(xs, lambda a, b: a ^ b),
}


def _product(xs: list[int]) -> int:
    out = 1
    for x in xs:
        out = _wrap(out * x)
    return out


def _reduce(xs: list[int], f: object) -> int:
    out = xs[0]
    for x in xs[1:]:
        out = f(out, x)  # type: ignore[operator]
    return out


def _equal(a: Init, b: Init) -> bool | None:
    if a.has_vars or b.has_vars:
        return None
    if isinstance(a, StringInit) and isinstance(b, StringInit):
        return a.value == b.value
    if isinstance(a, DefInit) and isinstance(b, DefInit):
        return a.rec is b.rec
    return None


def fold_operator(
    ev: Evaluator, op: str, args: tuple[Init, ...], t: Type, final: bool
) -> Init | None:
    """Fold `!op(args)`; None when it must wait for unresolved operands."""
    # The most frequent operator by far (every `#` of strings) comes first.
    if op == "strconcat":
        return _strconcat(args)
    if op in _ARITH:
        xs = _ints(ev, args)
        if xs is None:
            return None
        value = _wrap(_ARITH[op](xs))
        if op in ("and", "or", "xor") and all(isinstance(a, BitInit) for a in args):
            return BitInit(bool(value))
        return IntInit(value)
    if op in ("sub", "shl", "sra", "srl", "div"):
        xs = _ints(ev, args)
        if xs is None:
            return None
        n0, n1 = xs
        # 64-bit shifts: a count out of range would make Python build huge integers.
        if op in ("shl", "sra", "srl") and not 0 <= n1 < 64:
            raise _err("Illegal operation: out of bounds shift")
        if op == "sub":
            return IntInit(_wrap(n0 - n1))
        if op == "shl":
            return IntInit(_wrap(n0 << n1))
        if op == "sra":
            return IntInit(n0 >> n1)
        if op == "srl":
            return IntInit(_wrap((n0 & _MASK64) >> n1))
        if n1 == 0:
            raise _err("Illegal operation: division by zero")
        q = abs(n0) // abs(n1)
        return IntInit(q if (n0 >= 0) == (n1 >= 0) else -q)
    if op == "not":
        xs = _ints(ev, args)
        if xs is None:
            return None
        return BitInit(xs[0] == 0)
    if op == "logtwo":
        xs = _ints(ev, args)
        if xs is None:
            return None
        if xs[0] <= 0:
            raise _err(
                "Illegal operation: logtwo is undefined on arguments less than or equal to 0"
            )
        return IntInit(xs[0].bit_length() - 1)
    if op in ("eq", "ne", "lt", "le", "gt", "ge"):
        a, b = args
        if isinstance(a, StringInit) and isinstance(b, StringInit):
            x: object = a.value
            y: object = b.value
        elif op in ("eq", "ne") and (eq := _equal(a, b)) is not None:
            return BitInit(eq == (op == "eq"))
        else:
            xs = _ints(ev, args)
            if xs is None:
                return None
            x, y = xs
        result = {
            "eq": x == y,
            "ne": x != y,
            "lt": x < y,  # type: ignore[operator,unused-ignore]
            "le": x <= y,  # type: ignore[operator,unused-ignore]
            "gt": x > y,  # type: ignore[operator,unused-ignore]
            "ge": x >= y,  # type: ignore[operator,unused-ignore]
        }[op]
        return BitInit(result)
    if op == "if":
        c = ev.as_int(args[0])
        if c is None:
            return None
        return args[1] if c else args[2]
    if op == "cond":
        for i in range(0, len(args), 2):
            c = ev.as_int(args[i])
            if c is None:
                return None
            if c:
                return args[i + 1]
        if any(a.has_vars for a in args):
            return None
        raise _err("!cond: none of the conditions are true")
    if op == "interleave":
        lst, sep = args
        s = _str(sep)
        if not isinstance(lst, ListInit) or s is None or lst.has_vars:
            return None
        items: list[str] = []
        for it in lst.items:
            if isinstance(it, StringInit):
                items.append(it.value)
            elif isinstance(it, IntInit | BitInit | BitsInit):
                n = ev.as_int(it)
                if n is None:
                    return None
                items.append(str(n))
            else:
                return None
        _sized_string(sum(map(len, items)) + len(s) * max(0, len(items) - 1), "!interleave")
        return StringInit(s.join(items))
    if op in ("empty", "size", "head", "tail"):
        (a,) = args
        if isinstance(a, ListInit):
            if op == "empty":
                return BitInit(not a.items)
            if op == "size":
                return IntInit(len(a.items))
            if not a.items:
                raise _err(f"!{op} of an empty list")
            return a.items[0] if op == "head" else ListInit(a.items[1:], a.elem)
        if isinstance(a, StringInit) and op in ("empty", "size"):
            return BitInit(not a.value) if op == "empty" else IntInit(len(a.value))
        if isinstance(a, DagInit) and op in ("empty", "size"):
            return BitInit(not a.args) if op == "empty" else IntInit(len(a.args))
        return None
    if op == "listconcat":
        if not all(isinstance(a, ListInit) for a in args):
            return None
        _sized_list(sum(len(a.items) for a in args if isinstance(a, ListInit)), "!listconcat")
        items_l: list[Init] = []
        elem: Type = "?"
        for a in args:
            assert isinstance(a, ListInit)
            items_l.extend(a.items)
            if elem == "?":
                elem = a.elem
        return ListInit(tuple(items_l), elem)
    if op == "listsplat":
        lst_v, count = args
        k = ev.as_int(count)
        if k is None or lst_v.has_vars:
            return None
        _sized_list(k, "!listsplat")
        return ListInit((lst_v,) * k, ev.type_of_init(lst_v))
    if op == "listremove":
        a, b = args
        if not isinstance(a, ListInit) or not isinstance(b, ListInit) or a.has_vars or b.has_vars:
            return None
        return ListInit(tuple(x for x in a.items if x not in b.items), a.elem)
    if op == "listelem":
        a, b = args
        idx = ev.as_int(b)
        if not isinstance(a, ListInit) or idx is None:
            return None
        if not 0 <= idx < len(a.items):
            raise _err(f"List index {idx} out of range")
        return a.items[idx]
    if op == "listslice":
        a, b = args
        if not isinstance(a, ListInit) or not isinstance(b, ListInit) or b.has_vars:
            return None
        out: list[Init] = []
        for x in b.items:
            j = ev.as_int(x)
            if j is None:
                return None
            if not 0 <= j < len(a.items):
                raise _err(f"List index {j} out of range")
            out.append(a.items[j])
        return ListInit(tuple(out), a.elem)
    if op == "range":
        xs = _ints(ev, args) if all(not isinstance(a, ListInit) for a in args) else None
        if len(args) == 1 and isinstance(args[0], ListInit):
            return ListInit(tuple(IntInit(i) for i in range(len(args[0].items))), "int")
        if xs is None:
            return None
        if len(xs) == 1:
            xs = [0, xs[0], 1]
        elif len(xs) == 2:
            xs.append(1)
        if xs[2] == 0:
            raise _err("Illegal element: step must not be zero")
        _sized_list(len(range(*xs)), "!range")
        return ListInit(tuple(IntInit(i) for i in range(*xs)), "int")
    if op in ("foreach", "filter"):
        var, lst, body = args
        assert isinstance(var, VarInit)
        if isinstance(lst, ListInit):
            results: list[Init] = []
            for it in lst.items:
                v = ev.substitute(body, {var.name: it})
                if op == "foreach":
                    results.append(v)
                else:
                    c = ev.as_int(v)
                    if c is None:
                        return None
                    if c:
                        results.append(it)
            if op == "filter":
                elem = lst.elem
            elif isinstance(t, tuple) and t[0] == "list" and t[1] != "?":
                elem = t[1]  # type: ignore[assignment]
            else:
                elem = ev.type_of_init(results[0]) if results else "?"
            if any(r.has_vars for r in results) and op == "foreach" and lst.has_vars:
                return None
            return ListInit(tuple(results), elem)
        if isinstance(lst, DagInit) and op == "foreach":
            new_args = tuple((ev.substitute(body, {var.name: a}), n) for a, n in lst.args)
            return DagInit(lst.op, lst.name, new_args)
        return None
    if op == "foldl":
        init, lst, acc, var, body = args
        assert isinstance(acc, VarInit)
        assert isinstance(var, VarInit)
        if not isinstance(lst, ListInit):
            return None
        cur = init
        for it in lst.items:
            cur = ev.substitute(body, {acc.name: cur, var.name: it})
        return cur
    if op == "subst":
        pat, repl, val = args
        if (
            isinstance(pat, StringInit)
            and isinstance(repl, StringInit)
            and isinstance(val, StringInit)
        ):
            if not pat.value:
                return val
            return StringInit(val.value.replace(pat.value, repl.value))
        if isinstance(pat, DefInit) and isinstance(val, DefInit):
            return repl if pat.rec is val.rec else val
        if pat.has_vars or repl.has_vars or val.has_vars:
            return None
        return val
    if op == "substr":
        s = _str(args[0])
        xs = _ints(ev, args[1:])
        if s is None or xs is None:
            return None
        start = xs[0]
        if start < 0:
            raise _err(f"!substr start position is out of range 0...{len(s)}: {start}")
        length = xs[1] if len(xs) > 1 else len(s)
        if length < 0:
            raise _err("!substr length must be nonnegative")
        return StringInit(s[start : start + length], _is_code(args[0]))
    if op == "find":
        s, sub = _str(args[0]), _str(args[1])
        xs = _ints(ev, args[2:])
        if s is None or sub is None or xs is None:
            return None
        start = xs[0] if xs else 0
        return IntInit(s.find(sub, start) if start <= len(s) else -1)
    if op in ("toupper", "tolower"):
        s = _str(args[0])
        if s is None:
            return None
        return StringInit(s.upper() if op == "toupper" else s.lower())
    if op == "isa":
        (a,) = args
        r = ev.is_a(a, t)
        return None if r is None else BitInit(r)
    if op == "cast":
        (a,) = args
        return _cast(ev, a, t, final)
    if op == "exists":
        s = _str(args[0])
        if s is None:
            return None
        rec = ev.keeper.defs.get(s)
        if rec is None:
            return BitInit(False) if final else None
        r = ev.is_a(DefInit(rec), t)
        return BitInit(bool(r))
    if op == "initialized":
        (a,) = args
        if isinstance(a, UnsetInit):
            return BitInit(False)
        return None if a.has_vars else BitInit(True)
    if op == "dag":
        opv, vals, names = args
        if not isinstance(vals, ListInit) or not isinstance(names, ListInit):
            return None
        if vals.has_vars or names.has_vars:
            return None
        nm = [n.value if isinstance(n, StringInit) else None for n in names.items]
        return DagInit(opv, None, tuple(zip(vals.items, nm, strict=False)))
    if op == "con":
        if not all(isinstance(a, DagInit) for a in args):
            return None
        first = args[0]
        assert isinstance(first, DagInit)
        new: list[tuple[Init, str | None]] = []
        for a in args:
            assert isinstance(a, DagInit)
            if a.op != first.op and not isinstance(a.op, UnsetInit):
                raise _err(
                    f"Concatenated Dag operators do not match: '{first.as_string()}' vs. '{a.as_string()}'"
                )
            new.extend(a.args)
        return DagInit(first.op, first.name, tuple(new))
    if op == "getdagop":
        (a,) = args
        if isinstance(a, DagInit):
            return a.op
        return None
    if op == "setdagop":
        a, b = args
        if isinstance(a, DagInit):
            return DagInit(b, a.name, a.args)
        return None
    if op == "getdagopname":
        (a,) = args
        if isinstance(a, DagInit):
            return StringInit(a.name) if a.name is not None else UNSET
        return None
    if op == "setdagopname":
        a, b = args
        if isinstance(a, DagInit) and isinstance(b, StringInit):
            return DagInit(a.op, b.value, a.args)
        return None
    if op in ("getdagarg", "getdagname", "setdagarg", "setdagname"):
        return _dag_arg_op(ev, op, args)
    if op == "listflatten":
        (a,) = args
        if not isinstance(a, ListInit):
            return None
        if not (isinstance(a.elem, tuple) and a.elem[0] == "list"):
            return a
        if not all(isinstance(i, ListInit) for i in a.items):
            return None
        flat = [x for i in a.items if isinstance(i, ListInit) for x in i.items]
        _sized_list(len(flat), "!listflatten")
        return ListInit(tuple(flat), a.elem[1])  # type: ignore[arg-type]
    if op == "match":
        s, pattern = _str(args[0]), _str(args[1])
        if s is None or pattern is None:
            return None
        return BitInit(_regex(pattern).search(s) is not None)
    if op == "instances":
        # Every def of the type made so far, by name: known only once the record
        # that asks is complete, as llvm-tblgen folds it when resolving a def.
        if not final or any(a.has_vars for a in args):
            return None
        if args and not isinstance(args[0], StringInit):
            return None
        found = _regex(args[0].value) if args and isinstance(args[0], StringInit) else None
        picked: list[Init] = []
        if isinstance(t, tuple) and t[0] == "rec":
            for name in sorted(ev.keeper.defs, key=lambda n: n.encode("utf-8")):
                d = DefInit(ev.keeper.defs[name])
                if ev.is_a(d, t) and (found is None or found.search(name) is not None):
                    picked.append(d)
        return ListInit(tuple(picked), t)
    if op == "repr":
        (a,) = args
        return None if a.has_vars else StringInit(a.as_string())
    return None


def _dag_arg_op(ev: Evaluator, op: str, args: tuple[Init, ...]) -> Init | None:
    """`!getdagarg`, `!getdagname`, `!setdagarg` and `!setdagname`: one argument of
    a dag found by index (or, except for `!getdagname`, by name)."""
    a, key = args[0], args[1]
    if not isinstance(a, DagInit):
        return None
    index: int | None = None
    if isinstance(key, StringInit) and op != "getdagname":
        for i, (_, arg_name) in enumerate(a.args):
            if arg_name == key.value:
                index = i
                break
        if index is None:
            raise _record_err(f"!{op} key '{key.value}' is not found")
    else:
        index = ev.as_int(key)
        if index is None:
            return None
        if not 0 <= index < len(a.args):
            if op == "getdagname":
                raise _record_err(
                    f"!getdagname index is out of range 0...{len(a.args) - 1}: {index}"
                )
            raise _record_err(
                f"!{op} index {index} is out of range (dag has {len(a.args)} arguments)"
            )
    value, name = a.args[index]
    if op == "getdagarg":
        return value
    if op == "getdagname":
        return StringInit(name) if name is not None else UNSET
    new = list(a.args)
    if op == "setdagarg":
        new[index] = (args[2], name)
    else:
        new_name = args[2]
        if isinstance(new_name, UnsetInit):
            new[index] = (value, None)
        elif isinstance(new_name, StringInit):
            new[index] = (value, new_name.value)
        else:
            return None
    return DagInit(a.op, a.name, tuple(new))


#: POSIX bracket classes of llvm::Regex, as Python spells them inside `[...]`.
_POSIX_CLASSES = {
    "alnum": "a-zA-Z0-9",
    "alpha": "a-zA-Z",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}
_POSIX_CLASS = re.compile(r"\[:([a-z]+):\]")


@functools.cache
def _regex(pattern: str) -> re.Pattern[str]:
    """A POSIX extended regular expression (llvm::Regex) as a Python pattern."""

    def cls(m: re.Match[str]) -> str:
        got = _POSIX_CLASSES.get(m.group(1))
        if got is None:
            raise _err(f"invalid regex '{pattern}'")
        return got

    try:
        with warnings.catch_warnings():
            # Python warns of `[[` (a set it may read differently one day); a
            # POSIX bracket expression takes `[` literally there, as Python does.
            warnings.simplefilter("ignore", FutureWarning)
            return re.compile(_POSIX_CLASS.sub(cls, pattern))
    except re.error:
        raise _err(f"invalid regex '{pattern}'") from None


def _strconcat(args: tuple[Init, ...]) -> Init | None:
    parts: list[str] = []
    code = False
    for a in args:
        if type(a) is not StringInit:
            # Adjacent known strings still merge, as llvm-tblgen folds them.
            if len(args) == 2:
                rhs = args[1]
                if isinstance(rhs, StringInit) and rhs.value == "":
                    return args[0]
            return None
        assert isinstance(a, StringInit)
        parts.append(a.value)
        # Code pasted with anything stays code, so `[{x}] # 1` and `"x1"` are
        # different values (and instantiate different anonymous records).
        code = code or a.code
    _sized_string(sum(map(len, parts)), "!strconcat")
    return StringInit("".join(parts), code)


def _cast(ev: Evaluator, a: Init, t: Type, final: bool) -> Init | None:
    if t == "string":
        if isinstance(a, StringInit):
            return a
        if isinstance(a, DefInit):
            return StringInit(a.rec.name)
        if isinstance(a, IntInit | BitInit | BitsInit) and not a.has_vars:
            n = ev.as_int(a)
            return StringInit(str(n)) if n is not None else None
        return None
    if t in ("int", "bit") or (isinstance(t, tuple) and t[0] == "bits"):
        if a.has_vars:
            return None
        return ev.convert(a, t, 0)
    if isinstance(t, tuple) and t[0] == "rec":
        if isinstance(a, DefInit):
            return a if ev.is_a(a, t) else None
        if isinstance(a, StringInit):
            rec = ev.keeper.defs.get(a.value)
            if rec is None:
                if final:
                    raise _err(f"Undefined reference to record: '{a.value}'")
                return None
            d = DefInit(rec)
            if not ev.is_a(d, t):
                raise _err(
                    f"Expected type '{t[1]}', got '{a.value}' in: !cast<{t[1]}>(\"{a.value}\")"
                )
            return d
        return None
    if a.has_vars:
        return None
    return a
