"""The one list of tests that are known to fail, each with the reason.

Keys are pytest node ids exactly as pytest prints them, relative to the repository
root, for example
`tests/conformance/test_mlir_generic.py::test_piece_roundtrip[Arith/ops.mlir#0/3]`.
`tests/conftest.py` marks each listed test `xfail(strict=True)`, so a listed test
that starts passing fails the run until its entry is removed, and
`tests/test_xfail_list.py` fails when an entry names a test that does not exist.
"""

from __future__ import annotations

XFAIL: dict[str, str] = {
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tfg/invalid_types.mlir#1/0]": (
        '`!tf_type<"variant>">` is rejected at the same place, but with MLIR\'s message for '
        "a generated type parser ('expected valid keyword'); TensorFlow's hand-written parser "
        "says 'unexpected token'"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tfg/invalid_types.mlir#1/6]": (
        '`!tf_type<"resource>">` is rejected at the same place, but with MLIR\'s message for '
        "a generated type parser ('expected valid keyword'); TensorFlow's hand-written parser "
        "says 'encountered unexpected token'"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tf_executor/tf_executor_ops_location_roundtrip.mlir#1/0]": (
        "the CHECK lines expect the generic printer of 2020 (`( {`, locations inline as "
        '`loc("identity@some_function")`, `sym_name` after the function\'s region); MLIR 22, '
        "and odsgen with it, prints `({`, `#loc` aliases and properties before the region"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tf_executor/tf_executor_ops_location_roundtrip.mlir#1/1]": (
        "as #1/0: the CHECK lines expect the generic printer of 2020 (inline locations, "
        "`( {`, attributes after the region)"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tf_executor/tf_executor_ops_invalid.mlir#1/1]": (
        '`"tf_executor.graph"(%arg0) : (...) -> ()` has no region and an operand; like '
        "mlir-opt-22, odsgen reports the missing region first ('requires one region'), where "
        "the 2020 test expects the operand count; TensorFlow's newer copy of the test adds "
        "`({})` for this reason"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tf_executor/tf_executor_ops_invalid.mlir#1/17]": (
        "the 2020 test expects `operand #0 must be control` for the `Variadic` operand of "
        "`tf_executor.island`; MLIR 22's ODS words a `Variadic<T>` as `variadic of T` "
        "(mlir-opt-22: `'tensor.empty' op operand #0 must be variadic of index`), and so "
        "does odsgen: `operand #0 must be variadic of control`"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tf_executor/tf_executor_ops_invalid.mlir#1/8]": (
        "the 2020 test expects the graph's implicit-terminator check ('expects regions to end "
        "with') before the misplaced `tf_executor.yield`'s own check; MLIR 22 runs "
        "`SingleBlockImplicitTerminator` as a region trait, after the region's ops verify, so "
        "it reports, as odsgen does, `'tf_executor.yield' op expects parent op "
        "'tf_executor.island'` first (mlir-opt-22 does the same for `func.return` in `scf.if`)"
    ),
    "tests/conformance/test_upstream_files.py::test_upstream_case[tensorflow/tf_executor/tf_executor_ops_invalid.mlir#1/21]": (
        "as #1/8: the 2020 test expects the island's implicit-terminator check before the "
        "island's own verifier; with MLIR 22's order (the region trait after the op's "
        "verifier) TensorFlow's `IslandOp::verify` reports first, as in odsgen: "
        "`'func.return' op invalid tf_executor.island terminator, yield expected`"
    ),
}
