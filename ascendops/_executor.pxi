# ---------------------------------------------------------------------------
# The executor cache and the two phases: phase 1 (null checks, the cached plan
# or planning, an executor bound to the tensors), phase 2 (running it on a stream).
# ---------------------------------------------------------------------------
from collections import OrderedDict, namedtuple
from libc.string cimport memcmp
from cpython.ref cimport PyObject, Py_INCREF as _incref
from cpython.dict cimport PyDict_GetItemWithError
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

# -- the executor cache ------------------------------------------------------------
CacheInfo = namedtuple("CacheInfo", "hits misses size maxsize")


cdef class _ExecutorCache:
    """Bounded LRU of phase-1 plans by op, SoC, attributes and each tensor's view
    (dtype, shape, strides, offset, format); never by data address.

    An ao_lock (_runtime.pxi) guards it, taken directly (no context manager): uncontended
    it costs two C calls, contended it waits without the GIL. Code under the lock raises
    nothing but hashing errors, released by try/finally."""
    cdef object entries            # OrderedDict: key -> Plan, least recently used first
    cdef object _move_to_end       # entries.move_to_end, bound once
    cdef object _last              # the plan last moved to / put at the end (None: unknown);
                                   # one key per plan (put's setdefault), so identity tells
    cdef ao_lock_t lock
    cdef public Py_ssize_t maxsize
    cdef Py_ssize_t hits, misses

    def __cinit__(self, maxsize):
        self.entries = OrderedDict()
        self._move_to_end = self.entries.move_to_end
        self.lock = ao_lock_new()
        if self.lock == NULL:
            raise MemoryError("cannot allocate the executor cache's lock")
        self.maxsize = maxsize

    def __dealloc__(self):
        if self.lock != NULL:
            ao_lock_free(self.lock)

    cdef inline void _acquire(self) noexcept:
        if not ao_lock_try(self.lock):
            with nogil:
                ao_lock_wait(self.lock)

    cdef inline void _release(self) noexcept:
        ao_lock_release(self.lock)

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


# The executor cache's bound: far more plans than any workload keeps (each a few KiB).
MAX_CACHE_SIZE = 1 << 24


def _cache_size_from_env():
    text = os.environ.get("ASCENDOPS_CACHE_SIZE", "4096")
    return _bounded_int(text, "environment variable ASCENDOPS_CACHE_SIZE", 0, MAX_CACHE_SIZE,
                        "a whole number of cached executors (default 4096; 0 turns the cache off)", True)


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
    cdef ao_lock_t fresh = ao_lock_new()
    if fresh != NULL:
        _cache.lock = fresh


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_cache_after_fork_in_child)


def cache_info():
    """Hits, misses, size and maxsize of the executor cache."""
    return _cache.info()


def clear_cache():
    _cache.clear()


def set_cache_size(maxsize):
    """The executor cache's bound: maxsize in [0, MAX_CACHE_SIZE] (0 turns it off)."""
    _cache.resize(_bounded_int(maxsize, "set_cache_size: maxsize", 0, MAX_CACHE_SIZE,
                               "a whole number of cached executors"))


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
        """CANN's host tiling of this launch (ascendops.tiling.Tiling), or None for a
        kernel without one (row reductions, casts: their rows or elements are split over
        the worker pool directly) and for empty tensors. The engine executes its block
        split -- block_dim blocks, tail_block_num big ones of big_core_data_num elements,
        then small ones, in row-major order of the iteration (src/elementwise.h states
        the contract) -- on the worker pool; tile_data_num and tiling_key (UB tiles,
        double buffering) are reported as CANN computes them: the CPU has no on-core
        loop to run them."""
        return None if self.plan is None else self.plan.tiling

    @property
    def op(self):
        return None if self.plan is None else self.plan.op

    def set_repeatable(self):
        """aclSetAclOpExecutorRepeatable: keep the executor after it runs, until destroy()."""
        self._check_alive()
        if self.consumed:
            _raise(ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR, "set_repeatable must be called before the executor runs")
        if self.via_workspace & ~self.plan.self_overlap:
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
        # outputs count separately from inputs, as CANN's aclSetOutputTensorAddr index does
        count = len(self.plan.op.outputs) if output else nin
        if index < 0 or index >= count:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s tensor index %d out of range [0, %d)"
                   % ("output" if output else "input", index, count))
        slot = nin + index if output else index
        if self.tensors[slot] is None:
            _raise(ACLNN_ERR_PARAM_INVALID, "input tensor %d was null (an optional input) when the executor was "
                   "planned: there is no tensor to re-point" % index)
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
        if self.repeatable and self.via_workspace & ~self.plan.self_overlap:
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


cdef int _bind_data(Plan p, object tensors, char **data, int *via_workspace) except -1:
    """Binds the tensors' addresses into `data` (the outputs first, then the inputs, as
    the plan's operands map them: Plan.slot, Plan.byte_offset); decides which outputs
    overlap an input so that their results must go through the workspace (bit j of
    *via_workspace for output j; addresses are not in the cache key, so this runs on
    every phase 1). Two outputs at one address are refused (161002)."""
    cdef int k, j, nout, nops
    cdef Tensor t
    cdef size_t out_lo, out_hi, lo, hi
    via_workspace[0] = 0
    if p.empty:
        return 0
    nout = p.nout
    nops = nout + p.ew.nin
    for k in range(nops):
        item = tensors[p.slot[k]]
        if item is None:      # an optional input given as null: nothing to bind or overlap
            data[k] = NULL
            continue
        t = item
        data[k] = t.kdata + p.byte_offset[k]   # the CPU kernels' addresses (cpu:strict: the read-write alias)
    if p.row_limit_k:
        # the row-limit input (not a kernel operand, never written): read by the launch
        item = tensors[p.slot[p.row_limit_k]]
        data[p.row_limit_k] = NULL if item is None else (<Tensor>item).kdata
    if p.list_k:
        _bind_list(p, <TensorListArg?>tensors[p.list_slot], data, p.list_k, 0)
    if p.list_k2:
        _bind_list(p, <TensorListArg?>tensors[p.list_slot2], data, p.list_k2, 1)
    if p.narrowed_result:
        via_workspace[0] = 1
    if not p.self_overlap_known:
        p.self_overlap = _outputs_self_overlap(p, tensors)
        p.self_overlap_known = True
    via_workspace[0] |= p.self_overlap
    for j in range(nout):
        if _in_oreg(p, j):
            continue    # written into its region, copied out after the kernel read the inputs
        out_lo = <size_t>data[j]
        out_hi = out_lo + p.extent[j]
        for k in range(nout, nops):
            if data[k] == NULL or p.is_cast[k]:    # a cast input is read in full before the kernel writes
                continue
            lo = <size_t>data[k]
            hi = lo + p.extent[k]
            if lo < out_hi and out_lo < hi:
                # An exact alias (same address, dtype and strides) is safe in place, for
                # the last output only: the passes of several outputs run in order, and
                # a later one reads the inputs again (elementwise.h ao_ew_run).
                if not (j == nout - 1 and data[k] == data[j] and p.ew.dtype[k] == p.ew.dtype[j] and
                        memcmp(p.ew.strides[k], p.ew.strides[j], p.ew.ndim * sizeof(int64_t)) == 0):
                    via_workspace[0] |= 1 << j
        for k in range(j):
            # Two outputs at one address cannot both hold their results. Otherwise
            # outputs are written in order (disjoint views of one tensor, interleaved
            # or not, are fine: the halves of a split output are such views). Halves of
            # one self-overlapping output go through their own regions and are copied
            # back in order, so they may share an address.
            if data[k] == data[j] and not (p.slot[k] == p.slot[j] and p.self_overlap >> j & 1):
                _raise(ACLNN_ERR_PARAM_INVALID, "Output tensors %s and %s overlap."
                       % (p.op.tensor_names[p.slot[k]], p.op.tensor_names[p.slot[j]]))
    return 0


cdef inline bint _in_oreg(Plan p, int j) noexcept:
    """Whether output j is a half of the interleaved split output that the kernel writes
    into its own contiguous region (Plan.oreg_*)."""
    return p.oreg_bytes != 0 and (j == p.oreg_op or j == p.oreg_op + 1)


cdef int _outputs_self_overlap(Plan p, object tensors) except -1:
    """Bit j: output j's view may hold two elements at one address. CANN's kernels write
    a contiguous result that l0op::ViewCopy copies into a non-contiguous out, so such an
    out goes through the workspace here too: the copy writes its elements in C order
    (the last one written at an address stays), and the work stays bounded by memory the
    caller has (a zero stride over 2^40 elements asks phase 1 for that workspace, which no
    allocation gives, rather than running 2^40 iterations into one address)."""
    cdef int j, mask = 0
    for j in range(p.nout):
        if _in_oreg(p, j):
            continue    # an interleaved split output: already through its own region
        item = tensors[p.slot[j]]
        if item is not None and _may_self_overlap(<Tensor>item):
            mask |= 1 << j
    return mask


cdef inline int64_t _view_span(Tensor t):
    """The elements from a view's first to its last, plus one (0 for an empty view): what
    it reaches in its storage (strides are >= 0, and a Tensor's view fits its storage:
    no overflow)."""
    cdef int64_t span = 1
    cdef Py_ssize_t q
    if t.numel == 0:
        return 0
    for q in range(len(t.shape)):
        span += (<int64_t>t.shape[q] - 1) * <int64_t>t._strides[q]
    return span


cdef int _bind_list(Plan p, TensorListArg lst, char **data, int k, int which) except -1:
    """Binds a TensorList operand: data[k] is the list's address array (the op's TensorList
    attribute number `which`: p.list_k / p.list_slot, p.list_k2 / p.list_slot2); an output
    whose view overlaps an element's is refused (161002: the pieces are written in order,
    so a later one would read what an earlier one wrote)."""
    cdef Tensor t
    cdef int j
    cdef size_t lo, hi, out_lo
    data[k] = <char *>lst.addrs
    for j in range(p.nout):
        out_lo = <size_t>data[j]
        for i, item in enumerate(lst.tensors):
            if item is None:
                continue
            t = item
            lo = <size_t>t.kdata
            hi = lo + _dtype_bytes(_view_span(t), t.dtype)
            if lo < out_lo + p.extent[j] and out_lo < hi:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s overlaps element %d of %s; pass a tensor that "
                       "shares no memory with them." % (p.op.tensor_names[p.slot[j]], i,
                                                        p.op.attr_params[p.op.list_attrs[which]].name))
    return 0


cdef inline int64_t _ws_region(Plan p, int j) noexcept nogil:
    """Bytes of output j's contiguous workspace region (64-byte aligned), in the dtype the
    kernel writes there (Plan.narrowed_result: a 16-bit one)."""
    return (p.ew.numel * ao_dtype_itemsize(p.via_ws.dtype[j]) + 63) & ~(<int64_t>63)


cdef inline uint64_t _workspace_size(Plan p, int via_workspace) noexcept:
    """The cast step's regions, then (overlap) the kernel's contiguous output(s)."""
    cdef uint64_t size = p.cast_bytes + p.oreg_bytes
    cdef int j
    if p.fn != NULL and via_workspace:
        via_workspace = (1 << p.nout) - 1     # a C plan writes all its outputs there (_run_fn_plan)
    if p.nout <= 1:
        return size + (p.ew.numel * ao_dtype_itemsize(p.via_ws.dtype[0]) if via_workspace else 0)
    for j in range(p.nout):
        if via_workspace & (1 << j):
            size += _ws_region(p, j)
    return size


cdef int _bind(Executor ex) except -1:
    """Binds the executor's tensors (see _bind_data) and sets its workspace size."""
    cdef int via_ws = 0
    _bind_data(ex.plan, ex.tensors, ex.data, &via_ws)
    ex.via_workspace = via_ws
    ex.workspace_size = _workspace_size(ex.plan, via_ws)
    return 0


# Marks a key's attribute slot that carries a tag (a tuple no attribute tuple can equal).
cdef object _TAGGED_ATTRS = object()


cdef object _checked_plan(OpDef op, tuple tensors, tuple attrs, soc):
    """The op's check sequence in CANN's order (_checks.pxi), then its kind's planning;
    an early success of the sequence (EmptyReturn) plans nothing."""
    if op.check_steps is not None and (<object>_run_checks(op, tensors, attrs, soc)).empty:
        return _empty_plan(op)
    return op.plan(tensors, attrs, soc)


cdef int _lists_need_host_kernels(OpDef op, Device dev) except -1:
    """161002 for a tensor list on a device whose kernels do not run on the host (npu): a
    list's elements are bound as an array of kernel addresses (_bind_list), which only the
    host kernels read."""
    if not dev.kernels_on_host:
        _raise(ACLNN_ERR_PARAM_INVALID, "%s: the tensor list is on %s; tensor lists run on the devices whose "
               "kernels run on the host (cpu, cpu:strict)" % (op.name, dev))
    return 0


cdef Device _op_device(OpDef op, object tensors, tuple lists):
    """The one device of an op's tensors and of its TensorList operands' elements
    (`lists`: the TensorListArg values, None for a null list); ValueError naming two that
    differ (_tensors_device). A list's elements are bound as an array of kernel addresses
    (_bind_list), which the host kernels read, on cpu and on cpu:strict (the stream's
    thread, through each element's kernel alias): a device whose kernels do not run on the
    host (npu) is refused with 161002."""
    cdef Py_ssize_t i, n = len(op.tensor_names)
    if not lists:
        return _tensors_device(tensors, op.tensor_names)
    names = list(op.tensor_names)
    given = [tensors[i] for i in range(n)]
    for i, lst in enumerate(lists):
        if lst is None:
            continue
        name = op.attrs[op.list_attrs[i]]
        for k, t in enumerate((<TensorListArg>lst).tensors):
            names.append("%s[%d]" % (name, k))
            given.append(t)
    cdef Device dev = _tensors_device(given, names)
    _lists_need_host_kernels(op, dev)
    return dev


cdef Plan _plan_for(OpDef op, tuple tensors, tuple attrs):
    """Phase 1 up to binding: null checks, then the cached plan or planning."""
    cdef Py_ssize_t i, n = len(tensors)
    cdef Plan plan
    cdef tuple key
    # 3. the null checks ran before (OpDef.check_nulls): a None here is an optional input.
    for i in range(n):
        t = tensors[i]
        if not isinstance(t, Tensor) and t is not None:
            raise TypeError("%s: expected an ascendops.Tensor, got %s" % (op.tensor_names[i], type(t).__name__))
    for i in range(len(op.inputs), n):
        # an optional output (one the kernel never writes) may be null
        if tensors[i] is not None and (<Tensor>tensors[i]).storage.readonly:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s is read-only." % op.tensor_names[i])
    for i in op.written_inputs:
        # an input the op also writes (RReluWithNoise's noise)
        if tensors[i] is not None and (<Tensor>tensors[i]).storage.readonly:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s is read-only (the op writes it)." % op.tensor_names[i])
    if _devices_in_use:
        _op_device(op, tensors, tuple([attrs[i] for i in op.list_attrs]))
    soc = _current_soc()
    # The key: (op, the SoC's key, attrs, each tensor's view key), built in place.
    key = PyTuple_New(3 + n)
    _incref(op)
    PyTuple_SET_ITEM(key, 0, op)
    item = _soc_cache_key(soc)
    _incref(item)
    PyTuple_SET_ITEM(key, 1, item)
    # the attributes; with what their equality leaves out (OpDef._attr_tag), when any
    tag = op._attr_tag(attrs)
    item = attrs if tag == 0 else (_TAGGED_ATTRS, tag, attrs)
    _incref(item)
    PyTuple_SET_ITEM(key, 2, item)
    for i in range(n):
        item = tensors[i]
        if item is not None:
            item = (<Tensor>item).cache_key()
        _incref(item)
        PyTuple_SET_ITEM(key, 3 + i, item)
    plan = _cache.get(key)
    if plan is None:
        plan = _cache.put(key, _checked_plan(op, tensors, attrs, soc))
    if op.storage_format >= 0:
        op.set_storage_format(tensors)
    return plan


cdef Executor _phase1(OpDef op, tuple tensors, tuple attrs):
    """GetWorkspaceSize: the plan (_plan_for), then an executor bound to the tensors."""
    cdef Plan plan = _plan_for(op, tensors, attrs)
    cdef Executor ex = Executor.__new__(Executor)
    ex.plan = plan
    ex.tensors = list(tensors)
    for i in op.list_attrs:
        ex.tensors.append(attrs[i])
    _bind(ex)
    return ex


cdef int _run_fn_plan(Plan p, char **bound, char *ws) noexcept nogil:
    """Runs a non-elementwise plan: in place, or (ws != NULL, an output overlaps an
    input) with every output into its own contiguous workspace region (fn_plan_ws
    writes them all there; _workspace_size counts them all) and then a ViewCopy of
    each into its output."""
    cdef char *data[AO_MAX_OPERANDS]
    cdef char *region[AO_MAX_OUTPUTS]
    cdef int k, j, rc
    if ws == NULL:
        return p.fn(p.fn_plan, bound, 0)
    for k in range(AO_MAX_OPERANDS):
        data[k] = bound[k]
    for j in range(p.nout):
        region[j] = ws
        data[j] = ws
        ws += _ws_region(p, j)
    rc = p.fn(p.fn_plan_ws, data, 0)
    for j in range(p.nout):
        if rc == 0:
            rc = ao_strided_copy(p.ew.ndim, p.ew.shape, ao_dtype_itemsize(p.ew.dtype[j]), bound[j],
                                 p.ew.strides[j], region[j], p.via_ws.strides[j], 0)
    return rc


# Launches of at most this many elements run without releasing the GIL when their
# stream is free: a few microseconds of work, less than what dropping and retaking the
# GIL costs a 1-element call. Below the engine's threading threshold (AO_PAR_MIN_NUMEL),
# so no worker thread starts under the GIL. The stream lock is only ever held without
# needing the GIL, so taking it (NOWAIT) with the GIL held cannot deadlock.
cdef int64_t GIL_HELD_MAX_NUMEL = 1 << 14


cdef int _run_outputs(Plan p, char **bound, int via_workspace, char *ws) noexcept nogil:
    """A plan of several outputs: the outputs of bit j of via_workspace are computed
    into contiguous workspace regions (one after the other), then copied into their views."""
    cdef ao_ew_plan passes = p.ew
    cdef char *data[AO_MAX_OPERANDS]
    cdef char *region[AO_MAX_OUTPUTS]
    cdef int j, k, rc
    for k in range(p.nout + p.ew.nin):
        data[k] = bound[k]
    for j in range(p.nout):
        if via_workspace & (1 << j):
            region[j] = ws
            data[j] = ws
            ws += _ws_region(p, j)
            for k in range(p.ew.ndim):
                passes.strides[j][k] = p.via_ws.strides[j][k]
    rc = ao_ew_run(&passes, data, 0)
    for j in range(p.nout):
        if rc == 0 and via_workspace & (1 << j):
            rc = ao_strided_copy(p.ew.ndim, p.ew.shape, ao_dtype_itemsize(p.ew.dtype[j]), bound[j],
                                 p.ew.strides[j], region[j], p.via_ws.strides[j], 0)
    return rc


cdef int _run_prefix(Plan p, char **bound, int via_workspace, char *ws, int64_t limit) noexcept nogil:
    """A row-limited elementwise plan of one output (its iteration in C order): the first
    `limit` elements only, directly or (overlap) into the workspace and back, so the
    output's other elements stay as they were."""
    cdef char *data[AO_MAX_OPERANDS]
    cdef char *copy_data[2]
    cdef char *region[AO_MAX_OUTPUTS]
    cdef ao_ew_plan passes
    cdef int k, j, rc
    if p.fn != NULL:
        return -1
    if not via_workspace:
        rc = ao_ew_run_prefix(&p.ew, bound, limit, 0)
        if rc == 0 and p.row_zero:
            rc = ao_ew_zero_suffix(&p.ew, bound, limit)
        return rc
    for k in range(AO_MAX_OPERANDS):
        data[k] = bound[k]
    if p.nout <= 1:
        data[0] = ws
        rc = ao_ew_run_prefix(&p.via_ws, data, limit, 0)
        copy_data[0] = bound[0]
        copy_data[1] = ws
        if rc == 0 and p.row_zero:
            rc = ao_ew_zero_suffix(&p.via_ws, data, limit)
            if rc == 0:
                rc = ao_ew_run(&p.copy_back, copy_data, 0)
        elif rc == 0:
            rc = ao_ew_run_prefix(&p.copy_back, copy_data, limit, 0)
        return rc
    # several outputs, some through contiguous regions: each such region first holds its
    # output's current values (kept past the limit) or gets zeros there, then goes back whole
    passes = p.ew
    rc = 0
    for j in range(p.nout):
        if via_workspace & (1 << j):
            region[j] = ws
            data[j] = ws
            ws += _ws_region(p, j)
            for k in range(p.ew.ndim):
                passes.strides[j][k] = p.via_ws.strides[j][k]
            if not p.row_zero and rc == 0:
                rc = ao_strided_copy(p.ew.ndim, p.ew.shape, ao_dtype_itemsize(p.ew.dtype[j]), region[j],
                                     p.via_ws.strides[j], bound[j], p.ew.strides[j], 0)
    if rc == 0:
        rc = ao_ew_run_prefix(&passes, data, limit, 0)
    if rc == 0 and p.row_zero:
        rc = ao_ew_zero_suffix(&passes, data, limit)
    for j in range(p.nout):
        if rc == 0 and via_workspace & (1 << j):
            rc = ao_strided_copy(p.ew.ndim, p.ew.shape, ao_dtype_itemsize(p.ew.dtype[j]), bound[j],
                                 p.ew.strides[j], region[j], p.via_ws.strides[j], 0)
    return rc


cdef int _run_bound(Plan p, char **bound, int via_workspace, char *ws) noexcept nogil:
    """The steps of a non-empty plan on its bound addresses: the cast step (into the
    workspace's first cast_bytes), then the kernel; through the rest of the workspace
    when via_workspace. The caller holds the stream's lock."""
    cdef char *data[AO_MAX_OPERANDS]
    cdef char *cast_bound[AO_MAX_OPERANDS]
    cdef char *copy_data[2]
    cdef int k, rc
    cdef int64_t limit = -1
    if p.row_limit_k:
        # read now, in the launch (on a cpu:strict stream: its thread, after the work
        # queued before it); a null input limits nothing
        limit = p.row_count
        if bound[p.row_limit_k] != NULL:
            limit = ao_row_limit(<const int64_t *>bound[p.row_limit_k], p.row_limit_n, p.row_count)
        if limit <= 0 and not p.row_zero:
            return 0
        limit = limit * p.row_inner
    cdef char *oreg_out = NULL
    if p.ncast or p.oreg_bytes:
        for k in range(AO_MAX_OPERANDS):
            cast_bound[k] = bound[k]
        for k in range(p.ncast):
            copy_data[0] = ws + p.cast_offset[k]
            copy_data[1] = bound[p.cast_operand[k]]
            rc = ao_cast_run(&(<ao_cast_plan *>p.cast_plans)[k], copy_data, 0)
            if rc != 0:
                return rc
            cast_bound[p.cast_operand[k]] = copy_data[0]
        for k in range(p.nalias):
            cast_bound[p.alias_operand[k]] = ws + p.alias_offset[k]
        if p.oreg_bytes:
            # an interleaved split output that is no one stride: the kernel writes its
            # halves into a contiguous region (even / odd elements), copied into it after
            oreg_out = bound[p.oreg_op]
            cast_bound[p.oreg_op] = ws + p.cast_bytes
            cast_bound[p.oreg_op + 1] = ws + p.cast_bytes + p.oreg_itemsize
            if limit >= 0 and not p.row_zero:     # rows past the limit keep the output's values
                rc = ao_strided_copy(p.oreg_ndim, p.oreg_shape, p.oreg_itemsize, ws + p.cast_bytes,
                                     p.oreg_src, oreg_out, p.oreg_dst, 0)
                if rc != 0:
                    return rc
        bound = cast_bound
        ws = ws + p.cast_bytes + p.oreg_bytes
    if oreg_out != NULL:
        rc = _run_prefix(p, bound, via_workspace, ws, limit) if limit >= 0 else \
            _run_outputs(p, bound, via_workspace, ws)
        if rc == 0:
            rc = ao_strided_copy(p.oreg_ndim, p.oreg_shape, p.oreg_itemsize, oreg_out, p.oreg_dst,
                                 bound[p.oreg_op], p.oreg_src, 0)
        return rc
    if limit >= 0:
        return _run_prefix(p, bound, via_workspace, ws, limit)
    if p.fn != NULL:
        return _run_fn_plan(p, bound, ws if via_workspace else NULL)
    if p.nout > 1:
        return _run_outputs(p, bound, via_workspace, ws)
    if not via_workspace:
        return ao_ew_run(&p.ew, bound, 0)
    for k in range(AO_MAX_OPERANDS):
        data[k] = bound[k]
    data[0] = ws
    rc = ao_ew_run(&p.via_ws, data, 0)
    copy_data[0] = bound[0]
    copy_data[1] = ws
    if rc == 0 and not ao_ew_dtype_ok(p.ew.dtype[0]):
        # an output of the wide path (integer, DOUBLE, COMPLEX): copied bit for bit, not
        # through the fp32 ViewCopy kernel
        return ao_strided_copy(p.ew.ndim, p.ew.shape, p.out_itemsize, bound[0], p.ew.strides[0],
                               ws, p.via_ws.strides[0], 0)
    if rc == 0:
        rc = ao_ew_run(&p.copy_back, copy_data, 0)
    return rc


cdef Device _tensors_device(object tensors, object names):
    """The one device of the (non-None) tensors; ValueError naming two arguments on
    different devices. cpu when there are none."""
    cdef Device dev = None, d
    cdef Py_ssize_t i, first = 0
    for i in range(len(tensors)):
        t = tensors[i]
        if t is None:
            continue
        d = (<Tensor>t).storage.device
        if dev is None:
            dev, first = d, i
        elif d is not dev:
            raise ValueError("%s is on %s but %s is on %s: the tensors of one op must be on one device "
                             "(copy with Tensor.to(device))" % (names[first], dev, names[i], d))
    return _cpu_device if dev is None else dev


# Backends whose kernels do not run on the host (npu): _run_op_hooks[device.type](plan,
# tensors, workspace, stream) runs phase 2 of a bound plan (set by the backend).
_run_op_hooks = {}


cdef int _kernel_failed(int rc) except -1:
    """Raises a kernel's failure: an index out of range (src/index.c, 361001), else a plan
    the kernel rejected."""
    if rc == AO_INDEX_ERR_RANGE:
        _raise(ACLNN_ERR_RUNTIME_ERROR, _index_error_message())
    _raise(ACLNN_ERR_INNER, "the kernel rejected its plan")


cdef class _StrictJob:
    """One launch queued on a cpu:strict stream: the plan, the kernel addresses it was
    bound to, and references that keep its tensors and workspace alive until it ran."""
    cdef Plan plan
    cdef char *data[AO_MAX_OPERANDS]
    cdef int via_workspace       # bit j: output j goes through the workspace
    cdef char *ws
    cdef object keep

    def __call__(self):
        cdef int rc
        if self.plan is None:
            # only _launch_queued makes a runnable job (_StrictJob.__new__ alone has no plan)
            raise RuntimeError("_StrictJob: not a queued launch (made by _launch_queued)")
        with nogil:
            rc = _run_bound(self.plan, self.data, self.via_workspace, self.ws)
        self.keep = None
        if rc != 0:
            _kernel_failed(rc)


cdef int _launch_queued(Plan p, char **bound, int via_workspace, Tensor ws, object keep, Stream st) except -1:
    """_launch on a stream that queues its work (st._impl is not None): cpu:strict runs
    the CPU kernels on the stream's thread; other devices through their run-op hook."""
    cdef _StrictJob job
    cdef int k
    if st.destroyed:
        raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream was destroyed (Stream.destroy); "
                       "run on a live stream")
    if not st.device.kernels_on_host:
        hook = _run_op_hooks.get(st.device.type)
        if hook is None:
            raise AclError(ACL_ERROR_INVALID_PARAM, "%s has no op dispatcher" % st.device)
        hook(p, keep, ws, st)
        return 0
    job = _StrictJob.__new__(_StrictJob)
    job.plan = p
    for k in range(AO_MAX_OPERANDS):
        job.data[k] = bound[k]
    job.via_workspace = via_workspace
    job.ws = ws.kdata if ws is not None else NULL
    job.keep = (keep, ws)
    st._submit(job)
    return 0


cdef int _launch(Plan p, char **bound, int via_workspace, char *ws, Stream st) except -1:
    """Runs a non-empty plan on stream `st`, its lock held; the GIL released unless
    the launch is small and the stream free (GIL_HELD_MAX_NUMEL)."""
    cdef ao_lock_t lk = (<_StreamLock>st._lock).lock
    cdef int rc
    if st.destroyed:
        raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream was destroyed (Stream.destroy); "
                       "run on a live stream")
    if p.ew.numel <= GIL_HELD_MAX_NUMEL and ao_lock_try(lk):
        rc = _run_bound(p, bound, via_workspace, ws)
        ao_lock_release(lk)
    else:
        with nogil:
            ao_lock_wait(lk)
            rc = _run_bound(p, bound, via_workspace, ws)
            ao_lock_release(lk)
    if rc != 0:
        _kernel_failed(rc)
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
    cdef Device dev = _cpu_device
    if _devices_in_use:
        # ex.tensors: the op's tensors, then its TensorList operands (_phase1)
        dev = _op_device(ex.plan.op, ex.tensors, tuple(ex.tensors[len(ex.plan.op.tensor_names):]))
        if ws is not None and ws.storage.device is not dev:
            raise ValueError("workspace is on %s but the executor's tensors are on %s"
                             % (ws.storage.device, dev))
    if stream is None:
        st = current_stream() if dev is _cpu_device else _stream_for(dev)
    elif isinstance(stream, Stream):
        st = stream
        if st.device is not dev:
            raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream is on %s but the executor's "
                           "tensors are on %s" % (st.device, dev))
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
        if st._impl is None:
            _launch(plan, data, ex.via_workspace, ws.kdata if ex.workspace_size > 0 else NULL, st)
        else:
            _launch_queued(plan, data, ex.via_workspace, ws if ex.workspace_size > 0 else None, tensors, st)
    finally:
        ex.running -= 1
    if not ex.repeatable:
        ex.tensors = None
    return 0
