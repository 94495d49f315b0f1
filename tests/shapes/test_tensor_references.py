"""The `tensor` dialect's references, executed by `odsgen run`: each program's
results, printed with `--print-results`, are what numpy computes on the same data."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tests.conftest import RunOdsgen

_PROGRAM = """\
func.func @main() -> (tensor<3x2xi32>, index, index, tensor<5xf32>, f32, tensor<2x3xi32>,
                      tensor<2x1xi32>, tensor<3x2xi32>, tensor<6xi32>, tensor<2x3xf32>, tensor<2x2xi8>) {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %s = arith.constant dense<[3, 2]> : tensor<2xindex>
  %r = tensor.reshape %c(%s) : (tensor<6xi32>, tensor<2xindex>) -> tensor<3x2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %r, %c0 : tensor<3x2xi32>
  %rank = tensor.rank %r : tensor<3x2xi32>
  %f = arith.constant dense<[1.5, 2.5]> : tensor<2xf32>
  %g = arith.constant dense<-1.0> : tensor<3xf32>
  %cat = tensor.concat dim(0) %f, %g : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %e = tensor.extract %cat[%c1] : tensor<5xf32>
  %x = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
  %sl = tensor.extract_slice %x[0, 1] [2, 1] [1, 1] : tensor<2x3xi32> to tensor<2x1xi32>
  %seven = arith.constant 7 : i32
  %ins = tensor.insert %seven into %r[%c1, %c0] : tensor<3x2xi32>
  %col = tensor.collapse_shape %ins [[0, 1]] : tensor<3x2xi32> into tensor<6xi32>
  %half = arith.constant 0.5 : f32
  %sp = tensor.splat %half : tensor<2x3xf32>
  %m1 = arith.constant -1 : i8
  %fe = tensor.from_elements %m1, %m1, %m1, %m1 : tensor<2x2xi8>
  return %r, %d, %rank, %cat, %e, %x, %sl, %ins, %col, %sp, %fe
    : tensor<3x2xi32>, index, index, tensor<5xf32>, f32, tensor<2x3xi32>, tensor<2x1xi32>,
      tensor<3x2xi32>, tensor<6xi32>, tensor<2x3xf32>, tensor<2x2xi8>
}
"""


def _dense(array: np.ndarray, type_: str) -> str:
    """`array` as its elements attribute prints (ints as decimal, floats as %e; equal
    elements as a splat)."""

    def text(a: np.ndarray) -> str:
        if a.ndim == 0:
            value = a.item()
            return f"{value:e}" if isinstance(value, float) else str(value)
        return "[" + ", ".join(text(x) for x in a) + "]"

    if array.size > 1 and (array == array.flat[0]).all():
        return f"dense<{text(np.asarray(array.flat[0]))}> : {type_}"
    return f"dense<{text(array)}> : {type_}"


def test_tensor_references_compute_what_numpy_does(run_odsgen: RunOdsgen, tmp_path: Path) -> None:
    path = tmp_path / "t.mlir"
    path.write_text(_PROGRAM)
    code, out, err = run_odsgen(["run", "--print-results", str(path)])
    assert code == 0, err
    c = np.array([1, 2, 3, 4, 5, 6], np.int32)
    r = c.reshape(3, 2)
    cat = np.concatenate([np.array([1.5, 2.5], np.float32), np.full(3, -1.0, np.float32)])
    x = c.reshape(2, 3)
    ins = r.copy()
    ins[1, 0] = 7
    expected = [
        _dense(r, "tensor<3x2xi32>"),
        str(r.shape[0]),
        str(r.ndim),
        _dense(cat, "tensor<5xf32>"),
        f"{cat[1]:g}",
        _dense(x, "tensor<2x3xi32>"),
        _dense(x[0:2, 1:2], "tensor<2x1xi32>"),
        _dense(ins, "tensor<3x2xi32>"),
        _dense(ins.reshape(6), "tensor<6xi32>"),
        _dense(np.full((2, 3), 0.5, np.float32), "tensor<2x3xf32>"),
        _dense(np.full((2, 2), -1, np.int8), "tensor<2x2xi8>"),
    ]
    assert out.splitlines() == expected
