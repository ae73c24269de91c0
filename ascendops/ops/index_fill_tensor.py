"""aclnnInplaceIndexFillTensor: selfRef's slices along dim at the positions of an IntArray
index set to value (torch's Tensor.index_fill_ with an int list). CANN has this in-place API
beside aclnnIndexFillTensor(self, dim, index, value, out); the in-place one runs the
out-of-place one with out = selfRef, and is the one declared here (inplace="only").

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
experimental/index/index_fill/op_api/aclnn_index_fill_tensor.cpp; of the two experimental
sources with this header, index_fill's op_api agrees with its doc's dtype list, while
index_fill_d's 910B list lacks the INT64 its doc lists: docs/fidelity.md),
aclnnIndexFillTensorGetWorkspaceSize -> CheckParams, in order: self, index, value, out not
null (161001); self's dtype in the SoC's list (Ascend910B and Ascend910_93:
DTYPE_910B_SUPPORT_LIST, INT32, FLOAT16, FLOAT, INT64, BOOL, BF16, INT8, UINT8, INT16,
DOUBLE; others DTYPE_SUPPORT_LIST, INT32, FLOAT16, FLOAT, INT64, BOOL), out's dtype self's;
CheckShape (skipped for an empty self): out's shape self's, self at most 8 dims, dim below
self's rank (dim 0 always passes that test), dim >= -rank (>= -1 for a 0-d self), every
index in [-size, size) of dim (size 1 for a 0-d self); a complex value refused
(CheckPromoteType); all 161002. An empty self or an empty index then returns success
(ViewCopy self into out). The computation: the value ConvertToTensor'd to self's dtype,
IndexFill (negative indices from the end), ViewCopy into out.

Here (IndexOp mode="fill", ascendops/_index.pxi; src/index.c AO_INDEX_FILL): the value
converted with numpy's astype rules (a complex value's real part never reaches it: 161002),
its bytes written at each index's slice over the worker pool; any strides. The indices are
host values checked at phase 1, so no write ever leaves the tensor."""
import numpy as np
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, IndexOp, Input, Int, IntArray, NotNull,
                           Output, Rank, Require, Scalar, When, register)

COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
DTYPE_SUPPORT_LIST = ("int32", "float16", "float32", "int64", "bool")
DTYPE_910B_SUPPORT_LIST = DTYPE_SUPPORT_LIST + ("bfloat16", "int8", "uint8", "int16", "float64")
DTYPES = {"Ascend910B": DTYPE_910B_SUPPORT_LIST, "Ascend910_93": DTYPE_910B_SUPPORT_LIST,
          "default": DTYPE_SUPPORT_LIST}


def _nonempty(ctx):
    return ctx.tensor("selfRef").numel > 0


def dim_in_range(ctx):
    """CheckShape's two dim tests, in its order."""
    dim, rank = ctx.values["dim"], len(ctx.tensor("selfRef").shape)
    if (dim != 0 and dim >= rank) or (dim == 0 and dim > rank):
        return "Dim value error, input dim[%d] is greater than self dim[%d]." % (dim, rank)
    if (dim < 0 and rank > 0 and dim < -rank) or (dim < 0 and rank == 0 and dim < -1):
        return "Dim value error, abs(input dim[%d]) is greater than self dim[%d]." % (dim, rank)
    return None


def index_in_range(ctx):
    shape, dim = ctx.tensor("selfRef").shape, ctx.values["dim"]
    size = shape[dim] if shape else 1
    for v in ctx.values["index"]:
        if v >= size or v < -size:
            return "Index value[%d] is out of range, it should be smaller than [%d]." % (v, size)
    return None


def value_not_complex(ctx):
    v = ctx.values["value"]
    if isinstance(v, complex) or np.iscomplexobj(v):
        return "Type of value do not support complex type"
    return None


CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "experimental/index/index_fill/op_api/aclnn_index_fill_tensor.cpp"),
    ("CheckNotNull", NotNull("selfRef", "index", "value")),
    ("CheckDtypeValid", DtypeIn("selfRef", dtypes=DTYPES)),
    ("CheckShape", When(_nonempty, "!self->IsEmpty()", Rank("selfRef", max=8),
                        Require(dim_in_range, "dim in [-rank, rank) (0 always; -1 for a 0-d self)",
                                names=("selfRef", "dim")),
                        Require(index_in_range, "every index in [-size, size) of dim", names=("selfRef", "dim", "index")))),
    ("CheckPromoteType", Require(value_not_complex, "value not complex", names=("value",))),
    ("aclnnIndexFillTensorGetWorkspaceSize", EmptyReturn("selfRef")),
)


def reference(x, dim, index, value):
    """x with its slices along dim at index set to value (in x's dtype)."""
    x = np.array(x)
    v = np.asarray(value).real.astype(x.dtype)
    if x.ndim == 0:
        if len(index):
            x[()] = v
        return x
    view = np.moveaxis(x, dim, 0)
    view[np.asarray(index, np.int64)] = v
    return x


INDEX_FILL_TENSOR = register(IndexOp(
    name="IndexFillTensor", snake="index_fill_tensor",
    # CANN's header: aclnnInplaceIndexFillTensorGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
    # const aclIntArray *index, const aclScalar *value)
    params=(Input("self"), Int("dim"), IntArray("index"), Scalar("value"), Output("out")),
    dtypes=DTYPES, mode="fill", inplace="only", inplace_checks=CHECKS, max_rank=None,
    info={"reference": reference, "exact": True, "indexed": True,
          "example": [">>> x = np.zeros((3, 2), np.float32)",
                      ">>> ascendops.inplace_index_fill_tensor(x, 0, [2, -3], 1.5)",
                      "array([[1.5, 1.5],", "       [0. , 0. ],", "       [1.5, 1.5]], dtype=float32)"],
          "api_note": "`Tensor.index_fill_`"},
    doc=__doc__,
))
