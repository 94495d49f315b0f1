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
}
