# ---------------------------------------------------------------------------
# Tensor: aclTensor over device memory, its views, and host interop.
# ---------------------------------------------------------------------------
cimport numpy as cnp
from cpython.ref cimport Py_INCREF
from libc.string cimport memcpy as _bytes_copy     # `memcpy` below is aclrtMemcpy's Python API
from cpython.long cimport PyLong_FromLongLong
from cpython.tuple cimport PyTuple_New as _tuple_new, PyTuple_SET_ITEM as _tuple_set

cnp.import_array()

cdef extern from "numpy/arrayobject.h":
    # Declared here with the types Cython passes; the descr reference is stolen.
    object PyArray_NewFromDescr(type subtype, cnp.dtype descr, int nd, cnp.npy_intp *dims,
                                cnp.npy_intp *strides, void *data, int flags, object obj)

cdef int64_t INT64_MAX_ = 0x7FFFFFFFFFFFFFFF

# Tensor.astype's kernel path, set by the op layer (_api.pxi: the registered Cast op),
# so that this layer never reaches up into the dispatcher: f(Tensor, DType) -> the
# converted Tensor, or None where no kernel converts the pair (numpy converts then).
cdef object _astype_kernel = None
# Waits for the work queued on a device's streams (_runtime.pxi sets it): host copies
# of a device whose streams run asynchronously (cpu:strict, npu) read finished values.
cdef object _synchronize_device = None


cdef tuple _contiguous_strides(tuple shape):
    cdef int64_t acc = 1
    cdef Py_ssize_t i
    cdef tuple out = _tuple_new(len(shape))
    for i in range(len(shape) - 1, -1, -1):
        _tuple_set_int(out, i, acc)
        acc *= max(<int64_t>shape[i], 1)
    return out


cdef inline int _tuple_set_int(tuple t, Py_ssize_t i, int64_t v) except -1:
    """Fills slot i of a new tuple with the int v."""
    item = PyLong_FromLongLong(v)
    Py_INCREF(item)     # the tuple takes this reference
    _tuple_set(t, i, item)
    return 0


cdef tuple _as_shape(object shape, str argname):
    """A tuple of non-negative ints whose product fits in int64."""
    cdef tuple dims
    cdef bint exact = True      # all plain ints: the tuple is returned as it is
    if type(shape) is tuple:
        dims = <tuple>shape
    else:
        if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
            shape = (shape,)
        try:
            dims = tuple(shape)
        except TypeError:
            raise TypeError("%s: expected a sequence of ints, got %r" % (argname, shape)) from None
    cdef int64_t n = 1
    for d in dims:
        if type(d) is not int:
            exact = False
            if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
                raise TypeError("%s: dimensions must be ints, got %r" % (argname, d))
        if d < 0:
            raise ValueError("%s: negative dimension %d in %r" % (argname, d, dims))
    if 0 not in dims:
        for d in dims:
            if d > INT64_MAX_ // max(n, 1):
                raise ValueError("%s: %r has more elements than int64 can count" % (argname, dims))
            n *= d
    return dims if exact else tuple([int(d) for d in dims])


cdef tuple _as_strides(object strides):
    """A tuple of non-negative element strides (aclTensor has no negative strides)."""
    if isinstance(strides, (int, np.integer)) and not isinstance(strides, bool):
        strides = (strides,)
    try:
        std = tuple(strides)
    except TypeError:
        raise TypeError("stride: expected a sequence of ints, got %r" % (strides,)) from None
    for s in std:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
            raise TypeError("stride: strides must be ints, got %r" % (s,))
        if s < 0:
            raise ValueError("stride: negative stride %d in %r (aclTensor strides are non-negative)"
                             % (s, std))
        if s > INT64_MAX_:
            raise ValueError("stride: %d does not fit in int64" % s)
    return tuple(int(s) for s in std)


cdef int _check_nbytes(tuple shape, DType dtype, str argname) except -1:
    """Rejects views whose numel * itemsize does not fit in int64."""
    n = 1
    for d in shape:
        n *= d
    if _dtype_bytes(n, dtype) > INT64_MAX_:
        raise ValueError("%s: %r of %s overflows int64 bytes" % (argname, shape, dtype.name))
    return 0


cdef int64_t _prod(tuple shape):
    cdef int64_t n = 1
    for d in shape:
        n *= <int64_t>d
    return n


cdef Tensor _make_tensor(Memory storage, tuple shape, tuple strides, int64_t offset,
                         DType dtype, int fmt):
    """A view with no checks: callers guarantee it lies inside `storage`."""
    cdef Tensor t = Tensor.__new__(Tensor)
    t.storage = storage
    t.shape = shape
    t._strides = strides
    t.offset = offset
    t.dtype = dtype
    t._format = fmt
    t.numel = _prod(shape)
    if _packed_dtype(dtype) and offset % 2:
        # a view is addressed by its first byte: an INT4 one starts at an even element
        raise ValueError("an %s view starts at a byte (an even element offset), got offset %d"
                         % (dtype.name, offset))
    cdef int64_t start = offset * dtype.itemsize if dtype.itemsize else (offset * dtype.bits) // 8
    t.data = storage.ptr + start
    t.kdata = storage.kptr + start
    return t


cdef object _elements_reached(tuple shape, tuple strides, object offset):
    """The elements a view of `shape` and `strides` from element `offset` reaches from its
    storage's start (its last element's index + 1), in Python ints so nothing overflows;
    0 for an empty view."""
    if 0 in shape:
        return 0
    last = int(offset)
    for d, s in zip(shape, strides):
        last += (int(d) - 1) * int(s)
    return last + 1


cdef Tensor _checked_view(Memory storage, object shape, object strides, object offset,
                          DType dtype, int fmt, bint storage_covers_view=False):
    """A view of `storage`, rejecting what aclTensor cannot express or what would
    reach outside the storage (unless the caller sized the storage to the view's reach:
    storage_covers_view, aclCreateTensor's case)."""
    cdef tuple shp = _as_shape(shape, "size")
    cdef tuple std
    if dtype.itemsize == 0 and dtype.bits != 0 and not _packed_dtype(dtype):
        raise TypeError("dtype: %s has no byte-addressable element layout" % dtype.name)
    if strides is None:
        std = _contiguous_strides(shp)
    else:
        std = _as_strides(strides)
        if len(std) != len(shp):
            raise ValueError("stride: %d strides for %d dimensions" % (len(std), len(shp)))
    if isinstance(offset, bool) or not isinstance(offset, (int, np.integer)):
        raise TypeError("storage_offset: expected an int, got %r" % (offset,))
    if offset < 0:
        raise ValueError("storage_offset: must be >= 0 (aclTensor has no negative offsets), got %d" % offset)
    if _packed_dtype(dtype) and offset % 2:
        raise ValueError("storage_offset: an %s view starts at a byte (an even element offset), got %d"
                         % (dtype.name, offset))
    nbytes_needed = 0
    if not storage_covers_view and 0 not in shp:
        nbytes_needed = _dtype_bytes(_elements_reached(shp, std, offset), dtype)
        if nbytes_needed > storage.nbytes:
            raise ValueError("view of size %r, stride %r, offset %d needs %d bytes but the storage "
                             "has %d" % (shp, std, offset, nbytes_needed, storage.nbytes))
    _check_nbytes(shp, dtype, "size")
    return _make_tensor(storage, shp, std, offset, dtype, fmt)


cdef class _ViewKey:
    """A tensor's part of the executor-cache key: (dtype code, shape, strides, offset,
    format), equal as that tuple; its hash is computed once, so a tensor used again
    (the usual case) costs the key's hash nothing."""
    cdef readonly tuple view
    cdef Py_hash_t _hash

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        if type(other) is not _ViewKey:
            return NotImplemented
        return self._hash == (<_ViewKey>other)._hash and self.view == (<_ViewKey>other).view

    def __repr__(self):
        return "_ViewKey%r" % (self.view,)


# The storage of a Tensor made by Tensor.__new__(Tensor): no bytes, so nothing can
# reach memory through it.
cdef Memory _NO_STORAGE = Memory.__new__(Memory)


cdef class Tensor:
    def __cinit__(self, *args, **kwargs):
        # Tensor.__new__(Tensor) from Python skips every factory: start as a valid
        # empty float32 view of shape (0,), so that no method can dereference a None
        # storage or dtype (_make_tensor overwrites all of this).
        self.storage = _NO_STORAGE
        self.dtype = DT_FLOAT
        self.shape = (0,)
        self._strides = (1,)

    def __init__(self, *args, **kwargs):
        raise TypeError("create Tensors with ascendops.tensor, empty, zeros, from_numpy, ...")

    # -- copy and pickle ----------------------------------------------------------
    def __copy__(self):
        """copy.copy: a view of the same storage (numpy's and torch's shallow copy)."""
        return _make_tensor(self.storage, self.shape, self._strides, self.offset, self.dtype, self._format)

    def __deepcopy__(self, memo):
        """copy.deepcopy: the values in new device memory (writable, contiguous)."""
        return self.clone()

    def __reduce__(self):
        # The bytes the view spans (from its first element), its dtype, shape, element
        # strides and format: unpickling copies them into new device memory. Never the
        # address, which means nothing in another process.
        cdef int64_t span = _span_bytes(self) if self.numel else 0
        cdef Tensor host = _to_host(self)
        data = (<char *>host.kdata)[:span] if span else b""
        args = (data, self.dtype.code, self.shape, self._strides, self._format)
        if self.storage.device is not _cpu_device:
            args += (str(self.storage.device),)      # unpickled onto the same device
        return (_tensor_from_bytes, args)

    # -- metadata ---------------------------------------------------------------
    @property
    def strides(self):
        """Strides in elements, as aclTensor has them."""
        return self._strides

    @property
    def format(self):
        return Format(self._format)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def nbytes(self):
        return _dtype_bytes(self.numel, self.dtype)

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def device(self):
        """The Device of its storage (ascendops.Device: str() "cpu", "cpu:strict", "npu:0")."""
        return self.storage.device

    @property
    def data_ptr(self):
        """Address of the first element of the view."""
        return <size_t>self.data

    def storage_offset(self):
        return self.offset

    def size(self, dim=None):
        return self.shape if dim is None else self.shape[dim]

    def stride(self, dim=None):
        return self._strides if dim is None else self._strides[dim]

    def dim(self):
        return len(self.shape)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    cdef object cache_key(self):
        # A tensor's view never changes, so its part of the executor-cache key is built once.
        cdef _ViewKey k
        if self._key is None:
            k = _ViewKey.__new__(_ViewKey)
            k.view = (self.dtype.code, self.shape, self._strides, self.offset, self._format)
            k._hash = hash(k.view)
            self._key = k
        return self._key

    def is_contiguous(self):
        cdef int64_t expected = 1
        if self.numel == 0:
            return True     # an empty view touches no memory (numpy and torch agree)
        for d, s in zip(reversed(self.shape), reversed(self._strides)):
            if d != 1:
                if s != expected:
                    return False
                expected *= d
        return True

    # -- host interop -----------------------------------------------------------
    def numpy(self):
        """A new numpy array with a copy of the values (bfloat16 via ml_dtypes; INT4 as
        int8 values in [-8, 7])."""
        if _packed_dtype(self.dtype):
            return _int4_values(_to_host(self))
        if self.dtype.numpy is None:
            raise TypeError("numpy: %s has no numpy dtype" % self.dtype.name)
        out = np.empty(self.shape, dtype=self.dtype.numpy)
        _copy_into_array(_to_host(self), out)
        return out

    def __array__(self, dtype=None, copy=None):
        if copy is False:
            if self.dtype.numpy is None or (dtype is not None and np.dtype(dtype) != self.dtype.numpy):
                raise ValueError("__array__: a copy is needed (copy=False was given)")
            if len(self.shape) > 64:
                raise ValueError("__array__: numpy arrays have at most 64 dimensions")
            if self.storage.device is not _cpu_device:
                raise ValueError("__array__: the tensor is on %s, whose memory the host cannot read "
                                 "in place: a copy is needed (copy=False was given)" % self.storage.device)
            return _numpy_view(self)
        a = self.numpy()
        return a if dtype is None else a.astype(dtype, copy=False)

    def tolist(self):
        return self.numpy().tolist()

    def item(self):
        if self.numel != 1:
            raise ValueError("item: the tensor has %d elements, not 1" % self.numel)
        return self.numpy().reshape(()).item()

    # -- Python numbers, numpy's rules ---------------------------------------------
    def __bool__(self):
        if self.numel == 1:
            return bool(self.numpy().reshape(())[()])
        if self.numel == 0:
            raise ValueError("The truth value of an empty tensor is ambiguous. Use `t.numel > 0` to "
                             "check that a tensor is not empty.")
        raise ValueError("The truth value of a tensor with more than one element is ambiguous. "
                         "Use t.numpy().any() or t.numpy().all()")

    def __float__(self):
        return float(_scalar_of(self))

    def __int__(self):
        return int(_scalar_of(self))

    def __complex__(self):
        return complex(_scalar_of(self))

    def __index__(self):
        if len(self.shape) != 0 or self.dtype.numpy is None or self.dtype.numpy.kind not in "iu":
            raise TypeError("only integer scalar tensors can be converted to a scalar index "
                            "(this one is %s of shape %r)" % (self.dtype.name, self.shape))
        return int(_scalar_of(self))

    def __str__(self):
        # numpy's str: the values only (repr adds tensor(...) and the dtype)
        if self.dtype.numpy is None:
            return "<%d %s values>" % (self.numel, self.dtype.name)
        return str(self.numpy())

    def __repr__(self):
        extras = ", dtype=%s" % self.dtype.name
        if self._format != Format.ND:
            extras += ", format=%s" % Format(self._format).name
        if self.dtype.numpy is None:
            return "tensor(<%s values>, shape=%r%s)" % (self.dtype.name, self.shape, extras)
        body = np.array2string(self.numpy(), separator=", ", prefix="tensor(")
        return "tensor(%s%s)" % (body, extras)

    # -- views ------------------------------------------------------------------
    def as_strided(self, size, stride, storage_offset=None):
        return as_strided(self, size, stride, storage_offset)

    def _view(self, tuple shape, tuple strides, int64_t offset):
        return _make_tensor(self.storage, shape, strides, offset, self.dtype, self._format)

    def __getitem__(self, index):
        if not isinstance(index, tuple):
            index = (index,)
        n_ell = sum(1 for i in index if i is Ellipsis)
        if n_ell > 1:
            raise IndexError("an index can only have a single ellipsis")
        n_used = sum(1 for i in index if i is not None and i is not Ellipsis)
        if n_used > len(self.shape):
            raise IndexError("too many indices: %d for a %d-d tensor" % (n_used, len(self.shape)))
        if n_ell == 0:
            index = index + (Ellipsis,)
        shape, strides = [], []
        cdef int64_t offset = self.offset
        cdef int dim = 0
        for item in index:
            if item is Ellipsis:
                for _ in range(len(self.shape) - n_used):
                    shape.append(self.shape[dim]); strides.append(self._strides[dim]); dim += 1
            elif item is None:
                shape.append(1); strides.append(0)
            elif isinstance(item, slice):
                start, stop, step = item.indices(self.shape[dim])
                if step <= 0:
                    raise ValueError("index: negative or zero slice steps are not supported "
                                     "(aclTensor strides are non-negative)")
                length = max(0, (stop - start + step - 1) // step)
                if length > 0:
                    offset += start * self._strides[dim]
                shape.append(length); strides.append(self._strides[dim] * step)
                dim += 1
            elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
                i = int(item)
                n = self.shape[dim]
                if i < -n or i >= n:
                    raise IndexError("index %d is out of bounds for dimension %d with size %d" % (i, dim, n))
                if i < 0:
                    i += n
                offset += i * self._strides[dim]
                dim += 1
            else:
                raise TypeError("index: only ints, slices, None and ... are supported, got %r" % (item,))
        return _make_tensor(self.storage, tuple(shape), tuple(strides), offset, self.dtype, self._format)

    def __setitem__(self, index, value):
        self[index].copy_(value)

    def transpose(self, int dim0, int dim1):
        perm = list(range(len(self.shape)))
        a, b = _wrap_dim(dim0, len(perm), "dim0"), _wrap_dim(dim1, len(perm), "dim1")
        perm[a], perm[b] = perm[b], perm[a]
        return self.permute(*perm)

    def permute(self, *dims):
        if len(dims) == 1 and not isinstance(dims[0], (int, np.integer)):
            dims = tuple(dims[0])
        n = len(self.shape)
        if len(dims) != n:
            raise ValueError("permute: expected %d dims, got %r" % (n, dims))
        dims = tuple(_wrap_dim(d, n, "dims") for d in dims)
        if sorted(dims) != list(range(n)):
            raise ValueError("permute: %r is not a permutation of the dimensions" % (dims,))
        return _make_tensor(self.storage, tuple(self.shape[d] for d in dims),
                            tuple(self._strides[d] for d in dims), self.offset, self.dtype, self._format)

    @property
    def T(self):
        return self.permute(*reversed(range(len(self.shape))))

    def view(self, *shape):
        new_shape = _infer_reshape(self.numel, shape)
        strides = _view_strides(self.shape, self._strides, new_shape)
        if strides is None:
            raise ValueError("view: size %r is not compatible with the tensor's strides %r; "
                             "use reshape() to copy" % (new_shape, self._strides))
        return _make_tensor(self.storage, new_shape, strides, self.offset, self.dtype, self._format)

    def reshape(self, *shape):
        new_shape = _infer_reshape(self.numel, shape)
        strides = _view_strides(self.shape, self._strides, new_shape)
        if strides is None:
            return self.contiguous().view(new_shape)
        return _make_tensor(self.storage, new_shape, strides, self.offset, self.dtype, self._format)

    def expand(self, *shape):
        if len(shape) == 1 and not isinstance(shape[0], (int, np.integer)):
            shape = tuple(shape[0])
        shape = _as_shape(tuple(self.shape[i - (len(shape) - len(self.shape))]
                                if d == -1 and i >= len(shape) - len(self.shape) else d
                                for i, d in enumerate(shape)), "size")
        if len(shape) < len(self.shape):
            raise ValueError("expand: cannot expand %r to fewer dimensions %r" % (self.shape, shape))
        lead = len(shape) - len(self.shape)
        strides = [0] * lead
        for i, (d, s) in enumerate(zip(self.shape, self._strides)):
            if d == shape[lead + i]:
                strides.append(s)
            elif d == 1:
                strides.append(0)
            else:
                raise ValueError("expand: dimension %d of size %d cannot expand to %d"
                                 % (i, d, shape[lead + i]))
        _check_nbytes(shape, self.dtype, "size")
        return _make_tensor(self.storage, shape, tuple(strides), self.offset, self.dtype, self._format)

    def broadcast_to(self, shape):
        return self.expand(shape)

    def contiguous(self):
        if self.is_contiguous():
            return self
        return self.clone()

    def clone(self):
        out = _empty_on(self.storage.device, self.shape, self.dtype, self._format)
        (<Tensor>out).copy_(self)
        return out

    def copy_(self, src):
        """Copies `src` (a Tensor, array or scalar, broadcast to this shape) into this view."""
        cdef Tensor s
        if self.storage.readonly:
            raise ValueError("copy_: the destination is read-only")
        if isinstance(src, Tensor):
            s = <Tensor>src
            if s.dtype is not self.dtype:
                s = s.astype(self.dtype)
            s = s.expand(self.shape)
            if _views_overlap(self, s):
                s = s.clone()
        else:
            if self.dtype.numpy is None:
                raise TypeError("copy_: %s has no numpy dtype; copy from a Tensor of that dtype"
                                % self.dtype.name)
            arr = np.asarray(src, dtype=self.dtype.numpy)
            s = _from_array(np.broadcast_to(arr, self.shape), True, None, 2, _cpu_device)
        _copy_tensor(self, s)
        return self

    def astype(self, dtype):
        """A copy converted to `dtype` (numpy's casting; same-dtype returns a copy).
        Runs the Cast op (a C kernel) where it supports both dtypes on the active SoC,
        else numpy's astype (complex, float8, ... and BF16 on SoCs without BF16)."""
        d = as_dtype(dtype)
        if d is self.dtype:
            return self.clone()
        if _astype_kernel is not None:
            converted = _astype_kernel(self, d)
            if converted is not None:
                return converted
        if d.numpy is None or self.dtype.numpy is None:
            raise TypeError("astype: no conversion between %s and %s" % (self.dtype.name, d.name))
        # Types Cast does not cover (complex, float8): numpy converts, into device memory.
        return _from_array(self.numpy().astype(d.numpy), True, None, 2, self.storage.device)

    def to(self, *args, device=None, dtype=None):
        """t.to(device), t.to(dtype), t.to(device, dtype) (also as keywords): this tensor
        when nothing changes, else a copy on `device` (via the host between devices)
        converted to `dtype`."""
        for a in args:
            if isinstance(a, Device) or (isinstance(a, str) and _is_device_name(a)):
                if device is not None:
                    raise TypeError("to: the device was given twice")
                device = a
            else:
                if dtype is not None:
                    raise TypeError("to: the dtype was given twice")
                dtype = a
        cdef Tensor t = self
        if dtype is not None:
            d = as_dtype(dtype)
            if d is not t.dtype:
                t = t.astype(d)
        if device is not None:
            t = _to_device(t, ascendops_device(device))
        return t

    # -- DLPack -----------------------------------------------------------------
    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        if self.storage.device is not _cpu_device:
            raise BufferError("__dlpack__: the tensor is on %s; DLPack has no device type for its memory "
                              "(no Ascend NPU type, and cpu:strict memory is not host accessible): copy it "
                              "with t.to(\"cpu\") or t.numpy()" % self.storage.device)
        return _to_dlpack(self, max_version, dl_device, copy)

    def __dlpack_device__(self):
        if self.storage.device is not _cpu_device:
            raise BufferError("__dlpack_device__: the tensor is on %s, which DLPack has no device type for"
                              % self.storage.device)
        return (1, 0)   # kDLCPU, device 0


cdef object _scalar_of(Tensor t):
    """The value of a 0-d tensor as a numpy scalar, for float(), int(), complex() and
    index(): numpy 2 converts only 0-d arrays to Python numbers (t.item() takes any
    1-element tensor)."""
    if len(t.shape) != 0:
        raise TypeError("only 0-dimensional tensors can be converted to Python scalars "
                        "(shape %r; use t.item() for a 1-element tensor)" % (t.shape,))
    return t.numpy()[()]


cdef int _wrap_dim(object d, int n, str argname) except -1:
    if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
        raise TypeError("%s: expected an int, got %r" % (argname, d))
    if d < -max(n, 1) or d >= max(n, 1):
        raise IndexError("%s: dimension %d out of range for %d dims" % (argname, d, n))
    return d + n if d < 0 else d


cdef tuple _infer_reshape(int64_t numel, tuple shape):
    if len(shape) == 1 and not isinstance(shape[0], (int, np.integer)):
        shape = tuple(shape[0])
    dims = list(shape)
    unknown = [i for i, d in enumerate(dims) if d == -1]
    if len(unknown) > 1:
        raise ValueError("reshape: only one dimension can be -1")
    if unknown:
        known = 1
        for i, d in enumerate(dims):
            if i != unknown[0]:
                known *= d
        if known == 0 or numel % known:
            raise ValueError("reshape: cannot reshape %d elements into %r" % (numel, shape))
        dims[unknown[0]] = numel // known
    new_shape = _as_shape(dims, "shape")
    if _prod(new_shape) != numel:
        raise ValueError("reshape: cannot reshape %d elements into %r" % (numel, new_shape))
    return new_shape


cdef object _view_strides(tuple oldshape, tuple oldstride, tuple newshape):
    """Strides that view `oldshape`/`oldstride` as `newshape` without copying, or None
    (the algorithm of PyTorch's computeStride)."""
    if _prod(oldshape) == 0 or len(oldshape) == 0:
        return _contiguous_strides(newshape)
    newstride = [0] * len(newshape)
    view_d = len(newshape) - 1
    chunk_base_stride = oldstride[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(oldshape) - 1, -1, -1):
        tensor_numel *= oldshape[tensor_d]
        if tensor_d == 0 or (oldshape[tensor_d - 1] != 1 and
                             oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride):
            while view_d >= 0 and (view_numel < tensor_numel or newshape[view_d] == 1):
                newstride[view_d] = view_numel * chunk_base_stride
                view_numel *= newshape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = oldstride[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return tuple(newstride)


cdef bint _views_overlap(Tensor a, Tensor b):
    """Whether the byte ranges two views span intersect (conservative)."""
    if a.numel == 0 or b.numel == 0:
        return False
    if a.storage.device is not b.storage.device:
        return False
    cdef size_t a_lo = <size_t>a.data, b_lo = <size_t>b.data
    cdef size_t a_hi = a_lo + _span_bytes(a), b_hi = b_lo + _span_bytes(b)
    return a_lo < b_hi and b_lo < a_hi


cdef bint _may_self_overlap(Tensor t):
    """Whether two elements of the view may share an address: the dims of more than one
    element, by stride, must each step past the span of the smaller ones (a sufficient
    test of no overlap, as numpy's; a zero stride over several elements fails it)."""
    cdef int64_t span = 0, s, d
    if t.numel <= 1:
        return False
    for s, d in sorted([(s, d) for d, s in zip(t.shape, t._strides) if d > 1]):
        if s <= span:
            return True
        span += (d - 1) * s
    return False


cdef int64_t _span_bytes(Tensor t):
    cdef int64_t last = 0
    for d, s in zip(t.shape, t._strides):
        last += (<int64_t>d - 1) * <int64_t>s
    return _dtype_bytes(last + 1, t.dtype)


cdef object _int4_values(Tensor t):
    """The elements of a host INT4 view as an int8 array (each nibble sign-extended)."""
    out = np.zeros(t.shape, dtype=np.int8)
    if t.numel == 0:
        return out
    cdef int64_t span = _span_bytes(t)
    raw = np.frombuffer((<const char *>t.kdata)[:span], dtype=np.uint8)
    nib = np.empty(2 * span, dtype=np.int8)
    nib[0::2] = (raw & 0x0F).astype(np.int8)
    nib[1::2] = (raw >> 4).astype(np.int8)
    nib = np.where(nib >= 8, nib - 16, nib).astype(np.int8)
    index = np.zeros(t.shape, dtype=np.int64)
    for d, s in enumerate(t._strides):
        shp = [1] * len(t.shape)
        shp[d] = t.shape[d]
        index = index + np.arange(t.shape[d], dtype=np.int64).reshape(shp) * s
    out[...] = nib[index]
    return out


def int4_tensor(values, device=None):
    """An INT4 tensor of integer `values` in [-8, 7] (any shape), packed two per byte in
    CANN's order (element 2i in the low nibble of byte i), on `device` (default: the
    current one). Its numpy() gives the values back as int8."""
    a = np.asarray(values)
    if a.dtype.kind not in "iub":
        raise TypeError("int4_tensor: integer values expected, got %s" % a.dtype)
    if a.size and (a.min() < -8 or a.max() > 7):
        raise ValueError("int4_tensor: values must lie in [-8, 7], got [%d, %d]" % (a.min(), a.max()))
    flat = (a.astype(np.int64).reshape(-1) & 0x0F).astype(np.uint8)
    if flat.size % 2:
        flat = np.concatenate([flat, np.zeros(1, np.uint8)])
    packed = (flat[0::2] | (flat[1::2] << 4)).astype(np.uint8)
    cdef Device dev = _current_device() if device is None else ascendops_device(device)
    return _tensor_from_bytes(packed.tobytes(), 29, a.shape, None, 2, None if dev is _cpu_device else dev._name)


cdef int _copy_tensor(Tensor dst, Tensor src) except -1:
    """dst[...] = src for views of the same shape and dtype (src may broadcast)."""
    cdef int64_t shape[AO_MAX_DIMS]
    cdef int64_t ds[AO_MAX_DIMS]
    cdef int64_t ss[AO_MAX_DIMS]
    if dst.numel == 0:
        return 0
    if dst.dtype.itemsize == 0:
        # UNDEFINED / STRING tensors are descriptors over no bytes
        raise TypeError("copy: %s tensors have no elements to copy" % dst.dtype.name)
    if dst.storage.device is not _cpu_device or src.storage.device is not _cpu_device:
        return _copy_across(dst, src)
    # Drop size-1 dims and merge dims both views step through contiguously: fewer,
    # longer runs for the C copy, and any rank reduces to what it iterates over.
    dims = [[d, a, b] for d, a, b in zip(dst.shape, dst._strides, src._strides) if d != 1]
    merged = []
    for d, a, b in dims:
        if merged and merged[-1][1] == d * a and merged[-1][2] == d * b:
            merged[-1] = [merged[-1][0] * d, a, b]
        else:
            merged.append([d, a, b])
    if len(merged) > AO_MAX_DIMS:
        # Copy the leading dims one slice at a time; each slice has fewer dims.
        for lead in range(dst.shape[0]):
            _copy_tensor(dst[lead], src[lead])
        return 0
    cdef int nd = len(merged), i
    for i in range(nd):
        shape[i], ds[i], ss[i] = merged[i]
    return _strided_copy(nd, shape, dst.dtype.itemsize, dst.kdata, ds, src.kdata, ss, dst.nbytes)


cdef int _sync_device(Device dev) except -1:
    if dev is not _cpu_device and _synchronize_device is not None:
        _synchronize_device(dev)
    return 0


cdef int _copy_across(Tensor dst, Tensor src) except -1:
    """_copy_tensor where a side is not on the cpu device: after that device's queued
    work; through the kernel aliases where the CPU can run the copy (cpu:strict), else
    through host memory and the device's copy functions."""
    cdef Device dd = dst.storage.device, sd = src.storage.device
    cdef int64_t shape[AO_MAX_DIMS]
    cdef int64_t ds[AO_MAX_DIMS]
    cdef int64_t ss[AO_MAX_DIMS]
    cdef int i, nd
    _sync_device(dd)
    if sd is not dd:
        _sync_device(sd)
    if dd.kernels_on_host and sd.kernels_on_host:
        nd = len(dst.shape)
        if nd > AO_MAX_DIMS:
            for lead in range(dst.shape[0]):
                _copy_across(dst[lead], src[lead])
            return 0
        for i in range(nd):
            shape[i], ds[i], ss[i] = dst.shape[i], dst._strides[i], src._strides[i]
        return _strided_copy(nd, shape, dst.dtype.itemsize, dst.kdata, ds, src.kdata, ss, dst.nbytes)
    # a device the host cannot reach: stage through the host
    cdef Tensor hsrc = _to_host(src)
    if dd is _cpu_device:
        return _copy_tensor(dst, hsrc)
    cdef Tensor staged = _empty(dst.shape, dst.dtype, dst._format)
    _copy_tensor(staged, hsrc)
    if dst.is_contiguous():
        dd.copy_bytes(dst.data, staged.kdata, dst.nbytes, MEMCPY_HOST_TO_DEVICE)
        return 0
    # a strided destination on such a device: its spanned bytes, updated on the host
    cdef Tensor span_host = _to_host(dst)
    _copy_tensor(span_host, staged)
    dd.copy_bytes(dst.data, span_host.kdata, _span_bytes(dst), MEMCPY_HOST_TO_DEVICE)
    return 0


cdef Tensor _to_host(Tensor t):
    """t itself on the cpu device; else a cpu copy of the bytes its view spans, viewed
    alike, after the device's queued work has finished (torch's .cpu())."""
    cdef Device dev = t.storage.device
    if dev is _cpu_device:
        return t
    _sync_device(dev)
    cdef int64_t span = _span_bytes(t) if t.numel and (t.dtype.itemsize or _packed_dtype(t.dtype)) else 0
    cdef Memory m = _device_malloc(span)
    if span:
        if dev.kernels_on_host:
            _bytes_copy(m.kptr, t.kdata, span)
        else:
            dev.copy_bytes(m.ptr, t.data, span, MEMCPY_DEVICE_TO_HOST)
    return _make_tensor(m, t.shape, t._strides if span else _contiguous_strides(t.shape), 0, t.dtype, t._format)


cdef Tensor _to_device(Tensor t, Device dev):
    """t on `dev`: itself when it is there already, else a contiguous copy."""
    cdef Device src_dev = t.storage.device
    if src_dev is dev:
        return t
    cdef Tensor host = _to_host(t)
    if dev is _cpu_device:
        return host if host is not t else t.clone()
    if not host.is_contiguous():
        host = host.clone()
    cdef Tensor out = _empty_on(dev, host.shape, host.dtype, host._format)
    if out.nbytes:
        if dev.kernels_on_host:
            _bytes_copy(out.kdata, host.kdata, out.nbytes)
        else:
            dev.copy_bytes(out.data, host.kdata, out.nbytes, MEMCPY_HOST_TO_DEVICE)
    return out


cdef bint _is_device_name(str text):
    try:
        _parse_device_name(text)
        return True
    except ValueError:
        return False


cdef int _copy_into_array(Tensor src, cnp.ndarray out) except -1:
    """Copies a Tensor into a C-contiguous numpy array of its shape and dtype."""
    cdef Memory m = _borrow(out, <char *>cnp.PyArray_DATA(out), out.nbytes, False)
    cdef Tensor dst = _make_tensor(m, src.shape, _contiguous_strides(src.shape), 0, src.dtype, src._format)
    return _copy_tensor(dst, src)


cdef Tensor _from_array(object obj, bint copy, DType dtype=None, int fmt=2, Device dev=None):
    """A Tensor of a numpy array: a view of its memory (copy=False) when aclTensor
    can express its strides, else (or with copy=True) a copy in device memory
    (of `dev`; None: the current device)."""
    cdef cnp.ndarray arr
    cdef DType dt
    arr = obj if type(obj) is cnp.ndarray else np.asarray(obj)
    if dtype is not None and arr.dtype != dtype.numpy:
        arr = arr.astype(dtype.numpy)
        copy = False        # already a fresh array
        obj = arr
    # The common case first: a native dtype of the table (what as_dtype would look up).
    d = _dtype_by_numpy.get(<object>cnp.PyArray_DESCR(arr))
    if d is None:
        if not arr.dtype.isnative:
            arr = arr.astype(arr.dtype.newbyteorder("="))
            copy = False
        d = as_dtype(arr.dtype)
    dt = <DType>d
    cdef int nd = cnp.PyArray_NDIM(arr)
    cdef Py_ssize_t item = dt.itemsize
    cdef cnp.npy_intp *bstrides = cnp.PyArray_STRIDES(arr)
    cdef cnp.npy_intp *dims = cnp.PyArray_DIMS(arr)
    cdef int i
    cdef bint expressible = True
    cdef int64_t numel = 1, last = 0
    for i in range(nd):
        numel *= dims[i]
        if dims[i] > 1 and (bstrides[i] < 0 or bstrides[i] % item != 0):
            expressible = False
    cdef tuple shape = _tuple_new(nd)
    for i in range(nd):
        _tuple_set_int(shape, i, dims[i])
    if numel > 1 and not cnp.PyArray_ISALIGNED(arr):
        expressible = False     # the engine loads and stores whole elements: copy misaligned data
    if not expressible:
        arr = arr.copy(order="C")   # ascontiguousarray would keep a misaligned contiguous array
        copy = False
        bstrides = cnp.PyArray_STRIDES(arr)
    cdef tuple strides = _tuple_new(nd)
    cdef int64_t st
    for i in range(nd):
        st = (bstrides[i] // item if dims[i] > 1 else 0) if numel > 0 else 0
        _tuple_set_int(strides, i, st)
        if numel > 0:
            last += (dims[i] - 1) * st
    if copy:
        t = _empty_on(_current_device() if dev is None else dev, shape, dt, fmt)
        _copy_tensor(t, _from_array(arr, False, None, fmt))
        return t
    cdef Memory m = _borrow(arr, <char *>cnp.PyArray_DATA(arr), (last + 1) * item if numel else 0,
                            not cnp.PyArray_ISWRITEABLE(arr))
    if numel == 0:
        strides = _contiguous_strides(shape)
    return _make_tensor(m, shape, strides, 0, dt, fmt)


def _tensor_from_bytes(bytes data, int dtype_code, shape, strides, int fmt, device_name=None):
    """Unpickles a Tensor (Tensor.__reduce__): `data` copied into new memory of the
    device it was pickled from (`device_name`; None: cpu), viewed with `shape` and
    `strides`; a view outside `data` is refused."""
    cdef DType dt = dtype_from_code(dtype_code)
    cdef Memory m
    cdef Tensor raw
    cdef Device dev = _cpu_device if device_name is None else ascendops_device(device_name)
    if dev is _cpu_device:
        m = _device_malloc(len(data))
        if len(data):
            _bytes_copy(m.ptr, <const char *>data, len(data))
        return _checked_view(m, shape, strides, 0, dt, fmt)
    raw = _empty_on(dev, (<int64_t>len(data),), _dtype_by_code[4], 2)     # UINT8, ND
    if len(data):
        if dev.kernels_on_host:
            _bytes_copy(raw.kdata, <const char *>data, len(data))
        else:
            dev.copy_bytes(raw.data, <const char *>data, len(data), MEMCPY_HOST_TO_DEVICE)
    return _checked_view(raw.storage, shape, strides, 0, dt, fmt)


cdef object _numpy_view(Tensor t):
    """A numpy array sharing the Tensor's memory (kept alive through the array's base);
    of a device the host cannot read in place, a copy (after the device's work)."""
    if t.storage.device is not _cpu_device:
        return t.numpy()
    cdef int nd = len(t.shape)
    cdef cnp.npy_intp dims[64]
    cdef cnp.npy_intp strides[64]
    cdef int i
    for i in range(nd):
        dims[i] = t.shape[i]
        strides[i] = <int64_t>t._strides[i] * t.dtype.itemsize
    descr = t.dtype.numpy
    Py_INCREF(descr)   # PyArray_NewFromDescr steals a reference
    arr = PyArray_NewFromDescr(cnp.ndarray, descr, nd, dims, strides, <void *>t.data,
                                   cnp.NPY_ARRAY_WRITEABLE if not t.storage.readonly else 0, None)
    Py_INCREF(t)
    cnp.PyArray_SetBaseObject(arr, t)
    return arr


# -- creation -------------------------------------------------------------------
# ascendops.device (the function) under a name the creation functions' `device`
# arguments do not shadow
ascendops_device = device


cdef inline Device _device_arg(object dev):
    return _current_device() if dev is None else ascendops_device(dev)


def empty(shape, dtype="float32", format=None, device=None):
    """An uninitialised tensor in the memory of `device` (default: the current device)."""
    return _empty_on(_device_arg(device), _as_shape(shape, "shape"), as_dtype(dtype), as_format(format))


cdef Tensor _empty_on(Device dev, tuple shp, DType d, int fmt):
    """_empty() on `dev`."""
    if dev is _cpu_device:
        return _empty(shp, d, fmt)
    if d.itemsize == 0:
        if d.bits == 0:
            return _make_tensor(_device_malloc_on(dev, 0), shp, _contiguous_strides(shp), 0, d, fmt)
        if not _packed_dtype(d):
            raise TypeError("dtype: %s has no byte-addressable element layout" % d.name)
        _check_nbytes(shp, d, "shape")
        return _make_tensor(_device_malloc_on(dev, _dtype_bytes(_prod(shp), d)), shp, _contiguous_strides(shp), 0,
                            d, fmt)
    cdef int64_t n = _prod(shp)
    if n > INT64_MAX_ // d.itemsize:
        raise ValueError("shape: %r of %s overflows int64 bytes" % (shp, d.name))
    return _make_tensor(_device_malloc_on(dev, n * d.itemsize), shp, _contiguous_strides(shp), 0, d, fmt)


cdef Tensor _empty(tuple shp, DType d, int fmt):
    """empty() for an already validated shape tuple and DType."""
    if d.itemsize == 0:
        if d.bits == 0:
            # UNDEFINED and STRING: CANN creates such tensors (and its ops refuse them with
            # 161002); here they are descriptors over no bytes -- nothing reads elements.
            return _make_tensor(_device_malloc(0), shp, _contiguous_strides(shp), 0, d, fmt)
        if not _packed_dtype(d):
            raise TypeError("dtype: %s has no byte-addressable element layout" % d.name)
        _check_nbytes(shp, d, "shape")
        return _make_tensor(_device_malloc(_dtype_bytes(_prod(shp), d)), shp, _contiguous_strides(shp), 0, d, fmt)
    cdef int64_t n = _prod(shp)
    if n > INT64_MAX_ // d.itemsize:
        raise ValueError("shape: %r of %s overflows int64 bytes" % (shp, d.name))
    return _make_tensor(_device_malloc(n * d.itemsize), shp, _contiguous_strides(shp), 0, d, fmt)


def zeros(shape, dtype="float32", format=None, device=None):
    cdef Device dev = _device_arg(device)
    if not dev.kernels_on_host:
        return full(shape, 0, dtype, format, dev)
    cdef Tensor t = empty(shape, dtype, format, dev)
    if t.nbytes:
        memset(t.kdata, 0, t.nbytes)     # new memory: no queued work can be writing it
    return t


def full(shape, fill_value, dtype="float32", format=None, device=None):
    cdef Tensor t = empty(shape, dtype, format, device)
    if t.dtype.numpy is None:
        raise TypeError("dtype: %s has no numpy dtype to convert fill_value with" % t.dtype.name)
    if t.numel:
        t.copy_(np.asarray(fill_value, dtype=t.dtype.numpy))
    return t


def ones(shape, dtype="float32", format=None, device=None):
    return full(shape, 1, dtype, format, device)


def tensor(data, dtype=None, format=None, device=None):
    """A new tensor holding a copy of `data` (array, nested lists, scalar, Tensor, or a
    DLPack producer), on `device` (default: the current device)."""
    cdef DType d = None if dtype is None else as_dtype(dtype)
    cdef Tensor t
    cdef Device dev = _device_arg(device)
    if isinstance(data, Tensor):
        t = (<Tensor>data).clone() if d is None else (<Tensor>data).astype(d)
        if t.storage.device is not dev:
            t = _to_device(t, dev)
        return t if format is None else _make_tensor(t.storage, t.shape, t._strides, t.offset, t.dtype, as_format(format))
    if not isinstance(data, np.ndarray) and hasattr(data, "__dlpack__"):
        return tensor(from_dlpack(data), dtype, format, dev)
    if isinstance(data, (str, bytes, dict, set)) or data is None:
        raise TypeError("data: expected an array, a sequence of numbers or a number, got %s"
                        % type(data).__name__)
    if d is not None and d.numpy is None:
        raise TypeError("dtype: %s has no numpy dtype to convert data with" % d.name)
    try:
        arr = np.asarray(data) if d is None else np.asarray(data, dtype=d.numpy)
    except OverflowError as e:
        raise ValueError("data: a value does not fit in %s (%s)" % (d.name if d is not None else "int64", e)) from None
    except (TypeError, ValueError) as e:
        raise TypeError("data: cannot convert %s to an array (%s)" % (type(data).__name__, e)) from None
    if arr.dtype == object or arr.dtype.kind in "USVOMm":
        try:
            as_dtype(arr.dtype)
        except TypeError:
            raise TypeError("data: %s is not numeric" % (arr.dtype,)) from None
    return _from_array(arr, True, d, as_format(format), dev)


def from_numpy(array):
    """A Tensor sharing `array`'s memory on the CPU device (no copy; the array is kept
    alive). Arrays aclTensor cannot view (negative or unaligned strides, non-native
    byte order) are copied."""
    if not isinstance(array, np.ndarray):
        raise TypeError("array: expected a numpy.ndarray, got %s" % type(array).__name__)
    return _from_array(array, False)


def as_strided(Tensor t, size, stride, storage_offset=None):
    """A view of t's storage with the given size, element strides and element offset."""
    return _checked_view(t.storage, size, stride, t.offset if storage_offset is None else storage_offset,
                         t.dtype, t._format)


def memcpy(dst, src, kind=MEMCPY_DEFAULT):
    """aclrtMemcpy for whole tensors: copies src into dst (same shape and dtype).
    Host objects are numpy arrays, device objects Tensors; `kind` is checked against them."""
    kinds = {(False, False): MEMCPY_HOST_TO_HOST, (False, True): MEMCPY_HOST_TO_DEVICE,
             (True, False): MEMCPY_DEVICE_TO_HOST, (True, True): MEMCPY_DEVICE_TO_DEVICE}
    for name, obj in (("dst", dst), ("src", src)):
        if not isinstance(obj, (Tensor, np.ndarray)):
            raise TypeError("%s: expected a Tensor or numpy.ndarray, got %s" % (name, type(obj).__name__))
    actual = kinds[(isinstance(src, Tensor), isinstance(dst, Tensor))]
    if kind not in range(5):
        raise AclError(ACL_ERROR_INVALID_PARAM, "memcpy: kind %r is not an aclrtMemcpyKind" % (kind,))
    if kind != MEMCPY_DEFAULT and kind != actual:
        raise AclError(ACL_ERROR_INVALID_PARAM, "memcpy: kind %d does not match a %s -> %s copy"
                       % (kind, type(src).__name__, type(dst).__name__))
    cdef Tensor d = dst if isinstance(dst, Tensor) else _from_array(dst, False)
    cdef Tensor s = src if isinstance(src, Tensor) else _from_array(src, False)
    if d.shape != s.shape or d.dtype is not s.dtype:
        raise ValueError("memcpy: src %s%r does not match dst %s%r"
                         % (s.dtype.name, s.shape, d.dtype.name, d.shape))
    if d.storage.readonly:
        raise ValueError("dst: is read-only")
    if s.dtype.numpy is None and not isinstance(dst, Tensor):
        raise TypeError("memcpy: %s has no numpy dtype" % s.dtype.name)
    if isinstance(dst, np.ndarray) and not np.may_share_memory(dst, d.storage.owner):
        # dst's strides (negative, unaligned) forced _from_array to copy: write back.
        _copy_tensor(d, s)
        np.copyto(dst, d.numpy())
        return dst
    _copy_tensor(d, s)
    return dst
