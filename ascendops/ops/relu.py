"""aclnnRelu, aclnnAddRelu, aclnnSquaredRelu: the ReLU family.

  Relu(self, out):                 out = max(self, 0)
  AddRelu(self, other, alpha, out): out = relu(self + alpha * other)
  SquaredRelu(input, out):         out = relu(input)^2

CANN (hicann/ops-nn e5c3fa93, activation/relu/op_api/aclnn_relu.cpp,
activation/relu/op_api/aclnn_add_relu.cpp, activation/squared_relu/docs/aclnnSquaredRelu.md):
- Relu: FLOAT, FLOAT16, INT8, UINT8, INT32, INT64, BF16 on Ascend910B/910_93/950
  (CheckSocVersionIsSupportBf16: ASCEND910B..ASCEND910E); out has self's dtype, then self
  and out rank <= 8 and one shape; empty -> success after the checks (RELU_CHECKS). Integers are computed in their
  dtype, exactly (src/ops/relu.h's integer body: CANN's INT32/INT64 kernels run in the
  dtype, INT8 through half, UINT8 not at all: max(x, 0) is x).
- AddRelu: self and other each FLOAT, FLOAT16, INT8, UINT8, INT16, INT32, INT64 (and BF16
  on DAV_2201/DAV_3510: Ascend910B/910_93/950), broadcast (rank <= 8 each), promote
  (PromoteType), alpha must cast to the promoted dtype (a float alpha with an integer
  one: 161002), the promoted dtype must cast to out (CanCast); out has the broadcast
  shape; an empty self or other returns success after all of them (ADD_RELU_CHECKS).
  aclnnInplaceAddRelu checks selfRef and other for null and the broadcast shape being
  selfRef's first (CheckInplace). An integer input of a FLOAT promotion is cast to it first (DoAdd). Computed in float32 (Axpy other * alpha + self; Add when alpha == 1),
  then Relu, then cast to out. An integer promoted dtype is computed in it (Mul by alpha,
  Add, Relu in the dtype, wrapping on overflow: add_relu.h's integer body; CANN's INT32
  Axpy is not modelled apart).
- SquaredRelu (generated from op_host/squared_relu_def.cpp; no op_api source): FLOAT,
  FLOAT16, BFLOAT16, not on Ascend910/Ascend310P (none there); out of input's dtype; rank
  1 to 8 (the doc); out of input's shape; empty -> success after the checks.
NaN propagates through relu (a select, as torch.relu). Math: src/ops/relu.h,
add_relu.h, squared_relu.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import (BaseChecks, Broadcast, CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull,
                           Promote, Rank, SameDtype, SameShape)
from ascendops.ops._activation import tiling, tiling2

DTYPES = ("float32", "float16", "bfloat16")


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x < 0, 0.0, x)


def reference_add_relu(x, other, alpha=1.0):
    t = np.asarray(x, dtype=np.float64) + alpha * np.asarray(other, dtype=np.float64)
    return np.where(t < 0, 0.0, t)


def reference_squared_relu(x):
    return reference(x) ** 2


INTS = ("int8", "uint8", "int16", "int32", "int64")


def reference_add_relu_int(x, other, alpha=1):
    # exact, wrapping in the promoted integer dtype (numpy's integer arithmetic wraps)
    dt = np.result_type(np.asarray(x).dtype, np.asarray(other).dtype)
    with np.errstate(over="ignore"):
        t = np.asarray(x).astype(dt) + np.asarray(other).astype(dt) * np.array(int(alpha)).astype(dt)
    return np.where(t < 0, 0, t).astype(np.float64)


COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
# CheckSocVersionIsSupportBf16: SocVersion in [ASCEND910B, ASCEND910E] (opbase's enum:
# ASCEND910B, ASCEND910_93, ASCEND910_95 = Ascend950, ASCEND910E)
RELU_DTYPES = {"Ascend910B": DTYPES + ("int8", "uint8", "int32", "int64"),
               "Ascend910_93": DTYPES + ("int8", "uint8", "int32", "int64"),
               "Ascend950": DTYPES + ("int8", "uint8", "int32", "int64"),
               "default": ("float32", "float16", "int8", "uint8", "int32", "int64")}
# aclnnInplaceReluGetWorkspaceSize is ExecReluGetWorkspaceSize(selfRef, selfRef): the
# same sequence with self and out both selfRef
RELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/relu/op_api/aclnn_relu.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    # DTYPE_SUPPORT_LIST, BF16 only where CheckSocVersionIsSupportBf16; then
    # OP_CHECK_DTYPE_NOT_MATCH(self, out's dtype)
    ("CheckDtypeValid", DtypeIn("self", dtypes=RELU_DTYPES), SameDtype("out", "self")),
    ("CheckShape", Rank("self", "out", max=8), SameShape("self", "out")),
    # self->IsEmpty() (or an in-place UINT8 self: nothing to compute) returns success
    ("ExecReluGetWorkspaceSize", EmptyReturn("self")),
)

RELU = register(ElementwiseOp(
    name="Relu", snake="relu", params=(Input("self"), Output("out", const=True)),
    dtypes=DTYPES + ("int8", "uint8", "int32", "int64"), kernel="relu", tiling=tiling, broadcast="never", mixed="never", inplace=True,
    checks=RELU_CHECKS,
    info={"reference": reference, "torch": lambda t, x: t.relu(x)},
    doc="aclnnRelu: out = max(self, 0).\n\n" + __doc__,
))

def add_relu_kernel_for(attrs):
    """AddRelu's kernel: add_relu_alpha1 where alpha as the kernel's float32 is 1 (one
    float add, the same bits as add_relu's fused Axpy: src/ops/add_relu_alpha1.h),
    else add_relu. alpha is passed on unconverted, as without kernel_for: the integer
    compute dtypes read it exactly (an int64 alpha beyond 2^53)."""
    alpha = attrs[0]
    kernel = "add_relu"
    if not isinstance(alpha, (complex, np.complexfloating)) and np.float32(float(alpha)) == 1.0:
        kernel = "add_relu_alpha1"
    return kernel, (alpha,)


ADD_RELU_SOURCE = CannSource("hicann/ops-nn", COMMIT, "activation/relu/op_api/aclnn_add_relu.cpp")
# GetDtypeSupportListBySocVersion: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201 and DAV_3510
ADD_RELU_DTYPES = {"DAV_2201": DTYPES + INTS, "DAV_3510": DTYPES + INTS,
                   "default": ("float32", "float16") + INTS}
ADD_RELU_CHECKS = Checks(
    ADD_RELU_SOURCE,
    ("CheckNotNull", NotNull("self", "other", "alpha", "out")),
    ("CheckParams", DtypeIn("self", dtypes=ADD_RELU_DTYPES), DtypeIn("other", dtypes=ADD_RELU_DTYPES),
     Promote("self", "other")),
    ("CheckPromoteType", CanCast("alpha", "promoted", bool_needs_integral=True), CanCast("promoted", "out")),
    ("CheckShape", Rank("self", "other", max=8), Broadcast("self", "other", out="out")),
    ("aclnnAddReluGetWorkspaceSize", EmptyReturn("self", "other")),
)
# aclnnInplaceAddReluGetWorkspaceSize: CheckInplace, then the out-of-place call with
# out = selfRef (its CheckNotNull of alpha comes after the in-place shape check)
INPLACE_ADD_RELU_CHECKS = Checks(
    ADD_RELU_SOURCE,
    ("CheckInplace", NotNull("selfRef", "other"), Broadcast("selfRef", "other", out="selfRef")),
    ("aclnnAddReluGetWorkspaceSize", BaseChecks()),
)

ADD_RELU = register(ElementwiseOp(
    name="AddRelu", snake="add_relu",
    # alpha's dtype rule is the sequence's CanCast(alpha, promoted) (a complex alpha: 161002
    # there, after the null checks), not a Param check (which runs before them)
    params=(Input("self"), Input("other"), Scalar("alpha", 1.0, cast_to_compute=True), Output("out")),
    dtypes=DTYPES + INTS, kernel="add_relu", kernel_for=add_relu_kernel_for, tiling=tiling2,
    broadcast="always", mixed="always", out_dtype="castable", inplace=True,
    input_dtypes=DTYPES + INTS, out_dtypes="writable", checks=ADD_RELU_CHECKS, inplace_checks=INPLACE_ADD_RELU_CHECKS,
    info={"reference": reference_add_relu, "attrs": [(1.0,), (2.5,), (-0.5,)],
          "int_attrs": [(1,), (3,), (-2,)], "int_reference": reference_add_relu_int,
          "bad_attrs": [((None,), 161001), (("two",), 161002)],
          "torch": lambda t, x, o, a: t.relu(t.add(x, o, alpha=a)),
          "attr_docs": {"alpha": "the factor of other (a number, default 1)"}},
    doc="aclnnAddRelu: out = relu(self + alpha * other).\n\n" + __doc__,
))

# docs/aclnnSquaredRelu.md: not supported on Atlas training (Ascend910) and inference
# (Ascend310P) products (op_host/squared_relu_def.cpp has no AI Core config for them)
SQUARED_RELU_DTYPES = {"default": DTYPES, "Ascend910": (), "Ascend310P": ()}
# CANN generates aclnnSquaredRelu from the op definition (no op_api source): its null
# checks, the definition's dtype pairs (input and output of one dtype), the doc's ranks
# 1-8 and "shape ... 与输入保持一致", an empty input supported ("支持空Tensor")
SQUARED_RELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/squared_relu/op_host/squared_relu_def.cpp"),
    ("aclnnSquaredReluGetWorkspaceSize", NotNull("input", "out")),
    ("SquaredRelu op definition", DtypeIn("input", "out", dtypes=SQUARED_RELU_DTYPES), SameDtype("input", "out")),
    ("docs/aclnnSquaredRelu.md", Rank("input", "out", min=1, max=8), SameShape("input", "out"),
     EmptyReturn("input")),
)

SQUARED_RELU = register(ElementwiseOp(
    name="SquaredRelu", snake="squared_relu", params=(Input("input"), Output("out", const=True)),
    dtypes=SQUARED_RELU_DTYPES, kernel="squared_relu", tiling=tiling, broadcast="never", mixed="never", min_rank=1,
    checks=SQUARED_RELU_CHECKS,
    info={"reference": reference_squared_relu, "torch": lambda t, x: t.square(t.relu(x))},
    doc="aclnnSquaredRelu: out = relu(input)^2.\n\n" + __doc__,
))
