# ---------------------------------------------------------------------------
# Ops with a counter-based random generator: RReluWithNoiseOp. Element i's random
# number depends on (seed, offset, i) alone (Philox4x32-10, src/philox.h), so a result
# is reproducible from its seed and offset and independent of threads and tiling.
# ---------------------------------------------------------------------------
cdef extern from "rrelu.h" nogil:
    ctypedef struct ao_rrelu_plan:
        int dtype
        int training
        int ndim
        int64_t numel
        int64_t shape[AO_MAX_DIMS]
        int64_t strides[2][AO_MAX_DIMS]
        int noise_ndim
        int64_t noise_shape[AO_MAX_DIMS]
        int64_t noise_strides[AO_MAX_DIMS]
        float lower, upper, slope
        uint64_t seed, offset

    int ao_rrelu_run(const void *plan, char *const *data, int nthreads)
    void ao_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])


def philox4x32_10(counter, key):
    """One Philox4x32-10 block (src/philox.h): four 32-bit words of the 128-bit
    `counter` (4 words, lowest first) under the 64-bit `key` (2 words). For tests
    against Random123's known-answer vectors."""
    cdef uint32_t c[4]
    cdef uint32_t k[2]
    cdef uint32_t o[4]
    cdef int i
    for i in range(4):
        c[i] = counter[i]
    for i in range(2):
        k[i] = key[i]
    ao_philox4x32_10(c, k, o)
    return (o[0], o[1], o[2], o[3])


cdef tuple _row_major_layout(tuple shape, tuple strides):
    """(shape, strides) of a view walked in row-major order: size-1 dims dropped, dims
    coalesced where one steps into the other (the order stays row-major, which element
    i's index and the noise mapping need); (1,), (0,) for one element."""
    sh = [d for d in shape if d != 1]
    st = [s for d, s in zip(shape, strides) if d != 1]
    q = len(sh) - 2
    while q >= 0:
        if st[q] == sh[q + 1] * st[q + 1]:
            sh[q] *= sh[q + 1]
            st[q] = st[q + 1]
            del sh[q + 1], st[q + 1]
        q -= 1
    if not sh:
        return (1,), (0,)
    if len(sh) > AO_MAX_DIMS:
        _raise(ACLNN_ERR_PARAM_INVALID, "the view has %d dims after coalescing, at most %d"
               % (len(sh), AO_MAX_DIMS))
    return tuple(sh), tuple(st)


cdef tuple _row_major_pair(tuple shape, tuple st0, tuple st1):
    """_row_major_layout of two views of one shape walked together: a dim merges into
    the previous one only where both step into it."""
    sh = [d for d in shape if d != 1]
    a = [s for d, s in zip(shape, st0) if d != 1]
    b = [s for d, s in zip(shape, st1) if d != 1]
    q = len(sh) - 2
    while q >= 0:
        if a[q] == sh[q + 1] * a[q + 1] and b[q] == sh[q + 1] * b[q + 1]:
            sh[q] *= sh[q + 1]
            a[q], b[q] = a[q + 1], b[q + 1]
            del sh[q + 1], a[q + 1], b[q + 1]
        q -= 1
    if not sh:
        return (1,), ((0,), (0,))
    if len(sh) > AO_MAX_DIMS:
        _raise(ACLNN_ERR_PARAM_INVALID, "the view has %d dims after coalescing, at most %d"
               % (len(sh), AO_MAX_DIMS))
    return tuple(sh), (tuple(a), tuple(b))


cdef class RReluWithNoiseOp(OpDef):
    """aclnnRReluWithNoise(self, noise, lower, upper, training, seed, offset, out) and
    its in-place variant: CANN's checks (ops-nn activation/leaky_relu/op_api/
    aclnn_rrelu_with_noise.cpp CheckParams: nulls; self, noise, out in the support
    list, lower and upper FLOAT/FLOAT16/BF16/DOUBLE scalars, noise and self with out's
    dtype; self with out's shape, and in training numel(self) <= numel(noise); at most
    32 dims; self's and noise's format out's; then an empty self or noise returns
    success) and its kernel (src/rrelu.h). Params: Input self, Input noise (written),
    Scalar lower, Scalar upper, Bool training, Int seed, Int offset, Output out."""

    def __init__(self, name, snake, params, dtypes, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        kinds = [p.kind for p in self.params]
        if kinds != ["input", "input", "scalar", "scalar", "bool", "int", "int", "output"]:
            raise ValueError("%s: RReluWithNoiseOp's params are (self, noise, lower, upper, training, "
                             "seed, offset, out), got %s" % (name, kinds))
        if self.written_inputs != (1,):
            raise ValueError("%s: noise is written by the op: Input(noise, written=True)" % name)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, (<Tensor>tensors[0]).dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], noise = tensors[1], out = tensors[2]
        cdef ao_rrelu_plan kp, kws
        cdef int i
        lower, upper, training, seed, offset = attrs
        # CheckDtypeValid: the tensors' list (BF16 where the SoC has it), the scalars'
        # FLOAT/FLOAT16/BF16/DOUBLE (the Params' check), noise and self with out's dtype
        self.check_dtype_support(tensors, soc)
        if self._soc_refuses_bf16(soc):
            for n, t in zip(self.tensor_names, tensors):
                if (<Tensor>t).dtype is DT_BF16:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype DT_BF16 is not supported on %s (%s)."
                           % (n, soc.name, soc.arch))
        for n, t in ((self.inputs[0], x), (self.inputs[1], noise)):
            if t.dtype is not out.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                       % (n, t.dtype.log_name, self.output, out.dtype.log_name))
        # CheckShapeValid: self's shape is out's; training: noise holds every element
        if x.shape != out.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                   % (self.inputs[0], x.shape, self.output, out.shape))
        if training and x.numel > noise.numel:
            _raise(ACLNN_ERR_PARAM_INVALID, "tensor size of %s larger than %s, %s: %d, %s: %d."
                   % (self.inputs[0], self.inputs[1], self.inputs[0], x.numel, self.inputs[1], noise.numel))
        # CheckFormatValid: at most 32 dims (self, noise), self's and noise's format out's
        self.check_ranks((x, noise))
        for n, t in ((self.inputs[0], x), (self.inputs[1], noise)):
            if t._format != out._format:
                _raise(ACLNN_ERR_PARAM_INVALID, "Input tensor %s's format[%s] should be same with output's "
                       "format[%s]." % (n, Format(t._format).name, Format(out._format).name))
        if x.numel == 0 or noise.numel == 0:
            return _empty_plan(self)
        # CANN's float arithmetic: lower->ToFloat(), upper->ToFloat(), (l + u) / 2 in FLOAT
        lo32, up32 = np.float32(lower.real), np.float32(upper.real)
        kp.dtype = x.dtype.code
        kp.training = bool(training)
        kp.numel = x.numel
        kp.lower, kp.upper = lo32, up32
        kp.slope = (lo32 + up32) / np.float32(2)
        kp.seed = seed & 0xFFFFFFFFFFFFFFFF      # int64_t as CANN's uint64 key / counter
        kp.offset = offset & 0xFFFFFFFFFFFFFFFF
        # out and self walked together in row-major order (element i: its random number)
        shape, strides = _row_major_pair(x.shape, out._strides, x._strides)
        kp.ndim = len(shape)
        for i in range(kp.ndim):
            kp.shape[i] = shape[i]
            kp.strides[0][i] = strides[0][i]
            kp.strides[1][i] = strides[1][i]
        nshape, nstrides = _row_major_layout(noise.shape, noise._strides)
        kp.noise_ndim = len(nshape)
        for i in range(kp.noise_ndim):
            kp.noise_shape[i] = nshape[i]
            kp.noise_strides[i] = nstrides[i]
        # the overlap path: out into a C-contiguous workspace of its shape
        kws = kp
        shape, strides = _row_major_pair(x.shape, _contiguous_strides(x.shape), x._strides)
        kws.ndim = len(shape)
        for i in range(kws.ndim):
            kws.shape[i] = shape[i]
            kws.strides[0][i] = strides[0][i]
            kws.strides[1][i] = strides[1][i]
        # the executor's overlap check and ViewCopy: out's and self's strides over the
        # coalesced row-major dims (noise's extent comes from its own view, _plan_operands)
        shape, strides = _row_major_pair(x.shape, out._strides, x._strides)
        return _fn_plan(self, (out, x, noise), [list(strides[0]), list(strides[1]), [0] * len(shape)],
                        ao_rrelu_run, &kp, &kws, sizeof(ao_rrelu_plan), 1, None, None, list(shape))
