# ---------------------------------------------------------------------------
# Streams, worker threads and SoC profiles of the CPU device.
#
# Execution model: the CPU device runs each step when it is enqueued, in the
# enqueuing thread, with the GIL released and the stream's lock held. So work on
# one stream runs in submission order, a step has finished when the call that
# enqueued it returns, and Stream.synchronize() only waits for steps other Python
# threads are running on that stream at that moment.
#
# cpu:strict behaves like an NPU instead: each of its streams owns a worker thread;
# phase 2 enqueues the launch (keeping its tensors and workspace alive) and returns at
# once, and only Stream.synchronize() / ascendops.synchronize() (aclrtSynchronizeStream)
# waits for it. The worker waits ASCENDOPS_STRICT_STREAM_DELAY_US (default 2000 us)
# before each job, so that reading results without synchronising shows stale values
# rather than racing to look right; Stream._hold() pauses a stream deterministically.
# ---------------------------------------------------------------------------
from cpython.pythread cimport (PyThread_type_lock, PyThread_allocate_lock, PyThread_free_lock,
                               PyThread_acquire_lock, PyThread_release_lock, WAIT_LOCK, NOWAIT_LOCK)
from cpython.contextvars cimport get_value as _contextvar_get


cdef extern from *:
    """
    /* The stream and executor-cache locks (ao_lock): every numpy-like call takes both,
     * without waiting when they are free. CPython 3.11's PyThread_acquire_lock reads
     * the monotonic clock to build a deadline on every acquire, even a NOWAIT one (a
     * clock_gettime of ~30 ns on a KVM guest, twice per call: ~10% of a cached
     * 1-element call); a pthread mutex's trylock is one atomic. Every lock here is
     * released by the thread that took it, as a pthread mutex requires. Elsewhere
     * (no pthreads) the PyThread lock as before. */
    #if defined(_WIN32)
    typedef PyThread_type_lock ao_lock_t;
    static ao_lock_t ao_lock_new(void) { return PyThread_allocate_lock(); }
    static void ao_lock_free(ao_lock_t lk) { PyThread_free_lock(lk); }
    static int ao_lock_try(ao_lock_t lk) { return PyThread_acquire_lock(lk, NOWAIT_LOCK); }
    static void ao_lock_wait(ao_lock_t lk) { PyThread_acquire_lock(lk, WAIT_LOCK); }
    static void ao_lock_release(ao_lock_t lk) { PyThread_release_lock(lk); }
    #else
    #include <pthread.h>
    #include <stdlib.h>
    typedef pthread_mutex_t *ao_lock_t;
    static ao_lock_t ao_lock_new(void)
    {
        pthread_mutex_t *m = (pthread_mutex_t *)malloc(sizeof *m);
        if (m != NULL && pthread_mutex_init(m, NULL) != 0) {
            free(m);
            m = NULL;
        }
        return m;
    }
    static void ao_lock_free(ao_lock_t lk) { pthread_mutex_destroy(lk); free(lk); }
    static int ao_lock_try(ao_lock_t lk) { return pthread_mutex_trylock(lk) == 0; }
    static void ao_lock_wait(ao_lock_t lk) { pthread_mutex_lock(lk); }
    static void ao_lock_release(ao_lock_t lk) { pthread_mutex_unlock(lk); }
    #endif
    """
    ctypedef void *ao_lock_t
    ao_lock_t ao_lock_new() nogil
    void ao_lock_free(ao_lock_t lk) nogil
    bint ao_lock_try(ao_lock_t lk) nogil
    void ao_lock_wait(ao_lock_t lk) nogil
    void ao_lock_release(ao_lock_t lk) nogil


import weakref as _weakref

# Every stream lock, for the fork handler below.
_stream_locks = _weakref.WeakSet()


cdef class _StreamLock:
    """A lock taken without the GIL, so a stream can be waited on while kernels run."""
    cdef ao_lock_t lock
    cdef object __weakref__

    def __cinit__(self):
        self.lock = ao_lock_new()
        if self.lock == NULL:
            raise MemoryError("cannot allocate a stream lock")
        _stream_locks.add(self)

    def __dealloc__(self):
        if self.lock != NULL:
            ao_lock_free(self.lock)

    cdef void _reinit_after_fork(self) noexcept:
        # In a forked child a thread that held this lock in the parent (a kernel
        # running on another thread at fork time) does not exist: it would never be
        # released. A fresh lock; the old one is left alone, not freed, as CPython does
        # with its own locks after fork (its state may be mid-operation).
        cdef ao_lock_t fresh = ao_lock_new()
        if fresh != NULL:
            self.lock = fresh


import functools as _functools
import queue as _queue_mod
import time as _time_mod


# A cpu:strict job's delay: at most a minute (a larger one makes every job's wait
# overflow the clock's range, "timestamp out of range" at synchronize).
MAX_STRICT_STREAM_DELAY_US = 60 * 1000 * 1000


def _strict_delay_seconds():
    env = os.environ.get("ASCENDOPS_STRICT_STREAM_DELAY_US")
    if env is None or env.strip() == "":
        return 0.002
    return _bounded_int(env, "environment variable ASCENDOPS_STRICT_STREAM_DELAY_US", 0,
                        MAX_STRICT_STREAM_DELAY_US, "a whole number of microseconds", True) / 1e6


class _StrictWorker:
    """A cpu:strict stream's queue and thread: jobs (callables) run in order, each
    after the configured delay. The first failure of a job is raised by the next
    synchronize() (as aclrtSynchronizeStream reports an asynchronous failure)."""

    def __init__(self):
        self.delay = _strict_delay_seconds()
        self.error = None
        self.held = threading.Event()
        self.held.set()
        self._start()

    def _start(self):
        self.pid = os.getpid()
        self.jobs = _queue_mod.Queue()
        self.thread = threading.Thread(target=self._loop, args=(self.jobs,), daemon=True,
                                       name="ascendops-cpu-strict-stream")
        self.thread.start()

    def _loop(self, jobs):
        while True:
            job = jobs.get()
            try:
                if job is None:
                    return
                self.held.wait()
                if self.delay:
                    _time_mod.sleep(self.delay)
                job()
            except BaseException as e:
                if self.error is None:
                    self.error = e
            finally:
                job = None          # the job's tensors are released before it counts as done
                jobs.task_done()

    def submit(self, job):
        if self.pid != os.getpid():     # a forked child has no worker thread: start one
            self._start()
        self.jobs.put(job)

    def synchronize(self):
        if self.pid != os.getpid():
            return
        self.jobs.join()
        error, self.error = self.error, None
        if error is not None:
            raise error

    def destroy(self):
        self.synchronize()
        if self.pid == os.getpid():
            self.jobs.put(None)


# Streams of backends other than cpu: _stream_hooks[device.type](device) -> an object
# with synchronize() and destroy() (and whatever the backend's run-op hook needs,
# e.g. the aclrtStream handle), set by the npu backend.
_stream_hooks = {}


cdef class Stream:
    """aclrtStream: an ordered queue of work on a device (default: the current device;
    see the module notes for what "queued" means on each device)."""

    def __cinit__(self, device=None):
        cdef Device dev
        if device is None:
            dev = _current_device()
        elif isinstance(device, int) and not isinstance(device, bool):
            if device != 0:
                raise AclError(ACL_ERROR_INVALID_PARAM, "Stream: the CPU device is device 0, got %r" % (device,))
            dev = _cpu_device
        else:
            try:
                dev = ascendops_device(device)
            except (ValueError, TypeError, RuntimeError) as e:
                raise AclError(ACL_ERROR_INVALID_PARAM, "Stream: %s" % e) from None
        self._lock = _StreamLock()
        self.device = dev
        if dev.strict:
            self._impl = _StrictWorker()
        elif dev is not _cpu_device:
            hook = _stream_hooks.get(dev.type)
            if hook is None:
                raise AclError(ACL_ERROR_INVALID_PARAM, "Stream: no stream support for %s" % dev)
            self._impl = hook(dev)
        if dev is not _cpu_device:
            dev._streams.add(self)

    def synchronize(self):
        """Blocks until the work enqueued on this stream has finished."""
        cdef ao_lock_t lk = (<_StreamLock>self._lock).lock
        if self._impl is not None:
            self._impl.synchronize()
            return
        with nogil:
            ao_lock_wait(lk)
            ao_lock_release(lk)

    def wait_event(self, event):
        """Makes the work enqueued on this stream after this call wait until `event` has
        been reached: the work recorded in it before this call (aclrtStreamWaitEvent;
        nothing to wait for if it was never recorded). A stream that runs its work at once
        (cpu) waits here; a cpu:strict stream queues the wait on its thread."""
        if not isinstance(event, Event):
            raise TypeError("wait_event: expected an ascendops.Event, got %s" % type(event).__name__)
        if self.destroyed:
            raise AclError(ACL_ERROR_INVALID_PARAM, "wait_event: the stream was destroyed")
        if not event._recorded:
            return
        done = event._done          # this record's completion: a later record() makes a new one
        if done.is_set():
            return
        if self._impl is None:
            done.wait()
        elif isinstance(self._impl, _StrictWorker):
            self._impl.submit(done.wait)
        else:
            self._impl.wait_event(event)    # a backend's stream (npu) waits on its own events

    def _hold(self):
        """Test support (cpu:strict): a context manager during which the stream runs
        none of its queued work, so that a read without synchronize() deterministically
        sees the values from before."""
        if not isinstance(self._impl, _StrictWorker):
            raise TypeError("_hold: only cpu:strict streams run work asynchronously")
        return _Hold(self._impl)

    cdef int _submit(self, object job) except -1:
        self._impl.submit(job)
        return 0

    def destroy(self):
        self.synchronize()
        if self._impl is not None and not self.destroyed:
            self._impl.destroy()
        self.destroyed = True

    def __enter__(self):
        global _streams_entered
        _stream_stack.set(<tuple>_stream_stack.get() + (self,))
        _streams_entered += 1
        return self

    def __exit__(self, *exc):
        # Pop this context's innermost entry of this stream (`with` blocks nest).
        global _streams_entered
        cdef tuple stack = _stream_stack.get()
        cdef Py_ssize_t i
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is self:
                _stream_stack.set(stack[:i] + stack[i + 1:])
                _streams_entered -= 1
                break

    def __repr__(self):
        return "<ascendops.Stream device=%s at 0x%x>" % (self.device, id(self))


class _Hold:
    def __init__(self, worker):
        self.worker = worker

    def __enter__(self):
        self.worker.held.clear()
        return self

    def __exit__(self, *exc):
        self.worker.held.set()


class Event:
    """aclrtEvent: a point in a stream's work. record(stream) marks it; its time is
    taken when the stream reaches it (cpu: at once, its work ran in the enqueuing
    call; cpu:strict: on the stream's thread, after the work queued before it)."""

    def __init__(self):
        self._done = threading.Event()
        self._time = None
        self._recorded = False

    def record(self, stream=None):
        cdef Stream st = current_stream() if stream is None else stream
        if st.destroyed:
            raise AclError(ACL_ERROR_INVALID_PARAM, "record: the stream was destroyed")
        # each record has its own completion flag, so a stream waiting for an earlier
        # record (Stream.wait_event) is not held up, or released, by a later one
        done = threading.Event()
        self._done = done
        self._time = None
        self._recorded = True
        if st._impl is None:
            self._stamp_record(done)
        elif isinstance(st._impl, _StrictWorker):
            st._impl.submit(_functools.partial(self._stamp_record, done))
        else:
            st._impl.record_event(self)     # a backend's stream (npu) records its own events

    def _stamp(self):
        """Marks the latest record reached (a backend's stream calls it)."""
        self._stamp_record(self._done)

    def _stamp_record(self, done):
        if done is self._done:
            self._time = _time_mod.perf_counter()
        done.set()

    def query(self):
        """Whether the stream has reached the recorded point (True for an unrecorded event)."""
        return not self._recorded or self._done.is_set()

    def synchronize(self):
        """Waits until the stream has reached the recorded point (at once if unrecorded)."""
        if self._recorded:
            self._done.wait()

    def elapsed_time(self, end):
        """Milliseconds from this event to `end`; both must have been recorded and reached."""
        if not isinstance(end, Event):
            raise TypeError("end: expected an ascendops.Event, got %s" % type(end).__name__)
        for name, ev in (("start", self), ("end", end)):
            if not ev._recorded or not ev._done.is_set():
                raise AclError(ACL_ERROR_INVALID_PARAM, "elapsed_time: the %s event has not %s" % (
                    name, "been recorded" if not ev._recorded else "completed (synchronize it first)"))
        return (end._time - self._time) * 1000.0


cdef Stream _default_stream = Stream(_cpu_device)
# Entries on all contexts' `with stream:` stacks together: while none is open anywhere
# (the common case) every thread's current stream is the default one, no context
# lookup needed. Changed with the stacks, under the GIL.
cdef Py_ssize_t _streams_entered = 0
# Each thread and each asyncio task has its own current stream (a ContextVar, as
# `with soc(...)` and `with device(...)`): `with stream:` in one does not redirect
# another's work.
import contextvars as _contextvars_streams
cdef object _stream_stack = _contextvars_streams.ContextVar("ascendops_streams", default=())


cpdef Stream current_stream():
    """This thread's / async task's stream for ops given none: its innermost
    `with stream:`, else the default."""
    if _streams_entered == 0:
        return _default_stream
    cdef tuple stack = _stream_stack.get()
    return <Stream>stack[-1] if stack else _default_stream


cdef Stream _device_default_stream(Device dev):
    if dev is _cpu_device:
        return _default_stream
    if dev._default_stream is None:
        dev._default_stream = Stream(dev)
    return <Stream>dev._default_stream


cdef inline Stream _stream_for(Device dev):
    """The stream work on `dev` goes to: this thread's current stream when it is one of
    dev's, else dev's default stream."""
    cdef Stream st = current_stream()
    if st.device is dev:
        return st
    return _device_default_stream(dev)


def default_stream(device=None):
    """The default stream of `device` (default: the cpu device)."""
    return _default_stream if device is None else _device_default_stream(ascendops_device(device))


cdef int _synchronize_all(Device dev) except -1:
    """Waits for every stream of dev (its default stream and all live ones)."""
    if dev._default_stream is not None:
        (<Stream>dev._default_stream).synchronize()
    for st in list(dev._streams):
        st.synchronize()
    return 0


def _synchronize_device_hook(dev):
    _synchronize_all(<Device>dev)


_synchronize_device = _synchronize_device_hook


def synchronize(device=None):
    """Waits for all work on the cpu device's default and current streams and, given no
    device, on every stream of every other device; given one, on all of its streams."""
    if device is not None:
        dev = ascendops_device(device)
        if dev is _cpu_device:
            _default_stream.synchronize()
            current_stream().synchronize()
        else:
            _synchronize_all(dev)
        return
    _default_stream.synchronize()
    current_stream().synchronize()
    for dev in list(_devices.values()):
        if dev is not _cpu_device:
            _synchronize_all(dev)


def _after_fork_in_child():
    """os.register_at_fork(after_in_child=...): the child of a fork has only the
    forking thread, so locks held by the parent's other threads at that moment would
    never be released. The stream locks are replaced here, the executor cache's in
    _executor.pxi; the engine's worker pool resets itself (pthread_atfork in
    src/engine.c), and the device allocator is guarded by the GIL,
    which the forking thread holds."""
    cdef _StreamLock sl
    for sl in list(_stream_locks):
        sl._reinit_after_fork()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


# The engine's bound on the thread count (src/engine.c reads OMP_NUM_THREADS up to it)
MAX_NUM_THREADS = 65536


def set_num_threads(n):
    """Worker threads for kernels (the host SoC's core count), in [1, MAX_NUM_THREADS];
    OMP_NUM_THREADS sets the start value."""
    ao_set_num_threads(_bounded_int(n, "set_num_threads: n", 1, MAX_NUM_THREADS, "a whole number of threads"))


def get_num_threads():
    return ao_get_num_threads()


def isa():
    """The SIMD instruction set the kernels selected on this machine at run time."""
    return ao_isa_name().decode()


cdef extern from "gemm.h" nogil:
    int ao_gemm_use_blas(const char *path)
    const char *ao_gemm_engine()


def gemm_engine():
    """The engine of the matrix products (ao_gemm): the OpenBLAS in use (its build
    configuration, the symbol, the library's path) or "portable (why)"."""
    return ao_gemm_engine().decode(errors="replace")


def _use_blas(path):
    """Runs the matrix products on the OpenBLAS at `path` (None: the portable kernel);
    True when it is usable. Not while products run."""
    cdef bytes b = os.fsencode(path) if path else b""
    return ao_gemm_use_blas(b) == 0


def _init_blas():
    from ascendops.config import blas_library
    path = blas_library()
    if not _use_blas(path) and path and os.environ.get("ASCENDOPS_BLAS", "auto").strip().lower() != "auto":
        import sys
        sys.stderr.write("ascendops: ASCENDOPS_BLAS=%s is not usable, the matrix products run on the %s; "
                         "accepted: off, auto or the path of an OpenBLAS\n" % (path, gemm_engine()))


_init_blas()


cdef extern from "ao_internal.h" nogil:
    enum: AO_LUT_AUTO
    enum: AO_LUT_OFF
    enum: AO_LUT_ON
    enum: AO_LUT_UNMEASURED
    enum: AO_LUT_TABLE
    enum: AO_LUT_COMPUTED
    double AO_LUT_MARGIN
    int ao_lut_policy(int policy)
    int ao_lut_policy_now()
    int ao_lut_decide(double table_cost, double computed_cost)
    int ao_lut_choice(int kernel, int dtype, int stream, double *table_ns, double *computed_ns,
                      int *trials)
    int ao_kernel_has_lut(int kernel)

_LUT_POLICIES = {AO_LUT_AUTO: "auto", AO_LUT_OFF: "off", AO_LUT_ON: "on"}
_LUT_PATHS = {AO_LUT_UNMEASURED: "unmeasured", AO_LUT_TABLE: "table", AO_LUT_COMPUTED: "computed"}
LUT_MARGIN = AO_LUT_MARGIN


def _lut_policy(policy=None):
    """The lookup-table policy in force ("auto", "off", "on": ASCENDOPS_LUT, read at first
    use); given one, sets it for the process and returns the previous one."""
    if policy is None:
        return _LUT_POLICIES[ao_lut_policy_now()]
    codes = {v: k for k, v in _LUT_POLICIES.items()}
    if policy not in codes:
        raise ValueError("lookup-table policy must be one of auto, off, on; got %r" % (policy,))
    return _LUT_POLICIES[ao_lut_policy(codes[policy])]


def _lut_decide(double table_cost, double computed_cost):
    """The engine's choice (ao_lut_decide) from the least cost per element measured for
    each path: "table" or "computed"."""
    return _LUT_PATHS[ao_lut_decide(table_cost, computed_cost)]


def _lut_choices():
    """What ASCENDOPS_LUT=auto measured so far, in the current ISA region: one dict per
    kernel with tables, 16-bit dtype and regime ("in cache", "streaming": operands of
    32 MiB and more): path ("unmeasured" until enough calls were timed, then "table" or
    "computed"), the least ns per element each path showed (None where none) and the
    calls timed."""
    cdef double tns = 0, cns = 0
    cdef int trials = 0, k, r, d
    out = []
    for k in range(ao_kernel_count()):
        if not ao_kernel_has_lut(k):
            continue
        for d, dname in ((1, "float16"), (27, "bfloat16")):   # AO_DT_FLOAT16, AO_DT_BF16
            for s, regime in ((0, "in cache"), (1, "streaming")):
                r = ao_lut_choice(k, d, s, &tns, &cns, &trials)
                if r < 0:
                    continue
                out.append({"kernel": ao_kernel_name(k).decode(), "dtype": dname, "regime": regime,
                            "path": _LUT_PATHS[r], "table_ns": tns or None,
                            "computed_ns": cns or None, "trials": trials})
    return out


# -- SoC profiles -----------------------------------------------------------------
# Host defaults for what no public CANN source gives: UB matches Ascend910B's so a
# tile is the size CANN's tests use; the cores are the worker threads.
HOST_UB_SIZE = 196608


class SocProfile:
    """A SoC's capabilities as data (aclnn-facts section 2). core_num / ub_size are
    None where no public CANN source gives them; tiling then uses the host's values."""

    def __init__(self, name, arch, bf16, regbase, core_num=None, ub_size=None, host=False):
        self.name, self.arch, self.bf16, self.regbase = name, arch, bf16, regbase
        self._core_num, self._ub_size, self.host = core_num, ub_size, host

    def __setattr__(self, name, value):
        # A changed profile drops the cached cache key (_soc_cache_key).
        global _soc_key_cache, _soc_version
        object.__setattr__(self, name, value)
        _soc_version += 1
        _soc_key_cache = None

    @property
    def published(self):
        return self.host or (self._core_num is not None and self._ub_size is not None)

    @property
    def core_num(self):
        """Vector cores the tiling divides work among."""
        if self._core_num is None:
            return ao_get_num_threads()
        return self._core_num

    @property
    def ub_size(self):
        return HOST_UB_SIZE if self._ub_size is None else self._ub_size

    def cache_key(self):
        # Everything phase 1's checks and tiling read, not just the name: a custom or
        # mutated profile (a "host" with bf16=False, say) must not hit plans another
        # profile's rules accepted.
        return (self.name, self.arch, bool(self.bf16), bool(self.regbase), self.host,
                self.core_num, self.ub_size)

    def __repr__(self):
        note = "" if self.published else " (core_num/ub_size not published: tiling uses the host's)"
        return ("SocProfile(%r, arch=%s, bf16=%s, broadcast/mixed-precision=%s, core_num=%d, ub_size=%d)%s"
                % (self.name, self.arch, self.bf16, self.regbase, self.core_num, self.ub_size, note))


SOC_PROFILES = {p.name: p for p in (
    SocProfile("host", "CPU", bf16=True, regbase=True, host=True),
    SocProfile("Ascend910B", "DAV_2201", bf16=True, regbase=False, core_num=48, ub_size=196608),
    SocProfile("Ascend910_93", "DAV_2201", bf16=True, regbase=False),
    SocProfile("Ascend950", "DAV_3510", bf16=True, regbase=True),
    SocProfile("Ascend910", "DAV_1001", bf16=False, regbase=False),
    SocProfile("Ascend310P", "DAV_2002", bf16=False, regbase=False),
)}

# The process-wide profile (set_soc) and, per thread / async context, the profile of
# the innermost `with soc(...)` block: one thread's block never changes another's rules.
import contextvars as _contextvars
cdef object _active_soc = SOC_PROFILES["host"]
cdef object _soc_override = _contextvars.ContextVar("ascendops_soc", default=None)


cdef inline object _current_soc():
    p = _contextvar_get(_soc_override)
    return _active_soc if p is None else p


# (profile, thread count, profile.cache_key()) of the last profile keyed: the SoC part
# of every executor-cache key, without a Python method call and a new tuple per call.
# Valid while the profile is unchanged (SocProfile.__setattr__ clears it) and the
# thread count (core_num of host-sized profiles) is the one it was built with. One
# tuple, read and replaced whole under the GIL, so threads never see a torn entry;
# _soc_version (bumped by every profile change) keeps a key computed while another
# thread changed a profile from being stored.
cdef object _soc_key_cache = None
cdef Py_ssize_t _soc_version = 0


cdef object _soc_cache_key(object soc):
    global _soc_key_cache
    cdef int n = ao_get_num_threads()
    cdef Py_ssize_t version = _soc_version
    c = _soc_key_cache
    if c is not None and (<tuple>c)[0] is soc and (<tuple>c)[1] == n:
        return (<tuple>c)[2]
    key = soc.cache_key()
    if ao_get_num_threads() == n and _soc_version == version:   # nothing changed meanwhile
        _soc_key_cache = (soc, n, key)
    return key


def get_soc():
    """The active SoC profile: its rules decide dtype, broadcast and tiling behaviour."""
    return _current_soc()


cdef object _soc_profile(name):
    if isinstance(name, SocProfile):
        return name
    try:
        return SOC_PROFILES[name]
    except (KeyError, TypeError):
        raise ValueError("set_soc: unknown SoC %r; known: %s" % (name, ", ".join(SOC_PROFILES))) from None


def set_soc(name):
    """Makes `name` (e.g. "Ascend910B") the active SoC profile: of the whole process,
    or, inside a `with ascendops.soc(...)` block, of this thread until the block ends."""
    global _active_soc
    prof = _soc_profile(name)
    if _soc_override.get() is not None:
        _soc_override.set(prof)
    else:
        _active_soc = prof


class soc:
    """Context manager: `with ascendops.soc("Ascend910B"): ...` runs under that profile
    (this thread / async context only)."""

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        prof = _soc_profile(self.name)
        self._token = _soc_override.set(prof)
        return prof

    def __exit__(self, *exc):
        _soc_override.reset(self._token)
