"""What MLIR's own dialects do in C++ that `odsgen import` knows in Python.

Some of the C++ behind MLIR's standard dialects is part of what `mlir-opt`
prints or rejects, and is simple enough to state once here rather than ask every
user to write it as a hook:

- the result names an op suggests through `OpAsmOpInterface`'s
  `getAsmResultNames` (`%dim = tensor.dim ...`, `%thread_id_x = gpu.thread_id x`,
  `%idx42 = index.constant 42`), for the ops whose names are a fixed word or a
  simple function of one attribute;
- the parameter checks of a type declared with `genVerifyDecl`
  (`!transform.param<T>` takes integers of at most 64 bits).

Entries are keyed by the op's or type's full name and checked against
mlir-opt-22 by `tests/spec/test_mlir_known_code.py`; anything absent keeps its
hook.
"""

from __future__ import annotations

from collections.abc import Mapping


def _fixed(name: str) -> str:
    return f"return ((0, {name!r}),)\n"


def _gpu_dimension(mnemonic: str) -> str:
    # The dimension's case name (`x`, `y`, `z`) is appended to the mnemonic.
    return f'return ((0, f"{mnemonic}_{{self.dimension.name}}"),)\n'


_BOOL = 'return ((0, "true" if self.value.value else "false"),)\n'

#: op name -> the body of `def asm_result_names(self) -> Sequence[tuple[int, str]]`.
KNOWN_RESULT_NAMES: Mapping[str, str] = {
    **{
        f"gpu.{m}": _gpu_dimension(m)
        for m in (
            "thread_id",
            "block_dim",
            "block_id",
            "cluster_block_id",
            "cluster_dim",
            "cluster_dim_blocks",
            "cluster_id",
            "global_id",
            "grid_dim",
        )
    },
    "index.constant": 'return ((0, f"idx{self.value.value}"),)\n',
    "index.bool.constant": _BOOL,
    "smt.constant": _BOOL,
    "shape.const_size": 'return ((0, f"c{self.value.value}"),)\n',
    "memref.cast": _fixed("cast"),
    "memref.dim": _fixed("dim"),
    "memref.collapse_shape": _fixed("collapse_shape"),
    "memref.memory_space_cast": _fixed("memspacecast"),
    "memref.extract_aligned_pointer_as_index": _fixed("intptr"),
    "tensor.cast": _fixed("cast"),
    "tensor.dim": _fixed("dim"),
    "tensor.extract": _fixed("extracted"),
    "tensor.from_elements": _fixed("from_elements"),
    "tensor.splat": _fixed("splat"),
    "tensor.collapse_shape": _fixed("collapsed"),
    "tensor.concat": _fixed("concat"),
    "tensor.rank": _fixed("rank"),
    "vector.vscale": _fixed("vscale"),
}

#: type name -> the body of `def verify(cls, <parameters>) -> str | None` of a type
#: of MLIR's own dialects whose parameters MLIR checks in C++ (`genVerifyDecl`).
KNOWN_TYPE_VERIFIERS: Mapping[str, str] = {
    # `!transform.param<T>`: a parameter is an integer of at most 64 bits, of any
    # signedness.
    "transform.param": (
        "if not isinstance(type, IntegerType) or type.width > 64:\n"
        '    return "only supports integer types with width <=64"\n'
        "return None\n"
    ),
    # `!tosa.shape<N>`: a shape's rank is not negative.
    "tosa.shape": "if rank < 0:\n    return f'invalid rank (must be >= 0): {rank}'\nreturn None\n",
}
