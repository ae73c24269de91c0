# ---------------------------------------------------------------------------
# Windowed ops (WindowOp: Im2col, the 2-d pools, UpsampleNearest2d): each output element
# a window over one (n, c) plane of an NCHW self (CHW: one plane per channel). A
# declaration names its mode and its geometry rule, `window(shape, attrs) -> Window`,
# CANN's output-shape rule transcribed in the op's file; CANN's checks are its Checks
# sequence. The kernel: src/window.c (ao_win_run), threads over the output rows.
# ---------------------------------------------------------------------------
cdef extern from "plan_fn.h" nogil:
    enum:
        AO_WIN_IM2COL
        AO_WIN_AVG
        AO_WIN_MAX
        AO_WIN_NEAREST
    ctypedef struct ao_win_plan:
        int mode
        int dtype_in, dtype_out
        int count_include_pad
        int64_t N, C, H, W, OH, OW
        int64_t kh, kw, sh, sw, ph, pw, dh, dw
        int64_t he, we
        int64_t divisor
        float scale_h, scale_w
        int64_t xs[4]
        int64_t os[6]

    int ao_win_run(const void *plan, char *const *data, int nthreads)


_WIN_MODES = {"im2col": AO_WIN_IM2COL, "avg": AO_WIN_AVG, "max": AO_WIN_MAX, "nearest": AO_WIN_NEAREST}


cdef tuple _permuted(tuple t, tuple order):
    return tuple([t[q] for q in order])


cdef tuple _window_nd_format(WindowOp op, tuple ins, Tensor out_t):
    """The numpy-like call of a windowed op whose CANN source checks a storage format
    (nd_format=): an ND self (a numpy array, a torch tensor, an ND Tensor) and an ND out
    are read as that format (the two-stage API keeps the caller's formats)."""
    cdef Tensor t
    cdef int fmt
    if not isinstance(ins[0], Tensor):
        return ins, out_t
    fmt = op.nd_format.get(len((<Tensor>ins[0]).shape), Format.ND)
    if (<Tensor>ins[0])._format == Format.ND:
        t = ins[0]
        ins = (_make_tensor(t.storage, t.shape, t._strides, t.offset, t.dtype, fmt),) + ins[1:]
    if out_t is not None and out_t._format == Format.ND:
        out_t = _make_tensor(out_t.storage, out_t.shape, out_t._strides, out_t.offset, out_t.dtype, fmt)
    return ins, out_t


class Window:
    """One call's geometry, from a declaration's `window` rule: the output's shape
    (`out_shape`), output rows and columns (`oh`, `ow`), and per (H, W): `kernel`,
    `stride`, `pad` (the top / left padding: where window 0 starts), `dilation`, `end`
    (AVG: where the padded extent ends, H + bottom pad, W + right pad), `divisor`
    (AVG's divisorOverride, 0: none), `count_include_pad`, `scale` (NEAREST: input /
    output size as float32)."""

    def __init__(self, out_shape, oh, ow, kernel=(1, 1), stride=(1, 1), pad=(0, 0), dilation=(1, 1), end=None,
                 divisor=0, count_include_pad=True, scale=(0.0, 0.0)):
        self.out_shape, self.oh, self.ow = tuple(int(d) for d in out_shape), int(oh), int(ow)
        self.kernel, self.stride, self.pad, self.dilation = tuple(kernel), tuple(stride), tuple(pad), tuple(dilation)
        self.end, self.divisor, self.count_include_pad = end, int(divisor), bool(count_include_pad)
        self.scale = tuple(scale)

    def __repr__(self):
        return "Window(out %r, kernel %r, stride %r, pad %r, dilation %r)" % (
            self.out_shape, self.kernel, self.stride, self.pad, self.dilation)


cdef class WindowOp(OpDef):
    """out = windows over self's (n, c) planes: mode "im2col" (the windows' elements as
    columns, (N, C * kh * kw, OH * OW)), "avg" / "max" (one value per window, (N, C, OH,
    OW)) or "nearest" (the nearest element, (N, C, OH, OW)). Params: Input self, the
    attributes, Output out. `window(self_shape, attrs)`: the Window of a call whose
    checks passed (attrs: CANN's names -> values); the check sequence (`checks=`) is
    CANN's. self of rank 3 (CHW) or 4 (NCHW); out of self's dtype, or (`out_cast=True`,
    Im2col's Cast) any of FLOAT / FLOAT16 / BFLOAT16 from one of them. A new windowed op
    is a declaration with its mode and rule: no new class."""
    cdef readonly str mode
    cdef readonly object window
    cdef readonly bint out_cast
    cdef readonly bint nhwc_format     # a 4-d self of storage format NHWC is (N, H, W, C)
    cdef readonly object nd_format     # {rank: Format}: the numpy-like call reads an ND self and out so

    def __init__(self, name, snake, params, dtypes, mode, window, out_cast=False, nhwc_format=False,
                 nd_format=None, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if mode not in _WIN_MODES:
            raise ValueError("%s: mode is one of %s" % (name, ", ".join(_WIN_MODES)))
        if len(self.inputs) != 1 or len(self.outputs) != 1:
            raise ValueError("%s: WindowOp's params are one Input, attributes, one Output" % name)
        if not callable(window):
            raise TypeError("%s: window is a function (self shape, attrs) -> Window" % name)
        self.mode, self.window, self.out_cast = mode, window, bool(out_cast)
        self.nhwc_format = bool(nhwc_format)
        # a format, or {self's rank: format} (AvgPool2d: NCL for 3 dims, NCHW for 4)
        if nd_format is not None and not isinstance(nd_format, dict):
            nd_format = {3: nd_format, 4: nd_format}
        self.nd_format = None if nd_format is None else {r: Format[f] for r, f in nd_format.items()}

    def geometry(self, tuple shape, tuple attrs):
        """The Window of self's `shape` under `attrs` (the declaration's rule)."""
        return self.window(tuple(shape), {p.name: v for p, v in zip(self.attr_params, attrs)})

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0]
        nhwc = self.nhwc_format and len(x.shape) == 4 and x._format == Format.NHWC
        try:
            if nhwc:
                shape = self.geometry(_permuted(x.shape, (0, 3, 1, 2)), attrs).out_shape
                shape = _permuted(shape, (0, 2, 3, 1))
            else:
                shape = self.geometry(x.shape, attrs).out_shape
        except (IndexError, ValueError, ZeroDivisionError, TypeError, OverflowError):
            shape = x.shape        # attributes CANN's checks refuse: they say why
        for d in shape:
            if d < 0:
                return x.shape, x.dtype
        return shape, x.dtype

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        shape = tuple(shape)
        return (shape,), (self.geometry(shape, attrs).out_shape,)

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], out = tensors[1]
        cdef ao_win_plan kp, kws
        cdef int i, nd = len(x.shape)
        if nd not in (3, 4):
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, a windowed op takes 3 (CHW) or 4 (NCHW)"
                   % (self.inputs[0], nd))
        if x.numel == 0 or out.numel == 0:
            return _empty_plan(self)
        cast = out.dtype is not x.dtype
        if cast and not (self.out_cast and ao_axis_dtype_ok(x.dtype.code) and ao_axis_dtype_ok(out.dtype.code)):
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: %s computes out of %s's dtype %s%s." % (
                self.output, out.dtype.log_name, self.name, self.inputs[0], x.dtype.log_name,
                " or FLOAT / FLOAT16 / BFLOAT16 from one of them (CANN Casts to any dtype)" if self.out_cast else ""))
        if self.mode in ("avg", "max") and not ao_axis_dtype_ok(x.dtype.code):
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s: %s computes FLOAT, FLOAT16 and BFLOAT16."
                   % (self.inputs[0], x.dtype.log_name, self.name))
        xshape, xs, oshape, ost = x.shape, x._strides, out.shape, out._strides
        nhwc = self.nhwc_format and nd == 4 and x._format == Format.NHWC
        if nhwc:
            # (N, H, W, C) viewed as (N, C, H, W)
            xshape, xs = _permuted(xshape, (0, 3, 1, 2)), _permuted(xs, (0, 3, 1, 2))
            oshape, ost = _permuted(oshape, (0, 3, 1, 2)), _permuted(ost, (0, 3, 1, 2))
        w = self.geometry(xshape, attrs)
        if w.out_shape != oshape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be %r." % (self.output, out.shape, w.out_shape))
        memset(&kp, 0, sizeof(ao_win_plan))
        kp.mode = _WIN_MODES[self.mode]
        kp.dtype_in, kp.dtype_out = x.dtype.code, out.dtype.code
        kp.count_include_pad = w.count_include_pad
        if nd == 4:
            kp.N, kp.C, kp.H, kp.W = xshape
            kp.xs[0], kp.xs[1], kp.xs[2], kp.xs[3] = xs
        else:
            kp.N = 1
            kp.C, kp.H, kp.W = x.shape
            kp.xs[0] = 0
            kp.xs[1], kp.xs[2], kp.xs[3] = xs
        kp.OH, kp.OW = w.oh, w.ow
        kp.kh, kp.kw = w.kernel
        kp.sh, kp.sw = w.stride
        kp.ph, kp.pw = w.pad
        kp.dh, kp.dw = w.dilation
        if w.end is not None:
            kp.he, kp.we = w.end
        kp.divisor = w.divisor
        kp.scale_h, kp.scale_w = w.scale
        kws = kp
        self._out_strides(&kp, oshape, ost, nd)
        cst = _contiguous_strides(out.shape)
        if nhwc:
            cst = _permuted(cst, (0, 3, 1, 2))
        self._out_strides(&kws, oshape, cst, nd)
        return _fn_plan(self, (out, x), [list(out._strides), [0] * len(out.shape)], ao_win_run, &kp, &kws,
                        sizeof(ao_win_plan))

    cdef int _out_strides(self, ao_win_plan *kp, tuple shape, tuple st, int nd) except -1:
        cdef int64_t s1
        st = ((0,) if nd == 3 else ()) + tuple(st)
        kp.os[0] = st[0]
        if kp.mode == AO_WIN_IM2COL:
            s1 = st[1]
            kp.os[1], kp.os[2], kp.os[3] = kp.kh * kp.kw * s1, kp.kw * s1, s1
            kp.os[4], kp.os[5] = kp.OW * st[2], st[2]
        else:
            kp.os[1], kp.os[2], kp.os[3] = st[1], st[2], st[3]
        return 0
