"""aclnnCat: out = the tensors of a list joined along dim (torch.cat).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/concat_d/op_api/aclnn_cat.cpp, aclnnCatGetWorkspaceSize), in order:
EraseDim1EmptyTensor drops the elements of shape (0,), and a list left empty returns
success; CheckParams: CheckNotNull (the list, each element, out: 161001), CheckDtypeValid
(each element's dtype, then out's, in the SoC's list: 161002), CheckPromoteType
(PromoteType chained over the elements; undefined or COMPLEX128: 161002; CanCast(promoted,
out)), CheckFormat (element 0 not private, every element's and out's format element 0's),
CheckShape (element 0's rank <= 8, dim in [-rank, rank), every element of that rank and
element 0's size in the other dims); SplitToConcat skips the empty elements (none left:
success), casts each to the promoted dtype, ConcatD, checks the result's shape against
out's (CheckShapeAndScalarSame) and Casts into out.

Here (ConcatOp, ascendops/_concat.pxi; src/concat.c): each non-empty element is copied into
its slice of out by the Cast kernel (one dtype: the bytes; another: converted straight to
out's dtype). The numpy-like call takes a sequence of arrays and allocates the promoted
dtype and the concatenation's shape."""
import numpy as np

from ascendops.ops import ConcatOp, Int, Output, TensorList, register

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
ASCEND910 = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64", "complex64", "bool")
ASCEND910B = ASCEND910 + ("bfloat16",)
REGBASE = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "uint16", "uint32", "uint64",
           "float64", "complex64", "bfloat16", "bool")
# GetSupportDtypeList(npuArch): DAV_2002 / DAV_1001, DAV_2201 / DAV_3002, IsRegBase, else none
# (REGBASE's FLOAT8 / HIFLOAT8 / FLOAT4 dtypes are left out: no copy path here)
DTYPES = {"DAV_2002": ASCEND910, "DAV_1001": ASCEND910, "DAV_2201": ASCEND910B, "DAV_3002": ASCEND910B,
          "regbase": REGBASE, "default": ()}


def reference(tensors, dim=0):
    """np.concatenate in float64 (the values exact: a copy), (0,)-shaped tensors dropped."""
    arrays = [np.asarray(t) for t in tensors]
    arrays = [a for a in arrays if a.shape != (0,)]
    return np.concatenate([a.astype(np.float64) if a.dtype.kind != "c" else a for a in arrays], axis=dim)


CAT = register(ConcatOp(
    name="Cat",
    snake="cat",
    params=(TensorList("tensors"), Int("dim", 0), Output("out")),
    list_dtypes=DTYPES,
    info={"reference": reference, "torch": "cat"},
    doc=__doc__,
))
