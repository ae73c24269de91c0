"""Probes of aclnnGroupNorm (ascendops/ops/group_norm.py): CheckParams (CheckNotNull4Tensor,
CheckDtypeValid, CheckAttr, CheckShape, CheckFormat), then an empty self fills meanOut
with 0 and rstdOut with NaN."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "norm/group_norm/op_host/op_api/aclnn_group_norm.cpp")
OP = "GroupNorm"
S, C, MS = (2, 4, 3), (4,), (2, 2)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, g=_, b=_, attrs=(2, 4, 3, 2, 1e-5), out=_, mean=_,
      rstd=_):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(x, S), t(g, C), t(b, C)], list(attrs), [t(out, S), t(mean, MS), t(rstd, MS)], status,
                 cite, soc=soc)


H, B = "FLOAT16", "BF16"

PROBES = [
    p("null self", 161001, "CheckNotNull4Tensor: self", x=None),
    p("null out", 161001, "CheckNotNull4Tensor: out", out=None),
    p("null meanOut", 161001, "CheckNotNull4Tensor: meanOut", mean=None),
    p("null rstdOut", 161001, "CheckNotNull4Tensor: rstdOut", rstd=None),
    p("null rstdOut before an int32 self", 161001, "CheckParams: CheckNotNull4Tensor first", x=f(S, "INT32"),
      rstd=None),
    p("null rstdOut with an empty self", 161001, "CheckParams before the IsEmpty() fill",
      x=f((2, 4, 0)), out=f((2, 4, 0)), attrs=(2, 4, 0, 2, 1e-5), rstd=None),
    p("null gamma and beta", 0, "CheckDtypeValid, CheckShape: gamma and beta checked only when given (ones, zeros)",
      g=None, b=None),
    # CheckDtypeValid
    p("float16", 0, "GetDtypeSupportList: DT_FLOAT16", dtype=H),
    p("float16 on Ascend910", 0, "GetDtypeSupportList: DTYPE_DTYPE_SUPPORT_LIST has DT_FLOAT16", dtype=H,
      soc="Ascend910"),
    p("bf16 on Ascend910B", 0, "GetDtypeSupportList: DAV_2201 has DT_BF16", dtype=B),
    p("bf16 on Ascend910_93", 0, "GetDtypeSupportList: DAV_2201 has DT_BF16", dtype=B, soc="Ascend910_93"),
    p("bf16 on Ascend950", 0, "GetDtypeSupportList: IsRegbase has DT_BF16", dtype=B, soc="Ascend950"),
    p("bf16 on Ascend910", 161002, "GetDtypeSupportList: DTYPE_DTYPE_SUPPORT_LIST has no DT_BF16", dtype=B,
      soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "GetDtypeSupportList: DAV_2002 has no DT_BF16", dtype=B, soc="Ascend310P"),
    p("double self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)", dtype="DOUBLE"),
    p("float32 gamma of a float16 self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(gamma, self)", dtype=H,
      g=f(C)),
    p("float16 beta", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(beta, self)", b=f(C, H)),
    p("float16 out", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self)", out=f(S, H)),
    p("float32 mean of a float16 self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(meanOut, self)",
      dtype=H, mean=f(MS), rstd=f(MS)),
    p("float16 rstd", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(rstdOut, self)", rstd=f(MS, H)),
    p("bad dtype before group 0", 161002, "CheckDtypeValid before CheckAttr (the same status)", out=f(S, H),
      attrs=(2, 4, 3, 0, 1e-5)),
    # CheckAttr
    p("group 0", 161002, "CheckAttr: group > 0", attrs=(2, 4, 3, 0, 1e-5), mean=f((2, 0)), rstd=f((2, 0))),
    p("group -1", 161002, "CheckAttr: group > 0", attrs=(2, 4, 3, -1, 1e-5)),
    p("C not divisible by group", 161002, "CheckAttr: C % group == 0", attrs=(2, 4, 3, 3, 1e-5), mean=f((2, 3)),
      rstd=f((2, 3))),
    p("group C", 0, "CheckAttr: C % C == 0", attrs=(2, 4, 3, 4, 1e-5), mean=f((2, 4)), rstd=f((2, 4))),
    p("eps 0", 161002, "CheckAttr: eps > 0.0", attrs=(2, 4, 3, 2, 0.0)),
    p("negative eps", 161002, "CheckAttr: eps > 0.0", attrs=(2, 4, 3, 2, -1e-5)),
    p("eps 1e-50", 0, "CheckAttr compares the double: 1e-50 > 0.0", attrs=(2, 4, 3, 2, 1e-50)),
    p("eps 0 before a 1-d self", 161002, "CheckAttr before CheckShape (the same status)", x=f((8,)),
      out=f((8,)), attrs=(2, 4, 3, 2, 0.0)),
    # CheckShape
    p("1-d self", 161002, "CheckShape: OP_CHECK_MIN_DIM(self, 2)", x=f((8,)), out=f((8,))),
    p("2-d self", 0, "CheckShape: HxW = 1 for a 2-d self", x=f((2, 4)), out=f((2, 4)), attrs=(2, 4, 1, 2, 1e-5)),
    p("self of rank 8", 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2, 4, 3) + (1,) * 5),
      out=f((2, 4, 3) + (1,) * 5)),
    p("self of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2, 4, 3) + (1,) * 6),
      out=f((2, 4, 3) + (1,) * 6)),
    p("out of another shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)", out=f((2, 12))),
    p("meanOut not (N, group)", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(meanOut)",
      mean=f((4,))),
    p("rstdOut (N, group, 1)", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(rstdOut)",
      rstd=f((2, 2, 1))),
    p("self's dim 0 not N", 161002, "CheckShape: self.shape[0] == N", x=f((4, 2, 3)), out=f((4, 2, 3))),
    p("self's dim 1 not C", 161002, "CheckShape: self.shape[1] == C", attrs=(2, 2, 6, 2, 1e-5), g=f((2,)),
      b=f((2,))),
    p("HxW not the rest", 161002, "CheckShape: GetTensorNumel(self, 2) == HxW", attrs=(2, 4, 4, 2, 1e-5)),
    p("HxW of a 4-d self", 0, "CheckShape: HxW the product of self's dims from 2", x=f((2, 4, 3, 5)),
      out=f((2, 4, 3, 5)), attrs=(2, 4, 15, 2, 1e-5)),
    p("gamma 2-d", 161002, "CheckShape: gamma GetDimNum() != 1", g=f((4, 1))),
    p("gamma of another size", 161002, "CheckShape: gamma[0] != C", g=f((2,))),
    p("beta of another size", 161002, "CheckShape: beta[0] != C", b=f((8,))),
    p("meanOut checked before N", 161002, "CheckShape: mean's (N, group) before self.shape[0] == N",
      x=f((4, 2, 3)), out=f((4, 2, 3))),
    # CheckFormat
    p("NCL self and out", 0, "CheckFormat: NCL is neither private nor NHWC, HWCN, NDHWC",
      x=f(S, fmt="ACL_FORMAT_NCL"), out=f(S, fmt="ACL_FORMAT_NCL")),
    p("self NCL, out ND", 161002, "CheckFormat: self's storage format != out's", x=f(S, fmt="ACL_FORMAT_NCL")),
    p("NHWC self and out", 161002, "CheckFormat: FORMAT_NHWC refused", x=f((2, 4, 3, 1), fmt="ACL_FORMAT_NHWC"),
      out=f((2, 4, 3, 1), fmt="ACL_FORMAT_NHWC")),
    p("NCHW self and out", 0, "CheckFormat: NCHW allowed", x=f((2, 4, 3, 1), fmt="ACL_FORMAT_NCHW"),
      out=f((2, 4, 3, 1), fmt="ACL_FORMAT_NCHW")),
    p("bad shape before bad format", 161002, "CheckShape before CheckFormat (the same status)",
      x=f(S, fmt="ACL_FORMAT_NCL"), out=f((2, 12))),
    # the empty self: after every check
    p("empty self", 0, "aclnnGroupNormGetWorkspaceSize: self->IsEmpty() fills meanOut 0, rstdOut NaN",
      x=f((2, 4, 0)), out=f((2, 4, 0)), attrs=(2, 4, 0, 2, 1e-5)),
    p("empty self, N 0", 0, "self->IsEmpty(): meanOut and rstdOut (0, group) filled (nothing)",
      x=f((0, 4, 3)), out=f((0, 4, 3)), attrs=(0, 4, 3, 2, 1e-5), mean=f((0, 2)), rstd=f((0, 2))),
    p("empty self, mean not (N, group)", 161002, "CheckShape before the IsEmpty() fill",
      x=f((2, 4, 0)), out=f((2, 4, 0)), attrs=(2, 4, 0, 2, 1e-5), mean=f((2, 1))),
    p("empty self, eps 0", 161002, "CheckAttr before the IsEmpty() fill",
      x=f((2, 4, 0)), out=f((2, 4, 0)), attrs=(2, 4, 0, 2, 0.0)),
    p("empty self, bf16 on Ascend910", 161002, "CheckDtypeValid before the IsEmpty() fill", dtype=B,
      x=f((2, 4, 0), B), out=f((2, 4, 0), B), attrs=(2, 4, 0, 2, 1e-5), soc="Ascend910"),
]

DOC_SOURCE = [
    "GroupNorm: the doc lists gamma and beta as inputs and ND as the format; the source (aclnn_group_norm.cpp) takes "
    "null gamma and beta (ones, zeros) and any public format but NHWC, HWCN and NDHWC, self's and out's one; an "
    "empty self writes meanOut 0 and rstdOut NaN",
]
