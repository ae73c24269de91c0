"""aclnnHeaviside(input, values, out): out = 0 where input < 0, values where input == 0,
1 where input > 0.

CANN (hicann/ops-nn e5c3fa93, activation/heaviside/op_host/op_api/aclnn_heaviside.cpp,
HEAVISIDE_CHECKS): input, values and out each FLOAT, FLOAT16 or BF16 (on every SoC: no
SoC condition in CheckDtypeValid), with no rule between their dtypes; input and values
rank <= 8 each and broadcast; out's element count is the broadcast shape's (out's shape
and rank are not checked); an empty input, values or out returns success after the
checks.
Then l0op::ViewCopy takes the result (input's dtype, the broadcast shape) into out: an
out of another dtype or shape is ACLNN_ERR_INNER_NULLPTR (561103), after the empty
return. Not as CANN: input and values must have one dtype here (161002; CANN's
CheckParams passes them, and its l0 kernel, which takes one dtype, is launched with
them). A NaN input gives 0 (torch's rule). Math:
src/ops/heaviside.h."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR, ElementwiseOp, Input, Output, broadcast_shapes, register
from ascendops.ops import Broadcast, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require
from ascendops.ops._activation import tiling2
from ascendops.ops.sigmoid import COMMIT, DTYPES


def _numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def out_size_is_broadcast_size(ctx):
    """CheckShape: out->GetViewShape().GetShapeSize() != broadcastShape.GetShapeSize()
    refuses (the element counts only: out's shape and rank are not compared)."""
    bshape = broadcast_shapes(ctx.tensor("input").shape, ctx.tensor("values").shape)
    out = ctx.tensor("out").shape
    if _numel(out) != _numel(bshape):
        return "The out shape size %d is not same with broadcastShapeSize %d." % (_numel(out), _numel(bshape))
    return None


def view_copy_takes_the_result(ctx):
    """l0op::Heaviside's result has input's dtype and the broadcast shape; l0op::ViewCopy
    into an out of another dtype or view shape returns nullptr, which the op_api returns
    as ACLNN_ERR_INNER_NULLPTR (opbase's ViewCopy: the output has the source's dtype and
    view shape)."""
    x, out = ctx.tensor("input"), ctx.tensor("out")
    bshape = broadcast_shapes(x.shape, ctx.tensor("values").shape)
    if out.dtype is not x.dtype or out.shape != bshape:
        return ("ViewCopy: the result (%s, %r) does not fit out (%s, %r)."
                % (x.dtype.log_name, bshape, out.dtype.log_name, out.shape))
    return None


HEAVISIDE_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/heaviside/op_host/op_api/aclnn_heaviside.cpp"),
    ("CheckNotNull", NotNull("input", "values", "out")),
    ("CheckDtypeValid", DtypeIn("input", "values", "out", dtypes=DTYPES)),
    ("CheckShape", Rank("input", "values", max=8), Broadcast("input", "values"),
     Require(out_size_is_broadcast_size, "out has the broadcast shape's element count",
             names=("input", "values", "out"))),
    ("aclnnHeavisideGetWorkspaceSize", EmptyReturn("input", "values", "out")),
    ("l0op::ViewCopy", Require(view_copy_takes_the_result, "out has the result's dtype and shape",
                               status=ACLNN_ERR_INNER_NULLPTR, names=("input", "values", "out"))),
)


def reference(x, values):
    x = np.asarray(x, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64)
    return np.where(x == 0, v, np.where(x > 0, 1.0, 0.0))


HEAVISIDE = register(ElementwiseOp(
    name="Heaviside", snake="heaviside", params=(Input("input"), Input("values"), Output("out")),
    dtypes=("float32", "float16", "bfloat16"), kernel="heaviside", tiling=tiling2, broadcast="always",
    mixed="never", checks=HEAVISIDE_CHECKS,
    info={"reference": reference, "specials": [(0.0, -0.0, 1.0, -1.0), None],
          "torch": lambda t, x, v: t.heaviside(x, v)},
    doc=__doc__,
))
