"""Probes of aclnnRReluWithNoise and aclnnInplaceRReluWithNoise
(ascendops/ops/rrelu_with_noise.py). Attributes: lower, upper, training, seed, offset."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/leaky_relu/op_api/aclnn_rrelu_with_noise.cpp")
OP = "RReluWithNoise"
S = (2, 3)
E = (0, 3)
NCHW = "ACL_FORMAT_NCHW"
TRAIN = [0.1, 0.3, True, 1, 2]
INFER = [0.1, 0.3, False, 1, 2]
R32 = (1,) * 30 + S
R33 = (1,) * 31 + S
IP = "InplaceRReluWithNoise"

PROBES = [
    Probe("null self", [None, f(S)], TRAIN, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null noise", [f(S), None], TRAIN, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(noise)"),
    Probe("null lower", [f(S), f(S)], [None] + TRAIN[1:], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(lower)"),
    Probe("null upper", [f(S), f(S)], [0.1, None] + TRAIN[2:], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(upper)"),
    Probe("null out", [f(S), f(S)], TRAIN, [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null upper before bad self dtype", [f(S, "DOUBLE"), f(S)], [0.1, None] + TRAIN[2:], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float", [f(S), f(S)], TRAIN, [f(S)], 0, "CheckParams: every check passes"),
    Probe("double self", [f(S, "DOUBLE"), f(S)], TRAIN, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 noise", [f(S), f(S, "INT32")], TRAIN, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(noise)"),
    Probe("double out", [f(S), f(S)], TRAIN, [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], TRAIN, [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list on DAV_2201"),
    Probe("bf16 on regbase", [f(S, "BF16"), f(S, "BF16")], TRAIN, [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], TRAIN, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910 list", soc="Ascend910"),
    Probe("bf16 out on DAV_2002", [f(S), f(S)], INFER, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910 list (out)", soc="Ascend310P"),
    Probe("int lower", [f(S), f(S)], [1, 0.3, True, 1, 2], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(lower, SCALAR_DTYPE_SUPPORT_LIST): INT64"),
    Probe("bool upper", [f(S), f(S)], [0.1, True, True, 1, 2], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(upper): BOOL"),
    Probe("complex upper", [f(S), f(S)], [0.1, 0.3j, False, 1, 2], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(upper): COMPLEX64"),
    Probe("double lower", [f(S), f(S)], [np.float64(0.1), 0.3, True, 1, 2], [f(S)], 0,
          "CheckDtypeValid: DT_DOUBLE in SCALAR_DTYPE_SUPPORT_LIST"),
    Probe("float16 upper", [f(S), f(S)], [0.1, np.float16(0.3), True, 1, 2], [f(S)], 0,
          "CheckDtypeValid: DT_FLOAT16 in SCALAR_DTYPE_SUPPORT_LIST"),
    Probe("int32 lower", [f(S), f(S)], [np.int32(1), 0.3, True, 1, 2], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(lower): INT32"),
    Probe("self dtype not out's", [f(S, "FLOAT16"), f(S)], TRAIN, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out)"),
    Probe("noise dtype not out's", [f(S), f(S, "FLOAT16")], INFER, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(noise, out), in inference too"),
    Probe("out shape differs", [f(S), f(S)], TRAIN, [f((3, 2))], 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("training: noise smaller", [f(S), f((5,))], TRAIN, [f(S)], 161002,
          "CheckShapeValid: selfTensorSize > noiseTensorSize"),
    Probe("inference: noise smaller", [f(S), f((5,))], INFER, [f(S)], 0,
          "CheckShapeValid: training == false returns before the size check"),
    Probe("training: noise larger", [f(S), f((7,))], TRAIN, [f(S)], 0, "CheckShapeValid: 6 <= 7"),
    Probe("training: noise of another shape", [f(S), f((3, 2))], TRAIN, [f(S)], 0,
          "CheckShapeValid: only the element counts compare"),
    Probe("0-d", [f(()), f(())], TRAIN, [f(())], 0, "CheckFormatValid: no minimum rank"),
    Probe("rank 32", [f(R32), f(R32)], TRAIN, [f(R32)], 0, "CheckFormatValid: OP_CHECK_MAX_DIM(self, 32)"),
    Probe("rank 33", [f(R33), f(R33)], TRAIN, [f(R33)], 161002, "CheckFormatValid: OP_CHECK_MAX_DIM(self, 32)"),
    Probe("rank 33 noise", [f(S), f((1,) * 33)], INFER, [f(S)], 161002,
          "CheckFormatValid: OP_CHECK_MAX_DIM(noise, 32)"),
    Probe("self format not out's", [f(S, fmt=NCHW), f(S)], TRAIN, [f(S)], 161002,
          "CheckFormatValid: self->GetStorageFormat() != out->GetStorageFormat()"),
    Probe("noise format not out's", [f(S), f(S, fmt=NCHW)], INFER, [f(S)], 161002,
          "CheckFormatValid: noise->GetStorageFormat() != out->GetStorageFormat()"),
    Probe("one non-ND format", [f(S, fmt=NCHW), f(S, fmt=NCHW)], TRAIN, [f(S, fmt=NCHW)], 0,
          "CheckFormatValid: formats equal"),
    Probe("empty self", [f(E), f(E)], TRAIN, [f(E)], 0,
          "aclnnRReluWithNoiseGetWorkspaceSize: self->IsEmpty() returns success after CheckParams"),
    Probe("inference: empty noise", [f(S), f((0,))], INFER, [f(S)], 0,
          "CheckShapeValid skips the size check; noise->IsEmpty() returns success"),
    Probe("training: empty noise", [f(S), f((0,))], TRAIN, [f(S)], 161002,
          "CheckShapeValid: selfTensorSize > noiseTensorSize before the IsEmpty() return"),
    Probe("empty with int lower", [f(E), f(E)], [1, 0.3, True, 1, 2], [f(E)], 161002,
          "CheckParams (CheckDtypeValid) before the IsEmpty() return"),
    Probe("empty with format differing", [f(E), f(E, fmt=NCHW)], TRAIN, [f(E)], 161002,
          "CheckParams (CheckFormatValid) before the IsEmpty() return"),
    Probe("empty rank 33", [f((0,) + (1,) * 32), f(E)], INFER, [f((0,) + (1,) * 32)], 161002,
          "CheckParams (OP_CHECK_MAX_DIM) before the IsEmpty() return"),
    # -- aclnnInplaceRReluWithNoise: aclnnRReluWithNoiseGetWorkspaceSize(self, ..., out = self)
    Probe("inplace: null self", [None, f(S)], TRAIN, [], 161001, "CheckNotNull: OP_CHECK_NULL(self)", op=IP),
    Probe("inplace: null lower", [f(S), f(S)], [None] + TRAIN[1:], [], 161001, "CheckNotNull: OP_CHECK_NULL(lower)",
          op=IP),
    Probe("inplace: float", [f(S), f(S)], TRAIN, [], 0, "CheckParams: every check passes", op=IP),
    Probe("inplace: bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], TRAIN, [], 161002,
          "GetDtypeSupportList: ASCEND910 list", soc="Ascend910", op=IP),
    Probe("inplace: noise dtype differs", [f(S), f(S, "FLOAT16")], TRAIN, [], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(noise, out)", op=IP),
    Probe("inplace: training noise smaller", [f(S), f((5,))], TRAIN, [], 161002,
          "CheckShapeValid: selfTensorSize > noiseTensorSize", op=IP),
    Probe("inplace: noise format differs", [f(S), f(S, fmt=NCHW)], TRAIN, [], 161002,
          "CheckFormatValid: noise's format not out's (self's)", op=IP),
    Probe("inplace: empty", [f(E), f(E)], TRAIN, [], 0, "self->IsEmpty() returns success", op=IP),
]

DOC_SOURCE = [
    "RReluWithNoise: doc says noise's shape must be self's; source compares only the element counts, and only "
    "in training (aclnn_rrelu_with_noise.cpp:CheckShapeValid)",
    "RReluWithNoise: doc lists lower and upper as BFLOAT16, FLOAT16, FLOAT and 161001 for null self, noise or out; "
    "source's SCALAR_DTYPE_SUPPORT_LIST adds DOUBLE and CheckNotNull checks lower and upper too "
    "(aclnn_rrelu_with_noise.cpp:CheckDtypeValid, CheckNotNull)",
]
