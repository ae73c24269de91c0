# Declarations of the ascendops core: the C engine it drives and the fields of its
# classes, so other Cython modules can cimport them and work at C speed. The engine's
# headers are the implementation's (src/, not installed): a module that cimports this
# one compiles against a source tree, with src/ on its include path.
from libc.stdint cimport int64_t, uint64_t


cdef extern from "elementwise.h" nogil:
    enum: AO_MAX_DIMS
    enum: AO_MAX_INPUTS
    enum: AO_MAX_OUTPUTS
    enum: AO_MAX_OPERANDS
    enum: AO_MAX_ATTRS

    ctypedef struct ao_tiling:
        int64_t block_dim
        int64_t small_core_data_num
        int64_t big_core_data_num
        int64_t tail_block_num

    ctypedef struct ao_ew_plan:
        int kernel
        int nin
        int nout
        int ndim
        int64_t numel
        int64_t shape[AO_MAX_DIMS]
        int dtype[AO_MAX_OPERANDS]
        int64_t strides[AO_MAX_OPERANDS][AO_MAX_DIMS]
        float attrs[AO_MAX_ATTRS]
        ao_tiling tiling
        int compute
        int64_t iattrs[AO_MAX_ATTRS]
        int round_out

    int ao_ew_run(const ao_ew_plan *plan, char *const *data, int nthreads)
    int ao_ew_run_prefix(const ao_ew_plan *plan, char *const *data, int64_t limit, int nthreads)
    int64_t ao_row_limit(const int64_t *values, int64_t n, int64_t rows)
    int ao_ew_zero_suffix(const ao_ew_plan *plan, char *const *data, int64_t limit)
    int ao_kernel_count()
    int ao_kernel_find(const char *name)
    const char *ao_kernel_name(int kernel)
    int ao_kernel_arity(int kernel)
    int ao_kernel_has_int(int kernel)
    int ao_kernel_has_complex(int kernel)
    int ao_wide_dtype_ok(int dtype)
    int ao_kernel_nout(int kernel)
    int ao_strided_copy(int ndim, const int64_t *shape, int64_t itemsize,
                        char *dst, const int64_t *dst_strides,
                        const char *src, const int64_t *src_strides, int nthreads)
    const char *ao_isa_name()
    int ao_get_num_threads()
    void ao_set_num_threads(int n)


cdef extern from "plan_fn.h" nogil:
    ctypedef int (*ao_plan_fn)(const void *plan, char *const *data, int nthreads)


cdef class DType:
    """One aclDataType: CANN's numeric code, its names and its storage."""
    cdef readonly int code          # aclDataType value (FLOAT 0, FLOAT16 1, BF16 27, ...)
    cdef readonly str name          # numpy-style name: "float32", "bfloat16"
    cdef readonly str log_name      # CANN's log name: "DT_FLOAT", "DT_BF16"
    cdef readonly int bits          # bits per element (4 for INT4, 1 for UINT1)
    cdef readonly int itemsize      # bytes per element; 0 for sub-byte types
    cdef object _numpy              # numpy dtype, or None where numpy has none (the numpy property)
    cdef str _ml_name               # the ml_dtypes type it is once ml_dtypes is imported, or None


cdef class Device:
    """A device tensors live on: "cpu", "cpu:strict", "npu:N" (_memory.pxi)."""
    cdef readonly str type             # "cpu" or "npu"
    cdef readonly int index
    cdef readonly bint strict          # cpu:strict: memory the host cannot dereference
    cdef readonly bint kernels_on_host # the CPU kernels run on it through Memory.kptr
    cdef str _name
    cdef object allocator              # its _CachingAllocator
    cdef dict kptr_of                  # device address -> kernel alias, of every raw block (cpu: unused)
    cdef object _default_stream        # set by _runtime.pxi on first use
    cdef object _streams               # weak set of its live Streams (synchronize() waits on them)
    cdef object __weakref__

    cdef char *raw_alloc(self, size_t nbytes, char **kptr) except NULL
    cdef int raw_free(self, char *ptr, char *kptr, size_t nbytes) except -1
    cdef int copy_bytes(self, char *dst, const char *src, size_t nbytes, int kind) except -1


cdef class Memory:
    """A block of device memory; the storage that Tensors view.

    Owned by the device allocator (returned to its cache when the last view dies),
    or borrowed from a host object such as a numpy array (kept alive here)."""
    cdef char *ptr                     # the device address (data_ptr, aclTensor addresses)
    cdef char *kptr                    # the address CPU kernels and copies use (cpu: == ptr;
                                       # cpu:strict: the read-write alias; npu: NULL)
    cdef readonly Device device
    cdef readonly Py_ssize_t nbytes    # usable bytes
    cdef Py_ssize_t block_bytes        # bytes reserved from the allocator (0: borrowed)
    cdef object owner                  # the borrowed-from object, or None
    cdef readonly bint readonly


cdef class Tensor:
    """aclTensor: a view (shape, element strides, element offset, dtype, format)
    over device Memory."""
    cdef readonly Memory storage
    cdef readonly tuple shape
    cdef tuple _strides                # element strides, all >= 0
    cdef readonly int64_t offset       # storage offset in elements
    cdef readonly DType dtype
    cdef readonly int _format          # aclFormat value
    cdef readonly int64_t numel
    cdef char *data                    # storage.ptr + offset * itemsize: the device address
    cdef char *kdata                   # storage.kptr + offset * itemsize: what CPU kernels bind
    cdef object _key                   # cache key of the view, built on first use
    cdef object __weakref__

    cdef object cache_key(self)


cdef class Stream:
    cdef object _lock
    cdef readonly Device device
    cdef readonly bint destroyed
    cdef object _impl                  # None: runs work at once (cpu); cpu:strict: a _StrictWorker; npu: the backend's stream object

    cdef object __weakref__            # its device's set of live streams holds it weakly

    cdef int _submit(self, object job) except -1


cdef class Plan:
    """What phase 1 computes once per cache key: the validated, coalesced launch."""
    cdef ao_ew_plan ew
    cdef readonly bint empty           # nothing to run (an empty tensor)
    cdef readonly object op
    cdef readonly object tiling        # a Tiling, or None for empty plans
    cdef int64_t extent[AO_MAX_OPERANDS]   # bytes each operand's view spans
    # Where each operand's data comes from: tensor `slot[k]` of the executor's tensors
    # (inputs then outputs), plus `byte_offset[k]` (a split operand's second half).
    # Operands: the nout outputs first, then the kernel's inputs (elementwise.h).
    cdef int nout
    cdef int slot[AO_MAX_OPERANDS]
    cdef int64_t byte_offset[AO_MAX_OPERANDS]
    cdef int64_t out_itemsize
    cdef ao_ew_plan via_ws             # the kernel into a contiguous workspace (overlap)
    cdef ao_ew_plan copy_back          # workspace -> output ViewCopy, used on overlap
    # The result goes through the workspace on every run, in via_ws's output dtype (a
    # 16-bit float CANN's kernel computes in), and copy_back casts it into the output:
    # CANN's l0 kernel in the 16-bit dtype, then l0op::Cast to a wider out.
    cdef bint narrowed_result
    # Kernels that are not elementwise (_reduce.pxi, _cast.pxi): phase 2 runs
    # fn(fn_plan, data) instead of the engine; `ew` then only describes the operands'
    # views (for the overlap check and the copy back). NULL for elementwise plans.
    cdef ao_plan_fn fn
    cdef void *fn_plan                 # the kernel's plan struct (owned, malloc'ed)
    cdef void *fn_plan_ws              # the same, writing a contiguous workspace (overlap)
    # The cast step (CANN's l0op::Cast of an input to the promoted dtype): before an
    # elementwise kernel, the inputs the engine cannot read are cast into workspace
    # regions; the kernel then reads those. cast_plans: ncast ao_cast_plan (malloc'ed).
    cdef int ncast
    cdef void *cast_plans
    cdef int cast_operand[AO_MAX_OPERANDS]     # the operand (1 + input index) each cast reads
    cdef int64_t cast_offset[AO_MAX_OPERANDS]  # its region's byte offset in the workspace
    cdef int64_t cast_bytes                    # the regions' total (before the overlap path's)
    cdef bint is_cast[AO_MAX_OPERANDS]         # operand read through a cast: no overlap hazard
    # Operands that read another cast region at a byte offset (the odd elements of an
    # interleaved split input copied contiguous once: ClippedSwiglu's B half)
    cdef int nalias
    cdef int alias_operand[AO_MAX_OPERANDS]
    cdef int64_t alias_offset[AO_MAX_OPERANDS]  # workspace byte offset it reads
    # A per-run row limit (Input(limits_rows=True)): data[row_limit_k] (bound from tensor
    # slot[row_limit_k], past the kernel's operands; NULL when the input is null) holds
    # row_limit_n int64 values whose sum, read when the launch runs (on the stream),
    # clamped to [0, row_count], is the rows computed: the first sum * row_inner elements
    # of the C-ordered iteration (ao_ew_run_prefix). 0: none (operand 0 is an output).
    cdef int row_limit_k
    cdef int64_t row_limit_n
    cdef int64_t row_count
    cdef int64_t row_inner
    cdef bint row_zero                         # the other rows are zeroed (else left as they were)
    # An interleaved split output whose merged dims are no one stride: outputs oreg_op and
    # oreg_op + 1 (its even / odd halves) are written into a contiguous region of
    # oreg_bytes after the cast regions, read with the kernel's strides, then copied into
    # the output's view (oreg_shape / oreg_dst; the region's strides oreg_src).
    cdef int64_t oreg_bytes
    cdef int oreg_op
    cdef int64_t oreg_itemsize
    cdef int oreg_ndim
    cdef int64_t oreg_shape[AO_MAX_DIMS]
    cdef int64_t oreg_dst[AO_MAX_DIMS]
    cdef int64_t oreg_src[AO_MAX_DIMS]
    # A TensorList attribute bound into operand list_k (0: none): data[list_k] is the list's
    # array of element addresses (TensorListArg.addrs, char **), the value found at
    # list_slot of the executor's tensors (the op's tensors, then its TensorList values);
    # the plan's fn reads the elements through it. An output overlapping an element is refused.
    cdef int list_k
    cdef int list_slot
    # A second TensorList attribute (0: none), bound the same way (attention's key and value)
    cdef int list_k2
    cdef int list_slot2
    # Bit j: output j's view may hold two elements at one address (_may_self_overlap),
    # so its result goes through the workspace on every run; found on the first bind
    # (the cache key holds the outputs' shapes and strides).
    cdef int self_overlap
    cdef bint self_overlap_known


cdef class Executor:
    cdef readonly Plan plan
    cdef list tensors                  # inputs then output, kept alive while bound
    cdef char *data[AO_MAX_OPERANDS]
    cdef readonly int via_workspace    # bit j: output j overlaps an input or itself: computed
                                       # into the workspace, then copied (0: none)
    cdef readonly uint64_t workspace_size
    cdef readonly bint repeatable
    cdef readonly bint consumed
    cdef readonly bint destroyed
    cdef int running                   # phase 2 runs of it in progress (changed under the GIL)
    cdef unsigned long running_fork    # _fork_generation when `running` was counted

    cdef _repoint(self, int index, Tensor tensor, bint output)
    cdef _check_alive(self)
    cdef _check_idle(self, str what)
