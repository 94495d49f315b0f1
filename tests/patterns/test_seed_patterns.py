"""The seed's three example patterns, as `opdefs/tfl.td` spells them, at run time.

"Rewrite pattern description" in the ODS seed shows LeakyRelu, Relu of Add and
BiasAdd between `tf` and `tfl`; each program below is rewritten with
`odsgen opt --patterns legalize-tf` and compared with what the pattern says.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from generator.cli import main

_HEAD = "func.func @f({args}) -> {result} {{\n"


def _legalize(text: str, tmp_path: Path) -> str:
    path = tmp_path / "in.mlir"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["opt", str(path), "--patterns", "legalize-tf"])
    assert code == 0, err.getvalue()
    return out.getvalue()


CASES = {
    # def : Pat<(TF_LeakyReluOp $arg, F32Attr:$a), (TFL_LeakyReluOp $arg, $a)>;
    "leaky_relu": (
        """func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.LeakyRelu"(%x) <{alpha = 3.000000e-01 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""",
        '    %0 = "tfl.leaky_relu"(%arg0) <{alpha = 3.000000e-01 : f32}> '
        ": (tensor<4xf32>) -> tensor<4xf32>\n",
    ),
    # The default alpha (0.2) is what the pattern binds when the attribute is absent.
    "leaky_relu_default_alpha": (
        """func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.LeakyRelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""",
        '    %0 = "tfl.leaky_relu"(%arg0) <{alpha = 2.000000e-01 : f32}> '
        ": (tensor<4xf32>) -> tensor<4xf32>\n",
    ),
    # def : Pat<(TF_ReluOp (TF_AddOp $lhs, $rhs)), (TFL_AddOp $lhs, $rhs, TFL_AF_Relu)>;
    "relu_of_add": (
        """func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Add"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.Relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
""",
        '    %0 = tfl.add %arg0, %arg1 {fused_activation_function = "RELU"} : tensor<4xf32>\n'
        "    return %0 : tensor<4xf32>\n",
    ),
    # def : Pat<(TF_BiasAddOp F32Tensor:$l, F32Tensor:$r), (TFL_AddOp $l, $r, TFL_AF_None)>;
    "bias_add": (
        """func.func @f(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
""",
        '    %0 = "tfl.add"(%arg0, %arg1) <{fused_activation_function = "NONE"}> '
        ": (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n",
    ),
    # F32Tensor constrains the operands: an integer BiasAdd stays.
    "bias_add_int_stays": (
        """func.func @f(%x: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
""",
        '    %0 = "tf.BiasAdd"(%arg0, %arg1) <{data_format = "NHWC"}> '
        ": (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>\n",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_seed_pattern(case: str, tmp_path: Path) -> None:
    text, expected = CASES[case]
    out = _legalize(text, tmp_path)
    assert expected in out, out
    if case != "bias_add_int_stays":
        assert '"tf.' not in out, out
