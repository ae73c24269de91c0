# ---------------------------------------------------------------------------
# FRACTAL_NZ weights: CANN's blocked layout of a matrix product's weight (src/nz.c), the op
# kind that lays a weight out so in place (NzWeightOp: aclnnTransMatmulWeight), the
# geometry the matrix products read a FRACTAL_NZ mat2 by (_matmul.pxi), and the APIs CANN
# declares as one call instead of two phases (SingleCallApi:
# aclnnCalculateMatmulWeightSizeV2).
#
# A tensor whose storage format is FRACTAL_NZ keeps its view (shape, strides, offset): the
# view addresses the C-contiguous ND stack of matrices (the last two dims, in the order its
# strides store them: C order, or the last two dims transposed) that CANN's TransData laid
# out in NZ from the view's first element on.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    enum: AO_NZ_MAX_BATCH
    ctypedef struct ao_nz_plan:
        int64_t nmat, rows, cols, c0, size
        int bndim
        int64_t bshape[AO_NZ_MAX_BATCH]
        int64_t bst[AO_NZ_MAX_BATCH]
        int64_t rs, cs

    int64_t ao_nz_matrix_elements(int64_t rows, int64_t cols, int64_t c0)
    int ao_nz_pack_run(const void *plan, char *const *data, int nthreads)


def nz_block_columns(dtype):
    """The columns of an NZ block (C0): 32 bytes of the dtype (16 FLOAT16 / BFLOAT16
    elements, 32 INT8, 8 FLOAT)."""
    cdef DType d = as_dtype(dtype)
    if d.itemsize <= 0 or 32 % d.itemsize:
        raise ValueError("FRACTAL_NZ has no block of %s elements" % d.log_name)
    return 32 // d.itemsize


def nz_storage_shape(shape, dtype):
    """CANN's FRACTAL_NZ storage shape of an ND (..., rows, cols) tensor: (...,
    ceil(cols / C0), ceil(rows / 16), 16, C0)."""
    shape = tuple(int(d) for d in shape)
    if len(shape) < 2:
        raise ValueError("FRACTAL_NZ needs 2 dims or more, got %r" % (shape,))
    c0 = nz_block_columns(dtype)
    return shape[:-2] + (-(-shape[-1] // c0), -(-shape[-2] // 16), 16, c0)


def nz_weight_elements(shape, dtype):
    """CANN's CalculateMatmulWeightSize (hicann/ops-math c41933244
    conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp): the product of the
    batch dims, the second-last dim aligned to 16 and the last to 16 (FLOAT16, BFLOAT16)
    or 32 (any other dtype)."""
    d = as_dtype(dtype).name
    shape = tuple(int(v) for v in shape)
    n = 1
    for i, v in enumerate(shape):
        if i < len(shape) - 2:
            n *= v
        elif d in ("float16", "bfloat16") or i == len(shape) - 2:
            n *= -(-v // 16) * 16
        else:
            n *= -(-v // 32) * 32
    return n


cdef tuple _nz_stack(Tensor t, str what):
    """(nmat, rows, cols, c0, batch dims) of a FRACTAL_NZ tensor's ND stack, checked: its
    view C-contiguous or with the last two dims transposed, the batch dims contiguous
    around the matrices, and the NZ layout inside the allocation of its first element.
    161002 otherwise (CANN reads such a view's storage as NZ all the same)."""
    cdef int r = len(t.shape)
    cdef Memory m
    cdef Py_ssize_t avail
    if r < 2:
        _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s: a FRACTAL_NZ tensor has 2 dims or more, got %r."
               % (what, t.shape))
    a, b = t.shape[r - 2], t.shape[r - 1]
    sa, sb = t._strides[r - 2], t._strides[r - 1]
    if (b == 1 or sb == 1) and (a == 1 or sa == b):
        rows, cols = a, b
    elif (a == 1 or sa == 1) and (b == 1 or sb == a):
        rows, cols = b, a
    else:
        _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s: a FRACTAL_NZ view reads its matrices C-contiguous or with the "
               "last two dims transposed, got shape %r strides %r." % (what, t.shape, t._strides))
    nmat = 1
    expect = rows * cols
    batch = []
    for d in range(r - 3, -1, -1):
        if t.shape[d] != 1 and t._strides[d] != expect:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s: a FRACTAL_NZ view's batch dims are contiguous around its "
                   "matrices, got shape %r strides %r." % (what, t.shape, t._strides))
        expect *= t.shape[d]
        nmat *= t.shape[d]
    c0 = nz_block_columns(t.dtype)
    need = nmat * ao_nz_matrix_elements(rows, cols, c0) * t.dtype.itemsize
    m = t.storage
    avail = m.nbytes - (t.data - m.ptr)
    if need > avail and isinstance(m.owner, Memory):
        # a view of an aclrtMalloc block (aclCreateTensor's storageDims may count the ND
        # elements only): the layout may use the rest of the block
        m = <Memory>m.owner
        avail = m.nbytes - (t.data - m.ptr)
    if need > avail:
        _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s: its FRACTAL_NZ layout (%d matrices of %d x %d %s) takes %d bytes "
               "from its first element, its memory holds %d (aclnnCalculateMatmulWeightSizeV2 gives the size)."
               % (what, nmat, rows, cols, t.dtype.log_name, need, avail))
    return nmat, rows, cols, c0


cdef class NzWeightOp(OpDef):
    """A weight laid out in FRACTAL_NZ in place (aclnnTransMatmulWeight): one Output, the
    tensor (CANN's mmWeightRef), read through its view and rewritten from its first element
    on as the NZ layout of its matrices (the last two dims, C order; zero padding to the
    blocks), src/nz.c. Phase 1 records FRACTAL_NZ as the tensor's storage format (CANN's
    SetStorageFormat: every later call sees it, cached plans or not). The check sequence
    holds CANN's rules; the kind refuses only what it cannot lay out (161002): fewer than 2
    dims, more than AO_NZ_MAX_BATCH + 2, a layout larger than the tensor's memory."""

    def __init__(self, name, snake, params, dtypes, **kw):
        kw.setdefault("max_rank", None)
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if self.inputs or len(self.outputs) != 1 or self.attr_params:
            raise ValueError("%s: NzWeightOp takes one Output, the weight laid out in place" % name)
        self.storage_format = Format.FRACTAL_NZ

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        raise TypeError("%s: the weight is laid out in place: pass it as out= (CANN's %s)"
                        % (self.snake, self.outputs[0]))

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor t = tensors[0]
        cdef ao_nz_plan kp
        cdef int r = len(t.shape), d
        memset(&kp, 0, sizeof(kp))
        if t.numel == 0:
            return _empty_plan(self)
        if r < 2 or r - 2 > AO_NZ_MAX_BATCH:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: %s has %d dims, the NZ layout takes 2 to %d."
                   % (self.name, self.outputs[0], r, AO_NZ_MAX_BATCH + 2))
        c0 = nz_block_columns(t.dtype)
        kp.rows, kp.cols, kp.c0, kp.size = t.shape[r - 2], t.shape[r - 1], c0, t.dtype.itemsize
        kp.rs, kp.cs = t._strides[r - 2], t._strides[r - 1]
        kp.bndim = r - 2
        kp.nmat = 1
        for d in range(r - 2):
            kp.bshape[d], kp.bst[d] = t.shape[d], t._strides[d]
            kp.nmat *= t.shape[d]
        need = kp.nmat * ao_nz_matrix_elements(kp.rows, kp.cols, c0) * kp.size
        avail = t.storage.nbytes - (t.data - t.storage.ptr)
        if need > avail and isinstance(t.storage.owner, Memory):
            avail = (<Memory>t.storage.owner).nbytes - (t.data - (<Memory>t.storage.owner).ptr)
        if need > avail:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: the FRACTAL_NZ layout of %s (%r %s) takes %d bytes from its first "
                   "element, its memory holds %d (aclnnCalculateMatmulWeightSizeV2 gives the size)."
                   % (self.name, self.outputs[0], t.shape, t.dtype.log_name, need, avail))
        return _fn_plan(self, (t,), [list(t._strides)], ao_nz_pack_run, &kp, &kp, sizeof(ao_nz_plan), 1, (0,))

    cdef int set_storage_format(self, tuple tensors) except -1:
        cdef Tensor t = tensors[0]
        if t is not None and t.numel > 0:
            t._format = self.storage_format
            t._key = None
        return 0


# -- APIs of one call (not two-phase) ------------------------------------------
cdef dict _single_call_registry = {}


class Result(Param):
    """A result the API writes through a pointer (`uint64_t *weightTensorSize`): the
    single-call API returns its value; a null pointer is CANN's 161001 where its source
    checks it (`null_check`: the step of the check sequence that does)."""
    kind = "result"
    tensor = False

    def __init__(self, name, c_type="uint64_t", py=None):
        Param.__init__(self, name, None, py)
        self.c_type = c_type + " *"

    def c_decl(self):
        return "%s%s" % (self.c_type, self.name)


class SingleCallApi:
    """An aclnn API of one call, `aclnnStatus aclnn<Name>(<params>)` (CANN's
    aclnnCalculateMatmulWeightSizeV2): no workspace, no executor, no stream. `params`:
    CANN's parameters in C order, the attributes (IntArray, DTypeAttr, ...) then the
    Results it writes through pointers; `checks`: CANN's check sequence (Require steps
    over `ctx.values`, which holds every parameter, a Result as None where the pointer is
    null); `compute(*values)`: the result's value from the attributes as passed (an
    aclDataType as a DType, or its code where ascendops has none). ascendops.<snake>
    takes the attributes and returns the result; the C entry point writes it through
    the pointer."""

    def __init__(self, name, snake, params, compute, checks=None, header=None, info=None, doc=""):
        self.name, self.snake, self.params, self.compute = name, snake, tuple(params), compute
        self.header = header if header is not None else "aclnn_%s.h" % snake
        self.results = tuple(p for p in self.params if isinstance(p, Result))
        self.attr_params = tuple(p for p in self.params if not isinstance(p, Result))
        if len(self.results) != 1 or self.params[-1] is not self.results[0]:
            raise ValueError("%s: a single-call API ends with its one Result" % name)
        if any(p.tensor for p in self.attr_params):
            raise ValueError("%s: a single-call API takes no tensors" % name)
        self.checks, self.info, self.doc = checks, info or {}, doc

    def __repr__(self):
        return "SingleCallApi(%s)" % self.name

    def invoke(self, *args):
        """The C call: args are CANN's parameters in order, the Result as None (a null
        pointer) or anything else (a pointer to write). Returns the result's value."""
        if len(args) != len(self.params):
            raise TypeError("aclnn%s takes %d arguments, got %d" % (self.name, len(self.params), len(args)))
        values = {p.name: a for p, a in zip(self.params, args)}
        if self.checks is not None:
            ctx = _SingleCallContext(values)
            for step in self.checks.resolved(None):
                step.apply(ctx)
        return self.compute(*[values[p.name] for p in self.attr_params])

    def __call__(self, *args, **kwargs):
        """The numpy-like form: the attributes (positionally or by their Python names);
        returns the result."""
        names = [p.py for p in self.attr_params]
        if len(args) > len(names):
            raise TypeError("%s takes %d arguments, got %d" % (self.snake, len(names), len(args)))
        vals = dict(zip(names, args))
        for k, v in kwargs.items():
            if k not in names or k in vals:
                raise TypeError("%s: unexpected or repeated argument %r" % (self.snake, k))
            vals[k] = v
        missing = [n for n in names if n not in vals]
        if missing:
            raise TypeError("%s: missing %s" % (self.snake, ", ".join(missing)))
        return self.invoke(*[vals[n] for n in names], True)


class _SingleCallContext:
    """What a single-call API's check steps read: the parameters' values and the SoC."""

    def __init__(self, values):
        self.values = values
        self.soc = _current_soc()

    def tensor(self, name):
        return None


def register_single_call(api):
    """Adds a single-call API: ascendops.<snake> and aclnn<Name> (its C entry point)."""
    if not isinstance(api, SingleCallApi):
        raise TypeError("register_single_call takes a SingleCallApi")
    if api.snake in _single_call_registry or api.snake in _registry:
        raise ValueError("an API named %r is already registered" % api.snake)
    _single_call_registry[api.snake] = api
    return api


def registered_single_calls():
    return dict(_single_call_registry)
