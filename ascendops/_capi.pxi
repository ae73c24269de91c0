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
        AO_ARG_TENSOR_LIST
        AO_ARG_RESULT


cdef int ACL_ERROR_INVALID_PARAM_ = 100000
cdef int ACL_ERROR_BAD_ALLOC_ = 200000
cdef int ACL_ERROR_INTERNAL_ = 500000
# the runtime's codes (acl/error_codes/rt_error_codes.h)
cdef int ACL_ERROR_RT_PARAM_INVALID_ = 107000
cdef int ACL_ERROR_RT_FEATURE_NOT_SUPPORT_ = 207000
cdef int ACL_ERROR_RT_MEMORY_ALLOCATION_ = 207001
cdef int ACL_ERROR_RT_DRV_INTERNAL_ERROR_ = 507899

# aclrtMalloc blocks: base address -> Memory (from the device allocator), and the
# sorted bases, so that any device address can be checked against its block.
cdef dict _capi_blocks = {}
cdef list _capi_bases = []
# The plain aclrtMalloc blocks _capi_block found last, the latest first: a program's
# tensors, copies and workspaces lie in a few blocks, so most lookups end here, before
# the bisect. aclrtFree empties it (it would keep a freed block alive); reservations
# (aclrtReserveMemAddress), whose bytes must be checked as mapped, are never kept here.
cdef list _capi_recent_blocks = []
cdef int _CAPI_RECENT_BLOCKS = 4
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
    """The Memory of the aclrtMalloc block, or of the aclrtReserveMemAddress range, that
    holds [addr, addr + nbytes), or None; in a range, every byte must be mapped
    (aclrtMapMem: the bytes may span adjacent mappings)."""
    cdef Memory m
    cdef size_t off
    for found in _capi_recent_blocks:
        m = <Memory>found
        off = addr - <size_t>m.ptr
        if addr >= <size_t>m.ptr and off < <size_t>m.nbytes and nbytes <= <size_t>m.nbytes - off:
            return m
    i = bisect.bisect_right(_capi_bases, addr) - 1
    if i < 0:
        return None
    base = _capi_bases[i]
    m = _capi_blocks[base]
    if addr - base + nbytes > <size_t>m.nbytes or addr >= base + <size_t>max(m.nbytes, 1):
        return None
    if m.owner is not None:
        if not (<_VmmReservation>m.owner).covers(addr, nbytes if nbytes else 1):
            return None
    elif m.nbytes > 0:
        _capi_recent_blocks.insert(0, m)
        del _capi_recent_blocks[_CAPI_RECENT_BLOCKS:]
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
        if addr in _vmm_reservations:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtFree: 0x%x is an address range from "
                             "aclrtReserveMemAddress (release it with aclrtReleaseMemAddress)" % addr)
        if _capi_blocks.pop(addr, None) is None:
            return _capi_set(ACL_ERROR_INVALID_PARAM_, "aclrtFree: 0x%x is not a live block from "
                             "aclrtMalloc (freed twice, or never allocated)" % addr)
        del _capi_bases[bisect.bisect_left(_capi_bases, addr)]
        _capi_recent_blocks.clear()
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


# -- runtime: virtual memory management ------------------------------------------------------
# aclrtReserveMemAddress / aclrtMallocPhysical / aclrtMapMem on Linux: a reservation is a
# PROT_NONE address range; physical memory is a memory object (memfd); mapping puts the
# object's pages at an address of the range (MAP_FIXED | MAP_SHARED), unmapping turns the
# range back into PROT_NONE. A reservation is registered as one device block (_capi_blocks:
# its Memory, owner the _VmmReservation) whose mapped bytes _capi_block accepts, so mapped
# memory is device memory like aclrtMalloc's for aclCreateTensor, the ops, aclrtMemcpy and
# aclrtMemset. Kernels and copies use Memory.kptr: on cpu the range itself (mapped
# read-write); on cpu:strict the range is mapped PROT_NONE (a host dereference faults, as
# for aclrtMalloc's blocks) and a second range of the same size, the kernel alias, holds a
# read-write mapping of the same pages at the same offset, so bytes that span adjacent
# mappings are contiguous there too.
#
# The codes are CANN's, layer by layer (hicann/runtime 681ef7610df13c8128982901142a2c869ddbb53e:
# src/acl/aclrt_impl/memory.cpp, src/runtime/driver/npu_driver_mem.cc,
# src/runtime/core/src/common/errcode_manage.cc; hicann/driver
# ef377e950a32b1641c108c59481e39e9643b7d63: src/ascend_hal/svm/v2/devmm/devmm_svm.c, the
# kernel's src/sdk_driver/svm/v2/master/comm/svm_master_mem_map.c): the driver library's
# own checks fail with DRV_ERROR_INVALID_VALUE -> ACL_ERROR_RT_PARAM_INVALID (107000); the
# kernel's (-EINVAL, -EADDRINUSE: an address outside a reservation, unaligned, already
# mapped; unmapping an address that is not a mapping) reach the runtime as
# DRV_ERROR_PARA_ERROR / DRV_ERROR_IOCRL_FAIL -> ACL_ERROR_RT_DRV_INTERNAL_ERROR (507899);
# out of memory -> ACL_ERROR_RT_MEMORY_ALLOCATION (207001).
cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #include <sys/syscall.h>
    #include <unistd.h>
    #include <errno.h>
    #include <stdint.h>
    #ifndef MAP_FIXED_NOREPLACE
    #define MAP_FIXED_NOREPLACE 0x100000
    #endif
    /* An inaccessible address range of n bytes aligned to `align` (a power of two), at
     * `want` when not NULL; NULL on failure (errno). */
    static char *ao_vmm_reserve(size_t n, size_t align, char *want)
    {
        if (want != NULL) {
            void *p = mmap(want, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
                           -1, 0);
            if (p == MAP_FAILED)
                return NULL;
            if ((char *)p != want) {    /* kernels before 4.17 take the flag as a hint */
                munmap(p, n);
                errno = EEXIST;
                return NULL;
            }
            return want;
        }
        if (n + align < n) {
            errno = ENOMEM;
            return NULL;
        }
        char *p = (char *)mmap(NULL, n + align, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == (char *)MAP_FAILED)
            return NULL;
        char *a = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
        if (a > p)
            munmap(p, (size_t)(a - p));
        if (p + n + align > a + n)
            munmap(a + n, (size_t)(p + n + align - (a + n)));
        return a;
    }
    static void ao_vmm_release(char *p, size_t n) { munmap(p, n); }
    /* A memory object of n bytes: its fd, or -errno. */
    static int ao_vmm_create(size_t n)
    {
        int fd = (int)syscall(SYS_memfd_create, "ascendops-vmm", 1u /* MFD_CLOEXEC */);
        if (fd < 0)
            return -errno;
        if (ftruncate(fd, (off_t)n) != 0) {
            int e = errno;
            close(fd);
            return -e;
        }
        return fd;
    }
    static void ao_vmm_close(int fd) { close(fd); }
    /* Maps the first n bytes of fd at va (inside a reservation): 0 or errno. */
    static int ao_vmm_map(char *va, size_t n, int fd, int writable)
    {
        void *p = mmap(va, n, writable ? PROT_READ | PROT_WRITE : PROT_NONE, MAP_SHARED | MAP_FIXED, fd, 0);
        return p == MAP_FAILED ? errno : 0;
    }
    /* Puts [va, va + n) back to reserved, inaccessible memory: 0 or errno. */
    static int ao_vmm_unmap(char *va, size_t n)
    {
        void *p = mmap(va, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
        return p == MAP_FAILED ? errno : 0;
    }
    #define AO_HAVE_VMM 1
    #else
    static char *ao_vmm_reserve(size_t n, size_t align, char *want) { (void)n; (void)align; (void)want; return NULL; }
    static void ao_vmm_release(char *p, size_t n) { (void)p; (void)n; }
    static int ao_vmm_create(size_t n) { (void)n; return -1; }
    static void ao_vmm_close(int fd) { (void)fd; }
    static int ao_vmm_map(char *va, size_t n, int fd, int writable) { (void)va; (void)n; (void)fd; (void)writable; return -1; }
    static int ao_vmm_unmap(char *va, size_t n) { (void)va; (void)n; return -1; }
    #define AO_HAVE_VMM 0
    #endif
    """
    char *ao_vmm_reserve(size_t n, size_t align, char *want) nogil
    void ao_vmm_release(char *p, size_t n) nogil
    int ao_vmm_create(size_t n) nogil
    void ao_vmm_close(int fd) nogil
    int ao_vmm_map(char *va, size_t n, int fd, int writable) nogil
    int ao_vmm_unmap(char *va, size_t n) nogil
    enum: AO_HAVE_VMM


cdef size_t _VMM_GRANULARITY = 2 << 20      # DEVMM_MEM_ALLOC_RECOMMENDED_GRANULARITY
cdef size_t _VMM_HEAP = 1 << 30             # DEVMM_HEAP_SIZE: reservations over 512 MiB align to it


cdef class _VmmPhysical:
    """aclrtDrvMemHandle: a memory object of `size` bytes. Released when aclrtFreePhysical
    was called and its last mapping is gone (the driver keeps a mapped handle's memory:
    svm_mem_release counts the mappings)."""
    cdef size_t key             # the handle's value
    cdef int fd
    cdef size_t size
    cdef size_t granularity
    cdef int maps
    cdef bint freed
    cdef Device device          # whose allocator counts its bytes


cdef class _VmmReservation:
    """An address range of aclrtReserveMemAddress and its mappings (start -> (size, handle))."""
    cdef size_t base
    cdef size_t size
    cdef size_t kbase           # the kernels' address of base (cpu: base; cpu:strict: the alias)
    cdef list starts            # mapping starts, sorted
    cdef dict maps
    cdef bint released

    cdef bint covers(self, size_t addr, size_t n):
        """Whether [addr, addr + n) lies in mapped bytes (adjacent mappings join)."""
        if self.released:
            return False
        i = bisect.bisect_right(self.starts, addr) - 1
        if i < 0:
            return False
        end = addr + n
        pos = addr
        while True:
            start = self.starts[i]
            stop = start + self.maps[start][0]
            if pos < start or pos >= stop:
                return False
            if end <= stop:
                return True
            pos = stop
            i += 1
            if i >= len(self.starts):
                return False


# Handles are opaque numbers, never reused (a stale handle is an error, never another's).
cdef dict _vmm_handles = {}
cdef size_t _vmm_next_handle = 0x5A0000
cdef dict _vmm_reservations = {}           # base -> _VmmReservation
cdef bint _vmm_used = False                 # a reservation was made (phase 2 checks its tensors)


cdef _VmmReservation _vmm_reservation_of(size_t addr):
    """The live reservation whose range holds addr, or None."""
    i = bisect.bisect_right(_capi_bases, addr) - 1
    if i < 0:
        return None
    res = _vmm_reservations.get(_capi_bases[i])
    if res is None or addr >= (<_VmmReservation>res).base + (<_VmmReservation>res).size:
        return None
    return res


cdef api int ascendops_capi_vmm_reserve(void **out, size_t size, size_t alignment, void *expect) noexcept:
    """aclrtReserveMemAddress (the shim checked out, size, flags): the driver's rules
    (halMemAddressReserve): alignment is reserved (0); a requested address must be aligned
    (1 GiB above 512 MiB, else 2 MiB and the power of two at or above size); the size is
    rounded up to the 2 MiB granularity."""
    global _vmm_used
    cdef _VmmReservation res
    cdef Memory block
    cdef char *va
    cdef char *ka
    cdef size_t n, align, want = <size_t>expect
    try:
        if not AO_HAVE_VMM:
            return _capi_set(ACL_ERROR_RT_FEATURE_NOT_SUPPORT_, "aclrtReserveMemAddress: virtual memory "
                             "management needs Linux (mmap, memfd_create)")
        if alignment != 0:
            return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtReserveMemAddress: alignment is reserved and "
                             "must be 0, got %d" % alignment)
        if size > (<size_t>1 << 62):
            return _capi_set(ACL_ERROR_RT_MEMORY_ALLOCATION_, "aclrtReserveMemAddress: %d bytes is more address "
                             "space than the device has" % size)
        n = (size + _VMM_GRANULARITY - 1) // _VMM_GRANULARITY * _VMM_GRANULARITY
        align = _VMM_HEAP if size > _VMM_HEAP // 2 else _VMM_GRANULARITY
        if want:
            need = align
            if size <= _VMM_HEAP // 2 and size > _VMM_GRANULARITY:
                need = 1 << (size - 1).bit_length()
            if want % need:
                return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtReserveMemAddress: expectPtr 0x%x is not "
                                 "aligned to %d bytes" % (want, need))
        dev = _capi_device()
        va = ao_vmm_reserve(n, align, <char *>expect)
        if va == NULL:
            return _capi_set(ACL_ERROR_RT_MEMORY_ALLOCATION_, "aclrtReserveMemAddress: no address range of %d "
                             "bytes%s (errno %d)" % (n, " at 0x%x" % want if want else "", errno))
        ka = va
        if dev.strict:
            ka = ao_vmm_reserve(n, _VMM_GRANULARITY, NULL)
            if ka == NULL:
                ao_vmm_release(va, n)
                return _capi_set(ACL_ERROR_RT_MEMORY_ALLOCATION_, "aclrtReserveMemAddress: no address range "
                                 "of %d bytes for the kernel alias (errno %d)" % (n, errno))
        res = _VmmReservation.__new__(_VmmReservation)
        res.base = <size_t>va
        res.size = n
        res.kbase = <size_t>ka
        res.starts = []
        res.maps = {}
        block = Memory.__new__(Memory)
        block.ptr = va
        block.kptr = ka
        block.device = dev
        block.nbytes = n
        block.owner = res       # block_bytes 0: the allocator never sees it
        _vmm_reservations[res.base] = res
        _vmm_used = True
        _capi_blocks[res.base] = block
        bisect.insort(_capi_bases, res.base)
        out[0] = <void *>va
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_vmm_release(void *ptr) noexcept:
    """aclrtReleaseMemAddress: ptr must be a reservation's start (else 107000, the driver's
    "address is not allocated"); a reservation still mapped is refused (507899: its heap
    cannot be freed)."""
    cdef _VmmReservation res
    try:
        res = _vmm_reservations.get(<size_t>ptr)
        if res is None:
            return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtReleaseMemAddress: 0x%x is not the start of an "
                             "address range from aclrtReserveMemAddress" % <size_t>ptr)
        if res.starts:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtReleaseMemAddress: 0x%x still has %d "
                             "mapping(s): aclrtUnmapMem them first" % (res.base, len(res.starts)))
        del _vmm_reservations[res.base]
        del _capi_blocks[res.base]
        del _capi_bases[bisect.bisect_left(_capi_bases, res.base)]
        res.released = True     # tensors still viewing it are refused by phase 2 (_capi_stale)
        ao_vmm_release(<char *>res.base, res.size)
        if res.kbase != res.base:
            ao_vmm_release(<char *>res.kbase, res.size)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_vmm_create(void **out, size_t size, size_t granularity) noexcept:
    """aclrtMallocPhysical (the shim checked the arguments and the properties): size must be
    a multiple of the page size (the kernel's devmm_ioctl_mem_create_para_check: 507899);
    the bytes count as the device's memory (capacity, memory_allocated)."""
    global _vmm_next_handle
    cdef _VmmPhysical h
    cdef _CachingAllocator a
    cdef int fd
    try:
        if not AO_HAVE_VMM:
            return _capi_set(ACL_ERROR_RT_FEATURE_NOT_SUPPORT_, "aclrtMallocPhysical: virtual memory "
                             "management needs Linux (mmap, memfd_create)")
        if size % granularity:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtMallocPhysical: size %d is not a multiple "
                             "of the granularity, %d bytes (aclrtMemGetAllocationGranularity)" % (size, granularity))
        dev = _capi_device()
        a = <_CachingAllocator>dev.allocator
        # the device's size bounds it as aclrtGetMemInfo reports it (with no capacity set: the
        # host's memory; the pages are only taken when touched)
        if (size > <size_t>UNLIMITED or a.reserved + <Py_ssize_t>size > a.capacity
                or a.allocated + size > _capi_total_memory(a)):
            a.empty_cache()
            if (size > <size_t>UNLIMITED or a.reserved + <Py_ssize_t>size > a.capacity
                    or a.allocated + size > _capi_total_memory(a)):
                return _capi_set(ACL_ERROR_RT_MEMORY_ALLOCATION_, "aclrtMallocPhysical: out of memory: %d bytes "
                                 "asked with %d in use of %d" % (size, a.allocated, _capi_total_memory(a)))
        fd = ao_vmm_create(size)
        if fd < 0:
            return _capi_set(ACL_ERROR_RT_MEMORY_ALLOCATION_, "aclrtMallocPhysical: the host refused %d bytes "
                             "(errno %d)" % (size, -fd))
        h = _VmmPhysical.__new__(_VmmPhysical)
        h.fd = fd
        h.size = size
        h.granularity = granularity
        h.device = dev
        a.reserved += size
        a.allocated += size
        if a.allocated > a.peak:
            a.peak = a.allocated
        _vmm_next_handle += 16
        h.key = _vmm_next_handle
        _vmm_handles[h.key] = h
        out[0] = <void *>_vmm_next_handle
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef int _vmm_destroy(_VmmPhysical h) except -1:
    cdef _CachingAllocator a = <_CachingAllocator>h.device.allocator
    del _vmm_handles[h.key]
    ao_vmm_close(h.fd)
    h.fd = -1
    a.reserved -= h.size
    a.allocated -= h.size
    return 0


cdef api int ascendops_capi_vmm_free(void *handle) noexcept:
    """aclrtFreePhysical, as the driver's halMemRelease: an unknown handle is 107000; a
    mapped handle's memory is released at its last aclrtUnmapMem (freeing it again before
    that is 107000: "halMemRelease too many times")."""
    cdef _VmmPhysical h
    try:
        key = <size_t>handle
        h = _vmm_handles.get(key)
        if h is None:
            return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtFreePhysical: 0x%x is not a live handle from "
                             "aclrtMallocPhysical (freed twice?)" % key)
        if h.freed:
            return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtFreePhysical: handle 0x%x was freed already; its "
                             "memory goes when its %d mapping(s) are unmapped" % (key, h.maps))
        if h.maps:
            h.freed = True
            return 0
        _vmm_destroy(h)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef api int ascendops_capi_vmm_map(void *ptr, size_t size, size_t offset, void *handle) noexcept:
    """aclrtMapMem (the shim checked nulls, size, flags): offset is reserved (0) and the
    handle must be live (107000, the driver library's checks); the range must lie in a
    reservation, aligned to the handle's page size, within the handle's size and over no
    mapped byte (507899, the kernel's)."""
    cdef _VmmPhysical h
    cdef _VmmReservation res
    cdef size_t va = <size_t>ptr
    cdef int err
    try:
        if offset != 0:
            return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtMapMem: offset is reserved and must be 0")
        key = <size_t>handle
        h = _vmm_handles.get(key)
        if h is None:
            return _capi_set(ACL_ERROR_RT_PARAM_INVALID_, "aclrtMapMem: 0x%x is not a live handle from "
                             "aclrtMallocPhysical" % key)
        res = _vmm_reservation_of(va)
        if res is None:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtMapMem: 0x%x is not inside an address range "
                             "from aclrtReserveMemAddress" % va)
        if va % h.granularity or size % h.granularity:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtMapMem: address 0x%x and size %d must be "
                             "multiples of the page size, %d bytes" % (va, size, h.granularity))
        if size > res.base + res.size - va:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtMapMem: [0x%x, +%d) runs past the end of "
                             "its address range [0x%x, +%d)" % (va, size, res.base, res.size))
        if size > h.size:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtMapMem: size %d is more than the handle's "
                             "%d bytes" % (size, h.size))
        i = bisect.bisect_left(res.starts, va + size) - 1
        if i >= 0 and res.starts[i] + res.maps[res.starts[i]][0] > va:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtMapMem: [0x%x, +%d) overlaps the mapping at "
                             "0x%x (already mapped)" % (va, size, res.starts[i]))
        dev = _capi_device()
        err = ao_vmm_map(<char *>va, size, h.fd, not dev.strict)
        if err == 0 and res.kbase != res.base:
            err = ao_vmm_map(<char *>(res.kbase + (va - res.base)), size, h.fd, 1)
            if err:
                ao_vmm_unmap(<char *>va, size)
        if err:
            return _capi_set(ACL_ERROR_RT_MEMORY_ALLOCATION_, "aclrtMapMem: mapping %d bytes at 0x%x failed "
                             "(errno %d)" % (size, va, err))
        bisect.insort(res.starts, va)
        res.maps[va] = (size, h)
        h.maps += 1
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef int _vmm_drain(Device dev) except -1:
    """Waits until the work queued on dev's streams (cpu:strict) has run; a failure of that
    work stays for the stream's next synchronize to report."""
    for st in [dev._default_stream] + list(dev._streams):
        if st is not None and isinstance((<Stream>st)._impl, _StrictWorker):
            worker = (<Stream>st)._impl
            if worker.pid == os.getpid():
                worker.jobs.join()
    return 0


cdef api int ascendops_capi_vmm_unmap(void *ptr) noexcept:
    """aclrtUnmapMem: ptr must be the start of a mapping (else 507899: the driver finds no
    handle there). On cpu:strict the device's queued work finishes first (it may use the
    memory); tensors still viewing it are refused by phase 2 afterwards."""
    cdef _VmmReservation res
    cdef _VmmPhysical h
    cdef size_t va = <size_t>ptr
    try:
        dev = _capi_device()
        if dev.strict and _vmm_reservation_of(va) is not None:
            _vmm_drain(dev)             # waits without the GIL: look the mapping up after it
        res = _vmm_reservation_of(va)
        if res is None or va not in res.maps:
            return _capi_set(ACL_ERROR_RT_DRV_INTERNAL_ERROR_, "aclrtUnmapMem: 0x%x is not the start of a mapping "
                             "made by aclrtMapMem" % va)
        size, h = res.maps.pop(va)
        del res.starts[bisect.bisect_left(res.starts, va)]
        ao_vmm_unmap(<char *>va, size)
        if res.kbase != res.base:
            ao_vmm_unmap(<char *>(res.kbase + (va - res.base)), size)
        h.maps -= 1
        if h.freed and h.maps == 0:
            _vmm_destroy(h)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


cdef object _capi_stale(list tensors):
    """The message for the first tensor whose storage, in an aclrtReserveMemAddress range, is
    no longer mapped (aclrtUnmapMem, aclrtReleaseMemAddress since aclCreateTensor), or None:
    a kernel would fault on it."""
    cdef Tensor t
    cdef Memory storage
    cdef Memory block
    for x in tensors:
        if isinstance(x, TensorListArg):     # a TensorList operand: each of its elements
            stale = _capi_stale(list((<TensorListArg>x).tensors))
            if stale is not None:
                return stale
            continue
        if not isinstance(x, Tensor):
            continue
        t = <Tensor>x
        storage = t.storage
        if storage is None or storage.nbytes == 0 or not isinstance(storage.owner, Memory):
            continue
        block = <Memory>storage.owner
        if block.owner is None or not isinstance(block.owner, _VmmReservation):
            continue
        if not (<_VmmReservation>block.owner).covers(<size_t>storage.ptr, <size_t>storage.nbytes):
            return ("a tensor's memory [0x%x, +%d) is no longer mapped (aclrtUnmapMem or aclrtReleaseMemAddress "
                    "after aclCreateTensor)" % (<size_t>storage.ptr, storage.nbytes))
    return None


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


cdef api int ascendops_capi_stream_wait_event(PyObject *stream, PyObject *event) noexcept:
    """aclrtStreamWaitEvent: the stream's later work waits for the event's recorded work."""
    try:
        s = _device_default_stream(_capi_device()) if stream == NULL else <object>stream
        s.wait_event(<object>event)
        return 0
    except BaseException as e:
        return _capi_fail(e, ACL_ERROR_INTERNAL_)


# -- runtime: device queries ---------------------------------------------------------------
cdef bytes _capi_soc_name_bytes = b""


cdef api const char *ascendops_capi_soc_name() noexcept:
    """aclrtGetSocName: the name of the SoC profile in use (the shim copies it at once)."""
    global _capi_soc_name_bytes
    try:
        _capi_soc_name_bytes = str(_current_soc().name).encode("utf-8", "replace")
    except BaseException:
        _capi_soc_name_bytes = b""
    return _capi_soc_name_bytes


cdef object _capi_total_memory(_CachingAllocator a):
    """The device's size: its capacity (ASCENDOPS_DEVICE_CAPACITY, set_device_capacity), or
    else the host's physical memory, which holds it."""
    if a.capacity != UNLIMITED:
        return a.capacity
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return UNLIMITED


cdef api int ascendops_capi_mem_info(size_t *free_, size_t *total) noexcept:
    """aclrtGetMemInfo: total = the device's size, free = total - the bytes in live blocks
    (aclrtMalloc blocks, physical memory of aclrtMallocPhysical; cached blocks are free)."""
    cdef _CachingAllocator a
    try:
        a = <_CachingAllocator>_capi_device().allocator
        t = _capi_total_memory(a)
        total[0] = t
        free_[0] = max(0, t - a.allocated)
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
cdef object _view_reach(tuple shape, object strides, int64_t offset):
    """The elements a view reaches from its storage's start: offset + its last element's
    index + 1, in Python ints; 0 for an empty view or one _checked_view refuses (a negative
    stride or offset, strides of another rank)."""
    if offset < 0 or 0 in shape or any(d < 0 for d in shape):
        return 0
    if strides is None:
        strides = _contiguous_strides(shape)
    if len(strides) != len(shape) or any(s < 0 for s in strides):
        return 0
    return _elements_reached(shape, tuple(strides), offset)


cdef extern from *:
    """
    /* int64 products and sums that report an overflow instead of wrapping */
    static inline int ao_capi_mul(int64_t a, int64_t b, int64_t *r) { return __builtin_mul_overflow(a, b, r); }
    static inline int ao_capi_add(int64_t a, int64_t b, int64_t *r) { return __builtin_add_overflow(a, b, r); }
    """
    bint ao_capi_mul(int64_t a, int64_t b, int64_t *r) nogil
    bint ao_capi_add(int64_t a, int64_t b, int64_t *r) nogil


# The aclFormat values as bits (value + 1: UNDEFINED is -1), for a test without Python ints.
cdef uint64_t _FORMAT_BITS = 0
for _f in _FORMAT_VALUES:
    _FORMAT_BITS |= (<uint64_t>1) << (<int>_f + 1)

cdef Tensor _capi_plain_tensor(const int64_t *view_dims, uint64_t ndim, int dtype, const int64_t *strides,
                               int64_t offset, int fmt, const int64_t *storage_dims, uint64_t storage_ndim,
                               void *data):
    """aclCreateTensor's usual case in int64 arithmetic, as the general path below makes
    it: a byte-sized dtype, no empty dim, non-negative strides and offset, a non-null
    aligned address, no count overflowing. None for anything else: the general path
    decides those, with its error. The storage is the general path's (_capi_storage),
    which refuses bytes outside every device block with the same error. (The general
    path's Python numbers and checks took 3-3.6 us a tensor, most of a small op's C ABI
    call.)"""
    cdef uint64_t i
    cdef int64_t itemsize, nbytes, numel = 1, last = offset, step, span
    cdef DType dt
    if (ndim > 64 or storage_ndim > 64 or (ndim and view_dims == NULL) or (storage_ndim and storage_dims == NULL)
            or data == NULL or offset < 0 or fmt < -1 or fmt > 62 or not (_FORMAT_BITS >> (fmt + 1)) & 1):
        return None
    found = _dtype_by_code.get(dtype)
    if found is None:
        return None
    dt = <DType>found
    itemsize = dt.itemsize
    if itemsize == 0 or (<size_t>data) % (<size_t>itemsize):
        return None
    nbytes = itemsize
    for i in range(storage_ndim):
        if storage_dims[i] <= 0 or ao_capi_mul(nbytes, storage_dims[i], &nbytes):
            return None
    for i in range(ndim):
        if view_dims[i] <= 0 or ao_capi_mul(numel, view_dims[i], &numel):
            return None
        if strides != NULL and (strides[i] < 0 or ao_capi_mul(view_dims[i] - 1, strides[i], &step)
                                or ao_capi_add(last, step, &last)):
            return None
    if strides == NULL and ao_capi_add(last, numel - 1, &last):
        return None
    if ao_capi_mul(last + 1, itemsize, &span) or ao_capi_mul(numel, itemsize, &step):
        return None
    if nbytes > span:
        span = nbytes
    # the general path's storage (and, outside every block, its error)
    cdef Memory view = _capi_storage(data, span, "aclCreateTensor")
    cdef tuple shape = _tuple_new(ndim)
    cdef tuple std
    for i in range(ndim):
        _tuple_set_int(shape, i, view_dims[i])
    if strides == NULL:
        std = _contiguous_strides(shape)
    else:
        std = _tuple_new(ndim)
        for i in range(ndim):
            _tuple_set_int(std, i, strides[i])
    return _make_tensor(view, shape, std, offset, dt, fmt)


cdef api int ascendops_capi_create_tensor(const int64_t *view_dims, uint64_t ndim, int dtype,
                                          const int64_t *strides, int64_t offset, int fmt,
                                          const int64_t *storage_dims, uint64_t storage_ndim,
                                          void *data, PyObject **out) noexcept:
    """aclCreateTensor: a Tensor viewing [data, data + prod(storageDims) * itemsize)."""
    cdef uint64_t i
    try:
        t = _capi_plain_tensor(view_dims, ndim, dtype, strides, offset, fmt, storage_dims, storage_ndim, data)
        if t is not None:
            Py_INCREF(t)
            out[0] = <PyObject *>t
            return 0
        if ndim > 64 or storage_ndim > 64:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: at most 64 dims")
        if (ndim and view_dims == NULL) or (storage_ndim and storage_dims == NULL):
            return _capi_set(ACLNN_ERR_PARAM_NULLPTR, "aclCreateTensor: viewDims or storageDims is null "
                             "with a non-zero dim count")
        dt = dtype_from_code(dtype)
        if dt.itemsize == 0 and dt.bits != 0 and not _packed_dtype(dt):
            # sub-byte types other than INT4 (packed two per byte); UNDEFINED and STRING
            # (0 bits) make a descriptor over no bytes, as CANN's aclCreateTensor does (its
            # ops refuse them with 161002)
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: %s has no byte layout on the CPU "
                             "device" % dt.log_name)
        fmt = as_format(fmt)
        shape = tuple([view_dims[i] for i in range(ndim)])
        std = None if strides == NULL else tuple([strides[i] for i in range(ndim)])
        sshape = _as_shape(tuple([storage_dims[i] for i in range(storage_ndim)]), "storageDims")
        nbytes = 1
        for d in sshape:
            nbytes *= d
        nbytes = _dtype_bytes(nbytes, dt)
        if nbytes > INT64_MAX_:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: storage size overflows: storageDims "
                             "%r of %s are %d bytes, more than int64 can count"
                             % (list(sshape), dt.log_name, nbytes))
        if data != NULL and nbytes > 0 and dt.itemsize and <size_t>data % <size_t>dt.itemsize:
            # the kernels load and store whole elements (CANN's ACL_ERROR_MEMORY_ADDRESS_UNALIGNED)
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: tensorData 0x%x is not aligned to "
                             "the %d-byte elements of %s" % (<size_t>data, dt.itemsize, dt.log_name))
        # CANN's aclTensor records storageDims beside the view and never relates the two
        # (hicann/opbase aa3cd74b7f6d772acd64ff48292a7e65a9bc8142,
        # src/nnopbase/common/utils/common_types.cpp, aclTensor::aclTensor): the kernels read
        # the view at tensorData. A view reaching past storageDims is taken as CANN takes it,
        # as long as every byte it reaches lies in the aclrtMalloc block of tensorData
        # (llama.cpp's CANN backend views the Q8_0 scales after the weights this way).
        reach = _dtype_bytes(_view_reach(shape, std, offset), dt)
        storage = _capi_storage(data, max(nbytes, reach), "aclCreateTensor")
        t = _checked_view(storage, shape, std, offset, dt, fmt, True)    # the storage spans the reach
        Py_INCREF(t)
        out[0] = <PyObject *>t
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID)


cdef extern from "numpy/arrayobject.h":
    # numpy's scalar of `descr` holding a copy of the bytes at `data` (base: None)
    object PyArray_Scalar(void *data, cnp.dtype descr, object base)


cdef api int ascendops_capi_create_scalar(const void *value, int dtype, PyObject **out) noexcept:
    """aclCreateScalar: the value, copied, as a numpy scalar of the dtype."""
    try:
        if value == NULL:
            return _capi_set(ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalar: value is null")
        dt = dtype_from_code(dtype)
        descr = dt.numpy
        if descr is None or dt.itemsize == 0:
            return _capi_set(ACLNN_ERR_PARAM_INVALID, "aclCreateScalar: %s has no host value type" % dt.log_name)
        # numpy's scalar from the bytes, copied (np.frombuffer(...)[0], the same scalar,
        # took about a microsecond: an array made and indexed on every call)
        v = PyArray_Scalar(<void *>value, <cnp.dtype>descr, None)
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
            or a.kind == AO_ARG_FLOAT_ARRAY or a.kind == AO_ARG_BOOL_ARRAY or a.kind == AO_ARG_TENSOR_LIST):
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
    if a.kind == AO_ARG_RESULT:
        return None if a.i == 0 else True
    raise TypeError("argument kind %d" % a.kind)


cdef api int ascendops_capi_recorded_storage(PyObject *obj, int created_format, int64_t *dims,
                                             uint64_t *ndim) noexcept:
    """aclGetStorageShape of a tensor whose storage format an op recorded after
    aclCreateTensor made it with `created_format` (TransMatmulWeight's FRACTAL_NZ): 1 and
    CANN's storage shape of that layout in dims (at most 64), else 0 (the storageDims it was
    created with stand)."""
    cdef Tensor t
    cdef int i
    try:
        t = <Tensor>obj
        if t._format == created_format or t._format != Format.FRACTAL_NZ or len(t.shape) < 2:
            return 0
        shape = nz_storage_shape(t.shape, t.dtype)
        if len(shape) > 64:
            return 0
        for i in range(len(shape)):
            dims[i] = shape[i]
        ndim[0] = len(shape)
        return 1
    except BaseException:
        return 0


cdef api int ascendops_capi_call(const char *name, const ao_capi_arg *args, int nargs, uint64_t *result) noexcept:
    """A single-call API (ACLNN_FN, SingleCallApi): args are CANN's, in CANN's order, the
    last its result pointer (AO_ARG_RESULT: null or not); *result gets the value."""
    cdef int i
    try:
        apiname = (<bytes>name).decode()
        api = next((a for a in _single_call_registry.values() if a.name == apiname), None)
        if api is None:
            return _capi_set(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "aclnn%s: no API %s is registered in this "
                             "ascendops build" % (apiname, apiname))
        value = api.invoke(*[_capi_arg(&args[i]) for i in range(nargs)])
        if not 0 <= value < (1 << 64):
            return _capi_set(ACLNN_ERR_INNER, "aclnn%s: the result %d does not fit a uint64_t" % (apiname, value))
        result[0] = value
        return 0
    except BaseException as e:
        return _capi_fail(e, ACLNN_ERR_PARAM_INVALID if isinstance(e, (TypeError, ValueError))
                          else ACLNN_ERR_INNER)


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
        size, ex = _get_workspace_size(op, tuple([_capi_arg(&args[i]) for i in range(nargs)]))
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
        if _vmm_used:      # any reservation was ever made: tensors may view unmapped memory
            stale = None
            if isinstance(ex, Executor) and (<Executor>ex).tensors is not None:
                stale = _capi_stale((<Executor>ex).tensors)
            if stale is not None:
                return _capi_set(ACLNN_ERR_RUNTIME_ERROR, "phase 2: " + stale)
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
