"""The C math library's functions on float bit patterns, as MLIR's `math` folders call them.

MLIR folds `math.sin`, `math.exp`, `math.powf` ... of `f32` and `f64` constants by
calling the C library (`sinf` on an `f32`, `sin` on an `f64`) on the host, and
declines every other float type. To give the same bits, the same functions of the
same library are called here through `ctypes`: an argument is passed as the C
`float` or `double` its bit pattern spells (so NaN payloads and signaling NaNs
reach the function unchanged) and the result is read back as bits of the format.

`libm_unary` and `libm_binary` return None for formats other than `f32` and
`f64`, and where no C math library can be loaded, so a folder declines as MLIR's
does for the other formats. `ctypes` is imported on first use: most programs fold
no math function.
"""

from __future__ import annotations

import struct
import sys
from typing import Any

__all__ = ["has_libm", "libm_binary", "libm_unary"]

#: The loaded library and the functions looked up in it, by C name.
_STATE: dict[str, Any] = {}


def _library() -> Any:
    """The C math library, loaded on first use; None where there is none."""
    if "lib" not in _STATE:
        import ctypes
        import ctypes.util

        lib: Any = None
        names = [ctypes.util.find_library("m"), "libm.so.6"]
        if sys.platform == "win32":
            names = ["ucrtbase", "msvcrt"]
        for name in names:
            if not name:
                continue
            try:
                lib = ctypes.CDLL(name)
            except OSError:
                continue
            break
        _STATE["lib"] = lib
    return _STATE["lib"]


def has_libm() -> bool:
    """Whether the C math library could be loaded."""
    return _library() is not None


def _function(name: str, single: bool, arity: int) -> Any:
    """The C function `name` (`namef` for `float`), typed; None when missing."""
    c_name = name + "f" if single else name
    key = f"fn:{c_name}"
    if key not in _STATE:
        lib = _library()
        fn: Any = getattr(lib, c_name, None) if lib is not None else None
        if fn is not None:
            import ctypes

            c_type = ctypes.c_float if single else ctypes.c_double
            fn.restype = c_type
            fn.argtypes = [c_type] * arity
        _STATE[key] = fn
    return _STATE[key]


def _argument(bits: int, single: bool) -> Any:
    """The C value whose bit pattern is `bits`."""
    import ctypes

    if single:
        return ctypes.c_float.from_buffer_copy((bits & 0xFFFFFFFF).to_bytes(4, "little"))
    return ctypes.c_double.from_buffer_copy((bits & (2**64 - 1)).to_bytes(8, "little"))


def _bits(value: float, single: bool) -> int:
    """The bit pattern of a C result (a `float` result widened to a Python float
    narrows back exactly)."""
    if single:
        return int.from_bytes(struct.pack("<f", value), "little")
    return int.from_bytes(struct.pack("<d", value), "little")


def _precision(format_name: str) -> bool | None:
    """True for `f32` (`float`), False for `f64` (`double`), None for other formats."""
    if format_name == "f32":
        return True
    if format_name == "f64":
        return False
    return None


def libm_unary(name: str, format_name: str, bits: int) -> int | None:
    """`name(x)` on the bits of an `f32` (calling `namef`) or `f64`; None otherwise."""
    single = _precision(format_name)
    if single is None:
        return None
    fn = _function(name, single, 1)
    if fn is None:
        return None
    return _bits(fn(_argument(bits, single)), single)


def libm_binary(name: str, format_name: str, a: int, b: int) -> int | None:
    """`name(x, y)` on the bits of two `f32`s (calling `namef`) or `f64`s; None otherwise."""
    single = _precision(format_name)
    if single is None:
        return None
    fn = _function(name, single, 2)
    if fn is None:
        return None
    return _bits(fn(_argument(a, single), _argument(b, single)), single)
