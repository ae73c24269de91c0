# ---------------------------------------------------------------------------
# Attention: AttentionOp. A query, key and value (the key and value as tensor lists), an
# optional positional shift (pse) added to the scaled scores, and an output:
#   out = softmax(scale * Q K^T + pse) V      per (batch, query head),
# the key / value head of query head n being n / (numHeads / numKeyValueHeads) (GQA). The
# layout attribute names how (batch, head, sequence, head dim) lie in each tensor: BNSD,
# BSND or BSH (H = heads * head dim). src/attention.c computes it as flash attention in
# float32 (key blocks, an online softmax), threads over (batch, key / value head, block of
# query rows). The rules
# are the check sequence's (the op's declaration); the op kind refuses what it does not
# compute (the parameters the declaration lists as `not_computed`: 561103, the message
# says so).
# ---------------------------------------------------------------------------
# The keys left out of each query's softmax: an optional 1-byte mask (nonzero: left out)
# and sparseMode's rule (the optional roles mask, sparse_mode, pre_tokens, next_tokens).

cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_attention_plan:
        int dtype[5]
        int pse_k, mask_k, key_k, value_k, band, kv_lens
        int64_t b, n, nkv, sq, skv, d, dv
        int64_t band_lo, band_hi
        float scale
        int64_t q_st[4]
        int64_t k_st[4]
        int64_t v_st[4]
        int64_t out_st[4]
        int64_t pse_st[4]
        int64_t mask_st[3]

    int ao_attention_run(const void *plan, char *const *data, int nthreads)


# The layouts computed: the position of (batch, head, sequence, head dim) among a tensor's
# dims (BSH: head and head dim share dim 2).
ATTENTION_LAYOUTS = {"BNSD": (0, 1, 2, 3), "BSND": (0, 2, 1, 3), "BSH": (0, 2, 1, 2)}


def attention_dims(shape, str layout, int64_t heads):
    """(batch, heads, sequence, head dim) of a tensor of `shape` in `layout` with `heads`
    heads (BSH: head dim = H / heads), or None where the shape does not fit the layout."""
    shape = tuple(shape)
    if layout == "BSH":
        if len(shape) != 3 or heads <= 0 or shape[2] % heads:
            return None
        return shape[0], heads, shape[1], shape[2] // heads
    if layout not in ATTENTION_LAYOUTS or len(shape) != 4:
        return None
    pos = ATTENTION_LAYOUTS[layout]
    return shape[pos[0]], shape[pos[1]], shape[pos[2]], shape[pos[3]]


def attention_shape(dims, str layout):
    """The shape of a tensor of (batch, heads, sequence, head dim) `dims` in `layout`."""
    b, n, s, d = dims
    if layout == "BSH":
        return (b, s, n * d)
    if layout == "BSND":
        return (b, s, n, d)
    return (b, n, s, d)


cdef _attention_strides(tuple strides, str layout, int64_t d, int64_t *st):
    """A tensor's element strides (`strides`, in `layout`) over (batch, head, sequence,
    head dim)."""
    if layout == "BSH":
        st[0], st[1], st[2], st[3] = strides[0], d * strides[2], strides[1], strides[2]
        return
    pos = ATTENTION_LAYOUTS[layout]
    for i in range(4):
        st[i] = strides[pos[i]]


_BAND_OPEN = 1 << 62


def attention_band(int64_t sparse, bint has_mask, int64_t sq, int64_t skv, int64_t pre, int64_t nxt):
    """The keys j of query i that sparseMode keeps, as j - i in [lo, hi], or None (no band):
    0 with a mask and more than one query, preTokens / nextTokens from the top left
    ([-pre, next]); 1 none (the mask alone); 2 leftUpCausal (j <= i); 3 rightDownCausal
    (j - i <= Skv - Sq); 4 band from the bottom right ([Skv - Sq - pre, Skv - Sq + next]).
    Modes 2..4 read no mask element: their (2048, 2048) mask is CANN's lower triangle."""
    if sparse == 0:
        return (-pre, nxt) if has_mask and sq != 1 else None
    if sparse == 2:
        return (-_BAND_OPEN, 0)
    if sparse == 3:
        return (-_BAND_OPEN, skv - sq)
    if sparse == 4:
        return (skv - sq - pre, skv - sq + nxt)
    return None


def attention_mask_strides(mask, int64_t b, int64_t sq, int64_t skv):
    """A sparseMode 0 / 1 mask's element strides over (batch, query, key), or None where its
    shape is none of CANN's forms: (Sq, Skv), (B or 1, Sq, Skv), (B or 1, 1, Sq, Skv); where
    Sq is 1 also (B, Skv). Sq and Skv may be larger (aligned): the leading block is read."""
    cdef Tensor t = mask
    shape, st = tuple(t.shape), tuple(t._strides)
    nd = len(shape)
    if nd == 2 and sq == 1 and shape[0] in (1, b) and shape[1] >= skv:
        return (0 if shape[0] == 1 else st[0], 0, st[1])
    if nd < 2 or nd > 4 or shape[nd - 2] < sq or shape[nd - 1] < skv:
        return None
    if nd == 4 and shape[1] != 1:
        return None
    if nd >= 3 and shape[0] not in (1, b):
        return None
    bst = 0 if nd == 2 or shape[0] == 1 else st[0]
    return (bst, st[nd - 2] if shape[nd - 2] != 1 else 0, st[nd - 1])


cdef class AttentionOp(OpDef):
    """Fused attention ops (aclnnFusedInferAttentionScoreV2). `roles` maps the kind's
    operands and attributes onto the op's parameters: query, key (TensorList), value
    (TensorList), pse (optional Input), out, heads, scale, layout (Str), kv_heads (Int, 0:
    heads); optionally mask (optional Input, 1-byte), sparse_mode, pre_tokens, next_tokens
    (Int): attention_band's rule; kv_lengths (optional IntArray): each batch's number of
    keys (one value for every batch, or at least B values, each in [0, Skv]). `not_computed`: (parameter, value) pairs the kernel computes at that value
    only (None: null); any other value is 561103 (CANN computes it, ascendops does not).
    CANN's rules are the check sequence's (`checks=`); the plan refuses what it cannot lay
    out (a layout outside ATTENTION_LAYOUTS, shapes that do not fit it: 561002)."""
    cdef readonly dict roles
    cdef readonly tuple not_computed

    def __init__(self, name, snake, params, dtypes, roles, not_computed=(), **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        need = ("query", "key", "value", "pse", "out", "heads", "scale", "layout", "kv_heads")
        missing = [r for r in need if r not in roles]
        if missing:
            raise ValueError("%s: AttentionOp roles lack %s" % (name, missing))
        names = {p.name for p in self.params}
        for r, pname in roles.items():
            if pname not in names:
                raise ValueError("%s: role %s names %r, no parameter of the op" % (name, r, pname))
        for pname, _ in not_computed:
            if pname not in names:
                raise ValueError("%s: not_computed names %r, no parameter of the op" % (name, pname))
        self.roles = dict(roles)
        self.not_computed = tuple(not_computed)

    cdef object _get(self, str role, tuple tensors, tuple attrs):
        pname = self.roles[role]
        if pname in self.tensor_names:
            return tensors[self.tensor_names.index(pname)]
        return attrs[[p.name for p in self.attr_params].index(pname)]

    def value_of(self, str pname, tuple tensors, tuple attrs):
        if pname in self.tensor_names:
            return tensors[self.tensor_names.index(pname)]
        return attrs[[p.name for p in self.attr_params].index(pname)]

    def _opt(self, str role, tuple tensors, tuple attrs, default):
        return self._get(role, tensors, attrs) if role in self.roles else default

    def geometry(self, tuple tensors, tuple attrs):
        """(layout, (B, N, Sq, D) of the query, (B, Nkv, Skv, Dk) of the key, (B, Nkv, Skv,
        Dv) of the value), or None where the shapes do not fit the layout."""
        layout = self._get("layout", tensors, attrs)
        heads = self._get("heads", tensors, attrs)
        kv_heads = self._get("kv_heads", tensors, attrs) or heads
        q = self._get("query", tensors, attrs)
        key, value = self._get("key", tensors, attrs), self._get("value", tensors, attrs)
        if q is None or key is None or value is None or not len(key) or not len(value) \
                or key[0] is None or value[0] is None:
            return None
        qd = attention_dims((<Tensor>q).shape, layout, heads)
        kd = attention_dims((<Tensor>key[0]).shape, layout, kv_heads)
        vd = attention_dims((<Tensor>value[0]).shape, layout, kv_heads)
        if qd is None or kd is None or vd is None:
            return None
        return layout, qd, kd, vd

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        q = self._get("query", tensors, attrs)
        g = self.geometry(tensors, attrs)
        outs = []
        for p in self.output_params:
            if p.name == self.roles["out"]:
                if g is None:
                    outs.append(((<Tensor>q).shape, (<Tensor>q).dtype))
                else:
                    layout, qd, kd, vd = g
                    outs.append((attention_shape((qd[0], qd[1], qd[2], vd[3]), layout), (<Tensor>q).dtype))
            else:
                outs.append(((0,), as_dtype("float32")))
        return tuple(outs)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return self.infer_outputs(tensors, attrs, soc)[0]

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor q, k, v, out
        cdef object pse
        cdef ao_attention_plan kp, kws
        cdef size_t size
        cdef char *buf
        cdef int i
        for pname, value in self.not_computed:
            given = self.value_of(pname, tensors, attrs)
            if given is not value and given != value:
                _raise(ACLNN_ERR_INNER_NULLPTR, "%s: %s = %r is accepted by CANN but not computed by ascendops "
                       "(only %r is)" % (self.name, pname, given if not isinstance(given, Tensor) else "a tensor",
                                         value))
        layout = self._get("layout", tensors, attrs)
        if layout not in ATTENTION_LAYOUTS:
            _raise(ACLNN_ERR_INNER_NULLPTR, "%s: inputLayout %s is accepted by CANN but not computed by ascendops "
                   "(%s are)" % (self.name, layout, ", ".join(ATTENTION_LAYOUTS)))
        key, value = self._get("key", tensors, attrs), self._get("value", tensors, attrs)
        if len(key) != 1 or len(value) != 1:
            _raise(ACLNN_ERR_INNER_NULLPTR, "%s: key and value lists of %d and %d tensors (one per batch) are "
                   "accepted by CANN but not computed by ascendops (lists of one tensor are)"
                   % (self.name, len(key), len(value)))
        q, k, v = self._get("query", tensors, attrs), key[0], value[0]
        out, pse = self._get("out", tensors, attrs), self._get("pse", tensors, attrs)
        for n_, t in (("query", q), ("key", k), ("value", v), ("attentionOut", out), ("pseShift", pse)):
            if t is not None and (<Tensor>t).dtype.code not in (0, 1, 27):
                _raise(ACLNN_ERR_INNER_NULLPTR, "%s: %s dtype %s is accepted by CANN but not computed by "
                       "ascendops (FLOAT16, BFLOAT16 are)" % (self.name, n_, (<Tensor>t).dtype.log_name))
        heads = self._get("heads", tensors, attrs)
        kv_heads = self._get("kv_heads", tensors, attrs) or heads
        g = self.geometry(tensors, attrs)
        if g is None:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: query %r, key %r, value %r do not fit layout %s with %d "
                   "heads and %d key/value heads." % (self.name, q.shape, k.shape, v.shape, layout, heads,
                                                      kv_heads))
        _, qd, kd, vd = g
        if heads <= 0 or kv_heads <= 0 or heads % kv_heads:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: numHeads %d must be a positive multiple of "
                   "numKeyValueHeads %d." % (self.name, heads, kv_heads))
        if qd[1] != heads or kd[1] != kv_heads or vd[1] != kv_heads:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: query has %d heads (numHeads %d), key %d and value %d "
                   "(numKeyValueHeads %d)." % (self.name, qd[1], heads, kd[1], vd[1], kv_heads))
        if kd[0] != qd[0] or vd[0] != qd[0] or kd[2] != vd[2] or kd[3] != qd[3]:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: query (B, N, S, D) %r, key %r and value %r: the batch, "
                   "the key and value sequence and the query and key head dim must agree."
                   % (self.name, qd, kd, vd))
        oshape = attention_shape((qd[0], qd[1], qd[2], vd[3]), layout)
        if out.shape != oshape:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: attentionOut's shape %r should be %r." % (
                self.name, out.shape, oshape))
        if pse is not None:
            ps = (<Tensor>pse).shape
            if len(ps) != 4 or ps[0] not in (1, qd[0]) or ps[1] != qd[1] or ps[2] < qd[2] or ps[3] < kd[2]:
                _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: pseShift's shape %r should be (B or 1, N, >= Sq, "
                       ">= Skv) = (%d or 1, %d, >= %d, >= %d)." % (self.name, ps, qd[0], qd[1], qd[2], kd[2]))
        mask = self._opt("mask", tensors, attrs, None)
        sparse = self._opt("sparse_mode", tensors, attrs, 0)
        if sparse not in (0, 1, 2, 3, 4):
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: sparseMode %d: only 0, 1, 2, 3, 4 are supported."
                   % (self.name, sparse))
        if sparse != 0 and mask is None:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: sparseMode %d needs an attenMask." % (self.name, sparse))
        band = attention_band(sparse, mask is not None, qd[2], kd[2], self._opt("pre_tokens", tensors, attrs, 0),
                              self._opt("next_tokens", tensors, attrs, 0))
        mask_st = None
        if mask is not None and sparse in (0, 1):
            mask_st = attention_mask_strides(mask, qd[0], qd[2], kd[2])
            if mask_st is None:
                _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: attenMask's shape %r should be (Sq, Skv), (B or 1, Sq, "
                       "Skv) or (B or 1, 1, Sq, Skv) (Sq 1: (B, Skv), (B, 1, Skv), (B, 1, 1, Skv)), each at least "
                       "(%d, %d)." % (self.name, (<Tensor>mask).shape, qd[2], kd[2]))
        elif mask is not None and tuple((<Tensor>mask).shape)[-2:] != (2048, 2048):
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: sparseMode %d takes the optimised (2048, 2048) attenMask, "
                   "not %r." % (self.name, sparse, (<Tensor>mask).shape))
        kv_lens = self._opt("kv_lengths", tensors, attrs, None)
        if kv_lens is not None:
            kv_lens = tuple(kv_lens)
            if len(kv_lens) != 1 and len(kv_lens) < qd[0]:
                _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: actualSeqLengthsKv has %d values: 1, or at least the "
                       "batch size %d." % (self.name, len(kv_lens), qd[0]))
            kv_lens = kv_lens * qd[0] if len(kv_lens) == 1 else kv_lens[:qd[0]]
            for i in range(qd[0]):
                if kv_lens[i] < 0 or kv_lens[i] > kd[2]:
                    _raise(ACLNN_ERR_INNER_TILING_ERROR, "%s: actualSeqLengthsKv[%d] = %d should be in [0, %d], "
                           "the key's sequence length." % (self.name, i, kv_lens[i], kd[2]))
            if sparse in (3, 4):
                _raise(ACLNN_ERR_INNER_NULLPTR, "%s: actualSeqLengthsKv with sparseMode %d is accepted by CANN but "
                       "not computed by ascendops (its band follows each batch's lengths)" % (self.name, sparse))
        if q.numel == 0 or out.numel == 0:
            return _empty_plan(self)
        memset(&kp, 0, sizeof(kp))
        if band is not None:
            kp.band, kp.band_lo, kp.band_hi = 1, band[0], band[1]
        kp.b, kp.n, kp.nkv, kp.sq, kp.skv, kp.d, kp.dv = qd[0], heads, kv_heads, qd[2], kd[2], qd[3], vd[3]
        kp.scale = self._get("scale", tensors, attrs)
        kp.dtype[0], kp.dtype[1], kp.dtype[2], kp.dtype[3] = out.dtype.code, q.dtype.code, k.dtype.code, \
            v.dtype.code
        _attention_strides(tuple(q._strides), layout, qd[3], kp.q_st)
        _attention_strides(tuple(k._strides), layout, kd[3], kp.k_st)
        _attention_strides(tuple(v._strides), layout, vd[3], kp.v_st)
        _attention_strides(tuple(out._strides), layout, vd[3], kp.out_st)
        nd = len(out.shape)
        operands = [out, q]
        slots = [self.tensor_names.index(self.roles["out"]), self.tensor_names.index(self.roles["query"])]
        strides = [list(out._strides), [0] * nd]
        if pse is not None:
            kp.pse_k = len(operands)
            kp.dtype[4] = (<Tensor>pse).dtype.code
            for i in range(4):
                kp.pse_st[i] = 0 if (<Tensor>pse).shape[i] == 1 else (<Tensor>pse)._strides[i]
            operands.append(pse)
            slots.append(self.tensor_names.index(self.roles["pse"]))
            strides.append([0] * nd)
        if mask_st is not None:
            kp.mask_k = len(operands)
            for i in range(3):
                kp.mask_st[i] = mask_st[i]
            operands.append(mask)
            slots.append(self.tensor_names.index(self.roles["mask"]))
            strides.append([0] * nd)
        kp.key_k, kp.value_k = len(operands), len(operands) + 1
        kws = kp
        _attention_strides(tuple(_contiguous_strides(out.shape)), layout, vd[3], kws.out_st)
        size = sizeof(ao_attention_plan)
        if kv_lens is not None:
            kp.kv_lens = kws.kv_lens = 1
            size += qd[0] * sizeof(int64_t)
        buf = <char *>malloc(2 * size)
        if buf == NULL:
            raise MemoryError()
        try:
            c_memcpy(buf, &kp, sizeof(ao_attention_plan))
            c_memcpy(buf + size, &kws, sizeof(ao_attention_plan))
            if kv_lens is not None:
                for i in range(qd[0]):
                    (<int64_t *>(buf + sizeof(ao_attention_plan)))[i] = kv_lens[i]
                    (<int64_t *>(buf + size + sizeof(ao_attention_plan)))[i] = kv_lens[i]
            p = _fn_plan(self, tuple(operands), strides, ao_attention_run, buf, buf + size, size, 1,
                         tuple(slots), None, list(out.shape))
        finally:
            free(buf)
        lists = [p_.name for p_ in self.attr_params]
        (<Plan>p).list_k = kp.key_k
        (<Plan>p).list_slot = len(self.tensor_names) + self.list_attrs.index(lists.index(self.roles["key"]))
        (<Plan>p).list_k2 = kp.value_k
        (<Plan>p).list_slot2 = len(self.tensor_names) + self.list_attrs.index(lists.index(self.roles["value"]))
        return p
