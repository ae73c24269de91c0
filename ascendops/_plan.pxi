# ---------------------------------------------------------------------------
# Operand layout and plans: what phase 1 computes once per cache key. Every op kind
# (elementwise, row reductions, casts) lays its operands out with _operand_layout and
# fills the shared part of its Plan with _plan_operands: the operands' views
# (broadcast, coalesced, in the output's memory order), their extents for the overlap
# check, and the overlap path through the workspace and its ViewCopy.
# ---------------------------------------------------------------------------
from libc.stdlib cimport free, malloc

def _empty_plan(op):
    cdef Plan p = Plan.__new__(Plan)
    p.op, p.empty, p.tiling = op, True, None
    return p


cdef extern from "dtypes.h" nogil:
    int ao_ew_dtype_ok(int dtype)
    int ao_dtype_itemsize(int dtype)


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


cdef int _wide_dt_code(DType d) except -1:
    """An operand's dtype code: one the fp32 kernels load/store, or one the wide path
    converts (src/wide.c: integers, bool, DOUBLE, COMPLEX outputs)."""
    if not ao_ew_dtype_ok(d.code) and not ao_wide_dtype_ok(d.code):
        _raise(ACLNN_ERR_INNER_NULLPTR, "the elementwise engine has no path for %s" % d.log_name)
    return d.code


cdef int _dt_code(DType d) except -1:
    if not ao_ew_dtype_ok(d.code):
        _raise(ACLNN_ERR_INNER_NULLPTR, "the elementwise engine has no path for %s" % d.log_name)
    return d.code


# -- the operand layout: one for every op kind ------------------------------------------
cdef list _broadcast_strides(tuple operands):
    """Step 1 of the layout: each operand's element strides over the output's dims
    (operands[0]); a broadcast dim reads with stride 0."""
    cdef Tensor t
    cdef tuple oshape = (<Tensor>operands[0]).shape
    cdef int nd = len(oshape), pad, q
    strides = []
    for t in operands:
        pad = nd - len(t.shape)
        strides.append([0] * pad + [0 if d == 1 and oshape[pad + q] != 1 else s
                                    for q, (d, s) in enumerate(zip(t.shape, t._strides))])
    return strides


cdef tuple _coalesced(tuple shape, list dims, list strides):
    """The dims `dims` of `shape` and each operand's strides over them, merged where every
    operand steps over the next dim exactly into this one."""
    sh = [shape[d] for d in dims]
    sts = [[s[d] for d in dims] for s in strides]
    q = len(sh) - 2
    while q >= 0:
        if all(s[q] == sh[q + 1] * s[q + 1] for s in sts):
            sh[q] *= sh[q + 1]
            del sh[q + 1]
            for s in sts:
                s[q] = s[q + 1]
                del s[q + 1]
        q -= 1
    if len(sh) > AO_MAX_DIMS:
        _raise(ACLNN_ERR_PARAM_INVALID, "the iteration has %d dims after coalescing, at most %d"
               % (len(sh), AO_MAX_DIMS))
    return sh, sts


cdef tuple _operand_layout(tuple oshape, list strides, int reduce_dim, bint out_contiguous):
    """How a kernel walks its operands (output first) over the output's shape `oshape`,
    given their strides over its dims (_broadcast_strides), in the steps of PyTorch's
    TensorIterator:
      2. the reduced dim (reduce_dim >= 0, a row reduction) taken out of the iteration:
         its length and per-operand strides are returned apart (a 0-d output is one row
         of one element);
      3. the other dims in the output's memory order (order is free: every element, or
         row, is computed on its own; a C-contiguous output keeps its order), size-1 dims
         dropped;
      4. coalescing: dims q, q+1 merge where every operand steps over q+1 exactly into q.
    Dtypes are each op kind's own check; overlap is the executor's, on the views
    (_plan_operands). Returns (shape, strides per operand, (row length, row strides per
    operand) or None)."""
    cdef int nd = len(oshape), q
    row = None
    dims = list(range(nd))
    if reduce_dim >= 0:
        if nd:
            row = (oshape[reduce_dim], [s[reduce_dim] for s in strides])
            dims.remove(reduce_dim)
        else:
            row = (1, [0] * len(strides))
    order = sorted([q for q in dims if oshape[q] != 1], key=lambda q: -strides[0][q])
    if order != sorted(order) and out_contiguous:
        order = sorted(order)
    shape, strides = _coalesced(oshape, order, strides)
    return shape, strides, row


cdef int _plan_operands(Plan p, OpDef op, tuple operands, list shape, list strides,
                        int nout=1, tuple slots=None, tuple byte_offsets=None) except -1:
    """The part of a Plan every op kind shares: `ew` describes the operands' views
    (the nout outputs first, then the inputs) over the iteration `shape`
    (_operand_layout's, or the output's own dims), each operand's byte extent from its
    own view (shape and strides: what the executor's overlap check compares), where
    each operand's address comes from (`slots`: its tensor's index among the op's
    tensors, inputs then outputs, plus `byte_offsets`; by default operand 0 is the one
    output after the inputs, operand k input k - 1), and `via_ws`, the output as a
    contiguous workspace over the same iteration (the overlap path: run into the
    workspace, then ViewCopy; every output of a several-output plan has these strides)."""
    cdef Tensor t, out = operands[0]
    cdef int k, i, nd = len(shape), nops = len(operands)
    cdef int64_t span, acc
    p.op, p.empty = op, False
    p.ew.nin, p.ew.ndim, p.ew.numel = nops - nout, nd, out.numel
    p.ew.nout = p.nout = nout
    for k in range(nops):
        if slots is None:
            p.slot[k] = nops - 1 if k == 0 else k - 1
            p.byte_offset[k] = 0
        else:
            p.slot[k] = slots[k]
            p.byte_offset[k] = byte_offsets[k]
    for i in range(nd):
        p.ew.shape[i] = shape[i]
    for k in range(len(operands)):
        t = operands[k]
        p.ew.dtype[k] = t.dtype.code
        for i in range(nd):
            p.ew.strides[k][i] = strides[k][i]
        span = 0
        for i in range(len(t.shape)):
            span += (<int64_t>t.shape[i] - 1) * <int64_t>t._strides[i]
        p.extent[k] = _dtype_bytes(span + 1, t.dtype)
    p.out_itemsize = out.dtype.itemsize
    p.via_ws = p.ew
    acc = 1
    for i in range(nd - 1, -1, -1):
        for k in range(nout):
            p.via_ws.strides[k][i] = acc
        acc *= shape[i]
    return 0


def _elementwise_plan(OpDef op, int kernel, tuple fattrs, tuple tensors, tiling,
                      DType cast_to=None, tuple cast_inputs=(), int nout=1, tuple slots=None,
                      tuple byte_offsets=None, DType compute=None, tuple iattrs=(), bint round_out=False,
                      bint c_order=False, tuple regions=(), DType result_dtype=None):
    """The operand layout, the engine's dtypes and the CANN tiling for an elementwise kernel.
    tensors: the kernel's inputs, then its nout outputs (all of one shape but for
    broadcast inputs); slots/byte_offsets: where each operand (outputs, then inputs)
    comes from among the op's tensors (_plan_operands; None: tensors are the op's own).
    cast_inputs: the inputs (indices) cast to `cast_to` first (CANN's l0op::Cast to the
    promoted dtype): each into its own contiguous workspace region, which the kernel reads.
    compute: the dtype the kernel computes in (None: FLOAT, the fp32 kernels), DOUBLE or
    an integer dtype with `iattrs`, the attributes converted to it (src/wide.c); operands
    of any dtype the wide path converts are then allowed (elementwise.h `compute`).
    c_order: the iteration keeps the output's C order (a row-limited plan runs a prefix
    of it). regions: ((even input, odd input, source tensor, strides), ...): the even
    input, listed in cast_inputs, is the source tensor copied C-contiguous (not its own
    view), read with `strides` over the iteration; the odd input reads the same region
    one element on (an interleaved split of a tensor whose merged dims are not one stride).
    result_dtype: the 16-bit float CANN's kernel writes before its l0op::Cast into a wider
    out (one output): the kernel writes the workspace in it on every run, and the copy
    back casts it into out, so out holds the values rounded to it (Plan.narrowed_result)."""
    cdef Plan p = Plan.__new__(Plan)
    cdef int nin = len(tensors) - nout, i, k, j
    cdef Tensor t
    cdef ao_cast_plan *cp
    cdef int64_t offset = 0
    operands = tuple(tensors[nin:]) + tuple(tensors[:nin])
    for k in range(nin + nout):
        if k - nout not in cast_inputs:
            _wide_dt_code((<Tensor>operands[k]).dtype)
    if cast_inputs:
        _dt_code(cast_to)
    bstrides = _broadcast_strides(operands)
    oshape = (<Tensor>operands[0]).shape
    sources = {r[0]: r[2] for r in regions}
    for i in cast_inputs:
        # the kernel reads the cast region: the input's shape, C-contiguous, broadcast
        t = operands[i + nout]
        pad = len(oshape) - len(t.shape)
        bstrides[i + nout] = [0] * pad + [0 if d == 1 and oshape[pad + q] != 1 else s
                                       for q, (d, s) in enumerate(zip(t.shape, _contiguous_strides(t.shape)))]
    for r in regions:
        bstrides[r[0] + nout] = list(r[3])
        bstrides[r[1] + nout] = list(r[3])
    shape, strides, _ = _operand_layout(oshape, bstrides, -1,
                                        c_order or (<Tensor>operands[0]).is_contiguous())
    # the kernel's fields first: _plan_operands copies `ew` into the workspace variant
    p.tiling = tiling
    p.ew.kernel = kernel
    for i in range(AO_MAX_ATTRS):
        p.ew.attrs[i] = fattrs[i] if i < len(fattrs) else 0.0
        p.ew.iattrs[i] = iattrs[i] if i < len(iattrs) else 0
    p.ew.compute = compute.code if compute is not None else DT_FLOAT.code
    p.ew.round_out = round_out
    p.ew.tiling.block_dim = tiling.block_dim
    p.ew.tiling.small_core_data_num = tiling.small_core_data_num
    p.ew.tiling.big_core_data_num = tiling.big_core_data_num
    p.ew.tiling.tail_block_num = tiling.tail_block_num
    _plan_operands(p, op, operands, shape, strides, nout, slots, byte_offsets)
    if cast_inputs:
        p.cast_plans = malloc(len(cast_inputs) * sizeof(ao_cast_plan))
        if p.cast_plans == NULL:
            raise MemoryError()
    for j, i in enumerate(cast_inputs):
        t = sources.get(i, operands[i + nout])
        p.ew.dtype[i + nout] = p.via_ws.dtype[i + nout] = cast_to.code
        p.is_cast[i + nout] = True
        cp = &(<ao_cast_plan *>p.cast_plans)[j]
        cshape, cstrides, _ = _operand_layout(t.shape, [list(_contiguous_strides(t.shape)), list(t._strides)], -1, True)
        cp.src, cp.dst, cp.ndim, cp.numel = t.dtype.code, cast_to.code, len(cshape), t.numel
        for q in range(len(cshape)):
            cp.shape[q] = cshape[q]
            cp.strides[0][q] = cstrides[0][q]
            cp.strides[1][q] = cstrides[1][q]
        p.cast_operand[j], p.cast_offset[j] = i + nout, offset
        offset += (t.numel * cast_to.itemsize + 63) // 64 * 64     # 64-byte aligned regions
        p.ncast = j + 1
        for r in regions:
            if r[0] == i:
                p.is_cast[r[1] + nout] = True
                p.ew.dtype[r[1] + nout] = p.via_ws.dtype[r[1] + nout] = cast_to.code
                p.alias_operand[p.nalias] = r[1] + nout
                p.alias_offset[p.nalias] = p.cast_offset[j] + cast_to.itemsize
                p.nalias += 1
    p.cast_bytes = offset
    # The overlap path's second step: ViewCopy from the workspace into the output
    # (one output; several outputs copy each back with ao_strided_copy, _run_bound).
    p.copy_back = p.via_ws
    p.copy_back.nout = 1
    p.copy_back.kernel = _find_kernel("view_copy")
    p.copy_back.nin = 1
    p.copy_back.dtype[1] = p.ew.dtype[0]
    if result_dtype is not None:
        p.narrowed_result = True
        p.via_ws.dtype[0] = p.copy_back.dtype[1] = result_dtype.code
    for i in range(len(shape)):
        p.copy_back.strides[0][i] = p.ew.strides[0][i]
        p.copy_back.strides[1][i] = p.via_ws.strides[0][i]
    return p


cdef class Plan:
    def __dealloc__(self):
        free(self.fn_plan)
        free(self.fn_plan_ws)
        free(self.cast_plans)

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
        """Element strides of operand k (outputs first, then inputs) over the iteration."""
        cdef int last = self.ew.nin + (self.nout if self.nout > 1 else 1) - 1
        if k < 0 or k > last:
            raise IndexError("operand_strides: operand %d out of range [0, %d]" % (k, last))
        return tuple(self.ew.strides[k][i] for i in range(self.ew.ndim)) if not self.empty else ()
