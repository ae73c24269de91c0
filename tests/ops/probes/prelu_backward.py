"""Probes of aclnnPreluBackward (ascendops/ops/prelu_backward.py). Inputs gradOutput, self,
weight; outputs gradInput, gradWeight."""
from probes import Probe, T, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/p_relu_grad_update/op_api/aclnn_prelu_backward.cpp")
OP = "PreluBackward"
X = (2, 3, 4)
W = (3,)
R8 = (1, 3) + (1,) * 6
# a (2, 3) weight stored transposed: its 6 elements are not one stride apart in C order
W_T = T((2, 3), "ACL_FLOAT", "ACL_FORMAT_ND", (1, 2), 0, (6,))


def call(x=X, w=W, gw=None, g=None, gi=None, dtype="FLOAT", **dtypes):
    """(inputs, outputs) of one call: each tensor self's shape and `dtype` unless given."""
    shapes = {"gradOutput": g or x, "self": x, "weight": w, "gradInput": gi or x, "gradWeight": gw or w}
    t = {n: s if isinstance(s, T) else f(s, dtypes.get(n, dtype)) for n, s in shapes.items()}
    return [t["gradOutput"], t["self"], t["weight"]], [t["gradInput"], t["gradWeight"]]


def probe(name, status, cite, soc="Ascend910B", **kw):
    ins, outs = call(**kw)
    return Probe(name, ins, [], outs, status, cite, soc)


def null(k, name, bad_self=False):
    ins, outs = call(self="DOUBLE") if bad_self else call()
    tensors = ins + outs
    tensors[k] = None
    return Probe(name, tensors[:3], [], tensors[3:], 161001,
                 "CheckNotNull: OP_CHECK_NULL" + (" before CheckDtypeValid" if bad_self else ""))


PROBES = [
    null(0, "null gradOutput"), null(1, "null self"), null(2, "null weight"), null(3, "null gradInput"),
    null(4, "null gradWeight"), null(4, "null gradWeight before bad self dtype", bad_self=True),
    probe("float", 0, "CheckParams: every check passes"),
    probe("double self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)", dtype="DOUBLE"),
    probe("int32 self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)", dtype="INT32"),
    probe("bf16 on Ascend910B", 0, "GetDtypeSupportList: ASCEND910B list in [ASCEND910B, ASCEND910E]", dtype="BF16"),
    probe("bf16 on Ascend910_93", 0, "GetDtypeSupportList: ASCEND910_93 in [ASCEND910B, ASCEND910E]",
          soc="Ascend910_93", dtype="BF16"),
    probe("bf16 on Ascend950", 0, "GetDtypeSupportList: ASCEND910_95 in [ASCEND910B, ASCEND910E]",
          soc="Ascend950", dtype="BF16"),
    probe("bf16 on Ascend910", 161002, "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910",
          dtype="BF16"),
    probe("bf16 on Ascend310P", 161002, "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend310P",
          dtype="BF16"),
    probe("float16 gradOutput", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, self)",
          gradOutput="FLOAT16"),
    probe("float16 weight", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(weight, self)", weight="FLOAT16"),
    probe("float16 gradInput", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradInput, self)",
          gradInput="FLOAT16"),
    probe("double gradWeight", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradWeight, self)",
          gradWeight="DOUBLE"),
    probe("rank 8", 0, "CheckShape: OP_CHECK_MAX_DIM(8)", x=R8),
    probe("rank 9 gradOutput", 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)", g=(1,) * 9),
    probe("rank 9 weight", 161002, "CheckShape: OP_CHECK_MAX_DIM(weight, 8)", w=(1,) * 8 + (3,), gw=(3,)),
    probe("gradInput shape differs", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradInput, self)", gi=(2, 3, 5)),
    probe("one weight", 0, "CheckShape: weightNum == 1, gradWeight of weight's shape", w=(1, 1)),
    probe("one weight, gradWeight of another shape", 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(weight, gradWeight)", w=(1, 1), gw=(1,)),
    probe("channel weight of another shape", 0, "CheckShape: weight->Numel() == channelSize", w=(1, 3, 1), gw=(3,)),
    probe("channel weight, gradWeight not (C,)", 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradWeight, {channelSize})", gw=(3, 1)),
    probe("weight size not the channels", 161002, "CheckShape: weightNum != channelSize", w=(2,)),
    probe("0-d self, two weights", 161002, "CheckShape: OP_CHECK_MIN_DIM(self, 1) where weightNum != 1",
          x=(), w=(2,)),
    probe("0-d self, one weight", 0, "CheckShape: weightNum == 1", x=(), w=(1,)),
    probe("1-d self has one channel", 161002, "CheckShape: a 1-D self has channelSize 1", x=(5,), w=(5,)),
    probe("1-d self, one weight", 0, "CheckShape: weightNum == 1", x=(5,), w=(1,)),
    probe("gradOutput broadcasts to self", 0, "CheckShape: broadcastShape == selfShape", g=(1, 3, 1)),
    probe("gradOutput does not broadcast", 161002, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, gradOutput)",
          g=(2, 3, 5)),
    probe("broadcast shape not self's", 161002, "CheckShape: self->GetViewShape() != broadcastShape",
          g=(2, 2, 3, 4)),
    probe("transposed weight", 0, "CheckShape: 6 elements == channelSize; weight is made Contiguous",
          x=(1, 6, 2), w=W_T, gw=(6,)),
    probe("empty self", 0, "aclnnPreluBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams",
          x=(0, 3)),
    probe("empty weight of no channel", 0, "CheckShape: 0 elements == channelSize 0; weight->IsEmpty() returns",
          x=(2, 0, 4), w=(0,)),
    probe("empty with gradWeight not (C,)", 161002, "CheckParams (CheckShape) before the IsEmpty() return",
          x=(0, 3), gw=(3, 1)),
    probe("empty with gradOutput not broadcasting", 161002, "CheckParams (CheckShape) before the IsEmpty() return",
          x=(0, 3), g=(2, 3)),
    probe("empty with bf16 on Ascend910", 161002, "CheckParams (CheckDtypeValid) before the IsEmpty() return",
          soc="Ascend910", x=(0, 3), dtype="BF16"),
]

DEVIATIONS = {
    "transposed weight": (161002, "the channel kernel reads the weight with one stride (ChannelReduceOp's "
                                  "_flat_stride): a weight whose elements are not one stride apart in C order is "
                                  "refused where CANN's l0op::Contiguous copies it"),
}

DOC_SOURCE = [
    "PreluBackward: doc says gradWeight's shape is weight's; source wants (channels,) where weight has other "
    "than 1 element (a (1, C, 1) weight gets a (C,) gradWeight) (aclnn_prelu_backward.cpp:CheckShape)",
]
