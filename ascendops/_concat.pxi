# ---------------------------------------------------------------------------
# ConcatOp: a list of tensors written into slices of one output along a dim (aclnnCat).
# Each non-empty element is one piece: the Cast kernel's strided copy into its slice of
# out (src/concat.c ao_concat_run), the dtype converted where it differs from out's.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_concat_piece:
        int64_t index
        int64_t out_offset
        ao_cast_plan cp
    ctypedef struct ao_concat_plan:
        int64_t npieces
        int64_t numel
    int ao_concat_run(const void *plan, char *const *data, int nthreads)

# CANN's IsPrivateFormat among the aclFormat values (NC1HWC0, FRACTAL_Z, NC1HWC0_C04,
# FRACTAL_NZ, NDC1HWC0, FRACTAL_Z_3D)
cdef tuple _PRIVATE_FORMATS = (3, 4, 12, 29, 32, 33)


cdef class ConcatOp(OpDef):
    """out = the elements of a TensorList joined along `dim` (aclnnCat). Params: the
    TensorList, an Int dim, the output. `list_dtypes`: CANN's dtype support list per SoC
    (a _soc_entry table: "DAV_2201", "regbase", "default", ...), for the elements and out.
    The checks are CANN's, in its order (ops-math conversion/concat_d/op_api/aclnn_cat.cpp):
      EraseDim1EmptyTensor: elements of shape (0,) are dropped; none left: success;
      CheckNotNull: a null element 161001 (CANN would read it first: a crash there);
      CheckDtypeValid: each element's dtype, then out's, in the list (161002);
      CheckPromoteType: PromoteType chained over the elements (undefined, COMPLEX128:
        161002), CanCast(promoted, out);
      CheckFormat: element 0 not a private format, every element's and out's format its;
      CheckShape: element 0's rank <= 8, dim wrapped into [0, rank), every element of that
        rank and element 0's size in every other dim;
      SplitToConcat: the empty elements skipped (none left: success); out's shape that of
        the concatenation (CheckShapeAndScalarSame; CANN's single-piece path ViewCopies
        into out, which needs the same shape).
    Each piece converts its element's dtype straight to out's (CANN casts to the promoted
    dtype, concatenates and casts to out's: the same values wherever the element's dtype
    converts exactly to the promoted one)."""
    cdef readonly object list_dtypes

    def __init__(self, name, snake, params, list_dtypes, **kw):
        kw.setdefault("max_rank", 8)
        table = _dtype_table(list_dtypes, name)
        flat = []
        for v in (table.values() if isinstance(table, dict) else (table,)):
            for d in v:
                if d not in flat and ao_cast_supported((<DType>d).code):
                    flat.append(d)
        OpDef.__init__(self, name, snake, params, tuple(flat), **kw)
        self.list_dtypes = table
        kinds = [p.kind for p in self.params]
        if kinds != ["tensor_list", "int", "output"]:
            raise ValueError("%s: ConcatOp takes (TensorList, Int dim, Output), got %s" % (name, kinds))

    cdef tuple _checked(self, TensorListArg lst, int64_t dim, Tensor out, soc):
        """CANN's checks in order; returns (pieces: the non-empty elements as (index,
        Tensor), the wrapped dim, the concatenation's shape), or None: success with
        nothing to write."""
        cdef Tensor t0, t
        name = self.attr_params[0].name
        kept = []
        for i, item in enumerate(lst.tensors):
            if item is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for element %d of %s."
                       % (i, name))
            if (<Tensor>item).shape == (0,):
                continue        # EraseDim1EmptyTensor
            kept.append((i, item))
        if not kept:
            return None
        dtypes = _soc_entry(self.list_dtypes, soc)
        for i, t in kept:
            if t.dtype not in dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID, "tensor %d not implemented for %s, should be in dtype support "
                       "list %s." % (i, t.dtype.log_name, _dt_list(dtypes)))
        if out is not None and out.dtype not in dtypes:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s."
                   % (self.outputs[0], out.dtype.log_name, _dt_list(dtypes)))
        promoted = (<Tensor>kept[0][1]).dtype
        for i, t in kept[1:]:
            p = _cann_promote_type(t.dtype, promoted)
            if p is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "tensor %d dtype %s and dtype %s can not promote dtype."
                       % (i, t.dtype.log_name, promoted.log_name))
            promoted = p
            if promoted.code == 17:     # COMPLEX128
                _raise(ACLNN_ERR_PARAM_INVALID, "tensor dtype has been promoted to %s, which has not been "
                       "implemented yet." % promoted.log_name)
        if out is not None and not _can_cast(promoted, out.dtype):
            _raise(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s."
                   % (promoted.log_name, out.dtype.log_name))
        t0 = kept[0][1]
        fmt = t0._format
        if fmt in _PRIVATE_FORMATS:
            _raise(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.")
        for i, t in kept[1:]:
            if t._format != fmt:
                _raise(ACLNN_ERR_PARAM_INVALID, "Format of tensors should be equal, tensor %d [%s], tensor 0 [%s]."
                       % (i, Format(t._format).name, Format(fmt).name))
        if out is not None and out._format != fmt:
            _raise(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, tensor 0 [%s] out [%s]."
                   % (Format(fmt).name, Format(out._format).name))
        nd = len(t0.shape)
        if nd > 8:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s's dim num %d exceeds the max %d." % (name, nd, 8))
        real = dim + nd if dim < 0 else dim
        if real < 0 or real >= nd:
            _raise(ACLNN_ERR_PARAM_INVALID, "dimnum %d exceed the dim range of the tensor %d." % (dim, nd))
        for i, t in kept[1:]:
            if len(t.shape) != nd:
                _raise(ACLNN_ERR_PARAM_INVALID, "dimnum of tensor %d is [%d], should be equal to tensor 0 [%d]."
                       % (i, len(t.shape), nd))
            for j in range(nd):
                if j != real and t.shape[j] != t0.shape[j]:
                    _raise(ACLNN_ERR_PARAM_INVALID, "dim %d of tensor %d is [%d], should be equal to tensor 0 [%d]."
                           % (j, i, t.shape[j], t0.shape[j]))
        shape = list(t0.shape)
        shape[real] = sum([(<Tensor>t).shape[real] for _, t in kept])
        pieces = [(i, t) for i, t in kept if t.numel]
        if not pieces:
            return None
        return pieces, real, tuple(shape), promoted

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        r = self._checked(<TensorListArg?>attrs[0], attrs[1], None, soc)
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
        r = self._checked(<TensorListArg?>attrs[0], attrs[1], out, soc)
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
