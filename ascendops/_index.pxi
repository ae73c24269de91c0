# ---------------------------------------------------------------------------
# Gathers and scatters along one dim (IndexOp): GatherV2, IndexSelect, InplaceIndexCopy.
# Slices of a data tensor move per element of an index tensor (INT32 / INT64); the bytes
# are copied (any dtype, bit-exact) by src/index.c, on worker threads over the
# (outer, index) pairs. Every index is checked at run time before anything is written.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_index_plan:
        int mode
        int itemsize
        int index_dtype
        int wrap
        int64_t repeats
        int64_t bound
        int64_t nidx
        int xndim
        int64_t xshape[AO_MAX_DIMS]
        int64_t xstrides[2][AO_MAX_DIMS]
        int ondim
        int64_t oshape[AO_MAX_DIMS]
        int64_t ostrides[2][AO_MAX_DIMS]
        int indim
        int64_t ishape[AO_MAX_DIMS]
        int64_t istrides[2][AO_MAX_DIMS]
        int64_t dstride
        int cndim
        int64_t cshape[AO_MAX_DIMS]
        int64_t cstrides[2][AO_MAX_DIMS]
        double value[2]

    int ao_index_run(const void *plan, char *const *data, int nthreads)
    int ao_index_error(int64_t *position, int64_t *value, int64_t *bound)
    enum: AO_INDEX_GATHER
    enum: AO_INDEX_SCATTER
    enum: AO_INDEX_FILL
    enum: AO_INDEX_ERR_RANGE


cdef str _index_error_message():
    """The message of a run that stopped at an index out of range (src/index.c)."""
    cdef int64_t pos = 0, value = 0, bound = 0
    if not ao_index_error(&pos, &value, &bound):
        return "an index is out of range"
    return ("index %d (element %d of the index tensor, C order) is out of range for a dim of length %d; "
            "nothing was written" % (value, pos, bound))


cdef int _fill_dims(int64_t *shape, int64_t (*strides)[AO_MAX_DIMS], tuple sh, tuple st) except -1:
    """A coalesced (shape, strides per operand) layout into a plan's arrays; returns its ndim."""
    cdef int i, k
    for i in range(len(sh)):
        shape[i] = sh[i]
        for k in range(len(st)):
            strides[k][i] = st[k][i]
    return len(sh)


cdef class IndexOp(OpDef):
    """Slices of a data tensor moved along `dim` per index (src/index.c, bytes copied).
    mode="gather": out[..., x, ...] = self[..., index[x], ...] with
      layout="take": out's shape is self's with dim replaced by index's dims (a 0-d index
        one dim of 1): GatherV2;
      layout="select": dim replaced by numel(index) (index at most 1-d): IndexSelect;
      a 0-d self gives a 0-d out (one index).
    mode="scatter": out = self, then out[..., index[x], ...] = source[..., x, ...]
      (source: self's shape with dim of numel(index); duplicates: the last in C order
      wins): IndexCopy / InplaceIndexCopy (declared inplace="only").
    mode="repeat": out[..., x, ...] = self[..., x // repeats, ...], dim of len * repeats
      (no index tensor): RepeatInterleaveIntWithDim.
    mode="fill": out = self, then out[..., i, ...] = value for each i of an IntArray index
      (negatives count from the end; the value, an aclScalar, converted to self's dtype
      with numpy's astype rules, a complex one's real part): IndexFillTensor /
      InplaceIndexFillTensor (declared inplace="only"). An index outside [-len, len) is
      161002 at phase 1 (the indices are host values), so nothing is ever written outside.
    Params: the data input (self), an Int dim, the index Input, a source Input
    (scatter), the Output; a repeat's: self, Int repeats, Int dim, Int outputSize, the
    Output (outputSize must be len * repeats); a fill's: self, Int dim, IntArray index,
    Scalar value, the Output. `index_dtypes`: the index's list (INT32, INT64); `wrap`:
    negative indices count from the end (CANN's GatherV2 with negativeIndexSupport);
    otherwise an index outside [0, len) -- or outside [-len, len) with wrap -- stops the
    run with 361001 before anything is written. CANN's rules are the check sequence's;
    the kind refuses (161002) only what it cannot lay out."""
    cdef readonly str mode
    cdef readonly str layout
    cdef readonly tuple index_dtypes
    cdef readonly bint wrap

    def __init__(self, name, snake, params, dtypes, mode="gather", layout="take", index_dtypes=("int32", "int64"),
                 wrap=True, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if mode not in ("gather", "scatter", "repeat", "fill") or layout not in ("take", "select"):
            raise ValueError("%s: mode is gather/scatter, layout take/select" % name)
        kinds = [p.kind for p in self.params]
        want = (["input", "int", "input", "output"] if mode == "gather"
                else ["input", "int", "int", "int", "output"] if mode == "repeat"
                else ["input", "int", "int_array", "scalar", "output"] if mode == "fill"
                else ["input", "int", "input", "input", "output"])
        if kinds != want:
            raise ValueError("%s: IndexOp(mode=%r) takes %s, got %s" % (name, mode, want, kinds))
        if mode == "scatter" and layout != "select":
            raise ValueError("%s: a scatter's layout is \"select\"" % name)
        self.mode, self.layout, self.wrap = mode, layout, bool(wrap)
        self.index_dtypes = tuple(as_dtype(d) for d in index_dtypes)

    cdef tuple _dim(self, Tensor x, int64_t dim):
        """(dim in [0, rank), self's shape and strides with a 0-d self as one element)."""
        shape, strides = x.shape, x._strides
        if not shape:
            shape, strides = (1,), (0,)
        nd = len(shape)
        if dim < -nd or dim >= nd:
            _raise(ACLNN_ERR_PARAM_INVALID, "dim %d not in valid range: [%d, %d)" % (dim, -nd, nd))
        return (dim + nd if dim < 0 else dim), shape, strides

    cdef tuple _gather_shape(self, Tensor x, Tensor index, int64_t dim):
        if not x.shape:
            return ()
        d, shape, _ = self._dim(x, dim)
        if self.layout == "take":
            mid = index.shape if index.shape else (1,)
        else:
            mid = (index.numel,)
        return tuple(shape[:d]) + tuple(mid) + tuple(shape[d + 1:])

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0]
        if self.mode in ("scatter", "fill"):
            return x.shape, x.dtype
        if self.mode == "repeat":
            # (a negative repeats is the check sequence's 161002: allocate no negative dim first)
            d, shape, _ = self._dim(x, attrs[1])
            return tuple(shape[:d]) + (shape[d] * max(attrs[0], 0),) + tuple(shape[d + 1:]), x.dtype
        return self._gather_shape(x, tensors[1], attrs[0]), x.dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        if self.mode == "repeat":
            return self._plan_repeat(tensors, attrs, soc)
        if self.mode == "fill":
            return self._plan_fill(tensors, attrs, soc)
        return self._plan_index(tensors, attrs, soc)

    def _plan_fill(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[1]
        cdef ao_index_plan *q
        cdef int64_t *fidx
        cdef int d, w, k, n
        cdef DType vd
        cdef unsigned char[::1] vb
        dtypes = self.dtypes_for(soc)
        for nm, t in ((self.tensor_names[0], x), (self.tensor_names[1], out)):
            if (<Tensor>t).dtype not in dtypes or (<Tensor>t).dtype is not x.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: should be %s's, one of %s."
                       % (nm, (<Tensor>t).dtype.log_name, self.inputs[0], _dt_list(dtypes)))
        if out.shape != x.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %s's %r."
                   % (self.output, out.shape, self.inputs[0], x.shape))
        d, shape, xstrides = self._dim(x, attrs[0])
        index = tuple(attrs[1])
        for v in index:
            if v < -shape[d] or v >= shape[d]:
                _raise(ACLNN_ERR_PARAM_INVALID, "Index value[%d] is out of range [%d, %d) of dim %d."
                       % (v, -shape[d], shape[d], d))
        if x.numel == 0 or not index:
            return _empty_plan(self)
        # the value in self's dtype, as CANN's ConvertToTensor(value, self's dtype)
        v = attrs[2]
        vd = _scalar_dtype(v)
        if vd.numpy is not None and vd.numpy.kind == "c":
            v = v.real
        if x.dtype.numpy is None or x.dtype.itemsize > 16:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: no value conversion"
                   % (self.inputs[0], x.dtype.log_name))
        value = np.zeros(2, np.float64)
        value.view(np.uint8)[:x.dtype.itemsize] = np.asarray(v).astype(x.dtype.numpy).reshape(1).view(np.uint8)
        vb = value.view(np.uint8)
        n = len(index)
        size = sizeof(ao_index_plan) + n * sizeof(int64_t)
        bufs = [np.zeros(size // 8 + 1, np.float64), np.zeros(size // 8 + 1, np.float64)]
        sst = (0,) * len(shape)
        for w in range(2):
            q = <ao_index_plan *><size_t>bufs[w].ctypes.data
            ost = _contiguous_strides(out.shape) if w else out._strides
            if not out.shape:
                ost = (0,)
            q.mode = AO_INDEX_FILL
            q.itemsize = x.dtype.itemsize
            q.bound = shape[d]
            q.nidx = n
            q.xndim = _fill_dims(q.xshape, q.xstrides, (n,), ((0,), (0,)))
            os_, ost2 = _row_major_pair(tuple(shape[:d]), tuple(ost[:d]), tuple(sst[:d]))
            q.ondim = _fill_dims(q.oshape, q.ostrides, os_, ost2)
            ins, inst = _row_major_pair(tuple(shape[d + 1:]), tuple(ost[d + 1:]), tuple(sst[d + 1:]))
            q.indim = 0 if len(ins) == 1 and ins[0] == 1 else _fill_dims(q.ishape, q.istrides, ins, inst)
            q.dstride = ost[d]
            cs, cst = _row_major_pair(tuple(shape), tuple(ost), tuple(xstrides))
            q.cndim = _fill_dims(q.cshape, q.cstrides, cs, cst)
            c_memcpy(q.value, &vb[0], 16)
            fidx = <int64_t *>(<char *>q + sizeof(ao_index_plan))
            for k in range(n):
                fidx[k] = index[k] + shape[d] if index[k] < 0 else index[k]
        lshape, pst = _row_major_pair(out.shape if out.shape else (1,), out._strides if out.shape else (0,),
                                      x._strides if x.shape else (0,))
        return _fn_plan(self, (out, x), [list(pst[0]), list(pst[1])], ao_index_run,
                        <void *><size_t>bufs[0].ctypes.data, <void *><size_t>bufs[1].ctypes.data,
                        size, 1, (1, 0), None, list(lshape))


    def _plan_repeat(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[1]
        cdef ao_index_plan kp, kws
        cdef ao_index_plan *q
        cdef int64_t repeats = attrs[0], output_size = attrs[2]
        cdef int d, w
        if x.dtype not in self.dtypes_for(soc) or out.dtype is not x.dtype:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s / %s dtype %s: should be one of %s, the same."
                   % (self.inputs[0], x.dtype.log_name, self.output, out.dtype.log_name,
                      _dt_list(self.dtypes_for(soc))))
        if not x.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "dimension specified as %d but tensor has no dimensions." % attrs[1])
        d, shape, xstrides = self._dim(x, attrs[1])
        if repeats < 0 or output_size != shape[d] * repeats:
            _raise(ACLNN_ERR_PARAM_INVALID, "outputSize %d should be the size of dim %d (%d) times repeats %d."
                   % (output_size, d, shape[d], repeats))
        want = tuple(shape[:d]) + (shape[d] * repeats,) + tuple(shape[d + 1:])
        if out.shape != want:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r." % (self.output, out.shape, want))
        if out.numel == 0:
            return _empty_plan(self)
        for w in range(2):
            q = &kws if w else &kp
            ost = _contiguous_strides(out.shape) if w else out._strides
            memset(q, 0, sizeof(ao_index_plan))
            q.mode = AO_INDEX_GATHER
            q.itemsize = x.dtype.itemsize
            q.repeats = repeats
            q.bound = shape[d]
            q.nidx = shape[d] * repeats
            q.xndim = _fill_dims(q.xshape, q.xstrides, (q.nidx,), ((0,), (ost[d],)))
            os_, ost2 = _row_major_pair(tuple(shape[:d]), tuple(ost[:d]), tuple(xstrides[:d]))
            q.ondim = _fill_dims(q.oshape, q.ostrides, os_, ost2)
            ins, inst = _row_major_pair(tuple(shape[d + 1:]), tuple(ost[d + 1:]), tuple(xstrides[d + 1:]))
            q.dstride = xstrides[d]
            if len(ins) == 1 and ins[0] == 1:
                q.indim = 0
            else:
                q.indim = _fill_dims(q.ishape, q.istrides, ins, inst)
        lshape, lst = _row_major_layout(out.shape, out._strides)
        return _fn_plan(self, (out, x), [list(lst), [0] * len(lshape)], ao_index_run, &kp, &kws,
                        sizeof(ao_index_plan), 1, (1, 0), None, list(lshape))

    def _plan_index(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], index = tensors[1], out = tensors[len(tensors) - 1], src
        cdef ao_index_plan kp, kws
        cdef ao_index_plan *q
        cdef int64_t dim = attrs[0]
        cdef int d, w
        dtypes = self.dtypes_for(soc)
        data = [(self.tensor_names[0], x), (self.tensor_names[len(tensors) - 1], out)]
        if self.mode == "scatter":
            data.append((self.inputs[2], tensors[2]))
        for n, t in data:
            if (<Tensor>t).dtype not in dtypes or (<Tensor>t).dtype is not x.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: should be %s's, one of %s."
                       % (n, (<Tensor>t).dtype.log_name, self.inputs[0], _dt_list(dtypes)))
        if index.dtype not in self.index_dtypes:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: should be in %s."
                   % (self.inputs[1], index.dtype.log_name, _dt_list(self.index_dtypes)))
        d, shape, xstrides = self._dim(x, dim)
        if self.layout == "select" and len(index.shape) > 1:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s should have at most 1 dim, got %d."
                   % (self.inputs[1], len(index.shape)))
        if self.mode == "gather":
            want = self._gather_shape(x, index, dim)
            if out.shape != want:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r." % (self.output, out.shape, want))
            src = x
        else:
            src = tensors[2]
            if out.shape != x.shape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %s's %r."
                       % (self.output, out.shape, self.inputs[0], x.shape))
            sshape = src.shape if src.shape else (1,)
            want = tuple(shape[:d]) + (index.numel,) + tuple(shape[d + 1:])
            if sshape != want:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r (%s's, dim %d of numel(%s))."
                       % (self.inputs[2], src.shape, want, self.inputs[0], d, self.inputs[1]))
        if x.numel == 0 or index.numel == 0 or out.numel == 0:
            return _empty_plan(self)
        if self.mode == "gather" and not out.shape and index.numel != 1:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s is 0-d: its one element takes one index, %s has %d."
                   % (self.output, self.inputs[1], index.numel))
        sst = src._strides if src.shape else (0,)
        ishape = index.shape if index.shape else (1,)
        istr = index._strides if index.shape else (0,)
        for w in range(2):
            q = &kws if w else &kp
            ost = _contiguous_strides(out.shape) if w else out._strides
            if not out.shape:
                ost = (0,)
            oshape = out.shape if out.shape else (1,)
            memset(q, 0, sizeof(ao_index_plan))
            q.itemsize = x.dtype.itemsize
            q.index_dtype = index.dtype.code
            q.wrap = self.wrap
            q.bound = shape[d]
            q.nidx = index.numel
            if self.mode == "gather":
                q.mode = AO_INDEX_GATHER
                # out's dims: shape[:d], then the index space (nx dims), then shape[d + 1:]
                nx = len(oshape) - len(shape) + 1
                if self.layout == "take":
                    xs, xst = _row_major_pair(ishape, tuple(istr), tuple(ost[d:d + nx]))
                else:
                    xs, xst = _row_major_pair((index.numel,), (istr[len(istr) - 1],), (ost[d],))
                q.xndim = _fill_dims(q.xshape, q.xstrides, xs, xst)
                os_, ost2 = _row_major_pair(tuple(shape[:d]), tuple(ost[:d]), tuple(sst[:d]))
                q.ondim = _fill_dims(q.oshape, q.ostrides, os_, ost2)
                ins, inst = _row_major_pair(tuple(shape[d + 1:]), tuple(ost[d + nx:]), tuple(sst[d + 1:]))
                q.dstride = sst[d]
            else:
                q.mode = AO_INDEX_SCATTER
                xs, xst = _row_major_pair((index.numel,), (istr[len(istr) - 1],), (sst[d],))
                q.xndim = _fill_dims(q.xshape, q.xstrides, xs, xst)
                os_, ost2 = _row_major_pair(tuple(shape[:d]), tuple(ost[:d]), tuple(sst[:d]))
                q.ondim = _fill_dims(q.oshape, q.ostrides, os_, ost2)
                ins, inst = _row_major_pair(tuple(shape[d + 1:]), tuple(ost[d + 1:]), tuple(sst[d + 1:]))
                q.dstride = ost[d]
                cs, cst = _row_major_pair(tuple(shape), tuple(ost), tuple(xstrides))
                q.cndim = _fill_dims(q.cshape, q.cstrides, cs, cst)
            # (_row_major_pair's one-element layout (1,) with stride 0 is an empty block here)
            if len(ins) == 1 and ins[0] == 1:
                q.indim = 0
            else:
                q.indim = _fill_dims(q.ishape, q.istrides, ins, inst)
        # the executor's views: out (coalesced, C order), self beside it for a scatter
        if self.mode == "gather":
            lshape, lst = _row_major_layout(out.shape, out._strides)
            operands = (out, x, index)
            strides = [list(lst), [0] * len(lshape), [0] * len(lshape)]
            slots = (len(tensors) - 1, 0, 1)
        else:
            lshape, pst = _row_major_pair(out.shape, out._strides, x._strides)
            operands = (out, src, index, x)
            strides = [list(pst[0]), [0] * len(lshape), [0] * len(lshape), list(pst[1])]
            slots = (len(tensors) - 1, 2, 1, 0)
        return _fn_plan(self, operands, strides, ao_index_run, &kp, &kws, sizeof(ao_index_plan), 1, slots,
                        None, list(lshape))
