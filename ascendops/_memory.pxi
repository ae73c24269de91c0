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

# Blocks are aligned for AVX-512 loads and cache lines; large blocks to huge pages.
cdef Py_ssize_t ALIGNMENT = 64
cdef Py_ssize_t SMALL_ROUND = 512            # like CuPy's pool
cdef Py_ssize_t LARGE_THRESHOLD = 1 << 20
cdef Py_ssize_t LARGE_ROUND = 1 << 21        # 2 MiB: huge-page granularity
cdef Py_ssize_t UNLIMITED = (<Py_ssize_t>1) << 62


cdef inline Py_ssize_t _round_block(Py_ssize_t nbytes):
    if nbytes <= 0:
        return SMALL_ROUND
    if nbytes < LARGE_THRESHOLD:
        return (nbytes + SMALL_ROUND - 1) // SMALL_ROUND * SMALL_ROUND
    return (nbytes + LARGE_ROUND - 1) // LARGE_ROUND * LARGE_ROUND


_BYTES_FORMS = ("a number of bytes >= 0, optionally with a K, M, G or T suffix (powers of "
                "1024) and a trailing B: e.g. 8G, 512MB, 1.5G, 1048576")


def _parse_bytes(text):
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
    if not (0 <= number < float("inf")):   # also NaN, which int() refuses
        raise ValueError("device capacity %r: expected %s" % (original, _BYTES_FORMS))
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

    def __cinit__(self):
        self.free_blocks = {}
        self.capacity = UNLIMITED
        env = os.environ.get("ASCENDOPS_DEVICE_CAPACITY")
        if env:
            try:
                self.capacity = _parse_bytes(env)
            except ValueError:
                raise ValueError("environment variable ASCENDOPS_DEVICE_CAPACITY=%r: expected %s"
                                 % (env, _BYTES_FORMS)) from None

    cdef char *malloc(self, Py_ssize_t nbytes, Py_ssize_t *block_bytes) except NULL:
        if nbytes > UNLIMITED:
            # before rounding, which would wrap: no capacity can hold this many bytes
            raise OutOfMemoryError("device out of memory: tried to allocate %d bytes, more than the "
                                   "device can address (%d bytes)" % (nbytes, UNLIMITED))
        cdef Py_ssize_t size = _round_block(nbytes)
        cdef list blocks = self.free_blocks.get(size)
        cdef void *p = NULL
        self.n_allocs += 1
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
        return <char *>p

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
                free(<void *><size_t>addr)
                self.reserved -= size
        self.free_blocks.clear()

    def stats(self):
        return {"allocated_bytes": self.allocated, "reserved_bytes": self.reserved,
                "peak_allocated_bytes": self.peak, "capacity_bytes": self.capacity,
                "num_allocs": self.n_allocs, "num_cache_hits": self.n_cache_hits}


cdef _CachingAllocator _allocator = _CachingAllocator()


def memory_allocated():
    """Bytes of device memory in live blocks (rounded block sizes)."""
    return _allocator.allocated


def memory_reserved():
    """Bytes the device holds: live blocks plus freed blocks kept for reuse."""
    return _allocator.reserved


def max_memory_allocated():
    return _allocator.peak


def memory_stats():
    """A dict of the allocator's counters."""
    return _allocator.stats()


def empty_cache():
    """Returns every cached (free) block to the host."""
    _allocator.empty_cache()


def set_device_capacity(nbytes):
    """Limits the device's reserved memory to `nbytes` (None: unlimited); the
    environment variable ASCENDOPS_DEVICE_CAPACITY (e.g. "8G") sets it at import."""
    _allocator.capacity = UNLIMITED if nbytes is None else _parse_bytes(nbytes)


def get_device_capacity():
    return None if _allocator.capacity == UNLIMITED else _allocator.capacity


cdef class Memory:
    def __cinit__(self):
        self.ptr = NULL

    def __dealloc__(self):
        if self.ptr != NULL and self.block_bytes > 0:
            _allocator.release(self.ptr, self.block_bytes)
        self.ptr = NULL

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
    cdef Memory m = Memory.__new__(Memory)
    m.ptr = _allocator.malloc(nbytes, &m.block_bytes)
    m.nbytes = nbytes
    return m


cdef Memory _borrow(object owner, char *ptr, Py_ssize_t nbytes, bint readonly):
    cdef Memory m = Memory.__new__(Memory)
    m.ptr = ptr
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
