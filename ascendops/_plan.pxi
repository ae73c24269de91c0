# ---------------------------------------------------------------------------
# Operand layout and plans: what phase 1 computes once per cache key. A Plan holds
# the operands' views (broadcast, coalesced, in the output's memory order), the
# tiling and the launch; the overlap path through the workspace and its ViewCopy.
# ---------------------------------------------------------------------------
from libc.stdlib cimport free

def _empty_plan(op):
    cdef Plan p = Plan.__new__(Plan)
    p.op, p.empty, p.tiling = op, True, None
    return p


cdef int _dt_code(DType d) except -1:
    if d.code not in (0, 1, 27):
        _raise(ACLNN_ERR_INNER_NULLPTR, "the elementwise engine has no path for %s" % d.log_name)
    return d.code


def _elementwise_plan(OpDef op, int kernel, tuple fattrs, tuple tensors, tiling):
    """Broadcast strides, coalesced dims and the CANN tiling for an elementwise kernel."""
    cdef Plan p = Plan.__new__(Plan)
    cdef int nin = len(tensors) - 1
    cdef Tensor out = tensors[nin]
    cdef int nd = len(out.shape), i, j, k, nops = nin + 1
    operands = (out,) + tuple(tensors[:nin])
    # Per-operand strides over the output's dims: broadcast dims read with stride 0.
    strides = []
    for t in operands:
        pad = nd - len((<Tensor>t).shape)
        strides.append([0] * pad + [0 if d == 1 and nd and out.shape[pad + q] != 1 else s
                                    for q, (d, s) in enumerate(zip((<Tensor>t).shape, (<Tensor>t)._strides))])
    # Iterate in the output's memory order (elementwise: order is free); drop size-1 dims.
    order = sorted([q for q in range(nd) if out.shape[q] != 1], key=lambda q: -strides[0][q])
    if order != sorted(order) and out.is_contiguous():
        order = sorted(order)
    shape = [out.shape[q] for q in order]
    strides = [[s[q] for q in order] for s in strides]
    # Coalesce: dims q, q+1 merge when every operand steps over q+1 exactly into q.
    q = len(shape) - 2
    while q >= 0:
        if all(s[q] == shape[q + 1] * s[q + 1] for s in strides):
            shape[q] *= shape[q + 1]
            del shape[q + 1]
            for s in strides:
                s[q] = s[q + 1]
                del s[q + 1]
        q -= 1
    if len(shape) > AO_MAX_DIMS:
        _raise(ACLNN_ERR_PARAM_INVALID, "the iteration has %d dims after coalescing, at most %d"
               % (len(shape), AO_MAX_DIMS))
    p.op, p.empty, p.tiling = op, False, tiling
    p.ew.kernel, p.ew.nin, p.ew.ndim, p.ew.numel = kernel, nin, len(shape), out.numel
    for i in range(len(shape)):
        p.ew.shape[i] = shape[i]
    for k in range(nops):
        p.ew.dtype[k] = _dt_code((<Tensor>operands[k]).dtype)
        span = 0
        for i in range(len(shape)):
            p.ew.strides[k][i] = strides[k][i]
            span += (shape[i] - 1) * strides[k][i]
        p.extent[k] = (span + 1) * (<Tensor>operands[k]).dtype.itemsize
    for i in range(AO_MAX_ATTRS):
        p.ew.attrs[i] = fattrs[i] if i < len(fattrs) else 0.0
    p.ew.tiling.block_dim = tiling.block_dim
    p.ew.tiling.small_core_data_num = tiling.small_core_data_num
    p.ew.tiling.big_core_data_num = tiling.big_core_data_num
    p.ew.tiling.tile_data_num = tiling.tile_data_num
    p.ew.tiling.tail_block_num = tiling.tail_block_num
    p.ew.tiling.tiling_key = tiling.tiling_key
    p.out_itemsize = out.dtype.itemsize
    # The overlap path: kernel into a contiguous workspace, then ViewCopy into the output.
    p.via_ws = p.ew
    acc = 1
    for i in range(len(shape) - 1, -1, -1):
        p.via_ws.strides[0][i] = acc
        acc *= shape[i]
    p.copy_back = p.via_ws
    p.copy_back.kernel = _find_kernel("view_copy")
    p.copy_back.nin = 1
    p.copy_back.dtype[1] = p.ew.dtype[0]
    for i in range(len(shape)):
        p.copy_back.strides[0][i] = p.ew.strides[0][i]
        p.copy_back.strides[1][i] = p.via_ws.strides[0][i]
    return p


cdef class Plan:
    def __dealloc__(self):
        free(self.fn_plan)
        free(self.fn_plan_ws)

    def __repr__(self):
        if self.empty:
            return "<Plan %s: empty, nothing runs>" % self.op.name
        if self.fn != NULL:
            return "<Plan %s: %s kernel, dims %r>" % (self.op.name, type(self.op).__name__,
                                                      list(self.iteration_shape))
        return "<Plan %s: kernel %s, dims %r, %r>" % (
            self.op.name, ao_kernel_name(self.ew.kernel).decode(),
            [self.ew.shape[i] for i in range(self.ew.ndim)], self.tiling)

    @property
    def iteration_shape(self):
        return tuple(self.ew.shape[i] for i in range(self.ew.ndim)) if not self.empty else ()

    @property
    def kernel_attrs(self):
        """The float attributes an elementwise kernel reads (attrs[0..AO_MAX_ATTRS))."""
        return tuple(self.ew.attrs[i] for i in range(AO_MAX_ATTRS)) if not self.empty and self.fn == NULL else ()

    def operand_strides(self, int k):
        if k < 0 or k > self.ew.nin:
            raise IndexError("operand_strides: operand %d out of range [0, %d]" % (k, self.ew.nin))
        return tuple(self.ew.strides[k][i] for i in range(self.ew.ndim)) if not self.empty else ()
