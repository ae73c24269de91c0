# ---------------------------------------------------------------------------
# Weight-quantised matrix products: QuantMatmulOp (aclnnWeightQuantBatchMatmulV2).
#   y = x @ dequant(weight) (+ bias),   dequant(w)[r, c] = (w[r, c] + offset[g, c]) * scale[g, c]
# with x (m, k) FLOAT16 / BFLOAT16, weight (k, n) INT8 or INT4 (two per byte), g = r / group
# (per-group scales of (ceil(k / group), n)) or one row of scales (per-channel (n,), (1, n);
# per-tensor (1,), (1, 1)). src/quant_matmul.c dequantises the weight in vectors (each
# step rounded to x's dtype, as CANN's antiquant): for decode's few rows column by column
# into registers multiplied with x there, otherwise panel by panel multiplied on ao_gemm.
# CANN's rules are the check sequence's (the op's declaration); the kind refuses what it
# does not compute (the forms the declaration lists: 561103, the message says so) and the
# shapes it cannot lay out (161002).
# ---------------------------------------------------------------------------

cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_wqmm_plan:
        int64_t m, n, k, group
        int dtype[6]
        int inter
        int off_k, bias_k
        int64_t x_st[2]
        int64_t w_st[2]
        int64_t s_st[2]
        int64_t o_st[2]
        int64_t y_st[2]
        int64_t b_st

    int ao_wqmm_run(const void *plan, char *const *data, int nthreads)


cdef _wqmm_row_strides(Tensor t, int64_t *st):
    """A scale's or offset's strides over (group row, column): (1,), (n,), (1, n), (g, n),
    (1, 1); 0 along a dim of one element (broadcast)."""
    shape, strides = t.shape, t._strides
    if len(shape) == 1:
        st[0], st[1] = 0, (0 if shape[0] == 1 else strides[0])
    else:
        st[0] = 0 if shape[0] == 1 else strides[0]
        st[1] = 0 if shape[1] == 1 else strides[1]


def packed_int4_view(Tensor t):
    """The INT4 view CANN makes of an INT32 weight (PackedWeightPreProcess: eight INT4 per
    INT32, the low nibble first, as an INT4 tensor lays them out): 2 dims, the packed dim
    the one of stride 1 (the first where the weight is transposed, strides (1, rows)) eight
    times as long; None for another rank."""
    shape, st = list(t.shape), list(t._strides)
    if len(shape) != 2:
        return None
    d = 0 if st[0] == 1 and st[1] == shape[0] else 1
    shape[d] *= 8
    strides = [s * 8 for s in st]
    strides[d] = 1
    return _make_tensor(t.storage, tuple(shape), tuple(strides), t.offset * 8, DT_INT4, t._format)


cdef class QuantMatmulOp(OpDef):
    """Weight-quantised products. `roles` maps the kind's operands onto the op's
    parameters: x, weight, scale, offset (optional Input), bias (optional Input), y (the
    output) and group (the Int attribute of the group size); `not_computed`: the
    (parameter, value) pairs computed at that value only (None: null), any other value
    561103. The kernel computes x FLOAT16 / BFLOAT16, weight INT8 / INT4 in ND format,
    scales and offsets of x's dtype, bias FLOAT16 / BFLOAT16 / FLOAT, y of x's dtype."""
    cdef readonly dict roles
    cdef readonly tuple not_computed

    def __init__(self, name, snake, params, dtypes, roles, not_computed=(), **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        need = ("x", "weight", "scale", "offset", "bias", "y", "group")
        missing = [r for r in need if r not in roles]
        if missing:
            raise ValueError("%s: QuantMatmulOp roles lack %s" % (name, missing))
        names = {p.name for p in self.params}
        for r, pname in roles.items():
            if pname not in names:
                raise ValueError("%s: role %s names %r, no parameter of the op" % (name, r, pname))
        for pname, _ in not_computed:
            if pname not in names:
                raise ValueError("%s: not_computed names %r, no parameter of the op" % (name, pname))
        self.roles = dict(roles)
        self.not_computed = tuple(not_computed)

    def value_of(self, str pname, tuple tensors, tuple attrs):
        if pname in self.tensor_names:
            return tensors[self.tensor_names.index(pname)]
        return attrs[[p.name for p in self.attr_params].index(pname)]

    cdef object _get(self, str role, tuple tensors, tuple attrs):
        return self.value_of(self.roles[role], tensors, attrs)

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """x of `shape`'s last two dims (m, k), weight (k, k), per-channel scale (k,),
        no offset or bias, y (m, k)."""
        shape = ((1, 1) + tuple(shape))[-2:]
        m, k = shape
        ins = []
        for p in self.input_params:
            role = next((r for r, n in self.roles.items() if n == p.name), None)
            ins.append({"x": (m, k), "weight": (k, k), "scale": (k,)}.get(role, None))
        return tuple(ins), ((m, k),)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = self._get("x", tensors, attrs)
        w = self._get("weight", tensors, attrs)
        n = (<Tensor>w).shape[-1] if w is not None and len((<Tensor>w).shape) else 1
        return (x.shape[:-1] + (n,) if len(x.shape) else (n,)), x.dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x, w, s, y, t
        cdef ao_wqmm_plan kp, kws
        for pname, value in self.not_computed:
            given = self.value_of(pname, tensors, attrs)
            if given is not value and given != value:
                _raise(ACLNN_ERR_INNER_NULLPTR, "%s: %s = %r is accepted by CANN but not computed by ascendops "
                       "(only %r is)" % (self.name, pname, given if not isinstance(given, Tensor) else "a tensor",
                                         value))
        x, w, s, y = (self._get("x", tensors, attrs), self._get("weight", tensors, attrs),
                      self._get("scale", tensors, attrs), self._get("y", tensors, attrs))
        off, bias = self._get("offset", tensors, attrs), self._get("bias", tensors, attrs)
        group = self._get("group", tensors, attrs)
        if w.dtype.code == 3 and len(w.shape) == 2:      # INT32: eight INT4 each (the checks read it so too)
            w = packed_int4_view(w)
        if w._format == Format.FRACTAL_NZ:
            _raise(ACLNN_ERR_INNER_NULLPTR, "%s: a FRACTAL_NZ weight is accepted by CANN but not computed by "
                   "ascendops (its tensors are read in their view's row-major order)" % self.name)
        for role, t_ in (("x", x), ("scale", s), ("offset", off), ("y", y)):
            if t_ is not None and (<Tensor>t_).dtype.code not in (1, 27):
                _raise(ACLNN_ERR_INNER_NULLPTR, "%s: %s dtype %s is accepted by CANN but not computed by "
                       "ascendops (FLOAT16, BFLOAT16 are)" % (self.name, self.roles[role],
                                                              (<Tensor>t_).dtype.log_name))
        if w.dtype.code not in (2, 29):
            _raise(ACLNN_ERR_INNER_NULLPTR, "%s: weight dtype %s is accepted by CANN but not computed by ascendops "
                   "(INT8, INT4 are)" % (self.name, w.dtype.log_name))
        if bias is not None and (<Tensor>bias).dtype.code not in (0, 1, 27):
            _raise(ACLNN_ERR_INNER_NULLPTR, "%s: bias dtype %s is accepted by CANN but not computed by ascendops "
                   "(FLOAT, FLOAT16, BFLOAT16 are)" % (self.name, (<Tensor>bias).dtype.log_name))
        if len(x.shape) != 2 or len(w.shape) != 2 or len(y.shape) != 2:
            _raise(ACLNN_ERR_INNER_NULLPTR, "%s: x %r, weight %r, y %r with batch dims are accepted by CANN "
                   "(Ascend310P) but not computed by ascendops (2-d ones are)" % (self.name, x.shape, w.shape, y.shape))
        # the shapes the kernel lays out (CANN's checks come first: these hold after them)
        if x.shape[1] != w.shape[0] or y.shape != (x.shape[0], w.shape[1]):
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: x %r, weight %r and y %r are not (m, k), (k, n), (m, n)."
                   % (self.name, x.shape, w.shape, y.shape))
        m, k, n = x.shape[0], x.shape[1], w.shape[1]
        for role, t_ in (("scale", s), ("offset", off)):
            if t_ is None:
                continue
            sh = (<Tensor>t_).shape
            rows = -(-k // group) if group > 0 else 1
            ok = (len(sh) == 1 and sh[0] in (1, n) and group == 0) or \
                 (len(sh) == 2 and sh[1] in (1, n) and (sh[0] == rows or (group == 0 and sh[0] == 1)))
            if not ok:
                _raise(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape %r is none of (1,), (%d,), (1, %d), (%d, %d)."
                       % (self.name, self.roles[role], sh, n, n, rows, n))
        if bias is not None and (<Tensor>bias).numel == 0:
            bias = None
        if bias is not None:
            bs = (<Tensor>bias).shape
            if bs not in ((n,), (1, n)):
                _raise(ACLNN_ERR_PARAM_INVALID, "%s: bias's shape %r is neither (%d,) nor (1, %d)."
                       % (self.name, bs, n, n))
        if y.numel == 0:
            return _empty_plan(self)
        memset(&kp, 0, sizeof(kp))
        kp.m, kp.n, kp.k, kp.group = m, n, k, group
        kp.inter = x.dtype.code
        kp.dtype[0], kp.dtype[1], kp.dtype[2], kp.dtype[3] = y.dtype.code, x.dtype.code, w.dtype.code, s.dtype.code
        kp.x_st[0], kp.x_st[1] = x._strides[0], x._strides[1]
        kp.w_st[0], kp.w_st[1] = w._strides[0], w._strides[1]
        kp.y_st[0], kp.y_st[1] = y._strides[0], y._strides[1]
        _wqmm_row_strides(s, kp.s_st)
        nd = len(y.shape)
        operands = [y, x, w, s]
        names = [self.roles[r] for r in ("y", "x", "weight", "scale")]
        if off is not None:
            kp.off_k = len(operands)
            kp.dtype[4] = (<Tensor>off).dtype.code
            _wqmm_row_strides(off, kp.o_st)
            operands.append(off)
            names.append(self.roles["offset"])
        if bias is not None:
            kp.bias_k = len(operands)
            kp.dtype[5] = (<Tensor>bias).dtype.code
            kp.b_st = 0 if n == 1 else (<Tensor>bias)._strides[len((<Tensor>bias).shape) - 1]
            operands.append(bias)
            names.append(self.roles["bias"])
        kws = kp
        kws.y_st[0], kws.y_st[1] = n, 1
        slots = tuple(self.tensor_names.index(nm) for nm in names)
        strides = [list(y._strides)] + [[0] * nd for _ in operands[1:]]
        return _fn_plan(self, tuple(operands), strides, ao_wqmm_run, &kp, &kws, sizeof(ao_wqmm_plan), 1, slots,
                        None, list(y.shape))
