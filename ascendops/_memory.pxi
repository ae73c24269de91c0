# ---------------------------------------------------------------------------
# Device memory of the CPU device: a caching allocator, errors, copies.
# ---------------------------------------------------------------------------
import os
import threading

# libc's memcpy is not cimported here under its own name: the module's public
# `memcpy` (aclrtMemcpy, _tensor.pxi) would override it (a Cython build warning).
from libc.string cimport memset
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_SIMPLE


cdef extern from "stdlib.h" nogil:
    int posix_memalign(void **memptr, size_t alignment, size_t size)
    void free(void *ptr)

cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* Large blocks ask for transparent huge pages (as numpy does for its large
     * arrays): one TLB entry per 2 MiB instead of per 4 KiB, which the tiles of
     * transposed operands (one page per column strip) need most, and one page
     * fault per 2 MiB on first touch. Advice only: ignored where unsupported. */
    static void ao_advise_huge_pages(void *p, size_t n)
    {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        (void)madvise(p, n, MADV_HUGEPAGE);
    #else
        (void)p; (void)n;
    #endif
    }
    """
    void ao_advise_huge_pages(void *p, size_t n) nogil


cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #include <sys/syscall.h>
    #include <unistd.h>
    #include <errno.h>
    /* cpu:strict's memory: one anonymous shared-memory object per block, mapped twice.
     * The PROT_NONE mapping is the device address handed out (data_ptr, aclrtMalloc):
     * any host load or store through it faults at once, as a host dereference of NPU
     * memory would. The read-write mapping of the same pages (*kptr) is used only by
     * the device's kernels and copies. Returns the device address, or NULL (errno). */
    static char *ao_strict_map(size_t n, char **kptr)
    {
        int fd = (int)syscall(SYS_memfd_create, "ascendops-cpu-strict", 1u /* MFD_CLOEXEC */);
        if (fd < 0)
            return NULL;
        if (ftruncate(fd, (off_t)n) != 0) { int e = errno; close(fd); errno = e; return NULL; }
        void *rw = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (rw == MAP_FAILED) { int e = errno; close(fd); errno = e; return NULL; }
        void *none = mmap(NULL, n, PROT_NONE, MAP_SHARED, fd, 0);
        int e = errno;
        close(fd);      /* the mappings keep the object alive */
        if (none == MAP_FAILED) { munmap(rw, n); errno = e; return NULL; }
        *kptr = (char *)rw;
        return (char *)none;
    }
    static void ao_strict_unmap(char *ptr, char *kptr, size_t n)
    {
        munmap(ptr, n);
        munmap(kptr, n);
    }
    #define AO_HAVE_STRICT 1
    #else
    static char *ao_strict_map(size_t n, char **kptr) { (void)n; (void)kptr; return NULL; }
    static void ao_strict_unmap(char *ptr, char *kptr, size_t n) { (void)ptr; (void)kptr; (void)n; }
    #define AO_HAVE_STRICT 0
    #endif
    """
    char *ao_strict_map(size_t n, char **kptr) nogil
    void ao_strict_unmap(char *ptr, char *kptr, size_t n) nogil
    enum: AO_HAVE_STRICT
    int errno


class AclError(RuntimeError):
    """A failure with an aclError code (runtime API); `.status` holds the code."""

    def __init__(self, status, message):
        super().__init__("%s (aclError %d)" % (message, status))
        self.status = status


class OutOfMemoryError(AclError, MemoryError):
    """Device memory exhausted: aclError ACL_ERROR_BAD_ALLOC (200000)."""

    def __init__(self, message):
        AclError.__init__(self, ACL_ERROR_BAD_ALLOC, message)


ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_BAD_ALLOC = 200000

# Blocks are aligned to their 512-byte rounding (AVX-512 loads and cache lines included);
# large blocks to huge pages. CANN documents 64 bytes for aclrtMalloc, but its device
# allocator gives more, and programs rely on it: llama.cpp's CANN buffers ask ggml for
# 128-byte alignment inside an aclrtMalloc block sized without slack for it.
cdef Py_ssize_t ALIGNMENT = 512
cdef Py_ssize_t SMALL_ROUND = 512            # like CuPy's pool
cdef Py_ssize_t LARGE_THRESHOLD = 1 << 20
cdef Py_ssize_t LARGE_ROUND = 1 << 21        # 2 MiB: huge-page granularity
cdef Py_ssize_t UNLIMITED = (<Py_ssize_t>1) << 62
MAX_DEVICE_INDEX = (1 << 31) - 1     # aclrtSetDevice's int32_t deviceId


cdef inline Py_ssize_t _round_block(Py_ssize_t nbytes):
    if nbytes <= 0:
        return SMALL_ROUND
    if nbytes < LARGE_THRESHOLD:
        return (nbytes + SMALL_ROUND - 1) // SMALL_ROUND * SMALL_ROUND
    return (nbytes + LARGE_ROUND - 1) // LARGE_ROUND * LARGE_ROUND


_BYTES_FORMS = ("a number of bytes in [0, %d], optionally with a K, M, G or T suffix (powers of "
                "1024) and a trailing B: e.g. 8G, 512MB, 1.5G, 1048576" % UNLIMITED)


def _bounded_int(value, str setting, lo, hi, str what, bint from_env=False):
    """`value` as an int in [lo, hi], else ValueError naming the setting and its range
    (never OverflowError: settings reach C integers only once they are in range).
    `value`: an int (not a bool); from the environment (from_env), a str of a whole
    number. A setter given another type: TypeError."""
    n = None
    if not from_env and (isinstance(value, bool) or not isinstance(value, (int, np.integer))):
        raise TypeError("%s: expected an int, got %s" % (setting, type(value).__name__))
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in "+-" and text[1:].isdigit() or text.isdigit():
            n = int(text)
    elif isinstance(value, int) and not isinstance(value, bool):
        n = int(value)
    elif isinstance(value, np.integer):
        n = int(value)
    if n is None or not lo <= n <= hi:
        raise ValueError("%s=%r: expected %s in [%d, %d]" % (setting, value, what, lo, hi))
    return n


def _parse_bytes(text, str setting="device capacity"):
    """Bytes from text such as 8G; ValueError naming `setting` (ending in "=": the value
    follows it directly, as in VARIABLE='8Q') and the accepted forms."""
    original = text
    text = str(text).strip().upper().rstrip("B")
    scale = 1
    for suffix, factor in (("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("T", 1 << 40)):
        if text.endswith(suffix):
            text, scale = text[:-1], factor
            break
    try:
        number = float(text)
    except ValueError:
        number = float("nan")
    if not (0 <= number * scale <= UNLIMITED):   # also NaN and inf, which int() refuses
        raise ValueError("%s%s%r: expected %s" % (setting, "" if setting.endswith("=") else " ", original,
                                                   _BYTES_FORMS))
    return int(number * scale)


cdef class _CachingAllocator:
    """Keeps freed blocks by rounded size and hands them out again, so that the
    pages of a large output are faulted in once rather than on every call.

    All methods run under the GIL and never release it, which makes them atomic
    with respect to other Python threads."""
    cdef dict free_blocks          # block bytes -> list of addresses (as ints)
    cdef Py_ssize_t allocated      # bytes in live blocks
    cdef Py_ssize_t reserved       # bytes held from the OS: live + cached
    cdef Py_ssize_t peak
    cdef public Py_ssize_t capacity
    cdef public Py_ssize_t n_allocs
    cdef public Py_ssize_t n_cache_hits
    cdef Device device             # whose raw memory it caches (None: the cpu device's)

    def __cinit__(self):
        self.free_blocks = {}
        self.capacity = UNLIMITED
        env = os.environ.get("ASCENDOPS_DEVICE_CAPACITY")
        if env:
            self.capacity = _parse_bytes(env, "environment variable ASCENDOPS_DEVICE_CAPACITY=")

    cdef char *malloc(self, Py_ssize_t nbytes, Py_ssize_t *block_bytes, char **kptr=NULL) except NULL:
        """A block of at least nbytes: its device address; *kptr (when given) its kernel alias."""
        if nbytes > UNLIMITED:
            # before rounding, which would wrap: no capacity can hold this many bytes
            raise OutOfMemoryError("device out of memory: tried to allocate %d bytes, more than the "
                                   "device can address (%d bytes)" % (nbytes, UNLIMITED))
        cdef Py_ssize_t size = _round_block(nbytes)
        cdef list blocks = self.free_blocks.get(size)
        cdef void *p = NULL
        self.n_allocs += 1
        if self.device is not None:
            return self._malloc_raw_device(nbytes, size, block_bytes, kptr)
        if blocks:
            p = <void *><size_t>blocks.pop()
            self.n_cache_hits += 1
        else:
            if self.reserved + size > self.capacity:
                self.empty_cache()
                if self.reserved + size > self.capacity:
                    raise OutOfMemoryError(
                        "device out of memory: tried to allocate %d bytes with %d bytes "
                        "in use of a capacity of %d bytes" % (nbytes, self.allocated, self.capacity))
            if posix_memalign(&p, LARGE_ROUND if size >= LARGE_THRESHOLD else ALIGNMENT,
                              <size_t>size) != 0 or p == NULL:
                self.empty_cache()
                if posix_memalign(&p, ALIGNMENT, <size_t>size) != 0 or p == NULL:
                    raise OutOfMemoryError("device out of memory: the host refused %d bytes" % size)
            if size >= LARGE_THRESHOLD:
                ao_advise_huge_pages(p, <size_t>size)
            self.reserved += size
        self.allocated += size
        if self.allocated > self.peak:
            self.peak = self.allocated
        block_bytes[0] = size
        if kptr != NULL:
            kptr[0] = <char *>p
        return <char *>p

    cdef char *_malloc_raw_device(self, Py_ssize_t nbytes, Py_ssize_t size, Py_ssize_t *block_bytes,
                                  char **kptr) except NULL:
        """malloc() of a device other than cpu: the same policy over its raw allocator."""
        cdef list blocks = self.free_blocks.get(size)
        cdef char *p
        cdef char *kp = NULL
        if blocks:
            p = <char *><size_t>blocks.pop()
            self.n_cache_hits += 1
        else:
            if self.reserved + size > self.capacity:
                self.empty_cache()
                if self.reserved + size > self.capacity:
                    raise OutOfMemoryError(
                        "%s out of memory: tried to allocate %d bytes with %d bytes in use of a "
                        "capacity of %d bytes" % (self.device, nbytes, self.allocated, self.capacity))
            try:
                p = self.device.raw_alloc(<size_t>size, &kp)
            except OutOfMemoryError:
                self.empty_cache()
                p = self.device.raw_alloc(<size_t>size, &kp)
            self.device.kptr_of[<size_t>p] = <size_t>kp
            self.reserved += size
        self.allocated += size
        if self.allocated > self.peak:
            self.peak = self.allocated
        block_bytes[0] = size
        if kptr != NULL:
            kptr[0] = <char *><size_t>self.device.kptr_of[<size_t>p]
        return p

    cdef void release(self, char *ptr, Py_ssize_t size):
        self.allocated -= size
        blocks = self.free_blocks.get(size)
        if blocks is None:
            self.free_blocks[size] = [<size_t>ptr]
        else:
            blocks.append(<size_t>ptr)

    cpdef empty_cache(self):
        for size, blocks in self.free_blocks.items():
            for addr in blocks:
                if self.device is None:
                    free(<void *><size_t>addr)
                else:
                    self.device.raw_free(<char *><size_t>addr,
                                         <char *><size_t>self.device.kptr_of.pop(addr), <size_t>size)
                self.reserved -= size
        self.free_blocks.clear()

    def stats(self):
        return {"allocated_bytes": self.allocated, "reserved_bytes": self.reserved,
                "peak_allocated_bytes": self.peak, "capacity_bytes": self.capacity,
                "num_allocs": self.n_allocs, "num_cache_hits": self.n_cache_hits}


# aclrtMemcpyKind
MEMCPY_HOST_TO_HOST, MEMCPY_HOST_TO_DEVICE, MEMCPY_DEVICE_TO_HOST, MEMCPY_DEVICE_TO_DEVICE, MEMCPY_DEFAULT = range(5)


# ---------------------------------------------------------------------------
# Devices. A Device owns a caching allocator over its raw memory, copies and (set up
# by _runtime.pxi) its streams. Kinds:
#   cpu          today's device: host memory, kernels run synchronously (kptr == ptr)
#   cpu:strict   a CPU device that behaves like an NPU: its memory is not host
#                accessible (ptr is a PROT_NONE mapping; kptr a read-write alias only
#                kernels and copies use) and its streams run work on their own thread
#   npu:N        an Ascend NPU through CANN (the npu backend; see below)
#
# What an npu device supplies (a cdef subclass of Device, registered with
# _register_device_factory("npu", factory) where factory(index) -> Device):
#   raw_alloc(nbytes, &kptr)  aclrtMalloc; *kptr = NULL (not host accessible); raise
#                             OutOfMemoryError on ACL_ERROR_RT_MEMORY_ALLOCATION, other
#                             failures as AclError; the caching allocator above it
#                             (rounding, cache, stats, capacity, OOM retry) is shared
#   raw_free(ptr, kptr, n)    aclrtFree
#   copy_bytes(dst, src, n, kind)  aclrtMemcpy with aclrtMemcpyKind (device sides are
#                             device addresses, Memory.ptr / Tensor.data)
#   kernels_on_host = False   so that copies, numpy() and the dispatcher go through
#                             copy_bytes and the run-op hook instead of kptr
#   streams: Stream(device=npu) calls _stream_hooks[device.type] (see _runtime.pxi):
#             create(device) -> handle, synchronize(handle), destroy(handle)
#   run-op: _run_op_hooks[device.type](op, plan, tensors, workspace, stream), set by
#             the npu dispatcher; phase 2 and the numpy-like call use it for tensors
#             of that device (see _executor.pxi's _launch_on)
# Tensors of devices other than cpu only exist once such a device was made, so the
# cpu paths check one global flag (_devices_in_use) before doing any device work.
# ---------------------------------------------------------------------------
cdef bint _devices_in_use = False
cdef dict _devices = {}             # canonical name -> Device
cdef dict _device_factories = {}    # "npu" -> factory(index) -> Device


cdef class Device:
    """A device tensors live on: "cpu", "cpu:strict" or "npu:N". Hashable; equal to its
    name (and "cpu:0" to "cpu"). Obtain with ascendops.device(spec); `with device:`
    makes it the current device of this thread / async context."""

    def __init__(self, *args, **kwargs):
        raise TypeError("devices come from ascendops.device(spec), e.g. ascendops.device(\"cpu:strict\")")

    cdef char *raw_alloc(self, size_t nbytes, char **kptr) except NULL:
        cdef char *p
        cdef void *v = NULL
        if self.strict:
            p = ao_strict_map(nbytes, kptr)
            if p == NULL:
                raise OutOfMemoryError("%s out of memory: mapping %d bytes failed (errno %d)"
                                       % (self, nbytes, errno))
            return p
        if posix_memalign(&v, ALIGNMENT, nbytes) != 0 or v == NULL:
            raise OutOfMemoryError("%s out of memory: the host refused %d bytes" % (self, nbytes))
        kptr[0] = <char *>v
        return <char *>v

    cdef int raw_free(self, char *ptr, char *kptr, size_t nbytes) except -1:
        if self.strict:
            ao_strict_unmap(ptr, kptr, nbytes)
        else:
            free(ptr)
        return 0

    cdef int copy_bytes(self, char *dst, const char *src, size_t nbytes, int kind) except -1:
        """aclrtMemcpy of contiguous bytes; the CPU devices' device sides are kernel
        aliases (kptr), since their copies run on the host."""
        if nbytes >= <size_t>GIL_FREE_COPY_BYTES:
            with nogil:
                _memmove_bytes(dst, src, nbytes)
        else:
            _memmove_bytes(dst, src, nbytes)
        return 0

    @property
    def name(self):
        return self._name

    def memory_stats(self):
        return (<_CachingAllocator>self.allocator).stats()

    def __str__(self):
        return self._name

    def __repr__(self):
        return "device(%r)" % self._name

    def __hash__(self):
        return hash(self._name)

    def __eq__(self, other):
        if isinstance(other, Device):
            return self is other
        if isinstance(other, str):
            try:
                return _parse_device_name(other) == self._name
            except ValueError:
                return False
        return NotImplemented

    def __reduce__(self):
        return (device, (self._name,))

    def __enter__(self):
        # The undo record (the ContextVar's token) is kept in the same context as the
        # change, so every thread and asyncio task undoes its own blocks (a Device is
        # shared: the record cannot live on it, as soc()'s does on its instance).
        token = _device_override.set(self)
        _device_tokens.set(_device_tokens.get() + (token,))
        return self

    def __exit__(self, *exc):
        tokens = _device_tokens.get()
        if tokens:
            _device_tokens.set(tokens[:-1])
            _device_override.reset(tokens[-1])


from libc.string cimport memmove as _memmove_bytes


cdef Device _new_device(str type_, int index, bint strict, str name):
    global _devices_in_use
    cdef Device d = Device.__new__(Device)
    d.type = type_
    d.index = index
    d.strict = strict
    d.kernels_on_host = type_ == "cpu"
    d._name = name
    d.kptr_of = {}
    d._streams = _weakref_mod.WeakSet()
    d.allocator = _CachingAllocator()
    if name != "cpu":
        (<_CachingAllocator>d.allocator).device = d
        _devices_in_use = True
    return d


import weakref as _weakref_mod
import contextvars as _contextvars_mod

cdef Device _cpu_device = _new_device("cpu", 0, False, "cpu")
_devices["cpu"] = _cpu_device
cdef _CachingAllocator _allocator = <_CachingAllocator>_cpu_device.allocator
cdef object _device_override = _contextvars_mod.ContextVar("ascendops_device", default=None)
cdef object _active_device = _cpu_device
# The tokens of this context's open `with device(...)` blocks, innermost last.
cdef object _device_tokens = _contextvars_mod.ContextVar("ascendops_device_tokens", default=())


cdef str _parse_device_name(str spec):
    """The canonical name of a device spec: "cpu", "cpu:0" -> "cpu"; "cpu:strict";
    "npu" -> "npu:0"; "npu:N"."""
    text = spec.strip().lower()
    kind, _, rest = text.partition(":")
    if kind == "cpu" and rest in ("", "0"):
        return "cpu"
    if kind == "cpu" and rest == "strict":
        return "cpu:strict"
    if kind == "npu":
        if rest == "":
            return "npu:0"
        if rest.isdigit():
            # CANN's device ids are int32_t (aclrtSetDevice)
            return "npu:%d" % _bounded_int(rest, "device(%r): the index" % (spec,), 0, MAX_DEVICE_INDEX,
                                           "an index", True)
    raise ValueError("device: %r is not a device; expected \"cpu\", \"cpu:strict\" or \"npu:N\"" % (spec,))


def _register_device_factory(str type_, factory):
    """For a backend (npu): factory(index) -> a Device subclass instance, made with
    _init_device; called once per index, on first use of "type:index"."""
    _device_factories[type_] = factory


def _init_device(Device d, str type_, int index):
    """Fills a Device (or subclass) made by a backend's factory with Device.__new__:
    the fields, its caching allocator, and the registry entry."""
    global _devices_in_use
    d.type = type_
    d.index = index
    d.strict = False
    d.kernels_on_host = False
    d._name = "%s:%d" % (type_, index)
    d.kptr_of = {}
    d._streams = _weakref_mod.WeakSet()
    d.allocator = _CachingAllocator()
    (<_CachingAllocator>d.allocator).device = d
    _devices_in_use = True
    return d


cpdef Device device(spec="cpu"):
    """The Device `spec` names (a str like "cpu", "cpu:strict", "npu:0", or a Device).
    As a context manager, `with ascendops.device("cpu:strict"):` makes it the current
    device of this thread / async context for the block."""
    cdef Device d
    if isinstance(spec, Device):
        return <Device>spec
    if not isinstance(spec, str):
        raise TypeError("device: expected a str such as \"cpu\" or \"cpu:strict\", or a Device, got %s"
                        % type(spec).__name__)
    name = _parse_device_name(<str>spec)
    found = _devices.get(name)
    if found is not None:
        return <Device>found
    if name == "cpu:strict":
        if not AO_HAVE_STRICT:
            raise RuntimeError("device: cpu:strict needs Linux (memfd_create and mmap)")
        d = _new_device("cpu", 0, True, name)
    else:
        type_, _, idx = name.partition(":")
        factory = _device_factories.get(type_)
        if factory is None:
            raise RuntimeError("device %r: no %s backend is available in this build" % (spec, type_))
        d = factory(int(idx))
        if not isinstance(d, Device):
            raise TypeError("device %r: the %s backend returned %r, not a Device" % (spec, type_, d))
    _devices[name] = d
    return d


cdef inline Device _current_device():
    d = _contextvar_get_dev(_device_override)
    return <Device>(_active_device if d is None else d)


from cpython.contextvars cimport get_value as _contextvar_get_dev


def get_device():
    """The current device: of the innermost `with ascendops.device(...)` block of this
    thread / context, else the process-wide one (set_device; "cpu" by default)."""
    return _current_device()


def set_device(spec):
    """Makes `spec` the current device: of the process, or inside a `with device(...)`
    block, of this thread / context until the block ends."""
    global _active_device
    cdef Device d = device(spec)
    if _device_override.get() is not None:
        _device_override.set(d)
    else:
        _active_device = d


cdef _CachingAllocator _allocator_of(object dev):
    return <_CachingAllocator>(_cpu_device if dev is None else device(dev)).allocator


def memory_allocated(device=None):
    """Bytes of device memory in live blocks (rounded block sizes); device: default cpu."""
    return _allocator_of(device).allocated


def memory_reserved(device=None):
    """Bytes the device holds: live blocks plus freed blocks kept for reuse."""
    return _allocator_of(device).reserved


def max_memory_allocated(device=None):
    return _allocator_of(device).peak


def memory_stats(device=None):
    """A dict of the allocator's counters."""
    return _allocator_of(device).stats()


def empty_cache(device=None):
    """Returns every cached (free) block to the host (to the device's raw allocator)."""
    _allocator_of(device).empty_cache()


def set_device_capacity(nbytes, device=None):
    """Limits the device's reserved memory to `nbytes` (None: unlimited); the
    environment variable ASCENDOPS_DEVICE_CAPACITY (e.g. "8G") sets it at import."""
    _allocator_of(device).capacity = UNLIMITED if nbytes is None else _parse_bytes(nbytes, "set_device_capacity: device capacity")


def get_device_capacity(device=None):
    cdef _CachingAllocator a = _allocator_of(device)
    return None if a.capacity == UNLIMITED else a.capacity


cimport cython


# no_gc_clear: when the collector breaks a reference cycle through a Memory, its
# `device` must still be there for __dealloc__ to return the block to that device's
# allocator (tp_clear would set it to None first).
@cython.no_gc_clear
cdef class Memory:
    def __cinit__(self):
        self.ptr = NULL
        # Memory.__new__ (an uninitialised instance, _tensor.pxi's _NO_STORAGE) is an
        # empty block of the cpu device: nothing may find a None device (a crash).
        self.device = _cpu_device

    def __dealloc__(self):
        if self.ptr != NULL and self.block_bytes > 0 and self.device is not None:
            (<_CachingAllocator>self.device.allocator).release(self.ptr, self.block_bytes)
        self.ptr = NULL

    @property
    def kptr_int(self):
        """The address the device's CPU kernels use (cpu: ptr; cpu:strict: the read-write
        alias; 0 where the host cannot reach the memory at all, npu)."""
        return <size_t>self.kptr

    @property
    def ptr_int(self):
        """The address of the first byte, as an int."""
        return <size_t>self.ptr

    @property
    def borrowed(self):
        return self.owner is not None

    def __repr__(self):
        return "<ascendops.Memory %d bytes at 0x%x%s>" % (
            self.nbytes, <size_t>self.ptr, " borrowed" if self.owner is not None else "")


cdef Memory _device_malloc(Py_ssize_t nbytes):
    """A block of the cpu device."""
    cdef Memory m = Memory.__new__(Memory)
    m.ptr = _allocator.malloc(nbytes, &m.block_bytes)
    m.kptr = m.ptr
    m.device = _cpu_device
    m.nbytes = nbytes
    return m


cdef Memory _device_malloc_on(Device dev, Py_ssize_t nbytes):
    """A block of `dev`."""
    if dev is _cpu_device:
        return _device_malloc(nbytes)
    cdef Memory m = Memory.__new__(Memory)
    m.ptr = (<_CachingAllocator>dev.allocator).malloc(nbytes, &m.block_bytes, &m.kptr)
    m.device = dev
    m.nbytes = nbytes
    return m


cdef Memory _borrow(object owner, char *ptr, Py_ssize_t nbytes, bint readonly):
    """Host memory of `owner` (kept alive), on the cpu device."""
    cdef Memory m = Memory.__new__(Memory)
    m.ptr = ptr
    m.kptr = ptr
    m.device = _cpu_device
    m.nbytes = nbytes
    m.owner = owner
    m.readonly = readonly
    return m


# Copies above this many bytes release the GIL.
cdef Py_ssize_t GIL_FREE_COPY_BYTES = 1 << 16


cdef int _strided_copy(int ndim, const int64_t *shape, int64_t itemsize,
                       char *dst, const int64_t *dst_strides,
                       const char *src, const int64_t *src_strides, int64_t nbytes) except -1:
    cdef int rc
    if nbytes >= GIL_FREE_COPY_BYTES:
        with nogil:
            rc = ao_strided_copy(ndim, shape, itemsize, dst, dst_strides, src, src_strides, 0)
    else:
        rc = ao_strided_copy(ndim, shape, itemsize, dst, dst_strides, src, src_strides, 1)
    if rc != 0:
        raise AclError(ACL_ERROR_INVALID_PARAM, "strided copy rejected its arguments")
    return 0
