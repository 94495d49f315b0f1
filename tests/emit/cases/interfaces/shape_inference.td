// An interface in a file of its own, as MLIR's Toy tutorial keeps
// ShapeInferenceInterface.td: the dialect that includes it generates it.

#ifndef SHAPE_INFERENCE_TD
#define SHAPE_INFERENCE_TD

include "OpBase.td"

def ShapeInferenceOpInterface : OpInterface<"ShapeInference"> {
  let description = [{
    Interface to access a registered method to infer the return types for an
    operation that can be used during type inference.
  }];
  let cppNamespace = "::shapes";
  let methods = [
    InterfaceMethod<"Infer and set the output shape for the current operation.",
                    "void", "inferShapes">
  ];
}

#endif // SHAPE_INFERENCE_TD
