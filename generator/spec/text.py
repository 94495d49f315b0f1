"""Which characters spec text may hold, shared by the front ends and validation.

NUL and the other C0 controls but tab, newline and carriage return, DEL, and
lone surrogates (which cannot be written as UTF-8) have no place in a spec: they
cannot reach a generated file as they are, and no MLIR name or summary holds them.
"""

from __future__ import annotations

import re

__all__ = ["BAD_CHARACTER", "bad_character_message"]

BAD_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def bad_character_message(char: str) -> str:
    """The diagnostic for one such character."""
    return f"spec text holds the character U+{ord(char):04X}, which is not allowed in a spec"
