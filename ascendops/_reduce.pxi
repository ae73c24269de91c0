# ---------------------------------------------------------------------------
# Ops whose kernel is not elementwise: the Plan they share, and SoftmaxBackward.
# They go through the same phase 1 / phase 2, cache and executors as ElementwiseOp;
# their Plan carries a C function and its own plan struct (Plan.fn / fn_plan).
# ---------------------------------------------------------------------------
from libc.stdlib cimport malloc
from libc.string cimport memcpy as c_memcpy


cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_softmax_bw_plan:
        int dtype[3]
        int ndim
        int64_t shape[AO_MAX_DIMS]
        int64_t strides[3][AO_MAX_DIMS]
        int64_t rows
        int64_t n
        int64_t rstride[3]

    int ao_softmax_backward_run(const void *plan, char *const *data, int nthreads)


cdef Plan _fn_plan(OpDef op, tuple tensors, ao_plan_fn fn, const void *kplan, const void *kplan_ws,
                   size_t size):
    """A Plan running `fn` on the kernel plan `kplan` (`kplan_ws`: the same with a
    C-contiguous output, for the workspace). Every operand has the output's shape;
    `ew` records their views so that _bind's overlap check, the workspace size and the
    copy back from the workspace work as for elementwise ops."""
    cdef Plan p = Plan.__new__(Plan)
    cdef int nin = len(tensors) - 1, k, i
    cdef Tensor t, out = tensors[nin]
    cdef int64_t span, acc
    operands = (out,) + tuple(tensors[:nin])
    p.op, p.empty, p.tiling = op, False, None
    p.ew.kernel, p.ew.nin, p.ew.ndim, p.ew.numel = -1, nin, len(out.shape), out.numel
    for i in range(p.ew.ndim):
        p.ew.shape[i] = out.shape[i]
    for k in range(nin + 1):
        t = operands[k]
        p.ew.dtype[k] = t.dtype.code
        span = 0
        for i in range(p.ew.ndim):
            p.ew.strides[k][i] = t._strides[i]
            span += (out.shape[i] - 1) * t._strides[i]
        p.extent[k] = (span + 1) * t.dtype.itemsize
    p.out_itemsize = out.dtype.itemsize
    p.via_ws = p.ew
    acc = 1
    for i in range(p.ew.ndim - 1, -1, -1):
        p.via_ws.strides[0][i] = acc
        acc *= out.shape[i]
    p.fn_plan = malloc(size)
    p.fn_plan_ws = malloc(size)
    if p.fn_plan == NULL or p.fn_plan_ws == NULL:
        raise MemoryError()
    c_memcpy(p.fn_plan, kplan, size)
    c_memcpy(p.fn_plan_ws, kplan_ws, size)
    p.fn = fn
    return p


cdef class SoftmaxBackwardOp(OpDef):
    """out = gradOutput * y - sum_dim(gradOutput * y) * y, y the softmax output: a
    row reduction along `dim` (negative dims count from the end) in C, worker threads over
    the rows, any strides, no workspace (except when out overlaps an input)."""

    def __init__(self, name, snake, params, dtypes, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if (len(self.inputs) != 2 or len(self.outputs) != 1 or len(self.attr_params) != 1
                or not isinstance(self.attr_params[0], Int)):
            raise ValueError("%s: SoftmaxBackwardOp takes (gradOutput, output), one Int dim and one Output" % name)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, (<Tensor>tensors[0]).dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor out = tensors[2]
        cdef ao_softmax_bw_plan kp, kws
        if self.returns_early_on_empty(tensors[:2], soc):
            return _empty_plan(self)
        # dtypes: the support list, one dtype for all (out_dtype="unchecked": for the
        # inputs; the kernel writes any listed dtype), BF16 only where the SoC has it.
        self.check_dtype_support(tensors, soc)
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
        for n, t in zip(self.inputs, tensors[:2]):
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
        dim = dim % lim
        _softmax_fill(&kp, tensors, [(<Tensor>t)._strides for t in (out,) + tensors[:2]], dim)
        _softmax_fill(&kws, tensors, [_contiguous_strides(out.shape)] +
                      [(<Tensor>t)._strides for t in tensors[:2]], dim)
        return _fn_plan(self, tensors, ao_softmax_backward_run, &kp, &kws, sizeof(ao_softmax_bw_plan))


cdef int _softmax_fill(ao_softmax_bw_plan *kp, tuple tensors, list strides, int dim) except -1:
    """Row space = every dim but `dim` (a 0-d tensor is one row of one element)."""
    cdef Tensor out = tensors[2]
    cdef int nd = len(out.shape), k, i, j = 0
    kp.rows, kp.n = 1, 1
    for k in range(3):
        kp.dtype[k] = (<Tensor>(out if k == 0 else tensors[k - 1])).dtype.code
        kp.rstride[k] = strides[k][dim] if nd else 0
    for i in range(nd):
        if i == dim:
            kp.n = out.shape[i]
            continue
        kp.shape[j] = out.shape[i]
        for k in range(3):
            kp.strides[k][j] = strides[k][i]
        kp.rows *= out.shape[i]
        j += 1
    kp.ndim = j
    return 0
