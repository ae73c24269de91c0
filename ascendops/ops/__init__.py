"""The op registry: every module in this package declares one aclnn op and
registers it. Importing the package imports them all, so adding an op is adding a
file here (and its C math under src/ops/)."""
import importlib
import pkgutil

# The declaration vocabulary, for the op files: `from ascendops.ops import Input, ...`
# (CANN's aclnn<Op>GetWorkspaceSize parameters in C order: see docs/adding-an-op.md).
# Every op kind is here: docs/adding-an-op.md imports them from this module.
from ascendops._core import (  # noqa: F401
    REQUIRED, AxisReduceOp, Bool, BoolArray, CastOp, Dims, Groups, Trailing, ChannelReduceOp, Double, DTypeAttr, ElementwiseOp, Float, FloatArray,
    Input, InplaceOp, Int, Int8, Int32, IntArray, OpDef, Output, Param, RowReduceOp, RReluWithNoiseOp, Scalar, CopyOp, ArangeOp,
    Input, InplaceOp, Int, IntArray, OpDef, Output, Param, RowReduceOp, RReluWithNoiseOp, Scalar, CopyOp, ArangeOp, IndexOp,
    SoftmaxBackwardOp, Str, register, registered_ops)
from ascendops._core import MatrixOp  # noqa: F401
# The layout kind (ascendops/_layout.pxi): a mapping of shapes and attributes to pieces.
from ascendops._core import Copy, Fill, Layout, LayoutOp, box, dim_step  # noqa: F401
# Windowed ops (ascendops/_window.pxi): a mode and a geometry rule.
from ascendops._core import Window, WindowOp  # noqa: F401
# Convolutions (ascendops/_conv.pxi)
from ascendops._core import ConvolutionOp  # noqa: F401
# Matrix products (ascendops/_matmul.pxi): Mm, BatchMatMul, Matmul, Mv and CANN's cube dtype rules
from ascendops._core import MatmulOp, matmul_arch, matmul_check_input, matmul_compute_dtypes, matmul_shape  # noqa: F401
# FRACTAL_NZ weights and the single-call APIs (ascendops/_nz.pxi)
from ascendops._core import (NzWeightOp, Result, SingleCallApi, nz_block_columns, nz_storage_shape,  # noqa: F401
                             nz_weight_elements, register_single_call)
# Weight-quantised matrix products (ascendops/_quant_matmul.pxi): WeightQuantBatchMatmulV2
from ascendops._core import QuantMatmulOp, packed_int4_view  # noqa: F401
# Fused attention (ascendops/_attention.pxi)
from ascendops._core import ATTENTION_LAYOUTS, AttentionOp, attention_dims, attention_shape  # noqa: F401
# Tensor lists (const aclTensorList *) and the ops that read them
from ascendops._core import ConcatOp, TensorList  # noqa: F401
# Ops whose value depends on the position over the last two dims (Tril, Triu)
from ascendops._core import MaskOp  # noqa: F401
# Rotary position embedding (ascendops/_rope.pxi)
from ascendops._core import RotaryOp  # noqa: F401
# The check-sequence vocabulary (docs/fidelity.md): CANN's checks in its order.
from ascendops._core import (  # noqa: F401
    BaseChecks, Broadcast, BroadcastTo, CannSource, CanCast, Check, Checks, DtypeIn, EmptyReturn, FormatIn,
    NotNull, Promote, Rank, Require, SameDtype, SameFormat, SameNumel, SameShape, When, run_checks)


def _load_all():
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module("%s.%s" % (__name__, info.name))


_load_all()
OPS = registered_ops()
