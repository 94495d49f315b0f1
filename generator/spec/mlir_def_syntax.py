"""MLIR types and attributes whose syntax is C++, as the Python the runtime gives them.

A `TypeDef` or `AttrDef` with `hasCustomAssemblyFormat` is parsed and printed by
hand-written C++, which `odsgen import` cannot read; such a def needs parse and
print hooks. For the defs listed here odsgen's runtime has that syntax already
(`generator.ir.llvm_syntax`), so the importer gives the def this Python instead of
hooks: its parameters as the runtime holds them, and the bodies of `parse`,
`print_params` and `verify` (see `generator.spec.model.AttrDef`).

Keyed by the def's record name in MLIR's `.td` files.

Likewise `OP_VERIFIERS` gives the Python of the op verifiers (`hasVerifier`) that
`extraClassDefinition` writes as a call of a C++ function the runtime also has,
keyed by the body of `verify()` with its blanks collapsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.spec.model import ParameterDef

__all__ = ["DEF_SYNTAX", "OP_VERIFIERS", "DefSyntax", "cpp_verify_body"]


@dataclass(frozen=True)
class DefSyntax:
    """The Python of one type or attribute whose MLIR syntax is C++."""

    parameters: tuple[ParameterDef, ...]
    """The parameters as the runtime holds them (an `APInt` is a width and an `int`)."""
    parser: str
    """The body of `parse(cls, p)`."""
    printer: str
    """The body of `print_params(self)`."""
    verifier: str | None = None
    """The body of `verify(cls, <parameters>)`, when the values have invariants."""


def _ints(*names: str) -> tuple[ParameterDef, ...]:
    return tuple(ParameterDef(name=name, type="int") for name in names)


DEF_SYNTAX: dict[str, DefSyntax] = {
    # `#llvm.constant_range<i32, 0, 64>`: two `APInt`s of one width.
    "LLVM_ConstantRangeAttr": DefSyntax(
        parameters=_ints("width", "lower", "upper"),
        parser="return cls.get(*parse_constant_range(p))\n",
        printer="return constant_range_text(self.width, self.lower, self.upper)\n",
        verifier="return verify_constant_range(width, lower, upper)\n",
    ),
    # `!llvm.struct<"name", packed (i8, ptr)>`: MLIR keeps whether it is packed or
    # opaque, and its name, in a storage class of its own.
    "LLVMStructType": DefSyntax(
        parameters=(
            ParameterDef(name="name", type="str"),
            ParameterDef(name="elements", type="tuple[Type, ...]"),
            ParameterDef(name="packed", type="bool"),
            ParameterDef(name="opaque", type="bool"),
        ),
        parser="return cls.get(*parse_llvm_struct(p))\n",
        printer="return llvm_struct_text(self.name, self.elements, self.packed, self.opaque)\n",
    ),
}


#: The body of `verify()` (`$cppClass::verify() { ... }`) -> the body of the op
#: class's `verify_custom(self)` (see `generator.spec.model.OpDef.verifier`).
OP_VERIFIERS: dict[str, str] = {
    # NVVM's special registers with a `range`: LLVM's `ConstantRange` bounds.
    "return verifyConstantRangeAttr(getOperation(), getRange());": (
        "return constant_range_bounds_error(self.range_attr)\n"
    ),
}

_VERIFY = re.compile(r"::verify\(\)\s*\{")


def cpp_verify_body(code: str) -> str | None:
    """The body of the `verify()` that C++ code defines, blanks collapsed, or None."""
    found = _VERIFY.search(code)
    if found is None:
        return None
    depth, start = 1, found.end()
    for i in range(start, len(code)):
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        if depth == 0:
            lines = (line.split("//", 1)[0] for line in code[start:i].splitlines())
            return " ".join(" ".join(lines).split())
    return None
