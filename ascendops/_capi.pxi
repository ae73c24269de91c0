# ---------------------------------------------------------------------------
# The C API's way in: `cdef api` functions that libascendops.so (the C/C++ shim
# under src/capi/) calls through ascendops/_core_api.h. They are
# thin: C arguments -> the same objects the Python API uses -> the same dispatcher,
# cache, tiling and kernels. Every function runs with the GIL held (the shim takes
# it), never raises, and returns CANN's status code (aclError for the runtime,
# aclnnStatus for aclnn); the message of the last failure is ascendops_capi_error().
# ---------------------------------------------------------------------------
import bisect
from cpython.ref cimport PyObject, Py_INCREF
from libc.string cimport memmove


cdef extern from "capi/capi_types.h":
    ctypedef struct ao_capi_arg:
        int kind
        PyObject *obj
        const char *str
        int64_t i
        double d
    enum:
        AO_ARG_TENSOR
        AO_ARG_SCALAR
        AO_ARG_INT
        AO_ARG_FLOAT
        AO_ARG_BOOL
        AO_ARG_STRING
        AO_ARG_DTYPE
        AO_ARG_INT_ARRAY
        AO_ARG_FLOAT_ARRAY
        AO_ARG_BOOL_ARRAY


cdef int ACL_ERROR_INVALID_PARAM_ = 100000
cdef int ACL_ERROR_BAD_ALLOC_ = 200000
cdef int ACL_ERROR_INTERNAL_ = 500000

# aclrtMalloc blocks: base address -> Memory (from the device allocator), and the
# sorted bases, so that any device address can be checked against its block.
cdef dict _capi_blocks = {}
cdef list _capi_bases = []
cdef bytes _capi_msg = b""
# The C ABI's device, chosen at its first use: cpu:strict with ASCENDOPS_STRICT_DEVICE=1
# (aclrtMalloc hands out addresses the host cannot dereference; aclnn phase 2 is queued
# on the stream's thread, so a missing aclrtSynchronizeStream shows), else cpu.
cdef Device _capi_dev = None


cdef Device _capi_device():
    global _capi_dev
    if _capi_dev is None:
        flag = os.environ.get("ASCENDOPS_STRICT_DEVICE", "").strip()
        if flag not in ("", "0", "1"):
            raise ValueError("environment variable ASCENDOPS_STRICT_DEVICE=%r: expected 1 (the strict "
                             "device) or 0" % flag)
        _capi_dev = ascendops_device("cpu:strict" if flag == "1" else "cpu")
    return _capi_dev


cdef int _capi_set(int status, object message) noexcept:
    global _capi_msg
    try:
        _capi_msg = str(message).encode("utf-8", "replace")
    except BaseException:
        _capi_msg = b"(unprintable error)"
    return status


cdef int _capi_fail(object e, int fallback) noexcept:
    """The status of exception `e`: its `.status` (AclnnError, AclError), else `fallback`."""
    status = getattr(e, "status", None)
    if not isinstance(status, int) or isinstance(status, bool):
        status = fallback
    return _capi_set(status, "%s: %s" % (type(e).__name__, e))


cdef object _capi_block(size_t addr, size_t nbytes):
    """The Memory of the aclrtMalloc block that holds [addr, addr + nbytes), or None."""
    cdef Memory m
    i = bisect.bisect_right(_capi_bases, addr) - 1
    if i < 0:
        return None
    base = _capi_bases[i]
    m = _capi_blocks[base]
    if addr - base + nbytes > <size_t>m.nbytes or addr >= base + <size_t>max(m.nbytes, 1):
        return None
    return m


cdef Memory _capi_storage(void *addr, object nbytes, str what):
    """A view of `nbytes` device bytes at `addr`, which must lie in one aclrtMalloc block."""
    cdef Memory view
    cdef Memory block
    if nbytes == 0:
        view = _borrow(None, <char *>addr, 0, False)
        view.device = _capi_device()
        return view
    if addr == NULL:
        raise ValueError("%s: the address is null but %d bytes are needed" % (what, nbytes))
    m = _capi_block(<size_t>addr, nbytes)
    if m is None:
        raise ValueError("%s: [0x%x, +%d bytes) is not inside one block from aclrtMalloc"
                         % (what, <size_t>addr, nbytes))
    block = m
    view = _borrow(block, <char *>addr, nbytes, False)
    view.device = block.device          # on cpu:strict: the block's kernel alias at the same offset
    view.kptr = block.kptr + (<char *>addr - block.ptr)
    return view


cdef char *_capi_kernel_address(const void *addr, size_t count):
    """The address the host copies through for a device address (its block's alias)."""
    cdef Memory block = _capi_block(<size_t>addr, count)
    return block.kptr + (<const char *>addr - block.ptr)


cdef api const char *ascendops_capi_error() noexcept:
    return _capi_msg


# -- runtime: memory ---------------------------------------------------------------
cdef api int ascendops_capi_malloc(void **out, size_t size) noexcept:
    """aclrtMalloc: a device block of ceil(size / 32) * 32 + 32 bytes (CANN's padding)."""
    try:
        if out == NULL:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMalloc: devPtr is null")
        if size == 0:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMalloc: size must be > 0")
        if size > (<size_t>1 << 62):
            return _capi_set(ACL_ERROR_BAD_ALLOC_, "aclrtMalloc: %d bytes is more than the device has" % size)
        nbytes = (size + 31) // 32 * 32 + 32
        m = _device_malloc_on(_capi_device(), nbytes)
        addr = <size_t>m.ptr
        _capi_blocks[addr] = m
        bisect.insort(_capi_bases, addr)
        out[0] = <void *>m.ptr
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_BAD_ALLOC_)


cdef api int ascendops_capi_free(void *ptr) noexcept:
    try:
        if ptr == NULL:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtFree: devPtr is null")
        addr = <size_t>ptr
        if _capi_blocks.pop(addr, None) is None:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtFree: 0x%x is not a live block from "
                             "aclrtMalloc (freed twice, or never allocated)" % addr)
        del _capi_bases[bisect.bisect_left(_capi_bases, addr)]
        # Tensors still viewing the block keep it alive; it returns to the cache after them.
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef class _CopyJob:
    """aclrtMemcpyAsync queued on a cpu:strict stream: the copy runs when the stream
    reaches it (the caller keeps both sides alive until it synchronises, as on CANN)."""
    cdef void *dst
    cdef const void *src
    cdef size_t count

    def __call__(self):
        with nogil:
            memmove(self.dst, self.src, self.count)


cdef api int ascendops_capi_memcpy(void *dst, size_t dest_max, const void *src, size_t count,
                                   int kind) noexcept:
    """aclrtMemcpy: device sides must lie inside one aclrtMalloc block; host sides are the
    caller's (as on CANN). kind 0 H2H, 1 H2D, 2 D2H, 3 D2D, 4 DEFAULT (inferred)."""
    return _capi_memcpy(dst, dest_max, src, count, kind, None)


cdef api int ascendops_capi_memcpy_async(void *dst, size_t dest_max, const void *src, size_t count,
                                         int kind, PyObject *stream) noexcept:
    """aclrtMemcpyAsync: checked now; on a stream that queues its work (cpu:strict) the
    copy is queued behind it, elsewhere it runs now (the stream's work has finished)."""
    return _capi_memcpy(dst, dest_max, src, count, kind,
                        _device_default_stream(_capi_device()) if stream == NULL else <object>stream)


cdef int _capi_memcpy(void *dst, size_t dest_max, const void *src, size_t count, int kind,
                      object stream) noexcept:
    cdef _CopyJob job
    try:
        if dst == NULL or src == NULL:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemcpy: dst or src is null")
        if kind < 0 or kind > 4:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemcpy: unknown aclrtMemcpyKind %d" % kind)
        if count > dest_max:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemcpy: count %d exceeds destMax %d"
                             % (count, dest_max))
        if count == 0:
            return 0
        dst_dev = _capi_block(<size_t>dst, 1) is not None
        src_dev = _capi_block(<size_t>src, 1) is not None
        need_dst = kind in (1, 3) or (kind == 4 and dst_dev)
        need_src = kind in (2, 3) or (kind == 4 and src_dev)
        if (need_dst or dst_dev) and _capi_block(<size_t>dst, count) is None:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemcpy: the destination [0x%x, +%d) is not "
                             "inside one device block" % (<size_t>dst, count))
        if (need_src or src_dev) and _capi_block(<size_t>src, count) is None:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemcpy: the source [0x%x, +%d) is not "
                             "inside one device block" % (<size_t>src, count))
        if _capi_device().strict:
            # device memory is not host memory here: a side the kind calls host must not be a
            # device block (copying through its PROT_NONE address would fault), and device
            # sides are copied through their blocks' aliases. No wait for streams: as on CANN,
            # the caller synchronises before copying results back.
            for side, is_dev, host_kinds in (("destination", dst_dev, (0, 2)), ("source", src_dev, (0, 1))):
                if is_dev and kind in host_kinds:
                    return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemcpy: kind %d says the %s is host "
                                     "memory, but it is a device address from aclrtMalloc" % (kind, side))
            if dst_dev:
                dst = _capi_kernel_address(dst, count)
            if src_dev:
                src = _capi_kernel_address(src, count)
        if stream is not None and (<Stream>stream)._impl is not None:
            job = _CopyJob.__new__(_CopyJob)
            job.dst, job.src, job.count = dst, src, count
            (<Stream>stream)._submit(job)
            return 0
        with nogil:
            memmove(dst, src, count)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_memset(void *dst, size_t dest_max, int value, size_t count) noexcept:
    try:
        if dst == NULL:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemset: devPtr is null")
        if count > dest_max:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemset: count %d exceeds maxCount %d"
                             % (count, dest_max))
        if count == 0:
            return 0
        if _capi_block(<size_t>dst, count) is None:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtMemset: [0x%x, +%d) is not inside one "
                             "device block" % (<size_t>dst, count))
        dst = _capi_kernel_address(dst, count)
        with nogil:
            memset(dst, value, count)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


# -- runtime: streams --------------------------------------------------------------------
cdef api int ascendops_capi_stream_create(PyObject **out) noexcept:
    try:
        s = Stream(_capi_device())
        Py_INCREF(s)
        out[0] = <PyObject *>s
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_stream_sync(PyObject *stream) noexcept:
    try:
        s = _device_default_stream(_capi_device()) if stream == NULL else <object>stream
        s.synchronize()
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_stream_destroy(PyObject *stream) noexcept:
    try:
        (<object>stream).destroy()
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


# -- runtime: events -------------------------------------------------------------------------
cdef api int ascendops_capi_event_create(PyObject **out) noexcept:
    try:
        e = Event()
        Py_INCREF(e)
        out[0] = <PyObject *>e
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_event_record(PyObject *event, PyObject *stream) noexcept:
    try:
        (<object>event).record(_device_default_stream(_capi_device()) if stream == NULL else <object>stream)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_event_sync(PyObject *event) noexcept:
    try:
        (<object>event).synchronize()     # Event.synchronize waits without holding the GIL
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_event_elapsed(float *ms, PyObject *start, PyObject *end) noexcept:
    try:
        ms[0] = (<object>start).elapsed_time(<object>end)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INVALID_PARAM_)


# -- aclTensor / aclScalar -----------------------------------------------------------------
cdef api int ascendops_capi_create_tensor(const int64_t *view_dims, uint64_t ndim, int dtype,
                                          const int64_t *strides, int64_t offset, int fmt,
                                          const int64_t *storage_dims, uint64_t storage_ndim,
                                          void *data, PyObject **out) noexcept:
    """aclCreateTensor: a Tensor viewing [data, data + prod(storageDims) * itemsize)."""
    cdef uint64_t i
    try:
        if ndim > 64 or storage_ndim > 64:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: at most 64 dims")
        if (ndim and view_dims == NULL) or (storage_ndim and storage_dims == NULL):
            return _capi_set(ACLNN_ERR_PARAM_NULLPTR, "aclCreateTensor: viewDims or storageDims is null "
                             "with a non-zero dim count")
        dt = dtype_from_code(dtype)
        if dt.itemsize == 0 and dt.bits != 0:
            # sub-byte types; UNDEFINED and STRING (0 bits) make a descriptor over no bytes,
            # as CANN's aclCreateTensor does (its ops refuse them with 161002)
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: %s has no byte layout on the CPU "
                             "device" % dt.log_name)
        fmt = as_format(fmt)
        shape = tuple([view_dims[i] for i in range(ndim)])
        std = None if strides == NULL else tuple([strides[i] for i in range(ndim)])
        sshape = _as_shape(tuple([storage_dims[i] for i in range(storage_ndim)]), "storageDims")
        nbytes = dt.itemsize
        for d in sshape:
            nbytes *= d
        if nbytes > INT64_MAX_:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: storage size overflows: storageDims "
                             "%r of %s are %d bytes, more than int64 can count"
                             % (list(sshape), dt.log_name, nbytes))
        if data != NULL and nbytes > 0 and <size_t>data % <size_t>dt.itemsize:
            # the kernels load and store whole elements (CANN's ACL_ERROR_MEMORY_ADDRESS_UNALIGNED)
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: tensorData 0x%x is not aligned to "
                             "the %d-byte elements of %s" % (<size_t>data, dt.itemsize, dt.log_name))
        storage = _capi_storage(data, nbytes, "aclCreateTensor")
        t = _checked_view(storage, shape, std, offset, dt, fmt)
        Py_INCREF(t)
        out[0] = <PyObject *>t
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID)


cdef api int ascendops_capi_create_scalar(const void *value, int dtype, PyObject **out) noexcept:
    """aclCreateScalar: the value, copied, as a numpy scalar of the dtype."""
    try:
        if value == NULL:
            return _capi_set(ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalar: value is null")
        dt = dtype_from_code(dtype)
        if dt.numpy is None or dt.itemsize == 0:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateScalar: %s has no host value type" % dt.log_name)
        v = np.frombuffer((<const char *>value)[:dt.itemsize], dtype=dt.numpy)[0]
        Py_INCREF(v)
        out[0] = <PyObject *>v
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID)


cdef api int ascendops_capi_create_array(int kind, const void *value, uint64_t size, PyObject **out) noexcept:
    """aclCreateIntArray / aclCreateFloatArray / aclCreateBoolArray: the `size` values,
    copied, as a tuple of Python ints / floats / bools (what IntArray, FloatArray and
    BoolArray parameters take)."""
    cdef uint64_t i
    cdef const int64_t *ints = <const int64_t *>value
    cdef const float *floats = <const float *>value
    cdef const unsigned char *bools = <const unsigned char *>value
    try:
        what = "Int" if kind == AO_ARG_INT_ARRAY else "Float" if kind == AO_ARG_FLOAT_ARRAY else "Bool"
        if value == NULL and size:
            return _capi_set(ACLNN_ERR_PARAM_NULLPTR, "aclCreate%sArray: value is null but size is %d" % (what, size))
        if size > (<uint64_t>1 << 40):
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreate%sArray: size %d is not a host array" % (what, size))
        values = []
        for i in range(size):
            if kind == AO_ARG_INT_ARRAY:
                values.append(ints[i])
            elif kind == AO_ARG_FLOAT_ARRAY:
                values.append(<double>floats[i])
            else:
                values.append(bools[i] != 0)
        t = tuple(values)
        Py_INCREF(t)
        out[0] = <PyObject *>t
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_INNER)


# -- aclnn: phase 1, phase 2, executors ----------------------------------------------------
cdef dict _capi_ops_by_name = {}


cdef object _capi_op(str name):
    op = _capi_ops_by_name.get(name)
    if op is None:
        for o in _registry.values():
            _capi_ops_by_name[o.name] = o
        op = _capi_ops_by_name.get(name)
    return op


cdef object _capi_arg(const ao_capi_arg *a):
    if (a.kind == AO_ARG_TENSOR or a.kind == AO_ARG_SCALAR or a.kind == AO_ARG_INT_ARRAY
            or a.kind == AO_ARG_FLOAT_ARRAY or a.kind == AO_ARG_BOOL_ARRAY):
        return None if a.obj == NULL else <object>a.obj
    if a.kind == AO_ARG_INT:
        return a.i
    if a.kind == AO_ARG_FLOAT:
        return a.d
    if a.kind == AO_ARG_BOOL:
        return a.i != 0
    if a.kind == AO_ARG_STRING:
        return None if a.str == NULL else (<bytes>a.str).decode("utf-8", "replace")
    if a.kind == AO_ARG_DTYPE:
        return _dtype_by_code.get(a.i, a.i)
    raise TypeError("argument kind %d" % a.kind)


cdef api int ascendops_capi_phase1(const char *name, const ao_capi_arg *args, int nargs,
                                   uint64_t *workspace_size, PyObject **executor) noexcept:
    """aclnn<Name>GetWorkspaceSize: args are CANN's, in CANN's order (inputs, attributes,
    output); the shim has checked workspaceSize and executor for null."""
    cdef int i
    try:
        opname = (<bytes>name).decode()
        op = _capi_op(opname)
        if op is None:
            return _capi_set(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "aclnn%s: no op %s is registered in this "
                             "ascendops build" % (opname, opname))
        pyargs = [_capi_arg(&args[i]) for i in range(nargs)]
        size, ex = get_workspace_size(op, *pyargs)
        workspace_size[0] = size
        Py_INCREF(ex)
        executor[0] = <PyObject *>ex
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID if isinstance(e, (TypeError, ValueError))
                          else ACLNN_ERR_INNER)


cdef api int ascendops_capi_phase2(void *workspace, uint64_t workspace_size, PyObject *executor,
                                   PyObject *stream, int *released) noexcept:
    """aclnn<Name>: runs the executor; *released = 1 when it was used up (not repeatable)."""
    released[0] = 0
    try:
        ws = None
        if workspace != NULL:
            # a non-null workspace of size 0 is still a workspace: phase 2 then reports
            # its size, not a null pointer, when the executor needs one
            storage = _capi_storage(workspace, workspace_size, "workspace")
            ws = _make_tensor(storage, (workspace_size,), (1,), 0, DT_UINT8_, 2)
        ex = None if executor == NULL else <object>executor
        st = None if stream == NULL else <object>stream
        try:
            _phase2(ws, workspace_size, ex, st)
        finally:
            if isinstance(ex, Executor) and ex.consumed and not ex.repeatable:
                released[0] = 1
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID if isinstance(e, (TypeError, ValueError))
                          else ACLNN_ERR_INNER)


cdef api int ascendops_capi_executor_repeatable(PyObject *executor) noexcept:
    try:
        (<Executor><object>executor).set_repeatable()
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_INNER)


cdef api int ascendops_capi_executor_destroy(PyObject *executor) noexcept:
    try:
        (<Executor><object>executor).destroy()
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_INNER)


cdef api int ascendops_capi_set_tensor_addr(PyObject *executor, size_t index, PyObject *tensor,
                                            void *addr, int output, PyObject **new_tensor) noexcept:
    """aclSetInputTensorAddr / aclSetOutputTensorAddr: the same view over `addr`, bound
    at `index`; *new_tensor is that view (the aclTensor handle now points at it)."""
    cdef Tensor old, t
    cdef Executor ex = <Executor><object>executor
    try:
        if index > 0x7FFFFFFF:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "tensor index %d out of range" % index)
        if tensor == NULL:
            t = None
        else:
            old = <Tensor><object>tensor
            if addr != NULL and old.dtype.itemsize and <size_t>addr % <size_t>old.dtype.itemsize:
                # as aclCreateTensor: the kernels load and store whole elements
                return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclSet%sTensorAddr: addr 0x%x is not aligned to "
                                 "the %d-byte elements of %s" % ("Output" if output else "Input", <size_t>addr,
                                                                 old.dtype.itemsize, old.dtype.log_name))
            storage = _capi_storage(addr, old.storage.nbytes, "aclSet%sTensorAddr"
                                    % ("Output" if output else "Input"))
            t = _make_tensor(storage, old.shape, old._strides, old.offset, old.dtype, old._format)
        if output:
            ex.set_output_tensor_addr(<int>index, t)
        else:
            ex.set_input_tensor_addr(<int>index, t)
        Py_INCREF(t)
        new_tensor[0] = <PyObject *>t
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID if isinstance(e, (TypeError, ValueError))
                          else ACLNN_ERR_INNER)
