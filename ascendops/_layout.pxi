# ---------------------------------------------------------------------------
# Layout ops (aclnnPermute, aclnnConstantPadNd, aclnnRepeat, aclnnSlice,
# aclnnReflectionPad1d, aclnnRoll): every output element is an input element at a mapped
# index, or a constant. An op declares only its mapping: a function of the input's shape
# and the attributes giving the output's shape and a short list of pieces, each a strided
# view of the input copied into a view of the output (Copy) or the op's constant written
# into one (Fill). Phase 1 turns the pieces into Cast-kernel plans over the tensors' real
# strides (src/layout.c ao_layout_run runs their chunks together on the worker threads:
# one dtype copies the bytes, a Fill stores the value converted once).
# ---------------------------------------------------------------------------
from libc.stdlib cimport calloc

cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_layout_piece:
        ao_cast_plan cp
        int64_t out_offset
        int64_t in_offset
        int fill

    ctypedef struct ao_layout_plan:
        int npieces
        double value[2]

    size_t ao_layout_plan_size(int npieces)
    ao_layout_piece *ao_layout_plan_piece(ao_layout_plan *p, int k)
    int ao_layout_run(const void *plan, char *const *data, int nthreads)


def dim_step(int dim, int64_t step=1):
    """A piece dim's step over a tensor's dims: `step` along `dim` ({dim: step})."""
    return {dim: step}


class Copy:
    """A piece of a layout: input elements copied into the output. `shape`: the piece's
    dims; `out_at` / `in_at`: the logical index (one entry per dim of the tensor) of the
    piece's first element in the output / input; `out_steps` / `in_steps`: per piece dim,
    the logical step along the tensor's dims ({dim: step}, `dim_step(dim, step)`; {} for a
    dim that does not move in that tensor: a repeat reads one input element many times).
    Steps may be negative (a reflection reads backwards)."""
    fill = False

    def __init__(self, shape, out_at, out_steps, in_at, in_steps):
        self.shape, self.out_at, self.out_steps = tuple(shape), tuple(out_at), tuple(out_steps)
        self.in_at, self.in_steps = tuple(in_at), tuple(in_steps)
        if len(self.out_steps) != len(self.shape) or len(self.in_steps) != len(self.shape):
            raise ValueError("Copy: one step per piece dim")

    def __repr__(self):
        return "Copy(%r, out %r %r, in %r %r)" % (self.shape, self.out_at, self.out_steps, self.in_at,
                                                 self.in_steps)


class Fill:
    """A piece of a layout: the op's constant (its `value` Scalar) written into a view of
    the output (`shape`, `out_at`, `out_steps` as Copy's)."""
    fill = True

    def __init__(self, shape, out_at, out_steps):
        self.shape, self.out_at, self.out_steps = tuple(shape), tuple(out_at), tuple(out_steps)
        self.in_at, self.in_steps = (), ({},) * len(self.shape)
        if len(self.out_steps) != len(self.shape):
            raise ValueError("Fill: one step per piece dim")

    def __repr__(self):
        return "Fill(%r, out %r %r)" % (self.shape, self.out_at, self.out_steps)


class Layout:
    """A mapping's result: the output's shape and the pieces that write it (together
    every output element once)."""

    def __init__(self, shape, pieces):
        self.shape, self.pieces = tuple(int(d) for d in shape), list(pieces)

    def __repr__(self):
        return "Layout(%r, %r)" % (self.shape, self.pieces)


def box(shape):
    """A piece over the whole of an output of `shape` in its own dims: (start, steps)."""
    return (0,) * len(shape), tuple(dim_step(d) for d in range(len(shape)))


# the most pieces one plan holds (a repeat of 8 dims whose view does not fit the Cast
# kernel's AO_MAX_DIMS is split along its outer dims)
cdef int _LAYOUT_MAX_PIECES = 1 << 16


cdef list _piece_runs(piece, tuple ostrides, tuple istrides, int oitem, int iitem):
    """A piece as Cast-kernel runs over real strides: [(out byte offset, in byte offset,
    [(size, out stride, in stride), ...]), ...], its dims without those of size 1, the
    output's largest stride outermost, coalesced; split along its outer dims into several
    runs where more than AO_MAX_DIMS remain. [] for an empty piece."""
    cdef int64_t ooff = 0, ioff = 0
    cdef int k
    for k, i in enumerate(piece.out_at):
        ooff += <int64_t>i * <int64_t>ostrides[k]
    for k, i in enumerate(piece.in_at):
        ioff += <int64_t>i * <int64_t>istrides[k]
    dims = []
    for k, n in enumerate(piece.shape):
        if n == 0:
            return []
        if n == 1:
            continue
        os_ = sum(s * ostrides[d] for d, s in piece.out_steps[k].items())
        is_ = sum(s * istrides[d] for d, s in piece.in_steps[k].items())
        dims.append([n, os_, is_])
    dims.sort(key=lambda t: -abs(t[1]))
    k = len(dims) - 2
    while k >= 0:
        if dims[k][1] == dims[k + 1][0] * dims[k + 1][1] and dims[k][2] == dims[k + 1][0] * dims[k + 1][2]:
            dims[k] = [dims[k][0] * dims[k + 1][0], dims[k + 1][1], dims[k + 1][2]]
            del dims[k + 1]
        k -= 1
    runs = [(ooff * oitem, ioff * iitem, dims)]
    while len(runs[0][2]) > AO_MAX_DIMS:
        if len(runs) * runs[0][2][0][0] > _LAYOUT_MAX_PIECES:
            _raise(ACLNN_ERR_INNER_NULLPTR, "the layout needs more than %d pieces" % _LAYOUT_MAX_PIECES)
        runs = [(o + j * d[0][1] * oitem, i + j * d[0][2] * iitem, d[1:])
                for o, i, d in runs for j in range(d[0][0])]
    return runs


cdef tuple _fill_value(v, DType out_dtype):
    """The constant's bytes (16) and dtype as the Cast kernel reads it: the aclScalar's
    own dtype (a complex one's real part, as ConvertToTensor to a real dtype), or out's
    zero bits where no value is given."""
    cdef DType vd
    value = np.zeros(2, np.float64)
    if v is None:
        return value, out_dtype
    vd = _scalar_dtype(v)
    if vd.numpy is not None and vd.numpy.kind == "c":
        v, vd = v.real, (DT_FLOAT if vd.numpy.itemsize == 8 else DT_DOUBLE)
    if not ao_cast_supported(vd.code) or vd.numpy is None:
        vd = DT_DOUBLE
    value.view(np.uint8)[:vd.itemsize] = np.asarray(v).astype(vd.numpy).reshape(1).view(np.uint8)
    return value, vd


cdef class LayoutOp(OpDef):
    """out = the input's elements moved to mapped indices, or a constant: the op declares
    `mapping(shape, attrs) -> Layout(out shape, pieces)` (Copy and Fill pieces over the
    logical indices of the input of `shape` and of the output), and `value`, the name of
    the Scalar attribute a Fill writes (converted to out's dtype by the Cast kernel's
    rules, as CANN's ConvertToTensor; None: the op has no Fill). Params: one input, the
    attributes, one output of the input's dtype. CANN's rules are the check sequence's
    (the mapping runs after it passed); the kind refuses only a dtype the Cast kernel
    cannot copy (161002). Any strides of either tensor; an output overlapping the input
    other than exactly goes through the workspace; one dtype is a copy of the bytes
    (bit-exact, NaN payloads kept), each piece on the worker threads."""
    cdef readonly object mapping
    cdef readonly object value

    def __init__(self, name, snake, params, dtypes, mapping, value=None, **kw):
        kw.setdefault("max_rank", None)
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if len(self.inputs) != 1 or len(self.outputs) != 1:
            raise ValueError("%s: LayoutOp takes (self, attributes..., out)" % name)
        if not callable(mapping):
            raise TypeError("%s: mapping must be f(shape, attrs) -> Layout" % name)
        names = [p.name for p in self.attr_params]
        if value is not None and (value not in names or not isinstance(self.attr_params[names.index(value)],
                                                                       Scalar)):
            raise ValueError("%s: value must name a Scalar attribute" % name)
        for d in self.dtypes:
            if not ao_cast_supported((<DType>d).code):
                raise ValueError("%s: the cast kernel has no path for %s" % (name, (<DType>d).log_name))
        self.mapping, self.value = mapping, value

    def layout(self, shape, attrs):
        """The mapping's Layout for an input of `shape` (attributes checked)."""
        lay = self.mapping(tuple(shape), tuple(attrs))
        if not isinstance(lay, Layout):
            raise TypeError("%s: the mapping returned %r, not a Layout" % (self.name, lay))
        return lay

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        shape = tuple(shape)
        return (shape,), (self.layout(shape, attrs).shape,)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0]
        try:
            shape = self.layout(x.shape, attrs).shape
        except (ValueError, IndexError, TypeError, ZeroDivisionError, OverflowError):
            shape = x.shape     # attributes the check sequence refuses: its status, not ours
        for d in shape:
            if d < 0:
                shape = x.shape     # (a pad below -size: CANN's CheckShape refuses it)
                break
        return shape, x.dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[1]
        cdef ao_layout_plan *kp[2]
        cdef ao_layout_piece *q
        cdef DType vd
        cdef int w, k, i, n
        cdef unsigned char[::1] vb
        cdef size_t size
        # what the Cast kernel cannot copy (CANN's complex and 8-bit float dtypes)
        self.check_dtype_support(tensors, soc)
        if out.numel == 0:
            return _empty_plan(self)
        lay = self.layout(x.shape, attrs)
        if lay.shape != out.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r." % (self.outputs[0], out.shape,
                                                                                 lay.shape))
        v = None
        if self.value is not None:
            v = attrs[[p.name for p in self.attr_params].index(self.value)]
        value, vd = _fill_value(v, out.dtype)
        runs = []
        for w in range(2):
            ostrides = tuple(_contiguous_strides(out.shape)) if w else tuple(out._strides)
            rs = []
            for piece in lay.pieces:
                if piece.fill:
                    rs.extend((1, r) for r in _piece_runs(piece, ostrides, (), out.dtype.itemsize, 0))
                elif x.numel:
                    rs.extend((0, r) for r in _piece_runs(piece, ostrides, tuple(x._strides), out.dtype.itemsize,
                                                          x.dtype.itemsize))
            runs.append(rs)
        n = max(len(runs[0]), len(runs[1]))
        size = ao_layout_plan_size(n)
        kp[0] = <ao_layout_plan *>calloc(1, size)
        kp[1] = <ao_layout_plan *>calloc(1, size)
        try:
            if kp[0] == NULL or kp[1] == NULL:
                raise MemoryError()
            vb = value.view(np.uint8)
            for w in range(2):
                kp[w].npieces = len(runs[w])
                c_memcpy(kp[w].value, &vb[0], 16)
                for k, (fill, (ooff, ioff, dims)) in enumerate(runs[w]):
                    q = ao_layout_plan_piece(kp[w], k)
                    q.fill, q.out_offset, q.in_offset = fill, ooff, ioff
                    q.cp.dst = out.dtype.code
                    q.cp.src = vd.code if fill else x.dtype.code
                    q.cp.ndim = len(dims)
                    q.cp.numel = 1
                    for i in range(len(dims)):
                        q.cp.shape[i] = dims[i][0]
                        q.cp.strides[0][i] = dims[i][1]
                        q.cp.strides[1][i] = dims[i][2]
                        q.cp.numel *= dims[i][0]
            strides = [list(out._strides), [0] * len(out.shape)]
            return _fn_plan(self, (out, x), strides, ao_layout_run, kp[0], kp[1], size)
        finally:
            free(kp[0])
            free(kp[1])
