# ---------------------------------------------------------------------------
# RotaryOp: rotary position embedding (aclnnRotaryPositionEmbedding): out = x * cos +
# rotate(x) * sin along the last dim, the rotation chosen by the op's Int attribute
# `mode`; cos and sin broadcast over x's other dims. One kernel (src/rope.c ao_rope_run),
# fp32 arithmetic for every dtype, worker threads over the rows.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_rope_plan:
        int mode
        int dtype
        int nbatch
        int64_t batch
        int64_t bshape[AO_MAX_DIMS]
        int64_t bstrides[4][AO_MAX_DIMS]
        int64_t d
        int64_t dstride[4]
    int AO_ROPE_HALF
    int AO_ROPE_INTERLEAVE
    int AO_ROPE_MAX_D
    int ao_rope_run(const void *plan, char *const *data, int nthreads)

cdef dict _ROTATIONS = {"half": AO_ROPE_HALF, "interleave": AO_ROPE_INTERLEAVE}


cdef int _rope_fill(ao_rope_plan *kp, int rotation, Tensor out, list strides) except -1:
    """The kernel's plan over out's shape: the row dims (all but the last) coalesced
    (_operand_layout), the last dim apart; `strides`: out's, x's, cos's and sin's element
    strides over out's dims (_broadcast_strides; out's its own or a contiguous workspace's)."""
    cdef int q, k
    shape = out.shape
    kp.mode, kp.dtype, kp.d = rotation, out.dtype.code, shape[-1]
    bshape, bstrides, _ = _operand_layout(tuple(shape[:-1]), [list(s[:-1]) for s in strides], -1, True)
    kp.nbatch, kp.batch = len(bshape), 1
    for q in range(len(bshape)):
        kp.bshape[q] = bshape[q]
        for k in range(4):
            kp.bstrides[k][q] = bstrides[k][q]
        kp.batch *= bshape[q]
    for k in range(4):
        kp.dstride[k] = strides[k][-1]
    return 0


cdef class RotaryOp(OpDef):
    """out = x * cos + rotate(x) * sin along the last dim, in fp32 (16-bit operands widened,
    the result rounded once). `rotations` maps the values of the op's Int attribute `mode`
    to a rotation of x's row r of length d: "half" (cat(-r[d/2:], r[:d/2])), "interleave"
    (the pairs (r[2i], r[2i+1]) -> (-r[2i+1], r[2i])); `otherwise`: the rotation of every
    other value (None: refused). Params: Input x, Input cos, Input sin,
    Int mode, Output out. CANN's rules are the check sequence's (`checks=`); the op kind
    itself refuses only what it cannot run (161002): x, cos, sin, out of different dtypes,
    out not of x's shape, cos or sin not of x's rank, of another last dim or not
    broadcasting to x, an odd last dim or one above 1024; a mode without a rotation is
    561002 (CANN's tiling refuses it)."""
    cdef readonly dict rotations
    cdef readonly object otherwise

    def __init__(self, name, snake, params, dtypes, rotations, otherwise=None, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        for v in list(rotations.values()) + ([] if otherwise is None else [otherwise]):
            if v not in _ROTATIONS:
                raise ValueError("%s: a rotation is one of %s, got %r" % (name, sorted(_ROTATIONS), v))
        self.rotations, self.otherwise = dict(rotations), otherwise
        kinds = [p.kind for p in self.params]
        if kinds != ["input", "input", "input", "int", "output"] or self.attr_params[0].name != "mode":
            raise ValueError("%s: RotaryOp takes (Input x, Input cos, Input sin, Int mode, Output out), got %s"
                             % (name, kinds))

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, (<Tensor>tensors[0]).dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[len(tensors) - 1], t
        cdef ao_rope_plan kp, kws
        cdef int k
        for k in range(1, 4):
            t = tensors[k]
            if t.dtype is not x.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s %s should have %s's dtype %s."
                       % (self.tensor_names[k], t.dtype.log_name, self.inputs[0], x.dtype.log_name))
        if out.shape != x.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s%r should have %s's shape %r."
                   % (self.tensor_names[3], out.shape, self.inputs[0], x.shape))
        if x.numel == 0:
            return _empty_plan(self)
        rank = len(x.shape)
        if rank < 1:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s is 0-d; the rotation is along its last dim." % self.inputs[0])
        for k in (1, 2):
            t = tensors[k]
            if len(t.shape) != rank or t.shape[-1] != x.shape[-1] or any(
                    a != b and a != 1 for a, b in zip(t.shape, x.shape)):
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s%r should have %s's rank and last dim and broadcast "
                       "to its shape %r." % (self.inputs[k], t.shape, self.inputs[0], x.shape))
        d = x.shape[-1]
        if d % 2 or d > AO_ROPE_MAX_D:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s's last dim %d: the rotation needs an even one of at most %d."
                   % (self.inputs[0], d, AO_ROPE_MAX_D))
        rotation = self.rotations.get(attrs[0], self.otherwise)
        if rotation is None:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, "mode %r: %s rotates with mode in %s."
                   % (attrs[0], self.name, sorted(self.rotations)))
        operands = (out, x, tensors[1], tensors[2])
        strides = _broadcast_strides(operands)
        _rope_fill(&kp, _ROTATIONS[rotation], out, strides)
        _rope_fill(&kws, _ROTATIONS[rotation], out, _workspace_strides(operands, strides))
        return _fn_plan(self, operands, strides, ao_rope_run, &kp, &kws, sizeof(ao_rope_plan), 1,
                        (len(tensors) - 1, 0, 1, 2))
