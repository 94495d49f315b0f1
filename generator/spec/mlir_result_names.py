"""The result names MLIR's own ops suggest to the printer, for `odsgen import`.

An op of MLIR's standard dialects that declares `OpAsmOpInterface`'s
`getAsmResultNames` names its result in C++ (`%dim = tensor.dim ...`,
`%thread_id_x = gpu.thread_id x`, `%idx42 = index.constant 42`). Those names are
part of what `mlir-opt` prints, so an imported op that lacks them prints
differently; the importer would otherwise make the method a required hook. This
module holds the Python body of `asm_result_names` for the ops of MLIR 22 whose
names are a fixed word or a simple function of one attribute, keyed by the op's
full name. Each entry is checked against mlir-opt-22's output by
`tests/spec/test_mlir_result_names.py`; an op absent from the table keeps the hook.
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
