// The legalization of tf ops to tfl ops (pattern set `legalize-tf`): patterns
// between two dialects, in a file of their own that includes both, as the ODS
// design keeps matchers between dialects.

include "OpBase.td"
include "tf.td"
include "tfl.td"


def IsDataFormatNHWC : ConstantAttr<StrAttr, "NHWC">;

let patternSet = "legalize-tf" in {
def LegalizeAdd : Pat<(TF_AddOp $l, $r), (TFL_AddOp $l, $r, TFL_AF_None)>;
def LegalizeAddV2 : Pat<(TF_AddV2Op $l, $r), (TFL_AddOp $l, $r, TFL_AF_None)>;
def LegalizeSub : Pat<(TF_SubOp $l, $r), (TFL_SubOp $l, $r, TFL_AF_None)>;
def LegalizeMul : Pat<(TF_MulOp $l, $r), (TFL_MulOp $l, $r, TFL_AF_None)>;
def LegalizeRelu : Pat<(TF_ReluOp $arg), (TFL_ReluOp $arg)>;
def LegalizeRelu6 : Pat<(TF_Relu6Op $arg), (TFL_Relu6Op $arg)>;
def LegalizeLeakyRelu : Pat<(TF_LeakyReluOp $arg, F32Attr:$a), (TFL_LeakyReluOp $arg, $a)>;
def LegalizeReluOfAdd : Pat<(TF_ReluOp (TF_AddOp $lhs, $rhs)), (TFL_AddOp $lhs, $rhs, TFL_AF_Relu)>;
def LegalizeBiasAdd : Pat<(TF_BiasAddOp F32Tensor:$l, F32Tensor:$r, IsDataFormatNHWC),
                          (TFL_AddOp $l, $r, TFL_AF_None)>;
def LegalizeRelu6OfBiasAdd : Pat<
  (TF_Relu6Op (TF_BiasAddOp F32Tensor:$l, F32Tensor:$r, IsDataFormatNHWC)),
  (TFL_AddOp $l, $r, TFL_AF_Relu6)>;
def LegalizeNotEqual : Pat<(TF_NotEqualOp $l, $r, ConstBoolAttrTrue), (TFL_NotEqualOp $l, $r)>;
def LegalizeConst : Pat<(TF_ConstOp $value), (TFL_ConstOp $value)>;
}
