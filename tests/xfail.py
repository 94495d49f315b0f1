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
        "the island's control inputs are a `Variadic<...>` group, whose constraint MLIR 22's "
        "ODS words 'variadic of control' (mlir-opt-22 says 'operand #1 must be variadic of "
        "index' for `memref.load`), where the 2020 test expects 'must be control'"
    ),
}
