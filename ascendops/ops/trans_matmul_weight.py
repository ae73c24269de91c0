"""aclnnTransMatmulWeight: mmWeightRef laid out in place in FRACTAL_NZ, CANN's matrix
product weight layout, for the matrix products (Mm, BatchMatMul, Matmul) to read.

CANN (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp,
aclnnTransMatmulWeightGetWorkspaceSize), in order:
- CheckNotNull: mmWeightRef not null (161001).
- CheckDtypeValid: GetDtypeSupportList by SoC: Ascend910B and Ascend910_93 FLOAT16, BF16,
  INT8, FLOAT8_E4M3FN, HIFLOAT8, UINT8; Ascend310P FLOAT16, INT8; the other regbase SoCs
  the 910B list; any other FLOAT16 (161002). The doc (docs/aclnnTransMatmulWeight.md)
  lists FLOAT16, BFLOAT16, INT8: the source wins.
- CheckFormatValid: its storage format ND (161002; a weight laid out already is refused).
- CheckShape: at most 8 dims (161002).
- An empty mmWeightRef then returns success (nothing laid out, the format unchanged).
- CheckShapeDimV2 for INT8 (2 to 6 dims), CheckShapeDim else (2 to 6 dims on Ascend910B and
  Ascend910_93, exactly 2 on the others), 161002.
Then Contiguous, TransData to FRACTAL_NZ, SetStorageFormat(FRACTAL_NZ) and
SetStorageShape on mmWeightRef (in phase 1), and a TensorMove of the NZ result into its
memory (phase 2). The caller sizes that memory with aclnnCalculateMatmulWeightSizeV2 (the
layout pads the last two dims to whole blocks).

The layout (src/nz.c): per matrix (the last two dims, rows x cols, of the view read in C
order), ceil(cols / C0) column blocks of ceil(rows / 16) * 16 rows of C0 elements, C0 = 32
bytes (16 FLOAT16 / BF16, 32 of the 8-bit dtypes), zero padded; CANN's storage shape
(..., ceil(cols / C0), ceil(rows / 16), 16, C0) (nz_storage_shape). Here phase 1 records
FRACTAL_NZ as the tensor's format (Tensor.format), and phase 2 rewrites its memory from its
view's first element on. Kernel: NzWeightOp, src/nz.c ao_nz_pack_run."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, FormatIn, NotNull, NzWeightOp, Output, Rank,
                           Require, nz_block_columns, register)

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
ASCEND910B_LIST = ("float16", "bfloat16", "int8", "float8_e4m3fn", "hifloat8", "uint8")
DTYPES = {"Ascend910B": ASCEND910B_LIST, "Ascend910_93": ASCEND910B_LIST, "Ascend310P": ("float16", "int8"),
          "regbase": ASCEND910B_LIST, "default": ("float16",)}


def nz_layout(w, c0=None):
    """numpy: the FRACTAL_NZ storage (CANN's storage shape) of the ND array w (..., rows, cols)."""
    w = np.asarray(w)
    c0 = c0 or nz_block_columns(w.dtype)
    *batch, rows, cols = w.shape
    r16, cb = -(-rows // 16), -(-cols // c0)
    padded = np.zeros(tuple(batch) + (r16 * 16, cb * c0), w.dtype)
    padded[..., :rows, :cols] = w
    blocks = padded.reshape(tuple(batch) + (r16, 16, cb, c0))
    nb = len(batch)
    return np.ascontiguousarray(blocks.transpose(tuple(range(nb)) + (nb + 2, nb, nb + 1, nb + 3)))


def check_shape_dim(ctx):
    """CheckShapeDimV2 (INT8) / CheckShapeDim (the SoC's rule)."""
    t = ctx.tensor("mmWeightRef")
    n = len(t.shape)
    if t.dtype.name == "int8" or ctx.soc.name in ("Ascend910B", "Ascend910_93"):
        if not 2 <= n <= 6:
            return "It is expected that tensorShape has 2-6 dimensions, but got dimensions %d." % n
    elif n != 2:
        return "It is expected that tensorShape has 2 dimensions, but got dimensions %d." % n


CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp"),
    ("CheckNotNull", NotNull("mmWeightRef")),
    ("CheckDtypeValid", DtypeIn("mmWeightRef", dtypes=DTYPES)),
    ("CheckFormatValid", FormatIn("mmWeightRef", formats=("ND",))),
    ("CheckShape", Rank("mmWeightRef", max=8)),
    ("aclnnTransMatmulWeightGetWorkspaceSize", EmptyReturn("mmWeightRef"),
     Require(check_shape_dim, "2 to 6 dims (INT8, Ascend910B / 910_93), else 2", names=("mmWeightRef",))),
)

TRANS_MATMUL_WEIGHT = register(NzWeightOp(
    name="TransMatmulWeight", snake="trans_matmul_weight",
    header="aclnn_trans_matmul_weight.h",
    params=(Output("mmWeightRef"),),
    dtypes=ASCEND910B_LIST,
    checks=CHECKS,
    info={"reference": nz_layout, "sized": True, "exact": True},
    doc=__doc__,
))
