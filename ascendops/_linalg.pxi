# ---------------------------------------------------------------------------
# Batched matrix ops (MatrixOp: TriangularSolve): every tensor a batch of matrices, its
# last two dims; the inputs' batch dims broadcast together. A C kernel of src/linalg.c's
# table computes one (batch index, tile of output columns) work item at a time.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    enum: AO_MAT_MAX_OPERANDS
    enum: AO_MAT_MAX_ATTRS
    ctypedef struct ao_mat_plan:
        int kernel
        int nops
        int slot[AO_MAT_MAX_OPERANDS]
        int dtype[AO_MAT_MAX_OPERANDS]
        int64_t rows[AO_MAT_MAX_OPERANDS]
        int64_t cols[AO_MAT_MAX_OPERANDS]
        int64_t rs[AO_MAT_MAX_OPERANDS]
        int64_t cs[AO_MAT_MAX_OPERANDS]
        int bndim
        int64_t bshape[AO_MAX_DIMS]
        int64_t bstrides[AO_MAT_MAX_OPERANDS][AO_MAX_DIMS]
        int64_t batch
        double attrs[AO_MAT_MAX_ATTRS]

    int ao_mat_kernel_find(const char *name)
    int ao_mat_kernel_inputs(int kernel)
    int ao_mat_kernel_outputs(int kernel)
    int ao_mat_dtype_ok(int kernel, int dtype)
    int ao_mat_run(const void *plan, char *const *data, int nthreads)


cdef tuple _broadcast_batch(list shapes):
    """numpy's broadcast of the batch shapes (161002 where they do not broadcast)."""
    nd = max([len(s) for s in shapes] or [0])
    out = [1] * nd
    for s in shapes:
        pad = nd - len(s)
        for q, d in enumerate(s):
            if d != 1:
                if out[pad + q] != 1 and out[pad + q] != d:
                    _raise(ACLNN_ERR_PARAM_INVALID, "batch shapes %r do not broadcast." % (shapes,))
                out[pad + q] = d
    return tuple(out)


cdef class MatrixOp(OpDef):
    """Batched matrix ops by a C kernel of src/linalg.c's table (`kernel`: its outputs,
    then its inputs, in the declaration's order). `matrices`: per tensor, two letters
    naming the sizes of its matrix dims (TriangularSolve: self "mn", A "mm", xOut "mn",
    mOut "mm"): every letter one size; the inputs' batch dims (all but the last two)
    broadcast, the outputs have the broadcast batch. `kernel_attrs`: the attributes the
    kernel reads (as doubles). Output(optional=True) may be null. CANN's rules are the
    check sequence's; the kind refuses (161002) only what it cannot compute (sizes that
    do not match, batches that do not broadcast) and dtypes the kernel lacks (561103).
    Any strides; an input that an output overlaps is copied first (src/linalg.c
    ao_mat_run: no workspace, the result as from the input's values before the call);
    worker threads over the work items."""
    cdef readonly str kernel
    cdef readonly dict matrices
    cdef readonly tuple kernel_attrs
    cdef int _mat_kernel
    null_outputs = True

    def __init__(self, name, snake, params, dtypes, kernel, matrices, kernel_attrs=(), **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        self.kernel, self.matrices, self.kernel_attrs = kernel, dict(matrices), tuple(kernel_attrs)
        self._mat_kernel = ao_mat_kernel_find(kernel.encode()) if isinstance(kernel, str) else -1
        if self._mat_kernel < 0:
            raise ValueError("%s: no matrix kernel %r in this build (src/linalg.c)" % (name, kernel))
        if (ao_mat_kernel_inputs(self._mat_kernel) != len(self.inputs)
                or ao_mat_kernel_outputs(self._mat_kernel) != len(self.outputs)
                or set(self.matrices) != set(self.tensor_names)
                or any(not isinstance(v, str) or len(v) != 2 for v in self.matrices.values())
                or not set(self.kernel_attrs) <= {p.name for p in self.attr_params}
                or len(self.kernel_attrs) > AO_MAT_MAX_ATTRS
                or self.input_params[0].optional or self.output_params[0].optional):
            raise ValueError("%s: matrix kernel %s takes %d inputs and %d outputs (the first required); matrices "
                             "names two letters per tensor; kernel_attrs among the attributes" % (
                                 name, kernel, ao_mat_kernel_inputs(self._mat_kernel),
                                 ao_mat_kernel_outputs(self._mat_kernel)))

    cdef tuple _space(self, tuple inputs):
        """(the inputs' broadcast batch, {letter: size}); 161002 where they disagree."""
        sizes, batches = {}, []
        for n, item in zip(self.inputs, inputs):
            if item is None:
                continue
            shape = (<Tensor>item).shape
            if len(shape) < 2:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims; a batch of matrices has 2 at least."
                       % (n, len(shape)))
            for letter, d in zip(self.matrices[n], shape[-2:]):
                if sizes.setdefault(letter, d) != d:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s's matrices are %d x %d; size %s is %d."
                           % (n, shape[-2], shape[-1], letter, sizes[letter]))
            batches.append(shape[:-2])
        return _broadcast_batch(batches), sizes

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """(input shapes, output shapes) for a first input of `shape`: every letter's size
        from it where it names it, else its last dim's."""
        shape = tuple(shape)
        if len(shape) < 2:      # no matrix: every tensor of that shape (refused: 161002)
            return tuple(shape for n in self.inputs), tuple(shape for n in self.outputs)
        first = self.matrices[self.inputs[0]]
        sizes = dict(zip(first, shape[-2:]))
        size = lambda l: sizes.get(l, shape[-1])      # noqa: E731
        mat = lambda n: shape[:-2] + tuple(size(l) for l in self.matrices[n])    # noqa: E731
        return tuple(mat(n) for n in self.inputs), tuple(mat(n) for n in self.outputs)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return self.infer_outputs(tensors, attrs, soc)[0]

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        batch, sizes = self._space(tuple(tensors[:len(self.inputs)]))
        dt = (<Tensor>tensors[0]).dtype
        out = []
        for n in self.outputs:
            shape = list(batch)
            for l in self.matrices[n]:
                shape.append(sizes.get(l, 0))
            out.append((tuple(shape), dt))
        return tuple(out)

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs), nout = len(self.outputs), k, d, q, pad, r
        cdef ao_mat_plan kp
        cdef Tensor t
        cdef Plan p
        memset(&kp, 0, sizeof(kp))
        batch, sizes = self._space(tuple(tensors[:nin]))
        for n, item in zip(self.outputs, tensors[nin:]):
            if item is None:
                continue
            want = batch + tuple(sizes.get(l, -1) for l in self.matrices[n])
            if (<Tensor>item).shape != want:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r." % (n, (<Tensor>item).shape, want))
        if any((<Tensor>item).numel == 0 for item in tensors if item is not None):
            return _empty_plan(self)
        order = list(range(nin, nin + nout)) + list(range(nin))     # outputs, then inputs
        operands, slots = [], []
        nout_given = 0
        kp.kernel, kp.nops, kp.bndim, kp.batch = self._mat_kernel, len(order), len(batch), 1
        if kp.bndim > AO_MAX_DIMS:
            _raise(ACLNN_ERR_PARAM_INVALID, "the batch has %d dims, at most %d" % (kp.bndim, AO_MAX_DIMS))
        for d in range(kp.bndim):
            kp.bshape[d] = batch[d]
            kp.batch *= batch[d]
        for k in range(len(order)):
            kp.slot[k] = -1
            item = tensors[order[k]]
            if item is None:
                continue
            t = item
            if not ao_mat_dtype_ok(self._mat_kernel, t.dtype.code):
                _raise(ACLNN_ERR_INNER_NULLPTR, "the matrix kernel %s has no path for %s (%s)"
                       % (self.kernel, t.dtype.log_name, self.tensor_names[order[k]]))
            kp.slot[k] = len(operands)
            if k < nout:
                nout_given += 1
            operands.append(t)
            slots.append(order[k])
            kp.dtype[k] = t.dtype.code
            st = list(t._strides)
            r = len(t.shape)
            kp.rows[k], kp.cols[k], kp.rs[k], kp.cs[k] = t.shape[r - 2], t.shape[r - 1], st[r - 2], st[r - 1]
            pad = kp.bndim - (r - 2)
            for d in range(kp.bndim):
                q = d - pad
                kp.bstrides[k][d] = 0 if q < 0 or t.shape[q] == 1 else st[q]
        named = dict(zip([a.name for a in self.attr_params], attrs))
        for k in range(len(self.kernel_attrs)):
            kp.attrs[k] = float(named[self.kernel_attrs[k]])
        x = operands[0]
        strides = [list((<Tensor>x)._strides)] + [[0] * len((<Tensor>x).shape) for _ in operands[1:]]
        p = _fn_plan(self, tuple(operands), strides, ao_mat_run, &kp, &kp, sizeof(ao_mat_plan), nout_given,
                     tuple(slots))
        # an overlapped input is copied by ao_mat_run before any write: never the
        # executor's workspace path (its outputs differ in shape)
        for k in range(nout_given, len(operands)):
            p.is_cast[k] = True
        return p
