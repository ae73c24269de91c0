# ---------------------------------------------------------------------------
# ConcatOp: a list of tensors written into slices of one output along a dim (aclnnCat).
# Each non-empty element is one piece written into its slice of out (src/concat.c
# ao_concat_run): pieces of out's dtype whose rows are contiguous runs by out's rows (each
# row's runs one after another), others by a strided copy, the dtype converted by the Cast
# kernel where it differs from out's.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_concat_piece:
        int64_t index
        int64_t out_offset
        int64_t itemsize
        ao_cast_plan cp
    ctypedef struct ao_concat_plan:
        int64_t npieces
        int64_t numel
    int ao_concat_run(const void *plan, char *const *data, int nthreads)

cdef class ConcatOp(OpDef):
    """out = the elements of a TensorList joined along `dim` (aclnnCat). Params: the
    TensorList, an Int dim, the output. `list_dtypes`: CANN's dtype support list per SoC
    (a _soc_entry table: "DAV_2201", "regbase", "default", ...) for the elements and out;
    the op's `dtypes` are every dtype of it (one dtype is copied as bytes; differing ones
    convert by the Cast kernel, 161002 where it has no path). CANN's rules are the
    check sequence's (`checks=`: ascendops/ops/cat.py); the op kind itself refuses only
    what it cannot lay out (a null element 161001; ranks, dims or out's shape that do
    not join, dtypes that do not promote: 161002), also for the numpy-like call's
    allocation, which runs before phase 1. Elements of shape (0,) and empty ones write
    nothing. Each piece converts its element's dtype straight to out's (CANN casts to the
    promoted dtype, concatenates, casts to out's: the same values wherever the element's
    dtype converts exactly to the promoted one)."""
    cdef readonly object list_dtypes

    def __init__(self, name, snake, params, list_dtypes, **kw):
        kw.setdefault("max_rank", 8)
        table = _dtype_table(list_dtypes, name)
        flat = []
        for v in (table.values() if isinstance(table, dict) else (table,)):
            for d in v:
                if d not in flat and (<DType>d).itemsize > 0:
                    flat.append(d)
        OpDef.__init__(self, name, snake, params, tuple(flat), **kw)
        self.list_dtypes = table
        kinds = [p.kind for p in self.params]
        if kinds != ["tensor_list", "int", "output"]:
            raise ValueError("%s: ConcatOp takes (TensorList, Int dim, Output), got %s" % (name, kinds))

    cdef tuple _layout(self, TensorListArg lst, int64_t dim):
        """(pieces: the non-empty elements as (index, Tensor), the dim in [0, rank), the
        concatenation's shape, the promoted dtype), or None: nothing to write."""
        cdef Tensor t0, t
        name = self.attr_params[0].name
        kept = []
        for i, item in enumerate(lst.tensors):
            if item is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for element %d of %s."
                       % (i, name))
            if (<Tensor>item).shape != (0,):
                kept.append((i, item))
        if not kept:
            return None
        t0 = kept[0][1]
        nd = len(t0.shape)
        real = dim + nd if dim < 0 else dim
        if real < 0 or real >= nd:
            _raise(ACLNN_ERR_PARAM_INVALID, "dim %d is out of the range of %d-d tensors." % (dim, nd))
        promoted = t0.dtype
        for i, t in kept[1:]:
            if len(t.shape) != nd or any([t.shape[j] != t0.shape[j] for j in range(nd) if j != real]):
                _raise(ACLNN_ERR_PARAM_INVALID, "element %d of %s has shape %r, which does not join element "
                       "0's %r along dim %d." % (i, name, t.shape, t0.shape, dim))
            promoted = _cann_promote_type(t.dtype, promoted)
            if promoted is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "the dtypes of %s do not promote (element %d: %s)."
                       % (name, i, t.dtype.log_name))
        shape = list(t0.shape)
        shape[real] = sum([(<Tensor>t).shape[real] for _, t in kept])
        pieces = [(i, t) for i, t in kept if t.numel]
        if not pieces:
            return None
        return pieces, real, tuple(shape), promoted

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        r = self._layout(<TensorListArg?>attrs[0], attrs[1])
        if r is None:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: every tensor of %s is empty; pass out= (no shape to infer)"
                   % (self.name, self.attr_params[0].name))
        return r[2], r[3]

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor out = tensors[len(tensors) - 1], t
        cdef ao_concat_plan *cp
        cdef ao_concat_piece *pc
        cdef int64_t off = 0, n
        cdef int i, q
        r = self._layout(<TensorListArg?>attrs[0], attrs[1])
        if r is None:
            return _empty_plan(self)
        pieces, real, shape, _ = r
        if out.shape != shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s's shape %r should be %r, the concatenation's."
                   % (self.outputs[0], out.shape, shape))
        size = sizeof(ao_concat_plan) + len(pieces) * sizeof(ao_concat_piece)
        cp = <ao_concat_plan *>malloc(size)
        if cp == NULL:
            raise MemoryError()
        try:
            cp.npieces, cp.numel = len(pieces), 0
            pc = <ao_concat_piece *>(<char *>cp + sizeof(ao_concat_plan))
            for k, (index, item) in enumerate(pieces):
                t = item
                if t.dtype is not out.dtype and not (ao_cast_supported(t.dtype.code)
                                                     and ao_cast_supported(out.dtype.code)):
                    _raise(ACLNN_ERR_PARAM_INVALID, "element %d of %s is %s and out %s: the cast kernel has no "
                           "path between them." % (index, self.attr_params[0].name, t.dtype.log_name,
                                                    out.dtype.log_name))
                pc[k].itemsize = t.dtype.itemsize
                pc[k].index = index
                pc[k].out_offset = off * out._strides[real] * out.dtype.itemsize
                off += t.shape[real]
                lshape, lstrides, _ = _operand_layout(t.shape, [list(out._strides), list(t._strides)], -1,
                                                      out.is_contiguous())
                pc[k].cp.dst, pc[k].cp.src = out.dtype.code, t.dtype.code
                pc[k].cp.ndim, pc[k].cp.numel = len(lshape), t.numel
                for q in range(len(lshape)):
                    pc[k].cp.shape[q] = lshape[q]
                    pc[k].cp.strides[0][q] = lstrides[0][q]
                    pc[k].cp.strides[1][q] = lstrides[1][q]
                cp.numel += t.numel
            p = _fn_plan(self, (out,), [list(out._strides)], ao_concat_run, cp, cp, size, 1,
                         (len(tensors) - 1,))
        finally:
            free(cp)
        (<Plan>p).list_k = 1
        (<Plan>p).list_slot = len(self.tensor_names)
        return p
