# ---------------------------------------------------------------------------
# DLPack exchange (versioned protocol, with the legacy capsule as fallback).
# ---------------------------------------------------------------------------
from libc.stdlib cimport malloc, free as c_free
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t
from cpython.pycapsule cimport (PyCapsule_New, PyCapsule_GetPointer, PyCapsule_IsValid,
                                PyCapsule_SetName)
from cpython.ref cimport PyObject, Py_DECREF


cdef extern from "dlpack.h":
    enum: kDLCPU
    enum: kDLInt, kDLUInt, kDLFloat, kDLBfloat, kDLComplex, kDLBool
    ctypedef struct DLDevice:
        int32_t device_type
        int32_t device_id
    ctypedef struct DLDataType:
        uint8_t code
        uint8_t bits
        uint16_t lanes
    ctypedef struct DLTensor:
        void *data
        DLDevice device
        int32_t ndim
        DLDataType dtype
        int64_t *shape
        int64_t *strides
        uint64_t byte_offset
    ctypedef struct DLManagedTensor:
        DLTensor dl_tensor
        void *manager_ctx
        void (*deleter)(DLManagedTensor *) noexcept
    ctypedef struct DLPackVersion:
        uint32_t major
        uint32_t minor
    ctypedef struct DLManagedTensorVersioned:
        DLPackVersion version
        void *manager_ctx
        void (*deleter)(DLManagedTensorVersioned *) noexcept
        uint64_t flags
        DLTensor dl_tensor
    enum: AO_DLPACK_FLAG_READ_ONLY


# DType code -> (DLPack type code, bits)
cdef dict _DL_OF_DTYPE = {
    0: (kDLFloat, 32), 1: (kDLFloat, 16), 11: (kDLFloat, 64), 27: (kDLBfloat, 16),
    2: (kDLInt, 8), 6: (kDLInt, 16), 3: (kDLInt, 32), 9: (kDLInt, 64),
    4: (kDLUInt, 8), 7: (kDLUInt, 16), 8: (kDLUInt, 32), 10: (kDLUInt, 64),
    12: (kDLBool, 8), 16: (kDLComplex, 64), 17: (kDLComplex, 128),
}
cdef dict _DTYPE_OF_DL = {v: k for k, v in _DL_OF_DTYPE.items()}
_DTYPE_OF_DL[(kDLUInt, 1)] = 12   # some producers describe bool as 1-bit uint


cdef void _release_owner(void *ctx) noexcept with gil:
    Py_DECREF(<object>ctx)


cdef void _delete_versioned(DLManagedTensorVersioned *m) noexcept with gil:
    _release_owner(m.manager_ctx)
    c_free(m)


cdef void _delete_legacy(DLManagedTensor *m) noexcept with gil:
    _release_owner(m.manager_ctx)
    c_free(m)


cdef void _capsule_versioned(object capsule) noexcept:
    cdef DLManagedTensorVersioned *m
    if PyCapsule_IsValid(capsule, b"dltensor_versioned"):   # never consumed
        m = <DLManagedTensorVersioned *>PyCapsule_GetPointer(capsule, b"dltensor_versioned")
        m.deleter(m)


cdef void _capsule_legacy(object capsule) noexcept:
    cdef DLManagedTensor *m
    if PyCapsule_IsValid(capsule, b"dltensor"):
        m = <DLManagedTensor *>PyCapsule_GetPointer(capsule, b"dltensor")
        m.deleter(m)


cdef int _fill_dltensor(DLTensor *dl, Tensor t, int64_t *arrays) except -1:
    code, bits = _DL_OF_DTYPE[t.dtype.code]
    cdef int i, nd = len(t.shape)
    dl.data = <void *>t.data
    dl.device.device_type = kDLCPU
    dl.device.device_id = 0
    dl.ndim = nd
    dl.dtype.code = code
    dl.dtype.bits = bits
    dl.dtype.lanes = 1
    dl.shape = arrays
    dl.strides = arrays + nd
    dl.byte_offset = 0
    for i in range(nd):
        arrays[i] = t.shape[i]
        arrays[nd + i] = t._strides[i]
    return 0


cdef object _to_dlpack(Tensor t, object max_version, object dl_device, object copy):
    cdef DLManagedTensorVersioned *mv
    cdef DLManagedTensor *ml
    cdef int nd = len(t.shape)
    if t.dtype.code not in _DL_OF_DTYPE:
        raise BufferError("__dlpack__: %s has no DLPack type" % t.dtype.name)
    if dl_device is not None and tuple(dl_device) != (kDLCPU, 0):
        raise BufferError("__dlpack__: only the CPU device (1, 0) is supported, got %r" % (dl_device,))
    if copy:
        t = t.clone()
    if max_version is not None and max_version[0] >= 1:
        mv = <DLManagedTensorVersioned *>malloc(sizeof(DLManagedTensorVersioned) + 2 * max(nd, 1) * sizeof(int64_t))
        if mv == NULL:
            raise MemoryError()
        mv.version.major = 1
        mv.version.minor = 0
        mv.flags = AO_DLPACK_FLAG_READ_ONLY if t.storage.readonly else 0
        _fill_dltensor(&mv.dl_tensor, t, <int64_t *>(mv + 1))
        Py_INCREF(t)
        mv.manager_ctx = <void *>t
        mv.deleter = _delete_versioned
        return PyCapsule_New(mv, b"dltensor_versioned", _capsule_versioned)
    if t.storage.readonly:
        # The legacy capsule has no read-only flag: a consumer would get it writable
        # (numpy refuses the same way).
        raise BufferError("__dlpack__: the tensor is read-only and the legacy (unversioned) DLPack "
                          "capsule cannot mark it so; ask for max_version=(1, 0) or copy=True")
    ml = <DLManagedTensor *>malloc(sizeof(DLManagedTensor) + 2 * max(nd, 1) * sizeof(int64_t))
    if ml == NULL:
        raise MemoryError()
    _fill_dltensor(&ml.dl_tensor, t, <int64_t *>(ml + 1))
    Py_INCREF(t)
    ml.manager_ctx = <void *>t
    ml.deleter = _delete_legacy
    return PyCapsule_New(ml, b"dltensor", _capsule_legacy)


cdef class _DLPackOwner:
    """Keeps a consumed DLPack tensor alive; calls the producer's deleter when freed."""
    cdef DLManagedTensorVersioned *versioned
    cdef DLManagedTensor *legacy

    def __dealloc__(self):
        if self.versioned != NULL and self.versioned.deleter != NULL:
            self.versioned.deleter(self.versioned)
        if self.legacy != NULL and self.legacy.deleter != NULL:
            self.legacy.deleter(self.legacy)


cdef bint _torch_neg_bit(object obj):
    """Whether obj is a torch tensor whose negative bit is set (torch imported: a torch
    tensor can exist only then)."""
    torch = sys.modules.get("torch")
    if torch is None or not isinstance(obj, torch.Tensor):
        return False
    is_neg = getattr(obj, "is_neg", None)
    return is_neg is not None and bool(is_neg())


def from_dlpack(obj):
    """A Tensor sharing the memory of a DLPack producer on the CPU (numpy, PyTorch,
    JAX arrays, or an ascendops Tensor), without copying."""
    cdef DLTensor *dl
    cdef _DLPackOwner owner = _DLPackOwner()
    cdef bint readonly = False
    if not hasattr(obj, "__dlpack__"):
        raise TypeError("from_dlpack: %s does not implement __dlpack__" % type(obj).__name__)
    if _torch_neg_bit(obj):
        # torch exports a negative-bit view's memory (its values un-negated) as it is: the
        # view would compute on -x. Refused, as torch refuses its conjugate bit.
        raise BufferError("from_dlpack: the torch tensor has its negative bit set (a lazy negation, "
                          "such as x._neg_view()): call x.resolve_neg() first")
    if hasattr(obj, "__dlpack_device__"):
        dev = tuple(obj.__dlpack_device__())
        if dev[0] != kDLCPU:
            raise BufferError("from_dlpack: only CPU memory can be shared, the producer is on device %r" % (dev,))
    try:
        capsule = obj.__dlpack__(max_version=(1, 0))
    except TypeError:
        capsule = obj.__dlpack__()
    if PyCapsule_IsValid(capsule, b"dltensor_versioned"):
        owner.versioned = <DLManagedTensorVersioned *>PyCapsule_GetPointer(capsule, b"dltensor_versioned")
        PyCapsule_SetName(capsule, b"used_dltensor_versioned")
        if owner.versioned.version.major > 1:
            raise BufferError("from_dlpack: DLPack version %d is newer than 1" % owner.versioned.version.major)
        dl = &owner.versioned.dl_tensor
        readonly = (owner.versioned.flags & AO_DLPACK_FLAG_READ_ONLY) != 0
    elif PyCapsule_IsValid(capsule, b"dltensor"):
        owner.legacy = <DLManagedTensor *>PyCapsule_GetPointer(capsule, b"dltensor")
        PyCapsule_SetName(capsule, b"used_dltensor")
        dl = &owner.legacy.dl_tensor
    else:
        raise BufferError("from_dlpack: the producer returned no DLPack capsule")
    if dl.device.device_type != kDLCPU:
        raise BufferError("from_dlpack: only CPU memory can be shared")
    if dl.dtype.lanes != 1 or (dl.dtype.code, dl.dtype.bits) not in _DTYPE_OF_DL:
        raise BufferError("from_dlpack: unsupported DLPack dtype (code %d, bits %d, lanes %d)"
                          % (dl.dtype.code, dl.dtype.bits, dl.dtype.lanes))
    cdef DType dt = _dtype_by_code[_DTYPE_OF_DL[(dl.dtype.code, dl.dtype.bits)]]
    cdef int i, nd = dl.ndim
    if nd < 0 or nd > 64 or (nd > 0 and dl.shape == NULL):
        raise BufferError("from_dlpack: the producer's tensor has ndim %d%s" % (nd, " and no shape" if nd > 0 else ""))
    shape = tuple([dl.shape[i] for i in range(nd)])
    try:
        shape = _as_shape(shape, "from_dlpack: shape")   # its element count must fit in int64
    except ValueError as e:
        raise BufferError(str(e)) from None
    if dl.strides == NULL:
        strides = _contiguous_strides(shape)
    else:
        strides = tuple([dl.strides[i] if dl.shape[i] > 1 else 0 for i in range(nd)])
    if any(s < 0 for s in strides):
        raise BufferError("from_dlpack: negative strides cannot be viewed by aclTensor")
    # The bytes the view spans, in Python ints so that nothing wraps while checking.
    numel = 1
    last = 0
    for i in range(nd):
        numel *= shape[i]
        last += (shape[i] - 1) * strides[i]
    nbytes = (last + 1) * dt.itemsize if numel else 0
    if numel * dt.itemsize > INT64_MAX_ or nbytes > INT64_MAX_:
        raise BufferError("from_dlpack: shape %r, strides %r of %s span more bytes than int64 can count"
                          % (shape, strides, dt.name))
    cdef char *first = <char *>dl.data + dl.byte_offset
    cdef Memory m = _borrow(owner, first, nbytes, readonly)
    cdef Tensor t = _make_tensor(m, shape, strides if numel else _contiguous_strides(shape), 0, dt, 2)
    if numel and <size_t>first % <size_t>dt.itemsize:
        # The kernels load and store whole elements: misaligned data is copied into
        # (aligned) device memory, as _from_array does for numpy arrays. The copy keeps
        # the view's strides; writes to it do not reach the producer.
        copied = _device_malloc(nbytes)
        _bytes_copy((<Memory>copied).ptr, first, nbytes)
        t = _make_tensor(copied, shape, strides, 0, dt, 2)
    return t
