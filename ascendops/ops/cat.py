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

from ascendops._core import _soc_entry, as_dtype, cann_promote_type
from ascendops.ops import CannSource, Checks, ConcatOp, Int, NotNull, Output, Require, TensorList, register

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
ASCEND910 = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64", "complex64", "bool")
ASCEND910B = ASCEND910 + ("bfloat16",)
REGBASE = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "uint16", "uint32", "uint64",
           "float64", "complex64", "bfloat16", "bool")
# GetSupportDtypeList(npuArch): DAV_2002 / DAV_1001, DAV_2201 / DAV_3002, IsRegBase, else none
# (REGBASE's FLOAT8 / HIFLOAT8 / FLOAT4 dtypes are left out: no copy path here)
DTYPES = {"DAV_2002": ASCEND910, "DAV_1001": ASCEND910, "DAV_2201": ASCEND910B, "DAV_3002": ASCEND910B,
          "regbase": REGBASE, "default": ()}
# op::IsPrivateFormat's formats among ascendops.Format
PRIVATE_FORMATS = ("NC1HWC0", "FRACTAL_Z", "NC1HWC0_C04", "FRACTAL_NZ", "NDC1HWC0", "FRACTAL_Z_3D")


def _elements(ctx):
    return list(ctx.values["tensors"])


def _null_elements(ctx):
    """A null element (CheckNotNull's OP_CHECK_NULL((*tensors)[i]); EraseDim1EmptyTensor
    runs before it and reads every element's shape: CANN crashes on a null one)."""
    for i, t in enumerate(_elements(ctx)):
        if t is None:
            return "Expected a proper Tensor but got null for element %d of tensors." % i
    return None


def _erase_dim1_empty(ctx):
    """EraseDim1EmptyTensor: the elements of shape (0,) dropped; none left: success."""
    kept = [(i, t) for i, t in enumerate(_elements(ctx)) if t.shape != (0,)]
    ctx.derived_list = kept
    if not kept:
        ctx.empty = True
    return None


def _dtype_valid(ctx):
    dtypes = [as_dtype(d) for d in _soc_dtypes(ctx)]
    names = "[%s]" % ", ".join(d.log_name for d in dtypes)
    for i, t in ctx.derived_list:
        if t.dtype not in dtypes:
            return "tensor %d not implemented for %s, should be in dtype support list %s." % (
                i, t.dtype.log_name, names)
    out = ctx.tensor("out")
    if out.dtype not in dtypes:
        return "Tensor out not implemented for %s, should be in dtype support list %s." % (out.dtype.log_name, names)
    return None


def _soc_dtypes(ctx):
    """GetSupportDtypeList on the call's SoC (the per-SoC table's entry)."""
    return _soc_entry(DTYPES, ctx.soc)


def _promote(ctx):
    """CheckPromoteType: PromoteType chained over the elements; undefined or COMPLEX128
    refused; CanCast(promoted, out) (OP_CHECK_RESULT_DTYPE_CAST_FAILED)."""
    kept = ctx.derived_list
    promoted = kept[0][1].dtype
    for i, t in kept[1:]:
        p = cann_promote_type(t.dtype, promoted)
        if p is None:
            return "tensor %d dtype %s and dtype %s can not promote dtype." % (i, t.dtype.name, promoted.name)
        promoted = p
        if promoted is as_dtype("complex128"):
            return "tensor dtype has been promoted to %s, which has not been implemented yet." % promoted.name
    ctx.derived["promoted"] = promoted
    return None


def _format(ctx):
    """CheckFormat: element 0's format not private, every element's and out's element 0's."""
    from ascendops import Format
    kept = ctx.derived_list
    fmt = kept[0][1].format
    if Format(fmt).name in PRIVATE_FORMATS:
        return "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW."
    for i, t in kept[1:]:
        if t.format != fmt:
            return "Format of tensors should be equal, tensor %d [%s], tensor 0 [%s]." % (
                i, Format(t.format).name, Format(fmt).name)
    if ctx.tensor("out").format != fmt:
        return "Format of input and output should be equal, tensor 0 [%s] out [%s]." % (
            Format(fmt).name, Format(ctx.tensor("out").format).name)
    return None


def _shape(ctx):
    """CheckShape: element 0's rank <= 8; dim wrapped into [0, rank); every element of
    that rank, element 0's size in every other dim."""
    kept = ctx.derived_list
    s0 = kept[0][1].shape
    nd, dim = len(s0), ctx.values["dim"]
    if nd > 8:
        return "Tensor tensors[0] has %d dims, at most 8." % nd
    real = dim + nd if dim < 0 else dim
    if real < 0 or real >= nd:
        return "dimnum %d exceed the dim range of the tensor %d." % (dim, nd)
    for i, t in kept[1:]:
        if len(t.shape) != nd:
            return "dimnum of tensor %d is [%d], should be equal to tensor 0 [%d]." % (i, len(t.shape), nd)
        for j in range(nd):
            if j != real and t.shape[j] != s0[j]:
                return "dim %d of tensor %d is [%d], should be equal to tensor 0 [%d]." % (j, i, t.shape[j], s0[j])
    return None


def _split_to_concat(ctx):
    """SplitToConcat: the empty elements skipped (none left: success); the concatenation's
    shape must be out's (CheckShapeAndScalarSame; the one-piece path's ViewCopy too)."""
    kept = ctx.derived_list
    if not any(t.numel for _, t in kept):
        ctx.empty = True
        return None
    s0 = kept[0][1].shape
    dim = ctx.values["dim"]
    real = dim + len(s0) if dim < 0 else dim
    shape = list(s0)
    shape[real] = sum(t.shape[real] for _, t in kept)
    if tuple(shape) != ctx.tensor("out").shape:
        return "the concatenation's shape %r is not out's %r." % (tuple(shape), ctx.tensor("out").shape)
    return None


CAT_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "conversion/concat_d/op_api/aclnn_cat.cpp"),
    ("aclnnCatGetWorkspaceSize",
     Require(_null_elements, "no null element (read by EraseDim1EmptyTensor)", status=161001, names=("tensors",)),
     Require(_erase_dim1_empty, "EraseDim1EmptyTensor: (0,) elements dropped, none left: success",
             names=("tensors",))),
    ("CheckNotNull", NotNull("tensors", "out")),
    ("CheckDtypeValid", Require(_dtype_valid, "each element's dtype, then out's, in the list",
                                names=("tensors", "out"))),
    ("CheckPromoteType", Require(_promote, "PromoteType over the elements (not COMPLEX128)", names=("tensors",))),
    ("CheckPromoteType", Require(lambda ctx: None if _can_cast(ctx.derived["promoted"], ctx.tensor("out").dtype)
                                 else "Result type %s can't be cast to the desired output type %s." % (
                                     ctx.derived["promoted"].name, ctx.tensor("out").dtype.name),
                                 "CanCast(promoted, out)", names=("tensors", "out"))),
    ("CheckFormat", Require(_format, "element 0 not private; every element's and out's format element 0's",
                            names=("tensors", "out"))),
    ("CheckShape", Require(_shape, "rank <= 8, dim in [-rank, rank), the other dims element 0's",
                           names=("tensors", "dim"))),
    ("SplitToConcat", Require(_split_to_concat, "the empty elements skipped; out's shape the concatenation's",
                              names=("tensors", "dim", "out"))),
)


_COMPLEX = tuple(as_dtype(d) for d in ("complex32", "complex64", "complex128"))
_INTEGRAL = tuple(as_dtype(d) for d in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                        "bool"))


def _can_cast(src, dst):
    """CANN's CanCast (opbase data_type_utils.h): no complex -> real, no floating ->
    integral, nothing but bool -> bool."""
    if src in _COMPLEX and dst not in _COMPLEX:
        return False
    if src.is_floating and dst in _INTEGRAL:
        return False
    return not (dst is as_dtype("bool") and src is not as_dtype("bool"))


def _bench(n, rng):
    """Four blocks of a square matrix joined along dim 0 and along dim 1, n elements out."""
    side = int(round(n ** 0.5)) // 4 * 4
    rows = [rng.uniform(-4, 4, (side // 4, side)).astype(np.float32) for _ in range(4)]
    cols = [rng.uniform(-4, 4, (side, side // 4)).astype(np.float32) for _ in range(4)]
    return [(rows, 0), (cols, 1)]


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
    checks=CAT_CHECKS,
    info={"reference": reference, "torch": "cat", "bench": _bench},
    doc=__doc__,
))
