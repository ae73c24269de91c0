# ---------------------------------------------------------------------------
# The two-stage dispatcher: op definitions, phase 1 (checks, planning, workspace,
# an executor), the executor cache, phase 2 (running it on a stream).
# ---------------------------------------------------------------------------
from collections import OrderedDict, namedtuple
from libc.stdlib cimport free
from libc.string cimport memcmp
from cpython.ref cimport PyObject, Py_INCREF as _incref
from cpython.dict cimport PyDict_GetItemWithError
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from ascendops.tiling import Tiling, TilingError

# aclnnStatus codes (aclnn-facts section 6).
ACLNN_SUCCESS = 0
ACLNN_ERR_PARAM_NULLPTR = 161001
ACLNN_ERR_PARAM_INVALID = 161002
ACLNN_ERR_RUNTIME_ERROR = 361001
ACLNN_ERR_INNER = 561000
ACLNN_ERR_INNER_INFERSHAPE_ERROR = 561001
ACLNN_ERR_INNER_TILING_ERROR = 561002
ACLNN_ERR_INNER_FIND_KERNEL_ERROR = 561003
ACLNN_ERR_INNER_CREATE_EXECUTOR = 561101
ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR = 561102
ACLNN_ERR_INNER_NULLPTR = 561103
ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE = 561104
ACLNN_ERR_INNER_KEY_CONFLICT = 561105


class AclnnError(RuntimeError):
    """An aclnn call failed; `.status` is CANN's aclnnStatus code."""
    status = ACLNN_ERR_INNER

    def __init__(self, message, status=None):
        if status is not None:
            self.status = status
        super().__init__("%s [aclnnStatus %d]" % (message, self.status))
        self.message = message


class AclnnNullptrError(AclnnError):
    """ACLNN_ERR_PARAM_NULLPTR (161001): a required argument is missing."""
    status = ACLNN_ERR_PARAM_NULLPTR


class AclnnInvalidParamError(AclnnError, ValueError):
    """ACLNN_ERR_PARAM_INVALID (161002): a dtype, shape, rank or attribute is not allowed."""
    status = ACLNN_ERR_PARAM_INVALID


class AclnnInnerError(AclnnError):
    """ACLNN_ERR_INNER_* (5610xx): the executor or a planning step failed."""


def _raise(status, message):
    cls = {ACLNN_ERR_PARAM_NULLPTR: AclnnNullptrError,
           ACLNN_ERR_PARAM_INVALID: AclnnInvalidParamError}.get(status, AclnnInnerError)
    raise cls(message, status)


def _dt_list(dtypes):
    return "[%s]" % ", ".join(d.log_name for d in dtypes)


def broadcast_shapes(*shapes):
    """numpy's broadcast of shapes, or None when they do not broadcast."""
    ndim = max([len(s) for s in shapes] or [0])
    out = []
    for i in range(ndim):
        size = 1
        for s in shapes:
            j = i - (ndim - len(s))
            if j < 0:
                continue
            d = s[j]
            if d != 1:
                if size != 1 and size != d:
                    return None
                size = d
        out.append(size)
    return tuple(out)


cdef int _find_kernel(str name) except -1:
    k = ao_kernel_find(name.encode())
    if k < 0:
        _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no kernel %r in this build (include/ascendops/ops/%s.h)"
               % (name, name))
    return k


# -- op definitions ----------------------------------------------------------------
cdef class OpDef:
    """An aclnn op as data. Subclasses plan a kind of computation; the checks that
    every op shares (null arguments, dtype lists, ranks) live here once."""
    cdef readonly str name          # aclnn name without the prefix: "SiluBackward"
    cdef readonly str snake         # "silu_backward": names of the generated functions
    cdef readonly tuple inputs      # CANN's names of the input tensors, in order
    cdef readonly str output        # CANN's name of the output tensor
    cdef readonly tuple args        # Python names of the inputs for the numpy-like API
    cdef readonly tuple attrs       # names of scalar/string attributes (part of the cache key)
    cdef readonly tuple attr_defaults
    cdef readonly tuple attr_rules  # per attribute: int, a tuple of allowed strings, or None
    cdef readonly tuple dtypes      # the dtype support list
    cdef readonly int min_rank, max_rank
    cdef readonly object info       # test/doc metadata (references, sample inputs)
    cdef readonly str doc

    def __init__(self, name, snake, inputs, output, args, dtypes, attrs=(), attr_defaults=(),
                 attr_rules=(), min_rank=0, max_rank=8, info=None, doc=""):
        self.name, self.snake = name, snake
        self.inputs, self.output, self.args = tuple(inputs), output, tuple(args)
        self.attrs, self.attr_defaults = tuple(attrs), tuple(attr_defaults)
        self.attr_rules = tuple(attr_rules) or (None,) * len(self.attrs)
        if len(self.attr_defaults) != len(self.attrs) or len(self.attr_rules) != len(self.attrs):
            raise ValueError("%s: attrs, attr_defaults and attr_rules differ in length" % name)
        self.dtypes = tuple(as_dtype(d) for d in dtypes)
        self.min_rank, self.max_rank = min_rank, max_rank
        self.info, self.doc = info, doc
        if len(self.args) != len(self.inputs):
            raise ValueError("%s: %d Python argument names for %d inputs" % (name, len(self.args), len(self.inputs)))

    def __repr__(self):
        return "<aclnn op %s(%s) -> %s>" % (self.name, ", ".join(self.inputs + self.attrs), self.output)

    @property
    def tensor_names(self):
        return self.inputs + (self.output,)

    cpdef tuple check_attrs(self, tuple attrs):
        """Validates attribute values by attr_rules (None -> 161001, bad values ->
        161002); returns them normalised. Ops with other attributes override this."""
        if not attrs and not self.attrs:
            return ()
        out = []
        for name, rule, v in zip(self.attrs, self.attr_rules, attrs):
            if rule is None:
                out.append(v)
                continue
            if v is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper value but got null for attribute %s." % name)
            if rule is int:
                if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                    _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be an integer, but got %r." % (name, v))
                v = int(v)
            elif not isinstance(v, str) or v not in rule:
                _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be in [%s], but got %r."
                       % (name, ", ".join(rule), v))
            out.append(v)
        return tuple(out)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        """(shape, dtype) of the output the numpy-like API allocates."""
        raise NotImplementedError

    def plan(self, tuple tensors, tuple attrs, soc):
        """Phase 1 after the null checks: all checks and planning. Returns a Plan."""
        raise NotImplementedError

    # Shared check steps, in CANN's order, for subclasses to call.
    def check_dtype_support(self, tuple tensors):
        for name, t in zip(self.tensor_names, tensors):
            if (<Tensor>t).dtype not in self.dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID,
                       "Tensor %s not implemented for %s, should be in dtype support list %s."
                       % (name, (<Tensor>t).dtype.log_name, _dt_list(self.dtypes)))

    def check_ranks(self, tuple tensors):
        for name, t in zip(self.tensor_names, tensors):
            nd = len((<Tensor>t).shape)
            if nd > self.max_rank or nd < self.min_rank:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be in [%d, %d]."
                       % (name, nd, self.min_rank, self.max_rank))


cdef class ElementwiseOp(OpDef):
    """out[i] = f(in0[i], in1[i], ...) for a C kernel `f` over fp32 values (an
    include/ascendops/ops/<kernel>.h file), with CANN's dtype, broadcast and
    mixed-precision rules chosen per SoC."""
    cdef readonly str kernel
    cdef readonly str broadcast       # "soc": where the SoC is regbase; "never"; "always"
    cdef readonly str mixed           # "soc": mixed input dtypes -> FLOAT where regbase; "never"
    cdef readonly object tiling       # f(n, dtype_size, ub_size, core_num) -> Tiling
    cdef readonly object kernel_for   # optional f(attrs) -> (kernel name, float attrs)
    cdef int _kernel

    def __init__(self, name, snake, inputs, output, args, dtypes, kernel, tiling,
                 broadcast="soc", mixed="soc", kernel_for=None, **kw):
        OpDef.__init__(self, name, snake, inputs, output, args, dtypes, **kw)
        if broadcast not in ("soc", "never", "always") or mixed not in ("soc", "never"):
            raise ValueError("%s: broadcast must be soc/never/always and mixed soc/never" % name)
        self.kernel, self.tiling, self.broadcast, self.mixed = kernel, tiling, broadcast, mixed
        self.kernel_for = kernel_for
        self._kernel = _find_kernel(kernel)
        if ao_kernel_arity(self._kernel) != len(self.inputs):
            raise ValueError("%s: kernel %s takes %d inputs, the op declares %d"
                             % (name, kernel, ao_kernel_arity(self._kernel), len(self.inputs)))

    cdef bint _broadcasts(self, soc):
        return self.broadcast == "always" or (self.broadcast == "soc" and soc.regbase)

    cdef bint _mixes(self, soc):
        return self.mixed == "soc" and soc.regbase

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor t0 = tensors[0], t
        cdef bint same = True
        for t in tensors:   # the common case: one shape, one dtype
            if t.dtype is not t0.dtype or t.shape != t0.shape:
                same = False
                break
        if same:
            return t0.shape, t0.dtype
        shapes = [(<Tensor>t).shape for t in tensors]
        shape = shapes[0]
        differ = False
        for s in shapes:
            if s != shape:
                differ = True
                break
        if differ:
            shape = broadcast_shapes(*shapes) if self._broadcasts(soc) else None
            if shape is None:
                shape = shapes[0]        # phase 1 reports the mismatch with its code
        dtypes = {(<Tensor>t).dtype for t in tensors}
        dtype = (<Tensor>tensors[0]).dtype if len(dtypes) == 1 or not self._mixes(soc) else DT_FLOAT
        return shape, dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs)
        cdef Tensor out = tensors[nin]
        ins = tensors[:nin]
        names = self.inputs
        # 4. dtypes: the support list, then the same-dtype / mixed-precision rule, then BF16.
        self.check_dtype_support(tensors)
        in_dtypes = [(<Tensor>t).dtype for t in ins]
        if self._mixes(soc) and len(set(in_dtypes)) > 1:
            if out.dtype is not DT_FLOAT:
                _raise(ACLNN_ERR_PARAM_INVALID,
                       "Tensor %s dtype should be DT_FLOAT when the input dtypes differ (%s), but got %s."
                       % (self.output, ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)),
                          out.dtype.log_name))
        else:
            for n, d in zip(names, in_dtypes):
                if d is not out.dtype:
                    _raise(ACLNN_ERR_PARAM_INVALID,
                           "Tensor %s dtype %s should be the same as %s dtype %s."
                           % (n, d.log_name, self.output, out.dtype.log_name))
        if not soc.bf16:
            for n, d in zip(names, in_dtypes):
                if d is DT_BF16:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype DT_BF16 is not supported on %s (%s)."
                           % (n, soc.name, soc.arch))
        # 5. shapes: rank limit, then equal shapes or broadcast per SoC.
        self.check_ranks(tuple(ins))
        if self._broadcasts(soc):
            bshape = broadcast_shapes(*[(<Tensor>t).shape for t in ins])
            if bshape is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "Shapes %s cannot broadcast."
                       % ", ".join("%s %r" % (n, (<Tensor>t).shape) for n, t in zip(names, ins)))
            if out.shape != bshape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the broadcast shape %r."
                       % (self.output, out.shape, bshape))
        else:
            for n, t in zip(names, ins):
                if (<Tensor>t).shape != out.shape:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                           % (n, (<Tensor>t).shape, self.output, out.shape))
        # 6. empty tensors: success, workspace 0, an executor that runs nothing.
        if any((<Tensor>t).numel == 0 for t in ins):
            return _empty_plan(self)
        # 7-9. read inputs in place (Contiguous), the kernel, the store into the output's view (ViewCopy).
        kernel, fattrs = (self.kernel, ()) if self.kernel_for is None else self.kernel_for(attrs)
        try:
            tiling = self.tiling(out.numel, (<Tensor>ins[0]).dtype.itemsize, soc.ub_size, soc.core_num)
        except TilingError as e:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, str(e))
        return _elementwise_plan(self, _find_kernel(kernel), fattrs, tensors, tiling)


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

    def operand_strides(self, int k):
        return tuple(self.ew.strides[k][i] for i in range(self.ew.ndim)) if not self.empty else ()


# -- the executor cache ------------------------------------------------------------
CacheInfo = namedtuple("CacheInfo", "hits misses size maxsize")


cdef class _ExecutorCache:
    """Bounded LRU of phase-1 plans by op, SoC, attributes and each tensor's view
    (dtype, shape, strides, offset, format); never by data address.

    A PyThread lock guards it, taken directly (no context manager): uncontended it
    costs two C calls, contended it waits without the GIL. Code under the lock raises
    nothing but hashing errors, released by try/finally."""
    cdef object entries            # OrderedDict: key -> Plan, least recently used first
    cdef object _move_to_end       # entries.move_to_end, bound once
    cdef object _last              # the plan last moved to / put at the end (None: unknown);
                                   # one key per plan (put's setdefault), so identity tells
    cdef PyThread_type_lock lock
    cdef public Py_ssize_t maxsize
    cdef Py_ssize_t hits, misses

    def __cinit__(self, maxsize):
        self.entries = OrderedDict()
        self._move_to_end = self.entries.move_to_end
        self.lock = PyThread_allocate_lock()
        if self.lock == NULL:
            raise MemoryError("cannot allocate the executor cache's lock")
        self.maxsize = maxsize

    def __dealloc__(self):
        if self.lock != NULL:
            PyThread_free_lock(self.lock)

    cdef inline void _acquire(self) noexcept:
        if not PyThread_acquire_lock(self.lock, NOWAIT_LOCK):
            with nogil:
                PyThread_acquire_lock(self.lock, WAIT_LOCK)

    cdef inline void _release(self) noexcept:
        PyThread_release_lock(self.lock)

    cdef Plan get(self, object key):
        cdef PyObject *found
        self._acquire()
        try:
            found = PyDict_GetItemWithError(self.entries, key)   # OrderedDict is a dict: C lookup
            if found == NULL:
                self.misses += 1
                return None
            # A run of calls with one key (the common case) is already at the end.
            if found != <PyObject *>self._last:
                self._move_to_end(key)
                self._last = <object>found
            self.hits += 1
            return <Plan>found
        finally:
            self._release()

    cdef Plan put(self, object key, Plan plan):
        self._acquire()
        try:
            # setdefault: two threads planning the same miss both end up with one plan.
            plan = self.entries.setdefault(key, plan)
            self._move_to_end(key)
            self._last = plan
            self._trim(self.maxsize)
            return plan
        finally:
            self._release()

    cdef _trim(self, Py_ssize_t maxsize):
        while len(self.entries) > maxsize:
            self.entries.popitem(last=False)
        if not self.entries:
            self._last = None

    def info(self):
        self._acquire()
        try:
            return CacheInfo(self.hits, self.misses, len(self.entries), self.maxsize)
        finally:
            self._release()

    def clear(self):
        self._acquire()
        try:
            self.entries.clear()
            self._last = None
            self.hits = self.misses = 0
        finally:
            self._release()

    def resize(self, Py_ssize_t maxsize):
        self._acquire()
        try:
            self.maxsize = maxsize
            self._trim(maxsize)
        finally:
            self._release()


def _cache_size_from_env():
    text = os.environ.get("ASCENDOPS_CACHE_SIZE", "4096")
    try:
        size = int(text)
    except ValueError:
        size = -1
    if size < 0:
        raise ValueError("environment variable ASCENDOPS_CACHE_SIZE=%r: expected a whole number "
                         ">= 0 of cached executors (default 4096; 0 turns the cache off)" % text)
    return size


cdef _ExecutorCache _cache = _ExecutorCache(_cache_size_from_env())


def cache_info():
    """Hits, misses, size and maxsize of the executor cache."""
    return _cache.info()


def clear_cache():
    _cache.clear()


def set_cache_size(int maxsize):
    if maxsize < 0:
        raise ValueError("set_cache_size: maxsize must be >= 0")
    _cache.resize(maxsize)


# -- executors -----------------------------------------------------------------------
cdef class Executor:
    """aclOpExecutor: a planned op bound to tensor addresses. Single use, unless
    set_repeatable() is called before it first runs."""

    def __init__(self):
        raise TypeError("executors come from the *_get_workspace_size functions")

    @property
    def tiling(self):
        return self.plan.tiling

    @property
    def op(self):
        return self.plan.op

    def set_repeatable(self):
        """aclSetAclOpExecutorRepeatable: keep the executor after it runs, until destroy()."""
        self._check_alive()
        if self.consumed:
            _raise(ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR, "set_repeatable must be called before the executor runs")
        if self.via_workspace:
            _raise(ACLNN_ERR_PARAM_INVALID, "the executor ViewCopies onto an address its inputs use; "
                   "it cannot be repeatable")
        self.repeatable = True
        return self

    def set_input_tensor_addr(self, int index, Tensor tensor):
        """aclSetInputTensorAddr: point input `index` at `tensor`'s memory (same view)."""
        self._repoint(index, tensor, False)

    def set_output_tensor_addr(self, int index, Tensor tensor):
        """aclSetOutputTensorAddr: point output `index` at `tensor`'s memory (same view)."""
        self._repoint(index, tensor, True)

    cdef _repoint(self, int index, Tensor tensor, bint output):
        self._check_alive()
        nin = len(self.plan.op.inputs)
        count = 1 if output else nin
        if index < 0 or index >= count:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s tensor index %d out of range [0, %d)"
                   % ("output" if output else "input", index, count))
        slot = nin if output else index
        old = <Tensor>self.tensors[slot]
        if tensor is None:
            _raise(ACLNN_ERR_PARAM_NULLPTR, "tensor is nullptr")
        if (tensor.dtype is not old.dtype or tensor.shape != old.shape or tensor._strides != old._strides):
            _raise(ACLNN_ERR_PARAM_INVALID, "the new %s tensor %s%r strides %r does not match the planned %s%r strides %r"
                   % ("output" if output else "input", tensor.dtype.log_name, tensor.shape, tensor._strides,
                      old.dtype.log_name, old.shape, old._strides))
        if output and tensor.storage.readonly:
            _raise(ACLNN_ERR_PARAM_INVALID, "the output tensor is read-only")
        self.tensors[slot] = tensor
        _bind(self)
        if self.repeatable and self.via_workspace:
            self.tensors[slot] = old        # a refused re-point leaves the executor as it was
            _bind(self)
            _raise(ACLNN_ERR_PARAM_INVALID, "the re-pointed output overlaps an input; a repeatable "
                   "executor cannot ViewCopy onto its inputs")

    cdef _check_alive(self):
        if self.destroyed:
            _raise(ACLNN_ERR_INNER_NULLPTR, "the executor was destroyed")

    def destroy(self):
        """aclDestroyAclOpExecutor: release the executor (idempotent)."""
        self.destroyed = True
        self.tensors = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()

    def __repr__(self):
        state = "destroyed" if self.destroyed else "consumed" if self.consumed else "ready"
        return "<Executor %s %s%s, workspace %d>" % (self.plan.op.name, state,
                                                     " repeatable" if self.repeatable else "", self.workspace_size)


cdef int _bind_data(Plan p, object tensors, char **data, bint *via_workspace) except -1:
    """Binds the tensors' addresses into `data` (output first); decides whether the
    output overlaps an input so that the result must go through the workspace
    (addresses are not in the cache key, so this runs on every phase 1)."""
    cdef int k, nin
    cdef Tensor t, out
    via_workspace[0] = False
    if p.empty:
        return 0
    nin = p.ew.nin
    out = tensors[nin]
    data[0] = out.data
    for k in range(nin):
        t = tensors[k]
        data[k + 1] = t.data
    cdef size_t out_lo = <size_t>out.data, out_hi = out_lo + p.extent[0], lo, hi
    for k in range(1, nin + 1):
        lo = <size_t>data[k]
        hi = lo + p.extent[k]
        if lo < out_hi and out_lo < hi:
            # An exact alias (same address, dtype and strides) is safe in place.
            if not (data[k] == data[0] and p.ew.dtype[k] == p.ew.dtype[0] and
                    memcmp(p.ew.strides[k], p.ew.strides[0], p.ew.ndim * sizeof(int64_t)) == 0):
                via_workspace[0] = True
    return 0


cdef inline uint64_t _workspace_size(Plan p, bint via_workspace) noexcept:
    return p.ew.numel * p.out_itemsize if via_workspace else 0


cdef int _bind(Executor ex) except -1:
    """Binds the executor's tensors (see _bind_data) and sets its workspace size."""
    cdef bint via_ws = False
    _bind_data(ex.plan, ex.tensors, ex.data, &via_ws)
    ex.via_workspace = via_ws
    ex.workspace_size = _workspace_size(ex.plan, via_ws)
    return 0


cdef Plan _plan_for(OpDef op, tuple tensors, tuple attrs):
    """Phase 1 up to binding: null checks, then the cached plan or planning."""
    cdef Py_ssize_t i, n = len(tensors)
    cdef Plan plan
    cdef tuple key
    # 3. null checks, in CANN's order of the tensors.
    for i in range(n):
        t = tensors[i]
        if not isinstance(t, Tensor):
            if t is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s."
                       % op.tensor_names[i])
            raise TypeError("%s: expected an ascendops.Tensor, got %s" % (op.tensor_names[i], type(t).__name__))
    if (<Tensor>tensors[n - 1]).storage.readonly:
        _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s is read-only." % op.output)
    soc = _current_soc()
    # The key: (op, the SoC's key, attrs, each tensor's view key), built in place.
    key = PyTuple_New(3 + n)
    _incref(op)
    PyTuple_SET_ITEM(key, 0, op)
    item = _soc_cache_key(soc)
    _incref(item)
    PyTuple_SET_ITEM(key, 1, item)
    _incref(attrs)
    PyTuple_SET_ITEM(key, 2, attrs)
    for i in range(n):
        item = (<Tensor>tensors[i]).cache_key()
        _incref(item)
        PyTuple_SET_ITEM(key, 3 + i, item)
    plan = _cache.get(key)
    if plan is None:
        plan = _cache.put(key, op.plan(tensors, attrs, soc))
    return plan


cdef Executor _phase1(OpDef op, tuple tensors, tuple attrs):
    """GetWorkspaceSize: the plan (_plan_for), then an executor bound to the tensors."""
    cdef Plan plan = _plan_for(op, tensors, attrs)
    cdef Executor ex = Executor.__new__(Executor)
    ex.plan = plan
    ex.tensors = list(tensors)
    _bind(ex)
    return ex


cdef int _run_fn_plan(Plan p, char **bound, char *ws) noexcept nogil:
    """Runs a non-elementwise plan: in place, or (ws != NULL, the output overlaps an
    input) into the contiguous workspace and then a ViewCopy into the output."""
    cdef char *data[AO_MAX_OPERANDS]
    cdef int k, rc
    if ws == NULL:
        return p.fn(p.fn_plan, bound, 0)
    for k in range(AO_MAX_OPERANDS):
        data[k] = bound[k]
    data[0] = ws
    rc = p.fn(p.fn_plan_ws, data, 0)
    if rc == 0:
        rc = ao_strided_copy(p.ew.ndim, p.ew.shape, p.out_itemsize, bound[0], p.ew.strides[0],
                             ws, p.via_ws.strides[0], 0)
    return rc


# Launches of at most this many elements run without releasing the GIL when their
# stream is free: a few microseconds of work, less than what dropping and retaking the
# GIL costs a 1-element call. Below the engine's OpenMP threshold (AO_PAR_MIN_NUMEL),
# so no thread team starts under the GIL. The stream lock is only ever held without
# needing the GIL, so taking it (NOWAIT) with the GIL held cannot deadlock.
cdef int64_t GIL_HELD_MAX_NUMEL = 1 << 14


cdef int _run_bound(Plan p, char **bound, bint via_workspace, char *ws) noexcept nogil:
    """The steps of a non-empty plan on its bound addresses; through the workspace
    `ws` when via_workspace. The caller holds the stream's lock."""
    cdef char *data[AO_MAX_OPERANDS]
    cdef char *copy_data[2]
    cdef int k, rc
    if p.fn != NULL:
        return _run_fn_plan(p, bound, ws if via_workspace else NULL)
    if not via_workspace:
        return ao_ew_run(&p.ew, bound, 0)
    for k in range(AO_MAX_OPERANDS):
        data[k] = bound[k]
    data[0] = ws
    rc = ao_ew_run(&p.via_ws, data, 0)
    copy_data[0] = bound[0]
    copy_data[1] = ws
    if rc == 0:
        rc = ao_ew_run(&p.copy_back, copy_data, 0)
    return rc


cdef int _launch(Plan p, char **bound, bint via_workspace, char *ws, Stream st) except -1:
    """Runs a non-empty plan on stream `st`, its lock held; the GIL released unless
    the launch is small and the stream free (GIL_HELD_MAX_NUMEL)."""
    cdef PyThread_type_lock lk = (<_StreamLock>st._lock).lock
    cdef int rc
    if p.ew.numel <= GIL_HELD_MAX_NUMEL and PyThread_acquire_lock(lk, NOWAIT_LOCK):
        rc = _run_bound(p, bound, via_workspace, ws)
        PyThread_release_lock(lk)
    else:
        with nogil:
            PyThread_acquire_lock(lk, WAIT_LOCK)
            rc = _run_bound(p, bound, via_workspace, ws)
            PyThread_release_lock(lk)
    if rc != 0:
        _raise(ACLNN_ERR_INNER, "the kernel rejected its plan")
    return 0


cdef int _phase2(object workspace, object workspace_size, object executor, object stream) except -1:
    """Runs the executor's steps on the stream; releases it unless repeatable."""
    cdef Executor ex
    cdef Stream st
    cdef Tensor ws = None
    if executor is None:
        _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper executor but got null.")
    if not isinstance(executor, Executor):
        raise TypeError("executor: expected an ascendops Executor, got %s" % type(executor).__name__)
    ex = executor
    if ex.destroyed:
        _raise(ACLNN_ERR_INNER_NULLPTR, "the executor was destroyed")
    if ex.consumed:
        _raise(ACLNN_ERR_INNER_NULLPTR, "the executor has already run and was released; call "
               "set_repeatable() after phase 1 to run it again")
    if isinstance(workspace_size, bool) or not isinstance(workspace_size, (int, np.integer)) or workspace_size < 0:
        raise TypeError("workspace_size: expected an int >= 0, got %r" % (workspace_size,))
    if ex.workspace_size > 0:
        if workspace is None:
            _raise(ACLNN_ERR_PARAM_NULLPTR, "workspace is null but the executor needs %d bytes" % ex.workspace_size)
        if workspace_size < ex.workspace_size:
            _raise(ACLNN_ERR_PARAM_INVALID, "workspace_size %d is smaller than the %d bytes phase 1 asked for"
                   % (workspace_size, ex.workspace_size))
    if workspace is not None:
        if not isinstance(workspace, Tensor):
            raise TypeError("workspace: expected a device Tensor or None, got %s" % type(workspace).__name__)
        ws = workspace
        if ws.nbytes < ex.workspace_size or ws.nbytes < workspace_size or not ws.is_contiguous():
            _raise(ACLNN_ERR_PARAM_INVALID, "workspace holds %d contiguous bytes, fewer than workspace_size %d"
                   % (ws.nbytes if ws.is_contiguous() else 0, max(workspace_size, ex.workspace_size)))
    if stream is None:
        st = current_stream()
    elif isinstance(stream, Stream):
        st = stream
    else:
        raise TypeError("stream: expected an ascendops.Stream or None, got %s" % type(stream).__name__)
    if not ex.repeatable:
        ex.consumed = True
    if ex.plan.empty:
        return 0
    _launch(ex.plan, ex.data, ex.via_workspace, ws.data if ex.via_workspace else NULL, st)
    if not ex.repeatable:
        ex.tensors = None
    return 0


# -- the registry and the generated APIs -----------------------------------------------
cdef dict _registry = {}


def register(OpDef op):
    """Adds an op: its numpy-like function and its two-stage aclnn functions appear
    in ascendops and ascendops.aclnn."""
    if op.snake in _registry:
        raise ValueError("an op named %r is already registered" % op.snake)
    _registry[op.snake] = op
    return op


def registered_ops():
    return dict(_registry)


def get_workspace_size(OpDef op, *args):
    """Phase 1 for `op`: args are its tensors (inputs, output) then its attributes, in
    CANN's order. Returns (workspace_size, executor)."""
    cdef int ntensors = len(op.inputs) + 1
    if len(args) != ntensors + len(op.attrs):
        raise TypeError("%s_get_workspace_size takes %d arguments (%s), got %d"
                        % (op.snake, ntensors + len(op.attrs),
                           ", ".join(op.inputs[:] + op.attrs + (op.output,)), len(args)))
    # CANN orders attributes between the inputs and the output.
    nin = len(op.inputs)
    tensors = tuple(args[:nin]) + (args[len(args) - 1],)
    attrs = op.check_attrs(tuple(args[nin:len(args) - 1]))
    ex = _phase1(op, tensors, attrs)
    return ex.workspace_size, ex


def run(workspace, workspace_size, executor, stream=None):
    """Phase 2 of any op."""
    _phase2(workspace, workspace_size, executor, stream)


cdef Tensor _as_tensor(object obj, str argname, bint *numpy_seen):
    if isinstance(obj, Tensor):
        return <Tensor>obj
    if isinstance(obj, cnp.ndarray):
        numpy_seen[0] = True
        return _from_array(obj, False)
    if obj is None:
        return None
    if hasattr(obj, "__dlpack__"):
        return from_dlpack(obj)
    if isinstance(obj, (int, float, np.generic, list, tuple)) and not isinstance(obj, bool):
        numpy_seen[0] = True
        return _from_array(np.asarray(obj), False)
    raise TypeError("%s: expected an ascendops.Tensor, numpy array or DLPack producer, got %s"
                    % (argname, type(obj).__name__))


def call(OpDef op, tuple args, tuple attrs, out=None):
    """The numpy-like call of `op`: converts arguments, allocates the output, runs both
    phases on the current stream. numpy in -> numpy out (sharing device memory)."""
    return _call(op, args, attrs, out)


cdef object _call(OpDef op, tuple args, tuple attrs, object out):
    """call(): phase 1 (_plan_for) and phase 2 (_launch) without an Executor object,
    which never escapes here: the same checks, cache and kernels as the two-stage API."""
    cdef bint numpy_seen = False, out_numpy = False, via_ws = False
    cdef Py_ssize_t i, k, n = len(args)
    cdef Tensor out_t, ws
    cdef Plan plan
    cdef char *data[AO_MAX_OPERANDS]
    cdef tuple ins = args          # replaced by a new tuple when an argument is converted
    for i in range(n):
        item = _as_tensor(args[i], op.args[i], &numpy_seen)
        if ins is args:
            if item is args[i]:
                continue
            ins = PyTuple_New(n)
            for k in range(i):
                _incref(args[k])
                PyTuple_SET_ITEM(ins, k, args[k])
        _incref(item)
        PyTuple_SET_ITEM(ins, i, item)
    attrs = op.check_attrs(attrs)
    if out is None:
        for i in range(n):
            if ins[i] is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s."
                       % op.inputs[i])
        shape, dtype = op.infer_output(ins, attrs, _current_soc())
        out_t = _empty(_as_shape(shape, "shape"), <DType?>dtype, FORMAT_ND_)
    else:
        out_t = _as_tensor(out, "out", &out_numpy)
    cdef tuple tensors = PyTuple_New(n + 1)
    for i in range(n):
        item = ins[i]
        _incref(item)
        PyTuple_SET_ITEM(tensors, i, item)
    _incref(out_t)
    PyTuple_SET_ITEM(tensors, n, out_t)
    plan = _plan_for(op, tensors, attrs)
    _bind_data(plan, tensors, data, &via_ws)
    if not plan.empty:
        ws = _empty((<int64_t>_workspace_size(plan, via_ws),), DT_UINT8_, FORMAT_ND_) if via_ws else None
        _launch(plan, data, via_ws, ws.data if via_ws else NULL, current_stream())
    if out is not None:
        # a numpy `out` aclTensor cannot view (negative strides, byte-swapped) was
        # copied by _as_tensor: write the result back into the caller's array
        if isinstance(out, np.ndarray) and <size_t>out_t.data != <size_t>cnp.PyArray_DATA(out):
            np.copyto(out, _numpy_view(out_t))
        return out
    if numpy_seen and out_t.dtype.numpy is not None:
        return _numpy_view(out_t)
    return out_t


cdef class _NumpyLike:
    """ascendops.<op>(inputs..., attrs..., *, out=None): the numpy-like function
    generated from an op's declaration (ascendops._numpy_like sets its signature)."""
    cdef readonly OpDef op
    cdef Py_ssize_t nin
    cdef tuple attr_names, defaults
    cdef dict __dict__      # __signature__, __name__, __doc__, ... as a function has

    def __init__(self, OpDef op):
        self.op = op
        self.nin = len(op.args)
        self.attr_names, self.defaults = op.attrs, op.attr_defaults

    def __call__(self, *args, out=None, **kwargs):
        cdef OpDef op = self.op
        cdef Py_ssize_t nin = self.nin, npos = len(args), i
        cdef tuple attr_names = self.attr_names
        if npos < nin or npos > nin + len(attr_names):
            raise TypeError("%s() takes %d tensor arguments (%s)%s, got %d positional"
                            % (op.snake, nin, ", ".join(op.args),
                               " and attributes " + ", ".join(attr_names) if attr_names else "", npos))
        if not attr_names:
            if kwargs:
                raise TypeError("%s() got unexpected keyword arguments %s" % (op.snake, sorted(kwargs)))
            return _call(op, args, (), out)
        values = list(args[nin:]) + [None] * (len(attr_names) - (npos - nin))
        for i, name in enumerate(attr_names):
            if name in kwargs:
                if i < npos - nin:
                    raise TypeError("%s() got multiple values for %r" % (op.snake, name))
                values[i] = kwargs.pop(name)
            elif i >= npos - nin:
                values[i] = self.defaults[i]
        if kwargs:
            raise TypeError("%s() got unexpected keyword arguments %s" % (op.snake, sorted(kwargs)))
        return _call(op, args[:nin], tuple(values), out)

    def __repr__(self):
        return "<ascendops function %s>" % self.op.snake

    def __reduce__(self):
        # Pickled by name, as a function is: ascendops.<snake> (see __module__).
        return self.op.snake


cdef DType DT_UINT8_ = _dtype_by_code[4]
cdef int FORMAT_ND_ = 2   # Format.ND
