"""Runtime code that belongs to particular dialects rather than to the IR itself.

As MLIR keeps such code in `lib/Dialect/<name>` and in interface libraries beside
`lib/IR`, each module here holds what the ops of one dialect, or of a few dialects
sharing an MLIR interface, need beyond the core runtime:

- `affine`: valid dimensions and symbols of affine ops, and their `(%d)[%s]` operand
  lists (the `affine` dialect);
- `memref`: strides and offsets of memref layouts (the `memref` dialect, and the
  `StridedMemRefOf` type constraint);
- `function_like`: the custom form of function ops and symbol visibility (`func`,
  `ml_program`, `tfg`);
- `view_like`: mixed static and dynamic index lists (`memref`, `vector`, `scf`);
- `scf` and `scf_rewrites`: the loop-like and region-branch checks of the `scf` ops,
  and their canonicalization patterns.
- `sparse_tensor`: the sparse tensor encoding attribute, which MLIR parses and
  prints in C++ (the `sparse_tensor` dialect's constraints ask for it).

The modules depend on the core runtime (`generator.ir`), never the other way round,
and importing `generator.ir` loads none of them. Generated op modules import the
public names of each, so the code in a dialect's spec may call them.
"""
