"""Probes of aclnnArange (ascendops/ops/arange.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/range/op_api/aclnn_arange.cpp")
OP = "Arange"
A = [0, 10, 1]

PROBES = [
    # CheckNotNull
    Probe("null start", [], [None, 10, 1], [f((10,))], 161001, "CheckNotNull: OP_CHECK_NULL(start)"),
    Probe("null end", [], [0, None, 1], [f((10,))], 161001, "CheckNotNull: OP_CHECK_NULL(end)"),
    Probe("null step", [], [0, 10, None], [f((10,))], 161001, "CheckNotNull: OP_CHECK_NULL(step)"),
    Probe("null out", [], A, [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, complex start", [], [1j, 10, 1], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid
    Probe("int64 scalars, float out", [], A, [f((10,))], 0, "CheckParams passes"),
    Probe("float scalars, int32 out", [], [0.0, 10.0, 2.0], [f((5,), "INT32")], 0,
          "ASCEND910B_OUTPUT_DTYPE_SUPPORT_LIST: DT_INT32"),
    Probe("bool step", [], [0, 10, True], [f((10,), "INT64")], 0, "ASCEND910B_INPUT_DTYPE_SUPPORT_LIST: DT_BOOL"),
    Probe("double scalars, double out", [], [np.float64(0), np.float64(1), np.float64(0.125)], [f((8,), "DOUBLE")], 0,
          "DT_DOUBLE in both lists"),
    Probe("uint16 start", [], [np.uint16(0), 10, 1], [f((10,))], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(start): no DT_UINT16"),
    Probe("complex end", [], [0, 10 + 0j, 1], [f((10,))], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(end): no DT_COMPLEX64"),
    Probe("int16 out", [], A, [f((10,), "INT16")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("uint8 out", [], A, [f((10,), "UINT8")], 161002, "CheckDtypeValid: no DT_UINT8 in the output list"),
    Probe("bf16 out on Ascend910B", [], A, [f((10,), "BF16")], 0, "ASCEND910B_OUTPUT_DTYPE_SUPPORT_LIST: DT_BF16"),
    Probe("bf16 out on Ascend910", [], A, [f((10,), "BF16")], 161002,
          "CheckDtypeValid: ASCEND910_OUTPUT_DTYPE_SUPPORT_LIST has no DT_BF16", soc="Ascend910"),
    Probe("float start on Ascend310P", [], [np.float32(0), 10, 1], [f((10,))], 0,
          "ASCEND910_INPUT_DTYPE_SUPPORT_LIST: DT_FLOAT", soc="Ascend310P"),
    Probe("bf16 out on Ascend950", [], A, [f((10,), "BF16")], 0, "IsRegBase(): the 910B lists", soc="Ascend950"),
    Probe("bad out dtype and zero step", [], [0, 10, 0], [f((10,), "INT16")], 161002,
          "CheckParams: CheckDtypeValid before CheckStepCorrect"),
    # CheckStepCorrect
    Probe("zero step", [], [0, 10, 0], [f((10,))], 161002, "CheckStep: step must be nonzero"),
    Probe("step 0.5, int64 out", [], [0, 10, 0.5], [f((20,), "INT64")], 161002,
          "CheckStepCorrect: ToInt64(0.5) is 0: step must be nonzero"),
    Probe("step 0.5, float out", [], [0, 10, 0.5], [f((20,))], 0, "CheckStepCorrect: ToFloat(0.5)"),
    Probe("step 1e-50, float out", [], [0, 1, np.float64(1e-50)], [f((1,))], 161002,
          "CheckStepCorrect: ToFloat(1e-50) is 0"),
    Probe("step 1e-50, double out", [], [0, 1, np.float64(1e-50)], [f((1,), "DOUBLE")], 0,
          "CheckStepCorrect: ToDouble(1e-50) is nonzero"),
    Probe("nan step", [], [0, 1, float("nan")], [f((1,))], 161002, "CheckStep: !(step > 0 || step < 0)"),
    Probe("positive step, end < start", [], [10, 0, 1], [f((10,))], 161002,
          "CheckStep: step > 0 && start > end"),
    Probe("negative step, end > start", [], [0, 10, -1], [f((10,))], 161002,
          "CheckStep: step < 0 && start < end"),
    Probe("negative step, end < start", [], [10, 0, -2], [f((5,), "INT32")], 0, "CheckStep passes"),
    Probe("end == start", [], [3, 3, 1], [f((0,))], 0, "CheckStep: start > end is false"),
    # no shape check
    Probe("out of another length", [], A, [f((4, 7))], 0, "CheckParams: out's shape is not checked"),
    Probe("empty out", [], A, [f((0,))], 0, "CheckParams: out's shape is not checked"),
    Probe("9-d out", [], A, [f((1, 1, 1, 1, 1, 1, 1, 2, 5))], 0, "CheckParams: no rank check"),
    Probe("0-d out", [], A, [f(())], 0, "CheckParams: no rank check"),
]
