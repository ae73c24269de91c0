# ---------------------------------------------------------------------------
# Cast: dtype conversion by a C kernel (src/cast.c), numpy's
# astype semantics. Tensor.astype / Tensor.to run through it (_api.pxi sets
# _tensor.pxi's _astype_kernel hook to the registered Cast op).
# ---------------------------------------------------------------------------
# ao_cast_plan, ao_cast_supported and ao_cast_run are declared in _plan.pxi (the
# elementwise plans' cast step uses them too).

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
        # with a check sequence, CANN's list of the attribute is a step in its place
        # (after the null and self checks, before the empty return); the kernel's own
        # limit is then the plan's support list
        if self.check_steps is None and d not in self.dtypes:
            _raise(ACLNN_ERR_PARAM_INVALID, "Attribute dtype %s not implemented, should be in dtype support list %s."
                   % ((<DType>d).log_name, _dt_list(self.dtypes)))
        return (d,)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, attrs[0]

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[1]
        cdef ao_cast_plan kp, kws
        self.check_dtype_support(tensors, soc)
        if out.dtype is not attrs[0]:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the dtype attribute %s."
                   % (self.output, out.dtype.log_name, (<DType>attrs[0]).log_name))
        if self._soc_refuses_bf16(soc):
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
        operands = (out, x)
        strides = _broadcast_strides(operands)
        _cast_fill(&kp, operands, strides, out.is_contiguous())
        _cast_fill(&kws, operands, _workspace_strides(operands, strides), True)
        return _fn_plan(self, operands, strides, ao_cast_run, &kp, &kws, sizeof(ao_cast_plan))


cdef int _cast_fill(ao_cast_plan *kp, tuple operands, list strides, bint out_contiguous) except -1:
    """The cast kernel's plan: the operand layout (memory order, coalesced)."""
    cdef int i
    shape, lstrides, _ = _operand_layout((<Tensor>operands[0]).shape, strides, -1, out_contiguous)
    kp.dst, kp.src = (<Tensor>operands[0]).dtype.code, (<Tensor>operands[1]).dtype.code
    kp.ndim, kp.numel = len(shape), (<Tensor>operands[0]).numel
    for i in range(len(shape)):
        kp.shape[i] = shape[i]
        kp.strides[0][i] = lstrides[0][i]
        kp.strides[1][i] = lstrides[1][i]
    return 0
