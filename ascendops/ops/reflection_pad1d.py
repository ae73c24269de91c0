"""aclnnReflectionPad1d: out = self's last dim padded by its reflection (padding = (left,
right); the edge element is not repeated), torch's reflection_pad1d.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/mirror_pad/op_api/aclnn_reflection_pad1d.cpp), in its order
(REFLECTION_PAD1D_CHECKS): self, padding and out not null (161001); CheckDtypeValid: self's
and out's dtype in the list of the SoC (ASCEND910B, ASCEND910_93: FLOAT, INT32, INT64,
FLOAT16, INT16, DOUBLE, INT8, UINT8, BOOL, BF16, COMPLEX64/128; IsRegBase(): also UINT16/32/64,
HIFLOAT8 and the FLOAT8 types; others: no BF16 nor complex), out of self's dtype;
CheckFormat: one view format; CheckShape: self 2 or 3 dims, out of its rank, padding of
2 values each below self's last dim, out's last dim self's plus both pads; else 161002.
An empty self or out then returns success, but for a 2-d self or a 3-d one empty in dim 1
or 2 (161002). ProcessMirrorPad: l0op::MirrorPad (REFLECTION), then
CheckShapeAndScalarSame(padResult, out) (161002: out's other dims are self's).

Here: the last dim as three strided copies (the middle, and the reflections read
backwards: the Layout kind, the Cast kernel's copy of the bytes, bit-exact). A negative
padding, which CANN's checks and MirrorPad's infershape pass, is refused with 561103 (what
CANN's kernel writes for it is not modelled); the complex and 8-bit float dtypes, which
the Cast kernel cannot copy, are refused after the sequence (161002); both listed in
tests/ops/probes/reflection_pad1d.py DEVIATIONS. numpy:
np.pad(self, ((0, 0), ..., (left, right)), mode="reflect")"""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR
from ascendops.ops import (CannSource, Checks, Copy, DtypeIn, EmptyReturn, Input, IntArray, Layout, LayoutOp, NotNull,
                           Output, Rank, Require, SameDtype, dim_step, register)
from ascendops.ops._layout import COMMIT, REPO, copyable

ASCEND910_LIST = ("float32", "int32", "int64", "float16", "int16", "float64", "int8", "uint8", "bool")
ASCEND910B_LIST = ASCEND910_LIST + ("bfloat16", "complex64", "complex128")
ASCEND950_LIST = ("float32", "int32", "float16", "int8", "float64", "int16", "int64", "uint64", "uint32", "uint16",
                  "uint8", "bool", "complex64", "complex128", "bfloat16", "hifloat8", "float8_e5m2",
                  "float8_e4m3fn", "float8_e8m0")
DTYPES = {"Ascend910B": ASCEND910B_LIST, "Ascend910_93": ASCEND910B_LIST, "regbase": ASCEND950_LIST,
          "default": ASCEND910_LIST}


def reference(x, padding):
    x = np.asarray(x)
    return np.pad(x, [(0, 0)] * (x.ndim - 1) + [tuple(padding)], mode="reflect")


def mapping(shape, attrs):
    """Along the last dim: self at `left`; out[left - 1 - t] = self[1 + t] and
    out[left + n + t] = self[n - 2 - t] (steps -1 from left and n - 2)."""
    (padding,) = attrs
    left, right = padding
    n, lead = shape[-1], tuple(shape[:-1])
    k = len(shape) - 1
    oshape = lead + (n + left + right,)
    steps = [dim_step(d) for d in range(k)]
    zero = (0,) * k
    return Layout(oshape, [
        Copy(lead + (n,), zero + (left,), steps + [dim_step(k)], zero + (0,), steps + [dim_step(k)]),
        Copy(lead + (left,), zero + (0,), steps + [dim_step(k)], zero + (left,), steps + [dim_step(k, -1)]),
        Copy(lead + (right,), zero + (left + n,), steps + [dim_step(k)], zero + (n - 2,), steps + [dim_step(k, -1)]),
    ])


def check_format(ctx):
    s, o = ctx.tensor("self").format, ctx.tensor("out").format
    if s != o:
        return "Format of input and output should be equal, self [%s], gradInoutput [%s]." % (s.name, o.name)
    return None


def check_shape(ctx):
    """CheckShape after the rank limits."""
    shape, oshape, padding = tuple(ctx.tensor("self").shape), tuple(ctx.tensor("out").shape), ctx.values["padding"]
    if len(shape) != len(oshape):
        return "self, out dim should be same."
    if len(padding) != 2:
        return "padding length should be 2, but got %d." % len(padding)
    if not (padding[0] < shape[-1] and padding[1] < shape[-1]):
        return "padding size should be less than the corresponding self dimention."
    if oshape[-1] != shape[-1] + padding[0] + padding[1]:
        return "wrong out shape."
    return None


def empty_dims(ctx):
    """The empty return refuses a 2-d self and a 3-d one empty in dim 1 or 2."""
    s, o = ctx.tensor("self"), ctx.tensor("out")
    if s.numel and o.numel:
        return None
    if len(s.shape) == 2 or (len(s.shape) == 3 and (s.shape[1] == 0 or s.shape[2] == 0)):
        return "Expected 2D or 3D tensor with possibly 0 batch size and other non-zero dimentions for input."
    return None


def mirror_pad(ctx):
    """l0op::MirrorPad with a negative padding: not modelled, no output here (a deviation)."""
    if min(ctx.values["padding"]) < 0:
        return "MirrorPad: negative padding %r." % (tuple(ctx.values["padding"]),)
    return None


def padded_shape(ctx):
    """CheckShapeAndScalarSame(padResult, out): out's leading dims are self's."""
    s, o = tuple(ctx.tensor("self").shape), tuple(ctx.tensor("out").shape)
    if s[:-1] != o[:-1]:
        return "Shape of out %r should be %r." % (o, s[:-1] + (o[-1],))
    return None


REFLECTION_PAD1D_CHECKS = Checks(
    CannSource(REPO, COMMIT, "conversion/mirror_pad/op_api/aclnn_reflection_pad1d.cpp"),
    ("CheckNotNull", NotNull("self", "padding", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=DTYPES), DtypeIn("out", dtypes=DTYPES), SameDtype("self", "out")),
    ("CheckFormat", Require(check_format, "one view format", names=("self", "out"))),
    ("CheckShape", Rank("self", min=2, max=3),
     Require(check_shape, "out's rank, 2 paddings below the last dim, out's last dim", names=("self", "padding", "out"))),
    ("aclnnReflectionPad1dGetWorkspaceSize",
     Require(empty_dims, "an empty self only of 3 dims empty in dim 0", names=("self", "out")),
     EmptyReturn("self", "out")),
    ("ProcessMirrorPad", Require(mirror_pad, "non-negative paddings", status=ACLNN_ERR_INNER_NULLPTR,
                                 names=("padding",))),
    ("CheckShapeAndScalarSame", Require(padded_shape, "out of the padded shape", names=("self", "out"))),
)

REFLECTION_PAD1D = register(LayoutOp(
    name="ReflectionPad1d",
    snake="reflection_pad1d",
    # CANN's header: aclnnReflectionPad1dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding,
    #                                                     aclTensor *out)
    params=(Input("self"), IntArray("padding"), Output("out")),
    dtypes=copyable(ASCEND950_LIST),
    mapping=mapping,
    checks=REFLECTION_PAD1D_CHECKS,
    min_rank=2,
    info={"reference": reference, "exact": True, "sized": True, "example_attrs": ((1, 2),),
          "shape_attrs": lambda shape: ((1, 2),),
          "torch": lambda t, x, padding: t.nn.functional.pad(x, tuple(padding), mode="reflect")},
    doc=__doc__,
))
