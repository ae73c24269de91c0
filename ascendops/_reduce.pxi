# ---------------------------------------------------------------------------
# Ops whose kernel is not elementwise: the Plan they share (_fn_plan), and the row
# reductions (RowReduceOp: a C row kernel named by the declaration, src/rows.c).
# They go through the same phase 1 / phase 2, cache and executors as ElementwiseOp;
# their Plan carries a C function and its own plan struct (Plan.fn / fn_plan).
# ---------------------------------------------------------------------------
from libc.stdlib cimport malloc
from libc.string cimport memcpy as c_memcpy


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
    int ao_row_dtype_ok(int kernel, int dtype)
    int ao_row_run(const void *plan, char *const *data, int nthreads)


cdef Plan _fn_plan(OpDef op, tuple operands, list strides, ao_plan_fn fn, const void *kplan,
                   const void *kplan_ws, size_t size, list shape=None):
    """A Plan running `fn` on the kernel plan `kplan` (`kplan_ws`: the same writing the
    output into a C-contiguous workspace of its shape, for the overlap path). `ew`
    describes the operands' views (output first) over the output's dims, `strides` per
    operand (_broadcast_strides), for the executor's overlap check and the ViewCopy
    from the workspace (_plan_operands: each operand's extent from its own view, so
    an input of another shape than the output -- a reduction's -- is checked right).
    `shape`: the dims `strides` run over where not the output's own (a coalesced
    layout: at most AO_MAX_DIMS)."""
    cdef Plan p = Plan.__new__(Plan)
    p.ew.kernel = -1
    _plan_operands(p, op, operands, list((<Tensor>operands[0]).shape) if shape is None else shape, strides)
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
    Params: the kernel's inputs, one Int dim, one Output. Every tensor has one shape;
    the inputs one dtype (with out too unless out_dtype="unchecked": the kernel writes
    any listed dtype); dim in [-rank, rank) (negative dims count from the end; a 0-d
    tensor takes -1 and 0). Worker threads over the rows, any strides, no workspace
    (except when out overlaps an input). A new row op is a declaration naming its
    kernel: no new class."""
    cdef readonly str kernel
    cdef int _row_kernel
    # None: out's dtype is in `dtypes` too; else the dtypes out may have, where CANN checks
    # only the inputs against its list and Casts the result to any out (LogSoftmaxBackward)
    cdef readonly tuple out_dtypes

    def __init__(self, name, snake, params, dtypes, kernel, out_dtypes=None, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        self.kernel = kernel
        self.out_dtypes = None if out_dtypes is None else tuple(as_dtype(d) for d in out_dtypes)
        self._row_kernel = ao_row_kernel_find(kernel.encode()) if isinstance(kernel, str) else -1
        if self._row_kernel < 0:
            raise ValueError("%s: no row kernel %r in this build (src/rows.c)" % (name, kernel))
        if (ao_row_kernel_arity(self._row_kernel) != len(self.inputs) or len(self.outputs) != 1
                or len(self.attr_params) != 1 or not isinstance(self.attr_params[0], Int)):
            raise ValueError("%s: row kernel %s takes %d inputs, one Int dim and one Output; the op "
                             "declares %d inputs, %d outputs and %d attributes"
                             % (name, kernel, ao_row_kernel_arity(self._row_kernel), len(self.inputs),
                                len(self.outputs), len(self.attr_params)))

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, (<Tensor>tensors[0]).dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs)
        cdef Tensor out = tensors[nin]
        cdef ao_row_plan kp, kws
        if self.returns_early_on_empty(tensors[:nin], soc):
            return _empty_plan(self)
        # dtypes: the support list, one dtype for all (out_dtype="unchecked": for the
        # inputs; the kernel writes any listed dtype), BF16 only where the SoC has it.
        if self.out_dtypes is None:
            self.check_dtype_support(tensors, soc)
        else:
            self.check_dtype_support(tensors[:nin], soc)
            if out.dtype not in self.out_dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support "
                       "list %s." % (self.output, out.dtype.log_name, _dt_list(self.out_dtypes)))
        ref = tensors[0] if self.out_dtype == "unchecked" else out
        ref_name = self.inputs[0] if self.out_dtype == "unchecked" else self.output
        for n, t in zip(self.tensor_names, tensors):
            if (<Tensor>t).dtype is not (<Tensor>ref).dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                       % (n, (<Tensor>t).dtype.log_name, ref_name, (<Tensor>ref).dtype.log_name))
            if self.out_dtype == "unchecked" and n == self.inputs[-1]:
                break
        if not soc.bf16 and any((<Tensor>t).dtype is DT_BF16 for t in tensors):
            _raise(ACLNN_ERR_PARAM_INVALID, "dtype DT_BF16 is not supported on %s (%s)." % (soc.name, soc.arch))
        # shapes: ranks, equal shapes, dim in [-rank, rank) (a 0-d tensor takes -1 and 0).
        self.check_ranks(tensors)
        for n, t in zip(self.inputs, tensors[:nin]):
            if (<Tensor>t).shape != out.shape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                       % (n, (<Tensor>t).shape, self.output, out.shape))
        nd = len(out.shape)
        dim = attrs[0]
        lim = max(nd, 1)
        if dim < -lim or dim >= lim:
            _raise(ACLNN_ERR_PARAM_INVALID, "dim %d is out of range for a %d-d tensor, should be in [%d, %d]."
                   % (dim, nd, -lim, lim - 1))
        if out.numel == 0:
            return _empty_plan(self)
        for t in tensors:
            if not ao_row_dtype_ok(self._row_kernel, (<Tensor>t).dtype.code):
                _raise(ACLNN_ERR_INNER_NULLPTR, "the row kernel %s has no path for %s"
                       % (self.kernel, (<Tensor>t).dtype.log_name))
        dim = dim % lim
        operands = (out,) + tuple(tensors[:nin])
        strides = _broadcast_strides(operands)
        _row_fill(&kp, self._row_kernel, operands, strides, dim, out.is_contiguous())
        _row_fill(&kws, self._row_kernel, operands, _workspace_strides(operands, strides), dim, True)
        return _fn_plan(self, operands, strides, ao_row_run, &kp, &kws, sizeof(ao_row_plan))


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
