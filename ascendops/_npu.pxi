# ---------------------------------------------------------------------------
# The npu backend: CANN found and loaded at run time (src/npu/cann.c), and op calls
# through CANN's own symbols. A registered op's declaration (OpDef.params) is its
# aclnn<Op>GetWorkspaceSize signature: the arguments are built as CANN objects
# (aclCreateTensor / aclCreateScalar / aclCreateIntArray ...) and passed through the
# op's generated trampoline (libascendops_npu_calls.so: a C call typed by the op's
# aclnnop header); phase 2 is aclnn<Op>(workspace, size, executor, stream). Executors
# are CANN's repeatable ones, cached by the same key as the CPU device's plans and
# re-pointed with aclSetInputTensorAddr / aclSetOutputTensorAddr. Nothing here runs,
# and nothing of CANN is loaded, until a caller asks (ascendops.npu, device "npu:N").
# ---------------------------------------------------------------------------
from libc.stdlib cimport malloc as _npu_malloc, free as _npu_free
from posix.dlfcn cimport dlopen as _npu_dlopen, dlsym as _npu_dlsym, dlerror as _npu_dlerror
from posix.dlfcn cimport RTLD_NOW as _NPU_RTLD_NOW, RTLD_LOCAL as _NPU_RTLD_LOCAL
from libc.string cimport memcpy as _npu_memcpy


cdef extern from "npu/cann.h" nogil:
    ctypedef unsigned char ao_c_bool "bool"     # C's bool (one byte), not Cython's int-sized bint
    ctypedef int aclError
    ctypedef int32_t aclnnStatus
    ctypedef void *aclrtStream
    ctypedef void *aclrtEvent
    ctypedef struct aclTensor:
        pass
    ctypedef struct aclScalar:
        pass
    ctypedef struct aclIntArray:
        pass
    ctypedef struct aclFloatArray:
        pass
    ctypedef struct aclBoolArray:
        pass
    ctypedef struct aclOpExecutor:
        pass
    ctypedef aclnnStatus (*ao_aclnn_phase2_fn)(void *workspace, uint64_t workspaceSize,
                                               aclOpExecutor *executor, aclrtStream stream) noexcept nogil
    ctypedef struct ao_cann "ao_cann":
        int loaded
        int n_oplibs
        char oplib_names[4][32]
        char home[4096]
        char runtime_path[4096]
        char version[256]
        aclError (*aclInit)(const char *) noexcept nogil
        const char *(*aclGetRecentErrMsg)() noexcept nogil
        aclError (*aclrtSetDevice)(int32_t) noexcept nogil
        aclError (*aclrtGetDeviceCount)(uint32_t *) noexcept nogil
        aclError (*aclrtSynchronizeDevice)() noexcept nogil
        aclError (*aclrtCreateStream)(aclrtStream *) noexcept nogil
        aclError (*aclrtDestroyStream)(aclrtStream) noexcept nogil
        aclError (*aclrtSynchronizeStream)(aclrtStream) noexcept nogil
        aclError (*aclrtMalloc)(void **, size_t, int) noexcept nogil
        aclError (*aclrtFree)(void *) noexcept nogil
        aclError (*aclrtMemcpy)(void *, size_t, const void *, size_t, int) noexcept nogil
        aclError (*aclrtMemcpyAsync)(void *, size_t, const void *, size_t, int, aclrtStream) noexcept nogil
        aclError (*aclrtCreateEvent)(aclrtEvent *) noexcept nogil
        aclError (*aclrtDestroyEvent)(aclrtEvent) noexcept nogil
        aclError (*aclrtRecordEvent)(aclrtEvent, aclrtStream) noexcept nogil
        aclError (*aclrtSynchronizeEvent)(aclrtEvent) noexcept nogil
        aclError (*aclrtEventElapsedTime)(float *, aclrtEvent, aclrtEvent) noexcept nogil
        aclTensor *(*aclCreateTensor)(const int64_t *, uint64_t, int, const int64_t *, int64_t, int,
                                      const int64_t *, uint64_t, void *) noexcept nogil
        aclnnStatus (*aclDestroyTensor)(const aclTensor *) noexcept nogil
        aclScalar *(*aclCreateScalar)(void *, int) noexcept nogil
        aclnnStatus (*aclDestroyScalar)(const aclScalar *) noexcept nogil
        aclIntArray *(*aclCreateIntArray)(const int64_t *, uint64_t) noexcept nogil
        aclnnStatus (*aclDestroyIntArray)(const aclIntArray *) noexcept nogil
        aclFloatArray *(*aclCreateFloatArray)(const float *, uint64_t) noexcept nogil
        aclnnStatus (*aclDestroyFloatArray)(const aclFloatArray *) noexcept nogil
        aclBoolArray *(*aclCreateBoolArray)(const ao_c_bool *, uint64_t) noexcept nogil
        aclnnStatus (*aclDestroyBoolArray)(const aclBoolArray *) noexcept nogil
        aclnnStatus (*aclSetAclOpExecutorRepeatable)(aclOpExecutor *) noexcept nogil
        aclnnStatus (*aclDestroyAclOpExecutor)(aclOpExecutor *) noexcept nogil
        aclnnStatus (*aclSetInputTensorAddr)(aclOpExecutor *, size_t, aclTensor *, void *) noexcept nogil
        aclnnStatus (*aclSetOutputTensorAddr)(aclOpExecutor *, size_t, aclTensor *, void *) noexcept nogil
    ao_cann ao_cann_api
    int ao_cann_load(char *err, size_t errlen)
    int ao_cann_dlopen_attempts()
    void *ao_cann_op_symbol(const char *name)
    aclError ao_cann_use_device(int32_t device_index)


cdef extern from "npu/npu_calls.h" nogil:
    ctypedef union ao_npu_arg:
        void *p
        int64_t i
        double d
        float f
        ao_c_bool b
    ctypedef aclnnStatus (*ao_npu_phase1_fn)(void *fn, const ao_npu_arg *args, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) noexcept nogil
    ctypedef struct ao_npu_call:
        const char *name
        int nparams
        ao_npu_phase1_fn phase1_call "call"
    ctypedef const ao_npu_call *(*ao_npu_call_table_fn)(size_t *count) noexcept nogil


class NpuUnavailableError(RuntimeError):
    """CANN is not installed where ascendops looks for it, or cannot be loaded; the
    message says what was looked for where."""


cdef bint _npu_shutting_down = False
cdef dict _npu_trampolines = None    # op name -> the address of its ao_npu_phase1_fn


def _npu_load():
    """Loads CANN (once); raises NpuUnavailableError saying what was looked for where."""
    cdef char err[8192]
    if ao_cann_api.loaded:
        return
    if ao_cann_load(err, sizeof(err)) != 0:
        raise NpuUnavailableError(err.decode("utf-8", "replace"))


def _npu_is_available():
    """Whether CANN can be loaded and reports at least one device (loads it)."""
    cdef uint32_t count = 0
    try:
        _npu_load()
    except NpuUnavailableError:
        return False
    return ao_cann_api.aclrtGetDeviceCount(&count) == 0 and count > 0


def _npu_device_count():
    """CANN's aclrtGetDeviceCount; 0 without CANN."""
    cdef uint32_t count = 0
    try:
        _npu_load()
    except NpuUnavailableError:
        return 0
    rc = ao_cann_api.aclrtGetDeviceCount(&count)
    if rc != 0:
        raise AclError(rc, "aclrtGetDeviceCount failed: %s" % _npu_recent_msg())
    return count


def _npu_info():
    """{"home", "runtime", "op_libraries", "version"} of the CANN loaded (loads it)."""
    _npu_load()
    return {"home": (<bytes>ao_cann_api.home).decode("utf-8", "replace"),
            "runtime": (<bytes>ao_cann_api.runtime_path).decode("utf-8", "replace"),
            "op_libraries": tuple((<bytes>ao_cann_api.oplib_names[i]).decode("utf-8", "replace")
                                  for i in range(ao_cann_api.n_oplibs)),
            "version": (<bytes>ao_cann_api.version).decode("utf-8", "replace")}


def _npu_dlopen_attempts():
    """How many dlopen calls the CANN loader made in this process (tests)."""
    return ao_cann_dlopen_attempts()


cdef str _npu_recent_msg():
    cdef const char *m = ao_cann_api.aclGetRecentErrMsg() if ao_cann_api.loaded else NULL
    if m == NULL:
        return ""
    return (<bytes>m).decode("utf-8", "replace")


cdef int _npu_check(aclError rc, str what) except -1:
    """An aclError of the runtime as AclError (OutOfMemoryError for allocation failures)."""
    if rc == 0:
        return 0
    msg = _npu_recent_msg()
    text = "%s failed: aclError %d%s" % (what, rc, (": " + msg) if msg else "")
    if rc == 200000 or rc == 207001:     # ACL_ERROR_BAD_ALLOC, ACL_ERROR_RT_MEMORY_ALLOCATION
        raise OutOfMemoryError(text)
    raise AclError(rc, text)


import re as _npu_re
# ascendops' C API (the stand-in) reports "<exception class>: <text> [aclnnStatus N]": the
# text alone is CANN's message (the status is the exception's own)
_NPU_MSG_DECORATION = _npu_re.compile(r"^(?:[A-Za-z]+Error: )?(.*?)(?: \[aclnnStatus -?\d+\])?$", _npu_re.S)


cdef int _npu_status(aclnnStatus rc, str what) except -1:
    """An aclnnStatus as AclnnError (the class by status): aclGetRecentErrMsg's text
    first (so the numpy-like API's dtype hints apply), then the function that failed."""
    if rc == 0:
        return 0
    msg = _NPU_MSG_DECORATION.match(_npu_recent_msg()).group(1).strip()
    _raise(rc, "%s (%s on the npu)" % (msg, what) if msg else "%s failed on the npu" % what)


cdef int _npu_use_device(int index) except -1:
    """aclrtSetDevice(index) on this thread, once per thread (CANN's context is per thread)."""
    cdef aclError rc
    _npu_load()
    rc = ao_cann_use_device(index)
    if rc != 0:
        _npu_check(rc, "aclrtSetDevice(%d)" % index)
    return 0


cdef dict _npu_call_table():
    """The trampolines of libascendops_npu_calls.so, by op name (loaded once)."""
    global _npu_trampolines
    cdef void *lib
    cdef ao_npu_call_table_fn table_fn
    cdef const ao_npu_call *table
    cdef size_t n = 0, k
    if _npu_trampolines is not None:
        return _npu_trampolines
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "libascendops_npu_calls.so")
    lib = _npu_dlopen(os.fsencode(path), _NPU_RTLD_NOW | _NPU_RTLD_LOCAL)
    if lib == NULL:
        err = _npu_dlerror()
        raise NpuUnavailableError("cannot load ascendops' npu op calls %s: %s (an incomplete build?)"
                                  % (path, (<bytes>err).decode("utf-8", "replace") if err != NULL else "?"))
    table_fn = <ao_npu_call_table_fn>_npu_dlsym(lib, b"ao_npu_call_table")
    if table_fn == NULL:
        raise NpuUnavailableError("%s has no ao_npu_call_table" % path)
    table = table_fn(&n)
    found = {}
    for k in range(n):
        found[(<bytes>table[k].name).decode()] = (<size_t>table[k].phase1_call, table[k].nparams)
    _npu_trampolines = found
    return found


cdef class _NpuOp:
    """One op's CANN entry points: its trampoline, aclnn<Op>GetWorkspaceSize, aclnn<Op>."""
    cdef ao_npu_phase1_fn trampoline
    cdef void *phase1
    cdef ao_aclnn_phase2_fn phase2
    cdef int nparams
    cdef str name


cdef dict _npu_ops = {}      # OpDef -> _NpuOp


cdef _NpuOp _npu_op(OpDef op):
    cdef _NpuOp nop = _npu_ops.get(op)
    if nop is not None:
        return nop
    _npu_load()
    entry = _npu_call_table().get(op.name)
    if entry is None:
        raise NotImplementedError("ascendops.%s: this build has no npu call for aclnn%s (its "
                                  "libascendops_npu_calls.so predates the op: rebuild ascendops)"
                                  % (op.snake, op.name))
    nop = _NpuOp.__new__(_NpuOp)
    nop.trampoline = <ao_npu_phase1_fn><size_t>entry[0]
    nop.nparams = entry[1]
    nop.name = op.name
    names = [("aclnn%sGetWorkspaceSize" % op.name).encode(), ("aclnn%s" % op.name).encode()]
    nop.phase1 = ao_cann_op_symbol(names[0])
    nop.phase2 = <ao_aclnn_phase2_fn>ao_cann_op_symbol(names[1])
    missing = []
    if nop.phase1 == NULL:
        missing.append(names[0].decode())
    if nop.phase2 == NULL:
        missing.append(names[1].decode())
    if missing:
        info = _npu_info()
        raise NotImplementedError("ascendops.%s on the npu: CANN %s (%s) has no %s in its op libraries "
                                  "(%s): this CANN version or installation lacks the op"
                                  % (op.snake, info["version"], info["home"], " or ".join(missing),
                                     ", ".join(info["op_libraries"])))
    if nop.nparams != len(op.params):
        raise RuntimeError("ascendops.%s: the npu call was built for %d parameters, the declaration has %d "
                           "(rebuild ascendops)" % (op.snake, nop.nparams, len(op.params)))
    _npu_ops[op] = nop
    return nop


cdef int64_t _npu_storage_elems(Tensor t):
    """The elements a tensor's view spans from its storage's start: offset + the largest
    index + 1 (0 when empty). The aclTensor's storage shape, so that it is a function of
    the view alone (in the cache key) and lies inside the allocation."""
    cdef int64_t span = 1
    if t.numel == 0:
        return 0
    for d, s in zip(t.shape, t._strides):
        span += (<int64_t>d - 1) * <int64_t>s
    return t.offset + span


cdef aclTensor *_npu_make_tensor(Tensor t, char *storage_ptr) except NULL:
    """aclCreateTensor of t's view over `storage_ptr` (its storage's device address);
    any rank (CANN's ops check their own limits in phase 1)."""
    cdef Py_ssize_t k, nd = len(t.shape)
    cdef int64_t *dims = <int64_t *>_npu_malloc((2 * nd + 1) * sizeof(int64_t))
    cdef int64_t *strides
    cdef int64_t storage_dims[1]
    cdef aclTensor *h
    if dims == NULL:
        raise MemoryError()
    strides = dims + nd
    try:
        for k in range(nd):
            dims[k] = t.shape[k]
            strides[k] = t._strides[k]
        storage_dims[0] = _npu_storage_elems(t)
        h = ao_cann_api.aclCreateTensor(dims, nd, t.dtype.code, strides, t.offset, t._format,
                                        storage_dims, 1, storage_ptr)
    finally:
        _npu_free(dims)
    if h == NULL:
        msg = _npu_recent_msg()
        raise AclnnInvalidParamError("aclCreateTensor(%s%r strides %r offset %d) failed%s"
                                     % (t.dtype.log_name, t.shape, t._strides, t.offset,
                                        (": " + msg) if msg else ""))
    return h


# handle kinds an _NpuExec destroys
cdef enum:
    _NPU_H_TENSOR = 0
    _NPU_H_SCALAR = 1
    _NPU_H_INT_ARRAY = 2
    _NPU_H_FLOAT_ARRAY = 3
    _NPU_H_BOOL_ARRAY = 4


cdef class _NpuExec:
    """A CANN executor and the aclTensor / aclScalar / array handles it was made with
    (kept until it is destroyed: aclSet*TensorAddr re-points those aclTensors)."""
    cdef aclOpExecutor *ex
    cdef readonly uint64_t workspace_size
    cdef bint repeatable
    cdef list handles          # [(kind, address)] to destroy
    cdef list tensor_slots     # [(position in `tensors`, is_output, CANN index, aclTensor address)]

    cdef void destroy(self) noexcept:
        if _npu_shutting_down or not ao_cann_api.loaded:
            return      # at exit CANN (or the stand-in's interpreter state) may be gone
        if self.ex != NULL:
            ao_cann_api.aclDestroyAclOpExecutor(self.ex)
            self.ex = NULL
        if self.handles:
            for kind, addr in self.handles:
                if kind == _NPU_H_TENSOR:
                    ao_cann_api.aclDestroyTensor(<aclTensor *><size_t>addr)
                elif kind == _NPU_H_SCALAR:
                    ao_cann_api.aclDestroyScalar(<aclScalar *><size_t>addr)
                elif kind == _NPU_H_INT_ARRAY:
                    ao_cann_api.aclDestroyIntArray(<aclIntArray *><size_t>addr)
                elif kind == _NPU_H_FLOAT_ARRAY:
                    ao_cann_api.aclDestroyFloatArray(<aclFloatArray *><size_t>addr)
                else:
                    ao_cann_api.aclDestroyBoolArray(<aclBoolArray *><size_t>addr)
            self.handles = None

    def __dealloc__(self):
        self.destroy()


cdef object _npu_scalar_value(object v, char *buf, int *dtype):
    """aclCreateScalar's value and aclDataType for an attribute value (a numpy scalar
    keeps its dtype; Python bool / int / float / complex: BOOL / INT64 / DOUBLE / COMPLEX128)."""
    cdef DType d
    if isinstance(v, np.generic):
        arr = np.asarray(v)
    elif isinstance(v, bool):
        arr = np.asarray(v, dtype=np.bool_)
    elif isinstance(v, int):
        arr = np.asarray(v, dtype=np.int64)
    elif isinstance(v, float):
        arr = np.asarray(v, dtype=np.float64)
    else:
        arr = np.asarray(v, dtype=np.complex128)
    d = as_dtype(arr.dtype)
    dtype[0] = d.code
    data = arr.tobytes()
    _npu_memcpy(buf, <char *>data, len(data))
    return data


cdef _NpuExec _npu_phase1(_NpuOp nop, OpDef op, tuple tensors, tuple attrs, list storage_ptrs):
    """aclnn<Op>GetWorkspaceSize with CANN objects for `tensors` (inputs then outputs, as
    the dispatcher orders them; None: an optional input, passed as nullptr) and the
    checked `attrs`; storage_ptrs: each tensor's storage device address."""
    cdef Py_ssize_t np_ = len(op.params), k, nin = len(op.inputs), ti = 0, to = nin, ai = 0
    cdef Py_ssize_t in_index = 0, out_index = 0
    cdef ao_npu_arg *args = <ao_npu_arg *>_npu_malloc((np_ + 1) * sizeof(ao_npu_arg))
    cdef _NpuExec ex = _NpuExec.__new__(_NpuExec)
    cdef aclTensor *th
    cdef void *h
    cdef int dt
    cdef char scalar_buf[16]
    cdef int64_t *ints
    cdef float *floats
    cdef bint *bools
    cdef uint64_t ws = 0
    cdef aclOpExecutor *cex = NULL
    cdef aclnnStatus rc
    cdef Py_ssize_t n, j
    if args == NULL:
        raise MemoryError()
    ex.handles = []
    ex.tensor_slots = []
    keep = []
    try:
        for k in range(np_):
            p = op.params[k]
            kind = p.kind
            if kind == "input" or kind == "output":
                if kind == "input":
                    pos, index, is_out = ti, in_index, False
                    ti += 1
                    in_index += 1
                else:
                    pos, index, is_out = to, out_index, True
                    to += 1
                    out_index += 1
                t = tensors[pos]
                if t is None:
                    args[k].p = NULL
                    continue
                th = _npu_make_tensor(<Tensor>t, <char *><size_t>storage_ptrs[pos])
                ex.handles.append((_NPU_H_TENSOR, <size_t>th))
                ex.tensor_slots.append((pos, is_out, index, <size_t>th))
                args[k].p = th
                continue
            v = attrs[ai]
            ai += 1
            if kind == "scalar":
                if v is None:
                    args[k].p = NULL
                    continue
                keep.append(_npu_scalar_value(v, scalar_buf, &dt))
                h = ao_cann_api.aclCreateScalar(scalar_buf, dt)
                if h == NULL:
                    _npu_status(ACLNN_ERR_PARAM_INVALID, "aclCreateScalar(%r)" % (v,))
                ex.handles.append((_NPU_H_SCALAR, <size_t>h))
                args[k].p = h
            elif kind == "int":
                args[k].i = v
            elif kind == "double":
                args[k].d = v
            elif kind == "float":
                args[k].f = v
            elif kind == "bool":
                args[k].b = 1 if v else 0
            elif kind == "dtype":
                args[k].i = (<DType>v).code
            elif kind == "str":
                if v is None:
                    args[k].p = NULL
                    continue
                b = (<str>v).encode("utf-8")
                keep.append(b)
                args[k].p = <char *>b
            elif kind in ("int_array", "float_array", "bool_array"):
                if v is None:
                    args[k].p = NULL
                    continue
                n = len(v)
                buf = bytearray(max(n, 1) * 8)
                keep.append(buf)
                if kind == "int_array":
                    ints = <int64_t *><char *>buf
                    for j in range(n):
                        ints[j] = v[j]
                    h = ao_cann_api.aclCreateIntArray(ints, n)
                    hk = _NPU_H_INT_ARRAY
                elif kind == "float_array":
                    floats = <float *><char *>buf
                    for j in range(n):
                        floats[j] = v[j]
                    h = ao_cann_api.aclCreateFloatArray(floats, n)
                    hk = _NPU_H_FLOAT_ARRAY
                else:
                    for j in range(n):
                        (<ao_c_bool *><char *>buf)[j] = 1 if v[j] else 0
                    h = ao_cann_api.aclCreateBoolArray(<ao_c_bool *><char *>buf, n)
                    hk = _NPU_H_BOOL_ARRAY
                if h == NULL:
                    _npu_status(ACLNN_ERR_PARAM_INVALID, "aclCreate%sArray(%r)"
                                % (kind.split("_")[0].capitalize(), v))
                ex.handles.append((hk, <size_t>h))
                args[k].p = h
            else:
                raise TypeError("ascendops.%s: the npu cannot pass a %s parameter" % (op.snake, kind))
        with nogil:
            rc = nop.trampoline(nop.phase1, args, &ws, &cex)
        _npu_status(rc, "aclnn%sGetWorkspaceSize" % nop.name)
        ex.ex = cex
        ex.workspace_size = ws
        return ex
    finally:
        _npu_free(args)


# -- the executor cache: CANN's repeatable executors ------------------------------------
# key (as _plan_for's, with the device) -> a list of idle executors. A call takes one
# out (so no two threads re-point or launch one executor at once) and puts it back
# after phase 2 was enqueued; launches already enqueued keep the addresses they were
# launched with (CANN copies a launch's arguments at launch).
cdef object _npu_cache = OrderedDict()
cdef Py_ssize_t _npu_cache_hits = 0, _npu_cache_misses = 0


def _npu_cache_info():
    return CacheInfo(_npu_cache_hits, _npu_cache_misses, len(_npu_cache), _cache.maxsize)


def _npu_clear_cache():
    global _npu_cache_hits, _npu_cache_misses
    _npu_cache.clear()
    _npu_cache_hits = _npu_cache_misses = 0


cdef _NpuExec _npu_take(object key):
    global _npu_cache_hits, _npu_cache_misses
    idle = _npu_cache.get(key)
    if idle:
        _npu_cache.move_to_end(key)
        _npu_cache_hits += 1
        return <_NpuExec>idle.pop()
    _npu_cache_misses += 1
    return None


cdef int _npu_put_back(object key, _NpuExec ex) except -1:
    idle = _npu_cache.get(key)
    if idle is None:
        idle = _npu_cache[key] = []
    idle.append(ex)
    _npu_cache.move_to_end(key)
    while len(_npu_cache) > _cache.maxsize:
        _npu_cache.popitem(last=False)      # its executors are destroyed with the list
    return 0


cdef bint _npu_repoint(_NpuExec ex, list storage_ptrs) except -1:
    """Points a cached executor's tensors at this call's addresses; False if CANN
    refused (the caller makes a fresh executor)."""
    cdef aclnnStatus rc
    for pos, is_out, index, th in ex.tensor_slots:
        if is_out:
            rc = ao_cann_api.aclSetOutputTensorAddr(ex.ex, index, <aclTensor *><size_t>th,
                                                    <void *><size_t>storage_ptrs[pos])
        else:
            rc = ao_cann_api.aclSetInputTensorAddr(ex.ex, index, <aclTensor *><size_t>th,
                                                   <void *><size_t>storage_ptrs[pos])
        if rc != 0:
            return False
    return True


cdef object _npu_key(OpDef op, tuple tensors, tuple attrs, int index):
    # the CPU device's key (the SoC profile too: the stand-in applies the current one's
    # rules in phase 1), with the device
    return (op, index, _soc_cache_key(_current_soc()), attrs) + tuple([None if t is None else (<Tensor>t).cache_key() for t in tensors])


cdef int _npu_run(OpDef op, tuple tensors, tuple attrs, list storage_ptrs, int index, void *stream,
                  object workspace_alloc) except -1:
    """Both phases of `op` on npu device `index`, enqueued on `stream` (NULL: the default
    stream): tensors inputs then outputs (None: an optional input), storage_ptrs their
    storages' device addresses, workspace_alloc(nbytes) -> (device address, owner),
    the owner kept until phase 2 is enqueued (the device's allocator reuses a block
    only in stream order)."""
    cdef _NpuOp nop = _npu_op(op)
    cdef _NpuExec ex
    cdef aclnnStatus rc
    cdef void *ws = NULL
    cdef bint cacheable = not isinstance(op, InplaceOp) and _cache.maxsize > 0
    _npu_use_device(index)
    key = _npu_key(op, tensors, attrs, index) if cacheable else None
    ex = _npu_take(key) if cacheable else None
    if ex is not None and not _npu_repoint(ex, storage_ptrs):
        ex = None       # dropped: destroyed
    if ex is None:
        ex = _npu_phase1(nop, op, tensors, attrs, storage_ptrs)
        if cacheable:
            # a refusal (an output overlapping an input, on the stand-in) leaves it single use
            ex.repeatable = ao_cann_api.aclSetAclOpExecutorRepeatable(ex.ex) == 0
    owner = None
    if ex.workspace_size:
        addr, owner = workspace_alloc(ex.workspace_size)
        ws = <void *><size_t>addr
    with nogil:
        rc = nop.phase2(ws, ex.workspace_size, ex.ex, stream)
    if not ex.repeatable:
        ex.ex = NULL         # CANN released a single-use executor when it ran (or failed to)
    _npu_status(rc, "aclnn%s" % nop.name)
    if ex.repeatable:
        _npu_put_back(key, ex)
    return 0


def _npu_call_raw(OpDef op, tuple tensors, tuple attrs, list storage_ptrs, int index=0):
    """_npu_run on the default stream with a workspace from aclrtMalloc (freed after
    the stream is synchronised): the backend without the npu device object, for tests
    against the stand-in. tensors: inputs then outputs, views of memory from
    _npu_malloc_raw."""
    blocks = []

    def ws_alloc(nbytes):
        addr = _npu_malloc_raw(nbytes)
        blocks.append(addr)
        return addr, None
    try:
        _npu_run(op, tensors, op.check_attrs(attrs), storage_ptrs, index, NULL, ws_alloc)
        _npu_check(ao_cann_api.aclrtSynchronizeStream(NULL), "aclrtSynchronizeStream")
    finally:
        for addr in blocks:
            ao_cann_api.aclrtFree(<void *><size_t>addr)


def _npu_malloc_raw(size_t nbytes, int index=0):
    """aclrtMalloc(nbytes) on npu `index`: the address (tests)."""
    cdef void *p = NULL
    _npu_use_device(index)
    _npu_check(ao_cann_api.aclrtMalloc(&p, nbytes, 0), "aclrtMalloc(%d)" % nbytes)
    return <size_t>p


def _npu_free_raw(size_t addr):
    _npu_check(ao_cann_api.aclrtFree(<void *>addr), "aclrtFree")


def _npu_memcpy_raw(size_t dst, size_t dest_max, size_t src, size_t count, int kind):
    """aclrtMemcpy (tests)."""
    cdef aclError rc
    with nogil:
        rc = ao_cann_api.aclrtMemcpy(<void *>dst, dest_max, <const void *>src, count, kind)
    _npu_check(rc, "aclrtMemcpy")


def _npu_tensor_at(size_t addr, size_t nbytes, shape, dtype, strides=None, offset=0):
    """A Tensor viewing `nbytes` of npu memory at `addr` (from _npu_malloc_raw): its
    storage address is what the npu calls pass to aclCreateTensor (tests)."""
    cdef Memory m = _borrow(None, <char *>addr, nbytes, False)
    return _checked_view(m, shape, strides, offset, as_dtype(dtype), 2)


def _npu_at_exit():
    global _npu_shutting_down
    _npu_clear_cache()
    _npu_shutting_down = True


import atexit as _npu_atexit
_npu_atexit.register(_npu_at_exit)


# -- the npu:N device ----------------------------------------------------------------
# A Device (_memory.pxi) whose raw memory is aclrtMalloc / aclrtFree under the shared
# caching allocator, whose copies are aclrtMemcpy with CANN's aclrtMemcpyKind, and whose
# streams are aclrtStreams. Its memory is not host accessible (Memory.kptr NULL): host
# access goes through copies (Tensor.numpy(), .to()), ops through CANN (_npu_run).
cdef class _NpuDevice(Device):

    cdef char *raw_alloc(self, size_t nbytes, char **kptr) except NULL:
        cdef void *p = NULL
        cdef aclError rc
        _npu_use_device(self.index)
        rc = ao_cann_api.aclrtMalloc(&p, nbytes, 0)     # ACL_MEM_MALLOC_HUGE_FIRST
        if rc != 0 or p == NULL:
            _npu_check(rc if rc != 0 else 200000, "%s: aclrtMalloc(%d)" % (self, nbytes))
        kptr[0] = NULL
        return <char *>p

    cdef int raw_free(self, char *ptr, char *kptr, size_t nbytes) except -1:
        if _npu_shutting_down or not ao_cann_api.loaded:
            return 0
        _npu_use_device(self.index)
        _npu_check(ao_cann_api.aclrtFree(ptr), "%s: aclrtFree" % self)
        return 0

    cdef int copy_bytes(self, char *dst, const char *src, size_t nbytes, int kind) except -1:
        """aclrtMemcpy: synchronous, and (as on CANN) not ordered after the streams'
        queued work: the callers synchronise first where they read results."""
        cdef aclError rc
        if nbytes == 0:
            return 0
        _npu_use_device(self.index)
        with nogil:
            rc = ao_cann_api.aclrtMemcpy(dst, nbytes, src, nbytes, kind)
        _npu_check(rc, "%s: aclrtMemcpy(%d bytes, kind %d)" % (self, nbytes, kind))
        return 0


cdef class _NpuStream:
    """An npu Stream's implementation (Stream._impl): the aclrtStream, and what the
    launches queued on it since its last synchronize keep alive (their tensors and
    workspace: memory returned to the caching allocator while a queued kernel still uses
    it could be handed to a host copy, which CANN does not order after the stream)."""
    cdef aclrtStream handle
    cdef int index
    cdef list pending
    cdef bint destroyed

    cdef int keep(self, object what) except -1:
        self.pending.append(what)
        return 0

    def synchronize(self):
        cdef aclError rc
        if self.destroyed:
            return
        _npu_use_device(self.index)
        with nogil:
            rc = ao_cann_api.aclrtSynchronizeStream(self.handle)
        self.pending = []
        _npu_check(rc, "aclrtSynchronizeStream")

    def destroy(self):
        if self.destroyed:
            return
        self.synchronize()
        self.destroyed = True
        if not _npu_shutting_down and ao_cann_api.loaded:
            ao_cann_api.aclrtDestroyStream(self.handle)


def _npu_stream_for(Device dev):
    cdef _NpuStream s = _NpuStream.__new__(_NpuStream)
    cdef aclrtStream h = NULL
    _npu_use_device(dev.index)
    _npu_check(ao_cann_api.aclrtCreateStream(&h), "%s: aclrtCreateStream" % dev)
    s.handle = h
    s.index = dev.index
    s.pending = []
    return s


def _npu_device_factory(int index):
    """device("npu:N"): loads CANN (NpuUnavailableError saying what was looked for
    where), checks N against aclrtGetDeviceCount."""
    cdef uint32_t count = 0
    cdef _NpuDevice d
    _npu_load()
    _npu_check(ao_cann_api.aclrtGetDeviceCount(&count), "aclrtGetDeviceCount")
    if index < 0 or <uint32_t>index >= count:
        raise ValueError("device npu:%d: CANN %s reports %d NPU%s (npu:0%s)"
                         % (index, _npu_info()["version"], count, "" if count == 1 else "s",
                            "" if count <= 1 else " to npu:%d" % (count - 1)))
    _npu_use_device(index)
    d = _NpuDevice.__new__(_NpuDevice)
    _init_device(d, "npu", index)
    return d


_register_device_factory("npu", _npu_device_factory)
_stream_hooks["npu"] = _npu_stream_for


cdef object _npu_ws_alloc_for(Device dev, list keep):
    def alloc(nbytes):
        ws = _empty_on(dev, (<int64_t>nbytes,), DT_UINT8_NPU, 2)
        keep.append(ws)
        return <size_t>(<Tensor>ws).data, ws
    return alloc


cdef int _npu_launch(OpDef op, tuple tensors, tuple attrs, Device dev, Stream st) except -1:
    """The numpy-like call's phase 1 + 2 on npu `dev`, queued on `st` (tensors: inputs
    then outputs, all on dev; the call keeps them and the workspace alive until the
    stream is synchronised)."""
    cdef _NpuStream impl = <_NpuStream>st._impl
    keep = [tensors]
    ptrs = [None if t is None else <size_t>(<Tensor>t).storage.ptr for t in tensors]
    _npu_run(op, tensors, attrs, ptrs, dev.index, impl.handle, _npu_ws_alloc_for(dev, keep))
    impl.keep(keep)
    return 0


cdef DType DT_UINT8_NPU = _dtype_by_code[4]


# -- the two-stage API on npu tensors: CANN's own executor ------------------------------
cdef class NpuExecutor:
    """CANN's aclOpExecutor for an op on npu tensors, from ascendops.aclnn's
    <op>_get_workspace_size (workspace_size is CANN's). Single use unless
    set_repeatable() is called before it runs; then re-pointed with
    set_input_tensor_addr / set_output_tensor_addr (aclSetInputTensorAddr / ...) and
    released with destroy() (aclDestroyAclOpExecutor)."""
    cdef _NpuExec ex
    cdef _NpuOp nop
    cdef readonly object op
    cdef list tensors
    cdef list ptrs
    cdef readonly Device device
    cdef readonly bint repeatable, consumed, destroyed

    def __cinit__(self):
        # NpuExecutor.__new__ from Python (no phase 1): an empty CANN handle, so that
        # destroy() has nothing to release and _check_alive refuses the rest.
        self.ex = _NpuExec.__new__(_NpuExec)

    def __init__(self):
        raise TypeError("executors come from the *_get_workspace_size functions")

    def __reduce__(self):
        raise TypeError("an NpuExecutor cannot be pickled: it is CANN's executor of this process")

    @property
    def workspace_size(self):
        return self.ex.workspace_size

    @property
    def tiling(self):
        return None     # CANN's tiling happens inside CANN

    cdef _check_alive(self):
        if self.op is None:
            raise TypeError("this NpuExecutor was not made from an op (NpuExecutor.__new__): executors "
                            "come from the *_get_workspace_size functions")
        if self.destroyed:
            _raise(ACLNN_ERR_INNER_NULLPTR, "the executor was destroyed")
        if self.consumed:
            _raise(ACLNN_ERR_INNER_NULLPTR, "the executor has already run and was released; call "
                   "set_repeatable() after phase 1 to run it again")

    def set_repeatable(self):
        self._check_alive()
        _npu_status(ao_cann_api.aclSetAclOpExecutorRepeatable(self.ex.ex), "aclSetAclOpExecutorRepeatable")
        self.repeatable = self.ex.repeatable = True
        return self

    def set_input_tensor_addr(self, int index, Tensor tensor):
        self._repoint(index, tensor, False)

    def set_output_tensor_addr(self, int index, Tensor tensor):
        self._repoint(index, tensor, True)

    cdef _repoint(self, int index, Tensor tensor, bint output):
        cdef aclnnStatus rc
        self._check_alive()
        if tensor is None:
            _raise(ACLNN_ERR_PARAM_NULLPTR, "tensor is nullptr")
        for pos, is_out, i, th in self.ex.tensor_slots:
            if is_out == output and i == index:
                break
        else:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s tensor index %d: the executor has no such tensor"
                   % ("output" if output else "input", index))
        old = <Tensor>self.tensors[pos]
        if tensor.storage.device is not self.device:
            raise ValueError("the new tensor is on %s, the executor's on %s" % (tensor.storage.device, self.device))
        if tensor.dtype is not old.dtype or tensor.shape != old.shape or tensor._strides != old._strides \
                or tensor.offset != old.offset:
            _raise(ACLNN_ERR_PARAM_INVALID, "the new %s tensor %s%r strides %r does not match the planned %s%r "
                   "strides %r" % ("output" if output else "input", tensor.dtype.log_name, tensor.shape,
                                   tensor._strides, old.dtype.log_name, old.shape, old._strides))
        fn = ao_cann_api.aclSetOutputTensorAddr if output else ao_cann_api.aclSetInputTensorAddr
        rc = fn(self.ex.ex, index, <aclTensor *><size_t>th, tensor.storage.ptr)
        _npu_status(rc, "aclSet%sTensorAddr" % ("Output" if output else "Input"))
        self.tensors[pos] = tensor

    def destroy(self):
        if self.destroyed:
            return
        self.destroyed = True
        if self.consumed:
            self.ex.ex = NULL       # CANN released it when it ran
        self.ex.destroy()
        self.tensors = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()

    def __repr__(self):
        state = "destroyed" if self.destroyed else "consumed" if self.consumed else "ready"
        return "<NpuExecutor %s on %s %s%s, workspace %d>" % (self.op.name, self.device, state,
                                                               " repeatable" if self.repeatable else "",
                                                               self.ex.workspace_size)


cdef bint _npu_tensors(tuple tensors):
    """Whether the op's tensors are on an npu device (the two-stage API's branch)."""
    for t in tensors:
        if t is not None and isinstance(t, Tensor) and not (<Tensor>t).storage.device.kernels_on_host:
            return True
    return False


cdef NpuExecutor _npu_get_workspace_size(OpDef op, tuple tensors, tuple attrs):
    cdef Device dev
    cdef NpuExecutor e = NpuExecutor.__new__(NpuExecutor)
    for i in range(len(tensors)):      # before anything reads them as Tensors
        t = tensors[i]
        if t is not None and not isinstance(t, Tensor):
            raise TypeError("%s: expected an ascendops.Tensor, got %s" % (op.tensor_names[i], type(t).__name__))
    dev = _tensors_device(tensors, op.tensor_names)
    e.nop = _npu_op(op)
    _npu_use_device(dev.index)
    e.ptrs = [None if t is None else <size_t>(<Tensor>t).storage.ptr for t in tensors]
    e.ex = _npu_phase1(e.nop, op, tensors, attrs, e.ptrs)
    e.op = op
    e.tensors = list(tensors)
    e.device = dev
    return e


cdef int _npu_execute(NpuExecutor e, object workspace, object workspace_size, object stream) except -1:
    cdef aclnnStatus rc
    cdef void *ws = NULL
    cdef uint64_t ws_size
    cdef Stream st
    cdef _NpuStream impl
    e._check_alive()
    if isinstance(workspace_size, bool) or not isinstance(workspace_size, (int, np.integer)) or workspace_size < 0:
        raise TypeError("workspace_size: expected an int >= 0, got %r" % (workspace_size,))
    if e.ex.workspace_size:
        if workspace is None:
            _raise(ACLNN_ERR_PARAM_NULLPTR, "workspace is null but the executor needs %d bytes" % e.ex.workspace_size)
        if workspace_size < e.ex.workspace_size:
            _raise(ACLNN_ERR_PARAM_INVALID, "workspace_size %d is smaller than the %d bytes phase 1 asked for"
                   % (workspace_size, e.ex.workspace_size))
    if workspace is not None:
        if not isinstance(workspace, Tensor):
            raise TypeError("workspace: expected a device Tensor or None, got %s" % type(workspace).__name__)
        if (<Tensor>workspace).storage.device is not e.device:
            raise ValueError("workspace is on %s but the executor's tensors are on %s"
                             % ((<Tensor>workspace).storage.device, e.device))
        if (<Tensor>workspace).nbytes < workspace_size:
            _raise(ACLNN_ERR_PARAM_INVALID, "workspace holds %d bytes, fewer than workspace_size %d"
                   % ((<Tensor>workspace).nbytes, workspace_size))
        ws = (<Tensor>workspace).data
    if stream is None:
        st = _stream_for(e.device)
    elif isinstance(stream, Stream):
        st = stream
        if st.device is not e.device:
            raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream is on %s but the executor's tensors "
                           "are on %s" % (st.device, e.device))
    else:
        raise TypeError("stream: expected an ascendops.Stream or None, got %s" % type(stream).__name__)
    if st.destroyed:
        raise AclError(ACL_ERROR_INVALID_PARAM, "stream: the stream was destroyed (Stream.destroy); "
                       "run on a live stream")
    impl = <_NpuStream>st._impl
    ws_size = workspace_size
    _npu_use_device(e.device.index)
    with nogil:
        rc = e.nop.phase2(ws, ws_size, e.ex.ex, impl.handle)
    if not e.repeatable:
        e.consumed = True
        e.ex.ex = NULL
    impl.keep((list(e.tensors), workspace))
    _npu_status(rc, "aclnn%s" % e.nop.name)
    return 0
