# ---------------------------------------------------------------------------
# Cast: dtype conversion by a C kernel (src/cast.c), numpy's
# astype semantics. Tensor.astype / Tensor.to run through it.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_cast_plan:
        int src
        int dst
        int ndim
        int64_t numel
        int64_t shape[AO_MAX_DIMS]
        int64_t strides[2][AO_MAX_DIMS]

    int ao_cast_supported(int dtype)
    int ao_cast_run(const void *plan, char *const *data, int nthreads)


cdef class CastOp(OpDef):
    """out = self converted to the dtype attribute (which `out` must have)."""

    def __init__(self, name, snake, params, dtypes, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if (len(self.inputs) != 1 or len(self.outputs) != 1 or len(self.attr_params) != 1
                or not isinstance(self.attr_params[0], DTypeAttr)):
            raise ValueError("%s: CastOp takes (self, a DTypeAttr dtype, out)" % name)
        for d in self.dtypes:
            if not ao_cast_supported((<DType>d).code):
                raise ValueError("%s: the cast kernel has no path for %s" % (name, (<DType>d).log_name))

    cpdef tuple check_attrs(self, tuple attrs):
        (d,) = OpDef.check_attrs(self, attrs)
        if d not in self.dtypes:
            _raise(ACLNN_ERR_PARAM_INVALID, "Attribute dtype %s not implemented, should be in dtype support list %s."
                   % ((<DType>d).log_name, _dt_list(self.dtypes)))
        return (d,)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, attrs[0]

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[1]
        cdef ao_cast_plan kp, kws
        cdef int i
        self.check_dtype_support(tensors, soc)
        if out.dtype is not attrs[0]:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the dtype attribute %s."
                   % (self.output, out.dtype.log_name, (<DType>attrs[0]).log_name))
        if not soc.bf16:
            for n, t in zip(self.tensor_names, tensors):
                if (<Tensor>t).dtype is DT_BF16:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype DT_BF16 is not supported on %s (%s)."
                           % (n, soc.name, soc.arch))
        self.check_ranks(tensors)
        if x.shape != out.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                   % (self.inputs[0], x.shape, self.output, out.shape))
        if out.numel == 0:
            return _empty_plan(self)
        kp.src, kp.dst, kp.ndim, kp.numel = x.dtype.code, out.dtype.code, len(out.shape), out.numel
        cstrides = _contiguous_strides(out.shape)
        for i in range(kp.ndim):
            kp.shape[i] = out.shape[i]
            kp.strides[0][i] = out._strides[i]
            kp.strides[1][i] = x._strides[i]
        kws = kp
        for i in range(kp.ndim):
            kws.strides[0][i] = cstrides[i]
        return _fn_plan(self, tensors, ao_cast_run, &kp, &kws, sizeof(ao_cast_plan))


cdef object _cast_op():
    op = _registry.get("cast")
    if op is None:
        import ascendops.ops  # registers the ops (cast among them)
        op = _registry["cast"]
    return op
