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

import sys
from inspect import Parameter as _Parameter

from ascendops.tiling import Tiling, TilingError

# An attribute default meaning "no default: the caller must pass it" (Cast's dtype).
# inspect's own marker, so that the generated signature shows the argument as required.
REQUIRED = _Parameter.empty

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
    cdef readonly int min_rank
    cdef readonly object max_rank   # an int, or None: no cap (CANN's op reshapes or has no OP_CHECK_MAX_DIM)
    # "never": empty tensors pass every check first; "non_regbase": on non-regbase SoCs an
    # empty input returns success before any dtype or shape check (CANN's SoftmaxBackward)
    cdef readonly str empty_first
    # The output's dtype: "equal" (to the inputs' -- with promotion, to the promoted one);
    # "castable" (CanCast(promoted, out), opbase include/nnopbase/opdev/data_type_utils.h);
    # "unchecked" (CANN's op never compares it with the inputs': any dtype of the support
    # list, which the kernels write).
    cdef readonly str out_dtype
    cdef readonly object info       # test/doc metadata (references, sample inputs)
    cdef readonly str doc

    def __init__(self, name, snake, inputs, output, args, dtypes, attrs=(), attr_defaults=(),
                 attr_rules=(), min_rank=0, max_rank=8, empty_first="never", out_dtype="equal", info=None,
                 doc=""):
        self.name, self.snake = name, snake
        self.inputs, self.output, self.args = tuple(inputs), output, tuple(args)
        self.attrs, self.attr_defaults = tuple(attrs), tuple(attr_defaults)
        self.attr_rules = tuple(attr_rules) or (None,) * len(self.attrs)
        if len(self.attr_defaults) != len(self.attrs) or len(self.attr_rules) != len(self.attrs):
            raise ValueError("%s: attrs, attr_defaults and attr_rules differ in length" % name)
        self.dtypes = tuple(as_dtype(d) for d in dtypes)
        self.min_rank, self.max_rank = min_rank, max_rank
        if empty_first not in ("never", "non_regbase"):
            raise ValueError("%s: empty_first must be never/non_regbase" % name)
        self.empty_first = empty_first
        if out_dtype not in ("equal", "castable", "unchecked"):
            raise ValueError("%s: out_dtype must be equal/castable/unchecked" % name)
        self.out_dtype = out_dtype
        self.info, self.doc = info, doc
        if len(self.args) != len(self.inputs):
            raise ValueError("%s: %d Python argument names for %d inputs" % (name, len(self.args), len(self.inputs)))

    def __repr__(self):
        return "<aclnn op %s(%s) -> %s>" % (self.name, ", ".join(self.inputs + self.attrs), self.output)

    def __reduce__(self):
        # A registered op is pickled by name, as its numpy-like function is (its kernel
        # and tiling functions are this process's); an unregistered one is refused.
        if self.snake is None or _registry.get(self.snake) is not self:
            raise TypeError("op %r is not registered (ascendops.register): only registered ops "
                            "can be pickled, by name" % (self.name,))
        return (_registered_op, (self.snake,))

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
            if (self.max_rank is not None and nd > self.max_rank) or nd < self.min_rank:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be in [%d, %s]."
                       % (name, nd, self.min_rank, self.max_rank))

    def returns_early_on_empty(self, tuple inputs, soc):
        """The empty-tensor early return before the dtype/shape checks (empty_first)."""
        if self.empty_first == "non_regbase" and not soc.regbase:
            return any((<Tensor>t).numel == 0 for t in inputs)
        return False


cdef class ElementwiseOp(OpDef):
    """out[i] = f(in0[i], in1[i], ...) for a C kernel `f` over fp32 values (an
    include/ascendops/ops/<kernel>.h file), with CANN's dtype, broadcast and
    mixed-precision rules chosen per SoC."""
    cdef readonly str kernel
    cdef readonly str broadcast       # "soc": where the SoC is regbase; "never"; "always"
    # Input dtypes: "soc": mixed dtypes promote where the SoC is regbase, else all must be
    # equal; "always": promoted by CANN's promote table on every SoC (PromoteType, opbase
    # include/nnopbase/opdev/data_type_utils.h); "never": all equal to the output's.
    cdef readonly str mixed
    cdef readonly object tiling       # f(n, dtype_size, ub_size, core_num) -> Tiling
    cdef readonly object kernel_for   # optional f(attrs) -> (kernel name, float attrs)
    cdef int _kernel

    def __init__(self, name, snake, inputs, output, args, dtypes, kernel, tiling,
                 broadcast="soc", mixed="soc", kernel_for=None, **kw):
        OpDef.__init__(self, name, snake, inputs, output, args, dtypes, **kw)
        if broadcast not in ("soc", "never", "always") or mixed not in ("soc", "never", "always"):
            raise ValueError("%s: broadcast must be soc/never/always and mixed soc/never/always" % name)
        self.kernel, self.tiling, self.broadcast, self.mixed = kernel, tiling, broadcast, mixed
        self.kernel_for = kernel_for
        self._kernel = _find_kernel(kernel)
        if ao_kernel_arity(self._kernel) != len(self.inputs):
            raise ValueError("%s: kernel %s takes %d inputs, the op declares %d"
                             % (name, kernel, ao_kernel_arity(self._kernel), len(self.inputs)))

    cdef bint _broadcasts(self, soc):
        return self.broadcast == "always" or (self.broadcast == "soc" and soc.regbase)

    cdef bint _mixes(self, soc):
        return self.mixed == "always" or (self.mixed == "soc" and soc.regbase)

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
        dtype = (<Tensor>tensors[0]).dtype if len(dtypes) == 1 or not self._mixes(soc) else _promoted(dtypes)
        return shape, dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs)
        cdef Tensor out = tensors[nin]
        ins = tensors[:nin]
        names = self.inputs
        # 4. dtypes: the support list, then the same-dtype / promotion rule, then BF16.
        self.check_dtype_support(tensors)
        in_dtypes = [(<Tensor>t).dtype for t in ins]
        if self._mixes(soc):
            promoted = _promoted(set(in_dtypes))
            if promoted not in self.dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID, "The promoted dtype %s of %s should be in dtype support list %s."
                       % (promoted.log_name, ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)),
                          _dt_list(self.dtypes)))
            if self.out_dtype == "equal" and out.dtype is not promoted:
                _raise(ACLNN_ERR_PARAM_INVALID,
                       "Tensor %s dtype should be the promoted dtype %s of the inputs (%s), but got %s."
                       % (self.output, promoted.log_name,
                          ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)),
                          out.dtype.log_name))
            if self.out_dtype == "castable" and not _can_cast(promoted, out.dtype):
                _raise(ACLNN_ERR_PARAM_INVALID, "The promoted dtype %s cannot be cast to Tensor %s dtype %s."
                       % (promoted.log_name, self.output, out.dtype.log_name))
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
        if k < 0 or k > self.ew.nin:
            raise IndexError("operand_strides: operand %d out of range [0, %d]" % (k, self.ew.nin))
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


# Forks this process has been the child of: a run counted in `Executor.running` by a
# thread of the parent does not exist in the child (only the forking thread survives),
# so a count made under an older generation is void there (Executor._check_idle).
cdef unsigned long _fork_generation = 0


def _cache_after_fork_in_child():
    global _fork_generation
    _fork_generation += 1
    # A thread of the parent may have held the cache's lock at fork (between its
    # NOWAIT acquire and release the GIL can switch): in the child it would never be
    # released. A fresh lock; the old one is not freed (see _StreamLock._reinit_after_fork).
    cdef PyThread_type_lock fresh = PyThread_allocate_lock()
    if fresh != NULL:
        _cache.lock = fresh


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_cache_after_fork_in_child)


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
    set_repeatable() is called before it first runs.

    Threads: phase 2 runs with the GIL released, so another thread can reach the
    executor while it runs. A run holds its own references to the tensors and its own
    copy of the addresses until it returns; while any run of the executor is in
    progress, destroy() and set_input/output_tensor_addr() refuse (AclnnInvalidParamError,
    161002) and change nothing -- call them again once the run has returned. So no
    memory a kernel uses is released or re-pointed under it.

    Executors cannot be copied or pickled: they hold addresses of this process."""

    def __init__(self):
        raise TypeError("executors come from the *_get_workspace_size functions")

    def __copy__(self):
        raise TypeError("an ascendops Executor cannot be copied: it is bound to the addresses of "
                        "its tensors; call the op's *_get_workspace_size again for another one")

    def __deepcopy__(self, memo):
        self.__copy__()

    def __reduce__(self):
        raise TypeError("an ascendops Executor cannot be pickled: it is bound to device addresses "
                        "of this process; call the op's *_get_workspace_size where it is needed")

    @property
    def tiling(self):
        return None if self.plan is None else self.plan.tiling

    @property
    def op(self):
        return None if self.plan is None else self.plan.op

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
        if self.consumed:
            _raise(ACLNN_ERR_INNER_NULLPTR, "set_%s_tensor_addr: the executor has already run and was "
                   "released; call set_repeatable() after phase 1 to re-point and run it again"
                   % ("output" if output else "input"))
        self._check_idle("set_%s_tensor_addr" % ("output" if output else "input"))
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
        if self.plan is None:
            _raise(ACLNN_ERR_INNER_NULLPTR, "the executor was not made by phase 1 (Executor.__new__); "
                   "executors come from the *_get_workspace_size functions")
        if self.destroyed:
            _raise(ACLNN_ERR_INNER_NULLPTR, "the executor was destroyed")

    cdef _check_idle(self, str what):
        # See the class notes: refusing (rather than waiting) keeps a thread holding the
        # GIL from blocking on a run that needs the GIL to finish.
        if self.running and self.running_fork == _fork_generation:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: the executor is running on another thread; "
                   "call it again after that run has returned" % what)

    def destroy(self):
        """aclDestroyAclOpExecutor: release the executor (idempotent). Refused with
        AclnnInvalidParamError (161002) while another thread is running it."""
        self._check_idle("destroy")
        self.destroyed = True
        self.tensors = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()

    def __repr__(self):
        if self.plan is None:
            return "<Executor not made by phase 1>"
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
# GIL costs a 1-element call. Below the engine's threading threshold (AO_PAR_MIN_NUMEL),
# so no worker thread starts under the GIL. The stream lock is only ever held without
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
    if st.destroyed:
        raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream was destroyed (Stream.destroy); "
                       "run on a live stream")
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
    ex._check_alive()
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
        if ws.storage.readonly:
            _raise(ACLNN_ERR_PARAM_INVALID, "workspace is read-only; phase 2 writes into its workspace")
        if ws.nbytes < ex.workspace_size or ws.nbytes < workspace_size or not ws.is_contiguous():
            _raise(ACLNN_ERR_PARAM_INVALID, "workspace holds %d contiguous bytes, fewer than workspace_size %d"
                   % (ws.nbytes if ws.is_contiguous() else 0, max(workspace_size, ex.workspace_size)))
    if stream is None:
        st = current_stream()
    elif isinstance(stream, Stream):
        st = stream
    else:
        raise TypeError("stream: expected an ascendops.Stream or None, got %s" % type(stream).__name__)
    if st.destroyed:    # before the executor is used up (_launch checks again for the numpy-like path)
        raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream was destroyed (Stream.destroy); "
                       "run on a live stream")
    if not ex.repeatable:
        ex.consumed = True
    if ex.plan.empty:
        return 0
    # The run's own references and addresses (see Executor): another thread may drop
    # ex.tensors or re-point ex.data once this run has returned, never while it runs.
    cdef Plan plan = ex.plan
    cdef list tensors = ex.tensors
    cdef char *data[AO_MAX_OPERANDS]
    cdef int k
    for k in range(AO_MAX_OPERANDS):
        data[k] = ex.data[k]
    if ex.running_fork != _fork_generation:     # runs counted before a fork are not ours
        ex.running, ex.running_fork = 0, _fork_generation
    ex.running += 1
    try:
        _launch(plan, data, ex.via_workspace, ws.data if ex.via_workspace else NULL, st)
    finally:
        ex.running -= 1
    if not ex.repeatable:
        ex.tensors = None
    return 0


# -- the registry and the generated APIs -----------------------------------------------
cdef dict _registry = {}


def register(OpDef op):
    """Adds an op: its numpy-like function and its two-stage aclnn functions appear
    in ascendops and ascendops.aclnn."""
    if op.snake is None or op.name is None:
        raise TypeError("register: the op was not initialised (OpDef.__new__ without __init__)")
    if op.snake in _registry:
        raise ValueError("an op named %r is already registered" % op.snake)
    _registry[op.snake] = op
    return op


def _registered_op(str snake):
    """The registered op named `snake` (unpickles OpDef)."""
    return _registry[snake]


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


# -- the numpy-like call ------------------------------------------------------------
# What a numpy-like call's arguments were, which decides the type of its result.
cdef enum:
    _SEEN_NUMPY = 1     # a numpy array or numpy scalar: numpy out
    _SEEN_TORCH = 2     # a torch tensor: torch out (DLPack, zero-copy)
    _SEEN_PYTHON = 4    # a Python scalar, list or tuple: converted once the arrays are known


cdef bint _is_torch_tensor(object obj):
    """Whether obj is a torch.Tensor, without importing torch: a torch tensor can only
    exist once torch is in sys.modules."""
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.Tensor)


cdef object _as_tensor(object obj, str argname, int *seen):
    """A Tensor for one argument of a numpy-like call (a view of the caller's memory
    where aclTensor can express it). None stays None (phase 1 reports it, 161001). A
    Python scalar, list or tuple comes back as it is, flagged _SEEN_PYTHON:
    _python_values converts it once every array operand's dtype is known."""
    if isinstance(obj, Tensor):
        return obj
    if isinstance(obj, cnp.ndarray):
        seen[0] |= _SEEN_NUMPY
        return _from_array(obj, False)
    if obj is None:
        return None
    if isinstance(obj, np.generic):
        # before the Python types: np.float64 is a float. numpy scalars keep their dtype
        # (NEP 50: only Python's scalars are "weak").
        seen[0] |= _SEEN_NUMPY
        return _from_array(np.asarray(obj), False)
    if hasattr(obj, "__dlpack__"):
        if _is_torch_tensor(obj):
            seen[0] |= _SEEN_TORCH
        return from_dlpack(obj)
    if isinstance(obj, (int, float, complex, list, tuple)):    # bool is an int
        seen[0] |= _SEEN_PYTHON
        return obj
    raise TypeError("%s: expected an ascendops.Tensor, numpy array, DLPack producer (torch.Tensor), "
                    "Python scalar or list, got %s" % (argname, type(obj).__name__))


cdef int _kind_rank(DType d):
    """NEP 50's order of kinds for a dtype: 0 bool, 1 integer, 2 floating, 3 complex;
    -1 where numpy has no dtype for it."""
    if d.numpy is None:
        return -1
    k = d.numpy.kind
    if k == "b":
        return 0
    if k == "i" or k == "u":
        return 1
    if k == "f" or k == "V":     # "V": ml_dtypes' floats (bfloat16, float8), the table's only void kinds
        return 2
    if k == "c":
        return 3
    return -1


cdef bint _can_cast(DType src, DType dst):
    """CANN's CanCast (opbase include/nnopbase/opdev/data_type_utils.h): no complex ->
    real, no floating -> integral, nothing but bool -> bool."""
    if src.code in (16, 17, 33) and dst.code not in (16, 17, 33):
        return False
    if src.is_floating:
        if dst.code in (2, 3, 4, 6, 7, 8, 9, 10, 29):
            return False
    return not (dst.code == 12 and src.code != 12)


cdef DType _promoted(set dtypes):
    """numpy's result type of the array operands' dtypes; FLOAT where numpy has none
    (float16 with bfloat16), which is also what CANN's mixed precision writes."""
    try:
        return as_dtype(np.result_type(*[(<DType>d).numpy for d in dtypes]))
    except (TypeError, ValueError):
        return DT_FLOAT


cdef tuple _python_values(OpDef op, tuple ins, object out_t, int *seen):
    """Converts the Python scalars, lists and tuples among the inputs, by numpy 2's rule
    (NEP 50) with torch's default dtype:
      - a Python bool, int or float beside array operands is "weak": it takes their dtype
        (numpy's result type when they differ) if its kind fits (bool < int < float <
        complex), so silu_backward(1.0, x_f16) computes in float16;
      - alone (no array operand; an out= counts as one), and always for lists and tuples
        (which numpy does not treat as weak): what torch.tensor() makes of it, float ->
        float32 (torch's default dtype), int -> int64, bool -> bool, complex -> complex64;
        int64 becomes float32 for an op without it (every op but Cast): its only kernels
        are floating, as np.sin(1) computes in the default float;
      - bools only reach ops that take DT_BOOL (Cast): for the others (gradients,
        activations) a bool is taken for a mistake, TypeError.
    With no array operand at all the result is numpy, as numpy's functions return."""
    arrays = [t for t in ins if isinstance(t, Tensor)]
    if not arrays and out_t is not None:
        arrays = [out_t]
    weak = None
    if arrays:
        dtypes = {(<Tensor>t).dtype for t in arrays}
        weak = (<Tensor>arrays[0]).dtype if len(dtypes) == 1 else _promoted(dtypes)
    elif not seen[0] & _SEEN_TORCH:
        seen[0] |= _SEEN_NUMPY
    out = []
    for i, v in enumerate(ins):
        out.append(v if v is None or isinstance(v, Tensor) else _python_value(op, v, weak, op.args[i]))
    return tuple(out)


cdef int _refuse_python_bools(OpDef op, str argname) except -1:
    if DT_BOOL_ not in op.dtypes:
        raise TypeError("%s: ascendops.%s takes %s, not Python bools (a bool there is most likely a "
                        "mistake; pass 1.0 or 0.0)" % (argname, op.snake, ", ".join((<DType>d).name
                                                                                 for d in op.dtypes)))
    return 0


cdef Tensor _python_value(OpDef op, object v, DType weak, str argname):
    """One Python scalar / list / tuple as a Tensor (see _python_values)."""
    cdef int rank
    if isinstance(v, bool):
        _refuse_python_bools(op, argname)
    if weak is not None and not isinstance(v, (list, tuple)):
        rank = 0 if isinstance(v, bool) else 1 if isinstance(v, int) else 2 if isinstance(v, float) else 3
        if rank <= _kind_rank(weak):
            try:
                return _from_array(np.asarray(v, dtype=weak.numpy), False)
            except OverflowError:
                raise OverflowError("%s: the Python int %r does not fit in %s, the dtype of the other "
                                    "operands" % (argname, v, weak.name)) from None
    try:
        arr = np.asarray(v)
    except (TypeError, ValueError) as e:
        raise TypeError("%s: cannot convert %s to an array (%s)" % (argname, type(v).__name__, e)) from None
    kind = arr.dtype.kind
    if kind == "f":
        arr = arr.astype(np.float32)
    elif kind == "c":
        arr = arr.astype(np.complex64)
    elif kind == "i" or kind == "u":
        try:
            arr = np.asarray(v, dtype=np.int64)
        except OverflowError:
            raise OverflowError("%s: %r does not fit in int64" % (argname, v)) from None
    elif kind == "b":
        _refuse_python_bools(op, argname)
    else:
        if kind == "O":
            try:    # numpy keeps Python ints beyond int64 as objects: say so
                np.asarray(v, dtype=np.int64)
            except OverflowError:
                raise OverflowError("%s: %r does not fit in int64" % (argname, v)) from None
            except (TypeError, ValueError):
                pass
        raise TypeError("%s: %s of %s is not numeric" % (argname, type(v).__name__, arr.dtype))
    if kind in "iu" and as_dtype(arr.dtype) not in op.dtypes and DT_FLOAT in op.dtypes:
        arr = arr.astype(np.float32)
    return _from_array(arr, False)


cdef object _torch_from_dlpack = None


cdef object _as_torch(Tensor t):
    """A torch tensor sharing t's memory (DLPack). Only called when an argument was a
    torch tensor, so torch is already imported."""
    global _torch_from_dlpack
    if _torch_from_dlpack is None:
        _torch_from_dlpack = sys.modules["torch"].from_dlpack
    return _torch_from_dlpack(t)


def call(OpDef op, tuple args, tuple attrs, out=None):
    """The numpy-like call of `op`: converts arguments, allocates the output, runs both
    phases on the current stream. numpy in -> numpy out (sharing device memory); torch
    in -> torch out (DLPack); out= given -> out itself."""
    return _call(op, args, attrs, out)


cdef object _call(OpDef op, tuple args, tuple attrs, object out):
    """call(): phase 1 (_plan_for) and phase 2 (_launch) without an Executor object,
    which never escapes here: the same checks, cache and kernels as the two-stage API."""
    cdef int seen = 0, out_seen = 0
    cdef bint via_ws = False
    cdef Py_ssize_t i, k, n = len(args)
    cdef Tensor out_t = None, ws
    cdef Plan plan
    cdef tuple tensors
    cdef char *data[AO_MAX_OPERANDS]
    cdef tuple ins = args          # replaced by a new tuple when an argument is converted
    for i in range(n):
        item = args[i]
        if not isinstance(item, Tensor):
            item = _as_tensor(item, op.args[i], &seen)
        if ins is args:
            if item is args[i]:
                continue
            ins = PyTuple_New(n)
            for k in range(i):
                _incref(args[k])
                PyTuple_SET_ITEM(ins, k, args[k])
        _incref(item)
        PyTuple_SET_ITEM(ins, i, item)
    if isinstance(out, Tensor):
        out_t = <Tensor>out
    elif out is not None:
        item = _as_tensor(out, "out", &out_seen)
        if not isinstance(item, Tensor):
            raise TypeError("out: expected an ascendops.Tensor, numpy array or DLPack producer "
                            "(torch.Tensor), got %s" % type(out).__name__)
        out_t = item
    if seen & _SEEN_PYTHON:
        ins = _python_values(op, ins, out_t, &seen)
    try:
        attrs = op.check_attrs(attrs)
        if out is None:
            for i in range(n):
                if ins[i] is None:
                    _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s."
                           % op.inputs[i])
            shape, dtype = op.infer_output(ins, attrs, _current_soc())
            out_t = _empty(_as_shape(shape, "shape"), <DType?>dtype, FORMAT_ND_)
        tensors = PyTuple_New(n + 1)
        for i in range(n):
            item = ins[i]
            _incref(item)
            PyTuple_SET_ITEM(tensors, i, item)
        _incref(out_t)
        PyTuple_SET_ITEM(tensors, n, out_t)
        plan = _plan_for(op, tensors, attrs)
    except AclnnInvalidParamError as e:
        _add_dtype_hint(op, e, seen | out_seen, out is not None)
        raise
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
    if seen & _SEEN_TORCH:
        return _as_torch(out_t)
    if seen & _SEEN_NUMPY and out_t.dtype.numpy is not None:
        return _numpy_view(out_t)
    return out_t


# -- hints for dtype refusals of the numpy-like API ------------------------------------
# The refusal keeps CANN's message and status; the numpy-like API appends what to do.
# The patterns match the messages this file, _reduce.pxi and _cast.pxi raise
# (tests/ops/test_numpy_like_api.py checks a hint for each).
import re as _re
_RE_NOT_IMPLEMENTED = _re.compile(r"Tensor (\w+) not implemented for (DT_\w+)")
_RE_SAME_DTYPE = _re.compile(r"Tensor (\w+) dtype (DT_\w+) should be the same as (\w+) dtype (DT_\w+)")
_RE_MIXED_OUT = _re.compile(r"Tensor (\w+) dtype should be the promoted dtype (DT_\w+) of the inputs")
_RE_NO_BF16 = _re.compile(r"(?:Tensor (\w+) )?dtype DT_BF16 is not supported on")
_RE_CAST_TARGET = _re.compile(r"Attribute dtype (\S+) (?:not implemented|is not an aclDataType)")


cdef str _np_spelling(DType d):
    return "ml_dtypes.bfloat16" if d is DT_BF16 else "np." + d.name


cdef str _convert_example(str arg, DType d, int seen):
    text = "%s.astype(%s)" % (arg, _np_spelling(d))
    if seen & _SEEN_TORCH:
        text += " (torch: %s.to(torch.%s))" % (arg, d.name.rstrip("_"))
    return text


cdef int _add_dtype_hint(OpDef op, object err, int seen, bint out_given) except -1:
    """Appends an actionable hint to a dtype refusal (err: an AclnnInvalidParamError),
    keeping CANN's message and status code first; sets err.hint."""
    cdef DType target
    message = err.message
    soc = _current_soc()
    names = dict(zip(op.inputs, op.args))
    names[op.output] = "out"
    accepted = [d for d in op.dtypes if soc.bf16 or d is not DT_BF16]
    if not accepted:
        return 0
    target = DT_FLOAT if DT_FLOAT in accepted else accepted[0]
    listed = ", ".join((<DType>d).name for d in accepted)
    by_log = {(<DType>d).log_name: d for d in DTYPES}
    hint = None
    m = _RE_NOT_IMPLEMENTED.match(message)
    if m is not None:
        arg = names.get(m.group(1), m.group(1))
        if arg == "out":
            hint = ("ascendops.%s writes %s: pass an out= of one of these dtypes, or no out= to have "
                    "one allocated" % (op.snake, listed))
        else:
            hint = ("ascendops.%s takes %s as %s; convert it first, e.g. %s"
                    % (op.snake, arg, listed, _convert_example(arg, target, seen)))
    m = _RE_SAME_DTYPE.match(message) if hint is None else None
    if m is not None:
        arg = names.get(m.group(1), m.group(1))
        want = by_log.get(m.group(4), target)
        have = by_log[m.group(2)].name if m.group(2) in by_log else m.group(2)
        if out_given:
            hint = ("out= has dtype %s but %s is %s: pass an out= of dtype %s, or convert %s, e.g. %s"
                    % ((<DType>want).name, arg, have, have, arg, _convert_example(arg, want, seen)))
        else:
            hint = ("ascendops.%s takes one dtype for every tensor on SoC %s (no mixed precision): "
                    "convert %s, e.g. %s" % (op.snake, soc.name, arg, _convert_example(arg, want, seen)))
    m = _RE_MIXED_OUT.match(message) if hint is None else None
    if m is not None:
        promoted = by_log[m.group(2)].name if m.group(2) in by_log else m.group(2)
        hint = ("inputs of different dtypes give a %s result: pass an out= of dtype %s, or "
                "convert the inputs to one dtype, e.g. %s"
                % (promoted, promoted, _convert_example(op.args[0], target, seen)))
    m = _RE_NO_BF16.search(message) if hint is None else None
    if m is not None:
        arg = names.get(m.group(1), m.group(1)) if m.group(1) else op.args[0]
        hint = ("SoC %s has no bfloat16: convert %s, e.g. %s, or select a SoC with BF16 "
                "(ascendops.set_soc(\"host\"))" % (soc.name, "the inputs" if not m.group(1) else arg,
                                                     _convert_example(arg, target, seen)))
    m = _RE_CAST_TARGET.match(message) if hint is None else None
    if m is not None:
        hint = "ascendops.%s converts to %s (names, numpy dtypes or ascendops dtypes)" % (op.snake, listed)
    if hint is not None:
        err.hint = hint
        err.args = ("%s\n  hint: %s" % (err.args[0], hint),) + tuple(err.args[1:])
    return 0


# -- the generated numpy-like functions -----------------------------------------------
cdef object _MISSING = object()


cdef class _NumpyLike:
    """ascendops.<op>(inputs..., attrs..., *, out=None): the numpy-like function
    generated from an op's declaration (ascendops._numpy_like sets its signature and
    docstring). Every argument binds by position or by keyword, as a Python function's."""
    cdef readonly OpDef op
    cdef Py_ssize_t nin
    cdef tuple names, defaults
    cdef dict index                 # argument name -> position
    cdef bint defaults_complete     # every attribute has a default: f(*tensors) binds as it is
    cdef object _doc
    cdef public object _make_doc    # () -> the docstring, called on first use of __doc__
    cdef dict __dict__      # __signature__, __name__, __module__, ... as a function has

    def __init__(self, OpDef op):
        self.op = op
        self.nin = len(op.args)
        self.names = op.args + op.attrs
        self.defaults = op.attr_defaults
        self.index = {name: i for i, name in enumerate(self.names)}
        self.defaults_complete = all(d is not REQUIRED for d in op.attr_defaults)

    def __call__(self, *args, out=None, **kwargs):
        if not kwargs and len(args) == self.nin and self.defaults_complete:
            return _call(self.op, args, self.defaults, out)     # the fast path: f(dy, x)
        return self._bind_and_call(args, kwargs, out)

    cdef object _bind_and_call(self, tuple args, dict kwargs, object out):
        """Binds positional and keyword arguments as Python does for the signature
        (inputs..., attrs=defaults..., *, out=None), then calls."""
        cdef OpDef op = self.op
        if op is None:
            raise TypeError("this op function was not made from an op (_NumpyLike.__new__)")
        cdef Py_ssize_t npos = len(args), nparams = len(self.names), i
        if npos > nparams:
            raise TypeError("%s() takes at most %d positional arguments (%s) but %d were given"
                            % (op.snake, nparams, ", ".join(self.names), npos))
        values = list(args) + [_MISSING] * (nparams - npos)
        for name, v in kwargs.items():
            i = self.index.get(name, -1)
            if i < 0:
                raise TypeError("%s() got an unexpected keyword argument %r" % (op.snake, name))
            if i < npos:
                raise TypeError("%s() got multiple values for argument %r" % (op.snake, name))
            values[i] = v
        missing = []
        for i in range(nparams):
            if values[i] is _MISSING:
                if i >= self.nin and self.defaults[i - self.nin] is not REQUIRED:
                    values[i] = self.defaults[i - self.nin]
                else:
                    missing.append(repr(self.names[i]))
        if missing:
            raise TypeError("%s() missing %d required argument%s: %s"
                            % (op.snake, len(missing), "s" if len(missing) > 1 else "", " and ".join(missing)))
        return _call(op, tuple(values[:self.nin]), tuple(values[self.nin:]), out)

    @property
    def __doc__(self):
        # Generated on first use (help(), inspect.getdoc) from `_make_doc`, which
        # ascendops._numpy_like sets: building every op's docstring at import would cost
        # the import several milliseconds.
        if self._doc is None and self._make_doc is not None:
            self._doc = self._make_doc()
            self._make_doc = None
        return self._doc

    @__doc__.setter
    def __doc__(self, value):
        self._doc = value

    def __repr__(self):
        return "<ascendops function %s>" % (None if self.op is None else self.op.snake)

    def __reduce__(self):
        # Pickled by name, as a function is: ascendops.<snake> (see __module__).
        if self.op is None:
            raise TypeError("this op function was not made from an op (_NumpyLike.__new__)")
        return self.op.snake


cdef DType DT_UINT8_ = _dtype_by_code[4]
cdef DType DT_BOOL_ = _dtype_by_code[12]
cdef int FORMAT_ND_ = 2   # Format.ND
