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


# ---------------------------------------------------------------------------
# CopyOp: a value written into a tensor by the Cast kernel (aclnnInplaceCopy,
# aclnnInplaceFillScalar, aclnnInplaceZero). The source is converted to the output's
# dtype with the Cast kernel's rules (one dtype: its bytes) and broadcast to its shape.
# ---------------------------------------------------------------------------
cdef struct _copy_value_plan:
    ao_cast_plan cp
    double value[2]     # the source element: 16 bytes, 8-aligned (its dtype: cp.src)


cdef int _copy_value_run(const void *plan, char *const *data, int nthreads) noexcept nogil:
    """ao_cast_run with the plan's own value as the source (every stride 0)."""
    cdef const _copy_value_plan *vp = <const _copy_value_plan *>plan
    cdef char *d[2]
    d[0] = data[0]
    d[1] = <char *>vp.value
    return ao_cast_run(&vp.cp, d, nthreads)


cdef class CopyOp(OpDef):
    """out = a source converted to out's dtype by the Cast kernel (src/cast.c: numpy's
    astype rules between the dtypes it has; one dtype: the bytes, NaN payloads kept) and
    broadcast to out's shape. The source is the op's second Input (InplaceCopy's src:
    any strides, broadcast), or its one Scalar attribute (InplaceFillScalar's value, as
    the aclScalar holds it: Scalar.dtype_of, a complex one's real part, as CANN's
    ConvertToTensor to a real dtype), or neither: zero bits (InplaceZero). The first
    Input is the tensor written (an in-place op's selfRef: declare inplace="only");
    the kernel never reads it. CANN's rules are the check sequence's; the op kind
    refuses only what the Cast kernel cannot convert (161002)."""

    def __init__(self, name, snake, params, dtypes, **kw):
        kw.setdefault("max_rank", None)
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        scalars = [p for p in self.attr_params if isinstance(p, Scalar)]
        if (len(self.outputs) != 1 or len(self.inputs) not in (1, 2) or len(self.attr_params) != len(scalars)
                or len(scalars) > 1 or (len(self.inputs) == 2 and scalars)):
            raise ValueError("%s: CopyOp takes (self, [src tensor | a Scalar value], out)" % name)
        for d in self.dtypes:
            if not ao_cast_supported((<DType>d).code):
                raise ValueError("%s: the cast kernel has no path for %s" % (name, (<DType>d).log_name))

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, (<Tensor>tensors[0]).dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor out = tensors[len(tensors) - 1], src = None
        cdef ao_cast_plan kp, kws
        cdef _copy_value_plan vp, vws
        cdef int i
        cdef DType vd
        cdef unsigned char[::1] vb
        cdef ao_cast_plan *cp
        dtypes = self.dtypes_for(soc)
        checked = [(self.tensor_names[len(tensors) - 1], out)]
        if len(self.inputs) == 2:
            src = tensors[1]
            checked.append((self.inputs[1], src))
        for n, t in checked:
            if (<Tensor>t).dtype not in dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: the cast kernel has no path for it, "
                       "should be in %s." % (n, (<Tensor>t).dtype.log_name, _dt_list(dtypes)))
        if src is not None and broadcast_shapes(src.shape, out.shape) != out.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r cannot broadcast to %s shape %r."
                   % (self.inputs[1], src.shape, checked[0][0], out.shape))
        if out.numel == 0 or (src is not None and src.numel == 0):
            return _empty_plan(self)
        slot_out = len(tensors) - 1
        if src is not None:
            operands = (out, src)
            strides = _broadcast_strides(operands)
            _cast_fill(&kp, operands, strides, out.is_contiguous())
            _cast_fill(&kws, operands, _workspace_strides(operands, strides), True)
            return _fn_plan(self, operands, strides, ao_cast_run, &kp, &kws, sizeof(ao_cast_plan), 1,
                            (slot_out, 1))
        # a scalar value (or zero), held in the plan: every element reads it (stride 0)
        value = np.zeros(2, np.float64)
        if attrs:
            v = attrs[0]
            vd = _scalar_dtype(v)
            if vd.numpy is not None and vd.numpy.kind == "c":
                v, vd = v.real, (DT_FLOAT if vd.numpy.itemsize == 8 else DT_DOUBLE)
            if not ao_cast_supported(vd.code) or vd.numpy is None:
                vd = DT_DOUBLE
            value.view(np.uint8)[:vd.itemsize] = np.asarray(v).astype(vd.numpy).reshape(1).view(np.uint8)
        else:
            vd = out.dtype         # zero: out's own dtype, all bits 0 (the bytes copy)
        operands = (out,)
        strides = _broadcast_strides(operands)
        for kp_ws in (False, True):
            ostrides = list(_contiguous_strides(out.shape)) if kp_ws else strides[0]
            shape, lstrides, _ = _operand_layout(out.shape, [list(ostrides), [0] * len(out.shape)], -1,
                                                 kp_ws or out.is_contiguous())
            cp = &vws.cp if kp_ws else &vp.cp
            cp.dst, cp.src, cp.ndim, cp.numel = out.dtype.code, vd.code, len(shape), out.numel
            for i in range(len(shape)):
                cp.shape[i] = shape[i]
                cp.strides[0][i] = lstrides[0][i]
                cp.strides[1][i] = 0
        vb = value.view(np.uint8)
        c_memcpy(vp.value, &vb[0], 16)
        c_memcpy(vws.value, &vb[0], 16)
        return _fn_plan(self, operands, strides, _copy_value_run, &vp, &vws, sizeof(_copy_value_plan), 1,
                        (slot_out,))


# ---------------------------------------------------------------------------
# ArangeOp: a sequence written into the output (aclnnArange): no tensor input.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_arange_plan:
        ao_cast_plan cp
        int integer
        double start
        double step
        int64_t istart
        int64_t istep

    int ao_arange_run(const void *plan, char *const *data, int nthreads)


_INT64_MIN = -(1 << 63)


cdef int64_t _trunc_int64(v) except? -1:
    """An aclScalar's ToInt64(): a C conversion (floats truncate; NaN, inf and values out of
    range give INT64_MIN, as the Cast kernel's float -> integer rule)."""
    try:
        iv = int(v)
    except (OverflowError, ValueError):
        iv = _INT64_MIN
    iv &= (1 << 64) - 1
    return iv - (1 << 64) if iv >= (1 << 63) else iv


cdef class ArangeOp(OpDef):
    """out[i] = start + i * step for every element i of out in C order (out's shape is the
    caller's: the kernel fills it, as CANN's Range kernel fills its output). Params: three
    Scalars (start, end, step) and one Output; no tensor input. The values are computed in
    int64 where out is INT64 (the scalars truncated, as ConvertToTensor to INT64), else in
    double (CANN's l0op::Arange reads them as DOUBLE), and stored into out's dtype by the
    Cast kernel's conversion (src/cast.c). CANN's rules are the check sequence's; the op
    kind refuses only an out dtype the Cast kernel cannot store (161002). The numpy-like
    call without out= allocates torch.arange's: ceil((end - start) / step) elements, INT64
    where every scalar is an integer or bool, else FLOAT."""

    def __init__(self, name, snake, params, dtypes, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if (self.inputs or len(self.outputs) != 1 or len(self.attr_params) != 3
                or not all(isinstance(p, Scalar) for p in self.attr_params)):
            raise ValueError("%s: ArangeOp takes (start, end, step Scalars, out)" % name)
        for d in self.dtypes:
            if not ao_cast_supported((<DType>d).code):
                raise ValueError("%s: the cast kernel has no path for %s" % (name, (<DType>d).log_name))

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        start, end, step = attrs
        ints = True
        for v in attrs:
            if not isinstance(v, (bool, int, np.bool_, np.integer)):
                ints = False
        n = 0
        if step:
            size = np.ceil((float(end) - float(start)) / float(step))
            if not np.isfinite(size) or size >= (1 << 62):
                # no out of that many elements can be made (numpy: "Maximum allowed size exceeded")
                _raise(ACLNN_ERR_PARAM_INVALID, "Arange: (end - start) / step = %s elements: not a size an "
                       "out can have (start %r, end %r, step %r)." % (float(size), start, end, step))
            n = max(0, int(size))
        return (n,), (DT_INT64 if ints else DT_FLOAT)

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor out = tensors[len(tensors) - 1]
        cdef ao_arange_plan kp, kws
        cdef ao_arange_plan *kq
        cdef int i
        dtypes = self.dtypes_for(soc)
        if out.dtype not in dtypes:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: the cast kernel has no path for it, should be in %s."
                   % (self.outputs[0], out.dtype.log_name, _dt_list(dtypes)))
        if out.numel == 0:
            return _empty_plan(self)
        start, end, step = [v.real if isinstance(v, (complex, np.complexfloating)) else v for v in attrs]
        for k, ws in enumerate((False, True)):
            ostrides = list(_contiguous_strides(out.shape)) if ws else list(out._strides)
            # C order kept (out_contiguous=True): element i is the i-th in C order
            shape, lstrides, _ = _operand_layout(out.shape, [ostrides], -1, True)
            kq = &kws if ws else &kp
            kq.cp.src = kq.cp.dst = out.dtype.code
            kq.cp.ndim, kq.cp.numel = len(shape), out.numel
            for i in range(len(shape)):
                kq.cp.shape[i] = shape[i]
                kq.cp.strides[0][i] = lstrides[0][i]
                kq.cp.strides[1][i] = 0
            kq.integer = out.dtype is DT_INT64
            kq.start, kq.step = float(start), float(step)
            kq.istart, kq.istep = _trunc_int64(start), _trunc_int64(step)
        strides = _broadcast_strides((out,))
        return _fn_plan(self, (out,), strides, ao_arange_run, &kp, &kws, sizeof(ao_arange_plan), 1,
                        (len(tensors) - 1,))

