"""aclnnHeaviside(input, values, out): out = 0 where input < 0, values where input == 0,
1 where input > 0.

CANN (hicann/ops-nn e5c3fa93, activation/heaviside/op_host/op_api/aclnn_heaviside.cpp,
HEAVISIDE_CHECKS): input, values and out each FLOAT, FLOAT16 or BF16 (on every SoC: no
SoC condition in CheckDtypeValid), with no rule between their dtypes; input and values
rank <= 8 each and broadcast; out's element count is the broadcast shape's (out's shape
and rank are not checked); an empty input, values or out returns success after the
checks.
Not as CANN: the engine's kernel writes out with the broadcast shape, so out must have
it (another shape of the same element count: 161002 here), and the inputs and out must
have one dtype, BF16 only where the SoC has it (161002 here; CANN's CheckParams passes
them, and its l0 kernel, which takes one dtype and has no Ascend910 / Ascend310P
config, is launched with them). A NaN input gives 0 (torch's rule). Math:
src/ops/heaviside.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, broadcast_shapes, register
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


HEAVISIDE_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/heaviside/op_host/op_api/aclnn_heaviside.cpp"),
    ("CheckNotNull", NotNull("input", "values", "out")),
    ("CheckDtypeValid", DtypeIn("input", "values", "out", dtypes=DTYPES)),
    ("CheckShape", Rank("input", "values", max=8), Broadcast("input", "values"),
     Require(out_size_is_broadcast_size, "out has the broadcast shape's element count",
             names=("input", "values", "out"))),
    ("aclnnHeavisideGetWorkspaceSize", EmptyReturn("input", "values", "out")),
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
