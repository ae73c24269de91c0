# ---------------------------------------------------------------------------
# Matrix products (MatmulOp: Mm, BatchMatMul, Matmul, Mv): out = self @ mat2 with
# torch.matmul's shapes (a 1-d operand is a row / a column, the batch dims broadcast),
# in the dtypes CANN's cube computes them: both inputs promoted to one "upper" dtype by
# the cubeMathType table of matmul_util.cpp, the result rounded to the kernel's output
# dtype and then cast to out's (matmul_compute_dtypes). The rules per API are the check
# sequence's; src/matmul.c runs the product on ao_gemm.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    enum: AO_MM_MAX_BATCH
    ctypedef struct ao_mm_plan:
        int64_t m, n, k
        int bndim
        int64_t bshape[AO_MM_MAX_BATCH]
        int dtype[3]
        int compute[2]
        int mid
        int64_t rs[3]
        int64_t cs[3]
        int64_t bst[3][AO_MM_MAX_BATCH]
        int64_t nz_mats, nz_rows, nz_cols, nz_c0

    int ao_mm_run(const void *plan, char *const *data, int nthreads)


# cubeMathType values (matmul/common/op_host/op_api/cube_util.h; -1 the inner FP16FP32_KEEP_DTYPE)
MM_FP16FP32_KEEP_DTYPE, MM_KEEP_DTYPE, MM_ALLOW_FP32_DOWN_PRECISION, MM_USE_FP16, MM_USE_HF32, MM_USE_FP32_ADD = \
    -1, 0, 1, 2, 3, 4
_MM_INDEX = {"float32": 0, "float16": 1, "bfloat16": 2}
_MM_CASE = ((0, 1, 3), (1, 2, 4), (3, 4, 5))        # GetInputCase
# Dav2201MatMulRule::GetUpperDtypeByLookUpTable: [input case][cubeMathType 0..4]
_MM_UPPER_2201 = (("float32", "float32", "float16", "float32", "float32"),
                  ("float32", "float32", "float16", "float32", "float32"),
                  ("float16",) * 5,
                  ("float32", "float32", "float16", "float32", "float32"),
                  ("float32", "float32", "float16", "float32", "float32"),
                  ("bfloat16",) * 5)
# DefaultMatMulRule's table (FLOAT / FLOAT16 only; KEEP_DTYPE and USE_HF32 with a FLOAT
# input are refused by its CheckInput first): [input case][cubeMathType 0..3]
_MM_UPPER_DEFAULT = (("float16",) * 4, ("float16",) * 4, ("float16",) * 4)


def matmul_arch(soc):
    """The NpuArch CANN's matmul rules read: the SoC's, for the host profile the newest
    it models (DAV_3510 with regbase rules and BF16, DAV_2201 with BF16, else none)."""
    if soc.host:
        return "DAV_3510" if soc.regbase and soc.bf16 else "DAV_2201" if soc.bf16 else "default"
    return soc.arch


def matmul_rule_2201(soc):
    """BuildRule: Dav2201MatMulRule on DAV_2201 and the DAV_3510 series, DefaultMatMulRule else."""
    arch = matmul_arch(soc)
    return arch == "DAV_2201" or arch.startswith("DAV_35")


def matmul_check_input(soc, a, b, out, int mode):
    """archRule->CheckInput(matA, matB, nullptr, out, cubeMathType) with the dtype names
    of the three tensors: None, or CANN's message (161002)."""
    if matmul_rule_2201(soc):
        if mode == MM_FP16FP32_KEEP_DTYPE and matmul_arch(soc) != "DAV_2201":
            return "Unsupported cubeMathType(FP16FP32_KEEP_DTYPE) for Cube"
        ok = all(d in _MM_INDEX for d in (a, b, out))
        if not ok:
            return "Unsupported data types for Cube"
        # CheckCubeMathTypeForMm(promoteType, cubeMathType): the cube computes FLOAT here
        if mode < -1 or mode > MM_USE_FP32_ADD:
            return ("The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, "
                    "2: USE_FP16, 3: USE_HF32, 4: USE_FP32_ADD}, but got %d" % mode)
        return None
    if not all(d in ("float32", "float16") for d in (a, b, out)):
        return "Unsupported data types for Cube"
    fp32 = a == "float32" or b == "float32"
    if fp32 and mode in (MM_USE_HF32, MM_KEEP_DTYPE):
        return ("The npu arch does not support FP32 for calculations when the cubeMathType is KEEP_DTYPE or "
                "USE_HF32, please change the setting of cubeMathType or the Dtype of input tensor.")
    if fp32 and mode == MM_FP16FP32_KEEP_DTYPE:
        return ("The npu arch does not support FP32 for calculations when the cubeMathType is FP16FP32_KEEP_DTYPE, "
                "please change the setting of cubeMathType or the Dtype of input tensor.")
    if mode < -1 or mode > MM_USE_HF32:
        # CANN indexes its 4-column table out of bounds here; ascendops refuses
        return ("The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, "
                "2: USE_FP16, 3: USE_HF32}, but got %d" % mode)
    return None


def matmul_compute_dtypes(soc, a, b, out, int mode):
    """(upper, mid): the dtype the cube reads both inputs as (PromoteDtype's upper dtype)
    and the dtype of its result before the Cast to out's (UpdateOutputDtype,
    NeedEnableFp32Output), for dtype names a, b, out that matmul_check_input accepts."""
    keep16 = mode == MM_FP16FP32_KEEP_DTYPE
    col = MM_KEEP_DTYPE if keep16 else mode
    case = _MM_CASE[_MM_INDEX[a]][_MM_INDEX[b]]
    if matmul_rule_2201(soc):
        upper = _MM_UPPER_2201[case][col]
        if keep16:
            return upper, "float32"
        mid = "float32" if (matmul_arch(soc) == "DAV_2201" and mode != MM_USE_FP16 and out == "float32") else upper
        if a == b and a in ("float16", "bfloat16") and out == "float32":     # NeedEnableFp32Output
            mid = "float32"
        return upper, mid
    upper = _MM_UPPER_DEFAULT[case][col]
    return upper, "float32" if keep16 or out == "float32" else upper


def matmul_shape(a, b):
    """torch.matmul's result shape for operand shapes a, b (each of 1 dim or more), or
    None where the contracted sizes differ or the batches do not broadcast."""
    a, b = tuple(a), tuple(b)
    if not a or not b:
        return None
    ka = a[-1]
    kb = b[0] if len(b) == 1 else b[-2]
    if ka != kb:
        return None
    ba = a[:-2] if len(a) >= 2 else ()
    bb = b[:-2] if len(b) >= 2 else ()
    nd = max(len(ba), len(bb))
    batch = []
    for q in range(nd):
        x = ba[q - nd + len(ba)] if q - nd + len(ba) >= 0 else 1
        y = bb[q - nd + len(bb)] if q - nd + len(bb) >= 0 else 1
        if x != y and x != 1 and y != 1:
            return None
        batch.append(y if x == 1 else x)
    return tuple(batch) + ((a[-2],) if len(a) >= 2 else ()) + ((b[-1],) if len(b) >= 2 else ())


cdef class MatmulOp(OpDef):
    """A matrix product out = self @ mat2 (inputs: the two factors, in order; one output;
    an Int8 attribute `cube_math`, CANN's cubeMathType): torch.matmul's shapes, every
    operand read through its own strides and dtype. `ranks`: the (self, mat2) ranks the
    harness and the bench make operands of (Mm (2, 2), BatchMatMul (3, 3), Mv (2, 1);
    None: any, Matmul). `route_fp32_add`: the API calls routeCubeMathType4ToCubeMathType0DAV_2201
    first (USE_FP32_ADD read as KEEP_DTYPE on DAV_2201). The check sequence holds CANN's
    rules; the kind refuses (161002) only shapes it cannot compute (sizes that do not
    match, an out of another shape than the product's, batches that do not broadcast
    or of more than AO_MM_MAX_BATCH dims) and a FRACTAL_NZ self or out (561003). A
    FRACTAL_NZ mat2 (CANN's weight layout: TransMatmulWeight's, _nz.pxi) is unpacked into
    the ND stack its view addresses before the product, so its product is the ND weight's,
    bit for bit. An output overlapping an input is computed into a workspace and copied."""
    cdef readonly str cube_math
    cdef readonly object ranks
    cdef readonly bint route_fp32_add

    def __init__(self, name, snake, params, dtypes, cube_math="cubeMathType", ranks=None, route_fp32_add=False,
                 **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if len(self.inputs) != 2 or len(self.outputs) != 1 or cube_math not in self.attrs_c_names():
            raise ValueError("%s: a matrix product has two inputs, one output and the Int8 attribute %r"
                             % (name, cube_math))
        self.cube_math, self.ranks, self.route_fp32_add = cube_math, ranks, bool(route_fp32_add)

    def attrs_c_names(self):
        return tuple(p.name for p in self.attr_params)

    def cube_math_type(self, tuple attrs, soc):
        """The cubeMathType the API computes with (after its routing)."""
        mode = int(attrs[self.attrs_c_names().index(self.cube_math)])
        if self.route_fp32_add and matmul_arch(soc) == "DAV_2201" and mode == MM_USE_FP32_ADD:
            mode = MM_KEEP_DTYPE
        return mode

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """(input shapes, output shapes) for a self of `shape` (k its last dim; of the
        declared rank: its last dims, or 1s first): mat2 of the declared rank, (k,),
        (k, k) or self's batch by (k, k)."""
        shape = tuple(shape) or (1,)
        if self.ranks is not None:      # self of the declared rank: shape's last dims, or 1s before it
            shape = ((1,) * self.ranks[0] + shape)[-self.ranks[0]:]
        ra, rb = self.ranks if self.ranks is not None else (len(shape), min(len(shape), 2))
        k = shape[-1]
        b = (k,) if rb == 1 else shape[:-2][:max(rb - 2, 0)] + (k, k)
        out = matmul_shape(shape, b) or shape
        return (shape, b), (out,)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor a = tensors[0], b = tensors[1]
        shape = matmul_shape(a.shape, b.shape) if len(a.shape) and len(b.shape) else None
        names = (a.dtype.name, b.dtype.name)
        dt = a.dtype
        if names[0] != names[1] and "float32" in names or set(names) == {"float16", "bfloat16"}:
            dt = as_dtype("float32")
        return (a.shape if shape is None else shape), dt

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor a = tensors[0], b = tensors[1], out = tensors[2]
        cdef ao_mm_plan kp, kws
        cdef int q, d, nb, r, pd, tb
        cdef Tensor t
        memset(&kp, 0, sizeof(kp))
        shape = matmul_shape(a.shape, b.shape) if len(a.shape) and len(b.shape) else None
        if shape is None:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: self %r and mat2 %r have no matrix product."
                   % (self.name, a.shape, b.shape))
        if out.shape != shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: out's shape %r is not the product's %r." % (self.name, out.shape, shape))
        if out.numel == 0:
            return _empty_plan(self)
        for n, t in ((self.inputs[0], a), (self.outputs[0], out)):
            if t._format == Format.FRACTAL_NZ:
                _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s: a FRACTAL_NZ %s is accepted by CANN but not computed "
                       "by ascendops (only mat2, the weight, is read in FRACTAL_NZ)" % (self.name, n))
        if b._format == Format.FRACTAL_NZ:
            # the weight's ND stack, unpacked from NZ before the product (src/nz.c)
            kp.nz_mats, kp.nz_rows, kp.nz_cols, kp.nz_c0 = _nz_stack(b, self.inputs[1])
        mode = self.cube_math_type(attrs, soc)
        names = (a.dtype.name, b.dtype.name, out.dtype.name)
        message = matmul_check_input(soc, *names, mode)
        if message is not None:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: %s" % (self.name, message))
        upper, mid = matmul_compute_dtypes(soc, *names, mode)
        ra, rb = len(a.shape), len(b.shape)
        nb = len(shape) - (ra >= 2) - (rb >= 2)
        if nb > AO_MM_MAX_BATCH:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s: the batch has %d dims, at most %d" % (self.name, nb, AO_MM_MAX_BATCH))
        kp.m = a.shape[ra - 2] if ra >= 2 else 1
        kp.k = a.shape[ra - 1]
        kp.n = b.shape[rb - 1] if rb >= 2 else 1
        kp.bndim = nb
        for d in range(nb):
            kp.bshape[d] = shape[d]
        kp.dtype[0], kp.dtype[1], kp.dtype[2] = out.dtype.code, a.dtype.code, b.dtype.code
        kp.compute[0] = kp.compute[1] = as_dtype(upper).code
        kp.mid = as_dtype(mid).code
        # operand q: its matrix dims' strides (a 1-d self is one row, a 1-d mat2 one column;
        # out has the dims its factors have) and its batch dims' (0 where broadcast)
        mats = ((out, ra >= 2, rb >= 2), (a, ra >= 2, True), (b, True, rb >= 2))
        for q in range(3):
            t = mats[q][0]
            has_r, has_c = mats[q][1], mats[q][2]
            st = t._strides
            r = len(t.shape)
            kp.cs[q] = st[r - 1] if has_c else 0
            kp.rs[q] = (st[r - 2] if has_c else st[r - 1]) if has_r else 0
            tb = r - (1 if has_r else 0) - (1 if has_c else 0)
            if q == 0:
                tb = nb
            for d in range(nb):
                pd = d - (nb - tb)
                kp.bst[q][d] = 0 if pd < 0 or t.shape[pd] == 1 else st[pd]
        kws = kp
        ws = _contiguous_strides(out.shape)
        r = len(out.shape)
        kws.cs[0] = ws[r - 1] if rb >= 2 else 0
        kws.rs[0] = ((ws[r - 2] if rb >= 2 else ws[r - 1]) if ra >= 2 else 0)
        for d in range(nb):
            kws.bst[0][d] = 0 if out.shape[d] == 1 else ws[d]
        nd = len(out.shape)
        return _fn_plan(self, (out, a, b), [list(out._strides), [0] * nd, [0] * nd], ao_mm_run, &kp, &kws,
                        sizeof(ao_mm_plan), 1, (2, 0, 1), None, list(out.shape))
