# ---------------------------------------------------------------------------
# Convolutions: ConvolutionOp. An input (N, C, spatial...), a weight, an optional bias
# and an output whose shape CANN infers from the attributes (stride, padding, dilation,
# transposed, outputPadding, groups). 1-d (NCL) and 2-d (NCHW) are computed, transposed
# or not, grouped (depthwise included), in float32 by src/conv.c (im2col / col2im around
# one matrix product, depthwise windows directly). The rules are the check sequence's (the
# op's declaration); this file holds the geometry the checks and the plan share and the
# kernel plan.
# ---------------------------------------------------------------------------
from libc.string cimport memset

cdef extern from "plan_fn.h" nogil:
    ctypedef struct ao_conv_plan:
        int dtype[4]
        int has_bias, transposed, sdim
        int64_t n, cin, cout, groups
        int64_t in_sp[2]
        int64_t w_sp[2]
        int64_t out_sp[2]
        int64_t stride[2]
        int64_t pad[2]
        int64_t dilation[2]
        int64_t in_st[4]
        int64_t w_st[4]
        int64_t out_st[4]
        int64_t b_stride

    int ao_conv_run(const void *plan, char *const *data, int nthreads)


class Int8(Int):
    """int8_t (CANN's cubeMathType): an integer in [-128, 127]."""
    c_type = "int8_t"

    def _convert(self, value):
        value = Int._convert(self, value)
        if not -128 <= value <= 127:
            self._refuse(value, "an int8")
        return value


# The format a tensor of format ND is read as, by its rank (the numpy-like call's arrays
# are ND; CANN's FormatChecker wants NCL / NCHW / NCDHW: see conv_format).
_CONV_ND_FORMATS = {3: "NCL", 4: "NCHW", 5: "NCDHW"}


def conv_format(t):
    """A convolution operand's format name: its own, or for ND the channel-first format of
    its rank (NCL, NCHW, NCDHW). CANN reads the N, C and spatial dims by the letters of
    the format (TensorMeta); ascendops reads an ND tensor as the channel-first one."""
    f = Format((<Tensor>t)._format).name
    if f == "ND":
        return _CONV_ND_FORMATS.get(len((<Tensor>t).shape), f)
    return f


def conv_pad_totals(padding, int ndim):
    """CANN's ConstructPad: the total pad of each spatial dim of a 1-d (3 dims) or 2-d (4
    dims) convolution: one value p per dim gives 2p; 1-d [a, b] gives a + b; 2-d [top,
    bottom, left, right] gives top + bottom, left + right; any other length 0s. Other
    ranks: the padding unchanged (applied twice by the caller)."""
    padding = tuple(padding)
    if ndim == 3:
        if len(padding) == 1:
            return (2 * padding[0],)
        if len(padding) == 2:
            return (padding[0] + padding[1],)
        return (0,)
    if ndim == 4:
        if len(padding) == 2:
            return (2 * padding[0], 2 * padding[1])
        if len(padding) == 4:
            return (padding[0] + padding[1], padding[2] + padding[3])
        return (0, 0)
    return padding


def conv_pad_fronts(padding, int ndim):
    """The leading pad of each spatial dim (where the window starts): p of a per-dim
    value, a of 1-d [a, b], top and left of 2-d [top, bottom, left, right]."""
    padding = tuple(padding)
    sd = ndim - 2
    if len(padding) == sd:
        return padding
    if ndim == 3 and len(padding) == 2:
        return (padding[0],)
    if ndim == 4 and len(padding) == 4:
        return (padding[0], padding[2])
    return (0,) * sd


def conv_output_shape(input_shape, weight_shape, stride, padding, dilation, transposed, output_padding, groups):
    """CANN's ConvEngine::InferShape for channel-first operands: (N, Cout, spatial...),
    Cout = weight[0] (transposed: weight[1] * groups); each spatial dim
    (x + pad - dilation * (k - 1) - 1) // stride + 1, transposed
    (x - 1) * stride - pad + dilation * (k - 1) + outputPadding + 1, pad the total of
    conv_pad_totals (3-d and transposed 1-d: 2 * padding[i]). The division is C's (toward
    zero), as CANN's int64 arithmetic."""
    nd = len(input_shape)
    sd = nd - 2
    out = [input_shape[0], weight_shape[1] * groups if transposed else weight_shape[0]]
    if not transposed:
        pads = conv_pad_totals(padding, nd) if nd in (3, 4) else tuple(2 * p for p in padding)
        for i in range(sd):
            num = input_shape[2 + i] + pads[i] - dilation[i] * (weight_shape[2 + i] - 1) - 1
            q = abs(num) // stride[i]
            out.append((q if num >= 0 else -q) + 1)
    else:
        pads = conv_pad_totals(padding, nd) if nd == 4 else tuple(2 * p for p in padding)
        for i in range(sd):
            out.append((input_shape[2 + i] - 1) * stride[i] - pads[i] + dilation[i] * (weight_shape[2 + i] - 1)
                       + output_padding[i] + 1)
    return tuple(out)


cdef class ConvolutionOp(OpDef):
    """aclnnConvolution-style ops: Params (input, weight, bias (optional), stride,
    padding, dilation, transposed, outputPadding, groups, output, cubeMathType) in CANN's
    order; `geometry(attrs)` -> (stride, padding, dilation, transposed, outputPadding,
    groups) reads them from the op's attributes (another convolution API maps its own).
    The check sequence (checks=) holds CANN's rules; the plan refuses what CANN accepts
    and ascendops does not compute (3-d, a FRACTAL_Z weight: 561003, the message says
    so) and runs src/conv.c."""
    cdef readonly object geometry

    def __init__(self, name, snake, params, dtypes, geometry, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if len(self.inputs) != 3 or len(self.outputs) != 1:
            raise ValueError("%s: a convolution has the inputs (input, weight, bias) and one output" % name)
        if not self.input_params[2].optional:
            raise ValueError("%s: the bias is Input(..., optional=True)" % name)
        self.geometry = geometry

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """(input shapes, output shapes) for callers that make operands (the harness, the
        bench): `shape` is the input's when it has 3 or 4 dims (NCL, NCHW), else the
        input is (1, 1, numel(shape)) (an output of as many elements); the weight (C, C / groups, 1...) (transposed
        (C, 1, 1...) times groups output channels), the bias one value per output
        channel, the output CANN's inferred shape for `attrs`."""
        shape = tuple(shape)
        stride, padding, dilation, transposed, output_padding, groups = self.geometry(attrs)
        if len(shape) not in (3, 4):
            numel = 1
            for d in shape:
                numel *= d
            shape = (1, 1, max(numel, 1))
        c = shape[1]
        k = (1,) * (len(shape) - 2)
        weight = (c, 1) + k if transposed else (c, max(c // max(groups, 1), 1)) + k
        out = self.output_shape(shape, weight, attrs)
        return (shape, weight, (out[1],)), (out,)

    def output_shape(self, input_shape, weight_shape, tuple attrs):
        stride, padding, dilation, transposed, output_padding, groups = self.geometry(attrs)
        return conv_output_shape(tuple(input_shape), tuple(weight_shape), stride, padding, dilation, transposed,
                                 output_padding, groups)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], w = tensors[1]
        try:
            shape = self.output_shape(x.shape, w.shape, attrs)
            if len(shape) != len(x.shape) or min(shape) < 0:
                shape = x.shape
        except (TypeError, IndexError, ZeroDivisionError, ValueError):
            # the check sequence refuses these attributes: an output of the input's shape
            # lets it say why
            shape = x.shape
        return shape, x.dtype

    def plan(self, tuple tensors, tuple attrs, soc):
        cdef Tensor x = tensors[0], w = tensors[1], out = tensors[3]
        cdef object bias = tensors[2]
        cdef ao_conv_plan kp, kws
        cdef int i, sd
        stride, padding, dilation, transposed, output_padding, groups = self.geometry(attrs)
        nd = len(x.shape)
        if nd not in (3, 4):
            _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s: a %d-d convolution (input of %d dims) is accepted by "
                   "CANN but not computed by ascendops (1-d NCL and 2-d NCHW are)" % (self.name, nd - 2, nd))
        if conv_format(w) != ("NCL" if nd == 3 else "NCHW"):
            _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s: weight format %s is accepted by CANN but not computed "
                   "by ascendops (NCL / NCHW are)" % (self.name, Format(w._format).name))
        for n, t in (("input", x), ("weight", w), ("output", out), ("bias", bias)):
            if t is not None and (<Tensor>t).dtype.code not in (0, 1, 27):
                _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "%s: %s dtype %s is not computed by ascendops "
                       "(FLOAT, FLOAT16, BFLOAT16 are)" % (self.name, n, (<Tensor>t).dtype.log_name))
        if x.numel == 0 or w.numel == 0 or out.numel == 0:
            return _empty_plan(self)
        sd = nd - 2
        memset(&kp, 0, sizeof(kp))
        kp.sdim = sd
        kp.transposed = bool(transposed)
        kp.has_bias = bias is not None
        kp.n, kp.cin, kp.cout, kp.groups = x.shape[0], x.shape[1], out.shape[1], groups
        fronts = conv_pad_fronts(padding, nd) if (nd == 4 or not transposed) else tuple(padding)
        for i in range(sd):
            kp.in_sp[i], kp.w_sp[i], kp.out_sp[i] = x.shape[2 + i], w.shape[2 + i], out.shape[2 + i]
            kp.stride[i], kp.dilation[i], kp.pad[i] = stride[i], dilation[i], fronts[i]
        for i in range(nd):
            kp.in_st[i], kp.w_st[i], kp.out_st[i] = x._strides[i], w._strides[i], out._strides[i]
        kp.dtype[0], kp.dtype[1], kp.dtype[2] = out.dtype.code, x.dtype.code, w.dtype.code
        operands = [out, x, w]
        slots = [3, 0, 1]
        strides = [list(out._strides), [0] * nd, [0] * nd]
        if bias is not None:
            kp.dtype[3] = (<Tensor>bias).dtype.code
            kp.b_stride = (<Tensor>bias)._strides[0] if len((<Tensor>bias).shape) else 0
            operands.append(bias)
            slots.append(2)
            strides.append([0] * nd)
        # the overlap path: out into a C-contiguous workspace of its shape
        kws = kp
        ws = _contiguous_strides(out.shape)
        for i in range(nd):
            kws.out_st[i] = ws[i]
        return _fn_plan(self, tuple(operands), strides, ao_conv_run, &kp, &kws, sizeof(ao_conv_plan), 1,
                        tuple(slots), None, list(out.shape))
