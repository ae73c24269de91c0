# ---------------------------------------------------------------------------
# Ops whose kernel is not elementwise: the Plan they share (_fn_plan), and the row
# reductions (RowReduceOp: a C row kernel named by the declaration, src/rows.c).
# They go through the same phase 1 / phase 2, cache and executors as ElementwiseOp;
# their Plan carries a C function and its own plan struct (Plan.fn / fn_plan).
# ---------------------------------------------------------------------------
from libc.stdlib cimport malloc
from libc.string cimport memcpy as c_memcpy, memset


cdef extern from "plan_fn.h" nogil:
    enum: AO_ROW_MAX_OPERANDS
    ctypedef struct ao_row_plan:
        int kernel
        int nops
        int dtype[AO_ROW_MAX_OPERANDS]
        int ndim
        int64_t shape[AO_MAX_DIMS]
        int64_t strides[AO_ROW_MAX_OPERANDS][AO_MAX_DIMS]
        int64_t rows
        int64_t n
        int64_t rstride[AO_ROW_MAX_OPERANDS]

    int ao_row_kernel_find(const char *name)
    int ao_row_kernel_arity(int kernel)
    int ao_row_kernel_outputs(int kernel)
    int ao_row_dtype_ok(int kernel, int dtype)
    int ao_row_run(const void *plan, char *const *data, int nthreads)


cdef Plan _fn_plan(OpDef op, tuple operands, list strides, ao_plan_fn fn, const void *kplan,
                   const void *kplan_ws, size_t size, int nout=1, tuple slots=None, list ws_strides=None,
                   list shape=None):
    """A Plan running `fn` on the kernel plan `kplan` (`kplan_ws`: the same writing the
    outputs into C-contiguous workspace regions, for the overlap path). `ew`
    describes the operands' views (the nout outputs first) over the first output's dims,
    `strides` per operand (_broadcast_strides), for the executor's overlap check and the
    ViewCopy from the workspace (_plan_operands: each operand's extent from its own view,
    so an input of another shape than the output -- a reduction's -- is checked right).
    slots: each operand's tensor (_plan_operands; None: one output after the inputs);
    ws_strides: the outputs' strides in their workspace regions, where they are not the
    first output's contiguous ones (a per-row output: 0 along the reduced dim).
    `shape`: the dims `strides` run over where not the first output's own (a coalesced
    layout: at most AO_MAX_DIMS)."""
    cdef Plan p = Plan.__new__(Plan)
    cdef int j, i
    p.ew.kernel = -1
    _plan_operands(p, op, operands, list((<Tensor>operands[0]).shape) if shape is None else shape, strides,
                   nout, slots, None if slots is None else (0,) * len(operands))
    if ws_strides is not None:
        for j in range(nout):
            for i in range(p.ew.ndim):
                p.via_ws.strides[j][i] = ws_strides[j][i]
    p.tiling = None
    p.fn_plan = malloc(size)
    p.fn_plan_ws = malloc(size)
    if p.fn_plan == NULL or p.fn_plan_ws == NULL:
        raise MemoryError()
    c_memcpy(p.fn_plan, kplan, size)
    c_memcpy(p.fn_plan_ws, kplan_ws, size)
    p.fn = fn
    return p


cdef list _workspace_strides(tuple operands, list strides):
    """`strides` with the output's replaced by a C-contiguous workspace's (the view the
    overlap path writes, _plan_operands' via_ws)."""
    return [list(_contiguous_strides((<Tensor>operands[0]).shape))] + strides[1:]


cdef class RowReduceOp(OpDef):
    """out = a row reduction of the inputs along `dim` by a C row kernel (`kernel`: a
    name of src/rows.c's table, e.g. "softmax_backward"; its inputs are the op's).
    Params: the kernel's inputs, one Int dim (or `dim=` fixed by the declaration, where
    CANN's op has no dim parameter), its outputs. Every tensor has one shape, but an
    Output(reduced=True): one element per row, the shape without the reduced dim
    (SoftmaxCrossEntropyWithLogits' loss); the inputs one dtype (with the outputs too
    unless out_dtype="unchecked": the kernel writes any listed dtype); dim in
    [-rank, rank) (negative dims count from the end; a 0-d tensor takes -1 and 0).
    Worker threads over the rows, any strides, no workspace (except when an output
    overlaps an input). A new row op is a declaration naming its kernel: no new class."""
    cdef readonly str kernel
    cdef int _row_kernel
    # None: out's dtype is in `dtypes` too; else the dtypes out may have, where CANN checks
    # only the inputs against its list and Casts the result to any out (LogSoftmaxBackward)
    cdef readonly tuple out_dtypes
    # the reduced dim where the declaration fixes it (no Int attribute), else None
    cdef readonly object dim
    # per output: one element per row (Output(reduced=True))
    cdef readonly tuple reduced_outputs
    # the kernel's output operands: the full-shape outputs, then the per-row ones
    cdef tuple _out_order

    def __init__(self, name, snake, params, dtypes, kernel, out_dtypes=None, dim=None, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        self.kernel = kernel
        self.out_dtypes = None if out_dtypes is None else tuple(as_dtype(d) for d in out_dtypes)
        self.dim = dim
        self._row_kernel = ao_row_kernel_find(kernel.encode()) if isinstance(kernel, str) else -1
        if self._row_kernel < 0:
            raise ValueError("%s: no row kernel %r in this build (src/rows.c)" % (name, kernel))
        outs = [p for p in self.params if p.kind == "output"]
        self.reduced_outputs = tuple(bool(getattr(p, "reduced", False)) for p in outs)
        self._out_order = tuple([j for j, r in enumerate(self.reduced_outputs) if not r] +
                                [j for j, r in enumerate(self.reduced_outputs) if r])
        want_attrs = 1 if dim is None else 0
        if (ao_row_kernel_arity(self._row_kernel) != len(self.inputs)
                or ao_row_kernel_outputs(self._row_kernel) != len(self.outputs)
                or all(self.reduced_outputs)
                or len(self.attr_params) != want_attrs
                or (dim is None and not isinstance(self.attr_params[0], Int))
                or (dim is not None and not isinstance(dim, int))):
            raise ValueError("%s: row kernel %s takes %d inputs, %s and %d outputs (one at least of "
                             "the rows' shape); the op declares %d inputs, %d outputs and %d attributes"
                             % (name, kernel, ao_row_kernel_arity(self._row_kernel),
                                "one Int dim" if dim is None else "no attributes (dim=%r)" % (dim,),
                                ao_row_kernel_outputs(self._row_kernel), len(self.inputs),
                                len(self.outputs), len(self.attr_params)))

    def _reduced_dim(self, tuple attrs, int ndim):
        """operand_shapes' reduced dim: the row dim in [0, ndim), None for a 0-d
        iteration or a dim out of range (phase 1 refuses that call)."""
        dim = self._dim_of(attrs, ndim, False)
        return dim if 0 <= dim < ndim else None

    cdef int _dim_of(self, tuple attrs, int nd, bint check) except? -9:
        """The reduced dim in [0, max(nd, 1)) (check: 161002 when out of range)."""
        dim = attrs[0] if self.dim is None else self.dim
        lim = max(nd, 1)
        if dim < -lim or dim >= lim:
            if check:
                _raise(ACLNN_ERR_PARAM_INVALID, "dim %d is out of range for a %d-d tensor, should be in [%d, %d]."
                       % (dim, nd, -lim, lim - 1))
            return -1
        return dim % lim

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return self.infer_outputs(tensors, attrs, soc)[0]

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        cdef Tensor t = tensors[0]
        cdef int dim = self._dim_of(attrs, len(t.shape), False)
        reduced = t.shape if dim < 0 or not t.shape else t.shape[:dim] + t.shape[dim + 1:]
        return tuple([(reduced if r else t.shape, t.dtype) for r in self.reduced_outputs])

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs), nout = len(self.outputs), k, dim
        cdef Tensor out = tensors[nin + self._out_order[0]]     # a full-shape output
        cdef ao_row_plan kp, kws
        if self.returns_early_on_empty(tensors[:nin], soc):
            return _empty_plan(self)
        # dtypes: the support list, one dtype for all (out_dtype="unchecked": for the
        # inputs; the kernel writes any listed dtype), BF16 only where the SoC has it.
        if self.out_dtypes is None:
            self.check_dtype_support(tensors, soc)
        else:
            self.check_dtype_support(tensors[:nin], soc)
            for n, t in zip(self.outputs, tensors[nin:]):
                if (<Tensor>t).dtype not in self.out_dtypes:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype "
                           "support list %s." % (n, (<Tensor>t).dtype.log_name, _dt_list(self.out_dtypes)))
        ref = tensors[0] if self.out_dtype == "unchecked" else tensors[nin]
        ref_name = self.inputs[0] if self.out_dtype == "unchecked" else self.output
        for n, t in zip(self.tensor_names, tensors):
            if (<Tensor>t).dtype is not (<Tensor>ref).dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                       % (n, (<Tensor>t).dtype.log_name, ref_name, (<Tensor>ref).dtype.log_name))
            if self.out_dtype == "unchecked" and n == self.inputs[-1]:
                break
        if self._soc_refuses_bf16(soc) and any((<Tensor>t).dtype is DT_BF16 for t in tensors):
            _raise(ACLNN_ERR_PARAM_INVALID, "dtype DT_BF16 is not supported on %s (%s)." % (soc.name, soc.arch))
        # shapes: ranks (of the tensors of the rows' shape), equal shapes, dim in
        # [-rank, rank) (a 0-d tensor takes -1 and 0), a per-row output's shape.
        self.check_ranks(tuple([None if r else t for t, r in zip(tensors, (False,) * nin + self.reduced_outputs)]))
        for n, t in zip(self.tensor_names, tensors):
            if t is not out and not (n in self.outputs and self.reduced_outputs[self.outputs.index(n)]) \
                    and (<Tensor>t).shape != out.shape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                       % (n, (<Tensor>t).shape, self.outputs[self._out_order[0]], out.shape))
        nd = len(out.shape)
        dim = self._dim_of(attrs, nd, True)
        rshape = out.shape[:dim] + out.shape[dim + 1:]
        for j in range(nout):
            t = tensors[nin + j]
            if self.reduced_outputs[j] and (<Tensor>t).shape != rshape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r (%s's shape %r without dim %d)."
                       % (self.outputs[j], (<Tensor>t).shape, rshape, self.outputs[self._out_order[0]],
                          out.shape, dim))
        if out.numel == 0:
            return _empty_plan(self)
        for t in tensors:
            if not ao_row_dtype_ok(self._row_kernel, (<Tensor>t).dtype.code):
                _raise(ACLNN_ERR_INNER_NULLPTR, "the row kernel %s has no path for %s"
                       % (self.kernel, (<Tensor>t).dtype.log_name))
        if nout == 1:
            operands = (out,) + tuple(tensors[:nin])
            strides = _broadcast_strides(operands)
            _row_fill(&kp, self._row_kernel, operands, strides, dim, out.is_contiguous())
            _row_fill(&kws, self._row_kernel, operands, _workspace_strides(operands, strides), dim, True)
            return _fn_plan(self, operands, strides, ao_row_run, &kp, &kws, sizeof(ao_row_plan))
        # several outputs: the kernel's order (full-shape outputs, then per-row ones), then
        # the inputs; a per-row output steps 0 along the reduced dim (its rstride is 0)
        operands = tuple([tensors[nin + j] for j in self._out_order]) + tuple(tensors[:nin])
        slots = tuple([nin + j for j in self._out_order]) + tuple(range(nin))
        strides, ws_strides = [], []
        for k in range(len(operands)):
            t = operands[k]
            r = k < nout and self.reduced_outputs[self._out_order[k]]
            s = list((<Tensor>t)._strides)
            if r and nd:
                s.insert(dim, 0)
            strides.append(s)
            if k < nout:
                w = list(_contiguous_strides((<Tensor>t).shape))
                if r and nd:
                    w.insert(dim, 0)
                ws_strides.append(w)
        _row_fill(&kp, self._row_kernel, operands, strides, dim, out.is_contiguous())
        _row_fill(&kws, self._row_kernel, operands, ws_strides + strides[nout:], dim, True)
        return _fn_plan(self, operands, strides, ao_row_run, &kp, &kws, sizeof(ao_row_plan), nout, slots,
                        ws_strides)


cdef class SoftmaxBackwardOp(RowReduceOp):
    """RowReduceOp with the "softmax_backward" row kernel (kept for declarations that
    name this class; new row ops use RowReduceOp)."""

    def __init__(self, name, snake, params, dtypes, kernel="softmax_backward", **kw):
        RowReduceOp.__init__(self, name, snake, params, dtypes, kernel, **kw)


cdef int _row_fill(ao_row_plan *kp, int kernel, tuple operands, list strides, int dim,
                   bint out_contiguous) except -1:
    """The row kernel's plan: the operand layout with `dim` as the row (_operand_layout)."""
    cdef int k, i
    shape, rstrides, row = _operand_layout((<Tensor>operands[0]).shape, strides, dim, out_contiguous)
    kp.kernel, kp.nops, kp.ndim = kernel, len(operands), len(shape)
    kp.n = row[0]
    kp.rows = 1
    for i in range(len(shape)):
        kp.shape[i] = shape[i]
        kp.rows *= shape[i]
    for k in range(len(operands)):
        kp.dtype[k] = (<Tensor>operands[k]).dtype.code
        kp.rstride[k] = row[1][k]
        for i in range(len(shape)):
            kp.strides[k][i] = rstrides[k][i]
    return 0


cdef extern from "plan_fn.h" nogil:
    enum: AO_CHAN_MAX_OPERANDS
    ctypedef struct ao_chan_plan:
        int kernel
        int nops
        int dtype[AO_CHAN_MAX_OPERANDS]
        int ndim
        int64_t shape[AO_MAX_DIMS]
        int64_t strides[AO_CHAN_MAX_OPERANDS][AO_MAX_DIMS]
        int64_t channels
        int64_t cstride[AO_CHAN_MAX_OPERANDS]

    int ao_chan_kernel_find(const char *name)
    int ao_chan_kernel_arity(int kernel)
    int ao_chan_run(const void *plan, char *const *data, int nthreads)


cdef int64_t _flat_stride(Tensor t, str name) except -1:
    """The element stride between t's elements in C order (0 for one element); 161002 where
    they are not one stride apart (the kernel reads a per-channel operand with one stride)."""
    cdef int64_t step, acc
    if t.numel <= 1:
        return 0
    dims = [(d, st) for d, st in zip(t.shape, t._strides) if d != 1]
    step = dims[-1][1]
    acc = step
    for d, st in reversed(dims):
        if st != acc:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r strides %r: its elements are not one stride "
                   "apart; pass a contiguous %s." % (name, t.shape, t._strides, name))
        acc *= d
    return step


cdef class ChannelReduceOp(OpDef):
    """An elementwise result of the reference input's shape plus a per-channel output:
    the sum over every dim but the channel (dim 1) of a per-element term, by a C kernel
    of src/channel.c's table (`kernel`). Params: inputs of the reference's shape (the
    input named `ref`; the others broadcast to it), Input(along=1)s (one value per
    channel, or one), one Output of the reference's shape and one Output(along=1) (the
    per-channel sums, shaped (C,), or as the along input where that has one element).
    Rules (CANN's PreluBackward, ops-nn activation/p_relu_grad_update/op_api/
    aclnn_prelu_backward.cpp): `ref` in the support list, every other tensor of its dtype;
    ranks <= max_rank; the full output of ref's shape; the along input 1 or C elements (C:
    ref's dim 1, 1 for a ref of rank <= 1; C elements need rank >= 1), the along output
    (C,) or the along input's shape when it has one element; the other inputs broadcast
    to ref's shape; all 161002. An empty input returns success; its channel sums (over no
    element) are written as 0. One pass, any strides, no workspace (except when an output
    overlaps an input); the same bits at every thread count (src/channel.c)."""
    cdef readonly str kernel
    cdef readonly str ref
    cdef int _chan_kernel
    cdef int _ref, _along_in, _full_out, _along_out

    def __init__(self, name, snake, params, dtypes, kernel, ref="self", **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        self.kernel, self.ref = kernel, ref
        self._chan_kernel = ao_chan_kernel_find(kernel.encode()) if isinstance(kernel, str) else -1
        if self._chan_kernel < 0:
            raise ValueError("%s: no channel kernel %r in this build (src/channel.c)" % (name, kernel))
        ins = list(self.input_params)
        outs = [p for p in self.params if p.kind == "output"]
        along_in = [k for k, p in enumerate(ins) if getattr(p, "along", None) is not None]
        along_out = [j for j, p in enumerate(outs) if getattr(p, "along", None) is not None]
        if (ao_chan_kernel_arity(self._chan_kernel) != len(ins) or ref not in self.inputs
                or len(along_in) != 1 or len(outs) != 2 or len(along_out) != 1 or self.attr_params
                or ins[along_in[0]].along != 1 or outs[along_out[0]].along != 1):
            raise ValueError("%s: channel kernel %s takes %d inputs (one Input(along=1)), the input %r, one "
                             "Output and one Output(along=1), no attributes"
                             % (name, kernel, ao_chan_kernel_arity(self._chan_kernel), ref))
        self._ref = self.inputs.index(ref)
        self._along_in = along_in[0]
        self._along_out = along_out[0]
        self._full_out = 1 - along_out[0]

    cdef int64_t _channels(self, tuple shape):
        return shape[1] if len(shape) > 1 else 1

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return self.infer_outputs(tensors, attrs, soc)[0]

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        cdef Tensor ref = tensors[self._ref], w = tensors[self._along_in]
        per_channel = w.shape if w.numel == 1 else (self._channels(ref.shape),)
        return tuple([(per_channel if j == self._along_out else ref.shape, ref.dtype) for j in range(2)])

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs), k
        cdef Tensor ref = tensors[self._ref], w = tensors[self._along_in]
        cdef Tensor gi = tensors[nin + self._full_out], gw = tensors[nin + self._along_out]
        cdef int64_t channels
        cdef ao_chan_plan kp, kws
        # dtypes: ref in the list, every other tensor of ref's dtype, BF16 per SoC
        self.check_dtype_support((None,) * self._ref + (ref,), soc)
        for n, t in zip(self.tensor_names, tensors):
            if (<Tensor>t).dtype is not ref.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                       % (n, (<Tensor>t).dtype.log_name, self.ref, ref.dtype.log_name))
        if self._soc_refuses_bf16(soc) and ref.dtype is DT_BF16:
            _raise(ACLNN_ERR_PARAM_INVALID, "dtype DT_BF16 is not supported on %s (%s)." % (soc.name, soc.arch))
        # shapes, in CANN's order
        self.check_ranks(tensors)
        fo, ao_ = self.outputs[self._full_out], self.outputs[self._along_out]
        if gi.shape != ref.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                   % (fo, gi.shape, self.ref, ref.shape))
        channels = self._channels(ref.shape)
        if w.numel != 1:
            if len(ref.shape) < 1:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has 0 dims, should have at least 1 when %s has "
                       "%d elements." % (self.ref, self.inputs[self._along_in], w.numel))
            if w.numel != channels:
                _raise(ACLNN_ERR_PARAM_INVALID, "the number of %s elements must be 1 or %s's channel size %d, "
                       "but got %d." % (self.inputs[self._along_in], self.ref, channels, w.numel))
            if gw.shape != (channels,):
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be (%d,)." % (ao_, gw.shape, channels))
        else:
            channels = 1
            if gw.shape != w.shape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                       % (ao_, gw.shape, self.inputs[self._along_in], w.shape))
        for k in range(nin):
            if k != self._ref and k != self._along_in:
                b = broadcast_shapes(ref.shape, (<Tensor>tensors[k]).shape)
                if b != ref.shape:
                    _raise(ACLNN_ERR_PARAM_INVALID, "the broadcast shape %r of %s and %s must be %s's shape %r."
                           % (b, self.inputs[k], self.ref, self.ref, ref.shape))
        if channels == 0:
            return _empty_plan(self)       # no channel: nothing to write
        for t in tensors:
            if not ao_ew_dtype_ok((<Tensor>t).dtype.code):
                _raise(ACLNN_ERR_INNER_NULLPTR, "the channel kernel %s has no path for %s"
                       % (self.kernel, (<Tensor>t).dtype.log_name))
        # operands: the full output, the per-channel output, then the inputs
        order = [nin + self._full_out, nin + self._along_out] + list(range(nin))
        operands = tuple([tensors[k] for k in order])
        nd = len(ref.shape)
        chan_dim = 1 if channels > 1 else -1
        full = [k for k in range(len(order)) if order[k] not in (nin + self._along_out, self._along_in)]
        bstrides = _broadcast_strides(tuple([operands[k] for k in full]))
        strides, ws_strides, cstride = [], [], []
        names = [self.tensor_names[k] for k in order]
        for k in range(len(operands)):
            t = operands[k]
            if k in full:
                s = bstrides[full.index(k)]
                cstride.append(s[1] if chan_dim == 1 else 0)
            else:
                fs = _flat_stride(t, names[k])
                s = [fs if q == chan_dim else 0 for q in range(nd)]
                cstride.append(fs)
            strides.append(s)
        ws_strides = [list(_contiguous_strides(gi.shape)), [1 if q == chan_dim else 0 for q in range(nd)]]
        _chan_fill(&kp, self._chan_kernel, operands, strides, cstride, chan_dim, full, gi.is_contiguous(), channels)
        ws_cstride = [ws_strides[0][1] if chan_dim == 1 else 0, 1 if chan_dim == 1 else 0] + cstride[2:]
        _chan_fill(&kws, self._chan_kernel, operands, ws_strides + strides[2:], ws_cstride, chan_dim, full, True,
                   channels)
        return _fn_plan(self, operands, strides, ao_chan_run, &kp, &kws, sizeof(ao_chan_plan), 2, tuple(order),
                        ws_strides)


cdef int _chan_fill(ao_chan_plan *kp, int kernel, tuple operands, list strides, list cstride, int chan_dim,
                    list full, bint out_contiguous, int64_t channels) except -1:
    """The channel kernel's plan: the full-shape operands laid out over the shape without
    the channel dim (_operand_layout: memory order, coalesced); the per-channel ones step
    only along the channel (cstride)."""
    cdef int k, i
    oshape = (<Tensor>operands[0]).shape
    nd = len(oshape)
    keep = [q for q in range(nd) if q != chan_dim]
    shape, fstrides, _ = _operand_layout(tuple([oshape[q] for q in keep]),
                                         [[strides[k][q] for q in keep] for k in full], -1, out_contiguous)
    kp.kernel, kp.nops, kp.ndim, kp.channels = kernel, len(operands), len(shape), channels
    for i in range(len(shape)):
        kp.shape[i] = shape[i]
    for k in range(len(operands)):
        kp.dtype[k] = (<Tensor>operands[k]).dtype.code
        kp.cstride[k] = cstride[k]
        for i in range(len(shape)):
            kp.strides[k][i] = fstrides[full.index(k)][i] if k in full else 0
    return 0


# ---------------------------------------------------------------------------
# Axis reductions (the norms): a statistic of each row over a block of reduced dims, and
# results of the row's elements from it. What is reduced is a declaration (Trailing,
# Dims, Groups); the C kernels are src/axis.c's table.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    enum: AO_AXIS_MAX_OPERANDS
    enum: AO_AXIS_MAX_ATTRS
    ctypedef struct ao_axis_plan:
        int kernel
        int nops
        int slot[AO_AXIS_MAX_OPERANDS]
        int dtype[AO_AXIS_MAX_OPERANDS]
        int ondim
        int indim
        int64_t oshape[AO_MAX_DIMS]
        int64_t ishape[AO_MAX_DIMS]
        int64_t ostrides[AO_AXIS_MAX_OPERANDS][AO_MAX_DIMS]
        int64_t istrides[AO_AXIS_MAX_OPERANDS][AO_MAX_DIMS]
        int64_t rows
        int64_t n
        double attrs[AO_AXIS_MAX_ATTRS]

    int ao_axis_kernel_find(const char *name)
    int ao_axis_kernel_inputs(int kernel)
    int ao_axis_kernel_outputs(int kernel)
    int ao_axis_dtype_ok(int dtype)
    int ao_axis_kernel_dtype_ok(int kernel, int dtype)
    int ao_axis_run(const void *plan, char *const *data, int nthreads)


class Trailing:
    """The reduced block is the first input's last k dims, k = the rank of the tensor
    `by` without its leading 1s (RmsNorm's gamma) or the length of the IntArray `by`
    (LayerNorm's normalizedShape). Per-row results keep those dims as 1; an affine input
    spans them."""

    def __init__(self, by):
        self.by = by

    def space(self, x, named):
        v = named[self.by]
        if hasattr(v, "shape"):
            # a tensor's leading 1s span no dim of their own: a (1, D) gamma normalizes the
            # last dim (AddRmsNorm's PRE and POST modes; where CANN reduces both, x's dim
            # there is 1 and the block the same)
            k = len(v.shape)
            while k and v.shape[len(v.shape) - k] == 1:
                k -= 1
        else:
            k = len(v)
        r = len(x.shape)
        if k > r:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s spans %d dims, more than the %d of the input." % (self.by, k, r))
        return x.shape, tuple(range(r - k, r)), (1,) * (r - k) + x.shape[r - k:]

    def row_shape(self, x, named):
        shape, dims, _ = self.space(x, named)
        return tuple(1 if d in dims else shape[d] for d in range(len(shape)))

    def affine_shape(self, x, named):
        shape, dims, _ = self.space(x, named)
        return shape[len(shape) - len(dims):]


class Dims:
    """The reduced block is the first input's dims listed by the IntArray `dims`
    (negative ones count from the end; none: every dim), or the one dim of an Int `dims`
    (ArgMax's, Cumsum's, Argsort's); per-row results keep them as 1 where the Bool
    `keepdim` is true, else drop them (keepdim=None: no Bool, kept)."""

    def __init__(self, dims, keepdim):
        self.dims, self.keepdim = dims, keepdim

    def _dims(self, x, named):
        r = len(x.shape)
        lim = max(r, 1)
        out = set()
        ds = named[self.dims]
        for d in ((ds,) if isinstance(ds, int) else ds) or range(r):
            if d < -lim or d >= lim:
                _raise(ACLNN_ERR_PARAM_INVALID, "dim %d is out of range for a %d-d tensor." % (d, r))
            out.add(d % lim)
        return tuple(sorted(d for d in out if d < r))

    def space(self, x, named):
        return x.shape, self._dims(x, named), None

    def row_shape(self, x, named):
        dims = self._dims(x, named)
        if self.keepdim is None or named[self.keepdim]:
            return tuple(1 if d in dims else x.shape[d] for d in range(len(x.shape)))
        return tuple(x.shape[d] for d in range(len(x.shape)) if d not in dims)


class Groups:
    """GroupNorm's block: the first input, N * C * HxW elements in C order (the Int
    attributes named n, c, hw), viewed as (N, groups, C / groups, HxW) and reduced over
    its last two dims; where the input is (N, C, ...) the view keeps its spatial dims,
    (N, groups, C / groups, ...), so that any strides view so. Per-row results are
    (N, groups); an affine input is per channel."""

    def __init__(self, n, c, hw, groups):
        self.n, self.c, self.hw, self.groups = n, c, hw, groups

    def _sizes(self, x, named):
        n, c, hw, g = named[self.n], named[self.c], named[self.hw], named[self.groups]
        if g <= 0 or c % g or n < 0 or hw < 0 or n * c * hw != x.numel:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s=%d, %s=%d, %s=%d, %s=%d do not describe the input's %d elements "
                   "in whole groups." % (self.n, n, self.c, c, self.hw, hw, self.groups, g, x.numel))
        return n, c, hw, g

    def space(self, x, named):
        n, c, hw, g = self._sizes(x, named)
        if tuple(x.shape[:2]) == (n, c) and len(x.shape) <= AO_MAX_DIMS - 1:
            # the input's own spatial dims (any strides view so: only C is split)
            rest = tuple(x.shape[2:])
            return (n, g, c // g) + rest, tuple(range(2, 3 + len(rest))), (1, g, c // g) + (1,) * len(rest)
        return (n, g, c // g, hw), (2, 3), (1, g, c // g, 1)

    def row_shape(self, x, named):
        n, c, hw, g = self._sizes(x, named)
        return (n, g)

    def affine_shape(self, x, named):
        return (self._sizes(x, named)[1],)


class _Shape:
    """A tensor's shape alone (operand_shapes' stand-in for the first input)."""

    def __init__(self, shape):
        self.shape = tuple(shape)
        self.numel = 1
        for d in self.shape:
            self.numel *= d


cdef class AxisReduceOp(OpDef):
    """A reduction of each row of the first input over a block of its dims (`reduce`:
    Trailing, Dims or Groups), by a C kernel of src/axis.c's table (`kernel`, its
    inputs and outputs in the declaration's order). Outputs: of the first input's shape,
    or Output(reduced=True), one element per row (any shape of that many elements, in C
    order; the numpy-like call allocates the reduce rule's row shape in `stat_dtype`, or
    the input's dtype; the others in `result_dtype`, or the input's: Argsort's INT64); Output(optional=True) may be null. Inputs: the first input's
    elements, or Input(affine=True), one per element of the block (shared by every row);
    optional ones may be null. `kernel_attrs`: the attributes the kernel reads, as
    doubles: by name (epsilon, p), or (name, f) where CANN converts the value first
    (f(value): an epsilon CANN narrows to float; the DType of a DTypeAttr passes
    as its aclDataType code). `dtype_attr`: the DTypeAttr whose value is every output's
    dtype in the numpy-like call (ReduceSum's dtype); `result_dtype`: a fixed dtype of the
    full-shape outputs (Argsort's INT64). CANN's own rules are the check sequence's; the
    kind refuses (161002) only what it cannot compute: element counts that do not match, a
    layout that cannot be viewed as the block (a tensor whose dims do not merge); a dtype
    the kernel has no path for is 561103 (the norms' kernels load FLOAT, FLOAT16, BFLOAT16;
    a kernel marked any_dtype in src/axis.c reads its operands itself, in every real dtype:
    src/reduce.c's, src/sort.c's). Worker threads over the rows, any strides, no workspace
    (except when an output overlaps an input); the same bits on any thread count."""
    cdef readonly str kernel
    cdef readonly object reduce
    cdef readonly tuple kernel_attrs
    cdef readonly object stat_dtype
    cdef readonly object dtype_attr
    cdef readonly object result_dtype
    cdef int _axis_kernel
    null_outputs = True

    def __init__(self, name, snake, params, dtypes, kernel, reduce, kernel_attrs=(), stat_dtype=None,
                 dtype_attr=None, result_dtype=None, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        self.result_dtype = None if result_dtype is None else as_dtype(result_dtype)
        self.kernel, self.reduce = kernel, reduce
        self.dtype_attr = dtype_attr
        self.kernel_attrs = tuple(kernel_attrs)
        self.stat_dtype = None if stat_dtype is None else as_dtype(stat_dtype)
        self._axis_kernel = ao_axis_kernel_find(kernel.encode()) if isinstance(kernel, str) else -1
        if self._axis_kernel < 0:
            raise ValueError("%s: no axis kernel %r in this build (src/axis.c)" % (name, kernel))
        names = {p.name for p in self.attr_params}
        if (ao_axis_kernel_inputs(self._axis_kernel) != len(self.inputs)
                or ao_axis_kernel_outputs(self._axis_kernel) != len(self.outputs)
                or len(self.kernel_attrs) > AO_AXIS_MAX_ATTRS
                or not {a if isinstance(a, str) else a[0] for a in self.kernel_attrs} <= names
                or (dtype_attr is not None and dtype_attr not in names)
                or not isinstance(reduce, (Trailing, Dims, Groups))
                or self.input_params[0].optional or self.output_params[0].optional
                or getattr(self.input_params[0], "affine", False)):
            raise ValueError("%s: axis kernel %s takes %d inputs (the first required, not affine) and %d outputs "
                             "(the first required), reduce= Trailing/Dims/Groups, kernel_attrs among the "
                             "attributes; the op declares %d inputs, %d outputs" % (
                                 name, kernel, ao_axis_kernel_inputs(self._axis_kernel),
                                 ao_axis_kernel_outputs(self._axis_kernel), len(self.inputs), len(self.outputs)))

    cdef dict _named(self, tuple tensors, tuple attrs):
        named = dict(zip(self.tensor_names, tensors))
        named.update(zip([p.name for p in self.attr_params], attrs))
        return named

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return self.infer_outputs(tensors, attrs, soc)[0]

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """(input shapes, output shapes) for a first input of `shape` (a Trailing rule
        over a tensor's rank: that tensor spans the last dim)."""
        x = _Shape(shape)
        named = dict(zip([p.name for p in self.attr_params], attrs))
        if isinstance(self.reduce, Trailing) and self.reduce.by in self.inputs:
            named[self.reduce.by] = _Shape(x.shape[-1:])
        affine = self.reduce.affine_shape(x, named) if not isinstance(self.reduce, Dims) else None
        ins = tuple(affine if getattr(p, "affine", False) else x.shape for p in self.input_params)
        outs = tuple(self.reduce.row_shape(x, named) if p.reduced else x.shape for p in self.output_params)
        return ins, outs

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0]
        named = self._named(tensors, attrs)
        stat = self.stat_dtype if self.stat_dtype is not None else x.dtype
        full = x.dtype
        if self.dtype_attr is not None:
            stat = full = named[self.dtype_attr]
        out = []
        for p in self.output_params:
            if p.reduced:
                out.append((self.reduce.row_shape(x, named), stat))
            else:
                out.append((x.shape, full if self.result_dtype is None else self.result_dtype))
        return tuple(out)

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs), nout = len(self.outputs), k, j, i
        cdef Tensor x = tensors[0], t
        cdef ao_axis_plan kp, kws
        memset(&kp, 0, sizeof(kp))
        for k in range(AO_AXIS_MAX_OPERANDS):
            kp.slot[k] = -1
        named = self._named(tensors, attrs)
        shape, dims, affine = self.reduce.space(x, named)
        nd = len(shape)
        row_view = tuple(1 if d in dims else shape[d] for d in range(nd))
        rows = 1
        for d in range(nd):
            if d not in dims:
                rows *= shape[d]
        if rows == 0:
            return _empty_plan(self)       # no row: nothing to write
        params = self.output_params + self.input_params
        order = list(range(nin, nin + nout)) + list(range(nin))     # logical operands: outputs, inputs
        views, operands, slots, lstrides = [], [], [], []
        for k, ti in enumerate(order):
            p, item = params[k], tensors[ti]
            if item is None:
                views.append(None)
                continue
            t = item
            if not ao_axis_kernel_dtype_ok(self._axis_kernel, t.dtype.code):
                _raise(ACLNN_ERR_INNER_NULLPTR, "the axis kernel %s has no path for %s (%s)"
                       % (self.kernel, t.dtype.log_name, p.name))
            if getattr(p, "reduced", False):
                view = row_view
            elif getattr(p, "affine", False):
                if affine is None:
                    raise ValueError("%s: an affine input needs a reduce rule with one" % self.name)
                view = affine
            else:
                view = shape
            count = 1
            for d in view:
                count *= d
            if t.numel != count:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d elements, should have %d (shape %r)."
                       % (p.name, t.numel, count, view))
            st = [0] * nd if t.numel == 0 else _view_strides(t.shape, t._strides, view)
            st = None if st is None else list(st)
            if st is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r strides %r cannot be viewed as %r; pass a "
                       "contiguous %s." % (p.name, t.shape, t._strides, view, p.name))
            st = [0 if view[d] == 1 else st[d] for d in range(nd)]
            kp.slot[k] = len(operands)
            operands.append(t)
            slots.append(ti)
            lstrides.append(st)
            views.append(view)
        nout_given = sum(1 for v in views[:nout] if v is not None)
        # the row space in the first output's memory order, the block in its logical
        # order (the order the sums add in), each coalesced
        outer = sorted([d for d in range(nd) if d not in dims and shape[d] != 1], key=lambda d: -lstrides[0][d])
        if (<Tensor>operands[0]).is_contiguous():
            outer = sorted(outer)
        inner = [d for d in dims if shape[d] != 1]
        ws = []
        for k in range(len(operands)):
            w = list(_contiguous_strides(views[_logical_of(kp.slot, k, len(order))]))
            if k < nout_given:
                w = [0 if views[_logical_of(kp.slot, k, len(order))][d] == 1 else w[d] for d in range(nd)]
            ws.append(w)
        kp.kernel = self._axis_kernel
        kp.nops = len(order)
        for k in range(len(order)):
            kp.dtype[k] = -1 if views[k] is None else (<Tensor>tensors[order[k]]).dtype.code
        for i in range(len(self.kernel_attrs)):
            a = self.kernel_attrs[i]
            v = named[a] if isinstance(a, str) else a[1](named[a[0]])
            kp.attrs[i] = float((<DType>v).code if isinstance(v, DType) else v)
        kws = kp
        _axis_fill(&kp, shape, outer, inner, [lstrides[kp.slot[k]] if kp.slot[k] >= 0 else None
                                              for k in range(len(order))])
        _axis_fill(&kws, shape, outer, inner, [(ws if kp.slot[k] < nout_given else lstrides)[kp.slot[k]]
                                               if kp.slot[k] >= 0 else None for k in range(len(order))])
        return _fn_plan(self, tuple(operands), lstrides, ao_axis_run, &kp, &kws, sizeof(ao_axis_plan),
                        nout_given, tuple(slots), ws[:nout_given], list(shape))


cdef int _logical_of(int *slot, int k, int nops):
    """The logical operand whose data slot is k."""
    cdef int i
    for i in range(nops):
        if slot[i] == k:
            return i
    return -1


cdef int _axis_fill(ao_axis_plan *kp, tuple shape, list outer, list inner, list strides) except -1:
    """The plan's row space (dims `outer` of the iteration `shape`) and block (dims
    `inner`; one element where there is none), coalesced; strides: per logical operand
    over `shape`, None where not given."""
    cdef int i, k, g
    given = [s for s in strides if s is not None]
    osh, osts = _coalesced(shape, outer, given)
    ish, ists = _coalesced(shape, inner, given)
    if not ish:
        ish, ists = [1], [[0] for s in given]
    kp.ondim, kp.indim = len(osh), len(ish)
    kp.rows = kp.n = 1
    for i in range(len(osh)):
        kp.oshape[i] = osh[i]
        kp.rows *= osh[i]
    for i in range(len(ish)):
        kp.ishape[i] = ish[i]
        kp.n *= ish[i]
    g = 0
    for k in range(len(strides)):
        if strides[k] is None:
            continue
        for i in range(len(osh)):
            kp.ostrides[k][i] = osts[g][i]
        for i in range(len(ish)):
            kp.istrides[k][i] = ists[g][i]
        g += 1
    return 0
