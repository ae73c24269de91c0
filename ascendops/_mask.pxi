# ---------------------------------------------------------------------------
# MaskOp: an op whose value depends on the element's position over the last two dims
# (aclnnTril, aclnnTriu): out = self where the position is kept, else zero, by one
# byte-copying kernel (src/mask.c ao_mask_run) for every dtype.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_mask_plan:
        int kind
        int itemsize
        int64_t diagonal
        int nbatch
        int64_t batch
        int64_t bshape[AO_MAX_DIMS]
        int64_t bstrides[2][AO_MAX_DIMS]
        int64_t rows, cols
        int64_t rstride[2]
        int64_t cstride[2]
    int AO_MASK_LOWER
    int AO_MASK_UPPER
    int ao_mask_run(const void *plan, char *const *data, int nthreads)

cdef dict _MASK_KINDS = {"lower": AO_MASK_LOWER, "upper": AO_MASK_UPPER}


cdef int _mask_fill(ao_mask_plan *kp, int kind, int64_t diagonal, Tensor out, Tensor src, tuple ostrides) except -1:
    """The kernel's plan over out's shape: the batch dims coalesced (_operand_layout),
    the last two dims as rows and columns; `ostrides`: out's element strides (its own, or a
    contiguous workspace's)."""
    cdef int q
    shape = out.shape
    kp.kind, kp.itemsize, kp.diagonal = kind, out.dtype.itemsize, diagonal
    bshape, bstrides, _ = _operand_layout(tuple(shape[:-2]), [list(ostrides[:-2]), list(src._strides[:-2])], -1,
                                          True)
    kp.nbatch, kp.batch = len(bshape), 1
    for q in range(len(bshape)):
        kp.bshape[q] = bshape[q]
        kp.bstrides[0][q] = bstrides[0][q]
        kp.bstrides[1][q] = bstrides[1][q]
        kp.batch *= bshape[q]
    kp.rows, kp.cols = shape[-2], shape[-1]
    kp.rstride[0], kp.cstride[0] = ostrides[-2], ostrides[-1]
    kp.rstride[1], kp.cstride[1] = src._strides[-2], src._strides[-1]
    return 0


cdef class MaskOp(OpDef):
    """out = self where the element's position over the last two dims (row i, column j)
    is kept, else zero; any batch dims before them. `mask` names the rule, read with the
    op's Int attribute `diagonal`: "lower" keeps j - i <= diagonal (Tril), "upper" keeps
    j - i >= diagonal (Triu). Params: Input self, Int diagonal, Output out (inplace=True adds
    aclnnInplace<Name>). CANN's rules are the check sequence's (`checks=`); the op kind
    itself refuses only what it cannot run: out's dtype or shape not self's, a rank
    below 2 (161002). Elements are copied as bytes: every dtype of the declaration runs."""
    cdef readonly str mask

    def __init__(self, name, snake, params, dtypes, mask, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if mask not in _MASK_KINDS:
            raise ValueError("%s: mask is one of %s, got %r" % (name, sorted(_MASK_KINDS), mask))
        self.mask = mask
        kinds = [p.kind for p in self.params]
        if kinds != ["input", "int", "output"] or self.attr_params[0].name != "diagonal":
            raise ValueError("%s: MaskOp takes (Input self, Int diagonal, Output out), got %s" % (name, kinds))

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return (<Tensor>tensors[0]).shape, (<Tensor>tensors[0]).dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor src = tensors[0], out = tensors[len(tensors) - 1]
        cdef ao_mask_plan kp, kws
        if out.dtype is not src.dtype or out.shape != src.shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s %s%r should have %s's dtype and shape, %s%r."
                   % (self.tensor_names[len(tensors) - 1], out.dtype.log_name, out.shape, self.inputs[0],
                      src.dtype.log_name, src.shape))
        if src.numel == 0:
            return _empty_plan(self)
        if len(src.shape) < 2:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims; the mask is over the last 2."
                   % (self.inputs[0], len(src.shape)))
        kind = _MASK_KINDS[self.mask]
        _mask_fill(&kp, kind, attrs[0], out, src, out._strides)
        _mask_fill(&kws, kind, attrs[0], out, src, _contiguous_strides(out.shape))
        return _fn_plan(self, (out, src), [list(out._strides), list(src._strides)], ao_mask_run, &kp, &kws,
                        sizeof(ao_mask_plan), 1, (len(tensors) - 1, 0))
