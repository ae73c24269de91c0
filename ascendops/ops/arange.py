"""aclnnArange: out[i] = start + i * step for every element of out (in C order).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
math/range/op_api/aclnn_arange.cpp, CheckParams), in order: start, end, step and out not null
(161001); start's, end's and step's aclScalar dtypes in the input list, out's in the output
list (SocVersion ASCEND910B, ASCEND910_93 or IsRegBase(): input FLOAT, INT32, INT64, FLOAT16,
INT16, INT8, UINT8, DOUBLE, BOOL, BF16 and output FLOAT16, FLOAT, DOUBLE, INT64, INT32, BF16;
else without BF16); CheckStepCorrect in out's dtype's reading of the scalars (FLOAT16, BF16,
FLOAT: ToFloat; DOUBLE: ToDouble; INT32, INT64: ToInt64): step nonzero, and end >= start for a
positive step, end <= start for a negative one (161002). No shape check: out's shape is the
caller's, and l0op::Arange (arange.cpp) runs Range into a tensor of out's shape from start,
end and step converted to INT64 where out is INT64, else to DOUBLE; then Cast to out's dtype
and ViewCopy.

Here (ArangeOp, ascendops/_cast.pxi; src/cast.c ao_arange_run): element i of out in C order
is start + i * step, in int64 where out is INT64 (the scalars truncated), else in double, then
stored into out's dtype with the Cast kernel's rounding (one rounding from double: CANN's AI
Core Range kernel may compute FLOAT16/FLOAT outputs in its own precision). The numpy-like call
without out= allocates torch.arange's output (ceil((end - start) / step) elements; INT64 for
integer scalars, else FLOAT)."""
import math

import numpy as np

from ascendops.ops import ArangeOp, CannSource, Checks, DtypeIn, NotNull, Output, Require, Scalar, register

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
DTYPES = ("float32", "float16", "bfloat16", "float64", "int32", "int64")
INPUT_910 = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64", "bool")
OUTPUT_910 = ("float16", "float32", "float64", "int64", "int32")
# isAscend910BSocVersion: ASCEND910B, ASCEND910_93 or IsRegBase()
INPUT_DTYPES = {"Ascend910B": INPUT_910 + ("bfloat16",), "Ascend910_93": INPUT_910 + ("bfloat16",),
                "regbase": INPUT_910 + ("bfloat16",), "default": INPUT_910}
OUTPUT_DTYPES = {"Ascend910B": OUTPUT_910 + ("bfloat16",), "Ascend910_93": OUTPUT_910 + ("bfloat16",),
                 "regbase": OUTPUT_910 + ("bfloat16",), "default": OUTPUT_910}


def _real(v):
    return v.real if isinstance(v, (complex, np.complexfloating)) else v


def _to_int64(v):
    try:
        return int(_real(v))
    except (OverflowError, ValueError):
        return -(1 << 63)


def _check_step(ctx):
    """CheckStepCorrect: the scalars read in out's dtype's way, then CheckStep."""
    out = ctx.dtype("out")
    vals = [_real(ctx.values[n]) for n in ("start", "end", "step")]
    if out.name in ("float16", "bfloat16", "float32"):
        start, end, step = (float(np.float32(v)) for v in vals)
    elif out.name == "float64":
        start, end, step = (float(v) for v in vals)
    elif out.name in ("int32", "int64"):
        start, end, step = (_to_int64(v) for v in vals)
    else:
        return "outputdtype invalid."
    if not (step > 0 or step < 0):
        return "step must be nonzero."
    if (step > 0 and start > end) or (step < 0 and start < end):
        return "upper bound and lower bound inconsistent with step sign. start:%s, end:%s, step:%s." % (
            start, end, step)
    return None


def reference(start, end, step, out_dtype=None):
    """start + i * step in float64 (integers: exact), torch.arange's length."""
    n = max(0, math.ceil((float(end) - float(start)) / float(step)))
    return float(start) + np.arange(n, dtype=np.float64) * float(step)


ARANGE_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "math/range/op_api/aclnn_arange.cpp"),
    ("CheckNotNull", NotNull("start", "end", "step", "out")),
    ("CheckDtypeValid", DtypeIn("start", "end", "step", dtypes=INPUT_DTYPES), DtypeIn("out", dtypes=OUTPUT_DTYPES)),
    ("CheckStepCorrect", Require(_check_step, "step nonzero, its sign that of end - start",
                                 names=("start", "end", "step", "out"))),
)

ARANGE = register(ArangeOp(
    name="Arange",
    snake="arange",
    # CANN's header: aclnnArangeGetWorkspaceSize(const aclScalar *start, const aclScalar *end,
    #                                            const aclScalar *step, aclTensor *out)
    params=(Scalar("start"), Scalar("end"), Scalar("step"), Output("out")),
    dtypes=DTYPES,
    checks=ARANGE_CHECKS,
    info={"reference": reference, "attrs": [(0, 10, 1), (1.5, -2.0, -0.25)], "example_attrs": (0, 10, 1),
          # the bench's rows (ascendops/bench_ops.py): the end for n elements
          "sized_attrs": lambda a, n: (a[0], a[0] + n * a[2], a[2])},
    doc=__doc__,
))
